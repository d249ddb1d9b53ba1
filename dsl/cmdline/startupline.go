package cmdline

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// StartupLine returns the lines a command appends to a bash, zsh or POSIX
// shell start-up file in a home, which every new shell runs: echo's or
// printf's static arguments (echo 'eval "$(direnv hook bash)"' >>
// ~/.bashrc; echo without options, which would read escapes), or cat's or
// tee -a's static here-document (cat >> ~/.zshrc <<'EOF'), appended (>>,
// tee -a) to that file alone, and nothing in the text that changes what a
// later command runs beyond what typing it now would show (startupScreen).
// The walker judges the text as commands the shell runs (writtenCode), so
// a line that is allowed typed is allowed appended; ok is false for any
// other command. A shell's -c script is typed text too (sh -c "echo
// 'alias k=kubectl' >> ~/.bashrc"); any other carrier may run it elsewhere.
func StartupLine(c *Command) (text string, ok bool) {
	if c.Dynamic || len(c.Wrappers) > 0 || slices.ContainsFunc(c.Via, func(v string) bool { return !ShellScriptVia(v) }) {
		return "", false
	}
	switch c.Name {
	case "echo", "printf":
		if len(c.Args) == 0 && c.Name == "printf" || len(c.Redirects) != 1 || !appendsTo(c.Redirects[0]) {
			return "", false
		}
		if len(c.Args) == 0 {
			return "\n", true // (echo; echo 'eval "$(brew shellenv)"') >> ~/.zprofile: an empty line
		}
		for i, a := range c.Args {
			if a.Dynamic && !homeWord(a.Value) || c.Name == "echo" && i == 0 && strings.HasPrefix(a.Value, "-") {
				return "", false
			}
		}
		if text, ok = staticOutput(c); !ok {
			return "", false
		}
	case "cat", "tee":
		if text, ok = appendedInput(c); !ok {
			return "", false
		}
	default:
		return "", false
	}
	text = strings.TrimSuffix(text, "\n")
	switch startupKind(appendedFile(c)) {
	case "fish":
		return text, startupChecked(text) && fishSetsUp(text)
	case "vim":
		return text, vimSetsOptions(text)
	}
	if !startupChecked(aliasWord().ReplaceAllString(text, "$1")) || !setsUp(text) {
		return "", false
	}
	return text, true
}

// startupChecked reports a start-up text that expands no variable but the
// home, the PATH and the user, and that changes nothing a later command
// runs beyond what typing it now would show (startupScreen).
func startupChecked(text string) bool {
	for _, m := range startupVariable().FindAllStringSubmatch(text, -1) {
		if v := m[1] + m[2]; v != "HOME" && v != "PATH" && v != "USER" {
			return false // set elsewhere in the file, or by whoever starts the shell
		}
	}
	return !strings.Contains(text, "\\") && !startupScreen().MatchString(text) && pathEntriesKnown(text)
}

// appendedFile is the start-up file a command StartupLine reads appends
// to: tee -a's operand, or the file of the one >> redirection.
func appendedFile(c *Command) string {
	if c.Name == "tee" {
		return c.Args[1].Value
	}
	for _, r := range c.Redirects {
		if r.Op == ">>" {
			return r.Target.Value
		}
	}
	return ""
}

// aliasWord finds alias before a definition (alias ll='ls -la'), which
// startupScreen would read as a trap for a program's name: what an alias
// may stand for setupStmt judges (aliasDefinitions).
var aliasWord = lazyRegexp(`\balias(\s+[A-Za-z0-9_.+-]+=)`)

// appendsTo reports standard output appended (>>) to a start-up file.
func appendsTo(r Redirect) bool {
	return r.Op == ">>" && (r.Fd == "" || r.Fd == "1") && !r.Target.Dynamic && startupKind(r.Target.Value) != ""
}

// homeWord reports a word whose only expansion is the home ("$HOME/go"),
// which the shell writes as the same path every new shell would.
func homeWord(v string) bool {
	v = strings.NewReplacer("${HOME}", "", "$HOME", "").Replace(v)
	return !strings.ContainsAny(v, "$`")
}

// appendedInput is the static here-document, here-string or piped text
// cat >> FILE or tee -a FILE appends to a start-up file, with no other file read or
// written (tee's copy on standard output may go to /dev/null).
func appendedInput(c *Command) (string, bool) {
	switch c.Stdin.Kind {
	case "heredoc", "herestring", "pipe": // echo 'export A=1' | tee -a ~/.bashrc
	default:
		return "", false
	}
	if !c.Stdin.Static || c.Stdin.Remote || c.Stdin.Decoded {
		return "", false
	}
	var redirs []Redirect
	for _, r := range c.Redirects {
		if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" || r.Op == ">" && r.Target.Value == "/dev/null" {
			continue
		}
		redirs = append(redirs, r)
	}
	switch c.Name {
	case "cat":
		if len(c.Args) > 0 || len(redirs) != 1 || !appendsTo(redirs[0]) {
			return "", false
		}
	case "tee":
		if len(c.Args) != 2 || len(redirs) > 0 || c.Args[0].Value != "-a" && c.Args[0].Value != "--append" || c.Args[1].Dynamic || startupKind(c.Args[1].Value) == "" {
			return "", false
		}
	}
	return c.Stdin.Text, true
}

// setsUp reports a start-up text whose every statement is a simple command
// of a builtin that sets the shell up (export, source, eval, set, shopt,
// setopt, autoload, umask, zsh's compinit and its keymap choice bindkey
// -v or -e), alone, after another (autoload -Uz compinit && compinit) or
// behind a test of a file or a command's presence ([ -f ~/.fzf.bash ] &&
// source ~/.fzf.bash, if command -v pyenv >/dev/null; then eval "$(pyenv
// init -)"; fi): what it sources or evaluates the walker follows. A
// program run at every start (payload, x) is not, nor a key bound to
// text or a widget (bindkey -s '^x' 'cmd').
func setsUp(text string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	return err == nil && len(f.Stmts) > 0 && setupStmts(f.Stmts)
}

func setupStmts(stmts []*syntax.Stmt) bool {
	for _, st := range stmts {
		if !setupStmt(st) {
			return false
		}
	}
	return true
}

func setupStmt(st *syntax.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.DeclClause:
		return x.Variant.Value == "export" // export NAME=VALUE: what it may set startupScreen has read
	case *syntax.BinaryCmd: // [ -f FILE ] && source FILE, autoload -Uz compinit && compinit
		return (x.Op == syntax.AndStmt || x.Op == syntax.OrStmt) && (presenceTest(x.X) || x.Op == syntax.AndStmt && setupStmt(x.X)) && setupStmt(x.Y)
	case *syntax.IfClause:
		for ; x != nil; x = x.Else {
			if len(x.Cond) > 0 && !(len(x.Cond) == 1 && presenceTest(x.Cond[0])) || !setupStmts(x.Then) {
				return false
			}
		}
		return true
	case *syntax.CallExpr:
		if len(x.Args) == 0 || len(x.Assigns) > 0 {
			return false
		}
		switch x.Args[0].Lit() {
		case "export", "source", ".", "eval", "set", "shopt", "setopt", "autoload", "umask":
			return true
		case "compinit": // loads completion functions from fpath; its options only say how
			return !slices.ContainsFunc(x.Args[1:], func(w *syntax.Word) bool { return !strings.HasPrefix(w.Lit(), "-") })
		case "bindkey": // the vi or emacs keymap
			return len(x.Args) == 2 && (x.Args[1].Lit() == "-v" || x.Args[1].Lit() == "-e")
		case "alias":
			return aliasDefinitions(x.Args[1:])
		}
	}
	return false
}

// aliasDefinitions reports static alias NAME=TEXT definitions whose NAME
// a person types later knowing what it runs: a name of its own (ll, gst:
// no program, wrapper or builtin hguard knows; the walker judges TEXT
// where the alias is defined, as it does one typed), or a program's name
// whose TEXT runs that program or a version of it (alias ls='ls
// --color=auto', alias python=python3); not a wrapper's (alias sudo=…),
// nor a builtin's (alias cd=…), whose every later use it would change.
func aliasDefinitions(words []*syntax.Word) bool {
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		def, static := staticWord(w)
		name, text, isDef := strings.Cut(def, "=")
		if !static || !isDef || !aliasName().MatchString(name) || !aliasStandsFor(name, text) {
			return false
		}
	}
	return true
}

// aliasStandsFor reports an alias (or fish abbreviation) NAME for TEXT
// that aliasDefinitions accepts.
func aliasStandsFor(name, text string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	if !KnownName(name) && !pathBuiltins.has(name) {
		return true
	}
	_, wrapper := wrappers[name]
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	return ok && !wrapper && !pathBuiltins.has(name) && len(call.Args) > 0 && len(call.Assigns) == 0 && strings.HasPrefix(call.Args[0].Lit(), name)
}

// aliasName is a name an alias may have.
var aliasName = lazyRegexp(`^[A-Za-z0-9_][A-Za-z0-9_.+-]*$`)

// fishSetsUp reports a fish start-up text whose every line sets fish up:
// set of a variable (its flags only -g, -x, -U, -l), read as export
// NAME=VALUE is (a PATH or fish_user_paths as its entries, not fish's
// function or completion path), fish_add_path of directories PATH may
// put first, or an abbreviation or alias a person types knowing what it
// runs (aliasStandsFor), with no command substitution, redirection or
// pipe but a tool's set-up piped to source (fishSourcesSetup).
func fishSetsUp(text string) bool {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if tool, ok := strings.CutSuffix(line, "| source"); ok && fishSourcesSetup(tool) {
			continue
		}
		if strings.ContainsAny(line, "()`;|&<>{}*?[]") {
			return false
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
		if err != nil || len(f.Stmts) != 1 {
			return false
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Assigns) > 0 || len(f.Stmts[0].Redirs) > 0 {
			return false
		}
		var words []string
		for _, w := range call.Args {
			v, static := staticWord(w)
			if raw := line[w.Pos().Offset():w.End().Offset()]; !static {
				if raw != "$PATH" && !homeWord(raw) || strings.ContainsAny(raw, `"'`) {
					return false
				}
				v = raw // $HOME/bin, $PATH: as pathEntriesKnown reads them
			}
			words = append(words, v)
		}
		if !fishSetupCommand(words) {
			return false
		}
	}
	return true
}

// fishSourcesSetup reports the command of a fish start-up line TOOL |
// source that prints a tool's own shell set-up (zoxide init fish,
// starship init fish: setupScript), as bash's eval "$(zoxide init bash)"
// does: plain words, no variable, quote or other shell syntax.
func fishSourcesSetup(tool string) bool {
	words := strings.Fields(tool)
	if len(words) == 0 || strings.ContainsAny(tool, "()`;|&<>{}*?[]$'\"\\") {
		return false
	}
	c := &Command{Name: baseName(words[0]), Path: words[0]}
	for _, w := range words[1:] {
		c.Args = append(c.Args, Word{Value: w})
	}
	return setupScript(c)
}

// fishSetupCommand judges one fish start-up command's words (fishSetsUp).
func fishSetupCommand(words []string) bool {
	flags, rest := leadingFlags(words[1:])
	switch words[0] {
	case "set":
		if len(rest) == 0 || strings.Trim(strings.Join(flags, ""), "-gxUl") != "" || !aliasName().MatchString(rest[0]) {
			return false
		}
		name, values := rest[0], rest[1:]
		switch {
		case name == "fish_function_path" || name == "fish_complete_path":
			return false // where fish loads code from
		case name == "PATH" || name == "fish_user_paths":
			return pathEntriesKnown("PATH=" + strings.Join(values, ":"))
		}
		return !startupScreen().MatchString("export " + name + "=" + strings.Join(values, " "))
	case "fish_add_path":
		return len(rest) > 0 && strings.Trim(strings.Join(flags, ""), "-gUpamPv") == "" && pathEntriesKnown("PATH="+strings.Join(rest, ":")+":$PATH")
	case "abbr":
		return len(rest) >= 2 && strings.Trim(strings.Join(flags, ""), "-agU") == "" && slices.ContainsFunc(flags, func(f string) bool { return f == "-a" || f == "--add" }) &&
			aliasName().MatchString(rest[0]) && aliasStandsFor(rest[0], strings.Join(rest[1:], " "))
	case "alias":
		if len(rest) == 1 {
			name, text, ok := strings.Cut(rest[0], "=")
			return ok && len(flags) == 0 && aliasName().MatchString(name) && aliasStandsFor(name, text)
		}
		return len(rest) == 2 && len(flags) == 0 && aliasName().MatchString(rest[0]) && aliasStandsFor(rest[0], rest[1])
	}
	return false
}

// leadingFlags splits words into the options before the first operand
// and the rest (-- ends the options).
func leadingFlags(words []string) (flags, rest []string) {
	for i, w := range words {
		if w == "--" {
			return flags, words[i+1:]
		}
		if !strings.HasPrefix(w, "-") || w == "-" {
			return flags, words[i:]
		}
		if short, ok := fishLongFlags[w]; ok {
			w = short
		}
		flags = append(flags, w)
	}
	return flags, nil
}

// fishLongFlags are the long forms of the flags fishSetupCommand reads.
var fishLongFlags = map[string]string{"--add": "-a", "--global": "-g", "--universal": "-U", "--export": "-x", "--local": "-l", "--path": "-P",
	"--prepend": "-p", "--append": "-a", "--move": "-m", "--verbose": "-v"}

// vimSetsOptions reports a .vimrc text whose every line (comments aside)
// sets options to plain values (set number, set tabstop=4 expandtab),
// turns syntax or file-type detection on or off, or names a colour
// scheme: no option that runs a program or code (shell, makeprg,
// keywordprg, *expr, *func, exrc, secure, modeline, a path where vim
// loads code from), no toggled or queried option (!, ?), no command
// (!cmd, system(), autocmd, map).
func vimSetsOptions(text string) bool {
	lines := 0
	for line := range strings.Lines(text) {
		fields := strings.Fields(strings.TrimLeft(strings.TrimSpace(line), ":"))
		if len(fields) == 0 || strings.HasPrefix(fields[0], `"`) {
			continue
		}
		lines++
		args := fields[1:]
		switch fields[0] {
		case "set", "se", "setglobal", "setg":
			if len(args) == 0 || slices.ContainsFunc(args, func(a string) bool { return !vimOption().MatchString(a) || vimRunsCode().MatchString(a) }) {
				return false
			}
		case "syntax", "syn", "filetype", "filet":
			if len(args) == 0 || slices.ContainsFunc(args, func(a string) bool { return !slices.Contains([]string{"on", "off", "enable", "plugin", "indent"}, a) }) {
				return false
			}
		case "colorscheme", "colo":
			if len(args) != 1 || !aliasName().MatchString(args[0]) {
				return false
			}
		default:
			return false
		}
	}
	return lines > 0
}

var (
	// vimOption is a set's argument: a boolean option (number,
	// nonumber, invlist) or an option given a plain value (tabstop=4,
	// shiftwidth+=2, encoding=utf-8, clipboard=unnamedplus).
	vimOption = lazyRegexp(`^[a-z]+([-+^]?=[A-Za-z0-9_.,:#-]*)?$`)
	// vimRunsCode is an option that runs a program or code, or says where
	// vim loads code from.
	vimRunsCode = lazyRegexp(`^(no|inv)?([a-z]*(shell|prg|program|expr|func|path|dll)[a-z]*|sh|mp|kp|fp|ep|gp|cpt|exrc|ex|secure|modeline|ml|mls|modelineexpr|mle|cc?v|charconvert|rtp|pp|pa|tfu|ofu|cfu|opfunc|packpath|runtimepath)([-+^]?=|$)`)
)

// presenceTest reports a condition that only asks whether a file or a
// command is there ([ -f FILE ], [[ -s FILE ]], test -d DIR, command -v
// NAME >/dev/null), which runs nothing.
func presenceTest(st *syntax.Stmt) bool {
	if st.Background || st.Coprocess {
		return false
	}
	for _, r := range st.Redirs {
		if r.Word == nil || r.Word.Lit() != "/dev/null" {
			return false
		}
	}
	switch x := st.Cmd.(type) {
	case *syntax.TestClause:
		u, ok := x.X.(*syntax.UnaryTest)
		if w, isWord := u.X.(*syntax.Word); ok && isWord && plainWord(w) {
			return presenceOp(u.Op.String())
		}
	case *syntax.CallExpr:
		var words []string
		for _, w := range x.Args {
			if !plainWord(w) {
				return false
			}
			words = append(words, w.Lit())
		}
		if len(x.Assigns) > 0 || len(words) < 2 {
			return false
		}
		switch {
		case words[0] == "[" && len(words) == 4 && words[3] == "]", words[0] == "test" && len(words) == 3:
			return presenceOp(words[1])
		case words[0] == "command" && words[1] == "-v" && len(words) == 3, words[0] == "type" && len(words) == 2:
			return true
		}
	}
	return false
}

// presenceOp reports a test operator that asks whether a file is there.
func presenceOp(op string) bool {
	switch op {
	case "-e", "-f", "-d", "-r", "-s", "-x", "-h", "-L":
		return true
	}
	return false
}

// plainWord reports a word that runs nothing as the shell expands it:
// literal text and plain variables ("$HOME/.fzf.bash"), no command
// substitution.
func plainWord(w *syntax.Word) bool {
	plain := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ExtGlob:
			plain = false
		case *syntax.ParamExp:
			plain = plain && n.Exp == nil && n.Repl == nil && n.Index == nil && n.Slice == nil
		}
		return plain
	})
	return plain
}

// startupKind names the language of a start-up file in a home: "sh" for
// bash's, zsh's and the POSIX shell's, "fish" for fish's config.fish,
// "vim" for .vimrc; "" for any other file.
func startupKind(p string) string {
	var rel string
	for _, home := range []string{"~/", "$HOME/", "${HOME}/", "/root/"} {
		if rest, ok := strings.CutPrefix(p, home); ok {
			rel = rest
		}
	}
	if rest, ok := strings.CutPrefix(p, "/home/"); ok && strings.Contains(rest, "/") {
		_, rel, _ = strings.Cut(rest, "/")
	}
	switch rel {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin":
		return "sh"
	case ".config/fish/config.fish":
		return "fish"
	case ".vimrc":
		return "vim"
	}
	return ""
}

// startupScreen finds what a start-up line does to later commands that the
// same command typed now does not show: an alias, a function or a
// completion command standing for a program, a trap or prompt hook, a
// variable the shell, the loader or an interpreter reads to run code
// (BASH_ENV, ENV, LD_PRELOAD, DYLD_*, PROMPT_COMMAND, PYTHONPATH,
// NODE_OPTIONS, PAGER, an EDITOR given as a path), a proxy or CA bundle
// every later download trusts, a file sourced from a shared directory or
// a socket (source /dev/tcp/HOST/PORT).
var startupScreen = lazyRegexp(`\b(alias|unalias|function|complete|compdef|trap|enable|bind|builtin|command_not_found_handle|PROMPT_COMMAND|PS[0-4]|precmd|preexec|chpwd|zle|BASH_ENV|ENV|ZDOTDIR|LD_[A-Z_]+|DYLD_[A-Z_]+|PERL5OPT|PERL5LIB|PERLLIB|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|RUBYOPT|RUBYLIB|NODE_OPTIONS|NODE_PATH|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|LESSOPEN|LESSCLOSE|SSH_ASKPASS|SUDO_ASKPASS|PAGER|MANPAGER|GIT_[A-Z_]+|HISTFILE|(?i:https?_proxy|all_proxy|ftp_proxy|no_proxy)|(SSL|CURL|REQUESTS|NODE_EXTRA|AWS)_CA_?(CERT_FILE|CERTS|BUNDLE|CERT_DIR)|SSL_CERT_(FILE|DIR))\b|/dev/(tcp|udp)/|\b(EDITOR|VISUAL)=['"]?[^\s'"]*/|\(\s*\)|/tmp/|/var/tmp/|/dev/shm/|\$([^A-Za-z_{(]|$)`)

// startupVariable finds a variable's expansion, $NAME or ${NAME…}.
var startupVariable = lazyRegexp(`\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([^}]*)\})`)

// pathEntriesKnown reports that a PATH the text sets puts first only
// directories in the home or the system's (its programs then stand for
// every later command's); without PATH= it holds.
func pathEntriesKnown(text string) bool {
	i := strings.Index(text, "PATH=")
	if i < 0 {
		return true
	}
	if strings.Count(text, "PATH=") > 1 {
		return false
	}
	v := strings.Trim(strings.Fields(text[i+len("PATH="):] + " ")[0], `"'`)
	for _, e := range strings.Split(v, ":") {
		switch {
		case strings.Contains(e, ".."):
			return false
		case e == "$PATH" || e == "${PATH}":
		case strings.HasPrefix(e, "$HOME/") || strings.HasPrefix(e, "${HOME}/") || strings.HasPrefix(e, "~/"):
		case strings.HasPrefix(e, "/usr/") || strings.HasPrefix(e, "/opt/") || e == "/usr/bin" || e == "/bin":
		default:
			return false
		}
	}
	return true
}

// OwnDotfile returns the source of a command that puts a person's own
// dotfile from a repository in their home in place (ln -s
// ~/dotfiles/.gitconfig ~/.gitconfig, cp ~/dotfiles/.gitconfig ~/): ln or cp of
// one static file below a directory of the home (not a download or a
// cache) to the home's file of the same name, or the home itself, with no
// wrapper, carrier or redirection. What the file says is the person's own
// setup, as chezmoi apply or stow puts it; ok is false for anything else.
func OwnDotfile(c *Command) (src string, ok bool) {
	if c.Name != "ln" && c.Name != "cp" || c.Dynamic || len(c.Wrappers) > 0 || len(c.Via) > 0 || len(c.Redirects) > 0 {
		return "", false
	}
	letters := map[string]string{"ln": "sfnvTrb", "cp": "fvipb"}[c.Name]
	var ops []string
	dashdash := false
	for _, a := range c.Args {
		v := a.Value
		switch {
		case a.Dynamic || a.Glob || strings.Contains(v, ".."):
			return "", false
		case !dashdash && v == "--":
			dashdash = true
		case !dashdash && strings.HasPrefix(v, "-") && len(v) > 1:
			if strings.HasPrefix(v, "--") || strings.Trim(v[1:], letters) != "" {
				return "", false
			}
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) != 2 {
		return "", false
	}
	from, ok := homeRelative(ops[0])
	if !ok || !strings.Contains(from, "/") {
		return "", false // a file of the home itself, not a repository's
	}
	switch strings.SplitN(from, "/", 2)[0] {
	case "Downloads", "Desktop", "tmp", ".cache", ".local", ".ssh", ".gnupg":
		return "", false
	}
	to, ok := homeRelative(strings.TrimSuffix(ops[1], "/"))
	if !ok || homeUser(ops[0]) != homeUser(ops[1]) {
		return "", false // another user's home, or one the other spells ~
	}
	base := path.Base(from)
	if to != "" && to != base && to != "."+strings.TrimPrefix(base, ".") || !strings.HasPrefix(cmp.Or(to, base), ".") {
		return "", false
	}
	return ops[0], true
}

// homeRelative is a path's part below the home ("" for the home itself),
// spelled with ~, $HOME or /home/NAME.
func homeRelative(p string) (string, bool) {
	for _, home := range []string{"~", "$HOME", "${HOME}"} {
		if p == home {
			return "", true
		}
		if rest, ok := strings.CutPrefix(p, home+"/"); ok {
			return path.Clean(rest), rest != ""
		}
	}
	if rest, ok := strings.CutPrefix(p, "/home/"); ok {
		user, rest, _ := strings.Cut(rest, "/")
		if user == "" {
			return "", false
		}
		if rest == "" {
			return "", true
		}
		return path.Clean(rest), true
	}
	return "", false
}

// homeUser is the NAME of a path under /home/NAME ("" otherwise).
func homeUser(p string) string {
	rest, ok := strings.CutPrefix(p, "/home/")
	if !ok {
		return ""
	}
	user, _, _ := strings.Cut(rest, "/")
	return user
}
