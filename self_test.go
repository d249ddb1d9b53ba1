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
		// The program found at run time (redteam8 #1): no static name to
		// match, so the loosening subcommand words decide.
		{"setsid -f env -i HOME=$HOME find ~/.local/bin -name 'hg*' -exec {} yolo on --session S \\;", dsl.Allow, dsl.Block},
		{"for f in ~/.local/bin/hg*; do \"$f\" yolo on; done", dsl.Allow, dsl.Block},
		{"locate -r /hguard$ | xargs -I% % approve --all", dsl.Allow, dsl.Block},
		{"find . -name '*.sh' -exec {} \\;", dsl.Allow, dsl.Allow},
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
		{"bash", "set +o emacs", dsl.Ask, dsl.Block},
		{"zsh", "unsetopt zle", dsl.Ask, dsl.Block},
		{"zsh", "zsh -f", dsl.Ask, dsl.Block},
		{"fish", "fish --no-config", dsl.Ask, dsl.Block},
		{"bash", "unset PROMPT_COMMAND", dsl.Ask, dsl.Block},
		{"zsh", "functions[bind]=':'", dsl.Ask, dsl.Block},
		{"bash", "set -o vi", dsl.Allow, dsl.Allow},
		{"fish", "bind ctrl-f forward-char", dsl.Allow, dsl.Allow},
		{"bash", "greet() { echo hi; }", dsl.Allow, dsl.Allow},
		{"bash", "builtin fc -l", dsl.Allow, dsl.Allow},
		{"bash", "cd ~/.claude && echo '{}' > settings.json", dsl.Ask, dsl.Block},
		{"bash", "echo '{}' > .amp/settings.json", dsl.Ask, dsl.Block},
		{"bash", "echo x > ~/.c*/settings.json", dsl.Ask, dsl.Block},
		// no setting, but a write into ~/.claude, as echo x > ~/.claude/notes.md
		// (write-guard-config asks any): the cd is followed (session 46)
		{"bash", "cd ~/.claude && echo x > notes.md", dsl.Ask, dsl.Ask},
		{"bash", "cd ~/.claude && cat CLAUDE.md", dsl.Allow, dsl.Allow},
		{"bash", "cd .claude && echo '{}' > settings.json", dsl.Ask, dsl.Block},
		{"bash", "cd src && echo x > settings.json", dsl.Allow, dsl.Allow},
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

// TestPlantedProgramsAndConfig: a program or git configuration that anyone
// may have put in a shared directory runs under an ordinary name (found by
// the 2026-12-02 red team; each was allowed): asked, in every dialect,
// while everyday PATH and git set-ups stay allowed.
func TestPlantedProgramsAndConfig(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		shell, cmd string
		want       dsl.Level
	}{
		{"bash", "PATH=/tmp/evil:$PATH ls", dsl.Ask},
		{"bash", "PATH=.:$PATH ls", dsl.Ask},
		{"zsh", "path=(/tmp/evil $path)", dsl.Ask},
		{"fish", "set -x PATH /tmp/evil $PATH", dsl.Ask},
		{"fish", "fish_add_path /dev/shm/x", dsl.Ask},
		{"bash", "GIT_DIR=/tmp/evil git status", dsl.Ask},
		{"bash", "git --git-dir /tmp/evil status", dsl.Ask},
		{"bash", "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='sh -c id' git log", dsl.Ask},
		{"bash", "GIT_ASKPASS=/tmp/x git fetch", dsl.Ask},
		{"bash", "git config credential.helper '!sh -c id'", dsl.Ask},
		{"bash", "hash -p /bin/rm ls; ls -rf ~", dsl.Block}, // ls runs rm -rf ~: the walk sees it
		{"bash", "hash -p /tmp/evil/ls ls; ls", dsl.Ask},
		{"zsh", "hash ls=/tmp/evil/ls", dsl.Ask},
		{"zsh", "commands[ls]=/tmp/evil/ls", dsl.Ask},
		{"zsh", "hash -d w=~/work", dsl.Allow},
		{"bash", "PATH=$HOME/.local/bin:$PATH ls", dsl.Allow},
		{"bash", "export PATH=$PATH:/usr/local/go/bin", dsl.Allow},
		{"zsh", "path=(~/bin $path)", dsl.Allow},
		{"fish", "fish_add_path ~/.cargo/bin", dsl.Allow},
		{"bash", "git --git-dir=$HOME/.dotfiles --work-tree=$HOME status", dsl.Allow},
		{"bash", "git config --global credential.helper store", dsl.Allow},
	}
	for _, tt := range tests {
		if v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: tt.shell}); v.Level != tt.want {
			t.Errorf("%s %q: %s, want %s (%s)", tt.shell, tt.cmd, v.Level, tt.want, v.Reasons())
		}
	}
}
