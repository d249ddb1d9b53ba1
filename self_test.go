package hguard_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestSelfProtectionByCaller: what could switch hguard off is asked at a
// terminal and blocked when an agent asks; hguard's approving subcommands
// are blocked for agents only, and a person may run them.
func TestSelfProtectionByCaller(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd             string
		person, asAgent dsl.Level
	}{
		{"echo x > ~/.hguard/config.yaml", dsl.Ask, dsl.Block},
		{"export HGUARD_DISABLE=1", dsl.Ask, dsl.Block},
		{"HGUARD_YOLO=1 git push --force", dsl.Ask, dsl.Block},
		{"pkill hguard", dsl.Ask, dsl.Block},
		{"claude --dangerously-skip-permissions", dsl.Ask, dsl.Block},
		{"echo '{}' > .cursor/hooks.json", dsl.Ask, dsl.Block},
		{"hguard approve --all --scope always", dsl.Allow, dsl.Block},
		{"hguard yolo on --session cc-2", dsl.Allow, dsl.Block},
		{"hguard pending", dsl.Allow, dsl.Allow},
		{"cat ~/.hguard/config.yaml", dsl.Allow, dsl.Allow},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.asAgent}, {"codex", tt.asAgent}} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%q with caller %q: %s, want %s (%s)", tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}

// TestShellHookIntegrity: lines that would leave the shell hook in place
// but no longer checking (found by the 2026-12-02 red team; each was
// allowed before): its variables and functions redefined, the builtins it
// calls shadowed or switched off, a key bound to run the line or code
// past it.
func TestShellHookIntegrity(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		shell, cmd      string
		person, asAgent dsl.Level
	}{
		{"bash", "_hguard_bin=/bin/true", dsl.Ask, dsl.Block},
		{"bash", "printf -v _hguard_bin %s /bin/true", dsl.Ask, dsl.Block},
		{"bash", "bind() { :; }", dsl.Ask, dsl.Block},
		{"bash", "_hguard_decide() { return 0; }", dsl.Ask, dsl.Block},
		{"bash", "enable -n bind", dsl.Ask, dsl.Block},
		{"bash", "builtin fc -e 'sed -i s/x/y/'", dsl.Ask, dsl.Block},
		{"bash", "bind -f/tmp/x", dsl.Ask, dsl.Block},
		{"zsh", "_hguard_accept() { zle .accept-line }", dsl.Ask, dsl.Block},
		{"zsh", "disable zle", dsl.Ask, dsl.Block},
		{"zsh", "unfunction fc", dsl.Ask, dsl.Block},
		{"fish", "function bind; end", dsl.Ask, dsl.Block},
		{"fish", "bind ctrl-a 'commandline -f execute'", dsl.Ask, dsl.Block},
		{"fish", "bind ctrl-a 'rm -rf ~'", dsl.Block, dsl.Block},
		{"fish", "bind ctrl-f forward-char", dsl.Allow, dsl.Allow},
		{"bash", "greet() { echo hi; }", dsl.Allow, dsl.Allow},
		{"bash", "builtin fc -l", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/.claude && echo '{}' > settings.json", dsl.Ask, dsl.Block},
		{"bash", "echo '{}' > .amp/settings.json", dsl.Ask, dsl.Block},
		{"bash", "echo x > ~/.c*/settings.json", dsl.Ask, dsl.Block},
		{"bash", "cd ~/.claude && echo x > notes.md", dsl.Allow, dsl.Allow},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.asAgent}} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: tt.shell, Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%s %q with caller %q: %s, want %s (%s)", tt.shell, tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}
