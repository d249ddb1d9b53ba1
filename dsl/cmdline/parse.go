package cmdline

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Internal bounds, on top of MaxInput and MaxDepth.
const (
	maxNesting  = 256      // brackets and compound commands; the parser recurses once per level
	maxCommands = 10_000   // commands per line, nested ones included
	maxWords    = 10_000   // words per command
	maxRepair   = 64 << 10 // longer text is not re-parsed after a syntax error
)

// Parse normalizes and parses one command line (possibly multi-line) into the
// model. It never fails: problems become Line.Issues. It never panics, and its
// time is linear in len(s). It reads nothing but s.
func Parse(s string) (line *Line) {
	line = &Line{Original: s}
	if len(s) > MaxInput {
		line.Issues = []Issue{{
			Kind:    IssueTooLarge,
			Message: fmt.Sprintf("input is %d bytes, over the limit of %d; not parsed", len(s), MaxInput),
			Pos:     Pos{Line: 1, Col: 1},
		}}
		return line
	}
	defer func() {
		// Last line of defence: a bug must not take the caller down.
		if r := recover(); r != nil {
			line.Issues = append(line.Issues, Issue{
				Kind:    IssueParse,
				Message: fmt.Sprintf("1:1: internal error while analyzing the line: %v", r),
				Pos:     Pos{Line: 1, Col: 1},
			})
		}
	}()
	line.Normalized, line.Issues = Normalize(s)
	w := newWalker(line)
	w.text(line.Normalized, ctx{})
	return line
}

// parse parses src into its top-level statements. It stops early once the
// command budget is spent, so that a megabyte of "a;" costs little. On a
// syntax error it returns the statements a recovering parse can still find.
func (w *walker) parse(src string) ([]*syntax.Stmt, error) {
	if off, ok := nestingOK(src); !ok {
		return nil, nestingError{off}
	}
	budget := maxCommands - len(w.line.Commands)
	var stmts []*syntax.Stmt
	var perr error
	// The loop never breaks: the iterator must run to its end. Past the
	// budget, the reader reports EOF so that the parser stops soon.
	rd := &cutReader{r: strings.NewReader(src)}
	if err := parseSafely(func() {
		for st, err := range w.parser.StmtsSeq(rd) {
			switch {
			case err != nil:
				perr = cmp.Or(perr, err)
			case rd.cut:
			case len(stmts) >= budget:
				w.overBudget()
				rd.cut = true
			default:
				stmts = append(stmts, st)
			}
		}
	}); err != nil {
		return stmts, err
	}
	if rd.cut {
		return stmts, nil // the cut, not the text, ended the parse
	}
	if perr == nil {
		return stmts, nil
	}
	if len(src) > maxRepair {
		return stmts, perr // the statements before the error will do
	}
	var f *syntax.File
	var rerr error
	if parseSafely(func() { f, rerr = w.recovering().Parse(strings.NewReader(repair(src, perr)), "") }) == nil && rerr == nil {
		stmts = f.Stmts
	}
	return stmts, perr
}

// parseSafely runs a step of the shell parser, whose rarer paths (its
// error recovery above all) can panic on odd input, as the fuzzer found
// with A=$((0 A. That is a failure to parse the line, an ask like any
// other, not a crash of the analysis.
func parseSafely(step func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the shell parser failed on this input (%v)", r)
		}
	}()
	step()
	return nil
}

// repair completes text that ended too early (an unclosed quote, bracket,
// heredoc or compound command) with the closers the parser asked for, so
// that the commands before the cut can still be seen.
func repair(src string, err error) string {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for range 4 {
		var pe syntax.ParseError
		if !errors.As(err, &pe) || !pe.Incomplete {
			break
		}
		_, want, ok := lastQuoted(pe.Text)
		if !ok {
			break
		}
		switch {
		case strings.Contains(pe.Text, "here-document"):
			src += "\n" + want + "\n"
		case strings.Contains(pe.Text, "quote"):
			src += want
		default:
			src += "\n" + want
		}
		if perr := parseSafely(func() { _, err = p.Parse(strings.NewReader(src), "") }); perr != nil || err == nil {
			break
		}
	}
	return src
}

// lastQuoted returns the last `token` in a parser message.
func lastQuoted(msg string) (string, string, bool) {
	end := strings.LastIndexByte(msg, '`')
	if end < 0 {
		return "", "", false
	}
	start := strings.LastIndexByte(msg[:end], '`')
	if start < 0 || start+1 == end {
		return "", "", false
	}
	return msg[:start], msg[start+1 : end], true
}

func (w *walker) recovering() *syntax.Parser {
	if w.recover == nil {
		w.recover = syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.RecoverErrors(8))
	}
	return w.recover
}

// cutReader ends its input early once cut is set.
type cutReader struct {
	r   io.Reader
	cut bool
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.cut {
		return 0, io.EOF
	}
	return c.r.Read(p)
}

// nestingError rejects input nested too deeply to hand to the recursive parser.
type nestingError struct{ off int }

func (e nestingError) Error() string {
	return fmt.Sprintf("nesting deeper than %d levels; not parsed", maxNesting)
}

// parseError turns a parser error into an offset in src and a lowercase text.
func parseError(err error) (off int, text string) {
	var pe syntax.ParseError
	var le syntax.LangError
	var ne nestingError
	switch {
	case errors.As(err, &pe):
		return int(pe.Pos.Offset()), pe.Text
	case errors.As(err, &le):
		text = le.Error()
		if _, rest, ok := strings.Cut(text, ": "); ok {
			text = rest
		}
		return int(le.Pos.Offset()), text
	case errors.As(err, &ne):
		return ne.off, ne.Error()
	}
	return 0, strings.ToLower(err.Error())
}

// nestingOK pre-scans src for the depth of brackets and compound commands,
// counted loosely (quotes are only roughly followed, so data can only make
// the count higher). It returns the offset where the bound was passed.
func nestingOK(src string) (int, bool) {
	depth := 0
	inSingle, inDouble := false, false
	wordStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inSingle {
			inSingle = c != '\''
			continue
		}
		switch c {
		case '\\':
			i++
			wordStart = false
			continue
		case '\'':
			inSingle = !inDouble
		case '"':
			inDouble = !inDouble
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			depth = max(depth-1, 0)
		default:
			if wordStart && !inDouble && c >= 'a' && c <= 'w' {
				switch keyword(src[i:]) {
				case "if", "while", "until", "for", "case", "select":
					depth++
				case "fi", "done", "esac":
					depth = max(depth-1, 0)
				}
			}
		}
		if depth > maxNesting {
			return i, false
		}
		wordStart = strings.IndexByte(" \t\n;&|()`{}!", c) >= 0
	}
	return 0, true
}

// keyword returns the reserved word s starts with, if s starts with one.
func keyword(s string) string {
	end := 0
	for end < len(s) && end < 7 && s[end] >= 'a' && s[end] <= 'z' {
		end++
	}
	if end < len(s) && strings.IndexByte(" \t\n;&|()", s[end]) < 0 {
		return ""
	}
	return s[:end]
}
