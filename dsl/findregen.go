package dsl

import (
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// findsRegenerable reports find deleting (-delete), or running the command
// c on what it finds (find … -exec rm -rf {} +), only what a tool makes
// again on its next run: its starting points lie below the command's
// directory (static, relative, no ..) or, spelled absolute, within the
// caller's directory ctx.Cwd (after cd /home/u/proj the walk spells find's
// . so), or it selects only .DS_Store or
// the home's shared cache's files days old, its tests are all joined by and
// (no -o, no ',', no parentheses), and one of them, not negated and before
// any action, is -name or -iname of foundRegenerable's; nothing on the line
// moves, copies or links files, nor runs inline code that may (mv src
// __pycache__ would be found). Starting points that are all a build's
// output (regen: find build -name '*.o' -delete) select only what rm -rf
// of them would delete, whatever the tests, unless find follows links
// (-L, -follow) out of them. c is find itself, a command find runs
// directly, or one xargs -0 runs on what find -print0 pipes to it (find
// . -name '*.pyc' -print0 | xargs -0 rm -f): NUL-separated, a crafted
// name cannot split into another path.
func findsRegenerable(c *cmdline.Command, line *cmdline.Line, ctx Context, regen func(string) bool) bool {
	f := c
	n := len(c.Wrappers)
	switch {
	case n > 0 && c.Wrappers[n-1].Name == "find":
		f = nil
		for _, o := range line.Commands {
			if o.Name == "find" && o.Pos == c.Pos && o.Source == c.Source && len(o.Wrappers) == n-1 {
				f = o
				break
			}
		}
	case n > 0 && c.Wrappers[n-1].Name == "xargs":
		f = piping(c, line)
		x := c.Wrappers[n-1].Args
		if f == nil || !slices.ContainsFunc(f.Args, func(a cmdline.Word) bool { return a.Value == "-print0" }) ||
			!slices.ContainsFunc(x, func(a string) bool { return a == "-0" || a == "--null" || a == "-0r" || a == "-r0" }) ||
			slices.ContainsFunc(x, func(a string) bool {
				return a == "-a" || strings.HasPrefix(a, "--arg-file") || strings.HasPrefix(a, "-a")
			}) {
			return false // xargs -a FILE reads its names from the file
		}
	}
	if f == nil || f.Name != "find" {
		return false
	}
	if movesFiles(line) {
		return false // mv src __pycache__ names what find then deletes
	}
	args := f.Args
	inside := true        // every starting point lies in the working directory
	built := regen != nil // and each is a build's output
	below := true         // and none is the directory itself or a .git
	var tops []string     // the starting points that are the working directory, as spelled (., /home/u/proj)
	points := 0
	caches := 0    // starting points that are the home's shared cache directory
	downloads := 0 // starting points in the home's Downloads, for a person
	i := cmdline.FindStart(len(args), func(i int) string { return args[i].Value }, func(i int) {
		points++
		p := strings.TrimPrefix(args[i].Value, "./")
		if args[i].Dynamic || strings.ContainsAny(p, "$`") || slices.Contains(strings.Split(p, "/"), "..") {
			inside = false
		}
		if built && (args[i].Dynamic || !regen(args[i].Value)) {
			built = false
		}
		if c := path.Clean(p); c == "." {
			tops = append(tops, c)
		} else if slices.Contains(strings.Split(c, "/"), ".git") {
			below = false
		}
		if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
			// After cd /home/u/proj the walk spells find's . as the
			// directory: judged where it leads, inside the caller's
			// directory (or the top itself) or not.
			top, ok := startInside(p, ctx)
			inside = inside && ok
			if top {
				tops = append(tops, path.Clean(p))
			}
		}
		if c := path.Clean(args[i].Value); !args[i].Dynamic && (c == "~/.cache" || c == "~/Library/Caches") {
			caches++
		}
		if c := path.Clean(args[i].Value); !args[i].Dynamic && ctx.Caller == "" && (c == "~/Downloads" || strings.HasPrefix(c, "~/Downloads/") && !strings.ContainsAny(c, "*?[")) {
			downloads++
		}
	})
	if slices.ContainsFunc(args, func(a cmdline.Word) bool {
		return a.Value == "-L" || a.Value == "-H" || a.Value == "-follow"
	}) {
		return false // find -L . -name '*.log' -delete follows links out of the tree
	}
	if built && points > 0 {
		return true // a home's tool cache too: find ~/.cache -atime +30 -delete
	}
	if below && len(tops) > 0 {
		// find . -not -path './.git/*' -type d -empty -delete: each top
		// leaves its .git out, as find spells it there
		below = !slices.ContainsFunc(tops, func(top string) bool { return !skipsGit(args[i:], top, f.Cwd, ctx) })
	}
	selected := false
	finder := false  // -name .DS_Store: the Finder's own file, made again wherever it was
	aged := false    // in the shared cache, only what is days old
	partial := false // in a person's Downloads, only a browser's unfinished downloads
	files := false   // the name selected is a file's (*.log), which a directory may carry too
	typeFile := false
	for ; i < len(args); i++ {
		switch v := args[i].Value; v {
		case "-o", "-or", ",", "(", ")":
			return false // an alternative selects more than the name
		case "-name", "-iname":
			if i+1 >= len(args) {
				return false
			}
			negated := i > 0 && (args[i-1].Value == "!" || args[i-1].Value == "-not")
			i++
			// A name holds no /, which -name never matches; after cd
			// /home/u/proj the walk spells '*.pyc' under the directory.
			name := path.Base(args[i].Value)
			if !negated && !args[i].Dynamic && name == ".DS_Store" {
				finder = true
			}
			if !negated && !args[i].Dynamic && foundRegenerable(name) {
				selected = true
				files = files || foundFile(name)
			}
			if !negated && !args[i].Dynamic && downloads == points && points > 0 && partialDownload(name) {
				// find ~/Downloads -name '*.part' -delete: what a browser
				// left of a download it did not finish, fetched again
				selected, partial = true, true
				files = true
			}
		case "-atime", "-mtime", "-ctime":
			// The shared cache's files unused for days: what a cache
			// cleaner deletes (find ~/.cache -type f -atime +30 -delete).
			negated := i > 0 && (args[i-1].Value == "!" || args[i-1].Value == "-not")
			if i+1 < len(args) && !negated && caches == points && points > 0 && !args[i+1].Dynamic && olderThanDays(args[i+1].Value) {
				selected, aged = true, true
				files = true // an old directory may hold files used today: rm -rf takes them whole
			}
		case "-type":
			typeFile = typeFile || i+1 < len(args) && args[i+1].Value == "f"
		case "-empty":
			// An empty file or directory holds nothing to lose, but below
			// the directory itself, which may hold .git: git's empty
			// refs/heads after a gc is no empty directory to it.
			if below && points > 0 && (i == 0 || args[i-1].Value != "!" && args[i-1].Value != "-not") {
				selected = true
			}
		case "-delete", "-exec", "-execdir", "-ok", "-okdir", "-print", "-print0", "-printf", "-ls", "-fprint", "-fprint0", "-fprintf", "-fls":
			if !selected {
				return false // an action before the name runs on everything
			}
			if v != "-exec" && v != "-execdir" && v != "-ok" && v != "-okdir" {
				continue
			}
			for i++; i < len(args) && args[i].Value != ";" && args[i].Value != "+"; i++ {
				if files && !typeFile && recursiveFlag(args[i].Value) {
					return false // -exec rm -rf {} + of *.log takes a directory named x.log whole
				}
			}
		}
	}
	// Outside the directory only the Finder's files are everyone's
	// clean-up (find ~ -name .DS_Store -delete); find ~ -name '*.pyc'
	// may take a program's only copy.
	return selected && (inside || finder || aged || partial)
}

// partialDownload reports a name pattern of what browsers and download
// managers write while a download runs and rename when it ends:
// Firefox's *.part, Chrome's *.crdownload, *.partial, aria2's *.aria2.
func partialDownload(pattern string) bool {
	switch pattern {
	case "*.part", "*.crdownload", "*.partial", "*.aria2":
		return true
	}
	return false
}

// startInside reports whether find's absolute (or ~) starting point p lies
// in the caller's directory, and whether it is that directory itself. -path
// './.git/*' leaves no .git out of a top spelled so, hence top.
func startInside(p string, ctx Context) (top, inside bool) {
	if rest, ok := strings.CutPrefix(p, "~"); ok {
		if ctx.Home == "" || rest != "" && rest[0] != '/' {
			return false, false
		}
		p = ctx.Home + rest
	}
	if !strings.HasPrefix(ctx.Cwd, "/") || slices.Contains(strings.Split(ctx.Cwd, "/"), "..") {
		return false, false
	}
	p, cwd := path.Clean(p), path.Clean(ctx.Cwd)
	if cwd == "/" || isHome(cwd) {
		return false, false // cd ~ && find . …
	}
	if !under(p, cwd) && ctx.RealDir != nil {
		// cd ~/Projects/proj, a link to the caller's directory, enters
		// that directory: its files are the caller's (the caller's
		// directory as it names it)
		if realP, ok := realBelow(p, ctx); ok {
			p = realP
		}
	}
	if !under(p, cwd) {
		return false, false // find / -name '*.pyc' -delete
	}
	return p == cwd, true
}

// realBelow is p (absolute, clean) with the links on the way to its
// nearest directory on disk followed (Context.RealDir): what is below
// that directory, a glob or what is not there yet (~/Projects/proj/*.pyc
// after cd), is named as written.
func realBelow(p string, ctx Context) (string, bool) {
	for d := p; ; d = path.Dir(d) {
		if real, ok := ctx.RealDir(d); ok {
			return path.Join(real, strings.TrimPrefix(p, d)), true
		}
		if d == "/" || d == "." {
			return "", false
		}
	}
}

// startsInside is startInside's inside.
func startsInside(p string, ctx Context) bool {
	_, inside := startInside(p, ctx)
	return inside
}

// olderThanDays reports an age test of more than a day (+1, +30).
func olderThanDays(v string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	return strings.HasPrefix(v, "+") && err == nil && n >= 1
}

// recursiveFlag reports rm's recursive option, alone or in a cluster.
func recursiveFlag(a string) bool {
	return a == "--recursive" || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "rR")
}

// piping returns the find that writes into c's pipe, the command just
// before it in the same pipeline, or nil.
func piping(c *cmdline.Command, line *cmdline.Line) *cmdline.Command {
	if c.Stdin.Kind != "pipe" || c.Stdin.From != "find" || c.Pipe.Index == 0 {
		return nil
	}
	i := slices.Index(line.Commands, c)
	for j := i - 1; j >= 0; j-- {
		o := line.Commands[j]
		if o.Pipe.Len == c.Pipe.Len && o.Pipe.Index == c.Pipe.Index-1 && len(o.Wrappers) == 0 && slices.Equal(o.Via, c.Via) {
			if o.Name == "find" {
				return o
			}
			return nil
		}
	}
	return nil
}

// foundRegenerable reports a name pattern of find's that matches only what
// a tool writes again or leaves behind and no project keeps: Python's
// bytecode and its caches, a package manager's dependencies, Finder's
// .DS_Store, tsc's build info, ESLint's cache, coverage's data and
// reports, a run's logs and temporary files; none names anything in
// .git. Not *.orig or *.rej: patch's and mergetool's may be the only copy
// of a version or a hunk.
func foundRegenerable(pattern string) bool {
	switch pattern {
	case "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", ".ipynb_checkpoints",
		"node_modules", "*.pyc", "*.pyo", "*.py[co]", "*.egg-info", ".DS_Store",
		"*.tsbuildinfo", ".eslintcache", ".coverage", "coverage.xml", "lcov.info", "*.log", "*.tmp":
		return true
	}
	return false
}

// foundFile reports a name pattern of foundRegenerable's that names files
// (*.log, .DS_Store), which a directory may carry too (rm -rf of a
// directory named x.log takes it whole); *.egg-info is setuptools'
// metadata directory, rm -rf's to take.
func foundFile(pattern string) bool {
	return strings.HasPrefix(pattern, "*.") && pattern != "*.egg-info" || pattern == ".DS_Store"
}

// skipsGit reports find's tests (from the first after the starting
// points) excluding everything below top's .git by a negated -path or
// -wholename joined by and: find . -not -path './.git/*' -type d -empty
// -delete leaves git's empty refs directories alone. top is the starting
// point as find spells the paths below it: . or an absolute path (find
// /home/u/proj -not -path '/home/u/proj/.git/*'), or cwd, the command's
// directory, which after cd the walk spells both find's . and its
// './.git/*' under (cd ~/proj && find . -not -path './.git/*').
func skipsGit(tests []cmdline.Word, top, cwd string, ctx Context) bool {
	for i := 1; i+1 < len(tests); i++ {
		switch tests[i].Value {
		case "-o", "-or", ",", "(", ")":
			return false
		case "-path", "-wholename":
			neg := tests[i-1].Value == "!" || tests[i-1].Value == "-not"
			if neg && !tests[i+1].Dynamic && leavesOutGit(tests[i+1].Value, top, cwd, ctx) {
				return true
			}
		}
	}
	return false
}

// leavesOutGit reports a -path pattern matching everything below top's
// .git as find spells it: TOP/.git/*, TOP/.git* or TOP/.git/**, with TOP
// the starting point as written (./.git/* for .), or */.git/*. A pattern
// of ~ is no path find prints (find ~/proj -not -path '~/proj/.git/*')
// but the walk's spelling after cd; a link on disk may lead either to the
// other (the agent's line judged where its paths lead).
func leavesOutGit(pattern, top, cwd string, ctx Context) bool {
	if pattern == "*/.git/*" {
		return true
	}
	for _, suffix := range []string{"/.git/*", "/.git*", "/.git/**"} {
		pre, ok := strings.CutSuffix(pattern, suffix)
		switch {
		case !ok:
		case top == ".":
			return pre == "."
		case strings.HasPrefix(pre, "/") || pre == cwd || samePlace(pre, cwd, ctx):
			return pre == top || samePlace(pre, top, ctx)
		}
	}
	return false
}

// samePlace reports two paths (absolute or ~/…) that name one directory
// on disk, links followed (Context.RealDir).
func samePlace(a, b string, ctx Context) bool {
	a, okA := homeJoined(a, ctx.Home)
	b, okB := homeJoined(b, ctx.Home)
	if ctx.RealDir == nil || !okA || !okB || !strings.HasPrefix(a, "/") || !strings.HasPrefix(b, "/") {
		return false
	}
	realA, okA := ctx.RealDir(path.Clean(a))
	realB, okB := ctx.RealDir(path.Clean(b))
	return okA && okB && realA == realB
}

// filledEarlier reports a command on the line that moves, copies or links
// something into the path p (resolved against dir), or onto a directory
// holding it, or inline code or a dynamic command that may, before c runs: mv src dist && rm -rf dist deletes no
// build's output. Without a loop or a function on the line only the
// commands before c count (rm -rf dist && cp -r public dist refills it).
func filledEarlier(p, dir string, c *cmdline.Command, line *cmdline.Line, ctx Context) bool {
	r := path.Clean(resolveIn(cleanPath(p), dir))
	repeats := len(line.Functions) > 0 || loopWord.MatchString(line.Original)
	for _, o := range line.Commands {
		if o == c {
			if !repeats {
				return false
			}
			continue
		}
		if unseenMoves(o) {
			return true
		}
		dests, srcs, ok := moveTargets(o)
		if !ok {
			continue
		}
		odir := commandCwd(ctx.Cwd, o.Cwd, o.CwdRel)
		for _, d := range dests {
			dr := path.Clean(resolveIn(cleanPath(d), odir))
			if strings.ContainsAny(dr, "$`") || within(dr, r) {
				return true
			}
			if i := strings.IndexAny(r, "*?["); i >= 0 && strings.ContainsAny(path.Dir(r), "*?[") && within(dr, path.Dir(r[:i+1])) {
				// mv src build/x && rm -rf build/*/*, mv src a/b/__pycache__
				// && rm -rf **/__pycache__: what lands below the glob's
				// fixed directory may be a match's content, at any depth
				return true
			}
			for a := dr; strings.ContainsAny(r, "*?[") && a != "/" && a != "."; a = path.Dir(a) {
				if ok, _ := path.Match(r, a); ok {
					return true // mv src x.egg-info && rm -rf *.egg-info
				}
			}
			if within(r, dr) {
				// into a directory above p: what lands there by its own
				// name (mv backup/dist .) fills p
				below, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(r, dr), "/"), "/")
				if slices.ContainsFunc(srcs, func(s string) bool {
					m, err := path.Match(below, baseName(s)) // rm -rf dist/*: below is a glob
					return strings.ContainsAny(s, "$`*?[") || m || err != nil
				}) {
					return true
				}
			}
		}
	}
	return false
}

// movesFiles reports a command on the line that moves, copies or links
// files, or inline code or a dynamic command that may (moverArgs,
// unseenMoves).
func movesFiles(line *cmdline.Line) bool {
	return slices.ContainsFunc(line.Commands, func(o *cmdline.Command) bool {
		_, ok := moverArgs(o)
		return ok || unseenMoves(o)
	})
}

// moveTargets are the destinations and sources of a command that moves,
// copies or links files (-t DIR, or the last operand; ln's lone operand
// lands in the directory as its base name), and whether it is one.
func moveTargets(o *cmdline.Command) (dests, srcs []string, ok bool) {
	args, ok := moverArgs(o)
	if !ok {
		return nil, nil, false
	}
	pos, _ := splitArgs(args, valueOptions[programName(o.Name)])
	dests = optionValues(args, []string{"-t", "--target-directory"}, true)
	srcs = pos
	switch {
	case len(dests) == 0 && len(pos) > 1:
		dests, srcs = pos[len(pos)-1:], pos[:len(pos)-1]
	case len(dests) == 0 && len(pos) == 1 && programName(o.Name) == "ln":
		dests = []string{path.Base(pos[0])} // ln -s /tmp/src: ./src
	}
	return dests, srcs, true
}

// moverArgs returns the arguments of a command that moves, copies or
// links files (git mv's after mv), and whether it is one.
func moverArgs(o *cmdline.Command) ([]string, bool) {
	args := wordValues(o.Args)
	switch o.Name {
	case "mv", "cp", "ln", "rsync", "install", "ditto", "gmv", "gcp":
		return args, true
	case "git":
		if i := slices.Index(args, "mv"); i >= 0 {
			return args[i+1:], true
		}
	}
	return nil, false
}

// unseenMoves reports a command that may move files where no argument
// shows: inline code that moves, copies or links (shutil.move,
// fs.renameSync) or that hguard cannot read, or a name known only at run
// time. Inline code's shell-outs are commands of the line (mv among them).
func unseenMoves(o *cmdline.Command) bool {
	return o.Dynamic || o.Payload != nil && o.Payload.Lang != "" && (o.Payload.Opaque || codeMoves.MatchString(o.Payload.Code))
}

// codeMoves finds a call in inline code that moves, copies or links files.
var codeMoves = regexp.MustCompile(`(?i)(move|rename|replace|copy|cp|mv|link|symlink)\w*\s*\(`)

// loopWord finds a loop's keyword: its body runs again after what follows it.
var loopWord = regexp.MustCompile(`\b(for|while|until|select)\b`)

// plainFile reports a path, resolved against the command's directory dir,
// where an agent's disk (Context.Exists) holds a file, not a directory:
// rm -rf deletes it as rm -f would (rm -rf node_modules package-lock.json).
// A person's command is read as written: a lock file's name is a file,
// unless the disk holds a directory there. A
// path known only at run time and a glob are not judged.
func plainFile(p, dir string, ctx Context) bool {
	if p == "" || strings.HasPrefix(p, "-") {
		return false
	}
	r := resolveIn(cleanPath(p), dir)
	if strings.ContainsAny(r, "$`*?[{") || !strings.HasPrefix(r, "/") && !strings.HasPrefix(r, "~") {
		return false
	}
	if ctx.Caller == "" {
		// a person's line is read as written: a package manager's lock
		// file by its name (rm -rf node_modules package-lock.json), which
		// the package manager writes, always as a file
		if ctx.Exists != nil {
			if isDir, ok := ctx.Exists(path.Clean(r)); ok && isDir {
				return false // a directory named so (rv64b)
			}
		}
		return lockFiles[path.Base(r)] && !strings.HasSuffix(p, "/") && !strings.HasSuffix(p, "/.")
	}
	if ctx.Exists == nil {
		return false
	}
	isDir, ok := ctx.Exists(path.Clean(r))
	return ok && !isDir
}

// lockFiles are the names package managers give the file that pins a
// project's dependencies, written as a file by their install.
var lockFiles = map[string]bool{
	"package-lock.json": true, "npm-shrinkwrap.json": true, "yarn.lock": true, "pnpm-lock.yaml": true, "bun.lock": true,
	"bun.lockb": true, "deno.lock": true, "Cargo.lock": true, "poetry.lock": true, "Pipfile.lock": true, "uv.lock": true,
	"pdm.lock": true, "Gemfile.lock": true, "composer.lock": true, "go.sum": true, "go.work.sum": true,
	".terraform.lock.hcl": true, "flake.lock": true, "mix.lock": true, "pubspec.lock": true, "Podfile.lock": true,
	"Package.resolved": true, "packages.lock.json": true, "gradle.lockfile": true, "conan.lock": true,
}

// listOrderOptions are ls's long options that only order its one name a
// line (-1): by time, size, version, or reversed.
var listOrderOptions = []string{"--sort", "--time", "--reverse"}

// rotatesListed reports c run by xargs on the names ls lists of the
// project's own globs, some of them picked by head, tail, sort or tac: a
// backup rotation (ls -1t backup/*.tgz | tail -n +6 | xargs -r rm -f)
// deletes part of what rm -f backup/*.tgz would. Each glob is static,
// relative to dir (the command's directory) without .. or a dot name, its
// wildcard in the last component only, and ls prints one name a line in an
// order it is told (-1, -t, -r, -S, …: no -l, whose line holds a link's
// target, no -R, no quoting); xargs takes no file (-a)
// and puts no name inside a word (-I). For an agent dir is at or below
// where the line starts, which is not the home (cd backup && ls -1t *.tgz
// | tail -n +6 | xargs -r rm -f).
func rotatesListed(c *cmdline.Command, line *cmdline.Line, dir string, ctx Context) bool {
	n := len(c.Wrappers)
	if n == 0 || c.Wrappers[n-1].Name != "xargs" || slices.ContainsFunc(c.Wrappers[n-1].Args, func(a string) bool {
		return strings.HasPrefix(a, "-a") || strings.HasPrefix(a, "--arg-file") || strings.HasPrefix(a, "-I") || strings.HasPrefix(a, "-i") || strings.HasPrefix(a, "--replace")
	}) {
		return false
	}
	if c.CwdLost || ctx.Caller != "" && (dir == "" || ctx.Cwd == "" || !within(path.Clean(dir), path.Clean(ctx.Cwd)) || path.Clean(ctx.Cwd) == path.Clean(ctx.Home)) {
		return false
	}
	f := feeder(c, line)
	for f != nil && (f.Name == "head" || f.Name == "tail" || f.Name == "sort" || f.Name == "tac") {
		for _, a := range f.Args {
			if a.Dynamic || !strings.HasPrefix(a.Value, "-") && !strings.HasPrefix(a.Value, "+") && strings.Trim(a.Value, "0123456789") != "" {
				return false // a file of names, not the pipe's
			}
		}
		f = feeder(f, line)
	}
	if f == nil || f.Name != "ls" || len(f.Wrappers) > 0 {
		return false
	}
	globs := 0
	for _, a := range f.Args {
		v := a.Value
		switch {
		case a.Dynamic:
			return false
		case strings.HasPrefix(v, "--"):
			if opt, _, _ := strings.Cut(v, "="); !slices.Contains(listOrderOptions, opt) {
				return false // --recursive, --format=long: more than one name a line
			}
		case strings.HasPrefix(v, "-"):
			if strings.Trim(v[1:], "1trcuSXvU") != "" {
				return false // -l prints a link's target, -R a directory's names, -Q quotes
			}
		default:
			parent, base := path.Split(v)
			if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.ContainsAny(parent, "*?[{$`") || !strings.ContainsAny(base, "*?[") ||
				strings.HasPrefix(base, ".") || slices.Contains(strings.Split(v, "/"), "..") || slices.ContainsFunc(strings.Split(parent, "/"), func(s string) bool { return strings.HasPrefix(s, ".") && s != "." }) {
				return false
			}
			globs++
		}
	}
	return globs > 0
}
