package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/daemon"
	"github.com/hguard/hguard/session"
)

// decider is the daemon when one is running, else an Engine in this
// process (daemon.Open): the same Engine either way, so decisions are the
// same. HGUARD_NO_DAEMON=1 skips the daemon. It reports any state problem
// (a corrupt session file) on stderr: told, never silent.
type decider struct {
	approval.Decider
	stderr io.Writer
}

func openDecider(stderr io.Writer) (*decider, error) {
	h := home()
	// The Engine asks the reviewer only while config.yaml says
	// approvals.mode: smart with a smart.base_url.
	dc, err := daemon.Open(approval.Options{Home: h, Reviewer: approval.PluginsReviewer{Home: h}},
		os.Getenv("HGUARD_NO_DAEMON") != "1")
	if err != nil {
		return nil, err
	}
	return &decider{Decider: dc, stderr: stderr}, nil
}

// queue is the daemon's approval queue, nil when no daemon runs.
func (d *decider) queue() *daemon.Client {
	c, _ := d.Decider.(*daemon.Client)
	return c
}

func (d *decider) Decide(req approval.CheckRequest) (approval.Decision, error) {
	dec, err := d.Decider.Decide(req)
	d.warn(dec)
	return dec, err
}

func (d *decider) warn(dec approval.Decision) {
	for _, w := range dec.Warnings {
		fmt.Fprintf(d.stderr, "hguard: warning: %s\n", w)
	}
}

// sessionFlags are the flags every command that decides shares.
type sessionFlags struct {
	session *string
	yolo    *bool
}

func addSessionFlags(c *command) sessionFlags {
	return sessionFlags{
		session: c.String("session", "", "the session (default: $HGUARD_SESSION, else the calling shell's pid and start time)"),
		yolo:    c.Bool("yolo", false, "skip asks for this command (blocks still block); also HGUARD_YOLO=1"),
	}
}

// request builds the request for cmd run in dir (made absolute: the daemon
// runs elsewhere).
func (f sessionFlags) request(cmd, dir, shell string) (approval.CheckRequest, error) {
	sess, err := session.Resolve(*f.session)
	if err != nil {
		return approval.CheckRequest{}, usagef("pass the session with --session or HGUARD_SESSION", "%s", err)
	}
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return approval.CheckRequest{Command: cmd, Cwd: dir, Shell: shell, Session: sess,
		YOLO: *f.yolo || yoloEnv(), Env: os.Getenv("HGUARD_ENV")}, nil
}

// yoloEnv is HGUARD_YOLO set to a true value.
func yoloEnv() bool {
	switch os.Getenv("HGUARD_YOLO") {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}
