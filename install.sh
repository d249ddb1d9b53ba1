#!/usr/bin/env bash
# install.sh installs hguard: built from this source tree with the local Go
# toolchain, or a downloaded release archive checked against its SHA-256.
# It never edits shell start-up files unless --shell asks it to, and running
# it twice changes nothing the second time.
#
#   ./install.sh [--prefix DIR] [--shell bash|zsh|fish]
#   ./install.sh --release URL --sha256 HEX [--prefix DIR]
#   ./install.sh --uninstall [--prefix DIR] [--shell bash|zsh|fish]
set -euo pipefail

prefix="${HOME}/.local"
shell=""
release=""
sha256=""
uninstall=0

die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'install.sh: %s\n' "$*"; }

usage() {
	sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
}

while (($# > 0)); do
	case "$1" in
	--prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
	--prefix=*) prefix="${1#*=}"; shift ;;
	--shell) shell="${2:?--shell needs bash, zsh or fish}"; shift 2 ;;
	--shell=*) shell="${1#*=}"; shift ;;
	--release) release="${2:?--release needs a URL}"; shift 2 ;;
	--sha256) sha256="${2:?--sha256 needs a hex digest}"; shift 2 ;;
	--uninstall) uninstall=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument: $1 (see --help)" ;;
	esac
done

case "$shell" in
"" | bash | zsh | fish) ;;
*) die "--shell must be bash, zsh or fish, not $shell" ;;
esac

bindir="${prefix}/bin"
target="${bindir}/hguard"

# rc_file is where a shell reads its start-up commands.
rc_file() {
	case "$1" in
	bash) printf '%s\n' "${HOME}/.bashrc" ;;
	zsh) printf '%s\n' "${ZDOTDIR:-$HOME}/.zshrc" ;;
	fish) printf '%s\n' "${XDG_CONFIG_HOME:-$HOME/.config}/fish/config.fish" ;;
	esac
}

begin_marker="# >>> hguard shell hook >>>"
end_marker="# <<< hguard shell hook <<<"

# remove_hook deletes hguard's marked block from a start-up file, if there.
remove_hook() {
	local rc="$1" tmp
	[[ -f $rc ]] || return 0
	grep -qF "$begin_marker" "$rc" || return 0
	tmp=$(mktemp "${rc}.XXXXXX")
	awk -v b="$begin_marker" -v e="$end_marker" '$0 == b {skip = 1; next} $0 == e {skip = 0; next} !skip' "$rc" >"$tmp"
	chmod --reference="$rc" "$tmp" 2>/dev/null || true
	mv -f "$tmp" "$rc"
	say "removed the hguard hook from $rc"
}

# add_hook appends hguard's marked block to a start-up file, once.
add_hook() {
	local sh="$1" rc line
	rc=$(rc_file "$sh")
	mkdir -p "$(dirname "$rc")"
	if [[ -f $rc ]] && grep -qF "$begin_marker" "$rc"; then
		say "$rc already loads the hguard hook"
		return 0
	fi
	if [[ $sh == fish ]]; then
		line="${target} init fish | source"
	else
		line="eval \"\$(${target} init ${sh})\""
	fi
	printf '\n%s\n%s\n%s\n' "$begin_marker" "$line" "$end_marker" >>"$rc"
	say "added the hguard hook to $rc (open a new shell to use it)"
}

if ((uninstall)); then
	if [[ -e $target ]]; then
		rm -f "$target" "${bindir}/hguard-plugins" "${bindir}/hguard-tirith"
		say "removed $target"
	else
		say "$target is not installed"
	fi
	if [[ -n $shell ]]; then
		remove_hook "$(rc_file "$shell")"
	fi
	exit 0
fi

mkdir -p "$bindir"
tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT

if [[ -n $release ]]; then
	[[ $sha256 =~ ^[0-9a-fA-F]{64}$ ]] || die "--release needs --sha256 with the archive's 64-hex-digit SHA-256"
	command -v curl >/dev/null || die "curl is needed to download a release"
	curl -fsSL --proto '=https,http' -o "$tmpdir/hguard.tar.gz" "$release" || die "downloading $release failed"
	got=$(sha256sum "$tmpdir/hguard.tar.gz" | cut -d' ' -f1)
	[[ ${got,,} == "${sha256,,}" ]] || die "SHA-256 mismatch: got $got, want $sha256; nothing installed"
	# Only a top-level regular file named hguard is taken from the archive.
	tar -xzf "$tmpdir/hguard.tar.gz" -C "$tmpdir" --no-same-owner --no-same-permissions hguard ||
		die "the archive has no top-level hguard file"
	[[ -f $tmpdir/hguard && ! -L $tmpdir/hguard ]] || die "the archive's hguard is not a regular file"
	built="$tmpdir/hguard"
else
	src=$(cd "$(dirname "$0")" && pwd)
	[[ -f $src/go.mod && -d $src/cmd/hguard ]] || die "run install.sh from the hguard source tree, or give --release"
	command -v go >/dev/null || die "go is needed to build from source (or give --release URL --sha256 HEX)"
	say "building hguard from $src"
	(cd "$src" && go build -trimpath -o "$tmpdir/hguard" ./cmd/hguard)
	(cd "$src" && go build -trimpath -o "$tmpdir/hguard-plugins" ./cmd/hguard-plugins)
	(cd "$src" && go build -trimpath -o "$tmpdir/hguard-tirith" ./cmd/hguard-tirith)
	built="$tmpdir/hguard"
fi

chmod 0755 "$built"
"$built" version >/dev/null || die "the new binary does not run; nothing installed"
if [[ -f $target ]] && cmp -s "$built" "$target"; then
	say "$target is already up to date"
else
	# Copy beside the target, then rename: the old binary stays usable until the new one is whole.
	cp "$built" "${target}.new"
	mv -f "${target}.new" "$target"
	say "installed $target ($("$target" version))"
fi
# The detector programs are looked for beside hguard: hguard-plugins runs
# the plugins (and hguard plugin …), hguard-tirith is the Tirith detector.
for extra in hguard-plugins hguard-tirith; do
	if [[ -f $tmpdir/$extra ]] && ! cmp -s "$tmpdir/$extra" "${bindir}/$extra"; then
		chmod 0755 "$tmpdir/$extra"
		cp "$tmpdir/$extra" "${bindir}/${extra}.new"
		mv -f "${bindir}/${extra}.new" "${bindir}/$extra"
		say "installed ${bindir}/$extra"
	fi
done

if [[ -n $shell ]]; then
	add_hook "$shell"
fi
case ":${PATH}:" in
*":${bindir}:"*) ;;
*) say "note: $bindir is not on your PATH" ;;
esac
