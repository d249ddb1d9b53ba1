package main

import (
	"fmt"
	"path"
	"strings"
)

// shellDefs are definitions of the calling shell that a shell hook passes
// along with a line: the aliases and functions the line uses. hguard cannot
// read a live shell's aliases or functions, and without them `del ~/*`
// (after alias del='rm -rf') is a command named del.
type shellDefs struct {
	aliases   map[string]string
	globals   map[string]string // zsh alias -g, fish abbr --position anywhere: expanded in any word
	suffixes  map[string]string // zsh alias -s: a command word ending in .EXT runs VALUE WORD
	functions []string
}

// maxShellDefs bounds what a hook may pass: definitions are text hguard
// parses with the line.
const maxShellDefs = 256

func addShellDefFlags(c *command) *shellDefs {
	d := &shellDefs{aliases: map[string]string{}, globals: map[string]string{}, suffixes: map[string]string{}}
	def := func(flag string, m map[string]string) func(string) error {
		return func(s string) error {
			name, value, ok := strings.Cut(s, "=")
			if !ok || !aliasName(name) {
				return fmt.Errorf("--%s %q: want NAME=VALUE with a plain NAME", flag, s)
			}
			if len(m) >= maxShellDefs {
				return fmt.Errorf("--%s: more than %d definitions", flag, maxShellDefs)
			}
			m[name] = value
			return nil
		}
	}
	c.Func("global-alias", "`NAME=VALUE`: a global alias of the calling shell (zsh alias -g, fish abbr --position anywhere), expanded in any word (repeatable)", def("global-alias", d.globals))
	c.Func("suffix-alias", "`EXT=VALUE`: a suffix alias of the calling shell (zsh alias -s): a command word ending in .EXT runs VALUE WORD (repeatable)", def("suffix-alias", d.suffixes))
	c.Func("alias", "`NAME=VALUE`: an alias of the calling shell, expanded where the shell expands it (repeatable)", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || !aliasName(name) {
			return fmt.Errorf("--alias %q: want NAME=VALUE with a plain NAME", s)
		}
		if len(d.aliases) >= maxShellDefs {
			return fmt.Errorf("--alias: more than %d aliases", maxShellDefs)
		}
		d.aliases[name] = value
		return nil
	})
	c.Func("function", "`DEFINITION`: a function of the calling shell that the line calls, in that shell's syntax; it is checked with the line (repeatable)", func(s string) error {
		if len(d.functions) >= maxShellDefs {
			return fmt.Errorf("--function: more than %d functions", maxShellDefs)
		}
		d.functions = append(d.functions, s)
		return nil
	})
	return d
}

// aliasName says whether name can be an alias a shell expands: a plain word.
func aliasName(name string) bool {
	return name != "" && !strings.ContainsAny(name, " \t\n;&|()<>'\"\\$`=")
}

// apply returns the program the shell will run for line: its aliases
// expanded, and the functions it calls defined before it, so that their
// bodies are judged with the call.
func (d *shellDefs) apply(line string) string {
	line = expandDefs(line, d.aliases, d.globals, d.suffixes)
	if len(d.functions) == 0 {
		return line
	}
	return strings.Join(d.functions, "\n") + "\n" + line
}

// maxAliasExpansions bounds expansion: aliases that expand into each other
// through a trailing blank could otherwise grow a line without end.
const maxAliasExpansions = 64

// expandAliases substitutes aliases for the words a POSIX-like shell (bash,
// zsh) would expand: an unquoted first word of a command, again for the
// first word of the value (except an alias already being expanded), and
// for the word after a value that ends in a blank. A command starts at the
// beginning of the line, after ; & | ( newline, the reserved words that
// precede commands, and inside $( ) and backquotes.
//
// It reads quotes and escapes but is not a parser: where it is unsure it
// leaves the text as it is, which hguard then judges as typed.
func expandAliases(line string, aliases map[string]string) string {
	return expandDefs(line, aliases, nil, nil)
}

// expandDefs is expandAliases with zsh's global aliases, expanded in any
// unquoted word (alias -g G='| sh': echo x G is echo x | sh), and suffix
// aliases, for a command word ending in .EXT (alias -s txt=vim: a.txt is
// vim a.txt).
func expandDefs(line string, aliases, globals, suffixes map[string]string) string {
	if len(aliases) == 0 && len(globals) == 0 && len(suffixes) == 0 {
		return line
	}
	type active struct {
		name string
		end  int // the expansion's text ends here; the name expands again after it
	}
	var (
		s        = line
		actives  []active
		cmdPos   = true
		forceAt  = -1 // the first word starting here is a command word (a value ended in a blank)
		inDouble []bool
		expanded int
	)
	isActive := func(name string, at int) bool {
		for _, a := range actives {
			if a.name == name && at < a.end {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(s); {
		c := s[i]
		dq := len(inDouble) > 0 && inDouble[len(inDouble)-1]
		if dq {
			switch {
			case c == '\\':
				i += 2
			case c == '"':
				inDouble = inDouble[:len(inDouble)-1]
				i++
			case strings.HasPrefix(s[i:], "$(") && !strings.HasPrefix(s[i:], "$(("):
				inDouble = append(inDouble, false)
				cmdPos = true
				i += 2
			default:
				i++
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2
			continue
		case c == '\n' || c == ';' || c == '&' || c == '|' || c == '(':
			cmdPos = true
			i++
			continue
		case c == ')':
			if len(inDouble) > 0 {
				inDouble = inDouble[:len(inDouble)-1]
			}
			cmdPos = false
			i++
			continue
		case c == '`':
			cmdPos = true
			i++
			continue
		case c == '<' || c == '>':
			// A redirection: its target is not a command word.
			i++
			for i < len(s) && (s[i] == '<' || s[i] == '>' || s[i] == '&' || s[i] == '|') {
				i++
			}
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			i = wordEnd(s, i)
			continue
		case c == '#':
			// A comment runs to the end of the line.
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case c == '"':
			inDouble = append(inDouble, true)
			cmdPos = false
			i++
			continue
		case strings.HasPrefix(s[i:], "$(") && !strings.HasPrefix(s[i:], "$(("):
			inDouble = append(inDouble, false)
			cmdPos = true
			i += 2
			continue
		}
		start, end := i, wordEnd(s, i)
		if end == start { // a character wordEnd does not take: step over it
			i++
			cmdPos = false
			continue
		}
		word := s[start:end]
		atCmd := cmdPos || (forceAt >= 0 && start >= forceAt)
		if forceAt >= 0 && start >= forceAt {
			forceAt = -1
		}
		value, isAlias := aliases[word]
		plain := !strings.ContainsAny(word, "'\"\\$`")
		global := false
		if g, ok := globals[word]; ok && !(atCmd && isAlias) {
			value, isAlias, global = g, true, true
		}
		if ext := path.Ext(word); atCmd && !isAlias && len(ext) > 1 && plain && !isActive(word, start) {
			if v, ok := suffixes[ext[1:]]; ok && expanded < maxAliasExpansions {
				// The word stays, after the value: it is the value's argument.
				expanded++
				s = s[:start] + v + " " + s[start:]
				actives = append(actives, active{word, start + len(v) + 1 + len(word)})
				cmdPos = true
				continue
			}
		}
		if (atCmd || global) && plain && isAlias && !isActive(word, start) && expanded < maxAliasExpansions {
			expanded++
			s = s[:start] + value + s[end:]
			delta := len(value) - len(word)
			for k := range actives {
				if actives[k].end > start {
					actives[k].end += delta
				}
			}
			actives = append(actives, active{word, start + len(value)})
			if strings.HasSuffix(value, " ") || strings.HasSuffix(value, "\t") {
				forceAt = start + len(value)
			}
			cmdPos = atCmd || !global // the value's first word is read again
			i = start
			continue
		}
		switch {
		case atCmd && reservedBeforeCommand[word]:
			cmdPos = true
		case atCmd && assignment(word):
			cmdPos = true // FOO=1 cmd: cmd is still the command word
		default:
			cmdPos = false
		}
		i = end
	}
	return s
}

// reservedBeforeCommand are the reserved words after which a command word follows.
var reservedBeforeCommand = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "do": true, "while": true, "until": true,
	"!": true, "{": true, "time": true,
}

// assignment says whether word is NAME=value.
func assignment(word string) bool {
	name, _, ok := strings.Cut(word, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// wordEnd returns where the shell word starting at i ends: at an unquoted
// blank or operator. Quotes and escapes inside the word are stepped over.
func wordEnd(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; c {
		case ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '`':
			return i
		case '\\':
			i += 2
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 2
			} else {
				return len(s)
			}
		case '"':
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' {
					i++
				}
				i++
			}
			i++
		case '$':
			if strings.HasPrefix(s[i:], "$(") {
				return i
			}
			i++
		default:
			i++
		}
	}
	return min(i, len(s))
}
