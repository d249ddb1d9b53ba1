#!/usr/bin/env bash
# test.sh installs what hguard's tests need on a fresh Debian machine and runs
# them all: formatting, vet, staticcheck, the race-enabled test suite and a
# short fuzzing pass. It is the README's test command; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")"

export PATH="$PATH:/usr/local/go/bin:$(go env GOPATH 2>/dev/null || echo "$HOME/go")/bin"
fuzztime="${HGUARD_FUZZTIME:-15s}"

step() { printf '\n== %s\n' "$*"; }

step "system packages"
need=()
for pkg in git bash hyperfine shellcheck tmux zsh fish; do
	dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if ((${#need[@]} > 0)); then
	if [[ $(id -u) -eq 0 ]]; then
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
	else
		echo "missing Debian packages: ${need[*]} (run as root to install them)" >&2
	fi
fi

step "gofmt"
unformatted=$(gofmt -l .)
if [[ -n $unformatted ]]; then
	echo "gofmt would change:" >&2
	echo "$unformatted" >&2
	exit 1
fi

step "go vet"
go vet ./...

step "staticcheck"
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

step "go test -race"
go test -race -count=1 ./...

step "fuzz ($fuzztime each)"
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "$fuzztime" ./dsl/cmdline
go test -run '^$' -fuzz '^FuzzCheck$' -fuzztime "$fuzztime" .

echo
echo "all tests passed"
