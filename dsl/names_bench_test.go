package dsl

import "testing"

// BenchmarkNameSet is the cost of asking a name list, beside a map built
// beforehand, as the list was until its map was made on first use.
func BenchmarkNameSet(b *testing.B) {
	m := set(shells.names...)
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
