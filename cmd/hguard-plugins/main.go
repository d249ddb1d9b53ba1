// Command hguard-plugins runs hguard's detector plugins and installs
// tirith. hguard calls it; see package pluginscmd.
package main

import (
	"os"

	"github.com/hguard/hguard/plugins/pluginscmd"
)

func main() {
	os.Exit(pluginscmd.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
