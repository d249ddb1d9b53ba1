package cmdline

// Line is everything hguard knows about one command line: the text as typed,
// the text used for detection, every simple command that would execute, and
// the problems that were found on the way.
type Line struct {
	Original   string // exactly as received: what the parser reads
	Normalized string // after Normalize: the detection view line-scope rules match (never parsed)
	// Unfolded is the text the walk read, as rules that read a pipeline's
	// shape in the line match it: Normalized, then on lines of their own
	// each text a carrier runs (eval's, sh -c's, a sourced
	// substitution's) and each text whose words the shell reads as other
	// text than they show ('p's, $a, ${a:1}, $(which ps)) with those
	// words written as they expand.
	Unfolded  string
	Dialect   Dialect    // the grammar the line was read in
	Commands  []*Command // every simple command that would execute, in source order, at any depth
	Issues    []Issue    // line-level problems: parse errors, size, invisible characters, limits hit
	Functions []string   // the names of the shell functions the line defines, in source order, at any depth
	// Incomplete says the line ends inside a construct (an open quote, loop
	// or if): an interactive shell would read more lines before running any
	// of it. Its parse error is still an issue. A heredoc without its end
	// line is not incomplete: its body runs to the end of the input.
	Incomplete bool
	// Fetched are the directories and files the line fills from the
	// network (a clone, an unpacked download, a download), as paths
	// absolute, under ~/ or relative to where the line starts, for the
	// lines after it (ParseShellAfter).
	Fetched []string
	// Written are the files the line writes as far as the model follows
	// them (redirections, tee, downloads, copies' targets), as paths like
	// Fetched's, for the lines after it (Before.Written).
	Written []string
	// PathDirs are the directories the line puts on PATH by a standalone
	// assignment (export PATH=./bin:$PATH), at most 8: absolute, under
	// ~/, or relative as written (looked up where a later command runs),
	// for the lines after it (Before.Path).
	PathDirs []string
	// Aliases and Funcs are the aliases (and bash's hash -p NAME) and the
	// functions the line defines, at most 32 of each, the name to the
	// alias's text or the function's definition as written (each at most
	// 4 KiB), for the lines after it (Before.Aliases, Before.Funcs).
	Aliases map[string]string
	Funcs   map[string]string
	// Containers are the bind mounts of the containers the line starts
	// with a name (docker run --name x -v ~:/h …), at most 16 of each, by
	// name: a later docker exec x rm -rf /h deletes the host's ~ (Before.Containers).
	Containers map[string][]Mount
	// Exports are the variables the model follows from line to line
	// (CarriedEnv) as the line's standalone assignments and exports last
	// set them, the value as written ($PWD as "."; a value known only at
	// run time as its source text): after export HOME=. a later git
	// status reads ./.gitconfig, whose core.fsmonitor runs; after export
	// COMPOSE_PROFILES=debug a later docker compose up starts the debug
	// services (Before.Exports).
	Exports map[string]string
	// Loops are the variables for loops take from word lists, in source
	// order, at most MaxLoops: for K in $(cat key) binds K to what the
	// substitution prints, for the rules that follow values.
	Loops []LoopVar
}

// LoopVar is a for loop's variable and the words it takes.
type LoopVar struct {
	Name  string
	Words string // the word list as written
	At    int    // the index in Line.Commands of the first command after the word list's own
}

// MaxLoops bounds Line.Loops.
const MaxLoops = 64

// Command is one simple command that would execute, after resolution:
// quotes spliced, wrappers peeled off, carriers followed.
type Command struct {
	Name      string     // resolved base name ("rm" for "/bin/rm", "r''m", "\rm", "sudo rm"); "" if Dynamic
	Path      string     // the name word as written once wrappers are removed ("/bin/rm")
	Dynamic   bool       // the command name cannot be known statically ("$X -rf /", "$(echo rm)")
	Args      []Word     // argv[1:] after the resolved name
	Assigns   []Assign   // prefix assignments (FOO=1 cmd), including those given to env; for git also the configuration homes set before it (GitConfigHomes, Line.Exports)
	Redirects []Redirect // redirections attached to this command
	Wrappers  []Wrapper  // wrappers peeled off, outermost first: sudo, env, nice, xargs, find -exec, ...
	Pipe      PipePos    // position in its pipeline
	Stdin     Input      // what feeds standard input
	Payload   *Payload   // interpreter code given inline (python -c, node -e, heredoc into python), if any
	Untrusted string     // non-empty when it executes content that cannot be inspected: "remote", "decoded", "dynamic"
	Fetched   []string   // an unknown program's words holding downloaded or decoded text ("$(curl …)", a variable set from one, /dev/stdin fed one), prose options' values left out
	Typed     bool       // it runs its own standard input as code with nothing on the line feeding it: what is typed into it later (bash, python3 -i)
	Via       []string   // carriers followed to reach this command, outermost first ("bash -c", "eval", "$(…)", "python os.system")
	Source    string     // the source text of this simple command, for messages and findings
	Pos       Pos        // where it starts in Line.Original (for nested commands: where the carrier starts)

	// Added by the parser, beyond the first contract:
	Func string // the function whose body holds this command ("" outside functions): with Name == Func it recurses
	// OwnAlias is the name of the alias whose text this command is, walked
	// where the alias is defined, when that name is one of its own (alias
	// nuke='rm -rf ~'): it runs only when the name is typed, by one who
	// knows what it runs, so only what is blocked anyway counts there.
	OwnAlias string
	// ScriptText is, for a command read from a word with spaces given to
	// the project's own script (./scripts/log.sh "reboot needed"), that
	// script's path: the word is most likely text the script prints or
	// logs, so what the command would do is asked at most, never blocked.
	ScriptText string
	Background bool   // runs asynchronously (cmd &, or part of a backgrounded pipeline or list)
	Cwd        string // the directory a cd earlier on the line moved to, when static ("" otherwise)
	// CwdRel is, when Cwd is "" because the line moved by relative cds
	// only (cd .claude, cd ..), where it moved relative to the caller's
	// directory ("" otherwise).
	CwdRel string
	// CwdLost says a cd earlier on the line went where the model does not
	// know (cd "$X", cd - before any cd, a CDPATH it does not see): Cwd
	// and CwdRel are "" then, and the command does not run in the
	// directory the line starts in.
	CwdLost bool
	// LostDir is, with CwdLost, that directory as written when it starts
	// with an expansion (cd "$X", cd "$X"/.aws, env -C "$X"): the DSL
	// reads the hidden names and secrets the command names relative to
	// it as named below it ($X/.bashrc), which path helpers may read as
	// the home's.
	LostDir string
	// Moved is the directory a cd earlier on the line (or env -C, sudo
	// -D) moved to, outside the directory the line starts in, to which
	// the command's relative file targets are joined: absolute, ~…, or a
	// way from the start directory when the cd went below it (see
	// operandDir); "" when nothing moved. The operands of the programs
	// joinOperands knows are joined already; the DSL joins every model's
	// list of files to it (movedView).
	Moved string
	// moveSet: flowBefore set Moved (emit sets it for the commands made
	// without it: inline code's file calls, a tool mode's commands).
	moveSet bool
	// Container is, for a container runner's command (docker run, kubectl
	// run), what it gives the container and the command it runs there.
	Container *Container

	// raw holds the arguments as the shell passes them, before look-alikes
	// are folded: what echo and printf write (and a shell they feed reads).
	raw []string
	// launchers are the words of the catalogue's launchers peel took off
	// with code options among them (strace -o '|CMD' PROG), to be followed.
	launchers []launcherWords
	// attached is the command a launcher runs on its own standard input
	// and output (runuser -u USER CMD, gdb --args CMD; spawnAttached),
	// without its redirections: what the launcher prints is what it prints.
	attached *Command
}

// launcherWords are a launcher's own words, as peel took them off.
type launcherWords struct {
	name string
	args []field
}

// Word is one argument. Value is the static value after quote removal and
// expansion of what is known; for a Dynamic word it is the source text.
type Word struct {
	Value   string
	Dynamic bool // contains an expansion whose value is not known statically ($X, $(…), unmatched globs are not dynamic)
	Quoted  bool // some part was quoted
	// Glob says a glob character (*, ?, [) stands unquoted, for the shell
	// to expand; a quoted one (-run ".*", subprocess's argv) is a
	// character of the word.
	Glob bool
}

// Assign is a NAME=value prefix assignment.
type Assign struct {
	Name  string
	Value Word
	in    Input // where a substitution or variable in Value got its text: CC="$(curl …)", CFLAGS="$C"
}

// Redirect is one redirection: Op is the operator as written (">", ">>", "<",
// "<<", "<<-", "<<<", ">&", "&>", "&>>", "<>", ">|"), Fd the explicit file
// descriptor ("" when implicit), Target the file or here-string/heredoc body.
type Redirect struct {
	Op     string
	Fd     string
	Target Word
}

// Wrapper is a command that runs another one: its name and its own arguments
// (those before the wrapped command), e.g. {Name: "sudo", Args: ["-S", "-u", "root"]}.
type Wrapper struct {
	Name string
	Args []string
}

// PipePos places a command in its pipeline: Index 0 of Len 1 is no pipeline.
type PipePos struct {
	Index int
	Len   int
}

// Input describes a command's standard input.
type Input struct {
	Kind    string // "" (inherited), "pipe", "heredoc", "herestring", "file", "procsub"
	From    string // the resolved name of the command that writes into the pipe ("curl"), or the file name
	Text    string // the literal content when Static (heredoc body, here-string, echo/printf piped in)
	Static  bool   // Text is the full, known content
	Remote  bool   // content comes from the network (curl, wget, ...), possibly through decoders
	Decoded bool   // content passes through a decoder (base64 -d, xxd -r, openssl enc -d, tr, rev, ...)
	setup   bool   // the output of a tool's own shell set-up (pyenv init -, ssh-agent -s): see setupScript
	// items are, when Text is not all known, the words an echo or a
	// printf '%s\n' (or '%s\0') prints one an item, some known only at
	// run time (printedItems): what xargs makes arguments of
	items *[]Word
	// home is the home field of the account line getent passwd NAME
	// prints (~NAME, ~ for a name known only at run time): its one
	// field a filter may pick that the model knows (accountHome)
	home string
	// appended is, when Text is not known, what appends (>>) on the line
	// added to the end of a file whose earlier content is unknown: a
	// client that reads the file reads it too (partText)
	appended string
	// packed is the text a compressor's output unpacks to: what it
	// compressed, when that was known (echo … | gzip > a.gz; gunzip a.gz)
	packed string
}

// partText is the text known of a file: all of it, or the end appends
// added to a file of unknown content (not Static then).
func (in Input) partText() string {
	if in.Text != "" {
		return in.Text
	}
	return in.appended
}

// Payload is interpreter code passed inline.
type Payload struct {
	Lang        string   // "python", "node", "perl", "ruby", "php", "powershell"
	Code        string   // the code as given
	ShellOuts   []string // static shell strings it hands to a shell (os.system("…"), execSync('…'), backticks)
	Destructive []string // destructive calls it makes, as "call(arg)" e.g. "shutil.rmtree(/home/user)"
	Opaque      bool     // it runs code hguard cannot see statically (exec/eval of a variable, dynamic shell-out)
	// Unfollowed is Code less what hguard followed as commands: the calls
	// it read as shell-outs (judged as the commands they run) and the
	// imports of the process modules whose every name those calls use.
	// What still names a way to run a program is a call it did not read.
	Unfollowed string
}

// Pos is a 1-based position in the line as received (Line.Original).
type Pos struct {
	Line, Col int
}

// Issue is a line-level finding made while normalizing or parsing.
type Issue struct {
	Kind    IssueKind
	Message string // lowercase, precise: what and where
	Pos     Pos
}

// IssueKind names the classes of line-level problems.
type IssueKind string

const (
	IssueParse       IssueKind = "parse-error"      // the shell grammar rejected the line
	IssueTooLarge    IssueKind = "too-large"        // input over MaxInput
	IssueDepth       IssueKind = "depth-limit"      // carriers nested deeper than MaxDepth
	IssueInvisible   IssueKind = "invisible-char"   // zero-width, bidi control, tag characters
	IssueMixedScript IssueKind = "mixed-script"     // a word mixing Latin with look-alike scripts
	IssueControl     IssueKind = "control-sequence" // ANSI/OSC escapes, NUL or other control bytes
	IssueConfusable  IssueKind = "confusable"       // full-width or look-alike characters (folded inside words only)
	IssueLimit       IssueKind = "limit"            // added: more commands than the per-line budget; the rest was not analyzed
)

// Limits bound analysis so that it stays linear and cannot be made to hang.
const (
	MaxInput = 1 << 20 // bytes; larger input is an IssueTooLarge and is not parsed
	MaxDepth = 8       // nested carriers (bash -c "eval '…'") followed at most
)
