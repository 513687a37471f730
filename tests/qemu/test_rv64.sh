#!/usr/bin/env bash
# System tests of the riscv64 image on QEMU virt under OpenSBI.
# Under -icount shift=0 a cycle is a retired instruction, so the harness
# arithmetic is checked exactly; nothing here checks a hardware latency.
set -uo pipefail
PLATFORM=qemu-rv64
BUILD=${BUILD:-build/qemu-rv64}
TOOL=${TOOL:-build/host/baremark}
OUT=${OUT:-build/test-qemu-rv64}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# 1. The run from the issue: records of every kind, every CRC valid.
boot quick "baremark.profile=quick"
check_complete_run quick
expect_q quick 'map(select(.type=="run"))[0] | .platform == "qemu-rv64" and .board_source == "dt" and .console.kind == "ns16550" and .console.base == "0x10000000" and .timebase_hz == 10000000' "run record describes QEMU virt from its device tree"
expect_q quick 'map(select(.type=="core"))[0] | .hart == 0 and (.isa | startswith("rv64imafdc")) and .counters.cycles == "ok" and .counters.instret == "ok"' "core record: hart, ISA, counters"
expect_q quick 'map(select(.type=="core"))[0].counters.l1d_miss | startswith("SBI PMU")' "missing events say why"

# 2. Determinism: the same run again gives the same numbers.
boot again "baremark.profile=quick"
expect "two -icount runs give identical results" cmp -s <(results quick) <(results again)

# 3. Position independence: the same .bin at two other load addresses.
for addr in 0x80600000 0x81234000; do
	mkimage -A riscv -O linux -T kernel -C none -a $addr -e $addr -d "$BUILD/baremark.bin" "$OUT/at-$addr.uimg" >/dev/null
	boot "at-$addr" "baremark.profile=quick" -kernel "$OUT/at-$addr.uimg"
	expect_q "at-$addr" "map(select(.type==\"run\"))[0] | .load_addr == \"$addr\" and .reloc_delta == \"$(printf '0x%x' $((addr - 0x80200000)))\"" "runs relocated at $addr"
	expect "results at $addr equal those at the link address" cmp -s <(results quick) <(results "at-$addr")
done

# 4. A trap inside a kernel: an error record, then the run goes on.
boot trap "baremark.selftest=trap baremark.only=selftest.*,pipeline.add.lat"
check_trap_run trap
expect_q trap '[.[] | select(.type=="error")][0] | .cause == 2 and .cause_name == "illegal instruction" and .tval == "0x0"' "illegal instruction reported with scause and stval"

# 5. Options: filters, repeats, unknown words reported.
boot opts "baremark.only=pipeline.fma.* baremark.repeat=3 baremark.colour=red console=ttyS0"
expect_q opts '[.[] | select(.type=="result") | .kernel] == ["pipeline.fma.lat","pipeline.fma.thr"]' "only= selects by glob"
expect_q opts '[.[] | select(.type=="result")] | all(.repeats == 3)' "repeat= sets the repeats"
expect_q opts 'map(select(.type=="run"))[0].options.unknown == "baremark.colour=red"' "unknown option named in the run record"
expect_q opts '.[-1].warnings == 1' "and counted as a warning"
expect "unknown option shown on the console" grep -q 'warning: unknown or malformed options ignored: baremark.colour=red' "$OUT/opts.log"

# 6. stdout-path names something that is not a UART we drive (here the
# RTC): the firmware's console carries the run. (OpenSBI finds the UART by
# scanning the tree; we must not guess.)
qemu-system-riscv64 -M virt,dumpdtb="$OUT/virt.dtb" -m 256M -nographic -nic none >/dev/null 2>&1
fdtput -t s "$OUT/virt.dtb" /chosen stdout-path /soc/rtc@101000
boot sbicon "baremark.only=pipeline.add.lat" -dtb "$OUT/virt.dtb"
expect_q sbicon 'map(select(.type=="run"))[0].console | .kind == "sbi-legacy" and (.why | test("not a UART we drive"))' "falls back to the SBI console and says why"
expect_q sbicon 'map(.type) == ["run","core","result","end"]' "the whole run arrives over the SBI console"

# 7. baremark.baud: the divisor from the tree's clock-frequency, read back.
boot baud "baremark.baud=9600 baremark.only=pipeline.add.lat"
expect_q baud 'map(select(.type=="run"))[0] | .console.baud_set == 9600 and .console.divisor == 24 and .options.baud == 9600' "divisor 3686400 / (16 * 9600) = 24 programmed and read back"
expect "the switch is announced at the old rate" grep -q 'baremark: switching the console to 9600 baud' "$OUT/baud.log"

# 8. The vector unit, found at run time (vlenb under a trap guard).
expect_q quick 'map(select(.type=="core"))[0].vector.rvv | startswith("unavailable: reading vlenb traps")' "no RVV on the default CPU: unavailable, with why"
for vlen in 256 1024; do
	boot "v$vlen" "baremark.only=pipeline.add.lat" -cpu "rv64,v=true,vlen=$vlen,vext_spec=v1.0"
	expect_q "v$vlen" "map(select(.type==\"core\"))[0].vector == {\"rvv\":\"1.0\",\"vlenb\":$((vlen / 8)),\"vlen_bits\":$vlen}" "RVV 1.0 with VLEN $vlen read back"
done

summary "qemu-rv64"
