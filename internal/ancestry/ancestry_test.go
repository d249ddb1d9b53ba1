package ancestry

import (
	"os"
	"runtime"
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
