package dsl

import (
	"slices"
	"testing"
)

func TestSwapEscapes(t *testing.T) {
	for _, tc := range []struct{ pat, ops, want string }{
		{`x\|`, "|()", `x|`},
		{`.*\(\)`, "|()", `.*()`},
		{`a|b`, "|()", `a\|b`},
		{`(x)`, "|(){}+?", `\(x\)`},
		{`[|(]\|y`, "|()", `[|(]|y`},
		{`[]|]x`, "|()", `[]|]x`},
		{`a\.b\+`, "|(){}+?", `a\.b+`},
		{`a|b`, "", `a|b`},
	} {
		if got := swapEscapes(tc.pat, tc.ops); got != tc.want {
			t.Errorf("swapEscapes(%q, %q) = %q, want %q", tc.pat, tc.ops, got, tc.want)
		}
	}
}

func TestGrepPatternValues(t *testing.T) {
	for _, tc := range []struct {
		prog string
		args []string
		want []string
	}{
		{"grep", []string{"-r", "--exclude-dir", ".git", "", "/home/u"}, []string{""}},
		{"grep", []string{"-rne", "x", "-e", "", "--regexp=y", "-ez", "."}, []string{"x", "", "y", "z"}},
		{"grep", []string{"--binary-files", "text", "-D", "skip", "TODO", "src"}, []string{"TODO"}},
		{"rg", []string{"-M", "999", "--sort", "path", "-E", "utf8", "x", "~"}, []string{"x"}},
		{"git", []string{"grep", "-n", "TODO"}, []string{"TODO"}},
		{"grep", []string{"-f", "pats.txt", "src"}, nil},
	} {
		if got := grepPatternValues(tc.prog, tc.args); !slices.Equal(got, tc.want) {
			t.Errorf("grepPatternValues(%q, %q) = %q, want %q", tc.prog, tc.args, got, tc.want)
		}
	}
}

func TestGrepContext(t *testing.T) {
	for _, tc := range []struct {
		prog string
		args []string
		want int
	}{
		{"grep", []string{"-A", "99", "default"}, 99},
		{"grep", []string{"-C999", "x"}, 999},
		{"grep", []string{"--context=5", "-B", "7", "x"}, 7},
		{"grep", []string{"-5", "x"}, 5},
		{"rg", []string{"-5", "x"}, 0},
		{"grep", []string{"-rn", "TODO"}, 0},
	} {
		if got := grepContext(tc.prog, tc.args); got != tc.want {
			t.Errorf("grepContext(%q, %q) = %d, want %d", tc.prog, tc.args, got, tc.want)
		}
	}
}

func TestStdoutFile(t *testing.T) {
	for p, want := range map[string]bool{
		"/dev/stdout": true, "/dev/fd/1": true, "/proc/self/fd/1": true, "/dev/fd/3": true, "/dev/stderr": true,
		"/dev/fd/0": false, "/dev/stdin": false, "/dev/null": false, "/backup": false, "/dev/fd/": false, "/dev/fd/x": false,
	} {
		if got := stdoutFile(p); got != want {
			t.Errorf("stdoutFile(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestTakesSecretName(t *testing.T) {
	for _, tc := range []struct {
		test, pattern string
		want          bool
	}{
		{"-name", "*", true},
		{"-name", "[!.]*", true}, // every name but a dotfile's: id_rsa, credentials
		{"-iname", "C*", true},
		{"-name", "*.jpg", false},
		{"-name", "[!.]*.go", false},
		{"-path", "/home/*", true},
		{"-path", "~/*", true},
		{"-path", "*/node_modules/*", false},
		{"-regex", ".*|x", true},
		{"-regex", `.*\.(c|h)`, false},
	} {
		if got := takesSecretName(tc.test, tc.pattern); got != tc.want {
			t.Errorf("takesSecretName(%q, %q) = %v, want %v", tc.test, tc.pattern, got, tc.want)
		}
	}
}
