#!/usr/bin/env bash
# System tests of the aarch64 image on QEMU virt: Cortex-A72 entered at EL2
# (virtualization=on) and Cortex-A53 entered at EL1. Under -icount shift=0
# a cycle is a retired instruction (PMCCNTR and INST_RETIRED), so the
# harness arithmetic is checked exactly; no hardware latency is checked.
set -uo pipefail
PLATFORM=qemu-a64
BUILD=${BUILD:-build/qemu-a64}
TOOL=${TOOL:-build/host/baremark}
OUT=${OUT:-build/test-qemu-a64}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

A72_EL2="-M virt,virtualization=on -cpu cortex-a72"
A53_EL1="-M virt -cpu cortex-a53"

# 0. One kernel on a core's RTL (issue 30): the end record counts from the
# image's entry even where the counter reads 0 there (QEMU enters the
# image straight away), and the first result comes within 300,000
# instructions of it (a 62.5 MHz timer: 16 instructions a tick; it was
# 524,000 with .noinit and the loaded image invalidated line by line).
boot onekernel "baremark.only=pipeline.add.lat baremark.repeat=1"
expect_q onekernel '(map(select(.type=="run"))[0].timebase_hz) as $hz | .[-1].ticks_from_entry | .first_result > 0 and .first_result * 1000000000 / $hz < 300000 and .end * 1000000000 / $hz < 1000000' "one kernel: the first result within 300,000 instructions of entry, the end within 1,000,000"
expect_q onekernel 'map(select(.type=="core"))[0] | ((.mhz - 1000) | fabs) * 1000 <= .mhz_error_ppm' "one kernel: the measured clock is 1000 MHz within the bound it claims"

# 1. Both CPU models, both entry levels: complete runs, exact arithmetic.
for cfg in "a72:$A72_EL2:Cortex-A72:2:psci-smc" "a53:$A53_EL1:Cortex-A53:1:psci-hvc"; do
	IFS=: read -r name machine core el stop <<<"$cfg"
	BM_QEMU_A64="$machine" boot "$name" "baremark.profile=quick"
	check_complete_run "$name"
	expect_q "$name" "map(select(.type==\"core\"))[0] | .name == \"$core\" and .el == $el" "core record says $core entered at EL$el"
	expect_q "$name" 'map(select(.type=="core"))[0].sctlr == {"mmu":"on","icache":"on","dcache":"on"}' "MMU, I-cache and D-cache on (read back from SCTLR)"
	expect_q "$name" 'map(select(.type=="core"))[0].mmu_at_entry == "off"' "QEMU -kernel enters with the MMU off, and the record says so"
	expect_q "$name" 'map(select(.type=="core"))[0] | .counters.cycles == "ok" and .counters.instret == "ok, PMUv3 event 0x08"' "PMCCNTR and INST_RETIRED counting"
	expect_q "$name" 'map(select(.type=="core"))[0] | (.features | index("aes") != null) and .cntfrq_hz == 62500000 and (.caches | length) >= 2' "ISAR0 features, timer frequency, cache geometry"
	expect_q "$name" 'map(select(.type=="core"))[0].counters.l1d_miss | test("not implemented \\(PMCEID0_EL0 bit 3 clear\\)")' "events the core lacks say why"
	# TLBI (VMALLE1 at EL1, ALLE2 at EL2), DSB, ISB and a load an op
	expect_q "$name" '[.[] | select(.type=="result" and .kernel=="cache.tlb.flush")] | map(.param.value) == [16,64,256] and all(.check == "ok" and .cycles_per_op.est == 4)' "cache.tlb.flush at EL$el: a flush, its barriers and a load an op"
	expect_q "$name" 'map(select(.type=="run"))[0] | .console.kind == "pl011" and .console.base == "0x9000000" and .timebase_hz == 62500000' "PL011 console and generic-timer timebase from the device tree"
	expect_q "$name" ".[-1].stop == \"$stop\"" "stops with PSCI SYSTEM_OFF over the tree's conduit"
	# The Armv8 Crypto Extension kernels (QEMU's A72 and A53 have AES,
	# PMULL and SHA2): every known-answer vector passed (else an error
	# record), three sizes each, and faster than scalar C in retired
	# instructions.
	for k in aes128-ecb aes128-ctr aes128-gcm aes256-ecb aes256-ctr aes256-gcm sha256 ghash; do
		expect_q "$name" "[.[] | select(.type==\"result\" and .kernel==\"crypto.$k.armv8-ce\")] | map(.param.value) == [16,1024,16384] and all(.check == \"ok\" and .cycles_per_byte > 0)" "crypto.$k.armv8-ce: verified, timed at 16, 1024, 16384 bytes"
		expect_q "$name" "([.[] | select(.type==\"result\" and .kernel==\"crypto.$k.armv8-ce\" and .param.value==16384)][0].cycles_per_byte) < ([.[] | select(.type==\"result\" and .kernel==\"crypto.$k.scalar\" and .param.value==16384)][0].cycles_per_byte)" "crypto.$k: the Crypto Extension beats scalar C"
	done
	# Armv8.2's SHA-512, SM3 and SM4 are not on these cores: skipped,
	# and the reason names the ID register field.
	expect_q "$name" '[.[] | select(.type=="skip" and (.kernel | test("^crypto\\.(sha512|sm3|sm4-ctr)\\.armv8-ce$")))] | map(.reason) == ["no sha512 on this core (ID_AA64ISAR0_EL1 bits 15:12 = 1, needs 2)", "no sm3 on this core (ID_AA64ISAR0_EL1 bits 39:36 = 0, needs 1)", "no sm4 on this core (ID_AA64ISAR0_EL1 bits 43:40 = 0, needs 1)"]' "crypto.sha512/sm3/sm4-ctr.armv8-ce skipped: the core lacks the Armv8.2 instructions, by name and field"
	# The crypto instruction kernels: under -icount an op costs its
	# instructions (AESE+AESMC two, the rest one), every chain checked;
	# Armv8.2's SHA512H and SM4E skipped like the kernels made of them.
	expect_q "$name" '[.[] | select(.type=="result" and (.kernel | startswith("crypto.insn.")))] | map({(.kernel): .cycles_per_op.est}) | add == {"crypto.insn.aese-aesmc.lat":2,"crypto.insn.aese-aesmc.thr":2,"crypto.insn.gcm128-ce.thr":24,"crypto.insn.gcm256-ce.thr":32,"crypto.insn.pmull.lat":1,"crypto.insn.pmull.thr":1,"crypto.insn.sha256h.lat":1,"crypto.insn.sha256h.thr":1}' "crypto.insn.*: AESE+AESMC 2 instructions, PMULL and SHA256H 1, lat and thr; the GCM mixes 10 or 14 pairs and 4 PMULL a block (24, 32)"
	expect_q "$name" '[.[] | select(.type=="result" and (.kernel | startswith("crypto.insn.")))] | all(.check == "ok")' "crypto.insn.*: every chain's value checked"
	expect_q "$name" '[.[] | select(.type=="skip" and (.kernel | startswith("crypto.insn.")))] | map(.kernel) == ["crypto.insn.sha512h.lat","crypto.insn.sha512h.thr","crypto.insn.sm4e.lat","crypto.insn.sm4e.thr"]' "crypto.insn.sha512h/sm4e skipped on a core without them"
	expect_q "$name" '[.[] | select(.type=="error")] | length == 0' "no verification failure"
	# Line size by flushing (DC CIVAC): runs and self-checks at every
	# offset, but QEMU has no caches: every offset costs the same
	# instructions, and the summary says why it names no line size.
	expect_q "$name" '[.[] | select(.type=="result" and .kernel=="cache.line.lat")] | map(.param.value) == [8,16,32,64,128,256,512] and all(.check == "ok") and (map(.cycles_per_op.est) | unique | length == 1)' "cache.line.lat at 7 offsets, self-checked, one cost under -icount"
	expect_q "$name" '[.[] | select(.type=="summary")][0] | (has("line_size") | not) and (.unavailable.line_size | startswith("loads in the flushed line cost less than twice"))' "summary: no line size from a flat curve, and why"
	# QEMU virt's tree lists no cache sizes: the core's own registers
	# (CCSIDR: QEMU's A72 and A53 each report a 1 MiB L2) size the cache
	# sweep (4x: to 4 MiB) and the miss chases (2x)
	expect_q "$name" '([.[] | select(.type=="summary")][0].execution | .chase_from == "2x the largest cache this core reports (CCSIDR)" and .chase_bytes == 2097152) and ([.[] | select(.type=="result" and .kernel=="cache.load.lat") | .param.value] | max == 4194304)' "no cache sizes in the tree: the core's CCSIDR sizes the sweep (4 MiB) and the chases (2 MiB)"
	# NEON instruction kernels: every element size each instruction takes
	expect_q "$name" '[.[] | select(.type=="result" and (.kernel | startswith("neon.")))] | length == 29 and all(.check == "ok")' "29 NEON kernel results, all self-checked"
	expect_q "$name" '[.[] | select(.type=="result" and .kernel=="neon.mul.thr") | .param.value] == [8,16,32]' "neon.mul at 8, 16, 32 bits (no 64-bit vector mul)"
done
expect "EL2/A72 and EL1/A53 give identical -icount results" cmp -s <(results a72) <(results a53)

# 2. Position independence: the same .bin at two other (4 KiB-aligned)
# addresses, through QEMU's uImage loader, which still passes the DTB.
for addr in 0x40600000 0x41234000; do
	mkimage -A arm64 -O linux -T kernel -C none -a $addr -e $addr -d "$BUILD/baremark.bin" "$OUT/at-$addr.uimg" >/dev/null
	BM_QEMU_A64="$A72_EL2" boot "at-$addr" "baremark.profile=quick" -kernel "$OUT/at-$addr.uimg"
	expect_q "at-$addr" "map(select(.type==\"run\"))[0] | .load_addr == \"$addr\" and .reloc_delta == \"$(printf '0x%x' $((addr - 0x40200000)))\"" "runs relocated at $addr"
	expect "results at $addr equal those at the link address" cmp -s <(results a72) <(results "at-$addr")
done

# 3. A trap inside a kernel at each entry level.
for cfg in "trap-el2:$A72_EL2" "trap-el1:$A53_EL1"; do
	IFS=: read -r name machine <<<"$cfg"
	BM_QEMU_A64="$machine" boot "$name" "baremark.selftest=trap baremark.only=selftest.*,pipeline.add.lat"
	check_trap_run "$name"
	expect_q "$name" '[.[] | select(.type=="error")][0] | .exception == "synchronous" and .ec == "0x0" and .far == "0x0" and (.elr | startswith("0x402"))' "UDF reported with ESR class, ELR and FAR"
done

# 3b. Every workload's check fails when one value is broken, on each model.
for cfg in "break-a72:$A72_EL2" "break-a53:$A53_EL1"; do
	IFS=: read -r name machine <<<"$cfg"
	BM_QEMU_A64="$machine" boot "$name" "baremark.selftest=break baremark.only=workload.*"
	check_workload_break "$name"
done

# QEMU's max core has Armv8.2's SHA512, SM3 and SM4: every Crypto
# Extension kernel passes its known answers (else an error record), is
# timed at three sizes with each run equal to scalar C's output, and
# retires fewer instructions than scalar C.
BM_QEMU_A64="-M virt -cpu max" boot max-crypto "baremark.profile=quick baremark.only=crypto.*"
expect_q max-crypto '[.[] | select(.type=="error" or .type=="skip")] | length == 0' "max: no crypto kernel skipped or failed"
expect_q max-crypto '[.[] | select(.type=="result" and (.kernel | test("^crypto\\.insn\\.(sha512h|sm4e)\\.(lat|thr)$")))] | length == 4 and all(.check == "ok" and .cycles_per_op.est == 1)' "max: SHA512H and SM4E chains checked, one instruction an op"
for k in aes128-gcm sha256 sha512 sm3 sm4-ctr; do
	expect_q max-crypto "[.[] | select(.type==\"result\" and .kernel==\"crypto.$k.armv8-ce\")] | map(.param.value) == [16,1024,16384] and all(.check == \"ok\")" "max: crypto.$k.armv8-ce verified, timed at 16, 1024, 16384 bytes"
	expect_q max-crypto "([.[] | select(.type==\"result\" and .kernel==\"crypto.$k.armv8-ce\" and .param.value==16384)][0].cycles_per_byte) < ([.[] | select(.type==\"result\" and .kernel==\"crypto.$k.scalar\" and .param.value==16384)][0].cycles_per_byte) / 4" "max: crypto.$k.armv8-ce retires under a quarter of scalar C's instructions"
done
# Vectors are loaded whole: the kernels are built without -mstrict-align
# (16 byte loads per vector cost AES-128-ECB 9.2 instructions a byte).
expect_q max-crypto '[.[] | select(.type=="result" and .kernel=="crypto.aes128-ecb.armv8-ce" and .param.value==16384)][0].cycles_per_byte < 3' "max: AES-128-ECB under 3 instructions a byte"

# 4. baremark.baud on a PL011: refused with the reason, run unharmed.
# A core whose MIDR the image does not name (QEMU's max): announced by
# what the hardware says, the tree's compatible (arm,cortex-a57) beside it.
BM_QEMU_A64="-M virt -cpu max" boot max "baremark.only=pipeline.add.lat"
expect_q max 'map(select(.type=="core"))[0] | (.name | test("^implementer 0x[0-9a-f]{2} part 0x[0-9a-f]{3}$")) and .compatible == "arm,cortex-a57"' "unknown MIDR: the record names implementer and part, the tree's compatible apart"
expect "unknown MIDR: the console announces the MIDR, then the tree" grep -qE '^core 0: implementer 0x[0-9a-f]{2} part 0x[0-9a-f]{3} \(MIDR 0x[0-9a-f]+\); tree: arm,cortex-a57' "$OUT/max.log"
# baremark.selftest=nocycle has no absent counter to read on arm64
# (PMCCNTR always reads): refused with a warning, cycles still counted.
BM_QEMU_A64="$A72_EL2" boot nocycle "baremark.selftest=nocycle baremark.only=pipeline.add.lat"
expect_q nocycle '[.[] | select(.type=="warning")] | map(.text) == ["baremark.selftest=nocycle ignored: this port has no absent counter to read in its place"]' "selftest=nocycle on arm64: a warning says it is ignored"
expect_q nocycle 'map(select(.type=="core"))[0].counters.cycles == "ok" and ([.[] | select(.type=="result")][0].cycles_per_op.est == 1)' "selftest=nocycle on arm64: cycles still counted"
# A core without FP and Advanced SIMD (both optional in Armv8-A; QEMU's
# virt machine cannot boot one). (a) Nothing in the image outside the
# FP files and the kernel bodies uses an FP or SIMD register: the link
# map says where each instruction came from, picolibc's and libgcc's
# members included. The same check with nothing allowed lists the FP
# kernels, so it can fail.
aarch64-linux-gnu-objdump -d "$BUILD/baremark.elf" >"$OUT/image.dis"
expect "no FP/SIMD instruction outside the FP files and kernel bodies (tests/qemu/fp_free.pl)" \
	perl tests/qemu/fp_free.pl "$BUILD/baremark.map" "$OUT/image.dis" $(make -s --no-print-directory PLATFORM=$PLATFORM BUILD=$BUILD fp-objects)
perl tests/qemu/fp_free.pl "$BUILD/baremark.map" "$OUT/image.dis" >"$OUT/fp_free-none.txt"
expect "fp_free.pl fails when the FP objects are not allowed, naming their functions" \
	grep -qF 'pipeline_aarch64.S.o: bm_pipe_fadd_lat_x1' "$OUT/fp_free-none.txt"
# (b) baremark.selftest=nofp traps every FP and SIMD instruction on every
# core: the quick profile runs to its end with no error (a stray one
# would be an error record), the FP, SIMD and crypto kernels are skipped
# with the reason and everything else runs.
nofp_kernels='^(pipeline\\.f|neon\\.|crypto\\.insn\\.|cache\\.bw\\.vread$|uarch\\.window\\.fp$|workload\\.(fourier|fpemu|lu|neural)$)|\\.armv8-ce$'
nofp_why="FP and Advanced SIMD turned off by baremark.selftest=nofp (as on a core whose ID_AA64PFR0_EL1.FP and AdvSIMD are 0xf)"
for cfg in "a53:$A53_EL1" "a72:$A72_EL2"; do
	IFS=: read -r name machine <<<"$cfg"
	BM_QEMU_A64="$machine" boot "nofp-$name" "baremark.profile=quick baremark.selftest=nofp"
	expect_q "nofp-$name" '.[-1].type == "end" and .[-1].errors == 0 and .[-1].warnings == 0' "nofp ($name): the quick profile runs to its end, no error, no warning"
	expect_q "nofp-$name" "map(select(.type==\"core\"))[0] | .fp == \"$nofp_why\" and .advsimd == \"$nofp_why\"" "nofp ($name): the core record says FP and SIMD are off, read back from its own register"
	expect_q "nofp-$name" "[.[] | select(.type==\"skip\" and (.kernel | test(\"$nofp_kernels\")))] | length == 51 and all(.reason == \"$nofp_why\")" "nofp ($name): the 51 FP, SIMD and crypto kernels skipped with the reason"
	expect_q "nofp-$name" "[.[] | select(.type==\"result\" and (.kernel | test(\"$nofp_kernels\")))] | length == 0" "nofp ($name): none of them ran"
	expect "nofp ($name): every other result of the normal run is there" cmp -s \
		<(jq -r -s "map(select(.type==\"result\" and (.kernel | test(\"$nofp_kernels\") | not)) | .kernel + \" \" + (.param.value | tostring)) | .[]" "$OUT/$name.jsonl") \
		<(jq -r -s 'map(select(.type=="result") | .kernel + " " + (.param.value | tostring)) | .[]' "$OUT/nofp-$name.jsonl")
	expect_q "nofp-$name" "[.[] | select(.type==\"summary\")][0].unavailable.summary == \"$nofp_why: arm64 has no soft-float, and this is computed in floating point\"" "nofp ($name): the summary record says why the image derived none"
	expect "nofp ($name): the console says the FPU is unavailable and why" grep -qF "fpu        unavailable: $nofp_why (its kernels are skipped)" "$OUT/nofp-$name.log"
done
"$TOOL" summary "$OUT/nofp-a53.log" >"$OUT/nofp-summary.txt" 2>/dev/null
expect "nofp: baremark summary gives the image's reason for every row" grep -qF "[1] $nofp_why: arm64 has no soft-float" "$OUT/nofp-summary.txt"
"$TOOL" against docs/cores.md Cortex-A72 "$OUT/nofp-a72.log" >"$OUT/nofp-against.txt" 2>/dev/null
expect "nofp: baremark against gives it for each field not measured" test "$(grep -cF "not measured ($nofp_why: arm64 has no soft-float" "$OUT/nofp-against.txt")" = "$(grep -c "not measured" "$OUT/nofp-against.txt")" -a "$(grep -c "not measured" "$OUT/nofp-against.txt")" -gt 5
# (c) Every core: a second core turns its own FP off (read back there).
BM_QEMU_ICOUNT=off BM_QEMU_A64="$A72_EL2 -smp 2" boot nofp-smp "baremark.selftest=nofp baremark.cores=all baremark.only=pipeline.f*,workload.crc"
expect_q nofp-smp "[.[] | select(.type==\"core\")] | length == 2 and all(.fp == \"$nofp_why\")" "nofp, two cores: each core record reads FP off on that core"
expect_q nofp-smp "([.[] | select(.type==\"skip\") | .core] | sort == [0,0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,1,1]) and .[-1].errors == 0" "nofp, two cores: the nine fp pipeline kernels skipped on each, no error"
BM_QEMU_A64="$A72_EL2" boot baud "baremark.baud=115200 baremark.only=pipeline.add.lat"
expect_q baud 'map(select(.type=="run"))[0].console.baud_unchanged | test("16550 family only")' "PL011: baud left alone, and the run record says why"
expect_q baud '.[-1].errors == 0 and .[-1].warnings == 1' "a warning, no error"

# Entered at EL3 (QEMU loads the ELF as a bare-metal program with
# secure=on, as a board without TF-A runs it; the tree at RAM base): the
# image drops to non-secure EL2 (EL1 on a core without EL2) itself,
# counts its instructions there, reports the second core it cannot start
# (QEMU offers no PSCI to a guest entered at EL3) and says the power-off
# was refused; with the old entry it took data aborts for good.
for cfg in "el3-a72:-M virt,secure=on,virtualization=on -cpu cortex-a72:2" "el3-a53:-M virt,secure=on -cpu cortex-a53:1"; do
	IFS=: read -r name machine el <<<"$cfg"
	BM_QEMU_A64_ELF=1 BM_QEMU_A64="$machine" boot "$name" "baremark.profile=quick baremark.only=pipeline.add.lat,pipeline.mul.lat" -smp 2
	expect_q "$name" "map(select(.type==\"core\"))[0] | .el == $el and .el_at_entry == 3 and .counters.instret == \"ok, PMUv3 event 0x08\"" "$name: entered at EL3, ran at EL$el, INST_RETIRED counting"
	expect_q "$name" '[.[] | select(.type=="result")] | length == 2 and all(.instructions_per_op == 1 and .cycles_per_op.est == 1 and .verdict == "ok")' "$name: add and mul latency, 1 instruction and 1 cycle an op"
	expect_q "$name" '[.[] | select(.type=="error")] | length == 1 and .[0].what == "core did not start" and (.[0].detail | startswith("entered at EL3 with no PSCI firmware"))' "$name: the second core is an error saying no PSCI firmware runs beneath EL3"
	expect_q "$name" '.[-1].type == "end" and .[-1].errors == 1 and .[-1].stop == "wfe"' "$name: the run reaches its end record"
	expect "$name: the console says the power-off was refused, after the run's last line" \
		test "$(tr -d '\r' <"$OUT/$name.log" | grep -A1 '^baremark: done' | tail -1)" = "power-off refused by the firmware (no /psci node in the device tree): the run is over, switch the board off"
done

summary "qemu-a64"
