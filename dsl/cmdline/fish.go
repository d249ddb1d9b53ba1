package cmdline

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// fish has a grammar of its own: no mvdan/sh variant reads it. fishParser
// reads it into mvdan/sh's syntax tree, so that the walker (wrappers,
// carriers, dataflow) treats fish lines like any other:
//
//   - a; b, newlines and &; a && b, a || b; "and CMD", "or CMD" (statements
//     of their own: the walker runs every branch anyway); "not CMD", "! CMD";
//   - pipes "|" and "&|" (stdout and stderr), redirections <, >, >>, >?
//     (no clobber), N>, N>>, &>, &>>, >&N, N>&M; "^" is a letter (fish 3);
//   - begin … end, if … else if … else … end, while … end, for X in … end,
//     switch W; case P…; …; end, function NAME …; …; end, time CMD;
//   - words: 'single quotes' (only \\ and \' are escapes), "double quotes"
//     (\" \$ \\ and \newline; $var and $(…) expand), backslash escapes
//     outside quotes (\n \t \xHH \uXXXX …), $var, $var[…], (…) and $(…)
//     command substitution, brace expansion {a,b} (left to the walker),
//     # comments at the start of a word.
//
// Positions are offsets into the text, so that the walker's sources and
// positions work unchanged. Errors are syntax.ParseError values, Incomplete
// when the text ends inside a block, quote or substitution.
type fishParser struct {
	src   string
	i     int
	lines lineIndex
	depth int
	// cond are the statements after fish's and, or: they may not run
	cond map[*syntax.Stmt]bool
	or   map[*syntax.Stmt]bool // those after or
}

func (w *walker) parseFish(src string) (stmts []*syntax.Stmt, err error) {
	if w.fishCond == nil {
		w.fishCond = make(map[*syntax.Stmt]bool)
		w.fishOr = make(map[*syntax.Stmt]bool)
		w.fishNext = make(map[*syntax.Stmt][]*syntax.Stmt)
	}
	p := &fishParser{src: src, lines: newLineIndex(src), cond: w.fishCond, or: w.fishOr}
	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(fishError)
			if !ok {
				panic(r)
			}
			err = fe.err
		}
	}()
	budget := maxCommands - len(w.line.Commands)
	stmts = p.list(budget, "")
	if p.i < len(p.src) {
		p.fail(p.i, fmt.Sprintf("unexpected %q", p.peekWord()), false)
	}
	return stmts, nil
}

// fishError carries a parse error out of the recursion.
type fishError struct{ err error }

func (p *fishParser) fail(off int, msg string, incomplete bool) {
	panic(fishError{syntax.ParseError{Pos: p.pos(off), Text: msg, Incomplete: incomplete}})
}

func (p *fishParser) pos(off int) syntax.Pos {
	off = min(max(off, 0), len(p.src))
	l := p.lines.pos(off)
	return syntax.NewPos(uint(off), uint(l.Line), uint(l.Col))
}

// blank skips spaces, tabs, line continuations and, when comments is set,
// a comment up to the end of its line.
func (p *fishParser) blank() {
	for p.i < len(p.src) {
		switch c := p.src[p.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '\\' && p.i+1 < len(p.src) && p.src[p.i+1] == '\n':
			p.i += 2
		case c == '#':
			for p.i < len(p.src) && p.src[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

// separators skips blanks, newlines and semicolons between statements.
func (p *fishParser) separators() {
	for {
		p.blank()
		if p.i < len(p.src) && (p.src[p.i] == '\n' || p.src[p.i] == ';') {
			p.i++
			continue
		}
		return
	}
}

// peekWord returns the unquoted keyword-like word at the cursor, if any.
func (p *fishParser) peekWord() string {
	j := p.i
	for j < len(p.src) && isFishWordByte(p.src[j]) {
		j++
	}
	if j < len(p.src) && !strings.ContainsRune(" \t\r\n;&|)<>#", rune(p.src[j])) {
		return "" // quotes, $ or an escape follow: not a keyword
	}
	return p.src[p.i:j]
}

func isFishWordByte(c byte) bool {
	return c == '_' || c == '-' || c == '!' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// list reads statements until the end of the text, a ")" closing a
// substitution (inSubst), or one of the words in stop (end, else, case).
func (p *fishParser) list(budget int, stop string) []*syntax.Stmt {
	p.depth++
	if p.depth > maxNesting {
		p.fail(p.i, fmt.Sprintf("nesting deeper than %d levels; not parsed", maxNesting), false)
	}
	defer func() { p.depth-- }()
	var out []*syntax.Stmt
	for {
		p.separators()
		if p.i >= len(p.src) {
			return out
		}
		if p.src[p.i] == ')' && strings.Contains(stop, ")") {
			return out
		}
		if kw := p.peekWord(); kw != "" && strings.Contains(" "+stop+" ", " "+kw+" ") {
			return out
		}
		st := p.conjunction(stop)
		if st == nil {
			p.fail(p.i, fmt.Sprintf("unexpected %q", p.src[p.i:p.i+1]), false)
		}
		if len(out) < budget {
			out = append(out, st)
		}
		p.blank()
		if p.i < len(p.src) {
			switch p.src[p.i] {
			case '&':
				st.Background = true
				p.i++
			case ';', '\n':
				p.i++
			}
		}
	}
}

// conjunction reads pipelines joined by && and ||.
func (p *fishParser) conjunction(stop string) *syntax.Stmt {
	left := p.pipeline(stop)
	for left != nil {
		p.blank()
		var op syntax.BinCmdOperator
		switch {
		case strings.HasPrefix(p.src[p.i:], "&&"):
			op = syntax.AndStmt
		case strings.HasPrefix(p.src[p.i:], "||"):
			op = syntax.OrStmt
		default:
			return left
		}
		opPos := p.i
		p.i += 2
		p.separators()
		right := p.pipeline(stop)
		if right == nil {
			p.fail(p.i, "a command must follow "+p.src[opPos:opPos+2], p.i >= len(p.src))
		}
		left = &syntax.Stmt{Position: left.Position, Cmd: &syntax.BinaryCmd{OpPos: p.pos(opPos), Op: op, X: left, Y: right}}
	}
	return left
}

// pipeline reads statements joined by | and &|.
func (p *fishParser) pipeline(stop string) *syntax.Stmt {
	left := p.statement(stop)
	for left != nil {
		p.blank()
		op, n := pipeOp(p.src[p.i:])
		if n == 0 {
			return left
		}
		opPos := p.i
		p.i += n
		p.separators()
		right := p.statement(stop)
		if right == nil {
			p.fail(p.i, "a command must follow a pipe", p.i >= len(p.src))
		}
		left = &syntax.Stmt{Position: left.Position, Cmd: &syntax.BinaryCmd{OpPos: p.pos(opPos), Op: op, X: left, Y: right}}
	}
	return left
}

// pipeOp recognises the pipes at the start of s: |, &| (stdout and
// stderr) and N>| (fd N).
func pipeOp(s string) (syntax.BinCmdOperator, int) {
	switch {
	case strings.HasPrefix(s, "&|"):
		return syntax.PipeAll, 2
	case strings.HasPrefix(s, "||"):
		return 0, 0
	case strings.HasPrefix(s, "|"):
		return syntax.Pipe, 1
	}
	j := 0
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if strings.HasPrefix(s[j:], ">|") {
		return syntax.PipeAll, j + 2
	}
	return 0, 0
}

// statement reads one statement: a block, a decorated statement or a
// simple command. It returns nil at a terminator.
func (p *fishParser) statement(stop string) *syntax.Stmt {
	p.blank()
	if p.i >= len(p.src) {
		return nil
	}
	start := p.i
	kw := p.peekWord()
	after := func() { p.i += len(kw) }
	switch kw {
	case "and", "or":
		after()
		p.blank()
		if st := p.statement(stop); st != nil {
			p.cond[st] = true // false; and cd /: the cd may not run
			p.or[st] = kw == "or"
			return st
		}
		p.i = start // "and" alone is a command named and
	case "not", "!":
		after()
		p.blank()
		if st := p.statement(stop); st != nil {
			st.Negated = true
			return st
		}
		p.i = start
	case "time":
		after()
		p.blank()
		if st := p.statement(stop); st != nil {
			return &syntax.Stmt{Position: p.pos(start), Cmd: &syntax.TimeClause{Time: p.pos(start), Stmt: st}}
		}
		p.i = start
	case "begin":
		after()
		body := p.list(maxCommands, "end )")
		end := p.expectEnd(start, "begin")
		return p.withRedirs(&syntax.Stmt{Position: p.pos(start), Cmd: &syntax.Block{Lbrace: p.pos(start), Rbrace: p.pos(end), Stmts: body}})
	case "if":
		return p.withRedirs(&syntax.Stmt{Position: p.pos(start), Cmd: p.ifClause(start)})
	case "while":
		after()
		cond := p.conjunction("end")
		if cond == nil {
			p.fail(p.i, "while needs a condition", p.i >= len(p.src))
		}
		body := p.list(maxCommands, "end )")
		end := p.expectEnd(start, "while")
		return p.withRedirs(&syntax.Stmt{Position: p.pos(start), Cmd: &syntax.WhileClause{WhilePos: p.pos(start), DoPos: p.pos(start), DonePos: p.pos(end), Cond: []*syntax.Stmt{cond}, Do: body}})
	case "for":
		return p.withRedirs(&syntax.Stmt{Position: p.pos(start), Cmd: p.forClause(start)})
	case "switch":
		return p.withRedirs(&syntax.Stmt{Position: p.pos(start), Cmd: p.switchClause(start)})
	case "function":
		return p.function(start)
	case "end", "else", "case":
		if !strings.Contains(" "+stop+" ", " "+kw+" ") {
			p.fail(start, fmt.Sprintf("%q without a block to close", kw), false)
		}
		return nil
	}
	return p.simple()
}

// expectEnd consumes the "end" of a block opened at start.
func (p *fishParser) expectEnd(start int, what string) int {
	p.separators()
	if p.peekWord() != "end" {
		p.fail(start, fmt.Sprintf("%s without its end", what), p.i >= len(p.src))
	}
	end := p.i
	p.i += 3
	return end
}

// withRedirs reads redirections after a block's end (begin … end > file).
func (p *fishParser) withRedirs(st *syntax.Stmt) *syntax.Stmt {
	for {
		p.blank()
		r := p.redirect()
		if r == nil {
			return st
		}
		st.Redirs = append(st.Redirs, r)
	}
}

func (p *fishParser) ifClause(start int) *syntax.IfClause {
	p.i += len("if")
	cond := p.conjunction("end else")
	if cond == nil {
		p.fail(p.i, "if needs a condition", p.i >= len(p.src))
	}
	clause := &syntax.IfClause{Position: p.pos(start), ThenPos: p.pos(start), Cond: []*syntax.Stmt{cond}}
	clause.Then = p.list(maxCommands, "end else )")
	p.separators()
	switch p.peekWord() {
	case "else":
		elsePos := p.i
		p.i += len("else")
		p.blank()
		if p.peekWord() == "if" {
			clause.Else = p.ifClause(p.i)
			return clause
		}
		body := p.list(maxCommands, "end )")
		clause.Else = &syntax.IfClause{Position: p.pos(elsePos), Then: body}
		p.expectEnd(start, "if")
	default:
		p.expectEnd(start, "if")
	}
	return clause
}

func (p *fishParser) forClause(start int) *syntax.ForClause {
	p.i += len("for")
	p.blank()
	nameStart := p.i
	name := p.word()
	if name == nil {
		p.fail(p.i, "for needs a variable name", p.i >= len(p.src))
	}
	p.blank()
	if p.peekWord() != "in" {
		p.fail(p.i, "for needs in", p.i >= len(p.src))
	}
	inPos := p.i
	p.i += 2
	var items []*syntax.Word
	for {
		p.blank()
		w := p.word()
		if w == nil {
			break
		}
		items = append(items, w)
	}
	body := p.list(maxCommands, "end )")
	end := p.expectEnd(start, "for")
	lit := &syntax.Lit{ValuePos: p.pos(nameStart), ValueEnd: p.pos(nameStart + len(name.Lit())), Value: name.Lit()}
	return &syntax.ForClause{ForPos: p.pos(start), DoPos: p.pos(inPos), DonePos: p.pos(end),
		Loop: &syntax.WordIter{Name: lit, InPos: p.pos(inPos), Items: items}, Do: body}
}

func (p *fishParser) switchClause(start int) *syntax.CaseClause {
	p.i += len("switch")
	p.blank()
	word := p.word()
	if word == nil {
		p.fail(p.i, "switch needs a value", p.i >= len(p.src))
	}
	clause := &syntax.CaseClause{Case: p.pos(start), In: p.pos(start), Word: word}
	for {
		p.separators()
		switch p.peekWord() {
		case "case":
			p.i += len("case")
			item := &syntax.CaseItem{Op: syntax.Break}
			for {
				p.blank()
				pat := p.word()
				if pat == nil {
					break
				}
				item.Patterns = append(item.Patterns, pat)
			}
			if len(item.Patterns) == 0 {
				item.Patterns = []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: p.pos(p.i), ValueEnd: p.pos(p.i)}}}}
			}
			item.Stmts = p.list(maxCommands, "end case )")
			clause.Items = append(clause.Items, item)
		case "end":
			clause.Esac = p.pos(p.i)
			p.i += 3
			return clause
		default:
			p.fail(start, "switch without its end", p.i >= len(p.src))
		}
	}
}

func (p *fishParser) function(start int) *syntax.Stmt {
	p.i += len("function")
	p.blank()
	nameStart := p.i
	name := p.word()
	if name == nil {
		p.fail(p.i, "function needs a name", p.i >= len(p.src))
	}
	var opts []*syntax.Word
	for { // options: --description, --on-event, --argument-names …
		p.blank()
		w := p.word()
		if w == nil {
			break
		}
		opts = append(opts, w)
	}
	body := p.list(maxCommands, "end )")
	end := p.expectEnd(start, "function")
	lit := &syntax.Lit{ValuePos: p.pos(nameStart), ValueEnd: name.End(), Value: name.Lit()}
	if lit.Value == "" {
		lit.Value = "_"
	}
	_ = opts
	blk := &syntax.Stmt{Position: p.pos(start), Cmd: &syntax.Block{Lbrace: p.pos(start), Rbrace: p.pos(end), Stmts: body}}
	return &syntax.Stmt{Position: p.pos(start), Cmd: &syntax.FuncDecl{Position: p.pos(start), RsrvWord: true, Name: lit, Body: blk}}
}

// simple reads a simple command: words and redirections.
func (p *fishParser) simple() *syntax.Stmt {
	st := &syntax.Stmt{Position: p.pos(p.i)}
	ce := &syntax.CallExpr{}
	for {
		p.blank()
		if p.i >= len(p.src) {
			break
		}
		if _, n := pipeOp(p.src[p.i:]); n > 0 {
			break
		}
		if r := p.redirect(); r != nil {
			st.Redirs = append(st.Redirs, r)
			continue
		}
		w := p.word()
		if w == nil {
			break
		}
		if len(ce.Args) < maxWords {
			ce.Args = append(ce.Args, w)
		}
	}
	if len(ce.Args) == 0 && len(st.Redirs) == 0 {
		return nil
	}
	// NAME=value words before the command are assignments for it (fish
	// 3.1+: X=1 cmd); alone they are an error to fish, and stay words.
	for len(ce.Args) > 1 {
		a := fishAssign(ce.Args[0])
		if a == nil {
			break
		}
		ce.Assigns = append(ce.Assigns, a)
		ce.Args = ce.Args[1:]
	}
	if len(ce.Args) > 0 {
		st.Cmd = ce
	}
	return st
}

// fishAssign reads w as NAME=value when it starts with an unquoted name of
// letters, digits and underscores and an equals sign, or returns nil.
func fishAssign(w *syntax.Word) *syntax.Assign {
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return nil
	}
	name, rest, ok := strings.Cut(lit.Value, "=")
	if !ok || name == "" {
		return nil
	}
	for i, r := range name {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return nil
		}
	}
	value := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts[1:]...)}
	if rest != "" {
		value.Parts = append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: rest}}, value.Parts...)
	}
	a := &syntax.Assign{Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: name}}
	if len(value.Parts) > 0 {
		a.Value = value
	}
	return a
}

// redirect reads a redirection at the cursor, or returns nil.
func (p *fishParser) redirect() *syntax.Redirect {
	s := p.src[p.i:]
	j := 0
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	start := p.i
	var r syntax.Redirect
	if j > 0 {
		r.N = &syntax.Lit{ValuePos: p.pos(start), ValueEnd: p.pos(start + j), Value: s[:j]}
	}
	rest := s[j:]
	n := 0
	switch {
	case j == 0 && strings.HasPrefix(rest, "&>>"):
		r.Op, n = syntax.AppAll, 3
	case j == 0 && strings.HasPrefix(rest, "&>"):
		r.Op, n = syntax.RdrAll, 2
	case strings.HasPrefix(rest, ">>"):
		r.Op, n = syntax.AppOut, 2
	case strings.HasPrefix(rest, ">&"):
		r.Op, n = syntax.DplOut, 2
	case strings.HasPrefix(rest, ">?"):
		r.Op, n = syntax.RdrOut, 2 // no clobber: still a write, as rules should see it
	case strings.HasPrefix(rest, ">") && !strings.HasPrefix(rest, ">|"):
		r.Op, n = syntax.RdrOut, 1
	case strings.HasPrefix(rest, "<&"):
		r.Op, n = syntax.DplIn, 2
	case strings.HasPrefix(rest, "<?"):
		r.Op, n = syntax.RdrIn, 2
	case strings.HasPrefix(rest, "<"):
		r.Op, n = syntax.RdrIn, 1
	default:
		return nil
	}
	opEnd := start + j + n
	r.OpPos = p.pos(start + j)
	p.i = opEnd
	p.blank()
	r.Word = p.word()
	if r.Word == nil {
		p.fail(p.i, "a redirection needs a target", p.i >= len(p.src))
	}
	return &r
}

// word reads one word, or returns nil at a terminator.
func (p *fishParser) word() *syntax.Word {
	w := &syntax.Word{}
	var lit strings.Builder
	litStart := -1
	flush := func() {
		if litStart >= 0 {
			w.Parts = append(w.Parts, &syntax.Lit{ValuePos: p.pos(litStart), ValueEnd: p.pos(p.i), Value: lit.String()})
			lit.Reset()
			litStart = -1
		}
	}
	addLit := func(s string) { // decoded text, escaped for the walker's unquoting
		if litStart < 0 {
			litStart = p.i
		}
		lit.WriteString(strings.ReplaceAll(s, `\`, `\\`))
	}
loop:
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '|' || c == '<' || c == '>' || c == ')':
			break loop
		case c == '&' && (p.i+1 >= len(p.src) || strings.IndexByte(" \t\r\n;&|>", p.src[p.i+1]) >= 0 || len(w.Parts) == 0 && litStart < 0):
			break loop // a&b is one word to fish; a& a& b and a&&b are not
		case c == '#' && len(w.Parts) == 0 && litStart < 0:
			break loop
		case c == '\\':
			if p.i+1 < len(p.src) && p.src[p.i+1] == '\n' {
				if litStart < 0 {
					litStart = p.i
				}
				p.i += 2
				continue
			}
			if litStart < 0 {
				litStart = p.i
			}
			dec, n := fishEscape(p.src[p.i:])
			lit.WriteString(strings.ReplaceAll(dec, `\`, `\\`))
			p.i += n
		case c == '\'':
			flush()
			w.Parts = append(w.Parts, p.single())
		case c == '"':
			flush()
			w.Parts = append(w.Parts, p.double())
		case c == '$':
			flush()
			w.Parts = append(w.Parts, p.dollar(false))
		case c == '(':
			flush()
			w.Parts = append(w.Parts, p.subst(p.i, p.i+1))
		default:
			if litStart < 0 {
				litStart = p.i
			}
			_, size := utf8.DecodeRuneInString(p.src[p.i:])
			addLit(p.src[p.i : p.i+size])
			p.i += size
		}
	}
	flush()
	if len(w.Parts) == 0 {
		return nil
	}
	return w
}

// fishEscape decodes the backslash escape at the start of s (outside
// quotes) and returns its value and length.
func fishEscape(s string) (string, int) {
	if len(s) < 2 {
		return "", len(s) // a trailing backslash is dropped
	}
	c := s[1]
	switch c {
	case 'a':
		return "\a", 2
	case 'b':
		return "\b", 2
	case 'e':
		return "\x1b", 2
	case 'f':
		return "\f", 2
	case 'n':
		return "\n", 2
	case 'r':
		return "\r", 2
	case 't':
		return "\t", 2
	case 'v':
		return "\v", 2
	case 'x', 'X', 'u', 'U', '0', '1', '2', '3', '4', '5', '6', '7':
		width, base, from := map[byte]int{'x': 2, 'X': 2, 'u': 4, 'U': 8}[c], 16, 2
		if c >= '0' && c <= '7' {
			width, base, from = 3, 8, 1
		}
		n, j := digits(s, from, width, base)
		if j == from {
			return s[1:2], 2
		}
		if c == 'u' || c == 'U' {
			if utf8.ValidRune(rune(n)) {
				return string(rune(n)), j
			}
			return "", j
		}
		return string([]byte{byte(n)}), j
	case 'c':
		if len(s) > 2 {
			return string([]byte{s[2] & 0x1f}), 3
		}
	}
	_, size := utf8.DecodeRuneInString(s[1:])
	return s[1 : 1+size], 1 + size
}

// single reads '…': only \\ and \' are escapes.
func (p *fishParser) single() *syntax.SglQuoted {
	start := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '\'':
			q := &syntax.SglQuoted{Left: p.pos(start), Right: p.pos(p.i), Value: b.String()}
			p.i++
			return q
		case c == '\\' && p.i+1 < len(p.src) && (p.src[p.i+1] == '\\' || p.src[p.i+1] == '\''):
			b.WriteByte(p.src[p.i+1])
			p.i += 2
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	p.fail(start, "reached EOF without closing quote `'`", true)
	return nil
}

// double reads "…": \" \$ \\ and \newline are escapes; $var and $(…) expand.
func (p *fishParser) double() *syntax.DblQuoted {
	start := p.i
	p.i++
	q := &syntax.DblQuoted{Left: p.pos(start)}
	var b strings.Builder
	litStart := p.i
	flush := func() {
		if b.Len() > 0 {
			q.Parts = append(q.Parts, &syntax.SglQuoted{Left: p.pos(litStart), Right: p.pos(p.i), Value: b.String()})
			b.Reset()
		}
	}
	for p.i < len(p.src) {
		c := p.src[p.i]
		switch {
		case c == '"':
			flush()
			q.Right = p.pos(p.i)
			p.i++
			return q
		case c == '\\' && p.i+1 < len(p.src):
			switch n := p.src[p.i+1]; n {
			case '"', '$', '\\':
				b.WriteByte(n)
			case '\n':
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			p.i += 2
		case c == '$' && p.i+1 < len(p.src) && (p.src[p.i+1] == '(' || isFishVarByte(p.src[p.i+1]) || p.src[p.i+1] == '$'):
			flush()
			q.Parts = append(q.Parts, p.dollar(true))
			litStart = p.i
		default:
			if b.Len() == 0 {
				litStart = p.i
			}
			b.WriteByte(c)
			p.i++
		}
	}
	p.fail(start, "reached EOF without closing quote `\"`", true)
	return nil
}

func isFishVarByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// dollar reads $(…), $name, $$name and $name[…].
func (p *fishParser) dollar(quoted bool) syntax.WordPart {
	start := p.i
	if strings.HasPrefix(p.src[p.i:], "$(") {
		return p.subst(start, start+2)
	}
	j := p.i + 1
	for j < len(p.src) && p.src[j] == '$' {
		j++
	}
	nameStart := j
	for j < len(p.src) && isFishVarByte(p.src[j]) {
		j++
	}
	if j == nameStart {
		p.i = j
		// a lone $ is a letter
		return &syntax.SglQuoted{Left: p.pos(start), Right: p.pos(j), Value: p.src[start:j]}
	}
	name := p.src[start+1 : j]
	pe := &syntax.ParamExp{Dollar: p.pos(start), Short: true,
		Param: &syntax.Lit{ValuePos: p.pos(start + 1), ValueEnd: p.pos(j), Value: name}}
	if j < len(p.src) && p.src[j] == '[' {
		k := strings.IndexByte(p.src[j:], ']')
		if k < 0 {
			p.fail(j, "reached EOF without closing `]`", true)
		}
		// The index is kept in the source span; the value is dynamic anyway.
		pe.Short = false
		pe.Rbrace = p.pos(j + k)
		pe.Param.Value = name + "[]" // not a plain $HOME
		j += k + 1
	}
	p.i = j
	return pe
}

// subst reads a command substitution whose text starts at body.
func (p *fishParser) subst(start, body int) *syntax.CmdSubst {
	p.i = body
	stmts := p.list(maxCommands, ")")
	p.separators()
	if p.i >= len(p.src) || p.src[p.i] != ')' {
		p.fail(start, "reached EOF without matching `(` with `)`", p.i >= len(p.src))
	}
	cs := &syntax.CmdSubst{Left: p.pos(start), Right: p.pos(p.i), Stmts: stmts}
	p.i++
	return cs
}
