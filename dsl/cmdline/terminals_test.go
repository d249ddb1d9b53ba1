package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestScreenCommand: what screen -X makes a running session do.
func TestScreenCommand(t *testing.T) {
	for _, tt := range []struct {
		line string
		want string // a command it runs, as "name args"; "" for none but screen
	}{
		{`screen -S x -X stuff "rm -rf ~\n"`, "rm -rf ~"},
		{`screen -S x -p 0 -X stuff 'rm -rf /^M'`, "rm -rf /"},
		{`screen -X exec rm -rf ~`, "rm -rf ~"},
		{`screen -X exec !..| rm -rf ~`, "rm -rf ~"},
		{`screen -X screen -t w bash -c 'rm -rf ~'`, "rm -rf ~"},
		{`screen -X eval 'stuff "rm -rf ~\n"'`, "rm -rf ~"},
		{`screen -X eval 'select 1' 'exec rm -rf /'`, "rm -rf /"},
		{`screen -X quit`, ""},
		{`screen -ls`, ""},
		{`screen -X stuff "$CMD"`, "dynamic"},
		{`screen -X -S x stuff 'rm -rf ~\n'`, "rm -rf ~"},
		{`screen -S x -X -p 0 stuff 'rm -rf ~\n'`, "rm -rf ~"},
		{`screen -S x -X at 0 stuff 'rm -rf ~\n'`, "rm -rf ~"},
		{`screen -S x -X colon 'exec sh -c "rm -rf ~"'`, "rm -rf ~"},
		{`screen -S x -X register a 'rm -rf ~\n'`, "rm -rf ~"},
		{`screen -dmS x`, ""},
	} {
		var ran []string
		for _, c := range ParseShell(tt.line, "bash").Commands {
			switch {
			case c.Dynamic:
				ran = append(ran, "dynamic")
			case c.Name != "screen":
				ran = append(ran, strings.TrimSpace(c.Name+" "+strings.Join(wordValues(c.Args), " ")))
			}
		}
		if tt.want == "" && len(ran) > 0 || tt.want != "" && !slices.Contains(ran, tt.want) {
			t.Errorf("%q: ran %q, want %q", tt.line, ran, tt.want)
		}
	}
}
