package cmdline

import (
	"slices"
	"testing"
)

// TestAliasExpansion: an alias or a wrapper function in command position,
// and an eval piped or redirected, are read in place, as the shells read
// them: the commands they run take the statement's pipe and redirections.
func TestAliasExpansion(t *testing.T) {
	tests := []struct {
		shell, name, in string
		want            []string
	}{
		{"zsh", "alias on a later line", "alias x=gh\nx auth token | cat", []string{"alias x=gh", "gh via=alias x", "x auth token pipe=0/2", "cat pipe=1/2 in=pipe:x", "gh auth token pipe=0/2", "cat pipe=1/2 in=pipe:gh"}},
		{"bash", "the alias's own name is not expanded again", "alias ls='ls -G'\nls -la", []string{"alias ls=ls -G", "ls -G via=alias ls", "ls -la", "ls -G -la"}},
		{"bash", "a blank ending the text expands the next word", "alias sudo='sudo '\nalias x='rm -rf'\nsudo x ~", []string{"alias sudo=sudo ", "sudo via=alias sudo", "alias x=rm -rf", "rm -rf via=alias x", "x ~ wr=sudo[]", "rm -rf ~ wr=sudo[]"}},
		{"bash", "redirections stay the statement's", "alias x='gh auth token'\nx > t", []string{"alias x=gh auth token", "gh auth token via=alias x", "x >t", "gh auth token >t"}},
		{"bash", "a wrapper function", `x(){ gh "$@"; }; x auth token`, []string{"gh «$@» fn=x", "x auth token", "gh auth token"}},
		{"fish", "a fish wrapper function", "function x --wraps gh; gh $argv; end; x auth token", []string{"gh «$argv» fn=x", "x auth token", "gh auth token"}},
		{"bash", "a function doing more is called", `f(){ echo a; rm "$1"; }; f x`, []string{"echo a fn=f", "rm «$1» fn=f", "f x", "echo a via=f() fn=f", "rm x via=f() fn=f"}},
		{"zsh", "a background job stays one", "alias x=sleep\nx 10 &", []string{"alias x=sleep", "sleep via=alias x", "x 10 bg", "sleep 10 bg"}},
		{"fish", "eval piped", `eval (string join "" e n v) -0 | base64`, []string{"eval env -0 pipe=0/2", "string join  e n v via=$(…)", "env -0 via=eval", "base64 pipe=1/2 in=pipe:eval", "env -0 pipe=0/2", "base64 pipe=1/2 in=pipe:env"}},
		{"bash", "eval redirected", "eval cat /dev/zero > f", []string{"eval cat /dev/zero >f", "cat /dev/zero via=eval >f", "cat /dev/zero >f"}},
		{"bash", "eval of two commands redirected is a group", "eval 'a; b' > f", []string{"eval a; b >f", "a via=eval >f", "b via=eval >f", "a >f", "b >f"}},
		{"bash", "eval alone keeps its carrier", "eval rm x", []string{"eval rm x", "rm x via=eval"}},
		{"bash", "eval of a variable keeps its carrier", "X=a; eval $X > f", []string{": X=a", "eval a >f", "a via=eval >f"}},
	}
	for _, tt := range tests {
		t.Run(tt.shell+"/"+tt.name, func(t *testing.T) {
			line := ParseShell(tt.in, tt.shell)
			got := renderCommands(line)
			if !slices.Equal(got, tt.want) {
				t.Errorf("ParseShell(%q, %q) commands:\n got %q\nwant %q", tt.in, tt.shell, got, tt.want)
			}
		})
	}
}

// TestSpelledNames: the line's detection view spells a command name the
// walk knows as the shell runs it, and an alias's statement expanded.
func TestSpelledNames(t *testing.T) {
	tests := []struct{ in, want string }{
		{`$'\x70's aux`, "ps aux"},
		{`p''s aux | x`, "ps aux | x"},
		{`v=a; a=ps; ${!v} -ef`, "v=a; a=ps; ps -ef"},
		{"alias x='ps -ef'\nx | cat", "alias x='ps -ef'\nps -ef | cat"},
		{`ps aux`, "ps aux"},
		{`$X aux`, "$X aux"},
	}
	for _, tt := range tests {
		if got := Parse(tt.in).Normalized; got != tt.want {
			t.Errorf("Parse(%q).Normalized = %q, want %q", tt.in, got, tt.want)
		}
	}
}
