package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// compile checks the parts of a rule that need more than its YAML shape,
// and compiles its expression once.
func (r *Rule) compile() error {
	if strings.TrimSpace(r.When) == "" {
		return &Error{Pos: r.fieldPos("when"), Rule: r.ID, Field: "when", Msg: "empty expression"}
	}
	if strings.TrimSpace(r.Message) == "" {
		return &Error{Pos: r.fieldPos("message"), Rule: r.ID, Field: "message", Msg: "empty message"}
	}
	prog, err := expr.Compile(r.When, exprOptions(r.Scope)...)
	if err != nil {
		msg := oneLine(err.Error())
		if r.whenComment != "" {
			msg += " (in YAML, \" #\" starts a comment and cut the expression short: quote it or write when: >- and the expression on the next line)"
		}
		return &Error{Pos: r.fieldPos("when"), Rule: r.ID, Field: "when", Msg: msg}
	}
	r.program = prog
	return nil
}

// oneLine keeps the first line of expr's multi-line error (the rest is a
// caret drawing that does not survive being prefixed with a position).
func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}
