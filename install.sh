#!/usr/bin/env bash
# install.sh installs hguard, hguard-plugins and hguard-tirith: built from
# this source tree with the local Go toolchain, or from a release archive
# checked against its SHA-256 (docs/release.md). It never edits shell
# start-up files unless --shell asks it to, and running it twice changes
# nothing the second time.
#
#   ./install.sh [--prefix DIR] [--shell bash|zsh|fish]
#   ./install.sh --from DIR|URL [--prefix DIR] [--shell …]   a release: checksums.txt and archives
#   ./install.sh --release URL --sha256 HEX [--prefix DIR] [--shell …]   one archive
#   ./install.sh --uninstall [--prefix DIR] [--shell bash|zsh|fish]
set -euo pipefail

prefix="${HOME}/.local"
shell=""
release=""
sha256=""
from=""
uninstall=0

die() { printf 'install.sh: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'install.sh: %s\n' "$*"; }

usage() {
	sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
}

while (($# > 0)); do
	case "$1" in
	--prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
	--prefix=*) prefix="${1#*=}"; shift ;;
	--shell) shell="${2:?--shell needs bash, zsh or fish}"; shift 2 ;;
	--shell=*) shell="${1#*=}"; shift ;;
	--release) release="${2:?--release needs a URL}"; shift 2 ;;
	--sha256) sha256="${2:?--sha256 needs a hex digest}"; shift 2 ;;
	--from) from="${2:?--from needs a release directory or URL}"; shift 2 ;;
	--from=*) from="${1#*=}"; shift ;;
	--uninstall) uninstall=1; shift ;;
	-h | --help) usage; exit 0 ;;
	*) die "unknown argument: $1 (see --help)" ;;
	esac
done

case "$shell" in
"" | bash | zsh | fish) ;;
*) die "--shell must be bash, zsh or fish, not $shell" ;;
esac
[[ -z $from || -z $release ]] || die "give --from (a release with checksums.txt) or --release URL --sha256 HEX, not both"
[[ -z $sha256 || -n $release ]] || die "--sha256 goes with --release URL (--from reads the digest from checksums.txt)"

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

# sha256_of prints a file's SHA-256 in lower-case hex (sha256sum, or
# shasum on macOS).
sha256_of() {
	local out
	if command -v sha256sum >/dev/null; then
		out=$(sha256sum "$1") || return 1
	elif command -v shasum >/dev/null; then
		out=$(shasum -a 256 "$1") || return 1
	else
		die "neither sha256sum nor shasum is installed: the archive cannot be checked"
	fi
	printf '%s\n' "${out%% *}" | tr 'A-F' 'a-f'
}

# fetch copies the release file $1 from the --from directory or URL to $2.
fetch() {
	local name="$1" dest="$2"
	if [[ $from =~ ^https?:// ]]; then
		command -v curl >/dev/null || die "curl is needed to download a release"
		curl -fsSL --proto '=https,http' -o "$dest" "${from%/}/$name" || die "downloading ${from%/}/$name failed; nothing installed"
	else
		[[ -d $from ]] || die "--from $from is neither a directory nor an http(s) URL"
		[[ -f $from/$name ]] || die "$from has no $name; nothing installed"
		cp "$from/$name" "$dest"
	fi
}

# release_platform prints this machine's platform as release archives name
# it: linux_amd64, darwin_arm64, …
release_platform() {
	local os arch
	case "$(uname -s)" in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	*) die "hguard releases are for Linux and macOS, not $(uname -s); build from source instead" ;;
	esac
	case "$(uname -m)" in
	x86_64 | amd64) arch=amd64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) die "hguard releases are for amd64 and arm64, not $(uname -m); build from source instead" ;;
	esac
	printf '%s_%s\n' "$os" "$arch"
}

# unpack takes the programs from a checked archive: hguard must be there,
# the other two are taken when they are. Only top-level regular files of
# these names are extracted.
unpack() {
	local archive="$1" listing name
	listing=$(tar -tzf "$archive") || die "the archive is not a gzipped tar; nothing installed"
	mkdir "$tmpdir/x"
	for name in hguard hguard-plugins hguard-tirith; do
		if ! grep -qxF "$name" <<<"$listing"; then
			[[ $name != hguard ]] || die "the archive has no top-level hguard file"
			say "note: the archive has no $name (hguard plugin and the detectors need it)"
			continue
		fi
		tar -xzf "$archive" -C "$tmpdir/x" --no-same-owner --no-same-permissions "$name" ||
			die "extracting $name from the archive failed; nothing installed"
		[[ -f $tmpdir/x/$name && ! -L $tmpdir/x/$name ]] || die "the archive's $name is not a regular file; nothing installed"
		mv "$tmpdir/x/$name" "$tmpdir/$name"
	done
}

if [[ -n $from ]]; then
	plat=$(release_platform)
	fetch checksums.txt "$tmpdir/checksums.txt"
	# The one line naming this platform's archive, as sha256sum writes it
	# ("HEX  NAME", or "HEX *NAME" in binary mode).
	lines=$(grep -E "^[0-9a-fA-F]{64} [ *]hguard_v[0-9A-Za-z.+-]+_${plat}\.tar\.gz\$" "$tmpdir/checksums.txt" || true)
	[[ -n $lines ]] || die "checksums.txt in $from lists no archive for ${plat/_//} (hguard_vX.Y.Z_${plat}.tar.gz); nothing installed"
	(($(wc -l <<<"$lines") == 1)) || die "checksums.txt in $from lists more than one archive for ${plat/_//}; nothing installed"
	want=$(tr 'A-F' 'a-f' <<<"${lines%% *}")
	archive="${lines#* }"
	archive="${archive#[ *]}"
	fetch "$archive" "$tmpdir/$archive"
	got=$(sha256_of "$tmpdir/$archive")
	[[ $got == "$want" ]] || die "SHA-256 mismatch: $archive is $got, checksums.txt says $want; nothing installed"
	say "$archive matches its SHA-256 in checksums.txt (install.sh checks no signature of checksums.txt itself: see docs/release.md)"
	unpack "$tmpdir/$archive"
	built="$tmpdir/hguard"
elif [[ -n $release ]]; then
	[[ $sha256 =~ ^[0-9a-fA-F]{64}$ ]] || die "--release needs --sha256 with the archive's 64-hex-digit SHA-256"
	command -v curl >/dev/null || die "curl is needed to download a release"
	curl -fsSL --proto '=https,http' -o "$tmpdir/hguard.tar.gz" "$release" || die "downloading $release failed"
	got=$(sha256_of "$tmpdir/hguard.tar.gz")
	want=$(tr 'A-F' 'a-f' <<<"$sha256")
	[[ $got == "$want" ]] || die "SHA-256 mismatch: got $got, want $sha256; nothing installed"
	unpack "$tmpdir/hguard.tar.gz"
	built="$tmpdir/hguard"
else
	src=$(cd "$(dirname "$0")" && pwd)
	[[ -f $src/go.mod && -d $src/cmd/hguard ]] || die "run install.sh from the hguard source tree, or give --from or --release"
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
