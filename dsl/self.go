package dsl

import (
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// guardPath reports whether p is one of the files that keep hguard in the
// loop, or a directory holding them, so that writing, removing, moving or
// re-permissioning it can switch protection off:
//
//   - hguard's own files: $HGUARD_HOME and any .hguard directory (the
//     configuration, rules.d, state, sessions, the audit log, plugins, the
//     daemon's socket, a project's .hguard/rules.yaml);
//   - hguard's programs where they are installed: hguard, hguard-plugins
//     and hguard-tirith in any bin, sbin or libexec directory, or in the
//     other directories setups put on PATH (a version manager's shims,
//     pnpm's global bin, ~/.dotnet/tools);
//   - the coding agents' settings that run hguard's hook: Claude Code's
//     .claude/settings*.json (and $CLAUDE_CONFIG_DIR, managed settings),
//     Codex's .codex/config.toml and hooks.json ($CODEX_HOME), Gemini CLI's
//     .gemini/settings.json (and /etc/gemini-cli), Cursor's .cursor/hooks.json
//     and its CLI permissions (cli-config.json, cli.json), GitHub Copilot
//     CLI's .copilot/settings.json and the hook files it runs
//     (.copilot/hooks, a repository's .github/hooks; $COPILOT_HOME), Hermes
//     Agent's .hermes/config.yaml and its hook allowlist ($HERMES_HOME),
//     Crush's crush.json and crushrc ($CRUSH_GLOBAL_CONFIG) and a project's
//     crush.json or .crush.json, Amp's settings.json(c), hguard's delegate
//     there and a workspace's .amp/settings.json, OpenCode's plugin(s)
//     directories, opencode.json(c) in any project ($OPENCODE_CONFIG,
//     $OPENCODE_CONFIG_DIR) and /etc/opencode, and Claude Code's shell
//     prefix .claude/hguard-shell. $XDG_CONFIG_HOME is ~/.config.
//
// A glob counts when it may name one of them (~/.c*/settings.json). The
// path is judged as written; where the environment puts these places
// (HGUARD_HOME=/srv/hg) is added by the guard (GuardDirs, guardPathIn),
// which resolves their symbolic links, not those of every path.
func guardPath(p string) bool { return guardPathOf(p, true) }

// guardPattern is guardPath of a pattern a program matches (find -path
// '*/bin/hguard'), whose wildcards stand for any directories, not a word
// the shell expands.
func guardPattern(p string) bool { return guardPathOf(p, false) }

// guardPathOf is guardPath of a shell word (word) or of a pattern.
func guardPathOf(p string, word bool) bool {
	if p == "" {
		return false
	}
	if rest, ok := cutVar(p, "XDG_CONFIG_HOME"); ok {
		p = "~/.config" + rest // where OpenCode, Crush and Amp keep theirs
	}
	for _, v := range guardVars {
		if rest, ok := cutVar(p, v.name); ok {
			return v.all || rest == "" || rest == "/" || v.files.has(path.Base(path.Clean("/"+rest)))
		}
	}
	// Names are compared in lower case: macOS's file system is not case
	// sensitive by default, where ~/.CLAUDE/settings.json is Claude's file.
	c := strings.ToLower(cleanPath(p))
	if strings.ContainsAny(c, "*?[") {
		return guardGlob(c, word)
	}
	return guardClean(c)
}

// guardClean is guardPath of a cleaned path without glob characters.
func guardClean(c string) bool {
	segs := strings.Split(c, "/")
	for _, s := range segs {
		if s == ".hguard" {
			return true
		}
	}
	base, parent := segs[len(segs)-1], ""
	if len(segs) > 1 {
		parent = segs[len(segs)-2]
	}
	grand := ""
	if len(segs) > 2 {
		grand = segs[len(segs)-3]
	}
	switch {
	case agentDirs[base], configAgentDirs[base] && parent == ".config":
		return true // the agent's whole configuration directory
	case projectSettings[base]:
		return true // read in any directory up to the repository's root
	case (parent == "plugins" || parent == "plugin") && (grand == "opencode" || grand == ".opencode"),
		(base == "plugins" || base == "plugin") && (parent == "opencode" || parent == ".opencode"):
		return true // OpenCode runs every plugin there; one could rewrite a command after hguard's has checked it
	case parent == "hooks" && (grand == ".copilot" || grand == ".github"), base == "hooks" && parent == ".github":
		return true // Copilot CLI runs every hook file there, the repository's as well as the user's
	case hguardPrograms[strings.TrimSuffix(base, ".new")] && (parent == "bin" || parent == "sbin" || parent == "libexec" ||
		parent == "shims" || parent == "pnpm" || parent == "tools" && grand == ".dotnet"): // version managers' shims, pnpm's global bin: on PATH too
		return true
	case agentSettings[parent].has(base) && (!configAgentDirs[parent] || grand == ".config"):
		return true
	}
	for _, dir := range managedSettingsDirs {
		if under(c, strings.ToLower(dir)) {
			return true
		}
	}
	return false
}

// guardGlob reports whether a glob may name one of the guarded paths: each
// segment with glob characters is tried as each of the names guardClean
// knows (~/.c*/settings.json is ~/.claude/settings.json when that is the
// only match, and a shell expands a redirection's glob that matches one
// file). At most guardGlobTries paths are tried.
func guardGlob(c string, word bool) bool {
	tries := 0
	anchored := strings.HasPrefix(c, "/") || strings.HasPrefix(c, "~")
	var try func(done, rest []string) bool
	try = func(done, rest []string) bool {
		if len(rest) == 0 {
			tries++
			return guardClean(strings.Join(done, "/"))
		}
		seg := rest[0]
		if !strings.ContainsAny(seg, "*?[") {
			return try(append(done, seg), rest[1:])
		}
		if word && len(rest) > 1 && strings.Trim(seg, "*?") == "" && !(anchored && guardParent(strings.Join(done, "/"))) {
			// logs/*/*: a wildcard directory is tried as a guarded
			// directory's name (bin, opencode) only where such
			// directories are kept, not in a project's logs (fp63)
			return false
		}
		for _, name := range guardNames() {
			if tries >= guardGlobTries {
				return false
			}
			if strings.ContainsAny(seg[:1], "*?[") && (projectSettings[name] || strings.HasPrefix(name, ".")) {
				continue // a leading wildcard matches no dot file, and *.json in a project is any JSON file
			}
			if ok, _ := path.Match(seg, name); ok && try(append(done[:len(done):len(done)], name), rest[1:]) {
				return true
			}
		}
		return false
	}
	return try(nil, strings.Split(c, "/"))
}

// guardParent reports a directory that holds the guarded directories a
// wildcard may stand for (~/*/hguard, /usr/local/*/hguard,
// ~/.config/*/plugins): the root, a home and its dot directories, /usr,
// /usr/local, /opt's, /etc, /Library.
func guardParent(dir string) bool {
	switch dir {
	case "", "~", "/usr", "/usr/local", "/root", "/etc", "/library", "/snap", "/home", "/users":
		return true
	}
	if strings.HasPrefix(dir, "/opt/") || strings.HasPrefix(dir, "/etc/") || strings.HasPrefix(dir, "/library/") {
		return true
	}
	rest, ok := strings.CutPrefix(dir, "~/")
	if !ok {
		for _, homes := range []string{"/home/", "/users/"} {
			if r, found := strings.CutPrefix(dir, homes); found {
				user, after, _ := strings.Cut(r, "/")
				rest, ok = after, user != ""
			}
		}
		if ok && rest == "" {
			return true // /home/u
		}
	}
	// a home's dot directory and what lies in it (~/.local, ~/.config/x)
	return ok && strings.HasPrefix(rest, ".")
}

// guardGlobTries bounds guardGlob: a path of many wildcard segments is
// tried this many ways at most.
const guardGlobTries = 4096

// guardNames are the file and directory names guardClean looks for: what a
// glob segment is tried as.
var guardNames = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	var names []string
	add := func(ns ...string) {
		for _, n := range ns {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	add(".hguard", ".config", ".github", "hooks", "plugins", "plugin", "bin", "sbin", "libexec", "opencode", ".opencode")
	for _, m := range []map[string]bool{agentDirs, configAgentDirs, projectSettings, hguardPrograms} {
		for n := range m {
			add(n)
		}
	}
	for dir, files := range agentSettings {
		add(dir)
		for _, n := range files.names {
			add(n)
		}
	}
	sort.Strings(names) // a stable order: the same glob is always tried the same way
	return names
})

// hguardPrograms are the names hguard's programs are installed under.
var hguardPrograms = map[string]bool{"hguard": true, "hguard-plugins": true, "hguard-tirith": true}

// agentDirs are the agents' configuration directories: removing or moving
// one removes the settings that run hguard's hook.
var agentDirs = map[string]bool{".claude": true, ".codex": true, ".gemini": true, ".cursor": true, ".copilot": true, ".hermes": true}

// configAgentDirs are the agents' directories under ~/.config (or
// $XDG_CONFIG_HOME): crush, amp and opencode are too plain a name to count
// anywhere else.
var configAgentDirs = map[string]bool{"crush": true, "amp": true, "opencode": true}

// agentSettings are, by the directory that holds them, the agents' files
// that say which hooks run or what the agent may do unasked.
var agentSettings = map[string]*nameSet{
	".claude":  set("settings.json", "settings.local.json", "hguard-shell"),
	".codex":   set("config.toml", "hooks.json"),
	".gemini":  set("settings.json", "system-defaults.json"),
	".cursor":  set("hooks.json", "cli-config.json", "cli.json"),
	".copilot": set("settings.json", "config.json"),
	".hermes":  set("config.yaml", "shell-hooks-allowlist.json"),
	"crush":    set("crush.json", "crushrc"),
	"amp":      set("settings.json", "settings.jsonc", "hguard-delegate"),
	".amp":     set("settings.json", "settings.jsonc"), // a workspace's: they override the user's amp.permissions
	"opencode": set("opencode.json", "opencode.jsonc"),
}

// projectSettings are settings files an agent reads from the project (the
// working directory up to the repository's root) and merges over the
// user's: a project's OpenCode config can load plugins, a project's Crush
// config can add hooks that rewrite a command after hguard's has checked it.
// Their names are the agent's own, so they count in any directory.
var projectSettings = map[string]bool{"opencode.json": true, "opencode.jsonc": true, "crush.json": true, ".crush.json": true}

// managedSettingsDirs hold system-wide agent settings (hooks included).
var managedSettingsDirs = []string{"/etc/claude-code", "/Library/Application Support/ClaudeCode", "/etc/gemini-cli", "/etc/codex",
	"/etc/opencode", "/Library/Application Support/opencode", "/etc/ampcode", "/Library/Application Support/ampcode"}

// guardVars are the environment variables that name where hguard or an
// agent keeps its configuration: under $HGUARD_HOME everything counts,
// under an agent's only its settings files (and the directory itself).
var guardVars = []struct {
	name  string
	all   bool
	files *nameSet
}{
	{"HGUARD_HOME", true, nil},
	{"CLAUDE_CONFIG_DIR", false, agentSettings[".claude"]},
	{"CODEX_HOME", false, agentSettings[".codex"]},
	{"GEMINI_CONFIG_DIR", false, agentSettings[".gemini"]},
	{"HERMES_HOME", false, agentSettings[".hermes"]},
	{"COPILOT_HOME", false, agentSettings[".copilot"]},
	{"CRUSH_GLOBAL_CONFIG", false, agentSettings["crush"]},
	{"OPENCODE_CONFIG", false, nil},    // the file itself
	{"OPENCODE_CONFIG_DIR", true, nil}, // searched for plugins like .opencode
}

// cutVar reports whether p starts with $NAME or ${NAME} as a whole word,
// and returns the rest ("/config.yaml", or "").
func cutVar(p, name string) (string, bool) {
	for _, pre := range []string{"${" + name + "}", "$" + name} {
		if rest, ok := strings.CutPrefix(p, pre); ok && (rest == "" || rest[0] == '/') {
			return rest, true
		}
	}
	// ${NAME:-default}, ${NAME-default}, ${NAME:=default}: NAME's value
	// when set, and the default names the same place (~/.config).
	if rest, ok := strings.CutPrefix(p, "${"+name); ok && rest != "" && strings.ContainsRune(":-=", rune(rest[0])) {
		if i := strings.IndexByte(rest, '}'); i >= 0 && (i+1 == len(rest) || rest[i+1] == '/') {
			return rest[i+1:], true
		}
	}
	return "", false
}

// GuardDir is a place the environment names for hguard's or an agent's
// configuration ($HGUARD_HOME=/srv/hg, CLAUDE_CONFIG_DIR=/opt/claude): the
// rules know these variables by name, but a command names the directory
// itself (echo x > /srv/hg/config.yaml), so the guard resolves them where
// it runs and passes them in Context.
type GuardDir struct {
	Path string // cleaned and lower case: absolute, or ~/… under the user's home
	All  bool   // everything under Path counts
	// Names, when All is false, are the entries directly in Path that
	// count, with everything under them; Path itself always counts.
	Names map[string]bool
}

// GuardDirs resolves $HGUARD_HOME (home, as the guard uses it) and the
// agents' configuration variables that getenv reports. Each directory
// counts as written, as its symbolic links resolve, and in ~ form when
// it lies under $HOME, so that every spelling a command may use is known.
func GuardDirs(home string, getenv func(string) string) []GuardDir {
	var out []GuardDir
	seen := map[string]bool{}
	userHome := filepath.Clean(getenv("HOME"))
	add := func(p string, all bool, names map[string]bool) {
		for _, f := range guardForms(p, userHome) {
			if !seen[f] {
				seen[f] = true
				out = append(out, GuardDir{Path: f, All: all, Names: names})
			}
		}
	}
	add(home, true, nil)
	for _, v := range guardVars {
		if v.name != "HGUARD_HOME" {
			add(getenv(v.name), v.all, v.files.toMap())
		}
	}
	if x := getenv("XDG_CONFIG_HOME"); x != "" {
		for dir := range configAgentDirs {
			names := agentSettings[dir].toMap()
			if dir == "opencode" {
				names["plugins"], names["plugin"] = true, true
			}
			add(filepath.Join(x, dir), false, names)
		}
	}
	return out
}

// guardForms are the spellings of directory p a command may use: as
// written, as its symbolic links resolve, and in ~ form under userHome;
// none for a relative p (it names a different place from every
// directory), / or the home (that would make every path hguard's).
func guardForms(p, userHome string) []string {
	if p == "" || !filepath.IsAbs(p) {
		return nil
	}
	forms := []string{filepath.Clean(p)}
	if real, err := filepath.EvalSymlinks(p); err == nil && real != forms[0] {
		forms = append(forms, real)
	}
	for _, f := range forms {
		if userHome != "/" && userHome != "." && strings.HasPrefix(f, userHome+"/") {
			forms = append(forms, "~"+f[len(userHome):])
		}
	}
	var out []string
	for _, f := range forms {
		if f = strings.ToLower(filepath.ToSlash(f)); f != "/" && f != "~" {
			out = append(out, f)
		}
	}
	return out
}

// ProgramDirs are the places of hguard's running program exe (as
// os.Executable names it) when it lies outside a bin directory, which
// guardPath knows already (~/opt/hguard/hguard, where an agent's hook
// runs it): its directory, with the program and its companions
// (hguard-plugins, hguard-tirith) in it. Overwriting, removing, chmod -x
// or a link over the program there would leave every hook call to
// /bin/true. A name that is not hguard's (a test binary) gives none.
func ProgramDirs(exe, userHome string) []GuardDir {
	base := strings.ToLower(filepath.Base(exe))
	if !strings.HasPrefix(base, "hguard") || strings.HasSuffix(base, ".test") {
		return nil
	}
	names := map[string]bool{base: true, "hguard": true, "hguard-plugins": true, "hguard-tirith": true}
	var out []GuardDir
	for _, d := range []string{filepath.Dir(exe), filepath.Dir(evalOr(exe))} {
		for _, f := range guardForms(d, filepath.Clean(userHome)) {
			if !slices.ContainsFunc(out, func(g GuardDir) bool { return g.Path == f }) {
				out = append(out, GuardDir{Path: f, Names: names})
			}
		}
	}
	return out
}

// evalOr is p with its symbolic links resolved, or p.
func evalOr(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

// guards are the resolved places of a Context.
type guards []GuardDir

// has reports whether p is one of the places, or a file that counts under
// one. A glob counts when it may name one.
func (gs guards) has(p string, word bool) bool {
	if len(gs) == 0 || p == "" {
		return false
	}
	c := strings.ToLower(cleanPath(p))
	segs := strings.Split(c, "/")
	for _, g := range gs {
		rest, ok := cutDir(segs, strings.Split(g.Path, "/"), word)
		if !ok {
			continue
		}
		if len(rest) == 0 || g.All {
			return true
		}
		for n := range g.Names {
			if globSegment(rest[0], n, word) {
				return true
			}
		}
	}
	return false
}

// cutDir reports whether the path segments segs are dir's or lie under
// it, each glob segment matching dir's segment, and returns what follows.
func cutDir(segs, dir []string, word bool) ([]string, bool) {
	if len(segs) < len(dir) {
		return nil, false
	}
	for i, d := range dir {
		if !globSegment(segs[i], d, word) {
			return nil, false
		}
	}
	return segs[len(dir):], true
}

// globSegment reports whether one path segment, perhaps a glob, names name;
// as the shell expands a word (word), a leading wildcard matches no dot
// name and no glob expands to ~ (rm -f */* in a project is not ~/.hguard).
func globSegment(seg, name string, word bool) bool {
	if !strings.ContainsAny(seg, "*?[") {
		return seg == name
	}
	if word && (name == "~" || strings.HasPrefix(name, ".") && !strings.HasPrefix(seg, ".")) {
		return false
	}
	ok, _ := path.Match(seg, name)
	return ok
}

// guardPathIn is guardPath with the context's resolved places.
func guardPathIn(p string, gs guards) bool { return guardPath(p) || gs.has(p, true) }

// guardPatternIn is guardPattern with the context's resolved places.
func guardPatternIn(p string, gs guards) bool { return guardPattern(p) || gs.has(p, false) }

// guardLiteral is guardPathIn of a path whose glob characters are its
// own (a quoted ".*"), not a pattern.
func guardLiteral(p string, gs guards) bool {
	return guardClean(strings.ToLower(cleanPath(p))) || gs.has(p, false)
}

// literalGlobs are the words among args that hold glob characters the
// shell does not expand: quoted ones, and the VALUE of an option word
// -x=VALUE (the pattern would have to match a file named -x=…).
func literalGlobs(args []cmdline.Word) map[string]bool {
	var out map[string]bool
	add := func(v string) {
		if strings.ContainsAny(v, "*?[") {
			if out == nil {
				out = map[string]bool{}
			}
			out[v] = true
		}
	}
	for _, a := range args {
		if a.Dynamic {
			continue
		}
		if !a.Glob {
			add(a.Value)
		}
		if _, v, ok := strings.Cut(a.Value, "="); ok && strings.HasPrefix(a.Value, "-") {
			add(v)
		}
	}
	return out
}

// holderPlaces hold guarded places under names guardPath does not know
// alone: ~/.config holds crush, amp and opencode, and the bin directories
// hguard's installer and go install use hold its programs. Moving,
// removing or locking one of them, or one above it, takes them along.
var holderPlaces = []string{"~/.config", "~/.local/bin", "~/go/bin", "~/bin"}

// guardParentIn reports whether p is a directory that holds a guarded
// place without being one: one of holderPlaces or a directory above one,
// or a directory above a place of gs (the parent of $HGUARD_HOME=/srv/hg
// is /srv). Moving /srv moves hguard's home away as surely as moving
// /srv/hg. The root, system directories and homes are left to the rules
// about them; every path lies under those.
func guardParentIn(p string, gs guards, home string) bool {
	if rest, ok := cutVar(p, "XDG_CONFIG_HOME"); ok {
		p = "~/.config" + rest
	}
	if p == "" || isBroad(p) {
		return false
	}
	c := strings.ToLower(cleanPath(p))
	if rest, ok := underHome(c, strings.ToLower(home)); ok {
		c = "~" + rest // ln -sfn /tmp/evil /home/u/.local: the caller's home spelled out
	}
	if c == "~" || c == "/" || c == "." || c == ".." || strings.HasPrefix(c, "../") || c == "$home" {
		return false
	}
	for _, h := range holderPlaces {
		if h == c || strings.HasPrefix(h, c+"/") {
			return true
		}
	}
	for _, g := range gs {
		if strings.HasPrefix(g.Path, c+"/") {
			return true
		}
	}
	return false
}

// underHome is the rest of c (cleaned, lower case) below home (the
// caller's, absolute), "" for the home itself; ok is false for any other
// path and when the home is not known. Another user's home stays theirs.
func underHome(c, home string) (string, bool) {
	if home == "" || home == "/" || !strings.HasPrefix(home, "/") {
		return "", false
	}
	home = path.Clean(home)
	if rest, ok := strings.CutPrefix(c, home); ok && (rest == "" || rest[0] == '/') {
		return rest, true
	}
	return "", false
}

// readExecMode is a chmod mode that only adds read or execute, or sets
// rwx for the owner and no write for the group or others.
var readExecMode = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(0?7[0145][0145]|[ugoa]*\+[rxX]+(,[ugoa]*\+[rxX]+)*)$`)
})

// addsReadExec reports a chmod mode (readExecMode) that changes no file of
// hguard's: chmod +x bin/*, chmod 755 bin/* leave it as readable and
// runnable as before, and others unable to write it.
func addsReadExec(mode string) bool {
	return readExecMode().MatchString(mode)
}
