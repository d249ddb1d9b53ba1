package checkpoint

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Issue #17: rolling back to the oldest checkpoint must not prune it on the
// way (the pre-rollback snapshot used to push it out and gc its objects).
func TestRollbackToOldestKeepsIt(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSnapshots = 2
	r, dir := testRepo(t, cfg)
	ctx := context.Background()
	write(t, filepath.Join(dir, "f.txt"), "old\n", 0o644)
	oldest := create(t, r, "old").Snapshot
	write(t, filepath.Join(dir, "f.txt"), "new\n", 0o644)
	create(t, r, "new")
	write(t, filepath.Join(dir, "f.txt"), "newest\n", 0o644)

	rs, err := r.Restore(ctx, Ref{N: oldest.ID})
	must(t, err)
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != "old\n" {
		t.Fatalf("after rollback to the oldest: %q", data)
	}
	if rs.Target.Hash != oldest.Hash {
		t.Fatalf("restored %s, want %s", rs.Target.Short(), oldest.Short())
	}
	// The target is still there and still restorable.
	write(t, filepath.Join(dir, "f.txt"), "again\n", 0o644)
	_, err = r.Restore(ctx, Ref{N: oldest.ID})
	must(t, err)
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != "old\n" {
		t.Fatalf("second rollback to the oldest: %q", data)
	}
}

// Issue #17: ids do not move when new checkpoints (the pre-rollback ones)
// are made: two single-file rollbacks to the same id use the same one.
func TestIDsDoNotMove(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	write(t, filepath.Join(dir, "a"), "a1\n", 0o644)
	write(t, filepath.Join(dir, "b"), "b1\n", 0o644)
	first := create(t, r, "first").Snapshot
	if first.ID != 1 {
		t.Fatalf("first checkpoint has id %d", first.ID)
	}
	write(t, filepath.Join(dir, "a"), "a2\n", 0o644)
	write(t, filepath.Join(dir, "b"), "b2\n", 0o644)
	if s := create(t, r, "second").Snapshot; s.ID != 2 {
		t.Fatalf("second checkpoint has id %d", s.ID)
	}
	for _, f := range []string{"a", "b"} {
		_, err := r.RestorePath(ctx, Ref{N: 1}, f)
		must(t, err)
	}
	for f, want := range map[string]string{"a": "a1\n", "b": "b1\n"} {
		if data, _ := os.ReadFile(filepath.Join(dir, f)); string(data) != want {
			t.Errorf("%s = %q, want %q", f, data, want)
		}
	}
	list := snapshots(t, r)
	seen := map[int]bool{}
	for i, s := range list {
		if seen[s.ID] {
			t.Fatalf("id %d twice", s.ID)
		}
		seen[s.ID] = true
		if i > 0 && s.ID >= list[i-1].ID {
			t.Fatalf("ids not increasing with time: %d after %d", list[i-1].ID, s.ID)
		}
	}
}

// Issue #17: a directory replaced by a symlink does not stop a rollback.
func TestRollbackDirReplacedBySymlink(t *testing.T) {
	r, dir := testRepo(t, Config{})
	other := t.TempDir()
	write(t, filepath.Join(other, "x.txt"), "elsewhere\n", 0o644)
	write(t, filepath.Join(dir, "d/x.txt"), "inside\n", 0o644)
	write(t, filepath.Join(dir, "d/y.txt"), "y\n", 0o644)
	before := fingerprint(t, dir)
	s := create(t, r, "before").Snapshot
	must(t, os.RemoveAll(filepath.Join(dir, "d")))
	must(t, os.Symlink(other, filepath.Join(dir, "d")))

	_, err := r.Restore(context.Background(), Ref{N: s.ID})
	must(t, err)
	if d := diffPrints(before, fingerprint(t, dir)); d != "" {
		t.Fatalf("after rollback:\n%s", d)
	}
	if data, _ := os.ReadFile(filepath.Join(other, "x.txt")); string(data) != "elsewhere\n" {
		t.Fatalf("the rollback wrote through the symlink: %q", data)
	}
}

// Issue #17: a tree that grew over max_files can still be rolled back (the
// pre-rollback snapshot is not refused).
func TestRollbackOverMaxFiles(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxFiles = 3
	r, dir := testRepo(t, cfg)
	write(t, filepath.Join(dir, "a"), "a\n", 0o644)
	before := fingerprint(t, dir)
	s := create(t, r, "small").Snapshot
	for _, f := range []string{"b", "c", "d", "e"} {
		write(t, filepath.Join(dir, f), f, 0o644)
	}
	write(t, filepath.Join(dir, "a"), "changed\n", 0o644)
	var tooMany *TooManyFilesError
	if _, err := r.Create(context.Background(), "big"); !errors.As(err, &tooMany) {
		t.Fatalf("create over max_files: %v", err)
	}
	var buf nopWriter
	if _, err := r.Diff(context.Background(), Ref{N: s.ID}, &buf); err != nil {
		t.Fatalf("diff over max_files: %v", err)
	}
	rs, err := r.Restore(context.Background(), Ref{N: s.ID})
	must(t, err)
	if d := diffPrints(before, fingerprint(t, dir)); d != "" {
		t.Fatalf("after rollback:\n%s", d)
	}
	if rs.Pre == nil || rs.Pre.Files != 5 {
		t.Fatalf("the pre-rollback snapshot: %+v", rs.Pre)
	}
}

type nopWriter struct{}

func (nopWriter) Write(p []byte) (int, error) { return len(p), nil }

// EnsureTurn, the agents' per-turn snapshot: once per session and turn,
// of the project of the directory given, labelled with both.
func TestEnsureTurn(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	userGit(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "sub/f.txt"), "1", 0o644)
	home := r.home
	res, err := EnsureTurn(ctx, home, DefaultConfig(), filepath.Join(dir, "sub"), "sess-1", "7")
	must(t, err)
	if res == nil || !res.Created || res.Snapshot.Reason != "before turn 7 of session sess-1" {
		t.Fatalf("first call: %+v", res)
	}
	write(t, filepath.Join(dir, "sub/f.txt"), "2", 0o644)
	if res, err := EnsureTurn(ctx, home, DefaultConfig(), dir, "sess-1", "7"); err != nil || res != nil {
		t.Fatalf("same turn again: %+v, %v", res, err)
	}
	res, err = EnsureTurn(ctx, home, DefaultConfig(), dir, "sess-2", "7")
	must(t, err)
	if res == nil || !res.Created || res.Snapshot.ID != 2 {
		t.Fatalf("another session's turn: %+v", res)
	}
	off := DefaultConfig()
	off.Enabled = false
	if res, err := EnsureTurn(ctx, home, off, dir, "sess-3", "1"); err != nil || res != nil {
		t.Fatalf("disabled: %+v, %v", res, err)
	}
	if _, err := EnsureTurn(ctx, home, DefaultConfig(), dir, "s", "bad\nturn"); err == nil {
		t.Fatal("a turn with a newline was accepted")
	}
}
