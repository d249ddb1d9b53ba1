package checkpoint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// userRepo fills dir with a user's git repository in a state worth
// protecting: commits, a staged change, a hook that would leave a mark if
// anything ran it, and files of every kind.
func userRepo(t *testing.T, dir string) {
	t.Helper()
	userGit(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.txt"), "alpha\n", 0o644)
	write(t, filepath.Join(dir, "bin.dat"), "\x00\x01\xff\xfe binary \x00", 0o644)
	write(t, filepath.Join(dir, "run.sh"), "#!/bin/sh\necho hi\n", 0o755)
	write(t, filepath.Join(dir, "sub/deep/file.txt"), "deep\n", 0o644)
	write(t, filepath.Join(dir, "héllo wörld ✓.txt"), "unicode\n", 0o644)
	write(t, filepath.Join(dir, ".gitignore"), "*.log\n", 0o644)
	write(t, filepath.Join(dir, "keep.log"), "ignored by the user\n", 0o644)
	write(t, filepath.Join(dir, "node_modules/dep/index.js"), "module\n", 0o644)
	write(t, filepath.Join(dir, ".env"), "SECRET=1\n", 0o600)
	must(t, os.Symlink("a.txt", filepath.Join(dir, "link")))
	must(t, os.MkdirAll(filepath.Join(dir, "empty/inner"), 0o755))
	userGit(t, dir, "add", "-A")
	userGit(t, dir, "commit", "-qm", "user's commit")
	write(t, filepath.Join(dir, "a.txt"), "alpha staged\n", 0o644)
	userGit(t, dir, "add", "a.txt")
	write(t, filepath.Join(dir, ".git/hooks/pre-commit"), "#!/bin/sh\ntouch \"$GIT_DIR/HOOK-RAN\"\n", 0o755)
	write(t, filepath.Join(dir, ".git/hooks/post-checkout"), "#!/bin/sh\ntouch \"$GIT_DIR/HOOK-RAN\"\n", 0o755)
}

// mutate changes the tree in every way a command could.
func mutate(t *testing.T, dir string) {
	t.Helper()
	write(t, filepath.Join(dir, "a.txt"), "alpha changed\n", 0o644)
	must(t, os.Remove(filepath.Join(dir, "bin.dat")))
	write(t, filepath.Join(dir, "new.txt"), "created\n", 0o644)
	write(t, filepath.Join(dir, "newdir/x/y.txt"), "created deep\n", 0o644)
	must(t, os.Rename(filepath.Join(dir, "sub/deep/file.txt"), filepath.Join(dir, "sub/moved.txt")))
	must(t, os.Chmod(filepath.Join(dir, "run.sh"), 0o644))
	must(t, os.Remove(filepath.Join(dir, "link")))
	must(t, os.Symlink("run.sh", filepath.Join(dir, "link")))
	must(t, os.RemoveAll(filepath.Join(dir, "empty")))
	must(t, os.MkdirAll(filepath.Join(dir, "fresh-empty"), 0o755))
	write(t, filepath.Join(dir, "héllo wörld ✓.txt"), "ünïcödé\x00", 0o644)
	write(t, filepath.Join(dir, "bin2.dat"), "\xff\x00\x10", 0o755)
	write(t, filepath.Join(dir, "keep.log"), "changed, but excluded\n", 0o644)
	write(t, filepath.Join(dir, "node_modules/dep/index.js"), "changed module\n", 0o644)
}

// excludedPaths are left out of comparisons: they are not snapshotted.
var excludedPaths = []string{".git", "keep.log", "node_modules", ".env"}

func TestRollbackRestoresTreeExactly(t *testing.T) {
	r, dir := testRepo(t, Config{})
	userRepo(t, dir)
	before := fingerprint(t, dir, excludedPaths...)
	dotGit := fingerprint(t, filepath.Join(dir, ".git"))

	res := create(t, r, "before")
	if !res.Created || res.Files != 7 {
		t.Fatalf("first snapshot: created %v with %d files, want 7", res.Created, res.Files)
	}
	mutate(t, dir)
	after := fingerprint(t, dir, excludedPaths...)
	excludedAfter := fingerprint(t, dir, ".git")

	rs, err := r.Restore(context.Background(), Ref{N: 1})
	must(t, err)
	if d := diffPrints(before, fingerprint(t, dir, excludedPaths...)); d != "" {
		t.Errorf("after rollback the tree differs from the snapshot:\n%s", d)
	}
	for _, p := range []string{"keep.log", "node_modules/dep/index.js", ".env"} {
		if got := fingerprint(t, dir, ".git")[p]; got != excludedAfter[p] {
			t.Errorf("excluded %s was changed by the rollback", p)
		}
	}
	if d := diffPrints(dotGit, fingerprint(t, filepath.Join(dir, ".git"))); d != "" {
		t.Errorf("the user's .git changed:\n%s", d)
	}
	if rs.Pre == nil || rs.Pre.Reason != "pre-rollback to 1 ("+res.Snapshot.Short()+")" {
		t.Fatalf("pre-rollback snapshot: %+v", rs.Pre)
	}

	// The rollback itself is undone by restoring the pre-rollback snapshot.
	_, err = r.Restore(context.Background(), Ref{Hex: rs.Pre.Hash[:10]})
	must(t, err)
	if d := diffPrints(after, fingerprint(t, dir, excludedPaths...)); d != "" {
		t.Errorf("undoing the rollback did not give the changed tree back:\n%s", d)
	}
	if d := diffPrints(dotGit, fingerprint(t, filepath.Join(dir, ".git"))); d != "" {
		t.Errorf("the user's .git changed:\n%s", d)
	}
	if st := userGit(t, dir, "status", "--porcelain", "--", "a.txt"); !strings.HasPrefix(st, "MM a.txt") {
		t.Errorf("the user's staged change is gone: status %q", st)
	}
}

func TestRollbackOneFile(t *testing.T) {
	r, dir := testRepo(t, Config{})
	userRepo(t, dir)
	before := fingerprint(t, dir, excludedPaths...)
	create(t, r, "before")
	mutate(t, dir)
	after := fingerprint(t, dir, excludedPaths...)
	ctx := context.Background()

	orig := Ref{Hex: snapshots(t, r)[0].Hash}
	for _, file := range []string{"a.txt", "bin.dat", "run.sh", "link", "héllo wörld ✓.txt", "sub", "new.txt"} {
		rel, err := r.Path(dir, file)
		must(t, err)
		_, err = r.RestorePath(ctx, orig, rel)
		must(t, err)
	}
	got := fingerprint(t, dir, excludedPaths...)
	for _, p := range []string{"a.txt", "bin.dat", "run.sh", "link", "héllo wörld ✓.txt", "sub/deep/file.txt"} {
		if got[p] != before[p] {
			t.Errorf("%s: got %s, want %s", p, got[p], before[p])
		}
	}
	for _, p := range []string{"new.txt", "sub/moved.txt"} {
		if _, ok := got[p]; ok {
			t.Errorf("%s, created after the snapshot, was not removed", p)
		}
	}
	// Untouched by single-file restores.
	for _, p := range []string{"bin2.dat", "newdir/x/y.txt", "fresh-empty"} {
		if got[p] != after[p] {
			t.Errorf("%s changed: got %s, want %s", p, got[p], after[p])
		}
	}
}

// The snapshot root may hold other repositories: nested ones, submodules,
// linked worktrees. Their files are snapshotted, their .git never touched.
func TestNestedRepositories(t *testing.T) {
	r, dir := testRepo(t, Config{})
	userRepo(t, dir)
	nested := filepath.Join(dir, "vendor/lib")
	must(t, os.MkdirAll(nested, 0o755))
	userGit(t, nested, "init", "-q")
	write(t, filepath.Join(nested, "lib.go"), "package lib\n", 0o644)
	userGit(t, nested, "add", "-A")
	userGit(t, nested, "commit", "-qm", "lib")
	// A linked worktree of the user's repository, inside the tree.
	userGit(t, dir, "worktree", "add", "-q", "wt")
	// A submodule: its .git is a file pointing into the parent's .git.
	userGit(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", nested, "mod")

	before := fingerprint(t, dir, excludedPaths...)
	gits := map[string]map[string]string{}
	for _, g := range []string{".git", "vendor/lib/.git", "wt/.git", "mod/.git"} {
		gits[g] = fingerprint(t, filepath.Join(dir, g))
	}
	for g := range gits {
		fi, err := os.Lstat(filepath.Join(dir, g))
		must(t, err)
		if !fi.IsDir() {
			data, _ := os.ReadFile(filepath.Join(dir, g))
			gits[g] = map[string]string{"file": string(data)}
		}
	}
	create(t, r, "before")
	write(t, filepath.Join(nested, "lib.go"), "package lib // changed\n", 0o644)
	write(t, filepath.Join(dir, "mod/extra.go"), "package extra\n", 0o644)
	must(t, os.Remove(filepath.Join(dir, "wt/a.txt")))

	_, err := r.Restore(context.Background(), Ref{N: 1})
	must(t, err)
	if d := diffPrints(before, fingerprint(t, dir, excludedPaths...)); d != "" {
		t.Errorf("after rollback the tree differs:\n%s", d)
	}
	for g, want := range gits {
		var got map[string]string
		if _, ok := want["file"]; ok {
			data, _ := os.ReadFile(filepath.Join(dir, g))
			got = map[string]string{"file": string(data)}
		} else {
			got = fingerprint(t, filepath.Join(dir, g))
		}
		if d := diffPrints(want, got); d != "" {
			t.Errorf("%s changed:\n%s", g, d)
		}
	}
}

// The working directory may itself be a linked worktree, whose .git is a
// file; the main repository must not change either.
func TestLinkedWorktreeRoot(t *testing.T) {
	base := t.TempDir()
	main := filepath.Join(base, "main")
	must(t, os.MkdirAll(main, 0o755))
	userRepo(t, main)
	userGit(t, main, "worktree", "add", "-q", filepath.Join(base, "wt"))
	mainGit := fingerprint(t, filepath.Join(main, ".git"))
	r, err := New(filepath.Join(base, "home"), filepath.Join(base, "wt"), DefaultConfig())
	must(t, err)
	before := fingerprint(t, r.Dir, excludedPaths...)
	create(t, r, "")
	write(t, filepath.Join(r.Dir, "a.txt"), "changed in the worktree\n", 0o644)
	_, err = r.Restore(context.Background(), Ref{N: 1})
	must(t, err)
	if d := diffPrints(before, fingerprint(t, r.Dir, excludedPaths...)); d != "" {
		t.Errorf("worktree differs:\n%s", d)
	}
	if d := diffPrints(mainGit, fingerprint(t, filepath.Join(main, ".git"))); d != "" {
		t.Errorf("the main repository's .git changed:\n%s", d)
	}
}

func TestRestoreRefusesToOverwriteExcludedFile(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "out.txt"), "snapshotted\n", 0o644)
	create(t, r, "")
	// The user excludes out.txt from checkpoints and changes it: no
	// snapshot holds the new content, so a rollback must not overwrite
	// it. (A .gitignore would not do: what a snapshot held stays in the
	// next ones, see pins.go.)
	r.cfg.Exclude = []string{"out.txt"}
	write(t, filepath.Join(dir, "out.txt"), "precious\n", 0o644)
	if _, err := r.Restore(context.Background(), Ref{N: 1}); err == nil {
		t.Fatal("restore overwrote a file that is excluded now")
	}
	if _, err := r.RestorePath(context.Background(), Ref{N: 1}, "out.txt"); err == nil {
		t.Fatal("restore of one file overwrote a file that is excluded now")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "out.txt")); string(data) != "precious\n" {
		t.Fatalf("out.txt = %q", data)
	}
}

// A whole-tree restore puts back the target's empty directories and
// removes every directory that is empty only because of what came since:
// empty ones made since (nested too), and those the restore emptied by
// removing the files created in them, up to the first that is not empty.
func TestRestoreEmptyDirectories(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "a/file"), "a\n", 0o644)
	write(t, filepath.Join(dir, "shared/old"), "old\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(dir, "keep/empty"), 0o755))
	must(t, os.MkdirAll(filepath.Join(dir, "was/empty/too"), 0o755))
	want := fingerprint(t, dir)
	target := create(t, r, "target").Snapshot
	must(t, os.RemoveAll(filepath.Join(dir, "keep")))
	must(t, os.RemoveAll(filepath.Join(dir, "was")))
	must(t, os.MkdirAll(filepath.Join(dir, "new/a/b"), 0o755))
	must(t, os.MkdirAll(filepath.Join(dir, "new/c"), 0o755))
	write(t, filepath.Join(dir, "made/deep/x"), "x\n", 0o644)
	write(t, filepath.Join(dir, "made/y"), "y\n", 0o644)
	write(t, filepath.Join(dir, "shared/sub/new"), "new\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(dir, "a/newempty/inner"), 0o755))
	create(t, r, "after")
	_, err := r.Restore(context.Background(), Ref{N: target.ID})
	must(t, err)
	if d := diffPrints(want, fingerprint(t, dir)); d != "" {
		t.Fatalf("after the restore:\n%s", d)
	}
}
