package cmdline

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// The long tail of programs that run a file they are given: sed -f FILE,
// tclsh FILE, ninja -f FILE, tmux source-file FILE, ansible-playbook
// PLAY.yml. A file written earlier on the line, or by an earlier command
// of the session, is judged by what its text runs (fileInput); any other
// stays as unknown as the program's own files.

// fileRunner is how a program takes the file it runs.
type fileRunner struct {
	opts    []string // options whose value is the file (-f FILE, --file=FILE, -fFILE)
	values  string   // other short options that take a value, skipped looking for operands
	longs   []string // other long options that take a value
	operand bool     // the first operand is the file, when no option named one
	all     bool     // every operand is a file it runs (ansible-playbook a.yml b.yml)
	sub     []string // the operands after one of these subcommands are files (tmux source-file F)
	needSub []string // the file runs only under one of these subcommands (pre-commit run -c F)
	stop    []string // options after which no file runs (-e CODE, --version)
	def     string   // the file it reads from a directory it is given (tox -c DIR: DIR/tox.ini)
	added   bool     // the file adds to the files it reads by name (jest -c F still runs the tests)
	lang    string   // how the text runs: runGiven
}

// givenRunners are the programs whose given file runs, beyond shells and
// interpreters (scriptOf) and make (buildRunsEarlier), each read as its
// manual says: program text (sed -f, awk -f, tclsh, expect, tsx, ts-node
// and bun, TypeScript read as Node code; a cow file is Perl), a build,
// test or task file's commands (ninja -f, tox -c or the directory holding
// tox.ini, pre-commit run -c, jest -c, rake -f, cmake
// -P and -S DIR, meson setup, Gradle's -b and -I), a program's own
// command file (vim -u and -S, gdb -x, tmux -f and source-file, screen -c
// and source, direnv's .envrc), a playbook's shell tasks, and jobs
// installed to run later (crontab FILE, at -f, systemctl link and enable).
var givenRunners = sync.OnceValue(func() map[string]fileRunner {
	sed := fileRunner{opts: []string{"-f", "--file"}, values: "el", lang: "sed"}
	awk := fileRunner{opts: []string{"-f", "--file"}, values: "vF", lang: "awk"}
	gawk := awk
	gawk.opts = []string{"-f", "--file", "-i", "--include", "-E", "--exec"}
	tcl := fileRunner{operand: true, stop: []string{"-e"}, lang: "tcl"} // jimsh -e CODE
	ts := fileRunner{operand: true, values: "rPOCI", longs: []string{"--project", "--compiler", "--require", "--tsconfig", "--import", "--loader"},
		sub: []string{"watch"}, stop: []string{"-e", "-p", "--eval", "--print"}, lang: "node"}
	ninja := fileRunner{opts: []string{"-f"}, values: "Cjlkdtw", lang: "ninja"}
	vim := fileRunner{opts: []string{"-u", "-S"}, values: "cTtiwWsU", added: true, lang: "vim"}
	gradle := fileRunner{opts: []string{"-b", "--build-file", "-c", "--settings-file", "-I", "--init-script"}, values: "DPpgx", added: true, lang: "gradle"}
	return map[string]fileRunner{
		"sed": sed, "gsed": sed,
		"awk": awk, "mawk": awk, "nawk": awk, "gawk": gawk,
		"tclsh": tcl, "wish": tcl, "jimsh": tcl,
		"expect":  {opts: []string{"-f"}, operand: true, stop: []string{"-c"}, lang: "tcl"},
		"tsx":     ts,
		"ts-node": ts, "ts-node-esm": ts, "esno": ts,
		// bun FILE and bun run FILE run a file; bun run NAME a package.json script
		"bun":        {operand: true, values: "r", longs: []string{"--preload", "--cwd", "--config"}, stop: []string{"-e", "-p", "--eval", "--print"}, lang: "node"},
		"ninja":      ninja,
		"samu":       ninja,
		"tox":        {opts: []string{"-c", "--conf"}, values: "e", def: "tox.ini", lang: "tox"},
		"pre-commit": {opts: []string{"-c", "--config"}, needSub: []string{"run", "hook-impl", "try-repo"}, lang: "pre-commit"},
		"jest":       {opts: []string{"-c", "--config"}, added: true, lang: "node"},
		"vitest":     {opts: []string{"-c", "--config"}, added: true, lang: "node"},
		"rake":       {opts: []string{"-f", "--rakefile"}, values: "CIeEprR", lang: "rake"},
		"tmux":       {opts: []string{"-f"}, values: "cLST", sub: []string{"source-file", "source"}, lang: "tmux"},
		"screen":     {opts: []string{"-c"}, values: "ehpSsTt", sub: []string{"source"}, lang: "screen"},
		// vim -u VIMRC and -S SESSION source ex commands; gdb -x a command file
		"vim": vim, "vi": vim, "nvim": vim, "view": vim, "ex": vim, "vimdiff": vim, "gvim": vim,
		"gdb":  {opts: []string{"-x", "--command", "-ix", "--init-command"}, values: "pecsd", longs: []string{"-ex", "-iex", "--eval-command", "--init-eval-command"}, added: true, lang: "gdb"},
		"cgdb": {opts: []string{"-x", "--command"}, added: true, lang: "gdb"},
		// lldb -s and -S source a command file (after or before the
		// program loads), -K on a crash; ctest -S runs a dashboard script
		// (cmake code); scons reads its SConstruct (Python) from -f
		"lldb": {opts: []string{"-s", "--source", "-S", "--source-before-file", "-K", "--source-on-crash"}, values: "oOkacfpw",
			longs: []string{"--one-line", "--one-line-before-file", "--one-line-on-crash", "--arch", "--core", "--file", "--attach-pid", "--attach-name"}, added: true, lang: "gdb"},
		"ctest":  {opts: []string{"-SP", "-SR", "-S"}, values: "CjLERIOQ", lang: "cmake"},
		"scons":  {opts: []string{"-f", "--file", "--makefile", "--sconstruct"}, values: "CIj", lang: "python"},
		"direnv": {sub: []string{"allow", "permit", "grant", "exec", "reload"}, lang: "direnv"},
		"cmake": {opts: []string{"-P", "-S", "-C", "--toolchain"}, values: "BGTADU", operand: true, def: "CMakeLists.txt", lang: "cmake",
			longs: []string{"--preset", "--install-prefix", "--graphviz", "--log-level", "--log-context", "--profiling-output", "--profiling-format", "--trace-redirect"}},
		"meson": {needSub: []string{"setup", "configure"}, all: true, values: "D", lang: "meson"},
		// Gradle runs its build, settings and init scripts (Groovy or Kotlin)
		"gradle":  gradle,
		"gradlew": gradle,
		// a crontab installs its jobs, at -f queues a script, systemctl
		// link and enable install a unit whose Exec lines run
		"crontab":   {operand: true, values: "u", stop: []string{"-e", "-l", "-r"}, lang: "crontab"},
		"at":        {opts: []string{"-f"}, values: "qt", lang: "sh"},
		"batch":     {opts: []string{"-f"}, values: "qt", lang: "sh"},
		"systemctl": {sub: []string{"link", "enable"}, values: "HMtpn", lang: "settings"},
		// a cow file is Perl that cowsay runs (GTFOBins: exec "/bin/sh")
		"cowsay":   {opts: []string{"-f"}, values: "eTW", lang: "perl"},
		"cowthink": {opts: []string{"-f"}, values: "eTW", lang: "perl"},
		"ansible-playbook": {all: true, values: "iefluMcTt", lang: "ansible",
			longs: []string{"--inventory", "--extra-vars", "--limit", "--user", "--tags", "--skip-tags", "--connection", "--forks",
				"--vault-id", "--vault-password-file", "--private-key", "--module-path", "--become-user", "--become-method", "--timeout", "--start-at-task"}},
	}
})

// dirFiles are the files the programs of givenRunners read from the
// directory they are given: direnv allow DIR and direnv exec DIR CMD run
// DIR/.envrc (at the next prompt, or now), cmake -S DIR and cmake DIR
// configure from DIR/CMakeLists.txt (cmake -P FILE runs FILE), meson setup
// from meson.build.
var dirFiles = map[string]string{"direnv": ".envrc", "meson": "meson.build"}

// givenFiles are the words naming the files prog runs (runner r) among
// args: those its options name (byOption: they replace the files it reads
// by name) and its operands.
func (r fileRunner) givenFiles(args []field) (files []field, byOption bool) {
	subSeen := len(r.needSub) == 0
	inSub, operands := false, 0
	for i := 0; i < len(args); i++ {
		a, v := args[i], args[i].Value
		value := func() (field, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return field{}, false
		}
		optVal := func(opts []string) (field, bool) {
			for _, o := range opts {
				switch {
				case v == o:
					return value()
				case len(o) > 2 && strings.HasPrefix(v, o+"="):
					// --file=F, and -ix=F: getopt_long_only's long options
					return field{Word: Word{Value: strings.TrimPrefix(v, o+"="), Dynamic: a.Dynamic}, in: a.in}, true
				case len(o) == 2 && o[0] == '-' && o[1] != '-' && len(v) > 2 && v[0] == '-' && v[1] != '-':
					if v[1] == o[1] {
						return field{Word: Word{Value: v[2:], Dynamic: a.Dynamic}, in: a.in}, true // -fFILE
					}
					if v[len(v)-1] == o[1] && !strings.ContainsAny(v[1:len(v)-1], r.values) {
						return value() // -nf FILE
					}
				}
			}
			return field{}, false
		}
		if slices.Contains(r.stop, v) {
			return nil, false // inline code (bun -e), a listing (crontab -l): no file runs
		}
		if v == "--" {
			if r.operand && operands == 0 && i+1 < len(args) && subSeen {
				files = append(files, args[i+1])
			}
			break
		}
		if f, ok := optVal(r.opts); ok {
			files, byOption = append(files, f), true
			continue
		}
		if strings.HasPrefix(v, "-") && len(v) > 1 {
			if slices.Contains(r.longs, v) || len(v) == 2 && strings.ContainsRune(r.values, rune(v[1])) {
				i++ // the option's value
			}
			continue
		}
		switch {
		case !subSeen && slices.Contains(r.needSub, v):
			subSeen = true
		case !inSub && slices.Contains(r.sub, v):
			inSub = true
		case inSub || r.all && subSeen:
			files = append(files, a)
		case r.operand && operands == 0 && subSeen && len(files) == 0:
			if v == "run" && len(r.sub) == 0 && i+1 < len(args) {
				continue // bun run FILE
			}
			operands++
			files = append(files, a)
		default:
			operands++
		}
	}
	if !subSeen {
		// another subcommand (pre-commit install) runs no file; none at
		// all is the default (pre-commit alone is pre-commit run)
		return nil, operands > 0
	}
	return files, byOption
}

// runsGiven follows the file a program of givenRunners runs, when the line
// or the session wrote it. It reports whether the program was given a
// file that replaces the ones it reads by name (ninja -f x.ninja does not
// read build.ninja; bun x.ts runs no package.json script).
func (w *walker) runsGiven(c *Command, args []field, cx ctx) bool {
	prog := program(c.Name)
	if prog == "task" || prog == "go-task" {
		return w.runsTaskfile(c, args, cx) // taskfile.go
	}
	if handled, ok := w.runsProjectEnv(prog, c, args, cx); ok {
		return handled // projectenvs.go
	}
	r, ok := givenRunners()[prog]
	if !ok {
		return false
	}
	if dir := cmakeBuildDir(args); prog == "cmake" && dir != "" {
		return w.runsCMakeBuild(c, dir, cx)
	}
	files, handled := r.givenFiles(args)
	if prog == "cmake" && len(files) == 0 && cmakeConfigures(args) {
		files = append(files, field{Word: Word{Value: "."}}) // cmake -B build: the source is where it runs
	}
	if dirFiles[prog] != "" && (len(files) > 0 || prog == "direnv" && slices.ContainsFunc(args, func(a field) bool { return slices.Contains(r.sub, a.Value) })) {
		files = append(files, field{Word: Word{Value: "."}}) // direnv allow, meson setup BUILD: where it runs
	}
	seen := map[string]bool{}
	for _, f := range files {
		name := knownName(f)
		if seen[name] {
			continue
		}
		seen[name] = true
		in, via, ok := w.fileInput(name)
		if dirFile := dirFiles[prog]; dirFile != "" && !strings.HasSuffix(name, "/"+dirFile) && name != dirFile {
			in, via, ok = w.fileInput(path.Join(name, dirFile)) // direnv allow DIR, meson setup DIR
			name = path.Join(name, dirFile)
		} else if !ok && r.def != "" && name != "" {
			// tox -c DIR reads DIR/tox.ini
			in, via, ok = w.fileInput(path.Join(name, r.def))
		}
		if !ok || prog == "bun" && !nodeFile(name) {
			continue // bun run NAME: a package.json script, not a file
		}
		handled = true
		w.runGiven(c, prog, r.lang, name, in, via, cx)
		if r.lang == "node" && nodeFile(name) {
			w.followNodeImports(c, name, cx) // tsx x.ts requires ./ev.ts
		}
	}
	return handled && !r.added
}

// givenRemote marks a program of givenRunners given a downloaded (or
// decoded) file to run as a substitution: cmake -P <(curl -s URL), gdb -x
// <(…), ninja -f <(…) run it unseen, as bash <(curl …) does.
func (w *walker) givenRemote(c *Command, args []field) {
	r, ok := givenRunners()[program(c.Name)]
	if !ok {
		return
	}
	files, _ := r.givenFiles(args)
	switch program(c.Name) {
	case "cmake":
		// cmake -DCMAKE_TOOLCHAIN_FILE=<(curl …): a cache variable naming
		// a file cmake includes as it configures (a toolchain, a
		// project include, a rules override)
		for i, a := range args {
			if strings.HasPrefix(a.Value, "-D") || i > 0 && args[i-1].Value == "-D" {
				files = append(files, a)
				if _, v, ok := strings.Cut(a.Value, "="); ok && !a.Dynamic {
					files = append(files, field{Word: Word{Value: v}}) // -DCMAKE_TOOLCHAIN_FILE=/dev/stdin
				}
			}
		}
	case "meson":
		// meson setup --cross-file=<(curl …): a machine file whose
		// binaries (c = 'CMD') meson runs
		files = append(files, optionFields(args, []string{"--cross-file", "--native-file"})...)
	}
	for _, f := range files {
		switch {
		case f.in.Kind == "procsub" && (f.in.Remote || f.in.Decoded):
			c.Untrusted = untrusted(f.in)
			return
		case !f.Dynamic && stdinFile(f.Value) && (c.Stdin.Remote || c.Stdin.Decoded):
			// cmake -P /dev/stdin <<< "$(curl …)", curl … | gdb -x
			// /dev/stdin: the file is what the download wrote
			c.Untrusted = untrusted(c.Stdin)
			return
		}
	}
}

// optionFields are the values args give options opts, however spelt: -f
// FILE, -fFILE, --file FILE, --file=FILE; a substitution's origin kept.
func optionFields(args []field, opts []string) []field {
	var out []field
	for i, a := range args {
		for _, o := range opts {
			switch {
			case a.Value == o && i+1 < len(args):
				out = append(out, args[i+1])
			case strings.HasPrefix(o, "--") && strings.HasPrefix(a.Value, o+"="):
				out = append(out, field{Word: Word{Value: a.Value[len(o)+1:], Dynamic: a.Dynamic}, in: a.in})
			case len(o) == 2 && o[0] == '-' && o[1] != '-' && len(a.Value) > 2 && strings.HasPrefix(a.Value, o):
				out = append(out, field{Word: Word{Value: a.Value[2:], Dynamic: a.Dynamic}, in: a.in})
			}
		}
	}
	return out
}

// nodeFile reports a file of JavaScript or TypeScript, by its extension.
func nodeFile(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx":
		return true
	}
	return false
}

// knownName is how a word names a file for fileInput: its value, or the
// variable a file was written to (f=$(mktemp); … > $f).
func knownName(a field) string {
	if !a.Dynamic {
		return a.Value
	}
	if k := varKey(a.Value); k != "" {
		return k
	}
	return pwdRelative(a)
}

// runGiven walks a file's text as prog runs it in lang: a build or task
// file's commands, a terminal multiplexer's commands, a playbook's shell
// tasks, or a language's code.
func (w *walker) runGiven(c *Command, prog, lang, name string, in Input, via string, cx ctx) {
	if (prog == "jest" || prog == "vitest") && in.Static {
		defer w.followTestConfig(c, prog, name, in.Text, cx) // jest -c FILE: the files it names
	}
	if !in.Static || in.Remote || in.Decoded {
		w.runText(c, in, lang, via, cx)
		return
	}
	var cmds []string
	switch lang {
	case "ninja":
		cmds = buildRecipes("ninja", "build.ninja", in.Text)
	case "tox":
		cmds = buildRecipes("tox", "tox.ini", in.Text)
	case "pre-commit":
		cmds = buildRecipes(lang, name, in.Text)
	case "tmux":
		cmds = tmuxCommands(in.Text)
	case "screen":
		cmds = screenCommands(in.Text)
	case "ansible":
		cmds = ansibleCommands(in.Text)
	case "vim":
		for _, line := range strings.Split(in.Text, "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "\"") {
				w.runCode(c, "vim", field{Word: Word{Value: line}}, via, cx)
			}
		}
		return
	case "direnv":
		in.Text = w.direnvText(path.Dir(name), in.Text) // projectenvs.go
		if argv := direnvExecArgv(c.Args); len(argv) > 0 {
			// direnv exec DIR CMD runs CMD in what the .envrc exported
			// (COMPOSE_FILE=other.yml for docker compose up)
			in.Text += "\n" + shellQuoteWords(argv)
		}
		w.runText(c, in, "sh", via, cx)
		return
	case "crontab":
		cmds = crontabCommands(in.Text)
	case "settings":
		cmds = settingCommands(in.Text)
	case "cmake":
		cmds = cmakeCommands(in.Text)
	case "gradle":
		cmds = gradleCommands(in.Text)
	case "meson":
		cmds = mesonCommands(in.Text)
	case "rake":
		w.runText(c, Input{Text: rakeRuby("rake", in.Text), Static: true}, "ruby", via, cx)
		return
	case "node":
		if l := fileLang(name); l != "" && l != "node" {
			lang = l
		}
		fallthrough
	default:
		w.runText(c, in, lang, via, cx)
		return
	}
	for _, cmd := range cmds {
		w.nested(c, cmd, via, cx, false)
	}
}

// rakeSh finds Rake's sh "CMD" and sh("CMD"), which run a shell command.
var rakeSh = lazyRegexp(`(^|[^\w.:@$])sh(?:\s*\(\s*|\s+)("(?:[^"\\]|\\.)*"|'[^']*')`)

// rakeRuby is the Ruby that prog runs from text: for rake, a Rakefile's
// sh calls written as the system calls they are, for the Ruby reader.
func rakeRuby(prog, text string) string {
	if prog != "rake" {
		return text
	}
	return rakeSh().ReplaceAllString(text, "${1}system(${2})")
}

// tmuxCommands are the command lines a tmux configuration's commands run:
// each line is a tmux command (run-shell, if-shell, new-window CMD).
func tmuxCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "%") {
			continue
		}
		out = append(out, "tmux "+line)
	}
	return out
}

// screenCommands are the command lines a screenrc starts: screen CMD opens
// a window running CMD, exec CMD runs one in the window, stuff TEXT types
// TEXT into its shell.
func screenCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), f[0]))
		switch f[0] {
		case "screen":
			out = append(out, "screen "+rest)
		case "exec":
			if strings.Trim(f[1], ".!|:") == "" {
				rest = strings.TrimSpace(strings.TrimPrefix(rest, f[1])) // exec's fd pattern
			}
			out = append(out, rest)
		case "stuff":
			s := unquote(rest)
			for _, nl := range []string{"^M", "\\r", "\\n", "\\015", "\\012"} {
				s = strings.ReplaceAll(s, nl, "\n")
			}
			out = append(out, s)
		}
	}
	return out
}

// ansibleTask finds a playbook's task that runs a command line on the
// managed host (often localhost): shell, command and raw, by short or
// full name, in block or flow style, and its cmd: argument.
var ansibleTask = lazyRegexp(`(?m)(?:^|[\s{\[,-])(?:ansible\.(?:builtin|legacy)\.)?(shell|command|raw|script|cmd)\s*:[ \t]*([^\n]*)`)

// ansibleCommands are the command lines a playbook's tasks run; script:
// FILE runs FILE.
func ansibleCommands(text string) []string {
	var out []string
	lines := strings.Split(text, "\n")
	for n, line := range lines {
		for _, m := range ansibleTask().FindAllStringSubmatchIndex(line, -1) {
			module, v := line[m[2]:m[3]], strings.TrimSpace(line[m[4]:m[5]])
			if v == "|" || v == ">" || v == "|-" || v == ">-" {
				// a block scalar: the more indented lines after it
				var block []string
				indent := len(line) - len(strings.TrimLeft(line, " "))
				for _, l := range lines[n+1:] {
					if strings.TrimSpace(l) != "" && len(l)-len(strings.TrimLeft(l, " ")) <= indent {
						break
					}
					block = append(block, strings.TrimSpace(l))
				}
				sep := "\n"
				if v[0] == '>' {
					sep = " "
				}
				v = strings.Join(block, sep)
			} else if i := strings.IndexAny(v, "]}"); i >= 0 && !strings.HasPrefix(v, "\"") && !strings.HasPrefix(v, "'") {
				v = v[:i] // flow style: [shell: CMD]
			}
			v = unquoteYAML(strings.TrimSuffix(strings.TrimSpace(v), ","))
			if v == "" || strings.HasPrefix(v, "{") {
				continue // arguments under it: their cmd: line
			}
			if module == "script" {
				v = "sh " + v
			}
			out = append(out, v)
		}
	}
	return out
}

// nodeDirMain is the file node runs for a directory (node ., node DIR):
// its package.json's "main" (MAIN, MAIN.js or MAIN/index.js) when the
// line or session wrote that, else index.js, which node also runs when
// main names no file. "exports" is not read for a directory (node 20
// runs index.js for a package with exports and no main).
func (w *walker) nodeDirMain(dir string) string {
	if pkg, ok := w.packageIn(dir); ok && pkg.Main != "" {
		main := path.Join(dir, pkg.Main)
		for _, f := range []string{main, main + ".js", path.Join(main, "index.js")} {
			if _, _, ok := w.fileInput(f); ok {
				return f
			}
		}
	}
	return path.Join(dir, "index.js")
}

// runsScriptDir follows an interpreter given a directory or an archive
// as its script: python3 DIR runs DIR/__main__.py, python3 x.zip the
// __main__.py inside (not readable here: code known at run time only, when
// the session made the archive), node DIR its package.json's main or
// index.js; uv run x.py runs x.py with Python.
func (w *walker) runsScriptDir(c *Command, args []field, cx ctx) {
	w.runsPackageCode(c, args, cx)
	if lang := interpreter(c.Name); lang == "python" || lang == "node" && program(c.Name) == "node" {
		var op field
		if runs, _ := w.scriptOf(c, args, func(a field) bool { op = a; return true }, nil); !runs || op.Value == "" || op.in.Kind == "procsub" {
			return
		}
		name := knownName(op)
		if lang == "node" && nodeFile(name) {
			w.followNodeImports(c, name, cx) // the script itself is scriptOf's
			return
		}
		if name == "" || fileLang(name) != "" {
			return // a script file: scriptOf's
		}
		switch {
		case lang == "python" && (strings.HasSuffix(name, ".zip") || strings.HasSuffix(name, ".pyz")):
			if _, _, ok := w.fileInput(name); ok {
				c.Untrusted = "dynamic"
			}
		case lang == "python":
			if in, via, ok := w.fileInput(path.Join(name, "__main__.py")); ok {
				w.runText(c, in, "python", via, cx)
			}
		default:
			main := w.nodeDirMain(name)
			if in, via, ok := w.fileInput(main); ok {
				w.runText(c, in, "node", via, cx)
				w.followNodeImports(c, main, cx)
			}
		}
		return
	}
	script := ""
	switch {
	case c.Name == "pipx" && len(args) > 1 && args[0].Value == "run" && strings.HasSuffix(args[1].Value, ".py"):
		script = args[1].Value // pipx run x.py
	case strings.HasSuffix(c.Name, ".py") && c.Path == c.Name && slices.ContainsFunc(c.Wrappers, func(x Wrapper) bool { return x.Name == "uv run" }):
		script = c.Name // uv run x.py
	}
	if in, via, ok := w.fileInput(script); ok {
		w.runText(c, in, "python", via, cx)
	}
}

// codeFileRefs find the files inline code runs by their path: Python's
// runpy.run_path, exec(open(F).read()), execfile and the file loaders;
// Perl's do and require of a quoted file; Ruby's load, require_relative
// and require of a relative path; PHP's include and require; Lua's dofile
// and loadfile; R's source. Group 1 is the file.
var codeFileRefs = map[string]func() *regexp.Regexp{
	"python": lazyRegexp(`(?:run_path|execfile|SourceFileLoader\s*\([^,()]*,|spec_from_file_location\s*\([^,()]*,|exec\s*\(\s*(?:compile\s*\(\s*)?open)\s*\(?\s*(?:file\s*=\s*|path_name\s*=\s*)?["']([^"']+)["']`),
	"perl":   lazyRegexp(`\b(?:do|require)\s*\(?\s*["']([^"']+)["']`),
	"ruby":   lazyRegexp(`\b(?:load|require_relative|require)\s*\(?\s*["']([^"']+)["']`),
	"php":    lazyRegexp(`\b(?:include|require)(?:_once)?\s*\(?\s*["']([^"']+)["']`),
	"lua":    lazyRegexp(`\b(?:dofile|loadfile)\s*\(?\s*["']([^"']+)["']`),
	"r":      lazyRegexp(`\b(?:source|sys\.source)\s*\(\s*(?:file\s*=\s*)?["']([^"']+)["']`),
}

// runsCodeFiles follows the files an interpreter's inline code runs by
// their path (codeFileRefs), when the line or the session wrote them.
func (w *walker) runsCodeFiles(c *Command, cx ctx) {
	if c.Payload == nil {
		return
	}
	lang := c.Payload.Lang
	re, ok := codeFileRefs[lang]
	if !ok {
		return
	}
	for _, m := range re().FindAllStringSubmatch(c.Payload.Code, 16) {
		name := m[1]
		candidates := []string{name}
		switch {
		case lang == "ruby" && strings.Contains(m[0], "require_relative"):
			candidates = []string{name, name + ".rb"}
		case lang == "ruby" && strings.Contains(m[0], "require"):
			if !strings.HasPrefix(name, "./") && !strings.HasPrefix(name, "../") && !strings.HasPrefix(name, "/") {
				continue // a gem
			}
			candidates = []string{name, name + ".rb"}
		case lang == "perl" && strings.Contains(m[0], "require") && !strings.Contains(name, "/") && !strings.Contains(name, "."):
			continue
		}
		for _, f := range candidates {
			if in, via, ok := w.fileInput(f); ok {
				fl := fileLang(f)
				if fl == "" {
					fl = lang
				}
				w.runText(c, in, fl, via, cx)
				break
			}
		}
	}
}

// pytestValues are pytest's options that take a value, skipped looking
// for its operands.
var pytestValues = set("-k", "-m", "-o", "-W", "-n", "--ignore", "--ignore-glob", "--deselect", "--junitxml", "--junit-xml", "--basetemp",
	"--log-file", "--log-level", "--tb", "--maxfail", "--durations", "--cov", "--cov-report", "--import-mode", "--confcutdir", "--override-ini",
	"--pythonwarnings", "--capture", "--rootdir", "-c", "--config-file", "-p", "--dist", "--numprocesses", "--timeout", "--reruns")

// pytestInis are the files pytest reads its settings from, in its order.
var pytestInis = []string{"pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"}

// runnerArgFiles are the files a test runner's arguments make it load,
// besides the ones it finds by name where it runs (codeRunners): pytest's
// directories and files (DIR/conftest.py, DIR/test_*.py), its plugins (-p
// MODULE, also from the addopts of its configuration, -c FILE), its
// --rootdir's conftest.py; unittest's discover -s DIR -p PATTERN and the
// test modules it is named; pip's local projects (pipFiles).
func (w *walker) runnerArgFiles(prog string, args []field) []string {
	if i := slices.IndexFunc(args, func(a field) bool { return a.Value == "-m" }); i >= 0 && i+1 < len(args) && args[i+1].Value == prog {
		args = args[i+2:] // python3 -m pytest ARGS
	}
	switch prog {
	case "pytest", "py.test":
		return w.pytestFiles(args, true)
	case "unittest":
		return unittestFiles(args)
	case "mocha":
		return append(optionValues(args, "-r", "--require"), optionValues(args, "", "--file")...)
	case "jest":
		// jest --config '{"setupFiles": ["./s.js"]}': a configuration given as JSON
		var out []string
		for _, v := range optionValues(args, "-c", "--config") {
			if strings.HasPrefix(strings.TrimSpace(v), "{") {
				for _, m := range testConfigRef().FindAllStringSubmatch(v, 64) {
					out = append(out, nodeModuleFiles(strings.Replace(m[1], "<rootDir>/", "./", 1))...)
				}
			}
		}
		return out
	case "pip", "uv", "pipx":
		return w.pipFiles(args, 0)
	}
	return nil
}

// pipFiles are the build scripts pip install runs for the local projects
// it is given (pip install ./pkg, -e DIR, and those a requirements file
// names, -r FILE): a project's setup.py, or the in-tree build backend its
// pyproject.toml names (backend-path, build-backend).
func (w *walker) pipFiles(args []field, depth int) []string {
	var out []string
	install := depth > 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			continue
		}
		if !install {
			install = v == "install" || v == "wheel" || v == "download" || v == "sync"
			continue
		}
		opt, val, eq := strings.Cut(v, "=")
		if !eq && (v == "-r" || v == "--requirement" || v == "-e" || v == "--editable" || v == "-c" || v == "--constraint") && i+1 < len(args) {
			i++
			opt, val, eq = v, args[i].Value, true
		}
		switch {
		case eq && (opt == "-r" || opt == "--requirement") && depth < 2:
			if in, _, ok := w.fileInput(val); ok && in.Static {
				var reqs []field
				for _, line := range strings.Split(in.Text, "\n") {
					for _, word := range strings.Fields(line) {
						reqs = append(reqs, field{Word: Word{Value: word}})
					}
				}
				out = append(out, w.pipFiles(reqs, depth+1)...)
			}
		case eq && (opt == "-e" || opt == "--editable"):
			out = append(out, w.projectBuild(val)...)
		case strings.HasPrefix(v, "-"):
		case strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "file:"):
			out = append(out, w.projectBuild(strings.TrimPrefix(v, "file:"))...)
		}
	}
	return out
}

// projectBuild are the files a Python project's build runs: its setup.py
// and its in-tree build backend.
func (w *walker) projectBuild(dir string) []string {
	if strings.HasSuffix(dir, ".whl") || strings.HasSuffix(dir, ".tar.gz") || strings.HasSuffix(dir, ".zip") || strings.Contains(dir, "://") {
		return nil
	}
	out := []string{path.Join(dir, "setup.py")}
	in, _, ok := w.fileInput(path.Join(dir, "pyproject.toml"))
	if !ok || !in.Static {
		return out
	}
	backend, paths := "", []string{}
	for _, line := range strings.Split(in.Text, "\n") {
		k, v, ok := strings.Cut(line, "=")
		switch k = strings.TrimSpace(k); {
		case !ok:
		case k == "build-backend":
			backend, _, _ = strings.Cut(unquoteYAML(v), ":")
		case k == "backend-path":
			for _, q := range tfQuoted().FindAllStringSubmatch(strings.ReplaceAll(v, "'", `"`), 8) {
				paths = append(paths, q[1])
			}
		}
	}
	if backend == "" {
		return out
	}
	mod := strings.ReplaceAll(backend, ".", "/")
	for _, p := range paths {
		out = append(out, path.Join(dir, p, mod+".py"), path.Join(dir, p, mod, "__init__.py"))
	}
	return out
}

// pytestFiles are the files pytest loads for args (runnerArgFiles): the
// plugins -p names, the conftest.py of --rootdir, and the test modules it
// collects with the conftest.py files beside them: under each directory
// it is given, or its configuration's testpaths, or where it runs, at any
// depth (DIR/**/NAME, which the reader walks as pytest does, skipping
// dot, dependency and virtual environment directories), named as
// python_files says (test_*.py and *_test.py by default); a test file's
// own and its directories' conftest.py. withIni also reads its
// configuration (the first of pytestInis that is pytest's, or -c FILE):
// addopts' plugins and paths, testpaths, python_files; -o NAME=VALUE
// (--override-ini) sets any of them in the configuration's place.
func (w *walker) pytestFiles(args []field, withIni bool) []string {
	var out, paths, patterns, testpaths []string
	inis := pytestInis
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			continue
		}
		opt, val, hasVal := strings.Cut(v, "=")
		if !hasVal && pytestValues.has(v) && i+1 < len(args) {
			i++
			opt, val, hasVal = v, args[i].Value, !args[i].Dynamic
		} else if !hasVal && strings.HasPrefix(v, "-p") && len(v) > 2 {
			opt, val, hasVal = "-p", v[2:], true
		}
		switch {
		case hasVal && opt == "-p" && !strings.HasPrefix(val, "no:"):
			mod := strings.ReplaceAll(val, ".", "/")
			out = append(out, mod+".py", mod+"/__init__.py")
		case hasVal && (opt == "-c" || opt == "--config-file"):
			inis = []string{val}
		case hasVal && opt == "--rootdir":
			out = append(out, path.Join(val, "conftest.py"))
		case hasVal && (opt == "-o" || opt == "--override-ini"):
			// -o NAME=VALUE: the setting in place of the configuration's
			name, value, _ := strings.Cut(val, "=")
			switch words := strings.Fields(value); strings.TrimSpace(name) {
			case "addopts":
				var opts []field
				for _, o := range words {
					opts = append(opts, field{Word: Word{Value: o}})
				}
				out = append(out, w.pytestFiles(opts, false)...)
			case "python_files":
				patterns = words
			case "testpaths":
				testpaths = words
			}
		case strings.HasPrefix(v, "-"):
		default:
			f, _, _ := strings.Cut(v, "::") // tests/test_x.py::test_y
			paths = append(paths, f)
		}
	}
	overridden := patterns != nil
	if !overridden {
		patterns = []string{"test_*.py", "*_test.py"}
	}
	if len(paths) == 0 {
		paths = testpaths
	}
	if withIni {
		for _, ini := range inis {
			in, _, ok := w.fileInput(ini)
			if !ok {
				continue
			}
			set, ok := pytestSettings(ini, in.Text)
			if !ok && len(inis) > 1 {
				continue // a pyproject.toml, tox.ini or setup.cfg without pytest's section
			}
			var opts []field
			for _, o := range set["addopts"] {
				opts = append(opts, field{Word: Word{Value: o}})
			}
			out = append(out, w.pytestFiles(opts, false)...)
			if len(paths) == 0 {
				for _, t := range set["testpaths"] {
					paths = append(paths, path.Join(path.Dir(ini), t))
				}
			}
			if len(set["python_files"]) > 0 && !overridden {
				patterns = set["python_files"]
			}
			break
		}
		if len(paths) == 0 {
			paths = []string{"."}
		}
		out = append(out, "conftest.py") // the rootdir's
	}
	for _, f := range paths {
		if strings.HasSuffix(f, ".py") {
			out = append(out, f)
			for d := path.Dir(f); ; d = path.Dir(d) {
				out = append(out, path.Join(d, "conftest.py"))
				if d == "." || d == "/" || d == "~" || len(out) > 64 {
					break
				}
			}
			continue
		}
		for d := path.Dir(path.Clean(f)); d != "." && d != "/" && d != "~" && len(out) < 64; d = path.Dir(d) {
			out = append(out, path.Join(d, "conftest.py")) // pytest tests/unit loads tests/conftest.py
		}
		names := []string{"conftest.py"}
		if f != "." {
			names = append(names, "__init__.py") // a test module's packages are imported with it
		} else {
			for _, d := range []string{"tests", "test"} {
				out = append(out, path.Join(d, "**", "__init__.py")) // not the project's own packages
			}
		}
		for _, p := range patterns[:min(len(patterns), 8)] {
			if !strings.ContainsAny(p, "/|") {
				names = append(names, p)
			}
		}
		// one walk for them all, within one budget
		out = append(out, path.Join(f, "**", strings.Join(names, "|")))
	}
	for _, f := range out {
		if !strings.Contains(f, "**") {
			continue
		}
		// the reader's walk cut short: what it read is walked, and this
		// says the rest is not known (buildRunsEarlier marks a file not
		// whole dynamic)
		if in, ok := w.earlierFile(homeSpelled(f)); ok && (!in.Static || w.partial[in.From]) {
			w.issue(IssueLimit, Pos{Line: 1, Col: 1}, fmt.Sprintf("1:1: pytest collects more test files (%s) than hguard reads, or one too large to read; what the rest run is not known", f))
			break
		}
	}
	return out
}

// pytestSections are the sections of pytest's settings in each of its
// configuration files.
var pytestSections = map[string]string{"pytest.ini": "pytest", ".pytest.ini": "pytest", "pyproject.toml": "tool.pytest.ini_options",
	"tox.ini": "pytest", "setup.cfg": "tool:pytest"}

// pytestSettings are the addopts, testpaths and python_files of a pytest
// configuration file, each as its words (an ini's value, its indented
// lines after it too, or a TOML string or list of strings); ok says the
// file has pytest's section (a file given by -c, whatever its name, is
// read as an ini). addopts is read in any section, as pytest would any
// that the reader misplaces.
func pytestSettings(name, text string) (map[string][]string, bool) {
	want, known := pytestSections[path.Base(name)]
	if !known {
		want = "pytest"
	}
	set := map[string][]string{}
	found, in := false, false
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "[") {
			section := strings.Trim(line, "[] ")
			in = section == want || section == "tool.pytest"
			found = found || in
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || k != "addopts" && (!in || k != "testpaths" && k != "python_files") {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") || strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'") {
			for tomlOpen(v) != "" && i+1 < len(lines) {
				i++
				v += "\n" + lines[i]
			}
			var words []string
			for _, q := range tomlString().FindAllStringSubmatch(v, -1) {
				words = append(words, strings.Fields(q[1]+q[2])...)
			}
			set[k] = append(set[k], words...)
			continue
		}
		for i+1 < len(lines) && lines[i+1] != "" && (lines[i+1][0] == ' ' || lines[i+1][0] == '\t') {
			i++
			v += " " + lines[i]
		}
		set[k] = append(set[k], strings.Fields(v)...)
	}
	return set, found || path.Base(name) == "pytest.ini" || path.Base(name) == ".pytest.ini" || !known
}

// unittestFiles are the test modules python3 -m unittest loads for args:
// discover's start directory (-s, or its first operand) and pattern (-p,
// or its second; test*.py by default), or the modules and files it is
// named.
func unittestFiles(args []field) []string {
	if len(args) == 0 || args[0].Value != "discover" {
		var out []string
		for _, a := range args {
			switch v := a.Value; {
			case a.Dynamic || strings.HasPrefix(v, "-"):
			case strings.HasSuffix(v, ".py"):
				out = append(out, v)
			default:
				// tests.test_x.TestY.test_z: a module among the leading names
				parts := strings.Split(v, ".")
				for n := len(parts); n > 0; n-- {
					out = append(out, strings.Join(parts[:n], "/")+".py")
				}
			}
		}
		return out
	}
	start, pattern := ".", "test*.py"
	var ops []string
	for i := 1; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return nil
		}
		opt, val, hasVal := strings.Cut(v, "=")
		if !hasVal && (v == "-s" || v == "-p" || v == "-t" || v == "--start-directory" || v == "--pattern" || v == "--top-level-directory") && i+1 < len(args) {
			i++
			opt, val, hasVal = v, args[i].Value, true
		}
		switch {
		case hasVal && (opt == "-s" || opt == "--start-directory"):
			start = val
		case hasVal && (opt == "-p" || opt == "--pattern"):
			pattern = val
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) > 0 {
		start = ops[0]
	}
	if len(ops) > 1 {
		pattern = ops[1]
	}
	return []string{path.Join(start, "__init__.py"), path.Join(start, pattern), path.Join(start, "*", "__init__.py"), path.Join(start, "*", pattern), path.Join(start, "*", "*", pattern)}
}

// composerScripts are the command lines of a composer.json's scripts
// (composer install runs its post-install-cmd, composer run-script X runs
// X): each a string or a list; @php and @composer run those programs, and
// a reference to another script (@x) or a PHP callback (Class::method) is
// no command line.
func composerScripts(text string) []string {
	var pkg struct {
		Scripts map[string]any `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return nil
	}
	out := []string{}
	add := func(v any) {
		s, ok := v.(string)
		if !ok {
			return
		}
		if rest, ok := strings.CutPrefix(s, "@"); ok {
			if !strings.HasPrefix(rest, "php ") && !strings.HasPrefix(rest, "composer ") {
				return
			}
			s = rest
		}
		if !strings.Contains(s, " ") && strings.Contains(s, "::") {
			return
		}
		out = append(out, s)
	}
	for _, k := range slices.Sorted(maps.Keys(pkg.Scripts)) {
		switch v := pkg.Scripts[k].(type) {
		case []any:
			for _, x := range v {
				add(x)
			}
		default:
			add(v)
		}
	}
	return out
}

// cmakeConfigures reports a cmake line that configures the project in
// the directory it runs in without naming it: cmake -B build, cmake
// --preset X, cmake --workflow --preset X (the source is where it runs);
// not the build, install, tool or script modes.
func cmakeConfigures(args []field) bool {
	configures := false
	for _, a := range args {
		v, _, _ := strings.Cut(a.Value, "=")
		switch {
		case v == "--build" || v == "--install" || v == "--open" || v == "-E" || v == "-P" || v == "-N" || v == "--help" || v == "--version" ||
			v == "--system-information" || v == "--find-package":
			return false
		case strings.HasPrefix(v, "-B") || v == "--preset" || v == "--workflow" || v == "--fresh":
			configures = true
		}
	}
	return configures
}

// cmakeBuildDir is the build directory of cmake --build DIR, "" for
// another mode, a preset's or one known only as it runs.
func cmakeBuildDir(args []field) string {
	for i, a := range args {
		switch {
		case a.Value == "--build" && i+1 < len(args) && !args[i+1].Dynamic && !strings.HasPrefix(args[i+1].Value, "-"):
			return args[i+1].Value
		case strings.HasPrefix(a.Value, "--build=") && !a.Dynamic:
			return strings.TrimPrefix(a.Value, "--build=")
		}
	}
	return ""
}

// runsCMakeBuild follows cmake --build DIR: the project's source is the
// one DIR's CMakeCache.txt names (CMAKE_HOME_DIRECTORY), and its
// CMakeLists.txt's custom commands and targets run in DIR (its
// execute_process too, when the build configures it again). It reports
// whether it read the cache.
func (w *walker) runsCMakeBuild(c *Command, dir string, cx ctx) bool {
	cache, _, ok := w.fileInput(path.Join(dir, "CMakeCache.txt"))
	if !ok || !cache.Static {
		return false
	}
	src := ""
	for _, line := range strings.Split(cache.Text, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "CMAKE_HOME_DIRECTORY:INTERNAL="); ok {
			src = strings.TrimSpace(v)
		}
	}
	if src == "" {
		return true
	}
	file := path.Join(src, "CMakeLists.txt")
	in, via, ok := w.fileInput(file)
	if !ok {
		return true
	}
	if !in.Static || in.Remote || in.Decoded {
		c.Untrusted = untrusted(in)
		return true
	}
	for _, cmd := range cmakeCommands(in.Text) {
		w.nestedAt(c, dir, cmd, c.Name+" --build "+dir+": "+via, cx)
	}
	return true
}

// cmakeCommand finds CMake's calls that run commands: execute_process
// when the project is configured (or the script runs), add_custom_command
// and add_custom_target when it is built, the step a configure is for.
var cmakeCommand = lazyRegexp(`(?is)\b(execute_process|add_custom_command|add_custom_target)\s*\(([^)]*)\)`)

// cmakeKeywords end a COMMAND's arguments, in execute_process,
// add_custom_command and add_custom_target.
var cmakeKeywords = set("COMMAND", "WORKING_DIRECTORY", "TIMEOUT", "RESULT_VARIABLE", "RESULTS_VARIABLE", "OUTPUT_VARIABLE",
	"ERROR_VARIABLE", "INPUT_FILE", "OUTPUT_FILE", "ERROR_FILE", "OUTPUT_QUIET", "ERROR_QUIET", "COMMAND_ECHO", "OUTPUT_STRIP_TRAILING_WHITESPACE",
	"ERROR_STRIP_TRAILING_WHITESPACE", "ENCODING", "ECHO_OUTPUT_VARIABLE", "ECHO_ERROR_VARIABLE", "COMMAND_ERROR_IS_FATAL",
	"OUTPUT", "MAIN_DEPENDENCY", "DEPENDS", "BYPRODUCTS", "IMPLICIT_DEPENDS", "COMMENT", "DEPFILE", "JOB_POOL", "JOB_SERVER_AWARE",
	"VERBATIM", "APPEND", "USES_TERMINAL", "CODEGEN", "COMMAND_EXPAND_LISTS", "DEPENDS_EXPLICIT_ONLY", "TARGET", "PRE_BUILD",
	"PRE_LINK", "POST_BUILD", "SOURCES", "ALL")

// cmakeEnv finds CMake's reference to an environment variable, $ENV{NAME}.
var cmakeEnv = lazyRegexp(`\$ENV\{(\w+)\}`)

// cmakeArg is a CMake argument as a shell word: quoted, but for
// $ENV{NAME}, which becomes the shell's "$NAME" ($ENV{HOME}/.ssh is ~/.ssh).
func cmakeArg(word string) string {
	var b strings.Builder
	last := 0
	for _, m := range cmakeEnv().FindAllStringSubmatchIndex(word, -1) {
		if m[0] > last {
			b.WriteString(shellQuote(word[last:m[0]]))
		}
		b.WriteString(`"${` + word[m[2]:m[3]] + `}"`)
		last = m[1]
	}
	if last == 0 || last < len(word) {
		b.WriteString(shellQuote(word[last:]))
	}
	return b.String()
}

// cmakeCommands are the command lines a CMake file's calls run
// (cmakeCommand): each COMMAND's words, as an argv; add_custom_target's
// first command may follow its name (and ALL) without COMMAND.
func cmakeCommands(text string) []string {
	var out []string
	for _, m := range cmakeCommand().FindAllStringSubmatch(text, 32) {
		var cmd []string
		flush := func() {
			if len(cmd) > 0 {
				out = append(out, strings.Join(cmd, " "))
			}
			cmd = nil
		}
		words := cmakeWords(m[2])
		in := false
		if strings.EqualFold(m[1], "add_custom_target") && len(words) > 0 {
			words, in = words[1:], true // add_custom_target(NAME [ALL] CMD ARGS…)
			if len(words) > 0 && words[0] == "ALL" {
				words = words[1:]
			}
		}
		for _, word := range words {
			switch {
			case word == "COMMAND":
				flush()
				in = true
			case cmakeKeywords.has(word):
				flush()
				in = false
			case in:
				cmd = append(cmd, cmakeArg(word))
			}
		}
		flush()
	}
	// file(REMOVE_RECURSE …), file(REMOVE …) and file(WRITE|APPEND F …)
	// of a path outside the build (/…, ~, $ENV{HOME}) as the commands
	// they stand for, so that the path rules apply; the build's own
	// (${CMAKE_BINARY_DIR}/gen, out.txt) are its business
	for _, m := range cmakeFileOp().FindAllStringSubmatch(text, 32) {
		words := slices.DeleteFunc(cmakeWords(m[2]), func(w string) bool {
			return !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~") && !strings.HasPrefix(w, "$ENV{")
		})
		switch op := strings.ToUpper(m[1]); {
		case len(words) == 0:
		case op == "REMOVE_RECURSE" || op == "REMOVE":
			argv := []string{"rm", "-f"}
			if op == "REMOVE_RECURSE" {
				argv[1] = "-rf"
			}
			for _, w := range words {
				argv = append(argv, cmakeArg(w))
			}
			out = append(out, strings.Join(argv, " ")+" --")
		default:
			out = append(out, "tee -a "+cmakeArg(words[0])+" </dev/null")
		}
	}
	return out
}

// cmakeFileOp finds CMake's file() calls that delete or write files.
var cmakeFileOp = lazyRegexp(`(?is)\bfile\s*\(\s*(REMOVE_RECURSE|REMOVE|WRITE|APPEND)\s+([^)]*)\)`)

// cmakeWords splits CMake arguments: bare words and "quoted" ones.
func cmakeWords(s string) []string {
	var out []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := 1
			for end < len(s) && s[end] != '"' {
				if s[end] == '\\' {
					end++
				}
				end++
			}
			out = append(out, strings.ReplaceAll(s[1:min(end, len(s))], `\"`, `"`))
			s = s[min(end+1, len(s)):]
			continue
		}
		end := strings.IndexAny(s, " \t\n")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// mesonCommand finds Meson's run_command, which runs when the project is
// configured: its quoted arguments are an argv.
var mesonCommand = lazyRegexp(`run_command\s*\(([^)]*)\)`)

// mesonCommands are the command lines a meson.build's run_command calls run.
func mesonCommands(text string) []string {
	var out []string
	for _, m := range mesonCommand().FindAllStringSubmatch(text, 16) {
		var argv []string
		for _, q := range quotedStrings().FindAllStringSubmatch(m[1], 64) {
			argv = append(argv, shellQuote(q[1]))
		}
		if len(argv) > 0 {
			out = append(out, strings.Join(argv, " "))
		}
	}
	return out
}

// quotedStrings finds the single-quoted strings of Meson's language.
var quotedStrings = lazyRegexp(`'((?:[^'\\]|\\.)*)'`)

// optionValues are the values given to a short option (-F FILE, -FFILE)
// or a long one (--opt=FILE, --opt FILE); "" names none.
func optionValues(args []field, short, long string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || a.Value == "--" {
			break
		}
		v := a.Value
		switch {
		case short != "" && v == short || long != "" && v == long:
			if i+1 < len(args) && !args[i+1].Dynamic {
				i++
				out = append(out, args[i].Value)
			}
		case long != "" && strings.HasPrefix(v, long+"="):
			out = append(out, v[len(long)+1:])
		case short != "" && len(v) > len(short) && strings.HasPrefix(v, short) && !strings.HasPrefix(v, "--"):
			out = append(out, v[len(short):])
		}
	}
	return out
}

// sshConfigCommands are the command lines an ssh configuration runs on
// the client: ProxyCommand, LocalCommand, KnownHostsCommand and the
// command of Match exec; and the files it includes (Include FILE…). A
// keyword may be quoted and end in = ("ProxyCommand"=CMD), as
// ssh_config(5) reads it.
func sshConfigCommands(text string) (out, includes []string) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.IndexAny(line, " \t=")
		if i < 0 {
			continue
		}
		key, rest := strings.ToLower(strings.Trim(line[:i], `"`)), strings.TrimSpace(line[i:])
		rest = strings.TrimSpace(strings.TrimPrefix(rest, "="))
		f := append([]string{key}, strings.Fields(rest)...)
		if len(f) < 2 {
			continue
		}
		switch key {
		case "proxycommand", "localcommand", "knownhostscommand":
			if !strings.EqualFold(rest, "none") {
				out = append(out, rest)
			}
		case "include":
			for _, inc := range f[1:] {
				includes = append(includes, strings.Trim(inc, `"`))
			}
		case "match":
			for i := 1; i+1 < len(f); i++ {
				if strings.EqualFold(strings.TrimPrefix(f[i], "!"), "exec") { // Match !exec runs it too
					cmd := strings.Join(f[i+1:], " ")
					if m := sshQuoted().FindString(cmd); m != "" && strings.HasPrefix(cmd, `"`) {
						cmd = unquote(m)
					} else {
						cmd = f[i+1]
					}
					out = append(out, cmd)
				}
			}
		}
	}
	return out, includes
}

// hgrcCommands are the command lines a Mercurial configuration runs: its
// [hooks] (not python: ones, which name a function) and its [alias]
// entries starting with ! (shell aliases).
func hgrcCommands(text string) []string {
	var out []string
	section := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		_, v, ok := strings.Cut(line, "=")
		if !ok || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
			continue
		}
		v = strings.TrimSpace(v)
		switch {
		case section == "hooks" && v != "" && !strings.HasPrefix(v, "python:"):
			out = append(out, v)
		case section == "alias" && strings.HasPrefix(v, "!"):
			out = append(out, strings.TrimSpace(v[1:]))
		}
	}
	return out
}

// sshQuoted is a double-quoted word of an ssh configuration.
var sshQuoted = lazyRegexp(`^"(?:[^"\\]|\\.)*"`)

// pythonModule is the module python -m runs, or "".
func pythonModule(args []field) string {
	for i, a := range args {
		v := a.Value
		if a.Dynamic || !strings.HasPrefix(v, "-") || v == "-" || v == "--" {
			return ""
		}
		if m, ok := strings.CutPrefix(v, "-m"); ok {
			if m == "" && i+1 < len(args) {
				m = args[i+1].Value
			}
			return m
		}
	}
	return ""
}

// runsStartup follows the start-up files a shell reads from a home its
// environment moves (HOME=. bash -i, ZDOTDIR=d zsh -c …, XDG_CONFIG_HOME
// for fish) when the line or the session wrote one there: echo 'rm -rf ~'
// > .bashrc; HOME=. bash -i runs it. Which of them a shell reads depends
// on how it starts (login, interactive), so each written one is taken.
func (w *walker) runsStartup(c *Command, prog string, run func(lang string, names ...string)) {
	dir := func(name string) (string, bool) {
		for _, a := range c.Assigns {
			if a.Name != name {
				continue
			}
			if !a.Value.Dynamic {
				return a.Value.Value, a.Value.Value != ""
			}
			if rest, ok := inWorkingDir(a.Value.Value); ok {
				return rest, true // HOME=$PWD, HOME=$(pwd)/h
			}
			k := varKey(a.Value.Value)
			return k, k != ""
		}
		if v, ok := w.vars[name]; ok && v != "" && !strings.ContainsAny(v, "$`") {
			return v, true // export HOME=…; bash -i
		}
		return "", false
	}
	var files []string
	switch prog {
	case "bash", "rbash":
		files = []string{".bashrc", ".bash_profile", ".bash_login", ".profile"}
	case "zsh":
		files = []string{".zshenv", ".zprofile", ".zshrc", ".zlogin"}
		if d, ok := dir("ZDOTDIR"); ok {
			for _, f := range files {
				run("sh", path.Join(d, f))
			}
			return
		}
	case "fish":
		if d, ok := dir("XDG_CONFIG_HOME"); ok {
			run("sh", path.Join(d, "fish/config.fish"))
			return
		}
		files = []string{".config/fish/config.fish"}
	case "ksh", "ksh93", "mksh", "pdksh":
		files = []string{".profile", ".kshrc", ".mkshrc"}
	default:
		files = []string{".profile"}
	}
	if d, ok := dir("HOME"); ok && d != "~" {
		for _, f := range files {
			run("sh", path.Join(d, f))
		}
	}
}

// runsLoaded follows the files a program loads before its own work, named
// by its environment or an option: bash runs $BASH_ENV first (BASH_ENV=x.sh
// bash -c ls), a shell started interactive $ENV; node the modules
// NODE_OPTIONS requires; perl the modules -MNAME and PERL5OPT name, ruby
// those of -rNAME and RUBYOPT; yarn the release its .yarnrc.yml's yarnPath
// names, which runs in its place.
func (w *walker) runsLoaded(c *Command, args []field, cx ctx) {
	env := func(name string) string {
		for _, a := range c.Assigns {
			if a.Name == name {
				if a.Value.Dynamic {
					return varKey(a.Value.Value)
				}
				return a.Value.Value
			}
		}
		return w.vars[name] // export BASH_ENV=x.sh; bash …
	}
	run := func(lang string, names ...string) {
		for _, n := range names {
			if in, via, ok := w.fileInput(n); n != "" && ok {
				w.runText(c, in, lang, via, cx)
				return
			}
		}
	}
	// words of an option list (NODE_OPTIONS, PERL5OPT), and the argv's
	words := func(opts string) []string {
		out := strings.Fields(opts)
		for _, a := range args {
			if !a.Dynamic {
				out = append(out, a.Value)
			}
		}
		return out
	}
	// known reports a configuration's text known whole; one appended to
	// or too large to read holds commands known at run time only
	known := func(in Input) bool {
		if !in.Static && c.Untrusted == "" {
			c.Untrusted = untrusted(in)
		}
		return in.Static
	}
	hasArg := func(opts ...string) bool {
		return slices.ContainsFunc(args, func(a field) bool { return slices.Contains(opts, a.Value) })
	}
	prog := program(c.Name)
	switch lang := interpreter(c.Name); {
	case shells.has(prog):
		aliases := maps.Clone(w.aliases)
		if prog == "bash" {
			run("sh", env("BASH_ENV"))
		}
		run("sh", env("ENV"))
		w.runsStartup(c, prog, run)
		if !maps.Equal(aliases, w.aliases) {
			// an alias a start-up file defines is expanded in the
			// command an interactive shell runs after it (checked
			// against bash 5.2): printf 'alias ls="rm -rf ~"' > rc;
			// bash --rcfile rc -ic ls
			w.shell(c, args, cx)
		}
	case prog == "deno" && slices.ContainsFunc(args, func(a field) bool { return a.Value == "task" }):
		// deno task NAME runs deno.json's tasks
		for _, f := range []string{"deno.json", "deno.jsonc"} {
			if in, via, ok := w.fileInput(f); ok && in.Static {
				for _, cmd := range jsonTasks(in.Text) {
					w.nested(c, cmd, via, cx, false)
				}
			}
		}
	case lang == "node":
		ws := strings.Fields(env("NODE_OPTIONS"))
		for i, o := range ws {
			name, ok := "", false
			if (o == "-r" || o == "--require" || o == "--import") && i+1 < len(ws) {
				name, ok = ws[i+1], true
			} else if v, found := strings.CutPrefix(o, "--require="); found {
				name, ok = v, true
			} else if v, found := strings.CutPrefix(o, "--import="); found {
				name, ok = v, true
			}
			if ok {
				run("node", name, name+".js")
			}
		}
		if prog == "bun" {
			// bunfig.toml's preload (and its [test] preload) names scripts
			// bun runs before every file, script or test it runs
			if in, _, ok := w.fileInput("bunfig.toml"); ok && known(in) {
				for _, m := range bunPreload().FindAllStringSubmatch(in.Text, -1) {
					for _, q := range tomlStrings().FindAllStringSubmatch(m[1], -1) {
						run("node", q[1]+q[2])
					}
				}
			}
		}
	case lang == "perl":
		for _, o := range words(env("PERL5OPT")) {
			if o == "--" || len(o) > 2 && o[0] != '-' {
				break // the script and its arguments
			}
			if m, ok := strings.CutPrefix(o, "-M"); ok || strings.HasPrefix(o, "-m") {
				if !ok {
					m = o[2:]
				}
				m, _, _ = strings.Cut(strings.TrimPrefix(m, "-"), "=")
				m, _, _ = strings.Cut(m, ";")
				file := strings.ReplaceAll(m, "::", "/") + ".pm"
				run("perl", file, "lib/"+file)
			}
		}
	case lang == "ruby" || prog == "pry":
		switch prog {
		case "pry":
			run("ruby", ".pryrc")
		case "irb":
			run("ruby", env("IRBRC"), ".irbrc", "irb.rc") // where no ~/.irbrc comes first
		}
		for _, o := range words(env("RUBYOPT")) {
			if o == "--" || len(o) > 2 && o[0] != '-' {
				break
			}
			if r, ok := strings.CutPrefix(o, "-r"); ok && r != "" {
				run("ruby", r, r+".rb")
			}
		}
	case lang == "r" && !hasArg("--vanilla", "--no-init-file"):
		// R and Rscript source R_PROFILE_USER, else ./.Rprofile
		run("r", env("R_PROFILE_USER"), ".Rprofile")
	case prog == "octave" || prog == "octave-cli":
		if !hasArg("--norc", "-f", "--no-init-file") {
			run("system", ".octaverc") // read where it starts, as octave's code
		}
	case lang == "python" && pythonModule(args) == "pdb", prog == "pdb":
		run("python", ".pdbrc") // its commands: !stmt and Python statements
	case lang == "php" && !hasArg("-n", "--no-php-ini"), phpPrograms.has(prog):
		// an ini file (-c FILE or DIR, PHPRC, PHP_INI_SCAN_DIR's *.ini)
		// names PHP files run before and after every script; PHP's
		// tools (composer, phpunit) read the environment's
		var inis []string
		var given []string
		if lang == "php" {
			given = optionValues(args, "-c", "--php-ini")
		}
		for _, f := range append(given, env("PHPRC")) {
			if f != "" {
				inis = append(inis, f, path.Join(f, "php-cli.ini"), path.Join(f, "php.ini"))
			}
		}
		for _, d := range strings.Split(env("PHP_INI_SCAN_DIR"), ":") {
			for _, f := range slices.Sorted(maps.Keys(w.files)) {
				if d != "" && path.Ext(f) == ".ini" && path.Clean(path.Dir(f)) == path.Clean(d) {
					inis = append(inis, f)
				}
			}
		}
		for _, f := range inis {
			if in, _, ok := w.fileInput(f); ok && known(in) {
				for _, line := range strings.Split(in.Text, "\n") {
					k, v, ok := strings.Cut(line, "=")
					if k = strings.TrimSpace(k); ok && (k == "auto_prepend_file" || k == "auto_append_file") {
						run("php", unquoteYAML(v))
					}
				}
			}
		}
	case vimPrograms.has(prog) && !hasArg("--clean", "-Z") && !slices.ContainsFunc(args, func(a field) bool { return strings.HasPrefix(a.Value, "-u") }):
		// a vimrc or exrc where vim starts is sourced once 'exrc' is on
		// (a user's vimrc, --cmd 'set exrc'; Neovim's asks trust): one
		// the line or the session wrote is read as its commands. -u
		// names the only vimrc and skips it
		for _, f := range []string{".vimrc", ".exrc", "_vimrc", "_exrc", ".nvimrc", ".nvim.lua"} {
			if in, via, ok := w.fileInput(f); ok && known(in) {
				if f == ".nvim.lua" {
					w.runText(c, in, "lua", via, cx)
				} else {
					w.runGiven(c, prog, "vim", f, in, via, cx)
				}
			}
		}
	case prog == "run-mailcap" || prog == "see" || prog == "edit" || prog == "compose":
		// MAILCAPS: the mailcap files whose view command (and test=CMD)
		// runs for a file's type
		for _, f := range strings.Split(env("MAILCAPS"), ":") {
			if in, via, ok := w.fileInput(f); f != "" && ok && known(in) {
				for _, cmd := range mailcapCommands(in.Text) {
					w.nested(c, cmd, via, cx, false)
				}
			}
		}
	case prog == "redis-cli" || prog == "valkey-cli" || prog == "keydb-cli":
		// --eval FILE runs the Lua script FILE holds, as EVAL would
		for _, f := range optionValues(args, "", "--eval") {
			if in, via, ok := w.fileInput(f); ok && known(in) {
				w.nested(c, prog+" EVAL "+shellQuote(in.Text)+" 0", via, cx, false)
			}
		}
	case prog == "psql" && !hasArg("-X", "--no-psqlrc"):
		run("psql", env("PSQLRC"))
	case prog == "cargo":
		// .cargo/config.toml where it runs, and $CARGO_HOME's: a target's
		// runner, a rustc wrapper or a linker is a program cargo runs
		files := []string{".cargo/config.toml", ".cargo/config"}
		if home := env("CARGO_HOME"); home != "" {
			files = append(files, path.Join(home, "config.toml"), path.Join(home, "config"))
		}
		for _, f := range files {
			if in, via, ok := w.fileInput(f); ok && in.Static {
				for _, line := range strings.Split(in.Text, "\n") {
					if cmd := cargoConfigCommand(line); cmd != "" {
						w.nested(c, cmd, via, cx, false)
					}
				}
			}
		}
	case prog == "patch" || prog == "git" && gitApplies(args):
		// a diff the line or the session wrote (patch -p1 < p.diff, git
		// apply p.diff) writes the files its headers name, as
		// apply_patch's are (red team, 2026-12-05: a diff of
		// .claude/settings.json applied by git apply was allowed)
		for _, in := range w.diffInputs(c, args) {
			if !in.Static || in.Remote {
				continue // a fetched patch: fetchedPatch
			}
			via := c.Name + " diff input"
			if in.From != "" {
				via = c.Name + " diff " + in.From
			}
			for _, p := range diffTargets(in.Text) {
				w.nested(c, "tee -- "+shellQuote(p)+" >/dev/null </dev/null", via, cx, false)
			}
		}
	case prog == "ssh" || prog == "scp" || prog == "sftp" || prog == "sshfs":
		// -F FILE: its ProxyCommand, LocalCommand, KnownHostsCommand and
		// and Match exec run on this machine, and so do those of the files
		// it includes (Include FILE…: a relative FILE is under ~/.ssh)
		files, _ := sshConfigFiles(prog, args)
		if prog == "sshfs" {
			files = optionValues(args, "-F", "")
		}
		seen := map[string]bool{}
		for n := 0; n < len(files) && n < maxGitIncludes; n++ {
			f := files[n]
			if seen[f] {
				continue
			}
			seen[f] = true
			if in, via, ok := w.fileInput(f); ok && known(in) {
				cmds, includes := sshConfigCommands(in.Text)
				for _, cmd := range cmds {
					w.nested(c, cmd, via, cx, false)
				}
				for _, inc := range includes {
					if !strings.HasPrefix(inc, "/") && !strings.HasPrefix(inc, "~") {
						files = append(files, path.Join(path.Dir(f), inc)) // as the line's own file beside it
						inc = "~/.ssh/" + inc
					}
					files = append(files, inc)
				}
			}
		}
	case prog == "mysql" || prog == "mariadb":
		// an options file's pager runs the output through a command
		files := append(optionValues(args, "", "--defaults-file"), optionValues(args, "", "--defaults-extra-file")...)
		for _, f := range files {
			if in, via, ok := w.fileInput(f); ok && in.Static {
				for _, line := range strings.Split(in.Text, "\n") {
					k, v, ok := strings.Cut(line, "=")
					if k = strings.TrimSpace(k); ok && (k == "pager" || k == "--pager") {
						if v = strings.TrimSpace(v); len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
							v = unquote(v)
						}
						w.nested(c, v, via, cx, false)
					}
				}
			}
		}
	case prog == "rg":
		// RIPGREP_CONFIG_PATH: one argument a line, --pre CMD among them
		// runs CMD on every file searched, judged as rg --pre CMD is (a
		// --pre rm deletes each); --no-config reads no such file
		noConfig := slices.ContainsFunc(args, func(a field) bool { return a.Value == "--no-config" })
		if in, via, ok := w.fileInput(env("RIPGREP_CONFIG_PATH")); ok && known(in) && !noConfig {
			lines := strings.Split(in.Text, "\n")
			for i, l := range lines {
				l = strings.TrimSpace(l)
				cmd, ok := strings.CutPrefix(l, "--pre=")
				if !ok && l == "--pre" && i+1 < len(lines) {
					cmd, ok = strings.TrimSpace(lines[i+1]), true
				}
				if ok && cmd != "" {
					w.nested(c, "rg --no-config --pre "+shellQuote(cmd), via, cx, false)
				}
			}
		}
	case prog == "hg":
		// a repository's .hg/hgrc (or HGRCPATH's): its hooks and shell
		// aliases run as hg does
		for _, f := range []string{env("HGRCPATH"), ".hg/hgrc"} {
			if in, via, ok := w.fileInput(f); f != "" && ok && known(in) {
				for _, cmd := range hgrcCommands(in.Text) {
					w.nested(c, cmd, via, cx, false)
				}
			}
		}
	case prog == "pip" && env("PIP_CONFIG_FILE") != "":
		// PIP_CONFIG_FILE names the configuration pip reads last: its
		// index-url, extra-index-url and find-links are where it
		// installs from, as pip install --index-url URL is
		if in, via, ok := w.fileInput(env("PIP_CONFIG_FILE")); ok && known(in) {
			for _, line := range strings.Split(in.Text, "\n") {
				k, v, ok := strings.Cut(line, "=")
				switch k = strings.ReplaceAll(strings.TrimSpace(k), "_", "-"); {
				case ok && (k == "index-url" || k == "extra-index-url" || k == "find-links"):
					for _, u := range strings.Fields(v) {
						w.nested(c, "pip install --"+k+" "+shellQuote(u)+" x", via, cx, false)
					}
				}
			}
		}
	case prog == "brew" && len(args) > 0 && args[0].Value == "bundle":
		run("ruby", "Brewfile") // a Ruby DSL, evaluated
	case prog == "nix-shell" && !slices.ContainsFunc(args, func(a field) bool { return a.Value == "-p" || a.Value == "--packages" }),
		prog == "nix" && len(args) > 0 && (args[0].Value == "develop" || args[0].Value == "shell"):
		// a shell.nix's (a flake's devShell's) shellHook runs in the shell
		for _, f := range []string{"shell.nix", "default.nix", "flake.nix"} {
			if in, via, ok := w.fileInput(f); ok && in.Static {
				for _, m := range nixShellHook().FindAllStringSubmatch(in.Text, 8) {
					w.nested(c, m[1]+m[2], via, cx, false)
				}
				break
			}
		}
	case packageRunners.has(prog) && prog != "bun":
		if prog == "pnpm" {
			run("node", ".pnpmfile.cjs", ".pnpmfile.mjs") // its hooks run on install
		}
		// .npmrc: script-shell runs every script, node-options requires
		// a module into each node, onload-script (npm 6) runs at start;
		// so does the user configuration named by --userconfig FILE or
		// NPM_CONFIG_USERCONFIG, read beside the project's
		rcs := []string{".npmrc", env("NPM_CONFIG_USERCONFIG"), env("npm_config_userconfig")}
		for i, a := range args {
			if v, ok := strings.CutPrefix(a.Value, "--userconfig="); ok && !a.Dynamic {
				rcs = append(rcs, v)
			} else if a.Value == "--userconfig" && i+1 < len(args) && !args[i+1].Dynamic {
				rcs = append(rcs, args[i+1].Value)
			}
		}
		for _, rc := range rcs {
			in, _, ok := w.fileInput(rc)
			if rc == "" || !ok || !in.Static {
				continue
			}
			for _, line := range strings.Split(in.Text, "\n") {
				k, v, ok := strings.Cut(line, "=")
				v = unquoteYAML(v)
				switch k = strings.TrimSpace(k); {
				case !ok:
				case k == "script-shell":
					if f := strings.Fields(v); len(f) > 0 && !shells.has(program(f[0])) {
						run("sh", f[0])
					}
				case k == "onload-script":
					run("node", v)
				case k == "node-options":
					ws := strings.Fields(v)
					for i, o := range ws {
						if (o == "-r" || o == "--require") && i+1 < len(ws) {
							run("node", ws[i+1], ws[i+1]+".js")
						}
					}
				}
			}
		}
		if prog != "yarn" {
			break
		}
		fallthrough
	case prog == "yarn":
		// yarnPath: .yarn/releases/yarn-x.cjs (berry); yarn-path "x.js" (.yarnrc, v1)
		for _, rc := range []string{".yarnrc.yml", ".yarnrc"} {
			in, _, ok := w.fileInput(rc)
			if !ok || !in.Static {
				continue
			}
			for _, line := range strings.Split(in.Text, "\n") {
				k, v, ok := strings.Cut(strings.TrimSpace(line), ":")
				if !ok {
					k, v, ok = strings.Cut(strings.TrimSpace(line), " ")
				}
				if ok && (strings.TrimSpace(k) == "yarnPath" || strings.TrimSpace(k) == "yarn-path") {
					run("node", unquoteYAML(v))
				}
			}
		}
	}
}

// bunPreload matches a bunfig.toml preload setting, its value a string or
// an array (over several lines too); tomlStrings the strings in it.
var (
	bunPreload  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*preload\s*=\s*(\[[^\]]*\]|"[^"]*"|'[^']*')`) })
	tomlStrings = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`"([^"]*)"|'([^']*)'`) })
)

// mailcapCommands are the command lines a mailcap file's entries run:
// TYPE; COMMAND; flags, where a test=CMD flag runs too.
func mailcapCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(strings.ReplaceAll(text, "\\\n", ""), "\n") {
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, ";")
		for i, f := range fields[1:] {
			f = strings.TrimSpace(f)
			if k, v, ok := strings.Cut(f, "="); ok && i > 0 && strings.TrimSpace(k) == "test" {
				out = append(out, strings.TrimSpace(v))
			} else if i == 0 && f != "" {
				out = append(out, f)
			}
		}
	}
	return out
}

// vimPrograms are vim's names and Neovim's, which read a vimrc or an
// exrc where they start when 'exrc' is set.
var vimPrograms = set("vim", "vi", "nvim", "view", "vimdiff", "gvim", "gview", "nvim-qt", "neovide")

// phpPrograms are PHP scripts run by name, whose php reads PHPRC and
// PHP_INI_SCAN_DIR.
var phpPrograms = set("composer", "phpunit", "phpstan", "psalm", "pest", "php-cs-fixer", "phpcs", "drush", "wp", "artisan", "symfony")

// gradleExec finds the commands a Gradle script runs: "CMD".execute(),
// Runtime's exec("CMD"), an Exec task's commandLine and a ProcessBuilder's
// arguments (an argv).
var (
	gradleString = lazyRegexp(`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\.execute\s*\(|\bexec\s*\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*\)`)
	gradleArgv   = lazyRegexp(`(?:commandLine|ProcessBuilder)\s*(?:=\s*listOf)?\s*[( ]\s*\[?((?:\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?)+)`)
	gradleQuoted = lazyRegexp(`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`)
)

// gradleCommands are the command lines a Gradle build script runs.
func gradleCommands(text string) []string {
	var out []string
	for _, m := range gradleString().FindAllStringSubmatch(text, 16) {
		out = append(out, m[1]+m[2]+m[3]+m[4]) // one of them is set
	}
	for _, m := range gradleArgv().FindAllStringSubmatch(text, 16) {
		out = append(out, quotedArgv(m[1]))
	}
	return append(out, groovyExecs(text)...)
}

// quotedArgv is a list of quoted strings ("rm", '-rf', …), a build file's
// argv, as a shell line of those words.
func quotedArgv(list string) string {
	var argv []string
	for _, q := range gradleQuoted().FindAllStringSubmatch(list, 64) {
		argv = append(argv, shellQuote(q[1]+q[2]))
	}
	return strings.Join(argv, " ")
}

// noxRun is a nox session's session.run("PROG", "ARG", …) (or
// run_always), whose string literals are the program and its words.
var noxRun = lazyRegexp(`\bsession\.run(?:_always)?\(\s*((?:\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?)+)`)

// noxCommands are the command lines a noxfile's sessions run, their
// literal words (session.posargs and the like, known as it runs, left
// off).
func noxCommands(text string) []string {
	var out []string
	for _, m := range noxRun().FindAllStringSubmatch(text, 32) {
		out = append(out, quotedArgv(m[1]))
	}
	return out
}

// runnerRecipes are the command lines a build file of the long tail holds
// for prog, which reads it by name (gradle's build.gradle), or nil.
func runnerRecipes(prog, file, text string) []string {
	if (prog == "gradle" || prog == "gradlew") && strings.Contains(baseName(file), ".gradle") {
		return gradleCommands(text)
	}
	if scriptTables[prog] != nil {
		return tomlScripts(text, prog)
	}
	if prog == "lefthook" {
		return yamlListUnder(text, "", "run") // each command's run: CMD
	}
	if prog == "tilt" {
		return tiltCommands(text)
	}
	return nil
}

// tiltString and tiltArgv find what a Tiltfile (Starlark) runs as tilt
// reads it or serves: local(CMD), and a local_resource's or custom_build's
// cmd, serve_cmd or command, each a string (a shell line) or a list (an
// argv).
var (
	tiltString = lazyRegexp(`\b(?:local|cmd|serve_cmd|command)\s*[(=]\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`)
	tiltArgv   = lazyRegexp(`\b(?:local|cmd|serve_cmd|command)\s*[(=]\s*\[((?:\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?)+)\]`)
)

// tiltCommands are the command lines a Tiltfile's text runs.
func tiltCommands(text string) []string {
	var out []string
	for _, m := range tiltString().FindAllStringSubmatch(text, 32) {
		out = append(out, m[1]+m[2])
	}
	for _, m := range tiltArgv().FindAllStringSubmatch(text, 32) {
		out = append(out, quotedArgv(m[1]))
	}
	return out
}

// configOption reports an option whose name says its value is a file of
// code, settings or commands the program runs or reads first: --script,
// --config, --rcfile, --init-file, --hook, --plugin, --profile, --source,
// --load, and the short -c, -C, -x, -S and -u.
var configOption = lazyRegexp(`^(?:-[cCxSu]|--?[\w-]*(?:script|conf|rc|init|hook|plugin|profile|source|load|setup|startup|command|exec)[\w-]*)$`)

// notSettings are the extensions of files that are no program's settings:
// source code other programs compile or check, documents and data.
var notSettings = set(".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".java", ".rs", ".go", ".ts", ".tsx", ".jsx", ".swift",
	".kt", ".kts", ".cs", ".m", ".mm", ".s", ".asm", ".o", ".a", ".so", ".class", ".jar", ".md", ".txt", ".csv", ".tsv", ".log",
	".html", ".css", ".scss", ".sql", ".svg", ".png", ".jpg", ".pdf")

// codeFileHosts are the programs that run a file in one language they are
// given, other than the interpreters (codeHosts' nmap --script, pandoc -L,
// pdb, needrestart -c, byebug).
func codeFileHost(prog string) string {
	if interpreter(prog) != "" || prog == "pip" || prog == "pipx" || prog == "poetry" || prog == "easy_install" {
		return "" // scriptOf's and the manifests'
	}
	return codeHosts[prog]
}

// runsGivenEarlier follows a file an earlier command of the session wrote
// that c is given as a configuration or script, as writtenFiles does for
// one written on this line: code in the language of a program that runs
// one (nmap --script x.nse), a line starting a shell (exec /bin/sh, an
// escape "NAME @FILE"), a script (#!) or a setting that names a command.
// Programs that only read, keep or handle files are left alone.
func (w *walker) runsGivenEarlier(c *Command, args []field, cx ctx) {
	prog := program(c.Name)
	if dataPrograms.has(prog) || writtenDataUsers.has(prog) {
		return
	}
	// a configuration in the environment (KUBECONFIG=k kubectl …,
	// GIT_CONFIG_GLOBAL=g git log): read whatever the program does with
	// its arguments
	for _, a := range c.Assigns {
		if !a.Value.Dynamic && configEnv().MatchString(a.Name) && !w.writtenHere(a.Value.Value) {
			if in, ok := w.earlierFile(homeSpelled(a.Value.Value)); ok {
				w.runConfig(c, a.Value.Value, in, cx)
			}
		}
	}
	if notLaunchers.has(prog) || fileKeepers.has(prog) || shells.has(prog) || interpreter(c.Name) != "" || givenRunners()[prog].lang != "" ||
		runnerFiles(prog) != nil && configLoaders[prog] == nil || c.Name == "find" {
		return // git add ci.yml keeps the file; the others' files are read elsewhere
	}
	// a cluster tool's manifests (kubectl apply -f pod.yaml) run in the
	// cluster: only its own configuration is read (--kubeconfig)
	isConfig := func(o string) bool { return configOption().MatchString(o) }
	if opts := configOptions[prog]; opts != nil {
		isConfig = func(o string) bool { return slices.Contains(opts, o) }
	}
	host := codeFileHost(prog)
	for i, a := range args {
		opt, val, eq := strings.Cut(a.Value, "=")
		name, byOption := "", true
		switch {
		case a.Dynamic:
		case eq && isConfig(opt):
			name = val // --config=FILE
		case i > 0 && isConfig(args[i-1].Value) && !strings.HasPrefix(a.Value, "-"):
			name = a.Value // --config FILE
		case host != "" && !strings.HasPrefix(a.Value, "-"):
			name, byOption = a.Value, false // pdb x.py
		case host != "" && eq && strings.HasPrefix(opt, "-"):
			name, byOption = val, false
		}
		if name == "" {
			continue
		}
		if w.writtenHere(name) {
			// writtenFiles' but for code by its extension, which it runs
			// only for a program of codeHosts
			if in, via, ok := w.fileInput(name); ok && byOption && fileLang(name) != "" && codeHosts[prog] == "" {
				w.runText(c, in, fileLang(name), via, cx)
			}
			continue
		}
		in, ok := w.earlierFile(homeSpelled(name))
		if !ok {
			continue
		}
		if lang := writtenCodeLang(name, prog); host != "" && lang != "" {
			w.runText(c, in, lang, c.Name+" "+name+", a file written by an earlier command", cx)
			continue
		}
		if !byOption {
			continue
		}
		w.runConfig(c, name, in, cx)
	}
}

// configEnv are the environment variables that name a program's
// configuration file: KUBECONFIG, GIT_CONFIG_GLOBAL, INPUTRC, WGETRC,
// a *_CONFIG_FILE, *_INIT or *_PROFILE (not FORCE nor SOURCE).
var configEnv = lazyRegexp(`^(KUBECONFIG|[A-Z]+RC|([A-Z0-9]+_)*(CONFIG|RC|INIT|PROFILE|STARTUP)(_[A-Z0-9]+)*)$`)

// runConfig walks a configuration or script an earlier command wrote that
// c is given: code in its file's language (gunicorn -c conf.py, webpack
// --config x.js, nvim -u init.lua), else its settings (runSettings);
// source code or prose given to a compiler or a tool is neither.
func (w *walker) runConfig(c *Command, name string, in Input, cx ctx) {
	via := c.Name + " " + name + ", a file written by an earlier command"
	if !in.Static || in.Remote || in.Decoded {
		w.runText(c, in, "", via, cx)
		return
	}
	lang := fileLang(name)
	if lang == "" && nodeFile(name) {
		lang = "node" // vite --config vite.config.ts
	}
	switch {
	case lang != "":
		w.runCode(c, lang, field{Word: Word{Value: in.Text}}, via, cx)
	case notSettings.has(strings.ToLower(path.Ext(name))):
		// source code or prose given to a compiler or a tool (gcc -c x.c)
	default:
		w.runSettings(c, name, in.Text, via, cx)
	}
}

// runSettings walks a configuration's text for what the program given it
// runs: a line starting a shell is an escape (NAME @FILE), a script (#!)
// runs whole, and a setting naming a command (command = CMD) runs it.
func (w *walker) runSettings(c *Command, name, text, via string, cx ctx) {
	escape := c.Name + " @" + name + ", a file written by an earlier command" // IsEscape's NAME @FILE
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#!") {
			continue
		}
		if f := strings.Fields(line); isShellPath(f[0]) {
			w.nested(c, line, escape, cx, false)
			return
		}
		if sh, ok := shellInText(line, true); ok {
			w.nested(c, sh, escape, cx, false)
			return
		}
	}
	if strings.HasPrefix(text, "#!") {
		w.nested(c, text, via, cx, false)
		return
	}
	for _, cmd := range settingCommands(text) {
		w.nested(c, cmd, via, cx, false)
	}
}

// projectRunner is a program that reads every project file of some kinds
// in its directory and runs the commands they hold.
type projectRunner struct {
	subs    *names   // the subcommands that run them; nil: any
	globs   []string // the files, in its directory
	chdir   string   // the option naming that directory (-chdir=DIR)
	lang    string   // the commands' reader: projectCommands
	operand bool     // an operand names the project file or its directory
}

// projectRunners: terraform (and OpenTofu) plan and apply run an external
// data source's program and a local-exec provisioner's command; dotnet's
// and MSBuild's builds run a project's Exec tasks.
var projectRunners = sync.OnceValue(func() map[string]projectRunner {
	tf := projectRunner{subs: set("plan", "apply", "refresh", "destroy", "import", "console", "test", "run-all"), globs: []string{"*.tf"}, chdir: "-chdir=", lang: "terraform"}
	msbuild := projectRunner{globs: []string{"*.csproj", "*.fsproj", "*.vbproj", "*.proj", "Directory.Build.props", "Directory.Build.targets"}, lang: "msbuild", operand: true}
	dotnet := msbuild
	dotnet.subs = set("build", "run", "test", "publish", "pack", "restore", "msbuild", "watch", "clean", "build-server")
	return map[string]projectRunner{"terraform": tf, "tofu": tf, "terragrunt": tf, "dotnet": dotnet, "msbuild": msbuild, "xbuild": msbuild}
})

// runsProjects follows the project files of projectRunners that the line
// or the session wrote where the program runs.
func (w *walker) runsProjects(c *Command, args []field, cx ctx) {
	r, ok := projectRunners()[program(c.Name)]
	if !ok {
		return
	}
	dir, runs, project := ".", r.subs == nil, ""
	for _, a := range args {
		switch {
		case a.Dynamic:
		case r.chdir != "" && strings.HasPrefix(a.Value, r.chdir):
			dir = strings.TrimPrefix(a.Value, r.chdir)
		case strings.HasPrefix(a.Value, "-"):
		case !runs && r.subs.has(a.Value):
			runs = true
		case !runs:
			return // another subcommand (terraform fmt, dotnet new)
		case r.operand && project == "":
			project = a.Value
		}
	}
	if !runs {
		return
	}
	globs := r.globs
	if project != "" {
		if strings.Contains(path.Ext(project), "proj") || path.Ext(project) == ".sln" {
			globs, dir = []string{path.Base(project)}, path.Dir(project)
		} else {
			dir = project // a directory
		}
	}
	for _, g := range globs {
		for _, f := range slices.Sorted(maps.Keys(w.files)) {
			if ok, _ := path.Match(g, path.Base(f)); ok && path.Dir(path.Clean(f)) == path.Clean(dir) {
				for _, cmd := range projectCommands(r.lang, w.files[f].Text) {
					w.nested(c, cmd, "file "+f+" written on this line", cx, !w.files[f].Static)
				}
			}
		}
		file := path.Join(dir, g)
		if w.writtenHere(file) {
			continue
		}
		in, ok := w.earlierFile(homeSpelled(file))
		if !ok {
			continue
		}
		via := c.Name + " " + file + ", a file written by an earlier command"
		if !in.Static {
			w.runText(c, in, "", via, cx)
			continue
		}
		for _, cmd := range projectCommands(r.lang, in.Text) {
			w.nested(c, cmd, via, cx, false)
		}
	}
}

// projectCommands are the command lines a project file holds for its
// reader: terraformCommands, or MSBuild's Exec tasks.
func projectCommands(lang, text string) []string {
	if lang == "terraform" {
		return terraformCommands(text)
	}
	var out []string
	for _, m := range msbuildExec().FindAllStringSubmatch(text, 32) {
		out = append(out, xmlUnescape(m[1]+m[2]))
	}
	return out
}

// msbuildExec finds MSBuild's <Exec Command="CMD"/>.
var msbuildExec = lazyRegexp(`(?is)<Exec\b[^>]*?\bCommand\s*=\s*(?:"([^"]*)"|'([^']*)')`)

var (
	tfCommand = lazyRegexp(`(?m)^\s*command\s*=\s*(?:"((?:[^"\\]|\\.)*)"|<<-?\s*(\w+)\n((?s:.*?))\n\s*(\w+)\s*$)`)
	tfProgram = lazyRegexp(`(?s)\bprogram\s*=\s*\[(.*?)\]`)
	tfQuoted  = lazyRegexp(`"((?:[^"\\]|\\.)*)"`)
)

// terraformCommands are the command lines a Terraform configuration runs
// here: command = "…" (a local-exec provisioner's, also as a heredoc) and
// an external data source's program = [argv].
func terraformCommands(text string) []string {
	var out []string
	for _, m := range tfCommand().FindAllStringSubmatch(text, 32) {
		if m[2] != "" && m[2] == m[4] {
			out = append(out, m[3])
		} else if m[2] == "" {
			out = append(out, strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(m[1]))
		}
	}
	for _, m := range tfProgram().FindAllStringSubmatch(text, 32) {
		var argv []string
		for _, q := range tfQuoted().FindAllStringSubmatch(m[1], 64) {
			argv = append(argv, shellQuote(q[1]))
		}
		if len(argv) > 0 {
			out = append(out, strings.Join(argv, " "))
		}
	}
	return out
}

// scriptTables are, for the task runners of a TOML file, the tables whose
// entries are their scripts: pdm's [tool.pdm.scripts], hatch's
// [tool.hatch.envs.ENV.scripts] (hatch.toml: [envs.ENV.scripts]), poe's
// [tool.poe.tasks], rye's [tool.rye.scripts], mise's [tasks].
var scriptTables = map[string]func() *regexp.Regexp{
	"pdm":    lazyRegexp(`^tool\.pdm\.scripts(\.|$)`),
	"hatch":  lazyRegexp(`^(tool\.hatch\.)?envs\.[^.]+\.scripts(\.|$)`),
	"poe":    lazyRegexp(`^tool\.poe\.tasks(\.|$)`),
	"rye":    lazyRegexp(`^tool\.rye\.scripts(\.|$)`),
	"mise":   lazyRegexp(`^tasks(\.|$)`),
	"pipenv": lazyRegexp(`^scripts(\.|$)`),
	"pixi":   lazyRegexp(`^(feature\.[^.]+\.)?tasks(\.|$)`),
}

// scriptKeys are the keys of a script's table that hold its command line.
var scriptKeys = set("cmd", "shell", "run", "script")

// tomlScripts are the command lines of a TOML file's script tables: a
// script's string (name = "CMD"), its list (hatch: one command each;
// otherwise an argv), its cmd, shell or run key, inline or as its own
// table. Python callables (call = "pkg:fn") are not command lines.
func tomlScripts(text, prog string) []string {
	table := scriptTables[prog]
	var out []string
	in, own := false, false // in a script table; one script's own table ([tool.poe.tasks.x])
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if strings.HasPrefix(line, "[") {
			name := strings.Trim(line, "[] ")
			m := table().FindStringSubmatch(name)
			in, own = m != nil, m != nil && m[len(m)-1] == "."
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !in || !ok || strings.HasPrefix(line, "#") {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		// a value over several lines: an array or an inline table until
		// its brackets close, a multi-line string until its delimiter
		for open := tomlOpen(v); open != "" && i+1 < len(lines); open = tomlOpen(v) {
			i++
			v += "\n" + lines[i]
		}
		if d := v[:min(3, len(v))]; d == `"""` || d == "'''" {
			body := strings.TrimPrefix(v[3:], "\n")
			body, _, _ = strings.Cut(body, d)
			v = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(body) + `"`
		}
		if _, sub, dotted := strings.Cut(k, "."); dotted {
			k, own = sub, true // x.shell = "CMD"
		} else if !strings.HasPrefix(v, "{") && !strings.HasPrefix(v, "[") && own {
			if !scriptKeys.has(k) {
				continue
			}
		}
		switch {
		case strings.HasPrefix(v, "{"):
			// {cmd = "…", help = "…"}
			for _, m := range tomlPair().FindAllStringSubmatch(v, -1) {
				if scriptKeys.has(m[1]) {
					out = append(out, tomlCommand(m[2], false))
				}
			}
		case own && !scriptKeys.has(k):
		default:
			out = append(out, tomlCommand(v, prog == "hatch"))
		}
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// tomlCommand is a TOML value as a command line: a string, or a list of
// strings (each a command when each is true, else an argv).
func tomlCommand(v string, each bool) string {
	var parts []string
	for _, q := range tomlString().FindAllStringSubmatch(v, -1) {
		parts = append(parts, q[1]+q[2])
	}
	if !strings.HasPrefix(v, "[") {
		return strings.Join(parts, "")
	}
	if each {
		return strings.Join(parts, "\n")
	}
	for i, p := range parts {
		parts[i] = shellQuote(p)
	}
	return strings.Join(parts, " ")
}

// tomlOpen is what still closes a value begun on an earlier line: "]" or
// "}" for an array or an inline table whose brackets outside strings do
// not balance yet, the delimiter of a multi-line string, or "".
func tomlOpen(v string) string {
	for _, d := range []string{`"""`, "'''"} {
		if strings.HasPrefix(v, d) {
			if !strings.Contains(v[3:], d) {
				return d
			}
			return ""
		}
	}
	if !strings.HasPrefix(v, "[") && !strings.HasPrefix(v, "{") {
		return ""
	}
	depth := 0
	for _, c := range tomlString().ReplaceAllString(v, `""`) {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
	}
	if depth > 0 {
		return "]"
	}
	return ""
}

var (
	tomlString = lazyRegexp(`"((?:[^"\\]|\\.)*)"|'([^']*)'`)
	tomlPair   = lazyRegexp(`(\w+)\s*=\s*("(?:[^"\\]|\\.)*"|'[^']*'|\[[^\]]*\])`)
)

// nixShellHook finds a Nix shell's shellHook, an indented or a plain string.
var nixShellHook = lazyRegexp(`(?s)shellHook\s*=\s*(?:''(.*?)''|"((?:[^"\\]|\\.)*)")\s*;`)

// jsonTasks are the command lines of a deno.json's tasks: a string, or an
// object's "command".
func jsonTasks(text string) []string {
	var cfg struct {
		Tasks map[string]any `json:"tasks"`
	}
	if json.Unmarshal([]byte(text), &cfg) != nil {
		return nil
	}
	var out []string
	for _, k := range slices.Sorted(maps.Keys(cfg.Tasks)) {
		switch v := cfg.Tasks[k].(type) {
		case string:
			out = append(out, v)
		case map[string]any:
			if cmd, ok := v["command"].(string); ok {
				out = append(out, cmd)
			}
		}
	}
	return out
}

// crontabCommands are the commands of a crontab's jobs: each line's
// command after its five time fields or its @reboot-style schedule;
// comments and variable settings are not jobs.
func crontabCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		f := strings.Fields(line)
		switch {
		case len(f) < 2 || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(f[0], "@"):
			out = append(out, strings.TrimSpace(strings.TrimPrefix(line, f[0])))
		case len(f) > 5 && !strings.Contains(f[0], "="):
			// the text after the fifth field, cut where strings.Fields
			// cut it (any Unicode space: \f, \v and U+00A0 too)
			rest := line
			for _, field := range f[:5] {
				rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
				rest = strings.TrimPrefix(rest, field)
			}
			out = append(out, strings.TrimSpace(rest))
		}
	}
	return out
}

// programOption reports an option whose value is a program the tool runs
// in the place of one of its own: --curl-bin, --rsync-path's kin,
// --editor, --pager, --ssh-command, --use-compress-program.
var programOption = lazyRegexp(`^--?[\w-]*[-_](bin|program|cmd|command|helper|editor|pager|wrapper)$|^--(editor|pager|helper|wrapper)$`)

// runsProgramOption follows a script the line or the session wrote that
// c is given as the program to run for one of its own (GTFOBins:
// check_ssl_cert --curl-bin $TF): its text runs, in the language its #!
// line names, or as a shell script without one (a program without #! is
// run by sh).
func (w *walker) runsProgramOption(c *Command, args []field, cx ctx) {
	if dataPrograms.has(program(c.Name)) {
		return
	}
	for i, a := range args {
		opt, val, eq := strings.Cut(a.Value, "=")
		f := field{Word: Word{Value: val, Dynamic: a.Dynamic}}
		if !eq {
			if i == 0 || !programOption().MatchString(args[i-1].Value) || strings.HasPrefix(a.Value, "-") {
				continue
			}
			f = a
		} else if !programOption().MatchString(opt) {
			continue
		}
		if in, via, ok := w.fileInput(knownName(f)); ok {
			w.runText(c, in, shebangLang(in.Text), via, cx)
		}
	}
}

// gitApplies reports git apply or git am (after git's own options).
func gitApplies(args []field) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-C" || v == "-c" || v == "--git-dir" || v == "--work-tree" || v == "--namespace" || v == "--config-env":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			return v == "apply" || v == "am"
		}
	}
	return false
}

// diffInputs are the diffs patch or git apply/am (c, args) reads: the
// files it is given (patch -i FILE, patch ORIG FILE, git apply FILE…),
// or its standard input; none for a run that writes nothing (--check,
// --dry-run).
func (w *walker) diffInputs(c *Command, args []field) []Input {
	var files []string
	sub := c.Name == "patch"
	operands := 0
	for i := 0; i < len(args); i++ {
		a, v := args[i], args[i].Value
		switch {
		case v == "--check" || v == "--stat" || v == "--numstat" || v == "--summary" || v == "--dry-run":
			return nil // git apply --check, patch --dry-run: nothing is written
		case a.Dynamic:
		case !sub:
			sub = v == "apply" || v == "am"
			if v == "-C" || v == "-c" || v == "--git-dir" || v == "--work-tree" {
				i++
			}
		case c.Name == "patch" && (v == "-i" || v == "--input") && i+1 < len(args):
			i++
			files = append(files, args[i].Value)
		case c.Name == "patch" && strings.HasPrefix(v, "--input="):
			files = append(files, strings.TrimPrefix(v, "--input="))
		case c.Name == "patch" && strings.HasPrefix(v, "-i") && len(v) > 2:
			files = append(files, v[2:])
		case c.Name == "patch" && len(v) == 2 && v[0] == '-' && strings.IndexByte("BDdFgoprVYz", v[1]) >= 0:
			i++ // an option's value
		case strings.HasPrefix(v, "-") && v != "-":
		case c.Name == "patch":
			if operands++; operands == 2 {
				files = append(files, v) // patch ORIGFILE PATCHFILE
			}
		default:
			files = append(files, v)
		}
	}
	stdin, given := c.Stdin, c.Stdin.Kind != ""
	if stdin.Kind == "file" && stdin.Text == "" {
		// patch -p1 < p.diff: the file, when the line or the session wrote it
		stdin, _, given = w.fileInput(stdin.From)
	}
	var out []Input
	for _, f := range files {
		if f == "-" || stdinFile(f) {
			out = append(out, stdin)
		} else if in, _, ok := w.fileInput(f); ok {
			out = append(out, in)
		}
	}
	if len(files) == 0 && given {
		out = append(out, stdin)
	}
	return out
}

// diffTargets are the files a unified or git diff writes: the path of
// each ---/+++ header (the old name may be deleted or renamed), as given
// and with its first directory taken off (patch -p1, git's a/ and b/),
// and git's rename to, copy to and diff --git names. A name one of them
// strips otherwise is left to the rest: this reads for the files the
// settings rules protect.
func diffTargets(text string) []string {
	var out []string
	add := func(p string, strip bool) {
		p = strings.TrimSpace(p)
		if tab := strings.IndexByte(p, '\t'); tab >= 0 {
			p = p[:tab] // --- a/x\t2026-01-01 …
		}
		if len(p) >= 2 && p[0] == '"' && p[len(p)-1] == '"' {
			p = unquote(p)
		}
		if p == "" || p == "/dev/null" {
			return
		}
		cands := []string{p}
		if _, rest, ok := strings.Cut(p, "/"); strip && ok && !strings.HasPrefix(p, "/") && rest != "" {
			cands = append(cands, rest)
		}
		for _, c := range cands {
			if !slices.Contains(out, c) && len(out) < 64 {
				out = append(out, c)
			}
		}
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "+++ ") || strings.HasPrefix(line, "--- "):
			add(line[4:], true)
		case strings.HasPrefix(line, "rename to ") || strings.HasPrefix(line, "copy to "):
			_, p, _ := strings.Cut(line, " to ")
			add(p, false) // no a/ or b/ before it: the name as given
		case strings.HasPrefix(line, "diff --git "):
			for _, f := range strings.Fields(line[len("diff --git "):]) {
				add(f, true)
			}
		}
	}
	return out
}
