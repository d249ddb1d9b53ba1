package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

// watchRun runs Watch in the background and collects what it reports.
// Nothing here waits for time to pass: tests wait for what the watcher
// reports (a snapshot holding some content, readiness, a noted change),
// with a generous deadline only so that a broken watcher fails rather than
// hangs.
type watchRun struct {
	mu      sync.Mutex
	snaps   []*Result
	notices []string
	ready   bool
	readyAt int // snapshots reported before readiness
	watches int // directories watched at readiness
	pending int // changes noted
	done    chan error
	cancel  context.CancelFunc
	r       *Repo
}

func startWatch(t *testing.T, r *Repo, opts WatchOptions) *watchRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := &watchRun{done: make(chan error, 1), cancel: cancel, r: r}
	opts.Notify = func(ev WatchEvent) {
		w.mu.Lock()
		defer w.mu.Unlock()
		switch {
		case ev.Ready:
			w.ready, w.readyAt, w.watches = true, len(w.snaps), ev.Watches
		case ev.Result != nil:
			w.snaps = append(w.snaps, ev.Result)
		default:
			w.notices = append(w.notices, ev.Notice)
		}
	}
	opts.pending = func() {
		w.mu.Lock()
		w.pending++
		w.mu.Unlock()
	}
	go func() { w.done <- r.Watch(ctx, opts) }()
	waitFor(t, "the watcher to be ready", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.ready
	})
	t.Cleanup(func() {
		cancel()
		stopped(t, w.done)
	})
	return w
}

// stopped waits for a cancelled watch to end; a watch that does not is a
// failure with every goroutine's stack, not a hang until the test binary's
// timeout.
func stopped[T any](t *testing.T, done <-chan T) {
	t.Helper()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		var stacks strings.Builder
		pprof.Lookup("goroutine").WriteTo(&stacks, 2)
		t.Errorf("the watch did not stop when cancelled; goroutines:\n%s", stacks.String())
	}
}

func (w *watchRun) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.snaps)
}

// has reports whether the latest snapshot holds path with content (or,
// with content "", holds path at all; with content "-", lacks it).
func (w *watchRun) has(t *testing.T, path, content string) bool {
	w.mu.Lock()
	var last *Result
	if len(w.snaps) > 0 {
		last = w.snaps[len(w.snaps)-1]
	}
	w.mu.Unlock()
	if last == nil {
		return false
	}
	out, err := w.r.git(context.Background(), nil, "cat-file", "-p", last.Snapshot.Hash+":"+path)
	switch {
	case content == "-":
		return err != nil
	case err != nil:
		// An empty directory is in the commit message, not the tree.
		for _, d := range last.Snapshot.empty {
			if d == path && content == "" {
				return true
			}
		}
		return false
	}
	return content == "" || string(out) == content
}

// waitFor polls until cond holds; the deadline only stops a hang.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

const testDebounce = 50 * time.Millisecond

// Readiness comes after the watches and the start-up snapshot, also when
// that snapshot found nothing new.
func TestWatchReadiness(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "a/b/f.txt"), "f\n", 0o644)
	create(t, r, "before watching")
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	w.mu.Lock()
	ready, watches, before := w.ready, w.watches, w.readyAt
	w.mu.Unlock()
	if !ready || watches != 3 || before != 0 {
		t.Fatalf("ready %v with %d watches after %d snapshots; want 3 watches (root, a, a/b) and no snapshot", ready, watches, before)
	}
	// Every watch is in place: a change in the deepest directory is seen.
	write(t, filepath.Join(dir, "a/b/f.txt"), "changed\n", 0o644)
	waitFor(t, "the change's snapshot", func() bool { return w.has(t, "a/b/f.txt", "changed\n") })
}

func TestWatchBurstIsDebounced(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "seed.txt"), "seed\n", 0o644)
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	if n := w.count(); n != 1 {
		t.Fatalf("start-up snapshots: %d, want 1", n)
	}
	for i := range 1000 {
		write(t, filepath.Join(dir, "burst", fmt.Sprintf("f%04d.txt", i%100)), fmt.Sprintf("write %d\n", i), 0o644)
	}
	waitFor(t, "the burst's final state", func() bool { return w.has(t, "burst/f0099.txt", "write 999\n") })
	// Debounced: far fewer snapshots than writes, however slow the machine.
	if n := w.count() - 1; n > 100 {
		t.Fatalf("1000 writes gave %d snapshots", n)
	}
	// A change after the quiet period gives another one.
	write(t, filepath.Join(dir, "later.txt"), "later\n", 0o644)
	waitFor(t, "the later snapshot", func() bool { return w.has(t, "later.txt", "later\n") })
}

func TestWatchTracksDirectories(t *testing.T) {
	r, dir := testRepo(t, Config{})
	must(t, os.MkdirAll(filepath.Join(dir, "old/inner"), 0o755))
	write(t, filepath.Join(dir, "old/inner/f.txt"), "f\n", 0o644)
	must(t, os.MkdirAll(filepath.Join(dir, "node_modules/pkg"), 0o755))
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})

	// Excluded directories are not watched: root, old and old/inner are.
	if w.watches != 3 {
		t.Fatalf("%d directories watched, want 3 (node_modules is excluded)", w.watches)
	}

	// A new directory is watched as soon as it appears, files in it too.
	must(t, os.MkdirAll(filepath.Join(dir, "new/deeper"), 0o755))
	waitFor(t, "the new directory's snapshot", func() bool { return w.has(t, "new/deeper", "") })
	write(t, filepath.Join(dir, "new/deeper/file.txt"), "new\n", 0o644)
	waitFor(t, "the snapshot of a file in it", func() bool { return w.has(t, "new/deeper/file.txt", "new\n") })

	// A renamed directory is watched under its new name.
	must(t, os.Rename(filepath.Join(dir, "old"), filepath.Join(dir, "renamed")))
	waitFor(t, "the rename's snapshot", func() bool { return w.has(t, "renamed/inner/f.txt", "f\n") })
	write(t, filepath.Join(dir, "renamed/inner/g.txt"), "g\n", 0o644)
	waitFor(t, "a snapshot of a change in the renamed directory", func() bool { return w.has(t, "renamed/inner/g.txt", "g\n") })

	// A deleted directory is dropped.
	must(t, os.RemoveAll(filepath.Join(dir, "renamed")))
	waitFor(t, "the deletion's snapshot", func() bool { return w.has(t, "renamed/inner/g.txt", "-") })
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
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce, Poll: 50 * time.Millisecond, maxWatches: 2})
	w.mu.Lock()
	notices := strings.Join(w.notices, "\n")
	w.mu.Unlock()
	if !strings.Contains(notices, "limit") || !strings.Contains(notices, "checking the whole tree every") {
		t.Fatalf("no clear notice of degraded mode: %q", notices)
	}
	// c is not watched; polling still finds the change.
	write(t, filepath.Join(dir, "c/unwatched.txt"), "x\n", 0o644)
	waitFor(t, "a snapshot found by polling", func() bool { return w.has(t, "c/unwatched.txt", "x\n") })
}

func TestWatchRootDisappears(t *testing.T) {
	r, dir := testRepo(t, Config{})
	write(t, filepath.Join(dir, "f.txt"), "f\n", 0o644)
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	must(t, os.RemoveAll(dir))
	var err error
	waitFor(t, "Watch to notice that its directory is gone", func() bool {
		select {
		case err = <-w.done:
			return true
		default:
			return false
		}
	})
	w.done <- err // for the cleanup
	if !errors.Is(err, ErrGone) {
		t.Fatalf("Watch ended with %v, want ErrGone", err)
	}
}

func TestWatchSnapshotsPendingChangesOnStop(t *testing.T) {
	r, dir := testRepo(t, Config{})
	w := startWatch(t, r, WatchOptions{Debounce: time.Hour})
	write(t, filepath.Join(dir, "f.txt"), "f\n", 0o644)
	waitFor(t, "the change to be noted", func() bool {
		w.mu.Lock()
		defer w.mu.Unlock()
		return w.pending > 0
	})
	w.cancel()
	must(t, <-w.done)
	w.done <- nil
	if n := w.count(); n != 2 || !w.has(t, "f.txt", "f\n") {
		t.Fatalf("snapshots: %d, want the start-up one and one of the pending change on stop", n)
	}
}

// fsnotify sends some errors while it holds the lock Remove takes; the
// relay must take any number of them without a reader, and keep their
// order up to its bound, past which the last is an overflow.
func TestRelayErrorsNeverBlocksTheSender(t *testing.T) {
	in := make(chan error)
	stop := make(chan struct{})
	out := relayErrors(in, stop)
	for i := range 2 * maxQueuedErrors {
		in <- fmt.Errorf("error %d", i) // would hang if the relay waited for a reader
	}
	close(in)
	var got []error
	for err := range out {
		got = append(got, err)
	}
	if len(got) != maxQueuedErrors {
		t.Fatalf("%d errors relayed, want %d", len(got), maxQueuedErrors)
	}
	for i, err := range got[:maxQueuedErrors-1] {
		if want := fmt.Sprintf("error %d", i); err.Error() != want {
			t.Fatalf("error %d is %q, want %q", i, err, want)
		}
	}
	if !errors.Is(got[maxQueuedErrors-1], fsnotify.ErrEventOverflow) {
		t.Fatalf("last error %q, want an overflow", got[maxQueuedErrors-1])
	}

	// Stopped with errors still queued and nobody reading, the relay ends.
	in, stop = make(chan error), make(chan struct{})
	out = relayErrors(in, stop)
	in <- errors.New("unread")
	close(stop)
	for range out { // closed once the relay has ended
	}
}

// Watched directories renamed and at once deleted: fsnotify handles each
// rename after the kernel has dropped the watch, fails to remove it and
// sends that error while it holds its lock, the case that once
// deadlocked the watcher against its own Remove.
func TestWatchSurvivesDirectoryChurn(t *testing.T) {
	r, dir := testRepo(t, Config{})
	const n = 200
	for i := range n {
		must(t, os.MkdirAll(filepath.Join(dir, fmt.Sprintf("d%d/sub", i)), 0o755))
	}
	w := startWatch(t, r, WatchOptions{Debounce: testDebounce})
	for i := range n {
		from, to := filepath.Join(dir, fmt.Sprintf("d%d", i)), filepath.Join(dir, fmt.Sprintf("e%d", i))
		must(t, os.Rename(from, to))
		must(t, os.RemoveAll(to))
	}
	write(t, filepath.Join(dir, "last.txt"), "last\n", 0o644)
	waitFor(t, "the last write's snapshot", func() bool { return w.has(t, "last.txt", "last\n") })
	if !w.has(t, "d0/sub", "-") {
		t.Errorf("the last snapshot still holds d0/sub")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, n := range w.notices {
		t.Errorf("notice: %s", n)
	}
}
