package rules_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// holeCase is a red-team bypass (or the everyday line beside it) with what
// a person at a terminal and a coding agent get, run in /home/u/proj.
type holeCase struct {
	cmd             string
	person, asAgent dsl.Level
}

func checkHoles(t *testing.T, tests []holeCase) {
	t.Helper()
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.asAgent}} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%q with caller %q: %s, want %s (%s)", tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}

// TestHomeDeleteSpellings: a home spelled as another user's tilde-prefix,
// as ~$USER or as a glob whose matches include it is deleted as surely as
// ~ (red team, 2026-12-03: each was only asked).
func TestHomeDeleteSpellings(t *testing.T) {
	checkHoles(t, []holeCase{
		{"rm -rf ~u", dsl.Block, dsl.Block},
		{"rm -rf ~u/", dsl.Block, dsl.Block},
		{"rm -rf ~$USER", dsl.Block, dsl.Block},
		{"rm -rf /hom[e]/u", dsl.Block, dsl.Block},
		{"rm -rf /*/u", dsl.Block, dsl.Block},
		{"rm -rf ./build", dsl.Ask, dsl.Ask},
		{"rm -rf ~/proj/build", dsl.Ask, dsl.Ask},
		{"rm -rf /home/u/proj/tmp", dsl.Ask, dsl.Ask},
		{"rm -rf ~u/proj/tmp", dsl.Ask, dsl.Ask},
	})
}
