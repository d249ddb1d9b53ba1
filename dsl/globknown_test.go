package dsl

import (
	"slices"
	"testing"
)

func TestRegexpPaths(t *testing.T) {
	for _, c := range []struct {
		re           string
		paths, names []string
	}{
		{`^(~|/root|/home/[^/]+)/(\.terraformrc|\.cargo/config(\.toml)?)$`, []string{"~/.terraformrc", "~/.cargo/config", "~/.cargo/config.toml", "/root/.terraformrc", "/root/.cargo/config", "/root/.cargo/config.toml"}, nil},
		{`^/proc/sys/kernel/(kptr_restrict|yama/ptrace_scope)`, []string{"/proc/sys/kernel/kptr_restrict*", "/proc/sys/kernel/yama/ptrace_scope*"}, nil},
		{`^/dev/(sd|vd)[a-z]+$`, []string{"/dev/sd*", "/dev/vd*"}, nil},
		{`^/proc/[0-9]+/environ$`, []string{"/proc/*/environ"}, nil},
		{`^/etc/cron\.[a-z]+/x`, []string{"/etc"}, nil},
		{`^(if=)?/dev/input/(event|by-id)`, []string{"/dev/input/by-id*", "/dev/input/event*"}, nil},
		{`(^|/)(nologin|false)$`, nil, []string{"nologin", "false"}},
		{`\.so$`, nil, []string{"*.so"}},
		{`foo$`, nil, nil},
		{`(?i)^/etc/shadow$`, nil, nil},
		{`[`, nil, nil},
	} {
		paths, names := regexpPaths(c.re)
		slices.Sort(paths)
		slices.Sort(c.paths)
		slices.Sort(names)
		slices.Sort(c.names)
		if !slices.Equal(paths, c.paths) || !slices.Equal(names, c.names) {
			t.Errorf("regexpPaths(%q) = %q, %q; want %q, %q", c.re, paths, names, c.paths, c.names)
		}
	}
}
