package hooks

import (
	"embed"
	"fmt"
	"strings"
)

//go:embed shell/hguard.bash shell/hguard.zsh shell/hguard.fish shell/noninteractive.bash shell/noninteractive.zsh
var shellScripts embed.FS

// Shells lists the interactive shells hguard hooks into.
var Shells = []string{"bash", "zsh", "fish"}

// NonInteractive lists the guards for shells started with -c, by the name
// `hguard init` takes, and the file each goes in.
var NonInteractive = map[string]string{
	"bash-env": "the file named by BASH_ENV",
	"zshenv":   "~/.zshenv",
}

// Script returns the hook for an interactive shell, running binary, or a
// non-interactive guard ("bash-env", "zshenv"). It is printed by
// `hguard init NAME` and evaluated or saved by the user.
func Script(shell, binary string) (string, error) {
	file := "shell/hguard." + shell
	switch shell {
	case "bash-env":
		file = "shell/noninteractive.bash"
	case "zshenv":
		file = "shell/noninteractive.zsh"
	}
	data, err := shellScripts.ReadFile(file)
	if err != nil {
		return "", fmt.Errorf("no hook for shell %q (want bash, zsh, fish, bash-env or zshenv)", shell)
	}
	quoted := shellQuote(binary)
	if shell == "fish" {
		// fish has no '\'' idiom: inside single quotes it takes \' and \\.
		quoted = "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(binary) + "'"
	}
	return strings.ReplaceAll(string(data), "@HGUARD_BIN@", quoted), nil
}
