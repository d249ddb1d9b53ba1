package cmdline

import "regexp"

// The languages read by pattern rather than tokenized (Erlang, Elixir, the
// JVM's scripting languages, Clojure, Swift): their one-liners are short,
// and the calls that start programs or delete files are few and distinctive.
// A miss leaves the code to the other rules; a match only adds commands.

// callPatterns are one language's calls, each a regular expression whose
// first group is the argument: a string literal, or the first character of
// something else (a variable, a call), which is a command computed at run
// time.
type callPatterns struct {
	line []func() *regexp.Regexp // the argument is a command line
	argv []func() *regexp.Regexp // the arguments are the program and its words, string literals (group 2: more words)
	tree []func() *regexp.Regexp // the argument is a path deleted with all under it (rm -rf)
	file []func() *regexp.Regexp // the argument is a file deleted (rm)
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
