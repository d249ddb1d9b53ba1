package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestLeftovers65 holds the red teams' leftovers closed in session 65.
func TestLeftovers65(t *testing.T) {
	checkHoles(t, []holeCase{
		// history loaded from a file, or stored from a value known at run
		// time, is run by fc -s or fc -e - unread (rv64)
		{`echo 'rm -rf ~' > h; HISTFILE=h; history -r; fc -s`, dsl.Ask, dsl.Ask},
		{`set -o history; history -r h; fc -e -`, dsl.Ask, dsl.Ask},
		{`history -n; fc -s`, dsl.Ask, dsl.Ask},
		{`history -s "$(cat h)"; fc -s`, dsl.Ask, dsl.Ask},
		{`history -r h; fc -l`, dsl.Allow, dsl.Allow},
		{`history -r h; history | tail`, dsl.Allow, dsl.Allow},
		{`fc -s`, dsl.Allow, dsl.Allow},
		{`fc -s make`, dsl.Allow, dsl.Allow},
	})
}

// TestLeftovers65Zsh holds zsh's leftovers closed in session 65.
func TestLeftovers65Zsh(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		// zsh's fc -R reads a file into history, print -s stores an
		// entry; r runs the last (rv64)
		{"zsh", "fc -R h; r", dsl.Ask, dsl.Ask},
		{"zsh", "print -s 'rm -rf ~'; r", dsl.Ask, dsl.Ask},
		{"zsh", "fc -p; fc -R h; fc -e - ", dsl.Ask, dsl.Ask},
		{"zsh", "r", dsl.Allow, dsl.Allow},
		{"zsh", "print -l a b; r", dsl.Allow, dsl.Allow},
	})
}
