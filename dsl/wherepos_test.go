package dsl

import (
	"strings"
	"testing"
)

// TestWhenErrorPlace: an error expr reports by the condition's own line
// and column is placed at file:line:col, in every YAML style; where the
// text cannot be matched (escapes) it stays at the when: value with expr's
// own place in the message.
func TestWhenErrorPlace(t *testing.T) {
	tests := []struct {
		name, when, want string
	}{
		{"plain", `name == "x" && nosuch`, `r.yaml:3:24: rule r: when: unknown name nosuch`},
		{"single quoted", `'name == "x" && nosuch'`, `r.yaml:3:25: rule r: when: unknown name nosuch`},
		{"double quoted with escapes", `"name == \"x\" && nosuch"`, `r.yaml:3:9: rule r: when: unknown name nosuch (1:16)`},
		{"literal", "|\n    name == \"ls\"\n    && nosuch(1)", `r.yaml:5:8: rule r: when: unknown name nosuch`},
		{"folded", ">-\n    name == \"ls\" &&\n    args[0] == \"x\" &&\n    nosuch", `r.yaml:6:5: rule r: when: unknown name nosuch`},
		{"folded, more indented", ">-\n    name == \"ls\" &&\n      nosuch(args)", `r.yaml:5:7: rule r: when: unknown name nosuch`},
		{"not ascii before", `name == "ü" && nosuch`, `r.yaml:3:24: rule r: when: unknown name nosuch`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := "- id: r\n  level: ask\n  when: " + tt.when + "\n  message: m\n"
			_, err := Parse(Source{Path: "r.yaml", Data: []byte(data), Origin: User})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v\nwant %s\nin:\n%s", err, tt.want, data)
			}
		})
	}
}
