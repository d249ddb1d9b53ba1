package cmdline

import (
	"slices"
	"testing"
)

// TestWalk62Walk: what the shell runs where the walk once read another
// program or file: a brace-expanded redirection target (bash), export
// spelled otherwise, zsh's ${:-WORD}.
func TestWalk62Walk(t *testing.T) {
	for _, tt := range []struct {
		shell, line string
		name        string   // the last command's name
		args        []string // its arguments
		redirects   []string // its redirections, op and target
	}{
		{"bash", "echo x > {/dev/mem,}", "echo", []string{"x"}, []string{"> /dev/mem"}},
		{"bash", "cat < {~/.ssh/id_rsa,}", "cat", nil, []string{"< ~/.ssh/id_rsa"}},
		{"bash", "echo x > {a,b}", "echo", []string{"x"}, []string{"> {a,b}"}}, // ambiguous: runs nothing
		{"zsh", "${:-rm} -rf ~", "rm", []string{"-rf", "~"}, nil},
		{"zsh", "${(U):-ls}", "LS", nil, nil},
		{"bash", `e""xport A=1`, "export", []string{"A=1"}, nil},
		{"bash", `\export A=1`, "export", []string{"A=1"}, nil},
		{"bash", "builtin export A", "export", []string{"A"}, nil},
		{"bash", "command declare -x A=1", "declare", []string{"-x", "A=1"}, nil},
		{"bash", "command -v export", "command", []string{"-v", "export"}, nil},
	} {
		l := ParseShell(tt.line, tt.shell)
		if len(l.Commands) == 0 {
			t.Errorf("%s: %q: no command", tt.shell, tt.line)
			continue
		}
		c := l.Commands[len(l.Commands)-1]
		var args, redirects []string
		for _, a := range c.Args {
			args = append(args, a.Value)
		}
		for _, r := range c.Redirects {
			redirects = append(redirects, r.Op+" "+r.Target.Value)
		}
		if c.Name != tt.name || !slices.Equal(args, tt.args) || !slices.Equal(redirects, tt.redirects) {
			t.Errorf("%s: %q: %s %q %q, want %s %q %q", tt.shell, tt.line, c.Name, args, redirects, tt.name, tt.args, tt.redirects)
		}
	}
}

// TestKeepsOutput: echo and printf under a wrapper that keeps the line's
// standard output print what they print alone; under xargs, not known.
func TestKeepsOutput(t *testing.T) {
	for _, tt := range []struct {
		line string
		want string
		ok   bool
	}{
		{"timeout 9 printf 'a\\n'", "a\n", true},
		{"setsid echo a", "a\n", true},
		{"flock /tmp/l echo a", "a\n", true},
		{"env X=1 echo a", "a\n", true},
		{"xargs echo a", "", false},
		{"screen echo a", "", false},
	} {
		l := ParseShell(tt.line, "bash")
		c := l.Commands[len(l.Commands)-1]
		if got, ok := c.StaticOutput(); got != tt.want || ok != tt.ok {
			t.Errorf("%q: StaticOutput %q %v, want %q %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}
