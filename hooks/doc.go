// Package hooks connects hguard to the programs that run commands: coding
// agents, through their tool-call hooks, and interactive shells.
//
// For agents it speaks each one's hook protocol: [Parse] reads the JSON an
// agent sends to a hook into a [Call] — a shell command, a file tool's read
// or write (as the equivalent cat or tee command, so the path rules apply
// to every tool), a fetch, an MCP call, a turn starting or ending — and
// [Reply] answers with a [Decision] in that agent's own fields and exit
// codes. It also knows where each agent keeps its hook settings
// ([Install]), how to make a missing hguard fail closed ([HookCommand]) and
// how Codex trusts a hook ([CodexHookHash]). Nothing
// here decides anything: the caller checks the command and picks the
// decision; hooks only translates, and refuses (fails closed) when the input
// cannot be read, because agents treat a failed hook as "allow".
package hooks
