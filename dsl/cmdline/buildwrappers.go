package cmdline

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Gradle's wrapper task and the Maven Wrapper write a script into a
// project (gradlew, mvnw) that finds a JVM, downloads the build tool's
// distribution its properties name and runs it. Read as any project
// script, their sh idioms ask an agent (gradlew's eval "set -- $(… | xargs
// -n1 | sed …)" rebuilding its arguments, mvnw's download paths computed
// at run time) on every ./gradlew build. A script whose text is exactly
// one the official generators write is read as what it amounts to: the
// build tool run on the project's build files (runsProjectBuild), the
// distribution its properties name judged as code from that address
// (wrapperDistribution). Any other text, a single byte changed, is read
// as the script it is: a poisoned copy may keep every official line and
// change one variable. So may the environment: a variable the official
// text reads (WrapperEnv) set on the line or by the session, or a
// directory put on PATH, keeps the script read too.

// officialWrappers maps the SHA-256 of each official wrapper text to the
// build tool it runs: "gradle" or "maven". Each is checked against a copy
// in testdata/wrappers.
var officialWrappers = map[string]string{
	"fb68debc1b1acf8ec55dc0d5e5495e1dedd0bd6b61f304bee61613eeb2bd9b92": "gradle", // Gradle 8.14–9.2
	"c31b9938f5f17e2608f068c50bb5ada01465c1d8039f7e729d6e2b70126d31d4": "maven",  // Maven Wrapper 3.3.4, only-script
}

// WrapperEnv are the variables an official wrapper text, the wrapper jar
// it starts or the JVM reads that change what runs or where the
// distribution comes from: a JVM, its options, the build tool's home
// (Gradle's init scripts, a prepared distribution), a download mirror.
// The model carries them from line to line (CarriedEnv).
var WrapperEnv = []string{
	"JAVA_HOME", "JAVACMD", "JAVA_OPTS", "GRADLE_OPTS", "GRADLE_USER_HOME", "MAVEN_OPTS", "MAVEN_USER_HOME",
	"MAVEN_HOME", "MAVEN_ARGS", "MAVEN_CONFIG", "MAVEN_SKIP_RC", "MVNW_REPOURL", "CDPATH", "PATH",
	"JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "DEFAULT_JVM_OPTS", "APP_HOME", "HOME",
}

// officialWrapper is the build tool an official wrapper text runs, "" for
// any other text.
func officialWrapper(text string) string {
	sum := sha256.Sum256([]byte(text))
	return officialWrappers[hex.EncodeToString(sum[:])]
}

// wrapperTool is the build tool a wrapper's name runs: gradlew Gradle,
// mvnw Maven.
func wrapperTool(prog string) string {
	switch prog {
	case "gradlew":
		return "gradle"
	case "mvnw":
		return "maven"
	}
	return ""
}

// runsOfficialWrapper reports c, a wrapper script whose text in is
// known, as one of the official texts run in the environment it expects:
// no WrapperEnv variable set for it on the line or by the session, no
// directory put on PATH.
func (w *walker) runsOfficialWrapper(c *Command, in Input) bool {
	tool := wrapperTool(program(c.Name))
	if tool == "" || !in.Static || officialWrapper(in.Text) != tool ||
		len(w.line.PathDirs) > 0 || len(w.before.Path) > 0 {
		return false
	}
	for _, name := range WrapperEnv {
		if slices.ContainsFunc(c.Assigns, func(a Assign) bool { return a.Name == name }) {
			return false
		}
		if _, ok := w.line.Exports[name]; ok {
			return false
		}
		if _, ok := w.before.Exports[name]; ok {
			return false
		}
		if _, ok := w.vars[name]; ok {
			return false
		}
	}
	return true
}

// wrapperDistribution is the first address in a wrapper's properties
// text that is not the tool's own distribution: the wrapper downloads
// it and runs what it unpacks (Gradle's distributionUrl; the Maven
// Wrapper's distributionUrl, and wrapperUrl for the jar it downloads
// when the project has none). "" when every address is official.
//
// The text is read both ways a wrapper reads it, as java.util.Properties
// (the wrapper jars: key and value split at '=', ':' or a space, \uXXXX
// escapes, continued lines, the last value winning) and, for Maven, as
// mvnw's own loop (split at the first '=', every space taken out of the
// value); every value either finds is judged.
func wrapperDistribution(tool, text string) string {
	keys := []string{"distributionUrl"}
	if tool == "maven" {
		keys = append(keys, "wrapperUrl")
	}
	var values []string
	for _, kv := range javaProperties(text) {
		if slices.Contains(keys, kv[0]) {
			values = append(values, kv[1])
		}
	}
	for _, l := range strings.Split(text, "\n") {
		k, v, ok := strings.Cut(l, "=")
		if ok && tool == "maven" && slices.Contains(keys, k) {
			values = append(values, strings.Join(strings.Fields(v), ""))
		}
	}
	for _, v := range values {
		if !officialDistribution(tool, v) {
			return v
		}
	}
	return ""
}

// officialDistribution reports an address the tool's own project
// publishes at: https on Gradle's distribution hosts, or under Maven
// Central's org/apache/maven (where only Apache publishes; another group
// on Central is anyone's).
func officialDistribution(tool, raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Port() != "" || u.RawQuery != "" || u.Fragment != "" ||
		strings.Contains(u.EscapedPath(), "%") || strings.Contains(u.Path, "..") || path.Clean(u.Path) != u.Path {
		return false
	}
	host := strings.ToLower(u.Hostname())
	switch tool {
	case "gradle":
		return gradleDistributionHosts.has(host)
	case "maven":
		return (host == "repo.maven.apache.org" || host == "repo1.maven.org") && strings.HasPrefix(u.Path, "/maven2/org/apache/maven/")
	}
	return false
}

// javaProperties are the key-value pairs of a .properties text as
// java.util.Properties.load reads them, in order.
func javaProperties(text string) [][2]string {
	var out [][2]string
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimLeft(lines[i], " \t\f")
		if l == "" || l[0] == '#' || l[0] == '!' {
			continue
		}
		// a line ending in an odd number of backslashes goes on
		for continued(l) && i+1 < len(lines) {
			i++
			l = l[:len(l)-1] + strings.TrimLeft(lines[i], " \t\f")
		}
		key, value := splitProperty(l)
		out = append(out, [2]string{unescapeProperty(key), unescapeProperty(value)})
	}
	return out
}

// continued reports a properties line ending in an odd number of
// backslashes.
func continued(l string) bool {
	n := 0
	for i := len(l) - 1; i >= 0 && l[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// splitProperty splits a logical properties line at its key's end: the
// first unescaped '=', ':' or blank, with the blanks and one '=' or ':'
// after it.
func splitProperty(l string) (key, value string) {
	i := 0
	for ; i < len(l); i++ {
		if l[i] == '\\' {
			i++
			continue
		}
		if strings.IndexByte("=: \t\f", l[i]) >= 0 {
			break
		}
	}
	if i >= len(l) {
		return l, ""
	}
	key, rest := l[:i], l[i:]
	if rest[0] != '=' && rest[0] != ':' {
		rest = strings.TrimLeft(rest, " \t\f")
	}
	if rest != "" && (rest[0] == '=' || rest[0] == ':') {
		rest = rest[1:]
	}
	return key, strings.TrimLeft(rest, " \t\f")
}

// unescapeProperty undoes a properties text's escapes: \t \n \r \f,
// \uXXXX, and a backslash before any other character.
func unescapeProperty(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 'f':
			b.WriteByte('\f')
		case 'u':
			if i+4 < len(s) {
				if r, err := strconv.ParseUint(s[i+1:i+5], 16, 16); err == nil {
					b.WriteRune(rune(r))
					i += 4
					continue
				}
			}
			b.WriteString(`\u`) // malformed: Java refuses the file; keep it unofficial
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// shellRunsOfficialWrapper follows sh gradlew build, a shell given an
// official wrapper script (file, its text in) as its operand, as
// ./gradlew build: the line after the script's word walked in its place.
// It reports whether it did.
func (w *walker) shellRunsOfficialWrapper(c *Command, args []field, file string, in Input, cx ctx) bool {
	base := path.Base(file)
	if c.Name == "source" || c.Name == "." || wrapperTool(base) == "" ||
		!w.runsOfficialWrapper(&Command{Name: base, Assigns: c.Assigns}, in) {
		return false
	}
	for i, a := range args {
		if a.Dynamic || homeSpelled(pwdRelative(a)) != file {
			continue
		}
		words := []string{file}
		if !strings.Contains(file, "/") {
			words[0] = "./" + file
		}
		for _, a := range args[i+1:] {
			if a.Dynamic {
				return false
			}
			words = append(words, a.Value)
		}
		w.nested(c, shellQuoteWords(words), "the official "+base+" the shell runs", cx, false)
		return true
	}
	return false
}
