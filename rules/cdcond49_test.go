package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestCdCond49: a cd that may not run (on a branch not taken, after
// fish's and, in a function the line may not call) or that may fail with
// the line going on (cd x || true) leaves the commands after it in either
// directory: each is judged in both and the strictest verdict stands
// (session 49, 2026-12-05: each line deleting .git or * here was allowed,
// judged in /tmp only). An unconditional cd, and everyday lines whose cd
// is followed by its own commands, are judged as before.
func TestCdCond49(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"bash", "false && cd /tmp; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp || true; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "[ -d /tmp/x ] && cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "test -d /tmp/x && cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "if test -f x; then cd /tmp; fi; rm -rf *", dsl.Ask, dsl.Ask},
		{"bash", "if test -f x; then cd /tmp; else rm -rf .git; fi", dsl.Ask, dsl.Ask},
		{"bash", "case $x in a) cd /tmp;; esac; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "for d in $L; do cd /tmp; done; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "while read -r d; do cd /tmp; done; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "f() { cd /tmp; }; test -f x && f; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "{ test -d /tmp/x && cd /tmp/x; }; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "false && cd /tmp; true; rm -rf .git", dsl.Ask, dsl.Ask},
		// a cd that fails: the line goes on where it was
		{"bash", "cd /tmp/x; rm -rf *", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/x && rm -rf y; rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "cd /tmp/build && make || rm -rf .git", dsl.Ask, dsl.Ask},
		{"bash", "false && cd /tmp || rm -rf .git", dsl.Ask, dsl.Ask},
		{"zsh", "cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"fish", "test -d /tmp/x; and cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"fish", "if test -f x; cd /tmp; end; rm -rf .git", dsl.Ask, dsl.Ask},
		// the other directory is still judged: the home's start-up file
		{"bash", "false && cd ~; echo x > .bashrc", dsl.Ask, dsl.Ask},
		{"bash", "test -f x && cd ~; cp /tmp/x .profile", dsl.Ask, dsl.Ask},
		// unconditional cds, and a cd whose failure ends the line
		{"bash", "cd /tmp && rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd /tmp || exit 1; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd /tmp || { echo no; exit 1; }; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "if test -f x; then cd /tmp || exit; else cd /tmp/y || exit; fi; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "set -e; cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "set -euo pipefail; cd /tmp/x; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd ~; rm -rf .cache/pip", dsl.Allow, dsl.Allow},
		{"bash", "(test -d /tmp/x && cd /tmp/x); ls", dsl.Allow, dsl.Allow},
		// everyday neighbours
		{"bash", "cd build && make", dsl.Allow, dsl.Allow},
		{"bash", `cd "$(git rev-parse --show-toplevel)" && make`, dsl.Allow, dsl.Allow},
		{"bash", "cd frontend && npm ci || exit 1", dsl.Allow, dsl.Allow},
		{"bash", "cd frontend && npm ci || exit 1; npm run build", dsl.Allow, dsl.Allow},
		{"bash", "mkdir -p out && cd out && cmake ..", dsl.Allow, dsl.Allow},
		{"bash", "mkdir -p out && cd out && cmake .. && make; ls", dsl.Allow, dsl.Allow},
		{"bash", "test -d build || mkdir build; cd build; cmake ..; make", dsl.Allow, dsl.Allow},
		{"bash", "test -d web && cd web; npm test", dsl.Allow, dsl.Allow},
		{"bash", "for d in a b; do (cd $d && make); done; git status", dsl.Allow, dsl.Allow},
		{"fish", "test -d web; and cd web; npm test", dsl.Allow, dsl.Allow},
	})
}

// TestCdOutputs49: the output a program is given after a cd is where
// the cd moved, also as the value of grouped short options (sort -uoFILE)
// and as uniq's second operand, which uniq writes (session 49: each
// allowed for a person).
func TestCdOutputs49(t *testing.T) {
	checkHoles(t, []holeCase{
		{"cd ~ && sort -uo.bashrc x", dsl.Ask, dsl.Ask},
		{"cd ~ && sort -uo .bashrc x", dsl.Ask, dsl.Ask},
		{"cd /etc && sort -ro passwd x", dsl.Ask, dsl.Ask},
		{"cd ~ && uniq x .bashrc", dsl.Ask, dsl.Ask},
		{"uniq x ~/.bashrc", dsl.Ask, dsl.Ask},
		{"uniq -c x /etc/passwd", dsl.Ask, dsl.Ask},
		{"cd ~ && cp /tmp/x .profile", dsl.Ask, dsl.Ask},
		// everyday neighbours
		{"sort -uo out.txt x", dsl.Allow, dsl.Allow},
		{"sort -uoout.txt x", dsl.Allow, dsl.Allow},
		{"cd build && sort -uo.list x", dsl.Allow, dsl.Allow},
		{"uniq in.txt out.txt", dsl.Allow, dsl.Allow},
		{"sort words.txt | uniq -c", dsl.Allow, dsl.Allow},
		{"cd build && uniq -c in.txt counts.txt", dsl.Allow, dsl.Allow},
		{"cd ~/.ssh && ssh-keygen -y -f id_ed25519", dsl.Allow, dsl.Allow},
	})
}

// TestCodeChdir49: inline code's spellings of chdir move its later
// calls: perl's chdir with no parentheses and a variable, chdir with no
// directory (the home), python's contextlib.chdir and os.fchdir (a
// directory not known), ruby's Dir.chdir with a block and no directory
// (session 49: each allowed).
func TestCodeChdir49(t *testing.T) {
	checkHoles(t, []holeCase{
		{`perl -e 'chdir $ENV{HOME}; unlink ".bashrc"'`, dsl.Ask, dsl.Ask},
		{`perl -e 'chdir; unlink(".bashrc")'`, dsl.Ask, dsl.Ask},
		{`perl -e 'chdir(); unlink(".bashrc")'`, dsl.Ask, dsl.Ask},
		{"python3 -c 'import contextlib, os\nwith contextlib.chdir(\"/etc\"): os.remove(\"passwd\")'", dsl.Block, dsl.Block},
		{"python3 -c 'from contextlib import chdir\nimport os\nwith chdir(\"/etc\"): os.remove(\"passwd\")'", dsl.Block, dsl.Block},
		{`cd /tmp && python3 -c 'import os, shutil; os.fchdir(3); shutil.rmtree(".git")'`, dsl.Ask, dsl.Ask},
		{`ruby -e 'Dir.chdir { File.delete(".bashrc") }'`, dsl.Ask, dsl.Ask},
		{`ruby -e 'Dir.chdir do File.delete(".bashrc") end'`, dsl.Ask, dsl.Ask},
		{`node -e 'process.chdir(require("os").homedir()); require("fs").unlinkSync(".bashrc")'`, dsl.Ask, dsl.Ask},
		// everyday neighbours
		{`cd /tmp && python3 -c 'import os, shutil; shutil.rmtree(".git")'`, dsl.Allow, dsl.Allow},
		{`python3 -c 'import os; os.chdir("build"); print(os.listdir("."))'`, dsl.Allow, dsl.Allow},
		{`perl -e 'chdir "build"; print for glob("*")'`, dsl.Allow, dsl.Allow},
		{`perl -e 'chdir; print for glob("*")'`, dsl.Allow, dsl.Allow},
		{`ruby -e 'Dir.chdir { puts Dir.glob("*") }'`, dsl.Allow, dsl.Allow},
		{`ruby -e 'Dir.chdir("build") { puts Dir.glob("*") }'`, dsl.Allow, dsl.Allow},
	})
}
