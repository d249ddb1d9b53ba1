package dsl

import (
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// findNarrows reports that every action of find c that deletes or runs a
// command (-delete, -exec, -execdir, -ok, -okdir) runs only on what a
// positive test before it, in its own branch, selects: a name, path, link
// or regex pattern that is not every name (-name x; -name '*' is all), a
// time (-mtime, -newer, …) that is not nearly all time (-mtime -100000,
// -newer /etc/hostname), -empty, -size of a megabyte or more or of one
// size, one file (-inum, -samefile) or an owner's absence (-nouser). A
// negated test (! -path '/proc/*'), an alternative's other branch (-path
// /proc -prune -o -delete), the type, owner, group, mode, link count or
// file system select nearly everything, so they narrow nothing: find /
// -not -name x -delete deletes the root as find / -delete does. A negated
// test of every name selects nothing, which narrows.
func findNarrows(c *cmdline.Command) bool {
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		args[i] = a.Value
	}
	var points []string
	start := cmdline.FindStart(len(args), func(i int) string { return args[i] }, func(i int) {
		points = append(points, path.Clean(args[i]))
	})
	p := findParser{args: args, i: start, points: points}
	p.or(false)
	return !p.broad
}

// findParser walks find's expression: or of ands of (negated) primaries
// and parenthesised groups. broad is set when an action runs where no
// test narrowed.
type findParser struct {
	args   []string
	i      int
	points []string
	broad  bool
}

// or parses alternatives; narrowed says what encloses them narrowed
// already. It reports whether every alternative narrows as a test.
func (p *findParser) or(narrowed bool) bool {
	all := p.and(narrowed)
	for p.i < len(p.args) {
		switch p.args[p.i] {
		case "-o", "-or", ",":
			p.i++
			// The branch after -o runs on what the one before did not
			// select, which its tests do not narrow.
			all = p.and(narrowed) && all
		default:
			return all
		}
	}
	return all
}

// and parses terms joined by and; it reports whether one of them narrows.
func (p *findParser) and(narrowed bool) bool {
	for p.i < len(p.args) {
		switch p.args[p.i] {
		case "-o", "-or", ",", ")":
			return narrowed
		case "-a", "-and":
			p.i++
			continue
		}
		if p.term(narrowed) {
			narrowed = true
		}
	}
	return narrowed
}

// term parses one (negated) primary or group and reports whether it
// narrows what the terms after it run on.
func (p *findParser) term(narrowed bool) bool {
	negated := false
	for p.i < len(p.args) && (p.args[p.i] == "!" || p.args[p.i] == "-not") {
		negated = !negated
		p.i++
	}
	if p.i >= len(p.args) {
		return false
	}
	v := p.args[p.i]
	p.i++
	switch v {
	case "(":
		n := p.or(narrowed)
		if p.i < len(p.args) && p.args[p.i] == ")" {
			p.i++
		}
		return n && !negated
	case "-delete":
		if !narrowed {
			p.broad = true
		}
		return false
	case "-exec", "-execdir", "-ok", "-okdir":
		if !narrowed {
			p.broad = true
		}
		for p.i < len(p.args) && p.args[p.i] != ";" && p.args[p.i] != "+" {
			p.i++
		}
		p.i++
		return false // it selects what the command succeeds on: unknown
	}
	arg := ""
	if findTakesArg(v) && p.i < len(p.args) {
		arg = p.args[p.i]
		p.i++
	}
	switch v {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname":
		return !p.everyName(arg) != negated
	case "-regex", "-iregex":
		return !universalRegex().MatchString(arg) != negated
	case "-false":
		return !negated
	case "-size":
		return !negated && findSizeNarrows(arg)
	case "-mtime", "-atime", "-ctime", "-used":
		return !negated && findAgeNarrows(arg, 1)
	case "-mmin", "-amin", "-cmin":
		return !negated && findAgeNarrows(arg, 24*60)
	case "-newer", "-anewer", "-cnewer":
		return !negated && !installedFile(arg)
	case "-empty", "-inum", "-samefile", "-nouser", "-nogroup":
		return !negated
	}
	if strings.HasPrefix(v, "-newer") {
		return !negated && (!strings.HasSuffix(v, "t") && !installedFile(arg) || strings.HasSuffix(v, "t") && !ancientDate(arg))
	}
	return false
}

// findAgeNarrows reports an age test (in days, or minutes: perDay per
// day) that leaves most files out: younger than ten years (-mtime
// -100000) or older than less than a day (-mtime +0, -mmin +5) take
// nearly every file.
func findAgeNarrows(v string, perDay int64) bool {
	sign := ""
	if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+") {
		sign, v = v[:1], v[1:]
	}
	n, err := strconv.ParseInt(v, 10, 64)
	switch {
	case err != nil:
		return true // unknown at run time: as the existing rule did, an age narrows
	case sign == "-":
		return n < 10*365*perDay
	case sign == "+":
		return n >= perDay
	}
	return true
}

// installedFile reports a reference file for -newer that the system wrote
// as it was installed (/etc/hostname, /bin/sh) or the root: nearly every
// file of a home or the root is newer.
func installedFile(p string) bool {
	p = path.Clean(p)
	for _, dir := range []string{"/etc", "/bin", "/sbin", "/usr", "/lib", "/lib64", "/boot", "/var/lib"} {
		if p == dir || strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return p == "/"
}

// ancientDate reports a -newermt date before 2000 (-newermt 1970-01-01,
// @0): every file is newer.
func ancientDate(v string) bool {
	if strings.HasPrefix(v, "@") {
		n, err := strconv.ParseInt(v[1:], 10, 64)
		return err == nil && n < 946684800
	}
	if len(v) < 4 {
		return false
	}
	year, err := strconv.Atoi(v[:4])
	return err == nil && year < 2000
}

// universalRegex matches a find -regex every path matches.
var universalRegex = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\.[*+])+$`) })

// everyName reports a name or path pattern every file below the starting
// points matches: only stars (and slashes), or a starting point followed
// by them (find ~ -path ~/'*').
func (p *findParser) everyName(pat string) bool {
	rest := strings.TrimRight(pat, "*/")
	if rest == "" {
		return pat != ""
	}
	// *?* is every name, and *.* every name with a dot: in a home or the
	// root, nearly everything.
	if t := strings.Trim(pat, "*"); t == "?" && pat != "?" || t == "." && strings.HasPrefix(pat, "*") && strings.HasSuffix(pat, "*") {
		return true
	}
	if !strings.HasSuffix(pat, "*") {
		return false
	}
	for _, s := range p.points {
		if path.Clean(rest) == s {
			return true
		}
	}
	return false
}

// findSizeNarrows reports a -size test that leaves most files out: one
// exact size, or more than a megabyte (-size +0 and -size -1M take nearly
// every file).
func findSizeNarrows(v string) bool {
	if v == "" || strings.HasPrefix(v, "-") {
		return false
	}
	more := strings.HasPrefix(v, "+")
	v = strings.TrimPrefix(v, "+")
	unit := int64(512)
	if n := len(v); n > 0 {
		switch v[n-1] {
		case 'c':
			unit, v = 1, v[:n-1]
		case 'w':
			unit, v = 2, v[:n-1]
		case 'b':
			v = v[:n-1]
		case 'k':
			unit, v = 1<<10, v[:n-1]
		case 'M':
			unit, v = 1<<20, v[:n-1]
		case 'G':
			unit, v = 1<<30, v[:n-1]
		}
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return true // unknown at run time: as the existing rule did, a size narrows
	}
	return !more || n*unit >= 1<<20
}

// findTakesArg reports a find primary or option that takes the next
// argument as its value.
func findTakesArg(v string) bool {
	switch v {
	case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname", "-regex", "-iregex",
		"-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-used", "-newer", "-anewer", "-cnewer", "-size",
		"-type", "-xtype", "-user", "-group", "-uid", "-gid", "-perm", "-links", "-fstype", "-inum", "-samefile",
		"-maxdepth", "-mindepth", "-regextype", "-fprint", "-fprint0", "-fls", "-printf", "-context", "-files0-from":
		return true
	case "-fprintf":
		return true // and its format, skipped as a term of its own
	}
	return strings.HasPrefix(v, "-newer") && len(v) == len("-newerXY")
}

// isRemover is cmdline.Remover for the rules (find ~ -exec gshred -u {} +).
func isRemover(word string) bool { return cmdline.Remover(word) }
