package cmdline

import (
	"cmp"
	"path"
	"slices"
	"strings"
)

// Files of the line, however they are spelled: a file written earlier on
// the line is the same file when a later command names it another way
// (/tmp//C, /tmp/./C, //tmp/C, /proc/self/root/tmp/C, ../../../tmp/C from
// /home/u/proj, or ./lnk after ln -s /tmp/C lnk). recordFile keeps each
// written file under its spelling and notes the file the kernel opens for
// it (fileID); lineFile finds it again by either.

// maxLinkHops bounds how many links of the line fileID follows, as the
// kernel bounds a path's symlinks (a loop of links ends there).
const maxLinkHops = 8

// openedPath is the file the kernel opens for p, a path as written, run
// in dir (absolute, or "" when not known): $HOME spelled ~, $PWD/x as x,
// the process's own /proc/PID/root and /proc/PID/cwd taken for / and the
// working directory, joined to dir when relative, and cleaned; "" for a
// name known only at run time.
func openedPath(p, dir string) string {
	p = homeSpelled(p)
	if rest, ok := inWorkingDir(p); ok {
		p = rest
	}
	if p == "" || strings.ContainsAny(p, "$`*?[") {
		return ""
	}
	p = selfProc(path.Clean(p))
	if dir != "" && !path.IsAbs(p) && !strings.HasPrefix(p, "~") {
		p = path.Join(dir, p)
	}
	return path.Clean(p)
}

// selfProc is a cleaned path with the running process's /proc entries
// for its root and working directory resolved: /proc/self/root/tmp/x is
// /tmp/x and /proc/thread-self/cwd/x is x, relative to where the command
// runs. Only the process's own (self, thread-self) are: another's root or
// working directory is not known here.
func selfProc(p string) string {
	for {
		rest, ok := strings.CutPrefix(p, "/proc/")
		if !ok {
			return p
		}
		pid, rest, _ := strings.Cut(rest, "/")
		if pid != "self" && pid != "thread-self" {
			return p
		}
		entry, below, _ := strings.Cut(rest, "/")
		switch entry {
		case "root":
			p = path.Clean("/" + below)
		case "cwd":
			p = path.Clean("./" + below)
		default:
			return p
		}
	}
}

// fileID is the file p names where the command runs: openedPath's, the
// links the line made followed (ln -s /tmp/n.conf lnk; nginx -c lnk reads
// /tmp/n.conf).
func (w *walker) fileID(p string) string {
	id := openedPath(p, w.hostDir())
	for hops := 0; id != "" && hops < maxLinkHops; hops++ {
		link, ok := w.linkUnder(id)
		if !ok {
			break
		}
		id = path.Join(w.links[link], strings.TrimPrefix(id, link))
	}
	return id
}

// linkUnder is the link of the line that id is or lies below, the
// longest one when several are.
func (w *walker) linkUnder(id string) (string, bool) {
	best := ""
	for link := range w.links {
		if (id == link || strings.HasPrefix(id, link+"/")) && len(link) > len(best) {
			best = link
		}
	}
	return best, best != ""
}

// recordLinks notes the symbolic links ln -s makes (ln -s TARGET LINK,
// ln -s TARGET… DIR), each by fileID, so that fileID follows them: the
// link's target is taken relative to the link's directory, as the kernel
// reads it. Hard links (ln without -s) are other names of the target's
// file: the same, as far as the line's files go.
func (w *walker) recordLinks(c *Command, args []field) {
	if c.Name != "ln" && c.Name != "link" || c.Dynamic {
		return
	}
	symbolic := slices.ContainsFunc(args, func(a field) bool {
		return a.Value == "--symbolic" || len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-' && strings.ContainsRune(a.Value, 's')
	})
	ops, dest, dirOnly, ok := copyOperands("ln", args)
	if !ok || len(ops) == 0 {
		return
	}
	if dest == "" {
		if len(ops) < 2 {
			return // ln -s TARGET: a link in the working directory, named as the target
		}
		ops, dest = ops[:len(ops)-1], ops[len(ops)-1]
	}
	for _, target := range ops {
		link := dest
		if dirOnly || len(ops) > 1 || strings.HasSuffix(dest, "/") {
			link = path.Join(dest, path.Base(target))
		}
		linkID := w.fileID(link)
		if linkID == "" || strings.ContainsAny(target, "$`*?[") {
			continue
		}
		to := target
		if symbolic && !path.IsAbs(homeSpelled(to)) && !strings.HasPrefix(homeSpelled(to), "~") {
			to = path.Join(path.Dir(linkID), to) // ln -s ../README.md docs/README.md
		}
		targetID := w.fileID(to)
		if targetID == "" || targetID == linkID {
			continue
		}
		if w.links == nil {
			w.links = make(map[string]string)
		}
		w.links[linkID] = targetID
	}
}

// noteFile remembers file, a spelling w.files keeps, as the file fileID
// gives for it, for lineFile.
func (w *walker) noteFile(file string) {
	id := w.fileID(file)
	if id == "" {
		return
	}
	if w.fileIDs == nil {
		w.fileIDs = make(map[string]string)
	}
	w.fileIDs[id] = file
}

// lineFile is the file written earlier on the line that name names, as
// written or by another spelling of the same file: the spelling w.files
// keeps it under and what it holds.
func (w *walker) lineFile(name string) (string, Input, bool) {
	if name == "" {
		return "", Input{}, false
	}
	for _, f := range []string{name, strings.TrimPrefix(name, "./"), "./" + name, fileKey(name)} {
		if in, ok := w.files[f]; ok && f != "" {
			return f, in, true
		}
	}
	if f, ok := w.fileIDs[w.fileID(name)]; ok {
		if in, ok := w.files[f]; ok {
			return f, in, true
		}
	}
	return "", Input{}, false
}

// throughLinks emits, for a command whose program or arguments name a
// symbolic link the line made, the command with each such path spelled as
// the link's target, carried by "link LINK": ln -sf /etc/shadow lnk; cat
// lnk reads /etc/shadow, and the rules judge that. A path is a whole word
// or what follows an option's = or a prefix's last : (socat file:lnk,
// --from-file=lnk).
func (w *walker) throughLinks(c *Command, cx ctx) {
	if len(w.links) == 0 || w.walks >= maxLoopWalks {
		return
	}
	link := ""
	resolve := func(word string) string {
		at := max(strings.LastIndexByte(word, '='), strings.LastIndexByte(word, ':')) + 1
		p := word[at:]
		if p == "" || strings.ContainsAny(p, "$`*?[") {
			return word
		}
		id, named := w.fileID(p), openedPath(p, w.hostDir())
		if id == "" || id == named {
			return word
		}
		if _, isLink := w.links[named]; isLink && entryPrograms.has(program(c.Name)) {
			return word // rm -rf lnk removes the link, not what it points to
		}
		link = cmp.Or(link, p)
		return word[:at] + id
	}
	name := c.Path
	if _, copied := w.copies[w.copyKey(c.Path)]; !copied {
		name = resolve(c.Path) // a link to a program: runsCopy's
	}
	resolved := *c
	resolved.Args = make([]Word, len(c.Args))
	for i, a := range c.Args {
		resolved.Args[i] = a
		if !a.Dynamic {
			resolved.Args[i].Value = resolve(a.Value)
		}
	}
	if link == "" {
		return
	}
	w.walks++
	w.runAs(&resolved, name, "link "+link, cx)
}

// entryPrograms act on a directory entry itself, not on the file a link
// there points to: a link given to them as the last component of a path
// is not followed (rm lnk, mv lnk x), one before it is (rm -rf lnk/x).
var entryPrograms = set("rm", "unlink", "rmdir", "mv", "ln", "readlink")
