package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	cmds := []string{"check", "explain", "guard", "rules", "doctor", "daemon", "version", "plugin", "rollback"}
	for _, tc := range []struct{ in, want string }{
		{"chekc", "check"},
		{"chek", "check"},
		{"doctr", "doctor"},
		{"rule", "rules"},
		{"plugins", "plugin"},
		{"expl", "explain"},
		{"x", ""},
		{"frobnicate", ""},
		{"d", ""},
	} {
		if got := Suggest(tc.in, cmds); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFlags: help spells flags with two dashes, as the docs do, and a
// mistyped flag gets a suggestion.
func TestFlags(t *testing.T) {
	var out bytes.Buffer
	c := NewCommand("hguard", "check", "hguard check [--json] -- CMD", &out)
	c.Bool("json", false, "print JSON")
	c.Bool("batch", false, "JSONL in, JSONL out")
	c.String("cwd", "", "the `DIR` the command runs in")
	if err := c.ParseArgs([]string{"-h"}); !errors.Is(err, ErrDone) {
		t.Fatal(err)
	}
	for _, want := range []string{"usage: hguard check [--json] -- CMD\n", "\n  --batch\n", "\n  --cwd DIR\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "\n  -batch") {
		t.Errorf("help spells a flag with one dash:\n%s", out.String())
	}
	err := c.ParseArgs([]string{"--bacth"})
	var ue *UsageError
	if !errors.As(err, &ue) || ue.Msg != "unknown flag --bacth" || !strings.HasPrefix(ue.Hint, "did you mean --batch?") {
		t.Fatalf("%#v", err)
	}
}
