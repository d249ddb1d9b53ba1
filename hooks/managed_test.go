package hooks

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestManagedOutranksProject: a project's switch-off is none where Claude
// Code's managed settings run hguard (the setting each outranks), and still
// one where they do not, or run something else.
func TestManagedOutranksProject(t *testing.T) {
	hook := `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exec /usr/local/bin/hguard hook claude-code"}]}]}}`
	prefix := `{"env": {"CLAUDE_CODE_SHELL_PREFIX": "/etc/claude-code/hguard-shell"}}`
	both := `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "hguard hook claude-code"}]}]}, "env": {"CLAUDE_CODE_SHELL_PREFIX": "/etc/claude-code/hguard-shell"}}`
	project := `{"disableAllHooks": true, "env": {"CLAUDE_CODE_SHELL_PREFIX": ""}}`
	for _, tc := range []struct {
		name    string
		managed map[string]string // files under the managed directory
		program string
		want    []string // the switch-offs left
	}{
		{"no managed settings", nil, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"hguard's drop-in", map[string]string{"managed-settings.d/hguard.json": both}, "claude", nil},
		{"npx's name", map[string]string{"managed-settings.d/hguard.json": both}, "claude-code@latest", nil},
		{"the managed file", map[string]string{"managed-settings.json": both}, "claude", nil},
		{"hook only", map[string]string{"managed-settings.json": hook}, "claude", []string{"env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"prefix only", map[string]string{"managed-settings.d/10-prefix.json": prefix}, "claude", []string{"disableAllHooks"}},
		{"split over drop-ins", map[string]string{"managed-settings.d/a.json": hook, "managed-settings.d/b.json": prefix}, "claude", nil},
		{"a hidden drop-in is not read", map[string]string{"managed-settings.d/.hguard.json": both}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"not a .json drop-in", map[string]string{"managed-settings.d/hguard.json.bak": both}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"another tool's hook", map[string]string{"managed-settings.json": `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "audit-log"}]}]}}`}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"hguard's hook for another event", map[string]string{"managed-settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "hguard hook claude-code"}]}]}}`}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"hguard's hook for another tool", map[string]string{"managed-settings.json": `{"hooks": {"PreToolUse": [{"matcher": "WebFetch", "hooks": [{"type": "command", "command": "hguard hook claude-code"}]}]}}`}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"hguard named beside another hook", map[string]string{"managed-settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "audit-log", "statusMessage": "hguard hook claude-code"}]}]}}`}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"managed settings switch every hook off", map[string]string{"managed-settings.json": `{"disableAllHooks": true}`, "managed-settings.d/hguard.json": both}, "claude", []string{"disableAllHooks"}},
		{"hguard's own matcher", map[string]string{"managed-settings.d/hguard.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash|Read|Write|Edit|MultiEdit|NotebookEdit|Grep|WebFetch|mcp__.*", "hooks": [{"type": "command", "command": "exec /usr/local/bin/hguard hook claude-code"}]}]}}`}, "claude", []string{"env.CLAUDE_CODE_SHELL_PREFIX"}},
		{"broken managed JSON", map[string]string{"managed-settings.json": `{"hooks": `}, "claude", []string{"disableAllHooks", "env.CLAUDE_CODE_SHELL_PREFIX"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			managed := filepath.Join(dir, "etc-claude-code")
			for name, content := range tc.managed {
				p := filepath.Join(managed, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			old := claudeManagedDir
			claudeManagedDir = managed
			t.Cleanup(func() { claudeManagedDir = old })

			proj := filepath.Join(dir, "proj")
			if err := os.MkdirAll(filepath.Join(proj, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.json"), []byte(project), 0o644); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, o := range ProjectSwitchOffs(tc.program, proj, filepath.Join(dir, "home")) {
				got = append(got, o.Setting)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("switch-offs = %q, want %q", got, tc.want)
			}
		})
	}
	// Gemini CLI has no managed settings of hguard's: its switch-offs stay.
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".gemini", "settings.json"), []byte(`{"hooksConfig": {"enabled": false}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := ProjectSwitchOffs("gemini", dir, "/nonexistent"); len(got) != 1 {
		t.Errorf("gemini's switch-offs = %v, want hooksConfig.enabled", got)
	}
}

func TestLoopbackURL(t *testing.T) {
	for u, want := range map[string]bool{
		"http://127.0.0.1:8787/log":        true,
		"http://localhost/x":               true,
		"http://[::1]:9000/":               true,
		"http://127.0.0.2/":                true,
		"https://127.0.0.1.evil.example/x": false,
		"https://hooks.example.com/x":      false,
		"http://localhost.evil.example/":   false,
		"http://10.0.0.1/":                 false,
		"::not a url":                      false,
	} {
		if got := loopbackURL(u); got != want {
			t.Errorf("loopbackURL(%q) = %v, want %v", u, got, want)
		}
	}
}
