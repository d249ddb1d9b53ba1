package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// watchRepo runs Watch in the background and collects what it reports.
type watchRun struct {
	mu      sync.Mutex
	snaps   int
	notices []string
	done    chan error
	cancel  context.CancelFunc
}

func startWatch(t *testing.T, r *Repo, opts WatchOptions) *watchRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := &watchRun{done: make(chan error, 1), cancel: cancel}
	ready := make(chan struct{})
	var once sync.Once
	opts.Notify = func(ev WatchEvent) {
		w.mu.Lock()
		if ev.Result != nil {
			w.snaps++
			once.Do(func() { close(ready) }) // the initial snapshot
		} else {
			w.notices = append(w.notices, ev.Notice)
		}
		w.mu.Unlock()
	}
	go func() { w.done <- r.Watch(ctx, opts) }()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher did not start")
	}
	t.Cleanup(func() {
		cancel()
		<-w.done
	})
	return w
}

func (w *watchRun) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.snaps
}

// waitFor polls until cond holds or the deadline passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

const testDebounce = 150 * time.Millisecond

func TestWatchBurstGivesOneSnapshot(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "seed.txt"), "seed\n", 0o644)
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	if n := w.count(); n != 1 {
		t.Fatalf("initial snapshots: %d, want 1", n)
	}
	for i := range 1000 {
		write(t, filepath.Join(dir, "burst", fmt.Sprintf("f%04d.txt", i%100)), fmt.Sprintf("write %d\n", i), 0o644)
	}
	waitFor(t, "the burst's snapshot", func() bool { return w.count() == 2 })
	time.Sleep(3 * testDebounce)
	if n := w.count(); n != 2 {
		t.Fatalf("a burst of 1000 writes gave %d snapshots, want 1", n-1)
	}
	list := snapshots(t, r)
	if len(list) != 2 || list[0].Files != 100 {
		t.Fatalf("snapshots after the burst: %d, newest with %d files changed", len(list), list[0].Files)
	}

	// A change after the quiet period gives another one.
	write(t, filepath.Join(dir, "later.txt"), "later\n", 0o644)
	waitFor(t, "the later snapshot", func() bool { return w.count() == 3 })
}

func TestWatchTracksDirectories(t *testing.T) {
	r, dir := testRepo(t, Config{})
	must(t, os.MkdirAll(filepath.Join(dir, "old/inner"), 0o755))
	write(t, filepath.Join(dir, "old/inner/f.txt"), "f\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(dir, "node_modules/pkg"), 0o755))
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})

	// Excluded directories are not watched: changes there are not seen.
	write(t, filepath.Join(dir, "node_modules/pkg/index.js"), "x\n", 0o644)
	time.Sleep(3 * testDebounce)
	if n := w.count(); n != 1 {
		t.Fatalf("a change in node_modules gave a snapshot")
	}

	// A new directory is watched as soon as it appears, files in it too.
	must(t, os.MkdirAll(filepath.Join(dir, "new/deeper"), 0o755))
	waitFor(t, "the new directory's snapshot", func() bool { return w.count() == 2 })
	write(t, filepath.Join(dir, "new/deeper/file.txt"), "new\n", 0o644)
	waitFor(t, "the snapshot of a file in it", func() bool { return w.count() == 3 })

	// A renamed directory is watched under its new name.
	must(t, os.Rename(filepath.Join(dir, "old"), filepath.Join(dir, "renamed")))
	waitFor(t, "the rename's snapshot", func() bool { return w.count() == 4 })
	write(t, filepath.Join(dir, "renamed/inner/g.txt"), "g\n", 0o644)
	waitFor(t, "a snapshot of a change in the renamed directory", func() bool { return w.count() == 5 })

	// A deleted directory is dropped.
	must(t, os.RemoveAll(filepath.Join(dir, "renamed")))
	waitFor(t, "the deletion's snapshot", func() bool { return w.count() == 6 })
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.notices) != 0 {
		t.Errorf("notices: %q", w.notices)
	}
}

func TestWatchDegradesAtWatchLimit(t *testing.T) {
	r, dir := testRepo(t, Config{})
	for _, d := range []string{"a", "b", "c"} {
		must(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
	}
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce, Poll: 200 * time.Millisecond, maxWatches: 2})
	w.mu.Lock()
	notices := strings.Join(w.notices, "\n")
	w.mu.Unlock()
	if !strings.Contains(notices, "limit") || !strings.Contains(notices, "checking the whole tree every") {
		t.Fatalf("no clear notice of degraded mode: %q", notices)
	}
	// c is not watched; polling still finds the change.
	write(t, filepath.Join(dir, "c/unwatched.txt"), "x\n", 0o644)
	waitFor(t, "a snapshot found by polling", func() bool { return w.count() == 2 })
}

func TestWatchRootDisappears(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "f.txt"), "f\n", 0o644)
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	must(t, os.RemoveAll(dir))
	select {
	case err := <-w.done:
		if !errors.Is(err, ErrGone) {
			t.Fatalf("Watch ended with %v, want ErrGone", err)
		}
		w.done <- err // for the cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("Watch did not notice that its directory is gone")
	}
}

func TestWatchSnapshotsPendingChangesOnStop(t *testing.T) {
	r, dir := testRepo(t, Config{})
	w := startWatch(t, r, WatchOptions{Debounce: time.Hour})
	write(t, filepath.Join(dir, "f.txt"), "f\n", 0o644)
	time.Sleep(100 * time.Millisecond) // let the event arrive
	w.cancel()
	must(t, <-w.done)
	w.done <- nil
	if n := w.count(); n != 2 {
		t.Fatalf("snapshots: %d, want the initial one and one on stop", n)
	}
}
