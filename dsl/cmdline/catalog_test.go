package cmdline

import (
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
