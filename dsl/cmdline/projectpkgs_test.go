package cmdline

import (
	"slices"
	"testing"
)

func TestLocalPackageDirs(t *testing.T) {
	for _, tt := range []struct {
		manifest, pnpm string
		want           []string
	}{
		{`{"dependencies":{"a":"file:./helper","b":"^1.0.0"},"devDependencies":{"c":"link:packages/c/","d":"portal:./tools/d"}}`, "", []string{"helper", "packages/c", "tools/d"}},
		{`{"workspaces":["packages/*","!packages/skip","apps/**"]}`, "", []string{"apps", "packages/*"}},
		{`{"workspaces":{"packages":["libs/*"],"nohoist":["**/x"]}}`, "", []string{"libs/*"}},
		{`{"name":"x"}`, "packages:\n  - 'apps/*'\n  - \"tools/cli\"\n# c\ncatalog:\n  - react\n", []string{"apps/*", "tools/cli"}},
		// outside the project, the project itself, a tarball: not followed
		{`{"dependencies":{"a":"file:../sibling","b":"file:/opt/x","c":"file:.","d":"file:./vendor/x.tgz"}}`, "", nil},
		{`{broken`, "", nil},
	} {
		if got := localPackageDirs(tt.manifest, tt.pnpm); !slices.Equal(got, tt.want) {
			t.Errorf("localPackageDirs(%s, %q) = %q, want %q", tt.manifest, tt.pnpm, got, tt.want)
		}
	}
}

func TestYamlList(t *testing.T) {
	const yarnrc = "nodeLinker: node-modules\nplugins:\n  - path: .yarn/plugins/a.cjs\n    spec: \"@yarnpkg/plugin-a\"\n  - spec: b\n    path: '.yarn/plugins/b.cjs'\n  - .yarn/plugins/c.cjs\nyarnPath: .yarn/releases/yarn.cjs\n"
	if got, want := yamlList(yarnrc, "plugins"), []string{".yarn/plugins/a.cjs", ".yarn/plugins/b.cjs", ".yarn/plugins/c.cjs"}; !slices.Equal(got, want) {
		t.Errorf("yamlList(plugins) = %q, want %q", got, want)
	}
	if got := yamlList(yarnrc, "packages"); got != nil {
		t.Errorf("yamlList(packages) = %q, want none", got)
	}
}

func TestJSONObjects(t *testing.T) {
	if got := jsonObjects(`{"a":1}` + "\n" + `{"b":2}` + "\n"); len(got) != 2 {
		t.Errorf("jsonObjects of two = %q", got)
	}
	if got := jsonObjects(`{"a":1}` + "\n{broken\n"); len(got) != 1 {
		t.Errorf("jsonObjects with a broken second = %q", got)
	}
}

func TestPSRFiles(t *testing.T) {
	psr4 := map[string]any{`App\`: "src/", `App\Tools\`: []any{"tools/", "lib/tools"}, `Evil\`: "../outside/"}
	psr0 := map[string]any{"Legacy_": "legacy/"}
	for _, tt := range []struct {
		class string
		want  []string
	}{
		{`App\Installer`, []string{"src/Installer.php"}},
		{`App\Tools\Setup`, []string{"lib/tools/Setup.php", "src/Tools/Setup.php", "tools/Setup.php"}},
		{`Legacy_Hook`, []string{"legacy/Legacy_Hook.php"}},
		{`Illuminate\Foundation\ComposerScripts`, nil},
		{`Evil\X`, nil},
	} {
		if got := psrFiles(tt.class, psr4, psr0); !slices.Equal(got, tt.want) {
			t.Errorf("psrFiles(%s) = %q, want %q", tt.class, got, tt.want)
		}
	}
}

func TestPythonProjectBuild(t *testing.T) {
	for _, tt := range []struct {
		line, dir string
		tests     bool
	}{
		{"python3 -m build", ".", false},
		{"python3 -m build -o dist --sdist pkg", "pkg", false},
		{"python3 -m pytest", "", false},
		{"python3 build.py", "", false},
		{"uv sync --frozen", ".", false},
		{"uv --directory svc sync", "svc", false},
		{"uv run pytest -q", ".", false},
		{"uv run --no-project python x.py", "", false},
		{"uv pip install -r requirements.txt", "", false},
		{"poetry install", ".", false},
		{"poetry -C api install", "api", false},
		{"poetry install --no-root", "", false},
		{"poetry run pytest", "", false},
		{"pdm install", ".", false},
		{"hatch build", ".", false},
		{"hatch test", ".", true},
		{"hatch version", "", false},
	} {
		l := Parse(tt.line)
		if len(l.Commands) == 0 {
			t.Fatalf("Parse(%q): no command", tt.line)
		}
		c := l.Commands[0]
		args := make([]field, len(c.Args))
		for i, a := range c.Args {
			args[i] = field{Word: a}
		}
		if dir, tests := pythonProjectBuild(c, args); dir != tt.dir || tests != tt.tests {
			t.Errorf("pythonProjectBuild(%q) = %q, %v, want %q, %v", tt.line, dir, tests, tt.dir, tt.tests)
		}
	}
}
