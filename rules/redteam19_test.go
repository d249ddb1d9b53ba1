package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestRedTeam19: red team of the trust boundary and shell fidelity
// (redteam19, 2026-12-05). Each hole is with its everyday neighbours.
func TestRedTeam19(t *testing.T) {
	checkCallers(t, []callerCase{
		// bash defines an alias for each entry put in BASH_ALIASES (and
		// runs it where aliases are expanded: shopt -s expand_aliases, or
		// an interactive shell), as alias NAME=VALUE does: each was allowed
		{"shopt -s expand_aliases; BASH_ALIASES[ls]='rm -rf ~'\nls", dsl.Ask, dsl.Ask, dsl.Ask},
		{"shopt -s expand_aliases; BASH_ALIASES[ls]='rm -rf ~'; eval ls", dsl.Ask, dsl.Ask, dsl.Ask},
		{"BASH_ALIASES=([vv]='rm -rf ~'); shopt -s expand_aliases\nvv", dsl.Ask, dsl.Ask, dsl.Ask},
		{"declare -A BASH_ALIASES=([gs]='rm -rf ~'); shopt -s expand_aliases; eval gs", dsl.Ask, dsl.Ask, dsl.Ask},
		{"shopt -s expand_aliases; BASH_ALIASES+=([ls]='rm -rf ~'); eval ls", dsl.Ask, dsl.Ask, dsl.Ask},
		{"shopt -s expand_aliases; read 'BASH_ALIASES[ls]' <<< 'rm -rf ~'; eval ls", dsl.Ask, dsl.Ask, dsl.Ask},
		{"shopt -s expand_aliases; printf -v 'BASH_ALIASES[ls]' 'rm -rf ~'; eval ls", dsl.Ask, dsl.Ask, dsl.Ask},
		{"declare -n a=BASH_ALIASES; a[ls]='rm -rf ~'; shopt -s expand_aliases; eval ls", dsl.Ask, dsl.Ask, dsl.Ask},
		{": ${BASH_ALIASES[ls]:=rm}; shopt -s expand_aliases; eval ls -rf ~", dsl.Ask, dsl.Ask, dsl.Ask},
		// the alias builtin itself was already followed
		{"shopt -s expand_aliases\nalias ww='rm -rf ~'\nww", dsl.Block, dsl.Block, dsl.Block},
		{"alias ll='ls -la'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo ${BASH_ALIASES[ll]}", dsl.Allow, dsl.Allow, dsl.Allow},
		{"alias", dsl.Allow, dsl.Allow, dsl.Allow},

		// Codex puts apply_patch first on its shell's PATH: the files a
		// patch on the line names are written (each was allowed)
		{"apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: /home/u/.hguard/config.yaml\n+approvals: {mode: off}\n*** End Patch\nEOF", dsl.Ask, dsl.Block, dsl.Block},
		{"apply_patch '*** Begin Patch\n*** Add File: notes.txt\n+hi\n *** Add File: /home/u/.claude/settings.json\n+{}\n*** End Patch'", dsl.Ask, dsl.Block, dsl.Block},
		{"applypatch <<'EOF'\n*** Begin Patch\n*** Add File: /home/u/.bashrc\n+export HGUARD_DISABLE=1\n*** End Patch\nEOF", dsl.Ask, dsl.Block, dsl.Block},
		{"apply_patch \"$(cat <<'EOF'\n*** Begin Patch\n*** Update File: src/a.go\n*** Move to: /home/u/.codex/config.toml\n@@\n-a\n+b\n*** End Patch\nEOF\n)\"", dsl.Ask, dsl.Block, dsl.Block},
		{"apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/a.go\n@@\n-a\n+b\n*** End Patch\nEOF", dsl.Allow, dsl.Allow, dsl.Allow},
		{"apply_patch '*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** Delete File: old.txt\n*** End Patch'", dsl.Allow, dsl.Allow, dsl.Allow},
		// git takes a directory shaped like a repository for one when it
		// runs there, and a .git file names one elsewhere: the config the
		// line wrote there runs (core.fsmonitor at git status; checked
		// with git 2.39). Each was allowed.
		{"mkdir -p x/objects x/refs && echo 'ref: refs/heads/main' > x/HEAD && printf '[core]\\n\\tworktree = ..\\n\\tfsmonitor = rm -rf ~\\n' > x/config && cd x && git status", dsl.Block, dsl.Block, dsl.Block},
		{"mkdir -p x/objects x/refs && echo 'ref: refs/heads/main' > x/HEAD && printf '[alias]\\n\\tst = !rm -rf ~\\n' > x/config && git -C x st", dsl.Block, dsl.Block, dsl.Block},
		{"mkdir -p sub e && echo 'gitdir: ../e' > sub/.git && printf '[core]\\n\\tfsmonitor = rm -rf ~\\n' > e/config && cd sub && git status", dsl.Block, dsl.Block, dsl.Block},
		{"printf '[core]\\n\\tfsmonitor = rm -rf ~\\n' > config && git status", dsl.Block, dsl.Block, dsl.Block},
		{"printf '[core]\\n\\tpager = less -R\\n' > x/config && git -C x log", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo 'port: 8080' > config && git status", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cd sub && git status", dsl.Allow, dsl.Allow, dsl.Allow},
		{"git -C vendor/lib log --oneline -5", dsl.Allow, dsl.Allow, dsl.Allow},
		{"cd .git && git status", dsl.Allow, dsl.Allow, dsl.Allow},
		// bun test and node --test run the test files they find, and bun
		// first the scripts bunfig.toml's preload names (each was allowed)
		{"echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > a.test.js && bun test", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > a.test.js && node --test", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > x.js && echo 'preload = [\"./x.js\"]' > bunfig.toml && bun run lint", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'require(\"child_process\").execSync(\"rm -rf ~\")' > x.js && printf '[test]\\npreload = \"./x.js\"\\n' > bunfig.toml && bun test", dsl.Block, dsl.Block, dsl.Block},
		{"echo 'test(\"a\", () => expect(1).toBe(1))' > a.test.js && bun test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"echo 'preload = [\"./setup.ts\"]' > bunfig.toml && bun test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bun test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --test", dsl.Allow, dsl.Allow, dsl.Allow},
		{"node --test test/a.test.js", dsl.Allow, dsl.Allow, dsl.Allow},
		{"bun run dev", dsl.Allow, dsl.Allow, dsl.Allow},
		// a build of hguard from its source is hguard: go run PKG runs it,
		// go build -o X PKG makes X a copy (each was allowed for an agent,
		// and under setsid, env -i and script only the rules stop it)
		{"go run github.com/hguard/hguard/cmd/hguard approve --all", dsl.Allow, dsl.Block, dsl.Block},
		{"go run ./cmd/hguard yolo on", dsl.Allow, dsl.Block, dsl.Block},
		{"setsid -f env -i script -qc 'go run ./cmd/hguard approve --all' /dev/null", dsl.Allow, dsl.Block, dsl.Block},
		{"go build -o /tmp/x ./cmd/hguard && /tmp/x approve --all", dsl.Allow, dsl.Block, dsl.Block},
		{"go build -o bin/ ./cmd/hguard && bin/hguard yolo on", dsl.Allow, dsl.Block, dsl.Block},
		{"go run example.com/x/cmd/rm/v2 -rf ~", dsl.Block, dsl.Block, dsl.Block},
		{"go run ./cmd/hguard check 'ls'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go build -o ./hguard ./cmd/hguard && ./hguard explain 'rm -rf /'", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go run ./cmd/server", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go run github.com/sqlc-dev/sqlc/cmd/sqlc@v1.27.0 generate", dsl.Allow, dsl.Allow, dsl.Allow},
		{"go build -o /tmp/app ./cmd/app && /tmp/app --version", dsl.Allow, dsl.Allow, dsl.Allow},
		// a descriptor bash numbers itself (exec {fd}<<…) feeds a shell
		// as exec 3<<… does (each was allowed; checked with bash 5)
		{"exec {fd}<<<'rm -rf ~'; bash /dev/fd/$fd", dsl.Block, dsl.Block, dsl.Block},
		{"exec {fd}<<<'rm -rf ~'; bash <&$fd", dsl.Block, dsl.Block, dsl.Block},
		{"exec {fd}<<'X'\nrm -rf ~\nX\nsource /proc/self/fd/$fd", dsl.Block, dsl.Block, dsl.Block},
		{"exec {fd}<<<'ls -la'; cat <&$fd", dsl.Allow, dsl.Allow, dsl.Allow},
		{"exec {fd}>out.log; echo hi >&$fd", dsl.Allow, dsl.Allow, dsl.Allow},
	})
}
