package approval

import (
	"errors"

	"github.com/hguard/hguard/internal/ancestry"
)

// ErrAgentCaller is the refusal of a request that only a person may make
// (approve, deny, YOLO on, adding plugins) when it comes from a coding
// agent or a process it started.
var ErrAgentCaller = errors.New("refused: a coding agent may not do this")

// AgentRefusal says why a request from an agent was refused and what a
// person should do instead (ancestry.Message, the one text every refusal
// uses).
func AgentRefusal(agent, why string) string { return ancestry.Message(agent, why) }
