//go:build ignore

// gen writes native_gen.go, the conditions of the built-in rule packs
// (../rules/*.yaml) translated into Go, so that a check in a fresh process
// compiles no expr program. go generate runs it with the hguardgen tag,
// which gives it the package's translator (export_gen.go);
// TestNativeGenerated fails while the file is out of date.
package main

import (
	"fmt"
	"os"

	"github.com/hguard/hguard/dsl"
	"github.com/hguard/hguard/internal/generated"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run() error {
	src, untranslated, err := dsl.NativeSource("../rules")
	if err != nil {
		return err
	}
	for _, u := range untranslated {
		fmt.Fprintln(os.Stderr, "gen: compiled with expr:", u)
	}
	return generated.Write("native_gen.go", src)
}
