package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/hguard/hguard/checkpoint"
)

func runWatch(args []string, stdout, stderr io.Writer) error {
	c := newCommand("watch", watchSynopsis, stdout)
	var debounce time.Duration
	c.Var(durationFlag{&debounce}, "debounce", "quiet time after a change before a snapshot (default checkpoints.debounce, 2s)")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	env, err := loadCheckpointEnv()
	if err != nil {
		return err
	}
	if !env.cfg.Enabled {
		fmt.Fprintln(stderr, "hguard: checkpoints are disabled (checkpoints.enabled: false in config.yaml); not watching")
		return nil
	}
	dirs := c.Args()
	if len(dirs) == 0 {
		dirs = []string{""}
	}
	var repos []*checkpoint.Repo
	seen := map[string]bool{}
	for _, d := range dirs {
		r, _, err := env.repo(d)
		if err != nil {
			return err
		}
		if !seen[r.Dir] {
			seen[r.Dir] = true
			repos = append(repos, r)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var (
		mu   sync.Mutex // one writer at a time across the watchers
		wg   sync.WaitGroup
		errs = make([]error, len(repos))
	)
	notify := func(ev checkpoint.WatchEvent) {
		mu.Lock()
		defer mu.Unlock()
		switch {
		case ev.Ready:
			// Said only once every watch is in place and the start-up
			// snapshot is done: from here on, no change is missed.
			fmt.Fprintf(stderr, "hguard: watching %s (%d director%s); a checkpoint follows each change after %v of quiet (excluded files are not watched and cannot be restored)\n",
				show(ev.Dir), ev.Watches, pluralY(ev.Watches), effective(debounce, env.cfg.Debounce))
		case ev.Result != nil:
			s := ev.Result.Snapshot
			fmt.Fprintf(stdout, "%s checkpoint %d (%s) of %s: %s\n", s.Time.Local().Format("15:04:05"), s.ID, s.Short(), show(ev.Dir), describeChange(s))
			printSkipped(stderr, ev.Result.Skipped)
		default:
			fmt.Fprintf(stderr, "hguard: watch %s: %s\n", show(ev.Dir), show(ev.Notice))
		}
	}
	for i, r := range repos {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = r.Watch(ctx, checkpoint.WatchOptions{Debounce: debounce, Notify: notify})
			if errs[i] != nil {
				notify(checkpoint.WatchEvent{Dir: r.Dir, Notice: errs[i].Error()})
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil // interrupted: the normal way to stop
	}
	// Every watcher ended on its own: their directories are gone.
	return fmt.Errorf("stopped watching: %w", errors.Join(errs...))
}

func pluralY(n int) string {
	if n == 1 {
		return "y"
	}
	return "ies"
}

func effective(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// durationFlag is a positive duration flag.
type durationFlag struct{ d *time.Duration }

var _ flag.Value = durationFlag{}

func (f durationFlag) String() string {
	if f.d == nil || *f.d == 0 {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return fmt.Errorf("want a positive duration such as 2s or 500ms, not %q", s)
	}
	*f.d = d
	return nil
}
