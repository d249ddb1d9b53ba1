package cmdline

import (
	"path"
	"slices"
	"strings"
	"sync"
)

// A glob as a command's name (/bin/r? -rf ~, /usr/bin/[r]m) runs the
// first file it matches, which hguard cannot list. The command stays
// dynamic (an ask), and each program hguard knows that the glob may match
// is emitted as a command it runs, so that /bin/r? -rf ~ is judged as
// rm -rf ~ too. A glob matching more than maxGlobNames known programs
// (/usr/bin/*) says nothing about which one runs and emits none.

const maxGlobNames = 8

// knownExtra are names known besides the tables' keys.
var knownExtra = []string{"python", "python3", "perl", "ruby", "node", "php", "lua", "rm", "rmdir", "shred", "dd", "mkfs", "chmod", "chown", "mv", "cp"}

// knownNames are the program names the glob is matched against: every
// program a table of this package or the catalogue names.
var knownNames = sync.OnceValue(func() []string {
	seen := map[string]bool{}
	for _, s := range []*names{dataPrograms, shells, fetchers, ruledPrograms} {
		for ; s != nil; s = s.also {
			for _, k := range s.list {
				seen[k] = true
			}
		}
	}
	for _, k := range catalogNames {
		seen[k] = true
	}
	for k := range programs {
		seen[k] = true
	}
	for k := range wrappers {
		seen[k] = true
	}
	for _, k := range knownExtra {
		seen[k] = true
	}
	names := make([]string, 0, len(seen))
	for k := range seen {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
})

// globName emits the known programs a glob command name may run.
func (w *walker) globName(c *Command, cx ctx) {
	p := c.Path
	if !c.Dynamic || p == "" || strings.ContainsAny(p, "$`'\"\\") || !strings.ContainsAny(p, "*?[") || w.walks >= maxLoopWalks {
		return
	}
	match := globKnown(path.Base(p))
	if len(match) == 0 {
		return
	}
	w.walks++
	for _, n := range match {
		if !w.runAs(c, n, "glob "+p, cx) {
			return
		}
	}
}

// globKnown are the known programs a glob of a program's base name may
// match, nil for none or more than maxGlobNames (/usr/bin/*).
func globKnown(base string) []string {
	var match []string
	for _, n := range knownNames() {
		if ok, err := path.Match(base, n); ok && err == nil {
			if match = append(match, n); len(match) > maxGlobNames {
				return nil
			}
		}
	}
	return match
}
