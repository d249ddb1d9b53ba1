package cmdline

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// installScripts are the root package's scripts an install runs
// (npm install, npm ci, yarn, pnpm install, bun install).
var installScripts = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}

// packageSubcommands are what a package runner's subcommands run of the
// package.json's scripts: the lifecycle scripts of npm's own commands, nil
// for those that run none (npm view, npm exec: a package's bin, read
// elsewhere).
var packageSubcommands = map[string][]string{
	"install": installScripts, "i": installScripts, "in": installScripts, "add": installScripts, "ci": installScripts,
	"clean-install": installScripts, "install-clean": installScripts, "ic": installScripts, "rebuild": installScripts,
	"rb": installScripts, "update": installScripts, "up": installScripts, "upgrade": installScripts, "uninstall": installScripts,
	"remove": installScripts, "rm": installScripts, "un": installScripts, "link": installScripts, "ln": installScripts,
	"install-test": append(slices.Clone(installScripts), "pretest", "test", "posttest"),
	"it":           append(slices.Clone(installScripts), "pretest", "test", "posttest"),
	"test":         {"pretest", "test", "posttest"}, "t": {"pretest", "test", "posttest"}, "tst": {"pretest", "test", "posttest"},
	"start":   {"prestart", "start", "poststart"},
	"stop":    {"prestop", "stop", "poststop"},
	"restart": {"prerestart", "restart", "postrestart", "prestop", "stop", "poststop", "prestart", "start", "poststart"},
	"pack":    {"prepack", "prepare", "postpack"},
	"publish": {"prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish"},
	"version": {"preversion", "version", "postversion"},
	"exec":    nil, "x": nil, "dlx": nil, "view": nil, "info": nil, "show": nil, "ls": nil, "list": nil, "why": nil,
	"outdated": nil, "audit": nil, "config": nil, "get": nil, "set": nil, "help": nil, "whoami": nil, "login": nil,
	"logout": nil, "search": nil, "cache": nil, "init": nil, "create": nil, "pkg": nil, "doctor": nil, "prune": nil,
	"dedupe": nil, "fund": nil, "root": nil, "bin": nil, "prefix": nil, "query": nil, "explain": nil, "licenses": nil,
	"env": nil, "workspaces": nil, "node": nil,
}

// packageScripts are the names of the package.json scripts a package
// runner's command line runs, each with its pre and post scripts (npm
// test: pretest, test, posttest; yarn build: prebuild, build, postbuild),
// and whether that is known here: a dynamic word, an option it does not
// know the value of or a subcommand it does not know leave all read.
func packageScripts(prog string, args []field) (names []string, known bool) {
	if prog != "npm" && prog != "yarn" && prog != "pnpm" && prog != "bun" {
		return nil, false // npx, corepack: not by script name
	}
	var words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Dynamic:
			return nil, false
		case a.Value == "--":
			if len(words) == 0 {
				return nil, false
			}
			i = len(args)
		case strings.HasPrefix(a.Value, "-"):
			if len(words) == 0 && !strings.Contains(a.Value, "=") && slices.Contains([]string{"--prefix", "-C", "--cwd", "--dir",
				"-w", "--workspace", "--filter", "-F", "--cache", "--userconfig", "--registry"}, a.Value) {
				i++ // its value
			}
		default:
			words = append(words, a.Value)
		}
	}
	if len(words) == 0 {
		if prog == "yarn" {
			return installScripts, true // yarn alone installs
		}
		return nil, true // npm, pnpm and bun alone print their help
	}
	sub := words[0]
	if sub == "run" || sub == "run-script" || sub == "rum" || sub == "urn" {
		if len(words) < 2 {
			return nil, true // lists the scripts
		}
		return prePost(words[1]), true
	}
	if scripts, ok := packageSubcommands[sub]; ok {
		if prog == "bun" && sub == "test" {
			return nil, true // bun's own test runner
		}
		return scripts, true
	}
	if prog == "npm" {
		return nil, false // a subcommand not known here
	}
	return prePost(sub), true // yarn build, pnpm lint, bun dev: the script of that name
}

// prePost is a script's name with the scripts run before and after it.
func prePost(name string) []string { return []string{"pre" + name, name, "post" + name} }

// packageScriptLines are the command lines of a package.json's scripts
// named in names, in that order, or of all its scripts when not known: a
// script that hands names to another runner (npm-run-all, run-s,
// concurrently, turbo, nx, lerna) reads them all.
func packageScriptLines(text string, names []string, known bool) []string {
	var pkg struct {
		Scripts map[string]any `json:"scripts"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return nil
	}
	script := func(k string) (string, bool) {
		v, ok := pkg.Scripts[k].(string)
		return v, ok
	}
	var out []string
	for _, k := range names {
		if v, ok := script(k); ok {
			out = append(out, v)
		}
	}
	if known && !slices.ContainsFunc(out, handsOnNames) {
		return out
	}
	out = out[:0]
	for _, k := range slices.Sorted(maps.Keys(pkg.Scripts)) {
		if v, ok := script(k); ok {
			out = append(out, v)
		}
	}
	return out
}

// handsOnNames reports a script that runs other scripts by names or
// patterns a runner resolves (npm-run-all build:*, concurrently "npm:x").
func handsOnNames(script string) bool {
	for _, f := range strings.Fields(script) {
		switch baseName(f) {
		case "npm-run-all", "npm-run-all2", "run-s", "run-p", "concurrently", "turbo", "nx", "lerna", "wireit", "ultra":
			return true
		}
	}
	return false
}
