package hguard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

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
	dirs map[string]string // a directory → where its links lead ("" when it does not exist)
}

// linked returns where p (relative to dir) leads when an existing symbolic
// link lies on its way, written under ~ when it lies in the home; ""
// when none does, or p is not a path.
func (l *linker) linked(p, dir string) string {
	if p == "" || len(p) > 4096 || strings.Contains(p, "://") || strings.ContainsAny(p, "*?[\x00\n") {
		return ""
	}
	abs := p
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if l.home == "" {
			return ""
		}
		abs = filepath.Join(l.home, p[1:])
	case !filepath.IsAbs(p):
		if !filepath.IsAbs(dir) {
			return ""
		}
		abs = filepath.Join(dir, p)
	}
	abs = selfCwd(filepath.Clean(abs), dir)
	real := l.resolve(abs)
	if real == "" || real == abs {
		return ""
	}
	if l.home != "" && l.home != "/" {
		if rest, ok := strings.CutPrefix(real, l.home+"/"); ok {
			return "~/" + rest
		}
		if real == l.home {
			return "~"
		}
	}
	return real
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

// resolve is abs with the links of its existing part followed; a part
// that does not exist yet (a file about to be written) is kept as named.
func (l *linker) resolve(abs string) string {
	if abs == "/" {
		return abs
	}
	parent := l.dir(filepath.Dir(abs))
	full := filepath.Join(parent, filepath.Base(abs))
	if fi, err := os.Lstat(full); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		if real, err := filepath.EvalSymlinks(full); err == nil {
			return real
		}
		if target, err := os.Readlink(full); err == nil {
			// a link to what does not exist yet: writing creates it there
			if !filepath.IsAbs(target) {
				target = filepath.Join(parent, target)
			}
			return filepath.Clean(target)
		}
	}
	return full
}

// dir resolves a directory's links, remembering each answer for the line.
func (l *linker) dir(d string) string {
	if r, ok := l.dirs[d]; ok {
		return r
	}
	r, err := filepath.EvalSymlinks(d)
	if err != nil {
		if d == "/" || d == "." {
			r = d
		} else {
			r = filepath.Join(l.dir(filepath.Dir(d)), filepath.Base(d))
		}
	}
	if l.dirs == nil {
		l.dirs = map[string]string{}
	}
	l.dirs[d] = r
	return r
}

// linkedLine is line with each word and redirection target that leads
// through an existing symbolic link replaced by where it leads (an
// option's value after = too), or nil when no word does. The rules judge
// it beside the line as written.
func linkedLine(line *cmdline.Line, cwd string) *cmdline.Line {
	l := &linker{home: filepath.Clean(os.Getenv("HOME"))}
	if !filepath.IsAbs(l.home) {
		l.home = ""
	}
	var out *cmdline.Line
	budget := maxLinkedWords
	for i, c := range line.Commands {
		dir := cwd
		switch {
		case filepath.IsAbs(c.Cwd):
			dir = c.Cwd
		case c.CwdRel != "" && filepath.IsAbs(cwd):
			dir = filepath.Join(cwd, c.CwdRel)
		}
		dir = selfCwd(dir, cwd)
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
			if w.Dynamic || budget <= 0 {
				return "", false
			}
			budget--
			v := w.Value
			prefix := ""
			if strings.HasPrefix(v, "-") {
				name, val, ok := strings.Cut(v, "=")
				if !ok {
					return "", false
				}
				prefix, v = name+"=", val
			}
			if r := l.linked(v, dir); r != "" {
				return prefix + r, true
			}
			return "", false
		}
		for j, a := range c.Args {
			if r, ok := word(a); ok {
				change().Args[j].Value = r
			}
		}
		for j, r := range c.Redirects {
			if r.Op == "<<" || r.Op == "<<-" || r.Op == "<<<" || strings.HasSuffix(r.Op, "&") {
				continue // a heredoc's text, or a descriptor
			}
			if v, ok := word(r.Target); ok {
				change().Redirects[j].Target.Value = v
			}
		}
		if cc == nil {
			continue
		}
		if out == nil {
			copied := *line
			copied.Commands = slices.Clone(line.Commands)
			out = &copied
		}
		out.Commands[i] = cc
	}
	return out
}
