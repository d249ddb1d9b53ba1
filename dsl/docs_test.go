package dsl

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestDocsComplete keeps docs/rules.md in step with the environment: every
// variable and function is documented there, and the Vars table matches
// the expr tags of the environment structs.
func TestDocsComplete(t *testing.T) {
	data, err := os.ReadFile("../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, v := range Vars {
		if row := "| `" + v.Name + "` | " + v.Type + " | " + v.Doc + " |"; !strings.Contains(doc, row) {
			t.Errorf("docs/rules.md lacks the row %s", row)
		}
	}
	for _, f := range Funcs {
		if row := "| `" + f.Sig + "` | " + f.Doc + " | `" + f.Example + "` |"; !strings.Contains(doc, row) {
			t.Errorf("docs/rules.md lacks the row %s", row)
		}
	}
	documented := map[string]Scope{}
	for _, v := range Vars {
		documented[v.Name] = v.Scope
	}
	for _, env := range []any{CommandEnv{}, LineEnv{}} {
		typ := reflect.TypeOf(env)
		for i := range typ.NumField() {
			tag := typ.Field(i).Tag.Get("expr")
			if _, ok := documented[tag]; !ok && !strings.Contains(doc, "| `"+tag+"` |") {
				t.Errorf("%s.%s (%q) is not documented in Vars", typ.Name(), typ.Field(i).Name, tag)
			}
		}
	}
}

// TestFuncExamplesCompile checks that each documented example is a valid
// condition at command scope.
func TestFuncExamplesCompile(t *testing.T) {
	for _, f := range Funcs {
		r := &Rule{ID: "example", When: f.Example, Message: "m", Scope: CommandScope}
		if err := r.compile(true); err != nil {
			t.Errorf("%s: example %q: %v", f.Name, f.Example, err)
		}
	}
}
