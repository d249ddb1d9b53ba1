package cmdline

import (
	"path"
	"slices"
	"strings"
)

// foundChangers are the programs that change, move or replace in place
// the files they are given (the compressors, inPlacePrograms, too): run by
// find -exec on {} or by xargs on find's output, what they change is what
// find finds. rm, unlink and rmdir are not among them: find-exec-delete
// judges every delete find or xargs runs whatever it finds.
var foundChangers = set("mv", "cp", "ln", "install", "touch", "truncate", "shred", "tee", "chmod", "chown", "chgrp", "chattr",
	"sed", "gsed", "perl", "ruby")

// foundNames are names that stand for what find finds, read from its
// arguments: for each starting point P, P/NAME for each -name or -iname
// pattern it tests (and P itself when its base name matches), or P and
// P/* when it tests no name (find ~ -exec gzip {} + reaches ~/.bashrc). A
// pattern keeps its glob characters, for the rules' glob reading
// (mayName). A negated name test (! -name x) says nothing of what is
// found. nil when a point or a name is known only at run time.
func foundNames(args []Word) []Word {
	var points []Word
	end := FindStart(len(args), func(i int) string { return args[i].Value }, func(i int) { points = append(points, args[i]) })
	if len(points) == 0 {
		points = []Word{{Value: "."}} // GNU find starts at . when given no point
	}
	var names []string
	negated := false
	for i := end; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "!" || v == "-not":
			negated = true
			continue
		case (v == "-name" || v == "-iname") && i+1 < len(args):
			i++
			if args[i].Dynamic {
				return nil
			}
			if !negated {
				names = append(names, args[i].Value)
			}
		case v == "-exec" || v == "-execdir" || v == "-ok" || v == "-okdir":
			for i++; i < len(args) && args[i].Value != ";" && args[i].Value != "+"; i++ {
			}
		}
		negated = false
	}
	var out []Word
	for _, p := range points {
		if p.Dynamic || p.Value == "" {
			return nil
		}
		if len(names) == 0 {
			out = append(out, Word{Value: p.Value}, Word{Value: strings.TrimSuffix(p.Value, "/") + "/*", Glob: true})
			continue
		}
		for _, n := range names {
			if ok, _ := path.Match(n, path.Base(p.Value)); ok && p.Value != "." && p.Value != "/" {
				out = append(out, Word{Value: p.Value})
			}
			out = append(out, Word{Value: strings.TrimSuffix(p.Value, "/") + "/" + n, Glob: strings.ContainsAny(n, "*?[")})
			if !strings.ContainsAny(n, "*?[") && homesPoint(p.Value) {
				// find descends: find /home -name .bashrc finds
				// /home/u/.bashrc (a pattern's deeper matches are left:
				// -name '*.log' under ~ would stand for every file)
				out = append(out, Word{Value: strings.TrimSuffix(p.Value, "/") + "/*/" + n, Glob: true})
			}
		}
	}
	return out
}

// homesPoint reports a find starting point that is a home or holds homes
// (~, /home, /root, /Users), where a name find finds deeper is a user's
// configuration file.
func homesPoint(p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, h := range []string{"~", "/home", "/root", "/Users"} {
		if p == h || strings.HasPrefix(p, h+"/") {
			return true
		}
	}
	return false
}

// changesFound reports a program foundCopy makes a copy of.
func changesFound(name string) bool {
	prog := program(name)
	return inPlacePrograms[name] != nil || inPlacePrograms[prog] != nil || foundChangers.has(prog)
}

// foundCopy emits the command find -exec runs (fs, with its {} words)
// once more with foundNames in place of {}, as typed, for the rules on
// what it changes to judge: find ~ -name .bashrc -exec gzip {} \; is
// gzip ~/.bashrc, find /etc -name passwd -exec sed -i … {} + sed -i …
// /etc/passwd. The copy carries the find's own wrappers (sudo), not find
// itself: the rules on what find runs (find-exec-delete) judge the
// command as it is.
func (w *walker) foundCopy(c *Command, findArgs []field, fs []field, cx ctx) {
	if len(fs) == 0 || fs[0].Dynamic {
		return
	}
	words := make([]Word, len(findArgs))
	for i, a := range findArgs {
		words[i] = a.Word
	}
	found := foundNames(words)
	if len(found) == 0 {
		return
	}
	var out []field
	replaced := false
	for _, f := range fs {
		if f.Value != "{}" {
			out = append(out, f)
			continue
		}
		replaced = true
		for _, n := range found {
			out = append(out, field{Word: n, glob: n.Glob})
		}
	}
	if replaced {
		// the program is known after the wrappers: -exec sudo gzip {}
		w.spawnBare(c, c.Wrappers, out, cx, changesFound)
	}
}

// xargsFound is foundCopy for xargs fed by find (find ~ -name .bashrc |
// xargs gzip): the names stand where xargs puts its input, appended or in
// place of -I's string. The copy drops xargs and what wraps it.
func (w *walker) xargsFound(c *Command, args []field, cx ctx) {
	wr, ok := xargsOf(c)
	if !ok || c.Stdin.Kind != "pipe" || c.Stdin.From != "find" || c.Pipe.Index == 0 || c.Dynamic || !changesFound(c.Name) {
		return
	}
	var feeder *Command
	for j := len(w.line.Commands) - 1; j >= 0; j-- {
		o := w.line.Commands[j]
		if o.Pipe.Len == c.Pipe.Len && o.Pipe.Index == c.Pipe.Index-1 && len(o.Wrappers) == 0 && slices.Equal(o.Via, c.Via) {
			if program(o.Name) == "find" {
				feeder = o
			}
			break
		}
	}
	if feeder == nil {
		return
	}
	found := foundNames(feeder.Args)
	if len(found) == 0 {
		return
	}
	repl := ""
	for i := range wr.Args {
		if r, ok := xargsReplace(wr.Args, i); ok {
			repl = r
		}
	}
	out := []field{{Word: Word{Value: c.Path}}}
	replaced := false
	for _, a := range args {
		if repl != "" && a.Value == repl {
			replaced = true
			for _, n := range found {
				out = append(out, field{Word: n, glob: n.Glob})
			}
			continue
		}
		out = append(out, a)
	}
	if repl == "" {
		replaced = true
		for _, n := range found {
			out = append(out, field{Word: n, glob: n.Glob})
		}
	}
	if !replaced {
		return
	}
	wrappers := c.Wrappers[:slices.IndexFunc(c.Wrappers, func(x Wrapper) bool { return x.Name == "xargs" })]
	w.spawnBare(c, wrappers, out, cx, nil)
}

// spawnBare emits fs as a command of c's line wrapped by wrappers only,
// and follows it; with keep, only when keep holds for the program left
// once its own wrappers are peeled.
func (w *walker) spawnBare(c *Command, wrappers []Wrapper, fs []field, cx ctx, keep func(string) bool) {
	if len(fs) == 0 || w.full || cx.depth >= MaxDepth {
		return
	}
	n := Command{Pipe: PipePos{Len: 1}, Via: c.Via, Source: c.Source, Pos: c.Pos, Func: c.Func, Background: c.Background}
	rest := w.peel(&n, fs)
	if keep != nil && (n.Dynamic || !keep(n.Name)) {
		return
	}
	n.Wrappers = concat(slices.Clip(wrappers), n.Wrappers)
	if w.emit(&n) {
		cx.depth++
		w.follow(&n, rest, cx)
	}
}
