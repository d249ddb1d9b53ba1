package cmdline

import (
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Before is what the earlier lines of a line's session left behind: an
// agent that splits echo 'rm -rf ~' > x.sh; bash x.sh (or curl -o i.sh
// URL && bash i.sh) into two commands is judged as if it had typed one.
// The zero Before is a line on its own.
type Before struct {
	// Cwd is the absolute directory the line starts in; "" when unknown.
	// Relative paths the line names are resolved against it.
	Cwd string
	// Fetched are the paths earlier lines filled from the network (their
	// Line.Fetched), absolute or under ~/: code the line runs from there
	// is marked remote, as if it had been fetched on this line.
	Fetched []string
	// Written returns a file that earlier lines of the session wrote or
	// changed, given as the line resolves it (absolute, or ~/…; a glob,
	// bash x.s?, gives every such file it matches, one after another, and
	// DIR/**/NAME those under DIR at any depth as a test runner collects
	// them, NAME one pattern or several parted by "|"): ok
	// is false for any other file, which stays as unknown as on a line of
	// its own. A script the line runs from such a file (sh x.sh, ./x.sh,
	// python3 x.py) is read as if the line had written it. The caller
	// does the reading, so that the model itself reads nothing but the
	// line.
	Written func(path string) (f EarlierFile, ok bool)
	// Project says Written also gives the project's own files, which the
	// session did not write (hguard's second pass over a line, project.go):
	// the local modules a test imports are then not followed, being the
	// project's code under test (followPyModules).
	Project bool
	// Path are the directories earlier lines put first on PATH
	// (Line.PathDirs): a bare name the line runs from a file the session
	// wrote there is read as that file, as from a bin directory
	// (UserBinDirs). A relative one is where the command runs.
	Path []string
	// Aliases and Funcs are the aliases and functions earlier lines
	// defined (Line.Aliases, Line.Funcs): the line runs them where it
	// uses them, as if it had defined them itself.
	Aliases map[string]string
	Funcs   map[string]string
	// Containers are the bind mounts of the containers earlier lines
	// started with a name (Line.Containers): what the line runs in one
	// (docker exec NAME CMD) is judged besides with its paths under a
	// mount written as the host's.
	Containers map[string][]Mount
	// Exports are the variables earlier lines set that the model
	// follows (Line.Exports): the line's git commands run with those
	// that say where git's configuration is, its compose commands with
	// COMPOSE_PROFILES.
	Exports map[string]string
	// Facts tells of a file on disk, given as the line resolves it
	// (absolute, or ~/…), what the model needs of a file it does not
	// read as text: whether it is a symbolic link, and the SHA-256 of a
	// regular file's bytes (a wrapper's jar, buildwrappers.go). ok is
	// false when there is no such file, or the caller does not say.
	Facts func(path string) (f FileFacts, ok bool)
}

// FileFacts are what Before.Facts tells of a file.
type FileFacts struct {
	Link   bool   // a symbolic link
	SHA256 string // hex, of a regular file's bytes ("" when not read: too large, unreadable)
}

// EarlierFile is a file an earlier line of the session wrote or changed.
type EarlierFile struct {
	Text string
	// Whole says Text is the file's whole content. A file too large or
	// unreadable is not: what it runs is then unknown (dynamic).
	Whole bool
	// Partial says Text holds whole files but not every file a pattern
	// matches (a walk cut short at its bounds): what the rest run is
	// unknown, and the runner that collects them says so (pytestFiles).
	Partial bool
	// Dirs are the directories of the files a pattern's matches Text
	// holds (DIR/**/NAME), each once, in the order read: where a test
	// runner that collects them puts them on sys.path.
	Dirs []string
}

// earlierFile returns a file earlier lines of the session wrote, which the
// line names as file: through Before.Written, once per path and line.
func (w *walker) earlierFile(file string) (Input, bool) {
	if w.before.Written == nil || file == "" {
		return Input{}, false
	}
	p := w.at(file)
	if p == "" {
		return Input{}, false
	}
	if in, ok := w.earlier[p]; ok {
		return in, in.From != ""
	}
	if w.earlier == nil {
		w.earlier = map[string]Input{}
	}
	var in Input
	if f, ok := w.before.Written(p); ok {
		in = Input{Kind: "file", From: p, Text: f.Text, Static: f.Whole}
		if !f.Whole {
			in.Text = ""
		}
		if len(f.Dirs) > 0 {
			if w.earlierDirs == nil {
				w.earlierDirs = map[string][]string{}
			}
			w.earlierDirs[p] = f.Dirs
		}
		if f.Partial {
			if w.partial == nil {
				w.partial = map[string]bool{}
			}
			w.partial[p] = true
		}
	}
	w.earlier[p] = in
	return in, in.From != ""
}

// runsEarlier follows a script that an earlier line of the session wrote
// or changed and that c runs: sh FILE, source FILE, bash < FILE, ./FILE,
// python3 FILE (the interpreters scriptOf knows). Its text is walked as
// the line's, as a file written earlier on the same line is (runsWritten);
// a shell script in its shell's grammar, one with a #! line for another
// interpreter as that language's inline code.
func (w *walker) runsEarlier(c *Command, args []field, cx ctx) {
	given := false
	if !c.Dynamic && c.Untrusted == "" {
		w.givenRemote(c, args)
	}
	if !c.Dynamic && c.Untrusted == "" && (w.before.Written != nil || len(w.files) > 0) {
		// the long tail (runners.go), for files written on this line too;
		// with none written, there is nothing for it to read
		given = w.runsGiven(c, args, cx)
		w.runsScriptDir(c, args, cx)
		w.runsCodeFiles(c, cx)
		w.runsLoaded(c, args, cx)
		w.runsGivenEarlier(c, args, cx)
		w.runsProgramOption(c, args, cx)
		w.runsProjects(c, args, cx)
		w.runsProjectPackages(c, args, cx)
	}
	// find -exec and the runners of a project's files (pytest's
	// conftest.py, nox's noxfile.py) also run what this line wrote
	sameLine := len(w.files) > 0 && (c.Name == "find" || runnerFiles(program(c.Name)) != nil || interpreter(c.Name) != "")
	if w.before.Written == nil && !sameLine || c.Dynamic || c.Untrusted != "" {
		return
	}
	if slices.ContainsFunc(c.Wrappers, func(x Wrapper) bool { return x.Name == "xargs" }) {
		// echo x.sh | xargs bash: xargs' input is among the arguments
		args = args[:0:0]
		for _, a := range c.Args {
			args = append(args, field{Word: a})
		}
	}
	var file string
	var in Input
	imports := false // a module an interpreter imports: one written on this line too
	is := func(a field) bool {
		v := homeSpelled(pwdRelative(a)) // bash "$PWD/x.sh", bash $HOME/x.sh too
		if v != "" && imports && w.writtenHere(v) {
			in, _, _ = w.fileInput(v)
			file = v
			return true
		}
		if v == "" || w.writtenHere(v) {
			return false // a file written on this line is runsWritten's
		}
		if f, ok := w.earlierFile(v); ok {
			file, in = v, f
			return true
		}
		// cp x.sh y.sh && bash y.sh: a copy made on this line of a
		// file written before it
		if src, ok := w.copiedFrom[path.Clean(v)]; ok && !w.writtenHere(src) {
			if f, ok := w.earlierFile(src); ok {
				file, in = src, f
				return true
			}
		}
		return false
	}
	if c.Path == c.Name && c.Name != "" && slices.ContainsFunc(w.binDirs(), func(d string) bool { return is(field{Word: Word{Value: d + "/" + c.Name}}) }) {
		// a bare name: a script the session put in a bin directory on
		// PATH (cp x.sh ~/.local/bin/x, or export PATH=./bin:$PATH and
		// bin/ls, then ls) runs in its place; what the name's program
		// would run is followed below besides
		w.runEarlier(c, file, in, shebangLang(in.Text), cx)
		file, in = "", Input{}
	}
	lang := ""
	switch {
	case c.Name == "find":
		file, in, lang = w.findRunsEarlier(args)
		if file == "" {
			return
		}
	case given && !(strings.Contains(c.Path, "/") && is(field{Word: Word{Value: c.Path}})):
		return // the file it was given is read (runsGiven)
	case program(c.Name) == "node" && nodeTestRun(args):
		w.buildRunsEarlier(c, "node --test", args, cx)
		return
	case runnerFiles(program(c.Name)) != nil:
		if strings.Contains(c.Path, "/") && is(field{Word: Word{Value: c.Path}}) {
			// ./gradlew, ./mvnw, node_modules/.bin/jest: the project's
			// own copy of the runner is a script that runs first, before
			// it reads the runner's files (red team rt63); the official
			// wrapper texts run the tool itself (buildwrappers.go)
			if !w.runsOfficialWrapper(c, c.Path, in) {
				w.runEarlier(c, file, in, shebangLang(in.Text), cx)
			}
		}
		w.buildRunsEarlier(c, program(c.Name), args, cx)
		return
	case strings.Contains(c.Path, "/") && is(field{Word: Word{Value: c.Path}}):
		// ./x.sh; /bin/sh x.sh is the shell's case below
		lang = shebangLang(in.Text)
		if lang == "" && in.Static && makeShebang(in.Text) {
			// #!/usr/bin/make -f: its recipes run
			w.nested(c, makeRecipeText(in.Text), "make recipe in file "+file+" written by an earlier command", cx, false)
			return
		}
		if line, ok := parallelShebangCommand(in.Text); lang == "" && in.Static && ok {
			// #!/usr/bin/parallel --shebang -r CMD: CMD runs with each
			// line of the script, as parallel CMD :::: SCRIPT
			w.nested(c, line+" :::: "+shellQuote(file), "parallel --shebang in file "+file+" written by an earlier command", cx, false)
			return
		}
	case shells.has(program(c.Name)) || c.Name == "source" || c.Name == ".":
		if runs, _ := w.scriptOf(c, args, is, nil); !runs {
			if dynamicScript(args) {
				// ls *.sh | while read f; do bash $f; done: which
				// script runs is known at run time only, and the
				// session wrote scripts where it runs
				if _, ok := w.earlierFile("*.sh"); ok {
					c.Untrusted = "dynamic"
				}
			}
			return
		}
		if w.shellRunsOfficialWrapper(c, args, file, in, cx) {
			return
		}
		lang = "sh"
	case scriptShells.has(program(c.Name)):
		// nu x.sh, pwsh -File x.ps1: their scripts run programs as a
		// shell script's lines do, and are read as one (PowerShell's
		// also as its own language)
		if runs, _ := w.scriptOf(c, args, is, nil); !runs {
			return
		}
		if interpreter(c.Name) == "powershell" {
			w.runEarlier(c, file, in, "powershell", cx)
		}
		lang = "sh"
	case interpreter(c.Name) == "python" && moduleRunner(args) != "":
		// python3 -m pytest: the runner's files; and a pytest.py written
		// where it runs, which python3 -m finds first (the directory it
		// starts in leads sys.path)
		imports = true
		if pythonModuleFiles(moduleRunner(args), is) {
			imports = false
			w.runEarlier(c, file, in, "python", cx)
		}
		imports = false
		w.buildRunsEarlier(c, moduleRunner(args), args, cx)
		return
	case interpreter(c.Name) != "":
		// python3 -m evil runs evil.py (or evil/__main__.py); python3 -m
		// json.tool imports json.py (or json/__init__.py) first
		// modules reports the files importing name runs that the
		// session wrote: a package's __init__.py and its submodule's own
		// file (import pkg.tools runs both). The first is read whole, as
		// an imported module always was; one after it what runs on
		// import (its top level and fixed calls, as a test's imports
		// are read), but for the module -m runs as __main__. Each but
		// the last is walked here, the last left in file.
		modules := func(name string, main bool) bool {
			if name == "" || strings.ContainsAny(name, "/$`*?[") {
				return false
			}
			type found struct {
				file string
				in   Input
			}
			var runs []found
			for _, p := range pythonModulePaths(name) {
				imports = true
				ok := is(field{Word: Word{Value: p}})
				imports = false
				if ok && !slices.ContainsFunc(runs, func(f found) bool { return f.file == file }) {
					runs = append(runs, found{file, in})
				}
			}
			for i := range runs {
				if f := &runs[i]; i > 0 && !(main && i == len(runs)-1) && f.in.Static {
					f.in.Text = pyTopLevel(f.in.Text) + pyFixedCalls(f.in.Text)
				}
				if i < len(runs)-1 {
					w.runEarlier(c, runs[i].file, runs[i].in, "python", cx)
				}
			}
			if len(runs) == 0 {
				return false
			}
			file, in = runs[len(runs)-1].file, runs[len(runs)-1].in
			return true
		}
		module := func(name string) bool { return modules(name, false) }
		if runs, _ := w.scriptOf(c, args, is, func(name string) bool { return modules(name, true) }); !runs {
			// python3 -c 'import evil' imports ./evil.py before any
			// installed module of that name
			if c.Payload != nil && c.Payload.Lang == "python" {
				for _, m := range pythonModules(c.Payload.Code) {
					if module(m) {
						w.runEarlier(c, file, in, "python", cx)
					}
				}
			}
			if c.Payload != nil && c.Payload.Lang == "node" {
				// node -e 'require("./e.js")' runs the file it names
				for _, m := range nodeRequires().FindAllStringSubmatch(c.Payload.Code, 16) {
					name := m[1] + m[2] // one of the two is set
					for _, f := range []string{name, name + ".js", name + "/index.js"} {
						imports = true
						found := is(field{Word: Word{Value: f}})
						imports = false
						if found {
							w.runEarlier(c, file, in, "node", cx)
							break
						}
					}
				}
			}
			return
		}
		lang = interpreter(c.Name)
		if strings.HasSuffix(file, ".py") {
			lang = "python"
		}
	case c.Name == "git":
		// git commit runs .git/hooks/pre-commit, which the session may
		// have written by a means hguard does not follow; every hook it
		// runs is read, not the first found
		for _, h := range w.gitHooks(args) {
			if is(field{Word: Word{Value: h}}) {
				w.runEarlier(c, file, in, shebangLang(in.Text), cx)
			}
		}
		return
	default:
		return
	}
	w.runEarlier(c, file, in, lang, cx)
}

// pythonModuleFiles reports whether is holds for a file Python runs to
// import the dotted module name from the directory that leads sys.path:
// each enclosing package first (a.py or a/__init__.py for a.b, then
// a/b.py or a/b/__init__.py for a.b.c), then the module itself (.py, or a
// package's __init__.py and, run with -m, its __main__.py). A file found
// there is imported in place of the installed module of that name.
func pythonModuleFiles(name string, is func(field) bool) bool {
	return slices.ContainsFunc(pythonModulePaths(name), func(p string) bool { return is(field{Word: Word{Value: p}}) })
}

// pythonModulePaths are the files pythonModuleFiles looks at, in order.
func pythonModulePaths(name string) []string {
	parts := strings.Split(name, ".")
	out := make([]string, 0, 2*len(parts)+1)
	for i := range parts {
		p := strings.Join(parts[:i+1], "/")
		out = append(out, p+".py", p+"/__init__.py")
	}
	return append(out, strings.Join(parts, "/")+"/__main__.py")
}

// scriptShells are the shells outside sh's family that run a script
// given as their operand (pwsh and powershell with or without -File).
var scriptShells = set("nu", "xonsh", "elvish", "pwsh", "powershell", "ion", "murex", "oil", "osh", "ysh")

// UserBinDirs are the directories on an everyday PATH, ahead of the
// system's, where a user (and so an agent) can put a program without sudo
// (and /usr/local's): a file there runs by its bare name, in the place of
// any program of that name further on.
var UserBinDirs = []string{"~/.local/bin", "~/bin", "~/.bin", "~/go/bin", "~/.cargo/bin", "~/.npm-global/bin", "~/.deno/bin",
	"~/.bun/bin", "~/.volta/bin", "~/.yarn/bin", "~/.nix-profile/bin", "/usr/local/bin", "/usr/local/sbin",
	"/opt/homebrew/bin", "/opt/homebrew/sbin", "/opt/local/bin"}

// verifyHooks are the hooks --no-verify bypasses.
var verifyHooks = map[string]bool{"pre-commit": true, "commit-msg": true, "pre-merge-commit": true, "pre-push": true}

// gitRunsHooks are the hooks (in .git/hooks) each git command runs.
var gitRunsHooks = map[string][]string{
	"commit":      {"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "post-rewrite"},
	"merge":       {"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge"},
	"pull":        {"pre-merge-commit", "prepare-commit-msg", "commit-msg", "post-merge", "post-checkout", "post-rewrite"},
	"push":        {"pre-push", "reference-transaction"},
	"checkout":    {"post-checkout"},
	"switch":      {"post-checkout"},
	"rebase":      {"pre-rebase", "post-rewrite", "post-checkout"},
	"am":          {"applypatch-msg", "pre-applypatch", "post-applypatch", "post-rewrite"},
	"cherry-pick": {"prepare-commit-msg", "commit-msg", "post-commit"},
	"revert":      {"prepare-commit-msg", "commit-msg", "post-commit"},
	"gc":          {"pre-auto-gc"},
}

// gitHooks are the hook files a git command runs, as paths relative to
// where it runs (or -C DIR): those of -c core.hooksPath=DIR when given;
// for git config core.hooksPath DIR, every hook there, which later
// commands run (projectenvs.go).
func (w *walker) gitHooks(args []field) []string {
	dir, hooksPath := "", ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return nil
		case v == "-C" && i+1 < len(args):
			dir = path.Join(dir, args[i+1].Value)
			i++
		case v == "-c" && i+1 < len(args):
			if key, val, _ := strings.Cut(args[i+1].Value, "="); strings.EqualFold(key, "core.hooksPath") {
				hooksPath = val
			}
			i++
		case v == "--git-dir" || v == "--work-tree" || strings.HasPrefix(v, "--git-dir="):
			return nil
		case strings.HasPrefix(v, "-"):
		default:
			if v == "config" {
				return setHooks(dir, args[i+1:])
			}
			if len(gitRunsHooks[v]) == 0 {
				return nil // git status runs none
			}
			skipped := skipsHooks(v, args[i+1:])
			dirs := []string{path.Join(dir, ".git/hooks"), path.Join(dir, ".husky")}
			if d := w.configuredHooks(dir); d != "" {
				dirs = append(dirs, d)
			}
			if hooksPath != "" {
				dirs = []string{path.Join(dir, hooksPath)}
			}
			var out []string
			for _, h := range gitRunsHooks[v] {
				if skipped && verifyHooks[h] {
					continue // git commit --no-verify: not pre-commit, commit-msg
				}
				// husky points core.hooksPath at .husky, which hguard
				// cannot see: its hooks count as git's
				for _, d := range dirs {
					out = append(out, path.Join(d, h))
				}
			}
			return out
		}
	}
	return nil
}

// skipsHooks reports a git subcommand told not to run its checking hooks
// (verifyHooks): commit's, merge's and push's --no-verify, commit's -n too
// (rv63: git commit --no-verify blocked on a hook it skips). post-commit,
// post-merge and the others still run.
func skipsHooks(sub string, args []field) bool {
	if sub != "commit" && sub != "merge" && sub != "push" {
		return false
	}
	return slices.ContainsFunc(args, func(a field) bool {
		return a.Value == "--no-verify" || sub == "commit" && !a.Dynamic && len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsRune(a.Value, 'n') && !strings.ContainsAny(a.Value, "mFCc")
	})
}

// configuredHooks is the hooks directory the repository at dir names in
// its own .git/config (core.hooksPath), where an earlier command may have
// pointed it (a project's make setup running git config core.hooksPath
// .githooks): git runs the hooks there and not in .git/hooks. A relative
// one lies in the work tree, where hooks run. "" when none is read.
func (w *walker) configuredHooks(dir string) string {
	in, ok := w.earlierFile(path.Join(dir, ".git/config"))
	if !ok || !in.Static {
		return ""
	}
	hooks := ""
	for key, val := range gitConfigEntries(in.Text) {
		if key == "core.hookspath" {
			hooks = val // the last one wins, as git reads it
		}
	}
	if hooks == "" || path.IsAbs(hooks) || strings.HasPrefix(hooks, "~") {
		return hooks
	}
	return path.Join(dir, hooks)
}

// dynamicScript reports a shell's script named by a word known at run
// time only (bash $f), not inline code (bash -c "$cmd").
func dynamicScript(args []field) bool {
	for _, a := range args {
		switch {
		case a.Dynamic:
			return pwdRelative(a) == "" && homeSpelled(a.Value) == a.Value
		case a.Value == "--":
		case strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "+"):
			if strings.ContainsAny(a.Value, "cs") || a.Value == "-" {
				return false // inline code, or the script is standard input
			}
		default:
			return false
		}
	}
	return false
}

// runEarlier walks the text of a file an earlier command wrote, which c
// runs in lang ("sh", an interpreter's language, or "" for a program
// whose reading of it is not known).
func (w *walker) runEarlier(c *Command, file string, in Input, lang string, cx ctx) {
	via := "file " + file + " written by an earlier command"
	if w.writtenHere(file) {
		via = "file " + file + " written on this line"
	}
	if slices.Contains(c.Via, via) {
		return // setup.py importing setup: a module runs once
	}
	if params, ok := scriptParams(c, file); ok && lang == "sh" {
		// ./cl ~ where cl is rm -r -f "$1": the script's $1… are the
		// words after it
		defer w.positional(file, params)()
	}
	w.runText(c, in, lang, via, cx)
}

// scriptParams are the words a command hands the script file it runs
// ($1, $2, …): those after the script's own word; not ok when that word
// is not found.
func scriptParams(c *Command, file string) ([]field, bool) {
	at := -1
	if strings.Contains(c.Path, "/") && path.Base(c.Path) == path.Base(file) {
		at = 0 // ./x.sh a b
	} else {
		for i, a := range c.Args {
			if !a.Dynamic && a.Value != "" && !strings.HasPrefix(a.Value, "-") && path.Base(a.Value) == path.Base(file) {
				at = i + 1 // bash x.sh a b
				break
			}
		}
	}
	if at < 0 {
		return nil, false
	}
	var out []field
	for _, a := range c.Args[at:] {
		out = append(out, field{Word: a})
	}
	return out, true
}

// shiftParams is shift [N]: the positional parameters from the N+1th
// on. In a loop walked once, or by a count not known, how far they moved
// is not known: each of them may be any of those it was given. The
// line's own parameters (no script's) are unknown already.
func (w *walker) shiftParams(args []field, loop bool) {
	count, err := strconv.Atoi(w.vars["#"])
	if err != nil {
		return
	}
	n := 1
	if len(args) > 0 {
		v, err := strconv.Atoi(args[0].Value)
		if args[0].Dynamic || err != nil || v < 0 || w.dialect == Zsh && leadingZero(args[0].Value) {
			loop = true
		} else {
			n = v
		}
	}
	if loop {
		n = 0
	}
	if n > count {
		return // shift fails: nothing moves
	}
	var rest []field
	for i := n + 1; i <= count; i++ {
		if i <= len(w.refParams) && !loop {
			rest = append(rest, w.refParams[i-1]) // set -- a "$TOKEN"; shift: "$1" holds ${TOKEN}
			continue
		}
		v, ok := w.vars[strconv.Itoa(i)]
		rest = append(rest, field{Word: Word{Value: v, Dynamic: !ok || loop}})
	}
	w.positional(w.vars["0"], rest)
}

// runText walks a file's text that c runs in lang ("sh", an interpreter's
// language, or "" for a program whose reading of it is not known): what
// the network sent or a decoder made is untrusted, a text not known whole
// (too large to read) is code known at run time only.
func (w *walker) runText(c *Command, in Input, lang, via string, cx ctx) {
	if c.Name == "source" || c.Name == "." {
		defer w.prefixIFS(c)() // IFS=';' source s: the file splits and joins on it, in the shell
	}
	switch {
	case in.Remote || in.Decoded:
		c.Untrusted = untrusted(in)
	case !in.Static:
		c.Untrusted = "dynamic"
	}
	if !in.Static {
		return
	}
	// known text, decoded or not, runs as written (echo 'rm -rf ~' | gzip
	// > a.gz; gunzip a.gz; bash a)
	switch {
	case lang == "sh":
		w.nested(c, in.Text, via, cx, false)
	case lang == "awk":
		// an awk program file: read as awk's inline program
		w.nested(c, "awk "+shellQuote(in.Text), via, cx, false)
	case lang != "":
		w.runCode(c, lang, field{Word: Word{Value: in.Text}}, via, cx)
	}
}

// homeSpelled is p with a leading $HOME or ${HOME} written as ~.
func homeSpelled(p string) string {
	for _, home := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, home); ok && (rest == "" || rest[0] == '/') {
			return "~" + rest
		}
	}
	return p
}

// findDepth is how deep under its roots find is looked at for a script
// the session wrote: root/NAME, root/*/NAME and so on.
const findDepth = 3

// findRunsEarlier gives the script a find command runs with -exec (or
// -execdir, -ok, -okdir) when the session wrote a file its roots and -name
// may match: {} as the program (in the language of its #! line), or as a
// shell's or interpreter's script (-exec bash {} \;). The file is ""
// for none.
func (w *walker) findRunsEarlier(args []field) (string, Input, string) {
	found, i := findRoots(args)
	roots := make([]string, 0, len(found))
	for _, r := range found {
		if r.Dynamic {
			return "", Input{}, ""
		}
		roots = append(roots, r.Value)
	}
	name, lang := "", ""
	for ; i < len(args); i++ {
		v := args[i].Value
		switch {
		case (v == "-name" || v == "-iname") && i+1 < len(args) && name == "":
			if args[i+1].Dynamic {
				return "", Input{}, ""
			}
			name = args[i+1].Value
			i++
		case (v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir") && i+1 < len(args) && lang == "":
			prog := args[i+1].Value
			code := shells.has(program(prog)) || interpreter(prog) != ""
			for j := i + 2; j < len(args) && code && args[j].Value != ";" && args[j].Value != "+"; j++ {
				a := args[j].Value
				if a == "{}" {
					lang = "sh"
					if !shells.has(program(prog)) {
						lang = interpreter(prog)
					}
					break
				}
				if a == "-c" || a == "-e" || a == "-m" || strings.HasPrefix(a, "-") && shells.has(program(prog)) && strings.ContainsRune(a, 'c') {
					break // inline code, not the file
				}
			}
			if prog == "{}" {
				lang = "#!"
			}
		}
	}
	if lang == "" {
		return "", Input{}, ""
	}
	if name == "" || strings.Contains(name, "/") {
		name = "*"
	}
	for _, root := range roots {
		for d := 0; d < findDepth; d++ {
			p := path.Join(root, strings.Repeat("*/", d)+name)
			if in, ok := w.earlierFile(p); ok {
				if lang == "#!" {
					lang = shebangLang(in.Text)
				}
				return p, in, lang
			}
		}
	}
	// a file written earlier on this line (echo … > y.sh; find . -name
	// y.sh -exec {} \;)
	for _, f := range slices.Sorted(maps.Keys(w.files)) {
		if ok, _ := path.Match(name, path.Base(f)); ok && slices.ContainsFunc(roots, func(r string) bool { return under(f, r) }) {
			in := w.files[f]
			if lang == "#!" {
				lang = shebangLang(in.Text)
			}
			return f, in, lang
		}
	}
	return "", Input{}, ""
}

// under reports a path at or below dir, both as written: any relative
// path is below ".".
func under(p, dir string) bool {
	p, dir = path.Clean(p), path.Clean(dir)
	if dir == "." {
		return !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && p != ".." && !strings.HasPrefix(p, "../")
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// codeRunners are test and task runners that load code files from where
// they run, by their names: the test files and configuration a test
// runner imports, the task file of a task runner. What they hold runs
// (os.system at a test module's top level runs on pytest).
var codeRunners = map[string][]string{
	"pytest":   {"conftest.py", "test_*.py", "*_test.py", "tests/conftest.py", "tests/test_*.py", "tests/*_test.py", "test/test_*.py"},
	"py.test":  {"conftest.py", "test_*.py", "*_test.py", "tests/conftest.py", "tests/test_*.py", "tests/*_test.py", "test/test_*.py"},
	"unittest": {"test*.py", "tests/test*.py"},
	"nox":      {"noxfile.py"},
	"invoke":   {"tasks.py"},
	"inv":      {"tasks.py"},
	"fab":      {"fabfile.py"},
	"doit":     {"dodo.py"},
	"jest":     {"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.config.json", "package.json", jsTests, "__tests__/*.js", "__tests__/*.ts"},
	"vitest":   {"vitest.config.js", "vitest.config.ts", "vitest.config.mts", "vitest.config.mjs", "vitest.config.cjs", "vite.config.js", "vite.config.ts", "vite.config.mts", "vite.config.mjs", "vite.config.cjs", "vitest.workspace.ts", "vitest.workspace.js", "vitest.workspace.mts", "vitest.workspace.mjs", "vitest.workspace.json", jsTests},
	"mocha":    {".mocharc.js", ".mocharc.cjs", ".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml", "package.json", "test/*.js", "test/*.spec.js"},
	// bun test and node --test find their test files by name (bun's
	// *.test.*, *_test.*, *.spec.*, *_spec.*; node's *.test.*, *-test.*,
	// *_test.*, test-*, test.*, and test/ directories)
	"bun test": {jsTests + "|*_test.js|*_test.ts|*_spec.js|*_spec.ts", "__tests__/*.js", "__tests__/*.ts"},
	"node --test": {"*.test.js", "*.test.mjs", "*.test.cjs", "*-test.js", "*_test.js", "test-*.js", "test.js", "test.mjs",
		"test/*.js", "test/*.mjs", "test/*.cjs", "tests/*.test.js"},
	"gulp":  {"gulpfile.js"},
	"grunt": {"Gruntfile.js", "gruntfile.js"},
}

// jsTests are the test files JavaScript's runners collect by name at any
// depth below where they run (jest's and vitest's default include, bun
// test's), dependency and dot directories left out: a poisoned
// repository's test may lie in src/deep/x.test.js (red team rt63).
const jsTests = "./**/*.test.js|*.spec.js|*.test.ts|*.spec.ts|*.test.jsx|*.spec.jsx|*.test.tsx|*.spec.tsx|*.test.mjs|*.test.cjs|*.spec.mjs|*.spec.cjs"

// configLoaders load a configuration in code from where they run (eslint's
// eslint.config.js, conan's conanfile.py, pod's Podfile); one they are
// given by an option (--config FILE) is runsGivenEarlier's.
var configLoaders = map[string][]string{
	"eslint":       {"eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", "eslint.config.mts", "eslint.config.cts", ".eslintrc.js", ".eslintrc.cjs"},
	"prettier":     {"prettier.config.js", "prettier.config.mjs", "prettier.config.cjs", "prettier.config.ts", ".prettierrc.js", ".prettierrc.mjs", ".prettierrc.cjs", ".prettierrc.ts"},
	"webpack":      {"webpack.config.js", "webpack.config.mjs", "webpack.config.cjs", "webpack.config.ts"},
	"webpack-cli":  {"webpack.config.js", "webpack.config.mjs", "webpack.config.cjs", "webpack.config.ts"},
	"rollup":       {"rollup.config.js", "rollup.config.mjs", "rollup.config.cjs", "rollup.config.ts"},
	"babel":        {"babel.config.js", "babel.config.mjs", "babel.config.cjs", ".babelrc.js", ".babelrc.cjs"},
	"next":         {"next.config.js", "next.config.mjs", "next.config.ts"},
	"nuxt":         {"nuxt.config.js", "nuxt.config.mjs", "nuxt.config.ts"},
	"nuxi":         {"nuxt.config.js", "nuxt.config.mjs", "nuxt.config.ts"},
	"astro":        {"astro.config.mjs", "astro.config.js", "astro.config.ts", "astro.config.mts"},
	"vite":         {"vite.config.js", "vite.config.mjs", "vite.config.cjs", "vite.config.ts", "vite.config.mts", "vite.config.cts"},
	"tailwindcss":  {"tailwind.config.js", "tailwind.config.mjs", "tailwind.config.cjs", "tailwind.config.ts"},
	"postcss":      {"postcss.config.js", "postcss.config.mjs", "postcss.config.cjs", "postcss.config.ts"},
	"stylelint":    {"stylelint.config.js", "stylelint.config.mjs", "stylelint.config.cjs", ".stylelintrc.js", ".stylelintrc.cjs"},
	"commitlint":   {"commitlint.config.js", "commitlint.config.mjs", "commitlint.config.ts", ".commitlintrc.js", ".commitlintrc.cjs", ".commitlintrc.ts"},
	"lint-staged":  {"lint-staged.config.js", "lint-staged.config.mjs", ".lintstagedrc.js", ".lintstagedrc.cjs"},
	"playwright":   {"playwright.config.js", "playwright.config.mjs", "playwright.config.ts"},
	"cypress":      {"cypress.config.js", "cypress.config.mjs", "cypress.config.cjs", "cypress.config.ts"},
	"karma":        {"karma.conf.js"},
	"ava":          {"ava.config.js", "ava.config.mjs", "ava.config.cjs"},
	"tsup":         {"tsup.config.ts", "tsup.config.js", "tsup.config.mjs", "tsup.config.cjs"},
	"drizzle-kit":  {"drizzle.config.ts", "drizzle.config.js"},
	"conan":        {"conanfile.py"},
	"snakemake":    {"Snakefile", "workflow/Snakefile"},
	"scons":        {"SConstruct", "Sconstruct", "sconstruct", "SConscript"},
	"sphinx-build": {"conf.py", "docs/conf.py", "source/conf.py", "docs/source/conf.py"},
	"locust":       {"locustfile.py"},
	"behave":       {"features/environment.py"},
	"alembic":      {"alembic/env.py", "migrations/env.py"},
	"fastlane":     {"fastlane/Fastfile", "Fastfile"},
	"pod":          {"Podfile"},
	"danger":       {"Dangerfile"},
	"guard":        {"Guardfile"},
	"cap":          {"Capfile", "config/deploy.rb"},
	"berks":        {"Berksfile"},
	"premake":      {"premake5.lua", "premake4.lua"},
	"xmake":        {"xmake.lua"},
	"tilt":         {"Tiltfile"},
	"lein":         {"project.clj"},
	"sbt":          {"build.sbt", "project/plugins.sbt"},
	"pylint":       pylintConfigs, // its init-hook (pylintHooks)
	"mill":         {"build.mill", "build.sc"},
}

// nodeTestRun reports node --test given no file: node's test runner then
// runs the test files it finds where it runs.
func nodeTestRun(args []field) bool {
	test := false
	for _, a := range args {
		switch {
		case a.Value == "--test":
			test = true
		case a.Value == "--":
			return test
		case !strings.HasPrefix(a.Value, "-"):
			return false
		}
	}
	return test
}

// moduleRunner is the runner python -m starts (python3 -m pytest, python3
// -m pylint), when codeRunners or configLoaders knows it, else "".
func moduleRunner(args []field) string {
	for i, a := range args {
		if a.Value == "-m" && i+1 < len(args) {
			if m := args[i+1].Value; codeRunners[m] != nil || configLoaders[m] != nil {
				return m
			}
			return ""
		}
		if !strings.HasPrefix(a.Value, "-") {
			return ""
		}
	}
	return ""
}

// runnerFiles are the build files and manifests prog reads from its
// directory, whose recipes, scripts or code it runs (buildRecipes,
// manifestHosts); nil for another program.
func runnerFiles(prog string) []string {
	switch {
	case prog == "make" || prog == "gmake":
		return []string{"GNUmakefile", "makefile", "Makefile"}
	case prog == "just":
		return []string{"justfile", "Justfile", ".justfile"}
	case procfileRunners.has(prog):
		return []string{"Procfile"}
	case packageRunners.has(prog):
		return []string{"package.json"}
	case prog == "pytest" || prog == "py.test":
		return []string{} // what its arguments and configuration say (pytestFiles), at any depth
	case codeRunners[prog] != nil:
		return codeRunners[prog]
	case configLoaders[prog] != nil:
		return configLoaders[prog]
	case prog == "go":
		return []string{"*.go", "*/*.go"} // go generate: buildRunsEarlier checks the subcommand
	case prog == "ninja" || prog == "samu":
		return []string{"build.ninja"}
	case prog == "tox":
		return []string{"tox.ini"}
	case prog == "task" || prog == "go-task":
		return []string{"Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"}
	case prog == "pre-commit":
		return []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}
	case prog == "composer":
		return []string{"composer.json"}
	case prog == "mvn" || prog == "mvnw":
		return []string{"pom.xml"}
	case prog == "pdm" || prog == "hatch" || prog == "poe" || prog == "rye":
		return []string{"pyproject.toml", "hatch.toml"}
	case prog == "pipenv":
		return []string{"Pipfile"}
	case prog == "pixi":
		return []string{"pixi.toml"}
	case prog == "mise":
		return []string{"mise.toml", ".mise.toml", "mise.local.toml", ".config/mise.toml"}
	case prog == "lefthook":
		return []string{"lefthook.yml", ".lefthook.yml", "lefthook.yaml", "lefthook-local.yml"}
	case prog == "gradle" || prog == "gradlew":
		return []string{"settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"}
	case interpreter(prog) != "":
		return nil // python3 setup.py names its script
	}
	var out []string
	for _, f := range slices.Sorted(maps.Keys(manifestHosts)) {
		if manifestHosts[f].has(prog) {
			out = append(out, f)
		}
	}
	return out
}

// buildRunsEarlier follows a build file or manifest the session wrote that
// c's program reads: the recipes a makefile runs for the goals the line
// names (make -f FILE, or GNUmakefile, makefile or Makefile where it runs,
// -C DIR), a justfile's, a Procfile's commands, the package.json scripts
// the line runs (npm test: pretest, test, posttest), a setup.py, Gemfile
// or Rakefile as code. A project's own, unchanged in the session, is not read
// (docs/approvals.md).
func (w *walker) buildRunsEarlier(c *Command, prog string, args []field, cx ctx) {
	if prog == "bun" && len(args) > 0 && args[0].Value == "test" {
		prog = "bun test" // its test files, not package.json's scripts
	}
	make := prog == "make" || prog == "gmake"
	dir := ""
	var files []string
	for i := 0; i < len(args) && make; i++ {
		a, v := args[i], args[i].Value
		val := func(long, short string) (string, bool) {
			switch {
			case v == long || v == short:
				if i+1 < len(args) {
					i++
					return args[i].Value, !args[i].Dynamic
				}
			case strings.HasPrefix(v, long+"="):
				return strings.TrimPrefix(v, long+"="), !a.Dynamic
			case len(v) > 2 && strings.HasPrefix(v, short) && v[1] != '-':
				return v[2:], !a.Dynamic
			}
			return "", false
		}
		if f, ok := val("--file", "-f"); ok {
			files = append(files, f)
		} else if f, ok := val("--makefile", "-f"); ok {
			files = append(files, f)
		} else if d, ok := val("--directory", "-C"); ok {
			dir = path.Join(dir, d)
		}
	}
	runDir := dir // where the recipes run: make -C DIR's
	if !make {
		var file string
		dir, runDir, file = runnerDir(prog, args)
		if file != "" {
			files = append(files, file)
		}
	}
	if prog == "task" || prog == "go-task" {
		return // runsTaskfile's
	}
	if prog == "go" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == "generate" }) {
		return // go build, go test: Go code, not read here
	}
	if prog == "lefthook" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == "run" }) {
		return // lefthook install: git's hooks run it later
	}
	if len(files) == 0 {
		files = slices.Clip(runnerFiles(prog))
		runArgs := args
		if prog == "pytest" || prog == "py.test" {
			if i := slices.IndexFunc(args, func(a field) bool { return a.Value == "-m" }); i >= 0 && i+1 < len(args) && args[i+1].Value == prog {
				runArgs = args[i+2:] // python3 -m pytest ARGS
			}
			runArgs = append(pytestEnvArgs(c), runArgs...) // its environment's options come first
		}
		for _, f := range w.runnerArgFiles(prog, runArgs) {
			if !slices.Contains(files, f) {
				files = append(files, f)
			}
		}
	}
	files = w.writtenMatches(files, dir)
	var pyTexts []pyText // the Python a test runner loads: what it imports is read after
	pyRoots := []string{dir, path.Join(dir, "tests"), path.Join(dir, "test"), path.Join(dir, "src")}
	var testDirs []string // the collected test modules' directories
	defer func() {
		if len(pyTexts) > 0 {
			w.followPyModules(c, pyTexts, pyRoots, testDirs, cx)
		}
	}()
	for _, f := range files {
		if f == "-" || f == "/dev/stdin" {
			continue // makefileStdin's
		}
		if dir != "" && !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "~") {
			f = path.Join(dir, f)
		}
		in, ok := Input{}, false
		via := c.Name + " " + f + ", a file written by an earlier command"
		if w.writtenHere(f) {
			if manifests.has(baseName(f)) && scriptTables[prog] == nil && !testConfig(prog, f) || make || prog == "just" || packageRunners.has(prog) {
				return // written on this line: the manifests' check reads it, or writtenFiles' as given
			}
			in, _, ok = w.fileInput(f) // echo … > conftest.py; pytest
			via = c.Name + " " + f + ", a file written on this line"
		} else {
			in, ok = w.earlierFile(f)
		}
		if !ok {
			continue
		}
		switch {
		case !in.Static:
			c.Untrusted = "dynamic"
		case make:
			goals, overrides, dynamic := makeGoals(args)
			text, open := w.makeIncluded(in.Text, dir, parseMakefile(in.Text, overrides).vars)
			w.nestedAt(c, runDir, parseMakefile(text, overrides).recipeText(goals, dynamic || open), via, cx)
		case prog == "just": // a justfile by its name, or just -f FILE
			jf := parseJustfile(in.Text)
			lines := jf.lines(args)
			if jf.dotenv != "" && len(lines) > 0 {
				lines = append(w.readDotenv(path.Join(path.Dir(f), jf.dotenv)), lines...) // projectenvs.go
			}
			for _, r := range lines {
				w.nestedAt(c, runDir, r, via, cx)
			}
		case baseName(f) == "package.json" && packageRunners.has(prog):
			names, known := packageScripts(prog, args)
			// the package manager puts the package's node_modules/.bin
			// ahead on its scripts' PATH: a bare name there (jest) is the
			// file of that name, which a poisoned repository may commit
			// (red team rt63)
			pathDirs := w.line.PathDirs
			w.line.PathDirs = append(slices.Clip(pathDirs), path.Join(runDir, "node_modules/.bin"))
			for _, r := range packageScriptLines(in.Text, names, known) {
				w.nestedAt(c, runDir, r, via, cx)
			}
			w.line.PathDirs = pathDirs
		case prog == "mvn" || prog == "mvnw": // its pom.xml, or -f FILE
			for _, r := range mavenCommands(in.Text) {
				w.nestedAt(c, runDir, r, via, cx)
			}
		case prog == "pylint":
			for _, code := range pylintHooks(in.Text) {
				w.runCode(c, "python", field{Word: Word{Value: code}}, via, cx)
			}
		case runnerRecipes(prog, f, in.Text) != nil:
			for _, r := range runnerRecipes(prog, f, in.Text) {
				w.nested(c, r, via, cx, false)
			}
		case testConfig(prog, f):
			if nodeFile(f) { // a vitest.config.ts is code that runs as it loads
				w.runCode(c, "node", field{Word: Word{Value: in.Text}}, via, cx)
			}
			w.followTestConfig(c, prog, f, in.Text, cx)
		case writtenCodeLang(f, c.Name) != "":
			w.runCode(c, writtenCodeLang(f, c.Name), field{Word: Word{Value: rakeRuby(prog, in.Text)}}, via, cx)
			if writtenCodeLang(f, c.Name) == "node" {
				w.followTestImports(c, f, in.Text, cx) // the modules the tests require
			}
			if prog == "nox" && baseName(f) == "noxfile.py" {
				for _, r := range noxCommands(in.Text) {
					w.nestedAt(c, runDir, r, via, cx) // its sessions' commands
				}
			}
			if writtenCodeLang(f, c.Name) == "python" && (prog == "pytest" || prog == "py.test" || prog == "unittest") {
				root, _, _ := strings.Cut(f, "/**")
				if !strings.Contains(f, "/**") {
					root = path.Dir(f)
				}
				pyTexts = append(pyTexts, pyText{in.Text, root})
				// pytest puts each test module's directory (its
				// package's root) on sys.path: import helpers from
				// tests/unit/test_x.py finds tests/unit/helpers.py
				for _, d := range w.earlierDirs[w.at(f)][:min(len(w.earlierDirs[w.at(f)]), maxTestDirs)] {
					if !slices.Contains(testDirs, d) {
						testDirs = append(testDirs, d)
					}
				}
			}
		case nodeFile(f): // vite.config.ts, x.test.ts: TypeScript the tool loads
			w.runCode(c, "node", field{Word: Word{Value: in.Text}}, via, cx)
		default:
			for _, r := range buildRecipes(prog, f, in.Text) {
				w.nested(c, r, via, cx, false)
			}
		}
		if make || prog == "just" || packageRunners.has(prog) {
			return // the first build file found is the one read
		}
	}
}

// maxTestDirs bounds the test modules' directories whose modules a test
// runner's imports are looked for in.
const maxTestDirs = 16

// writtenMatches adds to a runner's files those this line wrote that its
// patterns match (*.test.ts, test/*.test.js), relative to dir, where the
// runner looks; the session's earlier files are earlierFile's.
func (w *walker) writtenMatches(files []string, dir string) []string {
	var written []string
	for _, f := range files {
		if !strings.Contains(f, "*") {
			continue
		}
		if written == nil {
			written = slices.Sorted(maps.Keys(w.files))
		}
		pat := f
		if dir != "" {
			pat = path.Join(dir, f)
		}
		if strings.HasPrefix(pat, "**/") {
			pat = "./" + pat
		}
		if pre, alts, ok := strings.Cut(pat, "/**/"); ok {
			// a collector's walk (pytestFiles: **/conftest.py|test_*.py):
			// a file written on this line below pre, named like one of them
			pre = path.Clean(pre)
			for _, k := range written {
				k = strings.TrimPrefix(k, "./")
				rel := !strings.HasPrefix(k, "/") && !strings.HasPrefix(k, "~") && k != ".." && !strings.HasPrefix(k, "../")
				if !(pre == "." && rel || strings.HasPrefix(k, pre+"/")) {
					continue
				}
				if slices.ContainsFunc(strings.Split(alts, "|"), func(alt string) bool { ok, _ := path.Match(alt, path.Base(k)); return ok }) {
					if dir != "" {
						k = strings.TrimPrefix(k, dir+"/")
					}
					if !slices.Contains(files, k) {
						files = append(files, k)
					}
				}
			}
			continue
		}
		for _, k := range written {
			k = strings.TrimPrefix(k, "./")
			if ok, _ := path.Match(pat, k); !ok {
				continue
			}
			if dir != "" {
				k = strings.TrimPrefix(k, dir+"/")
			}
			if !slices.Contains(files, k) {
				files = append(files, k)
			}
		}
	}
	return files
}

// runnerDir is where a runner other than make reads its file from (dir,
// joined to the names it looks up), the file its options name instead,
// and where its recipes run: npm --prefix DIR (-C), pnpm -C DIR (--dir),
// yarn and bun --cwd DIR; just -f FILE runs in FILE's directory, or in
// -d DIR's (--working-directory); mvn -f reads FILE, or DIR/pom.xml. A dynamic one is "$", known only as it
// runs.
func runnerDir(prog string, args []field) (dir, runDir, file string) {
	var opts []string
	switch prog {
	case "npm":
		opts = []string{"--prefix", "-C"}
	case "pnpm":
		opts = []string{"-C", "--dir"}
	case "yarn", "bun":
		opts = []string{"--cwd"}
	case "just":
		opts = []string{"-d", "--working-directory", "-f", "--justfile"}
	case "mvn", "mvnw":
		opts = []string{"-f", "--file"} // a pom.xml, or the directory holding one
	default:
		return "", "", ""
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			break
		}
		name, val, eq := strings.Cut(v, "=")
		if !slices.Contains(opts, name) || !eq && !slices.Contains(opts, v) {
			continue
		}
		dyn := args[i].Dynamic
		if !eq {
			if i+1 >= len(args) {
				break
			}
			i++
			val, dyn = args[i].Value, args[i].Dynamic
		}
		if dyn {
			val = "$"
		}
		switch {
		case name == "-f" || name == "--justfile" || name == "--file":
			file = val
			if (prog == "mvn" || prog == "mvnw") && !strings.HasSuffix(val, ".xml") {
				file = path.Join(val, "pom.xml")
			}
		default:
			dir = val
		}
	}
	if (prog == "mvn" || prog == "mvnw") && file != "" {
		return "", path.Dir(file), file
	}
	if prog == "just" {
		runDir = dir
		if runDir == "" && file != "" {
			runDir = path.Dir(file)
		}
		return "", runDir, file
	}
	return dir, dir, ""
}

// writtenHere reports a file written earlier on this line.
func (w *walker) writtenHere(file string) bool {
	_, _, ok := w.lineFile(file)
	return ok
}

// shebangLang is the language a script's #! line names: "sh" for a shell
// (and for no #! line, which a shell runs), an interpreter's language, or
// "" for another program, whose reading of the text is not known here.
func shebangLang(text string) string {
	first, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return "sh"
	}
	f := strings.Fields(rest)
	if len(f) > 0 && baseName(f[0]) == "env" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") || strings.Contains(s, "=") })
	}
	if len(f) == 0 {
		return "sh"
	}
	name := baseName(f[0])
	switch {
	case program(name) == "parallel":
		return parallelShebang(f[1:])
	case shells.has(program(name)):
		return "sh"
	case interpreter(name) != "":
		return interpreter(name)
	}
	return ""
}

// parallelShebang is the language of a script whose #! line is GNU
// parallel's with args: --shebang-wrap INTERP runs the script with INTERP
// once for each argument (#!/usr/bin/parallel --shebang-wrap /bin/sh is
// a shell script); --shebang reads the script's lines as its input, each
// a command line where no command is given (#!/usr/bin/parallel --shebang
// -r); with a command they are its arguments, not known here ("").
func parallelShebang(args []string) string {
	p := catalogProgram("parallel")
	wrap, lines := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--shebang-wrap":
			wrap = true
		case a == "--shebang" || a == "--hashbang":
			lines = true
		case strings.HasPrefix(a, "-"):
			if p != nil && takesValue(a, p.Args, p.Long) {
				i++
			}
		case wrap:
			return shebangLang("#!" + strings.Join(args[i:], " "))
		default:
			return ""
		}
	}
	if lines && !wrap {
		return "sh"
	}
	return ""
}

// parallelShebangCommand is the parallel command line a script whose #!
// line is GNU parallel's --shebang with a command runs, without its input
// (the script's lines): parallel -r CMD for #!/usr/bin/parallel --shebang
// -r CMD.
func parallelShebangCommand(text string) (string, bool) {
	first, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(first, "#!")
	if !ok {
		return "", false
	}
	f := strings.Fields(rest)
	if len(f) > 0 && baseName(f[0]) == "env" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") || strings.Contains(s, "=") })
	}
	if len(f) == 0 || program(baseName(f[0])) != "parallel" || !slices.ContainsFunc(f, func(s string) bool { return s == "--shebang" || s == "--hashbang" }) ||
		slices.Contains(f, "--shebang-wrap") {
		return "", false
	}
	words := slices.DeleteFunc(slices.Clone(f[1:]), func(s string) bool { return s == "--shebang" || s == "--hashbang" })
	return "parallel " + strings.Join(words, " "), true
}

// writtenPaths are the files the line writes as far as the model follows
// them (redirections, tee, downloads, copies' targets), each as resolved
// where the line started (absolute, ~/… or relative), for the lines after
// it (Before.Written).
func (w *walker) writtenPaths() []string {
	var out []string
	add := func(f string) {
		if f == "" || strings.ContainsAny(f, "$`*?[") || f == "/dev/null" || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/proc/") {
			return
		}
		if slices.ContainsFunc(w.madeTemp, func(t string) bool { return under(f, t) }) {
			return // a name written for mktemp's output: the file's is not known
		}
		if w.fetch.start != "" && !strings.HasPrefix(f, "/") && f != "~" && !strings.HasPrefix(f, "~/") {
			f = path.Join(w.fetch.start, f)
		}
		out = append(out, path.Clean(f))
	}
	for f := range w.files {
		add(f)
	}
	for _, f := range w.copyTargets {
		add(f)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// copyInto records the files cp, mv, install and ln make (their targets),
// for writtenPaths: cp -p and touch keep a copy's old time, so the time of
// a change alone would miss them.
func (w *walker) copyInto(name string, args []field) {
	ops, target, dirOnly, ok := copyOperands(name, args)
	if !ok {
		return
	}
	from := func(t, src string) {
		if w.copiedFrom == nil {
			w.copiedFrom = map[string]string{}
		}
		w.copiedFrom[path.Clean(t)] = src
	}
	for _, src := range ops {
		if dirOnly || surelyDir(target) {
			from(path.Join(target, path.Base(src)), src)
			// cp x.sh bin/ makes bin/x.sh; a target not surely a
			// directory is taken as both, since either may be true
			w.copyTargets = append(w.copyTargets, path.Join(target, path.Base(src)))
			continue
		}
		w.copyTargets = append(w.copyTargets, target, path.Join(target, path.Base(src)))
		from(target, src)
		from(path.Join(target, path.Base(src)), src)
	}
}

// fileInput is what a file named on the line holds, when hguard knows it:
// one written earlier on the line, or by an earlier command of the
// session (earlierFile); via names which, for messages.
func (w *walker) fileInput(name string) (in Input, via string, ok bool) {
	if name == "" {
		return Input{}, "", false
	}
	rel := name
	if rest, ok := inWorkingDir(name); ok && rest != "." {
		rel = rest // sh < "$PWD"/c: the file c where the line is
	}
	for _, f := range []string{name, rel, strings.TrimPrefix(rel, "./"), "./" + rel, fileKey(name)} {
		if got, ok := w.files[f]; ok {
			return got, "file " + f + " written on this line", true
		}
	}
	if f, got, ok := w.lineFile(name); ok {
		return got, "file " + f + " written on this line", true
	}
	if in, ok := w.earlierFile(homeSpelled(name)); ok {
		return in, "file " + name + " written by an earlier command", true
	}
	return Input{}, "", false
}

// knownText is the text of the file name the line or the session wrote,
// when fileInput knows all of it, or "".
func (w *walker) knownText(name string) string {
	if in, _, ok := w.fileInput(name); ok && in.Static {
		return in.Text
	}
	return ""
}

// runKnownFile walks a file fileInput knows as the shell script c runs.
func (w *walker) runKnownFile(c *Command, in Input, via string, cx ctx) {
	w.runText(c, in, "sh", via, cx)
}

// runParts follows run-parts DIR, which runs every executable file in DIR
// (cron's daily jobs, a package's hooks): those the line or the session
// wrote there are read as the shell scripts they are. --test and --list
// only print their names.
func (w *walker) runParts(c *Command, args []field, cx ctx) {
	dir := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case v == "--test" || v == "--list":
			return
		case v == "-a" || v == "--arg" || v == "-u" || v == "--umask" || v == "--regex":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			dir = v
		}
	}
	if dir == "" {
		return
	}
	dir = path.Clean(dir)
	for _, f := range slices.Sorted(maps.Keys(w.files)) {
		if path.Dir(path.Clean(f)) == dir {
			w.runKnownFile(c, w.files[f], "file "+f+" written on this line", cx)
		}
	}
	if in, ok := w.earlierFile(homeSpelled(dir) + "/*"); ok {
		w.runEarlier(c, dir+"/*", in, "sh", cx)
	}
}

// scriptSubst follows an interpreter's script that is a process
// substitution's output: python3 <(curl -s URL) runs what the network
// sent, as bash <(curl …) does (runSubst); a static one is read as code.
func (w *walker) scriptSubst(c *Command, args []field, cx ctx) {
	var f field
	if runs, _ := w.scriptOf(c, args, func(a field) bool {
		if a.in.Kind == "procsub" {
			f = a
			return true
		}
		return false
	}, nil); !runs {
		return
	}
	w.runText(c, f.in, interpreter(c.Name), "<(…)", cx)
}

// nodeRequires are the relative files Node code loads: require("./x"),
// import("./x"), import … from "./x".
var nodeRequires = lazyRegexp(`(?:require|import)\s*\(\s*['"](\.{1,2}/[^'"]+)['"]|from\s+['"](\.{1,2}/[^'"]+)['"]`)
