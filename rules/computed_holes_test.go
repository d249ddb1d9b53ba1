package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestComputedWriteTarget: a path the line computes from data it does not
// show may be an agent's hook settings or hguard's own files with nothing
// on the line naming them: an earlier command wrote ~/.claude to /tmp/p,
// or the line decodes it (red team, 2026-12-05: each was allowed for an
// agent). The agent is asked; a person's command and the everyday
// neighbours (mktemp, git rev-parse, a listing of the project's files, the
// environment's variables) are not.
func TestComputedWriteTarget(t *testing.T) {
	checkHoles(t, []holeCase{
		{`d=$(cat /tmp/p); echo x > "$d/settings.json"`, dsl.Allow, dsl.Ask},
		{`echo x > "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`cp /tmp/evil "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`f=$(head -1 /tmp/list); cp /tmp/evil "$f"`, dsl.Allow, dsl.Ask},
		{`read -r f < /tmp/p; cp /tmp/evil "$f"`, dsl.Allow, dsl.Ask},
		{`while read f; do cp /tmp/evil "$f"; done < /tmp/list`, dsl.Allow, dsl.Ask},
		{`for f in $(cat /tmp/list); do echo x > "$f"; done`, dsl.Allow, dsl.Ask},
		{`mapfile -t a < /tmp/list; cp /tmp/evil "${a[0]}"`, dsl.Allow, dsl.Ask},
		{`d=$(sed s/x/c/ <<< .xlaude); echo x > ~/$d/settings.json`, dsl.Allow, dsl.Ask},
		// tr's output is worked out: the path is known, and is the hook settings
		{`d=$(tr a-z b-za <<< .bkztcd); echo x > ~/$d/settings.json`, dsl.Ask, dsl.Block},
		{`d=$(tr a-z b-za <<< .bkzvcd); echo x > ~/$d/settings.json`, dsl.Allow, dsl.Allow}, // ~/.clawde
		{`exec {fd}>"$(cat /tmp/p)"; echo x >&$fd`, dsl.Allow, dsl.Ask},
		{`xargs -a /tmp/list -I{} cp /tmp/evil {}`, dsl.Allow, dsl.Ask},
		{`cat /tmp/list | xargs -n1 cp /tmp/evil`, dsl.Allow, dsl.Ask},
		{`cd "$(cat /tmp/dir)" && cp /tmp/evil settings.json`, dsl.Allow, dsl.Ask},
		{`pushd "$(cat /tmp/dir)" && echo '{}' > settings.json`, dsl.Allow, dsl.Ask},
		{`cd $OLDPWD && echo x > settings.json`, dsl.Allow, dsl.Ask},
		{`ln -s "$(cat /tmp/p)" c && cp /tmp/evil c/settings.json`, dsl.Allow, dsl.Ask},
		{`python3 -c 'import os; open(os.path.join(os.path.expanduser("~"), "".join([".c","la","ude"]), "set"+"tings.json"), "w").write("{}")'`, dsl.Allow, dsl.Ask},
		{`xargs -a /tmp/list -I{} sh -c 'cp /tmp/evil "{}"'`, dsl.Allow, dsl.Ask},
		{`cat /tmp/list | xargs -n1 sh -c 'cp /tmp/evil "$1"' _`, dsl.Allow, dsl.Ask},
		{`bash -c 'cp /tmp/evil "$1"' _ "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`f() { cp /tmp/evil "$1"; }; f "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`set -- $(cat /tmp/p); cp /tmp/evil "$1"`, dsl.Allow, dsl.Ask},
		{`n=d; d=$(cat /tmp/p); cp /tmp/evil "${!n}"`, dsl.Allow, dsl.Ask},
		{`python3 - "$(cat /tmp/p)" <<< 'import sys; open(sys.argv[1],"w").write("{}")'`, dsl.Allow, dsl.Ask},
		{`rm -f "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`mv "$(cat /tmp/p)" /tmp/x`, dsl.Allow, dsl.Ask},
		{`chmod 000 "$(cat /tmp/p)"`, dsl.Allow, dsl.Ask},
		{`cat /tmp/list | xargs mv -t /tmp/`, dsl.Allow, dsl.Ask},
		{`curl -o "$(cat /tmp/p)" https://x.example/s.json`, dsl.Allow, dsl.Ask},
		// a line that names the settings is still refused
		{`d=$(echo .CLAUDE | tr A-Z a-z); echo x > ~/$d/settings.json`, dsl.Ask, dsl.Block}, // a person's write of the hook settings, as typed
		// everyday neighbours
		{`echo x > "$OUT"`, dsl.Allow, dsl.Allow},
		{`tmp=$(mktemp); jq '.version="2.0"' package.json > "$tmp" && mv "$tmp" package.json`, dsl.Allow, dsl.Allow},
		{`ROOT=$(git rev-parse --show-toplevel); cp build/app "$ROOT/bin/app"`, dsl.Allow, dsl.Allow},
		{`BRANCH=$(git branch --show-current); git log > "logs/$BRANCH.txt"`, dsl.Allow, dsl.Allow},
		{`for f in $(grep -rl oldname src); do sed -i 's/oldname/newname/g' "$f"; done`, dsl.Allow, dsl.Allow},
		{`for f in $(find . -name '*.md'); do sed -i 's/foo/bar/' "$f"; done`, dsl.Allow, dsl.Allow},
		{`git ls-files '*.go' | while read f; do cp "$f" "$f.bak"; done`, dsl.Allow, dsl.Allow},
		{`grep -rl TODO src | xargs sed -i 's/TODO/DONE/'`, dsl.Allow, dsl.Allow},
		{`cat files.txt | xargs -I{} cp {} backup/`, dsl.Allow, dsl.Allow},
		{`for f in *.png; do convert "$f" "${f%.png}.jpg"; done`, dsl.Allow, dsl.Allow},
		{`mkdir -p "out/$(date +%F)" && cp report.html "out/$(date +%F)/"`, dsl.Allow, dsl.Allow},
		{`cd "$(git rev-parse --show-toplevel)" && make > build.log`, dsl.Allow, dsl.Allow},
		{`python3 -c 'import sys; open(sys.argv[1], "w").write("x")' out.txt`, dsl.Allow, dsl.Allow},
		{`tmp=$(mktemp); rm -f "$tmp"`, dsl.Allow, dsl.Allow},
		{`for f in $(git diff --name-only); do gofmt -w "$f"; done`, dsl.Allow, dsl.Allow},
		{`git diff --name-only | xargs -I{} cp {} /tmp/review/`, dsl.Allow, dsl.Allow},
		{`find . -type f -name '*.sh' -exec sh -c 'chmod +x "$1"' _ {} \;`, dsl.Allow, dsl.Allow},
		{`f() { cp "$1" "$1.bak"; }; f README.md`, dsl.Allow, dsl.Allow},
	})
}

// TestAgentBoundaryHoles: ways round hguard's trust boundary an agent's
// command had (red team, 2026-12-05: each was allowed for an agent): a
// nested agent started after an export that moves its settings, or with
// flags read from a file; a plugin or extension whose hooks run unseen; a
// symbolic link to the settings made by cp -s; hguard's program replaced
// by inline code that finds it with shutil.which; emacs's delete-file; a
// shell run by find -exec writing the file find found. Everyday
// neighbours stay allowed.
func TestAgentBoundaryHoles(t *testing.T) {
	checkHoles(t, []holeCase{
		{"export HOME=/tmp/h; claude -p x", dsl.Ask, dsl.Block},
		{"export CLAUDE_CONFIG_DIR=/tmp/c && claude -p x", dsl.Ask, dsl.Block},
		{"(HOME=/tmp/h; export HOME; claude -p x)", dsl.Ask, dsl.Block},
		{"export GEMINI_CLI_SYSTEM_SETTINGS_PATH=/tmp/s.json; gemini -p x", dsl.Ask, dsl.Block},
		{"claude $(cat /tmp/flags) -p y", dsl.Allow, dsl.Ask},
		{"codex $(cat /tmp/flags) exec x", dsl.Allow, dsl.Ask},
		{"claude plugin install evil@market", dsl.Allow, dsl.Block},
		{"claude plugin marketplace add evil/repo", dsl.Allow, dsl.Block},
		{"gemini extensions install https://github.com/x/evil-ext", dsl.Allow, dsl.Block},
		{"gemini extensions link ./ext", dsl.Allow, dsl.Block},
		{"cp -s ~/.claude/settings.json s.json && echo '{}' > s.json", dsl.Allow, dsl.Block},
		{`python3 -c "import shutil; shutil.copy('/bin/true', shutil.which('hguard'))"`, dsl.Ask, dsl.Block},
		{`emacs --batch --eval '(delete-file "~/.claude/settings.json")'`, dsl.Ask, dsl.Block}, // a person: as rm -f FILE (edit51)
		{`find ~/.claude -name settings.json -exec sh -c 'cp /tmp/evil "$1"' _ {} \;`, dsl.Allow, dsl.Ask},
		{`find ~/.c* -name settings.json -exec bash -c 'echo {} > $0' {} \;`, dsl.Ask, dsl.Block}, // ~/.c* matches ~/.config, hguard's own
		// everyday neighbours
		{"export NODE_ENV=test; claude -p 'fix the tests'", dsl.Allow, dsl.Allow},
		{"claude -p -- \"$(cat task.md)\"", dsl.Allow, dsl.Allow},
		{"claude plugin list", dsl.Allow, dsl.Allow},
		{"gemini extensions list", dsl.Allow, dsl.Allow},
		{"cp -s ../shared/config.yaml config.yaml", dsl.Allow, dsl.Allow},
		{`python3 -c "import shutil; print(shutil.which('hguard'))"`, dsl.Allow, dsl.Allow},
		{`emacs --batch -l ert -l tests.el --eval '(ert-run-tests-batch-and-exit)'`, dsl.Allow, dsl.Allow},
		{`find . -name '*.txt' -exec sh -c 'iconv -f latin1 -t utf8 "$1" > "$1.new"' _ {} \;`, dsl.Allow, dsl.Allow},
	})
}
