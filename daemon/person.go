package daemon

import (
	"errors"
	"fmt"
	"os"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/internal/ancestry"
)

// peer is the far end of a connection, as the kernel names it.
type peer interface {
	PeerPID() (int, error)
}

// needsPerson reports whether a request widens what runs, which only a
// person may do: approving or denying queued requests, answering an ask
// with an approval, and switching YOLO on.
func needsPerson(req wireRequest) bool {
	switch req.Op {
	case "approve", "deny":
		return true
	case "answer":
		return req.Answer.Approves()
	case "yolo":
		return req.On
	}
	return false
}

// needsTerminal reports whether a request widens what runs (denying only
// narrows it): its sender must have a controlling terminal too, which a
// process an agent detached (setsid, reparented to init) has not.
func needsTerminal(req wireRequest) bool {
	switch req.Op {
	case "approve":
		return true
	case "answer":
		return req.Answer.Approves()
	case "yolo":
		return req.On
	}
	return false
}

// peerTerminal reports whether process pid has a controlling terminal
// (/proc/PID/stat's tty_nr); where ancestry cannot be read, only the
// client's own check (ancestry.RefusePerson) stands. Tests replace it:
// whether go test has a terminal depends on who runs it.
var peerTerminal = func(pid int) (bool, error) {
	p, err := ancestry.Stat(pid)
	if errors.Is(err, ancestry.ErrUnsupported) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return p.TTY != 0, nil
}

// checkPerson refuses a request whose sender runs under a coding agent:
// a registered agent process among its ancestors, or an agent's marker in
// the environment it started with. The kernel gives the sender's pid, so
// an agent cannot claim to be someone else; one that cannot be read is
// refused too. Where process ancestry cannot be read (not Linux), only
// the environment markers count (docs/approvals.md).
func (s *Server) checkPerson(conn peer, terminal bool) error {
	pid, err := conn.PeerPID()
	if err != nil {
		return fmt.Errorf("hguard daemon: cannot tell who sent this request (%v), so it is refused: run the hguard command in your own terminal", err)
	}
	getenv := func(string) string { return "" }
	if env, err := ancestry.Environ(pid); err == nil {
		getenv = env
	} else if !os.IsNotExist(err) {
		return fmt.Errorf("hguard daemon: cannot read the environment of process %d (%v), so this request is refused: run the hguard command in your own terminal", pid, err)
	}
	f, under, err := ancestry.UnderAgent(s.home, pid, getenv)
	if err != nil {
		return fmt.Errorf("hguard daemon: cannot read the ancestry of process %d (%v), so this request is refused: run the hguard command in your own terminal", pid, err)
	}
	if under {
		return fmt.Errorf("%w: %s", approval.ErrAgentCaller, approval.AgentRefusal(f.Agent, f.Why))
	}
	if terminal {
		if ok, err := peerTerminal(pid); err != nil || !ok {
			return fmt.Errorf("%w: hguard daemon: this request needs a person at a terminal, and process %d that sent it has no controlling terminal: run the hguard command in your own terminal, outside any coding agent", approval.ErrAgentCaller, pid)
		}
	}
	return nil
}
