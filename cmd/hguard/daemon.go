package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/daemon"
)

const daemonSynopsis = `hguard daemon

Serves checks and the approval queue on $HGUARD_HOME/state/daemon.sock
(mode 0600; only your user may connect) until SIGTERM or SIGINT. hguard
check and hguard guard use it when it runs. It logs to stderr.

It also watches the directories of checkpoints.watch in config.yaml (a
change takes effect within 2 s, or at once on SIGHUP): each is snapshotted after its changes have been quiet for
checkpoints.debounce, incrementally from the file-system events, and a
checkpoint before a risky command in a watched tree is taken the same way
(see docs/checkpoints.md).`

// configPoll is how often the daemon looks whether config.yaml changed.
const configPoll = 2 * time.Second

// stamp identifies a version of a file: its size, time and inode ("" when
// it is missing), so that an edit or an atomic replace shows as a change.
func stamp(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	ino := uint64(0)
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		ino = uint64(st.Ino)
	}
	return fmt.Sprintf("%d %d %d", fi.Size(), fi.ModTime().UnixNano(), ino)
}

func runDaemon(args []string, stdout, stderr io.Writer) error {
	c := newCommand("daemon", daemonSynopsis, stdout)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if len(c.Args()) > 0 {
		return usagef("usage: hguard daemon", "daemon takes no arguments")
	}
	logger := log.New(stderr, "hguard daemon: ", log.LstdFlags)
	// Snapshots before risky commands in a watched tree go through its
	// watcher (incremental); the others are full scans, as in-process.
	var watches *daemon.Watches
	via := func(ctx context.Context, dir, label string) (*checkpoint.Result, bool, error) {
		res, err := watches.Snapshot(ctx, dir, label)
		if errors.Is(err, daemon.ErrNotWatched) || errors.Is(err, checkpoint.ErrWatchEnded) {
			return nil, false, nil
		}
		return res, true, err
	}
	eng, err := approval.New(approval.Options{Home: home(), Warn: func(m string) { logger.Print("warning: " + m) },
		KeepDetectorsWarm: true, Reviewer: approval.PluginsReviewer{Home: home()}, // used while smart mode is configured
		Checkpointer: approval.NewCheckpointerVia(home(), via)})
	if err != nil {
		return err
	}
	defer eng.Close()
	cfg, err := eng.Config()
	if err != nil {
		return err
	}
	srv, err := daemon.Listen(eng, logger.Printf)
	if err != nil {
		return err
	}
	watches = daemon.StartWatches(home(), cfg.Checkpoints, logger.Printf)
	defer watches.Stop()
	srv.SetWatches(watches)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- srv.Serve() }()
	logger.Printf("listening on %s (pid %d)", daemon.SocketPath(home()), os.Getpid())
	// A changed checkpoints section (watch, exclude, …) takes effect
	// without a restart: config.yaml is looked at every few seconds (one
	// stat), and at once on SIGHUP.
	cfgPath := filepath.Join(home(), "config.yaml")
	seen := stamp(cfgPath)
	tick := time.NewTicker(configPoll)
	defer tick.Stop()
	reload := func(why string) {
		cfg, err := config.Load(home())
		if err != nil {
			logger.Printf("%s: config.yaml not applied: %v", why, err)
			return
		}
		watches.Reconfigure(cfg.Checkpoints)
	}
loop:
	for {
		select {
		case sig := <-sigs:
			if sig == syscall.SIGHUP {
				seen = stamp(cfgPath)
				reload("SIGHUP")
				continue
			}
			logger.Printf("%s: shutting down; queued requests are denied", sig)
			break loop
		case <-tick.C:
			if now := stamp(cfgPath); now != seen {
				seen = now
				reload("config.yaml changed")
			}
		case err := <-done:
			if err != nil {
				srv.Shutdown(context.Background())
				return fmt.Errorf("daemon: %w", err)
			}
			break loop
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		logger.Printf("shutdown: %v", err)
	}
	logger.Printf("stopped")
	return nil
}
