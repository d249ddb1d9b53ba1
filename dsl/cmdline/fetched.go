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
	// clones are the dirs a clone filled: fetched for the rest of the
	// line, not for the lines after it (fetchedPaths).
	clones map[string]bool
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
		w.fetchedCopies(c.Name, args)
	case "scp", "sftp", "rsync":
		w.fetchedRemoteCopy(args)
	case "git", "gh", "tar", "bsdtar", "unzip":
		if dir := w.fetchedInto(c.Name, args); dir != "" {
			if w.fetch.dirs == nil {
				w.fetch.dirs = map[string]bool{}
			}
			w.fetch.dirs[dir] = true
			if c.Name == "git" || c.Name == "gh" {
				if w.fetch.clones == nil {
					w.fetch.clones = map[string]bool{}
				}
				w.fetch.clones[dir] = true
			}
			return
		}
	}
	if fetchers[c.Name] {
		if c.Name == "curl" || c.Name == "wget" || c.Name == "wget2" || c.Name == "aria2c" || c.Name == "fetch" {
			w.fetchedDownloads(c.Name, args)
		}
		for _, f := range downloadOutputs(c.Name, args) {
			w.addFetched(w.at(f))
		}
	}
	if c.Payload != nil && c.Payload.Code != "" {
		for _, m := range urlRetrieve().FindAllStringSubmatch(c.Payload.Code, 8) {
			w.addFetched(w.at(m[1]))
		}
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
func (w *walker) fetchedInto(name string, args []field) string {
	var ops []string
	skip := false
	for _, a := range args {
		switch {
		case a.Dynamic:
			return ""
		case skip:
			skip = false
		case cloneValueOptions[a.Value] && name != "tar" && name != "bsdtar" && name != "unzip":
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
	case name == "tar" || name == "bsdtar" || name == "unzip":
		return w.unpacked(name, args)
	}
	return ""
}

// unpacked is the directory an archive downloaded on the line is unpacked
// into: -C DIR or -d DIR, else the directory named like the archive
// (a.tar.gz: a), where archives conventionally keep their files.
func (w *walker) unpacked(name string, args []field) string {
	archive, into := "", ""
	for i, a := range args {
		v := a.Value
		switch {
		case name == "unzip" && v == "-d" && i+1 < len(args):
			into = args[i+1].Value
		case name != "unzip" && (v == "-C" || v == "--directory") && i+1 < len(args):
			into = args[i+1].Value
		case name != "unzip" && (v == "-f" || v == "--file") && i+1 < len(args):
			archive = args[i+1].Value
		case name != "unzip" && strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.HasSuffix(v, "f") && i+1 < len(args):
			archive = args[i+1].Value // tar -xzf A
		case name == "unzip" && archive == "" && !strings.HasPrefix(v, "-") && (i == 0 || args[i-1].Value != "-d"):
			archive = v
		case name != "unzip" && archive == "" && i == 1 && !strings.HasPrefix(args[0].Value, "-") && strings.ContainsRune(args[0].Value, 'f'):
			archive = v // tar xzf A
		}
	}
	in, ok := w.files[archive]
	if !ok {
		in, ok = w.files["./"+archive]
	}
	if archive == "" || !(ok && in.Remote || w.fetch.downloads[archive] || w.inFetched(w.at(archive))) {
		return ""
	}
	if into != "" {
		return w.at(into)
	}
	stem := path.Base(archive)
	for _, ext := range []string{".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".tgz", ".tbz2", ".txz", ".tar", ".zip"} {
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
		case name != "curl" && (v == "-o" && name == "aria2c" || strings.HasPrefix(v, "--output-document") || strings.HasPrefix(v, "--out") ||
			name != "aria2c" && len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "O")): // wget -O F, -qO F
			byName = false
		}
	}
	if !byName {
		return
	}
	for _, a := range args {
		if u := a.Value; !a.Dynamic && strings.Contains(u, "://") {
			if w.fetch.downloads == nil {
				w.fetch.downloads = map[string]bool{}
			}
			u, _, _ = strings.Cut(u, "?")
			w.fetch.downloads[path.Base(u)] = true
			w.addFetched(w.at(path.Join(dir, path.Base(u)))) // sh install.sh after curl -O …/install.sh runs it
		}
	}
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
}

// runsFetched reports whether c runs code from a fetched directory: a
// program or script there (./y/install.sh, sh y/setup.sh, python
// setup.py in it), or a build tool started in it (cd y && make).
func (w *walker) runsFetched(c *Command, args []field) bool {
	if strings.Contains(c.Path, "/") && w.inFetched(w.at(c.Path)) {
		return true
	}
	if shells[program(c.Name)] || c.Name == "source" || c.Name == "." || interpreter(c.Name) != "" {
		for _, a := range args {
			if a.Dynamic || a.Value == "-c" || a.Value == "-e" || a.Value == "-m" {
				break
			}
			if !strings.HasPrefix(a.Value, "-") {
				return w.inFetched(w.at(a.Value))
			}
		}
	}
	noRun, ok := fetchedRunners[c.Name]
	if !ok {
		return false
	}
	// started in a fetched directory, or given one (make -C y, npm
	// --prefix y install, go run ./y)
	there := w.inFetched(w.fetch.dir)
	for _, a := range args {
		there = there || !a.Dynamic && !strings.HasPrefix(a.Value, "-") && w.inFetched(w.at(a.Value))
	}
	if !there {
		return false
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
		if !w.fetch.clones[p] {
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
		if i+1 < len(args) && !args[i+1].Dynamic {
			return args[i+1].Value
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
	var ops []string
	target := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return
		case a.Value == "-t" || a.Value == "--target-directory":
			if i+1 < len(args) {
				target = args[i+1].Value
				i++
			}
		case strings.HasPrefix(a.Value, "--target-directory="):
			target = strings.TrimPrefix(a.Value, "--target-directory=")
		case (name == "install") && (a.Value == "-m" || a.Value == "-o" || a.Value == "-g" || a.Value == "--mode" || a.Value == "--owner" || a.Value == "--group"):
			i++
		case strings.HasPrefix(a.Value, "-") && a.Value != "-":
		default:
			ops = append(ops, a.Value)
		}
	}
	dirOnly := target != "" // -t DIR
	if target == "" {
		if len(ops) < 2 {
			return
		}
		target, ops = ops[len(ops)-1], ops[:len(ops)-1]
	}
	// A target that is surely a directory is not itself fetched: only
	// what goes into it (cp i.sh . must not make the whole directory so).
	dirOnly = dirOnly || len(ops) > 1 || surelyDir(target)
	for _, src := range ops {
		if w.inFetched(w.at(src)) {
			w.copiedInto(target, src, dirOnly)
		}
	}
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
		if remoteURL(src.Value) || hostPath(src.Value) {
			_, p, _ := strings.Cut(src.Value, ":")
			w.copiedInto(dest, strings.TrimSuffix(p, "/"), len(srcs) > 1 || surelyDir(dest))
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
