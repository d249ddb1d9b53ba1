package dsl

import (
	"fmt"
	"regexp"
	"sync"
	"sync/atomic"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
)

// A lazyRegexp is the regular expression of one `matches "…"` in a
// condition, compiled the first time a command reaches it. expr compiles
// such a regexp twice while compiling the condition (once to check it,
// once for the program), which was a third of the cost of compiling the
// built-in rules a command meets on a cold start, and most of those
// regexps are never reached: they sit behind a name test that fails.
type lazyRegexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
	err  error
	// last is the answer for the last long text matched: a rule on the
	// whole line runs once per command with the same line, and a line of
	// thousands of commands would cost their number times its length.
	last atomic.Pointer[lastMatch]
}

type lastMatch struct {
	s  string
	ok bool
}

// memoLen is the length from which a text's answer is kept: the same
// string compares in constant time (its pointer), another in its length.
const memoLen = 1024

func (l *lazyRegexp) get() (*regexp.Regexp, error) {
	l.once.Do(func() { l.re, l.err = regexp.Compile(l.src) })
	return l.re, l.err
}

// match reports whether s matches, remembering the answer for a long s.
func (l *lazyRegexp) match(s string) (bool, error) {
	re, err := l.get()
	if err != nil {
		return false, err
	}
	if len(s) < memoLen {
		return re.MatchString(s), nil
	}
	if m := l.last.Load(); m != nil && m.s == s {
		return m.ok, nil
	}
	ok := re.MatchString(s)
	l.last.Store(&lastMatch{s: s, ok: ok})
	return ok, nil
}

// regexps shares one lazyRegexp per source among all rules (several rules
// test the same paths). Guarded by compileMu.
var regexps = map[string]*lazyRegexp{}

// matchesFunc registers the function that `s matches "…"` becomes. Its
// name is the operator's, so that a type error reads "… to call matches";
// rule authors cannot call it, as the lexer reads matches as the operator.
func matchesFunc(c *conf.Config) {
	expr.Function("matches", func(p ...any) (any, error) {
		s, ok := p[0].(string)
		if !ok {
			if p[0] == nil {
				return false, nil // as expr's own matches: nil matches nothing
			}
			return nil, fmt.Errorf("matches: want a string, got %T", p[0])
		}
		ok, err := p[1].(*lazyRegexp).match(s)
		if err != nil {
			return nil, err
		}
		return ok, nil
	}, new(func(string, *lazyRegexp) bool))(c)
}

// matchesRewriter turns `s matches "regexp"` into matches(s, lazyRegexp).
// A pattern that is not a constant string stays expr's operator.
type matchesRewriter struct {
	check bool // compile each regexp now and report a bad one
	err   *file.Error
}

func (v *matchesRewriter) Visit(node *ast.Node) {
	b, ok := (*node).(*ast.BinaryNode)
	if !ok || b.Operator != "matches" || v.err != nil {
		return
	}
	pattern, ok := b.Right.(*ast.StringNode)
	if !ok {
		return
	}
	l := regexps[pattern.Value]
	if l == nil {
		l = &lazyRegexp{src: pattern.Value}
	}
	if v.check {
		if _, err := l.get(); err != nil {
			v.err = &file.Error{Location: pattern.Location(), Message: err.Error()}
			return
		}
	}
	regexps[pattern.Value] = l
	arg := &ast.ConstantNode{Value: l}
	arg.SetLocation(pattern.Location())
	callee := &ast.IdentifierNode{Value: "matches"}
	callee.SetLocation(b.Location())
	ast.Patch(node, &ast.CallNode{Callee: callee, Arguments: []ast.Node{b.Left, arg}})
}
