package dsl

import (
	"slices"
	"testing"
)

// TestComputedWords: the substitutions and the variables a word expands,
// and which substitutions are harmless.
func TestComputedWords(t *testing.T) {
	if got := substitutions("a$(cat $(ls x))b`pwd`c$((1+2))"); !slices.Equal(got, []string{"cat $(ls x)", "pwd"}) {
		t.Errorf("substitutions: %q", got)
	}
	if got := expandedNames(`$d/${a[0]}/${x%.bak}$1${#n}$HOME`); !slices.Equal(got, []string{"d", "a", "x", "n", "HOME"}) {
		t.Errorf("expandedNames: %q", got)
	}
	for s, want := range map[string]bool{
		"mktemp -d": true, "git rev-parse --show-toplevel": true, "date +%F": true, "find . -name '*.md'": true, "grep -rl x src": true,
		"cat /tmp/p": false, "find ~ -name x": false, "find -L . -name x": false, "ls ../..": false, "mktemp | tee x": false, "dirname $f": false,
		"base64 -d <<< x": false, "git log -1 --format=%s": false,
	} {
		if got := harmlessSubst(s, map[string]bool{"f": true}); got != want {
			t.Errorf("harmlessSubst(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestListing(t *testing.T) {
	for s, want := range map[string]bool{
		"find . -name x": true, "ls src": true, "git ls-files -m": true, "git diff --name-only": true,
		"git diff --cached --name-only": true, "git grep -l foo": true, "git grep --name-only foo": true,
		"grep -rl foo src": true, "grep -r -l foo src": true, "rg -n -l foo": true, "rg --files": true, "ag -l foo": true,
		"grep -rn foo src": false, "rg -n foo": false, "git diff": false, "git grep foo": false, "cat list": false,
		"grep -r foo -- -l": false, "ls": false, "rg -L foo": false,
	} {
		if got := listing(s); got != want {
			t.Errorf("listing(%q) = %v, want %v", s, got, want)
		}
	}
}
