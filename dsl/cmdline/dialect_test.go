package cmdline

import (
	"slices"
	"testing"
)

// dialectTests are lines read in a given shell's grammar.
var dialectTests = []struct {
	shell  string
	name   string
	in     string
	want   []string
	issues []IssueKind
}{
	// bash and posix.
	{"bash", "zsh brace group is incomplete in bash", "{ rm -rf ~ }", []string{"rm -rf ~ }"}, []IssueKind{IssueParse}},
	{"posix", "posix simple", "rm -rf ~", []string{"rm -rf ~"}, nil},
	{"posix", "[[ is a command name to dash", "[[ -f x ]] && rm -rf ~", []string{"[[ -f x ]]", "rm -rf ~"}, nil},
	{"sh", "sh is posix", "echo a; rm -rf ~", []string{"echo a", "rm -rf ~"}, nil},

	// zsh.
	{"zsh", "brace group without semicolon", "{ rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "repeat", "repeat 1 rm -rf ~", []string{"rm -rf ~ wr=repeat[1]"}, nil},
	{"zsh", "repeat block", "repeat 3 { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "equals expansion", "=rm -rf /", []string{"rm -rf /"}, nil},
	{"zsh", "quoted equals is a name", "'=rm' -rf /", []string{"=rm -rf /"}, nil},
	{"zsh", "glob qualifier runs code", "ls *(e:'rm -rf ~':)", []string{"ls *(e:'rm -rf ~':) untrusted=dynamic", "rm -rf ~ via=zsh glob qualifier"}, nil},
	{"zsh", "glob qualifier function", "ls *(+nuke)", []string{"ls *(+nuke) untrusted=dynamic", "nuke via=zsh glob qualifier"}, nil},
	{"zsh", "harmless qualifier", "ls **/*(.)", []string{"ls **/*(.)"}, nil},
	{"zsh", "always block", "{ true } always { rm -rf ~ }", []string{"true", "rm -rf ~"}, nil},
	{"zsh", "anonymous function", "() { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	{"zsh", "anonymous function keyword", "function { rm -rf ~ }", []string{"rm -rf ~"}, nil},
	// mvdan/sh reads foreach as simple commands; the body is seen all the same.
	{"zsh", "foreach", "foreach d (/ ~)\nrm -rf $d\nend", []string{"foreach d (/ ~)", "rm -rf «$d»", "end"}, nil},
	{"bash", "zsh -c is read as zsh", "zsh -c '{ rm -rf ~ }'", []string{"zsh -c { rm -rf ~ }", "rm -rf ~ via=zsh -c"}, nil},
	{"zsh", "parameter flags parse", "echo ${(f)x}", []string{"echo «${(f)x}»"}, nil},
	{"zsh", "typographic quote", "echo ’ ; rm -rf ~", []string{"echo '", "rm -rf ~"}, []IssueKind{IssueConfusable}},
	{"zsh", "full-width hash", "echo hi ＃; rm -rf ~", []string{"echo hi #", "rm -rf ~"}, []IssueKind{IssueConfusable}},
}

func TestDialects(t *testing.T) {
	for _, tt := range dialectTests {
		t.Run(tt.shell+"/"+tt.name, func(t *testing.T) {
			line := ParseShell(tt.in, tt.shell)
			var got []string
			for _, c := range line.Commands {
				got = append(got, render(c))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("ParseShell(%q, %s) commands:\n got %q\nwant %q", tt.in, tt.shell, got, tt.want)
			}
			var kinds []IssueKind
			for _, is := range line.Issues {
				kinds = append(kinds, is.Kind)
			}
			if !slices.Equal(kinds, tt.issues) {
				t.Errorf("ParseShell(%q, %s) issues: got %v, want %v", tt.in, tt.shell, line.Issues, tt.issues)
			}
		})
	}
}

func TestDialectOf(t *testing.T) {
	for in, want := range map[string]Dialect{"": Bash, "bash": Bash, "/usr/bin/zsh": Zsh, "fish": Fish, "sh": POSIX, "dash": POSIX, "posix": POSIX, "tcsh": Bash} {
		if got := DialectOf(in); got != want {
			t.Errorf("DialectOf(%q) = %s, want %s", in, got, want)
		}
	}
}
