package redact

import (
	"strings"
	"unicode"
)

var (
	// roleTag is markup that chat formats use to delimit turns or tool
	// traffic: in a tool's error message it can only be an attempt to
	// pass text off as coming from the system, the user or a tool.
	roleTag = lazyRegexp(`(?i)<\|[a-z_ ]{1,30}\|>|</?\s*(?:system|assistant|user|human|developer|tool|tool_use|tool_result|tool_call|function_calls?|function_results?|invoke|parameter|instructions?|prompt|context|im_start|im_end)\b[^<>]{0,200}>|\[/?INST\]|<</?SYS>>`)
	// fence is a markdown code fence, which could close the block that
	// frames the message and open one of its own.
	fence = lazyRegexp("```+|~~~+")
	cdata = lazyRegexp(`(?i)<!\[CDATA\[|\]\]>`)
	// ansi is a terminal escape sequence (CSI or OSC).
	ansi = lazyRegexp("\x1b\\[[0-9;?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(?:\x07|\x1b\\\\)?|\x1b[@-Z\\\\-_]")
)

// Sanitize prepares text handed back to an agent (an error message, a
// reason): secrets are masked, terminal escapes, control, invisible and
// bidirectional characters removed, and fake role tags, markdown fences and
// CDATA wrappers stripped so the text cannot pose as instructions.
func Sanitize(s string) string {
	s = String(s)
	s = ansi().ReplaceAllString(s, "")
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if unicode.IsControl(r) || invisible(r) {
			return -1
		}
		return r
	}, s)
	// Removing one tag can join the halves of another ("<sys<system>tem>"):
	// repeat until nothing changes, and defuse what is left after a few rounds.
	for range 8 {
		t := roleTag().ReplaceAllString(s, "")
		t = fence().ReplaceAllString(t, "")
		t = cdata().ReplaceAllString(t, "")
		if t == s {
			return s
		}
		s = t
	}
	return strings.NewReplacer("<", "‹", ">", "›", "`", "'", "[", "(", "]", ")").Replace(s)
}

// invisible reports format characters that render as nothing or reorder
// text: zero-width, bidirectional controls, Unicode tags, variation
// selectors beyond the emoji ones.
func invisible(r rune) bool {
	switch {
	case r == 0xAD, r == 0x061C, r == 0x180E, r == 0xFEFF:
		return true
	case 0x200B <= r && r <= 0x200F, 0x202A <= r && r <= 0x202E, 0x2060 <= r && r <= 0x206F:
		return true
	case 0xE0000 <= r && r <= 0xE007F, 0xE0100 <= r && r <= 0xE01EF:
		return true
	}
	return false
}
