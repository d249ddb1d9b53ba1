package checkpoint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Go reader of the index sees what git's own `ls-files --debug` shows,
// for every index version git writes, also with extended flags (an
// intent-to-add entry, version 3) and long, prefix-sharing names
// (version 4's compression).
func TestParseIndexMatchesGit(t *testing.T) {
	for _, version := range []string{"2", "3", "4"} {
		t.Run("v"+version, func(t *testing.T) {
			dir := t.TempDir()
			userGit(t, dir, "init", "-q")
			long := strings.Repeat("long-directory-name/", 12)
			for _, p := range []string{"a-", "a.b", "a/b", "b/c d", long + "x", long + "xy", "z\tz", "ünï"} {
				write(t, filepath.Join(dir, p), "content of "+p+"\n", 0o644)
			}
			must(t, os.Symlink("a.b", filepath.Join(dir, "link")))
			must(t, os.Chmod(filepath.Join(dir, "a.b"), 0o755))
			userGit(t, dir, "add", "-A")
			if version == "3" {
				write(t, filepath.Join(dir, "later"), "x\n", 0o644)
				userGit(t, dir, "add", "-N", "later")
			}
			userGit(t, dir, "update-index", "--index-version", version)
			ix, err := readIndex(filepath.Join(dir, ".git", "index"))
			must(t, err)
			var got strings.Builder
			for i, p := range ix.paths {
				e := ix.entries[i]
				fmt.Fprintf(&got, "%s\n  ctime: %d:%d\n  mtime: %d:%d\n  ino: %d\n  uid: %d\tgid: %d\n  size: %d\n",
					p, e.ctimeSec, e.ctimeNsec, e.mtimeSec, e.mtimeNsec, e.ino, e.uid, e.gid, e.size)
			}
			// git's listing, without the fields the reader does not keep,
			// names unquoted (-z).
			var want strings.Builder
			for _, rec := range strings.Split(userGit(t, dir, "ls-files", "--debug", "-z"), "\x00") {
				if rec == "" {
					continue
				}
				for _, line := range strings.SplitAfter(rec, "\n") {
					switch {
					case strings.HasPrefix(line, "  dev: "):
						_, ino, _ := strings.Cut(line, "\t")
						want.WriteString("  " + ino)
					case strings.HasPrefix(line, "  size: "):
						size, _, _ := strings.Cut(line, "\t")
						want.WriteString(size + "\n")
					case line == "":
					default: // a name, followed by the next NUL

						want.WriteString(line)
						if !strings.HasSuffix(line, "\n") {
							want.WriteString("\n")
						}
					}
				}
			}
			if got.String() != want.String() {
				t.Fatalf("index v%s read as\n%q\ngit says\n%q", version, got.String(), want.String())
			}
		})
	}
}

// A damaged or foreign index is refused, never misread: the snapshot
// then lets git compare every path.
func TestParseIndexRefusesDamage(t *testing.T) {
	dir := t.TempDir()
	userGit(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a"), "a\n", 0o644)
	userGit(t, dir, "add", "-A")
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	must(t, err)
	flip := append([]byte(nil), data...)
	flip[20] ^= 1
	for name, d := range map[string][]byte{
		"empty":     nil,
		"truncated": data[:len(data)-5],
		"checksum":  flip,
		"magic":     append([]byte("XIRC"), data[4:]...),
	} {
		if _, err := parseIndex(d); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}

// A full scan that hands git only the paths whose stat data changed still
// records every change, also one made right after the index was written
// with the same size (racily clean entries go to git, which reads them).
func TestOnePassSeesEveryChange(t *testing.T) {
	r, dir := testRepo(t, Config{})
	for i := range 20 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/f%d", i%3, i)), "same size 00\n", 0o644)
	}
	create(t, r, "first")
	for round := range 15 {
		p := filepath.Join(dir, fmt.Sprintf("d%d/f%d", round%3, round))
		content := fmt.Sprintf("same size %02d\n", round+1)
		write(t, p, content, 0o644)
		res := create(t, r, fmt.Sprint(round))
		if !res.Created {
			t.Fatalf("round %d: the change made no checkpoint", round)
		}
		rel := fmt.Sprintf("d%d/f%d", round%3, round)
		if got := userGit(t, dir, "--git-dir="+r.GitDir, "cat-file", "blob", res.Snapshot.Tree+":"+rel); got != content {
			t.Fatalf("round %d: %s stored as %q, want %q", round, rel, got, content)
		}
	}
}

// An index this reader does not take (here a split index) is no failure:
// every path goes to git, which compares the stat data itself, and what
// left the tree still leaves the index.
func TestSnapshotWithUnreadableIndexFormat(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "a"), "a\n", 0o644)
	write(t, filepath.Join(dir, "b"), "b\n", 0o644)
	create(t, r, "first")
	userGit(t, dir, "--git-dir="+r.GitDir, "update-index", "--split-index")
	if _, err := readIndex(filepath.Join(r.GitDir, "index")); err == nil {
		t.Fatal("a split index was read")
	}
	write(t, filepath.Join(dir, "a"), "a2\n", 0o644)
	must(t, os.Remove(filepath.Join(dir, "b")))
	res := create(t, r, "second")
	if !res.Created || res.Files != 1 {
		t.Fatalf("created %v, %d files", res.Created, res.Files)
	}
	if got := userGit(t, dir, "--git-dir="+r.GitDir, "ls-tree", "-r", "--name-only", res.Snapshot.Tree); got != "a\n" {
		t.Fatalf("tree holds %q", got)
	}
}

// After every kind of removal — a file, a whole directory, a directory
// replaced by a symlink or by a file, a file replaced by a directory, a
// file excluded since — a snapshot from the index holds the same tree as
// the first snapshot of a fresh shadow repository, which has no index to
// go by.
func TestOnePassRemovalsEqualFreshScan(t *testing.T) {
	r, dir := testRepo(t, Config{})
	for _, p := range []string{"gone/a", "gone/sub/b", "tolink/c", "tofile/d", "file", "keep/e", "later.log", "x/y/z"} {
		write(t, filepath.Join(dir, p), p+"\n", 0o644)
	}
	create(t, r, "first")
	must(t, os.RemoveAll(filepath.Join(dir, "gone")))
	must(t, os.RemoveAll(filepath.Join(dir, "tolink")))
	must(t, os.Symlink("keep", filepath.Join(dir, "tolink")))
	must(t, os.RemoveAll(filepath.Join(dir, "tofile")))
	write(t, filepath.Join(dir, "tofile"), "now a file\n", 0o644)
	must(t, os.Remove(filepath.Join(dir, "file")))
	write(t, filepath.Join(dir, "file/inside"), "now a dir\n", 0o644)
	// Excluded now: a .gitignore does not take out what the first
	// snapshot held (pins.go), checkpoints.exclude does.
	cfg := DefaultConfig()
	cfg.Exclude = []string{"*.log"}
	r.cfg = cfg
	write(t, filepath.Join(dir, ".gitignore"), "*.log\n", 0o644)
	must(t, os.RemoveAll(filepath.Join(dir, "x/y")))
	got := create(t, r, "second").Snapshot.Tree
	fresh, err := New(t.TempDir(), dir, cfg)
	must(t, err)
	if want := create(t, fresh, "fresh").Snapshot.Tree; got != want {
		t.Fatalf("snapshot tree %s, a fresh full scan %s:\n%s", got, want,
			userGit(t, dir, "--git-dir="+r.GitDir, "diff-tree", "-r", "--name-status", got, want))
	}
}

// TestCachedRootTree: the index's cache-tree root is the tree of the last
// write-tree while nothing changed since, and is no longer taken once an
// entry changed (an unchanged snapshot uses it instead of write-tree).
func TestCachedRootTree(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxFileSize = 10
	r, dir := testRepo(t, cfg)
	write(t, filepath.Join(dir, "a/b/c.txt"), "c\n", 0o644)
	write(t, filepath.Join(dir, "d.txt"), "d\n", 0o644)
	ctx := context.Background()
	rootTree := func() string {
		ix, err := readIndex(filepath.Join(r.GitDir, "index"))
		must(t, err)
		return ix.rootTree
	}
	first := create(t, r, "first").Snapshot
	steps := []struct {
		name string
		do   func()
		want func() string
	}{
		{"after a snapshot", func() {}, func() string { return first.Tree }},
		{"after an unchanged snapshot", func() {
			if res := create(t, r, "again"); res.Created || res.Snapshot.Tree != first.Tree {
				t.Fatalf("unchanged tree: created %v, tree %s, want %s", res.Created, res.Snapshot.Tree, first.Tree)
			}
		}, func() string { return first.Tree }},
		{"after an entry changed without write-tree", func() {
			write(t, filepath.Join(dir, "a/b/c.txt"), "changed\n", 0o644)
			if _, err := r.git(ctx, nil, "update-index", "--", "a/b/c.txt"); err != nil {
				t.Fatal(err)
			}
		}, func() string { return "" }},
		{"after the next snapshot", func() {
			if res := create(t, r, "changed"); !res.Created || res.Snapshot.Tree == first.Tree {
				t.Fatal("the change was not snapshotted")
			}
		}, func() string { return snapshots(t, r)[0].Tree }},
		// The one change is a path that only update-index --force-remove
		// drops (it exists, but is skipped now): not an unchanged tree.
		{"after a file grew past max_file_size", func() {
			before := snapshots(t, r)[0].Tree
			write(t, filepath.Join(dir, "d.txt"), "now too large\n", 0o644)
			if res := create(t, r, "grown"); !res.Created || res.Snapshot.Tree == before {
				t.Fatal("a file that left the snapshots was not snapshotted")
			}
		}, func() string { return snapshots(t, r)[0].Tree }},
	}
	for _, s := range steps {
		s.do()
		if got, want := rootTree(), s.want(); got != want {
			t.Errorf("%s: cached root tree %q, want %q", s.name, got, want)
		}
	}
}
