package checkpoint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// heldPaths is the files of the latest snapshot.
func heldPaths(t *testing.T, r *Repo) []string {
	t.Helper()
	list := snapshots(t, r)
	if len(list) == 0 {
		t.Fatal("no snapshot")
	}
	out, err := r.git(context.Background(), nil, "ls-tree", "-r", "-z", "--name-only", "--full-tree", list[0].Tree)
	must(t, err)
	var paths []string
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths
}

// TestSnapshotKeepsTrackedFiles: a change of the ignore rules (or of what
// hguard's own git calls could be pointed at) made just before a delete
// does not take the project's tracked files, or those an earlier snapshot
// held, out of the snapshot taken before the delete; secrets and oversized
// files stay out, and untracked ignored files are still left out.
func TestSnapshotKeepsTrackedFiles(t *testing.T) {
	tests := []struct {
		name  string
		first bool // take a snapshot before the attack
		// attack changes the tree (dir) before the snapshot; base is a
		// scratch directory of the test's own
		attack  func(t *testing.T, dir, base string)
		exclude []string // checkpoints.exclude after the first snapshot
		held    []string // must be in the snapshot
		out     []string // must not be
	}{
		{
			name: "info/exclude star, no earlier snapshot",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".git/info/exclude"), "*\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go", "README.md"},
			out:  []string{"scratch.txt"},
		},
		{
			name:  "info/exclude star after a snapshot",
			first: true,
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".git/info/exclude"), "*\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go", "README.md", "scratch.txt"},
		},
		{
			name: "gitignore star",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go"},
			out:  []string{"scratch.txt"},
		},
		{
			name: "negation keeps only the readme",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".gitignore"), "/*\n!/README.md\n", 0o644)
			},
			held: []string{"src/main.go", "README.md"},
			out:  []string{"scratch.txt"},
		},
		{
			name: "nested directory ignored",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, "src/.gitignore"), "util/\n*.go\n", 0o644)
				write(t, filepath.Join(dir, "src/util/new.go"), "untracked\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go"},
			out:  []string{"src/util/new.go"},
		},
		{
			name: "core.excludesFile in the global config",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(base, "ignore-all"), "*\n", 0o644)
				write(t, filepath.Join(base, "gitconfig"), "[core]\n\texcludesFile = "+filepath.Join(base, "ignore-all")+"\n", 0o644)
				t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(base, "gitconfig"))
				t.Setenv("HOME", base)
			},
			held: []string{"src/main.go", "scratch.txt"},
		},
		{
			name: "GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE in the environment",
			attack: func(t *testing.T, dir, base string) {
				decoy := filepath.Join(base, "decoy")
				must(t, os.MkdirAll(decoy, 0o755))
				userGit(t, decoy, "init", "-q")
				write(t, filepath.Join(decoy, "info/exclude"), "*\n", 0o644)
				t.Setenv("GIT_DIR", filepath.Join(decoy, ".git"))
				t.Setenv("GIT_WORK_TREE", decoy)
				t.Setenv("GIT_INDEX_FILE", filepath.Join(decoy, ".git/index"))
				t.Setenv("GIT_OBJECT_DIRECTORY", filepath.Join(decoy, ".git/objects"))
				write(t, filepath.Join(dir, ".git/info/exclude"), "src/\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go", "scratch.txt"},
		},
		{
			name:  ".git replaced by a pointer to an empty repository",
			first: true,
			attack: func(t *testing.T, dir, base string) {
				empty := filepath.Join(base, "empty")
				must(t, os.MkdirAll(empty, 0o755))
				userGit(t, empty, "init", "-q", "--bare")
				must(t, os.RemoveAll(filepath.Join(dir, ".git")))
				write(t, filepath.Join(dir, ".git"), "gitdir: "+empty+"\n", 0o644)
				write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			},
			held: []string{"src/main.go", "src/util/u.go", "scratch.txt"},
		},
		{
			name: "secrets and oversized files stay out",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			},
			held: []string{"src/main.go"},
			out:  []string{".env", "keys/deploy.pem", "big.bin"},
		},
		{
			name: "tracked build output stays out as before",
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			},
			held: []string{"src/main.go"},
			out:  []string{"dist/app.js", "node_modules/x/index.js"},
		},
		{
			name:  "checkpoints.exclude still wins",
			first: true,
			attack: func(t *testing.T, dir, base string) {
				write(t, filepath.Join(dir, ".gitignore"), "*\n", 0o644)
			},
			exclude: []string{"util/", "/README.md"},
			held:    []string{"src/main.go"},
			out:     []string{"src/util/u.go", "README.md"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.MaxFileSize = 100
			r, dir := testRepo(t, cfg)
			base := t.TempDir()
			write(t, filepath.Join(dir, "src/main.go"), "package main\n", 0o644)
			write(t, filepath.Join(dir, "src/util/u.go"), "package util\n", 0o644)
			write(t, filepath.Join(dir, "README.md"), "readme\n", 0o644)
			write(t, filepath.Join(dir, ".env"), "TOKEN=1\n", 0o644)
			write(t, filepath.Join(dir, "keys/deploy.pem"), "key\n", 0o644)
			write(t, filepath.Join(dir, "big.bin"), strings.Repeat("x", 200), 0o644)
			write(t, filepath.Join(dir, "dist/app.js"), "built\n", 0o644)
			write(t, filepath.Join(dir, "node_modules/x/index.js"), "dep\n", 0o644)
			userGit(t, dir, "init", "-q")
			userGit(t, dir, "add", "-f", "src", "README.md", ".env", "keys", "big.bin", "dist")
			userGit(t, dir, "commit", "-qm", "init")
			write(t, filepath.Join(dir, "scratch.txt"), "untracked\n", 0o644)
			if tt.first {
				create(t, r, "first")
			}
			r.cfg.Exclude = tt.exclude
			tt.attack(t, dir, base)
			res := create(t, r, "before rm -rf src")
			held := heldPaths(t, r)
			for _, p := range tt.held {
				if !slices.Contains(held, p) {
					t.Errorf("%s is not in the snapshot: %q", p, held)
				}
			}
			for _, p := range tt.out {
				if slices.Contains(held, p) {
					t.Errorf("%s is in the snapshot", p)
				}
			}
			if res.Files != len(held) {
				t.Errorf("Files = %d, the snapshot holds %d", res.Files, len(held))
			}
			// A rollback after the delete brings the tracked files back.
			must(t, os.RemoveAll(filepath.Join(dir, "src")))
			if _, err := r.Restore(context.Background(), Ref{N: res.Snapshot.ID}); err != nil {
				t.Fatalf("restore: %v", err)
			}
			if data, err := os.ReadFile(filepath.Join(dir, "src/main.go")); err != nil || string(data) != "package main\n" {
				t.Fatalf("src/main.go after the rollback: %q, %v", data, err)
			}
		})
	}
}

// TestIncrementalKeepsTrackedFiles: the watcher's incremental snapshots
// keep pinned files as a full scan does, and go back to a full scan when
// .git/info/exclude changed (no event tells of it).
func TestIncrementalKeepsTrackedFiles(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "src/main.go"), "package main\n", 0o644)
	write(t, filepath.Join(dir, "src/gen/g.go"), "generated\n", 0o644)
	write(t, filepath.Join(dir, "docs/a.md"), "a\n", 0o644)
	userGit(t, dir, "init", "-q")
	userGit(t, dir, "add", "-A")
	userGit(t, dir, "commit", "-qm", "init")
	write(t, filepath.Join(dir, "notes.txt"), "untracked\n", 0o644)
	wt := startWatcher(t, r)
	full, err := New(t.TempDir(), dir, DefaultConfig())
	must(t, err)
	full.maint = maintainForeground
	fullScan(t, full) // it holds what the watcher's first snapshot holds
	steps := []struct {
		name string
		do   func()
		held []string
		out  []string
	}{
		{"info/exclude star", func() {
			write(t, filepath.Join(dir, ".git/info/exclude"), "*\n", 0o644)
			write(t, filepath.Join(dir, "src/main.go"), "package main // edited\n", 0o644)
		}, []string{"src/main.go", "src/gen/g.go", "docs/a.md", "notes.txt"}, nil},
		{"new files under the exclusion", func() {
			write(t, filepath.Join(dir, "src/new.go"), "untracked\n", 0o644)
			write(t, filepath.Join(dir, "docs/b.md"), "untracked\n", 0o644)
			write(t, filepath.Join(dir, "src/gen/g.go"), "regenerated\n", 0o644)
		}, []string{"src/main.go", "src/gen/g.go", "docs/a.md"}, []string{"src/new.go", "docs/b.md"}},
		{"a tracked file appears in an excluded directory", func() {
			write(t, filepath.Join(dir, "src/gen/h.go"), "tracked\n", 0o644)
			userGit(t, dir, "add", "-f", "src/gen/h.go")
			write(t, filepath.Join(dir, "src/gen/h.go"), "tracked, edited\n", 0o644)
		}, []string{"src/gen/h.go"}, nil},
		{"a deleted pinned file leaves", func() {
			must(t, os.Remove(filepath.Join(dir, "docs/a.md")))
		}, []string{"src/main.go"}, []string{"docs/a.md"}},
	}
	for _, st := range steps {
		st.do()
		res, err := wt.Snapshot(context.Background(), st.name)
		must(t, err)
		held := heldPaths(t, r)
		for _, p := range st.held {
			if !slices.Contains(held, p) {
				t.Errorf("%s: %s is not in the snapshot (incremental %v): %q", st.name, p, res.Incremental, held)
			}
		}
		for _, p := range st.out {
			if slices.Contains(held, p) {
				t.Errorf("%s: %s is in the snapshot", st.name, p)
			}
		}
		if tree, empty := fullScan(t, full); res.Snapshot.Tree != tree || !slices.Equal(res.Snapshot.empty, empty) {
			t.Errorf("%s: incremental %v: tree %s, empty %q; a full scan: %s, %q", st.name, res.Incremental, res.Snapshot.Tree, res.Snapshot.empty, tree, empty)
		}
	}
}

// TestTrackedPaths reads the files of a user's index as git lists them
// (ls-files, one line per conflicted path, no submodules), from the top
// of the work tree or a directory below it, through a linked worktree's
// .git file, in index versions 2 to 4 and without a checksum.
func TestTrackedPaths(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "work")
	write(t, filepath.Join(dir, "a.txt"), "a\n", 0o644)
	write(t, filepath.Join(dir, "sub/b.txt"), "b\n", 0o644)
	write(t, filepath.Join(dir, "sub/deep/c.txt"), "c\n", 0o644)
	write(t, filepath.Join(dir, "sub-x"), "sorts between sub and sub/\n", 0o644)
	userGit(t, dir, "init", "-q", "-b", "main")
	userGit(t, dir, "add", "-A")
	userGit(t, dir, "commit", "-qm", "init")
	// A conflicted path: three stages of a.txt.
	userGit(t, dir, "checkout", "-qb", "other")
	write(t, filepath.Join(dir, "a.txt"), "other\n", 0o644)
	userGit(t, dir, "commit", "-qam", "other")
	userGit(t, dir, "checkout", "-q", "main")
	write(t, filepath.Join(dir, "a.txt"), "main\n", 0o644)
	userGit(t, dir, "commit", "-qam", "main")
	cmd := exec.Command("git", "merge", "-q", "other")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=u", "GIT_AUTHOR_EMAIL=u@example.com", "GIT_COMMITTER_NAME=u", "GIT_COMMITTER_EMAIL=u@example.com")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the merge did not conflict: %s", out)
	}
	// A submodule (gitlink) is no file of this tree.
	userGit(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+strings.TrimSpace(userGit(t, dir, "rev-parse", "HEAD"))+",mod")
	if stages := userGit(t, dir, "ls-files", "-s", "a.txt"); strings.Count(stages, "a.txt") != 3 {
		t.Fatalf("no conflict: %s (%s)", stages, out)
	}
	want := func(prefix string) []string {
		var out []string
		for _, p := range strings.Split(userGit(t, filepath.Join(dir, prefix), "ls-files", "--full-name", "-z"), "\x00") {
			if p != "" && p != "mod" && !slices.Contains(out, strings.TrimPrefix(p, prefix+"/")) && (prefix == "" || strings.HasPrefix(p, prefix+"/")) {
				out = append(out, strings.TrimPrefix(p, prefix+"/"))
			}
		}
		slices.Sort(out)
		return out
	}
	wt := filepath.Join(base, "linked")
	userGit(t, dir, "worktree", "add", "-q", "--detach", wt, "HEAD~1")
	for _, tt := range []struct {
		name, dir, prefix string
		version           string
	}{
		{"top", dir, "", "2"},
		{"index v3", dir, "", "3"},
		{"index v4", dir, "", "4"},
		{"a directory below", filepath.Join(dir, "sub"), "sub", "4"},
		{"a linked worktree", wt, "", "4"},
		{"no checksum", dir, "", "skiphash"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			work := filepath.Join(dir, tt.prefix)
			if tt.dir == wt {
				work = wt
			}
			if tt.version == "skiphash" {
				// As git writes it with index.skipHash (git 2.40 on).
				index := filepath.Join(dir, ".git/index")
				data, err := os.ReadFile(index)
				must(t, err)
				copy(data[len(data)-20:], make([]byte, 20))
				must(t, os.WriteFile(index, data, 0o644))
			} else {
				userGit(t, work, "update-index", "--index-version", tt.version)
			}
			r, err := New(filepath.Join(base, "hguard"), tt.dir, DefaultConfig())
			must(t, err)
			got := r.trackedPaths()
			var w []string
			if tt.dir == wt {
				w = strings.Fields(strings.ReplaceAll(userGit(t, wt, "ls-files", "-z"), "\x00", " "))
			} else {
				w = want(tt.prefix)
			}
			if !slices.Equal(got, w) {
				t.Fatalf("trackedPaths = %q, git ls-files: %q", got, w)
			}
		})
	}
}

// TestTrackedBelow: what the user's index tracks at or below a path, from
// the top of the work tree and from a directory below it; nothing is known
// outside a work tree or for a relative path.
func TestTrackedBelow(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	for _, f := range []string{"main.go", "build/Dockerfile", "web/src/app.js", "web/build.sh"} {
		must(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644))
	}
	userGit(t, dir, "add", ".")
	for _, tt := range []struct {
		path        string
		tracked, ok bool
	}{
		{"main.go", true, true},
		{"build", true, true},
		{"web/build", false, true}, // web/build.sh is no file below web/build
		{"web", true, true},
		{"web/src", true, true},
		{"node_modules", false, true},
		{"web/node_modules", false, true},
	} {
		tracked, ok := TrackedBelow(filepath.Join(dir, tt.path))
		if tracked != tt.tracked || ok != tt.ok {
			t.Errorf("%s: tracked %v ok %v, want %v %v", tt.path, tracked, ok, tt.tracked, tt.ok)
		}
	}
	if _, ok := TrackedBelow(filepath.Join(t.TempDir(), "node_modules")); ok {
		t.Error("a path in no work tree is known")
	}
	if _, ok := TrackedBelow("node_modules"); ok {
		t.Error("a relative path is known")
	}
}

// TestTrackedBelowUnborn: a repository git init made, before its first
// git add, tracks nothing; one whose branch has a commit but no index, a
// linked worktree's and one with packed refs are not known (fp65).
func TestTrackedBelowUnborn(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		ok    bool
	}{
		{"fresh", nil, true},
		{"committed", map[string]string{"refs/heads/main": "0123456789012345678901234567890123456789\n"}, false},
		{"packed", map[string]string{"packed-refs": "0123456789012345678901234567890123456789 refs/heads/main\n"}, false},
		{"worktree", map[string]string{"commondir": "../..\n"}, false},
		{"detached", map[string]string{"HEAD": "0123456789012345678901234567890123456789\n"}, false},
		{"climbing", map[string]string{"HEAD": "ref: refs/heads/../../x\n"}, false},
	} {
		dir := t.TempDir()
		gitDir := filepath.Join(dir, ".git")
		files := map[string]string{"HEAD": "ref: refs/heads/main\n"}
		for name, text := range tt.files {
			files[name] = text
		}
		for name, text := range files {
			must(t, os.MkdirAll(filepath.Dir(filepath.Join(gitDir, name)), 0o755))
			must(t, os.WriteFile(filepath.Join(gitDir, name), []byte(text), 0o644))
		}
		tracked, ok := TrackedBelow(filepath.Join(dir, "build"))
		if tracked || ok != tt.ok {
			t.Errorf("%s: tracked %v ok %v, want false %v", tt.name, tracked, ok, tt.ok)
		}
	}
}
