package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/daemon"
)

const daemonSynopsis = `hguard daemon

Serves checks and the approval queue on $HGUARD_HOME/state/daemon.sock
(mode 0600; only your user may connect) until SIGTERM or SIGINT. hguard
check and hguard guard use it when it runs. It logs to stderr.`

func runDaemon(args []string, stdout, stderr io.Writer) error {
	c := newCommand("daemon", daemonSynopsis, stdout)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if len(c.Args()) > 0 {
		return usagef("usage: hguard daemon", "daemon takes no arguments")
	}
	logger := log.New(stderr, "hguard daemon: ", log.LstdFlags)
	eng, err := approval.New(approval.Options{Home: home(), Warn: func(m string) { logger.Print("warning: " + m) },
		KeepDetectorsWarm: true, Reviewer: approval.PluginsReviewer{Home: home()}}) // used while smart mode is configured
	if err != nil {
		return err
	}
	defer eng.Close()
	srv, err := daemon.Listen(eng, logger.Printf)
	if err != nil {
		return err
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	defer signal.Stop(sigs)
	done := make(chan error, 1)
	go func() { done <- srv.Serve() }()
	logger.Printf("listening on %s (pid %d)", daemon.SocketPath(home()), os.Getpid())
	select {
	case sig := <-sigs:
		logger.Printf("%s: shutting down; queued requests are denied", sig)
	case err := <-done:
		if err != nil {
			srv.Shutdown(context.Background())
			return fmt.Errorf("daemon: %w", err)
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
