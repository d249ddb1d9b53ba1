package daemon

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"sort"
	"sync"

	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/internal/sanitize"
)

// Watches runs the checkpoint watchers of `checkpoints.watch` for the
// daemon: each directory is snapshotted after its changes (as hguard watch
// does), incrementally from the events, and a snapshot the daemon must
// take before a risky command in a watched tree goes through its watcher
// ([Watches.Watcher]), so it costs what changed, not the tree.
type Watches struct {
	home string
	cfg  checkpoint.Config
	logf func(format string, args ...any)

	mu      sync.Mutex
	running map[string]*checkpoint.Watcher // by directory (symlinks resolved), once ready
	stops   map[string]context.CancelFunc  // by directory: ends that watcher
	wg      sync.WaitGroup
	ctx     context.Context
	cancel  context.CancelFunc
}

// StartWatches starts a watcher for each directory of cfg.Watch and
// returns at once; each logs "watching D" once it is ready (its start-up
// snapshot done). A directory that does not exist or cannot be watched is
// logged and left out. Nothing runs when checkpoints are disabled.
func StartWatches(home string, cfg checkpoint.Config, logf func(format string, args ...any)) *Watches {
	ctx, cancel := context.WithCancel(context.Background())
	w := &Watches{home: home, logf: logf, running: map[string]*checkpoint.Watcher{}, stops: map[string]context.CancelFunc{},
		ctx: ctx, cancel: cancel}
	if logf == nil {
		w.logf = func(string, ...any) {}
	}
	w.Reconfigure(cfg)
	return w
}

// Reconfigure makes the watchers follow a changed configuration: the
// directories no longer listed (or all, when checkpoints are disabled) stop,
// after a last snapshot of their pending changes; new ones start. A
// directory listed before and now runs on, with the settings it started
// with, unless the other settings changed: then it restarts.
func (w *Watches) Reconfigure(cfg checkpoint.Config) {
	if w == nil || w.ctx.Err() != nil {
		return
	}
	want := map[string]*checkpoint.Repo{}
	if cfg.Enabled {
		for _, dir := range cfg.Watch {
			r, err := checkpoint.New(w.home, dir, cfg)
			if err != nil {
				w.logf("checkpoints.watch: not watching %s: %v", show(dir), err)
				continue
			}
			want[r.Dir] = r
		}
	}
	restart := !sameSettings(w.cfg, cfg)
	w.mu.Lock()
	w.cfg = cfg
	for dir, stop := range w.stops {
		if want[dir] == nil || restart {
			stop()
			delete(w.stops, dir)
		}
	}
	for dir, r := range want {
		if w.stops[dir] == nil {
			ctx, stop := context.WithCancel(w.ctx)
			w.stops[dir] = stop
			w.wg.Add(1)
			go w.run(ctx, r)
		}
	}
	w.mu.Unlock()
}

// sameSettings reports whether two configurations run a watcher alike
// (everything but the list of directories).
func sameSettings(a, b checkpoint.Config) bool {
	a.Watch, b.Watch = nil, nil
	return reflect.DeepEqual(a, b)
}

func show(s string) string { return sanitize.OneLine(s, 4096) }

func (w *Watches) run(ctx context.Context, r *checkpoint.Repo) {
	defer w.wg.Done()
	var wt *checkpoint.Watcher
	ready := make(chan struct{})
	notify := func(ev checkpoint.WatchEvent) {
		switch {
		case ev.Ready:
			w.logf("watching %s (%d directories) for checkpoints", show(ev.Dir), ev.Watches)
			close(ready)
		case ev.Result != nil:
			s, how := ev.Result.Snapshot, "full scan"
			if ev.Result.Incremental {
				how = "incremental"
			}
			w.logf("checkpoint %d (%s) of %s: %d files, %s (%s)", s.ID, s.Short(), show(ev.Dir), ev.Result.Files, show(s.Reason), how)
		default:
			w.logf("watch %s: %s", show(ev.Dir), show(ev.Notice))
		}
	}
	wt = r.StartWatch(ctx, checkpoint.WatchOptions{Notify: notify})
	select {
	case <-ready:
		w.mu.Lock()
		w.running[r.Dir] = wt
		w.mu.Unlock()
	case <-wt.Done():
	}
	err := wt.Wait()
	w.mu.Lock()
	if w.running[r.Dir] == wt { // a restarted watcher of the same directory may be there
		delete(w.running, r.Dir)
	}
	w.mu.Unlock()
	switch {
	case err != nil:
		w.logf("stopped watching %s: %v", show(r.Dir), err)
	case ctx.Err() == nil || w.ctx.Err() == nil: // ended by itself, or by Reconfigure
		w.logf("stopped watching %s", show(r.Dir))
	}
}

// Watcher is the running watcher of dir (symlinks resolved), or nil.
func (w *Watches) Watcher(dir string) *checkpoint.Watcher {
	if w == nil {
		return nil
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.running[dir]
}

// Dirs lists the directories being watched, sorted.
func (w *Watches) Dirs() []string {
	if w == nil {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]string, 0, len(w.running))
	for d := range w.running {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// Stop ends every watcher, after its last snapshot of pending changes.
func (w *Watches) Stop() {
	if w == nil {
		return
	}
	w.cancel()
	w.wg.Wait()
}

// ErrNotWatched is returned by [Watches.Snapshot] for a directory no
// watcher runs for.
var ErrNotWatched = errors.New("not watched")

// Snapshot takes a snapshot of dir through its watcher.
func (w *Watches) Snapshot(ctx context.Context, dir, reason string) (*checkpoint.Result, error) {
	wt := w.Watcher(dir)
	if wt == nil {
		return nil, ErrNotWatched
	}
	return wt.Snapshot(ctx, reason)
}
