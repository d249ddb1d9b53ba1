package hguard

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/dsl/cmdline"
	"github.com/hguard/hguard/hooks"
)

// agentSettingsFindings judge a coding agent started where the project's
// own settings switch hguard's hooks off (hooks.ProjectSwitchOffs): a
// cloned repository's .claude/settings.json with "disableAllHooks": true
// would have the agent run every command unseen. The rules
// self-agent-unguarded (a person: ask) and self-agent-unguarded-agent (an
// agent: block) judge the same switch written on the line. Where the
// settings leave hguard on, a hook of theirs that decides the agent's tool
// calls (hooks.ProjectDeciders: a PreToolUse hook may replace a command
// hguard allowed) is judged as a switch-off is; the commands they have the
// agent run by itself
// (hooks.ProjectCommands: a SessionStart hook, the status line) are judged
// as an agent's lines in the project, as a recipe the line runs is
// (projectFindings): what stays the project's business is left out.
func (g *Guard) agentSettingsFindings(line *cmdline.Line, req Request, findings []dsl.Finding) []dsl.Finding {
	if line == nil || !filepath.IsAbs(req.Cwd) {
		return nil
	}
	rule, level := "self-agent-unguarded", dsl.Ask
	if req.Caller != "" {
		rule, level = "self-agent-unguarded-agent", dsl.Block
	}
	if slices.ContainsFunc(findings, func(f dsl.Finding) bool { return f.Rule == rule }) {
		return nil
	}
	home := os.Getenv("HOME")
	for _, c := range line.Commands {
		if c.Dynamic || printsOnly(c) {
			continue
		}
		dir := commandDir(c, req.Cwd)
		if offs := hooks.ProjectSwitchOffs(c.Name, dir, home); len(offs) > 0 {
			var said []string
			for _, o := range offs {
				said = append(said, o.String())
			}
			return []dsl.Finding{{Rule: rule, Level: level, Source: "builtin", Command: c.Source,
				Message: "starts " + filepath.Base(c.Name) + " in a project whose own settings switch hguard's hooks off (" + strings.Join(said, "; ") +
					"), so hguard would not see what it runs; remove the setting first"}}
		}
		var out []dsl.Finding
		untold := func(hs []hooks.ProjectDecider, what string) {
			if len(hs) == 0 {
				return
			}
			var said []string
			for _, h := range hs {
				said = append(said, h.String())
			}
			out = append(out, dsl.Finding{Rule: rule, Level: level, Source: "builtin", Command: c.Source,
				Message: "starts " + filepath.Base(c.Name) + " in a project whose own settings " + what + " (" + strings.Join(said, "; ") + "); remove the hook first"})
		}
		untold(hooks.ProjectDeciders(c.Name, dir, home), "have a hook that decides its tool calls: it may approve a command hguard allowed and replace it with one hguard never saw")
		untold(hooks.ProjectSenders(c.Name, dir, home), "send its tool calls and their results to a server")
		untold(hooks.ProjectEnvSetters(c.Name, dir, home), "have a hook that may write the script Claude Code runs ahead of every Bash command ($CLAUDE_ENV_FILE), where a function can take the place of a command hguard allowed")
		for _, pc := range hooks.ProjectCommands(c.Name, dir, home) {
			v := g.Check(Request{Command: pc.Command, Cwd: dir, Shell: "bash", Caller: "agent", settingsCommand: true})
			// each setting is named: two servers running the same inner
			// command (sh -c '…; cat ~/.aws/credentials') are two findings
			where := " (in " + pc.File + ": " + pc.Setting + ", a command " + filepath.Base(c.Name) + " runs by itself, unseen by hguard's hook)"
			for _, f := range v.Findings {
				if f.Level < dsl.Ask || f.Level == dsl.Ask && projectBusiness[f.Rule] || pc.Variable && f.Rule == "secret-in-command" ||
					slices.ContainsFunc(out, func(x dsl.Finding) bool {
						return x.Rule == f.Rule && x.Command == f.Command && strings.HasSuffix(x.Message, where)
					}) {
					continue
				}
				f.Message += where
				out = append(out, f)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// printsOnly reports an agent command that prints its version or usage
// and exits (claude --version, codex -h): it starts no session, so the
// project's settings run nothing and decide nothing.
func printsOnly(c *cmdline.Command) bool {
	return len(c.Args) == 1 && !c.Args[0].Dynamic && slices.Contains([]string{"--version", "-v", "-V", "--help", "-h"}, c.Args[0].Value)
}
