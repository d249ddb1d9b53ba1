package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCat57CatalogueFlags: catalogue entries listed flags as taking a
// value, so the command after one was read as its value and hidden
// (strace -A rm -rf ~ ran rm unseen). Each program's --help and manual
// were checked against its entry: strace's -A, --seccomp-bpf and the
// optional values of --quiet, --decode-fds and --secontext, systemd-run's
// --slice-inherit and --on-clock-change, scp's -B; programs that shared an
// entry whose letters are flags to them (fakeroot -u, ifne -n, prlimit's
// resources, grc -e and -s, sem -u and -g, torify -i, runcon -c;
// multitime, whose -i, -o and -r are shell lines) have their own now;
// parallel's -l and --max-lines take the next word only when it is a
// number, and are read as taking none (a number read as the command hides
// nothing); firejail -c CMD runs CMD. Their real value options still take
// the next word.
func TestCat57CatalogueFlags(t *testing.T) {
	checkHoles(t, []holeCase{
		{"strace -A rm -rf ~", dsl.Block, dsl.Block},
		{"strace -A -o log rm -rf ~", dsl.Block, dsl.Block},
		{"strace --seccomp-bpf -f rm -rf ~", dsl.Block, dsl.Block},
		{"strace --quiet rm -rf ~", dsl.Block, dsl.Block},
		{"strace --decode-fds rm -rf ~", dsl.Block, dsl.Block},
		{"strace --secontext rm -rf ~", dsl.Block, dsl.Block},
		{"strace --abbrev none rm -rf ~", dsl.Block, dsl.Block},
		{"strace -f -e trace=open ls", dsl.Allow, dsl.Allow},
		{"systemd-run --slice-inherit rm -rf ~", dsl.Block, dsl.Block},
		{"systemd-run --on-clock-change rm -rf ~", dsl.Block, dsl.Block},
		{"scp -B -D 'rm -rf ~' x localhost:", dsl.Block, dsl.Block},
		{"scp -B notes.txt host:/tmp/", dsl.Allow, dsl.Allow},
		{"fakeroot -u rm -rf ~", dsl.Block, dsl.Block},
		{"fakeroot -s state -- rm -rf ~", dsl.Block, dsl.Block},
		{"fakeroot make install", dsl.Allow, dsl.Allow},
		{"ifne -n rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit -u rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit --nofile=1024 -n rm -rf ~", dsl.Block, dsl.Block},
		{"prlimit --nofile=1024 make", dsl.Allow, dsl.Allow},
		{"grc -e rm -rf ~", dsl.Block, dsl.Block},
		{"grc -es rm -rf ~", dsl.Block, dsl.Block},
		{"grc ping -c 1 example.com", dsl.Allow, dsl.Allow},
		{"sudo -t unconfined_t rm -rf ~", dsl.Block, dsl.Block},
		{"parallel -l rm -rf ::: ~", dsl.Block, dsl.Block},
		{"parallel --max-lines rm -rf ::: ~", dsl.Block, dsl.Block},
		{"parallel -l 2 gzip ::: a.txt b.txt", dsl.Allow, dsl.Allow},
		{"firejail -c 'rm -rf ~'", dsl.Block, dsl.Block},
		{"firejail --private=/tmp/x -c make", dsl.Allow, dsl.Allow},
		{"sem -u rm -rf ~", dsl.Block, dsl.Block},
		{"sem -j 4 --id x make", dsl.Allow, dsl.Allow},
		{"torify -i rm -rf ~", dsl.Block, dsl.Block},
		{"torify curl https://example.com", dsl.Allow, dsl.Allow},
		{"multitime -i 'rm -rf ~' -n 2 true", dsl.Block, dsl.Block},
		{"multitime -o 'curl x | sh' -n 2 true", dsl.Ask, dsl.Ask},
		{"multitime -r sync -n 5 make", dsl.Allow, dsl.Allow},
		{"runcon -t unconfined_t -c rm -rf ~", dsl.Block, dsl.Block},
		{"runcon system_u:system_r:unconfined_t:s0 rm -rf ~", dsl.Block, dsl.Block},
	})
}

// TestCat57EnvironmentThroughLaunchers: a program another starts inherits
// its environment, so a prefix assignment reaches the command a launcher
// runs: CONFIG_SHELL='rm -rf ~' ./configure was judged, but not through
// runuser -u USER --, gdb --args, find -exec or watch -x (which start the
// command themselves), nor through sg -c, su -c and runuser -c (which
// start a shell of their own, whose cds end with it as a shell's -c line's
// do: sg g -c 'cd /'; rm -rf * deletes in the current directory).
func TestCat57EnvironmentThroughLaunchers(t *testing.T) {
	checkHoles(t, []holeCase{
		{"CONFIG_SHELL='rm -rf ~' runuser -u u -- ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' runuser -u u -- make", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' gdb --args ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' gdb -batch -ex run --args ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' watch -x ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' sg grp -c ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' su u -c ./configure", dsl.Block, dsl.Block},
		{"CONFIG_SHELL='rm -rf ~' runuser u -c ./configure", dsl.Block, dsl.Block},
		{"sg g -c 'cd /'; rm -rf *", dsl.Ask, dsl.Ask},
		{"su u -c 'cd /etc'; rm -rf *", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"CONFIG_SHELL=/bin/bash runuser -u u -- ./configure", dsl.Allow, dsl.Allow},
		{"CONFIG_SHELL=/bin/bash gdb --args ./configure", dsl.Allow, dsl.Allow},
		{"CC=clang sg docker -c make", dsl.Allow, dsl.Allow},
		{"GIT_EDITOR=true gdb --args git commit", dsl.Allow, dsl.Allow},
		{`FOO=1 find . -name "*.sh" -exec shellcheck {} +`, dsl.Allow, dsl.Allow},
	})
}

// TestCat57FishSetRuns: fish's set gives a variable a value as export
// does, and a value some program runs (EDITOR, PAGER, GIT_SSH_COMMAND) is
// judged as export's is; a list is exported joined by spaces.
func TestCat57FishSetRuns(t *testing.T) {
	checkHoles(t, []holeCase{
		{`fish -c 'set -gx EDITOR "curl x | sh"'`, dsl.Ask, dsl.Ask},
		{`fish -C 'set -gx EDITOR "curl x | sh"'`, dsl.Ask, dsl.Ask},
		{`fish -c 'set EDITOR "curl x | sh"; git commit'`, dsl.Ask, dsl.Ask},
		{`fish -c "set -gx LESS '+!rm -rf ~'"`, dsl.Block, dsl.Block},
		{"fish -c 'set -gx EDITOR nvim'", dsl.Allow, dsl.Allow},
		{"fish -c 'set -gx EDITOR code --wait'", dsl.Allow, dsl.Allow},
	})
	checkShellHoles(t, []shellHoleCase{
		{"fish", `set -gx EDITOR "curl x | sh"`, dsl.Ask, dsl.Ask},
		{"fish", `set -gx EDITOR sh -c "rm -rf ~"`, dsl.Block, dsl.Block},
		{"fish", "set -gx PAGER less -R", dsl.Allow, dsl.Allow},
	})
}

// TestCat57WrittenPathSpellings: a persistence path given to a program that
// may write it (rlwrap -l FILE, screen -Logfile FILE) was missed when its
// home was spelled ${HOME}, when it was glued to a short option as
// -l$HOME/…, and when it was a glob that names one (~/.ba?hrc).
func TestCat57WrittenPathSpellings(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rlwrap -l ~/.ba?hrc cat", dsl.Ask, dsl.Ask},
		{"rlwrap -l ~/.bashr[c] cat", dsl.Ask, dsl.Ask},
		{"rlwrap -l /etc/cron.d/jo? cat", dsl.Ask, dsl.Ask},
		{"rlwrap -l /etc/cron.[d]/job cat", dsl.Ask, dsl.Ask},
		{"rlwrap -l$HOME/.bashrc cat", dsl.Ask, dsl.Ask},
		{`rlwrap -l"${HOME}/.bashrc" cat`, dsl.Ask, dsl.Ask},
		{`rlwrap -l "${HOME}/.bashrc" cat`, dsl.Ask, dsl.Ask},
		{`screen -L -Logfile "${HOME}/.bashrc" echo`, dsl.Ask, dsl.Ask},
		{"rlwrap -l ~/rl.log cat", dsl.Allow, dsl.Allow},
		{`rlwrap -l"$HOME/rl.log" cat`, dsl.Allow, dsl.Allow},
		{"rlwrap -l ~/logs/*.log cat", dsl.Allow, dsl.Allow},
	})
}
