package hooks

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
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
	case Copilot:
		return filepath.Join(home, ".copilot", "settings.json")
	case OpenCode: // the plugin itself
		return openCodePath(home)
	case Crush:
		return filepath.Join(configHome(home), "crush", "crush.json")
	case Amp:
		return filepath.Join(configHome(home), "amp", "settings.json")
	case Hermes:
		return filepath.Join(hermesHome(home), "config.yaml")
	default:
		return filepath.Join(home, ".cursor", "hooks.json")
	}
}

// HookCommand is the command an agent runs for its hooks. It is wrapped so
// that a missing hguard fails closed: agents treat a hook that cannot start
// (exit 127) as a failed hook and run the tool call anyway, but exit 2 with
// a reason on stderr is a refusal in every supported agent. A single
// command serves every event of an agent: hguard reads the event's name
// from its input.
func HookCommand(binary string, agent Agent) string {
	bin := shellQuote(binary)
	return "command -v " + bin + " >/dev/null 2>&1 || { echo 'hguard is missing (" + strings.ReplaceAll(binary, "'", "") +
		"): every tool call is refused until it is reinstalled or its hooks are removed' >&2; exit 2; }; exec " + bin + " hook " + string(agent)
}

// Hook timeouts, in seconds, that init installs. A check may wait in the
// daemon's approval queue; the hook gives up at WaitLimit, before the agent
// kills it (an agent that kills a slow hook runs the tool call).
const (
	HookTimeout = 600
	turnTimeout = 120
	postTimeout = 60
)

// WaitLimit is how long a hook may wait for a person's answer: shorter than
// the timeout every agent is installed with, so the refusal arrives first.
const WaitLimit = HookTimeout - 30

// codexMarker brackets the block hguard appends to Codex's config.toml, so
// that installing twice changes nothing.
const codexMarker = "# hguard: check tool calls before Codex runs them"

// Install returns the agent's settings (the file at path, whose content is
// existing, maybe empty) with hguard's hooks added, keeping everything
// already there; changed is false when the hooks were present.
func Install(agent Agent, path string, existing []byte, command string) (out []byte, changed bool, err error) {
	switch agent {
	case Codex:
		return installCodex(path, existing, command)
	case OpenCode:
		return nil, false, fmt.Errorf("opencode takes a plugin, not a hook command: use InstallOpenCode")
	case Amp:
		return nil, false, fmt.Errorf("amp takes a delegate program, not a hook command: use InstallAmp")
	case Hermes:
		return nil, false, fmt.Errorf("hermes keeps its settings in YAML: use InstallHermes")
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
	if agent == Gemini {
		// Gemini CLI 0.61 reads every member of "hooks" as an event's list
		// and rejects a boolean ("hooks.enabled Expected array"), which an
		// earlier hguard wrote; the switch lives in hooksConfig.enabled.
		if _, ok := hooksObj["enabled"]; ok {
			delete(hooksObj, "enabled")
			changed = true
		}
		hc, _ := settings["hooksConfig"].(map[string]any)
		if hc == nil {
			hc = map[string]any{}
		}
		if hc["enabled"] != true {
			hc["enabled"] = true
			settings["hooksConfig"] = hc
			changed = true
		}
	}
	ours := " hook " + string(agent)
	for _, h := range hookEntries(agent, command) {
		list, _ := hooksObj[h.event].([]any)
		if slices.ContainsFunc(list, func(e any) bool { return reflect.DeepEqual(normalize(e), normalize(h.entry)) }) {
			continue
		}
		// Replace what an earlier hguard installed for this event.
		list = slices.DeleteFunc(list, func(e any) bool { return mentions(e, ours) && mentions(e, "hguard") })
		hooksObj[h.event] = append(list, h.entry)
		changed = true
	}
	if !changed {
		return existing, false, nil
	}
	settings["hooks"] = hooksObj
	if agent == Cursor {
		if _, ok := settings["version"]; !ok {
			settings["version"] = 1
		}
	}
	b, err := encodeSettings(settings)
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// normalize round-trips a JSON value so that numbers compare equal whether
// they were read from a file (float64) or built here (int).
func normalize(v any) any {
	data, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(data, &out) != nil {
		return v
	}
	return out
}

// hookEntry is one settings entry that runs hguard on an event.
type hookEntry struct {
	event string
	entry map[string]any
}

// Tool matchers: every built-in tool that runs commands, reads or writes
// files or fetches URLs, and every MCP tool.
const (
	claudePre  = "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Grep|WebFetch|mcp__.*"
	claudePost = "Bash|Read|Grep|WebFetch|mcp__.*"
	geminiPre  = "run_shell_command|read_file|read_many_files|write_file|replace|search_file_content|grep_search|web_fetch|mcp_.*"
	geminiPost = "run_shell_command|read_file|read_many_files|search_file_content|grep_search|web_fetch|mcp_.*"
	codexPre   = "Bash|apply_patch|shell|exec_command|local_shell|unified_exec|container.exec|mcp__.*"
	codexPost  = "Bash|shell|exec_command|local_shell|unified_exec|container.exec|mcp__.*"
)

// cursorFileTools is the matcher of Cursor's preToolUse hook: the file
// tools hguard judges there. Cursor tests a regular expression against the
// tool's name, unanchored: anchored here, or "Read" would match "ReadLints".
func cursorFileTools() string {
	return "^(" + strings.Join(slices.Concat(cursorReadTools, cursorWriteTools), "|") + ")$"
}

// hookEntries are the entries that run command before a tool call; where
// the agent lets a hook rewrite a tool's output, after it (secrets are
// masked before the agent reads them); and at the start and end of each
// turn (a checkpoint of the project, so that a person can roll back what
// the agent did in a turn).
func hookEntries(agent Agent, command string) []hookEntry {
	run := func(timeout int, extra ...any) []any {
		m := map[string]any{"type": "command", "command": command, "timeout": timeout}
		for i := 0; i+1 < len(extra); i += 2 {
			m[extra[i].(string)] = extra[i+1]
		}
		return []any{m}
	}
	switch agent {
	case ClaudeCode:
		return []hookEntry{
			// onFailure "block" (Claude Code 2.1.295): a check that cannot
			// start, times out or exits with another code refuses the tool
			// call, which Claude Code would otherwise run.
			{"PreToolUse", map[string]any{"matcher": claudePre, "hooks": run(HookTimeout, "onFailure", "block")}},
			{"PostToolUse", map[string]any{"matcher": claudePost, "hooks": run(postTimeout)}},
			{"PostToolUseFailure", map[string]any{"matcher": claudePost, "hooks": run(postTimeout)}},
			{"UserPromptSubmit", map[string]any{"hooks": run(turnTimeout)}},
			{"Stop", map[string]any{"hooks": run(turnTimeout)}},
		}
	case Gemini: // timeouts in milliseconds
		return []hookEntry{
			{"BeforeTool", map[string]any{"matcher": geminiPre, "hooks": run(HookTimeout*1000, "name", "hguard")}},
			{"AfterTool", map[string]any{"matcher": geminiPost, "hooks": run(postTimeout*1000, "name", "hguard-redact")}},
			{"BeforeAgent", map[string]any{"hooks": run(turnTimeout*1000, "name", "hguard-checkpoint")}},
		}
	case Crush: // every tool; a hook that times out or crashes is "no opinion" to Crush
		return []hookEntry{
			{"PreToolUse", map[string]any{"name": "hguard", "command": command, "timeout": HookTimeout}},
		}
	case Copilot: // user settings' "hooks", the schema of .github/hooks/*.json
		// postToolUse gets no event name in its input: --post says it.
		return []hookEntry{
			{"preToolUse", map[string]any{"type": "command", "bash": command, "timeoutSec": HookTimeout}},
			{"postToolUse", map[string]any{"type": "command", "bash": command + " --post", "timeoutSec": postTimeout}},
		}
	default: // Cursor: failClosed makes a hook that fails or times out a refusal
		entry := func(timeout int) map[string]any {
			return map[string]any{"command": command, "timeout": timeout, "failClosed": true}
		}
		fileTools := entry(HookTimeout)
		fileTools["matcher"] = cursorFileTools()
		return []hookEntry{
			{"beforeShellExecution", entry(HookTimeout)},
			{"beforeReadFile", entry(HookTimeout)},
			{"beforeMCPExecution", entry(HookTimeout)},
			{"preToolUse", fileTools},
			{"beforeSubmitPrompt", entry(turnTimeout)},
		}
	}
}

// codexEvents are the hooks hguard adds to Codex's config.toml: the event
// (as config.toml names it and as Codex's trust key names it), the matcher
// and the timeout.
var codexEvents = []struct {
	event, key, matcher string
	timeout             int
}{
	{"PreToolUse", "pre_tool_use", codexPre, HookTimeout},
	{"PostToolUse", "post_tool_use", codexPost, postTimeout},
	{"UserPromptSubmit", "user_prompt_submit", "", turnTimeout},
}

// installCodex appends hguard's hooks to Codex's config.toml, and records
// that the user trusts them. Codex runs only hooks whose trusted hash,
// under [hooks.state."PATH:EVENT:GROUP:HANDLER"], matches the hook's
// current hash (what its /hooks review records); an untrusted hook is
// skipped without a word, so without it the hook would never run.
func installCodex(path string, existing []byte, command string) ([]byte, bool, error) {
	if bytes.Contains(existing, []byte(codexMarker)) {
		return existing, false, nil
	}
	if !filepath.IsAbs(path) {
		return nil, false, fmt.Errorf("the path of config.toml must be absolute (Codex keys hook trust by it): %s", path)
	}
	var b bytes.Buffer
	b.Write(existing)
	if len(existing) > 0 && !bytes.HasSuffix(existing, []byte("\n")) {
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "\n%s\n", codexMarker)
	var state strings.Builder
	for _, e := range codexEvents {
		group, err := codexGroups(existing, e.event)
		if err != nil {
			return nil, false, err
		}
		fmt.Fprintf(&b, "[[hooks.%s]]\n", e.event)
		if e.matcher != "" {
			fmt.Fprintf(&b, "matcher = %s\n", tomlString(e.matcher))
		}
		fmt.Fprintf(&b, "\n[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = %d\n\n", e.event, tomlString(command), e.timeout)
		key := fmt.Sprintf("%s:%s:%d:0", path, e.key, group)
		fmt.Fprintf(&state, "[hooks.state.%s]\ntrusted_hash = %s\n\n", tomlString(key), tomlString(CodexHookHash(e.key, e.matcher, command, e.timeout)))
	}
	b.WriteString(state.String())
	return bytes.TrimRight(b.Bytes(), "\n"), true, nil
}

// codexGroups counts the matcher groups config.toml already has for event,
// which is the index of the group hguard appends. Only the array-of-tables
// form is counted; another form would make the index a guess, so it is an
// error that says what to do.
func codexGroups(existing []byte, event string) (int, error) {
	n := 0
	for _, line := range strings.Split(string(existing), "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") {
			continue
		}
		switch {
		case strings.ReplaceAll(t, " ", "") == "[[hooks."+event+"]]":
			n++
		case strings.Contains(t, event) && !strings.HasPrefix(t, "[[hooks."+event+".hooks]]") && !strings.HasPrefix(t, "[hooks.state."):
			return 0, fmt.Errorf("config.toml declares %s hooks in a form hguard does not edit (%q); add hguard's hook with Codex's /hooks instead", event, t)
		}
	}
	return n, nil
}

// CodexHookHash is the hash Codex trusts a command hook by: SHA-256 of the
// canonical JSON (keys sorted, no spaces, no HTML escaping) of its
// normalized identity {event_name, matcher, hooks: [{type, command,
// timeout, async}]}, as Codex's hook discovery computes it.
func CodexHookHash(eventKey, matcher, command string, timeout int) string {
	identity := map[string]any{
		"event_name": eventKey,
		"hooks":      []any{map[string]any{"type": "command", "command": command, "timeout": timeout, "async": false}},
	}
	if matcher != "" && eventKey != "user_prompt_submit" && eventKey != "stop" {
		identity["matcher"] = matcher
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // maps encode with sorted keys
	enc.SetEscapeHTML(false)
	enc.Encode(identity)
	sum := sha256.Sum256(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
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

// ShellPrefixPath is the program init installs as Claude Code's
// CLAUDE_CODE_SHELL_PREFIX, under home.
func ShellPrefixPath(home string) string { return filepath.Join(home, ".claude", "hguard-shell") }

// ShellPrefixScript is that program: it runs `binary --agent-shell
// COMMAND`, which masks the command's output. Claude Code runs its hooks
// through the prefix too, so a missing hguard must fail closed here as in
// HookCommand: exit 2 with the reason (a prefix that cannot start would
// exit 127, which Claude Code takes as a failed hook and lets the tool
// call run).
func ShellPrefixScript(binary string) string {
	bin := shellQuote(binary)
	return "#!/bin/sh\n# hguard: Claude Code's CLAUDE_CODE_SHELL_PREFIX (hguard init claude-code); masks secrets in command output\n" +
		"command -v " + bin + " >/dev/null 2>&1 || { echo 'hguard is missing (" + strings.ReplaceAll(binary, "'", "") +
		"): every tool call is refused until it is reinstalled or its hooks are removed' >&2; exit 2; }\nexec " + bin + " --agent-shell \"$@\"\n"
}

// shellPrefixVar is Claude Code's setting for a program that runs every
// command of its Bash tool.
const shellPrefixVar = "CLAUDE_CODE_SHELL_PREFIX"

// InstallShellPrefix sets CLAUDE_CODE_SHELL_PREFIX in Claude Code's
// settings ("env") to prefix, so that a command's output is masked before
// Claude Code reads it, on failure too, where no hook may replace it. A
// prefix the user set that is not hguard's is kept: taken is then true and
// the settings are unchanged (hguard cannot run two prefixes).
func InstallShellPrefix(settings []byte, prefix string) (out []byte, changed, taken bool, err error) {
	v := map[string]any{}
	if len(bytes.TrimSpace(settings)) > 0 {
		if err := json.Unmarshal(settings, &v); err != nil {
			return nil, false, false, fmt.Errorf("the settings file is not valid JSON (%v); fix it or move it aside", err)
		}
	}
	env, _ := v["env"].(map[string]any)
	if env == nil {
		if _, present := v["env"]; present {
			return nil, false, false, fmt.Errorf(`"env" in the settings file is not an object`)
		}
		env = map[string]any{}
	}
	switch cur, _ := env[shellPrefixVar].(string); {
	case cur == prefix:
		return settings, false, false, nil
	case cur != "" && !strings.Contains(cur, "hguard"):
		return settings, false, true, nil
	}
	env[shellPrefixVar] = prefix
	v["env"] = env
	b, err := encodeSettings(v)
	if err != nil {
		return nil, false, false, err
	}
	return b, true, false, nil
}

// encodeSettings writes an agent's JSON settings as people write them: two
// spaces of indent, and <, > and & as themselves (commands hold them).
func encodeSettings(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
