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
	case "curl", "wget":
		w.fetchedDownloads(c.Name, args)
	case "git", "gh", "tar", "bsdtar", "unzip":
		if dir := w.fetchedInto(c.Name, args); dir != "" {
			if w.fetch.dirs == nil {
				w.fetch.dirs = map[string]bool{}
			}
			w.fetch.dirs[dir] = true
			return
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

// fetchedDownloads records the files curl -O and wget save under the
// name their URL ends in.
func (w *walker) fetchedDownloads(name string, args []field) {
	byName := name == "wget"
	for _, a := range args {
		v := a.Value
		switch {
		case name == "curl" && (v == "--remote-name" || v == "--remote-name-all" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "O")):
			byName = true
		case name == "wget" && (v == "-O" || strings.HasPrefix(v, "--output-document") || strings.HasPrefix(v, "-O")):
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
			w.addFetched(w.at(path.Base(u))) // sh install.sh after curl -O …/install.sh runs it
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
// it: the directories cloned or unpacked, the files downloaded by name, and
// the files a downloader wrote; each as resolved where the line started
// (relative, absolute or ~/…), leaving out what earlier lines fetched.
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
		add(p)
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
