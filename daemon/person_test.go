package daemon

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/internal/ancestry"
)

// TestDaemonRefusesAgentPeers: the daemon reads who sent a request from
// the socket (SO_PEERCRED) and refuses approve, deny and YOLO on from a
// process under a registered agent, saying what a person should do; the
// same requests from outside pass, and narrowing (YOLO off) stays open.
func TestDaemonRefusesAgentPeers(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process ancestry is read from /proc (Linux); elsewhere only environment markers count")
	}
	withPeerTerminal(t, true)
	home := t.TempDir()
	startDaemon(t, home)
	c := dial(t, home)
	if _, err := c.Approve("", 0, true, approval.AnswerOnce); err != nil {
		t.Fatalf("approve from outside an agent: %v", err)
	}
	if err := c.SetYOLO("s1", true); err != nil {
		t.Fatalf("yolo on from outside an agent: %v", err)
	}
	// This test process becomes a registered agent's process: what it
	// sends now comes from "the agent".
	self, err := ancestry.Stat(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if err := ancestry.Register(home, self, "codex"); err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"approve": func() error { _, err := c.Approve("", 0, true, approval.AnswerAlways); return err },
		"deny":    func() error { _, err := c.Deny("", 0, true); return err },
		"yolo on": func() error { return c.SetYOLO("s1", true) },
	} {
		err := call()
		if !errors.Is(err, approval.ErrAgentCaller) {
			t.Errorf("%s from an agent: %v, want ErrAgentCaller", name, err)
			continue
		}
		if !strings.Contains(err.Error(), "codex") || !strings.Contains(err.Error(), "in your own terminal") {
			t.Errorf("%s: the refusal does not name the agent or say what a person should do: %v", name, err)
		}
	}
	if err := c.SetYOLO("s1", false); err != nil {
		t.Errorf("yolo off from an agent narrows and stays open: %v", err)
	}
}

// withPeerTerminal makes every sender have a controlling terminal or none,
// for the test: go test has one or not depending on who runs it.
func withPeerTerminal(t *testing.T, has bool) {
	saved := peerTerminal
	peerTerminal = func(int) (bool, error) { return has, nil }
	t.Cleanup(func() { peerTerminal = saved })
}

// TestDaemonRefusesPeersWithoutTerminal: approving and YOLO on need a
// sender with a controlling terminal (redteam8 #1: setsid -f env -i hides
// an agent's ancestry and markers, and its terminal with them); deny and
// YOLO off only narrow and stay open.
func TestDaemonRefusesPeersWithoutTerminal(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process ancestry is read from /proc (Linux)")
	}
	withPeerTerminal(t, false)
	home := t.TempDir()
	startDaemon(t, home)
	c := dial(t, home)
	for name, call := range map[string]func() error{
		"approve": func() error { _, err := c.Approve("", 0, true, approval.AnswerOnce); return err },
		"yolo on": func() error { return c.SetYOLO("s1", true) },
	} {
		if err := call(); !errors.Is(err, approval.ErrAgentCaller) || !strings.Contains(err.Error(), "needs a person at a terminal") {
			t.Errorf("%s without a terminal: %v, want the refusal", name, err)
		}
	}
	if _, err := c.Deny("", 0, true); err != nil {
		t.Errorf("deny without a terminal narrows and stays open: %v", err)
	}
	if err := c.SetYOLO("s1", false); err != nil {
		t.Errorf("yolo off without a terminal: %v", err)
	}
}
