package cmdline

import (
	"path"
	"slices"
	"strconv"
	"strings"
)

// mktempOutput is what mktemp prints: the name of a file or directory it
// has just made, new and empty, so that removing it loses nothing
// (T=$(mktemp -d); …; rm -rf "$T"). The random part is written as the
// call's place on the line (tmp.mktemp12), one name per call, so that two
// calls' files stay apart. The directory is -p's or --tmpdir's, else
// $TMPDIR's when the line gives it statically, else /tmp; a template
// without them is relative to the working directory, as GNU mktemp makes
// it. Not known (ok false) for a dynamic word, an option it does not know,
// a TMPDIR the line sets at run time, or a template mktemp refuses (fewer
// than three X's at the end of its last name: mktemp prints nothing).
func (w *walker) mktempOutput(c *Command, at int) (Input, bool) {
	if c.Name != "mktemp" || c.Dynamic || len(c.Wrappers) > 0 {
		return Input{}, false
	}
	var dir, template, suffix string
	inTmp, hasDir, ended := false, false, false
	args := c.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.Dynamic {
			return Input{}, false
		}
		v := a.Value
		switch {
		case v == "--" && !ended:
			ended = true
		case ended || v == "-" || !strings.HasPrefix(v, "-"):
			if template != "" {
				return Input{}, false // one template at most
			}
			template = v
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'd', 'u', 'q':
				case 't':
					inTmp = true
				case 'p':
					hasDir = true
					if dir = v[j+1:]; dir == "" {
						if i+1 >= len(args) || args[i+1].Dynamic {
							return Input{}, false
						}
						i++
						dir = args[i].Value
					}
					j = len(v)
				default:
					return Input{}, false
				}
			}
		case strings.HasPrefix(v, "--tmpdir="):
			dir, hasDir = strings.TrimPrefix(v, "--tmpdir="), true
		case v == "--tmpdir":
			inTmp = true
		case strings.HasPrefix(v, "--suffix="):
			suffix = strings.TrimPrefix(v, "--suffix=")
		case v == "--directory" || v == "--dry-run" || v == "--quiet":
		default:
			return Input{}, false
		}
	}
	if template == "" {
		template, inTmp = "tmp.XXXXXXXXXX", true
	}
	base := template
	if strings.Contains(template, "/") {
		if inTmp || hasDir {
			return Input{}, false // -t takes one name
		}
		base = path.Base(template)
	}
	xs := len(base) - len(strings.TrimRight(base, "X"))
	if xs < 3 {
		return Input{}, false
	}
	name := template[:len(template)-xs] + "mktemp" + strconv.Itoa(at) + suffix
	if strings.ContainsAny(suffix, "/") {
		return Input{}, false
	}
	switch {
	case hasDir && dir != "":
		name = strings.TrimSuffix(dir, "/") + "/" + name
	case hasDir || inTmp:
		tmp, set := "/tmp", false
		for _, a := range c.Assigns {
			if a.Name == "TMPDIR" {
				if a.Value.Dynamic || a.Value.Value == "" {
					return Input{}, false
				}
				tmp, set = a.Value.Value, true
			}
		}
		if v, ok := w.vars["TMPDIR"]; !set && ok && v != "" {
			tmp = v
		} else if !set && (ok || strings.Contains(w.src, "TMPDIR")) {
			return Input{}, false // set at run time, or set empty
		}
		name = strings.TrimSuffix(tmp, "/") + "/" + name
	}
	if !slices.Contains(w.madeTemp, name) {
		w.madeTemp = append(w.madeTemp, name)
	}
	return Input{From: "mktemp", Text: name + "\n", Static: true}, true
}
