package cmdline

import (
	"strings"
)

// The coding agents run under other names than claude, gemini and codex:
// npm installs Claude Code's native program as bin/claude.exe, npx names a
// package's program after the package (claude-code@latest, gemini-cli),
// and node runs a package's entry script (cli-wrapper.cjs, gemini.js,
// codex.js). Each is the agent: its switches (--dangerously-skip-permissions)
// and the project settings it reads are the agent's.

// agentPackages are the agents' npm packages, by the directory of a path
// inside one.
var agentPackages = map[string]string{
	"@anthropic-ai/claude-code": "claude",
	"@google/gemini-cli":        "gemini",
	"@openai/codex":             "codex",
}

// agentName is the agent a command name runs (claude.exe, claude-code,
// gemini-cli@latest: claude, gemini), or name itself.
func agentName(name string) string {
	base, _, _ := strings.Cut(strings.TrimSuffix(strings.ToLower(name), ".exe"), "@")
	base = strings.TrimSuffix(base, ".exe")
	switch base {
	case "claude", "claude-code":
		return "claude"
	case "gemini", "gemini-cli":
		return "gemini"
	case "codex":
		return "codex"
	}
	return name
}

// agentEntry is the agent a script path is the entry of (a path inside an
// agent's package, or a script named as the agent: node .bin/claude), or "".
func agentEntry(p string) string {
	for pkg, agent := range agentPackages {
		if strings.HasPrefix(p, pkg+"/") || strings.Contains(p, "/"+pkg+"/") {
			return agent
		}
	}
	base := baseName(p)
	for _, ext := range []string{".js", ".cjs", ".mjs"} {
		base = strings.TrimSuffix(base, ext)
	}
	if a := agentName(base); a == "claude" || a == "gemini" || a == "codex" {
		return a
	}
	return ""
}

// nodeValueOptions are node's (and bun's, deno's) options whose value is
// the next word.
var nodeValueOptions = set("-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
	"--env-file", "--title", "--cwd", "--config", "-c", "--preload", "--watch-path")

// agentScript follows a JavaScript runtime running an agent's entry script
// (node node_modules/@anthropic-ai/claude-code/cli-wrapper.cjs -p x) as the
// agent run with the script's arguments and the command's assignments.
func (w *walker) agentScript(c *Command, args []field, cx ctx) {
	i := 0
	if n := program(c.Name); (n == "bun" || n == "deno") && len(args) > 0 && args[0].Value == "run" {
		i++
	}
	for ; i < len(args); i++ {
		v := args[i].Value
		if v == "--" {
			i++
			break
		}
		if !strings.HasPrefix(v, "-") {
			break
		}
		if nodeValueOptions.has(v) {
			i++
		}
	}
	if i >= len(args) {
		return
	}
	agent := agentEntry(args[i].Value)
	if agent == "" {
		return
	}
	var b strings.Builder
	for _, a := range c.Assigns {
		if !a.Value.Dynamic {
			b.WriteString(a.Name + "=" + shellQuote(a.Value.Value) + " ")
		}
	}
	b.WriteString(agent)
	dynamic := false
	for _, a := range args[i+1:] {
		b.WriteByte(' ')
		if a.Dynamic {
			b.WriteString(a.Value)
			dynamic = true
		} else {
			b.WriteString(shellQuote(a.Value))
		}
	}
	w.nested(c, b.String(), c.Name+" "+baseName(args[i].Value), cx, dynamic)
}
