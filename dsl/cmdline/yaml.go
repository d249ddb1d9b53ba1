package cmdline

import "strings"

// A reader of the YAML that compose files are written in, without a YAML
// library: block mappings and sequences by indentation, plain and quoted
// scalars, | and > block scalars, one-line flow sequences and mappings
// ([a, "b c"], {a: b}), comments, anchors, aliases and << merges. What it
// does not read (multi-line quoted scalars, tags, complex keys) is read
// as a scalar or left out.

// yamlNode is a scalar, a sequence (seq) or a mapping (keys in order,
// vals); nil for a key a mapping does not have.
type yamlNode struct {
	scalar string
	quoted bool // the scalar was quoted ("" is then a value, not null)
	seq    []*yamlNode
	keys   []string
	vals   map[string]*yamlNode
}

// get is a mapping's value of key; nil for none.
func (n *yamlNode) get(key string) *yamlNode {
	if n == nil || n.vals == nil {
		return nil
	}
	return n.vals[key]
}

// text is a scalar's value, "" for anything else.
func (n *yamlNode) text() string {
	if n == nil {
		return ""
	}
	return n.scalar
}

// list is a sequence's items, or a scalar as a list of one.
func (n *yamlNode) list() []*yamlNode {
	switch {
	case n == nil:
		return nil
	case n.seq != nil:
		return n.seq
	case n.vals == nil && n.scalar != "":
		return []*yamlNode{n}
	}
	return nil
}

// keySet is a mapping's keys, in order.
func (n *yamlNode) keySet() []string {
	if n == nil {
		return nil
	}
	return n.keys
}

func (n *yamlNode) set(key string, v *yamlNode) {
	if n.vals == nil {
		n.vals = map[string]*yamlNode{}
	}
	if _, ok := n.vals[key]; !ok {
		n.keys = append(n.keys, key)
	}
	n.vals[key] = v
}

// mergeYAML is a over b: a copy of mapping a with b's keys set over its
// own (a later compose file's service over an earlier one's).
func mergeYAML(a, b *yamlNode) *yamlNode {
	if a == nil || a.vals == nil || b == nil || b.vals == nil {
		return b
	}
	m := &yamlNode{}
	for _, k := range a.keys {
		m.set(k, a.vals[k])
	}
	for _, k := range b.keys {
		m.set(k, b.vals[k])
	}
	return m
}

// maxYAMLDepth bounds the nesting of the nodes read, maxFlowLines the
// lines of one flow node.
const (
	maxYAMLDepth = 32
	maxFlowLines = 64
)

type yamlReader struct {
	lines   []string
	i       int
	anchors map[string]*yamlNode
	started bool // a line of the document was read
}

// parseYAML reads text's first document; nil when it holds none.
func parseYAML(text string) *yamlNode {
	r := &yamlReader{lines: strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), anchors: map[string]*yamlNode{}}
	return r.node(0, 0)
}

// peek is the next line that holds something, its indentation and text
// (a comment taken off); ok is false at the end or at a document's end.
func (r *yamlReader) peek() (indent int, text string, ok bool) {
	for ; r.i < len(r.lines); r.i++ {
		l := r.lines[r.i]
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") || !r.started && t == "---" {
			continue
		}
		if t == "---" || t == "..." {
			return 0, "", false
		}
		r.started = true
		return len(l) - len(strings.TrimLeft(l, " ")), stripComment(strings.TrimRight(l, " \t"))[len(l)-len(strings.TrimLeft(l, " ")):], true
	}
	return 0, "", false
}

// stripComment is l without a # comment: one after a space, outside quotes.
func stripComment(l string) string {
	var quote byte
	for i := 0; i < len(l); i++ {
		switch ch := l[i]; {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '\'' || ch == '"':
			if i == 0 || l[i-1] == ' ' || strings.IndexByte("[{,:-", l[i-1]) >= 0 {
				quote = ch
			}
		case ch == '#' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t'):
			return strings.TrimRight(l[:i], " \t")
		}
	}
	return l
}

// node reads the block node whose lines are indented at least min.
func (r *yamlReader) node(min, depth int) *yamlNode {
	indent, text, ok := r.peek()
	if !ok || indent < min || depth > maxYAMLDepth {
		return nil
	}
	if text == "-" || strings.HasPrefix(text, "- ") {
		return r.sequence(indent, depth)
	}
	return r.mapping(indent, depth)
}

// sequence reads the items of a block sequence at indent.
func (r *yamlReader) sequence(indent, depth int) *yamlNode {
	n := &yamlNode{seq: []*yamlNode{}}
	for {
		in, text, ok := r.peek()
		if !ok || in != indent || !(text == "-" || strings.HasPrefix(text, "- ")) {
			return n
		}
		rest := strings.TrimLeft(text[1:], " ")
		var item *yamlNode
		switch _, _, isKey := splitYAMLKey(rest); {
		case rest == "":
			r.i++
			item = r.node(indent+1, depth+1)
		case isKey && !strings.HasPrefix(rest, "&") && !strings.HasPrefix(rest, "*"):
			// - key: value starts a mapping at the key's column
			at := indent + len(text) - len(rest)
			r.lines[r.i] = strings.Repeat(" ", at) + rest
			item = r.mapping(at, depth+1)
		default:
			r.i++
			item = r.value(rest, indent, depth+1)
		}
		if item == nil {
			item = &yamlNode{}
		}
		n.seq = append(n.seq, item)
	}
}

// mapping reads the entries of a block mapping at indent.
func (r *yamlReader) mapping(indent, depth int) *yamlNode {
	n := &yamlNode{vals: map[string]*yamlNode{}}
	for {
		in, text, ok := r.peek()
		if !ok || in != indent || text == "-" || strings.HasPrefix(text, "- ") {
			return n
		}
		key, val, isKey := splitYAMLKey(text)
		r.i++
		if !isKey {
			continue
		}
		v := r.value(val, indent, depth+1)
		if key == "<<" {
			for _, m := range append([]*yamlNode{v}, v.list()...) {
				for _, k := range m.keySet() {
					if _, ok := n.vals[k]; !ok {
						n.set(k, m.vals[k])
					}
				}
			}
			continue
		}
		if v == nil {
			v = &yamlNode{}
		}
		n.set(key, v)
	}
}

// value reads the value of a key or a sequence item at indent: val on its
// line, or the block below it.
func (r *yamlReader) value(val string, indent, depth int) *yamlNode {
	if depth > maxYAMLDepth {
		return nil
	}
	anchor := ""
	if strings.HasPrefix(val, "&") {
		anchor, val, _ = strings.Cut(val[1:], " ")
		val = strings.TrimSpace(val)
	}
	var n *yamlNode
	switch {
	case strings.HasPrefix(val, "*"):
		n = r.anchors[val[1:]]
	case strings.HasPrefix(val, "!"): // a tag: !reset, !override
		_, val, _ = strings.Cut(val, " ")
		n = r.value(strings.TrimSpace(val), indent, depth+1)
	case val == "":
		in, text, ok := r.peek()
		switch {
		case ok && in > indent:
			n = r.node(indent+1, depth+1)
		case ok && in == indent && (text == "-" || strings.HasPrefix(text, "- ")):
			n = r.sequence(indent, depth+1) // a sequence under its key, not indented
		default:
			n = &yamlNode{}
		}
	case val[0] == '|' || val[0] == '>':
		n = &yamlNode{scalar: r.blockScalar(indent, val[0] == '>'), quoted: true}
	case val[0] == '[' || val[0] == '{':
		for j := 0; j < maxFlowLines && strings.Count(val, val[:1]) > strings.Count(val, flowClose(val[0])) && r.i < len(r.lines); j++ {
			val += " " + strings.TrimSpace(r.lines[r.i]) // a flow node over several lines
			r.i++
		}
		n = flowYAML(val)
	default:
		n = yamlScalar(val)
	}
	if anchor != "" && n != nil {
		r.anchors[anchor] = n
	}
	return n
}

func flowClose(open byte) string {
	if open == '[' {
		return "]"
	}
	return "}"
}

// blockScalar reads the lines of a | or > scalar below a key at indent.
func (r *yamlReader) blockScalar(indent int, folded bool) string {
	var lines []string
	at := -1
	for ; r.i < len(r.lines); r.i++ {
		l := r.lines[r.i]
		t := strings.TrimSpace(l)
		in := len(l) - len(strings.TrimLeft(l, " "))
		if t != "" && in <= indent {
			break
		}
		if at < 0 && t != "" {
			at = in
		}
		if at >= 0 && len(l) >= at {
			l = l[at:]
		} else {
			l = t
		}
		lines = append(lines, l)
	}
	sep := "\n"
	if folded {
		sep = " "
	}
	return strings.TrimRight(strings.Join(lines, sep), " \n")
}

// splitYAMLKey splits key: value, the key unquoted; ok is false for a
// line that is no mapping entry (a colon inside quotes or not followed by
// a space).
func splitYAMLKey(text string) (key, val string, ok bool) {
	if text == "" || text[0] == '[' || text[0] == '{' {
		return "", "", false
	}
	var quote byte
	for i := 0; i < len(text); i++ {
		switch ch := text[i]; {
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case (ch == '\'' || ch == '"') && i == 0:
			quote = ch
		case ch == ':' && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t'):
			return yamlScalar(text[:i]).scalar, strings.TrimSpace(text[i+1:]), true
		}
	}
	return "", "", false
}

// yamlScalar is a scalar's value, its quotes taken off.
func yamlScalar(v string) *yamlNode {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return &yamlNode{scalar: strings.ReplaceAll(v[1:len(v)-1], "''", "'"), quoted: true}
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' && i+1 < len(v) {
				i++
				switch v[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(v[i])
				}
				continue
			}
			b.WriteByte(v[i])
		}
		return &yamlNode{scalar: b.String(), quoted: true}
	}
	if v == "~" || v == "null" {
		v = ""
	}
	return &yamlNode{scalar: v}
}

// flowYAML reads a one-line flow sequence or mapping; nested ones are
// read as their text.
func flowYAML(v string) *yamlNode {
	open := v[0]
	v = strings.TrimSpace(v[1:])
	v = strings.TrimSuffix(v, flowClose(open))
	var parts []string
	var quote byte
	level, start := 0, 0
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' {
				i++
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '[' || ch == '{':
			level++
		case ch == ']' || ch == '}':
			level--
		case ch == ',' && level == 0:
			parts = append(parts, v[start:i])
			start = i + 1
		}
	}
	parts = append(parts, v[start:])
	n := &yamlNode{}
	if open == '[' {
		n.seq = []*yamlNode{}
	}
	for _, p := range parts {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		if open == '[' {
			n.seq = append(n.seq, yamlScalar(p))
			continue
		}
		if key, val, ok := splitYAMLKey(p); ok {
			n.set(key, yamlScalar(val))
		}
	}
	if open == '{' && n.vals == nil {
		n.vals = map[string]*yamlNode{}
	}
	return n
}
