package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/internal/atomicfile"
)

// SettingsPath is where an agent keeps the user's hook settings, under home.
func SettingsPath(agent Agent, home string) string {
	switch agent {
	case ClaudeCode:
		return filepath.Join(home, ".claude", "settings.json")
	case Codex:
		return filepath.Join(home, ".codex", "config.toml")
	case Gemini:
		return filepath.Join(home, ".gemini", "settings.json")
	default:
		return filepath.Join(home, ".cursor", "hooks.json")
	}
}

// HookCommand is the command an agent runs for its hook.
func HookCommand(binary string, agent Agent) string {
	return shellQuote(binary) + " hook " + string(agent)
}

// codexMarker brackets the block hguard appends to Codex's config.toml, so
// that installing twice changes nothing.
const codexMarker = "# hguard: check shell commands before Codex runs them"

// Install returns the agent's settings with hguard's hook added, keeping
// everything already there; changed is false when the hook was present.
// existing may be empty (no settings file yet).
func Install(agent Agent, existing []byte, command string) (out []byte, changed bool, err error) {
	if agent == Codex {
		if bytes.Contains(existing, []byte(codexMarker)) {
			return existing, false, nil
		}
		var b bytes.Buffer
		b.Write(existing)
		if len(existing) > 0 && !bytes.HasSuffix(existing, []byte("\n")) {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "\n%s\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = %q\ntimeout = 30\n", codexMarker, command) // Codex cannot wait for approval: asks are denied at once
		return b.Bytes(), true, nil
	}
	settings := map[string]any{}
	if len(bytes.TrimSpace(existing)) > 0 {
		if err := json.Unmarshal(existing, &settings); err != nil {
			return nil, false, fmt.Errorf("the settings file is not valid JSON (%v); fix it or move it aside", err)
		}
	}
	hooksObj, _ := settings["hooks"].(map[string]any)
	if hooksObj == nil {
		if _, present := settings["hooks"]; present {
			return nil, false, fmt.Errorf(`"hooks" in the settings file is not an object`)
		}
		hooksObj = map[string]any{}
	}
	changed = false
	for _, h := range hookEntries(agent, command) {
		list, _ := hooksObj[h.event].([]any)
		if slices.ContainsFunc(list, func(e any) bool { return mentions(e, h.command) }) {
			continue
		}
		hooksObj[h.event] = append(list, h.entry)
		changed = true
	}
	if !changed {
		return existing, false, nil
	}
	settings["hooks"] = hooksObj
	switch agent {
	case Gemini:
		hooksObj["enabled"] = true
	case Cursor:
		if _, ok := settings["version"]; !ok {
			settings["version"] = 1
		}
	}
	out, err = json.MarshalIndent(settings, "", "  ")
	if err != nil {
		return nil, false, err
	}
	return append(out, '\n'), true, nil
}

// hookEntry is one settings entry that runs hguard on an event.
type hookEntry struct {
	event   string
	command string
	entry   map[string]any
}

// hookEntries are the entries that run command before a shell command and,
// where the agent lets a hook rewrite a tool's output, --post after it
// (secrets printed by a command are masked before the agent reads them).
func hookEntries(agent Agent, command string) []hookEntry {
	run := func(cmd string, extra map[string]any) map[string]any {
		m := map[string]any{"type": "command", "command": cmd}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	post := command + " --post"
	// The check may wait in the daemon's approval queue for up to
	// approvals.gateway_timeout (300 s by default). An agent that kills a
	// slow hook runs the command, so the hook's timeout must be longer.
	const waitSeconds = 600
	switch agent {
	case ClaudeCode:
		return []hookEntry{
			{"PreToolUse", command, map[string]any{"matcher": "Bash", "hooks": []any{run(command, map[string]any{"timeout": waitSeconds})}}},
			{"PostToolUse", post, map[string]any{"matcher": "Bash", "hooks": []any{run(post, map[string]any{"timeout": 30})}}},
		}
	case Gemini:
		return []hookEntry{
			{"BeforeTool", command, map[string]any{"matcher": "run_shell_command", "hooks": []any{run(command, map[string]any{"name": "hguard", "timeout": waitSeconds * 1000})}}},
			{"AfterTool", post, map[string]any{"matcher": "run_shell_command", "hooks": []any{run(post, map[string]any{"name": "hguard-redact", "timeout": 30000})}}},
		}
	default: // Cursor
		return []hookEntry{{"beforeShellExecution", command, map[string]any{"command": command}}}
	}
}

// mentions reports whether a JSON value holds a string containing s.
func mentions(v any, s string) bool {
	switch v := v.(type) {
	case string:
		return strings.Contains(v, s)
	case []any:
		for _, e := range v {
			if mentions(e, s) {
				return true
			}
		}
	case map[string]any:
		for _, e := range v {
			if mentions(e, s) {
				return true
			}
		}
	}
	return false
}

// WriteSettings replaces an agent's settings file atomically (a temporary
// file, synced, renamed over it), keeping the old file's permissions. A
// crash leaves the old file or the new, never half.
func WriteSettings(path string, data []byte) error {
	mode := os.FileMode(0o600)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	return atomicfile.Write(path, data, mode)
}
