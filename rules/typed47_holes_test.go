package rules_test

import (
	"testing"

	hguard "github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestTyped47: the gaps typed46 left in typed-input-agent (docs/
// integration.md, "Not asked yet (typed46)"). Codex types into a command
// it started in a tty (write_stdin) where no hook sees it; it sets
// PAGER, GIT_PAGER and GH_PAGER to cat and no editor. Each class is
// listed with the everyday neighbours that run without a prompt.
func TestTyped47(t *testing.T) {
	checkCallers(t, []callerCase{
		// Midnight Commander given its directories; MinIO's mc takes a
		// subcommand first
		{"mc ~/src", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mc /etc /var/log", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mc -b .", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mc", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mc ls play/bucket", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc cp ./report.csv local/reports/", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc alias list", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc --json ls local/", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc admin info local", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc mb local/backups", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mc --version", dsl.Allow, dsl.Allow, dsl.Allow},
		// a pager or an editor exported earlier on the line: a program
		// reading it pages or edits through it
		{"export GIT_PAGER=less; git log", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export MANPAGER=less && man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export PAGER=less; man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export GH_PAGER=less; gh pr view 12", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export MANOPT='-P less'; man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"MANOPT='-P less' man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export GIT_EDITOR=vim; git commit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export EDITOR=vim; gh pr create", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git -c core.editor=vim commit", dsl.Allow, dsl.Allow, dsl.Ask},
		// … not where the program reads another variable first (Codex's
		// GIT_PAGER=cat), nor a program that pages nothing, nor a pager
		// or an editor without a prompt, nor one exported after it
		{"export PAGER=less; git log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export PAGER=less; ls -la", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export EDITOR=vim; ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export EDITOR=vim; git status", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export MANPAGER=cat; man ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_PAGER=cat; git log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export MANOPT='-P cat'; man ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git log; export GIT_PAGER=less", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_EDITOR=true; git commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_EDITOR=true && git rebase --continue", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.editor=true commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.editor=: rebase --continue", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -c core.editor=vim commit -m wip", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_PAGER=less; git log > log.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		// a second subcommand that opens the editor or asks its questions
		{"git notes add", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git notes add HEAD~1", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git notes edit", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git notes append", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git notes --ref=review add", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git notes add -m 'Reviewed-by: dev'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git notes add -F note.txt HEAD", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git notes add -C 3f2a1b7", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git notes append -m 'Tested-by: ci'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git notes list", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git notes show HEAD", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr create", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gh pr create --title 'Fix login'", dsl.Allow, dsl.Allow, dsl.Ask}, // asks for the body
		{"gh pr create --base main --draft", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gh issue create", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gh pr create --fill", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr create --title 'Fix login' --body 'Closes #12'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr create -t 'Fix login' -b 'Closes #12'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr create -t 'Fix login' -F body.md", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr create --web", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh issue create --title 'Crash on start' --body 'Steps: run it'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr list", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr view 12", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh issue list --state open", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gh pr checks", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git send-email --compose 0001-fix.patch", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git send-email --to dev@example.com 0001-fix.patch", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git commit --fixup amend:HEAD~1", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git commit --fixup reword:HEAD~2", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git commit --fixup HEAD~1", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git commit --fixup=abc1234", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull --no-rebase", dsl.Allow, dsl.Allow, dsl.Ask}, // a merge commit where the branches diverged
		{"git pull --no-ff origin main", dsl.Allow, dsl.Allow, dsl.Ask},
		{"git pull", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull origin main", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull --rebase", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull --ff-only", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull --no-rebase --no-edit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git pull --no-rebase origin main > pull.log", dsl.Allow, dsl.Allow, dsl.Allow}, // git edits a merge message only with its input and output a terminal
		// ssh's RemoteCommand is the command run on the remote host, as
		// ssh HOST CMD runs it; RemoteCommand none is the login shell
		{"ssh -o RemoteCommand='rm -rf ~' web1", dsl.Block, dsl.Block, dsl.Block},
		{"ssh -oRemoteCommand='rm -rf ~' web1", dsl.Block, dsl.Block, dsl.Block},
		{"ssh -o 'RemoteCommand rm -rf ~' web1", dsl.Block, dsl.Block, dsl.Block},
		{"ssh -o remotecommand='rm -rf ~' -t web1", dsl.Block, dsl.Block, dsl.Block},
		{"ssh web1 'rm -rf ~'", dsl.Block, dsl.Block, dsl.Block},
		{"ssh -o RemoteCommand=uptime web1", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh -o RemoteCommand='tail -n 50 /var/log/app.log' web1", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh -o RemoteCommand=none web1", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ssh -o ConnectTimeout=5 web1 uptime", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ssh web1", dsl.Allow, dsl.Allow, dsl.Ask},
		{"printf 'Host x\\n  HostName web1\\n  RemoteCommand rm -rf ~\\n' > cfg; ssh -F cfg x", dsl.Block, dsl.Block, dsl.Block},
		{"printf 'Host x\\n  HostName web1\\n  RemoteCommand uptime\\n' > cfg; ssh -F cfg x", dsl.Allow, dsl.Allow, dsl.Allow},
		// GNU parallel: its --ssh program and the command it runs on
		// -S hosts, and a script whose #! line is parallel
		{"parallel -S web1,web2 'rm -rf ~' ::: a", dsl.Block, dsl.Block, dsl.Block},
		{"parallel --sshlogin web1 rm -rf ~ ::: a", dsl.Block, dsl.Block, dsl.Block},
		{"parallel --ssh 'rm -rf ~;' -S web1 echo ::: a", dsl.Block, dsl.Block, dsl.Block},
		{"parallel -S web1,web2 gzip ::: a.log b.log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"parallel --ssh 'ssh -p 2222' -S web1 gzip ::: a.log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"printf '#!/usr/bin/parallel --shebang-wrap /bin/sh\\nrm -rf ~\\n' > x.sh; chmod +x x.sh; ./x.sh a b", dsl.Block, dsl.Block, dsl.Block},
		{"printf '#!/usr/bin/parallel --shebang-wrap /usr/bin/python3\\nimport shutil, os\\nshutil.rmtree(os.path.expanduser(\"~\"))\\n' > x.py; chmod +x x.py; ./x.py a", dsl.Block, dsl.Block, dsl.Block},
		{"printf '#!/usr/bin/parallel --shebang -r\\nrm -rf ~\\n' > jobs; chmod +x jobs; ./jobs", dsl.Block, dsl.Block, dsl.Block},
		{"printf '#!/usr/bin/parallel --shebang-wrap /bin/sh\\necho \"$1\"\\n' > x.sh; chmod +x x.sh; ./x.sh a b", dsl.Allow, dsl.Allow, dsl.Allow},
		{"printf '#!/usr/bin/parallel --shebang -r\\necho a\\necho b\\n' > jobs; chmod +x jobs; ./jobs", dsl.Allow, dsl.Allow, dsl.Allow},
		{"printf '#!/usr/bin/parallel --shebang -r rm -rf\\n~\\n' > jobs; chmod +x jobs; ./jobs", dsl.Ask, dsl.Ask, dsl.Ask}, // as parallel rm -rf :::: jobs: the lines are data
		{"printf '#!/usr/bin/parallel --shebang -r gzip -k\\napp.log\\n' > jobs; chmod +x jobs; ./jobs", dsl.Allow, dsl.Allow, dsl.Allow},
	}, "copilot", "agent")
}

// TestTyped47Session: a pager or an editor an earlier command of the
// session exported (Verdict.Exports) is the one a later command reads.
func TestTyped47Session(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		earlier, cmd          string
		person, claude, codex dsl.Level
	}{
		{"export GIT_PAGER=less", "git log", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export MANPAGER=less", "man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export MANOPT='-P less'", "man ls", dsl.Allow, dsl.Allow, dsl.Ask},
		{"export GIT_EDITOR=true", "git commit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_PAGER=less", "git status -s > s.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export PAGER=less", "git log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export PAGER=less", "ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export EDITOR=vim", "ls", dsl.Allow, dsl.Allow, dsl.Allow},
		{"export GIT_PAGER=less", "GIT_PAGER=cat git log", dsl.Allow, dsl.Allow, dsl.Allow},
	} {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.claude}, {"codex", tt.codex}, {"copilot", tt.codex}} {
			first := g.Check(hguard.Request{Command: tt.earlier, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller})
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller, Exports: first.Exports()})
			if v.Level != c.want {
				t.Errorf("%q after %q with caller %q: %s, want %s (%s)", tt.cmd, tt.earlier, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}

// TestTyped47Written: a script an earlier command of the session wrote
// whose #! line is GNU parallel's, and an ssh configuration with a
// RemoteCommand, read as on the line that wrote them.
func TestTyped47Written(t *testing.T) {
	checkSession(t, nil, []sessionCase{
		{"shebang-wrap sh", map[string]string{"x.sh": "#!/usr/bin/parallel --shebang-wrap /bin/sh\nrm -rf ~\n"}, "./x.sh a b", dsl.Block},
		{"shebang-wrap sh, everyday", map[string]string{"x.sh": "#!/usr/bin/parallel --shebang-wrap /bin/sh\necho \"$1\"\n"}, "./x.sh a b", dsl.Allow},
		{"shebang lines", map[string]string{"jobs": "#!/usr/bin/parallel --shebang -r\nrm -rf ~\n"}, "./jobs", dsl.Block},
		{"shebang command", map[string]string{"jobs": "#!/usr/bin/parallel --shebang -r rm -rf\n~\n"}, "./jobs", dsl.Ask},
		{"shebang command, everyday", map[string]string{"jobs": "#!/usr/bin/parallel --shebang -r gzip -k\napp.log\n"}, "./jobs", dsl.Allow},
		{"ssh RemoteCommand", map[string]string{"ssh.cfg": "Host x\n  HostName web1\n  RemoteCommand rm -rf ~\n"}, "ssh -F ssh.cfg x", dsl.Block},
		{"ssh RemoteCommand, everyday", map[string]string{"ssh.cfg": "Host x\n  HostName web1\n  RemoteCommand uptime\n"}, "ssh -F ssh.cfg x", dsl.Allow},
	})
}
