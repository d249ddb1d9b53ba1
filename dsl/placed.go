package dsl

import (
	"path"
	"strings"
)

// A copier (cp, mv, install, ln, rsync, scp) given a directory as its
// destination puts each source there under the source's own name: cp
// /tmp/.bashrc ~ writes ~/.bashrc as cp /tmp/.bashrc ~/.bashrc does.
// Whether a destination is a directory is known only on disk, and
// verdicts must not depend on the machine: placedFiles reads it from the
// line.

// placedFiles are the files a copier puts in its destination directory,
// one per source under its base name, when the destination is one by the
// line's words (dirTarget): cp -t DIR, install -t DIR, ln -t DIR,
// several sources, DIR/, ., a home, or a directory by its name. ln's
// single operand is linked into the directory it runs in (ln -s
// /tmp/x/.bashrc, after cd ~). A source copied by its contents (rsync's
// src/, cp -r src/.) gives no name: copy-over-broad judges those.
func placedFiles(prog string, args, pos []string) []string {
	var ops []string
	target := ""
	explicit := false
	switch prog {
	case "cp", "mv", "ln", "install":
		if hasFlag(args, []string{"T", "no-target-directory"}) || prog == "install" && hasFlag(args, []string{"d", "directory"}) {
			return nil // the destination is the file; install -d makes directories
		}
		ops, target = copierOperands(prog, args)
		explicit = target != ""
	case "rsync", "scp", "rcp":
		ops = pos
	default:
		return nil
	}
	if !explicit {
		if len(ops) == 1 && prog == "ln" {
			// ln TARGET: the link is made where ln runs
			return placedIn(".", ops)
		}
		if len(ops) < 2 {
			return nil
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
		if len(ops) == 1 && !dirTarget(target) {
			return nil
		}
	}
	if remoteSource(target) {
		return nil // another host's file
	}
	return placedIn(target, ops)
}

// placedIn joins each source's base name to dir.
func placedIn(dir string, sources []string) []string {
	var out []string
	for _, s := range sources {
		if remoteSource(s) {
			_, s, _ = strings.Cut(s, ":") // scp host:.bashrc ~: the file's own name
		}
		b := baseName(s)
		if s == "" || b == "." || b == ".." || strings.HasSuffix(s, "/") || strings.HasSuffix(s, "/.") || strings.ContainsAny(b, "`") {
			continue // a directory's contents (rsync src/, cp -r src/.): no name
		}
		if strings.Contains(s, "{}") {
			continue // find -exec cp {} DIR/: the found file, which find's model names
		}
		out = append(out, joinDir(dir, b))
	}
	return out
}

// dirTarget reports a destination the line shows is a directory: spelled
// with a trailing slash or as . or .., a home (~, $HOME, /root,
// /home/NAME), a directory of settings by its name in a home (a
// dot-directory or below one, with no extension: ~/.ssh,
// ~/.config/autostart), or a .d directory (/etc/profile.d).
func dirTarget(t string) bool {
	if strings.HasSuffix(t, "/") || t == "." || t == ".." || strings.HasSuffix(t, "/.") || strings.HasSuffix(t, "/..") {
		return true
	}
	c := cleanPath(t)
	if isHome(c) && !strings.ContainsAny(c, "*?[") {
		return true
	}
	b := path.Base(c)
	if strings.HasSuffix(b, ".d") {
		return true
	}
	underHome := strings.HasPrefix(c, "~/") || strings.HasPrefix(c, "/root/") || strings.HasPrefix(c, "/home/")
	return underHome && strings.Contains(c, "/.") && !strings.Contains(strings.TrimPrefix(b, "."), ".")
}
