package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Agent names a supported coding agent.
type Agent string

const (
	ClaudeCode Agent = "claude-code"
	Codex      Agent = "codex"
	Gemini     Agent = "gemini"
	Cursor     Agent = "cursor"
)

// Agents lists the supported agents.
var Agents = []Agent{ClaudeCode, Codex, Gemini, Cursor}

// ParseAgent validates an agent name from the command line.
func ParseAgent(s string) (Agent, error) {
	if a := Agent(s); slices.Contains(Agents, a) {
		return a, nil
	}
	return "", fmt.Errorf("unknown agent %q (want claude-code, codex, gemini or cursor)", s)
}

// Call is one tool call an agent is about to make, as far as hguard needs it.
type Call struct {
	Agent   Agent
	Shell   bool   // the call runs a shell command; other tools are not hguard's to judge
	Command string // the command line
	Cwd     string
	Session string // the agent's session or conversation id
	Mode    string // the agent's permission mode (Claude Code), "" when it has none
}

// Decision is hguard's answer to a call.
type Decision int

const (
	Allow Decision = iota
	Ask
	Deny
)

// Answer is a reply in an agent's protocol: what to print and how to exit.
type Answer struct {
	Stdout []byte
	Stderr string
	Exit   int
}

// maxInput bounds the hook input read from an agent.
const maxInput = 4 << 20

// Parse reads the JSON an agent sends before a tool call. An error means
// the input cannot be trusted to say what will run: callers deny.
func Parse(agent Agent, data []byte) (Call, error) {
	if len(data) > maxInput {
		return Call{}, fmt.Errorf("hook input is %d bytes, over the limit of %d", len(data), maxInput)
	}
	var in struct {
		SessionID      string          `json:"session_id"`
		ConversationID string          `json:"conversation_id"`
		Cwd            string          `json:"cwd"`
		PermissionMode string          `json:"permission_mode"`
		HookEventName  string          `json:"hook_event_name"`
		ToolName       string          `json:"tool_name"`
		ToolInput      json.RawMessage `json:"tool_input"`
		Command        json.RawMessage `json:"command"` // Cursor sends the command at the top level
		WorkspaceRoots []string        `json:"workspace_roots"`
	}
	if err := json.Unmarshal(data, &in); err != nil {
		return Call{}, fmt.Errorf("hook input is not JSON: %v", err)
	}
	c := Call{Agent: agent, Cwd: in.Cwd, Session: in.SessionID, Mode: in.PermissionMode}
	var raw json.RawMessage
	switch agent {
	case ClaudeCode, Codex:
		c.Shell = in.ToolName == "Bash" || (agent == Codex && slices.Contains([]string{"shell", "exec_command", "local_shell", "container.exec"}, in.ToolName))
		raw = field(in.ToolInput, "command")
	case Gemini:
		c.Shell = in.ToolName == "run_shell_command"
		raw = field(in.ToolInput, "command")
	case Cursor:
		c.Shell = true // beforeShellExecution is only ever about a shell command
		raw = in.Command
		c.Session = in.ConversationID
		if c.Cwd == "" && len(in.WorkspaceRoots) > 0 {
			c.Cwd = in.WorkspaceRoots[0]
		}
	default:
		return Call{}, fmt.Errorf("unknown agent %q", agent)
	}
	if !c.Shell {
		return c, nil
	}
	cmd, err := commandOf(raw)
	if err != nil {
		return Call{}, err
	}
	c.Command = cmd
	return c, nil
}

// field returns one member of a JSON object, or nil.
func field(obj json.RawMessage, name string) json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return nil
	}
	return m[name]
}

// commandOf reads a command given as a string, or as an argv array (Codex),
// which is quoted back into one command line so that hguard parses exactly
// the words the agent will run (bash -lc 'script' stays a carrier).
func commandOf(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", errors.New("hook input has no command")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var argv []string
	if err := json.Unmarshal(raw, &argv); err != nil || len(argv) == 0 {
		return "", errors.New("hook input's command is neither a string nor a list of strings")
	}
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = shellQuote(a)
	}
	return strings.Join(quoted, " "), nil
}

// shellQuote quotes a word for a POSIX shell, leaving plain words alone.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Prompts reports whether the agent shows a person an approval prompt when
// a hook answers "ask". Where it does not (Codex; Claude Code in
// bypassPermissions, dontAsk or an auto mode), an ask must become a denial
// that tells the user how to approve — never a silent allow.
func Prompts(c Call) bool {
	switch c.Agent {
	case Codex:
		return false
	case ClaudeCode:
		switch c.Mode {
		case "", "default", "acceptEdits", "plan":
			return true
		}
		return false
	}
	return true
}

// Reply answers a call in the agent's protocol. reason is shown to the
// agent (and, where the agent has a separate field, to the user).
func Reply(c Call, d Decision, reason string) Answer {
	if d == Ask && !Prompts(c) {
		d = Deny
	}
	if d == Allow && c.Agent != Cursor {
		// No objection: print nothing (Gemini: an empty object), exit 0. An
		// explicit "allow" would skip the agent's own approval rules.
		if c.Agent == Gemini {
			return Answer{Stdout: []byte("{}\n")}
		}
		return Answer{}
	}
	switch c.Agent {
	case ClaudeCode, Codex:
		out := map[string]any{"hookSpecificOutput": map[string]any{
			"hookEventName":            "PreToolUse",
			"permissionDecision":       decisionWord(d),
			"permissionDecisionReason": reason,
		}}
		return answer(out, d, reason)
	case Gemini:
		return answer(map[string]any{"decision": decisionWord(d), "reason": reason, "systemMessage": reason}, d, reason)
	default: // Cursor requires a permission; "allow" here defers to its own rules no less than silence would
		out := map[string]any{"permission": decisionWord(d)}
		if d != Allow {
			out["userMessage"] = reason
			out["agentMessage"] = reason
		}
		return answer(out, d, reason)
	}
}

func decisionWord(d Decision) string {
	switch d {
	case Deny:
		return "deny"
	case Ask:
		return "ask"
	}
	return "allow"
}

// answer encodes the reply; a denial also goes to stderr with exit 2, the
// blocking exit code every supported agent understands, so that it holds
// even where the JSON is not read.
func answer(out map[string]any, d Decision, reason string) Answer {
	data, err := json.Marshal(out)
	if err != nil { // cannot happen with these values; deny rather than allow
		return Answer{Stderr: "hguard: error: encoding the hook answer: " + err.Error() + "\n", Exit: 2}
	}
	a := Answer{Stdout: append(data, '\n')}
	if d == Deny {
		a.Stderr = reason + "\n"
		a.Exit = 2
	}
	return a
}

// Refuse is the answer when hguard cannot decide (unreadable input, an
// internal error): a denial with the reason, in the agent's protocol.
func Refuse(agent Agent, err error) Answer {
	reason := "hguard could not check this command, so it is refused: " + err.Error()
	return Reply(Call{Agent: agent, Shell: true, Mode: "dontAsk"}, Deny, reason)
}
