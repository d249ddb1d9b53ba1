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
