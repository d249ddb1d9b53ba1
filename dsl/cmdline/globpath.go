package cmdline

import (
	"cmp"
	"path"
	"slices"
	"strings"
	"sync"
)

// A glob argument is expanded by the shell against the disk when the
// command runs: rclone copy ~/.ss[h] remote: sends ~/.ssh, dd
// of=/d?v/sda writes /dev/sda. hguard does not list the disk a command
// will see; it matches the glob against the layout every machine shares
// (wellKnownPaths: the root's directories, disks' device names, the
// system's account and start-up files, the home's secret stores and
// start-up files) and emits the command once more with each glob
// replaced by what it may match there, so that the rules judge the
// command as the shell may run it. A glob below a directory the layout
// does not describe (~/.cache/*, /var/log/*) matches nothing here and is
// left to the rules as written.

// maxGlobPaths bounds the paths one glob is replaced by.
const maxGlobPaths = 32

// wellKnownPaths are the paths whose names every machine shares, as a
// tree the glob's components are matched against; ~ is the home.
var wellKnownPaths = []string{
	"/bin", "/boot/efi", "/boot/grub", "/lib", "/lib64", "/media", "/mnt", "/opt", "/run", "/sbin", "/srv", "/sys", "/tmp", "/usr/bin", "/usr/lib", "/usr/local",
	"/dev/sda", "/dev/sdb", "/dev/sdc", "/dev/sdd", "/dev/nvme0n1", "/dev/nvme1n1", "/dev/vda", "/dev/vdb", "/dev/xvda", "/dev/hda",
	"/dev/mmcblk0", "/dev/md0", "/dev/sg0", "/dev/sr0", "/dev/dm-0", "/dev/loop0", "/dev/mapper", "/dev/disk", "/dev/mem", "/dev/kmem",
	"/dev/port", "/dev/zero", "/dev/null", "/dev/random", "/dev/urandom", "/dev/tty",
	"/etc/shadow", "/etc/gshadow", "/etc/passwd", "/etc/group", "/etc/sudoers", "/etc/sudoers.d", "/etc/crontab", "/etc/cron.d",
	"/etc/cron.daily", "/etc/cron.hourly", "/etc/profile", "/etc/profile.d", "/etc/bash.bashrc", "/etc/environment", "/etc/ld.so.preload",
	"/etc/ld.so.conf", "/etc/hosts", "/etc/fstab", "/etc/pam.d", "/etc/security", "/etc/systemd", "/etc/apt", "/etc/resolv.conf",
	"/etc/ssh/sshd_config", "/etc/ssh/ssh_host_rsa_key", "/etc/ssh/ssh_host_ecdsa_key", "/etc/ssh/ssh_host_ed25519_key",
	"/proc/sysrq-trigger", "/proc/kcore", "/proc/self", "/home",
	"/var/www", "/var/log", "/var/lib", "/var/spool/cron/crontabs",
	"/root/.ssh/authorized_keys", "/root/.ssh/id_rsa", "/root/.ssh/id_ed25519", "/root/.bashrc", "/root/.profile", "/root/.aws/credentials",
	"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.ssh/id_dsa", "~/.ssh/authorized_keys", "~/.ssh/config", "~/.ssh/known_hosts",
	"~/.aws/credentials", "~/.aws/config", "~/.kube/config", "~/.docker/config.json", "~/.gnupg/private-keys-v1.d", "~/.gnupg/secring.gpg",
	"~/.config/gcloud", "~/.config/gh", "~/.config/autostart", "~/.config/systemd", "~/.local/share/keyrings", "~/.azure",
	"~/.password-store", "~/.mozilla", "~/.thunderbird", "~/.terraform.d", "~/.vault-token", "~/.pgpass", "~/.my.cnf", "~/.netrc",
	"~/.git-credentials", "~/.gitconfig", "~/.npmrc", "~/.pypirc", "~/.env", "~/.bashrc", "~/.bash_profile", "~/.bash_login",
	"~/.bash_logout", "~/.profile", "~/.zshrc", "~/.zprofile", "~/.zshenv", "~/.zlogin", "~/.bash_history", "~/.zsh_history",
	"~/.bitcoin", "~/.electrum", "~/.ethereum", "~/Library/Keychains", "~/Library/Cookies", "~/Library/LaunchAgents",
	"~/Library/Application Support", "~/bin", "~/.bin", "~/.local/bin",
}

// KnownPaths are paths and names a package outside this one knows to
// matter, which a glob's expansions are matched against besides
// wellKnownPaths: dsl gives every path its rules' conditions and its
// path predicates name (/proc/sys/kernel/randomize_va_space,
// ~/.terraformrc), so that a glob spelling one (~/.terraform?c) is
// judged as that path wherever a rule looks for it.
type KnownPaths struct {
	Paths []string // spelled from / or ~/
	Names []string // a file's own name wherever it lies (.env, .git-credentials)
}

// knownSources are the sources AddKnownPaths registered.
var knownSources []func() KnownPaths

// AddKnownPaths registers a source of KnownPaths. Call it from an init
// function: the sources are read once, when the first glob is matched.
func AddKnownPaths(source func() KnownPaths) { knownSources = append(knownSources, source) }

// pathNode is a directory of wellKnownPaths: its entries by name.
type pathNode map[string]pathNode

// add puts the path p, spelled from / or ~, in the tree n.
func (n pathNode) add(p string) {
	for i, c := range strings.Split(p, "/") {
		switch {
		case c == "" && i == 0:
			c = "/"
		case c == "" || c == ".":
			continue
		}
		next, ok := n[c]
		if !ok {
			next = pathNode{}
			n[c] = next
		}
		n = next
	}
}

// wellKnownTree is the tree of wellKnownPaths.
var wellKnownTree = sync.OnceValue(func() pathNode {
	root := pathNode{}
	for _, p := range wellKnownPaths {
		root.add(p)
	}
	return root
})

// known is the tree of the registered sources' paths and their names,
// sorted.
var known = sync.OnceValues(func() (pathNode, []string) {
	root := pathNode{}
	var names []string
	for _, source := range knownSources {
		k := source()
		for _, p := range k.Paths {
			if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~/") {
				root.add(strings.TrimSuffix(p, "/"))
			}
		}
		names = append(names, k.Names...)
	}
	slices.Sort(names)
	return root, slices.Compact(names)
})

// globPaths are the well-known paths a glob may match, spelled as the
// glob starts (~/ or /), nil when it matches none, more than
// maxGlobPaths, or starts elsewhere (a relative glob names the project's
// own files).
func globPaths(glob string) []string { return globPathsDots(glob, false, nil) }

// globPathsDots is globPaths where dots says whether * and ? match a
// leading dot (bash's dotglob, zsh's globdots and (D) qualifier), and
// line, when not nil, holds more paths to match: those the line names.
func globPathsDots(glob string, dots bool, line pathNode) []string {
	for _, home := range []string{"$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(glob, home); ok {
			glob = "~/" + rest
		}
	}
	aimed := []pathNode{line}
	if t, _ := known(); t != nil {
		aimed = append(aimed, t)
	}
	var home string
	globbedHome := false // /*/u/…: the glob was in the home's spelling
	if h, n, ok := homeDir(glob); ok {
		lead, rest := glob[:n], glob[n:]
		home, globbedHome, glob = h, isGlob(lead), "~"+rest // /home/u/.ba?hrc: a home's layout
		if strings.HasSuffix(lead, "/**") {
			glob = "~/**" + rest // /home/**/x: at any depth below a home
		}
	}
	if globbedHome {
		// /*/*/.aws/*: where the layout does not say what the rest
		// matches, it is still the home's, as written below it
		if ps := homeGlobPaths(glob, home, true, dots, wellKnownTree()); ps != nil {
			return ps
		}
		if ps := aimedGlobPaths(glob, home, dots, aimed); ps != nil {
			return ps
		}
		return []string{cmp.Or(home, "~") + strings.TrimPrefix(glob, "~")}
	}
	if ps := homeGlobPaths(glob, home, false, dots, wellKnownTree()); ps != nil {
		return ps
	}
	return aimedGlobPaths(glob, home, dots, aimed)
}

// aimedGlobPaths are the paths of trees (the rules' and the line's own)
// and the known names a glob may match where each of its components aims
// at a name (namesOne: /proc/sys/kernel/ra*e, ~/.terraform?c, /bin/fa*e)
// or is **: a glob that takes a directory's every entry (/home/*,
// cpu*/…: a prefix of one letter or none) is the layout's alone to judge.
func aimedGlobPaths(glob, home string, dots bool, trees []pathNode) []string {
	for comp := range strings.SplitSeq(glob, "/") {
		if isGlob(comp) && comp != "**" && !namesOne(comp) {
			return nil
		}
	}
	_, names := known()
	var out []string
	for _, t := range trees {
		for _, p := range homeGlobPaths(glob, home, false, dots, t, names...) {
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(out) > maxGlobPaths {
		return nil
	}
	return out
}

// maxBelow bounds the directories ** stands for.
const maxBelow = 4096

// homeGlobPaths is globPathsDots of a glob spelled from ~ or /, whose ~
// is home where that is not ""; globbedHome: the home was spelled as a
// glob (/*/u/…), which counts as a match. The glob is matched in tree; a
// last component is also matched against names in any directory the rest
// leads to, when it aims at a name (namesOne).
func homeGlobPaths(glob, home string, globbedHome, dots bool, tree pathNode, names ...string) []string {
	if tree == nil {
		return nil
	}
	var first string
	switch {
	case strings.HasPrefix(glob, "~/"):
		first = "~"
	case strings.HasPrefix(glob, "/"):
		first = "/"
	default:
		return nil
	}
	comps := strings.Split(strings.TrimPrefix(strings.TrimPrefix(glob, "~"), "/"), "/")
	last := len(comps) - 1
	for last > 0 && comps[last] == "" {
		last--
	}
	if everyOfKind(comps[last]) {
		// ~/notes/*.md, /var/log/*.log: every file of a kind there, which
		// the rules judge as written
		return nil
	}
	type partial struct {
		at   string
		node pathNode
	}
	cur := []partial{{strings.TrimSuffix(first, "/"), tree[first]}}
	matched := globbedHome
	for k, comp := range comps {
		if comp == "" || comp == "." {
			continue // ~/./.ss*: the same directory
		}
		var next []partial
		for _, p := range cur {
			switch {
			case !isGlob(comp):
				next = append(next, partial{p.at + "/" + comp, p.node[comp]})
				for _, name := range sortedNames(p.node) {
					if strings.Contains(name, "*") && globMatch(name, comp) {
						next = append(next, partial{p.at + "/" + comp, p.node[name]}) // /proc/1 below /proc/*
					}
				}
				continue
			case p.node == nil && k == last && namesOne(comp):
			case p.node == nil || (comp == "*" || comp == "**") && k == last:
				// below a directory the layout does not describe; or all of
				// a directory, which the rules judge as written (rm -rf ~/*)
				return nil
			case comp == "**":
				// zsh's, fish's and globstar's: this directory and every one
				// below it but hidden ones (the shells' default)
				below := []partial{p}
				for i := 0; i < len(below) && len(below) <= maxBelow; i++ {
					for _, name := range sortedNames(below[i].node) {
						if !strings.Contains(name, "*") && (!strings.HasPrefix(name, ".") || dots) {
							below = append(below, partial{below[i].at + "/" + name, below[i].node[name]})
						}
					}
				}
				if len(below) > maxBelow {
					return nil
				}
				next, matched = append(next, below...), true
				continue
			}
			for _, name := range sortedNames(p.node) {
				if m, ok := matchName(comp, name, dots); ok {
					next = append(next, partial{p.at + "/" + m, p.node[name]})
				}
			}
			if k == last && namesOne(comp) {
				// .e?v in a directory the layout does not list as
				// holding one: the known names it may be
				for _, name := range names {
					if m, ok := matchName(comp, name, dots); ok && p.node[name] == nil {
						next = append(next, partial{p.at + "/" + m, nil})
					}
				}
			}
			matched = true
		}
		if k+1 < len(comps) && isGlob(comp) && len(next) > maxGlobPaths && !isGlob(comps[k+1]) {
			// ~/*/credentials: of the many directories * matches, those
			// the layout holds the next name in (~/.aws, with dotglob)
			next = slices.DeleteFunc(next, func(p partial) bool { return p.node == nil || p.node[comps[k+1]] == nil })
		}
		if len(next) == 0 || len(next) > maxGlobPaths {
			return nil
		}
		cur = next
	}
	if !matched {
		return nil
	}
	var out []string
	for _, p := range cur {
		at := p.at
		if home != "" {
			at = home + strings.TrimPrefix(p.at, "~")
		}
		if strings.HasSuffix(glob, "/") {
			at += "/"
		}
		if !slices.Contains(out, at) {
			out = append(out, at)
		}
	}
	return out
}

// matchName is the name the glob component comp takes of a known name:
// the name itself, or, for a name that is a pattern (event*, *.so: what a
// rule matches), a name both match (even?3 is event3, x.*o is x.so);
// false for none, or the pattern * alone, which says nothing of a name.
// A glob matches a leading dot only with one of its own, or dots.
func matchName(comp, name string, dots bool) (string, bool) {
	if !strings.Contains(name, "*") {
		if strings.HasPrefix(name, ".") && !strings.HasPrefix(comp, ".") && !dots {
			return "", false
		}
		return name, globMatch(comp, name)
	}
	if name == "*" || !alignedPattern(comp, name) {
		return "", false
	}
	m, ok := globWitness(comp, name)
	if !ok || strings.HasPrefix(m, ".") && !strings.HasPrefix(comp, ".") && !dots {
		return "", false
	}
	return m, true
}

// alignedPattern reports whether the glob component comp fixes the part
// of a name the pattern name fixes: a pattern that fixes a start
// (event*) wants comp to start with two letters of its own besides a dot
// (even?3; not .*ignore, which would make .bash* a .bashignore), one that
// fixes an ending (*.so) wants comp to end with a letter (x.*o): a name
// both may make is then the one comp aims at.
func alignedPattern(comp, name string) bool {
	if !strings.HasPrefix(name, "*") {
		lead := strings.TrimLeft(comp, ".")
		if n := strings.IndexAny(lead, "*?[\\"); n >= 0 {
			lead = lead[:n]
		}
		if len(lead) < 2 {
			return false
		}
	}
	if !strings.HasSuffix(name, "*") && strings.ContainsAny(comp[len(comp)-1:], "*?]") {
		return false
	}
	return true
}

// globWitness is a name that both the glob component a and the pattern
// b (* standing for any characters, a literal otherwise) match: a search
// over the pairs of positions in the two, a * of each met together
// taking one character (a rule's * mostly stands for one or more:
// id_[^/.]+ is id_*, and id_* takes id_0 of it).
func globWitness(a, b string) (string, bool) {
	ga, gb := globItems(a), globItems(b)
	type state struct{ i, j int }
	from := map[state]state{}
	by := map[state]string{}
	start := state{}
	seen := map[state]bool{start: true}
	queue := []state{start}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s.i == len(ga) && s.j == len(gb) {
			var w []string
			for s != start {
				w = append(w, by[s])
				s = from[s]
			}
			slices.Reverse(w)
			return strings.Join(w, ""), true
		}
		step := func(n state, c string) {
			if !seen[n] {
				seen[n], from[n], by[n] = true, s, c
				queue = append(queue, n)
			}
		}
		if s.i < len(ga) && ga[s.i] == "*" {
			step(state{s.i + 1, s.j}, "")
		}
		if s.j < len(gb) && gb[s.j] == "*" {
			step(state{s.i, s.j + 1}, "")
		}
		if s.i == len(ga) || s.j == len(gb) {
			continue
		}
		c, ok := sharedChar(ga[s.i], gb[s.j])
		if !ok {
			continue
		}
		n := s
		if ga[s.i] != "*" {
			n.i++
		}
		if gb[s.j] != "*" {
			n.j++
		}
		if n != s {
			step(n, c)
		} else {
			step(state{s.i + 1, s.j + 1}, c)
		}
	}
	return "", false
}

// globItems splits a glob into its items: a character, ?, * or a
// bracket expression.
func globItems(g string) []string {
	var items []string
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '\\':
			if i+1 < len(g) {
				items = append(items, g[i+1:i+2])
				i++
				continue
			}
		case '[':
			if j := strings.IndexByte(g[i+2:], ']'); j >= 0 {
				items = append(items, g[i:i+3+j])
				i += 2 + j
				continue
			}
		}
		items = append(items, g[i:i+1])
	}
	return items
}

// sharedChar is a character both glob items match.
func sharedChar(a, b string) (string, bool) {
	wild := func(x string) bool { return x == "?" || x == "*" || strings.HasPrefix(x, "[") }
	switch {
	case !wild(a):
		return a, globMatch(b, a)
	case !wild(b):
		return b, globMatch(a, b)
	}
	for c := byte('0'); c <= 'z'; c++ {
		if globMatch(a, string(c)) && globMatch(b, string(c)) {
			return string(c), true
		}
	}
	return "", false
}

// sortedNames are a directory's entries in order.
func sortedNames(n pathNode) []string {
	names := make([]string, 0, len(n))
	for name := range n {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// everyOfKind reports a glob that takes every file of a kind in its
// directory, * and a plain ending of a dot and letters (*.log, *.conf):
// what the command is meant for is each of them, not one it may name.
func everyOfKind(comp string) bool {
	ext, ok := strings.CutPrefix(comp, "*.")
	return ok && ext != "" && !isGlob(ext)
}

// namesOne reports a glob component that aims at a name rather than at
// a directory's entries: two letters or more besides its wildcards and
// dots (.e?v, fa*e; not c*, .*, *.x).
func namesOne(comp string) bool {
	n := 0
	for i := 0; i < len(comp); i++ {
		switch comp[i] {
		case '*', '?', '.':
		case '[':
			if j := strings.IndexByte(comp[i+1:], ']'); j >= 0 {
				i += j + 1
			}
		default:
			n++
		}
	}
	return n >= 2
}

// globMatch reports whether a shell glob component matches name: Go's
// path.Match, with the shell's [!…] negation and POSIX classes
// ([[:alpha:]]) written as it reads them.
func globMatch(glob, name string) bool {
	ok, err := path.Match(goGlob(glob), name)
	return ok && err == nil
}

// posixClasses are the bracket classes goGlob writes as ranges.
var posixClasses = [...]struct{ class, ranges string }{
	{"[:alpha:]", "a-zA-Z"}, {"[:lower:]", "a-z"}, {"[:upper:]", "A-Z"}, {"[:digit:]", "0-9"},
	{"[:alnum:]", "a-zA-Z0-9"}, {"[:xdigit:]", "0-9a-fA-F"}, {"[:space:]", " \t"}, {"[:blank:]", " \t"},
}

// goGlob writes a shell glob in path.Match's syntax.
func goGlob(glob string) string {
	if !strings.Contains(glob, "[") {
		return glob
	}
	var b strings.Builder
	in := false // inside a bracket expression
	for i := 0; i < len(glob); i++ {
		c := glob[i]
		switch {
		case c == '\\' && i+1 < len(glob):
			b.WriteString(glob[i : i+2])
			i++
			continue
		case !in && c == '[':
			in = true
			b.WriteByte(c)
			if i+1 < len(glob) && glob[i+1] == '!' {
				b.WriteByte('^') // [!x] is [^x]
				i++
			}
			continue
		case in && c == '[':
			if ranges, n := posixClass(glob[i:]); n > 0 {
				b.WriteString(ranges)
				i += n - 1
				continue
			}
		case in && c == ']':
			in = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// posixClass is the ranges of the class s starts with, and its length.
func posixClass(s string) (string, int) {
	for _, pc := range posixClasses {
		if strings.HasPrefix(s, pc.class) {
			return pc.ranges, len(pc.class)
		}
	}
	return "", 0
}

// homeDir is the home a glob starts with when spelled as a path,
// /home/NAME or /root, followed by a slash, and the length of its
// spelling in glob; "" for a globbed NAME, any home.
func homeDir(glob string) (string, int, bool) {
	if strings.HasPrefix(glob, "/root/") {
		return "/root", len("/root"), true
	}
	// /home/u/…, also /*/u/… or /h?me/u/…, whose first component may
	// be the homes' directory; /home/*/… is every home's, the caller's
	// among them, spelled ~ (home "")
	first, rest, ok := strings.Cut(strings.TrimPrefix(glob, "/"), "/")
	name, _, slash := strings.Cut(rest, "/")
	if !strings.HasPrefix(glob, "/") || !ok || name == "" || first != "home" && !(isGlob(first) && globMatch(first, "home")) {
		return "", 0, false
	}
	if isGlob(name) {
		return "", 1 + len(first) + 1 + len(name), true // /home/*, /home/*/.aws
	}
	if !slash {
		return "", 0, false
	}
	return "/home/" + name, 1 + len(first) + 1 + len(name), true
}

// GlobPaths are the well-known paths a glob spelled from the home or the
// root may match (cp x ~/.ba?hrc writes ~/.bashrc), nil for none.
func GlobPaths(glob string) []string {
	if !isGlob(glob) {
		return nil
	}
	return globPaths(glob)
}

// globArgs emits c again with each glob argument replaced by the
// well-known paths it may match (globPaths), when any does.
func (w *walker) globArgs(c *Command, args []field, cx ctx) {
	if c.Dynamic || w.walks >= maxLoopWalks {
		return
	}
	w.globRedirects(c, cx)
	if !slices.ContainsFunc(args, func(f field) bool { return f.glob }) {
		return
	}
	var words []Word
	globs, multi, at := 0, 0, 0 // the globs that match, those of several paths, and where the last of those is
	var matched []string        // its paths
	for _, f := range args {
		v := f.Value
		if rest, ok := unknownLead(v); f.glob && f.Dynamic && ok && isGlob(rest) && (w.dotglob || f.dots || namedHidden(rest)) {
			v = "~" + rest // $X/.a*/cred*: a glob below an unknown directory, read below the home
		} else if f.Dynamic {
			v = ""
		} else if c.LostDir != "" && f.glob && v != "" && !strings.ContainsAny(v[:1], "/~-") && namesFew(strings.TrimPrefix(v, "./")) {
			v = "~/" + strings.TrimPrefix(v, "./") // cd "$X"; scp -r .ss? h:: below the unknown directory, read below the home
		} else if tail, ok := unknownLead(c.LostDir); ok && f.glob && v != "" && !strings.ContainsAny(v[:1], "/~-") && namesFew(strings.TrimPrefix(tail, "/")) {
			v = "~" + tail + "/" + strings.TrimPrefix(v, "./") // cd "$X"/.ss?; cat *: the glob below a key directory's
		} else if f.glob && v != "" && !strings.ContainsAny(v[:1], "/~-") && (strings.HasPrefix(w.cwd, "~") || strings.HasPrefix(w.cwd, "/")) {
			v = joinPath(w.cwd, v) // cd ~; cat */credentials: the glob matches where the line moved
		}
		dots := w.dotglob || f.dots // dotglob, zsh's (D)
		nullGlobbed := false
		if rest, _, ok := zshQualified(v); ok && w.dialect == Zsh && f.glob && nullGlob(v, rest) {
			// ~/.ss*/id_*(N): left as written, the word zsh drops where
			// nothing matches; where the layout's paths are, they match
			v, dots, nullGlobbed = rest, dots || strings.Contains(v[len(rest):], "D"), true
		} else if ok && w.dialect == Zsh && f.glob {
			// /etc/**/shadow(.): the qualifiers select among the glob's
			// matches, any of which may be the one they keep
			v, dots = rest, dots || strings.Contains(v[len(rest):], "D")
		}
		if f.glob && v != "" && !strings.ContainsAny(v, "\\'\"") {
			if ps := globPathsDots(v, dots, w.linePaths()); ps != nil {
				globs++
				if len(ps) > 1 {
					multi, at, matched = multi+1, len(words), ps
				}
				for _, p := range ps {
					words = append(words, Word{Value: p})
				}
				continue
			}
		}
		if nullGlobbed {
			// ~/.a*/*(N): where something matches, the glob as written
			// without its qualifiers, which the rules judge
			globs++
			words = append(words, Word{Value: v})
			continue
		}
		words = append(words, f.Word)
	}
	if globs == 0 || len(words) > maxWords {
		return
	}
	w.walks++
	m := *c
	m.Args = words
	w.runAs(&m, c.Path, "glob", cx)
	if multi != 1 {
		return
	}
	// cp x ~/.bi*/git: the glob may match one path only where the
	// command runs (~/.bin/git), which reads as a command of its own
	for _, p := range matched {
		if w.walks >= maxLoopWalks {
			return
		}
		w.walks++
		one := *c
		one.Args = slices.Concat(words[:at], []Word{{Value: p}}, words[at+len(matched):])
		w.runAs(&one, c.Path, "glob", cx)
	}
}

// unknownLead is what follows the one parameter expansion a word starts
// with ($X/…, ${X}/…), from its /: the rest of a path below a directory
// known only at run time.
func unknownLead(v string) (string, bool) {
	n := 0
	switch {
	case strings.HasPrefix(v, "${"):
		if n = strings.IndexByte(v, '}') + 1; n == 0 || strings.ContainsAny(v[2:n-1], "${}`") {
			return "", false
		}
	case strings.HasPrefix(v, "$"):
		n = 1
		for n < len(v) && isNameByte(v[n]) {
			n++
		}
		if n == 1 {
			return "", false
		}
	default:
		return "", false
	}
	rest := v[n:]
	if !strings.HasPrefix(rest, "/") || strings.ContainsAny(rest, "$`") {
		return "", false
	}
	return rest, true
}

// namedHidden reports a path with a hidden component that names more
// than the dot (/.a*/cred*, not /.*): a glob below an unknown directory
// that aims at a home's store rather than at every hidden name there.
// namesFew reports a relative glob that starts with a hidden name and
// names few paths: its first component of fixed length (.ss?) or with an
// ending of two letters or more (.*rc), or followed by a component without
// a pattern (.a*/credentials). After cd "$X",
// git add .g*, git add .git* and rsync -a .s* host: name a checkout's own
// dotfiles (.github, .gitignore, .storybook).
func namesFew(p string) bool {
	first, rest, _ := strings.Cut(p, "/")
	if len(first) < 2 || first[0] != '.' {
		return false
	}
	for comp := range strings.SplitSeq(rest, "/") {
		if comp != "" && !isGlob(comp) {
			return true
		}
	}
	return !strings.Contains(first, "*") || len(first)-strings.LastIndexAny(first, "*?]")-1 >= 2 || AimedGlob(first) // .ss?, .*rc, .?ash*
}

// AimedGlob reports a glob that aims at names by letters it places after
// a wildcard, two at least (.?ash*, .*h?c, .*ile*): a shape, not a prefix
// every name of a kind shares (.git*, .config*).
func AimedGlob(g string) bool {
	after, n := false, 0
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '*', '?':
			after = true
		case '[':
			after = true
			if j := strings.IndexByte(g[i+1:], ']'); j >= 0 {
				i += j + 1
			}
		case '\\':
			i++
			if after {
				n++
			}
		default:
			if after && g[i] != '.' {
				n++
			}
		}
	}
	return n >= 2
}

func namedHidden(p string) bool {
	for comp := range strings.SplitSeq(p, "/") {
		if len(comp) > 1 && comp[0] == '.' && !isGlob(comp[1:2]) {
			return true
		}
	}
	return false
}

// namedPath is an absolute or home path written out on a line: after
// the start of the text, a blank, a quote or a character that glues a
// path to what is before it (=, :, @, <, >, (), up to the next blank,
// quote, separator or expansion.
var namedPath = lazyRegexp(`(?:^|[\s'"=:@<>(|;&])((?:~|/)[^\s'"$` + "`" + `;&|()<>{}*?\[\]]*)`)

// linePaths is the tree of the paths the text being walked names itself,
// a glob's likeliest matches: printf … > /t??/n.conf; nginx -c
// /tmp/n.conf writes the file nginx reads. nil when it names none.
func (w *walker) linePaths() pathNode {
	var tree pathNode
	for _, m := range namedPath().FindAllStringSubmatchIndex(w.src, -1) {
		if end := m[3]; end < len(w.src) && strings.ContainsRune("*?[", rune(w.src[end])) {
			continue // the glob itself
		}
		p := w.src[m[2]:m[3]]
		if p == "~" || p == "/" || strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "~/") {
			continue
		}
		if tree == nil {
			tree = pathNode{}
		}
		p = path.Clean(p)
		tree.add(p)
		if home, n, ok := homeDir(p + "/"); ok && home != "" {
			tree.add("~" + p[n:]) // the home's layout, as a glob in it is read
		}
	}
	return tree
}

// globRedirects emits c again for each path a redirection's glob may
// match (globPaths), the redirection writing or reading that path: bash
// writes the one match of echo x > ~/.terraform?c, zsh every one.
func (w *walker) globRedirects(c *Command, cx ctx) {
	for i, r := range c.Redirects {
		t := r.Target
		if !t.Glob || t.Dynamic || t.Value == "" || strings.ContainsAny(t.Value, "\\'\"") {
			continue
		}
		for _, p := range globPathsDots(t.Value, w.dotglob, w.linePaths()) {
			if w.walks >= maxLoopWalks {
				return
			}
			w.walks++
			m := *c
			m.Redirects = slices.Clone(c.Redirects)
			m.Redirects[i].Target = Word{Value: p}
			if c.Stdin.Kind == "file" && c.Stdin.From == t.Value {
				m.Stdin.From = p // gzip < /dev/urand?m reads /dev/urandom
			}
			w.runAs(&m, c.Path, "glob", cx)
		}
	}
}
