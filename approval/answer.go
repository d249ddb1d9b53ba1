package approval

import (
	"errors"
	"fmt"
	"strings"
)

// Answer is how an ask was answered.
type Answer string

const (
	AnswerOnce    Answer = "once"    // this run only
	AnswerSession Answer = "session" // this command in this directory, for the rest of the session
	AnswerRule    Answer = "rule"    // every command the rule meets, for the rest of the session
	AnswerAlways  Answer = "always"  // persisted in config.yaml command_allowlist
	AnswerDeny    Answer = "deny"    // the default
	AnswerTimeout Answer = "timeout" // nobody answered in time: a deny
)

// ParseAnswer reads an answer by name or first letter (o, s, r, a, d).
func ParseAnswer(s string) (Answer, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "o", "once":
		return AnswerOnce, nil
	case "s", "session":
		return AnswerSession, nil
	case "r", "rule":
		return AnswerRule, nil
	case "a", "always":
		return AnswerAlways, nil
	case "d", "deny", "n", "no":
		return AnswerDeny, nil
	case "timeout":
		return AnswerTimeout, nil
	}
	return "", fmt.Errorf("unknown answer %q (want once, session, rule, always or deny)", s)
}

// Approves reports whether the answer lets the command run.
func (a Answer) Approves() bool {
	return a == AnswerOnce || a == AnswerSession || a == AnswerRule || a == AnswerAlways
}

// Errors of Engine.Answer.
var (
	ErrBlocked      = errors.New("nothing approves a block")
	ErrContentLevel = errors.New("only a person may approve this finding (a detector plugin's, or a rule marked person), and never always: approve it once or for the session")
)

// Describe says in words what an answer did, for the caller's one line.
func (a Answer) Describe() string {
	switch a {
	case AnswerOnce:
		return "approved once"
	case AnswerSession:
		return "approved for this session (this command in this directory)"
	case AnswerRule:
		return "approved for this session (the rule, any command)"
	case AnswerAlways:
		return "approved always (saved in config.yaml)"
	case AnswerTimeout:
		return "denied: no answer in time"
	}
	return "denied"
}
