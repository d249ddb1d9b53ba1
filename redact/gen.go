//go:build ignore

// gen writes automaton_gen.go, the keyword automaton of the built-in
// patterns as Go data, so that no hguard process builds it when it starts.
// go generate runs it with the hguardgen tag, which gives it the package's
// generator (export_gen.go); TestAutomatonGenerated fails while the file is
// out of date.
package main

import (
	"fmt"
	"os"

	"github.com/hguard/hguard/internal/generated"
	"github.com/hguard/hguard/redact"
)

func main() {
	if err := generated.Write("automaton_gen.go", redact.AutomatonSource()); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
