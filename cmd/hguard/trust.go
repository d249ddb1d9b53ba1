package main

import (
	"fmt"
	"io"
	"os"

	"github.com/hguard/hguard/internal/ancestry"
)

// registerAgent records the agent process whose hook this is, so that
// hguard approve, deny, yolo on and plugin add refuse to run beneath it
// (and the daemon refuses their requests). It is best effort: where
// process ancestry cannot be read the agent's environment markers remain,
// and the rules block those commands from an agent in any case.
func registerAgent(agent string) {
	p, err := ancestry.AgentOf(os.Getpid())
	if err != nil {
		return
	}
	ancestry.Register(home(), p, agent)
}

// refuseUnderAgent stops a subcommand that only a person may run (what
// names it: "hguard approve") when it runs under a coding agent: an
// agent's marker in the environment, or a registered agent process among
// its ancestors. A process tree that cannot be read is a refusal too,
// except where this system has none to read (then only the markers count).
func refuseUnderAgent(what string, stderr io.Writer) error {
	if err := ancestry.Refuse(home(), what); err != nil {
		fmt.Fprintf(stderr, "hguard: %v\n", err)
		return exitError(exitBlock)
	}
	return nil
}

// refuseWithoutPerson is refuseUnderAgent for a subcommand that widens
// what runs (hguard approve, hguard yolo on): it also needs a controlling
// terminal, so a detached process (setsid -f env -i, reparented to init,
// its agent markers cleared) is refused as well (docs/approvals.md).
func refuseWithoutPerson(what string, stderr io.Writer) error {
	if err := ancestry.RefusePerson(home(), what); err != nil {
		fmt.Fprintf(stderr, "hguard: %v\n", err)
		return exitError(exitBlock)
	}
	return nil
}
