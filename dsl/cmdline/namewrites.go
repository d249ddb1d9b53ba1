package cmdline

import (
	"cmp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// builtinWrites makes unknown the variables a builtin assigns by name
// (read X, mapfile X, getopts OPTS X, printf -v X; zsh's print -v X, vared
// X, set -A X, its modules' sysread X, zparseopts -A X) before the walk
// follows the values it can: a value it does not follow is unknown, never the one the variable held before (X=ls;
// read X < f; eval "$X"). A name with a subscript writes an element (read
// 'X[0]'), which makes its array unknown (setAssigned); a name known only
// as the line runs may be any variable's (printf -v "$n"), which makes
// every value unknown.
func (w *walker) builtinWrites(c *Command, args []field, cx ctx) {
	if w.dialect == Fish {
		return
	}
	for _, n := range writtenNames(c.Name, args, w.dialect) {
		w.writeNamed(n, cx)
	}
}

// exportedWrites follows what a builtin wrote by name into a variable the
// line exported before (export GIT_CONFIG_PARAMETERS; read
// GIT_CONFIG_PARAMETERS < f; git status): a value known only as the line
// runs is run as an exported one is (setValueRuns); zsh's print -v of
// static words is the text it prints.
func (w *walker) exportedWrites(c *Command, args []field, cx ctx) {
	if w.dialect == Fish || c.Dynamic {
		return
	}
	if name, v, ok := zshPrintTo(c.Name, args, w.dialect); ok {
		w.assigned(c, name, Word{Value: v}, cx) // print -v X 'rm -rf ~'
	}
	for _, n := range writtenNames(c.Name, args, w.dialect) {
		if name := w.deref(n.Value); !n.Dynamic && isName(name) && (w.exported[name] || w.allExport) {
			v, known := w.value(name)
			w.setValueRuns(c, name, Word{Value: cmp.Or(v, "$"+name), Dynamic: !known}, cx)
		}
	}
}

// zshPrintTo is the variable zsh's print -v NAME WORD… assigns and the
// value, the words joined by spaces (-l: newlines), when every word is
// static and print changes none (-r, or no backslash to interpret).
func zshPrintTo(name string, args []field, d Dialect) (string, string, bool) {
	if name != "print" || d != Zsh {
		return "", "", false
	}
	target, raw, sep := "", false, " "
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return "", "", false
		}
		if a.Value == "--" || a.Value == "-" {
			i++
			break
		}
		if len(a.Value) < 2 || a.Value[0] != '-' {
			break
		}
		for _, o := range a.Value[1:] {
			switch o {
			case 'r':
				raw = true
			case 'n':
			case 'l':
				sep = "\n"
			case 'v':
				if i+1 >= len(args) || args[i+1].Dynamic {
					return "", "", false
				}
			default:
				return "", "", false // -P, -f, -a, -o…: a value the walk does not compute
			}
		}
		if strings.ContainsRune(a.Value, 'v') {
			i++
			target = args[i].Value
		}
	}
	words := make([]string, 0, len(args)-i)
	for _, a := range args[i:] {
		if a.Dynamic || !raw && strings.Contains(a.Value, "\\") {
			return "", "", false
		}
		words = append(words, a.Value)
	}
	if !isName(target) {
		return "", "", false
	}
	return target, strings.Join(words, sep), true
}

// writeNamed makes the variable a builtin names unknown, or every
// variable when the name is not known.
func (w *walker) writeNamed(name field, cx ctx) {
	if name.Dynamic {
		w.volatile = true
		w.changed()
		return
	}
	w.setAssigned(name.Value, Word{Dynamic: true}, cx)
}

// writtenNames are the words naming the variables a builtin assigns.
func writtenNames(name string, args []field, d Dialect) []field {
	orReply := func(names []field) []field {
		if len(names) == 0 {
			return []field{{Word: Word{Value: "REPLY"}}} // read with no name
		}
		return names
	}
	switch {
	case name == "read" && d == Zsh:
		// zsh: read [-rszpqAclneE] [-k [NUM]] [-u FD] [-d DELIM] [-t [SECS]]
		// [NAME[?PROMPT]] [NAME…]
		names := nameOperands(args, "ud", 0)
		for i, n := range names {
			if !n.Dynamic {
				names[i].Value, _, _ = strings.Cut(n.Value, "?")
			}
		}
		return orReply(names)
	case name == "read":
		return orReply(nameOperands(args, "adinNptu", 'a'))
	case name == "mapfile" || name == "readarray":
		if names := nameOperands(args, "dnOsuCc", 0); len(names) > 0 {
			return names[len(names)-1:]
		}
		return []field{{Word: Word{Value: "MAPFILE"}}}
	case name == "getopts" && len(args) >= 2:
		return args[1:2]
	case name == "printf" && len(args) >= 2 && args[0].Value == "-v":
		return args[1:2]
	case name == "print" && d == Zsh:
		for i, a := range args {
			if a.Dynamic || len(a.Value) < 2 || a.Value[0] != '-' || a.Value == "--" {
				break
			}
			if strings.ContainsRune(a.Value, 'v') && i+1 < len(args) {
				return args[i+1 : i+2] // print -v X, print -rv X
			}
		}
	case name == "vared" && d == Zsh:
		if names := nameOperands(args, "prMmif", 0); len(names) > 0 {
			return names[len(names)-1:]
		}
	case d == Zsh && zshModuleWriter(name):
		return zshModuleNames(name, args) // sysread X, zparseopts -A X, strftime -s X
	case name == "set" && d == Zsh && len(args) >= 2 && len(args[0].Value) > 1 && strings.ContainsRune("-+", rune(args[0].Value[0])) && strings.ContainsRune(args[0].Value, 'A'):
		return args[1:2] // set -A X …, set +A X … (its first elements)
	}
	return nil
}

// nameOperands are a builtin's operands, less its options and their
// values (valued are the letters that take one), with the value of the
// option letter named as a name too (read -a NAME). A word known only as
// the line runs where an option may stand may be a name.
func nameOperands(args []field, valued string, named byte) []field {
	var names []field
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic || len(a.Value) < 2 || a.Value[0] != '-' {
			names = append(names, a)
			continue
		}
		if a.Value == "--" {
			return append(names, args[i+1:]...)
		}
		for j := 1; j < len(a.Value); j++ {
			if !strings.ContainsRune(valued, rune(a.Value[j])) {
				continue
			}
			v := field{Word: Word{Value: a.Value[j+1:]}}
			if v.Value == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			if a.Value[j] == named {
				names = append(names, v)
			}
			break
		}
	}
	return names
}

// literalPrefix is the text a word starts with before its first
// expansion, quotes removed: "X=$1" starts X=.
func literalPrefix(word *syntax.Word) string {
	head, _ := literalHead(word)
	return head
}
