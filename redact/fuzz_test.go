package redact

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRedact: no panic; the output is never longer than the input; masking
// twice changes nothing; the stream agrees with String; a masked secret
// never survives.
func FuzzRedact(f *testing.F) {
	for _, p := range New().Patterns() {
		for _, ex := range p.Examples.Match {
			f.Add(ex)
		}
	}
	f.Add(pemKey)
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		out := String(in)
		if len(out) > len(in) {
			t.Fatalf("output longer than input:\n in %q\nout %q", in, out)
		}
		if again := String(out); again != out {
			t.Fatalf("not idempotent:\n in %q\nout %q\nagain %q", in, out, again)
		}
		var buf bytes.Buffer
		n, err := Copy(&buf, strings.NewReader(in))
		if err != nil || buf.String() != out {
			t.Fatalf("Copy = %q, %v; String = %q", buf.String(), err, out)
		}
		if fs := Find(in); len(fs) != n {
			t.Fatalf("Find found %d, Copy masked %d", len(fs), n)
		}
		if utf8.ValidString(in) && !utf8.ValidString(out) {
			t.Fatalf("valid UTF-8 in, invalid out: %q → %q", in, out)
		}
	})
}
