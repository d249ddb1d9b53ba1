package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestShellDiff48: where a command runs after a cd, as the real shells
// showed it (internal/shelldiff records the directory each program ran
// in; session 48, 2026-12-05). A shell started on the line is a child
// process whose cd moves nothing after it; a relative CDPATH entry is
// looked up from where the line is; zsh's cd OLD NEW replaces OLD in the
// directory; fish cds to a command that is a directory path (implicit cd).
func TestShellDiff48(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		// bash -c 'cd /tmp' leaves the line in the project: .git is its own
		{"bash", "bash -c 'cd /tmp' && rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "sh -c 'cd /tmp'; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "bash -c 'cd /tmp && rm -rf foo'", dsl.Allow, dsl.Allow},
		{"bash", "sh -c 'cd /tmp' && rm -f *.o", dsl.Allow, dsl.Allow},
		{"bash", "eval 'cd ~' && rm .bashrc", dsl.Ask, dsl.Ask}, // eval runs in the shell
		{"bash", "CDPATH=.. cd proj && rm -f *.o", dsl.Allow, dsl.Allow},
		// zsh: cd usr etc from /usr is cd /etc; bash and fish refuse it
		{"zsh", "cd /usr; cd usr etc && rm passwd", dsl.Block, dsl.Block},
		{"zsh", "cd src && rm -f *.o", dsl.Allow, dsl.Allow},
		// fish: a command that is a directory path is a cd
		{"fish", "/etc/; rm passwd", dsl.Block, dsl.Block},
		{"fish", "~; rm .bashrc", dsl.Ask, dsl.Ask},
		{"fish", "src/; rm -f *.o", dsl.Allow, dsl.Allow},
		{"fish", "./configure; and make", dsl.Allow, dsl.Allow},
	})
}

// TestShellDiff48Same: each form is judged as the cd the shell makes of
// it, in a project and in /tmp.
func TestShellDiff48Same(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ shell, cmd, same string }{
		{"bash", "CDPATH=.. cd etc && rm passwd", "cd ../etc && rm passwd"},
		{"bash", "CDPATH=../..:/nonexistent cd .ssh && rm id_rsa", "cd ../../.ssh && rm id_rsa"},
		{"bash", "bash -c 'cd /tmp' && rm -rf .git", "rm -rf .git"},
		{"bash", "sh -c 'cd ~' && rm .bashrc", "rm .bashrc"},
		{"zsh", "cd /usr; cd usr etc && rm passwd", "cd /etc && rm passwd"},
		{"zsh", "cd ~/x; cd x .ssh && rm id_rsa", "cd ~/.ssh && rm id_rsa"},
		{"fish", "/etc/; rm passwd", "cd /etc/; rm passwd"},
		{"fish", "~; rm .bashrc", "cd ~; rm .bashrc"},
	} {
		for _, dir := range []string{"/home/u/proj", "/tmp"} {
			for _, caller := range []string{"", "claude-code"} {
				v := g.Check(hguard.Request{Command: tt.cmd, Cwd: dir, Shell: tt.shell, Caller: caller})
				s := g.Check(hguard.Request{Command: tt.same, Cwd: dir, Shell: tt.shell, Caller: caller})
				if v.Level != s.Level {
					t.Errorf("%s %q in %s, caller %q: %s, but %q: %s (%s)", tt.shell, tt.cmd, dir, caller, v.Level, tt.same, s.Level, v.Reasons())
				}
			}
		}
	}
}

// TestInheritedCDPath: a CDPATH the caller's shell exported
// (Request.CDPath) is where a relative cd looks, as one the line sets;
// "." or an empty one is the current directory.
func TestInheritedCDPath(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cdpath, shell, cmd string
		want               dsl.Level // for a person and an agent
	}{
		{"/", "bash", "cd etc && rm passwd", dsl.Block},
		{"/", "zsh", "cd etc && rm passwd", dsl.Allow},    // zsh tries ./etc first: where the project has it
		{".:/", "bash", "cd etc && rm passwd", dsl.Allow}, // so does bash for a CDPATH that starts with .
		{"/", "fish", "cd etc; and rm passwd", dsl.Block},
		{"/tmp:/", "bash", "cd etc && rm passwd", dsl.Block},
		{"", "bash", "cd etc && rm passwd", dsl.Allow},
		{".", "bash", "cd etc && rm passwd", dsl.Allow},
		{"/", "bash", "cd ./etc && rm passwd", dsl.Allow}, // ./ is not looked up
		{"/", "bash", "CDPATH=. cd etc && rm passwd", dsl.Allow},
		{".:~:/", "bash", "cd src && rm -f *.o", dsl.Allow},
		{"/:.", "bash", "cd etc && rm passwd", dsl.Block},
		{"/", "bash", "cd /tmp && rm -rf x", dsl.Allow},
	} {
		for _, caller := range []string{"", "codex"} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: tt.shell, Caller: caller, CDPath: tt.cdpath})
			if v.Level != tt.want {
				t.Errorf("CDPATH=%q %s %q, caller %q: %s, want %s (%s)", tt.cdpath, tt.shell, tt.cmd, caller, v.Level, tt.want, v.Reasons())
			}
		}
	}
}

// TestGitDirWrites48: git run inside a git directory uses it, and a bare
// repository (NAME.git) runs the hooks in its hooks directory: a write
// there after a cd, or from a line that starts there, installs a hook or
// git configuration as .git/hooks/pre-commit does (checked with git
// 2.39: git rev-parse --git-dir inside .git is ".", inside x.git/hooks
// it is the bare x.git).
func TestGitDirWrites48(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd .git && echo x > hooks/pre-commit", dsl.Ask, dsl.Ask},
		{"echo x > .git/hooks/pre-commit", dsl.Ask, dsl.Ask},
		{"cd .git/hooks && cp /tmp/x post-checkout", dsl.Ask, dsl.Ask},
		{"cd .git && echo '[core] fsmonitor = id' >> config", dsl.Ask, dsl.Ask},
		{"cd repo.git && cp /tmp/x hooks/pre-receive", dsl.Ask, dsl.Ask},
		{"echo x > repo.git/hooks/post-receive", dsl.Ask, dsl.Ask},
		{"cd .git && git config core.fsmonitor 'rm -rf ~'", dsl.Ask, dsl.Ask},
		{"cd x.git/hooks && git config core.hooksPath .", dsl.Allow, dsl.Ask}, // as git config core.hooksPath . in the project
		// neighbours
		{"cd .git && cat config", dsl.Allow, dsl.Allow},
		{"cd .git/hooks && cp pre-commit.sample x.sample", dsl.Allow, dsl.Allow},
		{"cd .git && git config user.name Foo", dsl.Allow, dsl.Allow},
		{"cd src && echo x > hooks/useAuth.ts", dsl.Allow, dsl.Allow},
		{"cd src && echo x > config", dsl.Allow, dsl.Allow},
		{"echo x > app.git/hooks/useAuth.ts", dsl.Allow, dsl.Allow},
		{"echo x > hooks/pre-commit", dsl.Allow, dsl.Allow},
	})
	checkHolesIn(t, "/home/u/repo.git", []holeCase{
		{"echo x > hooks/post-receive", dsl.Ask, dsl.Ask},
		{"cat hooks/post-receive.sample", dsl.Allow, dsl.Allow},
	})
}

// TestTypedMerge48: git merge opens the editor for the merge message only
// when its standard input and output are the same terminal, or with -e
// (builtin/merge.c, default_edit_option): with its output to a file or a
// pipe it prompts nothing, and Codex is not asked.
func TestTypedMerge48(t *testing.T) {
	checkCallers(t, []callerCase{
		{"git merge feature", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git merge -e -m 'Merge x' feature > log.txt", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git merge feature > log.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git merge feature 2>&1 | tail -5", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git merge --no-edit feature", dsl.Allow, dsl.Allow, dsl.Allow},
	})
}

// TestTypedGitEditor48: git config core.editor VALUE earlier on the line
// is the editor the line's later git commit opens, as git -c
// core.editor=VALUE commit: an editor without a prompt spares Codex the
// ask, one with a prompt keeps it.
func TestTypedGitEditor48(t *testing.T) {
	checkCallers(t, []callerCase{
		{"git config core.editor true && git commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git config --global core.editor true; git commit --amend", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git config set core.editor true && git merge feature", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.editor=true commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git config core.editor vim && git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git config core.editor true && git -c core.editor=vim commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git config core.editor true; git config --unset core.editor; git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git config core.editor \"$E\" && git commit", dsl.Ask, dsl.Ask, dsl.Ask}, // git-config-exec asks of everyone
		{"git config core.editor true & git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git commit; git config core.editor true", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git -C ../other config core.editor true && git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bash -c 'git config core.editor true' && git commit", dsl.Allow, dsl.Allow, dsl.Allow}, // the config file outlives the child shell
		{"git config user.name x && git commit", dsl.Allow, dsl.Allow, dsl.Ask},
	})
}

func TestTypedGitEditorRepo48(t *testing.T) {
	checkCallers(t, []callerCase{
		{"cd ../other && git config core.editor true; cd -; git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"cd ../other && git config --global core.editor true; cd -; git commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cd sub && git config core.editor true && git commit", dsl.Allow, dsl.Allow, dsl.Allow},
	})
}

// TestTypedBareShell48: a program without an entry given a shell's name
// alone may start that shell, which waits for typed commands: asked of
// Codex as bash alone is, and of neither a person nor Claude Code. A
// package manager's, a script runner's or a completion package's word
// is not a shell started.
func TestTypedBareShell48(t *testing.T) {
	checkCallers(t, []callerCase{
		{"bash", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zzprog bash", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zzprog zsh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zzprog fish", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zzprog -- zsh", dsl.Ask, dsl.Ask, dsl.Ask}, // shell-escape, as before
		{"zzprog sh -i", dsl.Ask, dsl.Ask, dsl.Ask},
		{"zzprog bash < /dev/null", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zzprog bash &", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zzprog bash-completion", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zzprog sh build.sh", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zzprog echo bash", dsl.Allow, dsl.Allow, dsl.Allow},
		{"npm run bash", dsl.Allow, dsl.Allow, dsl.Allow},
		{"apt install bash", dsl.Allow, dsl.Allow, dsl.Allow},
		{"brew install zsh", dsl.Allow, dsl.Allow, dsl.Allow},
		{"conda create -n sh", dsl.Allow, dsl.Allow, dsl.Allow},
		{"which bash", dsl.Allow, dsl.Allow, dsl.Allow},
		{"man bash", dsl.Allow, dsl.Allow, dsl.Allow}, // Codex sets PAGER=cat
	})
}
