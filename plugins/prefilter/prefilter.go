// Package prefilter is a detector's declaration of what it inspects, so
// that a line holding none of it is never sent to the detector: the host
// (hguard-plugins) applies a running detector's declaration before each
// call, and hguard itself applies tirith's recorded one before it would
// start hguard-plugins for a check at all.
//
// A declaration may only ever skip lines the detector cannot flag; when in
// doubt a line is inspected. Any byte outside printable ASCII is inspected
// when the declaration asks for it, so the patterns only ever meet
// printable ASCII, where Go's RE2 and Rust's regex (tirith's) agree on
// \b, \s, \d and \w.
//
// It imports only the standard library: hguard links it.
package prefilter

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// Spec is what a detector declares (plugins.Description.Prefilter).
type Spec struct {
	// Patterns are RE2 regular expressions: a line any of them matches is
	// inspected. They are matched against the line as typed and against
	// its shell views (quotes and backslashes removed, $IFS as a space), so
	// that c"ur"l or c\url is seen as curl.
	Patterns []string `json:"patterns"`
	// Bytes: a line with any byte outside printable ASCII (a control
	// character, an escape, a non-ASCII letter) is inspected.
	Bytes bool `json:"bytes"`
	// Source says where the patterns came from, for people (for tirith:
	// its binary's own tier-1 pattern).
	Source string `json:"source,omitempty"`
}

// Filter is a compiled Spec. The nil Filter inspects every line.
type Filter struct {
	res   []*regexp.Regexp
	bytes bool
}

// maxPatterns and maxPatternLen bound a declaration: a detector that
// declares more is inspecting everything anyway.
const (
	maxPatterns   = 256
	maxPatternLen = 64 << 10
)

// Compile checks and compiles a Spec. A Spec with no pattern is an error:
// it would skip every line, which no detector can mean.
func (s *Spec) Compile() (*Filter, error) {
	if s == nil {
		return nil, nil
	}
	if len(s.Patterns) == 0 {
		return nil, errors.New("prefilter declares no pattern")
	}
	if len(s.Patterns) > maxPatterns {
		return nil, fmt.Errorf("prefilter declares %d patterns (at most %d)", len(s.Patterns), maxPatterns)
	}
	f := &Filter{bytes: s.Bytes}
	for i, p := range s.Patterns {
		if len(p) > maxPatternLen {
			return nil, fmt.Errorf("prefilter pattern %d is longer than %d bytes", i+1, maxPatternLen)
		}
		re, err := regexp.Compile(p)
		if err != nil {
			return nil, fmt.Errorf("prefilter pattern %d: %v", i+1, err)
		}
		if re.MatchString("") {
			return nil, fmt.Errorf("prefilter pattern %d matches the empty line: it would match every line, declare no prefilter instead", i+1)
		}
		f.res = append(f.res, re)
	}
	return f, nil
}

// Inspects reports whether the detector must see line.
func (f *Filter) Inspects(line string) bool {
	if f == nil {
		return true
	}
	if f.bytes && !printableASCII(line) {
		return true
	}
	// $'…' and $"…" spell characters by escapes (\x63 is c): what they
	// spell is not in the text, so such a line is always inspected.
	if strings.Contains(line, "$'") || strings.Contains(line, `$"`) {
		return true
	}
	for _, v := range views(line) {
		for _, re := range f.res {
			if re.MatchString(v) {
				return true
			}
		}
	}
	return false
}

// printableASCII reports whether s holds only bytes 0x20–0x7e.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// ifs is how a shell line spells a space without one.
var ifs = strings.NewReplacer("${IFS}", " ", "$IFS", " ")

// views is the line as typed and as a shell reads its words: quotes and
// backslashes removed (c"ur"l, c\url, 'cu”rl' are curl), $IFS a space.
// Removing quotes can join two words ('a'"b"), which only makes more
// lines match: a view never hides anything the line as typed shows.
func views(line string) []string {
	out := []string{line}
	stripped := strings.Map(func(r rune) rune {
		switch r {
		case '\'', '"', '\\':
			return -1
		}
		return r
	}, line)
	if stripped != line {
		out = append(out, stripped)
	}
	if spaced := ifs.Replace(stripped); spaced != stripped {
		out = append(out, spaced)
	}
	return out
}
