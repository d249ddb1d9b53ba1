package approval

import (
	"errors"
	"fmt"
)

// ErrAgentCaller is the refusal of a request that only a person may make
// (approve, deny, YOLO on, adding plugins) when it comes from a coding
// agent or a process it started.
var ErrAgentCaller = errors.New("refused: a coding agent may not do this")

// AgentRefusal says why a request from an agent was refused and what a
// person should do instead. agent names the agent ("claude-code", … or ""
// when unknown); why says how hguard knows ("CLAUDECODE is set in the
// environment", "it runs under claude-code's process 1234 (claude)").
func AgentRefusal(agent, why string) string {
	who := "a coding agent"
	if agent != "" && agent != "agent" {
		who = "the coding agent " + agent
	}
	return fmt.Sprintf("this was started by %s (%s), and only a person may answer hguard's questions or widen what runs: "+
		"run `hguard pending`, then `hguard approve` or `hguard deny`, in your own terminal outside the agent", who, why)
}
