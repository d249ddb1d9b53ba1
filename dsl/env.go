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

// Context is what the caller knows about where a command runs.
type Context struct {
	Cwd   string // working directory, "" when unknown
	Shell string // "bash", "zsh", "fish", "posix"; "" when unknown
	// Caller is who asks: "" for a person at a terminal (the shell hooks,
	// hguard check), otherwise the coding agent whose hook asks
	// ("claude-code", "codex", "gemini", "cursor", or "agent" when the kind
	// is unknown). Rules read it as caller, and agent is Caller != "".
	Caller string
	// Guarded are the places the environment gives hguard's and the
	// agents' configuration ($HGUARD_HOME=/srv/hg), resolved by GuardDirs:
	// guardPath and persistPath count them besides the names they know.
	Guarded []GuardDir
	// Path are the directories the session's earlier lines put first on
	// PATH (cmdline.Before.Path): a program put there runs by its bare
	// name (shadowFiles, plantedPrograms).
	Path []string
	// Home is the home directory (absolute), when known: a project under
	// it may be named either way (outsideProject).
	Home string
	// SecretFile reports a file, by its cleaned path (absolute or ~/…),
	// that earlier commands of an agent's session wrote and whose content
	// holds a secret (a private key, a cloud key, a token): sending it is
	// sending the secret (holdsSecret). Nil for a person and for a line
	// of its own.
	SecretFile func(path string) bool
	// ArchiveMembers lists the member names of an archive file (by its
	// cleaned path, absolute or ~/…) that an agent's command extracts
	// (archivedOutputs), prints (printedMembers) or sends (sentArchive);
	// not ok when it is no archive read. Nil for a person: a person's
	// checks read no archive.
	ArchiveMembers func(path string) ([]string, bool)
	// SecretsUnder lists the secret files (secretPath by name) on disk
	// under a directory (by its cleaned path, absolute or ~/…), as paths
	// relative to it, that an agent's archiver packs (packedSecrets); none
	// for a file. Nil for a person.
	SecretsUnder func(dir string) []string
	// Exists reports what is on disk at a cleaned path (absolute or ~/…):
	// ok when something is there, dir when it is a directory (a link
	// counts as what it points to). A copy onto an existing file outside
	// an agent's project replaces what no checkpoint holds (replaces), and
	// text written over a secrets file loses its values (write-credentials,
	// for a person too). Nil when nothing is on disk to see.
	Exists func(path string) (dir, ok bool)
	// IsLink reports a symbolic link at a cleaned path (absolute or ~/…),
	// not followed: ln -sf over a link to a file replaces the link, not
	// what it leads to (replaces). Nil when nothing is on disk to see.
	IsLink func(path string) bool
	// PatternFile reads the patterns of a small file on disk (by its
	// cleaned path, absolute or ~/…) that an agent's copier leaves files
	// out by (rsync --exclude-from=F, --filter=':- .gitignore'): its lines
	// but blank ones and comments; not ok when there is none. Nil for a
	// person.
	PatternFile func(path string) ([]string, bool)
	// Present reports a file or directory on disk, by its cleaned path
	// (absolute or ~/…): a word an agent's command gives that names one
	// is no host (namesHost). Nil for a person.
	Present func(path string) bool
	// BuildOutput reports a path (absolute, clean; a glob in its last
	// name is judged by its matches) that a build or a package manager
	// makes again: a directory named as they name their output
	// (checkpoint.BuildOutputDir) or below one, or a file named as a tool
	// names what each run writes, in a git work tree that tracks nothing
	// in it, and no link or repository of its own (a submodule's
	// checkout) on the way. Nil: none is known (regenerable).
	BuildOutput func(path string) bool
	// GitHolds reports a path (absolute, clean) whose content its work
	// tree's git index already holds (checkpoint.GitHolds): overwriting it
	// from the index or a commit loses nothing. Nil: none is known.
	GitHolds func(path string) bool
	// IndexHolds is GitHolds for a copy from the index (git restore PATH,
	// git checkout -- PATH, git rm), which writes only tracked paths: what
	// git does not track there is not looked at (checkpoint.IndexHolds).
	// HeadHolds is IndexHolds for a copy from HEAD while the index is
	// HEAD's tree (checkpoint.HeadHolds). Nil: GitHolds judges.
	IndexHolds, HeadHolds func(path string) bool
	// GitRestores reports a path (absolute, clean) that names a file or
	// link on disk, no directory, that the commit HEAD names holds as it
	// is, with no change staged: deleting it git checkout undoes. Nil:
	// none is known.
	GitRestores func(path string) bool
	// UntrackedOutput reports a directory (absolute, clean) below which
	// every file git does not track is a build's output
	// (checkpoint.UntrackedOutput). Nil: none is known.
	UntrackedOutput func(path string) bool
	// UnignoredOutput is UntrackedOutput of what git neither tracks nor
	// ignores, what git clean without -x or -X deletes
	// (checkpoint.UnignoredOutput). Nil: UntrackedOutput judges.
	UnignoredOutput func(path string) bool
	// WorkTreeHeld reports a directory (absolute, clean) whose whole work
	// tree git holds, index included (checkpoint.WorkTreeHeld). Nil: none
	// is known.
	WorkTreeHeld func(dir string) bool
	// WorkTreeHeldAtHead is WorkTreeHeld for git reset --hard [HEAD],
	// which writes only tracked paths (checkpoint.WorkTreeHeldAtHead).
	// Nil: WorkTreeHeld judges.
	WorkTreeHeldAtHead func(dir string) bool
	// NothingToLose reports a path (absolute, clean; a glob judged by its
	// matches) named as BuildOutput's are, in no git work tree, where
	// nothing is or whose output directory says itself a cache
	// (CACHEDIR.TAG, a .gitignore of *, pyvenv.cfg, node_modules of
	// packages). Nil: none is known.
	NothingToLose func(path string) bool
	// NoWorkTree reports a directory (absolute, clean) in no git work
	// tree: neither it nor one above it holds a .git, and hguard's own
	// environment sets no GIT_DIR or GIT_WORK_TREE. Nil: none is known.
	NoWorkTree func(dir string) bool
	// RealDir is the directory a path (absolute, clean) names with every
	// link on the way followed, where cd into it lands: a project reached
	// by a link (~/Projects/proj -> /src/proj) is the caller's directory
	// there. Not ok when no directory is there. Nil: paths are judged as
	// spelled.
	RealDir func(dir string) (string, bool)

	// held is what the line's commands filled with a secret, built once
	// per line when a rule first asks (Evaluate sets it).
	held *heldSecrets
	// mounts are, for the command a container runs, the host paths
	// mounted into it (as written); nil outside a container.
	mounts []string
	inside bool // the command runs in a container (containersGiven)
}

// CommandEnv is what a command-scope rule's expression sees. Field tags are
// the names used in rules; docs/rules.md describes each.
type CommandEnv struct {
	Name        string            `expr:"name"`
	Path        string            `expr:"path"`
	Args        []string          `expr:"args"`
	Positional  []string          `expr:"positional"`
	Flags       []string          `expr:"flags"`
	DynamicName bool              `expr:"dynamicName"`
	Dynamic     bool              `expr:"dynamic"`
	Assigns     map[string]string `expr:"assigns"`
	Redirects   []RedirectEnv     `expr:"redirects"`
	Outputs     []string          `expr:"outputs"`
	Wrappers    []string          `expr:"wrappers"`
	WrapperArgs []string          `expr:"wrapperArgs"`
	Declared    []string          `expr:"declared"`
	Via         []string          `expr:"via"`
	Stdin       InputEnv          `expr:"stdin"`
	Untrusted   string            `expr:"untrusted"`
	FetchedArgs []string          `expr:"fetchedArgs"`
	Typed       bool              `expr:"typed"`
	Lang        string            `expr:"lang"`
	Code        string            `expr:"code"`
	Opaque      bool              `expr:"opaque"`
	Unfollowed  string            `expr:"unfollowed"`
	Function    string            `expr:"function"`
	Background  bool              `expr:"background"`
	PipeIndex   int               `expr:"pipeIndex"`
	PipeLen     int               `expr:"pipeLen"`
	Source      string            `expr:"source"`
	Line        string            `expr:"line"`
	Unfolded    string            `expr:"unfolded"`
	Cwd         string            `expr:"cwd"`
	Moved       string            `expr:"moved"`
	CwdLost     bool              `expr:"cwdLost"`
	Shell       string            `expr:"shell"`
	Caller      string            `expr:"caller"`
	Agent       bool              `expr:"agent"`
	SecretFiles []string          `expr:"secretFiles"`
	HeldFiles   []string          `expr:"heldFiles"`
	MayWrite    []string          `expr:"mayWrite"`

	Pos         func(i int) string                         `expr:"pos"`
	HasFlag     func(names ...string) bool                 `expr:"hasFlag"`
	Option      func(names ...string) string               `expr:"option"`
	Options     func(names ...string) []string             `expr:"options"`
	WrapperFlag func(wrapper string, names ...string) bool `expr:"wrapperFlag"`
	GuardPath   func(path string) bool                     `expr:"guardPath"`
	PersistPath func(path string) bool                     `expr:"persistPath"`
	GuardParent func(path string) bool                     `expr:"guardParent"`
	// PipedSecrets are the secret files read by the commands whose output
	// reaches this one's standard input (pipedSecrets); built when asked.
	PipedSecrets func() []string `expr:"pipedSecrets"`
	// ShadowFiles are the files the command puts in a bin directory early
	// on PATH named like a program (shadowFiles); built when asked.
	ShadowFiles func() []string `expr:"shadowFiles"`
	// PlantedPrograms are those of ShadowFiles whose content is not a
	// program's own install (plantedPrograms); built when asked.
	PlantedPrograms func() []string `expr:"plantedPrograms"`
	// SendsInput reports that the command sends its standard input to
	// another host (sendsInput).
	SendsInput func() bool `expr:"sendsInput"`
	// WrittenText is the text earlier commands of the line wrote to the
	// files the command names (writtenText); built when asked.
	WrittenText func() string `expr:"writtenText"`
	// PrintsEnvironment reports that the command's output (or its inline
	// code) holds the environment's values (printsEnvironment).
	PrintsEnvironment func() bool `expr:"printsEnvironment"`
	// EnvironmentInput reports that what the command reads holds the
	// environment's values (environmentInput).
	EnvironmentInput func() bool `expr:"environmentInput"`
	// CapturesScreen reports that the command captures the screen
	// (capturesScreen).
	CapturesScreen func() bool `expr:"capturesScreen"`
	// LoadsEnvironment reports a command whose output becomes only
	// export's NAME=VALUE words (loadsEnvironment).
	LoadsEnvironment func() bool `expr:"loadsEnvironment"`
	// FindNarrows reports find's deleting actions running only on what
	// a positive test selects (findNarrows).
	FindNarrows func() bool `expr:"findNarrows"`
	// FindsRegenerable reports find deleting, or running the command on,
	// only what a tool makes again (findsRegenerable).
	FindsRegenerable func() bool `expr:"findsRegenerable"`
	// RotatesListed reports xargs deleting some of what ls lists of the
	// project's own globs (rotatesListed).
	RotatesListed func() bool `expr:"rotatesListed"`
	// HoldsSecret reports a file an earlier command filled with a secret
	// (holdsSecret).
	HoldsSecret func(path string) bool `expr:"holdsSecret"`
	// SecretValue reports a text that expands a variable the line set
	// from a secret (secretValue).
	SecretValue func(text string) bool `expr:"secretValue"`
	// SecretVariables are the variables an earlier assignment of the
	// line set from a secret (secretVariables).
	SecretVariables func() []string `expr:"secretVariables"`
	// TokenSource is text with each variable the line set from a
	// credential helper written as that helper's substitution
	// (tokenSource), for tokenForHost.
	TokenSource func(text string) string `expr:"tokenSource"`
	// ComputedValue reports a text that expands a value the line
	// computes at run time from data it does not show (computedValue).
	ComputedValue func(text string) bool `expr:"computedValue"`
	// XargsTarget reports a file written that xargs takes from data the
	// line does not show (xargsTarget).
	XargsTarget func() bool `expr:"xargsTarget"`
	// OutsideProject reports a path outside an agent's project
	// (outsideProject).
	OutsideProject func(path string) bool `expr:"outsideProject"`
	// CapturePrinted reports a substitution's output the line prints all
	// the same (capturePrinted).
	CapturePrinted func() bool `expr:"capturePrinted"`
	// ProjectLibraryPath reports a library search path naming only the
	// project's own directories (projectLibraryPath).
	ProjectLibraryPath func(name, value string) bool `expr:"projectLibraryPath"`
	// PlantedModule reports python importing a module the line put where
	// it runs from outside the project (plantedModule).
	PlantedModule func() bool `expr:"plantedModule"`
	// Regenerable reports a directory a build or a package manager makes
	// again when it is gone (regenerable).
	Regenerable func(path string) bool `expr:"regenerable"`
	// PlainFile reports a file (no directory) an agent's command names on
	// disk, that the line fills with nothing first (plainFile).
	PlainFile func(path string) bool `expr:"plainFile"`
	// GitHolds reports a path whose content git already holds
	// (gitHolds).
	GitHolds func(path string) bool `expr:"gitHolds"`
	// GitRestores reports a path below the command's directory that git
	// gives back as it was once deleted (gitRestores).
	GitRestores func(path string) bool `expr:"gitRestores"`
	// AppendsStartupLine reports echo appending a static line to a shell
	// start-up file, which the line judges as commands (appendsStartupLine).
	AppendsStartupLine func() bool `expr:"appendsStartupLine"`
	// OwnDotfile reports ln or cp putting a dotfile of a repository in
	// the home in place (ownDotfile).
	OwnDotfile func() bool `expr:"ownDotfile"`
	// UntrackedOutput reports a directory below which every file git does
	// not track is a build's output (untrackedOutput).
	UntrackedOutput func(path string) bool `expr:"untrackedOutput"`
	// WorkTreeHeld reports that git holds the whole work tree the command
	// runs in (workTreeHeld).
	WorkTreeHeld func() bool `expr:"workTreeHeld"`
	// NoWorkTree reports a git command that finds no work tree to change
	// (noWorkTree).
	NoWorkTree func() bool `expr:"noWorkTree"`
	// Replaces reports that a copy of sources into dest replaces a file
	// that exists (replaces).
	Replaces func(dest string, sources []string) bool `expr:"replaces"`
	// ContainerSecrets are the secrets of this machine a container
	// runner's command gives its container or build (containerSecrets).
	ContainerSecrets func() []string `expr:"containerSecrets"`
	// BuildRunsRemote: an image build's Dockerfile (on the line, or
	// where the session or project wrote it) has a RUN line that runs
	// code fetched from the network (buildRunsRemote).
	BuildRunsRemote func() bool `expr:"buildRunsRemote"`
	// CopiedSecrets are the secrets a copier sends to another host from
	// a directory (copiedSecrets).
	CopiedSecrets func() []string `expr:"copiedSecrets"`
	// NamesHost reports a word that names another host (namesHost).
	NamesHost func(word string) bool `expr:"namesHost"`
	// AuthFiles are the account, authentication and audit records the
	// command reads (authFiles).
	AuthFiles func() []string `expr:"authFiles"`
	// OwnHome reports a path in the caller's own home directory
	// (ownHome).
	OwnHome func(path string) bool `expr:"ownHome"`
	// NamesAuth reports that a word of the command, or a string literal of
	// its code, names such a record or a directory of them; the
	// "@auth-files" trigger.
	NamesAuth func() bool `expr:"namesAuth"`
}

// RedirectEnv is one redirection as rules see it.
type RedirectEnv struct {
	Op      string `expr:"op"`
	Fd      string `expr:"fd"`
	Target  string `expr:"target"`
	Dynamic bool   `expr:"dynamic"`
}

// InputEnv is a command's standard input as rules see it.
type InputEnv struct {
	Kind    string   `expr:"kind"`
	From    string   `expr:"from"`
	Args    []string `expr:"args"`
	Text    string   `expr:"text"`
	Static  bool     `expr:"static"`
	Remote  bool     `expr:"remote"`
	Decoded bool     `expr:"decoded"`
	// Origin is the command the pipe's data starts from, through any
	// filters (see pipeOrigin), and OriginArgs its arguments.
	Origin     string   `expr:"origin"`
	OriginArgs []string `expr:"originArgs"`
}

// LineEnv is what a line-scope rule's expression sees.
type LineEnv struct {
	Line      string     `expr:"line"`
	Unfolded  string     `expr:"unfolded"`
	Original  string     `expr:"original"`
	Names     []string   `expr:"names"`
	Functions []string   `expr:"functions"`
	Issues    []IssueEnv `expr:"issues"`
	Cwd       string     `expr:"cwd"`
	Shell     string     `expr:"shell"`
	Caller    string     `expr:"caller"`
	Agent     bool       `expr:"agent"`

	HasIssue func(kind string) bool `expr:"hasIssue"`
}

// IssueEnv is one line-level issue as rules see it.
type IssueEnv struct {
	Kind    string `expr:"kind"`
	Message string `expr:"message"`
}

// newCommandEnv builds the environment for one command. It is built once per
// command and shared by every rule evaluated against it.
func newCommandEnv(c *cmdline.Command, line *cmdline.Line, ctx Context) *CommandEnv {
	args := make([]string, len(c.Args))
	dynamic := false
	for i, w := range c.Args {
		args[i] = w.Value
		dynamic = dynamic || w.Dynamic
	}
	env := &CommandEnv{
		Name:        c.Name,
		Path:        c.Path,
		Args:        args,
		DynamicName: c.Dynamic,
		Dynamic:     dynamic,
		Via:         c.Via,
		Untrusted:   c.Untrusted,
		FetchedArgs: c.Fetched,
		Typed:       c.Typed,
		Function:    c.Func,
		Background:  c.Background,
		PipeIndex:   c.Pipe.Index,
		PipeLen:     c.Pipe.Len,
		Source:      c.Source,
		Line:        line.Normalized,
		Unfolded:    cmp.Or(line.Unfolded, line.Normalized),
		Cwd:         commandCwd(ctx.Cwd, c.Cwd, c.CwdRel),
		CwdLost:     c.CwdLost,
		Shell:       ctx.Shell,
		Caller:      ctx.Caller,
		Agent:       ctx.Caller != "",
		Stdin: InputEnv{
			Kind: c.Stdin.Kind, From: c.Stdin.From, Args: feederArgs(c, line), Text: c.Stdin.Text,
			Static: c.Stdin.Static, Remote: c.Stdin.Remote, Decoded: c.Stdin.Decoded,
		},
	}
	env.Stdin.Origin, env.Stdin.OriginArgs = pipeOrigin(c, line)
	if len(c.Assigns) > 0 {
		env.Assigns = make(map[string]string, len(c.Assigns))
		for _, a := range c.Assigns {
			env.Assigns[a.Name] = a.Value.Value
		}
	}
	for _, r := range c.Redirects {
		env.Redirects = append(env.Redirects, RedirectEnv{Op: r.Op, Fd: r.Fd, Target: r.Target.Value, Dynamic: r.Target.Dynamic})
	}
	for _, w := range c.Wrappers {
		env.Wrappers = append(env.Wrappers, w.Name)
		env.WrapperArgs = append(env.WrapperArgs, w.Args...)
	}
	env.Declared = declarations(c.Name, args, ctx.Shell) // args: the words as written, built above
	if p := c.Payload; p != nil {
		env.Lang, env.Code, env.Opaque, env.Unfollowed = p.Lang, p.Code, p.Opaque, p.Unfollowed
		if joined := joinedLiterals(p.Code); joined != p.Code {
			// "~/.cla" + "ude/settings.json": the rules' patterns see the
			// literals joined too
			env.Code += "\n" + joined
		}
	}
	env.Positional, env.Flags = splitArgs(args, valueOptions[programName(c.Name)])
	// After a cd on the line out of the project the models see the words
	// joined to where it moved (movedView), and rules the words as
	// written: args, positional and the option values.
	written, writtenPos, view := args, env.Positional, args
	if env.Moved = movedDir(c.Moved); env.Moved != "" {
		view = movedView(env.Moved, c)
		args = view
		env.Args = view
		env.Positional, _ = splitArgs(view, valueOptions[programName(c.Name)])
	}
	if env.Moved == "" && c.LostDir != "" {
		// cd "$X" && scp -r .ssh host:: the words that name a home's file
		// or key directory below the unknown directory are read there
		if joined, ok := lostView(c.LostDir, args); ok {
			args, env.Args = joined, joined
			env.Positional, _ = splitArgs(joined, valueOptions[programName(c.Name)])
		}
	}
	env.Outputs = outputs(c.Name, args, env.Positional, env.Redirects)
	named := withoutScript(c, args) // the words whose files the command itself reads
	env.SecretFiles = secretFiles(c.Name, named, env.Positional, env.Redirects)
	if outs, secrets := lostNames(c, env.Redirects); len(outs)+len(secrets) > 0 {
		env.Outputs = append(env.Outputs, outs...)
		env.SecretFiles = append(env.SecretFiles, secrets...)
	}
	env.SecretFiles = append(env.SecretFiles, chdirSecrets(c, args, env.Positional, env.Cwd)...)
	env.Outputs = append(env.Outputs, patchedFiles(line, c, args, env.Positional, env.Cwd)...)
	env.Outputs = append(env.Outputs, scriptedEdits(c, args, env.Positional)...)
	if !ctx.inside {
		env.Outputs = append(env.Outputs, archivedOutputs(c.Name, args, env.Positional, env.Cwd, ctx)...)
		env.SecretFiles = append(env.SecretFiles, printedMembers(c, args, env.Positional, env.Cwd, ctx)...)
	}
	for _, w := range c.Wrappers {
		// a launcher's own options write too: strace -o FILE CMD
		env.Outputs = append(env.Outputs, genericOutputs(w.Name, w.Args, nil)...)
	}
	if env.Code != "" {
		env.SecretFiles = append(env.SecretFiles, codeSecrets(env.Code, env.Cwd)...)
	}
	env.SecretFiles = append(env.SecretFiles, moreSecrets(c, named, env)...)
	env.SecretFiles = append(env.SecretFiles, huntedSecrets(c, line, env, ctx.Home)...)
	env.SecretFiles = append(env.SecretFiles, expandedSecrets(c, env)...)
	gs := guards(ctx.Guarded)
	env.Outputs = append(env.Outputs, searchedGuards(c, line, env, gs)...)
	env.MayWrite = mayWrite(c, named, env.Outputs, gs)
	if s, w := fromEarlierFiles(line, c, args, gs); len(s)+len(w) > 0 {
		env.SecretFiles = append(env.SecretFiles, s...)
		env.MayWrite = append(env.MayWrite, w...)
	}
	viewEnv := *env
	if env.Moved != "" {
		// the one place every model's list is joined to where the cd moved
		if extractsHere(c, args, env.Positional) {
			env.Outputs = append(env.Outputs, env.Moved) // cd ~ && tar xf a.tar is tar xf a.tar -C ~
		}
		env.Outputs = joinMoved(env.Moved, env.Outputs)
		env.SecretFiles = joinMoved(env.Moved, env.SecretFiles)
		env.MayWrite = joinMoved(env.Moved, env.MayWrite)
		viewEnv = *env
		if !systemObjects(env.Moved) {
			args, env.Args, env.Positional = written, written, writtenPos
		}
	}
	env.Outputs = append(env.Outputs, globOutputs(c, env.Outputs)...) // cp /tmp/x ~/.bash[r]c writes ~/.bashrc
	// //proc/sysrq-trigger and /etc/./sudoers are the files the rules name
	for _, list := range [][]string{env.Outputs, env.SecretFiles, env.MayWrite, env.Positional, env.Args} {
		for i, p := range list {
			list[i] = tidyAbsolute(p)
		}
	}
	for i := range env.Redirects {
		env.Redirects[i].Target = tidyAbsolute(env.Redirects[i].Target)
	}
	if ctx.inside {
		// Inside a container only this machine's files count: what it
		// writes of its own stays there.
		env.SecretFiles = slices.DeleteFunc(env.SecretFiles, func(f string) bool { return !hostFile(f, ctx.mounts, env.Cwd) })
		env.Outputs = slices.DeleteFunc(env.Outputs, func(f string) bool { return !hostPath(f, ctx.mounts, env.Cwd) })
	}

	pos := env.Positional
	env.Pos = func(i int) string {
		if i < 0 || i >= len(pos) {
			return ""
		}
		return pos[i]
	}
	env.HasFlag = func(names ...string) bool { return hasFlag(args, names) }
	var piped []string
	pipedDone := false
	env.PipedSecrets = func() []string {
		if !pipedDone {
			piped, pipedDone = pipedSecrets(c, line, ctx), true
		}
		return piped
	}
	env.SendsInput = func() bool { return sendsInput(c, args, pos) }
	env.WrittenText = func() string { return writtenText(c, line) }
	var placed []placement
	placedDone := false
	pathDirs := ctx.Path
	if line != nil {
		pathDirs = slices.Concat(line.PathDirs, ctx.Path)
	}
	place := func() []placement {
		if !placedDone {
			placed, placedDone = placements(c, line, pathDirs, view, &viewEnv), true
		}
		return placed
	}
	env.ShadowFiles = func() []string { return shadowFiles(place()) }
	env.PlantedPrograms = func() []string { return plantedPrograms(place(), pathDirs) }
	env.PrintsEnvironment = func() bool { return printsEnvironment(c) }
	env.EnvironmentInput = func() bool { return environmentInput(c, line, ctx, env) }
	env.CapturesScreen = func() bool { return capturesScreen(c) }
	env.LoadsEnvironment = func() bool { return loadsEnvironment(c, line) }
	env.HoldsSecret = func(p string) bool {
		h, i := ctx.heldBefore(c, line)
		return h.names(p, env.Cwd, i, ctx) || sentArchive(p, env.Cwd, ctx)
	}
	env.Regenerable = func(p string) bool {
		return regenerable(p, env.Cwd, ctx, !c.CwdLost && !dynamicArg(c, p)) && !filledEarlier(p, env.Cwd, c, line, ctx)
	}
	env.FindNarrows = func() bool { return findNarrows(c) }
	env.FindsRegenerable = func() bool { return findsRegenerable(c, line, ctx, env.Regenerable) }
	env.RotatesListed = func() bool { return rotatesListed(c, line, env.Cwd, ctx) }
	env.PlainFile = func(p string) bool { return plainFile(p, env.Cwd, ctx) && !filledEarlier(p, env.Cwd, c, line, ctx) }
	env.GitHolds = func(p string) bool {
		return gitHolds(p, env.Cwd, ctx.copiedBy(c)) && !filledEarlier(p, env.Cwd, c, line, ctx)
	}
	env.GitRestores = func(p string) bool { return gitRestores(p, env.Cwd, ctx) && !filledEarlier(p, env.Cwd, c, line, ctx) }
	env.AppendsStartupLine = func() bool { _, ok := cmdline.StartupLine(c); return ok }
	env.OwnDotfile = func() bool { return ownDotfiles(line) }
	env.WorkTreeHeld = func() bool {
		held := ctx.WorkTreeHeld
		if ctx.WorkTreeHeldAtHead != nil && resetsToHead(env.Positional) {
			held = ctx.WorkTreeHeldAtHead
		}
		return held != nil && strings.HasPrefix(env.Cwd, "/") && !slices.Contains(strings.Split(env.Cwd, "/"), "..") &&
			!filledEarlier(env.Cwd, env.Cwd, c, line, ctx) && held(entered(path.Clean(env.Cwd), env.Cwd, ctx))
	}
	env.NoWorkTree = func() bool { return noWorkTree(c, line, env.Cwd, ctx) }
	env.UntrackedOutput = func(p string) bool {
		octx := ctx
		if ctx.UnignoredOutput != nil && len(env.Positional) > 0 && env.Positional[0] == "clean" && !hasFlag(args, []string{"x", "X"}) {
			octx.UntrackedOutput = ctx.UnignoredOutput // git clean leaves ignored files alone without -x, -X
		}
		return untrackedOutput(p, env.Cwd, octx) && !filledEarlier(p, env.Cwd, c, line, ctx)
	}
	env.OutsideProject = func(p string) bool {
		project := projectDir(line, ctx)
		return outsideProject(p, env.Cwd, project, ctx.Home) && !linkedIntoProject(p, env.Cwd, project, ctx) &&
			(!ctx.inside || hostPath(p, ctx.mounts, env.Cwd))
	}
	env.CapturePrinted = func() bool { return capturePrinted(c, line) }
	env.ProjectLibraryPath = func(name, value string) bool {
		return projectLibraryPath(name, value, env.Cwd, ctx.Cwd, c, line, ctx)
	}
	env.PlantedModule = func() bool { return plantedModule(c, line, env.Cwd, ctx.Cwd, ctx) }
	env.Replaces = func(dest string, sources []string) bool {
		return !(c.Name == "ln" && relinks(dest, env.Cwd, ctx)) && replaces(dest, sources, env.Cwd, ctx)
	}
	env.ContainerSecrets = func() []string {
		if c.Container == nil {
			return nil
		}
		return containerSecrets(c.Container, env.Cwd, env.HoldsSecret)
	}
	env.BuildRunsRemote = func() bool {
		return c.Container != nil && strings.HasSuffix(c.Container.Runner, " build") && runsRemote(c.Container.Line, 0)
	}
	env.CopiedSecrets = func() []string { return copiedSecrets(c, args, pos, env.Cwd, ctx) }
	env.OwnHome = func(p string) bool { return ownHome(p, ctx.Home) }
	env.AuthFiles = func() []string { return joinMoved(env.Moved, authFilesRead(c, view, &viewEnv, ctx.Home)) }
	env.NamesAuth = func() bool { return namesAuth(view, &viewEnv) }
	env.NamesHost = func(w string) bool {
		h := bareHost(w)
		return h != "" && (ctx.Present == nil || strings.Contains(w, "://") || !ctx.Present(resolveIn(w, env.Cwd)))
	}
	env.SecretValue = func(text string) bool {
		h, i := ctx.heldBefore(c, line)
		return h.expands(text, i)
	}
	env.SecretVariables = func() []string {
		h, i := ctx.heldBefore(c, line)
		var names []string
		for _, v := range h.vars {
			if v.by < i && !slices.Contains(names, v.name) {
				names = append(names, v.name)
			}
		}
		for _, a := range c.Assigns {
			// T=$(gh auth token) python3 -c …: the command's own environment
			if h.expands(a.Value.Value, i) && !slices.Contains(names, a.Name) {
				names = append(names, a.Name)
			}
		}
		return names
	}
	env.TokenSource = func(text string) string {
		h, i := ctx.heldBefore(c, line)
		return h.tokenSource(text, i, 0)
	}
	env.ComputedValue = func(text string) bool { return computedValue(text, c, line, ctx) }
	env.XargsTarget = func() bool { return xargsTarget(c, env, line, ctx) }
	env.GuardPath, env.PersistPath = guardPath, persistPath
	env.GuardParent = func(p string) bool { return guardParentIn(p, gs, ctx.Home) }
	if len(gs) > 0 {
		env.GuardPath = func(p string) bool { return guardPathIn(p, gs) }
		env.PersistPath = func(p string) bool { return persistPathIn(p, gs) }
	}
	if literal := literalGlobs(c.Args); len(literal) > 0 {
		// go test -bench ".*" names no hidden directory: the shell
		// expands no quoted glob, nor one inside an option's -x=VALUE
		guard := env.GuardPath
		env.GuardPath = func(p string) bool {
			for _, prefix := range []string{"", env.Cwd + "/", "~/"} {
				if rest, ok := strings.CutPrefix(p, prefix); ok && literal[rest] {
					return guardLiteral(p, gs)
				}
			}
			return guard(p)
		}
	}
	env.Option = func(names ...string) string {
		if v := optionValues(args, names, true); len(v) > 0 {
			return v[0]
		}
		return ""
	}
	env.Options = func(names ...string) []string { return optionValues(args, names, false) }
	env.WrapperFlag = func(wrapper string, names ...string) bool {
		for _, w := range c.Wrappers {
			if w.Name == wrapper && hasFlag(w.Args, names) {
				return true
			}
		}
		return false
	}
	if ctx.Caller != "" {
		// For an agent a file its commands filled with a secret is sent as a
		// secret file is, whatever program names it and however (curl -H
		// @e.txt, wget -i e.txt, gh api -F b=@e.txt).
		env.HeldFiles = heldIn(c, args, env, func(p string) bool {
			// an archive on disk only by its name: every word of every
			// command is asked, and holdsSecret looks into any file a rule sends
			h, i := ctx.heldBefore(c, line)
			return h.names(p, env.Cwd, i, ctx) || archiveNamed(p) && sentArchive(p, env.Cwd, ctx)
		})
	}
	return env
}

// expandedSecrets are the bare names with an unquoted glob that the shell
// expands to a secret file where the command runs (curl -T .e?v, scp .e*
// h:): the words secretIn leaves to grep-like patterns, which a shell
// does not expand when they are quoted.
func expandedSecrets(c *cmdline.Command, env *CommandEnv) []string {
	prog := programName(c.Name)
	if secretUsers.has(c.Name) || secretUsers.has(prog) || len(c.Args) > 256 || patternFirst[prog] {
		return nil
	}
	dest := ""
	if copiers.has(prog) && len(env.Positional) > 1 {
		dest = env.Positional[len(env.Positional)-1]
	}
	var out []string
	for i, w := range c.Args {
		v := w.Value
		if up, ok := curlUpload(c.Args, i); ok && (prog == "curl" || prog == "curlie") && !w.Dynamic {
			// curl globs what it uploads itself, quoted or not: -T '.en[v-v]'
			for _, q := range curlExpansions(up) {
				if q != v && sensitivePath(q) && !slices.Contains(out, q) {
					out = append(out, q)
				}
			}
		}
		if w.Quoted || w.Dynamic || v == dest || strings.HasPrefix(v, "-") || strings.Contains(v, "/") || !strings.ContainsAny(v, "*?[") {
			continue
		}
		if globNamesSecret(v, false) && !slices.Contains(env.SecretFiles, v) {
			out = append(out, v)
		}
	}
	return out
}

// withoutScript is args less the script of a shell's -c (bash -lc 'cp
// .env.example .env'): the walker follows it, and each of its commands is
// judged on its own words, so the carrier reads no file its script names.
// A script known only at run time ("$(curl …)") stays.
func withoutScript(c *cmdline.Command, args []string) []string {
	i, ok := cmdline.ShellScript(c)
	if !ok || c.Args[i].Dynamic || len(args) != len(c.Args) {
		return args
	}
	return slices.Delete(slices.Clone(args), i, i+1)
}

// patternFirst are programs whose words are as likely patterns as files.
var patternFirst = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true, "sed": true,
	"awk": true, "gawk": true, "find": true, "fd": true, "locate": true, "git": true}

// heldIn are the words of command c naming a held file (HoldsSecret), as
// secretFiles finds secret files: an operand, an option's value (-fP,
// --f=P, k=@P, @P), a copy's source; not a copy's destination, and none
// for the programs that only test, list, move or delete what they name.
func heldIn(c *cmdline.Command, args []string, env *CommandEnv, holds func(string) bool) []string {
	prog := programName(c.Name)
	if secretUsers.has(c.Name) || secretUsers.has(prog) || len(args) == 0 || len(args) > 64 {
		return nil
	}
	dest := ""
	if copiers.has(prog) && len(env.Positional) > 1 {
		dest = env.Positional[len(env.Positional)-1]
	}
	held := func(p string) bool {
		// a secret by its name is secretFiles' (cert.pem is no held file)
		return !sensitivePath(resolveIn(cleanPath(p), env.Cwd)) && holds(p)
	}
	takes := valueOptions[prog]
	written := func(v string) bool {
		// curl -o x, wget -O x: an output is written, not sent
		return slices.ContainsFunc(env.Outputs, func(o string) bool { return cleanPath(o) == cleanPath(v) })
	}
	var out []string
	for _, a := range args {
		if a == dest || strings.Contains(a, "://") {
			continue
		}
		if takes != nil && len(a) > 2 && a[0] == '-' && a[1] != '-' && !strings.Contains(a, "=") {
			// a cluster of short options (-fsL) names a file only as the
			// value of the first one that takes a value (-fd@e.txt)
			if a = clusterValue(a, takes); a == "" {
				continue
			}
		}
		if v := fileIn(a, held); v != "" && !slices.Contains(env.SecretFiles, v) && !written(v) {
			out = append(out, v)
		}
	}
	if env.Code != "" {
		// python3 -c '…sendall(open("e.txt").read())': the code's literals
		for _, lit := range codeLiterals(env.Code) {
			if lit != "" && !strings.ContainsAny(lit, " \t\n") && held(lit) && !slices.Contains(out, lit) {
				out = append(out, lit)
			}
		}
	}
	return out
}

// clusterValue is the value a cluster of short options carries (-fd@x →
// @x, -ox → x): what follows the first option that takes one; "" when
// none of them does (-fsSL).
func clusterValue(arg string, takes *nameSet) string {
	for i := 1; i < len(arg); i++ {
		if takes.has("-" + arg[i:i+1]) {
			return arg[i+1:]
		}
	}
	return ""
}

func newLineEnv(line *cmdline.Line, ctx Context) *LineEnv {
	env := &LineEnv{Line: line.Normalized, Unfolded: cmp.Or(line.Unfolded, line.Normalized), Original: line.Original, Cwd: ctx.Cwd, Shell: ctx.Shell,
		Caller: ctx.Caller, Agent: ctx.Caller != "", Functions: line.Functions}
	for _, c := range line.Commands {
		env.Names = append(env.Names, c.Name)
	}
	for _, is := range line.Issues {
		env.Issues = append(env.Issues, IssueEnv{Kind: string(is.Kind), Message: is.Message})
	}
	env.HasIssue = func(kind string) bool {
		for _, is := range line.Issues {
			if string(is.Kind) == kind {
				return true
			}
		}
		return false
	}
	return env
}

// splitArgs separates arguments into positional ones and options. After
// "--" everything is positional; before it an argument starting with "-"
// is an option ("-" alone is stdin, positional), and the separate value of
// an option in takesValue ("git -C DIR", "rg -g GLOB") is neither: it is not
// mistaken for an operand, nor for an option when it starts with "-".
// For programs hguard has no table for, an option's separate value counts
// as positional; rules that care use option().
func splitArgs(args []string, takesValue *nameSet) (positional, flags []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(positional, args[i+1:]...), flags
		case a == "-" || !strings.HasPrefix(a, "-"):
			positional = append(positional, a)
		default:
			flags = append(flags, a)
			if takesValue.has(a) {
				i++ // skip the option's value
			}
		}
	}
	return positional, flags
}

// valueOptions lists, for programs whose subcommand or operands rules
// inspect, the options that take a separate value, so that the value is
// not mistaken for a positional argument (git -C repo reset --hard).
var valueOptions = map[string]*nameSet{
	"git": set("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"),
	"docker": set("-H", "--host", "--context", "--config", "-l", "--log-level", "-v", "--volume", "-e", "--env",
		"-p", "--publish", "--name", "-w", "--workdir", "--mount", "--network", "--net", "-u", "--user",
		"--entrypoint", "--env-file", "--pid", "--cap-add", "--security-opt", "--filter", "-t", "--tag", "--platform",
		"--ipc", "--userns", "--uts", "--label", "--restart", "-m", "--memory", "--cpus", "--add-host", "--hostname", "-h"),
	"podman": set("-H", "--host", "--url", "--connection", "-c", "-v", "--volume", "-e", "--env", "-p", "--publish",
		"--name", "-w", "--workdir", "--mount", "--network", "--net", "-u", "--user", "--entrypoint", "--pid",
		"--cap-add", "--security-opt", "-t", "--tag"),
	"kubectl": set("-n", "--namespace", "--context", "--kubeconfig", "-f", "--filename", "-l", "--selector",
		"-o", "--output", "-c", "--container", "--cluster", "--user", "-s", "--server", "--field-selector"),
	"helm": set("-n", "--namespace", "--kube-context", "--kubeconfig", "-f", "--values", "--set", "--set-string", "--version", "--repo",
		"-u", "--username", "-p", "--password", "--cert-file", "--key-file", "--ca-file"),
	// the registry clients' logins: the registry is the operand left
	"buildah": set("-u", "--username", "-p", "--password", "--authfile", "--cert-dir"),
	"skopeo":  set("-u", "--username", "-p", "--password", "--authfile", "--cert-dir"),
	"oras":    set("-u", "--username", "-p", "--password", "--registry-config", "--ca-file", "--cert-file", "--key-file"),
	"crane":   set("-u", "--username", "-p", "--password", "--platform"),
	"regctl":  set("-u", "--user", "-p", "--pass", "--host", "--logopt"),
	"curl": set("-o", "--output", "-d", "--data", "--data-binary", "--data-raw", "--data-ascii", "--data-urlencode",
		"--json", "-H", "--header", "-X", "--request", "-u", "--user", "-A", "--user-agent", "-e", "--referer",
		"-F", "--form", "--form-string", "-T", "--upload-file", "-x", "--proxy", "-b", "--cookie", "-c",
		"--cookie-jar", "-K", "--config", "-w", "--write-out", "-m", "--max-time", "--connect-timeout",
		"--retry", "--cacert", "--cert", "-E", "--key", "--resolve", "-r", "--range", "-C", "--continue-at", "--url"),
	"wget": set("-O", "--output-document", "-P", "--directory-prefix", "-o", "--output-file", "-a", "--append-output",
		"-U", "--user-agent", "--header", "-t", "--tries", "-T", "--timeout", "--post-data", "--post-file",
		"--body-data", "--body-file", "-e", "--execute", "-i", "--input-file", "--user", "--password"),
	"ssh": set("-i", "-p", "-o", "-l", "-L", "-R", "-D", "-F", "-J", "-b", "-c", "-E", "-m", "-O", "-Q", "-S", "-W", "-w"),
	"scp": set("-i", "-P", "-o", "-F", "-J", "-c", "-l", "-S"),
	"rsync": set("-e", "--rsh", "--rsync-path", "--exclude", "--include", "--exclude-from", "--include-from",
		"-f", "--filter", "--files-from", "-T", "--temp-dir", "--partial-dir", "--backup-dir", "--suffix",
		"--log-file", "--password-file", "--port", "--chmod", "--chown", "--compare-dest", "--copy-dest",
		"--link-dest", "-B", "--block-size", "--bwlimit", "--timeout", "--max-size", "--min-size", "--out-format",
		"-M", "--remote-option", "--usermap", "--groupmap", "--iconv", "--max-delete", "--address"),
	"rclone": set("--exclude", "--include", "--filter", "--exclude-from", "--include-from", "--filter-from",
		"--files-from", "--config", "--transfers", "--checkers", "--bwlimit", "--log-file", "--log-level",
		"--backup-dir", "--suffix", "--max-age", "--min-age", "--max-size", "--min-size", "--max-depth"),
	"gsutil": set("-x", "-h", "-o"),
	"tar":    set("-C", "--directory", "-f", "--file", "-T", "--files-from", "-X", "--exclude-from"),
	"gh":     set("-R", "--repo", "--hostname"),
	"aws":    set("--profile", "--region", "--output", "--endpoint-url", "--query", "--cli-input-json", "--exclude", "--include"),
	"gcloud": set("--project", "--zone", "--region", "--format", "--account", "--configuration", "--exclude", "-x"),
	"pip": set("-r", "--requirement", "-i", "--index-url", "--extra-index-url", "-c", "--constraint", "-t",
		"--target", "--trusted-host", "-f", "--find-links", "--prefix", "--root"),
	"npm":       set("--prefix", "--registry", "-w", "--workspace"),
	"terraform": set("-chdir"),
	"redis-cli": set("-h", "-p", "-a", "-n", "-u", "--user", "--pass"),
	"psql":      set("-h", "--host", "-p", "--port", "-U", "--username", "-d", "--dbname", "-f", "--file", "-o", "--output", "-v", "--set"),
	"mysql":     set("-h", "--host", "-P", "--port", "-u", "--user", "-D", "--database", "-S", "--socket"),
	"kill":      set("-s", "-n"),
	"rg": set("-g", "--glob", "--iglob", "-e", "--regexp", "-f", "--file", "-t", "--type", "-T", "--type-not",
		"-m", "--max-count", "-A", "-B", "-C", "--context", "-r", "--replace", "--pre-glob", "--type-add", "-j",
		"--threads", "-M", "--max-columns", "--max-depth", "--ignore-file", "-E", "--encoding", "--sort", "--sortr"),
	"sort": set("-o", "--output", "-k", "--key", "-t", "--field-separator", "-T", "--temporary-directory",
		"-S", "--buffer-size", "--files0-from", "--parallel", "--batch-size"),
	"man": set("-C", "--config-file", "-M", "--manpath", "-S", "-s", "--sections", "-L", "--locale", "-m",
		"--systems", "-e", "--extension", "-p", "--preprocessor", "-E", "--encoding", "-R", "--recode", "-r", "--prompt"),
	"ag": set("--ignore", "-G", "--file-search-regex", "-g", "--ignore-dir", "-A", "-B", "-C", "-m", "--max-count",
		"--depth", "-p", "--path-to-ignore", "--workers"),
	"chmod":     set("--reference"),
	"chown":     set("--reference", "--from"),
	"systemctl": set("-H", "--host", "-M", "--machine", "-p", "--property", "-t", "--type", "-s", "--signal", "--state"),
}

// splitFlagName reads a flag as a rule writes it: "-r" or "r" is short,
// "--recursive" or "recursive" is long.
func splitFlagName(name string) (flag string, long bool) {
	switch {
	case strings.HasPrefix(name, "--"):
		return name[2:], true
	case strings.HasPrefix(name, "-"):
		return name[1:], len(name) > 2
	default:
		return name, len(name) > 1
	}
}

// hasFlag reports whether args (up to "--") hold any of the flags: a short
// flag alone or bundled ("-r" in "-rf" or "-fr"), a long flag alone or with a
// value ("--recursive", "--force=yes").
func hasFlag(args, names []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for _, n := range names {
			flag, long := splitFlagName(n)
			if flag == "" {
				continue
			}
			if long {
				if strings.HasPrefix(a, "--") && (a[2:] == flag || strings.HasPrefix(a[2:], flag+"=")) {
					return true
				}
				// Some tools take long options with one dash (find -delete, java -jar).
				if !strings.HasPrefix(a, "--") && (a[1:] == flag || strings.HasPrefix(a[1:], flag+"=")) {
					return true
				}
				continue
			}
			if !strings.HasPrefix(a, "--") && strings.Contains(clusterFlags(a[1:]), flag) {
				return true
			}
		}
	}
	return false
}

// clusterFlags is the part of a short-option word that names flags: all
// of bundled short flags ("rf", "xzvf"), or the letters before a path the
// last of them takes as its value, as getopt reads it (nc -e/bin/sh, gh
// -Ro/r, tar -xf~/x.tar); "" for a word of another shape (-Dkey.x=1).
func clusterFlags(s string) string {
	if bundled(s) {
		return s
	}
	i := strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
	if i > 0 && (s[i] == '/' || s[i] == '~') {
		return s[:i]
	}
	return ""
}

// bundled reports whether s looks like bundled short flags ("rf", "xzvf").
func bundled(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// optionValues collects the values of the named options: "-o V", "-oV",
// "--out V", "--out=V", and for long names also the one-dash spelling of
// Go's flag package and its users (terraform -target=X, -var-file F), as
// hasFlag reads them. With first set it stops at the first value.
func optionValues(args, names []string, first bool) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			continue
		}
		for _, n := range names {
			flag, long := splitFlagName(n)
			if flag == "" {
				continue
			}
			var (
				v  string
				ok bool
			)
			switch {
			case long && strings.HasPrefix(a, "--"+flag+"="):
				v, ok = a[len(flag)+3:], true
			case long && strings.HasPrefix(a, "-"+flag+"="):
				v, ok = a[len(flag)+2:], true
			case long && (a == "--"+flag || a == "-"+flag), !long && a == "-"+flag:
				if i+1 < len(args) {
					i++
					v, ok = args[i], true
				}
			case !long && !strings.HasPrefix(a, "--") && strings.HasPrefix(a[1:], flag):
				v, ok = a[1+len(flag):], true
			case !long && len(flag) == 1 && !strings.HasPrefix(a, "--") && bundledBefore(a, flag[0]) > 0:
				// flags bundled before it: curl -so FILE, -soFILE, wget -qOFILE
				j := bundledBefore(a, flag[0])
				if v, ok = a[j+1:], true; v == "" {
					if ok = i+1 < len(args); ok {
						i++
						v = args[i]
					}
				}
			}
			if ok {
				out = append(out, v)
				if first {
					return out
				}
				break
			}
		}
	}
	return out
}

// bundledBefore is the index of the short option letter in a bundle of
// flags (-so in curl -soFILE: 2), when only letters come before it in the
// bundle, else 0. Which letters before it take values is not known here:
// the letters of a bundle are read as flags.
func bundledBefore(a string, letter byte) int {
	for j := 1; j < len(a); j++ {
		c := a[j]
		if c == letter {
			if j == 1 {
				return 0 // -oFILE: the plain case
			}
			return j
		}
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return 0
		}
	}
	return 0
}

// outputOps are redirect operators that write to their target.
var outputOps = map[string]bool{">": true, ">>": true, ">|": true, "&>": true, "&>>": true, "<>": true, ">&": true}

// outputs is every file the command writes, as far as hguard knows: output
// redirect targets, and the destinations of common writing commands.
func outputs(name string, args, pos []string, redirects []RedirectEnv) []string {
	var out []string
	for _, r := range redirects {
		if !outputOps[r.Op] || r.Target == "" || r.Target == "-" {
			continue
		}
		if r.Op == ">&" && isFd(r.Target) {
			continue // 2>&1 duplicates a descriptor; it names no file
		}
		out = append(out, r.Target)
	}
	switch name {
	case "tee", "truncate", "shred":
		out = append(out, pos...)
	case "cp", "mv", "install", "ln", "rsync", "scp", "rcp":
		if name == "install" && newDirectories(args) {
			break // install -m 0755 -d /etc/apt/keyrings is mkdir -p
		}
		if t := optionValues(args, []string{"-t", "--target-directory"}, true); len(t) > 0 {
			out = append(out, t[0])
		} else if len(pos) > 1 {
			out = append(out, pos[len(pos)-1])
		}
		out = append(out, placedFiles(name, args, pos)...)           // cp /tmp/.bashrc ~ writes ~/.bashrc
		out = append(out, treeWrites(treeRoots(name, args, pos))...) // cp -r /tmp/dot/.config ~ writes ~/.config/autostart
	case "ditto":
		if len(pos) > 1 {
			out = append(out, pos[len(pos)-1])
		}
		out = append(out, treeWrites(treeRoots(name, args, pos))...)
	case "sed", "perl", "ruby":
		if hasFlag(args, []string{"-i", "--in-place"}) || hasInPlace(args) {
			out = append(out, pos...)
		}
	case "awk", "gawk":
		// gawk -i inplace PROGRAM FILE… (--include=inplace) rewrites the
		// files it reads
		// (by its base name: after a cd, movedView joins the word)
		if inplace := slices.ContainsFunc(optionValues(args, []string{"-i", "--include"}, false), func(v string) bool {
			return strings.TrimSuffix(path.Base(v), ".awk") == "inplace"
		}); inplace {
			files := slices.DeleteFunc(slices.Clone(pos), func(p string) bool { return strings.TrimSuffix(path.Base(p), ".awk") == "inplace" })
			if len(optionValues(args, []string{"-f", "--file", "-E", "--exec"}, false)) == 0 && len(files) > 0 {
				files = files[1:] // the program
			}
			for _, f := range files {
				if !strings.Contains(f, "=") { // var=value assigns
					out = append(out, f)
				}
			}
		}
	case "yq":
		// yq -i EXPR FILE… (and yq eval -i): the files are rewritten
		if hasFlag(args, []string{"-i", "--inplace", "--in-place"}) {
			for _, p := range pos {
				if p != "eval" && p != "e" && p != "eval-all" && p != "ea" {
					out = append(out, p)
				}
			}
		}
	case "curl", "curlie":
		for _, o := range optionValues(args, []string{"o", "output"}, false) {
			if o != "-" {
				out = append(out, o)
			}
		}
		if hasFlag(args, []string{"O", "remote-name", "remote-name-all"}) {
			out = append(out, urlNamed(pos, optionValues(args, []string{"output-dir"}, true))...)
		}
	case "wget", "wget2":
		docs := optionValues(args, []string{"O", "output-document"}, false)
		for _, o := range docs {
			if o != "-" {
				out = append(out, o)
			}
		}
		if len(docs) == 0 {
			out = append(out, urlNamed(pos, optionValues(args, []string{"P", "directory-prefix"}, true))...)
		}
	case "git":
		dest := cloneDestination(args)
		out = append(out, dest...)
		out = append(out, cloneWrites(dest)...) // git clone URL ~/.config/fish/conf.d fills a start-up directory
	case "gh":
		if len(pos) > 3 && pos[0] == "repo" && pos[1] == "clone" {
			out = append(out, pos[3])
			out = append(out, cloneWrites(pos[3:4])...)
		}
	case "hg", "jj":
		if len(pos) > 2 && pos[0] == "clone" {
			out = append(out, pos[2])
			out = append(out, cloneWrites(pos[2:3])...)
		}
	case "rclone":
		// rclone copy SRC DEST fills DEST with SRC's contents
		if len(pos) > 2 && slices.Contains([]string{"copy", "sync", "move", "copyto", "moveto"}, pos[0]) && !remoteSource(pos[len(pos)-1]) {
			out = append(out, pos[len(pos)-1])
			out = append(out, treeWrites(pos[len(pos)-1:])...)
		}
	case "go":
		out = append(out, goBuildOutput(args)...)
	case "zig":
		out = append(out, zigOutput(args, pos)...)
	case "nuitka", "nuitka3":
		out = append(out, nuitkaOutput(args, pos)...)
	case "objcopy", "llvm-objcopy":
		// objcopy [options] IN [OUT]: OUT, else IN rewritten
		if ops := operandsSkipping(args, "IOBFjRKNGWLbi"); len(ops) == 2 {
			out = append(out, ops[1])
		} else if len(ops) == 1 {
			out = append(out, ops[0])
		}
	case "dos2unix", "unix2dos", "mac2unix", "unix2mac":
		out = append(out, dos2unixOutputs(args)...)
	case "ex", "vim", "vi", "nvim", "view", "rvim":
		out = append(out, exOutputs(name, args)...)
	case "dd":
		for _, a := range args {
			if v, ok := strings.CutPrefix(a, "of="); ok {
				out = append(out, v)
			}
		}
	case "dcfldd", "dc3dd":
		// dd's forensic forks: of= as dd, hof= hashes what it writes, and
		// dc3dd's wipe= fills a device with zeros
		for _, a := range args {
			for _, key := range []string{"of=", "hof=", "wipe=", "hwipe="} {
				if v, ok := strings.CutPrefix(a, key); ok {
					out = append(out, v)
				}
			}
		}
	case "ddrescue", "gddrescue":
		// ddrescue INFILE OUTFILE [MAPFILE]
		if len(pos) > 1 {
			out = append(out, pos[1])
		}
	case "qemu-img":
		// qemu-img convert … SRC DEST: DEST may be a device (-O raw)
		if len(pos) > 2 && pos[0] == "convert" {
			out = append(out, pos[len(pos)-1])
		}
	case "bmaptool":
		// bmaptool copy IMAGE DEST flashes the image onto DEST
		if len(pos) > 2 && pos[0] == "copy" {
			out = append(out, pos[len(pos)-1])
		}
	case "e2image":
		// e2image [-r|-Q] [-a] DEVICE FILE; with -I it writes the device
		if len(pos) > 1 {
			if hasFlag(args, []string{"-I"}) {
				out = append(out, pos[0])
			} else {
				out = append(out, pos[len(pos)-1])
			}
		}
	}
	if name == "sed" {
		out = append(out, sedOutputs(args)...)
	}
	return append(out, genericOutputs(name, args, pos)...)
}

// nuitkaOutput is the program Nuitka builds from a script: in
// --output-dir (else where it runs), named --output-filename, else the
// script's name with .bin for .py; a --standalone build without
// --onefile puts it in SCRIPT.dist.
func nuitkaOutput(args, pos []string) []string {
	script := ""
	for _, p := range pos {
		if strings.HasSuffix(p, ".py") || strings.HasSuffix(p, ".pyw") {
			script = p
			break
		}
	}
	dir := "."
	if d := optionValues(args, []string{"output-dir"}, true); len(d) > 0 {
		dir = d[0]
	}
	stem := strings.TrimSuffix(strings.TrimSuffix(baseName(script), ".py"), ".pyw")
	if hasFlag(args, []string{"standalone"}) && !hasFlag(args, []string{"onefile"}) {
		if stem == "" {
			return nil
		}
		dir = joinDir(dir, stem+".dist")
	}
	name := stem + ".bin"
	if n := optionValues(args, []string{"output-filename", "o"}, true); len(n) > 0 {
		name = n[0]
	} else if stem == "" {
		return nil
	}
	return []string{joinDir(dir, name)}
}

// zigOutput is the program zig build-exe (build-lib, build-obj) writes:
// -femit-bin=PATH, else --name NAME, else the root source file's name
// without .zig, in the directory it runs in.
func zigOutput(args, pos []string) []string {
	if len(pos) == 0 || !strings.HasPrefix(pos[0], "build-") {
		return nil
	}
	name := ""
	for i, a := range args {
		switch {
		case a == "-fno-emit-bin":
			return nil
		case strings.HasPrefix(a, "-femit-bin="):
			return []string{strings.TrimPrefix(a, "-femit-bin=")}
		case a == "--name" && i+1 < len(args):
			name = args[i+1]
		}
	}
	if name == "" {
		for _, p := range pos[1:] {
			if strings.HasSuffix(p, ".zig") {
				name = strings.TrimSuffix(path.Base(p), ".zig") // in the directory it runs in
				break
			}
		}
	}
	if name == "" || strings.Contains(name, "://") {
		return nil
	}
	return []string{name}
}

// dos2unixOutputs are the files dos2unix (unix2dos, mac2unix, unix2mac)
// rewrites: each FILE in its default old-file mode (-o), the second of
// each pair after -n (--newfile INFILE OUTFILE); none with -i (--info),
// which only reports.
func dos2unixOutputs(args []string) []string {
	var out []string
	newfile, second, dashdash := false, false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case dashdash || a == "-" || !strings.HasPrefix(a, "-"):
			if !newfile || second {
				out = append(out, a)
			}
			second = newfile && !second
		case a == "--":
			dashdash = true
		case a == "-i" || strings.HasPrefix(a, "--info") || a == "-h" || a == "--help" || a == "-V" || a == "--version":
			return nil
		case a == "-n" || a == "--newfile":
			newfile, second = true, false
		case a == "-o" || a == "--oldfile":
			newfile = false
		case (a == "-c" || a == "--convmode" || a == "-D" || a == "--display-enc") && i+1 < len(args):
			i++
		}
	}
	return out
}

// exWrite matches an ex command that writes the buffer (w[rite], wq,
// x[it], exi[t], up[date], sav[eas], wa[ll], wqa[ll], xa[ll]), after
// modifiers (silent!, noautocmd), among a script's commands, separated by
// | or newlines: ex -sc '%d|x' FILE.
var exWrite = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[|\n:])\s*(?:(?:sil(?:ent)?!?|noa(?:utocmd)?|keepa(?:lt)?|conf(?:irm)?|lockm(?:arks)?|keepj(?:umps)?)\s+)*(?:%|\d+(?:,\d+)?)?\s*(?:w(?:r(?:i(?:te?)?)?)?|wq|x(?:it?)?|exit?|up(?:d(?:a(?:te?)?)?)?|sav(?:e(?:as?)?)?|wa(?:ll?)?|wqa(?:ll?)?|xa(?:ll?)?)!?(?:\s|$|\|)`)
})

// edWrite matches an ed command that writes the buffer (w, wq, W, after
// an address or none) on a line of an ed script: printf ',d\nw\n' | ed FILE.
var edWrite = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|\n)[ \t]*(?:[0-9.$,;%+\-]|'[a-z])*[ \t]*(?:wq?|W)(?:[ \t]|\n|$)`)
})

// exOutputs are the files ex, vim, vi or nvim rewrites: its file operands
// when a command it is given (-c CMD, +CMD, --cmd CMD) writes the buffer,
// in ex mode (-e, -E, -s after -e, or named ex) or not (vim -c '%d' -c
// wq FILE runs both at start-up and quits). Without such a command the
// editor is left to a person at its prompt.
func exOutputs(name string, args []string) []string {
	exMode := name == "ex"
	var files, cmds, logs []string
	script := false // -S FILE, -s FILE: commands or keys hguard did not read
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "+"):
			cmds = append(cmds, a[1:])
		case a == "-c" || a == "--cmd":
			if i+1 < len(args) {
				i++
				cmds = append(cmds, args[i])
			}
		case a == "--startuptime" && i+1 < len(args):
			i++
			logs = append(logs, args[i]) // appends its timings to FILE
		case strings.HasPrefix(a, "--"):
		case strings.HasPrefix(a, "-V") && strings.TrimLeft(a[2:], "0123456789") != "":
			logs = append(logs, strings.TrimLeft(a[2:], "0123456789")) // -V20FILE: the verbose log
		case strings.HasPrefix(a, "-") && len(a) > 1:
			letters := a[1:]
			if strings.ContainsAny(letters, "eE") {
				exMode = true
			}
			if last := letters[len(letters)-1]; strings.IndexByte("cSuUiTtqwWr", last) >= 0 || last == 's' && !exMode {
				if last == 'c' && i+1 < len(args) {
					cmds = append(cmds, args[i+1])
				}
				if last == 'r' {
					continue // -r: recovery; a swap file may follow or not
				}
				if v := args[min(i+1, len(args)-1)]; i+1 < len(args) && v != "/dev/null" && v != "NONE" && v != "NORC" && v != "DEFAULTS" {
					switch last {
					case 'S', 's', 'u':
						script = true // -u FILE: the vimrc
					case 'w', 'W', 'i':
						// -w/-W FILE records the keys typed into FILE,
						// -i FILE is the viminfo (shada) written on exit
						logs = append(logs, args[i+1])
					}
				}
				i++
			} else if letters == "l" && name == "nvim" && i+1 < len(args) {
				// nvim -l SCRIPT ARGS…: Lua nobody read, given the files
				script = true
				i++
			}
		default:
			files = append(files, a)
		}
	}
	files = append(files, exEdited(cmds...)...)
	if len(files) == 0 {
		return logs
	}
	if script || exSource().MatchString(strings.Join(cmds, "\n")) {
		return append(logs, files...) // a script nobody read may write them (vim -S <(echo wq) FILE)
	}
	for _, c := range cmds {
		if exWrites(c) {
			return append(logs, files...)
		}
	}
	return logs
}

// exWrites reports ex commands that write the buffer: a write command
// (exWrite), normal-mode keys ending in ZZ (norm ggdGZZ), or either in
// the string an :execute runs (exe "norm ggdG" | x, exe 'x').
func exWrites(cmd string) bool {
	if exWrite().MatchString(cmd) || normWrite().MatchString(cmd) {
		return true
	}
	for _, m := range exeString().FindAllStringSubmatch(cmd, -1) {
		if inner := strings.Trim(strings.TrimSpace(m[1]), `"'`); inner != cmd && (exWrite().MatchString(inner) || normWrite().MatchString(inner)) {
			return true
		}
	}
	return false
}

// normWrite matches :normal keys, or keys feedkeys() types, that include
// ZZ, which writes the buffer if changed and quits (norm ggdGZZ, normal!
// ZZ, call feedkeys("ggdGZZ")).
var normWrite = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:(?:^|[|\n:"'\s])norm(?:al?)?!?\s|\bfeedkeys\s*\()[^|\n]*ZZ`)
})

// exSource matches an ex command that runs a file of commands or code
// (so[urce], luafile, pyfile, py3file, rubyfile, perlfile): vim -c 'so
// /tmp/x.vim' FILE.
var exSource = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[|\n])[\s:]*(?:so|sou|sour|sourc|source|luaf|luafile|pyf|pyfile|py3f|py3file|rubyf|rubyfile|perlf|perlfile)!?\s+\S`)
})

// exEdit matches an ex command that opens a file into a buffer (e[dit],
// sp[lit], vs[plit], tabe[dit], new, badd, arga[dd], args, n[ext]) and
// the file, which a later write writes: vim -es -c 'e ~/.bashrc' -c wq.
var exEdit = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[|\n])[\s:]*(?:(?:sil(?:ent)?!?|noa(?:utocmd)?|keepa(?:lt)?|conf(?:irm)?)\s+)*` +
		`(?:e|ed|edi|edit|sp|spl|spli|split|vs|vsp|vspl|vspli|vsplit|new|vne|vnew|tabe|tabed|tabedi|tabedit|tabnew|bad|badd|` +
		`arga|argad|argadd|ar|arg|args|n|ne|nex|next|vi|vis|visual|fin|find|sv|sview)!?\s+(?:\+\S*\s+)*([^|\s]+)`)
})

// exEdited are the files ex commands open (exEdit).
func exEdited(cmds ...string) []string {
	var files []string
	for _, c := range cmds {
		for _, m := range exEdit().FindAllStringSubmatch(c, -1) {
			files = append(files, m[1])
		}
	}
	return files
}

// edNamed matches an ed command that writes (w, wq, W) or edits (e, E)
// a file it names: w FILE writes FILE, e FILE opens it for a later w.
var edNamed = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*(?:[0-9.$,;%+\-]|'[a-z])*[ \t]*(wq?|W|e|E)[ \t]+([^!\s]\S*)`)
})

// exeString matches :execute and the expression it runs, up to a | that
// ends it.
var exeString = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[|\n:\s])exe(?:c(?:u(?:te?)?)?)?\s+([^|\n]+)`)
})

// scriptedEdits are the files an editor given its commands on the line
// rewrites: ed or ex reading a script from standard input that writes
// the buffer, or one nobody can read (printf ',d\nw\n' | ed -s FILE, ex
// -s FILE <<< '%d|x'); emacs told to save (emacs --batch FILE --eval
// '(save-buffer)', -f save-buffer).
func scriptedEdits(c *cmdline.Command, args, pos []string) []string {
	switch name := programName(c.Name); name {
	case "ed", "red", "ex", "vim", "vi", "nvim":
		in := c.Stdin
		if in.Kind == "" || in.Kind == "file" && in.From == "/dev/null" {
			return nil // commands typed at its prompt, or none
		}
		write := edWrite()
		if name != "ed" && name != "red" {
			if !hasFlag(args, []string{"e", "E", "s"}) && name != "ex" {
				return nil // vim reads text, not commands, from its input
			}
			write = exWrite()
		}
		if in.Static && !write.MatchString(in.Text) {
			return nil
		}
		var files []string
		if in.Static {
			// ed's w FILE and e FILE, ex's :e FILE
			if name == "ed" || name == "red" {
				for _, m := range edNamed().FindAllStringSubmatch(in.Text, -1) {
					files = append(files, m[2])
				}
			} else {
				files = exEdited(in.Text)
			}
		}
		for i := 0; i < len(args); i++ {
			switch a := args[i]; {
			case a == "-p" && (name == "ed" || name == "red"), a == "-c" || a == "--cmd" || a == "-S" || a == "-u" || a == "-i":
				i++ // ed -p PROMPT, ex -c CMD
			case a == "-" || strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			default:
				files = append(files, a)
			}
		}
		return files
	case "emacs", "emacsclient":
		return emacsSaves(args)
	}
	return nil
}

// emacsValues are emacs's options that take the next word as their value.
var emacsValues = map[string]bool{"-l": true, "--load": true, "-f": true, "--funcall": true, "--eval": true, "--execute": true,
	"-L": true, "--directory": true, "--insert": true, "-t": true, "--terminal": true, "-d": true, "--display": true,
	"-u": true, "--user": true, "--chdir": true, "--script": true, "-x": true, "--dump-file": true, "--fg": true, "--bg": true,
	"-fn": true, "--font": true, "--name": true, "-T": true, "--title": true, "--geometry": true, "-a": true, "--alternate-editor": true,
	"-s": true, "--socket-name": true}

// emacsSaves are the files emacs visits (its operands, --file, --visit)
// when a function it is told to run (-f, --funcall) or code it evaluates
// (--eval) saves a buffer, or it loads a file of code (-l FILE).
func emacsSaves(args []string) []string {
	var files []string
	saves := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		opt, val, attached := strings.Cut(a, "=")
		switch {
		case (a == "--file" || a == "--find-file" || a == "--visit") && i+1 < len(args):
			i++
			files = append(files, args[i])
			continue
		case attached && (opt == "--file" || opt == "--find-file" || opt == "--visit"):
			files = append(files, val)
			continue
		case emacsValues[a] && i+1 < len(args):
			i++
			val, opt = args[i], a
		case attached && emacsValues[opt]:
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			continue
		default:
			files = append(files, a)
			continue
		}
		switch opt {
		case "-l", "--load", "--script":
			// a file of code nobody read (emacs -l /tmp/x.el FILE), not a
			// library found on the load path (-l ert)
			if strings.Contains(val, "/") || strings.HasSuffix(val, ".el") || strings.HasSuffix(val, ".elc") {
				saves = true
			}
		case "-f", "--funcall", "--eval", "--execute":
			for _, fn := range []string{"save-buffer", "write-file", "write-region", "save-some-buffers", "basic-save-buffer", "append-to-file"} {
				if strings.Contains(val, fn) {
					saves = true
				}
			}
		}
	}
	if !saves {
		return nil
	}
	return files
}

// patchedFiles are the files a diff written on the line names, which
// patch or git apply writes: a diff given as a heredoc, a here-string,
// static text piped in, or a file an earlier command wrote (patch -p1 <
// x.diff, git apply x.diff). Each +++ and --- name is taken with -pN's
// components stripped (git apply's default 1; patch with no -p: as
// written and with one stripped), under patch's -d DIR or git apply's
// --directory, resolved against cwd.
func patchedFiles(line *cmdline.Line, c *cmdline.Command, args, pos []string, cwd string) []string {
	var sources []string
	switch {
	case c.Name == "patch":
		sources = optionValues(args, []string{"-i", "--input"}, false)
		if len(pos) > 1 {
			sources = append(sources, pos[1]) // patch FILE PATCHFILE
		}
	case c.Name == "git" && len(pos) > 0 && pos[0] == "apply":
		if hasFlag(args, []string{"--check", "--stat", "--numstat", "--summary"}) {
			return nil
		}
		sources = pos[1:]
	default:
		return nil
	}
	var text strings.Builder
	if c.Stdin.Static && c.Stdin.Text != "" {
		text.WriteString(c.Stdin.Text)
	}
	names := sources
	if c.Stdin.Kind == "file" && c.Stdin.From != "" {
		names = append(names, c.Stdin.From)
	}
	for _, t := range writtenEarlier(line, c, names) {
		text.WriteString("\n" + t)
	}
	if text.Len() == 0 || !strings.Contains(text.String(), "+++ ") {
		return nil
	}
	strips := []int{1}
	dir := ""
	if c.Name == "patch" {
		strips = []int{0, 1}
		if p := optionValues(args, []string{"-p", "--strip"}, false); len(p) > 0 {
			if n, err := strconv.Atoi(p[0]); err == nil && n >= 0 {
				strips = []int{n}
			}
		}
		if d := optionValues(args, []string{"-d", "--directory"}, false); len(d) > 0 {
			dir = d[0]
		}
	} else {
		if p := optionValues(args, []string{"-p"}, false); len(p) > 0 {
			if n, err := strconv.Atoi(p[0]); err == nil && n >= 0 {
				strips = []int{n}
			}
		}
		if d := optionValues(args, []string{"--directory"}, true); len(d) > 0 {
			dir = d[0]
		}
	}
	var out []string
	for _, l := range strings.Split(text.String(), "\n") {
		name, ok := strings.CutPrefix(l, "+++ ")
		if !ok {
			name, ok = strings.CutPrefix(l, "--- ")
		}
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "\t") // a timestamp after a tab
		name = strings.TrimSpace(name)
		if name == "" || name == "/dev/null" {
			continue
		}
		for _, n := range strips {
			p := name
			for i := 0; i < n; i++ {
				_, rest, found := strings.Cut(p, "/")
				if !found {
					break
				}
				p = rest
			}
			if !strings.HasPrefix(p, "/") {
				p = path.Join(dir, p)
				if cwd != "" && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$") {
					p = path.Join(cwd, p)
				}
			}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
		if len(out) > 64 {
			break
		}
	}
	return out
}

// urlNamed are the files a download saves under its URL's last part
// (curl -O URL, wget URL), in dir when given: cd ~/.claude && curl -O
// …/settings.json writes settings.json there.
func urlNamed(pos, dir []string) []string {
	var out []string
	for _, u := range pos {
		if !strings.Contains(u, "://") {
			continue
		}
		u, _, _ = strings.Cut(u, "?")
		u, _, _ = strings.Cut(u, "#")
		name := path.Base(u)
		if strings.HasSuffix(u, "/") || name == "" || strings.Contains(name, ":") {
			name = "index.html"
		}
		if len(dir) > 0 && dir[0] != "" {
			name = path.Join(dir[0], name)
		}
		out = append(out, name)
	}
	return out
}

// hasInPlace catches -i with a backup suffix (sed -i.bak, perl -i.orig).
func hasInPlace(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-i") && len(a) > 2 && a[2] == '.' {
			return true
		}
	}
	return false
}

func isFd(s string) bool {
	if s == "-" {
		return true
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// feederArgs is the arguments of the command that writes into c's standard
// input pipe (see feeder).
func feederArgs(c *cmdline.Command, line *cmdline.Line) []string {
	if f := feeder(c, line); f != nil {
		return wordValues(f.Args)
	}
	return nil
}

// feeder is the command that writes into c's standard input pipe: the
// nearest command before c in the line that stands just before it in a
// pipeline of the same length, with the name stdin.From gives; nil if none.
func feeder(c *cmdline.Command, line *cmdline.Line) *cmdline.Command {
	if c.Stdin.Kind != "pipe" || c.Pipe.Index == 0 {
		return nil
	}
	i := slices.Index(line.Commands, c)
	for j := i - 1; j >= 0; j-- {
		f := line.Commands[j]
		if f.Pipe.Len == c.Pipe.Len && f.Pipe.Index == c.Pipe.Index-1 && f.Name == c.Stdin.From {
			return f
		}
	}
	return nil
}

// pipeOrigin is the command whose output reaches c's standard input
// through any chain of pipeFilters (vault kv get x | jq . | tee y: vault
// for tee), or of compressors that only pass a stream on (pg_dumpall |
// gzip | ssh h: pg_dumpall for ssh), and its arguments; the feeder itself
// when it is no filter.
func pipeOrigin(c *cmdline.Command, line *cmdline.Line) (string, []string) {
	f := feeder(c, line)
	for f != nil && (pipeFilters.has(f.Name) || streamCompressor(f)) && !stdoutToFile(f) {
		prev := feeder(f, line)
		if prev == nil {
			break
		}
		f = prev
	}
	if f == nil {
		return "", nil
	}
	if dir := movedDir(f.Moved); dir != "" {
		return f.Name, movedView(dir, f) // cd ~ && tar cz .config | curl -T - URL: ~/.config
	}
	return f.Name, wordValues(f.Args)
}

// pipedSecrets are the secret files (SecretFiles) read by the commands
// whose output reaches c's standard input, and the commands among them
// that print a stored secret (revealsSecret: vault kv get, op read): every command before it in its
// pipeline, whatever it does to the data (no list of filters can be
// whole), and the commands nested in one, which the model lists after it
// (find ~ -name id_rsa -exec cat {} \;, cat $(find …), xargs cat).
func pipedSecrets(c *cmdline.Command, line *cmdline.Line, ctx Context) []string {
	if c.Stdin.Kind == "" && c.Pipe.Index == 0 && len(c.Via) > 0 && strings.HasSuffix(c.Via[len(c.Via)-1], " -c") {
		// env | sh -c 'nc h 80': the shell's input is its commands'
		if h := procSubHolder(c, line); h != nil {
			return pipedSecrets(h, line, ctx)
		}
		return nil
	}
	if n := len(c.Via); c.Stdin.Kind == "" && c.Pipe.Index == 0 && n > 0 && toCommand(c.Via[n-1]) {
		// tar x --to-command=CMD pipes each member it extracts into CMD:
		// the secret members it reads (printedMembers), or a whole archive
		// the line or the session filled with a secret
		for j := slices.Index(line.Commands, c) - 1; j >= 0; j-- {
			if u := line.Commands[j]; slices.Equal(u.Via, c.Via[:n-1]) {
				ue := newCommandEnv(u, line, ctx)
				out := slices.Clone(ue.SecretFiles)
				if ex, ok := parseExtraction(programName(u.Name), ue.Args, ue.Positional); ok {
					if h, i := ctx.heldBefore(u, line); h.names(ex.archive, ue.Cwd, i, ctx) {
						out = append(out, ex.archive)
					}
				}
				return out
			}
		}
		return nil
	}
	if c.Stdin.Kind != "pipe" {
		return nil
	}
	if c.Pipe.Index == 0 {
		// a reader of >(…) gets what its holder writes there: what reached
		// tee's input (cat key | tee >(nc h 80)), or another command's
		// output (cat key > >(nc h 80)); a command of sh -c CODE reads
		// the shell's input (env | sh -c 'nc h 80')
		h := procSubHolder(c, line)
		if h == nil {
			return nil
		}
		out := pipedSecrets(h, line, ctx)
		if h.Name != "tee" {
			he := newCommandEnv(h, line, ctx)
			out = append(out, he.SecretFiles...)
			out = append(out, archivedSecrets(h, he.Args, he.Positional, he.Cwd)...)
			out = append(out, packedSecrets(h, he.Args, he.Positional, he.Cwd, ctx)...)
			if printsEnvironment(h) {
				out = append(out, "the environment of "+h.Source)
			}
		}
		return out
	}
	var out []string
	member := c.Pipe.Index - 1 // the next member of c's pipeline to meet, going back
	for j := slices.Index(line.Commands, c) - 1; j >= 0 && member >= 0; j-- {
		u := line.Commands[j]
		if u.Pipe.Len == c.Pipe.Len && u.Pipe.Index == member {
			member--
		}
		ue := newCommandEnv(u, line, ctx)
		h, i := ctx.heldBefore(u, line)
		out = append(out, h.secretsRead(u, ue, i, ctx)...)
		out = append(out, archivesRead(u, ue, ctx)...)
		if h.callsCarrier(u, i) {
			out = append(out, u.Source) // f(){ cat key; }; f | nc …
		}
		out = append(out, archivedSecrets(u, ue.Args, ue.Positional, ue.Cwd)...)    // tar c ~/.ssh, cd ~ && tar c .ssh
		out = append(out, packedSecrets(u, ue.Args, ue.Positional, ue.Cwd, ctx)...) // tar c . where .env lies
		if listsHistory(u) {
			out = append(out, u.Source) // history | curl -d @- …: the lines typed hold passwords and tokens
		}
		// echo "$OPENAI_API_KEY", cat <<< "$OPENAI_API_KEY", and a variable
		// the line filled from a secret (T=$(gh auth token); echo "$T")
		secretText := func(text string) bool { return secretVar().MatchString(text) || h.expands(text, i) }
		if (u.Name == "echo" || u.Name == "printf") && slices.ContainsFunc(u.Args, func(a cmdline.Word) bool { return a.Dynamic && secretText(a.Value) }) ||
			(u.Stdin.Kind == "herestring" || u.Stdin.Kind == "heredoc") && secretText(u.Stdin.Text) {
			out = append(out, u.Source)
		}
	}
	return out
}

// toCommand reports the carrier of a command tar's --to-command pipes
// each member into: "NAME --to-command", or "NAME --to-command PROG" for
// a command none of its filters (an escape).
func toCommand(via string) bool {
	_, opt, _ := strings.Cut(via, " ")
	return opt == "--to-command" || strings.HasPrefix(opt, "--to-command ")
}

// listsHistory reports the shells' history listings: history (bash, zsh,
// fish) and fc -l.
func listsHistory(c *cmdline.Command) bool {
	switch c.Name {
	case "history":
		return true
	case "fc":
		return slices.ContainsFunc(c.Args, func(a cmdline.Word) bool {
			return len(a.Value) > 1 && a.Value[0] == '-' && strings.ContainsRune(a.Value, 'l')
		})
	}
	return false
}

// procSubHolder is the command whose >(…) or -c code holds c: the
// nearest command before c one carrier further out; nil when c is in
// neither.
func procSubHolder(c *cmdline.Command, line *cmdline.Line) *cmdline.Command {
	n := len(c.Via)
	if n == 0 || c.Via[n-1] != ">(…)" && !strings.HasSuffix(c.Via[n-1], " -c") {
		return nil
	}
	for j := slices.Index(line.Commands, c) - 1; j >= 0; j-- {
		if u := line.Commands[j]; slices.Equal(u.Via, c.Via[:n-1]) {
			return u
		}
	}
	return nil
}

// pipeFilters print what they read, reshaped, encoded or in part: what
// comes into them goes on to the next command.
var pipeFilters = set("jq", "yq", "gojq", "jaq", "grep", "egrep", "fgrep", "rg", "head", "tail", "cut", "sed",
	"awk", "gawk", "mawk", "tr", "cat", "tac", "base64", "base32", "basenc", "xxd", "od", "hexdump", "rev",
	"column", "sort", "uniq", "tee", "fold", "fmt", "nl", "paste", "expand", "strings", "iconv", "less", "more")

// streamCompressor reports a compressor with no file operand, which
// writes what its standard input brings, compressed.
func streamCompressor(c *cmdline.Command) bool {
	if !streamCompressors.has(c.Name) {
		return false
	}
	for _, a := range c.Args {
		if !strings.HasPrefix(a.Value, "-") {
			return false
		}
	}
	return c.Stdin.Kind == "pipe"
}

var streamCompressors = set("gzip", "pigz", "bzip2", "pbzip2", "xz", "zstd", "lz4", "lzma", "lzip", "brotli")

// stdoutToFile reports a command whose standard output a redirect sends to
// a file, so that nothing goes down its pipe.
func stdoutToFile(c *cmdline.Command) bool {
	for _, r := range c.Redirects {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && (r.Fd == "" || r.Fd == "1") {
			return true
		}
	}
	return false
}

// projectDir is the agent's project for outsideProject: the directory
// the line starts in, or, when the caller gave none (a rule's examples),
// the first directory the line moves to; "" for a person.
func projectDir(line *cmdline.Line, ctx Context) string {
	if ctx.Caller == "" {
		return ""
	}
	if ctx.Cwd != "" {
		return ctx.Cwd
	}
	for _, c := range line.Commands {
		if strings.HasPrefix(c.Cwd, "/") {
			return c.Cwd
		}
	}
	return ""
}

// outsideProject reports a path that, resolved against the command's
// directory dir, lies outside the agent's project, whose checkpoint holds
// what is lost there. A temporary directory's files and the home's caches
// (homeCaches) are disposable and count as neither; a path known only at
// run time, or relative to a directory the line does not show, is not
// judged. home is the home directory, when known.
func outsideProject(p, dir, project, home string) bool {
	if project == "" || p == "" || strings.HasPrefix(p, "-") {
		return false
	}
	r := resolveIn(cleanPath(p), dir) // $HOME/x and ${HOME}/x are ~/x
	if strings.ContainsAny(r, "$`") {
		return false
	}
	if !strings.HasPrefix(r, "/") && !strings.HasPrefix(r, "~") || strings.HasPrefix(r, "/dev/") {
		return false
	}
	if isTemp(r) || sharedDir(r) || slices.ContainsFunc(homeCaches, func(d string) bool { return within(tildeHome(r, home), d) }) ||
		zshRebuilds(tildeHome(r, home)) {
		return false
	}
	return !within(tildeHome(r, home), tildeHome(project, home))
}

// linkedIntoProject reports a path, resolved against the command's
// directory dir, that a link on disk leads into the project (Context.RealDir):
// after cd ~/Projects/proj, a link to the agent's /src/proj, the files
// are the project's.
func linkedIntoProject(p, dir, project string, ctx Context) bool {
	if ctx.RealDir == nil || project == "" || ctx.inside {
		return false
	}
	r, ok := homeJoined(resolveIn(cleanPath(p), dir), ctx.Home)
	if !ok || !strings.HasPrefix(r, "/") || strings.ContainsAny(r, "$`") || slices.Contains(strings.Split(r, "/"), "..") {
		return false
	}
	top, ok := homeJoined(project, ctx.Home)
	if !ok {
		return false
	}
	// the project as the caller names it: a directory it reached by a
	// link (cwd docs -> ~/docs) is no project of the link's target
	top = path.Clean(top)
	realP, ok := realBelow(path.Clean(r), ctx)
	return ok && top != "/" && !isHome(top) && under(realP, top)
}

// homeJoined is p with a leading ~ spelled as the home directory home; not
// ok when it names another's home (~bob) or the home is unknown.
func homeJoined(p, home string) (string, bool) {
	rest, ok := strings.CutPrefix(p, "~")
	switch {
	case !ok:
		return p, true
	case home == "" || rest != "" && rest[0] != '/':
		return "", false
	}
	return home + rest, true
}

// replaces reports that copying sources to dest, resolved against the
// command's directory dir, lands on a file that exists (Context.Exists):
// dest is one, or dest is a directory holding a file named like a source.
// Paths known only at run time, globs, a line with no disk (no Exists)
// and a container's own files are not judged; a container's path under a
// mount from here is the host's file it is written as.
func replaces(dest string, sources []string, dir string, ctx Context) bool {
	if ctx.Exists == nil || ctx.inside && !hostPath(dest, ctx.mounts, dir) {
		return false
	}
	// $HOME/x and ${HOME}/x are ~/x (cleanPath)
	known := func(p string) bool {
		return p != "" && !strings.HasPrefix(p, "-") && !strings.ContainsAny(cleanPath(p), "$`*?[")
	}
	if !known(dest) {
		return false
	}
	d := resolveIn(cleanPath(dest), dir)
	if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") || strings.HasPrefix(d, "/dev/") {
		return false
	}
	isDir, ok := ctx.Exists(d)
	if !ok || !isDir {
		return ok
	}
	for _, s := range sources {
		if b := baseName(s); known(s) && b != "" && b != "." && b != ".." {
			if isDir, ok := ctx.Exists(path.Join(d, b)); ok && !isDir {
				return true
			}
		}
	}
	return false
}

// relinks reports ln's dest, resolved against the command's directory
// dir, a symbolic link on disk to what is no directory: ln -sf puts its
// new link in the old one's place (ln -sf config/prod.env .env after
// config/dev.env), and nothing it led to is lost. A link to a directory
// is not: ln puts the new link in that directory.
func relinks(dest, dir string, ctx Context) bool {
	if ctx.IsLink == nil || ctx.Exists == nil || ctx.inside || dest == "" || strings.ContainsAny(cleanPath(dest), "$`*?[") {
		return false
	}
	d := path.Clean(resolveIn(cleanPath(dest), dir))
	if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "~") {
		return false
	}
	isDir, ok := ctx.Exists(d)
	return ctx.IsLink(d) && !(ok && isDir)
}

// regenerable reports a directory, resolved against the command's
// directory dir, that a build or a package manager makes again when it is
// gone, so that deleting it loses time, not work: one of the home's tool
// caches (homeCaches), or a build's output or a dependency directory
// (Context.BuildOutput), which judges a glob by its matches (rm -rf
// dist/* build *.egg-info packages/*/node_modules, zsh's
// packages/*/dist(N) by the matches its qualifiers select among) and a
// recursive ROOT/**/NAME (zsh's, fish's, bash's globstar) by its matches
// at any depth. A path known only at run time, another recursive glob, a
// glob above the last name with no name after it (*/) and one that climbs
// (..) are not. Outside any work tree a static path, named as output,
// where nothing is or that says itself a cache (Context.NothingToLose) is
// too.
func regenerable(p, dir string, ctx Context, static bool) bool {
	if p == "" || strings.HasPrefix(p, "-") {
		return false
	}
	if ctx.Shell == "zsh" {
		p = zshSelected(p)
	}
	r := resolveIn(cleanPath(p), dir)
	if ctx.Caller == "" && downloadedPackages(r) {
		return true
	}
	parent, base := path.Split(r)
	if strings.ContainsAny(r, "$`{") || slices.Contains(strings.Split(r, "/"), "..") ||
		strings.ContainsAny(parent, "*?[") && (base == "" || base == ".") {
		return false
	}
	if base == "**" && !strings.ContainsAny(parent, "*?[") {
		// ROOT/** takes what ROOT/* does and what lies below it: all
		// of it below ROOT, judged as ROOT/*'s matches are
		r, base = parent+"*", "*"
	}
	recursive := strings.Contains(r, "**")
	if recursive {
		// ROOT/**/NAME alone, its matches judged on disk (BuildOutput),
		// not as a home cache's (~/.cache/**/* is every tool's)
		root, name, ok := strings.Cut(r, "/**/")
		if !ok || strings.ContainsAny(root, "*?[") || name != base || base == "" || base == "." || strings.Contains(base, "**") {
			return false
		}
	}
	glob := strings.ContainsAny(base, "*?[") // BuildOutput judges each match
	if t := tildeHome(path.Clean(r), ctx.Home); !recursive && !glob && strings.HasPrefix(t, "~") && slices.ContainsFunc(homeCaches, func(d string) bool {
		// ~/.cache and ~/Library/Caches are many tools' caches, and some
		// keep state there: each tool's, not the whole
		return within(t, d) && !(t == d && (d == "~/.cache" || d == "~/Library/Caches"))
	}) {
		return true
	}
	if t := tildeHome(path.Clean(parent), ctx.Home); !recursive && glob && strings.HasPrefix(t, "~") && slices.ContainsFunc(homeCaches, func(d string) bool {
		// a glob's matches in one tool's cache are that cache's
		// (~/.cache/go-build/*, DerivedData/MyApp-*); ~/.cache/* is every tool's
		return within(t, d) && t != "~/.cache" && t != "~/Library/Caches"
	}) {
		return true
	}
	if ctx.BuildOutput == nil {
		return false
	}
	if rest, ok := strings.CutPrefix(r, "~"); ok {
		if ctx.Home == "" || rest != "" && rest[0] != '/' {
			return false
		}
		r = ctx.Home + rest
	}
	return strings.HasPrefix(r, "/") && (ctx.BuildOutput(path.Clean(r)) || static && !recursive && ctx.NothingToLose != nil && ctx.NothingToLose(path.Clean(r)))
}

// downloadedPackages reports a glob of the package files a system package
// manager downloaded into its cache, what its own clean deletes and its
// next install downloads again: apt clean's /var/cache/apt/archives/*.deb,
// pacman -Scc's /var/cache/pacman/pkg/*. Not its lists or its database
// (/var/lib/apt/lists/*, /var/lib/pacman/*), which say what is installed.
func downloadedPackages(r string) bool {
	dir, base := path.Split(r)
	switch path.Clean(dir) {
	case "/var/cache/apt/archives":
		return base == "*.deb"
	case "/var/cache/pacman/pkg":
		return base == "*" || base == "*.pkg.tar.zst" || base == "*.pkg.tar.xz"
	}
	return false
}

// zshSelected is a zsh word without glob qualifiers that only select among
// its matches (packages/*/dist(N), **/node_modules(/N)): N (none is no
// word), / . @ (directories, plain files, links), D (dot names, which
// BuildOutput's glob matches anyway), - and ^ (follow links, negate the
// next). A word with other qualifiers is returned as it is.
func zshSelected(word string) string {
	open := strings.LastIndexByte(word, '(')
	if open <= 0 || !strings.HasSuffix(word, ")") || open == len(word)-2 {
		return word
	}
	if strings.Trim(word[open+1:len(word)-1], "N/.@D-^") != "" {
		return word
	}
	return word[:open]
}

// dynamicArg reports p the value of an argument of c known only at run
// time (a code's variable, shutil.rmtree(target)): what is on disk under
// that name says nothing of what it holds then (nor, after cd "$X", what
// is on disk in the directory the line starts in).
func dynamicArg(c *cmdline.Command, p string) bool {
	return slices.ContainsFunc(c.Args, func(w cmdline.Word) bool { return w.Dynamic && w.Value == p })
}

// gitHolds reports a path, resolved against the command's directory dir,
// whose content git already holds (Context.GitHolds): a pathspec with
// magic (:/), a glob, a path known only at run time and one that climbs
// (..) are not.
func gitHolds(p, dir string, ctx Context) bool {
	if p == "" || ctx.GitHolds == nil || strings.HasPrefix(p, "-") || strings.HasPrefix(p, ":") || strings.ContainsAny(p, "$`*?[{\\") {
		return false
	}
	r := resolveIn(cleanPath(p), dir)
	if slices.Contains(strings.Split(r, "/"), "..") {
		return false
	}
	if rest, ok := strings.CutPrefix(r, "~"); ok {
		if ctx.Home == "" || rest != "" && rest[0] != '/' {
			return false
		}
		r = ctx.Home + rest
	}
	return strings.HasPrefix(r, "/") && ctx.GitHolds(entered(path.Clean(r), dir, ctx))
}

// entered is r (absolute, clean), at or below the command's directory
// dir, named below the directory the shell entered there: cd
// ~/Projects/proj, a link to /src/proj, enters /src/proj, where git finds
// the work tree and . names its top (Context.RealDir). Links below dir
// are git's to read (a tracked link is a path of its own).
func entered(r, dir string, ctx Context) string {
	d, ok := homeJoined(dir, ctx.Home)
	if ctx.RealDir == nil || !ok || !strings.HasPrefix(d, "/") || strings.ContainsAny(d, "$`") || !under(r, path.Clean(d)) {
		return r
	}
	d = path.Clean(d)
	real, ok := ctx.RealDir(d)
	if !ok {
		return r
	}
	return path.Join(real, strings.TrimPrefix(r, d))
}

// copiedBy is ctx with GitHolds judging as the git command c copies: from
// the index (git restore PATH, git checkout [--] PATH; git rm, which
// deletes only tracked files) or from HEAD (git restore --source=HEAD,
// git checkout HEAD -- PATH) only tracked paths are written, so an
// untracked file there (an ignored .env) loses nothing; from another
// commit one it tracks may land on an untracked file.
func (ctx Context) copiedBy(c *cmdline.Command) Context {
	holds := ctx.GitHolds
	switch gitCopySource(c) {
	case "index":
		holds = ctx.IndexHolds
	case "HEAD":
		holds = ctx.HeadHolds
	}
	if holds != nil {
		ctx.GitHolds = holds
	}
	return ctx
}

// gitCopySource is where the git command c copies files from: "index",
// "HEAD", or "" for another commit or when its words do not say.
// checkout's tree-ish is the word before --, or without -- the first of
// two or more (git checkout main README.md).
func gitCopySource(c *cmdline.Command) string {
	args := wordValues(c.Args)
	if len(args) == 0 || c.Name != "git" {
		return ""
	}
	sub := slices.IndexFunc(args, func(a string) bool { return a == "checkout" || a == "restore" || a == "rm" })
	if sub < 0 || slices.ContainsFunc(args[:sub], func(a string) bool { return !strings.HasPrefix(a, "-") }) {
		return "" // git -C dir …: an option's value, read elsewhere
	}
	var before []string // checkout's positional words before --
	dashes := false
	source := "" // restore's --source
	rest := args[sub+1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case dashes:
		case a == "--":
			dashes = true
		case args[sub] == "restore" && (a == "-s" || a == "--source") && i+1 < len(rest):
			i++
			source = rest[i]
		case args[sub] == "restore" && strings.HasPrefix(a, "--source="):
			source = strings.TrimPrefix(a, "--source=")
		case args[sub] == "restore" && strings.HasPrefix(a, "-s"):
			source = strings.TrimPrefix(a, "-s")
		case args[sub] == "restore" && (a == "--staged" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "S")):
			return "" // --staged: HEAD into the index too
		case args[sub] == "checkout" && strings.HasPrefix(a, "-") &&
			!slices.Contains([]string{"-f", "--force", "-q", "--quiet", "--no-overlay", "--overlay"}, a):
			return "" // -b, --orphan, --conflict=…: not read here
		case !strings.HasPrefix(a, "-"):
			before = append(before, a)
		}
	}
	if args[sub] == "restore" {
		before = nil
		if source != "" {
			before = []string{source}
		}
	}
	var tree string
	switch {
	case args[sub] == "rm":
	case args[sub] == "restore" || dashes && len(before) == 1 || !dashes && len(before) > 1:
		tree = strings.Join(before[:min(len(before), 1)], "")
	case dashes && len(before) > 1:
		return ""
	}
	switch tree {
	case "":
		return "index"
	case "HEAD", "@":
		return "HEAD"
	}
	return ""
}

// resetsToHead reports git reset's positional words (from "reset") naming
// no commit but HEAD: git reset --hard, git reset --hard HEAD.
func resetsToHead(positional []string) bool {
	return len(positional) == 1 && positional[0] == "reset" || len(positional) == 2 && positional[0] == "reset" && (positional[1] == "HEAD" || positional[1] == "@")
}

// gitRestores reports a path that lies strictly below the command's
// directory dir, written without a trailing / or /. (rm -rf link/ deletes
// what a link leads to), that names a file git holds unchanged
// (Context.GitRestores): deleting it git checkout undoes. A directory is
// not: what git ignores below it is no one's copy.
func gitRestores(p, dir string, ctx Context) bool {
	if p == "" || dir == "" || ctx.GitRestores == nil || strings.HasPrefix(p, "-") || strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.") ||
		strings.ContainsAny(p, "$`*?[{\\") {
		return false
	}
	r := resolveIn(cleanPath(p), dir)
	if !strings.HasPrefix(r, "/") || slices.Contains(strings.Split(r, "/"), "..") || slices.Contains(strings.Split(r, "/"), ".git") {
		return false
	}
	r = path.Clean(r)
	return strings.HasPrefix(r, strings.TrimSuffix(path.Clean(dir), "/")+"/") && ctx.GitRestores(r)
}

// untrackedOutput reports a directory, resolved against the command's
// directory dir, below which every file git does not track is a build's
// output (Context.UntrackedOutput): a glob, a path known only at run time
// and one that climbs (..) are not.
func untrackedOutput(p, dir string, ctx Context) bool {
	if p == "" || ctx.UntrackedOutput == nil || strings.HasPrefix(p, "-") || strings.HasPrefix(p, ":") || strings.ContainsAny(p, "$`*?[{\\") {
		return false
	}
	r, ok := homeJoined(resolveIn(cleanPath(p), dir), ctx.Home)
	if !ok || slices.Contains(strings.Split(r, "/"), "..") || !strings.HasPrefix(r, "/") {
		return false
	}
	return ctx.UntrackedOutput(entered(path.Clean(r), dir, ctx))
}

// noWorkTree reports a git command that finds no work tree, so that its
// work-tree commands (reset --hard, clean, checkout, restore) fail and
// change nothing: it points git nowhere (no -C, -c, --git-dir,
// --work-tree, no GIT_* variable set on it or exported on the line), its
// directory is known and in no work tree (Context.NoWorkTree), and the
// commands before it (every other one, with a loop or a function on the
// line) only change directory, print, or run git's other commands but
// init and clone, which could make one there.
func noWorkTree(c *cmdline.Command, line *cmdline.Line, dir string, ctx Context) bool {
	if rest, ok := strings.CutPrefix(dir, "~"); ok && ctx.Home != "" && (rest == "" || rest[0] == '/') {
		dir = ctx.Home + rest
	}
	if ctx.NoWorkTree == nil || c.Name != "git" || gitPointsElsewhere(c, line) || c.CwdLost ||
		!strings.HasPrefix(dir, "/") || strings.ContainsAny(dir, "$`*?[{~") || slices.Contains(strings.Split(dir, "/"), "..") {
		return false
	}
	repeats := len(line.Functions) > 0 || loopWord.MatchString(line.Original)
	for _, o := range line.Commands {
		if o == c {
			if !repeats {
				break
			}
			continue
		}
		switch {
		case o.Dynamic || o.Payload != nil:
			return false
		case o.Name == "git":
			if sub := gitSubcommand(wordValues(o.Args)); sub == "init" || sub == "clone" || sub == "" {
				return false
			}
		case !slices.Contains([]string{"cd", "pushd", "popd", "pwd", "echo", "printf", "true", ":"}, o.Name):
			return false
		}
	}
	return ctx.NoWorkTree(path.Clean(dir))
}

// gitPointsElsewhere reports a git command given where its repository or
// work tree is: an option before the subcommand that names one (-C,
// --git-dir, --work-tree, -c core.worktree…), or a GIT_* variable set on
// it or exported on the line.
func gitPointsElsewhere(c *cmdline.Command, line *cmdline.Line) bool {
	for _, a := range wordValues(c.Args) {
		if !strings.HasPrefix(a, "-") {
			break
		}
		if a == "-C" || strings.HasPrefix(a, "--git-dir") || strings.HasPrefix(a, "--work-tree") || strings.HasPrefix(a, "--config-env") {
			return true
		}
	}
	if slices.ContainsFunc(c.Assigns, func(a cmdline.Assign) bool { return strings.HasPrefix(a.Name, "GIT_") }) {
		return true
	}
	for name := range line.Exports {
		if strings.HasPrefix(name, "GIT_") {
			return true
		}
	}
	return false
}

// gitSubcommand is the subcommand of git's arguments, past the options
// before it ("" when there is none).
func gitSubcommand(args []string) string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		if gitGlobalValued.has(args[0]) && len(args) > 1 {
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// homeCaches are the directories in a home whose contents tools fetch or
// build again when they are gone: losing them costs time, not work.
var homeCaches = []string{
	"~/.cache", "~/Library/Caches", "~/.npm/_cacache", "~/.npm/_npx", "~/.pnpm-store", "~/.yarn/cache",
	"~/.bun/install/cache", "~/go/pkg/mod", "~/.cargo/registry", "~/.cargo/git", "~/.gradle/caches",
	"~/.m2/repository", "~/.nuget/packages", "~/.rustup/tmp", "~/Library/Developer/Xcode/DerivedData",
	"~/.kube/cache", "~/.kube/http-cache",
}

// zshRebuilds reports a file in the home that zsh writes again when it is
// gone: the completion dump (~/.zcompdump, ~/.zcompdump-host-5.9) and a
// start-up file's compiled copy (~/.zshrc.zwc), without which zsh reads the
// start-up file itself.
func zshRebuilds(p string) bool {
	dir, name := path.Split(p)
	return dir == "~/" && (strings.HasPrefix(name, ".zcompdump") || strings.HasSuffix(name, ".zwc"))
}

// tildeHome writes a path under home (absolute, not /) with ~: a home
// outside /home and /Users (HOME=/srv/u) is still the home.
func tildeHome(p, home string) string {
	home = strings.TrimSuffix(home, "/")
	if home == "" || !strings.HasPrefix(home, "/") {
		return p
	}
	if p == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(p, home+"/"); ok {
		return "~/" + rest
	}
	return p
}

// movedDir is where a cd on the line moved the command out of the
// project (Command.Moved), absolute or under ~; "" when it did not, or
// when it moved below the directory the line starts in, whose relative
// names are the project's.
func movedDir(moved string) string {
	if path.IsAbs(moved) || moved == "~" || strings.HasPrefix(moved, "~/") {
		return moved
	}
	return ""
}

// lostView is args with each relative word joined to dir, the unknown
// directory a cd moved to (Command.LostDir), where the joined path names a
// home's start-up file, store or key directory (homeNamed); ok is false
// when none does.
func lostView(dir string, args []string) ([]string, bool) {
	var out []string
	for i, a := range args {
		if a == "" || a == "-" || strings.ContainsAny(a[:1], "-/~$`") || strings.Contains(a, ":") {
			continue
		}
		j := joinDir(dir, a)
		if _, ok := homeNamed(j); !ok {
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		out[i] = j
	}
	return out, out != nil
}

// lostNames are the outputs and secret files of c read relative to the
// unknown directory a cd moved it to, as written (Command.LostDir): those
// a hidden name below it makes (cd "$X" && echo x >> .bashrc writes
// $X/.bashrc, which path helpers read as ~/.bashrc), and the secrets
// there (cd "$X" && cat .aws/credentials). Other names stay as written:
// node_modules below an unknown directory is no one's.
func lostNames(c *cmdline.Command, redirects []RedirectEnv) (outs, secrets []string) {
	dir := c.LostDir
	if dir == "" {
		return nil, nil
	}
	view := movedView(dir, c)
	pos, _ := splitArgs(view, valueOptions[programName(c.Name)])
	joined := slices.Clone(redirects)
	for i, r := range joined {
		if !r.Dynamic && r.Target != "" && !strings.ContainsAny(r.Target[:1], "/~$&-") {
			joined[i].Target = joinDir(dir, r.Target)
		}
	}
	below := func(p string) bool { return strings.HasPrefix(p, dir+"/") }
	for _, o := range outputs(c.Name, view, pos, joined) {
		if _, ok := homeNamed(o); ok && below(o) {
			outs = append(outs, o)
		}
	}
	for _, s := range secretFiles(c.Name, view, pos, joined) {
		if below(s) {
			secrets = append(secrets, s)
		}
	}
	return outs, secrets
}

// tidyAbsolute is an absolute path spelled with doubled slashes, inner .
// components or a process's root in front as the kernel reads it
// (//proc/x, /etc/./x, /proc/self/root/etc/x); any other word as it is.
// A trailing slash or /. (cp's "the contents of") and .. (which the
// traversal rules read) stay as written.
func tidyAbsolute(p string) string {
	if !strings.HasPrefix(p, "/") || !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.HasPrefix(p, "/proc/") {
		return p
	}
	for strings.Contains(p, "//") {
		p = strings.ReplaceAll(p, "//", "/")
	}
	for strings.Contains(p, "/./") {
		p = strings.ReplaceAll(p, "/./", "/")
	}
	if r := procRoot(p); r != p && !strings.Contains(r, "..") {
		if strings.HasSuffix(p, "/") && r != "/" {
			r += "/"
		}
		p = r
	}
	return p
}

// systemObjects reports a directory whose every entry is a system object
// (/dev's disks, /proc's and /sys's kernel files, /etc's and /boot's
// settings): after a cd there the rules too see the words joined to it,
// as cd /dev && mkfs.ext4 sda formats /dev/sda. Elsewhere (a project
// under /var/www) they keep the words as written.
func systemObjects(dir string) bool {
	c := cleanPath(dir)
	for _, top := range []string{"/dev", "/proc", "/sys", "/etc", "/boot"} {
		if c == top || strings.HasPrefix(c, top+"/") {
			return true
		}
	}
	return false
}

// movedView is c's words with each relative file name joined to dir,
// where a cd on the line moved: the words the models (outputs,
// secretFiles, mayWrite, authFiles, extractions) read, so that cd /etc
// && zzprog -o passwd writes /etc/passwd as zzprog -o /etc/passwd does.
// A word joined is one that may name a file: not an option (but the
// value of --opt=VALUE, of a short output option's -oVALUE
// (attachedOutput) and of dd's key=VALUE), not a word the shell
// expands at run time, a URL, host:path, code (spaces, quotes,
// brackets) nor an assignment; nor the first word of a program whose
// first word is a mode or a subcommand (tar xf, 7z a, git status).
func movedView(dir string, c *cmdline.Command) []string {
	prog := programName(c.Name)
	mode := valueOptions[prog] != nil || modeFirst.has(prog)
	out := make([]string, len(c.Args))
	for i, a := range c.Args {
		v := a.Value
		out[i] = v
		switch {
		case a.Dynamic || v == "" || v == "-" || v == "--":
		case i == 0 && mode && !strings.HasPrefix(v, "-"):
		case strings.HasPrefix(v, "--"):
			if opt, val, ok := strings.Cut(v, "="); ok && viewFile(val) {
				out[i] = opt + "=" + joinRel(dir, val)
			}
		case v[0] == '-':
			if o := attachedOutput(prog, v); o != "" && viewFile(v[len(o):]) {
				out[i] = o + joinRel(dir, v[len(o):]) // cd ~ && sort -o.bashrc x
			}
		default:
			if key, val, ok := strings.Cut(v, "="); ok {
				if key != "" && strings.Trim(key, "abcdefghijklmnopqrstuvwxyz") == "" && viewFile(val) {
					out[i] = key + "=" + joinRel(dir, val) // dd of=passwd
				}
			} else if viewFile(v) {
				out[i] = joinRel(dir, v)
			}
		}
	}
	return out
}

// attachedOutput is the short output option v starts with, its value
// attached (sort -o.bashrc, wget -Oout.html): the generic -o of every
// program that does not give -o another meaning (noGenericOutput), and
// the output options outputs() reads of the others (wget -O, 7z -o); ""
// for any other word.
func attachedOutput(prog, v string) string {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' || outputOptions.has(v) || outputLikeName(v) {
		return "" // openssl -out, nmap -oN: an option of its own name
	}
	var letters []byte
	if !noGenericOutput.has(prog) || ownOutputO.has(prog) {
		letters = append(letters, 'o')
	}
	if prog == "wget" || prog == "wget2" {
		letters = append(letters, 'O')
	}
	for _, l := range letters {
		if v[1] == l {
			return v[:2]
		}
	}
	for _, l := range letters {
		if j := bundledBefore(v, l); j > 0 && j+1 < len(v) {
			return v[:j+1] // flags bundled before it: cd ~ && sort -uo.bashrc x
		}
	}
	return ""
}

// ownOutputO are programs of noGenericOutput whose -o outputs() or
// genericOutputs reads as the file they write.
var ownOutputO = set("sort", "curl", "curlie", "zstd", "zstdmt", "pzstd", "unzstd", "brotli", "patch", "7z", "7za", "7zz", "7zr")

// modeFirst are programs whose first word is a mode, not a file: tar xf,
// 7z a, ar rcs, jar xf.
var modeFirst = set("tar", "bsdtar", "gtar", "7z", "7za", "7zz", "7zr", "ar", "jar", "cmake", "npm", "pnpm", "yarn", "pip", "pip3",
	"cargo", "go", "zig", "apt", "apt-get", "brew", "systemctl", "launchctl", "openssl", "make")

// viewFile reports a word movedView joins: one that may be a relative
// file name.
func viewFile(v string) bool {
	return v != "" && !strings.ContainsAny(v[:1], "/~$-") && !strings.ContainsAny(v, " \t\n'\"`$(){}[]<>|;&:=,\\") &&
		!strings.Contains(v, "://")
}

// joinRel is v joined to dir, a directory a cd moved to (~ kept as ~:
// joinPath).
func joinRel(dir, v string) string {
	if !viewFile(v) {
		return v
	}
	return joinDir(dir, v)
}

// joinDir is p joined to dir as the walker joins it (cmdline.JoinPath:
// above a home, ~/.., whose parent hguard does not know, the name stays
// under ~), without a trailing slash.
func joinDir(dir, p string) string {
	if j := cmdline.JoinPath(dir, p); j != "/" {
		return strings.TrimSuffix(j, "/")
	}
	return "/"
}

// joinMoved joins the relative names of a model's list to dir, where a
// cd on the line moved (movedDir); names already absolute, under ~, or
// known only at run time stay as they are.
func joinMoved(dir string, files []string) []string {
	if dir == "" {
		return files
	}
	out := slices.Clone(files)
	for i, f := range out {
		if f != "" && !strings.ContainsAny(f[:1], "/~$-") && !strings.Contains(f, "://") {
			out[i] = joinDir(dir, f)
		}
	}
	return out
}

// extractsHere reports an extraction into the directory the command
// runs in: tar x with no -C, unzip with no -d, 7z x or e with no -o.
func extractsHere(c *cmdline.Command, args, pos []string) bool {
	switch prog := programName(c.Name); prog {
	case "tar", "bsdtar", "gtar", "unzip":
		if prog == "gtar" {
			prog = "tar"
		}
		ex, ok := parseExtraction(prog, args, pos)
		return ok && ex.dir == ""
	case "7z", "7za", "7zz", "7zr":
		return len(pos) > 0 && (pos[0] == "x" || pos[0] == "e") && !slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "-o") })
	}
	return false
}

// commandCwd is where a command runs: the directory a static cd earlier on
// the line moved to, or the caller's joined with where relative cds moved
// (cd .claude && echo x > settings.json), else the caller's.
func commandCwd(caller, cd, rel string) string {
	switch {
	case cd != "":
		return cd
	case rel != "" && caller != "":
		return path.Join(caller, rel)
	}
	return caller
}

// curlUpload is the file curl's argument i uploads: the word after -T or
// --upload-file, or the value attached to it (-T.env, --upload-file=.env).
func curlUpload(args []cmdline.Word, i int) (string, bool) {
	v := args[i].Value
	switch {
	case i > 0 && (args[i-1].Value == "-T" || args[i-1].Value == "--upload-file"):
		return v, true
	case strings.HasPrefix(v, "--upload-file="):
		return strings.TrimPrefix(v, "--upload-file="), true
	case strings.HasPrefix(v, "-T") && len(v) > 2:
		return v[2:], true
	case i > 0 && curlFlagsThenT(args[i-1].Value):
		return v, true // -sT FILE
	}
	return "", false
}

// curlFlagsThenT reports a cluster of curl's short flags that ends with
// -T (-sT, -fsST), whose value is the next word.
func curlFlagsThenT(v string) bool {
	if len(v) < 3 || v[0] != '-' || v[1] == '-' || v[len(v)-1] != 'T' {
		return false
	}
	return !strings.ContainsAny(v[1:len(v)-1], "dDeEFHKoPrTuUxXYyzAbcCmwhQt")
}

// maxCurlExpansions bounds the names curlExpansions makes of one word.
const maxCurlExpansions = 64

// curlExpansions are the names curl's own globbing makes of a word: each
// {a,b} set and each [a-z] or [0-9] range in turn, at most
// maxCurlExpansions of them.
func curlExpansions(p string) []string {
	open := strings.IndexAny(p, "{[")
	if open < 0 {
		return []string{p}
	}
	closer := byte('}')
	if p[open] == '[' {
		closer = ']'
	}
	end := strings.IndexByte(p[open:], closer)
	if end < 0 {
		return []string{p}
	}
	end += open
	var alts []string
	if closer == '}' {
		alts = strings.Split(p[open+1:end], ",")
	} else {
		r := p[open+1 : end]
		if len(r) != 3 || r[1] != '-' || r[0] > r[2] {
			return []string{p}
		}
		for b := r[0]; b <= r[2] && len(alts) < maxCurlExpansions; b++ {
			alts = append(alts, string(b))
		}
	}
	var out []string
	for _, alt := range alts {
		for _, q := range curlExpansions(p[:open] + alt + p[end+1:]) {
			if len(out) >= maxCurlExpansions {
				return out
			}
			out = append(out, q)
		}
	}
	return out
}

// cloneValued are git clone's options that take the next word.
var cloneValued = set("-b", "--branch", "-o", "--origin", "-u", "--upload-pack", "-c", "--config", "-j", "--jobs",
	"--depth", "--reference", "--reference-if-able", "--separate-git-dir", "--shallow-since", "--shallow-exclude",
	"--filter", "--template", "--server-option", "--bundle-uri", "--ref-format")

// gitGlobalValued are git's options before the subcommand that take the
// next word.
var gitGlobalValued = set("-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix")

// cloneDestination is the directory git clone fills: its operand after
// the repository's address (git clone URL ~/.ssh puts the repository's
// files there), below the directory -C moves to (git -C ~ clone URL .ssh).
func cloneDestination(args []string) []string {
	dir := ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") {
		switch {
		case args[0] == "-C" && len(args) > 1:
			if dir != "" && !strings.HasPrefix(args[1], "/") && !strings.HasPrefix(args[1], "~") {
				dir += "/" + args[1]
			} else {
				dir = args[1]
			}
			args = args[2:]
		case gitGlobalValued.has(args[0]) && len(args) > 1:
			args = args[2:]
		default:
			args = args[1:]
		}
	}
	if len(args) == 0 || args[0] != "clone" {
		return nil
	}
	dest := cloneOperands(args)
	if len(dest) == 1 && dir != "" && !strings.HasPrefix(dest[0], "/") && !strings.HasPrefix(dest[0], "~") && !strings.HasPrefix(dest[0], "$") {
		dest[0] = dir + "/" + dest[0]
	}
	return dest
}

// cloneOperands is git clone's directory operand, given the words from
// clone on.
func cloneOperands(args []string) []string {
	var ops []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case cloneValued.has(a):
			i++
		case strings.HasPrefix(a, "-"):
		default:
			ops = append(ops, a)
		}
	}
	if len(ops) != 2 {
		return nil
	}
	return ops[1:]
}

// ownDotfiles reports a line that only puts a person's own dotfiles in
// place (cmdline.OwnDotfile), cd aside: nothing on it writes, fetches or
// clones what it links (echo x > ~/dotfiles/.bashrc; ln -sf …).
func ownDotfiles(line *cmdline.Line) bool {
	for _, c := range line.Commands {
		if _, ok := cmdline.OwnDotfile(c); !ok && !(c.Name == "cd" && len(c.Redirects) == 0 && len(c.Via) == 0) {
			return false
		}
	}
	return true
}

// newDirectories reports install -d making apt's keyring directory as
// mkdir -p does (Docker's and NodeSource's install steps: sudo install -m
// 0755 -d /etc/apt/keyrings): with the mode it has (755, the default), no
// owner or group, each a static keyrings directory three names deep, where
// apt reads a key only when a source list names it. Another directory
// (sudoers.d/x), another mode (install -m 0777 -d /etc) is still judged as
// written.
func newDirectories(args []string) bool {
	dir, ops := false, 0
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-d" || a == "--directory":
			dir = true
		case a == "-m" || a == "--mode":
			if i++; i >= len(args) || strings.TrimLeft(args[i], "0") != "755" {
				return false
			}
		case strings.HasPrefix(a, "--mode="):
			if strings.TrimLeft(strings.TrimPrefix(a, "--mode="), "0") != "755" {
				return false
			}
		case a == "-v" || a == "--verbose" || a == "-D":
		case strings.HasPrefix(a, "-"):
			return false // -o, -g, a cluster, an option not read here
		case path.Clean(a) != "/etc/apt/keyrings" && path.Clean(a) != "/usr/share/keyrings" || strings.Contains(a, ".."):
			return false
		default:
			ops++
		}
	}
	return dir && ops > 0
}

// writtenText is the text that commands earlier on the line wrote from a
// here-document or here-string (cat > FILE <<EOF, tee FILE <<<…),
// or a literal echo or printf wrote, into a file the command names as a word, an option's value (--file=F)
// or its input (< F): a script a client then reads (cat > m.sql <<EOF …
// EOF; psql -f m.sql) holds what the line wrote, which the rules judge as
// if it were given inline. A file a client's word includes (psql -c '\i
// F') is named too, and a <(echo …) or <(printf …) the command is given is
// such a file (kubectl apply -f <(echo …)); so is what a tee whose input
// is known passes to the command's standard input.
func writtenText(c *cmdline.Command, line *cmdline.Line) string {
	if line == nil {
		return ""
	}
	named := map[string]bool{}
	var substs []string // the commands of the <(…) words, as written
	for _, a := range c.Args {
		v := a.Value
		if opt, val, ok := strings.Cut(v, "="); ok && strings.HasPrefix(opt, "-") {
			v = val // --filename=<(…)
		}
		if inner, ok := strings.CutPrefix(v, "<("); ok && a.Dynamic && strings.HasSuffix(inner, ")") {
			substs = append(substs, strings.TrimSpace(strings.TrimSuffix(inner, ")")))
		}
		if !a.Dynamic {
			if p := cmdline.Lookup(c.Name); p != nil && p.Stdin != "" {
				for _, f := range cmdline.DBIncludes(p.Stdin, a.Value) {
					named[path.Clean(f)] = true // psql -c '\i m.sql', sqlite3 db '.read m.sql'
				}
			}
			named[path.Clean(a.Value)] = true
			if _, v, ok := strings.Cut(a.Value, "="); ok && strings.HasPrefix(a.Value, "-") {
				named[path.Clean(v)] = true
			}
		}
	}
	for _, r := range c.Redirects {
		if r.Op == "<" && !r.Target.Dynamic {
			named[path.Clean(r.Target.Value)] = true
		}
	}
	var texts []string
	if f := feeder(c, line); f != nil && f.Name == "tee" && f.Stdin.Static && !f.Stdin.Remote && !f.Stdin.Decoded {
		texts = append(texts, f.Stdin.Text) // echo … | tee m.yaml | kubectl apply -f -: tee's input is c's
	}
	for _, o := range line.Commands {
		// the substitution's command stands after c in the line's order;
		// its source leaves out a heredoc's body (<(cat <<EOF …))
		if len(substs) == 0 || len(o.Via) == 0 || o.Via[len(o.Via)-1] != "<(…)" || o.Source == "" ||
			!slices.ContainsFunc(substs, func(s string) bool { return strings.HasPrefix(s, o.Source) }) {
			continue
		}
		if t, ok := o.StaticOutput(); ok && (o.Name == "echo" || o.Name == "printf") {
			texts = append(texts, t)
		} else if o.Name == "cat" && len(o.Args) == 0 && o.Stdin.Static && !o.Stdin.Remote && !o.Stdin.Decoded {
			texts = append(texts, o.Stdin.Text)
		}
	}
	for _, o := range line.Commands {
		if o == c {
			break
		}
		var text string
		switch {
		case o.Name == "echo" || o.Name == "printf":
			t, ok := o.StaticOutput()
			if !ok {
				continue
			}
			text = t
		case (o.Name == "cat" || o.Name == "tee") && !o.Stdin.Remote && !o.Stdin.Decoded &&
			(o.Stdin.Kind == "heredoc" || o.Stdin.Kind == "herestring" || o.Name == "tee" && o.Stdin.Static):
			text = o.Stdin.Text // as written: DROP DATABASE $DB drops one whatever $DB holds
		default:
			continue
		}
		hit := false
		for _, r := range o.Redirects {
			hit = hit || (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && (r.Fd == "" || r.Fd == "1") && !r.Target.Dynamic && named[path.Clean(r.Target.Value)]
		}
		for _, a := range o.Args {
			hit = hit || o.Name == "tee" && !a.Dynamic && !strings.HasPrefix(a.Value, "-") && named[path.Clean(a.Value)]
		}
		if hit {
			texts = append(texts, text)
		}
	}
	return strings.Join(texts, "\n")
}

// declarations are the words a declaration gives the environment: export,
// declare, typeset, readonly, setenv and launchctl's own words, and
// fish's set -x NAME VALUE… as NAME=VALUE… (an element's write, set -x
// NAME[1] VALUE, names NAME).
func declarations(name string, args []string, shell string) []string {
	switch {
	case name == "export" || name == "declare" || name == "typeset" || name == "readonly" || name == "setenv" || name == "launchctl":
		return args
	case name == "read" && shell == "fish":
		return fishReadExports(args)
	case name != "set" || shell != "fish":
		return nil
	}
	export, path := false, false
	for i, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			if a == "--" {
				i++
			}
			if !export || i >= len(args) {
				return nil
			}
			n, _, _ := strings.Cut(args[i], "[")
			sep := " " // a list is exported joined by spaces, a path variable's by colons
			if path || strings.HasSuffix(n, "PATH") {
				sep = ":"
			}
			return []string{n + "=" + strings.Join(args[i+1:], sep)}
		}
		short := !strings.HasPrefix(a, "--")
		long := func(full string, min int) bool { return cmdline.FishLongOption(a, full, min) }
		switch {
		case long("--erase", 4) || long("--query", 3) || long("--show", 3) || long("--names", 3) || short && strings.ContainsAny(a[1:], "eqSn"):
			return nil // set -ex NAME, set -qx NAME: nothing set
		case long("--path", 4):
			path = true
		case long("--unpath", 5):
			path = false
		}
		export = export || long("--export", 4) || short && strings.Contains(a, "x")
	}
	return nil
}

// fishReadExports are the variables fish's read -x (--export) exports, each
// as NAME=(read): a value known only as it runs (echo /tmp/x.so | read -x
// LD_PRELOAD is set -gx LD_PRELOAD (…)).
func fishReadExports(args []string) []string {
	var names []string
	export := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			names = append(names, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			opt, _, eq := strings.Cut(a, "=")
			export = export || cmdline.FishLongOption(opt, "--export", 4)
			if !eq && slices.Contains([]string{"--prompt", "--prompt-str", "--right-prompt", "--delimiter", "--nchars", "--command"}, opt) {
				i++
			}
		case strings.HasPrefix(a, "-") && len(a) > 1:
			for j := 1; j < len(a); j++ {
				if a[j] == 'x' {
					export = true
				}
				if strings.IndexByte("pPRdnc", a[j]) >= 0 {
					if j == len(a)-1 {
						i++ // its value is the next word, else the rest of this one
					}
					break
				}
			}
		default:
			names = append(names, a)
		}
	}
	if !export {
		return nil
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + "=(read)"
	}
	return out
}
