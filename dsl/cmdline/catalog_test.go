package cmdline

import (
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl/cmdline/internal/catalogsrc"
	"github.com/hguard/hguard/internal/generated"
)

// readCatalog reads the catalogue and reports what is wrong in it.
func readCatalog(t testing.TB) []catalogsrc.Entry {
	t.Helper()
	list, err := catalogsrc.Read("../../rules/programs")
	if list == nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Error(err)
	}
	return list
}

// TestCatalogGenerated keeps catalog_gen.go in step with the catalogue: it
// builds the file as gen.go does (go generate ./dsl/cmdline) and compares.
func TestCatalogGenerated(t *testing.T) {
	generated.Check(t, "catalog_gen.go", catalogsrc.Source(readCatalog(t)), "go generate ./dsl/cmdline")
}

// TestCatalogExamples: each example that names what it runs yields a
// command of that name, reached through the program.
func TestCatalogExamples(t *testing.T) {
	for _, e := range readCatalog(t) {
		for _, ex := range e.Examples {
			if ex.Runs == "" {
				continue
			}
			l := Parse(ex.Cmd)
			var names []string
			found := false
			for _, c := range l.Commands {
				names = append(names, c.Name)
				if c.Name == ex.Runs && (len(c.Via) > 0 || len(c.Wrappers) > 0) {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %q: want %s run through it, have commands %q", e.Name, ex.Cmd, ex.Runs, names)
			}
		}
	}
}

// TestInteractiveShell: a program that starts a shell when given no command
// (shell: agent) does so past its options' values and its own operands, and
// not when an option says it runs nothing.
func TestInteractiveShell(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"screen", true}, {"screen -S work", true}, {"tmux -L work", true}, {"tmux -S /tmp/s", true},
		{"sg wheel", true}, {"newgrp", true},
		{"screen -S work -X quit", false}, {"screen -v", false}, {"screen -dmS s make", false},
		{"tmux ls", false}, {"sg wheel -c make", false}, {"screen -r work", false},
	} {
		got := false
		for _, c := range Parse(tc.cmd).Commands {
			if c.Name == "sh" && len(c.Via) > 0 && strings.HasSuffix(c.Via[len(c.Via)-1], " interactive") {
				got = true
			}
		}
		if got != tc.want {
			t.Errorf("%q: interactive shell %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
