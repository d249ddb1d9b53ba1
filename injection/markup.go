package injection

import (
	"bytes"

	"github.com/hguard/hguard/dsl"
)

var (
	comment = lazyRegexp(`(?s)<!--(.*?)(?:-->|$)`)
	// hiddenStyle is an element styled or marked to show nothing.
	hiddenStyle = lazyRegexp(`(?i)<[a-z][a-z0-9]*\b[^>]*?(?:\bstyle\s*=\s*["'][^"']*?(?:font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|["'])|display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:;|["'])|(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*(?:;|["'])|color\s*:\s*(?:transparent|white|#fff(?:fff)?)\b)|\shidden(?:\s|>|=|/))[^>]*>`)
	// addressed is text speaking to an AI agent, or ordering "you" to act.
	addressed = lazyRegexp(`(?i)\b(?:ai|assistants?|agents?\s*[:,]\s*\w+|llms?|language\s+models?|claude|copilot|cursor|gemini|codex|chatgpt)\b` +
		`|\byou\s+(?:must|should|will|need\s+to|have\s+to)\s+(?:now\s+|silently\s+|quietly\s+|immediately\s+|also\s+)?(?:run|execute|send|fetch|upload|delete|remove|ignore|forget|disregard|approve|reveal|print)\b`)
)

// markup reports HTML comments and hidden elements that carry
// instructions. An ordinary comment (a lint directive, a TOC marker, "do
// not edit") is not reported; one that addresses an agent, tries to
// override its instructions or holds a command hguard would not allow is.
func (t *text) markup(s *Scanner) {
	if !bytes.Contains(t.data, []byte("<")) {
		return
	}
	for _, m := range comment().FindAllSubmatchIndex(t.data, -1) {
		body := t.data[m[2]:m[3]]
		before := len(t.found)
		t.hiddenCommands(s, m[2], body)
		if len(t.found) > before || addressed().Match(body) || overrides().Match(body) {
			t.add(m[0], "hidden-comment", dsl.Ask, "HTML comment, invisible when rendered, holds instructions", string(body))
		}
	}
	if !bytes.Contains(t.lower, []byte("style")) && !bytes.Contains(t.lower, []byte("hidden")) {
		return
	}
	for _, m := range hiddenStyle().FindAllIndex(t.data, -1) {
		t.add(m[0], "hidden-text", dsl.Ask, "element styled to be invisible (zero size, hidden, or white)", string(t.data[m[0]:min(m[1]+80, len(t.data))]))
	}
}
