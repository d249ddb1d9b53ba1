package cmdline

import (
	"cmp"
	"maps"
	"path"
	"slices"
	"strings"
)

// makefile is what GNU make reads of a makefile's text for hguard: its
// variables, its rules with their recipes, and what it runs whatever the
// goal (a top-level $(shell …), recipe lines before the first rule, the
// lines of a define's canned recipe).
type makefile struct {
	vars   map[string]string
	rules  []makeRule
	always []string
	// whole is set when the file makes rules as make runs ($(eval …),
	// secondary expansion): which of its recipes a goal runs is not known
	// here, so all of them are read.
	whole bool
}

// makeRule is one rule: its targets, its prerequisites (order-only ones
// included) and its recipe lines, as written.
type makeRule struct {
	targets, prereqs string
	recipes          []string
}

// makeDefaults are the values GNU make gives the variables recipes use most.
// CURDIR is the directory make runs in, as the recipes run there.
var makeDefaults = map[string]string{
	"CC": "cc", "CXX": "g++", "CPP": "cc -E", "RM": "rm -f", "MAKE": "make", "SHELL": "/bin/sh",
	"AR": "ar", "AS": "as", "LD": "ld", "INSTALL": "install", "FC": "f77", "CURDIR": ".",
}

// parseMakefile reads a makefile's text. overrides are the command line's
// VAR=value words, which win over the file's assignments.
func parseMakefile(text string, overrides map[string]string) *makefile {
	mf := &makefile{vars: map[string]string{}}
	maps.Copy(mf.vars, makeDefaults)
	text = strings.ReplaceAll(text, "\\\n", " ")
	prefix := "\t"
	rule := -1 // the rule recipe lines belong to; -1 before the first
	recipe := func(r string) {
		if rule < 0 {
			mf.always = append(mf.always, r) // make stops there; read all the same
			return
		}
		mf.rules[rule].recipes = append(mf.rules[rule].recipes, r)
	}
	define, body := "", []string(nil) // a define … endef being read
	for _, l := range strings.Split(text, "\n") {
		if define != "" || strings.HasPrefix(strings.TrimSpace(l), "define ") {
			// a canned recipe: its lines may run wherever $(call …) or
			// $(NAME) puts them, so they are read whatever the goal
			t := strings.TrimSpace(l)
			switch {
			case define == "":
				define = strings.TrimSpace(strings.TrimRight(strings.TrimPrefix(t, "define "), "=:!?+ "))
			case t == "endef" || strings.HasPrefix(t, "endef "):
				mf.vars[define] = strings.Join(body, "\n")
				define, body = "", nil
			default:
				line := strings.TrimLeft(t, "@-+ \t")
				body = append(body, line)
				mf.always = append(mf.always, line)
			}
			continue
		}
		if strings.HasPrefix(l, prefix) {
			recipe(strings.TrimLeft(strings.TrimPrefix(l, prefix), "@-+ \t"))
			continue
		}
		l = strings.TrimPrefix(strings.TrimSpace(l), "export ")
		if l == "" || l[0] == '#' {
			continue
		}
		if strings.Contains(l, "$(eval") || strings.Contains(l, "${eval") || strings.HasPrefix(l, ".SECONDEXPANSION") {
			mf.whole = true
			if inner, ok := strings.CutPrefix(l, "$(eval "); ok && strings.HasSuffix(inner, ")") {
				l = strings.TrimSpace(inner[:len(inner)-1]) // $(eval setup: ; CMD) is the line it holds
			}
		}
		if strings.HasPrefix(l, "$(shell ") || strings.HasPrefix(l, "${shell ") {
			mf.always = append(mf.always, l) // a top-level $(shell …) runs as make reads the file
			continue
		}
		if targets, prereqs, body, ok := makeRuleLine(l); ok {
			mf.rules = append(mf.rules, makeRule{targets: targets, prereqs: prereqs})
			rule = len(mf.rules) - 1
			if body != "" {
				recipe(strings.TrimLeft(body, "@-+ \t")) // target: prereqs ; recipe
			}
			continue
		}
		i := strings.Index(l, "=")
		if i <= 0 {
			continue
		}
		name, op := strings.TrimSpace(l[:i]), "="
		for _, o := range []string{":::", "::", ":", "?", "+", "!"} {
			if n, ok := strings.CutSuffix(name, o); ok {
				name, op = strings.TrimSpace(n), o+"="
				break
			}
		}
		if name == "" || strings.ContainsAny(name, " \t:$") {
			continue
		}
		value := strings.TrimSpace(l[i+1:])
		if name == ".RECIPEPREFIX" && value != "" {
			prefix = value[:1] // .RECIPEPREFIX = > : recipe lines start with >
			continue
		}
		if (op == ":=" || op == "::=" || op == ":::=") && strings.Contains(value, "$(shell ") {
			mf.always = append(mf.always, value) // X := $(shell CMD) runs CMD as make reads the file
		}
		if _, ok := overrides[name]; ok {
			continue
		}
		switch op {
		case "+=":
			mf.vars[name] = strings.TrimSpace(mf.vars[name] + " " + value)
		case "?=":
			if _, ok := mf.vars[name]; !ok { // CC ?= gcc keeps make's cc
				mf.vars[name] = value
			}
		case "!=":
			mf.vars[name] = "$(shell " + value + ")"
		default:
			mf.vars[name] = value
		}
	}
	maps.Copy(mf.vars, overrides)
	// every recipe line runs as $(SHELL) $(.SHELLFLAGS) LINE: a shell of
	// the project's, flags that run a command of their own, or a start-up
	// file bash reads (BASH_ENV) run whatever the goal
	sh := makeExpand(mf.vars["SHELL"], mf.vars, 0)
	if flags, ok := mf.vars[".SHELLFLAGS"]; ok || !standardShell(sh) {
		if !ok {
			flags = "-c"
		}
		mf.always = append(mf.always, sh+" "+flags+" :")
	}
	for _, name := range []string{"BASH_ENV", "ENV"} {
		if v, ok := mf.vars[name]; ok && v != "" {
			mf.always = append(mf.always, ". "+v)
		}
	}
	return mf
}

// standardShell reports a shell make may be given that runs nothing of a
// project's: a plain shell by name, or from a system bin directory.
func standardShell(sh string) bool {
	dir, name := path.Split(sh)
	return slices.Contains([]string{"sh", "bash", "dash", "zsh", "ksh", "mksh"}, name) &&
		slices.Contains([]string{"", "/bin/", "/usr/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"}, dir)
}

// makeRuleLine splits a rule line, "targets: prerequisites" (also ::,
// &:, a static pattern's second colon) with an optional "; recipe". A
// variable assignment (X := y, X = a:b) and a target-specific one
// (t: X = y) are not rules.
func makeRuleLine(l string) (targets, prereqs, recipe string, ok bool) {
	head, recipe, _ := strings.Cut(l, ";")
	i := strings.IndexByte(head, ':')
	if i <= 0 || strings.Contains(head[:i], "=") {
		return "", "", "", false
	}
	rest := head[i+1:]
	if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "::=") {
		return "", "", "", false // X := y
	}
	rest = strings.TrimPrefix(rest, ":")
	if strings.Contains(rest, "=") {
		return "", "", "", false // target: VAR = value
	}
	if j := strings.IndexByte(rest, ':'); j >= 0 {
		rest = rest[j+1:] // targets: target-pattern: prereq-patterns
	}
	return strings.TrimSuffix(strings.TrimSpace(head[:i]), "&"), strings.ReplaceAll(rest, "|", " "), recipe, true
}

// recipeText is the shell text the makefile's recipes run for goals, one
// line each (makeRecipeText's form): what runs whatever the goal, then the
// recipes of the rules the goals need, through their prerequisites, in
// the file's order. No goal is make's default: .DEFAULT_GOAL or the first
// target. All recipes are read when the file makes rules as make runs,
// when a goal names no rule of the file, or goals is nil.
func (mf *makefile) recipeText(goals []string, all bool) string {
	lines := slices.Clone(mf.always)
	for _, i := range mf.needed(goals, all) {
		lines = append(lines, mf.rules[i].recipes...)
	}
	out := make([]string, 0, len(lines))
	for _, r := range lines {
		if r != "" {
			out = append(out, makeExpand(r, mf.vars, 0))
		}
	}
	return strings.Join(out, "\n")
}

// needed are the indexes of the rules make may run for goals, in order.
func (mf *makefile) needed(goals []string, all bool) []int {
	every := func() []int {
		out := make([]int, len(mf.rules))
		for i := range out {
			out[i] = i
		}
		return out
	}
	if all || mf.whole {
		return every()
	}
	names := func(s string) []string {
		var out []string
		for _, n := range makeWords(makeExpand(s, mf.vars, 0)) {
			if n != "./" {
				n = strings.TrimPrefix(n, "./") // make reads ./x as x
			}
			out = append(out, n)
		}
		return out
	}
	targets := make([][]string, len(mf.rules)) // expanded once, looked at for every name followed
	for i, r := range mf.rules {
		targets[i] = names(r.targets)
	}
	if len(goals) == 0 {
		if g := strings.TrimSpace(mf.vars[".DEFAULT_GOAL"]); g != "" {
			goals = names(g)
		}
		for i := 0; i < len(mf.rules) && len(goals) == 0; i++ {
			for _, t := range targets[i] {
				if !strings.HasPrefix(t, ".") && !strings.Contains(t, "%") {
					goals = []string{t}
					break
				}
			}
		}
	}
	want := map[string]bool{}
	queue := slices.Clone(goals)
	chosen := make([]bool, len(mf.rules))
	for len(queue) > 0 {
		goal := queue[0]
		queue = queue[1:]
		if want[goal] {
			continue
		}
		if len(want) >= maxMakeNames || len(goal) > maxMakeName {
			return every() // pattern rules chaining without end (%: %.c), names built huge
		}
		want[goal] = true
		found := false
		for i, r := range mf.rules {
			match, stem := false, ""
			for _, t := range targets[i] {
				switch {
				case runTime(t) && runTime(goal):
					match = overlap(t, goal)
				case runTime(t):
					match = skeletonMatch(t, goal) // a target known only as make runs: ${GOBIN}/x is not test
				case runTime(goal):
					match = skeletonMatch(goal, t) // a prerequisite known only as make runs
				case t == goal:
					match = true
				case strings.Contains(t, "%"):
					pre, suf, _ := strings.Cut(t, "%")
					if len(goal) >= len(pre)+len(suf) && strings.HasPrefix(goal, pre) && strings.HasSuffix(goal, suf) {
						match, stem = true, goal[len(pre):len(goal)-len(suf)]
					}
				case strings.HasPrefix(t, ".") && strings.Count(t, ".") == 2 && !strings.Contains(t, "/"):
					match = strings.HasSuffix(goal, t[strings.LastIndexByte(t, '.'):]) // .c.o: old-style suffix rules
				}
				if match {
					break
				}
			}
			if !match {
				continue
			}
			found = true
			chosen[i] = true
			// $(wildcard *.go), $(shell find …) list the sources it builds from
			prereqs := fileListings().ReplaceAllString(makeExpand(r.prereqs, mf.vars, 0), "")
			for _, p := range names(prereqs) {
				if stem != "" {
					p = strings.ReplaceAll(p, "%", stem)
				}
				queue = append(queue, p)
			}
		}
		if !found && slices.Contains(goals, goal) {
			return every() // a goal the file does not name: .DEFAULT, an include's rule
		}
	}
	var out []int
	for i, r := range mf.rules {
		if chosen[i] || r.targets == ".DEFAULT" {
			out = append(out, i)
		}
	}
	return out
}

// maxMakeNames bounds the targets followed from the goals, and
// maxMakeName a name's length: past them every recipe is read.
const (
	maxMakeNames = 2048
	maxMakeName  = 1024
)

// runTime reports a name makeExpand left to make's run: a variable from
// the environment, a function, a $(shell …).
func runTime(name string) bool { return strings.Contains(name, "${") || strings.Contains(name, "$(") }

// makeWords splits expanded names at blanks outside $(…) and ${…}.
func makeWords(s string) []string {
	var out []string
	depth, start := 0, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '(' || c == '{':
			depth++
		case (c == ')' || c == '}') && depth > 0:
			depth--
		case (c == ' ' || c == '\t') && depth == 0:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// skeletonMatch reports whether name may be what target, known only as
// make runs, becomes: its known pieces in order, anything for each part
// left to the run ($(GOBIN)/lint is not test). Linear in their lengths.
func skeletonMatch(target, name string) bool {
	var pieces []string
	for rest := target; ; {
		i := strings.IndexByte(rest, '$')
		if i < 0 || i+1 >= len(rest) || rest[i+1] != '(' && rest[i+1] != '{' {
			pieces = append(pieces, rest)
			break
		}
		pieces = append(pieces, rest[:i])
		end := strings.IndexByte(rest[i:], map[byte]byte{'(': ')', '{': '}'}[rest[i+1]])
		if end < 0 {
			pieces = append(pieces, "")
			break
		}
		rest = rest[i+end+1:]
	}
	if len(pieces) == 1 {
		return pieces[0] == name
	}
	first, last := pieces[0], pieces[len(pieces)-1]
	if len(name) < len(first)+len(last) || !strings.HasPrefix(name, first) || !strings.HasSuffix(name, last) {
		return false
	}
	mid := name[len(first) : len(name)-len(last)]
	for _, p := range pieces[1 : len(pieces)-1] {
		k := strings.Index(mid, p)
		if k < 0 {
			return false
		}
		mid = mid[k+len(p):]
	}
	return true
}

// overlap reports two names known only as make runs that may be the
// same: their known beginnings and ends agree.
func overlap(a, b string) bool {
	head := func(s string) string { return s[:strings.IndexByte(s, '$')] }
	tail := func(s string) string {
		i := strings.LastIndexAny(s, ")}")
		if i < 0 {
			return ""
		}
		return s[i+1:]
	}
	ha, hb, ta, tb := head(a), head(b), tail(a), tail(b)
	return (strings.HasPrefix(ha, hb) || strings.HasPrefix(hb, ha)) && (strings.HasSuffix(ta, tb) || strings.HasSuffix(tb, ta))
}

// fileListings finds what lists a project's files in expanded
// prerequisites ($(wildcard …) as ${MAKE_WILDCARD}, $(shell find …),
// git ls-files, go list, ls): sources, not the names of other rules.
var fileListings = lazyRegexp(`\$\{MAKE_WILDCARD\}|\$\((?:find|git ls-files|go list|ls)\b[^()]*\)`)

// makeRecipeText is the shell text all of a makefile's recipes run, one
// line each: the makefile's own variables (and make's defaults) put in,
// $$ as $, $(shell CMD) as $(CMD), an automatic variable ($@, $<) as a
// plain word, another reference (a function, or a variable that may come
// from the environment) as the shell's ${NAME}, whose value is unknown.
func makeRecipeText(text string) string {
	return parseMakefile(text, nil).recipeText(nil, true)
}

// makeGoals reads make's command line: the goals it names, its VAR=value
// overrides, and whether a word is known only as the line runs (then all
// recipes are read).
func makeGoals(args []field) (goals []string, overrides map[string]string, dynamic bool) {
	for i := 0; i < len(args); i++ {
		a, v := args[i], args[i].Value
		switch {
		case a.Dynamic:
			dynamic = true
		case v == "--":
		case v == "-E" || v == "--eval" || strings.HasPrefix(v, "--eval="):
			dynamic, i = true, i+1 // --eval="t: setup" adds rules: all are read
		case slices.Contains([]string{"-f", "-C", "-I", "-o", "-W", "--file", "--makefile", "--directory",
			"--include-dir", "--old-file", "--assume-old", "--what-if", "--new-file", "--assume-new"}, v):
			i++ // its value
		case v == "-j" || v == "-l" || v == "--jobs" || v == "--load-average" || v == "--max-load":
			if i+1 < len(args) && strings.Trim(args[i+1].Value, "0123456789.") == "" {
				i++
			}
		case strings.HasPrefix(v, "-"):
		case strings.Contains(v, "="):
			name, value, _ := strings.Cut(v, "=")
			name = strings.TrimRight(name, ":+?!")
			if overrides == nil {
				overrides = map[string]string{}
			}
			overrides[strings.TrimSpace(name)] = value
		default:
			goals = append(goals, v)
		}
	}
	return goals, overrides, dynamic
}

// makeIncluded is a makefile's text with the files it includes (include
// F, -include F, sinclude F) that the session wrote, relative to dir, put
// in at their lines, as make reads them: their recipes and variables are
// the makefile's, and their first target may be the default goal. open
// reports an include it could not read (a name made as make runs, a file
// the session did not write), whose rules may be any goal's. Its names
// are expanded with the makefile's variables, vars.
func (w *walker) makeIncluded(text, dir string, vars map[string]string) (_ string, open bool) {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "include" && f[0] != "-include" && f[0] != "sinclude" {
			continue
		}
		var spliced strings.Builder
		for _, name := range strings.Fields(makeExpand(strings.Join(f[1:min(len(f), 9)], " "), vars, 0)) {
			// $(shell git rev-parse --show-toplevel)/x.mk, $(CURDIR)/x.mk
			name = strings.NewReplacer("$(git rev-parse --show-toplevel)", ".", "$(pwd)", ".", "${PWD}", ".").Replace(name)
			if strings.ContainsAny(name, "$(") {
				open = true
				continue
			}
			if dir != "" && !strings.HasPrefix(name, "/") && !strings.HasPrefix(name, "~") {
				name = path.Join(dir, name)
			}
			if in, ok := w.earlierFile(name); ok && in.Static {
				spliced.WriteString(in.Text + "\n")
			} else {
				open = true
			}
		}
		lines[i] = spliced.String()
	}
	return strings.Join(lines, "\n"), open
}

// makeShebang reports a script whose #! line runs make (make -f).
func makeShebang(text string) bool {
	first, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(first, "#!")
	f := strings.Fields(rest)
	if !ok || len(f) == 0 {
		return false
	}
	if baseName(f[0]) == "env" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") })
	}
	return len(f) > 0 && (baseName(f[0]) == "make" || baseName(f[0]) == "gmake")
}

// makeExpand puts a makefile's variables into s (makeRecipeText).
func makeExpand(s string, vars map[string]string, depth int) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		ref := string(s[i])
		if open := s[i]; open == '(' || open == '{' {
			end := strings.IndexByte(s[i:], map[byte]byte{'(': ')', '{': '}'}[open])
			if end < 0 {
				b.WriteString(s[i-1:])
				break
			}
			ref = s[i+1 : i+end]
			i += end
		}
		switch {
		case ref == "$":
			b.WriteByte('$')
		case strings.ContainsAny(ref[:1], "@<^?*+|%") && len(ref) <= 2:
			b.WriteString("target")
		case strings.HasPrefix(ref, "wildcard "):
			b.WriteString("${MAKE_WILDCARD}")
		case strings.HasPrefix(ref, "shell "):
			b.WriteString("$(" + makeExpand(strings.TrimPrefix(ref, "shell "), vars, depth+1) + ")")
		case vars[ref] != "" && depth < 8:
			b.WriteString(makeExpand(vars[ref], vars, depth+1))
		case !strings.ContainsAny(ref, " \t,") && ref != "":
			b.WriteString("${" + ref + "}")
		default:
			b.WriteString("${MAKE_FUNCTION}")
		}
	}
	return b.String()
}

// makePrograms are the variables whose value the recipes of make's
// built-in rules start with, the program they run (GNU make's manual,
// "Variables Used by Implicit Rules": $(CC) $(CFLAGS) -c …), and LD.
var makePrograms = set("AR", "AS", "CC", "CXX", "CPP", "FC", "M2C", "PC", "CO", "GET", "LEX", "YACC", "LINT",
	"MAKEINFO", "TEX", "TEXI2DVI", "WEAVE", "CWEAVE", "TANGLE", "CTANGLE", "RM", "LD")

// makeFlags are the flags variables GNU make's built-in recipes put after
// each of makePrograms (make -p: COMPILE.c = $(CC) $(CFLAGS) $(CPPFLAGS)
// $(TARGET_ARCH) -c, LINK.c adds $(LDFLAGS), $(AR) $(ARFLAGS) $@ $<),
// each program's in the order of its longest recipe, and LDFLAGS after LD
// as makefiles write their links ($(LD) $(LDFLAGS)).
var makeFlags = map[string][]string{
	"CC":       {"CFLAGS", "ASFLAGS", "CPPFLAGS", "LDFLAGS", "TARGET_ARCH", "TARGET_MACH"},
	"CXX":      {"CXXFLAGS", "CPPFLAGS", "LDFLAGS", "TARGET_ARCH"},
	"CPP":      {"CPPFLAGS"},
	"FC":       {"FFLAGS", "RFLAGS", "CPPFLAGS", "LDFLAGS", "TARGET_ARCH"},
	"PC":       {"PFLAGS", "CPPFLAGS", "LDFLAGS", "TARGET_ARCH"},
	"M2C":      {"M2FLAGS", "MODFLAGS", "DEFFLAGS", "TARGET_ARCH"},
	"AS":       {"ASFLAGS", "TARGET_MACH"},
	"AR":       {"ARFLAGS"},
	"LEX":      {"LFLAGS"},
	"YACC":     {"YFLAGS"},
	"LINT":     {"LINTFLAGS", "CPPFLAGS", "TARGET_ARCH"},
	"CO":       {"COFLAGS"},
	"GET":      {"GFLAGS", "SCCS_OUTPUT_OPTION"},
	"MAKEINFO": {"MAKEINFO_FLAGS"},
	"TEXI2DVI": {"TEXI2DVI_FLAGS"},
	"LD":       {"LDFLAGS"},
}

// makeVariables follows the variables make is given that run a program:
// SHELL, which runs every recipe line (make SHELL=PROG), and makePrograms,
// which recipes start with (make CC='…'). make takes them from its
// command line and from the variable definitions in MAKEFLAGS (and
// GNUMAKEFLAGS) as if given there, and makePrograms from the environment
// too (CC=… make), which a makefile may set over; SHELL never comes from
// the environment (the manual's "Choosing the Shell"). A value known only
// at run time is left, as the exec language leaves one.
func (w *walker) makeVariables(c *Command, args []field, cx ctx) {
	type def struct{ name, value, via string }
	var defs []def
	add := func(word, via string) {
		n, v, ok := strings.Cut(word, "=")
		if n = strings.TrimSpace(strings.TrimRight(n, ":+?!")); ok && n != "" && !strings.HasPrefix(n, "-") {
			defs = append(defs, def{n, v, via + n + "="})
		}
	}
	prog := baseName(c.Name) + " "
	// computed is a program variable set to one substitution (CC="$(curl
	// -s URL)"): the program is what it prints, a command known only at
	// run time (downloaded or decoded text that), as a command option's
	// computed value is (computedCommand); a lookup stays the program
	computed := func(name, value, via string) {
		if (name == "SHELL" || name == "CONFIG_SHELL" || makePrograms.has(name)) && oneSubst(value) && !programLookup().MatchString(value) {
			w.nested(c, value, via+name+"=", cx, true)
		}
	}
	for i, a := range args {
		n, v, ok := strings.Cut(a.Value, "=")
		switch {
		case !a.Dynamic:
			add(a.Value, prog)
		case a.setupOnly():
		case ok && a.in.Kind == "cmdsubst" && (n == "SHELL" || makePrograms.has(n)) && oneSubst(v) && !programLookup().MatchString(v):
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(a.in))
			computed(n, v, prog)
		case (a.in.Remote || a.in.Decoded) && (ok && commandVariable(n) || n == "--eval" || i > 0 && (args[i-1].Value == "--eval" || args[i-1].Value == "-E")):
			// make CFLAGS="$(curl -s URL)", make --eval="$(curl …)":
			// downloaded text pasted into the recipes as a command or
			// its options, or read as the makefile's own lines
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(a.in))
		case ok && makeName(n):
			// x="$(curl …)"; make CC="$x": the substitution x was given
			if m := heldVariable().FindStringSubmatch(v); m != nil && w.substVars[m[1]] != "" {
				computed(n, w.substVars[m[1]], prog)
			}
		}
	}
	for _, env := range []string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
		v, ok := w.lineValue(c, env)
		if ok {
			for _, word := range makeflagsWords(v) {
				add(word, env+" ")
			}
			continue
		}
		if !slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == env }) {
			v = w.substVars[env] // export MAKEFLAGS="CC=$(curl …)"; make
		}
		// MAKEFLAGS="CC=$(curl …)" make: its words as the shell gives
		// them, a substitution among them whole
		for _, word := range makeWords(v) {
			if n, value, ok := strings.Cut(word, "="); ok {
				computed(n, value, env+" ")
			}
		}
	}
	for _, a := range c.Assigns {
		switch {
		case (makePrograms.has(a.Name) || a.Name == "CONFIG_SHELL") && !a.Value.Dynamic:
			defs = append(defs, def{a.Name, a.Value.Value, a.Name + "="})
		case !a.Value.Dynamic && pastedCommand(a.Value.Value) != "":
			// CFLAGS='-O2; CMD' make: make takes the environment's
			// variables as its own
			defs = append(defs, def{a.Name, a.Value.Value, a.Name + "="})
		case a.Value.Dynamic:
			if (a.in.Remote || a.in.Decoded) && commandVariable(a.Name) {
				c.Untrusted = cmp.Or(c.Untrusted, untrusted(a.in)) // CFLAGS="$(curl …)" make, CC="$C" make
			}
			// CC="$(curl -s URL)" make: as GIT_SSH_COMMAND="$(…)" is
			// (envCarriers)
			computed(a.Name, a.Value.Value, "")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(w.fetched)) {
		// export CFLAGS="$(curl …)"; make, read C < <(curl …); export
		// CC="$C"; make: a downloaded value set earlier reaches make
		// through the environment, read exported or not as above
		if commandVariable(name) && name != "SHELL" && !slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) &&
			!slices.ContainsFunc(defs, func(d def) bool { return d.name == name }) {
			c.Untrusted = cmp.Or(c.Untrusted, untrusted(w.fetched[name]))
		}
	}
	for _, name := range append(slices.Clip(makePrograms.list), "CONFIG_SHELL") {
		// export CC='…'; make: set earlier on the line. Read exported
		// or not: a variable a shell's user sets (CC) is often exported
		// already, and the assignment then reaches make.
		if slices.ContainsFunc(defs, func(d def) bool { return d.name == name }) {
			continue
		}
		if v, ok := w.vars[name]; ok && !strings.Contains(v, "$") {
			defs = append(defs, def{name, v, name + "="})
		} else if v, ok := w.substVars[name]; ok && !slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) {
			computed(name, v, "") // export CC="$(curl …)"; make
		}
	}
	for _, env := range []string{"MAKEFLAGS", "GNUMAKEFLAGS"} {
		// export MAKEFLAGS='--eval=$(shell CMD)'; make: as the prefix is
		if v, ok := w.vars[env]; ok && w.exported[env] && pastedCommand(v) != "" && !slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == env }) &&
			!slices.ContainsFunc(defs, func(d def) bool { return d.name == env }) {
			defs = append(defs, def{env, v, "export " + env + "="})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(w.vars)) {
		// export CFLAGS='-O2; CMD'; make: any variable set earlier whose
		// value is a recipe line's command, read exported or not as make's
		// programs are (only such values matter: a flag list is no finding);
		// not SHELL, which make never takes from the environment
		v := w.vars[name]
		if name == "" || !isIdentStart(name[0]) || name == "SHELL" || makePrograms.has(name) || slices.ContainsFunc(defs, func(d def) bool { return d.name == name }) ||
			strings.Contains(v, "$") || pastedCommand(v) == "" {
			continue
		}
		defs = append(defs, def{name, v, name + "="})
	}
	// flags is the value make gives a flags variable from its command
	// line, MAKEFLAGS or the environment (CC=rm CFLAGS='-rf ~' make), if
	// the line shows it
	flags := func(name string) (string, bool) {
		if i := slices.IndexFunc(defs, func(d def) bool { return d.name == name }); i >= 0 {
			return defs[i].value, true
		}
		if i := slices.IndexFunc(c.Assigns, func(a Assign) bool { return a.Name == name }); i >= 0 {
			return c.Assigns[i].Value.Value, !c.Assigns[i].Value.Dynamic
		}
		v, ok := w.vars[name]
		return v, ok && !strings.Contains(v, "$")
	}
	for _, d := range defs {
		switch {
		case d.name == "SHELL" || d.name == "CONFIG_SHELL":
			// configure runs itself again under CONFIG_SHELL, and make's
			// recipes that run configure pass it on
			w.runCode(c, "shell-program", field{Word: Word{Value: d.value}}, d.via, cx)
		case d.name == ".SHELLFLAGS" && strings.TrimSpace(d.value) != "":
			// GNU make runs each recipe line as SHELL .SHELLFLAGS LINE,
			// the flags split as make splits a command (quotes kept):
			// .SHELLFLAGS='-c "CMD" #' runs CMD, the line a comment
			w.nested(c, "sh "+d.value, d.via, cx, false)
		case makePrograms.has(d.name) && strings.TrimSpace(d.value) != "" && !defaultProgram(d.name, d.value):
			// the recipe runs the program with its flags variables'
			// values pasted after it: make CC=rm CFLAGS='-rf ~' runs
			// rm -rf ~ -c x.c
			line := d.value
			for _, f := range makeFlags[d.name] {
				if v, ok := flags(f); ok && strings.TrimSpace(v) != "" {
					line += " " + makeExpand(v, nil, 0)
				}
			}
			if parseBashText(line) == nil {
				line = d.value // a flags value that does not parse pasted: the program alone
			}
			w.nested(c, line, d.via, cx, false)
		case d.name != ".SHELLFLAGS" && !makePrograms.has(d.name) && pastedCommand(d.value) != "":
			w.nested(c, pastedCommand(d.value), d.via, cx, false)
		}
		for _, text := range makeCalls(d.value, "eval") {
			// X='$(eval all: ; CMD)': the rules it makes wherever $(X)
			// is expanded, read as make --eval's
			w.runCode(c, "make", field{Word: Word{Value: text}}, d.via, cx)
		}
	}
}

// makeCalls are the arguments of the calls of make's function fn in s:
// $(fn ARGS) and ${fn ARGS}, brackets of the same kind nested inside.
func makeCalls(s, fn string) []string {
	var out []string
	for i := 0; i+len(fn)+3 <= len(s); i++ {
		if s[i] != '$' || s[i+1] != '(' && s[i+1] != '{' || !strings.HasPrefix(s[i+2:], fn+" ") {
			continue
		}
		open, close := s[i+1], map[byte]byte{'(': ')', '{': '}'}[s[i+1]]
		start, depth := i+2+len(fn)+1, 1
		j := start
		for ; j < len(s) && depth > 0; j++ {
			switch s[j] {
			case open:
				depth++
			case close:
				depth--
			}
		}
		if depth > 0 {
			out = append(out, s[start:]) // unclosed: the rest
			break
		}
		out = append(out, s[start:j-1])
		i = j - 1
	}
	return out
}

// heldVariable finds a word that is one variable's value: $x, "${x}".
var heldVariable = lazyRegexp(`^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$`)

// makeName reports a word make reads as a variable's name on its command
// line (NAME=value), not an option's (--eval=…).
func makeName(n string) bool {
	return n != "" && !strings.HasPrefix(n, "-") && !strings.ContainsAny(n, " \t$`\"'")
}

// commandVariable reports a make variable whose value recipes run as a
// command or pass to one as options: make's programs (CC, INSTALL), SHELL,
// any *FLAGS, and names that say so (…_CMD, …COMMAND, …WRAPPER, …HOOK).
// A downloaded value of another (VERSION="$(curl … | jq -r .tag_name)",
// the release a README's line builds) is data to a person.
func commandVariable(n string) bool {
	if !makeName(n) {
		return false
	}
	if n == "SHELL" || n == "CONFIG_SHELL" || n == ".SHELLFLAGS" || makePrograms.has(n) {
		return true
	}
	u := strings.ToUpper(n)
	for _, part := range []string{"FLAGS", "CMD", "COMMAND", "SHELL", "INSTALL", "EXEC", "WRAPPER", "LAUNCHER", "HOOK", "SCRIPT", "RUN"} {
		if strings.Contains(u, part) {
			return true
		}
	}
	return false
}

// pastedCommand is the shell text a variable's value makes of a recipe
// line it is put in, when that is more than the words of one program's
// arguments: make pastes a value into the line ($(CC) $(CFLAGS) -c …),
// and the shell reads its separators, substitutions and redirections
// (CFLAGS='-O2; CMD', LDFLAGS='`CMD`', CPPFLAGS='$(shell CMD)'), or a
// command it starts with (INSTALL='rm -rf ~', a variable a recipe runs).
// Flags, paths and lists of words (-O2 -g, --prefix=/usr, V=1) are "",
// as is text that does not parse: the line it is pasted in is unknown.
func pastedCommand(value string) string {
	text := makeExpand(value, nil, 0)
	fields := strings.Fields(text)
	switch {
	case strings.ContainsAny(text, ";&|`\n>") || strings.Contains(text, "$("):
		text = ": " + text
	case len(fields) > 1 && launchable(fields[0]):
	default:
		return ""
	}
	if parseBashText(text) == nil {
		return ""
	}
	return text
}

// makeflagsWords splits MAKEFLAGS as make does: at blanks a backslash
// does not escape (make writes a value's blanks as "\ "), the backslash
// taken off; quotes are no part of its syntax.
func makeflagsWords(v string) []string {
	var out []string
	var b strings.Builder
	open := false
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case ch == '\\' && i+1 < len(v):
			i++
			b.WriteByte(v[i])
			open = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if open {
				out = append(out, b.String())
				b.Reset()
				open = false
			}
		default:
			b.WriteByte(ch)
			open = true
		}
	}
	if open {
		out = append(out, b.String())
	}
	return out
}

// defaultProgram reports a value of one of makePrograms that is make's own
// program for it with other options (RM='rm -rf', CC='cc -m32'): the
// recipe gives it the project's files, as with make's default.
func defaultProgram(name, value string) bool {
	def, words := strings.Fields(makeDefaults[name]), strings.Fields(value)
	if len(def) == 0 || len(words) == 0 || words[0] != def[0] {
		return false
	}
	for _, w := range words[1:] {
		if !strings.HasPrefix(w, "-") {
			return false
		}
	}
	return true
}
