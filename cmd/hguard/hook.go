package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/checkpoint"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/daemon"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/hooks"
	"github.com/hguard/hguard/injection"
	"github.com/hguard/hguard/internal/atomicfile"
	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/session"
)

const hookSynopsis = `hguard hook claude-code|codex|gemini|cursor|copilot|opencode|crush|amp|hermes

Runs as an agent's hook: reads the agent's JSON on standard input and
answers in that agent's protocol. The event's name in the input says what
to do:

  before a tool call   the shell command, or the file a file tool reads or
                       writes (checked as 'cat -- FILE' / 'tee -- FILE'),
                       or the URL it fetches, is checked: block → deny;
                       ask → the agent's approval prompt, or where no one
                       can answer one (Codex, Claude Code in
                       bypassPermissions, dontAsk and auto modes, claude -p,
                       gemini -p) the daemon's queue when it runs, else a
                       denial that says a person must approve; allow → no
                       objection. A read of a credential file is an ask.
  after a tool call    secrets in its output are masked before the agent
                       reads it (Claude Code PostToolUse and
                       PostToolUseFailure, Codex PostToolUse, Gemini CLI
                       AfterTool, GitHub Copilot CLI postToolUse); Gemini
                       CLI's shell commands are allowed rewritten to run
                       through 'hguard --agent-shell', which masks them
  a turn starts / ends a checkpoint of the project (UserPromptSubmit, Stop,
                       BeforeAgent, beforeSubmitPrompt), labelled with the
                       agent's session

It fails closed: input it cannot read, a broken rule file or any internal
error is a denial, because agents run the tool call when a hook fails. So
is a command not decided within 90 s (a line built to be slow to analyse),
well inside every agent's hook timeout; a person's answer to an ask is
waited for after that, up to 570 s.
--post forces the after-a-tool-call handling (older settings use it).`

// hookReadTimeout bounds how long a hook waits for the agent's input.
const hookReadTimeout = 10 * time.Second

func runHook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c := newCommand("hook", hookSynopsis, stdout)
	post := c.Bool("post", false, "handle the input as the event after a tool call (claude-code, codex, gemini, opencode, copilot)")
	c.Interspersed = true
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usagef("usage: hguard hook claude-code|codex|gemini|cursor|copilot|opencode|crush|amp|hermes", "want exactly one agent name")
	}
	agent, err := hooks.ParseAgent(c.Arg(0))
	if err != nil {
		return usagef("usage: hguard hook claude-code|codex|gemini|cursor|copilot|opencode|crush|amp|hermes", "%v", err)
	}
	if *post && agent != hooks.ClaudeCode && agent != hooks.Gemini && agent != hooks.Codex && agent != hooks.OpenCode && agent != hooks.Copilot {
		return usagef("--post works with claude-code, codex, gemini, opencode and copilot", "%s has no hook that can rewrite a command's output", agent)
	}
	a := hookAnswer(agent, *post, stdin, stderr)
	stdout.Write(a.Stdout)
	io.WriteString(stderr, a.Stderr)
	if a.Exit != 0 {
		return exitError(a.Exit)
	}
	return nil
}

// hookAnswer answers one hook event. Every failure, a panic included, is a
// refusal in the agent's protocol (after a tool call: its output withheld).
func hookAnswer(agent hooks.Agent, post bool, stdin io.Reader, stderr io.Writer) (a hooks.Answer) {
	defer func() {
		if p := recover(); p != nil {
			a = hooks.Refuse(agent, fmt.Errorf("internal error: %v", p))
			if post {
				a = hooks.Withhold(agent, "", fmt.Errorf("internal error: %v", p))
			}
		}
	}()
	registerAgent(string(agent))
	data, err := readWithin(stdin, hookReadTimeout, 64<<20)
	if err != nil {
		if post {
			return hooks.Withhold(agent, "", err)
		}
		return hooks.Refuse(agent, err)
	}
	if post {
		return hooks.Masked(agent, hooks.EventPost, data)
	}
	if agent == hooks.Amp {
		// Amp's delegate program gets the tool's arguments alone, which the
		// model wrote: nothing in them may choose the event.
		cwd, _ := os.Getwd()
		call, err := hooks.ParseAmp(os.Getenv("AGENT_TOOL_NAME"), os.Getenv("AMP_THREAD_ID"), cwd, data)
		if err != nil {
			return hooks.Refuse(agent, err)
		}
		return preAnswer(call, stderr)
	}
	// The output after a tool call may be far larger than a check's input
	// (64 MiB against 4): the event's name is read first, at any size.
	var ev struct {
		Name string `json:"hook_event_name"`
	}
	if json.Unmarshal(data, &ev) == nil {
		switch ev.Name {
		case "PostToolUse", "AfterTool", "tool.execute.after":
			return hooks.Masked(agent, hooks.EventPost, data)
		case "PostToolUseFailure":
			return hooks.Masked(agent, hooks.EventPostFailure, data)
		}
	}
	call, err := hooks.Parse(agent, data)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	call.Headless = headless(agent)
	switch call.Event {
	case hooks.EventTurn, hooks.EventTurnEnd:
		return turnAnswer(call, stderr)
	}
	return preAnswer(call, stderr)
}

// headless reports whether no person can answer the agent's approval
// prompt: Claude Code run by its SDK or with -p says so in its
// environment; Gemini CLI with -p or without a terminal is found by its
// process (it would wait for an answer forever).
func headless(agent hooks.Agent) bool {
	switch agent {
	case hooks.ClaudeCode:
		return strings.HasPrefix(os.Getenv("CLAUDE_CODE_ENTRYPOINT"), "sdk")
	case hooks.Gemini:
		return geminiHeadless()
	}
	return false
}

// agentDialect is the grammar the agent's shell reads a command in, as
// CheckRequest.Shell names it: Claude Code runs its Bash tool in the
// user's $SHELL when that is zsh (else bash), so `=rm -rf ~` or `$=c`
// mean there what zsh makes of them; "" (bash) for the other agents,
// which run bash -c.
func agentDialect(call hooks.Call) string {
	if call.Agent == hooks.ClaudeCode && call.Kind == hooks.KindShell && filepath.Base(os.Getenv("SHELL")) == "zsh" {
		return "zsh"
	}
	return ""
}

// agentAlsoDialect is a second grammar the agent's shell may read a
// command in (CheckRequest.AlsoShell): Codex runs exec_command in the
// shell its model names (zsh works, any other name is /bin/sh) or else in
// the user's login shell from the password database, and its hook is not
// told which. So a Codex command is judged as zsh reads it too.
func agentAlsoDialect(call hooks.Call) string {
	if call.Agent == hooks.Codex && call.Kind == hooks.KindShell {
		return "zsh"
	}
	return ""
}

// decideBudget is how long a hook gives a decision: well inside the
// timeout the agents are installed with (hooks.HookTimeout), since an
// agent runs the tool call when it kills a slow hook (and one installed
// by hand may have a shorter timeout). A line built to be slow to analyse
// is refused instead; an ordinary check takes milliseconds.
var decideBudget = 90 * time.Second

// decideWithin is dc.Decide, or an error when no decision comes within
// budget: the caller refuses the call (fail closed). The decision left
// running ends with the process.
func decideWithin(dc interface {
	Decide(approval.CheckRequest) (approval.Decision, error)
}, req approval.CheckRequest, budget time.Duration) (approval.Decision, error) {
	type result struct {
		d   approval.Decision
		err error
	}
	done := make(chan result, 1)
	go func() {
		d, err := dc.Decide(req)
		done <- result{d, err}
	}()
	timer := time.NewTimer(budget)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.d, r.err
	case <-timer.C:
		return approval.Decision{}, fmt.Errorf("no decision within %s: the command is too large or too complex to analyse in time; split it into smaller commands", budget)
	}
}

// preAnswer decides one tool call before it runs, with the approvals, YOLO
// and audit of the agent's session (the daemon's, when one runs).
func preAnswer(call hooks.Call, stderr io.Writer) hooks.Answer {
	agent := call.Agent
	sess := call.Session
	if sess == "" {
		sess = string(agent)
	}
	if agent == hooks.ClaudeCode {
		forgetAsked(sess) // the person has answered the session's asks (markAsked)
	}
	switch call.Kind {
	case hooks.KindShell, hooks.KindRead, hooks.KindWrite, hooks.KindFetch, hooks.KindMCP, hooks.KindMemory:
	default:
		// Tools that neither run commands, touch files nor call MCP
		// servers are the agent's own to allow.
		return hooks.Reply(call, hooks.Allow, "")
	}
	userHome, _ := os.UserHomeDir()
	call.HomeRelative(userHome)
	if call.Kind == hooks.KindWrite && call.Text != "" && slices.ContainsFunc(call.Paths, func(p string) bool { return dsl.PersistPath(hooks.TildePath(p, call.Cwd, userHome)) }) {
		// A file tool's write of a start-up file (Write ~/.bashrc
		// "export HGUARD_HOME=/tmp/x") is judged with its text, as the
		// shell's echo … >> ~/.bashrc is (redteam8 #12): the text is the
		// command's here-document.
		call.Command += " " + hooks.HereDoc(call.Text)
	}
	dc, err := openDecider(stderr)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	defer dc.Close()
	req := approval.CheckRequest{Command: call.Command, Cwd: call.Cwd, Session: session.FromAgent(sess), Caller: string(agent),
		AskDenies: !hooks.Prompts(call) && dc.queue() == nil, AgentPrompts: hooks.Prompts(call), Shell: agentDialect(call), AlsoShell: agentAlsoDialect(call)}
	if agent == hooks.Codex || agent == hooks.Gemini {
		// their shell commands run with the agent's environment, CDPATH
		// too (Claude Code drops it; the other agents' are not known)
		req.CDPath = os.Getenv("CDPATH")
	}
	d, err := decideWithin(dc, req, decideBudget)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	what := whatOf(call)
	outcome, reason := d.Outcome, modelReasons(d)
	if call.Kind == hooks.KindRead && outcome == dsl.Allow {
		// A file tool hands the file's content to the model (and its
		// provider); a credential file read that way has left the machine.
		for _, p := range call.Paths {
			if dsl.SensitivePath(p) || dsl.SensitivePath(hooks.TildePath(p, call.Cwd, userHome)) {
				outcome, reason = dsl.Ask, "reads a credential or secrets file into the agent's context ("+p+")"
				break
			}
		}
	}
	if (call.Kind == hooks.KindWrite || call.Kind == hooks.KindMemory) && outcome != dsl.Block && call.Text != "" {
		// A steered agent that writes its orders into CLAUDE.md steers
		// every later session: the text is scanned as hguard scan would.
		for _, p := range call.Paths {
			if !injection.InstructionFile(p) {
				continue
			}
			if fs := injection.New(nil).Scan(p, []byte(call.Text)); injection.Verdict(fs) > outcome {
				outcome = injection.Verdict(fs)
				reason = "writes text into an agents' instruction file (" + sanitize.ForModel(p, 200) + ") that " + sanitize.ForModel(fs[0].Message, 200) + " (line " + strconv.Itoa(fs[0].Line) + "); every later session would read it as instructions"
			}
			break
		}
	}
	if call.Kind == hooks.KindShell && outcome < dsl.Ask {
		// The same orders written by a command (echo … >> CLAUDE.md, a
		// heredoc, sed -i, cp notes.md .cursorrules): the command's text
		// and the files it copies from are scanned.
		for _, f := range d.Findings {
			if f.Rule != instructionsRule {
				continue
			}
			text := call.Command + "\n" + copiedText(f.Command, call.Cwd)
			if fs := injection.New(nil).Scan("CLAUDE.md", []byte(text)); injection.Verdict(fs) > outcome { // read as an instruction file's text
				outcome = injection.Verdict(fs)
				reason = "writes text into an agents' instruction file that " + sanitize.ForModel(fs[0].Message, 200) + "; every later session would read it as instructions"
			}
			break
		}
	}
	// Claude Code's shell prefix runs, in a project whose own hook may
	// replace a command, only one this hook let through (checkReplaced).
	mark := func(asked bool) {
		if call.Agent == hooks.ClaudeCode && call.Kind == hooks.KindShell {
			mark := markChecked
			if asked {
				mark = func(c string) error { return markAsked(sess, c) }
			}
			if err := mark(call.Command); err != nil {
				fmt.Fprintf(stderr, "hguard: warning: %v\n", err)
			}
		}
	}
	switch outcome {
	case dsl.Block:
		return hooks.Reply(call, hooks.Deny, "blocked by hguard: "+reason+". This "+what+" must not happen; do not retry it in another form.")
	case dsl.Ask:
		if hooks.Prompts(call) {
			mark(true) // Claude Code asks the person; it runs what they approve
			return hooks.Reply(call, hooks.Ask, "hguard asks for approval: "+reason)
		}
		if dc.queue() == nil || d.Outcome != dsl.Ask {
			return hooks.Reply(call, hooks.Deny, needsPerson(what, reason))
		}
		// The daemon holds the request until a person answers it, or
		// approvals.gateway_timeout passes; the hook gives up first when
		// the agent would kill it (it would then run the tool call).
		fmt.Fprintf(stderr, "hguard: a person's approval is needed; the request waits in the daemon's queue (at most %ds)\n", hooks.WaitLimit)
		d2, ans, err := queued(dc.queue(), req, time.Duration(hooks.WaitLimit)*time.Second)
		if err != nil || !ans.Approves() {
			why := ans.Describe()
			if err != nil {
				why = err.Error()
			}
			return hooks.Reply(call, hooks.Deny, "hguard: not approved ("+why+"): "+reason+". Do not retry it in another form.")
		}
		if d2.Outcome == dsl.Block {
			return hooks.Reply(call, hooks.Deny, "blocked by hguard: "+modelReasons(d2))
		}
	}
	mark(false)
	if call.Agent == hooks.Gemini && call.Kind == hooks.KindShell {
		// Gemini CLI's AfterTool cannot replace a result, only turn it into
		// an error; the command is run through hguard instead, which masks
		// its output before Gemini CLI reads it.
		if bin := selfPath(); filepath.IsAbs(bin) {
			return hooks.GeminiMasked(call, bin)
		}
	}
	return hooks.Reply(call, hooks.Allow, "")
}

// queued waits in the daemon's queue for at most limit; past it the
// connection is closed and the answer is a denial.
func queued(c *daemon.Client, req approval.CheckRequest, limit time.Duration) (approval.Decision, approval.Answer, error) {
	type result struct {
		d   approval.Decision
		ans approval.Answer
		err error
	}
	done := make(chan result, 1)
	go func() {
		d, ans, err := c.CheckQueued(req)
		done <- result{d, ans, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.d, r.ans, r.err
	case <-timer.C:
		c.Close()
		return approval.Decision{}, approval.AnswerDeny, fmt.Errorf("no answer within %s, before the agent's hook timeout", limit)
	}
}

// whatOf names the kind of action in a refusal.
// instructionsRule warns of an agent's command that writes an agents'
// instruction file (rules/write.yaml); the hook scans what it writes.
const instructionsRule = "write-agent-instructions-agent"

// maxCopiedText bounds what copiedText reads of each file, and
// maxCopiedFiles the files it reads.
const (
	maxCopiedText  = 256 << 10
	maxCopiedFiles = 8
)

// copiedText is the text of the files a command that writes an
// instruction file names, other than instruction files (cp notes.md
// CLAUDE.md copies notes.md's text): regular files under cwd or given by
// an absolute path, each up to maxCopiedText.
func copiedText(command, cwd string) string {
	var out strings.Builder
	n := 0
	for _, w := range strings.Fields(command) {
		if n >= maxCopiedFiles {
			break
		}
		w = strings.Trim(w, `'"`)
		if w == "" || strings.HasPrefix(w, "-") || injection.InstructionFile(w) {
			continue
		}
		if !filepath.IsAbs(w) {
			if cwd == "" {
				continue
			}
			w = filepath.Join(cwd, w)
		}
		f, err := os.Open(w)
		if err != nil {
			continue
		}
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			data, _ := io.ReadAll(io.LimitReader(f, maxCopiedText))
			out.Write(data)
			out.WriteString("\n")
			n++
		}
		f.Close()
	}
	return out.String()
}

func whatOf(call hooks.Call) string {
	switch call.Kind {
	case hooks.KindRead:
		return "file read"
	case hooks.KindWrite:
		return "file change"
	case hooks.KindFetch:
		return "fetch"
	case hooks.KindMCP:
		return "MCP tool call"
	case hooks.KindMemory:
		return "memory"
	}
	return "command"
}

// needsPerson is the refusal of an ask no one can answer here. It tells the
// agent to hand the decision to its user, and gives it nothing to approve
// itself with: no session id, no approving command.
func needsPerson(what, reason string) string {
	return "hguard needs a person's approval for this " + what + " (" + reason + "), and no one can answer a prompt here. " +
		"Stop and tell the user what you wanted to do and why; only they can approve it, from their own terminal. " +
		"Do not retry it in another form."
}

// modelReasons is the reasons of a decision, each finding at its level
// once, cut short; a project rule's message is labelled as the project's
// words, which a cloned repository chose.
func modelReasons(d approval.Decision) string {
	var clauses []string
	for _, f := range d.Findings {
		if f.Level != d.Verdict {
			continue
		}
		m := sanitize.ForModel(f.Message, 300)
		if f.Source == string(dsl.Project) {
			m = "project rule " + sanitize.ForModel(f.Rule, 60) + " (from the repository, not hguard): " + m
		}
		for _, c := range strings.Split(m, "; ") {
			clauses = addClause(clauses, c)
		}
	}
	s := strings.Join(clauses, "; ")
	if d.Notice != "" {
		s += " (" + sanitize.ForModel(d.Notice, 300) + ")"
	}
	return s
}

// addClause appends c to clauses unless it is there already, or there
// with a parenthesis after it; a clause that adds one replaces its bare
// form. Rules about one thing share their wording (an agent may not change
// hguard's own files …; a person can …), and the model reads it once.
func addClause(clauses []string, c string) []string {
	for i, have := range clauses {
		switch {
		case have == c || strings.HasPrefix(have, c+" ("):
			return clauses
		case strings.HasPrefix(c, have+" ("):
			clauses[i] = c
			return clauses
		}
	}
	return append(clauses, c)
}

// turnAnswer takes the checkpoint of a turn: at its start (the user's
// prompt) and at its end, so that a person can roll back what the agent
// did in one turn. It never holds up the turn: a failure is a warning.
func turnAnswer(call hooks.Call, stderr io.Writer) hooks.Answer {
	ok := hooks.Answer{}
	if call.Agent == hooks.Gemini {
		ok.Stdout = []byte("{}\n")
	}
	if call.Agent == hooks.Cursor {
		ok.Stdout = []byte(`{"continue":true}` + "\n")
	}
	if err := turnCheckpoint(call); err != nil {
		fmt.Fprintf(stderr, "hguard: turn checkpoint skipped: %v\n", err)
	}
	return ok
}

func turnCheckpoint(call hooks.Call) error {
	h := home()
	all, err := config.Load(h)
	if err != nil {
		return err
	}
	cfg := all.Checkpoints
	if !cfg.Enabled || call.Cwd == "" {
		return nil
	}
	r, err := checkpoint.New(h, checkpoint.FindDir(h, call.Cwd), cfg)
	if err != nil {
		return err
	}
	sess := call.Session
	if sess == "" {
		sess = "unknown"
	}
	where := "start"
	if call.Event == hooks.EventTurnEnd {
		where = "end"
	}
	label := fmt.Sprintf("%s turn %s, session %s", call.Agent, where, sess)
	ctx := context.Background()
	if call.Turn != "" {
		_, err = r.Ensure(ctx, sanitize.OneLine(string(call.Agent)+":"+sess+":"+call.Turn+":"+where, 200), label)
	} else {
		_, err = r.Create(ctx, label)
	}
	var tooMany *checkpoint.TooManyFilesError
	if errors.As(err, &tooMany) {
		return err
	}
	return err
}

// readWithin reads all of r, at most max bytes, giving up after d: an agent
// that never closes the hook's input must not hang the check.
func readWithin(r io.Reader, d time.Duration, max int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, max+1))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		if res.err != nil {
			return nil, fmt.Errorf("reading hook input: %w", res.err)
		}
		if int64(len(res.data)) > max {
			return nil, fmt.Errorf("hook input is over %d bytes", max)
		}
		return res.data, nil
	case <-time.After(d):
		return nil, errors.New("no hook input within " + d.String())
	}
}

const initSynopsis = `hguard init bash|zsh|fish|bash-env|zshenv [--binary PATH]
       hguard init claude-code|codex|gemini|cursor|copilot|opencode|crush|amp|hermes [--write] [--binary PATH]
       hguard init claude-code --managed [--write] [--binary PATH]

For a shell, prints the hook to load from its start-up file:
  bash, zsh  eval "$(hguard init bash)"      fish  hguard init fish | source
It checks each command line with hguard guard when Enter is pressed, before
the shell runs any of it; HGUARD_DISABLE=1 turns it off for a shell.
bash-env and zshenv print an opt-in guard for non-interactive shells
(bash -c, zsh -c) to save in the file named by BASH_ENV or in ~/.zshenv.

For an agent, prints the agent's settings file with hguard's hooks added,
keeping every setting already there (and replacing what an earlier hguard
installed); with --write, writes it in place (atomically). Run it twice and
nothing changes the second time. Settings files and events:
  claude-code  ~/.claude/settings.json   PreToolUse (Bash, file tools, WebFetch,
               MCP), PostToolUse, PostToolUseFailure, UserPromptSubmit, Stop;
               env CLAUDE_CODE_SHELL_PREFIX=~/.claude/hguard-shell, which
               runs each Bash command through hguard --agent-shell, its
               output masked (a failing command's too, which no hook may
               replace), and refuses (exit 2) when hguard is missing
  codex        ~/.codex/config.toml      PreToolUse (shell, apply_patch, MCP),
               PostToolUse (shell, MCP), UserPromptSubmit; an appended block, with the hooks' trust
               ([hooks.state]) that Codex requires before it runs them
  gemini       ~/.gemini/settings.json   BeforeTool (shell, file tools,
               web_fetch, MCP), AfterTool, BeforeAgent
  cursor       ~/.cursor/hooks.json      beforeShellExecution, beforeReadFile,
               beforeMCPExecution, preToolUse (file tools: Read, Grep,
               Write, StrReplace, Edit, Delete, …), beforeSubmitPrompt
               (failClosed)
  copilot      ~/.copilot/settings.json  preToolUse (GitHub Copilot CLI: bash,
               view, grep, create, edit, MCP tools), postToolUse (masking)
  opencode     ~/.config/opencode/plugins/hguard.js   a plugin: tool.execute.before
               (bash, read, write, edit, apply_patch, grep, webfetch, MCP),
               tool.execute.after (masking); it runs hguard without a shell and
               refuses the tool call unless hguard answers allow
  crush        ~/.config/crush/crush.json   PreToolUse (every tool)
  amp          ~/.config/amp/settings.json  amp.permissions: delegate rules first
               for Bash, Read, Grep, edit_file, create_file, undo_edit,
               format_file, read_web_page, mcp__*, to ~/.config/amp/hguard-delegate
  hermes       ~/.hermes/config.yaml     hooks.pre_tool_call (every tool, fail_closed,
               timeout 300 s, Hermes's longest), and the hook's entry in
               ~/.hermes/shell-hooks-allowlist.json, without which Hermes skips it
The hook command refuses every tool call (exit 2) when the hguard binary
is missing; checks time out after 600 s, and a wait for a person's
approval gives up after 570 s.

--managed (claude-code, as root) writes the same hooks and shell prefix
into Claude Code's managed settings instead: /etc/claude-code/managed-
settings.d/hguard.json and /etc/claude-code/hguard-shell (/Library/
Application Support/ClaudeCode on macOS). A project's settings cannot
switch those off, and an agent running as the user cannot change them.`

func runInit(args []string, stdout, stderr io.Writer) error {
	c := newCommand("init", initSynopsis, stdout)
	write := c.Bool("write", false, "write the settings file instead of printing it")
	binary := c.String("binary", "", "the hguard binary the hook runs (default: this one)")
	managed := c.Bool("managed", false, "claude-code: install into Claude Code's managed settings (root's), which a project's settings cannot switch off")
	c.Interspersed = true
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usagef("usage: hguard init bash|zsh|fish|claude-code|codex|gemini|cursor|copilot|opencode|crush|amp|hermes", "want exactly one shell or agent name")
	}
	bin := *binary
	if bin == "" {
		bin = selfPath()
	}
	if _, ok := hooks.NonInteractive[c.Arg(0)]; slices.Contains(hooks.Shells, c.Arg(0)) || ok {
		if *write {
			return usagef("add the hook to your shell's start-up file yourself, or use install.sh --shell", "--write is for agents")
		}
		script, err := hooks.Script(c.Arg(0), bin)
		if err != nil {
			return err
		}
		io.WriteString(stdout, script)
		return nil
	}
	agent, err := hooks.ParseAgent(c.Arg(0))
	if err != nil {
		var agents []string
		for _, a := range hooks.Agents {
			agents = append(agents, string(a))
		}
		var nonInteractive []string
		for n := range hooks.NonInteractive {
			nonInteractive = append(nonInteractive, n)
		}
		slices.Sort(nonInteractive)
		hint := "hguard hooks into the shells " + strings.Join(hooks.Shells, ", ") + " (" + strings.Join(nonInteractive, ", ") +
			" for non-interactive ones) and the agents " + strings.Join(agents, ", ")
		if s := cli.Suggest(c.Arg(0), append(slices.Clone(hooks.Shells), agents...)); s != "" {
			hint = "did you mean 'hguard init " + s + "'? " + hint
		}
		return usagef(hint, "hguard has no hook for %q", c.Arg(0))
	}
	if *managed && agent != hooks.ClaudeCode {
		return usagef("only Claude Code has managed settings hguard installs into", "--managed is for claude-code")
	}
	userHome, err := os.UserHomeDir()
	if err != nil {
		return fmt.Errorf("finding the home directory: %w", err)
	}
	path, prefixPath := hooks.SettingsPath(agent, userHome), hooks.ShellPrefixPath(userHome)
	if *managed {
		path, prefixPath = hooks.ClaudeManagedPath(), hooks.ClaudeManagedShellPrefixPath()
	}
	existing, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	var out []byte
	var changed bool
	switch agent {
	case hooks.OpenCode:
		out, changed, err = hooks.InstallOpenCode(existing, bin)
	case hooks.Amp:
		out, changed, err = hooks.InstallAmp(existing, hooks.AmpDelegatePath(userHome))
	case hooks.Hermes:
		out, changed, err = hooks.InstallHermes(existing, hooks.HermesCommand(bin))
	default:
		out, changed, err = hooks.Install(agent, path, existing, hooks.HookCommand(bin, agent))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if agent == hooks.ClaudeCode {
		// The hooks cannot replace a failed command's output; running the
		// commands through hguard masks it before Claude Code reads it.
		withPrefix, prefixed, taken, err := hooks.InstallShellPrefix(out, prefixPath)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if taken {
			fmt.Fprintf(stderr, "hguard: warning: %s already sets CLAUDE_CODE_SHELL_PREFIX; it is kept, so the output of a failing command reaches the model unmasked\n", path)
		}
		out, changed = withPrefix, changed || prefixed
	}
	var allowlist []byte // Hermes: its record that a person allowed the hook
	if agent == hooks.Hermes {
		old, err := os.ReadFile(hooks.HermesAllowlistPath(userHome))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		var binTime time.Time
		if st, err := os.Stat(bin); err == nil {
			binTime = st.ModTime()
		}
		var allowed bool
		allowlist, allowed, err = hooks.HermesAllow(old, hooks.HermesCommand(bin), binTime, time.Now())
		if err != nil {
			return fmt.Errorf("%s: %w", hooks.HermesAllowlistPath(userHome), err)
		}
		if !allowed {
			allowlist = nil
		}
		changed = changed || allowed
	}
	if !*write {
		stdout.Write(out)
		if *managed {
			fmt.Fprintf(stderr, "hguard: this is %s with hguard's hook; write it as root with: sudo hguard init %s --managed --write\n", path, agent)
			return nil
		}
		fmt.Fprintf(stderr, "hguard: this is %s with hguard's hook; write it with: hguard init %s --write\n", path, agent)
		return nil
	}
	if !changed {
		fmt.Fprintf(stderr, "hguard: %s already runs hguard's hook\n", path)
		return nil
	}
	if err := refuseUnderAgent("hguard init --write", stderr); err != nil {
		return err // an agent must not choose which hook (or binary) guards it
	}
	if allowlist != nil {
		if err := hooks.WriteSettings(hooks.HermesAllowlistPath(userHome), allowlist); err != nil {
			return fmt.Errorf("writing %s: %w", hooks.HermesAllowlistPath(userHome), err)
		}
	}
	if agent == hooks.Amp {
		// The delegate program first: the rules name it.
		if err := writeProgram(hooks.AmpDelegatePath(userHome), hooks.AmpDelegateScript(bin)); err != nil {
			return err
		}
	}
	if *managed {
		return writeManaged(path, prefixPath, out, bin, stderr)
	}
	if agent == hooks.ClaudeCode {
		// The shell prefix's program first: the settings name it.
		if err := os.MkdirAll(filepath.Dir(prefixPath), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(prefixPath, []byte(hooks.ShellPrefixScript(bin)), 0o755); err != nil {
			return fmt.Errorf("writing %s: %w", prefixPath, err)
		}
	}
	if err := hooks.WriteSettings(path, out); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	fmt.Fprintf(stderr, "hguard: added hguard's hook to %s\n", path)
	return nil
}

// writeManaged writes Claude Code's managed settings (path) with hguard's
// hooks, and the shell prefix program they name first. Everyone reads
// them and only root writes them: an agent running as the user can change
// neither. It warns when the user can replace the binary they run.
func writeManaged(path, prefixPath string, settings []byte, bin string, stderr io.Writer) error {
	asRoot := func(err error) error {
		if errors.Is(err, fs.ErrPermission) {
			return cli.WithHint(err, "managed settings are root's: sudo hguard init claude-code --managed --write")
		}
		return err
	}
	for _, d := range []string{filepath.Dir(prefixPath), filepath.Dir(path)} {
		if _, err := os.Stat(d); err == nil {
			continue
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return asRoot(err)
		}
		// root's umask may be stricter (077): Claude Code, run by the
		// user, would not read the settings
		if err := os.Chmod(d, 0o755); err != nil {
			return asRoot(err)
		}
	}
	if err := atomicfile.Write(prefixPath, []byte(hooks.ShellPrefixScript(bin)), 0o755); err != nil {
		return asRoot(fmt.Errorf("writing %s: %w", prefixPath, err))
	}
	if err := atomicfile.Write(path, settings, 0o644); err != nil {
		return asRoot(fmt.Errorf("writing %s: %w", path, err))
	}
	fmt.Fprintf(stderr, "hguard: added hguard's hook to %s; a project's settings cannot switch it off\n", path)
	for _, p := range []string{path, prefixPath} {
		if w := userWritable(p); w != "" {
			fmt.Fprintf(stderr, "hguard: warning: a user can write %s, and with it %s, which an agent's hook reads: make it root's alone\n", w, p)
		}
	}
	if w := userWritable(bin); w != "" {
		fmt.Fprintf(stderr, "hguard: warning: %s can be replaced by a user (%s is theirs to write), and with it the hook an agent runs under; install hguard where only root writes (/usr/local/bin)\n", bin, w)
	}
	return nil
}

// userWritable is the binary path, or a directory above it, that someone
// other than root owns or may write, or "" when there is none (or it
// cannot tell: a bare name, found on PATH at run time).
func userWritable(bin string) string {
	if !filepath.IsAbs(bin) {
		return ""
	}
	for p := filepath.Clean(bin); ; p = filepath.Dir(p) {
		if st, err := os.Stat(p); err == nil {
			sys, ok := st.Sys().(*syscall.Stat_t)
			if ok && sys.Uid != 0 || st.Mode().Perm()&0o022 != 0 && st.Mode()&os.ModeSticky == 0 {
				return p
			}
		}
		if p == "/" {
			return ""
		}
	}
}

// writeProgram writes an executable script, creating its directory.
func writeProgram(path, script string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// selfPath is the absolute path of this binary, or plain "hguard" when it
// runs from a temporary build (go run) that will not exist later.
func selfPath() string {
	exe, err := os.Executable()
	if err != nil {
		return "hguard"
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return "hguard"
	}
	return exe
}
