package cmdline

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Same-line dataflow: what a line sets up for its later commands, used when
// they run. Values are followed in source order, whatever the branch or
// subshell: a value assigned anywhere before a use is the value used, which
// can only make hguard see more, never less. What is not static stays
// dynamic. Everything is bounded: loops are unrolled over at most
// maxLoopItems static items and maxLoopWalks bodies per line, functions and
// aliases are expanded within MaxDepth.
//
//   - variables: X=/ (alone, or through export/local/declare/readonly, or
//     fish's set) makes later $X, ${X}, ${X:-…} and ${X:?} "/";
//   - positional parameters of sh -c 'CODE' NAME ARGS…, of functions called
//     with arguments (and fish's $argv);
//   - functions: a call with arguments walks the body again with them;
//   - aliases: alias del='rm -rf' makes a later del ~ read as rm -rf ~;
//     hash -p FILE NAME (zsh: hash NAME=FILE) is read as an alias of NAME
//     to FILE;
//   - for X in static items: the body is walked once per item;
//   - while read X; do …; done over static lines (a heredoc, a here-string,
//     a static pipe): the body is walked once per line (readLoop);
//   - cd DIR: later commands carry Cwd, and their relative glob, "." and
//     "./…" arguments are made absolute (cd / && rm -rf * is rm -rf /*),
//     and so are their redirections' files and the file operands of the
//     programs joinOperands knows (cd /etc && rm passwd); a subshell, a
//     background job, a pipeline element and a substitution keep their cd
//     (setCwd); pushd and popd keep a stack;
//   - xargs with a static standard input gets its words as arguments;
//   - arithmetic: a static value read by name in an arithmetic context, or
//     a subscripted name given to printf -v, read, declare, test -v, is
//     walked as (( VALUE )): its command substitutions run (see arithRefs);
//   - copies and links of known programs (cp /bin/rm x; ./x runs rm:
//     copies.go);
//   - files written on the line (echo … > x.sh, curl -o x.sh …) and then run
//     (sh x.sh, source x.sh, ./x.sh): their static text is followed, fetched
//     content is untrusted; code cloned or unpacked on the line and run from
//     its directory (git clone URL && cd y && make) is remote (fetched.go);
//   - deferred code: trap 'CODE' SIG, PROMPT_COMMAND=CODE; ${x@P} runs the
//     substitutions in x's value;
//   - file descriptors opened by exec 3<<EOF (or 3<FILE, 3< <(…)) feed a
//     later <&3;
//   - standard input that is a shell: sudo -s, sudo -i, su, ssh HOST with a
//     heredoc, here-string or pipe; bash /dev/fd/0; make -f /dev/stdin's
//     recipe lines; the readers of >(…) get the command's output.

const (
	maxLoopItems = 16
	maxLoopWalks = 64
)

// flow is the walker's state of the line so far.
type flow struct {
	vars map[string]string // static values of variables set on the line
	// maybeSet are variables whose last assignment may not have run (one
	// after && or ||, in a branch, a loop, a subshell or a function's
	// body where it is defined); exported those the line exports
	// (export, declare -x, set -a), which a new shell inherits
	maybeSet, exported map[string]bool
	// others are values a variable may still hold where its last
	// assignment may not have run (D=/; if c; then D=build; fi), or
	// other branches' values (if c; then D=/; else D=build; fi): the
	// defaults walks read the variable as each of them in turn
	others map[string][]string
	// locals are the names a function made its own (local D, declare D
	// or typeset D there without -g), keyed "FUNCTION\x00NAME": an
	// assignment to one in that function leaves the caller's value
	locals map[string]bool
	// cased are the variables declare -l (lower) or -u (upper) gave a
	// case: every value assigned to them is changed to it
	cased         map[string]byte
	allExport     bool
	fnAssigns     map[string][]string // what each function's body assigns wherever it runs
	inAlias       bool                // walking an alias's text where it is defined (aliasBody)
	historyLoaded bool                // the line put text into the shell's history that fc, r or !! may run (loadsHistory)
	funcs         map[string]funcDef
	aliases       map[string]string
	// wrappers are the functions that pass their arguments on to one
	// command, as its text (noteWrapper); expanding, the aliases and
	// wrappers whose text is being walked in place of their name
	wrappers map[string]string
	// bodies are the functions whose body is one pipeline that uses no
	// argument, as its text (staticBody): a call of one runs that text
	bodies    map[string]string
	expanding map[string]bool
	// asWritten are the aliases and wrappers of the statement being walked
	// as written, beside its expanded reading (stmts): there the name is
	// the command it names, not its text
	asWritten map[string]bool
	// readAs are the spans of the line the shell reads other than as
	// written, by their offsets, and their text as read: command names in
	// quotes or known expansions ($'\x70's, ${!v}: spellName) and
	// statements with an alias or an eval expanded (expandedStmt)
	readAs map[[2]int]string
	// zsh's global aliases (alias -g), expanded in any unquoted word, and
	// suffix aliases (alias -s EXT=…), for a command word ending in .EXT.
	galiases, saliases map[string]string
	files              map[string]Input // files written on the line: their content as far as known
	// fileIDs are the files of files by the path the kernel opens for
	// each (fileID) → the spelling files keeps it under; links are the
	// symbolic links the line made, by fileID → their target's (filekeys.go)
	fileIDs, links map[string]string
	// attachedCalls are the commands that launchers walked on the line
	// run on their own standard input and output (Command.attached), by
	// the launcher's call, for what a pipe carries from it
	attachedCalls map[*syntax.CallExpr]*Command
	// built are the programs the line compiled from source it wrote (go
	// build, cc x.c -o x): the output's name → the sources, read when a
	// later command runs it; "" for go build's output named after its
	// directory, which the line runs as ./NAME
	built map[string][]builtSource
	fds   map[string]Input // file descriptors opened for reading by exec (exec 3<<EOF)
	// execStdin is the shell's standard input after exec < FILE
	execStdin Input
	outFds    map[string]Redirect // file descriptors opened for writing by exec (exec 3>>/etc/passwd), for a later >&3
	ints      map[string]bool     // variables declared integer (declare -i): assigning evaluates the value
	cwd       string              // the directory set by cd, "" when unknown
	cwdRel    string              // with cwd "", where relative cds moved from the caller's directory
	cwdLost   bool                // a cd to an unknown directory: cwdRel is no longer known
	// cwdSpelled is, with cwdLost, the unknown directory as written (cd
	// "$X", cd "$X"/.aws): Command.LostDir
	cwdSpelled string
	dirs       []cwdState // the directories pushd left, for popd
	// alts are the other directories the walk may be in after a cd that
	// may not have run (false && cd /tmp, cd x || true, if c; then cd
	// x; fi): stmts walks the rest of its list once in each (forkRest)
	alts  []cwdState
	forks int // the lists' rests walked again for alts, bounded by maxForks
	// errexit: the line ran set -e (set -o errexit): a cd that fails ends
	// it, and the line does not go on where it was
	errexit bool
	// lastpipe: the line ran shopt -s lastpipe, which runs a pipeline's
	// last command in bash itself
	lastpipe bool
	// dotglob: the line ran shopt -s dotglob (zsh: setopt globdots), after
	// which a glob's * and ? match a leading dot (~/*/credentials names
	// ~/.aws/credentials)
	dotglob bool
	// autocd: the line ran shopt -s autocd (zsh: setopt autocd), after
	// which an interactive shell takes a command word naming a directory
	// for cd to it (/tmp alone is cd /tmp)
	autocd bool
	// volatile: a DEBUG, RETURN or ERR trap runs code between the line's
	// commands, which may set any variable
	volatile bool
	// traps are the code trap set for the signals a kill may send, by
	// signalSpec ("$" for one known only as the line runs); firing is set
	// while a kill walks them (fireTraps)
	traps  map[string]field
	firing bool
	// forkSeen are the commands made while statements are walked again
	// for a cd that may not have run (forkRest), which emit makes once
	forkSeen map[string]bool
	// fishCond are fish's statements after and, or (parseFish)
	fishCond map[*syntax.Stmt]bool
	// foundVars are variables that hold one of the paths a finder finds:
	// for f in $(find …), find … | while read f (substsFound)
	foundVars map[string][]Word
	// listVars are variables that hold what a program lists: ids=$(docker
	// ps -aq), for c in $(docker ps -aq) (listedCopy)
	listVars map[string]listing
	fishOr   map[*syntax.Stmt]bool           // those after or
	fishNext map[*syntax.Stmt][]*syntax.Stmt // the statements after each in its list
	// gitEditor is the core.editor a git config earlier on the line set
	// (git config core.editor true), for its later git commands' prompts
	gitEditor    string
	gitEditorSet bool
	// gitSettings are the aliases and push settings git config set on the
	// line (alias.p "push -f", remote.origin.mirror true), in any scope,
	// by lowercase key: what a later git p or git push does (gitSetting)
	gitSettings map[string]string
	gitEditorAt *cwdState // where a local one was set (nil: --global)
	// prevCwd is where the walk was before the last cd of the line (cd -
	// goes back there), when hasPrev
	prevCwd cwdState
	hasPrev bool
	fetch   fetched // directories filled from the network on the line, and where the line is
	walks   int     // loop bodies and function bodies walked again
	ifsSet  bool    // IFS was given a value the line does not show: field splitting is unknown
	// fish variables holding one empty element (set X '', for d in ''),
	// whose value "" would otherwise be the empty list: $X is then one
	// empty word, not none.
	emptyElem map[string]bool
	// copies are files the line made a copy or link of a known program
	// (copies.go): the file → the program's path or name; copyNames are
	// their files by base name, for a bare name run from PATH.
	copies    map[string]string
	copyNames map[string][]string
	lookups   map[string]string // variables holding a program's looked-up path: R=$(which rm)
	substVars map[string]string // variables given a value holding a substitution, as written: CC="$(curl …)" (makeVariables)
	setNames  map[string]bool   // variables the line gave a value, static or not (setsVar)
	aliasOf   map[string]string // variables holding another's value, unknown: K=$GITHUB_TOKEN (setVar)
	// spelled are variables whose value, unknown, reads as written
	// where it is used: D=~u, D=$PWD/.. (spelledValue)
	spelled map[string]string
	// refParams are the positional parameters when some are unknown (f
	// -d "$TOKEN" URL, f "$(cat x)"): "$@" is each of them, another
	// variable's value as ${NAME}, any other as written; nil when all are
	// known
	refParams []field
	// carried are the unknown values a variable may hold, written where
	// its value is not known: the elements of X=("$TOKEN" a) (carrying)
	carried  map[string]heldList
	fetched  map[string]Input // variables holding downloaded or decoded text: C=$(curl -s URL) (noteFetched)
	pathText string           // the last value given to PATH, as written when not static
	// containers are the bind mounts of the containers the line started
	// with a name (nameContainer), by name
	containers map[string][]Mount
	// zshFuncs are the bodies of functions defined through zsh's
	// functions table (functions[f]=BODY; zshTable).
	zshFuncs map[string]string
	// promptSubst says zsh's PROMPT_SUBST option may be set (setopt
	// promptsubst): print -P then runs the substitutions in its words.
	promptSubst bool
	// zsh are the zsh options that change what an unquoted parameter
	// expands to, as the line set them (zshSetopt, zshEmulate)
	zsh zshOptions
	// earlier are the files of earlier lines read so far (earlierFile),
	// by resolved path; From is "" for one that is not such a file.
	earlier     map[string]Input
	partial     map[string]bool     // those of earlier given in part (EarlierFile.Partial)
	earlierDirs map[string][]string // the directories of the files a pattern of earlier matched (EarlierFile.Dirs)
	copyTargets []string            // the files cp, mv, install and ln make (copyInto)
	madeTemp    []string            // the names mktemp's output is written as (mktempOutput): no file on disk bears them
	copiedFrom  map[string]string   // each of copyTargets → the file it was made from
	// stmtAssigns are the assignments of the simple command whose words are
	// being walked: ${X:=…} assigns nothing to an X one of them sets.
	stmtAssigns []*syntax.Assign
	// xargsMore are the command lines xargs -I runs for the lines of its
	// input after the first (xargsInput), walked once the command is.
	xargsMore []string
	// emptyList are the arrays assigned no element (A=()), whose value ""
	// is otherwise one empty element; arrayWrites the offsets in the
	// line's text of the array writes the walk followed (A=(…), A+=(…),
	// A[N]=…), which arrayElement checks every write of the array against.
	emptyList   map[string]bool
	arrayWrites map[int]bool
	// promptsWritten are the prompt variables given a value since the
	// walk last walked their code (promptWrites)
	promptsWritten map[string]Word
}

// notFoundHandlers are the functions a shell calls with a command it
// does not find and its arguments: bash's, zsh's and fish's.
var notFoundHandlers = map[Dialect]string{Bash: "command_not_found_handle", Zsh: "command_not_found_handler", Fish: "fish_command_not_found"}

// notFound walks the line's command-not-found handler, when it defined
// one, with c's words as its parameters: a command hguard cannot tell is
// on PATH may be one the shell does not find (command_not_found_handle(){
// rm "$@"; }; -rf ~ runs rm -rf ~). Builtins, functions and aliases are
// found.
func (w *walker) notFound(c *Command, args []field, cx ctx) {
	name := notFoundHandlers[cmp.Or(cx.dialect, Bash)]
	def, ok := w.funcs[name]
	if name == "" || !ok || c.Dynamic || cx.fn == name || pathBuiltins.has(c.Name) || w.walks >= maxLoopWalks || cx.depth >= MaxDepth {
		return
	}
	if _, fn := w.funcs[c.Name]; fn {
		return
	}
	if _, alias := w.aliases[c.Name]; alias {
		return
	}
	w.walks++
	params := append([]field{{Word: Word{Value: c.Path}}}, args...)
	restore := w.positional(name, params)
	saved, savedD := w.src, w.dialect
	w.src, w.dialect = def.src, def.dialect
	at := c.Pos
	w.stmt(def.body, ctx{dialect: def.dialect, via: append(slices.Clip(c.Via), name+"()"), at: &at, depth: cx.depth + 1, fn: name, pipe: PipePos{Len: 1},
		maybe: true, defined: cx.defined, branch: cx.branch})
	w.src, w.dialect = saved, savedD
	restore()
}

type funcDef struct {
	body    *syntax.Stmt
	src     string
	dialect Dialect
	earlier bool // defined by an earlier line of the session (Before.Funcs)
}

// changed forgets resolutions made with the previous values.
func (w *walker) changed() {
	// New maps rather than clear: clearing a map costs its capacity.
	w.calls = make(map[*syntax.CallExpr]*resolved)
	w.outputs = make(map[syntax.Node]Input)
}

func (w *walker) setVar(name string, v Word) {
	if w.vars == nil {
		w.vars = make(map[string]string)
	}
	name = w.deref(name)
	delete(w.foundVars, name)
	delete(w.listVars, name)
	if v.Dynamic {
		w.holdsFound(name, substFound(v.Value)) // f=$(find ~ -name .bashrc)
		if lister, subst, ok := w.substListing(v.Value); ok {
			w.holdsListing(name, lister, subst) // ids=$(docker ps -aq)
		}
	}
	if v.Dynamic && w.dialect == Zsh {
		v.Value = zshFlagsKept(v.Value) // x=${(L)TOKEN}: x holds what TOKEN does, recased
	}
	if v.Dynamic && w.dialect == Fish {
		v.Value = fishKept(v.Value) // set x (string lower $TOKEN): x holds what TOKEN does, recased
	}
	if w.setNames == nil {
		w.setNames = make(map[string]bool)
	}
	w.setNames[name] = true
	if promptVars.has(name) && !v.Dynamic {
		w.promptWritten(name, v)
	}
	delete(w.substVars, name)
	delete(w.spelled, name)
	if v.Dynamic && (spelledValue(v.Value) || DerivedParam(v.Value)) {
		if w.spelled == nil {
			w.spelled = map[string]string{}
		}
		w.spelled[name] = v.Value
	}
	old, had := w.vars[name]
	delete(w.emptyList, name)
	delete(w.carried, name)
	if w.emptyElem[name] {
		delete(w.emptyElem, name)
		w.changed()
	}
	if name == "IFS" {
		w.ifsSet = v.Dynamic
	}
	if name == "GLOBIGNORE" && w.dialect == Bash && (v.Dynamic || v.Value != "") {
		w.dotglob = true // bash: a GLOBIGNORE set turns dotglob on
	}
	delete(w.fetched, name)
	if target := varReference(v); target != "" && target != name {
		// K=$GITHUB_TOKEN: $K is written ${GITHUB_TOKEN} where it is used,
		// so that what it holds stays known by its name
		if w.aliasOf == nil {
			w.aliasOf = map[string]string{}
		}
		w.aliasOf[name] = target
		if in, ok := w.fetched[target]; ok {
			w.fetched[name] = in // C=$(curl …); D=$C: D holds the download too
		}
	} else {
		delete(w.aliasOf, name)
	}
	if v.Dynamic {
		if had {
			delete(w.vars, name)
			w.changed()
		}
		return
	}
	if !had || old != v.Value {
		w.vars[name] = v.Value
		w.changed()
	}
}

// noteFetched records a variable given downloaded or decoded text
// (C=$(curl -s URL)), whose later "$C" carries that text as the
// substitution would (C=$(curl …); zzprog -e "$C").
func (w *walker) noteFetched(name string, f field) {
	if !f.Dynamic || f.in.Kind != "cmdsubst" || !f.in.Remote && !f.in.Decoded {
		return
	}
	if w.fetched == nil {
		w.fetched = map[string]Input{}
	}
	w.fetched[w.deref(name)] = f.in
}

// readFetched records the variables read, mapfile or readarray fill from
// a standard input a download or decoder writes (read C < <(curl …),
// <<< "$(curl …)", < a file the line or the session downloaded), which
// then carry that text as C=$(curl …) would.
func (w *walker) readFetched(c *Command, args []field, names []string) {
	in := c.Stdin
	if fd, ok := readFd(args); ok {
		in = w.fds[fd] // exec 3< <(curl …); read -u 3 C
	}
	if in.Kind == "file" {
		if got, _, ok := w.fileInput(in.From); ok {
			in = got // curl -s URL > c; read C < c
		}
	}
	if !in.Remote && !in.Decoded {
		return
	}
	for _, n := range names {
		w.noteFetched(n, field{Word: Word{Dynamic: true}, in: Input{Kind: "cmdsubst", From: in.From, Remote: in.Remote, Decoded: in.Decoded}})
	}
}

// fishReadNames are the variables fish's read fills: its words but its
// options and their values (-P PROMPT, -d DELIM, -n N, …).
func fishReadNames(args []field) []string {
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		switch {
		case args[i].Dynamic:
			return nil
		case len(a) == 2 && a[0] == '-' && strings.ContainsRune("pPRdnc", rune(a[1])):
			i++ // its value
		case strings.HasPrefix(a, "--") && !strings.Contains(a, "=") && slices.Contains([]string{"--prompt", "--prompt-str", "--right-prompt", "--delimiter", "--nchars", "--command"}, a):
			i++
		case !strings.HasPrefix(a, "-"):
			names = append(names, a)
		}
	}
	return names
}

// readFd is the descriptor read -u FD or mapfile -u FD reads instead of
// its standard input.
func readFd(args []field) (string, bool) {
	for i, a := range args {
		switch {
		case a.Value == "-u" && i+1 < len(args):
			return args[i+1].Value, !args[i+1].Dynamic
		case strings.HasPrefix(a.Value, "-u") && len(a.Value) > 2:
			return a.Value[2:], !a.Dynamic
		}
	}
	return "", false
}

// listSep separates the elements of a list value: "$@" and fish's
// variables, which expand to one word per element and are never split.
const listSep = "\x1f"

// positional sets $0, $1…, $@, $* and $# (and fish's $argv) and returns
// what restores the previous ones.
func (w *walker) positional(zero string, args []field) func() {
	if w.vars == nil {
		w.vars = make(map[string]string)
	}
	keys := []string{"0", "@", "*", "#", "argv"}
	for i := range max(len(args), 9) {
		keys = append(keys, strconv.Itoa(i+1))
	}
	saved := make(map[string]string, len(keys))
	for _, k := range keys {
		if v, ok := w.vars[k]; ok {
			saved[k] = v
		}
		delete(w.vars, k)
	}
	w.vars["0"] = zero
	args = globbedParams(args)
	var all []string
	dynamic := false
	savedRefs, savedAliases := w.refParams, make(map[string]string)
	refs := make([]field, len(args)) // "$@": each known, another variable's value or as written
	for i, a := range args {
		n := strconv.Itoa(i + 1)
		if old, ok := w.aliasOf[n]; ok {
			savedAliases[n] = old
		}
		delete(w.aliasOf, n)
		refs[i] = a
		if target := varReference(a.Word); a.Dynamic && target != "" {
			if w.aliasOf == nil {
				w.aliasOf = map[string]string{}
			}
			w.aliasOf[n] = target // f(){ curl -d "$1"; }; f "$TOKEN"
			refs[i].Value = "${" + target + "}"
		}
		if !a.Dynamic {
			w.vars[n] = a.Value
		}
		dynamic = dynamic || a.Dynamic
		all = append(all, a.Value)
	}
	w.refParams = nil
	if dynamic {
		w.refParams = refs
	}
	for i := len(args); i < 9; i++ {
		w.vars[strconv.Itoa(i+1)] = ""
	}
	w.vars["#"] = strconv.Itoa(len(args))
	if !dynamic {
		w.vars["@"] = strings.Join(all, listSep)
		w.vars["*"] = strings.Join(all, " ")
		w.vars["argv"] = w.vars["@"]
	}
	w.changed()
	return func() {
		for _, k := range keys {
			delete(w.vars, k)
			if v, ok := saved[k]; ok {
				w.vars[k] = v
			}
		}
		for i := range args {
			delete(w.aliasOf, strconv.Itoa(i+1))
		}
		for k, v := range savedAliases {
			w.aliasOf[k] = v
		}
		w.refParams = savedRefs
		w.changed()
	}
}

// globbedParams are the parameters a call's words make: the shell
// expands a glob there (f -a /d?v/sda gives f /dev/sda), which is read
// as the well-known paths it may match (globPaths).
func globbedParams(args []field) []field {
	if !slices.ContainsFunc(args, func(a field) bool { return a.glob && !a.Dynamic }) {
		return args
	}
	var out []field
	for _, a := range args {
		ps := []string(nil)
		if a.glob && !a.Dynamic {
			ps = globPaths(a.Value)
		}
		if len(ps) == 0 {
			out = append(out, a)
			continue
		}
		for _, p := range ps {
			out = append(out, field{Word: Word{Value: p}})
		}
	}
	return out
}

// arrayValue is the value of an indexed array assigned a static list,
// X=(-rf ~): its elements, each expanded as a command word is. Keyed
// elements ([k]=v) or an unknown element make it unknown.
func (w *walker) arrayValue(arr *syntax.ArrayExpr) Word {
	v, _ := w.arrayFields(arr)
	return v.Word
}

// arrayFields is arrayValue and the fields of the list's elements, known
// or not (A=("$TOKEN"), declare -A M=([k]=$TOKEN)), which an unknown
// array may hold (carry). Ordered says the fields are its elements in
// order: no key, and no unknown word left unquoted, which may split.
func (w *walker) arrayFields(arr *syntax.ArrayExpr) (v heldValue, all []field) {
	var elems []string
	known, ordered := true, true
	for _, el := range arr.Elems {
		if el.Value == nil {
			known, ordered = false, false
			continue
		}
		if el.Index != nil {
			ordered = false
			if w.dialect != Bash || literalIndex(el.Index, w.dialect) != len(elems) {
				known = false // A=([0]=x [1]=~) in order only: a gap makes it sparse
			}
		}
		for _, f := range globbedParams(w.fields(el.Value)) { // A=(~/.?ws): the glob's paths
			known = known && !f.Dynamic
			ordered = ordered && (!f.Dynamic || f.Quoted)
			elems = append(elems, f.Value)
			all = append(all, f)
		}
	}
	if !known {
		return heldValue{Word: Word{Dynamic: true}, ordered: ordered}, all
	}
	return heldValue{Word: Word{Value: strings.Join(elems, listSep)}, ordered: ordered}, all
}

// heldValue is a list's value and whether its fields are its elements in
// order (arrayFields).
type heldValue struct {
	Word
	ordered bool
}

// setArray gives name the list arr, and where it is not known what its
// unknown elements may hold.
func (w *walker) setArray(name string, arr *syntax.ArrayExpr) {
	v, all := w.arrayFields(arr)
	w.setListFields(name, v, all)
}

// setListFields gives name v, a list's value, and where it is not known
// what its elements may hold.
func (w *walker) setListFields(name string, v heldValue, all []field) {
	w.setVar(name, v.Word)
	if v.Dynamic {
		w.carry(name, all, v.ordered)
	}
}

// wholeArray reports ${X[@]} and ${X[*]}: every element of X.
func wholeArray(p *syntax.ParamExp) bool {
	if w, ok := p.Index.(*syntax.Word); ok {
		lit := w.Lit()
		return lit == "@" || lit == "*"
	}
	return false
}

// setRef makes name a reference to the variable its value names (declare
// -n r=x); a reference to something else (an array element, an unknown
// name) makes it unknown.
func (w *walker) setRef(name string, target Word) {
	if w.refs == nil {
		w.refs = make(map[string]string)
	}
	if base, _, ok := strings.Cut(target.Value, "["); ok && !target.Dynamic && isName(base) && strings.HasSuffix(target.Value, "]") {
		// declare -n r='X[0]': r is an element of X, written by its
		// assignments and read as ${X[0]}
		delete(w.refs, name)
		if w.elemRefs == nil {
			w.elemRefs = make(map[string]string)
		}
		w.elemRefs[name] = target.Value
		w.setVar(name, Word{Dynamic: true})
		if w.spelled == nil {
			w.spelled = map[string]string{}
		}
		w.spelled[name] = "${" + target.Value + "}" // "$r" is written as the element it stands for
		return
	}
	if target.Dynamic || !isName(target.Value) {
		delete(w.refs, name)
		w.setVar(name, Word{Dynamic: true})
		if target.Dynamic {
			if w.anyRefs == nil {
				w.anyRefs = make(map[string]bool)
			}
			w.anyRefs[name] = true
		}
		return
	}
	delete(w.anyRefs, name)
	w.refs[name] = target.Value
	w.changed()
}

// deref follows references (declare -n) to the variable they name, at most
// a few steps: bash refuses a reference cycle.
func (w *walker) deref(name string) string {
	for range 8 {
		t, ok := w.refs[name]
		if !ok {
			return name
		}
		name = t
	}
	return name
}

// lookup gives the static value of a parameter expansion, if known.
func (w *walker) lookup(p *syntax.ParamExp) (string, bool) {
	if v, ok, done := w.positionalSlice(p); done {
		return v, ok
	}
	if v, ok := w.operated(p); ok {
		return v, true
	}
	if v, ok, done := w.fishIndexed(p); done {
		return v, ok
	}
	if v, ok, done := w.fishIndirect(p); done {
		return v, ok
	}
	if v, ok, done := w.zshParam(p); done {
		return v, ok
	}
	if v, ok, done := w.arrayElement(p); done {
		return v, ok
	}
	if p.Param == nil || p.Excl || p.Length || p.Index != nil && !wholeArray(p) || p.Slice != nil || p.Repl != nil || p.Names != 0 ||
		// zsh flags and modifiers compute another value (${(U)x},
		// ${x:h:h}, ${(e)x} even runs substitutions): not the one known.
		p.Flags != nil || len(p.Modifiers) > 0 || p.NestedParam != nil || p.IsSet || p.Width || p.RcExpand == syntax.OptOn {
		return "", false
	}
	name := w.deref(p.Param.Value)
	v, ok := w.value(name)
	hasOther := len(w.others[name]) > 0
	if !ok {
		return w.unsetDefault(p)
	}
	if p.Exp == nil {
		return v, true
	}
	if w.maybeSet[name] && !hasOther && takesDefault(p.Exp.Op) {
		// [ -n "$X" ] && D=build; rm -rf "${D:-/}": where the assignment
		// did not run, D is the environment's or unset
		if !w.defaults {
			w.sawDefault = true
			return v, true
		}
		return defaultValue(w.single(p.Exp.Word))
	}
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.ErrorUnset, syntax.AssignUnset:
		return v, true
	case syntax.DefaultUnsetOrNull, syntax.ErrorUnsetOrNull, syntax.AssignUnsetOrNull:
		if v != "" {
			return v, true
		}
		if p.Exp.Op != syntax.ErrorUnsetOrNull {
			return defaultValue(w.single(p.Exp.Word)) // D=""; rm -rf "${D:-/}"
		}
	}
	return "", false
}

// value is a variable's static value, or in a defaults walk the other
// value it may hold that the walk takes (flow.others); a first walk that
// meets such a variable asks for the defaults walks.
func (w *walker) value(name string) (string, bool) {
	if w.volatile {
		return "", false
	}
	v, ok := w.vars[name]
	if ok && w.ints[name] {
		// declare -i m=4000+755: the shell stores the sum; a plain
		// decimal number is itself
		if n, err := strconv.Atoi(v); err != nil || n < 0 || leadingZero(v) {
			return "", false
		}
	}
	if others := w.others[name]; len(others) > 0 {
		if !w.defaults {
			w.sawDefault = true // D=/; (D=build); rm -rf "$D": judge / too
			w.otherWalks = max(w.otherWalks, len(others))
		} else {
			v, ok = others[min(w.other, len(others)-1)], true
		}
	}
	return v, ok
}

// arrayElement is ${A[N]} of an array the line gave a value, N a literal
// number (zsh counts from 1, a negative N from the end); done is false
// for any other expansion.
func (w *walker) arrayElement(p *syntax.ParamExp) (v string, ok, done bool) {
	if p.Param == nil || p.Index == nil || wholeArray(p) || !elementParam(p) || p.Flags != nil || len(p.Modifiers) > 0 || p.NestedParam != nil || p.IsSet || w.dialect == Fish {
		return "", false, false
	}
	word, isWord := p.Index.(*syntax.Word)
	if !isWord {
		return "", false, false
	}
	i, isNumber := arithNumber(word.Lit(), w.dialect) // bash reads ${A[010]} as element 8
	if !isNumber {
		return "", false, false
	}
	all, known := w.value(w.deref(p.Param.Value))
	if !known || !w.writesFollowed(p.Param.Value) || w.dialect == Zsh && zeroBased(w.line.Original) {
		return "", false, true
	}
	elems := strings.Split(all, listSep)
	if w.emptyList[w.deref(p.Param.Value)] {
		elems = nil
	}
	switch {
	case w.dialect == Zsh && i > 0:
		i--
	case i < 0:
		i += len(elems)
	}
	if i < 0 || i >= len(elems) {
		return "", true, true // past the end: empty
	}
	return elems[i], true, true
}

// writesFollowed reports whether every place the line's text names the
// array name, but in expansions ($NAME, ${NAME…}), is a write of it the
// walk followed (A=(…), A+=(…), A[N]=…): an element may be written in more
// ways than the walk follows (read -a, mapfile, declare NAME[0]=, printf
// -v, for NAME in), so one is read only where the array has no other
// writer.
func (w *walker) writesFollowed(name string) bool {
	at := mentionsOf(w.line.Original, name, func(before string) bool {
		return strings.HasSuffix(before, "$") || strings.HasSuffix(before, "${") || strings.HasSuffix(before, "${!") ||
			strings.HasSuffix(before, "${#") || zshExpansionHead().MatchString(before[max(0, len(before)-maxFlagsLen):])
	})
	return len(at) > 0 && !slices.ContainsFunc(at, func(i int) bool { return !w.arrayWrites[i] })
}

// mentionsOf are the offsets where text names name as a whole name, less
// those an expansion reads (read reports one from the text before it).
func mentionsOf(text, name string, read func(before string) bool) []int {
	var out []int
	for i := 0; i < len(text) && name != ""; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			break
		}
		at, end := i+j, i+j+len(name)
		i = end
		if at > 0 && isNameByte(text[at-1]) || end < len(text) && isNameByte(text[end]) || read(text[:at]) {
			continue // part of a longer name, or an expansion's
		}
		out = append(out, at)
	}
	return out
}

// arrayWritten records a's write of an array as followed (writesFollowed)
// when a lies in the line's own text, and whether it left no element.
func (w *walker) arrayWritten(a *syntax.Assign, empty bool) {
	name := w.deref(a.Name.Value)
	if empty {
		if w.emptyList == nil {
			w.emptyList = make(map[string]bool)
		}
		w.emptyList[name] = true
	}
	if w.src != w.line.Original {
		return // an alias's or eval's text: its offsets are not the line's
	}
	if w.arrayWrites == nil {
		w.arrayWrites = make(map[int]bool)
	}
	w.arrayWrites[int(a.Name.Pos().Offset())] = true
}

// elements are the elements of a known array name, nil for an unknown one.
func (w *walker) elements(name string) (elems []string, known bool) {
	name = w.deref(name)
	if name == "argv" && w.dialect == Zsh {
		return nil, false // zsh's positional parameters, which the walk keeps apart
	}
	v, ok := w.vars[name]
	if !ok || w.ints[name] || len(w.others[name]) > 0 {
		return nil, false
	}
	if w.emptyList[name] {
		return []string{}, true
	}
	return strings.Split(v, listSep), true
}

// setList gives name the elements elems.
func (w *walker) setList(a *syntax.Assign, elems []string) {
	w.setVar(a.Name.Value, Word{Value: strings.Join(elems, listSep)})
	w.arrayWritten(a, len(elems) == 0)
}

// appendArray follows A+=(…) of a known A: its elements, then the list's
// (a scalar is one element: D=x; D+=(~) is (x ~)).
func (w *walker) appendArray(a *syntax.Assign) {
	elems, known := w.elements(a.Name.Value)
	add := w.arrayValue(a.Array)
	indexed := slices.ContainsFunc(a.Array.Elems, func(e *syntax.ArrayElem) bool { return e.Index != nil })
	if !known || add.Dynamic || indexed { // A+=([0]=~) writes element 0, not one more
		w.setVar(a.Name.Value, Word{Dynamic: true})
		return
	}
	if len(a.Array.Elems) > 0 {
		elems = append(elems, strings.Split(add.Value, listSep)...)
	}
	w.setList(a, elems)
}

// setElement follows A[N]=V of a known A and a literal N that names an
// element or the one after the last (zsh counts from 1, a negative N
// from the end); any other makes A unknown.
func (w *walker) setElement(a *syntax.Assign) {
	elems, known := w.elements(a.Name.Value)
	i := literalIndex(a.Index, w.dialect)
	v := w.single(a.Value)
	switch {
	case w.dialect == Zsh && i > 0:
		i--
	case w.dialect == Zsh && i == 0:
		known = false // zsh refuses index 0
	case i < 0 && i != noIndex:
		i += len(elems)
	}
	if !known || v.Dynamic || i < 0 || i > len(elems) {
		w.setVar(a.Name.Value, Word{Dynamic: true})
		return
	}
	if i == len(elems) {
		elems = append(elems, v.Value)
	} else {
		elems = slices.Clone(elems)
		elems[i] = v.Value
	}
	w.setList(a, elems)
}

// noIndex is literalIndex's answer for an index that is not a literal
// number.
const noIndex = -1 << 30

// literalIndex is the number an array index is written as, noIndex for
// any other index.
func literalIndex(x syntax.ArithmExpr, d Dialect) int {
	if u, ok := x.(*syntax.UnaryArithm); ok && u.Op == syntax.Minus && !u.Post {
		if i := literalIndex(u.X, d); i != noIndex {
			return -i // A[-1]
		}
		return noIndex
	}
	word, ok := x.(*syntax.Word)
	if !ok {
		return noIndex
	}
	i, ok := arithNumber(word.Lit(), d) // bash: 010 is 8
	if !ok || i <= noIndex {
		return noIndex
	}
	return i
}

// runsArgs reports a function body whose command is its arguments: "$@",
// "$*", "$1", ${2} as a command's name, alone or after a wrapper's words
// (r(){ "$@"; }, r(){ sudo -E "$@"; }); not f(){ f "$1"; }, which passes
// them on.
func runsArgs(body *syntax.Stmt) bool {
	found := false
	if body == nil {
		return false
	}
	syntax.Walk(body, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && !found && len(call.Args) > 0 {
			_, wrapped := wrappers[call.Args[0].Lit()]
			wrapped = wrapped || shellRunners.has(call.Args[0].Lit())
			for i, word := range call.Args {
				if i > 0 && (!wrapped || i > 1 && !strings.HasPrefix(call.Args[i-1].Lit(), "-")) {
					break // an operand: passed on, not run
				}
				parts := word.Parts
				if len(parts) == 1 {
					if dq, ok := parts[0].(*syntax.DblQuoted); ok {
						parts = dq.Parts
					}
				}
				if len(parts) == 1 {
					if p, ok := parts[0].(*syntax.ParamExp); ok && p.Param != nil && passedName().MatchString("$"+p.Param.Value) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// shellRunners are the builtins that run their words as a command.
var shellRunners = set("command", "exec", "builtin", "time", "nohup")

// readsParams reports a function's text that expands its positional
// parameters ($1, ${2:-x}, "$@", $*, $#).
func readsParams(src string) bool {
	for i := 0; i+1 < len(src); i++ {
		if src[i] != '$' {
			continue
		}
		c := src[i+1]
		if c == '{' && i+2 < len(src) {
			c = src[i+2]
		}
		if c >= '0' && c <= '9' || c == '@' || c == '*' || c == '#' {
			return true
		}
	}
	return false
}

// spelledValue reports a value known only at run time that the rules
// read as written: another user's home (~u) or a path below or above the
// directory the line runs in ($PWD/..), with nothing else expanded.
func spelledValue(v string) bool {
	rest, ok := strings.CutPrefix(v, "~")
	if !ok {
		rest, ok = pwdPrefixed(v)
	}
	return ok && !strings.ContainsAny(rest, "$`\\\"'*?[")
}

// zshFlagsKept is v, a value made of zsh expansions that each keep some
// of one variable's characters (${(L)T}, ${(j::)${(s::)T}}, ${${T}:l},
// ${T[1,20]}${T[21,-1]}), as the variable's own: ${T}. Any other v is
// itself (zshKeptName says which keep).
func zshFlagsKept(v string) string {
	name := ""
	for rest := v; rest != ""; {
		n := expansionLen(rest)
		if !strings.HasPrefix(rest, "${") || n == 0 {
			return v
		}
		kept := zshKeptName(rest[:n])
		if kept == "" || name != "" && kept != name {
			return v
		}
		name, rest = kept, rest[n:]
	}
	if name == "" {
		return v
	}
	return "${" + name + "}"
}

// zshKeptName is the variable whose characters one zsh expansion ${…}
// keeps some of, through flags, nested expansions, subscripts, modifiers
// and operators; "" for one that reads another variable (P), a length
// (${#T}, the # and c, w flags), the keys (k), an index ([(i)x]), whether
// it is set (${+T}, ${T:+x}) or is no such expansion.
func zshKeptName(e string) string {
	r := e[2 : len(e)-1]
	if strings.HasPrefix(r, "(") {
		flags, rest, ok := strings.Cut(r[1:], ")")
		if !ok || strings.ContainsAny(flags, "P#cwWk!") {
			return ""
		}
		r = rest
	}
	r = strings.TrimLeft(r, "~=^")
	name, rest := "", ""
	if n := expansionLen(r); strings.HasPrefix(r, "${") && n > 0 {
		name, rest = zshKeptName(r[:n]), r[n:]
	} else {
		n := 0
		for n < len(r) && isNameByte(r[n]) {
			n++
		}
		name, rest = r[:n], r[n:]
		if !isName(name) {
			return ""
		}
	}
	if strings.HasPrefix(rest, "[(") || strings.HasPrefix(rest, "+") || strings.HasPrefix(rest, ":+") {
		return ""
	}
	return name
}

// DerivedParam reports a value that is one expansion of another variable
// with an operation that keeps some of its value: ${T:-}, ${T%x},
// ${T/a/b}, ${T:0:8}, ${T@Q}, ${T^^}. A variable given it is written so
// where it is used (x=${GITHUB_TOKEN:-}; curl -d "$x"), which keeps what
// it holds known by its source's name; ${T:+x} and ${#T} hold none of T.
func DerivedParam(v string) bool {
	if !strings.HasPrefix(v, "${") || expansionLen(v) != len(v) {
		return false
	}
	n := 2
	for n < len(v) && isNameByte(v[n]) {
		n++
	}
	if n == 2 || v[2] >= '0' && v[2] <= '9' || n >= len(v)-1 {
		return false
	}
	op := v[n:]
	return !strings.HasPrefix(op, ":+") && !strings.HasPrefix(op, "+") && strings.ContainsRune(":-=?%#/@^,", rune(op[0]))
}

// expansionLen is the length of the ${…} v starts with, braces nested, or
// 0 where it is not closed.
func expansionLen(v string) int {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return 0
}

// hasValue reports a variable the line gave a value it knows.
func (w *walker) hasValue(name string) bool {
	_, ok := w.vars[w.deref(name)]
	return ok
}

// caseChanged is ${x,,}, ${x^^}, ${x,}, ${x^}, ${x@L}, ${x@U} and ${x@u} of a
// value the line gave x, with no pattern and nothing expanded in it.
func (w *walker) caseChanged(p *syntax.ParamExp) (string, bool) {
	if p.Exp == nil || p.Repl != nil || p.Slice != nil || p.Index != nil {
		return "", false
	}
	arg := ""
	if p.Exp.Word != nil {
		arg = p.Exp.Word.Lit()
	}
	var change func(string) string
	first := func(f func(string) string) func(string) string {
		return func(s string) string {
			if s == "" {
				return s
			}
			return f(s[:1]) + s[1:]
		}
	}
	switch {
	case p.Exp.Op == syntax.LowerAll && arg == "", p.Exp.Op == syntax.OtherParamOps && arg == "L":
		change = strings.ToLower
	case p.Exp.Op == syntax.UpperAll && arg == "", p.Exp.Op == syntax.OtherParamOps && arg == "U":
		change = strings.ToUpper
	case p.Exp.Op == syntax.LowerFirst && arg == "":
		change = first(strings.ToLower)
	case p.Exp.Op == syntax.UpperFirst && arg == "", p.Exp.Op == syntax.OtherParamOps && arg == "u":
		change = first(strings.ToUpper)
	default:
		return "", false
	}
	v, ok := w.value(w.deref(p.Param.Value))
	if !ok || strings.ContainsAny(v, "~$`"+listSep) {
		return "", false
	}
	return change(v), true
}

// operated is the value of ${x/pat/rep}, ${x//pat/rep}, ${x%pat},
// ${x%%pat}, ${x#pat}, ${x##pat}, ${x:off:len} and ${a[@]:off:len}
// (bash's, sh's) when the line gave x a value: x='rmXX-rfXX~'; ${x//XX/ }
// runs rm -rf ~ as x='rm -rf ~'; $x does. operatedValue computes the
// operation; zshParam computes zsh's with it.
func (w *walker) operated(p *syntax.ParamExp) (string, bool) {
	if p.Param == nil || w.dialect == Zsh || w.dialect == Fish || p.Excl || p.Length || p.Names != 0 || p.Flags != nil ||
		len(p.Modifiers) > 0 || p.NestedParam != nil || p.IsSet || p.Width || p.Index != nil && !wholeArray(p) ||
		p.Param.Value == "HOME" || p.Param.Value == "PWD" {
		return "", false
	}
	if _, ifs := w.vars["IFS"]; (ifs || w.ifsSet) && (p.Param.Value == "*" || p.Param.Value == "@" || wholeArray(p)) {
		return "", false // IFS=';'; eval "${*/x/}": each element's result joined by IFS's first character
	}
	if v, ok := w.caseChanged(p); ok {
		return v, true
	}
	if !valueOperation(p) {
		return "", false
	}
	v, ok := w.value(w.deref(p.Param.Value))
	if !ok {
		return "", false
	}
	op, ok := w.operationText(p)
	if !ok {
		return "", false
	}
	elems := strings.Split(v, listSep)
	switch {
	case p.Slice != nil && wholeArray(p):
		from, to, ok := sliceBounds(len(elems), strings.TrimPrefix(op, ":"))
		if !ok {
			return "", false
		}
		return strings.Join(elems[from:to], listSep), true
	case len(elems) > 1 || wholeArray(p):
		return "", false // a pattern applied to each element: not computed here
	}
	return operatedValue(v, op, w.dialect)
}

// valueOperation reports an expansion with one operation operatedValue
// computes: a replacement, a slice, or a prefix or suffix taken off.
func valueOperation(p *syntax.ParamExp) bool {
	trim := false
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.RemSmallSuffix, syntax.RemLargeSuffix, syntax.RemSmallPrefix, syntax.RemLargePrefix:
			trim = true
		default:
			return false
		}
	}
	return btoi(p.Repl != nil)+btoi(p.Slice != nil)+btoi(trim) == 1
}

// operationText is an expansion's operation as written after its name
// (or subscript, or nested expansion), without the closing brace:
// %.pub of ${K%.pub}, //a/b of ${(L)X//a/b}, :1:-1 of ${A[2]:1:-1}. ok
// is false when it quotes or expands anything, which is not computed.
func (w *walker) operationText(p *syntax.ParamExp) (string, bool) {
	var from syntax.Pos
	switch {
	case p.Index != nil:
		from = p.Index.End()
	case p.Param != nil:
		from = p.Param.End()
	case p.NestedParam != nil:
		from = p.NestedParam.End()
	default:
		return "", false
	}
	op := w.source(from, p.End())
	if p.Index != nil {
		var ok bool
		if op, ok = strings.CutPrefix(op, "]"); !ok {
			return "", false
		}
	}
	op, ok := strings.CutSuffix(op, "}")
	return op, ok && op != "" && !strings.ContainsAny(op, "$`\"'\\{}")
}

// zshPatternChars are the characters zsh's patterns give a meaning bash's
// do not: (a|b) alternatives and <1-9> ranges always, # ~ ^ with
// EXTENDED_GLOB. A zsh pattern holding one is not computed.
const zshPatternChars = "()|<>#~^"

// operatedValue applies one operation, as operationText gives it, to a
// value: a slice (:off:len), a replacement (/pat/rep, //pat/rep), a prefix
// (#pat, ##pat) or a suffix (%pat, %%pat) taken off. A value holding the
// home or another expansion (~, $HOME) is computed only where the
// operation cannot reach into it: a literal pattern found outside it, a
// suffix taken off that leaves more than it; its prefixes and slices are
// not computed, nor are the slices of a value that is not ASCII (whose
// characters the locale counts). In zsh a pattern with zshPatternChars
// is not computed either.
func operatedValue(v, op string, dialect Dialect) (string, bool) {
	held := strings.ContainsAny(v, "~$`")
	if op[0] == ':' {
		arg := op[1:]
		switch {
		case strings.TrimSpace(arg) == "0":
			return v, true // ${x:0}: the whole value
		case held:
			return heldSliced(v, arg)
		case !isASCII(v):
			return "", false
		}
		return pwdSlice(v, arg)
	}
	operator := op[:1] // %, or %% doubled
	if len(op) > 1 && op[1] == op[0] {
		operator = op[:2]
	}
	arg := op[len(operator):]
	if dialect == Zsh && strings.ContainsAny(arg, zshPatternChars) {
		return "", false
	}
	switch op[0] {
	case '/':
		all := operator == "//"
		pat, _, _ := strings.Cut(arg, "/")
		if strings.HasPrefix(op, "/#") || strings.HasPrefix(op, "/%") || held && (strings.ContainsAny(pat, "*?[]~$/") || pat == "" ||
			strings.Count(v, pat) != strings.Count(heldMasked().ReplaceAllString(v, "\x00"), pat)) {
			return "", false
		}
		return replacePattern(v, arg, all)
	case '#':
		if held {
			return "", false // the prefix taken off may reach into the home
		}
		return trimPattern(v, arg, true, operator == "##")
	case '%':
	default:
		return "", false
	}
	longest := operator == "%%"
	out, ok := trimPattern(v, arg, false, longest)
	switch home := v == "~" || v == "$HOME" || v == "${HOME}"; {
	case home && (arg == "/" || arg == ""):
		return v, true // a home has no trailing slash
	case home && arg == "/*" && !longest:
		return "${HOME}/..", true // the home's parent, as ${HOME%/*}
	}
	if held {
		// the suffix taken must lie after the last expansion, as it
		// would in the value the shell has: ${x%/*} of ~/a is ~, of ~
		// /home; the longest match of a glob could reach into it
		if !ok || out == v || len(out) < heldEnd(v) || longest && strings.ContainsAny(arg, "*?[") {
			return "", false
		}
	}
	return out, ok
}

// heldSliced is ${x:0:-n} of a value holding the home or another
// expansion: its last n characters taken off, when they lie after the last
// expansion (${x:0:-4} of ~/a.pub is ~/a); other slices are not computed.
func heldSliced(v, arg string) (string, bool) {
	offset, length, _ := strings.Cut(arg, ":")
	n, err := strconv.Atoi(strings.TrimSpace(length))
	if strings.TrimSpace(offset) != "0" || err != nil || n >= 0 {
		return "", false
	}
	keep := len(v) + n
	if keep < heldEnd(v) || !isASCII(v[keep:]) {
		return "", false
	}
	return v[:keep], true
}

// heldEnd is where the last expansion heldMasked finds in v ends; past
// the end of v when there is a stray $ or ` it does not read.
func heldEnd(v string) int {
	all := heldMasked().FindAllStringIndex(v, -1)
	if len(all) == 0 {
		return len(v) + 1
	}
	return all[len(all)-1][1]
}

// isASCII reports a string of ASCII characters only.
func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// heldMasked finds the expansions a value may hold: ~, $NAME, ${…}, $(…) and `…`.
var heldMasked = lazyRegexp("~|\\$\\{[^}]*\\}|\\$\\([^)]*\\)|\\$[A-Za-z_][A-Za-z0-9_]*|`[^`]*`")

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unsetDefault is the value of ${1:-WORD} (and ${1-WORD}) when the line
// does not give the positional parameters: a script run with no
// arguments, as the line runs it, takes WORD (TARGET=${1:-/}; rm -rf
// "$TARGET"). Other variables may come from the environment: unknown,
// but their WORD is one value they may take, which the defaults walk
// (takeDefaults) judges too.
func (w *walker) unsetDefault(p *syntax.ParamExp) (string, bool) {
	if p.Exp == nil || w.dialect == Fish {
		return "", false
	}
	switch p.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if !w.defaults {
			w.sawDefault = true
			return "", false
		}
	default:
		return "", false
	}
	if n := p.Param.Value; len(n) != 1 || n[0] < '1' || n[0] > '9' {
		if !w.defaults {
			w.sawDefault = true
			return "", false
		}
		return defaultValue(w.single(p.Exp.Word))
	}
	if _, known := w.vars["#"]; known || w.fnBody > 0 {
		return "", false // a function's or sh -c's parameters, known or given at its call
	}
	f := w.single(p.Exp.Word)
	if f.Dynamic {
		return "", false
	}
	return f.Value, true
}

// takesDefault reports the expansions that give their word when the
// variable is unset: ${X:-W}, ${X-W}, ${X:=W}, ${X=W}.
func takesDefault(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
		return true
	}
	return false
}

// noteAssigned records whether an assignment may not have run where the
// walk goes on (cx.maybe), for the defaults walk.
func (w *walker) noteAssigned(name string, cx ctx) {
	name = w.deref(name)
	if cx.branch != nil && !cx.maybe {
		v, ok := w.vars[name]
		if !ok {
			v = unknownValue
		}
		cx.branch[name] = v // if c; then D=a; else D=b; fi: set after the if
	}
	if cx.defined && !cx.maybe && cx.branch == nil && cx.fn != "" {
		// f(){ D=x; }; f: once f is called D is set
		if w.fnAssigns == nil {
			w.fnAssigns = make(map[string][]string)
		}
		if !slices.Contains(w.fnAssigns[cx.fn], name) {
			w.fnAssigns[cx.fn] = append(w.fnAssigns[cx.fn], name)
		}
	}
	if !cx.maybe && !cx.defined && cx.branch == nil {
		delete(w.maybeSet, name)
		delete(w.others, name)
		return
	}
	if w.maybeSet == nil {
		w.maybeSet = make(map[string]bool)
	}
	w.maybeSet[name] = true
}

// assignSet are the variables a branch assigns on its every path, with
// the value each has at the branch's end (unknownValue when not static).
type assignSet map[string]string

// unknownValue stands in an assignSet for a value that is not static.
const unknownValue = "\x00"

// setAssigned gives a variable a value where cx says the assignment may
// not run (noteAssigned, noteOther).
func (w *walker) setAssigned(name string, v Word, cx ctx) {
	if base, _, ok := strings.Cut(name, "["); ok {
		// read 'X[0]', printf -v 'X[0]', declare 'X[0]=…': an element
		// of X, which the walk follows in A[N]=V assignments only
		w.setVar(base, Word{Dynamic: true})
		w.noteAssigned(base, cx)
		return
	}
	if elem, ok := w.elemRefs[name]; ok {
		base, _, _ := strings.Cut(elem, "[")
		w.setVar(base, Word{Dynamic: true}) // declare -n r='X[0]'; r=…: X's element, which the walk does not follow
		return
	}
	if w.anyRefs[name] {
		w.volatile = true // declare -n r="$v"; r=…: a variable the walk does not know
		w.changed()
		if !v.Dynamic && hasSubst(v.Value) {
			// f(){ local -n o=$1; o='$(…)'; }; f PS4: a prompt's,
			// whose substitutions run as it is shown (PROMPT_COMMAND's
			// whole text would be code, which no such write is read as)
			for _, prompt := range []string{"PS0", "PS1", "PS2", "PS4"} {
				w.promptWritten(prompt, v)
			}
		}
		return
	}
	if w.unbound[name] {
		delete(w.unbound, name)
		w.setRef(name, v) // declare -n r; r=X: the first value names the target
		return
	}
	if cx.fn != "" && w.locals[cx.fn+"\x00"+name] {
		cx.maybe = true // f(){ local D; D=build; }: the caller's D holds again
	}
	switch w.cased[w.deref(name)] {
	case 'l':
		v.Value = strings.ToLower(v.Value) // declare -l X; X=DD: $X is dd
	case 'u':
		v.Value = strings.ToUpper(v.Value)
	}
	old, had := w.vars[w.deref(name)]
	w.setVar(name, v)
	w.noteAssigned(name, cx)
	w.noteOther(name, old, had, cx)
}

// maxOthers bounds the other values kept for a variable, and so the
// defaults walks a line gets.
const maxOthers = 3

// noteOther keeps the value a variable had before an assignment that may
// not run (old, when had): the variable may still hold it, as it may each
// value kept before, until an assignment that certainly runs.
func (w *walker) noteOther(name, old string, had bool, cx ctx) {
	name = w.deref(name)
	if !had || !cx.maybe && !cx.defined && cx.branch == nil {
		return
	}
	w.addOther(name, old)
}

// addOther adds v to the other values name may hold, unless it is the
// value it has, is kept already, or maxOthers are.
func (w *walker) addOther(name, v string) {
	if cur, ok := w.vars[name]; ok && cur == v || slices.Contains(w.others[name], v) || len(w.others[name]) >= maxOthers {
		return
	}
	if w.others == nil {
		w.others = make(map[string][]string)
	}
	w.others[name] = append(w.others[name], v)
	w.changed()
}

// branchesSet records what a variable every branch of an if assigns may
// hold after it: the last branch's value is the variable's, the other
// branches' differing values are the ones it may hold instead.
func (w *walker) branchesSet(name string, sets []assignSet) {
	if _, had := w.others[name]; had {
		delete(w.others, name)
		w.changed()
	}
	for _, s := range sets {
		if v := s[name]; v != unknownValue {
			w.addOther(name, v)
		}
	}
}

// noteExported records a variable the line exports (export D=x, export
// D, declare -x D), which a new shell it starts inherits.
func (w *walker) noteExported(name string) {
	if w.exported == nil {
		w.exported = make(map[string]bool)
	}
	w.exported[w.deref(name)] = true
}

// newShellVars gives a new shell's walk (bash -c TEXT) the variables it
// has: the command's own assignments (D=x bash -c …) hold in it, and the
// line's variables it does not export may be unset there (D=x; bash -c
// 'rm -rf "${D:-/}"' removes / unless the caller's environment exports
// D), so they are read as assignments that may not have run. The
// returned function puts the line's variables back.
func (w *walker) newShellVars(c *Command) func() {
	savedMaybe := w.maybeSet
	w.maybeSet = maps.Clone(savedMaybe)
	reset, unset := envResets(c.Wrappers)
	if !w.allExport || reset || len(unset) > 0 {
		for name := range w.vars {
			if (reset || slices.Contains(unset, name) || !w.exported[name] && !w.allExport) && !isSpecialParam(name) {
				if w.maybeSet == nil {
					w.maybeSet = make(map[string]bool)
				}
				w.maybeSet[name] = true
			}
		}
	}
	type old struct {
		value string
		had   bool
	}
	var saved map[string]old
	for _, a := range c.Assigns {
		if a.Name == "" || !isName(a.Name) || reset || slices.Contains(unset, a.Name) {
			continue // D=x sudo sh -c …: sudo's own environment
		}
		if saved == nil {
			saved = make(map[string]old)
		}
		if _, done := saved[a.Name]; !done {
			v, had := w.vars[a.Name]
			saved[a.Name] = old{v, had}
		}
		if w.vars == nil {
			w.vars = make(map[string]string)
		}
		if a.Value.Dynamic {
			delete(w.vars, a.Name)
		} else {
			w.vars[a.Name] = a.Value.Value
		}
		delete(w.maybeSet, a.Name)
	}
	if len(saved) > 0 {
		w.changed()
	}
	return func() {
		w.maybeSet = savedMaybe
		for name, o := range saved {
			if o.had {
				w.vars[name] = o.value
			} else {
				delete(w.vars, name)
			}
		}
		if len(saved) > 0 {
			w.changed()
		}
	}
}

// envResets reports wrappers that start the command with an environment
// of their own: sudo (unless -E or --preserve-env), doas, run0, pkexec,
// su -, env -i; and the names env -u takes out.
func envResets(wrappers []Wrapper) (reset bool, unset []string) {
	for _, wr := range wrappers {
		switch program(baseName(wr.Name)) {
		case "sudo":
			if !slices.ContainsFunc(wr.Args, func(a string) bool {
				return a == "--preserve-env" || strings.HasPrefix(a, "--preserve-env=") || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "E")
			}) {
				reset = true
			}
		case "doas", "run0", "pkexec":
			reset = true
		case "su", "runuser":
			reset = reset || slices.ContainsFunc(wr.Args, func(a string) bool { return a == "-" || a == "-l" || a == "--login" })
		case "env":
			for i, a := range wr.Args {
				switch {
				case a == "-i" || a == "--ignore-environment" || a == "-":
					reset = true
				case (a == "-u" || a == "--unset") && i+1 < len(wr.Args):
					unset = append(unset, wr.Args[i+1])
				case strings.HasPrefix(a, "--unset="):
					unset = append(unset, strings.TrimPrefix(a, "--unset="))
				case strings.HasPrefix(a, "-u") && len(a) > 2:
					unset = append(unset, a[2:])
				}
			}
		}
	}
	return reset, unset
}

// isSpecialParam reports the parameters a new shell sets itself ($1, $#).
func isSpecialParam(name string) bool {
	return name != "" && !isName(name)
}

// defaultValue is a default's value for the defaults walk: static, or the
// home joined to static text (${KUBECONFIG:-$HOME/.kube/config} is
// ~/.kube/config).
func defaultValue(f field) (string, bool) {
	if !f.Dynamic {
		return f.Value, true
	}
	for _, home := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(f.Value, home); ok && (rest == "" || rest[0] == '/') && !strings.ContainsAny(rest, "$`\\*?[") {
			return "~" + rest, true
		}
	}
	return "", false
}

// promptExpansion reports ${x@P}, which runs the substitutions in x's value.
func promptExpansion(p *syntax.ParamExp) bool {
	return p.Exp != nil && p.Exp.Op == syntax.OtherParamOps && p.Exp.Word != nil && p.Exp.Word.Lit() == "P"
}

// assigned records a standalone assignment (X=1, export X=1) and follows
// deferred code it sets up.
func (w *walker) assigned(c *Command, name string, v Word, cx ctx) {
	if rel, ok := inWorkingDir(v.Value); ok && v.Dynamic && configHomes.has(name) {
		v = Word{Value: rel, Quoted: v.Quoted}
	}
	w.setAssigned(name, v, cx)
	name = w.deref(name) // declare -n r=PS4; r='$(…)': PS4 is what is set
	w.lookedUpVar(name, v)
	if v.Dynamic && (strings.Contains(v.Value, "$(") || strings.Contains(v.Value, "`")) {
		if w.substVars == nil {
			w.substVars = make(map[string]string)
		}
		w.substVars[name] = v.Value
	}
	w.noteExport(name, v)
	if name == "PATH" {
		w.pathText = v.Value
		w.notePath(v)
	}
	delete(w.promptsWritten, name) // walked here
	w.promptCode(c, name, v, cx)
}

// promptVars are the variables whose value the shell runs or expands as
// it prompts or traces (promptCode).
var promptVars = set("PROMPT_COMMAND", "PS0", "PS1", "PS2", "PS4")

// promptWrites walks the prompts (PS4, PROMPT_COMMAND…) c wrote other than
// by an assignment, which assigned walks: through a builtin (read PS4,
// printf -v PS4), a reference (declare -n r=PS4; r+=…) or ${PS4:=…}.
func (w *walker) promptWrites(c *Command, cx ctx) {
	for _, name := range slices.Sorted(maps.Keys(w.promptsWritten)) {
		v := w.promptsWritten[name]
		delete(w.promptsWritten, name)
		w.promptCode(c, name, v, cx)
	}
}

// promptWritten records a prompt variable given the static value v, for
// promptWrites.
func (w *walker) promptWritten(name string, v Word) {
	if w.promptsWritten == nil {
		w.promptsWritten = make(map[string]Word)
	}
	w.promptsWritten[name] = v
}

// promptCode follows a variable whose value an interactive shell runs
// before each prompt (PROMPT_COMMAND) or expands as a prompt: PS0, PS1
// and PS2 before each command or prompt, PS4 before each command traced
// under set -x. A prompt's command substitutions run, each judged as a
// command; the rest of it is text (PS1='$(git branch) \w$ ').
func (w *walker) promptCode(c *Command, name string, v Word, cx ctx) {
	switch name {
	case "PROMPT_COMMAND":
		w.nested(c, v.Value, name, cx, v.Dynamic)
	case "PS0", "PS1", "PS2", "PS4":
		if !strings.Contains(v.Value, "$(") && !strings.Contains(v.Value, "`") {
			return
		}
		for _, cmd := range promptSubsts(v.Value) {
			w.nested(c, cmd, name, cx, v.Dynamic)
		}
	}
}

// promptSubsts are the command substitutions of a prompt string, as
// command lines; one that does not parse is given whole, which the
// walk reports as it reports any text it cannot parse.
func promptSubsts(value string) []string {
	var word *syntax.Word
	if perr := parseSafely(func() {
		var err error
		if word, err = syntax.NewParser().Document(strings.NewReader(value)); err != nil {
			word = nil
		}
	}); perr != nil || word == nil {
		return []string{value}
	}
	var out []string
	syntax.Walk(word, func(n syntax.Node) bool {
		cs, ok := n.(*syntax.CmdSubst)
		if !ok {
			return true
		}
		var b strings.Builder
		for _, st := range cs.Stmts {
			if syntax.NewPrinter().Print(&b, st) == nil {
				b.WriteString("\n")
			}
		}
		if t := strings.TrimSpace(b.String()); t != "" {
			out = append(out, t)
		}
		return false
	})
	return out
}

// flowBefore applies what the line set up earlier to c, before it is
// emitted: the directory, xargs input.
func (w *walker) flowBefore(c *Command) {
	if w.cwd == "" && w.cwdRel != "" && w.cwdRel != "." {
		c.CwdRel = w.cwdRel
	}
	c.CwdLost = w.cwdLost
	if w.cwdLost {
		c.LostDir = w.cwdSpelled
	}
	if w.cwd != "" {
		c.Cwd = w.cwd
		for i, a := range c.Args {
			if a.Dynamic || a.Value == "" {
				continue
			}
			v := a.Value
			// a glob the shell expands is a path; a quoted one is the
			// program's own pattern (grep -o '^[A-Z_]*=' .env, find -name '*.pyc')
			if v == "." || strings.HasPrefix(v, "./") || v[0] != '/' && v[0] != '~' && v[0] != '-' && a.Glob && strings.ContainsAny(v, "*?[") {
				c.Args[i].Value = joinPath(w.cwd, v)
				if (v == "." || v == "./") && contentCopiers[c.Name] && c.Args[i].Value != "/" {
					// cp -r . ~ copies the directory's contents, as DIR/. does
					c.Args[i].Value += "/."
				}
			}
		}
	}
	dir, moved := w.operandDir()
	if moved {
		joinRedirects(c, dir) // the shell opens them, where it is
	}
	was, wasRel := c.Cwd, c.CwdRel
	spelled := envChdir(c)
	if c.Cwd != was && (path.IsAbs(c.Cwd) || strings.HasPrefix(c.Cwd, "~")) {
		dir, moved = c.Cwd, true // env -C /etc rm passwd
	} else if c.Cwd == "" && c.CwdRel != wasRel && w.nest == 0 && path.IsAbs(w.before.Cwd) {
		dir, moved = path.Join(w.before.Cwd, c.CwdRel), true // env -C .. cp x .bashrc, from where the line starts
	} else if spelled != "" {
		c.LostDir = spelled // env -C "$X" cat .aws/credentials
	}
	if moved {
		c.Moved = dir // emit joins the operands (joinOperands)
	}
	c.moveSet = true
	if _, ok := xargsOf(c); ok && !c.Dynamic {
		w.xargsInput(c)
	}
}

// operandDir is the directory the relative file targets of a command
// are joined to after a cd on the line moved to w.cwd (Command.Moved):
// w.cwd itself, or, when it lies below the directory the line started in
// (Before.Cwd, the project), the way there from it, so that a project
// under /var/lib or /usr/local/src keeps its files relative; ok is false
// when the cd came back to where the line started, and inside a
// container, whose paths the container's mounts map (parseContainer).
func (w *walker) operandDir() (string, bool) {
	if w.nest > 0 {
		return "", false
	}
	start := w.before.Cwd
	if !path.IsAbs(start) || !path.IsAbs(w.cwd) {
		return w.cwd, w.cwd != ""
	}
	start = path.Clean(start)
	if w.cwd == start {
		return "", false
	}
	if rel, ok := strings.CutPrefix(w.cwd, strings.TrimSuffix(start, "/")+"/"); ok {
		return rel, true
	}
	return w.cwd, true
}

// operandRel is file as written before joinOperands joined it to the
// directory of a cd on the line, or "" for one it did not join.
func (w *walker) operandRel(file string) string {
	if w.cwd == "" {
		return ""
	}
	dir, ok := w.operandDir()
	if !ok {
		return ""
	}
	rel, ok := strings.CutPrefix(file, strings.TrimSuffix(dir, "/")+"/")
	if !ok {
		return ""
	}
	return rel
}

// fileOperand describes a program whose operands name files: skip is
// how many leading operands are something else (chmod's mode, sed's
// script), values its short options that take a separate value, long
// its long ones.
type fileOperand struct {
	skip   int
	values string
	long   []string
}

// fileOperands are the programs whose relative operands joinOperands
// makes absolute after a cd on the line: those that delete, move, copy,
// link, create, change or print the files they are given. They are kept
// because rules read these programs' operands as written (positional:
// delete-system-file, delete-home-config, chmod's and the editors'
// rules), not through a model's list, and because inline code's file
// calls reach rules as these programs (os.remove is rm, open(F, "w")
// tee). Every list a model makes of a command's files (outputs,
// secretFiles, mayWrite, authFiles, extracted members) is joined in one
// place instead: the DSL's movedView, from Command.Moved.
var fileOperands = map[string]fileOperand{
	"rm": {}, "unlink": {}, "rmdir": {}, "shred": {values: "ns", long: []string{"iterations", "size"}},
	"mv": {values: "tS", long: []string{"target-directory", "suffix"}}, "cp": {values: "tS", long: []string{"target-directory", "suffix"}},
	"ln": {values: "tS", long: []string{"target-directory", "suffix"}}, "install": {values: "gmotS", long: []string{"group", "mode", "owner", "target-directory", "suffix"}},
	"touch": {values: "drt", long: []string{"date", "reference"}}, "truncate": {values: "sr", long: []string{"size", "reference"}},
	"tee": {}, "cat": {}, "head": {values: "nc", long: []string{"lines", "bytes"}}, "tail": {values: "ncs", long: []string{"lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"}},
	"chmod": {skip: 1}, "chown": {skip: 1}, "chgrp": {skip: 1},
	"sed": {skip: 1, values: "efl", long: []string{"expression", "file", "line-length"}},
	// editors open the files they are given: vi, nano and the others
	// edit-account-file knows
	"vi": {}, "vim": {}, "nvim": {}, "view": {}, "ex": {}, "vimdiff": {}, "rvim": {}, "rview": {}, "gvim": {}, "vim.tiny": {}, "vim.basic": {},
	"nvi": {}, "nano": {}, "pico": {}, "emacs": {}, "emacsclient": {}, "ed": {}, "red": {}, "micro": {}, "joe": {}, "jed": {},
	"mcedit": {}, "ne": {}, "mg": {}, "kak": {}, "hx": {}, "helix": {}, "gedit": {}, "kate": {}, "code": {}, "subl": {}, "edit": {},
}

// joinOperand is v, a relative path, joined to dir (operandDir); other
// words as written.
func joinOperand(dir, v string) string {
	if v == "" || strings.ContainsRune("/~$-<>=", rune(v[0])) || strings.Contains(v, "://") {
		return v
	}
	if path.IsAbs(dir) || strings.HasPrefix(dir, "~") {
		return joinPath(dir, v)
	}
	return path.Join(dir, v) // a way from where the line started
}

// joinRedirects joins the relative files c's redirections name to dir,
// where a cd earlier on the line moved: cd ~ && echo x >> .bashrc appends
// to ~/.bashrc.
func joinRedirects(c *Command, dir string) {
	rs := slices.Clone(c.Redirects)
	for i, r := range rs {
		if !r.Target.Dynamic && r.Op != "<&" && r.Op != ">&" && r.Op != "<<" && r.Op != "<<-" && r.Op != "<<<" && !strings.HasPrefix(r.Target.Value, "&") {
			rs[i].Target.Value = joinOperand(dir, r.Target.Value)
		}
	}
	c.Redirects = rs
}

// joinOperands joins c's relative file operands (fileOperands) to dir,
// where a cd earlier on the line (or env -C) moved: cd /etc && rm passwd
// deletes /etc/passwd. A word the shell expands at run time, an option
// and an option's value are left as written.
func joinOperands(c *Command, dir string) {
	spec, ok := fileOperands[c.Name]
	if !ok || c.Dynamic {
		return
	}
	c.Args = slices.Clone(c.Args)
	skip, ended := spec.skip, false
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		v := a.Value
		switch {
		case ended || v == "-" || !strings.HasPrefix(v, "-"):
		case v == "--":
			ended = true
			continue
		case strings.HasPrefix(v, "--"):
			name, _, hasValue := strings.Cut(v[2:], "=")
			if name == "reference" || c.Name == "sed" && (name == "expression" || name == "file") {
				skip = 0 // chmod --reference=FILE, sed -e SCRIPT: every operand is a file
			}
			if !hasValue && slices.Contains(spec.long, name) {
				i++
			}
			continue
		default:
			if c.Name == "sed" && strings.ContainsAny(v[1:], "ef") {
				skip = 0
			}
			if k := strings.IndexAny(v[1:], spec.values); spec.values != "" && k >= 0 && k+2 == len(v) {
				i++ // -t DIR: the value is the next word
			}
			if spec.skip > 0 && c.Name != "sed" && len(v) > 1 && strings.ContainsAny(v[1:2], "rwxXst0123456789") {
				break // chmod -w FILE: the mode, an operand
			}
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if !a.Dynamic && !(v == "{}" && len(c.Wrappers) > 0 && c.Wrappers[len(c.Wrappers)-1].Name == "find") {
			// find -exec rm -rf {} +: {} is find's paths, already
			// where its starting points (joined) lead
			c.Args[i].Value = joinOperand(dir, v)
		}
	}
}

// contentCopiers copy a directory's contents when it is given as "."
// (cp -r . DEST, rsync -a . DEST).
var contentCopiers = map[string]bool{"cp": true, "gcp": true, "rsync": true, "ditto": true}

// chdirOption is the short option of the wrappers that start their
// command in another directory (--chdir DIR, each of them).
var chdirOption = map[string]string{"env": "-C", "sudo": "-D", "run0": "-D"}

// envChdir applies env -C DIR (--chdir; sudo's and run0's -D) to the
// command env runs, which starts there: env -C ../other git clean -fdx
// cleans the other repository. spelled is a DIR known only at run time as
// written (spelledDir).
func envChdir(c *Command) (spelled string) {
	for _, wr := range c.Wrappers {
		short, ok := chdirOption[wr.Name]
		if !ok {
			continue
		}
		// --chdir by any prefix getopt_long takes for it: env's --c,
		// sudo's --chd (--ch is also its --chroot)
		chdir := func(opt string) bool {
			return strings.HasPrefix("--chdir", opt) && (len(opt) >= 5 || wr.Name == "env" && len(opt) >= 3)
		}
		for i, a := range wr.Args {
			d := ""
			opt, val, eq := strings.Cut(a, "=")
			switch {
			case (a == short || chdir(a)) && i+1 < len(wr.Args):
				d = wr.Args[i+1]
			case eq && chdir(opt):
				d = val
			case strings.HasPrefix(a, short) && len(a) > 2:
				d = a[2:]
			}
			switch {
			case d == "":
			case strings.ContainsAny(d, "$`"):
				spelled = spelledDir(d)
			case path.IsAbs(d) || strings.HasPrefix(d, "~"):
				c.Cwd, c.CwdRel, spelled = path.Clean(d), "", ""
			case spelled != "":
				if slices.Contains(strings.Split(d, "/"), "..") {
					spelled = "" // above an unknown directory: unknown
				} else {
					spelled = joinPath(spelled, d)
				}
			case c.Cwd != "":
				c.Cwd = joinPath(c.Cwd, d)
			default:
				c.CwdRel = path.Join(cmp.Or(c.CwdRel, "."), d)
			}
		}
	}
	return spelled
}

// JoinPath is p joined to dir as the walker joins a relative name to
// where a cd moved (above a home, ~/.., the name stays under ~; a
// trailing slash is kept), for the DSL's views of the same words.
func JoinPath(dir, p string) string { return joinPath(dir, p) }

func joinPath(dir, p string) string {
	if p == "." {
		return dir
	}
	j := path.Join(dir, p)
	if home := strings.HasPrefix(dir, "~") || strings.HasPrefix(dir, "$") || strings.HasPrefix(dir, "`"); home && !strings.HasPrefix(j, dir[:1]) {
		// Above the home or a directory known only at run time, whose
		// parent hguard does not know: ~/.. and $X/.. stay.
		j = dir + "/" + path.Clean(p)
	}
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(j, "/") {
		j += "/"
	}
	return j
}

// xargsItems appends to c's arguments the words an echo or a printf
// feeding xargs prints, some known only at run time (wrapperWords).
func (w *walker) xargsItems(c *Command, items []Word) {
	args := len(c.Args)
	for _, it := range items {
		if len(c.Args) >= maxWords {
			break
		}
		c.Args = append(c.Args, it)
	}
	if len(c.Args) > args {
		w.wrapperWords(c)
	}
}

// wrapperWords walks c, a wrapper xargs gave words of its input (printf
// '%s\0' zpool destroy tank | xargs -0 env), as a command of its own: the
// wrapper runs the program its new words name, which peel takes off only
// there. A word known only at run time is written as its expansions.
func (w *walker) wrapperWords(c *Command) {
	if base := baseName(c.Name); base == "" || !isWrapperName(base) {
		return
	}
	words := []string{shellQuote(c.Path)}
	for _, a := range c.Args {
		switch {
		case !a.Dynamic:
			words = append(words, shellQuote(a.Value))
		case !strings.ContainsAny(a.Value, "\"\\`"):
			words = append(words, `"`+a.Value+`"`) // its expansions, as written
		default:
			return
		}
	}
	w.xargsMore = append(w.xargsMore, strings.Join(words, " "))
}

// bareWrapper reports a wrapper given options only, which runs the
// program its input's first word names (curl -s URL | xargs env).
func bareWrapper(c *Command) bool {
	return isWrapperName(baseName(c.Name)) && !slices.ContainsFunc(c.Args, func(a Word) bool { return !strings.HasPrefix(a.Value, "-") })
}

// isWrapperName reports a program peel takes off the command it runs.
func isWrapperName(name string) bool {
	if _, ok := wrappers[name]; ok {
		return true
	}
	_, ok := catalogWrapper(name)
	return ok
}

// xargsInput gives the command xargs runs the words of its input when
// known: a static standard input, or a file the line or the session wrote
// (xargs -a FILE, xargs … < FILE). They are appended, or put in place of
// the -I/-i replacement string: the first line in c's arguments, each
// further line as a command of its own (xargsMore), since with a shell's
// -c {} every line is another command. An unknown input put in the place
// of a shell's code makes it code known only at run time.
func (w *walker) xargsInput(c *Command) {
	wr, _ := xargsOf(c)
	repl, argFile, delim := "", "", ""
	batch, byLine := 0, false // -n N, -L N: N items (lines) a command
	for i, a := range wr.Args {
		num := func(v string) int {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return 0
			}
			return n
		}
		switch {
		case (a == "-n" || a == "--max-args" || a == "-L" || a == "--max-lines") && i+1 < len(wr.Args):
			batch, byLine = num(wr.Args[i+1]), a == "-L" || a == "--max-lines"
		case strings.HasPrefix(a, "--max-args=") || strings.HasPrefix(a, "--max-lines="):
			k, v, _ := strings.Cut(a, "=")
			batch, byLine = num(v), k == "--max-lines"
		case (strings.HasPrefix(a, "-n") || strings.HasPrefix(a, "-L")) && len(a) > 2 && !strings.HasPrefix(a, "--"):
			batch, byLine = num(a[2:]), a[1] == 'L'
		case a == "-l":
			batch, byLine = 1, true
		case a == "-0" || a == "--null":
			delim = "\x00"
		case (a == "-d" || a == "--delimiter") && i+1 < len(wr.Args):
			delim = xargsDelim(wr.Args[i+1])
		case strings.HasPrefix(a, "--delimiter="):
			delim = xargsDelim(strings.TrimPrefix(a, "--delimiter="))
		case strings.HasPrefix(a, "-d") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			delim = xargsDelim(a[2:])
		case (a == "-a" || a == "--arg-file") && i+1 < len(wr.Args):
			argFile = wr.Args[i+1]
		case strings.HasPrefix(a, "--arg-file="):
			argFile = strings.TrimPrefix(a, "--arg-file=")
		case strings.HasPrefix(a, "-a") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			argFile = a[2:]
		default:
			if r, ok := xargsReplace(wr.Args, i); ok {
				repl = r
			}
		}
	}
	// xargs -a FILE reads the arguments from FILE; standard input is the
	// command's own (echo x | xargs -a /dev/null sh runs a bare sh reading x).
	var in Input
	switch {
	case argFile != "":
		in, _, _ = w.fileInput(argFile)
	case c.Stdin.Static, c.Stdin.items != nil:
		in = c.Stdin
	case c.Stdin.Kind == "file":
		in, _, _ = w.fileInput(c.Stdin.From)
	}
	if !in.Static && !in.Remote && !in.Decoded && in.items != nil && repl == "" && batch == 0 && c.Pipe.Index > 0 && isWrapperName(baseName(c.Name)) {
		w.xargsItems(c, *in.items) // printf '%s\0' mkfs.ext4 "$DEV" | xargs -0 env
		return
	}
	fed := in // what xargs reads its words from
	if argFile == "" && !in.Static {
		fed = c.Stdin
	}
	if !in.Static || in.Remote || in.Decoded {
		if in.Static && !in.Remote && bareWrapper(c) {
			// echo ZPOOL DESTROY | tr A-Z a-z | xargs env: the words are
			// known though decoded; env runs them as decoded code
			c.Untrusted = untrusted(in)
			in.Decoded = false
		}
	}
	if !in.Static || in.Remote || in.Decoded {
		switch {
		case (fed.Remote || fed.Decoded) && repl == "" && bareWrapper(c):
			// curl -s URL | xargs env: the program env runs is a
			// downloaded (or decoded) word
			c.Untrusted = untrusted(fed)
		case repl != "" && shells.has(program(c.Name)):
			// xargs -I{} sh -c {}: each line of the input is a script
			for i, a := range c.Args {
				if i > 0 && c.Args[i-1].Value == "-c" && strings.Contains(a.Value, repl) {
					c.Args[i].Value = strings.ReplaceAll(a.Value, repl, "$xargs_item")
				}
			}
		case repl == "" && shells.has(program(c.Name)) && len(c.Args) > 0 && c.Args[len(c.Args)-1].Value == "-c":
			// xargs sh -c: the first word of the input is the script
			c.Args = append(c.Args, Word{Value: "$xargs_item", Dynamic: true})
		}
		return
	}
	text := in.Text
	if repl != "" {
		lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
		args := slices.Clone(c.Args)
		for i, a := range c.Args {
			if strings.Contains(a.Value, repl) {
				c.Args[i].Value = strings.ReplaceAll(a.Value, repl, strings.TrimLeft(lines[0], " \t"))
			}
		}
		for n, item := range lines[1:] {
			if item = strings.TrimLeft(item, " \t"); item == "" || n >= maxLoopItems {
				continue
			}
			words := []string{shellQuote(c.Path)}
			for _, a := range args {
				words = append(words, shellQuote(strings.ReplaceAll(a.Value, repl, item)))
			}
			w.xargsMore = append(w.xargsMore, strings.Join(words, " "))
		}
		return
	}
	var batches [][]string // the items of each command xargs runs
	switch {
	case delim == "\x00":
		batches = [][]string{strings.Split(strings.TrimSuffix(text, "\x00"), "\x00")} // echo CMD | xargs -0 sh -c: CMD and its newline
	case delim != "":
		batches = [][]string{strings.Split(strings.TrimSuffix(text, delim), delim)}
	case byLine:
		for _, line := range strings.Split(text, "\n") {
			if f := strings.Fields(line); len(f) > 0 {
				batches = append(batches, f)
			}
		}
	default:
		batches = [][]string{strings.Fields(text)}
	}
	if batch > 0 {
		var items []string
		if !byLine {
			items = slices.Concat(batches...)
			batches = nil
			for len(items) > 0 {
				n := min(batch, len(items))
				batches = append(batches, items[:n])
				items = items[n:]
			}
		} else if batch > 1 {
			lines := batches
			batches = nil
			for len(lines) > 0 {
				n := min(batch, len(lines))
				batches = append(batches, slices.Concat(lines[:n]...))
				lines = lines[n:]
			}
		}
	} else if byLine {
		batches = [][]string{slices.Concat(batches...)}
	}
	if len(batches) == 0 {
		return
	}
	args := slices.Clone(c.Args)
	for _, f := range batches[0] {
		if len(c.Args) >= maxWords {
			break
		}
		c.Args = append(c.Args, Word{Value: FoldWord(f)})
	}
	if len(c.Args) > len(args) {
		w.wrapperWords(c)
	}
	for n, items := range batches[1:] {
		if n >= maxLoopItems {
			break
		}
		// xargs -n1 sh -c: every batch is a command of its own
		words := []string{shellQuote(c.Path)}
		for _, a := range args {
			words = append(words, shellQuote(a.Value))
		}
		for _, f := range items {
			words = append(words, shellQuote(f))
		}
		w.xargsMore = append(w.xargsMore, strings.Join(words, " "))
	}
}

// xargsOf is the xargs wrapper that gives c its input's words, if any
// (sudo under xargs too: xargs sudo sh -c).
func xargsOf(c *Command) (Wrapper, bool) {
	for i := len(c.Wrappers) - 1; i >= 0; i-- {
		if c.Wrappers[i].Name == "xargs" {
			return c.Wrappers[i], true
		}
	}
	return Wrapper{}, false
}

// xargsReplace is the string xargs' option args[i] sets to be replaced
// by each input line: -I R, -IR, -i and --replace ({}), --replace=R.
func xargsReplace(args []string, i int) (string, bool) {
	switch a := args[i]; {
	case a == "-I" && i+1 < len(args):
		return args[i+1], true
	case strings.HasPrefix(a, "-I") && len(a) > 2:
		return a[2:], true
	case a == "-i" || a == "--replace":
		return "{}", true
	case strings.HasPrefix(a, "--replace="):
		return strings.TrimPrefix(a, "--replace="), true
	}
	return "", false
}

// xargsDelim is the delimiter xargs -d gives, its escapes read (\n, \t,
// \0, \x0a as xargs reads them).
func xargsDelim(s string) string {
	switch s {
	case `\n`:
		return "\n"
	case `\t`:
		return "\t"
	case `\0`, `\x00`:
		return "\x00"
	case `\x0a`, `\012`:
		return "\n"
	}
	if s == "" {
		return "\n"
	}
	return s[:1]
}

// flowAfter records what c sets up for later commands and follows what it
// runs through the line's state.
func (w *walker) flowAfter(st *syntax.Stmt, ce *syntax.CallExpr, c *Command, r *resolved, cx ctx) {
	defer w.promptWrites(c, cx)
	args := r.args
	if w.dialect == Zsh && len(ce.Args) > 0 && len(ce.Args[0].Parts) > 0 {
		if l, ok := ce.Args[0].Parts[0].(*syntax.Lit); ok {
			if n, _, found := strings.Cut(l.Value, "="); found && n != "" && strings.Trim(n, "0123456789") == "" {
				w.forgetPositionals() // 2='rm -rf ~': zsh assigns the positional parameter
			}
		}
	}
	if r.empty {
		if w.dialect == Zsh && slices.ContainsFunc(ce.Assigns, zshPositionalWrite) {
			defer w.forgetPositionals() // 2=x, argv[2]=x, argv+=(x): zsh's positional parameters
		}
		for _, a := range ce.Assigns {
			if a != nil && a.Name != nil && a.Value != nil && w.ints[a.Name.Value] {
				if v := w.single(a.Value); !v.Dynamic {
					w.arithValue(v.Value, c.Pos, cx)
				}
			}
			w.zshTable(a, c, cx)
			if a != nil && a.Name != nil && w.dialect == Zsh && a.Name.Value == "options" {
				w.zshOptionsArray(a, cx) // options[shwordsplit]=on, options+=(globdots on)
			}
			if a != nil && a.Name != nil && w.dialect == Zsh && a.Name.Value == "path" {
				switch {
				case a.Array != nil:
					w.zshPath(a.Array) // path=(~/x $path), path+=(~/x), path[1,0]=(~/x)
				case a.Value != nil && (a.Index != nil || a.Append):
					// path[1,0]=~/x, path+=~/x: one element
					for _, f := range w.fields(a.Value) {
						if !f.Dynamic {
							w.notePath(f.Word)
						}
					}
				}
			}
			if a != nil && a.Name != nil && a.Value != nil && a.Index == nil && !a.Append {
				f := w.single(a.Value)
				w.assigned(c, a.Name.Value, f.Word, cx)
				w.noteFetched(a.Name.Value, f)
			} else if a != nil && a.Name != nil && a.Value == nil && a.Array == nil && a.Index == nil && !a.Append {
				w.assigned(c, a.Name.Value, Word{}, cx) // D=: empty, not unknown
			} else if a != nil && a.Name != nil && a.Array != nil && a.Index == nil && !a.Append {
				w.setArray(a.Name.Value, a.Array)
				w.arrayWritten(a, len(a.Array.Elems) == 0)
			} else if a != nil && a.Name != nil && a.Array != nil && a.Index == nil && a.Append {
				w.appendArray(a) // A+=(~)
			} else if a != nil && a.Name != nil && a.Index != nil && a.Value != nil && a.Array == nil && !a.Append {
				w.setElement(a) // A[1]=~
			} else if old, known := w.vars[w.deref(name0(a))]; known && a.Append && a.Value != nil && a.Index == nil && a.Array == nil && !w.ints[a.Name.Value] && !strings.Contains(old, listSep) {
				f := w.single(a.Value)
				f.Value = old + f.Value // D=x; D+=~/y: x~/y
				w.assigned(c, a.Name.Value, f.Word, cx)
			} else if a != nil && a.Name != nil {
				w.setVar(a.Name.Value, Word{Dynamic: true})
				if a.Append && a.Value != nil && a.Index == nil {
					// PS4+='$(…)' of an unknown PS4: what it adds runs
					// whatever it is added to
					w.promptCode(c, w.deref(a.Name.Value), w.single(a.Value).Word, cx)
				}
			}
		}
	}
	w.writes(c, args)
	if c.Dynamic {
		w.globName(c, cx)
		return
	}
	w.globArgs(c, args, cx)
	w.copied(c, args)
	w.recordLinks(c, args)
	w.nameArgs(c, args, cx)
	w.builtinWrites(c, args, cx) // before the values followed below
	if c.Name == "ssh" || c.Name == "scp" || c.Name == "sftp" {
		w.configFiles(c, args, cx) // ssh -F FILE: its commands
	}
	if c.Name == "set" && w.dialect != Fish {
		if on, ok := errexitOption(args); ok {
			w.errexit = on // set +e undoes set -e
		}
		w.allExport = w.allExport || allexportOption(args)
	}
	if on, ok := errexitNamed(c.Name, args); ok && w.dialect != Fish {
		w.errexit = on // shopt -u -o errexit, zsh's setopt errexit
	}
	if c.Name == "shopt" && w.dialect != Fish && !w.lastpipe {
		w.lastpipe = shoptSets(args, "lastpipe")
	}
	if c.Name == "shopt" && w.dialect != Fish && !w.dotglob {
		w.dotglob = shoptSets(args, "dotglob")
	}
	if c.Name == "shopt" && w.dialect != Fish && !w.autocd {
		w.autocd = shoptSets(args, "autocd")
	}
	if w.dialect == Zsh && (c.Name == "setopt" || c.Name == "unsetopt" || c.Name == "set") {
		w.zshSetopt(c.Name, args, cx) // set -y, setopt sh_word_split, set -o globdots
	}
	if w.dialect == Zsh && c.Name == "emulate" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == "-c" }) {
		w.zshEmulate(args, cx) // emulate sh; emulate -c CODE is emulated in CODE only
	}
	switch name := c.Name; {
	case name == "curl" || name == "wget":
		files, done := w.procFiles(args) // curl -K <(…): a configuration known
		w.configFiles(c, files, cx)
		done()
	case containerRunners.has(name):
		w.containerExec(c, args, cx)
	case name == "git" && w.nest == 0 && !c.Background:
		w.noteGitEditor(args)
		w.noteGitSetting(args)
	case name == "cd" || name == "pushd" || name == "chdir" && w.dialect == Zsh || name == "cdh" && w.dialect == Fish && len(args) > 0:
		// zsh's chdir is its cd; fish's cdh DIR is cd DIR (alone, a menu)
		if name == "pushd" && len(w.dirs) < maxLoopWalks {
			w.dirs = append(w.dirs, w.cwdNow())
		}
		w.cdWith(args, c.Assigns)
	case w.dialect == Fish && (name == "prevd" || name == "nextd" || name == "cdh"):
		// fish's directory history, which the line does not show
		w.moveTo(cwdState{lost: true})
	case w.dialect == Fish && len(args) == 0 && len(c.Wrappers) == 0 && fishImplicitCd(c.Path):
		w.cd([]field{{Word: Word{Value: c.Path}}})
	case w.autocd && w.dialect != Fish && len(args) == 0 && len(c.Wrappers) == 0 && autocdPath(c.Path):
		// a directory's name is cd to it, a program's runs it: the rest
		// of the line is judged in both places
		w.mayBe(w.cdTarget(homeTilde(c.Path)))
	case name == "popd":
		if n := len(w.dirs); n > 0 && len(args) == 0 {
			w.setCwd(w.dirs[n-1])
			w.dirs = w.dirs[:n-1]
		} else {
			w.setCwd(cwdState{lost: true}) // popd +N, or a stack the line did not fill
		}
	case name == "exec" && len(args) == 0:
		w.openFds(st)
	case name == "alias" && w.dialect == Fish && len(args) == 2 && !strings.Contains(args[0].Value, "=") && !args[1].Dynamic:
		// fish: alias NAME BODY
		w.defineAlias(args[0].Value, args[1].Value)
		w.aliasBody(c, args[0].Value, args[1].Value, cx)
	case name == "alias":
		kind := &w.aliases
		for _, a := range args {
			switch {
			case a.Dynamic:
			case a.Value == "-g" && w.dialect == Zsh:
				kind = &w.galiases // zsh alias -g: expanded in any word
			case a.Value == "-s" && w.dialect == Zsh:
				kind = &w.saliases // zsh alias -s: a command word ending in .EXT
			default:
				if n, v, ok := strings.Cut(a.Value, "="); ok && kind == &w.aliases {
					w.defineAlias(n, v)
					w.aliasBody(c, n, v, cx)
				} else if ok {
					if *kind == nil {
						*kind = make(map[string]string)
					}
					(*kind)[n] = v
				}
			}
		}
	case (name == "read" || name == "mapfile" || name == "readarray") && w.dialect != Fish:
		w.readCopies(st, name, args, cx)
		if names := readNames(name, args); name != "read" && len(names) == 1 {
			for _, r := range st.Redirs {
				if r.Op == syntax.RdrIn && r.Word != nil && (r.N == nil || r.N.Value == "0") {
					if lister, subst, ok := w.substListing(w.source(r.Word.Pos(), r.Word.End())); ok {
						w.holdsListing(names[0], lister, subst) // mapfile -t ids < <(docker ps -aq)
					}
				}
			}
		}
		if name == "read" {
			if line, ok := w.readLine(c); ok {
				if i := slices.IndexFunc(c.Assigns, func(a Assign) bool { return a.Name == "IFS" }); i >= 0 {
					w.readSplit(line, readNames(name, args), c.Assigns[i].Value.Value, cx) // IFS= read -r X, IFS=: read …
				} else {
					w.readFields(line, readNames(name, args), cx)
				}
			} else if nullInput(c) {
				for _, n := range readNames(name, args) {
					w.setAssigned(n, Word{}, cx) // read D </dev/null: no line, D is emptied
				}
			} else if names := readNames(name, args); c.Stdin.home != "" && len(names) >= 6 && w.readIFS(c) == ":" {
				// IFS=: read -r _ _ _ _ _ H _ <<< "$(getent passwd u)": the
				// sixth field is the home, the others are not known
				for i, n := range names {
					v := Word{Value: "$" + n, Dynamic: true}
					if i == 5 && (len(names) > 6 || !strings.Contains(c.Stdin.home, ":")) {
						v = Word{Value: c.Stdin.home}
					}
					w.setAssigned(n, v, cx)
				}
			}
			if names := readNames(name, args); len(names) == 1 {
				// find ~ | while read f: the loop is the pipeline's element
				fed := Command{Stdin: c.Stdin, Pipe: cx.outer, Via: c.Via}
				w.holdsFound(names[0], w.pipedFound(&fed))
				if cx.outer.Index > 0 {
					if lister, subst, ok := w.listingOf(cx.outerFeeders); ok {
						w.holdsListing(names[0], lister, subst) // docker ps -aq | while read c
					}
				}
				for _, r := range cx.loopRedirs {
					if r.Op == syntax.RdrIn && r.Word != nil { // while read f; do …; done < <(find ~ …)
						src := w.source(r.Word.Pos(), r.Word.End())
						w.holdsFound(names[0], substFound(src))
						if lister, subst, ok := w.substListing(src); ok {
							w.holdsListing(names[0], lister, subst)
						}
					}
				}
			}
		}
		if cx.pipe.Len == 1 || w.dialect == Zsh && cx.pipe.Index == cx.pipe.Len-1 {
			// a pipeline's elements run in child processes, whose
			// variables the line never sees, but zsh runs the last one in
			// the shell (curl … | read C)
			w.readFetched(c, args, readNames(name, args))
		}
	case name == "read" && w.dialect == Fish:
		// fish runs read in the shell wherever it stands in a pipeline
		// (curl … | read C)
		names := fishReadNames(args)
		exports := slices.ContainsFunc(args, func(a field) bool {
			return FishLongOption(strings.SplitN(a.Value, "=", 2)[0], "--export", 4) || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsRune(a.Value, 'x')
		})
		for _, n := range names {
			w.setVar(n, Word{Dynamic: true})
			if exports || w.exported[w.deref(n)] || w.allExport {
				// echo '|CMD %s' | read -x LESSOPEN: exported, its value
				// known only as it runs
				w.noteExported(n)
				w.setValueRuns(c, n, Word{Value: "$" + n, Dynamic: true}, cx)
			}
		}
		w.readFetched(c, nil, names)
		if len(names) == 1 {
			// find ~ | while read f; rm -rf $f; end
			fed := Command{Stdin: c.Stdin, Pipe: cx.outer, Via: c.Via}
			w.holdsFound(names[0], w.pipedFound(&fed))
			if cx.outer.Index > 0 {
				if lister, subst, ok := w.listingOf(cx.outerFeeders); ok {
					w.holdsListing(names[0], lister, subst) // docker ps -aq | while read c; …; end
				}
			}
		}
	case name == "printf" && w.dialect != Fish && len(args) > 2 && args[0].Value == "-v" && isName(args[1].Value):
		// printf -v NAME FORMAT ARGS… assigns what printf would print
		out, ok := "", !slices.ContainsFunc(args[2:], func(a field) bool { return a.Dynamic })
		if ok {
			words := make([]string, len(args)-2)
			for i, a := range args[2:] {
				words[i] = a.Value
			}
			out, ok = printf(words)
		}
		w.setAssigned(args[1].Value, Word{Value: out, Dynamic: !ok}, cx)
		if !ok {
			w.carry(args[1].Value, args[2:], false) // printf -v x %s "$TOKEN": x may hold ${TOKEN}
		}
		for _, a := range args[2:] {
			w.noteFetched(args[1].Value, a) // printf -v C %s "$(curl …)"
		}
	case name == "hash" && w.dialect != Fish:
		w.hashRemap(args)
	case name == "set" && w.dialect == Fish:
		w.fishSet(c, args, cx)
	case name == "export" && w.dialect == Fish:
		// fish's export function: export NAME=VALUE is set -gx NAME VALUE
		for _, a := range args {
			if n, v, ok := strings.Cut(a.Value, "="); ok && isName(n) && !a.Dynamic {
				w.fishSet(c, []field{{Word: Word{Value: "-gx"}}, {Word: Word{Value: n}}, {Word: Word{Value: v}}}, cx)
			}
		}
	case name == "fish_add_path" && w.dialect == Fish:
		// fish_add_path [-gUpamPn…] DIR…: DIR on PATH (fish_user_paths)
		if !slices.ContainsFunc(args, func(a field) bool { return a.Value == "-n" || a.Value == "--dry-run" }) {
			for _, a := range args {
				if !a.Dynamic && !strings.HasPrefix(a.Value, "-") {
					w.notePath(a.Word)
				}
			}
		}
	case name == "set" && len(args) > 0 && (args[0].Value == "--" || !strings.HasPrefix(args[0].Value, "-") && !strings.HasPrefix(args[0].Value, "+")):
		// set -- ARGS (or set ARGS) gives the positional parameters
		// for the rest of the line: set -- -rf ~; rm "$@".
		if args[0].Value == "--" {
			args = args[1:]
		}
		w.positional(w.vars["0"], args)
	case name == "print" && w.dialect == Zsh && w.promptSubst:
		w.printPrompt(c, args, cx)
	case name == "print" && w.dialect == Zsh:
		if names := writtenNames(name, args, w.dialect); len(names) == 1 && !names[0].Dynamic {
			// print -v x -- $TOKEN: x, unknown (builtinWrites), holds what
			// print prints, and may be any of its unknown words
			w.carry(names[0].Value, args, false)
		}
	case name == "shift" && w.dialect == Zsh:
		w.zshShift(args, cx.loop)
	case name == "shift" && w.dialect != Fish:
		w.shiftParams(args, cx.loop)
	case name == "unset" && w.dialect != Fish:
		// Unset, $X is empty but ${X-…} takes its default: not a value.
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				name, _, _ := strings.Cut(a.Value, "[") // unset 'A[1]': A's elements move
				w.setVar(name, Word{Dynamic: true})
			}
		}
	case (name == "export" || name == "readonly" || name == "declare" || name == "typeset") && w.dialect == Bash && len(c.Assigns) > 0:
		// X='rm -rf ~' export X: bash keeps a prefix assignment of a
		// variable the declaration names (not of another: W=2 export V)
		for _, a := range c.Assigns {
			if slices.ContainsFunc(args, func(f field) bool { return !f.Dynamic && f.Value == a.Name }) {
				w.setAssigned(a.Name, a.Value, cx)
				if name == "export" || slices.ContainsFunc(args, func(f field) bool { return strings.HasPrefix(f.Value, "-") && strings.Contains(f.Value, "x") }) {
					w.noteExported(a.Name)
				}
			}
		}
	case name == "kill" && w.dialect != Fish:
		w.fireTraps(c, args, cx)
	case (name == "pkill" || name == "killall") && w.dialect != Fish:
		if signal, ok := matchSignal(name, args); ok {
			w.fire(c, signal, cx)
		}
	case name == "trap":
		if len(args) > 0 && args[0].Value == "--" {
			args = args[1:] // trap -- CODE EXIT: -- only ends the options
		}
		if len(args) >= 2 && (args[0].Value == "-" || !strings.HasPrefix(args[0].Value, "-")) {
			w.setTrap(args[0], args[1:]) // not trap -p USR1, which prints
		}
		if len(args) >= 2 && !strings.HasPrefix(args[0].Value, "-") {
			later := cx
			later.maybe = true // it runs at the signal, after what follows it, or never
			w.nested(c, args[0].Value, "trap", later, args[0].Dynamic)
			if (args[0].Dynamic || w.codeWrites(args[0].Value, 0)) && slices.ContainsFunc(args[1:], func(a field) bool {
				// bash takes a signal's name in any case (trap … debug)
				return a.Dynamic || betweenCommands.has(signalSpec(a.Value))
			}) {
				// trap 'X="rm -rf ~"' DEBUG (or ERR, CHLD): the code may run
				// between any two commands after it, so no variable's value
				// is known
				w.volatile = true
			}
		}
	case name == "complete" || name == "compgen" || name == "bind":
		w.completionCode(c, name, args, cx)
	case name == "sudo" && stdinShell(args, "si", []string{"--shell", "--login"}),
		name == "su" || name == "ssh":
		if !(name == "ssh" && sshHasCommand(args) && !sshRemoteShell(args)) && !(name == "su" && hasOption(args, "-c", "--command")) {
			switch c.Stdin.Kind {
			case "heredoc", "herestring", "pipe":
				w.runInput(c, name+" stdin", cx)
			case "file":
				// sudo -s < x.sh, ssh host < x.sh: a file the line or the
				// session wrote is read as the script it is
				if in, via, ok := w.fileInput(c.Stdin.From); ok {
					w.runKnownFile(c, in, via, cx)
				}
			}
		}
	case shells.has(program(name)) || name == "source" || name == ".":
		w.fdScript(c, args, cx)
	case name == "parallel":
		w.parallelInput(c, args, cx)
	case name == "run-parts":
		w.runParts(c, args, cx)
	case interpreter(name) != "" && c.Payload == nil && c.Untrusted == "":
		w.scriptSubst(c, args, cx)
	case name == "make" || name == "gmake" || name == "bmake" || name == "pmake" || name == "remake" || name == "just":
		opts, words := []string{"-f", "--file", "--makefile"}, makeClusters(args)
		if name == "just" {
			opts, words = []string{"-f", "--justfile"}, args
		}
		for _, f := range optionFields(words, opts) {
			switch {
			case !f.Dynamic && (f.Value == "-" || stdinFile(f.Value)):
				w.makefileStdin(c, name, args, cx)
			case f.in.Kind == "procsub" && (f.in.Remote || f.in.Decoded):
				// make -f <(curl -s URL), -f<(…), --file=<(…): a
				// makefile downloaded (or decoded) whose recipes run unseen
				c.Untrusted = untrusted(f.in)
			}
		}
	}
	w.exportedWrites(c, args, cx)
	// as in the shells, an alias is not expanded within its own
	// expansion: alias ls='ls --color' runs ls
	if body, ok := w.aliases[c.Name]; ok && c.Path == c.Name && w.walks < maxLoopWalks && !w.expanding[c.Name] && !w.asWritten[c.Name] && !slices.Contains(cx.via, "alias "+c.Name) {
		w.walks++
		text := body
		if n := len(ce.Args); n > 1 {
			text += " " + w.source(ce.Args[1].Pos(), ce.Args[n-1].End())
		}
		if n := len(ce.Assigns); n > 0 {
			// GIT_DIR=/tmp/evil x status: bash expands the alias after
			// the assignments, which the command it runs takes
			text = w.source(ce.Assigns[0].Pos(), ce.Assigns[n-1].End()) + " " + text
		}
		w.nestedIn(c, text, "alias "+c.Name, cx, cx.dialect) // an alias is read in the shell's own grammar
	}
	if len(w.galiases) > 0 || len(w.saliases) > 0 {
		w.zshAliases(c, ce, cx)
	}
	if _, ok := w.funcs[c.Name]; ok {
		for _, name := range w.fnAssigns[c.Name] {
			w.noteAssigned(name, cx) // f(){ D=x; }; f: D is set where f ran
		}
	}
	// an earlier line's function runs with this line's values, with or
	// without arguments: its body was judged without them
	// one called without arguments whose body reads its parameters runs
	// with none: f(){ rm -rf "${1:-~}"; }; f
	// one given standard input (f <<< CODE, echo CODE | f) hands it to the
	// body's commands that read theirs: f(){ tclsh; }; f <<< 'exec /bin/sh';
	// its redirections apply to each of them (f -l 9001 > implant.elf);
	// a prefix IFS splits and joins in its body (IFS=';' f)
	ifs := slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == "IFS" })
	// a function calling itself is followed once more when it passes
	// arguments its body reads, and as deep as carriers go when its body
	// runs them (r(){ "$@"; }; r r r rm -rf ~ runs rm -rf ~, each call one
	// word shorter); past that it runs what hguard did not see
	def, isFunc := w.funcs[c.Name]
	selfCall := isFunc && cx.fn == c.Name && len(args) > 0 && readsParams(def.src)
	if selfCall && (cx.depth >= MaxDepth || w.walks >= maxLoopWalks) && runsArgs(def.body) {
		c.Untrusted = cmp.Or(c.Untrusted, "dynamic")
	}
	if def, ok := def, isFunc; ok && (cx.fn != c.Name || selfCall && (!cx.selfCall || runsArgs(def.body))) && !w.asWritten[c.Name] && (len(args) > 0 || def.earlier || readsParams(def.src) || c.Stdin.Kind != "" || ifs) && w.walks < maxLoopWalks && cx.depth < MaxDepth {
		w.walks++
		restoreIFS := w.prefixIFS(c)
		restore := w.positional(c.Name, args)
		saved, savedD := w.src, w.dialect
		w.src, w.dialect = def.src, def.dialect
		at := c.Pos
		options := w.zsh
		w.stmt(def.body, ctx{dialect: def.dialect, via: append(slices.Clip(c.Via), c.Name+"()"), at: &at, depth: cx.depth + 1, fn: c.Name, selfCall: cx.fn == c.Name, pipe: PipePos{Len: 1},
			maybe: cx.maybe, defined: cx.defined, branch: cx.branch, stdin: c.Stdin, redirs: append(slices.Clip(cx.redirs), c.Redirects...)})
		w.zsh = w.zsh.merged(options) // emulate -L, LOCAL_OPTIONS: undone on return
		w.src, w.dialect = saved, savedD
		restore()
		restoreIFS()
	}
	w.notFound(c, args, cx)
	w.runsWritten(c, args, cx)       // bash <(…) and source <(…) are follow's
	files, done := w.procFiles(args) // make -f <(…): a file it runs
	w.zshFuncCall(c, args, cx)
	w.launcherGaps(c, args, cx)
	w.fetchedFlow(c, args)
	w.runsEarlier(c, files, cx)
	done()
	w.composeRuns(c, args, cx)
	w.composeCarries(c, args, cx)
	w.moduleRuns(c, args, cx)
	w.apiRuns(c, args, cx)
}

// completionCode follows code that completion and key bindings run later,
// when nobody checks it: bash complete -C CMD (compgen -C runs it now),
// bind -x 'KEYS: CMD', and fish complete's --condition command and the
// substitutions in its --arguments.
func (w *walker) completionCode(c *Command, name string, args []field, cx ctx) {
	if w.dialect == Fish && name == "bind" {
		w.fishBindCode(c, args, cx)
		return
	}
	for i := 0; i+1 < len(args); i++ {
		opt, val := args[i].Value, args[i+1]
		switch {
		case w.dialect == Fish && name == "complete" && (opt == "-n" || opt == "--condition"):
			w.nestedText(c, val.Value, "complete --condition", cx, val.Dynamic, Fish)
		case w.dialect == Fish && name == "complete" && (opt == "-a" || opt == "--arguments"):
			w.nestedText(c, "echo "+val.Value, "complete --arguments", cx, val.Dynamic, Fish)
		case w.dialect != Fish && name != "bind" && opt == "-C":
			w.nested(c, val.Value, name+" -C", cx, val.Dynamic)
		case w.dialect != Fish && name == "bind" && opt == "-x":
			if code, ok := bindCommand(val.Value); ok {
				w.nested(c, code, "bind -x", cx, val.Dynamic)
			}
		}
	}
}

// fishBindCode follows the code a fish key binding runs when the key is
// pressed, unchecked by the hook: bind KEY COMMAND… where a COMMAND that
// is not an input function's name (forward-char, execute) is fish code
// (bind ctrl-a 'rm -rf ~').
func (w *walker) fishBindCode(c *Command, args []field, cx ctx) {
	var operands []field
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "-e" || v == "--erase" || v == "-a" || v == "--all":
			return // erases bindings: runs nothing
		case v == "-M" || v == "--mode" || v == "-m" || v == "--sets-mode":
			i++
		case len(operands) == 0 && strings.HasPrefix(v, "-") && len(v) > 1:
		default:
			operands = append(operands, args[i])
		}
	}
	for i := 1; i < len(operands); i++ {
		if v := operands[i]; v.Dynamic || !inputFunction(v.Value) {
			w.nestedText(c, v.Value, "bind", cx, v.Dynamic, Fish)
		}
	}
}

// inputFunction reports a fish input function's name (forward-char,
// history-search-backward): a word of lower-case letters and hyphens.
func inputFunction(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '-') {
			return false
		}
	}
	return s != ""
}

// bindCommand is the command of a bind -x argument, "KEYSEQ": COMMAND.
func bindCommand(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if rest, ok := strings.CutPrefix(s, `"`); ok {
		for i := 0; i < len(rest); i++ {
			switch rest[i] {
			case '\\':
				i++
			case '"':
				_, code, ok := strings.Cut(rest[i+1:], ":")
				return strings.TrimSpace(code), ok
			}
		}
		return "", false
	}
	_, code, ok := strings.Cut(s, ":")
	return strings.TrimSpace(code), ok
}

// hashRemap reads bash's hash -p FILE NAME… and zsh's hash NAME=FILE:
// for the rest of the line NAME runs FILE, which the walk sees as an
// alias of NAME to FILE (hash -p /bin/rm ls; ls -rf ~ runs rm).
func (w *walker) hashRemap(args []field) {
	remap := func(name, file string) {
		if name == "" || file == "" || strings.Contains(name, "/") {
			return
		}
		w.defineAlias(name, "'"+strings.ReplaceAll(file, "'", `'\''`)+"'")
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
		case w.dialect != Zsh && len(a.Value) > 1 && a.Value[0] == '-' && a.Value != "--" && strings.Contains(a.Value, "p"):
			// -p FILE, -pFILE, -lp FILE: p takes the rest of its word or the next
			_, rest, _ := strings.Cut(a.Value, "p")
			file, names := field{Word: Word{Value: rest}}, args[i+1:]
			if rest == "" {
				if len(names) == 0 {
					return
				}
				file, names = names[0], names[1:]
			}
			for _, n := range names {
				if !file.Dynamic && !n.Dynamic && !strings.HasPrefix(n.Value, "-") {
					remap(n.Value, file.Value)
				}
			}
			return
		case w.dialect == Zsh && strings.Contains(a.Value, "="):
			n, file, _ := strings.Cut(a.Value, "=")
			remap(n, file)
		}
	}
}

// zshAliases walks a command again with the global and suffix aliases
// defined earlier on the line expanded: alias -g G='| sh'; echo 'rm -rf ~'
// G runs rm; alias -s txt=sh; a.txt runs sh a.txt. A global alias can hold
// operators, so the expanded text is parsed anew.
func (w *walker) zshAliases(c *Command, ce *syntax.CallExpr, cx ctx) {
	if len(ce.Args) == 0 || w.walks >= maxLoopWalks {
		return
	}
	var b strings.Builder
	last := ce.Args[0].Pos()
	// As in zsh, an alias is not expanded again inside its own expansion.
	used := map[string]string{}
	for i, word := range ce.Args {
		lit := word.Lit()
		if lit == "" {
			continue
		}
		v, ok := w.galiases[lit]
		key := lit
		if ext := path.Ext(lit); !ok && i == 0 && len(ext) > 1 {
			if sv, sok := w.saliases[ext[1:]]; sok {
				v, ok, key = sv+" "+lit, true, "."+ext[1:]
			}
		}
		if !ok {
			continue
		}
		b.WriteString(w.source(last, word.Pos()))
		b.WriteString(v)
		last = word.End()
		used[key] = v
	}
	if len(used) == 0 {
		return
	}
	b.WriteString(w.source(last, ce.Args[len(ce.Args)-1].End()))
	w.walks++
	saved := map[string]string{}
	for k := range used {
		if strings.HasPrefix(k, ".") {
			saved[k] = w.saliases[k[1:]]
			delete(w.saliases, k[1:])
		} else {
			saved[k] = w.galiases[k]
			delete(w.galiases, k)
		}
	}
	w.nested(c, b.String(), "alias", cx, false)
	for k, v := range saved {
		if strings.HasPrefix(k, ".") {
			w.saliases[k[1:]] = v
		} else {
			w.galiases[k] = v
		}
	}
}

// stdinShell reports sudo options that start a shell reading stdin.
func stdinShell(args []field, short string, long []string) bool {
	for _, a := range args {
		v := a.Value
		switch {
		case v == "--":
			return false
		case slices.Contains(long, v):
			return true
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			if strings.ContainsAny(v[1:], short) {
				return true
			}
		case !strings.HasPrefix(v, "-"):
			return false
		}
	}
	return false
}

func hasOption(args []field, opts ...string) bool {
	return slices.ContainsFunc(args, func(a field) bool { return slices.Contains(opts, a.Value) })
}

// sshHasCommand reports an ssh invocation that names a remote command.
func sshHasCommand(args []field) bool {
	const withArg = "BbcDEeFIiJLlmOopQRSWw"
	operands := 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if len(v) > 1 && v[0] == '-' {
			if strings.IndexByte(withArg, v[len(v)-1]) >= 0 && len(v) == 2 {
				i++
			}
			continue
		}
		operands++
	}
	return operands > 1
}

// sshRemoteShell reports an ssh whose remote command is a shell that reads
// its script from standard input (ssh host bash, ssh host 'sh -s'): the
// local standard input is that script.
func sshRemoteShell(args []field) bool {
	const withArg = "BbcDEeFIiJLlmOopQRSWw"
	var remote []string
	host := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if !host && len(v) > 1 && v[0] == '-' {
			if strings.IndexByte(withArg, v[len(v)-1]) >= 0 && len(v) == 2 {
				i++
			}
			continue
		}
		if !host {
			host = true
			continue
		}
		remote = append(remote, strings.Fields(v)...)
	}
	if len(remote) == 0 || !shells.has(program(baseName(remote[0]))) {
		return false
	}
	for _, a := range remote[1:] {
		switch {
		case a == "-s" || a == "-" || a == "/dev/stdin":
			return true
		case strings.HasPrefix(a, "-") && strings.Contains(a, "c"):
			return false // sh -c CODE
		case !strings.HasPrefix(a, "-"):
			return false // sh FILE
		}
	}
	return true
}

// fdScript follows a shell or source reading its script from a file
// descriptor other than 0 (bash /dev/fd/3, source /proc/self/fd/3): one
// opened on the command itself (3<<<'…') or earlier by exec 3<<EOF. A
// descriptor hguard does not know runs code it cannot read.
func (w *walker) fdScript(c *Command, args []field, cx ctx) {
	file := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return
		}
		if v == "--" {
			if i+1 < len(args) {
				file = args[i+1].Value
			}
			break
		}
		if len(v) > 1 && (v[0] == '-' || v[0] == '+') {
			if strings.ContainsAny(v[1:], "cs") && v[0] == '-' && !strings.HasPrefix(v, "--") {
				return // -c CODE, -s: not a script file
			}
			if shellOptionValue(c.Name, v) {
				i++
			}
			continue
		}
		file = v
		break
	}
	fd := ""
	for _, pre := range []string{"/dev/fd/", "/proc/self/fd/", "/proc/$$/fd/"} {
		if n, ok := strings.CutPrefix(file, pre); ok {
			fd = n
		}
	}
	if fd == "" || fd == "0" || fd == "1" || fd == "2" {
		return
	}
	in, ok := w.fds[fd]
	for _, r := range c.Redirects {
		if r.Fd != fd {
			continue
		}
		switch r.Op {
		case "<<", "<<-":
			in, ok = Input{Kind: "heredoc", Text: r.Target.Value, Static: !r.Target.Dynamic}, true
		case "<<<":
			in, ok = Input{Kind: "herestring", Text: r.Target.Value + "\n", Static: !r.Target.Dynamic}, true
		case "<", "<>":
			in, ok = Input{Kind: "file", From: r.Target.Value}, true
		}
	}
	switch {
	case in.Kind == "file":
		// exec 3<x.sh; bash /dev/fd/3 runs x.sh: read when the line or
		// the session wrote it
		if got, via, ok := w.fileInput(in.From); ok {
			w.runKnownFile(c, got, via, cx)
		}
	case !ok:
		if c.Untrusted == "" {
			c.Untrusted = "dynamic"
		}
	case in.Remote || in.Decoded || !in.Static:
		c.Untrusted = untrusted(in)
	default:
		w.nested(c, in.Text, c.Name+" fd "+fd, cx, false)
	}
}

// makeNoValueFlags are make's short options that take no value, which
// may stand bundled before one that does (-sf -, -kC dir).
const makeNoValueFlags = "bBdeikLmnpqrRsStvw"

// makeClusters writes make's bundled short options apart: -sf - is -s
// -f -, and -sfx.mk is -s -fx.mk.
func makeClusters(args []field) []field {
	out := make([]field, 0, len(args))
	for _, a := range args {
		v := a.Value
		if name, value, ok := makeLongFile(v); ok && !a.Dynamic {
			out = append(out, field{Word: Word{Value: name + value}, in: a.in}) // --fil=- is --file=-
			continue
		}
		if a.Dynamic || len(v) < 3 || v[0] != '-' || v[1] == '-' {
			out = append(out, a)
			continue
		}
		i := 1
		for i < len(v) && strings.IndexByte(makeNoValueFlags, v[i]) >= 0 {
			i++
		}
		if i == 1 || i == len(v) {
			out = append(out, a)
			continue
		}
		for _, ch := range v[1:i] {
			out = append(out, field{Word: Word{Value: "-" + string(ch)}})
		}
		out = append(out, field{Word: Word{Value: "-" + v[i:]}, in: a.in})
	}
	return out
}

// makeLongFile reads an abbreviation GNU make takes for --file or
// --makefile (--fil, --makef: any unambiguous prefix), giving the full
// name and what follows it (=VALUE or nothing).
func makeLongFile(v string) (name, value string, ok bool) {
	opt, rest, eq := strings.Cut(v, "=")
	if eq {
		rest = "=" + rest
	}
	switch {
	case len(opt) >= len("--fi") && strings.HasPrefix("--file", opt):
		return "--file", rest, true
	case len(opt) >= len("--mak") && strings.HasPrefix("--makefile", opt):
		return "--makefile", rest, true
	}
	return "", "", false
}

// makefileStdin follows what a makefile (or justfile) read from stdin
// runs, read as the same text in a file is: make's parser sees the
// recipes of any .RECIPEPREFIX, target: ; recipe lines and the $(shell …)
// run as make reads the file, for the goals the line names.
func (w *walker) makefileStdin(c *Command, name string, args []field, cx ctx) {
	in := c.Stdin
	if !in.Static {
		if in.Kind != "" {
			c.Untrusted = untrusted(in)
		}
		return
	}
	if name == "just" {
		for _, r := range parseJustfile(in.Text).lines(args) {
			w.nested(c, r, "make recipe", cx, false)
		}
		return
	}
	goals, overrides, dynamic := makeGoals(args)
	w.nested(c, parseMakefile(in.Text, overrides).recipeText(goals, dynamic), "make recipe", cx, false)
}

// cwdState is where the walk is: flow's cwd, cwdRel and cwdLost.
type cwdState struct {
	cwd, rel string
	lost     bool
	spelled  string // with lost, the directory as written (cwdSpelled)
}

func (w *walker) cwdNow() cwdState { return cwdState{w.cwd, w.cwdRel, w.cwdLost, w.cwdSpelled} }

// setCwd puts the walk back in s: after a subshell, a background job or
// a pipeline element, whose cd the shell ran in a child process.
func (w *walker) setCwd(s cwdState) {
	w.alts = nil
	if s != w.cwdNow() {
		w.cwd, w.cwdRel, w.cwdLost, w.cwdSpelled = s.cwd, s.rel, s.lost, s.spelled
		w.changed()
	}
}

func (w *walker) cd(args []field) { w.cdWith(args, nil) }

// cdWith is cd DIR with the assignments given before it (CDPATH=/ cd
// etc). cd - goes back to where the line's last cd left (bash's
// OLDPWD, zsh's and fish's own record), or, before any cd on the line,
// to bash's $OLDPWD when the line set it (zsh and fish keep their own:
// unknown). A relative name that starts with no . or .. is looked up in
// CDPATH (an assignment before cd, or set earlier on the line; zsh's
// cdpath array too): bash and fish take its first directory that holds
// the name before the current one, zsh the current one first; the first
// entry (not . or empty) is taken, as the one a hole would name; a CDPATH
// the line does not show leaves the directory unknown. zsh's cd -N and
// cd +N go to an entry of its directory stack, unknown too.
func (w *walker) cdWith(args []field, assigns []Assign) {
	dir := "~"
	back := false
	var operands []field
	for i, a := range args {
		if a.Value == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if w.dialect == Zsh && len(operands) == 0 && zshStackEntry(a.Value) {
			w.moveTo(cwdState{lost: true}) // cd -1, cd +2: zsh's directory stack
			return
		}
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" && len(operands) == 0 {
			continue
		}
		operands = append(operands, a)
	}
	if len(operands) > 1 {
		// zsh's cd OLD NEW goes to the current directory with OLD
		// replaced by NEW (cd /usr; cd usr etc is cd /etc); bash and
		// fish refuse two operands and stay
		if w.dialect != Zsh {
			return
		}
		old, repl := operands[0], operands[1]
		if len(operands) > 2 || old.Dynamic || repl.Dynamic || w.cwd == "" || !strings.Contains(w.cwd, old.Value) {
			w.moveTo(cwdState{lost: true})
			return
		}
		operands = []field{{Word: Word{Value: strings.Replace(w.cwd, old.Value, repl.Value, 1)}}}
	}
	if len(operands) == 1 {
		a := operands[0]
		if rest, ok := pwdPrefixed(a.Value); ok {
			// cd "$PWD/..": where the walk is, then up (static from
			// "$(dirname "$PWD")", pathOutput's spelling)
			a = field{Word: Word{Value: "." + rest}}
		}
		if a.Dynamic {
			w.moveTo(cwdState{lost: true, spelled: spelledDir(a.Value)})
			return
		}
		dir = a.Value
		back = a.Value == "-"
	}
	if back {
		switch old, ok := w.lineVar("OLDPWD", assigns); {
		case w.hasPrev:
			w.moveTo(w.prevCwd)
			return
		case ok && w.dialect != Zsh && w.dialect != Fish && old != "":
			dir = old
		default:
			w.moveTo(cwdState{lost: true})
			return
		}
	}
	dir = homeTilde(dir) // cd "$HOME" is cd ~, not a directory named $HOME
	if !back && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") && dir != "." && dir != ".." &&
		!strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") {
		cdpath, ok := w.lineVar("CDPATH", assigns)
		if !ok && w.dialect == Zsh {
			cdpath, ok = w.lineVar("cdpath", assigns) // zsh's array tied to CDPATH
		}
		if !ok {
			// the caller's, or one an earlier line exported
			cdpath, ok = w.before.Exports["CDPATH"]
		}
		if ok {
			entries := strings.Split(cdpath, ":")
			for i, e := range entries {
				entries[i] = homeTilde(e) // CDPATH=$HOME
			}
			if cdpath = strings.Join(entries, ":"); strings.ContainsAny(cdpath, "$`\x00") {
				w.moveTo(cwdState{lost: true}) // CDPATH=$X cd etc: anywhere
				return
			}
			// CDPATH=/ cd etc is cd /etc. Of several entries the one
			// taken is the shortest (the root, the home): bash takes the
			// first holding the name, which hguard does not know, and
			// CDPATH=/nonexistent:/ cd etc goes to /etc.
			best, rel := "", ""
			for _, e := range strings.FieldsFunc(cdpath, func(r rune) bool { return r == ':' || r == []rune(listSep)[0] }) {
				if e = path.Clean(e); e != "." && (path.IsAbs(e) || e == "~" || strings.HasPrefix(e, "~/")) &&
					(best == "" || strings.Count(e, "/") < strings.Count(best, "/") || e == "/" && best != "/") {
					best = e
				} else if e != "." && rel == "" && !path.IsAbs(e) && !strings.HasPrefix(e, "~") {
					rel = e // CDPATH=.. cd x is cd ../x, from where the walk is
				}
			}
			best = cmp.Or(best, rel)
			if best != "" {
				// bash and fish fall back to the name where the walk is
				// when no entry holds it: CDPATH=/tmp cd x is /tmp/x or
				// ./x, and the rest of the line is judged in both
				defer w.mayBe(w.cdTarget(dir))
				dir = path.Join(best, dir)
			}
		}
	}
	w.moveTo(w.cdTarget(dir))
}

// cdTarget is where cd to dir leads from where the walk is; dir is
// spelled with ~ for the home.
func (w *walker) cdTarget(dir string) cwdState {
	var to cwdState
	switch {
	case strings.HasPrefix(dir, "/") || dir == "~" || strings.HasPrefix(dir, "~/"):
		to = cwdState{cwd: path.Clean(dir)}
	case w.cwd != "":
		to = cwdState{cwd: joinPath(w.cwd, dir)}
	case w.cwdLost:
		to = cwdState{lost: true}
		if w.cwdSpelled != "" && !slices.Contains(strings.Split(dir, "/"), "..") {
			to.spelled = joinPath(w.cwdSpelled, dir) // cd "$X" && cd .aws
		}
	default:
		rel := path.Join(w.cwdRel, dir)
		if start := w.before.Cwd; path.IsAbs(start) && (rel == ".." || strings.HasPrefix(rel, "../")) {
			// out of the start, where the model knows it leads: cd
			// ../../../etc from /srv/app/web is cd /etc
			to = cwdState{cwd: path.Join(start, rel)}
			break
		}
		to = cwdState{rel: rel} // relative to the caller's directory
	}
	return to
}

// homeTilde is p with a leading $HOME or ${HOME} spelled ~, the home the
// model knows.
func homeTilde(p string) string {
	for _, home := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, home); ok && (rest == "" || rest[0] == '/') {
			return "~" + rest
		}
	}
	return p
}

// zshStackEntry reports a cd operand zsh takes for an entry of its
// directory stack (-1, +2).
func zshStackEntry(a string) bool {
	digits := strings.TrimLeft(a, "+-")
	return len(a)-len(digits) == 1 && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// autocdPath reports a command word that autocd may take for a
// directory to cd to: one spelled as a path (/tmp, ../x, ~/y, ..). A bare
// name is looked up as a program first (zsh) or names a directory below
// the current one.
func autocdPath(p string) bool {
	return strings.Contains(p, "/") || p == ".." || p == "~"
}

// fishImplicitCd reports a command fish takes for a cd with no word
// after it (its implicit cd): a path ending in / (/etc/, src/), .. and
// ~, which name directories. A path such as /etc or ./build is a cd too
// when it is a directory, which the model does not know: it is taken for
// the program it also may be.
func fishImplicitCd(p string) bool {
	return p == ".." || p == "~" || strings.HasSuffix(p, "/")
}

// moveTo is a cd to s: where the walk was is kept for cd - and $OLDPWD.
func (w *walker) moveTo(s cwdState) {
	w.prevCwd, w.hasPrev = w.cwdNow(), true
	switch start := w.before.Cwd; {
	case w.prevCwd.cwd != "":
		w.setVar("OLDPWD", Word{Value: w.prevCwd.cwd}) // cd "$OLDPWD"
	case w.prevCwd == cwdState{} && path.IsAbs(start):
		w.setVar("OLDPWD", Word{Value: path.Clean(start)}) // where the line started
	default:
		w.setVar("OLDPWD", Word{Dynamic: true})
	}
	w.cwd, w.cwdRel, w.cwdLost, w.cwdSpelled = s.cwd, s.rel, s.lost, s.spelled
	w.changed()
}

// lineVar is the value of name as the line set it: an assignment before
// the command (assigns), else an earlier one; ok is false when the line
// did not set it, and the value holds $ when it set it to what it does
// not show.
func (w *walker) lineVar(name string, assigns []Assign) (string, bool) {
	for i := len(assigns) - 1; i >= 0; i-- {
		if a := assigns[i]; a.Name == name {
			if a.Value.Dynamic {
				return "$" + name, true
			}
			return a.Value.Value, true
		}
	}
	if v, ok := w.vars[name]; ok {
		return v, true
	}
	if w.setNames[name] {
		return "$" + name, true
	}
	return "", false
}

// fishSet records set [-glxUe…] NAME VALUES…, as an assignment that may
// not run where cx says so (setAssigned), and follows a value the programs
// after it run (set -gx EDITOR CMD), as export's (setValueRuns).
func (w *walker) fishSet(c *Command, args []field, cx ctx) {
	erase, export, unexport := false, false, false
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i].Value, "-"); i++ {
		v, short := args[i].Value, !strings.HasPrefix(args[i].Value, "--")
		erase = erase || FishLongOption(v, "--erase", 4) || short && strings.Contains(v, "e")
		export = export || FishLongOption(v, "--export", 4) || short && strings.Contains(v, "x")
		unexport = unexport || FishLongOption(v, "--unexport", 5) || short && strings.Contains(v, "u")
	}
	if i >= len(args) {
		return
	}
	name, index, _ := strings.Cut(args[i].Value, "[")
	if index != "" {
		// set -gx GIT_SSH_COMMAND[1] CMD: an element's write, which makes
		// the variable where it had none; its value is the walk's no more
		w.setAssigned(name, Word{Dynamic: true}, cx)
		w.setValueRuns(c, name, joinFields(args[i+1:]).Word, cx)
		if export && !args[i].Dynamic {
			w.noteExported(name)
		}
		return
	}
	switch {
	case unexport:
		delete(w.exported, name)
	case export && !args[i].Dynamic:
		w.noteExported(name) // set -gx K V: printenv K prints it
	}
	if erase || args[i].Dynamic {
		w.setAssigned(name, Word{Dynamic: true}, cx)
		return
	}
	if name == "PATH" || name == "fish_user_paths" {
		// set -gx PATH ~/x $PATH: each element known is on PATH
		for _, a := range args[i+1:] {
			if !a.Dynamic {
				w.notePath(a.Word)
			}
		}
	}
	var elems []string
	for _, a := range args[i+1:] {
		if a.Dynamic {
			v := Word{Dynamic: true}
			if len(args) == i+2 {
				v = a.Word // set x $GITHUB_TOKEN: x stands for it (setVar)
			}
			w.setAssigned(name, v, cx)
			if len(args) == i+2 {
				w.noteFetched(name, a) // set C (curl -s URL)
				if lister, subst, ok := w.substListing(a.Value); ok {
					w.holdsListing(name, lister, subst) // set ids (docker ps -aq)
				}
			}
			return
		}
		elems = append(elems, a.Value)
	}
	w.setAssigned(name, Word{Value: strings.Join(elems, listSep)}, cx)
	if len(elems) == 1 && elems[0] == "" {
		w.setEmptyElem(name)
	}
	if len(elems) > 0 {
		// a list is exported joined by spaces: set -gx EDITOR code --wait
		w.setValueRuns(c, name, Word{Value: strings.Join(elems, " ")}, cx)
	}
}

// setValueRuns follows the value a declaration (export, local, fish's
// set) gives a variable that the programs after it run or read as their
// options: export PAGER=CMD, set -gx EDITOR CMD, export LESS='+!CMD',
// VIMINIT=':!CMD' for every vim after it, TAR_OPTIONS='--to-command=CMD'.
// A value known only as it runs ("$EDITOR") is left.
func (w *walker) setValueRuns(c *Command, name string, v Word, cx ctx) {
	name = w.deref(name)
	if v.Dynamic {
		if lessHooks.has(name) || name == "GIT_CONFIG_PARAMETERS" {
			// export LESSOPEN="$1": a later less runs a command known
			// only at run time (a preprocessor is set by value, from a
			// start-up file, not from what a line reads); so may every
			// git after an exported GIT_CONFIG_PARAMETERS
			text := v.Value
			if lessHooks.has(name) {
				text = lessHookCommand(text) // "| $(which lesspipe) %s": the command after less's marker
			}
			w.nested(c, text, "export "+name, cx, true)
		}
		return
	}
	switch {
	case lessHooks.has(name):
		// export LESSOPEN='| lesspipe %s': a later less runs it; as
		// exported in a start-up file, not an escape as a prefix is
		w.nested(c, lessHookCommand(v.Value), "export "+name, cx, false)
	case envCommands[name] && !envEscapes.has(name):
		w.nested(c, v.Value, name+"=", cx, false)
	case toolVar(name):
		// export CC=./x, RUSTC_WRAPPER, GOFLAGS=-toolexec=…: the builds
		// after it run them
		w.toolVarRuns(c, name, v.Value, "export "+name, cx)
	case name == "GIT_CONFIG_PARAMETERS":
		// export GIT_CONFIG_PARAMETERS="'core.fsmonitor=CMD'": every git a
		// later program starts (make, a hook) runs it
		for _, kv := range splitWords(v.Value) {
			key, val, _ := strings.Cut(kv, "=")
			if cmd := gitKeyCommand(strings.ToLower(key), val); cmd != "" {
				w.nested(c, cmd, "export "+name, cx, false)
			}
		}
	}
	if optionVars.has(name) {
		w.optionVar(c, name, v.Value, cx)
	}
	switch name {
	case "VIMINIT", "EXINIT", "GVIMINIT":
		w.runCode(c, "vim", field{Word: v}, name+"=", cx)
	case "TAR_OPTIONS":
		w.nested(c, "tar "+v.Value, name+"=", cx, false)
	}
}

// lessHooks are less's input preprocessor and its clean-up: commands
// less runs on every file it opens.
var lessHooks = set("LESSOPEN", "LESSCLOSE")

// lessHookCommand is the command a LESSOPEN or LESSCLOSE value runs: less
// takes a leading | (output piped), || (piped, empty output meaning none)
// or |- (piped for standard input too) as markers, not as the command's.
func lessHookCommand(v string) string {
	v = strings.TrimLeft(v, "|")
	return strings.TrimPrefix(v, "-")
}

// zshPath records the directories an assignment to zsh's path array
// (tied to PATH) puts on PATH: each element known, as notePath reads
// PATH's.
func (w *walker) zshPath(arr *syntax.ArrayExpr) {
	for _, el := range arr.Elems {
		if el.Index != nil || el.Value == nil {
			continue
		}
		for _, f := range w.fields(el.Value) {
			if !f.Dynamic {
				w.notePath(f.Word)
			}
		}
	}
}

// setEmptyElem marks fish's name as one empty element (emptyElem); its
// value is "" already.
func (w *walker) setEmptyElem(name string) {
	if w.emptyElem == nil {
		w.emptyElem = make(map[string]bool)
	}
	if !w.emptyElem[name] {
		w.emptyElem[name] = true
		w.changed()
	}
}

// writes records files c writes: its output redirected to a file, or the
// file a downloader saves to.
func (w *walker) writes(c *Command, args []field) {
	record := w.recordFile
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1") && (!r.Target.Dynamic || varKey(r.Target.Value) != "") {
			file := r.Target.Value
			if r.Target.Dynamic {
				file = varKey(file)
			}
			bare := *c
			bare.Redirects = nil
			out := produces(w.dialectEcho(&bare), c.Stdin)
			if r.Op == ">>" || r.Op == "&>>" {
				// appended to a file written whole earlier on the line: the
				// content is both texts (echo '#!/bin/sh' >x; echo 'exec
				// /bin/sh' >>x); to any other file, unknown but for its end
				_, prev, seen := w.lineFile(file)
				if seen && prev.Static && out.Static {
					out.Text = prev.Text + out.Text
				} else {
					if out.Static {
						out.appended = prev.partText() + out.Text
					}
					out.Static, out.Text = false, ""
					out.Remote, out.Decoded = out.Remote || prev.Remote, out.Decoded || prev.Decoded
				}
			}
			record(file, out)
			if rel := w.operandRel(file); rel != "" {
				record(rel, out) // cd /tmp && echo … > x.sh && sh x.sh: x.sh as written (joinOperands)
			}
		}
	}
	if c.Dynamic {
		return
	}
	switch c.Name {
	case "tee", "sponge":
		// tee FILE… and sponge FILE write their standard input: tee x.sh
		// <<< 'rm -rf ~'; bash x.sh runs it.
		in, appends := c.Stdin, false
		for _, a := range args {
			appends = appends || a.Value == "-a" || a.Value == "--append"
		}
		if appends {
			if in.Static {
				in.appended = in.Text // tee -a: the file's end
			}
			in.Static, in.Text = false, ""
		}
		for _, a := range args {
			if !a.Dynamic && !strings.HasPrefix(a.Value, "-") {
				record(a.Value, in)
			}
		}
	case "dd":
		// dd of=FILE with no if= copies its standard input.
		from, to := "", ""
		for _, a := range args {
			if v, ok := strings.CutPrefix(a.Value, "if="); ok {
				from = v
			} else if v, ok := strings.CutPrefix(a.Value, "of="); ok && !a.Dynamic {
				to = v
			}
		}
		if to != "" && (from == "" || stdinFile(from)) {
			record(to, c.Stdin)
		}
	case "cp", "install", "mv", "ln", "rsync":
		// cp /dev/stdin FILE copies its standard input; a copy, move or
		// link of a file the line or the session wrote holds its text
		// (echo 'rm -rf ~' > /tmp/a; cp /tmp/a /tmp/c.sh; bash /tmp/c.sh),
		// in the destination or, given a directory, under the source's name
		sources, dest, dirOnly, ok := copyOperands(c.Name, args)
		if !ok {
			break
		}
		for _, s := range sources {
			in, ok := c.Stdin, stdinFile(s)
			if !ok {
				in, _, ok = w.fileInput(s)
			}
			if !ok {
				continue
			}
			if !dirOnly && !strings.HasSuffix(dest, "/") {
				record(dest, in) // a file, or a directory: both spellings
			}
			if base := path.Base(s); !stdinFile(s) && base != "." && base != "/" {
				record(path.Join(dest, base), in)
			}
		}
	default:
		// the file a downloader's options name (curl -o, wget -O, aria2c
		// -d -o): fetched content, whose text is not known
		if fetchers.has(c.Name) || fileFetchers.has(c.Name) {
			for _, f := range downloadOutputs(c.Name, args) {
				record(f, Input{From: c.Name, Remote: true})
			}
		}
	}
}

// recordFile records in as what the line wrote to file, under its name
// as spelled and as fileKey spells it.
func (w *walker) recordFile(file string, in Input) {
	if w.files == nil {
		w.files = make(map[string]Input)
	}
	w.files[file] = in
	if k := fileKey(file); k != file && k != "" {
		w.files[k] = in // echo … > "$HOME/a.sh"; bash ~/a.sh
	}
	if id := w.fileID(file); id != "" && id != openedPath(file, w.hostDir()) {
		// written through a link of the line (ln -s /tmp/n.conf lnk; echo
		// … > lnk): the link's target holds it, under its own name
		w.files[id] = in
		w.noteFile(id)
		return
	}
	w.noteFile(file)
}

// fileKey is the spelling the line's files are also kept and looked up
// under: $HOME/x and ${HOME}/x as ~/x, $PWD/x as x, and the name cleaned
// (./a.sh is a.sh, /tmp//a.sh is /tmp/a.sh); "" for a name known only
// at run time.
func fileKey(p string) string {
	p = homeSpelled(p)
	if rest, ok := inWorkingDir(p); ok {
		p = rest
	}
	if p == "" || strings.ContainsAny(p, "$`*?[") {
		return ""
	}
	return path.Clean(p)
}

// parallelInput follows GNU parallel reading its arguments from a static
// standard input, as xargs does: echo / | parallel rm -rf runs rm -rf /,
// at {} or appended; with no command, each line is a command line. With
// -a FILE or :::: FILE (::::+ FILE) it reads FILE instead, followed when the line or
// the session wrote it; ::: gives arguments on the line, which the
// catalogue follows.
func (w *walker) parallelInput(c *Command, args []field, cx ctx) {
	var cmd []string
	argFile := ""
	pipe := false   // --pipe: blocks of standard input go to CMD's
	quoted := false // -q: each word of CMD is quoted (parallelQuotedLine)
	template := func(arg string) string {
		if quoted {
			return parallelQuotedLine(cmd, arg)
		}
		return parallelLine(strings.Join(cmd, " "), arg)
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case len(cmd) == 0 && (v == "--pipe" || v == "--pipepart" || v == "--spreadstdin"):
			pipe = true
		case len(cmd) == 0 && (v == "-a" || v == "--arg-file" || v == "::::" || v == "::::+") && i+1 < len(args):
			if argFile != "" || args[i+1].Dynamic {
				return // several sources: combined, not followed
			}
			argFile = args[i+1].Value
			i++
		case len(cmd) == 0 && strings.HasPrefix(v, "--arg-file="):
			argFile = strings.TrimPrefix(v, "--arg-file=")
		case len(cmd) == 0 && (v == "-q" || v == "--quote"):
			quoted = true
		case len(cmd) == 0 && strings.HasPrefix(v, "-") && v != "-":
			if p := Lookup("parallel"); p != nil && (len(v) == 2 || strings.HasPrefix(v, "--")) && takesValue(v, p.Args, p.Long) {
				i++ // the option's value (-j 4, --block 10M)
			}
		case v == ":::" || v == "::::" || v == ":::+" || v == "::::+":
			return
		default:
			cmd = append(cmd, v)
		}
	}
	in := c.Stdin
	if pipe {
		if len(cmd) > 0 {
			// CMD reads parallel's input: echo … | parallel --pipe sh is
			// echo … | sh
			feed := "cat"
			if c.Stdin.Kind == "file" {
				feed = "cat " + shellQuote(c.Stdin.From)
			} else if in.Static && !in.Remote && !in.Decoded {
				feed = "printf %s " + shellQuote(in.Text)
			}
			run := strings.Join(cmd, " ")
			if quoted {
				run = shellQuoteWords(cmd)
			}
			w.nested(c, feed+" | "+run, "parallel", cx, false)
		}
		return
	}
	switch {
	case argFile != "":
		in, _, _ = w.fileInput(argFile)
	case c.Stdin.Kind == "file":
		in, _, _ = w.fileInput(c.Stdin.From)
	}
	if !in.Static || in.Remote || in.Decoded {
		if argFile == "" {
			w.parallelFound(c, cmd, cx)    // find ~ -name .bashrc | parallel gzip is gzip ~/.bashrc
			w.parallelListed(c, cmd, cx)   // docker ps -aq | parallel docker rm
			w.parallelFindExec(c, cmd, cx) // find ~ | parallel rm -rf
		}
		if argFile == "" && len(cmd) > 0 { // -a FILE: the catalogue's
			// arguments read from data the line does not show: CMD runs
			// with a value taken from it, "$(cat)" (cat list | parallel
			// rm -f, parallel rm -rf ~ < list), as xargs runs its command
			src := "cat"
			if c.Stdin.Kind == "file" {
				src = "cat " + shellQuote(c.Stdin.From)
			}
			w.nested(c, template(`"$(`+src+`)"`), "parallel", cx, false)
		}
		if argFile == "" && len(cmd) == 0 && c.Stdin.Kind != "file" && c.Stdin.Kind != "" {
			// each line is a command line, as sh's input is: code
			// fetched, decoded or known only at run time (curl … |
			// parallel, base64 -d … | parallel, cat jobs | parallel)
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(in))
		}
		if !in.Static || in.Text == "" {
			return
		}
	}
	text := strings.TrimRight(in.Text, "\n")
	for n, item := range strings.Split(text, "\n") {
		if n >= maxLoopItems || item == "" {
			break
		}
		line := item
		if len(cmd) > 0 {
			line = template(item)
			if quoted {
				line = template(shellQuote(item))
			}
		}
		w.nested(c, line, "parallel", cx, false)
	}
}

// stdinFile reports a path that is the process's standard input.
func stdinFile(p string) bool {
	if strings.HasPrefix(p, "/") {
		p = path.Clean(p)
		for _, root := range []string{"/proc/self/root", "/proc/thread-self/root"} {
			if rest, ok := strings.CutPrefix(p, root); ok && strings.HasPrefix(rest, "/") {
				p = rest // the process's root: / outside a chroot
			}
		}
	}
	return p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}

// varKey is "$NAME" for a word that is one variable's value ($f, ${f},
// "$f"), and "$NAME/REST" for a static path below it ("$d"/setup.py), else
// "": a file written to it (f=$(mktemp); echo … >"$f") is known by that
// key, and a script run from the same variable (bash "$f") is taken to be
// it. Were f given another value between, the content is still what the
// line wrote somewhere: judging it errs towards seeing more.
func varKey(s string) string {
	s = strings.ReplaceAll(s, `"`, "")
	name, ok := strings.CutPrefix(s, "$")
	if !ok {
		return ""
	}
	if i := strings.IndexByte(name, '/'); i > 0 {
		rest := path.Clean(name[i:])
		if strings.ContainsAny(rest, "$`*?[\\'") || rest == "/" {
			return ""
		}
		if k := varKey("$" + name[:i]); k != "" {
			return k + rest
		}
		return ""
	}
	if n, ok := strings.CutPrefix(name, "{"); ok {
		if name, ok = strings.CutSuffix(n, "}"); !ok {
			return ""
		}
	}
	if name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != "" {
		return ""
	}
	return "$" + name
}

// runsWritten follows a file written earlier on the line that c runs:
// sh FILE, bash -e FILE, bash < FILE, bash /dev/stdin < FILE, source FILE,
// ./FILE (read in the language its #! line names).
func (w *walker) runsWritten(c *Command, args []field, cx ctx) {
	if len(w.files) == 0 && len(w.built) == 0 || c.Dynamic {
		return
	}
	var file string
	var in Input
	is := func(a field) bool {
		v := a.Value
		if a.Dynamic {
			if v = varKey(v); v == "" {
				v = pwdRelative(a)
			}
		} else if rest, ok := inWorkingDir(v); ok && rest != "." {
			v = rest // sh < "$PWD"/c
		}
		for _, f := range []string{v, strings.TrimPrefix(v, "./"), "./" + v, fileKey(a.Value)} {
			if got, ok := w.files[f]; ok && v != "" && f != "" {
				file, in = f, got
				return true
			}
		}
		if f, got, ok := w.lineFile(v); ok {
			file, in = f, got // another spelling of it: /tmp//x.sh, ../../../tmp/x.sh
			return true
		}
		return false
	}
	lang := "sh"
	if w.runsBuilt(c, cx) {
		return
	}
	switch {
	case shells.has(program(c.Name)) || c.Name == "source" || c.Name == ".":
		if runs, _ := w.scriptOf(c, args, is, nil); !runs {
			return
		}
	case strings.Contains(c.Path, "/"):
		if !is(field{Word: Word{Value: c.Path}}) {
			return
		}
		lang = shebangLang(in.Text)
		if line, ok := parallelShebangCommand(in.Text); lang == "" && ok {
			// #!/usr/bin/parallel --shebang -r CMD (runsEarlier)
			w.nested(c, line+" :::: "+shellQuote(file), "parallel --shebang in file "+file+" written on this line", cx, false)
			return
		}
	default:
		return
	}
	aliases := maps.Clone(w.aliases)
	w.runText(c, in, lang, "file "+file+" written on this line", cx)
	if shells.has(program(c.Name)) && !maps.Equal(aliases, w.aliases) {
		w.shell(c, args, cx) // bash --rcfile rc -ic ls: rc's aliases expand in ls (runsLoaded)
	}
}

// loop walks a for loop's body once per item, with the variable set to
// it (an unknown one as written: for x in a "$TOKEN"), over "$@" where the
// loop names no list (for a; do …).
func (w *walker) loop(c *syntax.ForClause, cx ctx) bool {
	it, ok := c.Loop.(*syntax.WordIter)
	if !ok || it.Name == nil {
		return false
	}
	var items []field
	for _, word := range it.Items {
		items = append(items, w.fields(word)...)
	}
	if !it.InPos.IsValid() && w.dialect != Fish {
		items, ok = w.params() // for a; do …: for a in "$@"
		if !ok {
			return false
		}
	}
	if len(items) == 0 {
		return false
	}
	if name := it.Name.Value; w.refs[name] != "" || w.unbound[name] || w.anyRefs[name] || w.elemRefs[name] != "" {
		// declare -n r; for r in X Y: r stands for X, then Y, whose
		// values the body may write
		for _, f := range items {
			defer w.writeNamed(f, ctx{maybe: true})
		}
	}
	if !uses(c.Do, it.Name.Value) {
		// for n in 1; do :; done; shift $n: past the loop the variable
		// holds the last item, unless the loop ran in a child process
		// (for … | cat, ( for … ), for … &), which setAssigned's cx says
		last := Word{Dynamic: true}
		if n := len(items); n > 0 && !breaks(c.Do) && !mayWrite(c.Do, it.Name.Value) {
			// not where a break may leave it early, nor where the body may
			// write it; for x in 1 "$TOKEN": x stands for TOKEN (setVar)
			last = items[n-1].Word
		}
		defer w.setAssigned(it.Name.Value, last, cx)
		return false
	}
	if len(items) == 0 || len(items) > maxLoopItems || w.walks+len(items) > maxLoopWalks {
		w.setVar(it.Name.Value, Word{Dynamic: true})
		return false
	}
	if len(items) == 1 && items[0].Dynamic {
		w.setVar(it.Name.Value, items[0].Word) // for K in "$GITHUB_TOKEN": K stands for it; for f in $(find ~ …): f holds what it finds (setVar)
		return false
	}
	old, had := w.vars[w.deref(it.Name.Value)]
	defer w.noteOther(it.Name.Value, old, had, cx) // for … | cat: the loop's values may not hold after it
	for _, f := range items {
		w.walks++
		w.setVar(it.Name.Value, f.Word)
		if w.dialect == Fish && f.Value == "" {
			w.setEmptyElem(it.Name.Value)
		}
		w.stmts(c.Do, cx)
	}
	if breaks(c.Do) {
		w.setVar(it.Name.Value, Word{Dynamic: true}) // a break may have left it at any item
	}
	return true
}

// FishLongOption reports fish's long option full given whole or as a
// prefix of at least min bytes, which fish's set takes where it names one
// option only (--exp is --export; --e names --erase and --export both).
func FishLongOption(arg, full string, min int) bool {
	return len(arg) >= min && strings.HasPrefix(full, arg)
}

// breaks reports statements that may leave a loop early (for n in 1 0;
// do break; done leaves n at 1): break, return or exit however called
// (builtin break, eval break), and a command whose name is known only as
// it runs ($b).
func breaks(stmts []*syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				if ce.Args[0].Lit() == "" {
					found = true
				}
				for _, a := range ce.Args {
					switch a.Lit() {
					case "break", "return", "exit", "eval":
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// stateWriters are the builtins that set variables or the positional
// parameters, or run text that may.
var stateWriters = set("eval", "source", ".", "set", "shift", "read", "mapfile", "readarray", "declare", "typeset", "local",
	"export", "readonly", "unset", "printf", "let", "getopts", "builtin", "command")

// codeWrites reports shell code that may set a variable of the shell it
// runs in: an assignment, a builtin that sets one (read, set --, eval), a
// command known only as it runs, or a function of the line that does
// (trap cleanup DEBUG). depth bounds the functions followed.
func (w *walker) codeWrites(text string, depth int) bool {
	var file *syntax.File
	if perr := parseSafely(func() {
		var err error
		if file, err = syntax.NewParser().Parse(strings.NewReader(text), ""); err != nil {
			file = nil
		}
	}); perr != nil || file == nil {
		return true
	}
	return w.nodeWrites(file, depth)
}

// nodeWrites is codeWrites of parsed code.
func (w *walker) nodeWrites(node syntax.Node, depth int) bool {
	found := false
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Assign, *syntax.ArithmCmd, *syntax.ArithmExp, *syntax.DeclClause, *syntax.LetClause:
			found = true
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				break
			}
			name := n.Args[0].Lit()
			if f, ok := w.funcs[name]; ok && depth < 4 {
				found = found || f.body == nil || w.nodeWrites(f.body, depth+1)
			} else {
				found = found || name == "" || stateWriters.has(name)
			}
		}
		return !found
	})
	return found
}

// mayWrite reports statements that may write the variable name other than
// by expanding it: an assignment, a word that names it (read n, mapfile
// n, printf -v n, declare n=1, unset n), or eval.
func mayWrite(stmts []*syntax.Stmt, name string) bool {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Assign:
				found = found || n.Name != nil && n.Name.Value == name
			case *syntax.Word:
				if l := n.Lit(); l == name || strings.HasPrefix(l, name+"=") || strings.HasPrefix(l, name+"[") || l == "eval" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// uses reports whether stmts expand the variable name.
func uses(stmts []*syntax.Stmt, name string) bool {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil && p.Param.Value == name {
				found = true
			}
			return !found
		})
	}
	return found
}

// openFds records what exec 3<<EOF, exec 3<file or exec 3< <(…) opens,
// for a later <&3, and what exec 3>FILE or 3>>FILE opens, for a later >&3.
func (w *walker) openFds(st *syntax.Stmt) {
	for _, r := range st.Redirs {
		if r != nil && (r.N == nil || r.N.Value == "0") && (r.Op == syntax.RdrIn || isHeredoc(r.Op) || r.Op == syntax.WordHdoc) {
			// exec < FILE: the shell's own input from here on, which every
			// later command given no other reads (exec < c; sh runs c)
			w.execStdin = w.stdin([]*syntax.Redirect{r}, Input{})
			continue
		}
		if r == nil || r.N == nil || r.N.Value == "0" || r.N.Value == "1" || r.N.Value == "2" {
			continue
		}
		reads := false
		switch r.Op {
		case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.RdrInOut:
			reads = true
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob:
		default:
			continue
		}
		fd := r.N.Value
		if name, ok := strings.CutPrefix(fd, "{"); ok && strings.HasSuffix(name, "}") {
			// exec {NAME}<…: bash opens a descriptor of its choosing, from
			// 10 up, and puts its number in NAME (bash /dev/fd/$NAME)
			n := 10
			for w.fdTaken(strconv.Itoa(n)) {
				n++
			}
			fd = strconv.Itoa(n)
			w.setVar(strings.TrimSuffix(name, "}"), Word{Value: fd})
		}
		opened := *r
		opened.N = nil
		delete(w.fds, fd)
		delete(w.outFds, fd)
		if r.Op != syntax.RdrIn && !isHeredoc(r.Op) && r.Op != syntax.WordHdoc {
			// exec 3<>FILE is open for writing too; its bytes land at
			// the file's start, as 1<> FILE's do
			if w.outFds == nil {
				w.outFds = make(map[string]Redirect)
			}
			out := w.redirects([]*syntax.Redirect{&opened})[0]
			if r.Op == syntax.RdrInOut {
				out.Op = ">"
			}
			w.outFds[fd] = out
		}
		if reads {
			if w.fds == nil {
				w.fds = make(map[string]Input)
			}
			w.fds[fd] = w.stdin([]*syntax.Redirect{&opened}, Input{})
		}
	}
}

// fdTaken reports a descriptor exec opened already.
func (w *walker) fdTaken(fd string) bool {
	_, in := w.fds[fd]
	_, out := w.outFds[fd]
	return in || out
}

// Arithmetic evaluation runs code. bash evaluates a variable named in an
// arithmetic context ((( x )), $(( x )), let x, a[x], ${s:x}, [[ x -eq 1
// ]], declare -i) as an expression in turn, and a subscript in it expands
// command substitutions: x='a[$(rm -rf ~)]'; (( x )) runs rm. So do the
// builtins that take a variable name (printf -v, read, declare, test -v,
// ${!x}), in zsh too. Values set on the line are followed here as the text
// "(( VALUE ))"; values hguard does not know are not (every (( i++ )) would
// be an ask).

// hasSubst reports text that holds a command substitution.
func hasSubst(v string) bool {
	return strings.Contains(v, "$(") || strings.Contains(v, "`") || strings.Contains(v, "<(") || strings.Contains(v, ">(")
}

// arithWrites makes the variables arithmetic assigns unknown: ((n=1)),
// let n++, $((n+=2)), ${A[n=1]}, for ((i=0; …)). The walk does not
// compute them, and the old value would be a wrong one (shift $n).
func (w *walker) arithWrites(nodes ...syntax.Node) {
	target := func(x syntax.ArithmExpr) {
		word, ok := x.(*syntax.Word)
		if !ok {
			return
		}
		name, _, _ := strings.Cut(word.Lit(), "[") // A[1]=2: A's element
		if isName(name) {
			w.setVar(name, Word{Dynamic: true})
		}
	}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		syntax.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Word:
				// a word arithmetic reads as a whole expression: let "n=1",
				// [[ 1 -eq n=1 ]]
				text := n.Lit()
				if text == "" {
					if f := w.single(n); !f.Dynamic {
						text = f.Value
					}
				}
				w.arithTextWrites(text)
				return false
			case *syntax.BinaryArithm:
				if n.Op == syntax.Assgn || n.Op >= syntax.AddAssgn && n.Op <= syntax.PowAssgn {
					target(n.X)
				}
			case *syntax.UnaryArithm:
				if n.Op == syntax.Inc || n.Op == syntax.Dec {
					target(n.X)
				}
			}
			return true
		})
	}
}

// arithRefs follows the variables an arithmetic expression reads by name
// ("x") or by value ("$x"), and the static strings it evaluates in turn:
// (( 'a[$(rm -rf ~)]' )) and [[ 1 -eq "a[\$(…)]" ]] run rm.
func (w *walker) arithRefs(at Pos, cx ctx, nodes ...syntax.Node) {
	w.arithWrites(nodes...)
	if cx.noSubst {
		return
	}
	for _, n := range nodes {
		if n == nil {
			continue
		}
		syntax.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				return false // its words are not arithmetic
			case *syntax.Word:
				if lit := n.Lit(); lit != "" {
					w.arithVar(lit, at, cx)
				} else if len(n.Parts) > 1 || len(n.Parts) == 1 && !isParam(n.Parts[0]) {
					// the string's own value; $x is followed by name below
					if f := w.single(n); !f.Dynamic && hasSubst(f.Value) {
						w.arithText(f.Value, "arithmetic", at, cx)
						return false
					}
				}
			case *syntax.ParamExp:
				if n.Param != nil {
					w.arithVar(n.Param.Value, at, cx)
				}
			}
			return !w.full
		})
	}
}

func isParam(p syntax.WordPart) bool {
	_, ok := p.(*syntax.ParamExp)
	return ok
}

// arithVar follows the static value of the variable name when it holds a
// substitution.
func (w *walker) arithVar(name string, at Pos, cx ctx) {
	// y=x; (( y )) evaluates x in turn: a chain of names is followed.
	for range MaxDepth {
		v, ok := w.vars[name]
		switch {
		case !ok:
			return
		case hasSubst(v):
			w.arithText(v, "arithmetic "+name, at, cx)
			return
		case !isName(v):
			return
		}
		name = v
	}
}

// isName reports a shell variable name.
func isName(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// arithValue follows a value the shell evaluates as arithmetic: a name
// (its value in turn) or an expression.
func (w *walker) arithValue(v string, at Pos, cx ctx) {
	if isName(v) {
		w.arithVar(v, at, cx)
		return
	}
	w.arithText(v, "arithmetic", at, cx)
}

// arithTextWrites makes the variables that text, read as arithmetic,
// assigns unknown (declare -i x=n=1).
func (w *walker) arithTextWrites(text string) {
	if !strings.ContainsAny(text, "=+-") || len(text) > maxArithText {
		return
	}
	if x, err := syntax.NewParser().Arithmetic(strings.NewReader(text)); err == nil && x != nil {
		if word, ok := x.(*syntax.Word); !ok || word.Lit() != text {
			w.arithWrites(x)
		}
	}
}

// maxArithText bounds the text arithTextWrites parses.
const maxArithText = 4096

// arithText walks text that the shell evaluates as arithmetic.
func (w *walker) arithText(text, via string, at Pos, cx ctx) {
	w.arithTextWrites(text)
	if !hasSubst(text) || w.full {
		return
	}
	if w.walks >= maxLoopWalks {
		if !w.limitHit {
			w.limitHit = true
			w.issue(IssueLimit, at, fmt.Sprintf("%d:%d: more than %d values evaluated as arithmetic; the rest was not analyzed", at.Line, at.Col, maxLoopWalks))
		}
		return
	}
	w.walks++
	d := Bash
	if cx.dialect == Zsh {
		d = Zsh
	}
	w.nestedText(&Command{Pos: at, Via: cx.via}, "(( "+text+" ))", via, cx, false, d)
}

// nameArgs follows the variable names that builtins assign or test, whose
// subscripts the shell evaluates: printf -v NAME, read NAME, declare
// NAME=…, test -v NAME, unset NAME, mapfile NAME, getopts OPTS NAME.
func (w *walker) nameArgs(c *Command, args []field, cx ctx) {
	var names []field
	switch c.Name {
	case "printf", "print":
		for i, a := range args {
			if a.Value == "-v" && i+1 < len(args) {
				names = append(names, args[i+1])
			}
		}
	case "test", "[":
		for i, a := range args {
			if (a.Value == "-v" || a.Value == "-R") && i+1 < len(args) {
				names = append(names, args[i+1])
			}
		}
	case "read", "mapfile", "readarray", "unset", "getopts", "wait", "export", "local", "declare", "typeset", "readonly", "vared", "let":
		names = args
	}
	for _, a := range names {
		if !a.Dynamic {
			w.subscript(a.Value, c.Pos, cx)
		}
	}
}

// subscript follows the subscript of a variable name (NAME[SUB] or
// NAME[SUB]=VALUE), which the shell evaluates when it uses the name.
func (w *walker) subscript(name string, at Pos, cx ctx) {
	i := strings.IndexByte(name, '[')
	j := strings.LastIndexByte(name, ']')
	if i > 0 && j > i {
		w.arithText(name[i+1:j], "subscript of "+name[:i], at, cx)
	}
}

// testRefs follows what [[ … ]] evaluates: the operands of -eq, -lt and
// the other arithmetic comparisons, and the names -v and -R test.
func (w *walker) testRefs(x syntax.TestExpr, at Pos, cx ctx) {
	if cx.noSubst {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.BinaryTest:
			switch n.Op {
			case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
				w.arithRefs(at, cx, n.X, n.Y)
			}
		case *syntax.UnaryTest:
			if word, ok := n.X.(*syntax.Word); ok && (n.Op == syntax.TsVarSet || n.Op == syntax.TsRefVar) {
				if f := w.single(word); !f.Dynamic {
					w.subscript(f.Value, at, cx)
				}
			}
		}
		return !w.full
	})
}

// paramRefs follows what a parameter expansion evaluates: its subscript
// and slice offsets as arithmetic, and the name an indirection (${!x})
// reads.
func (w *walker) paramRefs(p *syntax.ParamExp, at Pos, cx ctx) {
	w.assignDefault(p)
	w.zshParamRefs(p, at, cx)
	if p.Index != nil {
		w.arithRefs(at, cx, p.Index)
	}
	if p.Slice != nil {
		w.arithRefs(at, cx, p.Slice.Offset, p.Slice.Length)
	}
	if p.Excl && p.Param != nil && p.Names == 0 {
		if v, ok := w.vars[p.Param.Value]; ok {
			w.subscript(v, at, cx)
		}
	}
}

// assignDefault follows ${X:=WORD} and ${X=WORD}, which assign WORD to X
// when X is unset (or, with the colon, empty): : ${X:=/}; rm -rf $X. A
// value the line set first stays; otherwise WORD is taken as X's value, as
// a value set in a branch is (an X from the environment is unknown, and
// WORD is what the line makes of it).
func (w *walker) assignDefault(p *syntax.ParamExp) {
	if p.Exp == nil || p.Exp.Op != syntax.AssignUnset && p.Exp.Op != syntax.AssignUnsetOrNull || p.Param == nil {
		return
	}
	if p.Index != nil && !p.Excl && !p.Length && p.NestedParam == nil {
		w.setVar(p.Param.Value, Word{Dynamic: true}) // : ${A[1]:=x}: an element the walk does not write
		return
	}
	if p.Index != nil || p.Excl || p.Length || p.NestedParam != nil || isHome(p) {
		return
	}
	if v, ok := w.vars[w.deref(p.Param.Value)]; ok && (v != "" || p.Exp.Op == syntax.AssignUnset) {
		return
	}
	for _, a := range w.stmtAssigns {
		if a != nil && a.Name != nil && a.Name.Value == p.Param.Value {
			return // X=../z Y=${X:=/tmp/e} cmd: X is set while Y's value expands
		}
	}
	w.setVar(p.Param.Value, w.single(p.Exp.Word).Word)
}

// readCopies records the variables read, mapfile and readarray fill from
// a here-string or a process substitution that prints one variable
// (read K <<< "$GITHUB_TOKEN", IFS= read K < <(printf %s "$TOKEN")) as
// copies of that variable, as K=$GITHUB_TOKEN is (setVar): what they hold
// stays known by its name. A read with no input of its own reads the
// loop's around it (while read K; do …; done <<< "$TOKEN"); in zsh, which
// runs a pipeline's last command in the shell itself, a read there keeps
// what the command before it prints (print $TOKEN | read K).
func (w *walker) readCopies(st *syntax.Stmt, name string, args []field, cx ctx) {
	target := ""
	redirs := st.Redirs
	if !slices.ContainsFunc(redirs, func(r *syntax.Redirect) bool { return r.N == nil || r.N.Value == "0" }) && cx.loopRedirs != nil && cx.stdin == cx.loopIn {
		redirs = cx.loopRedirs
	}
	if w.dialect == Zsh && cx.feeder != nil && cx.pipe.Len > 1 && cx.pipe.Index == cx.pipe.Len-1 {
		target = w.printedVar([]*syntax.Stmt{cx.feeder})
	}
	for _, r := range redirs {
		if r.N != nil && r.N.Value != "0" || r.Word == nil {
			continue
		}
		switch r.Op {
		case syntax.WordHdoc:
			target = varReference(w.single(r.Word).Word)
		case syntax.RdrIn:
			if ps, ok := r.Word.Parts[0].(*syntax.ProcSubst); ok && len(r.Word.Parts) == 1 && ps.Op == syntax.CmdIn {
				target = w.printedVar(ps.Stmts)
			}
		}
	}
	if target == "" {
		return
	}
	for _, n := range readNames(name, args) {
		w.setVar(n, Word{Value: "${" + target + "}", Dynamic: true})
	}
}

// printedVar is the variable that code made of one echo or printf prints
// and nothing else (echo "$TOKEN", printf %s "$TOKEN"), "" for any other.
func (w *walker) printedVar(stmts []*syntax.Stmt) string {
	if len(stmts) != 1 || len(stmts[0].Redirs) > 0 {
		return ""
	}
	ce, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 || len(ce.Args) < 2 {
		return ""
	}
	words := ce.Args[1:]
	switch ce.Args[0].Lit() {
	case "echo":
		for len(words) > 1 && strings.HasPrefix(words[0].Lit(), "-") {
			words = words[1:] // echo -n "$TOKEN"
		}
	case "printf":
		if len(words) != 2 || words[0].Lit() == "" && !singleQuoted(words[0]) || words[0].Lit() == "-v" {
			return ""
		}
		words = words[1:] // printf %s "$TOKEN"
	case "print":
		if w.dialect != Zsh {
			return ""
		}
		for len(words) > 1 && strings.HasPrefix(words[0].Lit(), "-") {
			words = words[1:] // zsh's print -r -- "$TOKEN"
		}
	default:
		return ""
	}
	if len(words) != 1 {
		return ""
	}
	text := w.source(words[0].Pos(), words[0].End())
	if len(text) > 1 && text[0] == '"' && text[len(text)-1] == '"' {
		text = text[1 : len(text)-1]
	}
	return varReference(Word{Value: text, Dynamic: true})
}

// singleQuoted reports a word that is one single-quoted string ('%s\n').
func singleQuoted(word *syntax.Word) bool {
	if len(word.Parts) != 1 {
		return false
	}
	_, ok := word.Parts[0].(*syntax.SglQuoted)
	return ok
}

// readLine is the one line a read of static input takes, when read's
// options are only those that do not change what it stores (-r, -s, -e,
// -p, -t): read -r cmd <<< 'make test'. A read of several lines, of
// another descriptor, into an array or up to another delimiter is not
// modelled, and the lines are judged as commands (unknownStdin); so is a
// read that is itself a part of a pipeline (echo x | read l), whose
// variables only zsh keeps, and a read with its own IFS.
func (w *walker) readLine(c *Command) (string, bool) {
	in, args := c.Stdin, c.Args
	if _, ifs := w.vars["IFS"]; ifs || w.ifsSet || w.dialect == Fish || !in.Static || in.Kind == "" || in.Kind == "file" ||
		c.Pipe.Len > 1 || slices.ContainsFunc(c.Assigns, func(a Assign) bool {
		return a.Name == "IFS" && (a.Value.Dynamic || strings.ContainsAny(a.Value.Value, " \t\n"))
	}) {
		return "", false
	}
	text := strings.TrimSuffix(in.Text, "\n")
	raw := false
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		if args[i].Dynamic {
			return "", false
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'r':
				raw = true
			case 's', 'e':
			case 'p', 't':
				if j == len(a)-1 {
					i++ // -p PROMPT
				}
				j = len(a)
			default:
				return "", false
			}
		}
	}
	if strings.Contains(text, "\n") || !raw && strings.Contains(text, "\\") {
		return "", false
	}
	return text, true
}

// nullInput reports a command that reads /dev/null in the shell itself
// (not a pipeline's element, whose variables are a child's).
func nullInput(c *Command) bool {
	return c.Stdin.Kind == "file" && c.Stdin.From == "/dev/null" && c.Pipe.Len <= 1
}

// readLoop is the lines a loop of read takes from static input of several
// lines (while read -r f; do …; done <<EOF with a line per file, a
// here-string, printf '%s\n' a b | while read f) and the names each line
// fills, when read's options are only -r, -s and -e: the body is walked
// once per line with the names set, as a for loop's is once per item.
func (w *walker) readLoop(wc *syntax.WhileClause, in Input) (names, lines []string, ok bool) {
	if wc.Until || len(wc.Cond) != 1 || len(wc.Cond[0].Redirs) > 0 || wc.Cond[0].Negated || wc.Cond[0].Background {
		return nil, nil, false
	}
	ce, call := wc.Cond[0].Cmd.(*syntax.CallExpr)
	if !call || len(ce.Assigns) > 0 || len(ce.Args) == 0 || ce.Args[0].Lit() != "read" {
		return nil, nil, false
	}
	if _, ifs := w.vars["IFS"]; ifs || w.ifsSet || w.dialect == Fish || !in.Static ||
		in.Kind != "heredoc" && in.Kind != "herestring" && in.Kind != "pipe" {
		return nil, nil, false
	}
	raw := false
	var args []field
	for _, a := range ce.Args[1:] {
		lit := a.Lit()
		if lit == "" {
			return nil, nil, false
		}
		if strings.HasPrefix(lit, "-") {
			for _, r := range lit[1:] {
				switch r {
				case 'r':
					raw = true
				case 's', 'e':
				default:
					return nil, nil, false
				}
			}
		}
		args = append(args, field{Word: Word{Value: lit}})
	}
	text := strings.TrimSuffix(in.Text, "\n")
	lines = strings.Split(text, "\n")
	if len(lines) < 2 || len(lines) > maxLoopItems || w.walks+len(lines) > maxLoopWalks || !raw && strings.Contains(text, "\\") {
		return nil, nil, false
	}
	return readNames("read", args), lines, true
}

// readFields gives read's names the fields of its line as the shell
// splits them on the default IFS: the last name takes the rest.
func (w *walker) readFields(line string, names []string, cx ctx) {
	blank := func(r rune) bool { return r == ' ' || r == '\t' }
	for i, n := range names {
		line = strings.TrimLeftFunc(line, blank)
		if i == len(names)-1 {
			w.setAssigned(n, Word{Value: strings.TrimRightFunc(line, blank)}, cx)
			return
		}
		end := strings.IndexFunc(line, blank)
		if end < 0 {
			end = len(line)
		}
		w.setAssigned(n, Word{Value: line[:end]}, cx)
		line = line[end:]
	}
}

// readIFS is the IFS given to read alone, static ("" when none is).
func (w *walker) readIFS(c *Command) string {
	for _, a := range c.Assigns {
		if a.Name == "IFS" && !a.Value.Dynamic {
			return a.Value.Value
		}
	}
	return ""
}

// name0 is an assignment's name, "" for none.
func name0(a *syntax.Assign) string {
	if a == nil || a.Name == nil {
		return ""
	}
	return a.Name.Value
}

// readSplit is readFields for an IFS of no blanks given to read alone:
// empty, the whole line is the one name's; else each of its characters
// ends a field, the last name taking the rest of the line.
func (w *walker) readSplit(line string, names []string, ifs string, cx ctx) {
	for i, n := range names {
		if i == len(names)-1 || ifs == "" {
			w.setAssigned(n, Word{Value: line}, cx)
			line = ""
			continue
		}
		end := strings.IndexAny(line, ifs)
		if end < 0 {
			w.setAssigned(n, Word{Value: line}, cx)
			line = ""
			continue
		}
		w.setAssigned(n, Word{Value: line[:end]}, cx)
		line = line[end+1:]
	}
}

// readNames are the variables read, mapfile or readarray fills: read's
// names or its -a array (REPLY with none), mapfile's array (MAPFILE with
// none).
func readNames(name string, args []field) []string {
	valued := "adinNptu" // read's options that take a value
	if name != "read" {
		valued = "dnOsuCc"
	}
	var names []string
	for i := 0; i < len(args); i++ {
		a := args[i].Value
		if args[i].Dynamic {
			return nil
		}
		if len(a) < 2 || a[0] != '-' {
			names = append(names, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			if !strings.ContainsRune(valued, rune(a[j])) {
				continue
			}
			v := a[j+1:]
			if v == "" && i+1 < len(args) {
				i++
				v = args[i].Value
			}
			if a[j] == 'a' {
				names = append(names, v)
			}
			break
		}
	}
	switch {
	case name != "read" && len(names) > 0:
		return names[len(names)-1:]
	case name != "read":
		return []string{"MAPFILE"}
	case len(names) == 0:
		return []string{"REPLY"}
	}
	return names
}

// varReference is the variable a value is the whole of ($X, ${X}, "$X"),
// or "".
func varReference(v Word) string {
	if !v.Dynamic {
		return ""
	}
	r := strings.TrimPrefix(v.Value, "$")
	if len(r) == len(v.Value) {
		return ""
	}
	if strings.HasPrefix(r, "{") && strings.HasSuffix(r, "}") {
		r = r[1 : len(r)-1]
	}
	if r == "" || !isNameByte(r[0]) || r[0] >= '0' && r[0] <= '9' {
		return ""
	}
	for i := 0; i < len(r); i++ {
		if !isNameByte(r[i]) {
			return ""
		}
	}
	return r
}

// maxForks bounds the rests of lists walked again for a cd that may not
// have run; past it the directory is unknown (CwdLost).
const maxForks = 16

// mayBe records that the walk may instead be in each of s (where it was
// before a cd that may not run), besides where it is now.
func (w *walker) mayBe(s ...cwdState) {
	for _, x := range s {
		if x != w.cwdNow() && !slices.Contains(w.alts, x) {
			w.alts = append(w.alts, x)
		}
	}
}

// ends is where the walk may be: where it is, then its alts, which are
// taken off.
func (w *walker) ends() []cwdState {
	out := append([]cwdState{w.cwdNow()}, w.alts...)
	w.alts = nil
	return out
}

// endIn puts the walk in the first of ends, with the others its alts.
func (w *walker) endIn(ends []cwdState) {
	w.setCwd(ends[0])
	w.mayBe(ends[1:]...)
}

// forkRest walks rest, the statements after one that left the walk in
// more than one directory (w.alts), once in each: a relative path after
// false && cd /tmp is judged both in /tmp and where the line was, and
// the strictest verdict stands. Where the rests end becomes where the
// walk may be.
func (w *walker) forkRest(rest []*syntax.Stmt, cx ctx) {
	alts := w.alts
	w.alts = nil
	if len(rest) == 0 {
		w.alts = alts
		return
	}
	if w.forks+len(alts) > maxForks {
		w.moveTo(cwdState{lost: true}) // more ways than the walk follows
		w.stmts(rest, cx)
		return
	}
	w.forks += len(alts)
	defer w.forking()()
	w.stmts(rest, cx)
	ends := w.ends()
	for _, a := range alts {
		w.setCwd(a)
		w.stmts(rest, cx)
		ends = append(ends, w.ends()...)
	}
	w.endIn(ends)
}

// forking starts the commands' record that emit keeps while statements
// are walked again (forkSeen), unless an outer walk keeps it; the func it
// returns ends it.
func (w *walker) forking() func() {
	if w.forkSeen != nil {
		return func() {}
	}
	w.forkSeen = make(map[string]bool)
	return func() { w.forkSeen = nil }
}

// errexitNamed reads errexit switched by its name: bash's shopt -s -o
// errexit (on) and shopt -u -o errexit (off), zsh's setopt errexit,
// unsetopt errexit and setopt no_err_exit (zsh ignores case and
// underscores in option names).
func errexitNamed(name string, args []field) (on, ok bool) {
	var set, unset bool
	for _, a := range args {
		switch v := strings.ToLower(strings.ReplaceAll(a.Value, "_", "")); {
		case a.Dynamic:
			return false, false
		case name == "shopt" && v == "-s":
			set = true
		case name == "shopt" && v == "-u":
			unset = true
		case v != "errexit" && v != "noerrexit":
		case name == "shopt" && v == "errexit" && (set || unset):
			on, ok = set && !unset, true
		case name == "setopt" || name == "unsetopt":
			on, ok = (name == "setopt") == (v == "errexit"), true
		}
	}
	return on, ok
}

// shoptSets reports shopt -s naming the option: one set maybe, which the
// model takes as set.
func shoptSets(args []field, option string) bool {
	set := false
	for _, a := range args {
		switch {
		case strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "s"):
			set = true // -s, -qs
		case strings.HasPrefix(a.Value, "-") && strings.Contains(a.Value, "u"):
			set = false
		case set && (a.Value == option || a.Dynamic):
			return true
		}
	}
	return false
}

// errexitOption reads set -e (set -euo pipefail, set -o errexit) and
// set +e (set +o errexit) among a set's or a shell's options: on is the
// last one's, ok whether there is one. It stops at the first operand (a
// shell's -c string or script).
// aliasBody walks the text of an alias that takes a command's name where
// it is defined: typing that name later runs it (alias ls='rm -rf /home'
// is a trap laid for the next ls, which a later check may not see as the
// alias). An alias of a name of its own (alias grhh='git reset --hard')
// is typed by someone who knows what it runs, and a text that does not
// parse alone (alias x='sort |') is left to the line that uses it.
func (w *walker) aliasBody(c *Command, name, text string, cx ctx) {
	if strings.TrimSpace(text) == "" || w.inAlias {
		return
	}
	if _, err := w.parse(text, w.dialect); err != nil {
		return
	}
	// a name of its own (grhh, rmrf, or a program hguard does not know:
	// clear) is typed knowing what it runs, unless it is a wipe
	own := !KnownName(name) && !pathBuiltins.has(name)
	w.inAlias = true
	// the name is not an alias within its own text (alias ls='ls -G')
	expanding := w.expanding[name]
	if w.expanding == nil {
		w.expanding = make(map[string]bool)
	}
	w.expanding[name] = true
	defer func() { w.inAlias, w.expanding[name] = false, expanding }()
	n := len(w.line.Commands)
	w.nestedIn(c, text, "alias "+name, cx, w.dialect)
	for _, b := range w.line.Commands[n:] {
		b.Typed = false // it runs when the name is typed later, not on this line
		if own {
			b.OwnAlias = name
		}
	}
}

// allexportOption reports set -a (set -o allexport), after which every
// variable assigned is exported.
func allexportOption(args []field) bool {
	for i, a := range args {
		v := a.Value
		switch {
		case a.Dynamic:
			return false // set "$OPTS": unknown; unexported is the stricter reading
		case v == "--" || len(v) < 2 || v[0] != '-':
			return false
		case v[1] == '-':
		case v == "-o":
			if i+1 < len(args) && args[i+1].Value == "allexport" {
				return true
			}
		default:
			if flags, _, _ := strings.Cut(v[1:], "o"); strings.Contains(flags, "a") {
				return true
			}
		}
	}
	return false
}

func errexitOption(args []field) (on, ok bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic || v == "--" || v == "-" || len(v) < 2 || v[0] != '-' && v[0] != '+':
			return on, ok
		case v[1] == '-':
			continue // --norc
		case v[1:] == "o":
			if i+1 < len(args) && args[i+1].Value == "errexit" {
				on, ok = v[0] == '-', true
			}
			i++
		default:
			// set -eux, set -euo pipefail: an e before the o that takes
			// an option's name
			if flags, _, _ := strings.Cut(v[1:], "o"); strings.Contains(flags, "e") {
				on, ok = v[0] == '-', true
			}
			if strings.Contains(v[1:], "o") {
				if i+1 < len(args) && args[i+1].Value == "errexit" {
					on, ok = v[0] == '-', true
				}
				i++
			}
		}
	}
	return on, ok
}

// zshPositionalWrite reports a zsh assignment to the positional
// parameters: a number (2=x) or argv, whole or an element.
func zshPositionalWrite(a *syntax.Assign) bool {
	if a == nil || a.Name == nil {
		return false
	}
	n := a.Name.Value
	return n == "argv" || n != "" && strings.Trim(n, "0123456789") == ""
}

// forgetPositionals makes every positional parameter unknown.
func (w *walker) forgetPositionals() {
	for k := range w.vars {
		if k == "@" || k == "*" || k == "#" || k == "argv" || strings.Trim(k, "0123456789") == "" && k != "0" {
			w.setVar(k, Word{Dynamic: true})
		}
	}
	w.refParams = nil
}

// spelledDir is a cd's directory known only at run time as written, when
// it starts with an expansion ("$X", $(f)/x): the rules read a hidden name
// below it as the home's. "" for any other (a glob, x$Y).
func spelledDir(v string) string {
	if v == "" || v[0] != '$' && v[0] != '`' {
		return ""
	}
	if strings.ContainsAny(v, "*?") {
		// a glob below it only where it names few: cd "$X"/.ss? is a key
		// directory's, cd "$X"/* any
		if rest, ok := unknownLead(v); !ok || !namesFew(strings.TrimPrefix(rest, "/")) {
			return ""
		}
	}
	return strings.TrimSuffix(v, "/")
}

// pwdPrefixed is what follows $PWD in a word that starts with it and
// expands nothing else: cd "$PWD/.." is cd ../ from where the walk is.
func pwdPrefixed(v string) (string, bool) {
	for _, here := range []string{"$PWD", "${PWD}"} {
		if rest, ok := strings.CutPrefix(v, here); ok && (rest == "" || rest[0] == '/') && !strings.ContainsAny(rest, "$`*?[") {
			return rest, true
		}
	}
	return "", false
}
