package checkpoint

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// listFromGit is the list as git's for-each-ref reads it, with listFile
// out of the way (and put back as the list writes it).
func listFromGit(t *testing.T, r *Repo) []*Snapshot {
	t.Helper()
	os.Remove(filepath.Join(r.GitDir, listFile))
	list, err := r.list(context.Background(), true)
	must(t, err)
	return list
}

// TestListFileEqualsGit: after each kind of change of the refs, the list
// read from listFile (without git) is the list git reads, field for field,
// and listFile is used only while it matches the refs.
func TestListFileEqualsGit(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxSnapshots = 3
	r, dir := testRepo(t, cfg)
	ctx := context.Background()
	steps := []struct {
		name string
		do   func()
	}{
		{"first snapshot", func() { write(t, filepath.Join(dir, "a"), "1", 0o644); create(t, r, "one") }},
		{"a snapshot with an empty directory", func() {
			must(t, os.MkdirAll(filepath.Join(dir, "empty", "dir"), 0o755))
			write(t, filepath.Join(dir, "b"), "2\n", 0o644)
			create(t, r, "two\twith a tab")
		}},
		{"snapshots past max_snapshots", func() {
			for i := range 3 {
				write(t, filepath.Join(dir, "c"), fmt.Sprint(i), 0o644)
				create(t, r, fmt.Sprint("more ", i))
			}
		}},
		{"a rollback", func() {
			list := snapshots(t, r)
			if _, err := r.Restore(ctx, Ref{N: list[len(list)-1].ID}); err != nil {
				t.Fatal(err)
			}
		}},
		{"refs packed by git", func() { userGit(t, r.Dir, "--git-dir="+r.GitDir, "pack-refs", "--all") }},
		{"a snapshot beside packed refs", func() { write(t, filepath.Join(dir, "d"), "4", 0o644); create(t, r, "four") }},
		{"prune", func() {
			if _, err := r.Prune(ctx, 2); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, step := range steps {
		step.do()
		if _, ok := r.cachedList(); !ok {
			t.Fatalf("after %s: %s does not match the refs", step.name, listFile)
		}
		fromFile, err := r.list(ctx, true)
		must(t, err)
		fromGit := listFromGit(t, r)
		if len(fromGit) == 0 || !reflect.DeepEqual(fromFile, fromGit) {
			t.Fatalf("after %s: list from %s\n%s\nfrom git\n%s", step.name, listFile, dumpList(fromFile), dumpList(fromGit))
		}
	}
}

// TestListFileStale: a listFile that no longer names the refs (they were
// changed without it) is not used.
func TestListFileStale(t *testing.T) {
	r, dir := testRepo(t, DefaultConfig())
	for i := range 3 {
		write(t, filepath.Join(dir, "f"), fmt.Sprint(i), 0o644)
		create(t, r, fmt.Sprint("snapshot ", i))
	}
	stale, err := os.ReadFile(filepath.Join(r.GitDir, listFile))
	must(t, err)
	list := snapshots(t, r)
	tests := []struct {
		name   string
		change func()
	}{
		{"a ref deleted behind its back", func() {
			userGit(t, r.Dir, "--git-dir="+r.GitDir, "update-ref", "-d", list[0].Ref)
		}},
		{"a ref moved to another commit", func() {
			userGit(t, r.Dir, "--git-dir="+r.GitDir, "update-ref", list[1].Ref, list[2].Hash)
		}},
		{"a ref added", func() {
			userGit(t, r.Dir, "--git-dir="+r.GitDir, "update-ref", refPrefix+"99999999999999999999", list[2].Hash)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.change()
			must(t, os.WriteFile(filepath.Join(r.GitDir, listFile), stale, 0o644))
			if _, ok := r.cachedList(); ok {
				t.Fatalf("a stale %s is taken for the refs", listFile)
			}
			got, err := r.list(context.Background(), true)
			must(t, err)
			if want := listFromGit(t, r); !reflect.DeepEqual(got, want) {
				t.Fatalf("list\n%s\nwant (git)\n%s", dumpList(got), dumpList(want))
			}
		})
	}
}

func dumpList(list []*Snapshot) string {
	s := ""
	for _, x := range list {
		s += fmt.Sprintf("%+v\n", *x)
	}
	return s
}
