package cmdline

import "strings"

// qualifierScan is what a zsh glob's qualifier list, the text between the
// parentheses of WORD(QUALIFIERS[:MODIFIERS]), does beyond selecting and
// ordering files.
type qualifierScan struct {
	runs   bool   // e:code:, +func, oe:code: or o+func run shell code per file
	code   string // that code or function name, as written ("" when cut off)
	adds   bool   // P:word: adds a word before or after each match
	broken bool   // an argument's delimiter is never closed
}

// scanQualifiers reads zsh's glob qualifiers up to the modifiers (the first
// : outside an argument). Most qualifiers only select files; the
// arguments of the rest are skipped by their grammar, so that a number
// after a size, time or link count (Lk+100, mh+7, l+2) is no +func.
func scanQualifiers(q string) qualifierScan {
	var s qualifierScan
	digits := func(i int) int {
		for i < len(q) && '0' <= q[i] && q[i] <= '9' {
			i++
		}
		return i
	}
	sign := func(i int) int {
		if i < len(q) && (q[i] == '+' || q[i] == '-') {
			i++
		}
		return i
	}
	unit := func(i int, units string) int {
		if i < len(q) && strings.IndexByte(units, q[i]) >= 0 {
			i++
		}
		return i
	}
	// delimited skips an argument in delimiters, e:code: or e{code}, from
	// i (the opening delimiter) and returns its text and the end.
	delimited := func(i int) (string, int) {
		if i >= len(q) {
			s.broken = true
			return "", i
		}
		end := closing(q[i])
		j := strings.IndexByte(q[i+1:], end)
		if j < 0 {
			s.broken = true
			return q[i+1:], len(q)
		}
		return q[i+1 : i+1+j], i + 2 + j
	}
	function := func(i int) (string, int) {
		j := i
		for j < len(q) && (isNameByte(q[j]) || q[j] == '-' || q[j] == ':') {
			j++
		}
		return q[i:j], j
	}
	runs := func(code string) {
		if !s.runs {
			s.runs, s.code = true, code
		}
	}
	for i := 0; i < len(q); {
		c := q[i]
		i++
		switch c {
		case ':':
			return s // the modifiers follow
		case 'e':
			code, end := delimited(i)
			runs(unquoteZsh(code))
			i = end
		case '+':
			name, end := function(i)
			runs(name)
			i = end
		case 'o', 'O':
			switch {
			case i < len(q) && q[i] == 'e':
				code, end := delimited(i + 1)
				runs(unquoteZsh(code))
				i = end
			case i < len(q) && q[i] == '+':
				name, end := function(i + 1)
				runs(name)
				i = end
			case i < len(q):
				i++ // the sort key: n, L, l, a, m, c, d, N
			}
		case 'P':
			_, i = delimited(i)
			s.adds = true
		case 'a', 'm', 'c':
			i = digits(sign(unit(i, "Mwhms")))
		case 'L':
			i = digits(sign(unit(i, "kKmMpPgGtT")))
		case 'l':
			i = digits(sign(i))
		case 'd', 'Y':
			i = digits(i)
		case 'u', 'g':
			if end := digits(i); end > i {
				i = end
			} else {
				_, i = delimited(i)
			}
		case 'f':
			if end := digits(sign(unit(i, "=+-"))); end > i {
				i = end
			} else {
				_, i = delimited(i)
			}
		case '[':
			if j := strings.IndexByte(q[i:], ']'); j >= 0 {
				i += j + 1
			} else {
				s.broken = true
				i = len(q)
			}
		}
	}
	return s
}
