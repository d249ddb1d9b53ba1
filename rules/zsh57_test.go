package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestZsh57: zsh's flags, subscripts and modifiers and fish's list
// indexes of a value the line set are computed, so the word is judged as
// the value it expands to (session 57, 2026-12-06: X=~; rm -rf ${X:a} was
// an ask, X=$HOME/.aws/credentials; cat ${X:A} allowed). zsh's glob
// alternatives are judged one path each. Forms whose value is not known
// (a subscript of the home's own spelling, an index past the end) stay
// unknown; everyday uses of them stay allowed.
func TestZsh57(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		// modifiers
		{"zsh", "X=~; rm -rf ${X:a}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${X:A}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${X:l}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${X:u}", dsl.Block, dsl.Block},
		{"zsh", "X=~/x; rm -rf ${X:h}", dsl.Block, dsl.Block},
		{"zsh", "X=/x/~; rm -rf ${X:t}", dsl.Block, dsl.Block},
		{"zsh", "X=~/x.d; rm -rf ${X:r:h}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${X:q}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${X:Q}", dsl.Block, dsl.Block},
		{"zsh", "X=~/x; rm -rf ${X:a:h}", dsl.Block, dsl.Block},
		{"zsh", "X=~/x/..; rm -rf ${X:a}", dsl.Block, dsl.Block},
		{"zsh", "X=$HOME/.aws/credentials; cat ${X:A}", dsl.Ask, dsl.Ask},
		{"zsh", "X=$HOME/.aws/credentials.bak; cat ${X:r}", dsl.Ask, dsl.Ask},
		{"zsh", "X=$HOME/.aws/credentials/x; cat ${X:h}", dsl.Ask, dsl.Ask},
		{"zsh", "X=~/.AWS/CREDENTIALS; cat ${X:l}", dsl.Ask, dsl.Ask},
		{"zsh", "cat ${HOME:a}/.aws/credentials", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf ${HOME:A}", dsl.Block, dsl.Block},
		{"zsh", "rm -rf ${${HOME}:a}", dsl.Block, dsl.Block},
		{"zsh", "rm -rf ${HOME:h:h}", dsl.Block, dsl.Block},
		{"zsh", "cd ${HOME:a}/proj && ls", dsl.Allow, dsl.Allow},
		// flags
		{"zsh", "X=~; rm -rf ${(L)X}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${(U)X}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${(C)X}", dsl.Block, dsl.Block},
		{"zsh", "X=~; rm -rf ${(Q)X}", dsl.Block, dsl.Block},
		{"zsh", "X='x ~'; rm -rf ${(s: :)X}", dsl.Block, dsl.Block},
		{"zsh", "X='$HOME'; rm -rf ${(e)X}", dsl.Block, dsl.Block},
		{"zsh", `X=rm,-rf,~; "${(s:,:)X}"`, dsl.Block, dsl.Block},
		{"zsh", `A=(x ~); rm -rf "${(@)A:a}"`, dsl.Block, dsl.Block},
		{"zsh", "R=X; X=~; rm -rf ${(P)R}", dsl.Block, dsl.Block},
		{"zsh", "R=HOME; rm -rf ${(P)R}", dsl.Block, dsl.Block},
		{"zsh", "R=HOME; cat ${(P)R}/.aws/credentials", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf ${(L)HOME}", dsl.Block, dsl.Block},
		{"zsh", "X=RM; ${(L)X} -rf ~/x", dsl.Ask, dsl.Ask},
		{"zsh", "X=~; rm -rf ${(U)${X}}", dsl.Block, dsl.Block},
		{"zsh", "X='~/.aws/cred*'; cat ${~X}", dsl.Ask, dsl.Ask},
		// subscripts: zsh counts from 1
		{"zsh", "X=x~; rm -rf ${X[2,-1]}", dsl.Block, dsl.Block},
		{"zsh", "X=x~; rm -rf $X[2,-1]", dsl.Block, dsl.Block},
		{"zsh", "A=(x ~); rm -rf $A[2]", dsl.Block, dsl.Block},
		{"zsh", "A=(x ~); rm -rf ${A[-1]}", dsl.Block, dsl.Block},
		{"zsh", "A=(x ~); rm -rf $A[2,-1]", dsl.Block, dsl.Block},
		{"zsh", "A=(x ~); rm -rf ${A[1]}", dsl.Ask, dsl.Ask},
		{"zsh", "A=(x ~); rm -rf ${(j: :)A}", dsl.Ask, dsl.Ask}, // one word, "x ~"
		{"zsh", "A=(x ~); A[2]=y; rm -rf ${A[-1]}", dsl.Ask, dsl.Ask},
		{"zsh", "X=~/x; rm -rf ${X[1,3]}", dsl.Ask, dsl.Ask},
		{"zsh", "f() { rm -rf $argv[2] }; f x ~", dsl.Block, dsl.Block},
		{"zsh", "f() { rm -rf ${@[-1]:a} }; f x ~", dsl.Block, dsl.Block},
		{"zsh", "set -- x ~; shift; rm -rf $argv[1]", dsl.Block, dsl.Block},
		{"zsh", "f() { argv[2]=y; rm -rf $argv[2] }; f x ~", dsl.Ask, dsl.Ask},
		// glob alternatives
		{"zsh", "rm -rf ~/(.ssh|x)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf ~/(x|)", dsl.Block, dsl.Block},
		{"zsh", "cat ~/.aws/(config|credentials)", dsl.Ask, dsl.Ask},
		{"zsh", "cat ~/.aws/credentials(N)", dsl.Ask, dsl.Ask},
		{"zsh", "cat ~/.aws/credentials(.)", dsl.Ask, dsl.Ask},
		// everyday
		{"zsh", "F=src/main.go; echo ${F:t:r}", dsl.Allow, dsl.Allow},
		{"zsh", "F=src/main.go; ls ${F:h}", dsl.Allow, dsl.Allow},
		{"zsh", "ls src/(a|b)/*.go", dsl.Allow, dsl.Allow},
		{"zsh", "ls (docs|tests) src/(test|e2e)", dsl.Allow, dsl.Allow},
		{"zsh", "ls *(e:'rm -rf ~ || true':)", dsl.Block, dsl.Block},
		{"zsh", "A=(a b c); echo ${(j:,:)A} $A[2,-1]", dsl.Allow, dsl.Allow},
		// fish's list indexes count from 1
		{"fish", "set a x ~; rm -rf $a[2..]", dsl.Block, dsl.Block},
		{"fish", "set a x ~; rm -rf $a[-1]", dsl.Block, dsl.Block},
		{"fish", "set a x ~; rm -rf $a[2..-1]", dsl.Block, dsl.Block},
		{"fish", "set a x ~; rm -rf \"$a[2]\"", dsl.Block, dsl.Block},
		{"fish", "set a x ~; rm -rf $a[1]", dsl.Ask, dsl.Ask},
		{"fish", "set a x y; set a[2] ~; rm -rf $a[2]", dsl.Ask, dsl.Ask},
		{"fish", "set a x y; set -a a ~; rm -rf $a[3]", dsl.Ask, dsl.Ask},
		{"fish", "function fish_command_not_found; rm -rf $argv[2..]; end; zz x ~", dsl.Block, dsl.Block},
		{"fish", "function f; rm -rf $argv[2]; end; f x ~", dsl.Block, dsl.Block},
		{"fish", "set files a.go b.go; echo $files[1]", dsl.Allow, dsl.Allow},
		// fish's string of known words
		{"fish", "set X ~; rm -rf (string lower $X)", dsl.Block, dsl.Block},
		{"fish", "set X RM; (string lower $X) -rf ~", dsl.Block, dsl.Block},
		{"fish", "set X ~/xproj; rm -rf (string replace xproj '' $X)", dsl.Block, dsl.Block},
		{"fish", "set X ~/.AWS/CREDENTIALS; cat (string lower $X)", dsl.Ask, dsl.Ask},
		{"fish", "set X ~/.aws/credentialsXX; cat (string replace -a X '' $X)", dsl.Ask, dsl.Ask},
		{"fish", "set b (string lower Main); git checkout $b", dsl.Allow, dsl.Allow},
	})
}
