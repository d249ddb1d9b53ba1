package cmdline

import (
	"cmp"
	"fmt"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// walker turns syntax trees into Commands. One walker serves one Line: the
// top-level text and every nested text reached through carriers.
type walker struct {
	line    *Line
	parser  *syntax.Parser             // bash, for env -S and other word splitting
	parsers map[Dialect]*syntax.Parser // one per dialect met, built when first needed
	recover map[Dialect]*syntax.Parser // built on the first syntax error only
	lines   lineIndex                  // of the parsed text, for top-level positions

	src     string  // the text being walked: node offsets point into it
	dialect Dialect // its grammar

	// Resolution is memoized per node, so that a word is resolved a bounded
	// number of times however deeply substitutions nest.
	calls   map[*syntax.CallExpr]*resolved
	outputs map[syntax.Node]Input // what a substitution writes to stdout

	flow          // what the line set up so far (dataflow.go)
	before Before // what earlier lines of the session left (earlier.go)

	full      bool              // the command or step budget is spent: stop walking
	limitHit  bool              // IssueLimit was reported
	steps     int               // work done so far, in bytes parsed and word parts expanded (spend)
	depthHit  bool              // IssueDepth was reported
	inUnknown int               // inside unknownLauncher's command: it does not search again
	refs      map[string]string // declare -n NAME=TARGET: NAME stands for TARGET
	anyRefs   map[string]bool   // declare -n NAME="$v": NAME stands for a variable the walk does not know
	unbound   map[string]bool   // declare -n NAME: a reference whose first assignment names its target
	elemRefs  map[string]string // declare -n NAME='X[0]': a reference to an array's element
	nest      int               // containers around the text walked (parseContainer)
	fnBody    int               // function bodies walked where they are defined, their arguments not known
	evals     int               // eval texts read for their output (evalOutput), nested
	// defaults makes a variable the line does not set take the default
	// its expansion gives (${X:-WORD}): the second walk of a line on
	// which sawDefault was met (defaultsWalk).
	defaults, sawDefault bool
	// other is which of a variable's other values (flow.others) the
	// defaults walk reads it as; otherWalks how many a first walk met
	other, otherWalks int
	// psqlExpanded: psql's code being walked has its variables'
	// values in place already (runCode), not to be expanded again
	psqlExpanded bool
	// respelled are the words of the text being walked that the shell
	// reads as other text than they show (unfold.go); unfolded the
	// texts added to Line.Unfolded; unwrapped the wrapped commands'
	// words up to their program's name, which runs
	respelled, unwrapped []respelling
	unfolded             map[string]bool
}

// ctx is what a statement inherits from where it appears.
type ctx struct {
	dialect Dialect   // the grammar of the text being walked
	via     []string  // carriers followed so far
	at      *Pos      // the carrier's position, for commands of a nested text
	depth   int       // carriers followed
	fn      string    // enclosing function
	wraps   []Wrapper // wrappers applied from outside the simple command (time)
	stdin   Input     // inherited standard input
	// redirs are the redirections of the compound commands around this
	// one ({ …; } >FILE, while …; done >FILE): they apply to every command
	// inside, before its own.
	redirs  []Redirect
	pipe    PipePos
	bg      bool
	noSubst bool // substitutions in this text were walked already by its carrier
	loop    bool // in a loop's body or condition, walked once: how often it runs is not known
	// maybe: the statement may not run where the walk goes on after it
	// (a part after && or ||, a branch, a loop's body, a subshell, a
	// function's body where it is defined): its assignments may not hold
	maybe bool
	// defined: a function's body walked where it is defined
	defined bool
	// selfCall: a function's body walked for its call of itself, which
	// is not followed again
	selfCall bool
	// branch collects what an if's branch assigns on its every path
	branch assignSet
	procIn *Input // what the command holding a >(…) writes into it, when known
	// timedPipe: the last of wraps is the time keyword in front of a whole
	// pipeline (time a | b), which stands in front of its first command
	// only; in a | time b, time is the program that runs b.
	timedPipe bool
	// loopIn is the standard input a while or until loop's redirections
	// give the commands in it (while read K; do …; done <<< "$TOKEN"),
	// and loopRedirs those redirections: a read there reads from them.
	loopIn     Input
	loopRedirs []*syntax.Redirect
	// feeder is the pipeline element before this one, whose output is
	// this one's input; feeders are all the elements before it.
	feeder  *syntax.Stmt
	feeders []*syntax.Stmt
	// outerFeeders are the elements before the compound command this one
	// is in (docker ps -aq | while read c; do …; done)
	outerFeeders []*syntax.Stmt
	// stdinSubst is the text of the file the command's standard input is
	// redirected from (xargs docker rm -f < <(docker ps -aq)), "" for none
	stdinSubst string
	// newShell: the text is a new shell's (bash -c), where a return
	// ends no function of the line's
	newShell bool
	// outer is the place in its pipeline of the compound command this
	// one is in (find … | while read f; do …; done)
	outer PipePos
	// tested: the statement's status is tested (an if's or a loop's
	// condition, an && or || list short of its last command, a negated
	// one, and what these run), where set -e ends nothing
	tested bool
}

func newWalker(line *Line, src string) *walker {
	bash := syntax.NewParser(syntax.Variant(syntax.LangBash))
	return &walker{
		line:    line,
		parser:  bash,
		parsers: map[Dialect]*syntax.Parser{Bash: bash},
		lines:   newLineIndex(src),
		calls:   make(map[*syntax.CallExpr]*resolved),
		outputs: make(map[syntax.Node]Input),
	}
}

// text parses and walks one text: the line itself or a carrier's payload.
func (w *walker) text(src string, cx ctx) {
	if !w.spend(len(src)) {
		return
	}
	if cx.dialect != Fish {
		src = commentEnds(src)
	}
	if cx.dialect == Zsh {
		src = zshTrailingBackslash(src)
	}
	saved, savedD, savedR, savedU := w.src, w.dialect, w.respelled, w.unwrapped
	w.src, w.dialect, w.respelled, w.unwrapped = src, cx.dialect, nil, nil
	defer func() { w.src, w.dialect, w.respelled, w.unwrapped = saved, savedD, savedR, savedU }()
	stmts, err := w.parse(src, cx.dialect)
	if err != nil {
		w.parseIssue(err, src, cx)
	}
	cx.pipe = PipePos{Len: 1}
	w.stmts(stmts, cx)
	w.unfold(src, cx.at != nil)
}

func (w *walker) parseIssue(err error, src string, cx ctx) {
	off, text := parseError(err)
	if cx.at == nil {
		w.line.Incomplete = w.line.Incomplete || syntax.IsIncomplete(err)
		p := w.lines.pos(min(off, len(src)))
		w.issue(IssueParse, p, fmt.Sprintf("%d:%d: %s", p.Line, p.Col, text))
		return
	}
	inner := newLineIndex(src).pos(min(off, len(src)))
	w.issue(IssueParse, *cx.at, fmt.Sprintf("%d:%d: in text run by %s: %d:%d: %s",
		cx.at.Line, cx.at.Col, cx.via[len(cx.via)-1], inner.Line, inner.Col, text))
}

func (w *walker) issue(kind IssueKind, p Pos, msg string) {
	w.line.Issues = append(w.line.Issues, Issue{Kind: kind, Message: msg, Pos: p})
}

// overBudget reports, once, that commands were left out.
func (w *walker) overBudget() {
	if !w.limitHit {
		w.limitHit = true
		w.issue(IssueLimit, Pos{Line: 1, Col: 1},
			fmt.Sprintf("1:1: more than %d commands or words; the rest of the line was not analyzed", maxCommands))
	}
}

// spend charges n steps of work to the line and says whether the budget
// allows it. Past maxSteps the line is an IssueLimit (an ask) and the walk
// stops: text that carriers re-parse, words expanded again for each value
// a loop or function gives them, and brace expansion all cost steps, so any
// input within MaxInput is analysed in bounded time.
func (w *walker) spend(n int) bool {
	w.steps += n
	if w.steps <= maxSteps {
		return true
	}
	w.full = true
	if !w.limitHit {
		w.limitHit = true
		w.issue(IssueLimit, Pos{Line: 1, Col: 1},
			fmt.Sprintf("1:1: the line needs more analysis than the budget of %d steps; the rest of the line was not analyzed", maxSteps))
	}
	return false
}

// emit appends c unless the budget is spent.
func (w *walker) emit(c *Command) bool {
	if len(w.line.Commands) >= maxCommands {
		w.full = true
		w.overBudget()
		return false
	}
	c.Name = fetchedBin(c)
	if !c.moveSet {
		// made from another command (os.remove is rm, cmake -E remove
		// rm): it runs where the walk is
		if dir, moved := w.operandDir(); moved {
			c.Moved = dir
		}
		if w.cwdLost && !c.CwdLost {
			// cd "$X"; find .ssh -exec cat {} +: cat runs there too
			c.CwdLost, c.LostDir = true, w.cwdSpelled
		}
		c.moveSet = true
	}
	if c.Moved != "" {
		joinOperands(c, c.Moved) // cd /etc && rm passwd
	}
	if containerRunners.has(c.Name) && w.nest < maxContainerNest && !w.full {
		c.Container = containerOf(c, w.hostDir(), w.parseContainer)
		containerTyped(c)
		w.buildfileOnDisk(c.Container)
		w.nameContainer(c.Container)
	}
	if w.forkSeen != nil {
		// a rest walked again for a cd that may not have run: the
		// commands it makes as they were made already add nothing
		k := forkKey(c)
		if w.forkSeen[k] {
			return true
		}
		w.forkSeen[k] = true
	}
	w.line.Commands = append(w.line.Commands, c)
	return true
}

// forkKey is what tells c from the commands a walk again of the same
// statements makes: where it is, its words and where it runs.
func forkKey(c *Command) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d:%d|%s|%s|%s|%v|%s|%q|%q|%q", c.Pos.Line, c.Pos.Col, c.Name, c.Path, c.Cwd, c.CwdLost, c.CwdRel+"|"+c.Moved, c.Source, c.Via, c.Untrusted)
	for _, a := range c.Args {
		fmt.Fprintf(&b, "|%q%v", a.Value, a.Dynamic)
	}
	for _, r := range c.Redirects {
		fmt.Fprintf(&b, "|%v", r)
	}
	for _, wr := range c.Wrappers {
		fmt.Fprintf(&b, "|%v", wr)
	}
	return b.String()
}

// pos is the position of a node for a Command or Issue.
func (w *walker) pos(n syntax.Node, cx ctx) Pos {
	if cx.at != nil {
		return *cx.at
	}
	return w.lines.pos(offset(n.Pos(), len(w.src)))
}

func offset(p syntax.Pos, limit int) int {
	if !p.IsValid() || p.IsRecovered() {
		return 0
	}
	return min(int(p.Offset()), limit)
}

// source is the text between two positions of the current text.
func (w *walker) source(from, to syntax.Pos) string {
	a, b := offset(from, len(w.src)), offset(to, len(w.src))
	if a >= b {
		return ""
	}
	return w.src[a:b]
}

func (w *walker) stmts(list []*syntax.Stmt, cx ctx) {
	if w.dialect == Zsh {
		list = w.zshLoops(list)
	}
	for i, st := range list {
		if w.full {
			return
		}
		if w.dialect == Fish && w.fishNext != nil {
			// fish's and, or are statements of their own: a cd's
			// judges what follows it (fishFailEnds)
			w.fishNext[st] = list[i+1:]
		}
		// the statement as written, and as the shell reads it once its
		// aliases are expanded: a definition on the same line, in a
		// subshell, under a condition, or in a shell that expands none
		// (bash -c without expand_aliases) leaves the name as written,
		// the command it names (rv63: alias rm=echo; rm -rf ~ runs rm)
		w.stmtAsWritten(st, cx)
		w.expandedStmt(st, cx)
		if len(w.alts) > 0 {
			w.forkRest(list[i+1:], cx)
			return
		}
	}
}

// stmt walks one statement: a pipeline or an and-or list of them.
func (w *walker) stmt(st *syntax.Stmt, cx ctx) {
	if st == nil {
		return
	}
	cx.bg = cx.bg || st.Background || st.Coprocess || st.Disown
	if (st.Background || st.Coprocess) && w.dialect != Fish {
		// bash, zsh and sh run a background job in a child process: its cd
		// moves no later command (cd /etc & rm passwd); fish runs a builtin
		// in the shell itself; nor its set -e (set -e & cd x)
		defer func(here cwdState, errexit bool) { w.setCwd(here); w.errexit = errexit }(w.cwdNow(), w.errexit)
	}
	if st.Background || st.Coprocess || w.fishCond[st] {
		cx.maybe = true // a job's assignments are its own; fish's and/or may not run
	}
	start, hadPrev := w.cwdNow(), w.hasPrev
	// bash goes on after a return outside a function (cd x || return 1;
	// rm -rf .git); zsh and fish end the line there
	returns := cx.fn != "" && !cx.newShell || w.dialect == Zsh || w.dialect == Fish
	parts, ops := andOrOps(st)
	mayNot := false // a part after the first moved: it may not have run
	moved0 := false // the first part moved
	part1 := func(part *syntax.Stmt, tested bool) {
		elems := pipeline(part)
		in := cx.stdin
		for i, el := range elems {
			here, errexit, prev, hasPrev := w.cwdNow(), w.errexit, w.prevCwd, w.hasPrev
			ecx := cx
			ecx.tested = cx.tested || tested
			// after && or || a part may not run; a pipeline's elements
			// but zsh's last run in child processes
			ecx.maybe = cx.maybe || part != parts[0] || len(elems) > 1 && (i < len(elems)-1 || w.dialect != Zsh)
			ecx.pipe = PipePos{Index: i, Len: len(elems)}
			if ecx.timedPipe {
				ecx.timedPipe = false
				if i > 0 {
					ecx.wraps = ecx.wraps[:len(ecx.wraps)-1]
				}
			}
			ecx.feeders = elems[:i]
			if i > 0 {
				ecx.stdin = piped(w.output(elems[i-1], in))
				ecx.feeder = elems[i-1]
			}
			in = ecx.stdin
			w.element(el, ecx)
			if w.full {
				return
			}
			if len(elems) == 1 || w.dialect == Fish {
				continue
			}
			switch {
			case i < len(elems)-1 || w.dialect != Zsh && !w.lastpipe:
				// every element but the last runs in a child process, the
				// last too in bash and sh (zsh runs it in the shell): cd
				// /etc | rm passwd, true | cd /tmp; rm -rf * and set -e |
				// true move nothing and set nothing
				w.setCwd(here)
				w.errexit, w.prevCwd, w.hasPrev = errexit, prev, hasPrev
			case w.dialect != Zsh:
				// bash's shopt -s lastpipe runs the last in the shell
				// where job control is off (bash -c), not at a prompt
				w.mayBe(here)
				w.errexit = w.errexit && errexit
			}
		}
	}
	for k, part := range parts {
		before := w.cwdNow()
		// set -e ends nothing at a part short of the list's last or a
		// negated one, nor in what it runs ({ cd x; } || true)
		tested := k < len(parts)-1 || part.Negated
		// the part may run where the walk may be (alts), and one after ||
		// also where the list started: cd /tmp && make || rm -rf .git
		// removes the project's .git when the cd fails
		others := slices.Clone(w.alts)
		if k > 0 && ops[k] == syntax.OrStmt && before != start && !slices.Contains(others, start) {
			others = append(others, start)
		}
		if k > 0 && len(others) > 0 && !stops(part, returns) && w.forks+len(others) <= maxForks {
			w.forks += len(others)
			defer w.forking()()
			w.alts = nil
			part1(part, tested)
			ends := w.ends()
			for _, o := range others {
				w.setCwd(o)
				part1(part, tested)
				ends = append(ends, w.ends()...)
			}
			w.endIn(ends)
		} else {
			part1(part, tested)
		}
		if w.full {
			return
		}
		if k > 0 && (w.cwdNow() != before || len(w.alts) > 0) {
			mayNot = true // false && cd /tmp
		}
		if k == 0 {
			moved0 = w.cwdNow() != start
		}
	}
	// set -e ends the line where a cd alone fails, not one in an && or ||
	// list short of its last command, nor a negated one (set -e; cd x &&
	// true; rm -rf .git, set -e; ! cd x; rm …: bash goes on)
	exits := w.errexit && !cx.tested && len(parts) == 1 && !parts[0].Negated
	if back, _ := cdOperand(parts[0]); back == "-" && hadPrev {
		moved0 = false // cd ~; cd -: back where the line's last cd left, which is there
	}
	if !mayNot && moved0 && !exits && w.nest == 0 && mayFail(parts[0]) && failGoesOn(parts, ops, returns) &&
		(w.dialect != Fish || !fishFailEnds(w.fishNext[st], w.fishCond, w.fishOr, returns)) {
		// cd /tmp/x; rm -rf *, cd x || true, cd x && make; rm -rf *:
		// where the cd fails the line goes on where it was (not in a
		// container's line: a Dockerfile's WORKDIR is read as a cd to
		// the directory it makes)
		mayNot = true
	}
	if mayNot || w.fishCond[st] && (w.cwdNow() != start || len(w.alts) > 0) {
		w.mayBe(start)
	}
}

// literalItem reports a for loop over a list with a literal word in it,
// whose body runs at least once.
func literalItem(l syntax.Loop) bool {
	it, ok := l.(*syntax.WordIter)
	if !ok {
		return false
	}
	for _, word := range it.Items {
		if word.Lit() != "" {
			return true
		}
	}
	return false
}

// mayFail reports a statement that is a cd (or pushd) that may fail: one
// to a directory other than those every system has (the home, the root,
// /tmp, /usr…). The cd may be quoted or escaped ('cd', \cd): the shell
// runs the same builtin.
func mayFail(st *syntax.Stmt) bool {
	d, ok := cdOperand(st)
	return ok && !everywhereDirs.has(strings.TrimSuffix(d, "/")) && d != "/"
}

// cdOperand is the directory a cd or pushd statement names; ok is false
// for another statement or a cd to the home.
func cdOperand(st *syntax.Stmt) (string, bool) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return "", false
	}
	var ops []string
	for i, a := range ce.Args {
		v, _ := staticWord(a)
		v = unescape(v, unquoted)
		switch {
		case i == 0 && (v == "builtin" || v == "command"):
			continue
		case len(ops) == 0 && (v == "cd" || v == "pushd"):
			ops = append(ops, v)
			continue
		case len(ops) == 0:
			return "", false // not a cd
		case len(ops) == 1 && v != "" && v[0] == '-' && v != "-" && v != "--":
			continue // cd -P
		}
		ops = append(ops, v)
	}
	if len(ops) < 2 {
		return "", false // cd: the home
	}
	d := ops[1]
	if d == "--" && len(ops) > 2 {
		d = ops[2]
	}
	return d, true
}

// everywhereDirs are directories a cd to cannot miss: the home and those
// of the file system's hierarchy every Unix system has (cd /tmp; rm -rf
// build is the cleanup of a pasted install snippet).
var everywhereDirs = set("~", "/tmp", "/var/tmp", "/usr", "/etc", "/var", "/dev", "/bin", "/usr/bin", "/usr/local", "/proc", "/sys")

// failGoesOn reports an and-or list that goes on when its first part
// fails: the first part after a || runs then, and unless it ends the
// shell (cd x || exit 1) the line goes on; with no || it goes on after
// the list (cd x && make; rm -rf *).
func failGoesOn(parts []*syntax.Stmt, ops []syntax.BinCmdOperator, returns bool) bool {
	for k := 1; k < len(parts); k++ {
		if ops[k] == syntax.OrStmt {
			return !stops(parts[k], returns)
		}
	}
	return true
}

// fishFailEnds reports fish statements after a cd (next) that end the
// line where the cd fails: and-statements, which do not run then, up to
// the end or to an or-statement that stops (cd x; or exit; rm -rf .git,
// cd x; and rm -rf .git).
func fishFailEnds(next []*syntax.Stmt, cond, or map[*syntax.Stmt]bool, returns bool) bool {
	for _, st := range next {
		switch {
		case or[st]:
			return stops(st, returns)
		case !cond[st]:
			return false
		}
	}
	return true
}

// stops reports a statement that ends the shell or function it runs in:
// exit, return (where returns holds), or a block or list whose last
// statement does.
func stops(st *syntax.Stmt, returns bool) bool {
	if st == nil {
		return false
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) > 0 {
			switch c.Args[0].Lit() {
			case "exit":
				return true
			case "return":
				return returns
			}
		}
	case *syntax.Block:
		return len(c.Stmts) > 0 && stops(c.Stmts[len(c.Stmts)-1], returns)
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt && stops(c.Y, returns) // echo failed && exit 1
	}
	return false
}

// andOrOps is andOr with the operator before each part (0 before the
// first).
func andOrOps(st *syntax.Stmt) ([]*syntax.Stmt, []syntax.BinCmdOperator) {
	type slot struct {
		st *syntax.Stmt
		op syntax.BinCmdOperator
	}
	var parts []*syntax.Stmt
	var ops []syntax.BinCmdOperator
	stack := []slot{{st, 0}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.st == nil {
			continue
		}
		if b, ok := s.st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) {
			stack = append(stack, slot{b.Y, b.Op}, slot{b.X, s.op})
			continue
		}
		parts = append(parts, s.st)
		ops = append(ops, s.op)
	}
	return parts, ops
}

// andOr flattens a && b || c into its parts without recursion: such lists
// can be hundreds of thousands of commands long.
func andOr(st *syntax.Stmt) []*syntax.Stmt {
	return flatten(st, func(op syntax.BinCmdOperator) bool {
		return op == syntax.AndStmt || op == syntax.OrStmt
	})
}

// pipeline flattens a | b |& c into its elements.
func pipeline(st *syntax.Stmt) []*syntax.Stmt {
	return flatten(st, func(op syntax.BinCmdOperator) bool {
		return op == syntax.Pipe || op == syntax.PipeAll
	})
}

func flatten(st *syntax.Stmt, join func(syntax.BinCmdOperator) bool) []*syntax.Stmt {
	var out []*syntax.Stmt
	stack := []*syntax.Stmt{st}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s == nil {
			continue
		}
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && join(b.Op) {
			stack = append(stack, b.Y, b.X)
			continue
		}
		out = append(out, s)
	}
	return out
}

// piped is the standard input a pipe gives the next element.
func piped(out Input) Input {
	out.Kind = "pipe"
	return out
}

// element walks one pipeline element.
func (w *walker) element(st *syntax.Stmt, cx ctx) {
	cx.bg = cx.bg || st.Background || st.Coprocess || st.Disown
	inner := cx
	inner.pipe = PipePos{Len: 1}
	if inner.outer = cx.outer; cx.pipe.Len > 1 {
		inner.outer, inner.outerFeeders = cx.pipe, cx.feeders
	}
	switch c := st.Cmd.(type) {
	case nil:
		if len(st.Redirs) > 0 {
			w.call(st, &syntax.CallExpr{}, cx) // "> file" alone: the null command
		}
		return
	case *syntax.CallExpr:
		w.call(st, c, cx)
		return
	case *syntax.DeclClause:
		w.decl(st, c, cx)
		return
	case *syntax.BinaryCmd:
		w.stmt(st, cx)
		return
	}
	inner.stdin = w.stdin(st.Redirs, cx.stdin)
	if len(st.Redirs) > 0 {
		inner.redirs = concat(cx.redirs, w.redirects(st.Redirs))
	}
	w.substs(cx, redirNodes(st.Redirs)...)
	switch c := st.Cmd.(type) {
	case *syntax.Subshell:
		here, errexit, prev, hasPrev, options := w.cwdNow(), w.errexit, w.prevCwd, w.hasPrev, w.zsh
		inner.maybe = true // (D=x): D is not set after it
		w.stmts(c.Stmts, inner)
		w.setCwd(here)                       // ( cd /etc; rm passwd ); rm x: x is where the line is
		w.errexit = errexit                  // (set -e); cd x; rm -rf .git
		w.zsh = options                      // (setopt shwordsplit); $X
		w.prevCwd, w.hasPrev = prev, hasPrev // (cd /tmp); cd -: OLDPWD is as it was
	case *syntax.Block:
		w.stmts(c.Stmts, inner)
	case *syntax.IfClause:
		// each branch starts where the conditions before it left the
		// walk; after the if the walk may be where any branch ended, or,
		// with no else, where the last condition left it
		var ends []cwdState
		test := inner
		test.tested = true // set -e; if cd x; then :; fi; rm -rf .git goes on
		first, full := true, false
		// what each branch assigns on its every path: with an else, a
		// variable every branch assigns is set after the if
		var sets []assignSet
		returns := inner.fn != "" && !inner.newShell || w.dialect == Zsh || w.dialect == Fish
		for ; c != nil; c = c.Else {
			test.maybe = inner.maybe || !first
			first, full = false, len(c.Cond) == 0
			w.stmts(c.Cond, test)
			cond := w.ends()
			cdTo := w.cwdNow() // where the cd leads, if the condition is one
			w.endIn(cond)
			branch := inner
			branch.branch = assignSet{}
			sets = append(sets, branch.branch)
			w.stmts(c.Then, branch)
			n := len(ends)
			ends = append(ends, w.ends()...)
			if c.Else == nil && len(c.Cond) > 0 {
				ends = append(ends, cond...) // no branch taken
				if len(c.Cond) == 1 && c.Cond[0].Negated && mayFail(c.Cond[0]) && len(c.Then) > 0 && stops(c.Then[len(c.Then)-1], returns) {
					// if ! cd x; then exit 1; fi: past the if the cd ran
					ends = append(ends[:n], cdTo)
				}
			}
			w.endIn(cond)
		}
		if len(ends) > 0 {
			w.endIn(ends)
		}
		if full {
			for name := range sets[0] {
				if !slices.ContainsFunc(sets[1:], func(s assignSet) bool { _, ok := s[name]; return !ok }) {
					w.noteAssigned(name, inner)
					if !inner.maybe && !inner.defined && inner.branch == nil {
						w.branchesSet(name, sets)
					}
				}
			}
		}
	case *syntax.WhileClause:
		body := inner
		body.loop = true
		if len(st.Redirs) > 0 {
			body.loopIn, body.loopRedirs = inner.stdin, st.Redirs
		}
		test := body
		test.tested = true
		body.maybe = true // the body may not run
		w.stmts(c.Cond, test)
		before := w.ends()
		w.endIn(before)
		defer w.mayBe(before...) // the body may not run
		if names, lines, ok := w.readLoop(c, inner.stdin); ok {
			for _, l := range lines {
				w.walks++
				w.readFields(l, names, inner)
				w.stmts(c.Do, body)
			}
		} else {
			w.stmts(c.Do, body)
		}
	case *syntax.ForClause:
		if c.Loop != nil {
			w.substs(inner, c.Loop)
		}
		if it, ok := c.Loop.(*syntax.WordIter); ok && it.Name != nil && len(it.Items) > 0 && len(w.line.Loops) < MaxLoops {
			words := w.source(it.Items[0].Pos(), it.Items[len(it.Items)-1].End())
			w.line.Loops = append(w.line.Loops, LoopVar{Name: it.Name.Value, Words: words, At: len(w.line.Commands)})
		}
		if cl, ok := c.Loop.(*syntax.CStyleLoop); ok {
			w.arithRefs(w.pos(st, cx), inner, cl.Init, cl.Cond, cl.Post)
		}
		before := w.ends()
		w.endIn(before)
		defer w.mayBe(before...) // the body may not run
		if !w.loop(c, inner) {
			body := inner
			body.loop, body.maybe = true, !literalItem(c.Loop)
			w.stmts(c.Do, body)
		}
	case *syntax.CaseClause:
		if c.Word != nil {
			w.substs(inner, c.Word)
		}
		// each item starts where the word left the walk; after the case
		// the walk may be where any item ended, or there when none matched
		start := w.ends()
		ends := start
		inner.maybe = true // no item, or another, may match
		for _, item := range c.Items {
			w.endIn(start)
			for _, p := range item.Patterns {
				w.substs(inner, p)
			}
			w.stmts(item.Stmts, inner)
			ends = append(ends, w.ends()...)
		}
		w.endIn(ends)
	case *syntax.FuncDecl:
		inner.fn, inner.newShell = funcName(c), false
		if inner.fn != "" && !slices.Contains(w.line.Functions, inner.fn) {
			w.line.Functions = append(w.line.Functions, inner.fn)
		}
		if inner.fn != "" && c.Body != nil {
			if w.funcs == nil {
				w.funcs = make(map[string]funcDef)
			}
			w.funcs[inner.fn] = funcDef{body: c.Body, src: w.src, dialect: w.dialect}
			w.defineFunc(inner.fn, c)
			w.noteWrapper(inner.fn, c)
		}
		inner.bg = false
		inner.defined = true // walked where it is defined; the call may not come
		inner.branch = nil
		w.fnBody++
		before, options := w.ends(), w.zsh
		w.endIn(before)
		w.stmt(c.Body, inner)
		w.fnBody--
		if trapped, ok := strings.CutPrefix(inner.fn, "TRAP"); ok && w.dialect == Zsh && betweenCommands.has(trapped) && w.nodeWrites(c.Body, 0) {
			// TRAPZERR(){ X=…; }: zsh's trap function, run between the
			// commands after it, as trap '…' ZERR is
			w.volatile = true
			w.changed()
		}
		w.zsh = w.zsh.merged(options) // the call may not come: f(){ setopt shwordsplit; }
		// the body's cd is walked here for the calls that follow, which
		// may not run: f() { cd /tmp; }; test -f x && f; rm -rf .git
		w.mayBe(before...)
	case *syntax.ArithmCmd:
		if c.X != nil {
			w.substs(inner, c.X)
			w.arithRefs(w.pos(st, cx), inner, c.X)
		}
	case *syntax.TestClause:
		if c.X != nil {
			w.substs(inner, c.X)
			w.testRefs(c.X, w.pos(st, cx), inner)
		}
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			w.substs(inner, x)
			w.arithRefs(w.pos(st, cx), inner, x)
		}
	case *syntax.TimeClause:
		if c.Stmt != nil {
			var args []string
			if c.PosixFormat {
				args = []string{"-p"}
			}
			inner.wraps = append(slices.Clip(cx.wraps), Wrapper{Name: "time", Args: args})
			inner.pipe = cx.pipe
			if _, list := c.Stmt.Cmd.(*syntax.BinaryCmd); list {
				inner.timedPipe = true
				w.stmt(c.Stmt, inner)
			} else {
				w.element(c.Stmt, inner) // a | time b: b keeps its place in the pipeline
			}
		}
	case *syntax.CoprocClause:
		inner.bg = true
		inner.maybe = true // a child process: coproc { n=0; } leaves the shell's n
		if c.Stmt != nil {
			coprocName(c)
			coprocAssigns(c.Stmt)
		}
		w.stmt(c.Stmt, inner)
	case *syntax.TestDecl:
		w.stmt(c.Body, inner)
	}
}

// coprocName gives back to the command the word mvdan/sh took for the
// coprocess's name before a pipeline (coproc dd if=/dev/sda | nc h 1) or
// redirections alone (coproc tclsh <<< CODE, whose command it left empty):
// bash takes a NAME only before a compound command, and dd is the program.
func coprocName(c *syntax.CoprocClause) {
	st := c.Stmt
	if c.Name != nil && st.Cmd == nil {
		st.Cmd = &syntax.CallExpr{Args: []*syntax.Word{c.Name}}
		c.Name = nil
		return
	}
	for {
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			break
		}
		st = b.X
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if c.Name == nil || !ok || st == c.Stmt {
		return
	}
	call.Args = append([]*syntax.Word{c.Name}, call.Args...)
	c.Name = nil
}

// coprocAssigns gives a coprocess's simple command back the assignment
// that mvdan/sh took for the coprocess's name and then for a word of the
// command: bash runs coproc X=a Y=b cmd as cmd with X and Y set, where the
// parser made X=a the command's name.
//
// It also gives the command back the words after its name that the
// parser took for assignments: in coproc dd if=/dev/zero of=/dev/sda,
// if= and of= are dd's arguments.
func coprocAssigns(st *syntax.Stmt) {
	if b, ok := st.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
		coprocAssigns(b.X) // coproc dd if=/dev/sda | nc h 1: the pipeline's first command
		return
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return
	}
	if a, ok := assignOf(call.Args[0]); ok {
		call.Assigns = append([]*syntax.Assign{a}, call.Assigns...)
		call.Args = call.Args[1:]
	}
	if len(call.Args) == 0 {
		return
	}
	name := call.Args[0].End().Offset()
	var words []*syntax.Word
	kept := call.Assigns[:0]
	for _, a := range call.Assigns {
		if a.Name != nil && a.Array == nil && a.Index == nil && a.Name.Pos().Offset() >= name {
			words = append(words, assignAsWord(a))
			continue
		}
		kept = append(kept, a)
	}
	if len(words) > 0 {
		call.Assigns = kept
		call.Args = append(call.Args[:1:1], append(words, call.Args[1:]...)...)
		slices.SortStableFunc(call.Args[1:], func(a, b *syntax.Word) int { return cmp.Compare(a.Pos().Offset(), b.Pos().Offset()) })
	}
}

// assignAsWord is the word an assignment was written as (NAME=VALUE).
func assignAsWord(a *syntax.Assign) *syntax.Word {
	op := "="
	if a.Append {
		op = "+="
	}
	lit := &syntax.Lit{ValuePos: a.Name.ValuePos, ValueEnd: a.Name.ValueEnd, Value: a.Name.Value + op}
	w := &syntax.Word{Parts: []syntax.WordPart{lit}}
	if a.Value != nil {
		lit.ValueEnd = a.Value.Pos()
		w.Parts = append(w.Parts, a.Value.Parts...)
	}
	return w
}

// assignOf reads a word that starts with an unquoted NAME= as the
// assignment the shell makes of it.
func assignOf(word *syntax.Word) (*syntax.Assign, bool) {
	if word == nil || len(word.Parts) == 0 || !assignWord(word) {
		return nil, false
	}
	lit := word.Parts[0].(*syntax.Lit)
	name, rest, _ := strings.Cut(lit.Value, "=")
	at := func(n int) syntax.Pos {
		p := lit.ValuePos
		return syntax.NewPos(p.Offset()+uint(n), p.Line(), p.Col()+uint(n))
	}
	a := &syntax.Assign{Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: at(len(name)), Value: name}}
	var parts []syntax.WordPart
	if rest != "" {
		parts = append(parts, &syntax.Lit{ValuePos: at(len(name) + 1), ValueEnd: lit.ValueEnd, Value: rest})
	}
	parts = append(parts, word.Parts[1:]...)
	if len(parts) > 0 {
		a.Value = &syntax.Word{Parts: parts}
	}
	return a, true
}

func funcName(f *syntax.FuncDecl) string {
	if f.Name != nil {
		return f.Name.Value
	}
	if len(f.Names) > 0 && f.Names[0] != nil {
		return f.Names[0].Value
	}
	return ""
}

func redirNodes(rs []*syntax.Redirect) []syntax.Node {
	var nodes []syntax.Node
	for _, r := range rs {
		if r == nil {
			continue
		}
		if r.Word != nil && len(r.Word.Parts) > 0 {
			nodes = append(nodes, r.Word)
		}
		if r.Hdoc != nil && len(r.Hdoc.Parts) > 0 {
			nodes = append(nodes, r.Hdoc)
		}
	}
	return nodes
}

// substs walks the command and process substitutions inside nodes: they run
// before the command that holds them.
func (w *walker) substs(cx ctx, nodes ...syntax.Node) {
	if cx.noSubst {
		return
	}
	for _, n := range nodes {
		if n == nil || w.full {
			continue
		}
		syntax.Walk(n, func(n syntax.Node) bool {
			if w.full {
				return false
			}
			switch n := n.(type) {
			case *syntax.CmdSubst:
				here := w.cwdNow()
				w.stmts(n.Stmts, subCtx(cx, "$(…)"))
				if w.dialect != Fish {
					w.setCwd(here) // d=$(cd /etc && pwd) runs in a child process; fish's (…) in the shell
				}
				return false
			case *syntax.ArithmExp:
				w.arithRefs(w.pos(n, cx), cx, n.X)
			case *syntax.ParamExp:
				w.paramRefs(n, w.pos(n, cx), cx)
			case *syntax.Assign:
				if n.Index != nil {
					w.arithRefs(w.pos(n, cx), cx, n.Index)
				}
			case *syntax.ArrayElem:
				if n.Index != nil {
					w.arithRefs(w.pos(n, cx), cx, n.Index) // x=(['a[$(…)]']=1)
				}
			case *syntax.ProcSubst:
				via := "<(…)"
				sub := subCtx(cx, "")
				if n.Op == syntax.CmdOut {
					via = ">(…)"
					if cx.procIn != nil {
						sub.stdin = piped(*cx.procIn) // cmd > >(sh), tee >(bash)
					}
				}
				sub.via[len(sub.via)-1] = via
				here := w.cwdNow()
				w.stmts(n.Stmts, sub)
				w.setCwd(here)
				return false
			}
			return true
		})
	}
}

// subCtx is the context of a command or process substitution's
// statements, carried by via.
func subCtx(cx ctx, via string) ctx {
	return ctx{
		dialect: cx.dialect,
		via:     append(slices.Clip(cx.via), via),
		at:      cx.at,
		depth:   cx.depth,
		fn:      cx.fn,
		pipe:    PipePos{Len: 1},
		maybe:   true, // a substitution runs in a subshell: its assignments stay there
	}
}

// call walks a simple command: the command itself, then the substitutions in
// its words, then what it runs in turn (wrapped commands, carriers, payloads).
func (w *walker) call(st *syntax.Stmt, ce *syntax.CallExpr, cx ctx) {
	if d := w.spelledDecl(ce); d != nil && w.dialect != Fish {
		w.decl(st, d, cx)
		return
	}
	r := w.resolveCall(ce)
	nodes := make([]syntax.Node, 0, len(ce.Assigns)+len(ce.Args)+len(st.Redirs))
	for _, a := range ce.Assigns {
		if a != nil {
			nodes = append(nodes, a)
		}
	}
	for _, a := range ce.Args {
		if a != nil && len(a.Parts) > 0 {
			nodes = append(nodes, a)
		}
	}
	nodes = append(nodes, redirNodes(st.Redirs)...)
	if len(ce.Assigns) > 0 {
		prev := w.stmtAssigns
		w.stmtAssigns = ce.Assigns
		defer func() { w.stmtAssigns = prev }()
	}
	c := r.cmd
	if r.empty {
		// Assignments or redirections alone run no program: they behave as
		// the null command, which keeps them visible to rules.
		c.Name = ":"
		if w.dialect == Zsh && len(st.Redirs) > 0 {
			c.Name = zshNullCmd(st.Redirs) // zsh runs a program for them
			c.Path = c.Name
		}
	}
	c.Wrappers = concat(cx.wraps, c.Wrappers)
	c.Redirects = concat(cx.redirs, w.redirects(st.Redirs))
	c.Stdin = w.stdin(st.Redirs, cx.stdin)
	c.Pipe = cx.pipe
	c.Background = cx.bg || r.coproc
	c.Func = cx.fn
	c.Via = cx.via
	c.Pos = w.pos(st, cx)
	c.Source = w.source(st.Pos(), callEnd(st, ce))
	c.Args = slices.Clone(c.Args) // flowBefore may rewrite them; r is shared
	w.spellName(ce, cx)
	w.flowBefore(&c)
	splitAttached(&c)
	spellOptions(&c)
	for _, f := range r.args {
		if f.prompt != nil {
			c.Untrusted = "dynamic" // ${x@P} runs the substitutions in x's value
			if !f.prompt.Dynamic {
				defer w.nested(&c, f.prompt.Value, "${@P}", cx, false)
			}
		}
	}
	if cx.defined && cx.fn != "" && c.Dynamic && passedName().MatchString(c.Path) {
		// r(){ "$@"; }, retry(){ … "$@" && return 0; … }: the command is
		// the one each call passes, judged where it is called with its
		// words (r go test ./... runs go test); defined alone, it runs
		// nothing
		return
	}
	if !w.emit(&c) {
		return
	}
	// The readers of >(…) get what the command writes into it: tee copies
	// its input into each file argument; a redirection gets the output.
	redirs := redirNodes(st.Redirs)
	switch {
	case c.Name == "tee" && hasProcOut(nodes):
		in := c.Stdin
		scx := cx
		scx.procIn = &in
		w.substs(scx, nodes...)
	case hasProcOut(redirs):
		bare := c
		bare.Redirects = nil
		out := produces(w.dialectEcho(&bare), c.Stdin)
		scx := cx
		scx.procIn = &out
		w.substs(cx, nodes[:len(nodes)-len(redirs)]...)
		w.substs(scx, redirs...)
	default:
		w.substs(cx, nodes...)
	}
	args := r.args
	if _, ok := xargsOf(&c); ok && !slices.Equal(c.Args, r.cmd.Args) {
		// xargs' input became arguments (xargsInput): follow those
		args = make([]field, len(c.Args))
		for i, a := range c.Args {
			args[i] = field{Word: a}
		}
	}
	if !c.Dynamic {
		args = spellFields(c.Name, splitAttachedFields(c.Name, args))
	}
	more := w.xargsMore
	w.xargsMore = nil
	cx.stdinSubst = ""
	for _, r := range st.Redirs {
		if r.Op == syntax.RdrIn && r.Word != nil && (r.N == nil || r.N.Value == "0") {
			cx.stdinSubst = w.source(r.Word.Pos(), r.Word.End()) // xargs docker rm < <(docker ps -aq)
		}
	}
	w.follow(&c, args, cx)
	for _, line := range more {
		w.nested(&c, line, "xargs", cx, false)
	}
	if w.dialect == Zsh {
		w.globQualifiers(&c, ce, cx)
	}
	w.flowAfter(st, ce, &c, r, cx)
	w.wrappedWrites(&c)
	if c.attached != nil {
		// runuser -u root -- printenv | base64: the next element reads
		// what the launcher's command prints (elementOutput)
		if w.attachedCalls == nil {
			w.attachedCalls = make(map[*syntax.CallExpr]*Command)
		}
		w.attachedCalls[ce] = c.attached
	}
}

// dialectEcho is c as output.go's echo (bash's) reads it: zsh's echo
// interprets backslash escapes unless told -E, as bash's does with -e, so
// a zsh echo gets a leading -e (echo "a\nb" | bash runs two lines there).
//
// fish's string and path subcommands of known words are the printf that
// writes their result (fishOutput): rm -rf (string lower $X).
func (w *walker) dialectEcho(c *Command) *Command {
	if w.dialect == Fish && (c.Name == "string" || c.Name == "path") && !c.Dynamic && len(c.Wrappers) == 0 {
		if lines, ok := fishOutput(c.Name, c.Args); ok {
			p := *c
			p.Name, p.Path, p.raw = "printf", "printf", nil
			p.Args = []Word{{Value: `%s\n`}}
			for _, l := range lines {
				p.Args = append(p.Args, Word{Value: l})
			}
			if len(lines) == 0 {
				p.Args = []Word{{Value: ""}}
			}
			return &p
		}
	}
	if v, ok := w.printedEnv(c); ok {
		p := *c
		p.Name, p.Path, p.raw = "printf", "printf", nil
		p.Args = []Word{{Value: `%s\n`}, {Value: v}}
		return &p
	}
	if w.dialect != Zsh || c.Name != "echo" || c.Dynamic {
		return c
	}
	e := *c
	e.Args = append([]Word{{Value: "-e"}}, c.Args...)
	if len(c.raw) == len(c.Args) {
		e.raw = append([]string{"-e"}, c.raw...)
	}
	return &e
}

// printedEnv is what printenv NAME prints of a variable the line exports
// (export K=V, declare -x, fish's set -x) with one known value: cat
// ~/$(printenv K). One the line sets without exporting it may be the
// environment's or none: not known. HOME is output.go's.
func (w *walker) printedEnv(c *Command) (string, bool) {
	if c.Name != "printenv" || c.Dynamic || len(c.Wrappers) > 0 || len(c.Args) != 1 || c.Args[0].Dynamic {
		return "", false
	}
	name := w.deref(c.Args[0].Value)
	if !w.exported[name] && !(w.allExport && w.dialect != Fish) {
		return "", false
	}
	v, ok := w.value(name)
	return v, ok && !strings.Contains(v, listSep)
}

// printsThroughWrappers reports an echo or printf whose wrappers change who
// runs it or how, not the text it prints (sudo echo, env printf).
func printsThroughWrappers(c *Command) bool {
	if c.Name != "echo" && c.Name != "printf" {
		return false
	}
	for _, wr := range c.Wrappers {
		switch wr.Name {
		case "sudo", "doas", "run0", "env", "nice", "nohup", "command", "builtin", "time", "stdbuf", "ionice":
		default:
			return false
		}
	}
	return true
}

// wrappedWrites records the file a wrapped echo or printf writes (sudo echo
// TEXT >FILE): the wrapper changes who writes, not what, so the file's
// content is known as it is without the wrapper.
func (w *walker) wrappedWrites(c *Command) {
	if len(c.Wrappers) == 0 || !printsThroughWrappers(c) {
		return
	}
	bare := *c
	bare.Wrappers, bare.Redirects = nil, nil
	text, ok := staticOutput(w.dialectEcho(&bare))
	if !ok {
		return
	}
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && !r.Target.Dynamic {
			if in, seen := w.files[r.Target.Value]; seen && !in.Static && in.Text == "" {
				w.files[r.Target.Value] = Input{From: c.Name, Text: text, Static: true}
			}
		}
	}
}

// callEnd is where a simple command's text ends: its last word or redirect
// target, leaving out heredoc bodies.
func callEnd(st *syntax.Stmt, ce *syntax.CallExpr) syntax.Pos {
	var end syntax.Pos
	later := func(p syntax.Pos) {
		if p.IsValid() && !p.IsRecovered() && (!end.IsValid() || p.After(end)) {
			end = p
		}
	}
	if n := len(ce.Args); n > 0 && ce.Args[n-1] != nil && len(ce.Args[n-1].Parts) > 0 {
		later(ce.Args[n-1].End())
	}
	if n := len(ce.Assigns); n > 0 && ce.Assigns[n-1] != nil {
		later(ce.Assigns[n-1].End())
	}
	for _, r := range st.Redirs {
		if r != nil && r.Word != nil && len(r.Word.Parts) > 0 {
			later(r.Word.End())
		}
	}
	return end
}

// declBuiltins are the builtins whose words are assignments.
var declBuiltins = set("export", "declare", "typeset", "local", "readonly")

// spelledDecl is ce as the declaration it runs where the parser did not
// take it for one: the name quoted or escaped (e""xport, \export), or
// after builtin or command (builtin export PROMPT_COMMAND=…), which run
// the same builtin on the same words; or a name that expands to one
// (a=export; $a X=1, ${a:1}, export${IFS}X=1), which bash runs as the
// builtin too, its words split as the expansion splits them; nil for any
// other call.
func (w *walker) spelledDecl(ce *syntax.CallExpr) *syntax.DeclClause {
	if len(ce.Assigns) > 0 {
		return nil
	}
	for i, word := range ce.Args {
		name, ok := staticWord(word)
		var more []*syntax.Word // the words after the name its expansion gives
		if !ok {
			if name, more, ok = w.expandedName(word); !ok {
				return nil
			}
		}
		name = strings.ReplaceAll(name, `\`, "") // \export: an escaped letter is the letter
		switch {
		case name == "builtin" || name == "command":
			if len(more) > 0 {
				return nil
			}
			continue
		case declBuiltins.has(name):
			d := &syntax.DeclClause{Variant: &syntax.Lit{ValuePos: word.Pos(), ValueEnd: word.End(), Value: name}}
			for _, arg := range append(more, ce.Args[i+1:]...) {
				d.Args = append(d.Args, declArg(arg))
			}
			return d
		}
		return nil
	}
	return nil
}

// expandedName is what a command name's word holding parameter
// expansions ($a, ${a:1}, "${x}", export${IFS}X=1) expands to when the
// walk knows it: the first field, and the others as words of literal
// text at the word's place. Words with a substitution are not expanded
// here (their commands are walked once, as the call's).
func (w *walker) expandedName(word *syntax.Word) (string, []*syntax.Word, bool) {
	subst := false
	syntax.Walk(word, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			subst = true
		}
		return !subst
	})
	if subst {
		return "", nil, false
	}
	fs := w.fields(word)
	if len(fs) == 0 || slices.ContainsFunc(fs, func(f field) bool { return f.Dynamic || f.glob }) {
		return "", nil, false
	}
	var more []*syntax.Word
	for _, f := range fs[1:] {
		more = append(more, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: word.Pos(), ValueEnd: word.End(), Value: f.Value}}})
	}
	return fs[0].Value, more, true
}

// declArg is a declaration's word as the parser gives it in a
// declaration: NAME=VALUE an assignment, a bare NAME a naked one, any
// other word (an option, "X=$v") a naked value the walk reads as it runs.
func declArg(word *syntax.Word) *syntax.Assign {
	if len(word.Parts) == 0 {
		return &syntax.Assign{Naked: true, Value: word}
	}
	if name, ok := staticWord(word); ok && isName(name) {
		return &syntax.Assign{Naked: true, Name: &syntax.Lit{ValuePos: word.Pos(), ValueEnd: word.End(), Value: name}}
	}
	if lit, ok := word.Parts[0].(*syntax.Lit); ok {
		if name, value, ok := strings.Cut(lit.Value, "="); ok && isName(name) {
			rest := &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: value}
			return &syntax.Assign{
				Name:  &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: name},
				Value: &syntax.Word{Parts: append([]syntax.WordPart{rest}, word.Parts[1:]...)},
			}
		}
	}
	return &syntax.Assign{Naked: true, Value: word}
}

// decl walks export/local/declare/readonly/typeset: a builtin whose
// arguments are assignments.
func (w *walker) decl(st *syntax.Stmt, d *syntax.DeclClause, cx ctx) {
	c := Command{Pipe: cx.pipe, Background: cx.bg, Func: cx.fn, Via: cx.via, Pos: w.pos(st, cx)}
	// where it runs, as flowBefore's (cd ~; export HISTFILE=.bashrc);
	// its NAME=VALUE words are not paths to rewrite
	if c.Cwd = w.cwd; w.cwd == "" && w.cwdRel != "" && w.cwdRel != "." {
		c.CwdRel = w.cwdRel
	}
	c.CwdLost = w.cwdLost
	if d.Variant != nil {
		c.Name, c.Path = d.Variant.Value, d.Variant.Value
	}
	if c.Name == "" {
		c.Name, c.Path = "declare", "declare"
	}
	var nodes []syntax.Node
	integer, nameref, global := false, false, false
	var letterCase byte // declare -l, -u: values are lower- or upper-cased
	exports, unexports := c.Name == "export", false
	// local D=x in a function (declare and typeset there too, but for -g)
	// sets a D of the function's own: past its end the caller's D holds
	// again, which the walk keeps as a value D may hold (noteOther)
	scoped := func() ctx {
		if cx.fn != "" && (c.Name == "local" || (c.Name == "declare" || c.Name == "typeset") && !global) {
			in := cx
			in.maybe = true
			return in
		}
		return cx
	}
	arrays := false // declare -a 'A=(…)': a list's text
	// assignWord follows a word the shell reads as NAME=VALUE (export
	// "$k=$v", declare "X=…") as the assignment it is, after the command
	assignWord := func(name string, v Word) {
		if exports {
			w.noteExported(name)
		}
		if v.Dynamic || integer || arrays || letterCase != 0 {
			v = Word{Value: "$" + name, Dynamic: true} // known as it runs, or changed by the shell
		}
		w.setValueRuns(&c, name, v, cx)
		w.assigned(&c, name, v, scoped())
	}
	for _, a := range d.Args {
		if a == nil {
			continue
		}
		nodes = append(nodes, a)
		switch {
		case a.Name == nil && a.Value != nil:
			fs := w.fields(a.Value)
			for _, f := range fs {
				switch {
				case f.Dynamic && len(fs) == 1:
					// declare "X=$1": X's value unknown; declare "$n=…",
					// export $(cat .env): any variable's
					name, _, assigns := strings.Cut(literalPrefix(a.Value), "=")
					if assigns && isName(name) && !nameref {
						defer assignWord(name, f.Word)
					} else {
						defer w.writeNamed(field{Word: Word{Value: name, Dynamic: !assigns}}, scoped())
					}
				case f.Dynamic:
					defer w.writeNamed(f, cx)
				case strings.HasPrefix(f.Value, "-") && !strings.HasPrefix(f.Value, "--"):
					integer = integer || strings.Contains(f.Value, "i")
					arrays = arrays || strings.ContainsAny(f.Value, "aA")
					nameref = nameref || strings.Contains(f.Value, "n")
					global = global || strings.Contains(f.Value, "g")
					if i := strings.LastIndexAny(f.Value, "lu"); i > 0 {
						letterCase = f.Value[i]
					}
					exports = exports || strings.Contains(f.Value, "x") && !(c.Name == "export" && strings.Contains(f.Value, "n"))
					unexports = unexports || c.Name == "export" && strings.Contains(f.Value, "n")
				case strings.HasPrefix(f.Value, "+") && strings.ContainsAny(f.Value, "xlu"):
					if strings.Contains(f.Value, "x") {
						unexports, exports = true, false // declare +x D: no longer exported
					}
					if strings.ContainsAny(f.Value, "lu") {
						letterCase = '+' // declare +l D: its case is kept again
					}
				default:
					defer w.subscript(f.Value, c.Pos, cx) // declare "a[$(…)]=1"
					if n, v, ok := strings.Cut(f.Value, "="); ok && isName(n) {
						// declare -n "r=TOKEN", declare "X=…": the
						// assignment the shell reads the word as
						if nameref {
							defer w.setRef(n, Word{Value: v})
						} else {
							defer assignWord(n, Word{Value: v, Quoted: true})
						}
					} else if ok && !nameref {
						defer w.setAssigned(n, Word{Dynamic: true}, scoped()) // declare 'X[0]=…'
					}
				}
			}
			c.Args = append(c.Args, fieldWords(fs)...)
		case a.Name != nil:
			if letterCase != 0 {
				if w.cased == nil {
					w.cased = make(map[string]byte)
				}
				w.cased[w.deref(a.Name.Value)] = letterCase
			}
			if scoped().maybe {
				if w.locals == nil {
					w.locals = make(map[string]bool)
				}
				w.locals[cx.fn+"\x00"+a.Name.Value] = true // local D: D=… after it in cx.fn is the function's own
				if a.Naked && !nameref && !integer {
					defer w.setAssigned(a.Name.Value, Word{}, scoped()) // local D: a new D, empty
				}
			}
			switch {
			case unexports:
				delete(w.exported, w.deref(a.Name.Value))
			case exports:
				w.noteExported(a.Name.Value)
				if a.Naked && lessHooks.has(a.Name.Value) {
					// read LESSOPEN <<< '|CMD %s'; export LESSOPEN: the
					// value the line gave it is what a later less runs
					if v, ok := w.value(a.Name.Value); ok {
						defer w.setValueRuns(&c, a.Name.Value, Word{Value: v}, cx)
					} else if w.setNames[a.Name.Value] {
						defer w.setValueRuns(&c, a.Name.Value, Word{Value: "$" + a.Name.Value, Dynamic: true}, cx)
					}
				}
			}
			v := w.assignValue(a)
			if integer {
				if w.ints == nil {
					w.ints = make(map[string]bool)
				}
				w.ints[a.Name.Value] = true
				if !a.Naked && !v.Dynamic {
					defer w.arithValue(v.Value, c.Pos, cx)
				}
			}
			if nameref && !a.Naked && !v.Dynamic {
				defer w.subscript(v.Value, c.Pos, cx) // declare -n r='a[$(…)]'
			}
			if nameref && !a.Naked {
				defer w.setRef(a.Name.Value, v) // $r is then the value of the variable it names
			}
			if nameref && a.Naked && w.refs[a.Name.Value] == "" && !w.anyRefs[a.Name.Value] {
				if w.unbound == nil {
					w.unbound = make(map[string]bool)
				}
				w.unbound[a.Name.Value] = true // declare -n r; r=X: r then stands for X
			}
			if a.Index != nil {
				defer w.arithRefs(c.Pos, cx, a.Index)
				if !a.Naked {
					defer w.setVar(a.Name.Value, Word{Dynamic: true}) // declare X[0]=…: an element the walk does not place
				}
			}
			if !a.Naked && a.Index == nil && a.Array == nil && !nameref {
				if v.Dynamic && a.Value != nil {
					defer w.noteFetched(a.Name.Value, w.single(a.Value)) // export C=$(curl …), after assigned
				}
				defer w.assigned(&c, a.Name.Value, v, scoped())
				defer w.setValueRuns(&c, a.Name.Value, v, cx)
			} else if !a.Naked && a.Index == nil && a.Array != nil && !nameref && !a.Append {
				defer w.arrayWritten(a, len(a.Array.Elems) == 0) // after setVar, which forgets emptyList
				list, elems := w.arrayFields(a.Array)
				defer w.setListFields(a.Name.Value, list, elems) // local bins=(/usr/bin/sudo /bin/su), as bins=(…) is
			}
			word := Word{Value: a.Name.Value, Dynamic: v.Dynamic, Quoted: v.Quoted}
			if !nameref {
				word.Value = w.deref(a.Name.Value) // declare -n r=LD_PRELOAD; export r=…: exports LD_PRELOAD
			}
			if !a.Naked {
				word.Value += "=" + v.Value
			}
			c.Args = append(c.Args, word)
		}
	}
	end := d.End()
	if len(d.Args) > 0 && d.Args[len(d.Args)-1] == nil {
		end = syntax.Pos{}
	}
	c.Redirects = concat(cx.redirs, w.redirects(st.Redirs))
	c.Stdin = w.stdin(st.Redirs, cx.stdin)
	c.Source = w.source(st.Pos(), end)
	if w.emit(&c) {
		w.substs(cx, append(nodes, redirNodes(st.Redirs)...)...)
	}
}

func concat[T any](a, b []T) []T {
	if len(a) == 0 {
		return b
	}
	return append(slices.Clip(a), b...)
}

// redirects lists a command's redirections with resolved targets.
func (w *walker) redirects(rs []*syntax.Redirect) []Redirect {
	var out []Redirect
	for _, r := range rs {
		if r == nil {
			continue
		}
		rd := Redirect{Op: r.Op.String()}
		switch r.Op {
		case syntax.AppClob, syntax.RdrAllClob, syntax.AppAllClob:
			// zsh's >>|, &>|, &>>| (>>!, &>!, &>>!) write as >>, &>, &>>
			// do, whatever noclobber says
			rd.Op = strings.TrimSuffix(rd.Op, "|")
		}
		if r.N != nil {
			rd.Fd = r.N.Value
			if r.Op == syntax.RdrInOut && rd.Fd != "0" {
				// 1<> FILE opens FILE for the command's output too: its
				// bytes land at the file's start, a new file is what > makes
				rd.Op = ">"
			}
		}
		switch {
		case isHeredoc(r.Op):
			rd.Target = w.heredoc(r).Word
		case w.dialect == Zsh && r.Word != nil && opensFile(r.Op):
			// zsh's MULTIOS opens every word the target expands to:
			// echo x >> ~/.{zshrc,x} writes both, ~/(.zshrc|x) each
			// that exists, $A each element
			for _, f := range w.fields(r.Word) {
				rd.Target = folded(f.Word)
				rd.Target.Glob = f.glob
				out = append(out, rd)
			}
			continue
		case r.Word != nil:
			f := w.single(r.Word)
			if w.dialect == Bash && opensFile(r.Op) && hasBrace(r.Word.Parts) {
				// bash brace-expands a target: > {/etc/x,} is > /etc/x
				// (several words are an ambiguous redirect, which runs
				// nothing: the word stays as written)
				if fs := w.fields(r.Word); len(fs) == 1 {
					f = fs[0]
				}
			}
			rd.Target = folded(f.Word)
			rd.Target.Glob = f.glob // bash and zsh expand a redirection's glob too
			if to, ok := w.outFds[f.Value]; ok && r.Op == syntax.DplOut && !f.Dynamic {
				rd.Op, rd.Target = to.Op, to.Target // exec 3>>/etc/passwd; echo … >&3
			}
		}
		out = append(out, rd)
	}
	return out
}

// opensFile reports a redirection whose target is a file it opens, not a
// descriptor (>&2) or the text of a here-document or here-string.
func opensFile(op syntax.RedirOperator) bool {
	switch op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.DplIn, syntax.DplOut:
		return false
	}
	return true
}

func isHeredoc(op syntax.RedirOperator) bool {
	return op == syntax.Hdoc || op == syntax.DashHdoc
}

// stdin works out a command's standard input from its redirections; the last
// one that reads fd 0 wins, as in the shell.
func (w *walker) stdin(rs []*syntax.Redirect, in Input) Input {
	if in.Kind == "" {
		in = w.execStdin
	}
	for _, r := range rs {
		if r == nil || (r.N != nil && r.N.Value != "0") {
			continue
		}
		switch {
		case isHeredoc(r.Op):
			f := w.heredoc(r)
			in = Input{Kind: "heredoc", Text: f.Value, Static: !f.Dynamic, Remote: f.in.Remote, Decoded: f.in.Decoded}
		case r.Op == syntax.WordHdoc && r.Word != nil:
			f := w.single(r.Word)
			in = Input{Kind: "herestring", Text: f.Value + "\n", Static: !f.Dynamic, Remote: f.in.Remote, Decoded: f.in.Decoded, home: f.in.home}
		case r.Op == syntax.DplIn && r.Word != nil:
			n := r.Word.Lit()
			if n == "" {
				if f := w.single(r.Word); !f.Dynamic {
					n = f.Value // <&$fd after exec {fd}<<EOF
				}
			}
			if fd, ok := w.fds[n]; ok && n != "" {
				in = fd // <&3 after exec 3<<EOF
			}
		case (r.Op == syntax.RdrIn || r.Op == syntax.RdrInOut) && r.Word != nil:
			if psub, ok := w.fishPsub(r.Word); ok {
				in = psub // tclsh < (echo CODE | psub)
				break
			}
			f := w.single(r.Word)
			if f.in.Kind == "procsub" {
				in = f.in
			} else {
				in = Input{Kind: "file", From: FoldWord(f.Value)}
			}
		}
	}
	return in
}

// fishPsub is what fish's (CMD | psub) hands on as a file, fish's process
// substitution: CMD's output, as bash's <(CMD) is.
func (w *walker) fishPsub(word *syntax.Word) (Input, bool) {
	if w.dialect != Fish || len(word.Parts) != 1 {
		return Input{}, false
	}
	cs, ok := word.Parts[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 || len(andOr(cs.Stmts[0])) != 1 {
		return Input{}, false
	}
	elems := pipeline(cs.Stmts[0])
	last, ok := elems[len(elems)-1].Cmd.(*syntax.CallExpr)
	if len(elems) < 2 || !ok || len(last.Args) != 1 || last.Args[0].Lit() != "psub" {
		return Input{}, false
	}
	var out Input
	for i, el := range elems[:len(elems)-1] {
		if i > 0 {
			out = piped(out)
		}
		out = w.elementOutput(el, out)
	}
	out.Kind = "procsub"
	return out, true
}

// output describes what a statement writes to standard output, given its
// standard input, as far as it can be known without running it.
func (w *walker) output(st *syntax.Stmt, in Input) Input {
	if st == nil {
		return Input{}
	}
	parts := andOr(st)
	elems := pipeline(parts[len(parts)-1])
	var out Input
	for i, el := range elems {
		if i > 0 {
			in = piped(out)
		}
		out = w.elementOutput(el, in)
	}
	return out
}

func (w *walker) elementOutput(st *syntax.Stmt, in Input) Input {
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		r := w.resolveCall(c)
		if r.empty {
			return Input{}
		}
		cmd := r.cmd
		cmd.Redirects = w.redirects(st.Redirs)
		cmd.attached = w.attachedCalls[c]
		if printsThroughWrappers(&cmd) {
			cmd.Wrappers = nil // sudo echo TEXT | sh: the wrapper does not change the text
		}
		if cmd.Name == "cat" && len(cmd.Args) == 1 && !cmd.Args[0].Dynamic && len(cmd.Redirects) == 0 {
			// cat x.sh | bash: a file the line or the session wrote
			if f, _, ok := w.fileInput(cmd.Args[0].Value); ok {
				return Input{From: "cat", Text: f.Text, Static: f.Static, Remote: f.Remote, Decoded: f.Decoded}
			}
		}
		if out, ok := w.evalOutput(&cmd, in); ok {
			return out // $(eval echo ~): what the text eval runs prints
		}
		if out, ok := w.mktempOutput(&cmd, offset(st.Pos(), len(w.src))); ok && !slices.ContainsFunc(cmd.Redirects, func(r Redirect) bool { return r.Fd != "2" }) {
			return out // T=$(mktemp -d): a new, empty place
		}
		out := produces(w.dialectEcho(&cmd), w.stdin(st.Redirs, in))
		if out.setup && w.shadowed(cmd.Name) {
			out.setup = false // a function, an alias or a PATH the session set may stand for the tool
		}
		return out
	case *syntax.Subshell:
		if n := len(c.Stmts); n > 0 {
			return w.output(c.Stmts[n-1], w.stdin(st.Redirs, in))
		}
	case *syntax.Block:
		if n := len(c.Stmts); n > 0 {
			return w.output(c.Stmts[n-1], w.stdin(st.Redirs, in))
		}
	case *syntax.BinaryCmd:
		return w.output(st, in)
	}
	return Input{}
}

// evalOutput is what eval prints when its words are static: the output
// of the one command their text is (eval joins them with spaces and reads
// them again), as far as known.
func (w *walker) evalOutput(c *Command, in Input) (Input, bool) {
	if c.Name != "eval" || len(c.Args) == 0 || len(c.Redirects) > 0 || w.dialect == Fish || w.evals >= MaxDepth {
		return Input{}, false
	}
	words := make([]string, len(c.Args))
	for i, a := range c.Args {
		if a.Dynamic {
			return Input{}, false
		}
		words[i] = a.Value
	}
	text := strings.Join(words, " ")
	stmts, err := w.parse(text, w.dialect)
	if err != nil || len(stmts) != 1 {
		return Input{}, false
	}
	saved := w.src
	w.src, w.evals = text, w.evals+1
	out := w.output(stmts[0], in)
	w.src, w.evals = saved, w.evals-1
	return out, true
}

// substOutput is what a command or process substitution produces.
func (w *walker) substOutput(n syntax.Node, stmts []*syntax.Stmt, kind string) Input {
	if out, ok := w.outputs[n]; ok {
		return out
	}
	var out Input
	if dir, ok := w.cdThenPwd(stmts); ok || w.pwdHere(stmts) {
		if !ok {
			dir = w.cwd // cd ~ && rm -rf "$(pwd)"
		}
		out = Input{From: "pwd", Text: dir + "\n", Static: true}
	} else if len(stmts) > 0 {
		last := stmts[len(stmts)-1]
		out = w.output(last, Input{})
		if len(stmts) > 1 || last.Background || len(andOr(last)) > 1 {
			out.Static, out.Text, out.setup = false, "", false // only one known writer makes known output
		}
	}
	out.Kind = kind
	w.outputs[n] = out
	return out
}

// cdThenPwd is the directory $(cd DIR; pwd) and $(cd DIR && pwd) print:
// DIR when it is spelled from the home or the root, the home for a bare
// cd. A relative DIR depends on where the line runs and is not known here.
func (w *walker) cdThenPwd(stmts []*syntax.Stmt) (string, bool) {
	pair := stmts
	if len(stmts) == 1 {
		b, ok := stmts[0].Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt {
			return "", false
		}
		pair = []*syntax.Stmt{b.X, b.Y}
	}
	if len(pair) != 2 || pair[0].Background || pair[1].Background || len(pair[0].Redirs)+len(pair[1].Redirs) > 0 {
		return "", false
	}
	cdCall, ok1 := pair[0].Cmd.(*syntax.CallExpr)
	pwdCall, ok2 := pair[1].Cmd.(*syntax.CallExpr)
	if !ok1 || !ok2 {
		return "", false
	}
	cd, pwd := w.resolveCall(cdCall), w.resolveCall(pwdCall)
	if cd.empty || pwd.empty || cd.cmd.Name != "cd" || pwd.cmd.Name != "pwd" || cd.cmd.Dynamic || pwd.cmd.Dynamic ||
		len(cd.cmd.Wrappers)+len(pwd.cmd.Wrappers) > 0 || slices.ContainsFunc(pwd.cmd.Args, func(a Word) bool { return a.Value != "-L" && a.Value != "-P" }) {
		return "", false
	}
	args := slices.DeleteFunc(slices.Clone(cd.cmd.Args), func(a Word) bool { return a.Value == "-L" || a.Value == "-P" || a.Value == "--" })
	switch {
	case len(args) == 0:
		return "~", true
	case len(args) > 1 || args[0].Dynamic && !isHomeWord(args[0].Value):
		return "", false
	}
	v := args[0].Value
	if v == "~" || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "/") || isHomeWord(v) {
		return path.Clean(v), !strings.ContainsAny(strings.TrimPrefix(strings.TrimPrefix(v, "${HOME}"), "$HOME"), "$`*?[")
	}
	return "", false
}

// pwdHere reports $(pwd) where the line moved to a known directory.
func (w *walker) pwdHere(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 || w.cwd == "" || stmts[0].Background || len(stmts[0].Redirs) > 0 {
		return false
	}
	call, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return false
	}
	r := w.resolveCall(call)
	return !r.empty && r.cmd.Name == "pwd" && !r.cmd.Dynamic && len(r.cmd.Wrappers) == 0 &&
		!slices.ContainsFunc(r.cmd.Args, func(a Word) bool { return a.Value != "-L" && a.Value != "-P" })
}

// isHomeWord reports $HOME or ${HOME}, alone or with a path after it.
func isHomeWord(v string) bool {
	for _, h := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(v, h); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// hasProcOut reports a >(…) among nodes.
func hasProcOut(nodes []syntax.Node) bool {
	found := false
	for _, n := range nodes {
		syntax.Walk(n, func(n syntax.Node) bool {
			if p, ok := n.(*syntax.ProcSubst); ok && p.Op == syntax.CmdOut {
				found = true
			}
			return !found
		})
	}
	return found
}

// passedName matches a command name that is a function's own arguments:
// $@, $*, $1, ${2}, ${@:2}.
var passedName = lazyRegexp(`^\$(?:[@*1-9]|\{(?:[@*]|[1-9][0-9]*)(?::[0-9]+)?\})$`)
