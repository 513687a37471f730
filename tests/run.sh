#!/usr/bin/env bash
# Runs every test group and ends with one line: "check: N passed, N failed".
#   docs       every relative link in README.md and docs/ resolves; the README stays short
#   unit       host unit tests of lib/ (ASan + UBSan), against libfdt and zlib
#   fillers    the probes' fillers and chains, disassembled on all three ISAs: none a
#              renamer eliminates (immediate adds, moves, zero idioms)
#   crypto     crypto kernels: known answers, a broken backend, OpenSSL on random input
#   inspect    baremark inspect on every real board's tree in tests/fixtures/dtb
#   debian-trees  baremark inspect on every tree of Debian's arm64 and riscv64 kernel
#              packages (apt, network): none silent without an accepted reason
#   fuzz       bounded libFuzzer runs: the device-tree reader, the record parser
#   tools      baremark parse/capture/compare/report on QEMU logs (ASan+UBSan), Chromium
#   insn-tool  baremark insn on crafted and recorded logs: cells, CSV, JSON, hostile ids and
#              numbers, llvm-mca-19 beside them (--llvm), the report's table (Chromium)
#   hostile    every subcommand on logs with hostile contents (valid CRCs): no crash, no command
#              smuggled into gnuplot, CSV intact, no script run in the report (Chromium)
#   qemu-rv64  the riscv64 image booted on QEMU under OpenSBI
#   qemu-a64   the aarch64 image on QEMU: Cortex-A72 at EL2, Cortex-A53 at EL1
#   linux      the Linux build (x86-64) of the same harness and kernels
#   sdcard     the boards' SD-card images: partitions, files, script, firmware
#   smp        every core on QEMU -smp 4, both ISAs: bring-up, types, matrix, scaling, a missing cpu;
#              64 Arm cores and 34 harts under -icount; a refused power-off said
#   uboot      firmware -> U-Boot -> SD card -> booti on QEMU, both ISAs
#   insn-table the instruction table: its generator on crafted tables, every form on QEMU -icount
#   insn-rvv   the RVV table: its generator, the Zvk .word encodings read back, every form at every
#              SEW x LMUL cell on QEMU -icount (rva23s64 VLEN 128 and 512, max for Zvk*)
#   boards     QEMU's Raspberry Pi 3B and 4B, i.MX 8M Plus EVK and HiFive Unleashed with
#              their real device trees: every core up, the quick profile self-checked
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE=${MAKE:-make}
log=build/test-logs
mkdir -p "$log"
total_pass=0
total_fail=0

# group NAME COMMAND...: runs it, reads its "N passed, N failed" line.
group() {
	local name=$1 p=0 f=0
	shift
	echo "== $name"
	local status=0
	"$@" >"$log/$name.out" 2>&1 || status=$?
	local line
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log/$name.out" | tail -1)
	if [ -n "$line" ]; then

		p=$(sed -E 's/.* ([0-9]+) passed.*/\1/' <<<"$line")
		f=$(sed -E 's/.* ([0-9]+) failed.*/\1/' <<<"$line")
		total_pass=$((total_pass + p))
		total_fail=$((total_fail + f))
		echo "   $line"
	fi
	if [ "$status" != 0 ]; then
		# A failure without a count (build error, crash) still counts.
		[ -n "$line" ] && [ "${f:-0}" != 0 ] || total_fail=$((total_fail + 1))
		echo "   FAILED (exit $status); last lines of $log/$name.out:"
		tail -25 "$log/$name.out" | sed 's/^/   | /'
	elif [ -z "$line" ]; then
		total_pass=$((total_pass + 1))
		echo "   ok"
	fi
}

group build-rv64 $MAKE -s PLATFORM=qemu-rv64 image tools tools-san
group build-a64 $MAKE -s PLATFORM=qemu-a64 image
group build-linux $MAKE -s PLATFORM=linux image
for board in d1 k3 rk3576 rpi3 rpi4 imx8mp; do
	group "build-$board" $MAKE -s PLATFORM=$board image
done
group docs bash tests/host/test_links.sh
group unit $MAKE -s unit-tests
group fillers bash tests/host/test_fillers.sh
group crypto $MAKE -s crypto-tests
group inspect bash tests/host/test_inspect.sh
group debian-trees bash tools/debian-trees.sh
group fuzz $MAKE -s fuzz-smoke
group qemu-rv64 bash tests/qemu/test_rv64.sh
group qemu-a64 bash tests/qemu/test_a64.sh
group tools bash tests/tools/test_tools.sh
group hostile bash tests/tools/test_hostile.sh
group insn-tool bash tests/tools/test_insn.sh
group linux bash tests/linux/test_linux.sh
group sdcard bash tests/sdcard/test_sdcard.sh
group smp bash tests/qemu/test_smp.sh
group uboot bash tests/qemu/test_uboot.sh
group boards bash tests/qemu/test_boards.sh
group insn-table bash tests/qemu/test_insn.sh
group insn-rvv bash tests/qemu/test_insn_rvv.sh
echo "check: $total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
