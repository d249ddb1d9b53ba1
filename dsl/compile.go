package dsl

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// compileMu serialises compilation: the prepared configurations share
// caches that expr fills in while checking, and regexps is shared too.
var compileMu sync.Mutex

// prepared holds one expr configuration per scope, built once: the
// environment's reflection and the function table are then not redone for
// every rule, which halves the cost of a compile.
var prepared = sync.OnceValue(func() map[Scope]*conf.Config {
	m := map[Scope]*conf.Config{}
	for _, scope := range []Scope{CommandScope, LineScope} {
		c := conf.CreateNew()
		for _, op := range exprOptions(scope) {
			op(c)
		}
		matchesFunc(c)
		m[scope] = c
	}
	return m
})

// compileExpr compiles a condition for a scope: expr.Compile's steps, on
// the prepared configuration rather than a fresh one per call, with
// `s matches "regexp"` turned into a call that compiles its regexp on
// first use (see lazyRegexp). With checkRegexps, each regexp is compiled
// now, so that a bad one is a load error.
func compileExpr(when string, scope Scope, checkRegexps bool) (*vm.Program, error) {
	compileMu.Lock()
	defer compileMu.Unlock()
	c := prepared()[scope]
	tree, err := parser.ParseWithConfig(when, c)
	if err != nil {
		return nil, err
	}
	v := &matchesRewriter{check: checkRegexps}
	ast.Walk(&tree.Node, v)
	if v.err != nil {
		return nil, v.err.Bind(tree.Source)
	}
	if _, err := checker.Check(tree, c); err != nil {
		return nil, err
	}
	if err := optimizer.Optimize(&tree.Node, c); err != nil {
		var ferr *file.Error
		if errors.As(err, &ferr) {
			return nil, ferr.Bind(tree.Source)
		}
		return nil, err
	}
	return compiler.Compile(tree, c)
}

// ensureCompiled compiles a rule whose compilation was deferred at load
// (the built-ins, which are compiled by their tests). It is safe for
// concurrent use.
func (r *Rule) ensureCompiled() error {
	r.once.Do(func() {
		if r.program == nil && r.native == nil {
			r.lazyErr = r.compile(!r.generated)
		}
	})
	return r.lazyErr
}

// Compile compiles the rule now if its compilation was deferred, and
// reports the error a deferred compile would meet.
func (r *Rule) Compile() error { return r.ensureCompiled() }

// compile checks the parts of a rule that need more than its YAML shape,
// and compiles its expression once.
func (r *Rule) compile(checkRegexps bool) error {
	if strings.TrimSpace(r.When) == "" {
		return &Error{Pos: r.fieldPos("when"), Rule: r.ID, Field: "when", Msg: "empty expression"}
	}
	if strings.TrimSpace(r.Message) == "" {
		return &Error{Pos: r.fieldPos("message"), Rule: r.ID, Field: "message", Msg: "empty message"}
	}
	if fn := nativeFor(r.Scope, r.When); fn != nil {
		r.native = fn
		return nil
	}
	prog, err := compileExpr(r.When, r.Scope, checkRegexps)
	if err != nil {
		msg, pos := oneLine(err.Error()), r.fieldPos("when")
		// expr places its errors by line and column of the condition;
		// say where that is in the file instead.
		var ferr *file.Error
		if errors.As(err, &ferr) {
			if p, ok := r.whenSrc.placeInWhen(r.When, ferr.From); ok {
				p.File = pos.File
				pos, msg = p, oneLine(ferr.Message)
			}
		}
		if r.whenComment != "" {
			msg += " (in YAML, \" #\" starts a comment and cut the expression short: quote it or write when: >- and the expression on the next line)"
		}
		return &Error{Pos: pos, Rule: r.ID, Field: "when", Msg: msg}
	}
	r.program = prog
	return nil
}

// compileError is the finding of a deferred rule that failed to compile.
func (r *Rule) compileError(err error) string {
	return fmt.Sprintf("rule %s cannot be compiled (%s): %s", r.ID, oneLine(err.Error()), r.Message)
}

// oneLine keeps the first line of expr's multi-line error (the rest is a
// caret drawing that does not survive being prefixed with a position).
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
