package hguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestAgentSettingsSwitchOff: a coding agent started where the project's
// own settings switch hguard's hooks off is asked for a person and blocked
// for an agent, naming the file and the setting; elsewhere it is allowed.
func TestAgentSettingsSwitchOff(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	project := func(name string, files map[string]string) string {
		dir := filepath.Join(home, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		writeTree(t, dir, files, 0o644)
		return dir
	}
	off := project("off", map[string]string{".claude/settings.json": `{"disableAllHooks": true}`})
	gemini := project("gem", map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": false}}`})
	codex := project("cdx", map[string]string{".codex/config.toml": "[features]\nhooks = false\n"})
	on := project("on", map[string]string{".claude/settings.json": `{"permissions": {"allow": ["Bash(npm test)"]}}`})
	g := newGuard(t, Options{})
	for _, tt := range []struct {
		dir, cmd      string
		person, agent dsl.Level
	}{
		{off, "claude", dsl.Ask, dsl.Block},
		{off, "claude -p 'fix the tests'", dsl.Ask, dsl.Block},
		{home, "cd off && claude", dsl.Ask, dsl.Block},
		{home, "(cd off; claude -p x)", dsl.Ask, dsl.Block},
		{gemini, "gemini -p 'fix it'", dsl.Ask, dsl.Block},
		{off, "npx -y @anthropic-ai/claude-code -p x", dsl.Ask, dsl.Block},
		{gemini, "pnpm dlx @google/gemini-cli@latest", dsl.Ask, dsl.Block},
		{codex, "npx @openai/codex exec x", dsl.Ask, dsl.Block},
		{off, "gemini -p 'fix it'", dsl.Allow, dsl.Allow},
		{codex, "codex exec 'fix it'", dsl.Ask, dsl.Block},
		{codex, "claude -p 'fix it'", dsl.Allow, dsl.Allow},
		{off, "git status", dsl.Allow, dsl.Allow},
		{off, "cat .claude/settings.json", dsl.Allow, dsl.Allow},
		{on, "claude -p 'fix the tests'", dsl.Allow, dsl.Allow},
		{home, "claude", dsl.Allow, dsl.Allow},
	} {
		for _, caller := range []string{"", "agent"} {
			want := tt.person
			if caller != "" {
				want = tt.agent
			}
			v := g.Check(Request{Command: tt.cmd, Cwd: tt.dir, Shell: "bash", Caller: caller})
			if v.Level != want {
				t.Errorf("in %s, %q (caller %q): %v, want %v (%v)", filepath.Base(tt.dir), tt.cmd, caller, v.Level, want, v.Findings)
			}
			if want != dsl.Allow && !strings.Contains(v.Reasons(), "settings.json: ") && !strings.Contains(v.Reasons(), "config.toml: ") {
				t.Errorf("in %s, %q: the reason names no setting: %s", filepath.Base(tt.dir), tt.cmd, v.Reasons())
			}
		}
	}
}
