package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hguard/hguard/internal/sanitize"
	"github.com/hguard/hguard/redact"
)

// Withheld replaces output hguard could not check for secrets.
const Withheld = "hguard withheld this output: it could not be checked for secrets"

// Masked answers an agent's hook after a tool ran (event is [EventPost] or
// [EventPostFailure]; input is the hook's JSON): the tool's output with
// its secrets masked, in the only way that agent lets a hook replace it.
// Nothing is printed when there is nothing to mask (Gemini: an empty
// object). Output that cannot be read is withheld ([Withhold]).
func Masked(agent Agent, event string, input []byte) Answer {
	switch agent {
	case ClaudeCode:
		if event == EventPostFailure {
			return claudeFailure(input)
		}
		return claudeMasked(input)
	case Codex:
		// Codex PostToolUse cannot replace a shell command's output
		// (updatedMCPToolOutput is for MCP tools only and refused
		// otherwise); "decision": "block" replaces the result the model
		// gets with the reason, which carries the output with its secrets
		// masked.
		var in struct {
			Response json.RawMessage `json:"tool_response"`
		}
		if err := json.Unmarshal(input, &in); err != nil {
			return Withhold(agent, event, fmt.Errorf("hook input is not JSON: %v", err))
		}
		return refusalMasked(agent, event, in.Response, "block", Answer{})
	case Gemini:
		// Gemini CLI AfterTool: a denial replaces the tool's result with its
		// reason (shown to the model as the tool's error; Gemini offers no
		// other way to replace it), so the reason carries the output with
		// its secrets masked, as text.
		var in struct {
			Response struct {
				LLMContent json.RawMessage `json:"llmContent"`
			} `json:"tool_response"`
		}
		if err := json.Unmarshal(input, &in); err != nil {
			return Withhold(agent, event, fmt.Errorf("hook input is not JSON: %v", err))
		}
		return refusalMasked(agent, event, in.Response.LLMContent, "deny", Answer{Stdout: []byte("{}\n")})
	case Copilot:
		// GitHub Copilot CLI's postToolUse gets {toolName, toolArgs,
		// toolResult: {resultType, textResultForLlm}} for every tool, a
		// command that exits non-zero included, and puts modifiedResult in
		// the result's place.
		var in struct {
			Result *struct {
				Type string          `json:"resultType"`
				Text json.RawMessage `json:"textResultForLlm"`
			} `json:"toolResult"`
		}
		if err := json.Unmarshal(input, &in); err != nil {
			return Withhold(agent, event, fmt.Errorf("hook input is not JSON: %v", err))
		}
		if in.Result == nil || len(in.Result.Text) == 0 || string(in.Result.Text) == "null" {
			return Answer{}
		}
		var text string
		if err := json.Unmarshal(in.Result.Text, &text); err != nil {
			return Withhold(agent, event, fmt.Errorf("toolResult.textResultForLlm is not a string: %v", err))
		}
		if len(redact.Find(text)) == 0 {
			return Answer{}
		}
		return jsonAnswer(map[string]any{"modifiedResult": map[string]any{"resultType": in.Result.Type, "textResultForLlm": redact.String(text)}})
	case OpenCode:
		// hguard's plugin replaces the tool's output (tool.execute.after's
		// output.output, the text the model gets) with "output".
		var in struct {
			Response json.RawMessage `json:"tool_response"`
		}
		if err := json.Unmarshal(input, &in); err != nil {
			return Withhold(agent, event, fmt.Errorf("hook input is not JSON: %v", err))
		}
		clean := Answer{Stdout: []byte("{}\n")}
		var text string
		if len(in.Response) == 0 || string(in.Response) == "null" {
			return clean
		}
		if err := json.Unmarshal(in.Response, &text); err != nil {
			return Withhold(agent, event, fmt.Errorf("tool_response is not a string: %v", err))
		}
		if len(redact.Find(text)) == 0 {
			return clean
		}
		return jsonAnswer(map[string]any{"output": redact.String(text)})
	}
	return Answer{}
}

// claudeMasked replaces a Claude Code tool's response with the same
// object, its strings masked: {"hookSpecificOutput": {"hookEventName":
// "PostToolUse", "updatedToolOutput": R}}, R keeping the tool's shape (for
// Bash: stdout, stderr, interrupted, isImage, …).
func claudeMasked(input []byte) Answer {
	var in struct {
		Event    string          `json:"hook_event_name"`
		Response json.RawMessage `json:"tool_response"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return Withhold(ClaudeCode, EventPost, fmt.Errorf("hook input is not JSON: %v", err))
	}
	if in.Event != "" && in.Event != "PostToolUse" {
		return Withhold(ClaudeCode, EventPost, fmt.Errorf("hook event is %q, want PostToolUse", in.Event))
	}
	if len(in.Response) == 0 || string(in.Response) == "null" {
		return Answer{}
	}
	masked, n, err := redact.JSON(in.Response)
	if err != nil {
		return Withhold(ClaudeCode, EventPost, fmt.Errorf("masking tool_response: %w", err))
	}
	if n == 0 {
		return Answer{}
	}
	return jsonAnswer(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName":     "PostToolUse",
		"updatedToolOutput": json.RawMessage(masked),
	}})
}

// claudeFailure answers Claude Code's PostToolUseFailure. Claude Code gives
// the hook the failure's text ("error") but lets no hook replace it (the
// event takes only additionalContext). A command run through hguard's shell
// prefix (init sets CLAUDE_CODE_SHELL_PREFIX) is masked before Claude Code
// reads it; where it is not (another prefix, a failing file tool), the
// hook says how many secrets the text held, masked, and tells the model
// not to repeat or use them.
func claudeFailure(input []byte) Answer {
	var in struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		return Withhold(ClaudeCode, EventPostFailure, fmt.Errorf("hook input is not JSON: %v", err))
	}
	found := redact.Find(in.Error)
	if len(found) == 0 {
		return Answer{}
	}
	context := fmt.Sprintf("hguard: the output of this failed tool call held %d secret(s). They are credentials the user did not mean to share: "+
		"do not repeat, store or use them. The output with them masked: %s", len(found), sanitize.ForModel(redact.String(in.Error), 4000))
	return jsonAnswer(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": "PostToolUseFailure", "additionalContext": context}})
}

// refusalMasked is the answer of agents that can only replace a tool's
// output with a refusal (Codex, Gemini): word is their refusing decision,
// the reason the output with its secrets masked; clean is the answer when
// nothing was masked.
func refusalMasked(agent Agent, event string, output json.RawMessage, word string, clean Answer) Answer {
	if len(output) == 0 || string(output) == "null" {
		return clean
	}
	masked, n, err := redact.JSON(output)
	if err != nil {
		return Withhold(agent, event, err)
	}
	if n == 0 {
		return clean
	}
	text := string(masked)
	var s string
	if json.Unmarshal(masked, &s) == nil {
		text = s // a JSON string is shown as its text
	}
	reason := fmt.Sprintf("hguard masked %d secret(s) in this output; this is the output with them masked:\n%s", n, text)
	return jsonAnswer(map[string]any{"decision": word, "reason": reason})
}

// Withhold answers after a tool call whose output hguard could not check:
// the output is replaced, since passing it on unchecked could hand a
// secret to the agent.
func Withhold(agent Agent, event string, err error) Answer {
	msg := Withheld + " (" + sanitize.ForModel(err.Error(), 300) + ")"
	switch {
	case agent == Gemini:
		return jsonAnswer(map[string]any{"decision": "deny", "reason": msg})
	case agent == Codex:
		return jsonAnswer(map[string]any{"decision": "block", "reason": msg})
	case agent == OpenCode:
		return jsonAnswer(map[string]any{"output": msg})
	case agent == Copilot:
		return jsonAnswer(map[string]any{"modifiedResult": map[string]any{"resultType": "failure", "textResultForLlm": msg}})
	case event == EventPostFailure:
		return Answer{Stderr: msg + "\n", Exit: 2}
	}
	return jsonAnswer(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName":     "PostToolUse",
		"updatedToolOutput": map[string]any{"stdout": msg, "stderr": "", "interrupted": false, "isImage": false},
	}})
}

// jsonAnswer prints v as one line of JSON, with <, > and & as themselves
// (a command's output holds them). v is built from maps, strings and
// already-valid raw JSON, so encoding cannot fail.
func jsonAnswer(v any) Answer {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return Answer{Stdout: b.Bytes()}
}
