#!/bin/sh
# Measures hguard redact on a generated 100 MB log beside cat, the floor.
# Usage: redact/testdata/bench.sh (from the module root). Prints MB/s.
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
go build -o "$dir/hguard" ./cmd/hguard
go run ./redact/testdata/genlog -mb 100 > "$dir/log"
mb=$(( $(wc -c < "$dir/log") / 1048576 ))
measure() { # name command...
	name=$1; shift
	best=
	for i in 1 2 3; do
		start=$(date +%s.%N)
		"$@" < "$dir/log" > /dev/null
		end=$(date +%s.%N)
		t=$(echo "$end - $start" | bc)
		if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
	done
	printf '%-14s %6.2f s  %7.1f MB/s\n' "$name" "$best" "$(echo "$mb / $best" | bc -l)"
}
echo "input: $mb MiB, best of 3"
measure cat cat
measure "hguard redact" "$dir/hguard" redact
if command -v gitleaks > /dev/null; then
	measure gitleaks gitleaks stdin --no-banner --redact --exit-code 0
fi
echo "secrets masked:"; "$dir/hguard" redact --count < "$dir/log" 2>&1 > /dev/null
if [ -x /usr/bin/time ]; then /usr/bin/time -f "hguard redact max RSS: %M KiB" "$dir/hguard" redact < "$dir/log" > /dev/null; fi
