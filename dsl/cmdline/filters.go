package cmdline

import (
	"slices"
	"strconv"
	"strings"
)

// The filters here work out what a text filter prints of a text known in
// full, so a line that spells a command or a path through one (printf
// '%s\n' zpool destroy tank | tr '\n' '\0' | xargs -0 env, echo x:rm | cut
// -d: -f2 | sh) is judged as what the shell would run. A filter whose
// options are not read exactly prints unknown text.

// filterStatic is what cut or awk '{print $N}' prints of text.
func filterStatic(c *Command, text string) (string, bool) {
	switch c.Name {
	case "cut":
		delim, list, only, ok := cutOptions(c.Args)
		if !ok {
			return "", false
		}
		return mapLines(text, func(line string) (string, bool) {
			if !strings.Contains(line, delim) {
				return line, !only // cut prints a line without the delimiter whole, or not with -s
			}
			fields := strings.Split(line, delim)
			var keep []string
			for i, f := range fields {
				if list(i + 1) {
					keep = append(keep, f)
				}
			}
			return strings.Join(keep, delim), true
		}), true
	case "head":
		n, ok := headLines(c.Args)
		if !ok {
			return "", false
		}
		lines := strings.SplitAfter(text, "\n")
		return strings.Join(lines[:min(n, len(lines))], ""), true
	case "awk", "gawk", "mawk", "nawk":
		sep, n, ok := awkPrintField(c.Args)
		if !ok {
			return "", false
		}
		return mapLines(text, func(line string) (string, bool) {
			var fields []string
			if sep == "" {
				fields = strings.Fields(line)
			} else {
				fields = strings.Split(line, sep)
			}
			if n == 0 {
				return line, true
			}
			if n <= len(fields) {
				return fields[n-1], true
			}
			return "", true
		}), true
	}
	return "", false
}

// lineFilter reports a command that prints some of its input's lines
// whole: grep without options that change what it prints, head, tail,
// sort, uniq.
func lineFilter(c *Command) bool {
	switch c.Name {
	case "grep", "egrep", "fgrep", "rg":
		return !slices.ContainsFunc(c.Args, func(a Word) bool {
			return strings.HasPrefix(a.Value, "-") && strings.ContainsAny(strings.TrimLeft(a.Value, "-"), "ocvl") || a.Dynamic
		})
	case "head", "tail", "sort", "uniq", "cat", "tac":
		return true
	}
	return false
}

// accountField is the field awk -F: 'COND{print $N}' prints of the lines
// it selects, 0 for none: the home of an account it picks by name
// (awk -F: -v u=u '$1==u{print $6}' /etc/passwd).
func accountField(c *Command) int {
	if c.Name != "awk" && c.Name != "gawk" && c.Name != "mawk" && c.Name != "nawk" {
		return 0
	}
	sep := ""
	for i, a := range c.Args {
		switch {
		case a.Dynamic:
			return 0
		case a.Value == "-F" && i+1 < len(c.Args):
			sep = c.Args[i+1].Value
		case strings.HasPrefix(a.Value, "-F"):
			sep = a.Value[2:]
		case strings.Contains(a.Value, "{"):
			prog := a.Value[strings.IndexByte(a.Value, '{'):]
			if _, n, ok := awkPrintField([]Word{{Value: prog}}); ok && sep == ":" {
				return n
			}
			return 0
		}
	}
	return 0
}

// readsAccounts reports a command that prints lines of the account
// database: one reading /etc/passwd (as its operand or its input) that
// prints some of its lines whole, or an awk picking a field of them.
func readsAccounts(c *Command, in Input) bool {
	if !lineFilter(c) && accountField(c) == 0 {
		return false
	}
	if in.Kind == "file" && in.From == "/etc/passwd" {
		return true
	}
	return slices.ContainsFunc(c.Args, func(a Word) bool { return !a.Dynamic && a.Value == "/etc/passwd" })
}

// headLines is the count of lines head -n N (-N, -nN, --lines=N) keeps;
// 10 with none.
func headLines(args []Word) (int, bool) {
	n := 10
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			return 0, false
		case v == "-n" && i+1 < len(args) && !args[i+1].Dynamic:
			i++
			v = args[i].Value
		case strings.HasPrefix(v, "--lines="):
			v = strings.TrimPrefix(v, "--lines=")
		case strings.HasPrefix(v, "-n"):
			v = v[2:]
		case strings.HasPrefix(v, "-") && len(v) > 1:
			v = v[1:]
		default:
			return 0, false // a file operand
		}
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 {
			return 0, false
		}
		n = k
	}
	return n, true
}

// mapLines applies f to each line of text, keeping the final newline;
// a line f does not keep is left out.
func mapLines(text string, f func(string) (string, bool)) string {
	body, nl := strings.CutSuffix(text, "\n")
	var lines []string
	for l := range strings.SplitSeq(body, "\n") {
		if out, keep := f(l); keep {
			lines = append(lines, out)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	out := strings.Join(lines, "\n")
	if nl {
		out += "\n"
	}
	return out
}

// cutOptions reads cut -d DELIM -f LIST (also -dDELIM, -fLIST,
// --delimiter=, --fields=) and -s (--only-delimited); any other option,
// or a missing one, is not read.
func cutOptions(args []Word) (string, func(int) bool, bool, bool) {
	delim, fields, files, only := "", "", 0, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return "", nil, false, false
		}
		v := a.Value
		next := func() (string, bool) {
			if i+1 >= len(args) || args[i+1].Dynamic {
				return "", false
			}
			i++
			return args[i].Value, true
		}
		var ok bool
		switch {
		case v == "-d" || v == "--delimiter":
			delim, ok = next()
		case v == "-f" || v == "--fields":
			fields, ok = next()
		case strings.HasPrefix(v, "--delimiter="):
			delim, ok = strings.TrimPrefix(v, "--delimiter="), true
		case strings.HasPrefix(v, "--fields="):
			fields, ok = strings.TrimPrefix(v, "--fields="), true
		case strings.HasPrefix(v, "-d") && len(v) > 2:
			delim, ok = v[2:], true
		case strings.HasPrefix(v, "-f") && len(v) > 2:
			fields, ok = v[2:], true
		case v == "-s" || v == "--only-delimited":
			only, ok = true, true
		case v == "-" || !strings.HasPrefix(v, "-"):
			files++ // a file operand: cut reads it, not its input
		}
		if strings.HasPrefix(v, "-") && v != "-" && !ok {
			return "", nil, false, false
		}
	}
	if len(delim) != 1 || fields == "" || files > 0 {
		return "", nil, false, false
	}
	list, ok := fieldList(fields)
	return delim, list, only, ok
}

// fieldList reads cut's LIST: N, N-M, N-, -M, comma separated.
func fieldList(s string) (func(int) bool, bool) {
	type span struct{ lo, hi int }
	var spans []span
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, b := 1, 1<<30
		var err error
		if lo != "" {
			if a, err = strconv.Atoi(lo); err != nil || a < 1 {
				return nil, false
			}
		}
		switch {
		case !isRange:
			b = a
		case hi != "":
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, false
			}
		case lo == "":
			return nil, false // a lone "-"
		}
		spans = append(spans, span{a, b})
	}
	return func(n int) bool {
		for _, sp := range spans {
			if n >= sp.lo && n <= sp.hi {
				return true
			}
		}
		return false
	}, true
}

// awkPrintField reads awk [-F SEP] '{print $N}' with no file operand: a
// one-character or absent separator (absent: runs of blanks) and field N.
func awkPrintField(args []Word) (string, int, bool) {
	sep, prog := "", ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return "", 0, false
		case a.Value == "-F" && i+1 < len(args) && !args[i+1].Dynamic:
			i++
			sep = args[i].Value
		case strings.HasPrefix(a.Value, "-F") && len(a.Value) > 2:
			sep = a.Value[2:]
		case prog == "" && !strings.HasPrefix(a.Value, "-"):
			prog = a.Value
		default:
			return "", 0, false
		}
	}
	if len(sep) > 1 || sep == " " {
		return "", 0, false
	}
	body, open := strings.CutPrefix(strings.TrimSpace(prog), "{")
	body, closed := strings.CutSuffix(strings.TrimSpace(body), "}")
	if !open || !closed {
		return "", 0, false
	}
	body = strings.TrimSuffix(strings.TrimSpace(body), ";")
	field, ok := strings.CutPrefix(body, "print")
	field = strings.TrimSpace(field)
	if !ok || !strings.HasPrefix(field, "$") {
		return "", 0, false
	}
	n, err := strconv.Atoi(field[1:])
	if err != nil || n < 0 {
		return "", 0, false
	}
	return sep, n, true
}

// translate is what tr SET1 SET2 or tr -d SET1 prints of text, for sets of
// characters, escapes, ranges and the ASCII classes; other options (-s,
// -c) and forms ([c*n], [=c=]) are not read.
func translate(args []Word, text string) (string, bool) {
	del, truncate, ended := false, false, false
	var sets []string
	for _, a := range args {
		switch {
		case a.Dynamic:
			return "", false
		case ended:
		case a.Value == "--":
			ended = true
			continue
		case a.Value == "-d" || a.Value == "--delete":
			del = true
			continue
		case a.Value == "-t" || a.Value == "--truncate-set1":
			truncate = true
			continue
		case strings.HasPrefix(a.Value, "-") && len(a.Value) > 1:
			return "", false
		}
		set, ok := trSet(a.Value)
		if !ok {
			return "", false
		}
		sets = append(sets, set)
	}
	if truncate && len(sets) == 2 && len(sets[0]) > len(sets[1]) {
		sets[0] = sets[0][:len(sets[1])] // tr -t: SET1 cut to SET2's length
	}
	return translateSets(del, sets, text)
}

// translateSets applies tr's expanded sets to text.
func translateSets(del bool, sets []string, text string) (string, bool) {
	switch {
	case del && len(sets) == 1:
		return strings.Map(func(r rune) rune {
			if r < 0x80 && strings.IndexByte(sets[0], byte(r)) >= 0 {
				return -1
			}
			return r
		}, text), true
	case !del && len(sets) == 2 && sets[1] != "":
		from, to := sets[0], sets[1]
		var table [128]int16
		for i := range table {
			table[i] = -1
		}
		for i := 0; i < len(from); i++ {
			table[from[i]] = int16(to[min(i, len(to)-1)]) // tr repeats SET2's last character
		}
		return strings.Map(func(r rune) rune {
			if r < 0x80 && table[r] >= 0 {
				return rune(table[r])
			}
			return r
		}, text), true
	}
	return "", false
}

// trClasses are the ASCII classes tr's sets may name.
var trClasses = [...]struct{ name, chars string }{
	{"[:upper:]", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"},
	{"[:lower:]", "abcdefghijklmnopqrstuvwxyz"},
	{"[:digit:]", "0123456789"},
	{"[:space:]", "\t\n\v\f\r "},
	{"[:blank:]", "\t "},
}

// trSet expands one of tr's sets to its ASCII characters in order.
func trSet(s string) (string, bool) {
	var chars []byte
	for i := 0; i < len(s); {
		if class, n := trClass(s[i:]); n > 0 {
			chars = append(chars, class...)
			i += n
			continue
		}
		if s[i] == '[' && strings.ContainsAny(s[i:], "*=:") && strings.Contains(s[i:], "]") {
			return "", false // [c*n], [=c=], another class
		}
		c, n, ok := trChar(s[i:])
		if !ok {
			return "", false
		}
		i += n
		if i+1 < len(s) && s[i] == '-' {
			hi, m, ok := trChar(s[i+1:])
			if !ok || hi < c {
				return "", false
			}
			for x := int(c); x <= int(hi); x++ {
				chars = append(chars, byte(x))
			}
			i += 1 + m
			continue
		}
		chars = append(chars, c)
	}
	return string(chars), true
}

// trClass is the class s starts with and the length of its name.
func trClass(s string) (string, int) {
	for _, c := range trClasses {
		if strings.HasPrefix(s, c.name) {
			return c.chars, len(c.name)
		}
	}
	return "", 0
}

// trChar reads one character of a tr set: a plain ASCII byte, a backslash
// escape or an octal \NNN.
func trChar(s string) (byte, int, bool) {
	if s[0] >= 0x80 {
		return 0, 0, false
	}
	if s[0] != '\\' || len(s) == 1 {
		return s[0], 1, true
	}
	if s[1] >= '0' && s[1] <= '7' {
		n, v := 1, 0
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		if v >= 0x80 {
			return 0, 0, false
		}
		return byte(v), n, true
	}
	if i := strings.IndexByte("ntrabfv", s[1]); i >= 0 {
		return "\n\t\r\a\b\f\v"[i], 2, true
	}
	return s[1], 2, true // \\ and any other escaped character
}

// accountHome is the home field of what getent passwd NAME prints: ~NAME
// for a name (or ~root for uid 0), the home of some account (~) for a name
// or uid known only at run time ($USER, $(id -u)). Listing every account,
// or another database, has no one home.
func accountHome(c *Command) (string, bool) {
	var ops []Word
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Dynamic && len(ops) == 0:
			return "", false
		case !a.Dynamic && (a.Value == "-s" || a.Value == "--service") && len(ops) == 0:
			i++ // getent -s files passwd u
		case !a.Dynamic && len(ops) == 0 && (a.Value == "--" || a.Value == "-i" || a.Value == "--no-idn" || strings.HasPrefix(a.Value, "--service=") || strings.HasPrefix(a.Value, "-s") && len(a.Value) > 2):
		case !a.Dynamic && a.Value == "--" && len(ops) == 1:
		case !a.Dynamic && strings.HasPrefix(a.Value, "-"):
			return "", false
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) == 1 && !ops[0].Dynamic && ops[0].Value == "passwd" {
		return "~", true // every account: each line a home
	}
	if len(ops) != 2 || ops[0].Dynamic || ops[0].Value != "passwd" {
		return "", false
	}
	name := ops[1]
	switch {
	case name.Dynamic:
		return "~", true
	case name.Value == "0":
		return "~root", true
	case strings.Trim(name.Value, "0123456789") == "":
		return "~", true // a uid: most often a person's
	case validUserName(name.Value):
		return "~" + name.Value, true
	}
	return "", false
}

// validUserName reports a name useradd would take.
func validUserName(s string) bool {
	if s == "" || len(s) > 32 || s[0] == '-' {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return true
}
