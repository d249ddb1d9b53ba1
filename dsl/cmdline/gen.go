//go:build ignore

// gen writes catalog_gen.go, the program catalogue
// (../../rules/programs/*.yaml) as Go data, so that a check pays nothing to
// load it. go generate runs it; TestCatalogGenerated fails while the file
// is out of date.
package main

import (
	"fmt"
	"os"

	"github.com/hguard/hguard/dsl/cmdline/internal/catalogsrc"
	"github.com/hguard/hguard/internal/generated"
)

func main() {
	list, err := catalogsrc.Read("../../rules/programs")
	if err == nil {
		err = generated.Write("catalog_gen.go", catalogsrc.Source(list))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
