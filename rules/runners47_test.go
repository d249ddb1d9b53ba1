package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestRunners47: what a test runner or a project command loads that
// runners46 left unread, written by the session: pytest's -o/--override-ini
// settings, the settings of each configuration file pytest reads, imports
// from nested test directories and conftest.py files above the tests, the
// project functions a test calls; jest's projects and vitest's workspace;
// Go's init and TestMain; make test, npm test, tox and nox running them.
// The dangerous case is asked (or blocked), the everyday neighbour
// allowed, for an agent.
func TestRunners47(t *testing.T) {
	const wipeHome = "import os\nimport shutil\n\n\ndef clean():\n    shutil.rmtree(os.path.expanduser(\"~\"))\n"
	const goMod = "module example.com/a\n\ngo 1.22\n"
	checkSession(t, testedProject, []sessionCase{
		// pytest -o and --override-ini
		{"-o addopts plugin", files("evil.py", evilPy), "pytest -o addopts=\"-p evil\"", dsl.Ask},
		{"--override-ini addopts plugin", files("evil.py", evilPy), "pytest --override-ini=addopts='-p evil'", dsl.Ask},
		{"-o python_files", files("checks/check_a.py", evilPy), "pytest -o python_files='check_*.py' checks", dsl.Ask},
		{"-o addopts basetemp", nil, "pytest -o addopts=--basetemp=/etc", dsl.Block},
		{"-o plain", files("tests/test_a.py", test), "pytest -o log_cli=true -o addopts=-ra", dsl.Allow},
		// settings of each configuration file
		{"pytest.ini pythonpath", files("pytest.ini", "[pytest]\npythonpath = lib\n", "lib/helpers.py", evilPy, "tests/test_h.py", "import helpers\n\n"+test), "pytest", dsl.Ask},
		{"pyproject pythonpath", files("pyproject.toml", "[tool.pytest.ini_options]\npythonpath = [\"lib\"]\n", "lib/helpers.py", evilPy, "tests/test_h.py", "import helpers\n\n"+test), "pytest", dsl.Ask},
		{"pyproject testpaths", files("pyproject.toml", "[tool.pytest.ini_options]\ntestpaths = [\"checks\"]\n", "checks/test_c.py", evilPy), "pytest", dsl.Ask},
		{"pyproject python_files", files("pyproject.toml", "[tool.pytest.ini_options]\npython_files = [\"check_*.py\"]\n", "tests/check_c.py", evilPy), "pytest", dsl.Ask},
		{"tox.ini testpaths", files("pyproject.toml", "[project]\nname = \"mypkg\"\n", "tox.ini", "[pytest]\ntestpaths = checks\n", "checks/test_c.py", evilPy), "pytest", dsl.Ask},
		{"setup.cfg python_files", files("pyproject.toml", "[project]\nname = \"mypkg\"\n", "setup.cfg", "[tool:pytest]\npython_files = check_*.py\n", "tests/check_c.py", evilPy), "pytest", dsl.Ask},
		{"pytest.ini plain", files("pytest.ini", "[pytest]\npythonpath = . src\ntestpaths = tests\naddopts = -ra --strict-markers\n"), "pytest", dsl.Allow},
		// nested test directories
		{"nested relative import", files("tests/helpers.py", evilPy, "tests/unit/__init__.py", "", "tests/__init__.py", "", "tests/unit/test_x.py", "from ..helpers import x\n\n"+test), "pytest", dsl.Ask},
		{"nested import on pythonpath", files("pytest.ini", "[pytest]\npythonpath = .\n", "helpers.py", evilPy, "tests/unit/test_x.py", "import helpers\n\n"+test), "pytest", dsl.Ask},
		{"nested import beside", files("tests/unit/helpers.py", evilPy, "tests/unit/test_x.py", "import helpers\n\n"+test), "pytest", dsl.Ask},
		{"parent conftest", files("tests/conftest.py", evilPy, "tests/unit/test_x.py", test), "pytest tests/unit", dsl.Ask},
		{"parent conftest of a file", files("tests/conftest.py", evilPy, "tests/unit/test_x.py", test), "pytest tests/unit/test_x.py", dsl.Ask},
		{"root conftest of a file", files("conftest.py", evilPy, "tests/unit/test_x.py", test), "pytest tests/unit/test_x.py::test_x", dsl.Ask},
		{"nested plain", files("tests/unit/__init__.py", "", "tests/helpers.py", "def x():\n    return 1\n", "tests/unit/test_x.py", "from ..helpers import x\n\n\ndef test_x():\n    assert x() == 1\n"), "pytest", dsl.Allow},
		// project functions called from a test
		{"tools.clean called", files("tools.py", wipeHome, "tests/test_t.py", "from tools import clean\n\n\ndef test_x():\n    clean()\n"), "pytest", dsl.Block},
		{"tools.clean called by module", files("tools.py", wipeHome, "tests/test_t.py", "import tools\n\n\ndef test_x():\n    tools.clean()\n"), "pytest", dsl.Block},
		{"pkg clean called from conftest", files("mypkg/tools.py", wipeHome, "tests/conftest.py", "import pytest\n\nfrom mypkg.tools import clean\n\n\n@pytest.fixture(autouse=True)\ndef _clean():\n    clean()\n"), "pytest", dsl.Block},
		{"project function cleaning tmp", files("mypkg/tools.py", "import shutil\n\n\ndef clean(root):\n    shutil.rmtree(root)\n", "tests/test_t.py", "from mypkg.tools import clean\n\n\ndef test_x(tmp_path):\n    clean(tmp_path)\n"), "pytest", dsl.Allow},
		// jest projects, vitest workspace
		{"jest projects config", files("jest.config.js", "module.exports = { projects: [\"<rootDir>/packages/a\"] };\n", "packages/a/jest.config.js", "module.exports = { setupFiles: [\"./setup.js\"] };\n", "packages/a/setup.js", evilJS), "npx jest", dsl.Ask},
		{"jest project entry globalSetup", files("jest.config.js", "module.exports = { projects: [{ displayName: \"a\", globalSetup: \"./gs.js\" }] };\n", "gs.js", evilJS), "npx jest", dsl.Ask},
		{"jest project entry globalTeardown", files("jest.config.js", "module.exports = {\n  projects: [\n    {\n      displayName: \"a\",\n      globalTeardown: \"<rootDir>/td.js\",\n    },\n  ],\n};\n", "td.js", evilJS), "npx jest", dsl.Ask},
		{"vitest workspace", files("vitest.workspace.ts", "export default [\"packages/*\", { test: { setupFiles: [\"./ws-setup.ts\"] } }];\n", "ws-setup.ts", evilJS), "npx vitest run", dsl.Ask},
		{"vitest workspace project config", files("vitest.workspace.ts", "export default [\"packages/a/vitest.config.ts\"];\n", "packages/a/vitest.config.ts", "export default { test: { setupFiles: [\"./s.ts\"] } };\n", "packages/a/s.ts", evilJS), "npx vitest run", dsl.Ask},
		{"vite.config setupFiles", files("vite.config.mts", "import { defineConfig } from \"vite\";\nexport default defineConfig({\n  plugins: [],\n  test: {\n    setupFiles: \"./src/setupTests.ts\",\n  },\n});\n", "src/setupTests.ts", evilJS), "npx vitest run", dsl.Ask},
		{"jest projects plain", files("jest.config.js", "module.exports = { projects: [\"<rootDir>/packages/*\"] };\n"), "npx jest", dsl.Allow},
		{"vitest workspace plain", files("vitest.workspace.ts", "export default [\"packages/*\"];\n"), "npx vitest run", dsl.Allow},
		// Go init and TestMain
		{"go init RemoveAll HOME", files("go.mod", goMod, "a.go", "package a\n\nimport \"os\"\n\nfunc init() {\n\tos.RemoveAll(os.Getenv(\"HOME\"))\n}\n"), "go test ./...", dsl.Block},
		{"go TestMain RemoveAll root", files("go.mod", goMod, "a_test.go", "package a\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) {\n\tos.RemoveAll(\"/\")\n\tos.Exit(m.Run())\n}\n"), "go test ./...", dsl.Block},
		{"go init exec rm", files("go.mod", goMod, "a_test.go", "package a\n\nimport \"os/exec\"\n\nfunc init() {\n\texec.Command(\"sh\", \"-c\", \"rm -rf ~\").Run()\n}\n"), "go test ./...", dsl.Block},
		{"go UserHomeDir", files("go.mod", goMod, "pkg/x/x_test.go", "package x\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) {\n\th, _ := os.UserHomeDir()\n\tos.RemoveAll(h)\n\tos.Exit(m.Run())\n}\n"), "go test ./...", dsl.Block},
		{"go TestMain temp dir", files("go.mod", goMod, "a_test.go", "package a\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) {\n\tdir, _ := os.MkdirTemp(\"\", \"a\")\n\tcode := m.Run()\n\tos.RemoveAll(dir)\n\tos.Exit(code)\n}\n"), "go test ./...", dsl.Allow},
		{"go fixture in a raw string", files("go.mod", goMod, "gen_test.go", "package a\n\nimport \"testing\"\n\nconst fixture = `package main\nimport \"os\"\nfunc main() { os.RemoveAll(\"/\") }\n`\n\nfunc TestGen(t *testing.T) {\n\t_ = fixture // os.RemoveAll(\"/\") is what it holds\n}\n"), "go test ./...", dsl.Allow},
		{"go test runs a program by name", files("go.mod", goMod, "a_test.go", "package a\n\nimport (\n\t\"os/exec\"\n\t\"testing\"\n)\n\nfunc TestGit(t *testing.T) {\n\tif out, err := exec.Command(\"git\", \"status\").CombinedOutput(); err != nil {\n\t\tt.Fatal(err, string(out))\n\t}\n}\n"), "go test ./...", dsl.Allow},
		{"go tool clears its cache", files("go.mod", goMod, "cmd/tool/main.go", "package main\n\nimport (\n\t\"os\"\n\t\"path/filepath\"\n)\n\nfunc main() {\n\thome, _ := os.UserHomeDir()\n\tos.RemoveAll(filepath.Join(home, \".cache\", \"tool\"))\n}\n", "a_test.go", "package a\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestA(t *testing.T) {\n\thome := t.TempDir()\n\tdefer os.RemoveAll(home)\n}\n"), "go test ./...", dsl.Allow},
		// project commands running them
		{"make test pytest", files("Makefile", "test:\n\tpytest\n", "tests/conftest.py", evilPy), "make test", dsl.Ask},
		{"npm test pytest", files("package.json", "{\"scripts\": {\"test\": \"pytest -q\"}}\n", "tests/conftest.py", evilPy), "npm test", dsl.Ask},
		{"tox pytest", files("tox.ini", "[tox]\nenvlist = py3\n\n[testenv]\ncommands = pytest {posargs}\n", "tests/conftest.py", evilPy), "tox", dsl.Ask},
		{"nox pytest", files("noxfile.py", "import nox\n\n\n@nox.session\ndef tests(session):\n    session.run(\"pytest\")\n", "tests/conftest.py", evilPy), "nox", dsl.Ask},
		{"make test go", files("Makefile", "test:\n\tgo test ./...\n", "go.mod", goMod, "a_test.go", "package a\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc TestMain(m *testing.M) {\n\tos.RemoveAll(\"/\")\n\tos.Exit(m.Run())\n}\n"), "make test", dsl.Block},
		{"make test plain", files("Makefile", "test:\n\tpytest -q\n"), "make test", dsl.Allow},
		{"tox plain", files("tox.ini", "[tox]\nenvlist = py3\n\n[testenv]\ndeps = pytest\ncommands = pytest {posargs}\n"), "tox", dsl.Allow},
	})
}
