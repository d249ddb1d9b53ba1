package cmdline

import (
	"fmt"
	"os"
	"testing"
)

func TestZZProbe(t *testing.T) {
	for _, in := range []string{os.Getenv("PROBE")} {
		line := ParseShell(in, "zsh")
		for _, c := range line.Commands {
			fmt.Printf("%q", c.Name)
			for _, a := range c.Args {
				fmt.Printf(" %s", shown(a))
			}
			fmt.Println()
		}
	}
}
