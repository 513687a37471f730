#!/usr/bin/env bash
# QEMU 10's models of real boards, each booted with the device tree its
# users boot with (tests/fixtures/dtb; sifive_u: QEMU's own): the Raspberry
# Pi 3B and 4B (mini UART, spin-table), the i.MX 8M Plus EVK (i.MX UART,
# PSCI) and the HiFive Unleashed (SiFive UART, the E51 left out, four
# U54); and a short run of the qemu-a64 image on the ZCU102 (ZynqMP's
# Cadence UART, with Debian's tree of the board). Each board's quick profile runs under -icount on every core
# type, and a short run on every core (baremark.cores=all); the boots run
# two at a time (each QEMU is one thread). Correctness only: under
# -icount a cycle is an instruction, not these boards' silicon.
set -uo pipefail
TOOL=${TOOL:-build/host/baremark}
OUT=${OUT:-build/test-boards}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# board NAME PLATFORM BUILD: its two boots, in the background
boots() {
	local name=$1 platform=$2 build=$3
	BM_QEMU_TIMEOUT=400 tests/qemu/boot.sh "$platform" "$build" "baremark.profile=quick" \
		>"$OUT/$name.log" 2>"$OUT/$name.err"
	echo $? >"$OUT/$name.status"
	BM_QEMU_TIMEOUT=200 tests/qemu/boot.sh "$platform" "$build" "baremark.only=pipeline.add.* baremark.cores=all" \
		>"$OUT/$name-all.log" 2>"$OUT/$name-all.err"
	echo $? >"$OUT/$name-all.status"
}
for p in rpi3 rpi4 imx8mp; do
	expect "make PLATFORM=$p image" make -s PLATFORM=$p image
done
boots rpi3 rpi3 build/rpi3 &
boots imx8mp imx8mp build/imx8mp &
wait
boots rpi4 rpi4 build/rpi4 &
boots sifive_u sifive_u build/qemu-rv64 &
wait

# check NAME CONSOLE-KIND PLATFORM CORE-IDS STOP
check() {
	local n=$1 kind=$2 platform=$3 ids=$4 stop=$5 r
	for r in "$n" "$n-all"; do
		expect "$r: the run ended, QEMU stopped (status $(cat "$OUT/$r.status"))" test "$(cat "$OUT/$r.status")" = 0
		"$TOOL" parse "$OUT/$r.log" >"$OUT/$r.jsonl" 2>/dev/null || true
		expect "$r: every record line verifies" test "$(grep -c '@bm ' "$OUT/$r.log")" -gt 0 -a \
			"$(grep -c '@bm ' "$OUT/$r.log")" = "$(wc -l <"$OUT/$r.jsonl")"
		expect_q "$r" "map(select(.type==\"run\"))[0] | .platform == \"$platform\" and .console.kind == \"$kind\" and (.console | has(\"fallback\") | not) and (.cores | map(select(.state==\"up\") | .id) | sort) == $ids" \
			"$r: platform $platform, console $kind (the tree's stdout-path), cores $ids up"
		expect_q "$r" ".[-1].type == \"end\" and .[-1].errors == 0 and .[-1].warnings == 0 and .[-1].stop == \"$stop\"" "$r: ends with no error or warning, stop $stop"
	done
	expect_q "$n" '[.[] | select(.type=="result")] | length > 300 and all(.check == "ok")' "$n: the quick profile, every result self-checked"
	expect_q "$n" '(map(.kernel // "" | split(".")[0]) | unique) as $f | ["branch","cache","pipeline","uarch","workload"] - $f == []' "$n: pipeline, cache, branch, uarch and workload results"
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="pipeline.add.lat")][0].cycles_per_op.est == 1' "$n: add latency 1 cycle (an instruction under -icount)"
	expect_q "$n" '[.[] | select(.type=="summary")] | length == 1' "$n: the summary"
	expect_q "$n-all" "[.[] | select(.type==\"result\" and .kernel==\"pipeline.add.lat\") | .core] | sort == $ids" "$n-all: every core ran pipeline.add.lat (cores=all)"
}
check rpi3 bcm2835-aux rpi3 '[0,1,2,3]' wfe
check rpi4 bcm2835-aux rpi4 '[0,1,2,3]' wfe
check imx8mp imx imx8mp '[0,1,2,3]' psci-smc
check sifive_u sifive qemu-rv64 '[1,2,3,4]' sbi-srst
expect_q rpi3 'map(select(.type=="run"))[0].console.base == "0x3f215040"' "rpi3: the mini UART at 0x3f215040 (0x7e215040 on the bus, through ranges)"
expect_q rpi4 'map(select(.type=="run"))[0].console.base == "0xfe215040"' "rpi4: the mini UART at 0xfe215040 (0x7e215040 on the bus)"
expect_q sifive_u 'map(select(.type=="core")) | map(.core) | sort == [1]' "sifive_u: one core type (the four U54); the E51 (hart 0) left out"
# A console we do not drive (the Pi 3's mini UART given another
# compatible, with fdtput on a copy of its tree): the run goes out on the
# tree's serial0, the PL011, and the run record says why.
cp tests/fixtures/dtb/bcm2837-rpi-3-b.dtb "$OUT/fallback.dtb"
fdtput -t s "$OUT/fallback.dtb" /soc/serial@7e215040 compatible vendor,unknown-uart
BM_QEMU_DTB="$OUT/fallback.dtb" BM_QEMU_PI_SERIAL=pl011 BM_QEMU_TIMEOUT=120 tests/qemu/boot.sh rpi3 build/rpi3 \
	"baremark.only=pipeline.add.lat" >"$OUT/fallback.log" 2>"$OUT/fallback.err"
expect "fallback: the run ended on the PL011 (status $?)" grep -q '^baremark: done, 0 error' "$OUT/fallback.log"
"$TOOL" parse "$OUT/fallback.log" >"$OUT/fallback.jsonl" 2>/dev/null || true
expect_q fallback 'map(select(.type=="run"))[0].console | .kind == "pl011" and .base == "0x3f201000" and .fallback == "console '"'"'vendor,unknown-uart'"'"' is not a UART we drive; serial0 (arm,pl011) instead"' \
	"fallback: a tree's console we do not drive: its serial0 (the PL011) carries the run, and the run record says why"
# The Cadence UART (uart/statusreg.c, issue 44) on QEMU's xlnx-zcu102 with
# Debian's tree of the board: QEMU leaves its transmitter disabled, so the
# run is seen only if the driver enables it; every core runs, PSCI powers off.
BM_QEMU_TIMEOUT=120 tests/qemu/boot.sh zcu102 build/qemu-a64 "baremark.only=pipeline.add.* baremark.cores=all" \
	>"$OUT/zcu102.log" 2>"$OUT/zcu102.err"
expect "zcu102: the run ended, QEMU stopped (status $?)" grep -q '^baremark: done, 0 error' "$OUT/zcu102.log"
"$TOOL" parse "$OUT/zcu102.log" >"$OUT/zcu102.jsonl" 2>/dev/null || true
expect_q zcu102 'map(select(.type=="run"))[0] | .console.kind == "cadence" and .console.base == "0xff000000" and (.console | has("fallback") | not) and (.cores | map(select(.state=="up") | .id) | sort) == [0,1,2,3]' \
	"zcu102: the console on the Cadence UART0 (the tree's stdout-path), cores [0,1,2,3] up"
expect_q zcu102 '.[-1].type == "end" and .[-1].errors == 0 and .[-1].stop == "psci-smc"' "zcu102: ends with no error, stop psci-smc"
expect_q zcu102 '[.[] | select(.type=="result" and .kernel=="pipeline.add.lat") | .core] | sort == [0,1,2,3]' "zcu102: every core ran pipeline.add.lat (cores=all)"
summary boards
