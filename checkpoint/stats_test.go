package checkpoint

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// realDiff is what plain `git diff --numstat` says changed between two
// trees of the shadow repository: files, added and deleted lines (binary
// files count no lines). It shares no code with the snapshot's statistics.
func realDiff(t *testing.T, r *Repo, from, to string) [3]int {
	t.Helper()
	out := userGit(t, r.Dir, "--git-dir="+r.GitDir, "diff", "--numstat", "--no-renames", from, to)
	var d [3]int
	for line := range strings.Lines(out) {
		f := strings.SplitN(strings.TrimSuffix(line, "\n"), "\t", 3)
		if len(f) != 3 {
			t.Fatalf("numstat line %q", line)
		}
		a, _ := strconv.Atoi(f[0]) // "-" for binary: 0
		b, _ := strconv.Atoi(f[1])
		d[0]++
		d[1] += a
		d[2] += b
	}
	return d
}

// The statistics list shows are computed once, when a checkpoint is taken,
// and must equal a real diff of its tree against the one before, over a
// random history of edits of every kind, also for the oldest checkpoint
// kept once its predecessor was pruned: it is described by its own change,
// not by a diff against nothing.
func TestListStatsEqualRealDiff(t *testing.T) {
	for seed := range uint64(6) {
		// Odd seeds snapshot through a watcher: incremental snapshots
		// count their statistics in Go (numstat), full scans with git.
		watched := seed%2 == 1
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			cfg := DefaultConfig()
			cfg.MaxSnapshots = 6
			r, dir := testRepo(t, cfg)
			create := create
			inc := 0
			rnd := rand.New(rand.NewPCG(seed, 19))
			var files []string
			for i := range 30 {
				p := fmt.Sprintf("d%d/f%d.txt", i%5, i)
				write(t, filepath.Join(dir, p), strings.Repeat("line\n", 1+rnd.IntN(20)), 0o644)
				files = append(files, p)
			}
			first := create(t, r, "first").Snapshot
			if watched {
				wt := startWatcher(t, r)
				create = func(t testing.TB, r *Repo, reason string) *Result {
					res, err := wt.Snapshot(context.Background(), reason)
					must(t, err)
					if res.Incremental {
						inc++
					}
					return res
				}
			}
			if !first.First() || first.Files != 30 {
				t.Fatalf("first checkpoint: files %d added %d", first.Files, first.Added)
			}
			want := map[string][3]int{}
			prev := first.Tree
			for round := range 14 {
				for range 1 + rnd.IntN(5) {
					p := files[rnd.IntN(len(files))]
					abs := filepath.Join(dir, p)
					switch rnd.IntN(7) {
					case 0: // rewrite some lines
						data, _ := os.ReadFile(abs)
						lines := strings.SplitAfter(string(data), "\n")
						for i := range lines {
							if rnd.IntN(3) == 0 {
								lines[i] = fmt.Sprintf("changed %d %d\n", round, i)
							}
						}
						write(t, abs, strings.Join(lines, ""), 0o644)
					case 1: // append
						f, err := os.OpenFile(abs, os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
						must(t, err)
						fmt.Fprintf(f, "more %d\nand more\n", round)
						f.Close()
					case 2:
						os.Remove(abs)
					case 3: // a new file
						p := fmt.Sprintf("new%d/n%d.txt", rnd.IntN(3), rnd.IntN(1000))
						write(t, filepath.Join(dir, p), strings.Repeat("new\n", 1+rnd.IntN(9)), 0o644)
						files = append(files, p)
					case 4: // binary
						write(t, abs, fmt.Sprintf("\x00bin%d\x00", round), 0o644)
					case 6: // a file that became a symbolic link
						os.Remove(abs)
						os.Symlink("target\n", abs)
					case 5: // mode only
						os.Chmod(abs, 0o755)
					}
				}
				res := create(t, r, fmt.Sprint("round ", round))
				if !res.Created {
					continue
				}
				s := res.Snapshot
				want[s.Hash] = realDiff(t, r, prev, s.Tree)
				if got := [3]int{s.Files, s.Added, s.Deleted}; got != want[s.Hash] {
					t.Errorf("round %d: created with %v, git diff says %v", round, got, want[s.Hash])
				}
				prev = s.Tree
			}
			if watched && inc < 10 {
				t.Errorf("%d of 14 snapshots were incremental", inc)
			}
			list := snapshots(t, r)
			if len(list) != cfg.MaxSnapshots {
				t.Fatalf("%d checkpoints listed, want %d", len(list), cfg.MaxSnapshots)
			}
			for _, s := range list {
				w, ok := want[s.Hash]
				if !ok {
					t.Fatalf("checkpoint %d (%s) was not created by this test", s.ID, s.Short())
				}
				if got := [3]int{s.Files, s.Added, s.Deleted}; !s.HasStats || s.First() || got != w {
					t.Errorf("checkpoint %d lists %v (stats %v), git diff against its predecessor says %v", s.ID, got, s.HasStats, w)
				}
			}
		})
	}
}

// Checkpoints made by hguard versions that stored no statistics (and no
// ids) still list: ids are numbered from the oldest, each one's statistics
// are computed against the one before it when listed, the oldest has none
// (it shows "?"), and a new checkpoint after them stores its own.
func TestListLegacyCheckpoints(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	write(t, filepath.Join(dir, "a"), "1\n2\n3\n", 0o644)
	create(t, r, "one")
	write(t, filepath.Join(dir, "a"), "1\nx\n3\n", 0o644)
	write(t, filepath.Join(dir, "b"), "b\n", 0o644)
	create(t, r, "two")
	must(t, os.Remove(filepath.Join(dir, "b")))
	create(t, r, "three")
	// Rewrite every checkpoint as an old hguard wrote it: the reason alone.
	for _, s := range snapshots(t, r) {
		out, err := r.git(ctx, strings.NewReader(s.Reason+"\n"), "commit-tree", s.Tree)
		must(t, err)
		_, err = r.git(ctx, nil, "update-ref", s.Ref, strings.TrimSpace(string(out)))
		must(t, err)
	}
	raw, err := r.List(ctx, false)
	must(t, err)
	for _, s := range raw {
		if s.HasStats {
			t.Fatalf("legacy checkpoint %d has stored statistics", s.ID)
		}
	}
	list := snapshots(t, r)
	type row struct {
		id                    int
		reason                string
		has                   bool
		files, added, deleted int
	}
	got := func(list []*Snapshot) []row {
		var rows []row
		for _, s := range list {
			rows = append(rows, row{s.ID, s.Reason, s.HasStats, s.Files, s.Added, s.Deleted})
		}
		return rows
	}
	want := []row{
		{3, "three", true, 1, 0, 1},
		{2, "two", true, 2, 2, 1},
		{1, "one", false, 0, 0, 0},
	}
	if g := got(list); fmt.Sprint(g) != fmt.Sprint(want) {
		t.Fatalf("legacy list:\n got %v\nwant %v", g, want)
	}
	write(t, filepath.Join(dir, "c"), "c\nc\n", 0o644)
	create(t, r, "four")
	want = append([]row{{4, "four", true, 1, 2, 0}}, want...)
	if g := got(snapshots(t, r)); fmt.Sprint(g) != fmt.Sprint(want) {
		t.Fatalf("after a new checkpoint:\n got %v\nwant %v", g, want)
	}
}

// A rollback's pre-rollback checkpoint stores the statistics of its own
// change like any other: taken from the restore's diff, reversed, when the
// target is the checkpoint just before it, and from a diff of its own when
// the target is older.
func TestPreRollbackStats(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	write(t, filepath.Join(dir, "a"), "1\n2\n3\n", 0o644)
	write(t, filepath.Join(dir, "b"), "b\n", 0o644)
	write(t, filepath.Join(dir, "m"), "mode\n", 0o644)
	older := create(t, r, "older").Snapshot
	write(t, filepath.Join(dir, "c"), "c\nc\n", 0o644)
	latest := create(t, r, "latest").Snapshot
	edit := func(round int) {
		write(t, filepath.Join(dir, "a"), fmt.Sprintf("1\nx%d\n3\n4\n", round), 0o644)
		os.Remove(filepath.Join(dir, "b"))
		write(t, filepath.Join(dir, "bin"), fmt.Sprintf("\x00%d", round), 0o644)
		must(t, os.Chmod(filepath.Join(dir, "m"), 0o755))
		write(t, filepath.Join(dir, "new/f"), "n\nn\nn\n", 0o644)
	}
	for round, target := range []*Snapshot{latest, older} {
		edit(round)
		before := snapshots(t, r)[0].Tree
		res, err := r.Restore(ctx, Ref{N: target.ID})
		must(t, err)
		pre := res.Pre
		want := realDiff(t, r, before, pre.Tree)
		if got := [3]int{pre.Files, pre.Added, pre.Deleted}; got != want {
			t.Errorf("rollback to %s: the pre-rollback checkpoint stores %v, git diff says %v", target.Reason, got, want)
		}
		listed := snapshots(t, r)[0]
		if listed.Hash != pre.Hash || [3]int{listed.Files, listed.Added, listed.Deleted} != want {
			t.Errorf("rollback to %s: listed as %v", target.Reason, [3]int{listed.Files, listed.Added, listed.Deleted})
		}
	}
}
