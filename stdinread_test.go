package hguard_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestReadStaticLine: a read of one static line gives its variables the
// line, so the loop or command that uses them is judged by what it does
// with it: printing a command is not running it (lead, 2026-12-04: the
// echo loop blocked), running it is.
func TestReadStaticLine(t *testing.T) {
	checkRedTeam(t, []redTeamCase{
		{"bash", `while read l; do echo $l; done < <(echo 'rm -rf ~')`, dsl.Allow, dsl.Allow},
		{"bash", `echo 'rm -rf ~' | while read -r l; do printf '%s\n' "$l"; done`, dsl.Allow, dsl.Allow},
		{"bash", `read -r msg <<< 'git push --force'; echo "$msg"`, dsl.Allow, dsl.Allow},
		{"bash", `while read l; do $l; done < <(echo 'rm -rf ~')`, dsl.Block, dsl.Block},
		{"bash", `echo 'rm -rf /' | while read -r l; do $l; done`, dsl.Block, dsl.Block},
		{"bash", `read -r cmd <<< 'rm -rf ~/'; eval "$cmd"`, dsl.Block, dsl.Block},
		{"bash", `read a b <<< 'rm -rf /'; $a $b`, dsl.Block, dsl.Block},
		{"bash", "read x <<EOF\nrm -rf /\nEOF\n$x", dsl.Block, dsl.Block},
		{"zsh", `echo 'rm -rf /' | read l; $l`, dsl.Block, dsl.Block},
		// not modelled, so each line is judged as a command it may run
		{"bash", "while read l; do $l; done <<EOF\nls\nrm -rf /\nEOF", dsl.Block, dsl.Block},
		{"bash", `IFS=: read a b <<< 'rm:-rf /'; $a $b`, dsl.Block, dsl.Block}, // read splits on IFS=:, $b on blanks again
		{"bash", `read -d x l <<< 'rm -rf /'; $l`, dsl.Block, dsl.Block},
		{"bash", `read l <<< 'rm -rf \/'; $l`, dsl.Block, dsl.Block},
	})
}
