package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// words makes a command's static arguments of a space-separated list.
func words(s string) []Word {
	var out []Word
	for f := range strings.FieldsSeq(s) {
		out = append(out, Word{Value: f})
	}
	return out
}

func TestFilterStatic(t *testing.T) {
	tests := []struct {
		name, args, in, want string
		ok                   bool
	}{
		{"cut", "-d: -f6", "u:x:1:1::/home/u:/bin/sh\n", "/home/u\n", true},
		{"cut", "-d : -f 2,3", "a:b:c:d\n", "b:c\n", true},
		{"cut", "--delimiter=, --fields=2-", "a,b,c\n", "b,c\n", true},
		{"cut", "-f1 -d,", "a,b\nno delimiter\n", "a\nno delimiter\n", true},
		{"cut", "-d: -f-2", "a:b:c", "a:b", true},
		{"cut", "-d: -f9", "a:b\n", "\n", true},
		{"cut", "-c1-3", "abcdef\n", "", false},     // characters: not read
		{"cut", "-d: -f1 file", "a:b\n", "", false}, // reads a file, not its input
		{"cut", "-d:: -f1", "a:b\n", "", false},
		{"cut", "-d: -f0", "a:b\n", "", false},
		{"cut", "-d: -f3-1", "a:b\n", "", false},
		{"cut", "-d: -s -f1", "a:b\nno delimiter\n", "a\n", true},
		{"cut", "-d: -s -f1", "none\n", "", true},
		{"cut", "-d: -z -f1", "a:b\n", "", false},
		{"awk", "-F: {print$6}", "u:x:1:1::/home/u:/bin/sh\n", "/home/u\n", true},
		{"awk", "{print $2}", "a  b c\n", "b\n", true},
		{"awk", "{print $0}", "a b\n", "a b\n", true},
		{"awk", "-F, {print $5}", "a,b\n", "\n", true},
		{"awk", "{print $1, $2}", "a b\n", "", false},
		{"awk", "print $1}", "a b\n", "", false},
		{"awk", "-F: $1==\"u\"{print $6}", "u:x\n", "", false},
		{"sort", "", "b\na\n", "", false},
	}
	for _, tt := range tests {
		c := &Command{Name: tt.name, Args: words(tt.args)}
		if tt.name == "awk" && strings.Contains(tt.args, "{") {
			// the program is one word however it is spaced
			i := strings.Index(tt.args, "{")
			j := strings.LastIndexByte(tt.args[:i], ' ') + 1
			c.Args = append(words(tt.args[:j]), Word{Value: tt.args[j:]})
		}
		got, ok := filterStatic(c, tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("%s %s of %q = %q, %v; want %q, %v", tt.name, tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTranslate(t *testing.T) {
	tests := []struct {
		args []string
		in   string
		want string
		ok   bool
	}{
		{[]string{`\n`, `\0`}, "zpool\ndestroy\n", "zpool\x00destroy\x00", true},
		{[]string{"A-Z", "a-z"}, "RM -RF ~", "rm -rf ~", true},
		{[]string{"[:upper:]", "[:lower:]"}, "LS", "ls", true},
		{[]string{"-d", "X"}, "rXm", "rm", true},
		{[]string{"X", " "}, "rmX-rf", "rm -rf", true},
		{[]string{"abc", "x"}, "abcd", "xxxd", true}, // SET2's last character repeats
		{[]string{`\101`, "b"}, "A", "b", true},
		{[]string{`\\`, "/"}, `a\b`, "a/b", true},
		{[]string{"-s", "a", "b"}, "aa", "", false},
		{[]string{"-t", "abc", "xy"}, "abc", "xyc", true},
		{[]string{"--", "a", "b"}, "a", "b", true},
		{[]string{"-c", "a", "b"}, "ab", "", false},
		{[]string{"[a*3]", "b"}, "a", "", false},
		{[]string{"z-a", "b"}, "a", "", false},
		{[]string{"é", "e"}, "é", "", false},
		{[]string{"a"}, "a", "", false},
	}
	for _, tt := range tests {
		var args []Word
		for _, a := range tt.args {
			args = append(args, Word{Value: a})
		}
		got, ok := translate(args, tt.in)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("tr %q of %q = %q, %v; want %q, %v", tt.args, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestAccountHome(t *testing.T) {
	tests := []struct {
		args    []Word
		want    string
		ok      bool
		comment string
	}{
		{words("passwd u"), "~u", true, "a name"},
		{words("passwd root"), "~root", true, ""},
		{words("passwd 0"), "~root", true, "uid 0"},
		{words("passwd 1000"), "~", true, "a uid"},
		{[]Word{{Value: "passwd"}, {Value: "$USER", Dynamic: true}}, "~", true, "a name known at run time"},
		{words("passwd"), "~", true, "every account: each line a home"},
		{words("group u"), "", false, "another database"},
		{words("-s files passwd u"), "~u", true, "a service"},
		{words("passwd -- u"), "~u", true, ""},
		{words("-x passwd u"), "", false, "an option not read"},
		{words("passwd a/b"), "", false, "no account's name"},
	}
	for _, tt := range tests {
		got, ok := accountHome(&Command{Name: "getent", Args: tt.args})
		if got != tt.want || ok != tt.ok {
			t.Errorf("getent %v (%s) = %q, %v; want %q, %v", tt.args, tt.comment, got, ok, tt.want, tt.ok)
		}
	}
}

func TestOneCharClasses(t *testing.T) {
	tests := []struct{ in, want string }{
		{"~/.bashr[c]", "~/.bashrc"},
		{".en[v-v]", ".env"},
		{"/tm[p]/[e]", "/tmp/e"},
		{"[rR]m", "[rR]m"},
		{"[!c]", "[!c]"},
		{"[a-c]", "[a-c]"},
		{`\[c]`, `\[c]`},
		{"[*]", "[*]"},
		{"[", "["},
		{"a[1]", "a1"},
	}
	for _, tt := range tests {
		if got := oneCharClasses(tt.in); got != tt.want {
			t.Errorf("oneCharClasses(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		glob, name string
		want       bool
	}{
		{".[!X]sh", ".ssh", true},
		{".[!s]sh", ".ssh", false},
		{".[[:alpha:]]ws", ".aws", true},
		{"[[:digit:]]x", "ax", false},
		{"[[:lower:]]ome", "home", true},
		{"h?me", "home", true},
		{"*", "home", true},
		{`\*`, "home", false},
	}
	for _, tt := range tests {
		if got := globMatch(tt.glob, tt.name); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tt.glob, tt.name, got, tt.want)
		}
	}
}

// TestArrayWrites: an element of an array is known where every write of
// the array is one the walk followed (A=(…), A+=(…), A[N]=…, A=([0]=…)),
// in order; any other writer leaves it unknown ("").
func TestArrayWrites(t *testing.T) {
	tests := []struct {
		dialect    Dialect
		line, want string
	}{
		{Bash, `A=(~/.ssh); echo "${A[0]}"`, "~/.ssh"},
		{Bash, `A=(a b); echo $A ${#A} ${!A} "${A[1]}"`, "b"},
		{Bash, `A=(a b); A+=(c); echo "${A[2]}"`, "c"},
		{Bash, `A=(); A+=(~); echo "${A[0]}"`, "~"},
		{Bash, `A=(""); A+=(~); echo "${A[1]}"`, "~"},
		{Bash, `A=x; A+=(~); echo "${A[1]}"`, ""}, // a scalar's write is not followed as an array's
		{Bash, `A=(x); A[0]=~; echo "${A[0]}"`, "~"},
		{Bash, `A=(x); A[1]=~; echo "${A[1]}"`, "~"},
		{Bash, `A=(x y); A[-1]=~; echo "${A[1]}"`, "~"},
		{Bash, `A=(x); A[5]=~; echo "${A[5]}"`, ""}, // sparse
		{Bash, `A=([0]=x [1]=~); echo "${A[1]}"`, "~"},
		{Bash, `A=([1]=~); echo "${A[1]}"`, ""},
		{Bash, `A[0]=~; echo "${A[0]}"`, ""}, // unset before: maybe the environment's scalar
		{Bash, `A=(ls); read -a A <<< rm; echo "${A[0]}"`, ""},
		{Bash, `A=(ls); printf -v "A[0]" rm; echo "${A[0]}"`, ""},
		{Bash, `A=(ls); declare A+=(rm); echo "${A[1]}"`, ""},
		{Bash, `declare -a A=(x ~); echo "${A[1]}"`, "~"},
		{Bash, `AB=(x); A=(ls); echo "${A[0]}"`, "ls"},
		{Bash, `echo "${A[0]}"`, ""},
		{Zsh, `A=(x); A+=(~); echo "${A[2]}"`, "~"},
		{Zsh, `A=(x y); A[2]=~; echo "${A[2]}"`, "~"},
	}
	for _, tt := range tests {
		l := ParseShell(tt.line, string(tt.dialect))
		var got string
		for _, c := range l.Commands {
			if c.Name == "echo" && len(c.Args) > 0 {
				last := c.Args[len(c.Args)-1]
				if !last.Dynamic {
					got = last.Value
				}
			}
		}
		if got != tt.want {
			t.Errorf("%v %s: last echo word %q, want %q", tt.dialect, tt.line, got, tt.want)
		}
	}
}

func TestArithNumber(t *testing.T) {
	tests := []struct {
		lit     string
		dialect Dialect
		want    int
		ok      bool
	}{
		{"755", Bash, 755, true},
		{"0755", Bash, 493, true}, // octal
		{"0755", Zsh, 0, false},   // decimal, or octal with octalzeroes: unknown
		{"0", Zsh, 0, true},
		{"0x1f", Zsh, 31, true},
		{"0x1f", Bash, 31, true},
		{"0x1f", Zsh, 31, true},
		{"8#17", Bash, 15, true},
		{"8#17", Zsh, 0, false},
		{"64#x", Bash, 0, false},
		{"0b11", Bash, 0, false},
		{"1_000", Bash, 0, false},
		{"", Bash, 0, false},
		{"09", Bash, 0, false}, // bash: value too great for base
	}
	for _, tt := range tests {
		got, ok := arithNumber(tt.lit, tt.dialect)
		if got != tt.want || ok != tt.ok {
			t.Errorf("arithNumber(%q, %v) = %d, %v; want %d, %v", tt.lit, tt.dialect, got, ok, tt.want, tt.ok)
		}
	}
}

// TestGitConfigParameters: GIT_CONFIG_PARAMETERS as git writes it is
// split by splitWords.
func TestGitConfigParameters(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`'alias.p'='push -f'`, []string{"alias.p=push -f"}},
		{`'core.pager=less' 'alias.p'='push -f'`, []string{"core.pager=less", "alias.p=push -f"}},
		{`'a.b'='it'\''s'`, []string{"a.b=it's"}},
		{``, nil},
	}
	for _, tt := range tests {
		if got := splitWords(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("splitWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
