package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestPythonShadowedModule: python3 -m and import look in the directory
// Python starts in before the installed modules, and import each
// enclosing package first, so a json.py written there runs for python3 -m
// json.tool, and a pytest.py for python3 -m pytest (red team, 2026-12-05:
// each was allowed; bash confirmed both run the written file).
func TestPythonShadowedModule(t *testing.T) {
	const rm = `echo 'import shutil; shutil.rmtree("/home/u/x")' > `
	checkHoles(t, []holeCase{
		{rm + "json.py && python3 -m json.tool x.json", dsl.Ask, dsl.Ask},
		{rm + "http.py && python3 -m http.server 8000", dsl.Ask, dsl.Ask},
		{"mkdir -p json && " + rm + "json/__init__.py && python3 -m json.tool x.json", dsl.Ask, dsl.Ask},
		{rm + "json.py && python3 -c 'import json.decoder'", dsl.Ask, dsl.Ask},
		{rm + "pytest.py && python3 -m pytest", dsl.Ask, dsl.Ask},
		{rm + "unittest.py && python3 -m unittest discover", dsl.Ask, dsl.Ask},
		{rm + "evil.py && python3 -m evil", dsl.Ask, dsl.Ask},
		{"echo 'print(1)' > json.py && python3 -m json.tool x.json", dsl.Allow, dsl.Allow},
		{"echo 'def test_a(): pass' > test_a.py && python3 -m pytest", dsl.Allow, dsl.Allow},
		{"echo 'print(1)' > pytest.py && python3 -m pytest", dsl.Allow, dsl.Allow},
		{"python3 -m json.tool x.json", dsl.Allow, dsl.Allow},
		{"python3 -m http.server 8000", dsl.Allow, dsl.Allow},
		{rm + "notes.py && python3 -m json.tool x.json", dsl.Allow, dsl.Allow},
	})
}

// TestPytestCollectsWrittenOnLine: pytest collects test_*.py and *_test.py
// below where it runs, so a test file written on the same line runs as a
// conftest.py does (red team, 2026-12-05: echo … > test_x.py && pytest was
// allowed; the same file written by an earlier command was read).
func TestPytestCollectsWrittenOnLine(t *testing.T) {
	const rm = `echo 'import shutil; shutil.rmtree("/home/u/x")' > `
	checkHoles(t, []holeCase{
		{rm + "test_x.py && pytest", dsl.Ask, dsl.Ask},
		{rm + "tests/test_x.py && pytest", dsl.Ask, dsl.Ask},
		{rm + "x_test.py && python3 -m pytest", dsl.Ask, dsl.Ask},
		{rm + "tests/test_x.py && pytest tests", dsl.Ask, dsl.Ask},
		{"echo 'def test_a(): assert 1' > test_x.py && pytest", dsl.Allow, dsl.Allow},
		{"mkdir -p tests && echo 'def test_a(): assert 1' > tests/test_x.py && pytest -q", dsl.Allow, dsl.Allow},
		{rm + "other/test_x.py && pytest tests", dsl.Allow, dsl.Allow},
		{rm + "/tmp/test_x.py && pytest", dsl.Allow, dsl.Allow},
		{rm + "notes.py && pytest", dsl.Allow, dsl.Allow},
	})
}
