package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGlob63Globs: a glob the shell expands to a path the rules know is
// judged as that path (the paths the rules' conditions and the path
// predicates name, the line's own paths, zsh's **); a glob over every
// file of a kind, a relative one and a harmless command stay allowed.
func TestGlob63Globs(t *testing.T) {
	checkHoles(t, []holeCase{
		// risky: a glob spelling a path a rule names
		{`echo x > /home/u/.terraform?c`, dsl.Allow, dsl.Ask},
		{`echo 0 > /proc/sys/kernel/ra*e`, dsl.Ask, dsl.Ask},
		{`usermod -s /bin/fa*e root`, dsl.Ask, dsl.Ask},
		{`cat ~/.ss?/id_*`, dsl.Ask, dsl.Ask},
		{`git add /home/u/proj/.e?v`, dsl.Ask, dsl.Ask},
		{`cat payload > /dev/km?m`, dsl.Block, dsl.Block},
		{`echo 'system("/bin/sh")' > /tmp/b.rb; byebug --no-stop /tmp/b.?b`, dsl.Ask, dsl.Ask},
		// everyday twins
		{`usermod -s /bin/ba*h root`, dsl.Allow, dsl.Allow},
		{`ls *.go`, dsl.Allow, dsl.Allow},
		{`cat src/*.ts`, dsl.Allow, dsl.Allow},
		{`rm -rf build/*`, dsl.Allow, dsl.Allow},
		{`cp dist/* /var/www/`, dsl.Allow, dsl.Allow},
		{`grep foo ~/notes/*.md`, dsl.Allow, dsl.Allow},
		{`ls ~/.ssh/*.pub`, dsl.Allow, dsl.Allow},
		{`cat ~/.ssh/*.pub`, dsl.Allow, dsl.Allow},
		{`chmod 600 ~/.ssh/id_*`, dsl.Allow, dsl.Allow},
		{`ls ~/.ss?/id_*`, dsl.Allow, dsl.Allow},
		{`ls /etc/*.conf`, dsl.Allow, dsl.Allow},
		{`tail -f /var/log/*.log`, dsl.Allow, dsl.Allow},
		{`du -sh ~/*`, dsl.Allow, dsl.Allow},
		{`ls -d ~/.*`, dsl.Allow, dsl.Allow},
		{`cat /tmp/co*g`, dsl.Allow, dsl.Allow},
	})
	checkShellHoles(t, []shellHoleCase{
		{"zsh", `cat /etc/**/shadow(.)`, dsl.Ask, dsl.Ask},
		{"zsh", `echo x > /home/u/.terraform?c`, dsl.Allow, dsl.Ask},
		{"zsh", `ls ~/**/id_rsa`, dsl.Allow, dsl.Allow},
		{"zsh", `cat ~/**/*.md`, dsl.Allow, dsl.Allow},
		{"fish", `usermod -s /bin/fa*e root`, dsl.Ask, dsl.Ask},
		{"fish", `cat /home/u/.aws/cr*s`, dsl.Ask, dsl.Ask},
		{"fish", `ls ~/src/*.go`, dsl.Allow, dsl.Allow},
		{"fish", `cat ~/.ssh/*.pub`, dsl.Allow, dsl.Allow},
	})
}
