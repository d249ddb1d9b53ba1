package checkpoint

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGitHolds: git holds a tracked file whose content its index records,
// a tracked file gone from the work tree and a path that neither has; not
// a changed file, a file it does not track, a directory with a change
// below it, a link on the way or a path in a merge. Nothing is known
// outside a work tree or for a relative path.
func TestGitHolds(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	files := map[string]string{"main.go": "package main\n", "web/app.js": "x\n", "web/lib/a.js": "a\n", "docs/guide.md": "g\n", "gone.txt": "g\n", "tool.sh": "#!/bin/sh\n", "tools/gen.sh": "x\n"}
	for f, text := range files {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
	}
	must(t, os.Symlink("main.go", filepath.Join(dir, "link.go")))
	userGit(t, dir, "add", ".")
	must(t, os.WriteFile(filepath.Join(dir, "web/lib/a.js"), []byte("changed\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "tools/local.sh"), []byte("mine\n"), 0o644))
	must(t, os.Remove(filepath.Join(dir, "gone.txt")))
	must(t, os.Symlink(filepath.Join(dir, "web"), filepath.Join(dir, "alias")))
	for _, tt := range []struct {
		path     string
		held, ok bool
	}{
		{"main.go", true, true},
		{"link.go", true, true}, // a link, by its target
		{"docs", true, true},
		{"tools", false, true},     // tracked and unchanged, beside a file git does not track
		{"gone.txt", true, true},   // a deletion undone
		{"absent.txt", true, true}, // nothing there
		{"web/app.js", true, true},
		{"web/lib/a.js", false, true},
		{"web", false, true},
		{".", false, true},
		{"notes.txt", false, true}, // not tracked: git restore --source would overwrite it
		{"alias/app.js", false, true},
		{".git/config", false, false},
	} {
		held, ok := GitHolds(filepath.Join(dir, tt.path))
		if held != tt.held || ok != tt.ok {
			t.Errorf("%s: held %v ok %v, want %v %v", tt.path, held, ok, tt.held, tt.ok)
		}
	}
	if _, ok := GitHolds(filepath.Join(t.TempDir(), "main.go")); ok {
		t.Error("a path in no work tree is known")
	}
	if _, ok := GitHolds("main.go"); ok {
		t.Error("a relative path is known")
	}
}
