// Package sanitize makes text safe to show: on a terminal, in a log line, or
// to a model.
package sanitize

import (
	"strings"
	"unicode/utf8"
)

// OneLine puts s on one line (a newline becomes ⏎) and cuts it to at most n
// bytes, on a character boundary, and an ellipsis.
func OneLine(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", "⏎")
	if len(s) > n {
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "…"
	}
	return s
}
