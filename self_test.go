package hguard_test

import (
	"testing"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestSelfProtectionByCaller: what could switch hguard off is asked at a
// terminal and blocked when an agent asks; hguard's approving subcommands
// are blocked for agents only, and a person may run them.
func TestSelfProtectionByCaller(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd             string
		person, asAgent dsl.Level
	}{
		{"echo x > ~/.hguard/config.yaml", dsl.Ask, dsl.Block},
		{"export HGUARD_DISABLE=1", dsl.Ask, dsl.Block},
		{"HGUARD_YOLO=1 git push --force", dsl.Ask, dsl.Block},
		{"pkill hguard", dsl.Ask, dsl.Block},
		{"claude --dangerously-skip-permissions", dsl.Ask, dsl.Block},
		{"echo '{}' > .cursor/hooks.json", dsl.Ask, dsl.Block},
		{"hguard approve --all --scope always", dsl.Allow, dsl.Block},
		{"hguard yolo on --session cc-2", dsl.Allow, dsl.Block},
		{"hguard pending", dsl.Allow, dsl.Allow},
		{"cat ~/.hguard/config.yaml", dsl.Allow, dsl.Allow},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			caller string
			want   dsl.Level
		}{{"", tt.person}, {"claude-code", tt.asAgent}, {"codex", tt.asAgent}} {
			v := g.Check(hguard.Request{Command: tt.cmd, Cwd: "/home/u/proj", Shell: "bash", Caller: c.caller})
			if v.Level != c.want {
				t.Errorf("%q with caller %q: %s, want %s (%s)", tt.cmd, c.caller, v.Level, c.want, v.Reasons())
			}
		}
	}
}
