package dsl

import (
	"slices"
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
func sqlStatements(text string) [][]string { return sqlWords(text, false) }

// sqlStatementsNamed is sqlStatements with what quotes hold kept,
// lowercased: a string as 'text', a quoted name as its name ('root'@'%'
// is the words 'root', @, '%').
func sqlStatementsNamed(text string) [][]string { return sqlWords(text, true) }

func sqlWords(text string, named bool) [][]string {
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
			from := i + 1
			for i++; i < len(text) && text[i] != c; i++ {
			}
			switch q := strings.ToLower(text[from:min(i, len(text))]); {
			case named && c == '\'':
				cur = append(cur, "'"+q+"'")
			case named:
				cur = append(cur, q)
			case c == '\'':
				cur = append(cur, "''")
			default:
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

func init() {
	Funcs = append(Funcs, Func{Name: "sqlGrants", Sig: "sqlGrants(text) bool",
		Doc:     "SQL text gives an account power over the server or takes one over: a GRANT on every database (ON *.*, other than USAGE), to PUBLIC, WITH GRANT or ADMIN OPTION, or of a server role (superuser, rds_superuser, pg_read_server_files, pg_write_server_files, pg_execute_server_program, pg_read_all_data, pg_write_all_data, sysadmin, db_owner, root, CockroachDB's admin), on the mysql schema, PROXY, CONTROL SERVER or IMPERSONATE; SQL Server's ALTER SERVER ROLE, sp_addsrvrolemember and sp_addrolemember of db_owner; a CREATE or ALTER of a USER, ROLE or LOGIN with SUPERUSER, CREATEROLE or BYPASSRLS; a password set for the server's own administrator (root, postgres, sa, admin) (SET PASSWORD FOR, ALTER USER … IDENTIFIED BY, ALTER ROLE … PASSWORD, ALTER LOGIN … WITH PASSWORD), or an empty one for any account; a write to the server's account tables (mysql.user, mysql.db, mysql.global_priv, pg_authid); comments and quoted text are read as in sqlDestroys. REVOKE takes power away and is not one",
		Example: `sqlGrants(join(options("c", "command"), ";"))`,
		options: func() []expr.Option { return []expr.Option{strBool("sqlGrants", sqlGrants)} }})
}

// serverRoles are the roles that make their holder the server's
// administrator or let it read and write the server's files.
var serverRoles = set("superuser", "rds_superuser", "cloudsqlsuperuser", "azure_pg_admin", "pg_read_server_files", "pg_write_server_files",
	"pg_execute_server_program", "pg_read_all_data", "pg_write_all_data", "sysadmin", "securityadmin", "db_owner", "root", "dbadmin", "accountadmin", "admin")

// adminAccounts are the accounts a database server is installed with as
// its administrator.
var adminAccounts = set("root", "postgres", "sa", "admin", "rdsadmin", "mysql.sys", "mysql.session")

// accountTables are the server's own tables of accounts and privileges.
var accountTables = set("user", "db", "global_priv", "tables_priv", "columns_priv", "proxies_priv", "pg_authid")

// emptyPassword reports a password clause whose value, the quoted word
// right after BY, PASSWORD or = (IDENTIFIED WITH plugin BY …), is an
// empty string.
func emptyPassword(rest []string) bool {
	armed := false
	for _, x := range rest {
		switch {
		case x == "by" || x == "=" || x == "password":
			armed = true
		case armed && strings.HasPrefix(x, "'"):
			return x == "''"
		default:
			armed = false
		}
	}
	return false
}

// procSubSQL opens the quotes of an echo or printf in a process
// substitution (a single quote only where it starts the argument, for
// SQL's own strings), so that what it prints is read as statements.
var procSubSQL = strings.NewReplacer("<(echo '", ";", "<(printf '", ";", "<(echo ", ";", "<(printf ", ";", "\"", " ")

// sqlGrants reports SQL that gives power over the server (see the Func's Doc).
func sqlGrants(text string) bool {
	if strings.Contains(text, "<(") {
		// psql -f <(echo "ALTER ROLE x SUPERUSER"): the text the
		// substitution prints is read as a file of SQL
		text += ";" + procSubSQL.Replace(text)
	}
	for _, w := range sqlStatementsNamed(text) {
		at := func(k int) string {
			if k < 0 || k >= len(w) {
				return ""
			}
			return strings.TrimPrefix(w[k], commentWord)
		}
		// the account a statement names after USER or ROLE (MySQL's
		// 'root'@'localhost' is a quoted string, read as '')
		account := func(k int) string {
			for ; k < len(w); k++ {
				if x := at(k); x != "if" && x != "not" && x != "exists" {
					return strings.Trim(x, "'")
				}
			}
			return ""
		}
		switch at(0) {
		case "grant":
			on, to := -1, -1
			for k := range w {
				switch at(k) {
				case "on":
					if on < 0 {
						on = k
					}
				case "to":
					to = k
				}
			}
			if on > 0 && at(on+1) == "*" && at(on+2) == "." && at(on+3) == "*" && !(on == 2 && at(1) == "usage") {
				return true // GRANT SELECT ON *.*: every database, mysql.user among them
			}
			if on > 0 && at(on+1) == "mysql" && at(on+2) == "." && !(on == 2 && at(1) == "usage") {
				return true // GRANT ALL ON mysql.*: the server's own accounts and privileges
			}
			if at(1) == "proxy" {
				return true // GRANT PROXY ON 'root'@…: log in as another account
			}
			if to > 0 {
				for k := to + 1; k < len(w); k++ {
					if at(k) == "public" && (at(k-1) == "to" || at(k-1) == ",") {
						return true // every account, those made later too
					}
				}
			}
			for k := range w {
				if at(k) == "with" && (at(k+1) == "grant" || at(k+1) == "admin") && at(k+2) == "option" {
					return true
				}
				if (at(k) == "control" || at(k) == "impersonate") && at(k+1) == "server" || at(k) == "impersonate" && at(k+1) == "any" {
					return true // SQL Server's GRANT CONTROL SERVER, IMPERSONATE ANY LOGIN
				}
			}
			if on < 0 {
				for k := 1; k < len(w) && (to < 0 || k < to); k++ {
					if serverRoles.has(at(k)) {
						return true // GRANT rds_superuser TO app
					}
				}
			}
		case "create", "alter":
			if at(0) == "alter" && at(1) == "server" && at(2) == "role" {
				return true // SQL Server's ALTER SERVER ROLE sysadmin ADD MEMBER
			}
			if at(1) != "user" && at(1) != "role" && at(1) != "login" {
				continue
			}
			if at(1) == "role" && serverRoles.has(account(2)) && slices.Contains(w, "add") {
				return true // ALTER ROLE db_owner ADD MEMBER x
			}
			for k := 2; k < len(w); k++ {
				switch at(k) {
				case "superuser", "createrole", "bypassrls":
					return true
				case "identified", "password":
					if at(0) == "alter" && adminAccounts.has(account(2)) {
						return true // ALTER USER root IDENTIFIED BY, ALTER ROLE postgres PASSWORD, ALTER LOGIN sa WITH PASSWORD
					}
					if emptyPassword(w[k:]) {
						return true // IDENTIFIED BY '': an account anyone logs in to
					}
				}
			}
		case "set":
			if at(1) == "password" && at(2) == "for" && (adminAccounts.has(account(3)) || slices.Contains(w, "=") && emptyPassword(w[slices.Index(w, "="):])) {
				return true
			}
		case "exec", "execute", "sp_addsrvrolemember":
			// SQL Server's procedures: a server role (sysadmin) given, or
			// a database's owner role
			proc := at(0)
			if proc != "sp_addsrvrolemember" {
				proc = at(1)
			}
			if proc == "sp_addsrvrolemember" || proc == "sp_addrolemember" && slices.ContainsFunc(w, func(x string) bool { return serverRoles.has(strings.Trim(x, "'")) }) {
				return true
			}
		case "update", "insert", "replace", "delete":
			for k := 1; k < len(w) && k < 6; k++ {
				if at(k) == "mysql" && at(k+1) == "." && accountTables.has(at(k+2)) || at(k) == "pg_authid" {
					return true
				}
			}
		}
	}
	return false
}
