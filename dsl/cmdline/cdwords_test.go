package cmdline

import "testing"

// TestCdWords: the words zsh's cd takes for its directory stack, and the
// command words autocd may take for a directory.
func TestCdWords(t *testing.T) {
	for _, tc := range []struct {
		word          string
		stack, autocd bool
	}{
		{"-1", true, false},
		{"+2", true, false},
		{"-10", true, false},
		{"-", false, false},
		{"+", false, false},
		{"--", false, false},
		{"-P", false, false},
		{"+-1", false, false},
		{"/tmp", false, true},
		{"./build", false, true},
		{"..", false, true},
		{"~", false, true},
		{"~/x", false, true},
		{"ls", false, false},
		{"src", false, false},
	} {
		if got := zshStackEntry(tc.word); got != tc.stack {
			t.Errorf("zshStackEntry(%q) = %v, want %v", tc.word, got, tc.stack)
		}
		if got := autocdPath(tc.word); got != tc.autocd {
			t.Errorf("autocdPath(%q) = %v, want %v", tc.word, got, tc.autocd)
		}
	}
}
