package cmdline

import "strings"

// screenCommand follows what screen -X sends to a running session: stuff
// TEXT types TEXT at the shell of its window (a line ending in \n, \r or
// ^M runs), register KEY TEXT keeps TEXT to be pasted so, exec and screen
// start a program, eval and colon run screen commands, at WINDOW one.
// The catalogue stops at -X (screen -X quit runs nothing); tmux's
// send-keys is the catalogue's. A person's terminal may be in that session.
func (w *walker) screenCommand(c *Command, args []field, cx ctx) {
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-X" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.Contains(v, "X"):
			// screen -X -S x stuff …: options may follow -X
			rest := args[i+1:]
			for len(rest) > 1 && (rest[0].Value == "-S" || rest[0].Value == "-p") {
				rest = rest[2:]
			}
			w.screenVerb(c, rest, cx, 0)
			return
		case v == "-S" || v == "-p" || v == "-c" || v == "-e" || v == "-h" || v == "-T" || v == "-t" || v == "-s":
			i++ // the option's value
		case !strings.HasPrefix(v, "-"):
			return // a command screen starts itself: the catalogue's
		}
	}
}

// maxScreenEval bounds screen's eval within eval.
const maxScreenEval = 4

func (w *walker) screenVerb(c *Command, fs []field, cx ctx, depth int) {
	if len(fs) == 0 {
		return
	}
	verb, rest := fs[0], fs[1:]
	switch verb.Value {
	case "stuff":
		if len(rest) == 0 {
			return
		}
		text := screenKeys(rest[0].Value)
		w.nested(c, text, "screen -X stuff", cx, rest[0].Dynamic)
	case "exec", "screen":
	options:
		for len(rest) > 0 {
			v := rest[0].Value
			switch {
			case verb.Value == "screen" && (v == "-t" || v == "-T" || v == "-h") && len(rest) > 1:
				rest = rest[2:] // screen -t TITLE CMD
			case strings.HasPrefix(v, "-"), verb.Value == "exec" && strings.Trim(v, ".!|:") == "":
				rest = rest[1:] // an option, exec's descriptor pattern (!..|)
			default:
				break options
			}
		}
		w.spawnElsewhere(c, rest, Wrapper{Name: "screen", Args: []string{"-X", verb.Value}}, cx)
	case "at":
		// at WINDOW COMMAND…: the command in that window
		if len(rest) > 1 && depth < maxScreenEval {
			w.screenVerb(c, rest[1:], cx, depth+1)
		}
	case "register":
		// register KEY TEXT: pasting it types TEXT, as stuff does
		if len(rest) > 1 {
			w.nested(c, screenKeys(rest[1].Value), "screen -X register", cx, rest[1].Dynamic)
		}
	case "eval", "colon":
		if depth >= maxScreenEval {
			return
		}
		for _, f := range rest {
			if f.Dynamic {
				continue
			}
			w.screenVerb(c, w.splitWords(f.Value), cx, depth+1) // screen's commands are quoted as the shell's
		}
	}
}

// screenKeys is the text stuff types, with screen's escapes for the keys
// that end a line (\n, \r, ^M, ^J, \015, \012) read as line breaks.
func screenKeys(s string) string {
	return strings.NewReplacer(`\n`, "\n", `\r`, "\n", "^M", "\n", "^J", "\n", `\015`, "\n", `\012`, "\n").Replace(s)
}
