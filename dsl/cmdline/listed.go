package cmdline

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A program fed its own listing (docker ps -aq | xargs docker rm -f) is
// judged as the same program given the listing in a command
// substitution, docker rm -f $(docker ps -aq), which the rules read. The
// listing may reach it by any route: through filters that pass its lines
// on (sort, grep, awk '{print $1}'), xargs or GNU parallel fed by a pipe
// or xargs -a <(…), a for loop over it, a while read loop it feeds, a
// variable holding it; and it may be spelled with wrappers (sudo, env),
// in a subshell or a group. Only the same program's listing counts: any
// other program's output is data the rules do not read.

// listingOf is the listing a pipeline's elements print: the program
// that lists (name) and the substitution the rules read, $(NAME ARGS… |
// FILTER…), written without the lister's wrappers; ok is false when a
// word is not static or an element after the first is no filter that
// passes the lines it reads on (listFilter).
func (w *walker) listingOf(elems []*syntax.Stmt) (name, subst string, ok bool) {
	if len(elems) == 0 || w.full {
		return "", "", false
	}
	first := elems[0]
	for first != nil && len(first.Redirs) == 0 {
		// (docker ps -aq) | xargs …, { docker ps -aq; } | xargs …
		var inner []*syntax.Stmt
		switch c := first.Cmd.(type) {
		case *syntax.Subshell:
			inner = c.Stmts
		case *syntax.Block:
			inner = c.Stmts
		}
		if len(inner) != 1 {
			break
		}
		first = inner[0]
	}
	words, ok := w.expandedCall(first)
	if !ok {
		words, ok = w.namedCall(first)
	}
	if !ok {
		return "", "", false
	}
	fs := make([]field, len(words))
	for i, v := range words {
		fs[i] = field{Word: Word{Value: v}}
	}
	var n Command
	rest := w.peel(&n, fs)
	if n.Dynamic || n.Name == "" {
		return "", "", false
	}
	text := []string{n.Name}
	for _, f := range rest {
		text = append(text, f.Value)
	}
	for _, el := range elems[1:] {
		fw, ok := staticCall(el)
		if !ok || !listFilter(program(baseName(fw[0])), fw[1:]) {
			return "", "", false
		}
		text = append(text, "|")
		text = append(text, fw...)
	}
	return n.Name, "$(" + strings.Join(text, " ") + ")", true
}

// staticCall is the words of a simple command, each static, that prints
// what it is given to: its variables aside (DOCKER_HOST=… docker ps) and
// redirections of its errors only (2>/dev/null); ok is false for any
// other statement.
// namedCall is staticCall's words of st, with a command name the walk
// knows the value of (${!v}, $'\x64'ocker) as the shell runs it.
func (w *walker) namedCall(st *syntax.Stmt) ([]string, bool) {
	words, ok := staticCall(st)
	if ok || st == nil {
		return words, ok
	}
	ce, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(ce.Args) == 0 {
		return nil, false
	}
	name := w.fields(ce.Args[0])
	if len(name) != 1 || name[0].Dynamic {
		return nil, false
	}
	rest, ok := staticCall(&syntax.Stmt{Cmd: &syntax.CallExpr{Args: ce.Args[1:]}, Redirs: st.Redirs})
	if !ok && len(ce.Args) > 1 {
		return nil, false
	}
	return append([]string{name[0].Value}, rest...), true
}

func staticCall(st *syntax.Stmt) ([]string, bool) {
	if st == nil || slices.ContainsFunc(st.Redirs, func(r *syntax.Redirect) bool { return r.N == nil || r.N.Value != "2" }) {
		return nil, false
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return nil, false
	}
	words := make([]string, 0, len(ce.Args))
	for _, a := range ce.Args {
		s, ok := staticWord(a)
		if !ok {
			return nil, false
		}
		words = append(words, s)
	}
	return words, true
}

// expandedCall is staticCall's words of a simple command as the walk
// expanded them to static values ($a ps -aq, ${a:1}, $(which docker)
// ps -aq, zsh's =podman and repeat 1 podman): the program's name, as
// peel read it, and its arguments.
func (w *walker) expandedCall(st *syntax.Stmt) ([]string, bool) {
	if st == nil || slices.ContainsFunc(st.Redirs, func(r *syntax.Redirect) bool { return r.N == nil || r.N.Value != "2" }) {
		return nil, false
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return nil, false
	}
	r := w.resolveCall(ce)
	if r.empty || r.cmd.Dynamic || r.cmd.Name == "" {
		return nil, false
	}
	words := []string{r.cmd.Name}
	for _, f := range r.args {
		if f.Dynamic {
			return nil, false
		}
		words = append(words, f.Value)
	}
	return words, true
}

// listSed is a sed script that substitutes in each line (no e or w
// flag) or deletes lines.
var listSed = lazyRegexp(`^(s/[^/]*/[^/]*/[gI0-9]*|[0-9,$]*d|/[^/]*/d)$`)

// listColumn is an awk program that prints one column of each line.
var listColumn = lazyRegexp(`^\s*\{\s*print\s+\$\d+\s*;?\s*\}\s*$`)

// listFilter reports a pipeline element that passes on the lines of a
// listing, or a column of each: pathFilter's (sort, uniq, grep, tail…),
// awk '{print $N}', cut, tr and sed's substitutions and deletions. grep's narrowing is left to the rules, which
// read it in the substitution.
func listFilter(prog string, args []string) bool {
	words := make([]Word, len(args))
	for i, a := range args {
		words[i] = Word{Value: a}
	}
	switch {
	case pathFilter(prog, words):
		return true
	case prog == "cut" || prog == "tr":
		return true // tr '\n' ' ' joins the lines: the words are the same
	case prog == "sed" || prog == "gsed":
		// s/…/…/ and d edit or drop lines (sed 's/^/x/' | cut -c2-
		// gives them back); e and w, -i and -n are not passing them on
		scripts := 0
		for _, a := range args {
			switch {
			case a == "-E" || a == "-r" || a == "-e" || a == "--regexp-extended":
			case listSed().MatchString(a):
				scripts++
			default:
				return false
			}
		}
		return scripts > 0
	case prog == "awk" || prog == "gawk" || prog == "mawk":
		programs := 0
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case a == "-F" && i+1 < len(args):
				i++
			case strings.HasPrefix(a, "-F"):
			case strings.HasPrefix(a, "-"):
				return false
			default:
				if !listColumn().MatchString(a) {
					return false
				}
				programs++
			}
		}
		return programs == 1
	}
	return false
}

// substListing is listingOf for a substitution's text ($(…), `…`, <(…),
// fish's (…)).
func (w *walker) substListing(v string) (name, subst string, ok bool) {
	var inner string
	switch {
	case w.dialect == Fish && strings.HasPrefix(v, "(") && strings.HasSuffix(v, ")"):
		inner = v[1 : len(v)-1]
	case strings.HasPrefix(v, "$(") && strings.HasSuffix(v, ")") && !strings.HasPrefix(v, "$(("):
		inner = v[2 : len(v)-1]
	case strings.HasPrefix(v, "<(") && strings.HasSuffix(v, ")"):
		inner = v[2 : len(v)-1]
	case len(v) > 1 && strings.HasPrefix(v, "`") && strings.HasSuffix(v, "`"):
		inner = v[1 : len(v)-1]
	default:
		return "", "", false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(inner), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", "", false
	}
	return w.listingOf(pipeline(f.Stmts[0]))
}

// holdsListing records that the variable name holds what a listing
// prints (ids=$(docker ps -aq), for c in $(docker ps -aq), docker ps -aq
// | while read c); an empty subst records nothing.
func (w *walker) holdsListing(name, lister, subst string) {
	if subst == "" {
		return
	}
	if w.listVars == nil {
		w.listVars = make(map[string]listing)
	}
	w.listVars[w.deref(name)] = listing{lister, subst}
}

// listing is a listing a variable holds: the program that lists and the
// substitution that stands for it.
type listing struct{ name, subst string }

// argListing is the listing an argument stands for: its own substitution
// or a variable that holds one.
func (w *walker) argListing(a field) (listing, bool) {
	if !a.Dynamic {
		return listing{}, false
	}
	if name, subst, ok := w.substListing(a.Value); ok {
		return listing{name, subst}, true
	}
	name := strings.TrimPrefix(a.Value, "$")
	if len(name) == len(a.Value) {
		return listing{}, false
	}
	if n, ok := strings.CutPrefix(name, "{"); ok {
		name = strings.TrimSuffix(n, "}")
	}
	if k := strings.IndexByte(name, '['); k > 0 {
		name = name[:k] // "${ids[@]}": the array mapfile filled
	}
	l, ok := w.listVars[w.deref(name)]
	return l, ok
}

// listedCopy emits c once more with its own listing, as a substitution,
// where the listing reaches it: where xargs puts its input (fed by a
// pipe, through filters, or by xargs -a <(…)), and in place of each
// argument that is a listing's substitution or a variable holding one
// (docker rm -f $ids, docker rm -f $c in a loop over the listing). The
// copy drops xargs and what wraps it.
func (w *walker) listedCopy(c *Command, args []field, cx ctx) {
	if c.Dynamic || w.full {
		return
	}
	out, replaced := replaceArgs(args, func(a field) []field {
		if l, ok := w.argListing(a); ok && l.name == c.Name && l.subst != a.Value {
			return []field{{Word: Word{Value: l.subst, Dynamic: true}}}
		}
		return nil
	})
	if !replaced {
		out = args
	}
	wrappers := c.Wrappers
	if wr, ok := xargsOf(c); ok {
		wrappers = wrappers[:slices.IndexFunc(wrappers, func(x Wrapper) bool { return x.Name == "xargs" })]
		if l, ok := w.xargsListing(c, wr, cx); ok && l.name == c.Name {
			list := field{Word: Word{Value: l.subst, Dynamic: true}}
			repl := ""
			for i := range wr.Args {
				if r, ok := xargsReplace(wr.Args, i); ok {
					repl = r
				}
			}
			switch j := slices.IndexFunc(out, func(a field) bool { return a.Value == repl }); {
			case repl == "":
				out = append(slices.Clip(out), list)
				replaced = true
			case j >= 0:
				// -I {}: one item a command, the same removal of each;
				// the listing stands where the string is a word of its own
				out = slices.Concat(out[:j], []field{list}, out[j+1:])
				replaced = true
			}
		}
	}
	if replaced {
		w.spawnBare(c, wrappers, append([]field{{Word: Word{Value: c.Path}}}, out...), cx, nil)
	}
}

// xargsListing is the listing xargs reads: an -a/--arg-file
// substitution, the one its standard input is redirected from, or the
// pipeline elements before it (fedBy).
func (w *walker) xargsListing(c *Command, wr Wrapper, cx ctx) (listing, bool) {
	for i, v := range wr.Args {
		file := ""
		switch {
		case (v == "-a" || v == "--arg-file") && i+1 < len(wr.Args):
			file = wr.Args[i+1]
		case strings.HasPrefix(v, "--arg-file="):
			file = strings.TrimPrefix(v, "--arg-file=")
		case strings.HasPrefix(v, "-a") && len(v) > 2:
			file = v[2:]
		default:
			continue
		}
		if name, subst, ok := w.substListing(file); ok {
			return listing{name, subst}, true
		}
		return w.fileListing(c, wr) // xargs -a FILE of a listing written earlier
	}
	if cx.stdinSubst != "" {
		if name, subst, ok := w.substListing(cx.stdinSubst); ok {
			return listing{name, subst}, true
		}
		return w.fileListing(c, wr) // < FILE of a listing written earlier
	}
	name, subst, ok := w.listingOf(fedBy(cx))
	return listing{name, subst}, ok
}

// fileListing is the listing a file holds that xargs reads (< FILE, -a
// FILE) when a command earlier on the line wrote it, with nothing else
// on its pipeline: docker ps -aq > /tmp/l; xargs docker rm -f < /tmp/l is
// docker rm -f $(docker ps -aq).
func (w *walker) fileListing(c *Command, wr Wrapper) (listing, bool) {
	file := ""
	for _, r := range c.Redirects {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") && !r.Target.Dynamic {
			file = r.Target.Value
		}
	}
	for i, v := range wr.Args {
		if (v == "-a" || v == "--arg-file") && i+1 < len(wr.Args) {
			file = wr.Args[i+1]
		}
	}
	if file == "" {
		return listing{}, false
	}
	for j := len(w.line.Commands) - 1; j >= 0; j-- {
		o := w.line.Commands[j]
		if o.Pipe.Len > 1 || o.Dynamic || len(o.Via) > 0 {
			continue
		}
		for _, r := range o.Redirects {
			if (r.Op == ">" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && r.Target.Value == file && !r.Target.Dynamic {
				words := []string{o.Name}
				for _, a := range o.Args {
					if a.Dynamic {
						return listing{}, false
					}
					words = append(words, a.Value)
				}
				return listing{o.Name, "$(" + strings.Join(words, " ") + ")"}, true
			}
		}
	}
	return listing{}, false
}

// fedBy are the pipeline elements whose output a command reads: those
// before it, or before the compound command it is first in (docker ps
// -aq | { xargs docker rm -f; }).
func fedBy(cx ctx) []*syntax.Stmt {
	if len(cx.feeders) == 0 && cx.outer.Index > 0 {
		return cx.outerFeeders
	}
	return cx.feeders
}

// parallelListed runs GNU parallel's command (cmd) once more with the
// listing a pipe feeds it as a substitution, at {} or appended (docker ps
// -aq | parallel docker rm -f is docker rm -f $(docker ps -aq)), when the
// command is the lister's program.
func (w *walker) parallelListed(c *Command, cmd []string, cx ctx) {
	if len(cmd) == 0 {
		return
	}
	name, subst, ok := w.listingOf(fedBy(cx))
	if !ok || !slices.ContainsFunc(cmd, func(v string) bool { return baseName(v) == name }) {
		return
	}
	words := make([]string, len(cmd))
	for i, v := range cmd {
		words[i] = shellQuote(v)
	}
	if j := slices.Index(cmd, "{}"); j >= 0 {
		words[j] = subst
	} else if slices.ContainsFunc(cmd, func(v string) bool { return strings.Contains(v, "{") && strings.Contains(v, "}") }) {
		return // another replacement string ({.}, {/}): nothing appended
	} else {
		words = append(words, subst)
	}
	w.nested(c, strings.Join(words, " "), "parallel", cx, false)
}
