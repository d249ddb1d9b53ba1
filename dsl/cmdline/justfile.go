package cmdline

import (
	"path"
	"slices"
	"strings"
)

// justRecipe is one recipe of a justfile: how many words it takes, the
// recipes it depends on (before and after it) and its body's lines.
type justRecipe struct {
	params   int
	variadic bool
	deps     []string
	body     []string
}

// justfile is what just reads of a justfile's text for hguard.
type justfile struct {
	recipes map[string]*justRecipe
	order   []string // recipe names in the file's order: the first is the default
	aliases map[string]string
	vars    map[string]string // NAME := "VALUE", a plain string
	// loads are the commands just runs as it reads the file, whichever
	// recipe is named: the backticks and shell() calls of its assignments
	// (x := `curl …` runs though no recipe uses x).
	loads []string
	// dotenv is the dotenv file just loads into every recipe's
	// environment (set dotenv-load, dotenv-filename, dotenv-path)
	dotenv string
	// whole is set when recipes come from elsewhere (import, mod): which a
	// name runs is not known here.
	whole bool
}

// parseJustfile reads a justfile's recipes: a header line at the margin
// (NAME PARAMS: DEPS && DEPS, attributes on lines of their own before
// it), its body the indented lines after it.
func parseJustfile(text string) *justfile {
	jf := &justfile{recipes: map[string]*justRecipe{}, aliases: map[string]string{}, vars: map[string]string{}}
	var cur *justRecipe
	lines := strings.Split(strings.ReplaceAll(text, "\\\n", " "), "\n")
	for n := 0; n < len(lines); n++ {
		l := lines[n]
		t := strings.TrimSpace(l)
		if l != "" && (l[0] == ' ' || l[0] == '\t') {
			if cur != nil && t != "" {
				cur.body = append(cur.body, t)
			}
			continue
		}
		if t == "" || t[0] == '#' || t[0] == '[' {
			continue // a comment, or an attribute of the next recipe
		}
		cur = nil
		first, rest, _ := strings.Cut(t, " ")
		switch first {
		case "import", "import?", "mod", "mod?":
			jf.whole = true
			continue
		case "alias":
			if name, target, ok := strings.Cut(rest, ":="); ok {
				jf.aliases[strings.TrimSpace(name)] = strings.TrimSpace(target)
			}
			continue
		case "set":
			jf.setDotenv(rest)
			// set shell := ["./x.sh", "-c"]: every recipe line runs in a
			// program of the project's
			if name, v, ok := strings.Cut(rest, ":="); ok && strings.Contains(strings.TrimSpace(name), "shell") {
				v = strings.Trim(strings.TrimSpace(v), "[] ")
				prog, _, _ := strings.Cut(v, ",")
				if prog = strings.Trim(strings.TrimSpace(prog), "'\""); strings.Contains(prog, "/") {
					jf.loads = append(jf.loads, prog)
				}
			}
			continue
		case "export":
			t = rest
		}
		colon := strings.IndexByte(t, ':')
		if colon < 0 {
			continue
		}
		if strings.HasPrefix(t[colon:], ":=") {
			name, v := strings.TrimSpace(t[:colon]), strings.TrimSpace(t[colon+2:])
			if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] && !strings.ContainsAny(v[1:len(v)-1], "\"'{}") {
				jf.vars[name] = v[1 : len(v)-1]
			}
			if strings.Count(v, "```")%2 == 1 {
				// x := ``` on lines of their own ```
				for n++; n < len(lines); n++ {
					v += "\n" + lines[n]
					if strings.Contains(lines[n], "```") {
						break
					}
				}
			}
			jf.loads = append(jf.loads, justCommands(v)...)
			continue // NAME := VALUE
		}
		head := strings.Fields(strings.TrimPrefix(t[:colon], "@"))
		if len(head) == 0 {
			continue
		}
		r := &justRecipe{params: len(head) - 1}
		for _, p := range head[1:] {
			r.variadic = r.variadic || strings.HasPrefix(p, "+") || strings.HasPrefix(p, "*")
		}
		for _, d := range strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ", "&&", " ").Replace(t[colon+1:])) {
			if d != "(" && d != ")" && !strings.ContainsAny(d, "'\"") {
				r.deps = append(r.deps, d) // a dependency's arguments are looked up too: harmless
			}
		}
		name := head[0]
		jf.recipes[name], cur = r, r
		jf.order = append(jf.order, name)
	}
	return jf
}

// lines are the command lines the recipes named by args run, with their
// dependencies, in the file's order; all of them when not known here.
// A recipe whose body starts with #! runs in that program: its body is
// read as that language's code (python3 -c, node -e …), or as shell.
func (jf *justfile) lines(args []field) []string {
	goals, known := jf.goals(args)
	want := map[string]bool{}
	for len(goals) > 0 {
		g := goals[0]
		goals = goals[1:]
		if t, ok := jf.aliases[g]; ok {
			g = t
		}
		if r, ok := jf.recipes[g]; ok && !want[g] {
			want[g] = true
			goals = append(goals, r.deps...)
		}
	}
	var out []string
	if !slices.ContainsFunc(args, func(a field) bool {
		return slices.Contains([]string{"--list", "-l", "--summary", "--show", "-s", "--dump", "--fmt", "--variables", "--groups", "--help", "-h", "--version", "-V"}, a.Value)
	}) {
		out = slices.Clone(jf.loads) // --list and --show read the file, evaluating nothing
	}
	for _, name := range jf.order {
		if known && !want[name] {
			continue
		}
		for _, l := range justBody(jf.recipes[name].body) {
			for rest := l; ; {
				i := strings.Index(rest, "{{")
				end := strings.Index(rest[max(i, 0):], "}}")
				if i < 0 || end < 0 {
					break
				}
				out = append(out, justCommands(rest[i+2:i+end])...) // {{ `cmd` }} runs before the line
				rest = rest[i+end+2:]
			}
			out = append(out, jf.interpolate(l))
		}
	}
	return out
}

// justCommands are the command lines an expression of just's runs: its
// backticks (`cmd`, ```cmd```) and the string given to shell('cmd', …).
func justCommands(expr string) []string {
	var out []string
	for rest := expr; ; {
		i := strings.IndexByte(rest, '`')
		if i < 0 {
			break
		}
		fence := "`"
		if strings.HasPrefix(rest[i:], "```") {
			fence = "```"
		}
		end := strings.Index(rest[i+len(fence):], fence)
		if end < 0 {
			out = append(out, rest[i+len(fence):])
			break
		}
		out = append(out, strings.TrimSpace(rest[i+len(fence):i+len(fence)+end]))
		rest = rest[i+len(fence)+end+len(fence):]
	}
	for rest := expr; ; {
		i := strings.Index(rest, "shell(")
		if i < 0 {
			break
		}
		rest = strings.TrimSpace(rest[i+len("shell("):])
		if rest == "" || rest[0] != '\'' && rest[0] != '"' {
			continue
		}
		if end := strings.IndexByte(rest[1:], rest[0]); end >= 0 {
			out = append(out, rest[1:1+end])
			rest = rest[2+end:]
		}
	}
	return out
}

// interpolate puts what just knows into a line's {{…}}: a plain string
// variable's value, the home for home_directory(), the environment's
// variable for env('X') and env_var('X'), the justfile's directory as
// ".", anything else as the shell's ${JUST_VALUE}, known only as it runs.
func (jf *justfile) interpolate(l string) string {
	var b strings.Builder
	for {
		i := strings.Index(l, "{{")
		if i < 0 || strings.HasPrefix(l[i:], "{{{{") {
			b.WriteString(l)
			return b.String()
		}
		end := strings.Index(l[i:], "}}")
		if end < 0 {
			b.WriteString(l)
			return b.String()
		}
		b.WriteString(l[:i])
		expr := strings.TrimSpace(l[i+2 : i+end])
		arg := ""
		if open := strings.IndexByte(expr, '('); open > 0 && strings.HasSuffix(expr, ")") {
			arg = strings.Trim(strings.TrimSpace(expr[open+1:len(expr)-1]), "'\"")
			arg, _, _ = strings.Cut(arg, ",")
			arg = strings.Trim(strings.TrimSpace(arg), "'\"")
			expr = expr[:open]
		}
		switch v, ok := jf.vars[expr]; {
		case ok:
			b.WriteString(v)
		case expr == "home_directory" || expr == "home_dir":
			b.WriteString("$HOME")
		case (expr == "env" || expr == "env_var" || expr == "env_var_or_default") && arg != "":
			b.WriteString("${" + arg + "}")
		case expr == "justfile_directory" || expr == "invocation_directory" || expr == "source_directory":
			b.WriteString(".")
		default:
			b.WriteString("${JUST_VALUE}")
		}
		l = l[i+end+2:]
	}
}

// goals are the recipes just's command line names: words after its
// options and NAME=VALUE overrides, less the words a recipe takes; none
// is the first recipe. Not known for a dynamic word or recipes from
// another file.
func (jf *justfile) goals(args []field) ([]string, bool) {
	if jf.whole {
		return nil, false
	}
	var goals []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return nil, false
		case slices.Contains([]string{"-f", "--justfile", "-d", "--working-directory", "--set", "--shell", "--shell-arg",
			"--dotenv-filename", "--dotenv-path", "--command-color", "--color", "--list-heading", "--list-prefix"}, a.Value):
			i++
			if a.Value == "--set" {
				i++
			}
		case strings.HasPrefix(a.Value, "-"):
		case strings.Contains(a.Value, "=") && len(goals) == 0:
		default:
			name := a.Value
			if t, ok := jf.aliases[name]; ok {
				name = t
			}
			r, ok := jf.recipes[name]
			if !ok {
				return nil, false // a recipe of another module, or a word it takes
			}
			goals = append(goals, name)
			if r.variadic {
				i = len(args)
			} else {
				i += r.params
			}
		}
	}
	if len(goals) == 0 && len(jf.order) > 0 {
		goals = jf.order[:1]
	}
	return goals, true
}

// justBody is what a recipe's body runs: its lines (@ and - taken off),
// or for a #! body, the code in that program's language.
func justBody(body []string) []string {
	if len(body) == 0 || !strings.HasPrefix(body[0], "#!") {
		out := make([]string, 0, len(body))
		for _, l := range body {
			if l = strings.TrimLeft(l, "@-"); l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return out
	}
	f := strings.Fields(strings.TrimPrefix(body[0], "#!"))
	if len(f) > 0 && path.Base(f[0]) == "env" {
		f = slices.DeleteFunc(f[1:], func(s string) bool { return strings.HasPrefix(s, "-") })
	}
	code := strings.Join(body[1:], "\n")
	if len(f) == 0 {
		return []string{code}
	}
	prog := path.Base(f[0])
	switch lang := interpreter(prog); {
	case shells.has(prog):
		return []string{prog + " -c " + shellQuote(code)}
	case lang == "python" || lang == "ruby" || lang == "perl" || lang == "node" || lang == "php" || lang == "lua":
		run := map[string]string{"python": "python3 -c", "ruby": "ruby -e", "perl": "perl -e", "node": "node -e", "php": "php -r", "lua": "lua -e"}[lang]
		return []string{run + " " + shellQuote(code)}
	default:
		return []string{strings.Join(f, " ") + " recipe-script"} // a program hguard does not read code of
	}
}
