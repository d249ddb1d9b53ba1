package dsl

import "fmt"

// Level is how strongly a finding objects to a command. The zero value is
// Allow, and levels order by strictness so the strictest finding wins.
type Level int

const (
	Allow Level = iota // no objection; as a rule level it switches off a rule of the same id
	Warn               // runs, with a warning
	Ask                // needs a person's approval
	Block              // never runs; nothing approves it
)

var levelNames = [...]string{Allow: "allow", Warn: "warn", Ask: "ask", Block: "block"}

func (l Level) String() string {
	if l < Allow || l > Block {
		return fmt.Sprintf("level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name as written in a rule file.
func ParseLevel(s string) (Level, error) {
	for l, name := range levelNames {
		if s == name {
			return Level(l), nil
		}
	}
	return Allow, fmt.Errorf("unknown level %q (want block, ask, warn or allow)", s)
}

// MarshalText writes the level by name, for JSON output.
func (l Level) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads a level by name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}
