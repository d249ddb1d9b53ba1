package dsl

import (
	"strings"
	"testing"
)

func TestTestsKey(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"grep -q ^PORT= .env", true},
		{"grep -c DATABASE_URL .env", true},
		{"grep -l KEY .env", true},
		{"grep -qsE ^export\\ API_KEY .env", true},
		{"grep --quiet --regexp=^PORT= .env", true},
		{"grep -qe PORT -e ^HOST= .env", true},
		{"grep -q ^aws_access_key_id credentials", true},
		{"grep PORT .env", false},            // prints the line
		{"grep -o -c KEY .env", false},       // -o is no key test's
		{"grep -cv KEY .env", false},         // counts the other lines
		{"grep -q -f .env x", false},         // the secret file's lines are the patterns
		{"grep -A1 -q KEY .env", false},      // context is no key test's
		{"grep -q ^API_KEY=sk- .env", false}, // part of a value
		{"grep -q sk_live .env", false},
		{"grep -qe PORT -e sk-abc .env", false},
		{"grep -qr KEY .", false},
		{"rg -q PORT .env", false},
	}
	for _, tt := range tests {
		words := strings.Fields(strings.ReplaceAll(tt.line, "\\ ", "\x00"))
		for i := range words {
			words[i] = strings.ReplaceAll(words[i], "\x00", " ")
		}
		if got := testsKey(words[0], words[1:]); got != tt.want {
			t.Errorf("testsKey(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
