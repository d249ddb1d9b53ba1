package cmdline

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Internal bounds, on top of MaxInput and MaxDepth.
const (
	maxNesting  = 256      // brackets and compound commands; the parser recurses once per level
	maxCommands = 10_000   // commands per line, nested ones included
	maxWords    = 10_000   // words per command
	maxRepair   = 64 << 10 // longer text is not re-parsed after a syntax error
	// maxSteps bounds the work of one line (walker.spend): 16 times the
	// largest input, far above what a real line needs (a 1 MiB script of
	// commands spends about 2 MiB).
	maxSteps = 16 * MaxInput
	// maxBraceWord bounds the bytes of a word that brace expansion reads
	// (mvdan/sh's SplitBraces is not linear); a longer word with braces is
	// an IssueLimit and stays as written.
	maxBraceWord = 4 << 10
)

// Dialect is the shell grammar a line is read in.
type Dialect string

const (
	Bash  Dialect = "bash"  // mvdan/sh's bash variant
	POSIX Dialect = "posix" // mvdan/sh's POSIX variant (sh, dash)
	Zsh   Dialect = "zsh"   // mvdan/sh's zsh variant, plus hguard's handling of what it lacks
	Fish  Dialect = "fish"  // hguard's own parser of fish's grammar (fish.go)
)

// DialectOf maps the name of a shell (the --shell flag, a hook's shell, a
// path such as /usr/bin/zsh) to its dialect. "" and shells hguard has no
// grammar for are read as bash.
func DialectOf(shell string) Dialect {
	switch program(baseName(shell)) {
	case "zsh":
		return Zsh
	case "fish":
		return Fish
	case "sh", "dash", "ash", "posh", "posix":
		return POSIX
	}
	return Bash
}

// Parse reads one command line (possibly multi-line) as bash; see ParseShell.
func Parse(s string) *Line { return ParseShell(s, "") }

// ParseShell reads one command line in the dialect of shell (DialectOf) into
// the model. It never fails: problems become Line.Issues. It never panics,
// and its time is linear in len(s). It reads nothing but s.
//
// The parser sees the bytes as received, as the shell does: look-alike and
// invisible characters are issues and are folded only inside words, for the
// names and values rules match (FoldWord). A NUL byte is a parse issue: no
// shell receives it (bash -c stops at it, a script loses it), so the line is
// not what any shell would run.
func ParseShell(s, shell string) (line *Line) { return ParseShellAfter(s, shell, Before{}) }

// ParseShellAfter is ParseShell for a line of a session whose earlier
// lines left before (Before): code the line runs from what they fetched is
// marked remote, and scripts it runs from files they wrote are read. With
// before.Cwd, Line.Fetched and Line.Written are absolute too.
func ParseShellAfter(s, shell string, before Before) (line *Line) {
	d := DialectOf(shell)
	line = &Line{Original: s, Dialect: d}
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
	line.Unfolded = line.Normalized
	src := shellText(s)
	w := newWalker(line, src)
	w.before = before
	w.seedBefore(d)
	if cwd := before.Cwd; path.IsAbs(cwd) {
		w.fetch.started, w.fetch.dir, w.fetch.start = true, path.Clean(cwd), path.Clean(cwd)
	}
	var earlier map[string]bool
	for _, f := range before.Fetched {
		if f = path.Clean(f); f != "." && f != "/" && f != "~" && len(earlier) < maxFetchedSeeds {
			if earlier == nil {
				earlier = map[string]bool{}
			}
			earlier[f] = true
			w.addFetched(f)
		}
	}
	defer func() { line.Fetched, line.Written = w.fetchedPaths(earlier), w.writtenPaths() }()
	if i := strings.IndexByte(s, 0); i >= 0 {
		p := w.lines.pos(i)
		w.issue(IssueParse, p, fmt.Sprintf("%d:%d: nul byte: no shell runs this line as written (bash -c stops at it, a script drops it)", p.Line, p.Col))
	}
	w.text(src, ctx{dialect: d})
	if len(w.readAs) > 0 && src == s {
		// the unfolded text opens with the line as the rules read it
		old := line.Normalized
		line.Normalized = fold(w.spelledText(src))
		line.Unfolded = line.Normalized + strings.TrimPrefix(line.Unfolded, old)
	}
	if w.sawDefault && !w.full {
		for other := range max(w.otherWalks, 1) {
			defaultsWalk(line, src, before, d, other)
		}
	}
	return line
}

// defaultsWalk walks the line once more with each variable it does not
// set taking its expansion's default (cat ${KUBECONFIG:-~/.kube/config}
// is cat ~/.kube/config when the environment sets none) and adds the
// commands that differ from the first walk's: the environment may or may
// not set the variable, so both readings are judged, and the stricter
// verdict stands.
//
// A variable with other values it may hold (flow.others) takes the
// other-th of them (its last for a walk past its count).
func defaultsWalk(line *Line, src string, before Before, d Dialect, other int) {
	seen := make(map[string]bool, len(line.Commands))
	for _, c := range line.Commands {
		seen[runKey(c)] = true
	}
	second := &Line{Original: line.Original, Dialect: d}
	w := newWalker(second, src)
	w.before, w.defaults, w.other = before, true, other
	w.seedBefore(d)
	w.text(src, ctx{dialect: d})
	for _, c := range second.Commands {
		if k := runKey(c); !seen[k] {
			seen[k] = true
			line.Commands = append(line.Commands, c)
		}
	}
}

// runKey tells commands apart by what they run: name, words and
// redirection targets.
func runKey(c *Command) string {
	var b strings.Builder
	b.WriteString(c.Name)
	for _, a := range c.Args {
		b.WriteByte(0)
		b.WriteString(a.Value)
	}
	for _, r := range c.Redirects {
		b.WriteByte(1)
		b.WriteString(r.Op)
		b.WriteString(r.Target.Value)
	}
	return b.String()
}

// maxFetchedSeeds bounds what earlier lines pass in.
const maxFetchedSeeds = 256

// shellText prepares the bytes for mvdan/sh where it reads them differently
// from the shells: it takes backslash CR LF for a line continuation, while to
// bash the backslash quotes the CR and the LF ends the command. The CR
// becomes a space (quoted the same way), so offsets do not move.
func shellText(s string) string {
	if !strings.Contains(s, "\\\r\n") {
		return s
	}
	return strings.ReplaceAll(s, "\\\r\n", "\\ \n")
}

// commentEnds prepares the bytes for mvdan/sh where a comment ends in a
// backslash: mvdan/sh takes the backslash and the newline for a line
// continuation and goes on with the comment's line (dd x # c \<newline>rm y
// was read as dd x rm y), while bash and zsh end a comment at the newline,
// backslash or not. That backslash becomes a space, so offsets do not move.
//
// The scan follows quotes and escapes, not the whole grammar: where it
// takes text for a comment that is not one (inside a heredoc's body), the
// lines it separates make hguard see more commands, never fewer.
func commentEnds(src string) string {
	if !strings.Contains(src, "\\\n") || !strings.Contains(src, "#") {
		return src
	}
	var b []byte // a copy, made at the first change
	wordStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\':
			i++ // the escaped byte
			wordStart = false
			continue
		case c == '\'':
			if j := strings.IndexByte(src[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				i = len(src) - 1
			}
		case c == '$' && i+1 < len(src) && src[i+1] == '\'':
			i = skipEscaped(src, i+2, '\'')
		case c == '"':
			i = skipEscaped(src, i+1, '"')
		case c == '#' && wordStart:
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				i = len(src)
				continue
			}
			i += end
			if src[i-1] == '\\' {
				if b == nil {
					b = []byte(src)
				}
				b[i-1] = ' '
			}
		}
		wordStart = strings.IndexByte(" \t\n;&|()<>`", src[i]) >= 0
	}
	if b == nil {
		return src
	}
	return string(b)
}

// skipEscaped returns the offset of the quote q that closes the text
// starting at i, skipping backslash escapes ("…" and $'…'), or the last
// offset of src when it is not closed.
func skipEscaped(src string, i int, q byte) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return len(src) - 1
}

// parse parses src into its top-level statements. It stops early once the
// command budget is spent, so that a megabyte of "a;" costs little. On a
// syntax error it returns the statements a recovering parse can still find.
func (w *walker) parse(src string, d Dialect) ([]*syntax.Stmt, error) {
	if off, ok := nestingOK(src); !ok {
		return nil, nestingError{off}
	}
	if d == Fish {
		return w.parseFish(src)
	}
	budget := maxCommands - len(w.line.Commands)
	var stmts []*syntax.Stmt
	var perr error
	// The loop never breaks: the iterator must run to its end. Past the
	// budget, the reader reports EOF so that the parser stops soon.
	rd := &cutReader{r: strings.NewReader(src)}
	if err := parseSafely(func() {
		for st, err := range w.dialectParser(d).StmtsSeq(rd) {
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
	if d == Zsh {
		if fixed, ok := w.zshRewrite(src, perr); ok {
			return w.parse(fixed, d)
		}
		if strings.Contains(perr.Error(), "bash/mksh feature") {
			// for i in a; { … }: zsh takes it as bash does, which the
			// zsh variant rejects; the walk stays zsh's
			if stmts, err := w.parse(src, Bash); err == nil {
				return stmts, nil
			}
		}
	}
	if len(src) > maxRepair {
		return stmts, perr // the statements before the error will do
	}
	var f *syntax.File
	var rerr error
	if parseSafely(func() { f, rerr = w.recovering(d).Parse(strings.NewReader(repair(src, perr, variant(d))), "") }) == nil && rerr == nil {
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
func repair(src string, err error, lang syntax.LangVariant) string {
	p := syntax.NewParser(syntax.Variant(lang))
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

func (w *walker) recovering(d Dialect) *syntax.Parser {
	if w.recover == nil {
		w.recover = make(map[Dialect]*syntax.Parser)
	}
	p := w.recover[d]
	if p == nil {
		p = syntax.NewParser(syntax.Variant(variant(d)), syntax.RecoverErrors(8))
		w.recover[d] = p
	}
	return p
}

// dialectParser is the mvdan/sh parser for d.
func (w *walker) dialectParser(d Dialect) *syntax.Parser {
	if d == "" {
		d = Bash
	}
	p := w.parsers[d]
	if p == nil {
		p = syntax.NewParser(syntax.Variant(variant(d)))
		w.parsers[d] = p
	}
	return p
}

// variant is mvdan/sh's language for a dialect it parses.
func variant(d Dialect) syntax.LangVariant {
	switch d {
	case POSIX:
		return syntax.LangPOSIX
	case Zsh:
		return syntax.LangZsh
	}
	return syntax.LangBash
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
