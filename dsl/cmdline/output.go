package cmdline

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// maxOutput bounds the known output of echo and printf.
const maxOutput = MaxInput

// fetchers write what they download to standard output (or may).
var fetchers = set("curl", "curlie", "wget", "wget2", "fetch", "aria2c", "http", "https", "xh", "xhs",
	"lynx", "links", "elinks", "w3m", "GET", "lwp-request", "nc", "ncat", "netcat", "socat", "telnet", "ftp", "tftp", "nscurl")

// A names is a set of names that builds its map the first time it is asked:
// the package's sets built as maps at start-up cost every process about
// 900 map insertions (their hashing and allocations), while a check reads
// about half of them.
type names struct {
	list []string
	also *names // a set whose names this one holds too (union)
	once sync.Once
	m    map[string]bool
}

// set is a set of the given names.
func set(list ...string) *names { return &names{list: list} }

// has reports whether n is in s. A nil set, as a missing entry of a map of
// sets, holds nothing.
func (s *names) has(n string) bool {
	if s == nil {
		return false
	}
	s.once.Do(s.build)
	return s.m[n] || s.also.has(n)
}

func (s *names) build() {
	s.m = make(map[string]bool, len(s.list))
	for _, n := range s.list {
		s.m[n] = true
	}
}

// produces describes what c writes to standard output, given what it reads.
// Unknown filters pass on where their input came from: curl … | jq … | sh
// still runs remote content.
func produces(c *Command, in Input) Input {
	out := Input{From: c.Name}
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1") {
			return out // stdout goes to a file
		}
	}
	if c.attached != nil {
		return produces(c.attached, in) // runuser -u root -- printenv | base64
	}
	switch {
	case c.Dynamic:
		out.Remote, out.Decoded = in.Remote, in.Decoded
	case fetchers.has(c.Name), c.Name == "git" && remoteArchive(c.Args):
		out.Remote = true
	case decodes(c):
		out.Decoded, out.Remote = true, in.Remote
		switch {
		case in.packed != "" && unpacks(c):
			out.Text, out.Static = in.packed, true // echo … | gzip | gunzip
		case in.Static:
			out.Text, out.Static = decodeStatic(c, in.Text)
		}
	case inPlacePrograms[c.Name] != nil:
		// a compressor: its output unpacks to its input (packed)
		out.Remote, out.Decoded = in.Remote, in.Decoded
		if in.Static {
			out.packed = in.Text
		}
	default:
		if text, ok := staticOutput(c); ok {
			out.Text, out.Static = text, true
			return out
		}
		if home, ok := accountHome(c); ok {
			out.home = home // getent passwd u
			return out
		}
		if readsAccounts(c, in) {
			if accountField(c) == 6 {
				out.Text, out.Static = "~\n", true // awk -F: '$1=="u"{print $6}' /etc/passwd
			} else if lineFilter(c) {
				out.home = "~" // grep ^u: /etc/passwd: account lines, each with its home
			}
			return out
		}
		out.items = printedItems(c)
		out.Remote, out.Decoded = in.Remote, in.Decoded
		switch {
		case in.Static && in.From != "ls":
			// echo x:rm | cut -d: -f2; ls's text stands in for a
			// directory's entries, which a filter would not keep
			out.Text, out.Static = filterStatic(c, in.Text)
		case in.home != "":
			// getent passwd u | cut -d: -f6: the one field known is the home
			line := "name:x:uid:gid:gecos:" + in.home + ":shell\n"
			if text, ok := filterStatic(c, line); ok && text == in.home+"\n" {
				out.Text, out.Static = text, true
			} else if lineFilter(c) {
				out.home = in.home // | grep u, | head -1: still account lines
			} else if accountField(c) == 6 {
				out.Text, out.Static = in.home+"\n", true // awk -F: '$1=="u"{print $6}'
			}
		}
		// fish's psub hands on its input as a file: source (starship init fish | psub)
		out.setup = !in.Remote && !in.Decoded && (setupScript(c) || c.Name == "psub" && len(c.Args) == 0 && in.setup)
		if c.Name == "cat" && in.Static && (len(c.Args) == 0 || len(c.Args) == 1 && c.Args[0].Value == "-") {
			out.Text, out.Static = in.Text, true
		}
	}
	return out
}

// remoteArchive reports git archive --remote=REPO: the archive comes from
// another repository, over the network, as a download's would.
func remoteArchive(args []Word) bool {
	sub := false
	for _, a := range args {
		switch {
		case a.Value == "--":
			return false
		case !sub && a.Value == "archive":
			sub = true
		case sub && (a.Value == "--remote" || strings.HasPrefix(a.Value, "--remote=")):
			return true
		}
	}
	return false
}

// decodes reports commands that turn their input into something else that a
// reader cannot see in the command line: base64 -d, xxd -r, tr, rev, gunzip.
func decodes(c *Command) bool {
	switch c.Name {
	case "uudecode", "rev", "tr", "gunzip", "zcat", "gzcat", "bzcat", "xzcat", "unxz", "unlzma", "lzcat",
		"zstdcat", "unzstd", "uncompress", "unzip", "funzip", "bunzip2", "unpigz", "unlz4", "unbrotli":
		return true
	case "openssl":
		return hasArg(c.Args, "-d")
	case "base64", "gbase64", "base32", "basenc", "gzip", "bzip2", "xz", "lzma", "zstd", "lz4", "brotli",
		"pigz", "pbzip2", "lbzip2", "zstdmt", "pzstd", "lzip", "plzip", "lzop":
		return hasShortFlag(c.Args, 'd') || hasShortFlag(c.Args, 'D') || hasArg(c.Args, "--decode", "--decompress")
	case "xxd":
		return hasShortFlag(c.Args, 'r')
	}
	return false
}

// unpacks reports a decoder that undoes a compressor (gunzip, xz -d,
// zcat), giving back the text the compressor was fed (Input.packed).
func unpacks(c *Command) bool {
	return inPlacePrograms[c.Name] != nil || strings.HasSuffix(c.Name, "cat")
}

// hasShortFlag reports whether a short option letter appears alone or in a
// group (-d, -di) before any "--".
func hasShortFlag(args []Word, letter byte) bool {
	for _, a := range args {
		v := a.Value
		if v == "--" {
			return false
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], letter) >= 0 {
			return true
		}
	}
	return false
}

func hasArg(args []Word, values ...string) bool {
	for _, a := range args {
		for _, v := range values {
			if a.Value == v {
				return true
			}
		}
	}
	return false
}

// decodeStatic decodes known text the way c would, where that is simple.
func decodeStatic(c *Command, text string) (string, bool) {
	compact := strings.Join(strings.Fields(text), "")
	switch c.Name {
	case "base64", "gbase64", "openssl":
		if b, err := base64.StdEncoding.DecodeString(compact); err == nil {
			return string(b), true
		}
		if b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(compact, "=")); err == nil {
			return string(b), true
		}
	case "base32":
		if b, err := base32.StdEncoding.DecodeString(compact); err == nil {
			return string(b), true
		}
	case "xxd":
		if hasShortFlag(c.Args, 'p') || hasArg(c.Args, "-ps", "-plain") {
			if b, err := hex.DecodeString(compact); err == nil {
				return string(b), true
			}
		}
	case "tr":
		return translate(c.Args, text)
	case "rev":
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			r := []rune(l)
			for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
				r[a], r[b] = r[b], r[a]
			}
			lines[i] = string(r)
		}
		return strings.Join(lines, "\n"), true
	}
	return "", false
}

// StaticOutput is what c writes when it is a literal echo or printf (or
// another command whose output the model works out: realpath, ls -1).
func (c *Command) StaticOutput() (string, bool) { return staticOutput(c) }

// printedItems are the words echo WORDS or printf '%s\n' WORDS (also
// '%s\0', '%s ') prints, one an item, when some are known only at run time
// (printf '%s\0' mkfs.ext4 "$DEV"); nil for any other command or format.
func printedItems(c *Command) *[]Word {
	if c.Dynamic || len(c.Wrappers) > 0 || len(c.Args) == 0 || len(c.Args) > maxWords {
		return nil
	}
	args := c.Args
	switch c.Name {
	case "echo":
		if strings.HasPrefix(args[0].Value, "-") {
			return nil
		}
	case "printf":
		if args[0].Dynamic || !slices.Contains([]string{`%s\n`, `%s\0`, `%s `, `%s\t`}, args[0].Value) || len(args) < 2 {
			return nil
		}
		args = args[1:]
	default:
		return nil
	}
	items := slices.Clone(args)
	return &items
}

// outputLaunchers are the catalogue's launchers (runs: argv) that exec
// their command in place, or wait for it, with the line's own standard
// output: timeout 9 printf … > Makefile writes what printf prints. Others
// print it elsewhere or otherwise (at, screen, systemd-run, chronic, grc).
// runuser -u USER CMD and rlwrap CMD run CMD on the line's own output too,
// as do the debuggers with a program to run (gdb --args, lldb --), which
// print their own few lines beside it.
var outputLaunchers = set("flock", "toybox", "unshare", "nsenter", "chroot", "setarch", "linux64", "fakeroot",
	"prlimit", "faketime", "setlock", "runcon", "aa-exec", "cpulimit", "trickle", "proot", "dotenv", "strace", "ltrace",
	"valgrind", "ifne", "rlwrap", "runuser", "gdb", "lldb")

// keepsOutput reports a wrapper whose command prints what it would print
// alone, where it would: the shell's and the catalogue's exec wrappers
// (sudo, env, timeout, setsid, nice) and zsh's repeat N (the same text N
// times), but not xargs, which gives the command its input's words too.
func keepsOutput(wrapper string) bool {
	if wrapper == "repeat" {
		return true
	}
	if _, ok := wrappers[wrapper]; ok {
		return wrapper != "xargs"
	}
	return outputLaunchers.has(wrapper)
}

// staticOutput is what a literal echo or printf writes.
func staticOutput(c *Command) (string, bool) {
	if c.Dynamic {
		return "", false
	}
	for _, wr := range c.Wrappers {
		if !keepsOutput(wr.Name) {
			return "", false
		}
	}
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		if a.Dynamic && !wordSubstitutions(a.Value) && !(c.Name == "dirname" && (a.Value == "$PWD" || a.Value == "${PWD}")) {
			return "", false
		}
		args[i] = a.Value
		if len(c.raw) == len(c.Args) {
			args[i] = c.raw[i] // the bytes written, not the folded word
		}
	}
	switch c.Name {
	case "echo":
		return echo(args), true
	case "printf":
		return printf(args)
	case "printenv":
		if len(args) == 1 && args[0] == "HOME" {
			return "~\n", true // "$(printenv HOME)" is $HOME
		}
	case "realpath", "readlink", "dirname":
		return pathOutput(c.Name, args)
	case "git":
		return gitDirOutput(args)
	case "ls":
		return lsOutput(args)
	}
	return "", false
}

// gitDirOutput is what git rev-parse prints of the repository's own
// directory where the line runs at its top: --git-dir and
// --git-common-dir print .git, --git-path X .git/X (below the top, or in
// a linked work tree, another spelling of the same directory, where the
// rules on hooks read it alike).
func gitDirOutput(args []string) (string, bool) {
	switch {
	case len(args) == 2 && args[0] == "rev-parse" && (args[1] == "--git-dir" || args[1] == "--git-common-dir"):
		return ".git\n", true
	case len(args) == 3 && args[0] == "rev-parse" && args[1] == "--git-path" && args[2] != "" && !strings.ContainsAny(args[2], "$`\n"):
		return path.Join(".git", args[2]) + "\n", true
	}
	return "", false
}

// lsOutput is what ls prints of the paths it is given, one a line, when
// its options print names only (-1, -d, --directory): the path of a file
// as written (rm $(ls /etc/passwd) is rm /etc/passwd). A directory's
// entries stand in for it as its path does; a glob's matches are known
// only as it runs ("$(ls -d ~/.c?aude)" is not the glob).
func lsOutput(args []string) (string, bool) {
	var out strings.Builder
	ops, dashdash := 0, false
	for _, a := range args {
		switch {
		case !dashdash && a == "--":
			dashdash = true
		case !dashdash && (a == "--directory" || strings.HasPrefix(a, "-") && len(a) > 1 && strings.Trim(a[1:], "1d") == ""):
		case !dashdash && strings.HasPrefix(a, "-") && len(a) > 1, a == "", strings.ContainsAny(a, "$`\\\n\"'*?["):
			return "", false // -l, -a, …: not the names alone; a word known only as it runs, or a glob's matches
		default:
			out.WriteString(a + "\n")
			ops++
		}
	}
	return out.String(), ops > 0
}

// pathOutput is what realpath and readlink -f print for one path spelled
// from the home or the root (the same place: rm -rf "$(realpath ~)" is
// rm -rf ~), and dirname for its operands. A relative path's depends on
// where the command runs and is not known here.
func pathOutput(name string, args []string) (string, bool) {
	var ops []string
	canon := name == "realpath"
	for _, a := range args {
		switch {
		case a == "--":
		case strings.HasPrefix(a, "--") && name != "dirname":
			switch a {
			case "--canonicalize", "--canonicalize-existing", "--canonicalize-missing":
				canon = true
			case "--quiet", "--silent", "--strip", "--no-symlinks", "--logical", "--physical", "--no-newline":
			default:
				return "", false
			}
		case strings.HasPrefix(a, "-") && len(a) > 1 && name != "dirname":
			if strings.Trim(a[1:], "femnqsLP") != "" {
				return "", false // -z ends its output with NUL; -v, --relative-to: not the path alone
			}
			canon = canon || strings.ContainsAny(a, "fem")
		case strings.HasPrefix(a, "-") && len(a) > 1:
			return "", false
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) == 0 || name != "dirname" && (len(ops) != 1 || !canon) {
		return "", false
	}
	var out strings.Builder
	for _, p := range ops {
		if name == "dirname" && (p == "$PWD" || p == "${PWD}") {
			// the parent of where the line runs, before any cd (after one,
			// $PWD is the walk's directory): cd "$(dirname "$PWD")" is cd ..
			out.WriteString("${PWD}/..\n")
			continue
		}
		home := p == "~" || p == "$HOME" || p == "${HOME}" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "$HOME/") || strings.HasPrefix(p, "${HOME}/")
		if !home && !strings.HasPrefix(p, "/") || strings.ContainsAny(strings.TrimPrefix(strings.TrimPrefix(p, "${HOME}"), "$HOME"), "$`*?[") {
			return "", false
		}
		switch {
		case name != "dirname":
			p = path.Clean(p)
		case p == "~" || p == "$HOME" || p == "${HOME}":
			p = "${HOME}/.." // the home's parent
		default:
			p = path.Dir(path.Clean(p))
		}
		out.WriteString(p + "\n")
	}
	return out.String(), true
}

// wordSubstitution is a command substitution whose output is one word
// with no shell syntax: the terminal ($(tty), GTFOBins' way to keep a
// shell's input and output on it), the user, the host.
var wordSubstitution = lazyRegexp(`\$\((?:tty|whoami|hostname|id -[ugn]+|logname)\)`)

// wordSubstitutions reports a word whose only expansions are word
// substitutions: text written with it ("/bin/sh <$(tty)" > FILE) is
// known but for those words, and kept with them as written, so that a
// program reading the text as commands reads the same structure.
func wordSubstitutions(v string) bool {
	if !strings.Contains(v, "$(") {
		return false
	}
	rest := wordSubstitution().ReplaceAllString(v, "")
	// $@ and $* beside them are the \$@ of code that hands its own
	// arguments on ('/bin/sh -c \$@|sh _ …'): as written, the same text;
	// the interactive shell that runs the line has no arguments either.
	rest = strings.NewReplacer("$@", "", "$*", "").Replace(rest)
	return !strings.ContainsAny(rest, "$`")
}

// echo follows bash's builtin: -n, -e and -E in leading option words.
func echo(args []string) string {
	newline, escapes := true, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		var stop bool
		s, stop = backslashes(s, true)
		if stop {
			return s
		}
	}
	if newline {
		s += "\n"
	}
	return s
}

// printf follows bash's builtin for %s %b %c %d %i %% and escapes; anything
// else makes the output unknown.
func printf(args []string) (string, bool) {
	dashed := len(args) > 0 && args[0] == "--"
	if dashed {
		args = args[1:] // printf -- '--x\n': a format that starts with -
	}
	if len(args) == 0 || !dashed && strings.HasPrefix(args[0], "-") {
		return "", false // no format, or -v VAR (no output)
	}
	format, args := args[0], args[1:]
	var b strings.Builder
	for {
		used := 0
		for i := 0; i < len(format); i++ {
			c := format[i]
			if c == '\\' {
				j := backslashEnd(format, i, false)
				s, _ := backslashes(format[i:j], false)
				b.WriteString(s)
				i = j - 1
				continue
			}
			if c != '%' {
				b.WriteByte(c)
				continue
			}
			j := i + 1
			for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
				j++
			}
			for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
				j++
			}
			if j == len(format) {
				return "", false
			}
			spec, verb := format[i+1:j], format[j]
			i = j
			if verb == '%' {
				b.WriteByte('%')
				continue
			}
			if n, _ := strconv.Atoi(strings.TrimLeft(strings.SplitN(spec, ".", 2)[0], "-+ #0")); n > 4096 {
				return "", false
			}
			arg := ""
			if used < len(args) {
				arg = args[used]
			}
			used++
			switch verb {
			case 's':
				fmt.Fprintf(&b, "%"+spec+"s", arg)
			case 'b':
				s, stop := backslashes(arg, true)
				fmt.Fprintf(&b, "%"+spec+"s", s)
				if stop {
					return b.String(), true
				}
			case 'c':
				if arg != "" {
					b.WriteByte(arg[0])
				}
			case 'd', 'i':
				n, err := strconv.ParseInt(strings.TrimSpace(arg), 0, 64)
				if err != nil && arg != "" {
					return "", false
				}
				fmt.Fprintf(&b, "%"+spec+"d", n)
			default:
				return "", false
			}
			if b.Len() > maxOutput {
				return "", false
			}
		}
		if used == 0 || used >= len(args) {
			break
		}
		args = args[used:]
	}
	return b.String(), true
}

// backslashEnd returns the end of the backslash escape at s[i].
func backslashEnd(s string, i int, echoStyle bool) int {
	j := i + 2
	if j > len(s) {
		return len(s)
	}
	switch c := s[i+1]; {
	case c == 'x':
		_, j = digits(s, i+2, 2, 16)
	case c == 'u':
		_, j = digits(s, i+2, 4, 16)
	case c == '0' && echoStyle:
		_, j = digits(s, i+2, 3, 8)
	case c >= '0' && c <= '7' && !echoStyle:
		_, j = digits(s, i+1, 3, 8)
	}
	return max(j, i+2)
}

// backslashes interprets echo -e / printf %b escapes (echoStyle: octal needs
// a leading 0) or printf format escapes. It reports \c, which ends output.
func backslashes(s string, echoStyle bool) (string, bool) {
	if !strings.Contains(s, `\`) {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		j := backslashEnd(s, i, echoStyle)
		switch c := s[i+1]; c {
		case 'c':
			return b.String(), true
		case 'x', 'u':
			n, _ := digits(s, i+2, j-i-2, 16)
			if j == i+2 {
				b.WriteString(s[i:j])
			} else if c == 'x' {
				b.WriteByte(byte(n))
			} else {
				b.WriteRune(rune(n))
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			start := i + 1
			if echoStyle {
				start = i + 2
			}
			if !echoStyle || c == '0' {
				n, _ := digits(s, start, j-start, 8)
				b.WriteByte(byte(n))
			} else {
				b.WriteString(s[i:j])
			}
		default:
			b.WriteString(ansiC(s[i:j]))
		}
		i = j - 1
	}
	return b.String(), false
}
