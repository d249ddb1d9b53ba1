package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCreateRecordsNothingWhenUnchanged(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "a.txt"), "a\n", 0o644)
	first := create(t, r, "first")
	again := create(t, r, "again")
	if !first.Created || again.Created || again.Snapshot.Hash != first.Snapshot.Hash {
		t.Fatalf("created %v then %v", first.Created, again.Created)
	}
	// Changes in excluded files are no changes.
	write(t, filepath.Join(dir, "node_modules/x.js"), "x\n", 0o644)
	write(t, filepath.Join(dir, ".env.local"), "TOKEN=1\n", 0o644)
	if create(t, r, "").Created {
		t.Fatal("a change in excluded files made a snapshot")
	}
	// An exec bit, a new empty directory and a removed file are changes.
	must(t, os.Chmod(filepath.Join(dir, "a.txt"), 0o755))
	if !create(t, r, "").Created {
		t.Fatal("chmod +x made no snapshot")
	}
	must(t, os.Mkdir(filepath.Join(dir, "empty"), 0o755))
	if !create(t, r, "").Created {
		t.Fatal("a new empty directory made no snapshot")
	}
	must(t, os.Remove(filepath.Join(dir, "a.txt")))
	if !create(t, r, "").Created {
		t.Fatal("a removed file made no snapshot")
	}
	list := snapshots(t, r)
	if len(list) != 4 || list[3].Reason != "first" || list[0].N != 1 {
		t.Fatalf("list: %d snapshots", len(list))
	}
}

func TestCreateFileCountGuard(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxFiles = 5
	r, dir := testRepo(t, cfg)
	for i := range 6 {
		write(t, filepath.Join(dir, fmt.Sprintf("d%d/f.txt", i)), "x", 0o644)
	}
	for i := range 20 { // excluded files do not count
		write(t, filepath.Join(dir, fmt.Sprintf("node_modules/f%d", i)), "x", 0o644)
	}
	_, err := r.Create(context.Background(), "")
	var tooMany *TooManyFilesError
	if !errors.As(err, &tooMany) || !strings.Contains(err.Error(), "more than 5 files") {
		t.Fatalf("Create: %v, want TooManyFilesError", err)
	}
	must(t, os.RemoveAll(filepath.Join(dir, "d5")))
	if res := create(t, r, ""); res.Files != 5 {
		t.Fatalf("files: %d", res.Files)
	}
}

func TestCreateSkipsLargeFiles(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxFileSize = 100
	r, dir := testRepo(t, cfg)
	write(t, filepath.Join(dir, "small.txt"), "small", 0o644)
	write(t, filepath.Join(dir, "big.bin"), strings.Repeat("\x00", 101), 0o644)
	res := create(t, r, "")
	if res.Files != 1 || len(res.Skipped) != 1 || res.Skipped[0].Path != "big.bin" || res.Skipped[0].Size != 101 {
		t.Fatalf("files %d, skipped %+v", res.Files, res.Skipped)
	}
	// A rollback leaves the skipped file alone.
	write(t, filepath.Join(dir, "big.bin"), strings.Repeat("\x01", 200), 0o644)
	_, err := r.Restore(context.Background(), Ref{N: 1})
	must(t, err)
	if data, _ := os.ReadFile(filepath.Join(dir, "big.bin")); len(data) != 200 {
		t.Fatal("the skipped file was touched")
	}
}

func TestPruneKeepsNewest(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSnapshots = 3
	r, dir := testRepo(t, cfg)
	var hashes []string
	for i := range 5 {
		write(t, filepath.Join(dir, "f.txt"), fmt.Sprint(i), 0o644)
		hashes = append(hashes, create(t, r, fmt.Sprint("snap ", i)).Snapshot.Hash)
	}
	list := snapshots(t, r)
	if len(list) != 3 || list[0].Hash != hashes[4] || list[2].Hash != hashes[2] {
		t.Fatalf("after 5 snapshots with max 3: %d kept", len(list))
	}
	n, err := r.Prune(context.Background(), 1)
	must(t, err)
	if list := snapshots(t, r); n != 2 || len(list) != 1 || list[0].Reason != "snap 4" {
		t.Fatalf("prune to 1: pruned %d, kept %d", n, len(list))
	}
	// gc ran: the oldest snapshot's content is gone from the repository.
	if _, err := r.git(context.Background(), nil, "cat-file", "-e", hashes[0]); err == nil {
		t.Error("a pruned snapshot survived gc")
	}
	if _, err := r.Restore(context.Background(), Ref{N: 5}); err != nil {
		t.Fatal(err)
	}
}

func TestEnsureOncePerTurn(t *testing.T) {
	r, dir := testRepo(t, Config{})
	ctx := context.Background()
	write(t, filepath.Join(dir, "f.txt"), "1", 0o644)
	res, err := r.Ensure(ctx, "turn-1", "")
	must(t, err)
	if res == nil || !res.Created || res.Snapshot.Reason != "before turn turn-1" {
		t.Fatalf("first ensure: %+v", res)
	}
	write(t, filepath.Join(dir, "f.txt"), "2", 0o644)
	if res, err := r.Ensure(ctx, "turn-1", ""); err != nil || res != nil {
		t.Fatalf("second ensure in the same turn: %+v, %v", res, err)
	}
	res, err = r.Ensure(ctx, "turn-2", "before rm")
	must(t, err)
	if res == nil || !res.Created || res.Snapshot.Reason != "before rm" {
		t.Fatalf("ensure in a new turn: %+v", res)
	}
	if _, err := r.Ensure(ctx, "bad\nturn", ""); err == nil {
		t.Fatal("a turn ID with a newline was accepted")
	}
}

// hguard's own home inside the snapshotted tree is never snapshotted.
func TestHomeInsideTreeIsExcluded(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "f.txt"), "f", 0o644)
	r, err := New(filepath.Join(dir, ".hguard"), dir, DefaultConfig())
	must(t, err)
	res := create(t, r, "")
	write(t, filepath.Join(dir, "g.txt"), "g", 0o644)
	res2 := create(t, r, "")
	if res.Files != 1 || res2.Files != 2 {
		t.Fatalf("files: %d then %d; the home was snapshotted", res.Files, res2.Files)
	}
	_, err = r.Restore(context.Background(), Ref{N: 1})
	must(t, err)
	if _, err := os.Stat(filepath.Join(dir, "g.txt")); err == nil {
		t.Error("g.txt, created after the snapshot, is still there")
	}
	// Nothing changed since the second snapshot: no pre-rollback one.
	if len(snapshots(t, r)) != 2 {
		t.Fatal("the rollback damaged hguard's home")
	}
}

func TestGitignoreRules(t *testing.T) {
	r, dir := testRepo(t, Config{Exclude: []string{"*.tmp"}, MaxFiles: 100, MaxSnapshots: 5, MaxFileSize: 1 << 20})
	files := map[string]bool{ // path: snapshotted
		"keep.txt":             true,
		"debug.log":            false,
		"important.log":        true, // !important.log
		"sub/x.o":              false,
		"sub/y.c":              true,
		"sub/local.txt":        false, // sub/.gitignore
		"other/local.txt":      true,
		"doc/a/b/c.md":         false, // doc/**/c.md
		"build/out":            false, // default
		"src/build.go":         true,
		"cache.tmp":            false, // config
		".env.production":      false, // default secret
		"keys/server.pem":      false,
		"__pycache__/m.pyc":    false,
		"vendor/.git/config":   false,
		"vendor/lib.go":        true,
		"deep/node_modules/x":  false,
		"anchored/top.txt":     false, // /anchored/top.txt
		"x/anchored/top.txt":   true,
		"sub/.gitignore":       true,
		".gitignore":           true,
		"space name.txt":       true,
		"weird [brackets].txt": true,
	}
	write(t, filepath.Join(dir, ".gitignore"), "*.log\n!important.log\n*.o\ndoc/**/c.md\n/anchored/top.txt\n# comment\n\n", 0o644)
	write(t, filepath.Join(dir, "sub/.gitignore"), "local.txt\n", 0o644)
	for p := range files {
		if !strings.HasSuffix(p, ".gitignore") {
			write(t, filepath.Join(dir, p), p, 0o644)
		}
	}
	l, err := newExcluder(r.Dir, r.home, r.cfg).walk(r.Dir, 100, 1<<20)
	must(t, err)
	got := map[string]bool{}
	for _, f := range l.files {
		got[f] = true
	}
	for p, want := range files {
		if got[p] != want {
			t.Errorf("%s: snapshotted %v, want %v", p, got[p], want)
		}
	}
}

func TestWildmatch(t *testing.T) {
	tests := []struct {
		pat, s string
		want   bool
	}{
		{"*.go", "a.go", true},
		{"*.go", "a/b.go", false},
		{"a/*/c", "a/b/c", true},
		{"a/*/c", "a/b/x/c", false},
		{"a/**/c", "a/c", true},
		{"a/**/c", "a/b/x/c", true},
		{"**/c", "c", true},
		{"**/c", "x/y/c", true},
		{"a/**", "a/b/c", true},
		{"a/**", "a", false},
		{"f?o", "foo", true},
		{"f?o", "f/o", false},
		{"[abc]x", "bx", true},
		{"[!abc]x", "bx", false},
		{"[a-c]x", "cx", true},
		{`\*x`, "*x", true},
		{`\*x`, "ax", false},
		{"[x", "[x", true},
		{"a**b", "axxb", true},
	}
	for _, tt := range tests {
		if got := wildmatch(tt.pat, tt.s); got != tt.want {
			t.Errorf("wildmatch(%q, %q) = %v", tt.pat, tt.s, got)
		}
	}
}
