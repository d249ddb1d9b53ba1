package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
)

// WatchOptions tune [Repo.Watch].
type WatchOptions struct {
	// Debounce is the quiet time after the last change before a snapshot
	// (default: the config's debounce, 2s).
	Debounce time.Duration
	// MaxDelay bounds how long a stream of changes that never goes quiet
	// can put a snapshot off (default: 30s, at least 4 × Debounce).
	MaxDelay time.Duration
	// Poll is how often the tree is checked in degraded mode, when the
	// kernel cannot watch all of it (default: 30s).
	Poll time.Duration
	// Notify receives every snapshot, notice and error; it runs on the
	// watcher's goroutine. Nil discards them.
	Notify func(WatchEvent)

	// maxWatches, when positive, stands in for a lower kernel limit on
	// watches (fs.inotify.max_user_watches), so degraded mode can be tested.
	maxWatches int
	// pending, when set, is called each time a change is noted, so tests
	// know an event arrived without waiting for it.
	pending func()
}

// WatchEvent is something the watcher reports.
type WatchEvent struct {
	Dir     string
	Result  *Result // a snapshot that was taken; nil for a notice
	Notice  string  // why the watcher works differently than asked, or what failed
	Err     error
	Watches int // directories watched when the event was sent
	// Ready is sent once, when every watch is in place and the start-up
	// snapshot is done (whether or not it found a change): from then on
	// every change is seen.
	Ready bool
}

// ErrGone ends [Repo.Watch] when the watched directory itself disappears.
var ErrGone = errors.New("the watched directory is gone")

// Watch snapshots the directory whenever it has changed and then been quiet
// for the debounce time, until ctx ends (with one last snapshot of pending
// changes) or the directory disappears ([ErrGone]). Directories are watched
// as they appear; excluded ones are not watched. When the kernel runs out of
// watches, Watch says so and falls back to polling the tree.
//
// The start-up snapshot is a full scan; later ones are incremental: only
// the paths the events named are looked at (see createChanged), with a full
// scan again when events were lost (the kernel's queue overflowed), an
// ignore file changed, or the watcher is polling.
func (r *Repo) Watch(ctx context.Context, opts WatchOptions) error {
	return r.StartWatch(ctx, opts).Wait()
}

// Watcher is a watch running in the background ([Repo.StartWatch]).
type Watcher struct {
	r    *Repo
	reqs chan snapReq
	done chan struct{}
	err  error
}

type snapReq struct {
	ctx    context.Context
	reason string
	reply  chan snapReply
}

type snapReply struct {
	res *Result
	err error
}

// StartWatch runs [Repo.Watch] in the background until ctx ends.
func (r *Repo) StartWatch(ctx context.Context, opts WatchOptions) *Watcher {
	wt := &Watcher{r: r, reqs: make(chan snapReq), done: make(chan struct{})}
	go func() {
		defer close(wt.done)
		wt.err = r.watch(ctx, opts, wt.reqs)
	}()
	return wt
}

// Wait waits until the watch ends and returns why.
func (wt *Watcher) Wait() error {
	<-wt.done
	return wt.err
}

// Done is closed when the watch has ended.
func (wt *Watcher) Done() <-chan struct{} { return wt.done }

// ErrWatchEnded is what [Watcher.Snapshot] returns once the watch is over.
var ErrWatchEnded = errors.New("the watch has ended")

// Snapshot takes a snapshot labelled reason now, through the watcher: it
// holds every change made before the call (the watcher first sees its own
// marker event come through the kernel's queue, after all earlier events),
// and is incremental when the watcher can be, so its cost follows what
// changed since the last snapshot. A command that must wait for its
// snapshot (before a risky command) waits less than for a full scan.
func (wt *Watcher) Snapshot(ctx context.Context, reason string) (*Result, error) {
	req := snapReq{ctx: ctx, reason: reason, reply: make(chan snapReply, 1)}
	select {
	case wt.reqs <- req:
	case <-wt.done:
		return nil, ErrWatchEnded
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case rep := <-req.reply:
		return rep.res, rep.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *Repo) watch(ctx context.Context, opts WatchOptions, reqs <-chan snapReq) error {
	if opts.Debounce <= 0 {
		opts.Debounce = r.cfg.Debounce
		if opts.Debounce <= 0 {
			opts.Debounce = DefaultDebounce
		}
	}
	if opts.MaxDelay <= 0 {
		opts.MaxDelay = max(30*time.Second, 4*opts.Debounce)
	}
	if opts.Poll <= 0 {
		opts.Poll = 30 * time.Second
	}
	w := &watcher{r: r, opts: opts, ex: newExcluder(r.Dir, r.home, r.cfg), dirs: map[string]bool{}, chains: map[string]*ignores{},
		changed: map[string]struct{}{}, full: true, reqs: reqs}
	fw, err := fsnotify.NewBufferedWatcher(4096)
	if err != nil {
		w.degrade(fmt.Sprintf("cannot watch for changes (%v; see fs.inotify.max_user_instances)", err))
	} else {
		w.fw = fw
		defer fw.Close()
		if err := w.addTree(r.Dir, ""); err != nil {
			return err
		}
		w.addBarrier()
		defer w.removeBarrier()
	}
	// The state when watching starts is the base the first change is
	// undone to.
	w.snapshot(ctx, "watch")
	w.notify(WatchEvent{Ready: true})
	return w.loop(ctx)
}

type watcher struct {
	r    *Repo
	opts WatchOptions
	fw   *fsnotify.Watcher
	ex   *excluder

	dirs   map[string]bool     // watched directories, relative ("" is the root)
	chains map[string]*ignores // ignore files in effect in each watched directory

	degraded bool
	poll     *time.Ticker
	tooMany  bool // the last snapshot was refused by max_files

	// What changed since the last snapshot, for an incremental one.
	changed map[string]struct{} // relative paths the events named
	full    bool                // the next snapshot must scan the whole tree
	ix      *indexState         // the shadow index's paths; nil: unknown

	// Snapshots asked for through Watcher.Snapshot wait for the barrier:
	// a file of hguard's own that the watcher writes and watches, whose
	// event comes after every event queued before it.
	reqs       <-chan snapReq
	waiting    []snapReq
	barrierDir string
	barrier    string // the file; "" when it could not be watched
	barrierN   int
}

func (w *watcher) notify(ev WatchEvent) {
	ev.Dir, ev.Watches = w.r.Dir, len(w.dirs)
	if w.opts.Notify != nil {
		w.opts.Notify(ev)
	}
}

// degrade switches to polling, once, saying why.
func (w *watcher) degrade(why string) {
	if w.degraded {
		return
	}
	w.degraded = true
	w.poll = time.NewTicker(w.opts.Poll)
	w.notify(WatchEvent{Notice: fmt.Sprintf("%s; changes there are found by checking the whole tree every %v instead", why, w.opts.Poll)})
}

// addTree watches the directory rel and every directory below it that is
// not excluded.
func (w *watcher) addTree(abs, rel string) error {
	if w.fw == nil || w.dirs[rel] {
		return nil
	}
	var in *ignores
	if rel == "" {
		in = w.ex.root
	} else {
		in = w.chain(path.Dir(rel))
	}
	return w.add(abs, rel, in)
}

func (w *watcher) add(abs, rel string, in *ignores) error {
	if w.opts.maxWatches > 0 && len(w.dirs) >= w.opts.maxWatches {
		w.degrade(fmt.Sprintf("the limit of %d watched directories is reached", w.opts.maxWatches))
		return nil
	}
	if w.dirs[rel] {
		// Watched already (the rules were read again): only what is
		// below and not yet watched is added.
	} else if err := w.fw.Add(abs); err != nil {
		switch {
		case errors.Is(err, syscall.ENOSPC):
			w.degrade(fmt.Sprintf("the kernel's limit on watches is reached after %d directories (fs.inotify.max_user_watches = %s; raise it with: sudo sysctl fs.inotify.max_user_watches=524288)", len(w.dirs), maxUserWatches()))
			return nil
		case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
			return nil // gone already
		case rel == "":
			return fmt.Errorf("watching %s: %w", abs, err)
		}
		w.notify(WatchEvent{Notice: fmt.Sprintf("cannot watch %s: %v", rel, err), Err: err})
		return nil
	}
	w.dirs[rel] = true
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil
	}
	if rel != "" {
		in = w.ex.dirIgnores(in, abs, rel, hasGitignore(entries))
	}
	w.chains[rel] = in
	for _, de := range entries {
		if !de.IsDir() {
			continue
		}
		crel := de.Name()
		if rel != "" {
			crel = rel + "/" + crel
		}
		if w.ex.excluded(crel, de.Name(), true, in) && !w.holdsPinned(crel) {
			continue
		}
		if err := w.add(filepath.Join(abs, de.Name()), crel, in); err != nil {
			return err
		}
	}
	return nil
}

// rules takes a changed ignore file into account: the rules are read
// again, directories they no longer exclude are watched, and the next
// snapshot scans the whole tree (what an ignore file changes is not in
// the events).
func (w *watcher) rules() {
	w.ex = newExcluder(w.r.Dir, w.r.home, w.r.cfg)
	clear(w.chains)
	w.full = true
	if w.fw != nil {
		if err := w.add(w.r.Dir, "", w.ex.root); err != nil {
			w.notify(WatchEvent{Notice: err.Error(), Err: err})
		}
	}
}

// holdsPinned reports whether an excluded path is or holds a pinned file
// (pins.go): the latest snapshot held it, or the project's git tracks it.
// Its changes are changes, and an excluded directory holding one is
// watched.
func (w *watcher) holdsPinned(rel string) bool {
	if w.ix != nil {
		if _, ok := w.ix.paths[rel]; ok || w.ix.dirs[rel] > 0 {
			return w.ex.pinnable(rel, w.ix.dirs[rel] > 0)
		}
	}
	tracked := w.r.trackedPaths()
	if _, ok := slices.BinarySearch(tracked, rel); ok {
		return w.ex.pinnable(rel, false)
	}
	k, _ := slices.BinarySearch(tracked, rel+"/")
	return k < len(tracked) && strings.HasPrefix(tracked[k], rel+"/") && w.ex.pinnable(rel, true)
}

// chain returns the ignore files in effect in the directory rel.
func (w *watcher) chain(rel string) *ignores {
	if rel == "." {
		rel = ""
	}
	if in, ok := w.chains[rel]; ok {
		return in
	}
	in := w.ex.chain(rel)
	w.chains[rel] = in
	return in
}

// forget drops the watches of rel and everything below it: a directory
// that was deleted or renamed away.
func (w *watcher) forget(rel string) {
	for d := range w.dirs {
		if d == rel || strings.HasPrefix(d, rel+"/") {
			delete(w.dirs, d)
			delete(w.chains, d)
			if w.fw != nil {
				w.fw.Remove(filepath.Join(w.r.Dir, filepath.FromSlash(d)))
			}
		}
	}
}

func (w *watcher) loop(ctx context.Context) error {
	var (
		timer   = time.NewTimer(time.Hour)
		first   time.Time // the first change not yet snapshotted
		events  <-chan fsnotify.Event
		errs    <-chan error
		pollC   <-chan time.Time
		pending bool
	)
	timer.Stop()
	defer timer.Stop()
	if w.fw != nil {
		stop := make(chan struct{})
		defer close(stop)
		events, errs = w.fw.Events, relayErrors(w.fw.Errors, stop)
	}
	changed := func() {
		now := time.Now()
		if !pending {
			pending, first = true, now
		}
		delay := w.opts.Debounce
		if left := w.opts.MaxDelay - now.Sub(first); left < delay {
			delay = max(left, 0)
		}
		timer.Reset(delay)
		if w.opts.pending != nil {
			w.opts.pending()
		}
	}
	barrierTimeout := time.NewTimer(time.Hour)
	barrierTimeout.Stop()
	defer barrierTimeout.Stop()
	serve := func() {
		barrierTimeout.Stop()
		for _, req := range w.waiting {
			res, err := w.snapshot(req.ctx, req.reason)
			req.reply <- snapReply{res, err}
		}
		w.waiting = nil
	}
	defer func() {
		for _, req := range w.waiting {
			req.reply <- snapReply{nil, ErrWatchEnded}
		}
	}()
	for {
		if w.poll != nil {
			pollC = w.poll.C
		}
		select {
		case <-ctx.Done():
			if pending || len(w.changed) > 0 {
				w.snapshot(context.WithoutCancel(ctx), "watch")
			}
			return nil
		case req := <-w.reqs:
			w.waiting = append(w.waiting, req)
			if len(w.waiting) > 1 {
				continue // the barrier is on its way
			}
			if !w.touchBarrier() {
				serve() // no events to wait for: a full scan
				continue
			}
			// The marker's event normally comes within milliseconds; if
			// it is lost, the snapshot is taken as a full scan.
			barrierTimeout.Reset(5 * time.Second)
		case <-barrierTimeout.C:
			w.full = true
			serve()
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			switch w.event(ev) {
			case evGone:
				return w.gone()
			case evChange:
				changed()
			case evBarrier:
				if len(w.waiting) > 0 {
					serve()
				}
			}
		case err, ok := <-errs:
			if !ok {
				errs = nil
				continue
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: look at everything again.
				w.full = true
				w.forget("")
				if err := w.addTree(w.r.Dir, ""); err != nil {
					return err
				}
				changed()
				continue
			}
			if errors.Is(err, syscall.EINVAL) {
				// fsnotify could not remove the watch of a directory
				// moved away because the kernel had dropped it already
				// (the directory is gone too): nothing is lost.
				continue
			}
			w.notify(WatchEvent{Notice: "watch error: " + err.Error(), Err: err})
		case <-timer.C:
			pending = false
			if w.rootGone() {
				return w.gone()
			}
			if len(w.changed) == 0 && !w.full {
				continue // a snapshot asked for took the changes already
			}
			w.snapshot(ctx, "watch")
		case <-pollC:
			if w.rootGone() {
				return w.gone()
			}
			w.full = true
			w.snapshot(ctx, "watch")
		}
	}
}

// relayErrors drains fsnotify's error channel on its own goroutine. The
// library sends some errors while it holds the lock that Add and Remove
// take (a watched directory moved away, say), so a loop that both read
// the errors and called Remove could wait on itself forever. Errors queue
// here instead; past maxQueuedErrors the last becomes an overflow, which
// makes the loop look at everything again: only the detail is lost. The
// relay ends when in is closed and drained, or when stop is closed.
func relayErrors(in <-chan error, stop <-chan struct{}) <-chan error {
	out := make(chan error)
	go func() {
		defer close(out)
		var queue []error
		for in != nil || len(queue) > 0 {
			var send chan<- error
			var next error
			if len(queue) > 0 {
				send, next = out, queue[0]
			}
			select {
			case err, ok := <-in:
				if !ok {
					in = nil
					continue
				}
				if len(queue) < maxQueuedErrors {
					queue = append(queue, err)
				} else {
					queue[len(queue)-1] = fsnotify.ErrEventOverflow
				}
			case send <- next:
				queue = queue[1:]
			case <-stop:
				return
			}
		}
	}()
	return out
}

const maxQueuedErrors = 64

type eventKind int

const (
	evIgnore eventKind = iota
	evChange
	evGone
	evBarrier
)

// event sorts one fsnotify event, keeps the watches up to date and notes
// the changed path for the next incremental snapshot.
func (w *watcher) event(ev fsnotify.Event) eventKind {
	if w.barrierDir != "" && filepath.Dir(ev.Name) == w.barrierDir {
		if ev.Name == w.barrier {
			return evBarrier
		}
		return evIgnore // an earlier marker's
	}
	k, rel := w.sort(ev)
	if k == evChange {
		w.changed[rel] = struct{}{}
	}
	return k
}

func (w *watcher) sort(ev fsnotify.Event) (eventKind, string) {
	if ev.Name == w.r.Dir {
		if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) || w.rootGone() {
			return evGone, ""
		}
		return evIgnore, ""
	}
	rel, err := filepath.Rel(w.r.Dir, ev.Name)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return evIgnore, ""
	}
	rel = filepath.ToSlash(rel)
	name := path.Base(rel)
	if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
		wasDir := w.dirs[rel]
		if wasDir {
			w.forget(rel)
		}
		if name == ".gitignore" {
			w.rules()
		}
		if w.ex.excluded(rel, name, wasDir, w.chain(path.Dir(rel))) && !w.holdsPinned(rel) {
			return evIgnore, ""
		}
		return evChange, rel
	}
	fi, err := os.Lstat(ev.Name)
	isDir := err == nil && fi.IsDir()
	if name == ".gitignore" {
		w.rules()
	}
	if w.ex.excluded(rel, name, isDir, w.chain(path.Dir(rel))) && !w.holdsPinned(rel) {
		return evIgnore, ""
	}
	if isDir && ev.Has(fsnotify.Create) {
		if err := w.addTree(ev.Name, rel); err != nil {
			w.notify(WatchEvent{Notice: err.Error(), Err: err})
		}
	}
	return evChange, rel
}

func (w *watcher) rootGone() bool {
	fi, err := os.Stat(w.r.Dir)
	return err != nil || !fi.IsDir()
}

func (w *watcher) gone() error {
	return fmt.Errorf("%s: %w; stopped watching it", w.r.Dir, ErrGone)
}

// snapshot takes a snapshot and reports it; failures are reported and
// watching goes on. It is incremental when the watcher knows what changed
// (every event arrived, the index is known), else a full scan.
func (w *watcher) snapshot(ctx context.Context, reason string) (*Result, error) {
	res, err := w.take(ctx, reason)
	var tooMany *TooManyFilesError
	switch {
	case errors.As(err, &tooMany):
		if !w.tooMany {
			w.notify(WatchEvent{Notice: err.Error(), Err: err})
		}
		w.tooMany = true
	case err != nil:
		if ctx.Err() == nil {
			w.notify(WatchEvent{Notice: "snapshot failed: " + err.Error(), Err: err})
		}
	default:
		w.tooMany = false
		if res.Created {
			w.notify(WatchEvent{Result: res})
		}
	}
	return res, err
}

func (w *watcher) take(ctx context.Context, reason string) (*Result, error) {
	unlock, err := w.r.lock()
	if err != nil {
		return nil, err
	}
	defer unlock()
	changed := w.changed
	w.changed = map[string]struct{}{}
	if !w.full && !w.degraded && w.ix != nil {
		paths := make([]string, 0, len(changed))
		for p := range changed {
			paths = append(paths, p)
		}
		res, err := w.r.createChanged(ctx, reason, w.ix, paths)
		if err == nil {
			return res, nil
		}
		w.ix = nil
		if !errors.Is(err, errNeedFull) {
			w.full = true
			return nil, err
		}
		if errors.Is(err, errRulesChanged) {
			w.rules()
		}
	}
	res, st, err := w.r.createStaged(ctx, reason, createOpts{})
	if err != nil {
		w.ix, w.full = nil, true
		return nil, err
	}
	w.ix, w.full = w.r.newIndexState(st), false
	return res, nil
}

// addBarrier watches the watcher's marker directory, next to the shadow
// repository, out of the working tree.
func (w *watcher) addBarrier() {
	dir := w.r.GitDir + ".watch"
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	if err := w.fw.Add(dir); err != nil {
		return
	}
	w.barrierDir = dir
}

func (w *watcher) removeBarrier() {
	if w.barrierDir != "" {
		os.RemoveAll(w.barrierDir)
	}
}

// touchBarrier creates a new marker file; its event follows every event
// the kernel queued before it. Each marker has a name of its own, so a late
// event of an earlier one is not taken for it. False when there is no
// marker (or the watcher polls): the snapshot is then a full scan.
func (w *watcher) touchBarrier() bool {
	if w.barrierDir == "" || w.degraded || w.fw == nil {
		w.full = true
		return false
	}
	old := w.barrier
	w.barrierN++
	w.barrier = filepath.Join(w.barrierDir, fmt.Sprintf("barrier-%d", w.barrierN))
	if err := os.WriteFile(w.barrier, nil, 0o600); err != nil {
		w.full = true
		return false
	}
	if old != "" {
		os.Remove(old)
	}
	return true
}

// maxUserWatches reads the kernel's limit, for the message.
func maxUserWatches() string {
	data, err := os.ReadFile("/proc/sys/fs/inotify/max_user_watches")
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(data))
}

// WatchDirs counts the directories a watcher of dir would watch (those not
// excluded), stopping past limit: what `hguard doctor` compares with the
// kernel's limit on inotify watches.
func WatchDirs(home, dir string, cfg Config, limit int) (int, error) {
	r, err := New(home, dir, cfg)
	if err != nil {
		return 0, err
	}
	ex := newExcluder(r.Dir, r.home, r.cfg)
	n := 0
	var walk func(abs, rel string, in *ignores)
	walk = func(abs, rel string, in *ignores) {
		n++
		if n > limit {
			return
		}
		entries, err := os.ReadDir(abs)
		if err != nil {
			return
		}
		if rel != "" {
			in = ex.dirIgnores(in, abs, rel, hasGitignore(entries))
		}
		for _, de := range entries {
			if !de.IsDir() || n > limit {
				continue
			}
			crel := de.Name()
			if rel != "" {
				crel = rel + "/" + crel
			}
			if !ex.excluded(crel, de.Name(), true, in) {
				walk(filepath.Join(abs, de.Name()), crel, in)
			}
		}
	}
	walk(r.Dir, "", ex.root)
	return n, nil
}
