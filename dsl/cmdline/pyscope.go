package cmdline

import (
	"slices"
	"strings"
)

// Python's names live in the function that assigns them: a test file or a
// module holds many functions, and the same name (d, tmp, cmd, p) is
// assigned in several of them, each once. pyDefs finds the functions by
// their indentation, so that a name assigned once in a function stands
// for its value there (binder.assignments), and pytest's fixtures, which
// pytest passes to the test functions and fixtures that name them as
// parameters, are read as what they give (binder.fixtureParams).

// pyDef is one def of Python code.
type pyDef struct {
	name     string
	at       int      // the index of the def token
	params   []string // its parameters' names, self and cls included
	fixture  bool     // decorated @pytest.fixture or @fixture
	from, to int      // its body: toks[from:to]
}

// pyDefs are the code's function definitions, in order, found in toks (a
// tokenizing of code, their offsets into code): a def's body is the
// tokens after its colon up to the first line indented no deeper than the
// def's, outside brackets.
func pyDefs(code string, toks []token, match []int) []pyDef {
	var defs []pyDef
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tIdent || toks[i].val != "def" || toks[i+1].kind != tIdent || toks[i+2].val != "(" || match[i+2] < 0 {
			continue
		}
		d := pyDef{name: toks[i+1].val, at: i}
		closeAt := match[i+2]
		for _, part := range splitArgs(toks[i+3:closeAt], match, i+3) {
			for _, t := range part {
				if t.kind == tIdent {
					d.params = append(d.params, t.val)
					break
				}
				if t.kind != tPunct || t.val != "*" && t.val != "**" {
					break
				}
			}
		}
		colon := -1
		for k := closeAt + 1; k < len(toks); k++ {
			if toks[k].kind == tPunct && match[k] > k {
				k = match[k] // -> list[str]:
				continue
			}
			if toks[k].kind == tPunct && toks[k].val == ":" {
				colon = k
				break
			}
		}
		if colon < 0 {
			continue
		}
		indent, _ := lineIndent(code, toks[i].off)
		d.from, d.to = colon+1, len(toks)
		depth := 0
		for k := colon + 1; k < len(toks); k++ {
			if depth == 0 {
				if in, first := lineIndent(code, toks[k].off); first && in <= indent {
					d.to = k
					break
				}
			}
			if toks[k].kind == tPunct {
				switch toks[k].val {
				case "(", "[", "{":
					depth++
				case ")", "]", "}":
					depth = max(0, depth-1)
				}
			}
		}
		// its decorators, on the lines above it: @pytest.fixture(scope=…)
		j := i - 1
		if j >= 0 && toks[j].val == "async" {
			j--
		}
		for j >= 1 {
			if toks[j].kind == tPunct && toks[j].val == ")" {
				o := slices.Index(match, j)
				if o < 1 {
					break
				}
				j = o - 1
			}
			if toks[j].kind != tIdent || toks[j-1].val != "@" {
				break
			}
			if n := toks[j].val; n == "pytest.fixture" || n == "fixture" || n == "pytest_asyncio.fixture" {
				d.fixture = true
			}
			j -= 2
		}
		defs = append(defs, d)
	}
	return defs
}

// lineIndent is the indentation of the line holding code[off], and whether
// code[off] is the first thing on it.
func lineIndent(code string, off int) (int, bool) {
	if off > len(code) {
		return 0, false
	}
	start := strings.LastIndexByte(code[:off], '\n') + 1
	lead := code[start:off]
	trimmed := strings.TrimLeft(lead, " \t")
	return len(lead) - len(trimmed), trimmed == ""
}

// innermost is the index in defs of the innermost def whose body holds
// toks[k], or -1 at the module's level.
func innermost(defs []pyDef, k int) int {
	in := -1
	for i, d := range defs {
		if k >= d.from && k < d.to && (in < 0 || d.from >= defs[in].from) {
			in = i
		}
	}
	return in
}

// pytestTemp are pytest's fixtures of temporary directories: tmp_path and
// tmpdir are a directory made new for each test, the factories make them
// under pytest's own base directory below the temporary one (mktemp).
// What a test deletes there it made itself.
var pytestTemp = map[string]string{
	"tmp_path":         "/tmp/pytest-of-user/pytest-0/test0",
	"tmpdir":           "/tmp/pytest-of-user/pytest-0/test0",
	"tmp_path_factory": "/tmp/pytest-of-user/pytest-0",
	"tmpdir_factory":   "/tmp/pytest-of-user/pytest-0",
}

// pytestCalled reports whether pytest calls the def itself, passing its
// parameters as fixtures: a test function or method (test…) or a fixture,
// which nothing in the code calls by its name.
func pytestCalled(toks []token, d pyDef) bool {
	if !strings.HasPrefix(d.name, "test") && !d.fixture {
		return false
	}
	for k := 0; k+1 < len(toks); k++ {
		if k != d.at+1 && toks[k].kind == tIdent && toks[k].val == d.name && toks[k+1].val == "(" {
			return false // called by the code, with values of its choosing
		}
	}
	return true
}

// assignsIn reports whether toks[from:to] assign name: name = …, name += …,
// for name in, as name, name :=, or del name.
func assignsIn(toks []token, name string, from, to int) bool {
	for k := from; k < to; k++ {
		if toks[k].kind != tIdent || toks[k].val != name {
			continue
		}
		if k+1 < len(toks) && toks[k+1].kind == tPunct && (toks[k+1].val == "=" && (k+2 >= len(toks) || toks[k+2].val != "=") ||
			strings.Contains("+-*/:|&%", toks[k+1].val) && k+2 < len(toks) && toks[k+2].val == "=") {
			return true
		}
		if k > 0 && (toks[k-1].val == "for" || toks[k-1].val == "as" || toks[k-1].val == "del" || toks[k-1].val == "global" || toks[k-1].val == "nonlocal" ||
			toks[k-1].val == "," && k+1 < len(toks) && (toks[k+1].val == "in" || toks[k+1].val == "=")) {
			return true
		}
	}
	return false
}

// fixtureParams binds the parameters of the functions pytest calls that
// name a fixture whose value the code shows: pytest's temporary
// directories (builtin, before the assignments are read, so that d =
// tmp_path / "x" is a path), or a fixture the code defines that returns
// or yields one value the code shows (after them: d = …; yield d). A
// parameter the function assigns anew, a fixture the code defines under
// a builtin's name and a function the code itself calls are left unknown.
func (b *binder) fixtureParams(code string, builtin bool) {
	toks := b.toks
	defs := pyDefs(code, toks, b.match)
	if len(defs) == 0 {
		return
	}
	defined := map[string]bool{}
	for _, d := range defs {
		defined[d.name] = true
	}
	values := map[string]binding{}
	if builtin {
		for name, p := range pytestTemp {
			if !defined[name] {
				values[name] = binding{str: p, path: true}
			}
		}
	} else {
		for _, d := range defs {
			if !d.fixture || !pytestCalled(toks, d) {
				continue
			}
			var gives []int
			for k := d.from; k < d.to; k++ {
				if (toks[k].val == "return" || toks[k].val == "yield") && toks[k].kind == tIdent && innermost(defs, k) == slices.IndexFunc(defs, func(x pyDef) bool { return x.at == d.at }) {
					gives = append(gives, k)
				}
			}
			if len(gives) != 1 || gives[0]+1 >= d.to {
				continue
			}
			end := exprEnd(toks, gives[0]+1)
			if end < 0 || end >= d.to {
				continue
			}
			if bnd, ok := bindingOf(toks, gives[0]+1, end); ok && !bnd.dyn && bnd.str != "" && bnd.list == nil && bnd.fn == "" {
				bnd.path = true
				values[d.name] = bnd
			}
		}
	}
	if len(values) == 0 {
		return
	}
	for _, d := range defs {
		if !pytestCalled(toks, d) {
			continue
		}
		for _, p := range d.params {
			bnd, ok := values[p]
			if !ok || p == d.name || assignsIn(toks, p, d.from, d.to) {
				continue
			}
			b.bind(p, bnd, d.from, d.to)
		}
	}
}
