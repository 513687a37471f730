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
expect_q quick 'map(select(.type=="run")) | length == 1' "one run record"
expect_q quick 'map(select(.type=="core")) | length == 1' "one core record"
expect_q quick 'map(select(.type=="end")) | length == 1 and .[-1].type == "end"' "end record, last"
expect_q quick '.[-1].errors == 0' "no errors"
expect_q quick 'map(select(.type=="run"))[0] | .platform == "qemu-rv64" and .board_source == "dt" and .console.kind == "ns16550" and .console.base == "0x10000000" and .timebase_hz == 10000000' "run record describes QEMU virt from its device tree"
expect_q quick 'map(select(.type=="core"))[0] | .hart == 0 and (.isa | startswith("rv64imafdc")) and .counters.cycles == "ok" and .counters.instret == "ok"' "core record: hart, ISA, counters"
expect_q quick 'map(select(.type=="core"))[0].counters.l1d_miss | startswith("SBI PMU")' "missing events say why"
for fam in pipeline cache branch; do
	expect_q quick "map(select(.type==\"result\" and (.kernel|startswith(\"$fam.\")))) | length > 0" "results of the $fam family"
done
expect_q quick '[.[] | select(.kernel=="cache.load.lat") | .param.value] | unique | length >= 10' "cache sweep has at least 10 sizes"
expect_q quick '[.[] | select(.kernel=="cache.load.lat") | .param.value] | (min == 1024 and max >= 4194304)' "cache sweep runs from 1 KiB to at least 4 MiB"
# Exactness: every single-instruction chain costs one cycle per op.
expect_q quick '[.[] | select(.type=="result" and (.kernel|test("^(pipeline\\.[a-z]+\\.lat|cache\\.load\\.lat)$"))) | .kernel] | unique | length == 9' "nine single-instruction dependent chains"
expect_q quick '[.[] | select(.type=="result" and (.kernel|test("\\.lat$")))] | all(.cycles_per_op.med >= 0.99 and .cycles_per_op.med <= 1.01 and .ipc >= 0.99 and .ipc <= 1.01)' "every dependent chain: 1.00 cycles/op and IPC 1.00 within 1%"
expect_q quick '[.[] | select(.kernel=="pipeline.add.lat")][0] | .cycles_per_op.min == 1 and .cycles_per_op.max == 1 and .instructions_per_op == 1 and .ipc == 1' "integer add latency is exactly 1.000"
expect_q quick '[.[] | select(.type=="result" and (.kernel|startswith("branch.")))] | all(.instructions_per_op == 4)' "branch kernels retire 4 instructions per branch on either path"
expect_q quick '[.[] | select(.type=="result")] | all(.check == "ok" and .repeats == 5)' "every result self-checked, 5 repeats"

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
expect_q trap '[.[] | select(.type=="error")] | length == 1 and .[0].kernel == "selftest.trap" and .[0].cause == 2 and .[0].cause_name == "illegal instruction" and .[0].tval == "0x0"' "illegal instruction reported with cause and tval"
expect_q trap 'map(.type) == ["run","core","error","result","end"]' "after the trap the next kernel runs and the run ends"
expect_q trap '.[-1].errors == 1' "end record counts the error"

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
expect_q sbicon 'map(select(.type=="run"))[0].console | .kind == "sbi-legacy" and (.why | test("not an ns16550-family UART"))' "falls back to the SBI console and says why"
expect_q sbicon 'map(.type) == ["run","core","result","end"]' "the whole run arrives over the SBI console"

summary "qemu-rv64"
