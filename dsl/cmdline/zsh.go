package cmdline

import (
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// zsh is read with mvdan/sh's zsh variant, which covers most of its
// grammar: { a } without a semicolon, anonymous functions (() { … } and
// function { … }, which run at once and are walked like any body), foreach,
// short for loops. What it lacks, or reads as plain words, is handled here:
//   - repeat N cmd runs cmd: repeat becomes a wrapper (repeat N { … } is
//     rewritten to the block);
//   - { a } always { b } runs both blocks: "always" is rewritten to ";";
//   - =cmd (equals expansion) is the path of cmd: the command name loses "=";
//   - glob qualifiers that run code, *(e:'code':) and *(+func), run that
//     code for every file: it is walked as a carrier and the command is
//     marked dynamic (an ask), since what it runs depends on the files.

// zshBlockFixes rewrite what the zsh variant cannot parse into what it can,
// keeping every offset. They are tried only on a line that failed to parse.
// Compiled on first use: only a zsh line that failed to parse needs them.
var zshBlockFixes = sync.OnceValue(func() []zshBlockFix {
	return []zshBlockFix{
		// "} always {" → "} ;      {"
		{regexp.MustCompile(`\}[ \t]*always[ \t\n]*\{`), func(m string) string {
			i := strings.Index(m, "always")
			return m[:i] + ";     " + m[i+len("always"):]
		}},
		// "repeat 3 {" → "         {"
		{regexp.MustCompile(`(?m)(^|[;&|({\n][ \t]*)repeat[ \t]+[0-9]+[ \t]*\{`), func(m string) string {
			i := strings.Index(m, "repeat")
			j := strings.LastIndexByte(m, '{')
			return m[:i] + strings.Repeat(" ", j-i) + m[j:]
		}},
	}
})

type zshBlockFix struct {
	re   *regexp.Regexp
	repl func(string) string
}

// zshRewrite returns src with the zsh-only forms the parser rejects
// rewritten, when there were any.
func (w *walker) zshRewrite(src string, _ error) (string, bool) {
	out := src
	for _, f := range zshBlockFixes() {
		out = f.re.ReplaceAllStringFunc(out, f.repl)
	}
	return out, out != src
}

// zshName applies zsh's reading of a command word: "=rm" is the path of rm,
// and repeat N cmd runs cmd. It returns the fields from the command word on,
// and the wrappers it took off.
func zshName(fs []field) ([]field, []Wrapper) {
	var wraps []Wrapper
	for range 8 {
		if len(fs) == 0 || fs[0].Dynamic {
			break
		}
		v := fs[0].Value
		switch {
		case len(v) > 1 && v[0] == '=' && !fs[0].Quoted:
			fs[0].Value = v[1:]
		case v == "coproc" && len(fs) > 1 && !fs[0].Quoted:
			fs = fs[1:] // zsh's coproc runs the command that follows
			continue
		case v == "-" && len(fs) > 1 && !fs[0].Quoted:
			fs = fs[1:] // the precommand modifier -: the command runs as a login program
			continue
		case len(wraps) > 0 && len(fs) > 1 && !fs[0].Quoted && zshAssign(v):
			fs = fs[1:] // repeat N X=1 cmd: X=1 is an assignment for cmd
			continue
		case v == "repeat" && len(fs) > 2:
			wraps = append(wraps, Wrapper{Name: "repeat", Args: []string{fs[1].Value}})
			fs = fs[2:]
			continue
		}
		break
	}
	return fs, wraps
}

// globQualifiers follows the code run by glob qualifiers in c's words.
func (w *walker) globQualifiers(c *Command, ce *syntax.CallExpr, cx ctx) {
	for _, word := range ce.Args {
		if word == nil {
			continue
		}
		for _, p := range word.Parts {
			lit, ok := p.(*syntax.Lit)
			if !ok {
				continue
			}
			code, ok := qualifierCode(lit.Value)
			if !ok {
				continue
			}
			c.Untrusted = "dynamic"
			w.nested(c, code, "zsh glob qualifier", cx, false)
		}
	}
}

// qualifierCode finds a code-running glob qualifier in the literal text of
// a word: (e:code:), (e'code'), (+func), possibly after other qualifiers.
func qualifierCode(s string) (string, bool) {
	open := strings.LastIndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return "", false
	}
	q := s[open+1 : len(s)-1]
	for i := 0; i < len(q); i++ {
		switch q[i] {
		case '+':
			j := i + 1
			for j < len(q) && (isNameByte(q[j]) || q[j] == '-' || q[j] == ':') {
				j++
			}
			return q[i+1 : j], true
		case 'e':
			if i+1 >= len(q) {
				return "", false
			}
			delim := q[i+1]
			end := closing(delim)
			j := strings.IndexByte(q[i+2:], end)
			if j < 0 {
				return q[i+2:], true
			}
			return unquoteZsh(q[i+2 : i+2+j]), true
		}
	}
	return "", false
}

func closing(d byte) byte {
	switch d {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return d
}

// unquoteZsh removes one level of quotes around qualifier code ('rm x').
func unquoteZsh(s string) string {
	if len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

func isNameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// carrierDialect is the grammar of the text a carrier runs: the shell it
// names (zsh -c, fish -c), the current one for eval and source, and bash,
// hguard's widest reading of sh, for the rest (sh -c, watch, ssh, su -c).
func carrierDialect(c *Command, cx ctx) Dialect {
	switch p := program(c.Name); {
	case p == "zsh":
		return Zsh
	case p == "fish":
		return Fish
	case shells[p]:
		return Bash
	case c.Name == "eval" || c.Name == "source" || c.Name == ".":
		if cx.dialect != "" {
			return cx.dialect
		}
	}
	return Bash
}

// zshAssign reports a NAME=value word.
func zshAssign(v string) bool {
	name, _, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}
