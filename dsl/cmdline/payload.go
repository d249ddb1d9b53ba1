package cmdline

import (
	"encoding/base64"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode/utf16"
)

// maxFindings bounds the shell-outs and destructive calls kept per payload.
const maxFindings = 256

// interpreter returns the language of an interpreter's command name.
func interpreter(name string) string {
	switch strings.TrimRight(strings.TrimSuffix(strings.ToLower(name), ".exe"), "0123456789.") {
	case "python", "pypy", "ipython", "bpython", "ptpython":
		return "python"
	case "node", "nodejs", "bun", "deno", "tsx", "ts-node", "ts-node-esm", "zx":
		return "node"
	case "perl":
		return "perl"
	case "ruby", "irb", "pry":
		return "ruby"
	case "php":
		return "php"
	case "lua", "luajit":
		return "lua"
	case "pwsh", "powershell":
		return "powershell"
	case "awk", "gawk", "mawk", "nawk":
		return "awk"
	case "rscript", "r":
		return "r"
	case "julia":
		return "julia"
	}
	return ""
}

// payload inspects the code an interpreter is given inline or on standard
// input. Static shell-outs are followed as nested command lines; destructive
// calls become the equivalent rm/rmdir commands so the usual rules apply.
func (w *walker) payload(c *Command, args []field, lang string, cx ctx) {
	code, fromStdin, ok := codeOf(lang, c.Name, args)
	if !fromStdin && lang == "python" && pythonInteractive(args) {
		w.stdinCode(c) // python -i main.py: its prompt after the script
	}
	if fromStdin {
		w.stdinCode(c)
		in := c.Stdin
		if in.Kind == "file" {
			// python3 < c.py: code in a file the line or the session wrote
			if got, _, ok := w.fileInput(in.From); ok && got.partText() != "" {
				in = Input{Text: got.partText(), Static: got.Static}
			}
		}
		if in.Text == "" {
			return
		}
		code, ok = field{Word: Word{Value: in.Text, Dynamic: !in.Static}}, true
	}
	if !ok {
		return
	}
	p := &Payload{Lang: lang, Code: code.Value}
	c.Payload = p
	if code.Dynamic && !fromStdin { // a heredoc with expansions is still read as code
		p.Opaque = true
		c.Untrusted = untrusted(code.in)
	}
	text := code.Value
	if lang == "powershell" && code.in.Kind == "encoded" {
		c.Untrusted = "decoded"
	}
	if flag, ok := inlineFlags[lang]; ok && len(c.Via) < MaxDepth {
		resolved := w.envInCode(c, text)
		if lang == "awk" {
			resolved = awkAssigned(args, resolved)
		}
		if resolved != text {
			// the code again with the variables' values, judged as typed
			w.nested(c, strings.TrimSpace(c.Name+" "+flag)+" "+shellQuote(resolved), lang+" environ", cx, false)
		}
	}
	var s scanner
	s.scan(lang, text)
	p.Opaque = p.Opaque || s.opaque || (lang == "python" || lang == "node") && computedLoad().MatchString(text) || evalPassed().MatchString(text)
	if s.remote && c.Untrusted == "" || program(c.Name) == "deno" && urlImport().MatchString(text) {
		c.Untrusted = "remote" // deno imports a module from a URL and runs it: deno eval 'await import("https://…")'
	}
	if p.Opaque && c.Untrusted == "" && (c.Stdin.Remote || c.Stdin.Decoded) {
		c.Untrusted = untrusted(c.Stdin) // exec(sys.stdin.read()) of downloaded code
	}
	p.Unfollowed = unfollowedCode(lang, text, s.found)
	var moved *string // where the code's own chdir moved it, for the calls after it
	for _, f := range s.found {
		via := lang + " " + f.call
		switch f.kind {
		case shellOut:
			p.ShellOuts = append(p.ShellOuts, f.arg)
			w.nested(c, f.arg, via, cx, f.dynamic)
		case chdirK:
			d := w.codeChdir(moved, f)
			moved = &d
		default:
			p.Destructive = append(p.Destructive, f.call+"("+strings.Join(append([]string{f.arg}, f.args...)[min(1, len(f.args)):], ", ")+")")
			w.destroy(c, f, via, moved)
		}
	}
	if lang == "python" && strings.HasPrefix(program(c.Name), "ipython") {
		// IPython runs a line's !CMD, x = !CMD and %sx/%system CMD in the
		// shell
		lines := strings.Split(text, "\n")
		for i, line := range lines {
			if m := ipythonShell().FindStringSubmatch(line); m != nil {
				w.nested(c, m[1], "ipython !", cx, code.Dynamic)
			}
			if ipythonCell().MatchString(line) {
				// %%bash, %%sh, %%script sh: the cell's other lines are a script
				w.nested(c, strings.Join(lines[i+1:], "\n"), "ipython !", cx, code.Dynamic)
				break
			}
		}
		// The same magics called as methods, as IPython itself rewrites
		// them: get_ipython().run_cell_magic('bash', '', CELL),
		// run_line_magic('sx', CMD); system() and getoutput() are the
		// python model's shell calls
		for _, m := range ipythonMagicCall().FindAllStringSubmatch(text, -1) {
			if cmd, ok := ipythonMagicShell(m[1], m[2], pyUnescape(unquote(m[3])), pyUnescape(unquote(m[4]))); ok {
				w.nested(c, cmd, "ipython "+m[1]+"_magic", cx, code.Dynamic)
			}
		}
	}
	if !code.Dynamic && len(c.Via) < MaxDepth {
		// what the model did not follow: Lua's local o=os; o.execute(…),
		// R's lapply("CMD", system), Ruby's method(:system).call("CMD"),
		// Tcl's open "|CMD", a process library's call
		// python's and node's models follow their calls, aliases and
		// callbacks: a lone literal there is data unless the code is
		// opaque; an argv of literals (a process library's call) counts
		w.literalCommands(c, text, lang, p.ShellOuts, (lang == "python" || lang == "node") && !p.Opaque, cx)
	}
}

// ipythonShell matches IPython's shell escapes on a line: !CMD, !!CMD,
// x = !CMD, %sx CMD, %system CMD, %sc [-l] [-v] VAR=CMD.
var ipythonShell = lazyRegexp(`^\s*(?:[\w, ]+=\s*)?(?:!!?|%(?:sx|system)\s+|%sc(?:\s+-[lv]+)*\s+\w+\s*=)\s*(.+)$`)

// ipythonCell is a cell magic whose cell is a shell script.
var ipythonCell = lazyRegexp(`^\s*%%(?:bash|sh|zsh|system|script\s+\S+)\s*$`)

// ipythonMagicCall is a magic called as a method: run_line_magic(NAME,
// LINE) or run_cell_magic(NAME, LINE, CELL), with string literals.
var ipythonMagicCall = lazyRegexp(`\brun_(line|cell)_magic\s*\(\s*['"]%*(\w+)['"]\s*,\s*('[^']*'|"(?:[^"\\]|\\.)*")(?:\s*,\s*('[^']*'|"(?:[^"\\]|\\.)*"))?`)

// ipythonMagicShell is the shell command a magic called as a method runs:
// a line magic's %sx, %system or %sc line, a cell magic's shell cell.
func ipythonMagicShell(kind, name, line, cell string) (string, bool) {
	if kind == "cell" {
		if ipythonCell().MatchString("%%"+name+" "+line) || ipythonCell().MatchString("%%"+name) && strings.TrimSpace(line) == "" {
			return cell, true
		}
		return "", false
	}
	if m := ipythonShell().FindStringSubmatch("%" + name + " " + line); m != nil && name != "" {
		return m[1], true
	}
	return "", false
}

// pyUnescape reads a Python string literal's common escapes.
var pyUnescape = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\'`, "'", `\"`, `"`, `\\`, `\`).Replace

// codeChdir is where inline code's chdir f moves it from moved (nil: where
// the shell is, a cd on the line included): a literal path as cd would
// (os.chdir('/etc'); os.remove('passwd') removes /etc/passwd), "" for a
// directory known only at run time, whose relative names are unknown, as
// after cd "$X".
func (w *walker) codeChdir(moved *string, f finding) string {
	dir := homeTilde(f.arg) // os.chdir(os.environ['HOME']), Dir.chdir(Dir.home)
	if f.dynamic || dir == "" || strings.ContainsAny(dir, "$`*?[") {
		return ""
	}
	if path.IsAbs(dir) || dir == "~" || strings.HasPrefix(dir, "~/") {
		return path.Clean(dir)
	}
	base := ""
	if moved != nil {
		base = *moved
		if base == "" {
			return "" // below a directory not known
		}
	} else if d, ok := w.operandDir(); ok {
		base = d
	}
	if base == "" {
		return path.Clean(dir) // below where the line runs: relative still
	}
	return joinOperand(base, dir)
}

// inlineFlags are the options by which an interpreter takes its code
// inline (awk takes it as its first operand).
var inlineFlags = map[string]string{"python": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r", "lua": "-e",
	"awk": "", "r": "-e", "julia": "-e", "powershell": "-c"}

// envIndexRead, envDotRead and envBraceRead are the ways inline code
// reads an environment variable: os.environ["X"], os.getenv("X"),
// environ["X"] and e["X"] (from os import environ as e), ENV["X"],
// ENVIRON["X"], getenv("X"), $_ENV["X"]; process.env.X; PowerShell's
// $env:X; Perl's $ENV{X} and Tcl's $env(X).
var (
	envIndexRead = lazyRegexp(`(?:\bos\.environ(?:\.get)?|\benviron(?:\.get)?|\be|\bENV(?:\.fetch)?|\bENVIRON|\$_ENV|\$_SERVER|\bos\.getenv|\bgetenv|\bprocess\.env|\bDeno\.env\.get)\s*[\[(]\s*["']([A-Za-z_][A-Za-z0-9_]*)["']\s*[\])]`)
	envDotRead   = lazyRegexp(`\bprocess\.env\.([A-Za-z_][A-Za-z0-9_]*)\b`)
	envColonRead = lazyRegexp(`(?i)\$env:([A-Za-z_][A-Za-z0-9_]*)\b`)
	envBraceRead = lazyRegexp(`\$(?:ENV\{\s*["']?|(?:::)?env\()([A-Za-z_][A-Za-z0-9_]*)["']?\s*[})]`)
)

// envInCode replaces the reads of environment variables whose value the
// line set (a prefix assignment of the command, or an earlier X=… or
// export X=…) with that value as a string literal, so that the code can be
// read as the shell would have read "$X": GTFOBins' older entries pass
// every path, URL and command this way (export LFILE=…; python -c
// '…open(os.environ["LFILE"])…'). A value holding a backslash, or both
// quotes, is left.
func (w *walker) envInCode(c *Command, code string) string {
	if !strings.Contains(code, "env") && !strings.Contains(code, "ENV") && !strings.Contains(code, "e[") {
		return code
	}
	value := func(name string) (string, bool) {
		for i := len(c.Assigns) - 1; i >= 0; i-- {
			if a := c.Assigns[i]; a.Name == name {
				return a.Value.Value, !a.Value.Dynamic
			}
		}
		v, ok := w.vars[name]
		return v, ok
	}
	literal := func(name string) (string, bool) {
		v, ok := value(name)
		switch {
		case !ok:
			return "", false
		case !strings.ContainsAny(v, `"\`):
			return `"` + v + `"`, true
		case !strings.ContainsAny(v, `'\`):
			return "'" + v + "'", true
		}
		return "", false
	}
	for _, re := range []func() *regexp.Regexp{envIndexRead, envDotRead, envColonRead, envBraceRead} {
		code = re().ReplaceAllStringFunc(code, func(m string) string {
			if lit, ok := literal(re().FindStringSubmatch(m)[1]); ok {
				return lit
			}
			return m
		})
	}
	return code
}

// awkAssigned replaces the variables awk's program is given with -v NAME=VALUE
// (or --assign) by their values as string literals, outside the program's
// strings: awk -v F=/etc/x 'BEGIN { print "x" > F }' writes /etc/x.
func awkAssigned(args []field, code string) string {
	vals := map[string]string{}
	for i := 0; i < len(args); i++ {
		v, a := args[i].Value, ""
		switch {
		case (v == "-v" || v == "--assign") && i+1 < len(args):
			i++
			if args[i].Dynamic {
				continue
			}
			a = args[i].Value
		case strings.HasPrefix(v, "-v") && len(v) > 2 && !args[i].Dynamic:
			a = v[2:]
		case strings.HasPrefix(v, "--assign=") && !args[i].Dynamic:
			a = v[len("--assign="):]
		default:
			continue
		}
		if name, val, ok := strings.Cut(a, "="); ok && isIdentifier(name) && !strings.ContainsAny(val, `"\\`) {
			vals[name] = val
		}
	}
	if len(vals) == 0 {
		return code
	}
	ident := func(b byte) bool {
		return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
	}
	var b strings.Builder
	inString := false
	for i := 0; i < len(code); {
		ch := code[i]
		switch {
		case inString:
			if ch == '\\' && i+1 < len(code) {
				b.WriteString(code[i : i+2])
				i += 2
				continue
			}
			inString = ch != '"'
		case ch == '"':
			inString = true
		case ident(ch) && (ch < '0' || ch > '9') && (i == 0 || !ident(code[i-1]) && code[i-1] != '$'):
			j := i
			for j < len(code) && ident(code[j]) {
				j++
			}
			if val, ok := vals[code[i:j]]; ok {
				b.WriteString(`"` + val + `"`)
			} else {
				b.WriteString(code[i:j])
			}
			i = j
			continue
		}
		b.WriteByte(ch)
		i++
	}
	return b.String()
}

// isIdentifier reports a name of letters, digits and underscores that does
// not start with a digit.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// destroy emits the rm or rmdir command equivalent to a destructive call.
func (w *walker) destroy(c *Command, f finding, via string, moved *string) {
	n := Command{Name: "rm", Path: "rm", Pipe: PipePos{Len: 1}, Source: f.text, Pos: c.Pos, Func: c.Func,
		Via: append(append([]string(nil), c.Via...), via)}
	if moved != nil {
		n.Moved, n.moveSet = *moved, true // after the code's own chdir
	}
	switch f.kind {
	case removeAll:
		n.Args = []Word{{Value: "-rf"}}
	case removeDir:
		n.Name, n.Path = "rmdir", "rmdir"
	case remove:
	default:
		n.Name, n.Args = effectCommand(f)
		n.Path = n.Name
		w.emit(&n)
		return
	}
	n.Args = append(n.Args, Word{Value: f.arg, Dynamic: f.dynamic, Quoted: !f.dynamic})
	w.emit(&n)
}

// evalLongForms reads the code of --eval=CODE or --print=CODE (ok), or
// returns args with --eval and --print spelled -e, the short way, for
// shortCode (node and julia share these long forms).
func evalLongForms(args []field) (short []field, code field, ok bool) {
	short = make([]field, len(args))
	for i, a := range args {
		if opt, val, eq := strings.Cut(a.Value, "="); eq && (opt == "--eval" || opt == "--print") {
			return nil, field{Word: Word{Value: val, Dynamic: a.Dynamic}, in: a.in}, true
		}
		short[i] = a
		if a.Value == "--eval" || a.Value == "--print" {
			short[i].Value = "-e"
		}
	}
	return short, field{}, false
}

// urlImport is a JavaScript import of a module by its URL, static or
// dynamic, which deno fetches and runs.
var urlImport = lazyRegexp(`\bimport\s*(?:\(\s*|[\w{}\s,*$]+\bfrom\s*)?["'` + "`]https?://")

// denoValueOptions are deno's options that take the next word as their value.
var denoValueOptions = set("-c", "--config", "--import-map", "--lock", "--cert", "--location", "--seed", "-L", "--log-level",
	"--ext", "--preload")

// denoRunsURL reports deno run, serve, test or bench given a script by its
// URL (or deno URL, which is deno run URL): deno fetches it and runs it.
func denoRunsURL(args []field) bool {
	sub := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case denoValueOptions.has(v):
			i++
		case strings.HasPrefix(v, "-"):
		case !sub && (v == "run" || v == "serve" || v == "test" || v == "bench"):
			sub = true
		default:
			return strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")
		}
	}
	return false
}

// uvRunValueOptions are uv run's options that take the next word as their
// value (uv run --with rich URL).
var uvRunValueOptions = set("--with", "--with-editable", "--with-requirements", "-p", "--python", "--directory", "--project",
	"--package", "--extra", "--group", "--only-group", "--no-group", "--env-file", "--index", "--default-index", "-i", "--index-url",
	"--extra-index-url", "-f", "--find-links", "--config-file", "--cache-dir", "--color", "--refresh-package", "--reinstall-package",
	"--upgrade-package", "-P", "--prerelease", "--resolution", "--index-strategy", "--keyring-provider", "--link-mode", "-C", "--config-setting",
	"--exclude-newer", "--python-platform", "--allow-insecure-host", "--no-binary-package", "--no-build-package")

// uvRunsURL reports uv run given a script by its URL (uv run URL, uv run
// --with rich URL, uv --quiet run URL): uv fetches it and runs it with
// Python.
func uvRunsURL(args []field) bool {
	run := false
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return false
		case uvRunValueOptions.has(v):
			i++
		case !run && strings.HasPrefix(v, "-"): // uv --quiet run URL
		case !run && v == "run":
			run = true
		case !run:
			return false
		case v == "--":
			return i+1 < len(args) && (strings.HasPrefix(args[i+1].Value, "https://") || strings.HasPrefix(args[i+1].Value, "http://"))
		case strings.HasPrefix(v, "-"):
		default:
			return strings.HasPrefix(v, "https://") || strings.HasPrefix(v, "http://")
		}
	}
	return false
}

// codeOf finds an interpreter's inline code among its arguments, or reports
// that it reads the program from standard input.
func codeOf(lang, name string, args []field) (code field, fromStdin, ok bool) {
	switch lang {
	case "python":
		if i := slices.IndexFunc(args, func(a field) bool { return a.Value == "--check-hash-based-pycs" }); i >= 0 && i+1 < len(args) {
			args = slices.Delete(slices.Clone(args), i, i+2) // its one long option with a value
		}
		if code, ok := moduleCode(args); ok {
			return code, false, true
		}
		code, fromStdin, ok := shortCode(args, "c", "WX", "", "m")
		if !ok && !fromStdin && pythonREPL(args) {
			return field{}, true, false
		}
		return code, fromStdin, ok
	case "node":
		if runsStdin(args) {
			return field{}, true, false // deno run - , bun run /dev/stdin: the script is the input
		}
		if nodeREPL(name, args) {
			return field{}, true, false // deno repl, bun repl, node inspect app.js: a prompt reading JavaScript
		}
		if strings.HasPrefix(strings.ToLower(name), "deno") {
			for i := 0; i+1 < len(args); i++ {
				if args[i].Value == "eval" {
					for _, a := range args[i+1:] {
						if !strings.HasPrefix(a.Value, "-") {
							return a, false, true
						}
					}
				}
			}
			return field{}, false, false
		}
		short, code, ok := evalLongForms(args)
		if ok {
			return code, false, true
		}
		if slices.ContainsFunc(args, func(a field) bool {
			return a.Value == "--test" || a.Value == "--run" || strings.HasPrefix(a.Value, "--run=")
		}) {
			return field{}, false, false // node --test runs the test files it finds, --run a package.json script
		}
		for i, a := range short {
			if a.Value == "-pe" || a.Value == "-ep" {
				// node's -pe is --print --eval, one option whose value is
				// the next word (not -p with "e" for its code)
				short[i].Value = "-e"
			}
		}
		return shortCode(short, "ep", "rC", "", "")
	case "perl":
		return shortCode(perlGroups(args), "eE", "", "IiMmxCdD", "")
	case "ruby":
		return shortCode(args, "e", "rICE", "FxW0Tk", "")
	case "php":
		return shortCode(args, "rBRE", "cdzt", "", "fSim") // -S HOST serves, -i and -m print and exit
	case "lua":
		return shortCode(args, "e", "l", "", "")
	case "awk":
		return awkProgram(args)
	case "powershell":
		return powershellCode(args)
	}
	return languageCode(lang, args)
}

// perlGroups splits perl's bundled switches after -l and -0, whose value
// is digits only (-l, -l0, -0777, -0xff): -nle is -n -l -e.
func perlGroups(args []field) []field {
	out := make([]field, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if v == "--" || len(v) < 2 || v[0] != '-' || v[1] == '-' || a.Dynamic {
			out = append(out, a)
			if v == "--" || len(v) < 2 || v[0] != '-' {
				return append(out, args[i+1:]...) // the script and its arguments
			}
			continue
		}
		start := 0
	group:
		for j := 1; j < len(v); j++ {
			switch c := v[j]; {
			case c == 'e' || c == 'E':
				if j == len(v)-1 && i+1 < len(args) {
					out = append(out, field{Word: Word{Value: "-" + v[start+1:]}, in: a.in}, args[i+1])
					i++
					start = len(v)
				}
				break group
			case c == 'M' || c == 'm':
				// -M'MOD;CODE' is "use MOD;CODE;": the code runs
				val, next := v[j+1:], false
				if val == "" && i+1 < len(args) {
					val, next = args[i+1].Value, true
				}
				out = append(out, field{Word: Word{Value: "-" + v[start+1:]}, in: a.in})
				if next {
					out = append(out, args[i+1])
					i++
				}
				start = len(v)
				if _, code, ok := strings.Cut(val, ";"); ok {
					out = append(out, field{Word: Word{Value: "-e"}}, field{Word: Word{Value: code, Dynamic: a.Dynamic}, in: a.in})
				}
				break group
			case strings.IndexByte("IixCdD", c) >= 0:
				break group
			case c == 'l' || c == '0':
				k := j + 1
				if c == '0' && k < len(v) && v[k] == 'x' {
					k++
				}
				for k < len(v) && (v[k] >= '0' && v[k] <= '9' || c == '0' && strings.IndexByte("abcdefABCDEF", v[k]) >= 0) {
					k++
				}
				if k < len(v) {
					out = append(out, field{Word: Word{Value: "-" + v[start+1:k]}, in: a.in})
					start = k - 1
				}
				j = k - 1
			}
		}
		if start < len(v) {
			out = append(out, field{Word: Word{Value: "-" + v[start+1:]}, in: a.in})
		}
	}
	return out
}

// runsStdin reports deno's and bun's run subcommand given standard input
// as its script (run -, run /dev/stdin), past the options before it.
func runsStdin(args []field) bool {
	i := slices.IndexFunc(args, func(a field) bool { return !strings.HasPrefix(a.Value, "-") })
	if i < 0 || args[i].Value != "run" {
		return false
	}
	for _, a := range args[i+1:] {
		if v := a.Value; v == "-" || stdinFile(v) {
			return true
		} else if !strings.HasPrefix(v, "-") {
			return false
		}
	}
	return false
}

// moduleCode is the code python -m timeit runs (its -s setup and its
// statements) and python -m idlelib's -c command.
func moduleCode(args []field) (field, bool) {
	m := pythonModule(args)
	if m != "timeit" && m != "idlelib" {
		return field{}, false
	}
	i := slices.IndexFunc(args, func(a field) bool { return strings.HasPrefix(a.Value, "-m") })
	if args[i].Value == "-m" {
		i++
	}
	var parts []string
	dyn := false
	rest := args[i+1:]
	for j := 0; j < len(rest); j++ {
		v := rest[j].Value
		switch {
		case (v == "-s" || v == "--setup" || m == "idlelib" && v == "-c") && j+1 < len(rest):
			j++
			parts, dyn = append(parts, rest[j].Value), dyn || rest[j].Dynamic
		case m == "timeit" && (v == "-n" || v == "-r" || v == "-u" || v == "--number" || v == "--repeat" || v == "--unit"):
			j++
		case m == "timeit" && (!strings.HasPrefix(v, "-") || v == "--"):
			if v == "--" {
				rest = rest[j+1:]
				j = -1
				m = "timeit-statements"
				continue
			}
			parts, dyn = append(parts, v), dyn || rest[j].Dynamic
		case m == "timeit-statements":
			parts, dyn = append(parts, v), dyn || rest[j].Dynamic
		}
	}
	if len(parts) == 0 {
		return field{}, false
	}
	return field{Word: Word{Value: strings.Join(parts, "\n"), Dynamic: dyn}}, true
}

// pythonREPL reports python -m MODULE for a module that runs what it reads
// on standard input as Python: an interactive console (code, asyncio,
// IPython) or the debugger, whose "!stmt" and bare statements run.
func pythonREPL(args []field) bool {
	return pythonREPLs.has(pythonModule(args))
}

// pythonInteractive reports python's -i among its own options: after the
// script, the -c code or the module, it reads commands at its prompt.
func pythonInteractive(args []field) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if strings.HasPrefix(v, "--") && v != "--" {
			continue
		}
		if !strings.HasPrefix(v, "-") || v == "-" || v == "--" {
			return false
		}
		for j := 1; j < len(v); j++ {
			switch {
			case v[j] == 'i':
				return true
			case strings.IndexByte("cm", v[j]) >= 0:
				return false // the rest is code or a module's arguments
			case strings.IndexByte("WX", v[j]) >= 0:
				if j == len(v)-1 {
					i++
				}
				j = len(v)
			}
		}
	}
	return false
}

// pythonREPLs are the modules pythonREPL names.
var pythonREPLs = set("code", "pdb", "ipdb", "asyncio", "IPython", "bpython", "ptpython")

// nodeREPL reports a JavaScript runtime started at its prompt by a
// subcommand, whose input is JavaScript: deno alone or deno repl, bun
// repl, and node's debugger (node inspect SCRIPT), whose exec runs code
// in the script. node alone reads its input as any interpreter does.
func nodeREPL(name string, args []field) bool {
	first := ""
	for _, a := range args {
		if a.Dynamic {
			return false
		}
		if !strings.HasPrefix(a.Value, "-") {
			first = a.Value
			break
		}
	}
	switch program(FoldWord(baseName(name))) {
	case "deno":
		return first == "repl" || first == "" && !slices.ContainsFunc(args, func(a field) bool { return infoOption(name, a.Value) })
	case "bun":
		return first == "repl"
	case "node", "nodejs":
		return first == "inspect"
	}
	return false
}

// shortCode reads getopt-style options: code letters take the code (joined
// when repeated, as perl -e 'a' -e 'b'), value letters take the next argument
// unless attached, attached letters take the rest of their group only, and
// stop letters mean a script or module runs instead.
func shortCode(args []field, codeLetters, value, attached, stop string) (field, bool, bool) {
	var code field
	found := false
	add := func(f field) {
		if found {
			f.Value = code.Value + "\n" + f.Value
			f.Dynamic = f.Dynamic || code.Dynamic
		}
		code, found = f, true
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case v == "-" || stdinFile(v):
			return code, !found, found // python3 /dev/stdin <<< CODE reads its script there
		case v == "--":
			return code, !found && (i+1 >= len(args) || args[i+1].Value == "-" || stdinFile(args[i+1].Value)), found
		case strings.HasPrefix(v, "--"):
			continue
		case len(v) < 2 || v[0] != '-' || a.Dynamic:
			return code, false, found // a script file
		}
	group:
		for j := 1; j < len(v); j++ {
			ch := v[j]
			switch {
			case strings.IndexByte(codeLetters, ch) >= 0:
				if j+1 < len(v) {
					add(field{Word: Word{Value: v[j+1:], Dynamic: a.Dynamic}, in: a.in})
				} else if i+1 < len(args) {
					i++
					add(args[i])
				}
				break group
			case strings.IndexByte(stop, ch) >= 0:
				return code, false, found
			case strings.IndexByte(value, ch) >= 0:
				if j == len(v)-1 {
					i++
				}
				break group
			case strings.IndexByte(attached, ch) >= 0:
				break group
			}
		}
	}
	return code, !found, found
}

// awkProgram is awk's first operand, unless -f names a program file.
func awkProgram(args []field) (field, bool, bool) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-f" || v == "--file":
			// awk -f - and -f /dev/stdin read the program on standard input
			return field{}, i+1 < len(args) && (args[i+1].Value == "-" || stdinFile(args[i+1].Value)), false
		case strings.HasPrefix(v, "-f") || strings.HasPrefix(v, "--file="):
			f := strings.TrimPrefix(strings.TrimPrefix(v, "--file="), "-f")
			return field{}, f == "-" || stdinFile(f), false
		case v == "-e" || v == "--source":
			if i+1 < len(args) {
				return args[i+1], false, true
			}
		case strings.HasPrefix(v, "--source="):
			// gawk --source=CODE (or its prefix, spelt out before)
			code := args[i]
			code.Value = strings.TrimPrefix(v, "--source=")
			return code, false, true
		case v == "-F" || v == "-v":
			i++
		case v == "--":
			if i+1 < len(args) {
				return args[i+1], false, true
			}
			return field{}, false, false
		case strings.HasPrefix(v, "-") && len(v) > 1:
		default:
			return args[i], false, true
		}
	}
	return field{}, false, false
}

// powershellCode finds -Command/-c (the rest of the line is the command) and
// -EncodedCommand (base64 of UTF-16LE), by any unambiguous prefix.
func powershellCode(args []field) (field, bool, bool) {
	for i := 0; i < len(args); i++ {
		v := strings.ToLower(args[i].Value)
		if !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "/") {
			return joinFields(args[i:]), false, true // a bare command for powershell.exe
		}
		opt := strings.TrimLeft(v, "-/")
		switch {
		case opt == "":
			return field{}, true, false
		case strings.HasPrefix("command", opt):
			if i+1 < len(args) {
				if args[i+1].Value == "-" {
					return field{}, true, false
				}
				return joinFields(args[i+1:]), false, true
			}
		case opt == "e" || opt == "ec" || len(opt) >= 2 && strings.HasPrefix("encodedcommand", opt):
			if i+1 < len(args) {
				f := args[i+1]
				if b, err := base64.StdEncoding.DecodeString(f.Value); err == nil {
					u := make([]uint16, len(b)/2) // a trailing odd byte is dropped
					for k := range u {
						u[k] = uint16(b[2*k]) | uint16(b[2*k+1])<<8
					}
					f = field{Word: Word{Value: string(utf16.Decode(u))}, in: Input{Kind: "encoded"}}
				}
				return f, false, true
			}
		case strings.HasPrefix("file", opt):
			return field{}, false, false
		case opt == "executionpolicy" || opt == "ep" || opt == "windowstyle" || opt == "w" ||
			opt == "outputformat" || opt == "of" || opt == "inputformat" || opt == "if" ||
			opt == "workingdirectory" || opt == "wd" || opt == "configurationname" || opt == "version" || opt == "v":
			i++
		}
	}
	return field{}, true, false // no command and no file: it reads its commands (pwsh <<< 'CMD')
}

// processImports are the imports of the modules that run programs, and
// the names they bind: Python's import subprocess (as sp, or among
// others: import os, subprocess, sys), from
// subprocess import run, PIPE; node's const { execSync } =
// require("child_process"), const cp = require("node:child_process"),
// import { spawnSync } from "child_process", import * as cp from ….
var (
	pyProcessImport   = lazyRegexp(`(?m)(?:^|;)[ \t]*(?:import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*(?:subprocess|pty)(?:[ \t]+as[ \t]+(\w+)|(?:[ \t]*,[ \t]*[\w.]+)*)[ \t]*(?:;|$)|from[ \t]+(?:subprocess|pty)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]*))`)
	nodeProcessImport = lazyRegexp(`(?:(?:const|let|var)[ \t]+(\{[^}]*\}|\w+)[ \t]*=[ \t]*require\([ \t]*["'](?:node:)?child_process["'][ \t]*\)|import[ \t]+(\{[^}]*\}|\*[ \t]+as[ \t]+\w+|\w+)[ \t]+from[ \t]+["'](?:node:)?child_process["'])[ \t]*;?`)
	importedName      = lazyRegexp(`(?:\bas[ \t]+|:[ \t]*)?(\w+)[ \t]*(?:,|\}|\)|$)`)
)

// harmlessProcessNames are names of the process modules that run
// nothing: constants and exceptions (except CalledProcessError).
var harmlessProcessNames = set("PIPE", "STDOUT", "DEVNULL", "CalledProcessError", "TimeoutExpired", "CompletedProcess", "SubprocessError")

// feedsInput reports a shell-out that may run what the code writes to it,
// which the command it runs does not show: one given input (input=,
// stdin=: subprocess.run(["sh"], input="…"), Popen(…,
// stdin=PIPE).communicate(…)), and a shell or an interpreter started
// with no script or code of its own, which reads its code from what the
// code writes later (spawn("bash").stdin.write(…)).
func feedsInput(f finding) bool {
	if inputArg().MatchString(f.text) {
		return true
	}
	words := strings.Fields(f.arg)
	if len(words) == 0 {
		return false
	}
	if prog := program(path.Base(strings.Trim(words[0], `'"`))); !shells.has(prog) && interpreter(prog) == "" {
		return false
	}
	for _, w := range words[1:] {
		if !strings.HasPrefix(w, "-") || w == "-c" || w == "-e" || w == "-m" || w == "-r" || w == "--eval" {
			return false // a script, or code of its own
		}
	}
	return true
}

var inputArg = lazyRegexp(`\b(input|stdin)\b`)

// runsOtherThanRead reports a shell-out whose command is not the one the
// scan read, so following it proves nothing: a call option that picks the
// program, its shell, its environment or its directory (executable=,
// shell="/tmp/x", preexec_fn=, env= where the code names a variable that
// loads code, cwd= outside a temporary or a relative directory), and an
// argument list the code changes after building it (c.append(…),
// args.push(…), c += […], c[1] = …, c.__init__(…)).
func runsOtherThanRead(f finding, code string) bool {
	if launchOption().MatchString(f.text) {
		return true
	}
	if envOption().MatchString(f.text) && codeLoadingEnv().MatchString(code) {
		return true
	}
	for _, m := range cwdOption().FindAllStringSubmatch(f.text, -1) {
		v := strings.TrimSpace(m[1])
		if lit := strings.Trim(v, `"'`); len(lit) == len(v)-2 && lit != "" &&
			!strings.HasPrefix(lit, "/") && !strings.HasPrefix(lit, "~") && !strings.Contains(lit, "..") && !strings.Contains(lit, "$") {
			continue // a directory of the project
		}
		if m := tempName().FindStringSubmatch(v); m != nil && tempAssigned(m[1], code) {
			continue // tmp_path, tmpdir, self.tmp = tempfile.mkdtemp()
		}
		return true
	}
	if envChange().MatchString(code) {
		return true // os.environ["PATH"] = …, monkeypatch.setenv("LD_PRELOAD", …): every program it starts after
	}
	open := strings.IndexByte(f.text, '(')
	if open < 0 {
		return false
	}
	for _, m := range unreadOptions().FindAllStringSubmatch(f.text[open:], -1) {
		if m[1] != "process.env" && m[1] != "os.environ" {
			return true // run(c, **kw), execSync(c, {...o}): options hguard did not read
		}
	}
	for _, name := range bareArgName().FindAllStringSubmatch(f.text[open:], -1) {
		q := regexp.QuoteMeta(name[1])
		mutated := regexp.MustCompile(`(?:^|[^\w.])` + q + `\s*(?:\.\s*(?:append|extend|insert|push|unshift|splice|pop|remove|reverse|sort|clear|shift|fill|copyWithin|__init__|__setitem__|__delitem__|__iadd__|__imul__)\s*\(|\.\s*length\s*=[^=]|[-+*|]=|\[[^\]]*\]\s*=[^=])|\bdel\s+` + q + `\b`)
		if mutated.MatchString(code) || aliased(name[1], code, f.text) {
			return true
		}
	}
	return false
}

// aliased reports a list that the code (call, the shell-out's text, put
// aside) hands on to another name or call, which may change it where the
// scan does not look: d = c; d[0] = "sh", list.append(c, …),
// random.shuffle(c). Only a name assigned a list literal is looked at:
// a string or a path cannot be changed in place.
func aliased(name, code, call string) bool {
	q := regexp.QuoteMeta(name)
	if !regexp.MustCompile(`(?:^|[^\w.])` + q + `\s*=\s*\[`).MatchString(code) {
		return false
	}
	rest := strings.ReplaceAll(code, call, "")
	for _, loc := range regexp.MustCompile(`(?:^|[^\w.])(`+q+`)\b`).FindAllStringSubmatchIndex(rest, -1) {
		before := strings.TrimRight(rest[:loc[2]], " \t")
		after := strings.TrimLeft(rest[loc[3]:], " \t")
		if after != "" && !strings.ContainsAny(after[:1], ",)]};\n") {
			continue // c[0], c.count(…), c = […]
		}
		line := before[strings.LastIndexByte(before, '\n')+1:]
		if regexp.MustCompile(`^\s*(?:async\s+)?(?:def|function)\b|\blambda\b|\bfor\b`).MatchString(line) {
			continue // a parameter, a loop's name
		}
		if strings.HasSuffix(before, "*") {
			before = strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(before, "*"), "*"), " \t")
		}
		if readOnlyCall().MatchString(before) {
			continue // print(c), " ".join(c), len(c): read, not kept
		}
		if before != "" && strings.ContainsAny(before[len(before)-1:], "=([,{:") && !regexp.MustCompile(`[=!<>]=$`).MatchString(before) {
			return true
		}
	}
	return false
}

// computedLoad is Python's or node's loading of a module, a function or
// native code by a name built from pieces, which a scan for the process
// modules' names does not see: __import__("o" + "s"),
// importlib.import_module("sub" + "process"), require("child" +
// "_process"), getattr(m, "sys" + "tem"), and node's internal bindings
// (process.binding("spawn_sync")).
var computedLoad = lazyRegexp(`\b(?:__import__|import_module|require|import|getattr\s*\([^,()]+,)\s*\(?\s*(?:["'][^"']*["']\s*(?:\+|%|\.\s*(?:join|format|replace|decode|split)\b)|[^)"'\s,]*\b(?:chr|fromCharCode|atob|b64decode|decode|reverse|bytes)\s*\(|\[[^\]]*\]\s*\.\s*join\s*\(|["']\s*\.\s*join\s*\()|\bprocess\s*\.\s*(?:binding|_linkedBinding|dlopen)\b`)

// evalPassed is a function that runs code handed on as a value, not
// called where the scan sees its argument: fetch(u).then(r =>
// r.text()).then(eval), map(exec, chunks), [].forEach.call(xs, eval).
var evalPassed = lazyRegexp(`[(,]\s*(?:eval|exec|Function|execScript|globalThis\.eval|window\.eval|instance_eval|class_eval|module_eval)\s*[,)]`)

// readOnlyCall is a call that reads a list it is given and keeps none of
// it: print(c), " ".join(c), shlex.join(c), len(c), str(c).
var readOnlyCall = lazyRegexp(`(?:^|[^\w.])(?:print|len|str|repr|tuple|sorted|any|all|enumerate|\w*\.join|console\.log|JSON\.stringify)\s*\($`)

// runsWritten reports a shell-out whose command names a file the same
// code writes, copies, moves or links, which the scan read before the
// code wrote it: open("x.sh", "w").write(…); run(["sh", "x.sh"]).
func runsWritten(f finding, found []finding) bool {
	for _, w := range found {
		dst := ""
		switch w.kind {
		case writeK, appendK, linkK:
			dst = w.arg
		case moveK, copyK:
			if len(w.args) > 0 {
				dst = w.args[len(w.args)-1]
			}
		}
		base := path.Base(strings.TrimRight(dst, "/"))
		if dst == "" || base == "." || base == "/" {
			continue
		}
		prev := ""
		for i, word := range strings.FieldsFunc(f.arg, func(r rune) bool { return strings.ContainsRune(" \t\n'\";&|()<>", r) }) {
			p := program(path.Base(prev))
			runs := i == 0 || shells.has(p) || interpreter(p) != "" || prev == "-c" || prev == "source" || prev == "." || prev == "exec"
			if runs && (word == base || strings.HasSuffix(word, "/"+base)) {
				return true // the program, a shell's or an interpreter's script
			}
			prev = word
		}
	}
	return false
}

// tempAssigned reports that every assignment of name in code (none, for
// a fixture such as tmp_path) gives it a temporary directory.
func tempAssigned(name, code string) bool {
	re := regexp.MustCompile(`(?m)(?:^|[^\w.])` + regexp.QuoteMeta(name) + `\s*(?::[^=\n]*)?=([^=].*)$`)
	for _, m := range re.FindAllStringSubmatch(code, -1) {
		if !tempValue().MatchString(m[1]) {
			return false
		}
	}
	return true
}

var tempValue = lazyRegexp(`(?i)^\s*(?:str\(\s*|Path\(\s*)?(?:tempfile\.mkdtemp\(\s*\)|tempfile\.gettempdir\(\s*\)|(?:\w+\.)*\w*(?:tmp|temp)\w*(?:\.mktemp\([^()]*\))?)\s*\)?\s*$`)

// codeLoadingVars are environment variables whose value makes a program
// load or run other code (a preloaded library, a shell's start-up file, a
// search path, a pager): set for a shell-out, the program read is not all
// that runs.
const codeLoadingVars = `LD_\w+|DYLD_\w+|BASH_ENV|ENV|PATH|IFS|PYTHON\w*|NODE_OPTIONS|NODE_PATH|PERL5\w*|RUBY\w*|GIT_\w+|\w*PAGER|EDITOR|VISUAL|SHELL|PROMPT_COMMAND|ZDOTDIR`

var (
	launchOption   = lazyRegexp(`\b(?:executable|preexec_fn|argv0)\s*[=:]|\bshell\s*[=:]\s*[^\sTtFf]`)
	envOption      = lazyRegexp(`\benv\s*[=:]`)
	codeLoadingEnv = lazyRegexp(`(?:["']|\b)(?:` + codeLoadingVars + `|HOME)(?:["']|\s*:|\s*=[^=])`)
	envChange      = lazyRegexp(`(?:\bos\.environ|\bprocess\.env)\s*\[\s*["\'](?:` + codeLoadingVars + `)["\']\s*\]\s*(?:=[^=]|\|\|=|\?\?=)|\bprocess\.env\.(?:` + codeLoadingVars + `)\s*=[^=]|\b(?:putenv|setenv|setdefault)\s*\(\s*["\'](?:` + codeLoadingVars + `)["\']|\bos\.environ\s*\.\s*update\s*\([^)]*\b(?:` + codeLoadingVars + `)\b|\bObject\.assign\s*\(\s*process\.env\s*,[^)]*\b(?:` + codeLoadingVars + `)\b`)
	unreadOptions  = lazyRegexp(`(?:\*\*|\.\.\.)\s*([A-Za-z_](?:[\w.]*\w)?|[({])`)
	cwdOption      = lazyRegexp(`\bcwd\s*[=:]\s*([^,)}]+)`)
	tempName       = lazyRegexp(`(?i)^\(?\s*(?:str\(\s*)?((?:\w+\.)*\w*(?:tmp|temp)\w*)\b`)
	bareArgName    = lazyRegexp(`[(,\[]\s*\*{0,2}([A-Za-z_]\w*)\s*[,)\]]`)
)

// unfollowedCode is code with what the scan followed as commands blanked
// (Payload.Unfollowed): the text of each shell-out it read, and an import
// of a process module none of whose names the rest still uses. node's
// template literals are strings, not shell-outs: their backquotes are
// put as quotes. platform.system() names the system, and is blanked.
func unfollowedCode(lang, code string, found []finding) string {
	out := code
	for _, f := range found {
		if f.kind == shellOut && f.text != "" && !feedsInput(f) && !runsOtherThanRead(f, code) && !runsWritten(f, found) {
			out = strings.ReplaceAll(out, f.text, strings.Repeat(" ", len(f.text)))
		}
	}
	if lang != "python" && lang != "node" {
		return out // ruby -e 'system("bundle install")': the call followed is judged as its command
	}
	re := pyProcessImport()
	if lang == "node" {
		out = strings.ReplaceAll(out, "`", "\"")
		re = nodeProcessImport()
	} else {
		out = strings.ReplaceAll(out, "platform.system()", "                 ")
	}
	locs := re.FindAllStringSubmatchIndex(out, -1)
	rest := out // the code without any of these imports: one file's import subprocess is not another's use
	for _, loc := range slices.Backward(locs) {
		rest = rest[:loc[0]] + rest[loc[1]:]
	}
	for _, loc := range locs {
		stmt := out[loc[0]:loc[1]]
		var names []string
		bound := ""
		for g := 2; g+1 < len(loc); g += 2 {
			if loc[g] >= 0 {
				bound = out[loc[g]:loc[g+1]]
			}
		}
		switch {
		case bound == "" && lang == "python":
			names = []string{"subprocess", "pty"} // import subprocess
		case strings.HasPrefix(bound, "* as"):
			names = []string{strings.TrimSpace(strings.TrimPrefix(bound, "* as"))}
		case strings.ContainsAny(bound, "{(,") || lang == "python" && strings.Contains(stmt, " import "):
			for _, m := range importedName().FindAllStringSubmatch(strings.Trim(bound, "{}() \t\n"), -1) {
				names = append(names, m[1])
			}
		default:
			names = []string{bound}
		}
		used := false
		for _, n := range names {
			if n == "" || harmlessProcessNames.has(n) {
				continue
			}
			for _, m := range regexp.MustCompile(`\b`+regexp.QuoteMeta(n)+`\b(?:\.(\w+))?`).FindAllStringSubmatch(rest, -1) {
				if !harmlessProcessNames.has(m[1]) { // subprocess.CalledProcessError runs nothing
					used = true
				}
			}
		}
		if !used {
			out = out[:loc[0]] + strings.Repeat(" ", len(stmt)) + out[loc[1]:]
		}
	}
	return out
}
