package cmdline

import (
	"cmp"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The shells expand an alias where they read a command's name, before the
// statement is parsed: alias x=sudo⏎x rm -rf / is sudo rm -rf / in every
// respect (its pipeline, its redirections, what it prints and to whom).
// Walking the alias's text as a carrier of its own would judge it apart
// from all that, so a statement that names an alias in command position
// is written out again with the alias's text in place of the name and
// walked as if typed so. A function that only passes its arguments on to
// one command (fish's alias NAME, function x --wraps gh; gh $argv; end,
// bash's x(){ gh "$@"; }) is that command's alias in all but name.

// expandAliases returns the text of st with the aliases and wrapper
// functions named in command position replaced by their text, and the
// names replaced; ok is false when st names none.
func (w *walker) expandAliases(st *syntax.Stmt) (text string, names []string, ok bool) {
	start, end := offset(st.Pos(), len(w.src)), offset(st.End(), len(w.src))
	if len(w.aliases) == 0 && len(w.wrappers) == 0 && len(w.bodies) == 0 && !strings.Contains(w.src[start:max(start, end)], "eval") {
		return "", nil, false
	}
	type replacement struct {
		from, to int
		text     string
	}
	var reps []replacement
	// an eval whose output goes to a pipe or whose redirections apply to
	// its text: alone, eval's own walk (via eval) judges its text alike
	piped := map[*syntax.Stmt]bool{}
	// the calls whose output goes elsewhere than the statement's (a pipe,
	// a redirection, a substitution): there a function's body is read in
	// place; a plain call's body is judged where it is defined
	bodyAt := map[*syntax.CallExpr]bool{}
	syntax.Walk(st, func(n syntax.Node) bool {
		if n == nil {
			return true
		}
		end = max(end, offset(n.End(), len(w.src))) // a heredoc's body lies past the statement's end
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				piped[n.X], piped[n.Y] = true, true
			}
		case *syntax.CmdSubst:
			for _, s := range n.Stmts {
				piped[s] = true
			}
		case *syntax.ProcSubst:
			for _, s := range n.Stmts {
				piped[s] = true
			}
		case *syntax.Stmt:
			if call, ok := n.Cmd.(*syntax.CallExpr); ok && (piped[n] || len(n.Redirs) > 0) {
				bodyAt[call] = true
				if text, ok := w.evalText(call); ok {
					reps = append(reps, replacement{offset(call.Args[0].Pos(), len(w.src)), offset(call.Args[len(call.Args)-1].End(), len(w.src)), text})
					return false
				}
			}
		}
		call, isCall := n.(*syntax.CallExpr)
		if !isCall {
			return true
		}
		// as in bash, an alias whose text ends in a blank makes the next
		// word an alias's place too (alias sudo='sudo ')
		for _, word := range call.Args {
			value, found := w.aliasText(word.Lit())
			if !found {
				if text, ok := w.bodyText(word.Lit()); ok && bodyAt[call] {
					// a function whose body uses no argument: the call,
					// its arguments with it, is that body
					last := call.Args[len(call.Args)-1]
					reps = append(reps, replacement{offset(word.Pos(), len(w.src)), offset(last.End(), len(w.src)), text})
					names = append(names, word.Lit())
				}
				break
			}

			reps = append(reps, replacement{offset(word.Pos(), len(w.src)), offset(word.End(), len(w.src)), value})
			names = append(names, word.Lit())
			if !strings.HasSuffix(value, " ") && !strings.HasSuffix(value, "\t") {
				break
			}
		}
		return true
	})
	if len(reps) == 0 || start >= end {
		return "", nil, false
	}
	slices.SortFunc(reps, func(a, b replacement) int { return a.from - b.from })
	var b strings.Builder
	at := start
	for _, r := range reps {
		if r.from < at || r.to > end {
			return "", nil, false
		}
		b.WriteString(w.src[at:r.from])
		b.WriteString(r.text)
		at = r.to
	}
	b.WriteString(w.src[at:end])
	return b.String(), names, true
}

// stmtAsWritten walks st with the aliases and wrapper functions it names
// in command position taken as the commands of those names: the reading
// beside expandedStmt's where the shell does not expand them.
func (w *walker) stmtAsWritten(st *syntax.Stmt, cx ctx) {
	_, names, ok := w.expandAliases(st)
	// a function whose body takes the call's place is called as written
	// too: no shell takes its name for another command
	names = slices.DeleteFunc(names, func(n string) bool { _, body := w.bodies[n]; return body && w.aliases[n] == "" })
	if !ok || len(names) == 0 {
		w.stmt(st, cx)
		return
	}
	saved := w.asWritten
	w.asWritten = maps.Clone(saved)
	if w.asWritten == nil {
		w.asWritten = make(map[string]bool, len(names))
	}
	for _, n := range names {
		w.asWritten[n] = true
	}
	w.stmt(st, cx)
	w.asWritten = saved
}

// aliasText is the text the shell puts in place of name in command
// position: an alias's, or a wrapper function's command without its
// arguments. A name being expanded is not expanded again within its own
// text (alias ls='ls --color' runs ls).
func (w *walker) aliasText(name string) (string, bool) {
	if name == "" || w.expanding[name] {
		return "", false
	}
	if text, ok := w.aliases[name]; ok {
		return text, true
	}
	text, ok := w.wrappers[name]
	return text, ok
}

// bodyText is the text the shell runs for a call of name, a function whose
// body is one pipeline of commands as written, using none of its
// arguments (pids(){ pgrep -f node; }; kill $(pids)): with or without
// arguments the call runs that text.
func (w *walker) bodyText(name string) (string, bool) {
	if name == "" || w.expanding[name] || w.aliases[name] != "" {
		return "", false
	}
	text, ok := w.bodies[name]
	return text, ok
}

// expandedStmt walks st as the shell reads it once the aliases it names
// are expanded, and reports whether it did: a text that does not parse is
// left to st's own walk, which follows the alias as a carrier.
func (w *walker) expandedStmt(st *syntax.Stmt, cx ctx) bool {
	if w.walks >= maxLoopWalks {
		return false
	}
	text, names, ok := w.expandAliases(st)
	if !ok {
		return false
	}
	stmts, err := w.parse(text, w.dialect)
	if err != nil || len(stmts) == 0 {
		return false
	}
	w.walks++
	if cx.at == nil && len(cx.via) == 0 {
		w.spell(offset(st.Pos(), len(w.src)), offset(st.Pos(), len(w.src))+len(w.source(st.Pos(), st.End())), text)
	}
	at := w.pos(st, cx)
	cx.at = &at
	cx.maybe = cx.maybe || w.fishCond[st] // fish's and x, or x: it may not run
	if w.expanding == nil {
		w.expanding = make(map[string]bool)
	}
	var added []string
	for _, n := range names {
		if !w.expanding[n] {
			w.expanding[n] = true
			added = append(added, n)
		}
	}
	saved := w.src
	w.src = text
	for _, s := range stmts {
		if w.full {
			break
		}
		w.stmt(s, cx)
	}
	w.src = saved
	for _, n := range added {
		delete(w.expanding, n)
	}
	return true
}

// noteWrapper records, or forgets, the function fd defines as a wrapper:
// a body of one command whose last word passes on all the function's
// arguments ("$@", $argv) and whose other words are as written. Its
// text is that command without the last word.
func (w *walker) noteWrapper(name string, fd *syntax.FuncDecl) {
	delete(w.wrappers, name)
	delete(w.bodies, name)
	text, ok := w.wrapperText(fd.Body)
	if !ok {
		if text, ok := w.staticBody(fd.Body); ok {
			if w.bodies == nil {
				w.bodies = make(map[string]string)
			}
			w.bodies[name] = text
		}
		return
	}
	if w.wrappers == nil {
		w.wrappers = make(map[string]string)
	}
	w.wrappers[name] = text
}

func (w *walker) wrapperText(body *syntax.Stmt) (string, bool) {
	if body == nil {
		return "", false
	}
	st := body
	if block, ok := body.Cmd.(*syntax.Block); ok {
		if len(block.Stmts) != 1 {
			return "", false
		}
		st = block.Stmts[0]
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) < 2 {
		return "", false
	}
	n := len(call.Args)
	if !w.allArguments(call.Args[n-1]) {
		return "", false
	}
	for _, word := range call.Args[:n-1] {
		static := true
		syntax.Walk(word, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
				static = false
			}
			return static
		})
		if !static {
			return "", false
		}
	}
	return w.source(call.Args[0].Pos(), call.Args[n-2].End()), true
}

// staticBody is the text of a function body that is one pipeline of
// simple commands whose words are all as written (no expansion, no
// redirection, no assignment): what a call of it runs, whatever its
// arguments.
func (w *walker) staticBody(body *syntax.Stmt) (string, bool) {
	if body == nil {
		return "", false
	}
	st := body
	if block, ok := body.Cmd.(*syntax.Block); ok {
		if len(block.Stmts) != 1 {
			return "", false
		}
		st = block.Stmts[0]
	}
	if st.Cmd == nil || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return "", false
	}
	static := true
	var calls int
	syntax.Walk(st.Cmd, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			static = static && n.Op == syntax.Pipe
		case *syntax.Stmt:
			static = static && !n.Negated && !n.Background && !n.Coprocess && len(n.Redirs) == 0
		case *syntax.CallExpr:
			calls++
			static = static && len(n.Assigns) == 0 && len(n.Args) > 0 && !scopedBuiltins.has(n.Args[0].Lit())
		case *syntax.Word, *syntax.Lit, *syntax.SglQuoted, nil:
		case *syntax.DblQuoted:
			for _, p := range n.Parts {
				if _, lit := p.(*syntax.Lit); !lit {
					static = false
				}
			}
		default:
			static = false
		}
		return static
	})
	if !static || calls == 0 {
		return "", false
	}
	return w.source(st.Cmd.Pos(), st.Cmd.End()), true
}

// scopedBuiltins act on the function they run in, or on the shell's
// state as a function sees it (local, emulate -L, shift, return), or read
// their words as code: a body of one of them is not the same text at the
// call's place.
var scopedBuiltins = set("local", "declare", "typeset", "emulate", "setopt", "unsetopt", "set", "shift", "return", "export",
	"readonly", "unset", "trap", "alias", "unalias", "source", ".", "eval", "exec", "builtin", "command", "shopt", "coproc",
	"getopts", "read", "readarray", "mapfile", "let", "functions", "autoload", "zmodload", "enable", "disable", "hash",
	"argparse", "status", "noglob", "nocorrect", "")

// allArguments reports a word that is all of a function's arguments, each
// a word of its own: "$@" in bash and zsh, $argv in fish.
func (w *walker) allArguments(word *syntax.Word) bool {
	parts := word.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok && w.dialect != Fish {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return false
	}
	p, ok := parts[0].(*syntax.ParamExp)
	if !ok || p.Param == nil || p.Index != nil || p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Excl || p.Length || p.Width {
		return false
	}
	if w.dialect == Fish {
		return p.Param.Value == "argv"
	}
	return p.Param.Value == "@"
}

// evalText is the text an eval of words known as written runs, spelled so
// that it takes eval's place in its statement: the shell joins the words
// with spaces and reads them again, with eval's pipe and redirections
// around all of it, which the text walked as eval's own would not have (eval cat /dev/zero > f is cat /dev/zero > f; eval
// (string join "" e n v) -0 | base64 in fish is env -0 | base64). A text
// of more than one simple command is a group, whose redirections apply
// to each. Words that hold a variable are left to eval's own walk, which
// sees them with the values the statement gave them; substitutions only
// of programs that print their words (string join, echo) are read.
func (w *walker) evalText(call *syntax.CallExpr) (string, bool) {
	if len(call.Args) < 2 || call.Args[0].Lit() != "eval" || len(call.Assigns) > 0 {
		return "", false
	}
	var words []string
	for _, word := range call.Args[1:] {
		if !printedOnly(word) {
			return "", false
		}
		for _, f := range w.fields(word) {
			if f.Dynamic {
				return "", false
			}
			words = append(words, f.Value)
		}
	}
	text := strings.Join(words, " ")
	stmts, err := w.parse(text, w.dialect)
	if err != nil || len(stmts) == 0 {
		return "", false
	}
	if len(stmts) == 1 && len(stmts[0].Redirs) == 0 && !stmts[0].Background && !stmts[0].Coprocess {
		switch stmts[0].Cmd.(type) {
		case *syntax.CallExpr, *syntax.DeclClause:
			return text, true
		}
	}
	if w.dialect == Fish {
		return "begin\n" + text + "\nend", true
	}
	return "{\n" + text + "\n}", true
}

// printedOnly reports a word with no variable in it, whose substitutions
// run only programs that print their words.
func printedOnly(word *syntax.Word) bool {
	ok := true
	syntax.Walk(word, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
			ok = false
		case *syntax.Stmt:
			if len(n.Redirs) > 0 || n.Background || n.Coprocess {
				ok = false
			}
		case *syntax.CallExpr:
			if len(n.Assigns) > 0 || len(n.Args) == 0 || !printers.has(n.Args[0].Lit()) {
				ok = false
			}
		case nil, *syntax.CmdSubst, *syntax.Lit, *syntax.SglQuoted, *syntax.DblQuoted, *syntax.Word:
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// printers print their words and do nothing else.
var printers = set("echo", "printf", "string")

// spellName notes the name of a command of the line itself that is
// written in quotes, escapes or expansions whose value is known
// ($'\x70's, p”s, ${!v}): the line's detection view (Line.Normalized),
// which line-scope rules match, spells it as the shell runs it.
func (w *walker) spellName(ce *syntax.CallExpr, cx ctx) {
	if cx.at != nil || len(cx.via) > 0 || len(ce.Args) == 0 || ce.Args[0].Lit() != "" {
		return
	}
	fs := w.fields(ce.Args[0])
	if len(fs) != 1 || fs[0].Dynamic || !bareName(fs[0].Value) {
		return
	}
	w.spell(offset(ce.Args[0].Pos(), len(w.src)), offset(ce.Args[0].End(), len(w.src)), fs[0].Value)
}

// spell notes that the line's text from..to is read as text.
func (w *walker) spell(from, to int, text string) {
	if w.readAs == nil {
		w.readAs = make(map[[2]int]string)
	}
	w.readAs[[2]int{from, to}] = text
}

// bareName reports a command name that needs no quoting.
func bareName(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("._+-/", r))
	}) < 0
}

// spelledText is src with the spans spell noted written as the shell
// reads them; of two that overlap, the one that starts first, or the
// longer, holds the other.
func (w *walker) spelledText(src string) string {
	spans := slices.SortedFunc(maps.Keys(w.readAs), func(a, b [2]int) int { return cmp.Or(a[0]-b[0], b[1]-a[1]) })
	var b strings.Builder
	at := 0
	for _, span := range spans {
		if span[0] < at || span[1] > len(src) {
			continue
		}
		b.WriteString(src[at:span[0]])
		b.WriteString(w.readAs[span])
		at = span[1]
	}
	b.WriteString(src[at:])
	return b.String()
}
