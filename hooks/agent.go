package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hguard/hguard/internal/patchtext"
	"github.com/hguard/hguard/internal/sanitize"
)

// Agent names a supported coding agent.
type Agent string

// The supported agents, by the name hguard init and --agent take.
const (
	ClaudeCode Agent = "claude-code"
	Codex      Agent = "codex"
	Gemini     Agent = "gemini"
	Cursor     Agent = "cursor"
	Copilot    Agent = "copilot" // GitHub Copilot CLI
	OpenCode   Agent = "opencode"
	Crush      Agent = "crush"
	Amp        Agent = "amp"
	Hermes     Agent = "hermes" // Hermes Agent
)

// Agents lists the supported agents.
var Agents = []Agent{ClaudeCode, Codex, Gemini, Cursor, Copilot, OpenCode, Crush, Amp, Hermes}

// ParseAgent validates an agent name from the command line.
func ParseAgent(s string) (Agent, error) {
	if a := Agent(s); slices.Contains(Agents, a) {
		return a, nil
	}
	return "", fmt.Errorf("unknown agent %q (want %s)", s, AgentNames())
}

// AgentNames lists the agents' names for messages: "a, b or c".
func AgentNames() string {
	names := make([]string, len(Agents))
	for i, a := range Agents {
		names[i] = string(a)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Kind says what a tool call does, as far as hguard judges it.
type Kind int

const (
	KindOther Kind = iota // a tool hguard does not judge (search, todo lists, …)
	KindShell             // runs a shell command
	KindRead              // reads files into the agent's context
	KindWrite             // creates, edits or deletes files
	KindFetch             // fetches a URL
	KindMCP               // calls a tool of an MCP server
	// KindMemory adds to an agent's memory, an instruction file every
	// later session reads (Gemini's save_memory appends its fact to
	// ~/.gemini/GEMINI.md): judged by the text it adds, Text.
	KindMemory
)

// Events of the agents' hooks that hguard handles besides the check before
// a tool call.
const (
	EventPost        = "post" // after a tool ran: mask secrets in its output
	EventPostFailure = "post-failure"
	EventTurn        = "turn" // a person's prompt starts a turn: checkpoint
	EventTurnEnd     = "turn-end"
)

// Call is one hook event of an agent, as far as hguard needs it.
type Call struct {
	Agent Agent
	Event string // "" for the check before a tool call, else one of the Event constants
	Tool  string // the tool's name as the agent gave it
	Kind  Kind
	// Command is the line the rules check: for a shell tool the command
	// itself; for a file tool the equivalent shell command (a read of P is
	// `cat -- P`, a write `tee -- P`), so that the same path rules —
	// shell start-up files, credentials, hguard's and the agents' own
	// settings — apply whichever tool the agent picks.
	Command string
	Paths   []string // file tools: the paths read or written
	// Text is what a file tool writes (Write's content, Edit's new_string,
	// MultiEdit's edits): an agent's instruction file (CLAUDE.md) is
	// judged by it too.
	Text    string
	URL     string // KindFetch
	Cwd     string
	Session string // the agent's session or conversation id
	Turn    string // the agent's turn id, when it sends one (Codex)
	Mode    string // the agent's permission mode (Claude Code), "" when it has none
	// Headless is set by the caller when no person can answer a prompt
	// (claude -p, gemini -p): an ask then becomes a denial with
	// instructions or waits in the daemon's queue, never a prompt that
	// hangs or a bare refusal.
	Headless bool

	mcpContext json.RawMessage // Gemini CLI's mcp_context, read by classify
	// cursorTool marks Cursor's preToolUse, whose "ask" Cursor accepts but
	// does not enforce, and where "allow" would skip Cursor's own approval.
	cursorTool bool
}

// Shell reports whether the call runs a shell command.
func (c Call) Shell() bool { return c.Kind == KindShell }

// Decision is hguard's answer to a call.
type Decision int

// The answers, from the most to the least permissive.
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

// hookInput is the union of the fields the agents send.
type hookInput struct {
	SessionID      string          `json:"session_id"`
	ConversationID string          `json:"conversation_id"`
	TurnID         string          `json:"turn_id"`
	Cwd            string          `json:"cwd"`
	PermissionMode string          `json:"permission_mode"`
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	Command        json.RawMessage `json:"command"`   // Cursor: beforeShellExecution
	FilePath       string          `json:"file_path"` // Cursor: beforeReadFile
	WorkspaceRoots []string        `json:"workspace_roots"`
	MCPContext     json.RawMessage `json:"mcp_context"` // Gemini CLI: server_name, tool_name
	ToolNameCamel  string          `json:"toolName"`    // GitHub Copilot CLI preToolUse
	ToolArgs       json.RawMessage `json:"toolArgs"`    // GitHub Copilot CLI: an object, or JSON text
	SessionIDCamel string          `json:"sessionId"`   // GitHub Copilot CLI, where sent
	ServerName     string          `json:"server_name"` // Cursor beforeMCPExecution, where sent
	Event          string          `json:"event"`       // Crush: the event's name
}

// eventOf maps an agent's event name to hguard's.
func eventOf(name string) string {
	switch name {
	case "PostToolUse", "AfterTool", "tool.execute.after":
		return EventPost
	case "PostToolUseFailure":
		return EventPostFailure
	case "UserPromptSubmit", "BeforeAgent", "beforeSubmitPrompt":
		return EventTurn
	case "Stop", "AfterAgent", "stop":
		return EventTurnEnd
	}
	return ""
}

// Parse reads the JSON an agent sends to a hook. An error means the input
// cannot be trusted to say what will run: callers deny.
func Parse(agent Agent, data []byte) (Call, error) {
	if len(data) > maxInput {
		return Call{}, fmt.Errorf("hook input is %d bytes, over the limit of %d", len(data), maxInput)
	}
	var in hookInput
	if err := json.Unmarshal(data, &in); err != nil {
		return Call{}, fmt.Errorf("hook input is not JSON: %v", err)
	}
	c := Call{Agent: agent, Event: eventOf(in.HookEventName), Tool: in.ToolName, Cwd: in.Cwd,
		Session: in.SessionID, Turn: in.TurnID, Mode: in.PermissionMode}
	switch agent {
	case ClaudeCode, Codex, Gemini:
	case Hermes:
		// Hermes sends {hook_event_name: "pre_tool_call", tool_name,
		// tool_input, session_id, cwd, profile, extra}.
		if c.Tool == "" {
			return Call{}, errors.New("hook input names no tool (tool_name)")
		}
	case Crush:
		// Crush sends {event, session_id, cwd, tool_name, tool_input}.
		if c.Tool == "" {
			return Call{}, errors.New("hook input names no tool (tool_name)")
		}
	case Amp:
		return Call{}, errors.New("the input of amp's delegate program is the tool's arguments alone: use ParseAmp")
	case OpenCode:
		// hguard's OpenCode plugin sends {hook_event_name, tool_name,
		// tool_input, session_id, cwd}: its tool.execute.before hook's
		// input and arguments under hguard's names.
		if c.Tool == "" {
			return Call{}, errors.New("hook input names no tool (tool_name)")
		}
	case Copilot:
		// GitHub Copilot CLI sends {timestamp, cwd, toolName, toolArgs} to
		// preToolUse, toolArgs as JSON text; newer versions also send the
		// Claude Code shape, read above.
		if c.Tool == "" {
			c.Tool = in.ToolNameCamel
			args := in.ToolArgs
			var text string
			if json.Unmarshal(args, &text) == nil {
				args = json.RawMessage(text)
			}
			in.ToolInput = args
		}
		if c.Session == "" {
			c.Session = in.SessionIDCamel
		}
		if c.Tool == "" {
			return Call{}, errors.New("hook input names no tool (toolName)")
		}
	case Cursor:
		c.Session = in.ConversationID
		if c.Cwd == "" && len(in.WorkspaceRoots) > 0 {
			c.Cwd = in.WorkspaceRoots[0]
		}
		switch in.HookEventName {
		case "beforeReadFile":
			c.Tool, c.Kind = "read_file", KindRead
			if in.FilePath == "" {
				return Call{}, errors.New("hook input has no file_path")
			}
			c.Paths = []string{in.FilePath}
			c.Command = readLine(c.Paths)
			return c, nil
		case "beforeMCPExecution":
			// Cursor sends the arguments as a JSON text or an object, and
			// names the server only in newer versions ("_" otherwise).
			c.Kind = KindMCP
			args := in.ToolInput
			var text string
			if json.Unmarshal(args, &text) == nil {
				args = json.RawMessage(text)
			}
			server := in.ServerName
			if server == "" {
				server = "_"
			}
			c.Command = MCPLine(server, in.ToolName, args)
			return c, nil
		case "beforeSubmitPrompt", "stop":
			return c, nil
		case "preToolUse":
			c.Tool, c.cursorTool = in.ToolName, true
			if c.Tool == "" {
				return Call{}, errors.New("hook input names no tool (tool_name)")
			}
			if err := classifyCursor(&c, in.ToolInput); err != nil {
				return Call{}, err
			}
			if c.Kind == KindWrite {
				c.Text = writtenText(in.ToolInput)
			}
			return c, nil
		}
		// beforeShellExecution (and input without an event name, as older
		// Cursor versions send it) is about a shell command.
		c.Kind = KindShell
		cmd, err := commandOf(in.Command)
		if err != nil {
			return Call{}, err
		}
		c.Command = cmd
		return c, nil
	default:
		return Call{}, fmt.Errorf("unknown agent %q", agent)
	}
	if c.Event == EventTurn || c.Event == EventTurnEnd {
		return c, nil
	}
	c.mcpContext = in.MCPContext
	err := classify(&c, in.ToolInput)
	c.mcpContext = nil
	if err != nil {
		return Call{}, err
	}
	if c.Kind == KindWrite {
		c.Text = writtenText(in.ToolInput)
	}
	return c, nil
}

// writtenText is the text a file tool's input writes, however its agent
// names it (content, new_string, newString, edits[].new_string), the parts
// joined by newlines; at most maxInput bytes arrive, so it is bounded.
func writtenText(input json.RawMessage) string {
	var parts []string
	add := func(raw json.RawMessage) map[string]json.RawMessage {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return nil
		}
		for _, n := range []string{"content", "contents", "file_text", "new_string", "newString", "new_str", "new_source", "text"} {
			var s string
			if json.Unmarshal(m[n], &s) == nil && s != "" {
				parts = append(parts, s)
			}
		}
		return m
	}
	var edits []json.RawMessage
	if m := add(input); m != nil && json.Unmarshal(m["edits"], &edits) == nil {
		for _, e := range edits {
			add(e)
		}
	}
	return strings.Join(parts, "\n")
}

// classify sets the call's kind, command and paths from its tool's name and
// input. The names are each agent's built-in tools (Claude Code and Codex
// share the Claude names; Gemini CLI has its own).
func classify(c *Call, input json.RawMessage) error {
	str := func(names ...string) string {
		for _, n := range names {
			var s string
			if raw := field(input, n); raw != nil && json.Unmarshal(raw, &s) == nil && s != "" {
				return s
			}
		}
		return ""
	}
	// A file tool's path may come under several names (file_path,
	// absolute_path, path: the agents' versions differ), and which one the
	// tool reads when the model sends more than one is the tool's to say:
	// every one given is judged.
	pathArg := func(kind Kind, names ...string) error {
		ps := strs(input, names...)
		if len(ps) == 0 {
			return fmt.Errorf("hook input for %s has no %s", c.Tool, names[0])
		}
		c.Kind, c.Paths = kind, ps
		return nil
	}
	if c.Agent == OpenCode {
		return classifyOpenCode(c, input, str, pathArg)
	}
	var err error
	switch t := c.Tool; {
	case c.Agent == Hermes && t == "terminal":
		c.Kind = KindShell
		cmd, cerr := commandOf(field(input, "command"))
		if cerr != nil {
			return cerr
		}
		c.Command = cmd
		if wd := str("workdir"); wd != "" {
			c.Cwd = wd
		}
		return nil
	case c.Agent == Hermes && t == "execute_code":
		// Python code that Hermes runs: judged as the command that would
		// run it, so that what the rules say of python -c applies.
		code := str("code")
		if code == "" {
			return errors.New("hook input for execute_code has no code")
		}
		c.Kind, c.Command = KindShell, "python3 -c "+shellQuote(code)
		return nil
	case c.Agent == Hermes && t == "search_files":
		if p := str("path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
	case c.Agent == Hermes && t == "patch":
		// mode replace edits path, mode patch the files the patch names:
		// both are judged, whatever the mode says
		c.Kind = KindWrite
		c.Paths = strs(input, "path")
		for _, p := range patchPaths(str("patch")) {
			if !slices.Contains(c.Paths, p) {
				c.Paths = append(c.Paths, p)
			}
		}
		if len(c.Paths) == 0 {
			return errors.New("patch input names no file")
		}
	case c.Agent == Hermes && t == "web_extract":
		var urls []string
		if json.Unmarshal(field(input, "urls"), &urls) == nil && len(urls) > 0 {
			q := make([]string, len(urls))
			for i, u := range urls {
				q[i] = shellQuote(u)
			}
			c.Kind, c.URL = KindFetch, urls[0]
			c.Command = "curl -sSL -- " + strings.Join(q, " ")
		}
	case c.Agent == Crush && t == "bash":
		return shellIn(c, input, str("working_dir"))
	case c.Agent == Crush && t == "view":
		err = pathArg(KindRead, "file_path")
	case c.Agent == Crush && (t == "write" || t == "multiedit" || t == "download"):
		err = pathArg(KindWrite, "file_path")
	case c.Agent == Crush && (t == "fetch" || t == "agentic_fetch"):
		if u := str("url"); u != "" {
			c.Kind, c.URL = KindFetch, u
			c.Command = "curl -sSL -- " + shellQuote(u)
		}
	case c.Agent == Crush && t == "grep":
		if p := str("path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
	case t == "Bash", t == "run_shell_command", c.Agent == Copilot && t == "bash",
		c.Agent == Codex && slices.Contains([]string{"shell", "shell_command", "exec_command", "local_shell", "container.exec", "unified_exec"}, t):
		raw := field(input, "command")
		if c.Agent == Codex && len(raw) == 0 {
			raw = field(input, "cmd") // exec_command's command
		}
		cmd, cerr := commandOf(raw)
		if cerr != nil {
			return cerr
		}
		c.Kind, c.Command = KindShell, cmd
		wd := ""
		switch c.Agent {
		case Codex:
			wd = str("workdir", "cwd")
		case Gemini:
			// run_shell_command's dir_path (directory before it): Gemini
			// CLI runs the command there, under the project
			wd = str("dir_path", "directory")
		}
		if wd != "" {
			// Codex's shell tools run in the workdir the model names: judged
			// there, or a command run in ~/.codex would pass for one in the
			// project; cleaned, as the rules compare directories as strings
			c.Cwd = path.Clean(inDir(c.Cwd, wd))
		}
		return nil
	case t == "apply_patch": // Codex: the patch text names the files it adds, updates, deletes and moves to
		c.Kind = KindWrite
		patch := str("command", "patch", "input")
		if patch == "" {
			var argv []string
			if json.Unmarshal(field(input, "command"), &argv) == nil && len(argv) > 0 {
				patch = argv[len(argv)-1]
			}
		}
		c.Paths = patchPaths(patch)
		if len(c.Paths) == 0 {
			return errors.New("apply_patch input names no file")
		}
	case c.Agent == Copilot && t == "view":
		err = pathArg(KindRead, "path", "file_path")
	case c.Agent == Copilot && (t == "create" || t == "edit" || t == "str_replace" || t == "str_replace_editor"):
		err = pathArg(KindWrite, "path", "file_path")
	case c.Agent == Copilot && t == "grep":
		if p := str("path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
	case c.Agent == Copilot && !slices.Contains(copilotTools, t):
		// Copilot CLI names an MCP server's tools SERVER-TOOL and says no
		// more (no server field): split at the server it ships
		// (github-mcp-server), else at the first "-".
		c.Kind = KindMCP
		server, tool, ok := strings.Cut(t, "-")
		if rest, gh := strings.CutPrefix(t, "github-mcp-server-"); gh {
			server, tool = "github-mcp-server", rest
		} else if !ok {
			server, tool = "", t
		}
		c.Command = MCPLine(server, tool, input)
	case t == "Read", t == "read_file", t == "NotebookRead":
		err = pathArg(KindRead, "file_path", "absolute_path", "notebook_path", "path")
	case t == "Grep", t == "search_file_content", t == "grep_search":
		// A search prints matching lines of the files it reads; without a
		// path it searches the working directory, which the agent may read.
		// Its glob narrows it to files that pattern names: {path: ~, glob:
		// .ssh/*} reads the keys.
		if p := str("path", "dir_path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
		if g := str("glob", "include"); g != "" && !strings.HasPrefix(g, "!") {
			base := str("path", "dir_path")
			if base == "" {
				base = c.Cwd
			}
			if base != "" && !strings.HasPrefix(g, "/") {
				g = strings.TrimRight(base, "/") + "/" + strings.TrimPrefix(g, "**/")
			}
			c.Kind, c.Paths = KindRead, append(c.Paths, g)
		}
	case t == "read_many_files":
		var paths []string
		if json.Unmarshal(field(input, "paths"), &paths) == nil && len(paths) > 0 {
			c.Kind, c.Paths = KindRead, paths
		}
	case t == "Write", t == "Edit", t == "MultiEdit", t == "write_file", t == "replace", t == "edit":
		err = pathArg(KindWrite, "file_path", "absolute_path", "path")
	case t == "save_memory" && c.Agent == Gemini:
		// The fact is appended to ~/.gemini/GEMINI.md (under
		// GEMINI_CLI_HOME when set), not a path the call names: the file
		// is Gemini's to keep, but what goes into it is scanned as any
		// instruction file's text (redteam8 #13).
		c.Kind = KindMemory
		c.Paths = []string{"~/.gemini/GEMINI.md"}
		c.Text = str("fact")
		c.Command = ": save_memory"
	case t == "NotebookEdit":
		err = pathArg(KindWrite, "notebook_path", "file_path")
	case t == "WebFetch", t == "web_fetch":
		if u := str("url"); u != "" {
			c.Kind, c.URL = KindFetch, u
			c.Command = "curl -sSL -- " + shellQuote(u)
		}
	case strings.HasPrefix(t, "mcp__"), strings.HasPrefix(t, "mcp_"):
		c.Kind = KindMCP
		server, tool := mcpName(t)
		// Gemini CLI says which server and tool in mcp_context; its tool
		// names (mcp_SERVER_TOOL) cannot be split where both hold a "_".
		var mc struct {
			Server string `json:"server_name"`
			Tool   string `json:"tool_name"`
		}
		if json.Unmarshal(c.mcpContext, &mc) == nil && mc.Server != "" && mc.Tool != "" {
			server, tool = mc.Server, mc.Tool
		}
		c.Command = MCPLine(server, tool, input)
	}
	return pathLine(c, err)
}

// openCodeTools are OpenCode's built-in tools that neither run commands,
// touch files nor fetch: any other tool is an MCP server's (OpenCode names
// them SERVER_TOOL) or another plugin's, judged by rules as MCP calls.
var openCodeTools = []string{"task", "todowrite", "todoread", "skill", "websearch", "codesearch", "question", "lsp",
	"invalid", "batch", "plan_enter", "plan_exit", "glob", "list"}

// copilotTools are GitHub Copilot CLI's built-in tools (as its 1.0.102
// offers them to the model, and the ones its versions add): any other tool
// is an MCP server's, judged by rules as an MCP call.
var copilotTools = []string{"bash", "read_bash", "write_bash", "stop_bash", "list_bash", "view", "create", "edit",
	"str_replace", "str_replace_editor", "grep", "glob", "task", "skill", "sql", "session_store_sql", "read_agent",
	"list_agents", "write_agent", "fetch_copilot_cli_documentation", "report_intent", "think", "update_todo",
	"web_fetch", "web_search"}

// classifyOpenCode sets an OpenCode tool call's kind, command and paths.
// OpenCode's tools take filePath (absolute) and, for bash, a workdir the
// command runs in.
func classifyOpenCode(c *Call, input json.RawMessage, str func(...string) string, pathArg func(Kind, ...string) error) error {
	var err error
	switch t := c.Tool; {
	case t == "bash":
		return shellIn(c, input, str("workdir"))
	case t == "read":
		err = pathArg(KindRead, "filePath", "path")
	case t == "write", t == "edit", t == "multiedit":
		err = pathArg(KindWrite, "filePath", "path")
	case t == "apply_patch", t == "patch":
		c.Kind = KindWrite
		c.Paths = patchPaths(str("patchText", "patch"))
		if len(c.Paths) == 0 {
			return errors.New(t + " input names no file")
		}
	case t == "grep":
		// grep prints the matching lines of the files it reads.
		if p := str("path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
	case t == "webfetch":
		if u := str("url"); u != "" {
			c.Kind, c.URL = KindFetch, u
			c.Command = "curl -sSL -- " + shellQuote(u)
		}
	case slices.Contains(openCodeTools, t):
	default:
		c.Kind = KindMCP
		server, tool, ok := strings.Cut(t, "_")
		if !ok {
			server, tool = "", t
		}
		c.Command = MCPLine(server, tool, input)
	}
	return pathLine(c, err)
}

// Cursor's file tools, as its preToolUse hook names them (tool_name). Its
// shell and MCP tools have hooks of their own (beforeShellExecution,
// beforeMCPExecution), which can ask a person: preToolUse leaves them there.
var (
	cursorWriteTools = []string{"Write", "StrReplace", "Edit", "MultiEdit", "Delete", "EditNotebook", "ApplyPatch"}
	cursorReadTools  = []string{"Read", "Grep"}
)

// classifyCursor sets a Cursor preToolUse call's kind, command and paths.
// Cursor sends tool_input as an object (or its JSON text); the path is
// "path" in its tool schema, "file_path" or "target_file" in other
// versions, "target_notebook" for notebooks.
func classifyCursor(c *Call, input json.RawMessage) error {
	var text string
	if json.Unmarshal(input, &text) == nil {
		input = json.RawMessage(text)
	}
	ps := strs(input, "path", "file_path", "target_file", "target_path", "target_notebook", "notebook_path")
	p := ""
	if len(ps) > 0 {
		p = ps[0]
	}
	switch {
	case slices.Contains(cursorWriteTools, c.Tool):
		c.Kind = KindWrite
		if p != "" {
			c.Paths = ps
		} else {
			var patch string
			for _, name := range []string{"patch", "input", "patchText"} {
				if raw := field(input, name); raw != nil && json.Unmarshal(raw, &patch) == nil && patch != "" {
					break
				}
			}
			c.Paths = patchPaths(patch)
		}
		if len(c.Paths) == 0 {
			return fmt.Errorf("hook input for %s names no file (tool_input.path)", c.Tool)
		}
	case c.Tool == "Read":
		if p == "" {
			return errors.New("hook input for Read names no file (tool_input.path)")
		}
		c.Kind, c.Paths = KindRead, ps
	case c.Tool == "Grep":
		// A search prints matching lines of what it reads; without a path
		// it searches the workspace, which the agent may read.
		if p != "" {
			c.Kind, c.Paths = KindRead, ps
		}
	}
	return pathLine(c, nil)
}

// mcpName splits an MCP tool's name as the agents give it: Claude Code and
// Codex mcp__SERVER__TOOL, Gemini CLI mcp_SERVER_TOOL (split at the first
// "_", which is wrong for a server name holding one: Gemini CLI's
// mcp_context, when sent, is used instead).
func mcpName(name string) (server, tool string) {
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		if s, t, ok := strings.Cut(rest, "__"); ok {
			return s, t
		}
		return "", rest
	}
	rest := strings.TrimPrefix(name, "mcp_")
	if s, t, ok := strings.Cut(rest, "_"); ok {
		return s, t
	}
	return "", rest
}

// MCPLine is the command line the rules judge for an MCP tool call: the
// command 'mcp:SERVER/TOOL' (rules name it with on: mcp:SERVER/TOOL,
// mcp:SERVER/* or mcp:*) with one word --KEY=VALUE per argument, in key
// order (a string as it is, any other value as compact JSON), so that
// option("--KEY") reads an argument. Arguments that are not an object are
// one word, the JSON. All words are quoted: nothing in them runs.
func MCPLine(server, tool string, args json.RawMessage) string {
	words := []string{shellQuote("mcp:" + server + "/" + tool)}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(args, &obj); err == nil {
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			v := obj[k]
			var s string
			if json.Unmarshal(v, &s) != nil {
				var b bytes.Buffer
				if json.Compact(&b, v) == nil {
					s = b.String()
				} else {
					s = string(v)
				}
			}
			words = append(words, shellQuote("--"+k+"="+s))
		}
	} else if t := strings.TrimSpace(string(args)); t != "" && t != "null" {
		words = append(words, shellQuote(t))
	}
	return strings.Join(append([]string{strings.Join(words, " ")}, mcpCarried(tool, obj)...), "\n")
}

// toolWords are a tool's name in lower-case words, split at _, -, . and
// a lower-to-upper change (deleteFile, delete_spreadsheet).
func toolWords(tool string) []string {
	var b strings.Builder
	for i, r := range tool {
		if i > 0 && 'A' <= r && r <= 'Z' && 'a' <= tool[i-1] && tool[i-1] <= 'z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return strings.FieldsFunc(strings.ToLower(b.String()), func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == ' ' })
}

// mcpCarried are the command lines an MCP tool's arguments stand for,
// judged on lines after the call itself: a shell command it is handed (a
// terminal server's execute_command {"command": "rm -rf ~"}, as a string
// or an argv list), and a file it writes, deletes or moves by an absolute
// or ~ path (a file server's write_file {"path": "/home/u/.bashrc"}; a
// relative path may name a file in a remote repository). The built-in
// rules name no MCP server, but they know these commands.
func mcpCarried(tool string, args map[string]json.RawMessage) []string {
	names := toolWords(tool)
	verb := func(words ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(names, w) })
	}
	if verb("read", "list", "get", "search", "find", "view", "stat", "info", "describe", "show") {
		return nil // a tool that only looks: its "command" names what to look for
	}
	var out []string
	for _, k := range []string{"command", "cmd", "shell_command", "commandLine", "command_line"} {
		v, ok := args[k]
		if !ok {
			continue
		}
		var line string
		var argv []string
		switch {
		case json.Unmarshal(v, &line) == nil:
		case json.Unmarshal(v, &argv) == nil && len(argv) > 0:
			q := make([]string, len(argv))
			for i, a := range argv {
				q[i] = shellQuote(a)
			}
			line = strings.Join(q, " ")
		}
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	// every absolute or ~ path given, under any of the names, as one
	// string or a list of them: which one the tool reads is the tool's to
	// say (red team, 2026-12-05: {"path": "/tmp/x", "file_path":
	// "~/.bashrc"} was judged for /tmp/x alone, a list of paths not at all)
	local := func(keys ...string) []string {
		var paths []string
		for _, k := range keys {
			var p string
			var ps []string
			if json.Unmarshal(args[k], &p) == nil {
				ps = []string{p}
			} else if json.Unmarshal(args[k], &ps) != nil {
				continue
			}
			for _, p := range ps {
				if strings.HasPrefix(p, "/") || p == "~" || strings.HasPrefix(p, "~/") {
					paths = append(paths, p)
				}
			}
		}
		return paths
	}
	quoted := func(ps []string) string {
		q := make([]string, len(ps))
		for i, p := range ps {
			q[i] = quoteTilde(p)
		}
		return strings.Join(q, " ")
	}
	switch {
	case verb("move", "rename"):
		from, to := local("source", "src", "from", "old_path", "sources", "paths"), local("destination", "dest", "target", "to", "new_path")
		for _, t := range to {
			if len(from) > 0 {
				out = append(out, "mv -- "+quoted(from)+" "+quoteTilde(t))
			}
		}
	case verb("delete", "remove", "unlink", "trash"):
		if p := local("path", "file_path", "filePath", "filepath", "file", "filename", "target", "paths", "files"); len(p) > 0 {
			out = append(out, "rm -- "+quoted(p))
		}
	case verb("write", "edit", "create", "append", "save", "put", "replace", "patch", "update"):
		for _, p := range local("path", "file_path", "filePath", "filepath", "file", "filename", "target_file", "destination", "paths", "files") {
			line := "tee -- " + quoteTilde(p) + " >/dev/null"
			if startupFile().MatchString(p) {
				// judged with its text, as echo … >> ~/.bashrc is
				// (self-startup-agent: export HGUARD_HOME=…, alias hguard=…)
				if text := writtenText(mapJSON(args)); text != "" {
					line += " " + HereDoc(text)
				}
			}
			out = append(out, line)
		}
	}
	return out
}

// startupFile matches the shell start-up files (as the rule
// self-startup-agent lists them) whose MCP writes are judged with their
// text; Claude's Write and its kin are, through dsl.PersistPath.
// Compiled on first use: most checks never need it, and every check pays
// for what a package compiles as it starts.
var startupFile = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|/)\.(bashrc|bash_profile|bash_login|bash_aliases|bash_functions|profile|zshrc|zshenv|zprofile|zlogin|kshrc|config/fish/config\.fish|config/fish/conf\.d/.*|config/fish/functions/.*|bashrc\.d/.*|zshrc\.d/.*|oh-my-zsh/custom/.*)$|^/etc/(profile|bash\.bashrc|zsh/.*|profile\.d/.*)$`)
})

// mapJSON is args as one JSON object again.
func mapJSON(args map[string]json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(args)
	return b
}

// HereDoc is a quoted here-document holding text, with a delimiter that
// is no line of it: how a file tool's text reaches the rules.
func HereDoc(text string) string {
	delim := "HGUARD_WRITTEN"
	for i := 0; slices.Contains(strings.Split(text, "\n"), delim); i++ {
		delim = "HGUARD_WRITTEN_" + strconv.Itoa(i)
	}
	return "<<'" + delim + "'\n" + strings.TrimSuffix(text, "\n") + "\n" + delim + "\n"
}

// patchPaths lists the files a Codex patch touches ("*** Add File: P",
// "*** Update File: P", "*** Delete File: P", "*** Move to: P"), its
// headers read as leniently as the agents' parsers read them
// (internal/patchtext).
func patchPaths(patch string) []string { return patchtext.Paths(patch) }

// readLine and writeLine are the shell commands equivalent to a file tool's
// read or write of paths: what the path rules judge.
func readLine(paths []string) string { return "cat -- " + quotePaths(paths) }
func writeLine(paths []string) string {
	return "tee -- " + quotePaths(paths) + " >/dev/null"
}

func quotePaths(paths []string) string {
	q := make([]string, len(paths))
	for i, p := range paths {
		q[i] = shellQuote(p)
	}
	return strings.Join(q, " ")
}

// TildePath writes p as the rules name the user's files: an absolute path
// under home as ~/REST (the rules say ~/.bashrc, ~/.hguard/…, while agents
// send absolute paths); a relative path is first resolved against cwd.
func TildePath(p, cwd, home string) string {
	if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && cwd != "" {
		p = strings.TrimRight(cwd, "/") + "/" + p
	}
	home = strings.TrimRight(home, "/")
	if home == "" {
		return p
	}
	switch {
	case p == home:
		return "~"
	case strings.HasPrefix(p, home+"/"):
		return "~/" + p[len(home)+1:]
	}
	return p
}

// HomeRelative rewrites the equivalent command of a file tool with its
// paths as TildePath gives them.
func (c *Call) HomeRelative(home string) {
	if c.Kind != KindRead && c.Kind != KindWrite || home == "" || home == "/" {
		return
	}
	q := make([]string, len(c.Paths))
	for i, p := range c.Paths {
		q[i] = quoteTilde(TildePath(p, c.Cwd, home))
	}
	if c.Kind == KindRead {
		c.Command = "cat -- " + strings.Join(q, " ")
	} else {
		c.Command = "tee -- " + strings.Join(q, " ") + " >/dev/null"
	}
}

// quoteTilde quotes a path for a command line, a leading ~ left unquoted
// so that it still means the home.
func quoteTilde(p string) string {
	if p == "~" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return "~/" + shellQuote(rest)
	}
	return shellQuote(p)
}

// strs returns the distinct non-empty strings among an object's members
// of those names, in the names' order.
func strs(obj json.RawMessage, names ...string) []string {
	var out []string
	for _, n := range names {
		var s string
		if raw := field(obj, n); raw != nil && json.Unmarshal(raw, &s) == nil && s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
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
// bypassPermissions, dontAsk or an auto mode; Cursor's preToolUse, which
// takes "ask" and does not enforce it; any agent run headless), an
// ask must become a denial that tells the user how to approve, or wait in
// the daemon's queue — never a silent allow, never a prompt that hangs.
func Prompts(c Call) bool {
	if c.Headless || c.cursorTool {
		return false
	}
	switch c.Agent {
	case Codex, Copilot, OpenCode, Crush, Amp, Hermes:
		// OpenCode's plugins and Crush's hooks can refuse a tool call but
		// not ask; Amp's delegate program can, but not when Amp runs with
		// -x, which it does not say.
		// Copilot CLI shows an ask's dialog only when a person is there;
		// run with -p it has no one to ask and hguard cannot tell.
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

// MaxReason caps the text of one answer: reasons name rules and paths, and
// a model needs no more.
const MaxReason = 2000

// Reply answers a call in the agent's protocol. reason is shown to the
// agent (and, where the agent has a separate field, to the user); it is
// made fit for a model first (sanitize.ForModel): it may carry file names,
// commands and project rules' messages, none of which hguard wrote.
func Reply(c Call, d Decision, reason string) Answer {
	if d == Ask && !Prompts(c) {
		d = Deny
	}
	reason = sanitize.ForModel(reason, MaxReason)
	if d == Allow && c.cursorTool {
		// Cursor's preToolUse: an empty object is no opinion ("allow" would
		// skip Cursor's own approval; empty output fails a failClosed hook).
		return Answer{Stdout: []byte("{}\n")}
	}
	if d == Allow && c.Agent != Cursor {
		// No objection: print nothing (Gemini: an empty object), exit 0. An
		// explicit "allow" would skip the agent's own approval rules.
		if c.Agent == Gemini {
			return Answer{Stdout: []byte("{}\n")}
		}
		if c.Agent == OpenCode {
			return Answer{Stdout: []byte(`{"decision":"allow"}` + "\n")}
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
		return answer(out, d, reason, true)
	case Crush, Amp:
		// Exit 2 refuses with standard error as the reason, in both.
		return answer(map[string]any{"decision": decisionWord(d), "reason": reason}, d, reason, true)
	case Hermes:
		// At exit 2 Hermes takes the message from a block on standard
		// output before standard error, which it cuts at 400 bytes.
		return answer(map[string]any{"action": "block", "message": reason}, d, reason, true)
	case OpenCode:
		// hguard's plugin lets a call through only on an explicit allow
		// (exit 0 with this answer), anything else is a refusal.
		return answer(map[string]any{"decision": decisionWord(d), "reason": reason}, d, reason, true)
	case Copilot:
		// GitHub Copilot CLI reads a flat permissionDecision (and exit 0);
		// only a denial holds there.
		return answer(map[string]any{"permissionDecision": decisionWord(d), "permissionDecisionReason": reason}, d, reason, false)
	case Gemini:
		// Gemini CLI logs exit 2 as a failed hook; its documented way to
		// refuse is exit 0 with decision "deny", whose reason the model gets.
		return answer(map[string]any{"decision": decisionWord(d), "reason": reason, "systemMessage": reason}, d, reason, false)
	default: // Cursor requires a permission; "allow" here defers to its own rules no less than silence would
		out := map[string]any{"permission": decisionWord(d)}
		if d != Allow {
			out["user_message"] = reason
			out["agent_message"] = reason
		}
		return answer(out, d, reason, true)
	}
}

// GeminiMasked allows a Gemini CLI shell call with its command rewritten
// (BeforeTool's hookSpecificOutput.tool_input) to run through `BINARY
// --agent-shell 'COMMAND'`, which runs it in the same shell with its
// standard output and standard error masked and its exit status kept.
// Gemini CLI's AfterTool can only turn a result into an error; this way
// the model gets an ordinary result with the secrets masked. Gemini CLI
// tells the model that a hook changed the command.
func GeminiMasked(c Call, binary string) Answer {
	out := map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": "BeforeTool",
		"tool_input":    map[string]any{"command": shellQuote(binary) + " --agent-shell " + shellQuote(c.Command)},
	}}
	return answer(out, Allow, "", false)
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

// answer encodes the reply. Where exit2 is set a denial also goes to stderr
// with exit 2, the agent's blocking exit code, so that it holds even where
// the JSON is not read.
func answer(out map[string]any, d Decision, reason string, exit2 bool) Answer {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil { // cannot happen with these values; deny rather than allow
		return Answer{Stderr: "hguard: error: encoding the hook answer: " + err.Error() + "\n", Exit: 2}
	}
	a := Answer{Stdout: b.Bytes()}
	if d == Deny && exit2 {
		a.Stderr = reason + "\n"
		a.Exit = 2
	}
	return a
}

// Refuse is the answer when hguard cannot decide (unreadable input, an
// internal error): a denial with the reason, in the agent's protocol.
func Refuse(agent Agent, err error) Answer {
	reason := "hguard could not check this tool call, so it is refused: " + err.Error()
	return Reply(Call{Agent: agent, Kind: KindShell, Mode: "dontAsk"}, Deny, reason)
}

// ParseAmp reads a tool call as Amp hands it to a delegate program: the
// tool's name (AGENT_TOOL_NAME), the thread (AMP_THREAD_ID), the program's
// working directory, and the tool's arguments alone on standard input. An
// error means the call cannot be judged: callers deny.
func ParseAmp(tool, thread, cwd string, args []byte) (Call, error) {
	if len(args) > maxInput {
		return Call{}, fmt.Errorf("tool arguments are %d bytes, over the limit of %d", len(args), maxInput)
	}
	if tool == "" {
		return Call{}, errors.New("AGENT_TOOL_NAME is not set: hguard hook amp runs as Amp's delegate program")
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(args, &obj); err != nil {
		return Call{}, fmt.Errorf("tool arguments are not a JSON object: %v", err)
	}
	c := Call{Agent: Amp, Tool: tool, Cwd: cwd, Session: thread}
	input := json.RawMessage(args)
	str := func(name string) string {
		var s string
		if raw := obj[name]; raw != nil && json.Unmarshal(raw, &s) == nil {
			return s
		}
		return ""
	}
	path := func(kind Kind) error {
		p := str("path")
		if p == "" {
			return fmt.Errorf("arguments of %s have no path", tool)
		}
		c.Kind, c.Paths = kind, []string{p}
		return nil
	}
	var err error
	switch {
	case tool == "Bash":
		c.Kind = KindShell
		cmd, cerr := commandOf(obj["cmd"])
		if cerr != nil {
			return Call{}, cerr
		}
		c.Command = cmd
		if wd := str("cwd"); wd != "" {
			c.Cwd = wd
		}
		return c, nil
	case tool == "Read":
		err = path(KindRead)
	case tool == "Grep":
		if p := str("path"); p != "" {
			c.Kind, c.Paths = KindRead, []string{p}
		}
	case tool == "edit_file", tool == "create_file", tool == "undo_edit", tool == "format_file":
		err = path(KindWrite)
	case tool == "read_web_page":
		if u := str("url"); u != "" {
			c.Kind, c.URL = KindFetch, u
			c.Command = "curl -sSL -- " + shellQuote(u)
		}
	case strings.HasPrefix(tool, "mcp__"):
		c.Kind = KindMCP
		server, name := mcpName(tool)
		c.Command = MCPLine(server, name, input)
	}
	if err := pathLine(&c, err); err != nil {
		return Call{}, err
	}
	return c, nil
}

// shellIn fills a shell call whose command is input's "command" and whose
// working directory, when given, is wd (relative to the call's own).
func shellIn(c *Call, input json.RawMessage, wd string) error {
	c.Kind = KindShell
	cmd, err := commandOf(field(input, "command"))
	if err != nil {
		return err
	}
	c.Command = cmd
	if wd != "" {
		c.Cwd = inDir(c.Cwd, wd)
	}
	return nil
}

// inDir is the directory a tool names, wd, joined to the call's cwd when
// it is relative.
func inDir(cwd, wd string) string {
	if !strings.HasPrefix(wd, "/") && cwd != "" {
		return strings.TrimRight(cwd, "/") + "/" + wd
	}
	return wd
}

// pathLine ends classifying a call: a file read or write is judged as the
// command line that would do it (cat, tee).
func pathLine(c *Call, err error) error {
	if err != nil {
		return err
	}
	switch c.Kind {
	case KindRead:
		c.Command = readLine(c.Paths)
	case KindWrite:
		c.Command = writeLine(c.Paths)
	}
	return nil
}
