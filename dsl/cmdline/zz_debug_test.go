package cmdline

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDebug(t *testing.T) {
	for _, l := range strings.Split(os.Getenv("ZZ"), "\n") {
		if l == "" {
			continue
		}
		for _, c := range ParseShellAfter(l, "bash", Before{Cwd: "/p", Written: func(p string) (EarlierFile, bool) { fmt.Println("  ask", p); return EarlierFile{}, false }}).Commands {
			fmt.Printf("%q: name=%q path=%q args=%v wr=%v via=%v\n", l, c.Name, c.Path, wordValues(c.Args), c.Wrappers, c.Via)
		}
	}
}
