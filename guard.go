package hguard

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/rules"
)

// Options say where a Guard finds its rules.
type Options struct {
	Home       string // $HGUARD_HOME; "" means no user rules
	ProjectDir string // directory to search upward for .hguard/rules.yaml; "" means none
	NoBuiltin  bool   // leave out the embedded rules (for testing rule files alone)
	// ParseBuiltin loads the built-ins from their YAML, with their examples,
	// compiling every condition now (for hguard rules and tests); by default
	// they come from builtin_gen.go and compile on first use.
	ParseBuiltin bool

	checked *checkedRules // rule files known to compile; nil compiles every file whole
}

// Guard decides commands. It is safe for concurrent use.
type Guard struct {
	rules *dsl.RuleSet
	// unusable are the findings for rule files left out because they
	// could not be used: every check carries them (see Problems).
	unusable []dsl.Finding
	problems []error
	// guarded are where $HGUARD_HOME and the agents' configuration
	// variables point, resolved when the guard was made: writing there
	// switches hguard off as surely as writing ~/.hguard.
	guarded []dsl.GuardDir
}

// Request is one command to decide.
type Request struct {
	Command string
	Cwd     string
	Shell   string
	// AlsoShell is a second grammar the command may run in, when the
	// caller cannot tell which: Codex runs a command in the shell its
	// model names (zsh among them) or in the user's login shell, and its
	// hook does not say which. The command is judged as each reads it
	// and the stricter verdict stands, so that zsh's x='rm -rf ~'; $=x is
	// not allowed because bash reads $=x as a word.
	AlsoShell string
	// Caller is who asks: "" for a person at a terminal (the shell hooks,
	// hguard check), otherwise the coding agent whose hook asks:
	// "claude-code", "codex", "gemini", "cursor", or "agent" when the kind
	// is unknown. Rules see it as caller and agent (docs/rules.md).
	Caller string
	// CDPath is the CDPATH the command's shell inherits from its caller
	// ("" when none, or not known): a relative cd on the line is looked up
	// there as bash, zsh and fish do (cd etc with CDPATH=/ is cd /etc).
	// hguard check passes its own environment's, the person's shell's
	// exported CDPATH; an agent's hook passes its own where the agent's
	// shell commands keep it (Codex, Gemini CLI; Claude Code drops it).
	CDPath string
	// Fetched are absolute paths earlier commands of the session filled
	// from the network (Verdict.Fetched): code the command runs from
	// there is judged as fetched on its own line (curl -o i.sh URL, then
	// bash i.sh).
	Fetched []string
	// Written are absolute paths earlier commands of the session wrote
	// (Verdict.Written), and Since is when the session began: a script
	// the command runs from such a file, or from any file changed since
	// (by a file tool, or a program whose writes hguard does not follow),
	// is read and judged as if the command had written it (echo 'rm -rf
	// ~' > x.sh, then bash x.sh). The zero Since leaves out changed files.
	Written []string
	Since   time.Time
	// Held are the files earlier commands of the session filled with a
	// secret (Verdict.Held): sending one is sending the secret, whatever
	// its content now shows (env > e.txt, approved, then curl -T e.txt).
	Held []string
	// Path are the directories earlier commands of the session put first
	// on PATH (Verdict.PathDirs), and Aliases and Funcs the aliases and
	// functions they defined (Verdict.Aliases, Verdict.Funcs): export
	// PATH=./bin:$PATH, then ls runs ./bin/ls; alias ls='rm -rf ~', then
	// ls runs rm. A later command that runs them is judged with them.
	Path    []string
	Aliases map[string]string
	Funcs   map[string]string
	// Containers are the bind mounts of the containers earlier commands
	// of the session started with a name (Verdict.Containers): docker
	// run -d --name x -v ~:/h …, then docker exec x rm -rf /h deletes ~.
	Containers map[string][]cmdline.Mount
	// Exports are the variables earlier commands of the session set
	// that the model follows (Verdict.Exports, cmdline.CarriedEnv):
	// export HOME=., then git status reads ./.gitconfig.
	Exports map[string]string
	// settingsCommand marks a command of a project's agent settings being
	// judged (agentSettingsFindings): the settings are not read again.
	settingsCommand bool
}

// before is what the session's earlier commands left for the command's
// model, but the files they wrote.
func (req Request) before() cmdline.Before {
	exports := req.Exports
	if cdpath := inheritedCDPath(req.CDPath, req.Shell); cdpath != "" {
		if _, ok := exports["CDPATH"]; !ok {
			// the caller's CDPATH, as if exported before the line
			exports = maps.Clone(exports)
			if exports == nil {
				exports = map[string]string{}
			}
			exports["CDPATH"] = cdpath
		}
	}
	return cmdline.Before{Cwd: req.Cwd, Fetched: fetchedSeeds(req.Fetched), Path: req.Path, Aliases: req.Aliases, Funcs: req.Funcs,
		Containers: req.Containers, Exports: exports}
}

// inheritedCDPath is the part of a caller's CDPATH that a relative cd
// looks in before the current directory: its entries up to the first
// "." or empty one, which bash and fish try in order (CDPATH=.:~ keeps
// cd src in ./src, where the project has one). zsh tries the current
// directory first whatever CDPATH says: none is kept. A CDPATH the line
// sets is read whole (the walker takes its widest entry).
func inheritedCDPath(v, shell string) string {
	if shell == "zsh" {
		return ""
	}
	var keep []string
	for _, e := range strings.Split(v, ":") {
		if e == "" || e == "." || e == "./" {
			break
		}
		keep = append(keep, e)
	}
	return strings.Join(keep, ":")
}

// Verdict is what the rules say about one command: the level of the
// strictest finding, and the findings behind it.
type Verdict struct {
	Level    dsl.Level
	Findings []dsl.Finding
	Line     *cmdline.Line // the parsed model, for explain
	held     []string      // for an agent: dsl.HeldFiles of the line
	carried  carried       // for an agent: what the line sets up in its shell
}

// carried is what a line sets up in the shell for the commands after it:
// the directories it puts on PATH, its aliases and functions.
type carried struct {
	path           []string
	aliases, funcs map[string]string
	containers     map[string][]cmdline.Mount
	exports        map[string]string
}

// carriedOf is what the line sets up, read alone and with the project's
// files (nil: not read so), which add what a script of the project it
// sources sets up.
func carriedOf(line, project *cmdline.Line) carried {
	var c carried
	for _, l := range []*cmdline.Line{line, project} {
		if l == nil {
			continue
		}
		for _, d := range l.PathDirs {
			if !slices.Contains(c.path, d) {
				c.path = append(c.path, d)
			}
		}
		c.aliases = merged(c.aliases, l.Aliases)
		c.funcs = merged(c.funcs, l.Funcs)
		c.exports = merged(c.exports, l.Exports)
		for name, mounts := range l.Containers {
			if c.containers == nil {
				c.containers = map[string][]cmdline.Mount{}
			}
			c.containers[name] = mounts
		}
	}
	return c
}

// merged is m with add's entries put in (m is cloned first).
func merged(m, add map[string]string) map[string]string {
	if len(add) == 0 {
		return m
	}
	m = maps.Clone(m)
	if m == nil {
		m = map[string]string{}
	}
	maps.Copy(m, add)
	return m
}

// New loads and compiles the rules. A user or project rule file that
// cannot be used (it does not parse or compile, or breaks the rules of
// its origin, as a project file that tries to loosen) is left out rather
// than stopping every check: each check then carries an ask finding that
// names the file and the error (user-rules-unreadable,
// project-rules-unreadable), so the rules it holds are never silently
// missing, and Problems lists the errors, each naming path:line:col, the
// rule and the field. An error from New means the built-in rules failed.
func New(opts Options) (*Guard, error) {
	var project string
	if opts.ProjectDir != "" {
		project, _ = FindProjectRules(opts.ProjectDir)
	}
	return loadGuard(opts, project)
}

// loadGuard is New with the project's rule file already found ("" for
// none), so that a caller who searched for it does not search twice.
func loadGuard(opts Options, project string) (*Guard, error) {
	var base [][]*dsl.Rule
	if !opts.NoBuiltin {
		builtin, err := loadBuiltin(opts.ParseBuiltin)
		if err != nil {
			return nil, fmt.Errorf("built-in rules: %w", err)
		}
		base = append(base, builtin)
	}
	var files []ruleFile
	if opts.Home != "" {
		paths, err := filepath.Glob(filepath.Join(opts.Home, "rules.d", "*.yaml"))
		if err != nil {
			return nil, err
		}
		slices.Sort(paths)
		for _, p := range paths {
			files = append(files, loadFile(dsl.User, opts.checked, p))
		}
	}
	if project != "" {
		files = append(files, loadFile(dsl.Project, opts.checked, project))
	}
	g := &Guard{guarded: append(dsl.GuardDirs(opts.Home, os.Getenv), programDirs()...)}
	all := slices.Clone(base)
	for _, f := range files {
		if f.err == nil {
			all = append(all, f.rules)
		}
	}
	rs, err := dsl.NewRuleSet(all...)
	if err != nil {
		// Find the files that break the merge: add them one at a time.
		all = slices.Clone(base)
		for i := range files {
			if files[i].err != nil {
				continue
			}
			if _, err := dsl.NewRuleSet(append(slices.Clone(all), files[i].rules)...); err != nil {
				files[i].err = err
				continue
			}
			all = append(all, files[i].rules)
		}
		if rs, err = dsl.NewRuleSet(all...); err != nil {
			return nil, err // the built-ins alone fail: not a file's fault
		}
	}
	g.rules = rs
	for _, f := range files {
		if f.err != nil {
			g.problems = append(g.problems, f.err)
			g.unusable = append(g.unusable, unusableFinding(f))
		}
	}
	return g, nil
}

// ruleFile is one user or project rule file as loaded.
type ruleFile struct {
	path   string
	origin dsl.Origin
	rules  []*dsl.Rule
	err    error
}

func loadFile(origin dsl.Origin, checked *checkedRules, path string) ruleFile {
	rs, err := loadFiles(origin, checked, path)
	return ruleFile{path: path, origin: origin, rules: rs, err: err}
}

// maxProblemText bounds the error quoted in an unusable file's finding:
// the file is untrusted text, and the finding reaches people and models.
const maxProblemText = 300

// unusableFinding is the ask every check carries while f is left out.
func unusableFinding(f ruleFile) dsl.Finding {
	id, whose := "user-rules-unreadable", "your rule file "+f.path
	if f.origin == dsl.Project {
		id, whose = "project-rules-unreadable", "the project's rule file "+f.path
	}
	msg := sanitize.OneLine(f.err.Error(), maxProblemText)
	return dsl.Finding{Rule: id, Level: dsl.Ask, Source: string(f.origin), Person: true,
		Message: fmt.Sprintf("%s cannot be used, so its rules are not applied (%s): fix or remove it (hguard rules lint %s)", whose, msg, f.path)}
}

// Problems are the errors of the rule files that New left out, each
// naming path:line:col, the rule and the field.
func (g *Guard) Problems() []error { return g.problems }

// FromRules is a Guard of rules already loaded, one slice per file, in
// the order New would load them.
func FromRules(files ...[]*dsl.Rule) (*Guard, error) {
	rs, err := dsl.NewRuleSet(files...)
	if err != nil {
		return nil, err
	}
	return &Guard{rules: rs}, nil
}

// LoadDir reads every *.yaml file in dir, in name order; a missing
// directory holds no rules.
func LoadDir(dir string, origin dsl.Origin) ([]*dsl.Rule, error) {
	return loadDir(dir, origin, nil)
}

func loadDir(dir string, origin dsl.Origin, checked *checkedRules) ([]*dsl.Rule, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	return loadFiles(origin, checked, paths...)
}

// LoadFS reads every *.yaml file in dir of fsys, in name order.
func LoadFS(fsys fs.FS, dir string, origin dsl.Origin) ([]*dsl.Rule, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var (
		out  []*dsl.Rule
		errs []error
	)
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rs, err := dsl.Parse(dsl.Source{Path: name, Data: data, Origin: origin})
		errs = append(errs, err)
		out = append(out, rs...)
	}
	return out, errors.Join(errs...)
}

// loadBuiltin returns the built-in rule packs from builtin_gen.go, which is
// generated from rules/*.yaml by gen.go (TestBuiltinGenerated keeps the two
// in step): no parsing at start, and each condition compiled on first use.
func loadBuiltin(parse bool) ([]*dsl.Rule, error) {
	if parse {
		return LoadFS(rules.FS, ".", dsl.Builtin)
	}
	return dsl.FromSpecs(builtinSpecs, dsl.Builtin), nil
}

// LoadFiles reads rule files by path.
func LoadFiles(origin dsl.Origin, paths ...string) ([]*dsl.Rule, error) {
	return loadFiles(origin, nil, paths...)
}

// loadFiles is LoadFiles; a file checked knows is loaded with its
// conditions compiled on first use, and one that compiles whole is added.
func loadFiles(origin dsl.Origin, checked *checkedRules, paths ...string) ([]*dsl.Rule, error) {
	var (
		out  []*dsl.Rule
		errs []error
	)
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lazy := checked.has(data)
		rs, err := dsl.Parse(dsl.Source{Path: p, Data: data, Origin: origin, Lazy: lazy})
		if err == nil && !lazy {
			checked.add(data)
		}
		errs = append(errs, err)
		out = append(out, rs...)
	}
	return out, errors.Join(errs...)
}

// FindProjectRules looks for .hguard/rules.yaml in dir and its parents.
func FindProjectRules(dir string) (string, bool) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for {
		p := filepath.Join(dir, ".hguard", "rules.yaml")
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// Rules is the guard's merged rule set.
func (g *Guard) Rules() *dsl.RuleSet { return g.rules }

// Check decides one command line. It never fails: what cannot be analysed
// becomes an ask finding with the reason.
func (g *Guard) Check(req Request) Verdict {
	v := g.check(req)
	if req.AlsoShell == "" || req.AlsoShell == req.Shell {
		return v
	}
	also := req
	also.Shell, also.AlsoShell = req.AlsoShell, ""
	for _, f := range g.check(also).Findings {
		if !slices.ContainsFunc(v.Findings, func(x dsl.Finding) bool { return x.Rule == f.Rule && x.Command == f.Command && x.Level >= f.Level }) {
			f.Message += " (as " + req.AlsoShell + " reads the line)"
			v.Findings = append(v.Findings, f)
			v.Level = max(v.Level, f.Level)
		}
	}
	return v
}

// check is Check in one grammar, req.Shell.
func (g *Guard) check(req Request) Verdict {
	before := req.before()
	session := len(req.Written) > 0 || !req.Since.IsZero()
	if session {
		before.Written = earlierFiles(req.Written, req.Since)
	}
	var declined []string // the files an agent's line runs that are not the session's
	if req.Caller != "" {
		read := before.Written
		before.Written = func(p string) (cmdline.EarlierFile, bool) {
			if read != nil {
				if f, ok := read(p); ok {
					return f, true
				}
			}
			declined = append(declined, p)
			return cmdline.EarlierFile{}, false
		}
	}
	line := cmdline.ParseShellAfter(req.Command, req.Shell, before)
	ctx := dsl.Context{Cwd: req.Cwd, Shell: req.Shell, Caller: req.Caller, Guarded: g.guarded, Path: req.Path, Home: os.Getenv("HOME"), BuildOutput: buildOutput, GitHolds: gitHolds, IndexHolds: indexHolds, HeadHolds: headHolds, GitRestores: gitRestores, UntrackedOutput: untrackedOutput, UnignoredOutput: unignoredOutput, WorkTreeHeld: workTreeHeld, WorkTreeHeldAtHead: workTreeHeldAtHead, NoWorkTree: noWorkTree, NothingToLose: nothingToLose, RealDir: realDir}
	if session || len(req.Held) > 0 {
		ctx.SecretFile = sessionSecrets(req.Written, req.Held, req.Since)
	}
	// Both callers see what is on disk: text typed on the line may create
	// or extend a project's secrets file, not replace one that is there
	// (write-credentials), and a person is judged no stricter than an agent.
	ctx.Exists = existsOnDisk()
	ctx.IsLink = linkOnDisk()
	if req.Caller != "" {
		ctx.ArchiveMembers = archiveMembers()
		ctx.SecretsUnder = secretsUnder()
		ctx.PatternFile = patternFile()
		ctx.Present = present()
	}
	findings := g.rules.Evaluate(line, ctx)
	if req.Caller != "" || makesLinks(line) || climbs(line) {
		// An agent may be steered to a link a repository planted (notes.txt
		// -> ~/.ssh/id_rsa), or to a relative path that climbs out of the
		// project (rm -rf ..): the paths are judged where they lead too.
		// A person's line is read as written, but for the links it makes
		// itself (ln -s ~ /tmp/x && rm -rf /tmp/x/, pasted from a page)
		// and the paths that climb (rsync -a ../.ssh host:, from ~/proj),
		// which lead where they lead without a look at the disk.
		if linked := linkedLine(line, req.Cwd, req.Caller == ""); linked != nil {
			for _, f := range g.rules.Evaluate(linked, ctx) {
				if !slices.ContainsFunc(findings, func(x dsl.Finding) bool { return x.Rule == f.Rule && x.Command == f.Command }) {
					f.Message += " (where its path leads)"
					findings = append(findings, f)
				}
			}
		}
	}
	var project *cmdline.Line
	if len(declined) > 0 {
		var more []dsl.Finding
		more, project = g.projectFindings(req, line, declined, findings, ctx)
		findings = append(findings, more...)
	}
	if req.Caller != "" {
		findings = append(findings, g.behindFindings(line, req, findings, ctx)...)
		findings = append(findings, stagedFindings(line, req.Cwd, findings)...)
		findings = append(findings, publishFindings(line, req.Cwd, findings)...)
	}
	if !req.settingsCommand {
		findings = append(findings, g.agentSettingsFindings(line, req, findings)...)
	}
	if len(g.unusable) > 0 {
		findings = append(findings, g.unusable...)
	}
	v := Verdict{Findings: findings, Line: line}
	if req.Caller != "" {
		v.held = dsl.HeldFiles(line, ctx)
		v.carried = carriedOf(line, project)
	}
	for _, f := range findings {
		v.Level = max(v.Level, f.Level)
	}
	return v
}

// Reasons is a one-line summary of the findings at the verdict's level.
func (v Verdict) Reasons() string {
	var msgs []string
	for _, f := range v.Findings {
		if f.Level == v.Level && !slices.Contains(msgs, f.Message) {
			msgs = append(msgs, f.Message)
		}
	}
	return strings.Join(msgs, "; ")
}

// fetchedSeeds are the paths of earlier fetches as the line may name
// them: absolute and under ~ (relative ones resolve against the line's
// directory).
func fetchedSeeds(fetched []string) []string {
	if len(fetched) == 0 {
		return nil
	}
	home := os.Getenv("HOME")
	out := make([]string, 0, 2*len(fetched))
	for _, f := range fetched {
		if !filepath.IsAbs(f) {
			continue
		}
		out = append(out, f)
		if rel, ok := strings.CutPrefix(f, strings.TrimSuffix(home, "/")+"/"); ok && home != "" && home != "/" {
			out = append(out, "~/"+rel)
		}
	}
	return out
}

// Fetched are the absolute paths the command fills from the network (a
// clone, an unpacked or named download, a downloader's output file), for
// the session's later commands (Request.Fetched). A relative path needs
// cwd; one under ~ needs $HOME.
func (v Verdict) Fetched(cwd string) []string {
	if v.Line == nil {
		return nil
	}
	return absPaths(v.Line.Fetched, cwd)
}

// Written are the absolute paths of the files the command writes as far
// as the model follows them, for the session's later commands
// (Request.Written). A relative path needs cwd; one under ~ needs $HOME.
func (v Verdict) Written(cwd string) []string {
	if v.Line == nil {
		return nil
	}
	return absPaths(v.Line.Written, cwd)
}

// PathDirs are the directories the command puts first on PATH, absolute
// (a relative one as written: it is looked up where each later command
// runs), and Aliases and Funcs the aliases and functions it defines, for
// the session's later commands (Request.Path, Request.Aliases,
// Request.Funcs). One under ~ needs $HOME.
func (v Verdict) PathDirs() []string {
	var out []string
	for _, d := range v.carried.path {
		if d == "~" || strings.HasPrefix(d, "~/") {
			if d = strings.Join(absPaths([]string{d}, ""), ""); d == "" {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// Aliases are the aliases the command defines (PathDirs).
func (v Verdict) Aliases() map[string]string { return v.carried.aliases }

// Funcs are the functions the command defines (PathDirs).
func (v Verdict) Funcs() map[string]string { return v.carried.funcs }

// Exports are the variables the command sets that the model follows
// (cmdline.CarriedEnv), for the session's later commands (Request.Exports).
func (v Verdict) Exports() map[string]string { return v.carried.exports }

// Containers are the bind mounts of the containers the command starts
// with a name, for the session's later commands (Request.Containers): a
// relative source is joined to cwd (left out without it); one under ~
// stays so, as the rules read it, and the root is "" (cmdline.Mount).
func (v Verdict) Containers(cwd string) map[string][]cmdline.Mount {
	var out map[string][]cmdline.Mount
	for name, mounts := range v.carried.containers {
		var abs []cmdline.Mount
		for _, m := range mounts {
			if m.Src != "" && !filepath.IsAbs(m.Src) && m.Src != "~" && !strings.HasPrefix(m.Src, "~/") { // "" is the root
				if m.Src = strings.Join(absPaths([]string{m.Src}, cwd), ""); m.Src == "" {
					continue
				}
			}
			abs = append(abs, m)
		}
		if len(abs) > 0 {
			if out == nil {
				out = map[string][]cmdline.Mount{}
			}
			out[name] = abs
		}
	}
	return out
}

// Held are the files the command fills with a secret, as absolute
// patterns (dsl.HeldFiles: a trailing "/" stands for every file under a
// directory, a trailing "*" for the pieces split wrote), for the session's
// later commands (Request.Held); only for an agent's check. A relative
// path needs cwd; one under ~ needs $HOME.
//
// A pattern that is not a path (an unexpanded $VAR, find's {}) is left
// out, and so are the directories that exist before the command runs or
// hold the agent's directory or the home: cp -r ~/.ssh docs/ copies into
// docs (docs/.ssh/ is held, not docs/), and a held project or home would
// make every later command a sending of secrets, a flood an agent could
// raise until the person switches the guard off.
func (v Verdict) Held(cwd string) []string {
	home := filepath.Clean(os.Getenv("HOME"))
	broad := func(a string) bool {
		if a == "/" || a == home || strings.HasPrefix(home+"/", a+"/") {
			return true
		}
		if cwd != "" && (a == filepath.Clean(cwd) || strings.HasPrefix(filepath.Clean(cwd)+"/", a+"/")) {
			return true
		}
		fi, err := os.Stat(a)
		return err == nil && fi.IsDir()
	}
	var out []string
	for _, p := range v.held {
		if p == "/" || strings.ContainsAny(p, "$`") || strings.Contains(p, "{}") {
			continue
		}
		mark := ""
		if strings.HasSuffix(p, "/") || strings.HasSuffix(p, "*") {
			p, mark = p[:len(p)-1], p[len(p)-1:]
		}
		for _, a := range absPaths([]string{p}, cwd) {
			a = strings.TrimSuffix(a, "/")
			if mark != "*" && broad(cmp.Or(a, "/")) {
				continue
			}
			out = append(out, a+mark)
		}
	}
	return out
}

// absPaths makes paths absolute, leaving out those it cannot.
func absPaths(paths []string, cwd string) []string {
	home := os.Getenv("HOME")
	var out []string
	for _, f := range paths {
		switch {
		case filepath.IsAbs(f):
		case f == "~" || strings.HasPrefix(f, "~/"):
			if home == "" {
				continue
			}
			f = filepath.Join(home, f[1:])
		case cwd == "" || !filepath.IsAbs(cwd):
			continue
		default:
			f = filepath.Join(cwd, f)
		}
		out = append(out, filepath.Clean(f))
	}
	return out
}

// programDirs are dsl.ProgramDirs of the running program, once per
// process: an hguard installed outside a bin directory (~/opt/hguard),
// which the hooks run by that path, is guarded as one in ~/.local/bin is.
var programDirs = sync.OnceValue(func() []dsl.GuardDir {
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	return dsl.ProgramDirs(exe, os.Getenv("HOME"))
})
