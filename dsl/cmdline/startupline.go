package cmdline

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// StartupLine returns the line echo appends to a bash, zsh or POSIX shell
// start-up file (echo 'eval "$(direnv hook bash)"' >> ~/.bashrc), which
// every new shell runs: its arguments static and no option (-e would
// read escapes), standard output appended (>>) to that file alone, and
// nothing in the text that changes what a later command runs beyond what
// typing it now would show (startupScreen). The walker judges the text as
// commands the shell runs (follow), so a line that is allowed typed is
// allowed appended; ok is false for any other command.
func StartupLine(c *Command) (text string, ok bool) {
	if c.Name != "echo" || c.Dynamic || len(c.Wrappers) > 0 || len(c.Via) > 0 || len(c.Args) == 0 || len(c.Redirects) != 1 {
		return "", false
	}
	r := c.Redirects[0]
	if r.Op != ">>" || r.Fd != "" && r.Fd != "1" || r.Target.Dynamic || !startupFile(r.Target.Value) {
		return "", false
	}
	words := make([]string, len(c.Args))
	for i, a := range c.Args {
		if a.Dynamic || i == 0 && strings.HasPrefix(a.Value, "-") {
			return "", false
		}
		words[i] = a.Value
	}
	text = strings.Join(words, " ")
	for _, m := range startupVariable().FindAllStringSubmatch(text, -1) {
		if v := m[1] + m[2]; v != "HOME" && v != "PATH" && v != "USER" {
			return "", false // set elsewhere in the file, or by whoever starts the shell
		}
	}
	if strings.ContainsAny(text, "\n\\") || startupScreen().MatchString(text) || !pathEntriesKnown(text) || !setsUp(text) {
		return "", false
	}
	return text, true
}

// setsUp reports a start-up text whose every statement is a simple command
// of a builtin that sets the shell up (export, source, eval, set, shopt,
// setopt, autoload, umask, ulimit): what it sources or evaluates the
// walker follows. A program run at every start (payload, x) is not.
func setsUp(text string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) == 0 {
		return false
	}
	for _, st := range f.Stmts {
		if d, ok := st.Cmd.(*syntax.DeclClause); ok && d.Variant.Value == "export" && len(st.Redirs) == 0 && !st.Background {
			continue // export NAME=VALUE: what it may set startupScreen has read
		}
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 || len(ce.Args) == 0 || len(ce.Assigns) > 0 {
			return false
		}
		switch ce.Args[0].Lit() {
		case "export", "source", ".", "eval", "set", "shopt", "setopt", "autoload", "umask":
		default:
			return false
		}
	}
	return true
}

// startupFile reports a bash, zsh or POSIX shell start-up file in a home
// (fish's are fish, not sh).
func startupFile(p string) bool {
	dir, base := path.Split(p)
	dir = strings.TrimSuffix(dir, "/")
	if !(dir == "~" || dir == "$HOME" || dir == "${HOME}" || dir == "/root" || strings.HasPrefix(dir, "/home/") && strings.Count(dir, "/") == 2) {
		return false
	}
	switch base {
	case ".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin":
		return true
	}
	return false
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
