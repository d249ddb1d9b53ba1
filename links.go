package hguard

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// maxLinkedWords bounds the words of one line whose links are looked up:
// each costs a file-system lookup or two.
const maxLinkedWords = 256

// linker resolves the symbolic links already on disk in the paths a line
// names: a repository may hold notes.txt -> ~/.ssh/id_rsa or cfg ->
// ~/.claude, and an earlier command may have made one, so that cat
// notes.txt reads a key and echo … > cfg/settings.json rewrites an
// agent's hooks under names no rule knows.
type linker struct {
	home string
	// cwd is the directory the command being resolved runs in: where
	// /proc/self/cwd leads for it, wherever hguard itself runs.
	cwd  string
	dirs map[string]string // a directory → where its links lead, for cwd
	// known are the files of hardKnown by device and inode
	// (hardLinked), read when a file with two names is first met.
	known map[[2]uint64]string
	// unlinks says the command removes names, not what they lead to
	// (rm, unlink): a path's last component is not followed, and a hard
	// link is a name of its own.
	unlinks bool
	// made are the links the line's earlier commands make (ln -s, and ln
	// or link for a hard link), by the link's absolute path: ln -s ~
	// /tmp/x && rm -rf /tmp/x/ deletes the home's files though no link is
	// on disk yet.
	made map[string]string
	// mounted are the made links that are bind mounts (mount --bind ~
	// /tmp/x, bindfs): rm -rf /tmp/x goes into the home as well.
	mounted map[string]bool
	// madeOnly follows only the links the line makes, none on disk: a
	// person's check, which looks nothing up on disk (the line a person
	// pastes, ln -s ~ /tmp/x && rm -rf /tmp/x/, is read as written).
	madeOnly bool
}

// maxLinkHops bounds the links followed for one path (a loop never ends).
const maxLinkHops = 64

// linked returns where p (relative to dir) leads when an existing symbolic
// link lies on its way, written under ~ when it lies in the home; ""
// when none does, or p is not a path. A glob's directory part is followed
// (rm -rf * where the agent's shell reached the home through a link).
func (l *linker) linked(p, dir string) string {
	if p == "" || len(p) > 4096 || strings.Contains(p, "://") || strings.ContainsAny(p, "\x00\n") || streamDevice(p) {
		return ""
	}
	glob := ""
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		// the directory before the first pattern is resolved, the
		// pattern kept: ./* in a linked directory is that directory's *
		j := strings.LastIndexByte(p[:i], '/')
		p, glob = p[:j+1], p[j+1:]
		if p == "" {
			p = "."
		}
	}
	abs := p
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if l.home == "" {
			return ""
		}
		abs = l.home + p[1:]
	case !filepath.IsAbs(p):
		if !filepath.IsAbs(dir) {
			return ""
		}
		abs = dir + "/" + p
	}
	var real string
	if slices.Contains(strings.Split(abs, "/"), "..") {
		// the kernel takes .. where the links before it lead (cfg/..
		// is ~ when cfg -> ~/.claude), not by the name as Clean does
		real = l.eval(abs)
	}
	abs = filepath.Clean(abs)
	if real == "" {
		if l.unlinks && glob == "" && !strings.HasSuffix(p, "/") && !l.mounted[filepath.Clean(abs)] {
			// rm notes.txt removes the link, not the key it leads to
			if d := l.resolve(filepath.Dir(abs)); d != "" {
				real = filepath.Join(d, filepath.Base(abs))
			}
		} else {
			real = l.resolve(abs)
		}
	}
	switch {
	case l.unlinks && !strings.Contains(glob, "/"):
		// rm -f * and rm key.txt remove names: a match that is a link,
		// or another name of a secret, is not its target
	case l.madeOnly:
		// hard links and a glob's matches are on disk
	case glob == "":
		if secret := l.hardLinked(real); secret != "" {
			real = secret // ln ~/.ssh/id_rsa notes.txt, then cat notes.txt
		}
	case real != "" && !strings.Contains(glob, "/"):
		// cat *.txt | nc …: a match that is a link (or another name) of
		// a secret file makes the glob read it
		if secret := l.secretMatch(real, glob); secret != "" {
			return l.spelled(secret)
		}
	case real != "":
		// echo … >> */.bashrc, cp -r x u?/.claude, rm -rf */: a
		// pattern's match on the way that is a link is followed
		if through := l.globThrough(real, glob); through != "" {
			return l.spelled(through)
		}
	}
	if real == "" || real == abs && !strings.HasPrefix(abs, "/proc/") {
		return ""
	}
	if glob != "" {
		real = filepath.Join(real, glob)
		if real == filepath.Join(abs, glob) {
			return ""
		}
	}
	if l.home != "" && l.home != "/" {
		if rest, ok := strings.CutPrefix(real, l.home+"/"); ok {
			return "~/" + rest
		}
		if real == l.home {
			return "~"
		}
	}
	if real == abs {
		return ""
	}
	return real
}

// upward is where a relative path that climbs (.., ../x, a/../..) leads
// from dir, or "." and ./x when the line moved away from cwd (cd .. &&
// tar c .): written under ~ in the home. From ~/proj, rm -rf .. and find
// .. -delete are the home's deletion; "" for any other word.
func (l *linker) upward(p, dir, cwd string) string {
	if p == "" || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "-") || strings.ContainsAny(withoutClasses(p), "$`=:@") || !filepath.IsAbs(dir) {
		return ""
	}
	parts := strings.Split(p, "/")
	climbs := slices.Contains(parts, "..")
	here := (p == "." || strings.HasPrefix(p, "./")) && filepath.Clean(dir) != filepath.Clean(cwd)
	if !climbs && !here {
		return ""
	}
	abs := filepath.Join(dir, p) // "$PWD/.." comes spelled out: /home/u/proj/..
	if filepath.IsAbs(p) {
		abs = filepath.Clean(p)
	}
	if l.home != "" && l.home != "/" {
		if abs == l.home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(abs, l.home+"/"); ok {
			return "~/" + rest
		}
	}
	return abs
}

// withoutClasses is p less a glob's [:NAME:] classes, whose colons
// are no host's or option's.
func withoutClasses(p string) string {
	for {
		i := strings.Index(p, "[:")
		j := strings.Index(p[max(i, 0):], ":]")
		if i < 0 || j < 0 {
			return p
		}
		p = p[:i] + p[i+j+2:]
	}
}

// maxGlobLinks bounds the matches of a glob looked at for links.
const maxGlobLinks = 256

// secretMatch is the first secret file (dsl.SensitivePath) that a match of
// glob in dir leads to through a link or a hard link, else "".
func (l *linker) secretMatch(dir, glob string) string {
	matches, _ := filepath.Glob(filepath.Join(dir, glob))
	for _, m := range matches[:min(len(matches), maxGlobLinks)] {
		target := ""
		if fi, err := os.Lstat(m); err == nil && fi.Mode()&os.ModeSymlink != 0 {
			target = l.eval(m)
		} else {
			target = l.hardLinked(m)
		}
		if target != "" && dsl.SensitivePath(l.spelled(target)) {
			return target
		}
	}
	return ""
}

// globThrough is where glob (a pattern with a "/" after a component that
// has a wildcard) leads from dir when a match of that component is a
// link: the first such match's target with the rest of the pattern
// appended, else "". A match with nothing after it is the link itself,
// which rm and mv take as it is, and is not followed.
func (l *linker) globThrough(dir, glob string) string {
	comps := strings.Split(glob, "/")
	k := -1
	for i, c := range comps[:len(comps)-1] {
		if strings.ContainsAny(c, "*?[") {
			k = i
		}
	}
	if k < 0 {
		return ""
	}
	rest := strings.Join(comps[k+1:], "/")
	matches, _ := filepath.Glob(filepath.Join(dir, strings.Join(comps[:k+1], "/")))
	best := ""
	for _, m := range matches[:min(len(matches), maxGlobLinks)] {
		r := l.eval(m)
		if r == "" || r == m {
			continue
		}
		// more path follows: only a directory leads on; of several, the
		// one highest up (the home before a directory in it)
		if fi, err := os.Stat(r); err == nil && fi.IsDir() && (best == "" || strings.Count(r, "/") < strings.Count(best, "/")) {
			best = r
		}
	}
	switch {
	case best == "":
		return ""
	case rest == "":
		return best + "/"
	}
	return filepath.Join(best, rest)
}

// spelled is an absolute path written under ~ when it lies in the home.
func (l *linker) spelled(p string) string {
	if l.home != "" && l.home != "/" {
		if p == l.home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(p, l.home+"/"); ok {
			return "~/" + rest
		}
	}
	return p
}

// selfCwd is p with /proc/self/cwd (the directory of the process that
// opens it) read as dir, where the command runs: hguard's own directory
// is not the command's (the daemon runs elsewhere).
func selfCwd(p, dir string) string {
	if !filepath.IsAbs(dir) {
		return p
	}
	for _, self := range []string{"/proc/self/cwd", "/proc/thread-self/cwd"} {
		if rest, ok := strings.CutPrefix(p, self); ok && (rest == "" || rest[0] == '/') && !strings.HasPrefix(dir, self) {
			return filepath.Join(dir, rest)
		}
	}
	return p
}

// streamDevice reports a name of the command's own standard streams or
// terminal (/dev/stdout, /dev/stderr, /dev/fd/2, /dev/tty): the links
// behind them (/proc/self/fd/2, then a pipe or hguard's own terminal)
// are the process's that opens them, so the name as written is what the
// rules judge (tee /dev/stderr writes no file).
func streamDevice(p string) bool {
	switch p {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty":
		return true
	}
	n, ok := strings.CutPrefix(p, "/dev/fd/")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// resolve is abs with the links of its existing part followed; a part
// that does not exist yet (a file about to be written, a dangling link's
// target) is kept as named.
func (l *linker) resolve(abs string) string {
	if abs == "/" {
		return abs
	}
	parent := l.dir(filepath.Dir(abs))
	full := filepath.Join(parent, filepath.Base(abs))
	if inSelf(parent) || inSelf(full) {
		return l.eval(full)
	}
	if _, ok := l.made[full]; ok {
		return l.eval(full)
	}
	if l.madeOnly {
		if l.madeUnder(full) {
			return l.eval(full)
		}
		return full
	}
	if fi, err := os.Lstat(full); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return l.eval(full)
	}
	return full
}

// dir resolves a directory's links, remembering each answer for the
// command.
func (l *linker) dir(d string) string {
	if r, ok := l.dirs[d]; ok {
		return r
	}
	r := l.eval(d)
	if l.dirs == nil {
		l.dirs = map[string]string{}
	}
	l.dirs[d] = r
	return r
}

// inSelf reports a path under /proc/self or /proc/thread-self: the process
// that opens it, which is the command's, not hguard's.
func inSelf(p string) bool {
	for _, self := range []string{"/proc/self", "/proc/thread-self"} {
		if rest, ok := strings.CutPrefix(p, self); ok && (rest == "" || rest[0] == '/') {
			return true
		}
	}
	return false
}

// eval is filepath.EvalSymlinks for the command's process: /proc/self/cwd
// is l.cwd and /proc/self/root is /, other entries under /proc/self are
// kept as named (hguard's own would be read otherwise); a part that does
// not exist ends the walk, the rest appended as named; "" for a loop.
func (l *linker) eval(abs string) string {
	dest, rest := "/", abs
	hops := 0
	for rest != "" {
		var part string
		part, rest, _ = strings.Cut(rest, "/")
		switch part {
		case "", ".":
			continue
		case "..":
			dest = filepath.Dir(dest)
			continue
		}
		next := filepath.Join(dest, part)
		switch {
		case dest == "/proc" && (part == "self" || part == "thread-self"):
			dest = next
			continue
		case (dest == "/proc/self" || dest == "/proc/thread-self") && part == "cwd" && filepath.IsAbs(l.cwd):
			if hops++; hops > maxLinkHops {
				return ""
			}
			dest, rest = "/", l.cwd+"/"+rest
			continue
		case (dest == "/proc/self" || dest == "/proc/thread-self") && part == "root":
			dest = "/"
			continue
		case inSelf(dest):
			dest = next
			continue
		}
		if target, ok := l.made[next]; ok {
			if hops++; hops > maxLinkHops {
				return ""
			}
			if filepath.IsAbs(target) {
				dest = "/"
			}
			rest = target + "/" + rest
			continue
		}
		if l.madeOnly {
			if !l.madeUnder(next) {
				return filepath.Join(next, rest)
			}
			dest = next
			continue
		}
		fi, err := os.Lstat(next)
		if err != nil && l.madeUnder(next) {
			dest = next // a directory the line makes, holding a link it makes
			continue
		}
		if err != nil {
			return filepath.Join(next, rest)
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			dest = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return ""
		}
		target, err := os.Readlink(next)
		if err != nil {
			return filepath.Join(next, rest)
		}
		if filepath.IsAbs(target) {
			dest = "/"
		}
		rest = target + "/" + rest
	}
	return dest
}

// spelledOut is a word's path with $HOME and $PWD (${…}, $(pwd), and
// operations on it: ${PWD%/*}) written as the linker reads them, ~ and the
// command's directory; "" for another dynamic word.
func spelledOut(w cmdline.Word, dir string) string {
	v := w.Value
	if w.Dynamic && len(v) > 1 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	for _, home := range []string{"$HOME", "${HOME}"} {
		if rest, ok := strings.CutPrefix(v, home); ok && (rest == "" || rest[0] == '/') {
			v = "~" + rest
		}
	}
	for _, here := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
		if rest, ok := strings.CutPrefix(v, here); ok && (rest == "" || rest[0] == '/') && filepath.IsAbs(dir) {
			v = dir + rest
		}
	}
	if r, ok := cmdline.ExpandPWD(v, dir); ok && filepath.IsAbs(dir) {
		v = r // rm -rf "${PWD%/*}"
		if rel, err := filepath.Rel(dir, r); err == nil && filepath.IsAbs(r) && (rel == ".." || strings.HasPrefix(rel, "../")) {
			v = dir + "/" + rel // spelled as climbing from dir, as upward reads it
		}
	}
	if m := parentOfHere().FindStringSubmatch(v); m != nil && filepath.IsAbs(dir) {
		v = dir + "/.." + m[1] // "$(dirname "$PWD")", $(cd .. && pwd)
	}
	if strings.ContainsAny(v, "$`") {
		return ""
	}
	return v
}

// parentOfHere matches a word that starts with a substitution printing
// the parent of the directory it runs in; group 1 is the rest.
var parentOfHere = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:\$\(\s*dirname\s+(?:"?\$(?:PWD|\{PWD\})"?|"?\$\(pwd\)"?)\s*\)|\$\(\s*cd\s+\.\.\s*(?:&&|;)\s*pwd\s*\)|\$\(\s*(?:realpath|readlink\s+-[fem])\s+"?\.\./?"?\s*\))((?:/.*)?)$`)
})

// pathsIn are the places in a word where a path may stand, as prefix,
// path and suffix: the word, an option's value after = or attached to a
// short option (-fFILE), and a file curl reads after @ or <
// (-d @F, -F k=@F;type=text/plain).
func pathsIn(v string) [][3]string {
	var out [][3]string
	add := func(prefix, p, suffix string) {
		out = append(out, [3]string{prefix, p, suffix})
		if i := strings.IndexAny(p, "@<"); i >= 0 && i+1 < len(p) {
			f, sfx, _ := strings.Cut(p[i+1:], ";")
			if sfx != "" {
				sfx = ";" + sfx
			}
			out = append(out, [3]string{prefix + p[:i+1], f, sfx + suffix})
		}
	}
	switch {
	case strings.HasPrefix(v, "--"):
		if name, val, ok := strings.Cut(v, "="); ok {
			add(name+"=", val, "")
		}
	case strings.HasPrefix(v, "-") && len(v) > 2:
		if name, val, ok := strings.Cut(v, "="); ok {
			add(name+"=", val, "")
		}
		if strings.ContainsAny(v[2:], "/.@<") {
			add(v[:2], v[2:], "") // not -rf's f
		}
	case strings.HasPrefix(v, "-"):
	default:
		add("", v, "")
		if name, val, ok := strings.Cut(v, "="); ok && name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") == "" {
			add(name+"=", val, "") // dd if=F of=F, an operand's value
		}
	}
	return out
}

// linkedLine is line with each word and redirection target that leads
// through an existing symbolic link replaced by where it leads (an
// option's value after = too), or nil when no word does. The rules judge
// it beside the line as written. madeOnly follows only the links the
// line itself makes (linker.madeOnly).
func linkedLine(line *cmdline.Line, cwd string, madeOnly bool) *cmdline.Line {
	l := &linker{home: filepath.Clean(os.Getenv("HOME")), madeOnly: madeOnly}
	if !filepath.IsAbs(l.home) {
		l.home = ""
	}
	var out *cmdline.Line
	budget := maxLinkedWords
	for i, c := range line.Commands {
		dir := selfCwd(commandDir(c, cwd), cwd)
		if dir != l.cwd {
			l.cwd, l.dirs = dir, nil
		}
		l.unlinks = c.Name == "rm" || c.Name == "unlink"
		var cc *cmdline.Command
		change := func() *cmdline.Command {
			if cc == nil {
				copied := *c
				copied.Args = slices.Clone(c.Args)
				copied.Redirects = slices.Clone(c.Redirects)
				cc = &copied
			}
			return cc
		}
		word := func(w cmdline.Word) (string, bool) {
			v := spelledOut(w, dir)
			if v == "" || budget <= 0 {
				return "", false
			}
			budget--
			for _, at := range pathsIn(v) {
				if r := l.linked(at[1], dir); r != "" {
					return at[0] + r + at[2], true
				}
			}
			// upward reads the words as written, nothing on disk: a
			// person's ../.ssh is where it leads too
			if r := l.upward(v, dir, cwd); r != "" {
				return r, true
			}
			for _, at := range pathsIn(v) {
				if at[0] == "" {
					continue
				}
				if r := l.upward(at[1], dir, cwd); r != "" {
					return at[0] + r + at[2], true // --directory=.., dd of=../.bashrc
				}
			}
			return "", false
		}
		if strings.Contains(c.Path, "/") && !c.Dynamic && budget > 0 {
			// ./tool -rf ~ where tool -> /bin/rm: the program is
			// the one the link leads to
			budget--
			if r := l.linked(c.Path, dir); r != "" && filepath.Base(r) != c.Name {
				change().Path, cc.Name = r, filepath.Base(r)
			}
		}
		var globbed []*cmdline.Command // one more copy for each further path a glob may match
		for j, a := range c.Args {
			if r, ok := word(a); ok {
				// ../.ba?hrc from ~/proj: the glob is matched as the walk
				// matches one typed from the home (cmdline.GlobPaths)
				ps := cmdline.GlobPaths(r)
				if len(ps) == 0 {
					ps = []string{r}
				}
				change().Args[j].Value = ps[0]
				for _, p := range ps[1:] {
					more := *cc
					more.Args = slices.Clone(cc.Args)
					more.Args[j].Value = p
					globbed = append(globbed, &more)
				}
			}
		}
		if c.Payload != nil {
			// open("notes.txt") in inline code: its string literals
			// are paths the code may open
			if code, ok := linkedLiterals(c.Payload.Code, func(lit string) string {
				if budget <= 0 {
					return ""
				}
				budget--
				return l.linked(lit, dir)
			}); ok {
				p := *c.Payload
				p.Code = code
				change().Payload = &p
			}
		}
		for j, r := range c.Redirects {
			if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" || strings.HasSuffix(r.Op, "&") {
				continue // a heredoc's text, or a descriptor
			}
			if v, ok := word(r.Target); ok {
				change().Redirects[j].Target.Value = v
				if (r.Op == "<" || r.Op == "<>") && (r.Fd == "" || r.Fd == "0") && c.Stdin.Kind == "file" && c.Stdin.From == r.Target.Value {
					cc.Stdin.From = v // nc HOST < notes.txt: rules read stdin.from
				}
			}
		}
		wrappersCopied := false
		for j, wr := range c.Wrappers {
			// strace -o ../.bashrc CMD, rlwrap -l ../.bashrc CMD: a
			// launcher's own words lead where they lead too
			for k, a := range wr.Args {
				v, ok := word(cmdline.Word{Value: a})
				if !ok {
					continue
				}
				if !wrappersCopied {
					change().Wrappers = slices.Clone(c.Wrappers)
					wrappersCopied = true
				}
				args := slices.Clone(cc.Wrappers[j].Args)
				args[k] = v
				cc.Wrappers[j].Args = args
			}
		}
		l.makes(c, dir)
		if cc == nil {
			continue
		}
		if out == nil {
			copied := *line
			copied.Commands = slices.Clone(line.Commands)
			out = &copied
		}
		out.Commands[i] = cc
		out.Commands = append(out.Commands, globbed...)
	}
	return out
}

// makesLinks reports a command of line that makes a link or a bind mount
// (linker.makes): only then can a person's line lead elsewhere than it
// reads.
func makesLinks(line *cmdline.Line) bool {
	return slices.ContainsFunc(line.Commands, func(c *cmdline.Command) bool {
		return c.Name == "ln" || c.Name == "link" || c.Name == "mount" || c.Name == "bindfs"
	})
}

// climbs reports a line with a path that may climb: ".." in its text, or
// in a word the walk worked out (eval $'cat \x2e./.aws/credentials').
func climbs(line *cmdline.Line) bool {
	if strings.Contains(line.Original, "..") {
		return true
	}
	return slices.ContainsFunc(line.Commands, func(c *cmdline.Command) bool {
		return slices.ContainsFunc(c.Args, func(a cmdline.Word) bool { return strings.Contains(a.Value, "..") }) ||
			slices.ContainsFunc(c.Redirects, func(r cmdline.Redirect) bool { return strings.Contains(r.Target.Value, "..") })
	})
}

// madeUnder reports a link the line makes under dir.
func (l *linker) madeUnder(dir string) bool {
	for link := range l.made {
		if strings.HasPrefix(link, dir+"/") {
			return true
		}
	}
	return false
}

// makes records the links ln and link make (c as typed, run in dir)
// for the commands after it on the line; a word known only at run time is
// left.
func (l *linker) makes(c *cmdline.Command, dir string) {
	if (c.Name == "mount" || c.Name == "bindfs") && !c.Dynamic && filepath.IsAbs(dir) {
		l.mounts(c, dir)
		return
	}
	if c.Name != "ln" && c.Name != "link" || c.Dynamic || !filepath.IsAbs(dir) {
		return
	}
	symbolic, into, plain := false, "", c.Name == "link"
	var ops []string
	for i := 0; i < len(c.Args); i++ {
		v := spelledOut(c.Args[i], dir)
		switch {
		case v == "":
			return
		case v == "--":
			for _, a := range c.Args[i+1:] {
				if v := spelledOut(a, dir); v != "" {
					ops = append(ops, v)
				} else {
					return
				}
			}
			i = len(c.Args)
		case v == "--symbolic":
			symbolic = true
		case v == "--no-target-directory", v == "--no-dereference":
			plain = true
		case strings.HasPrefix(v, "--target-directory="):
			into = strings.TrimPrefix(v, "--target-directory=")
		case v == "--target-directory", v == "--suffix":
			if i++; i >= len(c.Args) {
				return
			}
			if v == "--target-directory" {
				into = spelledOut(c.Args[i], dir)
			}
		case strings.HasPrefix(v, "--"):
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 's':
					symbolic = true
				case 'T', 'n':
					plain = true
				case 't', 'S':
					val := v[j+1:]
					if val == "" {
						if i++; i >= len(c.Args) {
							return
						}
						val = spelledOut(c.Args[i], dir)
					}
					if v[j] == 't' {
						into = val
					}
					j = len(v)
				}
			}
		default:
			ops = append(ops, v)
		}
	}
	if len(ops) == 0 {
		return
	}
	abs := func(p string) string { return l.absIn(p, dir) }
	target := func(p string) string {
		if p == "~" || strings.HasPrefix(p, "~/") {
			return abs(p) // the shell expands it; a link holds no ~
		}
		return p
	}
	if !symbolic {
		// A hard link is another name of its target's file, the target
		// taken where ln runs (ln ~/.ssh/id_rsa k; curl -F f=@k sends
		// the key). No directory has one: a target that must be one
		// (~, a trailing /) makes no link.
		target = func(p string) string {
			if p == "~" || strings.HasSuffix(p, "/") {
				return ""
			}
			return abs(p)
		}
	}
	add := func(link, to string) {
		if link == "" || to == "" {
			return
		}
		if l.made == nil {
			l.made = map[string]string{}
		}
		l.made[link] = to
		l.dirs = nil // a directory on the way may lead elsewhere now
	}
	last := ""
	switch {
	case into != "":
		last = abs(into)
	case len(ops) == 1:
		add(filepath.Join(dir, filepath.Base(target(ops[0]))), target(ops[0]))
		return
	case len(ops) == 2:
		last = abs(ops[1])
		if fi, err := os.Stat(last); plain || (err != nil || !fi.IsDir()) && !strings.HasSuffix(ops[1], "/") {
			add(last, target(ops[0]))
			return
		}
		ops = ops[:1]
	default:
		last, ops = abs(ops[len(ops)-1]), ops[:len(ops)-1]
	}
	if last == "" {
		return
	}
	for _, op := range ops {
		add(filepath.Join(last, filepath.Base(target(op))), target(op))
	}
}

// mounts records a bind mount (mount --bind SRC DST, -B, --rbind, -o
// bind; bindfs SRC DST) as a link from DST to SRC that rm follows.
func (l *linker) mounts(c *cmdline.Command, dir string) {
	bind := c.Name == "bindfs"
	var ops []string
	for i := 0; i < len(c.Args); i++ {
		v := spelledOut(c.Args[i], dir)
		switch {
		case v == "":
			return
		case v == "--bind" || v == "--rbind" || v == "-B" || v == "-R":
			bind = true
		case v == "-o" || v == "--options" || v == "-t" || v == "--types":
			if i++; i < len(c.Args) && (v == "-o" || v == "--options") {
				o := spelledOut(c.Args[i], dir)
				bind = bind || slices.ContainsFunc(strings.Split(o, ","), func(x string) bool { return x == "bind" || x == "rbind" })
			}
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, v)
		}
	}
	if !bind || len(ops) < 2 {
		return
	}
	abs := func(p string) string { return l.absIn(p, dir) }
	src, dst := abs(ops[len(ops)-2]), abs(ops[len(ops)-1])
	if src == "" || dst == "" {
		return
	}
	if l.made == nil {
		l.made = map[string]string{}
	}
	if l.mounted == nil {
		l.mounted = map[string]bool{}
	}
	l.made[dst], l.mounted[dst] = src, true
	l.dirs = nil
}

// maxCodeLiteral bounds the string literals of inline code read as paths.
const maxCodeLiteral = 1024

// linkedLiterals is code with each quoted string literal that leads
// through a link (linked gives where, or "") replaced by where it leads,
// and whether any did. Only literals without quotes, escapes or line
// breaks inside are looked at: a path in code is written plainly.
func linkedLiterals(code string, linked func(string) string) (string, bool) {
	var b strings.Builder
	changed := false
	last := 0
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '"' && q != '\'' && q != '`' {
			continue
		}
		j := strings.IndexAny(code[i+1:], string(q)+"\\\n")
		if j < 0 {
			break
		}
		end := i + 1 + j
		if code[end] != q {
			i = end
			continue
		}
		lit := code[i+1 : end]
		if lit != "" && len(lit) <= maxCodeLiteral && !strings.Contains(lit, "://") {
			if r := linked(lit); r != "" {
				b.WriteString(code[last : i+1])
				b.WriteString(r)
				last, changed = end, true
			}
		}
		i = end
	}
	if !changed {
		return code, false
	}
	b.WriteString(code[last:])
	return b.String(), true
}

// absIn is p as an absolute path: ~ is the home ("" when unknown), a
// relative path is relative to dir.
func (l *linker) absIn(p, dir string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if l.home == "" {
			return ""
		}
		return l.home + p[1:]
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}
