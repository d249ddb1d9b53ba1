package cmdline

import (
	"slices"
	"testing"
)

// TestZshOptions checks the words an unquoted parameter gives under the zsh
// options a line sets (each checked in zsh 5.9): the last command's words,
// «…» for one not known.
func TestZshOptions(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"X='a b'; echo $X", []string{"echo", "a b"}},
		{"setopt shwordsplit; X='a b'; echo $X \"$X\" $==X", []string{"echo", "a", "b", "a b", "a b"}},
		{"setopt SH_WORD_SPLIT; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"setopt -y; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"set -y; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"set -o shwordsplit; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"unsetopt noshwordsplit; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"emulate sh; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"emulate -L ksh; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"emulate bash; X='a b'; echo $X", []string{"echo", "a", "b"}},
		{"emulate csh; X='a b'; echo $X", []string{"echo", "a b"}},
		{"emulate sh; emulate zsh; X='a b'; echo $X", []string{"echo", "a b"}},
		{"setopt shwordsplit; unsetopt shwordsplit; X='a b'; echo $X", []string{"echo", "a b"}},
		{"setopt shwordsplit; setopt no_sh_word_split; X='a b'; echo $X", []string{"echo", "a b"}},
		{"set -y; set +y; X='a b'; echo $X", []string{"echo", "a b"}},
		{"setopt notify; X='a b'; echo $X", []string{"echo", "a b"}},
		{"(setopt shwordsplit); X='a b'; echo $X", []string{"echo", "a b"}},
		{"true && setopt shwordsplit; X='a b'; Y=c; echo $X $Y", []string{"echo", "«$X»", "c"}},
		{"f(){ emulate -L sh; }; f; X='a b'; echo $X", []string{"echo", "«$X»"}},
		{"setopt $o; X='a b'; echo $X", []string{"echo", "«$X»"}},
		{"setopt -m '*split'; X='a b'; echo $X", []string{"echo", "«$X»"}},
		{"setopt shwordsplit; A=('a b' c); echo $A", []string{"echo", "a", "b", "c"}},
		{"setopt shwordsplit; IFS=:; X='a:b c'; echo $X", []string{"echo", "a", "b c"}},
		{"setopt globsubst; X='/a/*'; echo $X \"$X\"", []string{"echo", "/a/*", "/a/*"}},
		{"setopt shwordsplit; X='a b'; echo ${X%x} ${X:l} $X[1,-1] ${X:-c} ${Y:-c d}", []string{"echo", "a", "b", "a", "b", "a", "b", "a", "b", "c", "d"}},
	} {
		line := ParseShell(tt.in, "zsh")
		var c Command // the line's last command, not one a substitution runs
		for _, lc := range line.Commands {
			if len(lc.Via) == 0 {
				c = *lc
			}
		}
		got := []string{c.Name}
		for _, a := range c.Args {
			got = append(got, shown(a))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestZshExtendedGlob checks the plain globs EXTENDED_GLOB's ^ and (#i) are
// read as: ones that match at least what zsh matches.
func TestZshExtendedGlob(t *testing.T) {
	for _, tt := range []struct {
		in         string
		start      bool
		caseless   bool
		want       string
		wantCaseAt bool
	}{
		{"^proj", true, false, "*", false},
		{"~/^proj/x", true, false, "~/*/x", false},
		{"x^y", true, false, "x^y", false},
		{"HEAD^", true, false, "HEAD^", false},
		{"^y", false, false, "^y", false}, // continues a component: a letter
		{"/^y", false, false, "/*", false},
		{"(#i).SSH/id_*", true, false, ".[sS][sS][hH]/[iI][dD]_*", true},
		{"(#i)[a-z]b", true, false, "[a-z][bB]", true},
		{".aws", false, true, ".[aA][wW][sS]", true},
		{`\^x`, true, false, `\^x`, false},
	} {
		got, caseless := zshExtendedGlob(tt.in, tt.start, tt.caseless)
		if got != tt.want || caseless != tt.wantCaseAt {
			t.Errorf("zshExtendedGlob(%q, %v, %v) = %q, %v; want %q, %v", tt.in, tt.start, tt.caseless, got, caseless, tt.want, tt.wantCaseAt)
		}
	}
}
