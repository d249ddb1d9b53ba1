package hooks

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed shell/hguard.bash shell/hguard.zsh shell/hguard.fish
var shellScripts embed.FS

// Shells lists the interactive shells hguard hooks into.
var Shells = []string{"bash", "zsh", "fish"}

// Script returns the hook for an interactive shell, running binary. It is
// printed by `hguard init SHELL` and evaluated by the shell.
func Script(shell, binary string) (string, error) {
	data, err := shellScripts.ReadFile("shell/hguard." + shell)
	if err != nil {
		return "", fmt.Errorf("no hook for shell %q (want bash, zsh or fish)", shell)
	}
	quoted := shellQuote(binary)
	if shell == "fish" {
		// fish has no '\'' idiom: inside single quotes it takes \' and \\.
		quoted = "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(binary) + "'"
	}
	return strings.ReplaceAll(string(data), "@HGUARD_BIN@", quoted), nil
}
