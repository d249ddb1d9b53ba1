package cmdline

import (
	"slices"
	"strings"
	"sync"
)

// A scanner looks through interpreter code for calls that run shell commands
// or delete files. It tokenizes (strings, comments and identifiers are told
// apart, so a call named inside a string is not a call) and never executes.
type scanner struct {
	found  []finding
	opaque bool // code runs code that cannot be read (eval of a variable, dynamic shell-out)
	remote bool // code downloads and runs code (PowerShell iwr | iex)
	depth  int  // nesting of eval("literal code")
	lang   string
}

type findingKind int

const (
	shellOut  findingKind = iota // a shell command line
	remove                       // rm P
	removeAll                    // rm -rf P
	removeDir                    // rmdir P
)

type finding struct {
	kind    findingKind
	call    string   // as written: "os.system", "shutil.rmtree"
	arg     string   // the command line or path
	args    []string // the operands of a move, copy, chmod or kill
	dynamic bool
	text    string // the call's source text
}

func (s *scanner) add(f finding) {
	if len(s.found) < maxFindings {
		s.found = append(s.found, f)
	}
}

// action is what a call does with its arguments.
type action int

const (
	runShell action = iota // first argument: a command line, or an argv list
	runArgv                // arguments: argv, or one command line (perl system LIST)
	runPath                // first argument: a program path, then argv (os.execvp)
	delFile                // rm ARG
	delTree                // rm -rf ARG
	delDir                 // rmdir ARG
	delMaybe               // node fs.rm/rmdir: rm -rf with {recursive: true}
	evalCode               // code in the same language
)

// callSpec matches a call by its last name and its qualifier (the module or
// object before it); quals nil accepts any, "" accepts a bare call.
type callSpec struct {
	act   action
	quals []string
}

func spec(act action, quals ...string) []callSpec { return []callSpec{{act, quals}} }

// calls are the calls that run shell commands or delete files, per
// language. Only inline code reads them, so they are built on first use
// rather than by every check at start-up.
var calls = sync.OnceValue(func() map[string]map[string][]callSpec {
	return map[string]map[string][]callSpec{
		"python": {
			"system": spec(runShell, "os", "posix", ""), "popen": spec(runShell, "os", "posix", ""),
			"getoutput": spec(runShell, "subprocess", "commands", ""), "getstatusoutput": spec(runShell, "subprocess", "commands", ""),
			"run": spec(runShell, "subprocess", ""), "call": spec(runShell, "subprocess", ""),
			"check_call": spec(runShell, "subprocess", ""), "check_output": spec(runShell, "subprocess", ""),
			"Popen": spec(runShell, "subprocess", ""), "spawn": spec(runShell, "pty"),
			"execl": spec(runPath, "os", ""), "execle": spec(runPath, "os", ""), "execlp": spec(runPath, "os", ""),
			"execlpe": spec(runPath, "os", ""), "execv": spec(runPath, "os", ""), "execve": spec(runPath, "os", ""),
			"execvp": spec(runPath, "os", ""), "execvpe": spec(runPath, "os", ""),
			"spawnl": spec(runPath, "os"), "spawnlp": spec(runPath, "os"), "spawnv": spec(runPath, "os"), "spawnvp": spec(runPath, "os"),
			"rmtree": spec(delTree, "shutil", ""),
			"remove": spec(delFile, "os", ""), "unlink": spec(delFile, "os", ""),
			"rmdir": spec(delDir, "os", ""), "removedirs": spec(delDir, "os", ""),
			"exec": spec(evalCode, ""), "eval": spec(evalCode, ""),
		},
		"node": {
			"exec": spec(runShell), "execSync": spec(runShell),
			// Bun.spawn(["rm", "-rf", p]) takes one argv, child_process's spawn (cmd, [args])
			"spawn": {{runShell, []string{"Bun"}}, {runArgv, nil}}, "spawnSync": {{runShell, []string{"Bun"}}, {runArgv, nil}},
			"execFile": spec(runArgv), "execFileSync": spec(runArgv), // (cmd, [args])
			"execa": spec(runArgv), "execaSync": spec(runArgv), "execaCommand": spec(runShell), "execaCommandSync": spec(runShell),
			"rmSync": spec(delMaybe), "rm": spec(delMaybe, "fs", "fsp", "promises", "fs.promises", "", "shell", "sh", "shelljs"),
			"rmdirSync": spec(delMaybe), "rmdir": spec(delMaybe, "fs", "fsp", "promises", "fs.promises", ""),
			"unlinkSync": spec(delFile), "unlink": spec(delFile, "fs", "fsp", "promises", "fs.promises", ""),
			"eval": spec(evalCode, ""), "Function": spec(evalCode, ""),
			"removeSync": spec(delMaybe, "Deno"), "remove": spec(delMaybe, "Deno"), // Deno's own API, { recursive: true } as fs.rm
		},
		"perl": {
			"system": spec(runArgv, ""), "exec": spec(runArgv, ""), "readpipe": spec(runShell, ""), // readpipe is qx// as a function
			"unlink": spec(delFile, ""), "rmtree": spec(delTree, "File.Path", ""), "remove_tree": spec(delTree, "File.Path", ""),
			"rmdir": spec(delDir, ""), "eval": spec(evalCode, ""),
		},
		"ruby": {
			"system": spec(runArgv, "Kernel", "Process", ""), "exec": spec(runArgv, "Kernel", "Process", ""),
			"spawn": spec(runArgv, "Kernel", "Process", ""), "popen": spec(runShell, "IO"),
			"capture2": spec(runShell, "Open3"), "capture2e": spec(runShell, "Open3"), "capture3": spec(runShell, "Open3"),
			"popen2": spec(runShell, "Open3"), "popen2e": spec(runShell, "Open3"), "popen3": spec(runShell, "Open3"),
			"rm_rf": spec(delTree, "FileUtils"), "rm_r": spec(delTree, "FileUtils"), "remove_dir": spec(delTree, "FileUtils"),
			"remove_entry": spec(delTree, "FileUtils"), "remove_entry_secure": spec(delTree, "FileUtils"),
			"rmtree": spec(delTree, "FileUtils"),
			"rm":     spec(delFile, "FileUtils"), "rm_f": spec(delFile, "FileUtils"), "safe_unlink": spec(delFile, "FileUtils"),
			"remove": spec(delFile, "FileUtils"),
			"delete": {{delFile, []string{"File"}}, {delDir, []string{"Dir"}}},
			"unlink": {{delFile, []string{"File"}}, {delDir, []string{"Dir"}}},
			"rmdir":  {{delDir, []string{"Dir", "FileUtils"}}},
			"eval":   spec(evalCode, ""), "instance_eval": spec(evalCode), "class_eval": spec(evalCode),
		},
		"php": {
			"system": spec(runShell, ""), "exec": spec(runShell, ""), "shell_exec": spec(runShell, ""),
			"passthru": spec(runShell, ""), "popen": spec(runShell, ""), "proc_open": spec(runShell, ""),
			"pcntl_exec": spec(runArgv, ""), "unlink": spec(delFile, ""), "rmdir": spec(delDir, ""), // pcntl_exec(path, [args]) has no argv0
			"eval": spec(evalCode, ""), "assert": spec(evalCode, ""),
		},
		"lua": {
			"execute": spec(runShell, "os"), "popen": spec(runShell, "io"), "remove": spec(delFile, "os"),
			// Neovim's: vim.fn.system({"rm", "-rf", p}) and vim.system take a line or an argv
			"system": spec(runShell, "vim.fn", "vim"), "systemlist": spec(runShell, "vim.fn"),
			"jobstart": spec(runShell, "vim.fn"), "termopen": spec(runShell, "vim.fn"),
			"load": spec(evalCode, ""), "loadstring": spec(evalCode, ""),
		},
		"awk": {
			"system": spec(runShell, ""),
		},
	}
})

// token kinds
const (
	tIdent  = 'i' // identifier, dotted chains joined: os.system, File::Path → File.Path
	tString = 's'
	tShell  = 'x' // a string the language runs in a shell: `…`, qx{…}, %x(…)
	tPunct  = 'p'
	tNumber = 'n' // a numeric literal, as written
)

type token struct {
	kind     byte
	val      string
	dynamic  bool // a string with interpolation
	path     bool // a name bound to a path object (p = Path.home(); for p in Path.home().rglob("*"))
	computed bool // a function's name built from pieces: cp["exec" + "Sync"], $f = "sys" . "tem"
	off, end int
}

// scan looks at code in lang.
func (s *scanner) scan(lang, code string) {
	s.httpDeletes(code)
	if lang == "powershell" {
		s.powershell(code)
		return
	}
	s.lang = lang
	toks, computed := bindNames(lang, code, tokenize(lang, code))
	s.opaque = s.opaque || computed
	match := matchBrackets(toks)
	var opener []int
	aliases := importAliases(toks)
	var imported map[string]string
	if lang == "python" {
		imported = fromImports(toks)
	}
	s.httpDeletes(resolvedText(toks, aliases, imported)) // r.delete(u) after import requests as r
	usesChildProcess := lang != "node" || nodeProcessLib().MatchString(code)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tShell:
			s.shell("`…`", t.val, t.dynamic, code[t.off:t.end])
			continue
		case lang == "awk" && t.kind == tString && i+2 < len(toks) && toks[i+1].val == "|" && toks[i+2].val == "getline",
			lang == "awk" && t.kind == tString && i > 0 && toks[i-1].val == "|":
			s.shell("pipe", t.val, t.dynamic, code[t.off:t.end])
			continue
		case lang == "awk" && t.val != ">" && i > 1 && toks[i-1].val == ">" && awkPrinted(toks, i-1):
			// print … > "F" writes F; print … >> "F" appends to it; print
			// … > $1, > name, > ("out/" $2): a file named by the data read
			// or a value computed at run time; > ENVIRON["HOME"] "/x": the
			// terms side by side joined (awkConcat)
			kind := writeK
			if toks[i-2].val == ">" {
				kind = appendK
			}
			end, depth := i, 0
			for k := i; k < len(toks) && k-i < maxArgTokens; k++ {
				if v := toks[k].val; toks[k].kind == tPunct && (v == ";" || v == "}" || v == "|" || v == ")" && depth == 0) {
					break
				} else if v == "(" {
					depth++
				} else if v == ")" {
					depth--
				}
				end = k
			}
			v, dyn, ok := value(toks[i : end+1])
			if !ok || strings.Contains(code[t.off:toks[end].end], "$") {
				v, dyn = code[t.off:toks[end].end], true
			}
			s.add(finding{kind: kind, call: "print", arg: v, dynamic: dyn, text: code[toks[i-1].off:toks[end].end]})
			i = end
			continue
		case t.kind != tIdent:
			continue
		}
		if q, n, args, end, dyn, ok := indirect(lang, toks, i, match); ok {
			if dyn {
				s.opaque = true // getattr(os, name)(…), send(name, …): what runs is computed
				continue
			}
			if a, ok := aliases[q]; ok {
				q = a
			}
			if act, ok := lookupCall(lang, n, q); ok && end < len(toks) {
				s.opaque = s.opaque || toks[i].computed && runsCode(act)
				s.call(lang, act, q+"."+n, args, code[t.off:toks[end].end])
			}
			continue
		}
		if s.callback(lang, toks, i, match, aliases, code) || s.libraryIndex(toks, i, match) {
			continue
		}
		qual, name := splitQual(t.val)
		if full, ok := imported[t.val]; ok {
			qual, name = splitQual(full)
		}
		if a, ok := aliases[qual]; ok {
			qual = a
		}
		if m, ok := receiverMethods[name]; ok && strings.HasPrefix(t.val, ".") && i > 0 {
			if opener == nil {
				opener = openers(match)
			}
			if p, dyn, ok, from := receiverPath(toks, i, opener); ok {
				args, end := callArgs(lang, toks, i, match)
				if end < 0 && (lang == "ruby" || lang == "perl") {
					args, end = nil, i // Pathname.new("/x").rmtree, path("~")->remove_tree: calls without parentheses
				}
				if end >= 0 {
					recv := [][]token{{{kind: tString, val: p, dynamic: dyn}}}
					if m == chmodPM || m == moveAct {
						recv = append(recv, args...)
					}
					s.call(lang, m, t.val, recv, code[toks[from].off:toks[end].end])
				}
				continue
			}
		}
		act, ok := lookupCall(lang, name, qual)
		if !ok && lang == "r" {
			name, act, ok = rLookup(t.val)
		}
		if !ok || lang == "node" && (act == runShell || act == runPath || act == runArgv) && !usesChildProcess {
			continue
		}
		args, end := callArgs(lang, toks, i, match)
		if act == chdirAct && (lang == "perl" || lang == "ruby") && len(args) == 0 && homeChdir(toks, i, end) {
			// perl's chdir; and chdir(), ruby's Dir.chdir { … }: the home
			s.call(lang, act, t.val, [][]token{{{kind: tString, val: "~"}}}, code[t.off:t.end])
			continue
		}
		if end < 0 {
			continue // named, not called
		}
		s.opaque = s.opaque || t.computed && runsCode(act) // a name built from pieces hides what it calls
		text := code[t.off:toks[end].end]
		if lang == "perl" && name == "eval" && i+1 < len(toks) && toks[i+1].val == "{" {
			continue // eval BLOCK is not string eval
		}
		s.call(lang, act, t.val, args, text)
	}
}

// rLookup finds an R call whose name has dots of its own
// (download.file, utils::download.file): each split of the name into a
// package and a function is tried, the whole name first.
func rLookup(full string) (name string, act action, ok bool) {
	for k := 0; k <= len(full); {
		qual, name := "", full
		if k > 0 {
			qual, name = full[:k-1], full[k:]
		}
		if act, ok := lookupCall("r", name, qual); ok {
			return name, act, true
		}
		next := strings.IndexByte(full[k:], '.')
		if next < 0 {
			break
		}
		k += next + 1
	}
	return "", 0, false
}

// nodeProcessLib names a library whose exec, spawn or execa calls run
// programs; without one, a node program's own exec(…) is not a shell-out.
var nodeProcessLib = lazyRegexp(`child_process|ProcessBuilder|\bexeca\b|shelljs|\bBun\.spawn`)

// homeChdir reports a chdir at toks[i] given no directory, which perl's
// chdir and ruby's Dir.chdir take to be the home: chdir; chdir() (end is
// callArgs' end, -1 when it found no call), Dir.chdir { … }, Dir.chdir do.
func homeChdir(toks []token, i, end int) bool {
	if end > i+1 {
		return end == i+2 && toks[i+1].val == "(" // chdir()
	}
	if i+1 == len(toks) {
		return true
	}
	switch n := toks[i+1]; n.val {
	case ";", "}", "{", "do", ")":
		return n.kind == tPunct || n.val == "do"
	}
	return false
}

// awkPrinted reports whether the > at toks[gt] redirects a print or printf
// statement's output rather than compares: a print comes before it in the
// same statement.
func awkPrinted(toks []token, gt int) bool {
	for k := gt - 1; k >= 0 && gt-k < maxArgTokens; k-- {
		switch v := toks[k].val; {
		case toks[k].kind == tPunct && (v == ";" || v == "{" || v == "}"):
			return false
		case toks[k].kind == tIdent && (v == "print" || v == "printf"):
			return true
		}
	}
	return false
}

func lookup(specs []callSpec, qual string) (action, bool) {
	for _, sp := range specs {
		if sp.quals == nil {
			return sp.act, true
		}
		for _, q := range sp.quals {
			if q == qual {
				return sp.act, true
			}
		}
	}
	return 0, false
}

func splitQual(name string) (qual, last string) {
	name = strings.TrimPrefix(name, ".")
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[:i], name[i+1:]
	}
	return "", name
}

// call applies one matched call.
func (s *scanner) call(lang string, act action, name string, args [][]token, text string) {
	name = strings.TrimPrefix(name, ".")
	if len(args) == 0 {
		return
	}
	if runsCode(act) && obfuscated(args) {
		s.opaque = true
	}
	switch act {
	case runShell:
		if lang == "node" && len(args[0]) > 2 && args[0][0].val == "{" {
			s.effect(runOpts, name, args, text) // Bun.spawn({cmd: [...]})
			return
		}
		if words, dyn, ok := listWords(args[0]); ok { // subprocess.run(["rm", "-rf", p]): an argv
			if len(words) > 0 && shellOption(args[1:]) {
				s.shell(name, words[0], dyn, text) // run(["ls; id", "x"], shell=True): sh -c "ls; id" x
				return
			}
			s.shell(name, argvLine(words), dyn, text)
			return
		}
		v, dyn, ok := value(args[0])
		if !ok {
			// os.system(b64decode("…").decode()): hidden, so opaque, and
			// a literal's decoding is the command it runs
			s.opaque = true
			if d, ok := decoded(args[0]); ok {
				s.shell(name, d, false, text)
			}
			return
		}
		s.shell(name, v, dyn, text)
	case runArgv, runPath:
		var prog []token
		if act == runPath && len(args) > 1 {
			if strings.HasPrefix(splitLast(name), "spawn") {
				args = args[1:] // os.spawnlp(os.P_WAIT, file, arg0, …): the mode
			}
			prog, args = args[0], args[1:]
		}
		var words []string
		dyn, list := false, false
		for _, a := range args {
			if isOptions(a) {
				continue // {shell: true}, env hashes
			}
			if ws, d, ok := listWords(a); ok {
				words, dyn, list = append(words, ws...), dyn || d, true
				continue
			}
			v, d, ok := value(a)
			if !ok {
				s.opaque = true
				return
			}
			words, dyn = append(words, v), dyn || d
		}
		if prog != nil {
			// the program is the path, whatever argv[0] says:
			// os.execv("/bin/sh", ["ls", "-c", …]) runs sh
			v, d, ok := value(prog)
			if !ok {
				s.opaque = true
				return
			}
			if len(words) == 0 {
				words = []string{""}
			}
			words[0], dyn = v, dyn || d
		}
		if act == runArgv && shellOption(args) {
			// spawn("ls", ["; id"], {shell: true}): node joins the words
			// with spaces and gives the line to sh -c
			s.shell(name, strings.Join(words, " "), dyn, text)
			return
		}
		if len(words) > 1 || list {
			s.shell(name, argvLine(words), dyn, text) // perl system LIST: an argv, no shell
			return
		}
		s.shell(name, strings.Join(words, " "), dyn, text)
	case delFile, delTree, delDir, delMaybe:
		kind := map[action]findingKind{delFile: remove, delTree: removeAll, delDir: removeDir, delMaybe: remove}[act]
		if k := slices.IndexFunc(args[0], func(t token) bool { return t.val == ";" }); k >= 0 {
			args = append([][]token{args[0][:k], args[0][k+1:]}, args[1:]...) // julia rm(p; recursive=true)
		}
		if v, _, ok := value(args[0]); act == delMaybe && lang == "node" && ok && len(args) > 1 && strings.HasPrefix(v, "-") {
			// shelljs's rm("-rf", p…): its options first, as rm's
			if strings.ContainsAny(v, "rR") {
				kind = removeAll
			}
			for _, a := range args[1:] {
				p, dyn, ok := value(a)
				if !ok {
					p, dyn = tokensText(a), true
				}
				s.add(finding{kind: kind, call: name, arg: p, dynamic: dyn, text: text})
			}
			return
		}
		if act == delMaybe {
			if strings.HasPrefix(splitLast(name), "rmdir") {
				kind = removeDir
			}
			for _, a := range args[1:] {
				for _, t := range a {
					if t.kind == tIdent && t.val == "recursive" {
						kind = removeAll
					}
				}
			}
		}
		v, dyn, ok := value(args[0])
		if !ok {
			v, dyn = tokensText(args[0]), true
		}
		if i := strings.LastIndex(v, "**"); ok && i >= 0 && strings.Trim(v[i:], "*/") == "" {
			kind = removeAll // every file at every depth under the path: Path.home().rglob("*")
		}
		s.add(finding{kind: kind, call: name, arg: v, dynamic: dyn, text: text})
	case evalCode:
		v, dyn, ok := value(args[0])
		if !ok {
			// exec(base64.b64decode("…")): the code is hidden, so it is
			// opaque, but a literal's decoding is still read
			s.opaque = true
			if d, ok := decoded(args[0]); ok && s.depth < MaxDepth {
				s.depth++
				s.scan(lang, d)
				s.depth--
			}
			return
		}
		if dyn {
			s.opaque = true
			return
		}
		if s.depth < MaxDepth {
			s.depth++
			s.scan(lang, v)
			s.depth--
		}
	default:
		s.effect(act, name, args, text)
	}
}

func splitLast(name string) string {
	_, last := splitQual(name)
	return last
}

func (s *scanner) shell(call, cmd string, dynamic bool, text string) {
	if dynamic {
		s.opaque = true
	}
	s.add(finding{kind: shellOut, call: call, arg: cmd, dynamic: dynamic, text: text})
}

// shellOption reports a call's options that give the command to a shell:
// shell=True, {shell: true}, {shell: "/bin/bash"}.
func shellOption(args [][]token) bool {
	for _, a := range args {
		for k := 0; k+2 < len(a); k++ {
			if a[k].kind == tIdent && a[k].val == "shell" && (a[k+1].val == "=" || a[k+1].val == ":") {
				switch a[k+2].val {
				case "False", "false", "None", "null", "undefined", "0":
				default:
					return true
				}
			}
		}
	}
	return false
}

// isOptions reports an argument that is an options hash or keyword argument
// (shell=True, {stdio: 'inherit'}), not part of argv.
func isOptions(a []token) bool {
	if len(a) == 0 {
		return true
	}
	return a[0].val == "{" || len(a) > 1 && a[0].kind == tIdent && (a[1].val == "=" || a[1].val == ":")
}

// value is the static value of an argument: a string, strings joined with +
// or ., or a list of strings (joined with spaces, as argv).
func value(a []token) (string, bool, bool) {
	if len(a) == 0 {
		return "", false, false
	}
	if a[0].val == "[" && a[len(a)-1].val == "]" {
		words, dyn, ok := listWords(a)
		return strings.Join(words, " "), dyn, ok
	}
	var b strings.Builder
	dyn := false
	expectTerm := true
	for k := 0; k < len(a); k++ {
		t := a[k]
		switch {
		case expectTerm && (t.kind == tString && t.path && k+1 < len(a) && a[k+1].kind == tIdent && strings.HasPrefix(a[k+1].val, ".") ||
			t.kind != tString && (t.kind == tIdent || t.val == "(")):
			// a term; also a name bound to a path, and its methods:
			// p.joinpath("x"), tmp_path_factory.mktemp("work")
			end := termEnd(a, k)
			v, d, ok := termValue(a[k : end+1])
			if !ok {
				return "", false, false
			}
			b.WriteString(v)
			dyn = dyn || d
			k = end
		case expectTerm && t.kind == tString:
			v, d, end, ok := formatted(a, k)
			if !ok {
				return "", false, false
			}
			b.WriteString(v)
			dyn = dyn || d
			k = end
		case !expectTerm && (t.val == "+" || t.val == "." || t.val == "*" || t.val == "/" && b.Len() > 0): // julia joins with *
			switch {
			case t.val == "/":
				b.WriteByte('/') // pathlib's Path("/etc") / "passwd"
			case t.val == "." && k+1 < len(a) && a[k+1].val == "." && a[k+1].kind == tPunct:
				k++ // lua's a .. b
			}
		default:
			return "", false, false
		}
		expectTerm = !expectTerm
	}
	return b.String(), dyn, !expectTerm
}

// termEnd is the index of the last token of the term that starts with the
// identifier at a[k]: the identifier and the brackets that follow it.
func termEnd(a []token, k int) int {
	end := k
	if a[k].kind == tString && a[k].path && k+1 < len(a) && a[k+1].kind == tIdent && strings.HasPrefix(a[k+1].val, ".") {
		end++ // a path a name is bound to, and its method
	}
	if a[k].val == "(" && a[k].kind == tPunct { // a parenthesized expression: (Path.home() / ".ssh").joinpath(…)
		if end = closeOf(a, k); end < 0 {
			return len(a) - 1
		}
		if end+1 < len(a) && a[end+1].kind == tIdent && strings.HasPrefix(a[end+1].val, ".") {
			end++
		}
	}
	for end+1 < len(a) && a[end+1].kind == tPunct && (a[end+1].val == "(" || a[end+1].val == "[" || a[end+1].val == "{" && a[end].val == "$ENV") {
		depth := 0
		j := end + 1
		for ; j < len(a); j++ {
			switch a[j].val {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(a) {
			return len(a) - 1
		}
		end = j
		if end+1 < len(a) && a[end+1].kind == tIdent && strings.HasPrefix(a[end+1].val, ".") {
			end++ // Path.home().joinpath…: a method on the result
		}
	}
	return end
}

func tokensText(a []token) string {
	var parts []string
	for _, t := range a {
		parts = append(parts, t.val)
	}
	return strings.Join(parts, "")
}

// maxArgTokens bounds the tokens looked at per call, keeping scans linear.
const maxArgTokens = 256

// callArgs splits the arguments of the call whose name is toks[i], with or
// without parentheses. end is the index of the call's last token, or -1 when
// toks[i] is not called.
func callArgs(lang string, toks []token, i int, match []int) ([][]token, int) {
	if i+1 >= len(toks) {
		return nil, -1
	}
	start, end := i+2, match[i+1]
	if lang == "perl" && toks[i+1].val == "{" && end > i+1 && (toks[i].val == "system" || toks[i].val == "exec") {
		// exec {PROGRAM} LIST: the block names the program, LIST[0] only its name
		args, last := callArgs(lang, toks, end, match)
		if last < 0 || len(args) == 0 {
			return nil, -1
		}
		args[0] = toks[i+2 : end]
		return args, last
	}
	if lang == "perl" && (toks[i].val == "system" || toks[i].val == "exec") && toks[i+1].kind == tIdent && perlBareword().MatchString(toks[i+1].val) &&
		(i+2 == len(toks) || toks[i+2].val == ";" || toks[i+2].val == "}") {
		// perl exec sh: with no strict a bareword is its own name as a string
		t := toks[i+1]
		t.kind = tString
		return [][]token{{t}}, i + 1
	}
	if toks[i+1].val != "(" || end < 0 {
		// perl system "…"; ruby system "…", lua os.execute "…"
		// perl unlink glob("~/*"): a call as the first argument
		nested := lang == "perl" && toks[i+1].kind == tIdent && (i+2 < len(toks) && toks[i+2].val == "(" && match[i+2] > i+2 ||
			strings.HasPrefix(toks[i+1].val, "$")) // unlink $f, system $cmd
		// perl open F, ">/dev/sda" and open my $f, ">", P: a filehandle first
		nested = nested || lang == "perl" && toks[i].val == "open" && toks[i+1].kind == tIdent
		// ruby's FileUtils.rm_rf Dir.home: a constant's method as the first argument
		nested = nested || lang == "ruby" && toks[i+1].kind == tIdent && toks[i+1].val[0] >= 'A' && toks[i+1].val[0] <= 'Z' && toks[i].end < toks[i+1].off
		if lang != "perl" && lang != "ruby" && lang != "lua" && lang != "php" || toks[i+1].kind != tString && toks[i+1].kind != tNumber && toks[i+1].val != "[" && !nested {
			return nil, -1
		}
		start, end = i+1, i+1
		for end < len(toks) && end-start < maxArgTokens && toks[end].val != ";" && toks[end].val != ")" && toks[end].val != "}" {
			if (toks[end].val == "(" || toks[end].val == "{" || toks[end].val == "[") && match[end] > end {
				end = match[end] // over a nested call's arguments, and $ENV{HOME}, $a[0]
			}
			end++
		}
		return splitArgs(toks[start:end], match, start), end - 1
	}
	if end-start > maxArgTokens {
		return [][]token{{{kind: tPunct, val: "…"}}}, end
	}
	return splitArgs(toks[start:end], match, start), end
}

// splitArgs splits tokens at top-level commas.
func splitArgs(toks []token, match []int, base int) [][]token {
	var args [][]token
	from := 0
	for k := 0; k < len(toks); k++ {
		if m := match[base+k]; m > base+k {
			k = min(m-base, len(toks)-1)
			continue
		}
		if toks[k].val == "," || toks[k].val == "=>" {
			args = append(args, toks[from:k])
			from = k + 1
		}
	}
	if from < len(toks) {
		args = append(args, toks[from:])
	}
	return args
}

// matchBrackets pairs ( [ { with their closers: match[i] is the index of the
// closer for an opener at i, else -1.
func matchBrackets(toks []token) []int {
	match := make([]int, len(toks))
	var stack []int
	for i, t := range toks {
		match[i] = -1
		if t.kind != tPunct {
			continue
		}
		switch t.val {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			if n := len(stack); n > 0 {
				match[stack[n-1]] = i
				stack = stack[:n-1]
			}
		}
	}
	return match
}

// importAliases maps "import subprocess as sp" aliases to module names,
// and the names an ES module's default or namespace import binds (import
// ax from "axios", import * as cp from "node:child_process") to the
// module's, spelled as require's (requiredModules).
func importAliases(toks []token) map[string]string {
	var m map[string]string
	bind := func(name, module string) {
		if m == nil {
			m = make(map[string]string)
		}
		m[name] = module
	}
	esModule := func(t token) string {
		return strings.ReplaceAll(strings.TrimPrefix(t.val, "node:"), "/", ".")
	}
	for i := 0; i+3 < len(toks); i++ {
		switch {
		case toks[i].val != "import":
		case toks[i+1].kind == tIdent && toks[i+2].val == "as" && toks[i+3].kind == tIdent:
			bind(toks[i+3].val, toks[i+1].val)
		case toks[i+1].kind == tIdent && toks[i+2].val == "from" && toks[i+3].kind == tString && !toks[i+3].dynamic:
			bind(toks[i+1].val, esModule(toks[i+3]))
		case i+5 < len(toks) && toks[i+1].val == "*" && toks[i+2].val == "as" && toks[i+3].kind == tIdent && toks[i+4].val == "from" &&
			toks[i+5].kind == tString && !toks[i+5].dynamic:
			bind(toks[i+3].val, esModule(toks[i+5]))
		}
	}
	return m
}

// resolvedText is code written out again with the names the alias model
// resolved in place (bindNames' bindings, importAliases, fromImports):
// import requests as r; u = "URL"; r.delete(u) reads
// requests.delete('URL'), for the patterns read on the text of the code
// (httpDeleteCall), which see the module's own name.
func resolvedText(toks []token, aliases, imported map[string]string) string {
	var b strings.Builder
	for i, t := range toks {
		v := t.val
		switch t.kind {
		case tIdent:
			if full, ok := imported[v]; ok {
				v = full
			}
			if qual, rest, dotted := strings.Cut(v, "."); qual != "" {
				if a, ok := aliases[qual]; ok {
					v = a
					if dotted {
						v += "." + rest
					}
				}
			}
			if i > 0 && (toks[i-1].kind == tIdent || toks[i-1].kind == tNumber) && !strings.HasPrefix(v, ".") {
				b.WriteByte(' ')
			}
		case tNumber:
			if i > 0 && (toks[i-1].kind == tIdent || toks[i-1].kind == tNumber) {
				b.WriteByte(' ')
			}
		case tString:
			v = "'" + v + "'"
		case tShell:
			v = "``"
		}
		b.WriteString(v)
	}
	return b.String()
}

// tokenize splits code into identifiers, strings and punctuation. It knows
// each language's comments, quotes and interpolation well enough to keep
// strings and code apart.
func tokenize(lang, code string) []token {
	var toks []token
	hashComments := lang != "node" && lang != "lua"
	for i := 0; i < len(code); {
		c := code[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '#' && hashComments && !(lang == "perl" && i > 0 && code[i-1] == '$'),
			c == '/' && i+1 < len(code) && code[i+1] == '/' && (lang == "node" || lang == "php"),
			c == '-' && i+1 < len(code) && code[i+1] == '-' && lang == "lua":
			for i < len(code) && code[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(code) && code[i+1] == '*' && (lang == "node" || lang == "php"):
			end := strings.Index(code[i+2:], "*/")
			if end < 0 {
				i = len(code)
			} else {
				i += end + 4
			}
		case c == '"' || c == '\'' || c == '`':
			t := quoted(lang, code, i, "")
			if c == '`' && lang == "node" && len(toks) > 0 && toks[len(toks)-1].kind == tIdent &&
				(toks[len(toks)-1].val == "$" || strings.HasSuffix(toks[len(toks)-1].val, ".$")) {
				// $`cmd` (zx, import { $ } from "bun") and Bun.$`cmd`: a
				// template tagged with the shell runs its text as a command
				t.kind = tShell
			}
			toks = append(toks, t)
			i = t.end
		case lang == "lua" && c == '[' && i+1 < len(code) && (code[i+1] == '[' || code[i+1] == '='):
			t, ok := longBracket(code, i)
			if !ok {
				toks = append(toks, token{kind: tPunct, val: "[", off: i, end: i + 1})
				i++
				continue
			}
			toks = append(toks, t)
			i = t.end
		case lang == "ruby" && c == '%' && i+2 < len(code) && strings.IndexByte("xqQwW(", code[i+1]) >= 0 &&
			(!afterValue(toks) || toks[len(toks)-1].kind == tIdent && code[i-1] == ' '): // puts %x(id)
			t := percentLiteral(code, i)
			toks = append(toks, t)
			i = t.end
		case isIdentStart(c) || c == '$' || c == '@' && (lang == "perl" || lang == "ruby"):
			t := ident(lang, code, i)
			i = t.end
			if t.val == "q" || t.val == "qq" || t.val == "qw" || t.val == "qx" {
				if lang == "perl" {
					if q, ok := perlQuote(code, i, t); ok {
						if t.val == "qw" { // a list of words: system(qw(rm -rf), $dir)
							toks = append(toks, wordList(q)...)
						} else {
							toks = append(toks, q)
						}
						i = q.end
						continue
					}
				}
			}
			if lang == "python" && i < len(code) && (code[i] == '"' || code[i] == '\'') && len(t.val) <= 2 &&
				strings.Trim(strings.ToLower(t.val), "rbfu") == "" {
				q := quoted(lang, code, i, strings.ToLower(t.val))
				q.off = t.off
				toks = append(toks, q)
				i = q.end
				continue
			}
			toks = append(toks, t)
		case c == '.' && i+1 < len(code) && isIdentStart(code[i+1]) && afterValue(toks):
			t := ident(lang, code, i+1)
			t.val, t.off = "."+t.val, i
			toks = append(toks, t)
			i = t.end
		case c == '-' && lang == "perl" && i+2 < len(code) && code[i+1] == '>' && isIdentStart(code[i+2]) && afterValue(toks):
			t := ident(lang, code, i+2) // path("~")->remove_tree: a method of a call's value, as .m
			t.val, t.off = "."+t.val, i
			toks = append(toks, t)
			i = t.end
		case c >= '0' && c <= '9':
			j := i
			for j < len(code) && (isIdentChar(code[j]) || code[j] == '.') {
				j++
			}
			toks = append(toks, token{kind: tNumber, val: code[i:j], off: i, end: j})
			i = j
		case c == '<' && lang == "perl" && perlGlob().MatchString(code[i:]):
			m := perlGlob().FindString(code[i:]) // unlink <~/*>: the glob operator
			toks = append(toks, token{kind: tString, val: m[1 : len(m)-1], off: i, end: i + len(m)})
			i += len(m)
		case c == '=' && i+1 < len(code) && code[i+1] == '>':
			toks = append(toks, token{kind: tPunct, val: "=>", off: i, end: i + 2})
			i += 2
		default:
			toks = append(toks, token{kind: tPunct, val: code[i : i+1], off: i, end: i + 1})
			i++
		}
	}
	return toks
}

// perlGlob is perl's <PATTERN> glob operator, told from a filehandle read
// (<STDIN>, <$fh>) and a comparison by the pattern's characters.
// perlBareword is a word perl takes as a string when nothing declares it.
var perlBareword = lazyRegexp(`^[a-z][a-z0-9_]*$`)

var perlGlob = lazyRegexp(`^<[~/.\w$*?{},\[\]-]*[*?~/][~/.\w$*?{},\[\]-]*>`)

// afterValue reports whether the previous token ends a value, so that a
// following "." is member access and "%" is modulo.
func afterValue(toks []token) bool {
	if len(toks) == 0 {
		return false
	}
	t := toks[len(toks)-1]
	return t.kind == tIdent || t.kind == tString || t.kind == tNumber || t.val == ")" || t.val == "]"
}

func isIdentStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdentChar(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// ident reads an identifier chain: a.b.c, A::B, $obj->m, sigils included.
func ident(lang, code string, i int) token {
	start := i
	var b strings.Builder
	if code[i] == '$' || code[i] == '@' {
		b.WriteByte(code[i])
		i++
	}
	for {
		j := i
		for j < len(code) && isIdentChar(code[j]) {
			j++
		}
		b.WriteString(code[i:j])
		i = j
		switch {
		case i+1 < len(code) && code[i] == '.' && isIdentStart(code[i+1]) && lang != "perl" && lang != "php":
			b.WriteByte('.')
			i++
		case i+2 < len(code) && code[i] == ':' && code[i+1] == ':' && isIdentStart(code[i+2]),
			i+2 < len(code) && code[i] == '-' && code[i+1] == '>' && isIdentStart(code[i+2]):
			b.WriteByte('.')
			i += 2
		default:
			return token{kind: tIdent, val: b.String(), off: start, end: i}
		}
	}
}

// quoted reads a string starting at code[i] (a quote). prefix holds python
// string prefixes (r, b, f, u).
func quoted(lang, code string, i int, prefix string) token {
	q := code[i]
	delim := code[i : i+1]
	if lang == "python" && strings.HasPrefix(code[i:], strings.Repeat(delim, 3)) {
		delim = strings.Repeat(delim, 3)
	}
	start := i
	i += len(delim)
	rawString := strings.Contains(prefix, "r") || q == '\'' && lang != "python" && lang != "node" && lang != "lua"
	var b strings.Builder
	fstring := lang == "python" && strings.Contains(prefix, "f")
	depth := 0 // of an f-string's {expressions}, whose strings may reuse its quote (PEP 701)
	for i < len(code) && (depth > 0 || !strings.HasPrefix(code[i:], delim)) {
		if fstring {
			switch c := code[i]; {
			case c == '{' && depth == 0 && i+1 < len(code) && code[i+1] == '{':
				b.WriteString("{{")
				i += 2
				continue
			case c == '{':
				depth++
			case c == '}' && depth > 0:
				depth--
			case (c == '"' || c == '\'') && depth > 0:
				inner := quoted(lang, code, i, "")
				b.WriteString(code[i:inner.end])
				i = inner.end
				continue
			}
		}
		if code[i] == '\\' && i+1 < len(code) {
			if rawString {
				if lang != "python" && (code[i+1] == q || code[i+1] == '\\') {
					b.WriteByte(code[i+1]) // \' and \\ in perl/ruby/php single quotes
				} else {
					b.WriteString(code[i : i+2])
				}
				i += 2
				continue
			}
			j := min(backslashEnd(code, i, false), len(code))
			s, _ := backslashes(code[i:j], false)
			b.WriteString(s)
			i = j
			continue
		}
		b.WriteByte(code[i])
		i++
	}
	end := min(i+len(delim), len(code))
	val := b.String()
	t := token{kind: tString, val: val, off: start, end: end}
	switch {
	case lang == "python":
		t.dynamic = strings.Contains(prefix, "f") && strings.Contains(val, "{")
	case q == '`' && lang == "node":
		t.dynamic = strings.Contains(val, "${")
	case q == '`':
		t.kind = tShell
		t.dynamic = interpolates(lang, val)
	case q == '"':
		t.dynamic = interpolates(lang, val)
	}
	if t.dynamic {
		t.val, t.dynamic = interpolated(lang, val)
	}
	return t
}

// interpolates reports whether a double-quoted string of lang expands
// variables or code.
func interpolates(lang, s string) bool {
	switch lang {
	case "perl", "php":
		for i := 0; i+1 < len(s); i++ {
			if (s[i] == '$' || s[i] == '@' && lang == "perl") && (isIdentStart(s[i+1]) || s[i+1] == '{') {
				return true
			}
		}
	case "ruby":
		return strings.Contains(s, "#{")
	case "julia":
		return strings.Contains(s, "$")
	}
	return false
}

// longBracket reads a lua [[…]] or [==[…]==] string.
func longBracket(code string, i int) (token, bool) {
	j := i + 1
	for j < len(code) && code[j] == '=' {
		j++
	}
	if j >= len(code) || code[j] != '[' {
		return token{}, false
	}
	closer := "]" + strings.Repeat("=", j-i-1) + "]"
	body := j + 1
	k := strings.Index(code[body:], closer)
	if k < 0 {
		return token{kind: tString, val: code[body:], off: i, end: len(code)}, true
	}
	return token{kind: tString, val: code[body : body+k], off: i, end: body + k + len(closer)}, true
}

// perlQuote reads q{…} qq{…} qw{…} qx{…} after the operator at t.
func perlQuote(code string, i int, t token) (token, bool) {
	for i < len(code) && (code[i] == ' ' || code[i] == '\t') {
		i++
	}
	if i >= len(code) || isIdentChar(code[i]) || strings.IndexByte(" \t\n=,;)", code[i]) >= 0 {
		return token{}, false
	}
	body, end := delimited(code, i)
	q := token{kind: tString, val: body, off: t.off, end: end}
	switch t.val {
	case "qx":
		q.kind = tShell
		q.dynamic = code[i] != '\'' && interpolates("perl", body)
	case "qq":
		q.dynamic = interpolates("perl", body)
	}
	if q.dynamic {
		q.val, q.dynamic = interpolated("perl", body)
	}
	return q, true
}

// percentLiteral reads ruby %x(…) %q(…) %Q(…) %w(…) %(…).
func percentLiteral(code string, i int) token {
	kind := byte('Q')
	j := i + 1
	if code[j] != '(' {
		kind = code[j]
		j++
	}
	body, end := delimited(code, j)
	t := token{kind: tString, val: body, off: i, end: end}
	switch kind {
	case 'x':
		t.kind, t.dynamic = tShell, interpolates("ruby", body)
	case 'Q', 'W':
		t.dynamic = interpolates("ruby", body)
	}
	if t.dynamic {
		t.val, t.dynamic = interpolated("ruby", body)
	}
	return t
}

// delimited reads text between the delimiter at code[i] and its closer,
// nesting paired brackets.
func delimited(code string, i int) (string, int) {
	if i >= len(code) {
		return "", len(code)
	}
	open := code[i]
	closer := open
	if k := strings.IndexByte("([{<", open); k >= 0 {
		closer = ")]}>"[k]
	}
	depth := 1
	for j := i + 1; j < len(code); j++ {
		switch code[j] {
		case '\\':
			j++
		case closer:
			depth--
			if depth == 0 {
				return code[i+1 : j], j + 1
			}
		case open:
			depth++
		}
	}
	return code[i+1:], len(code)
}

// powershell looks at PowerShell statements: Invoke-Expression, Remove-Item
// -Recurse, cmd /c, and downloads piped into iex.
func (s *scanner) powershell(code string) {
	lower := strings.ToLower(code)
	if (strings.Contains(lower, "iex") || strings.Contains(lower, "invoke-expression")) &&
		(strings.Contains(lower, "downloadstring") || strings.Contains(lower, "invoke-webrequest") ||
			strings.Contains(lower, "invoke-restmethod") || strings.Contains(lower, "iwr ") || strings.Contains(lower, "irm ")) {
		s.remote, s.opaque = true, true
	}
	for _, m := range psDelete().FindAllStringSubmatch(code, -1) {
		// [IO.Directory]::Delete($HOME, $true), [System.IO.File]::Delete(…)
		kind, arg := remove, strings.Trim(strings.TrimSpace(m[2]), `"'`)
		if m[1] == "Directory" {
			kind = removeAll
		}
		if arg == "$HOME" || arg == "$env:HOME" || arg == "~" {
			arg = "~"
		}
		s.add(finding{kind: kind, call: "[IO." + m[1] + "]::Delete", arg: arg, dynamic: strings.Contains(arg, "$"), text: m[0]})
	}
	// Statements end at ; and newlines, and a script block's braces
	// (& { … }, Start-Job { … }) hold statements of their own.
	for _, line := range strings.FieldsFunc(code, func(r rune) bool { return r == ';' || r == '\n' || r == '{' || r == '}' }) {
		s.psStatement(line)
	}
}

// psStatement reads one PowerShell statement, a pipeline of elements: its
// cmdlets, and the native programs it runs, which run as they would from a
// shell: the statement is judged as a shell line when an element is one.
func (s *scanner) psStatement(line string) {
	native := false
	listed := "" // what a Get-ChildItem before this element lists: PATH/*
	for _, stmt := range strings.Split(line, "|") {
		words := psWords(stmt)
		if len(words) > 0 && (words[0] == "&" || words[0] == ".") {
			// the call operator: & CMD ARGS, & "path" ARGS; & { … } calls
			// the block that follows (its statements are read on their
			// own); a computed name (& ("Remove"+"-Item"), & $x) is code
			// hguard cannot see
			if len(words) == 1 {
				continue
			}
			if rest := strings.TrimSpace(strings.TrimSpace(stmt)[1:]); strings.HasPrefix(rest, "(") || strings.HasPrefix(words[1], "$") {
				s.opaque = true
				continue
			}
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		if t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(stmt), "&. ")); psNative(words[0]) && !strings.HasPrefix(t, `"`) && !strings.HasPrefix(t, "'") {
			native = true // a quoted string first is output ("item $_"), not a command
		}
		switch strings.ToLower(words[0]) {
		case "iex", "invoke-expression":
			if len(words) < 2 || strings.HasPrefix(words[1], "$") || strings.HasPrefix(words[1], "(") {
				s.opaque = true
			} else if s.depth < MaxDepth {
				s.depth++
				s.powershell(strings.Join(words[1:], " "))
				s.depth--
			}
		case "remove-item", "rm", "ri", "del", "erase", "rd", "rmdir":
			kind, path := remove, ""
			for k := 1; k < len(words); k++ {
				lw := strings.ToLower(words[k])
				switch {
				case strings.HasPrefix(lw, "-r"):
					kind = removeAll
				case lw == "-path" || lw == "-literalpath":
					if k+1 < len(words) {
						k++
						path = words[k]
					}
				case strings.HasPrefix(lw, "-"):
				case path == "":
					path = words[k]
				}
			}
			if path == "" {
				path = listed // Get-ChildItem ~ | Remove-Item: each item listed
			}
			if path != "" {
				s.add(finding{kind: kind, call: words[0], arg: path, dynamic: strings.Contains(path, "$"), text: strings.TrimSpace(stmt)})
			}
		case "cmd", "cmd.exe":
			if len(words) > 2 && strings.EqualFold(words[1], "/c") {
				s.shell(words[0], strings.Join(words[2:], " "), false, strings.TrimSpace(stmt))
			}
		case "stop-computer":
			s.shell(words[0], "shutdown -h now", false, strings.TrimSpace(stmt)) // as the system's own
		case "restart-computer":
			s.shell(words[0], "reboot", false, strings.TrimSpace(stmt))
		}
		listed = ""
		if h := strings.ToLower(words[0]); h == "get-childitem" || h == "gci" || h == "dir" {
			for _, w := range words[1:] {
				if !strings.HasPrefix(w, "-") {
					if w == "$HOME" || w == "$env:HOME" {
						w = "~"
					}
					listed = strings.TrimSuffix(w, "/") + "/*"
					break
				}
			}
		}
	}
	if native {
		text := strings.TrimSpace(line)
		text = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(text, "&"), "."))
		s.shell("pwsh native", text, false, text)
	}
}

// psDelete matches .NET's delete of a directory or a file.
var psDelete = lazyRegexp(`(?i)\[(?:System\.)?IO\.(Directory|File)\]::Delete\(\s*([^,)]+)`)

// psCmdlet matches a cmdlet's or a function's Verb-Noun name.
var psCmdlet = lazyRegexp(`^[A-Za-z]+-[A-Za-z]\w*`)

// psNative reports a statement's first word that names a native program:
// no cmdlet (Verb-Noun), keyword, alias of a cmdlet, variable, type,
// expression or option. PowerShell on Linux and macOS has no ls, rm, cp,
// mv or cat alias: those are the system's programs.
func psNative(w string) bool {
	if w == "" || strings.ContainsAny(w[:1], "$[(@-'\"0123456789+!%?<>=") || strings.HasSuffix(w, ":") {
		return false
	}
	if psCmdlet().MatchString(w) || strings.ContainsAny(w, "()") {
		return false // Verb-Noun, (…).member
	}
	return !psWordsNotNative.has(strings.ToLower(w))
}

// psWordsNotNative are PowerShell's keywords and the aliases of its
// cmdlets that every platform has.
var psWordsNotNative = set("if", "elseif", "else", "foreach", "for", "while", "do", "until", "switch", "function", "filter",
	"param", "begin", "process", "end", "try", "catch", "finally", "trap", "return", "break", "continue", "throw", "exit",
	"class", "enum", "using", "data", "dynamicparam", "workflow", "in", "iex", "iwr", "irm", "gci", "gc", "sc", "ri", "rd",
	"del", "erase", "cls", "gm", "ft", "fl", "select", "where", "measure", "group", "sls", "ni", "si", "gi", "ii", "cpi", "mi",
	"rni", "sal", "saps", "start", "gps", "spps", "gsv", "sasv", "spsv", "write", "echo", "cd", "chdir", "pwd", "sleep",
	"clear", "dir", "type", "copy", "move", "ren", "popd", "pushd", "h", "history", "r", "icm", "ipmo", "gal", "gcm", "ghy",
	"iwmi", "gwmi", "nal", "epal", "ipal", "gv", "sv", "rv", "clv", "ogv", "oh", "fc", "fw", "gu", "tee", "sort", "compare", "diff",
	"rmdir", "md", "mkdir", "ac", "clc", "cli", "clp", "cvpa", "dbp", "ebp", "gbp", "gcs", "gdr", "gjb", "gl", "gp", "gpv",
	"gsn", "gtz", "rcjb", "rjb", "rp", "rsn", "sbp", "scb", "sl", "sp", "spjb", "sajb", "wjb", "nsn", "etsn", "exsn", "nmo",
	"ise", "curl", "wget", "kill", "ps", "man", "help", "more", "ls", "rm", "cp", "mv", "cat", "mount", "lp")

// psWords splits a PowerShell statement into words, removing quotes.
func psWords(s string) []string {
	var words []string
	var b strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, b.String())
	}
	return words
}
