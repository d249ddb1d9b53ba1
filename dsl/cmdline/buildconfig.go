package cmdline

import "strings"

// The commands a project's build and lint settings run as the tool reads
// them: a pom.xml's exec-maven-plugin executions and maven-antrun-plugin
// <exec> tasks (mvn validate runs them in their phase), and pylint's
// init-hook (Python it runs before linting). A poisoned repository puts
// its payload there as well as in a Makefile.

// mavenCommands are the command lines a pom.xml's plugins run: each
// exec-maven-plugin <executable> with its <argument>s or <commandlineArgs>,
// and each antrun <exec executable=…> with its <arg value=…>s or <arg
// line=…>. All of them are taken, whatever phase they are bound to: which
// phases a line reaches is Maven's lifecycle, not read here.
func mavenCommands(text string) []string {
	var out, cur []string // cur: the command being gathered, quoted words
	var elem string       // the element whose text is read next
	flush := func() {
		if len(cur) > 0 && len(out) < maxMavenCommands {
			out = append(out, strings.Join(cur, " "))
		}
		cur = nil
	}
	xmlTokens(text, func(t xmlToken) bool {
		switch t.kind {
		case xmlStart:
			elem = t.name
			switch elem {
			case "executable":
				flush()
			case "exec": // antrun's <exec executable="sh">
				flush()
				if v := t.attr("executable"); v != "" {
					cur = []string{shellQuote(v)}
				}
			case "arg": // antrun's <arg value="-c"/>, <arg line="-c 'x'"/>
				if v := t.attr("value"); v != "" && cur != nil {
					cur = append(cur, shellQuote(v))
				} else if v := t.attr("line"); v != "" && cur != nil {
					cur = append(cur, v)
				}
			}
			if t.end {
				elem = ""
				if t.name == "exec" {
					flush()
				}
			}
		case xmlText:
			v := strings.TrimSpace(t.text)
			switch {
			case v == "":
			case elem == "executable":
				cur = []string{shellQuote(v)}
			case elem == "argument" && cur != nil:
				cur = append(cur, shellQuote(v))
			case elem == "commandlineArgs" && cur != nil:
				cur = append(cur, v) // split by Maven as a shell splits it
			}
		case xmlEnd:
			elem = ""
			if t.name == "configuration" || t.name == "exec" {
				flush()
			}
		}
		return len(out) < maxMavenCommands
	})
	flush()
	return out
}

// maxMavenCommands bounds the commands taken from one pom.xml.
const maxMavenCommands = 32

// pylintConfigs are the files pylint reads its settings from in the
// directory it runs in, the first found winning; all are read here.
var pylintConfigs = []string{"pylintrc", ".pylintrc", "pylintrc.toml", ".pylintrc.toml", "pyproject.toml", "setup.cfg", "tox.ini"}

// pylintInitHook finds the init-hook of a pylint settings file (INI or
// TOML: init-hook = CODE, quoted or not, with its indented continuation
// lines): Python pylint runs before it lints, whatever file it is given.
var pylintInitHook = lazyRegexp(`(?m)^[ \t]*init[-_]hook[ \t]*[=:][ \t]*(.*(?:\n[ \t]+\S.*)*)`)

// pylintHooks is the Python code of text's init-hooks, unquoted as pylint
// and TOML unquote it.
func pylintHooks(text string) []string {
	var out []string
	for _, m := range pylintInitHook().FindAllStringSubmatch(text, 4) {
		v := strings.TrimSpace(m[1])
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(v[1 : len(v)-1])
		}
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}
