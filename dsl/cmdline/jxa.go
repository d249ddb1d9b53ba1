package cmdline

import "strings"

// JavaScript for Automation's strings as a script builds them before it
// types one: System Events' keystroke("rm -rf " + "~") or keystroke(a + b)
// with a and b assigned string literals earlier in the script types the
// joined text. Only literals, names and templates of names joined by +
// are folded; anything else (a call, a name assigned other than a string)
// leaves the argument unread, as it was.

// jxaKeystrokes are the texts of the script's keystroke(…) calls whose
// argument joins string literals and known names with +, escapes as
// written; a call given one literal is left to the keystroke pattern.
func jxaKeystrokes(code string) []string {
	var out []string
	vars := jsStringVars(code)
	for _, loc := range jxaKeystroke().FindAllStringIndex(code, 16) {
		arg, ok := jsCallArg(code[loc[1]:])
		if !ok || jsLiteral(strings.TrimSpace(arg)) {
			continue
		}
		if s, ok := jsConcat(arg, vars); ok {
			out = append(out, s)
		}
	}
	return out
}

// jxaKeystroke is a keystroke( call's opening.
var jxaKeystroke = lazyRegexp(`\.keystroke\s*\(`)

// jsStringVars are the names the script assigns a string made of literals
// and names known before (var a = "x"; b = a + "y"), in the order written;
// a name assigned something else is forgotten.
func jsStringVars(code string) map[string]string {
	vars := map[string]string{}
	for _, st := range jsSplit(code, ";\n") {
		st = strings.TrimSpace(st)
		decls := []string{st}
		if m := jsDeclare().FindStringSubmatch(st); m != nil {
			decls = jsSplit(m[1], ",") // var a = "x", b = "y"
		}
		for _, d := range decls {
			m := jsAssign().FindStringSubmatch(strings.TrimSpace(d))
			if m == nil {
				continue
			}
			if s, ok := jsConcat(m[2], vars); ok && len(vars) < 256 {
				vars[m[1]] = s
			} else {
				delete(vars, m[1])
			}
		}
	}
	return vars
}

var (
	// jsDeclare is a declaration, of one name or several
	jsDeclare = lazyRegexp(`^(?:var|let|const)\s+(.*)$`)
	// jsAssign assigns one name: a = …
	jsAssign = lazyRegexp(`^([A-Za-z_$][\w$]*)\s*=([^=].*)$`)
	// jsTemplateName is a template literal's ${NAME}
	jsTemplateName = lazyRegexp(`\$\{\s*([A-Za-z_$][\w$]*)\s*\}`)
)

// jsConcat is the string expr makes when it joins string literals and
// names vars knows with +, in parentheses or not; ok is false otherwise.
func jsConcat(expr string, vars map[string]string) (string, bool) {
	var b strings.Builder
	for _, part := range jsSplit(expr, "+") {
		part = strings.TrimSpace(strings.Trim(strings.TrimSpace(part), "()"))
		switch v, known := vars[part]; {
		case jsLiteral(part):
			b.WriteString(unquote(part))
		case len(part) > 1 && part[0] == '`' && part[len(part)-1] == '`' && len(jsSplit(part, "+;,()")) == 1:
			// a template whose ${NAME}s are all known
			missed := false
			b.WriteString(jsTemplateName().ReplaceAllStringFunc(unquote(part), func(ref string) string {
				v, ok := vars[jsTemplateName().FindStringSubmatch(ref)[1]]
				missed = missed || !ok
				return v
			}))
			if missed {
				return "", false
			}
		case known:
			b.WriteString(v)
		default:
			return "", false
		}
	}
	return b.String(), b.Len() > 0
}

// jsLiteral reports a whole string literal: "…", '…' or a template `…`
// without a ${…}.
func jsLiteral(s string) bool {
	if len(s) < 2 || s[0] != s[len(s)-1] || !strings.ContainsRune(`"'`+"`", rune(s[0])) {
		return false
	}
	if s[0] == '`' && strings.Contains(s, "${") {
		return false
	}
	parts := jsSplit(s, "+;,()")
	return len(parts) == 1
}

// jsOutside calls visit with the index of each byte of s that stands
// outside a string literal ('…', "…", `…`, with backslash escapes), until
// visit returns true.
func jsOutside(s string, visit func(i int) bool) {
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0 && ch == '\\':
			i++
		case quote != 0:
			if ch == quote {
				quote = 0
			}
		case ch == '"' || ch == '\'' || ch == '`':
			quote = ch
		default:
			if visit(i) {
				return
			}
		}
	}
}

// jsSplit cuts s at each of seps that stands outside a string literal.
func jsSplit(s, seps string) []string {
	var out []string
	start := 0
	jsOutside(s, func(i int) bool {
		if strings.IndexByte(seps, s[i]) >= 0 {
			out = append(out, s[start:i])
			start = i + 1
		}
		return false
	})
	return append(out, s[start:])
}

// jsCallArg is the first argument of the call whose text follows its
// opening parenthesis in rest: up to the comma or parenthesis that ends it
// outside string literals and nested parentheses.
func jsCallArg(rest string) (string, bool) {
	depth, end := 0, -1
	jsOutside(rest, func(i int) bool {
		switch ch := rest[i]; {
		case ch == '(':
			depth++
		case ch == ')' && depth > 0:
			depth--
		case (ch == ')' || ch == ',') && depth == 0:
			end = i
			return true
		}
		return false
	})
	if end < 0 {
		return "", false
	}
	return rest[:end], true
}
