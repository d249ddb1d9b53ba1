// Command hguard decides, before a shell command runs, whether it may run,
// needs approval, or must never run. See `hguard help`.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/hguard/hguard/internal/cli"
)

// Exit codes of check, the same as tirith check so hguard is a drop-in.
const (
	exitAllow    = 0
	exitBlock    = 1
	exitAsk      = 2
	exitUsage    = cli.ExitUsage
	exitInternal = cli.ExitInternal
)

const usage = `hguard decides whether a shell command may run.

usage:
  hguard check [--json] [--cwd DIR] [--shell S] -- CMD   decide one command
  hguard check --stdin [--json]                         read the command from standard input
  hguard check --batch                                  JSONL in, JSONL out
  hguard explain [--cwd DIR] -- CMD                     the parsed model and every rule that fired
  hguard rules list [--json]                            the effective rules
  hguard rules test [FILE...]                           run the rules' match/nomatch examples
  hguard rules lint [FILE...]                           check rule files without running them
  hguard hook claude-code|codex|gemini|cursor [--post]  agent hook: agent JSON in, the agent's answer out
  hguard init bash|zsh|fish|bash-env|zshenv             print a shell hook: eval "$(hguard init zsh)"
  hguard init claude-code|codex|gemini|cursor [--write] add hguard's hooks to the agent's settings
  hguard guard [--session S] [--yolo] -- CMD            check, then ask on the terminal: [o]nce [s]ession [a]lways [d]eny
  hguard daemon                                         serve checks and the approval queue on a unix socket
  hguard pending | approve | deny [--session S] [--all] answer requests waiting in the daemon's queue
  hguard yolo on|off|status [--session S]               skip asks in one session (blocks still block)
  hguard audit verify | tail                            the hash-chained audit log
  hguard plugin list|add PATH|install tirith            detector plugins; install verifies tirith's Sigstore signature
  hguard checkpoint create|list|prune|ensure [--dir D]  shadow-git snapshots of a directory
  hguard rollback [N [FILE]] | rollback diff N          list, restore, or diff checkpoints
  hguard watch [DIR...]                                 snapshot automatically after changes
  hguard redact < IN > OUT                              mask secrets in a stream
  hguard scan [--json] [PATH...] | --stdin              find prompt injection in agent context files
  hguard creds add|list|check|mounts ...                credential files for sandbox mounts
  hguard doctor [--reviewer]                            health: config, rules, daemon, yolo, reviewer, state, audit
  hguard version                                        print the version

exit codes of check: 0 allow (warnings included), 1 block, 2 ask, 64 usage error, 70 internal error.
rules load from the built-ins, $HGUARD_HOME/rules.d/*.yaml (default ~/.hguard) and
.hguard/rules.yaml in the working directory or a parent (which may only tighten).
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Exit(dispatch(args, stdin, stdout, stderr), stderr)
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usagef("", "no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "check":
		return runCheck(rest, stdin, stdout, stderr)
	case "explain":
		return runExplain(rest, stdout, stderr)
	case "guard":
		return runGuard(rest, stdout, stderr)
	case "approve", "deny":
		return runApprove(cmd, rest, stdout, stderr)
	case "pending":
		return runPending(rest, stdout, stderr)
	case "daemon":
		return runDaemon(rest, stdout, stderr)
	case "yolo":
		return runYOLO(rest, stdout, stderr)
	case "audit":
		return runAudit(rest, stdout, stderr)
	case "doctor":
		return runDoctor(rest, stdout, stderr)
	case "rules":
		return runRules(rest, stdout, stderr)
	case "hook":
		return runHook(rest, stdin, stdout, stderr)
	case "init":
		return runInit(rest, stdout, stderr)
	case "checkpoint":
		return runCheckpoint(rest, stdout, stderr)
	case "rollback":
		return runRollback(rest, stdout, stderr)
	case "watch":
		return runWatch(rest, stdout, stderr)
	case "redact":
		return runRedact(rest, stdin, stdout, stderr)
	case "scan":
		return runScan(rest, stdin, stdout, stderr)
	case "creds":
		return runCreds(rest, stdout, stderr)
	case "plugin":
		return runPlugin(rest, stdin, stdout, stderr)
	case "version", "--version":
		fmt.Fprintf(stdout, "hguard %s\n", version())
		return nil
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usagef("run 'hguard help' for the list of commands", "unknown command %q", cmd)
}
