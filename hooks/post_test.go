package hooks

import (
	"encoding/json"
	"strings"
	"testing"
)

// fakeToken is shaped like a GitHub token; it is no credential.
const fakeToken = "ghp_R8xk2Lq9Vw3Zt7Yp1Nm4Bc6Df0Gh5Jk8Ls2Q"

// TestMasked feeds each agent's after-tool input and checks the answer is
// the agent's own way of replacing the output, with the secret masked, and
// nothing at all when the output is clean.
func TestMasked(t *testing.T) {
	bash := `"tool_response":{"stdout":"GITHUB_TOKEN=` + fakeToken + `\n","stderr":"","interrupted":false,"isImage":false}`
	tests := []struct {
		name   string
		agent  Agent
		event  string
		input  string
		want   string // substring of Stdout (or Stderr when exit is 2)
		exit   int
		silent bool // nothing printed
	}{
		{"claude bash", ClaudeCode, EventPost, `{"hook_event_name":"PostToolUse","tool_name":"Bash",` + bash + `}`,
			`{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"GITHUB_TOKEN=ghp_…Ls2Q\n","stderr":"","interrupted":false,"isImage":false}}}`, 0, false},
		{"claude clean", ClaudeCode, EventPost, `{"hook_event_name":"PostToolUse","tool_response":{"stdout":"ok"}}`, "", 0, true},
		{"claude no response", ClaudeCode, EventPost, `{"hook_event_name":"PostToolUse","tool_response":null}`, "", 0, true},
		{"claude wrong event", ClaudeCode, EventPost, `{"hook_event_name":"PreToolUse","tool_response":{}}`, Withheld, 0, false},
		{"claude not json", ClaudeCode, EventPost, `not json`, `"stdout":"` + Withheld, 0, false},
		{"claude failure", ClaudeCode, EventPostFailure, `{"hook_event_name":"PostToolUseFailure","error":"exit 1: ` + fakeToken + `"}`,
			`{"hookSpecificOutput":{"additionalContext":"hguard: the output of this failed tool call held 1 secret(s)`, 0, false},
		{"claude failure clean", ClaudeCode, EventPostFailure, `{"error":"exit 1"}`, "", 0, true},
		{"claude failure not json", ClaudeCode, EventPostFailure, `{`, Withheld, 2, false},
		{"codex", Codex, EventPost, `{"hook_event_name":"PostToolUse",` + bash + `}`,
			`{"decision":"block","reason":"hguard masked 1 secret(s) in this output; this is the output with them masked:\n{\"stdout\":\"GITHUB_TOKEN=ghp_…Ls2Q\\n\"`, 0, false},
		{"codex string", Codex, EventPost, `{"tool_response":"token ` + fakeToken + `"}`,
			`masked:\ntoken ghp_…Ls2Q"}`, 0, false},
		{"codex clean", Codex, EventPost, `{"tool_response":"fine"}`, "", 0, true},
		{"codex not json", Codex, EventPost, `[`, `{"decision":"block","reason":"` + Withheld, 0, false},
		{"gemini", Gemini, EventPost, `{"hook_event_name":"AfterTool","tool_response":{"llmContent":"` + fakeToken + `"}}`,
			`{"decision":"deny","reason":"hguard masked 1 secret(s) in this output; this is the output with them masked:\nghp_…Ls2Q"}`, 0, false},
		{"gemini clean", Gemini, EventPost, `{"tool_response":{"llmContent":"fine"}}`, "{}\n", 0, false},
		{"gemini not json", Gemini, EventPost, `nope`, `{"decision":"deny","reason":"` + Withheld, 0, false},
		{"opencode", OpenCode, EventPost, `{"hook_event_name":"tool.execute.after","tool_name":"bash","tool_response":"token ` + fakeToken + `\n"}`,
			`{"output":"token ghp_…Ls2Q\n"}`, 0, false},
		{"opencode clean", OpenCode, EventPost, `{"tool_response":"fine"}`, "{}\n", 0, false},
		{"opencode not a string", OpenCode, EventPost, `{"tool_response":{"a":1}}`, `{"output":"` + Withheld, 0, false},
		{"opencode not json", OpenCode, EventPost, `{`, `{"output":"` + Withheld, 0, false},
		{"copilot", Copilot, EventPost, `{"toolName":"bash","toolArgs":{"command":"cat t; exit 3"},"toolResult":{"resultType":"success","textResultForLlm":"token ` + fakeToken + `\n<shellId: 0 completed with exit code 3>"}}`,
			`{"modifiedResult":{"resultType":"success","textResultForLlm":"token ghp_…Ls2Q\n<shellId: 0 completed with exit code 3>"}}`, 0, false},
		{"copilot clean", Copilot, EventPost, `{"toolName":"view","toolResult":{"resultType":"success","textResultForLlm":"fine"}}`, "", 0, true},
		{"copilot no result", Copilot, EventPost, `{"toolName":"view"}`, "", 0, true},
		{"copilot not a string", Copilot, EventPost, `{"toolResult":{"textResultForLlm":{"a":1}}}`, `{"modifiedResult":{"resultType":"failure","textResultForLlm":"` + Withheld, 0, false},
		{"copilot not json", Copilot, EventPost, `{`, `"textResultForLlm":"` + Withheld, 0, false},
		{"cursor", Cursor, EventPost, `{"tool_response":"` + fakeToken + `"}`, "", 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Masked(tt.agent, tt.event, []byte(tt.input))
			out := string(a.Stdout)
			if tt.exit == 2 {
				out = a.Stderr
			}
			if a.Exit != tt.exit {
				t.Errorf("exit %d, want %d", a.Exit, tt.exit)
			}
			if tt.silent {
				if len(a.Stdout) != 0 || a.Stderr != "" {
					t.Errorf("printed %q %q, want nothing", a.Stdout, a.Stderr)
				}
				return
			}
			if !strings.Contains(out, tt.want) {
				t.Errorf("answer\n %s\nwant it to hold\n %s", out, tt.want)
			}
			if strings.Contains(string(a.Stdout)+a.Stderr, fakeToken) {
				t.Error("the secret reached the answer")
			}
			if tt.exit == 0 && !json.Valid(a.Stdout) {
				t.Errorf("not JSON: %s", a.Stdout)
			}
		})
	}
}
