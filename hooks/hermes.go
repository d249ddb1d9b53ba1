package hooks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
)

// Hermes Agent runs shell hooks from the "hooks:" block of its config.yaml:
// the command is split into words and started without a shell, with
// {hook_event_name, tool_name, tool_input, session_id, cwd, …} on standard
// input; exit 2 blocks a pre_tool_call. With fail_closed a hook that cannot
// start or times out blocks too. Hermes runs a hook only once the pair
// (event, command) is in its allowlist, which its first-use prompt writes.

// HermesTimeout is the longest timeout Hermes allows a shell hook, in
// seconds (it clamps larger ones).
const HermesTimeout = 300

// hermesHome is $HERMES_HOME, or ~/.hermes.
func hermesHome(home string) string {
	if h := os.Getenv("HERMES_HOME"); filepath.IsAbs(h) {
		return h
	}
	return filepath.Join(home, ".hermes")
}

// HermesAllowlistPath is Hermes's record of the shell hooks a person
// allowed to run.
func HermesAllowlistPath(home string) string {
	return filepath.Join(hermesHome(home), "shell-hooks-allowlist.json")
}

// HermesCommand is the hook's command: Hermes splits it into words itself,
// so there is no shell to test for a missing hguard; fail_closed refuses
// the tool call when the program cannot start.
func HermesCommand(binary string) string { return shellQuote(binary) + " hook hermes" }

// InstallHermes returns config.yaml with hguard's pre_tool_call hook (every
// tool, fail_closed, the longest timeout Hermes allows) added, replacing one
// an earlier hguard wrote and keeping everything else, comments included.
func InstallHermes(existing []byte, command string) ([]byte, bool, error) {
	var doc yaml.Node
	if len(bytes.TrimSpace(existing)) > 0 {
		if err := yaml.Unmarshal(existing, &doc); err != nil {
			return nil, false, fmt.Errorf("config.yaml is not valid YAML (%v); fix it or move it aside", err)
		}
	}
	if doc.Kind == 0 {
		doc = yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode}}}
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil, false, fmt.Errorf("config.yaml is not a mapping")
	}
	hooksNode, err := mappingChild(root, "hooks", yaml.MappingNode)
	if err != nil {
		return nil, false, err
	}
	pre, err := mappingChild(hooksNode, "pre_tool_call", yaml.SequenceNode)
	if err != nil {
		return nil, false, err
	}
	var ours yaml.Node
	if err := ours.Encode(map[string]any{"command": command, "timeout": HermesTimeout, "fail_closed": true}); err != nil {
		return nil, false, err
	}
	var kept []*yaml.Node
	present := false
	for _, e := range pre.Content {
		var entry struct {
			Command    string `yaml:"command"`
			Timeout    int    `yaml:"timeout"`
			FailClosed bool   `yaml:"fail_closed"`
			Matcher    string `yaml:"matcher"`
		}
		if e.Decode(&entry) == nil && strings.HasSuffix(entry.Command, " hook hermes") {
			if entry.Command == command && entry.Timeout == HermesTimeout && entry.FailClosed && entry.Matcher == "" && !present {
				present = true
				kept = append(kept, e)
			}
			continue // an earlier hguard's
		}
		kept = append(kept, e)
	}
	if present && len(kept) == len(pre.Content) {
		return existing, false, nil
	}
	if !present {
		kept = append(kept, &ours)
	}
	pre.Content = kept
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, false, err
	}
	return b.Bytes(), true, nil
}

// mappingChild returns the value of key in a mapping node, adding an empty
// one of kind when the key is missing or null.
func mappingChild(m *yaml.Node, key string, kind yaml.Kind) (*yaml.Node, error) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value != key {
			continue
		}
		v := m.Content[i+1]
		if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
			*v = yaml.Node{Kind: kind}
		}
		if v.Kind != kind {
			return nil, fmt.Errorf("%q in config.yaml is not a %s", key, map[yaml.Kind]string{yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}[kind])
		}
		return v, nil
	}
	v := &yaml.Node{Kind: kind}
	m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, v)
	return v, nil
}

// HermesAllow returns Hermes's shell-hook allowlist with command allowed
// for pre_tool_call, as Hermes's own first-use prompt records it (an entry
// an earlier hguard recorded is replaced); changed is false when it is
// there. binaryTime is the hguard binary's modification time, which Hermes
// keeps with the approval.
func HermesAllow(existing []byte, command string, binaryTime, now time.Time) ([]byte, bool, error) {
	list := map[string]any{}
	if len(bytes.TrimSpace(existing)) > 0 {
		if err := json.Unmarshal(existing, &list); err != nil {
			return nil, false, fmt.Errorf("the allowlist is not valid JSON (%v); fix it or move it aside", err)
		}
	}
	approvals, _ := list["approvals"].([]any)
	var kept []any
	for _, a := range approvals {
		m, _ := a.(map[string]any)
		c, _ := m["command"].(string)
		if m["event"] == "pre_tool_call" && c == command {
			return existing, false, nil
		}
		if m["event"] == "pre_tool_call" && strings.HasSuffix(c, " hook hermes") {
			continue
		}
		kept = append(kept, a)
	}
	var mtime any
	if !binaryTime.IsZero() {
		mtime = binaryTime.UTC().Format("2006-01-02T15:04:05.999999Z")
	}
	list["approvals"] = append(kept, map[string]any{"event": "pre_tool_call", "command": command,
		"approved_at": now.UTC().Format("2006-01-02T15:04:05.999999Z"), "script_mtime_at_approval": mtime})
	out, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return nil, false, err
	}
	return append(out, '\n'), true, nil
}
