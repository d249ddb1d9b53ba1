package dsl

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// pythonImport finds the top-level module of each import statement in
// Python code: import json, import os.path as p, from json import loads.
var pythonImport = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[;\n]|\s)(?:import\s+(\w+(?:\s*,\s*\w+)*)|from\s+(\w+)[\w.]*\s+import)\b`)
})

// pythonProgram matches python, python3, python3.12.
var pythonProgram = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^python[0-9.]*$`) })

// plantedModule reports python run with -c CODE or -m MODULE, which puts
// the directory it runs in (dir) first on sys.path, importing a module an
// earlier command of the line moved, copied or linked into that directory
// from outside the one the line starts in (start): ln -s /tmp/evil.py
// json.py; python3 -c 'import json' runs /tmp/evil.py in json's place, as
// PYTHONPATH=. would after it.
func plantedModule(c *cmdline.Command, line *cmdline.Line, dir, start string, ctx Context) bool {
	if !pythonProgram().MatchString(programName(c.Name)) || line == nil {
		return false
	}
	imported := map[string]bool{}
	for i, a := range c.Args {
		if a.Value == "-m" && i+1 < len(c.Args) {
			top, _, _ := strings.Cut(c.Args[i+1].Value, ".")
			imported[top] = true
		}
	}
	if p := c.Payload; p != nil && p.Lang == "python" {
		for _, m := range pythonImport().FindAllStringSubmatch(p.Code, -1) {
			for _, name := range strings.Split(m[1], ",") {
				imported[strings.TrimSpace(name)] = true
			}
			imported[m[2]] = true
		}
	}
	delete(imported, "")
	if len(imported) == 0 {
		return false
	}
	here := path.Clean(resolveIn(cleanPath(dir), ctx.Cwd))
	for _, o := range line.Commands {
		if o == c {
			return false
		}
		dests, srcs, ok := moveTargets(o)
		if !ok {
			continue
		}
		odir := commandCwd(ctx.Cwd, o.Cwd, o.CwdRel)
		for _, d := range dests {
			dr := path.Clean(resolveIn(cleanPath(d), odir))
			var made []string // the names the command makes in here
			switch {
			case dr == here:
				for _, s := range srcs {
					made = append(made, path.Base(s)) // cp /tmp/json.py .
				}
			case path.Dir(dr) == here:
				made = []string{path.Base(dr)} // ln -s /tmp/evil.py json.py
			}
			for _, name := range made {
				if !imported[strings.TrimSuffix(name, ".py")] {
					continue
				}
				for _, s := range srcs {
					if outsideStart(path.Clean(resolveIn(cleanPath(s), odir)), start) {
						return true
					}
				}
			}
		}
	}
	return false
}

// outsideStart reports a resolved source path that is not below start,
// the directory the line starts in: one known only at run time, or, where
// start is not known, one spelled from the root, the home or above.
func outsideStart(p, start string) bool {
	switch {
	case strings.ContainsAny(p, "$`*?["):
		return true
	case start == "":
		return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || p == ".." || strings.HasPrefix(p, "../")
	}
	return !within(p, start)
}
