package hooks

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// Claude Code's managed settings outrank every other source, and a
// project's settings cannot switch their hooks off: "disableAllHooks" in
// a project leaves the managed hooks running, and a managed "env" wins
// over a project's (Claude Code 2.1, tested in internal/agente2e). Only
// root writes them, so an agent running as the user cannot either.
// hguard init claude-code --managed installs hguard there.

// claudeManagedDir is where Claude Code reads its managed settings file
// (managed-settings.json) and drop-ins (managed-settings.d/*.json). A
// variable for tests.
var claudeManagedDir = func() string {
	if runtime.GOOS == "darwin" {
		return "/Library/Application Support/ClaudeCode"
	}
	return "/etc/claude-code"
}()

// ClaudeManagedDir is the directory of Claude Code's managed settings.
func ClaudeManagedDir() string { return claudeManagedDir }

// ClaudeManagedPath is the drop-in file hguard's managed settings live in:
// hguard owns all of it, and the administrator's managed-settings.json is
// left alone.
func ClaudeManagedPath() string {
	return filepath.Join(claudeManagedDir, "managed-settings.d", "hguard.json")
}

// ClaudeManagedShellPrefixPath is the shell prefix program of the managed
// settings, beside them (root's to write, like them).
func ClaudeManagedShellPrefixPath() string { return filepath.Join(claudeManagedDir, "hguard-shell") }

// ClaudeManaged is what Claude Code's managed settings hold of hguard's.
type ClaudeManaged struct {
	Hook        bool // a PreToolUse hook runs hguard hook claude-code
	ShellPrefix bool // env.CLAUDE_CODE_SHELL_PREFIX runs hguard
}

// ReadClaudeManaged reads the managed settings file and its drop-ins (as
// Claude Code does: names ending in .json, none hidden). A file that
// cannot be read or parsed holds nothing.
func ReadClaudeManaged() ClaudeManaged {
	files := []string{filepath.Join(claudeManagedDir, "managed-settings.json")}
	dropIns := filepath.Join(claudeManagedDir, "managed-settings.d")
	if entries, err := os.ReadDir(dropIns); err == nil {
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".json") && !strings.HasPrefix(n, ".") {
				files = append(files, filepath.Join(dropIns, n))
			}
		}
	}
	var m ClaudeManaged
	off := false
	for _, p := range files {
		v := readSettings(p)
		if v == nil {
			continue
		}
		if v["disableAllHooks"] == true {
			off = true // the managed hooks too
		}
		if hooksObj, ok := v["hooks"].(map[string]any); ok && managedHook(hooksObj["PreToolUse"]) {
			m.Hook = true
		}
		if env, ok := v["env"].(map[string]any); ok {
			if prefix, _ := env[shellPrefixVar].(string); strings.Contains(prefix, "hguard") {
				m.ShellPrefix = true
			}
		}
	}
	m.Hook = m.Hook && !off
	return m
}

// managedHook reports PreToolUse groups of which one runs hguard's hook
// (a command hook's command) on the Bash tool: its matcher is empty, "*",
// or names Bash among its alternatives.
func managedHook(groups any) bool {
	gs, _ := groups.([]any)
	for _, g := range gs {
		gm, _ := g.(map[string]any)
		matcher, _ := gm["matcher"].(string)
		if matcher != "" && matcher != "*" && !slices.Contains(strings.Split(matcher, "|"), "Bash") {
			continue
		}
		hs, _ := gm["hooks"].([]any)
		for _, h := range hs {
			hm, _ := h.(map[string]any)
			if c, _ := hm["command"].(string); hm["type"] == "command" && strings.Contains(c, "hguard") && strings.Contains(c, " hook "+string(ClaudeCode)) {
				return true
			}
		}
	}
	return false
}

// outrankedByManaged drops the switch-offs of Claude Code's project
// settings that its managed settings outrank: disableAllHooks where a
// managed hook runs hguard, env.CLAUDE_CODE_SHELL_PREFIX where the managed
// env sets hguard's prefix. The managed settings are read only when there
// is something to drop.
func outrankedByManaged(program string, offs []SwitchOff) []SwitchOff {
	if len(offs) == 0 || agentProgram(program) != "claude" {
		return offs
	}
	m := ReadClaudeManaged()
	return slices.DeleteFunc(offs, func(o SwitchOff) bool {
		return o.Setting == "disableAllHooks" && m.Hook || o.Setting == "env."+shellPrefixVar && m.ShellPrefix
	})
}
