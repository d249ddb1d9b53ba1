package cmdline

import (
	"maps"
	"path"
	"slices"
	"strings"
)

// Copies of programs: cp /bin/rm /tmp/ls; /tmp/ls -rf ~ runs rm under
// another name. A file the line made a copy, a link or an install of a
// known program is that program when it runs later on the line, so the
// rules judge rm -rf ~, not an unknown ls. A copy of a program hguard does
// not know is left as it is: judging it as its source would say nothing.

// copyValueOpts are the short and long options of the copying programs
// whose value is the next word.
var copyValueOpts = map[string]struct {
	short string
	long  []string
}{
	"cp":      {"St", []string{"--suffix", "--target-directory"}},
	"mv":      {"St", []string{"--suffix", "--target-directory"}},
	"ln":      {"St", []string{"--suffix", "--target-directory"}},
	"install": {"mogSt", []string{"--mode", "--owner", "--group", "--suffix", "--target-directory", "--strip-program"}},
	"rsync":   {"efTBM", []string{"--rsh", "--filter", "--temp-dir", "--block-size", "--remote-option", "--exclude", "--include", "--chmod", "--chown", "--rsync-path"}},
}

// lookedUp matches a substitution that prints the path of the program it
// names: $(command -v rm), `which rm`, $(type -P rm), zsh's $(whence -p rm),
// also inside readlink -f or realpath. Group 1 is the program.
var lookedUp = lazyRegexp(`^(?:\$\(|` + "`" + `)[^;|&<>]*?\b(?:which|command\s+-[vV]|type\s+-[a-zA-Z]*[pP]|whence\s+-[a-z]*p[a-z]*|where)\s+(?:--\s+)?"?([A-Za-z_][A-Za-z0-9_.+-]*)"?\s*[)` + "`" + `"]*$`)

// varRef matches a word that is one variable's value: $R, ${R}.
var varRef = lazyRegexp(`^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$`)

// lookedUpVar records a variable assigned a program's looked-up path
// (R=$(command -v rm)), which copyOrigin reads; any other value forgets it.
func (w *walker) lookedUpVar(name string, v Word) {
	if m := lookedUp().FindStringSubmatch(v.Value); v.Dynamic && m != nil && knownCopy(m[1]) {
		if w.lookups == nil {
			w.lookups = make(map[string]string)
		}
		w.lookups[name] = m[1]
	} else if w.lookups != nil {
		delete(w.lookups, name)
	}
}

// runsWrittenOnPath follows a bare name that a directory the line put on
// PATH holds a file for, written earlier on the line: echo 'rm -rf ~' > bin/git; chmod +x bin/git;
// PATH=$PWD/bin:$PATH git status runs that script, not git. A builtin is
// found before PATH is searched.
func (w *walker) runsWrittenOnPath(c *Command, cx ctx) {
	if c.Path != c.Name || c.Name == "" || strings.Contains(c.Name, "/") || pathBuiltins.has(c.Name) || w.walks >= maxLoopWalks {
		return
	}
	pathText := w.pathText
	for _, a := range c.Assigns {
		if a.Name == "PATH" {
			pathText = a.Value.Value
		}
	}
	for _, el := range strings.Split(pathText, ":") {
		for _, here := range []string{"$PWD/", "${PWD}/", "$(pwd)/", "`pwd`/"} {
			el = strings.TrimPrefix(el, here)
		}
		if el == "" || strings.HasPrefix(el, "$") {
			continue
		}
		// this line's files only: those of earlier lines are runEarlier's
		// (binDirs)
		if f := path.Join(el, c.Name); w.writtenHere(f) {
			in, via, _ := w.fileInput(f)
			w.walks++
			w.runKnownFile(c, in, via, cx)
			return
		}
	}
	// a bin directory of a home or the system (~/.local/bin, ~/bin,
	// /usr/local/bin) is on most users' PATH already, often before the
	// system's: echo 'rm -rf ~' > ~/.local/bin/zzq; chmod +x …; zzq runs it
	// A subcommand a program looks up on PATH as PROG-SUB (git zzq runs
	// git-zzq; cargo's, kubectl's plugins) is run so too.
	names := []string{c.Name}
	if len(c.Args) > 0 && !c.Args[0].Dynamic && c.Args[0].Value != "" && !strings.HasPrefix(c.Args[0].Value, "-") && !strings.Contains(c.Args[0].Value, "/") {
		names = append(names, c.Name+"-"+c.Args[0].Value)
	}
	for _, f := range slices.Sorted(maps.Keys(w.files)) {
		home := strings.HasPrefix(f, "/") || strings.HasPrefix(f, "~/") || strings.HasPrefix(f, "$HOME/") || strings.HasPrefix(f, "${HOME}/")
		if d := path.Dir(f); slices.Contains(names, path.Base(f)) && (path.Base(d) == "bin" || path.Base(d) == "sbin") && home {
			in, via, _ := w.fileInput(f)
			w.walks++
			w.runKnownFile(c, in, via, cx)
			return
		}
	}
}

// pathBuiltins are the shells' builtins, which run whatever PATH holds.
var pathBuiltins = set("cd", "echo", "printf", "test", "[", "read", "export", "set", "unset", "source", ".", "eval", "exec",
	"true", "false", "pwd", "type", "command", "builtin", "alias", "local", "declare", "typeset", "return", "exit", "shift",
	"trap", "wait", "kill", "ulimit", "umask", "hash", "let", "readonly", "getopts", "jobs", "fg", "bg")

// onPath reports whether the text of a PATH value (static or as written:
// $PWD/b:$PATH) names dir, a directory as copyKey spells it.
func (w *walker) onPath(pathText, dir string) bool {
	for _, el := range strings.Split(pathText, ":") {
		for _, here := range []string{"$PWD/", "${PWD}/", "$(pwd)/", "`pwd`/"} {
			if rest, ok := strings.CutPrefix(el, here); ok {
				el = rest
			}
		}
		if el != "" && !strings.HasPrefix(el, "$") && w.copyKey(el) == dir {
			return true
		}
	}
	return false
}

// copyOrigin is the program a copy's source word names, or "" when it
// names none: a program's absolute path (/bin/rm), a lookup of one at run
// time ("$(command -v printenv)"), zsh's =rm, a relative path to a program
// hguard knows, or an earlier copy.
func (w *walker) copyOrigin(a field) string {
	v := a.Value
	if a.Dynamic {
		if m := lookedUp().FindStringSubmatch(v); m != nil && m[1] != "" {
			return m[1] // any program: the rules judge the copy by its name
		}
		if m := varRef().FindStringSubmatch(v); m != nil {
			return w.lookups[m[1]] // R=$(which rm); cp "$R" x
		}
		return ""
	}
	if w.dialect == Zsh && len(v) > 1 && v[0] == '=' && !strings.Contains(v, "/") && knownCopy(v[1:]) {
		return v[1:] // zsh's =rm is rm's path
	}
	if p, ok := w.copies[w.copyKey(v)]; ok {
		return p
	}
	if strings.Contains(v, "/") && isCommandWord(path.Clean(v)) && (knownCopy(baseName(v)) || path.IsAbs(v)) {
		return v // /usr/bin/printenv: an installed program, known or not
	}
	if strings.Contains(v, "/") && strings.ContainsAny(path.Dir(v), "*?[") && !strings.ContainsAny(path.Base(v), "*?[") && knownCopy(baseName(v)) {
		return v // cp /???/rm x: a glob in the directory only, the program's name as written
	}
	if strings.Contains(v, "/") && strings.ContainsAny(path.Base(v), "*?[") && len(globKnown(path.Base(v))) > 0 {
		return v // cp /bin/r? x: the program is any the glob may match (runsCopy)
	}
	return ""
}

// knownCopy reports a program whose copy is worth following: one hguard
// knows, or a wrapper (a copy of env or sudo still runs its operand).
func knownCopy(name string) bool {
	return knownProgram(program(name)) || passedThrough(name)
}

// copyKey is the file p names, as copies keys it: relative to the
// directory a cd on the line moved to, ./ and $HOME spelled out one way.
func (w *walker) copyKey(p string) string {
	for _, home := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(p, home); ok && (rest == "" || rest[0] == '/') {
			p = "~" + rest
		}
	}
	if w.cwd != "" && p != "" && p[0] != '/' && p[0] != '~' && p[0] != '$' {
		p = joinPath(w.cwd, p)
	}
	return path.Clean(p)
}

// copied records the files c makes a copy or a link of a known program:
// cp, mv, ln, install and rsync SOURCE… DEST, cat SOURCE > DEST and dd
// if=SOURCE of=DEST.
func (w *walker) copied(c *Command, args []field) {
	switch c.Name {
	case "go":
		w.goBuilt(args)
	case "cat":
		var ops []field
		for _, a := range args {
			if a.Dynamic || !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, a)
			}
		}
		if len(ops) != 1 {
			return
		}
		for _, r := range c.Redirects {
			if (r.Op == ">" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && !r.Target.Dynamic {
				w.copyTo(ops[0], r.Target.Value, false)
			}
		}
	case "dd":
		var from field
		to := ""
		for _, a := range args {
			if v, ok := strings.CutPrefix(a.Value, "if="); ok {
				from = field{Word: Word{Value: v, Dynamic: a.Dynamic}}
			} else if v, ok := strings.CutPrefix(a.Value, "of="); ok && !a.Dynamic {
				to = v
			}
		}
		if from.Value != "" && to != "" {
			w.copyTo(from, to, false)
		}
	default:
		opts, ok := copyValueOpts[c.Name]
		if !ok {
			return
		}
		var ops []field
		dir, file := "", false
		for i := 0; i < len(args); i++ {
			a, v := args[i], args[i].Value
			switch {
			case a.Dynamic || v == "-" || !strings.HasPrefix(v, "-"):
				ops = append(ops, a)
			case v == "--":
				ops = append(ops, args[i+1:]...)
				i = len(args)
			case v == "-d" && c.Name == "install", v == "--directory" && c.Name == "install":
				return // creates directories
			case v == "-T" || v == "--no-target-directory":
				file = true
			case strings.HasPrefix(v, "--target-directory="):
				dir = strings.TrimPrefix(v, "--target-directory=")
			case strings.HasPrefix(v, "--"):
				if !strings.Contains(v, "=") && slices.Contains(opts.long, v) {
					if v == "--target-directory" && i+1 < len(args) {
						dir = args[i+1].Value
					}
					i++
				}
			default:
				// -m755, -t DIR, -fsT: the first option letter that takes a
				// value takes the rest of the word or the next word
				for j := 1; j < len(v); j++ {
					if strings.IndexByte(opts.short, v[j]) < 0 {
						file = file || v[j] == 'T'
						continue
					}
					val := v[j+1:]
					if val == "" && i+1 < len(args) {
						i++
						val = args[i].Value
					}
					if v[j] == 't' {
						dir = val
					}
					break
				}
			}
		}
		switch {
		case dir != "":
			for _, src := range ops {
				w.copyTo(src, strings.TrimSuffix(dir, "/")+"/"+baseName(src.Value), false)
			}
		case len(ops) == 1 && c.Name == "ln":
			w.copyTo(ops[0], baseName(ops[0].Value), false) // ln TARGET links in the directory
		case len(ops) >= 2:
			dest := ops[len(ops)-1]
			if dest.Dynamic {
				return
			}
			for _, src := range ops[:len(ops)-1] {
				// one source and no -T: dest may be a directory
				w.copyTo(src, dest.Value, len(ops) > 2 || !file)
			}
		}
	}
}

// copyTo records dest as a copy of what src names, when that is a known
// program under another name. orInto also records dest/NAME, for a dest
// that may be a directory.
func (w *walker) copyTo(src field, dest string, orInto bool) {
	origin := w.copyOrigin(src)
	if origin == "" || dest == "" {
		return
	}
	record := func(file string) { w.recordCopy(file, origin) }
	if !strings.HasSuffix(dest, "/") {
		record(dest)
	}
	if orInto || strings.HasSuffix(dest, "/") {
		record(strings.TrimSuffix(dest, "/") + "/" + baseName(src.Value))
	}
}

// recordCopy records file as a copy of the program origin names.
func (w *walker) recordCopy(file, origin string) {
	if w.copies == nil {
		w.copies = make(map[string]string)
	}
	key := w.copyKey(file)
	w.copies[key] = origin
	if w.copyNames == nil {
		w.copyNames = make(map[string][]string)
	}
	if name := path.Base(key); !slices.Contains(w.copyNames[name], key) {
		w.copyNames[name] = append(w.copyNames[name], key)
	}
}

// runsCopy emits, for a command that runs a copy made earlier on the line,
// the command as the copied program: /tmp/ls -rf ~ after cp /bin/rm /tmp/ls
// is also rm -rf ~, carried by "copy /tmp/ls".
func (w *walker) runsCopy(c *Command, cx ctx) {
	if len(w.copies) == 0 || w.walks >= maxLoopWalks {
		return
	}
	via, key := c.Path, ""
	switch {
	case strings.Contains(c.Path, "/"):
		key = w.copyKey(c.Path)
	case c.Path == c.Name:
		// a bare name runs a copy in a directory on PATH: a bin
		// directory, or one the line put on PATH
		pathText := w.pathText
		for _, a := range c.Assigns {
			if a.Name == "PATH" {
				pathText = a.Value.Value
			}
		}
		for _, k := range w.copyNames[c.Name] {
			if d := path.Dir(k); path.Base(d) == "bin" || path.Base(d) == "sbin" || w.onPath(pathText, d) {
				key, via = k, k
				break
			}
		}
	}
	origin, ok := w.copies[key]
	if !ok || program(c.Name) == program(baseName(origin)) {
		return // run by its own name, the rules see the program already
	}
	w.walks++
	origins := []string{origin}
	if base := path.Base(origin); strings.ContainsAny(base, "*?[") {
		origins = origins[:0] // a copy of a glob's match: each program it may be
		for _, n := range globKnown(base) {
			origins = append(origins, path.Join(path.Dir(origin), n))
		}
	}
	for _, origin := range origins {
		if !w.runAs(c, origin, "copy "+via, cx) {
			return
		}
	}
}

// runAs emits c as run by the program name (a path or a bare name) with
// c's final arguments (xargs' input appended, relative paths made
// absolute after a cd), carried by via, and follows what that runs; false
// when the line's budget is spent.
func (w *walker) runAs(c *Command, name, via string, cx ctx) bool {
	fs := make([]field, 0, len(c.Args)+1)
	fs = append(fs, field{Word: Word{Value: name}})
	for _, a := range c.Args {
		fs = append(fs, field{Word: a})
	}
	m := Command{Pipe: c.Pipe, Via: append(slices.Clip(c.Via), via), Source: c.Source, Pos: c.Pos, Func: c.Func,
		Background: c.Background, Stdin: c.Stdin, Redirects: c.Redirects, Cwd: c.Cwd, CwdRel: c.CwdRel, CwdLost: c.CwdLost}
	rest := w.peel(&m, fs)
	m.Wrappers = concat(c.Wrappers, m.Wrappers)
	m.Assigns = concat(c.Assigns, m.Assigns)
	// what the copy prints is what the program prints (cp /usr/bin/printf
	// zz; ./zz TEXT > FILE writes TEXT)
	printed := m
	printed.Redirects = nil
	c.attached = &printed
	if !w.emit(&m) {
		return false
	}
	cx.depth++
	w.follow(&m, rest, cx)
	return true
}
