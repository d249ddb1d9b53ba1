package cmdline

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// unknownLauncher is the generic fallback for the argv form of launchers
// hguard has no entry for: a program it knows nothing about, one of whose
// first operands names a program it knows (knownProgram) with arguments of
// its own (valgrind rm -rf ~, tsocks curl …, aws-vault exec p rm …,
// some-wrapper -- git push --force), may run that command, so the first
// such command is emitted as one it runs and the rules judge it. A
// program's own subcommands and operands are no known program and emit
// nothing (mytool deploy prod). It goes one level deep only: the command
// it emits is not searched again, so a long argument list costs one extra
// command, not one per word.
func (w *walker) unknownLauncher(c *Command, args []field, cx ctx) {
	if w.inUnknown > 0 || commandCheckers.has(program(c.Name)) || strings.HasPrefix(c.Path, "mcp:") {
		return // an MCP call's arguments are words, judged by the rules that name its tool
	}
	if runs, ok := textPrograms[program(c.Name)]; ok && !runs(fieldValues(args)) {
		return // sgpt "reboot the server tonight", jrnl …, fc -l 'rm -rf': a prompt, a note, a search
	}
	if len(args) == 1 && bareShell(args[0].Value) && !args[0].Dynamic && c.Stdin.Kind == "" && !c.Background &&
		c.Pipe.Index == c.Pipe.Len-1 && !slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) }) {
		// zzprog bash: a shell's name alone after a program without an
		// entry may be the shell it starts (a launcher, a wrapper), which
		// waits for what is typed into it; it is not followed as a shell
		// (cheat bash, a word of its own), but it is typed, as bash alone is
		c.Typed = true
	}
	// The candidates: the first few operands, and the word after the first
	// -- (aws-vault exec PROFILE rm …, memcheck --tool x rm …, direnv exec
	// . rm …, aws-vault exec PROFILE -- terraform destroy): an option's
	// separate value or the launcher's own verb comes before the command.
	operands := 0
	for i, a := range args {
		if a.Dynamic && i+1 < len(args) && programLookup().MatchString(a.Value) {
			// memcheck "$(which rm)" -rf ~: a program's path looked up at
			// run time is a command name only known then
			w.inUnknown++
			w.spawnAttached(c, args[i:], Wrapper{Name: c.Name}, cx)
			w.inUnknown--
			return
		}
		if a.Dynamic && i > 0 && args[i-1].Value == "--" && w.namesShell(args, i) {
			// cabal exec -- $SHELL: the user's shell where a command goes
			w.inUnknown++
			w.spawnAttached(c, args[i:], Wrapper{Name: c.Name}, cx)
			w.inUnknown--
			return
		}
		if a.Dynamic || a.in.Kind != "" || operands >= maxLauncherOperands {
			break
		}
		if a.Value == "--" {
			continue
		}
		if strings.HasPrefix(a.Value, "-") && a.Value != "-" && (i == 0 || args[i-1].Value != "--") {
			continue
		}
		if passedThrough(a.Value) {
			if i+1 < len(args) && !args[i+1].Dynamic && isAssignment(args[i+1].Value) {
				// setpriv env LD_PRELOAD=/tmp/x.so id: the wrapper with the
				// environment it sets, peeled as on its own
				w.inUnknown++
				w.spawnAttached(c, args[i:], Wrapper{Name: c.Name}, cx)
				w.inUnknown--
				return
			}
			continue
		}
		operands++
		if n := w.bareShellHere(args, i); n > 0 {
			// watchexec -- sh, i3-msg exec sh, feh --action sh x.png: a
			// shell by name where a command goes, as /bin/sh is shellArgs'
			w.inUnknown++
			w.spawn(c, args[i:i+n], Wrapper{Name: c.Name}, cx)
			w.inUnknown--
			return
		}
		if i+1 >= len(args) || !launchable(a.Value) {
			continue // no known command with arguments; a shell's path is shellArgs'
		}
		if ownPowerVerb(a.Value, args[i+1:]) {
			continue // virsh shutdown vm1, xcrun simctl shutdown all: the program's own verb
		}
		w.inUnknown++
		w.spawnAttached(c, args[i:], Wrapper{Name: c.Name}, cx)
		w.inUnknown--
		// its later words may be commands of their own too (zzrun ls
		// 'rm -rf ~', zzwatch --run test --hook 'rm -rf ~'): the
		// program's use of them is unknown, so both readings are judged
		break
	}
	// A command given as one word, for the program to run through a shell
	// (hyperfine 'rm -rf ~', nodemon --exec 'rm …', sg wheel 'rm …'); the
	// builtins whose code the data flow follows are read there.
	if flowCode.has(c.Name) {
		return
	}
	lines := 0
	for i, a := range args {
		// a substitution whose output is known ("$(echo rm -rf ~)", what a
		// literal echo or printf prints) is that text: the shell runs it
		// first, and the program is given what it printed
		if i >= maxLauncherOperands*2 {
			return
		}
		if opt, _ := optionValue(args, i); a.Dynamic && (a.in.Kind == "cmdsubst" || a.in.Kind == "procsub") && (a.in.Remote || a.in.Decoded) && !proseOption(opt) {
			c.Fetched = append(c.Fetched, a.Value) // zzprog "$(curl -s URL)": data, or code the program runs
		}
		if opt, v := optionValue(args, i); fetchedStdin(c, a, v) && v != "-" && !proseOption(opt) {
			c.Fetched = append(c.Fetched, a.Value) // curl … | zzprog --config=/dev/stdin: the download as a file
		}
		if fetchedStdinCode(c, args, i) {
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(c.Stdin))
			return
		}
		if fetchedCode(args, i) {
			// --script=<(curl -s URL): a downloaded file where the
			// program takes code, as bash <(curl …) runs one
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(a.in))
			return
		}
		if f, opt, ok := computedCommand(args, i); ok {
			// --exec "$(cat /tmp/cmd)", --command="$(curl -s URL)": a
			// command only known at run time, as bash -c gets the same
			// value (runString); downloaded or decoded text is that
			w.inUnknown++
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(f.in))
			w.nested(c, f.Value, c.Name+" "+opt, cx, true)
			w.inUnknown--
			return
		}
		if a.Dynamic || a.in.Kind != "" && a.in.Kind != "cmdsubst" {
			return
		}
		v := strings.TrimSpace(a.Value)
		opt := "" // the option whose value v is
		if i > 0 && strings.HasPrefix(args[i-1].Value, "-") && !strings.Contains(args[i-1].Value, "=") {
			opt = args[i-1].Value
		}
		if o, value, ok := strings.Cut(v, "="); ok && strings.HasPrefix(o, "-") && !strings.ContainsAny(o, " \t") {
			opt, v = o, strings.TrimSpace(value) // --exec='rm …', --cmd="curl … | sh": an option's attached value
			if bareShell(v) && runOption(o) {
				// --exec=sh, --command=bash: a shell by name as the command
				w.inUnknown++
				w.spawn(c, []field{{Word: Word{Value: v}}}, Wrapper{Name: c.Name}, cx)
				w.inUnknown--
				return
			}
		}
		if opt != "" && proseOption(opt) {
			continue // --message 'rm -rf ~', --title …: text for people, as git commit -m's
		}
		if text, ok := escapeWord(v); ok && opt != "" {
			// -c '!sh', --cmd=':!rm -rf ~', -R 'shell id': a program's shell
			// escape in its own command language (vifm, lf, ranger,
			// debugfs, vim under another name), an escape whatever it runs
			w.inUnknown++
			w.nested(c, text, "!", cx, false)
			w.inUnknown--
			return
		}
		if strings.ContainsAny(v, " \t") && !strings.HasPrefix(v, "-") {
			// a word that does not parse as a command line is the
			// program's own language (debugfs -R 'stat <2>'), not a shell's
			if f := strings.Fields(v); (launchable(f[0]) || passedThrough(f[0]) && commandHead(strings.Join(f[1:], " "))) && scriptLike(v) && !idleReading(v) || selfCalling(v) {
				// each such word: zzwatch --run 'npm test' --hook 'rm -rf ~'
				// runs both
				n := len(w.line.Commands)
				w.inUnknown++
				w.nested(c, v, c.Name, cx, false)
				w.inUnknown--
				if opt == "" && projectScript(c.Path) && !w.wroteScript(c.Path) {
					// ./scripts/log.sh "reboot needed": an operand of the
					// project's own script is its text; that the script
					// runs it is a guess (its body, where read, says)
					for _, b := range w.line.Commands[n:] {
						b.ScriptText = c.Path
					}
				}
				if lines++; lines == maxLauncherLines {
					return
				}
			}
		}
	}
}

// projectScript reports a program named by a relative path below the
// directory it runs in (./scripts/log.sh, bin/dev): a file of the
// project, not a program installed on the machine.
func projectScript(p string) bool {
	if !strings.Contains(p, "/") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.ContainsAny(p, "$`") {
		return false
	}
	return !slices.Contains(strings.Split(p, "/"), "..")
}

// wroteScript reports a script the line or, outside the project's own
// reading, an earlier line of the session wrote: what a model wrote to
// run its text is no project's logger (printf 'sh -c "$1"' > r.sh &&
// ./r.sh 'rm -rf ~').
func (w *walker) wroteScript(p string) bool {
	if w.writtenHere(p) || slices.Contains(w.writtenPaths(), path.Clean(p)) {
		return true
	}
	_, ok := w.earlierFile(p)
	return ok && !w.before.Project
}

// maxLauncherLines bounds the one-word commands an unknown program's
// words are read as.
const maxLauncherLines = 4

// computedCommand is the value of args[i] when it is a command option's
// (commandOption: --exec "$(…)", --command=`…`) and nothing but one
// substitution whose output is not known: a command only known at run
// time, with what the substitution produces (remote, decoded). A value
// with more to it ("$(pwd)/run.sh") is a path built with a computed
// directory, a lookup ("$(which node)") a program's path, and a tool's
// own set-up output (setupOnly) the tool's; none of them is.
func computedCommand(args []field, i int) (field, string, bool) {
	a := args[i]
	if !a.Dynamic || a.in.Kind != "cmdsubst" || a.setupOnly() {
		return field{}, "", false
	}
	opt, v := optionValue(args, i)
	// downloaded or decoded text given to an option whose name says code
	// (codeOption: -e, --eval, --script, an event's --on-start) or after
	// -- is code too: data from the network there is what the program
	// runs, more likely than a pattern (zzprog -e "$(curl -s URL)",
	// watchexec -- "$(curl …)"); a file's or a program's output stays data
	fetched := (a.in.Remote || a.in.Decoded) && (codeOption(opt) || opt == "--")
	if opt == "" || !commandOption(opt) && !fetched || !oneSubst(v) && !(fetched && oneVar().MatchString(v)) || programLookup().MatchString(v) {
		return field{}, "", false
	}
	return field{Word: Word{Value: v, Dynamic: true}, in: a.in}, opt, true
}

// optionValue is the option args[i] is the value of, and that value: a
// long option's after = (--eval=V), a short one's attached (-eV), else
// the word before when it is an option or -- (-e V, --exec V, -- V).
func optionValue(args []field, i int) (opt, value string) {
	v := args[i].Value
	if o, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(o, "--") && !strings.ContainsAny(o, " \t$`\"'") {
		return o, val
	}
	if len(v) > 2 && v[0] == '-' && strings.ContainsRune("ecx", rune(v[1])) && (v[2] == '$' || v[2] == '`' || v[2] == '<') {
		return v[:2], v[2:] // -e"$(curl …)": the shell joins them into one word
	}
	if i > 0 && !args[i-1].Dynamic && strings.HasPrefix(args[i-1].Value, "-") && !strings.Contains(args[i-1].Value, "=") {
		return args[i-1].Value, v
	}
	return "", v
}

// codeOption reports an option whose name says its value is code the
// program runs: -e, -c and -x, a long option named for evaluating,
// executing, running or a script (--eval, --execute, --script,
// --run-script, --exec-command), or an event's handler (--on-start).
func codeOption(opt string) bool {
	if opt == "-e" || opt == "-c" || opt == "-x" || eventOption(opt) || commandOption(opt) {
		return true
	}
	name := strings.ToLower(strings.TrimPrefix(opt, "--"))
	if !strings.HasPrefix(opt, "--") || name == "" {
		return false
	}
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
	switch parts[len(parts)-1] {
	case "eval", "evaluate", "script", "code":
		return true
	case "file", "path":
		return slices.Contains(parts, "script") // --script-file, --init-script-path
	}
	return false
}

// fetchedStdinCode reports args[i] standard input's file (-, /dev/stdin)
// given to an option that takes code (codeOption), separate or after =,
// while the input is downloaded or decoded text: curl … | zzprog --script
// /dev/stdin, --script=/dev/fd/0.
func fetchedStdinCode(c *Command, args []field, i int) bool {
	opt, v := optionValue(args, i)
	return fetchedStdin(c, args[i], v) && codeOption(opt)
}

// fetchedStdin reports a word whose value v (the word's, or its option's
// after =) is standard input's file (or -, which many programs read so)
// while the input is downloaded or decoded text: curl … | zzprog
// --config=/dev/stdin reads the download.
func fetchedStdin(c *Command, a field, v string) bool {
	return !a.Dynamic && (v == "-" || stdinFile(v)) && (c.Stdin.Remote || c.Stdin.Decoded)
}

// fetchedCode reports args[i] a process substitution of downloaded or
// decoded text given to an option that takes code (codeOption) or after
// --: zzprog --script=<(curl -s URL), zzprog -e <(curl …).
func fetchedCode(args []field, i int) bool {
	a := args[i]
	if a.in.Kind != "procsub" || !a.in.Remote && !a.in.Decoded {
		return false
	}
	opt, v := optionValue(args, i)
	return (codeOption(opt) || opt == "--") && strings.HasPrefix(v, "<(")
}

// commandOption reports a long option whose name ends in a word for the
// command it runs (--exec, --command, --cmd, --run, --on-exit-run,
// --pre-hook, --exec-command); a name only starting with one is about
// something else (--run-id, --exec-timeout, --command-timeout), as is one
// runOption takes for a launcher's (--prefix, --action): a computed value
// there is data, not a command.
func commandOption(opt string) bool {
	name := strings.ToLower(strings.TrimPrefix(opt, "--"))
	if !strings.HasPrefix(opt, "--") || name == "" {
		return false
	}
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' })
	if len(parts) == 0 {
		return false
	}
	switch parts[len(parts)-1] {
	case "exec", "execute", "command", "cmd", "run", "hook":
		return true
	}
	return false
}

// eventOption reports a long option named for an event whose handler is
// its value: --on-start, --on-exit, --on_failure.
func eventOption(opt string) bool {
	name := strings.ToLower(strings.TrimPrefix(opt, "--"))
	return strings.HasPrefix(opt, "--") && (strings.HasPrefix(name, "on-") || strings.HasPrefix(name, "on_")) && len(name) > 3
}

// oneVar matches text that is one variable's value: $C, ${C}.
var oneVar = lazyRegexp(`^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)$`)

// oneSubst reports text that is one command substitution and nothing
// else: $(…) or `…`.
func oneSubst(text string) bool {
	if !strings.HasPrefix(text, "$(") && !strings.HasPrefix(text, "`") {
		return false
	}
	f := parseBashText(text)
	if f == nil || len(f.Stmts) != 1 {
		return false
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 1 || len(ce.Assigns) > 0 || len(ce.Args[0].Parts) != 1 {
		return false
	}
	_, ok = ce.Args[0].Parts[0].(*syntax.CmdSubst)
	return ok
}

// bareShell reports a shell named as a command is, without a path (sh,
// bash, zsh): the bare name a program given a command runs from PATH.
func bareShell(s string) bool {
	return s != "" && !strings.Contains(s, "/") && isCommandWord(s) && shells.has(program(s))
}

// startsShell reports a program that, run with nothing to do, starts an
// interactive shell: a command shell, a shell of a scripting language
// with its prompt (pwsh, nu, xonsh, elvish), or a terminal multiplexer,
// which starts the user's shell in its window (tmux, screen).
func startsShell(name string) bool {
	return shells.has(name) || scriptShells.has(name) || multiplexers.has(name)
}

// multiplexers start the user's shell in each window they open.
var multiplexers = set("tmux", "screen", "byobu", "zellij")

// namesShell reports whether args[i] names a shell to start, as a
// command's first word: a shell (startsShell) by name (bash, pwsh) or path (/bin/sh), the
// user's shell ($SHELL, which userProgram reads as sh), or env or busybox
// before one (env sh, /bin/busybox sh), which run it in turn.
func (w *walker) namesShell(args []field, i int) bool {
	a := args[i]
	if a.Dynamic {
		name, ok := w.userProgram(a)
		return ok && shells.has(program(name))
	}
	if isCommandWord(a.Value) && !strings.HasPrefix(a.Value, "-") && startsShell(program(baseName(a.Value))) && (!strings.Contains(a.Value, "/") || shellPath(a.Value, startsShell)) {
		return true
	}
	switch program(baseName(a.Value)) {
	case "env", "busybox":
		return i+1 < len(args) && w.namesShell(args, i+1)
	}
	return false
}

// bareShellHere reports the bare shell name args[i] where an unknown
// program takes the command it runs, as the number of words of that
// command: after -- or a wrapper's name (i3-msg exec sh), the shell and
// the words after it; as the value of an option whose name says it runs
// something (--exec sh, --action sh, --synctex-editor-command sh; -e, -c
// and -x only as the last word: watchexec -e sh -- make filters on .sh
// files), the shell alone. A name as an operand is the program's own data
// (cheat bash, starship init bash, nala install zsh, fish's and bash read
// as bash), and one after an option that does not run it is that
// option's value (--completions bash, -s zsh): 0.
func (w *walker) bareShellHere(args []field, i int) int {
	if i == 0 || !w.namesShell(args, i) {
		return 0
	}
	prev := args[i-1].Value
	switch {
	case prev == "--" || passedThrough(prev):
		return len(args) - i
	case strings.HasPrefix(prev, "--") && !strings.Contains(prev, "="):
		return b2i(runOption(prev))
	case len(prev) == 2 && prev[0] == '-':
		return b2i(i+1 == len(args) && runOption(prev))
	}
	return 0
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// runOption reports an option whose name says its value is a command the
// program runs: -e, -c, -x, or a long name with exec, command, cmd, run,
// action, launch(er), prefix, hook or program in it (--exec, --on-exit-run,
// --renderer-cmd-prefix). A name for a shell alone (--shell, --script-shell)
// chooses the shell a program runs its commands with, not a command.
func runOption(opt string) bool {
	switch opt {
	case "-e", "-c", "-x":
		return true
	}
	name := strings.ToLower(strings.TrimLeft(opt, "-"))
	if !strings.HasPrefix(opt, "--") || name == "" {
		return false
	}
	for _, k := range []string{"exec", "command", "cmd", "run", "action", "launch", "prefix", "hook", "program"} {
		if strings.Contains(name, k) {
			return true
		}
	}
	return false
}

// proseOption reports an option whose value is text for people (a
// message, a title, a comment, a name): an escape, a call or a command
// line there is prose (zzchat --message '!ping', --body 'use
// system("ls")', zzprog --title 'rm -rf ~').
func proseOption(opt string) bool {
	name := strings.ToLower(strings.TrimLeft(opt, "-"))
	if len(name) == 1 {
		return name == "m" // git's and most tools' -m MESSAGE
	}
	for _, k := range []string{"msg", "message", "body", "text", "title", "comment", "desc", "note", "subject", "summary", "label", "reason", "name"} {
		if strings.Contains(name, k) {
			return true
		}
	}
	return false
}

// escapeWord finds a shell escape at the start of a word: !CMD or :!CMD
// (an editor's, a file manager's or a debugger's), shell CMD (ranger,
// cmus) or system CMD (mycli), whose command is a program hguard knows or
// a shell; it returns the command.
// A negated pattern (--exclude='!*.go', ! -name x) names none.
func escapeWord(v string) (string, bool) {
	rest, ok := "", false
	for _, p := range []string{":!", "!", "shell ", "system "} {
		if r, cut := strings.CutPrefix(v, p); cut {
			rest, ok = strings.TrimSpace(r), true
			break
		}
	}
	if !ok {
		return "", false
	}
	if !commandHead(rest) {
		return "", false
	}
	return rest, true
}

// unknownStdin is the fallback for what is typed into a program hguard
// does not know: a REPL, a debugger or a CLI's shell mode runs the lines
// it reads, so a line of its static standard input that is an escape
// (!CMD, :!CMD, shell CMD) or a known program with arguments is emitted as
// a command it runs, each of the first maxTypedLines lines (zzrepl <<<
// 'rm -rf ~'). Known programs' input is their entries' (curl -d @- sends
// it, base64 encodes it), and programs that only store or print their
// input are not searched.
func (w *walker) unknownStdin(c *Command, cx ctx) {
	in := c.Stdin
	if w.inUnknown > 0 || in.Text == "" || !in.Static || KnownName(c.Name) || stdinSinks.has(program(c.Name)) ||
		stdinSinks.has(strings.ToLower(baseName(c.Name))) ||
		commandCheckers.has(program(c.Name)) || strings.HasPrefix(c.Path, "mcp:") {
		return
	}
	if _, ok := w.readLine(c); ok && c.Name == "read" {
		return // its variables hold the line (flowAfter): read -r l < <(echo 'rm -rf ~'); echo "$l"
	}
	w.inUnknown++
	defer func() { w.inUnknown-- }()
	for i, line := range strings.Split(in.Text, "\n") {
		if i >= maxTypedLines {
			return
		}
		l := strings.TrimSpace(line)
		if w.codeCalls(c, l, c.Name+" stdin", cx) {
			continue // system("CMD") typed at a prompt (gp, maxima)
		}
		if escape, ok := promptCommand(l); ok {
			w.nested(c, escape, "!", cx, false) // mycli's system CMD, SQL*Plus's HOST CMD
			continue
		}
		escape := false
		for _, p := range []string{":!", "!", "shell "} {
			if rest, ok := strings.CutPrefix(l, p); ok {
				l, escape = strings.TrimSpace(rest), true
				break
			}
		}
		if f := strings.Fields(l); len(f) > 0 && (escape || len(f) > 1 && launchable(f[0])) {
			via := c.Name + " stdin"
			if escape {
				via = "!"
			}
			w.nested(c, l, via, cx, false)
		}
	}
}

// promptCommand is the command of a prompt's system CMD (mycli) or host
// CMD (SQL*Plus) line, when CMD is a program hguard knows or a shell.
func promptCommand(line string) (string, bool) {
	for _, p := range []string{"system ", "host "} {
		if rest, ok := strings.CutPrefix(line, p); ok && commandHead(rest) {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// unknownScript is the fallback for a file a program hguard does not know
// is given that the line or an earlier command of the session wrote
// (echo 'rm -rf ~' > x.sh; zzrun x.sh, mytool --script=t, runner s after
// cat > s <<EOF): a runner may run it as a shell script, so text that
// parses as one and names a known program is walked as the script it would
// be, and the rules judge what it runs. Known programs keep their own
// models (cat f, vim f, grep x f only read it), and editors, viewers,
// openers and formatters (fileReaders) only show or change the text.
func (w *walker) unknownScript(c *Command, args []field, cx ctx) {
	if w.inUnknown > 0 || KnownName(c.Name) || commandCheckers.has(program(c.Name)) || strings.HasPrefix(c.Path, "mcp:") ||
		fileReaders.has(program(c.Name)) || stdinSinks.has(program(c.Name)) || ownsFiles(program(c.Name)) {
		return
	}
	var seen []string
	for i, a := range args {
		if i >= maxLauncherOperands*2 {
			return
		}
		v := a.Value
		if a.Dynamic || a.in.Kind != "" {
			continue
		}
		if opt, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(opt, "-") {
			v = val // --script=FILE
		} else if strings.HasPrefix(v, "-") {
			continue
		}
		if v == "" || slices.Contains(seen, v) {
			continue
		}
		seen = append(seen, v)
		in, via, ok := w.fileInput(v)
		if !ok || !in.Static || in.Remote || in.Decoded || !scriptLike(in.Text) || w.followedFile(c, v) {
			continue
		}
		w.inUnknown++
		w.nested(c, in.Text, via+", given to "+c.Name, cx, false)
		w.inUnknown--
	}
}

// ownsFiles reports a program the model reads the files of by its own
// grammar (just -f FILE, task, a test runner's or web server's files).
func ownsFiles(prog string) bool {
	_, fetched := fetchedRunners[prog]
	_, build := buildFiles[prog]
	_, project := projectRunners()[prog]
	return fetched || build || project || runnerFiles(prog) != nil || givenRunners()[prog].lang != "" || codeFileHost(prog) != "" ||
		webServers[prog] != ""
}

// followedFile reports a file given to c that the model already read for
// it (a #! script or a setting's command, writtenFiles and runConfig):
// what it runs is judged once.
func (w *walker) followedFile(c *Command, file string) bool {
	file = strings.TrimPrefix(file, "./")
	return slices.ContainsFunc(w.line.Commands, func(o *Command) bool {
		if len(o.Via) <= len(c.Via) {
			return false
		}
		v := o.Via[len(c.Via)]
		return strings.HasPrefix(v, c.Name+" ") && strings.Contains(v, file)
	})
}

// fileReaders are programs outside hguard's tables that open, show,
// format, convert, print or store a file they are given, never running it
// as a script (nano x.sh, code x.sh, prettier --write x.sh).
var fileReaders = set(
	// editors and IDEs
	"nano", "pico", "rnano", "micro", "joe", "jed", "mcedit", "ne", "mg", "kak", "hx", "helix", "gedit", "kate",
	"kwrite", "mousepad", "pluma", "xed", "geany", "leafpad", "featherpad", "gnome-text-editor", "code",
	"code-insiders", "codium", "cursor", "windsurf", "subl", "atom", "zed", "idea", "pycharm", "goland",
	"webstorm", "clion", "emacsclient", "notepad", "notepad++", "mate", "bbedit", "edit",
	// openers and viewers
	"xdg-open", "open", "gio", "gvfs-open", "kde-open", "wslview", "sensible-browser", "firefox", "chromium",
	"google-chrome", "mdcat", "mdless", "frogmouth", "lnav", "multitail", "view", "evince", "okular", "zathura",
	"feh", "eog", "meld", "vimdiff", "nvimdiff", "kdiff3", "difft", "difftastic", "delta", "hexyl", "tokei",
	"cloc", "scc", "exiftool", "mediainfo", "ctags", "cscope", "termux-share",
	// formatters, linters, spell checkers, converters and printers
	"prettier", "eslint", "biome", "dprint", "shellharden", "beautysh", "yamllint", "markdownlint",
	"markdownlint-cli2", "mdformat", "codespell", "typos", "cspell", "vale", "proselint", "editorconfig-checker",
	"clang-format", "black", "ruff", "isort", "autopep8", "yapf", "rustfmt", "gofmt", "goimports", "stylua",
	"taplo", "dos2unix", "unix2dos", "enscript", "a2ps", "asciidoctor", "markdown", "cmark", "md2html",
	"wkhtmltopdf", "trash", "trash-put", "rclone", "s3cmd", "croc", "wormhole", "sops", "ccrypt", "pigz", "pbzip2",
	"lzip", "lzma", "rar", "unrar", "chezmoi", "stow", "yadm", "dvc", "jj",
)

// scriptLike reports text that parses as a shell script one of whose
// commands is a program hguard knows or a shell: prose, data and other
// languages' code do not (hello world, {"a": 1}, it's done).
func scriptLike(text string) bool {
	if strings.TrimSpace(text) == "" || len(text) > maxScriptLike {
		return false
	}
	f := parseBashText(text)
	if f == nil {
		return false
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
			if name := ce.Args[0].Lit(); name != "" && (launchable(name) || shells.has(program(baseName(name))) || passedThrough(name)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// parseBashText is text parsed as bash, or nil when it does not parse
// (or the parser panics).
func parseBashText(text string) *syntax.File {
	var f *syntax.File
	if perr := parseSafely(func() {
		var err error
		if f, err = syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), ""); err != nil {
			f = nil
		}
	}); perr != nil {
		return nil
	}
	return f
}

// selfCalling reports text that parses as a shell script defining a
// function whose body calls it (:(){ :|:& };:, a fork bomb): as a
// command line it runs that function, whatever programs it names.
func selfCalling(text string) bool {
	if !strings.Contains(text, "(") || len(text) > maxScriptLike {
		return false
	}
	f := parseBashText(text)
	if f == nil {
		return false
	}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || found || fd.Name == nil || fd.Body == nil {
			return !found // a declaration without a name (() 0) calls nothing by it
		}
		syntax.Walk(fd.Body, func(m syntax.Node) bool {
			if ce, ok := m.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == fd.Name.Value {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// maxScriptLike bounds the text scriptLike parses: a larger file given to
// an unknown program is data more often than a script.
const maxScriptLike = 64 << 10

// maxTypedLines bounds the lines of input searched for commands typed
// into a program hguard does not know.
const maxTypedLines = 64

// stdinSinks store, show, print, encode or transform what they read; a
// command in their input is text (echo 'rm -rf build' | pbcopy, base64
// <<EOF).
var stdinSinks = set("pbcopy", "xclip", "xsel", "wl-copy", "clip", "termux-clipboard-set", "lp", "lpr", "say", "espeak",
	"espeak-ng", "notify-send", "logger", "systemd-cat", "festival", "figlet", "toilet", "cowsay", "lolcat", "glow", "bat", "batcat",
	"base64", "gbase64", "base32", "basenc", "uuencode", "fold", "fmt", "nl", "rev", "tac", "pr", "expand", "unexpand",
	"iconv", "paste", "join", "comm", "split", "csplit", "shuf", "tsort", "gzip", "bzip2", "xz", "zstd", "lz4", "brotli",
	"gpg", "age", "openssl", "envsubst", "pandoc", "aspell", "hunspell", "less", "most", "pg", "vipe", "ts", "pv", "cat",
	"wc", "md5sum", "sha256sum", "sha1sum", "sha512sum", "b2sum", "cksum", "qrencode", "highlight", "pygmentize")

// flowCode are the builtins whose code arguments the data flow follows
// (flowAfter): trap 'rm …' EXIT, bind, complete -C, alias.
var flowCode = set("trap", "bind", "complete", "compgen", "alias", "set", "unset", "cd", "pushd", "source", "exec")

// programLookup matches a substitution that prints a program's path:
// $(which rm), `command -v rm`, $(type -P rm).
var programLookup = lazyRegexp(`^(\$\(|` + "`" + `)\s*(which|command\s+-[vV]|type\s+-[pP]|whence\s+-p|realpath\s+\$\(which|xcrun\s+(-f|-find|--find)|go\s+env|brew\s+--prefix)\s`)

// commandCheckers take a command line to judge, not to run (tirith check
// -- 'curl …').
var commandCheckers = set("tirith", "hguard", "dcg")

// maxLauncherOperands bounds the search for the command an unknown program
// runs: a long argument list costs a few lookups, and a known name deep in
// a program's own arguments (mytool a b c d e f g git …) is not taken for one.
const maxLauncherOperands = 6

// launchable reports a word that names a program hguard knows, spelled as
// a command would be (rm, /bin/rm, //bin//rm), other than a shell's path.
func launchable(s string) bool {
	if strings.Contains(s, "//") {
		s = path.Clean(s)
	}
	return isCommandWord(s) && !isShellPath(s) && knownProgram(program(baseName(s)))
}

// KnownName reports a program name hguard knows in any of its tables or
// its catalogue (what a glob as a command's name is matched against), by
// its name as a command word would give it (python3.12 is python's).
func KnownName(name string) bool {
	if name == "" {
		return false
	}
	// the tables themselves, not knownNames' sorted union: a check asks
	// this of every command, and building that list costs ~1M instructions
	p := program(name)
	if knownProgram(p) {
		return true
	}
	if _, ok := wrappers[p]; ok {
		return true
	}
	return slices.Contains(knownExtra, p)
}

// knownProgram reports a program hguard has knowledge of: one that
// changes or sends files, a shell or an interpreter, or one in its
// catalogue. Only such a command is worth emitting: a program's own
// subcommands and operands (go env GOPATH, nc HOST PORT) are not.
func knownProgram(name string) bool {
	if strings.HasPrefix(name, "mkfs.") {
		return true
	}
	if dataPrograms.has(name) || shells.has(name) || fetchers.has(name) || catalogKnows(name) || interpreter(name) != "" || ruledPrograms.has(name) {
		return true
	}
	_, ok := optionsEntry(name)
	return ok
}

// passedThrough reports a wrapper's name (env, sudo, nice, exec, …): as an
// unknown program's operand it is not counted, and the search goes on to
// the command it runs (memcheck env rm …, aws-vault exec p rm …), which is
// emitted without it. A program's own subcommand of that name (go env
// GOPATH) is followed by no known command.
func passedThrough(s string) bool {
	_, ok := wrappers[s]
	return ok
}

// ruledPrograms are programs the built-in rules judge by their arguments
// that no table of this package names.
var ruledPrograms = set("git", "ssh", "docker", "podman", "kubectl", "helm", "terraform", "tofu", "pulumi", "aws", "gcloud",
	"gsutil", "az", "mkfs", "fdisk", "sfdisk", "parted", "wipefs", "kill", "pkill", "killall", "systemctl", "crontab",
	"truncate", "find", "npm", "pnpm", "yarn", "pip", "pip3", "psql", "mysql", "redis-cli", "mongosh", "iptables", "nft",
	"ufw", "usermod", "passwd", "chpasswd", "visudo", "mount", "umount", "shutdown", "reboot", "halt", "poweroff",
	"openssl", "gpg", "gpg2")

// isCommandWord reports what a command name or a path to a program looks
// like (rm, git, python3.12, /usr/bin/rm, ./run.sh): letters, digits and
// _ . + - in each /-separated part, the last starting with a letter or _;
// not a file name of another shape, a URL, an assignment or a glob.
func isCommandWord(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "~/"), "./")
	parts := strings.Split(strings.TrimPrefix(s, "/"), "/")
	for _, p := range parts {
		if p == "" {
			return false
		}
		for _, r := range p {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '+' || r == '-') {
				return false
			}
		}
	}
	last := parts[len(parts)-1][0]
	return last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z' || last == '_'
}

// ownPowerVerb reports shutdown, reboot, halt or poweroff as an unknown
// program's operand followed by words their own grammar does not take
// (options, then a time and a message): a VM, simulator or device
// manager's verb for what it manages (virsh shutdown vm1, xcrun simctl
// shutdown all, adb -s X reboot bootloader, devicectl device reboot
// --device X), which the machine's own command would refuse. Words that
// fit (foo shutdown -h now, foo reboot -f) or are only known at run time
// are still a command it may run.
func ownPowerVerb(verb string, rest []field) bool {
	switch program(baseName(verb)) {
	case "shutdown", "reboot", "halt", "poweroff":
	default:
		return false
	}
	positional := 0
	for _, a := range rest {
		v := a.Value
		switch {
		case a.Dynamic || a.in.Kind != "":
			return false
		case strings.HasPrefix(v, "--") && len(v) > 2:
			opt, _, _ := strings.Cut(v[2:], "=")
			if !slices.Contains(powerLongOptions, opt) {
				return true
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			if strings.Trim(v[1:], powerShortOptions) != "" {
				return true
			}
		default:
			positional++
			if positional == 1 && !powerTime().MatchString(v) {
				return true // shutdown's TIME (a message may follow it), reboot's own argument
			}
		}
	}
	return false
}

// idleReading reports a word whose reading as a command line does nothing
// the rules judge, so it is the program's text, not a command it runs: one
// simple command of literal words that its own program refuses (mytool
// "reboot required", howdoi "shutdown the server tonight": shutdown's
// grammar, as ownPowerVerb reads it; sgpt "dd if=/dev/zero of=/dev/sda
// meaning": dd takes KEY=VALUE operands only). A line of more commands, a
// redirection or an expansion is still read as one. An rm naming nothing
// (xyz 'rm -rf') is not idle: a program may append operands to it, or take
// it as the start of a command to repeat (fc -s 'rm -rf').
func idleReading(text string) bool {
	f := parseBashText(text)
	if f == nil || len(f.Stmts) != 1 {
		return false
	}
	st := f.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return false
	}
	argv := make([]string, len(call.Args))
	for i, a := range call.Args {
		if argv[i] = a.Lit(); argv[i] == "" {
			return false // quoted, expanded or globbed: not plain words
		}
	}
	rest := make([]field, len(argv)-1)
	for i, a := range argv[1:] {
		rest[i] = field{Word: Word{Value: a}}
	}
	switch name := program(baseName(argv[0])); name {
	case "dd":
		return slices.ContainsFunc(argv[1:], func(a string) bool { return !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") })
	case "reboot":
		// systemd's reboot takes one argument, which it reboots with
		// (zzrun 'reboot please'); a second is refused
		return len(rest) > 1 && ownPowerVerb(name, rest)
	default:
		return len(rest) > 0 && ownPowerVerb(name, rest)
	}
}

// textPrograms take a text for a person or a model as their operands (a
// prompt to an AI assistant, a question, a message to send, a journal
// entry, text to translate, a history search) and run a command only
// through the options or subcommands their function names: for those the
// generic fallback reads the words as any unknown program's.
var textPrograms = map[string]func(words []string) bool{
	// AI assistants: a prompt; the shell modes turn it into a command
	// that is offered to run (sgpt --shell, aichat --execute, tgpt --shell)
	"sgpt":    anyFlag("s", "--shell", "--repl", "--editor"),
	"aichat":  anyFlag("e", "--execute", "--repl"),
	"tgpt":    anyFlag("s", "--shell"),
	"mods":    anyFlag("", "--editor"),
	"chatgpt": anyFlag("s", "--shell"),
	"howdoi":  anyOption(),
	// translators: -player, -browser and -pager name a program they run
	"trans":           anyOption("-player", "-browser", "-pager", "-p", "-P", "-speak", "-sp"),
	"translate-shell": anyOption("-player", "-browser", "-pager", "-p", "-P", "-speak", "-sp"),
	// messages and notes: gum spin and ntfy subscribe run a command
	"ntfy":          anyWord("subscribe", "sub"),
	"telegram-send": anyOption(),
	"toot":          anyFlag("", "--editor"),
	"jrnl":          anyFlag("", "--config-override", "--config-file"), // the editor it composes an entry in
	"timew":         anyOption(),
	"gum":           anyWord("spin"),
	// history: bash's fc runs the entries it finds unless it only lists
	// them (-l, and no -s or -e, which win over it: fc -ls runs); history
	// lists or deletes entries, but history -s stores one fc may run
	"fc":      func(words []string) bool { return !fcList(words) },
	"history": anyFlag("s"),
}

// anyFlag is a textPrograms test: the program runs a command when one of
// the short options in short is given, alone or bundled (-Se, -sc), or
// one of long, alone or with a value after "=".
func anyFlag(short string, long ...string) func([]string) bool {
	return func(words []string) bool {
		return slices.ContainsFunc(words, func(w string) bool {
			if len(w) > 1 && w[0] == '-' && w[1] != '-' {
				return short != "" && strings.ContainsAny(w[1:], short)
			}
			opt, _, _ := strings.Cut(w, "=")
			return slices.Contains(long, opt)
		})
	}
}

// anyOption is a textPrograms test: the program runs a command when one
// of opts is given, alone or with a value after "=".
func anyOption(opts ...string) func([]string) bool {
	return func(words []string) bool {
		return slices.ContainsFunc(words, func(w string) bool {
			opt, _, _ := strings.Cut(w, "=")
			return slices.Contains(opts, opt)
		})
	}
}

// anyWord is a textPrograms test: the program runs a command under one of
// subs, its subcommand.
func anyWord(subs ...string) func([]string) bool {
	return func(words []string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(subs, w) })
	}
}

// fcList reports fc given -l (bundled: -ln, -lr, -nl), which lists
// entries, and neither -s nor -e, which run them whatever -l says.
func fcList(words []string) bool {
	list := false
	for _, w := range words {
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		if strings.ContainsAny(w, "se") {
			return false
		}
		list = list || strings.Contains(w, "l")
	}
	return list
}

// powerShortOptions and powerLongOptions are the options of shutdown,
// reboot, halt and poweroff (systemd, sysvinit, BSD and macOS).
const powerShortOptions = "HPrhkcfFnaqtspouwdil0123456789"

var powerLongOptions = []string{"help", "version", "halt", "poweroff", "reboot", "force", "wtmp-only", "no-wtmp",
	"no-sync", "no-wall", "wall", "show", "when", "kexec", "soft-reboot", "firmware-setup", "boot-loader-menu",
	"boot-loader-entry"}

// powerTime matches shutdown's TIME: now, +MINUTES or HH:MM; a bare number
// after a program's own verb is a machine's id (qm shutdown 101).
var powerTime = lazyRegexp(`^(now|\+[0-9]+|[0-9]{1,2}:[0-9]{2})$`)

// unknownCode is the fallback for code given to a program hguard has no
// entry for (an interpreter, a scriptable editor or player, a computer
// algebra system): a word that calls the shell (system("CMD"),
// os.system, popen, runCommand("PROG", …), os.exec(["PROG", …])) runs
// that command, so it is read as code. Python's (an import, os. or
// subprocess) is read as python -c reads it; other code by its calls:
// system("CMD") hands a line to the shell, and an argv call starting
// with a program hguard knows or a shell runs that argv. What it runs is
// judged as any command (blender --python-expr 'import os;
// os.system("rm -rf ~")' is rm -rf ~), with the program and the option in
// via.
func (w *walker) unknownCode(c *Command, args []field, cx ctx) {
	if w.inUnknown > 0 {
		return
	}
	for i, a := range args {
		if i >= maxLauncherOperands*2 {
			return
		}
		if a.Dynamic || a.in.Kind != "" || !strings.Contains(a.Value, "(") && !strings.Contains(a.Value, "import ") && !(strings.ContainsAny(a.Value, `"'`) && runWord().MatchString(a.Value)) {
			continue
		}
		v := a.Value
		opt := "code"
		if o, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(o, "-") && !strings.ContainsAny(o, " \t(") {
			opt, v = o, val
		} else if i > 0 && strings.HasPrefix(args[i-1].Value, "-") {
			opt = args[i-1].Value
		}
		if proseOption(opt) {
			continue
		}
		if w.codeCalls(c, v, c.Name+" "+opt, cx) {
			return
		}
	}
}

// codeCalls reads code for the shell calls unknownCode looks for and walks
// what they run; it reports whether it found one.
func (w *walker) codeCalls(c *Command, code, via string, cx ctx) bool {
	python := pythonCode().MatchString(code)
	if !shellCall().MatchString(code) && !(python && strings.HasPrefix(strings.TrimSpace(code), "import ")) {
		// a word starting with an import is Python code whatever it
		// calls; other code may call the shell in its own syntax (raku's
		// shell "CMD", janet's (os/shell "CMD"), gforth's s" CMD" system)
		w.inUnknown++
		defer func() { w.inUnknown-- }()
		return w.literalCommands(c, code, via, nil, false, cx)
	}
	w.inUnknown++
	defer func() { w.inUnknown-- }()
	f := field{Word: Word{Value: code}}
	if python {
		w.runCode(c, "python", f, via, cx)
		return true
	}
	if nodeCode().MatchString(code) {
		w.runCode(c, "node", f, via, cx)
		return true
	}
	found := false
	for _, m := range systemCall().FindAllStringSubmatch(code, -1) {
		if cmd := unquote(m[1]); strings.TrimSpace(cmd) != "" {
			w.nested(c, cmd, via, cx, false)
			found = true
		}
	}
	for _, m := range lineCall().FindAllStringSubmatch(code, -1) {
		// os.execute("CMD"), popen("CMD"), execSync("CMD"): a command line
		if cmd := unquote(m[1]); commandHead(cmd) {
			w.nested(c, cmd, via, cx, false)
			found = true
		}
	}
	for _, m := range argvCall().FindAllStringSubmatch(code, -1) {
		var words []string
		for _, lit := range stringLiteral().FindAllString(m[1], -1) {
			words = append(words, unquote(lit))
		}
		if len(words) > 0 && commandHead(words[0]) && !strings.ContainsAny(words[0], " \t") {
			w.nested(c, argvLine(words), via, cx, false)
			found = true
		}
	}
	if !found {
		found = w.literalCommands(c, code, via, nil, false, cx)
	}
	return found
}

// runWord matches code that can run a command by some route: a call,
// a method or a module whose name says so, or a pipe opened by name.
var runWord = lazyRegexp(`(?i)\b(?:system\w*|exec\w*|popen\w*|spawn\w*|shell\w*|run\w*|readpipe|qx|passthru|proc_open|pipe|cmd|ccall|method|send|invoke\w*|call\w*|open\w*|process\w*|command\w*|ipc|pexpect|execa|subprocess|child_process|sh|plumbum|shelljs)\b|\|&`)

// maxLiteralCommands bounds the literals one code text is read for.
const maxLiteralCommands = 4

// literalCommands is the fallback for code that can run a command by a
// route its model does not follow (a function passed as a value, a
// module under another name, a library's call, an interpreter hguard
// does not know): each string literal that reads as a command line, a
// known program or a shell first with arguments of its own (scriptLike),
// is judged as a command the code may run. A pipe's | at either end of
// the literal (open "|CMD", open(F, "CMD|")) is the pipe-open's, not the
// command's. skip holds the literals the model followed already;
// argvOnly keeps only the argv runs, for a language whose model follows
// its own calls, where a lone literal that reads as a command is data (a
// message, a hint). It reports whether it found one.
func (w *walker) literalCommands(c *Command, code, via string, skip []string, argvOnly bool, cx ctx) bool {
	if !runWord().MatchString(code) {
		return false
	}
	found := 0
	for _, cmd := range codeCommandTexts(code, argvOnly) {
		if slices.Contains(skip, cmd) || !scriptLike(cmd) {
			continue
		}
		w.nested(c, cmd, via+" literal", cx, false)
		if found++; found == maxLiteralCommands {
			break
		}
	}
	return found > 0
}

// argvSeparator is what stands between the words of an argv written as
// literals: commas and the brackets of a list or a call.
var argvSeparator = lazyRegexp(`^[\s,\[\](){}]*(?:c\()?[\s,\[\](){}]*$`)

// printed matches code that ends where a literal is printed, logged or
// raised: the literal is a message (print("reboot required"),
// puts "…", console.log("…"), die "…").
var printed = lazyRegexp(`(?i)(?:\b(?:print\w*|puts|echo|say|warn|die|log|info|debug|error|warning|write|writeln|format|message|msg|raise|throw|\w*Error|\w*Exception|assert\w*|cat|stop|notice|usage|help)|console\.\w+)\s*[(\[]?\s*f?$`)

// argvEnd is what follows an argv's last literal: the list's or the
// call's end.
var argvEnd = lazyRegexp(`^\s*,?\s*[\])}]`)

// calledProgram is a call of a function named like a program whose first
// argument is an option literal: sh.rm("-rf", …), plumbum's rm("-rf", …).
var calledProgram = lazyRegexp(`([A-Za-z_][\w-]*)\s*\(\s*$`)

// codeCommandTexts are the command lines code's string literals make: a
// literal that reads as one (CMD with arguments; a pipe-open's | at
// either end is the open's), and an argv of adjacent literals whose first
// names a program ("rm", ["-rf", "/home"]) or that follow a call of a
// function named like one with an option first (sh.rm("-rf", "/home")).
func codeCommandTexts(code string, argvOnly bool) []string {
	var out []string
	locs := stringLiteral().FindAllStringIndex(code, -1)
	for i := 0; i < len(locs); i++ {
		lit := unquote(code[locs[i][0]:locs[i][1]])
		cmd := strings.TrimSpace(strings.Trim(strings.TrimSpace(lit), "|"))
		if strings.ContainsAny(cmd, " \t") {
			// printed reads only what just precedes the literal: the
			// call's name and its bracket, not the whole code again
			if !argvOnly && commandHead(cmd) && !printed().MatchString(code[max(0, locs[i][0]-64):locs[i][0]]) {
				out = append(out, cmd)
			}
			continue
		}
		words := []string{lit}
		j := i
		for j+1 < len(locs) && argvSeparator().MatchString(code[locs[j][1]:locs[j+1][0]]) {
			j++
			words = append(words, unquote(code[locs[j][0]:locs[j][1]]))
		}
		if !argvEnd().MatchString(code[locs[j][1]:]) {
			i = j
			continue // ['rm', '-rf', str(p)]: the argv goes on past the literals, as the model reads it
		}
		switch {
		case len(words) > 1 && commandHead(words[0]) && !strings.HasPrefix(words[0], "-"):
			out = append(out, argvLine(words))
			i = j
		case strings.HasPrefix(words[0], "-"):
			if m := calledProgram().FindStringSubmatch(code[max(0, locs[i][0]-64):locs[i][0]]); m != nil && launchable(m[1]) {
				out = append(out, argvLine(append([]string{m[1]}, words...)))
				i = j
			}
		}
	}
	return out
}

// commandHead reports text whose first word is a program hguard knows
// or a shell, by name or path.
func commandHead(text string) bool {
	f := strings.Fields(text)
	return len(f) > 0 && (launchable(f[0]) || bareShell(f[0]) || isShellPath(f[0]))
}

// lineCall and argvCall are not langcalls.go's per-language patterns on
// purpose: the language is unknown here, so a call counts only with a
// literal whose first word is a known program or a shell (commandHead),
// and a computed argument is left alone, not read as "$CODE" (an ask).
var (
	// lineCall matches a call handed one command line as its first
	// string literal: Lua's os.execute and io.popen, PHP's shell_exec and
	// passthru, Node's execSync and exec.
	lineCall = lazyRegexp(`\b(?:execute|popen|shell_exec|passthru|execSync|exec|callCommand|getoutput)\s*\(\s*("(?:[^"\\]|\\.)*"|'[^']*')`)
	// nodeCode matches Node: require() or child_process.
	nodeCode = lazyRegexp(`\brequire\s*\(|\bchild_process\b`)
	// shellCall matches a call that hands a command to the shell or runs
	// a program, in most languages' spelling.
	shellCall = lazyRegexp(`\b(system|popen|Popen|spawn|spawnSync|exec|execSync|execFile|execFileSync|execute|runCommand|shell_exec|passthru|callCommand|check_output|check_call|getoutput|getstatusoutput)\s*\(`)
	// pythonCode matches Python: an import, os.system or subprocess.
	pythonCode = lazyRegexp(`(^|[;\s])(import\s+[A-Za-z_]|from\s+[A-Za-z_.]+\s+import\s)|\bos\.(system|popen|exec[lv]p?e?)\s*\(|\bsubprocess\.`)
	// argvCall matches a call given a program and its arguments as string
	// literals, in a list or not: runCommand("rm", "-rf", "x"),
	// os.exec(["sh", "-c", "…"]), spawn('sh', ['-i']).
	argvCall = lazyRegexp(`\b(?:runCommand|exec|spawn|spawnSync|execFile|execFileSync|Popen)\s*\(\s*\[?\s*((?:"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*,\s*\[?\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'))*)`)
)
