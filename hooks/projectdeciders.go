package hooks

import (
	"fmt"
	"net/netip"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
)

// A project's own hook before a tool call decides the agent's tool calls
// beside hguard's: where hguard's hook allows a command, the project's may
// answer "allow" with a replacement input, and the agent runs the
// replacement, which no hguard check saw. Claude Code 2.1 does so for a
// PreToolUse hook's updatedInput (and a PermissionRequest hook may approve
// with one), Gemini CLI 0.61 for a BeforeTool hook's
// hookSpecificOutput.tool_input (both tested in internal/agente2e). Codex
// 0.171's messages say its PreToolUse hooks may return updatedInput (not
// tested). A hook's text does not show what it will answer: a script's
// output, a URL's (an http hook), a model's (a prompt or agent hook).

// deciderEvents are each agent's hook events whose answer may approve a
// tool call and replace its input, by the agent (agentProgram).
var deciderEvents = map[string][]string{
	"claude": {"PreToolUse", "PermissionRequest"},
	"gemini": {"BeforeTool"},
	"codex":  {"PreToolUse"},
}

// ProjectDecider is one such hook of a project's settings.
type ProjectDecider struct {
	File    string // the settings file
	Event   string // PreToolUse, PermissionRequest
	Handler string // what runs: the command, the URL, or the hook's type
}

// String is "FILE: hooks.EVENT: HANDLER", the handler cut short.
func (d ProjectDecider) String() string {
	h := d.Handler
	if r := []rune(h); len(r) > 60 {
		h = string(r[:60]) + "…"
	}
	return d.File + ": hooks." + d.Event + ": " + h
}

// ProjectDeciders are the hooks of dir's project settings (and of the
// directories above it, as ProjectSwitchOffs reads them) that decide the
// tool calls of the agent program (claude, gemini, codex, or as npx names
// the package: claude-code, gemini-cli@latest).
func ProjectDeciders(program, dir, home string) []ProjectDecider {
	name := agentProgram(program)
	if deciderEvents[name] == nil {
		return nil
	}
	var out []ProjectDecider
	for _, p := range projectFiles(program, dir, home) {
		if strings.HasSuffix(p, ".toml") {
			for _, c := range codexCommands(p, readFile(p)) {
				if event := strings.TrimPrefix(c.Setting, "hooks."); slices.Contains(deciderEvents[name], event) {
					out = append(out, ProjectDecider{File: p, Event: event, Handler: c.Command})
				}
			}
			continue
		}
		v := readSettings(p)
		if v == nil {
			// The agent's parser may take what this one does not: the
			// words are judged instead.
			if data := readFile(p); data != nil {
				for _, event := range deciderEvents[name] {
					if strings.Contains(string(data), `"`+event+`"`) {
						out = append(out, ProjectDecider{File: p, Event: event, Handler: "a hook in a file hguard cannot parse"})
					}
				}
			}
			continue
		}
		for event, hm := range settingsHooks(v, false) {
			if slices.Contains(deciderEvents[name], event) {
				out = append(out, ProjectDecider{File: p, Event: event, Handler: handler(hm)})
			}
		}
	}
	return out
}

// handler names what a hook runs: its command, its URL, or its type.
func handler(h map[string]any) string {
	for _, k := range []string{"command", "url"} {
		if s, ok := h[k].(string); ok && strings.TrimSpace(s) != "" {
			return s
		}
	}
	if t, ok := h["type"].(string); ok && t != "" {
		return t + " hook"
	}
	return fmt.Sprint("hook ", h["type"])
}

// ProjectSenders are the http hooks of dir's project Claude Code settings
// (as ProjectDeciders reads them), on any event, whose URL is not on
// loopback: Claude Code posts each event's input there (a tool call's
// arguments, its result), a copy of the session the project chose, whose
// answer hguard never sees. The decider events' are among
// ProjectDeciders already.
func ProjectSenders(program, dir, home string) []ProjectDecider {
	if agentProgram(program) != "claude" {
		return nil
	}
	var out []ProjectDecider
	for _, p := range projectFiles(program, dir, home) {
		for event, hm := range settingsHooks(readSettings(p), false) {
			if u, ok := hm["url"].(string); ok && hm["type"] == "http" && !loopbackURL(u) && !slices.Contains(deciderEvents["claude"], event) {
				out = append(out, ProjectDecider{File: p, Event: event, Handler: u})
			}
		}
	}
	return out
}

// loopbackURL reports a URL whose host is this machine's loopback.
func loopbackURL(u string) bool {
	parsed, err := url.Parse(strings.TrimSpace(u))
	if err != nil {
		return false
	}
	switch h := parsed.Hostname(); {
	case h == "localhost":
		return true
	default:
		ip, err := netip.ParseAddr(h)
		return err == nil && ip.IsLoopback()
	}
}

// envEvents are Claude Code's hook events whose command hooks it hands
// CLAUDE_ENV_FILE: what they write there, Claude Code runs ahead of every
// later Bash command of the session, inside the line hguard's shell prefix
// runs (a function there takes the place of the command hguard's hook
// allowed; tested in internal/agente2e).
var envEvents = []string{"SessionStart", "Setup", "CwdChanged", "FileChanged"}

// ProjectEnvSetters are the command hooks of dir's project Claude Code
// settings (as ProjectDeciders reads them) on an event Claude Code hands
// CLAUDE_ENV_FILE: what a hook writes there is not in its text (a script's
// output, a package script's), as with a decider.
func ProjectEnvSetters(program, dir, home string) []ProjectDecider {
	if agentProgram(program) != "claude" {
		return nil
	}
	var out []ProjectDecider
	for _, p := range projectFiles(program, dir, home) {
		if filepath.Base(p) == ".mcp.json" {
			continue
		}
		v := readSettings(p)
		if v == nil {
			// The agent's parser may take what this one does not: the
			// words are judged instead.
			if data := readFile(p); data != nil {
				for _, event := range envEvents {
					if strings.Contains(string(data), `"`+event+`"`) {
						out = append(out, ProjectDecider{File: p, Event: event, Handler: "a hook in a file hguard cannot parse"})
					}
				}
			}
			continue
		}
		for event, hm := range settingsHooks(v, false) {
			if slices.Contains(envEvents, event) && (hm["type"] == nil || hm["type"] == "command") {
				out = append(out, ProjectDecider{File: p, Event: event, Handler: handler(hm)})
			}
		}
	}
	return out
}
