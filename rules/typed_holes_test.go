package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestTypedInputCodex: Codex's exec_command keeps a command's standard
// input open (tty: true, which its hook input does not show) and its
// write_stdin tool types into it later without a PreToolUse hook (Codex's
// write_stdin handler emits none). A shell or an interpreter that runs its
// standard input, with nothing on the line feeding it, thus runs whatever
// Codex types there unchecked: exec_command bash, then write_stdin
// "rm -rf ~\n" (red team, 2026-12-05: bash and python3 were allowed for
// Codex). GitHub Copilot CLI's write_bash sends input to a command its
// bash tool left running, and is asked the same. Claude Code has no such
// tool, and a person types their own.
func TestTypedInputCodex(t *testing.T) {
	checkCallers(t, []callerCase{
		{"bash", dsl.Allow, dsl.Allow, dsl.Ask},
		{"sh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bash -i", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bash -s", dsl.Allow, dsl.Allow, dsl.Ask},
		{"/bin/sh -", dsl.Allow, dsl.Allow, dsl.Ask},
		{"zsh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"python3", dsl.Allow, dsl.Allow, dsl.Ask},
		{"python3 -i", dsl.Allow, dsl.Allow, dsl.Ask},
		{"python3 -", dsl.Allow, dsl.Allow, dsl.Ask},
		{"node", dsl.Allow, dsl.Allow, dsl.Ask},
		{"perl", dsl.Allow, dsl.Allow, dsl.Ask},
		{"irb", dsl.Allow, dsl.Allow, dsl.Ask},
		{"cd /tmp && exec bash", dsl.Allow, dsl.Ask, dsl.Ask},
		{"env FOO=1 bash", dsl.Ask, dsl.Ask, dsl.Ask},
		// fed on the line, or given a script or code: read as before
		{"echo 'echo hi' | bash", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bash <<< 'echo hi'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 - <<'EOF'\nprint(1)\nEOF", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bash -c 'echo hi'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bash build.sh", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 main.py", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 -c 'print(1)'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 -m pytest", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node index.js", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node -v", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --run build", dsl.Allow, dsl.Allow, dsl.Allow},
		{"perl -v", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ruby -v", dsl.Allow, dsl.Allow, dsl.Allow},
		{"php -v", dsl.Allow, dsl.Allow, dsl.Allow},
		{"php -m", dsl.Allow, dsl.Allow, dsl.Allow},
		{"php -S localhost:8000 -t public", dsl.Allow, dsl.Allow, dsl.Allow},
		{"php -a", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ipython", dsl.Allow, dsl.Allow, dsl.Ask},
		{"bash --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"zsh --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 -V", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 -m http.server 8000", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --inspect src/index.js", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 -c 'import os; os.system(\"bash\")'", dsl.Ask, dsl.Ask, dsl.Ask},
		{"python3 < input.py", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bash < /dev/null", dsl.Allow, dsl.Allow, dsl.Allow},
		{"python3 < /dev/null", dsl.Allow, dsl.Allow, dsl.Allow},
		// in the background a shell's standard input is /dev/null
		{"python3 &", dsl.Allow, dsl.Allow, dsl.Allow},
		// what is typed into it already is asked on its own
		{"echo 'rm -rf ~/x' | bash", dsl.Ask, dsl.Ask, dsl.Ask},
		// a program whose prompt or screen takes commands that run programs
		// (typed44, 2026-12-05: less README.md in a tty, then write_stdin
		// "!touch x", ran the touch): less's !, vim's :!, psql's \!,
		// sqlite3's .shell, gdb's shell, ftp's !
		{"less README.md", dsl.Allow, dsl.Allow, dsl.Ask},
		{"more notes.txt", dsl.Allow, dsl.Allow, dsl.Ask},
		{"vim main.go", dsl.Allow, dsl.Allow, dsl.Ask},
		{"vi", dsl.Allow, dsl.Allow, dsl.Ask},
		{"emacs -nw notes.org", dsl.Allow, dsl.Allow, dsl.Ask},
		{"psql", dsl.Allow, dsl.Allow, dsl.Ask},
		{"psql -h localhost -U app appdb", dsl.Allow, dsl.Allow, dsl.Ask},
		{"psql postgres://app@localhost/appdb", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mysql -u root app", dsl.Allow, dsl.Allow, dsl.Ask},
		{"sqlite3 app.db", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb -ex run ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"lldb ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"mongosh mongodb://localhost/app", dsl.Allow, dsl.Allow, dsl.Ask},
		{"sftp deploy@files.example.com", dsl.Allow, dsl.Allow, dsl.Ask},
		{"ed notes.txt", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gnuplot", dsl.Allow, dsl.Allow, dsl.Ask},
		{"cd docs && less README.md", dsl.Allow, dsl.Allow, dsl.Ask},
		// run without their prompt: code given, input fed, output piped,
		// in the background, or only printing their version
		{"psql -c 'select count(*) from users'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"psql -h localhost -d app -f schema.sql", dsl.Allow, dsl.Allow, dsl.Allow},
		{"psql -l", dsl.Allow, dsl.Allow, dsl.Allow},
		{"psql --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"psql app < schema.sql", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mysql -u root -e 'show databases'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mysql --execute='select 1' app", dsl.Allow, dsl.Allow, dsl.Allow},
		{"sqlite3 app.db '.tables'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"sqlite3 app.db 'select count(*) from users;'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo '.schema' | sqlite3 app.db", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gdb -batch -ex bt ./a.out core", dsl.Allow, dsl.Allow, dsl.Allow},
		{"lldb -b -o run -- ./prog", dsl.Allow, dsl.Allow, dsl.Allow},
		{"emacs --batch -l ert -l tests.el -f ert-run-tests-batch-and-exit", dsl.Allow, dsl.Allow, dsl.Allow},
		{"less README.md | head -20", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git diff | less", dsl.Allow, dsl.Allow, dsl.Allow},
		{"vim --version", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gnuplot plot.gp", dsl.Allow, dsl.Allow, dsl.Allow},
		{"mongosh --eval 'db.users.countDocuments()'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"sftp -b upload.txt deploy@files.example.com", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cat README.md", dsl.Allow, dsl.Allow, dsl.Allow},
		// code that ends the program before its prompt
		{"vim -c 'set ff=unix' -c wq script.sh", dsl.Allow, dsl.Allow, dsl.Allow},
		{"vim +'%s/foo/bar/g' +wq notes.txt", dsl.Allow, dsl.Allow, dsl.Allow},
		{"ex -sc '%s/foo/bar/g|x' src/app.py", dsl.Allow, dsl.Allow, dsl.Allow},
		{"nvim --headless '+Lazy! sync' +qa", dsl.Allow, dsl.Allow, dsl.Allow},
		{"gdb -ex run -ex bt -ex quit ./a.out", dsl.Allow, dsl.Allow, dsl.Ask}, // quit asks y/n while a.out lives (typed45)
		{"vim -c 'set ff=unix' script.sh", dsl.Allow, dsl.Allow, dsl.Ask},
		{"gdb -ex run ./a.out", dsl.Allow, dsl.Allow, dsl.Ask},
		{"vim ~/.tmux.conf", dsl.Allow, dsl.Allow, dsl.Ask},
		{"lftp -e 'mirror site ./site; bye' ftp.example.com", dsl.Allow, dsl.Allow, dsl.Allow},
		{"lftp -e 'mirror site ./site' ftp.example.com", dsl.Allow, dsl.Allow, dsl.Ask},
	}, "copilot", "agent")
}

// callerCase is a line with what a person, Claude Code and Codex get.
type callerCase struct {
	cmd                   string
	person, claude, codex dsl.Level
}

// checkCallers checks each case as a person, as Claude Code, and as Codex,
// whose hook judges a line as bash and zsh read it (AlsoShell); the more
// callers (Copilot CLI, an agent of unknown kind) get Codex's level, read
// as bash.
func checkCallers(t *testing.T, cases []callerCase, more ...string) {
	t.Helper()
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range cases {
		type call struct {
			caller string
			want   dsl.Level
		}
		calls := []call{{"", tt.person}, {"claude-code", tt.claude}, {"codex", tt.codex}}
		for _, m := range more {
			calls = append(calls, call{m, tt.codex})
		}
		for _, c := range calls {
			req := hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller}
			if c.caller == "codex" {
				req.AlsoShell = "zsh" // as cmd/hguard's hook asks for Codex
			}
			if v := g.Check(req); v.Level != c.want {
				t.Errorf("%q with caller %q: %s, want %s (%s)", tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}
