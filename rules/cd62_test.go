package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCd62WhereTheShellIs: a relative library path (PYTHONPATH=.,
// NODE_PATH=.) is judged where the shell really is when it runs: after
// zsh's chdir, a cdpath entry, fish's directory history, autocd's bare
// directory, zsh's directory stack, or a sourced file that may cd. A move
// into the project's own directories stays allowed.
func TestCd62WhereTheShellIs(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", `chdir /tmp; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"zsh", `cdpath=(/tmp); cd x; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"bash", `CDPATH=/tmp; cd x; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"zsh", `cd /tmp; cd /; cd -1; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"fish", `cdh /tmp; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"fish", `prevd; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"fish", `nextd; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"bash", `source cdtmp.sh; PYTHONPATH=. python3 -c 'import os'`, dsl.Ask, dsl.Ask},
		{"bash", `. ./cdtmp.sh; PYTHONPATH=src python3 x.py`, dsl.Ask, dsl.Ask},
		{"bash", `shopt -s autocd; /tmp; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"zsh", `setopt autocd; /tmp; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"zsh", `setopt AUTO_CD; ~/..; PYTHONPATH=. python3 x.py`, dsl.Ask, dsl.Ask},
		{"bash", `cd /tmp; NODE_PATH=. node x.js`, dsl.Ask, dsl.Ask},
		{"bash", `NODE_PATH=/tmp/m node x.js`, dsl.Ask, dsl.Ask},
		{"bash", `cd /tmp && PERLLIB=. perl x.pl`, dsl.Ask, dsl.Ask},
		{"bash", `export GEM_PATH=/tmp/gems`, dsl.Ask, dsl.Ask},

		{"zsh", `chdir src; PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
		{"zsh", `cdpath=(~/proj); cd src; PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
		{"fish", `cdh src; PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
		{"bash", `shopt -s autocd; ./src; PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
		{"bash", `cd src && PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
		{"bash", `cd /home/u/proj/sub; NODE_PATH=. node x.js`, dsl.Allow, dsl.Allow},
		{"bash", `NODE_PATH=src node x.js`, dsl.Allow, dsl.Allow},
		{"bash", `source .venv/bin/activate && pytest`, dsl.Allow, dsl.Allow},
		{"bash", `source ~/.nvm/nvm.sh && nvm use`, dsl.Allow, dsl.Allow},
		{"zsh", `setopt autocd; ls; PYTHONPATH=. python3 x.py`, dsl.Allow, dsl.Allow},
	})
}

// TestCd62CodeChdir: inline code's own chdir moves where its relative
// names are: a secret read there asks as the path spelled whole does, and
// a glob of a secret directory's files after cd is the glob spelled whole.
func TestCd62CodeChdir(t *testing.T) {
	checkHoles(t, []holeCase{
		{`python3 -c 'import os; os.chdir("/etc"); print(open("shadow").read())'`, dsl.Ask, dsl.Ask},
		{`node -e 'process.chdir("/home/u/.ssh"); console.log(require("fs").readFileSync("id_rsa", "utf8"))'`, dsl.Ask, dsl.Ask},
		{`ruby -e 'Dir.chdir("/etc"); puts File.read("shadow")'`, dsl.Ask, dsl.Ask},
		{`perl -e 'chdir "/etc"; open F, "<shadow"; print <F>'`, dsl.Ask, dsl.Ask},
		{`php -r 'chdir("/etc"); echo file_get_contents("shadow");'`, dsl.Ask, dsl.Ask},
		{`cd ~/.gnupg && python3 -c 'import glob; print(glob.glob("private-keys-v1.d/*"))'`, dsl.Ask, dsl.Ask},

		{`python3 -c 'import os; os.chdir("sub"); print(open("README.md").read())'`, dsl.Allow, dsl.Allow},
		{`python3 -c 'import glob; print(glob.glob("src/*"))'`, dsl.Allow, dsl.Allow},
		{`cd ~/.gnupg && ls private-keys-v1.d`, dsl.Allow, dsl.Allow},
	})
}

// TestCd62Stdin: code fed to an interpreter through a coprocess's
// here-string, or fish's (… | psub) as standard input, is judged as the
// same code fed directly.
func TestCd62Stdin(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", `f(){ tclsh; }; coproc f <<< 'exec rm -rf ~'`, dsl.Block, dsl.Block},
		{"bash", `coproc tclsh <<< 'exec rm -rf ~'`, dsl.Block, dsl.Block},
		{"fish", `function f; tclsh; end; f < (echo 'exec rm -rf ~' | psub)`, dsl.Block, dsl.Block},
		{"fish", `tclsh < (echo 'exec rm -rf ~' | psub)`, dsl.Block, dsl.Block},
		{"zsh", `set -- x 'rm -rf ~'; shift; eval "$1"`, dsl.Block, dsl.Block},

		{"bash", `coproc tclsh <<< 'puts hi'`, dsl.Allow, dsl.Allow},
		{"fish", `tclsh < (echo 'puts hi' | psub)`, dsl.Allow, dsl.Allow},
	})
}

// TestCd62PlantedModule: python -c and -m look in the directory they run
// in first, so a module the line itself put there from outside the project
// and then imports asks, as PYTHONPATH=. after the same step does.
func TestCd62PlantedModule(t *testing.T) {
	checkHoles(t, []holeCase{
		{`ln -s /tmp/evil.py json.py; python3 -c 'import json'`, dsl.Ask, dsl.Ask},
		{`cp /tmp/evil.py ./json.py && python3 -m json.tool x`, dsl.Ask, dsl.Ask},
		{`cp /tmp/json.py . && python3 -c 'from json import loads'`, dsl.Ask, dsl.Ask},
		{`cd /tmp; ln -s /tmp/evil.py json.py; python3 -c 'import json'`, dsl.Ask, dsl.Ask},
		{`ln -s /tmp/evil.py json.py; PYTHONPATH=. python3 -c 'import json'`, dsl.Ask, dsl.Ask},

		{`cp /tmp/data.csv . && python3 -c 'import json'`, dsl.Allow, dsl.Allow},
		{`cp src/json_util.py json_util.py && python3 -c 'import json_util'`, dsl.Allow, dsl.Allow},
		{`cp /tmp/evil.py ./json.py && python3 -m pytest`, dsl.Allow, dsl.Allow},
	})
}

// TestCd62CarriedValues: positional parameters after zsh's shift, and a
// value carried into a concatenation, reach eval as the line set them.
func TestCd62CarriedValues(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", `set -- a b 'rm -rf ~'; shift 2; eval "$1"`, dsl.Block, dsl.Block},
		{"zsh", `f(){ shift; eval "$1"; }; f x 'rm -rf ~'`, dsl.Block, dsl.Block},
		{"zsh", `set -- x y 'rm -rf ~'; for i in 1 2; do shift; done; eval "$1"`, dsl.Ask, dsl.Ask},
		{"bash", `T=' -rf ~'; x="rm$T"; eval "$x"`, dsl.Block, dsl.Block},
		{"zsh", `T=' -rf ~'; x="rm$T"; eval "$x"`, dsl.Block, dsl.Block},
		{"fish", `set T ' -rf ~'; set x "rm$T"; eval $x`, dsl.Block, dsl.Block},
	})
}
