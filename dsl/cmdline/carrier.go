package cmdline

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// shells run a command string given with -c, a script file, or standard input.
var shells = set("sh", "bash", "zsh", "dash", "ksh", "ksh93", "mksh", "pdksh", "ash", "yash", "posh", "rbash",
	"fish", "tcsh", "csh")

// follow finds what a command runs in turn: commands given to find -exec,
// carriers (sh -c, eval, heredocs into a shell, source <(…)), options whose
// value is a command line, and interpreter payloads.
func (w *walker) follow(c *Command, args []field, cx ctx) {
	if c.Dynamic || w.full {
		return
	}
	w.runsCopy(c, cx)          // a copy of a program made earlier on the line (copies.go)
	w.throughLinks(c, cx)      // a link the line made, named for its target (filekeys.go)
	w.runsWrittenOnPath(c, cx) // a script written into a directory the line put on PATH
	if pytestRun(c, args) {
		w.inheritConfigHomes(c, PytestEnv) // export PYTEST_ADDOPTS=…; pytest
	}
	if program(c.Name) == "cmake" {
		w.inheritConfigHomes(c, CMakeLaunchers) // export CMAKE_C_COMPILER_LAUNCHER=…; cmake -B build
	}
	w.envCarriers(c, cx)
	w.inheritedPager(c)
	w.pytestBasetemp(c, args, cx)      // pytest deletes its --basetemp
	w.inPlaceDeletes(c, args, cx)      // gzip FILE deletes FILE
	w.xargsFound(c, args, cx)          // find ~ -name .bashrc | xargs gzip is gzip ~/.bashrc
	w.xargsFindExec(c, args, cx)       // find ~ | xargs rm is find ~ -exec rm {} +
	w.listedCopy(c, args, cx)          // docker ps -aq | xargs docker rm is docker rm $(docker ps -aq)
	w.substsFound(c, args, cx)         // gzip $(find ~ -name .bashrc) is gzip ~/.bashrc
	pipRequirements(c, c.Name, args)   // pip install -r <(curl …)
	w.requirementsSources(c, args, cx) // pip install -r FILE whose --index-url moves the index
	w.remoteCopies(c, args, cx)        // scp x host:/etc/passwd is cp x /etc/passwd there
	if len(c.Path) > 1 && c.Path[0] == '!' && len(c.Wrappers) == 0 {
		// No program is named !CMD: a line "!/bin/sh" or "!id" after an
		// interactive program is the shell escape typed into it (less, ftp,
		// ed, mail, gdb), and the rest of the line is the command it runs.
		rest := c.Path[1:]
		for _, a := range args {
			rest += " " + a.Value
		}
		w.nested(c, rest, "!", cx, false)
	}
	if c.Path == "!" && len(args) > 0 && len(c.Wrappers) == 0 {
		// "\! CMD" (mysql's and psql's shell escape typed into it): no
		// program is named "!" either
		w.nested(c, joinFields(args).Value, "!", cx, false)
	}
	if len(c.Path) > 1 && c.Path[0] == ':' && len(c.Wrappers) == 0 {
		// No program is named :CMD: a line ":!/bin/sh", ":shell" or ":w
		// FILE" is an ex command typed into a vi-like program, read as
		// vim -c reads its value; the no-op builtin ":" is a word of its own
		text := c.Path
		for _, a := range args {
			text += " " + a.Value
		}
		w.runCode(c, "vim", field{Word: Word{Value: text}}, "!", cx)
	}
	if w.typedBangShell(c, args, cx) {
		// "! /bin/sh" on a line of its own after a program's line: no
		// script negates an interactive shell; it is the program's "!"
		// escape typed with a space (tdbtool, cpan, opencode)
		w.nested(c, "sh", "!", cx, false)
	}
	if text, ok := w.typedKeys(c, args, cx); ok {
		w.nested(c, text, "!", cx, false)
	}
	for _, l := range c.launchers {
		// the code options of a launcher peeled off (strace -o '|CMD' ls):
		// followed as the launcher's own, its options only
		host := *c
		host.Name = l.name
		w.catalogFollow(&host, l.args, &Program{Name: l.name, Code: catalogProgram(l.name).Code}, cx)
		c.Untrusted = cmp.Or(c.Untrusted, host.Untrusted)
	}
	if p := catalogProgram(c.Name); p != nil {
		w.catalogFollow(c, args, p, cx)
		if p.Runs == "argv" || p.ShellPaths {
			// a launcher left as the command took no command (setarch -3
			// /bin/sh read the shell as its operand), or a program whose
			// entry names some of its launches only: look for the shell
			// generically
			w.shellArgs(c, args, cx)
		}
	}
	if !dataPrograms.has(program(c.Name)) && !shells.has(program(c.Name)) && c.Name != "source" && c.Name != "." {
		files, done := w.procFiles(args) // make -f <(…)
		if len(w.files) > 0 {
			w.writtenFiles(c, append(files, w.exportedWritten()...), cx)
		}
		done()
	}
	if agentCLIs.has(c.Name) {
		w.inheritConfigHomes(c, AgentConfigHomes)
	}
	switch n := program(c.Name); n {
	case "ssh", "scp", "sftp", "sshfs":
		w.sshStdinConfig(c, args, cx)
	case "crontab":
		w.crontabStdin(c, args, cx)
	case "cat", "tee", "echo", "printf":
		w.writtenCode(c, args, cx)
	}
	loadsHistory := w.loadsHistory(c, args)
	w.historyLoaded = w.historyLoaded || loadsHistory
	switch name := c.Name; {
	case shells.has(program(name)):
		w.shell(c, args, cx)
	case w.historyLoaded && !loadsHistory && (name == "fc" && !fcList(fieldValues(args)) || name == "r" && w.dialect == Zsh):
		// history -r h; fc -s: the entry it runs is a line of a file,
		// or a text known at run time
		c.Untrusted = "dynamic"
	case name == "eval":
		w.eval(c, args, cx)
	case name == "emulate" && w.dialect == Zsh:
		// emulate [options] MODE -c CODE runs CODE in that emulation.
		for i, a := range args {
			if a.Value == "-c" && i+1 < len(args) {
				options := w.zsh
				w.zshEmulate(args[:i], cx)
				restore := w.prefixIFS(c) // IFS=';' emulate sh -c 'source s'
				w.runString(c, args[i+1], "emulate -c", cx)
				restore()
				w.zsh = options
				break
			}
		}
	case name == "source" || name == ".":
		w.sourced(c, args, cx)
	case name == "chroot" && len(args) == 1 && strings.Trim(args[0].Value, "/.") == "" && args[0].Value != "" && !args[0].Dynamic:
		// chroot / with no command runs the user's shell in the same root:
		// a shell through chroot, a root shell under sudo
		via := "chroot interactive"
		for _, wr := range c.Wrappers {
			if wr.Name == "sudo" || wr.Name == "doas" || wr.Name == "run0" || wr.Name == "pkexec" {
				via = wr.Name + " " + via
				break
			}
		}
		w.nested(c, "sh", via, cx, false)
	case name == "su" || name == "runuser" || name == "script":
		w.optionCarrier(c, args, cx)
	case name == "ssh":
		w.ssh(c, args, cx)
	case name == "screen":
		w.screenCommand(c, args, cx)
	case name == "watch":
		w.watch(c, args, cx)
	case name == "find":
		w.findExec(c, args, cx)
	case name == "fd" || name == "fdfind":
		w.fdExec(c, args, cx)
	case name == "make" || name == "gmake" || name == "bmake" || name == "pmake":
		// BSD make's sys.mk recipes start with $(CC) too
		w.makeVariables(c, args, cx)
	case name == "mvn" || name == "mvnw" || name == "./mvnw":
		w.mavenExec(c, args, cx)
	case name == "sbt":
		// sbt 'eval EXPR' and 'console' input evaluate Scala
		for _, a := range args {
			if e, ok := strings.CutPrefix(strings.TrimSpace(a.Value), "eval "); ok {
				w.runCode(c, "jvm", field{Word: Word{Value: e, Dynamic: a.Dynamic}}, "sbt eval", cx)
			}
		}
	case name == "git":
		w.inheritConfigHomes(c, GitConfigHomes)
		w.gitConfig(c, args, cx)
		w.gitConfigFiles(c, args, cx)
		w.gitExecPrograms(c, args, cx)
		w.gitInstawebServer(c, args, cx)
	default:
		if name == "pax" || name == "cpio" {
			w.passCopy(c, name, args, cx)
		}
		if baseName(c.Name) == "configure" || program(name) == "remake" {
			// an autoconf configure script runs the CC it is given
			// (./configure CC=…, or from the environment) to try the
			// compiler, and remake is GNU make with a debugger; both are
			// still judged below as any unknown program is (ffmpeg's
			// ./configure --cc=CMD)
			w.makeVariables(c, args, cx)
		}
		if spec, ok := optionsEntry(name); ok {
			w.programOptions(c, args, spec, cx)
		}
		lang := interpreter(name)
		if _, known := optionsEntry(name); !known && lang == "" && !catalogKnows(name) && !otherInterpreters.has(program(name)) {
			if !notLaunchers.has(program(name)) {
				w.shellArgs(c, args, cx)
				w.unknownLauncher(c, args, cx)
				w.unknownCode(c, args, cx)
				w.unknownStdin(c, cx)
				w.unknownScript(c, args, cx)
			} else if envLaunchers.has(program(name)) {
				w.unknownLauncher(c, args, cx) // a bare shell there is normal, a command is not hidden
			}
		}
		if lang != "" {
			w.payload(c, args, lang, cx)
		}
		if lang == "python" {
			w.pythonModuleProgram(c, args, cx)
		}
		if lang == "node" {
			w.agentScript(c, args, cx)
		}
		if lang != "" {
			scriptPrompt(c, args, w.inherited(c))
		}
		if program(name) == "go" {
			w.inheritConfigHomes(c, GoInstallDirs) // export GOBIN=~/.local/bin; go install …
			w.goRun(c, args, cx)
			w.goBuild(c, args)
		}
		if cCompilers.has(program(name)) {
			w.cBuild(c, args)
		}
		if program(name) == "deno" && c.Untrusted == "" && denoRunsURL(args) {
			c.Untrusted = "remote" // deno fetches the script and runs it unseen, as curl … | sh
		}
		if program(name) == "uv" && c.Untrusted == "" && uvRunsURL(args) {
			c.Untrusted = "remote" // uv run URL fetches the script and runs it, as deno run URL
		}
		if (lang != "" && c.Stdin.Kind != "" || otherInterpreters.has(program(name))) && c.Payload == nil && c.Untrusted == "" && !hasOperand(args) {
			// no script and no inline code: it runs its standard input (what
			// a known language's interpreter reads with nothing feeding it,
			// payload judged by its options: php -m reads none)
			w.stdinCode(c)
		}
	}
}

// pipRequirements marks pip given a downloaded (or decoded) requirements
// or constraints file as a process substitution (pip install -r <(curl -s
// URL), uv pip install -c) or as its standard input (curl … | pip install
// -r /dev/stdin; uv's -r - and uv pip sync - too, which pip reads as a
// file named -): a list of what to install that may name any index,
// archive or repository, whose build pip runs, unseen.
func pipRequirements(c *Command, name string, args []field) {
	uv := name == "uv" && len(args) > 0 && args[0].Value == "pip"
	if program(name) != "pip" && !uv {
		return
	}
	sync := uv && len(args) > 1 && args[1].Value == "sync" // uv pip sync FILE…: its operands are requirements files
	for i, f := range args {
		file, ok := requirementsFile(args, i)
		if sync && i > 1 && !ok && !strings.HasPrefix(f.Value, "-") || sync && f.Value == "-" {
			file, ok = f.Value, true // uv pip sync -, uv pip sync <(curl …)
		}
		switch {
		case !ok:
		case f.in.Kind == "procsub" && (f.in.Remote || f.in.Decoded):
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(f.in))
		case !f.Dynamic && (stdinFile(file) || uv && file == "-") && (c.Stdin.Remote || c.Stdin.Decoded):
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(c.Stdin))
		}
	}
}

// requirementsSources reads the requirements files pip install -r is given
// that the line, the session or the project holds: their lines that name
// where packages come from (pipIndexOptions, and a plain http:// URL) are
// judged as the same words on pip's command line (red team rt63: a
// poisoned repository's requirements.txt pointing at its own index).
// Package names, pins and repositories on a public forge
// (git+https://github.com/…) are left alone: they are as much the
// project's choice as a package on PyPI is; one elsewhere is judged.
func (w *walker) requirementsSources(c *Command, args []field, cx ctx) {
	if program(c.Name) != "pip" {
		return
	}
	for i, a := range args {
		file, ok := requirementsFile(args, i)
		if !ok || a.Dynamic {
			continue
		}
		in, _, ok := w.fileInput(file)
		if !ok || !in.Static {
			continue
		}
		var words []string
		for line := range strings.Lines(in.Text) {
			if j := strings.Index(line, " #"); j >= 0 {
				line = line[:j]
			}
			f := strings.Fields(line)
			if len(f) == 0 || strings.HasPrefix(f[0], "#") || slices.Contains([]string{"-r", "--requirement", "-c", "--constraint"}, f[0]) {
				continue
			}
			if opt, _, _ := strings.Cut(f[0], "="); pipIndexOptions.has(opt) || len(opt) > 2 && pipIndexOptions.has(opt[:2]) ||
				strings.Contains(line, "http://") || strings.Contains(line, "://") && !forgeURL(line) {
				for _, word := range f {
					words = append(words, shellQuote(word))
				}
			}
		}
		if len(words) > 0 {
			w.nested(c, "pip install "+strings.Join(words, " "), c.Name+" -r "+file, cx, false)
		}
	}
}

// forgeURL reports a requirement line whose URL is a repository or an
// archive on a public forge (git+https://github.com/psf/requests.git).
func forgeURL(line string) bool {
	_, rest, _ := strings.Cut(line, "://")
	if at := strings.IndexByte(rest, '@'); at >= 0 && at < strings.IndexByte(rest+"/", '/') {
		rest = rest[at+1:] // git+ssh://git@github.com/…
	}
	host, _, _ := strings.Cut(rest, "/")
	switch strings.ToLower(host) {
	case "github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "git.sr.ht", "files.pythonhosted.org":
		return true
	}
	return false
}

// pipIndexOptions are pip's options that say where packages come from.
var pipIndexOptions = set("-i", "--index-url", "--extra-index-url", "--trusted-host", "-f", "--find-links", "--no-index")

// requirementsFile is the file args[i] names as pip's requirements or
// constraints file: the value of -r, --requirement, -c or --constraint,
// separate, after = (long) or attached (short).
func requirementsFile(args []field, i int) (string, bool) {
	v := args[i].Value
	if i > 0 && !args[i-1].Dynamic && slices.Contains([]string{"-r", "--requirement", "-c", "--constraint"}, args[i-1].Value) {
		return v, true
	}
	for _, o := range []string{"--requirement=", "--constraint="} {
		if file, ok := strings.CutPrefix(v, o); ok {
			return file, true
		}
	}
	if len(v) > 2 && (strings.HasPrefix(v, "-r") || strings.HasPrefix(v, "-c")) {
		return v[2:], true
	}
	return "", false
}

// pythonFlags are Python's one-letter options that take no value, which
// may stand in a cluster before -m (-Im pip).
const pythonFlags = "bBdEhiIOPqsSuvVxR"

// modulePrograms are Python modules run with -m whose command line is
// that of a program, which the rules know by its name: python3 -m pip
// install URL is pip install URL, python3 -m nuitka --output-dir DIR x.py
// nuitka's build, and pre-commit's hook in .git/hooks runs python
// -mpre_commit hook-impl, which is pre-commit hook-impl.
var modulePrograms = map[string]string{"pip": "pip", "pipx": "pipx", "uv": "uv", "nuitka": "nuitka", "pre_commit": "pre-commit"}

// pythonModuleProgram follows python -m MODULE ARGS… for the modules of
// modulePrograms as the program MODULE ARGS… run by python; the module may
// be attached (-mpip) and -m close a cluster of Python's flags (-Im pip).
// Python's standard input is the module's (curl … | python3 -m pip
// install -r /dev/stdin).
func (w *walker) pythonModuleProgram(c *Command, args []field, cx ctx) {
	for i, a := range args {
		flags, attached, isM := strings.Cut(a.Value, "m")
		switch {
		case a.Dynamic:
			return
		case isM && strings.HasPrefix(flags, "-") && strings.Trim(flags[1:], pythonFlags) == "" && (attached != "" || i+1 < len(args)):
			module, rest := field{Word: Word{Value: attached, Quoted: a.Quoted}, in: a.in}, args[i+1:]
			if attached == "" {
				module, rest = args[i+1], args[i+2:]
			}
			if prog, ok := modulePrograms[module.Value]; ok && !module.Dynamic {
				module.Value = prog
				pipRequirements(c, module.Value, rest)
				w.spawn(c, append([]field{module}, rest...), Wrapper{Name: c.Name, Args: []string{"-m"}}, cx)
			}
			return
		case !strings.HasPrefix(a.Value, "-") || a.Value == "-" || a.Value == "-c":
			return
		}
	}
}

// scriptPrompt marks an interpreter's script that the catalogue knows by
// name as a program with a prompt, waiting at it as the script run by its
// own name would (python manage.py shell is ./manage.py shell: Django's
// Python prompt).
func scriptPrompt(c *Command, args []field, env []Assign) {
	for i, a := range args {
		v := a.Value
		switch {
		case a.Dynamic || v == "-" || v == "-c" || v == "-m" || v == "-e":
			return
		case strings.HasPrefix(v, "-"):
			continue
		}
		if p := catalogProgram(FoldWord(baseName(v))); p != nil && p.Prompt != nil && prompts(c, args[i+1:], p, env) {
			c.Typed = true
		}
		return
	}
}

// sshStdinConfig follows ssh -F /dev/stdin (scp's, sftp's, sshfs's): the
// configuration its input holds, whose ProxyCommand, LocalCommand and
// Match exec run on this machine.
func (w *walker) sshStdinConfig(c *Command, args []field, cx ctx) {
	files, _ := sshConfigFiles(c.Name, args)
	if c.Name == "sshfs" {
		files = optionValues(args, "-F", "")
	}
	for _, f := range files {
		if !stdinFile(f) || c.Stdin.Kind == "" {
			continue
		}
		if !c.Stdin.Static || c.Stdin.Remote || c.Stdin.Decoded {
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(c.Stdin))
			continue
		}
		cmds, _ := sshConfigCommands(c.Stdin.Text)
		for _, cmd := range cmds {
			w.nested(c, cmd, c.Name+" -F "+f, cx, false)
		}
	}
}

// crontabStdin follows the jobs crontab installs from its standard input
// (crontab -, or no file at all, as POSIX has it): each line's command,
// which cron runs later.
func (w *walker) crontabStdin(c *Command, args []field, cx ctx) {
	file := ""
	for i := 0; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "-u" || v == "-c":
			i++
		case v == "-" || !strings.HasPrefix(v, "-"):
			if file == "" {
				file = v
			}
		case strings.ContainsAny(v[1:], "lreTV"):
			return // a listing, a removal, an editor, a test
		}
	}
	if file != "" && file != "-" && !stdinFile(file) || c.Stdin.Kind == "" {
		return
	}
	if !c.Stdin.Static || c.Stdin.Remote || c.Stdin.Decoded {
		c.Untrusted = cmp.Or(c.Untrusted, untrusted(c.Stdin))
		return
	}
	for _, cmd := range crontabCommands(c.Stdin.Text) {
		w.nested(c, cmd, "crontab job", cx, false)
	}
}

// writtenCode follows the code a file holds that cat or tee writes from
// a static standard input (cat > /etc/systemd/system/b.service <<EOF), or
// echo or printf writes (echo 'CMD' >> ~/.bashrc), where something runs it
// later: a systemd unit's Exec…= lines and a cron table's jobs, as root
// for the system's, and a bash or zsh start-up file's every line, in each
// new shell. They are judged as the commands they are.
func (w *walker) writtenCode(c *Command, args []field, cx ctx) {
	// the file first: most echo, cat and tee lines write none of these,
	// and echo's text is worked out only for one that does
	var target string
	if c.Name == "tee" {
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && codeFile(a.Value) {
				target = a.Value
				break
			}
		}
	}
	for _, r := range c.Redirects {
		if target == "" && (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && codeFile(r.Target.Value) {
			target = r.Target.Value
		}
	}
	if target == "" {
		return
	}
	text := c.Stdin.Text
	switch c.Name {
	case "echo", "printf":
		var ok bool
		if text, ok = staticOutput(c); !ok {
			return
		}
	default:
		if c.Stdin.Kind == "" || !c.Stdin.Static || c.Stdin.Remote || c.Stdin.Decoded {
			return
		}
	}
	switch {
	case unitFile().MatchString(target):
		for _, cmd := range unitCommands(text) {
			w.nested(c, cmd, "systemd unit", cx, false)
		}
	case cronFile().MatchString(target):
		user := !strings.HasPrefix(path.Clean(target), "/var/spool/")
		for _, cmd := range crontabCommands(text) {
			if user { // /etc/crontab and /etc/cron.d name the user first
				_, cmd, _ = strings.Cut(cmd, " ")
			}
			w.nested(c, strings.TrimSpace(cmd), "crontab job", cx, false)
		}
	default:
		w.nestedAt(c, "~", text, "shell start-up file", cx) // what every new shell runs, in the home
	}
}

// codeFile reports a file whose written text runs later (writtenCode).
func codeFile(p string) bool {
	return unitFile().MatchString(p) || cronFile().MatchString(p) || startupCodeFile().MatchString(p)
}

var (
	unitFile = lazyRegexp(`(^|/)(systemd/(system|user)|\.config/systemd/user)/[^/]+\.(service|socket|timer|path|mount)$`)
	cronFile = lazyRegexp(`^/(etc/crontab|etc/cron\.d/[^/]+|var/spool/cron/(crontabs/)?[^/]+)$`)
	// bash's and zsh's start-up files, whose lines each new shell runs
	// (fish's have their own language)
	startupCodeFile = lazyRegexp(`^((~|\$HOME|\$\{HOME\}|/root|/home/[^/]+|/Users/[^/]+)/\.(bashrc|bash_profile|bash_login|bash_logout|bash_aliases|bash_functions|profile|zshrc|zshenv|zprofile|zlogin|zlogout|kshrc|mkshrc|xprofile|xinitrc|xsessionrc|(bashrc|zshrc)\.d/[^/]+)|/etc/(profile|bash\.bashrc|bashrc|zshrc|zshenv|zprofile|zsh/[^/]+|profile\.d/[^/]+\.sh))$`)
)

// unitCommands are the command lines of a systemd unit's Exec…= settings,
// without the prefixes (-, @, :, +, !) that change how they run.
func unitCommands(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok || !strings.HasPrefix(strings.TrimSpace(k), "Exec") {
			continue
		}
		if v = strings.TrimLeft(strings.TrimSpace(v), "-@:+!"); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// typedBangShell reports a top-level "! SHELL" statement that starts a
// line after the first, with SHELL given no script (only options, none of
// them -c), and no wrapper but exec.
func (w *walker) typedBangShell(c *Command, args []field, cx ctx) bool {
	if len(cx.via) > 0 || c.Pos.Line < 2 || !shells.has(program(c.Name)) {
		return false
	}
	for _, wr := range c.Wrappers {
		if wr.Name != "exec" {
			return false
		}
	}
	for _, a := range args {
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || strings.HasPrefix(a.Value, "-c") {
			return false
		}
	}
	l, ok := w.sourceLine(c.Pos.Line)
	if !ok || c.Pos.Col < 1 || c.Pos.Col > len(l) || strings.TrimSpace(l[:c.Pos.Col-1]) != "" {
		return false
	}
	rest := l[c.Pos.Col-1:]
	return len(rest) > 1 && rest[0] == '!' && (rest[1] == ' ' || rest[1] == '\t')
}

// sourceLine is line n (1-based) of the line as received, without its
// newline: w.lines indexes the parsed text, whose lines are the original's.
func (w *walker) sourceLine(n int) (string, bool) {
	if w.line == nil || n < 1 || n > len(w.lines) {
		return "", false
	}
	start, end := w.lines[n-1], len(w.line.Original)
	if n < len(w.lines) {
		end = w.lines[n] - 1
	}
	if start > end || end > len(w.line.Original) {
		return "", false
	}
	return w.line.Original[start:end], true
}

// shellKeys are the keys that start a shell in a full-screen program
// (ncdu's b, ranger's S), typed on the line after its own; executeKeys
// are nano's keys to run a command (^R^X, and ^T in nano 5 and later),
// the command being the line after them; typedLanguages are the programs
// whose prompt, started with no operand, reads the lines after it as a
// command (hping3's Tcl prompt and msfconsole's run an unknown command as
// a program) or as code (irb, pry). Names are as program() reduces them
// (hping3 is hping).
var (
	shellKeys      = map[string]string{"ncdu": "b", "ranger": "S"}
	executeKeys    = set("^R^X", "^T", "^T^T")
	editorsExecute = set("nano", "pico", "rnano")
	typedLanguages = map[string]string{"hping": "sh", "msfconsole": "sh", "irb": "ruby", "pry": "ruby", "tclsh": "tcl", "wish": "tcl"}
	// consolePrompts are the subcommands that start irb in a project's
	// bundle (bundle console, rails console or c): a Ruby prompt as irb's
	consolePrompts = map[string][]string{"bundle": {"console"}, "rails": {"console", "c"}}
)

// throwaway reports a file in a temporary directory (/tmp, /var/tmp,
// /dev/shm, what mktemp names there).
func throwaway(file string) bool {
	for _, dir := range []string{"/tmp/", "/var/tmp/", "/dev/shm/", "/private/tmp/"} {
		if rest, ok := strings.CutPrefix(path.Clean(file), dir); ok && rest != "" {
			return true
		}
	}
	return false
}

// typedBang are the languages of a prompt whose "!" lines run a command
// (the catalogue's stdin): a line "! CMD" after such a program's is one.
var typedBang = set("bang", "gdb", "ftp", "mysql", "psql", "sqlite")

// typedKeys finds a command typed into an interactive program on the lines
// after its own in the same text, as a "!CMD" line is: joe's ^K!CMD (no
// program is named so), nano's execute keys and the line after them,
// ncdu's and ranger's shell keys, less's v (an editor on its file), and a
// line typed into hping3's, irb's or tclsh's prompt (bundle console's and
// rails console's too). The command must start a line after the first, at
// top level; the program is the one the line before starts, through its
// wrappers.
func (w *walker) typedKeys(c *Command, args []field, cx ctx) (string, bool) {
	if len(cx.via) > 0 || c.Pos.Line < 2 || len(c.Wrappers) > 0 && c.Wrappers[0].Name != "exec" {
		return "", false
	}
	cur, ok := w.sourceLine(c.Pos.Line)
	if !ok || c.Pos.Col < 1 || c.Pos.Col > len(cur) || strings.TrimSpace(cur[:c.Pos.Col-1]) != "" {
		return "", false
	}
	cur = strings.TrimSpace(cur)
	if keys := strings.TrimLeft(cur, "^ABCDEFGHIJKLMNOPQRSTUVWXYZ[]@_\\"); keys != cur && strings.HasPrefix(keys, "!") && strings.HasPrefix(cur, "^") {
		if rest := strings.TrimSpace(keys[1:]); rest != "" {
			return rest, true // joe's ^K!CMD
		}
		return "sh", true
	}
	var prev []string
	for i := c.Pos.Line - 1; i >= 1 && len(prev) == 0; i-- {
		l, _ := w.sourceLine(i)
		prev = strings.Fields(l)
	}
	if len(prev) == 0 {
		return "", false
	}
	// the program the line before started, its wrappers taken off (sudo
	// nano, then ^R^X typed into it)
	words := make([]field, len(prev))
	for i, p := range prev {
		words[i] = field{Word: Word{Value: p}}
	}
	var before Command
	operands := w.peel(&before, words)
	typedInto := program(before.Name)
	switch {
	case strings.HasPrefix(cur, "! ") && catalogProgram(typedInto) != nil && typedBang.has(catalogProgram(typedInto).Stdin):
		// "! CMD" typed into a program whose prompt runs "!" lines
		// (opencode, gdb, ftp, ed): its escape with a space, not a negation
		return strings.TrimSpace(cur[2:]), true
	case executeKeys.has(c.Path) && len(args) == 0 && editorsExecute.has(typedInto):
		if next, _ := w.sourceLine(c.Pos.Line + 1); strings.TrimSpace(next) != "" {
			return strings.TrimSpace(next), true
		}
	case shellKeys[typedInto] != "" && c.Path == shellKeys[typedInto] && len(args) == 0:
		return "sh", true
	case typedInto == "less" && (c.Path == "v" && len(args) == 0 || strings.HasPrefix(c.Path, "v:")):
		// less's v opens an editor on the file it shows; what follows on
		// the line is typed into the editor (v:shell)
		file := ""
		for _, o := range operands {
			if !strings.HasPrefix(o.Value, "-") && !strings.HasPrefix(o.Value, "+") {
				file = o.Value
			}
		}
		if file == "" {
			return "", false // less reading its input has no file to edit
		}
		if ex := strings.TrimPrefix(strings.TrimPrefix(cur, "v"), ":"); ex != "" {
			return "vi -c " + shellQuote(ex) + " " + shellQuote(file), true
		}
		return "vi " + shellQuote(file), true
	case len(operands) > 0 && slices.Contains(consolePrompts[typedInto], operands[0].Value):
		return "ruby -e " + shellQuote(cur), true
	case typedLanguages[typedInto] != "" && len(operands) == 0:
		switch typedLanguages[typedInto] {
		case "sh":
			return cur, true
		case "tcl":
			return "tclsh <<< " + shellQuote(cur), true // tclsh reads its prompt's lines as a script's
		}
		return typedLanguages[typedInto] + " -e " + shellQuote(cur), true
	}
	return "", false
}

// program reduces a command name to the program it runs: "BASH" and
// "bash.exe" are bash, "python3.11" is python.
func program(name string) string {
	return strings.TrimRight(strings.TrimSuffix(strings.ToLower(name), ".exe"), "0123456789.-")
}

// otherInterpreters run code read from standard input when given no script,
// in languages whose code hguard does not inspect.
var otherInterpreters = set("tclsh", "wish", "elixir", "iex", "rscript", "r", "julia", "groovy", "guile",
	"racket", "sbcl", "osascript", "expect", "jshell", "scala", "kotlin", "swift", "erl", "escript", "irb")

// hasOperand reports whether args hold a non-option argument (a script).
func hasOperand(args []field) bool {
	for _, a := range args {
		if a.Dynamic || !strings.HasPrefix(a.Value, "-") || a.Value == "-" {
			return a.Value != "-"
		}
	}
	return false
}

// stdinCode marks an interpreter that runs code from standard input which
// hguard cannot read: downloaded, decoded, or piped from elsewhere; or,
// with nothing on the line feeding it (in the foreground, where a shell
// does not give it /dev/null, and reached through nothing that gives it
// another input), the caller's own input, which is typed into it later
// (Typed: a person's own keys, or what an agent's tool writes to a
// command it started, Codex's write_stdin).
func (w *walker) stdinCode(c *Command) {
	in := c.Stdin
	switch {
	case in.Kind == "":
		c.Typed = !c.Background && !slices.ContainsFunc(c.Args, func(a Word) bool { return infoOption(c.Name, a.Value) }) &&
			!slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) })
	case in.Remote || in.Decoded:
		c.Untrusted = untrusted(in)
	case in.Kind == "pipe" && in.setup:
		// starship init fish | source: the tool's own set-up (setupScript),
		// as eval (starship init fish) and source <(kubectl completion bash)
	case (in.Kind == "pipe" || in.Kind == "procsub" || in.Kind == "heredoc" || in.Kind == "herestring") && !in.Static:
		// a heredoc or here-string holding a value known only at run time
		// (bash <<< "echo $X") is code nobody has read
		c.Untrusted = "dynamic"
	}
}

// passesStdin reports a carrier whose command reads the carrier's own
// standard input: a shell's -c string, eval.
func passesStdin(via string) bool {
	// an alias is the shell's own text (zsh expands one on a later line)
	return via == "eval" || strings.HasPrefix(via, "alias ") || ShellScriptVia(via)
}

// ShellScriptVia reports whether via, a carrier as Command.Via names it,
// is a shell's -c string (bash -c, sh -c; bash -lc is named bash -c): the
// script runs on the same machine as the line, as if typed there.
func ShellScriptVia(via string) bool {
	name, ok := strings.CutSuffix(via, " -c")
	return ok && shells.has(program(baseName(name)))
}

// ShowsOutput reports whether via, a carrier as Command.Via names it,
// writes its command's standard output where the carrier's own goes, for
// whoever ran the carrier to read: a shell's -c string or standard input,
// eval, source, emulate -c, script -c, su -c, a trap's text (run by the
// shell, its output the shell's), a script the line or the session wrote,
// make's recipes of a makefile it wrote, a program's copy run under its
// new name (copy ./zz), a command whose paths name a link the line made
// (link ./lnk), and inline code's calls that run a command (os.system,
// subprocess.check_output, backticks, qx{}, %x(), execSync, awk's system()
// and "CMD" | getline): what code captures from a
// command it mostly prints or returns, so an agent reads it as it reads
// sh -c's. So do a shell's script from a substitution (bash <(…)) or from a
// file (bash x.sh), watch's screen, parallel's jobs and ssh's LocalCommand.
// Captures the shell keeps ($(…)) and launchers (xargs) are not.
func ShowsOutput(via string) bool {
	switch via {
	case "eval", "source", "source stdin", ".", "emulate -c", "script -c", "su -c", "runuser -c", "trap", "watch", "ssh LocalCommand":
		return true
	}
	if ShellScriptVia(via) {
		return true
	}
	if strings.HasPrefix(via, "file ") || strings.HasPrefix(via, "parallel ") {
		// "file x.sh written on this line", "parallel :::"
		return true
	}
	if strings.HasPrefix(via, "copy ") || strings.HasPrefix(via, "link ") {
		return true // cp /usr/bin/kubectl zz; ./zz config view --raw: the program itself (runsCopy)
	}
	for _, suffix := range []string{" stdin", " procsub"} {
		if name, ok := strings.CutSuffix(via, suffix); ok && shells.has(program(baseName(name))) {
			return true
		}
	}
	lang, call, ok := strings.Cut(via, " ")
	if ok && (program(baseName(lang)) == "make" || program(baseName(lang)) == "gmake") && !strings.HasPrefix(call, "-") {
		return true // make's recipe lines from a makefile the line wrote (make FILE): make passes their output on
	}
	return ok && call != "" && interpreter(baseName(lang)) != ""
}

// infoOption reports an option after which an interpreter prints its
// version or help and exits, reading no script: -v is python's and the
// shells' verbose mode, and node's, perl's, ruby's, php's and lua's version.
func infoOption(name, opt string) bool {
	switch opt {
	case "--version", "-version", "-V", "--help", "-help", "-h", "--usage":
		return true
	case "-v":
		return !shells.has(program(baseName(name))) && interpreter(name) != "python"
	}
	return false
}

// shellStarters run the command line they are given with a new shell, a
// child process with their environment (sg GRP -c, su -c, runuser -c,
// script -c, flock -c, watch, entr -s): the line's cds, set -e and
// assignments end with it, as a shell's -c line's do, and the variables
// it sees are those a shell started there would.
var shellStarters = set("su", "runuser", "sg", "script", "flock", "watch", "entr")

// nested parses and walks text that c runs, one carrier deeper. noSubst says
// the substitutions in text were walked already, as part of c's own words.
func (w *walker) nested(c *Command, text, via string, cx ctx, noSubst bool) {
	w.nestedText(c, text, via, cx, noSubst, carrierDialect(c, cx))
}

// nestedAt walks text as run in dir, as a runner runs its recipes there
// (make -C DIR, npm --prefix DIR, a task's dir:): its relative paths and
// cd .. chains are judged from dir ("" or "." for where c runs; $ for
// one known only as it runs), and c's own directory is back after it.
func (w *walker) nestedAt(c *Command, dir, text, via string, cx ctx) {
	if dir == "" || dir == "." {
		w.nested(c, text, via, cx, false)
		return
	}
	if strings.HasPrefix(dir, "-") {
		dir = "./" + dir // a directory, not cd's option
	}
	here, fetchDir, prev, hasPrev, alts := w.cwdNow(), w.fetch.dir, w.prevCwd, w.hasPrev, w.alts
	to := []field{{Word: Word{Value: dir, Dynamic: strings.ContainsAny(dir, "$`")}}}
	w.fetch.dir = w.fetchedCd(to)
	w.cd(to)
	w.nested(c, text, via, cx, false)
	w.cwd, w.cwdRel, w.cwdLost, w.cwdSpelled = here.cwd, here.rel, here.lost, here.spelled
	w.fetch.dir, w.prevCwd, w.hasPrev, w.alts = fetchDir, prev, hasPrev, alts
	w.changed()
}

// nestedIn walks text in dialect d (an alias's body in the current shell's).
func (w *walker) nestedIn(c *Command, text, via string, cx ctx, d Dialect) {
	if d == "" {
		d = Bash
	}
	w.nestedText(c, text, via, cx, false, d)
}

func (w *walker) nestedText(c *Command, text, via string, cx ctx, noSubst bool, d Dialect) {
	if w.full || strings.TrimSpace(text) == "" {
		return
	}
	if cx.depth >= MaxDepth {
		if !w.depthHit {
			w.depthHit = true
			w.issue(IssueDepth, c.Pos, fmt.Sprintf("%d:%d: carriers nested deeper than %d (%s); the innermost text was not analyzed",
				c.Pos.Line, c.Pos.Col, MaxDepth, via))
		}
		return
	}
	name, _, _ := strings.Cut(via, " ")
	isShell := shells.has(program(baseName(name)))
	// a catalogued program's code runs in a shell of its own too
	// (CONFIG_SHELL=… parallel ./configure ::: a, hyperfine CMD)
	newShell := isShell || shellStarters.has(name) || catalogProgram(name) != nil
	if newShell {
		// a shell is a child process: its cds (bash -c 'cd /etc') are
		// gone when it ends, and the line goes on where it was
		here, fetchDir, prev, hasPrev, errexit, lastpipe, dotglob, options := w.cwdNow(), w.fetch.dir, w.prevCwd, w.hasPrev, w.errexit, w.lastpipe, w.dotglob, w.zsh
		defer func() {
			w.setCwd(here)
			w.fetch.dir, w.prevCwd, w.hasPrev, w.errexit, w.lastpipe, w.dotglob, w.zsh = fetchDir, prev, hasPrev, errexit, lastpipe, dotglob, options
		}()
		w.lastpipe = false
		w.zsh = zshOptions{}
		if isShell && program(baseName(name)) == "zsh" && zshOptionWords(c.Args) {
			w.zsh = zshOptions{wordSplit: optEither, globSubst: optEither} // zsh -y -c …, zsh --emulate sh -c …
		}
		// a new shell starts without set -e unless its options set it
		// (bash -e -c 'cd x; rm -rf .git' stops where the cd fails)
		w.errexit = false
		if isShell {
			opts := make([]field, 0, len(c.Args))
			for _, a := range c.Args {
				opts = append(opts, field{Word: a})
			}
			w.errexit, _ = errexitOption(opts)
			for i, a := range c.Args[:max(len(c.Args)-1, 0)] {
				if a.Value == "-O" && (c.Args[i+1].Value == "dotglob" || c.Args[i+1].Dynamic) {
					w.dotglob = true // bash -O dotglob -c …
				}
			}
		}
		// it inherits c's environment, the exported variables and c's
		// prefix assignments (CONFIG_SHELL=… sg grp -c ./configure)
		defer w.newShellVars(c)()
	}
	at := c.Pos
	var redirs []Redirect
	if via == "eval" {
		redirs = c.Redirects // eval's text writes where eval does: X='cat /dev/zero'; eval $X > f
	}
	w.text(text, ctx{
		dialect:  d,
		redirs:   redirs,
		via:      append(slices.Clip(c.Via), via),
		at:       &at,
		depth:    cx.depth + 1,
		fn:       cx.fn,
		noSubst:  noSubst || cx.noSubst,
		newShell: cx.newShell || newShell,
		tested:   cx.tested && !newShell, // set -e; eval 'cd x' || true; a new shell's own -e holds
		maybe:    cx.maybe || newShell,   // a new shell's assignments end with it
		defined:  cx.defined,
		branch:   cx.branch, // if c; then eval D=x; fi: the branch's own assignment
	})
}

// untrusted classifies content that cannot be read in the command line.
func untrusted(in Input) string {
	switch {
	case in.Remote:
		return "remote"
	case in.Decoded:
		return "decoded"
	}
	return "dynamic"
}

// runString follows a command string (sh -c STRING, eval ARGS, su -c …).
func (w *walker) runString(c *Command, f field, via string, cx ctx) {
	if f.Dynamic {
		c.Untrusted = untrusted(f.in)
	}
	w.nested(c, f.Value, via, cx, f.Dynamic)
}

// runInput follows a script read from standard input.
func (w *walker) runInput(c *Command, via string, cx ctx) {
	w.stdinCode(c)
	if in := c.Stdin; in.Text != "" {
		w.nested(c, in.Text, via, cx, !in.Static)
	}
}

// mavenExec follows the exec plugin's exec goal (mvn exec:exec), which runs
// -Dexec.executable=PROG with -Dexec.args=ARGS (split on blanks, with
// quotes kept together), as that command line. A property is defined by
// -DNAME=VALUE, -D NAME=VALUE or --define[=]NAME=VALUE, as Maven's option
// parser takes an option's value attached or as the next word; MAVEN_ARGS
// (words Maven adds to its own) and MAVEN_OPTS (the JVM's system
// properties, which Maven's are too) set on the command define them as
// well, as does the project's .mvn/maven.config (its words are Maven's
// options) when the line or the session wrote it.
func (w *walker) mavenExec(c *Command, args []field, cx ctx) {
	var prog, argv string
	dynamic, goal := false, false
	var env []field
	if in, _, ok := w.fileInput(".mvn/maven.config"); ok {
		for _, v := range strings.Fields(in.partText()) {
			env = append(env, field{Word: Word{Value: v, Dynamic: !in.Static}})
		}
	}
	for _, a := range c.Assigns {
		if a.Name == "MAVEN_ARGS" || a.Name == "MAVEN_OPTS" {
			for _, v := range strings.Fields(a.Value.Value) {
				env = append(env, field{Word: Word{Value: v, Dynamic: a.Value.Dynamic}})
			}
		}
	}
	args = append(env, args...)
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if (v == "-D" || v == "--define") && i+1 < len(args) {
			i++
			a = args[i]
			v, a.Dynamic = "-D"+a.Value, a.Dynamic || args[i-1].Dynamic
		} else if d, ok := strings.CutPrefix(v, "--define="); ok {
			v = "-D" + d
		}
		switch {
		case !strings.HasPrefix(v, "-") && strings.HasSuffix(v, ":exec"): // exec:exec, org.codehaus.mojo:exec-maven-plugin:3.1.0:exec
			goal = true
		case strings.HasPrefix(v, "-Dexec.executable="):
			prog, dynamic = strings.TrimPrefix(v, "-Dexec.executable="), dynamic || a.Dynamic
		case strings.HasPrefix(v, "-Dexec.args="):
			argv, dynamic = strings.TrimPrefix(v, "-Dexec.args="), dynamic || a.Dynamic
		}
	}
	if goal && prog != "" {
		w.nested(c, strings.TrimSpace(shellQuote(prog)+" "+argv), "mvn exec:exec", cx, dynamic)
	}
}

// procFiles gives each <(…) among args whose output is known the name the
// shell passes, /dev/fd/N, as a file written on the line holding that
// output, so that a program's followers read it as any file it is given
// (make -f <(…), vim -S <(…), ssh -F <(…)); done forgets them. The field
// keeps its substitution for those that look for one (bash <(…)).
func (w *walker) procFiles(args []field) (out []field, done func()) {
	done = func() {}
	n := 63
	for i, a := range args {
		if a.in.Kind != "procsub" || !a.in.Static || !a.Dynamic || !strings.HasPrefix(a.Value, "<(") || !strings.HasSuffix(a.Value, ")") {
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		name := "/dev/fd/" + strconv.Itoa(n)
		n--
		old, had := w.files[name]
		if w.files == nil {
			w.files = map[string]Input{}
		}
		w.files[name] = Input{Kind: "file", From: "<(…)", Text: a.in.Text, Static: true}
		out[i] = field{Word: Word{Value: name, Quoted: a.Quoted}, in: a.in}
		prev := done
		done = func() {
			if had {
				w.files[name] = old
			} else {
				delete(w.files, name)
			}
			prev()
		}
	}
	if out == nil {
		return args, done
	}
	return out, done
}

// runSubst follows a script that is a substitution: bash <(curl …), source <(…).
func (w *walker) runSubst(c *Command, f field, via string, cx ctx) {
	switch {
	case f.in.Remote || f.in.Decoded:
		c.Untrusted = untrusted(f.in)
	case !f.in.Static && !f.setupOnly(): // source <(kubectl completion bash): the tool's own (setupScript)
		c.Untrusted = "dynamic"
	}
	if f.in.Static && f.in.Kind == "procsub" {
		w.nested(c, f.in.Text, via, cx, false)
	}
}

// shell follows sh/bash/… invocations: -c STRING, a substituted script, or
// a script on standard input.
func (w *walker) shell(c *Command, args []field, cx ctx) {
	for _, a := range c.Assigns {
		// prompt code in the environment the shell starts with
		// (PS1='$(…)' bash -i, PROMPT_COMMAND=CMD bash -i), as a
		// standalone assignment's (assigned)
		w.promptCode(c, a.Name, a.Value, cx)
	}
	if program(c.Name) == "fish" {
		w.fish(c, args, cx)
		return
	}
	words := make([]Word, len(args))
	for j, a := range args {
		words[j] = a.Word
	}
	i, hasC, readStdin := shellInvocation(c.Name, words)
	for j := 1; j < min(i, len(args)); j++ {
		if v := args[j-1].Value; (v == "--rcfile" || v == "--init-file") && args[j].in.Kind != "" {
			// the start-up file an interactive bash reads first: bash
			// --rcfile <(echo …) -i runs it
			w.runSubst(c, args[j], c.Name+" "+v, cx)
		}
	}
	rest := args[min(i, len(args)):]
	switch {
	case hasC:
		if len(rest) > 0 {
			zero := c.Name
			if len(rest) > 1 {
				zero = rest[1].Value
			}
			restore := w.positional(zero, rest[min(2, len(rest)):])
			w.runString(c, rest[0], c.Name+" -c", cx)
			restore()
		}
	case readStdin || len(rest) == 0 || stdinFile(rest[0].Value):
		w.runInput(c, c.Name+" stdin", cx)
	case rest[0].in.Kind != "":
		w.runSubst(c, rest[0], c.Name+" "+rest[0].in.Kind, cx)
	case !rest[0].Dynamic && baseName(rest[0].Value) == "configure":
		// sh ./configure CC=…: the script as run by its own #!/bin/sh,
		// taking make's variables and judged as an unknown program
		w.makeVariables(c, rest[1:], cx)
		w.spawn(c, rest, Wrapper{Name: c.Name}, cx)
	}
}

// shellInvocation reads a POSIX-family shell's options (not fish's, see
// fish): i is the index of the first word after them, hasC whether -c
// makes that word a script, readStdin whether -s reads the script from
// standard input. A dynamic word ends the options.
func shellInvocation(name string, args []Word) (i int, hasC, readStdin bool) {
	for i < len(args) {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return i, hasC, readStdin
		case v == "--" || v == "-":
			return i + 1, hasC, readStdin
		case strings.HasPrefix(v, "--"):
			i++
			if v == "--rcfile" || v == "--init-file" || shellOptionValue(name, v) {
				i++ // bash --rcfile FILE, zsh --emulate sh -c …
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			i++
			for _, ch := range v[1:] {
				switch ch {
				case 'c':
					hasC = true
				case 's':
					readStdin = true
				case 'o', 'O':
					i++ // -o OPTION
				}
			}
		default:
			return i, hasC, readStdin
		}
	}
	return i, hasC, readStdin
}

// ShellScript is the index in c.Args of the script a shell's -c runs
// (bash -lc 'SCRIPT', sh -c -- 'SCRIPT'), which the walker follows as
// commands of their own; ok is false for another command, a shell given
// no -c script, and fish.
func ShellScript(c *Command) (index int, ok bool) {
	if !shells.has(program(c.Name)) || program(c.Name) == "fish" {
		return 0, false
	}
	i, hasC, _ := shellInvocation(c.Name, c.Args)
	return i, hasC && i < len(c.Args)
}

// fishOptions are fish's options that take a value (getopt's
// "+hPilNnvc:C:p:d:f:D:o:"), by letter and by long name: -c COMMANDS and
// -C COMMANDS (--init-command) are code fish runs, each as often as given.
var fishOptions = map[string]byte{"command": 'c', "init-command": 'C', "profile": 'p', "profile-startup": 'p',
	"debug": 'd', "features": 'f', "debug-stack-frames": 'D', "debug-output": 'o'}

// fishLong is the long option a word names (fish's getopt_long takes a
// name's unique prefix, --init for --init-command), and whether it takes a
// value; ok is false for a name fish does not take a value for.
func fishLong(v string) (letter byte, value string, attached, ok bool) {
	name, value, attached := strings.Cut(strings.TrimPrefix(v, "--"), "=")
	if l, exact := fishOptions[name]; exact {
		return l, value, attached, true
	}
	found := 0
	for long, l := range fishOptions {
		if name != "" && strings.HasPrefix(long, name) {
			letter, found = l, found+1
		}
	}
	if found != 1 {
		return 0, "", false, false
	}
	return letter, value, attached, true
}

// fishCode reports fish's --command, however spelt (--comm=…).
func fishCode(v string) bool {
	letter, _, _, ok := fishLong(v)
	return ok && letter == 'c'
}

// shellOptionValue reports whether a shell's option word takes the next
// word as its value: bash -o NAME, -O NAME, --rcfile FILE, zsh --emulate
// MODE, fish -p FILE, --init-command CODE.
func shellOptionValue(name, v string) bool {
	prog := program(name)
	switch {
	case prog == "fish" && strings.HasPrefix(v, "--"):
		_, _, attached, ok := fishLong(v)
		return ok && !attached
	case prog == "fish" && len(v) > 1 && v[0] == '-':
		for j := 1; j < len(v); j++ {
			if strings.IndexByte("cCpdfDo", v[j]) >= 0 {
				return j == len(v)-1 // the rest of the word is its value
			}
		}
		return false
	case prog == "zsh" && v == "--emulate":
		return true
	case v == "--rcfile" || v == "--init-file":
		return true
	case len(v) > 1 && (v[0] == '-' || v[0] == '+') && v[1] != '-':
		return strings.ContainsAny(v[len(v)-1:], "oO")
	}
	return false
}

// fish follows fish's invocation: the code of each -c and -C (--command,
// --init-command; fish -C CODE -c ls runs both), or else its script: an
// operand, or standard input. Fish's options take their values as getopt
// does (fish -p FILE -c …, -CCODE, --init-command=CODE), and the words
// after -c's code are its $argv, not code.
func (w *walker) fish(c *Command, args []field, cx ctx) {
	var inits, cmds []field
	i := 0
	// take keeps option letter's value: f when attached to the option's
	// word, else the next word; false when no word follows.
	take := func(letter byte, f field, attached bool) bool {
		if !attached {
			if i >= len(args) {
				return false
			}
			f = args[i]
			i++
		}
		switch letter {
		case 'c':
			cmds = append(cmds, f)
		case 'C':
			inits = append(inits, f)
		}
		return true
	}
options:
	for i < len(args) {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			break options
		case v == "--" || v == "-":
			i++
			break options
		case strings.HasPrefix(v, "--"):
			i++
			letter, value, attached, ok := fishLong(v)
			if !ok {
				continue
			}
			f := a
			f.Value = value
			if !take(letter, f, attached) {
				break options
			}
		case len(v) > 1 && v[0] == '-':
			i++
			for j := 1; j < len(v); j++ {
				letter := v[j]
				if strings.IndexByte("cCpdfDo", letter) < 0 {
					continue
				}
				f := a
				f.Value = v[j+1:]
				if !take(letter, f, j < len(v)-1) {
					break options
				}
				break
			}
		default:
			break options
		}
	}
	for _, f := range inits {
		w.runString(c, f, c.Name+" -C", cx)
	}
	if len(cmds) > 0 {
		restore := w.positional(c.Name, args[min(i, len(args)):])
		for _, f := range cmds {
			w.runString(c, f, c.Name+" -c", cx)
		}
		restore()
		return
	}
	rest := args[min(i, len(args)):]
	switch {
	case len(rest) == 0 || stdinFile(rest[0].Value):
		w.runInput(c, c.Name+" stdin", cx)
	case rest[0].in.Kind != "":
		w.runSubst(c, rest[0], c.Name+" "+rest[0].in.Kind, cx)
	case !rest[0].Dynamic && baseName(rest[0].Value) == "configure":
		// sh ./configure CC=…: the script as run by its own #!/bin/sh,
		// taking make's variables and judged as an unknown program
		w.makeVariables(c, rest[1:], cx)
		w.spawn(c, rest, Wrapper{Name: c.Name}, cx)
	}
}

// eval runs its arguments joined with spaces.
func (w *walker) eval(c *Command, args []field, cx ctx) {
	if len(args) == 0 || !slices.ContainsFunc(args, func(f field) bool { return !f.setupOnly() }) {
		return // eval "$(pyenv init -)": the tool's own set-up (setupScript)
	}
	defer w.prefixIFS(c)()
	w.runString(c, joinFields(args), "eval", cx)
}

// prefixIFS applies a prefix IFS of a builtin or function that runs text
// in the shell (IFS=';' eval 'eval "$*"', IFS=';' source FILE, IFS=';'
// f): it splits and joins
// there, and only there. The returned function puts the line's IFS back.
func (w *walker) prefixIFS(c *Command) func() {
	for _, a := range c.Assigns {
		if a.Name != "IFS" {
			continue
		}
		old, had := w.vars["IFS"]
		oldSet := w.ifsSet
		if w.vars == nil {
			w.vars = make(map[string]string)
		}
		w.vars["IFS"], w.ifsSet = a.Value.Value, a.Value.Dynamic
		return func() {
			if w.ifsSet = oldSet; had {
				w.vars["IFS"] = old
			} else {
				delete(w.vars, "IFS")
			}
		}
	}
	return func() {}
}

// sourced follows source/. of a substitution or of standard input.
func (w *walker) sourced(c *Command, args []field, cx ctx) {
	defer w.prefixIFS(c)()
	if len(args) > 0 && args[0].Value == "--" {
		args = args[1:]
	}
	switch {
	case len(args) == 0 && w.dialect == Fish, len(args) > 0 && args[0].Value == "-" && w.dialect == Fish:
		w.runInput(c, "source stdin", cx) // fish's source reads a piped standard input
	case len(args) == 0:
	case w.toolDirPath(args[0]):
		// source "$(conda info --base)/etc/profile.d/conda.sh": the tool's own file
	case stdinFile(args[0].Value):
		w.runInput(c, "source stdin", cx)
	case args[0].in.Kind != "":
		w.runSubst(c, args[0], "source", cx)
	}
}

// optionCarrier follows su -c, runuser -c and script -c; runuser -u
// USER's command; and the arguments su and runuser pass the user's shell
// after the user (su root -- -c CMD, su root x.sh run CMD and x.sh).
func (w *walker) optionCarrier(c *Command, args []field, cx ctx) {
	spec := optSpec{arg: "sgGw", longArg: []string{"shell", "group", "supp-group", "whitelist-environment"}}
	if c.Name == "script" {
		// util-linux's value options, and BSD's -F PIPE and -t TIME
		spec = optSpec{arg: "TBIOEmoFt", longArg: []string{"log-timing", "log-io", "log-in", "log-out", "echo", "logging-format", "output-limit"}}
	}
	operands := 0
	userCmd := false // runuser -u USER: the operands are the command
	shell := field{Word: Word{Value: "sh"}}
	// operand follows an operand of su's or runuser's: the user, then
	// the shell's arguments; runuser -u USER's command
	operand := func(rest []field) bool {
		switch {
		case userCmd:
			w.spawnAttached(c, rest, Wrapper{Name: c.Name}, cx)
		case operands > 0:
			w.spawn(c, append([]field{shell}, rest...), Wrapper{Name: c.Name}, cx)
		default:
			operands++
			return false
		}
		return true
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if c.Name == "script" && (len(v) < 2 || v[0] != '-') {
			// BSD's script FILE COMMAND ARGS… (macOS: script -q /dev/null
			// make, a terminal for the command's colours)
			if operands++; operands == 2 {
				w.spawn(c, args[i:], Wrapper{Name: "script"}, cx)
				return
			}
			continue
		}
		if v == "--" {
			if c.Name == "script" {
				// util-linux's script FILE -- COMMAND ARGS…
				if i+1 < len(args) {
					w.spawn(c, args[i+1:], Wrapper{Name: "script"}, cx)
				}
				return
			}
			for j := i + 1; j < len(args) && !operand(args[j:]); j++ {
			}
			return
		}
		if opt, val, eq := strings.Cut(strings.TrimPrefix(v, "--"), "="); strings.HasPrefix(v, "--") {
			if opt != "" && strings.HasPrefix("command", opt) || len(opt) >= 2 && strings.HasPrefix("session-command", opt) {
				// --command, or a prefix getopt_long takes for it (--comm)
				f := args[min(i+1, len(args)-1)]
				if eq {
					f = field{Word: Word{Value: val, Dynamic: args[i].Dynamic}, in: args[i].in}
				}
				w.runString(c, f, c.Name+" -c", cx)
				return
			}
			if opt == "user" && c.Name == "runuser" {
				userCmd = true
				if !eq {
					i++
				}
				continue
			}
			if opt == "shell" && i+1 < len(args) {
				if !eq {
					val = args[i+1].Value
				}
				shell = field{Word: Word{Value: val, Dynamic: args[i].Dynamic}}
			}
			if !eq && slices.Contains(spec.longArg, opt) {
				i++
			}
			continue
		}
		if v == "-" {
			continue // su -: a login shell
		}
		if len(v) < 2 || v[0] != '-' {
			if c.Name != "script" && operand(args[i:]) {
				return
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			switch {
			case v[j] == 'c':
				f := field{Word: Word{Value: v[j+1:], Dynamic: args[i].Dynamic}, in: args[i].in}
				if j == len(v)-1 {
					if i+1 >= len(args) {
						return
					}
					f = args[i+1]
				}
				w.runString(c, f, c.Name+" -c", cx)
				return
			case v[j] == 'u' && c.Name == "runuser":
				userCmd = true
				if j == len(v)-1 {
					i++
				}
				j = len(v)
			case v[j] == 't' && c.Name == "script" && j == len(v)-1 && i+1 < len(args) && strings.HasPrefix(args[i+1].Value, "-"):
				// util-linux's -t takes its file only glued (-tFILE): the
				// -- or option after it is one (script -t -c CMD; BSD's
				// -t TIME would fail on it)
				j = len(v)
			case strings.IndexByte(spec.arg, v[j]) >= 0:
				if v[j] == 's' && c.Name != "script" {
					if j < len(v)-1 {
						shell = field{Word: Word{Value: v[j+1:], Dynamic: args[i].Dynamic}}
					} else if i+1 < len(args) {
						shell = args[i+1]
					}
				}
				if j == len(v)-1 {
					i++
				}
				j = len(v)
			}
		}
	}
}

// ssh follows the remote command (it runs on another host, which Via says)
// and ProxyCommand/LocalCommand/KnownHostsCommand options (they run here).
func (w *walker) ssh(c *Command, args []field, cx ctx) {
	const withArg = "BbcDEeFIiJLlmOopQRSWw"
	i := 0
	var remoteCmds []string // -o RemoteCommand=CMD: run on the host as ssh HOST CMD
	remoteDynamic := false
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(withArg, v[j]) < 0 {
				continue
			}
			val := v[j+1:]
			if val == "" && i+1 < len(args) {
				i++
				val = args[i].Value
			}
			if v[j] == 'o' {
				sep := strings.IndexAny(val, "= ")
				if sep < 0 {
					break
				}
				key, cmd := val[:sep], strings.TrimLeft(val[sep+1:], "= ")
				if strings.EqualFold(strings.Trim(key, `"`), "remotecommand") {
					remoteCmds = []string{cmd} // the last one given wins
					remoteDynamic = args[i].Dynamic
				}
				if sshCommandKey(key) { // KnownHostsCommand runs too (red team, 2026-12-05)
					carrier := "ssh " + key
					if prog := missedHelper(cmd, sshHelpers()); prog != "" && !args[i].Dynamic {
						carrier += " " + prog // an escape (IsEscape): no proxy nor ssh
					}
					w.nested(c, cmd, carrier, cx, args[i].Dynamic)
				}
			}
			break
		}
	}
	if i+1 >= len(args) {
		if remoteCmds == nil {
			remoteCmds = w.sshConfigRemote(args[:i])
		}
		if i < len(args) && slices.ContainsFunc(remoteCmds, func(cmd string) bool { return !strings.EqualFold(cmd, "none") }) {
			// the RemoteCommand runs on the host instead of its login
			// shell, as ssh HOST CMD runs CMD (none: the login shell)
			for _, cmd := range remoteCmds {
				if !strings.EqualFold(cmd, "none") {
					w.nested(c, cmd, "ssh", cx, remoteDynamic)
				}
			}
			return
		}
		if i < len(args) && !sshNoShell(args[:i]) && !strings.HasPrefix(args[i].Value, "git@") {
			// ssh HOST with no command: the remote login shell reads
			// what is typed into ssh later (a forge's git user has
			// git-shell, which runs git's own commands only)
			c.Typed = c.Stdin.Kind == "" && !c.Background && !slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) })
		}
		return
	}
	remote := args[i+1:]
	if remote[0].Value == "--" { // ssh host -- CMD: the remote command follows
		remote = remote[1:]
		if len(remote) == 0 {
			return
		}
	}
	words := make([]string, len(remote))
	dynamic := false
	for k, a := range remote {
		words[k] = a.Value
		dynamic = dynamic || a.Dynamic
	}
	w.nested(c, strings.Join(words, " "), "ssh", cx, dynamic)
}

// sshConfigRemote are the RemoteCommand lines of the configuration files
// ssh -F names (opts are the options before the host) whose text is
// known: written on the line or by the session. Any Host block's counts.
func (w *walker) sshConfigRemote(opts []field) []string {
	files, _ := sshConfigFiles("ssh", opts)
	var out []string
	for _, f := range files {
		if stdinFile(f) {
			continue
		}
		in, _, ok := w.fileInput(f)
		if !ok || !in.Static {
			continue // a config not known: runners marks the command
		}
		for _, line := range strings.Split(in.Text, "\n") {
			line = strings.TrimSpace(line)
			k := strings.IndexAny(line, " \t=")
			if k < 0 || !strings.EqualFold(strings.Trim(line[:k], `"`), "remotecommand") {
				continue
			}
			if cmd := strings.TrimSpace(strings.TrimLeft(line[k:], " \t=")); cmd != "" {
				out = append(out, cmd)
			}
		}
	}
	return out
}

// sshNoShell reports ssh options after which it starts no remote shell:
// -N (forward only), -W (stdio forwarding), -O (a control command), -G
// (print the configuration), -V (the version), -Q (a query), -f (in the
// background, which needs a command or -N).
func sshNoShell(opts []field) bool {
	for _, o := range opts {
		v := o.Value
		if len(v) < 2 || v[0] != '-' || v == "--" {
			continue
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte("NWOGVQf", v[j]) >= 0 {
				return true
			}
			if strings.IndexByte("BbcDEeFIiJLlmOopQRSWw", v[j]) >= 0 {
				break // the rest is the option's value
			}
		}
	}
	return false
}

// watch runs its arguments joined, through sh -c unless -x is given.
func (w *walker) watch(c *Command, args []field, cx ctx) {
	execDirect := false
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if len(v) < 2 || v[0] != '-' {
			break
		}
		if v == "-x" || v == "--exec" {
			execDirect = true
		}
		if v == "-n" || v == "-q" || v == "--interval" {
			i++
		}
	}
	if i >= len(args) {
		return
	}
	if execDirect {
		w.spawn(c, args[i:], Wrapper{Name: "watch", Args: []string{"-x"}}, cx)
		return
	}
	joined := joinFields(args[i:])
	w.nested(c, joined.Value, "watch", cx, joined.Dynamic)
}

// spawn emits a command that c runs directly with argv fs (find -exec,
// watch -x, gdb --args), and follows it in turn. It runs with c's
// environment, c's prefix assignments among it (CONFIG_SHELL=… gdb --args
// ./configure).
func (w *walker) spawn(c *Command, fs []field, wr Wrapper, cx ctx) {
	w.spawnWith(c, fs, wr, c.Assigns, nil, cx)
}

// spawnAttached is spawn for a launcher that runs the command in the
// foreground on its own standard input and output (runuser -u USER --
// CMD, toolbox run CMD, a launcher without an entry): the command reads
// what feeds the launcher (runuser -u root -- tclsh <<< CODE) and writes
// where the launcher's output goes (toolbox run ncat -l 9001 > x.elf), as
// if it stood there itself.
func (w *walker) spawnAttached(c *Command, fs []field, wr Wrapper, cx ctx) {
	w.spawnWith(c, fs, wr, c.Assigns, c, cx)
}

// spawnElsewhere is spawn for a command run in a container, on another
// host or in a session with an environment of its own (docker exec,
// gcloud compute ssh, screen -X): c's prefix assignments do not reach it.
func (w *walker) spawnElsewhere(c *Command, fs []field, wr Wrapper, cx ctx) {
	w.spawnWith(c, fs, wr, nil, nil, cx)
}

// spawnElsewhereStdin is spawnElsewhere for a launcher that gives the
// command c's standard input (execForwardsStdin): docker exec -i app sh
// <<EOF runs the here-document's lines in the container's shell.
func (w *walker) spawnElsewhereStdin(c *Command, fs []field, wr Wrapper, cx ctx) {
	w.spawnWith(c, fs, wr, nil, c, cx)
}

// spawnWith emits the command fs with env's assignments; with stdio set
// it runs on stdio's standard input and redirections.
func (w *walker) spawnWith(c *Command, fs []field, wr Wrapper, env []Assign, stdio *Command, cx ctx) {
	if len(fs) == 0 || w.full {
		return
	}
	if cx.depth >= MaxDepth {
		return
	}
	n := Command{Pipe: PipePos{Len: 1}, Via: c.Via, Source: c.Source, Pos: c.Pos, Func: c.Func, Background: c.Background}
	if stdio != nil {
		n.Stdin, n.Redirects = stdio.Stdin, stdio.Redirects
	}
	rest := w.peel(&n, fs)
	n.Wrappers = concat(append(slices.Clip(c.Wrappers), wr), n.Wrappers)
	n.Assigns = concat(env, n.Assigns)
	if stdio != nil {
		inner := n
		inner.Redirects = nil
		stdio.attached = &inner
	}
	if w.emit(&n) {
		cx.depth++
		w.follow(&n, rest, cx)
		// watch -x bash x.sh, strace -o f ./x.sh: a script written
		// earlier, on the line or in the session
		w.runsWritten(&n, rest, cx)
		w.runsEarlier(&n, rest, cx)
	}
}

// FindStart walks find's arguments up to its expression, which it returns
// the index of: its own options (-H, -L, -P, -O LEVEL, -D DEBUG) are
// skipped and each starting point's index is given to point. value(i) is
// the i-th of n arguments.
func FindStart(n int, value func(int) string, point func(int)) int {
	i := 0
	for ; i < n; i++ {
		v := value(i)
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			continue
		}
		if v == "-D" {
			i++
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" || v == "," {
			break
		}
		point(i)
	}
	return min(i, n)
}

// findExec emits the commands of find's -exec, -execdir, -ok and -okdir,
// each with find's starting points and the operator as its wrapper's
// arguments (find ~ -exec curl -T {} …: what it runs on lies under ~).
func (w *walker) findExec(c *Command, args []field, cx ctx) {
	var points []string
	FindStart(len(args), func(i int) string { return args[i].Value }, func(i int) { points = append(points, args[i].Value) })
	for i := 0; i < len(args); i++ {
		op := args[i].Value
		if op != "-exec" && op != "-execdir" && op != "-ok" && op != "-okdir" {
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" && args[j].Value != "+" {
			j++
		}
		w.spawn(c, args[i+1:j], Wrapper{Name: "find", Args: append(slices.Clone(points), op)}, cx)
		w.foundCopy(c, args, args[i+1:j], cx) // find ~ -name .bashrc -exec gzip {} \; is gzip ~/.bashrc
		i = j
	}
}

// fdExec emits the command of fd's -x/--exec and -X/--exec-batch.
func (w *walker) fdExec(c *Command, args []field, cx ctx) {
	for i := 0; i < len(args); i++ {
		if args[i].Dynamic {
			continue
		}
		op, attached, ok := fdExecOption(args[i].Value)
		if !ok {
			continue
		}
		j := i + 1
		for j < len(args) && args[j].Value != ";" {
			j++
		}
		cmd := args[i+1 : j]
		if attached != "" {
			// -xrm, --exec=rm: the command's first word given with the option
			cmd = append([]field{{Word: Word{Value: attached}}}, cmd...)
		}
		w.spawn(c, cmd, Wrapper{Name: c.Name, Args: []string{op}}, cx)
		w.fdFound(c, args, cmd, cx) // fd -H bashrc ~ -x gzip is gzip ~/*bashrc*
		w.fdFindExec(c, args, cmd, op, cx)
		i = j
	}
}

// fdExecOption reads fd's -x/--exec and -X/--exec-batch, also with the
// command's first word attached (-xrm, --exec=rm) or after flags in a
// cluster (-Hx rm); op is the option's short or long name.
func fdExecOption(v string) (op, attached string, ok bool) {
	for _, long := range []string{"--exec", "--exec-batch"} {
		if v == long {
			return long, "", true
		}
		if rest, found := strings.CutPrefix(v, long+"="); found {
			return long, rest, true
		}
	}
	if len(v) < 2 || v[0] != '-' || v[1] == '-' {
		return "", "", false
	}
	for k := 1; k < len(v); k++ {
		switch f := v[k]; {
		case f == 'x' || f == 'X':
			return "-" + string(f), v[k+1:], true
		case strings.IndexByte("etdESjoc", f) >= 0:
			return "", "", false // an option whose value is the rest
		}
	}
	return "", "", false
}

// gitCommandKeys are configuration keys whose value git runs as a command.
var gitCommandKeys = set("core.pager", "core.editor", "core.sshcommand", "core.fsmonitor", "sequence.editor",
	"diff.external", "credential.helper", "gpg.program")

// gitConfig follows git -c KEY=CMD for the keys gitKeyCommand knows run
// a command (core.fsmonitor, alias.x=!cmd, remote.NAME.uploadpack, …).
func (w *walker) gitConfig(c *Command, args []field, cx ctx) {
	template := ""
	settings := w.gitSettings
	if params, ok := w.lineValue(c, "GIT_CONFIG_PARAMETERS"); ok {
		// GIT_CONFIG_PARAMETERS="'alias.p'='push -f'": git -c's own
		// channel to the git it runs
		for _, kv := range splitWords(params) { // git writes it shell-quoted
			key, val, _ := strings.Cut(kv, "=")
			key = strings.ToLower(key)
			if cmd := gitKeyCommand(key, val); cmd != "" {
				w.nested(c, cmd, "git -c "+key, cx, false) // as git -c KEY=CMD
			}
			if gitSettingKey(key) {
				settings = maps.Clone(settings)
				if settings == nil {
					settings = map[string]string{}
				}
				settings[key] = val
			}
		}
	}
	if n, ok := w.lineValue(c, "GIT_CONFIG_COUNT"); ok {
		// GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.p GIT_CONFIG_VALUE_0="push -f"
		count, _ := strconv.Atoi(strings.TrimSpace(n))
		for i := range min(count, 16) {
			key, okK := w.lineValue(c, "GIT_CONFIG_KEY_"+strconv.Itoa(i))
			val, okV := w.lineValue(c, "GIT_CONFIG_VALUE_"+strconv.Itoa(i))
			key = strings.ToLower(key)
			prefixed := func(name string) bool {
				return slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name })
			}
			if cmd := gitKeyCommand(key, val); okK && okV && cmd != "" && !(prefixed("GIT_CONFIG_KEY_"+strconv.Itoa(i)) && prefixed("GIT_CONFIG_VALUE_"+strconv.Itoa(i))) {
				w.nested(c, cmd, "git -c "+key, cx, false) // exported earlier: as git -c KEY=CMD
			}
			if okK && okV && gitSettingKey(key) {
				settings = maps.Clone(settings)
				if settings == nil {
					settings = map[string]string{}
				}
				settings[key] = val
			}
		}
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-c" && i+1 < len(args):
			i++
			key, val, _ := strings.Cut(args[i].Value, "=")
			key = strings.ToLower(key)
			if cmd := gitKeyCommand(key, val); cmd != "" {
				w.nested(c, cmd, "git -c "+key, cx, args[i].Dynamic)
			}
			if gitSettingKey(key) && !args[i].Dynamic {
				settings = maps.Clone(settings)
				if settings == nil {
					settings = map[string]string{}
				}
				settings[key] = val
			}
			if key == "init.templatedir" {
				template = val
			}
		case v == "--config-env" && i+1 < len(args) || strings.HasPrefix(v, "--config-env="):
			// --config-env=KEY=VAR: the value is the variable's, as the line set it
			spec := strings.TrimPrefix(v, "--config-env=")
			if v == "--config-env" {
				i++
				spec = args[i].Value
			}
			key, name, _ := strings.Cut(spec, "=")
			key = strings.ToLower(key)
			if val, ok := w.lineValue(c, name); ok {
				if cmd := gitKeyCommand(key, val); cmd != "" {
					w.nested(c, cmd, "git --config-env "+key, cx, false)
				}
			}
		case v == "-C" || v == "--git-dir" || v == "--work-tree" || v == "--namespace":
			i++
		case !strings.HasPrefix(v, "-"):
			for _, a := range args[i+1:] {
				if rest, ok := strings.CutPrefix(a.Value, "ext::"); ok && rest != "" {
					// git clone 'ext::sh -c …': the ext transport runs its command
					// (allowed by protocol.allow or GIT_ALLOW_PROTOCOL)
					w.nested(c, argvLine(gitExtArgv(rest)), "git ext::", cx, a.Dynamic)
				}
			}
			w.gitShortExec(c, v, args[i+1:], cx)
			w.gitSetting(c, settings, v, args[i+1:], cx)
			if v == "clone" || v == "init" {
				w.gitCloneConfig(c, args[i+1:], template, cx)
			}
			return // the subcommand: -c after it is not git's
		}
	}
}

// gitSettingKey reports the configuration keys gitSetting reads: an
// alias, and a remote's push refspec or mirror setting.
func gitSettingKey(key string) bool {
	return strings.HasPrefix(key, "alias.") ||
		strings.HasPrefix(key, "remote.") && (strings.HasSuffix(key, ".push") || strings.HasSuffix(key, ".mirror"))
}

// gitSetting walks what git sub does under the settings git -c or an
// earlier git config of the line gave (gitSettingKey): an alias of git
// words runs them (git -c alias.p="push -f" p is git push -f); a push
// where a remote's refspec forces (+HEAD:main) or mirrors is git push
// --force or --mirror.
func (w *walker) gitSetting(c *Command, settings map[string]string, sub string, rest []field, cx ctx) {
	if len(settings) == 0 {
		return
	}
	words := make([]string, len(rest))
	for i, a := range rest {
		words[i] = a.Value
	}
	var lead []string // what aliases of aliases put before the words
	aliased := false
	for range 8 {
		key := "alias." + strings.ToLower(sub)
		val, ok := settings[key]
		f := strings.Fields(val)
		if ok && strings.HasPrefix(val, "!") && w.gitSettings[key] == val {
			// a shell alias an earlier git config of the line set (git
			// config alias.x '!rm -rf ~'; git x): git runs it with sh,
			// the words after it its arguments (git -c's own runs where
			// it is given: gitKeyCommand)
			w.nested(c, strings.TrimSpace(val[1:]+" "+argvLine(append(lead, words...))), "git alias", cx, false)
			return
		}
		if !ok || len(f) == 0 || strings.HasPrefix(val, "!") {
			break
		}
		sub, lead, aliased = f[0], append(f[1:], lead...), true // alias.q=p, alias.p="push -f": git q is git push -f
	}
	if aliased {
		w.nested(c, "git "+sub+" "+strings.Join(lead, " ")+" "+argvLine(words), "git alias", cx, false)
	}
	words = append(lead, words...)
	if sub != "push" || slices.ContainsFunc(words, func(v string) bool { return v == "--mirror" || v == "--force" }) {
		return // what the settings make is walked as git push --force or --mirror already
	}
	for key, val := range settings {
		switch {
		case strings.HasSuffix(key, ".push") && strings.HasPrefix(strings.TrimSpace(val), "+"):
			w.nested(c, "git push --force "+argvLine(words), "git "+key, cx, false)
			return
		case strings.HasSuffix(key, ".mirror") && gitTrue(val):
			w.nested(c, "git push --mirror "+argvLine(words), "git "+key, cx, false)
			return
		}
	}
}

// gitTrue reports a value git reads as true in a boolean setting.
func gitTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "yes", "on", "1":
		return true
	}
	return false
}

// noteGitSetting records git config [scope] KEY VALUE (or git config set
// KEY VALUE), after git's own options (git -C . config …), for the keys
// gitSetting reads, and git remote add --mirror[=push] NAME's mirror
// setting; --unset and other actions on such a key forget it.
func (w *walker) noteGitSetting(args []field) {
	if len(args) == 0 {
		return
	}
	sub := 0 // git status: the first word, without a copy on every git command
	if args[0].Dynamic || strings.HasPrefix(args[0].Value, "-") {
		words := make([]Word, len(args))
		for i, a := range args {
			words[i] = a.Word
		}
		if sub = gitSubcommand(words); sub < 0 {
			return
		}
	}
	args = args[sub:]
	if args[0].Value == "remote" {
		w.noteGitMirror(args[1:])
		return
	}
	if args[0].Value != "config" {
		return
	}
	var ops []field
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch v := a.Value; {
		case len(ops) == 1:
			ops = append(ops, a) // the value, a leading - and all (alias.p "-c x=1 push -f")
		case i == 1 && v == "set" && len(args) > 3:
		case gitConfigValueOptions.has(v) && i+1 < len(args):
			i++ // git config -f .git/config KEY VALUE: the repository's, or one git is given later
		case gitConfigActions.has(strings.SplitN(v, "=", 2)[0]):
			if len(args) > i+1 && gitSettingKey(strings.ToLower(args[i+1].Value)) {
				delete(w.gitSettings, strings.ToLower(args[i+1].Value)) // --unset KEY …: no longer known
			}
			return
		case strings.HasPrefix(v, "-"):
			// --global, --add, --replace-all, --bool, --type=bool, --no-type,
			// -z, --path, --file=F: the same KEY VALUE
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) != 2 || !gitSettingKey(strings.ToLower(ops[0].Value)) || ops[1].Dynamic {
		return
	}
	w.setGitSetting(strings.ToLower(ops[0].Value), ops[1].Value)
}

// gitConfigValueOptions are git config's options whose value is the next
// word; gitConfigActions those that read or remove, not set.
var (
	gitConfigValueOptions = set("-f", "--file", "--blob", "--type", "--comment", "--default", "--value", "--url")
	gitConfigActions      = set("--unset", "--unset-all", "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color",
		"--get-colorbool", "--list", "-l", "--edit", "-e", "--remove-section", "--rename-section", "--show-origin", "--show-scope")
)

// noteGitMirror records git remote add --mirror[=push] NAME URL: a later
// push to NAME mirrors.
func (w *walker) noteGitMirror(args []field) {
	if len(args) == 0 || args[0].Value != "add" {
		return
	}
	mirror := false
	var names []field
	for i := 1; i < len(args); i++ {
		switch v := args[i].Value; {
		case v == "--mirror" || v == "--mirror=push":
			mirror = true
		case v == "-t" || v == "-m" || v == "--track" || v == "--master":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			names = append(names, args[i])
		}
	}
	if mirror && len(names) > 0 && !names[0].Dynamic {
		w.setGitSetting("remote."+strings.ToLower(names[0].Value)+".mirror", "true")
	}
}

func (w *walker) setGitSetting(key, value string) {
	if w.gitSettings == nil {
		w.gitSettings = map[string]string{}
	}
	w.gitSettings[key] = value
}

// lineValue is the value the line gave variable name: c's prefix
// assignment, or an earlier X=… or export X=… of the line.
func (w *walker) lineValue(c *Command, name string) (string, bool) {
	for i := len(c.Assigns) - 1; i >= 0; i-- {
		if a := c.Assigns[i]; a.Name == name {
			return a.Value.Value, !a.Value.Dynamic
		}
	}
	v, ok := w.vars[name]
	return v, ok
}

// gitExtArgv splits an ext:: URL's command as git does: a space separates
// arguments, "% " is a space in one, "%%" a percent sign, and %s and %S the
// service git asks for.
func gitExtArgv(s string) []string {
	var out []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		case c == '%' && i+1 < len(s):
			i++
			switch s[i] {
			case 's':
				b.WriteString("upload-pack")
			case 'S':
				b.WriteString("git-upload-pack")
			default:
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// gitCloneConfig follows git clone's and init's -c/--config KEY=VALUE
// (the new repository's configuration, whose core.fsmonitor runs at the
// checkout) and the hooks of a template directory (--template DIR, or
// init.templateDir) written on the line, which clone runs (post-checkout).
func (w *walker) gitCloneConfig(c *Command, args []field, template string, cx ctx) {
	for i := 0; i < len(args); i++ {
		v, val, ok := args[i].Value, "", false
		switch {
		case (v == "-c" || v == "--config" || v == "--template") && i+1 < len(args):
			i++
			val, ok = args[i].Value, true
		case strings.HasPrefix(v, "--config="), strings.HasPrefix(v, "--template="):
			_, val, ok = strings.Cut(v, "=")
		}
		if !ok {
			continue
		}
		if strings.HasPrefix(v, "--template") {
			template = val
			continue
		}
		key, kv, _ := strings.Cut(val, "=")
		if cmd := gitKeyCommand(strings.ToLower(key), kv); cmd != "" {
			w.nested(c, cmd, "git clone --config "+key, cx, args[i].Dynamic)
		}
	}
	if template == "" {
		return
	}
	for _, f := range w.filesUnder(strings.TrimSuffix(template, "/") + "/hooks") {
		if in, via, ok := w.fileInput(f); ok {
			w.runText(c, in, "sh", via, cx)
		}
	}
}

// gitShortExec follows the short forms of the code options the catalogue
// names long (rebase --exec, difftool --extcmd): rebase -x CMD and
// difftool -x CMD, -xCMD. Elsewhere -x is a flag (cherry-pick -x, clean
// -x).
func (w *walker) gitShortExec(c *Command, sub string, args []field, cx ctx) {
	// rebase's and difftool's -x CMD; clone's -u CMD is --upload-pack,
	// which a local clone runs here
	opt := map[string]string{"rebase": "-x", "difftool": "-x", "clone": "-u"}[sub]
	if opt == "" {
		return
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return
		case v == opt && i+1 < len(args):
			i++
			w.nested(c, args[i].Value, "git "+sub+" "+opt, cx, args[i].Dynamic)
		case strings.HasPrefix(v, opt) && len(v) > 2:
			w.nested(c, v[2:], "git "+sub+" "+opt, cx, args[i].Dynamic)
		}
	}
}

// programs, whose options' values are command lines they run (rg --pre,
// tar -I), are the catalogue's entries of kind options
// (rules/programs/options.yaml), in catalog_gen.go.

// codePrefix is the code option of opts (long names without their
// dashes) that name, two letters or more, is the start of, when it is the
// only one: getopt_long and argp take any unambiguous prefix, so sort
// --co=sh and man --pag=sh run sh as --compress-program and --pager do
// (red team, 2026-12-05). longPrefix stops at an option's first word, lest a
// program's own option be taken for one; one taken here for a code option
// that the program would refuse as ambiguous is only asked of. Else name.
func codePrefix(name string, opts []string) string {
	full := ""
	for _, o := range opts {
		if len(name) < 2 || !strings.HasPrefix(o, name) {
			continue
		}
		if full != "" {
			return name
		}
		full = o
	}
	if full == "" {
		return name
	}
	return full
}

// attachedCode finds a single-dash code option of several letters with its
// value attached to it in word v: zip takes -TT"CMD" as -TT CMD, and no
// other option of the programs with such options starts with one of them.
func attachedCode(v string, code []CodeOption) (CodeOption, string, bool) {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return CodeOption{}, "", false
	}
	for _, co := range code {
		if len(co.Option) > 2 && co.Option[1] != '-' && len(v) > len(co.Option) && strings.HasPrefix(v, co.Option) {
			return co, v[len(co.Option):], true
		}
	}
	return CodeOption{}, "", false
}

// programOptions follows the values of command-valued options, honouring the
// other options' values and "--", so that rg -g --pre x is not a --pre.
func (w *walker) programOptions(c *Command, args []field, spec optSpec, cx ctx) {
	if spec.oldStyle {
		args = oldStyleArgs(args, spec)
	}
	run := func(co CodeOption, f field) {
		carrier := c.Name + " " + co.Option
		if p := helperMissed(co, f); p != "" {
			carrier += " " + p // an escape (IsEscape): not the kind of program the option is for
		}
		if pagerHelpers(co.Helpers) && !f.Dynamic && pagerPrompts(f.Value) {
			w.pagerTyped(c) // man -P less: less's !CMD, over the caller's PAGER
		}
		if co.Lang == "sh" || co.Lang == "hook" {
			// a value known only at run time is left to what the walk
			// finds in it (rsync -e "ssh -i $KEY" runs ssh), not taken
			// for an unknown command as sh -c "$X" is
			w.nested(c, f.Value, carrier, cx, f.Dynamic)
			return
		}
		w.runCode(c, co.Lang, f, carrier, cx)
	}
	var long []string // the long code options' names, for their prefixes
	for _, co := range spec.code {
		if n, ok := strings.CutPrefix(co.Option, "--"); ok {
			long = append(long, n)
		}
	}
	option := func(o string) (CodeOption, bool) {
		for _, co := range spec.code {
			if co.Option == o {
				return co, true
			}
		}
		return CodeOption{}, false
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if co, ok := option(v); ok && len(v) > 2 && v[1] != '-' {
			// a single-dash option of several letters (zip -TT CMD)
			if i+1 < len(args) {
				i++
				run(co, args[i])
			}
			continue
		}
		if co, val, ok := attachedCode(v, spec.code); ok {
			// its value attached (zip -TT"CMD"), as zip's parser takes it
			run(co, field{Word: Word{Value: val, Dynamic: args[i].Dynamic}})
			continue
		}
		switch {
		case v == "--":
			return
		case strings.HasPrefix(v, "--") && len(v) > 2:
			opt, val, eq := strings.Cut(v[2:], "=")
			full := longPrefix(opt, long) // tar --to-comm=CMD
			short := false
			if full == opt && !slices.Contains(spec.longArg, opt) {
				full, short = codePrefix(opt, long), true
			}
			if co, ok := option("--" + full); ok && (full == opt || !short || eq || i+1 < len(args) && !strings.HasPrefix(args[i+1].Value, "-")) {
				opt = full
				f := field{Word: Word{Value: val, Dynamic: args[i].Dynamic}}
				if !eq {
					if i+1 >= len(args) {
						return
					}
					i++
					f = args[i]
				}
				run(co, f)
			} else if !eq && slices.Contains(spec.longArg, opt) {
				i++
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				ch := v[j]
				co, code := option("-" + string(ch))
				if !code && strings.IndexByte(spec.arg, ch) < 0 {
					continue
				}
				f := field{Word: Word{Value: v[j+1:], Dynamic: args[i].Dynamic}}
				if j == len(v)-1 {
					if i+1 >= len(args) {
						return
					}
					i++
					f = args[i]
				}
				if code {
					run(co, f)
				}
				break
			}
		}
	}
}

// notLaunchers take a shell's path as data, never to run it: they list,
// inspect, copy, install or record files, set an account's login shell,
// or run a shell somewhere else (a container, another machine), which the
// generic shell fallback (shellArgs) must leave alone.
var notLaunchers = union(dataPrograms, set(
	// accounts: the login shell is a setting
	"chsh", "lchsh", "ypchsh", "usermod", "useradd", "adduser", "passwd", "newusers", "chpass",
	// packages and alternatives
	"apt", "apt-get", "apt-cache", "apt-file", "dpkg", "dpkg-query", "dpkg-divert", "rpm", "dnf", "yum", "zypper",
	"pacman", "yay", "paru", "apk", "brew", "port", "snap", "flatpak", "nix-env", "update-alternatives",
	"alternatives", "debsums", "pkg", "emerge", "xbps-install", "conda", "pip", "pip3", "pipx", "gem", "cargo",
	// shell tooling and documentation
	"shellcheck", "shfmt", "bats", "checkbashisms", "man", "info", "tldr", "whatis", "apropos", "help",
	"complete", "compgen", "hash", "alias", "unalias", "enable", "git", "hg", "svn", "gh", "glab",
	// the shell runs in a container, a sandbox or on another machine
	"docker-compose", "podman-compose", "crictl", "minikube", "kind", "distrobox", "distrobox-enter", "toolbox",
	"systemd-nspawn", "machinectl", "arch-chroot", "schroot", "proot", "bwrap", "lxc-attach", "lxc-execute",
	"autossh", "mosh", "et", "tsh", "az", "ssh-copy-id",
	// a terminal recorder records the shell it starts: that is its purpose
	"asciinema", "ttyrec", "termrec", "vhs",
	// a development environment's shell: starting one is what it is for
	"nix-shell", "devbox", "direnv",
	// keys: an option's value is a key type or a file (ssh-keygen -t ed25519
	// is no ed)
	"ssh-keygen", "ssh-add", "ssh-keyscan", "gpg", "gpg2", "age-keygen",
))

// envLaunchers are notLaunchers that run a command on this machine's files
// (bwrap --bind / / rm …, direnv exec . rm …): starting a shell there is
// what they are for, but the command they are given is judged.
var envLaunchers = set("bwrap", "proot", "arch-chroot", "schroot", "systemd-nspawn", "direnv", "devbox", "distrobox-enter", "toolbox")

// union is a set of the names in a and b. It asks a for a's names rather
// than copying them, so that a check that reads both builds each map once.
func union(a, b *names) *names {
	return &names{list: b.list, also: a}
}

// dataPrograms only read, list, search, copy or change files (and print
// text): a file written on the line and given to them is data, not a
// script or configuration they act on.
var dataPrograms = set(
	// look at, list or search files
	"ls", "dir", "vdir", "stat", "file", "which", "whereis", "type", "readlink", "realpath", "namei", "du", "df",
	"locate", "plocate", "mlocate", "ldd", "strings", "objdump", "readelf", "nm", "otool", "hexdump", "xxd", "od",
	"cat", "bat", "batcat", "head", "tail", "more", "wc", "cmp", "diff", "sdiff", "diff3", "colordiff", "delta",
	"grep", "egrep", "fgrep", "zgrep", "ack", "ugrep", "sha1sum", "sha224sum", "sha256sum", "sha384sum",
	"sha512sum", "md5sum", "b2sum", "cksum", "sum", "shasum", "md5", "getcap", "getfacl", "lsattr", "lsof", "fuser",
	"ps", "pgrep", "pkill", "pidof", "killall", "echo", "printf", "test", "[", "[[", "basename", "dirname",
	"cut", "tr", "sort", "uniq", "column", "jq", "yq", "tee", "sponge", "awk", "gawk", "mawk", "nawk", "sed",
	"print", "say", "cowsay", "figlet", "wall", "logger", "notify-send",
	// show or speak text: their operands are messages, however much they
	// read like a command (fp63); not those with an option that runs one
	// (yad --button, terminal-notifier -execute, festival --eval, the AI
	// clients' shell modes, trans -player)
	"xmessage", "gxmessage", "dunstify", "zenity", "kdialog", "termux-toast", "osd_cat", "espeak", "espeak-ng",
	"spd-say", "toilet", "banner", "boxes", "lolcat",
	// copy, link, change or remove files
	"cp", "mv", "ln", "install", "rm", "unlink", "chmod", "chown", "chgrp", "touch", "rsync", "scp", "zip",
	"unzip", "dd", "shred", "setcap", "chattr", "setfacl", "patchelf", "upx", "strip", "objcopy",
	"codesign", "xattr", "mkdir", "rmdir", "cd", "pushd")

// shellArgs is the generic fallback for programs hguard has no entry for:
// a shell's path among a program's arguments (aa-exec /bin/sh, logsave
// /dev/null /bin/sh -i), as an option's value (--pre-hook='/bin/sh
// 1>&0', -e /bin/sh, gcc -wrapper /bin/sh,-s) or as the command of a
// command line held in one (csvtool call '/bin/sh;false') is a shell the
// program starts: it is emitted as a command the program runs, which the
// shell-through-program rule judges. A path given as the value of an
// option named for a shell (--shell=/bin/zsh, CONFIG_SHELL=/bin/bash) sets
// which shell to use and is left alone.
func (w *walker) shellArgs(c *Command, args []field, cx ctx) {
	for i, a := range args {
		if a.Dynamic && i > 0 && strings.HasPrefix(args[i-1].Value, "-") && !strings.Contains(strings.ToLower(args[i-1].Value), "shell") &&
			w.namesShell(args, i) {
			// dhclient -sf $SHELL: the user's shell as an option's value,
			// as /bin/sh there
			w.spawn(c, args[i:i+1], Wrapper{Name: c.Name}, cx)
			return
		}
		if a.Dynamic || a.in.Kind != "" {
			continue
		}
		v := a.Value
		if !strings.Contains(v, "sh") && !strings.Contains(v, "busybox") {
			continue // the cheap test first: most words name no shell
		}
		if i > 0 && strings.Contains(strings.ToLower(args[i-1].Value), "shell") && strings.HasPrefix(args[i-1].Value, "-") {
			continue // --script-shell /bin/bash names the shell to use
		}
		attached, isAttached := attachedPath(v)
		if isAttached && shellPath(attached, startsShell) {
			// a short option's value attached (agetty -l/bin/bash): as
			// the spaced -l /bin/bash
			opt := args[i]
			opt.Value = v[:len(v)-len(attached)]
			val := args[i]
			val.Value = attached
			args = slices.Concat(args[:i], []field{opt, val}, args[i+1:])
			i++
			v = attached
		}
		if shellPath(v, startsShell) {
			rest := args[i:]
			if i > 0 && strings.HasPrefix(args[i-1].Value, "-") && !strings.Contains(args[i-1].Value, "=") &&
				(len(rest) < 2 || !strings.HasPrefix(rest[1].Value, "-c")) {
				// an option's value (agetty -l /bin/sh -o -p root): the
				// shell with the options that follow, not the program's
				// operands after them
				n := 1
				for n < len(rest) && strings.HasPrefix(rest[n].Value, "-") {
					n++
				}
				rest = rest[:n]
			}
			w.spawn(c, rest, Wrapper{Name: c.Name}, cx)
			return
		}
		opt := v
		if j := strings.IndexAny(v, "= "); j > 0 && strings.HasPrefix(v, "-") {
			opt = v[:j]
		}
		if text, ok := shellIn(v); ok {
			w.nested(c, text, c.Name+" "+opt, cx, false)
			return
		}
	}
}

// attachedPath is the path attached to a word's short options, as getopt
// reads a cluster of option letters whose last takes the rest of the word
// as its value (-l/bin/bash, -qc./x.conf, -f~/l.conf); ok is false for a
// word of another shape.
func attachedPath(v string) (path string, ok bool) {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' {
		return "", false
	}
	i := strings.IndexFunc(v[1:], func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) + 1
	if i < 2 || !strings.HasPrefix(v[i:], "/") && !strings.HasPrefix(v[i:], "./") && !strings.HasPrefix(v[i:], "../") && !strings.HasPrefix(v[i:], "~/") {
		return "", false
	}
	return v[i:], true
}

// isShellPath reports a path to a command shell: /bin/sh, /usr/bin/zsh,
// ../../bin/bash (a bare name, as in apt install zsh, is not one, nor is
// a directory of shellConfigDirs).
func isShellPath(s string) bool { return shellPath(s, shells.has) }

// shellPath is isShellPath for the shells is reports.
func shellPath(s string, is func(string) bool) bool {
	if !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "./") && !strings.HasPrefix(s, "../") && !strings.HasPrefix(s, "~/") ||
		strings.HasSuffix(s, "/") || strings.ContainsAny(s, "= \t") {
		return false
	}
	for _, d := range shellConfigDirs {
		if strings.HasPrefix(s, d) && !strings.HasPrefix(s, "/etc/alternatives/") {
			return false // tree /etc/zsh: a shell's configuration directory
		}
	}
	return is(program(baseName(s)))
}

// shellConfigDirs hold shells' configuration and data, named after them
// (/etc/zsh, /usr/share/fish, ~/.config/fish), never a shell to run.
var shellConfigDirs = []string{"/etc/", "/usr/share/", "/var/lib/", "/var/cache/", "~/.config/", "~/.local/share/", "~/.cache/"}

// shellIn finds a shell started by a word that holds a command line or a
// setting: the value after "=" (KEY=/bin/sh, --opt=/bin/sh), after "!" or
// "|" (a shell escape, a pipe), or after a command separator or opening
// bracket (}; /bin/sh, execute(/bin/sh), \write18{/bin/sh}), up to the
// first character that ends a command. It returns the text to analyse:
// the whole command line when the word starts with the shell and parses,
// else the shell with the options that follow it.
func shellIn(v string) (string, bool) { return shellInText(v, false) }

// urlPath reports path, preceded by text, as a URL's host and path
// (https://ftp.gnu.org/gnu/bash, a page about bash): a resource named, not
// a program run. socat's EXEC://bin/sh, whose scheme is no URL's, runs it.
func urlPath(text, path string) bool {
	scheme, ok := strings.CutSuffix(text, ":")
	if !ok || !strings.HasPrefix(path, "//") {
		return false
	}
	if i := strings.LastIndexAny(scheme, " \t;|&({`!,='\"<>"); i >= 0 {
		scheme = scheme[i+1:]
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ftp", "ftps", "sftp", "git", "ssh", "ws", "wss", "s3", "gs", "rsync", "git+https", "git+ssh":
		return true
	}
	return false
}

// shellInText is shellIn; in a file's content (content) a shell may also
// follow "=" or ":" and a space (PostUp = /bin/sh, shell: /bin/sh), "^"
// (rsyslog's program action) or ">" (<exec>/bin/sh</exec>).
func shellInText(v string, content bool) (string, bool) {
	for start := 0; start < len(v); {
		i := strings.Index(v[start:], "/")
		if i < 0 {
			break
		}
		i += start
		// back up over the path to where the word holding it starts
		j := i
		stops := " \t;|&({`!:,='\""
		if content {
			stops += "^>" // rsyslog's ^PROGRAM action, an XML element's text
		}
		for j > 0 && !strings.ContainsRune(stops, rune(v[j-1])) {
			j--
		}
		end := i
		for end < len(v) && !strings.ContainsRune(" \t;|&<>)]}#,'\"`", rune(v[end])) {
			end++
		}
		start = end + 1
		path := v[j:end]
		if !isShellPath(path) || j == 0 && end == len(v) || urlPath(v[:j], path) {
			continue
		}
		before := strings.TrimRight(v[:j], " \t")
		seps := ";|&({`!"
		if content {
			seps += "=:[^>"
		}
		if j > 0 && v[j-1] == ' ' && !(before == "" || strings.HasSuffix(before, "exec") || content && strings.HasSuffix(before, "COMMAND") ||
			strings.ContainsRune(seps, rune(before[len(before)-1]))) {
			continue // a path in prose (--message "use /bin/bash"): not a command
		}
		if key := strings.ToLower(before); strings.HasSuffix(key, "=") && strings.Contains(key[max(0, strings.LastIndexAny(key, " ,;")):], "shell") {
			continue // CONFIG_SHELL=/bin/bash, default-shell=/bin/zsh: which shell to use
		}
		rest := v[j:]
		if end < len(v) && v[end] == ',' {
			// a list of arguments (gcc -wrapper /bin/sh,-s; busctl
			// unixexec:path=/bin/sh,argv1=-i): the shell with its options
			text := path
			for _, f := range strings.Split(v[end+1:], ",") {
				if _, val, ok := strings.Cut(f, "="); ok {
					f = val
				}
				// -c and its command (argv2=…) are left out: the shell is
				// what this reports
				if strings.HasPrefix(f, "-") && !strings.ContainsAny(f, "c '\"") {
					text += " " + f
				}
			}
			return text, true
		}
		if strings.Trim(v[:j], "!| \t=") == "" || strings.HasSuffix(before, "=") && !strings.Contains(before, " ") {
			if _, ok := nestingOK(rest); ok && !strings.ContainsAny(rest, "()") {
				return rest, true
			}
		}
		text := path
		for _, f := range strings.Fields(v[end:]) {
			if f == "" || f[0] != '-' || strings.ContainsAny(f, ")}'\"`") {
				break
			}
			text += " " + f
		}
		return text, true
	}
	return bareShellIn(v, content)
}

// loadLine is a configuration line that loads a shared library: nginx's
// load_module, Apache's LoadModule, Tcl's load, a dlopen.
var loadLine = lazyRegexp(`(?m)^\s*(?:load_module|LoadModule\s+\S+|load|dlopen|plugin)\s+["']?([^\s"';]+\.(?:so|dylib|dll)(?:\.[0-9.]+)?)`)

// manifests are files a program reads from its working directory without
// being told: a package's scripts, a build's commands, a program's rc file.
var manifests = set("Gemfile", "package.json", "composer.json", ".rtorrent.rc", "toprc", "CMakeLists.txt", "Makefile",
	"makefile", "GNUmakefile", "makepkg.conf", "setup.py", "Vagrantfile", "Rakefile", "build.rs", "Taskfile.yml",
	"justfile", "Justfile", "pyproject.toml", ".npmrc", ".yarnrc", ".yarnrc.yml", "Procfile")

// codeExts and codeHosts name the language of a file a program is given:
// by the file's extension or name, else by the program, which runs scripts
// in one language (nmap's NSE scripts and pandoc's filters are Lua, pdb's
// Python, needrestart's configuration Perl).
var (
	codeExts  = map[string]string{".py": "python", ".lua": "lua", ".rb": "ruby", ".pl": "perl", ".pm": "perl", ".php": "php", ".js": "node", ".mjs": "node", ".cjs": "node", ".nse": "lua", ".gemspec": "ruby", ".pp": "puppet"}
	codeNames = map[string]string{"setup.py": "python", "Vagrantfile": "ruby", "Gemfile": "ruby", "Rakefile": "ruby",
		"Snakefile": "python", "SConstruct": "python", "Sconstruct": "python", "sconstruct": "python", "SConscript": "python",
		"Fastfile": "ruby", "Podfile": "ruby", "Dangerfile": "ruby", "Guardfile": "ruby", "Capfile": "ruby", "Berksfile": "ruby",
		"project.clj": "clojure", "build.sbt": "jvm", "plugins.sbt": "jvm", "build.mill": "jvm", "build.sc": "jvm"}
	codeHosts = map[string]string{"nmap": "lua", "pandoc": "lua", "pdb": "python", "pdb3": "python", "needrestart": "perl",
		"python": "python", "ruby": "ruby", "irb": "ruby", "byebug": "ruby", "perl": "perl", "lua": "lua", "luajit": "lua",
		"php": "php", "node": "node", "easy_install": "python", "pip": "python", "pipx": "python", "poetry": "python",
		"gem": "ruby", "puppet": "puppet"} // gem build SPEC and gem install --file GEMFILE evaluate them
)

// manifestHosts are the programs that run a code manifest they find by
// its name where they run (pip install . runs setup.py); any other program
// naming none is not reading it as code.
var manifestHosts = map[string]*names{
	"setup.py":    set("pip", "easy_install", "python", "uv", "pipx", "poetry"),
	"Vagrantfile": set("vagrant"),
	"Gemfile":     set("bundle", "bundler"),
	"Rakefile":    set("rake"),
}

// writtenCodeLang is the language a written file holds when prog is given
// it, or "". Only the programs of codeHosts and manifestHosts run it: the
// rest (git add, cp, wc) only handle the file.
func writtenCodeLang(file, prog string) string {
	base := baseName(file)
	if l := codeNames[base]; l != "" {
		return l
	}
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		if l := codeExts[strings.ToLower(base[i:])]; l != "" {
			return l
		}
	}
	return codeHosts[program(prog)]
}

// writtenFiles follows a file written earlier on the line (echo … >FILE,
// cat >FILE <<EOF) that c is given, as an argument, an option's value or
// a prefix assignment (AUTOM4TE=FILE), inside a directory it is given
// (fail2ban-client -c DIR, rustup toolchain link x DIR), named in another
// such file (yum -c CONF whose pluginpath is DIR), or that c reads by its
// name from where it runs (package.json, Gemfile): a shell its text
// starts, as a script's line (/bin/sh 1>&0, /bin/sh -c CMD) or inside a
// setting (PostUp = /bin/sh, actionstart = /bin/sh -c CMD, system("/bin/sh"))
// is a command c runs through that file, carried as "NAME @FILE", which
// IsEscape reports: the line wrote a configuration for a program that
// makes it start a shell.
func (w *walker) writtenFiles(c *Command, args []field, cx ctx) {
	if p := program(c.Name); dataPrograms.has(p) || writtenDataUsers.has(p) {
		return
	}
	named := func(v string) []string {
		if _, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "-") || ok && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, ".") {
			v = val
		} else if path, ok := attachedPath(v); ok {
			v = path // nginx -c/tmp/n.conf
		}
		if f, _, ok := w.lineFile(v); ok {
			return []string{f}
		}
		return w.filesUnder(v)
	}
	var found []string
	var check func(file string, in Input, given bool, depth int)
	check = func(file string, in Input, given bool, depth int) {
		if slices.Contains(found, file) {
			return
		}
		if !in.Static {
			// code the program runs whose text is known at run time only
			// (echo "…$(whereis python)…" > setup.py; pip install .)
			if writtenCodeLang(file, c.Name) != "" && (given && codeHosts[program(c.Name)] != "" || manifestHosts[baseName(file)].has(program(c.Name))) && c.Untrusted == "" {
				c.Untrusted = "dynamic"
			}
			return
		}
		found = append(found, file)
		for _, m := range loadLine().FindAllStringSubmatch(in.Text, -1) {
			if !strings.HasPrefix(m[1], "/usr/lib/") && !strings.HasPrefix(m[1], "/lib/") {
				w.nested(c, "ld.so "+shellQuote(m[1]), c.Name+" "+file, cx, false) // a module the configuration loads
			}
		}
		if webServers[program(c.Name)] != "" {
			w.serveWritten(c, file, in.Text, cx)
		}
		shell := false
		for _, line := range strings.Split(in.Text, "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#!") {
				continue
			}
			text, ok := "", false
			if f := strings.Fields(line); isShellPath(f[0]) {
				text, ok = line, true
			} else {
				text, ok = shellInText(line, true)
			}
			if ok {
				w.nested(c, text, c.Name+" @"+file, cx, false)
				shell = true
				break
			}
		}
		followed := slices.ContainsFunc(c.Via, func(v string) bool { return strings.HasSuffix(v, " "+file) || strings.HasSuffix(v, " @"+file) })
		// code in a language the program runs (nmap --script FILE, pandoc
		// -L FILE, pdb FILE, setup.py for pip install .): read as that
		// language's inline code, so its calls are judged
		if lang := writtenCodeLang(file, c.Name); !shell && lang != "" && (given && codeHosts[program(c.Name)] != "" || manifestHosts[baseName(file)].has(program(c.Name))) && !followed {
			w.runCode(c, lang, field{Word: Word{Value: rakeRuby(program(c.Name), in.Text)}}, c.Name+" "+file, cx)
		} else if recipes := buildRecipes(program(c.Name), file, in.Text); !shell && !followed && recipes != nil {
			// a build file the program runs the recipes of (make -f FILE,
			// a Makefile; npm's scripts in package.json): each is a
			// command, judged by what it runs
			for _, r := range recipes {
				w.nested(c, r, c.Name+" "+file, cx, false)
			}
		} else if !shell && !followed && !notLaunchers.has(program(c.Name)) && fileLang(file) == "" {
			// a command the file holds for the program to run: a script
			// (#!, or a program in a bin directory the program is pointed
			// at) or a setting that names one (actionstart = CMD, "exec
			// CMD", rsyslog's ^CMD, <script path="CMD"/>); judged by what
			// it runs, since such settings are also everyday configuration
			if strings.HasPrefix(in.Text, "#!") || strings.Contains(file, "/bin/") {
				via := c.Name + " " + file
				if strings.Contains(file, "/bin/") && throwaway(file) {
					// a program the line made in a temporary bin directory for
					// c to run as its own tool (rustup toolchain link x DIR,
					// DIR/bin/rustc): an escape whatever it runs (NAME @FILE)
					via = c.Name + " @" + file
				}
				w.nested(c, in.Text, via, cx, false)
			} else {
				// a setting the program's entry names as a hook
				// (actionstart = CMD, fastfetch's "text", rsyslog's ^CMD,
				// <script path=CMD/>) is an escape whatever it runs
				var hooks []string
				if p := catalogProgram(program(c.Name)); p != nil {
					hooks = p.Settings
				}
				for _, s := range settingCmds(in.Text, hooks) {
					via := c.Name + " " + file
					if s.hook {
						via = c.Name + " @" + file
					}
					w.nested(c, s.cmd, via, cx, false)
				}
			}
		}
		if depth == 0 {
			// a configuration naming files or directories the line also
			// wrote (pluginpath=DIR): the program reads those too
			for _, f := range slices.Sorted(maps.Keys(w.files)) {
				if f != file && w.namedIn(in.Text, f) {
					check(f, w.files[f], false, 1)
				}
			}
		}
	}
	for i, a := range args {
		if a.Dynamic {
			// f=$(mktemp); echo … >$f; nmap --script=$f: the file written
			// to the variable
			opt, val, isOpt := strings.Cut(a.Value, "=")
			if k := varKey(val); isOpt && strings.HasPrefix(opt, "-") && k != "" {
				a = field{Word: Word{Value: opt + "=" + k}}
			} else if k := varKey(a.Value); k != "" {
				a = field{Word: Word{Value: k}}
			} else {
				continue
			}
		}
		if fileKeepers.has(program(c.Name)) {
			continue // git add ci.yml keeps the file; its settings run elsewhere
		}
		if opts, ok := configOptions[program(c.Name)]; ok {
			// only its own configuration is read here: the manifests it is
			// given (-f pod.yaml) run in the cluster
			opt, _, _ := strings.Cut(a.Value, "=")
			if !slices.Contains(opts, opt) && (i == 0 || !slices.Contains(opts, args[i-1].Value)) {
				continue
			}
		}
		for _, f := range named(a.Value) {
			check(f, w.files[f], true, 0)
		}
	}
	for _, a := range c.Assigns {
		v := a.Value.Value
		if a.Value.Dynamic {
			v = varKey(v) // GROFF_BIN_PATH=$TF, the directory a file was written in
		}
		if v != "" {
			for _, f := range named(v) {
				check(f, w.files[f], true, 0)
			}
		}
	}
	for _, f := range slices.Sorted(maps.Keys(w.files)) {
		if manifests.has(baseName(f)) {
			check(f, w.files[f], false, 0) // in name order: the commands' order must not vary
		}
	}
}

// buildRecipes are the commands a build file holds for the program that
// runs it: make's recipe lines (and $(shell …)) for make, the scripts of a
// package.json for npm and its kin; nil when prog does not run file.
func buildRecipes(prog, file, text string) []string {
	switch {
	case prog == "make" || prog == "gmake":
		return makeRecipes(text)
	case prog == "just" && (strings.EqualFold(baseName(file), "justfile") || strings.HasSuffix(file, ".just")):
		// a justfile's recipe bodies are its indented lines
		var out []string
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t") {
				if cmd := strings.TrimLeft(strings.TrimSpace(line), "@-"); cmd != "" && !strings.HasPrefix(cmd, "#") {
					out = append(out, cmd)
				}
			}
		}
		return out
	case baseName(file) == "Procfile" && procfileRunners.has(prog):
		// NAME: COMMAND, one process a line
		var out []string
		for _, line := range strings.Split(text, "\n") {
			if name, cmd, ok := strings.Cut(line, ":"); ok && !strings.ContainsAny(name, " \t#") && strings.TrimSpace(cmd) != "" {
				out = append(out, strings.TrimSpace(cmd))
			}
		}
		return out
	case prog == "go" && strings.HasSuffix(file, ".go"):
		// go generate runs each //go:generate line's command
		var out []string
		for _, line := range strings.Split(text, "\n") {
			if cmd, ok := strings.CutPrefix(line, "//go:generate "); ok && strings.TrimSpace(cmd) != "" {
				out = append(out, cmd)
			}
		}
		return out
	case (prog == "ninja" || prog == "samu") && baseName(file) == "build.ninja":
		// each rule's command = LINE
		var out []string
		for _, line := range strings.Split(text, "\n") {
			if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && strings.TrimSpace(k) == "command" && strings.TrimSpace(v) != "" {
				out = append(out, strings.TrimSpace(v))
			}
		}
		return out
	case prog == "tox" && baseName(file) == "tox.ini":
		return iniCommands(text)
	case prog == "task" || prog == "go-task":
		return yamlListUnder(text, "cmds", "cmd")
	case prog == "pre-commit":
		return append(yamlListUnder(text, "", "entry"), preCommitRemotes(text)...) // projectenvs.go
	case baseName(file) == "composer.json" && prog == "composer":
		return composerScripts(text)
	case baseName(file) == "package.json" && packageRunners.has(prog):
		var pkg struct {
			Scripts map[string]any `json:"scripts"`
		}
		if json.Unmarshal([]byte(text), &pkg) != nil {
			return nil
		}
		out := []string{}
		for _, k := range slices.Sorted(maps.Keys(pkg.Scripts)) {
			if v, ok := pkg.Scripts[k].(string); ok {
				out = append(out, v)
			}
		}
		return out
	}
	return nil
}

// iniCommands are the command lines of tox.ini's commands, commands_pre
// and commands_post keys: the value and its indented continuation lines.
func iniCommands(text string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case in && trimmed != "" && (line[0] == ' ' || line[0] == '\t'):
			out = append(out, toxSubstituted(trimmed))
			continue
		case trimmed == "" && in:
			continue
		}
		in = false
		if k, v, ok := strings.Cut(trimmed, "="); ok {
			if k = strings.TrimSpace(k); k == "commands" || k == "commands_pre" || k == "commands_post" {
				in = true
				if v = strings.TrimSpace(v); v != "" {
					out = append(out, toxSubstituted(v))
				}
			}
		}
	}
	return out
}

// toxPosargs is tox's {posargs} substitution, with its default after a
// colon ({posargs:tests}).
var toxPosargs = lazyRegexp(`\{posargs(?::([^{}]*))?\}`)

// toxSubstituted is a tox command line as tox runs it when given no
// arguments: {posargs} is its default, or nothing.
func toxSubstituted(line string) string {
	return toxPosargs().ReplaceAllString(line, "$1")
}

// yamlListUnder reads the commands of a task file without a YAML parser:
// the items of a list under key (Taskfile's cmds:), and the values of
// field (cmd:, pre-commit's entry:), unquoted.
func yamlListUnder(text, key, field string) []string {
	var out []string
	indent := -1 // the indentation of key's line while inside its list
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		n := len(line) - len(strings.TrimLeft(line, " \t"))
		if indent >= 0 && trimmed != "" && n <= indent && !strings.HasPrefix(trimmed, "-") {
			indent = -1
		}
		if key != "" && trimmed == key+":" {
			indent = n
			continue
		}
		item, isItem := strings.CutPrefix(trimmed, "- ")
		if v, ok := strings.CutPrefix(strings.TrimSpace(item), field+":"); ok && field != "" {
			out = append(out, unquoteYAML(v))
			continue
		}
		if isItem && indent >= 0 && !strings.Contains(item, ": ") {
			out = append(out, unquoteYAML(item))
		}
	}
	return out
}

func unquoteYAML(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
		return v[1 : len(v)-1]
	}
	return v
}

// makeRecipes are the commands of a makefile's text: its recipe lines
// (their -, @ and + prefixes taken off), a rule's recipe after a ; on its
// line, and its $(shell …) calls.
func makeRecipes(text string) []string {
	out := []string{}
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "\t"); ok {
			out = append(out, strings.TrimLeft(rest, "-@+"))
		} else if _, _, body, ok := makeRuleLine(strings.TrimSpace(line)); ok && strings.TrimSpace(body) != "" {
			out = append(out, strings.TrimLeft(body, "-@+ \t")) // target: ; recipe
		}
	}
	return append(out, macroCalls(text, "$(shell ", ")")...)
}

// procfileRunners start the processes a Procfile names.
var procfileRunners = set("foreman", "honcho", "overmind", "hivemind", "forego", "heroku")

// packageRunners run a package.json's scripts (npm install runs its
// preinstall, install, postinstall and prepare scripts; npm run X runs X).
var packageRunners = set("npm", "pnpm", "yarn", "bun", "npx", "corepack")

// fileLang is the language a file's name says it holds (x.py, Gemfile), or "".
func fileLang(file string) string {
	base := baseName(file)
	if l := codeNames[base]; l != "" {
		return l
	}
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		return codeExts[strings.ToLower(base[i:])]
	}
	return ""
}

// settingRe finds a setting in a configuration file: an optional XML
// element, a key, = or :, and a quoted or bare value.
var settingRe = lazyRegexp(`(?:<([A-Za-z][\w.-]*)\s+)?([A-Za-z_][\w.-]*)["']?\s*[=:]\s*("(?:[^"\\]|\\.)*"|'[^']*'|[^\s"',{}\[\]<>][^"'{}<>\n]*)`)

// commandKey reports a setting's key (or its XML element) that names a
// command to run: command, cmd, exec, ExecStart, action…, script, hook,
// program.
var commandKey = lazyRegexp(`(?i)(command|cmd|exec|action|script|hook|program)`)

// settingCommands are the command lines a configuration's text holds for
// the program that reads it: the values of settings whose key names a
// command (actionstart = CMD, "command": "CMD", <script path='CMD'/>), a
// value starting with exec ("text": "exec CMD") and rsyslog's program
// action (^CMD). Values computed when the program runs ($X, `…`) are left
// out: what they run is not known here.
func settingCommands(text string) []string {
	var out []string
	for _, s := range settingCmds(text, nil) {
		out = append(out, s.cmd)
	}
	return out
}

// settingCmd is a command line a configuration's setting holds; hook: the
// setting's key is one of the program's hooks (Program.Settings).
type settingCmd struct {
	cmd  string
	hook bool
}

// settingCmds is settingCommands, each command marked when its key (an XML
// element's or attribute's name, or "^" for rsyslog's program action) is
// one of hooks, the reading program's Settings; such a value counts
// whatever its key is called, and one computed at run time too, since the
// program runs it whatever it holds.
func settingCmds(text string, hooks []string) []settingCmd {
	var out []settingCmd
	isHook := func(keys ...string) bool {
		for _, k := range keys {
			if k != "" && slices.ContainsFunc(hooks, func(h string) bool { return strings.EqualFold(h, k) }) {
				return true
			}
		}
		return false
	}
	add := func(v string, hook bool) {
		v = strings.TrimSpace(v)
		if v != "" && (hook || !strings.ContainsAny(v, "$`")) {
			out = append(out, settingCmd{v, hook})
		}
	}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if i := strings.Index(line, " ^"); i >= 0 && i+2 < len(line) && line[i+2] != ' ' {
			add(line[i+2:], isHook("^")) // rsyslog: :msg, contains, "x" ^PROGRAM
		}
		for _, m := range settingRe().FindAllStringSubmatch(line, -1) {
			v := m[3]
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
				v = unquote(v)
			}
			hook := isHook(m[1], m[2])
			switch {
			case strings.HasPrefix(v, "exec "):
				add(v[len("exec "):], hook)
			case hook || commandKey().MatchString(m[1]) || commandKey().MatchString(m[2]):
				add(v, hook)
			}
		}
	}
	return out
}

// filesUnder lists the files written on the line inside directory dir, in
// order. A directory too broad to tell (".", "~", "/tmp") names none: a
// program given the working directory is not pointed at what the line
// wrote there.
func (w *walker) filesUnder(dir string) []string {
	dir = strings.TrimRight(dir, "/")
	if dir == "" || dir == "." || dir == "~" || dir == ".." || !strings.Contains(dir, "/") && varKey(dir) != dir ||
		strings.HasPrefix(dir, "/") && !strings.Contains(dir[1:], "/") {
		return nil // ., ~ and top-level directories (/tmp) are too broad to tell
	}
	var out []string
	for f := range w.files {
		if strings.HasPrefix(f, dir+"/") || strings.HasPrefix(strings.TrimPrefix(f, "./"), strings.TrimPrefix(dir, "./")+"/") {
			out = append(out, f)
		}
	}
	if id := w.fileID(dir); id != "" && strings.Contains(strings.TrimPrefix(id, "/"), "/") {
		// another spelling of the directory (/tmp/fb/ for ../../../tmp/fb)
		for fid, f := range w.fileIDs {
			if strings.HasPrefix(fid, id+"/") && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	slices.Sort(out)
	return out
}

// namedIn reports whether text, a file's content, names file or a
// directory holding it below the top level (pluginpath=/tmp/d/ names
// /tmp/d/y.py; /tmp alone names nothing).
func (w *walker) namedIn(text, file string) bool {
	if mentions(text, file) {
		return true
	}
	for d := file; strings.LastIndexByte(d, '/') > 0; {
		d = d[:strings.LastIndexByte(d, '/')]
		if strings.HasPrefix(d, "/") && !strings.Contains(d[1:], "/") {
			return false
		}
		if mentions(text, d) {
			return true
		}
	}
	return false
}

// mentions reports whether text holds path p as a whole name: not as the
// start of a longer one (/tmp/d is not in /tmp/dx).
func mentions(text, p string) bool {
	for rest := text; ; {
		i := strings.Index(rest, p)
		if i < 0 {
			return false
		}
		rest = rest[i+len(p):]
		if rest == "" || rest[0] == '/' || !isPathByte(rest[0]) {
			return true
		}
	}
}

// isPathByte reports a byte that continues a file name.
func isPathByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("._-+/~", b) >= 0
}

// writtenDataUsers handle files the line wrote without acting on what
// they say, beside dataPrograms: archivers pack them, container tools run
// them elsewhere (a Dockerfile's RUN, a compose service's command).
var writtenDataUsers = set("tar", "gzip", "gunzip", "bzip2", "xz", "zstd", "7z", "7za", "ar",
	"docker", "podman", "nerdctl", "buildah", "docker-compose", "podman-compose")

// fileKeepers store or publish the files they are given (git add, gh gist
// create): a written file given to them is data. Their configuration in
// the environment (GIT_CONFIG_GLOBAL=FILE) is still read.
var fileKeepers = set("git", "hg", "svn", "gh", "glab", "gsutil", "rclone", "restic", "borg")

// configOptions are, for cluster tools, the options naming a file the tool
// itself acts on (a kubeconfig's exec credential plugin runs here); the
// other files they are given (kubectl apply -f pod.yaml) run in the cluster.
var configOptions = map[string][]string{"kubectl": {"--kubeconfig"}, "oc": {"--kubeconfig"}, "helm": {"--kubeconfig"}}

// oldStyleArgs spells an old-style first word (tar cIf PROG ARCHIVE DIR)
// as the options it stands for: each letter an option, and each letter
// that takes a value (the entry's args, or a code option of one letter)
// given the next word in turn (-c -I PROG -f ARCHIVE DIR).
func oldStyleArgs(args []field, spec optSpec) []field {
	if len(args) == 0 || args[0].Dynamic || args[0].Value == "" ||
		strings.Trim(args[0].Value, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return args
	}
	takes := func(l byte) bool {
		if strings.IndexByte(spec.arg, l) >= 0 {
			return true
		}
		return slices.ContainsFunc(spec.code, func(co CodeOption) bool { return co.Option == "-"+string(l) })
	}
	out := make([]field, 0, len(args)+len(args[0].Value))
	next := 1
	for i := 0; i < len(args[0].Value); i++ {
		l := args[0].Value[i]
		out = append(out, field{Word: Word{Value: "-" + string(l)}, in: args[0].in})
		if takes(l) && next < len(args) {
			out = append(out, args[next])
			next++
		}
	}
	return append(out, args[next:]...)
}

// exportedWritten are the exported variables whose value names a file
// written earlier on the line, as prefix assignments: export MAKEFILES=m.mk;
// make reads m.mk as MAKEFILES=m.mk make does (writtenFiles).
func (w *walker) exportedWritten() []field {
	var out []field
	names := slices.Sorted(maps.Keys(w.exported))
	if w.allExport {
		names = slices.Sorted(maps.Keys(w.vars)) // set -a; MAKEFILES=m.mk; make
	}
	for _, name := range names {
		if v, ok := w.vars[name]; ok && (w.exported[name] || w.allExport) && v != "" && !strings.Contains(v, "$") && w.writtenHere(v) {
			out = append(out, field{Word: Word{Value: name + "=" + v}})
		}
	}
	return out
}

// loadsHistory reports a command putting text into the shell's history
// that is not judged where it is put: bash's history -r and -n (a file's
// lines) and history -s of a value known at run time (history -s 'TEXT'
// is read as its text, textPrograms), zsh's fc -R, fc -p and print -s or
// -S.
func (w *walker) loadsHistory(c *Command, args []field) bool {
	switch c.Name {
	case "history":
		for _, a := range args {
			if len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsAny(a.Value[1:], "rn") {
				return true
			}
			if a.Dynamic && slices.ContainsFunc(args, func(a field) bool { return a.Value == "-s" }) {
				return true
			}
		}
	case "fc", "print":
		flags := "RpI"
		if c.Name == "print" {
			flags = "sS"
		}
		return w.dialect == Zsh && slices.ContainsFunc(args, func(a field) bool {
			return len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsAny(a.Value[1:], flags)
		})
	}
	return false
}
