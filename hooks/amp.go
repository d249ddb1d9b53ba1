package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// ampPermissions is Amp's setting: an ordered list of rules, the first that
// matches a tool call decides it.
const ampPermissions = "amp.permissions"

// ampTools are the tools hguard's delegate rules name: Amp's tools that run
// commands, read or write files or fetch, and every MCP tool.
var ampTools = []string{"Bash", "Read", "Grep", "edit_file", "create_file", "undo_edit", "format_file", "read_web_page", "mcp__*"}

// AmpDelegatePath is the program init names in Amp's delegate rules.
func AmpDelegatePath(home string) string {
	return filepath.Join(configHome(home), "amp", "hguard-delegate")
}

// AmpDelegateScript is that program. Amp runs a delegate with no
// arguments, the tool's name in AGENT_TOOL_NAME and its arguments on
// standard input, and reads its exit status: 0 allow, 1 ask, 2 or more
// reject with standard error shown to the model. A missing hguard exits 2.
func AmpDelegateScript(binary string) string {
	bin := shellQuote(binary)
	return "#!/bin/sh\n# hguard: Amp's delegate program for tool calls (hguard init amp); runs: " + strings.ReplaceAll(binary, "\n", " ") + " hook amp\n" +
		"command -v " + bin + " >/dev/null 2>&1 || { echo 'hguard is missing (" + strings.ReplaceAll(binary, "'", "") +
		"): every tool call is refused until it is reinstalled or its rules are removed' >&2; exit 2; }\nexec " + bin + " hook amp\n"
}

// InstallAmp returns Amp's settings with hguard's delegate rules first in
// amp.permissions (the first matching rule decides, so a rule before them
// would skip hguard), replacing rules an earlier hguard wrote and keeping
// every other rule and setting after them.
func InstallAmp(existing []byte, delegate string) ([]byte, bool, error) {
	settings := map[string]any{}
	if len(bytes.TrimSpace(existing)) > 0 {
		if err := json.Unmarshal(existing, &settings); err != nil {
			return nil, false, fmt.Errorf("the settings file is not valid JSON (%v); fix it or move it aside", err)
		}
	}
	rules, ok := settings[ampPermissions].([]any)
	if !ok && settings[ampPermissions] != nil {
		return nil, false, fmt.Errorf("%q in the settings file is not a list", ampPermissions)
	}
	var ours []any
	for _, tool := range ampTools {
		ours = append(ours, map[string]any{"tool": tool, "action": "delegate", "to": delegate})
	}
	others := slices.DeleteFunc(slices.Clone(rules), func(r any) bool {
		m, _ := r.(map[string]any)
		to, _ := m["to"].(string)
		return m["action"] == "delegate" && strings.Contains(to, "hguard")
	})
	want := append(ours, others...)
	if len(rules) >= len(ours) && equalJSON(rules[:len(ours)], ours) && len(others) == len(rules)-len(ours) {
		return existing, false, nil
	}
	settings[ampPermissions] = want
	b, err := encodeSettings(settings)
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
