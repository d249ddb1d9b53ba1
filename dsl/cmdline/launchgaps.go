package cmdline

// launcherGaps follows the commands of launchers whose catalogue entries
// (rules/programs/launchers.yaml) cannot take these forms: sg GROUP 'CMD'
// without -c runs CMD with sh. The entry's runs: line would join the
// operands after GROUP, -c and all (sg GROUP -c CMD would be the line
// "-c CMD"), and sg - GROUP CMD would take "-" for the group; a kind that
// reads "the operand after N operands, unless -c" is not worth the
// generator's while for one program. (entr -s and nix develop -c, nix
// shell --command are their entries' now.)
func (w *walker) launcherGaps(c *Command, args []field, cx ctx) {
	if c.Name == "sg" {
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
	}
}
