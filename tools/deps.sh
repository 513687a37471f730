#!/usr/bin/env bash
# Installs what baremark needs on Debian 12, from Debian's own packages.
# Run as root (or with sudo). Safe to run again.
# It installs without Recommends, so every package the build or the tests
# use is named here or is a Depends (not a Recommends) of one named here:
# the C library headers are only Recommends of gcc and of the cross gcc
# packages, so they are named.
set -euo pipefail
packages=(
	make gcc libc6-dev git ca-certificates
	# riscv64 and aarch64 images
	gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf
	gcc-aarch64-linux-gnu picolibc-aarch64-linux-gnu
	# the Linux build's cross compilers (and their C libraries), run under qemu-user
	libc6-dev-arm64-cross gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-user
	# QEMU and firmware
	qemu-system-misc qemu-system-arm opensbi u-boot-qemu u-boot-tools device-tree-compiler
	# SD-card images without root
	fdisk dosfstools mtools
	# host tools and tests (libssl-dev: OpenSSL as the crypto oracle)
	libfdt-dev libjansson-dev zlib1g-dev libssl-dev jq clang libclang-rt-14-dev
	# host tool: plots, and its tests (a pty pair, a browser for the report)
	gnuplot-nox socat chromium
)
if [ "$(id -u)" != 0 ]; then
	echo "deps.sh: run as root (sudo $0)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${packages[@]}"
