package cmdline

import "strings"

var (
	// vimFeedkeys is feedkeys(KEYS): the keys are typed as if by the user.
	vimFeedkeys = lazyRegexp(`\bfeedkeys\s*\(\s*("(?:[^"\\]|\\.)*"|'[^']*')`)
	// vimTypedReturn are the Return key's spellings in :normal's keys
	// once an :execute's string is taken apart.
	vimTypedReturn = lazyRegexp(`(?i)\\?<(?:cr|enter|return|nl)>|\\r|\\n`)
	// vimReturnKey are the spellings of the Return key in a Vim string.
	vimReturnKey = lazyRegexp(`(?i)\\<(?:cr|enter|return|nl)>|\\r|\\n`)
)

// vimTypedEx returns the Ex command lines that keys typed by Vim script
// run: feedkeys(":!rm -rf ~\<CR>") and exe "normal :!rm -rf ~\<CR>" type
// a colon, a command line and Return, which runs the line as :!rm -rf ~
// would. A line without its Return is abandoned, so it runs nothing.
func vimTypedEx(ex string) []string {
	var keys []string
	for _, m := range vimFeedkeys().FindAllStringSubmatch(ex, -1) {
		keys = append(keys, vimStringKeys(m[1]))
	}
	// :normal's keys, once vimBare took an :execute's string apart; its
	// \<CR> may be left as <CR>, \r or a Return
	if name, rest, _ := strings.Cut(ex, " "); strings.HasPrefix(strings.TrimSuffix(name, "!"), "norm") &&
		strings.HasPrefix("normal", strings.TrimSuffix(name, "!")) {
		keys = append(keys, vimTypedReturn().ReplaceAllString(strings.ReplaceAll(rest, "\n", "\r"), "\r"))
	}
	var lines []string
	for _, k := range keys {
		for {
			i := strings.IndexByte(k, ':')
			if i < 0 {
				break
			}
			j := strings.IndexByte(k[i:], '\r')
			if j < 0 {
				break
			}
			lines = append(lines, k[i+1:i+j])
			k = k[i+j+1:]
		}
	}
	return lines
}

// vimStringKeys is a Vim string literal's text with the Return key's
// escapes as \r: a double-quoted string's \<CR>, \r, \n; a single-quoted
// one has no escapes.
func vimStringKeys(lit string) string {
	if len(lit) < 2 {
		return lit
	}
	body := lit[1 : len(lit)-1]
	if lit[0] == '\'' {
		return strings.ReplaceAll(body, "''", "'")
	}
	body = vimReturnKey().ReplaceAllString(body, "\r")
	return strings.ReplaceAll(strings.ReplaceAll(body, `\"`, `"`), `\\`, `\`)
}
