package cmdline

import (
	"slices"
	"strings"
)

// passCopy emits the copy a copy-pass archiver makes as cp's (pax -rw
// .bashrc ~ and echo .bashrc | cpio -pdm ~ are cp -R .bashrc ~/): the
// rules read a copy's destination and what lands there (outputs).
// pax -rw copies its operands into the last; cpio -p copies the names its
// standard input lists, when the line shows them, into its operand.
func (w *walker) passCopy(c *Command, name string, args []field, cx ctx) {
	var sources []string
	var ops []field
	read, write, pass := false, false, false
	values := "fpsTUGobxB" // pax's options that take a value
	long := []string(nil)  // cpio's long options that take one
	if name == "cpio" {
		values = "REHIOFMCW"
		long = []string{"--owner", "--format", "--file", "--message", "--io-size", "--block-size", "--pattern-file", "--directory", "--warning", "--to-command", "--rsh-command"}
	}
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case args[i].Dynamic:
			return
		case v == "--pass-through":
			pass = true
		case v == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(v, "--"):
			if !strings.Contains(v, "=") && slices.Contains(long, v) {
				i++
			}
		case strings.HasPrefix(v, "-") && len(v) > 1:
			for j := 1; j < len(v); j++ {
				switch f := v[j]; {
				case f == 'r':
					read = true
				case f == 'w':
					write = true
				case f == 'p' && name == "cpio":
					pass = true
				case strings.IndexByte(values, f) >= 0:
					if j == len(v)-1 {
						i++
					}
					j = len(v)
				}
			}
		default:
			ops = append(ops, args[i])
		}
	}
	switch {
	case name == "pax" && read && write && len(ops) > 1:
		for _, o := range ops[:len(ops)-1] {
			sources = append(sources, o.Value)
		}
	case name == "cpio" && pass && len(ops) == 1 && c.Stdin.Static && c.Stdin.Text != "":
		sources = strings.Fields(c.Stdin.Text)
		if len(sources) == 0 || len(sources) > 64 {
			return
		}
	default:
		return
	}
	dest := ops[len(ops)-1].Value
	fs := []field{{Word: Word{Value: "cp"}}, {Word: Word{Value: "-R"}}}
	for _, s := range sources {
		fs = append(fs, field{Word: Word{Value: s}})
	}
	fs = append(fs, field{Word: Word{Value: strings.TrimSuffix(dest, "/") + "/"}})
	w.spawnBare(c, c.Wrappers, fs, cx, nil)
}
