package dsl

import (
	"testing"

	"github.com/hguard/hguard/dsl/cmdline"
)

// TestGitCopySource: where git restore, checkout and rm copy from, as
// their words say: the index, HEAD, or "" for another commit or words not
// read.
func TestGitCopySource(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"git restore .", "index"},
		{"git restore -W src", "index"},
		{"git restore --source=HEAD .", "HEAD"},
		{"git restore -s HEAD .", "HEAD"},
		{"git restore --source HEAD~2 .", ""},
		{"git restore -sHEAD~2 .", ""},
		{"git restore --staged --worktree .", ""},
		{"git restore -SW .", ""},
		{"git checkout .", "index"},
		{"git checkout -- .", "index"},
		{"git checkout -f -- main.go", "index"},
		{"git checkout HEAD -- .", "HEAD"},
		{"git checkout @ -- .", "HEAD"},
		{"git checkout main -- .", ""},
		{"git checkout main README.md", ""},
		{"git checkout HEAD README.md", "HEAD"},
		{"git checkout -b x main -- a", ""},
		{"git rm -rf src", "index"},
		{"git -C ../other restore .", ""},
		{"git status", ""},
	} {
		c := cmdline.Parse(tt.line).Commands[0]
		if got := gitCopySource(c); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.line, got, tt.want)
		}
	}
}
