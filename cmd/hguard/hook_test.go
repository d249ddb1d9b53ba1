package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
)

// stuckDecider decides only once release is closed: a check slower than
// any budget.
type stuckDecider struct{ release chan struct{} }

func (s stuckDecider) Decide(approval.CheckRequest) (approval.Decision, error) {
	<-s.release
	return approval.Decision{Outcome: dsl.Allow}, nil
}

type quickDecider struct{}

func (quickDecider) Decide(approval.CheckRequest) (approval.Decision, error) {
	return approval.Decision{Outcome: dsl.Block}, nil
}

// TestDecideWithin: a decision that does not come within the budget is an
// error (the hook refuses the call), never an allow.
func TestDecideWithin(t *testing.T) {
	s := stuckDecider{release: make(chan struct{})}
	defer close(s.release)
	d, err := decideWithin(s, approval.CheckRequest{Command: "ls"}, time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "no decision within") {
		t.Fatalf("stuck decision: %v, %v; want an error", d, err)
	}
	d, err = decideWithin(quickDecider{}, approval.CheckRequest{Command: "rm -rf /"}, time.Hour)
	if err != nil || d.Outcome != dsl.Block {
		t.Fatalf("quick decision: %v, %v; want block", d, err)
	}
}

// TestHookZshDialect: Claude Code runs its Bash tool in the user's zsh,
// whose =cmd, $=var and >>! the hook must read as zsh does.
func TestHookZshDialect(t *testing.T) {
	project := agentProject(t)
	for _, tt := range []struct {
		shell, cmd string
		deny       bool
	}{
		{"/usr/bin/zsh", "=rm -rf ~", true},
		{"/usr/bin/zsh", `c="rm -rf $HOME"; $=c`, true},
		{"/usr/bin/zsh", "echo x >>! ~/.hguard/config.yaml", true},
		{"/usr/bin/zsh", "ls -la", false},
		{"/bin/bash", "ls -la", false},
	} {
		t.Setenv("SHELL", tt.shell)
		in, _ := json.Marshal(map[string]any{"session_id": "z1", "cwd": project, "permission_mode": "default", "hook_event_name": "PreToolUse",
			"tool_name": "Bash", "tool_input": map[string]any{"command": tt.cmd}})
		var stdout, stderr bytes.Buffer
		run([]string{"hook", "claude-code"}, bytes.NewReader(in), &stdout, &stderr)
		if denied := strings.Contains(stdout.String(), `"permissionDecision":"deny"`); denied != tt.deny {
			t.Errorf("SHELL=%s %s: denied %v, want %v: %s%s", tt.shell, tt.cmd, denied, tt.deny, stdout.String(), stderr.String())
		}
	}
}

// TestModelReasons: the reason the model reads names each block once, the
// shared wording of rules about one thing once, and a clause with detail
// instead of its bare form; findings below the verdict are left out.
func TestModelReasons(t *testing.T) {
	d := approval.Decision{Verdict: dsl.Block, Findings: []dsl.Finding{
		{Rule: "a", Level: dsl.Block, Message: "an agent may not change hguard's own files; a person can make this change in their own terminal"},
		{Rule: "b", Level: dsl.Block, Message: "an agent may not change hguard's own files (from inline code); a person can make this change in their own terminal"},
		{Rule: "c", Level: dsl.Block, Message: "recursive delete of a home directory"},
		{Rule: "d", Level: dsl.Ask, Message: "recursive delete"},
		{Rule: "c2", Level: dsl.Block, Message: "recursive delete of a home directory"},
	}}
	want := "an agent may not change hguard's own files (from inline code); a person can make this change in their own terminal; recursive delete of a home directory"
	if got := modelReasons(d); got != want {
		t.Errorf("modelReasons:\n got %q\nwant %q", got, want)
	}
}
