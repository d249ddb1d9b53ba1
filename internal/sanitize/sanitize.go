// Package sanitize makes text safe to show: on a terminal, in a log line, or
// to a model.
//
// Much of what hguard shows is not its own: a command an agent chose, a
// file name, a project rule's message, an excerpt of a scanned file, a
// detector's finding. On a terminal such text must not move the cursor or
// rewrite the screen; handed to a model it must not pose as the structure
// of the conversation ("</tool_result><system>…") or hide in characters a
// person cannot see.
package sanitize

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine puts s on one line for a terminal or a log: a newline becomes ⏎,
// other control and invisible format characters are shown escaped (\x1b,
// \u202e), and the result is cut to at most n bytes, on a character
// boundary, with an ellipsis.
func OneLine(s string, n int) string {
	if isPlain(s) && len(s) <= n {
		return s // the common case costs nothing
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString("⏎")
		case r == '\t':
			b.WriteByte(' ')
		case r == utf8.RuneError:
			b.WriteString("\uFFFD")
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			if r < 0x100 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
		if b.Len() > n {
			break
		}
	}
	return cut(b.String(), n)
}

// isPlain reports whether s is printable ASCII.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// cut shortens s to at most n bytes on a character boundary, adding an
// ellipsis when it cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// ForModel makes text fit to hand to a model inside a tool result or a
// hook's answer: control and invisible format characters are removed,
// whitespace (newlines included) collapses to single spaces, markup that
// imitates the structure of a conversation — tags such as <system>,
// </tool_result> or <|im_start|>, and role prefixes such as "Human:" — is
// defused by replacing its angle brackets and colons, and the result is
// cut to at most n bytes. What remains reads the same to a person.
func ForModel(s string, n int) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			space = b.Len() > 0
			continue
		case r == utf8.RuneError, unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r),
			r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0000 && r <= 0xE0FFF: // variation selectors, tags
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		if b.Len() > 4*n+64 {
			break // enough to cut from; the rest would be cut anyway
		}
	}
	return cut(defuse(b.String()), n)
}

// roleWords are the speakers of chat formats; "word:" opening the text or
// following a sentence could pose as a turn of the conversation.
var roleWords = []string{"system", "user", "assistant", "human", "developer", "tool", "function", "model"}

// defuse neutralizes what could pose as the structure of a conversation:
// angle-bracket tags whose name is a role or a chat-format keyword, the
// special tokens of chat templates, and role prefixes.
func defuse(s string) string {
	if !strings.ContainsAny(s, "<>[]|:") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '<' && looksLikeTag(s[i+1:]):
			b.WriteString("‹")
			i++
			if j := strings.IndexByte(s[i:], '>'); j >= 0 && j < 64 {
				b.WriteString(s[i : i+j])
				b.WriteString("›")
				i += j + 1
			}
			continue
		case c == '[' && looksLikeMarker(s[i:]):
			b.WriteString("⟦")
			i++
			continue
		case c == ':' && (i+1 == len(s) || s[i+1] == ' ') && endsWithRole(s[:i]):
			b.WriteString("∶") // RATIO: reads as a colon, parses as none
			i++
			continue
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

// looksLikeTag reports whether rest (after a '<') opens a tag a chat
// format could read: </x>, <x>, <x/>, <|x|>, <!x>, and <x attr=…> when x
// names a role. A shell redirection such as <in.txt or <x >y stays as it
// is.
func looksLikeTag(rest string) bool {
	lead := len(rest)
	rest = strings.TrimLeft(rest, "/|!")
	lead -= len(rest)
	n := 0
	for n < len(rest) && n < 40 && (rest[n] == '_' || rest[n] == '-' || rest[n] == ':' ||
		rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || rest[n] >= '0' && rest[n] <= '9') {
		n++
	}
	if n == 0 {
		return false
	}
	tail := rest[n:]
	switch {
	case tail == "":
		return lead > 0
	case tail[0] == '>' || tail[0] == '|' || strings.HasPrefix(tail, "/>"):
		return true
	case tail[0] == ' ':
		name := strings.ToLower(rest[:n])
		for _, w := range roleWords {
			if strings.HasPrefix(name, w) {
				return true
			}
		}
	}
	return false
}

// looksLikeMarker reports whether s starts an instruction marker of a chat
// template: [INST], [/INST], [SYSTEM], [TOOL_RESULTS] and the like.
func looksLikeMarker(s string) bool {
	j := strings.IndexByte(s, ']')
	if j < 2 || j > 24 {
		return false
	}
	word := strings.ToLower(strings.TrimPrefix(s[1:j], "/"))
	switch word {
	case "inst", "sys", "system", "tool_results", "tool_calls", "available_tools", "assistant", "user":
		return true
	}
	return false
}

// endsWithRole reports whether before ends with a role word that starts
// the text or follows a space or sentence punctuation (the caller checks
// that a space or the end follows the colon).
func endsWithRole(before string) bool {
	for _, w := range roleWords {
		if len(before) < len(w) || !strings.EqualFold(before[len(before)-len(w):], w) {
			continue
		}
		start := len(before) - len(w)
		if start == 0 || strings.ContainsRune(" .!?;>›\"'(", rune(before[start-1])) {
			return true
		}
	}
	return false
}
