package cmdline

import (
	"cmp"
	"slices"
	"strings"
)

// passCopy emits the copy a copy-pass archiver makes as cp's (pax -rw
// .bashrc ~ and echo .bashrc | cpio -pdm ~ are cp -R .bashrc ~/): the
// rules read a copy's destination and what lands there (outputs).
// pax -rw copies its operands into the last; cpio -p, and pax -rw given
// only the directory, copy the names standard input lists into it: those
// the line shows, or, when they are computed as it runs (ls | cpio -p ~,
// find . | pax -rw DIR), any of the tree it runs in (cp -R ./. DIR/).
func (w *walker) passCopy(c *Command, name string, args []field, cx ctx) {
	var sources []string
	var ops []field
	read, write, pass := false, false, false
	dir := ""              // cpio -D DIR: where its names are found
	values := "fpsTUGobxB" // pax's options that take a value
	long := []string(nil)  // cpio's long options that take one
	if name == "cpio" {
		values = "REHIOFMCWD"
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
			if key, value, ok := strings.Cut(v, "="); ok && key == "--directory" {
				dir = value
			} else if slices.Contains(long, v) {
				if v == "--directory" && i+1 < len(args) {
					dir = args[i+1].Value
				}
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
					value := v[j+1:]
					if j == len(v)-1 && i+1 < len(args) {
						i++
						value = args[i].Value
					}
					if f == 'D' && name == "cpio" {
						dir = value
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
	case (name == "cpio" && pass || name == "pax" && read && write) && len(ops) == 1:
		// the names on standard input (pax -rw with no file operand reads
		// them there too)
		in := c.Stdin
		if in.Kind == "file" {
			if known, _, ok := w.fileInput(in.From); ok {
				in = known
			}
		}
		if in.Static {
			sources = strings.Fields(in.Text)
		}
		if len(sources) > 64 || !in.Static {
			// names computed as it runs: any of the tree's, dotfiles too
			sources = []string{strings.TrimSuffix(cmp.Or(dir, "."), "/") + "/."}
		} else if dir != "" {
			for i, s := range sources {
				if !strings.HasPrefix(s, "/") {
					sources[i] = strings.TrimSuffix(dir, "/") + "/" + s
				}
			}
		}
		if len(sources) == 0 {
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
