package cmdline

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// maxIssues bounds how many issues of one kind Normalize reports, so that a
// line full of invisible characters cannot produce a huge result.
const maxIssues = 16

// Normalize returns the detection view of text (DESIGN §2 step 1) and
// reports what could hide intent in it: terminal escapes, NUL and other
// control bytes, invisible characters, compatibility forms (full-width
// letters), look-alike quotes, dashes and spaces, and words mixing Latin with
// look-alike scripts.
//
// The returned text has escapes, control and invisible characters removed,
// NFKC applied and look-alikes mapped to ASCII; CRLF becomes LF. It is what
// line-scope rules match and what fingerprints are made of. It is never
// parsed: a shell reads "’" or "＃" as an ordinary letter, so folding them
// before parsing would change the structure of the line (echo ’ ; rm -rf ~ ;
// echo ’ is three commands to bash). Parse reads the original bytes and
// folds only inside words (see FoldWord).
//
// Positions in the issues refer to s, the text as received.
func Normalize(s string) (string, []Issue) {
	var n normalizer
	n.scan(s)
	n.mixedScripts(s)
	return fold(s), n.issues(s)
}

// FoldWord is Normalize's folding for one word: what a look-alike word
// imitates ("ｒｍ" → "rm", "—rf" → "-rf", "r\u200bm" → "rm"). The model
// gives command names and argument values folded, so that rules written for
// rm also see ｒｍ; the text a carrier runs (sh -c, eval, heredocs) is parsed
// as written.
func FoldWord(s string) string {
	if isPlain(s) {
		return s
	}
	if f := fold(s); f != "" {
		return f
	}
	return s // all of it would go: keep a name to show
}

// fold removes escapes, control and invisible characters and maps
// compatibility forms and look-alikes to ASCII.
func fold(s string) string {
	q := normalizer{quiet: true}
	return q.fold(q.clean(s))
}

// normalizer collects issues with byte offsets into the text being built;
// they become line:col positions once the final text is known.
type normalizer struct {
	quiet bool // only the text is wanted: record nothing
	found []found
	seen  map[issueKey]int // → index in found, to count repeats
}

// issueKey identifies repeats: the same character (or word) of one kind.
type issueKey struct {
	kind IssueKind
	r    rune
	word string
}

type found struct {
	kind  IssueKind
	msg   string
	off   int // offset in the text of the pass that found it, then in the output
	count int
}

// add records an issue unless it repeats one; msg is only called for new ones.
func (n *normalizer) add(key issueKey, off int, msg func() string) {
	if n.quiet {
		return
	}
	if n.seen == nil {
		n.seen = make(map[issueKey]int)
	}
	if i, ok := n.seen[key]; ok {
		n.found[i].count++
		return
	}
	perKind := 0
	for _, f := range n.found {
		if f.kind == key.kind {
			perKind++
		}
	}
	if perKind >= maxIssues {
		return
	}
	n.seen[key] = len(n.found)
	n.found = append(n.found, found{kind: key.kind, msg: msg(), off: off, count: 1})
}

func escapeRemoved() string { return "terminal escape sequence removed" }

func removed(what string, r rune) func() string {
	return func() string { return fmt.Sprintf("%s U+%04X removed", what, r) }
}

// clean is the first pass: it removes escape sequences, control characters
// and invisible characters, and turns CRLF into LF.
func (n *normalizer) clean(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\r' && i+1 < len(s) && s[i+1] == '\n':
			i++ // the newline is written next round
			continue
		case c == 0x1b:
			end := escapeEnd(s, i+1)
			n.add(issueKey{kind: IssueControl, r: 0x1b}, b.Len(), escapeRemoved)
			i = end
			continue
		case c == 0:
			n.add(issueKey{kind: IssueControl}, b.Len(), func() string { return "nul byte removed" })
			i++
			continue
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
			n.add(issueKey{kind: IssueControl, r: rune(c)}, b.Len(), removed("control character", rune(c)))
			i++
			continue
		case c < utf8.RuneSelf:
			b.WriteByte(c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteByte(c) // invalid UTF-8 is kept byte for byte
		case r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			// C1 forms of CSI, OSC, DCS, SOS, PM, APC: drop the whole sequence.
			end := i + size
			if r == 0x9b {
				end = csiEnd(s, end)
			} else {
				end = stringEnd(s, end)
			}
			n.add(issueKey{kind: IssueControl, r: 0x1b}, b.Len(), escapeRemoved)
			i = end
			continue
		case r >= 0x80 && r <= 0x9f:
			n.add(issueKey{kind: IssueControl, r: r}, b.Len(), removed("control character", r))
		case invisible(r) != "":
			n.add(issueKey{kind: IssueInvisible, r: r}, b.Len(), removed("invisible "+invisible(r), r))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// scan finds what Normalize reports, at offsets into s as received.
func (n *normalizer) scan(s string) {
	if isPlain(s) {
		return
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\r':
			i++ // an ordinary character to bash, and harmless to show
			continue
		case c == 0x1b:
			n.add(issueKey{kind: IssueControl, r: 0x1b}, i, escapeFound)
			i = max(escapeEnd(s, i+1), i+1)
			continue
		case c == 0:
			n.add(issueKey{kind: IssueControl}, i, func() string { return "nul byte" })
			i++
			continue
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
			n.add(issueKey{kind: IssueControl, r: rune(c)}, i, found1("control character", rune(c)))
			i++
			continue
		case c < utf8.RuneSelf:
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
		case r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			n.add(issueKey{kind: IssueControl, r: 0x1b}, i, escapeFound)
		case r >= 0x80 && r <= 0x9f:
			n.add(issueKey{kind: IssueControl, r: r}, i, found1("control character", r))
		case invisible(r) != "":
			n.add(issueKey{kind: IssueInvisible, r: r}, i, found1("invisible "+invisible(r), r))
		default:
			if a, ok := lookalike(r); ok {
				n.add(issueKey{kind: IssueConfusable, r: r}, i, func() string {
					return fmt.Sprintf("look-alike character U+%04X reads as %q", r, a)
				})
			} else if k := compat(s[i : i+size]); k != "" {
				n.add(issueKey{kind: IssueConfusable, r: r}, i, func() string {
					return fmt.Sprintf("compatibility character U+%04X reads as %q", r, k)
				})
			}
		}
		i += size
	}
}

// compat returns what NFKC makes of the character r (one rune's bytes) when
// that is a compatibility mapping (full-width letters, ligatures, ①), not a
// canonical one (é written as e and an accent).
func compat(r string) string {
	k := norm.NFKC.String(r)
	if k == r || k == norm.NFC.String(r) {
		return ""
	}
	return k
}

func escapeFound() string { return "terminal escape sequence" }

func found1(what string, r rune) func() string {
	return func() string { return fmt.Sprintf("%s U+%04X", what, r) }
}

// isPlain reports whether s is printable ASCII, tabs and LF only, the common
// case that needs no work.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t' && c != '\n') || c >= 0x7f {
			return false
		}
	}
	return true
}

// escapeEnd returns the end of the escape sequence whose ESC is just before i.
func escapeEnd(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return csiEnd(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return stringEnd(s, i+1)
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f { // intermediate bytes, as in ESC ( B
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// csiEnd skips CSI parameter and intermediate bytes and the final byte.
func csiEnd(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// stringEnd skips an OSC/DCS-style string up to BEL, ESC \ or the C1 ST.
func stringEnd(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9c:
			return i + 2
		case s[i] == '\n':
			return i // an unterminated string must not swallow the next line
		}
		i++
	}
	return i
}

// invisible names characters that render as nothing (or as a blank that is
// not a space) and so can hide text from a reader; "" for the others.
func invisible(r rune) string {
	switch {
	case r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return "zero-width character"
	case r == 0x200e || r == 0x200f || r == 0x061c,
		r >= 0x202a && r <= 0x202e,
		r >= 0x2066 && r <= 0x2069:
		return "bidi control"
	case r >= 0xe0000 && r <= 0xe007f:
		return "tag character"
	case r >= 0xfe00 && r <= 0xfe0f:
		return "variation selector"
	case r >= 0x2061 && r <= 0x2064:
		return "invisible operator"
	}
	switch r {
	case 0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x3164, 0xffa0:
		return "character"
	}
	return ""
}

// lookalike maps punctuation that NFKC leaves alone to the ASCII character it
// imitates.
func lookalike(r rune) (rune, bool) {
	switch r {
	case 0x2018, 0x2019, 0x201a, 0x201b, 0x2032, 0x2035, 0x02b9, 0x02bc, 0x02c8:
		return '\'', true
	case 0x201c, 0x201d, 0x201e, 0x201f, 0x2033, 0x2036, 0x02ba, 0x00ab, 0x00bb, 0x3003:
		return '"', true
	case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212, 0x2043, 0x02d7, 0x2e3a, 0x2e3b, 0xfe58, 0xfe63:
		return '-', true
	case 0x00a0, 0x1680, 0x2007, 0x202f, 0x205f, 0x3000:
		return ' ', true
	}
	if r >= 0x2000 && r <= 0x200a {
		return ' ', true
	}
	return r, false
}

// fold is the second pass: NFKC, then the look-alike map. It works segment by
// segment so that the offsets found by clean can be carried over.
func (n *normalizer) fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := 0 // index of the first clean issue not yet moved to output offsets
	var it norm.Iter
	it.InitString(norm.NFKC, s)
	for !it.Done() {
		start := it.Pos()
		seg := it.Next()
		end := it.Pos()
		for ; pending < len(n.found) && n.found[pending].off < end; pending++ {
			n.found[pending].off = b.Len()
		}
		in := s[start:end]
		if !utf8.ValidString(in) {
			b.WriteString(in) // invalid bytes stay as they were
			continue
		}
		if string(seg) != in && norm.NFC.String(in) != string(seg) {
			r, _ := utf8.DecodeRuneInString(in)
			n.add(issueKey{kind: IssueConfusable, r: r}, b.Len(), func() string {
				return fmt.Sprintf("compatibility character U+%04X mapped to %q", r, norm.NFKC.String(string(r)))
			})
		}
		for _, r := range string(seg) {
			if a, ok := lookalike(r); ok {
				n.add(issueKey{kind: IssueConfusable, r: r}, b.Len(), func() string {
					return fmt.Sprintf("look-alike character U+%04X mapped to %q", r, a)
				})
				r = a
			}
			b.WriteRune(r)
		}
	}
	for ; pending < len(n.found); pending++ {
		n.found[pending].off = b.Len()
	}
	return b.String()
}

// mixedScripts reports words that mix Latin letters with letters of scripts
// that have Latin look-alikes (a Cyrillic "а" in "exаmple.com").
func (n *normalizer) mixedScripts(s string) {
	if isPlain(s) {
		return
	}
	start := 0
	for i := 0; i <= len(s); {
		r, size := rune(' '), 1
		if i < len(s) {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		if r == ' ' || r == '\t' || r == '\n' || strings.ContainsRune(";|&()<>'\"`", r) {
			if i > start {
				if other := mixedWith(s[start:i]); other != "" {
					word := s[start:i]
					n.add(issueKey{kind: IssueMixedScript, word: word}, start, func() string {
						return fmt.Sprintf("word %q mixes latin and %s letters", word, other)
					})
				}
			}
			start = i + size
		}
		i += size
	}
}

var lookalikeScripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"cyrillic", unicode.Cyrillic},
	{"greek", unicode.Greek},
	{"armenian", unicode.Armenian},
	{"cherokee", unicode.Cherokee},
	{"coptic", unicode.Coptic},
}

// mixedWith returns the look-alike script a word mixes with Latin, if any.
func mixedWith(w string) string {
	latin, other := false, ""
	for _, r := range w {
		if r < utf8.RuneSelf {
			latin = latin || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')
			continue
		}
		if unicode.Is(unicode.Latin, r) {
			latin = true
			continue
		}
		if other == "" {
			for _, sc := range lookalikeScripts {
				if unicode.Is(sc.table, r) {
					other = sc.name
					break
				}
			}
		}
	}
	if latin {
		return other
	}
	return ""
}

// issues turns the collected findings into Issues positioned in out.
func (n *normalizer) issues(out string) []Issue {
	if len(n.found) == 0 {
		return nil
	}
	lines := newLineIndex(out)
	issues := make([]Issue, 0, len(n.found))
	for _, f := range n.found {
		msg := f.msg
		if f.count > 1 {
			msg = fmt.Sprintf("%s (%d times)", msg, f.count)
		}
		issues = append(issues, Issue{Kind: f.kind, Message: msg, Pos: lines.pos(f.off)})
	}
	return issues
}

// lineIndex converts byte offsets into 1-based line:col positions (columns
// count bytes, as the shell parser's do).
type lineIndex []int // offsets where each line starts

func newLineIndex(s string) lineIndex {
	idx := lineIndex{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			idx = append(idx, i+1)
		}
	}
	return idx
}

func (l lineIndex) pos(off int) Pos {
	lo, hi := 0, len(l)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if l[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Pos{Line: lo + 1, Col: off - l[lo] + 1}
}
