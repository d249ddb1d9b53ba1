package hguard_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// redTeamCase is a line an agent steered by a poisoned README might try,
// or the everyday line next to it, with what a person and an agent get.
type redTeamCase struct {
	shell, cmd      string
	person, asAgent dsl.Level
}

// checkRedTeam checks each case as a person at a terminal and as two
// coding agents.
func checkRedTeam(t *testing.T, tests []redTeamCase) {
	t.Helper()
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.asAgent}, {"agent", tt.asAgent}} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: tt.shell, Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%s %q with caller %q: %s, want %s (%s)", tt.shell, tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}

// TestProgramCopies: a known program copied, linked or installed under
// another name is judged as itself when that name runs (red team, evening
// of 2026-12-02: each was allowed); copies of unknown programs and
// everyday copies stay allowed.
func TestProgramCopies(t *testing.T) {
	checkRedTeam(t, []redTeamCase{
		{"bash", "cp /bin/rm /tmp/ls; /tmp/ls -rf ~", dsl.Block, dsl.Block},
		{"bash", "ln -s /bin/rm ./ls && ./ls -rf ~", dsl.Block, dsl.Block},
		{"bash", "install -m755 /usr/bin/rm ./x; ./x -rf ~", dsl.Block, dsl.Block},
		{"bash", `cp "$(command -v rm)" y; ./y -rf /`, dsl.Block, dsl.Block},
		{"bash", "cp /bin/rm a && mv a b && ./b -rf ~", dsl.Block, dsl.Block},
		{"zsh", "cp =rm y; ./y -rf ~", dsl.Block, dsl.Block},
		{"fish", "cp /bin/rm /tmp/ls; and /tmp/ls -rf ~", dsl.Block, dsl.Block},
		{"bash", "cp /bin/git ./g && ./g push --force origin main", dsl.Ask, dsl.Ask},
		{"bash", "cp /bin/ls ./bin/ && ls", dsl.Allow, dsl.Allow},
		{"bash", "ln -s ../lib x", dsl.Allow, dsl.Allow},
		{"bash", "cp ./build/app /tmp/app && /tmp/app --serve", dsl.Allow, dsl.Allow},
		{"bash", "cp /bin/ls ./l && ./l -la", dsl.Allow, dsl.Allow},
		{"bash", "ln -sf /usr/bin/python3 ./py && ./py -V", dsl.Allow, dsl.Allow},
	})
}
