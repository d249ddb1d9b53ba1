package checkpoint

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Edits that are easy to get wrong when a tree is written along the
// changed paths: an incremental snapshot after each must hold the tree a
// full scan writes, with the statistics git's diff counts.
func TestTreeEditEdgeCases(t *testing.T) {
	cases := []struct {
		name        string
		before      map[string]string // path: content ("->target" a symlink)
		edit        func(t *testing.T, dir string)
		incremental bool // the snapshot must be one
	}{
		{"odd names and git's order", map[string]string{"a/x": "1\n", "a.txt": "2\n"}, func(t *testing.T, dir string) {
			for _, name := range []string{"a/new", "a-", "a0", "a b", "a\nb", "\xff", "é", "-", "a/\x01"} {
				write(t, filepath.Join(dir, name), name+"\n", 0o644)
			}
		}, true},
		{"a file where a directory was", map[string]string{"a/b/c": "c\n", "a/d": "d\n", "z": "z\n"}, func(t *testing.T, dir string) {
			must(t, os.RemoveAll(filepath.Join(dir, "a")))
			write(t, filepath.Join(dir, "a"), "now a file\n", 0o644)
		}, true},
		{"a directory where a file was", map[string]string{"a": "a\n", "a.b": "x\n"}, func(t *testing.T, dir string) {
			must(t, os.Remove(filepath.Join(dir, "a")))
			write(t, filepath.Join(dir, "a/b/c"), "deep\n", 0o644)
		}, true},
		{"a symbolic link to what the file held", map[string]string{"l": "target", "k": "k\n"}, func(t *testing.T, dir string) {
			must(t, os.Remove(filepath.Join(dir, "l")))
			must(t, os.Symlink("target", filepath.Join(dir, "l")))
		}, true},
		{"a symbolic link where a directory was", map[string]string{"d/x": "x\n", "d/y/z": "z\n", "e": "e\n"}, func(t *testing.T, dir string) {
			must(t, os.RemoveAll(filepath.Join(dir, "d")))
			must(t, os.Symlink("e", filepath.Join(dir, "d")))
		}, true},
		{"execute bits: the owner's decides", map[string]string{"f": "f\n", "g": "g\n"}, func(t *testing.T, dir string) {
			must(t, os.Chmod(filepath.Join(dir, "f"), 0o654))
			must(t, os.Chmod(filepath.Join(dir, "g"), 0o744))
		}, true},
		{"the last file of nested directories", map[string]string{"p/q/r/f": "f\n", "p/g": "g\n"}, func(t *testing.T, dir string) {
			must(t, os.Remove(filepath.Join(dir, "p/q/r/f")))
		}, true},
		{"symbolic links git ignores: .gitmodules in any case", map[string]string{"sub/f": "f\n"}, func(t *testing.T, dir string) {
			must(t, os.Symlink("x", filepath.Join(dir, "sub/.GITMODULES")))
			must(t, os.Symlink("y", filepath.Join(dir, ".Gitmodules")))
			write(t, filepath.Join(dir, "g"), "g\n", 0o644)
		}, true},
		{"empty and binary files", map[string]string{"b": "\x00old\x00", "t": "t\n"}, func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "b"), "\x00new\x00", 0o644)
			write(t, filepath.Join(dir, "t"), "", 0o644)
			write(t, filepath.Join(dir, "n/empty"), "", 0o644)
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := DefaultConfig()
			r, dir := testRepo(t, cfg)
			for p, content := range c.before {
				abs := filepath.Join(dir, p)
				if target, ok := strings.CutPrefix(content, "->"); ok {
					must(t, os.MkdirAll(filepath.Dir(abs), 0o755))
					must(t, os.Symlink(target, abs))
					continue
				}
				write(t, abs, content, 0o644)
			}
			base := create(t, r, "before").Snapshot
			wt := startWatcher(t, r)
			c.edit(t, dir)
			res, err := wt.Snapshot(context.Background(), "after")
			must(t, err)
			if c.incremental && !res.Incremental {
				t.Fatal("the snapshot was a full scan")
			}
			full, err := New(t.TempDir(), dir, cfg)
			must(t, err)
			full.maint = maintainForeground
			tree, empty := fullScan(t, full)
			s := res.Snapshot
			if s.Tree != tree || !slices.Equal(s.empty, empty) {
				a, _ := r.git(context.Background(), nil, "ls-tree", "-r", "-t", s.Tree)
				b, _ := full.git(context.Background(), nil, "ls-tree", "-r", "-t", tree)
				t.Fatalf("tree %s, empty %q; a full scan: tree %s, empty %q\nincremental:\n%s\nfull scan:\n%s", s.Tree, s.empty, tree, empty, a, b)
			}
			if got, want := [3]int{s.Files, s.Added, s.Deleted}, realDiff(t, r, base.Tree, s.Tree); got != want {
				t.Errorf("statistics %v, git diff says %v", got, want)
			}
			if out, err := r.git(context.Background(), nil, "fsck", "--strict", "--no-dangling"); err != nil {
				t.Fatalf("git fsck: %v\n%s", err, out)
			}
		})
	}
}
