package cmdline

import (
	"regexp"
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
var plainField = regexp.MustCompile(`^[A-Za-z0-9_./:+,@%=-]+$`)

// respell records the words of a simple command up to the one its
// program's name comes from (the wrappers' words before it) whose fields
// differ from their source text. perWord holds how many of fs each word
// of words expanded to; nameAt is the index in fs of the name, which
// reads as name (peel's: $(which ps) is ps).
func (w *walker) respell(words []*syntax.Word, perWord []int, fs []field, nameAt int, name string) {
	at := 0
	for i, word := range words {
		n := perWord[i]
		if n > 0 && at <= nameAt {
			values := make([]string, n)
			for j, f := range fs[at : at+n] {
				values[j] = f.Value
				if at+j == nameAt {
					values[j] = name
				} else if f.Dynamic || f.glob {
					values = nil
					break
				}
			}
			w.respellWord(word, values)
		}
		at += n
		if at > nameAt {
			return
		}
	}
}

// respellWord records word as values, joined by spaces, when they differ
// from its source text and need no quotes.
func (w *walker) respellWord(word *syntax.Word, values []string) {
	if len(values) == 0 || slices.ContainsFunc(values, func(v string) bool { return !plainField.MatchString(v) }) {
		return
	}
	from, to := offset(word.Pos(), len(w.src)), offset(word.End(), len(w.src))
	if text := strings.Join(values, " "); from < to && w.src[from:to] != text {
		w.respelled = append(w.respelled, respelling{from: from, to: to, text: text})
	}
}

// unfold adds src to Line.Unfolded as the walk read it, its respelled
// words written as they expand, when it is a carrier's text (nested) or
// some of its words were respelled.
func (w *walker) unfold(src string, nested bool, respelled []respelling) {
	if !nested && len(respelled) == 0 {
		return
	}
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
	text := b.String()
	if len(w.line.Unfolded)+len(text) > maxUnfolded || w.unfolded[text] {
		return
	}
	if w.unfolded == nil {
		w.unfolded = map[string]bool{}
	}
	w.unfolded[text] = true
	w.line.Unfolded += "\n" + text
}
