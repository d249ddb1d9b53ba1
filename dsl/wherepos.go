package dsl

import (
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// whenSource is where a rule's condition was written: the file's bytes
// (shared, not copied) and the YAML node of the when: value, so that an
// error expr reports by its own line and column can be placed in the file.
type whenSource struct {
	data  []byte
	line  int // of the value (for a block scalar, of its | or > indicator)
	col   int
	style yaml.Style
}

// placeInWhen maps a rune offset into a rule's condition to where that
// character stands in its file, for the plain, quoted, literal (|) and
// folded (>) styles, by walking the file's text alongside the condition.
// ok is false where the two cannot be matched (escapes in a double-quoted
// string, a folded line break the walk cannot account for): the caller
// then falls back to the position of the when: value.
func (w *whenSource) placeInWhen(when string, offset int) (Pos, bool) {
	if w == nil || offset < 0 {
		return Pos{}, false
	}
	lines := strings.Split(string(w.data), "\n")
	if w.line < 1 || w.line > len(lines) {
		return Pos{}, false
	}
	target := len(string([]rune(when)[:min(offset, utf8.RuneCountInString(when))])) // the byte offset
	switch {
	case w.style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		// Content lines follow the indicator; each, without its
		// indentation, is the next piece of the condition, joined by a
		// newline (literal, or folded at a more-indented line) or a space.
		p, base := 0, -1
		for i := w.line; i < len(lines) && p <= len(when); i++ {
			trimmed := strings.TrimLeft(lines[i], " ")
			if base < 0 && trimmed != "" {
				base = len(lines[i]) - len(trimmed) // the block's indentation
			}
			indent := base
			if trimmed == "" || indent < 0 || len(lines[i]) < indent {
				indent = len(lines[i]) - len(trimmed)
			}
			content := lines[i][indent:] // a more-indented line keeps its extra spaces
			if strings.TrimSpace(content) == "" {
				if p < len(when) && when[p] == '\n' {
					p++
				}
				continue
			}
			if !strings.HasPrefix(when[p:], content) {
				// A folded line may keep its leading spaces (more indented).
				return Pos{}, false
			}
			if target < p+len(content) {
				return Pos{Line: i + 1, Col: utf8.RuneCountInString(lines[i][:indent+target-p]) + 1}, true
			}
			p += len(content)
			if p < len(when) && (when[p] == '\n' || when[p] == ' ') {
				if target == p {
					return Pos{Line: i + 1, Col: utf8.RuneCountInString(lines[i]) + 1}, true
				}
				p++
			}
		}
		return Pos{}, false
	default:
		// A single-line scalar: plain, or quoted with the text as written.
		line := lines[w.line-1]
		start := byteCol(line, w.col)
		if w.style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0 {
			start++
		}
		if start < 0 || start > len(line) || !strings.HasPrefix(line[start:], when) {
			return Pos{}, false
		}
		return Pos{Line: w.line, Col: utf8.RuneCountInString(line[:start+target]) + 1}, true
	}
}

// byteCol is the byte index of the 1-based rune column col in line, or -1.
func byteCol(line string, col int) int {
	n := 1
	for i := range line {
		if n == col {
			return i
		}
		n++
	}
	if n == col {
		return len(line)
	}
	return -1
}
