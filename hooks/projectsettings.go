package hooks

import (
	"bytes"
	"encoding/json"
	"io"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A project's own agent settings are untrusted input: a cloned repository
// may carry them, and an agent started in it applies them over the user's.
// Some of them switch hguard off there. Claude Code 2.1 skips every hook,
// the user's too, for "disableAllHooks": true in .claude/settings.json or
// .claude/settings.local.json, and its "env" may replace
// CLAUDE_CODE_SHELL_PREFIX, which masks secrets in a failing command's
// output. Gemini CLI 0.61 skips every hook for "hooksConfig": {"enabled":
// false} in .gemini/settings.json, and skips the hooks named in
// "hooksConfig": {"disabled": [...]}. Codex 0.171 runs no hook for a
// trusted project's .codex/config.toml with [features] hooks = false.
// (Each tested in internal/agente2e.)
// The variables an agent takes from a project reach its hooks and shell
// commands: Claude Code's "env" and, in a trusted project, Gemini CLI's
// .gemini/.env or .env. HGUARD_HOME there has the hook read the project's
// rules (which may switch the built-ins off), HGUARD_ENV=container has it
// run every ask where approvals.container is auto, and BASH_ENV runs the
// project's code before the hook and every command (both tested in
// internal/agente2e), as does the shell Claude Code takes from a project
// (CLAUDE_CODE_SHELL, SHELL) and the script it runs ahead of every
// command (CLAUDE_ENV_FILE); hijackingEnv lists them. HGUARD_YOLO changes
// nothing: the hook ignores it.
// GitHub Copilot CLI 1.0 skips every hook, the user's too, for
// "disableAllHooks": true in a trusted folder's .github/copilot/settings.json,
// settings.local.json or (read as its own) .claude/settings.json. OpenCode
// 1.18 has no such setting, but it runs a project's plugins
// (.opencode/plugins/*.js, the config's "plugin") in its own process, after
// the user's: one can rewrite a command hguard has just allowed.
// (Each tested in internal/agente2e.) Cursor and Crush let a project's
// hooks overrule or rewrite hguard's answer, by their documentation
// (overridingHooks).

// SwitchOff is one setting of a project's that switches hguard off for an
// agent started there.
type SwitchOff struct {
	File    string // the settings file
	Setting string // the setting as the file spells it: disableAllHooks, env.CLAUDE_CODE_SHELL_PREFIX
}

// String is "FILE: SETTING".
func (s SwitchOff) String() string { return s.File + ": " + s.Setting }

// maxSettings bounds a settings file hguard reads; a larger one is judged
// by its first bytes (a JSON error then, which counts as nothing found).
const maxSettings = 1 << 20

// ProjectCommand is a command a project's own settings have the agent run
// outside its shell tool, which hguard's hook never sees: a hook's, the
// status line's, an API key helper's.
type ProjectCommand struct {
	File    string // the settings file
	Setting string // where the command is: hooks.SessionStart, statusLine.command
	Command string
	// Variable says Command is export K=V for a variable the settings
	// set (an "env" key, Gemini CLI's .env): what it makes programs load
	// or run counts, not a secret value, which is configuration there
	// and shown to no one.
	Variable bool
}

// ProjectCommands are the commands of dir's project settings (and of the
// directories above it, as ProjectSwitchOffs reads them) that the agent
// program runs by itself: Claude Code's hooks, statusLine,
// subagentStatusLine, fileSuggestion, apiKeyHelper, awsAuthRefresh,
// awsCredentialExport, gcpAuthRefresh, otelHeadersHelper and
// proxyAuthHelper, and the servers of .mcp.json (a remote one's
// headersHelper too); Gemini CLI's hooks and its tools' discovery and
// call commands; Codex's hooks and MCP servers; Copilot CLI's
// hooks (.github/hooks/*.json, its settings', Claude Code's) and .mcp.json
// servers; OpenCode's local MCP servers, formatters and language servers;
// Cursor's hooks; Crush's hooks and
// MCP servers.
func ProjectCommands(program, dir, home string) []ProjectCommand {
	var out []ProjectCommand
	name := agentProgram(program)
	for _, p := range projectFiles(program, dir, home) {
		if strings.HasSuffix(p, ".toml") {
			out = append(out, codexCommands(p, readFile(p))...)
			continue
		}
		v := readSettings(p)
		if v == nil {
			continue
		}
		add := func(setting string, c any) {
			if s, ok := c.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, ProjectCommand{File: p, Setting: setting, Command: s})
			}
		}
		// Copilot CLI's events hold hooks directly, the command in "bash"
		// or "command".
		for event, hm := range settingsHooks(v, true) {
			if hm["type"] == nil || hm["type"] == "command" {
				add("hooks."+event, hm["command"])
				add("hooks."+event, hm["bash"])
			}
		}
		if servers, ok := v["mcpServers"].(map[string]any); ok { // .mcp.json
			for _, n := range sortedKeys(servers) {
				sm, _ := servers[n].(map[string]any)
				if c, ok := sm["command"].(string); ok {
					args, _ := sm["args"].([]any)
					add("mcpServers."+n, argvLine(withEnv(sm["env"], append([]any{c}, args...))))
				}
				if name == "claude" {
					// a remote server's headers come from a command Claude
					// Code runs (not under -p, tested in redteam16: by its
					// schema, where the user trusts the project)
					add("mcpServers."+n+".headersHelper", sm["headersHelper"])
				}
			}
		}
		if servers, ok := v["mcp"].(map[string]any); ok && (name == "opencode" || name == "crush") {
			for _, n := range sortedKeys(servers) {
				sm, _ := servers[n].(map[string]any)
				switch c := sm["command"].(type) {
				case []any: // OpenCode's
					if sm["enabled"] != false {
						add("mcp."+n+".command", argvLine(withEnv(sm["environment"], c)))
					}
				case string: // Crush's
					if sm["disabled"] != true {
						args, _ := sm["args"].([]any)
						add("mcp."+n, argvLine(withEnv(sm["env"], append([]any{c}, args...))))
					}
				}
			}
		}
		if name == "opencode" {
			// OpenCode runs a formatter's command after each edit of a file
			// it names, and starts a language server's for such a file
			// (both tested in internal/agente2e)
			for _, key := range []string{"formatter", "lsp"} {
				entries, _ := v[key].(map[string]any)
				for _, n := range sortedKeys(entries) {
					em, _ := entries[n].(map[string]any)
					if c, ok := em["command"].([]any); ok && em["disabled"] != true {
						add(key+"."+n+".command", argvLine(c))
					}
				}
			}
		}
		if tools, ok := v["tools"].(map[string]any); ok && name == "gemini" {
			// Gemini CLI runs the discovery command at start, split into
			// words, and the call command (a program, without a shell) for
			// each call of a tool it discovered, which no hook of hguard's
			// sees (both tested in internal/agente2e)
			add("tools.discoveryCommand", tools["discoveryCommand"])
			if c, ok := tools["callCommand"].(string); ok && strings.TrimSpace(c) != "" {
				add("tools.callCommand", argvLine([]any{c}))
			}
		}
		if name != "claude" {
			continue // the status line and the helpers are Claude Code's
		}
		// the status lines and the file suggester run in the terminal
		// interface; gcpAuthRefresh runs at start with Vertex AI, which
		// the project's "env" may turn on (tested in internal/agente2e)
		for _, k := range []string{"statusLine", "subagentStatusLine", "fileSuggestion"} {
			if sl, ok := v[k].(map[string]any); ok {
				add(k+".command", sl["command"])
			}
		}
		for _, k := range []string{"apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh", "otelHeadersHelper", "proxyAuthHelper"} {
			add(k, v[k])
		}
		if filepath.Base(p) != ".mcp.json" {
			env, _ := v["env"].(map[string]any)
			for _, k := range sortedKeys(env) {
				if value, ok := env[k].(string); ok {
					out = append(out, exportCommand(p, "env.", k, value, name)...)
				}
			}
		}
	}
	if name == "gemini" {
		if p := geminiEnvFile(dir, home); p != "" {
			text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(readFile(p)))
			for _, m := range envLine.FindAllStringSubmatch(text, -1) {
				if _, set := os.LookupEnv(m[1]); !set { // Gemini CLI keeps a variable its environment has
					out = append(out, exportCommand(p, "", m[1], dotenvValue(m[2]), name)...)
				}
			}
		}
	}
	return out
}

// exportCommand is the variable a project's settings (the file at p) set
// for every command the agent program runs, judged as the line `export
// K=V` (setting, the prefix of its name), which the rules ask about when
// it makes programs load or run other code (environment-hijack:
// NODE_OPTIONS=--require FILE, tested in internal/agente2e) or moves a
// package index; none for a variable ProjectSwitchOffs counts, or set
// empty.
func exportCommand(p, setting, k, v, program string) []ProjectCommand {
	if v == "" || hijackingEnv(k, v, program) || !shellName.MatchString(k) {
		return nil
	}
	return []ProjectCommand{{File: p, Setting: setting + k, Command: "export " + shellQuote(k+"="+v), Variable: true}}
}

// shellName is a variable's name as a shell's export takes it.
var shellName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// dotenvValue is the value of a line of an environment file as dotenv
// reads it: the quotes around it removed, a comment after an unquoted one
// dropped.
func dotenvValue(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && strings.ContainsRune(`"'`+"`", rune(v[0])) {
		if i := strings.IndexByte(v[1:], v[0]); i >= 0 {
			return v[1 : 1+i]
		}
	}
	if i := strings.Index(v, " #"); i >= 0 {
		v = v[:i]
	}
	return strings.TrimSpace(v)
}

// withEnv is argv run with the variables of env (an MCP server's "env", a
// JSON object of strings) set, through env(1): env 'K=V' … argv, which
// hguard judges as it judges the variables a command line sets
// (BASH_ENV, NODE_OPTIONS, LD_PRELOAD ask). The agents start a server with
// them (tested in internal/agente2e).
func withEnv(env any, argv []any) []any {
	m, _ := env.(map[string]any)
	if len(m) == 0 {
		return argv
	}
	out := []any{"env"}
	for _, k := range sortedKeys(m) {
		if v, ok := m[k].(string); ok {
			out = append(out, k+"="+v)
		}
	}
	return append(out, argv...)
}

// argvLine is a command line that runs argv (JSON strings; anything else
// makes it ""), each word quoted for a POSIX shell.
func argvLine(argv []any) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		s, ok := a.(string)
		if !ok {
			return ""
		}
		words[i] = shellQuote(s)
	}
	return strings.Join(words, " ")
}

// settingsHooks yields the hooks of a settings object's "hooks", by event
// in order: Claude Code's events hold groups, each with its "hooks"; with
// direct, a group without "hooks" is itself a hook (Copilot CLI's).
func settingsHooks(v map[string]any, direct bool) iter.Seq2[string, map[string]any] {
	return func(yield func(string, map[string]any) bool) {
		events, _ := v["hooks"].(map[string]any)
		for _, event := range sortedKeys(events) {
			groups, _ := events[event].([]any)
			for _, g := range groups {
				gm, _ := g.(map[string]any)
				hs, ok := gm["hooks"].([]any)
				if !ok && direct {
					hs = []any{g}
				}
				for _, h := range hs {
					if hm, ok := h.(map[string]any); ok && !yield(event, hm) {
						return
					}
				}
			}
		}
	}
}

// sortedKeys are m's keys in order, for a stable report.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// codexCommands are the command values of the hooks tables of a project's
// .codex/config.toml (data, the file at p).
func codexCommands(p string, data []byte) []ProjectCommand {
	var out []ProjectCommand
	// a stdio MCP server's command and one-line args, which Codex starts
	// with a session in a trusted project (tested in internal/agente2e)
	servers := map[string][]any{}
	envs := map[string]map[string]any{} // each server's env
	var names []string
	for key, v := range tomlValues(data) {
		if rest, ok := strings.CutPrefix(key, "mcp_servers."); ok {
			name, field, _ := strings.Cut(rest, ".")
			if _, seen := servers[name]; !seen && (field == "command" || field == "args" || field == "enabled") {
				servers[name], names = []any{}, append(names, name)
			}
			if variable, ok := strings.CutPrefix(field, "env."); ok && !strings.Contains(variable, ".") {
				if s, ok := tomlStringValue(v); ok {
					if envs[name] == nil {
						envs[name] = map[string]any{}
					}
					envs[name][variable] = s
				}
			}
			switch field {
			case "command":
				if c, ok := tomlStringValue(v); ok {
					servers[name] = append([]any{c}, servers[name]...)
				}
			case "args":
				for _, a := range tomlStrings(v) {
					servers[name] = append(servers[name], a)
				}
			case "enabled":
				if v == "false" {
					servers[name] = nil
				}
			}
			continue
		}
		if k, ok := strings.CutPrefix(key, "shell_environment_policy.set."); ok && !strings.Contains(k, ".") {
			// a variable Codex sets for every shell command
			if value, ok := tomlStringValue(v); ok {
				out = append(out, exportCommand(p, "shell_environment_policy.set.", k, value, "codex")...)
			}
			continue
		}
		if !strings.HasPrefix(key, "hooks.") || !strings.HasSuffix(key, ".command") {
			continue
		}
		if c, ok := tomlStringValue(v); ok {
			event, _, _ := strings.Cut(strings.TrimPrefix(key, "hooks."), ".")
			out = append(out, ProjectCommand{File: p, Setting: "hooks." + event, Command: c})
		}
	}
	for _, name := range names {
		// args before command in the file: the command is put first
		if argv := servers[name]; len(argv) > 0 {
			if line := argvLine(withEnv(envs[name], argv)); line != "" {
				out = append(out, ProjectCommand{File: p, Setting: "mcp_servers." + name, Command: line})
			}
		}
	}
	return out
}

// tomlStrings are the strings of a TOML array (["-c", 'x'], over several
// lines too, a multi-line string among them).
func tomlStrings(v string) []string {
	var out []string
	for _, e := range tomlElements(v, '[', ']') {
		if s, ok := tomlStringValue(e); ok {
			out = append(out, s)
		}
	}
	return out
}

// tomlElements are the values of an array ([…], open '[') or the key =
// value pairs of an inline table ({…}, open '{') as written, or none when
// v is not one.
func tomlElements(v string, open, close byte) []string {
	v = strings.TrimSpace(v)
	if len(v) < 2 || v[0] != open {
		return nil
	}
	var out []string
	for i := 1; i < len(v); {
		c := v[i]
		switch {
		case c == close:
			return out
		case c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case c == '#':
			for i < len(v) && v[i] != '\n' {
				i++
			}
		default:
			j := i
			if open == '{' { // the key, then the value
				for j < len(v) && v[j] != '=' && v[j] != close {
					if v[j] == '"' || v[j] == '\'' {
						j += tomlValueEnd(v[j:])
						continue
					}
					j++
				}
				if j >= len(v) || v[j] != '=' {
					return out
				}
				j++
				for j < len(v) && (v[j] == ' ' || v[j] == '\t') {
					j++
				}
			}
			end := j + tomlValueEnd(v[j:])
			if end == i {
				return out
			}
			out = append(out, v[i:end])
			i = end
		}
	}
	return out
}

// tomlValueEnd is the length of the TOML value v starts with: a string of
// any of the four kinds, an array or an inline table (nested, over several
// lines), or a bare word (a number, true) up to a comma, a closing bracket,
// a comment or the line's end.
func tomlValueEnd(v string) int {
	switch {
	case strings.HasPrefix(v, `"""`), strings.HasPrefix(v, "'''"):
		q := v[:3]
		i := 3
		for i < len(v) {
			if q[0] == '"' && v[i] == '\\' {
				i += 2
				continue
			}
			if strings.HasPrefix(v[i:], q) {
				// up to two more quotes belong to the string
				i += 3
				for n := 0; n < 2 && i < len(v) && v[i] == q[0]; n++ {
					i++
				}
				return i
			}
			i++
		}
		return len(v)
	case strings.HasPrefix(v, `"`), strings.HasPrefix(v, "'"):
		for i := 1; i < len(v); i++ {
			switch {
			case v[0] == '"' && v[i] == '\\':
				i++
			case v[i] == v[0], v[i] == '\n':
				return i + 1
			}
		}
		return len(v)
	case strings.HasPrefix(v, "["), strings.HasPrefix(v, "{"):
		close := byte(']')
		if v[0] == '{' {
			close = '}'
		}
		for i := 1; i < len(v); {
			switch c := v[i]; {
			case c == close:
				return i + 1
			case c == '"' || c == '\'' || c == '[' || c == '{':
				i += tomlValueEnd(v[i:])
			case c == '#':
				for i < len(v) && v[i] != '\n' {
					i++
				}
			default:
				i++
			}
		}
		return len(v)
	}
	i := 0
	for i < len(v) && !strings.ContainsRune(",]}#\n", rune(v[i])) {
		i++
	}
	return len(strings.TrimRight(v[:i], " \t\r"))
}

// tomlValues yields the key = value pairs of TOML text: the key with its
// table's key before it (features.hooks under [features]), the value as
// written (an array or a string over several lines whole), but for a
// comment after it; and the pairs of an inline table, or of the inline
// tables of an array, under the key (x = { command = "sh" } yields
// x.command too). It reads as far as hguard's checks need: table headers,
// dotted and quoted keys, values.
func tomlValues(data []byte) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		text := string(data)
		table := ""
		for i := 0; i < len(text); {
			// a statement starts a line
			nl := strings.IndexByte(text[i:], '\n')
			lineEnd := len(text)
			if nl >= 0 {
				lineEnd = i + nl
			}
			line := strings.TrimSpace(text[i:lineEnd])
			if t, ok := tomlTable(line); ok {
				table = t
				i = lineEnd + 1
				continue
			}
			eq := -1
			for j := i; j < lineEnd; j++ {
				if text[j] == '"' || text[j] == '\'' {
					j += tomlValueEnd(text[j:]) - 1
					continue
				}
				if text[j] == '=' || text[j] == '#' {
					if text[j] == '=' {
						eq = j
					}
					break
				}
			}
			if eq < 0 {
				i = lineEnd + 1
				continue
			}
			key := tomlKey(text[i:eq])
			if table != "" {
				key = table + "." + key
			}
			j := eq + 1
			for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
				j++
			}
			end := j + tomlValueEnd(text[j:])
			if !tomlYield(key, text[j:end], yield) {
				return
			}
			// the rest of the value's last line is a comment, or nothing
			if nl := strings.IndexByte(text[end:], '\n'); nl >= 0 {
				i = end + nl + 1
			} else {
				i = len(text)
			}
		}
	}
}

// tomlYield yields key = v, then the pairs of v as an inline table, or of
// the inline tables of v as an array, under key.
func tomlYield(key, v string, yield func(string, string) bool) bool {
	if !yield(key, strings.TrimSpace(v)) {
		return false
	}
	for _, kv := range tomlElements(v, '{', '}') {
		k, val, _ := strings.Cut(kv, "=")
		if !tomlYield(key+"."+tomlKey(k), val, yield) {
			return false
		}
	}
	for _, e := range tomlElements(v, '[', ']') {
		if strings.HasPrefix(e, "{") && !tomlYield(key, e, func(k, v string) bool { return k == key || yield(k, v) }) {
			return false
		}
	}
	return true
}

// tomlStringValue reads a TOML string: "basic" (its escapes read),
// 'literal', and the multi-line forms of both, between three quotes (a
// newline right after the opening dropped; in a basic one, a backslash at
// a line's end joining the next line).
func tomlStringValue(v string) (string, bool) {
	switch {
	case strings.HasPrefix(v, "'''"), strings.HasPrefix(v, `"""`):
		n := tomlValueEnd(v)
		if n < 6 || v[n-3:n] != v[:3] {
			return "", false
		}
		body := strings.TrimPrefix(strings.TrimPrefix(v[3:n-3], "\r"), "\n")
		if strings.HasPrefix(v, `"`) {
			return tomlUnescape(body, true)
		}
		return body, true
	case strings.HasPrefix(v, "'"):
		if i := strings.IndexByte(v[1:], '\''); i >= 0 {
			return v[1 : 1+i], true
		}
	case strings.HasPrefix(v, `"`):
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '\\':
				i++
			case '"':
				return tomlUnescape(v[1:i], false)
			}
		}
	}
	return "", false
}

// tomlUnescape reads the escapes of a basic string's body; in a
// multi-line one, a backslash at a line's end drops the line break and
// the blanks after it.
func tomlUnescape(body string, multi bool) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(body) {
			return "", false
		}
		i++
		switch e := body[i]; e {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case 'e':
			b.WriteByte(0x1b)
		case '"', '\\':
			b.WriteByte(e)
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			if i+1+n > len(body) {
				return "", false
			}
			r, err := strconv.ParseUint(body[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", false
			}
			b.WriteRune(rune(r))
			i += n
		default:
			rest := strings.TrimLeft(body[i:], " \t\r")
			if !multi || !strings.HasPrefix(rest, "\n") {
				return "", false
			}
			rest = strings.TrimLeft(rest, " \t\r\n")
			i = len(body) - len(rest) - 1
		}
	}
	return b.String(), true
}

// ProjectSwitchOffs are the settings that switch hguard off for the agent
// program (claude, gemini, codex, copilot, opencode, cursor-agent, crush,
// as the command names it, or as npx names the package: claude-code,
// gemini-cli@latest) started in dir: those
// of dir's project settings files and of every directory above it up to
// the repository's root, home and / excluded (the user's own settings are
// home's). A file that cannot be read or parsed counts as none: the agent
// would refuse it too. A switch-off Claude Code's managed settings outrank
// (hguard installed there) is none.
func ProjectSwitchOffs(program, dir, home string) []SwitchOff {
	var found []SwitchOff
	name := agentProgram(program)
	for _, p := range projectFiles(program, dir, home) {
		var offs []SwitchOff
		switch data := readSettingsFile(p); {
		case data == nil:
		case strings.HasSuffix(p, ".toml"):
			offs = codexSwitchOffs(p, data)
		case isPluginFile(p):
			offs = []SwitchOff{{p, "a plugin, code OpenCode runs that can change a command after hguard's check"}}
		default:
			var v map[string]any
			if json.Unmarshal(stripComments(data), &v) != nil {
				// The agent's parser may take what this one does not
				// (trailing commas): the words are judged instead.
				offs = switchOffsInText(p, data, name)
			} else {
				v = expandSettings(p, v)
				switch name {
				case "opencode":
					offs = openCodePlugins(p, v)
				case "cursor-agent", "cursor", "crush":
					offs = overridingHooks(name, p, v)
				default:
					offs = switchOffsIn(p, v)
				}
			}
		}
		for _, o := range offs {
			// .mcp.json holds no settings. Copilot CLI reads a project's
			// .claude/settings.json, but not for the shell prefix, which it
			// does not run; it ignores disableAllHooks in .github/hooks/*.json.
			if filepath.Base(p) != ".mcp.json" && (name != "copilot" || o.Setting == "disableAllHooks" && filepath.Base(filepath.Dir(p)) != "hooks") {
				found = append(found, o)
			}
		}
	}
	if agentProgram(program) == "gemini" {
		// Gemini CLI loads a trusted project's environment file into its
		// own, which its hooks and shell commands inherit.
		if p := geminiEnvFile(dir, home); p != "" {
			found = append(found, envFileSwitchOffs(p)...)
		}
	}
	return outrankedByManaged(program, found)
}

// jsonEscape is a JSON string's escape of a character by its code.
var jsonEscape = regexp.MustCompile(`\\u[0-9a-fA-F]{4}`)

// openCodePlugins are the "plugin" entries of an OpenCode config (v, the
// file at p): packages and files OpenCode loads as code.
func openCodePlugins(p string, v map[string]any) []SwitchOff {
	var found []SwitchOff
	plugins, _ := v["plugin"].([]any)
	for _, e := range plugins {
		if a, ok := e.([]any); ok && len(a) > 0 { // [spec, options]
			e = a[0]
		}
		if s, ok := e.(string); ok && s != "" {
			found = append(found, SwitchOff{p, "plugin " + s + ", code OpenCode runs that can change a command after hguard's check"})
		}
	}
	return found
}

// overridingHooks are a project's hooks whose answer the agent puts over
// hguard's, by its documentation (not tested here: no CLI runs here).
// Cursor ranks a project's .cursor/hooks.json above the user's
// ~/.cursor/hooks.json, and "when responses conflict, higher-priority
// sources take precedence" (cursor.com/docs/reference/third-party-hooks):
// a project hook on an event hguard answers can allow what hguard denies.
// Crush runs every PreToolUse hook on the call as the model sent it and
// then applies their updated_input, project hooks' included
// (docs/hooks/README.md): one can rewrite a command hguard has allowed.
func overridingHooks(program, p string, v map[string]any) []SwitchOff {
	events := []string{"beforeShellExecution", "beforeReadFile", "beforeMCPExecution", "preToolUse"}
	why := "a project hook, whose answer Cursor puts over the user's hooks'"
	if program == "crush" {
		events = []string{"PreToolUse"}
		why = "a project hook, whose updated_input Crush applies to a command after hguard's check"
	}
	var found []SwitchOff
	hooks, _ := v["hooks"].(map[string]any)
	for _, event := range sortedKeys(hooks) {
		// Crush takes an event name in any case and snake_case
		if !slices.ContainsFunc(events, func(e string) bool {
			return strings.EqualFold(e, event) || program == "crush" && strings.EqualFold(strings.ReplaceAll(event, "_", ""), e)
		}) {
			continue
		}
		if list, _ := hooks[event].([]any); len(list) > 0 {
			found = append(found, SwitchOff{p, "hooks." + event + ", " + why})
		}
	}
	return found
}

// isPluginFile reports an OpenCode plugin file: .opencode/plugin/*.js and
// the like, which OpenCode imports at start.
func isPluginFile(p string) bool {
	d := filepath.Dir(p)
	return (filepath.Base(d) == "plugin" || filepath.Base(d) == "plugins") && filepath.Base(filepath.Dir(d)) == ".opencode"
}

// switchOffsInText are the switch-offs the text of a settings file that is
// not JSON seems to hold: the settings' names beside their values.
func switchOffsInText(p string, data []byte, program string) []SwitchOff {
	var found []SwitchOff
	// the names as the agent's parser reads them: "disable\u0041llHooks"
	text := jsonEscape.ReplaceAllStringFunc(string(data), func(e string) string {
		var s string
		if json.Unmarshal([]byte(`"`+e+`"`), &s) != nil {
			return e
		}
		return s
	})
	if re := settingsVars(p); re != nil {
		text = expandVars(text, re) // "${X:-hguard}"
	}
	for _, w := range []struct{ program, setting, text string }{
		{"", "disableAllHooks", `"disableAllHooks"\s*:\s*true`},
		{"", "env.CLAUDE_CODE_SHELL_PREFIX", `"CLAUDE_CODE_SHELL_PREFIX"\s*:`},
		{"", "env", `"(HGUARD_HOME|HGUARD_ENV|container|BASH_ENV|ENV|ZDOTDIR|SHELLOPTS|BASHOPTS|PS4|LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|PATH|SHELL|CLAUDE_CODE_SHELL|CLAUDE_ENV_FILE|HTTPS?_PROXY|https?_proxy|SSL_CERT_FILE|SSL_CERT_DIR|BASH_FUNC_[^"]*)"\s*:\s*"[^"]`},
		{"", "hooksConfig.enabled", `"hooksConfig"[^}]*"enabled"\s*:\s*false`},
		{"", "hooksConfig.disabled", `"disabled"\s*:\s*\[[^\]]*"hguard`},
		{"opencode", "plugin, code OpenCode runs that can change a command after hguard's check", `"plugin"\s*:\s*\[\s*[^\]\s]`},
		{"crush", "hooks.PreToolUse, a project hook, whose updated_input Crush applies to a command after hguard's check", `(?i)"pre_?tool_?use"\s*:\s*\[\s*\{`},
	} {
		// Claude Code's, Gemini CLI's and Copilot CLI's settings are the
		// ones with no program named
		generic := program == "claude" || program == "gemini" || program == "copilot"
		if (w.program == "" && generic || w.program == program) && regexp.MustCompile(w.text).MatchString(text) {
			found = append(found, SwitchOff{File: p, Setting: w.setting})
		}
	}
	return found
}

// projectFiles are the paths of the project settings files program
// applies, started in dir: in dir and each directory above it up to the
// repository's root, home and / excluded, whether they exist or not.
// A file name with a * is a pattern: the files that match it.
func projectFiles(program, dir, home string) []string {
	var files []string
	switch agentProgram(program) {
	case "claude":
		// .mcp.json's servers start with the session, under -p unasked
		files = []string{".claude/settings.json", ".claude/settings.local.json", ".mcp.json"}
	case "gemini":
		files = []string{".gemini/settings.json"}
	case "codex":
		files = []string{".codex/config.toml"}
	case "copilot":
		// in a folder the user trusts (trustedFolders, --trust-folder)
		files = []string{".github/copilot/settings.json", ".github/copilot/settings.local.json",
			".claude/settings.json", ".claude/settings.local.json", ".github/hooks/*.json", ".mcp.json"}
	case "opencode":
		files = []string{"opencode.json", "opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc",
			".opencode/plugin/*.js", ".opencode/plugin/*.ts", ".opencode/plugins/*.js", ".opencode/plugins/*.ts"}
	case "cursor-agent", "cursor":
		files = []string{".cursor/hooks.json"}
	case "crush":
		files = []string{".crush.json", "crush.json"}
	default:
		return nil
	}
	var paths []string
	for _, d := range projectDirs(dir, home) {
		for _, f := range files {
			if strings.Contains(f, "*") {
				matches, _ := filepath.Glob(filepath.Join(d, f))
				paths = append(paths, matches...)
			} else {
				paths = append(paths, filepath.Join(d, f))
			}
		}
	}
	return paths
}

// agentProgram is the agent a command name starts (claude, gemini, codex,
// copilot, opencode, cursor-agent, crush, as the command names it, or as
// npx names the package: claude-code, gemini-cli@latest, opencode-ai), or
// "".
func agentProgram(program string) string {
	name, _, _ := strings.Cut(filepath.Base(program), "@") // npx @google/gemini-cli@latest runs gemini-cli@latest
	switch name = strings.TrimSuffix(name, ".exe"); name {
	case "claude", "claude-code": // npx @anthropic-ai/claude-code runs claude-code
		return "claude"
	case "gemini", "gemini-cli":
		return "gemini"
	case "opencode", "opencode-ai": // npx opencode-ai
		return "opencode"
	case "codex", "copilot", "cursor-agent", "cursor", "crush":
		return name
	}
	return ""
}

// projectDirs are dir and each directory above it up to the repository's
// root, home and / excluded: where a project's settings are.
func projectDirs(dir, home string) []string {
	if !filepath.IsAbs(dir) {
		return nil
	}
	home = filepath.Clean(home)
	var dirs []string
	for d := filepath.Clean(dir); d != "/" && d != home && d != "."; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			break
		}
	}
	return dirs
}

// geminiEnvFile is the environment file Gemini CLI loads started in dir,
// when it is the project's: the first .gemini/.env or .env going up (its
// findEnvFile), or "".
func geminiEnvFile(dir, home string) string {
	for _, d := range projectDirs(dir, home) {
		for _, f := range []string{".gemini/.env", ".env"} {
			if fi, err := os.Stat(filepath.Join(d, f)); err == nil && fi.Mode().IsRegular() {
				return filepath.Join(d, f)
			}
		}
	}
	return ""
}

// hijackingEnv reports an environment variable through which whoever sets
// it for an agent program (claude, codex, gemini: whose settings set it)
// takes over hguard's hook or every command the agent runs: HGUARD_HOME
// (the hook's rules, which may switch built-ins off, its approvals and
// configuration), bash's start-up code (BASH_ENV runs before every bash
// -c, the hook's and the shell tool's), a function bash defines from the
// environment (BASH_FUNC_NAME%%, run in place of the command NAME; Codex
// passes it on, tested in internal/agente2e; Claude Code drops it), zsh's
// (ZDOTDIR), the dynamic loader's preloads, and, where the agent takes
// them from the project (claude, codex), PATH and the shell that runs
// every command (Claude Code runs its commands, hguard's shell prefix
// among them, in CLAUDE_CODE_SHELL or SHELL when the path names bash or
// zsh; tested in internal/agente2e) unless it is a system shell, and the
// script Claude Code runs ahead of every Bash command (CLAUDE_ENV_FILE,
// which its SessionStart hooks fill; tested in internal/agente2e).
// HGUARD_ENV=container and systemd's container have the hook take itself
// to run in a container, where approvals.container: auto runs every ask
// (tested in internal/agente2e); HGUARD_ENV=host only takes that away.
// A proxy (HTTP_PROXY, HTTPS_PROXY) and the certificates hguard trusts
// (SSL_CERT_FILE, SSL_CERT_DIR) decide who answers for hguard's smart
// reviewer, which approves asks: a proxy of the project's answers
// "approve" in its place (tested in internal/agente2e); Codex sets its
// variables for shell commands only, not for hooks.
// CDPATH sends bash's cd elsewhere than the directory hguard judged the
// command's next steps in (cd .config, then a write there, lands in
// ~/.config; Gemini CLI and Codex pass it on, Claude Code drops it from its
// Bash commands: tested in internal/agente2e) unless it names only the
// current directory.
func hijackingEnv(name, value, program string) bool {
	switch name {
	case "HGUARD_HOME", "BASH_ENV", "ENV", "ZDOTDIR", "SHELLOPTS", "BASHOPTS", "PS4", "LD_PRELOAD", "LD_AUDIT", "LD_LIBRARY_PATH", "container":
		return true
	case "HGUARD_ENV":
		return value != "host"
	case "PATH", "CLAUDE_ENV_FILE":
		return program != "gemini"
	case "SHELL", "CLAUDE_CODE_SHELL":
		return program != "gemini" && !systemShell(value)
	case "HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "SSL_CERT_FILE", "SSL_CERT_DIR":
		return program != "codex"
	case "CDPATH":
		// ".", or empty, is the current directory: cd goes where judged
		return program != "claude" && slices.ContainsFunc(strings.Split(value, ":"), func(d string) bool { return d != "" && d != "." })
	}
	return strings.HasPrefix(name, "BASH_FUNC_")
}

// systemShell reports whether p is bash or zsh in a directory only root
// writes, where Claude Code looks for them itself.
func systemShell(p string) bool {
	dir, name := filepath.Split(p)
	switch strings.TrimSuffix(dir, "/") {
	case "/bin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin":
		return name == "bash" || name == "zsh"
	}
	return false
}

// envLine is a line of an environment file as dotenv reads it: KEY=VALUE,
// export KEY=VALUE, KEY: VALUE.
var envLine = regexp.MustCompile(`(?m)^[ \t]*(?:export[ \t]+)?([\w.-]+)(?:[ \t]*=|:[ \t])[ \t]*(.*)$`)

// envFileSwitchOffs are the variables of the environment file at p that
// take hguard over (hijackingEnv; PATH is not: Gemini CLI sets no
// variable the environment has). A variable set empty counts as none.
func envFileSwitchOffs(p string) []SwitchOff {
	data := readFile(p)
	if data == nil {
		return nil
	}
	// dotenv reads a lone carriage return as a line's end
	text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(string(data))
	var found []SwitchOff
	for _, m := range envLine.FindAllStringSubmatch(text, -1) {
		v := strings.TrimSpace(m[2])
		if hijackingEnv(m[1], strings.Trim(v, `"'`), "gemini") && strings.Trim(v, `"'`+"`") != "" && !strings.HasPrefix(v, "#") &&
			!slices.Contains(found, SwitchOff{p, m[1]}) {
			found = append(found, SwitchOff{File: p, Setting: m[1]})
		}
	}
	return found
}

// readSettings is the JSON object in the file at p, comments allowed
// (Gemini CLI strips them before parsing), or nil.
func readSettings(p string) map[string]any {
	var v map[string]any
	if data := readSettingsFile(p); data == nil || json.Unmarshal(stripComments(data), &v) != nil {
		return nil
	}
	return expandSettings(p, v)
}

// readSettingsFile is the text of the settings file at p as the agent
// parses it: for OpenCode's config, with {env:VAR} replaced by the
// variable's value ("" when unset) and {file:PATH} by the file's text,
// trimmed (PATH relative to the config's directory, or absolute, or under
// ~/), as OpenCode does before it parses the config (a local MCP server's
// command may name a file whose text runs; tested in internal/agente2e).
// A file that cannot be read is "".
func readSettingsFile(p string) []byte {
	data := readFile(p)
	if data == nil {
		return nil
	}
	if b := filepath.Base(p); b != "opencode.json" && b != "opencode.jsonc" {
		return data
	}
	text := openCodeEnv.ReplaceAllStringFunc(string(data), func(m string) string {
		return jsonText(os.Getenv(openCodeEnv.FindStringSubmatch(m)[1]))
	})
	text = openCodeFile.ReplaceAllStringFunc(text, func(m string) string {
		f := openCodeFile.FindStringSubmatch(m)[1]
		if rest, ok := strings.CutPrefix(f, "~/"); ok {
			if home, err := os.UserHomeDir(); err == nil {
				f = filepath.Join(home, rest)
			}
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(filepath.Dir(p), f)
		}
		return jsonText(strings.TrimSpace(string(readFile(f))))
	})
	return []byte(text)
}

var (
	openCodeEnv  = regexp.MustCompile(`\{env:([^}]+)\}`)
	openCodeFile = regexp.MustCompile(`\{file:([^}]+)\}`)
)

// jsonText is s escaped for the inside of a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// The variable references an agent expands in the strings of a settings
// file as it loads it, from its own environment, whatever quotes are
// around them: Gemini CLI in every string of its settings ($VAR, ${VAR},
// ${VAR:-default}: its envVarResolver; tested in internal/agente2e),
// Claude Code in a .mcp.json server's command, arguments, env and headers
// (${VAR}, ${VAR:-default}). A shell would read "${UNSET:-x" ; rm -rf ~ ;
// echo "}" as one echo; expanded, it runs rm. The last group is the
// default, the others the name.
var (
	geminiVars = regexp.MustCompile(`\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})`)
	mcpVars    = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}`)
)

// settingsVars is the expansion the agent applies to the settings file at
// p, or nil.
func settingsVars(p string) *regexp.Regexp {
	switch {
	case filepath.Base(p) == ".mcp.json":
		return mcpVars
	case filepath.Base(p) == "settings.json" && filepath.Base(filepath.Dir(p)) == ".gemini":
		return geminiVars
	}
	return nil
}

// expandSettings is v with its strings expanded as the agent expands the
// settings file at p (settingsVars), from hguard's environment, which is
// the one the agent will start with.
func expandSettings(p string, v map[string]any) map[string]any {
	re := settingsVars(p)
	if re == nil {
		return v
	}
	var walk func(any) any
	walk = func(x any) any {
		switch x := x.(type) {
		case string:
			return expandVars(x, re)
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		case map[string]any:
			for k := range x {
				x[k] = walk(x[k])
			}
		}
		return x
	}
	return walk(v).(map[string]any)
}

// expandVars replaces in s each reference re finds: by its variable's
// value when it is set (empty too), else by its default, else it stays.
func expandVars(s string, re *regexp.Regexp) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		last = m[1]
		groups := len(m)/2 - 1
		name := ""
		for g := 1; g < groups; g++ {
			if m[2*g] >= 0 && name == "" {
				name = s[m[2*g]:m[2*g+1]]
			}
		}
		if v, ok := os.LookupEnv(name); ok && name != "" {
			b.WriteString(v)
		} else if d := m[2*groups]; d >= 0 {
			b.WriteString(s[d:m[2*groups+1]])
		} else {
			b.WriteString(s[m[0]:m[1]])
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// stripComments blanks the // and /* */ comments of JSON text outside its
// strings, and a byte-order mark.
func stripComments(data []byte) []byte {
	out := bytes.Clone(bytes.TrimPrefix(data, []byte("\ufeff")))
	inString := false
	for i := 0; i < len(out); i++ {
		switch c := out[i]; {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString || c != '/' || i+1 >= len(out):
		case out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case out[i+1] == '*':
			j := bytes.Index(out[i+2:], []byte("*/"))
			end := len(out)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			for ; i < end; i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			i--
		}
	}
	return out
}

// readFile is the start (maxSettings) of the regular file at p, or nil.
func readFile(p string) []byte {
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
		return nil // opening a fifo would hang the check
	}
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSettings))
	if err != nil {
		return nil
	}
	return data
}

// codexSwitchOffs are the settings of a project's .codex/config.toml
// (data, the file at p) that switch Codex's hooks off: the hooks feature
// (features.hooks, formerly codex_hooks) set to false, and a hook's state
// set to enabled = false; and the variables it sets for every shell
// command (shell_environment_policy.set) that take them over, as
// hijackingEnv counts a project's PATH (BASH_ENV runs the project's script
// ahead of each command; tested in internal/agente2e). The TOML is read line by line, as far as these
// keys need: a table header, a dotted key, an inline table.
func codexSwitchOffs(p string, data []byte) []SwitchOff {
	var found []SwitchOff
	add := func(s string) {
		if !slices.Contains(found, SwitchOff{p, s}) {
			found = append(found, SwitchOff{p, s})
		}
	}
	for key, v := range tomlValues(data) {
		switch {
		case (key == "features.hooks" || key == "features.codex_hooks") && v == "false":
			add(key + " = false")
		case key == "features" && inlineFalse(v, "hooks", "codex_hooks"):
			add("features.hooks = false")
		case strings.HasPrefix(key, "hooks.state.") && strings.HasSuffix(key, ".enabled") && v == "false":
			add("hooks.state: enabled = false")
		case strings.HasPrefix(key, "hooks.state.") && inlineFalse(v, "enabled"):
			add("hooks.state: enabled = false")
		case key == "shell_environment_policy.set":
			for name, value := range inlineStrings(v) {
				if hijackingEnv(name, value, "codex") && value != "" {
					add("shell_environment_policy.set." + name)
				}
			}
		case strings.HasPrefix(key, "shell_environment_policy.set."):
			name := strings.TrimPrefix(key, "shell_environment_policy.set.")
			if value, ok := tomlStringValue(v); ok && hijackingEnv(name, value, "codex") && value != "" {
				add(key)
			}
		}
	}
	return found
}

// inlineStrings yields the string values of a one-line inline table (v,
// "{ k = "v", … }"), a comma inside a string kept.
func inlineStrings(v string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		inner, ok := strings.CutPrefix(strings.TrimSpace(v), "{")
		if !ok {
			return
		}
		var parts []string
		start, quote := 0, byte(0)
		for i := 0; i < len(inner); i++ {
			switch c := inner[i]; {
			case quote == '"' && c == '\\':
				i++
			case quote != 0 && c == quote:
				quote = 0
			case quote == 0 && (c == '"' || c == '\''):
				quote = c
			case quote == 0 && (c == ',' || c == '}'):
				parts = append(parts, inner[start:i])
				start = i + 1
			}
		}
		for _, kv := range parts {
			k, val, ok := strings.Cut(kv, "=")
			if !ok {
				continue
			}
			if s, ok := tomlStringValue(strings.TrimSpace(val)); ok && !yield(tomlKey(k), s) {
				return
			}
		}
	}
}

// inlineFalse reports an inline table (v, "{ k = v, … }") that sets one of
// keys to false: features = { hooks = false }.
func inlineFalse(v string, keys ...string) bool {
	inner, ok := strings.CutPrefix(v, "{")
	if !ok {
		return false
	}
	for kv := range strings.SplitSeq(strings.TrimSuffix(inner, "}"), ",") {
		k, val, ok := strings.Cut(kv, "=")
		if ok && slices.Contains(keys, tomlKey(k)) && strings.TrimSpace(val) == "false" {
			return true
		}
	}
	return false
}

// tomlTable is the key of a TOML table header line ([features],
// [[hooks.Stop.hooks]], [features] # a comment), and whether it is one.
func tomlTable(line string) (string, bool) {
	h, ok := strings.CutPrefix(line, "[")
	if !ok {
		return "", false
	}
	h = strings.TrimLeft(h, "[")
	if i := strings.LastIndexByte(h, ']'); i >= 0 {
		h = h[:i]
	}
	return tomlKey(strings.TrimRight(h, "]")), true
}

// tomlKey is a TOML key with the spaces around its dots and the quotes of
// its parts removed, a basic string's escapes read: features . "hooks" and
// "feat\u0075res".hooks are features.hooks.
func tomlKey(k string) string {
	parts := strings.Split(strings.TrimSpace(k), ".")
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if s, ok := tomlStringValue(part); ok && len(part) > 1 && part[len(part)-1] == part[0] {
			parts[i] = s
			continue
		}
		parts[i] = strings.Trim(part, "\"'")
	}
	return strings.Join(parts, ".")
}

// switchOffs are the settings in v (the file at p) that switch hguard off.
func switchOffsIn(p string, v map[string]any) []SwitchOff {
	var found []SwitchOff
	add := func(s string) { found = append(found, SwitchOff{File: p, Setting: s}) }
	if v["disableAllHooks"] == true {
		add("disableAllHooks")
	}
	if env, ok := v["env"].(map[string]any); ok {
		if _, ok := env["CLAUDE_CODE_SHELL_PREFIX"]; ok {
			add("env.CLAUDE_CODE_SHELL_PREFIX")
		}
		for _, k := range sortedKeys(env) {
			if value, _ := env[k].(string); hijackingEnv(k, value, "claude") && env[k] != nil && env[k] != "" {
				add("env." + k)
			}
		}
	}
	if hc, ok := v["hooksConfig"].(map[string]any); ok {
		if hc["enabled"] == false {
			add("hooksConfig.enabled")
		}
		if names, ok := hc["disabled"].([]any); ok && slices.ContainsFunc(names, func(n any) bool {
			s, _ := n.(string)
			return strings.HasPrefix(s, "hguard")
		}) {
			add("hooksConfig.disabled")
		}
	}
	return found
}
