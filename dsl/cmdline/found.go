package cmdline

import (
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// foundChangers are the programs that change, move or replace in place
// the files they are given (the compressors, inPlacePrograms, too): run by
// find -exec on {} or by xargs on find's output, what they change is what
// find finds. rm, unlink and rmdir are not among them: find-exec-delete
// judges every delete find or xargs runs whatever it finds.
var foundChangers = set("mv", "cp", "ln", "install", "touch", "truncate", "shred", "tee", "chmod", "chown", "chgrp", "chattr",
	"sed", "gsed", "perl", "ruby", "dos2unix", "unix2dos", "mac2unix", "unix2mac", "ex", "vim", "vi", "nvim")

// foundNames are names that stand for what find finds, read from its
// arguments: for each starting point P, P/NAME for each -name or -iname
// pattern it tests (and P itself when its base name matches), or P and
// P/* when it tests no name (find ~ -exec gzip {} + reaches ~/.bashrc). A
// pattern keeps its glob characters, for the rules' glob reading
// (mayName). A negated name test (! -name x) says nothing of what is
// found. nil when a point or a name is known only at run time.
func foundNames(args []Word) []Word {
	var points []Word
	end := FindStart(len(args), func(i int) string { return args[i].Value }, func(i int) { points = append(points, args[i]) })
	if len(points) == 0 {
		points = []Word{{Value: "."}} // GNU find starts at . when given no point
	}
	var names []string
	negated := false
	for i := end; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "!" || v == "-not":
			negated = true
			continue
		case (v == "-name" || v == "-iname") && i+1 < len(args):
			i++
			if args[i].Dynamic {
				return nil
			}
			if !negated {
				names = append(names, args[i].Value)
			}
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			for i++; i < len(args) && args[i].Value != ";" && args[i].Value != "+"; i++ {
			}
		}
		negated = false
	}
	var out []Word
	for _, p := range points {
		if p.Dynamic || p.Value == "" {
			return nil
		}
		if len(names) == 0 {
			out = append(out, Word{Value: p.Value}, Word{Value: strings.TrimSuffix(p.Value, "/") + "/*", Glob: true})
			continue
		}
		for _, n := range names {
			if ok, _ := path.Match(n, path.Base(p.Value)); ok && p.Value != "." && p.Value != "/" {
				out = append(out, Word{Value: p.Value})
			}
			out = append(out, Word{Value: strings.TrimSuffix(p.Value, "/") + "/" + n, Glob: strings.ContainsAny(n, "*?[")})
			if !strings.ContainsAny(n, "*?[") && homesPoint(p.Value) {
				// find descends: find /home -name .bashrc finds
				// /home/u/.bashrc (a pattern's deeper matches are left:
				// -name '*.log' under ~ would stand for every file)
				out = append(out, Word{Value: strings.TrimSuffix(p.Value, "/") + "/*/" + n, Glob: true})
			}
		}
	}
	return out
}

// homesPoint reports a find starting point that is a home or holds homes
// (~, /home, /root, /Users), where a name find finds deeper is a user's
// configuration file.
func homesPoint(p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, h := range []string{"~", "/home", "/root", "/Users"} {
		if p == h || strings.HasPrefix(p, h+"/") {
			return true
		}
	}
	return false
}

// changesFound reports a program foundCopy makes a copy of.
func changesFound(name string) bool {
	prog := program(name)
	return inPlacePrograms[name] != nil || inPlacePrograms[prog] != nil || foundChangers.has(prog)
}

// foundCopy emits the command find -exec runs (fs, with its {} words)
// once more with foundNames in place of {}, as typed, for the rules on
// what it changes to judge: find ~ -name .bashrc -exec gzip {} \; is
// gzip ~/.bashrc, find /etc -name passwd -exec sed -i … {} + sed -i …
// /etc/passwd. The copy carries the find's own wrappers (sudo), not find
// itself: the rules on what find runs (find-exec-delete) judge the
// command as it is.
func (w *walker) foundCopy(c *Command, findArgs []field, fs []field, cx ctx) {
	if len(fs) == 0 || fs[0].Dynamic {
		return
	}
	found := foundNames(fieldWords(findArgs))
	if len(found) == 0 {
		return
	}
	var out []field
	replaced := false
	for _, f := range fs {
		if f.Value != "{}" {
			out = append(out, f)
			continue
		}
		replaced = true
		for _, n := range found {
			out = append(out, field{Word: n, glob: n.Glob})
		}
	}
	if replaced {
		// the program is known after the wrappers: -exec sudo gzip {}
		w.spawnBare(c, c.Wrappers, out, cx, changesFound)
	}
}

// fdValues are fd's options that take the next word as their value
// (fd(1)); --and's is another pattern.
var fdValues = set("-e", "--extension", "-t", "--type", "-d", "--max-depth", "--min-depth", "--exact-depth", "-E", "--exclude",
	"-S", "--size", "--changed-within", "--changed-before", "--change-newer-than", "--change-older-than", "--newer", "--older",
	"-j", "--threads", "-o", "--owner", "--base-directory", "--ignore-file", "-c", "--color", "--max-results", "--path-separator",
	"--format", "--batch-size", "--and", "--hyperlink", "--strip-cwd-prefix")

// fdSearch is what fd [PATTERN] [PATH…] searches: its pattern, starting
// points (. when none), extensions, and how the pattern is read (-g, -F,
// --full-path).
type fdSearch struct {
	pattern           string
	points, exts      []string
	glob, fixed, full bool
}

// parseFdSearch reads fd's words up to its -x/-X command; ok is false
// where a word is known only at run time.
func parseFdSearch(args []Word) (fdSearch, bool) {
	var q fdSearch
	var ops []string
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return q, false
		}
		switch {
		case isFdExec(v):
			i = len(args)
		case v == "--":
			for _, a := range args[i+1:] {
				if a.Dynamic {
					return q, false
				}
				ops = append(ops, a.Value)
			}
			i = len(args)
		case v == "-g" || v == "--glob":
			q.glob = true
		case v == "-F" || v == "--fixed-strings":
			q.fixed = true
		case v == "-p" || v == "--full-path":
			q.full = true
		case v == "--search-path" && i+1 < len(args):
			i++
			q.points = append(q.points, args[i].Value)
		case strings.HasPrefix(v, "--search-path="):
			q.points = append(q.points, strings.TrimPrefix(v, "--search-path="))
		case (v == "-e" || v == "--extension") && i+1 < len(args):
			i++
			q.exts = append(q.exts, strings.TrimPrefix(args[i].Value, "."))
		case strings.HasPrefix(v, "--extension="):
			q.exts = append(q.exts, strings.TrimPrefix(strings.TrimPrefix(v, "--extension="), "."))
		case fdValues.has(v) && i+1 < len(args):
			i++
		case strings.HasPrefix(v, "-") && v != "-":
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) > 0 {
		q.pattern, ops = ops[0], ops[1:]
	}
	q.points = append(q.points, ops...)
	if len(q.points) == 0 {
		q.points = []string{"."}
	}
	return q, true
}

// isFdExec reports fd's -x/-X in any spelling (fdExecOption).
func isFdExec(v string) bool {
	_, _, ok := fdExecOption(v)
	return ok
}

// everything reports a pattern that every name matches (fd . ~, fd ”
// ~, fd '^' ~): the search lists every file under its points.
func (q fdSearch) everything() bool {
	switch q.pattern {
	case "", ".", "^", "$", ".*", "^.*", ".*$", "^.*$", "*":
		return len(q.exts) == 0 && (q.pattern != "*" || q.glob)
	}
	return false
}

// asFind is the find command that lists what the fd search does, for
// the rules on what find deletes: its points, and a -name test standing
// for a pattern that narrows it (-regex for one no glob spells).
func (q fdSearch) asFind() []Word {
	out := []Word{}
	for _, p := range q.points {
		out = append(out, Word{Value: p})
	}
	switch {
	case q.everything():
	case len(q.exts) > 0:
		out = append(out, Word{Value: "-name"}, Word{Value: "*." + q.exts[0]})
	case q.glob:
		out = append(out, Word{Value: "-name"}, Word{Value: q.pattern})
	default:
		out = append(out, Word{Value: "-regex"}, Word{Value: ".*" + q.pattern + ".*"})
	}
	return out
}

// fdFoundNames are foundNames for fd [PATTERN] [PATH…]: each starting
// point (., the paths, --search-path's) joined to a glob the pattern
// stands for. fd's pattern is a regular expression searched for in the
// name: a plain one (letters, digits, -, _, . as any character, \.) is
// *PATTERN* (^ and $ drop a side's *), a -g glob is itself, -F's text is
// *TEXT*, -e EXT is *.EXT; any other pattern, or --full-path, stands for
// every file (P/*). The words after -x, -X, --exec or --exec-batch are
// the command's and are not read.
func fdFoundNames(args []Word) []Word {
	q, ok := parseFdSearch(args)
	if !ok {
		return nil
	}
	pattern, points, exts, glob, fixed, full := q.pattern, q.points, q.exts, q.glob, q.fixed, q.full
	var names []string
	switch {
	case full:
	case pattern == "" || pattern == ".":
		for _, e := range exts {
			names = append(names, "*."+e)
		}
	case glob:
		names = []string{pattern}
	case fixed && !strings.ContainsAny(pattern, "*?[/"):
		names = []string{"*" + pattern + "*"}
	default:
		if g, ok := regexGlob(pattern); ok {
			names = []string{g}
		}
	}
	var out []Word
	for _, p := range points {
		if len(names) == 0 {
			out = append(out, Word{Value: p}, Word{Value: strings.TrimSuffix(p, "/") + "/*", Glob: true})
			continue
		}
		for _, n := range names {
			out = append(out, Word{Value: strings.TrimSuffix(p, "/") + "/" + n, Glob: strings.ContainsAny(n, "*?[")})
		}
	}
	return out
}

// regexGlob is the glob of the names a plain regular expression finds
// when searched for in them: letters, digits, - and _ as themselves, .
// as any character, \. as a dot, a leading ^ and a trailing $ anchoring;
// ok is false for any other.
func regexGlob(re string) (string, bool) {
	var b strings.Builder
	start, end := "*", "*"
	if r, ok := strings.CutPrefix(re, "^"); ok {
		start, re = "", r
	}
	if r, ok := strings.CutSuffix(re, "$"); ok && !strings.HasSuffix(r, "\\") {
		end, re = "", r
	}
	for i := 0; i < len(re); i++ {
		switch c := re[i]; {
		case c == '\\' && i+1 < len(re) && re[i+1] == '.':
			b.WriteByte('.')
			i++
		case c == '.':
			b.WriteByte('?')
		case c == '-' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			b.WriteByte(c)
		default:
			return "", false
		}
	}
	if b.Len() == 0 {
		return "", false
	}
	return start + b.String() + end, true
}

// fdFound is foundCopy for fd's -x, --exec, -X and --exec-batch: the
// command (fs) once more with fdFoundNames at {} or appended (fd ~ -H
// bashrc -x gzip is gzip ~/*bashrc*), for the rules on what it changes.
func (w *walker) fdFound(c *Command, args []field, fs []field, cx ctx) {
	if len(fs) == 0 || fs[0].Dynamic {
		return
	}
	w.foundIn(c, c.Wrappers, fs, fdFoundNames(fieldWords(args)), "{}", cx)
}

// foundIn emits fs with found at each repl word (appended when there is
// none), as typed, for a program that changes what it is given
// (changesFound).
func (w *walker) foundIn(c *Command, wrappers []Wrapper, fs []field, found []Word, repl string, cx ctx) {
	if len(found) == 0 || len(fs) == 0 {
		return
	}
	var out []field
	replaced := false
	for _, f := range fs {
		if repl == "" || f.Value != repl {
			out = append(out, f)
			continue
		}
		replaced = true
		for _, n := range found {
			out = append(out, field{Word: n, glob: n.Glob})
		}
	}
	if !replaced {
		for _, n := range found {
			out = append(out, field{Word: n, glob: n.Glob})
		}
	}
	w.spawnBare(c, wrappers, out, cx, changesFound)
}

// pipedFound are the names what feeds c through a pipe finds: find's
// (foundNames), fd's (fdFoundNames), a listing search's (listedFiles) or
// locate's, passed on by any filters between (find ~ | sort | xargs
// gzip); nil for any other feeder.
func (w *walker) pipedFound(c *Command) []Word {
	if o, _ := w.pipedFinder(c); o != nil {
		return finderNames(program(o.Name), o.Args)
	}
	return nil
}

// pipedFinder is the command that feeds c through a pipe, past any
// filters between (pathFilter); narrowed says one of them may drop lines
// (grep, head), not only reorder or repeat them (sort, uniq, cat).
func (w *walker) pipedFinder(c *Command) (feeder *Command, narrowed bool) {
	if c.Stdin.Kind != "pipe" || c.Pipe.Index == 0 {
		return nil, false
	}
	idx := c.Pipe.Index - 1
	for j := len(w.line.Commands) - 1; j >= 0 && idx >= 0; j-- {
		o := w.line.Commands[j]
		if o.Pipe.Len != c.Pipe.Len || o.Pipe.Index != idx || !slices.Equal(o.Via, c.Via) ||
			slices.ContainsFunc(o.Wrappers, func(x Wrapper) bool { return !plainWrapper(x.Name) }) {
			continue
		}
		if pathFilter(program(o.Name), o.Args) {
			idx-- // what it prints is some of what it was fed
			narrowed = narrowed || !wholeFilters.has(program(o.Name))
			continue
		}
		return o, narrowed
	}
	return nil, false
}

// plainWrapper reports a wrapper that runs the program it wraps with its
// own words, as it would run alone (sudo find / prints what find / does;
// chrt -o 0 grep -rl …, taskset -c 0, timeout 10m too): the catalogue's
// wrappers but xargs, which gives it words of its input.
func plainWrapper(name string) bool {
	_, ok := wrappers[name]
	return ok && name != "xargs"
}

// wholeFilters are the pathFilters that pass on every line they read.
var wholeFilters = set("sort", "uniq", "tee", "cat", "shuf", "tac")

// xargsFindExec emits a remover xargs runs on what find finds, fed
// straight from it (find ~ -type f -print0 | xargs -0 shred -u), once
// more as find's own -exec of it (find ~ -type f -print0 -exec shred -u
// {} +): the rules on what find deletes (find-delete-broad's levels,
// findNarrows) read find's expression there, so the piped spelling is
// judged as the one it equals. -I's string stands as {} (one run each,
// -exec … \;).
func (w *walker) xargsFindExec(c *Command, args []field, cx ctx) {
	wr, ok := xargsOf(c)
	if !ok || c.Dynamic || !removes(c.Name) {
		return
	}
	repl := ""
	for i := range wr.Args {
		if r, ok := xargsReplace(wr.Args, i); ok {
			repl = r
		}
	}
	wrappers := c.Wrappers[:slices.IndexFunc(c.Wrappers, func(x Wrapper) bool { return x.Name == "xargs" })]
	w.findExecCopy(c, c.Name, args, repl, wrappers, cx)
}

// parallelFindExec is xargsFindExec for GNU parallel fed by find (find ~
// | parallel rm -rf): its command with the names at {} or appended.
func (w *walker) parallelFindExec(c *Command, cmd []string, cx ctx) {
	if len(cmd) == 0 || !removes(cmd[0]) {
		return
	}
	args := make([]field, len(cmd)-1)
	for i, v := range cmd[1:] {
		args[i] = field{Word: Word{Value: v}}
	}
	repl := ""
	if slices.Contains(cmd, "{}") {
		repl = "{}"
	}
	w.findExecCopy(c, program(baseName(cmd[0])), args, repl, c.Wrappers, cx)
}

// findExecCopy emits prog ARGS, which c runs on what a find piped into it
// finds, as find's own -exec of it, wrapped by wrappers; repl is the
// string that stands for each name in ARGS ("" for names appended).
func (w *walker) findExecCopy(c *Command, prog string, args []field, repl string, wrappers []Wrapper, cx ctx) {
	name, finderArgs := "", []Word(nil)
	if o, narrowed := w.pipedFinder(c); o != nil && !narrowed {
		name, finderArgs = program(o.Name), o.Args
	} else if o == nil && cx.stdinSubst != "" {
		name, finderArgs = substFinder(cx.stdinSubst) // xargs rm -rf < <(find ~)
	}
	var search []Word
	switch name {
	case "find", "gfind":
		search = finderArgs
	case "fd", "fdfind":
		q, ok := parseFdSearch(finderArgs)
		if !ok {
			return
		}
		search = q.asFind() // fd . ~ | xargs rm -rf is find ~ -exec rm -rf {} +
	default:
		return
	}
	w.asFindExec(c, search, prog, args, repl, wrappers, cx)
}

// substFinder is the finder whose listing a process substitution gives
// (<(find ~ -type f | sort)): its program's name and static words, with
// only filters that pass on every line after it; "" for any other.
func substFinder(text string) (string, []Word) {
	inner, ok := strings.CutPrefix(text, "<(")
	if !ok {
		return "", nil
	}
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return "", nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(inner), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", nil
	}
	elems := pipeline(f.Stmts[0])
	for i := len(elems) - 1; i >= 0; i-- {
		ce, ok := elems[i].Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
			return "", nil
		}
		var words []Word
		for _, a := range ce.Args {
			v, ok := staticWord(a)
			if !ok {
				return "", nil
			}
			words = append(words, Word{Value: unescape(v, unquoted)})
		}
		name := program(baseName(words[0].Value))
		if i > 0 && pathFilter(name, words[1:]) {
			if !wholeFilters.has(name) {
				return "", nil // grep -v may drop lines: what is left is not known
			}
			continue
		}
		return name, words[1:]
	}
	return "", nil
}

// fdFindExec emits fd's -x/-X remover (fd . ~ -X rm -rf) as find's
// -exec of it, as findExecCopy does for one fed by fd through a pipe.
func (w *walker) fdFindExec(c *Command, args, cmd []field, op string, cx ctx) {
	if len(cmd) == 0 || cmd[0].Dynamic || !removes(cmd[0].Value) {
		return
	}
	q, ok := parseFdSearch(fieldWords(args))
	if !ok {
		return
	}
	rest := cmd[1:]
	repl := ""
	if slices.ContainsFunc(rest, func(f field) bool { return f.Value == "{}" }) {
		repl = "{}"
	} else if op == "-x" || op == "--exec" {
		// one run per name, given last
		repl, rest = "{}", append(slices.Clip(rest), field{Word: Word{Value: "{}"}})
	}
	w.asFindExec(c, q.asFind(), program(baseName(cmd[0].Value)), rest, repl, c.Wrappers, cx)
}

// asFindExec emits find SEARCH -exec PROG ARGS {} + (or {} \; where repl
// stands in ARGS), wrapped by wrappers.
func (w *walker) asFindExec(c *Command, search []Word, prog string, args []field, repl string, wrappers []Wrapper, cx ctx) {
	fs := []field{{Word: Word{Value: "find"}}}
	for _, a := range search {
		fs = append(fs, field{Word: a})
	}
	fs = append(fs, field{Word: Word{Value: "-exec"}}, field{Word: Word{Value: prog}})
	end := "+"
	for _, a := range args {
		if repl != "" && a.Value == repl {
			a = field{Word: Word{Value: "{}"}}
			end = ";"
		}
		fs = append(fs, a)
	}
	if repl != "" && end == "+" {
		return // the names stand inside a word: not find's {}
	}
	if end == "+" {
		fs = append(fs, field{Word: Word{Value: "{}"}})
	}
	fs = append(fs, field{Word: Word{Value: end}})
	w.spawnBare(c, wrappers, fs, cx, nil)
}

// finderNames are the names a program that prints paths finds, from its
// words; nil for any other program.
func finderNames(prog string, args []Word) []Word {
	switch prog {
	case "find", "gfind":
		return foundNames(args)
	case "fd", "fdfind":
		return fdFoundNames(args)
	case "rg", "grep", "egrep", "ggrep", "ag", "ack", "ack-grep":
		return listedFiles(prog, args)
	case "locate", "plocate", "mlocate", "slocate":
		return locatedNames(args)
	}
	return nil
}

// pathFilters print some of the lines they read, unchanged, in some order:
// fed paths, they pass paths on.
var pathFilters = set("sort", "uniq", "head", "tail", "tee", "cat", "grep", "egrep", "fgrep", "rg", "ggrep", "shuf", "tac")

// pathFilter reports a pipeline element that passes on the paths it is
// fed: a filter reading no file of its own (grep's pattern aside).
func pathFilter(prog string, args []Word) bool {
	if !pathFilters.has(prog) {
		return false
	}
	operands := 0
	grepLike := prog != "sort" && prog != "uniq" && prog != "head" && prog != "tail" && prog != "tee" && prog != "cat" && prog != "shuf" && prog != "tac"
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--count" || v == "--files-with-matches" || v == "--files-without-match" || v == "--only-matching" || v == "--files" ||
			grepLike && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "lLcorR"):
			return false // a count, a part of a line, or names of its own (grep -rl)
		case (v == "-e" || v == "--regexp") && i+1 < len(args):
			operands-- // the pattern is an option's value
			i++
		case (v == "-n" || v == "-f" || v == "-m" || v == "-k" || v == "-t") && i+1 < len(args) && prog != "grep" && prog != "rg":
			i++ // head -n 5, sort -k 2
		case (v == "-m" || v == "-A" || v == "-B" || v == "-C") && i+1 < len(args):
			i++
		case v == "-" || !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "+"):
			operands++
		}
	}
	switch {
	case grepLike:
		return operands <= 1 // the pattern
	case prog == "tee":
		return true // tee FILE passes its input on
	}
	return operands == 0
}

// locatedNames are what locate PATTERN… finds: a path holding PATTERN
// anywhere, the home's first (~/PATTERN, ~/*/PATTERN, /*/PATTERN).
func locatedNames(args []Word) []Word {
	var out []Word
	for _, a := range args {
		if a.Dynamic {
			return nil
		}
		if strings.HasPrefix(a.Value, "-") || a.Value == "" {
			continue
		}
		n := strings.Trim(a.Value, "*/")
		out = append(out, Word{Value: "~/" + n, Glob: strings.ContainsAny(n, "*?[")}, Word{Value: "~/*/" + n, Glob: true}, Word{Value: "/*/" + n, Glob: true})
	}
	return out
}

// substFound are the names a substitution's text finds ($(find ~ -name
// .bashrc), `find …`, <(find …)), with filters after the finder; nil for
// any other text.
func substFound(v string) []Word {
	var inner string
	switch {
	case strings.HasPrefix(v, "$(") && strings.HasSuffix(v, ")") && !strings.HasPrefix(v, "$(("):
		inner = v[2 : len(v)-1]
	case strings.HasPrefix(v, "<(") && strings.HasSuffix(v, ")"):
		inner = v[2 : len(v)-1]
	case len(v) > 1 && strings.HasPrefix(v, "`") && strings.HasSuffix(v, "`"):
		inner = v[1 : len(v)-1]
	default:
		return nil
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(inner), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	elems := pipeline(f.Stmts[0])
	for i := len(elems) - 1; i >= 0; i-- {
		ce, ok := elems[i].Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
			return nil
		}
		words := make([]Word, 0, len(ce.Args))
		for _, a := range ce.Args {
			s, ok := staticWord(a)
			if !ok {
				return nil
			}
			words = append(words, Word{Value: s})
		}
		prog := program(baseName(words[0].Value))
		if i > 0 && pathFilter(prog, words[1:]) {
			continue
		}
		return finderNames(prog, words[1:])
	}
	return nil
}

// substsFound emits c once more with the names each substitution among
// its words finds in its place, for a program that changes or removes
// what it is given (gzip $(find ~ -name .bashrc), rm `find …`, xargs -a
// <(find …) gzip).
func (w *walker) substsFound(c *Command, args []field, cx ctx) {
	if c.Dynamic || !changesFound(c.Name) && !removes(c.Name) {
		return
	}
	out, replaced := replaceArgs(args, func(a field) []field {
		var names []field
		for _, n := range w.argFound(a) {
			names = append(names, field{Word: n, glob: n.Glob})
		}
		return names
	})
	wr, fromFile := xargsOf(c)
	if fromFile {
		fromFile = false
		for i, v := range wr.Args {
			if (v == "-a" || v == "--arg-file") && i+1 < len(wr.Args) {
				if found := substFound(wr.Args[i+1]); len(found) > 0 {
					if !replaced && !fromFile {
						out = append(out, args...)
					}
					for _, n := range found {
						out = append(out, field{Word: n, glob: n.Glob})
					}
					fromFile = true
				}
			}
		}
	}
	if !replaced && !fromFile {
		return
	}
	wrappers := c.Wrappers
	if i := slices.IndexFunc(wrappers, func(x Wrapper) bool { return x.Name == "xargs" }); i >= 0 {
		wrappers = wrappers[:i]
	}
	w.spawnBare(c, wrappers, append([]field{{Word: Word{Value: c.Path}}}, out...), cx, nil)
}

// replaceArgs is args with each argument for which with returns fields
// put in their place, and whether any was. The copy is made only once
// one is: rm and friends run on every line, most with nothing to replace.
func replaceArgs(args []field, with func(field) []field) ([]field, bool) {
	var out []field
	replaced := false
	for i, a := range args {
		repl := with(a)
		if repl == nil {
			if replaced {
				out = append(out, a)
			}
			continue
		}
		if !replaced {
			out = append(out, args[:i]...)
			replaced = true
		}
		out = append(out, repl...)
	}
	return out, replaced
}

// holdsFound records that the variable name holds one of found (none:
// nothing is recorded).
func (w *walker) holdsFound(name string, found []Word) {
	if len(found) == 0 {
		return
	}
	if w.foundVars == nil {
		w.foundVars = make(map[string][]Word)
	}
	w.foundVars[w.deref(name)] = found
}

// argFound are the names an argument stands for when it is a finder's
// substitution or a variable that holds what one finds; nil otherwise.
func (w *walker) argFound(a field) []Word {
	if !a.Dynamic {
		return nil
	}
	if found := substFound(a.Value); len(found) > 0 {
		return found
	}
	name := strings.TrimPrefix(a.Value, "$")
	if len(name) == len(a.Value) {
		return nil
	}
	if n, ok := strings.CutPrefix(name, "{"); ok {
		name = strings.TrimSuffix(n, "}")
	}
	return w.foundVars[w.deref(name)]
}

// trashers move the files they are given to the trash: trash-cli's and
// its kin's.
var trashers = set("trash", "trash-put", "rmtrash", "gomi", "rip", "rmw")

// Remover reports a program, by name or path, that deletes the files it
// is given for good: coreutils' rm, unlink and rmdir (g-prefixed as
// Homebrew installs them), the shredders (shred, srm, wipe), and by the
// shape of its name a program that says so (safe-rm, secure-delete).
func Remover(name string) bool {
	switch name = program(baseName(name)); name {
	case "rm", "grm", "unlink", "gunlink", "rmdir", "grmdir", "shred", "gshred", "srm", "wipe", "scrub", "sdelete":
		return true
	}
	return removerName().MatchString(name)
}

var removerName = lazyRegexp(`(?i)^[a-z0-9]+[-_](rm|del|delete|remove|shred|wipe|erase|nuke)$|^(rm|shred|wipe|erase|nuke|delete)[-_][a-z0-9]+$`)

// removes reports a program that deletes or trashes the files it is given.
func removes(name string) bool {
	return Remover(name) || trashers.has(program(baseName(name)))
}

// grepValues are grep's options that take the next word as their value.
var grepValues = set("-e", "-f", "-m", "-A", "-B", "-C", "-d", "-D", "--regexp", "--file", "--max-count", "--after-context",
	"--before-context", "--context", "--directories", "--devices", "--label", "--include", "--exclude", "--exclude-dir",
	"--exclude-from", "--color", "--colour", "--binary-files")

// listedFiles are the names rg or grep lists by file (rg -l, rg --files,
// grep -rl): each path searched and everything under it (P, P/*), . when
// it names none; nil when it prints lines, not file names.
func listedFiles(prog string, args []Word) []Word {
	var ops []string
	patterned, lists, recursive := false, false, prog == "rg" || prog == "ag" || prog == "ack" || prog == "ack-grep"
	rgShort, rgLong, _ := ValueOptions("rg")
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return nil
		}
		switch {
		case v == "--":
			for _, a := range args[i+1:] {
				ops = append(ops, a.Value)
			}
			i = len(args)
		case v == "--files" && prog == "rg":
			lists, patterned = true, true
		case v == "--files-with-matches" || v == "--files-without-match":
			lists = true
		case v == "-r" || v == "-R" || v == "--recursive" || v == "--dereference-recursive":
			recursive = true
		case (v == "-e" || v == "-f" || v == "--regexp" || v == "--file") && i+1 < len(args):
			patterned = true
			i++
		case strings.HasPrefix(v, "--regexp=") || strings.HasPrefix(v, "--file="):
			patterned = true
		case strings.HasPrefix(v, "--"):
			if prog == "rg" && takesValue(v, rgShort, rgLong) || prog != "rg" && grepValues.has(v) {
				i++
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			if strings.ContainsAny(v[1:], "lL") {
				lists = true
			}
			if strings.ContainsAny(v[1:], "rR") && prog != "rg" {
				recursive = true
			}
			if len(v) == 2 && (prog == "rg" && takesValue(v, rgShort, rgLong) || prog != "rg" && grepValues.has(v)) {
				if v == "-e" || v == "-f" {
					patterned = true
				}
				i++
			}
		default:
			ops = append(ops, v)
		}
	}
	if !lists || !recursive {
		return nil
	}
	if !patterned && len(ops) > 0 {
		ops = ops[1:]
	}
	if len(ops) == 0 {
		ops = []string{"."}
	}
	var out []Word
	for _, p := range ops {
		out = append(out, Word{Value: p}, Word{Value: strings.TrimSuffix(p, "/") + "/*", Glob: true})
	}
	return out
}

// parallelFound is foundCopy for GNU parallel fed by find or fd (find ~
// -name .bashrc | parallel gzip): the names at {} or appended.
func (w *walker) parallelFound(c *Command, cmd []string, cx ctx) {
	if len(cmd) == 0 {
		return
	}
	found := w.pipedFound(c)
	if len(found) == 0 {
		return
	}
	fs := make([]field, len(cmd))
	for i, v := range cmd {
		fs[i] = field{Word: Word{Value: v}}
	}
	if !slices.Contains(cmd, "{}") && slices.ContainsFunc(cmd, func(v string) bool { return strings.Contains(v, "{") && strings.Contains(v, "}") }) {
		return // another replacement string ({.}, {/}): nothing appended
	}
	w.foundIn(c, c.Wrappers, fs, found, "{}", cx)
}

// xargsFound is foundCopy for xargs fed by find or fd (find ~ -name
// .bashrc | xargs gzip, pipedFound): the names stand where xargs puts its input, appended or in
// place of -I's string. The copy drops xargs and what wraps it.
func (w *walker) xargsFound(c *Command, args []field, cx ctx) {
	wr, ok := xargsOf(c)
	shell := shells.has(program(baseName(c.Name)))
	if !ok || c.Dynamic || !changesFound(c.Name) && !shell {
		return
	}
	found := w.pipedFound(c)
	if len(found) == 0 {
		return
	}
	repl := ""
	for i := range wr.Args {
		if r, ok := xargsReplace(wr.Args, i); ok {
			repl = r
		}
	}
	fs := append([]field{{Word: Word{Value: c.Path}}}, args...)
	wrappers := c.Wrappers[:slices.IndexFunc(c.Wrappers, func(x Wrapper) bool { return x.Name == "xargs" })]
	if shell {
		// xargs sh -c 'gzip "$@"' _: the names are the script's
		// arguments; with -I, they stand in its text (sh -c 'gzip {}')
		if repl == "" {
			for _, n := range found {
				fs = append(fs, field{Word: n, glob: n.Glob})
			}
		} else {
			names := make([]string, len(found))
			for i, n := range found {
				names[i] = n.Value
			}
			for i := range fs {
				// the walk spelled each input line $xargs_item (xargsInput)
				for _, r := range []string{repl, "$xargs_item"} {
					fs[i].Value = strings.ReplaceAll(fs[i].Value, r, strings.Join(names, " "))
				}
			}
		}
		w.spawnBare(c, wrappers, fs, cx, nil)
		return
	}
	if repl != "" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == repl }) {
		return
	}
	w.foundIn(c, wrappers, fs, found, repl, cx)
}

// spawnBare emits fs as a command of c's line wrapped by wrappers only,
// and follows it; with keep, only when keep holds for the program left
// once its own wrappers are peeled.
func (w *walker) spawnBare(c *Command, wrappers []Wrapper, fs []field, cx ctx, keep func(string) bool) {
	if len(fs) == 0 || w.full || cx.depth >= MaxDepth {
		return
	}
	n := Command{Pipe: PipePos{Len: 1}, Via: c.Via, Source: c.Source, Pos: c.Pos, Func: c.Func, Background: c.Background}
	rest := w.peel(&n, fs)
	if keep != nil && (n.Dynamic || !keep(n.Name)) {
		return
	}
	n.Wrappers = concat(slices.Clip(wrappers), n.Wrappers)
	if w.emit(&n) {
		cx.depth++
		w.follow(&n, rest, cx)
	}
}
