//go:build hguardgen

package redact

// AutomatonSource is automaton_gen.go as gen.go writes it. It exists only
// in a build with the hguardgen tag, for the generator: the automaton and
// the patterns it is built from are not part of this package's API.
func AutomatonSource() []byte { return automatonSource(newAutomaton(builtin())) }
