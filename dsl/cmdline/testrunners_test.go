package cmdline

import (
	"slices"
	"testing"
)

// TestPyModulesOf: the modules a Python text imports and the plugins its
// pytest_plugins names.
func TestPyModulesOf(t *testing.T) {
	imports, plugins := pyModulesOf("import os, helpers\nfrom tests.util import run, make\nfrom . import fixtures\nfrom .a import (b,\n  c)\n\npytest_plugins = [\n    \"plug.one\",\n    'two',\n]\nx = \"import evil\"\n")
	for _, want := range []string{"os", "helpers", "tests.util", "tests.util.run", ".fixtures", ".a", ".a.b"} {
		if !slices.Contains(imports, want) {
			t.Errorf("imports %q: no %q", imports, want)
		}
	}
	if !slices.Equal(plugins, []string{"plug.one", "two"}) {
		t.Errorf("plugins %q", plugins)
	}
	if _, p := pyModulesOf("pytest_plugins = \"one\"\n"); !slices.Equal(p, []string{"one"}) {
		t.Errorf("a string's plugin: %q", p)
	}
}

// TestPyTopLevel: what runs as a module is imported.
func TestPyTopLevel(t *testing.T) {
	got := pyTopLevel("import os\n\n\ndef f():\n    os.system('x')\n\n    return 1\n\n\nclass C:\n    A = 1\n\n    def m(self):\n        os.remove('y')\n\n    B = 2\n\n\nif __name__ == \"__main__\":\n    f()\nos.system('z')\n")
	want := "import os\n\n\nclass C:\n    A = 1\n\n    B = 2\n\n\nos.system('z')\n\n"
	if got != want {
		t.Errorf("pyTopLevel: %q, want %q", got, want)
	}
}

// TestCargoPathDeps: a Cargo.toml's path dependencies and procedural macro.
func TestCargoPathDeps(t *testing.T) {
	got := cargoPathDeps("[package]\nname = \"a\"\npath = \"no\"\n\n[dependencies]\nx = { path = \"../x\", version = \"1\" }\nserde = \"1\"\n\n[dev-dependencies.y]\npath = \"crates/y\"\n\n[target.'cfg(unix)'.build-dependencies]\nz = { path = 'z' }\n")
	if !slices.Equal(got, []string{"../x", "crates/y", "z"}) {
		t.Errorf("cargoPathDeps: %q", got)
	}
	if lib := cargoProcMacro("[lib]\nproc-macro = true\npath = \"m.rs\"\n"); lib != "m.rs" {
		t.Errorf("cargoProcMacro: %q", lib)
	}
	if lib := cargoProcMacro("[lib]\nname = \"x\"\n"); lib != "" {
		t.Errorf("cargoProcMacro of a plain library: %q", lib)
	}
}
