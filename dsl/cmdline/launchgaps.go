package cmdline

import (
	"slices"
	"strings"
)

// launcherGaps follows the commands of launchers whose catalogue entries
// (rules/programs/launchers.yaml, helper gtfo's) do not yet take these
// forms; each belongs in its entry, and then here no longer:
//
//   - sg GROUP 'CMD' without -c runs CMD with sh;
//   - entr -s 'CMD' runs CMD with $SHELL on each change (the entry reads
//     CMD as a program's name);
//   - nix develop … -c CMD ARGS… and nix shell PKGS… --command CMD ARGS…
//     run CMD (the entry is bundle's alias, for nix run).
func (w *walker) launcherGaps(c *Command, args []field, cx ctx) {
	switch c.Name {
	case "sg":
		var ops []field
		for _, a := range args {
			switch {
			case a.Value == "-c":
				return // the catalogue's -c
			case a.Value == "-" && len(ops) == 0:
			default:
				ops = append(ops, a)
			}
		}
		if len(ops) >= 2 {
			w.runString(c, ops[1], "sg", cx)
		}
	case "nix":
		if len(args) == 0 || args[0].Value != "develop" && args[0].Value != "shell" {
			return
		}
		for i, a := range args {
			if (a.Value == "-c" || a.Value == "--command") && i+1 < len(args) {
				w.spawn(c, args[i+1:], Wrapper{Name: "nix", Args: []string{args[0].Value, a.Value}}, cx)
				return
			}
		}
	default:
		// entr's entry peels it as a launcher: the shell line is then
		// the command's name
		if n := len(c.Wrappers); n > 0 && c.Wrappers[n-1].Name == "entr" && slices.Contains(c.Wrappers[n-1].Args, "-s") &&
			strings.ContainsAny(c.Path, " \t;|&") {
			w.nested(c, c.Path, "entr -s", cx, false)
		}
	}
}
