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
		got := lastWords(line)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestZshExtendedGlob checks the plain globs EXTENDED_GLOB's ^ and (#i) are
// read as: ones that match at least what zsh matches.
func TestZshExtendedGlob(t *testing.T) {
	for _, tt := range []struct {
		in          string
		start, more bool
		state, want extendedGlob
		out         string
	}{
		{"^proj", true, false, extendedGlob{}, extendedGlob{}, "*"},
		{"~/^proj/x", true, false, extendedGlob{}, extendedGlob{}, "~/*/x"},
		{"x^y", true, false, extendedGlob{}, extendedGlob{}, "x^y"},
		{"HEAD^", true, false, extendedGlob{}, extendedGlob{}, "HEAD^"},
		{"^", true, false, extendedGlob{}, extendedGlob{}, "^"},
		{"^", true, true, extendedGlob{}, extendedGlob{negated: true}, "*"}, // ^(a|b), ^$X
		{"proj", false, true, extendedGlob{negated: true}, extendedGlob{negated: true}, ""},
		{"x/y", false, false, extendedGlob{negated: true}, extendedGlob{}, "/y"},
		{"^y", false, false, extendedGlob{}, extendedGlob{}, "^y"}, // continues a component: a letter
		{"/^y", false, false, extendedGlob{}, extendedGlob{}, "/*"},
		{"(#i).SSH/id_*", true, false, extendedGlob{}, extendedGlob{caseless: true}, ".[sS][sS][hH]/[iI][dD]_*"},
		{"(#i)[a-z]b", true, false, extendedGlob{}, extendedGlob{caseless: true}, "[a-z][bB]"},
		{".aws", false, false, extendedGlob{caseless: true}, extendedGlob{caseless: true}, ".[aA][wW][sS]"},
		{`\^x`, true, false, extendedGlob{}, extendedGlob{}, `\^x`},
		{"~/.ssh/*~*.pub", true, false, extendedGlob{}, extendedGlob{excluded: true}, "~/.ssh/*"},
		{"*~", true, true, extendedGlob{}, extendedGlob{excluded: true}, "*"}, // *~$X
		{"x", false, false, extendedGlob{excluded: true}, extendedGlob{excluded: true}, ""},
		{"HEAD~1", true, false, extendedGlob{}, extendedGlob{}, "HEAD~1"},
		{"[~]x", true, false, extendedGlob{}, extendedGlob{}, "[~]x"},
	} {
		out, state := zshExtendedGlob(tt.in, tt.start, tt.more, tt.state)
		if out != tt.out || state != tt.want {
			t.Errorf("zshExtendedGlob(%q, %v, %v, %+v) = %q, %+v; want %q, %+v", tt.in, tt.start, tt.more, tt.state, out, state, tt.out, tt.want)
		}
	}
}
