package redact

import (
	"bytes"
	"math"
	"regexp"
)

// anchored compiles a pattern's expression to match only where a keyword
// starts: matching at a known place is much cheaper than searching a line.
func anchored(expr string) func() *regexp.Regexp {
	return lazyRegexp(`^(?:` + expr + `)`)
}

func isWord(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// A Pattern recognises one kind of secret.
type Pattern struct {
	ID          string
	Description string
	// Keywords prefilter lines: the pattern only runs on a line holding one
	// of them. A keyword without upper-case letters matches in any case.
	Keywords []string
	// Regexp finds the secret, anchored where a keyword starts; Group is
	// the first submatch that may hold it, and the first participating
	// submatch from Group on is masked. It is compiled the first time a
	// line holds one of the keywords: most text never needs it.
	Regexp func() *regexp.Regexp
	Group  int
	// wordStart requires that the keyword not continue a word (\b before it).
	wordStart bool
	// before, if set, checks the text before the keyword.
	before func(line []byte, start int) bool
	// window bounds how far past the keyword a match may reach (default 512).
	window int
	// Prefixes are kept in the mask when the secret starts with one (the
	// longest wins): they say what kind of secret it was.
	Prefixes []string
	// Tail keeps the last four characters of a long random token, so that
	// a person can tell which token it was.
	Tail bool
	// Valid, if set, rejects matches that are not secrets (low entropy,
	// placeholders, references).
	Valid func(secret []byte) bool
	// Examples are checked by the tests: every Match example holds a secret
	// of this kind, no NoMatch example does.
	Examples Examples
}

// Examples are texts that a pattern must and must not match.
type Examples struct {
	Match, NoMatch []string
}

// mask replaces secret by its kept prefix, "…" and, for a long random
// token, its last four bytes when tail allows. The mask is never longer
// than the secret.
func (p *Pattern) mask(secret []byte, tail bool) []byte {
	keep := 0
	for _, pre := range p.Prefixes {
		if len(pre) > keep && bytes.HasPrefix(secret, []byte(pre)) {
			keep = len(pre)
		}
	}
	m := make([]byte, 0, keep+len(ellipsis)+4)
	m = append(m, secret[:keep]...)
	m = append(m, ellipsis...)
	if tail && p.Tail && len(secret)-keep >= 16 {
		m = append(m, secret[len(secret)-4:]...)
	}
	if len(m) >= len(secret) {
		return bytes.Repeat([]byte{'*'}, len(secret))
	}
	return m
}

const ellipsis = "…"

// entropy is the Shannon entropy of b in bits per byte.
func entropy(b []byte) float64 {
	var counts [256]int
	for _, c := range b {
		counts[c]++
	}
	h, n := 0.0, float64(len(b))
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// classes counts which of lower case, upper case, digits and other bytes b holds.
func classes(b []byte) int {
	var lo, up, dig, other int
	for _, c := range b {
		switch {
		case 'a' <= c && c <= 'z':
			lo = 1
		case 'A' <= c && c <= 'Z':
			up = 1
		case '0' <= c && c <= '9':
			dig = 1
		default:
			other = 1
		}
	}
	return lo + up + dig + other
}

// randomish accepts the random part of a token with a known prefix: at
// least two character classes and 3 bits of entropy per byte, which
// identifiers and placeholders ("ghp_xxxx…") do not reach.
func randomish(prefixLen int) func([]byte) bool {
	return func(s []byte) bool {
		body := s[min(prefixLen, len(s)):]
		return classes(body) >= 2 && entropy(body) >= 3.0 && !isPlaceholder(body)
	}
}

// isIdentifier reports a name or a reference in code or config rather than
// a value: letters and underscores in parts joined by . / : _ or -
// (self.token, settings.SECRET_KEY, prod-db-credentials, keys/id_rsa).
func isIdentifier(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	prevSep := true
	for _, c := range v {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_':
			prevSep = false
		case c == '.' || c == '/' || c == ':' || c == '-':
			if prevSep {
				return false
			}
			prevSep = true
		default:
			return false
		}
	}
	return !prevSep
}

// placeholders are words that stand in for a value in docs and templates.
var placeholders = []string{"example", "changeme", "placeholder", "redacted", "xxxx", "your_", "your-", "dummy", "sample", "<", ">"}

func isPlaceholder(v []byte) bool {
	var buf [256]byte
	l := buf[:0]
	for _, c := range v {
		l = append(l, lower(c))
	}
	for _, p := range placeholders {
		if bytes.Contains(l, []byte(p)) {
			return true
		}
	}
	return false
}

// looksSecret gates values found only by a keyword (password=, token:):
// long enough, not a reference, a path, a template or a placeholder, and
// random enough that ordinary words stay.
func looksSecret(v []byte) bool {
	if len(v) < 8 || len(v) > 200 || bytes.Contains(v, []byte(ellipsis)) || bytes.ContainsAny(v, "*()") {
		return false
	}
	switch v[0] {
	case '$', '{', '%', '@', '[', '/', '~', '.', '#', '\\':
		return false
	}
	if bytes.Contains(v, []byte("://")) || isIdentifier(v) || isPlaceholder(v) {
		return false
	}
	if classes(v) < 2 {
		return false
	}
	// 8 distinct bytes carry exactly 3 bits; ask less of short values.
	need := min(3.0, 0.8*math.Log2(float64(len(v))))
	return entropy(v) >= need
}

// notMasked rejects what is already a mask, so masking is idempotent.
func notMasked(v []byte) bool {
	return !bytes.Contains(v, []byte(ellipsis)) && bytes.Trim(v, "*") != nil && len(bytes.Trim(v, "*")) > 0
}
