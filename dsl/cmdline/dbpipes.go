package cmdline

import "strings"

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
}

var (
	// psqlOutput is psql's \o (\out), \g, \gx and \w (\write), with \g's
	// (option=value …) passed over, and what follows: |CMD to the line's
	// end, or a file
	psqlOutput = lazyRegexp(`\\(?:o|out|gx?|w|write)(?:[ \t]*\([^)\n]*\))?(?:[ \t]*(\|.*)|[ \t]+(.*)|$)`)
	// psqlPager is psql's \setenv of a pager variable: the pager it
	// starts for a long result
	psqlPager = lazyRegexp(`\\setenv[ \t]+(?:PAGER|PSQL_PAGER|PSQL_WATCH_PAGER)[ \t]+(.+)`)
	// sqlitePipe is a dot command whose file may be |CMD, quoted or not,
	// after its options (.once -x, .import --csv)
	sqlitePipe = lazyRegexp(`(?m)^[ \t]*\.(?:output|once|read|import|excel)[ \t]+(?:-\S+[ \t]+)*(?:'\|([^'\n]*)'|"\|([^"\n]*)"|\|(.*))`)
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
		for _, m := range sqlitePipe().FindAllStringSubmatch(code, 16) {
			out = append(out, clientPipe{cmd: m[1] + m[2] + m[3]})
		}
	case "mysql":
		for _, line := range strings.FieldsFunc(code, func(r rune) bool { return r == '\n' || r == ';' }) {
			word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
			rest = strings.TrimSpace(rest)
			switch {
			case strings.EqualFold(word, "pager") && rest != "":
				out = append(out, clientPipe{cmd: rest, pager: true})
			case strings.EqualFold(word, "tee") && rest != "":
				out = append(out, clientPipe{file: strings.Trim(rest, `'"`)})
			}
		}
		for _, m := range mysqlShort().FindAllStringSubmatch(code, 8) {
			arg := strings.TrimSpace(m[2])
			switch {
			case arg == "":
			case m[1] == "P":
				out = append(out, clientPipe{cmd: arg, pager: true})
			default:
				out = append(out, clientPipe{file: strings.Trim(arg, `'"`)})
			}
		}
	}
	return out
}
