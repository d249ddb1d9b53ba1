package checkpoint

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startWatcher runs a watcher that snapshots only when asked (the
// debounce is far away), and stops it at the end of the test.
func startWatcher(t *testing.T, r *Repo) *Watcher {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	wt := r.StartWatch(ctx, WatchOptions{Debounce: time.Hour, Notify: func(ev WatchEvent) {
		if ev.Ready {
			close(ready)
		}
	}})
	select {
	case <-ready:
	case <-wt.Done():
		t.Fatalf("the watch ended: %v", wt.Wait())
	}
	t.Cleanup(func() {
		cancel()
		stopped(t, wt.Done())
	})
	return wt
}

// fullScan snapshots dir in a shadow repository of its own (another hguard
// home): the tree and empty directories a full scan finds.
func fullScan(t *testing.T, full *Repo) (tree string, empty []string) {
	t.Helper()
	res := create(t, full, "full")
	return res.Snapshot.Tree, res.Snapshot.empty
}

// An incremental snapshot holds exactly what a full scan of the same tree
// holds, after random edits of every kind: files created, changed,
// chmodded and deleted, renames of files and directories, a directory
// replaced by a file and the reverse, symlinks (also replacing a
// directory), empty directories, excluded names, and an ignore file.
func TestIncrementalEqualsFullScan(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxFileSize = 64
	r, dir := testRepo(t, cfg)
	for i := range 20 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/s%d/f%d.txt", i%4, i%3, i)), fmt.Sprintf("file %d\n", i), 0o644)
	}
	must(t, os.MkdirAll(filepath.Join(dir, "empty/inner"), 0o755))
	wt := startWatcher(t, r)
	full, err := New(t.TempDir(), dir, cfg)
	must(t, err)
	full.maint = maintainForeground
	// The watcher's index holds the tree as it starts, and an ignore file
	// leaves out only what no snapshot holds yet: the full scan's
	// repository starts from the same tree.
	fullScan(t, full)
	rng := rand.New(rand.NewPCG(17, uint64(time.Now().UnixNano())))
	seed := rng.Uint64()
	if s := os.Getenv("HGUARD_TEST_SEED"); s != "" { // to repeat a failure
		seed, err = strconv.ParseUint(s, 10, 64)
		must(t, err)
	}
	rng = rand.New(rand.NewPCG(17, seed))
	t.Logf("seed %d", seed)

	names := []string{"a", "b", "c.txt", "node_modules", "x.pyc", ".env", "big", "e"}
	pick := func() string { // an existing path, or a new one beside it
		var all []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && p != dir {
				rel, _ := filepath.Rel(dir, p)
				all = append(all, rel)
			}
			return nil
		})
		if len(all) == 0 || rng.IntN(4) == 0 {
			return names[rng.IntN(len(names))]
		}
		return all[rng.IntN(len(all))]
	}
	put := func(p, content string) { // a path below a file cannot be made: fine
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(content), 0o644)
	}
	incremental := 0
	prev := ""
	for round := range 30 {
		var did []string
		for range 1 + rng.IntN(6) {
			p := pick()
			abs := filepath.Join(dir, p)
			fi, statErr := os.Lstat(abs)
			isDir := statErr == nil && fi.IsDir()
			op := rng.IntN(10)
			switch op {
			case 0: // create or overwrite a file (replacing a directory)
				os.RemoveAll(abs)
				put(abs, fmt.Sprintf("round %d\n", round))
			case 1: // a new file inside (a directory) or beside
				base := abs
				if !isDir {
					base = filepath.Dir(abs)
				}
				put(filepath.Join(base, names[rng.IntN(len(names))], "n.txt"), "new\n")
			case 2:
				os.RemoveAll(abs)
			case 3: // rename
				to := filepath.Join(filepath.Dir(abs), names[rng.IntN(len(names))])
				if !strings.HasPrefix(to, abs+"/") {
					os.RemoveAll(to)
					os.Rename(abs, to)
				}
			case 4: // a directory replaced by a file or the reverse
				os.RemoveAll(abs)
				if isDir {
					put(abs, "was a dir\n")
				} else {
					put(filepath.Join(abs, "f"), "was a file\n")
				}
			case 5: // a symlink, replacing what was there
				os.RemoveAll(abs)
				os.MkdirAll(filepath.Dir(abs), 0o755)
				os.Symlink([]string{"d0", "../x", "nowhere"}[rng.IntN(3)], abs)
			case 6:
				if statErr == nil && !isDir {
					os.Chmod(abs, []os.FileMode{0o755, 0o644}[rng.IntN(2)])
				}
			case 7: // an empty directory
				os.MkdirAll(filepath.Join(abs+"-dir", "sub"), 0o755)
			case 8: // over max_file_size
				os.RemoveAll(abs)
				put(abs, strings.Repeat("x", 100))
			case 9:
				if rng.IntN(4) == 0 { // an ignore file: a full scan
					// what it newly ignores stays when a snapshot held it
					put(filepath.Join(filepath.Dir(abs), ".gitignore"), []string{"c.txt\n", "c.txt\n", "a\n", "*\n!e\n"}[rng.IntN(4)])
				} else if statErr == nil && !isDir {
					os.WriteFile(abs, []byte("edited\n"), 0o644)
				}
			}
			did = append(did, fmt.Sprintf("%d:%s", op, p))
		}
		res, err := wt.Snapshot(context.Background(), fmt.Sprintf("round %d", round))
		if err != nil {
			t.Fatalf("round %d (%v): %v", round, did, err)
		}
		if res.Incremental {
			incremental++
		}
		// Its statistics are git's diff against the snapshot before.
		if s := res.Snapshot; res.Created && prev != "" {
			if got, want := [3]int{s.Files, s.Added, s.Deleted}, realDiff(t, r, prev, s.Tree); got != want {
				t.Errorf("round %d after %v (incremental %v): statistics %v, git diff says %v", round, did, res.Incremental, got, want)
			}
		}
		prev = res.Snapshot.Tree
		tree, empty := fullScan(t, full)
		if res.Snapshot.Tree != tree || !slices.Equal(res.Snapshot.empty, empty) {
			a, _ := r.git(context.Background(), nil, "ls-tree", "-r", res.Snapshot.Tree)
			b, _ := full.git(context.Background(), nil, "ls-tree", "-r", tree)
			diff := fmt.Sprintf("incremental:\n%s\nfull scan:\n%s", a, b)
			t.Fatalf("round %d after %v (incremental %v): tree %s, empty %q; a full scan: tree %s, empty %q\n%s",
				round, did, res.Incremental, res.Snapshot.Tree, res.Snapshot.empty, tree, empty, diff)
		}
	}
	if incremental < 15 {
		t.Errorf("only %d of 30 snapshots were incremental", incremental)
	}
	// What was written in Go (objects, packs, refs) is sound to git.
	if out, err := r.git(context.Background(), nil, "fsck", "--strict", "--no-dangling"); err != nil {
		t.Fatalf("git fsck of the watched repository: %v\n%s", err, out)
	}
	// Each began from a tree it knew: none went through the shadow index.
	if r.treeEdits != incremental {
		t.Errorf("%d of %d incremental snapshots wrote their tree without the index", r.treeEdits, incremental)
	}
}
