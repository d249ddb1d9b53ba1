package agente2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

// geminiAPI is a fake Gemini API (generateContent and
// streamGenerateContent?alt=sse): a request whose contents hold n function
// responses is answered with step n's function call, after the last with
// text (a step tool "mcp" with input {tool, arguments} calls the MCP tool
// whose declared name ends in tool). Requests without tools (Gemini CLI's
// own checks) get text.
func geminiAPI(t *testing.T, s *script) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.Path
		if strings.HasSuffix(path, ":countTokens") {
			fmt.Fprint(w, `{"totalTokens": 10}`)
			return
		}
		stream := strings.HasSuffix(path, ":streamGenerateContent")
		if !stream && !strings.HasSuffix(path, ":generateContent") {
			http.NotFound(w, r)
			return
		}
		var req struct {
			Contents []struct {
				Role  string `json:"role"`
				Parts []struct {
					FunctionResponse *struct {
						Response json.RawMessage `json:"response"`
					} `json:"functionResponse"`
				} `json:"parts"`
			} `json:"contents"`
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), 400)
			return
		}
		n := 0
		if len(req.Tools) > 0 {
			for _, c := range req.Contents {
				for _, p := range c.Parts {
					if p.FunctionResponse != nil {
						s.record(n, result{text: string(p.FunctionResponse.Response)})
						n++
					}
				}
			}
			s.mu.Lock()
			s.reqs++
			s.mu.Unlock()
		}
		part := map[string]any{"text": "done"}
		if len(req.Tools) > 0 && n < len(s.steps) {
			st := s.steps[n]
			part = map[string]any{"functionCall": map[string]any{"name": st.tool, "args": st.input}}
			if st.tool == "mcp" {
				// An MCP tool, by the name Gemini CLI declares it under: the
				// one ending in the tool's own name.
				var names []string
				for _, raw := range req.Tools {
					var tl struct {
						Decls []struct {
							Name string `json:"name"`
						} `json:"functionDeclarations"`
					}
					json.Unmarshal(raw, &tl)
					for _, d := range tl.Decls {
						names = append(names, d.Name)
					}
				}
				name := ""
				for _, n := range names {
					if strings.HasSuffix(n, st.input["tool"].(string)) {
						name = n
					}
				}
				if name == "" {
					t.Logf("no MCP tool %v among Gemini CLI's tools %v", st.input["tool"], names)
				}
				part = map[string]any{"functionCall": map[string]any{"name": name, "args": st.input["arguments"]}}
			}
		}
		resp := map[string]any{
			"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}},
			"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
			"modelVersion":  "gemini-2.5-flash",
		}
		data, _ := json.Marshal(resp)
		if !stream {
			w.Header().Set("Content-Type", "application/json")
			w.Write(data)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\r\n\r\n", data)
	})
}

// geminiSettings adds what a headless run needs to the settings hguard
// wrote: API-key auth, and no telemetry or update checks.
func geminiSettings(t *testing.T, home string) {
	t.Helper()
	editJSON(t, filepath.Join(home, ".gemini", "settings.json"), func(v map[string]any) {
		v["security"] = map[string]any{"auth": map[string]any{"selectedType": "gemini-api-key"}, "folderTrust": map[string]any{"enabled": false}}
		v["general"] = map[string]any{"disableAutoUpdate": true, "disableUpdateNag": true}
		v["privacy"] = map[string]any{"usageStatisticsEnabled": false}
		v["telemetry"] = map[string]any{"enabled": false}
	})
}

func TestGemini(t *testing.T) {
	gemini := cli(t, "gemini")
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	hguardInit(t, home, hguard, hguard, "gemini")
	geminiSettings(t, home)
	mark := func(name string) string { return filepath.Join(proj, name) }
	shell := func(name, command string) step {
		return step{name: name, tool: "run_shell_command", input: map[string]any{"command": command}}
	}
	s := newScript(
		shell("block", "touch "+mark("blocked")+" && rm -rf / --no-preserve-root"),
		shell("allow", "touch "+mark("allowed")),
		shell("who", whoCommand(proj)),
		shell("ask", "touch "+mark("asked")+" && git reset --hard"),
		shell("mask", "cat token.txt"),
		shell("mask-failure", "cat token.txt; echo to-stderr >&2; exit 3"),
		// Gemini CLI itself refuses paths outside the workspace, so the
		// protected file and the secret are the project's own.
		step{name: "write-rules", tool: "write_file", input: map[string]any{"file_path": filepath.Join(proj, ".hguard", "rules.yaml"), "content": "[]\n"}},
		step{name: "read-secret", tool: "read_file", input: map[string]any{"file_path": filepath.Join(proj, "credentials.json")}},
	)
	base := serve(t, geminiAPI(t, s))
	out := run(t, proj, env(home, "GOOGLE_GEMINI_BASE_URL="+base, "GEMINI_API_KEY=test-key", "GEMINI_CLI_NO_RELAUNCH=true"),
		gemini, "-p", "do the task", "--yolo", "-m", "gemini-2.5-flash")
	t.Logf("gemini: %s", out)
	t.Logf("mask: %s", s.result(t, "mask").text)
	t.Logf("mask-failure: %s", s.result(t, "mask-failure").text)

	if r := s.result(t, "block"); exists(mark("blocked")) || !strings.Contains(r.text, "blocked by hguard") {
		t.Errorf("block: ran=%v, model got %q", exists(mark("blocked")), r.text)
	}
	s.result(t, "who")
	checkUnderAgent(t, home, proj, "gemini")
	if r := s.result(t, "allow"); !exists(mark("allowed")) {
		t.Errorf("allow: did not run; model got %q", r.text)
	}
	if r := s.result(t, "ask"); exists(mark("asked")) || !strings.Contains(r.text, "only they can approve") {
		t.Errorf("headless ask (gemini -p): ran=%v, model got %q", exists(mark("asked")), r.text)
	}
	// The command ran through hguard --agent-shell (BeforeTool rewrote it):
	// the model gets an ordinary result, with the secret masked, not an
	// error from an AfterTool denial.
	if r := s.result(t, "mask"); strings.Contains(r.text, fakeToken) || !strings.Contains(r.text, "ghp_") ||
		strings.Contains(r.text, "blocked") || strings.Contains(r.text, `"error"`) {
		t.Errorf("mask: model got %q", r.text)
	}
	if r := s.result(t, "mask-failure"); strings.Contains(r.text, fakeToken) || !strings.Contains(r.text, "ghp_") ||
		!strings.Contains(r.text, "to-stderr") || !strings.Contains(r.text, "Exit Code: 3") || strings.Contains(r.text, "blocked") {
		t.Errorf("mask on failure: model got %q", r.text)
	}
	if r := s.result(t, "write-rules"); exists(filepath.Join(proj, ".hguard", "rules.yaml")) || !strings.Contains(r.text, "hguard") {
		t.Errorf("write_file to .hguard/rules.yaml went through; model got %q", r.text)
	}
	if r := s.result(t, "read-secret"); strings.Contains(r.text, awsSecret) || !strings.Contains(r.text, "secret") {
		t.Errorf("read_file of credentials.json: model got %q", r.text)
	}
}

// TestGeminiMissingBinary: hooks whose hguard is gone refuse (exit 2 is
// Gemini CLI's "block").
func TestGeminiMissingBinary(t *testing.T) {
	gemini := cli(t, "gemini")
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	hguardInit(t, home, hguard, filepath.Join(home, "gone", "hguard"), "gemini")
	geminiSettings(t, home)
	s := newScript(step{name: "run", tool: "run_shell_command", input: map[string]any{"command": "touch " + filepath.Join(proj, "ran")}})
	base := serve(t, geminiAPI(t, s))
	out := run(t, proj, env(home, "GOOGLE_GEMINI_BASE_URL="+base, "GEMINI_API_KEY=test-key", "GEMINI_CLI_NO_RELAUNCH=true"),
		gemini, "-p", "do the task", "--yolo", "-m", "gemini-2.5-flash")
	if exists(filepath.Join(proj, "ran")) || !strings.Contains(out, "hguard is missing") {
		t.Errorf("missing hguard: ran=%v, gemini said %q", exists(filepath.Join(proj, "ran")), out)
	}
}
