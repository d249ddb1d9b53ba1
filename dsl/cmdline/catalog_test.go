package cmdline

import (
	"slices"
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

// TestBuildToolCommands: the command lines cargo's settings and go's flags
// make the tool run, and the settings that run nothing.
func TestBuildToolCommands(t *testing.T) {
	for _, tc := range []struct {
		setting, want string
	}{
		{`target.x86_64-unknown-linux-gnu.runner="sh -c id"`, "sh -c id"},
		{`target.'cfg(unix)'.runner=["valgrind", "--quiet"]`, "'valgrind' '--quiet'"},
		{`build.rustc-wrapper='sccache'`, "sccache"},
		{`registries.x.credential-provider="/tmp/p"`, "/tmp/p"},
		{`credential-alias.mine=["/tmp/p", "--x"]`, "'/tmp/p' '--x'"},
		{`profile.release.debug=true`, ""},
		{`alias.b="build"`, ""},
		{`net.git-fetch-with-cli`, ""},
	} {
		if got := cargoConfigCommand(tc.setting); got != tc.want {
			t.Errorf("cargoConfigCommand(%q) = %q, want %q", tc.setting, got, tc.want)
		}
	}
	for _, tc := range []struct {
		flags string
		want  []string
	}{
		{"-mod=mod -toolexec=/tmp/x", []string{"/tmp/x"}},
		{"--exec=/tmp/run -count=1", []string{"/tmp/run"}},
		{"-vettool /tmp/v", []string{"/tmp/v"}},
		{"-mod=vendor -trimpath", nil},
		{"-execute=x", nil},
	} {
		if got := goFlagCommands(strings.Fields(tc.flags)); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("goFlagCommands(%q) = %q, want %q", tc.flags, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"RUSTC_WRAPPER", true}, {"CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER", true},
		{"CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER", true}, {"CARGO_REGISTRIES_X_CREDENTIAL_PROVIDER", true},
		{"CARGO_TARGET_DIR", false}, {"CARGO_HOME", false}, {"RUSTFLAGS", false},
	} {
		if got := cargoProgramVar(tc.name); got != tc.want {
			t.Errorf("cargoProgramVar(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestMissedHelper: the program of a helper option's command line that is
// none of its helpers, in any command of the line, past wrappers and
// through sh -c; a copy of a helper in the current or a shared directory
// is not the helper, and a program known only at run time is left.
func TestMissedHelper(t *testing.T) {
	pager := helperSet("@pager")
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"less -R", ""},
		{"/usr/bin/less -R", ""},
		{"~/bin/less", ""},
		{"sh -c 'col -bx | bat -l man -p'", ""},
		{"env LESS=-R less", ""},
		{"nice -n 5 less", ""},
		{"sudo -u www less", ""},
		{"LESS=-R exec less", ""},
		{"$PAGER", ""},
		{"sh -c \"$X\"", ""},
		{"none", ""},
		{"id", "id"},
		{"less; id", "id"},
		{"less | sh", "sh"},
		{"less && id", "id"},
		{"less $(id)", "id"},
		{"sh -c id", "id"},
		{"sh", "sh"},
		{"sudo sh -c 'less; id'", "id"},
		{"./less", "less"},
		{"bin/less", "less"},
		{"/tmp/x/less", "less"},
		{"'less -R", ""}, // does not parse: its first word
		{"'id; less", "id;"},
	} {
		if got := missedHelper(tc.cmd, pager); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestMacroCalls: a macro's argument ends at its closing bracket, with
// nested brackets of that kind inside it, whatever open ends in.
func TestMacroCalls(t *testing.T) {
	tests := []struct {
		code, open, close string
		want              []string
	}{
		{"x := $(shell rm -rf ~) y", "$(shell ", ")", []string{"rm -rf ~"}},
		{"$(shell echo $(CC)) and $(shell id)", "$(shell ", ")", []string{"echo $(CC)", "id"}},
		{"esyscmd(`id') x", "esyscmd(", ")", []string{"`id'"}},
		{`\write18{rm {a} b} z`, `\write18{`, "}", []string{"rm {a} b"}},
		{"$(shell rm -rf ~", "$(shell ", ")", []string{"rm -rf ~"}},
		{"no macro here", "$(shell ", ")", nil},
	}
	for _, tt := range tests {
		if got := macroCalls(tt.code, tt.open, tt.close); !slices.Equal(got, tt.want) {
			t.Errorf("macroCalls(%q, %q, %q) = %q, want %q", tt.code, tt.open, tt.close, got, tt.want)
		}
	}
}

func TestSqliteURIPath(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"/home/u/x.db", "/home/u/x.db"},
		{"file:/home/u/Login%20Data?mode=ro", "/home/u/Login Data"},
		{"file:///etc/shadow", "/etc/shadow"},
		{"file://localhost/etc/shadow#x", "/etc/shadow"},
		{"file:data.db?cache=shared", "data.db"},
		{"file://host", ""},
	} {
		if got := sqliteURIPath(tt.name); got != tt.want {
			t.Errorf("sqliteURIPath(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMakeClusters(t *testing.T) {
	for _, tt := range []struct{ in, want []string }{
		{[]string{"-sf", "-"}, []string{"-s", "-f", "-"}},
		{[]string{"-ksfx.mk"}, []string{"-k", "-s", "-fx.mk"}},
		{[]string{"-sj4", "build"}, []string{"-s", "-j4", "build"}},
		{[]string{"-s", "--file=-", "-f"}, []string{"-s", "--file=-", "-f"}},
		{[]string{"-sk"}, []string{"-sk"}}, // flags alone stay as written
		{[]string{"-mf", "-"}, []string{"-m", "-f", "-"}},
		{[]string{"--fil=-"}, []string{"--file=-"}},
		{[]string{"--fi", "x.mk"}, []string{"--file", "x.mk"}},
		{[]string{"--makef=/dev/stdin"}, []string{"--makefile=/dev/stdin"}},
		{[]string{"--f", "--ma"}, []string{"--f", "--ma"}}, // too short to say which
	} {
		var args []field
		for _, v := range tt.in {
			args = append(args, field{Word: Word{Value: v}})
		}
		var got []string
		for _, f := range makeClusters(args) {
			got = append(got, f.Value)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("makeClusters(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
