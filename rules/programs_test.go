package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
)

// TestProgramExamples runs the level: examples of the program catalogue
// (programs/*.yaml) through the built-in rules: ask means flagged (ask or
// block). The runs: examples are checked where the catalogue is compiled,
// in dsl/cmdline's TestCatalogExamples.
func TestProgramExamples(t *testing.T) {
	g, err := hguard.New(hguard.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("programs/*.yaml")
	if len(files) == 0 {
		t.Fatal("no programs/*.yaml")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var list []struct {
			Name     string `yaml:"name"`
			Examples []struct {
				Cmd   string `yaml:"cmd"`
				Level string `yaml:"level"`
			} `yaml:"examples"`
		}
		if err := yaml.Unmarshal(data, &list); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, p := range list {
			for _, ex := range p.Examples {
				if ex.Level == "" {
					continue
				}
				got := g.Check(hguard.Request{Command: ex.Cmd}).Level
				ok := false
				switch ex.Level {
				case "allow":
					ok = got < dsl.Ask
				case "ask":
					ok = got >= dsl.Ask
				case "block":
					ok = got == dsl.Block
				default:
					t.Errorf("%s: %s: level %q, want allow, ask or block", f, p.Name, ex.Level)
					continue
				}
				if !ok {
					t.Errorf("%s: %s: %q: want %s, got %s", f, p.Name, ex.Cmd, ex.Level, got)
				}
			}
		}
	}
}
