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
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	hguardInit(t, home, hguard, hguard, "claude-code")
	rules := filepath.Join(home, ".hguard", "rules.d")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rules, "mcp.yaml"), []byte(mcpRule), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	config, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"e2e": map[string]any{
		"type": "stdio", "command": self, "args": []string{}, "env": map[string]string{mcpEnv: proj}}}})
	s := newScript(
		step{name: "allowed", tool: "mcp__e2e__touch", input: map[string]any{"name": "ok"}},
		step{name: "blocked", tool: "mcp__e2e__drop", input: map[string]any{"name": "table"}},
	)
	base := serve(t, anthropic(t, s))
	out := run(t, proj, env(home, "ANTHROPIC_BASE_URL="+base, "ANTHROPIC_API_KEY=sk-ant-test"),
		claude, "-p", "do the task", "--output-format", "text", "--model", "sonnet",
		"--mcp-config", string(config), "--strict-mcp-config", "--allowedTools", "mcp__e2e", "--max-turns", "10")
	t.Logf("claude: %s", out)

	if r := s.result(t, "allowed"); !exists(filepath.Join(proj, "touch-ok")) || !strings.Contains(r.text, "ran touch ok") {
		t.Errorf("allowed MCP call: ran=%v, model got %q", exists(filepath.Join(proj, "touch-ok")), r.text)
	}
	if r := s.result(t, "blocked"); exists(filepath.Join(proj, "drop-table")) || !strings.Contains(r.text, "drop tool is not for agents") {
		t.Errorf("MCP call a rule blocks: ran=%v, model got %q", exists(filepath.Join(proj, "drop-table")), r.text)
	}
}

// TestOpenCodeMCP: OpenCode (opencode run, a "local" MCP server in its
// config) names the server's tools e2e_TOOL; hguard's plugin judges every
// tool that is not OpenCode's own as mcp:SERVER/TOOL, so the same rule
// refuses e2e_drop and e2e_touch runs.
func TestOpenCodeMCP(t *testing.T) {
	cli(t, "opencode")
	hguard := testbin.Build(t, "github.com/hguard/hguard/cmd/hguard")
	home, proj := fixture(t)
	hguardInit(t, home, hguard, hguard, "opencode")
	rules := filepath.Join(home, ".hguard", "rules.d")
	if err := os.MkdirAll(rules, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rules, "mcp.yaml"), []byte(mcpRule), 0o644); err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := newScript(
		step{name: "allowed", tool: "e2e_touch", input: map[string]any{"name": "ok"}},
		step{name: "blocked", tool: "e2e_drop", input: map[string]any{"name": "table"}},
	)
	out := openCode(t, home, proj, serve(t, openAIChat(t, s)), map[string]any{"mcp": map[string]any{"e2e": map[string]any{
		"type": "local", "command": []string{self}, "environment": map[string]string{mcpEnv: proj}, "enabled": true}}})
	t.Logf("opencode: %s", out)

	if r := s.result(t, "allowed"); !exists(filepath.Join(proj, "touch-ok")) || !strings.Contains(r.text, "ran touch ok") {
		t.Errorf("allowed MCP call: ran=%v, model got %q", exists(filepath.Join(proj, "touch-ok")), r.text)
	}
	if r := s.result(t, "blocked"); exists(filepath.Join(proj, "drop-table")) || !strings.Contains(r.text, "drop tool is not for agents") {
		t.Errorf("MCP call a rule blocks: ran=%v, model got %q", exists(filepath.Join(proj, "drop-table")), r.text)
	}
}
