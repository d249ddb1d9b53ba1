package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestFpfix60SecretsFileForPerson: a person writing text typed on the line
// into the project's secrets file is judged on disk as an agent is: it
// creates or extends one without losing a value. Replacing the values a
// file holds, a file outside the project, and a replace after a cd to a
// directory known only at run time (whose .env no disk read can see) still
// ask.
func TestFpfix60SecretsFileForPerson(t *testing.T) {
	proj := everydayProject(t)
	if err := os.WriteFile(filepath.Join(proj, ".env"), []byte("DB_PASSWORD=hunter2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	checkHolesIn(t, proj, []holeCase{
		{"printf 'PORT=3000\\n' > .env.test", dsl.Allow, dsl.Allow},
		{"echo 'NODE_ENV=development' >> .env", dsl.Allow, dsl.Allow},
		{"echo \"SECRET_KEY=$(openssl rand -hex 32)\" >> .env", dsl.Allow, dsl.Allow},
		{"echo \"VERSION=$(git describe --tags)\" > version.env", dsl.Allow, dsl.Allow},
		{"cat > .env.test <<'EOF'\nPORT=3000\nEOF", dsl.Allow, dsl.Allow},
		{"cd \"$(dirname \"$0\")\" && echo 'FOO=bar' >> .env", dsl.Allow, dsl.Allow},

		{"echo 'PORT=3000' > .env", dsl.Ask, dsl.Ask},
		{"cd \"$(dirname \"$0\")\" && echo 'FOO=bar' > .env", dsl.Ask, dsl.Ask},
		{"cd \"$GITHUB_WORKSPACE\" && echo 'FOO=bar' > .env", dsl.Ask, dsl.Ask},
		{"cd - && echo 'FOO=bar' > .env.test", dsl.Ask, dsl.Ask},
		{"echo x > ../other/.env", dsl.Ask, dsl.Ask},
		{"echo x > /srv/app/.env", dsl.Ask, dsl.Ask},
		{"echo x >> ~/.netrc", dsl.Ask, dsl.Ask},
		{"printenv > .env.test", dsl.Ask, dsl.Ask},
		{"cat ~/.aws/credentials >> .env", dsl.Ask, dsl.Ask},
	})
}

// TestFpfix60ZshQualifiersSelectFiles: zsh glob qualifiers that select or
// order files by size, age, link count or position (Lk+100, mh+7, om[1,5])
// run nothing, and zsh's print names its operands only to print them; the
// qualifiers that run code (e:…:, +func, oe:…:, o+func) are still judged.
func TestFpfix60ZshQualifiersSelectFiles(t *testing.T) {
	checkShellHoles(t, []shellHoleCase{
		{"zsh", "ls *(Lk+100)", dsl.Allow, dsl.Allow},
		{"zsh", "ls **/*(.Lm+10)", dsl.Allow, dsl.Allow},
		{"zsh", "ls *(om[1,5])", dsl.Allow, dsl.Allow},
		{"zsh", "rm *(.m+30)", dsl.Allow, dsl.Allow},
		{"zsh", "rm -f **/*.log(.mh+7)", dsl.Allow, dsl.Allow},
		{"zsh", "print -l **/*.log(.mh+7)", dsl.Allow, dsl.Allow},
		{"zsh", "print -l **/*(.)", dsl.Allow, dsl.Allow},
		{"zsh", "setopt extendedglob; print -l **/*(.om[1,10])", dsl.Allow, dsl.Allow},

		{"zsh", "ls *(e:'rm -rf ~':)", dsl.Block, dsl.Block},
		{"zsh", "ls *(.mh+7e:'rm -rf ~':)", dsl.Block, dsl.Block},
		{"zsh", "ls *(Lk+100oe:'rm -rf ~':)", dsl.Block, dsl.Block},
		{"zsh", "ls *(+f)", dsl.Ask, dsl.Ask},
		{"zsh", "ls *(Lk+1o+f)", dsl.Ask, dsl.Ask},
		{"zsh", "rm -rf *(Lk+100)", dsl.Ask, dsl.Ask},
		{"zsh", "print x > ~/.claude/settings.json", dsl.Ask, dsl.Block},
	})
}

// TestFpfix60GlobAboveBuildOutput: a glob above a build's output name
// (packages/*/node_modules) is judged by its matches on disk, each of which
// must be output git tracks nothing in, reached through no link the glob
// went through; a glob with no output name after it, one that matches a
// tracked file, matches nothing, or passes a link still asks.
func TestFpfix60GlobAboveBuildOutput(t *testing.T) {
	proj := everydayProject(t)
	home := filepath.Dir(proj)
	for _, f := range []string{"packages/a/node_modules/x/index.js", "packages/b/node_modules/y/index.js", "apps/web/dist/main.js",
		"apps/api/dist/main.js", "web/node_modules/z/index.js", "packages/a/src/index.ts", filepath.Join("..", "dist", "keep")} {
		p := filepath.Join(proj, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkHolesIn(t, proj, []holeCase{
		{"rm -rf packages/*/node_modules", dsl.Allow, dsl.Allow},
		{"rm -rf ./packages/*/node_modules/", dsl.Allow, dsl.Allow},
		{"rm -rf */node_modules", dsl.Allow, dsl.Allow},
		{"rm -rf apps/*/dist", dsl.Allow, dsl.Allow},

		{"rm -rf */", dsl.Ask, dsl.Ask},
		{"rm -rf packages/*/src", dsl.Ask, dsl.Ask},
		{"rm -rf packages/*", dsl.Ask, dsl.Ask},
		{"rm -rf packages/*/target", dsl.Ask, dsl.Ask}, // nothing there now; what the line makes is unknown
		{"rm -rf */dist", dsl.Ask, dsl.Ask},            // no match: apps/web/dist lies a level lower
		{"rm -rf ~/*/", dsl.Block, dsl.Block},
		{"rm -rf **/node_modules", dsl.Allow, dsl.Allow}, // every match at any depth is output (fpfix62)
	})
	if err := os.Symlink(home, filepath.Join(proj, "apps", "home")); err != nil {
		t.Fatal(err)
	}
	checkHolesIn(t, proj, []holeCase{
		{"rm -rf apps/*/dist", dsl.Ask, dsl.Ask}, // apps/home/dist is the home's
	})
}

// TestFpfix60KeyTests: a grep that only tests whether a secrets file sets
// a key prints nothing of its lines (its status, a count or a name); one
// that prints a line, reads patterns from the file, or searches for part
// of a value still asks.
func TestFpfix60KeyTests(t *testing.T) {
	checkHoles(t, []holeCase{
		{"grep -q '^PORT=' .env || echo 'PORT=3000' >> .env", dsl.Allow, dsl.Allow},
		{"grep -c KEY .env", dsl.Allow, dsl.Allow},
		{"grep -qs DATABASE_URL .env.local && echo set", dsl.Allow, dsl.Allow},
		{"grep -q ^aws_access_key_id ~/.aws/credentials", dsl.Allow, dsl.Allow},

		{"grep PORT .env", dsl.Ask, dsl.Ask},
		{"grep -o -c KEY .env", dsl.Ask, dsl.Ask},
		{"grep -cv KEY .env", dsl.Ask, dsl.Ask},
		{"grep -q -f .env src/config.ts", dsl.Ask, dsl.Ask},
		{"grep -q '^API_KEY=sk-' .env", dsl.Ask, dsl.Ask},
		{"grep -A1 -q KEY .env", dsl.Ask, dsl.Ask},
		{"grep -l KEY .env | xargs cat", dsl.Ask, dsl.Ask},
		{"grep -q KEY .env && cat .env", dsl.Ask, dsl.Ask},
	})
}

// TestFpfix60StartupSetupLines: a person appending zsh's completion set-up
// or its vi or emacs keymap to their own start-up file has it judged as
// the commands it runs, as export and setopt lines are; a key bound to
// text or a widget, a program after the set-up, and an agent's append
// still ask.
func TestFpfix60StartupSetupLines(t *testing.T) {
	checkHoles(t, []holeCase{
		{"echo 'bindkey -v' >> ~/.zshrc", dsl.Allow, dsl.Ask},
		{"echo 'autoload -Uz compinit && compinit' >> ~/.zshrc", dsl.Allow, dsl.Ask},

		{"echo 'bindkey ^x evil' >> ~/.zshrc", dsl.Ask, dsl.Ask},
		{"echo \"bindkey -s '^x' 'rm -rf ~\\n'\" >> ~/.zshrc", dsl.Block, dsl.Block},
		{"echo 'autoload -Uz compinit && payload' >> ~/.zshrc", dsl.Ask, dsl.Ask},
		{"echo 'compinit || payload' >> ~/.zshrc", dsl.Ask, dsl.Ask},
		{"echo 'alias ls=rm' >> ~/.zshrc", dsl.Ask, dsl.Ask},
	})
}
