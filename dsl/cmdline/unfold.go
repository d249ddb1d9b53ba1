package cmdline

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxUnfolded bounds Line.Unfolded: past it the texts of further carriers
// are left out (the line's own text is always there).
const maxUnfolded = 64 << 10

// respelling is a word of the text being walked, from and to its byte
// offsets, that the shell reads as other text than it shows: 'p's, p\s,
// $a, ${a:1}, $(which ps), ps${IFS}-ef.
type respelling struct {
	from, to int
	text     string // the fields it expands to, joined by spaces
}

// plainField matches a field that reads the same unquoted: a program's
// name or a plain option, never text that would need quotes.
var plainField = lazyRegexp(`^[A-Za-z0-9_./:+,@%=-]+$`)

// respell records the words of a simple command whose fields differ from
// their source text ('p's as ps, $d/version as /proc/version after
// d=/proc), and, when wrappers or a path stand before the name, the
// command as it runs: from its first word, its program's name alone (env
// X=1 yes, /usr/bin/../bin/yes as yes).
// perWord holds how many of fs each word of words expanded to; nameAt is
// the index in fs of the path, which reads as path (peel's: $(which ps)
// is ps), and name is the program's name.
func (w *walker) respell(words []*syntax.Word, perWord []int, fs []field, nameAt int, path, name string) {
	at := 0
	for i, word := range words {
		n := perWord[i]
		if n > 0 {
			values := make([]string, n)
			for j, f := range fs[at : at+n] {
				values[j] = f.Value
				if at+j == nameAt {
					values[j] = path
				} else if f.Dynamic || f.glob {
					values = nil
					break
				}
			}
			w.respellWord(word, values)
			if at <= nameAt && at+n > nameAt && (nameAt > 0 || path != name) && values != nil && plainField().MatchString(path) {
				// the name's word: the run view starts at the first word
				values = append([]string{name}, values[nameAt-at+1:]...)
				if !slices.ContainsFunc(values, func(v string) bool { return !plainField().MatchString(v) }) {
					from, to := offset(words[0].Pos(), len(w.src)), offset(word.End(), len(w.src))
					if from < to && w.inText(words[0]) && w.inText(word) {
						w.unwrapped = append(w.unwrapped, respelling{from: from, to: to, text: strings.Join(values, " ")})
					}
				}
			}
		}
		at += n
	}
}

// respellWord records word as values, joined by spaces, when they differ
// from its source text and need no quotes.
func (w *walker) respellWord(word *syntax.Word, values []string) {
	if len(values) == 0 || slices.ContainsFunc(values, func(v string) bool { return !plainField().MatchString(v) }) {
		return
	}
	from, to := offset(word.Pos(), len(w.src)), offset(word.End(), len(w.src))
	if text := strings.Join(values, " "); from < to && w.src[from:to] != text && w.inText(word) {
		w.respelled = append(w.respelled, respelling{from: from, to: to, text: text})
	}
}

// inText reports a word of the text being walked, not of one the walk
// parsed on the way (a listing's, a value's): its literal parts stand
// at their places in it.
func (w *walker) inText(word *syntax.Word) bool {
	ok := true
	syntax.Walk(word, func(n syntax.Node) bool {
		if lit, isLit := n.(*syntax.Lit); isLit && ok {
			from, to := offset(lit.Pos(), len(w.src)), offset(lit.End(), len(w.src))
			ok = from <= to && w.src[from:to] == lit.Value
		}
		return ok
	})
	return ok
}

// unfold adds src to Line.Unfolded as the walk read it, when it is a
// carrier's text (nested) or some of its words were respelled: once with
// the respelled words written as they expand, and once more with each
// wrapped command written as it runs (unwrapped), when that differs.
func (w *walker) unfold(src string, nested bool) {
	if nested || len(w.respelled) > 0 {
		w.addUnfolded(spliced(src, w.respelled))
	}
	if len(w.unwrapped) > 0 {
		runs := slices.Clone(w.unwrapped)
		for _, r := range w.respelled {
			if !slices.ContainsFunc(w.unwrapped, func(u respelling) bool { return r.from < u.to && u.from < r.to }) {
				runs = append(runs, r)
			}
		}
		w.addUnfolded(spliced(src, runs))
	}
}

// spliced is src with each respelling's bytes replaced by its text.
func spliced(src string, respelled []respelling) string {
	respelled = slices.Clone(respelled)
	slices.SortFunc(respelled, func(a, b respelling) int { return a.from - b.from })
	var b strings.Builder
	last := 0
	for _, r := range respelled {
		if r.from < last || r.to > len(src) {
			continue // a word met twice (a fork walked again)
		}
		b.WriteString(src[last:r.from])
		b.WriteString(r.text)
		last = r.to
	}
	b.WriteString(src[last:])
	return b.String()
}

func (w *walker) addUnfolded(text string) {
	if len(w.line.Unfolded)+len(text) > maxUnfolded || w.unfolded[text] {
		return
	}
	if w.unfolded == nil {
		w.unfolded = map[string]bool{}
	}
	w.unfolded[text] = true
	w.line.Unfolded += "\n" + text
}
