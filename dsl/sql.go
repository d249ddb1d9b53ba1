package dsl

import (
	"strings"

	"github.com/expr-lang/expr"
)

func init() {
	Funcs = append(Funcs, Func{Name: "sqlDestroys", Sig: "sqlDestroys(text) bool",
		Doc:     "SQL text drops, empties or wipes what it names: any DROP statement (a table, database, schema, view, materialized view, sequence, extension, owned objects; not an ALTER TABLE's DROP CONSTRAINT, DEFAULT, NOT NULL or INDEX), TRUNCATE, ALTER TABLE … DROP COLUMN, a DELETE … FROM or an UPDATE … SET without a WHERE or with one that holds for every row (WHERE true, 1=1, … OR 1=1); comments (/* */, --, #) and quoted text are read as SQL reads them",
		Example: `sqlDestroys(join(options("c", "command"), ";"))`,
		options: func() []expr.Option { return []expr.Option{strBool("sqlDestroys", sqlDestroys)} }})
}

// alterDropsNoData are the words after an ALTER statement's DROP that
// remove no rows or columns.
var alterDropsNoData = set("constraint", "default", "not", "identity", "expression", "check", "primary", "foreign", "key",
	"index", "trigger", "policy", "owner", "attribute", "value", "mapping", "rule")

// sqlDestroys reports SQL that drops, empties or wipes (see the Func's Doc).
func sqlDestroys(text string) bool {
	if !strings.ContainsFunc(text, func(r rune) bool { return r == 'd' || r == 'D' || r == 't' || r == 'T' || r == 'u' || r == 'U' }) {
		return false
	}
	for _, w := range sqlStatements(text) {
		at := func(k int) string {
			if k < 0 || k >= len(w) {
				return ""
			}
			return strings.TrimPrefix(w[k], commentWord)
		}
		for k := range w {
			prev, next := at(k-1), at(k+1)
			switch at(k) {
			case "drop":
				if next == "" || next == "(" || next == "." {
					continue // drop() in a function, a column named drop
				}
				if at(0) == "alter" && alterDropsNoData.has(next) {
					continue
				}
				return true
			case "truncate":
				if prev == "" || prev == "(" || next == "table" {
					return true
				}
			case "delete":
				if prev == "on" || prev == "grant" || prev == "revoke" || prev == "," || next == "on" || next == "," {
					continue // ON DELETE CASCADE, GRANT DELETE ON
				}
				if rest, ok := sqlAfter(w[k+1:], "from", 8); ok && !sqlFilters(rest) {
					return true
				}
			case "update":
				if prev == "on" || prev == "for" || prev == "do" || prev == "grant" || prev == "revoke" || prev == "," || next == "on" || next == "," {
					continue // ON UPDATE CASCADE, FOR UPDATE, ON CONFLICT DO UPDATE
				}
				if rest, ok := sqlAfter(w[k+1:], "set", 6); ok && !sqlFilters(rest) {
					return true
				}
			}
		}
	}
	return false
}

// sqlAfter finds word within the first n words and returns what follows.
func sqlAfter(w []string, word string, n int) ([]string, bool) {
	for i := 0; i < len(w) && i < n; i++ {
		if w[i] == word {
			return w[i+1:], true
		}
		if w[i] == "where" || w[i] == "select" {
			return nil, false
		}
	}
	return nil, false
}

// sqlFilters reports a WHERE clause among the words that leaves some rows
// out: one that holds for every row (WHERE true, WHERE 1=1, … OR 1=1) is
// no filter. A WHERE in a comment filters nothing.
func sqlFilters(w []string) bool {
	i := -1
	for j, x := range w {
		if x == "where" {
			i = j
			break
		}
	}
	if i < 0 {
		return false
	}
	cond := w[i+1:]
	for j := 0; j < len(cond); j++ {
		if (j == 0 || cond[j-1] == "or") && sqlAlways(cond[j:]) {
			return false
		}
	}
	return true
}

// sqlAlways reports a condition at the start of w that is always true and
// stands alone (the end of the clause, OR, or what follows a WHERE).
func sqlAlways(w []string) bool {
	alone := func(k int) bool {
		return k >= len(w) || w[k] == "or" || w[k] == ")" || w[k] == "returning" || w[k] == "limit" || w[k] == "order"
	}
	switch {
	case len(w) == 0:
		return false
	case len(w) >= 3 && w[1] == "=" && w[0] == w[2]:
		return alone(3) // 1=1, id=id, 'a'='a' (every string is read alike, which asks more, never less)
	case w[0] == "true" || w[0] == "1":
		return alone(1)
	case len(w) >= 2 && w[0] == "not" && w[1] == "false":
		return alone(2)
	}
	return false
}

// commentWord marks a word read inside a comment: it counts for a DROP
// (a dialect may not read the comment as one: MySQL's 1--1 is 1 - -1) but
// not as a WHERE that filters (DELETE FROM t -- WHERE id = 1).
const commentWord = "\x00"

// sqlStatements splits SQL text into statements of lowercased words and
// single punctuation marks. A quoted string is the word of two single
// quotes (a backslash ends nothing: Postgres reads 'a\' as a string), a
// quoted name the word x; the words of comments are kept, marked
// (commentWord), but MySQL's /*! … */ is code.
func sqlStatements(text string) [][]string {
	var stmts [][]string
	var cur []string
	word := strings.Builder{}
	comment := 0 // 1: to the end of the line, 2: to */
	flush := func() {
		if word.Len() > 0 {
			w := strings.ToLower(word.String())
			if comment > 0 {
				w = commentWord + w
			}
			cur = append(cur, w)
			word.Reset()
		}
	}
	end := func() {
		flush()
		if len(cur) > 0 {
			stmts = append(stmts, cur)
			cur = nil
		}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case comment == 1 && c == '\n', comment == 2 && c == '*' && i+1 < len(text) && text[i+1] == '/':
			flush()
			if comment == 2 {
				i++
			}
			comment = 0
		case comment == 0 && c == '/' && i+1 < len(text) && text[i+1] == '*':
			flush()
			i++
			if i+1 < len(text) && text[i+1] == '!' {
				i++ // /*!50001 DROP … */: MySQL runs the text
				for i+1 < len(text) && text[i+1] >= '0' && text[i+1] <= '9' {
					i++
				}
				continue
			}
			comment = 2
		case comment == 0 && (c == '-' && i+1 < len(text) && text[i+1] == '-' || c == '#'):
			flush()
			comment = 1
		case comment == 0 && (c == '\'' || c == '"' || c == '`'):
			flush()
			for i++; i < len(text) && text[i] != c; i++ {
			}
			if c == '\'' {
				cur = append(cur, "''")
			} else {
				cur = append(cur, "x")
			}
		case c == ';':
			end()
		case c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
			word.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flush()
		default:
			flush()
			if comment == 0 {
				cur = append(cur, string(c))
			}
		}
	}
	end()
	return stmts
}
