package cmdline

import (
	"cmp"
	"strings"
)

// The database clients' own commands that send output to a program or a
// file: psql's \o, \g and \w with |CMD or FILE (and -o, the catalogue's
// pipe option) and its \setenv PAGER CMD, sqlite3's .output, .once,
// .read, .import and .excel with |CMD, mysql's pager CMD (\P) and tee
// FILE (\T). The CMD is a shell line the client starts with popen, as \!
// and .shell start theirs.

// clientPipe is one such command: cmd a shell line run (pager: as the
// client's pager, where a pager is no escape), or file a file written.
type clientPipe struct {
	cmd, file string
	pager     bool
	appends   bool // mysql's tee adds to the file
}

var (
	// psqlOutput is psql's \o (\out), \g, \gx and \w (\write), with \g's
	// (option=value …) passed over, and what follows: |CMD to the line's
	// end, or a file
	psqlOutput = lazyRegexp(`\\(?:o|out|gx?|w|write)(?:[ \t]*\([^)\n]*\))?(?:[ \t]*(\|.*)|[ \t]+(.*)|$)`)
	// psqlPager is psql's \setenv of a pager variable: the pager it
	// starts for a long result
	psqlPager = lazyRegexp(`\\setenv[ \t]+(?:PAGER|PSQL_PAGER|PSQL_WATCH_PAGER)[ \t]+(.+)`)
	// sqlitePipe is what follows a dot command's options (.once -x,
	// .import --csv) when it is |CMD, quoted or not
	sqlitePipe = lazyRegexp(`^(?:-\S+[ \t]+)*(?:'\|([^'\n]*)'|"\|([^"\n]*)"|\|(.*))`)
	// mysqlShort is mysql's \P CMD and \T FILE, anywhere on a line, up to
	// a ; or the line's end
	mysqlShort = lazyRegexp(`\\([PT])[ \t]*([^;\n]*)`)
	// psqlInclude is psql's \i, \ir, \include and \include_relative
	// FILE, quoted or not
	psqlInclude = lazyRegexp(`\\(?:i|ir|include|include_relative)[ \t]+('[^'\n]*'|"[^"\n]*"|[^ \t\n\\]+)`)
	// mysqlSource is mysql's source FILE, which starts its line, and
	// \. FILE anywhere, up to a ; or the line's end
	mysqlSource = lazyRegexp(`(?im)(?:^[ \t]*source[ \t]+|\\\.[ \t]*)([^;\n]+)`)
)

// DBIncludes are the files lang's code (sqlite, mysql, psql) reads as
// more of its own commands: psql's \i FILE, sqlite3's .read FILE,
// mysql's source FILE (a |CMD to .read is clientPipes').
func DBIncludes(lang, code string) []string {
	var out []string
	add := func(name string) {
		if name = strings.Trim(strings.TrimSpace(name), `'"`); name != "" && !strings.HasPrefix(name, "|") && len(out) < 16 {
			out = append(out, name)
		}
	}
	switch lang {
	case "psql":
		for _, m := range psqlInclude().FindAllStringSubmatch(code, 16) {
			add(m[1])
		}
	case "sqlite":
		for _, line := range strings.Split(code, "\n") {
			line = strings.TrimSpace(line)
			if i := strings.IndexAny(line, " \t"); i > 0 && sqliteDot(line[:i]) == "read" {
				add(line[i:])
			}
		}
	case "mysql":
		for _, m := range mysqlSource().FindAllStringSubmatch(code, 16) {
			add(m[1])
		}
	}
	return out
}

// clientPipes are the commands and files lang's code (sqlite, mysql, psql)
// sends output to.
func clientPipes(lang, code string) []clientPipe {
	var out []clientPipe
	switch lang {
	case "psql":
		for _, line := range strings.Split(code, "\n") {
			for _, m := range psqlPager().FindAllStringSubmatch(line, 2) {
				out = append(out, clientPipe{cmd: strings.Trim(strings.TrimSpace(m[1]), `'"`), pager: true})
			}
			for _, m := range psqlOutput().FindAllStringSubmatch(line, 8) {
				rest := strings.TrimSpace(m[1] + m[2])
				if q := rest[:min(len(rest), 1)]; (q == "'" || q == `"`) && strings.HasPrefix(rest[1:], "|") {
					// \o '|CMD': psql takes the argument unquoted, then pipes
					rest, _, _ = strings.Cut(rest[1:], q)
				}
				if cmd, ok := strings.CutPrefix(rest, "|"); ok {
					out = append(out, clientPipe{cmd: cmd})
				} else if f := strings.Fields(rest); len(f) > 0 && !strings.HasPrefix(f[0], `\`) {
					out = append(out, clientPipe{file: strings.Trim(f[0], `'"`)})
				}
			}
		}
	case "sqlite":
		for _, line := range strings.Split(code, "\n") {
			line = strings.TrimSpace(line)
			word, rest := line, ""
			if i := strings.IndexAny(line, " \t"); i >= 0 {
				word, rest = line[:i], strings.TrimSpace(line[i:])
			}
			switch name := sqliteDot(word); {
			case name == "shell" || name == "system":
				if word != ".shell" && word != ".system" { // those are runCode's own
					out = append(out, clientPipe{cmd: cmp.Or(rest, "sh")})
				}
			case name != "":
				if m := sqlitePipe().FindStringSubmatch(rest); m != nil {
					out = append(out, clientPipe{cmd: m[1] + m[2] + m[3]})
				}
			}
		}
	case "mysql":
		for _, line := range strings.FieldsFunc(code, func(r rune) bool { return r == '\n' || r == ';' }) {
			word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
			rest = strings.TrimSpace(rest)
			switch {
			case strings.EqualFold(word, "pager") && rest != "":
				out = append(out, clientPipe{cmd: rest, pager: true})
			case strings.EqualFold(word, "tee") && rest != "":
				out = append(out, clientPipe{file: strings.Trim(rest, `'"`), appends: true})
			}
		}
		for _, m := range mysqlShort().FindAllStringSubmatch(code, 8) {
			arg := strings.TrimSpace(m[2])
			switch {
			case arg == "":
			case m[1] == "P":
				out = append(out, clientPipe{cmd: arg, pager: true})
			default:
				out = append(out, clientPipe{file: strings.Trim(arg, `'"`), appends: true})
			}
		}
	}
	return out
}

// sqliteDots are the sqlite3 shell's dot commands that open a pipe or run
// a command, with the shortest prefix it takes for each (it matches a
// dot command by any prefix: .o is .output, .sh is .shell).
var sqliteDots = []struct {
	name string
	min  int
}{{"output", 1}, {"once", 2}, {"read", 3}, {"import", 2}, {"excel", 5}, {"shell", 2}, {"system", 2}}

// sqliteDot is the dot command word names (".out" is "output"), of
// sqliteDots, or "".
func sqliteDot(word string) string {
	w, ok := strings.CutPrefix(word, ".")
	if !ok {
		return ""
	}
	for _, d := range sqliteDots {
		if len(w) >= d.min && strings.HasPrefix(d.name, w) {
			return d.name
		}
	}
	return ""
}

// psqlSet is psql's \set NAME VALUE…, its values up to the line's end or
// the next backslash command.
var psqlSet = lazyRegexp(`\\set[ \t]+([A-Za-z0-9_]+)[ \t]*([^\n\\]*(?:\\\\[^\n\\]*)*)`)

// psqlVariables are the variables psql is given: -v NAME=VALUE (--set,
// --variable, attached or not) among args, and \set NAME VALUE in any of
// its code (every -c reaches the same session, as every -f FILE does,
// whose text file gives when known) and in code.
func psqlVariables(args []Word, code string, file func(string) string) map[string]string {
	vars := map[string]string{}
	assign := func(s string) {
		if name, value, ok := strings.Cut(s, "="); ok && name != "" {
			vars[name] = value
		}
	}
	sets := []string{code}
	for i, a := range args {
		v := a.Value
		switch {
		case v == "-v" || v == "--set" || v == "--variable":
			if i+1 < len(args) {
				assign(args[i+1].Value)
			}
		case strings.HasPrefix(v, "--set=") || strings.HasPrefix(v, "--variable="):
			_, rest, _ := strings.Cut(v, "=")
			assign(rest)
		case strings.HasPrefix(v, "-v"):
			assign(v[2:])
		case strings.Contains(v, `\set`):
			sets = append(sets, v)
		case (v == "-f" || v == "--file") && i+1 < len(args):
			sets = append(sets, file(args[i+1].Value))
		case strings.HasPrefix(v, "--file="):
			sets = append(sets, file(v[len("--file="):]))
		case strings.HasPrefix(v, "-f"):
			sets = append(sets, file(v[2:]))
		}
	}
	for _, s := range sets {
		for _, m := range psqlSet().FindAllStringSubmatch(s, 16) {
			vars[m[1]] = psqlArgs(m[2])
		}
	}
	return vars
}

// psqlArgs is the value \set makes of its arguments: each unquoted (in
// single quotes, a doubled quote is one and a backslash escapes), and
// joined with nothing between them, as psql joins them.
func psqlArgs(s string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'' && quoted && i+1 < len(s) && s[i+1] == '\'':
			b.WriteByte('\'')
			i++
		case ch == '\'':
			quoted = !quoted
		case ch == '\\' && quoted && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case !quoted && (ch == ' ' || ch == '\t'):
			// a blank between arguments: psql joins them without it
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// psqlInterpolate puts vars' values in place of code's :NAME, :'NAME' and
// :"NAME" (not a cast's ::NAME), once: a value is not expanded again.
func psqlInterpolate(code string, vars map[string]string) string {
	if len(vars) == 0 || !strings.Contains(code, ":") {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		if code[i] != ':' || i > 0 && code[i-1] == ':' || i+1 < len(code) && code[i+1] == ':' {
			b.WriteByte(code[i])
			continue
		}
		rest, quote := code[i+1:], ""
		if rest != "" && (rest[0] == '\'' || rest[0] == '"') {
			quote, rest = rest[:1], rest[1:]
		}
		n := 0
		for n < len(rest) && (rest[n] == '_' || rest[n] >= '0' && rest[n] <= '9' || rest[n]|0x20 >= 'a' && rest[n]|0x20 <= 'z') {
			n++
		}
		value, known := vars[rest[:n]]
		if n == 0 || !known || quote != "" && !strings.HasPrefix(rest[n:], quote) {
			b.WriteByte(code[i])
			continue
		}
		b.WriteString(value)
		i += len(quote)*2 + n
	}
	return b.String()
}

// psqlMeta finds where a line's psql meta-command starts: a backslash
// and its command's name, at the line's start or after a blank.
var psqlMeta = lazyRegexp(`(?:^|[ \t])\\[A-Za-z!?]`)

// psqlBackquotes are the shell lines psql runs for `…` in its
// meta-commands' arguments (\echo `CMD`, \set x `CMD`), whose output
// takes their place; in single quotes a backquote is a character, and
// in SQL nothing is run.
func psqlBackquotes(code string) []string {
	var out []string
	for _, line := range strings.Split(code, "\n") {
		loc := psqlMeta().FindStringIndex(line)
		if loc == nil {
			continue
		}
		quoted, start := false, -1
		for i := loc[1]; i < len(line) && len(out) < 16; i++ {
			switch c := line[i]; {
			case c == '`' && !quoted && start < 0:
				start = i + 1
			case c == '`' && start >= 0:
				out = append(out, line[start:i])
				start = -1
			case c == '\'' && start < 0:
				quoted = !quoted
			case c == '\\' && quoted:
				i++ // '\'' is a quote in a quoted argument
			}
		}
	}
	return out
}
