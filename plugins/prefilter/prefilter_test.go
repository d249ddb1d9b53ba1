package prefilter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompile(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec Spec
		err  string // "" compiles
	}{
		{"ok", Spec{Patterns: []string{`curl\s`}}, ""},
		{"no pattern", Spec{Bytes: true}, "declares no pattern"},
		{"bad regexp", Spec{Patterns: []string{`(`}}, "prefilter pattern 1"},
		{"matches everything", Spec{Patterns: []string{`x`, `a*`}}, "pattern 2 matches the empty line"},
		{"too many", Spec{Patterns: make([]string, maxPatterns+1)}, "at most"},
		{"too long", Spec{Patterns: []string{strings.Repeat("a", maxPatternLen+1)}}, "longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.spec.Compile()
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("Compile: %v, want %q", err, tc.err)
			}
		})
	}
	if f, err := (*Spec)(nil).Compile(); f != nil || err != nil || !f.Inspects("ls") {
		t.Fatal("a nil Spec must be the nil Filter, which inspects every line")
	}
}

func TestInspects(t *testing.T) {
	f, err := (&Spec{Patterns: []string{`curl\s`, `\|\s*sh\b`}, Bytes: true}).Compile()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"ls -la", false},
		{"curl -O x", true},
		{`c"ur"l -O x`, true}, // quotes removed
		{`c\url -O x`, true},  // backslash removed
		{`'cu'rl -O x`, true}, // single quotes removed
		{"curl${IFS}x", true}, // $IFS is a space
		{"curl$IFS-O", true},  // $IFS is a space
		{"echo a| sh", true},  // second pattern
		{"echo ｃurl x", true}, // non-ASCII
		{"echo \x1b[31m", true},
		{"echo a\tb", true}, // a tab is a control byte
		{"echo a\nb", true},
		{"echo \x7f", true},
		{`$'\x63url' x`, true}, // ANSI-C quoting spells what the text does not show
		{`$"curl" x`, true},
		{"echo curl", false}, // "curl" without the whitespace the pattern needs
	} {
		if got := f.Inspects(tc.line); got != tc.want {
			t.Errorf("Inspects(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
	noBytes, _ := (&Spec{Patterns: []string{`curl\s`}}).Compile()
	if noBytes.Inspects("echo ｃ") {
		t.Error("without Bytes, a non-ASCII line is judged by the patterns alone")
	}
}

func TestTirithPatternNotFound(t *testing.T) {
	for _, tc := range []struct {
		name, data, err string
	}{
		{"no marker", "some binary", "no tier-1 pattern"},
		{"no start", "abc" + string(tirithMarker), "start was not found"},
		{"not tirith's", "(?:ls)" + string(tirithMarker), "does not behave"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tirithPattern([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
		})
	}
	got, err := tirithPattern([]byte("junk (?:x)(?:://|(?:xa|xb)|curl\\s)" + string(tirithMarker) + "more"))
	if err != nil || got != `(?:://|(?:xa|xb)|curl\s)` {
		t.Fatalf("pattern %q, %v", got, err)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "tirith")
	if err := os.WriteFile(p, append(make([]byte, 3<<20), "(?:://|curl\\s)"+string(tirithMarker)...), 0o755); err != nil {
		t.Fatal(err)
	}
	if s, err := FromTirith(p); err != nil || len(s.Patterns) != 1+len(TirithNested) || !s.Bytes {
		t.Fatalf("FromTirith across chunk boundaries: %+v, %v", s, err)
	}
}
