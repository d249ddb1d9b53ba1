package redact

import (
	"bytes"
	"io"
	"slices"
	"sync"
)

// MaxLine is the longest piece of a line redacted at once. Longer lines are
// cut (see the package documentation); memory stays bounded.
const MaxLine = 256 << 10

// A Finding is one secret that was masked.
type Finding struct {
	Rule   string `json:"rule"`
	Offset int64  `json:"offset"` // byte offset of the secret in the input
	Len    int    `json:"len"`    // its length in bytes
	Mask   string `json:"mask"`   // what replaced it
}

// Redactor masks secrets. It is safe for concurrent use.
type Redactor struct {
	patterns []*Pattern
	ac       *automaton
	pkey     int // index of the private-key pattern
}

// New returns a Redactor with the built-in patterns.
func New() *Redactor {
	r := &Redactor{patterns: builtin(), pkey: -1}
	for i, p := range r.patterns {
		if p.ID == privateKeyID {
			r.pkey = i
		}
	}
	r.ac = builtinAutomaton // newAutomaton(r.patterns), generated
	return r
}

// Patterns lists the redactor's patterns, most specific first.
func (r *Redactor) Patterns() []*Pattern { return slices.Clone(r.patterns) }

var std = sync.OnceValue(New)

// String masks the secrets in s with the built-in patterns. Text with no
// pattern's keyword is returned before the patterns are built: most of what
// one hguard process redacts (a command line for the audit log) has none,
// and building them cost about 1% of a check.
func String(s string) string {
	if !builtinAutomaton.any([]byte(s)) {
		return s
	}
	return std().String(s)
}

// Bytes masks the secrets in b with the built-in patterns; b is returned
// unchanged, not copied, when it holds none (the patterns are then not
// built, as for String).
func Bytes(b []byte) []byte {
	if !builtinAutomaton.any(b) {
		return b
	}
	return std().Bytes(b)
}

// Find reports the secrets in s without masking anything.
func Find(s string) []Finding { return std().Find(s) }

// Copy streams src to dst with the secrets masked, line by line in
// constant memory, and returns how many secrets it masked.
func Copy(dst io.Writer, src io.Reader) (int, error) { return std().Copy(dst, src) }

// String masks the secrets in s.
func (r *Redactor) String(s string) string {
	if !r.any([]byte(s)) {
		return s
	}
	return string(r.Bytes([]byte(s)))
}

// Bytes masks the secrets in b; b is returned unchanged when it holds none.
func (r *Redactor) Bytes(b []byte) []byte {
	if !r.any(b) {
		return b
	}
	e := r.engine(nil, false)
	e.lines(b)
	e.finish()
	return e.out
}

// Find reports the secrets in s without masking anything.
func (r *Redactor) Find(s string) []Finding {
	b := []byte(s)
	if !r.any(b) {
		return nil
	}
	e := r.engine(nil, true)
	e.lines(b)
	e.finish()
	return e.found
}

// any reports whether some pattern could match somewhere in b.
func (r *Redactor) any(b []byte) bool { return r.ac.any(b) }

// tailFits reports whether a mask ending at end may show the secret's
// last bytes: only where what follows cannot continue them. Otherwise
// the shown tail and the text after it could read as a new secret (or a
// keyword, "…secr"+"et:x"), and masking the output again would change it.
func (r *Redactor) tailFits(body []byte, end int) bool {
	if end == len(body) {
		return true
	}
	c := body[end]
	return !isWord(c) && r.ac.class[c] == 0
}

// Copy streams src to dst with the secrets masked and returns how many it
// masked. Lines are processed as they complete; a line longer than MaxLine
// is processed in pieces.
func (r *Redactor) Copy(dst io.Writer, src io.Reader) (int, error) {
	e := r.engine(dst, false)
	buf := make([]byte, 2*MaxLine)
	start, end := 0, 0
	eof := false
	for {
		for {
			i := bytes.IndexByte(buf[start:end], '\n')
			if i < 0 {
				break
			}
			e.line(buf[start : start+i+1])
			start += i + 1
		}
		if end-start >= MaxLine {
			n := cut(buf[start : start+MaxLine])
			e.line(buf[start : start+n])
			start += n
			continue
		}
		if eof {
			if start < end {
				e.line(buf[start:end])
			}
			e.finish()
			return e.count, e.err
		}
		if e.err != nil {
			return e.count, e.err
		}
		end = copy(buf, buf[start:end])
		start = 0
		e.flush() // before a read that may wait: a live stream is not held back
		n, err := src.Read(buf[end:])
		end += n
		switch {
		case err == io.EOF:
			eof = true
		case err != nil:
			e.line(buf[start:end]) // what was read is passed on, redacted
			e.finish()
			return e.count, err
		}
	}
}

// cut chooses where to end a piece of an over-long line: after the last
// space, quote or separator in its final 4 KiB, so a token is not split,
// else at its end.
func cut(b []byte) int {
	lo := max(0, len(b)-4096)
	if i := bytes.LastIndexAny(b[lo:], " \t\"',;<>()[]{}|&"); i >= 0 {
		return lo + i + 1
	}
	return len(b)
}

// engine redacts a sequence of lines, keeping the state that spans lines
// (inside a private key block).
type engine struct {
	r       *Redactor
	dst     io.Writer // nil: keep everything in out
	out     []byte
	err     error
	collect bool
	found   []Finding
	count   int
	off     int64 // input offset of the next line

	inKey    bool
	keyStart int64
	dropped  int
	keyTerm  []byte // terminator of the last dropped line
	matches  []match
	hits     []hit
	taken    []bool // per byte of the line: inside a kept match
}

type match struct {
	start, end int
	pat        int
	mask       []byte
}

func (r *Redactor) engine(dst io.Writer, collect bool) *engine {
	e := &engine{r: r, dst: dst, collect: collect}
	if dst != nil {
		e.out = make([]byte, 0, 64<<10)
	}
	return e
}

func (e *engine) lines(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			e.line(b)
			return
		}
		e.line(b[:i+1])
		b = b[i+1:]
	}
}

func (e *engine) finish() {
	e.endKey()
	e.flush()
}

func (e *engine) flush() {
	if e.dst == nil || len(e.out) == 0 || e.err != nil {
		return
	}
	_, e.err = e.dst.Write(e.out)
	e.out = e.out[:0]
}

func (e *engine) emit(b []byte) {
	e.out = append(e.out, b...)
	if e.dst != nil && len(e.out) >= 64<<10 {
		e.flush()
	}
}

// line redacts one line, given with its newline if it has one.
func (e *engine) line(l []byte) {
	defer func() { e.off += int64(len(l)) }()
	body, term := l, l[len(l):]
	if n := len(l); n > 0 && l[n-1] == '\n' {
		body, term = l[:n-1], l[n-1:]
	}
	if e.inKey {
		switch keyLine(body) {
		case keyBase64:
			if e.dropped == 0 {
				e.keyStart = e.off
			}
			e.dropped += len(l)
			e.keyTerm = append(e.keyTerm[:0], term...) // a copy: the reader reuses the line buffer
			return
		case keyPreamble:
			if e.dropped == 0 {
				break // armor headers and the blank line before the body stay
			}
			e.endKey()
		default:
			e.endKey()
		}
	}
	hits := e.r.ac.find(body, e.hits[:0])
	e.hits = hits
	if len(hits) == 0 {
		e.emit(l)
		return
	}
	ms := e.matches[:0]
	keyHit := false
	// covered[p] is where pattern p's last match ends: later hits inside
	// it are skipped, which also keeps a line full of keywords linear.
	var covered [64]int
	try := func(h hit) (match, bool) {
		p := e.r.patterns[h.pat]
		if p.wordStart && h.start > 0 && isWord(body[h.start-1]) || p.before != nil && !p.before(body, h.start) {
			return match{}, false
		}
		win := p.window
		if win == 0 {
			win = 512
		}
		idx := p.Regexp().FindSubmatchIndex(body[h.start:min(len(body), h.start+win)])
		s, t := -1, -1
		for g := p.Group; 2*g+1 < len(idx); g++ {
			if idx[2*g] >= 0 {
				s, t = h.start+idx[2*g], h.start+idx[2*g+1]
				break
			}
		}
		if s < 0 || s == t || p.Valid != nil && !p.Valid(body[s:t]) {
			return match{}, false
		}
		return match{start: s, end: t, pat: h.pat}, true
	}
	for _, h := range hits {
		if h.pat == e.r.pkey {
			keyHit = true
		}
		if h.start < covered[h.pat] {
			continue
		}
		covered[h.pat] = h.start + 1 // tried here; a second keyword at this place adds nothing
		if m, ok := try(h); ok {
			ms = append(ms, m)
			covered[h.pat] = m.end
		}
	}
	if keyHit {
		ms = e.openKey(body, ms)
	}
	e.matches = ms
	if len(ms) == 0 {
		e.emit(l)
		return
	}
	// Earlier patterns win overlaps; then write left to right.
	if cap(e.taken) < len(body) {
		e.taken = make([]bool, len(body))
	}
	taken := e.taken[:len(body)]
	kept := resolve(ms, taken)
	// A match that lost to an earlier pattern may have hidden hits of its
	// own pattern (TOKEN=a…!TOKEN=b: the first value spans the second
	// assignment). Those are tried once more, outside what was kept, so
	// that one pass masks everything a second pass would.
	var retried []match
	for _, m := range ms {
		if slices.ContainsFunc(kept, func(k match) bool { return k.start == m.start && k.end == m.end && k.pat == m.pat }) {
			continue
		}
		for _, h := range hits {
			if h.pat != m.pat || h.start <= m.start || h.start >= m.end || taken[h.start] {
				continue
			}
			if r, ok := try(h); ok && !slices.Contains(taken[r.start:r.end], true) {
				retried = append(retried, r)
				for i := r.start; i < r.end; i++ {
					taken[i] = true
				}
			}
		}
	}
	kept = append(kept, retried...)
	slices.SortFunc(kept, func(a, b match) int { return a.start - b.start })
	pos := 0
	for _, m := range kept {
		p := e.r.patterns[m.pat]
		masked := m.mask
		if masked == nil {
			masked = p.mask(body[m.start:m.end], e.r.tailFits(body, m.end))
		}
		e.emit(body[pos:m.start])
		e.emit(masked)
		pos = m.end
		e.count++
		if e.collect {
			e.found = append(e.found, Finding{Rule: p.ID, Offset: e.off + int64(m.start), Len: m.end - m.start, Mask: string(masked)})
		}
	}
	e.emit(body[pos:])
	e.emit(term)
}

var beginKey = lazyRegexp(`-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----`)
var endKey = lazyRegexp(`-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----`)

// openKey handles a BEGIN line whose block does not end on the same line:
// the rest of the line is masked and the following body lines are dropped.
func (e *engine) openKey(body []byte, ms []match) []match {
	locs := beginKey().FindAllIndex(body, -1)
	if len(locs) == 0 {
		return ms
	}
	last := locs[len(locs)-1]
	if endKey().Match(body[last[1]:]) {
		return ms // a one-line block, matched by the pattern
	}
	e.inKey, e.dropped = true, 0
	rest := body[last[1]:]
	if len(bytes.TrimSpace(rest)) >= 4 && notMasked(bytes.TrimSpace(rest)) {
		ms = append(ms, match{start: last[1], end: len(body), pat: e.r.pkey, mask: []byte(ellipsis)})
	}
	return ms
}

// endKey leaves a private key block. The dropped body becomes one line,
// "…", or "*" when that is all the room there is: never longer than what
// it replaces, and never mistaken for key body when redacted again.
func (e *engine) endKey() {
	if !e.inKey {
		return
	}
	e.inKey = false
	if e.dropped == 0 {
		return
	}
	var marker []byte
	switch {
	case len(ellipsis)+len(e.keyTerm) <= e.dropped:
		marker = append([]byte(ellipsis), e.keyTerm...)
	case 1+len(e.keyTerm) <= e.dropped:
		marker = append([]byte("*"), e.keyTerm...)
	default:
		marker = []byte("*")
	}
	e.emit(marker)
	e.count++
	if e.collect {
		e.found = append(e.found, Finding{Rule: privateKeyID, Offset: e.keyStart, Len: e.dropped, Mask: string(marker)})
	}
	e.dropped = 0
}

type keyLineKind int

const (
	keyOther    keyLineKind = iota
	keyBase64               // a line of the key's base64 body
	keyPreamble             // an armor header (Proc-Type:, Comment:) or the blank line before the body
)

// keyLine classifies a line inside a private key block.
func keyLine(body []byte) keyLineKind {
	t := bytes.TrimSpace(body)
	if len(t) == 0 {
		return keyPreamble
	}
	if i := bytes.Index(t, []byte(": ")); i > 0 && bytes.IndexFunc(t[:i], func(r rune) bool {
		return !('A' <= r && r <= 'Z' || 'a' <= r && r <= 'z' || r == '-')
	}) < 0 {
		return keyPreamble
	}
	for _, c := range t {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=') {
			return keyOther
		}
	}
	return keyBase64
}

// resolve keeps, of overlapping matches, the one of the earlier pattern,
// marking in taken the bytes the kept matches cover.
func resolve(ms []match, taken []bool) []match {
	slices.SortStableFunc(ms, func(a, b match) int { return a.pat - b.pat })
	clear(taken)
	var kept []match
	for _, m := range ms {
		if !slices.Contains(taken[m.start:m.end], true) {
			kept = append(kept, m)
			for i := m.start; i < m.end; i++ {
				taken[i] = true
			}
		}
	}
	return kept
}
