package cmdline

import (
	"slices"
	"testing"
)

// TestUnknownLauncher: a program hguard knows nothing about may run the
// known command its operands spell; its own subcommands and options emit
// nothing.
func TestUnknownLauncher(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"memcheck --leak-check=full rm -rf ~", "rm -rf ~ wr=memcheck[]"},
		{"foo /bin/rm -rf ~", "rm -rf ~ wr=foo[]"},
		{"foo bash -c 'rm -rf ~'", "bash -c rm -rf ~ wr=foo[]"},
		{"aws-vault exec prof -- terraform destroy", "terraform destroy wr=aws-vault[]"},
		{"foo -- git push --force", "git push --force wr=foo[]"},
		{"mytool deploy prod", ""},          // its own subcommand
		{"mytool run rm -rf ~", ""},         // only the first operand is a candidate
		{"foo rm", ""},                      // a name without arguments
		{"foo a b c d e f g h i j k l", ""}, // no search along the words
		{"go env GOPATH", ""},               // not a program hguard knows
		{"dotenv -e .env.local -- npm run dev", "npm run dev wr=dotenv[]"},
		{"foo $X -rf ~", ""},  // unknown operand
		{"echo rm -rf ~", ""}, // echo prints its words
	} {
		line := Parse(tt.in)
		var got []string
		for _, c := range line.Commands[1:] {
			got = append(got, render(c))
		}
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%q: emitted %q, want nothing", tt.in, got)
		case tt.want != "" && !slices.Contains(got, tt.want):
			t.Errorf("%q: emitted %q, want %q", tt.in, got, tt.want)
		}
	}
}
