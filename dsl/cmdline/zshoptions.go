package cmdline

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// optionState is what the walk knows of a zsh option the line may set:
// off (zsh's default), on, or either (optEither) where the line set it
// only maybe (after &&, in a branch, a loop or a function's body), by a
// name known only at run time, or in a function whose options may be
// local to it.
type optionState uint8

const (
	optOff optionState = iota
	optOn
	optEither
)

// zshOptions are the zsh options that change what an unquoted parameter
// expands to, as the line set them.
type zshOptions struct {
	// wordSplit is SH_WORD_SPLIT (setopt shwordsplit, set -y, emulate
	// sh): the value is split on $IFS as sh splits it
	wordSplit optionState
	// globSubst is GLOB_SUBST (setopt globsubst, emulate sh): the value's
	// glob characters are a pattern, as in ${~X}
	globSubst optionState
}

// turn sets an option to state as a statement of cx does: one that may
// not run leaves it either way.
func (o *optionState) turn(state optionState, cx ctx) {
	if cx.maybe && *o != state {
		state = optEither
	}
	*o = state
}

// either marks an option that a change the walk cannot read may have
// turned.
func (o *optionState) either() { *o = optEither }

// merged is the options after code that ran with before's, its changes
// perhaps undone on its return (a function with LOCAL_OPTIONS, emulate
// -L): an option it changed is either.
func (o zshOptions) merged(before zshOptions) zshOptions {
	if o.wordSplit != before.wordSplit {
		o.wordSplit = optEither
	}
	if o.globSubst != before.globSubst {
		o.globSubst = optEither
	}
	return o
}

// zshSetopt follows setopt, unsetopt and set's options for the zsh options
// the walk reads: PROMPT_SUBST, GLOB_DOTS (letter 4), AUTO_CD, SH_WORD_SPLIT
// (letter y) and GLOB_SUBST, spelled in any case and with any underscores
// (sh_word_split), NO before a name turning it the other way. A name known
// only at run time, or a pattern of setopt -m, may set any of them.
func (w *walker) zshSetopt(name string, args []field, cx ctx) {
	positive := name != "unsetopt" // setopt NAME, set -o NAME, -y: on
	patterns := false              // setopt -m: the names are patterns
	for i := 0; i < len(args); i++ {
		a := args[i]
		v := a.Value
		switch {
		case a.Dynamic:
			w.zshOptionsEither()
			continue
		case v == "--" || v == "-" || v == "+":
			if name == "set" {
				return // set -y -- ARGS: the rest are operands
			}
			continue
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			on := (v[0] == '-') == positive
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'o':
					if i+1 < len(args) && j == len(v)-1 {
						i++
						if args[i].Dynamic {
							w.zshOptionsEither()
						} else {
							w.zshOption(args[i].Value, on, cx)
						}
					}
				case 'm':
					patterns = true
				case 'y':
					w.zsh.wordSplit.turn(state(on), cx)
				case '4':
					w.dotglob = w.dotglob || on // a glob's * and ? may match a leading dot
				case 'A':
					if name == "set" {
						return // set -A NAME VALUES: an array's assignment
					}
				}
			}
			continue
		case name == "set":
			return // set ARGS: the positional parameters
		case patterns && isGlob(v):
			w.zshOptionsEither()
			continue
		}
		w.zshOption(v, positive, cx)
	}
}

// zshOption turns the option named name on or off, NO before a name of
// one turning it the other way.
func (w *walker) zshOption(name string, on bool, cx ctx) {
	opt := strings.ToLower(strings.ReplaceAll(name, "_", ""))
	if rest, ok := strings.CutPrefix(opt, "no"); ok && zshOptionNames[rest] {
		opt, on = rest, !on // notify is NOTIFY, noglobsubst is GLOB_SUBST off
	}
	switch opt {
	case "promptsubst":
		w.promptSubst = on
	case "globdots", "dotglob":
		w.dotglob = on // a glob's * and ? match a leading dot
	case "shwordsplit":
		w.zsh.wordSplit.turn(state(on), cx)
	case "globsubst":
		w.zsh.globSubst.turn(state(on), cx)
	case "autocd":
		w.autocd = w.autocd || on // set only maybe is set
	}
}

// zshOptionsArray follows a write to zsh's options array (zsh/parameter):
// options[NAME]=on|off, options+=(NAME on …), options=(…); a name or a
// value known only at run time may turn any option either way.
func (w *walker) zshOptionsArray(a *syntax.Assign, cx ctx) {
	set := func(name, value field) {
		if name.Dynamic || value.Dynamic {
			w.zshOptionsEither()
			return
		}
		w.zshOption(name.Value, value.Value == "on", cx)
	}
	switch {
	case a.Index != nil && a.Value != nil:
		idx, ok := a.Index.(*syntax.Word)
		if !ok {
			w.zshOptionsEither()
			return
		}
		set(w.single(idx), w.single(a.Value))
	case a.Array != nil:
		var words []field
		for _, el := range a.Array.Elems {
			if el.Index != nil || el.Value == nil {
				w.zshOptionsEither()
				return
			}
			words = append(words, w.fields(el.Value)...)
		}
		for i := 0; i+1 < len(words); i += 2 {
			set(words[i], words[i+1])
		}
	default:
		w.zshOptionsEither()
	}
}

// zshOptionNames are the options zshOption follows, as it spells them.
var zshOptionNames = map[string]bool{"promptsubst": true, "globdots": true, "dotglob": true, "shwordsplit": true, "globsubst": true, "autocd": true}

// zshOptionsEither leaves every option the walk reads either way: a
// change it cannot read (setopt "$o", setopt -m '*split*').
func (w *walker) zshOptionsEither() {
	w.promptSubst = true
	w.dotglob = true
	w.autocd = true
	w.zsh.wordSplit.either()
	w.zsh.globSubst.either()
}

// state is an option turned on or off.
func state(on bool) optionState {
	if on {
		return optOn
	}
	return optOff
}

// zshEmulate follows emulate [-LR] [±o NAME]… MODE without -c: sh and
// ksh turn SH_WORD_SPLIT and GLOB_SUBST on, zsh and csh off; a mode known
// only at run time may do either. Its ±o options are set's.
func (w *walker) zshEmulate(args []field, cx ctx) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			w.zshOptionsEither()
		case a.Value == "-o" || a.Value == "+o":
			if i+1 < len(args) {
				w.zshSetopt("set", args[i:i+2], cx)
				i++
			}
		case strings.HasPrefix(a.Value, "-"):
			// -L, -R; -l only lists what the mode would set
			if strings.Contains(a.Value, "l") {
				return
			}
		default:
			w.zshEmulation(a.Value, cx)
			for i++; i+1 < len(args) && (args[i].Value == "-o" || args[i].Value == "+o"); i += 2 {
				w.zshSetopt("set", args[i:i+2], cx) // emulate zsh -o shwordsplit: options after the mode
			}
			return
		}
	}
}

// zshEmulation sets the options the walk reads as emulating mode does.
// zsh reads a mode by its first letter after an r: s, b (bash) and k
// emulate sh and ksh, which split and glob values; c csh, which globs
// them only; any other zsh.
func (w *walker) zshEmulation(mode string, cx ctx) {
	mode = strings.TrimPrefix(mode, "r")
	split, glob := optOff, optOff
	switch {
	case strings.HasPrefix(mode, "s") || strings.HasPrefix(mode, "b") || strings.HasPrefix(mode, "k"):
		split, glob = optOn, optOn
	case strings.HasPrefix(mode, "c"):
		glob = optOn
	}
	w.zsh.wordSplit.turn(split, cx)
	w.zsh.globSubst.turn(glob, cx)
}

// zshOptionWords reports a shell's words that may set an option the walk
// reads in the zsh it starts: -y among its letters, one named (-o
// shwordsplit, --globsubst, --emulate sh) or a word known only at run time.
func zshOptionWords(args []Word) bool {
	for _, a := range args {
		v := strings.ToLower(strings.ReplaceAll(a.Value, "_", ""))
		switch {
		case a.Dynamic:
			return true
		case v == "-c" || v == "--":
			return false // the code follows
		case strings.HasPrefix(v, "--"):
			if strings.Contains(v, "emulate") || strings.Contains(v, "wordsplit") || strings.Contains(v, "globsubst") {
				return true
			}
		case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
			if strings.ContainsAny(v, "yo") {
				return true // -y, or -o NAME
			}
		}
	}
	return false
}

// splits reports a value that field splitting would split: one holding a
// byte of $IFS, or any value when IFS is not known.
func (w *walker) splits(v string) bool {
	if w.ifsSet {
		return true
	}
	ifs, ok := w.vars["IFS"]
	if !ok {
		ifs = " \t\n"
	}
	return strings.ContainsAny(v, ifs) || strings.Contains(v, listSep)
}

// zshShift follows zsh's shift [-p] [N] [NAME…]: each named array (argv
// or none, the positional parameters) loses its first N elements, its
// last with -p. A count zsh would refuse (more than the array holds)
// changes nothing; one the walk cannot read, or a shift in a loop, leaves
// the arrays unknown.
func (w *walker) zshShift(args []field, loop bool) {
	pop := len(args) > 0 && args[0].Value == "-p" && !args[0].Dynamic
	if pop {
		args = args[1:]
	}
	n, known := 1, !loop
	if len(args) > 0 && (args[0].Dynamic || !isName(args[0].Value)) {
		v, err := strconv.Atoi(args[0].Value)
		n, known = v, known && !args[0].Dynamic && err == nil && v >= 0 && !leadingZero(args[0].Value)
		args = args[1:]
	}
	names := args
	if len(names) == 0 {
		names = []field{{Word: Word{Value: "argv"}}}
	}
	for _, a := range names {
		switch {
		case a.Dynamic:
			w.forgetPositionals() // any array: not followed
			return
		case a.Value == "argv" && (pop || !known):
			w.forgetPositionals()
		case a.Value == "argv":
			w.shiftParams([]field{{Word: Word{Value: strconv.Itoa(n)}}}, false)
		default:
			v, ok := w.vars[w.deref(a.Value)]
			var elems []string
			if ok && v != "" {
				elems = strings.Split(v, listSep)
			}
			switch {
			case !ok || !known:
				w.setVar(a.Value, Word{Value: "$" + a.Value, Dynamic: true})
			case n > len(elems):
				// zsh: shift count must be <= $#; nothing moves
			case pop:
				w.setVar(a.Value, Word{Value: strings.Join(elems[:len(elems)-n], listSep)})
			default:
				w.setVar(a.Value, Word{Value: strings.Join(elems[n:], listSep)})
			}
		}
	}
}
