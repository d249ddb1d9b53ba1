package cmdline

import (
	"iter"
	"path"
	"slices"
	"strings"
)

// Git's configuration from a file the line points it at. GIT_CONFIG_GLOBAL,
// GIT_CONFIG_SYSTEM and GIT_CONFIG name the file; HOME and XDG_CONFIG_HOME
// move ~/.gitconfig and ~/.config/git/config; git -c include.path=FILE
// adds one, and GIT_DIR, GIT_COMMON_DIR and --git-dir name a repository
// whose config git reads. A repository can ship such a file (evil.gitconfig with
// core.fsmonitor = CMD), and `HOME=. git status` then runs CMD at once.
// When the file's text is known (written on the line, by the session, or,
// in an agent's second reading, the project's own), the commands its keys
// name are walked as git would run them. So are the programs git runs from
// a directory given as its exec path (git --exec-path=. lfs pull runs
// ./git-lfs).

// maxGitIncludes bounds the files one git command's configuration is read
// from, includes included.
const maxGitIncludes = 8

// gitConfigFiles follows the configuration files c's git reads from where
// the line points it (see above).
func (w *walker) gitConfigFiles(c *Command, args []field, cx ctx) {
	var files []string
	for _, v := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"} {
		if f := w.setting(c, v); f != "" && f != "/dev/null" {
			files = append(files, f)
		}
	}
	if dir := w.setting(c, "HOME"); dir != "" {
		dir = strings.TrimSuffix(dir, "/")
		files = append(files, dir+"/.gitconfig", dir+"/.config/git/config")
	}
	if dir := w.setting(c, "XDG_CONFIG_HOME"); dir != "" {
		files = append(files, strings.TrimSuffix(dir, "/")+"/git/config")
	}
	// a directory given as the repository (GIT_DIR=cfg git status): a
	// project's directory shaped like one has a config git reads; a .git
	// directory is the repository's own
	gitDir := func(dir string) {
		if dir = strings.TrimSuffix(dir, "/"); dir != "" && path.Base(dir) != ".git" {
			files = append(files, dir+"/config")
		}
	}
	gitDir(w.setting(c, "GIT_DIR"))
	gitDir(w.setting(c, "GIT_COMMON_DIR"))
	// where git runs (the line's cd, git -C DIR), to find the repository
	// there as git does: here from the line's own directory, where the
	// line's files are named; dashC from the current one, where the
	// session's earlier files are looked up
	here, dashC, lost := ".", ".", false
	switch {
	case c.Cwd != "":
		here = c.Cwd
	case c.CwdRel != "":
		here = c.CwdRel
	}
	for i := 0; i+1 < len(args); i++ {
		v := args[i].Value
		if !strings.HasPrefix(v, "-") {
			break // the subcommand
		}
		if v == "-C" {
			switch d := args[i+1].Value; {
			case args[i+1].Dynamic:
				lost = true
			case strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~"):
				here, dashC = d, d
			default:
				here, dashC = path.Join(here, d), path.Join(dashC, d)
			}
		}
		if d, ok := strings.CutPrefix(v, "--git-dir="); ok && !args[i].Dynamic {
			gitDir(d)
		} else if v == "--git-dir" && !args[i+1].Dynamic {
			gitDir(args[i+1].Value)
		}
		if v == "-c" {
			key, val, _ := strings.Cut(args[i+1].Value, "=")
			if key = strings.ToLower(key); !args[i+1].Dynamic && (key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path")) {
				files = append(files, val)
			}
		}
		if takesValue(v, "Cc", []string{"git-dir", "work-tree", "namespace", "config-env"}) {
			i++
		}
	}
	if !lost && path.Base(here) != ".git" {
		files = append(files, w.foundGitConfig(here)...)
		if dashC != here {
			files = append(files, w.foundGitConfig(dashC)...)
		}
	}
	seen := map[string]bool{}
	for n := 0; n < len(files) && n < maxGitIncludes; n++ {
		name := files[n]
		if seen[name] {
			continue
		}
		seen[name] = true
		in, via, ok := w.fileInput(name)
		if !ok {
			continue
		}
		via = "git configuration " + name + ": " + via
		if !in.Static || in.Remote || in.Decoded {
			w.runText(c, in, "", via, cx)
			continue
		}
		cmds, includes := gitConfigCommands(in.Text)
		for _, cmd := range cmds {
			w.nested(c, cmd, via, cx, false)
		}
		for _, inc := range includes {
			if !strings.HasPrefix(inc, "/") && !strings.HasPrefix(inc, "~") {
				inc = path.Join(path.Dir(name), inc) // relative to the including file
			}
			files = append(files, inc)
		}
	}
}

// foundGitConfig is the configuration of the repository git finds in
// dir, where the line or the session wrote it: git takes a directory
// shaped like a repository (HEAD, objects/, refs/) for one when it runs
// there, and reads its config (cd x && git status runs x/config's
// core.fsmonitor), and a .git file ("gitdir: PATH") names the repository
// elsewhere. Only a config whose text is known is returned: a project's
// own repository is its .git directory, which is not read.
func (w *walker) foundGitConfig(dir string) []string {
	var files []string
	if in, _, ok := w.fileInput(path.Join(dir, ".git")); ok && in.Static {
		if d, ok := strings.CutPrefix(strings.TrimSpace(in.Text), "gitdir:"); ok {
			if d = strings.TrimSpace(d); d != "" {
				if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") {
					d = path.Join(dir, d) // relative to the .git file
				}
				files = append(files, path.Join(d, "config"))
			}
		}
	}
	if _, _, ok := w.fileInput(path.Join(dir, "config")); ok {
		files = append(files, path.Join(dir, "config"))
	}
	return files
}

// gitConfigCommands are the command lines a git configuration text makes
// git run (core.fsmonitor, core.pager, alias.x = !CMD, a diff driver's
// textconv, a filter's clean and smudge, a credential helper given as
// !CMD or a path…) and the files it includes (include.path,
// includeIf.*.path).
func gitConfigCommands(text string) (cmds, includes []string) {
	for key, val := range gitConfigEntries(text) {
		switch cmd := gitKeyCommand(key, val); {
		case cmd != "":
			cmds = append(cmds, cmd)
		case key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path"):
			if val != "" {
				includes = append(includes, val)
			}
		}
	}
	return cmds, includes
}

// gitConfigEntries yields a git configuration text's keys, each with its
// section (core.hookspath, diff.x.textconv: the section's and the key's
// case folded, a subsection's kept), and their values as git reads them.
func gitConfigEntries(text string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		section := ""
		for line := range strings.Lines(text) {
			line = strings.TrimSpace(line)
			if line == "" || line[0] == '#' || line[0] == ';' {
				continue
			}
			if line[0] == '[' {
				end := strings.IndexByte(line, ']')
				if end < 0 {
					continue
				}
				// [core], [diff "x"], [diff.x]: the section and its
				// subsection; only the section's case is folded
				head := strings.TrimSpace(line[1:end])
				name, sub, _ := strings.Cut(head, " ")
				section = strings.ToLower(name)
				if sub = strings.Trim(strings.TrimSpace(sub), `"`); sub != "" {
					section += "." + sub
				}
				line = strings.TrimSpace(line[end+1:])
				if line == "" {
					continue
				}
			}
			k, v, _ := strings.Cut(line, "=")
			if !yield(section+"."+strings.ToLower(strings.TrimSpace(k)), gitConfigValue(v)) {
				return
			}
		}
	}
}

// gitConfigValue is a git configuration value as git reads it: blanks
// around it dropped, double quotes removed with their backslash escapes,
// and a # or ; outside quotes starting a comment.
func gitConfigValue(v string) string {
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case ch == '"':
			quoted = !quoted
		case ch == '\\' && i+1 < len(v):
			i++
			switch v[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(v[i])
			}
		case (ch == '#' || ch == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(ch)
		}
	}
	return strings.TrimSpace(b.String())
}

// gitKeyCommand is the command line git runs for a configuration key set
// to val, or "": the keys of gitCommandKeys and pager.*, a shell alias
// (!CMD), a diff driver's textconv or command, a filter's clean, smudge or
// process, a merge driver, a credential helper given as !CMD or a path
// (a bare name is git's own credential-NAME), a remote's upload or
// receive pack, a diff, merge, man or web tool's cmd or path (difftool
// -t, help -w, web--browse), git archive's tar.FORMAT.command, send-email's
// --sendmail-cmd, --to-cmd, --cc-cmd and --header-cmd and a path (/x,
// ./x, ~/x) as its SMTP server (sendemail.KEY and an identity's
// sendemail.ID.KEY), instaweb's web server, the
// SSH signer's key command and delta's pager (delta.pager,
// which the diff highlighter git pages through reads as its --pager).
func gitKeyCommand(key, val string) string {
	if val == "" {
		return ""
	}
	parts := strings.Split(key, ".")
	first, last := parts[0], parts[len(parts)-1]
	switch {
	case first == "alias" && strings.HasPrefix(val, "!"):
		return val[1:]
	case first == "credential" && last == "helper":
		if strings.HasPrefix(val, "!") {
			return val[1:]
		}
		if strings.Contains(strings.Fields(val)[0], "/") {
			return val
		}
		return ""
	case gitCommandKeys.has(key), first == "pager" && len(parts) == 2,
		first == "core" && (last == "askpass" || last == "gitproxy"),
		first == "diff" && len(parts) == 3 && (last == "textconv" || last == "command"),
		first == "filter" && len(parts) == 3 && (last == "clean" || last == "smudge" || last == "process"),
		first == "merge" && len(parts) == 3 && last == "driver",
		first == "remote" && len(parts) == 3 && (last == "uploadpack" || last == "receivepack"),
		(first == "difftool" || first == "mergetool" || first == "browser" || first == "man") && len(parts) == 3 && (last == "cmd" || last == "path"),
		first == "guitool" && len(parts) == 3 && last == "cmd",
		first == "tar" && len(parts) == 3 && last == "command",
		first == "sendemail" && (len(parts) == 2 || len(parts) == 3) && (last == "sendmailcmd" || last == "tocmd" || last == "cccmd" || last == "headercmd"),
		key == "gpg.ssh.defaultkeycommand", key == "uploadpack.packobjectshook", key == "delta.pager":
		return val
	case first == "sendemail" && (len(parts) == 2 || len(parts) == 3) && last == "smtpserver" && isPathWord(val):
		// a path names a sendmail-like program, run in place of SMTP
		return val
	case key == "instaweb.httpd":
		return val // the web server's command line
	}
	return ""
}

// gitExecPrograms follows the programs git runs from the directory given
// as its exec path (git --exec-path=DIR, GIT_EXEC_PATH=DIR): DIR/git-SUB
// for its subcommand, and DIR/git-remote-SCHEME for a URL it fetches or
// pushes.
func (w *walker) gitExecPrograms(c *Command, args []field, cx ctx) {
	dir := w.setting(c, "GIT_EXEC_PATH")
	sub := -1
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if args[i].Dynamic {
			return
		}
		if d, ok := strings.CutPrefix(v, "--exec-path="); ok {
			dir = d
			continue
		}
		if !strings.HasPrefix(v, "-") {
			sub = i
			break
		}
		if takesValue(v, "Cc", []string{"git-dir", "work-tree", "namespace", "config-env"}) {
			i++
		}
	}
	if dir == "" || sub < 0 {
		return
	}
	dir = strings.TrimSuffix(dir, "/")
	progs := []string{dir + "/git-" + args[sub].Value}
	for _, a := range args[sub+1:] {
		if scheme, _, ok := strings.Cut(a.Value, "://"); ok && scheme != "" && !strings.ContainsAny(scheme, "/ ") {
			progs = append(progs, dir+"/git-remote-"+scheme)
		}
	}
	for _, p := range progs {
		if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
			w.nested(c, shellQuote(p), "git --exec-path", cx, false)
		} else {
			w.nested(c, shellQuote("./"+p), "git --exec-path", cx, false)
		}
	}
}

// gitInstawebServer follows instaweb's -d, the short form of --httpd (a
// code option of git's catalogue entry): the web server's command line,
// which git-instaweb runs in a shell (git instaweb -d 'sh -c …', -ld CMD).
// Other subcommands' -d is another option (git branch -d), so only
// instaweb's counts.
func (w *walker) gitInstawebServer(c *Command, args []field, cx ctx) {
	sub := -1
	for i := 0; i < len(args) && sub < 0; i++ {
		switch v := args[i].Value; {
		case args[i].Dynamic:
			return
		case !strings.HasPrefix(v, "-"):
			sub = i
		case takesValue(v, "Cc", []string{"git-dir", "work-tree", "namespace", "config-env"}):
			i++
		}
	}
	if sub < 0 || args[sub].Value != "instaweb" {
		return
	}
	rest := args[sub+1:]
	for i := 0; i < len(rest); i++ {
		v := rest[i].Value
		if v == "--" {
			return
		}
		if !strings.HasPrefix(v, "-") || strings.HasPrefix(v, "--") {
			continue
		}
		// a bundle of short options: -l is a flag; -d, -m, -p and -b
		// take the rest of the word or the next one
		for j := 1; j < len(v); j++ {
			if !strings.ContainsRune("dmpb", rune(v[j])) {
				continue
			}
			val := field{Word: Word{Value: v[j+1:], Dynamic: rest[i].Dynamic}, in: rest[i].in}
			if j+1 == len(v) {
				if i+1 >= len(rest) {
					return
				}
				i++
				val = rest[i]
			}
			if v[j] == 'd' {
				carrier := c.Name + " --httpd"
				for _, co := range codeOptions("git") {
					if p := helperMissed(co, val); co.Option == "--httpd" && p != "" {
						carrier += " " + p // not a web server instaweb knows: an escape, as --httpd's
					}
				}
				w.runCode(c, "sh", val, carrier, cx)
			}
			break
		}
	}
}

// GitConfigHomes are the variables that say where git reads its
// configuration: a file (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM,
// GIT_CONFIG) or the directory ~/.gitconfig and ~/.config/git/config are
// read from (HOME, XDG_CONFIG_HOME).
var GitConfigHomes = []string{"HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"}

// AgentConfigHomes are the variables that say where a coding agent reads
// the settings that run hguard's hook, or that switch its hooks off
// (rule self-agent-unguarded): an agent started after export
// CLAUDE_CONFIG_DIR=/tmp/c runs with them as claude does after
// CLAUDE_CONFIG_DIR=/tmp/c in front of it.
var AgentConfigHomes = []string{"HOME", "XDG_CONFIG_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "OPENCODE_CONFIG", "OPENCODE_CONFIG_DIR",
	"OPENCODE_CONFIG_CONTENT", "OPENCODE_PURE", "CRUSH_GLOBAL_CONFIG", "HERMES_HOME", "COPILOT_HOME", "AMP_SETTINGS_FILE", "CLAUDE_CODE_SIMPLE",
	"CLAUDE_CODE_SAFE_MODE", "CLAUDE_CODE_SHELL_PREFIX", "GEMINI_CLI_SYSTEM_SETTINGS_PATH"}

// agentCLIs are the coding agents' programs AgentConfigHomes are given to.
var agentCLIs = set("claude", "codex", "gemini", "cursor-agent", "opencode", "crush", "amp", "hermes", "copilot")

// CarriedEnv are the variables the model follows from a line to the
// lines after it (Line.Exports): GitConfigHomes, COMPOSE_PROFILES,
// PytestEnv, AgentConfigHomes, PromptEnv, GoInstallDirs and WrapperEnv
// (PATH apart: Line.PathDirs follow it).
var CarriedEnv = carriedEnv()

// GoInstallDirs are the variables that say where go install puts the
// programs it builds: GOBIN, else GOPATH's bin.
var GoInstallDirs = []string{"GOBIN", "GOPATH"}

// PytestEnv are the variables pytest reads its options and plugins from.
var PytestEnv = []string{"PYTEST_ADDOPTS", "PYTEST_PLUGINS"}

// CMakeLaunchers are the compiler and linker launchers CMake takes from
// the environment, one of each for each language it builds.
var CMakeLaunchers = cmakeLaunchers()

func cmakeLaunchers() []string {
	var out []string
	for _, lang := range []string{"C", "CXX", "CUDA", "HIP", "OBJC", "OBJCXX", "Fortran", "ISPC", "Swift"} {
		out = append(out, "CMAKE_"+lang+"_COMPILER_LAUNCHER", "CMAKE_"+lang+"_LINKER_LAUNCHER")
	}
	return out
}

func carriedEnv() []string {
	out := append(slices.Clip(GitConfigHomes), "COMPOSE_PROFILES")
	out = append(out, PytestEnv...)
	out = append(out, CMakeLaunchers...)
	out = append(out, GoInstallDirs...)
	for _, v := range slices.Concat(AgentConfigHomes, PromptEnv, WrapperEnv) {
		if !slices.Contains(out, v) && v != "PATH" {
			out = append(out, v)
		}
	}
	return out
}

// noteExport records a standalone assignment to one of CarriedEnv
// (Line.Exports). Such a variable is exported in the shell already
// (HOME) or by the assignment (export), so the commands after it run
// with it.
func (w *walker) noteExport(name string, v Word) {
	if !slices.Contains(CarriedEnv, name) || w.nest > 0 {
		return
	}
	if w.line.Exports == nil {
		w.line.Exports = map[string]string{}
	}
	w.line.Exports[name] = v.Value
}

// inheritConfigHomes gives a git command (GitConfigHomes) or a coding
// agent (AgentConfigHomes) the configuration homes the line or an earlier
// one set before it, as if assigned in front of it (export
// HOME=.; git status is HOME=. git status), unless it assigns them itself.
// A git in a container runs with the container's environment.
func (w *walker) inheritConfigHomes(c *Command, homes []string) {
	if w.nest > 0 {
		return
	}
	for _, name := range homes {
		v, ok := w.line.Exports[name]
		if !ok {
			if v, ok = w.before.Exports[name]; !ok {
				continue
			}
		}
		if slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) {
			continue
		}
		c.Assigns = append(c.Assigns, Assign{Name: name, Value: Word{Value: v, Dynamic: strings.ContainsAny(v, "$`")}})
	}
}

// isPathWord reports a word git takes as a file's path rather than a
// host's name: absolute, relative to . or .., or under ~.
func isPathWord(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/")
}
