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
// Maven's ${…} in them is expanded as Maven expands it (mavenExpand).
func mavenCommands(text string) []string {
	props := mavenProperties(text)
	word := func(v string) string { return mavenExpand(v, props, true) }
	split := func(v string) string { return mavenExpand(v, props, false) }
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
					cur = []string{word(v)}
				}
			case "arg": // antrun's <arg value="-c"/>, <arg line="-c 'x'"/>
				if v := t.attr("value"); v != "" && cur != nil {
					cur = append(cur, word(v))
				} else if v := t.attr("line"); v != "" && cur != nil {
					cur = append(cur, split(v))
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
				cur = []string{word(v)}
			case elem == "argument" && cur != nil:
				cur = append(cur, word(v))
			case elem == "commandlineArgs" && cur != nil:
				cur = append(cur, split(v)) // split by Maven as a shell splits it
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
	// an exec plugin without its own <executable> runs the exec.executable
	// property with exec.args, which <properties> may set
	if exe := props["exec.executable"]; exe != "" && len(out) < maxMavenCommands {
		line := word(exe)
		if a := props["exec.args"]; a != "" {
			line += " " + split(a)
		}
		out = append(out, line)
	}
	return out
}

// maxMavenCommands bounds the commands taken from one pom.xml.
const maxMavenCommands = 32

// mavenProperties are the properties a pom.xml defines (<properties><NAME>
// VALUE</NAME></properties>), which ${NAME} stands for.
func mavenProperties(text string) map[string]string {
	props := map[string]string{}
	depth, name := 0, "" // depth: elements open inside <properties>
	xmlTokens(text, func(t xmlToken) bool {
		switch {
		case t.kind == xmlStart && t.name == "properties" && depth == 0:
			depth = 1
		case t.kind == xmlStart && depth > 0 && !t.end:
			depth++
			name = t.name
		case t.kind == xmlEnd && depth > 0:
			depth--
			name = ""
		case t.kind == xmlText && depth == 2 && name != "" && len(props) < 256:
			props[name] = strings.TrimSpace(t.text)
		}
		return true
	})
	return props
}

// mavenExpand is v with Maven's ${NAME} expanded: a property the pom
// defines (expanded again, a few times at most), ${user.home} the home,
// ${env.NAME} the environment's variable, ${basedir} and
// ${project.basedir} the pom's directory, where the command runs;
// another is left as written. quoted makes v one quoted word (an
// <argument>), with the home and the environment's variables expanded by
// the shell that reads it; otherwise v is a line a shell splits
// (<commandlineArgs>), and they are put in as $HOME and $NAME.
func mavenExpand(v string, props map[string]string, quoted bool) string {
	for range 4 {
		if !strings.Contains(v, "${") || len(v) > 1<<16 {
			break // a property made of itself grows no further
		}
		v = mavenProperty().ReplaceAllStringFunc(v, func(ref string) string {
			if p, ok := props[ref[2:len(ref)-1]]; ok {
				return p
			}
			return ref
		})
	}
	var b strings.Builder
	lit := 0 // the start of the literal text not yet written
	literal := func(s string) {
		if s != "" && quoted {
			s = shellQuote(s)
		}
		b.WriteString(s)
	}
	for _, m := range mavenProperty().FindAllStringSubmatchIndex(v, 64) {
		name, shell := v[m[2]:m[3]], ""
		switch env, ok := strings.CutPrefix(name, "env."); {
		case name == "user.home":
			shell = "$HOME"
		case ok && isName(env):
			shell = "$" + env
		case name == "basedir" || name == "project.basedir":
			shell = "."
		default:
			continue
		}
		literal(v[lit:m[0]])
		if quoted {
			shell = `"` + shell + `"`
		}
		b.WriteString(shell)
		lit = m[1]
	}
	if lit == 0 || lit < len(v) {
		literal(v[lit:])
	}
	return b.String()
}

// mavenProperty is Maven's ${NAME}.
var mavenProperty = lazyRegexp(`\$\{([A-Za-z0-9_.-]+)\}`)

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
