package redact

// automaton finds keywords in a line in one pass (Aho-Corasick over
// ASCII-lowercased bytes), so that a line is only matched against the
// patterns whose keywords it holds, and only where they stand.
type automaton struct {
	delta []uint16  // state<<8 | byte → next state
	out   [][]kwOut // per state: the keywords ending here
	mask  []uint64  // per state: their patterns, as bits
	kws   []string  // every keyword, by index
}

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
	type node struct {
		next [256]int32
		fail int32
		out  []kwOut
	}
	newNode := func() *node {
		n := &node{}
		for i := range n.next {
			n.next[i] = -1
		}
		return n
	}
	nodes := []*node{newNode()}
	a := &automaton{}
	for pi, p := range patterns {
		for _, kw := range p.Keywords {
			s := int32(0)
			for i := 0; i < len(kw); i++ {
				c := lower(kw[i])
				if nodes[s].next[c] < 0 {
					nodes = append(nodes, newNode())
					nodes[s].next[c] = int32(len(nodes) - 1)
				}
				s = nodes[s].next[c]
			}
			nodes[s].out = append(nodes[s].out, kwOut{pat: pi, kw: len(a.kws), n: len(kw), exact: hasUpper(kw)})
			a.kws = append(a.kws, kw)
		}
	}
	// Breadth-first: fail links, inherited outputs, and a full transition
	// table so that scanning never follows a fail link.
	var queue []int32
	for c := range 256 {
		if t := nodes[0].next[c]; t >= 0 {
			queue = append(queue, t)
		} else {
			nodes[0].next[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		f := nodes[s].fail
		if s != 0 && f != s {
			nodes[s].out = append(nodes[s].out, nodes[f].out...)
		}
		for c := range 256 {
			if t := nodes[s].next[c]; t >= 0 {
				if s != 0 {
					nodes[t].fail = nodes[f].next[c]
				}
				queue = append(queue, t)
			} else {
				nodes[s].next[c] = nodes[f].next[c]
			}
		}
	}
	if len(nodes) > 1<<16 || len(patterns) > 64 {
		panic("redact: pattern table too large") // a programming error, caught by every test
	}
	a.delta = make([]uint16, len(nodes)<<8)
	a.out = make([][]kwOut, len(nodes))
	a.mask = make([]uint64, len(nodes))
	for i, n := range nodes {
		for c := range 256 {
			a.delta[i<<8|c] = uint16(n.next[lower(byte(c))])
		}
		a.out[i] = n.out
		for _, o := range n.out {
			a.mask[i] |= 1 << o.pat
		}
	}
	return a
}

// any reports whether some keyword may occur in b (case-sensitive
// keywords are taken in any case here: a cheap over-approximation).
func (a *automaton) any(b []byte) bool {
	s := 0
	delta, mask := a.delta, a.mask
	for _, c := range b {
		s = int(delta[s<<8|int(c)])
		if mask[s] != 0 {
			return true
		}
	}
	return false
}

// find appends the keyword occurrences in line to hits.
func (a *automaton) find(line []byte, hits []hit) []hit {
	s := 0
	delta, mask := a.delta, a.mask
	for i, c := range line {
		s = int(delta[s<<8|int(c)])
		if mask[s] == 0 {
			continue
		}
		for _, o := range a.out[s] {
			start := i + 1 - o.n
			if o.exact && string(line[start:i+1]) != a.kws[o.kw] {
				continue
			}
			hits = append(hits, hit{pat: o.pat, start: start})
		}
	}
	return hits
}
