package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/config"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
)

// exitIncomplete tells a shell hook that the line is not finished yet.
const exitIncomplete = 3

const guardSynopsis = `hguard guard [--session S] [--yolo] [--cwd DIR] [--shell S] [--no-queue] [--incomplete-ok] [--alias NAME=VALUE]... [--function DEF]... -- CMD

Decides CMD and, when it needs approval, asks on the terminal (/dev/tty).
guard never runs CMD: it decides, and its exit code tells the caller (a
shell hook) whether to run it. Asks are answered
[o]nce [s]ession [a]lways [d]eny, or r for the rule on any command this
session. No answer within approvals.timeout is deny. Exit 0 means run it;
1 blocked, 2 not approved, each with a one-line reason on stderr; with
--incomplete-ok, 3 means the line is not finished (the shell reads more).
Shell hooks pass the aliases and functions of the live shell that the line
uses (--alias, --function): CMD is judged with its aliases expanded and
after those functions' definitions, as the shell will run it.

With no terminal: when the daemon runs, the request waits in its approval
queue (hguard pending, hguard approve, hguard deny) for up to
approvals.gateway_timeout, unless --no-queue; otherwise approvals.mode
decides (manual: deny; off: asks run). HGUARD_TTY=none acts as if there
were no terminal.`

// Exit codes of guard beyond those of check: an ask that was not approved.
const exitDenied = 2

func runGuard(args []string, stdout, stderr io.Writer) error {
	c := newCommand("guard", guardSynopsis, stdout)
	cwd := c.String("cwd", "", "the directory the command runs in (default: the current one)")
	shell := c.String("shell", "", "the shell that runs it: bash, zsh, fish or posix")
	noQueue := c.Bool("no-queue", false, "with no terminal, do not wait in the daemon's approval queue")
	incompleteOK := c.Bool("incomplete-ok", false, "exit 3 at once when CMD is incomplete (an open quote, loop or heredoc): the shell will read more lines first")
	sf := addSessionFlags(c)
	defs := addShellDefFlags(c)
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if len(c.Args()) == 0 {
		return usagef("usage: hguard guard -- CMD", "no command to guard")
	}
	cmd := strings.Join(c.Args(), " ")
	if *incompleteOK && cmdline.ParseShell(cmd, *shell).Incomplete {
		return exitError(exitIncomplete)
	}
	cmd = defs.apply(cmd)
	req, err := sf.request(cmd, *cwd, *shell)
	if err != nil {
		return err
	}
	cfg, err := config.Load(home())
	if err != nil {
		return err
	}
	dc, err := openDecider(stderr)
	if err != nil {
		return err
	}
	defer dc.Close()

	tty := openTTY()
	if tty != nil {
		defer tty.Close()
	}
	var (
		d approval.Decision
		a approval.Answer
	)
	if tty == nil && dc.queue() != nil && !*noQueue {
		d, a, err = dc.queue().CheckQueued(req)
		dc.warn(d)
		if err != nil {
			fmt.Fprintf(stderr, "hguard: not run: %s\n", err)
			return exitError(exitDenied)
		}
		return guardOutcome(stderr, d, a)
	}
	d, err = dc.Decide(req)
	if err != nil {
		return err
	}
	if d.Outcome != dsl.Ask {
		return guardOutcome(stderr, d, "")
	}
	note := ""
	if tty != nil {
		a = promptOnTTY(tty, d, cfg.Approvals.Timeout)
	} else {
		a, note = approval.AnswerDeny, "no terminal to ask on and no daemon queue (approvals.mode "+d.Mode+")"
	}
	d2, err := dc.Answer(req, a, note)
	if err != nil {
		fmt.Fprintf(stderr, "hguard: not run: %s\n", err)
		return exitError(exitDenied)
	}
	if note != "" {
		fmt.Fprintf(stderr, "hguard: denied: %s: %s\n", note, d2.Reasons())
		return exitError(exitDenied)
	}
	err = guardOutcome(stderr, d2, a)
	if err == nil && *shell == "" {
		// Run by hand, not by a shell hook (which always names its shell):
		// an approval might read as if the command ran.
		fmt.Fprintf(stderr, "hguard: guard does not run the command: exit 0 means it may run (run it yourself, or let the shell hook run it)\n")
	}
	return err
}

// guardOutcome reports one decision and returns its exit code: run it (0)
// or not (1 blocked, 2 not approved). An ask that ran without anyone
// approving it (YOLO, approvals.mode off, a container) is said loudly.
func guardOutcome(stderr io.Writer, d approval.Decision, a approval.Answer) error {
	switch {
	case d.Outcome == dsl.Block:
		fmt.Fprintf(stderr, "hguard: blocked: %s\n", d.Reasons())
		return exitError(exitBlock)
	case d.Outcome == dsl.Ask || (a != "" && !a.Approves()):
		fmt.Fprintf(stderr, "hguard: %s: %s\n", a.Describe(), d.Reasons())
		return exitError(exitDenied)
	case a != "":
		fmt.Fprintf(stderr, "hguard: %s: %s\n", a.Describe(), d.Reasons())
	case d.By == approval.ByYOLO || d.By == approval.ByModeOff || d.By == approval.ByContainer:
		fmt.Fprintf(stderr, "hguard: NOT ASKED (%s): running: %s\n", approvedBy(d), d.Reasons())
	case d.Outcome == dsl.Warn:
		fmt.Fprintf(stderr, "hguard: warning: %s\n", d.Reasons())
	}
	return nil
}

// promptOnTTY asks on the terminal in line mode. Ctrl-C (or a hang-up)
// during the prompt is a denial: guard must exit with "do not run", not die
// of the signal, which a shell hook would read as hguard failing.
func promptOnTTY(tty *os.File, d approval.Decision, timeout time.Duration) approval.Answer {
	restore := cookTTY(tty)
	defer restore()
	interrupted := make(chan os.Signal, 1)
	signal.Notify(interrupted, os.Interrupt, syscall.SIGHUP, syscall.SIGTERM)
	defer signal.Stop(interrupted)
	answered := make(chan approval.Answer, 1)
	go func() { answered <- Prompt(tty, tty, d, timeout) }()
	select {
	case a := <-answered:
		return a
	case <-interrupted:
		fmt.Fprintln(tty, "\nhguard: interrupted: denied")
		return approval.AnswerDeny
	}
}

// openTTY opens the controlling terminal, or returns nil when there is
// none (or HGUARD_TTY=none).
func openTTY() *os.File {
	if os.Getenv("HGUARD_TTY") == "none" {
		return nil
	}
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil
	}
	return f
}
