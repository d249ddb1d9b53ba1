// Command hguard-tirith is the tirith detector plugin; hguard starts it.
package main

import (
	"github.com/hguard/hguard/plugins"
	"github.com/hguard/hguard/plugins/tirith"
)

func main() { plugins.Serve(tirith.FromEnv()) }
