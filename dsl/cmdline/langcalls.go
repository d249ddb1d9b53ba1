package cmdline

import (
	"regexp"
	"strings"
)

// The languages read by pattern rather than tokenized (Erlang, Elixir, the
// JVM's scripting languages, Clojure, Swift): their one-liners are short,
// and the calls that start programs or delete files are few and distinctive.
// A miss leaves the code to the other rules; a match only adds commands.

// callPatterns are one language's calls, each a regular expression whose
// first group is the argument: a string literal, or the first character of
// something else (a variable, a call), which is a command computed at run
// time.
type callPatterns struct {
	line  []func() *regexp.Regexp // the argument is a command line
	argv  []func() *regexp.Regexp // the arguments are the program and its words, string literals (group 2: more words)
	tree  []func() *regexp.Regexp // the argument is a path deleted with all under it (rm -rf)
	file  []func() *regexp.Regexp // the argument is a file deleted (rm)
	read  []func() *regexp.Regexp // the argument is a file read (cat)
	write []func() *regexp.Regexp // the argument is a file written (tee)
}

// str is a string literal: double-quoted with backslash escapes, or single-quoted
// (an Erlang atom, an Elixir charlist, a Groovy string).
const str = `"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`

// arg is a call's argument: a string literal, or anything else by its first character.
const arg = `(` + str + `|[^\s)"'])`

// strs are string literals separated by commas or spaces (Clojure).
const strs = `((?:\s*(?:` + str + `)\s*,?)+)`

var langPatterns = map[string]callPatterns{
	// os:cmd runs a line with /bin/sh; open_port({spawn, CMD}) too;
	// file:del_dir_r deletes a tree
	"erlang": {
		line: []func() *regexp.Regexp{lazyRegexp(`\bos:cmd\(\s*` + arg), lazyRegexp(`\bopen_port\(\s*\{\s*spawn\s*,\s*` + arg)},
		argv: []func() *regexp.Regexp{lazyRegexp(`\bopen_port\(\s*\{\s*spawn_executable\s*,\s*(` + str + `)\s*\}\s*,\s*\[[^\]]*?\{\s*args\s*,\s*\[` + strs + `\]`)},
		tree: []func() *regexp.Regexp{lazyRegexp(`\bfile:del_dir_r\(\s*` + arg)},
		file: []func() *regexp.Regexp{lazyRegexp(`\bfile:delete\(\s*` + arg)},
	},
	// System.shell and :os.cmd run a line, System.cmd(PROG, [ARGS]) a
	// program; File.rm_rf deletes a tree
	"elixir": {
		line: []func() *regexp.Regexp{
			lazyRegexp(`\bSystem\.shell[(\s]\s*` + arg),
			lazyRegexp(`:os\.cmd[(\s]\s*(?:~c|(?:String\.)?to_charlist\(\s*)?` + arg),
			lazyRegexp(`\bPort\.open\(\s*\{\s*:spawn\s*,\s*` + arg),
		},
		argv: []func() *regexp.Regexp{lazyRegexp(`\bSystem\.cmd[(\s]\s*` + arg + `(?:\s*,\s*\[` + strs + `\])?`)},
		tree: []func() *regexp.Regexp{lazyRegexp(`\bFile\.rm_rf!?[(\s]\s*` + arg)},
		file: []func() *regexp.Regexp{lazyRegexp(`\bFile\.rm!?[(\s]\s*` + arg)},
	},
	// Java's Runtime.exec and ProcessBuilder as Groovy, Scala, Kotlin and
	// jshell write them, Groovy's "CMD".execute() and Scala's "CMD".! and
	// .!!; File.deleteRecursively (Kotlin), deleteDir (Groovy) and
	// commons-io's deleteDirectory delete trees
	"jvm": {
		line: []func() *regexp.Regexp{
			lazyRegexp(`\.exec\(\s*(` + str + `)`),
			lazyRegexp(`(` + str + `)\s*\.execute\(`),
			lazyRegexp(`(` + str + `)\s*\.?\s*!!?(?:[^=]|$)`),
			lazyRegexp(`\bProcess\(\s*(` + str + `)`),
		},
		argv: []func() *regexp.Regexp{
			lazyRegexp(`\bProcessBuilder\(\s*(?:(?:listOf|List\.of|Arrays\.asList|Seq|arrayOf)\(\s*)?` + strs),
			lazyRegexp(`\.exec\(\s*(?:new\s+String\[\]\s*\{|arrayOf\(|Array\()` + strs),
			lazyRegexp(`\[` + strs + `\]\s*\.execute\(`),
			lazyRegexp(`\b(?:Seq|List)\(` + strs + `\)\s*\.?\s*!!?(?:[^=]|$)`),
		},
		tree: []func() *regexp.Regexp{
			lazyRegexp(`\bFile\(\s*` + arg + `[^)]*\)\s*\.(?:deleteRecursively|deleteDir)\(`),
			lazyRegexp(`\bFileUtils\.(?:deleteDirectory|forceDelete)\(\s*(?:new\s+)?File\(\s*` + arg),
		},
		file: []func() *regexp.Regexp{
			lazyRegexp(`\bFile\(\s*` + arg + `[^)]*\)\s*\.delete\(\s*\)`),
			lazyRegexp(`\bFiles\.delete(?:IfExists)?\(\s*(?:Paths\.get|Path\.of)\(\s*` + arg),
		},
		read:  jvmRead,
		write: jvmWrite,
	},
	// .NET as dotnet fsi (F#) and C# scripts write it: Process.Start(PROG
	// [, ARGS]) starts a program (one string alone is a line), File's
	// Read* and Write* read and write files, Directory.Delete(DIR, true)
	// deletes a tree
	"dotnet": {
		argv: []func() *regexp.Regexp{lazyRegexp(`\bProcess\.Start\(\s*(` + str + `)(?:\s*,\s*(` + str + `))?`)},
		tree: []func() *regexp.Regexp{lazyRegexp(`\bDirectory\.Delete\(\s*` + arg + `\s*,\s*true`)},
		file: []func() *regexp.Regexp{lazyRegexp(`\bFile\.Delete\(\s*` + arg)},
		read: []func() *regexp.Regexp{lazyRegexp(`\bFile\.(?:ReadAllText|ReadAllBytes|ReadAllLines|ReadLines|OpenRead|OpenText)\(\s*` + arg)},
		write: []func() *regexp.Regexp{
			lazyRegexp(`\bFile\.(?:WriteAllText|WriteAllBytes|WriteAllLines|AppendAllText|AppendAllLines|AppendText|Create|CreateText|OpenWrite)\(\s*` + arg),
		},
	},
	// HCL's file functions as terraform console and OpenTofu evaluate
	// them: file("PATH") and its kin read the file
	"hcl": {
		read: []func() *regexp.Regexp{lazyRegexp(`\b(?:file|filebase64|filesha256|filesha512|filemd5|filesha1|templatefile)\(\s*` + arg)},
	},
	// clojure.java.shell/sh and babashka's process and shell take a
	// program and its words (one string alone is a line for babashka);
	// babashka.fs's delete-tree deletes a tree
	"clojure": {
		line: []func() *regexp.Regexp{lazyRegexp(`\(\s*\.exec\s+\(\s*Runtime/getRuntime\s*\)\s+` + arg)},
		argv: []func() *regexp.Regexp{lazyRegexp(`\(\s*(?:[\w.\-]+/)?(?:sh|shell|process)\s+(?:\{[^}]*\}\s*)?` + strs)},
		tree: []func() *regexp.Regexp{lazyRegexp(`\(\s*(?:[\w.\-]+/)?delete-tree\s+` + arg)},
		file: []func() *regexp.Regexp{lazyRegexp(`\(\s*(?:[\w.\-]+/)?(?:delete-file|delete-if-exists|delete)\s+` + arg)},
	},
	// system and popen (Glibc), Process with a launch path or executable
	// URL and its arguments; FileManager's removeItem deletes trees
	"swift": {
		line: []func() *regexp.Regexp{lazyRegexp(`\b(?:system|popen)\(\s*` + arg)},
		argv: []func() *regexp.Regexp{
			lazyRegexp(`\blaunchedProcess\(\s*launchPath:\s*(` + str + `)\s*,\s*arguments:\s*\[` + strs + `\]`),
			lazyRegexp(`(?s)(?:fileURLWithPath:|launchPath\s*=)\s*(` + str + `).*?\.arguments\s*=\s*\[` + strs + `\]`),
		},
		tree: []func() *regexp.Regexp{lazyRegexp(`\bremoveItem\(\s*(?:atPath:|at:\s*URL\(\s*fileURLWithPath:)\s*` + arg)},
	},
}

// jvmRead and jvmWrite are the JVM's file reads and writes, also for
// JavaScript run by Java's script engine (jjs, jrunscript), which reaches
// the same classes: a reader, writer, stream or Files call on a path
// literal.
var (
	jvmRead = []func() *regexp.Regexp{
		lazyRegexp(`\b(?:FileReader|FileInputStream|RandomAccessFile|Scanner\(\s*(?:new\s+)?File)\(\s*` + arg),
		lazyRegexp(`\bFiles\.(?:readString|readAllBytes|readAllLines|lines|newBufferedReader|newInputStream)\(\s*(?:Paths\.get|Path\.of)\(\s*` + arg),
	}
	jvmWrite = []func() *regexp.Regexp{
		lazyRegexp(`\b(?:FileWriter|FileOutputStream|PrintWriter|PrintStream)\(\s*` + arg),
		lazyRegexp(`\bFiles\.(?:writeString|write|newBufferedWriter|newOutputStream)\(\s*(?:Paths\.get|Path\.of)\(\s*` + arg),
	}
	// jshell's /open FILE reads a file (its lines run as snippets, errors
	// show them) and /save FILE writes the session's snippets
	jshellOpen = lazyRegexp(`(?m)^\s*(?:jshell>\s*)?/open\s+(\S+)`)
	jshellSave = lazyRegexp(`(?m)^\s*(?:jshell>\s*)?/save(?:\s+-\w+)*\s+(\S+)`)
)

// patternFiles are the files code in one of langPatterns' languages reads
// and writes, by literal path.
func patternFiles(lang, code string) (reads, writes []string) {
	p := langPatterns[lang]
	paths := func(res []func() *regexp.Regexp) []string {
		var out []string
		for _, re := range res {
			for _, m := range re().FindAllStringSubmatch(code, -1) {
				if v, ok := literal(m[1]); ok {
					out = append(out, v)
				}
			}
		}
		return out
	}
	reads, writes = paths(p.read), paths(p.write)
	if lang == "jvm" {
		word := func(s string) string {
			if v, ok := literal(s); ok {
				return v
			}
			return s
		}
		for _, m := range jshellOpen().FindAllStringSubmatch(code, -1) {
			reads = append(reads, word(m[1]))
		}
		for _, m := range jshellSave().FindAllStringSubmatch(code, -1) {
			writes = append(writes, word(m[1]))
		}
	}
	return reads, writes
}

// literal is a string literal's value, or false for anything else.
func literal(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' && s[0] != '\'' {
		return "", false
	}
	return unquote(s), true
}

// patternCommands are the command lines that code in one of langPatterns'
// languages runs, its deletes as rm commands; "$CODE" stands for a command
// computed at run time.
func patternCommands(lang, code string) []string {
	p, ok := langPatterns[lang]
	if !ok {
		return nil
	}
	var out []string
	for _, re := range p.line {
		for _, m := range re().FindAllStringSubmatch(code, -1) {
			if v, ok := literal(m[1]); ok {
				out = append(out, v)
			} else {
				out = append(out, "$CODE")
			}
		}
	}
	for _, re := range p.argv {
		for _, m := range re().FindAllStringSubmatch(code, -1) {
			var words []string
			dynamic := false
			for _, group := range m[1:] {
				lits := stringLiteral().FindAllString(group, -1)
				for _, s := range lits {
					v, _ := literal(s)
					words = append(words, v)
				}
				dynamic = dynamic || group != "" && len(lits) == 0
			}
			switch {
			case dynamic:
				out = append(out, "$CODE")
			case len(words) == 1:
				out = append(out, words[0]) // one string alone: a command line
			case len(words) > 1 && lang == "dotnet":
				out = append(out, words[0]+" "+strings.Join(words[1:], " ")) // .NET's arguments are one command-line string
			case len(words) > 1:
				out = append(out, argvLine(words))
			}
		}
	}
	for _, del := range []struct {
		res []func() *regexp.Regexp
		rm  string
	}{{p.tree, "rm -rf -- "}, {p.file, "rm -- "}} {
		for _, re := range del.res {
			for _, m := range re().FindAllStringSubmatch(code, -1) {
				if v, ok := literal(m[1]); ok {
					out = append(out, del.rm+shellQuote(v))
				}
			}
		}
	}
	return out
}

var stringLiteral = lazyRegexp(str)

// Rust is read for a crate's build script, which cargo compiles and runs
// on the host before the crate (runsCargoBuild): a std::process::Command's
// program and the words its arg and args calls add, chained or on the
// variable it is bound to (let mut c = Command::new("sh"); c.arg("-c")…);
// std::fs's remove_dir_all (rm -rf), remove_file and remove_dir (rm), and
// its writes (fs::write, File::create, OpenOptions … .open: tee). A
// string literal, raw or not, is its value; format! puts its arguments'
// values in its literal; env::var("HOME") and home_dir(), and a name let
// bound to them, are "$HOME"; anything else is a value known at run time
// ("$RUST_VALUE"), a program computed at run time among them.

var (
	rustCommandNew  = lazyRegexp(`\bCommand::new\s*\(`)
	rustLet         = lazyRegexp(`\blet\s+(?:mut\s+)?(\w+)\s*(?::[^=;]*)?=\s*(?:\w+::)*$`)
	rustHomeLet     = lazyRegexp(`\blet\s+(?:mut\s+)?(\w+)\s*(?::[^=;]*)?=\s*([^;]*)`)
	rustFsCall      = lazyRegexp(`\b(remove_dir_all|remove_file|remove_dir|fs::write|File::create|File::options\(\)[^;]*?\.open|OpenOptions::new\(\)[^;]*?\.open)\s*\(`)
	rustRawString   = lazyRegexp(`^r(#*)"`)
	rustFormat      = lazyRegexp(`^(?:format|concat)!\s*\(`)
	rustPlaceholder = lazyRegexp(`\{(\w*)(?::[^}]*)?\}`)
)

// rustCommands are the command lines and file operations Rust code does
// (above), as commands.
func rustCommands(code string) []string {
	home := map[string]bool{}
	for _, m := range rustHomeLet().FindAllStringSubmatch(code, -1) {
		if rustHomeExpr(m[2]) {
			home[m[1]] = true
		}
	}
	var out []string
	for _, loc := range rustCommandNew().FindAllStringIndex(code, 64) {
		args, end := rustCallArgs(code, loc[1]-1)
		if len(args) == 0 {
			continue
		}
		words := []string{rustWord(args[0], home)}
		words = append(words, rustChain(code, end, home)...)
		// let mut c = Command::new(…); c.arg(…); c.args([…]);
		if m := rustLet().FindStringSubmatch(code[max(0, loc[0]-80):loc[0]]); m != nil {
			uses := lazyRegexp(`\b` + regexp.QuoteMeta(m[1]) + `\s*\.`)
			for _, u := range uses().FindAllStringIndex(code[end:], 32) {
				words = append(words, rustChain(code, end+u[1]-1, home)...)
			}
		}
		out = append(out, strings.Join(words, " "))
	}
	for _, m := range rustFsCall().FindAllStringSubmatchIndex(code, 64) {
		args, _ := rustCallArgs(code, m[1]-1)
		if len(args) == 0 {
			continue
		}
		word := rustWord(args[0], home)
		switch call := code[m[2]:m[3]]; {
		case call == "remove_dir_all":
			out = append(out, "rm -rf -- "+word)
		case strings.HasPrefix(call, "remove_"):
			out = append(out, "rm -- "+word)
		case strings.Contains(call, ".append(true)"):
			out = append(out, "tee -a "+word+" </dev/null")
		default:
			out = append(out, "tee "+word+" </dev/null")
		}
	}
	return out
}

// rustHomeExpr reports an expression that gives the home directory.
func rustHomeExpr(e string) bool {
	return strings.Contains(e, `var("HOME")`) || strings.Contains(e, `var_os("HOME")`) || strings.Contains(e, "home_dir()")
}

// rustChain are the words a chain of method calls starting at code[i]
// (a ".") adds to a Command: arg(X) one, args([X, Y]) each; the other
// methods (current_dir, env, stdout) none.
func rustChain(code string, i int, home map[string]bool) []string {
	var words []string
	for n := 0; n < 64; n++ {
		for i < len(code) && strings.ContainsRune(" \t\r\n", rune(code[i])) {
			i++
		}
		if i >= len(code) || code[i] != '.' {
			break
		}
		j := i + 1
		for j < len(code) && (code[j] == '_' || code[j] >= 'a' && code[j] <= 'z' || code[j] >= 'A' && code[j] <= 'Z' || code[j] >= '0' && code[j] <= '9') {
			j++
		}
		method := code[i+1 : j]
		for j < len(code) && code[j] == ' ' {
			j++
		}
		if j >= len(code) || code[j] != '(' {
			break // a field, or ?
		}
		args, end := rustCallArgs(code, j)
		switch method {
		case "arg":
			if len(args) > 0 {
				words = append(words, rustWord(args[0], home))
			}
		case "args":
			if len(args) > 0 {
				list := strings.TrimSpace(args[0])
				list = strings.TrimPrefix(strings.TrimPrefix(list, "&"), "vec!")
				list = strings.TrimSpace(list)
				if strings.HasPrefix(list, "[") && strings.HasSuffix(list, "]") {
					for _, a := range rustSplit(list[1 : len(list)-1]) {
						words = append(words, rustWord(a, home))
					}
				} else {
					words = append(words, `"$RUST_VALUE"`)
				}
			}
		case "spawn", "output", "status", "exec":
			return words
		}
		i = end
	}
	return words
}

// rustCallArgs are the arguments of the call whose "(" is at code[open],
// split at their top-level commas, and the index after its ")".
func rustCallArgs(code string, open int) ([]string, int) {
	return bracketedArgs(code, open, "\"", rustStringEnd)
}

// bracketedArgs are the arguments of the call whose "(" is at code[open], split
// at their top-level commas, and the index after its ")"; strings start
// with a byte of quotes and end where stringEnd says. Without a closing
// ")" there are none, and the index is the code's end.
func bracketedArgs(code string, open int, quotes string, stringEnd func(string, int) int) ([]string, int) {
	depth := 0
	for i := open; i < len(code); i++ {
		switch c := code[i]; {
		case strings.IndexByte(quotes, c) >= 0:
			i = stringEnd(code, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
			if depth == 0 {
				return dropLastEmpty(splitTopLevel(code[open+1:i], ',', quotes, stringEnd)), i + 1
			}
		}
	}
	return nil, len(code)
}

// rustStringEnd is the index of the closing quote of the string literal
// opening at code[i] (raw strings too: r#"…"#).
func rustStringEnd(code string, i int) int {
	if i > 0 && code[i-1] == 'r' || i > 1 && code[i-1] == '#' {
		hashes := 0
		for k := i - 1; k >= 0 && code[k] == '#'; k-- {
			hashes++
		}
		closing := `"` + strings.Repeat("#", hashes)
		if end := strings.Index(code[i+1:], closing); end >= 0 {
			return i + 1 + end + len(closing) - 1
		}
		return len(code)
	}
	for j := i + 1; j < len(code); j++ {
		switch code[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(code)
}

// rustSplit splits a call's argument text at its top-level commas.
func rustSplit(s string) []string {
	return dropLastEmpty(splitTopLevel(s, ',', "\"", rustStringEnd))
}

// splitTopLevel splits code at the byte sep where it stands outside
// brackets and outside the strings that start with a byte of quotes (and
// end where stringEnd says), each part trimmed.
func splitTopLevel(s string, sep byte, quotes string, stringEnd func(string, int) int) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case strings.IndexByte(quotes, c) >= 0:
			i = stringEnd(s, i)
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == sep && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// dropLastEmpty is parts without an empty last one (f(a, b,) has two
// arguments, f() none).
func dropLastEmpty(parts []string) []string {
	if n := len(parts); n > 0 && parts[n-1] == "" {
		return parts[:n-1]
	}
	return parts
}

// rustWord is a Rust expression as a shell word: a literal quoted, the
// home "$HOME", format!'s literal with its arguments put in, anything
// else "$RUST_VALUE".
func rustWord(e string, home map[string]bool) string {
	e = strings.TrimSpace(e)
	for {
		before := e
		e = strings.TrimPrefix(e, "&")
		for _, suf := range []string{"?", ".unwrap()", ".to_string()", ".as_str()", ".clone()", ".to_owned()", ".into()", ".as_ref()", ".display()", ".to_str()"} {
			e = strings.TrimSuffix(e, suf)
		}
		for _, pre := range []string{"OsStr::new(", "Path::new(", "PathBuf::from(", "String::from(", "std::path::Path::new("} {
			if strings.HasPrefix(e, pre) && strings.HasSuffix(e, ")") {
				e = e[len(pre) : len(e)-1]
			}
		}
		if e = strings.TrimSpace(e); e == before {
			break
		}
	}
	if s, ok := rustLiteral(e); ok {
		return shellQuote(s)
	}
	if home[e] || rustHomeExpr(e) && !strings.Contains(e, ".join(") {
		return `"$HOME"`
	}
	if loc := rustFormat().FindStringIndex(e); loc != nil {
		args, _ := rustCallArgs(e, loc[1]-1)
		if len(args) == 0 {
			return `"$RUST_VALUE"`
		}
		lit, ok := rustLiteral(args[0])
		if !ok {
			return `"$RUST_VALUE"`
		}
		if strings.HasPrefix(e, "concat!") {
			var b strings.Builder
			for _, a := range args {
				b.WriteString(rustWord(a, home))
			}
			return b.String()
		}
		var b strings.Builder
		next, last := 1, 0
		for _, m := range rustPlaceholder().FindAllStringSubmatchIndex(lit, -1) {
			if m[0] > last {
				b.WriteString(shellQuote(lit[last:m[0]]))
			}
			switch name := lit[m[2]:m[3]]; {
			case name == "" && next < len(args):
				b.WriteString(rustWord(args[next], home))
				next++
			case name != "" && (home[name] || name[0] >= '0' && name[0] <= '9' && len(args) > 1+int(name[0]-'0') && rustHomeExpr(args[1+int(name[0]-'0')])):
				b.WriteString(`"$HOME"`)
			default:
				b.WriteString(`"$RUST_VALUE"`)
			}
			last = m[1]
		}
		if last < len(lit) || b.Len() == 0 {
			b.WriteString(shellQuote(lit[last:]))
		}
		return b.String()
	}
	return `"$RUST_VALUE"`
}

// rustLiteral is a Rust string literal's value: "…" with its escapes, or
// a raw r"…" or r#"…"#.
func rustLiteral(e string) (string, bool) {
	if m := rustRawString().FindStringSubmatch(e); m != nil {
		closing := `"` + m[1]
		if strings.HasSuffix(e, closing) && len(e) >= len(m[0])+len(closing) {
			return e[len(m[0]) : len(e)-len(closing)], true
		}
		return "", false
	}
	if len(e) < 2 || e[0] != '"' || rustStringEnd(e, 0) != len(e)-1 {
		return "", false
	}
	return unquote(e), true
}
