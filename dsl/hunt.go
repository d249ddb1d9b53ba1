package dsl

import (
	"path"
	"regexp"
	"strings"

	"github.com/hguard/hguard/dsl/cmdline"
)

// A search names secret files by pattern rather than by path: find ~ -name
// id_rsa -exec cat {} \;, locate .pgpass | xargs cat, cat $(fd -H -e pem),
// grep -rl 'PRIVATE KEY' / | xargs base64, and grep -r 'BEGIN OPENSSH
// PRIVATE KEY' -A40 ~ prints the keys it finds. No path in those lines is a
// secret file, so secretFiles alone misses them.

// huntedSecrets are the searches for secret files whose results c reads: a
// finder's -exec or -x command, xargs fed by a finder, or a finder's output
// substituted into c's words; and the secret lines a recursive grep over a
// broad directory prints. Each is returned as the search's pattern.
func huntedSecrets(c *cmdline.Command, line *cmdline.Line, env *CommandEnv) []string {
	prog := programName(c.Name)
	var out []string
	if recursiveReaders[prog] && prog != "diff" && prog != "colordiff" {
		if p := grepPrintsSecrets(prog, env.Args, env.Positional); p != "" {
			out = append(out, p)
		}
	}
	if secretUsers[c.Name] || secretUsers[prog] {
		return out
	}
	hunt := func(name string, args []string) {
		if p := secretSearch(programName(name), args); p != "" {
			out = append(out, p)
		}
	}
	if n := len(c.Wrappers); n > 0 {
		switch w := c.Wrappers[n-1]; programName(w.Name) {
		case "find", "gfind", "bfs", "fd", "fdfind":
			// The finder is the command emitted before c at the same place.
			for i := len(line.Commands) - 1; i >= 0; i-- {
				f := line.Commands[i]
				if f != c && f.Pos == c.Pos && f.Name == w.Name {
					hunt(f.Name, wordValues(f.Args))
					break
				}
			}
		case "xargs", "gxargs", "parallel":
			hunt(c.Stdin.From, env.Stdin.Args)
		}
	}
	for _, a := range c.Args {
		if a.Dynamic && (strings.Contains(a.Value, "$(") || strings.Contains(a.Value, "`")) {
			for _, f := range substituted(a.Value) {
				hunt(f.Name, wordValues(f.Args))
			}
		}
	}
	return out
}

// substituted parses the commands of a word's $(…) or `…` substitutions.
// It is only reached for a word holding one, which is rare.
func substituted(word string) []*cmdline.Command {
	inner := word
	if i := strings.Index(inner, "$("); i >= 0 {
		inner = inner[i+2:]
		if j := strings.LastIndexByte(inner, ')'); j >= 0 {
			inner = inner[:j]
		}
	} else if i := strings.IndexByte(inner, '`'); i >= 0 {
		inner = inner[i+1:]
		if j := strings.LastIndexByte(inner, '`'); j >= 0 {
			inner = inner[:j]
		}
	}
	if len(inner) > 4096 {
		return nil
	}
	return cmdline.ParseShell(inner, "bash").Commands
}

func wordValues(ws []cmdline.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Value
	}
	return out
}

// secretSearch is the first pattern of a finder's arguments that names
// secret files: find's -name, -iname, -path, -wholename and -regex, fd's
// pattern, -e and -g, locate's patterns, and grep -l's content pattern
// (files holding a private key). "" when none does.
func secretSearch(prog string, args []string) string {
	value := func(i int) string {
		if i+1 < len(args) {
			return args[i+1]
		}
		return ""
	}
	switch prog {
	case "find", "gfind", "bfs":
		for i, a := range args {
			switch a {
			case "-name", "-path", "-wholename", "-lname":
				if globNamesSecret(value(i), false) {
					return value(i)
				}
			case "-iname", "-ipath", "-iwholename", "-ilname":
				if globNamesSecret(value(i), true) {
					return value(i)
				}
			case "-regex", "-iregex":
				if regexpNamesSecret(value(i), a == "-iregex", true) {
					return value(i)
				}
			}
		}
	case "fd", "fdfind":
		glob := hasFlag(args, []string{"g", "glob"})
		for i, a := range args {
			switch {
			case a == "-e" || a == "--extension":
				if globNamesSecret("*."+strings.TrimPrefix(value(i), "."), true) {
					return value(i)
				}
			case strings.HasPrefix(a, "--extension="):
				if v := strings.TrimPrefix(a, "--extension="); globNamesSecret("*."+strings.TrimPrefix(v, "."), true) {
					return v
				}
			case strings.HasPrefix(a, "-") || i > 0 && (args[i-1] == "-e" || args[i-1] == "--extension" || args[i-1] == "-t" || args[i-1] == "--type" || args[i-1] == "-E" || args[i-1] == "--exclude" || args[i-1] == "-d" || args[i-1] == "--max-depth"):
			case glob && globNamesSecret(a, false), !glob && regexpNamesSecret(a, true, false):
				return a
			}
		}
	case "locate", "plocate", "mlocate", "slocate":
		for _, a := range args {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if strings.ContainsAny(a, "*?[") && globNamesSecret(a, true) || !strings.ContainsAny(a, "*?[") && substringNamesSecret(a) {
				return a
			}
		}
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "git":
		if prog == "git" && (len(args) == 0 || args[0] != "grep") {
			return ""
		}
		if pat := grepPattern(args); pat != "" && hasFlag(args, []string{"l", "files-with-matches"}) && regexpMatchesAny(pat, privateKeyLines) {
			return pat
		}
	}
	return ""
}

// grepPrintsSecrets is the pattern of a recursive grep over a home, the
// root, a system directory or /etc that prints the lines of keys or
// passwords it matches; "" otherwise (-l, -c, -q print no line).
func grepPrintsSecrets(prog string, args, pos []string) string {
	if prog != "rg" && prog != "ag" && !hasFlag(args, []string{"r", "R", "recursive", "dereference-recursive"}) {
		return ""
	}
	if hasFlag(args, []string{"l", "files-with-matches", "L", "files-without-match", "c", "count", "q", "quiet", "silent"}) {
		return ""
	}
	broad := false
	for _, p := range pos {
		if isBroad(p) || under(p, "/etc") || under(p, "/var") {
			broad = true
		}
	}
	pat := grepPattern(args)
	if !broad || pat == "" {
		return ""
	}
	if regexpMatchesAny(pat, privateKeyLines) || regexpMatchesAny(pat, passwordLines) {
		return pat
	}
	return ""
}

// grepPattern is grep's pattern: -e's value, or the first operand.
func grepPattern(args []string) string {
	if v := optionValues(args, []string{"e", "regexp"}, true); len(v) > 0 {
		return v[0]
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return args[i+1]
			}
			return ""
		case a == "grep" && i == 0: // git grep
		case a == "-f" || a == "--file" || a == "-m" || a == "--max-count" || a == "-A" || a == "-B" || a == "-C" || a == "--include" || a == "--exclude" || a == "-g" || a == "-t" || a == "--type":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return a
		}
	}
	return ""
}

// secretNames are names of files that hold a credential or key, and
// plainNames of files that do not: a pattern names secrets when it takes
// one of the first and none of the second (so * and *.* do not). *.pem
// is left out: certificates, which anyone may read, are named so too.
var (
	secretNames = []string{"id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "credentials", ".env", ".netrc", ".git-credentials",
		".pgpass", "shadow", "gshadow", "server.key", "tls.key", "wallet.dat", "vault.kdbx",
		"login.keychain-db", ".npmrc", ".pypirc", "key.p12", "cert.pfx", ".htpasswd", "master.key"}
	plainNames = []string{"main.go", "readme.md", "index.html", "notes.txt", "x", "makefile", "app.py", "config.yaml",
		"package.json", "a.out", "data.csv"}
	// privateKeyLines and passwordLines are lines a grep for secrets
	// matches; plainLines are lines any program holds.
	privateKeyLines = []string{"-----BEGIN RSA PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----", "-----BEGIN EC PRIVATE KEY-----"}
	passwordLines   = []string{"password = hunter2", "db_password: s3cret", "passwd=hunter2", "aws_secret_access_key = wJalrXUt", "api_key: 0123abcd", "secret_token=abc", "AKIAIOSFODNN7EXAMPLE"}
	plainLines      = []string{"hello world", "func main() {", "import os", "the quick brown fox", "# comment"}
)

// globNamesSecret reports whether a find -name style glob (or a -path one:
// only its last element counts) takes a secret file's name and no plain one.
func globNamesSecret(glob string, fold bool) bool {
	if glob == "" || len(glob) > 256 {
		return false
	}
	if i := strings.LastIndexByte(glob, '/'); i >= 0 && !strings.HasSuffix(glob, "/") {
		glob = glob[i+1:]
	}
	if fold {
		glob = strings.ToLower(glob)
	}
	match := func(names []string) bool {
		for _, n := range names {
			if ok, _ := path.Match(glob, n); ok {
				return true
			}
		}
		return false
	}
	return match(secretNames) && !match(plainNames)
}

// substringNamesSecret is locate's plain pattern: a substring of the path.
func substringNamesSecret(s string) bool {
	s = strings.ToLower(s)
	if len(s) < 3 {
		return false
	}
	return globNamesSecret("*"+s+"*", true)
}

// regexpNamesSecret reports whether a regular expression (find -regex
// matches the whole path, fd's pattern any part of the name) takes a secret
// file's name and no plain one.
func regexpNamesSecret(expr string, fold, whole bool) bool {
	if expr == "" || len(expr) > 256 {
		return false
	}
	if whole {
		expr = "^(?:" + expr + ")$"
	}
	if fold {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return false
	}
	prefix := ""
	if whole {
		prefix = "/home/u/x/" // find -regex sees the whole path
	}
	match := func(names []string) bool {
		for _, n := range names {
			if re.MatchString(prefix + n) {
				return true
			}
		}
		return false
	}
	return match(secretNames) && !match(plainNames)
}

// regexpMatchesAny reports whether grep's pattern (a basic or extended
// regular expression, read as Go's; -F patterns are plain text, which Go
// reads alike when they hold no metacharacters) matches one of lines and
// none of plainLines.
func regexpMatchesAny(pat string, lines []string) bool {
	if len(pat) > 256 {
		return false
	}
	re, err := regexp.Compile("(?i)" + pat)
	if err != nil {
		re, err = regexp.Compile("(?i)" + regexp.QuoteMeta(pat))
		if err != nil {
			return false
		}
	}
	for _, l := range plainLines {
		if re.MatchString(l) {
			return false
		}
	}
	for _, l := range lines {
		if re.MatchString(l) {
			return true
		}
	}
	return false
}
