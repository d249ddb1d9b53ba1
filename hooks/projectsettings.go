package hooks

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
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
// "hooksConfig": {"disabled": [...]}. (Both tested in internal/agente2e.)
// An hguard variable in "env" changes nothing: the hook ignores it.

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

// ProjectSwitchOffs are the settings that switch hguard off for the agent
// program (claude, gemini, as the command names it) started in dir: those
// of dir's project settings files and of every directory above it up to
// the repository's root, home and / excluded (the user's own settings are
// home's). A file that cannot be read or parsed counts as none: the agent
// would refuse it too.
func ProjectSwitchOffs(program, dir, home string) []SwitchOff {
	var files []string
	switch filepath.Base(program) {
	case "claude":
		files = []string{".claude/settings.json", ".claude/settings.local.json"}
	case "gemini":
		files = []string{".gemini/settings.json"}
	default:
		return nil
	}
	if !filepath.IsAbs(dir) {
		return nil
	}
	home = filepath.Clean(home)
	var found []SwitchOff
	for d := filepath.Clean(dir); d != "/" && d != home && d != "."; d = filepath.Dir(d) {
		for _, f := range files {
			p := filepath.Join(d, f)
			found = append(found, switchOffsIn(p, readSettings(p))...)
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			break
		}
	}
	return found
}

// readSettings is the JSON object in the file at p, or nil.
func readSettings(p string) map[string]any {
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
	var v map[string]any
	if json.Unmarshal(data, &v) != nil {
		return nil
	}
	return v
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
