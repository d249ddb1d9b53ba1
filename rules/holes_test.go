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

// TestGitSecrets: a secret file given to git as a message file or staged
// through a work tree set elsewhere (red team, 2026-12-03: each was
// allowed for an agent).
func TestGitSecrets(t *testing.T) {
	checkHoles(t, []holeCase{
		{"git commit --allow-empty -F ../.ssh/id_rsa", dsl.Ask, dsl.Ask},
		{"git commit --allow-empty -F ../.aws/credentials", dsl.Ask, dsl.Ask},
		{"git tag -a v1 -F ~/.ssh/id_rsa", dsl.Ask, dsl.Ask},
		{"git notes add -F ~/.ssh/id_rsa", dsl.Ask, dsl.Ask},
		{"git --work-tree=.. add -f .ssh/id_rsa", dsl.Allow, dsl.Ask},
		{"git --work-tree=.. add -f .aws/credentials", dsl.Allow, dsl.Ask},
		{"GIT_WORK_TREE=~ git add .ssh/id_rsa", dsl.Allow, dsl.Ask},
		{"GIT_WORK_TREE=~ git add .kube/config", dsl.Allow, dsl.Ask},
		{"git commit -F ../msg.txt", dsl.Allow, dsl.Allow},
		{"git tag -a v1 -F CHANGES.md", dsl.Allow, dsl.Allow},
		{"git --work-tree=.. add proj/main.go", dsl.Allow, dsl.Allow},
		{"git add config go/token", dsl.Allow, dsl.Allow},
	})
}
