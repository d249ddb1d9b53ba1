package main

import (
	"runtime/debug"
	"strings"
)

// buildVersion may be set at link time (-ldflags "-X main.buildVersion=v1.2.3")
// by a release build that has no module version to stamp.
var buildVersion string

// version is what hguard was built as: a release's module version (go
// install …@v1.2.3), the pseudo-version the go command stamps from the
// VCS (v0.0.0-20261202…-abcdef123456, "+dirty" for uncommitted changes), or
// devel with the VCS revision and time when only those were stamped.
// "devel" alone means the build recorded nothing (-buildvcs=false).
func version() string {
	if buildVersion != "" {
		return buildVersion
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	v := "devel+" + rev[:min(12, len(rev))]
	if at != "" {
		v += " (" + strings.TrimSuffix(at, "Z") + ")"
	}
	if dirty {
		v += " with uncommitted changes"
	}
	return v
}
