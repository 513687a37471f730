#!/usr/bin/env bash
# Boots a baremark image on QEMU and copies its console to stdout.
#   tests/qemu/boot.sh PLATFORM BUILD_DIR "BOOTARGS" [extra QEMU arguments...]
#       QEMU loads the image itself (-kernel) with BOOTARGS.
#       PLATFORM rpi3, rpi4, imx8mp or sifive_u: QEMU's model of that board
#       (raspi3b, raspi4b, imx8mp-evk, sifive_u) with its real device tree;
#       zcu102: the qemu-a64 image on QEMU's xlnx-zcu102 (ZynqMP, Cadence
#       UART) with Debian's tree of that board.
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
	elif [ -n "${BM_QEMU_A64_ELF:-}" ]; then
		# the ELF: a bare-metal boot, entered at EL3 under secure=on, as
		# a board without TF-A; QEMU then offers no PSCI, so the image
		# cannot power off and is stopped once it has said so
		cmd+=(-kernel "$build/baremark.elf" -append "$append")
		ends_itself=
	else
		cmd+=(-kernel "$build/baremark.bin" -append "$append")
	fi ;;
rpi3 | rpi4 | imx8mp | sifive_u | zcu102)
	[ -z "$uboot" ] || { echo "boot.sh: no U-Boot recipe for $platform: QEMU loads its image directly" >&2; exit 2; }
	# QEMU's models of real boards, each booted with the tree its users
	# boot with (tests/fixtures/dtb; sifive_u: QEMU's own, OpenSBI passes
	# it on), the console on the port that tree names: the Pi's mini UART
	# is QEMU's second serial port, the EVK's UART2 its second i.MX UART.
	# The Pi cannot power off (no PSCI) and OpenSBI's reset does not stop
	# QEMU's sifive_u, so there QEMU is stopped once the run's last line
	# is out (ends_itself=); the EVK powers off through PSCI.
	ends_itself=
	trees=tests/fixtures/dtb
	common=(-display none -monitor none -nic none "${icount[@]}")
	# BM_QEMU_DTB: another tree; BM_QEMU_PI_SERIAL=pl011: the console on
	# the Pi's PL011 (QEMU's first port) instead (a console fallback test)
	pi_serial=(-serial null -serial stdio)
	[ "${BM_QEMU_PI_SERIAL:-}" = pl011 ] && pi_serial=(-serial stdio -serial null)
	case "$platform" in
	rpi3) cmd=(qemu-system-aarch64 -M raspi3b -dtb "${BM_QEMU_DTB:-$trees/bcm2837-rpi-3-b.dtb}" "${pi_serial[@]}") ;;
	rpi4) cmd=(qemu-system-aarch64 -M raspi4b -dtb "${BM_QEMU_DTB:-$trees/bcm2711-rpi-4-b.dtb}" "${pi_serial[@]}") ;;
	imx8mp)
		unset ends_itself
		cmd=(qemu-system-aarch64 -M imx8mp-evk -smp 4 -dtb "$trees/imx8mp-evk.dtb" -serial null -serial stdio) ;;
	sifive_u) cmd=(qemu-system-riscv64 -M sifive_u -smp 5 -bios default -serial stdio) ;;
	zcu102)
		# the Cadence UART0 (stdout-path serial0) is QEMU's first port;
		# QEMU's own PSCI over SMC starts the cores and powers off
		unset ends_itself
		cmd=(qemu-system-aarch64 -M xlnx-zcu102 -m 2G -smp 4 -audio none
			-dtb "$trees/debian/zynqmp-zcu102-rev1.0.dtb" -serial stdio -serial null) ;;
	esac
	image=$build/baremark.bin
	[ "$platform" = sifive_u ] && image=$build/baremark.elf
	cmd+=("${common[@]}" -kernel "$image" -append "$append") ;;
*)
	echo "boot.sh: no QEMU recipe for PLATFORM=$platform (boards boot from an SD card)" >&2
	exit 2 ;;
esac
status=0
if [ -n "${ends_itself-x}" ]; then
	timeout -k 5 "$limit" "${cmd[@]}" "$@" </dev/null || status=$?
	if [ "$status" = 124 ] || [ "$status" = 137 ]; then
		echo "boot.sh: QEMU did not exit within ${limit}s (the image should shut down by itself)" >&2
	fi
	exit "$status"
fi
# A board that cannot power off: the console is copied until the run's
# last line ("baremark: done, ..."), and on until the image says the
# firmware refused to power off (or 5 s pass: firmware that keeps the
# core for good), then QEMU is stopped; a run that never gets there is a
# timeout (status 124), as above.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/out"
timeout -k 5 "$limit" "${cmd[@]}" "$@" </dev/null >"$dir/out" 2>&1 &
qemu=$!
exec 3<"$dir/out"
ended=
while IFS= read -r line <&3; do
	printf '%s\n' "$line"
	case "$line" in
	"baremark: done"*)
		ended=1
		break ;;
	esac
done
if [ -n "$ended" ]; then
	while IFS= read -r -t 5 line <&3; do
		printf '%s\n' "$line"
		case "$line" in "power-off refused by"*) break ;; esac
	done
	kill "$qemu" 2>/dev/null
fi
wait "$qemu" || status=$?
exec 3<&-
if [ -n "$ended" ]; then
	echo "boot.sh: the run ended; QEMU stopped (this board cannot power off)" >&2
	exit 0
fi
[ "$status" != 124 ] && [ "$status" != 137 ] || echo "boot.sh: the run did not end within ${limit}s" >&2
exit "${status/#0/1}"
