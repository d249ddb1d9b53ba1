package cmdline

import (
	"mvdan.cc/sh/v3/syntax"
)

// parseFish is replaced by the fish parser; until then fish is read as bash.
func (w *walker) parseFish(src string) ([]*syntax.Stmt, error) {
	return w.parse(src, Bash)
}
