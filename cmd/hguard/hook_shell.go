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

	"github.com/hguard/hguard/hooks"
	"github.com/hguard/hguard/internal/ancestry"
	"github.com/hguard/hguard/internal/cli"
	"github.com/hguard/hguard/redact"
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
	if offs := claudeSwitchOffs(os.Getenv); len(offs) > 0 {
		var said []string
		for _, o := range offs {
			said = append(said, o.String())
		}
		return cli.WithHint(fmt.Errorf("this project's own settings switch hguard's hooks off (%s), so no command runs here unchecked", strings.Join(said, "; ")),
			"a person removes the setting and starts a new session")
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

// claudeSwitchOffs are the settings of the project Claude Code runs this
// prefix in that switch hguard's hooks off (hooks.ProjectSwitchOffs): the
// hook then checked nothing, and the prefix is all of hguard that still
// runs. It refuses every command, the agent being the caller. Under
// another agent (Gemini CLI's hook rewrites commands to this prefix) the
// hook did run.
func claudeSwitchOffs(getenv func(string) string) []hooks.SwitchOff {
	if agent, _ := ancestry.FromEnv(getenv); agent != string(hooks.ClaudeCode) {
		return nil
	}
	home := getenv("HOME")
	var offs []hooks.SwitchOff
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
	}
	return offs
}

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
