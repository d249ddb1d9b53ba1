package cmdline

import (
	"path"
	"slices"
	"strings"
)

// fetched is what the line fetched into directories: a repository cloned
// from the network (git clone URL, gh repo clone) or an archive downloaded
// earlier on the line and unpacked (curl -O …/a.tar.gz && tar xf a.tar.gz).
// Code run from there later on the line (./y/install.sh; cd y && make) is
// as unseen as curl … | sh, and is marked remote.
type fetched struct {
	// dirs are the directories, and the files downloaded by name, as
	// resolved by at; with what earlier lines fetched (ParseShellAfter).
	dirs map[string]bool
	// downloads are files saved under the name in their URL (curl -O URL,
	// wget URL), as written
	downloads map[string]bool
	// dir is where the line is, relative to where it started ("." at the
	// start, or the absolute directory it starts in when known; absolute
	// after cd /x or cd ~/x), "" once unknown (cd $X).
	dir     string
	started bool
	start   string // the absolute directory the line starts in, "" when unknown
	// lineOnly are dirs fetched for the rest of the line, not for the
	// lines after it (fetchedPaths): a clone's (building a repository
	// cloned earlier is what an agent does all session), and the files a
	// download names itself (curl -J -O: "DIR/*"), which a later line
	// reads where it runs them, as changed files (Before.Written).
	lineOnly map[string]bool
}

// fetchedFlow records what c fetches and where c moves to, and marks c
// remote when it runs code from a fetched directory.
func (w *walker) fetchedFlow(c *Command, args []field) {
	if !w.fetch.started {
		w.fetch.started, w.fetch.dir = true, "."
	}
	switch c.Name {
	case "cd", "pushd":
		w.fetch.dir = w.fetchedCd(args)
		return
	case "cp", "mv", "install", "ln", "gcp":
		w.copyInto(c.Name, args)
		w.fetchedCopies(c.Name, args)
	case "scp", "sftp", "rsync":
		w.fetchedRemoteCopy(args)
	case "patch":
		w.fetchedPatch(c, args)
	case "git", "gh", "tar", "bsdtar", "gtar", "unzip", "7z", "7za", "7zz", "7zr", "unar":
		if c.Name == "git" {
			w.fetchedPatch(c, args)
		}
		if dir := w.fetchedInto(c, args); dir != "" {
			if w.fetch.dirs == nil {
				w.fetch.dirs = map[string]bool{}
			}
			w.fetch.dirs[dir] = true
			if c.Name == "git" || c.Name == "gh" {
				w.lineOnly(dir)
			}
			return
		}
	}
	if fetchers.has(c.Name) || fileFetchers.has(c.Name) {
		if byName, ok := namedDownloaders[c.Name]; ok && (byName == "" || hasArg(fieldWords(args), strings.Split(byName, " ")...)) {
			w.fetchedDownloads(c.Name, args)
		}
		for _, f := range downloadOutputs(c.Name, args) {
			w.addFetched(w.at(f))
		}
	}
	w.fetchedOthers(c, args)
	if c.Payload != nil && c.Payload.Code != "" {
		for _, m := range urlRetrieve().FindAllStringSubmatch(c.Payload.Code, 8) {
			w.addFetched(w.at(m[1]))
		}
		if networkCode().MatchString(c.Payload.Code) {
			for _, m := range codeWrites().FindAllStringSubmatch(c.Payload.Code, 16) {
				for _, f := range m[1:] {
					if f != "" {
						w.addFetched(w.at(f))
						break
					}
				}
			}
		}
	}
	if len(w.fetch.dirs) > 0 {
		w.fetchedRewrites(c, args)
	}
	if len(w.fetch.dirs) > 0 && c.Untrusted == "" && w.runsFetched(c, args) {
		c.Untrusted = "remote"
	}
}

// at resolves p against the directory the line is in; "" when unknown.
func (w *walker) at(p string) string {
	switch {
	case p == "":
		return ""
	case strings.HasPrefix(p, "/") || p == "~" || strings.HasPrefix(p, "~/"):
		return path.Clean(p)
	case w.fetch.dir == "":
		return ""
	}
	return path.Join(w.fetch.dir, p)
}

// inFetched reports whether p (as resolved by at) lies in a fetched directory.
func (w *walker) inFetched(p string) bool {
	if p == "" {
		return false
	}
	for d := range w.fetch.dirs {
		if p == d || strings.HasPrefix(p, d+"/") || d == "." && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "..") {
			return true
		}
		if strings.ContainsAny(d, "*?[") {
			// names only a pattern gives (gh release download -p '*.sh',
			// curl -O …/[1-3].sh): what it matches, and what is in that
			for q := p; q != "." && q != "/" && q != ""; q = path.Dir(q) {
				if ok, _ := path.Match(d, q); ok {
					return true
				}
			}
		}
	}
	return false
}

func (w *walker) fetchedCd(args []field) string {
	for _, a := range args {
		if a.Value == "--" || strings.HasPrefix(a.Value, "-") && a.Value != "-" {
			continue
		}
		if a.Dynamic || a.Value == "-" {
			return ""
		}
		return w.at(a.Value)
	}
	return "~"
}

// cloneValueOptions are git clone's options that take a separate value.
var cloneValueOptions = set("-b", "--branch", "-o", "--origin", "-c", "--config", "-u", "--upload-pack", "--template",
	"--reference", "--reference-if-able", "--separate-git-dir", "--depth", "--shallow-since", "--shallow-exclude",
	"-j", "--jobs", "--filter", "--server-option", "--bundle-uri", "--ref-format")

// fetchedInto returns the directory a clone from the network or the
// unpacking of a downloaded archive fills, resolved by at; "" for none.
func (w *walker) fetchedInto(c *Command, args []field) string {
	name := c.Name
	var ops []string
	skip := false
	for _, a := range args {
		switch {
		case a.Dynamic:
			return ""
		case skip:
			skip = false
		case cloneValueOptions.has(a.Value) && (name == "git" || name == "gh"):
			skip = true
		case name == "git" && len(ops) == 0 && (a.Value == "-C" || a.Value == "--git-dir" || a.Value == "--work-tree" || a.Value == "--namespace" || a.Value == "--config-env"):
			skip = true
		case a.Value == "--bare" || a.Value == "--mirror":
			return "" // no working tree to run
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			ops = append(ops, a.Value)
		}
	}
	switch {
	case name == "git" && len(ops) >= 2 && ops[0] == "clone" && remoteURL(ops[1]):
		if len(ops) >= 3 {
			return w.at(ops[2])
		}
		return w.at(repoDir(ops[1]))
	case name == "gh" && len(ops) >= 3 && ops[0] == "repo" && ops[1] == "clone":
		if len(ops) >= 4 {
			return w.at(ops[3])
		}
		return w.at(repoDir(ops[2]))
	case name != "git" && name != "gh":
		return w.unpacked(c, args)
	}
	return ""
}

// unpacked is the directory an archive downloaded on the line, or by an
// earlier one, is unpacked into: -C DIR, --directory=DIR,
// --one-top-level=DIR, -d DIR (unzip), -oDIR (7z), -o DIR (unar), else the
// directory named like the archive (a.tar.gz: a), where archives
// conventionally keep their files. tar reading a download from its
// standard input (curl … | tar xz -C DIR) unpacks it too, into the
// directory it is given (without one the names are the archive's, not
// known here).
func (w *walker) unpacked(c *Command, args []field) string {
	name := c.Name
	tar := name == "tar" || name == "gtar" || name == "bsdtar"
	sevenZip := strings.HasPrefix(name, "7z")
	archive, into, stdin := "", "", false
	for i, a := range args {
		v := a.Value
		next := ""
		if i+1 < len(args) {
			next = w.fetchedWord(args[i+1])
		}
		switch {
		case name == "unzip" && v == "-d", name == "unar" && v == "-o", tar && (v == "-C" || v == "--directory"):
			into = next
		case tar && strings.HasPrefix(v, "--directory="), tar && strings.HasPrefix(v, "--one-top-level="):
			_, into, _ = strings.Cut(v, "=")
		case sevenZip && strings.HasPrefix(v, "-o") && len(v) > 2:
			into = v[2:]
		case tar && (v == "-f" || v == "--file"):
			archive = next
		case tar && strings.HasPrefix(v, "--file="):
			archive = strings.TrimPrefix(v, "--file=")
		case tar && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.HasSuffix(v, "f"):
			archive = next // tar -xzf A
		case tar && archive == "" && i == 1 && !strings.HasPrefix(args[0].Value, "-") && strings.ContainsRune(args[0].Value, 'f'):
			archive = v // tar xzf A
		case tar && i == 0 && !strings.HasPrefix(v, "-") && !strings.ContainsRune(v, 'f') && strings.ContainsRune(v, 'x'),
			tar && (v == "-x" || v == "--extract" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'x') && !strings.ContainsRune(v, 'f')):
			stdin = true // tar xz, tar -xz: the archive is standard input unless -f names one
		case sevenZip && i > 0 && archive == "" && !strings.HasPrefix(v, "-"):
			archive = v // 7z x A
		case (name == "unzip" || name == "unar") && archive == "" && !strings.HasPrefix(v, "-") && (i == 0 || args[i-1].Value != "-d" && args[i-1].Value != "-o"):
			archive = v
		}
	}
	if tar && (archive == "" && stdin || archive == "-") {
		if !c.Stdin.Remote && !(c.Stdin.Kind == "file" && w.inFetched(w.at(c.Stdin.From))) {
			return ""
		}
		if into == "" || into == "." {
			w.namesUnknown(into) // curl … | tar xz && make: what it holds is where make runs
			return ""
		}
		if into == "/" || into == "~" {
			return ""
		}
		return w.at(into)
	}
	if into == "." || into == "/" || into == "~" {
		// a whole directory of the agent's is not made fetched for later
		// lines (as cp i.sh . does not make it so): what lands there has
		// names the archive holds; for this line it is
		if into == "." {
			if w.fetchedFile(archive) {
				w.namesUnknown(into)
			}
		}
		return ""
	}
	if archive == "" || !w.fetchedFile(archive) {
		return ""
	}
	if into != "" {
		return w.at(into)
	}
	stem := path.Base(archive)
	for _, ext := range []string{".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".tbz2", ".txz", ".tar", ".zip", ".7z"} {
		if s, ok := strings.CutSuffix(stem, ext); ok {
			return w.at(s)
		}
	}
	return ""
}

// fetchedDownloads records the files curl -O, wget, wget2, aria2c and
// fetch save under the name their URL ends in, in the directory their
// options name (wget -P, aria2c -d, curl --output-dir).
func (w *walker) fetchedDownloads(name string, args []field) {
	byName := name != "curl"
	dir := ""
	if name == "lwp-download" {
		// lwp-download URL [FILE|DIR]: a second operand names the file
		// (downloadOutputs has no option for it)
		var ops []string
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				ops = append(ops, w.fetchedWord(a))
			}
		}
		if len(ops) == 2 && ops[1] != "" && !surelyDir(ops[1]) {
			w.addFetched(w.at(ops[1]))
			return
		} else if len(ops) == 2 {
			dir = ops[1]
		}
	}
	for i, a := range args {
		v := a.Value
		next := ""
		if i+1 < len(args) && !args[i+1].Dynamic {
			next = args[i+1].Value
		}
		switch {
		case name == "curl" && (v == "--remote-name" || v == "--remote-name-all" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "O")):
			byName = true
		case name == "curl" && v == "--output-dir", name != "curl" && (v == "-P" || v == "--directory-prefix" || v == "-d" && name == "aria2c" || v == "--dir"):
			dir = next
		case strings.HasPrefix(v, "--output-dir=") || strings.HasPrefix(v, "--directory-prefix=") || strings.HasPrefix(v, "--dir="):
			_, dir, _ = strings.Cut(v, "=")
		case name != "curl" && (v == "-o" && name != "wget" && name != "wget2" || strings.HasPrefix(v, "--output-document") || strings.HasPrefix(v, "--out") ||
			name != "aria2c" && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "O")): // wget -O F, -qO F
			byName = false
		}
	}
	if !byName {
		return
	}
	if serverNamed(name, args) {
		// curl -J -O, wget --content-disposition, wget -i LIST: the names
		// are the server's or the list's, so anything in the directory
		// may be what it fetched
		p := w.at(path.Join(dir, "*"))
		w.addFetched(p)
		w.lineOnly(p)
	}
	for _, a := range args {
		if u := a.Value; !a.Dynamic && (strings.Contains(u, "://") || namedDownloaders[name] != "" && bareURL().MatchString(u)) {
			if w.fetch.downloads == nil {
				w.fetch.downloads = map[string]bool{}
			}
			u, _, _ = strings.Cut(u, "?")
			w.fetch.downloads[path.Base(u)] = true
			w.addFetched(w.at(path.Join(dir, path.Base(u)))) // sh install.sh after curl -O …/install.sh runs it
		}
	}
}

// namesUnknown makes everything in dir (relative to where the line is)
// fetched for the rest of the line: a download or an unpacking put files
// there under names the line does not show.
func (w *walker) namesUnknown(dir string) {
	p := w.at(path.Join(dir, "*"))
	if p == "" {
		return
	}
	w.addFetched(p)
	w.lineOnly(p)
}

// fetchedPatch makes the tree a patch from the network changes (curl … |
// git apply, git am < fetched.mbox, patch -p1 < fetched.diff, git apply
// fetched.patch) fetched for the rest of the line: what the patch
// touched, a build file or a script, is not on the line. Later lines read
// a script they run from there as a file the session changed.
func (w *walker) fetchedPatch(c *Command, args []field) {
	dir, file := "", ""
	sub := c.Name == "patch"
	for i, a := range args {
		v := a.Value
		next := ""
		if i+1 < len(args) {
			next = w.fetchedWord(args[i+1])
		}
		switch {
		case c.Name == "git" && !sub && (v == "apply" || v == "am"):
			sub = true
		case c.Name == "git" && !sub && (v == "-C") && next != "":
			dir = next
		case c.Name == "patch" && (v == "-d" || v == "--directory"):
			dir = next
		case c.Name == "patch" && strings.HasPrefix(v, "--directory="):
			dir = strings.TrimPrefix(v, "--directory=")
		case c.Name == "patch" && (v == "-i" || v == "--input"):
			file = next
		case c.Name == "git" && (v == "--directory") && next != "":
			dir = next
		case sub && !strings.HasPrefix(v, "-") && file == "" && (c.Name == "git" || i > 0 && args[i-1].Value == "-i"):
			file = w.fetchedWord(a)
		}
	}
	if !sub {
		return
	}
	remote := c.Stdin.Remote || c.Stdin.Kind == "file" && w.inFetched(w.at(c.Stdin.From))
	if file != "" {
		remote = w.fetchedFile(file)
	}
	if remote {
		w.namesUnknown(dir)
	}
}

// fetchedFile reports a file that holds what the network sent: written
// on the line from a download, saved by a downloader under its URL's
// name, or in a directory fetched on the line or earlier.
func (w *walker) fetchedFile(name string) bool {
	_, in, ok := w.lineFile(name)
	return ok && in.Remote || w.fetch.downloads[name] || w.inFetched(w.at(name))
}

// lineOnly marks a fetched dir as fetched for this line only.
func (w *walker) lineOnly(p string) {
	if w.fetch.lineOnly == nil {
		w.fetch.lineOnly = map[string]bool{}
	}
	w.fetch.lineOnly[p] = true
}

// serverNamed reports a download saved under names the line does not
// show: curl's -J (--remote-header-name, the server's Content-Disposition),
// wget's --content-disposition and -i/--input-file (a list of URLs).
func serverNamed(name string, args []field) bool {
	for _, a := range args {
		v := a.Value
		switch {
		case name == "curl" && (v == "--remote-header-name" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "J")),
			(name == "wget" || name == "wget2") && (v == "--content-disposition" || v == "-i" || v == "--input-file" || strings.HasPrefix(v, "--input-file=") || strings.HasPrefix(v, "-i") && len(v) > 2 && !strings.HasPrefix(v, "--")):
			return true
		}
	}
	return false
}

// remoteURL reports a repository address on another machine: a URL other
// than file://, or git's scp-like user@host:path.
func remoteURL(s string) bool {
	if i := strings.Index(s, "://"); i > 0 {
		return !strings.HasPrefix(s, "file://")
	}
	at, colon := strings.Index(s, "@"), strings.Index(s, ":")
	return at > 0 && colon > at && !strings.Contains(s[:colon], "/")
}

// repoDir is the directory git clone makes for a repository address:
// its last path part without .git.
func repoDir(s string) string {
	s = strings.TrimRight(s, "/")
	if i := strings.LastIndexAny(s, "/:"); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSuffix(s, ".git")
}

// fetchedRunners are programs that run code of the project in the
// directory they are started in: its build files, package scripts and
// build scripts (Makefile, package.json's install scripts, setup.py,
// build.rs, .envrc). The value lists subcommands that run none.
var fetchedRunners = map[string][]string{
	"make": nil, "gmake": nil, "cmake": nil, "ninja": nil, "meson": nil, "just": nil, "task": nil, "rake": nil,
	"mvn": nil, "gradle": nil, "ant": nil, "bazel": nil, "scons": nil, "waf": nil,
	"npm":    {"view", "info", "ls", "list", "outdated", "audit", "config", "whoami", "help", "search"},
	"pnpm":   {"view", "info", "ls", "list", "outdated", "audit", "config", "help"},
	"yarn":   {"info", "list", "outdated", "audit", "config", "help", "why"},
	"bun":    {"pm", "outdated", "help"},
	"cargo":  {"tree", "metadata", "search", "fmt", "clippy", "doc", "help", "locate-project", "pkgid", "verify-project"},
	"go":     {"build", "vet", "list", "env", "version", "mod", "fmt", "doc", "help", "clean", "work"},
	"pip":    {"list", "show", "freeze", "download", "help", "config", "cache", "check", "index"},
	"pip3":   {"list", "show", "freeze", "download", "help", "config", "cache", "check", "index"},
	"uv":     {"tree", "help", "version", "cache", "python"},
	"poetry": {"show", "check", "help", "config", "version"}, "pdm": {"list", "show", "info", "config"},
	"hatch": {"version", "status"}, "bundle": {"list", "show", "outdated", "check"}, "composer": {"show", "outdated", "validate"},
	"direnv": {"status", "deny", "revoke", "version", "help"}, "mix": nil, "dotnet": {"--info", "--version", "list"},
	"tox": nil, "nox": nil, "pre-commit": nil, "npx": nil, "bunx": nil, "pnpx": nil,
	// a coding agent applies the project's own settings: the commands of
	// its hooks, the variables of its environment, switches of hguard's hooks
	"claude": {"--version", "-v", "--help", "-h", "mcp", "config", "update", "doctor", "install"},
	"gemini": {"--version", "-v", "--help", "-h", "mcp", "extensions"},
	"codex":  {"--version", "-V", "--help", "-h", "login", "logout", "mcp", "completion"},
}

// runsFetched reports whether c runs code from a fetched directory: a
// program or script there (./y/install.sh, sh y/setup.sh, python
// setup.py in it), or a build tool started in it (cd y && make).
func (w *walker) runsFetched(c *Command, args []field) bool {
	if strings.Contains(c.Path, "/") && w.inFetched(w.at(c.Path)) {
		return true
	}
	if shells.has(program(c.Name)) || c.Name == "source" || c.Name == "." || interpreter(c.Name) != "" {
		if script, ok := w.scriptOf(c, args, w.fetchedArg, w.fetchedModule); ok {
			return script
		}
	}
	if c.Name == "find" && w.findRunsFetched(args) {
		return true
	}
	if !strings.Contains(c.Path, "/") && w.fetchedOnPath(c.Name) {
		return true // installed into a bin directory, run by name
	}
	if c.Payload != nil && w.codeLoadsFetched(c.Payload.Code) {
		return true
	}
	if c.Payload != nil && c.Payload.Lang == "python" {
		for _, m := range pythonModules(c.Payload.Code) {
			if w.fetchedModule(m) {
				return true // python3 -c 'import x' finds ./x.py first
			}
		}
	}
	if fileRunners.has(program(c.Name)) || otherInterpreters.has(program(c.Name)) {
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") && w.fetchedArg(a) {
				return true // java -jar e.jar, deno run h.js, wine o.exe
			}
		}
	}
	for i, a := range args {
		if scriptOptions[c.Name].has(a.Value) && i+1 < len(args) && w.fetchedArg(args[i+1]) {
			return true // sed -f F, vim -S F, gdb -x F
		}
	}
	noRun, ok := fetchedRunners[c.Name]
	if !ok {
		return false
	}
	// started in a fetched directory, or given one (make -C y, npm
	// --prefix y install, go run ./y)
	there := w.inFetched(w.fetch.dir) || w.fetchedBuildFile(c.Name, w.fetch.dir)
	for _, a := range args {
		there = there || !a.Dynamic && !strings.HasPrefix(a.Value, "-") && (w.inFetched(w.at(a.Value)) || w.fetchedBuildFile(c.Name, w.at(a.Value)))
	}
	if !there {
		return false
	}
	if c.Name == "claude" || c.Name == "gemini" || c.Name == "codex" {
		return len(args) == 0 || !slices.Contains(noRun, args[0].Value)
	}
	if c.Name == "pip" || c.Name == "pip3" {
		// from an index it installs what pip install x would anywhere; the
		// project itself or its requirements file are the fetched code
		for _, a := range args {
			if a.Value == "." || strings.HasPrefix(a.Value, "./") || a.Value == "-e" || a.Value == "--editable" || a.Value == "-r" || a.Value == "--requirement" {
				return true
			}
		}
		return false
	}
	for _, a := range args {
		if !strings.HasPrefix(a.Value, "-") || a.Value == "--info" || a.Value == "--version" {
			for _, n := range noRun {
				if a.Value == n {
					return false
				}
			}
			return true
		}
	}
	return len(args) == 0 || noRun == nil
}

// addFetched records a directory or file fetched from the network, as
// resolved by at ("" is unknown and left out).
func (w *walker) addFetched(p string) {
	if p == "" || p == "." {
		return
	}
	if w.fetch.dirs == nil {
		w.fetch.dirs = map[string]bool{}
	}
	w.fetch.dirs[p] = true
}

// fetchedPaths are what the line fetched from the network, for lines after
// it: the directories unpacked, the files downloaded by name, the files a
// downloader wrote, and their copies; each as resolved where the line
// started (relative, absolute or ~/…), leaving out what earlier lines
// fetched. A clone is left out: building a repository cloned a command
// earlier is what an agent asked to work on it does all session, while a
// script downloaded and run later is rare and is the classic attack.
func (w *walker) fetchedPaths(earlier map[string]bool) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && p != "." && !earlier[p] && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for p := range w.fetch.dirs {
		if !w.fetch.lineOnly[p] {
			add(p)
		}
	}
	for f, in := range w.files {
		// As written: a relative one is taken as relative to where the
		// line started, although a cd before the download moved it.
		if in.Remote && !strings.ContainsAny(f, "$`") {
			if w.fetch.start != "" && !strings.HasPrefix(f, "/") && f != "~" && !strings.HasPrefix(f, "~/") {
				f = path.Join(w.fetch.start, f)
			}
			add(path.Clean(f))
		}
	}
	slices.Sort(out)
	return out
}

// downloadOutputs are the files a downloader's options name for what it
// fetches, for any downloader: -o FILE, --output FILE, --output=FILE,
// --output-document, --out, -O FILE (wget's), short flags ending in the
// option (curl -sSo FILE, wget -qO FILE), aria2c's -d DIR with -o NAME.
func downloadOutputs(name string, args []field) []string {
	var files []string
	dir := ""
	value := func(i int) string {
		if i+1 < len(args) {
			return pwdRelative(args[i+1]) // curl -o "$PWD/i.sh"
		}
		return ""
	}
	outShort := "o"
	if name != "curl" && name != "curlie" {
		outShort = "oO" // wget -O FILE; curl's -O takes no value
	}
	for i, a := range args {
		v := a.Value
		if a.Dynamic {
			continue
		}
		switch {
		case v == "--output" || v == "--output-document" || v == "--out" || v == "--output-file-name":
			files = append(files, value(i))
		case strings.HasPrefix(v, "--output=") || strings.HasPrefix(v, "--output-document=") || strings.HasPrefix(v, "--out="):
			_, f, _ := strings.Cut(v, "=")
			files = append(files, f)
		case (name == "aria2c") && (v == "-d" || v == "--dir"):
			dir = value(i)
		case strings.HasPrefix(v, "--dir=") && name == "aria2c":
			dir = strings.TrimPrefix(v, "--dir=")
		case len(v) >= 2 && v[0] == '-' && v[1] != '-':
			// -o FILE, -sSo FILE, -oFILE (curl), -qO FILE (wget)
			for j := 1; j < len(v); j++ {
				if strings.IndexByte(outShort, v[j]) < 0 {
					continue
				}
				if j == len(v)-1 {
					files = append(files, value(i))
				} else if name == "curl" || name == "curlie" {
					files = append(files, v[j+1:])
				}
				break
			}
		}
	}
	var out []string
	for _, f := range files {
		if f == "" || f == "-" || strings.HasPrefix(f, "/dev/") {
			continue
		}
		if dir != "" && !strings.HasPrefix(f, "/") {
			f = path.Join(dir, f)
		}
		out = append(out, f)
	}
	return out
}

// urlRetrieve finds a Python download into a named file (urlretrieve(URL,
// "x.sh"), wget.download(URL, out="x.sh")) in inline code.
var urlRetrieve = lazyRegexp(`(?:urlretrieve|wget\.download)\(\s*[^,()]+,\s*(?:out\s*=\s*)?["']([^"'$\x60]+)["']`)

// fetchedCopies follows a fetched file or directory copied, moved or
// linked to another name: the copy is fetched too (cp i.sh j.sh; bash j.sh).
func (w *walker) fetchedCopies(name string, args []field) {
	if len(w.fetch.dirs) == 0 {
		return
	}
	ops, target, dirOnly, ok := copyOperands(name, args)
	if !ok {
		return
	}
	// A target that is surely a directory is not itself fetched: only
	// what goes into it (cp i.sh . must not make the whole directory so).
	dirOnly = dirOnly || surelyDir(target)
	for _, src := range ops {
		if w.inFetched(w.at(src)) {
			w.copiedInto(target, src, dirOnly)
		}
	}
}

// copyOperands are the sources and the target of cp, mv, install or ln:
// -t DIR, --target-directory=DIR or the last operand. dirOnly says the
// target is a directory the sources go into (-t, or several sources); ok
// is false when a word is not known until run time or there is no
// target. $PWD/… is read as ./… (cp i.sh "$PWD/j.sh"). The values of the
// options copyValueOpts lists are no operands (install -m 755, cp -S
// .orig).
func copyOperands(name string, args []field) (ops []string, target string, dirOnly, ok bool) {
	opts := copyValueOpts[name]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if p := pwdRelative(a); a.Dynamic && p != "" {
			a = field{Word: Word{Value: p}}
		}
		switch {
		case a.Dynamic:
			return nil, "", false, false
		case a.Value == "-t" || a.Value == "--target-directory":
			if i+1 < len(args) {
				target = args[i+1].Value
				i++
			}
		case strings.HasPrefix(a.Value, "--target-directory="):
			target = strings.TrimPrefix(a.Value, "--target-directory=")
		case slices.Contains(opts.long, a.Value):
			i++ // --mode 755, --suffix .orig
		case len(a.Value) > 1 && a.Value[0] == '-' && a.Value[1] != '-':
			// a cluster (-pm755, -m 755): a value letter takes the rest,
			// or the next word
			for j := 1; j < len(a.Value); j++ {
				if strings.IndexByte(opts.short, a.Value[j]) < 0 {
					continue
				}
				val := a.Value[j+1:]
				if val == "" && i+1 < len(args) {
					i++
					val = args[i].Value
				}
				if a.Value[j] == 't' {
					target = val // -vt DIR
				}
				break
			}
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			ops = append(ops, a.Value)
		}
	}
	dirOnly = target != ""
	if target == "" {
		if len(ops) < 2 {
			return nil, "", false, false
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
	}
	return ops, target, dirOnly || len(ops) > 1, true
}

// fetchedRemoteCopy records what scp, sftp and rsync copy from another
// machine (HOST:PATH) into a local destination, the last operand.
func (w *walker) fetchedRemoteCopy(args []field) {
	var ops []field
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-e" || v == "-i" || v == "-P" || v == "-F" || v == "-o" || v == "-l" || v == "-J" || v == "-S" || v == "-c" || v == "--rsh":
			i++
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, args[i])
		}
	}
	if len(ops) < 2 || ops[len(ops)-1].Dynamic {
		return
	}
	dest := ops[len(ops)-1].Value
	if remoteURL(dest) || hostPath(dest) {
		return // an upload
	}
	srcs := ops[:len(ops)-1]
	for _, src := range srcs {
		switch {
		case remoteURL(src.Value) || hostPath(src.Value):
			_, p, _ := strings.Cut(src.Value, ":")
			w.copiedInto(dest, strings.TrimSuffix(p, "/"), len(srcs) > 1 || surelyDir(dest))
		case w.fetchedArg(src): // a local copy of something fetched (rsync -a i.sh j.sh)
			w.copiedInto(dest, strings.TrimSuffix(src.Value, "/"), len(srcs) > 1 || surelyDir(dest))
		}
	}
}

// copiedInto records a fetched src copied to target: target itself, a new
// name or a directory src goes into (whose own files then count: rarely
// more than a bin directory), or, when target is surely a directory, only
// what lands in it.
func (w *walker) copiedInto(target, src string, dirOnly bool) {
	if !dirOnly {
		w.addFetched(w.at(target))
		return
	}
	if base := path.Base(path.Clean("/" + src)); base != "/" {
		w.addFetched(w.at(path.Join(target, base)))
	}
}

// surelyDir reports a copy's target that can only be a directory: it
// would not make that directory fetched as a whole (cp i.sh .).
func surelyDir(target string) bool {
	return strings.HasSuffix(target, "/") || target == "." || target == "~" || path.Base(target) == "." || path.Base(target) == ".."
}

// hostPath reports scp's HOST:PATH (no slash before the colon).
func hostPath(s string) bool {
	i := strings.IndexByte(s, ':')
	return i > 0 && !strings.Contains(s[:i], "/")
}

// scriptOf reports whether a shell or interpreter runs a script that is
// (a fetched one: fetchedArg; a module: python3 -m x, when module is not
// nil): the first operand after its options (bash -e -o pipefail i.sh, python3
// -W ignore i.py, python3 -m runpy i.py), a file it loads first (bash
// --rcfile i.sh, node -r ./i.js, ruby -r ./i.rb), or, with no script, the
// file its standard input is read from (bash < i.sh, sh -s < i.sh). ok is
// false when inline code or a word not known until run time ends the look
// (bash -c …, python3 -m pip, bash $X): other checks take those.
func (w *walker) scriptOf(c *Command, args []field, is func(field) bool, module func(string) bool) (runs, ok bool) {
	shell := shells.has(program(c.Name)) || c.Name == "source" || c.Name == "."
	lang := interpreter(c.Name)
scan:
	for i := 0; i < len(args); i++ {
		a, v := args[i], args[i].Value
		short := len(v) > 1 && (v[0] == '-' || shell && v[0] == '+') && v[1] != '-'
		switch {
		case a.Dynamic && pwdRelative(a) == "":
			if is(a) {
				return true, true // f=$(mktemp); … > "$f"; bash "$f" (runsWritten)
			}
			return false, false
		case shell && v == "--":
			if i+1 < len(args) {
				return is(args[i+1]), true
			}
			break scan
		case v == "-c" || shell && short && strings.ContainsRune(v, 'c'):
			return false, false // inline code
		case shell && program(c.Name) == "fish" && strings.HasPrefix(v, "--") && fishCode(v):
			return false, false // fish --command CODE
		case !shell && (v == "-e" || v == "-E" || v == "-p" || v == "--eval" || v == "--print" || v == "-r" && lang == "php" || lang == "node" && (v == "-pe" || v == "-ep")):
			return false, false
		case !shell && v == "-m":
			if i+2 < len(args) && args[i+1].Value == "runpy" {
				return is(args[i+2]), true
			}
			if i+1 < len(args) && lang == "python" && module != nil && module(args[i+1].Value) {
				return true, true // python3 -m x runs ./x.py
			}
			return false, false
		case shell && (v == "--rcfile" || v == "--init-file"),
			lang == "node" && (v == "-r" || v == "--require" || v == "--import"),
			lang == "ruby" && v == "-r":
			if i+1 < len(args) && is(args[i+1]) {
				return true, true
			}
			i++
		case v == "-" || shell && (v == "-s" || short && strings.ContainsRune(v, 's')):
			break scan // the script is standard input
		case shell && shellOptionValue(c.Name, v),
			lang == "python" && (v == "-W" || v == "-X"),
			(lang == "perl" || lang == "ruby") && v == "-I":
			i++ // bash -euo pipefail, python3 -W ignore: the option's value
		case strings.HasPrefix(v, "-") || shell && strings.HasPrefix(v, "+"):
		case v == "run" && (program(c.Name) == "deno" || program(c.Name) == "bun"):
			// deno run F, bun run F
		default:
			if stdinFile(v) && c.Stdin.Kind == "file" && c.Stdin.From != "" {
				break scan // bash /dev/stdin < FILE
			}
			return is(a), true
		}
	}
	if c.Stdin.Kind == "file" && c.Stdin.From != "" {
		return is(field{Word: Word{Value: c.Stdin.From}}), true
	}
	return false, true
}

// scriptOptions are options whose value is a file of code the program
// runs, commands included (sed's e, vim's :!, gdb's shell, expect's spawn).
var scriptOptions = map[string]*names{
	"sed": set("-f", "--file"), "gsed": set("-f", "--file"),
	"vim": set("-u", "-S"), "vi": set("-u", "-S"), "nvim": set("-u", "-S"), "view": set("-u", "-S"), "ex": set("-u", "-S"),
	"gdb": set("-x", "--command", "-ix", "--init-command"), "lldb": set("-s", "--source", "-S", "--source-before-file"),
	"expect": set("-f"),
}

// findRoots are the directories find searches (its operands before the
// first expression; "." when none) and the index of that expression.
func findRoots(args []field) (roots []field, expr int) {
	i := 0
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "-H" || v == "-L" || v == "-P" {
			continue
		}
		if strings.HasPrefix(v, "-") || v == "(" || v == "!" {
			break
		}
		roots = append(roots, args[i])
	}
	if len(roots) == 0 {
		roots = []field{{Word: Word{Value: "."}}}
	}
	return roots, i
}

// findRunsFetched reports find running a file it finds under a root that
// holds something fetched: {} as the program (-exec {} \;), or as a shell's
// or interpreter's script (-exec bash {} \;, -exec sh -c '…' _ {} +).
func (w *walker) findRunsFetched(args []field) bool {
	roots, i := findRoots(args)
	runs := false
	for ; i < len(args) && !runs; i++ {
		if v := args[i].Value; (v != "-exec" && v != "-execdir" && v != "-ok" && v != "-okdir") || i+1 >= len(args) {
			continue
		}
		prog := args[i+1].Value
		code := shells.has(program(prog)) || interpreter(prog) != ""
		for j := i + 1; j < len(args) && args[j].Value != ";" && args[j].Value != "+"; j++ {
			v := args[j].Value
			if j > i+1 && code && v == "-m" && (j+1 >= len(args) || args[j+1].Value != "runpy") {
				break // python3 -m py_compile {}
			}
			runs = runs || strings.Contains(v, "{}") && (j == i+1 || code)
		}
	}
	if !runs {
		return false
	}
	for _, r := range roots {
		root := w.at(w.fetchedWord(r))
		if root == "" {
			continue
		}
		if w.inFetched(root) {
			return true
		}
		for d := range w.fetch.dirs {
			if strings.HasPrefix(d, root+"/") || root == "/" || root == "." && !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") && !strings.HasPrefix(d, "..") {
				return true
			}
		}
	}
	return false
}

// fetchedWord is the path a word names as far as fetched code goes: its
// value, or for $PWD/REST (${PWD}, $(pwd)) REST in the line's directory;
// "" when not known until run time.
func (w *walker) fetchedWord(a field) string { return pwdRelative(a) }

func pwdRelative(a field) string {
	if !a.Dynamic {
		return a.Value
	}
	if rest, ok := inWorkingDir(a.Value); ok && rest != "." {
		return "./" + rest
	}
	return ""
}

// fetchedArg reports whether a word names something fetched, or in a
// fetched directory: a path, $PWD/… (fetchedWord), or a glob one of them
// matches (bash i*.sh, sh */install.sh).
func (w *walker) fetchedArg(a field) bool {
	p := w.at(w.fetchedWord(a))
	if p == "" {
		return false
	}
	if w.inFetched(p) {
		return true
	}
	if a.glob {
		for d := range w.fetch.dirs {
			if ok, _ := path.Match(p, d); ok {
				return true
			}
			if ok, _ := path.Match(path.Dir(p), d); ok && path.Dir(p) != p {
				return true // */install.sh in a fetched directory
			}
		}
	}
	return false
}

// fetchedRewrites follows fetched content into other files: a command
// reading a fetched file (as an operand or standard input) with its
// output redirected to a file (cat i.sh > j.sh, base64 -d < i.b64 > j.sh),
// tee FILE < i.sh, dd if=i.sh of=j.sh, and a compressed download
// uncompressed in place (gunzip i.sh.gz makes i.sh).
func (w *walker) fetchedRewrites(c *Command, args []field) {
	reads := c.Stdin.Kind == "file" && w.inFetched(w.at(c.Stdin.From))
	for _, a := range args {
		if reads {
			break
		}
		v := a.Value
		if f, ok := strings.CutPrefix(v, "if="); ok && c.Name == "dd" {
			v = f
		} else if strings.HasPrefix(v, "-") {
			continue
		}
		reads = w.fetchedArg(field{Word: Word{Value: v, Dynamic: a.Dynamic}})
	}
	if !reads {
		return
	}
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1") {
			w.addFetched(w.at(w.fetchedWord(field{Word: r.Target})))
		}
	}
	switch c.Name {
	case "tee", "sponge":
		for _, a := range args {
			if !strings.HasPrefix(a.Value, "-") {
				w.addFetched(w.at(w.fetchedWord(a)))
			}
		}
	case "dd":
		for _, a := range args {
			if f, ok := strings.CutPrefix(a.Value, "of="); ok {
				w.addFetched(w.at(w.fetchedWord(field{Word: Word{Value: f, Dynamic: a.Dynamic}})))
			}
		}
	}
	w.uncompressed(c, args)
}

// uncompressors name the file they make in place by cutting the
// compressed file's extension (gunzip a.sh.gz makes a.sh), unless they
// write to standard output.
var uncompressors = map[string][]string{
	"gunzip": {".gz", ".tgz", ".z"}, "gzip": {".gz", ".tgz", ".z"}, "unpigz": {".gz"}, "pigz": {".gz"},
	"bunzip2": {".bz2", ".tbz2"}, "bzip2": {".bz2", ".tbz2"}, "unxz": {".xz", ".txz"}, "xz": {".xz", ".txz", ".lzma"},
	"unlzma": {".lzma"}, "lzma": {".lzma"}, "unzstd": {".zst"}, "zstd": {".zst"}, "lz4": {".lz4"}, "brotli": {".br"},
	"uncompress": {".Z"},
}

func (w *walker) uncompressed(c *Command, args []field) {
	exts, ok := uncompressors[c.Name]
	if !ok {
		return
	}
	decompress := strings.Contains(c.Name, "un") // gunzip, bunzip2, unxz
	for _, a := range args {
		v := a.Value
		if v == "-c" || v == "--stdout" || v == "--to-stdout" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'c') {
			return
		}
		decompress = decompress || v == "-d" || v == "--decompress" || v == "--uncompress" ||
			strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'd')
	}
	if !decompress {
		return
	}
	for _, a := range args {
		if strings.HasPrefix(a.Value, "-") || !w.fetchedArg(a) {
			continue
		}
		for _, ext := range exts {
			if stem, ok := strings.CutSuffix(a.Value, ext); ok && stem != "" {
				if ext == ".tgz" || ext == ".tbz2" || ext == ".txz" {
					stem += ".tar"
				}
				w.addFetched(w.at(w.fetchedWord(field{Word: Word{Value: stem, Dynamic: a.Dynamic}})))
				break
			}
		}
	}
}

// bareURL is HTTPie's and xh's URL without a scheme (example.org/i.sh).
var bareURL = lazyRegexp(`^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:[0-9]+)?/`)

// fileFetchers save what they download to files, never to standard
// output.
var fileFetchers = set("axel", "lwp-download")

// namedDownloaders save a download under the name its URL ends in: always
// (""), or with one of the options listed (http --download).
var namedDownloaders = map[string]string{
	"curl": "", "wget": "", "wget2": "", "aria2c": "", "fetch": "", "axel": "", "lwp-download": "",
	"http": "--download -d", "https": "--download -d", "xh": "--download -d", "xhs": "--download -d",
}

// networkCode finds inline code that talks to the network: what it writes
// to a named file (codeWrites) counts as fetched.
var networkCode = lazyRegexp(`://|urlopen|urllib|requests\.|httpx|aiohttp|http\.client|\bfetch\(|https?\.get|axios|LWP|getstore|HTTP::Tiny|IO::Socket|open-uri|URI\.open|Net::HTTP|Invoke-WebRequest|\biwr\b|WebClient|curl_exec|fsockopen|socket`)

// codeWrites finds the literal file names inline code writes:
// open("F", "w"), Path("F").write_text, writeFileSync("F", …),
// file_put_contents("F", …), File.write("F", …), perl's open(FH, '>', 'F'),
// getstore(URL, "F"), copy(URL, "F"), PowerShell's -OutFile F.
var codeWrites = lazyRegexp(`(?:open\(\s*["']([^"'$\x60]+)["']\s*,\s*["'][wax]` +
	`|Path\(\s*["']([^"'$\x60]+)["']\s*\)\s*\.write_` +
	`|(?:writeFileSync|writeFile|createWriteStream|appendFileSync|appendFile|file_put_contents|File\.write|File\.binwrite|IO\.write|IO\.binwrite)\(\s*["']([^"'$\x60]+)["']` +
	`|open\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*["']>{1,2}["']\s*,\s*["']([^"'$\x60]+)["']` +
	`|open\s*\(?\s*(?:my\s+)?[$\w]+\s*,\s*["']>{1,2}\s*([^"'$\x60]+)["']` +
	`|(?:getstore|mirror|copy|DownloadFile|copy_stream)\(\s*[^,()]+,\s*["']([^"'$\x60]+)["']` +
	`|(?:-OutFile|Out-File|Set-Content)\s+(?:-(?:File)?Path\s+)?["']?([^\s"';|)$]+))`)

// fetchedOthers records what programs besides the downloaders fetch:
// copies from another machine or a container (docker cp C:P D, kubectl cp
// POD:P D, rclone copy R:P D, aws s3 cp s3://… D, gsutil cp gs://… D),
// GitHub's release assets and gists (gh release download -O F, -p NAME,
// -D DIR; gh gist clone), and what a command prints from the network
// written to a file (gh api … > F, gh gist view --raw … > F, openssl
// s_client … > F, git archive --remote=… -o F).
func (w *walker) fetchedOthers(c *Command, args []field) {
	var ops []string
	valued := map[string]bool{"-c": true, "-n": true, "--container": true, "--namespace": true, "-R": true, "--repo": true,
		"-D": true, "--dir": true, "-O": true, "--output": true, "-p": true, "--pattern": true, "-o": true, "--profile": true,
		"--region": true, "-A": true, "--archive": true, "--remote": true, "--format": true, "--prefix": true, "--config": true}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case valued[v]:
			i++
		case strings.HasPrefix(v, "-"):
		default:
			ops = append(ops, pwdRelative(args[i]))
		}
	}
	op := func(i int) string {
		if i < len(ops) {
			return ops[i]
		}
		return ""
	}
	options := func(names ...string) []string {
		var vals []string
		for i, a := range args {
			for _, n := range names {
				if a.Value == n && i+1 < len(args) {
					vals = append(vals, pwdRelative(args[i+1]))
				} else if v, ok := strings.CutPrefix(a.Value, n+"="); ok && strings.HasPrefix(n, "--") {
					vals = append(vals, v)
				}
			}
		}
		return vals
	}
	copied := func(src, dest string, dirOnly bool) {
		if src != "" && dest != "" {
			w.copiedInto(dest, strings.TrimSuffix(src, "/"), dirOnly || surelyDir(dest))
		}
	}
	printed := false
	switch c.Name {
	case "docker", "podman", "nerdctl", "kubectl", "oc":
		if op(0) == "cp" && len(ops) == 3 && strings.Contains(op(1), ":") && !strings.HasPrefix(op(1), "/") && !strings.HasPrefix(op(1), ".") {
			_, p, _ := strings.Cut(op(1), ":")
			copied(p, op(2), false)
		}
	case "rclone":
		switch op(0) {
		case "copy", "move", "sync", "copyto", "moveto":
			if len(ops) == 3 && hostPath(op(1)) && !hostPath(op(2)) {
				_, p, _ := strings.Cut(op(1), ":")
				copied(p, op(2), false)
			}
		case "copyurl":
			if len(ops) == 3 && !hostPath(op(2)) {
				w.addFetched(w.at(op(2)))
			}
		}
	case "aws", "gsutil", "gcloud", "s3cmd":
		for i, o := range ops {
			if (strings.HasPrefix(o, "s3://") || strings.HasPrefix(o, "gs://")) && i == len(ops)-2 && !strings.Contains(ops[i+1], "://") {
				copied(path.Base(o), ops[i+1], false)
			}
		}
	case "gh":
		switch {
		case op(0) == "release" && op(1) == "download":
			dir := ""
			if ds := options("-D", "--dir"); len(ds) > 0 {
				dir = ds[len(ds)-1]
			}
			named := false
			for _, f := range options("-O", "--output") {
				if f != "" && f != "-" {
					w.addFetched(w.at(path.Join(dir, f)))
				}
				named, printed = true, printed || f == "-"
			}
			for _, p := range options("-p", "--pattern") {
				if p != "" {
					w.addFetched(w.at(path.Join(dir, p)))
				}
				named = true
			}
			if !named && dir != "" && !surelyDir(dir) {
				w.addFetched(w.at(dir)) // every asset, into a directory of their own
			}
		case op(0) == "gist" && op(1) == "clone" && op(2) != "":
			dir := w.at(op(3))
			if op(3) == "" {
				dir = w.at(repoDir(op(2)))
			}
			if dir != "" {
				w.addFetched(dir)
				w.lineOnly(dir) // a clone, as git clone's: for this line only
			}
		case op(0) == "api", op(0) == "gist" && op(1) == "view", op(0) == "run" && op(1) == "view":
			printed = true
		case op(0) == "run" && op(1) == "download":
			for _, d := range options("-D", "--dir") {
				if !surelyDir(d) {
					w.addFetched(w.at(d))
				}
			}
		}
	case "dpkg", "dpkg-deb":
		for i, a := range args {
			if (a.Value == "-x" || a.Value == "-X" || a.Value == "--extract" || a.Value == "--vextract") && i+2 < len(args) && w.fetchedArg(args[i+1]) {
				w.addFetched(w.at(pwdRelative(args[i+2]))) // dpkg -x d.deb DIR
			}
		}
	case "openssl":
		printed = op(0) == "s_client"
	case "git":
		if op(0) == "archive" && len(options("--remote")) > 0 {
			printed = true
			for _, f := range options("-o", "--output") {
				w.addFetched(w.at(f))
			}
		}
	}
	if interpreter(c.Name) == "python" {
		// python3 -m zipfile -e A DIR, -m tarfile -e A DIR
		for i := 0; i+4 < len(args); i++ {
			if args[i].Value == "-m" && (args[i+1].Value == "zipfile" || args[i+1].Value == "tarfile") && args[i+2].Value == "-e" && w.fetchedArg(args[i+3]) {
				w.addFetched(w.at(pwdRelative(args[i+4])))
			}
		}
	}
	if !printed {
		return
	}
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1") {
			w.addFetched(w.at(pwdRelative(field{Word: r.Target})))
		}
	}
}

// buildFiles are the files a runner (fetchedRunners) reads its project's
// code from in the directory it starts in: one fetched there makes the
// runner run fetched code (curl -o Makefile URL, then make).
var buildFiles = map[string][]string{
	"make": {"Makefile", "makefile", "GNUmakefile"}, "gmake": {"Makefile", "makefile", "GNUmakefile"},
	"cmake": {"CMakeLists.txt"}, "ninja": {"build.ninja"}, "meson": {"meson.build"},
	"just": {"justfile", "Justfile", ".justfile"}, "task": {"Taskfile.yml", "Taskfile.yaml"}, "rake": {"Rakefile", "rakefile"},
	"mvn": {"pom.xml"}, "gradle": {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"},
	"ant": {"build.xml"}, "bazel": {"BUILD", "BUILD.bazel", "WORKSPACE", "MODULE.bazel"}, "scons": {"SConstruct"}, "waf": {"wscript"},
	"npm": {"package.json"}, "pnpm": {"package.json"}, "yarn": {"package.json"}, "bun": {"package.json"},
	"cargo": {"Cargo.toml", "build.rs"}, "go": {"go.mod"},
	"pip": {"setup.py", "pyproject.toml", "setup.cfg", "requirements.txt"}, "pip3": {"setup.py", "pyproject.toml", "setup.cfg", "requirements.txt"},
	"uv": {"pyproject.toml"}, "poetry": {"pyproject.toml"}, "pdm": {"pyproject.toml"}, "hatch": {"pyproject.toml"},
	"bundle": {"Gemfile"}, "composer": {"composer.json"}, "direnv": {".envrc"}, "mix": {"mix.exs"},
	"tox": {"tox.ini"}, "nox": {"noxfile.py"}, "pre-commit": {".pre-commit-config.yaml"},
}

// fetchedBuildFile reports a build file of name's fetched in dir.
func (w *walker) fetchedBuildFile(name, dir string) bool {
	if dir == "" {
		return false
	}
	for _, f := range buildFiles[name] {
		if w.inFetched(path.Join(dir, f)) {
			return true
		}
	}
	return false
}

// fetchedOnPath reports a fetched file named name in a bin directory
// (install -m755 i.sh ~/.local/bin/tool, then tool): run by its bare name,
// it is that file when the directory is on PATH, as bin directories are.
func (w *walker) fetchedOnPath(name string) bool {
	for d := range w.fetch.dirs {
		if path.Base(d) == name {
			if dir := path.Base(path.Dir(d)); dir == "bin" || dir == "sbin" {
				return true
			}
		}
	}
	return false
}

// fileRunners run a program or script file named among their operands
// (java -jar F, deno run F, wine F).
var fileRunners = set("java", "deno", "bun", "tsx", "ts-node", "npx", "bunx", "pnpx", "wine", "wine64", "mono", "dotnet", "lua", "luajit", "php", "qemu-x86_64", "box64", "ld.so", "ld-linux-x86-64.so")

// codeLoads finds inline code loading a file of code by a literal path:
// runpy.run_path("F"), exec(open("F").read()), require("./F"),
// require_relative, load "F", perl's do "F", dofile, PHP's include.
var codeLoads = lazyRegexp(`(?:run_path|execfile|exec\(\s*open|require|require_relative|load|do|dofile|loadfile|include|include_once|require_once|import)\s*\(?\s*["']([^"'$\x60]+)["']`)

func (w *walker) codeLoadsFetched(code string) bool {
	for _, m := range codeLoads().FindAllStringSubmatch(code, 16) {
		switch path.Ext(m[1]) {
		case ".json", ".txt", ".csv", ".tsv", ".yaml", ".yml", ".toml", ".xml", ".md":
			continue // data: require("./data.json") reads it
		}
		if w.inFetched(w.at(m[1])) {
			return true
		}
	}
	return false
}

// pythonModules are the modules Python code imports, as dotted names
// relative to where it runs: import a, b.c gives a and b.c; from m import
// x gives m and m.x (x may be a submodule, m/x.py), from . import x gives
// x; __import__("m") and import_module("m") give m. setup in "from
// setuptools import setup" is not a module of its own. Every import
// pyImports finds counts, wherever it is: fetched code is read for what
// it may load.
func pythonModules(code string) []string {
	var out []string
	add := func(m string) {
		if m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	for _, imp := range pyImports(code) {
		from := strings.TrimLeft(imp.Module, ".")
		if imp.Names == nil {
			add(from) // import a.b, __import__("a")
			continue
		}
		add(from)
		for _, n := range imp.Names {
			if from == "" {
				add(n)
			} else {
				add(from + "." + n)
			}
		}
	}
	return out
}

// fetchedModule reports a Python module the directory the line is in
// holds fetched: python3 -m x and import x find ./x.py or ./x/ first.
func (w *walker) fetchedModule(mod string) bool {
	if mod == "" || strings.HasPrefix(mod, ".") {
		return false
	}
	p := strings.ReplaceAll(mod, ".", "/")
	first, _, _ := strings.Cut(p, "/")
	return w.inFetched(w.at(p+".py")) || w.inFetched(w.at(first)) || w.inFetched(w.at(first+".py"))
}
