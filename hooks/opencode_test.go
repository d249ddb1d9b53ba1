package hooks

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestInstallOpenCode(t *testing.T) {
	out, changed, err := InstallOpenCode(nil, "/usr/local/bin/hguard")
	if err != nil || !changed {
		t.Fatalf("fresh install = %v, %v", changed, err)
	}
	if !strings.Contains(string(out), `const HGUARD = "/usr/local/bin/hguard"`) || !strings.Contains(string(out), " hook opencode") {
		t.Errorf("the plugin does not run hguard hook opencode:\n%s", out)
	}
	if ms, ok := OpenCodeTimeout(out); !ok || ms != HookTimeout*1000 {
		t.Errorf("timeout = %d, %v", ms, ok)
	}
	if again, changed, err := InstallOpenCode(out, "/usr/local/bin/hguard"); err != nil || changed || string(again) != string(out) {
		t.Errorf("second install changed the file (%v, %v)", changed, err)
	}
	if moved, changed, err := InstallOpenCode(out, "/opt/hguard"); err != nil || !changed || !strings.Contains(string(moved), `"/opt/hguard"`) {
		t.Errorf("a new binary path is not written (%v, %v)", changed, err)
	}
	if _, _, err := InstallOpenCode([]byte("export const Mine = async () => ({})\n"), "/usr/local/bin/hguard"); err == nil {
		t.Error("someone else's plugin file was replaced")
	}
	if _, _, err := Install(OpenCode, "/p", nil, "x"); err == nil {
		t.Error("Install accepted OpenCode, which takes a plugin")
	}
}

// TestOpenCodePluginFailsClosed loads the plugin in node (OpenCode runs it
// in Bun; both run node:child_process) with fake hguard programs and
// checks that a tool call goes through only on hguard's explicit allow.
func TestOpenCodePluginFailsClosed(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the OpenCode plugin is tested end to end in internal/agente2e")
	}
	dir := t.TempDir()
	fake := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\ncat >"+filepath.Join(dir, name+".in")+"\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name, binary string
		before       string // "ok", or the text of the error thrown
		after        string // output.output after the after-hook
	}{
		{"allow", fake("allow", `echo '{"decision":"allow"}'; exit 0`), "ok", "out ghp_x"},
		{"deny", fake("deny", `echo '{"decision":"deny","reason":"blocked by hguard: no"}'; echo 'blocked by hguard: no' >&2; exit 2`),
			"blocked by hguard: no", Withheld},
		{"masked", fake("masked", `echo '{"decision":"allow","output":"out ghp_…"}'`), "ok", "out ghp_…"},
		{"exit 0 without an answer", fake("silent", `exit 0`), "hguard could not check this tool call, so it is refused (exit 0)", Withheld},
		{"allow with a failing exit", fake("allowfail", `echo '{"decision":"allow"}'; exit 1`), "hguard could not check this tool call, so it is refused (exit 1)", Withheld},
		{"crash", fake("crash", `kill -9 $$`), "hguard could not check this tool call, so it is refused (exit SIGKILL)", Withheld},
		{"error text", fake("err", `echo 'hguard: error: rules broken' >&2; exit 70`), "hguard: error: rules broken", Withheld},
		{"missing", filepath.Join(dir, "gone"), "hguard is missing (" + filepath.Join(dir, "gone") + ")", Withheld},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plugin := filepath.Join(dir, tt.name+".mjs")
			if err := os.WriteFile(plugin, []byte(OpenCodePlugin(tt.binary)), 0o644); err != nil {
				t.Fatal(err)
			}
			driver := `
const mod = await import(process.argv[1])
const fns = Object.values(mod)
if (fns.length !== 1 || typeof fns[0] !== "function") throw new Error("OpenCode takes only functions as exports")
const hooks = await fns[0]({ directory: "/w" })
let before = "ok"
try {
  await hooks["tool.execute.before"]({ tool: "bash", sessionID: "ses_1", callID: "c1" }, { args: { command: "ls" } })
} catch (e) { before = e.message }
const output = { title: "", output: "out ghp_x", metadata: {} }
await hooks["tool.execute.after"]({ tool: "bash", sessionID: "ses_1", callID: "c1" }, output)
console.log(JSON.stringify({ before, after: output.output }))
`
			cmd := exec.Command(node, "--input-type=module", "-e", driver, plugin)
			cmd.Dir = dir
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("node: %v\n%s", err, out)
			}
			var got struct{ Before, After string }
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			if !strings.HasPrefix(got.Before, tt.before) {
				t.Errorf("before: %q, want %q", got.Before, tt.before)
			}
			if got.After != tt.after {
				t.Errorf("after: %q, want %q", got.After, tt.after)
			}
			if tt.name == "allow" {
				in, _ := os.ReadFile(filepath.Join(dir, "allow.in"))
				var call map[string]any
				json.Unmarshal(in, &call)
				if call["tool_name"] != "bash" || call["cwd"] != "/w" || call["session_id"] != "ses_1" {
					t.Errorf("hguard got %s", in)
				}
			}
		})
	}
}
