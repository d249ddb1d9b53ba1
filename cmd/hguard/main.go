// Command hguard decides, before a shell command runs, whether it may run,
// needs approval, or must never run. See `hguard help`.
package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

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

// commands is hguard's command table: the general help, "did you mean",
// the shell completions and the man page are all made from it.
var commands = []struct {
	name, args, desc string
	subs             []string // subcommands or operands to complete
	hidden           bool     // documented elsewhere, kept out of the help's list
}{
	{name: "check", args: "[--json] [--cwd DIR] [--shell S] -- CMD", desc: "decide one command"},
	{name: "check", args: "--stdin [--json]", desc: "read the command from standard input"},
	{name: "check", args: "--batch", desc: "JSONL in, JSONL out"},
	{name: "explain", args: "[--cwd DIR] -- CMD", desc: "the parsed model and every rule that fired"},
	{name: "rules", args: "list [--json] [--long]", desc: "the effective rules", subs: []string{"list", "test", "lint"}},
	{name: "rules", args: "test [FILE...]", desc: "run the rules' match/nomatch examples"},
	{name: "rules", args: "lint [FILE...]", desc: "check rule files without running them"},
	{name: "hook", args: "AGENT [--post]", desc: "agent hook: agent JSON in, the agent's answer out", subs: []string{"claude-code", "codex", "gemini", "cursor", "copilot", "opencode", "crush", "amp", "hermes"}},
	{name: "init", args: "bash|zsh|fish|bash-env|zshenv", desc: `print a shell hook: eval "$(hguard init zsh)"`, subs: []string{"bash", "zsh", "fish", "bash-env", "zshenv", "claude-code", "codex", "gemini", "cursor", "copilot", "opencode", "crush", "amp", "hermes"}},
	{name: "init", args: "AGENT [--write]", desc: "add hguard's hooks to the agent's settings"},
	{name: "guard", args: "[--session S] [--yolo] -- CMD", desc: "check, then ask on the terminal: [o]nce [s]ession [a]lways [d]eny"},
	{name: "daemon", desc: "serve checks and the approval queue on a unix socket"},
	{name: "pending", args: "| approve | deny [--session S] [--all]", desc: "answer requests waiting in the daemon's queue"},
	{name: "approve", hidden: true},
	{name: "deny", hidden: true},
	{name: "yolo", args: "on|off|status [--session S]", desc: "skip asks in one session (blocks still block)", subs: []string{"on", "off", "status"}},
	{name: "audit", args: "verify | tail", desc: "the hash-chained audit log", subs: []string{"verify", "tail"}},
	{name: "plugin", args: "list|add PATH|install tirith", desc: "detector plugins; install verifies tirith's Sigstore signature", subs: []string{"list", "add", "install"}},
	{name: "checkpoint", args: "create|list|prune|ensure [--dir D]", desc: "shadow-git snapshots of a directory", subs: []string{"create", "list", "prune", "ensure"}},
	{name: "rollback", args: "[N [FILE]] | rollback diff N", desc: "list, restore, or diff checkpoints"},
	{name: "watch", args: "[DIR...]", desc: "snapshot automatically after changes"},
	{name: "redact", args: "< IN > OUT", desc: "mask secrets in a stream"},
	{name: "scan", args: "[--json] [PATH...] | --stdin", desc: "find prompt injection in agent context files"},
	{name: "creds", args: "add|list|check|mounts ...", desc: "credential files for sandbox mounts", subs: []string{"add", "list", "check", "mounts"}},
	{name: "doctor", args: "[--reviewer]", desc: "health and set-up, each problem with its fix"},
	{name: "completion", args: "bash|zsh|fish", desc: "print shell completions: source <(hguard completion bash)", subs: []string{"bash", "zsh", "fish"}},
	{name: "man", desc: "print the man page (roff): hguard man | man -l -"},
	{name: "help", args: "[COMMAND]", desc: "this help, or one command's"},
	{name: "version", desc: "print the version (also -v, --version)"},
}

// commandNames lists each command once, in table order.
func commandNames() []string {
	var names []string
	for _, c := range commands {
		if !slices.Contains(names, c.name) {
			names = append(names, c.name)
		}
	}
	return names
}

const usageHead = `hguard decides whether a shell command may run.

usage:
`

const usageTail = `
exit codes of check: 0 allow (warnings included), 1 block, 2 ask, 64 usage error, 70 internal error.
rules load from the built-ins, $HGUARD_HOME/rules.d/*.yaml (default ~/.hguard) and
.hguard/rules.yaml in the working directory or a parent (which may only tighten).
'hguard help COMMAND' (or 'hguard COMMAND --help') describes one command.
`

// usage is the general help, from the command table.
func usage() string {
	var b strings.Builder
	b.WriteString(usageHead)
	for _, c := range commands {
		if c.hidden {
			continue
		}
		syn := "hguard " + c.name
		if c.args != "" {
			syn += " " + c.args
		}
		fmt.Fprintf(&b, "  %-53s %s\n", syn, c.desc)
	}
	b.WriteString(usageTail)
	return b.String()
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Exit(dispatch(args, stdin, stdout, stderr), stderr)
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage())
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
	case agentShellFlag: // not a command: Claude Code's shell prefix (see hook_shell.go)
		return runAgentShell(rest, stdout, stderr)
	case "version", "--version", "-v":
		if len(rest) > 0 {
			return usagef("run 'hguard version'", "version takes no arguments")
		}
		fmt.Fprintf(stdout, "hguard %s\n", version())
		return nil
	case "completion":
		return runCompletion(rest, stdout)
	case "man":
		return runMan(rest, stdout)
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 && rest[0] != "help" && !strings.HasPrefix(rest[0], "-") {
			// hguard help check is hguard check --help; hguard help rules
			// list is hguard rules list --help.
			if !slices.Contains(commandNames(), rest[0]) {
				return unknownCommand(rest[0])
			}
			sub := rest[:1]
			if len(rest) > 1 && !strings.HasPrefix(rest[1], "-") {
				sub = rest[:2]
			}
			return dispatch(append(slices.Clone(sub), "--help"), stdin, stdout, stderr)
		}
		fmt.Fprint(stdout, usage())
		return nil
	}
	return unknownCommand(cmd)
}

// unknownCommand is a usage error that suggests the command meant.
func unknownCommand(cmd string) error {
	hint := "run 'hguard help' for the list of commands"
	if s := cli.Suggest(cmd, commandNames()); s != "" {
		hint = "did you mean 'hguard " + s + "'? " + hint
	}
	return usagef(hint, "unknown command %q", cmd)
}
