package ancestry

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
)

func TestParseStat(t *testing.T) {
	tests := []struct {
		in      string
		want    Proc
		wantErr bool
	}{
		{"42 (bash) S 7 42 42 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 12345 0 0", Proc{PID: 42, PPID: 7, Start: 12345, Comm: "bash"}, false},
		// A name with spaces and parentheses: fields count from the last ')'.
		{"42 (a) b (c)) R 9 42 42 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 999 0 0", Proc{PID: 42, PPID: 9, Start: 999, Comm: "a) b (c)"}, false},
		// tty_nr (field 7): a controlling terminal, /dev/pts/0 here.
		{"42 (bash) S 7 42 42 34816 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 12345 0 0", Proc{PID: 42, PPID: 7, Start: 12345, Comm: "bash", TTY: 34816}, false},
		{"42 bash S 7", Proc{}, true},
		{"42 (bash) S 7 1 2", Proc{}, true},
		{"42 (bash) S x 42 42 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 12345 0 0", Proc{}, true},
	}
	for _, tt := range tests {
		got, err := parseStat(42, tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("parseStat(%q) = %+v, %v; want %+v, error %t", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestRegistered: a registration names one process, by pid and start
// time; the same pid with another start time (reused) is not the agent.
func TestRegistered(t *testing.T) {
	home := t.TempDir()
	p := Proc{PID: 4242, Start: 100, Comm: "claude"}
	if _, ok := Registered(home, p); ok {
		t.Fatal("registered before Register")
	}
	if err := Register(home, p, "claude-code"); err != nil {
		t.Fatal(err)
	}
	if err := Register(home, p, "claude-code"); err != nil { // again: nothing changes
		t.Fatal(err)
	}
	if agent, ok := Registered(home, p); !ok || agent != "claude-code" {
		t.Errorf("Registered = %q, %t", agent, ok)
	}
	reused := p
	reused.Start = 200
	if _, ok := Registered(home, reused); ok {
		t.Error("a reused pid counts as the registered agent")
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		env         map[string]string
		agent, name string
	}{
		{map[string]string{}, "", ""},
		{map[string]string{"CLAUDECODE": "1"}, "claude-code", "CLAUDECODE"},
		{map[string]string{"CODEX_SANDBOX": "seatbelt"}, "codex", "CODEX_SANDBOX"},
		{map[string]string{"GEMINI_CLI": "1"}, "gemini", "GEMINI_CLI"},
		{map[string]string{"CURSOR_EXTENSION_HOST_ROLE": "agent-exec"}, "cursor", "CURSOR_EXTENSION_HOST_ROLE"},
		{map[string]string{"CURSOR_EXTENSION_HOST_ROLE": "user"}, "", ""},
		{map[string]string{"CLAUDECODE": ""}, "", ""},
		{map[string]string{"CURSOR_AGENT": "1"}, "cursor", "CURSOR_AGENT"},
		{map[string]string{"COPILOT_CLI": "1"}, "copilot", "COPILOT_CLI"},
		{map[string]string{"AGENT": "1", "OPENCODE": "1", "OPENCODE_PID": "42"}, "opencode", "OPENCODE"},
		{map[string]string{"OPENCODE_PID": "42"}, "opencode", "OPENCODE_PID"},
		{map[string]string{"CRUSH": "1", "AGENT": "crush", "AI_AGENT": "crush"}, "crush", "CRUSH"},
		{map[string]string{"AGENT": "crush"}, "crush", "AGENT"},
		{map[string]string{"AGENT": "amp"}, "amp", "AGENT"},
		{map[string]string{"AMP_CURRENT_THREAD_ID": "T-1"}, "amp", "AMP_CURRENT_THREAD_ID"},
		{map[string]string{"HERMES_SESSION_ID": "20261202_x"}, "hermes", "HERMES_SESSION_ID"},
		// Claude Code sets AI_AGENT too; its own marker names it first.
		{map[string]string{"AI_AGENT": "claude-code/2.1", "CLAUDECODE": "1"}, "claude-code", "CLAUDECODE"},
		{map[string]string{"AI_AGENT": "someone"}, "agent", "AI_AGENT"},
		// A bare AGENT of another value names no agent (a build agent's, say).
		{map[string]string{"AGENT": "buildkite"}, "", ""},
	}
	for _, tt := range tests {
		agent, name := FromEnv(func(k string) string { return tt.env[k] })
		if agent != tt.agent || name != tt.name {
			t.Errorf("FromEnv(%v) = %q, %q; want %q, %q", tt.env, agent, name, tt.agent, tt.name)
		}
	}
}

// TestUnderAgent: this process is under an agent once one of its
// ancestors (or itself) is registered, and not before.
func TestUnderAgent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("process ancestry is read from /proc (Linux)")
	}
	home := t.TempDir()
	none := func(string) string { return "" }
	if f, under, err := UnderAgent(home, os.Getpid(), none); err != nil || under {
		t.Fatalf("UnderAgent before any registration = %+v, %t, %v", f, under, err)
	}
	anc, err := Ancestors(os.Getpid())
	if err != nil || len(anc) == 0 {
		t.Fatalf("Ancestors = %v, %v", anc, err)
	}
	if err := Register(home, anc[0], "gemini"); err != nil {
		t.Fatal(err)
	}
	f, under, err := UnderAgent(home, os.Getpid(), none)
	if err != nil || !under || f.Agent != "gemini" || f.PID != anc[0].PID {
		t.Errorf("UnderAgent under a registered parent = %+v, %t, %v", f, under, err)
	}
}

// fakeProc writes a process tree under a temporary procRoot: each entry
// is pid, parent pid, name.
func fakeProc(t *testing.T, procs ...Proc) {
	t.Helper()
	root := t.TempDir()
	for _, p := range procs {
		dir := filepath.Join(root, strconv.Itoa(p.PID))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		stat := fmt.Sprintf("%d (%s) S %d 1 1 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 %d 0 0", p.PID, p.Comm, p.PPID, 1000+p.PID)
		if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(root, "self"), 0o755)
	old := procRoot
	procRoot = root
	t.Cleanup(func() { procRoot = old })
}

// TestAgentOf: the hook registers the agent CLI's process, found by its
// name past shells, hguard's own wrappers and helpers that are neither;
// without a known name, the nearest ancestor that is not a shell.
func TestAgentOf(t *testing.T) {
	tests := []struct {
		name  string
		chain []string // the hook's ancestors, parent first
		want  string
	}{
		{"claude, through its shell prefix", []string{"bash", "hguard", "claude"}, "claude"},
		{"amp's delegate script under node", []string{"hguard-delegate", "node"}, "node"},
		{"gemini's hook shells under node", []string{"bash", "bash", "node"}, "node"},
		{"opencode through a helper", []string{"sh", "timeout", "opencode"}, "opencode"},
		{"copilot (its binary is MainThread, under a node launcher)", []string{"bash", "MainThread", "node"}, "MainThread"},
		{"hermes without a shell", []string{"hermes"}, "hermes"},
		{"an unknown agent: the nearest that is not a shell", []string{"sh", "bash", "myagent", "tmux: server"}, "myagent"},
		{"only shells: the parent", []string{"sh", "bash"}, "sh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			procs := []Proc{{PID: 100, PPID: 101, Comm: "hguard"}}
			for i, name := range tt.chain {
				ppid := 102 + i
				if i == len(tt.chain)-1 {
					ppid = 1
				}
				procs = append(procs, Proc{PID: 101 + i, PPID: ppid, Comm: name})
			}
			fakeProc(t, procs...)
			p, err := AgentOf(100)
			if err != nil || p.Comm != tt.want {
				t.Errorf("AgentOf = %+v, %v; want %s", p, err, tt.want)
			}
		})
	}
}

// TestNamesAreAgents: every process name names one of hguard's agents.
func TestNamesAreAgents(t *testing.T) {
	agents := map[string]bool{"claude-code": true, "codex": true, "gemini": true, "cursor": true, "copilot": true,
		"opencode": true, "crush": true, "amp": true, "hermes": true}
	for name, agent := range Names {
		if !agents[agent] {
			t.Errorf("process name %s names %q, not an agent hguard knows", name, agent)
		}
		if len(name) > 15 {
			t.Errorf("process name %s is longer than /proc's comm (15 bytes) can hold", name)
		}
	}
}
