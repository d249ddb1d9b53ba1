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

// dbLangs are the database clients' languages, whose commands in a file
// given as standard input are read (psql < x.sql).
var dbLangs = set("sqlite", "mysql", "psql")

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
)

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
