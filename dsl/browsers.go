package dsl

import (
	"path"
	"regexp"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
)

// A browser's debugging port (Chromium's DevTools protocol, Firefox's
// Remote Agent, debugger server and Marionette) hands whatever reaches it
// every cookie and logged-in session of the profile the browser runs
// with: the person's own, unless the line gives it a fresh one. Infostealers
// start the browser so, directly or through macOS's open -a APP --args.

func init() { Funcs = append(Funcs, browserFuncs...) }

var browserFuncs = []Func{
	{Name: "browserDebugging", Sig: "browserDebugging(name, args) bool", Doc: "a browser (run directly or through macOS's open -a APP --args) opens its debugging port, pipe or Marionette on the person's own profile: the default one (no --user-data-dir or --profile; Chromium's headless runs excepted, which start a fresh one), a profile under the browser's own directory, a named Firefox profile (-P), or a port on every address", Example: `browserDebugging(name, args)`, options: func() []expr.Option { return []expr.Option{strsFunc("browserDebugging", browserDebugging)} }},
}

// browserFamily is "chromium", "firefox" or "" for a program or an
// application's name (open -a "Google Chrome", a bundle id, an .app path).
func browserFamily(name string) string {
	n := strings.ToLower(path.Base(strings.TrimSuffix(strings.TrimSuffix(name, "/"), ".app")))
	switch {
	case strings.Contains(n, "firefox") || strings.Contains(n, "librewolf") || n == "org.mozilla.firefox":
		return "firefox"
	case strings.Contains(n, "chrom") || strings.Contains(n, "brave") || strings.Contains(n, "edge") || strings.Contains(n, "vivaldi") || strings.Contains(n, "opera"):
		return "chromium"
	}
	return ""
}

// browserProfiles are the browsers' own profile directories.
var browserProfiles = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(~|/root|/home/[^/]+|/Users/[^/]+)/(\.config/(google-chrome[^/]*|chromium|BraveSoftware/Brave-Browser|microsoft-edge[^/]*|vivaldi|opera)|Library/Application Support/(Google/Chrome|Chromium|BraveSoftware/Brave-Browser|Microsoft Edge|Vivaldi|com\.operasoftware\.Opera|Firefox)|\.mozilla/firefox|snap/firefox/common/\.mozilla/firefox|\.var/app/org\.mozilla\.firefox/\.mozilla/firefox)(/|$)`)
})

// browserDebugging reports whether a browser's arguments open its
// debugging interface on the person's own profile.
func browserDebugging(name string, args []string) bool {
	family := browserFamily(name)
	if programName(path.Base(name)) == "open" {
		// open [-n] -a APP [--args ARGS…]: the ARGS are the browser's
		family = ""
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "--args" {
				args = args[i+1:]
				break
			}
			if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "ab") && i+1 < len(args) {
				family = browserFamily(args[i+1])
				i++
			} else if strings.HasSuffix(strings.TrimSuffix(a, "/"), ".app") {
				family = browserFamily(a) // open "/Applications/Google Chrome.app" --args …
			}
			if i == len(args)-1 {
				args = nil // no --args: the browser gets none
			}
		}
	}
	if family == "" {
		return false
	}
	value := func(names ...string) (string, bool) {
		for i, a := range args {
			flag, v, eq := strings.Cut(a, "=")
			for _, n := range names {
				if flag == "-"+n || flag == "--"+n {
					if !eq && i+1 < len(args) {
						v = args[i+1]
					}
					return v, true
				}
			}
		}
		return "", false
	}
	has := func(names ...string) bool { _, ok := value(names...); return ok }
	own := func(dir string) bool { return browserProfiles().MatchString(cleanPath(dir)) }
	if family == "chromium" {
		if !has("remote-debugging-port", "remote-debugging-pipe") {
			return false
		}
		if addr, ok := value("remote-debugging-address"); ok && !isLoopbackHost(addr) {
			return true
		}
		dir, ok := value("user-data-dir")
		if !ok {
			return !has("headless") // headless starts a fresh profile of its own
		}
		return own(dir)
	}
	if !has("remote-debugging-port", "start-debugger-server", "marionette") {
		return false
	}
	if has("P") {
		return true // a named profile: one of the person's
	}
	dir, ok := value("profile")
	return !ok || own(dir)
}

// isLoopbackHost reports whether a listening address is this machine's
// loopback alone.
func isLoopbackHost(h string) bool {
	return h == "localhost" || h == "127.0.0.1" || h == "::1" || h == "[::1]"
}
