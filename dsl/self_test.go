package dsl

import (
	"os"
	"path/filepath"
	"testing"
)

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
		{"~/.asdf/shims/hguard", true}, {"~/.local/share/pnpm/hguard", true}, {"~/.dotnet/tools/hguard", true}, // redteam12: also on PATH
		{"~/.asdf/shims/node", false}, {"~/proj/tools/hguard", false},
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
		// Found by the 2026-12-02 red team: the agents' other settings files,
		// variables that move them, and globs that name them.
		{"opencode.json", true},
		{"./opencode.jsonc", true},
		{".opencode/opencode.json", true},
		{"~/.config/opencode/plugin/x.js", true},
		{".opencode/plugin/x.ts", true},
		{".opencode/plugins", true},
		{"~/.config/opencode/plugin/", true},
		{"/etc/opencode/opencode.json", true},
		{"$OPENCODE_CONFIG", true},
		{"$OPENCODE_CONFIG_DIR/plugins/x.js", true},
		{"$XDG_CONFIG_HOME/opencode/opencode.json", true},
		{"${XDG_CONFIG_HOME}/crush/crush.json", true},
		{"$XDG_CONFIG_HOME/notes.txt", false},
		{"crush.json", true},
		{".crush.json", true},
		{"$CRUSH_GLOBAL_CONFIG/crush.json", true},
		{"~/.config/crush/crushrc", true},
		{".amp/settings.json", true},
		{".amp/settings.jsonc", true},
		{"~/.config/amp/settings.jsonc", true},
		{"/etc/ampcode/managed-settings.json", true},
		{"$HERMES_HOME/config.yaml", true},
		{"$HERMES_HOME/logs/x", false},
		{"$COPILOT_HOME/settings.json", true},
		{"~/.copilot/hooks/x.json", true},
		{".github/hooks/hguard.json", true},
		{".github/hooks", true},
		{".github/workflows/ci.yml", false},
		{"~/.c*/settings.json", true},
		{"~/.claude/s*", true},
		{"~/.clau?e", true},
		{"~/.h[g]uard/config.yaml", true},
		{"*.json", false},
		{"/tmp/*", false},
		{"~/*/settings.json", false},
		{"op*.json", true},
		{"~/.c*/notes.md", false},
		{"amp/settings.json", false},
		{"~/.CLAUDE/settings.json", true},
		{"/Library/Application Support/claudecode/managed-settings.json", true},
		{"${XDG_CONFIG_HOME:-~/.config}/amp/settings.json", true},
		{"${HGUARD_HOME:-$HOME/.hguard}/config.yaml", true},
		{"${XDG_CONFIG_HOME:-~/.config}/notes", false},
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

// TestGuardDirs: the places the environment names count in every
// spelling, and only they and what counts under them.
func TestGuardDirs(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "srv", "hg"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(home, "srv"), filepath.Join(home, "link")); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"HOME":              home,
		"CLAUDE_CONFIG_DIR": "/opt/CC",
		"CODEX_HOME":        "relative/codex", // names no one place: left out
		"XDG_CONFIG_HOME":   "/cfg",
		"COPILOT_HOME":      "/", // would make every path hguard's: left out
	}
	gs := guards(GuardDirs(filepath.Join(home, "link", "hg"), func(k string) string { return env[k] }))
	tests := []struct {
		path string
		want bool
	}{
		{home + "/link/hg", true},
		{home + "/link/hg/config.yaml", true},
		{home + "/srv/hg/rules.d/x.yaml", true}, // where the link leads
		{"~/srv/hg/audit.jsonl", true},
		{"$HOME/link/hg/state", true},
		{home + "/srv/h?/config.yaml", true},
		{home + "/srv/*/config.yaml", true},
		{home + "/srv", false}, // a parent is not the place
		{home + "/srv/hg2/config.yaml", false},
		{home + "/srv/notes", false},
		{"/opt/cc/settings.json", true}, // names compare in lower case, as guardPath's do
		{"/opt/CC", true},
		{"/opt/CC/settings.local.json", true},
		{"/opt/CC/settings.*", true},
		{"/opt/CC/CLAUDE.md", false},
		{"relative/codex/config.toml", false},
		{"/cfg/opencode/plugins/x.js", true},
		{"/cfg/crush/crush.json", true},
		{"/cfg/amp/settings.json", true},
		{"/cfg/amp/threads.json", false},
		{"/etc/passwd", false},
		{"", false},
		// Found by the attack helper: the root seen through /proc is the root.
		{"/proc/self/root" + home + "/srv/hg/config.yaml", true},
		{"/proc/1/root" + home + "/srv/hg", true},
		{"/proc/thread-self/root/opt/CC/settings.json", true},
		{"/proc/$$/root/opt/CC/settings.json", true},
		{"/proc/self/rootx/opt/CC/settings.json", false},
		{"/proc/self/cwd/opt/CC/settings.json", false},
	}
	for _, tt := range tests {
		if got := gs.has(tt.path, true); got != tt.want {
			t.Errorf("has(%q) = %t, want %t", tt.path, got, tt.want)
		}
	}
	if got := guards(nil).has(home+"/srv/hg", true); got {
		t.Errorf("no places: has = true")
	}
}

// TestProcRoot: /proc/PID/root/X is the file /X (the process's root), so a
// path spelled through it is judged as /X by every path predicate.
func TestProcRoot(t *testing.T) {
	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"persist bashrc", persistPath("/proc/self/root/home/u/.bashrc"), true},
		{"persist cron.d", persistPath("/proc/self/root/etc/cron.d/x"), true},
		{"persist pid", persistPath("/proc/1/root/etc/sudoers"), true},
		{"secret aws", secretPath("/proc/self/root/home/u/.aws/credentials"), true},
		{"secret shadow", secretPath("/proc/thread-self/root/etc/shadow"), true},
		{"guard config", guardPath("/proc/self/root/etc/claude-code/managed-settings.json"), true},
		{"root itself", isRoot("/proc/self/root"), true},
		{"root slash", isRoot("/proc/self/root/"), true},
		{"not a root", persistPath("/proc/self/rootfs/etc/cron.d/x"), false},
		{"proc status", secretPath("/proc/self/status"), false},
		{"relative", persistPath("proc/self/root/etc/cron.d/x"), false},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: %t, want %t", tt.name, tt.got, tt.want)
		}
	}
}

// TestSecretGlob: a glob that may name a secret file reads it (cat ~/.ssh/*
// prints the private keys beside the public ones); one that names only
// other files does not.
func TestSecretGlob(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"~/.ssh/*", true},
		{"$HOME/.ssh/*", true},
		{"/home/u/.ssh/*", true},
		{"/root/.ssh/id_*", true},
		{"~/.ssh/*[!b]", true},
		{"~/.ss?/*", true},
		{"~/.aws/*", true},
		{"~/.*_history", true},
		{"/proc/*/environ", true},
		{"/etc/*", true},
		{"~/.password-store/*", true},
		{"~/vault/*.kdbx", true},
		{"keys/id_*", true},
		{"id_*", false},  // a bare word is as likely grep's pattern (grep -rn "id_*" src/)
		{"*.key", false}, // rg "*.key" docs
		{"~/.ssh/*.pub", false},
		{"~/.ssh/known_*", false},
		{"~/*", false}, // a leading wildcard takes no dot file
		{"*", false},
		{"*.go", false},
		{"src/*.json", false},
		{"/proc/*/status", false},
		{"/etc/nginx/*", false},
		{"~/.config/nvim/*", false},
		{"~/.ssh/id_rsa", false}, // no glob: secretPath's to judge
	}
	for _, tt := range tests {
		if got := secretGlob(tt.word); got != tt.want {
			t.Errorf("secretGlob(%q) = %t, want %t", tt.word, got, tt.want)
		}
	}
}

// TestGuardParent: a directory that holds a guarded place without being
// one (the parent of $HGUARD_HOME, ~/.config, the bin directory hguard is
// installed in) takes the place along when it is moved, removed, linked or
// locked; the root and a home are judged by their own rules.
func TestGuardParent(t *testing.T) {
	env := map[string]string{"HOME": "/home/u", "CLAUDE_CONFIG_DIR": "/opt/agents/cc"}
	gs := guards(GuardDirs("/srv/tools/hg", func(k string) string { return env[k] }))
	tests := []struct {
		path string
		want bool
	}{
		{"/srv/tools", true},
		{"/srv/tools/", true},
		{"/srv", false}, // a system directory: the rules about those judge it
		{"/opt/agents", true},
		{"/SRV/Tools", true},
		{"~/.config", true},
		{"$HOME/.config", true},
		{"$XDG_CONFIG_HOME", true},
		{"~/.local/bin", true},
		{"~/.local", true},
		{"~/go/bin", true},
		{"/proc/self/root/srv/tools", true},
		{"/srv/tools/hg", false}, // the place itself: guardPath's
		{"/srv/tools/hg/config.yaml", false},
		{"/srv/other", false},
		{"/srv/tools2", false},
		{"/", false},
		{"~", false},
		{"/home/u", false},
		{"/etc", false},
		{"~/.config/nvim", false},
		{"~/.local/share", false},
		{"~/src", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := guardParentIn(tt.path, gs, ""); got != tt.want {
			t.Errorf("guardParentIn(%q) = %t, want %t", tt.path, got, tt.want)
		}
	}
}

// TestProgramDirs (redteam8 #11): hguard run from outside a bin directory
// (~/opt/hguard/hguard, as installed hooks name it) guards the program
// and its companions there, by every spelling, and nothing else there; a
// program not named like hguard's (a test binary) guards nothing.
func TestProgramDirs(t *testing.T) {
	gs := guards(ProgramDirs("/home/u/opt/hguard/hguard", "/home/u"))
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/home/u/opt/hguard/hguard", true},
		{"~/opt/hguard/hguard", true},
		{"$HOME/opt/hguard/hguard-plugins", true},
		{"~/opt/hguard/hguard-plugins", true},
		{"~/opt/hguard", true},
		{"~/opt/hguard/notes.txt", false},
		{"~/opt/other/hguard", false},
	} {
		if got := gs.has(tt.path, true); got != tt.want {
			t.Errorf("has(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
	for _, exe := range []string{"/tmp/go-build1/b001/hguard.test", "/usr/bin/vim"} {
		if g := ProgramDirs(exe, "/home/u"); len(g) > 0 {
			t.Errorf("ProgramDirs(%q) = %v, want none", exe, g)
		}
	}
}

// TestAddsReadExec: the chmod modes that leave hguard's files as they were
// (self-write, self-write-agent and self-operand-agent read them alike).
func TestAddsReadExec(t *testing.T) {
	for mode, want := range map[string]bool{
		"+x": true, "u+x,g+rx": true, "a+r": true, "755": true, "0711": true, "744": true, "+X": true,
		"644": false, "-x": false, "777": false, "4755": false, "u-r": false, "o+w": false, "775": false, "+w": false, "": false,
	} {
		if got := addsReadExec(mode); got != want {
			t.Errorf("addsReadExec(%q) = %v, want %v", mode, got, want)
		}
	}
}
