package dsl

import "testing"

func TestGuardPath(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"~/.hguard", true},
		{"~/.hguard/config.yaml", true},
		{"$HOME/.hguard/rules.d/x.yaml", true},
		{"/home/u/.hguard/state/daemon.sock", true},
		{"$HGUARD_HOME", true},
		{"${HGUARD_HOME}/audit.jsonl", true},
		{"$HGUARD_HOMEX/x", false},
		{"proj/.hguard/rules.yaml", true},
		{".hguard", true},
		{"~/.local/bin/hguard", true},
		{"/usr/local/bin/hguard-plugins", true},
		{"/opt/homebrew/bin/hguard-tirith", true},
		{"/usr/local/bin/hguard.new", true},
		{"./hguard", false},
		{"bin/hguardx", false},
		{"~/.claude/settings.json", true},
		{".claude/settings.local.json", true},
		{"~/.claude/CLAUDE.md", false},
		{"~/.claude", true},
		{"~/.codex/config.toml", true},
		{"~/.codex/hooks.json", true},
		{"~/.codex/history.jsonl", false},
		{"$CODEX_HOME/config.toml", true},
		{"$CODEX_HOME/sessions/x", false},
		{"$CODEX_HOME", true},
		{"${CLAUDE_CONFIG_DIR}/settings.json", true},
		{"~/.gemini/settings.json", true},
		{"/etc/gemini-cli/settings.json", true},
		{".cursor/hooks.json", true},
		{"~/.cursor/cli-config.json", true},
		{"/etc/claude-code/managed-settings.json", true},
		{"~/.claude/hguard-shell", true},
		{"~/.copilot/settings.json", true},
		{"~/.hermes/config.yaml", true},
		{"~/.hermes/shell-hooks-allowlist.json", true},
		{"~/.hermes", true},
		{"~/.config/crush/crush.json", true},
		{"~/.config/crush", true},
		{"~/.config/amp/settings.json", true},
		{"~/.config/amp/hguard-delegate", true},
		{"~/.config/opencode/plugins/hguard.js", true},
		{"~/.config/opencode/plugins/other.js", true},
		{".opencode/plugins/x.ts", true},
		{"~/.config/opencode/opencode.json", true},
		{"~/.config/crush/notes.md", false},
		{"crush", false},
		{"plugins/x.js", false},
		{"src/amp/settings.json", false},
		{"config.yaml", false},
		{"", false},
		{"/tmp/x", false},
	}
	for _, tt := range tests {
		if got := guardPath(tt.path); got != tt.want {
			t.Errorf("guardPath(%q) = %t, want %t", tt.path, got, tt.want)
		}
	}
}
