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
		{"fish", "test -d /tmp/x; and cd /tmp/x; rm -rf .git", dsl.Ask, dsl.Ask},
		{"fish", "if test -f x; cd /tmp; end; rm -rf .git", dsl.Ask, dsl.Ask},
		// the other directory is still judged: the home's start-up file
		{"bash", "false && cd ~; echo x > .bashrc", dsl.Ask, dsl.Ask},
		{"bash", "test -f x && cd ~; cp /tmp/x .profile", dsl.Ask, dsl.Ask},
		// unconditional cds, and a cd whose failure ends the line
		{"bash", "cd /tmp && rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd /tmp || exit 1; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "cd /tmp || { echo no; exit 1; }; rm -rf .git", dsl.Allow, dsl.Allow},
		{"bash", "if test -f x; then cd /tmp; else cd /tmp/y; fi; rm -rf .git", dsl.Allow, dsl.Allow},
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
