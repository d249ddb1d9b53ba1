package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hguard/hguard/approval"
	"github.com/hguard/hguard/daemon"
	"github.com/hguard/hguard/session"
)

const approveSynopsis = `hguard approve [--session S] [--all] [--id N] [--scope once|session|rule|always]
       hguard deny [--session S] [--all] [--id N]

Answers requests waiting in the daemon's approval queue (see hguard
pending): the oldest first, of session S when given; --all answers every
one, --id one by number. --scope says how far the approval reaches
(default once); always is refused for a person-only finding. Exits 1
when nothing was waiting, and when run under a coding agent (approve
also without a controlling terminal): only a person answers, from their
own terminal (docs/approvals.md).`

const pendingSynopsis = `hguard pending [--session S] [--json]

Lists the requests waiting in the daemon's approval queue, oldest first.`

func runApprove(op string, args []string, stdout, stderr io.Writer) error {
	c := newCommand(op, approveSynopsis, stdout)
	sessionFlag := c.String("session", "", "answer only this session's requests")
	all := c.Bool("all", false, "answer every waiting request (of the session, with --session)")
	id := c.Uint64("id", 0, "answer this entry (its number in hguard pending)")
	scope := "once"
	if op == "approve" {
		c.StringVar(&scope, "scope", "once", "once, session (this command here), rule (the rule, any command) or always")
	}
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	if len(c.Args()) > 0 {
		return usagef("run 'hguard "+op+" -h' for usage", "%s takes no arguments", op)
	}
	a, err := approval.ParseAnswer(scope)
	if err != nil || (op == "approve" && !a.Approves()) {
		return usagef("use --scope once, session, rule or always", "unknown scope %q", scope)
	}
	if *sessionFlag != "" {
		if err := session.ValidID(*sessionFlag); err != nil {
			return usagef("", "%s", err)
		}
	}
	refuse := refuseUnderAgent
	if op == "approve" {
		refuse = refuseWithoutPerson // deny only narrows: no terminal needed
	}
	if err := refuse("hguard "+op, stderr); err != nil {
		return err
	}
	cl, err := dialQueue(stderr)
	if err != nil {
		return err
	}
	defer cl.Close()
	var answered []daemon.Waiting
	if op == "approve" {
		answered, err = cl.Approve(*sessionFlag, *id, *all, a)
	} else {
		answered, err = cl.Deny(*sessionFlag, *id, *all)
	}
	if err != nil {
		return err
	}
	if len(answered) == 0 {
		fmt.Fprintln(stderr, "hguard: nothing is waiting for an answer")
		return exitError(1)
	}
	verb := "denied"
	if op == "approve" {
		verb = "approved (" + string(a) + ")"
	}
	for _, p := range answered {
		fmt.Fprintf(stdout, "%s #%d [%s] %s\n", verb, p.ID, p.Session, oneLineCmd(p.Command))
	}
	return nil
}

func runPending(args []string, stdout, stderr io.Writer) error {
	c := newCommand("pending", pendingSynopsis, stdout)
	sessionFlag := c.String("session", "", "list only this session's requests")
	asJSON := c.Bool("json", false, "one JSON object per line")
	if err := c.ParseArgs(args); err != nil {
		return err
	}
	cl, err := dialQueue(stderr)
	if err != nil {
		return err
	}
	defer cl.Close()
	list, err := cl.Pending(*sessionFlag)
	if err != nil {
		return err
	}
	for _, p := range list {
		if *asJSON {
			if err := writeJSON(stdout, p); err != nil {
				return err
			}
			continue
		}
		var rules []string
		for _, f := range p.Findings {
			rules = append(rules, f.Rule)
		}
		fmt.Fprintf(stdout, "#%d [%s] %s  (%s; waiting %s, denied in %s)\n", p.ID, p.Session, oneLineCmd(p.Command),
			strings.Join(rules, ", "), time.Since(p.Since).Round(time.Second), time.Until(p.Deadline).Round(time.Second))
	}
	if len(list) == 0 && !*asJSON {
		fmt.Fprintln(stdout, "nothing is waiting")
	}
	return nil
}

// dialQueue connects to the daemon, which alone holds the queue.
func dialQueue(stderr io.Writer) (*daemon.Client, error) {
	cl, err := daemon.Dial(home())
	if errors.Is(err, daemon.ErrNotRunning) {
		fmt.Fprintln(stderr, "hguard: error: no daemon is running, so nothing can be waiting")
		fmt.Fprintln(stderr, "hguard: hint: start one with 'hguard daemon'")
		return nil, exitError(1)
	}
	return cl, err
}
