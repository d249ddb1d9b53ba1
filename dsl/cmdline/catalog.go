package cmdline

import (
	"cmp"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hguard/hguard/internal/patchtext"
	"mvdan.cc/sh/v3/syntax"
)

//go:generate go run gen.go

// Program is one entry of the program catalogue (rules/programs/*.yaml):
// how a program runs other programs and code. catalog_gen.go holds the
// catalogue as Go, written by gen.go (`go generate ./dsl/cmdline`) from the YAML, so
// that a check pays nothing to load it.
type Program struct {
	Name        string
	Runs        string   // "argv": the words after its options and Operands are a command it runs; "line": they are joined into a shell line; "" neither
	Args        string   // short options that take a value
	Long        []string // long options that take a value when not given with "="
	Stop        string   // short options after which no command follows (flock -c CMD runs a line instead)
	LongStop    []string
	Operands    int      // its own operands before the command (flock LOCKFILE, setarch ARCH)
	Sub         []string // subcommands that launch (bundle exec, docker exec); Runs does not apply then
	SubRun      string   // what follows such a subcommand: argv, line, argvline (one word a line, more an argv whose first word the shell reads), anyline (a line with the program's own options taken out wherever they stand), dashdash (the argv after "--"), or ssh (a Remote one)
	SubOperands int      // operands between the subcommand's options and the command (docker exec CONTAINER)
	SubAfter    int      // operands before the subcommand (salt TARGET cmd.run); a later operand is none
	// SubElsewhere: the subcommand runs its command with an environment of
	// its own (docker exec's container, kubectl exec's pod), which the
	// line's prefix assignments do not reach; a local launcher's command
	// (bundle exec, op run --) inherits them (CONFIG_SHELL=… bundle exec
	// ./configure).
	SubElsewhere bool
	// Remote are subcommands that open a shell on a remote host (gcloud
	// compute ssh VM, vagrant ssh, az ssh vm): the words after "--" are
	// ssh's after the host, the first operand or else the program's name.
	Remote []string
	// Skip are words that are no operand on the way to a subcommand:
	// gcloud's release tracks (gcloud beta compute ssh) and the groups
	// that put ssh deeper (gcloud compute tpus tpu-vm ssh).
	Skip         []string
	Code         []CodeOption // options whose value is code
	Stdin        string       // the language of a script it reads on standard input, or ""
	Shell        string       // "agent": run with no command it starts an interactive shell; "via": its code can
	ShellOptions []string     // options that start an interactive shell (nmap --interactive)
	// ShellPaths: the generic fallback still reads the words the entry
	// does not describe for a shell's path (cmake -DCMAKE_C_COMPILER_LAUNCHER=/bin/sh)
	ShellPaths bool
	// Abbrev: its parser takes any unambiguous prefix of a long option
	// (GNU getopt_long, Python's argparse and optparse, Ruby's
	// OptionParser, MySQL's my_getopt), so that certbot --post is
	// --post-hook: the words are read with Long's and the code options'
	// full names (spellWords). The entry then lists every long option
	// of the program that is a prefix of another it lists, in Long or
	// as a code option, lest the shorter one be taken for the longer.
	Abbrev bool
	// Settings are the keys of its configuration files whose value is a
	// command it runs on an event, a hook (fail2ban's actionban, fastfetch's
	// command module's text, rsyslog's ^PROGRAM action as "^", libvirt's
	// <script path=…>): such a command in a configuration the line wrote
	// for it is an escape whatever it runs ("NAME @FILE", writtenFiles).
	Settings []string
	// Prompt is set for a program that waits, in the foreground with a
	// terminal for input, for commands typed at its prompt or keys on its
	// screen, some of which run programs (less's !CMD, vim's :!CMD, psql's
	// \! CMD, gdb's shell CMD): an agent's tool that types into a command
	// it started (Codex's write_stdin) reaches them where no hook does;
	// one for each way it prompts (git commit, git rebase -i).
	Prompt []Prompt
}

// Prompt says when a program with a prompt runs without it: after one of
// the Batch options (psql -c, gdb -batch), or given more operands than
// Operands (sqlite3 DB SQL; gnuplot FILE); -1: operands do not matter.
// Quit are the program's commands that end it: a code option's value
// whose last command is one (vim -c wq, ex -sc '%s/a/b/|x') ends it
// before its prompt.
//
// Sub, when set, are the subcommands that start the prompt (poetry shell,
// nix develop, tmux attach; "" for none given: tmux alone; several words
// for a subcommand's own, git notes add, gh pr create): another one runs
// without it, and Batch and Operands are read after the subcommand.
// Others are the first operands with which the name is another program's
// (MinIO's mc ls, besides Midnight Commander's mc DIR): it does not prompt.
// Confirm are the commands after which a quit asks y/n first (gdb's run
// leaves a process alive: answering n stays at the prompt), unless one of
// NoConfirm ran before (gdb's set confirm off).
//
// Needs, when set, are the options one of which it prompts only with (git
// tag -a opens the editor, git tag does not); Always the options with
// which it prompts whatever Batch option is given too (git commit -m MSG
// -e); Editor the variables naming the editor it opens, one of which set
// on the line to a program without a prompt keeps it from prompting
// (GIT_EDITOR=true git commit). Words: its options are whole words
// (duckdb -csv is not -c sv). Stdout: it prompts only with its output to
// a terminal too (gh pr create > out.txt asks nothing and fails).
type Prompt struct {
	Batch     []string
	Operands  int
	Quit      []string
	Sub       []string
	Others    []string
	Confirm   []string
	NoConfirm []string
	Needs     []string
	Always    []string
	Editor    []string
	Words     bool
	Stdout    bool
}

// catalogKnows reports a program the catalogue describes how it runs
// commands: not one whose entry names its configuration's hooks only.
func catalogKnows(name string) bool {
	p := catalogProgram(name)
	return p != nil && !p.settingsOnly()
}

// settingsOnly reports an entry that names hooks in its configuration
// files, or a prompt (nano, tig), and nothing it runs from the command
// line: the generic fallback still judges its arguments as a program
// hguard has no entry for.
func (p *Program) settingsOnly() bool {
	return (len(p.Settings) > 0 || p.Prompt != nil) && p.Runs == "" && len(p.Sub) == 0 && len(p.Code) == 0 && p.Stdin == "" && p.Shell == "" && len(p.ShellOptions) == 0
}

// CodeOption is an option whose value is code in a language: the option as
// written ("-c", "--eval", "+" for a word starting with "+", "" for the
// first operand), and the language hguard reads the value in.
type CodeOption struct {
	Option string
	Lang   string
	// Helpers are the programs the option is meant to run (restic
	// --password-command: a password store; sshfs -o ssh_command: an ssh);
	// a command of another program run through it is an escape
	// (helperMissed), whatever it runs.
	Helpers []string
}

// Lookup returns the catalogue's entry for a command name, or nil.
func Lookup(name string) *Program { return catalogProgram(FoldWord(name)) }

// escapeLangs are the catalogue's languages in which a command is a
// program's escape out of its own purpose: an editor's :!, a pager's !, a
// debugger's shell, sed's e, a database shell's \!, tar's checkpoint
// action, apt's hooks; and the shell-outs of the languages read by pattern
// (langcalls.go), as inline-code-shell-out asks about python -c's. Launchers
// (argv, sh) exist to run commands and are not escapes; neither are scripts
// hguard does not read (file, none), nor an interpreter's code handed to it
// (gimp -b, jrunscript -e), whose own calls the inline-code model judges.
func escapeLang(lang string) bool {
	switch lang {
	case "vim", "vim-file", "less", "elisp", "elisp-file", "gdb", "sqlite", "mysql", "psql", "db-file", "bang", "ftp", "ftp-file", "sed", "sed-file",
		"tar-action", "apt", "make", "tcl", "r", "julia", "applescript", "socat",
		"hook", "sysctl", "system", "tex", "m4", "rpm", "hg", "puppet", "pipe",
		"erlang", "erlang-call", "elixir", "jvm", "clojure", "swift", "dotnet", "muttrc":
		return true
	}
	return false
}

// IsEscape reports whether via, a carrier as Command.Via names it ("vim
// -c", "less +", "sed ", "ftp stdin", "!"), is a program's escape into
// running commands, by the program's catalogue entry, or a configuration
// the line wrote that makes a program start a shell ("fastfetch @/tmp/x").
func IsEscape(via string) bool {
	if via == "!" {
		return true // a "!CMD" line typed into an interactive program
	}
	if envEscapes.has(strings.TrimSuffix(via, "=")) && strings.HasSuffix(via, "=") {
		return true
	}
	if name, prog, ok := strings.Cut(via, "= "); ok && prog != "" && envHelpers(name) != nil {
		return true // "NAME= PROG": PROG is none of the variable's helpers
	}
	name, opt, _ := strings.Cut(via, " ")
	if strings.HasPrefix(opt, "@") {
		return true // a shell started from a file the line wrote for the program (writtenFiles)
	}
	if o, ran, ok := strings.Cut(opt, " "); ok && ran != "" {
		// "NAME OPT PROG": PROG is none of the option's helpers (helperMissed)
		if name == "ssh" && sshCommandKey(o) {
			return true
		}
		for _, co := range codeOptions(name) {
			if co.Option == o && len(co.Helpers) > 0 {
				return true
			}
		}
	}
	if p := Lookup(name); p != nil && opt == "stdin" {
		return escapeLang(p.Stdin)
	}
	for _, co := range codeOptions(name) {
		if co.Option == opt {
			return escapeLang(co.Lang)
		}
	}
	return false
}

// codeOptions are the options of the program name whose value is code:
// its catalogue entry's, or those of its entry of kind options (tar -I).
func codeOptions(name string) []CodeOption {
	if p := Lookup(name); p != nil {
		return p.Code
	}
	spec, _ := optionsEntry(FoldWord(name))
	return spec.code
}

// ValueOptions are the options that take a value of a program the
// catalogue describes by its options (kind: options): the short ones'
// letters, and the long ones (their code options among them, rg --pre)
// that take the next word when not given with "=".
func ValueOptions(name string) (short string, long []string, ok bool) {
	spec, ok := optionsEntry(FoldWord(name))
	if !ok {
		return "", nil, false
	}
	long = slices.Clip(spec.longArg)
	for _, c := range spec.code {
		if l, isLong := strings.CutPrefix(c.Option, "--"); isLong {
			long = append(long, l)
		}
	}
	return spec.arg, long, true
}

// optionsEntry is the entry of kind options of the program name, by its
// name or with a version taken off its end (gcc-13, clang-17, g++-12: the
// distributions' compilers installed side by side).
func optionsEntry(name string) (optSpec, bool) {
	if spec, ok := programs[name]; ok {
		return spec, true
	}
	if i := strings.LastIndexByte(name, '-'); i > 0 && i+1 < len(name) && strings.Trim(name[i+1:], "0123456789.") == "" {
		spec, ok := programs[name[:i]]
		return spec, ok
	}
	return optSpec{}, false
}

// sshCommandKey reports whether key, an ssh -o option's name, is one whose
// value is a command ssh runs on this host.
func sshCommandKey(key string) bool {
	switch strings.ToLower(key) {
	case "proxycommand", "localcommand", "knownhostscommand", "ssh_command":
		return true
	}
	return false
}

// helperMissed returns the program a code option with helpers runs when it
// is none of them (restic --password-command=id: "id"), else "": a value
// known only at run time, or ssh's "none", is left to the other rules.
func helperMissed(co CodeOption, val field) string {
	if len(co.Helpers) == 0 || val.Dynamic {
		return ""
	}
	cmd := val.Value
	if co.Lang == "sshopt" {
		key, rest, ok := strings.Cut(cmd, "=")
		if !ok {
			key, rest, ok = strings.Cut(cmd, " ")
		}
		if !ok || !sshCommandKey(strings.TrimSpace(key)) {
			return ""
		}
		cmd = strings.TrimLeft(rest, "=; ")
	}
	switch co.Lang {
	case "argv-comma":
		cmd = commaArgv(cmd)
	case "cmake-define":
		if cmd = cmakeLauncher(cmd); cmd == "" {
			return ""
		}
	}
	return missedHelper(cmd, co.Helpers)
}

// commaArgv is an argv given as one word with its words separated by
// commas (gcc -wrapper gdb,--args), as one command line.
func commaArgv(v string) string {
	return shellQuoteWords(strings.Split(v, ","))
}

// cmakeLauncher is the command line a CMake cache entry NAME[:TYPE]=VALUE
// runs before every compile or link: a compiler or linker launcher, a
// list in CMake's syntax (ccache, or sh;-c;CMD: argv's words separated by
// semicolons), or a RULE_LAUNCH_* prefix, a shell line; "" for any other
// entry.
func cmakeLauncher(def string) string {
	name, val, ok := strings.Cut(def, "=")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, ":")
	switch {
	case cmakeLauncherVar(name):
		return shellQuoteWords(slices.DeleteFunc(strings.Split(val, ";"), func(s string) bool { return s == "" }))
	case name == "RULE_LAUNCH_COMPILE" || name == "RULE_LAUNCH_LINK" || name == "RULE_LAUNCH_CUSTOM":
		return val
	}
	return ""
}

// cmakeLauncherVar reports a CMake variable naming a compiler's or a
// linker's launcher (CMAKE_C_COMPILER_LAUNCHER, CMAKE_CXX_LINKER_LAUNCHER),
// read from the environment too.
func cmakeLauncherVar(name string) bool {
	lang, ok := strings.CutPrefix(name, "CMAKE_")
	if !ok {
		return false
	}
	lang, ok = strings.CutSuffix(lang, "_COMPILER_LAUNCHER")
	if !ok {
		lang, ok = strings.CutSuffix(lang, "_LINKER_LAUNCHER")
	}
	return ok && lang != ""
}

// missedHelper returns the first program the command line cmd runs that is
// none of helpers, else "": every command of the line counts (gzip; id
// runs id), a command substitution's too, and the line a shell is given
// with -c (sh -c 'col -bx | bat'); a wrapper is passed over to the program
// it runs (nice zstd, sudo rsync), and a copy of a helper in the current
// or a shared directory (./zstd, /tmp/less) is not that helper. A program
// known only at run time, and ssh's "none", are left to the other rules.
func missedHelper(cmd string, helpers []string) string {
	if strings.EqualFold(strings.TrimSpace(cmd), "none") {
		return ""
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return missedFirst(cmd, helpers)
	}
	missed := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || missed != "" {
			return missed == ""
		}
		words := make([]string, 0, len(call.Args))
		for _, a := range call.Args {
			lit, ok := staticWord(a)
			if !ok {
				lit = "$"
			}
			words = append(words, lit)
		}
		missed = missedCall(words, helpers)
		return missed == ""
	})
	return missed
}

// staticWord is the value of a word with no expansion in it, unquoted.
func staticWord(w *syntax.Word) (string, bool) {
	if head, whole := literalHead(w); whole {
		return head, true
	}
	return "", false
}

// literalHead is the text a word starts with before its first expansion,
// quotes removed, and whether that is the whole word.
func literalHead(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value)) // $'\x64'ocker is docker
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return b.String(), false
				}
				b.WriteString(lit.Value)
			}
		default:
			return b.String(), false
		}
	}
	return b.String(), true
}

// missedCall is missedHelper for one simple command's words ("$" for one
// known only at run time).
func missedCall(words []string, helpers []string) string {
	words = peelWrappers(words)
	if len(words) == 0 || words[0] == "" || strings.ContainsAny(words[0], "$`%{") {
		return ""
	}
	first := words[0]
	prog := program(path.Base(first))
	if shells.has(prog) && len(words) > 2 && words[1] == "-c" {
		// sh -c 'col -bx | bat -l man -p': the line the shell runs
		if words[2] == "$" {
			return ""
		}
		return missedHelper(words[2], helpers)
	}
	if localCopy(first) {
		return path.Base(first) // ./zstd, /tmp/less: not the system's
	}
	for _, h := range helpers {
		if program(h) == prog {
			return ""
		}
	}
	return path.Base(first)
}

// missedFirst is missedHelper for a line that does not parse: its first
// word alone.
func missedFirst(cmd string, helpers []string) string {
	words := strings.Fields(cmd)
	for i, w := range words {
		words[i] = strings.Trim(w, `"'`)
	}
	return missedCall(words, helpers)
}

// peelWrappers takes off the words of a command what comes before the
// program it runs: assignments, and wrappers (nice, sudo -u www, env
// LESS=-R, timeout 5) with their options and operands.
func peelWrappers(words []string) []string {
	for len(words) > 0 {
		if i := strings.IndexByte(words[0], '='); i > 0 && !strings.ContainsAny(words[0][:i], "/-") {
			words = words[1:] // NAME=value
			continue
		}
		spec, ok := wrappers[program(path.Base(words[0]))]
		if !ok {
			return words
		}
		words = words[1:]
		for len(words) > 0 && strings.HasPrefix(words[0], "-") && len(words[0]) > 1 {
			v := words[0]
			words = words[1:]
			if v == "--" {
				break
			}
			if opt, ok := strings.CutPrefix(v, "--"); ok {
				if !strings.Contains(opt, "=") && slices.Contains(spec.longArg, opt) && len(words) > 0 {
					words = words[1:]
				}
				continue
			}
			if k := strings.IndexAny(v[1:], spec.arg); k >= 0 && k == len(v)-2 && len(words) > 0 {
				words = words[1:] // sudo -u www: the option's value
			}
		}
		for n := 0; n < spec.operands && len(words) > 0; n++ {
			words = words[1:]
		}
	}
	return words
}

// localCopy reports a program's path in the current directory, a
// directory under it, or a directory anyone may write: a copy of a
// program there runs in place of the one its name says.
func localCopy(p string) bool {
	if !strings.Contains(p, "/") {
		return false
	}
	if strings.HasPrefix(p, "/") {
		return strings.HasPrefix(p, "/tmp/") || strings.HasPrefix(p, "/var/tmp/") || strings.HasPrefix(p, "/dev/shm/")
	}
	return !strings.HasPrefix(p, "~")
}

// sshHelpers are the programs an ssh -o ProxyCommand or LocalCommand is
// meant to run: the catalogue's kind @ssh, which sshfs -o, scp -o and
// rsync -e read too.
func sshHelpers() []string { return helperSet("@ssh") }

// envHelpers are the helpers of a variable of envCommands that names a
// helper program: a password command as restic's --password-command, a
// remote shell as rsync's -e, a pager as man's -P (the catalogue's kinds
// @password, @ssh, @pager); nil for the others (an editor, git's own
// variables, which git-config-override asks).
func envHelpers(name string) []string {
	switch name {
	case "RESTIC_PASSWORD_COMMAND", "BORG_PASSCOMMAND":
		return helperSet("@password")
	case "BORG_RSH", "RSYNC_RSH", "CVS_RSH", "SVN_SSH":
		return sshHelpers()
	case "PAGER", "MANPAGER", "SYSTEMD_PAGER", "BAT_PAGER", "PSQL_PAGER", "GH_PAGER", "GLAB_PAGER", "AWS_PAGER", "DELTA_PAGER", "PERLDOC_PAGER":
		return helperSet("@pager")
	}
	if cmakeLauncherVar(name) {
		return helperSet("@compiler-launcher")
	}
	return nil
}

// vimEditsStdin reports whether a vi-like program given "-" edits its
// standard input as text: it does, unless it starts in Ex mode (ex, -e,
// -E, -es), where "-" means silent and the input is commands.
func vimEditsStdin(name string, args []field) bool {
	dash, exMode := false, program(name) == "ex"
	for _, a := range args {
		v := a.Value
		switch {
		case v == "-":
			dash = true
		case v == "--":
			return dash
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "eE") && strings.Trim(v[1:], "eEs") == "":
			exMode = true
		}
	}
	return dash && !exMode
}

// expandAbbrev spells a long option given by a unique prefix (git fetch
// --upload-p=CMD) as the code option it abbreviates (longPrefix).
func expandAbbrev(v string, codes []CodeOption) string {
	if !strings.HasPrefix(v, "--") {
		return v
	}
	name, val, hasVal := strings.Cut(v[2:], "=")
	opts := make([]string, 0, len(codes))
	for _, co := range codes {
		if o, ok := strings.CutPrefix(co.Option, "--"); ok {
			opts = append(opts, o)
		}
	}
	full := longPrefix(name, opts)
	switch {
	case full == name:
		return v
	case hasVal:
		return "--" + full + "=" + val
	}
	return "--" + full
}

// longPrefix is the option of opts (long names without their dashes) that
// name abbreviates: getopt_long and git's parse-options take any
// unambiguous prefix (tar --to-comm, git fetch --upload-p). Only an option
// of several words is expanded, from a prefix reaching into its second
// word, so that a program's own shorter option is not taken for it; name
// itself when none or several match.
func longPrefix(name string, opts []string) string {
	full := ""
	for _, o := range opts {
		if o == name {
			return name
		}
		dash := strings.IndexByte(o, '-')
		if dash < 0 || len(name) < dash+2 || !strings.HasPrefix(o, name) {
			continue
		}
		if full != "" && full != o {
			return name // ambiguous: the program refuses it
		}
		full = o
	}
	if full == "" {
		return name
	}
	return full
}

// catalogWrapper is the optSpec by which peel takes a launcher of the
// catalogue off the command it runs, as it does sudo or nice.
func catalogWrapper(name string) (optSpec, bool) {
	p := catalogProgram(name)
	if p == nil || p.Runs != "argv" {
		return optSpec{}, false
	}
	return optSpec{arg: p.Args, longArg: p.Long, operands: p.Operands, stop: p.Stop, longStop: p.LongStop}, true
}

// catalogFollow follows what a catalogued program runs: its code options,
// its launching subcommand, a script on its standard input, the line its
// operands make, and the interactive shell it starts.
func (w *walker) catalogFollow(c *Command, args []field, p *Program, cx ctx) {
	via := func(what string) string { return c.Name + " " + what }
	pargs := args
	if c.Name == "git" && w.gitEditorSet && w.nest == 0 && (w.gitEditorAt == nil || *w.gitEditorAt == w.cwdNow()) {
		// git config core.editor true && git commit: as git -c
		// core.editor=true commit (a -c of its own comes after, and wins)
		pargs = append([]field{{Word: Word{Value: "-c"}}, {Word: Word{Value: "core.editor=" + w.gitEditor}}}, args...)
	}
	if p.Prompt != nil && prompts(c, pargs, p, w.inherited(c)) {
		c.Typed = true
	}
	operands := 0 // operands met: only the SubAfter-th can be the subcommand
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := expandAbbrev(a.Value, p.Code)
		for _, co := range p.Code {
			var val field
			ok := false
			switch {
			case co.Option == "" && !strings.HasPrefix(v, "-") && v != "" && (i == 0 || !takesValue(args[i-1].Value, p.Args, p.Long)):
				// an operand, not an option's value (hyperfine -w 3 CMD)
				val, ok = a, true
			case co.Option == "+" && strings.HasPrefix(v, "+") && len(v) > 1:
				val, ok = field{Word: Word{Value: v[1:], Dynamic: a.Dynamic}, in: a.in}, true
			case co.Option == "+" || co.Option == "":
			case co.Lang == "parallel" && (co.Option == "::::" || co.Option == "::::+" || co.Option == "-a" || co.Option == "--arg-file") &&
				(v == co.Option && i+1 < len(args) || co.Option == "--arg-file" && strings.HasPrefix(v, co.Option+"=") ||
					co.Option == "-a" && strings.HasPrefix(v, "-a") && len(v) > 2):
				// parallel CMD :::: FILE… (::::+ FILE, linked to the
				// inputs before), parallel -a FILE CMD: CMD is run
				// with each line of FILE, read as "$(cat FILE)" (a value
				// taken from data); without CMD each line is a command
				// line, as sh FILE runs it
				var files []field
				rest := args[i+1:]
				switch {
				case v != co.Option:
					files = []field{{Word: Word{Value: strings.TrimPrefix(strings.TrimPrefix(v, co.Option), "="), Dynamic: a.Dynamic}, in: a.in}}
				case co.Option == "::::" || co.Option == "::::+":
					for _, f := range rest {
						if strings.HasPrefix(f.Value, ":::") {
							break
						}
						files = append(files, f)
					}
					rest = nil
				default:
					files, rest = args[i+1:i+2], args[i+2:]
				}
				all := append(append([]field(nil), args[:i]...), rest...)
				template := afterOptions(all, p.Args, p.Long, 0)
				quoted := parallelQuotes(all[:len(all)-len(template)])
				if k := slices.IndexFunc(template, func(f field) bool { return strings.HasPrefix(f.Value, ":::") }); k >= 0 {
					template = template[:k]
				}
				if len(template) == 0 {
					i = len(args)
					break
				}
				for _, f := range files {
					line := joinFields(template)
					line.Value = parallelLine(line.Value, `"$(cat `+shellQuote(f.Value)+`)"`)
					if quoted {
						line.Value = parallelQuotedLine(fieldValues(template), `"$(cat `+shellQuote(f.Value)+`)"`)
					}
					line.Dynamic = line.Dynamic || f.Dynamic
					w.runCode(c, "sh", line, via(co.Option), cx)
				}
				i = len(args)
			case v == co.Option && co.Lang == "parallel":
				// parallel [options] [COMMAND] ::: ARGS: COMMAND is run with
				// each argument (put at {} or appended); without COMMAND
				// each argument is a command line
				template := afterOptions(args[:i], p.Args, p.Long, 0)
				for _, f := range args[i+1:] {
					if strings.HasPrefix(f.Value, ":::") || f.Value == "::::" {
						break
					}
					if len(template) == 0 || len(template) == 1 && parallelBare(template[0]) {
						// parallel {} ::: CMD: a template that is only the
						// argument runs it unquoted, as a command line
						w.runCode(c, "sh", f, via(co.Option), cx)
						continue
					}
					line := joinFields(template)
					line.Value = parallelLine(line.Value, shellQuote(f.Value))
					if parallelQuotes(args[:i-len(template)]) {
						line.Value = parallelQuotedLine(fieldValues(template), shellQuote(f.Value))
					}
					line.Dynamic = line.Dynamic || f.Dynamic
					w.runCode(c, "sh", line, via(co.Option), cx)
				}
				i = len(args)
			case v == co.Option && co.Lang == "each-sh":
				for _, f := range args[i+1:] {
					w.runCode(c, "sh", f, via(co.Option), cx)
				}
				i = len(args)
			case co.Lang == "program" && (v == co.Option && i+1 < len(args) || len(co.Option) > 2 && strings.HasPrefix(v, co.Option+"=")):
				// the value is the program, the words after a later -- its
				// arguments (start-stop-daemon --exec PROG -- ARGS)
				prog := field{Word: Word{Value: strings.TrimPrefix(v, co.Option+"="), Dynamic: a.Dynamic}, in: a.in}
				from := i + 1
				if v == co.Option {
					prog, from = args[i+1], i+2
				}
				cmd := []field{prog}
				for j := from; j < len(args); j++ {
					if args[j].Value == "--" {
						cmd = append(cmd, args[j+1:]...)
						break
					}
				}
				w.spawn(c, cmd, Wrapper{Name: c.Name, Args: []string{co.Option}}, cx)
				i = len(args)
			case v == co.Option && co.Lang == "argv":
				if rest := args[i+1:]; len(rest) == 1 && strings.ContainsAny(rest[0].Value, " \t;|&") {
					w.runString(c, rest[0], via(v), cx) // one word with spaces: a shell command line
				} else if p.Prompt != nil {
					// a debugger's program (gdb --args, lldb --) runs in
					// the foreground on the debugger's own standard input
					// and output: gdb -batch -ex run --args printf … > FILE
					// writes FILE
					w.spawnAttached(c, rest, Wrapper{Name: c.Name, Args: []string{v}}, cx)
				} else {
					w.spawn(c, rest, Wrapper{Name: c.Name, Args: []string{v}}, cx)
				}
				i = len(args)
			case v == co.Option && co.Lang == "goenv":
				// go env -w NAME=VALUE…: GOFLAGS's -toolexec and -exec,
				// kept for every later go command
				for _, f := range args[i+1:] {
					if flags, ok := strings.CutPrefix(f.Value, "GOFLAGS="); ok && !f.Dynamic {
						for _, cmd := range goFlagCommands(goQuotedSplit(flags)) {
							w.nested(c, cmd, via(v)+" GOFLAGS", cx, false)
						}
					}
				}
				i = len(args)
			case v == co.Option && co.Lang == "erlang-call":
				// erl -run MOD FUNC ARGS… (and -s) calls MOD:FUNC with its
				// arguments as strings: read as that call
				var words []string
				for _, f := range args[i+1:] {
					if strings.HasPrefix(f.Value, "-") || f.Dynamic {
						break
					}
					words = append(words, f.Value)
				}
				if len(words) > 2 {
					quoted := make([]string, len(words)-2)
					for j, a := range words[2:] {
						quoted[j] = strconv.Quote(a)
					}
					call := field{Word: Word{Value: words[0] + ":" + words[1] + "(" + strings.Join(quoted, ", ") + ")"}}
					w.runCode(c, "erlang", call, via(v), cx)
				}
			case v == co.Option && co.Lang == "transient-unit":
				// busctl call … StartTransientUnit NAME MODE N PROPS…: the
				// service manager runs the unit's ExecStart= argv as root
				for _, argv := range transientExecs(args[i+1:]) {
					w.spawn(c, argv, Wrapper{Name: c.Name, Args: []string{v}}, cx)
				}
				i = len(args)
			case v == co.Option && co.Lang == "cmake" && i+1 < len(args):
				w.cmakeTool(c, args[i+1:], Wrapper{Name: c.Name, Args: []string{v}}, cx)
				i = len(args)
			case v == co.Option && co.Lang == "ftp" && i+1 < len(args):
				val, ok = joinFields(args[i+1:]), true // tftp -c get R L: the rest is the command
				i = len(args)
			case v == co.Option && i+1 < len(args):
				val, ok = args[i+1], true
				i++
			case len(co.Option) == 2 && co.Option[0] == '-' && len(v) > 2 && v[0] == '-' && v[1] != '-' &&
				v[len(v)-1] == co.Option[1] && i+1 < len(args) && strings.Trim(v[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
				val, ok = args[i+1], true // bundled flags ending in the option: socket -qvp CMD
				i++
			case len(co.Option) > 2 && co.Option[0] == '-' && strings.HasPrefix(v, co.Option+"="):
				// --opt=VALUE, and -opt=VALUE for single-dash long options
				// (latexmk -pdflatex=CMD)
				val, ok = field{Word: Word{Value: v[len(co.Option)+1:], Dynamic: a.Dynamic}, in: a.in}, true
			case !strings.HasPrefix(co.Option, "--") && len(co.Option) == 2 && strings.HasPrefix(v, co.Option) && len(v) > 2 && co.Lang != "argv":
				val, ok = field{Word: Word{Value: v[2:], Dynamic: a.Dynamic}, in: a.in}, true
			}
			if ok {
				if val.Dynamic && val.in.Kind == "cmdsubst" && (val.in.Remote || val.in.Decoded) {
					// gdb -ex "$(curl -s URL)": downloaded (or decoded)
					// text as the program's own code, run unseen
					c.Untrusted = cmp.Or(c.Untrusted, untrusted(val.in))
				}
				carrier := via(co.Option)
				if p := helperMissed(co, val); p != "" {
					carrier += " " + p // an escape (IsEscape): not the kind of program the option is for
				}
				w.runCode(c, co.Lang, val, carrier, cx)
				break
			}
		}
		for _, so := range p.ShellOptions {
			if v == so {
				w.nested(c, "sh", via(so), cx, false)
			}
		}
		if operands <= p.SubAfter && containsString(p.Skip, v) {
			continue // gcloud beta compute ssh: a release track, not an operand
		}
		if !strings.HasPrefix(v, "-") && (len(p.Sub) > 0 || len(p.Remote) > 0) && operands <= p.SubAfter {
			// only the operand in the subcommand's place is one: npm run x
			// is the script x, not npm x
			if operands == p.SubAfter && (containsString(p.Sub, v) || containsString(p.Remote, v)) {
				run := subLine(program(c.Name), v, args[:i], args[i+1:])
				if containsString(p.Remote, v) {
					run = "ssh"
				}
				if run != "" {
					q := *p
					q.SubRun = run
					p = &q
				}
				w.catalogSub(c, args[i+1:], p, via(v), cx)
				if p.SubRun == "dashdash" && len(p.Code) > 0 {
					// doppler run --command CMD -- …: its own options up to
					// -- still run code; the words after are the command's
					if k := slices.IndexFunc(args[i+1:], func(a field) bool { return a.Value == "--" }); k >= 0 {
						args = args[:i+1+k]
					}
					operands++
					continue
				}
				if p.SubRun != "ssh" {
					return
				}
				operands++
				continue // gcloud compute ssh VM --command CMD: its own options still run code
			}
			if i == 0 || !takesValue(args[i-1].Value, p.Args, p.Long) {
				operands++
			}
		}
	}
	if p.Stdin != "" && !(p.Stdin == "vim" && vimEditsStdin(c.Name, args)) {
		switch {
		case c.Stdin.Remote:
			// its commands fetched, which nobody has read: curl … | ed,
			// curl … | gdb -batch -x /dev/stdin (a decompressed dump is a
			// database client's everyday input: gunzip -c d.sql.gz | psql);
			// a program with no prompt given a script reads its input as
			// data (curl … | tclsh run.tcl)
			if len(p.Prompt) > 0 || promptOperands(args, p) == 0 {
				c.Untrusted = cmp.Or(c.Untrusted, untrusted(c.Stdin))
			}
		case c.Stdin.Text != "":
			w.runCode(c, p.Stdin, field{Word: Word{Value: c.Stdin.Text, Dynamic: !c.Stdin.Static}}, via("stdin"), cx)
		case c.Stdin.Kind == "file":
			// psql < x.sql, ed -s x < c.ed: commands in a file the line or
			// the session wrote (a database client's SQL is data; its \!,
			// \o |CMD and .shell are not)
			if in, _, ok := w.fileInput(c.Stdin.From); ok && in.partText() != "" {
				w.runCode(c, p.Stdin, field{Word: Word{Value: in.partText(), Dynamic: !in.Static}}, via("stdin"), cx)
			}
		}
	}
	if p.Runs == "line" {
		if rest := afterOptions(args, p.Args, p.Long, p.Operands); len(rest) > 0 {
			j := joinFields(rest)
			w.nested(c, j.Value, c.Name, cx, j.Dynamic)
		}
	}
	// agent: no operand past its options' values and its own operands
	// (screen -S NAME, tmux -L SOCKET, sg GROUP), and no option after
	// which it runs nothing (screen -S NAME -X quit); nocmd: no -c and
	// no command after its one operand (BSD's script FILE COMMAND)
	switch {
	case p.Shell == "agent" && len(afterOptions(args, p.Args, p.Long, p.Operands)) == 0 && !hasStop(args, p),
		p.Shell == "nocmd" && !hasCommandOption(args) && len(afterOptions(args, p.Args, p.Long, 1)) == 0:
		via := c.Name + " interactive"
		for _, wr := range c.Wrappers {
			if wr.Name == "sudo" || wr.Name == "doas" || wr.Name == "run0" || wr.Name == "pkexec" {
				via = wr.Name + " " + via // a root shell: sudo script, sudo tmux
				break
			}
		}
		w.nested(c, "sh", via, cx, false)
		// the shell reads what is typed into the program later (tmux,
		// screen -S x, newgrp), as one started by name does
		c.Typed = c.Typed || c.Stdin.Kind == "" && !c.Background && !slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) })
		switch c.Stdin.Kind {
		case "heredoc", "herestring", "pipe":
			// the shell reads its commands from there: echo 'rm -rf ~' | unshare -r
			w.runInput(c, c.Name+" stdin", cx)
		}
	}
}

// prompts reports a program with a prompt (Program.Prompt) that the line
// leaves waiting at it: in the foreground, its standard input fed by
// nothing on the line (stdinCode's test), its output read by no later
// command of a pipeline (less | grep pages nothing), and no option or
// operand that makes it run without prompting. --version and --help
// print and exit; -h and -v mean a host or verbosity to some of them.
func prompts(c *Command, args []field, p *Program, env []Assign) bool {
	if c.Stdin.Kind != "" || c.Background || c.Pipe.Index < c.Pipe.Len-1 ||
		slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) }) {
		return false
	}
	for i := range p.Prompt {
		if promptsAs(c, args, p, &p.Prompt[i], env) {
			return true
		}
	}
	return false
}

// promptsAs reports whether args leave the program at the prompt pr
// describes, one of its ways of prompting.
func promptsAs(c *Command, args []field, p *Program, pr *Prompt, env []Assign) bool {
	if pr.Stdout && outputRedirected(c) {
		return false
	}
	if len(pr.Others) > 0 {
		if i := nextOperand(args, 0, p); i >= 0 && !args[i].Dynamic && slices.Contains(pr.Others, args[i].Value) {
			return false // MinIO's mc ls
		}
	}
	editor, editorGiven := gitConfigEditor(args)
	if len(pr.Sub) > 0 {
		var ok bool
		if args, ok = promptSub(args, p, pr); !ok {
			return false
		}
	}
	editorSet := false
	for _, a := range append(slices.Clip(c.Assigns), env...) {
		if slices.Contains(pr.Editor, a.Name) {
			editorSet = true
			if !a.Value.Dynamic && !pagerPrompts(a.Value.Value) {
				return false // GIT_EDITOR=true git commit: the editor is no prompt
			}
		}
	}
	if editorGiven && !editorSet && slices.Contains(pr.Editor, "GIT_EDITOR") && !pagerPrompts(editor) {
		return false // git -c core.editor=true commit, as GIT_EDITOR=true
	}
	if len(pr.Needs) > 0 && !slices.ContainsFunc(args, func(a field) bool { return givesOption(a.Value, pr.Needs, p) }) {
		return false // git tag v1: no -a, no editor
	}
	before := beforeDashes(args)
	for i, a := range before {
		if givesOption(a.Value, pr.Always, p) ||
			strings.HasPrefix(a.Value, "--") && !strings.Contains(a.Value, "=") && i+1 < len(before) && givesOption(a.Value+"="+before[i+1].Value, pr.Always, p) {
			return true // git commit -m MSG -e, git commit --fixup amend:HEAD
		}
	}
	live, confirmOff := false, false
	for i, a := range args {
		v := a.Value
		if v == "--" || slices.ContainsFunc(p.Code, func(co CodeOption) bool { return co.Lang == "argv" && co.Option == v }) {
			if slices.Contains(pr.Batch, v) {
				return false // nix develop -c CMD ARGS…: the command, not the prompt
			}
			break // the program's own operands: gdb --args ./a.out -batch
		}
		cv := codeValue(args, i, p.Code)
		switch {
		case v == "--version" || v == "--help" || v == "-version" || v == "-help":
			return false
		case len(pr.Quit) > 0 && quits(cv, pr.Quit) && !(live && !confirmOff) &&
			!(p.Stdin == "vim" && oneFileQuit(cv) && promptOperands(args, p) > 1):
			return false
		case slices.ContainsFunc(pr.Batch, func(b string) bool {
			switch {
			case v == b:
				return i+1 >= len(args) || !fromTerminal(args[i+1].Value)
			case strings.HasPrefix(b, "--") && strings.HasPrefix(v, b+"="):
				return !fromTerminal(v[len(b)+1:])
			case len(b) == 2 && b[0] == '-' && b[1] != '-' && len(v) > 2 && v[0] == '-' && v[1] != '-' && !pr.Words &&
				!slices.Contains(p.Long, v[1:]) && !slices.ContainsFunc(p.Code, func(co CodeOption) bool { return co.Option == v }):
				// a group of letters (psql -Atc SQL, mysql -Bse SQL): the
				// batch letter after flags, before any letter with a value
				for j := 1; j < len(v); j++ {
					switch {
					case v[j] == b[1] && j+1 < len(v):
						return !fromTerminal(v[j+1:])
					case v[j] == b[1]:
						return i+1 >= len(args) || !fromTerminal(args[i+1].Value)
					case strings.IndexByte(p.Args, v[j]) >= 0:
						return false
					}
				}
			}
			return false
		}):
			return false
		}
		if cv != "" {
			live = live || slices.ContainsFunc(pr.Confirm, func(cmd string) bool { return runsCommand(cv, cmd) })
			confirmOff = confirmOff || slices.ContainsFunc(pr.NoConfirm, func(cmd string) bool { return runsCommand(cv, cmd) })
		}
	}
	if pr.Operands >= 0 && promptOperands(args, p) > pr.Operands {
		return false
	}
	return true
}

// gitConfigEditor is the editor git -c core.editor=VALUE gives a git
// command (args are git's), which GIT_EDITOR overrides.
func gitConfigEditor(args []field) (string, bool) {
	val, found := "", false
	for i := 0; i+1 < len(args); i++ {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") {
			break // the subcommand
		}
		if v == "-c" {
			key, value, _ := strings.Cut(args[i+1].Value, "=")
			if strings.EqualFold(key, "core.editor") {
				if args[i+1].Dynamic {
					return "", false
				}
				val, found = value, true
			}
		}
		if takesValue(v, "Cc", []string{"git-dir", "work-tree", "namespace", "config-env"}) {
			i++
		}
	}
	return val, found
}

// noteGitEditor records git config [--local|--global|--worktree]
// core.editor VALUE (or git config set core.editor VALUE) run in the
// line's own repository: the editor the line's later git commands open.
// Any other form (git -C DIR, --file, --unset, a value known only at run
// time) forgets what was recorded.
func (w *walker) noteGitEditor(args []field) {
	if len(args) == 0 || args[0].Value != "config" {
		return
	}
	var ops []field
	global := false
	for i, a := range args[1:] {
		switch v := a.Value; {
		case v == "--global":
			global = true
		case v == "--local" || v == "--worktree" || i == 0 && v == "set" && len(args) > 3:
		case strings.HasPrefix(v, "-"):
			if w.mentionsEditor(args) {
				w.gitEditor, w.gitEditorSet = "", false
			}
			return
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) == 0 || !strings.EqualFold(ops[0].Value, "core.editor") {
		return
	}
	if len(ops) != 2 || ops[1].Dynamic {
		w.gitEditor, w.gitEditorSet = "", false
		return
	}
	w.gitEditor, w.gitEditorSet, w.gitEditorAt = ops[1].Value, true, nil
	if !global {
		here := w.cwdNow() // the repository's own config: for git run there
		w.gitEditorAt = &here
	}
}

// mentionsEditor reports a git config command naming core.editor.
func (w *walker) mentionsEditor(args []field) bool {
	return slices.ContainsFunc(args, func(a field) bool { return strings.EqualFold(a.Value, "core.editor") || a.Dynamic })
}

// beforeDashes is args up to a "--", after which they are operands.
func beforeDashes(args []field) []field {
	if i := slices.IndexFunc(args, func(a field) bool { return a.Value == "--" }); i >= 0 {
		return args[:i]
	}
	return args
}

// givesOption reports whether the word v gives one of opts: the option
// itself, a long one with its =VALUE, an option ending in = or : given
// with what follows (--fixup=amend:), or a short one's letter in a group
// of letters before any that takes a value (git tag -am MSG).
func givesOption(v string, opts []string, p *Program) bool {
	for _, o := range opts {
		switch {
		case v == o,
			strings.HasPrefix(o, "--") && strings.HasPrefix(v, o+"="),
			(strings.HasSuffix(o, "=") || strings.HasSuffix(o, ":")) && strings.HasPrefix(v, o):
			return true
		case len(o) == 2 && o[0] == '-' && o[1] != '-' && len(v) > 2 && v[0] == '-' && v[1] != '-':
			for j := 1; j < len(v); j++ {
				if v[j] == o[1] {
					return true
				}
				if strings.IndexByte(p.Args, v[j]) >= 0 {
					break
				}
			}
		}
	}
	return false
}

// promptSub finds the subcommand of a program whose prompt some of its
// subcommands start (Prompt.Sub) as pr says: the words after it, and whether it is
// one of them ("" when none is given).
func promptSub(args []field, p *Program, pr *Prompt) ([]field, bool) {
	i := nextOperand(args, 0, p)
	if i < 0 {
		return args, slices.Contains(pr.Sub, "")
	}
	for _, sub := range pr.Sub {
		words := strings.Fields(sub)
		if len(words) == 0 {
			continue
		}
		j, ok := i, true
		for k, word := range words {
			if k > 0 {
				j = nextOperand(args, j+1, p)
			}
			if j < 0 || args[j].Dynamic || args[j].Value != word {
				ok = false
				break
			}
		}
		if ok {
			return args[j+1:], true
		}
	}
	return args[i+1:], false
}

// nextOperand is the index of the first operand of args from i on, an
// option's value left out (git notes --ref=x add, gh -R o/r pr create),
// or -1 when none comes before a "--".
func nextOperand(args []field, i int, p *Program) int {
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			return -1
		}
		if strings.HasPrefix(v, "-") && v != "-" || i > 0 && takesValue(args[i-1].Value, p.Args, p.Long) {
			continue
		}
		return i
	}
	return -1
}

// runsCommand reports code (a debugger's -ex value) one of whose commands,
// split at ; and newlines, is cmd or starts with it and a blank.
func runsCommand(code, cmd string) bool {
	for _, c := range strings.FieldsFunc(code, func(r rune) bool { return r == ';' || r == '\n' }) {
		c = strings.Join(strings.Fields(c), " ")
		if c == cmd || strings.HasPrefix(c, cmd+" ") {
			return true
		}
	}
	return false
}

// pagerPrompts reports a pager's command line (PAGER=less, man -P 'less
// -R') whose program waits at a prompt of its own (the catalogue's
// prompt: less's !CMD), reading its keys from the terminal.
func pagerPrompts(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 || strings.ContainsAny(line, "|;&<>`$()") {
		return false
	}
	p := catalogProgram(FoldWord(baseName(f[0])))
	return p != nil && p.Prompt != nil
}

// pagerTyped marks c, which a pager or an editor named on its line pages
// or edits for, as waiting for what is typed, as the pager or the editor
// started by name would: in the
// foreground, its output going to the terminal (not into a later command
// of a pipeline nor a file, where the program pages nothing). The
// caller's own pager (Codex's PAGER=cat) is not the line's.
func (w *walker) pagerTyped(c *Command) {
	if c.Background || c.Pipe.Index < c.Pipe.Len-1 || slices.ContainsFunc(c.Via, func(v string) bool { return !passesStdin(v) }) {
		return
	}
	if outputRedirected(c) {
		return
	}
	c.Typed = true
}

// outputRedirected reports c's standard output sent to a file.
func outputRedirected(c *Command) bool {
	return slices.ContainsFunc(c.Redirects, func(r Redirect) bool {
		return (r.Fd == "" || r.Fd == "1") && (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>")
	})
}

// promptOperands counts the operands of a program with a prompt, the
// values of its options left out: of a code option (vim -c CMD, +CMD), of
// a short option of p.Args (psql -U app), and of a long one of p.Long
// given with one dash or two (sqlite3 -init x.sql, -cmd '.mode box' DB
// opens DB at the prompt).
func promptOperands(args []field, p *Program) int {
	n := 0
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if cv := codeValue(args, i, p.Code); cv != "" || strings.HasPrefix(v, "+") && slices.ContainsFunc(p.Code, func(co CodeOption) bool { return co.Option == "+" }) {
			if !strings.HasPrefix(v, "+") && i+1 < len(args) && args[i+1].Value == cv {
				i++ // vim -c CMD, ex -sc CMD
			}
			continue // vim +CMD, -cCMD
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			n++
			continue
		}
		if v == "--" {
			continue
		}
		name := strings.TrimLeft(v, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if len(name) == 1 && strings.Contains(p.Args, name) || len(name) > 1 && slices.Contains(p.Long, name) ||
			slices.ContainsFunc(p.Code, func(co CodeOption) bool { return co.Option == v && co.Lang != "argv" }) {
			i++
		}
	}
	return n
}

// fetchedScript marks c as running fetched or decoded code when a script
// option's FILE is a <(…) of such output (sed -f <(curl …)) or standard
// input that carries it (curl … | sed -f - x), and reports it.
func fetchedScript(c *Command, f field, file string) bool {
	in := f.in
	if in.Kind != "procsub" && (file == "-" || stdinFile(file)) {
		in = c.Stdin
	}
	if !in.Remote && !in.Decoded {
		return false
	}
	c.Untrusted = cmp.Or(c.Untrusted, untrusted(in))
	return true
}

// fromTerminal reports a batch option's file that is the terminal the
// program was started in (psql -f -, sftp -b -): its commands are typed.
func fromTerminal(file string) bool {
	switch file {
	case "-", "/dev/stdin", "/dev/tty", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
}

// codeValue is the value of the code option at args[i] (-c CMD, -sc CMD,
// -cCMD, +CMD, --cmd=CMD), or "" when args[i] starts none.
func codeValue(args []field, i int, code []CodeOption) string {
	v := args[i].Value
	for _, co := range code {
		switch {
		case co.Option == "" || co.Option == "+" && !strings.HasPrefix(v, "+"):
		case co.Option == "+":
			return v[1:]
		case v == co.Option && i+1 < len(args):
			return args[i+1].Value
		case len(co.Option) == 2 && co.Option[0] == '-' && len(v) > 2 && v[0] == '-' && v[1] != '-' &&
			v[len(v)-1] == co.Option[1] && i+1 < len(args) && strings.Trim(v[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
			return args[i+1].Value // bundled flags ending in the option: ex -sc CMD
		case strings.HasPrefix(co.Option, "--") && strings.HasPrefix(v, co.Option+"="):
			return v[len(co.Option)+1:]
		case len(co.Option) == 2 && strings.HasPrefix(v, co.Option) && len(v) > 2:
			return v[2:]
		}
	}
	return ""
}

// oneFileQuit reports vim code whose last command ends one file only
// (:q, :wq, :x): given more files, vim refuses it (E173) and stays.
func oneFileQuit(code string) bool {
	last := strings.TrimPrefix(strings.TrimSpace(code[strings.LastIndexByte(code, '|')+1:]), ":")
	switch last {
	case "q", "quit", "wq", "x", "xit", "exit":
		return true
	}
	return false
}

// quits reports code whose last command (after the last | or ;) is one
// of quit, a leading : aside.
func quits(code string, quit []string) bool {
	if code == "" {
		return false
	}
	last := code[strings.LastIndexAny(code, "|;")+1:]
	return slices.Contains(quit, strings.TrimPrefix(strings.TrimSpace(last), ":"))
}

// cmakeTools are the commands of cmake's tool mode (cmake -E) that do what
// a program does, as that program's words, so that the rules judge them as
// they would the program: remove_directory deletes trees like rm -rf.
var cmakeTools = map[string][]string{
	"rm": {"rm"}, "remove": {"rm"}, "remove_directory": {"rm", "-rf", "--"},
	"copy": {"cp"}, "copy_if_different": {"cp"}, "copy_if_newer": {"cp"},
	"copy_directory": {"cp", "-r"}, "copy_directory_if_different": {"cp", "-r"}, "copy_directory_if_newer": {"cp", "-r"},
	"rename": {"mv"}, "create_symlink": {"ln", "-s"}, "create_hardlink": {"ln"},
	"cat": {"cat"}, "tar": {"tar"}, "touch": {"touch"}, "make_directory": {"mkdir", "-p"},
	"env": {"env"}, "time": {},
}

// cmakeTool follows cmake -E COMMAND ARGS…: the commands that act like a
// program (cmakeTools), and those that run one: env [NAME=VALUE…] CMD,
// time CMD, chdir DIR CMD.
func (w *walker) cmakeTool(c *Command, args []field, wr Wrapper, cx ctx) {
	mode, rest := args[0], args[1:]
	if mode.Dynamic {
		return
	}
	if mode.Value == "chdir" {
		if len(rest) > 1 {
			w.spawn(c, rest[1:], wr, cx)
		}
		return
	}
	prog, ok := cmakeTools[mode.Value]
	if !ok || len(rest) == 0 {
		return
	}
	cmd := make([]field, 0, len(prog)+len(rest))
	for _, word := range prog {
		cmd = append(cmd, field{Word: Word{Value: word}})
	}
	w.spawn(c, append(cmd, rest...), wr, cx)
}

// hasStop reports an option of p's Stop or LongStop among args, before
// any "--", a short one alone or bundled ahead of an option's value.
func hasStop(args []field, p *Program) bool {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "--":
			return false
		case strings.HasPrefix(v, "--"):
			opt, _, _ := strings.Cut(v[2:], "=")
			if containsString(p.LongStop, opt) {
				return true
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(p.Stop, v[j]) >= 0 {
					return true
				}
				if strings.IndexByte(p.Args, v[j]) >= 0 {
					break // the rest is the option's value
				}
			}
		}
	}
	return false
}

// vimModifier is an Ex command modifier (:silent!, :execute's string
// aside): the command after it runs as typed alone.
var vimModifier = lazyRegexp(`^(?:sil(?:e(?:n(?:t)?)?)?!?|uns(?:i(?:l(?:e(?:n(?:t)?)?)?)?)?|verb(?:o(?:s(?:e)?)?)?|[0-9]*verb(?:ose)?|noa(?:u(?:t(?:o(?:c(?:m(?:d)?)?)?)?)?)?|keepa(?:lt)?|keepj(?:umps)?|keepm(?:arks)?|keepp(?:atterns)?|loc(?:kmarks)?|hid(?:e)?|conf(?:irm)?|bro(?:wse)?|vert(?:ical)?|tab|lefta(?:bove)?|abo(?:veleft)?|rightb(?:elow)?|bel(?:owright)?|to(?:pleft)?|bo(?:tright)?|san(?:dbox)?|try)(?:\s+|$)`)

// vimExecute is :execute of string literals, joined by . or .. (exe "!"
// . "rm -rf ~") or given side by side (joined with a space): the joined
// string is the command.
var vimExecute = lazyRegexp(`^exe(?:c(?:u(?:t(?:e)?)?)?)?\s+((?:"(?:[^"\\]|\\.)*"|'[^']*')(?:\s*(?:\.\.?)?\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'))*)\s*$`)

// vimLiteral is one string literal of an :execute, and the join before it.
var vimLiteral = lazyRegexp(`(\s*(?:\.\.?)?\s*)("(?:[^"\\]|\\.)*"|'[^']*')`)

// vimExecuteBang is an :execute whose string starts a shell escape and
// goes on with what vimExecute cannot read (a variable, a call).
var vimExecuteBang = lazyRegexp(`^exe(?:c(?:u(?:t(?:e)?)?)?)?\s+["']\s*(?:sil(?:ent)?!?\s*)?!`)

// vimExecuted is the string an :execute of literals (vimExecute's
// group) runs: literals joined by a dot are concatenated, side by side
// they are joined with a space, as :execute joins its arguments.
func vimExecuted(lits string) string {
	var b strings.Builder
	for i, m := range vimLiteral().FindAllStringSubmatch(lits, -1) {
		if i > 0 && !strings.Contains(m[1], ".") {
			b.WriteByte(' ')
		}
		b.WriteString(unquote(m[2]))
	}
	return b.String()
}

// vimTerminal is the command :terminal [++OPT…] CMD runs, "" for none.
func vimTerminal(ex string) string {
	words := strings.Fields(ex)[1:]
	for len(words) > 0 && strings.HasPrefix(words[0], "++") {
		words = words[1:]
	}
	return strings.Join(words, " ")
}

// vimGlobal is :g/PAT/CMD, :g!/PAT/CMD and :v/PAT/CMD (any delimiter that
// is no letter, digit, space, " or |): CMD runs once for each matching
// line, so it is judged as typed alone. ok is false for any other
// command; an empty CMD is :print.
func vimGlobal(ex string) (cmd string, ok bool) {
	name := ex[:len(ex)-len(strings.TrimLeft(ex, "abcdefghijklmnopqrstuvwxyz"))]
	if name == "" || !strings.HasPrefix("global", name) && !strings.HasPrefix("vglobal", name) {
		return "", false
	}
	rest := strings.TrimPrefix(ex[len(name):], "!")
	rest = strings.TrimLeft(rest, " \t")
	if rest == "" {
		return "", false
	}
	d := rest[0]
	if d == '"' || d == '|' || d == '\\' || isIdentChar(d) {
		return "", false
	}
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case d:
			return strings.TrimLeft(rest[i+1:], " \t:"), true
		}
	}
	return "", false
}

// vimRange is a line range before a filter (:%!CMD, :1,$!CMD, :.!CMD).
var vimRange = lazyRegexp(`^[%.$0-9,;'<>+-]+\s*!`)

// vimIterate is a command that runs the rest of its line once for each
// buffer, window, tab page, argument, quickfix entry or fold (bufdo !CMD).
var vimIterate = lazyRegexp(`^(?:[0-9,.$%]*)(?:bufd(?:o)?|wind(?:o)?|tabd(?:o)?|argdo|cdo|cfd(?:o)?|ldo|lfd(?:o)?|foldd(?:oopen)?|folddoc(?:losed)?)!?\s+`)

// vimAutocmd is :autocmd with its arguments: an optional group, the events,
// a pattern, ++once/++nested, then the command the events run.
var vimAutocmd = lazyRegexp(`^au(?:t(?:o(?:c(?:m(?:d)?)?)?)?)?!?\s+(.*)$`)

// vimEvents is an :autocmd's event list (BufRead,BufNewFile, *).
var vimEvents = lazyRegexp(`^(?:\*|[A-Za-z]+)(?:,(?:\*|[A-Za-z]+))*$`)

// vimAutocmdCommand is the command an :autocmd defines, "" when it defines
// none (a listing, :au! removing them): it runs when an event fires, and
// opening or quitting a file fires several.
func vimAutocmdCommand(args string) string {
	// events are letters (vim takes them in any case), a group's name may
	// be too; a pattern has a * . or / (BufRead *.go), so the events are
	// the word before the first one that is not all letters
	f := strings.Fields(args)
	i := slices.IndexFunc(f, func(w string) bool { return !reMatch(vimEvents(), w) || strings.Contains(w, "*") })
	if i < 1 || i > 2 || i+1 >= len(f) || !reMatch(vimEvents(), f[i-1]) {
		return ""
	}
	rest := f[i+1:]
	for len(rest) > 0 && (rest[0] == "++once" || rest[0] == "++nested" || rest[0] == "nested") {
		rest = rest[1:]
	}
	return strings.Join(rest, " ")
}

// vimProgramOption is a :set (or :let &OPT=) of an option whose value is a
// program vim runs: :make runs makeprg, :grep grepprg, K keywordprg, =
// equalprg, gq formatprg, every :! and :shell the shell option, and :make
// pipes through shellpipe. Other options may come first (set nocp mp=…).
var vimProgramOption = lazyRegexp(`^(?:(?:se(?:t)?|setl(?:o(?:c(?:a(?:l)?)?)?)?|setg(?:l(?:o(?:b(?:a(?:l)?)?)?)?)?)\s+(?:(?:[a-z]+(?:[+^-]?=(?:[^\s\\]|\\.)*)?|[a-z]+[!&?]?)\s+)*|let\s+&(?:[lg]:)?)(?:makeprg|mp|grepprg|gp|keywordprg|kp|equalprg|ep|formatprg|fp|shell|sh|shellpipe|sp)\s*[+^-]?=\s*("(?:[^"\\]|\\.)*"|'[^']*'|(?:[^\s\\]|\\.)*)`)

// vimProgramRun is an Ex command that runs one of the programs those
// options name: :make, :lmake, :grep, :lgrep, :grepadd, :!, :shell,
// :terminal, and normal-mode K, =, gq.
var vimProgramRun = lazyRegexp(`^(?:l?mak(?:e)?|l?gr(?:e(?:p(?:a(?:d(?:d)?)?)?)?)?|!|sh(?:e(?:l(?:l)?)?)?|ter(?:m(?:i(?:n(?:a(?:l)?)?)?)?)?|norm(?:a(?:l)?)?!?\s.*(?:K|=|gq))(?:\s|!|$)`)

// vimRunsProgram reports vim code, or any word of the command (each -c,
// +CMD), with an Ex command that runs a program an option names.
func vimRunsProgram(code string, args []Word) bool {
	texts := []string{code}
	for _, a := range args {
		texts = append(texts, strings.TrimPrefix(a.Value, "+"))
	}
	for _, t := range texts {
		for _, seg := range strings.FieldsFunc(t, func(r rune) bool { return r == '|' || r == '\n' }) {
			if reMatch(vimProgramRun(), vimBare(strings.TrimLeft(strings.TrimSpace(seg), ": "))) {
				return true
			}
		}
	}
	return false
}

// vimBare is an Ex command without what does not change what it runs:
// modifiers (silent! !CMD), :execute of a string literal (exe "!CMD"), a
// filter's range (%!CMD, which pipes the lines through CMD), a command that
// repeats the rest (bufdo !CMD) and an :autocmd's events (au BufRead * !CMD).
func vimBare(ex string) string {
	for range 8 {
		switch {
		case reMatch(vimIterate(), ex):
			ex = strings.TrimLeft(ex[len(vimIterate().FindString(ex)):], ": ")
		case reMatch(vimAutocmd(), ex) && vimAutocmdCommand(vimAutocmd().FindStringSubmatch(ex)[1]) != "":
			ex = strings.TrimLeft(vimAutocmdCommand(vimAutocmd().FindStringSubmatch(ex)[1]), ": ")
		case reMatch(vimRange(), ex):
			ex = ex[strings.IndexByte(ex, '!'):]
		case reMatch(vimExecute(), ex):
			ex = strings.TrimLeft(strings.TrimSpace(vimExecuted(vimExecute().FindStringSubmatch(ex)[1])), ": ")
		case reMatch(vimModifier(), ex):
			ex = strings.TrimLeft(strings.TrimSpace(ex[len(vimModifier().FindString(ex)):]), ": ")
		default:
			cmd, ok := vimGlobal(ex)
			if !ok {
				return ex
			}
			ex = cmd
		}
	}
	return ex
}

// shellArgv is a command's words as one shell line: the first as written
// (the shell reads it), each later static one as argvLine quotes it, so
// it stays one word.
func shellArgv(fs []field) field {
	out := joinFields(fs[:1])
	var b strings.Builder
	b.WriteString(out.Value)
	for _, f := range fs[1:] {
		b.WriteByte(' ')
		if f.Dynamic {
			b.WriteString(f.Value)
		} else {
			b.WriteString(argvLine([]string{f.Value}))
		}
		out.Dynamic = out.Dynamic || f.Dynamic
		out.in.Remote = out.in.Remote || f.in.Remote
		out.in.Decoded = out.in.Decoded || f.in.Decoded
	}
	out.Value = b.String()
	return out
}

// subLine is how a package manager's subcommand runs what follows when
// that is a shell line, not an argv: bun exec SCRIPT (Bun's shell), npm
// exec -c CMD (--call), pnpm exec in shell mode (-c), npm explore PKG --
// CMD (its words joined, unquoted), tmux send-keys' keys; else "".
func subLine(prog, sub string, before, after []field) string {
	has := func(args []field, opts ...string) bool {
		// its own options come before the command's name: pnpm exec sh
		// -c 'x' runs sh with sh's -c
		if k := slices.IndexFunc(args, func(a field) bool { return !strings.HasPrefix(a.Value, "-") || a.Value == "--" }); k >= 0 {
			args = args[:k]
		}
		return slices.ContainsFunc(args, func(a field) bool {
			return slices.Contains(opts, a.Value) || strings.HasPrefix(a.Value, "--call=")
		})
	}
	switch {
	case prog == "bun" && sub == "exec", prog == "xdotool" && sub == "type",
		prog == "tmux" && (sub == "send-keys" || sub == "send"): // keys typed, joined
		return "line"
	case prog == "npm" && (sub == "exec" || sub == "x") && has(after, "-c", "--call"):
		return "call"
	case prog == "pnpm" && sub == "exec" && (has(before, "-c", "--shell-mode") || has(after, "-c", "--shell-mode")):
		return "line"
	case prog == "npm" && sub == "explore":
		return "dashdash-line"
	}
	return ""
}

// catalogSub follows the command a launching subcommand runs.
func (w *walker) catalogSub(c *Command, args []field, p *Program, via string, cx ctx) {
	spawn := w.spawnAttached // a local launcher runs it on its own input and output
	if p.SubElsewhere {
		spawn = w.spawnElsewhere
		if execForwardsStdin(via, args) {
			spawn = w.spawnElsewhereStdin
		}
	}
	switch p.SubRun {
	case "dashdash":
		for i, a := range args {
			if a.Value == "--" {
				spawn(c, args[i+1:], Wrapper{Name: via}, cx)
				return
			}
		}
	case "line":
		if rest := afterOptions(args, p.Args, p.Long, p.SubOperands); len(rest) > 0 {
			j := joinFields(rest)
			w.nested(c, j.Value, via, cx, j.Dynamic)
		}
	case "argvline":
		// git's run_command with use_shell (submodule foreach, bisect
		// run), tmux 3's new-session: one word is a shell line; more are a
		// command's words, the first read by the shell (sh -c 'A "$@"' A
		// B…), so each later word stays one word (git bisect run sh -c
		// 'rm -rf ~' runs rm -rf ~)
		if rest := afterOptions(args, p.Args, p.Long, p.SubOperands); len(rest) > 0 {
			j := shellArgv(rest)
			w.nested(c, j.Value, via, cx, j.Dynamic)
		}
	case "anyline":
		// heroku run CMD -a APP: its own options may follow the command's
		// words, up to --, and are no part of the line; before the
		// command every option is its own (-aAPP, -x), after it only
		// those it takes a value with, as written whole (rm -rf stays)
		var rest []field
		skip := anylineOperands[via]
		for i := 0; i < len(args); i++ {
			name, _, eq := strings.Cut(args[i].Value, "=")
			switch {
			case name == "--":
				rest = append(rest, args[i+1:]...)
				i = len(args)
			case !eq && (len(name) == 2 || strings.HasPrefix(name, "--")) && takesValue(name, p.Args, p.Long) && i+1 < len(args):
				i++
			case strings.HasPrefix(name, "--") && eq && containsString(p.Long, name[2:]):
			case len(rest) == 0 && strings.HasPrefix(name, "-") && len(name) > 1:
			case skip > 0:
				skip-- // heroku run:inside DYNO CMD
			default:
				rest = append(rest, args[i])
			}
		}
		if len(rest) > 0 {
			j := joinFields(rest)
			w.nested(c, j.Value, via, cx, j.Dynamic)
		}
	case "call":
		for i, a := range args {
			if (a.Value == "-c" || a.Value == "--call") && i+1 < len(args) {
				w.runString(c, args[i+1], via, cx)
			} else if v, ok := strings.CutPrefix(a.Value, "--call="); ok {
				w.runString(c, field{Word: Word{Value: v, Dynamic: a.Dynamic}}, via, cx)
			}
		}
	case "ssh":
		// gcloud compute ssh VM -- ARGS: the words after -- are ssh's,
		// after the host (its options, then the remote command); with no
		// operand the program picks the host (vagrant ssh -- CMD: the
		// default machine), named after the program
		for i, a := range args {
			if a.Value == "--" && i+1 < len(args) {
				host := field{Word: Word{Value: program(c.Name)}}
				if rest := afterOptions(args[:i], p.Args, p.Long, 0); len(rest) > 0 {
					host = rest[0]
				}
				w.spawnElsewhere(c, append([]field{{Word: Word{Value: "ssh"}}, host}, args[i+1:]...), Wrapper{Name: via}, cx)
				return
			}
		}
	case "dashdash-line":
		for i, a := range args {
			if a.Value == "--" && i+1 < len(args) {
				j := joinFields(args[i+1:])
				w.nested(c, j.Value, via, cx, j.Dynamic)
				return
			}
		}
	default:
		spawn(c, afterOptions(args, p.Args, p.Long, p.SubOperands), Wrapper{Name: via}, cx)
	}
}

// edShellCommand is the shell command of an ed command whose file is a
// command's output or input: e, E, r, w, W (wq) !CMD after an address (1,$,
// ., 'a, /re/), or a global command's (g/re/!CMD, g/re/w !CMD, v|re|!CMD:
// any character but a space delimits its expression).
func edShellCommand(line string) (string, bool) {
	rest := line[len(edAddress().FindString(line)):]
	global := false
	if len(rest) > 1 && strings.ContainsRune("gGvV", rune(rest[0])) && rest[1] != ' ' && rest[1] != '\\' {
		end, delim := -1, rest[1]
		for i := 2; i < len(rest); i++ {
			if rest[i] == '\\' {
				i++
			} else if rest[i] == delim {
				end = i
				break
			}
		}
		if end < 0 {
			return "", false
		}
		rest, global = rest[end+1:], true
		rest = rest[len(edAddress().FindString(rest)):]
	}
	if m := edFileBang().FindStringSubmatch(rest); m != nil && (global || m[1] != "") {
		return m[2], true
	}
	return "", false
}

// edFileOperand is the file an ed command reads or writes (after an
// address): w and wq write it, W appends to it, r, e and E read it; op is
// fileOp's ("w", "a" or "r"). A !CMD file is edShellCommand's.
func edFileOperand(line string) (op, file string, ok bool) {
	rest := line[len(edAddress().FindString(line)):]
	cmd, arg, found := strings.Cut(rest, " ")
	arg = strings.TrimSpace(arg)
	if !found || arg == "" || arg[0] == '!' {
		return "", "", false
	}
	switch cmd {
	case "w", "wq":
		return "w", arg, true
	case "W":
		return "a", arg, true
	case "r", "e", "E":
		return "r", arg, true
	}
	return "", "", false
}

// edAddress matches the addresses before an ed command; edFileBang a
// command's shell escape (a file command's, or a bare ! in a global
// command's list).
var (
	edAddress = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[0-9.,;$+\-\s]|'[a-z]|/(?:[^/\\]|\\.)*/|\?(?:[^?\\]|\\.)*\?)*`)
	})
	edFileBang = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([eErwW]q?)?\s*!(.+)$`) })
)

// anylineOperands are the operands an anyline subcommand takes before
// the command's words: heroku run:inside names the dyno it runs in.
var anylineOperands = map[string]int{"heroku run:inside": 1}

// afterOptions skips options (and the values of those in arg and long) and
// then n operands, and returns what follows: the command.
func afterOptions(args []field, arg string, long []string, n int) []field {
	i := 0
	for i < len(args) {
		v := args[i].Value
		switch {
		case v == "--":
			i++
			goto operands
		case strings.HasPrefix(v, "--") && len(v) > 2:
			opt, _, eq := strings.Cut(v[2:], "=")
			i++
			if !eq && containsString(long, opt) {
				i++
			}
		case len(v) > 1 && v[0] == '-':
			i++
			if strings.IndexByte(arg, v[len(v)-1]) >= 0 && len(v) == 2 {
				i++
			}
		default:
			goto operands
		}
	}
operands:
	i = min(i+n, len(args))
	if n > 0 && i < len(args) && args[i].Value == "--" {
		i++ // aws-vault exec PROFILE -- CMD
	}
	return args[i:]
}

// takesValue reports whether the option word v takes the next word as its
// value: a short option in arg (alone or last of a bundle), a long one in
// long given without "=".
func takesValue(v, arg string, long []string) bool {
	switch {
	case strings.HasPrefix(v, "--"):
		return !strings.Contains(v, "=") && containsString(long, v[2:])
	case len(v) >= 2 && v[0] == '-':
		return strings.IndexByte(arg, v[len(v)-1]) >= 0
	}
	return false
}

// parallelLine is GNU parallel's command template run with one argument:
// put at each {}, or appended.
func parallelLine(template, arg string) string {
	if strings.Contains(template, "{}") {
		return strings.ReplaceAll(template, "{}", arg)
	}
	return template + " " + arg
}

// parallelBare reports a template word that is one replacement string
// ({}, {1}, {.}): GNU parallel puts the argument there unquoted.
func parallelBare(f field) bool {
	v := f.Value
	return !f.Dynamic && len(v) >= 2 && v[0] == '{' && v[len(v)-1] == '}' && !strings.ContainsAny(v[1:len(v)-1], "{} \t")
}

// parallelQuotes reports GNU parallel's -q (--quote) among the words
// before its command template.
func parallelQuotes(opts []field) bool {
	return slices.ContainsFunc(opts, func(f field) bool { return f.Value == "-q" || f.Value == "--quote" })
}

// parallelQuotedLine is parallelLine for parallel -q, which quotes each
// word of the template: parallel -q sh -c "rm -rf ~" ::: a runs sh -c
// 'rm -rf ~' a, not sh -c rm -rf ~ a. The argument (arg, as the shell
// spells it) still replaces each {}, inside a word too.
func parallelQuotedLine(template []string, arg string) string {
	words := make([]string, 0, len(template)+1)
	put := false
	for _, t := range template {
		parts := strings.Split(t, "{}")
		for i, p := range parts {
			if p != "" || len(parts) == 1 {
				parts[i] = shellQuote(p)
			}
		}
		put = put || len(parts) > 1
		words = append(words, strings.Join(parts, arg))
	}
	if !put {
		words = append(words, arg)
	}
	return strings.Join(words, " ")
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// runCode analyses code in one of the catalogue's languages: what it runs
// becomes commands of their own, carried by via.
func (w *walker) runCode(c *Command, lang string, f field, via string, cx ctx) {
	code := f.Value
	run := func(s string) {
		if strings.TrimSpace(s) == "" {
			s = "sh" // an empty shell escape starts a shell
		}
		w.nested(c, s, via, cx, f.Dynamic)
	}
	// fileOp stands for a read or a write of file by the code as the
	// equivalent command (cat FILE, tee FILE), so that the path rules apply.
	fileOp := func(op, file string) {
		file = strings.TrimSpace(file)
		if file == "" {
			return
		}
		// via names the file operation, not the escape: the read or write
		// is judged by the path rules, not as a command the program runs
		switch op[0] {
		case 'r', 'l':
			w.nested(c, "cat "+shellQuote(file), via+" file", cx, f.Dynamic)
		case 'a':
			w.nested(c, "tee -a "+shellQuote(file)+" </dev/null", via+" file", cx, f.Dynamic)
		default:
			w.nested(c, "tee "+shellQuote(file)+" </dev/null", via+" file", cx, f.Dynamic)
		}
	}
	inline := func(prog, flag, src string) {
		w.nested(c, prog+" "+flag+" "+shellQuote(src), via, cx, f.Dynamic)
	}
	switch lang {
	case "sh":
		if c.Name == "elvish" && strings.Contains(f.Value, "$E:") {
			f.Value = strings.ReplaceAll(f.Value, "$E:", "$") // elvish's environment variable: $E:HOME is $HOME
		}
		w.runString(c, f, via, cx)
	case "each-sh":
		run(code)
	case "self":
		// the program's own commands, one a line, read at its prompt
		// (echo 'rm 1' | parted /dev/sda): each is the program given
		// its words and the line's (parted /dev/sda rm 1), which its
		// prompt splits at blanks and no shell reads
		words := []string{shellQuote(c.Name)}
		dynamic := f.Dynamic
		for _, a := range c.Args {
			words = append(words, shellQuote(a.Value))
			dynamic = dynamic || a.Dynamic
		}
		for _, line := range strings.Split(code, "\n") {
			fields := strings.Fields(line)
			if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
				continue
			}
			cmd := slices.Clone(words)
			for _, fl := range fields {
				cmd = append(cmd, shellQuote(fl))
			}
			w.nested(c, strings.Join(cmd, " "), via, cx, dynamic)
		}
	case "vim":
		// writefile(), delete(), rename(), in Vim script or Neovim's Lua
		for _, op := range vimFileOps(code) {
			w.nested(c, op.line(), via+" file", cx, f.Dynamic)
		}
		// lines typed on standard input, and "|" between commands on one
		segments := strings.FieldsFunc(code, func(r rune) bool { return r == '|' || r == '\n' })
		for i := 0; i < len(segments); i++ {
			seg := segments[i]
			for (strings.Contains(seg, "exe") || strings.Contains(seg, "system")) && (strings.Count(seg, `"`)%2 == 1 || strings.Count(seg, "'")%2 == 1) && i+1 < len(segments) {
				i++ // exe "!curl x | sh", call system("curl x | sh"): a | in a string is the string's
				seg += "|" + segments[i]
			}
			ex := vimBare(strings.TrimLeft(strings.TrimSpace(seg), ": "))
			if reMatch(vimLang(), ex) {
				// :py, :lua, :perl, :ruby take the rest of the line, "|" and
				// newlines included (os.O_RDWR|os.O_CREAT is Python's)
				ex = strings.TrimLeft(strings.TrimSpace(strings.Join(segments[i:], "|")), ": ")
				i = len(segments)
			}
			// feedkeys(":!cmd\<CR>"), exe "normal :!cmd\<CR>": typed lines
			segments = append(segments, vimTypedEx(ex)...)
			switch {
			case strings.HasPrefix(ex, "!"):
				run(ex[1:])
			case strings.HasPrefix(ex, "sh") && strings.HasPrefix("shell", strings.Fields(ex + " ")[0]):
				run("")
			case strings.HasPrefix(ex, "ter") && strings.HasPrefix("terminal", strings.Fields(ex + " ")[0]):
				run(vimTerminal(ex)) // :terminal CMD runs CMD, bare it starts a shell
			case reMatch(vimRead(), ex):
				run(vimRead().FindStringSubmatch(ex)[1])
			case reMatch(vimProgramOption(), ex):
				// set makeprg=rm\ -rf\ ~ then :make: the value, its escaped
				// blanks unescaped, is the program run, where a command of
				// the line's vim code runs one (:make, :grep, :!, :shell)
				if vimRunsProgram(code, c.Args) {
					v := vimProgramOption().FindStringSubmatch(ex)[1]
					if strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "'") {
						run(unquote(v)) // let &makeprg = "…": a string
					} else {
						run(vimUnescape(v))
					}
				}
			case reMatch(vimFile(), ex):
				m := vimFile().FindStringSubmatch(ex)
				fileOp(m[1], m[2])
			case reMatch(vimLang(), ex):
				m := vimLang().FindStringSubmatch(ex)
				switch l := m[1]; {
				case strings.HasPrefix(l, "py"):
					inline("python3", "-c", m[2])
				case l == "lua" || l == "luado":
					inline("lua", "-e", m[2])
				case strings.HasPrefix(l, "perl"):
					inline("perl", "-e", m[2])
				case strings.HasPrefix(l, "rub"):
					inline("ruby", "-e", m[2])
				}
			case reMatch(vimExecuteBang(), ex):
				run("") // exe "!" . $CMD: a shell escape whose command is computed
			default:
				for _, m := range callSystem().FindAllStringSubmatch(ex, -1) {
					run(unquote(m[1]))
				}
			}
		}
	case "less":
		if strings.HasPrefix(code, "!") {
			run(code[1:])
		}
		if strings.HasPrefix(code, "|") && len(code) > 2 {
			run(code[2:]) // |MARK CMD pipes the text to CMD (|. the screen)
		}
	case "vim-file", "elisp-file":
		// vim -S FILE, emacs -l FILE: a script the line or the session
		// wrote, or a <(…) whose output is known; one nobody read may
		// write the files the editor opens (dsl's exOutputs, emacsSaves)
		if fetchedScript(c, f, code) {
			break
		}
		in, ok := f.in, f.in.Kind == "procsub" && f.in.Static
		if !ok && !f.Dynamic {
			in, _, ok = w.fileInput(code)
		}
		if ok && in.Text != "" {
			w.runCode(c, strings.TrimSuffix(lang, "-file"), field{Word: Word{Value: in.Text, Dynamic: !in.Static}}, via, cx)
		}
	case "elisp":
		for _, op := range elispFileOps(code) {
			w.nested(c, op.line(), via+" file", cx, f.Dynamic)
		}
		for _, m := range elispShell().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
		for _, m := range elispTerm().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
		for _, m := range elispDelete().FindAllStringSubmatch(code, -1) {
			if r := strings.TrimSpace(m[2]); r != "" && r != "nil" {
				run("rm -rf " + argvLine([]string{unquote(m[1])})) // (delete-directory "~" t) is rm -rf ~
			}
		}
		if strings.Contains(code, "(shell)") || strings.Contains(code, "(eshell)") {
			run("")
		}
	case "muttrc":
		// mutt's and neomutt's configuration commands (-e): source of a
		// name ending in | runs it and reads its output as commands, a
		// `CMD` is replaced by CMD's output, push and exec of
		// <shell-escape> type a command at the prompt
		for _, m := range muttSource().FindAllStringSubmatch(code, -1) {
			run(strings.TrimSuffix(unquote(m[1]), "|"))
		}
		for _, m := range muttBacktick().FindAllStringSubmatch(code, -1) {
			run(m[1])
		}
		for _, m := range muttShellEscape().FindAllStringSubmatch(code, -1) {
			run(m[1])
		}
	case "gdb":
		// gdb's commands, and lldb's, which share shell and add platform
		// shell (its options before the command) and script (Python)
		for _, line := range strings.Split(code, "\n") {
			line = strings.TrimSpace(line)
			if rest, ok := strings.CutPrefix(line, "platform shell"); ok && (rest == "" || rest[0] == ' ') {
				line = "shell" + platformShellOptions().ReplaceAllString(rest, "")
			}
			switch {
			case strings.HasPrefix(line, "!"):
				run(line[1:])
			case strings.HasPrefix(line, "shell ") || line == "shell":
				run(strings.TrimPrefix(line, "shell"))
			case strings.HasPrefix(line, "python ") || strings.HasPrefix(line, "py ") || strings.HasPrefix(line, "script "):
				_, src, _ := strings.Cut(line, " ")
				inline("python3", "-c", src)
			case strings.HasPrefix(line, "pipe ") || strings.HasPrefix(line, "|"):
				// pipe GDB-COMMAND | SHELL-COMMAND: the output goes to a shell
				if _, cmd, ok := strings.Cut(strings.TrimPrefix(line, "|"), "|"); ok {
					run(cmd)
				}
			case gdbExpr().MatchString(line):
				// call EXPR, print EXPR: the debugged process calls the
				// functions EXPR names, system("CMD") and dlopen("LIB", …)
				// too (gdb -p PID -ex 'call dlopen(…)' puts a library in
				// a running program)
				for _, m := range gdbCall().FindAllStringSubmatch(line, -1) {
					arg := unquote(m[2])
					if strings.Contains(m[1], "dlopen") {
						if userLibrary(arg) {
							w.nested(c, "ld.so "+shellQuote(arg), via, cx, f.Dynamic)
						}
						continue
					}
					run(arg)
				}
			}
		}
	case "exec":
		// a program a build tool runs its tools or the binary it built
		// with (go build -toolexec, go test -exec): judged as typed; one
		// computed at run time (-vettool=$(which shadow)) names a program
		// found on the machine, and what computes it is judged on its own
		if !f.Dynamic {
			w.nested(c, code, via, cx, false)
		}
	case "cargo-config":
		if cmd := cargoConfigCommand(code); cmd != "" && !f.Dynamic {
			w.nested(c, cmd, via, cx, false)
		}
	case "pipe":
		// an output file, or a command the output is piped to when the
		// value starts with | or ! (strace -o '|CMD')
		if rest, ok := strings.CutPrefix(code, "|"); ok {
			run(rest)
		} else if rest, ok := strings.CutPrefix(code, "!"); ok {
			run(rest)
		}
	case "jsr":
		// JavaScript run by Java's script engine (jrunscript, jjs): its
		// shell's exec("CMD") runs a command, the rest is read as node's
		for _, m := range jsrExec().FindAllStringSubmatch(code, -1) {
			if v, ok := literal(m[1]); ok {
				run(v)
			} else {
				run("$CODE") // a command computed at run time
			}
		}
		// the Java classes it reaches read and write files as Java's do
		reads, writes := patternFiles("jvm", code)
		for _, file := range reads {
			fileOp("r", file)
		}
		for _, file := range writes {
			fileOp("w", file)
		}
		inline("node", "-e", code)
	case "mongo":
		// the MongoDB shells' JavaScript: the legacy shell's run("prog",
		// "arg", …) and runProgram(…) start a program with those words,
		// and mongosh is Node (require("child_process"))
		for _, m := range mongoRun().FindAllStringSubmatch(code, -1) {
			var words []string
			for _, a := range mongoArg().FindAllString(m[1], -1) {
				v, ok := literal(a)
				if !ok {
					words = []string{"$CODE"} // a command computed at run time
					break
				}
				words = append(words, shellQuote(v))
			}
			if len(words) > 0 {
				run(strings.Join(words, " "))
			}
		}
		inline("node", "-e", code)
	case "python", "node", "perl", "ruby", "php", "lua":
		// code in an interpreter's language (gimp -b with python-fu, a
		// plugin host's script option): read as that interpreter's inline code
		flag := map[string]string{"python": "-c", "node": "-e", "perl": "-e", "ruby": "-e", "php": "-r", "lua": "-e"}[lang]
		prog := map[string]string{"python": "python3"}[lang]
		if prog == "" {
			prog = lang
		}
		inline(prog, flag, code)
		if lang == "perl" && c.Name == "latexmk" {
			// latexmk -e '$pdflatex="CMD"': the commands latexmk runs
			// are its variables' values (latexmk(1), "configuration variables")
			for _, m := range latexmkCommand().FindAllStringSubmatch(code, -1) {
				run(strings.TrimSpace(strings.ReplaceAll(m[2]+m[3], "%O", "")))
			}
		}
	case "sqlite", "mysql", "psql":
		if lang == "sqlite" {
			for _, m := range sqliteLoad().FindAllStringSubmatch(code, -1) {
				w.nested(c, "ld.so "+shellQuote(m[1]), via, cx, f.Dynamic) // .load LIB runs the library's code
			}
			for _, m := range sqliteFile().FindAllStringSubmatch(code, -1) {
				op := "w"
				if m[1] == "read" || m[1] == "import" {
					op = "r"
				}
				if !strings.HasPrefix(strings.TrimLeft(m[2], `'"`), "|") {
					fileOp(op, m[2]) // a pipe is clientPipes'
				}
			}
			// SQL naming a file: ATTACH 'FILE' opens another database
			// (ATTACH 'file:…/Login Data?mode=ro'), readfile('FILE')
			// returns a file's bytes, writefile('FILE', …) and VACUUM
			// INTO 'FILE' write one
			for _, m := range sqliteSQLFile().FindAllStringSubmatch(code, -1) {
				op := "r"
				if m[1] == "" {
					op = "w"
				}
				fileOp(op, sqliteURIPath(strings.ReplaceAll(m[1]+m[2], "''", "'")))
			}
		}
		if lang == "psql" {
			for _, cmd := range psqlBackquotes(code) {
				run(cmd) // \echo `CMD`: a shell runs CMD
			}
		}
		if lang == "psql" && !w.psqlExpanded {
			// psql's :NAME, :'NAME' and :"NAME" are its variables' values
			// (-v NAME=VALUE, \set NAME VALUE) by the time a command reads
			// its argument: \o :x is \o |CMD when x is |CMD
			if expanded := psqlInterpolate(code, psqlVariables(c.Args, code, w.knownText)); expanded != code {
				w.psqlExpanded = true
				w.runCode(c, lang, field{Word: Word{Value: expanded, Dynamic: f.Dynamic}}, via, cx)
				w.psqlExpanded = false
			}
		}
		// \i FILE, .read FILE, source FILE: the client's commands in a file
		// the line or the session wrote, read as typed here
		for _, name := range DBIncludes(lang, code) {
			in, _, ok := w.fileInput(name)
			switch {
			case !ok || cx.depth >= MaxDepth:
			case in.Remote || in.Decoded:
				c.Untrusted = cmp.Or(c.Untrusted, untrusted(in))
			case in.partText() != "": // what the line appended to a file is read too
				inner := cx
				inner.depth++ // a file that includes itself ends here
				w.runCode(c, lang, field{Word: Word{Value: in.partText(), Dynamic: f.Dynamic || !in.Static}}, via, inner)
			}
		}
		for _, p := range clientPipes(lang, code) {
			switch {
			case p.file != "" && p.appends:
				fileOp("a", p.file)
			case p.file != "":
				fileOp("w", p.file)
			case p.pager && missedHelper(p.cmd, helperSet("@pager")) == "":
				// mysql's pager less is mysql --pager=less: a pager is
				// what it is for, no escape
				w.nested(c, p.cmd, c.Name+" --pager", cx, f.Dynamic)
			default:
				run(p.cmd)
			}
		}
		// SQL that loads a native library (SELECT load_extension('x'),
		// PostgreSQL's LOAD 'x', MySQL's … SONAME 'x') runs its code; COPY …
		// FROM PROGRAM 'CMD' (or $$CMD$$) runs a shell command where the server runs
		// SELECT … INTO OUTFILE 'PATH' (DUMPFILE) and COPY … TO 'PATH'
		// have the server write the file, where it runs
		for _, m := range sqlOutFile().FindAllStringSubmatch(code, -1) {
			fileOp("w", m[1]+m[2]+m[3]+m[4])
		}
		for _, m := range sqlLoad().FindAllStringSubmatch(code, -1) {
			if m[1] != "" {
				w.nested(c, "ld.so "+shellQuote(m[1]), via, cx, f.Dynamic)
			} else {
				run(strings.ReplaceAll(m[2], "''", "'") + m[3] + m[4]) // '…', $$…$$ or $tag$…$tag$
			}
		}
		for _, line := range strings.FieldsFunc(code, func(r rune) bool { return r == '\n' || r == ';' && lang != "sqlite" }) {
			line = strings.TrimSpace(line)
			for _, pre := range []string{".shell ", ".system ", "\\! ", "\\!", "system ", "\\system "} {
				if rest, ok := strings.CutPrefix(line, pre); ok {
					run(rest)
					break
				}
			}
			if line == ".shell" || line == "\\!" || line == ".system" {
				run("")
			}
		}
	case "ftp-file":
		// sftp -b FILE: the client's commands in a file the line or the
		// session wrote, or in a <(…) whose output is known; - is its
		// standard input, the entry's stdin
		if fetchedScript(c, f, code) {
			break
		}
		in, ok := f.in, f.in.Kind == "procsub" && f.in.Static
		if !ok && !f.Dynamic && code != "-" {
			in, _, ok = w.fileInput(code)
		}
		if ok && in.Text != "" {
			w.runCode(c, "ftp", field{Word: Word{Value: in.Text, Dynamic: !in.Static}}, via, cx)
		}
	case "db-file":
		// psql -f FILE, sqlite3 -init FILE: the client's commands (its
		// entry's stdin language) in a file the line or the session
		// wrote, or in a <(…) whose output is known
		if fetchedScript(c, f, code) {
			break
		}
		in, ok := f.in, f.in.Kind == "procsub" && f.in.Static
		if !ok && !f.Dynamic && code != "-" {
			in, _, ok = w.fileInput(code)
		}
		if p := catalogProgram(FoldWord(c.Name)); ok && in.partText() != "" && p != nil && p.Stdin != "" {
			w.runCode(c, p.Stdin, field{Word: Word{Value: in.partText(), Dynamic: !in.Static}}, via, cx)
		}
	case "sed-file":
		// sed -f FILE: a script the line or the session wrote, a <(…)
		// whose output is known, or standard input (-, /dev/stdin)
		if fetchedScript(c, f, code) {
			break
		}
		in, ok := f.in, f.in.Kind == "procsub" && f.in.Static
		switch {
		case code == "-" || stdinFile(code):
			in, ok = c.Stdin, c.Stdin.Kind != ""
		case !ok && !f.Dynamic:
			in, _, ok = w.fileInput(code)
		}
		if ok && (in.Text != "" || !in.Static) {
			w.runCode(c, "sed", field{Word: Word{Value: in.Text, Dynamic: !in.Static}}, via, cx)
		}
	case "apply-patch":
		// Codex's apply_patch, which Codex puts on its shell's PATH: the
		// files its patch adds, updates, deletes or moves to are written,
		// an added file with its text, as a file tool's write is judged
		for _, pf := range patchtext.Files(code) {
			if !pf.Add || pf.Text == "" {
				fileOp("w", pf.Path)
				continue
			}
			delim := "HGUARD_PATCH"
			for i := 0; slices.Contains(strings.Split(pf.Text, "\n"), delim); i++ {
				delim = "HGUARD_PATCH_" + strconv.Itoa(i)
			}
			w.nested(c, "tee "+shellQuote(pf.Path)+" >/dev/null <<'"+delim+"'\n"+pf.Text+delim+"\n", via+" file", cx, f.Dynamic)
		}
	case "bang", "ftp":
		for _, line := range strings.Split(code, "\n") {
			line = strings.TrimSpace(line)
			if rest, ok := strings.CutPrefix(line, "!"); ok {
				run(rest)
				continue
			}
			if cmd, ok := edShellCommand(line); ok && lang == "bang" {
				run(cmd) // ed's e !CMD, ,w !CMD, g/re/!CMD: the command is the file
				continue
			}
			if op, file, ok := edFileOperand(line); ok && (c.Name == "ed" || c.Name == "red") {
				fileOp(op, file) // ed's w ../.bashrc, W FILE (appends), r FILE, e FILE
				continue
			}
			if lang != "ftp" {
				continue
			}
			// a file-transfer client's commands (ftp, tftp -c, smbclient -c,
			// lftp -c): get REMOTE [LOCAL] writes LOCAL, put LOCAL reads it
			for _, cmd := range strings.Split(line, ";") {
				f := strings.Fields(cmd)
				if len(f) < 2 {
					continue
				}
				switch strings.ToLower(f[0]) {
				case "get", "recv", "mget", "reget", "newer", "pget", "get1":
					fileOp("w", localFile(f[1:]))
				case "put", "send", "mput", "append", "reput":
					fileOp("r", f[1])
				case "mirror":
					// lftp's mirror -R LOCAL [REMOTE] uploads a tree
					if dir := reverseMirror(f[1:]); dir != "" {
						// its files, and a home's dotfiles (~/.ssh, ~/.aws)
						dir = strings.TrimSuffix(homeSpelled(dir), "/")
						fileOp("r", dir+"/*")
						if dir == "~" {
							fileOp("r", dir+"/.*")
						}
					}
				}
			}
		}
	case "sed":
		for _, m := range sedFile().FindAllStringSubmatch(code, -1) {
			fileOp(strings.ToLower(m[1]), m[2])
		}
		for _, m := range sedExec().FindAllStringSubmatch(code, -1) {
			run(m[1])
		}
		if sedExecInput().MatchString(code) {
			run("") // e alone runs each input line as a command: a shell on the input
		}
		for _, cmd := range sedSubstExecs(code) {
			run(cmd)
		}
	case "socat":
		kind, rest, _ := strings.Cut(code, ":")
		switch k := strings.ToLower(kind); k {
		case "exec", "system":
			cmd, _, _ := strings.Cut(rest, ",")
			run(cmd)
		case "open", "create", "creat", "gopen":
			// an address that is a file: written unless read-only (rdonly)
			file, opts, _ := strings.Cut(rest, ",")
			if strings.Contains(strings.ToLower(opts), "rdonly") {
				fileOp("r", file)
			} else {
				fileOp("w", file)
			}
		}
	case "tar-action":
		if rest, ok := strings.CutPrefix(code, "exec="); ok {
			run(rest)
		}
	case "apt":
		key, val, ok := strings.Cut(code, "=")
		if ok && strings.Contains(strings.ToLower(key), "invoke") || ok && strings.Contains(strings.ToLower(key), "::pre-install-pkgs") {
			run(strings.Trim(strings.TrimPrefix(val, ":"), "\"'"))
		}
	case "make":
		for _, cmd := range makeRecipes(code) {
			run(cmd)
		}
	case "path-program":
		// a program only when written as a path (git send-email
		// --smtp-server=/usr/bin/msmtp, ./x): another value names a host
		if f.Dynamic || isPathWord(strings.TrimSpace(code)) {
			w.runString(c, f, via, cx)
		}
	case "shell-program":
		// the shell a program runs its scripts with (npm --script-shell):
		// a shell's name or path is a setting, anything else a command
		if words := strings.Fields(code); len(words) > 0 && !(shells.has(program(baseName(words[0]))) && len(words) == 1) {
			w.runString(c, f, via, cx)
		}
	case "hook":
		// a command the program runs on an event (a rotated capture file,
		// a core dump, a configuration step): an escape, whatever it runs
		w.runString(c, f, via, cx)
	case "pkgscript":
		// npm pkg set scripts.NAME=CMD: a package script, which npm run
		// NAME starts, or npm install on its own (postinstall, prepare)
		key, val, ok := strings.Cut(code, "=")
		if ok && strings.TrimSpace(val) != "" && (strings.HasPrefix(key, "scripts.") || strings.HasPrefix(key, "scripts[")) {
			run(val)
		}
	case "sysctl":
		// kernel.core_pattern=|CMD: the kernel runs CMD, as root, on every
		// crash
		key, val, ok := strings.Cut(code, "=")
		if ok && strings.HasSuffix(strings.TrimSpace(key), "core_pattern") && strings.HasPrefix(strings.TrimSpace(val), "|") {
			run(strings.TrimPrefix(strings.TrimSpace(val), "|"))
		}
	case "system":
		// a language whose system("…") (or (system "…")) hands a line to
		// the shell: bpftrace, gnuplot, octave, slsh, guile
		for _, m := range systemCall().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
		for _, line := range strings.Split(code, "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "!"); ok && lang == "system" {
				run(rest) // gnuplot's and octave's !CMD lines
			}
		}
	case "tex":
		code = texShellEscapes().ReplaceAllString(texCaret(code), `\write18{`)
		for _, cmd := range macroCalls(code, "\\write18{", "}") {
			run(texWritten(cmd))
		}
		for _, m := range texPipeInput().FindAllStringSubmatch(code, -1) {
			run(m[1]) // \input|"CMD", \openin\f=|"CMD": CMD's output read (shell escape)
		}
		for _, src := range macroCalls(code, "\\directlua{", "}") {
			inline("lua", "-e", src)
		}
		// \openout\h=FILE: \write\h{…} then writes FILE, FILE.tex when
		// it has no extension
		for _, m := range texOpenout().FindAllStringSubmatch(code, -1) {
			file := m[1]
			if !strings.Contains(baseName(file), ".") {
				file += ".tex"
			}
			fileOp("write", file)
		}
	case "m4":
		for _, name := range []string{"esyscmd(", "syscmd("} {
			for _, cmd := range macroCalls(code, name, ")") {
				run(strings.Trim(cmd, "`'"))
			}
		}
	case "rpm":
		for _, cmd := range macroCalls(code, "%(", ")") {
			run(cmd)
		}
		for _, src := range macroCalls(code, "%{lua:", "}") {
			inline("lua", "-e", src)
		}
	case "hg":
		// --config alias.x=!CMD (a shell alias) and hooks.EVENT=CMD
		key, val, ok := strings.Cut(code, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		switch {
		case ok && strings.HasPrefix(key, "alias.") && strings.HasPrefix(val, "!"):
			run(val[1:])
		case ok && strings.HasPrefix(key, "hooks."):
			run(val)
		}
	case "puppet":
		// an exec resource runs its command (the title unless command =>
		// names it); a file resource writes its path (the title unless
		// path =>), deletes it (ensure => absent), links it (ensure =>
		// link) or changes its mode
		for _, m := range puppetResource().FindAllStringSubmatch(code, -1) {
			attrs := map[string]string{}
			for _, a := range puppetAttr().FindAllStringSubmatch(m[4], -1) {
				attrs[a[1]] = strings.Trim(a[2], `'"`)
			}
			target := m[3]
			if m[1] == "exec" {
				if cmd, ok := attrs["command"]; ok {
					target = cmd
				}
				run(target)
				continue
			}
			if p, ok := attrs["path"]; ok {
				target = p
			}
			file := via + " file"
			switch ensure := attrs["ensure"]; {
			case ensure == "absent" && attrs["force"] == "true":
				w.nested(c, "rm -rf -- "+shellQuote(target), file, cx, f.Dynamic)
			case ensure == "absent":
				w.nested(c, "rm -- "+shellQuote(target), file, cx, f.Dynamic)
			case ensure == "link" || attrs["target"] != "" && ensure == "":
				w.nested(c, "ln -sf -- "+shellQuote(attrs["target"])+" "+shellQuote(target), file, cx, f.Dynamic)
			case ensure == "directory":
				w.nested(c, "mkdir -p -- "+shellQuote(target), file, cx, f.Dynamic)
			case attrs["content"] != "" || attrs["source"] != "" || ensure == "file" || ensure == "present":
				fileOp("w", target)
			}
			if mode := attrs["mode"]; mode != "" {
				w.nested(c, "chmod "+shellQuote(mode)+" -- "+shellQuote(target), file, cx, f.Dynamic)
			}
		}
	case "sshopt":
		// ssh -o Key=Value (or "Key Value"): the commands ssh and sshfs run
		// here, not on the remote host
		key, val, ok := strings.Cut(code, "=")
		if !ok {
			key, val, ok = strings.Cut(code, " ")
		}
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "proxycommand", "localcommand", "knownhostscommand", "ssh_command":
			if ok {
				run(strings.TrimLeft(val, "=; "))
			}
		}
	case "lisp":
		for _, m := range lispShell().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
	case "erlang", "elixir", "jvm", "clojure", "swift", "dotnet", "hcl":
		for _, cmd := range patternCommands(lang, code) {
			run(cmd)
		}
		reads, writes := patternFiles(lang, code)
		for _, file := range reads {
			fileOp("r", file)
		}
		for _, file := range writes {
			fileOp("w", file)
		}
	case "rust":
		for _, cmd := range rustCommands(code) {
			run(cmd)
		}
	case "go":
		for _, cmd := range goCommands(code) {
			run(cmd)
		}
	case "haskell":
		for _, m := range haskellProcess().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
		for _, line := range strings.Split(code, "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), ":!"); ok {
				run(rest) // ghci's :!CMD
			}
		}
	case "fzf":
		// --bind KEY:execute(CMD), execute-silent, become, reload, preview
		for _, m := range fzfAction().FindAllStringSubmatch(code, -1) {
			run(m[1])
		}
	case "tcl":
		code = tclEnv().ReplaceAllString(code, "$$$1") // $env(HOME) is $HOME
		for _, m := range tclExec().FindAllStringSubmatch(code, -1) {
			run(strings.TrimSpace(m[2]))
		}
		w.literalCommands(c, code, via, nil, false, cx) // set f [open "|sh" w]; puts $f "CMD"
		for _, m := range tclDelete().FindAllStringSubmatch(code, -1) {
			if strings.Contains(m[1], "-force") {
				run("rm -rf -- " + m[2]) // file delete -force removes directories whole
			} else {
				run("rm -- " + m[2])
			}
		}
		for _, m := range tclFileOp().FindAllStringSubmatch(code, -1) {
			switch args := strings.Trim(m[2], "\"{} "); m[1] {
			case "rename":
				run("mv -- " + args)
			case "copy":
				run("cp -r -- " + args)
			}
		}
		for _, m := range tclOpen().FindAllStringSubmatch(code, -1) {
			mode := "read" // open PATH, open PATH r: a read
			if m[2] != "" && m[2] != "r" && m[2] != "RDONLY" {
				mode = "write" // open PATH w: a write
			}
			fileOp(mode, strings.Trim(m[1], "\"{}"))
		}
		if tclEval().MatchString(code) {
			run("$TCL_CODE") // eval $x: code computed at run time
		}
		for _, m := range tclLoad().FindAllStringSubmatch(code, -1) {
			w.nested(c, "ld.so "+shellQuote(m[1]), via, cx, f.Dynamic) // load LIB runs the library's code
		}
	case "r":
		for _, m := range rSystem().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1]))
		}
	case "julia":
		for _, m := range backticks().FindAllStringSubmatch(code, -1) {
			run(m[1])
		}
	case "applescript":
		// AppleScript's do shell script, Terminal's do script and iTerm's
		// write text (typed into a shell); JavaScript for Automation's
		// doShellScript and $.system
		for _, m := range doShell().FindAllStringSubmatch(code, -1) {
			run(unquote(m[1] + m[2]))
		}
		// run script "…" compiles and runs a string as AppleScript
		for _, m := range runScript().FindAllStringSubmatch(code, -1) {
			w.runCode(c, lang, field{Word: Word{Value: unquote(m[1]), Dynamic: f.Dynamic}}, via, cx)
		}
		// JXA's NSTask: launchPath (or executableURL) and arguments, however
		// set, are the program and its argv
		if prog := nsTaskPath().FindStringSubmatch(code); prog != nil {
			line := shellQuote(unquote(prog[1] + prog[2]))
			if a := nsTaskArgs().FindStringSubmatch(code); a != nil {
				for _, arg := range jsStrings().FindAllString(a[1], -1) {
					line += " " + shellQuote(unquote(arg))
				}
			}
			run(line)
		}
		// System Events' keystroke "CMD" & return types a command into the
		// frontmost window, a terminal's shell as often as not; the Return
		// key may be pressed by another -e (key code 36, 76), by JXA's
		// keyCode(36), or typed as the string's own \n or \r
		// (JXA's Application("System Events").keystroke("CMD\n"))
		if slices.ContainsFunc(append([]Word{{Value: code}}, c.Args...), func(a Word) bool { return keyReturn().MatchString(a.Value) }) {
			for _, m := range keystroke().FindAllStringSubmatch(code, -1) {
				run(typedEscapes.Replace(unquote(m[1] + m[2])))
			}
		}
		// keystroke("rm -rf " + home + "\n"): the joined string, whose own
		// \n or \r is a Return too
		for _, s := range jxaKeystrokes(code) {
			if typed := typedEscapes.Replace(s); strings.ContainsRune(typed, '\n') || slices.ContainsFunc(append([]Word{{Value: code}}, c.Args...), func(a Word) bool { return keyReturn().MatchString(a.Value) }) {
				run(typed)
			}
		}
	case "argv-comma":
		run(commaArgv(code))
	case "cmake-define":
		if cmd := cmakeLauncher(code); cmd != "" {
			run(cmd)
		}
	case "ssm":
		// send-command's commands, and start-session's command of
		// AWS-StartInteractiveCommand (a remote shell's command)
		if rest, ok := strings.CutPrefix(code, "commands="); ok {
			run(strings.Trim(rest, "[]\"'"))
		} else if rest, ok := strings.CutPrefix(code, "command="); ok {
			run(strings.Trim(rest, "[]\"'"))
		} else if m := ssmJSON().FindStringSubmatch(code); m != nil {
			run(unquote(m[1]))
		}
	}
}

// typedEscapes are a JavaScript string's escapes for the keys that end a
// typed line: the Return key runs what was typed before it.
var typedEscapes = strings.NewReplacer(`\n`, "\n", `\r`, "\n")

// The languages' calls that run commands, matched loosely: a miss leaves
// the command to the other rules, a match only adds commands to analyse.
var (
	vimRead       = lazyRegexp(`^(?:r(?:ead)?\s*|(?:w(?:rite)?|\d*,?\d*w)\s+)!(.*)$`)
	vimFile       = lazyRegexp(`^(r|re|rea|read|w|wr|wri|writ|write|sav|saveas|x|wq)!?\s+([^!|\s][^|]*)$`)
	sqliteLoad    = lazyRegexp(`(?m)^\s*\.load\s+(\S+)`)
	sqlOutFile    = lazyRegexp(`(?i)\bINTO\s+(?:OUTFILE|DUMPFILE)\s+(?:'([^']+)'|"([^"]+)")|\bCOPY\b[^;]*?\bTO\s+(?:'(/[^']+)'|"(/[^"]+)")`)
	sqlLoad       = lazyRegexp(`(?i)(?:\bload_extension\s*\(\s*|\bLOAD\s+|\bSONAME\s+)'([^']+)'|\bPROGRAM\s+(?:E?'((?:[^']|'')*)'|\$\$((?s:.*?))\$\$|\$\w+\$((?s:.*?))\$\w+\$)`)
	sqliteSQLFile = lazyRegexp(`(?i)(?:\bATTACH\s+(?:DATABASE\s+)?|\breadfile\s*\(\s*)'((?:[^']|'')+)'|(?:\bwritefile\s*\(\s*|\bVACUUM\s+(?:\w+\s+)?INTO\s+)'((?:[^']|'')+)'`)
	sqliteFile    = lazyRegexp(`(?m)^\s*\.(read|output|once|save|backup|import|log)\s+(?:--?\S+\s+)*(\S+)`)
	sedFile       = lazyRegexp(`(?m)(?:^|[;{}\n])\s*(?:\d+|\$|/[^/]*/)?\s*([rwRW])\s+(\S[^;\n}]*)`)
	vimLang       = lazyRegexp(`(?s)^(py3?|python3?|pyx|pythonx|py3do|pydo|lua|luado|perl|perldo|rub|ruby|rubydo)!?\s+(.*)$`)
	callSystem    = lazyRegexp(`\b(?:system|systemlist|jobstart|termopen|job_start|term_start|execute)\s*\(\s*('[^']*'|"(?:[^"\\]|\\.)*")`)
	elispShell    = lazyRegexp(`\((?:shell-command|async-shell-command|shell-command-to-string|start-process-shell-command\s+"[^"]*"\s+\S+|call-process-shell-command)\s+("(?:[^"\\]|\\.)*")`)
	elispDelete   = lazyRegexp(`\(delete-directory\s+("(?:[^"\\]|\\.)*")\s*([^()\s]*)`)
	elispTerm     = lazyRegexp(`\((?:term|ansi-term|vterm)\s+("(?:[^"\\]|\\.)*")`)
	tclLoad       = lazyRegexp(`(?m)(?:^|[;\[{]\s*)load\s+(\S+\.(?:so|dylib|dll)(?:\.[0-9.]+)?)`)
	// sed's e: after an address or a range (1, $, /re/, 0~2, 1,+3), maybe
	// negated (!), with the command after it or not (GNU sed runs 1eid
	// as 1e id)
	sedExecInput   = lazyRegexp(`(?m)(?:^|[;{}\n])\s*(?:\d+(?:~\d+)?|\$|/[^/]*/)?(?:,(?:[+~]?\d+|\$|/[^/]*/))?\s*!?\s*e\s*(?:$|[;}\n])`)
	sedExec        = lazyRegexp(`(?m)(?:^|[;{}\n])\s*(?:\d+(?:~\d+)?|\$|/[^/]*/)?(?:,(?:[+~]?\d+|\$|/[^/]*/))?\s*!?\s*e\s*([^;\n}\s][^;\n}]*)`)
	texPipeInput   = lazyRegexp(`\\(?:input|openin\s*\\?\w*\s*=?)\s*\{?\s*\|\s*"([^"]+)"`)
	latexmkCommand = lazyRegexp(`\$(\w*(?:latex|tex|dvipdf|dvips|ps2pdf|bibtex|biber|makeindex|makeglossaries|previewer|print_cmd|_cmd|lpr))\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')`)
	tclExec        = lazyRegexp(`(?m)(?:^|[;\[{]\s*)(?:(?:eval|uplevel(?:\s+#?\d+)?|catch)\s+\{?\s*)*(spawn|exec|system|open\s+"\|)\s*([^;\]\n}"]+)`)
	tclDelete      = lazyRegexp(`(?m)(?:^|[;\[{]\s*)file\s+delete\s+((?:-force\s+|--\s+)*)([^;\]\n}]+)`)
	tclFileOp      = lazyRegexp(`(?m)(?:^|[;\[{]\s*)file\s+(rename|copy)\s+(?:-force\s+|--\s+)*([^;\]\n}]+)`)
	texOpenout     = lazyRegexp(`\\openout\s*(?:\\[A-Za-z@]+|[0-9]+)\s*=?\s*\{?([^\s\\{}]+)`)
	tclOpen        = lazyRegexp(`(?m)(?:^|[;\[{]\s*|set\s+\w+\s+\[)open\s+("[^"|]+"|\{[^}]+\}|[^\s"{|\[;\]]+)(?:\s+"?\{?(w\+?|a\+?|r\+?|WRONLY|RDWR|CREAT|APPEND|RDONLY)\b)?`)
	tclEval        = lazyRegexp(`(?m)(?:^|[;\[{]\s*)(?:eval|uplevel(?:\s+#?\d+)?)\s+"?\$`)
	tclEnv         = lazyRegexp(`\$(?:::)?env\(([A-Za-z_][A-Za-z0-9_]*)\)`)
	rSystem        = lazyRegexp(`\bsystem2?\s*\(\s*('[^']*'|"(?:[^"\\]|\\.)*")`)
	backticks      = lazyRegexp("`([^`]+)`")
	doShell        = lazyRegexp(`(?:do shell script|do script|write text)\s+("(?:[^"\\]|\\.)*")|(?:doShellScript|doScript|\$\.system|\$\.popen)\s*\(\s*('[^']*'|"(?:[^"\\]|\\.)*")`)
	runScript      = lazyRegexp(`\brun script\s+("(?:[^"\\]|\\.)*")`)
	nsTaskPath     = lazyRegexp(`(?:launchPath\s*=|setLaunchPath\s*\(|launchedTaskWithLaunchPathArguments\s*\(|fileURLWithPath\s*\()\s*(?:\$\()?\s*(?:("(?:[^"\\]|\\.)*")|('[^']*'))`)
	nsTaskArgs     = lazyRegexp(`(?:arguments\s*=|setArguments\s*\(|launchedTaskWithLaunchPathArguments\s*\([^,]*,)\s*(?:\$\()?\s*\[([^\]]*)\]`)
	jsStrings      = lazyRegexp(`"(?:[^"\\]|\\.)*"|'[^']*'`)
	keyReturn      = lazyRegexp(`\breturn\b|\bkey code (?:36|76)\b|\bkeyCode\s*\(\s*(?:36|76)\s*[,)]|\.keystroke\s*\(\s*(?:"(?:[^"\\]|\\.)*(?:\\[nr]|[\n\r])(?:[^"\\]|\\.)*"|'[^']*(?:\\[nr]|[\n\r])[^']*')`)
	keystroke      = lazyRegexp(`\bkeystroke\s+("(?:[^"\\]|\\.)*")|\.keystroke\s*\(\s*("(?:[^"\\]|\\.)*"|'[^']*')`)
	ssmJSON        = lazyRegexp(`"commands?"\s*:\s*\[\s*("(?:[^"\\]|\\.)*")`)
	// lldb's platform shell options before the command: -h (on the host),
	// -s SHELL, -t TIMEOUT, and -- ending them
	platformShellOptions = lazyRegexp(`^(?:\s+(?:-h|--host|-[st]\s+\S+|--shell\s+\S+|--timeout\s+\S+))*(?:\s+--)?`)
	systemCall           = lazyRegexp(`\bsystem\s*\(?\s*('[^']*'|"(?:[^"\\]|\\.)*")`)
	// a puppet resource, exec or file: TYPE { 'TITLE': ATTRIBUTES }, and
	// an attribute, NAME => 'VALUE' (or a bare word: absent, true)
	puppetResource = lazyRegexp(`\b(exec|file)\s*\{\s*(['"])(.*?)['"]\s*(?::([^}]*))?`)
	puppetAttr     = lazyRegexp(`\b(\w+)\s*=>\s*('[^']*'|"[^"]*"|[\w./-]+)`)
	// jrunscript's exec(CMD), not a method (Runtime.getRuntime().exec,
	// which node's reading knows): a string, or the start of an expression
	// the legacy mongo shell's calls that start a program, and their
	// arguments: string literals or anything else up to a comma
	mongoRun = lazyRegexp(`(?:^|[^.\w$])(?:run|runProgram|runMongoProgram|_runMongoProgram|startMongoProgram|startMongoProgramNoConnect)\s*\(([^()]*)\)`)
	mongoArg = lazyRegexp(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^,\s][^,]*`)
	jsrExec  = lazyRegexp(`(?:^|[^.\w$])exec\s*\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s)"'])`)
	// gdb's commands that evaluate an expression in the debugged process,
	// and the calls in one that run a command line or load a library
	gdbExpr   = lazyRegexp(`^(?:call|print|p|output|print-object|po)(?:/\w+)?\s`)
	gdbCall   = lazyRegexp(`\b(system|popen|dlopen|__libc_dlopen_mode)\s*\(\s*("(?:[^"\\]|\\.)*")`)
	lispShell = lazyRegexp(`\((?:[a-z-]+:)?(?:run-shell-command|shell|system|run-program|process-run|run|uiop:run-program)\s+("(?:[^"\\]|\\.)*")`)
	// Haskell's System.Process: callCommand, system, spawnCommand,
	// readCreateProcess (shell "…"), callProcess "prog" [args]
	haskellProcess = lazyRegexp(`\b(?:callCommand|system|spawnCommand|shell|rawSystem|callProcess|spawnProcess|readProcess|runCommand|proc)\s+("(?:[^"\\]|\\.)*")`)
	fzfAction      = lazyRegexp(`(?:execute|execute-silent|become|reload|reload-sync|preview)[(\[{<]([^)\]}>]+)[)\]}>]`)
)

// macroCalls finds the arguments of a macro written open…close in code
// ($(shell …), \write18{…}, esyscmd(…), %(…)), with nested brackets of the
// same kind kept inside. The bracket that nests is the one close closes,
// not open's last character ("$(shell " ends in a blank).
func macroCalls(code, open, close string) []string {
	var out []string
	opener := map[byte]byte{')': '(', '}': '{', ']': '['}[close[0]]
	for {
		i := strings.Index(code, open)
		if i < 0 {
			return out
		}
		code = code[i+len(open):]
		depth, end := 0, -1
		for j := 0; j < len(code) && end < 0; j++ {
			switch {
			case strings.HasPrefix(code[j:], close) && depth == 0:
				end = j
			case opener != 0 && code[j] == opener:
				depth++
			case code[j] == close[0]:
				depth--
			}
		}
		if end < 0 {
			out = append(out, code) // unclosed: the rest is the argument
			return out
		}
		out = append(out, code[:end])
		code = code[end:]
	}
}

// transientExecs are the commands a transient unit's Exec…= properties
// give, in busctl's words: ExecStart a(sasbttttuii) N, then N times PATH
// ARGC ARGV… IGNORE-FAILURE (and the signature's further numbers). Each
// is PATH with ARGV after argv[0]; a count that is not a number ends the
// reading.
func transientExecs(args []field) [][]field {
	var out [][]field
	count := func(k int) (int, bool) {
		if k >= len(args) || args[k].Dynamic {
			return 0, false
		}
		n, err := strconv.Atoi(args[k].Value)
		return n, err == nil && n >= 0 && n <= len(args)
	}
	for i := 0; i < len(args); i++ {
		name := args[i].Value
		if !strings.HasPrefix(name, "Exec") || i+1 >= len(args) || !strings.HasPrefix(args[i+1].Value, "a(sasb") {
			continue
		}
		extra := len(strings.TrimSuffix(strings.TrimPrefix(args[i+1].Value, "a(sasb"), ")")) // ttttuii
		n, ok := count(i + 2)
		k := i + 3
		for ; ok && n > 0 && k < len(args); n-- {
			path := args[k]
			argc, ok2 := count(k + 1)
			if !ok2 || k+2+argc > len(args) {
				break
			}
			argv := []field{path} // the program is PATH: ARGV's first word is a name only
			if argc > 1 {
				argv = append(argv, args[k+3:k+2+argc]...)
			}
			out = append(out, argv)
			k += 2 + argc + 1 + extra
		}
		i = k - 1
	}
	return out
}

// muttSource is mutt's source of a command's output: source "CMD|".
var muttSource = lazyRegexp(`(?:^|[;\n])\s*source\s+("[^"]*\|"|'[^']*\|'|[^\s;'"]*\|)`)

// muttBacktick is a `CMD` in a mutt command, replaced by CMD's output.
var muttBacktick = lazyRegexp("`([^`]+)`")

// muttShellEscape is the line a push or exec types after <shell-escape>.
var muttShellEscape = lazyRegexp(`<shell-escape>([^<"']*)`)

// texShellEscapes are the spellings of a shell escape: \write18{…},
// \write 18 {…}, and the shellesc package's \ShellEscape{…} and
// \DelayedShellEscape{…}.
var texShellEscapes = lazyRegexp(`\\write\s*18\s*\{|\\(?:Delayed)?ShellEscape\s*\{`)

// texCaret is code as TeX reads it: ^^7e is the character 0x7e, ^^M (a
// character below 128) the character 64 from it, before any macro is
// read, so rm -rf ^^7e is rm -rf ~.
func texCaret(code string) string {
	if !strings.Contains(code, "^^") {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		if !strings.HasPrefix(code[i:], "^^") || i+2 >= len(code) {
			b.WriteByte(code[i])
			continue
		}
		if i+3 < len(code) && isLowerHex(code[i+2]) && isLowerHex(code[i+3]) {
			n, _ := strconv.ParseUint(code[i+2:i+4], 16, 8)
			b.WriteByte(byte(n))
			i += 3
			continue
		}
		if c := code[i+2]; c < 128 {
			b.WriteByte(c ^ 0x40)
			i += 2
			continue
		}
		b.WriteByte(code[i])
	}
	return b.String()
}

func isLowerHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }

// texWord is a control word a shell escape's text expands as it is
// written, with the text it gives: \space a space, \string~ and
// \string\x the character itself, \detokenize and \unexpanded their
// group, \@percentchar a %.
var texWord = lazyRegexp(`\\space\b\s*|\\string\s*\\?(.)|\\(?:detokenize|unexpanded)\s*\{([^{}]*)\}|\\@percentchar\b|\\@charlb\b|\\@charrb\b`)

// texWritten is the command a \write18's text gives the shell, its
// spelling macros expanded: rm\space -rf\space \string~ is rm -rf ~.
func texWritten(text string) string {
	return texWord().ReplaceAllStringFunc(text, func(m string) string {
		switch sub := texWord().FindStringSubmatch(m); {
		case strings.HasPrefix(m, `\space`):
			return " "
		case strings.HasPrefix(m, `\string`):
			return sub[1]
		case strings.HasPrefix(m, `\@percentchar`):
			return "%"
		case strings.HasPrefix(m, `\@charlb`):
			return "{"
		case strings.HasPrefix(m, `\@charrb`):
			return "}"
		default:
			return sub[2]
		}
	})
}

func reMatch(re *regexp.Regexp, s string) bool { return re.MatchString(s) }

// lazyRegexp compiles a pattern when first used: hguard compiles no regular
// expression at start-up, which every check pays for. It is not
// sync.OnceValue, which allocates more at start-up for each of the
// package's hundred patterns.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return (&lazyRE{pattern: pattern}).get
}

type lazyRE struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(l.compile)
	return l.re
}

func (l *lazyRE) compile() { l.re = regexp.MustCompile(l.pattern) }

// unquote takes the quotes off a string literal: '…' as is, "…" with
// backslash escapes of quotes and backslashes undone.
func unquote(s string) string {
	if len(s) < 2 {
		return s
	}
	if s[0] == '\'' {
		return s[1 : len(s)-1]
	}
	s = s[1 : len(s)-1]
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s)
}

// localFile is the local file a download command of a file-transfer
// client writes: lftp's -o LOCAL, spaced or attached as getopt takes it
// (get URL -o/etc/cron.d/x), else the last word (get REMOTE LOCAL).
func localFile(words []string) string {
	for i, v := range words {
		switch {
		case v == "-o" && i+1 < len(words):
			return words[i+1]
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			return v[2:]
		}
	}
	return words[len(words)-1]
}

// reverseMirror is the local directory lftp's mirror -R (--reverse)
// uploads, from the words after mirror, or "" for a download.
func reverseMirror(words []string) string {
	reverse, dir := false, ""
	for _, w := range words {
		switch {
		case w == "-R" || w == "--reverse" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsRune(w, 'R'):
			reverse = true
		case strings.HasPrefix(w, "-"):
		case dir == "":
			dir = w
		}
	}
	if !reverse {
		return ""
	}
	return dir
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellQuoteWords is words as one command line, each word quoted.
func shellQuoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// envCommands are environment variables whose value a program runs as a
// command line: pagers, editors, git's ssh and proxy commands, lesspipe.
var envCommands = map[string]bool{
	"PAGER": true, "MANPAGER": true, "GIT_PAGER": true, "SYSTEMD_PAGER": true, "PSQL_PAGER": true, "BAT_PAGER": true,
	"EDITOR": true, "VISUAL": true, "GIT_EDITOR": true, "SUDO_EDITOR": true, "GIT_SEQUENCE_EDITOR": true,
	"GIT_SSH_COMMAND": true, "GIT_SSH": true, "GIT_PROXY_COMMAND": true, "GIT_EXTERNAL_DIFF": true,
	"GIT_ASKPASS": true, "SSH_ASKPASS": true, "SUDO_ASKPASS": true, "BROWSER": true,
	"RSYNC_RSH": true, "CVS_RSH": true, "FCEDIT": true, "LESSOPEN": true, "LESSCLOSE": true, "TERMINAL": true,
	"CRASHPAGER": true, "RESTIC_PASSWORD_COMMAND": true, "SYSTEMD_EDITOR": true, "AUTOM4TE": true,
	"BORG_RSH": true, "BORG_PASSCOMMAND": true, "KUBE_EDITOR": true, "HGEDITOR": true,
	"GH_EDITOR": true, "GH_PAGER": true, "GH_BROWSER": true, "GLAB_PAGER": true, "AWS_PAGER": true, "PSQL_EDITOR": true,
	"SVN_EDITOR": true, "SVN_SSH": true, "CVSEDITOR": true, "RSYNC_CONNECT_PROG": true, "FZF_DEFAULT_COMMAND": true,
	"ALTERNATE_EDITOR": true, "JJ_EDITOR": true, "DELTA_PAGER": true, "PERLDOC_PAGER": true, "TIG_EDITOR": true,
}

// CommandVar reports whether a program runs the value of the environment
// variable name as a command line (envCommands, less's input filters left
// out): a known value given to a command or exported is carried, and
// judged as that command (GIT_SSH_COMMAND='ssh -i KEY' runs ssh -i KEY).
func CommandVar(name string) bool { return envCommands[name] && !envEscapes.has(name) }

// cargoProgramVar reports a variable whose value cargo runs as a program:
// rustc, its wrappers and rustdoc (RUSTC_WRAPPER, CARGO_BUILD_RUSTC…), a
// target's runner and linker (CARGO_TARGET_<TRIPLE>_RUNNER) and a
// registry's credential provider.
func cargoProgramVar(name string) bool {
	switch name {
	case "RUSTC", "RUSTDOC", "RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC", "CARGO_BUILD_RUSTDOC",
		"CARGO_BUILD_RUSTC_WRAPPER", "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER", "CARGO_HOST_LINKER", "CARGO_REGISTRY_CREDENTIAL_PROVIDER":
		return true
	}
	return strings.HasPrefix(name, "CARGO_TARGET_") && (strings.HasSuffix(name, "_RUNNER") || strings.HasSuffix(name, "_LINKER")) ||
		strings.HasPrefix(name, "CARGO_REGISTRIES_") && strings.HasSuffix(name, "_CREDENTIAL_PROVIDER")
}

// cargoProgramKeys are the last parts of cargo's configuration keys whose
// value is a program cargo runs (build.rustc-wrapper, target.<triple>.runner,
// registry.credential-provider, doc.browser).
var cargoProgramKeys = set("rustc", "rustdoc", "rustc-wrapper", "rustc-workspace-wrapper", "runner", "linker",
	"credential-provider", "browser")

// cargoConfigCommand is the command line a cargo --config KEY=VALUE setting
// makes cargo run, or "": a string, or an array of words.
func cargoConfigCommand(setting string) string {
	key, val, ok := strings.Cut(setting, "=")
	if !ok {
		return ""
	}
	key = strings.ToLower(strings.TrimSpace(key))
	last := key[strings.LastIndexByte(key, '.')+1:]
	if !cargoProgramKeys.has(strings.Trim(last, `"'`)) && !strings.HasPrefix(key, "credential-alias.") {
		return ""
	}
	val = strings.TrimSpace(val)
	if strings.HasPrefix(val, "[") {
		var words []string
		for _, m := range tomlString().FindAllString(val, -1) {
			words = append(words, shellQuote(unquote(m)))
		}
		return strings.Join(words, " ")
	}
	if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
		return unquote(val)
	}
	return val
}

// npmConfigVar is the key of npm's configuration an npm_config_KEY
// variable (any case, _ for -) sets when the key runs code (npm's
// config docs): node-options (the NODE_OPTIONS of its scripts),
// onload-script (a module npm 6 and before loads), and the programs it
// runs: git, shell (npm explore), editor (npm edit), browser (npm docs);
// "" for any other. script-shell is envCarriers' own.
func npmConfigVar(name string) string {
	key, ok := strings.CutPrefix(strings.ToLower(name), "npm_config_")
	if !ok {
		return ""
	}
	switch key = strings.ReplaceAll(key, "_", "-"); key {
	case "node-options", "onload-script", "git", "shell", "editor", "browser":
		return key
	}
	return ""
}

// toolVar reports a variable naming a program, or options that load
// code, that a build tool or package manager runs: cargo's programs,
// GOFLAGS (-toolexec, -exec), npm's configuration, a compiler make,
// configure, cargo's cc and pip's builds run (CC=./x), and the JVM
// options Maven, Gradle and launcher scripts pass on.
func toolVar(name string) bool {
	return cargoProgramVar(name) || name == "GOFLAGS" || strings.EqualFold(name, "npm_config_script_shell") ||
		npmConfigVar(name) != "" || compilerVars.has(name) || jvmOptionVars.has(name)
}

// compilerVars are the variables naming the compiler, linker and binary
// tools a build runs (make's implicit rules, configure, cargo's cc crate,
// setuptools): CC=clang is a compiler's name, CC=./x a program it runs.
var compilerVars = set("CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "F77", "RANLIB", "NM", "STRIP", "OBJCOPY",
	"HOSTCC", "HOSTCXX", "CC_FOR_BUILD", "CXX_FOR_BUILD")

// jvmOptionVars hold the options of the JVM a tool starts (mvn, gradle,
// ant, sbt, and the java launcher scripts that read JAVA_OPTS).
var jvmOptionVars = set("MAVEN_OPTS", "GRADLE_OPTS", "JAVA_OPTS", "ANT_OPTS", "SBT_OPTS", "KOTLIN_OPTS")

// toolVarRuns follows what the value v of name, one of toolVar, makes
// the tools after it run: given on the line (CC=./x make) or exported
// (export RUSTC_WRAPPER=./x; cargo build), as for envCommands. A value
// known only as it runs (RUSTC_WRAPPER=$(which sccache)) is left.
func (w *walker) toolVarRuns(c *Command, name, v, via string, cx ctx) {
	switch {
	case strings.TrimSpace(v) == "":
	case cargoProgramVar(name) || compilerVars.has(name):
		w.nested(c, v, via, cx, false)
	case name == "GOFLAGS":
		for _, cmd := range goFlagCommands(goQuotedSplit(v)) {
			w.nested(c, cmd, "GOFLAGS", cx, false)
		}
	case jvmOptionVars.has(name):
		// as .mvn/jvm.config's: what the environment's rules judge as
		// JAVA_TOOL_OPTIONS (-javaagent:, -agentpath:, -XX:OnError=)
		if opts := jvmLoadingOptions(strings.Fields(v)); opts != "" {
			w.nested(c, "JAVA_TOOL_OPTIONS="+shellQuote(opts)+" java", via, cx, false)
		}
	case strings.EqualFold(name, "npm_config_script_shell"):
		// npm's --script-shell from the environment: a shell's name
		// or path is a setting, anything else runs every script
		w.runCode(c, "shell-program", field{Word: Word{Value: v}}, via, cx)
	case npmConfigVar(name) == "node-options":
		// the NODE_OPTIONS of every script npm runs
		w.nested(c, "NODE_OPTIONS="+shellQuote(v)+" node", via, cx, false)
	case npmConfigVar(name) == "onload-script":
		// a module npm (before 7) loads as it starts, as node --require FILE
		w.nested(c, "NODE_OPTIONS="+shellQuote("--require "+v)+" node", via, cx, false)
	case npmConfigVar(name) != "":
		// the program npm runs for git, npm explore, npm edit, npm docs
		w.nested(c, v, via, cx, false)
	}
}

// goQuotedSplit splits GOFLAGS as go does (cmd/internal/quoted): on
// spaces, a field wholly in single or double quotes kept as one
// ("-toolexec=sh -c x").
func goQuotedSplit(s string) []string {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return out
		}
		if q := s[0]; q == '"' || q == '\'' {
			if end := strings.IndexByte(s[1:], q); end >= 0 {
				out = append(out, s[1:1+end])
				s = s[2+end:]
				continue
			}
		}
		end := strings.IndexAny(s, " \t\n\r")
		if end < 0 {
			return append(out, s)
		}
		out, s = append(out, s[:end]), s[end:]
	}
}

// goFlagCommands are the command lines go build flags make it run: the
// -toolexec program runs every tool, -exec runs the built binary (go run,
// go test), -vettool is go vet's analyser.
func goFlagCommands(flags []string) []string {
	var out []string
	for i, f := range flags {
		name, val, eq := strings.Cut(strings.TrimPrefix(f, "-"), "=")
		if !strings.HasPrefix(f, "-") || name != "toolexec" && name != "-toolexec" && name != "exec" && name != "-exec" &&
			name != "vettool" && name != "-vettool" {
			continue
		}
		if !eq && i+1 < len(flags) {
			val = flags[i+1]
		}
		if val != "" {
			out = append(out, val)
		}
	}
	return out
}

// pagerVar reports a variable naming the pager that prog pages with. PAGER
// is the last a program reads: git and gh read GIT_PAGER and GH_PAGER
// first, which Codex sets to cat for its commands, as it sets PAGER.
func pagerVar(name, prog string) bool {
	switch name {
	case "PAGER":
		return prog != "git" && prog != "gh"
	case "GIT_PAGER":
		return true
	}
	return pagerHelpers(envHelpers(name))
}

// editorVar reports a variable naming the editor a program opens (EDITOR,
// VISUAL, GIT_EDITOR, KUBE_EDITOR, bash's FCEDIT): no caller sets one for
// the agent (Codex sets its pagers only), so one the line names is the
// editor the program opens.
func editorVar(name string) bool {
	return envCommands[name] && (strings.HasSuffix(name, "EDITOR") || name == "VISUAL" || name == "FCEDIT")
}

// pagerHelpers reports the helpers of an option or a variable meant for a
// pager (@pager).
func pagerHelpers(h []string) bool {
	return len(h) > 0 && slices.Equal(h, helperSet("@pager"))
}

// envEscapes are the variables of envCommands that no one sets on a
// command line but to run a command through an unlikely host: a crash
// tool's pager, less's input preprocessor, autoconf's m4 driver.
var envEscapes = set("CRASHPAGER", "LESSOPEN", "LESSCLOSE", "AUTOM4TE")

// optionVars are environment variables that hold a program's options,
// some of which run a command: less's (LESS='+!CMD' runs CMD when the
// pager git, man or systemctl starts opens, as less +!CMD does) and
// man-db's (MANOPT='-P CMD' is man -P CMD).
var optionVars = set("LESS", "SYSTEMD_LESS", "MANOPT")

// optionVar follows the commands in v, the value given to one of
// optionVars, given to c's programs or exported.
func (w *walker) optionVar(c *Command, name, v string, cx ctx) {
	if name == "MANOPT" {
		w.nested(c, "man "+v, name+"=", cx, false)
		if c.Name == "man" && manoptPager(v) {
			w.pagerTyped(c) // MANOPT='-P less' man ls, as man -P less ls
		}
		return
	}
	// +CMD runs to a $ or the end of the value
	if i := strings.Index(" "+v, " +"); i >= 0 {
		code, _, _ := strings.Cut(v[i+1:], "$")
		w.runCode(c, "less", field{Word: Word{Value: code}}, "less +", cx) // an escape, as less +CMD is
	}
}

// envCarriers follows prefix assignments whose value a program runs
// (MANPAGER='sh -c …' man ls, GIT_SSH_COMMAND=… git fetch), and git's
// configuration given in the environment (GIT_CONFIG_KEY_n, GIT_CONFIG_VALUE_n).
func (w *walker) envCarriers(c *Command, cx ctx) {
	if program(c.Name) == "less" {
		w.exportedLessHooks(c, cx)
	}
	if len(c.Assigns) == 0 {
		return
	}
	values := map[string]Assign{}
	for _, a := range c.Assigns {
		values[a.Name] = a
	}
	for _, a := range c.Assigns {
		v := a.Value.Value
		switch {
		case envCommands[a.Name]:
			if lessHooks.has(a.Name) {
				v = lessHookCommand(v)
			}
			carrier := a.Name + "="
			if (pagerVar(a.Name, c.Name) || editorVar(a.Name)) && !a.Value.Dynamic && pagerPrompts(v) {
				w.pagerTyped(c) // GIT_PAGER=less git log, MANPAGER=less man ls, EDITOR=vim crontab -e
			}
			if h := envHelpers(a.Name); h != nil && !a.Value.Dynamic {
				if prog := missedHelper(v, h); prog != "" {
					carrier += " " + prog // an escape (IsEscape): not the kind of program the variable names
				}
			}
			w.nested(c, v, carrier, cx, a.Value.Dynamic)
		case optionVars.has(a.Name) && !a.Value.Dynamic:
			w.optionVar(c, a.Name, v, cx)
		case (a.Name == "VIMINIT" || a.Name == "EXINIT" || a.Name == "GVIMINIT") && !a.Value.Dynamic:
			// ex commands every vim (or vi) started under it runs first,
			// the editor git or crontab -e opens included: VIMINIT=':!CMD'
			w.runCode(c, "vim", field{Word: a.Value}, a.Name+"=", cx)
		case a.Name == "TAR_OPTIONS" && !a.Value.Dynamic && (program(c.Name) == "tar" || program(c.Name) == "gtar"):
			// GNU tar reads its options from TAR_OPTIONS first, split
			// as the shell splits words: --to-command=CMD, a
			// --checkpoint-action=exec=CMD
			words := make([]string, len(c.Args))
			for i, arg := range c.Args {
				words[i] = arg.Value
			}
			w.nested(c, "tar "+v+" "+shellQuoteWords(words), a.Name+"=", cx, slices.ContainsFunc(c.Args, func(w Word) bool { return w.Dynamic }))
		case cmakeLauncherVar(a.Name) && !a.Value.Dynamic:
			// CMake (3.17 on) takes a launcher missing from its cache from
			// the environment: CMAKE_C_COMPILER_LAUNCHER='sh;-c;CMD'
			if cmd := cmakeLauncher(a.Name + "=" + v); cmd != "" {
				carrier := a.Name + "="
				if prog := missedHelper(cmd, envHelpers(a.Name)); prog != "" {
					carrier += " " + prog // an escape, as -D's is: not a compiler launcher
				}
				w.nested(c, cmd, carrier, cx, false)
			}
		case toolVar(a.Name) && !a.Value.Dynamic:
			w.toolVarRuns(c, a.Name, v, a.Name+"=", cx)
		case a.Name == "PERL5OPT" && !a.Value.Dynamic:
			// -M'MOD;CODE' is "use MOD;CODE;": the code runs in every perl
			for _, o := range strings.Fields(v) {
				m, ok := strings.CutPrefix(o, "-M")
				if !ok {
					m, ok = strings.CutPrefix(o, "-m")
				}
				if _, code, found := strings.Cut(m, ";"); ok && found {
					w.nested(c, "perl -e "+shellQuote(code), a.Name+"=", cx, false)
				}
			}
		case a.Name == "GIT_CONFIG_PARAMETERS" && !a.Value.Dynamic:
			// git -c's own hand-off to its children: 'KEY'='VALUE' or 'KEY=VALUE', quoted as sh does
			for _, m := range gitConfigParameter().FindAllStringSubmatch(v, -1) {
				key, val := m[1], m[2]
				if key == "" {
					key, val, _ = strings.Cut(m[3], "=")
				}
				key = strings.ToLower(key)
				if cmd := gitKeyCommand(key, strings.ReplaceAll(val, `'\''`, "'")); cmd != "" {
					w.nested(c, cmd, "git config "+key, cx, false)
				}
			}
		case strings.HasPrefix(a.Name, "GIT_CONFIG_KEY_"):
			val, ok := values["GIT_CONFIG_VALUE_"+strings.TrimPrefix(a.Name, "GIT_CONFIG_KEY_")]
			if !ok {
				continue
			}
			key := strings.ToLower(v)
			if cmd := gitKeyCommand(key, val.Value.Value); cmd != "" {
				w.nested(c, cmd, "git config "+key, cx, val.Value.Dynamic)
			}
		}
	}
}

// gitConfigParameter is one entry of GIT_CONFIG_PARAMETERS: 'KEY'='VALUE'
// (groups 1, 2) or the older 'KEY=VALUE' (group 3).
var gitConfigParameter = lazyRegexp(`'([^'=]+)'='((?:[^']|'\\'')*)'|'([^'=]+=(?:[^']|'\\'')*)'`)

// sedSubstExecs finds the replacements of s commands with the e flag
// (s/x/CMD/e), whose result sed runs as a command: s, a delimiter, the
// pattern, the replacement, flags holding e.
func sedSubstExecs(code string) []string {
	var out []string
	for i := 0; i+1 < len(code); i++ {
		if code[i] != 's' || i > 0 && isWordByte(code[i-1]) && !('0' <= code[i-1] && code[i-1] <= '9') {
			continue
		}
		d := code[i+1]
		if d == '\\' || d == '\n' || d == ' ' || isWordByte(d) {
			continue
		}
		parts, j := []string{}, i+2
		start := j
		for j < len(code) && len(parts) < 2 {
			switch code[j] {
			case '\\':
				j++
			case d:
				parts = append(parts, code[start:j])
				start = j + 1
			}
			j++
		}
		if len(parts) < 2 {
			break
		}
		k := j
		for k < len(code) && strings.IndexByte("gpiImMe0123456789w", code[k]) >= 0 {
			k++
		}
		if strings.IndexByte(code[j:k], 'e') >= 0 {
			out = append(out, parts[1])
		}
		i = k - 1
	}
	return out
}

func isWordByte(b byte) bool {
	return b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// hasCommandOption reports -c (alone or bundled) or --command: a command
// given, so no interactive shell (script -qc CMD).
func hasCommandOption(args []field) bool {
	for _, a := range args {
		v := a.Value
		if v == "--" {
			return false
		}
		if strings.HasPrefix(v, "--command") || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v, 'c') > 0 {
			return true
		}
	}
	return false
}

// exportedLessHooks follows a LESSOPEN or LESSCLOSE the line exported and
// then gave a value (export LESSOPEN; read LESSOPEN <<< '|CMD %s'; less
// x): less runs it. One exported with its value was followed there.
func (w *walker) exportedLessHooks(c *Command, cx ctx) {
	for _, name := range []string{"LESSOPEN", "LESSCLOSE"} {
		if slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) || !w.exported[name] || !w.setNames[name] {
			continue
		}
		if v, ok := w.value(name); ok {
			w.nested(c, lessHookCommand(v), "export "+name, cx, false)
		} else {
			w.nested(c, "$"+name, "export "+name, cx, true)
		}
	}
}

// vimUnescape is an option value as :set gives it: a backslash keeps the
// character after it (makeprg=make\ -j4).
func vimUnescape(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// sqliteURIPath is the file a SQLite URI filename opens (file:/p?mode=ro,
// file:///p, file:p): the path without its scheme, authority and query;
// any other name as it is.
func sqliteURIPath(name string) string {
	rest, ok := strings.CutPrefix(name, "file:")
	if !ok {
		return name
	}
	rest, _, _ = strings.Cut(rest, "?")
	rest, _, _ = strings.Cut(rest, "#")
	if after, ok := strings.CutPrefix(rest, "//"); ok {
		if i := strings.IndexByte(after, '/'); i >= 0 {
			rest = after[i:] // file://localhost/p
		} else {
			rest = ""
		}
	}
	if unescaped, err := url.PathUnescape(rest); err == nil {
		rest = unescaped
	}
	return rest
}
