package dsl

import (
	"path"
	"strings"
)

// guardPath reports whether p is one of the files that keep hguard in the
// loop, or a directory holding them, so that writing, removing, moving or
// re-permissioning it can switch protection off:
//
//   - hguard's own files: $HGUARD_HOME and any .hguard directory (the
//     configuration, rules.d, state, sessions, the audit log, plugins, the
//     daemon's socket, a project's .hguard/rules.yaml);
//   - hguard's programs where they are installed: hguard, hguard-plugins
//     and hguard-tirith in any bin, sbin or libexec directory;
//   - the coding agents' settings that run hguard's hook: Claude Code's
//     .claude/settings*.json (and $CLAUDE_CONFIG_DIR, managed settings),
//     Codex's .codex/config.toml and hooks.json ($CODEX_HOME), Gemini CLI's
//     .gemini/settings.json (and /etc/gemini-cli), Cursor's .cursor/hooks.json
//     and its CLI permissions (cli-config.json, cli.json), GitHub Copilot
//     CLI's .copilot/settings.json, Hermes Agent's .hermes/config.yaml and
//     its hook allowlist, Crush's crush/crush.json, Amp's amp/settings.json
//     and hguard's delegate there, OpenCode's plugins directory and
//     opencode.json, and Claude Code's shell prefix .claude/hguard-shell.
//
// Rules judge the path as written: hguard cannot know where a variable
// other than $HOME and $HGUARD_HOME points, nor follow symbolic links.
func guardPath(p string) bool {
	if p == "" {
		return false
	}
	for _, v := range guardVars {
		if rest, ok := cutVar(p, v.name); ok {
			return v.all || rest == "" || rest == "/" || v.files[path.Base(path.Clean("/"+rest))]
		}
	}
	c := cleanPath(p)
	segs := strings.Split(c, "/")
	for _, s := range segs {
		if s == ".hguard" {
			return true
		}
	}
	base, parent := segs[len(segs)-1], ""
	if len(segs) > 1 {
		parent = segs[len(segs)-2]
	}
	grand := ""
	if len(segs) > 2 {
		grand = segs[len(segs)-3]
	}
	switch {
	case agentDirs[base], configAgentDirs[base] && parent == ".config":
		return true // the agent's whole configuration directory
	case parent == "plugins" && (grand == "opencode" || grand == ".opencode"):
		return true // OpenCode runs every plugin there; hguard's is one
	case hguardPrograms[strings.TrimSuffix(base, ".new")] && (parent == "bin" || parent == "sbin" || parent == "libexec"):
		return true
	case agentSettings[parent][base] && (!configAgentDirs[parent] || grand == ".config"):
		return true
	}
	for _, dir := range managedSettingsDirs {
		if under(c, dir) {
			return true
		}
	}
	return false
}

// hguardPrograms are the names hguard's programs are installed under.
var hguardPrograms = map[string]bool{"hguard": true, "hguard-plugins": true, "hguard-tirith": true}

// agentDirs are the agents' configuration directories: removing or moving
// one removes the settings that run hguard's hook.
var agentDirs = map[string]bool{".claude": true, ".codex": true, ".gemini": true, ".cursor": true, ".copilot": true, ".hermes": true}

// configAgentDirs are the agents' directories under ~/.config (or
// $XDG_CONFIG_HOME): crush, amp and opencode are too plain a name to count
// anywhere else.
var configAgentDirs = map[string]bool{"crush": true, "amp": true, "opencode": true}

// agentSettings are, by the directory that holds them, the agents' files
// that say which hooks run or what the agent may do unasked.
var agentSettings = map[string]map[string]bool{
	".claude":  set("settings.json", "settings.local.json", "hguard-shell"),
	".codex":   set("config.toml", "hooks.json"),
	".gemini":  set("settings.json", "system-defaults.json"),
	".cursor":  set("hooks.json", "cli-config.json", "cli.json"),
	".copilot": set("settings.json", "config.json"),
	".hermes":  set("config.yaml", "shell-hooks-allowlist.json"),
	"crush":    set("crush.json"),
	"amp":      set("settings.json", "hguard-delegate"),
	"opencode": set("opencode.json", "opencode.jsonc"),
}

// managedSettingsDirs hold system-wide agent settings (hooks included).
var managedSettingsDirs = []string{"/etc/claude-code", "/Library/Application Support/ClaudeCode", "/etc/gemini-cli", "/etc/codex"}

// guardVars are the environment variables that name where hguard or an
// agent keeps its configuration: under $HGUARD_HOME everything counts,
// under an agent's only its settings files (and the directory itself).
var guardVars = []struct {
	name  string
	all   bool
	files map[string]bool
}{
	{"HGUARD_HOME", true, nil},
	{"CLAUDE_CONFIG_DIR", false, agentSettings[".claude"]},
	{"CODEX_HOME", false, agentSettings[".codex"]},
	{"GEMINI_CONFIG_DIR", false, agentSettings[".gemini"]},
}

// cutVar reports whether p starts with $NAME or ${NAME} as a whole word,
// and returns the rest ("/config.yaml", or "").
func cutVar(p, name string) (string, bool) {
	for _, pre := range []string{"${" + name + "}", "$" + name} {
		if rest, ok := strings.CutPrefix(p, pre); ok && (rest == "" || rest[0] == '/') {
			return rest, true
		}
	}
	return "", false
}
