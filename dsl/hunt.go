package dsl

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// A search names secret files by pattern rather than by path: find ~ -name
// id_rsa -exec cat {} \;, locate .pgpass | xargs cat, cat $(fd -H -e pem),
// grep -rl 'PRIVATE KEY' / | xargs base64, and grep -r 'BEGIN OPENSSH
// PRIVATE KEY' -A40 ~ prints the keys it finds. No path in those lines is a
// secret file, so secretFiles alone misses them.

// huntedSecrets are the searches for secret files whose results c reads: a
// finder's -exec or -x command, xargs fed by a finder, or a finder's output
// substituted into c's words; and the secret lines a recursive grep over a
// broad directory prints. Each is returned as the search's pattern.
func huntedSecrets(c *cmdline.Command, line *cmdline.Line, env *CommandEnv, home string) []string {
	prog := programName(c.Name)
	var out []string
	if recursiveReaders.has(prog) && prog != "diff" && prog != "colordiff" {
		if p := grepPrintsSecrets(prog, withPatternFiles(prog, env.Args, c, env), env.Positional, env.Cwd); p != "" {
			out = append(out, p)
		}
	}
	if secretUsers.has(c.Name) || secretUsers.has(prog) {
		return out
	}
	prints := printsFiles(prog, env.Args)
	// a word below the directory it is given ({}/credentials, a shell's
	// "$1"/*) reads the files in the directories a find takes; a shell
	// that only lists or sizes them (sh -c 'du -sh "$1"') does not
	readsChildren := slices.ContainsFunc(env.Args, belowPlaceholder().MatchString)
	hunt := func(name string, args []string) {
		if p := secretSearch(programName(name), args); p != "" {
			out = append(out, p)
		} else if p := wholeSearch(programName(name), args, env.Cwd, home, readsChildren); p != "" && prints {
			out = append(out, p) // find ~ -type f -exec cat {} +: every file of the home, its keys among them
		}
	}
	if n := len(c.Wrappers); n > 0 {
		switch w := c.Wrappers[n-1]; programName(w.Name) {
		case "find", "gfind", "bfs", "fd", "fdfind":
			// The finder is the command emitted before c at the same place.
			for i := len(line.Commands) - 1; i >= 0; i-- {
				f := line.Commands[i]
				if f != c && f.Pos == c.Pos && f.Name == w.Name {
					hunt(f.Name, wordValues(f.Args))
					break
				}
			}
		case "xargs", "gxargs", "parallel":
			list := "-"
			if v := optionValues(w.Args, []string{"a", "arg-file"}, true); len(v) > 0 {
				list = v[0] // ls ~/.aws/* > l; xargs -a l cat
			}
			for _, f := range listFeeders(c, line, list) {
				hunt(f.Name, wordValues(f.Args))
			}
		}
	}
	if p := parallelOf(c, line); p != nil {
		for _, f := range listFeeders(p, line, "-") {
			hunt(f.Name, wordValues(f.Args)) // find ~/.ssh -name 'id_*' | parallel cat
		}
	}
	if list, ok := readsList(prog, c, env.Args); ok {
		for _, f := range listFeeders(c, line, list) {
			hunt(f.Name, wordValues(f.Args))
		}
	}
	for _, a := range c.Args {
		if a.Dynamic && (strings.Contains(a.Value, "$(") || strings.Contains(a.Value, "`")) {
			for _, f := range substituted(a.Value) {
				hunt(f.Name, wordValues(f.Args))
				if args := wordValues(f.Args); f.Name == "cat" && len(args) == 1 && !strings.HasPrefix(args[0], "-") {
					// "$(cat l)": the list a command before wrote (ls
					// ~/.aws/* > l; parallel -a l cat, cat $(cat l))
					for _, g := range listFeeders(c, line, args[0]) {
						hunt(g.Name, wordValues(g.Args))
					}
				}
			}
		}
	}
	return out
}

// belowPlaceholder matches a word that names a path below the one a
// finder hands on: {}/x, $1/*, ${f}/.
var belowPlaceholder = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(\{\}|\$\{?[A-Za-z0-9_@]+\}?)["']?/`)
})

// parallelOf is the GNU parallel that runs c with words read from its
// input (ls ~/.aws/* | parallel cat: the walk gives c a "$(cat)" word, one
// carrier in), as xargs does when it is c's wrapper; nil for another c.
func parallelOf(c *cmdline.Command, line *cmdline.Line) *cmdline.Command {
	n := len(c.Via)
	if n == 0 || c.Via[n-1] != "parallel" {
		return nil
	}
	for i := slices.Index(line.Commands, c) - 1; i >= 0; i-- {
		if p := line.Commands[i]; p.Pos == c.Pos && len(p.Via) == n-1 && programName(p.Name) == "parallel" {
			return p
		}
	}
	return nil
}

// substituted parses the commands of a word's $(…) or `…` substitutions.
// It is only reached for a word holding one, which is rare.
func substituted(word string) []*cmdline.Command {
	inner := word
	if i := strings.Index(inner, "$("); i >= 0 {
		inner = inner[i+2:]
		if j := strings.LastIndexByte(inner, ')'); j >= 0 {
			inner = inner[:j]
		}
	} else if i := strings.IndexByte(inner, '`'); i >= 0 {
		inner = inner[i+1:]
		if j := strings.LastIndexByte(inner, '`'); j >= 0 {
			inner = inner[:j]
		}
	}
	if len(inner) > 4096 {
		return nil
	}
	return cmdline.ParseShell(inner, "bash").Commands
}

func wordValues(ws []cmdline.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}

// secretSearch is the first pattern of a finder's arguments that names
// secret files: find's -name, -iname, -path, -wholename and -regex, fd's
// pattern, -e and -g, locate's patterns, and grep -l's content pattern
// (files holding a private key). "" when none does.
func secretSearch(prog string, args []string) string {
	value := func(i int) string {
		if i+1 < len(args) {
			return args[i+1]
		}
		return ""
	}
	switch prog {
	case "find", "gfind", "bfs":
		for i, a := range args {
			switch a {
			case "-name", "-path", "-wholename", "-lname":
				if globNamesSecret(value(i), false) {
					return value(i)
				}
			case "-iname", "-ipath", "-iwholename", "-ilname":
				if globNamesSecret(value(i), true) {
					return value(i)
				}
			case "-regex", "-iregex":
				if regexpNamesSecret(value(i), a == "-iregex", true) {
					return value(i)
				}
			}
			if (a == "-path" || a == "-wholename" || a == "-ipath" || a == "-iwholename") && pathGlobNamesSecret(value(i), a[1] == 'i') {
				return value(i)
			}
		}
		if p := browserSearch(args); p != "" {
			return p
		}
		return holderSearch(prog, args)
	case "fd", "fdfind":
		glob := hasFlag(args, []string{"g", "glob"})
		for i, a := range args {
			switch {
			case a == "-e" || a == "--extension":
				if globNamesSecret("*."+strings.TrimPrefix(value(i), "."), true) {
					return value(i)
				}
			case strings.HasPrefix(a, "--extension="):
				if v := strings.TrimPrefix(a, "--extension="); globNamesSecret("*."+strings.TrimPrefix(v, "."), true) {
					return v
				}
			case strings.HasPrefix(a, "-") || i > 0 && (args[i-1] == "-e" || args[i-1] == "--extension" || args[i-1] == "-t" || args[i-1] == "--type" || args[i-1] == "-E" || args[i-1] == "--exclude" || args[i-1] == "-d" || args[i-1] == "--max-depth"):
			case glob && globNamesSecret(a, false), !glob && regexpNamesSecret(a, true, false):
				return a
			}
		}
		if p := fdBrowserSearch(args, glob); p != "" {
			return p
		}
		return holderSearch(prog, args)
	case "locate", "plocate", "mlocate", "slocate":
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if strings.ContainsAny(a, "*?[") && globNamesSecret(a, true) || !strings.ContainsAny(a, "*?[") && substringNamesSecret(a) {
				return a
			}
		}
	case "ls", "gls", "echo", "printf", "realpath", "readlink":
		// A listing handed on: ls ~/.ssh/id_* | xargs cat, $(ls ~/.ssh/*).
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if secretGlob(a) || secretPath(a) || prog == "ls" && secretHolder(a) {
				return a
			}
		}
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "git":
		if prog == "git" && (len(args) == 0 || args[0] != "grep") {
			return ""
		}
		// A filter of a list of names read from standard input: find ~
		// -type f | grep id_rsa | xargs cat.
		if pat := grepPattern(prog, args); pat != "" && prog != "git" && len(grepOperands(prog, args)) == 0 &&
			!hasFlag(args, []string{"v", "invert-match", "r", "R", "recursive", "l", "files-with-matches", "c", "count", "q", "quiet"}) && regexpNamesSecret(pat, true, false) {
			return pat
		}
		if pat := grepPattern(prog, args); pat != "" && hasFlag(args, []string{"l", "files-with-matches"}) && (regexpMatchesAny(grepRegexp(prog, args, pat), privateKeyLines) || regexpMatchesAny(pat, privateKeyLines)) {
			return pat
		}
	}
	return ""
}

// grepFamily are the searches that print the lines they match, or with
// -l, -c or -q only names, counts or nothing.
var grepFamily = set("grep", "egrep", "fgrep", "rgrep", "zgrep", "rg", "ag", "ack")

// printsFiles reports a program run on a search's files (find -exec,
// xargs) that prints what they hold: not a copier (cp {} /backup) nor an
// archiver writing a file (one writing to standard output prints), nor a
// search for one word that a key's lines do not hold (xargs grep TODO, as
// grep -rn TODO ~ prints), or one that prints names, counts or nothing
// (grep -l, -c, -q).
func printsFiles(prog string, args []string) bool {
	switch {
	case copiers.has(prog):
		return slices.ContainsFunc(args, func(a string) bool {
			_, v, _ := strings.Cut(a, "=")
			return stdoutFile(a) || strings.HasPrefix(a, "-") && stdoutFile(v) // cp {} /dev/stdout, --target-directory=…
		})
	case prog == "zip":
		// zip [options] ARCHIVE -@: the first operand is the archive
		for _, a := range args {
			if !strings.HasPrefix(a, "-") {
				return a == "-"
			}
		}
		return true
	case archivers.has(prog):
		f := optionValues(args, []string{"f", "file", "F", "O"}, true)
		return len(f) == 0 || f[0] == "-" || strings.HasPrefix(f[0], "/dev/") || strings.HasPrefix(f[0], "/proc/")
	case grepFamily.has(prog):
		if hasFlag(args, []string{"l", "files-with-matches", "L", "files-without-match", "c", "count", "q", "quiet", "silent"}) {
			return false
		}
		return grepPrintsEvery(prog, args) || grepPrintsSecretLines(prog, args) != ""
	}
	return true
}

// archivers are the programs that pack files into an archive: tar -T -
// fed by find packs what it finds into the -f file.
var archivers = set("tar", "bsdtar", "gtar", "cpio", "zip", "7z", "pax")

// wholeSearch is the starting point (locate's pattern) of a search that
// lists every file below a home, the homes or the root: no name, path or
// pattern test narrows it away from secrets (-type, -size, -mtime,
// -maxdepth and a negated test do not name what it takes; -name '[!.]*'
// takes id_rsa), so ~/.ssh/id_rsa and ~/.aws/credentials are among its
// files. "" otherwise: find ~ -name '*.log' takes no secret (secretSearch
// judges the names that do).
func wholeSearch(prog string, args []string, cwd, home string, readsChildren bool) string {
	switch {
	case prog == "fd" || prog == "fdfind":
		return fdWholeSearch(args, cwd, readsChildren)
	case grepFamily.has(prog):
		return grepListsEvery(prog, args, cwd)
	case prog == "tree":
		return treeListsEvery(args, cwd, readsChildren)
	case prog == "du" || prog == "gdu":
		return duListsEvery(args, cwd)
	case locators.has(prog):
		return locateListsEvery(args, home)
	case prog != "find" && prog != "gfind" && prog != "bfs":
		return ""
	}
	var starts []string
	i := cmdline.FindStart(len(args), func(i int) string { return args[i] }, func(i int) { starts = append(starts, args[i]) })
	if len(starts) == 0 {
		starts = []string{"."} // GNU find starts where it runs
	}
	if slices.Contains(args[i:], "-o") || slices.Contains(args[i:], "-or") || slices.Contains(args[i:], ",") {
		// find ~ -name x -prune -o -type f -exec cat {} +: a name test
		// narrows only its own branch
		i = len(args)
	}
	negated := false
	syntax := findRegexSyntax(args)
	for ; i < len(args); i++ {
		switch a := args[i]; a {
		case "!", "-not":
			negated = true
			continue
		case "(":
			if negated {
				i = closingParen(args, i) // ! ( -type d ): the negation takes the group, which narrows nothing
			}
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname":
			if !negated && i+1 < len(args) && !takesSecretName(a, syntax(args[i+1])) {
				return ""
			}
			i++
		case "-empty":
			if !negated {
				return "" // empty files hold nothing
			}
		case "-type", "-xtype":
			if i+1 < len(args) && !negated && !strings.ContainsAny(args[i+1], "fl") && !readsChildren {
				return "" // -type d: directories, whose files it does not read
			}
			i++
		case "-size":
			if i+1 < len(args) && !negated && largeOnly(args[i+1]) {
				return "" // -size +10M: a key or a token file is a few kilobytes
			}
			i++
		case "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-fprint", "-fprint0", "-fprintf", "-ls", "-fls":
			i = len(args) // a test after the action does not narrow what it ran on or printed
		}
		negated = false
	}
	return broadStart(starts, cwd)
}

// broadStart is the first of a search's starting points that is a home,
// the homes or the root, a relative one read from cwd; "" when none is.
func broadStart(starts []string, cwd string) string {
	for _, d := range starts {
		if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") && !strings.HasPrefix(d, "$") && cwd != "" {
			d = path.Join(cwd, d) // cd ~; find . -type f -exec cat {} +
		}
		if holdsHomes(d) || isRoot(d) {
			return d
		}
	}
	return ""
}

// fdWholeSearch is wholeSearch for fd: one told to take hidden files
// (-H, -u) whose pattern takes every name (none, '.', '^', a glob *) and
// that no extension, type or size narrows.
func fdWholeSearch(args []string, cwd string, readsChildren bool) string {
	if i := slices.IndexFunc(args, isFdExec); i >= 0 {
		args = args[:i] // fd … -x CMD: the command's words are not fd's
	}
	if !hasFlag(args, []string{"H", "hidden", "u", "unrestricted"}) || hasFlag(args, []string{"e", "extension"}) {
		return ""
	}
	for _, t := range optionValues(args, []string{"t", "type"}, false) {
		if !strings.HasPrefix(t, "f") && !strings.HasPrefix(t, "l") && !strings.HasPrefix(t, "s") && !strings.HasPrefix(t, "x") && !readsChildren {
			return "" // -t d: directories
		}
	}
	for _, v := range optionValues(args, []string{"S", "size"}, false) {
		if largeOnly(v) {
			return ""
		}
	}
	var pos []string
	for i, a := range args {
		if strings.HasPrefix(a, "-") || i > 0 && strings.HasPrefix(args[i-1], "-") && fdValueOptions.has(args[i-1]) {
			continue
		}
		pos = append(pos, a)
	}
	starts := optionValues(args, []string{"search-path", "base-directory"}, false)
	if len(pos) > 0 {
		pattern := pos[0]
		takes := takesSecretName("-name", pattern)
		if !hasFlag(args, []string{"g", "glob"}) {
			re, err := regexp.Compile("(?i)" + pattern)
			takes = err == nil && slices.ContainsFunc(secretLeaves, re.MatchString)
		}
		if !takes {
			return ""
		}
		starts = append(starts, pos[1:]...)
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return broadStart(starts, cwd)
}

// isFdExec reports fd's options that run a command on what it finds.
func isFdExec(a string) bool {
	return a == "-x" || a == "--exec" || a == "-X" || a == "--exec-batch"
}

// grepListsEvery is the starting point of a recursive search that lists
// every file of a home, the homes or the root: grep -rl . ~ names each
// file with a line in it, rg --files --hidden ~ each file, grep -rL
// zzqqzz ~ each file without that word, grep -rc x ~ each file with its
// count. "" otherwise.
func grepListsEvery(prog string, args []string, cwd string) string {
	if !grepRecursive(prog, args) || namesNarrowed(prog, args) || !searchesHidden(prog, args) {
		return ""
	}
	var starts []string
	switch {
	case prog == "rg" && slices.Contains(args, "--files"):
		_, values, operands := grepWords(prog, args)
		starts = values // rg --files takes no pattern: its operands are paths
		for _, i := range operands {
			starts = append(starts, args[i])
		}
	case grepListsKeys(prog, args):
		starts = grepOperands(prog, args)
	default:
		return ""
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return broadStart(starts, cwd)
}

// grepListsKeys reports a search that prints the names of the files it
// reads, a private key's among them: grep -c names every file, a count of
// 0 beside those without a match; -l (rg's -c) those a pattern takes a
// line of, which a key's are when one takes every line; -L those no
// pattern takes a line of, which a key's are when none takes one of its
// lines (-L TODO, -L zzqqzz).
func grepListsKeys(prog string, args []string) bool {
	patterns := grepPatternValues(prog, args)
	inverted := hasFlag(args, []string{"v", "invert-match"})
	switch {
	case prog != "rg" && prog != "ag" && hasFlag(args, []string{"c", "count"}):
		return true
	case hasFlag(args, []string{"l", "files-with-matches", "c", "count", "count-matches"}):
		return slices.ContainsFunc(patterns, func(p string) bool {
			return matchesEveryLine(grepRegexp(prog, args, p), inverted, false)
		})
	case hasFlag(args, []string{"L", "files-without-match", "files-without-matches"}):
		if inverted {
			// -L -v: the files each line of which a pattern takes
			return slices.ContainsFunc(patterns, func(p string) bool { return matchesEveryLine(grepRegexp(prog, args, p), false, false) })
		}
		return !slices.ContainsFunc(patterns, func(p string) bool { return matchesLine(grepRegexp(prog, args, p), privateKeyFile) })
	}
	return false
}

// privateKeyFile is the whole of a private key file, line by line.
var privateKeyFile = []string{"-----BEGIN OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
	"QyNTUxOQAAACDx2v7mJ4rQ0cWqYnBfLkDjfPHn0a1LqMwqf3kT0ZrYhAAAAJgq3s3EKt7N", "-----END OPENSSH PRIVATE KEY-----"}

// searchesHidden reports a search that reads the hidden files and
// directories keys and tokens are kept in: grep always, rg and ag when
// told (--hidden, rg's -. alone or in a cluster of short options, -u).
func searchesHidden(prog string, args []string) bool {
	if prog != "rg" && prog != "ag" {
		return true
	}
	return hasFlag(args, []string{"hidden", "u", "unrestricted"}) || prog == "rg" && shortFlag(prog, args, '.')
}

// shortFlag reports a search's short option letter, alone or in a
// cluster (-.l, -l.), read as the program does: a letter that takes a
// value (the catalogue's, grepValues') ends the cluster, the rest of
// which is that value (-g.x is -g's ".x").
func shortFlag(prog string, args []string, letter byte) bool {
	short, _, _ := searchValues(prog)
	for _, a := range args {
		if a == "--" {
			return false
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			if a[j] == letter {
				return true
			}
			if strings.IndexByte(short, a[j]) >= 0 {
				break
			}
		}
	}
	return false
}

// treeListsEvery is the starting point of a tree that lists every file
// below a home, the homes or the root by its whole path (tree -afi ~):
// -a takes the hidden ones, -f writes each path whole; -d (directories)
// and a -P pattern that takes no secret's name narrow it. "" otherwise.
func treeListsEvery(args []string, cwd string, readsChildren bool) string {
	if !hasFlag(args, []string{"a"}) || !hasFlag(args, []string{"f"}) || hasFlag(args, []string{"d"}) && !readsChildren {
		return ""
	}
	for _, p := range optionValues(args, []string{"P"}, false) {
		if !takesSecretName("-name", p) {
			return ""
		}
	}
	starts, _ := splitArgs(args, treeValueOptions)
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return broadStart(starts, cwd)
}

// treeValueOptions are tree's options that take the next word as their
// value.
var treeValueOptions = set("-L", "-P", "-I", "-H", "-T", "-o", "--charset", "--filelimit", "--timefmt", "--sort", "--hintro", "--houtro")

// duListsEvery is the starting point of a du that lists every file below
// a home, the homes or the root (du -a ~, each file's size and path); ""
// when it lists directories only (no -a), or only its operands (-s, -d 0).
func duListsEvery(args []string, cwd string) string {
	if !hasFlag(args, []string{"a", "all"}) || hasFlag(args, []string{"s", "summarize"}) ||
		slices.Contains(optionValues(args, []string{"d", "max-depth"}, false), "0") {
		return ""
	}
	starts, _ := splitArgs(args, duValueOptions)
	if len(starts) == 0 {
		starts = []string{"."}
	}
	return broadStart(starts, cwd)
}

// duValueOptions are du's options that take the next word as their value.
var duValueOptions = set("-d", "-B", "-t", "-X", "--max-depth", "--block-size", "--threshold", "--exclude", "--exclude-from", "--time-style", "--files0-from")

// locators are the programs that look names up in a database of paths.
var locators = set("locate", "plocate", "mlocate", "slocate")

// locateListsEvery is locate's pattern that takes the paths of a home's
// secret files along with the rest (locate -r '^/home/u/', locate /home):
// a basic regular expression as -r's value, an extended one with
// --regex, else a glob on the whole path, or a substring when it has no
// glob character; -b matches the base name only. "" when no pattern
// does.
func locateListsEvery(args []string, home string) string {
	type pattern struct {
		text  string
		regex string // the pattern in Go's syntax, for a regular expression
	}
	var patterns []pattern
	operands, _ := splitArgs(args, locateValueOptions)
	for _, p := range operands {
		if hasFlag(args, []string{"regex"}) {
			patterns = append(patterns, pattern{p, p})
		} else {
			patterns = append(patterns, pattern{text: p})
		}
	}
	for _, p := range optionValues(args, []string{"r", "regexp"}, false) {
		patterns = append(patterns, pattern{p, swapEscapes(p, "|(){}+?")})
	}
	base, fold := hasFlag(args, []string{"b", "basename"}), hasFlag(args, []string{"i", "ignore-case"})
	for _, p := range patterns {
		if len(p.text) > 256 {
			continue
		}
		var takes func(string) bool
		switch {
		case p.regex != "":
			flags := ""
			if fold {
				flags = "(?i)"
			}
			re, err := regexp.Compile(flags + p.regex)
			if err != nil {
				continue
			}
			takes = re.MatchString
		case strings.ContainsAny(p.text, "*?["):
			re := findPathGlob(p.text, fold)
			if re == nil {
				continue
			}
			takes = re.MatchString
		case fold:
			takes = func(s string) bool { return strings.Contains(strings.ToLower(s), strings.ToLower(p.text)) }
		default:
			takes = func(s string) bool { return strings.Contains(s, p.text) }
		}
		for _, s := range homeSecretPaths(home) {
			if base {
				s = path.Base(s)
			}
			if takes(s) {
				return p.text
			}
		}
	}
	return ""
}

// locateValueOptions are locate's options that take the next word as
// their value.
var locateValueOptions = set("-d", "--database", "-l", "-n", "--limit", "-r", "--regexp")

// homeSecretPaths are secret files' paths in the caller's home (a home
// under /home when it is not known) and root's, as a database of paths
// holds them.
func homeSecretPaths(home string) []string {
	if home == "" || home == "/" {
		home = "/home/user"
	}
	home = strings.TrimSuffix(home, "/")
	return []string{home + "/.ssh/id_rsa", home + "/.netrc", home + "/.aws/credentials", "/root/.ssh/id_ed25519"}
}

// grepRecursive reports a search that reads the directories it is given
// through.
func grepRecursive(prog string, args []string) bool {
	return prog == "rg" || prog == "ag" || prog == "ack" || prog == "rgrep" || hasFlag(args, []string{"r", "R", "recursive", "dereference-recursive"}) ||
		slices.Contains(optionValues(args, []string{"d", "directories"}, false), "recurse")
}

// closingParen is the index of the ")" that closes the group args[open]
// opens, or the last index when none does.
func closingParen(args []string, open int) int {
	depth := 0
	for i := open; i < len(args); i++ {
		switch args[i] {
		case "(":
			depth++
		case ")":
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(args) - 1
}

// findRegexSyntax is how find reads its -regex patterns, as a rewrite into
// Go's syntax: Emacs' by default, where \| alternates and \( groups;
// -regextype posix-basic's likewise with \{ and \+; the extended types
// as Go does. Other tests' patterns pass unchanged, as globs.
func findRegexSyntax(args []string) func(string) string {
	ops := "|()"
	if v := optionValues(args, []string{"regextype"}, true); len(v) > 0 {
		switch v[0] {
		case "posix-basic", "ed", "sed", "grep":
			ops = "|(){}+?"
		case "emacs", "posix-emacs", "findutils-default", "gnu-awk":
		default:
			ops = "" // posix-extended, egrep, awk, posix-awk: Go's own
		}
	}
	return func(p string) string { return swapEscapes(p, ops) }
}

// takesSecretName reports a name test that takes a secret file's name
// among others, however many it leaves out (-name '*', -name '[!.]*',
// -path '*', -regex '.*'): it does not narrow a search to files that hold
// no secret, as -name '*.log' does. A -path pattern's * takes a / too
// (-path '/home/*').
func takesSecretName(test, pattern string) bool {
	fold := strings.HasPrefix(test, "-i")
	var takes func(name string) bool
	switch {
	case strings.HasSuffix(test, "regex"):
		re, err := regexp.Compile("(?i)^(?:" + pattern + ")$")
		if err != nil {
			return false
		}
		takes = func(n string) bool { return re.MatchString("/home/u/.x/" + n) }
	case strings.Contains(test, "path"):
		re := findPathGlob(pattern, fold)
		if re == nil {
			return false
		}
		// the path as find prints it from a home, written as a path or as ~
		takes = func(n string) bool {
			return re.MatchString("/home/u/.x/"+n) || re.MatchString("~/.x/"+n) || re.MatchString("./.x/"+n)
		}
	default:
		glob := shellClass(pattern)
		if fold {
			glob = strings.ToLower(glob)
		}
		takes = func(n string) bool { ok, _ := path.Match(glob, n); return ok }
	}
	return slices.ContainsFunc(secretLeaves, takes)
}

// secretLeaves are the names of a few secret files, each unlike the
// others: a key with no dot, a dotfile, a credentials file, and private
// keys named by their format as AWS's key pairs (NAME.pem) and servers'
// keys (NAME.key) are: find ~ -name '*.pem' takes them with the
// certificates.
var secretLeaves = []string{"id_rsa", ".netrc", "credentials", "deploy.pem", "server.key"}

// findPathGlob is find's -path pattern as a regular expression on the
// whole path, * and ? taking a / as well; nil when it is malformed.
func findPathGlob(glob string, fold bool) *regexp.Regexp {
	if len(glob) > 256 {
		return nil
	}
	var re strings.Builder
	if fold {
		re.WriteString("(?i)")
	}
	re.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch ch := glob[i]; ch {
		case '*':
			re.WriteString(".*")
		case '?':
			re.WriteString(".")
		case '[':
			j := strings.IndexByte(glob[i+1:], ']')
			if j < 0 {
				return nil
			}
			re.WriteString("[" + strings.Replace(glob[i+1:i+1+j], "!", "^", 1) + "]")
			i += j + 1
		case '\\':
			if i+1 < len(glob) {
				i++
				re.WriteString(regexp.QuoteMeta(string(glob[i])))
			}
		default:
			re.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	re.WriteString("$")
	r, err := regexp.Compile(re.String())
	if err != nil {
		return nil
	}
	return r
}

// largeOnly reports find's -size +N that takes no file of a few kilobytes.
func largeOnly(v string) bool {
	n, ok := strings.CutPrefix(v, "+")
	if !ok || n == "" {
		return false
	}
	unit := 512
	switch n[len(n)-1] {
	case 'c':
		unit = 1
	case 'w':
		unit = 2
	case 'k':
		unit = 1024
	case 'M':
		unit = 1 << 20
	case 'G':
		unit = 1 << 30
	case 'b':
	default:
		n += "b"
	}
	num, err := strconv.Atoi(n[:len(n)-1])
	return err == nil && num*unit >= 64<<10
}

// grepPrintsSecrets is the pattern of a recursive grep over a home, the
// root, a system directory or /etc that prints the lines of keys or
// passwords it matches; "" otherwise (-l, -c, -q print no line).
func grepPrintsSecrets(prog string, args, pos []string, cwd string) string {
	if !grepRecursive(prog, args) {
		return ""
	}
	if len(grepOperands(prog, args)) == 0 && cwd != "" {
		pos = append(slices.Clip(pos), cwd) // cd ~; grep -r '': the directory it runs in
	}
	if hasFlag(args, []string{"l", "files-with-matches", "L", "files-without-match", "c", "count", "q", "quiet", "silent"}) {
		return ""
	}
	broad := false
	for _, p := range pos {
		// a home's configuration trees (~/.config, ~/.local/share,
		// ~/Library) hold the tools' logins and tokens as the home does
		if isBroad(p) || under(p, "/etc") || under(p, "/var") || holdsStore(p) && homeTree(p) {
			broad = true
		}
	}
	if !broad {
		return ""
	}
	if p := grepPrintsSecretLines(prog, args); p != "" {
		return p
	}
	if grepPrintsEvery(prog, args) && !namesNarrowed(prog, args) && slices.ContainsFunc(pos, func(p string) bool {
		// every line of every file: grep -r . ~ and grep -r '' ~ print the
		// keys as tar c ~ packs them; rg and ag skip hidden files unless told
		// /etc whole prints shadow and the host keys to a root caller
		// or under sudo; grep -r . /etc/sysctl.d prints settings
		return (holdsHomes(p) || isRoot(p) || cleanPath(p) == "/etc" || under(p, "/etc/ssh") || under(p, "/root")) && searchesHidden(prog, args)
	}) {
		return cmp.Or(grepPattern(prog, args), "''")
	}
	return ""
}

// homeTree reports a path in a home (~/…, $HOME/…, /home/NAME/…,
// /Users/NAME/…, /root/…).
func homeTree(p string) bool {
	c := cleanPath(p)
	if strings.HasPrefix(c, "~/") || strings.HasPrefix(c, "/root/") {
		return true
	}
	for _, base := range []string{"/home/", "/Users/"} {
		if rest, ok := strings.CutPrefix(c, base); ok && strings.Contains(rest, "/") {
			return true
		}
	}
	return false
}

// namesNarrowed reports a recursive search limited to some names: grep's
// --include, rg's -g/--glob/--iglob (not a negated !glob) and -t/--type,
// ag's -G. A glob that takes every name (--include='*', -g '**') is no
// limit.
func namesNarrowed(prog string, args []string) bool {
	var globs []string
	switch prog {
	case "rg":
		if len(optionValues(args, []string{"t", "type"}, true)) > 0 {
			return true
		}
		for _, g := range optionValues(args, []string{"g", "glob", "iglob"}, false) {
			if !strings.HasPrefix(g, "!") {
				globs = append(globs, g)
			}
		}
	case "ag":
		return len(optionValues(args, []string{"G", "file-search-regex"}, true)) > 0
	default:
		globs = optionValues(args, []string{"include"}, false)
	}
	// the globs add up: a file is searched when one of them takes it
	return len(globs) > 0 && !slices.ContainsFunc(globs, func(g string) bool { return takesSecretName("-name", g) })
}

// matchesEveryLine reports a search pattern that takes a private key's
// lines and the plain ones alike (., ^, ”), or with -v (inverted) one that
// takes none of a key's. In multiline mode (rg -U) each line is matched
// with its newline, which a pattern may take (zz|\n).
func matchesEveryLine(pat string, inverted, multiline bool) bool {
	if len(pat) > 256 {
		return false
	}
	re, err := regexp.Compile("(?i)" + pat)
	if err != nil {
		return false
	}
	match := re.MatchString
	if multiline {
		match = func(l string) bool { return re.MatchString(l + "\n") }
	}
	if inverted {
		return !slices.ContainsFunc(privateKeyLines, match)
	}
	return !slices.ContainsFunc(privateKeyLines, fails(match)) && !slices.ContainsFunc(plainLines, fails(match))
}

func fails(match func(string) bool) func(string) bool {
	return func(l string) bool { return !match(l) }
}

// withPatternFiles is a search's words with the lines of each pattern
// file whose text the line shows (echo | grep -f -, a here-string,
// -f <(echo)) added before them as -e patterns: an empty line in a
// pattern file takes every line. A pattern file the line does not show
// (-f patterns.txt) and a pattern the line does not know (grep -r "$P" ~)
// may hold that empty line: they add an empty pattern.
func withPatternFiles(prog string, args []string, c *cmdline.Command, env *CommandEnv) []string {
	if !grepFamily.has(prog) || prog == "ag" || prog == "ack" {
		return args // ag's -f follows links, ack's lists files
	}
	var patterns []string
	for _, p := range grepPatternValues(prog, args) {
		if slices.ContainsFunc(c.Args, func(a cmdline.Word) bool { return a.Dynamic && a.Value == p && wholeExpansion(p) }) {
			patterns = append(patterns, "-e", "")
			break
		}
	}
	for _, f := range optionValues(args, []string{"f", "file"}, false) {
		text, known := "", false
		switch {
		case f == "/dev/null":
			continue
		case f == "-" || f == "/dev/stdin":
			text, known = env.Stdin.Text, env.Stdin.Static
		case strings.HasPrefix(f, "<(") && strings.HasSuffix(f, ")") && len(f) < 4096:
			if cmds := cmdline.ParseShell(f[2:len(f)-1], "bash").Commands; len(cmds) == 1 {
				text, known = cmds[0].StaticOutput()
			}
		}
		if !known {
			patterns = append(patterns, "-e", "")
			continue
		}
		if text == "" {
			continue // an empty file takes nothing
		}
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			patterns = append(patterns, "-e", l)
		}
	}
	return append(patterns, args...)
}

// wholeExpansion reports a word that is one expansion and nothing else
// ($P, ${P}, "$1", $(cat p)): the line knows no character of its value.
func wholeExpansion(v string) bool {
	v = strings.Trim(v, `"`)
	switch {
	case len(v) < 2:
		return false
	case strings.HasPrefix(v, "$(") && strings.HasSuffix(v, ")"), strings.HasPrefix(v, "`") && strings.HasSuffix(v, "`"):
		return true
	case strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}"):
		return !strings.ContainsAny(v[2:len(v)-1], "${}")
	case v[0] == '$':
		return strings.Trim(v[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == "" || len(v) == 2
	}
	return false
}

// grepPattern is a search's first pattern: -e's value, or the first
// operand; "" when it has none.
func grepPattern(prog string, args []string) string {
	if p := grepPatternValues(prog, args); len(p) > 0 {
		return p[0]
	}
	return ""
}

// grepPatternValues are a search's patterns, the values of -e and
// --regexp or else its first operand (git grep's included), in order.
func grepPatternValues(prog string, args []string) []string {
	if prog == "git" {
		if len(args) == 0 || args[0] != "grep" {
			return nil
		}
		prog, args = "grep", args[1:]
	}
	_, values, _ := grepWords(prog, args)
	return values
}

// grepPrintsEvery reports a search whose patterns print every line of a
// file: one of them takes every line (grep -e x -e ., rg -U 'x|\n'), a
// pass-through prints the lines no pattern takes too (rg --passthru), or
// a context of largeContext lines or more around any match (grep -C 999
// default prints the whole of a credentials file holding "default"), or
// a search that reads each file as one line (grep -z).
func grepPrintsEvery(prog string, args []string) bool {
	if hasFlag(args, []string{"passthru", "passthrough"}) {
		return true
	}
	inverted := hasFlag(args, []string{"v", "invert-match"})
	multiline := prog == "rg" && hasFlag(args, []string{"U", "multiline"})
	for _, p := range grepPatternValues(prog, args) {
		if matchesEveryLine(grepRegexp(prog, args, p), inverted, multiline) {
			return true
		}
	}
	// a large context prints a secret file around a match in it: only a
	// pattern one of its lines holds finds one (TODO finds none)
	if grepContext(prog, args) < largeContext && !wholeFileLines(prog, args) {
		return false
	}
	for _, p := range grepPatternValues(prog, args) {
		for _, re := range []string{grepRegexp(prog, args, p), p} {
			if slices.ContainsFunc([][]string{privateKeyLines, passwordLines, secretNeighbourLines, secretFileLines}, func(lines []string) bool { return matchesLine(re, lines) }) {
				return true
			}
		}
	}
	return false
}

// wholeFileLines reports a search that reads lines ended by a NUL byte
// (grep -z, --null-data), of which a text file has none: the whole file
// is one line, printed whole when a pattern takes any of it. (rg's and
// ag's -z searches compressed files.)
func wholeFileLines(prog string, args []string) bool {
	if prog == "rg" || prog == "ag" {
		return hasFlag(args, []string{"null-data"})
	}
	return hasFlag(args, []string{"z", "null-data"})
}

// secretFileLines are other lines of secret files: a key's body and end, a
// credentials file's settings, an ssh configuration's host entry.
var secretFileLines = []string{"b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", "MIIEpAIBAAKCAQEAxS9dk2p0",
	"-----END OPENSSH PRIVATE KEY-----", "region = us-east-1", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "output = json", "Host github.com",
	"login u", "user = admin"}

// grepPrintsSecretLines reports a search whose patterns take a private
// key's or a password's lines, or, with a few lines of context, the line
// a secret sits beside (grep -A 2 default prints the keys under
// [default]).
func grepPrintsSecretLines(prog string, args []string) string {
	context := grepContext(prog, args)
	for _, p := range grepPatternValues(prog, args) {
		// read as grep does and as written: 'AIza[0-9A-Za-z_-]{35}' hunts
		// tokens, though grep's basic syntax takes the braces as themselves
		for _, re := range []string{grepRegexp(prog, args, p), p} {
			if regexpMatchesAny(re, privateKeyLines) || regexpMatchesAny(re, passwordLines) || context > 0 && regexpMatchesAny(re, secretNeighbourLines) {
				return p
			}
		}
	}
	return ""
}

// largeContext is the context, in lines, past which a search prints whole
// files around one match: a private key is some 30 lines, a credentials
// file fewer. A few lines of context (grep -rn -A 2 func src/) are
// everyday and print only what sits beside a match.
const largeContext = 10

// secretNeighbourLines are the lines secrets sit below in their files: a
// credentials file's section header, a .netrc's machine entry.
var secretNeighbourLines = []string{"[default]", "[profile prod]", "machine api.github.com"}

// grepContext is the largest context a search prints around its matches
// (-A, -B, -C, --context, grep's -NUM), 0 for none.
func grepContext(prog string, args []string) int {
	most, after, before := 0, 0, 0
	for _, v := range optionValues(args, []string{"A", "B", "C", "after-context", "before-context", "context", "after", "before"}, false) {
		if n, err := strconv.Atoi(v); err == nil {
			most = max(most, n)
		}
	}
	// -A 9 -B 9 prints a window of 19 lines around a match
	for _, v := range optionValues(args, []string{"A", "after-context", "after"}, false) {
		if n, err := strconv.Atoi(v); err == nil {
			after = max(after, n)
		}
	}
	for _, v := range optionValues(args, []string{"B", "before-context", "before"}, false) {
		if n, err := strconv.Atoi(v); err == nil {
			before = max(before, n)
		}
	}
	most = max(most, after+before)
	for _, a := range args {
		if a == "--" {
			break
		}
		if n, err := strconv.Atoi(strings.TrimPrefix(a, "-")); err == nil && strings.HasPrefix(a, "-") && prog != "rg" {
			most = max(most, n) // grep -5
		}
	}
	return most
}

// grepRegexp is a search's pattern written in Go's syntax: grep reads a
// basic regular expression unless told otherwise (-E, -P, -F), in which
// \| alternates and | is itself.
func grepRegexp(prog string, args []string, pat string) string {
	switch {
	case hasFlag(args, []string{"F", "fixed-strings"}) || prog == "fgrep":
		return regexp.QuoteMeta(pat)
	case prog == "rg" || prog == "ag" || prog == "ack" || prog == "egrep" || hasFlag(args, []string{"E", "extended-regexp", "P", "perl-regexp"}):
		return pat
	}
	return swapEscapes(pat, "|(){}+?")
}

// swapEscapes rewrites a regular expression in which the operators in ops
// are written escaped (grep's basic syntax \|, \(, \+; Emacs' \|, \(,
// find -regex's default) and are literal bare, into Go's syntax.
func swapEscapes(pat, ops string) string {
	var b strings.Builder
	inClass := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case inClass:
			if c == ']' {
				inClass = false
			}
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
			if i+1 < len(pat) && pat[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(pat) && pat[i+1] == ']' {
				b.WriteByte(']') // []abc]: the first ] is a member
				i++
			}
		case c == '\\' && i+1 < len(pat) && strings.IndexByte(ops, pat[i+1]) >= 0:
			b.WriteByte(pat[i+1])
			i++
		case c == '\\' && i+1 < len(pat):
			b.WriteString(pat[i : i+2])
			i++
		case strings.IndexByte(ops, c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// secretNames are names of files that hold a credential or key, and
// plainNames of files that do not: a pattern names secrets when it takes
// one of the first and none of the second (so * and *.* do not). *.pem
// is left out: certificates, which anyone may read, are named so too.
var (
	secretNames = []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "credentials", ".env", ".netrc", ".git-credentials",
		".pgpass", "shadow", "gshadow", "server.key", "tls.key", "wallet.dat", "vault.kdbx",
		"login.keychain-db", ".npmrc", ".pypirc", "key.p12", "cert.pfx", ".htpasswd", "master.key"}
	plainNames = []string{"main.go", "readme.md", "index.html", "notes.txt", "x", "makefile", "app.py", "config.yaml",
		"package.json", "a.out", "data.csv", "app.db", "data.sqlite", "index.php", "config.yml", "cert.pem", "notes.bak", "data.backup"}
	// privateKeyLines and passwordLines are lines a grep for secrets
	// matches; plainLines are lines any program holds.
	privateKeyLines = []string{"-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----", "-----BEGIN EC PRIVATE KEY-----"}
	passwordLines   = []string{"password = hunter2", "db_password: s3cret", "passwd=hunter2", "aws_secret_access_key = wJalrXUt", "api_key: 0123abcd", "secret_token=abc", "AKIAIOSFODNN7EXAMPLE",
		// providers' token shapes: a search for gh[pousr]_[A-Za-z0-9]{36} hunts tokens
		"ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "github_pat_11ABCDEFG0aBcDeFgHiJkLmN_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPqRsTu",
		"glpat-A1b2C3d4E5f6G7h8I9j0", "xoxb-123456789012-1234567890123-A1b2C3d4E5f6G7h8I9j0K1l2", "sk-proj-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2", "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",
		"sk-ant-api03-A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2", "sk_live_A1b2C3d4E5f6G7h8I9j0K1l2", "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q",
		"npm_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8", "hf_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7", "-----BEGIN PGP PRIVATE KEY BLOCK-----"}
	plainLines = []string{"hello world", "func main() {", "import os", "the quick brown fox", "# comment"}
)

// globNamesSecret reports whether a find -name style glob (or a -path one:
// only its last element counts) takes a secret file's name and no plain one.
func globNamesSecret(glob string, fold bool) bool {
	if glob == "" || len(glob) > 256 {
		return false
	}
	if i := strings.LastIndexByte(glob, '/'); i >= 0 && !strings.HasSuffix(glob, "/") {
		glob = glob[i+1:]
	}
	if fold {
		glob = strings.ToLower(glob)
	}
	glob = shellClass(glob)
	match := func(names []string) bool {
		for _, n := range names {
			if fold {
				n = strings.ToLower(n)
			}
			if ok, _ := path.Match(glob, n); ok {
				return true
			}
		}
		return false
	}
	// secretBases too: a finder's pattern for a browser's cookies.sqlite
	// or Login Data hunts as one for id_rsa does
	return (match(secretNames) || match(secretBases.names)) && !match(plainNames)
}

// substringNamesSecret is locate's plain pattern: a substring of the path.
func substringNamesSecret(s string) bool {
	s = strings.ToLower(s)
	if len(s) < 3 {
		return false
	}
	return globNamesSecret("*"+s+"*", true)
}

// regexpNamesSecret reports whether a regular expression (find -regex
// matches the whole path, fd's pattern any part of the name) takes a secret
// file's name and no plain one.
func regexpNamesSecret(expr string, fold, whole bool) bool {
	if expr == "" || len(expr) > 256 {
		return false
	}
	if whole {
		expr = "^(?:" + expr + ")$"
	}
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return false
	}
	prefix := ""
	if whole {
		prefix = "/home/u/x/" // find -regex sees the whole path
	}
	match := func(names []string) bool {
		for _, n := range names {
			if re.MatchString(prefix + n) {
				return true
			}
		}
		return false
	}
	return (match(secretNames) || match(secretBases.names)) && !match(plainNames)
}

// matchesLine reports a pattern (case aside) that matches one of lines,
// however common the lines it also matches.
func matchesLine(pat string, lines []string) bool {
	re, err := regexp.Compile("(?i)" + pat)
	if len(pat) > 256 || err != nil {
		return false
	}
	return slices.ContainsFunc(lines, re.MatchString)
}

// regexpMatchesAny reports whether grep's pattern (a basic or extended
// regular expression, read as Go's; -F patterns are plain text, which Go
// reads alike when they hold no metacharacters) matches one of lines and
// none of plainLines.
func regexpMatchesAny(pat string, lines []string) bool {
	if len(pat) > 256 {
		return false
	}
	re, err := regexp.Compile("(?i)" + pat)
	if err != nil {
		re, err = regexp.Compile("(?i)" + regexp.QuoteMeta(pat))
		if err != nil {
			return false
		}
	}
	for _, l := range plainLines {
		if re.MatchString(l) {
			return false
		}
	}
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}

// secretCandidates are the secret files secretGlob tries a glob as, in
// homeForm: the whole secret paths, the private keys of ~/.ssh, and an
// entry of each directory that holds nothing but secrets.
var secretCandidates = sync.OnceValue(func() []string {
	var out []string
	for _, p := range secretPaths.names {
		// _netrc is Windows' name: on a Unix home it would make grep x
		// ~/* a secret read; the others share their first letter with a
		// checkout's dotfiles: .a* or */.f* are not taken for them, as .a*
		// after cd "$X" is not for ~/.aws
		if !unglobbedLogins.has(p) {
			out = append(out, p)
		}
	}
	for _, b := range secretBases.names {
		if strings.HasPrefix(b, "id_") {
			out = append(out, "~/.ssh/"+b)
		}
	}
	for _, d := range secretDirs {
		// and one a level down: gcloud keeps a login per account
		// (legacy_credentials/ACCOUNT/adc.json)
		out = append(out, d+"x", d+"x/x", d+"x/x.json")
	}
	sort.Strings(out) // the same glob is tried the same way every time
	return out
})

// secretGlob reports whether a glob may name a secret file: one of
// secretCandidates (cat ~/.ssh/* prints the keys beside the public ones,
// whatever else it prints), or, by its last element alone, a secret
// file's name and no plain one (keys/id_*, ~/vault/*.kdbx). A word without
// glob characters is no glob.
func secretGlob(word string) bool {
	if !strings.ContainsAny(word, "*?[") || len(word) > 4096 {
		return false
	}
	c := homeForm(cleanPath(word))
	segs := strings.Split(c, "/")
	for _, cand := range secretCandidates() {
		if globSegments(segs, strings.Split(cand, "/")) {
			return true
		}
	}
	// By the last element alone only with a directory: a bare word such
	// as id_* or *.key is as likely grep's pattern as a file.
	base := segs[len(segs)-1]
	return len(segs) > 1 && strings.ContainsAny(base, "*?[") && globNamesSecret(base, false)
}

// globSegments reports whether the glob's segments take the path's, one
// for one, as a shell would: a segment that starts with a wildcard takes
// no name that starts with a dot.
func globSegments(glob, p []string) bool {
	if len(glob) != len(p) {
		return false
	}
	for i, g := range glob {
		if g == p[i] {
			continue
		}
		if !strings.ContainsAny(g, "*?[") || strings.HasPrefix(p[i], ".") && !strings.HasPrefix(g, ".") {
			return false
		}
		if ok, _ := path.Match(shellClass(g), p[i]); !ok {
			return false
		}
	}
	return true
}

// shellClass writes a shell glob's negated class ([!b]) as path.Match's
// ([^b]), which reads ! as itself.
func shellClass(glob string) string {
	return strings.ReplaceAll(glob, "[!", "[^")
}

// pathGlobNamesSecret reports whether find's -path pattern (whose * takes
// a / too) takes the path of a secret file and of no plain one: find ~
// -path "*ssh*" takes /home/u/.ssh/id_rsa.
func pathGlobNamesSecret(glob string, fold bool) bool {
	if glob == "" || len(glob) > 256 {
		return false
	}
	r := findPathGlob(glob, fold)
	if r == nil {
		return false
	}
	for _, p := range plainPaths {
		if r.MatchString(p) {
			return false
		}
	}
	for _, c := range secretCandidates() {
		if r.MatchString(strings.Replace(c, "~", "/home/u", 1)) {
			return true
		}
	}
	return false
}

// plainPaths are whole paths a find -path pattern takes when it takes any
// file: one that takes them is no search for secrets.
var plainPaths = []string{"/home/u/src/app/main.go", "/home/u/notes.txt", "/home/u/.config/app/config.yaml", "/home/u/.cache/x/data.bin", "/etc/hosts", "./README.md"}

// secretHolder reports whether p is a directory that holds secret files
// (~/.ssh, ~/.aws, /etc/ssl/private), short of a whole home, the root or a
// system directory, which hold everything.
func secretHolder(p string) bool {
	if p == "" || isBroad(p) {
		return false
	}
	c := homeForm(cleanPath(p))
	if c == "~" || c == "/" || c == "." || !strings.HasPrefix(c, "/") && !strings.HasPrefix(c, "~/") {
		return false
	}
	for _, cand := range secretCandidates() {
		if strings.HasPrefix(cand, c+"/") {
			return true
		}
	}
	return false
}

// browserSearch is find's name test that takes a browser profile's
// cookie, autofill or key file (Cookies, Web Data, Local State: common
// words, secrets only in a browser's directory) when a starting point
// holds such a directory: a home, the root, a system directory (/home),
// a parent of a store (~/.config, ~/Library) or a browser's own
// directory (find ~ -name Cookies | xargs -I{} sqlite3 {} …). "" when
// there is none.
func browserSearch(args []string) string {
	var starts []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") || a == "(" || a == "!" {
			break
		}
		starts = append(starts, a)
	}
	if !slices.ContainsFunc(starts, holdsBrowser) {
		return ""
	}
	for i := 0; i+1 < len(args); i++ {
		fold := args[i] == "-iname"
		if args[i] != "-name" && !fold {
			continue
		}
		glob := shellClass(args[i+1])
		if fold {
			glob = strings.ToLower(glob)
		}
		if takesBrowserFile(func(n string) bool {
			if fold {
				n = strings.ToLower(n)
			}
			ok, _ := path.Match(glob, n)
			return ok
		}) {
			return args[i+1]
		}
	}
	return ""
}

// takesBrowserFile reports a name test that takes a browser profile's
// file (browserBases) and no plain name (* takes every file, the
// profile's among them, and is no hunt).
func takesBrowserFile(takes func(name string) bool) bool {
	return slices.ContainsFunc(browserBases.names, takes) && !slices.ContainsFunc(plainNames, takes)
}

// holdsBrowser reports a directory a browser's profiles may lie under: a
// home, the root, a system directory, a parent of a store, or a browser's
// own directory.
func holdsBrowser(d string) bool {
	return isBroad(d) || holdsStore(d) || browserStore(homeForm(cleanPath(d))+"/Cookies", "Cookies")
}

// fdBrowserSearch is browserSearch for fd: its pattern (a regular
// expression on the name, or a glob with -g) when it takes a browser
// profile's file and a search path holds a browser (fd -g Cookies ~).
func fdBrowserSearch(args []string, glob bool) string {
	var pos []string
	for i, a := range args {
		if strings.HasPrefix(a, "-") || i > 0 && strings.HasPrefix(args[i-1], "-") && fdValueOptions.has(args[i-1]) {
			continue
		}
		pos = append(pos, a)
	}
	if len(pos) < 2 || len(pos[0]) > 256 || !slices.ContainsFunc(pos[1:], holdsBrowser) || hasFlag(args, []string{"e", "extension"}) {
		return "" // the profile's files have no extension
	}
	takes := func(n string) bool { ok, _ := path.Match(shellClass(pos[0]), n); return ok }
	if !glob {
		re, err := regexp.Compile("(?i)" + pos[0])
		if err != nil {
			return ""
		}
		takes = re.MatchString
	}
	if takesBrowserFile(takes) {
		return pos[0]
	}
	return ""
}

// holderSearch is the directory a find or fd starts from that holds secret
// files its name tests (if any) take: find ~/.ssh -type f -exec cat {} +,
// fd . ~/.ssh -x cat. "" when there is none.
func holderSearch(prog string, args []string) string {
	var starts, names []string
	fold := false
	if prog == "fd" || prog == "fdfind" {
		var pos []string
		for i, a := range args {
			if strings.HasPrefix(a, "-") || i > 0 && strings.HasPrefix(args[i-1], "-") && fdValueOptions.has(args[i-1]) {
				continue
			}
			pos = append(pos, a)
		}
		if len(pos) < 2 {
			return ""
		}
		starts, names = pos[1:], []string{pos[0]}
	} else {
		i := 0
		for ; i < len(args) && !strings.HasPrefix(args[i], "-") && args[i] != "(" && args[i] != "!"; i++ {
			starts = append(starts, args[i])
		}
		for ; i+1 < len(args); i++ {
			switch args[i] {
			case "-name", "-iname":
				names = append(names, args[i+1])
				fold = fold || args[i] == "-iname"
			}
		}
	}
	for _, d := range starts {
		if !secretHolder(d) {
			continue
		}
		dir := homeForm(cleanPath(d))
		for _, cand := range secretCandidates() {
			if strings.HasPrefix(cand, dir+"/") && takesName(prog, names, path.Base(cand), fold) {
				return d
			}
		}
	}
	return ""
}

// takesName reports whether a finder's name tests take name: every file
// when there are none; find's -name globs (any of them, as -o would), or
// fd's pattern, a regular expression on the name ("." takes all).
func takesName(prog string, tests []string, name string, fold bool) bool {
	if len(tests) == 0 {
		return true
	}
	for _, t := range tests {
		if prog == "fd" || prog == "fdfind" {
			if re, err := regexp.Compile("(?i)" + t); err == nil && re.MatchString(name) {
				return true
			}
			continue
		}
		if fold {
			t, name = strings.ToLower(t), strings.ToLower(name)
		}
		if ok, _ := path.Match(t, name); ok {
			return true
		}
	}
	return false
}

// fdValueOptions are fd's options that take the next word as their value.
var fdValueOptions = nameSet{names: []string{"-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "-x", "--exec", "-X", "--exec-batch", "-S", "--size", "-o", "--owner", "--changed-within", "--changed-before", "--search-path", "--base-directory"}}

// grepOperands are a search's file operands: what follows the pattern.
func grepOperands(prog string, args []string) []string {
	if prog == "git" && len(args) > 0 && args[0] == "grep" {
		prog, args = "grep", args[1:]
	}
	_, _, operands := grepWords(prog, args)
	out := make([]string, 0, len(operands))
	for _, i := range operands {
		out = append(out, args[i])
	}
	return out
}

// readsList reports whether c reads the files a list names, and where the
// list comes from ("-" for standard input, else a file): a while-read
// loop's command on the loop variable, tar -T, cpio -o, zip -@, rsync
// --files-from. (xargs is its own case.)
func readsList(prog string, c *cmdline.Command, args []string) (string, bool) {
	switch prog {
	case "tar", "gtar", "bsdtar":
		if v := optionValues(args, []string{"T", "files-from"}, true); len(v) > 0 {
			return v[0], true
		}
	case "rsync":
		if v := optionValues(args, []string{"files-from"}, true); len(v) > 0 {
			return v[0], true
		}
	case "cpio":
		if hasFlag(args, []string{"o", "create"}) {
			return "-", true
		}
	case "zip":
		if hasFlag(args, []string{"@"}) || slices.Contains(args, "-@") {
			return "-", true
		}
	}
	if c.Stdin.Kind == "pipe" || c.Stdin.Kind == "file" {
		for _, a := range c.Args {
			if a.Dynamic && (loopVar().MatchString(a.Value) || readsBelowVar(a.Value)) {
				return "-", true // while read f; do cat "$f"; done, cat "$d"/*
			}
		}
	}
	return "", false
}

// loopVar is a word that is one variable: what read sets in a loop.
var loopVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)$`)
})

// readsBelowVar reports a word that names files below a variable's
// value by a name that may be a secret's: "$d"/* reads the files of each
// directory a loop reads, "$d"/README.md only a file that holds none.
func readsBelowVar(word string) bool {
	m := loopPath().FindStringSubmatch(word)
	return m != nil && takesSecretName("-name", path.Base(m[2]))
}

// loopPath is a word that is a path below a variable's value, the path's
// rest its second group.
var loopPath = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)/(.+)$`)
})

// listFeeders are the commands whose output is the list c reads: from
// standard input ("-"), the pipeline that feeds it, through filters (a
// loop's body reads the pipe into the loop), or the file it is redirected
// from; from a file, the earlier commands that wrote it (> FILE, find
// -fprint FILE).
func listFeeders(c *cmdline.Command, line *cmdline.Line, list string) []*cmdline.Command {
	var out []*cmdline.Command
	chain := func(f *cmdline.Command) {
		for n := 0; f != nil && n < 16; n++ {
			out = append(out, f)
			f = feeder(f, line)
		}
	}
	i := slices.Index(line.Commands, c)
	if list == "-" && c.Stdin.Kind == "pipe" {
		f := feeder(c, line)
		for j := i - 1; f == nil && j >= 0; j-- {
			// a loop's body: the pipe feeds the loop, not the command
			if g := line.Commands[j]; g.Name == c.Stdin.From && g.Pipe.Len > 1 {
				f = g
			}
		}
		chain(f)
		return out
	}
	file := list
	if list == "-" {
		if c.Stdin.Kind != "file" {
			return nil
		}
		file = c.Stdin.From
	}
	for j := i - 1; j >= 0; j-- {
		if g := line.Commands[j]; writesList(g, file) {
			chain(g)
		}
	}
	return out
}

// writesList reports whether g writes its output to file: standard output
// redirected there, or find's -fprint.
func writesList(g *cmdline.Command, file string) bool {
	for _, r := range g.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && r.Target.Value == file {
			return true
		}
	}
	for k, a := range g.Args {
		if (a.Value == "-fprint" || a.Value == "-fprint0" || a.Value == "-fls") && k+1 < len(g.Args) && g.Args[k+1].Value == file {
			return true
		}
	}
	return false
}

// searchedGuards are the guarded files (guardPath) a search hands to c
// when c writes, removes or re-permissions what it is given: find ~ -name
// settings.json -delete, find ~/.codex -name config.toml -exec sed -i …,
// ls ~/.claude/settings.json | xargs sed -i …, sed -i … $(ls ~/.claude/*).
// No path on those lines is hguard's, so outputs alone miss them.
func searchedGuards(c *cmdline.Command, line *cmdline.Line, env *CommandEnv, gs guards) []string {
	prog := programName(c.Name)
	var feeders []*cmdline.Command
	if prog == "find" || prog == "gfind" || prog == "bfs" {
		if slices.Contains(env.Args, "-delete") {
			feeders = append(feeders, c)
		}
	} else if !writesOperands(prog, env.Args) {
		return nil
	}
	// The list may come through a shell the launcher starts (xargs -I{}
	// sh -c 'sed -i … {}'): then the shell at the same place is the one
	// the launcher runs. The innermost finder or xargs is the one.
	src := c
	if len(c.Via) > 0 {
		for i := slices.Index(line.Commands, c) - 1; i >= 0; i-- {
			if g := line.Commands[i]; g.Pos == c.Pos && len(g.Wrappers) > 0 {
				src = g
				break
			}
		}
	}
wrappers:
	for k := len(src.Wrappers) - 1; k >= 0; k-- {
		switch w := src.Wrappers[k]; programName(w.Name) {
		case "find", "gfind", "bfs", "fd", "fdfind":
			for i := len(line.Commands) - 1; i >= 0; i-- {
				if f := line.Commands[i]; f != src && f != c && f.Pos == src.Pos && f.Name == w.Name {
					feeders = append(feeders, f)
					break
				}
			}
			break wrappers
		case "xargs", "gxargs", "parallel":
			feeders = append(feeders, listFeeders(src, line, "-")...)
			break wrappers
		}
	}
	if list, ok := readsList(prog, c, env.Args); ok {
		feeders = append(feeders, listFeeders(c, line, list)...)
	}
	for _, a := range c.Args {
		if a.Dynamic && (strings.Contains(a.Value, "$(") || strings.Contains(a.Value, "`")) {
			feeders = append(feeders, substituted(a.Value)...)
		}
	}
	var out []string
	for _, f := range feeders {
		for _, p := range searchCandidates(programName(f.Name), wordValues(f.Args)) {
			if guardPatternIn(p, gs) {
				out = append(out, p)
			}
		}
	}
	return out
}

// writesOperands reports whether a program writes, removes or
// re-permissions the files it is given: rm, chmod, truncate, tee, sed -i,
// perl -i.
func writesOperands(prog string, args []string) bool {
	switch prog {
	case "rm", "rmdir", "unlink", "shred", "truncate", "chmod", "chown", "chgrp", "chattr", "setfacl", "mv", "tee", "sponge":
		return true
	case "sed", "gsed", "perl", "ruby":
		return hasFlag(args, []string{"i", "in-place"}) || slices.ContainsFunc(args, func(a string) bool {
			return strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "i")
		})
	}
	return false
}

// searchCandidates are the paths a search may yield that could be
// guarded: find's starting points when it tests no name, else each name
// in each starting point and in the agents' directories there (a glob
// name only when it takes a guarded file's name and no plain one); the
// words of ls, echo and printf; grep -l's operands.
func searchCandidates(prog string, args []string) []string {
	var out []string
	switch prog {
	case "find", "gfind", "bfs":
		var starts, names []string
		i := 0
		for ; i < len(args) && !strings.HasPrefix(args[i], "-") && args[i] != "(" && args[i] != "!"; i++ {
			starts = append(starts, args[i])
		}
		if len(starts) == 0 {
			starts = []string{"."}
		}
		for ; i+1 < len(args); i++ {
			switch args[i] {
			case "-name", "-iname":
				names = append(names, args[i+1])
			case "-path", "-wholename", "-ipath", "-iwholename":
				out = append(out, args[i+1])
			}
		}
		if len(names) == 0 && len(out) == 0 {
			return starts
		}
		for _, n := range names {
			for _, s := range starts {
				if !guardNameLike(n) {
					if guardPath(s) {
						out = append(out, s+"/"+n) // find ~/.claude -name '*.json' takes settings.json
					}
					continue
				}
				out = append(out, s+"/"+n)
				for d := range agentDirs {
					if d != ".hermes" || isHome(s) { // Hermes reads only the home's: a project's config.yaml is any YAML
						out = append(out, s+"/"+d+"/"+n)
					}
				}
				for d := range configAgentDirs {
					out = append(out, s+"/.config/"+d+"/"+n, s+"/"+d+"/"+n)
				}
				// A project's .hguard holds rules.yaml; the home's the rest.
				if n == "rules.yaml" || (n == "config.yaml" || n == "audit.jsonl") && isHome(s) {
					out = append(out, s+"/.hguard/"+n)
				}
			}
		}
	case "ls", "gls", "echo", "printf", "realpath", "readlink":
		for _, a := range args {
			if !strings.HasPrefix(a, "-") {
				out = append(out, a)
			}
		}
	case "grep", "egrep", "fgrep", "rg":
		if hasFlag(args, []string{"l", "files-with-matches"}) {
			out = grepOperands(prog, args)
		}
	}
	return out
}

// guardNameLike reports whether a find -name pattern may take a guarded
// file's name: a plain name always (the path decides), a glob when it
// takes one of guardNames and none of plainNames (settings.*, not *.json).
func guardNameLike(n string) bool {
	if !strings.ContainsAny(n, "*?[") {
		return true
	}
	n = strings.ToLower(n)
	for _, p := range plainNames {
		if ok, _ := path.Match(n, p); ok {
			return false
		}
	}
	for _, g := range guardNames() {
		if ok, _ := path.Match(n, g); ok && !strings.HasPrefix(g, ".") {
			return true
		}
	}
	return false
}
