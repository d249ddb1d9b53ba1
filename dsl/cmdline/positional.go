package cmdline

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// positionalSlice gives the positional parameters that ${@:OFFSET},
// ${@:OFFSET:LENGTH} (and $*'s) and ${!#} take, when the parameters and
// the numbers are known: f(){ rm -rf "${@: -1}"; }; f a ~ deletes ~.
// done is false for any other expansion, which lookup reads. As in bash
// and zsh, offset 0 is $0 and a negative offset counts back from one
// past the last parameter; a negative length is an error (unknown here),
// and so is bash's $0 in a function (the shell's name). No parameters
// are read as "$@" of none is (an empty word).
func (w *walker) positionalSlice(p *syntax.ParamExp) (v string, ok, done bool) {
	if p.Param == nil || w.dialect == Fish || p.Length || p.Width || p.Index != nil || p.Repl != nil || p.Names != 0 ||
		p.Flags != nil || len(p.Modifiers) > 0 || p.NestedParam != nil || p.IsSet || p.Exp != nil {
		return "", false, false
	}
	switch name := p.Param.Value; {
	case p.Excl && p.Slice == nil && name == "#":
		// ${!#}: the parameter whose number $# is, the last one (not
		// zsh's: it has no indirection); $0 of a function is the shell's
		n, ok := w.vars["#"]
		if !ok || n == "0" || w.dialect == Zsh {
			return "", false, true
		}
		v, ok := w.vars[n]
		return v, ok, true
	case p.Excl || p.Slice == nil || name != "@" && name != "*":
		return "", false, false
	}
	all, ok := w.vars["@"]
	zero, zok := w.vars["0"]
	if !ok || !zok {
		return "", false, true
	}
	params := []string{zero}
	if all != "" || w.vars["#"] != "0" {
		params = append(params, strings.Split(all, listSep)...)
	}
	off, ok := w.arithInt(p.Slice.Offset, 0)
	if !ok {
		return "", false, true
	}
	if off < 0 {
		off += len(params) // one past the last parameter, less -off
	}
	if off < 0 || off >= len(params) {
		return "", true, true // nothing
	}
	if off == 0 && w.dialect != Zsh {
		return "", false, true // $0 of a function is the shell's, not known here
	}
	end := len(params)
	if p.Slice.Length != nil {
		n, ok := w.arithInt(p.Slice.Length, 0)
		if !ok || n < 0 {
			return "", false, true
		}
		end = min(end, off+n)
	}
	return strings.Join(params[off:end], listSep), true, true
}

// arithInt is the value of a static arithmetic expression of numbers,
// known variables, + and -: a slice's offset or length (in zsh numbers
// only).
func (w *walker) arithInt(x syntax.ArithmExpr, depth int) (int, bool) {
	if depth > 8 {
		return 0, false
	}
	switch x := x.(type) {
	case *syntax.Word:
		lit := x.Lit()
		if w.dialect == Zsh && (lit == "" || lit[0] < '0' || lit[0] > '9') {
			// zsh reads ${@:$#-1} as $#- (the length of $-) and 1, and
			// ${@:n} as the modifier n
			return 0, false
		}
		if lit == "" && len(x.Parts) == 1 {
			if pe, ok := x.Parts[0].(*syntax.ParamExp); ok && simpleParam(pe) {
				v, ok := w.lookup(pe)
				if !ok {
					return 0, false
				}
				lit = strings.TrimSpace(v)
			}
		} else if v, ok := w.vars[lit]; ok && lit != "" && (lit[0] < '0' || lit[0] > '9') {
			lit = strings.TrimSpace(v) // a variable by its name: ${@:n}
		}
		return arithNumber(lit, w.dialect)
	case *syntax.ParenArithm:
		return w.arithInt(x.X, depth+1)
	case *syntax.UnaryArithm:
		n, ok := w.arithInt(x.X, depth+1)
		switch {
		case !ok || x.Post:
			return 0, false
		case x.Op == syntax.Minus:
			return -n, true
		case x.Op == syntax.Plus:
			return n, true
		}
	case *syntax.BinaryArithm:
		a, ok1 := w.arithInt(x.X, depth+1)
		b, ok2 := w.arithInt(x.Y, depth+1)
		switch {
		case !ok1 || !ok2:
			return 0, false
		case x.Op == syntax.Add:
			return a + b, true
		case x.Op == syntax.Sub:
			return a - b, true
		case x.Op == syntax.Or:
			return a | b, true // chmod $((04000|0755))
		case x.Op == syntax.And:
			return a & b, true
		case x.Op == syntax.Xor:
			return a ^ b, true
		case x.Op == syntax.Mul:
			return a * b, true
		}
	}
	return 0, false
}

// arithNumber reads a number as the shell's arithmetic does: bash reads
// 0755 as octal, 0x1f as hexadecimal and 8#4755 in base 8; zsh reads a
// leading 0 as decimal, and as octal with setopt octalzeroes, which a
// start-up file may set, so such a number is not read; nor is BASE#N,
// which zsh reads only where it is not a comment.
func arithNumber(lit string, d Dialect) (int, bool) {
	if d == Zsh && leadingZero(lit) {
		return 0, false
	}
	if b, digits, ok := strings.Cut(lit, "#"); ok && d != Zsh {
		base, err := strconv.Atoi(b)
		if err != nil || base < 2 || base > 36 || digits == "" {
			return 0, false // bases above 36 use @ and _ as digits: not read
		}
		n, err := strconv.ParseInt(digits, base, 32)
		return int(n), err == nil // 8#4755
	}
	if lit == "" || strings.ContainsAny(lit, "_bBoO#") {
		return 0, false
	}
	base := 0
	if d == Zsh && !strings.HasPrefix(lit, "0x") && !strings.HasPrefix(lit, "0X") {
		base = 10
	}
	n, err := strconv.ParseInt(lit, base, 32)
	return int(n), err == nil
}

// leadingZero reports a number written with a leading 0 (010, not 0 or
// 0x1f), whose value zsh's octalzeroes option decides.
func leadingZero(lit string) bool {
	lit = strings.TrimLeft(lit, "+-")
	return len(lit) > 1 && lit[0] == '0' && lit[1] >= '0' && lit[1] <= '9'
}
