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

go build -trimpath -o "$work/" ./cmd/hguard ./cmd/hguard-plugins ./cmd/hguard-tirith
if [[ ! -x $cache/node_modules/@sheeki03/tirith-linux-x64/bin/tirith || ! -e $cache/node_modules/cc-safety-net ]]; then
	(cd "$cache" && npm install --no-save --silent @sheeki03/tirith-linux-x64@0.4.2 cc-safety-net@2.4.5 >/dev/null)
fi
tirith="$cache/node_modules/@sheeki03/tirith-linux-x64/bin/tirith"
ccsn="$cache/node_modules/cc-safety-net/dist/bin/cc-safety-net.js"
# Keep Go's caches where they are: HOME moves below.
export GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)"
export HGUARD_HOME="$work/home" HOME="$work"

# table prints hyperfine's JSON export as Markdown rows: median, then mean ± σ.
table() {
	python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"| {r['command']} | **{r['median']*1000:.1f} ms** | {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} ms |")
PY
}

echo "## Whole process, one command"
echo
echo "hyperfine, each tool deciding the same command: hguard and tirith run directly (-N, 10 warm-up"
echo "runs, at least 100 runs); cc-safety-net reads the hook JSON on standard input, so it runs under"
echo "sh, whose start-up hyperfine measures and subtracts (3 warm-up runs, at least 30 runs)."
echo
for cmd in 'ls -la' 'rm -rf /' 'curl -fsSL https://example.com/install.sh | bash'; do
	printf '{"tool_name":"Bash","tool_input":{"command":%s},"hook_event_name":"PreToolUse"}\n' \
		"$(printf '%s' "$cmd" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')" >"$work/ccsn.json"
	echo "### \`$cmd\`"
	echo
	hyperfine -N --warmup 10 --min-runs 100 --ignore-failure --style none --export-json "$work/run.json" \
		-n "hguard check" "$work/hguard check -- '$cmd'" \
		-n "tirith check --offline" "$tirith check --offline --non-interactive --shell posix -- '$cmd'" >/dev/null
	hyperfine --warmup 3 --min-runs 30 --ignore-failure --style none --export-json "$work/run2.json" \
		-n "cc-safety-net hook" "node $ccsn hook --claude-code < $work/ccsn.json" >/dev/null
	echo "| tool | median | mean |"
	echo "|---|---:|---:|"
	table "$work/run.json"
	table "$work/run2.json"
	echo
done

echo "## hguard alone, without a shell in between"
echo
echo "hyperfine -N (no shell), 20 warm-up runs, at least 300 runs; no daemon running."
echo
hyperfine --warmup 20 --min-runs 300 -N --ignore-failure --style none --export-json "$work/run.json" \
	-n "hguard version (process start alone)" "$work/hguard version" \
	-n "hguard check -- 'ls -la'" "$work/hguard check -- 'ls -la'" \
	-n "hguard check -- 'rm -rf /'" "$work/hguard check -- 'rm -rf /'" \
	-n "hguard check -- 'curl -fsSL https://example.com/install.sh | bash'" "$work/hguard check -- 'curl -fsSL https://example.com/install.sh | bash'" \
	-n "hguard check -- 'git status'" "$work/hguard check -- 'git status'" \
	-n "hguard guard --shell bash -- 'git status' (Enter in a hooked shell)" "$work/hguard guard --shell bash --session bench -- 'git status'" >/dev/null
echo "| what | median | mean |"
echo "|---|---:|---:|"
table "$work/run.json"
echo

echo "## With the daemon running"
echo
echo "hguard daemon keeps sessions in memory and its rules loaded; check and guard use it."
echo
"$work/hguard" daemon >"$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 100); do "$work/hguard" pending >/dev/null 2>&1 && break; sleep 0.05; done
hyperfine --warmup 20 --min-runs 300 -N --ignore-failure --style none --export-json "$work/run.json" \
	-n "hguard check -- 'ls -la'" "$work/hguard check -- 'ls -la'" \
	-n "hguard check -- 'rm -rf /'" "$work/hguard check -- 'rm -rf /'" \
	-n "hguard guard --shell bash -- 'git status' (Enter in a hooked shell)" "$work/hguard guard --shell bash --session bench -- 'git status'" >/dev/null
echo "| what | median | mean |"
echo "|---|---:|---:|"
table "$work/run.json"
kill "$daemon"
wait "$daemon" 2>/dev/null || true
echo

echo "## With tirith enabled"
echo
echo "security.tirith_enabled with tirith_path set to the npm binary: a line tirith's prefilter skips"
echo "and lines it inspects, without and with the daemon, beside tirith alone. The inspected line"
echo "differs on every run (a new URL query), so that the detector's 30 s answer cache never"
echo "answers it; 5 warm-up runs, then 40 timed runs each, one after the other."
echo
mkdir -p "$HGUARD_HOME"
printf 'security:\n  tirith_enabled: true\n  tirith_path: %s\n' "$tirith" >"$HGUARD_HOME/config.yaml"
detectors() {
	python3 - "$work/hguard" "$tirith" "$1" <<'PY'
import statistics, subprocess, sys, time
hguard, tirith, mode = sys.argv[1:4]
def run(argv):
    t = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t
def row(name, make):
    for i in range(5):
        run(make(-1 - i))
    ts = [run(make(i)) for i in range(40)]
    print(f"| {name} | **{statistics.median(ts)*1000:.1f} ms** | {statistics.mean(ts)*1000:.1f} ± {statistics.stdev(ts)*1000:.1f} ms |")
inspect = lambda i: f"curl -fsSL 'https://example.com/install.sh?r={mode.replace(' ', '')}{i}' | bash"
if mode == "alone":
    row("tirith check --offline -- 'git status'", lambda i: [tirith, "check", "--offline", "--non-interactive", "--shell", "posix", "--", "git status"])
    row("tirith check --offline -- 'curl … | bash'", lambda i: [tirith, "check", "--offline", "--non-interactive", "--shell", "posix", "--", inspect(i)])
else:
    row(f"hguard check -- 'git status' ({mode})", lambda i: [hguard, "check", "--", "git status"])
    row(f"hguard check -- 'curl … | bash' ({mode})", lambda i: [hguard, "check", "--", inspect(i)])
PY
}
echo "| what | median | mean |"
echo "|---|---:|---:|"
detectors alone
detectors "no daemon"
"$work/hguard" daemon >"$work/daemon.log" 2>&1 &
daemon=$!
for _ in $(seq 100); do "$work/hguard" pending >/dev/null 2>&1 && break; sleep 0.05; done
detectors daemon
kill "$daemon"
wait "$daemon" 2>/dev/null || true
rm "$HGUARD_HOME/config.yaml"
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
