package injection

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hguard/hguard/dsl"
)

type invisibleKind int

const (
	visible   invisibleKind = iota
	tagChar                 // U+E0000–U+E007F: each spells an ASCII character, unseen
	bidiChar                // reorders what is displayed (Trojan Source)
	zeroWidth               // renders as nothing
)

func classify(r rune) invisibleKind {
	switch {
	case 0xE0000 <= r && r <= 0xE007F:
		return tagChar
	case 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
		return bidiChar
	case 0x200B <= r && r <= 0x200D, 0x2060 <= r && r <= 0x2064, r == 0xFEFF, r == 0x180E, r == 0x115F, r == 0x1160, r == 0x3164,
		0xE0100 <= r && r <= 0xE01EF:
		return zeroWidth
	}
	return visible
}

// escapedInvisible is such a character written as a JSON or source escape.
var escapedInvisible = lazyRegexp(`(?i)\\u(?:200[b-f]|202[a-e]|206[0-9a-f]|feff|\{?e00[0-7][0-9a-f]\}?|db40\\udc[0-7][0-9a-f])`)

// unicode reports runs of invisible characters, one finding per run.
func (t *text) unicode() {
	t.lines(func(off int, line []byte) {
		for i := 0; i < len(line); {
			r, n := utf8.DecodeRune(line[i:])
			k := classify(r)
			if k == visible || r == 0xFEFF && off+i == 0 || r == 0x200D && emojiJoin(line, i, n) {
				i += n
				continue
			}
			// A run of invisible characters of any kind, reported once.
			start, worst := i, k
			var hidden strings.Builder
			count := 0
			for i < len(line) {
				r, n := utf8.DecodeRune(line[i:])
				k := classify(r)
				if k == visible {
					break
				}
				if k == tagChar && r >= 0xE0020 && r <= 0xE007E {
					hidden.WriteRune(r - 0xE0000)
				}
				if k == tagChar || k == bidiChar && worst != tagChar {
					worst = k
				}
				count++
				i += n
			}
			switch worst {
			case tagChar:
				msg := fmt.Sprintf("%d Unicode tag characters", count)
				if hidden.Len() > 0 {
					msg += fmt.Sprintf(" spelling hidden text %q", short(hidden.String()))
				}
				t.add(off+start, "unicode-tags", dsl.Block, msg, "")
			case bidiChar:
				t.add(off+start, "bidi-control", dsl.Ask, fmt.Sprintf("%d bidirectional control characters reorder the displayed text", count), string(line))
			default:
				t.add(off+start, "invisible-unicode", dsl.Ask, fmt.Sprintf("%d invisible characters", count), string(line))
			}
		}
		if ms := escapedInvisible().FindAllIndex(line, -1); ms != nil {
			t.add(off+ms[0][0], "invisible-unicode", dsl.Ask, fmt.Sprintf("%d escaped invisible characters (%s)", len(ms), line[ms[0][0]:ms[0][1]]), string(line))
		}
	})
}

// emojiJoin reports a zero-width joiner between two pictographs, as in
// family and profession emoji: an ordinary use.
func emojiJoin(line []byte, i, n int) bool {
	if i == 0 || i+n >= len(line) {
		return false
	}
	prev, _ := utf8.DecodeLastRune(line[:i])
	next, _ := utf8.DecodeRune(line[i+n:])
	pict := func(r rune) bool { return unicode.Is(unicode.So, r) || r == 0xFE0F || 0x1F3FB <= r && r <= 0x1F3FF }
	return pict(prev) && pict(next)
}
