package redact

// automaton finds keywords in a line in one pass (Aho-Corasick over
// ASCII-lowercased bytes), so that a line is only matched against the
// patterns whose keywords it holds, and only where they stand.
//
// Bytes are mapped to classes first: keywords use a few dozen distinct
// bytes, so a state's row has that many entries rather than 256. The
// built-in patterns' automaton is generated into automaton_gen.go: it is
// on the path of each check (through the audit record), and as data it
// costs nothing to build and only the pages a scan touches.
type automaton struct {
	class [256]uint8 // byte → its class; 0 for bytes in no keyword
	width int        // the number of classes: the length of a row
	// delta[row+class] is the next state's row (state*width), with
	// hasOut set when keywords end there: scanning needs no other table
	// until a keyword is seen.
	delta []uint16
	out   [][]kwOut // per state: the keywords ending here
	kws   []string  // every keyword, by index
}

const hasOut = 1 << 15

// kwOut is one keyword ending in a state.
type kwOut struct {
	pat, kw int
	n       int  // its length
	exact   bool // holds an upper-case letter: must match in that case
}

// hit is a keyword occurrence: pattern pat's keyword starts at start.
type hit struct {
	pat, start int
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func hasUpper(kw string) bool {
	for i := 0; i < len(kw); i++ {
		if 'A' <= kw[i] && kw[i] <= 'Z' {
			return true
		}
	}
	return false
}

func newAutomaton(patterns []*Pattern) *automaton {
	a := &automaton{width: 1}
	for _, p := range patterns {
		for _, kw := range p.Keywords {
			for i := 0; i < len(kw); i++ {
				if c := lower(kw[i]); a.class[c] == 0 {
					a.class[c] = uint8(a.width)
					a.width++
				}
			}
		}
	}
	for c := range 256 {
		a.class[c] = a.class[lower(byte(c))]
	}
	const none = 1<<16 - 1
	states := 1 // at most one per keyword byte, and the root
	for _, p := range patterns {
		for _, kw := range p.Keywords {
			states += len(kw)
		}
	}
	a.delta = make([]uint16, 0, states*a.width)
	a.out = make([][]kwOut, 0, states)
	newState := func() uint16 {
		if len(a.out) >= none || len(patterns) > 64 { // the engine tracks patterns in [64] arrays
			panic("redact: pattern table too large") // a programming error, caught by every test
		}
		for range a.width {
			a.delta = append(a.delta, none)
		}
		a.out = append(a.out, nil)
		return uint16(len(a.out) - 1)
	}
	newState()
	// The trie: delta holds its edges, none where there is none yet.
	for pi, p := range patterns {
		for _, kw := range p.Keywords {
			s := 0
			for i := 0; i < len(kw); i++ {
				e := s*a.width + int(a.class[kw[i]])
				if a.delta[e] == none {
					t := newState()
					a.delta[e] = t
				}
				s = int(a.delta[e])
			}
			a.out[s] = append(a.out[s], kwOut{pat: pi, kw: len(a.kws), n: len(kw), exact: hasUpper(kw)})
			a.kws = append(a.kws, kw)
		}
	}
	// Breadth-first: fail links, inherited outputs, and a full transition
	// table so that scanning never follows a fail link.
	fail := make([]uint16, len(a.out))
	var queue []int
	for c := range a.width {
		if t := a.delta[c]; t != none {
			queue = append(queue, int(t))
		} else {
			a.delta[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		f := int(fail[s])
		if s != 0 && f != s {
			a.out[s] = append(a.out[s], a.out[f]...)
		}
		for c := range a.width {
			e := s*a.width + c
			if t := a.delta[e]; t != none {
				if s != 0 {
					fail[t] = a.delta[f*a.width+c]
				}
				queue = append(queue, int(t))
			} else {
				a.delta[e] = a.delta[f*a.width+c]
			}
		}
	}
	if len(a.out)*a.width > hasOut {
		panic("redact: pattern table too large") // a programming error, caught by every test
	}
	for e, t := range a.delta {
		v := t * uint16(a.width)
		if len(a.out[t]) > 0 {
			v |= hasOut
		}
		a.delta[e] = v
	}
	return a
}

// any reports whether some keyword may occur in b (case-sensitive
// keywords are taken in any case here: a cheap over-approximation).
func (a *automaton) any(b []byte) bool {
	row := uint16(0)
	delta, class := a.delta, &a.class
	for _, c := range b {
		row = delta[int(row)+int(class[c])]
		if row&hasOut != 0 {
			return true
		}
	}
	return false
}

// find appends the keyword occurrences in line to hits.
func (a *automaton) find(line []byte, hits []hit) []hit {
	row := uint16(0)
	delta, class := a.delta, &a.class
	for i, c := range line {
		row = delta[int(row&^hasOut)+int(class[c])]
		if row&hasOut == 0 {
			continue
		}
		for _, o := range a.out[int(row&^hasOut)/a.width] {
			start := i + 1 - o.n
			if o.exact && string(line[start:i+1]) != a.kws[o.kw] {
				continue
			}
			hits = append(hits, hit{pat: o.pat, start: start})
		}
	}
	return hits
}
