#!/usr/bin/env bash
# Boots a baremark image on QEMU and copies its console to stdout.
#   tests/qemu/boot.sh PLATFORM BUILD_DIR "BOOTARGS" [extra QEMU arguments...]
#       QEMU loads the image itself (-kernel) with BOOTARGS.
#   tests/qemu/boot.sh --uboot PLATFORM BUILD_DIR [extra QEMU arguments...]
#       the way a board boots: firmware, then Debian's U-Boot, which finds
#       boot.scr on BUILD_DIR/sdcard.img (a virtio disk) and runs booti;
#       the run options are the ones the card was built with.
# qemu-a64 runs a Cortex-A72 entered at EL2 unless BM_QEMU_A64 gives other
# -M/-cpu words (e.g. "-M virt -cpu cortex-a53" for EL1).
# qemu-rv64 runs QEMU's default rv64 hart unless BM_QEMU_CPU (make run
# QEMU_CPU=...) names another: a QEMU -cpu string, or
#   k3-x100  an RVA23 hart with the vector crypto extensions at VLEN 256,
#            as the SpacemiT K3's X100 cores (docs/boards/k3.md)
#   k3-a100  the same at VLEN 1024, as its A100 cores
#   c906     QEMU's T-Head C906 model (T-Head's scalar extensions; QEMU
#            has no XTheadVector, so the thv.* kernels skip)
# -icount shift=0 makes a cycle one retired instruction, so QEMU runs are
# exact and repeatable (they prove the plumbing and the arithmetic, not
# hardware latencies); sleep=off keeps QEMU from moving its virtual clock
# on by the host's time (by default it does, now and then, and the clock
# measurement of a run read 992 to 1000 MHz from one run to the next,
# 999.736 every time without it); BM_QEMU_ICOUNT=off leaves it out (multi-core runs:
# QEMU 7.2's single-threaded -icount mode does not run a started hart
# while the boot hart waits for it). No network; always a timeout
# (BM_QEMU_TIMEOUT, s).
set -euo pipefail
uboot=
if [ "${1:-}" = --uboot ]; then
	uboot=1
	shift
	platform=$1 build=$2
	shift 2
else
	platform=$1 build=$2 append=$3
	shift 3
fi
disk=(-drive "file=$build/sdcard.img,format=raw,if=none,id=sd" -device virtio-blk-device,drive=sd)
limit=${BM_QEMU_TIMEOUT:-300}
icount=(-icount shift=0,sleep=off)
[ "${BM_QEMU_ICOUNT:-}" = off ] && icount=()
zvk=zvkned=true,zvknhb=true,zvkg=true,zvksed=true,zvksh=true,zvbc=true,zvkb=true
case "${BM_QEMU_CPU:-}" in
"") cpu=() ;;
k3-x100) cpu=(-cpu "rva23s64,vlen=256,$zvk") ;;
k3-a100) cpu=(-cpu "rva23s64,vlen=1024,$zvk") ;;
c906) cpu=(-cpu thead-c906) ;;
*) cpu=(-cpu "$BM_QEMU_CPU") ;;
esac
case "$platform" in
qemu-rv64 | d1)
	# OpenSBI (QEMU's default -bios) starts the next stage in S-mode. The
	# d1 image runs here too, on QEMU virt (its tree names the console).
	cmd=(qemu-system-riscv64 -M virt -m 256M -nographic -nic none -bios default "${icount[@]}" "${cpu[@]}")
	if [ -n "$uboot" ]; then
		cmd+=(-kernel /usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin "${disk[@]}")
	else
		cmd+=(-kernel "$build/baremark.$([ "$platform" = d1 ] && echo bin || echo elf)" -append "$append")
	fi ;;
qemu-a64)
	read -r -a machine <<<"${BM_QEMU_A64:--M virt,virtualization=on -cpu cortex-a72}"
	cmd=(qemu-system-aarch64 "${machine[@]}" -m 512M -nographic -nic none "${icount[@]}")
	if [ -n "$uboot" ]; then
		cmd+=(-bios /usr/lib/u-boot/qemu_arm64/u-boot.bin "${disk[@]}")
	else
		cmd+=(-kernel "$build/baremark.bin" -append "$append")
	fi ;;
*)
	echo "boot.sh: no QEMU recipe for PLATFORM=$platform (boards boot from an SD card)" >&2
	exit 2 ;;
esac
status=0
timeout -k 5 "$limit" "${cmd[@]}" "$@" </dev/null || status=$?
if [ "$status" = 124 ] || [ "$status" = 137 ]; then
	echo "boot.sh: QEMU did not exit within ${limit}s (the image should shut down by itself)" >&2
fi
exit "$status"
