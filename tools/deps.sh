#!/usr/bin/env bash
# Installs what baremark needs on Debian 12, from Debian's own packages.
# Run as root (or with sudo). Safe to run again.
# It installs without Recommends, so every package the build or the tests
# use is named here or is a Depends (not a Recommends) of one named here:
# the C library headers are only Recommends of gcc and of the cross gcc
# packages, so they are named.
#
# QEMU comes from bookworm-backports (Debian's own archive, QEMU 10): Debian
# 12's QEMU 7.2 cannot execute RISC-V vector crypto (Zvk*), has no RVA23 or
# T-Head C906 CPU model and cannot take the Zicntr counters away, and the
# tests run all of those inside the image. Backports are never preferred by
# apt (priority 100), so only the packages named below with
# /bookworm-backports come from there (QEMU, its own common/data packages and
# the OpenSBI that QEMU 10 ships as its RISC-V -bios default, each named: apt
# takes a named package's dependencies from bookworm); the script checks that
# afterwards.
# The backports entry uses the mirror this machine already uses for
# bookworm (BM_DEBIAN_MIRROR overrides it).
set -euo pipefail
packages=(
	make gcc libc6-dev git ca-certificates
	# riscv64 and aarch64 images
	gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
	gcc-aarch64-linux-gnu picolibc-aarch64-linux-gnu
	# the Linux build's cross compilers (and their C libraries), run under qemu-user
	libc6-dev-arm64-cross gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
	# firmware: U-Boot from bookworm (OpenSBI is QEMU 10's dependency)
	u-boot-qemu u-boot-tools device-tree-compiler
	# SD-card images without root
	fdisk dosfstools mtools
	# host tools and tests (libssl-dev: OpenSSL as the crypto oracle;
	# dpkg-dev: dpkg-buildflags, the host tool's hardening flags)
	dpkg-dev libfdt-dev libjansson-dev zlib1g-dev libssl-dev jq clang libclang-rt-14-dev
	# host tool: plots, and its tests (a pty pair, a browser for the report);
	# llvm-19 for llvm-mca-19, the compiler's model beside the instruction
	# table (baremark insn --llvm), and llvm-objdump-19 (the table's test)
	gnuplot-nox socat chromium llvm-19
	# make bench's host-tool section: each subcommand's CPU time and peak memory (/usr/bin/time -v)
	time
	# QEMU 10 from bookworm-backports (above): system emulators and
	# qemu-user (the Linux build's tests) in the same version, and the
	# backports packages they depend on at that version, each named: a
	# /bookworm-backports suffix selects that package alone, and apt takes
	# its dependencies from bookworm (QEMU 7.2's common and data packages,
	# OpenSBI 1.1), which QEMU 10 refuses ("held broken packages").
	qemu-system-riscv/bookworm-backports qemu-system-arm/bookworm-backports qemu-user/bookworm-backports
	qemu-system-common/bookworm-backports qemu-system-data/bookworm-backports opensbi/bookworm-backports
)
# What may arrive from backports: those, QEMU's shared parts, its firmware.
allowed_backports='^(qemu-system-riscv|qemu-system-arm|qemu-user|qemu-system-common|qemu-system-data|opensbi)$'
sources=/etc/apt/sources.list.d/baremark-bookworm-backports.sources
. "$(dirname "$0")/apt-sources.sh"

if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: run as root (sudo $0)" >&2
	exit 1
fi
if ! grep -qs '^VERSION_CODENAME=bookworm$' /etc/os-release; then
	echo "deps.sh: this installs Debian 12 (bookworm) packages; /etc/os-release names another release" >&2
	exit 1
fi

backports_entry() {
	local mirror=$1
	cat <<EOF
# Written by baremark's tools/deps.sh: QEMU 10 for its tests (see that
# script). apt never prefers backports by itself, so nothing else is taken
# from here unless asked for by name.
Types: deb
URIs: $mirror
Suites: bookworm-backports
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
}

# Enable bookworm-backports unless the machine already has it.
if grep -rqsE '(^|[[:space:]])bookworm-backports([[:space:]]|$)' \
	--exclude="$(basename "$sources")" /etc/apt/sources.list /etc/apt/sources.list.d/; then
	echo "deps.sh: bookworm-backports is already in this machine's apt sources"
else
	mirror=${BM_DEBIAN_MIRROR:-$(apt_suite_uri bookworm "$sources" | sed -n 1p)}
	if ! apt_uri_ok "$mirror"; then
		echo "deps.sh: found no bookworm entry in /etc/apt/sources.list{,.d} to take the mirror from;" >&2
		echo "  set BM_DEBIAN_MIRROR (e.g. your Debian mirror's http URL) and run again" >&2
		exit 1
	fi
	entry=$(backports_entry "$mirror")
	if [ "$(cat "$sources" 2>/dev/null)" != "$entry" ]; then
		printf '%s\n' "$entry" >"$sources"
		echo "deps.sh: wrote $sources (mirror $mirror)"
	fi
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${packages[@]}"

# Only QEMU (and what it depends on at a backports version) from backports.
stray=$(dpkg-query -W -f '${db:Status-Abbrev} ${Package} ${Version}\n' |
	awk '$1 == "ii" && $3 ~ /~bpo12/ { print $2 }' | grep -Ev "$allowed_backports" || true)
if [ -n "$stray" ]; then
	echo "deps.sh: warning: these installed packages come from bookworm-backports, not from baremark's list:" >&2
	echo "$stray" | sed 's/^/  /' >&2
fi
# Every package named with /bookworm-backports must be there at a backports
# version: a bookworm one means apt resolved the install some other way.
for p in "${packages[@]}"; do
	case "$p" in */bookworm-backports) ;; *) continue ;; esac
	p=${p%/bookworm-backports}
	v=$(dpkg-query -W -f '${Version}' "$p" 2>/dev/null || true)
	case "$v" in
	*~bpo12*) ;;
	*)
		echo "deps.sh: $p is at version '${v:-none}', not bookworm-backports' (~bpo12)" >&2
		exit 1 ;;
	esac
done
for q in qemu-system-riscv64 qemu-system-aarch64 qemu-riscv64 qemu-aarch64; do
	version=$("$q" --version | sed -n 1p | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | sed -n 1p)
	case "$version" in
	1[0-9].*) ;;
	*)
		echo "deps.sh: $q is version '$version', the tests need 10.x from bookworm-backports" >&2
		exit 1 ;;
	esac
done
echo "deps.sh: QEMU $version"
