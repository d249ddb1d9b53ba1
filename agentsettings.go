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
// settings leave hguard on, the commands they have the agent run by itself
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
		if c.Dynamic {
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
		for _, pc := range hooks.ProjectCommands(c.Name, dir, home) {
			v := g.Check(Request{Command: pc.Command, Cwd: dir, Shell: "bash", Caller: "agent", settingsCommand: true})
			for _, f := range v.Findings {
				if f.Level < dsl.Ask || f.Level == dsl.Ask && projectBusiness[f.Rule] ||
					slices.ContainsFunc(out, func(x dsl.Finding) bool { return x.Rule == f.Rule && x.Command == f.Command }) {
					continue
				}
				f.Message += " (in " + pc.File + ": " + pc.Setting + ", a command " + filepath.Base(c.Name) + " runs by itself, unseen by hguard's hook)"
				out = append(out, f)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
