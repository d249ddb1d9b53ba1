package cmdline

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A small reader of the XML a build file is written in (a pom.xml), for
// the few elements and attributes mavenCommands needs. encoding/xml would
// do, but its package initialisation costs every check, and nearly none
// reads a pom. It reads elements, attributes (quoted either way, or not),
// self-closing tags, text with its entities (&amp; &lt; &gt; &quot;
// &apos; and numeric ones), CDATA sections, and passes over comments,
// processing instructions and a DOCTYPE. It never fails: what is not XML
// is passed over, and an unclosed construct ends the text.

// xmlToken is one thing the reader met: a start tag (with attrs; end set
// too when it closes itself), an end tag, or text (a run of character
// data and CDATA between two tags, entities decoded, comments left out).
type xmlToken struct {
	kind  xmlKind
	name  string // a tag's local name (no namespace prefix)
	attrs []xmlAttribute
	text  string
	end   bool // <x/>: the start tag closes itself
}

type xmlKind uint8

const (
	xmlStart xmlKind = iota + 1
	xmlEnd
	xmlText
)

type xmlAttribute struct{ name, value string }

// attr is the value of the token's attribute name, or "".
func (t xmlToken) attr(name string) string {
	for _, a := range t.attrs {
		if a.name == name {
			return a.value
		}
	}
	return ""
}

// xmlTokens calls yield for each token of text, in order, until yield
// returns false.
func xmlTokens(text string, yield func(xmlToken) bool) {
	var buf strings.Builder // the text being gathered
	flush := func() bool {
		if buf.Len() == 0 {
			return true
		}
		t := xmlToken{kind: xmlText, text: buf.String()}
		buf.Reset()
		return yield(t)
	}
	for i := 0; i < len(text); {
		lt := strings.IndexByte(text[i:], '<')
		if lt < 0 {
			buf.WriteString(xmlUnescape(text[i:]))
			break
		}
		buf.WriteString(xmlUnescape(text[i : i+lt]))
		i += lt
		rest := text[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			i = xmlSkip(text, i+4, "-->")
		case strings.HasPrefix(rest, "<![CDATA["):
			end := strings.Index(rest[9:], "]]>")
			if end < 0 {
				buf.WriteString(rest[9:])
				i = len(text)
				break
			}
			buf.WriteString(rest[9 : 9+end])
			i += 9 + end + 3
		case strings.HasPrefix(rest, "<?"):
			i = xmlSkip(text, i+2, "?>")
		case strings.HasPrefix(rest, "<!"):
			i = xmlSkipDecl(text, i+2)
		default:
			if !flush() {
				return
			}
			t, next, ok := xmlTag(text, i+1)
			i = next
			if ok && !yield(t) {
				return
			}
		}
	}
	flush()
}

// xmlSkip is the offset just past the first close in text from i, or the
// text's end.
func xmlSkip(text string, i int, close string) int {
	if end := strings.Index(text[i:], close); end >= 0 {
		return i + end + len(close)
	}
	return len(text)
}

// xmlSkipDecl is the offset just past a <!DOCTYPE …> or other <!…>
// declaration from i, its internal subset ([…]) included.
func xmlSkipDecl(text string, i int) int {
	depth := 0
	for ; i < len(text); i++ {
		switch text[i] {
		case '[':
			depth++
		case ']':
			depth--
		case '>':
			if depth <= 0 {
				return i + 1
			}
		}
	}
	return len(text)
}

// xmlTag reads the tag whose name starts at i (just past its <): the
// token, the offset past its >, and whether it is a tag at all.
func xmlTag(text string, i int) (xmlToken, int, bool) {
	t := xmlToken{kind: xmlStart}
	if i < len(text) && text[i] == '/' {
		t.kind = xmlEnd
		i++
	}
	start := i
	for i < len(text) && !xmlSpace(text[i]) && text[i] != '>' && text[i] != '/' {
		i++
	}
	t.name = xmlLocal(text[start:i])
	for i < len(text) {
		switch c := text[i]; {
		case c == '>':
			return t, i + 1, t.name != ""
		case c == '/' && i+1 < len(text) && text[i+1] == '>':
			t.end = true
			return t, i + 2, t.name != ""
		case xmlSpace(c) || c == '/':
			i++
		default:
			var a xmlAttribute
			a, i = xmlAttr(text, i)
			if t.kind == xmlStart && a.name != "" && len(t.attrs) < 32 {
				t.attrs = append(t.attrs, a)
			}
		}
	}
	return t, len(text), false // an unclosed tag ends the text
}

// xmlAttr reads name="value" (or 'value', or an unquoted value, or a name
// alone) from i: the attribute and the offset past it.
func xmlAttr(text string, i int) (xmlAttribute, int) {
	start := i
	for i < len(text) && !xmlSpace(text[i]) && text[i] != '=' && text[i] != '>' && text[i] != '/' {
		i++
	}
	a := xmlAttribute{name: xmlLocal(text[start:i])}
	if i == start {
		return a, i + 1 // a stray character: passed over
	}
	j := i
	for j < len(text) && xmlSpace(text[j]) {
		j++
	}
	if j >= len(text) || text[j] != '=' {
		return a, i
	}
	j++
	for j < len(text) && xmlSpace(text[j]) {
		j++
	}
	if j < len(text) && (text[j] == '"' || text[j] == '\'') {
		end := strings.IndexByte(text[j+1:], text[j])
		if end < 0 {
			return a, len(text)
		}
		// a literal tab or line break in a value is a blank (XML's
		// normalisation); one written &#10; stays what it is
		a.value = xmlUnescape(strings.Map(attrBlank, strings.ReplaceAll(text[j+1:j+1+end], "\r\n", "\n")))
		return a, j + 1 + end + 1
	}
	start = j
	for j < len(text) && !xmlSpace(text[j]) && text[j] != '>' {
		j++
	}
	a.value = xmlUnescape(text[start:j])
	return a, j
}

// attrBlank is the blank a literal tab or line break in an attribute's
// value becomes (a \r\n pair is one, made \n by the caller).
func attrBlank(r rune) rune {
	if r == '\t' || r == '\n' || r == '\r' {
		return ' '
	}
	return r
}

func xmlSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// xmlLocal is a name without its namespace prefix (pom:executable).
func xmlLocal(name string) string {
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// xmlEntity is what one of the five entities XML defines stands for.
func xmlEntity(name string) (string, bool) {
	switch name {
	case "amp":
		return "&", true
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "quot":
		return `"`, true
	case "apos":
		return "'", true
	}
	return "", false
}

// xmlUnescape decodes s's entity and character references; one it does
// not know is left as written.
func xmlUnescape(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	var b strings.Builder
	for {
		amp := strings.IndexByte(s, '&')
		if amp < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:amp])
		s = s[amp:]
		semi := strings.IndexByte(s, ';')
		if semi < 0 || semi > 12 {
			b.WriteByte('&')
			s = s[1:]
			continue
		}
		ref := s[1:semi]
		if v, ok := xmlEntity(ref); ok {
			b.WriteString(v)
		} else if r, ok := xmlCharRef(ref); ok {
			b.WriteRune(r)
		} else {
			b.WriteString(s[:semi+1])
		}
		s = s[semi+1:]
	}
}

// xmlCharRef is the character #NN or #xHH stands for.
func xmlCharRef(ref string) (rune, bool) {
	num, ok := strings.CutPrefix(ref, "#")
	if !ok || num == "" {
		return 0, false
	}
	base := 10
	if hex, ok := strings.CutPrefix(num, "x"); ok {
		num, base = hex, 16
	}
	n, err := strconv.ParseUint(num, base, 32)
	if err != nil || num == "" || num[0] == '+' || num[0] == '-' || !utf8.ValidRune(rune(n)) {
		return 0, false
	}
	return rune(n), true
}
