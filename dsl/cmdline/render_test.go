package cmdline

import (
	"fmt"
	"strings"
)

// render writes a Command on one line for table tests: name and args
// («dynamic» words), then only the fields that are set.
func render(c *Command) string {
	var b strings.Builder
	if c.Dynamic {
		fmt.Fprintf(&b, "«%s»", c.Path)
	} else {
		b.WriteString(c.Name)
	}
	for _, a := range c.Args {
		if a.Dynamic {
			fmt.Fprintf(&b, " «%s»", a.Value)
		} else {
			fmt.Fprintf(&b, " %s", a.Value)
		}
	}
	if len(c.Wrappers) > 0 {
		var ws []string
		for _, w := range c.Wrappers {
			ws = append(ws, w.Name+"["+strings.Join(w.Args, " ")+"]")
		}
		fmt.Fprintf(&b, " wr=%s", strings.Join(ws, ">"))
	}
	for _, a := range c.Assigns {
		fmt.Fprintf(&b, " %s=%s", a.Name, a.Value.Value)
	}
	if len(c.Via) > 0 {
		fmt.Fprintf(&b, " via=%s", strings.Join(c.Via, ">"))
	}
	if c.Pipe.Len > 1 {
		fmt.Fprintf(&b, " pipe=%d/%d", c.Pipe.Index, c.Pipe.Len)
	}
	if in := c.Stdin; in.Kind != "" {
		fmt.Fprintf(&b, " in=%s", in.Kind)
		if in.From != "" {
			fmt.Fprintf(&b, ":%s", in.From)
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{in.Static, "static"}, {in.Remote, "remote"}, {in.Decoded, "decoded"}} {
			if f.on {
				b.WriteString(":" + f.name)
			}
		}
	}
	if c.Untrusted != "" {
		fmt.Fprintf(&b, " untrusted=%s", c.Untrusted)
	}
	if p := c.Payload; p != nil {
		fmt.Fprintf(&b, " payload=%s", p.Lang)
		if len(p.ShellOuts) > 0 {
			fmt.Fprintf(&b, " sh=%q", p.ShellOuts)
		}
		if len(p.Destructive) > 0 {
			fmt.Fprintf(&b, " del=%q", p.Destructive)
		}
		if p.Opaque {
			b.WriteString(" opaque")
		}
	}
	for _, r := range c.Redirects {
		switch {
		case r.Op == "<<" || r.Op == "<<-":
		case r.Target.Dynamic:
			fmt.Fprintf(&b, " %s%s«%s»", r.Fd, r.Op, r.Target.Value)
		default:
			fmt.Fprintf(&b, " %s%s%s", r.Fd, r.Op, r.Target.Value)
		}
	}
	if c.Func != "" {
		fmt.Fprintf(&b, " fn=%s", c.Func)
	}
	if c.Background {
		b.WriteString(" bg")
	}
	return b.String()
}

// renderCommands renders each of a line's commands (render).
func renderCommands(l *Line) []string {
	var out []string
	for _, c := range l.Commands {
		out = append(out, render(c))
	}
	return out
}
