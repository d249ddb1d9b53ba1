package shelldiff

import (
	"math/rand"
	"strings"
)

// The generator: a small grammar of tricky lines per dialect, deterministic
// from its seed. A template is expanded by replacing its holes, each by a
// random choice that may hold holes of its own (down to a depth):
//
//	{C} a command line (recursing into the templates)
//	{S} a simple command: [assignments] name arguments [redirection]
//	{N} a program's name, spelled in one of the ways a shell resolves it
//	{P} a program's plain name
//	{A} an argument word: quoting, escapes, expansions, look-alikes
//	{R} a redirection
//
// The programs are all stubs in the sandbox, so nothing a line runs does
// anything; the shells' builtins run for real, but inside the sandbox.
type grammar struct {
	templates []string // {C}
	simple    []string // {S}
	names     []string // {N}; %s is the plain name
	args      []string // {A}
	redirs    []string // {R}
}

var programs = []string{"rm", "touch", "mkdir", "cp", "mv", "chmod", "chown", "curl", "wget", "git", "ls", "cat", "tee", "grep", "python3", "node", "ssh", "dd", "find", "tar", "sed", "awk", "sort", "head", "kill", "shred", "truncate", "ln", "docker", "kubectl", "npm", "pip", "make", "base64", "xxd"}

// Shared by bash and zsh (and mostly POSIX).
var shNames = []string{"%s", "%s", "%s", "/bin/%s", "/usr/bin/%s", `\%s`, "'%s'", `"%s"`, "%s''", `%s""`, "command %s", "env %s", "sudo %s", "nice -n 5 %s", "timeout 5 %s", "nohup %s", "exec %s", "time %s", "env -i %s", "sudo -u root %s", "env X=1 Y=2 %s", "stdbuf -oL %s", "ionice -c3 %s", "\\\n%s"}

var shArgs = []string{
	"-rf", "-r", "-f", "-rf", "--force", "--recursive", "--rec", "--forc", "-v", "-rfv", "--", "-", "-x",
	"/tmp/x", "/tmp/x", "/", "/etc", "~", "~/x", "~root", "~/", ".", "..", "x", "a.txt", "./y", "../z",
	"*", "a*", "/tmp/*", "?", "[ab]", "/???", "*.txt",
	`"a b"`, `'a b'`, `a\ b`, `"$HOME/x"`, `"${HOME}"`, `$HOME`, `${HOME}/x`, `"$X"`, `$X`, `${X:-/d}`, `"${X:-/tmp/d}"`, `${X:=/tmp/e}`, `${#HOME}`, `${HOME%/*}`, `${HOME#/}`,
	`"a'b"`, `'a"b'`, `\"`, `\'`, `\\`, `a#b`, `x #c`, `'#'`, `\#x`, `\;`, `';'`, `'&&'`, `"|"`, `\|`, `a\&b`,
	"’", "‘x’", "＃", "＼", "＇a＇", "＂b＂", "a\u200bb", "ｒｍ", "—rf", "–f", "\u00a0x", "é", "\u202erm",
	"''", `""`, `$((1+2))`, `"$(echo hi)"`, `$(echo a b)`, "`echo x`", `a=b`, `%s`, `!x`, `!!`, `^x`, `!-1`,
	`$0`, `$1`, `"$@"`, `$#`, `$$`, `$?`, `{a,b}`, `{1..3}`, `x{,.bak}`, `$'a\tb'`, `$'\x72\x6d'`, `"\$X"`, `'$X'`, `$"x"`,
	`"a\nb"`, `"$(printf %s /tmp)"`, `"$(pwd)"`, `$PWD/x`, `"$PWD"`, `$UID`, `${PATH%%:*}`, `--data=@/etc/passwd`, `-d@x`, `-o/tmp/o`,
}

var shRedirs = []string{"> /tmp/o", "2>/dev/null", "< /dev/null", ">>o", "&>/dev/null", "2>&1", ">/dev/null 2>&1", "<<< 'x'", "1>&2", ">| o", "<> o", "3>o", "< x.txt"}

var shSimple = []string{"{N} {A}", "{N} {A} {A}", "{N} {A} {A} {A}", "{N}", "{N} {A} {R}", "X={A} {N} {A}", "X={A} Y={A} {N} $X", "{N} {A} {A} {R}"}

var shTemplates = []string{
	"{S}", "{S}", "{S}", "{S}",
	"{C}; {C}", "{C} && {C}", "{C} || {C}", "{C} | {C}", "{C} & {C}", "{C}\n{C}", "! {C}", "{C} &", "{C};",
	"({C})", "{ {C}; }", "( {C} ) | {S}", "{S} | {S} | {S}",
	"if {C}; then {C}; else {C}; fi", "if false; then {C}; elif true; then {C}; fi", "while false; do {C}; done", "until true; do {C}; done",
	"for d in {A} {A}; do {P} $d; done", "for d in {A}; do {C}; done", "for ((i=0;i<2;i++)); do {P} $i; done",
	"case {A} in *) {C};; esac", "case x in y) {C};; x) {C};; esac",
	"f() { {C}; }; f", `f() { {P} "$1"; }; f {A}`, `f() { {P} "$@"; }; f {A} {A}`, "function f { {C}; }; f", "function g() { {P} $1 $2; }; g {A} {A}", "f() { {C}; }", "f() { {P} $1; }; f {A}; f {A}",
	"X={A}; {P} $X", `X={A}; {P} "$X"`, "X={A} {P} $X", "export X={A}; {P} \"$X\"", "X={A}; Y=$X/z; {P} $Y", "a={P}; $a {A}", "a=r; b=m; $a$b {A}",
	"read -r X <<< {A}; {P} $X", "declare X={A}; {P} $X", "readonly X={A}; {P} $X", "set -- {A} {A}; {P} \"$@\"", "set -- {A}; {P} $1",
	"unset X; {P} ${X:-{A}}", "X=1; unset X; {P} $X",
	"cd /tmp && {P} *", "cd / && {P} {A}", "cd {A} && {C}", "cd /tmp; {P} .", "pushd / >/dev/null; {P} *; popd", "cd; {P} {A}", "cd ~ && {P} ./{A}",
	"alias x='{P} {A}'; x {A}", "alias x='{P}'\nx {A}", "shopt -s expand_aliases\nalias x='{P} {A}'\nx", "unalias -a; {C}",
	"eval '{S}'", `eval "{S}"`, "eval {P} {A}", "eval \"$(echo {P})\" {A}", "bash -c '{S}'", "sh -c '{S}'", `bash -c "{S}"`, `sh -c '{P} "$1"' _ {A}`, `sh -c '{P} $0' {A}`, `bash -c '{P} "$@"' sh {A} {A}`, "dash -c '{S}'", "zsh -c '{S}'", "fish -c '{S}'",
	"echo {A} | xargs {P}", "xargs {P} < /dev/null", "printf '%s\\n' {A} | xargs -n1 {P}", "find . -exec {P} {} \\;",
	"{P} <<EOF\n{A}\nEOF", "bash <<EOF\n{S}\nEOF", "sh <<'EOF'\n{S}\nEOF", "bash <<< '{S}'", "cat <<-EOF\n\t{A}\n\tEOF\n{C}", "{P} <<A <<B\n1\nA\n2\nB",
	"cat <({C})", "{P} >({C})", "{P} <({P} {A}) {A}", "diff <({S}) <({S})", "source <({S})", ". <(echo {P} {A})",
	"$({S})", "echo $({C})", "x=$({C}); {P} $x", "echo `{S}`", "{P} \"$({S})\"", "{P} $(echo {A})", "$(echo {P}) {A}", "`echo {P}` {A}",
	"env X=1 {S}", "sudo {S}", "nice -n 5 {S}", "timeout 5 {S}", "nohup {S}", "exec {S}", "command {S}", "time {S}", "builtin {P} {A}", "env -- {S}", "sudo -E env {S}",
	"trap '{S}' EXIT", "trap '{S}' EXIT; {S}", ": || {C}", "true && {C}", "false && {C}", "false || {C}", "[ -e x ] && {C}", "test 1 = 1 && {C}", "[[ -n x ]] && {C}",
	"!!", "!{P}", "fc -s", "history | tail", "^a^b", "echo !! ; {C}", "!-1 {A}", "r", "{P} {A} # {C}", "#{C}", "echo \\#; {C}",
	"{C} 2>&1 | {S}", "{S} |& {S}", "{S} > >({S})", "coproc {S}", "{ {C}; } 2>/dev/null", "exec 3<<EOF\n{S}\nEOF\nbash <&3", "echo '{S}' > x.sh; sh x.sh", "echo '{S}' > x.sh; bash ./x.sh", "printf '%s' '{S}' | sh", "echo {S} | bash",
	"let x=1; {C}", "(( 1 )) && {C}", "x=( {A} {A} ); {P} \"${x[@]}\"", "arr[0]={A}; {P} ${arr[0]}", "{P} ${!X}",
	"select x in a; do {C}; break; done < /dev/null", "{P} {A} \\\n{A}", "{P} '{A}\n{A}'", "{P} \"{A}\n\"",
}

// zsh's own additions.
var zshTemplates = []string{
	"{ {C} }", "repeat 2 {S}", "repeat 1 { {C} }", "={P} {A}", "{ {C} } always { {C} }", "() { {P} $1 } {A}", "() { {C} }",
	"for d ({A} {A}) {P} $d", "foreach d ({A} {A})\n{P} $d\nend", "for d in {A}; {P} $d", "if true { {C} }", "while false { {C} }",
	"noglob {P} *", "{P} *(N)", "{P} /tmp/*(.N)", "x=({A} {A}); {P} $x", "{P} ${=X}", "X='a b'; {P} $X", "setopt shwordsplit; X='a b'; {P} $X",
	"{P} =(echo {A})", "alias -g G='| {P}'; echo G", "function { {C} }", "f() { {P} $1 }; f {A}", "{P} ${(s: :)X}", "{P} $X[1]",
	"nocorrect {S}", "- {S}", "{P} {A} &!", "{P} {A} &|", "r {P}", "autoload -U x; {C}", "emulate sh -c '{S}'",
}

// fish's grammar: its own templates, names and words.
var fishNames = []string{"%s", "%s", "%s", "/bin/%s", "/usr/bin/%s", `\%s`, "'%s'", `"%s"`, "%s''", "command %s", "env %s", "sudo %s", "nice -n 5 %s", "timeout 5 %s", "exec %s", "time %s", "builtin %s", "command -- %s", "env X=1 %s"}

var fishArgs = []string{
	"-rf", "-r", "-f", "--force", "--recursive", "--rec", "-v", "--", "-",
	"/tmp/x", "/", "/etc", "~", "~/x", "~root", ".", "..", "x", "./y", "*", "a*", "/tmp/*", "**", "?",
	`"a b"`, `'a b'`, `a\ b`, `"$HOME/x"`, `$HOME`, `$HOME/x`, `"$X"`, `$X`, `$X[1]`, `$argv`, `{a,b}`, `x{,.bak}`, `\x41`, `\u00e9`, `\$X`, `'$X'`, `"\$X"`,
	`"a'b"`, `'a"b'`, `'a\'b'`, `\"`, `\'`, `\\`, `a#b`, `x #c`, `'#'`, `\#x`, `\;`, `';'`, `'and'`, `and`, `or`, `not`, `end`, `"(echo x)"`, `(echo a b)`, `$(echo a)`, `"$(echo hi)"`,
	"’", "＃", "＼", "a\u200bb", "ｒｍ", "—rf", "''", `""`, `a=b`, `%self`, `^x`, `!!`, `a&b`, `$status`, `$PWD`, `"$PWD"`, `(pwd)/x`, `(string join / a b)`,
}

var fishRedirs = []string{"> /tmp/o", "2>/dev/null", "< /dev/null", ">>o", "&>/dev/null", "2>&1", ">?o", "^x", "&| cat", "2>| cat"}

var fishSimple = []string{"{N} {A}", "{N} {A} {A}", "{N} {A} {A} {A}", "{N}", "{N} {A} {R}", "X={A} {N} {A}", "{N} {A} {A} {R}"}

var fishTemplates = []string{
	"{S}", "{S}", "{S}", "{S}",
	"{C}; {C}", "{C}; and {C}", "{C}; or {C}", "not {C}", "! {C}", "{C} && {C}", "{C} || {C}", "{C} | {C}", "{C} &", "{C}\n{C}", "{C}\nand {C}", "true; and {C}", "false; and {C}", "false; or {C}",
	"begin; {C}; end", "begin\n{C}\nend", "if {C}; {C}; else; {C}; end", "if false; {C}; else if true; {C}; end", "while false; {C}; end",
	"for d in {A} {A}; {P} $d; end", "for d in {A}\n{C}\nend", "switch {A}; case '*'; {C}; end", "switch x; case y; {C}; case x; {C}; end",
	"function f; {C}; end; f", "function f; {P} $argv; end; f {A}", "function f; {P} $argv[1]; end; f {A} {A}", "function f -a x; {P} $x; end; f {A}", "function f; {C}; end",
	"set X {A}; {P} $X", "set -l X {A}; {P} $X", "set -gx X {A}; {P} \"$X\"", "set X {A} {A}; {P} $X", "set X {A}; set -e X; {P} $X", "set -x X {A}; {P} $X[1]", "set a {P}; $a {A}", "set X {A}; {P} $X$X",
	"{P} ({S})", "{P} $({S})", "echo ({C})", "{P} \"({S})\"", "({S})", "$({S})", "set x ({S}); {P} $x", "{P} (echo {A})", "{P} (string split , a,b)",
	"alias x '{P} {A}'; x {A}", "alias x={P}; x {A}", "abbr -a x {P}; x",
	"eval {S}", "eval '{S}'", "fish -c '{S}'", "bash -c '{S}'", "sh -c '{P} \"$1\"' _ {A}", "source (echo {P} {A} | psub)", "echo '{S}' | source", "echo {P} {A} | source",
	"echo {A} | xargs {P}", "{P} {A} | xargs {P}", "{P} <(echo x)", "{P} (echo x | psub)",
	"cd /tmp; and {P} *", "cd /; {P} {A}", "cd {A}; and {C}", "cd; {P} ./x", "pushd /; {P} *; popd",
	"env X=1 {S}", "sudo {S}", "nice -n 5 {S}", "timeout 5 {S}", "exec {S}", "command {S}", "time {S}", "command -s {P}; or {C}",
	"test -n x; and {C}", "[ 1 = 1 ]; and {C}", "count {A}; and {C}", "string match -q x x; and {C}", "contains a a b; and {C}",
	"{P} {A} # {C}", "# {C}", "echo \\#; {C}", "{P} {A} \\\n{A}", "{P} '{A}\n{A}'", "echo '{S}' > x.fish; fish x.fish", "echo '{S}' > x.sh; sh x.sh",
	"!!", "history | tail", "{P} {A} 2>&1 | {S}", "{S} &| {S}", "{P} {A}; {P} $status", "math 1 + 1; and {C}", "set -q X; or {C}",
	"{C}; and begin; {C}; end", "not begin; {C}; end", "if not {C}; {C}; end", "while false; and {C}; end", "for i in (seq 2); {P} $i; end",
}

func grammarFor(dialect string) grammar {
	switch dialect {
	case "fish":
		return grammar{templates: fishTemplates, simple: fishSimple, names: fishNames, args: fishArgs, redirs: fishRedirs}
	case "zsh":
		return grammar{templates: append(append([]string{}, shTemplates...), zshTemplates...), simple: shSimple, names: shNames, args: shArgs, redirs: shRedirs}
	}
	return grammar{templates: shTemplates, simple: shSimple, names: shNames, args: shArgs, redirs: shRedirs}
}

// generate returns n distinct lines of dialect's grammar, the same for the
// same seed.
func generate(dialect string, seed int64, n int) []string {
	g := grammarFor(dialect)
	r := rand.New(rand.NewSource(seed))
	seen := map[string]bool{}
	var out []string
	for tries := 0; len(out) < n && tries < 50*n; tries++ {
		l := g.expand(r, "{C}", 3)
		if !seen[l] && len(l) < 4096 {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

func (g grammar) expand(r *rand.Rand, s string, depth int) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 || i+2 >= len(s) || s[i+2] != '}' || !strings.ContainsRune("CSNPAR", rune(s[i+1])) {
			if i < 0 {
				b.WriteString(s)
				return b.String()
			}
			b.WriteString(s[:i+1])
			s = s[i+1:]
			continue
		}
		b.WriteString(s[:i])
		hole := s[i+1]
		s = s[i+3:]
		switch hole {
		case 'C':
			if depth <= 0 {
				b.WriteString(g.expand(r, pick(r, g.simple), 0))
			} else {
				b.WriteString(g.expand(r, pick(r, g.templates), depth-1))
			}
		case 'S':
			b.WriteString(g.expand(r, pick(r, g.simple), depth))
		case 'N':
			b.WriteString(strings.ReplaceAll(pick(r, g.names), "%s", pick(r, programs)))
		case 'P':
			b.WriteString(pick(r, programs))
		case 'A':
			b.WriteString(pick(r, g.args))
		case 'R':
			b.WriteString(pick(r, g.redirs))
		}
	}
}

func pick(r *rand.Rand, xs []string) string { return xs[r.Intn(len(xs))] }

// withGenerated is corpus followed by generated lines of dialect up to n
// lines in all (and at least half of n generated).
func withGenerated(corpus []string, dialect string, n int) []string {
	lines := corpus
	if len(lines) > n/2 {
		lines = lines[:n/2]
	}
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l] = true
	}
	out := append([]string{}, lines...)
	for _, l := range generate(dialect, 14, n) {
		if len(out) >= n {
			break
		}
		if !seen[l] {
			out = append(out, l)
		}
	}
	return out
}
