package dsl

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// A program put in a bin directory early on PATH runs in the place of any
// program of its name further on. The model here finds each file a
// command puts there, however spelled (the destination file, a directory
// destination's file per source, cp -t DIR, install -t DIR, wget -P DIR,
// curl -O --output-dir DIR, aria2c -d DIR -o NAME, tar -C DIR MEMBER,
// unzip -d DIR MEMBER, a cd into the directory first), with where its
// content comes from; shadowFiles and plantedPrograms read it.

// placement is one file a command puts in a bin directory: how it gets
// its content, and from where.
type placement struct {
	file string // the file, cleaned (home as ~)
	how  byte   // 'd' downloaded, 'w' written by content, 'c' copied, moved, linked or installed, 'm' an archive's member, 'r' a whole directory as the bin directory, 'g' a repository cloned as the bin directory, 'u' a download the server names in the directory (file), 'b' built by a package manager (go install, cargo install) under its package's name, 'n' files named only as it runs (a rename by an expression, cargo build --artifact-dir DIR): the directory
	from string // the URL of a download; the source of a copy ("" when known only at run time)
}

// systemPrograms are names of programs every Unix-like system has, in
// /usr/bin or /bin, before any user's: the POSIX utilities and coreutils a
// shell session runs all day, the shells, the programs that take a
// password or a key (sudo, su, doas, passwd, ssh and its kin, gpg), and
// git, python3 and perl, which every distribution and macOS ship. A file
// of such a name in a user's bin directory always shadows a program that
// is there; a third-party tool's name (kubectl, helm, jq, nvim, k9s) is
// one a person installs by hand into ~/.local/bin as its vendor says,
// shadowing nothing. The list is fixed so that verdicts do not depend on
// the machine. Editors are left out (vi, vim: people point them at the
// editor of their choice, ln -s ~/.local/bin/nvim ~/.local/bin/vim), and
// so is python (absent from macOS and recent Debian; a link to python3 is
// an everyday fix), and so are names one system has and another not (open,
// xdg-open: a person's ~/bin/open is a wrapper of their own).
var systemPrograms = set(
	// privilege, login and keys
	"sudo", "su", "doas", "pkexec", "passwd", "login", "ssh", "scp", "sftp", "ssh-add", "ssh-agent", "ssh-keygen", "ssh-copy-id", "gpg",
	"git",
	// shells
	"sh", "bash", "zsh", "dash", "ksh", "csh", "tcsh",
	// interpreters every system ships
	"python3", "perl",
	// coreutils and POSIX utilities
	"ls", "cat", "cp", "mv", "rm", "ln", "mkdir", "rmdir", "chmod", "chown", "chgrp", "touch", "head", "tail", "echo", "printf",
	"env", "id", "whoami", "pwd", "date", "sort", "uniq", "wc", "cut", "tr", "tee", "dd", "df", "du", "stat", "test", "true",
	"false", "sleep", "kill", "basename", "dirname", "readlink", "realpath", "install", "mktemp", "nohup", "nice", "timeout",
	"uname", "hostname", "yes", "xargs", "find", "grep", "egrep", "fgrep", "sed", "awk", "diff", "cmp", "tar", "gzip", "gunzip",
	"zcat", "less", "more", "man", "ps", "top", "which", "file", "base64", "od", "sha256sum", "sha1sum", "md5sum", "shasum",
	"chroot", "sync", "tty", "stty", "who", "uptime", "free", "mount", "umount", "crontab", "make", "cc", "ld",
	// system services and packages
	"systemctl", "journalctl", "service", "apt", "apt-get", "dpkg", "yum", "dnf", "rpm", "curl", "wget",
)

// shimDirs are bin directories version managers and per-user package
// homes put early on PATH where they are installed. They are not among
// cmdline.UserBinDirs, which the session's program lookups also walk:
// there a shim on this machine would stand for the program itself.
var shimDirs = []string{"~/.pyenv/shims", "~/.asdf/shims", "~/.rbenv/shims", "~/.nodenv/shims", "~/.local/share/mise/shims",
	"~/.linuxbrew/bin", "/home/linuxbrew/.linuxbrew/bin", "~/.local/share/pnpm", "~/.dotnet/tools", "~/.poetry/bin", "/snap/bin"}

// binDir reports a directory a program put in runs by its bare name
// ahead of the system's: the everyday bin directories
// (cmdline.UserBinDirs), a node_modules/.bin and those the line or the
// session's earlier lines put on PATH (pathDirs), and the shims of
// version managers (shimDirs).
func binDir(dir string, pathDirs []string) bool {
	dir = strings.TrimSuffix(dir, "/")
	if dir == "" {
		return false
	}
	if slices.Contains(cmdline.UserBinDirs, dir) || slices.Contains(shimDirs, dir) || strings.HasSuffix(dir, "/node_modules/.bin") || dir == "node_modules/.bin" {
		return true
	}
	for _, d := range pathDirs {
		if homeForm(cleanPath(d)) == dir && !sharedDir(d) { // a shared one is path-untrusted-dir's
			return true
		}
	}
	return false
}

// inBinDir splits a file in a bin directory (binDir) into the directory
// and the name; ok is false for any other file, and for a name with a
// glob.
func inBinDir(p string, pathDirs []string) (dir, base string, ok bool) {
	if p == "" || len(p) > 4096 {
		return "", "", false
	}
	p = homeForm(cleanPath(p))
	if strings.ContainsAny(p, "*?[$`") {
		return "", "", false
	}
	dir, base = path.Split(p)
	return dir, base, base != "" && binDir(dir, pathDirs)
}

// copierValues are the options of cp, mv, install and ln that take a value
// (short letters, then long names): their values are no sources.
var copierValues = map[string][2]string{
	"cp":      {"tS", "target-directory suffix"},
	"mv":      {"tS", "target-directory suffix"},
	"ln":      {"tS", "target-directory suffix"},
	"install": {"tSmogt", "target-directory suffix mode owner group strip-program"},
}

// copierOperands are a cp, mv, install or ln's operands, without the
// values of its options, and its target directory (-t DIR,
// --target-directory=DIR), "" when none.
func copierOperands(prog string, args []string) (ops []string, target string) {
	vals := copierValues[prog]
	longs := strings.Fields(vals[1])
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(ops, args[i+1:]...), target
		case strings.HasPrefix(a, "--"):
			name, v, eq := strings.Cut(a[2:], "=")
			if !slices.Contains(longs, name) {
				continue
			}
			if !eq && i+1 < len(args) {
				i++
				v = args[i]
			}
			if name == "target-directory" {
				target = v
			}
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				if !strings.ContainsRune(vals[0], rune(a[j])) {
					continue
				}
				v := a[j+1:]
				if v == "" && i+1 < len(args) {
					i++
					v = args[i]
				}
				if a[j] == 't' {
					target = v
				}
				break
			}
		default:
			ops = append(ops, a)
		}
	}
	return ops, target
}

// remoteSource reports an scp or rsync operand on another host
// (host:path, user@host:path).
func remoteSource(s string) bool {
	i := strings.IndexByte(s, ':')
	return i > 0 && !strings.Contains(s[:i], "/") && !strings.Contains(s, "://")
}

// placements are the files c puts in a bin directory (binDir, with the
// directories on PATH pathDirs). args and env are the words and models as
// they are where the command runs (after a cd on the line: movedView).
func placements(c *cmdline.Command, line *cmdline.Line, pathDirs, args []string, env *CommandEnv) []placement {
	prog := programName(c.Name)
	var out []placement
	add := func(file string, how byte, from string) {
		if _, _, ok := inBinDir(file, pathDirs); ok {
			out = append(out, placement{file: homeForm(cleanPath(file)), how: how, from: from})
		}
	}
	addDir := func(dir string) { // a directory where what lands is named only as it runs
		dir = strings.TrimSuffix(dir, "/")
		if !slices.ContainsFunc(out, func(p placement) bool { return p.how == 'n' && p.file == dir }) {
			out = append(out, placement{file: dir, how: 'n'})
		}
	}
	redirected := map[string]bool{}
	for _, r := range env.Redirects {
		redirected[r.Target] = true
		redirected[joinMoved(env.Moved, []string{r.Target})[0]] = true
	}
	url := ""
	for _, a := range args {
		if urlHost(a) != "" && strings.Contains(a, "://") {
			url = a
			break
		}
	}
	copier := prog == "cp" || prog == "mv" || prog == "install" || prog == "ln" || prog == "rsync" || prog == "scp" || prog == "rcp"
	var ops []string
	target := ""
	if copier {
		if copierValues[prog][0] != "" {
			ops, target = copierOperands(prog, args)
		} else {
			ops = slices.Clone(env.Positional)
		}
		if target == "" && len(ops) > 1 {
			target, ops = ops[len(ops)-1], ops[:len(ops)-1]
		}
	}
	downloaded := downloadedEarlier(line, c)
	source := func(s string) (byte, string) {
		switch {
		case remoteSource(s) && (prog == "scp" || prog == "rsync" || prog == "rcp"):
			return 'd', s
		case downloaded[s] != "":
			return 'd', downloaded[s]
		case strings.HasPrefix(homeForm(cleanPath(s)), "~/Downloads/"):
			return 'd', s // where a browser saves a download
		}
		return 'c', s
	}
	var dirCopies []string // a copier's files in its destination directory: judged below with their sources
	if copier {
		for _, f := range joinMoved(env.Moved, placedFiles(prog, args, env.Positional)) {
			dirCopies = append(dirCopies, cleanPath(f))
		}
	}
	for _, o := range slices.Concat(env.Outputs, env.MayWrite) {
		if _, _, ok := inBinDir(o, pathDirs); !ok || slices.Contains(dirCopies, cleanPath(o)) {
			continue
		}
		switch {
		case redirected[o] && !isDownloader(c.Name):
			add(o, 'w', "")
		case isDownloader(c.Name) && serverNamed(prog, args):
			// the server names the file (curl -J, wget
			// --content-disposition): any name, the directory's
			if d, _, _ := inBinDir(o, pathDirs); !slices.ContainsFunc(out, func(p placement) bool { return p.how == 'u' && p.file == strings.TrimSuffix(d, "/") }) {
				out = append(out, placement{file: strings.TrimSuffix(d, "/"), how: 'u', from: url})
			}
		case isDownloader(c.Name):
			add(o, 'd', url)
		case copier && cleanPath(o) == cleanPath(target):
			if len(ops) == 0 {
				add(o, 'c', "")
			}
			for _, s := range ops {
				how, from := source(s)
				add(o, how, from)
			}
		case prog == "dd":
			from := ""
			for _, a := range args {
				if v, ok := strings.CutPrefix(a, "if="); ok {
					from = v
				}
			}
			how, from := source(from)
			add(o, how, from)
		default:
			add(o, 'w', "")
		}
	}
	// a directory destination: each source's file there under its own name
	if copier && target != "" {
		t := homeForm(cleanPath(target))
		if _, _, ok := inBinDir(t+"/x", pathDirs); ok && (strings.HasSuffix(target, "/") || binDir(t, pathDirs) || len(ops) > 1 ||
			optionValues(args, []string{"t", "target-directory"}, true) != nil) {
			for _, s := range ops {
				if s == "" || strings.HasSuffix(s, "/") && prog == "rsync" {
					continue // rsync a/ copies a's contents
				}
				how, from := source(s)
				add(t+"/"+baseName(s), how, from)
			}
		}
	}
	// a whole directory copied or cloned as the bin directory (cp -r
	// /tmp/d ~/.local/bin when there is none yet, git clone URL ~/bin):
	// whatever it holds runs by name, no name on the line
	whole, how := "", byte('r')
	switch {
	case prog == "cp" && hasFlag(args, []string{"r", "R", "a", "recursive", "archive"}):
		whole = target
	case prog == "git" && len(cloneDestination(args)) == 1:
		// the directory operand, below the one -C moves to (git -C ~
		// clone URL bin), or the working directory
		whole, how = cloneDestination(args)[0], 'g'
		if !strings.HasPrefix(whole, "/") && !strings.HasPrefix(whole, "~") && !strings.HasPrefix(whole, "$") && env.Cwd != "" {
			whole = path.Join(env.Cwd, whole)
		}
	case (prog == "git" || prog == "hg") && len(env.Positional) > 2 && env.Positional[0] == "clone":
		// the directory is the last operand (hg clone URL DIR, and git's
		// where an option's value leaves its operands unsure)
		whole, how = env.Positional[len(env.Positional)-1], 'g'
	case prog == "gh" && len(env.Positional) > 3 && env.Positional[0] == "repo" && env.Positional[1] == "clone":
		whole, how = env.Positional[3], 'g'
	}
	if t := homeForm(cleanPath(whole)); whole != "" && !strings.ContainsAny(t, "*?[$`") && binDir(t, pathDirs) {
		out = append(out, placement{file: t, how: how})
	}
	switch prog {
	case "go":
		// go install PKG…: each main package's program in GOBIN, else
		// GOPATH's bin, else ~/go/bin, by its import path's last element
		for _, f := range goInstalled(c, args, env.Cwd) {
			add(f, 'b', "")
		}
		// go build -o DIR PKG, or go build PKG where it runs: by the
		// package's name
		dir, names := goBuilt(args, func(chdir string) string { return goHere(c, env.Cwd, chdir) })
		switch {
		case dir == "":
			dir = cmp.Or(env.Moved, env.Cwd)
		case !strings.HasSuffix(dir, "/") && !binDir(homeForm(cleanPath(dir)), pathDirs):
			names = nil // -o FILE: outputs has it
		}
		for _, n := range names {
			if n == "..." {
				// a pattern's main packages (go build -o ~/.local/bin/
				// ./...): any names, the directory's
				if _, _, ok := inBinDir(joinDir(dir, "x"), pathDirs); ok {
					addDir(homeForm(cleanPath(dir)))
				}
				continue
			}
			add(joinDir(dir, n), 'w', "")
		}
	case "rename", "file-rename", "prename", "perl-rename", "rename.ul":
		// rename 's/FROM/TO/' FILE… (Perl's), rename FROM TO FILE…
		// (util-linux's): each file in a bin directory under its new name;
		// under an expression hguard does not evaluate, any name there
		written := make([]string, len(c.Args))
		for i, a := range c.Args {
			written[i] = a.Value
		}
		if hasFlag(args, []string{"n", "nono", "no-act", "dry-run"}) {
			break // shows what it would do
		}
		raw, _ := splitArgs(written, valueOptions[prog])
		news, unknown := renamed(raw, env.Positional, prog == "rename.ul")
		for _, r := range news {
			add(r[1], 'c', r[0])
		}
		for _, f := range unknown {
			if d, _, ok := inBinDir(f, pathDirs); ok {
				addDir(d)
			}
		}
	case "mmv", "mcp", "mln", "zmv", "zcp", "zln":
		// mmv FROM TO (mcp, mln; zsh's zmv, zcp, zln): a plain TO (no
		// #N or $N of FROM's wildcards) is the file; one made of them
		// names any file in its directory
		if ops := mmvOperands(prog, args); len(ops) == 2 && !strings.ContainsAny(ops[0], "*?[;(") {
			if !strings.ContainsAny(ops[1], "#*?[;$") {
				add(ops[1], 'c', ops[0])
			} else if d, _, ok := inBinDir(ops[1], pathDirs); ok {
				addDir(d)
			}
		} else if len(ops) == 2 {
			if d, _, ok := inBinDir(ops[1], pathDirs); ok {
				addDir(d)
			}
		}
	case "cargo":
		for _, f := range cargoPlaced(c, args, env.Positional) {
			if f.how == 'n' {
				if _, _, ok := inBinDir(f.file+"/x", pathDirs); ok {
					addDir(homeForm(cleanPath(f.file)) + "/")
				}
				continue
			}
			add(f.file, f.how, "")
		}
	case "pyinstaller":
		// pyinstaller -n NAME --distpath DIR x.py: DIR/NAME, the program
		// (--onefile) or its directory holding it
		if dist := optionValues(args, []string{"distpath"}, true); len(dist) > 0 {
			names := optionValues(args, []string{"n", "name"}, true)
			if len(names) == 0 && len(env.Positional) > 0 {
				names = []string{strings.TrimSuffix(baseName(env.Positional[0]), ".py")}
			}
			for _, n := range names {
				add(joinDir(dist[0], n), 'w', "")
			}
		}
	case "aria2c":
		// aria2c -d DIR -o NAME URL
		dir := optionValues(args, []string{"d", "dir"}, true)
		names := optionValues(args, []string{"o", "out"}, true)
		if len(dir) > 0 {
			name := ""
			if len(names) > 0 {
				name = names[0]
			} else if u := urlNamed(env.Positional, nil); len(u) > 0 {
				name = u[0]
			}
			if name != "" {
				add(joinDir(dir[0], name), 'd', url)
			}
		}
	case "tar", "bsdtar", "gtar", "unzip":
		// the members an extraction names, in its directory
		p := prog
		if p == "gtar" {
			p = "tar"
		}
		if ex, ok := parseExtraction(p, args, env.Positional); ok {
			dir := ex.dir
			if dir == "" {
				dir = env.Moved
			}
			strip := 0
			if v := optionValues(args, []string{"strip-components"}, true); len(v) > 0 {
				strip, _ = strconv.Atoi(v[0])
			}
			if dir != "" {
				for _, m := range ex.members {
					// --strip-components=N drops the member's first N
					// directories: bin/sudo lands as sudo
					parts := strings.Split(path.Clean(m), "/")
					if strip >= len(parts) {
						continue
					}
					add(joinDir(dir, strings.Join(parts[strip:], "/")), 'm', ex.archive)
				}
			}
		}
	}
	return out
}

// goBuildLine is what a go build or go test line says of its output.
type goBuildLine struct {
	test     bool // go test, not go build
	compiles bool // -c
	set      bool // -o given
	out      string
	pkgs     []string
	chdir    string // -C DIR: where it runs, and what its relative names mean
}

// goChdir is the directory go's -C moves to, and the index of the word
// after it; "" when there is none. go reads -C as the first word after
// go or after its subcommand (go -C DIR build, go build -C DIR).
func goChdir(args []string) (dir string, next int) {
	if len(args) > 1 && (args[0] == "-C" || args[0] == "--C") {
		return args[1], 2
	}
	for _, pre := range []string{"-C=", "--C="} {
		if v, ok := strings.CutPrefix(strings.Join(args[:min(len(args), 1)], ""), pre); ok {
			return v, 1
		}
	}
	return "", 0
}

// parseGoBuild reads go build's or go test's arguments; ok is false for
// any other go command.
func parseGoBuild(args []string) (l goBuildLine, ok bool) {
	l.chdir, _ = goChdir(args)
	_, i := goChdir(args)
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		i++
	}
	if i >= len(args) || args[i] != "build" && args[i] != "test" {
		return l, false
	}
	l.test = args[i] == "test"
	after, skip := goChdir(args[i+1:])
	l.chdir = cmp.Or(l.chdir, after)
	for j := i + 1 + skip; j < len(args); j++ {
		v := args[j]
		switch {
		case v == "--":
			j = len(args)
		case v == "-o" && j+1 < len(args):
			l.out, l.set = args[j+1], true
			j++
		case strings.HasPrefix(v, "-o="):
			l.out, l.set = v[3:], true
		case v == "-c":
			l.compiles = true
		case strings.HasPrefix(v, "-") && !strings.Contains(v, "=") && cmdline.GoValueFlag(strings.TrimLeft(v, "-")):
			j++
		case !strings.HasPrefix(v, "-"):
			l.pkgs = append(l.pkgs, v)
		}
	}
	return l, true
}

// goBuildOutput is the file go build writes: -o FILE (-o=FILE too); for
// a directory (-o bin/, or -o a bin directory the line names without its
// slash) each main package's program in it under the package's name
// (goBuilt); go test -c -o FILE writes the test binary FILE.
func goBuildOutput(args []string) []string {
	l, ok := parseGoBuild(args)
	switch {
	case !ok:
		return nil
	case l.chdir != "" && !strings.ContainsAny(l.out[:min(len(l.out), 1)], "/~$"):
		return nil // -o FILE in another directory's module: where -C went
	case l.test && !(l.compiles && l.set):
		return nil // go test runs its binary and keeps it nowhere
	case l.test && !strings.HasSuffix(l.out, "/"):
		return []string{l.out}
	case l.test:
		return nil // DIR/PKG.test
	case l.set && !strings.HasSuffix(l.out, "/"):
		return []string{l.out}
	}
	return nil
}

// goBuilt are the programs go build names after their packages
// (goProgramName) in a directory: -o DIR/ (or -o DIR, which placements
// reads as one when DIR is a bin directory) holds each main package's;
// with no -o, a single package's is written where it runs (dir "", as
// in cd ~/bin && go build …/cmd/sudo). The package where it runs (none
// named, or .) is named after that directory (here: goHere); a pattern
// into a directory (-o DIR/ ./...) names any program, "..." in names.
func goBuilt(args []string, here func(chdir string) string) (dir string, names []string) {
	l, ok := parseGoBuild(args)
	if !ok || l.test {
		return "", nil
	}
	if !l.set && len(l.pkgs) > 1 {
		return "", nil // several packages and no -o: compiled, kept nowhere
	}
	if l.chdir != "" && !strings.ContainsAny(l.out[:min(len(l.out), 1)], "/~$") {
		return "", nil // -o relative to where -C went: outputs does not follow it
	}
	if !l.set && l.chdir != "" {
		if !strings.ContainsAny(l.chdir[:1], "/~") {
			return "", nil // where -C went, below where it runs: not followed
		}
		l.out = l.chdir + "/" // go build -C DIR: the program in DIR
	}
	pkgs := l.pkgs
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	for _, p := range pkgs {
		n := goProgramName(p)
		switch {
		case n == "" && (p == "." || p == "./"):
			n = here(l.chdir)
		case strings.Contains(p, "...") && l.set && strings.HasSuffix(l.out, "/"):
			n = "..." // a pattern into a directory: each main package by its name
		}
		if n != "" {
			names = append(names, n)
		}
	}
	return l.out, names
}

// goHere is the name go gives the package in the directory c runs in,
// after a cd on the line and go's own -C: the directory's base name (a
// module's root package is named after its path, which by custom ends
// in it). "" when the directory is not known.
func goHere(c *cmdline.Command, cwd, chdir string) string {
	if c.CwdLost || strings.ContainsAny(chdir, "$`*?[") {
		return ""
	}
	dir := cmp.Or(c.Cwd, cwd)
	if c.Cwd == "" && c.CwdRel != "" {
		dir = joinDir(cwd, c.CwdRel)
	}
	if chdir != "" {
		if strings.HasPrefix(chdir, "/") || strings.HasPrefix(chdir, "~") {
			dir = chdir
		} else {
			dir = joinDir(dir, chdir)
		}
	}
	if dir == "" {
		return ""
	}
	n := path.Base(cleanPath(dir))
	if n == "." || n == ".." || n == "/" || n == "~" || strings.HasPrefix(n, "$") {
		return ""
	}
	return n
}

// goProgramName is the program go build names after a package: the last
// element of its import path or directory without a major version's /vN
// (example.com/ssh/v2 is ssh), or the first file's name without .go; ""
// for a pattern, the current directory (its name is not on the line) or
// a word known only at run time.
func goProgramName(pkg string) string {
	if strings.Contains(pkg, "...") || strings.ContainsAny(pkg, "$`*?[") {
		return ""
	}
	if strings.HasSuffix(pkg, ".go") {
		return strings.TrimSuffix(path.Base(pkg), ".go")
	}
	pkg, _, _ = strings.Cut(pkg, "@")
	pkg = strings.TrimSuffix(path.Clean(pkg), "/")
	name := path.Base(pkg)
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" && strings.Contains(pkg, "/") {
		name = path.Base(path.Dir(pkg)) // example.com/ssh/v2
	}
	if name == "." || name == "/" || name == ".." || name == "~" || name == "" {
		return ""
	}
	return name
}

// goInstalled are the programs go install puts in GOBIN (assigned to it,
// or exported earlier: cmdline.GoInstallDirs), else GOPATH/bin, else
// ~/go/bin: for each package, the last element of its import path
// without @VERSION and a major version's /vN (example.com/x/cmd/sudo@latest
// is sudo, example.com/ssh/v2 is ssh). A pattern (./...) or a directory
// known only at run time names none.
func goInstalled(c *cmdline.Command, args []string, cwd string) []string {
	chdir, i := goChdir(args)
	for i < len(args) && strings.HasPrefix(args[i], "-") {
		i++
	}
	if i >= len(args) || args[i] != "install" {
		return nil
	}
	after, skip := goChdir(args[i+1:])
	chdir = cmp.Or(chdir, after)
	i += skip
	dir := "~/go/bin"
	var gobin, gopath string
	for _, a := range c.Assigns {
		switch a.Name {
		case "GOBIN":
			gobin = a.Value.Value
		case "GOPATH":
			gopath = a.Value.Value
		}
	}
	switch {
	case gobin != "":
		dir = gobin
	case gopath != "":
		dir = strings.Split(gopath, ":")[0] + "/bin"
	}
	if strings.ContainsAny(dir, "`") || strings.Contains(strings.TrimPrefix(strings.TrimPrefix(dir, "$HOME"), "${HOME}"), "$") {
		return nil
	}
	var out []string
	named := false
	for j := i + 1; j < len(args); j++ {
		v := args[j]
		switch {
		case strings.HasPrefix(v, "-"):
			if !strings.Contains(v, "=") && cmdline.GoValueFlag(strings.TrimLeft(v, "-")) {
				j++
			}
			continue
		case strings.Contains(v, "..."), strings.ContainsAny(v, "$`*?["), strings.HasSuffix(v, ".go"):
			named = true
			continue
		}
		named = true
		name := goProgramName(v)
		if name == "" && (v == "." || v == "./") {
			name = goHere(c, cwd, chdir) // the package where it runs
		}
		if name != "" {
			out = append(out, joinDir(dir, name))
		}
	}
	if !named {
		if name := goHere(c, cwd, chdir); name != "" { // go install alone: the package where it runs
			out = append(out, joinDir(dir, name))
		}
	}
	return out
}

// renamed are the files rename gives new names to, each as {old, new}:
// Perl's rename applies its first operand to each file's path (or base
// name, with -d): s/FROM/TO/FLAGS with any delimiter, FROM a regular
// expression and TO literal, or $_ = "NAME"; util-linux's rename FROM TO
// FILE… (rename.ul: util) replaces the first FROM in each. Both the base
// name and the whole path are tried, so that either reading is judged.
// The expression is read from the words as written (raw), the files from
// pos, the same operands where the command runs (after a cd: movedView).
// A file whose name is unchanged gives none; unknown are the files of a
// Perl expression hguard does not evaluate (y///, code, a computed TO),
// which may get any name.
func renamed(raw, pos []string, util bool) (news [][2]string, unknown []string) {
	if len(pos) < 2 || len(raw) != len(pos) {
		return nil, nil
	}
	e, files := raw[0], pos[1:]
	var apply func(string) string
	switch {
	case util:
	case len(e) > 3 && e[0] == 's' && !strings.ContainsAny(e[1:2], "a-zA-Z0-9 \\({[<"):
		apply = perlSubstitution(e)
		if apply == nil {
			return nil, files
		}
	case perlAssign().MatchString(e):
		name := perlAssign().FindStringSubmatch(e)[2]
		apply = func(string) string { return name }
	case strings.ContainsAny(e, "/;=${}|#") || strings.HasPrefix(e, "y") || strings.HasPrefix(e, "tr"):
		return nil, files // code hguard does not run: y///, s{x}{y}, tr
	}
	if apply == nil {
		if len(pos) < 3 {
			return nil, nil
		}
		from, to := raw[0], raw[1]
		files = pos[2:]
		if from == "" {
			return nil, nil
		}
		apply = func(s string) string { return strings.Replace(s, from, to, 1) }
	}
	for _, f := range files {
		dir, base := path.Split(f)
		for _, n := range []string{dir + apply(base), apply(f)} {
			if n != f && n != dir+base && !slices.ContainsFunc(news, func(r [2]string) bool { return r[1] == n }) {
				news = append(news, [2]string{f, n})
			}
		}
	}
	return news, nil
}

// perlAssign is Perl rename's $_ = "NAME" (or 'NAME'), one literal name.
var perlAssign = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*\$_\s*=\s*(["'])([^"'$\\@]*)(["'])\s*;?\s*$`)
})

// perlSubstitution is s/FROM/TO/FLAGS as a function of a name: FROM a
// regular expression Go reads alike (RE2: no look-around, no back
// reference), TO literal (no $1, no escape), FLAGS of g, i, r, x, m, s;
// nil for any other.
func perlSubstitution(e string) func(string) string {
	parts := strings.Split(e[2:], e[1:2])
	if len(parts) != 3 || strings.ContainsAny(parts[1], `$\@`) || strings.Trim(parts[2], "girmsx") != "" {
		return nil
	}
	src := parts[0]
	if fl := strings.Trim(parts[2], "gr"); fl != "" {
		src = "(?" + fl + ")" + src
	}
	re, err := regexp.Compile(src)
	if err != nil || len(src) > 256 {
		return nil
	}
	to, all := parts[1], strings.Contains(parts[2], "g")
	return func(s string) string {
		if all {
			return re.ReplaceAllLiteralString(s, to)
		}
		if loc := re.FindStringIndex(s); loc != nil {
			return s[:loc[0]] + to + s[loc[1]:]
		}
		return s
	}
}

// mmvOperands are mmv's FROM and TO (mcp, mln; zsh's zmv, zcp, zln),
// without options and the values of zmv's -o, -p and -P.
func mmvOperands(prog string, args []string) []string {
	zsh := strings.HasPrefix(prog, "z")
	return cliOperands(args, func(opt string) bool {
		return zsh && (opt == "-o" || opt == "-p" || opt == "-P")
	})
}

// cargoValued are cargo install's options that take a value.
var cargoValued = []string{"--version", "--vers", "--git", "--branch", "--tag", "--rev", "--path", "--root", "--registry", "--index",
	"--target", "--target-dir", "--features", "--jobs", "--profile", "--config", "--bin", "--example", "--color", "--message-format", "-j", "-F", "-Z"}

// cargoCrates are the crates cargo install names: its operands after
// install, without options and their values; none from a --path or --git
// build (its crates' names are in its manifest).
func cargoCrates(args []string) []string {
	var out []string
	seen := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--path" || a == "--git" || strings.HasPrefix(a, "--path=") || strings.HasPrefix(a, "--git="):
			return nil
		case slices.Contains(cargoValued, a):
			i++
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
		case !seen && a == "install":
			seen = true
		case seen && !strings.ContainsAny(a, "/$`*?[="):
			out = append(out, a)
		}
	}
	return out
}

// cargoPlaced are the programs cargo puts in a directory: cargo install's
// in ROOT/bin (--root, CARGO_INSTALL_ROOT, else ~/.cargo), each by --bin
// NAME or else by the crate's name ('b'; a --path or --git build without
// either names none on the line); cargo build's in --artifact-dir DIR
// (--out-dir before 1.79), by --bin NAME, else the directory ('n').
func cargoPlaced(c *cmdline.Command, args, pos []string) []placement {
	if len(pos) > 0 && strings.HasPrefix(pos[0], "+") {
		pos = pos[1:] // cargo +nightly install: the toolchain
	}
	if len(pos) == 0 {
		return nil
	}
	bins := optionValues(args, []string{"bin"}, true)
	switch pos[0] {
	case "install":
		root := "~/.cargo"
		for _, a := range c.Assigns {
			if a.Name == "CARGO_INSTALL_ROOT" {
				root = a.Value.Value
			}
		}
		if r := optionValues(args, []string{"root"}, true); len(r) > 0 {
			root = r[0]
		}
		if strings.ContainsAny(root, "`") || strings.Contains(strings.TrimPrefix(strings.TrimPrefix(root, "$HOME"), "${HOME}"), "$") {
			return nil
		}
		names := bins
		if len(names) == 0 {
			names = cargoCrates(args)
		}
		var out []placement
		for _, n := range names {
			n, _, _ = strings.Cut(n, "@") // cargo install ripgrep@14.1.0
			out = append(out, placement{file: joinDir(joinDir(root, "bin"), n), how: 'b'})
		}
		return out
	case "build", "b":
		dir := optionValues(args, []string{"artifact-dir", "out-dir"}, true)
		if len(dir) == 0 {
			return nil
		}
		if len(bins) == 0 {
			return []placement{{file: dir[0], how: 'n'}}
		}
		var out []placement
		for _, n := range bins {
			out = append(out, placement{file: joinDir(dir[0], n), how: 'w'})
		}
		return out
	}
	return nil
}

// serverNamed reports a download saved under the name the server gives
// (curl -J, --remote-header-name with -O; wget --content-disposition,
// --trust-server-names), not the URL's.
func serverNamed(prog string, args []string) bool {
	switch prog {
	case "curl", "curlie":
		return hasFlag(args, []string{"J", "remote-header-name"})
	case "wget", "wget2":
		return hasFlag(args, []string{"content-disposition", "trust-server-names"})
	}
	return false
}

// downloadedEarlier are the files that downloads before c on the line
// saved (curl -o F URL, wget -O F URL, curl -O URL, > F), by name as
// written, each with its URL: curl -o sudo URL && mv sudo ~/.local/bin/.
func downloadedEarlier(line *cmdline.Line, c *cmdline.Command) map[string]string {
	if line == nil || len(line.Commands) < 2 {
		return nil
	}
	var out map[string]string
	for _, d := range line.Commands {
		if d == c {
			break
		}
		if !isDownloader(d.Name) {
			continue
		}
		var args, url []string
		for _, a := range d.Args {
			args = append(args, a.Value)
			if strings.Contains(a.Value, "://") {
				url = append(url, a.Value)
			}
		}
		if len(url) == 0 {
			continue
		}
		var redirects []RedirectEnv
		for _, r := range d.Redirects {
			redirects = append(redirects, RedirectEnv{Op: r.Op, Fd: r.Fd, Target: r.Target.Value, Dynamic: r.Target.Dynamic})
		}
		pos, _ := splitArgs(args, valueOptions[programName(d.Name)])
		for _, f := range outputs(d.Name, args, pos, redirects) {
			if out == nil {
				out = map[string]string{}
			}
			out[f] = url[0]
		}
	}
	return out
}

// namesProgram reports a bin directory's file named like a program: one
// hguard knows, one every system has, or one in the system's own bin
// directories (shadowsProgram's names).
func namesProgram(file string) bool {
	base := baseName(file)
	if cmdline.KnownName(base) || systemPrograms.has(base) {
		return true
	}
	return shadowsProgram("~/.local/bin/" + base)
}

// shadowFiles are the files c puts in a bin directory early on PATH
// named like a program (namesProgram), however the command spells them,
// and the bin directory itself when a whole directory is copied or cloned
// as it.
func shadowFiles(ps []placement) []string {
	var out []string
	for _, p := range ps {
		named := namesProgram(p.file)
		if p.how == 'b' {
			// a package manager's program under its package's name (go
			// install …/gopls): only a system program's name shadows
			named = systemPrograms.has(baseName(p.file))
		}
		if (p.how == 'r' || p.how == 'g' || p.how == 'u' || p.how == 'n' || named) && !slices.Contains(out, p.file) {
			out = append(out, p.file)
		}
	}
	return out
}

// plantedPrograms are the shadowFiles whose content a person did not
// install as a program's own: under a system program's name
// (systemPrograms) anything but a copy or link of a program already
// installed, or of one's own build under its own name; under another
// known program's name, a download saved under a name its URL's file
// does not start with, or a copy from a temporary or shared directory or
// another host under another name. A vendor's release saved under its
// name (curl -Lo ~/.local/bin/kubectl …/kubectl, jq-linux-amd64 saved as
// jq, mv /tmp/linux-amd64/helm ~/.local/bin/) is everyday; git, sudo or
// ls fetched from anywhere is not.
func plantedPrograms(ps []placement, pathDirs []string) []string {
	var out []string
	for _, p := range ps {
		if p.how == 'g' && !slices.Contains(out, p.file) {
			// someone's repository as a bin directory: every file it
			// holds, under whatever name, runs by that name
			out = append(out, p.file)
			continue
		}
		if p.how == 'r' || p.how == 'u' || p.how == 'n' || !namesProgram(p.file) || slices.Contains(out, p.file) {
			continue
		}
		if planted(p, pathDirs) {
			out = append(out, p.file)
		}
	}
	return out
}

// anotherName reports a file named name whose source is named src: not
// src itself or a version of it (python3 for python, jq-linux-amd64 for
// jq), nor the GNU build Homebrew installs with a g before the name (gsed
// for sed, gtar for tar: brew's coreutils, gnu-sed and gnu-tar).
func anotherName(src, name string) bool {
	return !strings.HasPrefix(src, name) && src != "g"+name
}

// installedSource is a source word naming a program on PATH by the name
// the shell finds it by: $(which NAME), $(command -v NAME), $(type -P
// NAME), `which NAME`.
var installedSource = regexp.MustCompile("^(?:\\$\\(|`)(?:which|command -v|type -P) ([A-Za-z0-9._+-]+)(?:\\)|`)$")

// planted is plantedPrograms' test of one placement.
func planted(p placement, pathDirs []string) bool {
	name := baseName(p.file)
	system := systemPrograms.has(name)
	other := anotherName(baseName(p.from), name)
	switch p.how {
	case 'd':
		return system || other
	case 'w', 'm', 'b':
		return system
	}
	from := p.from
	if m := installedSource.FindStringSubmatch(from); m != nil {
		// a program on PATH, by the name the shell finds it by
		return !cmdline.KnownName(m[1]) && anotherName(m[1], name) && system
	}
	if rest, ok := strings.CutPrefix(from, "$(brew --prefix)/"); ok {
		from = "/opt/homebrew/" + rest // Homebrew's own tree
	}
	src := homeForm(cleanPath(from))
	switch {
	case from == "" || strings.ContainsAny(from, "$`"):
		return system // known only as it runs
	case slices.Contains(systemBinDirs, path.Dir(src)+"/"):
		return false // a link to the system's own program: ln -s /usr/bin/python3 ~/.local/bin/python
	case isTemp(src) || sharedDir(src):
		return system || other
	}
	if _, _, ok := inBinDir(src, pathDirs); ok && (!other || cmdline.KnownName(baseName(src))) {
		return false // a program already installed, under another name: ln -s ~/.local/bin/nvim ~/.local/bin/vim
	}
	return system && other
}
