package agente2e

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/internal/testbin"
)

// mcpEnv, when set, makes the test binary a stdio MCP server (TestMain)
// whose tools leave marker files in the directory it names: the agents start
// it as the MCP server "e2e" of their configuration.
const mcpEnv = "HGUARD_E2E_MCP_DIR"

// mcpTools are the fake server's tools; each creates DIR/TOOL-NAME, so a
// test sees which calls ran.
var mcpTools = []string{"touch", "drop"}

// serveMCP answers MCP's JSON-RPC, one message per line (the stdio
// transport): initialize, tools/list and tools/call; notifications get no
// answer, other requests an error.
func serveMCP(in io.Reader, out io.Writer, dir string) {
	enc := json.NewEncoder(out)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				ProtocolVersion string          `json:"protocolVersion"`
				Name            string          `json:"name"`
				Arguments       json.RawMessage `json:"arguments"`
			} `json:"params"`
		}
		if json.Unmarshal(sc.Bytes(), &req) != nil || req.ID == nil {
			continue // a notification (notifications/initialized, …)
		}
		reply := map[string]any{"jsonrpc": "2.0", "id": req.ID}
		switch req.Method {
		case "initialize":
			version := req.Params.ProtocolVersion
			if version == "" {
				version = "2025-06-18"
			}
			reply["result"] = map[string]any{"protocolVersion": version, "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "e2e", "version": "1.0.0"}}
		case "tools/list":
			var tools []any
			for _, name := range mcpTools {
				tools = append(tools, map[string]any{"name": name, "description": "creates a marker file named after its argument",
					"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []string{"name"}}})
			}
			reply["result"] = map[string]any{"tools": tools}
		case "tools/call":
			var args struct {
				Name string `json:"name"`
			}
			json.Unmarshal(req.Params.Arguments, &args)
			marker := filepath.Join(dir, req.Params.Name+"-"+filepath.Base(args.Name))
			text := "ran " + req.Params.Name + " " + args.Name
			if err := os.WriteFile(marker, nil, 0o644); err != nil {
				text = err.Error()
			}
			reply["result"] = map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
		case "ping":
			reply["result"] = map[string]any{}
		default:
			reply["error"] = map[string]any{"code": -32601, "message": "method not found: " + req.Method}
		}
		enc.Encode(reply)
	}
}

// mcpRule is a user rule that blocks the fake server's drop tool, by the
// name rules give MCP calls.
const mcpRule = `- id: e2e-no-drop
  on: ["mcp:e2e/drop"]
  level: block
  message: the e2e server's drop tool is not for agents
  when: "true"
  examples:
    match: ["mcp:e2e/drop --name=table"]
    nomatch: ["mcp:e2e/touch --name=ok"]
`

// TestClaudeCodeMCP: Claude Code (claude -p --mcp-config) calls the tools
// of a real stdio MCP server; hguard's PreToolUse hook (matcher mcp__.*)
// judges each call as mcp:e2e/TOOL, so the rule that names mcp:e2e/drop
// refuses that call before the server sees it, and the other tool runs.
func TestClaudeCodeMCP(t *testing.T) {
	claude := cli(t, "claude")
	home, proj, server := mcpFixture(t, "claude-code")
	config, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"e2e": map[string]any{
		"type": "stdio", "command": server, "args": []string{}, "env": map[string]string{mcpEnv: proj}}}})
	s := newScript(
		step{name: "allowed", tool: "mcp__e2e__touch", input: map[string]any{"name": "ok"}},
		step{name: "blocked", tool: "mcp__e2e__drop", input: map[string]any{"name": "table"}},
	)
	base := serve(t, anthropic(t, s))
	out := run(t, proj, env(home, "ANTHROPIC_BASE_URL="+base, "ANTHROPIC_API_KEY=sk-ant-test"),
		claude, "-p", "do the task", "--output-format", "text", "--model", "sonnet",
		"--mcp-config", string(config), "--strict-mcp-config", "--allowedTools", "mcp__e2e", "--max-turns", "10")
	t.Logf("claude: %s", out)
	checkMCP(t, s, proj)
}

// TestOpenCodeMCP: OpenCode (opencode run, a "local" MCP server in its
// config) names the server's tools e2e_TOOL; hguard's plugin judges every
// tool that is not OpenCode's own as mcp:SERVER/TOOL, so the same rule
// refuses e2e_drop and e2e_touch runs.
func TestOpenCodeMCP(t *testing.T) {
	cli(t, "opencode")
	home, proj, server := mcpFixture(t, "opencode")
	s := newScript(
		step{name: "allowed", tool: "e2e_touch", input: map[string]any{"name": "ok"}},
		step{name: "blocked", tool: "e2e_drop", input: map[string]any{"name": "table"}},
	)
	out := openCode(t, home, proj, serve(t, openAIChat(t, s)), map[string]any{"mcp": map[string]any{"e2e": map[string]any{
		"type": "local", "command": []string{server}, "environment": map[string]string{mcpEnv: proj}, "enabled": true}}})
	t.Logf("opencode: %s", out)
	checkMCP(t, s, proj)
}

// mcpFixture is a throwaway home with hguard's hooks for agent and the rule
// that blocks mcp:e2e/drop, and the path of the MCP server (this binary).
func mcpFixture(t *testing.T, agent string) (home, proj, server string) {
	t.Helper()
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj = fixture(t)
	if agent != "codex" { // Codex's config.toml is written first: see TestCodexMCP
		hguardInit(t, home, hguard, hguard, agent)
	}
	rules := filepath.Join(home, ".hguard", "rules.d")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rules, "mcp.yaml"), []byte(mcpRule), 0o644); err != nil {
		t.Fatal(err)
	}
	server, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return home, proj, server
}

// checkMCP checks the two calls of an MCP script: touch ran, drop was
// refused with the rule's message before the server saw it.
func checkMCP(t *testing.T, s *script, proj string) {
	t.Helper()
	if r := s.result(t, "allowed"); !exists(filepath.Join(proj, "touch-ok")) || !strings.Contains(r.text, "ran touch ok") {
		t.Errorf("allowed MCP call: ran=%v, model got %q", exists(filepath.Join(proj, "touch-ok")), r.text)
	}
	if r := s.result(t, "blocked"); exists(filepath.Join(proj, "drop-table")) || !strings.Contains(r.text, "drop tool is not for agents") {
		t.Errorf("MCP call a rule blocks: ran=%v, model got %q", exists(filepath.Join(proj, "drop-table")), r.text)
	}
}

// mcpSteps are the fake model's calls, for agents whose MCP tool names the
// fake server looks up (step tool "mcp").
func mcpSteps() *script {
	return newScript(
		step{name: "allowed", tool: "mcp", input: map[string]any{"tool": "touch", "arguments": map[string]any{"name": "ok"}}},
		step{name: "blocked", tool: "mcp", input: map[string]any{"tool": "drop", "arguments": map[string]any{"name": "table"}}},
	)
}

// TestCodexMCP: Codex (codex exec, [mcp_servers.e2e] in config.toml, the
// server's tools in a deferred namespace mcp__e2e) names MCP tools
// mcp__SERVER__TOOL in its hooks; the rule refuses e2e's drop.
func TestCodexMCP(t *testing.T) {
	codex := cli(t, "codex")
	home, proj, server := mcpFixture(t, "codex")
	s := mcpSteps()
	base := serve(t, openAIResponses(t, s))
	codexHome := filepath.Join(home, ".codex")
	if err := os.MkdirAll(codexHome, 0o755); err != nil {
		t.Fatal(err)
	}
	config := codexConfig(base) + "\n[mcp_servers.e2e]\ncommand = " + tomlQuote(server) + "\nargs = []\nenv = { " + mcpEnv + " = " + tomlQuote(proj) + " }\n"
	if err := os.WriteFile(filepath.Join(codexHome, "config.toml"), []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	hguardInit(t, home, hguard, hguard, "codex")
	out := run(t, proj, env(home, "FAKE_OPENAI_KEY=test", "CODEX_HOME="+codexHome),
		codex, "exec", "--skip-git-repo-check", "do the task")
	t.Logf("codex: %s", out)
	checkMCP(t, s, proj)
}

// TestGeminiMCP: Gemini CLI (gemini -p --yolo, mcpServers.e2e in its
// settings) sends MCP calls to BeforeTool as mcp_SERVER_TOOL with
// mcp_context; the rule refuses e2e's drop.
func TestGeminiMCP(t *testing.T) {
	gemini := cli(t, "gemini")
	home, proj, server := mcpFixture(t, "gemini")
	geminiSettings(t, home)
	editJSON(t, filepath.Join(home, ".gemini", "settings.json"), func(v map[string]any) {
		v["mcpServers"] = map[string]any{"e2e": map[string]any{"command": server, "args": []string{}, "env": map[string]string{mcpEnv: proj}, "trust": true}}
	})
	s := mcpSteps()
	base := serve(t, geminiAPI(t, s))
	out := run(t, proj, env(home, "GOOGLE_GEMINI_BASE_URL="+base, "GEMINI_API_KEY=test-key", "GEMINI_CLI_NO_RELAUNCH=true"),
		gemini, "-p", "do the task", "--yolo", "-m", "gemini-2.5-flash")
	t.Logf("gemini: %s", out)
	checkMCP(t, s, proj)
}

// tomlQuote quotes s as a TOML basic string (the paths it quotes hold no
// control characters).
func tomlQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// TestCopilotMCP: GitHub Copilot CLI (copilot -p, --additional-mcp-config)
// names an MCP server's tools SERVER-TOOL (e2e-drop) in its preToolUse
// hook's input, with no server field; hguard takes a tool that is not
// Copilot CLI's own as such, and the rule refuses e2e's drop.
func TestCopilotMCP(t *testing.T) {
	copilot := cli(t, "copilot")
	home, proj, server := mcpFixture(t, "copilot")
	config, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"e2e": map[string]any{
		"type": "local", "command": server, "args": []string{}, "env": map[string]string{mcpEnv: proj}, "tools": []string{"*"}}}})
	s := mcpSteps()
	base := serve(t, anthropic(t, s))
	out := run(t, proj, env(home, "COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL="+base, "COPILOT_PROVIDER_TYPE=anthropic",
		"COPILOT_PROVIDER_API_KEY=sk-ant-test", "COPILOT_MODEL=claude-sonnet-4.5", "COPILOT_AUTO_UPDATE=false"),
		copilot, "-p", "do the task", "--allow-all-tools", "--allow-all-paths", "--no-color", "--additional-mcp-config", string(config))
	t.Logf("copilot: %s", out)
	checkMCP(t, s, proj)
}
