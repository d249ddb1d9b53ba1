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

// carrying is what an expansion of the positional parameters or of a
// variable the walk holds unknown fields of (flow.carried) may hold: the
// fields it may take, ok false for any other expansion or one of known
// parameters, which lookup reads.
func (w *walker) carrying(p *syntax.ParamExp) ([]field, bool) {
	if p.Param == nil || p.Length || p.Width || p.IsSet || p.Names != 0 || w.dialect == Fish || holdsNone(p) {
		return nil, false
	}
	name := p.Param.Value
	if w.refParams != nil {
		switch {
		case p.Excl && name == "#" && p.Slice == nil && p.Index == nil && p.Exp == nil:
			return w.refParams[len(w.refParams)-1:], true // ${!#}: the last one
		case p.Excl:
			return nil, false
		case name == "@" || name == "*":
			return w.paramSlice(p)
		}
		if n, err := strconv.Atoi(name); err == nil && n >= 1 && p.Index == nil {
			if n > len(w.refParams) || !w.refParams[n-1].Dynamic {
				return nil, false // past the last, or known: lookup reads it
			}
			return w.refParams[n-1 : n], true // "${2:-}", "${2%x}"
		}
	}
	held := w.carried[w.deref(name)]
	if len(held) == 0 || p.Excl {
		return nil, false
	}
	return held, true
}

// holdsNone reports an expansion that holds none of its parameter's
// value: ${X:+word}, ${X+word}.
func holdsNone(p *syntax.ParamExp) bool {
	return p.Exp != nil && (p.Exp.Op == syntax.AlternateUnset || p.Exp.Op == syntax.AlternateUnsetOrNull)
}

// paramSlice is the positional parameters (of refParams) that "$@", "$*"
// and their slices ${@:OFF:LEN} take: for a literal OFF (a negative one
// counts back from one past the last) and a LEN of 0 or more, those;
// all of them for any other.
func (w *walker) paramSlice(p *syntax.ParamExp) ([]field, bool) {
	params := w.refParams
	if p.Slice == nil {
		return params, true
	}
	off, ok := w.arithInt(p.Slice.Offset, 0)
	if !ok {
		return params, true
	}
	if off < 0 {
		off += len(params) + 1
	}
	from := min(max(off-1, 0), len(params)) // $0 is no parameter the walk holds
	to := len(params)
	if p.Slice.Length != nil {
		if n, ok := w.arithInt(p.Slice.Length, 0); ok && n >= 0 {
			to = min(to, from+n)
		}
	}
	if from >= to {
		return nil, false
	}
	return params[from:to], true
}

// carry records that name may hold the unknown fields of held (X=(a
// "$TOKEN")), after its value is set; none of them unknown records
// nothing.
func (w *walker) carry(name string, held []field) {
	var unknown []field
	for _, f := range held {
		if f.Dynamic {
			unknown = append(unknown, f)
		}
	}
	if len(unknown) == 0 {
		return
	}
	if w.carried == nil {
		w.carried = make(map[string][]field)
	}
	w.carried[w.deref(name)] = unknown
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
