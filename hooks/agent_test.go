package hooks

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestProtocols is the golden table: an agent's hook input, hguard's
// decision, and the exact reply in that agent's protocol.
func TestProtocols(t *testing.T) {
	const reason = "recursive delete of the root filesystem"
	tests := []struct {
		name     string
		agent    Agent
		in       string
		decision Decision
		stdout   string // "" means nothing printed
		exit     int
	}{
		{"claude allow", ClaudeCode, `{"session_id":"s1","cwd":"/w","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, Allow, "", 0},
		{"claude deny", ClaudeCode, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, Deny,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"claude ask, default mode", ClaudeCode, `{"permission_mode":"default","tool_name":"Bash","tool_input":{"command":"git reset --hard"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 0},
		{"claude ask, acceptEdits", ClaudeCode, `{"permission_mode":"acceptEdits","tool_name":"Bash","tool_input":{"command":"x"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 0},
		{"claude ask, plan", ClaudeCode, `{"permission_mode":"plan","tool_name":"Bash","tool_input":{"command":"x"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 0},
		{"claude ask, bypassPermissions denies", ClaudeCode, `{"permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"x"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"claude ask, dontAsk denies", ClaudeCode, `{"permission_mode":"dontAsk","tool_name":"Bash","tool_input":{"command":"x"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"claude ask, auto mode denies", ClaudeCode, `{"permission_mode":"auto","tool_name":"Bash","tool_input":{"command":"x"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"codex deny", Codex, `{"tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`, Deny,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"codex cannot ask", Codex, `{"tool_name":"Bash","tool_input":{"command":"git reset --hard"}}`, Ask,
			`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive delete of the root filesystem"}}`, 2},
		{"codex allow", Codex, `{"tool_name":"Bash","tool_input":{"command":"ls"}}`, Allow, "", 0},
		{"gemini allow", Gemini, `{"session_id":"g","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`, Allow, `{}`, 0},
		{"gemini deny", Gemini, `{"tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`, Deny,
			`{"decision":"deny","reason":"recursive delete of the root filesystem","systemMessage":"recursive delete of the root filesystem"}`, 2},
		{"gemini ask", Gemini, `{"tool_name":"run_shell_command","tool_input":{"command":"x"}}`, Ask,
			`{"decision":"ask","reason":"recursive delete of the root filesystem","systemMessage":"recursive delete of the root filesystem"}`, 0},
		{"cursor allow", Cursor, `{"conversation_id":"c","hook_event_name":"beforeShellExecution","command":"ls","cwd":"/w"}`, Allow, `{"permission":"allow"}`, 0},
		{"cursor deny", Cursor, `{"command":"rm -rf /"}`, Deny,
			`{"agentMessage":"recursive delete of the root filesystem","permission":"deny","userMessage":"recursive delete of the root filesystem"}`, 2},
		{"cursor ask", Cursor, `{"command":"x"}`, Ask,
			`{"agentMessage":"recursive delete of the root filesystem","permission":"ask","userMessage":"recursive delete of the root filesystem"}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := Parse(tt.agent, []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			a := Reply(c, tt.decision, reason)
			if got := strings.TrimSpace(string(a.Stdout)); got != tt.stdout {
				t.Errorf("stdout = %s\nwant     %s", got, tt.stdout)
			}
			if a.Exit != tt.exit {
				t.Errorf("exit = %d, want %d", a.Exit, tt.exit)
			}
			if tt.exit == 2 && !strings.Contains(a.Stderr, reason) {
				t.Errorf("stderr = %q, want the reason", a.Stderr)
			}
			if a.Stdout != nil && !json.Valid(a.Stdout) {
				t.Errorf("stdout is not JSON: %s", a.Stdout)
			}
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		agent Agent
		in    string
		want  Call
	}{
		{ClaudeCode, `{"session_id":"s","cwd":"/w","permission_mode":"dontAsk","tool_name":"Bash","tool_input":{"command":"ls -la","description":"list"}}`,
			Call{Agent: ClaudeCode, Shell: true, Command: "ls -la", Cwd: "/w", Session: "s", Mode: "dontAsk"}},
		{ClaudeCode, `{"tool_name":"Read","tool_input":{"file_path":"/etc/passwd"}}`, Call{Agent: ClaudeCode}},
		{Codex, `{"tool_name":"shell","tool_input":{"command":["bash","-lc","rm -rf ~/x && echo 'it''s'"]}}`,
			Call{Agent: Codex, Shell: true, Command: `bash -lc 'rm -rf ~/x && echo '\''it'\'''\''s'\'''`}},
		{Gemini, `{"session_id":"g","cwd":"/w","tool_name":"run_shell_command","tool_input":{"command":"git push -f"}}`,
			Call{Agent: Gemini, Shell: true, Command: "git push -f", Cwd: "/w", Session: "g"}},
		{Gemini, `{"tool_name":"read_file","tool_input":{"path":"x"}}`, Call{Agent: Gemini}},
		{Cursor, `{"conversation_id":"c","command":"make","workspace_roots":["/p"]}`,
			Call{Agent: Cursor, Shell: true, Command: "make", Cwd: "/p", Session: "c"}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.agent, []byte(tt.in))
		if err != nil {
			t.Errorf("%s %s: %v", tt.agent, tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s %s:\n got %+v\nwant %+v", tt.agent, tt.in, got, tt.want)
		}
	}
}

// TestMalformedInputIsRefused: every way the input can be unreadable is an
// error, and Refuse turns it into a denial in the agent's protocol.
func TestMalformedInputIsRefused(t *testing.T) {
	inputs := []string{``, `not json`, `{"tool_name":"Bash"}`, `{"tool_name":"Bash","tool_input":{"command":42}}`,
		`{"tool_name":"Bash","tool_input":{"command":[]}}`, `[1,2]`, `{"tool_name":"Bash","tool_input":{"command":null}}`}
	for _, agent := range Agents {
		for _, in := range inputs {
			if agent == Cursor && strings.Contains(in, "tool_name") {
				continue // Cursor reads "command" at the top level; these have none and are covered by `{}`-like cases
			}
			if agent == Gemini {
				in = strings.ReplaceAll(in, `"Bash"`, `"run_shell_command"`)
			}
			_, err := Parse(agent, []byte(in))
			if err == nil {
				t.Errorf("%s %q: no error", agent, in)
				continue
			}
			a := Refuse(agent, err)
			if a.Exit != 2 || !json.Valid(a.Stdout) || !strings.Contains(string(a.Stdout), "deny") {
				t.Errorf("%s %q: refusal = %+v", agent, in, a)
			}
		}
	}
	if _, err := Parse(ClaudeCode, make([]byte, maxInput+1)); err == nil {
		t.Error("oversized input accepted")
	}
}

func TestInstall(t *testing.T) {
	for _, agent := range Agents {
		t.Run(string(agent), func(t *testing.T) {
			existing := []byte(`{"theme": "dark", "hooks": {"Other": [{"command": "x"}]}}`)
			if agent == Codex {
				existing = []byte("model = \"o4\"\n")
			}
			cmd := HookCommand("/usr/local/bin/hguard", agent)
			out, changed, err := Install(agent, existing, cmd)
			if err != nil || !changed {
				t.Fatalf("Install = %v, %v", changed, err)
			}
			if !strings.Contains(string(out), cmd) {
				t.Errorf("no hook command in\n%s", out)
			}
			keep := `"theme": "dark"`
			if agent == Codex {
				keep = `model = "o4"`
			}
			if !strings.Contains(string(out), keep) {
				t.Errorf("existing settings lost:\n%s", out)
			}
			again, changed, err := Install(agent, out, cmd)
			if err != nil || changed || string(again) != string(out) {
				t.Errorf("second install changed the file (%v, %v)", changed, err)
			}
		})
	}
	if _, _, err := Install(ClaudeCode, []byte("{broken"), "hguard hook claude-code"); err == nil {
		t.Error("broken settings accepted")
	}
	if _, _, err := Install(ClaudeCode, []byte(`{"hooks": 3}`), "hguard hook claude-code"); err == nil {
		t.Error("non-object hooks accepted")
	}
}

func TestScript(t *testing.T) {
	for _, sh := range Shells {
		s, err := Script(sh, "/opt/my bin/hguard")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(s, "@HGUARD_BIN@") || !strings.Contains(s, "--shell "+sh) {
			t.Errorf("%s script not rendered:\n%s", sh, s)
		}
	}
	if _, err := Script("tcsh", "hguard"); err == nil {
		t.Error("tcsh accepted")
	}
}
