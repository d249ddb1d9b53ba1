//go:build ignore

// gen writes builtin_gen.go, the built-in rule packs (rules/*.yaml) as Go
// data, so that hguard parses no YAML when it starts. go generate runs it;
// TestBuiltinGenerated fails while the file is out of date.
package main

import (
	"fmt"
	"os"

	"github.com/hguard/hguard"
	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/generated"
	"github.com/hguard/hguard/rules"
)

func main() {
	fromYAML, err := hguard.LoadFS(rules.FS, ".", dsl.Builtin)
	if err == nil {
		err = generated.Write("builtin_gen.go", dsl.GoSource("hguard", "builtinSpecs", "gen.go from rules/*.yaml", fromYAML))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
