package injection

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/redact"
)

// MaxSize is the most of one file that is scanned; the rest is reported
// as not scanned (an ask), never silently passed.
const MaxSize = 8 << 20

var maxSize = MaxSize // lowered by tests

// A Finding is one carrier at one place.
type Finding struct {
	File    string    `json:"file"`
	Line    int       `json:"line"`
	Col     int       `json:"col"`
	Rule    string    `json:"rule"`
	Level   dsl.Level `json:"level"`
	Message string    `json:"message"`
	Excerpt string    `json:"excerpt,omitempty"` // the text, sanitized and shortened
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s %s: %s", f.File, f.Line, f.Col, f.Level, f.Rule, f.Message)
}

// Scanner scans texts. It is safe for concurrent use.
type Scanner struct {
	guard func() (*hguard.Guard, error)
}

// New returns a Scanner that decides urged commands with g; nil means the
// built-in rules only.
func New(g *hguard.Guard) *Scanner {
	if g != nil {
		return &Scanner{guard: func() (*hguard.Guard, error) { return g, nil }}
	}
	return &Scanner{guard: sync.OnceValues(func() (*hguard.Guard, error) { return hguard.New(hguard.Options{}) })}
}

// Verdict is the strictest level among fs (Allow when fs is empty).
func Verdict(fs []Finding) dsl.Level {
	l := dsl.Allow
	for _, f := range fs {
		l = max(l, f.Level)
	}
	return l
}

// Reader scans up to MaxSize bytes from r, named name in the findings.
func (s *Scanner) Reader(name string, r io.Reader) ([]Finding, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(maxSize)+1))
	if err != nil {
		return nil, err
	}
	var fs []Finding
	if len(data) > maxSize {
		data = data[:maxSize]
		fs = append(fs, Finding{File: name, Line: 1, Col: 1, Rule: "too-large", Level: dsl.Ask,
			Message: fmt.Sprintf("only the first %d bytes were scanned", maxSize)})
	}
	return append(s.Scan(name, data), fs...), nil
}

// Scan scans one text, named name in the findings, and returns the
// findings in the order of their place in the text.
func (s *Scanner) Scan(name string, data []byte) []Finding {
	t := &text{name: name, orders: InstructionFile(name), data: data, lower: bytes.ToLower(data)}
	for i, b := range data {
		if b == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	t.starts = append([]int{0}, t.starts...)
	t.unicode()
	t.markup(s)
	t.phrases()
	t.commands(s)
	slices.SortStableFunc(t.found, func(a, b Finding) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	// A command in a hidden comment that also urges is found twice.
	return slices.CompactFunc(t.found, func(a, b Finding) bool {
		return a.Line == b.Line && a.Col == b.Col && a.Rule == b.Rule
	})
}

// text is one text being scanned.
type text struct {
	name string
	// orders says the text is an agents' instruction file, whose every
	// command is an order: those an agent would be blocked for are
	// reported though nothing urges them.
	orders bool
	data   []byte
	lower  []byte // data in lower case, for cheap keyword tests before a regexp
	starts []int  // offset of each line's first byte
	found  []Finding
}

// pos turns a byte offset into a 1-based line and column.
func (t *text) pos(off int) (int, int) {
	i, ok := slices.BinarySearch(t.starts, off)
	if !ok {
		i--
	}
	return i + 1, off - t.starts[i] + 1
}

func (t *text) add(off int, rule string, level dsl.Level, msg, excerpt string) {
	line, col := t.pos(off)
	t.found = append(t.found, Finding{File: t.name, Line: line, Col: col, Rule: rule, Level: level, Message: msg, Excerpt: short(excerpt)})
}

// has reports whether line (at offset off) holds one of words, in any case.
func (t *text) has(off int, line []byte, words ...string) bool {
	l := t.lower[off : off+len(line)]
	if len(t.lower) != len(t.data) {
		l = bytes.ToLower(line) // lower-casing changed some lengths
	}
	for _, w := range words {
		if bytes.Contains(l, []byte(w)) {
			return true
		}
	}
	return false
}

// lines calls f with each line and its offset.
func (t *text) lines(f func(off int, line []byte)) {
	for i, start := range t.starts {
		end := len(t.data)
		if i+1 < len(t.starts) {
			end = t.starts[i+1]
		}
		f(start, bytes.TrimRight(t.data[start:end], "\r\n"))
	}
}

// short makes an excerpt safe to print and to hand to an agent.
func short(s string) string {
	s = strings.Join(strings.Fields(redact.Sanitize(s)), " ")
	if len(s) > 100 {
		cut := 97
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// InstructionFile reports whether a path is one of the files coding agents
// read as standing instructions (dsl.InstructionFile).
func InstructionFile(path string) bool { return dsl.InstructionFile(path) }

// ContextFile reports whether a file name is one that agents load into
// their context, and so is scanned when hguard scan walks a directory.
func ContextFile(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	switch filepath.Ext(base) {
	case ".md", ".mdc", ".mdx", ".markdown":
		return true
	}
	switch base {
	case ".cursorrules", ".windsurfrules", ".clinerules", ".goosehints", "agents.txt",
		".mcp.json", "mcp.json", "mcp_settings.json", "claude_desktop_config.json":
		return true
	}
	return false
}
