package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

// iproute2 (ip, tc, bridge) and nmcli take any leading part of an object
// or command word: ip l s eth0 down is ip link set eth0 down, nmcli c d x
// is nmcli connection down x. A rule names the full words; abbrevWords
// finds them however shortly they are written.

func init() {
	Funcs = append(Funcs, Func{Name: "abbrevWords", Sig: "abbrevWords(names, words) bool",
		Doc:     "some consecutive words spell the space-separated names in order, each word a non-empty leading part of its name or of one of the name's alternatives (joined by a bar), as ip and nmcli read their object and command words: link set, written ip -n red l s eth0 down",
		Example: `abbrevWords("link set|change", positional) && "down" in positional`,
		options: func() []expr.Option { return []expr.Option{strsFunc("abbrevWords", abbrevWords)} }})
}

func abbrevWords(names string, words []string) bool {
	want := strings.Fields(names)
	if len(want) == 0 {
		return false
	}
	for i := 0; i+len(want) <= len(words); i++ {
		if abbreviatesAll(words[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

// abbreviatesAll reports whether each word abbreviates its name.
func abbreviatesAll(words, names []string) bool {
	for i, w := range words {
		if !abbreviates(w, names[i]) {
			return false
		}
	}
	return true
}

// abbreviates reports whether word is a leading part of name or of one of
// its |-separated alternatives.
func abbreviates(word, name string) bool {
	if word == "" {
		return false
	}
	for _, alt := range strings.Split(name, "|") {
		if strings.HasPrefix(alt, word) {
			return true
		}
	}
	return false
}
