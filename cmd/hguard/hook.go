package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/hooks"
	"github.com/hguard/hguard/redact"
	"github.com/hguard/hguard/session"
)

const hookSynopsis = `hguard hook claude-code|codex|gemini|cursor
       hguard hook claude-code|gemini --post

Runs as an agent's pre-tool-call hook: reads the agent's JSON on standard
input, checks the shell command it is about to run, and answers in that
agent's protocol. block → deny (exit 2); ask → the agent's approval prompt,
or a denial that says how to approve where the agent cannot prompt (Codex,
Claude Code in bypassPermissions, dontAsk and auto modes); allow → no
objection. It fails closed: input it cannot read, a broken rule file or any
internal error is a denial, because agents run the command when a hook fails.

With --post it runs after the command (Claude Code PostToolUse, Gemini CLI
AfterTool) and masks secrets in the command's output before the agent reads
it; output it cannot read is withheld rather than passed on.`

// hookReadTimeout bounds how long a hook waits for the agent's input.
const hookReadTimeout = 10 * time.Second

func runHook(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	c := newCommand("hook", hookSynopsis, stdout)
	post := c.Bool("post", false, "run after the command: mask secrets in its output (claude-code, gemini)")
	c.Interspersed = true
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usagef("usage: hguard hook claude-code|codex|gemini|cursor", "want exactly one agent name")
	}
	agent, err := hooks.ParseAgent(c.Arg(0))
	if err != nil {
		return usagef("usage: hguard hook claude-code|codex|gemini|cursor", "%v", err)
	}
	var a hooks.Answer
	switch {
	case *post && (agent == hooks.ClaudeCode || agent == hooks.Gemini):
		a = postAnswer(agent, stdin)
	case *post:
		return usagef("--post works with claude-code and gemini", "%s has no hook that can rewrite a command's output", agent)
	default:
		a = hookAnswer(agent, stdin, stderr)
	}
	stdout.Write(a.Stdout)
	io.WriteString(stderr, a.Stderr)
	if a.Exit != 0 {
		return exitError(a.Exit)
	}
	return nil
}

// hookAnswer decides one agent tool call, with the approvals, YOLO and
// audit of the agent's session (the daemon's, when one runs). Every
// failure, a panic included, is a refusal in the agent's protocol.
func hookAnswer(agent hooks.Agent, stdin io.Reader, stderr io.Writer) (a hooks.Answer) {
	defer func() {
		if p := recover(); p != nil {
			a = hooks.Refuse(agent, fmt.Errorf("internal error: %v", p))
		}
	}()
	data, err := readWithin(stdin, hookReadTimeout, 4<<20)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	call, err := hooks.Parse(agent, data)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	if !call.Shell {
		return hooks.Reply(call, hooks.Allow, "")
	}
	dc, err := openDecider(stderr)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	defer dc.Close()
	sess := call.Session
	if sess == "" {
		sess = string(agent)
	}
	req := approval.CheckRequest{Command: call.Command, Cwd: call.Cwd, Session: session.FromAgent(sess), Caller: string(agent)}
	d, err := dc.Decide(req)
	if err != nil {
		return hooks.Refuse(agent, err)
	}
	switch d.Outcome {
	case dsl.Block:
		return hooks.Reply(call, hooks.Deny, "blocked by hguard: "+d.Reasons()+". This command must not run; do not retry it in another form.")
	case dsl.Ask:
		reason := d.Reasons()
		if d.Notice != "" {
			reason += " (" + d.Notice + ")"
		}
		if hooks.Prompts(call) {
			return hooks.Reply(call, hooks.Ask, "hguard asks for approval: "+reason)
		}
		if dc.queue() == nil {
			return hooks.Reply(call, hooks.Deny, "hguard needs a person's approval for this command ("+reason+
				"), and this agent cannot ask one. Tell the user what you wanted to run and why: they can run it themselves, "+
				"or start `hguard daemon` so that such commands wait for `hguard approve --session "+req.Session+"`.")
		}
		// The daemon holds the request until someone answers it with
		// hguard approve / hguard deny, or approvals.gateway_timeout passes.
		fmt.Fprintf(stderr, "hguard: waiting for approval: hguard approve --session %s (or hguard deny)\n", req.Session)
		d2, ans, err := dc.queue().CheckQueued(req)
		if err != nil || !ans.Approves() {
			why := ans.Describe()
			if err != nil {
				why = err.Error()
			}
			return hooks.Reply(call, hooks.Deny, "hguard: not approved ("+why+"): "+reason)
		}
		if d2.Outcome == dsl.Block {
			return hooks.Reply(call, hooks.Deny, "blocked by hguard: "+d2.Reasons())
		}
	}
	return hooks.Reply(call, hooks.Allow, "")
}

// withheld replaces output hguard could not check for secrets.
const withheld = "hguard withheld this output: it could not be checked for secrets"

// postAnswer masks secrets in a command's output after it ran. Nothing is
// printed when there is nothing to mask; output that cannot be read is
// replaced, since passing it on unchecked could hand a secret to the agent.
func postAnswer(agent hooks.Agent, stdin io.Reader) (a hooks.Answer) {
	refuse := func(err error) hooks.Answer {
		if agent == hooks.Gemini {
			out, _ := json.Marshal(map[string]any{"decision": "deny", "reason": withheld + " (" + err.Error() + ")"})
			return hooks.Answer{Stdout: append(out, '\n')}
		}
		out, _ := json.Marshal(map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName":     "PostToolUse",
			"updatedToolOutput": map[string]any{"stdout": withheld + " (" + err.Error() + ")", "stderr": "", "interrupted": false, "isImage": false},
		}})
		return hooks.Answer{Stdout: append(out, '\n')}
	}
	defer func() {
		if p := recover(); p != nil {
			a = refuse(fmt.Errorf("internal error: %v", p))
		}
	}()
	data, err := readWithin(stdin, hookReadTimeout, 64<<20)
	if err != nil {
		return refuse(err)
	}
	if agent == hooks.ClaudeCode {
		out, err := redact.PostToolUse(data)
		if err != nil {
			return refuse(err)
		}
		if out == nil {
			return hooks.Answer{}
		}
		return hooks.Answer{Stdout: append(out, '\n')}
	}
	// Gemini CLI AfterTool: a denial replaces the tool's result with its
	// reason, so the reason carries the output with secrets masked.
	var in struct {
		Response json.RawMessage `json:"tool_response"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return refuse(fmt.Errorf("hook input is not JSON: %v", err))
	}
	if len(in.Response) == 0 || string(in.Response) == "null" {
		return hooks.Answer{Stdout: []byte("{}\n")}
	}
	masked, n, err := redact.JSON(in.Response)
	if err != nil {
		return refuse(err)
	}
	if n == 0 {
		return hooks.Answer{Stdout: []byte("{}\n")}
	}
	out, _ := json.Marshal(map[string]any{"decision": "deny", "reason": "hguard masked secrets in this output: " + string(masked)})
	return hooks.Answer{Stdout: append(out, '\n')}
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
       hguard init claude-code|codex|gemini|cursor [--write] [--binary PATH]

For a shell, prints the hook to load from its start-up file:
  bash, zsh  eval "$(hguard init bash)"      fish  hguard init fish | source
It checks each command line with hguard guard when Enter is pressed, before
the shell runs any of it; HGUARD_DISABLE=1 turns it off for a shell.
bash-env and zshenv print an opt-in guard for non-interactive shells
(bash -c, zsh -c) to save in the file named by BASH_ENV or in ~/.zshenv.

For an agent, prints the agent's settings file with hguard's hook added, keeping every
setting already there; with --write, writes it in place (atomically). Run it
twice and nothing changes the second time. Settings files:
  claude-code  ~/.claude/settings.json   (PreToolUse, matcher Bash)
  codex        ~/.codex/config.toml      (PreToolUse, appended block)
  gemini       ~/.gemini/settings.json   (BeforeTool, matcher run_shell_command)
  cursor       ~/.cursor/hooks.json      (beforeShellExecution)`

func runInit(args []string, stdout, stderr io.Writer) error {
	c := newCommand("init", initSynopsis, stdout)
	write := c.Bool("write", false, "write the settings file instead of printing it")
	binary := c.String("binary", "", "the hguard binary the hook runs (default: this one)")
	c.Interspersed = true
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if c.NArg() != 1 {
		return usagef("usage: hguard init bash|zsh|fish|claude-code|codex|gemini|cursor", "want exactly one shell or agent name")
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
		return usagef("usage: hguard init claude-code|codex|gemini|cursor [--write]", "%v", err)
	}
	userHome, err := os.UserHomeDir()
	if err != nil {
		return fmt.Errorf("finding the home directory: %w", err)
	}
	path := hooks.SettingsPath(agent, userHome)
	existing, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	out, changed, err := hooks.Install(agent, existing, hooks.HookCommand(bin, agent))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if !*write {
		stdout.Write(out)
		fmt.Fprintf(stderr, "hguard: this is %s with hguard's hook; write it with: hguard init %s --write\n", path, agent)
		return nil
	}
	if !changed {
		fmt.Fprintf(stderr, "hguard: %s already runs hguard's hook\n", path)
		return nil
	}
	if err := hooks.WriteSettings(path, out); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	fmt.Fprintf(stderr, "hguard: added hguard's hook to %s\n", path)
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
