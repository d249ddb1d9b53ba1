package dsl

import "testing"

func TestZshSelected(t *testing.T) {
	for _, tt := range []struct{ word, want string }{
		{"**/node_modules(N/)", "**/node_modules"},
		{"**/node_modules(/N)", "**/node_modules"},
		{"packages/*/dist(N)", "packages/*/dist"},
		{"*(D^/)", "*"},
		{"dist", "dist"},
		{"*()", "*()"},
		{"(N)", "(N)"},
		{"*(e:'rm -rf ~':)", "*(e:'rm -rf ~':)"}, // runs code: not only a selection
		{"*(om[1])", "*(om[1])"},
		{"*(N:h)", "*(N:h)"}, // a modifier changes the words
		{"*(+f)", "*(+f)"},
	} {
		if got := zshSelected(tt.word); got != tt.want {
			t.Errorf("zshSelected(%q) = %q, want %q", tt.word, got, tt.want)
		}
	}
}
