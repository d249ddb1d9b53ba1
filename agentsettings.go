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
// agent: block) judge the same switch written on the line.
func agentSettingsFindings(line *cmdline.Line, cwd, caller string, findings []dsl.Finding) []dsl.Finding {
	if line == nil || !filepath.IsAbs(cwd) {
		return nil
	}
	rule, level := "self-agent-unguarded", dsl.Ask
	if caller != "" {
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
		offs := hooks.ProjectSwitchOffs(c.Name, commandDir(c, cwd), home)
		if len(offs) == 0 {
			continue
		}
		var said []string
		for _, o := range offs {
			said = append(said, o.String())
		}
		return []dsl.Finding{{Rule: rule, Level: level, Source: "builtin", Command: c.Source,
			Message: "starts " + filepath.Base(c.Name) + " in a project whose own settings switch hguard's hooks off (" + strings.Join(said, "; ") +
				"), so hguard would not see what it runs; remove the setting first"}}
	}
	return nil
}
