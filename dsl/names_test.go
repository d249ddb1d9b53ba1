package dsl

import (
	"strings"
	"testing"
)

// BenchmarkNameSet is the cost of asking a name list, beside a map built
// beforehand, as the list was until its map was made on first use.
func BenchmarkNameSet(b *testing.B) {
	m := shells.toMap()
	for _, name := range []string{"zsh", "ls"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				shells.has(name)
			}
		})
		b.Run(name+"-map", func(b *testing.B) {
			for b.Loop() {
				_ = m[name]
			}
		})
	}
}

// TestGroupNamesStartWithAt: onName looks a name up among the groups only
// when it starts with "@".
func TestGroupNamesStartWithAt(t *testing.T) {
	for g := range nameGroups {
		if !strings.HasPrefix(g, "@") {
			t.Errorf("group %q does not start with @: onName would never find it", g)
		}
	}
}
