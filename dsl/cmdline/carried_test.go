package cmdline

import (
	"slices"
	"testing"
)

// TestCarried: expansions of positional parameters, loop variables and
// arrays that hold unknown values are written as what those values were
// given as (${TOKEN}, $(cat f)), known ones as themselves; "$@" of no
// parameters is no word.
func TestCarried(t *testing.T) {
	tests := []struct {
		shell, line string
		want        []string // the last command's arguments, a dynamic one as "?TEXT"
	}{
		{"bash", `set -- a "$T"; echo "${@: -1}"`, []string{"?${T}"}},
		{"bash", `set -- a "$T"; echo "${*: -1}"`, []string{"?${T}"}},
		{"bash", `set -- a "$T"; echo "${!#}"`, []string{"?${T}"}},
		{"bash", `set -- a "$T"; echo "${2:-}" "${2%x}"`, []string{"?${T}", "?${T}"}},
		{"bash", `set -- a "$T"; echo "${2:+x}"`, []string{"?${2:+x}"}},
		{"bash", `set -- a "$T"; echo "$*"`, []string{"?a ${T}"}},
		{"bash", `set -- a "$T"; echo "$@"`, []string{"a", "?${T}"}},
		{"bash", `set -- "$T" a; echo "${@: -1}" "$2"`, []string{"a", "a"}},
		{"bash", `set -- a "$T"; shift; echo "$1"`, []string{"?${T}"}},
		{"bash", `set -- a "$(cat f)"; echo "$2"`, []string{"?$(cat f)"}},
		{"bash", `f(){ echo "$@"; }; f`, nil},
		{"bash", `f(){ echo "$@" x; }; f`, []string{"x"}},
		{"bash", `f(){ echo "a$@"; }; f`, []string{"a"}},
		{"bash", `A=(); echo "${A[@]}"`, nil},
		{"bash", `set -- x "$T"; for a; do :; done; echo "$a"`, []string{"?${T}"}},
		{"bash", `for x in a "$T"; do echo "$x"; done`, []string{"?${T}"}},
		{"bash", `x=(a "$T"); echo "${x[*]}" "${x[1]}" "${x[@]:1}" "${x[@]: -2:1}"`, []string{"?a $T", "?$T", "?$T", "a"}},
		{"bash", `x=(a "$T"); echo "${#x[@]}" "${x[1]:+y}"`, []string{"?${#x[@]}", "?${x[1]:+y}"}},
		{"bash", `declare -A m=([k]=$T); echo "${m[k]}"`, []string{"?$T"}},
		{"bash", `x=(-H "a: $T"); echo "${x[@]}" "${x[0]}" "${x[1]}" "${x[-1]}" "${x[2]}" "$x"`, []string{"-H", "?a: $T", "-H", "?a: $T", "?a: $T", "?${x[2]}", "-H"}},
		{"bash", `x=(-H "a: $T"); echo "${x[*]}"`, []string{"?-H a: $T"}},
		{"bash", `x=($T b); echo "${x[1]}"`, []string{"?$T"}},
		{"zsh", `x=(-H "a: $T"); echo "${x[@]}" "${x[1]}" "$x"`, []string{"-H", "?a: $T", "-H", "?-H a: $T"}},
		{"bash", `x=("$T"); x=(a); echo "${x[0]}"`, []string{"a"}},
		{"bash", `printf -v x %s "$T"; echo "$x"`, []string{"?$T"}},
		{"zsh", `x=${(j::)${(s::)T}}; echo $x`, []string{"?${T}"}},
		{"zsh", `x=${T[1,20]}${T[21,-1]}; echo $x`, []string{"?${T}"}},
		{"zsh", `x=${T[1,20]}${U[21,-1]}; echo $x`, []string{"?$x"}},
		{"zsh", `x=${T[(i)a]}; echo $x`, []string{"?$x"}},
		{"zsh", `print -v x -- $T; echo $x`, []string{"?$T"}},
		{"fish", `set x (string lower $T); echo $x`, []string{"?${T}"}},
		{"fish", `set x $T[1]; echo $x`, []string{"?${T}"}},
		{"fish", `set x (string length $T); echo $x`, []string{"?$x"}},
	}
	for _, tt := range tests {
		checkLastArgs(t, tt.shell, tt.line, tt.want, func(w Word) string { return "?" + w.Value })
	}
}

// TestZshModuleNames: the variables zsh's module builtins assign by name.
func TestZshModuleNames(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{`sysread X`, []string{"X"}},
		{`sysread -c n -i 3 X`, []string{"n", "X"}},
		{`sysread`, []string{"REPLY"}},
		{`zparseopts -D -A opts a:=X -verbose=v h`, []string{"opts", "X", "v"}},
		{`strftime -s t %F`, []string{"t"}},
		{`zstat -A st f`, []string{"st"}},
		{`zformat -f out '%a' a:1`, []string{"out"}},
		{`getln line`, []string{"line"}},
		{`ztcp host 80`, []string{"REPLY"}},
	}
	for _, tt := range tests {
		line := ParseShell(tt.line, "zsh")
		c := line.Commands[0]
		args := make([]field, len(c.Args))
		for i, a := range c.Args {
			args[i] = field{Word: a}
		}
		var got []string
		for _, n := range zshModuleNames(c.Name, args) {
			got = append(got, n.Value)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: names %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestMatchSignal: the signal pkill and killall send.
func TestMatchSignal(t *testing.T) {
	tests := []struct {
		name, args string
		want       string
		ok         bool
	}{
		{"pkill", "-USR1 -s 0", "USR1", true},
		{"pkill", "-s 0", "TERM", true},
		{"pkill", "--signal HUP x", "HUP", true},
		{"pkill", "--signal=SIGHUP x", "HUP", true},
		{"pkill", "-10 x", "10", true},
		{"pkill", "-f x", "TERM", true},
		{"killall", "-s USR1 x", "USR1", true},
		{"killall", "-l", "", false},
	}
	for _, tt := range tests {
		line := ParseShell(tt.name+" "+tt.args, "bash")
		c := line.Commands[0]
		args := make([]field, len(c.Args))
		for i, a := range c.Args {
			args[i] = field{Word: a}
		}
		got, ok := matchSignal(tt.name, args)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s %s: %q %v, want %q %v", tt.name, tt.args, got, ok, tt.want, tt.ok)
		}
	}
}

// checkLastArgs checks the arguments of the last command line runs in
// shell: a word known only at run time is shown by dynamic.
func checkLastArgs(t *testing.T, shell, line string, want []string, dynamic func(Word) string) {
	t.Helper()
	l := ParseShell(line, shell)
	if len(l.Commands) == 0 {
		t.Errorf("%s: %s runs nothing (%v)", shell, line, l.Issues)
		return
	}
	c := l.Commands[len(l.Commands)-1]
	var got []string
	for _, a := range c.Args {
		if a.Dynamic {
			got = append(got, dynamic(a))
			continue
		}
		got = append(got, a.Value)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: %s runs %s %q, want %q", shell, line, c.Name, got, want)
	}
}
