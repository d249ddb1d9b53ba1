package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// openCodeMarker is the first line of the plugin hguard writes for
// OpenCode: a file without it is someone else's and is not replaced.
const openCodeMarker = "// hguard: checks OpenCode's tool calls before they run"

// openCodePath is where init writes the OpenCode plugin: OpenCode loads
// every {plugin,plugins}/*.{js,ts} in its global config directory,
// $XDG_CONFIG_HOME/opencode (~/.config/opencode).
func openCodePath(home string) string {
	return filepath.Join(configHome(home), "opencode", "plugins", "hguard.js")
}

// configHome is $XDG_CONFIG_HOME, or ~/.config, where OpenCode, Crush and
// Amp keep their settings.
func configHome(home string) string {
	if x := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		return x
	}
	return filepath.Join(home, ".config")
}

// OpenCodePlugin is the OpenCode plugin that runs `binary hook opencode`
// (with argv, no shell) on tool.execute.before and tool.execute.after. A
// tool call runs only when hguard exits 0 answering {"decision":"allow"}:
// a missing hguard, a crash, an unreadable answer or no answer within
// HookTimeout throws, and OpenCode reports a thrown error to the model as
// the tool's failure, without running the tool. After a tool call the
// output the model gets is replaced by hguard's masked "output"; output
// hguard could not check is withheld.
func OpenCodePlugin(binary string) string {
	bin, _ := json.Marshal(binary) // a JSON string is a JavaScript string literal
	missing, _ := json.Marshal("hguard is missing (" + binary + "): every tool call is refused until it is reinstalled or its plugin is removed")
	var b strings.Builder
	b.WriteString(openCodeMarker + " and masks secrets in their output.\n")
	b.WriteString("// Written by `hguard init opencode --write`; it runs: " + strings.ReplaceAll(binary, "\n", " ") + " hook opencode\n")
	b.WriteString(`// A tool call runs only on hguard's explicit allow: a missing or failing
// hguard, a crash or a timeout refuses it. Only functions may be exported.
import { spawn } from "node:child_process"

const HGUARD = ` + string(bin) + `
const TIMEOUT_MS = ` + strconv.Itoa(HookTimeout*1000) + `
const MISSING = ` + string(missing) + `
const WITHHELD = ` + strconv.Quote(Withheld) + `

function runHguard(input) {
  return new Promise((resolve) => {
    let child
    try {
      child = spawn(HGUARD, ["hook", "opencode"], { stdio: ["pipe", "pipe", "pipe"] })
    } catch (error) {
      resolve({ error })
      return
    }
    const out = [], err = []
    let settled = false
    const done = (r) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(r)
    }
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      done({ error: new Error("hguard gave no answer within " + TIMEOUT_MS / 1000 + " s") })
    }, TIMEOUT_MS)
    child.on("error", (error) => done({ error }))
    child.stdout.on("data", (d) => out.push(d))
    child.stderr.on("data", (d) => err.push(d))
    child.on("close", (code, signal) =>
      done({ code, signal, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }))
    child.stdin.on("error", () => {})
    child.stdin.end(JSON.stringify(input))
  })
}

function answerOf(r) {
  try {
    const a = JSON.parse(r.stdout)
    return a && typeof a === "object" ? a : null
  } catch {
    return null
  }
}

export const HguardPlugin = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const r = await runHguard({
      hook_event_name: "tool.execute.before", tool_name: input.tool, tool_input: output.args,
      session_id: input.sessionID, cwd: directory,
    })
    if (r.error) {
      if (r.error.code === "ENOENT") throw new Error(MISSING)
      throw new Error("hguard could not check this tool call, so it is refused: " + r.error.message)
    }
    const a = answerOf(r)
    if (r.code === 0 && a && a.decision === "allow") return
    const reason = (a && typeof a.reason === "string" && a.reason) || r.stderr.trim() ||
      "hguard could not check this tool call, so it is refused (exit " + (r.signal || r.code) + ")"
    throw new Error(reason)
  },
  "tool.execute.after": async (input, output) => {
    if (!output || typeof output.output !== "string") return
    const r = await runHguard({
      hook_event_name: "tool.execute.after", tool_name: input.tool, tool_response: output.output,
      session_id: input.sessionID, cwd: directory,
    })
    const a = r.error ? null : answerOf(r)
    if (r.code !== 0 || !a) {
      output.output = WITHHELD
      return
    }
    if (typeof a.output === "string") output.output = a.output
  },
})
`)
	return b.String()
}

// InstallOpenCode returns the plugin file for binary; existing is the file
// at its path, which must be empty or hguard's own.
func InstallOpenCode(existing []byte, binary string) ([]byte, bool, error) {
	out := []byte(OpenCodePlugin(binary))
	if bytes.Equal(existing, out) {
		return existing, false, nil
	}
	if len(bytes.TrimSpace(existing)) > 0 && !bytes.HasPrefix(existing, []byte(openCodeMarker)) {
		return nil, false, fmt.Errorf("the file is not hguard's plugin; move it aside")
	}
	return out, true, nil
}

// OpenCodeTimeout reads the timeout of an installed OpenCode plugin.
func OpenCodeTimeout(plugin []byte) (int, bool) {
	for _, line := range strings.Split(string(plugin), "\n") {
		if rest, ok := strings.CutPrefix(line, "const TIMEOUT_MS = "); ok {
			ms, err := strconv.Atoi(strings.TrimSpace(rest))
			return ms, err == nil
		}
	}
	return 0, false
}
