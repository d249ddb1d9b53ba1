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

func TestShortFlag(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-.", "x"}, true},
		{[]string{"-l.", "x"}, true},
		{[]string{"-.l", "x"}, true},
		{[]string{"-g.x", "x"}, false}, // -g's value
		{[]string{"--", "-."}, false},
		{[]string{"--hidden", "x"}, false},
	} {
		if got := shortFlag("rg", tc.args, '.'); got != tc.want {
			t.Errorf("shortFlag(rg, %q, '.') = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestLocateListsEvery(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-r", "^/home/u/"}, "^/home/u/"},
		{[]string{"--regex", "^/home/.*"}, "^/home/.*"},
		{[]string{"/home/u"}, "/home/u"},
		{[]string{"-i", "SSH"}, "SSH"},
		{[]string{"-b", "*"}, "*"},
		{[]string{"bashrc"}, ""},
		{[]string{"-r", `\.pdf$`}, ""},
		{[]string{"-d", "/home/u/db", "README"}, ""},
	} {
		if got := locateListsEvery(tc.args, "/home/u"); got != tc.want {
			t.Errorf("locateListsEvery(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestRelativeSecret(t *testing.T) {
	for _, tc := range []struct{ name, dir, want string }{
		{"shadow", "/etc", "/etc/shadow"},
		{"credentials", "~/.aws", "~/.aws/credentials"},
		{"./shadow", "/etc", "/etc/shadow"},
		{"hosts", "/etc", ""},
		{"shadow", "", ""},
		{"../etc/shadow", "/tmp", ""},
		{"done", "~/.ssh", ""}, // a word, not a file a key directory holds
	} {
		if got := relativeSecret(tc.name, tc.dir); got != tc.want {
			t.Errorf("relativeSecret(%q, %q) = %q, want %q", tc.name, tc.dir, got, tc.want)
		}
	}
}

// TestLocateListsEveryHome: a locate pattern is judged against the
// caller's own home, whatever its name.
func TestLocateListsEveryHome(t *testing.T) {
	for _, tc := range []struct {
		args []string
		home string
		want bool
	}{
		{[]string{"-r", "^/home/alice/"}, "/home/alice", true},
		{[]string{"-r", "^/Users/bob/"}, "/Users/bob", true},
		{[]string{"-r", "^/home/alice/"}, "/home/u", false},
		{[]string{"-r", "^/home/alice/src/"}, "/home/alice", false},
		{[]string{"-r", "^/home/"}, "", true},
	} {
		if got := locateListsEvery(tc.args, tc.home) != ""; got != tc.want {
			t.Errorf("locateListsEvery(%q, %q) = %v, want %v", tc.args, tc.home, got, tc.want)
		}
	}
}
