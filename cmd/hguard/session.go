package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hguard/hguard"
)

// decider is the daemon when one is running, else an Engine in this
// process: the same Engine either way, so verdicts are the same.
// HGUARD_NO_DAEMON=1 skips the daemon.
type decider struct {
	client *hguard.Client
	eng    *hguard.Engine
	stderr io.Writer
}

func openDecider(stderr io.Writer) (*decider, error) {
	h := home()
	if os.Getenv("HGUARD_NO_DAEMON") != "1" && h != "" {
		c, err := hguard.Dial(h)
		if err == nil {
			return &decider{client: c, stderr: stderr}, nil
		}
		if !errors.Is(err, hguard.ErrNoDaemon) {
			return nil, err
		}
	}
	// The Engine asks the reviewer only while config.yaml says
	// approvals.mode: smart with a smart.base_url.
	eng, err := hguard.NewEngine(hguard.EngineOptions{Home: h, Reviewer: hguard.PluginsReviewer{Home: h}})
	if err != nil {
		return nil, err
	}
	return &decider{eng: eng, stderr: stderr}, nil
}

func (d *decider) Close() {
	if d.client != nil {
		d.client.Close()
	}
	if d.eng != nil {
		d.eng.Close()
	}
}

// Decide decides and reports any state problem (a corrupt session file) on
// stderr: told, never silent.
func (d *decider) Decide(req hguard.CheckRequest) (hguard.Decision, error) {
	var (
		dec hguard.Decision
		err error
	)
	if d.client != nil {
		dec, err = d.client.Check(req)
	} else {
		dec, err = d.eng.Decide(req)
	}
	d.warn(dec)
	return dec, err
}

func (d *decider) warn(dec hguard.Decision) {
	for _, w := range dec.Warnings {
		fmt.Fprintf(d.stderr, "hguard: warning: %s\n", w)
	}
}

func (d *decider) Answer(req hguard.CheckRequest, a hguard.Answer, note string) (hguard.Decision, error) {
	if d.client != nil {
		return d.client.Answer(req, a, note)
	}
	return d.eng.Answer(req, a, note)
}

func (d *decider) SetYOLO(session string, on bool) error {
	if d.client != nil {
		return d.client.SetYOLO(session, on)
	}
	return d.eng.SetYOLO(session, on)
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
func (f sessionFlags) request(cmd, dir, shell string) (hguard.CheckRequest, error) {
	sess, err := hguard.ResolveSession(*f.session)
	if err != nil {
		return hguard.CheckRequest{}, usagef("pass the session with --session or HGUARD_SESSION", "%s", err)
	}
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return hguard.CheckRequest{Command: cmd, Cwd: dir, Shell: shell, Session: sess,
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
