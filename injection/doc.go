// Package injection finds prompt-injection carriers in the files that
// coding agents load into their context: AGENTS.md, CLAUDE.md, GEMINI.md,
// .cursorrules, memory files, MCP configurations.
//
// It looks for text a person reviewing the file would not see or would not
// read as an order to the agent: invisible and bidirectional Unicode,
// Unicode tag characters (which spell hidden ASCII), HTML comments and
// zero-size or hidden elements that carry instructions, phrases that try to
// override the agent's instructions, URLs that template a secret into the
// request, and shell commands the text urges the agent to run, which are
// decided by the core engine (package hguard) like any command.
//
// Every [Finding] has a line and a column (1-based, in bytes) and a level:
// block for carriers with no innocent use (tag characters, exfiltration
// URLs, blocked commands), ask for the rest.
package injection

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles an expression on first use: this package is linked
// into every hguard process, and most of them scan nothing.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
