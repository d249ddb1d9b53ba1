package checkpoint

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoLooseObjects: every snapshot leaves its objects in packs — the
// first one, small changes, a file made empty, a symbolic link, a deleted
// directory, a rollback's pre-rollback snapshot — and what the packs hold
// restores the tree exactly.
func TestNoLooseObjects(t *testing.T) {
	r, dir := testRepo(t, Config{})
	for i := range 30 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/sub/f%d.txt", i%3, i)), fmt.Sprintf("file %d\n", i), 0o644)
	}
	write(t, filepath.Join(dir, "empty.txt"), "", 0o644)
	must(t, os.Symlink("d0/sub/f0.txt", filepath.Join(dir, "link")))
	first := fingerprint(t, dir, ".git")
	steps := []struct {
		name string
		edit func()
	}{
		{"first snapshot", func() {}},
		{"one file changed", func() { write(t, filepath.Join(dir, "d1/sub/f1.txt"), "changed\n", 0o644) }},
		{"a file made empty", func() { write(t, filepath.Join(dir, "d2/sub/f2.txt"), "", 0o644) }},
		{"a new symbolic link", func() { must(t, os.Symlink("nowhere", filepath.Join(dir, "d1/dangling"))) }},
		{"a directory removed", func() { must(t, os.RemoveAll(filepath.Join(dir, "d0"))) }},
	}
	var firstID int
	for _, s := range steps {
		s.edit()
		res := create(t, r, s.name)
		if !res.Created {
			t.Fatalf("%s: no snapshot", s.name)
		}
		if firstID == 0 {
			firstID = res.Snapshot.ID
		}
		if loose := r.looseObjects(); len(loose) > 0 {
			t.Errorf("after %s: %d loose objects, e.g. %s", s.name, len(loose), loose[0])
		}
		if dirs, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "[0-9a-f][0-9a-f]")); len(dirs) > 0 {
			t.Errorf("after %s: %d empty object directories left", s.name, len(dirs))
		}
	}
	if _, err := r.Restore(context.Background(), Ref{N: firstID}); err != nil {
		t.Fatal(err)
	}
	if loose := r.looseObjects(); len(loose) > 0 {
		t.Errorf("after a rollback: %d loose objects", len(loose))
	}
	if got := fingerprint(t, dir, ".git"); !maps.Equal(got, first) {
		t.Errorf("rollback from packs: tree differs:\n got %v\nwant %v", got, first)
	}
	if out, err := r.git(context.Background(), nil, "fsck", "--no-dangling"); err != nil {
		t.Errorf("fsck: %v\n%s", err, out)
	}
}

// TestCompactionWhenPacksPileUp: once the packs pass the limit, the gc a
// snapshot starts (in the foreground here, detached in real use) merges
// them, and the snapshots stay whole.
func TestCompactionWhenPacksPileUp(t *testing.T) {
	defer func(n int) { gcAutoPackLimit = n }(gcAutoPackLimit)
	gcAutoPackLimit = 4
	r, dir := testRepo(t, Config{})
	packs := func() int {
		m, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "pack", "*.pack"))
		return len(m)
	}
	most := 0
	for i := range 6 {
		write(t, filepath.Join(dir, fmt.Sprintf("f%d.txt", i)), fmt.Sprintf("file %d\n", i), 0o644)
		create(t, r, fmt.Sprint(i))
		most = max(most, packs())
	}
	if most > gcAutoPackLimit+2 || packs() > gcAutoPackLimit {
		t.Errorf("packs: %d at most, %d at the end; the limit is %d", most, packs(), gcAutoPackLimit)
	}
	st, err := Maintenance(r.home)
	must(t, err)
	if len(st) != 1 || st[0].Dir != r.Dir || st[0].Pending || st[0].Running != 0 || st[0].Failed != "" || st[0].Loose != 0 || st[0].Packs != packs() {
		t.Errorf("Maintenance: %+v", st)
	}
	if out, err := r.git(context.Background(), nil, "fsck", "--no-dangling"); err != nil {
		t.Errorf("fsck: %v\n%s", err, out)
	}
}

// TestMaintenanceStatus: doctor's view of the background gc — running
// while git's gc.pid names a live process, failed while gc.log holds an
// error, pending when packs piled up.
func TestMaintenanceStatus(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, r *Repo)
		check func(st GCStatus) bool
	}{
		{"idle", func(*testing.T, *Repo) {}, func(st GCStatus) bool {
			return st.Running == 0 && !st.Pending && st.Failed == "" && st.Packs > 0 && st.Size > 0
		}},
		{"running", func(t *testing.T, r *Repo) {
			must(t, os.WriteFile(filepath.Join(r.GitDir, "gc.pid"), fmt.Appendf(nil, "%d somehost", os.Getpid()), 0o644))
		}, func(st GCStatus) bool { return st.Running == os.Getpid() }},
		{"stale pid file", func(t *testing.T, r *Repo) {
			must(t, os.WriteFile(filepath.Join(r.GitDir, "gc.pid"), []byte("0 somehost"), 0o644))
		}, func(st GCStatus) bool { return st.Running == 0 }},
		{"failed", func(t *testing.T, r *Repo) {
			must(t, os.WriteFile(filepath.Join(r.GitDir, "gc.log"), []byte("error: No space left on device\n"), 0o644))
		}, func(st GCStatus) bool { return st.Failed == "error: No space left on device" && !st.FailedAt.IsZero() }},
		{"pending", func(t *testing.T, r *Repo) {
			for i := range gcAutoPackLimit + 1 {
				must(t, os.WriteFile(filepath.Join(r.GitDir, "objects", "pack", fmt.Sprintf("pack-%d.pack", i)), nil, 0o644))
			}
		}, func(st GCStatus) bool { return st.Pending && st.Packs > gcAutoPackLimit }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, dir := testRepo(t, Config{})
			write(t, filepath.Join(dir, "a.txt"), "a\n", 0o644)
			create(t, r, "")
			tt.setup(t, r)
			st, err := Maintenance(r.home)
			must(t, err)
			if len(st) != 1 || !tt.check(st[0]) {
				t.Errorf("Maintenance: %+v", st)
			}
		})
	}
	if st, err := Maintenance(t.TempDir()); err != nil || len(st) != 0 {
		t.Errorf("a home without checkpoints: %v, %v", st, err)
	}
}

// TestFirstSnapshotInRuns: a first snapshot larger than one bulk check-in
// run is stored in several runs (one pack each) and is the same tree as
// git's own commit of the files; a rollback to it restores them exactly.
func TestFirstSnapshotInRuns(t *testing.T) {
	defer func(n int) { bulkCheckinRun = n }(bulkCheckinRun)
	bulkCheckinRun = 4
	r, dir := testRepo(t, Config{})
	for i := range 11 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/f%d.txt", i%2, i)), fmt.Sprintf("file %d\n", i), 0o644)
	}
	first := fingerprint(t, dir, ".git")
	userGit(t, dir, "init", "-q")
	userGit(t, dir, "add", "-A")
	want := strings.TrimSpace(userGit(t, dir, "write-tree"))
	res := create(t, r, "first")
	if got := res.Snapshot.Tree; got != want {
		t.Fatalf("first snapshot's tree %s, want git's %s", got, want)
	}
	packs, _ := filepath.Glob(filepath.Join(r.GitDir, "objects", "pack", "*.pack"))
	if len(packs) < 3 { // 11 files in runs of 4, and the trees' pack
		t.Errorf("%d packs after a first snapshot in three runs", len(packs))
	}
	for i := range 11 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/f%d.txt", i%2, i)), "changed\n", 0o644)
	}
	create(t, r, "changed")
	if _, err := r.Restore(context.Background(), Ref{N: res.Snapshot.ID}); err != nil {
		t.Fatal(err)
	}
	if got := fingerprint(t, dir, ".git"); !maps.Equal(got, first) {
		t.Errorf("rollback to a first snapshot in runs: tree differs:\n got %v\nwant %v", got, first)
	}
}
