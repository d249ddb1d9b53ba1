package dsl

import (
	"strings"
	"testing"
)

func TestLocalTestDatabase(t *testing.T) {
	for _, tc := range []struct {
		line string // the client's name and its words, split on spaces
		sql  string
		want bool
	}{
		{"dropdb test_db", "", true},
		{"dropdb -U postgres --if-exists app_test", "", true},
		{"dropdb -h localhost myapp-test", "", true},
		{"dropdb -h /var/run/postgresql app_test_2", "", true},
		{"dropdb -h db app_test", "", true}, // a compose service
		{"dropdb latest", "", false},
		{"dropdb contest", "", false},
		{"dropdb attestation", "", false},
		{"dropdb app_dev", "", false},
		{"dropdb -h db.prod.example.com app_test", "", false},
		{"dropdb --host=10.0.0.5 app_test", "", false},
		{"psql -U postgres", "DROP DATABASE IF EXISTS app_test WITH (FORCE);", true},
		{"psql -d postgres", "DROP DATABASE app_test", true},
		{"psql -d app_test", "TRUNCATE TABLE events, sessions RESTART IDENTITY;", true},
		{"psql postgres://u@localhost:5432/app_test", "TRUNCATE users", true},
		{"psql -d dbname=app_test", "TRUNCATE users", true}, // a conninfo string
		{"psql postgres://u@db.prod.example.com/app_test", "TRUNCATE users", false},
		{"psql postgres://localhost/app_test?host=prod.example.com", "TRUNCATE users", false},
		{"psql -d prod", "TRUNCATE users", false},
		{"psql", "TRUNCATE users", false},
		{"psql -d app_test", "DROP DATABASE prod", false},
		{"psql -d app_test", "DROP/**/DATABASE prod", false},
		{"psql -d app_test", `\c prod` + "\nTRUNCATE users", false},
		{"psql -U postgres", "DROP DATABASE app_test, prod", false},
		{"psql -U postgres", "DROP DATABASE app_test; DROP DATABASE prod", false},
		{"mysql -u root app_test", "TRUNCATE prod.users", false},
		{"mysql -u root app_test", "USE prod; TRUNCATE users", false},
		{"mysql -u root -D app_test", "DELETE FROM users", true},
		{"mysql -h prod.example.com -u root", "DROP DATABASE app_test", false},
		{"mysqladmin -u root -f drop app_test", "", true},
		{"mysqladmin -u root -f drop app", "", false},
		{"mongosh app_test", "db.dropDatabase()", true},
		{"mongosh mongodb://localhost:27017/app_test", "db.users.drop()", true},
		{"mongosh mongodb+srv://cluster0.example.net/app_test", "db.dropDatabase()", false},
		{"mongosh --host prod.example.com app_test", "db.dropDatabase()", false},
		{"mongosh app_test", `db.getSiblingDB("prod").dropDatabase()`, false},
		{"mongosh app_test", `new Mongo("prod.example.com").getDB("x").dropDatabase()`, false},
		{"mongosh", "db.dropDatabase()", false},
		{"sqlite3 test.db", "DROP TABLE users", true},
		{"sqlite3 db/app_test.sqlite3", "DELETE FROM users", true},
		{"sqlite3 dev.db", "DELETE FROM sessions", true},
		{"sqlite3 db/development.sqlite3", "DROP TABLE users", true},
		{"sqlite3 local.db", "DELETE FROM users", true},
		{"sqlite3 dev_prod.db", "DELETE FROM sessions", false},
		{"sqlite3 devices.db", "DELETE FROM sessions", false},
		{"sqlite3 ../other/dev.db", "DELETE FROM sessions", false},
		{"sqlite3 ~/app/dev.db", "DELETE FROM sessions", false},
		{"sqlite3 dev.db", "ATTACH 'prod.db' AS p; DELETE FROM p.users", false},
		{"psql -h localhost dev", "DROP DATABASE dev", false}, // a server's database is no file of the project
		{"sqlite3 app.db", "DROP TABLE users", false},
		{"sqlite3 /var/lib/app/test.db", "DROP TABLE users", false},
		{"sqlite3 ../other/test.db", "DROP TABLE users", false},
		{"sqlite3 test.db", "ATTACH 'prod.db' AS p; DROP TABLE p.users", false},
		{"redis-cli -n 15", "FLUSHDB", false},
	} {
		words := strings.Fields(tc.line)
		if got := localTestDatabase(words[0], words[1:], tc.sql); got != tc.want {
			t.Errorf("localTestDatabase(%q, sql %q) = %v, want %v", tc.line, tc.sql, got, tc.want)
		}
	}
}
