package checkpoint

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
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
