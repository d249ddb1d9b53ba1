package dsl

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
)

func init() {
	Funcs = append(Funcs, Func{Name: "localTestDatabase", Sig: "localTestDatabase(name, args, sql) bool",
		Doc:     "a database client's destructive work stays in a test database on this machine: every database it names (dropdb's and mysqladmin drop's operand; the one a client connects to by -d, -D, --dbname, --database, its operand or a URI, when the SQL does more than drop databases; each DROP DATABASE or SCHEMA target, each USE and getSiblingDB of the SQL or code sql, each db. of db.table in it) has test, tests or testing as a whole part of its name (test_db, app_test, myapp-test; not latest or contest), at least one is named, and every host is absent, a socket directory, loopback or a compose service's bare name (-h, --host, a URI's, a conninfo's host=); for sqlite3 a relative file of the project so named (test.db, app_test.sqlite3), or named dev, development or local as a whole part and not prod, production, live, staging, stage, main or shared (dev.db, development.sqlite3: the developer's own), with no ATTACH; not when the SQL reconnects (\\c, \\connect) or the code opens another connection (Mongo(), connect())",
		Example: `!localTestDatabase(name, args, stdin.text)`,
		options: func() []expr.Option {
			return []expr.Option{expr.Function("localTestDatabase", func(p ...any) (any, error) {
				name, ok1 := p[0].(string)
				sql, ok2 := p[2].(string)
				if !ok1 || !ok2 {
					return nil, fmt.Errorf("localTestDatabase: want (string, list, string), got (%T, %T, %T)", p[0], p[1], p[2])
				}
				args, err := anyStrings(p[1])
				if err != nil {
					return nil, fmt.Errorf("localTestDatabase: %w", err)
				}
				return localTestDatabase(name, args, sql), nil
			}, new(func(string, []string, string) bool))}
		}})
	Funcs = append(Funcs, Func{Name: "localTestURL", Sig: "localTestURL(url) bool",
		Doc:     "a database address (a URI such as postgres://localhost/app_test, or a libpq conninfo host=… dbname=…) whose database has test, tests or testing as a whole part of its name, as localTestDatabase reads one, and whose host is absent, a socket directory, loopback or a compose service's bare name; a DNS-named cluster (mongodb+srv) or a query naming another host is not",
		Example: `localTestURL((assigns ?? {}).DATABASE_URL ?? "")`,
		options: func() []expr.Option { return []expr.Option{strBool("localTestURL", localTestURL)} }})
}

// localTestURL: see the Func's Doc.
func localTestURL(s string) bool {
	if !strings.Contains(s, "://") && !strings.Contains(s, "=") {
		return false
	}
	host, db, ok := dbAddress(s)
	return ok && localDatabaseHost(host) && testDatabaseName(db)
}

// dbClientValues are the options of the database clients that take the
// next word as their value, by client family; a value attached
// (--host=x, -hx) is read as well.
var dbClientValues = map[string]*nameSet{
	"postgres": set("-h", "--host", "-d", "--dbname", "-p", "--port", "-U", "--username", "-c", "--command", "-f", "--file",
		"-v", "--set", "--variable", "-o", "--output", "-L", "--log-file", "-F", "--field-separator", "-R", "--record-separator",
		"-P", "--pset", "-T", "--table-attr", "--maintenance-db", "-S", "--tablespace", "-O", "--owner", "-E", "--encoding",
		"-l", "--locale", "--lc-collate", "--lc-ctype", "-D", "--template"),
	"mysql": set("-h", "--host", "-D", "--database", "-u", "--user", "-P", "--port", "-e", "--execute", "-S", "--socket",
		"--protocol", "--default-character-set", "--defaults-file", "--defaults-extra-file", "--login-path", "--init-command"),
	"mongo": set("--host", "--port", "-u", "--username", "-p", "--password", "--eval", "-f", "--file",
		"--authenticationDatabase", "--authenticationMechanism", "--tlsCAFile", "--tlsCertificateKeyFile"),
	"sqlite": set("-cmd", "-init", "-separator", "-newline", "-nullvalue", "-vfs", "-mmap", "-maxsize", "-heap",
		"-lookaside", "-pagecache", "-escape"),
}

// dbClientFamily names the family of a database client, "" for another program.
func dbClientFamily(name string) string {
	switch name {
	case "psql", "pgcli", "dropdb", "createdb":
		return "postgres"
	case "mysql", "mariadb", "mysqladmin", "mycli":
		return "mysql"
	case "mongosh", "mongo":
		return "mongo"
	case "sqlite3", "sqlite", "litecli":
		return "sqlite"
	}
	return ""
}

var (
	// sqlDropsDatabase is a DROP DATABASE or SCHEMA statement and its targets.
	sqlDropsDatabase = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?is)\bdrop\s+(?:database|schema)\s+(?:if\s+exists\s+)?([^;]*)`)
	})
	// sqlDropOptions are what may follow a dropped database's name.
	sqlDropOptions = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?is)\s+(?:with\s*\(\s*force\s*\)|cascade|restrict)\s*$`)
	})
	// sqlSwitches are the SQL and code that move to another database, by name.
	sqlSwitches = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\buse\W+([\w$-]+)|get(?:Sibling)?DB\(\s*["'\x60]([^"'\x60]*)`)
	})
	// sqlQualified is a table written with its database, db.table, after a word that names a table.
	sqlQualified = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile("(?i)\\b(?:from|table|update|into|join|truncate|exists)\\s+[`\"]?([\\w$-]+)[`\"]?\\s*\\.")
	})
	// sqlElsewhere is SQL or code that reaches a database by an address of its own.
	sqlElsewhere = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\\c(?:onnect)?\b|\bMongo\s*\(|\bconnect\s*\(|\battach\b|\bdblink|\bfederated\b|\bpostgres_fdw\b`)
	})
	// testWord is a whole part of a name that says test.
	testWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(?:^|[_.-])(?:test|tests|testing)(?:$|[_.-])`) })
	// devWord is a whole part of a file's name that says a developer's own database.
	devWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:^|[_.-])(?:dev|development|local)(?:$|[_.-])`)
	})
	// prodWord is a whole part of a name that says a database others use.
	prodWord = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)(?:^|[_.-])(?:prod|production|live|staging|stage|main|shared)(?:$|[_.-])`)
	})
)

// localTestDatabase: see the Func's Doc.
func localTestDatabase(name string, args []string, sql string) bool {
	family := dbClientFamily(name)
	if family == "" {
		return false
	}
	var hosts, operands []string
	values := dbClientValues[family]
	connected := "" // the database the client connects to
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		opt, value, attached := strings.Cut(a, "=")
		if !strings.HasPrefix(a, "-") || a == "-" {
			operands = append(operands, a)
			continue
		}
		if !attached {
			if !values.has(a) {
				if family != "sqlite" && len(a) > 2 && a[1] != '-' && values.has(a[:2]) {
					opt, value = a[:2], a[2:] // -hlocalhost, -dapp_test
				} else {
					continue
				}
			} else if i+1 < len(args) {
				i++
				value = args[i]
			}
		}
		if family == "sqlite" {
			if opt == "-cmd" || opt == "-init" {
				sql += ";" + value
			}
			continue
		}
		switch opt {
		case "-h", "--host":
			hosts = append(hosts, value)
		case "-S", "--socket":
			if family == "mysql" {
				hosts = append(hosts, "/")
			}
		case "-d", "--dbname":
			if family == "postgres" {
				connected = value
			}
		case "-D", "--database":
			if family == "mysql" {
				connected = value
			}
		case "-c", "--command", "-e", "--execute", "--eval":
			sql += ";" + value
		}
	}
	if sqlElsewhere().MatchString(sql) {
		return false
	}
	var names []string
	switch {
	case family == "sqlite":
		return len(operands) > 0 && localTestFile(operands[0])
	case name == "dropdb":
		if len(operands) != 1 {
			return false
		}
		names = append(names, operands[0])
	case name == "mysqladmin":
		for i, op := range operands {
			if strings.EqualFold(op, "drop") {
				if i+1 >= len(operands) {
					return false
				}
				names = append(names, operands[i+1])
			}
		}
	default:
		if len(operands) > 0 && connected == "" {
			connected = operands[0]
		}
	}
	// A URI or conninfo string names the host and the database.
	if strings.Contains(connected, "://") || strings.Contains(connected, "=") {
		host, db, ok := dbAddress(connected)
		if !ok {
			return false
		}
		hosts, connected = append(hosts, host), db
	} else if family == "mongo" && strings.Contains(connected, "/") {
		host, db, _ := strings.Cut(connected, "/") // mongosh host:27017/app_test
		hosts, connected = append(hosts, host), db
	}
	for _, h := range hosts {
		if !localDatabaseHost(h) {
			return false
		}
	}
	// The database connected to matters when the SQL does more than drop
	// databases by name: mongosh's db.dropDatabase(), a TRUNCATE.
	rest := sqlDropsDatabase().ReplaceAllStringFunc(sql, func(stmt string) string {
		targets := sqlDropOptions().ReplaceAllString(sqlDropsDatabase().FindStringSubmatch(stmt)[1], "")
		for t := range strings.SplitSeq(targets, ",") {
			names = append(names, strings.Trim(strings.TrimSpace(t), "`\"'"))
		}
		return ""
	})
	switch {
	case connected == "" && family == "mongo" && !mongoUsesConnected(rest):
		// db.getSiblingDB("app_test").dropDatabase() leaves the
		// database connected to alone
	case connected == "" && family == "mysql" && destroysQualifiedOnly(rest):
		// mysql with no database named reaches only those the SQL names
		// (DELETE FROM app_test.users)
	case family == "mongo" || sqlDestroys(rest):
		names = append(names, connected)
	}
	if lower := strings.ToLower(rest); family != "mongo" && (strings.Contains(lower, "database") || strings.Contains(lower, "schema")) {
		return false // DROP/**/DATABASE: a form the pattern above does not read
	}
	for _, m := range sqlSwitches().FindAllStringSubmatch(rest, -1) {
		names = append(names, m[1]+m[2])
	}
	for _, m := range sqlQualified().FindAllStringSubmatch(rest, -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 {
		return false
	}
	for _, n := range names {
		if !testDatabaseName(n) {
			return false
		}
	}
	return true
}

// mongoUsesConnected reports mongosh code that reaches the database it
// is connected to: db other than as db.getSiblingDB(…) or db.getDB(…).
func mongoUsesConnected(code string) bool {
	return mongoDB().MatchString(mongoOtherDB().ReplaceAllString(code, ""))
}

var (
	mongoOtherDB = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bdb\s*\.\s*get(?:Sibling)?DB\s*\(`) })
	mongoDB      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bdb\b`) })
)

// destroysQualifiedOnly reports SQL whose every destructive statement
// names its tables with their database (DELETE FROM app_test.users).
func destroysQualifiedOnly(sql string) bool {
	for stmt := range strings.SplitSeq(sql, ";") {
		if sqlDestroys(stmt) && !sqlQualified().MatchString(stmt) {
			return false
		}
	}
	return true
}

// testDatabaseName reports a database name with test, tests or testing as
// a whole part: test, test_db, app_test, myapp-test, app_test_2; not
// latest, contest or attestation.
func testDatabaseName(n string) bool {
	return n != "" && !strings.ContainsAny(n, " \t$`/\\*?") && testWord().MatchString(n)
}

// localTestFile reports a sqlite database file of the project named as a
// test one (test.db, db/app_test.sqlite3) or as the developer's own (dev.db,
// development.sqlite3, local.db: a file on this machine, no one else's
// data; not dev_prod.db); not an absolute path, one above the project, nor
// an in-memory or URI database.
func localTestFile(file string) bool {
	if file == "" || strings.HasPrefix(file, "/") || strings.HasPrefix(file, "~") || strings.Contains(file, ":") || strings.ContainsAny(file, "$`*?") {
		return false
	}
	if clean := path.Clean(file); clean == ".." || strings.HasPrefix(clean, "../") {
		return false
	}
	base := path.Base(file)
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return testDatabaseName(base) || devWord().MatchString(base) && !prodWord().MatchString(base)
}

// localDatabaseHost reports a database host on this machine or the
// developer's own compose network: none, a socket directory, loopback,
// a bare service name (db, postgres).
func localDatabaseHost(h string) bool {
	h = strings.Trim(h, "'\"")
	if h == "" || strings.HasPrefix(h, "/") {
		return true
	}
	for part := range strings.SplitSeq(h, ",") { // host lists: h1,h2
		host := part
		if strings.HasPrefix(host, "[") {
			host, _, _ = strings.Cut(strings.TrimPrefix(host, "["), "]")
		} else if strings.Count(host, ":") == 1 {
			host, _, _ = strings.Cut(host, ":")
		}
		if !isLocalHost(strings.ToLower(host)) {
			return false
		}
	}
	return true
}

// dbAddress reads the host and database of a connection URI
// (postgres://u@localhost:5432/app_test, mongodb://localhost/app_test) or
// a libpq conninfo string (host=localhost dbname=app_test); ok is false
// for a form that names a cluster by DNS (mongodb+srv) or one not read.
func dbAddress(s string) (host, db string, ok bool) {
	s = strings.Trim(s, "'\"")
	if scheme, rest, isURI := strings.Cut(s, "://"); isURI {
		if strings.Contains(scheme, "+srv") {
			return "", "", false
		}
		hostport, pathQuery, _ := strings.Cut(rest, "/")
		if i := strings.LastIndexByte(hostport, '@'); i >= 0 {
			hostport = hostport[i+1:]
		}
		db, query, _ := strings.Cut(pathQuery, "?")
		if strings.Contains(query, "host=") {
			return "", "", false // postgres://…/db?host=elsewhere
		}
		return hostport, db, true
	}
	for field := range strings.FieldsSeq(s) {
		k, v, _ := strings.Cut(field, "=")
		switch k {
		case "host", "hostaddr":
			host = v
		case "dbname":
			db = v
		case "service":
			return "", "", false
		}
	}
	return host, db, true
}
