package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/hooks"
	"github.com/hguard/hguard/internal/ancestry"
	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/redact"
	"github.com/hguard/hguard/session"
)

// AgentShellFlag is the hidden first argument that makes hguard the shell
// prefix of an agent (Claude Code's CLAUDE_CODE_SHELL_PREFIX, which runs
// `PREFIX 'COMMAND'` for every command of its Bash tool and accepts one
// dash option after the program). hguard then runs the command in a shell
// with its output masked, so that secrets are masked in what the agent
// reads whether the command succeeds or fails: Claude Code lets no hook
// replace a failed command's output (PostToolUseFailure).
const agentShellFlag = "--agent-shell"

// runAgentShell runs `SHELL -c COMMAND` with standard output and standard
// error copied through the redactor, and exits as the command did. Standard
// input is the command's own. It is not an agent hook: the checks are done
// by the hook before the tool call; this masks the output, and refuses
// every command where the project's own settings switched the hook off.
func runAgentShell(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		return usagef("it is set by 'hguard init claude-code' as CLAUDE_CODE_SHELL_PREFIX", "%s takes exactly one command", agentShellFlag)
	}
	offs, deciders, setters := claudeProject(os.Getenv)
	if len(offs) > 0 {
		var said []string
		for _, o := range offs {
			said = append(said, o.String())
		}
		return cli.WithHint(fmt.Errorf("this project's own settings switch hguard's hooks off (%s), so no command runs here unchecked", strings.Join(said, "; ")),
			"a person removes the setting and starts a new session")
	}
	if len(deciders) > 0 {
		if err := checkReplaced(args[0], deciders, stderr); err != nil {
			return err
		}
	}
	if len(setters) > 0 {
		if err := checkPrelude(args[0], setters, stderr); err != nil {
			return err
		}
	}
	sh := agentShellProgram()
	cmd := exec.Command(sh, "-c", args[0])
	cmd.Stdin = os.Stdin
	outR, outW, err := os.Pipe()
	if err != nil {
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return err
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	// A signal meant for the command (the agent's interrupt or timeout) is
	// passed on; hguard stays to mask what the command still prints.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		outW.Close()
		errW.Close()
		outR.Close()
		errR.Close()
		return fmt.Errorf("starting %s: %w", sh, err)
	}
	outW.Close()
	errW.Close()
	done := make(chan struct{})
	go func() {
		for {
			select {
			case s := <-sigs:
				cmd.Process.Signal(s)
			case <-done:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	copyMasked := func(dst io.Writer, src *os.File) {
		defer wg.Done()
		defer src.Close()
		if _, err := redact.Copy(dst, src); err != nil {
			// The rest is withheld rather than copied unmasked; drain the
			// pipe so the command does not block on a full one.
			fmt.Fprintf(dst, "\n%s (%v)\n", hooks.Withheld, err)
			io.Copy(io.Discard, src)
		}
	}
	wg.Add(2)
	go copyMasked(stdout, outR)
	go copyMasked(stderr, errR)
	// Output ends when every writer is gone, which may be after the shell
	// exits (a background job it left); the command's status is the shell's.
	werr := cmd.Wait()
	wg.Wait()
	close(done)
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return exitError(128 + int(ws.Signal()))
		}
		return exitError(ee.ExitCode())
	}
	return werr
}

// claudeProject reads the settings of the project Claude Code runs this
// prefix in: those that switch hguard's hooks off (hooks.ProjectSwitchOffs),
// where the hook checked nothing and the prefix is all of hguard that still
// runs, so it refuses every command, the agent being the caller; the
// project's hooks that may replace a command the hook checked
// (hooks.ProjectDeciders); and those that may write the script Claude
// Code runs ahead of every command (hooks.ProjectEnvSetters). Under
// another agent (Gemini CLI's hook rewrites commands to this prefix) there
// are none: the hook did run.
func claudeProject(getenv func(string) string) (offs []hooks.SwitchOff, deciders, setters []hooks.ProjectDecider) {
	if agent, _ := ancestry.FromEnv(getenv); agent != string(hooks.ClaudeCode) {
		return nil, nil, nil
	}
	home := getenv("HOME")
	dirs := []string{getenv("CLAUDE_PROJECT_DIR")}
	if wd, err := os.Getwd(); err == nil && wd != dirs[0] {
		dirs = append(dirs, wd) // each Bash command pays for these reads: once per directory
	}
	for _, d := range dirs {
		for _, o := range hooks.ProjectSwitchOffs("claude", d, home) {
			if !slices.Contains(offs, o) {
				offs = append(offs, o)
			}
		}
		for _, o := range hooks.ProjectDeciders("claude", d, home) {
			if !slices.Contains(deciders, o) {
				deciders = append(deciders, o)
			}
		}
		for _, o := range hooks.ProjectEnvSetters("claude", d, home) {
			if !slices.Contains(setters, o) {
				setters = append(setters, o)
			}
		}
	}
	return offs, deciders, setters
}

// checkPrelude lets the Bash tool's line run only if what it runs ahead of
// its command is allowed, judged as the agent's: there Claude Code puts
// the script that hooks wrote to $CLAUDE_ENV_FILE, and a project's hook
// (setters) may have written a function that takes the place of the
// command hguard's hook checked. The rest of it is Claude Code's own (its
// shell snapshot, shopt), which hguard allows. A line not in the Bash
// tool's wrapper (a hook's command) runs ahead of nothing.
// (TestProjectHookWritesEnvFile fails if the wrapper changes.)
func checkPrelude(line string, setters []hooks.ProjectDecider, stderr io.Writer) error {
	if !bashToolLine(line) {
		return nil
	}
	var said []string
	for _, d := range setters {
		said = append(said, d.String())
	}
	prelude, ok := cmdline.EvalPrelude(line)
	if !ok {
		return cli.WithHint(fmt.Errorf("hguard cannot read what this line of Claude Code's Bash tool runs ahead of its command, where a hook of this project's own settings may have put code (%s)",
			strings.Join(said, "; ")), "a person removes the hook and starts a new session")
	}
	if prelude == "" {
		return nil
	}
	d, err := decideAsClaude(prelude, stderr)
	if err != nil {
		return err
	}
	if d.Outcome != dsl.Allow {
		return cli.WithHint(fmt.Errorf("a script runs ahead of this command in Claude Code, which a hook of this project's own settings may have written ($CLAUDE_ENV_FILE: %s); checked, what runs ahead of this command is not allowed: %s",
			strings.Join(said, "; "), modelReasons(d)), "a person removes the hook and starts a new session")
	}
	return nil
}

// decideAsClaude decides command as Claude Code's, in its session, with
// every ask a refusal: nobody answers a question inside the shell prefix.
func decideAsClaude(command string, stderr io.Writer) (approval.Decision, error) {
	dc, err := openDecider(stderr)
	if err != nil {
		return approval.Decision{}, err
	}
	defer dc.Close()
	wd, _ := os.Getwd()
	return dc.Decide(approval.CheckRequest{Command: command, Cwd: wd, Session: session.FromAgent(string(hooks.ClaudeCode)),
		Caller: string(hooks.ClaudeCode), AskDenies: true, Shell: "bash"})
}

// checkReplaced lets the Bash tool's line (what Claude Code hands its
// shell) run only if its command is one hguard's hook let through
// (markChecked), or one hguard allows when it checks it here: a project's
// hook may have replaced the command the hook checked (deciders). A line
// not in the Bash tool's wrapper is a command of the settings (a hook's,
// the status line's, hguard's own hook among them), which no hook
// replaces; those of the project's were judged when claude started.
// (TestProjectHookReplacesCommand fails if the wrapper changes.)
func checkReplaced(line string, deciders []hooks.ProjectDecider, stderr io.Writer) error {
	var said []string
	for _, d := range deciders {
		said = append(said, d.String())
	}
	command, ok := claudeCommand(line)
	if !ok && bashToolLine(line) {
		// The Bash tool's line, in a shape hguard cannot read the command
		// of: run as a hook's, a replaced command would pass unchecked.
		return cli.WithHint(fmt.Errorf("hguard cannot read the command in this line of Claude Code's Bash tool, and a hook of this project's own settings may have put it in place of one hguard's hook checked (%s)",
			strings.Join(said, "; ")), "a person removes the hook and starts a new session")
	}
	if !ok || wasChecked(command) {
		return nil
	}
	d, err := decideAsClaude(command, stderr)
	if err != nil {
		return err
	}
	if d.Outcome != dsl.Allow {
		return cli.WithHint(fmt.Errorf("hguard's hook did not check this command, and a hook of this project's own settings may have put it in place of one it did (%s); checked now, it is not allowed: %s",
			strings.Join(said, "; "), modelReasons(d)), "a person removes the hook and starts a new session")
	}
	return nil
}

// bashToolLine reports a line of Claude Code's Bash tool: it ends by
// writing the shell's directory to Claude Code's file (`&& pwd -P >|
// FILE`), which the commands of its settings do not.
func bashToolLine(line string) bool {
	const tail = " && pwd -P >| "
	i := strings.LastIndex(line, tail)
	return i >= 0 && !strings.ContainsAny(line[i+len(tail):], "\n;&|")
}

// claudeCommand is the command in the line Claude Code's Bash tool hands
// its shell: `… && eval 'COMMAND' < /dev/null && pwd -P >| FILE`, the
// quoted argument of the line's only eval (cmdline.EvalArgument). Not ok
// (the line itself) for another line: a hook's command, which Claude Code
// runs as it is.
func claudeCommand(line string) (string, bool) { return cmdline.EvalArgument(line) }

// agentShellProgram is the shell the agent would have run the command in:
// the shell that runs this prefix (Claude Code starts `SHELL -c -l 'PREFIX
// COMMAND'`), found as the parent process, else $SHELL, else bash. The
// command is written for that shell (Claude Code sources its snapshot of
// it).
func agentShellProgram() string {
	if exe, err := os.Readlink("/proc/" + strconv.Itoa(os.Getppid()) + "/exe"); err == nil {
		switch filepath.Base(exe) {
		case "bash", "zsh", "sh", "dash":
			return exe
		}
	}
	if sh := os.Getenv("SHELL"); filepath.IsAbs(sh) {
		switch filepath.Base(sh) {
		case "bash", "zsh":
			return sh
		}
	}
	if p, err := exec.LookPath("bash"); err == nil {
		return p
	}
	return "/bin/sh"
}
