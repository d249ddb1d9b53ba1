package cmdline

import (
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
		`/bin/sh <$(tty) >$(tty) 2>$(tty)`: true,
		`hello $(whoami) on $(hostname)`:   true,
		`chown $(id -un):$(id -gn) x`:      true,
		`rm -rf $(pwd)`:                    false,
		`/bin/sh <$(tty) $HOME`:            false,
		"`tty` x":                          false,
		`plain`:                            false,
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
