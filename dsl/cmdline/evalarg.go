package cmdline

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// EvalArgument is the argument of the line's only eval, when it is quoted
// as Claude Code's Bash tool quotes the command it hands its shell (`… &&
// eval 'COMMAND' < /dev/null && pwd -P >| FILE`): single quotes, a single
// quote inside closed, quoted (by a backslash or double quotes) and
// reopened, or backslashes. Not ok (the line itself) for a line with no
// eval, several, or an argument with an expansion. hguard's shell prefix
// reads the command with it (cmd/hguard, claudeCommand).
func EvalArgument(line string) (string, bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return line, false
	}
	var words []*syntax.Word
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 && call.Args[0].Lit() == "eval" {
			words = append(words, call.Args[1:]...)
		}
		return true
	})
	if len(words) != 1 {
		return line, false
	}
	var b strings.Builder
	for _, part := range words[0].Parts {
		switch p := part.(type) {
		case *syntax.Lit: // '\'' between quotes: a backslash quotes the next byte
			for i := 0; i < len(p.Value); i++ {
				if p.Value[i] == '\\' && i+1 < len(p.Value) {
					i++
				}
				b.WriteByte(p.Value[i])
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return line, false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted: // '"'"' between quotes: a quote in double quotes
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok || p.Dollar {
					return line, false
				}
				for i := 0; i < len(lit.Value); i++ {
					if lit.Value[i] == '\\' && i+1 < len(lit.Value) && strings.IndexByte("$`\"\\\n", lit.Value[i+1]) >= 0 {
						i++
					}
					b.WriteByte(lit.Value[i])
				}
			}
		default:
			return line, false // an expansion: not Claude Code's quoting
		}
	}
	return b.String(), true
}

// EvalPrelude is the text of the line ahead of its only eval, the `&&`
// that joins them dropped: what Claude Code's Bash tool runs before the
// command (its shell snapshot, its own settings, the script hooks wrote to
// $CLAUDE_ENV_FILE). Not ok for a line with no eval, several, or one that
// does not parse. hguard's shell prefix judges it (cmd/hguard,
// checkPrelude).
func EvalPrelude(line string) (string, bool) {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return "", false
	}
	var evals []*syntax.CallExpr
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 && call.Args[0].Lit() == "eval" {
			evals = append(evals, call)
		}
		return true
	})
	if len(evals) != 1 {
		return "", false
	}
	off := int(evals[0].Pos().Offset())
	if off > len(line) {
		return "", false
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line[:off]), "&&")), true
}
