package cmdline

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a value the walk cannot know may hold. Where a parameter's value
// is not known exactly (some positional parameters unknown, an array with
// an unknown element), its expansions keep what the unknown parts carry,
// written as they were given: set -- a "$TOKEN"; curl -d "${@: -1}" sends
// ${TOKEN}, as does X=("$TOKEN"); curl -d "${X[*]}". Every expansion of
// such a parameter that may hold some of its value is read so, whatever
// its operation; a length, a test of being set (${X:+y}) or an
// indirection holds none of it.

// heldList is what a variable the walk does not know may hold: the
// elements of a list, in order (X=(a "$TOKEN")), or only the unknown
// words its value was made of (printf -v X %s "$TOKEN").
type heldList struct {
	fields   []field
	elements bool
}

// carrying is what an expansion of the positional parameters or of a
// variable the walk holds unknown fields of (flow.carried) may hold: the
// fields it may take, each a word of its own where each element is one
// ("$@", "${X[@]}"). ok is false for any other expansion or one of known
// parameters, which lookup reads.
func (w *walker) carrying(p *syntax.ParamExp) (held []field, each, ok bool) {
	if p.Param == nil || p.Length || p.Width || p.IsSet || p.Names != 0 || w.dialect == Fish || holdsNone(p) {
		return nil, false, false
	}
	name := p.Param.Value
	if w.refParams != nil {
		switch {
		case p.Excl && name == "#" && p.Slice == nil && p.Index == nil && p.Exp == nil:
			return w.refParams[len(w.refParams)-1:], false, true // ${!#}: the last one
		case p.Excl:
			return nil, false, false
		case name == "@" || name == "*":
			held, ok := w.slice(w.refParams, p, 1) // $0 is no parameter the walk holds
			return held, name == "@", ok
		}
		if n, err := strconv.Atoi(name); err == nil && n >= 1 && p.Index == nil {
			if n > len(w.refParams) || !w.refParams[n-1].Dynamic {
				return nil, false, false // past the last, or known: lookup reads it
			}
			return w.refParams[n-1 : n], false, true // "${2:-}", "${2%x}"
		}
	}
	list, ok := w.carried[w.deref(name)]
	if !ok || p.Excl {
		return nil, false, false
	}
	if !list.elements {
		return list.fields, false, true
	}
	switch i := w.literalElement(p); {
	case wholeArray(p):
		held, ok := w.slice(list.fields, p, 0)
		return held, p.Index.(*syntax.Word).Lit() == "@", ok
	case i == noIndex:
		return list.fields, false, true // ${X[$i]}: any element
	case i >= len(list.fields) || i < 0:
		return nil, false, false // past the end: none of it
	default:
		return list.fields[i : i+1], false, true
	}
}

// literalElement is the element ${X[N]} or $X (the first) names, counted
// from 0, for a literal N (zsh counts from 1, a negative N from the end);
// noIndex for any other index.
func (w *walker) literalElement(p *syntax.ParamExp) int {
	if p.Index == nil && w.dialect != Zsh {
		return 0 // bash's $X is ${X[0]}; zsh's is every element
	}
	if p.Index == nil || wholeArray(p) {
		return noIndex
	}
	i := literalIndex(p.Index, w.dialect)
	switch {
	case i == noIndex:
	case w.dialect == Zsh && i > 0:
		i--
	case i < 0:
		i += len(w.carried[w.deref(p.Param.Value)].fields)
	}
	return i
}

// holdsNone reports an expansion that holds none of its parameter's
// value: ${X:+word}, ${X+word}.
func holdsNone(p *syntax.ParamExp) bool {
	return p.Exp != nil && (p.Exp.Op == syntax.AlternateUnset || p.Exp.Op == syntax.AlternateUnsetOrNull)
}

// slice is what ${@:OFF:LEN} or ${X[@]:OFF:LEN} takes of fields, the
// first of which is number first: for a literal OFF (a negative one
// counts back from one past the last) and a LEN of 0 or more, those; all
// of them for any other.
func (w *walker) slice(fields []field, p *syntax.ParamExp, first int) ([]field, bool) {
	if p.Slice == nil {
		return fields, true
	}
	off, ok := w.arithInt(p.Slice.Offset, 0)
	if !ok {
		return fields, true
	}
	if off < 0 {
		off += len(fields) + first
	}
	from := min(max(off-first, 0), len(fields))
	to := len(fields)
	if p.Slice.Length != nil {
		if n, ok := w.arithInt(p.Slice.Length, 0); ok && n >= 0 {
			to = min(to, from+n)
		}
	}
	if from >= to {
		return nil, false
	}
	return fields[from:to], true
}

// carry records what name, unknown, may hold after its value is set:
// held, the elements of a list (elements) or the words its value was
// made of, of which only the unknown count. None unknown records
// nothing.
func (w *walker) carry(name string, held []field, elements bool) {
	var unknown []field
	for _, f := range held {
		if f.Dynamic {
			unknown = append(unknown, f)
		}
	}
	if len(unknown) == 0 {
		return
	}
	if elements {
		unknown = held
	}
	if w.carried == nil {
		w.carried = make(map[string]heldList)
	}
	w.carried[w.deref(name)] = heldList{fields: unknown, elements: elements}
}

// params are the positional parameters as fields, "$@" as the walk holds
// it: known, or some unknown (refParams); ok is false where they are not
// known (the line's own, or ones an unknown shift moved).
func (w *walker) params() (_ []field, ok bool) {
	if w.refParams != nil {
		return w.refParams, true
	}
	all, ok := w.vars["@"]
	if !ok {
		return nil, false
	}
	if w.vars["#"] == "0" {
		return nil, true
	}
	var out []field
	for _, v := range strings.Split(all, listSep) {
		out = append(out, field{Word: Word{Value: v}})
	}
	return out, true
}
