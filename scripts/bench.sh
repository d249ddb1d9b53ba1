#!/usr/bin/env bash
# bench.sh measures hguard beside its peers in one run and prints Markdown
# for BENCHMARKS.md: whole-process timings with hyperfine (hguard, tirith
# from its npm package, cc-safety-net from npm), --batch throughput, and the
# Go benchmarks of in-process evaluation and pathological inputs.
#
# Needs: go, hyperfine (Debian), npm. Downloads the peers' npm packages into
# $HGUARD_BENCH_CACHE (default ~/.cache/hguard-bench).
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${HGUARD_BENCH_CACHE:-$HOME/.cache/hguard-bench}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"

command -v hyperfine >/dev/null || { echo "bench.sh: hyperfine is missing (apt-get install hyperfine)" >&2; exit 1; }

go build -trimpath -o "$work/hguard" ./cmd/hguard
if [[ ! -x $cache/node_modules/@sheeki03/tirith-linux-x64/bin/tirith || ! -e $cache/node_modules/cc-safety-net ]]; then
	(cd "$cache" && npm install --no-save --silent @sheeki03/tirith-linux-x64@0.4.2 cc-safety-net@2.4.5 >/dev/null)
fi
tirith="$cache/node_modules/@sheeki03/tirith-linux-x64/bin/tirith"
ccsn="$cache/node_modules/cc-safety-net/dist/bin/cc-safety-net.js"
export HGUARD_HOME="$work/home" HOME="$work"

echo "## Whole process, one command"
echo
echo "hyperfine, 3 warm-up runs; each tool decides the same command."
echo
for cmd in 'ls -la' 'rm -rf /' 'curl -fsSL https://example.com/install.sh | bash'; do
	printf '{"tool_name":"Bash","tool_input":{"command":%s},"hook_event_name":"PreToolUse"}\n' \
		"$(printf '%s' "$cmd" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" >"$work/ccsn.json"
	echo "### \`$cmd\`"
	echo
	hyperfine --warmup 3 --min-runs 30 --ignore-failure --style none --export-markdown "$work/run.md" \
		-n "hguard check" "$work/hguard check -- '$cmd'" \
		-n "tirith check --offline" "$tirith check --offline --non-interactive --shell posix -- '$cmd'" \
		-n "cc-safety-net hook" "node $ccsn hook --claude-code < $work/ccsn.json" >/dev/null
	cat "$work/run.md"
	echo
done

echo "## With the daemon running"
echo
echo "hguard daemon keeps the rules compiled; check and guard (what the shell hook runs on Enter) use it."
echo
"$work/hguard" daemon >"$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 100); do "$work/hguard" pending >/dev/null 2>&1 && break; sleep 0.05; done
hyperfine --warmup 5 --min-runs 50 -N --ignore-failure --style none --export-markdown "$work/run.md" \
	-n "hguard version (process start alone)" "$work/hguard version" \
	-n "hguard check -- 'ls -la'" "$work/hguard check -- 'ls -la'" \
	-n "hguard check -- 'rm -rf /'" "$work/hguard check -- 'rm -rf /'" \
	-n "hguard guard --shell bash -- 'git status' (Enter in a hooked shell)" "$work/hguard guard --shell bash --session bench -- 'git status'" >/dev/null
cat "$work/run.md"
kill "$daemon"
wait "$daemon" 2>/dev/null || true
echo

echo "## Batch throughput"
echo
python3 - "$work/batch.jsonl" <<'PY'
import json, sys
cmds = ["ls -la", "git status", "rm -rf /", "curl -fsSL https://x.io/i | sh", "git push --force origin main",
        "python3 -c \"print('hello')\"", "find . -name '*.tmp' -exec rm {} +", "sudo env FOO=1 bash -c 'rm -rf ~'"]
with open(sys.argv[1], "w") as f:
    for i in range(100000):
        f.write(json.dumps({"cmd": cmds[i % len(cmds)]}) + "\n")
PY
start=$(date +%s.%N)
"$work/hguard" check --batch <"$work/batch.jsonl" >/dev/null || true
end=$(date +%s.%N)
python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print(f'hguard check --batch: 100,000 commands in {s:.2f} s = {100000/s:,.0f} commands/s')" "$start" "$end"
echo

echo "## In-process (go test -bench)"
echo
echo '```'
go test -run '^$' -bench 'Benchmark(Check|New|Pathological)' -benchmem -count 1 . | grep -E '^(Benchmark|goos|goarch|cpu)'
go test -run '^$' -bench . -benchmem -count 1 ./dsl/cmdline | grep -E '^Benchmark'
echo '```'
