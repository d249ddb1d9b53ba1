package redact

import (
	"reflect"
	"testing"

	"github.com/hguard/hguard/internal/generated"
)

// TestAutomatonGenerated keeps automaton_gen.go, the keyword automaton New
// uses, in step with the patterns it is built from: it builds the file as
// gen.go does (go generate ./redact) and compares.
func TestAutomatonGenerated(t *testing.T) {
	a := newAutomaton(builtin())
	if !reflect.DeepEqual(a, builtinAutomaton) {
		t.Fatal("builtinAutomaton is out of date with the patterns: run go generate ./redact")
	}
	generated.Check(t, "automaton_gen.go", automatonSource(a), "go generate ./redact")
}
