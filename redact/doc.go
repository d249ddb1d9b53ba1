// Package redact masks secrets in text: API tokens, cloud keys, private key
// blocks, passwords in URLs and assignments.
//
// A mask keeps enough to recognise the secret and no more: the token's
// well-known prefix and, for long random tokens, its last four characters
// ("ghp_…a1b2", "sk-proj-…x9Yz"); passwords and private keys keep nothing
// ("password=…"). A mask is never longer than what it replaces and is never
// masked again, so redacting twice changes nothing.
//
// Every [Pattern] names keywords; a line is only matched against the
// patterns whose keywords it contains, found in one pass by an Aho-Corasick
// automaton, so text without secrets costs little more than a copy.
//
// [Copy] streams line by line in constant memory. Private key blocks span
// lines: the BEGIN and END lines stay and the body between them becomes one
// "…" line. A line longer than [MaxLine] is redacted in pieces of at most
// MaxLine bytes, cut where possible at a space or quote so that no token is
// split; a token longer than the piece may be missed.
//
// [String], [Bytes] and [Find] serve short texts (commands for the audit log,
// text for the LLM reviewer); [Sanitize] also strips what could smuggle
// instructions into an agent's context; [JSON] masks a tool's output for the
// agent hooks (which encode it in each agent's protocol: hooks.Masked).
package redact

// gen.go writes automaton_gen.go, the keyword automaton as Go data.
//
//go:generate go run -tags hguardgen gen.go

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles an expression on first use: this package is linked
// into every hguard process, and most of them redact nothing.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
