package checkpoint

import "testing"

func TestBuildOutputNames(t *testing.T) {
	for name, want := range map[string]bool{
		"node_modules": true, "deps": true, ".vite": true, "elm-stuff": true, ".terragrunt-cache": true,
		"build-release": true, "cmake-build-asan": true, "bin": true,
		"build-": false, "src": false, "lib": false, "vendor": false, "logs": false, "builds": false,
	} {
		if got := BuildOutputDir(name); got != want {
			t.Errorf("BuildOutputDir(%q) = %v, want %v", name, got, want)
		}
	}
	for name, want := range map[string]bool{
		"coverage.xml": true, "lcov.info": true, "main.o": true, ".coverage": true, "x.pyc": true,
		".o": false, "main.go": false, "coverage.json": false, "config.xml": false,
	} {
		if got := RegenerableFile(name); got != want {
			t.Errorf("RegenerableFile(%q) = %v, want %v", name, got, want)
		}
	}
}
