package dsl

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// Values the line computes as it runs. A path the parser cannot resolve
// (d=$(cat /tmp/p); echo x > "$d/settings.json", read f < list; cp evil
// "$f", for f in $(cat list), a path inline code builds from the home) may
// be any file, an agent's hook settings or hguard's own files among them;
// the text that names them is elsewhere (a file an earlier command wrote, a
// decoded string). computedValue says a word holds such a value. The
// environment's own variables ($OUT, $TMPDIR), which the agent's commands
// cannot set for a later one, and what a few programs print about the
// machine or a fresh file (mktemp, pwd, date, git rev-parse, go env) are not
// computed.

// computedValue reports whether text, a word of command c, expands a value
// computed at run time from data the line does not show: a command
// substitution other than the harmless ones, a variable an earlier
// assignment, read, mapfile, printf -v, declare or for loop of the line
// sets from one, or a path inline code builds from the home with parts
// left unknown.
//
// A relative path is computed too where an earlier cd or pushd of the line
// moved to a computed directory, or, before any cd of the line, to the one
// before (cd -, cd "$OLDPWD"), which an earlier command of the session
// chose; after one, cd - goes back where the line was, as known as it was.
func computedValue(text string, c *cmdline.Command, line *cmdline.Line, ctx Context) bool {
	if findFeeds(c, line, text, ctx) {
		return true
	}
	if awkField(c, text) {
		return true
	}
	relative := text != "" && !strings.HasPrefix(text, "/") && !strings.HasPrefix(text, "~") && !strings.HasPrefix(text, "$")
	if !strings.ContainsAny(text, "$`") && !relative {
		return inlineHomePath(text, c)
	}
	vars := computedVars(c, line, ctx)
	if computedText(text, vars) || relative && vars[cwdVar] || inlineHomePath(text, c) {
		return true
	}
	if positionalParam(text) || strings.Contains(text, "argv") || strings.Contains(text, "ARGV") {
		// "$1" of a function, a sh -c script or inline code (sys.argv[1])
		// whose caller passes a computed word; set -- $(cat list)
		if p := parentOf(c, line); p != nil {
			pvars := computedVars(p, line, ctx)
			return slices.ContainsFunc(p.Args, func(a cmdline.Word) bool { return a.Dynamic && computedText(a.Value, pvars) })
		}
		return positionalParam(text) && vars[posVar]
	}
	return false
}

// awkField reports a file awk's print or printf writes whose name holds a
// field of the data it reads (awk '{print > $1}' list): a path taken from
// data the line does not show, as xargs' words are.
func awkField(c *cmdline.Command, text string) bool {
	if len(c.Via) == 0 || !strings.Contains(text, "$") {
		return false
	}
	prog, _, _ := strings.Cut(c.Via[len(c.Via)-1], " ")
	return prog == "awk" || prog == "gawk" || prog == "mawk" || prog == "nawk"
}

// posVar marks, among computedVars, a line that set its positional
// parameters to computed words (set -- $(cat list)).
const posVar = "\x00pos"

// parentOf is the command whose carrier or function call holds c (the sh
// of sh -c, the call of a function), or nil for one of the line's own.
func parentOf(c *cmdline.Command, line *cmdline.Line) *cmdline.Command {
	if len(c.Via) == 0 {
		return nil
	}
	for j := slices.Index(line.Commands, c) - 1; j >= 0; j-- {
		if p := line.Commands[j]; len(p.Via) < len(c.Via) {
			return p
		}
	}
	return nil
}

// findFeeds reports a command of a shell that find -exec runs (find DIR
// -exec sh -c 'echo x > "$1"' _ {} \;), whose {} is a file find found
// outside a listing of the project's files, or that xargs -I{} runs on
// words read from data (xargs -a list -I{} sh -c 'cp x "{}"'); or that
// they give the shell as its positional parameters ("$1").
func findFeeds(c *cmdline.Command, line *cmdline.Line, text string, ctx Context) bool {
	if len(c.Via) == 0 {
		return false
	}
	i := slices.Index(line.Commands, c)
	for j := i - 1; j >= 0; j-- {
		p := line.Commands[j]
		if len(p.Via) >= len(c.Via) {
			continue
		}
		for _, w := range p.Wrappers {
			switch w.Name {
			case "find":
				return (strings.Contains(text, "{}") || positionalParam(text)) && !listsProject("find "+strings.Join(w.Args, " ")+" ", ctx)
			case "xargs":
				repl, data := xargsInput(p, w.Args, line, ctx)
				return data && (repl != "" && (strings.Contains(text, repl) || strings.Contains(text, "$xargs_item")) || repl == "" && (positionalParam(text) || text == ""))
			}
		}
		return false
	}
	return false
}

// cwdVar marks, among computedVars, a line that moved to a computed
// directory.
const cwdVar = "\x00cwd"

// inlineHomePath reports a path inline code writes that its code builds
// from the home with parts the reader could not join
// (os.path.join(os.path.expanduser("~"), "".join([…]), …)).
func inlineHomePath(text string, c *cmdline.Command) bool {
	if len(c.Via) == 0 || !strings.Contains(text, "(") {
		return false
	}
	return inlineHome().MatchString(text)
}

var inlineHome = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)expanduser|\bhome\b|homedir|\bHOME\b|getenv|environ|\bENV\b|Dir\.home|os\.homedir|UserHomeDir|~`)
})

// computedText reports text expanding one of vars, or a substitution that
// is not harmless. A value a project's code computes ($RUST_VALUE of a
// build script's fs::write(out.join(…))) is not: a program's own output
// paths are everyday.
func computedText(text string, vars map[string]bool) bool {
	for _, s := range substitutions(text) {
		if !harmlessSubst(s, vars) {
			return true
		}
	}
	for _, name := range expandedNames(text) {
		if vars[name] {
			return true
		}
	}
	return strings.Contains(text, "${!") // ${!n}: the variable n names, known at run time
}

// computedVars are the variables the commands of the line before c set
// from a computed value (and have not set again to a known one).
func computedVars(c *cmdline.Command, line *cmdline.Line, ctx Context) map[string]bool {
	vars := map[string]bool{}
	loops := line.Loops
	cdSeen, beforeCd := false, false // a cd earlier on the line, and how known the place before the last was (cd -)
	for i, u := range line.Commands {
		for len(loops) > 0 && loops[0].At <= i {
			if l := loops[0]; strings.ContainsAny(l.Words, "$`") {
				vars[l.Name] = computedText(l.Words, vars)
			}
			loops = loops[1:]
		}
		if u == c {
			break
		}
		if len(u.Via) > 0 && (u.Via[len(u.Via)-1] == "$(…)" || u.Via[len(u.Via)-1] == "`…`") {
			continue // a substitution's commands: the command they are part of sets the variable
		}
		if u.Name == "" || u.Name == ":" {
			for _, a := range u.Assigns {
				vars[a.Name] = a.Value.Dynamic && computedText(a.Value.Value, vars)
			}
			continue
		}
		args := wordValues(u.Args)
		ue := &CommandEnv{Args: args} // what readInto reads: the words, not the whole environment
		ue.Positional, ue.Flags = splitArgs(args, valueOptions[programName(u.Name)])
		if u.Name == "cd" || u.Name == "pushd" {
			to := ""
			if len(ue.Positional) > 0 {
				to = ue.Positional[0]
			}
			was := vars[cwdVar]
			switch {
			case (to == "-" || strings.Contains(to, "OLDPWD")) && cdSeen:
				vars[cwdVar] = beforeCd // back where the line's last cd left: as known as it was
			case to == "-" || strings.Contains(to, "OLDPWD") || computedText(to, vars):
				vars[cwdVar] = true
			case to == "" || strings.HasPrefix(to, "/") || strings.HasPrefix(to, "~") || strings.HasPrefix(to, "$"):
				vars[cwdVar] = false // cd, cd /abs, cd ~/x, cd "$HOME": a known place
			}
			cdSeen, beforeCd = true, was
			continue
		}
		if u.Name == "set" && slices.Contains(args, "--") {
			vars[posVar] = slices.ContainsFunc(u.Args, func(a cmdline.Word) bool { return a.Dynamic && computedText(a.Value, vars) })
			continue
		}
		if declarers[u.Name] {
			for _, a := range ue.Args {
				if name, value, ok := strings.Cut(a, "="); ok && name != "" && !strings.HasPrefix(name, "-") {
					vars[name] = computedText(value, vars)
				}
			}
			continue
		}
		// read f < list, mapfile -t a, printf -v p …: what it reads is
		// data, unless a pipe brings a listing of the project's files
		// (git ls-files | while read f)
		listed := false
		if u.Stdin.Kind == "pipe" {
			for j := i - 1; j >= 0; j-- {
				if f := line.Commands[j]; f.Name == u.Stdin.From && f.Pipe.Len > 1 {
					listed = len(f.Via) == len(u.Via) && listsProject(f.Name+" "+strings.Join(wordValues(f.Args), " ")+" ", ctx)
					break
				}
			}
		}
		for _, v := range readInto(u, ue) {
			vars[v] = !listed || u.Name == "printf"
		}
	}
	return vars
}

// expandedNames are the names of the variables text expands ($X, ${X},
// ${X[0]}, ${X%.bak}), positional and special parameters left out.
func expandedNames(text string) []string {
	var names []string
	for rest := text; ; {
		j := strings.IndexByte(rest, '$')
		if j < 0 {
			return names
		}
		rest = rest[j+1:]
		name := strings.TrimPrefix(rest, "{")
		name = strings.TrimLeft(name, "!#")
		k := 0
		for k < len(name) && isNameByte(name[k]) {
			k++
		}
		if k > 0 && !(name[0] >= '0' && name[0] <= '9') {
			names = append(names, name[:k])
		}
	}
}

// substitutions are the texts of the command substitutions in text,
// $(…) and `…`, outermost only.
func substitutions(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		switch {
		case strings.HasPrefix(text[i:], "$(") && !strings.HasPrefix(text[i:], "$(("):
			depth, j := 0, i+1
			for ; j < len(text); j++ {
				if text[j] == '(' {
					depth++
				} else if text[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			out = append(out, text[i+2:min(j, len(text))])
			i = j
		case text[i] == '`':
			j := strings.IndexByte(text[i+1:], '`')
			if j < 0 {
				out = append(out, text[i+1:])
				return out
			}
			out = append(out, text[i+1:i+1+j])
			i += j + 1
		}
	}
	return out
}

// harmlessSubst reports a substitution that prints something about the
// machine, the repository or a fresh temporary file, or lists the
// project's files, with no computed value in its words: mktemp, pwd,
// date, uname, dirname, git rev-parse, go env, find . -name '*.md'.
func harmlessSubst(s string, vars map[string]bool) bool {
	if strings.ContainsAny(s, "|;&<>`\n") || strings.Contains(s, "$(") {
		return false
	}
	if !harmless().MatchString(s) && !listsProject(s, Context{}) {
		return false
	}
	for _, name := range expandedNames(s) {
		if vars[name] {
			return false
		}
	}
	return true
}

var harmless = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(mktemp|pwd|date|uname|hostname|whoami|id|nproc|getconf|dirname|basename|go\s+env|(npm|pnpm)\s+(root|prefix|bin)|brew\s+--prefix|python3?\s+-m\s+site|` +
		// git's names: a ref's components never start with a dot (git check-ref-format)
		`git\s+(rev-parse|describe|symbolic-ref|branch\s+--show-current))\b`)
})

// listing reports a substitution that lists files below where the line
// runs: find, fd, ls, git ls-files, git diff --name-only, and the
// searchers' lists of matching files (grep -l, git grep --name-only, rg
// -l, rg --files, ag -l), their option anywhere among the words (grep -r
// -l, rg -n -l, git diff --cached --name-only).
func listing(s string) bool {
	f := strings.Fields(s)
	if len(f) < 2 {
		return false
	}
	// a short cluster holding one of letters (-rl, -lr)
	cluster := func(w, letters string) bool {
		return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsAny(w[1:], letters) &&
			strings.Trim(w[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
	}
	has := func(words []string, letters string, longs ...string) bool {
		for _, w := range words {
			if w == "--" {
				return false
			}
			if cluster(w, letters) || slices.Contains(longs, w) {
				return true
			}
		}
		return false
	}
	switch f[0] {
	case "find", "fd", "fdfind", "ls":
		return true
	case "grep", "egrep", "fgrep":
		return has(f[1:], "lL", "--files-with-matches", "--files-without-match")
	case "rg":
		return has(f[1:], "l", "--files-with-matches", "--files-without-match", "--files")
	case "ag", "ack":
		return has(f[1:], "lL", "--files-with-matches", "--files-without-matches")
	case "git":
		switch f[1] {
		case "ls-files":
			return true
		case "diff":
			return has(f[2:], "", "--name-only")
		case "grep":
			return has(f[2:], "lL", "--name-only", "--files-with-matches", "--files-without-match")
		}
	}
	return false
}

// listsProject reports a listing substitution whose words name no place
// outside the project: a path spelled absolute (find's . after cd
// /home/u/proj) only within the caller's directory (startInside).
func listsProject(s string, ctx Context) bool {
	if !listing(s) {
		return false
	}
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, `'"`)
		if (strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~")) && !startsInside(w, ctx) || strings.Contains(w, "..") || w == "-L" || w == "-follow" || w == "--follow" || w == "-H" {
			return false
		}
	}
	return true
}

// xargsTarget reports a command xargs runs on words it reads from data the
// line does not show (xargs -a FILE, or a pipe from anything but a listing
// of the project's files) when one of those words is a file the command
// writes: the destination of a copy, move, install or link (appended, or
// where -I's string stands), or every file of tee, truncate, shred or an
// in-place edit (sed -i, perl -i).
func xargsTarget(c *cmdline.Command, ue *CommandEnv, line *cmdline.Line, ctx Context) bool {
	i := slices.IndexFunc(c.Wrappers, func(w cmdline.Wrapper) bool { return w.Name == "xargs" })
	if i < 0 {
		return false
	}
	repl, data := xargsInput(c, c.Wrappers[i].Args, line, ctx)
	if !data {
		return false
	}
	prog := programName(c.Name)
	inPlace := slices.ContainsFunc(ue.Flags, func(f string) bool {
		return strings.HasPrefix(f, "--in-place") || strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "--") && strings.Contains(f, "i") // sed -Ei, perl -pi
	})
	switch {
	case copiers.has(prog) || prog == "install" || prog == "ln":
		if slices.ContainsFunc(ue.Flags, func(f string) bool { return f == "-t" || strings.HasPrefix(f, "--target-directory") }) {
			return prog == "mv" // its sources, appended, are moved away
		}
		if repl != "" {
			p := ue.Positional
			return len(p) > 0 && (strings.Contains(p[len(p)-1], repl) || prog == "mv" && slices.ContainsFunc(p, func(a string) bool { return strings.Contains(a, repl) }))
		}
		return true
	case prog == "tee" || prog == "truncate" || prog == "shred" || prog == "rm" || prog == "unlink" || prog == "chmod" || prog == "chattr" ||
		(prog == "sed" || prog == "perl" || prog == "ruby") && inPlace:
		if repl != "" {
			return slices.ContainsFunc(ue.Positional, func(a string) bool { return strings.Contains(a, repl) })
		}
		return true
	}
	return false
}

// xargsInput reads xargs' own arguments: the string -I (-i, --replace)
// puts the words in place of ("" when they are appended), and whether
// the words come from data the line does not show (xargs -a FILE, a pipe
// from anything but a listing of the project's files; not typed words).
func xargsInput(c *cmdline.Command, args []string, line *cmdline.Line, ctx Context) (repl string, data bool) {
	fromFile := false
	for j := 0; j < len(args); j++ {
		switch a := args[j]; {
		case a == "-I" && j+1 < len(args):
			repl = args[j+1]
			j++
		case strings.HasPrefix(a, "-I"):
			repl = a[2:]
		case a == "-i" || a == "--replace":
			repl = "{}"
		case strings.HasPrefix(a, "--replace="):
			repl = strings.TrimPrefix(a, "--replace=")
		case strings.HasPrefix(a, "-i"):
			repl = a[2:]
		case a == "-a" || a == "--arg-file" || strings.HasPrefix(a, "--arg-file=") || strings.HasPrefix(a, "-a") && len(a) > 2:
			fromFile = true
		}
	}
	if fromFile {
		return repl, true
	}
	if c.Stdin.Kind != "pipe" {
		return repl, false // xargs given typed words, or a file it reads (< list) is a redirect's
	}
	origin, originArgs := pipeOrigin(c, line)
	return repl, !(origin != "" && listsProject(origin+" "+strings.Join(originArgs, " ")+" ", ctx)) // grep -rl TODO src | xargs sed -i …
}

// positionalParam reports a text that expands a positional parameter
// ($1, ${2}, $@, $*).
func positionalParam(text string) bool {
	for rest := text; ; {
		j := strings.IndexByte(rest, '$')
		if j < 0 || j+1 >= len(rest) {
			return false
		}
		rest = rest[j+1:]
		r := strings.TrimPrefix(rest, "{")
		if r != "" && (r[0] >= '0' && r[0] <= '9' || r[0] == '@' || r[0] == '*') {
			return true
		}
	}
}
