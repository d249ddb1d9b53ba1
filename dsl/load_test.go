package dsl

import (
	"strings"
	"testing"
)

const goodRule = `
- id: touch-blocked
  aliases: [old-touch]
  level: block
  on: [touch]
  when: any(positional, {# == "BLOCKED"})
  message: touches the blocked marker
  examples:
    match: ["touch BLOCKED"]
    nomatch: ["touch ok"]
`

func TestParseGood(t *testing.T) {
	rules, err := Parse(Source{Path: "good.yaml", Data: []byte(goodRule), Origin: User})
	if err != nil {
		t.Fatal(err)
	}
	if len(rules) != 1 {
		t.Fatalf("got %d rules", len(rules))
	}
	r := rules[0]
	if r.ID != "touch-blocked" || r.Level != Block || r.Scope != CommandScope || r.Origin != User || r.Pos.String() != "good.yaml:2:3" {
		t.Errorf("rule = %+v", r)
	}
	if len(r.Examples.Match) != 1 || len(r.Examples.NoMatch) != 1 {
		t.Errorf("examples = %+v", r.Examples)
	}
}

// TestParseErrors checks that every kind of mistake names the file, line,
// column, rule and field, and that none panics.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"yaml syntax", "- id: x\n  level: [block\n", "bad.yaml:1:1: invalid yaml: did not find expected ',' or ']'"},
		{"comment cuts expression", "- id: x\n  level: ask\n  when: any(args, # == 'x')\n  message: m\n", "starts a comment and cut the expression short"},
		{"not a list", "id: x\n", "bad.yaml:1:1: want a list of rules"},
		{"rule not a mapping", "- just a string\n", "bad.yaml:1:3: a rule must be a mapping"},
		{"unknown field", "- id: x\n  level: ask\n  when: 'true'\n  message: m\n  severity: high\n", "bad.yaml:5:13: rule x: severity: unknown field"},
		{"bad level", "- id: x\n  level: deny\n  when: 'true'\n  message: m\n", `bad.yaml:2:10: rule x: level: unknown level "deny"`},
		{"bad id", "- id: Bad_ID\n  level: ask\n  when: 'true'\n  message: m\n", `bad.yaml:1:7: rule Bad_ID: id: "Bad_ID" is not kebab-case`},
		{"missing when", "- id: x\n  level: ask\n  message: m\n", "bad.yaml:1:3: rule x: when: missing"},
		{"bad expression", "- id: x\n  level: ask\n  when: name ==\n  message: m\n", "bad.yaml:3:15: rule x: when: unexpected token EOF"},
		{"unknown variable", "- id: x\n  level: ask\n  when: nmae == 'rm'\n  message: m\n", "bad.yaml:3:9: rule x: when: unknown name nmae"},
		{"not bool", "- id: x\n  level: ask\n  when: name\n  message: m\n", "bad.yaml:3:9: rule x: when: expected bool"},
		{"bad regex", "- id: x\n  level: ask\n  when: name matches '(['\n  message: m\n", "bad.yaml:3:22: rule x: when: error parsing regexp"},
		{"bad scope", "- id: x\n  level: ask\n  scope: file\n  when: 'true'\n  message: m\n", `bad.yaml:3:10: rule x: scope: unknown scope "file"`},
		{"line scope with on", "- id: x\n  level: ask\n  scope: line\n  on: [rm]\n  when: 'true'\n  message: m\n", `bad.yaml:4:7: rule x: on: unknown issue kind "rm"`},
		{"duplicate field", "- id: x\n  level: ask\n  level: block\n  when: 'true'\n  message: m\n", "bad.yaml:3:3: rule x: level: field given twice"},
		{"examples shape", "- id: x\n  level: ask\n  when: 'true'\n  message: m\n  examples: [a]\n", "bad.yaml:5:13: rule x: examples: want a mapping"},
		{"unknown group", "- id: x\n  level: ask\n  on: ['@editors']\n  when: 'true'\n  message: m\n", "bad.yaml:3:7: rule x: on: unknown group or property @editors (want one of @assigns, @auth-files, @downloaders,"},
		{"on not a list", "- id: x\n  level: ask\n  on: rm\n  when: 'true'\n  message: m\n", "bad.yaml:3:7: rule x: on: want a list"},
		{"empty message", "- id: x\n  level: ask\n  when: 'true'\n  message: ''\n", "bad.yaml:4:12: rule x: message: empty message"},
		{"line var at command scope", "- id: x\n  level: ask\n  when: hasIssue('parse-error')\n  message: m\n", "bad.yaml:3:9: rule x: when: unknown name hasIssue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(Source{Path: "bad.yaml", Data: []byte(tt.yaml), Origin: User})
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func TestParseHugeFile(t *testing.T) {
	_, err := Parse(Source{Path: "huge.yaml", Data: make([]byte, maxRuleFile+1)})
	if err == nil || !strings.Contains(err.Error(), "over the limit") {
		t.Errorf("err = %v", err)
	}
}

func mustParse(t *testing.T, origin Origin, src string) []*Rule {
	t.Helper()
	rs, err := Parse(Source{Path: string(origin) + ".yaml", Data: []byte(src), Origin: origin})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestMerge(t *testing.T) {
	builtin := mustParse(t, Builtin, goodRule)
	t.Run("user replaces", func(t *testing.T) {
		user := mustParse(t, User, "- id: touch-blocked\n  level: allow\n  when: 'true'\n  message: off\n")
		rs, err := NewRuleSet(builtin, user)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := rs.Lookup("touch-blocked")
		if r.Origin != User || r.Level != Allow {
			t.Errorf("rule = %+v", r)
		}
		if len(rs.forName("touch")) != 0 {
			t.Error("a rule switched off with level allow is still evaluated")
		}
	})
	t.Run("project may not loosen", func(t *testing.T) {
		project := mustParse(t, Project, "- id: touch-blocked\n  level: ask\n  when: 'true'\n  message: m\n")
		_, err := NewRuleSet(builtin, project)
		if err == nil || !strings.Contains(err.Error(), "project rules may only tighten") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("project may not allow", func(t *testing.T) {
		project := mustParse(t, Project, "- id: new-rule\n  level: allow\n  when: 'true'\n  message: m\n")
		_, err := NewRuleSet(builtin, project)
		if err == nil || !strings.Contains(err.Error(), "level allow is not allowed") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("project tightens", func(t *testing.T) {
		low := mustParse(t, Builtin, "- id: r\n  level: ask\n  on: [touch]\n  when: 'true'\n  message: m\n")
		project := mustParse(t, Project, "- id: r\n  level: block\n  on: [touch]\n  when: 'true'\n  message: m\n")
		if _, err := NewRuleSet(low, project); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("duplicate ids", func(t *testing.T) {
		_, err := NewRuleSet(builtin, mustParse(t, Builtin, goodRule))
		if err == nil || !strings.Contains(err.Error(), "duplicate id: first defined at builtin.yaml:2:3") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("aliases", func(t *testing.T) {
		rs, err := NewRuleSet(builtin)
		if err != nil {
			t.Fatal(err)
		}
		if r, ok := rs.Lookup("old-touch"); !ok || r.ID != "touch-blocked" {
			t.Errorf("Lookup(alias) = %v, %t", r, ok)
		}
		if keys := rs.Keys("old-touch"); len(keys) != 2 || keys[0] != "touch-blocked" {
			t.Errorf("Keys = %q", keys)
		}
	})
}

func TestIsKebab(t *testing.T) {
	for id, want := range map[string]bool{"a": true, "rm-rf": true, "git-push-2": true, "9": true,
		"": false, "-a": false, "a-": false, "a--b": false, "Rm": false, "a_b": false, "a b": false, "é": false} {
		if got := isKebab(id); got != want {
			t.Errorf("isKebab(%q) = %t, want %t", id, got, want)
		}
	}
}
