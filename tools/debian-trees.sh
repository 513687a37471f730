#!/usr/bin/env bash
# tools/debian-trees.sh (make debian-trees): `baremark inspect` on every
# device tree Debian ships in its arm64 and riscv64 kernel packages, one line
# a tree and a tally: the console driven (stdout-path's UART), fallback
# (another UART of the tree, or the SBI console) or silent; the cores
# startable (PSCI, spin-table, SBI HSM) or not, each "not" with its reason.
# It fails if a tree is silent for a reason not in ACCEPTED below, or if
# inspect fails on a tree.
#
# The packages: Debian 12's current linux-image-6.1.0-*-arm64 (the one the
# linux-image-arm64 metapackage depends on) and, since Debian 12 has no
# riscv64 kernel (riscv64 became a release architecture with Debian 13),
# Debian 13's current linux-image-*-riscv64. apt downloads them by package
# name from this machine's own Debian mirror (read from its apt sources, as
# tools/deps.sh does; BM_DEBIAN_MIRROR overrides it), whatever this machine's
# architecture, with a private apt state in build/debian-trees/apt: this
# machine's apt configuration, package lists and dpkg architectures are not
# touched, and nothing but the two packages' indices and the two packages
# is fetched. The .dtb files are taken out of each package's data
# (dpkg-deb --fsys-tarfile, as dpkg-deb -x would, trees only). A package
# already downloaded (same version) is not fetched again.
#
# Output: build/debian-trees/trees.txt (one line a tree) and the tally on
# stdout; the last line is "debian-trees: N passed, N failed" (a tree passes
# unless it is silent for a reason not accepted, or inspect fails on it).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tools/apt-sources.sh"
say() { echo "debian-trees: $*"; }
die() { echo "debian-trees: $*" >&2; exit 1; }

# Why a tree may be silent without failing: the reason inspect gives (a
# fixed string it contains), then what it means. Keep this short: every
# entry is a board nobody can watch a run on through a UART the tree names.
ACCEPTED=(
	"no /chosen/stdout-path|the tree names no console and has no serialN alias of a UART we drive (phones, tablets and laptops, and servers whose firmware adds stdout-path at boot)"
	"'framebuffer|the console is a display (simple-framebuffer), not a UART"
)

tool=${TOOL:-$top/build/host/baremark}
[ -x "$tool" ] || die "no $tool: build it first (make tools)"
for c in apt-get dpkg-deb tar; do command -v "$c" >/dev/null || die "needs $c"; done

work=$top/build/debian-trees
apt_dir=$work/apt
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/etc/sources.list.d" \
	"$apt_dir/etc/preferences.d" "$work/debs"
: >"$apt_dir/status"

mirror=${BM_DEBIAN_MIRROR:-$(apt_suite_uri bookworm "/etc/apt/sources.list.d/baremark-bookworm-backports.sources" | sed -n 1p)}
apt_uri_ok "$mirror" || die "found no bookworm entry in /etc/apt/sources.list{,.d} to take the Debian mirror from (set BM_DEBIAN_MIRROR)"
security=$(apt_suite_uri bookworm-security | sed -n 1p)
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || die "no $keyring (debian-archive-keyring)"
{
	# each release only for the architecture taken from it
	echo "deb [arch=arm64 signed-by=$keyring] $mirror bookworm main"
	echo "deb [arch=arm64 signed-by=$keyring] $mirror bookworm-updates main"
	echo "deb [arch=riscv64 signed-by=$keyring] $mirror trixie main"
	if apt_uri_ok "$security"; then
		echo "deb [arch=arm64 signed-by=$keyring] $security bookworm-security main"
		echo "deb [arch=riscv64 signed-by=$keyring] $security trixie-security main"
	fi
} >"$apt_dir/etc/sources.list"
cat >"$apt_dir/apt.conf" <<EOF
Dir::State "$apt_dir";
Dir::State::status "$apt_dir/status";
Dir::Cache "$apt_dir";
Dir::Etc::SourceList "$apt_dir/etc/sources.list";
Dir::Etc::SourceParts "$apt_dir/etc/sources.list.d";
Dir::Etc::Preferences "$apt_dir/etc/preferences";
Dir::Etc::PreferencesParts "$apt_dir/etc/preferences.d";
APT::Architecture "arm64";
APT::Architectures { "arm64"; "riscv64"; };
APT::Sandbox::User "root";
EOF
export APT_CONFIG=$apt_dir/apt.conf

start=$SECONDS
apt-get -q update >"$work/apt-update.log" 2>&1 ||
	{ tail -n 15 "$work/apt-update.log" >&2; die "apt-get update failed from $mirror (no mirror reachable?)"; }

# The kernel package a metapackage depends on now: linux-image-6.1.0-N-arm64.
current() { # METAPACKAGE PATTERN
	apt-cache depends "$1" 2>/dev/null | sed -n "s/^ *Depends: \($2\)\(:[a-z0-9]*\)\?$/\1/p" | head -n 1
}
arm=$(current linux-image-arm64 'linux-image-6\.1\.0-[0-9]*-arm64')
rv=$(current linux-image-riscv64:riscv64 'linux-image-[0-9.]*+deb13-riscv64')
[ -n "$arm" ] || die "no linux-image-6.1.0-*-arm64 behind linux-image-arm64 in bookworm"
[ -n "$rv" ] || die "no linux-image-*-riscv64 behind linux-image-riscv64 in trixie"

rm -rf "$work/trees"
mkdir -p "$work/trees"
for spec in "$arm:arm64" "$rv:riscv64"; do
	pkg=${spec%:*} arch=${spec##*:}
	ver=$(apt-cache policy "$pkg:$arch" | sed -n 's/^ *Candidate: //p')
	[ -n "$ver" ] && [ "$ver" != "(none)" ] || die "no candidate version of $pkg:$arch"
	deb=$work/debs/${pkg}_${ver//:/%3a}_$arch.deb
	if [ ! -s "$deb" ]; then
		rm -f "$work/debs/${pkg}_"*.deb
		(cd "$work/debs" && apt-get -q download "$pkg:$arch=$ver" >"$work/apt-download.log" 2>&1) ||
			{ tail -n 15 "$work/apt-download.log" >&2; die "could not download $pkg:$arch $ver"; }
	fi
	[ -s "$deb" ] || die "apt-get download left no $deb"
	mkdir -p "$work/trees/$arch"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work/trees/$arch" --wildcards '*.dtb' ||
		die "could not take the trees out of $deb"
	say "$pkg $ver ($arch): $(find "$work/trees/$arch" -name '*.dtb' | wc -l) trees"
done
fetched=$((SECONDS - start))

# One line a tree: its path in the package, then inspect's verdict (two
# inspects at a time; the lines sorted by path).
out=$work/trees.txt
verdicts() { # TREE...
	local f v
	for f; do
		v=$("$tool" inspect "$f" 2>&1 | sed -n 's/^verdict: //p')
		f=${f#"$work/trees/"}
		printf '%s\t%s\n' "${f#*/usr/lib/}" "${v:-inspect failed}"
	done
}
export -f verdicts
export tool work
find "$work/trees" -name '*.dtb' -print0 | xargs -0 -n 64 -P 2 bash -c 'verdicts "$@"' _ | LC_ALL=C sort >"$out"
failed_inspect=$(grep -c $'\tinspect failed$' "$out" || true)
grep $'\tinspect failed$' "$out" | sed 's/^/  inspect failed: /' || true

total=$(wc -l <"$out")
echo "== $total trees ($arm, $rv); one line each in ${out#"$top/"}"
count() { grep -c -- "$1" "$out" || true; }
echo "console: $(count $'\tconsole driven') driven, $(count $'\tconsole fallback') fallback, $(count $'\tconsole silent') silent"
# silent trees by reason, each accepted or not
bad=0
while IFS= read -r reason; do
	n=$(grep -F -c -- "console silent ($reason)" "$out" || true)
	why=
	for a in "${ACCEPTED[@]}"; do
		[[ "$reason" == *"${a%%|*}"* ]] && why=${a#*|}
	done
	if [ -n "$why" ]; then
		echo "  silent, accepted: $n: $reason: $why"
	else
		echo "  silent, NOT accepted: $n: $reason"
		grep -F -- "console silent ($reason)" "$out" | cut -f1 | sed 's/^/    /'
		bad=$((bad + n))
	fi
done < <(sed -n 's/.*\tconsole silent (\(.*\)); cores .*/\1/p' "$out" | LC_ALL=C sort -u)
echo "fallback reasons:"
sed -n 's/.*\tconsole fallback (\(.*\)); cores .*/\1/p' "$out" | LC_ALL=C sort | uniq -c | sort -rn | sed 's/^/  /'
echo "cores: $(grep -c -E '; cores [0-9]+ startable' "$out" || true) startable, $(grep -c -E '; cores [0-9]+ not' "$out" || true) not"
sed -n 's/.*; cores [0-9]* \(startable\|not\) (\(.*\))$/\1: \2/p' "$out" | sed -E 's/[0-9]+ of [0-9]+ other cores/N of N other cores/' |
	LC_ALL=C sort | uniq -c | sort -rn | sed 's/^/  /'
say "download and extraction $fetched s, inspect $((SECONDS - start - fetched)) s"
fail=$((bad + failed_inspect))
echo "debian-trees: $((total - fail)) passed, $fail failed"
[ "$fail" = 0 ]
