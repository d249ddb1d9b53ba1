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

// TestUntrackedOutput: below a directory, every file git does not track
// must be a build's output (in an output directory holding no tracked
// file, or named as a tool's per-run file); a .env, a note, a nested
// repository or an output-named directory holding a tracked file are not.
func TestUntrackedOutput(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	files := map[string]string{"main.go": "package main\n", "web/app.js": "x\n", "bin/run.sh": "x\n", "docs/a.md": "a\n"}
	for f, text := range files {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
	}
	userGit(t, dir, "add", ".")
	for _, f := range []string{"node_modules/x/index.js", "web/dist/app.js", "web/.next/cache/a", "src/__pycache__/a.pyc", ".coverage", "docs/.DS_Store",
		"api/.env", "bin/local.sh", "notes/todo.md", "vendor/lib/.git/HEAD"} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644))
	}
	for _, tt := range []struct {
		path       string
		output, ok bool
	}{
		{"web", true, true},
		{"docs", true, true},
		{"node_modules", true, true},
		{"src", true, true},
		{"api", false, true},   // .env
		{"bin", false, true},   // an output name, but git tracks bin/run.sh: bin/local.sh is the person's
		{"notes", false, true}, // a note
		{".", false, true},
		{"vendor", false, false}, // a repository of its own
		{"absent", false, false},
	} {
		output, ok := UntrackedOutput(filepath.Join(dir, tt.path))
		if output != tt.output || ok != tt.ok {
			t.Errorf("%s: output %v ok %v, want %v %v", tt.path, output, ok, tt.output, tt.ok)
		}
	}
	if _, ok := UntrackedOutput(t.TempDir()); ok {
		t.Error("a directory in no work tree is known")
	}
}

// TestWorkTreeHeld: git holds the whole work tree after a commit (build
// output aside), not with a change, a staged change, a file of the
// person's it does not track, nor before any commit; a packed HEAD commit
// is not read.
func TestWorkTreeHeld(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	for f, text := range map[string]string{"main.go": "package main\n", "src/a.go": "package src\n"} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
	}
	userGit(t, dir, "add", ".")
	check := func(what, sub string, held, ok bool) {
		t.Helper()
		h, k := WorkTreeHeld(filepath.Join(dir, sub))
		if h != held || k != ok {
			t.Errorf("%s: held %v ok %v, want %v %v", what, h, k, held, ok)
		}
	}
	check("no commit", "", false, false)
	userGit(t, dir, "commit", "-qm", "one")
	check("committed", "", true, true)
	check("from a directory below", "src", true, true)
	must(t, os.MkdirAll(filepath.Join(dir, "node_modules/x"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "node_modules/x/i.js"), []byte("x\n"), 0o644))
	check("build output beside", "", true, true)
	must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine\n"), 0o644))
	check("a file of the person's", "", false, true)
	must(t, os.Remove(filepath.Join(dir, "notes.txt")))
	must(t, os.WriteFile(filepath.Join(dir, "src/a.go"), []byte("package src // changed\n"), 0o644))
	check("a change", "", false, true)
	userGit(t, dir, "add", "src/a.go")
	if h, _ := WorkTreeHeld(dir); h {
		t.Error("a staged change: held")
	}
	userGit(t, dir, "commit", "-qm", "two")
	check("committed again", "", true, true)
	userGit(t, dir, "gc", "-q")
	check("packed", "", false, false)
}

// TestHeldForWhatGitCopies: a copy from the index (IndexHolds), from HEAD
// while the index is HEAD's tree (HeadHolds, WorkTreeHeldAtHead) writes
// only tracked paths, so a file git does not track beside loses nothing;
// git clean without -x (UnignoredOutput) leaves ignored files alone, not a
// file git neither tracks nor ignores. A change still counts.
func TestHeldForWhatGitCopies(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	for f, text := range map[string]string{"main.go": "package main\n", ".gitignore": ".env\nsecrets/\n", "api/.gitignore": "*.local\n", "api/a.go": "package api\n"} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644))
	}
	userGit(t, dir, "add", ".")
	userGit(t, dir, "commit", "-qm", "one")
	for _, f := range []string{".env", "secrets/key", "api/dev.local"} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o600))
	}
	type judge struct {
		name string
		fn   func(string) (bool, bool)
	}
	check := func(what string, judges []judge, want bool) {
		t.Helper()
		for _, j := range judges {
			if held, ok := j.fn(dir); held != want || !ok {
				t.Errorf("%s: %s held %v ok %v, want %v", what, j.name, held, ok, want)
			}
		}
	}
	tracked := []judge{{"IndexHolds", IndexHolds}, {"HeadHolds", HeadHolds}, {"WorkTreeHeldAtHead", WorkTreeHeldAtHead}, {"UnignoredOutput", UnignoredOutput}}
	strict := []judge{{"GitHolds", GitHolds}, {"WorkTreeHeld", WorkTreeHeld}, {"UntrackedOutput", UntrackedOutput}}
	check("ignored files beside", tracked, true)
	check("ignored files beside", strict, false)
	must(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine\n"), 0o644))
	check("a file git neither tracks nor ignores", []judge{{"UnignoredOutput", UnignoredOutput}}, false)
	check("a file git neither tracks nor ignores", tracked[:3], true)
	must(t, os.WriteFile(filepath.Join(dir, "api/a.go"), []byte("package api // changed\n"), 0o644))
	check("a change", tracked[:3], false)
}
