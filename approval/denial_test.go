package approval

import (
	"os"
	"strings"
	"testing"

	"github.com/hguard/hguard/audit"
	"github.com/hguard/hguard/dsl"
)

// TestAgentDenialsCounted: every block an agent meets, and every ask it
// cannot put to a person, is a denial persisted in its session; from the
// denial limit (3) on, the decision says to stop and the audit log's
// record carries it. A person's checks and a prompting agent's asks are
// not counted.
func TestAgentDenialsCounted(t *testing.T) {
	home := t.TempDir()
	e := newEngine(t, home)
	cwd := t.TempDir()
	decide := func(req CheckRequest) Decision {
		t.Helper()
		d, err := e.Decide(req)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	// A person at a terminal: nothing is counted.
	for range 3 {
		decide(CheckRequest{Command: "rm -rf /", Cwd: cwd, Session: "person"})
	}
	if st, _ := e.Session("person"); st.Denied != 0 {
		t.Errorf("a person's blocks were counted: %d", st.Denied)
	}
	// An agent that prompts: its asks are the person's to answer.
	for range 3 {
		decide(CheckRequest{Command: "git push --force", Cwd: cwd, Session: "cc-prompt", Caller: "claude-code"})
	}
	if st, _ := e.Session("cc-prompt"); st.Denied != 0 {
		t.Errorf("a prompting agent's asks were counted: %d", st.Denied)
	}
	// An agent trying variants: blocks and unpromptable asks, by different rules.
	variants := []CheckRequest{
		{Command: "rm -rf /", Cwd: cwd, Session: "cx", Caller: "codex"},
		{Command: "git push --force", Cwd: cwd, Session: "cx", Caller: "codex", AskDenies: true},
		{Command: "export HGUARD_DISABLE=1", Cwd: cwd, Session: "cx", Caller: "codex"},
	}
	var last Decision
	for i, req := range variants {
		last = decide(req)
		if i < 2 && last.Notice != "" {
			t.Errorf("denial %d already has a notice: %s", i+1, last.Notice)
		}
	}
	if !strings.Contains(last.Notice, "3 commands were denied in this session") {
		t.Errorf("third denial: notice %q", last.Notice)
	}
	st, err := e.Session("cx")
	if err != nil || st.Denied != 3 {
		t.Fatalf("session cx: denied %d (%v), want 3", st.Denied, err)
	}
	// The same rule again: its own count reaches the limit too.
	for range 2 {
		last = decide(variants[0])
	}
	if !strings.Contains(last.Notice, "denied 3 times") {
		t.Errorf("a rule denied three times: notice %q", last.Notice)
	}
	if last.Outcome != dsl.Block {
		t.Errorf("outcome %s", last.Outcome)
	}
	e.Close()
	data, err := os.ReadFile(audit.Path(home))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "stop trying other ways") || !strings.Contains(string(data), "denied 3 times") {
		t.Errorf("the audit log does not record the notices:\n%s", data)
	}
}
