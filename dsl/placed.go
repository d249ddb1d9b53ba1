package dsl

import (
	"path"
	"slices"
	"strings"
	"sync"
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
	if n := expansionEnd(t); n > 0 && n == len(t) {
		return true // "$X": a directory known only at run time, the home maybe (homeNamed reads $X/.bashrc)
	}
	b := path.Base(c)
	if strings.HasSuffix(b, ".d") {
		return true
	}
	underHome := strings.HasPrefix(c, "~/") || strings.HasPrefix(c, "/root/") || strings.HasPrefix(c, "/home/")
	return underHome && strings.Contains(c, "/.") && !strings.Contains(strings.TrimPrefix(b, "."), ".")
}

// A directory copied (cp -r, rsync -r, scp -r, mv, ditto) writes a subtree
// whose files the line does not name: cp -r /tmp/dot/.config ~ may put an
// autostart entry or a user service under ~/.config. Each known sensitive
// file under the subtree's root in a home is judged as written
// (treeWrites), at the level its own write has.

// treeRoots are the directories a copier fills with a subtree: each
// source's place in a directory destination (placedFiles), or the
// destination itself when it gets a directory's contents (cp -T, src/.,
// rsync's src/, a glob of a directory's entries, ditto) or may become the
// copied directory (one source and a destination not shown to be a
// directory). Only a copy that can take directories has any: cp and
// rsync with -r or -a, scp with -r, mv and ditto.
func treeRoots(prog string, args, pos []string) []string {
	switch prog {
	case "cp", "gcp", "rsync":
		if !hasFlag(args, []string{"r", "R", "a", "recursive", "archive"}) {
			return nil
		}
	case "scp", "rcp":
		if !hasFlag(args, []string{"r"}) {
			return nil
		}
	case "mv", "ditto":
	default:
		return nil
	}
	if prog == "ditto" {
		if len(pos) < 2 {
			return nil
		}
		return pos[len(pos)-1:] // ditto SRC DST copies SRC's contents into DST
	}
	if prog == "gcp" {
		prog = "cp"
	}
	ops, target := pos, ""
	if copierValues[prog][0] != "" {
		ops, target = copierOperands(prog, args)
	}
	if target == "" {
		if len(ops) < 2 {
			return nil
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
	}
	if remoteSource(target) {
		return nil
	}
	contents := (prog == "cp" || prog == "mv") && hasFlag(args, []string{"T", "no-target-directory"})
	for _, s := range ops {
		b := baseName(s)
		if strings.HasSuffix(s, "/.") || b == "." || prog == "rsync" && strings.HasSuffix(s, "/") || strings.ContainsAny(b, "*?[") {
			contents = true
		}
	}
	placed := placedFiles(prog, args, pos)
	if contents || len(placed) == 0 || len(ops) == 1 && mayBecome(target) && optionValues(args, []string{"t", "target-directory"}, true) == nil {
		placed = append(placed, target)
	}
	return placed
}

// mayBecome reports a destination a directory copied may become, though
// its name reads as a directory's (dirTarget): one below a home's own
// directories, with no trailing slash (cp -r /tmp/x ~/.config/nvim makes
// ~/.config/nvim when there is none). A home and its top directories
// (~/.config, ~/.local) are there on any machine.
func mayBecome(t string) bool {
	if strings.HasSuffix(t, "/") || strings.HasSuffix(t, "/.") {
		return false
	}
	c := homeForm(cleanPath(t))
	if isHome(c) || c == "/" {
		return false
	}
	rest, ok := strings.CutPrefix(c, "~/")
	return !ok || strings.Contains(rest, "/")
}

// treeWrites are the sensitive files under the roots, in their home's
// ~ spelling: the shell start-up, persistence and start-up files of
// programs, and the credential files hguard knows (persistExact,
// persistDirs and a file in each, programStartFiles, programStartDirs,
// sensitivePatterns, treeStartFiles).
// A root outside a home gives none: the system's directories are the
// write rules' as a whole.
func treeWrites(roots []string) []string {
	return filesBelow(roots, homeTreeFiles())
}

// cloneWrites are the files a clone into the roots writes that run on
// their own: those of persistDirs (git clone URL ~/.config/fish/conf.d).
// A program's start-up files are left out: a clone into ~/.config/nvim
// or ~/.oh-my-zsh is the documented install of a configuration, and what
// it fetches is judged by the fetch rules.
func cloneWrites(roots []string) []string {
	return filesBelow(roots, persistDirFiles())
}

// persistDirFiles stand for the files of the home's persistDirs.
var persistDirFiles = sync.OnceValue(func() []string {
	var fs []string
	for _, d := range persistDirs {
		if strings.HasPrefix(d, "~/") {
			fs = append(fs, d+"x")
		}
	}
	return fs
})

// homeTreeFiles are homeSensitiveFiles and treeStartFiles.
var homeTreeFiles = sync.OnceValue(func() []string {
	return append(slices.Clone(homeSensitiveFiles()), treeStartFiles...)
})

// filesBelow are the files of known, in the home's ~ spelling, that lie
// below one of the roots.
func filesBelow(roots, known []string) []string {
	var out []string
	for _, r := range roots {
		if rest, ok := cutVar(r, "XDG_CONFIG_HOME"); ok {
			r = "~/.config" + rest // where nvim, fish and systemd keep theirs
		}
		c := homeForm(cleanPath(r))
		if c != "~" && !strings.HasPrefix(c, "~/") || strings.ContainsAny(c, "*?[$`") {
			continue
		}
		for _, f := range known {
			if c == "~" || strings.HasPrefix(f, c+"/") {
				out = append(out, f)
			}
		}
	}
	return out
}

// treeStartFiles stand for the directories of a home whose files shells
// load by themselves (fish's functions, oh-my-zsh's custom/*.zsh), which
// no write rule names as a directory: a copy's subtree (cp -r
// /tmp/d/.oh-my-zsh ~) writes them (a clone does not: cloneWrites).
var treeStartFiles = []string{"~/.oh-my-zsh/custom/x.zsh", "~/.config/fish/functions/x.fish"}

// homeSensitiveFiles are the known sensitive files of a home, sorted; a
// directory's stands for any file in it.
var homeSensitiveFiles = sync.OnceValue(func() []string {
	var fs []string
	add := func(f string) {
		if strings.HasPrefix(f, "~/") && !strings.ContainsAny(f, "*?[") {
			fs = append(fs, strings.TrimSuffix(f, "/"))
		}
	}
	for _, f := range persistExact.names {
		add(f)
	}
	// a directory whose every file runs stands for them too, by a name
	// its rules take (conf.d/.*): a subtree whose root is the directory
	// or one below it (git clone URL ~/.config/fish/conf.d) writes them
	for _, d := range persistDirs {
		add(d)
		add(d + "x")
	}
	for f := range programStartFiles {
		add(f)
	}
	for d := range programStartDirs {
		add(d)
	}
	for _, f := range sensitivePatterns {
		add(f)
	}
	slices.Sort(fs)
	return slices.Compact(fs)
})
