package cmdline

import (
	"reflect"
	"testing"
)

// TestPyImports: one reader of Python's imports, its flags telling each
// caller what it keeps (the test runners' statements at a line's start,
// fetched code's every import).
func TestPyImports(t *testing.T) {
	for _, tt := range []struct {
		name, code string
		want       []pyImport
	}{
		{"import list with alias", "import a, b as c\n", []pyImport{{Module: "a", Start: true, Code: true}, {Module: "b", Start: true, Code: true}}},
		{"from dot", "from . import x\n", []pyImport{{Module: ".", Names: []string{"x"}, Start: true, Code: true}}},
		{"from dots bracketed over lines", "from ..pkg.mod import (a,\n b)\n", []pyImport{{Module: "..pkg.mod", Names: []string{"a", "b"}, Start: true, Code: true}}},
		{"bracketed with aliases and comments", "from m import (\n    a as b,  # first\n    c,\n)\n", []pyImport{{Module: "m", Names: []string{"a", "c"}, Start: true, Code: true}}},
		{"dotted module", "import a.b.c\n", []pyImport{{Module: "a.b.c", Start: true, Code: true}}},
		{"star", "from m import *\n", []pyImport{{Module: "m", Names: []string{}, Start: true, Code: true}}},
		{"indented in a function", "def f():\n    import helpers\n    return helpers.x\n", []pyImport{{Module: "helpers", Start: true, Code: true}}},
		{"in a try block", "try:\n    from fast import run\nexcept ImportError:\n    from slow import run\n",
			[]pyImport{{Module: "fast", Names: []string{"run"}, Start: true, Code: true}, {Module: "slow", Names: []string{"run"}, Start: true, Code: true}}},
		{"after a semicolon", "x = 1; import evil\n", []pyImport{{Module: "evil", Code: true}}},
		{"after a colon", "if True: import evil\n", []pyImport{{Module: "evil", Code: true}}},
		{"__import__", "m = __import__(\"x.y\")\n", []pyImport{{Module: "x.y", Call: true, Code: true}}},
		{"import_module", "import importlib\nmod = importlib.import_module('plug')\n",
			[]pyImport{{Module: "importlib", Start: true, Code: true}, {Module: "plug", Call: true, Code: true}}},
		{"comment", "# import evil\nx = 1  # from evil import run\n", []pyImport{{Module: "evil"}, {Module: "evil", Names: []string{"run"}}}},
		{"string", "s = \"then: import evil\"\nu = \"x.import evil\"\nt = '''\nfrom evil import run\n'''\n", []pyImport{{Module: "evil"}, {Module: "evil", Names: []string{"run"}, Start: true}}},
		{"attribute, not a statement", "x.import_ = 1\nobj.from_ = 2\n", nil},
		{"name holding the word", "important = 1\nfromage = 2\n", nil},
	} {
		if got := pyImports(tt.code); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: pyImports(%q) = %+v, want %+v", tt.name, tt.code, got, tt.want)
		}
	}
}

// TestPyImportReaders: what each caller keeps of pyImports.
func TestPyImportReaders(t *testing.T) {
	code := "import os, helpers as h\nfrom .util import (a,\n    b)\nfrom .. import pkg\nx = 1; import late\n# import commented\nm = __import__(\"dyn\")\n"
	mods, _ := pyModulesOf(code)
	if want := []string{"os", "helpers", ".util", ".util.a", ".util.b", "..pkg"}; !reflect.DeepEqual(mods, want) {
		t.Errorf("pyModulesOf = %q, want %q", mods, want)
	}
	if got, want := pythonModules(code), []string{"os", "helpers", "util", "util.a", "util.b", "pkg", "late", "commented", "dyn"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pythonModules = %q, want %q", got, want)
	}
}
