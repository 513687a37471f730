#!/usr/bin/env bash
# The Linux build on this machine (x86-64): the same harness, kernels and
# record format as the image, checked for correctness and format only —
# timings on a shared, possibly virtual machine are not asserted.
set -uo pipefail
MAKE=${MAKE:-make}
TOOL=${TOOL:-build/host/baremark}
OUT=${OUT:-build/test-linux}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# run NAME ARGS...: the program's output to NAME.log, verified records to
# NAME.jsonl. $RUNNER (e.g. qemu-aarch64) and $PROG choose what runs.
PROG=build/linux/baremark
RUNNER=
run() {
	local name=$1 status=0
	shift
	timeout 300 $RUNNER $PROG "$@" >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
	expect "$name: exits 0 (got $status)" test "$status" = 0
	"$TOOL" parse "$OUT/$name.log" >"$OUT/$name.jsonl" 2>/dev/null || true
	expect "$name: every record line verifies" test "$(grep -c '@bm ' "$OUT/$name.log")" = "$(wc -l <"$OUT/$name.jsonl")"
}

expect "make PLATFORM=linux" $MAKE -s PLATFORM=linux image

# timed(F): F holds, or the point measured nothing and says so (its 2N
# body took no more cycles than its N body in every try: a busy machine
# can do that to any point, so no test here may depend on a point's time).
T='def timed(f): (f) or (((.cycles_per_op_unavailable // "") | startswith("not positive")) and .verdict == "below_floor");'

run quick --profile quick
expect_q quick 'map(.type) | (.[0] == "run" and .[-1] == "end" and index("core") > index("summary"))' "run first; the core record after the core's results and summary; end last"
expect_q quick '.[-1].errors == 0' "no errors"
expect_q quick 'map(select(.type=="run"))[0] | .platform == "linux" and .board_source == "host" and .console.kind == "stdout" and .options.profile == "quick"' "run record: the Linux build, options from argv"
expect_q quick 'map(select(.type=="core"))[0] | .os == "linux" and .arch == "x86_64" and (.pinning | startswith("pinned to cpu"))' "core record: OS, arch, pinned"
expect_q quick 'map(select(.type=="core"))[0].uncontrolled | has("frequency_scaling") and has("virtualized") and has("other_load")' "says what it could not control"
for fam in pipeline cache branch; do
	expect_q quick "[.[] | select(.type==\"result\" and (.kernel|startswith(\"$fam.\")))] | length > 0" "results of the $fam family"
done
# The timer: the invariant TSC, calibrated, or the clock with the reason.
if grep -qw constant_tsc /proc/cpuinfo && grep -qw nonstop_tsc /proc/cpuinfo; then
	expect_q quick 'map(select(.type=="core"))[0].counters.time | test("^ok, TSC \\(invariant: constant_tsc, nonstop_tsc\\), [0-9]{7,} Hz against CLOCK_MONOTONIC_RAW$")' "time from the invariant TSC, its rate calibrated"
else
	expect_q quick 'map(select(.type=="core"))[0].counters.time | startswith("ok, CLOCK_MONOTONIC_RAW: the TSC is not invariant")' "time from the clock, and why not the TSC"
fi
# Every ISA has the same kernels, apart from its own accelerated crypto
# and its vector instruction kernels (neon.* on aarch64, rvv.* and thv.* on
# riscv64).
names='["branch.btb.16","branch.btb.4","branch.history","branch.indirect","branch.pattern","branch.predictable","branch.random","branch.ret.random","branch.ret.fixed","cache.bw.copy","cache.bw.read","cache.bw.vread","cache.bw.write","cache.line.lat","cache.load.lat","cache.seq.lat","cache.tlb.flush","cache.tlb.lat"] + ([["add","div","fadd","fdiv","fma","fmul","load","mul","mul32"][] as $o | ["lat","thr"][] as $k | "pipeline.\($o).\($k)"]) + ["pipeline.addi.lat","pipeline.div.repeat.lat","pipeline.fdiv.repeat.lat"] + (["aes128-ecb","aes128-ctr","aes128-gcm","aes256-ecb","aes256-ctr","aes256-gcm","sha256","sha512","sm4-ctr","sm3","ghash"] | map("crypto.\(.).scalar")) + ["multicore.bw.copy","multicore.bw.read","multicore.bw.write","multicore.c2c.lat","multicore.primes"] + ["uarch.mlp","uarch.stlf.lat","uarch.width.alu_branch","uarch.width.alu_load","uarch.width.alu_mul","uarch.window.branch","uarch.window.fp","uarch.window.int","uarch.window.load","uarch.window.miss","uarch.window.nop","uarch.window.store"] + (["assign","bitfield","crc","fourier","fpemu","huffman","idea","lexer","lu","neural","numsort","strsort"] | map("workload.\(.)"))'
common='[.[] | select(.type=="result" or .type=="skip") | .kernel | select(((startswith("crypto.") | not) or endswith(".scalar")) and (startswith("neon.") | not) and (startswith("rvv.") | not) and (startswith("thv.") | not))] | unique'
expect_q quick "$common == ($names | sort)" "the same kernel names as the image"
expect_q quick '[.[] | select(.kernel=="cache.tlb.flush")] | length == 1 and .[0].type == "skip" and (.[0].reason | startswith("a process cannot flush the TLB"))' "cache.tlb.flush: skipped in a process, saying why"
# x86: AES-NI, PCLMULQDQ and SHA-NI kernels, timed where CPUID has them.
if grep -qw aes /proc/cpuinfo && grep -qw pclmulqdq /proc/cpuinfo && grep -qw sha_ni /proc/cpuinfo; then
	for k in aes128-ecb.aesni aes128-ctr.aesni aes128-gcm.aesni-pclmul aes256-ecb.aesni aes256-ctr.aesni aes256-gcm.aesni-pclmul sha256.sha-ni ghash.pclmul; do
		expect_q quick "$T [.[] | select(.type==\"result\" and .kernel==\"crypto.$k\")] | length == 3 and all(.bytes_per_op == .param.value and timed(.cycles_per_byte > 0 and .mb_per_s > 0))" "crypto.$k: 16, 1024 and 16384 bytes, in cycles per byte and MB/s"
	done
	# the instructions they are made of, one chain and twelve, checked
	expect_q quick "$T"'[.[] | select(.type=="result" and (.kernel | test("^crypto\\.insn\\.(aesenc|pclmulqdq|sha256rnds2)\\.(lat|thr)$")))] | length == 6 and all(.check == "ok" and timed(.cycles_per_op.est > 0))' "crypto.insn: AESENC, PCLMULQDQ, SHA256RNDS2 latency and throughput, chains checked"
	expect_q quick "$T"'[.[] | select(.type=="result" and (.kernel | test("^crypto\\.insn\\.gcm(128|256)-aesni\\.thr$")))] | length == 2 and all(.check == "ok" and timed(.cycles_per_op.est > 0))' "crypto.insn: the AES-NI GCM mixes (10 or 14 AESENC and 3 PCLMULQDQ a block), every chain checked"
else
	expect_q quick '[.[] | select(.type=="skip" and (.kernel|startswith("crypto.")))] | all(.reason | startswith("no "))' "accelerated crypto skipped with the missing CPUID feature named"
fi
if grep -qw vaes /proc/cpuinfo && grep -qw avx512f /proc/cpuinfo && grep -qw avx512bw /proc/cpuinfo; then
	expect_q quick '[.[] | select(.type=="result" and (.kernel=="crypto.aes128-ctr.vaes512" or .kernel=="crypto.aes256-ctr.vaes512"))] | length == 6 and all(.check == "ok")' "VAES on 512-bit registers: counter mode timed at three sizes, both key sizes"
	expect_q quick '[.[] | select(.type=="result" and (.kernel=="crypto.aes128-gcm.vaes512-vpclmul" or .kernel=="crypto.aes256-gcm.vaes512-vpclmul"))] | length == 6 and all(.check == "ok")' "GCM stitched on 512-bit registers timed at three sizes, both key sizes"
	expect_q quick '[.[] | select(.type=="result" and (.kernel | test("^crypto\\.insn\\.(vaesenc512|vpclmulqdq512)\\.")))] | length == 4 and all(.check == "ok")' "VAESENC and VPCLMULQDQ zmm latency and throughput, chains checked"
	expect_q quick '[.[] | select(.type=="result" and (.kernel | test("^crypto\\.insn\\.gcm(128|256)-vaes(512)?\\.thr$")))] | length == 4 and all(.check == "ok")' "the VAES GCM mixes, 256- and 512-bit, chains checked"
else
	expect_q quick '[.[] | select(.kernel and (.kernel | endswith(".vaes512")))] | all(.type == "skip" and (.reason | startswith("no ")))' "512-bit VAES kernels skipped, naming the missing feature"
fi
if grep -qw vaes /proc/cpuinfo && grep -qw avx2 /proc/cpuinfo; then
	expect_q quick '[.[] | select(.type=="result" and (.kernel=="crypto.aes128-ctr.vaes" or .kernel=="crypto.aes256-ctr.vaes"))] | length == 6 and all(.check == "ok")' "VAES counter mode timed at three sizes, both key sizes"
else
	expect_q quick '[.[] | select(.kernel | endswith(".vaes"))] | all(.type == "skip" and (.reason | startswith("no ")))' "VAES kernels skipped, naming the missing feature"
fi
expect_q quick '[.[] | select(.type=="result")] | all(.check == "ok")' "every result self-checked"
expect_q quick '[.[] | select(.type=="summary")][0].execution.chase_from == "2x the largest cache the board describes"' "the miss chases sized from the caches sysfs describes"

# No cache size anywhere (baremark.selftest=nocaches: as a core's RTL
# whose tree lists none): the cache sweep goes to 8 MiB, and the miss
# chases take twice where that sweep stepped to its slowest level, or,
# where it found no step (a busy machine can smooth one away), the
# platform's default, saying so. Which one is this machine's timing;
# that the size follows what was said is behaviour.
run nocaches --profile quick --only 'cache.load.lat,uarch.mlp,uarch.window.store' --selftest nocaches
expect_q nocaches 'map(select(.type=="run"))[0].options.selftest_nocaches != null and ([.[] | select(.type=="result" and .kernel=="cache.load.lat") | .param.value] | max == 8388608)' "nocaches: the option recorded, the cache sweep to 8 MiB"
if q nocaches '[.[] | select(.type=="summary")][0].execution.chase_from' | grep '^2x where' >/dev/null; then
	expect_q nocaches '[.[] | select(.type=="summary")][0].execution | (.chase_from | capture("^2x where this core.s cache\\.load\\.lat stepped to its slowest level \\((?<k>[0-9]+) KiB; no cache sizes described") | .k | tonumber * 2048) as $want | .chase_bytes >= $want and .chase_bytes < 2 * $want' "nocaches: a step found, and the chase twice it (to a power of two of lines)"
else
	expect_q nocaches '[.[] | select(.type=="summary")][0].execution.chase_from | startswith("2x the platform'"'"'s default (no cache sizes described, and cache.load.lat did not run before the chases or found no step")' "nocaches: no step found, and the summary says the chase is the default's"
fi
expect_q quick '[.[] | select(.type=="result" and .kernel=="cache.line.lat")] | map(.param.value) == [8,16,32,64,128,256,512] and all(.check == "ok")' "cache.line.lat: CLFLUSH, then the chase at 7 offsets, self-checked"
# x86's one-operand MUL (issue 42 item 2): the low half's chain (rax),
# the high half's own (mul.hi: rdx, two instructions an op, three of
# throughput with the move into rdx) and MUL r32, each one record with
# both figures or why not; no time asserted (the generator's test counts
# the bodies' instructions: this VM has no PMU to retire them).
run x86-mul --only 'insn.x86.base.mul*' --console records
expect_q x86-mul '.[-1].type == "end" and .[-1].errors == 0 and ([.[] | select(.type=="insn") | .f] | sort == ["x86.base.mul","x86.base.mul.hi","x86.base.mul.l"])' "x86 mul, mul.hi, mul.l: one record each, no error"
expect_q x86-mul '[.[] | select(.type=="insn" and .f=="x86.base.mul.hi")][0] | .ins == 2 and .thr_ins == 3 and (has("via") | not) and (has("lat") or has("lat_why")) and (has("thr") or has("thr_why"))' "x86 mul.hi: its own chain through rdx, no companion, two instructions an op (three of throughput)"
# The summary (no figure is asserted: this is a shared machine) and the
# hardware's caches from sysfs beside it.
expect_q quick '(map(select(.type=="core"))[0].counters.cycles | startswith("ok, ESTIMATED")) as $est | [.[] | select(.type=="summary")] | length == 1 and (.[0] | has("execution") and has("issue_width") and has("memory_parallelism") and ((.cycles_estimated == true) == $est))' "one summary record, with the derived parameters (estimated cycles said so)"
# Estimated cycles are the clock: MB/s comes from the timer, and says so.
expect_q quick '[.[] | select(.type=="result" and has("mb_per_s") and (.kernel | startswith("multicore.") | not))] | length > 0 and all(.mb_per_s_from == "timer")' "MB/s from the timer where cycles are estimated"
# Pages: the sweeps' arena asks for 2 MiB pages and says what it got
# (smaps), the TLB kernel walks 4 KiB pages of its own.
thp=$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true)
expect_q quick "map(select(.type==\"core\"))[0].pages | .thp_mode == \"${thp:-absent}\" and .base_page == $(getconf PAGESIZE) and .sweeps_bytes == 536870912 and .sweeps_huge_bytes <= .sweeps_bytes and (.sweeps | test(\"MiB in huge pages \\\\(smaps AnonHugePages\\\\)|smaps does not say\")) and (.tlb | startswith(\"4 KiB pages\"))" "core record: the pages the sweeps and the TLB kernel got"
if [ "$thp" = madvise ] || [ "$thp" = always ]; then
	expect_q quick 'map(select(.type=="core"))[0].pages.sweeps_huge_bytes > 0' "THP offered ($thp): some of the arena is in 2 MiB pages"
fi
# Caches as sysfs (or, where a VM leaves sysfs out, the CPUID leaves)
# describe them; never an empty list passed off as a description.
expect_q quick 'map(select(.type=="core"))[0] | if has("caches") then (.caches | length) >= 2 and all(.caches[]; .size > 0 and .line > 0) and (.caches_from | test("^(sysfs|cpuid)")) and (has("caches_unavailable") | not) else (.caches_unavailable | length > 10) end' "core record: the caches the system describes, or why none"
# Cycles: counted by perf, or estimated and labelled so everywhere.
expect_q quick 'map(select(.type=="core"))[0] as $c | ($c.counters.cycles == "ok, perf_event_open" and ($c | has("mhz"))) or (($c.counters.cycles | startswith("ok, ESTIMATED from the clock")) and ($c | has("mhz_estimated")) and ($c | has("mhz") | not) and ([.[] | select(.type=="result" and (.kernel | startswith("multicore.") | not))] | all(.cycles_estimated == true)))' "cycles counted, or estimated and every figure says so"
# (A shared machine can disturb a point until its difference is not
# positive: then no figure, the verdict below_floor, and the reason; a
# tiny op can leave the timer's difference at zero while the estimated
# cycles still show it: ns_per_op_unavailable says so.)
expect_q quick '[.[] | select(.type=="result")] | all(.ns_per_op > 0 or .mb_per_s > 0 or (.verdict == "below_floor" and (.cycles_per_op_unavailable | startswith("not positive"))) or (.ns_per_op_unavailable | startswith("timer difference not positive")))' "every result has a time per op (or MB/s), or says why not"

# A point that measured nothing is measured again (twice the repeats a
# try, three tries at most) and its record says how many tries it took:
# --selftest retry throws every point's first try away.
run retry --selftest retry --only 'pipeline.add.lat,pipeline.add.thr,workload.idea'
expect_q retry '[.[] | select(.type=="result")] | length == 3 and all(.check == "ok" and .tries >= 2 and .tries <= 3 and .repeats >= 10)' "selftest=retry: every point measured again (tries 2 or 3, at least twice the repeats), the tries in its record"
expect_q quick '[.[] | select(.type=="result" and has("tries"))] | all(.tries >= 2 and .tries <= 3)' "a point measured more than once says so (tries 2 or 3), never more than three"

# A trap in a kernel is a signal: an error record, and the run goes on.
run trap --selftest trap --only 'selftest.*,pipeline.add.lat'
expect_q trap 'map(.type) == ["run","error","kernel","result","core","end"]' "SIGILL in a kernel: error record, then the next kernel, then end"
expect_q trap '[.[] | select(.type=="error")][0] | .kernel == "selftest.trap" and .signal == 4 and .signal_name == "Illegal instruction"' "the error names the signal"

# Options: the boot options' names; unknown ones reported.
run opts --only=pipeline.fma.lat --repeat 3 --colour red
expect_q opts 'map(select(.type=="run"))[0].options | .unknown == "baremark.colour=red" and .repeat == 3' "unknown option named, repeat set"
expect_q opts '[.[] | select(.type=="result" or .type=="skip") | .kernel] == ["pipeline.fma.lat"]' "--only selects"

# The workload group: every program self-checked and timed, with runs per
# second and per MHz; with --selftest break every check fails instead.
expect_q quick "$T"'[.[] | select(.type=="result" and (.kernel | startswith("workload.")))] | length == 12 and all(.check == "ok" and timed(.ops_per_s > 0 and .ops_per_s_per_mhz > 0) and (.instructions_per_op == null or .instructions_per_op > 50000))' "twelve workloads self-checked and timed (runs per second and per MHz, or why not)"
# A kernel that renews its work every run (random outcomes, random call
# sites) refuses a timed run that replays what the core saw: with
# --selftest replay nothing is renewed, and every such kernel fails.
run replay --selftest replay --only 'branch.random,branch.history,branch.ret.random,branch.ret.fixed'
expect_q replay '[.[] | select(.type=="error" and .what == "self-check failed") | .kernel] | unique == ["branch.history","branch.random","branch.ret.random"]' "selftest=replay: every renewing kernel refuses a replayed run (branch.random, .history, .ret.random)"
expect_q replay '[.[] | select(.type=="result" and .kernel=="branch.ret.fixed")] | length == 16 and all(.check == "ok")' "selftest=replay: a kernel with nothing to renew still runs"
expect_q quick '[.[] | select(.type=="result" and .kernel=="branch.ret.random")] | length > 0 and all(.check == "ok")' "branch.ret.random passes its replay check when its sites are renewed"
run break --selftest break --only 'workload.*'
expect_q break '[.[] | select(.type=="error")] | length == 12 and all(.what == "verification failed" and (.detail | startswith("(selftest=break) the check failed, as it must")))' "every workload's check fails on a broken value"

# The host tool takes its records like the image's.
"$TOOL" compare "$OUT/quick.log" "$OUT/trap.log" >"$OUT/cmp.txt" 2>/dev/null
expect "compare takes the Linux build's records" grep -qE '^pipeline.add.lat .*\|' "$OUT/cmp.txt"

# The aarch64 and riscv64 builds (Debian cross gcc, static) under qemu-user:
# the same records from their own kernel bodies. Emulated, so only
# correctness is checked.
for arch in aarch64 riscv64; do
	expect "make PLATFORM=linux ARCH=$arch" $MAKE -s PLATFORM=linux ARCH=$arch image
	PROG=build/linux-$arch/baremark RUNNER=qemu-$arch
	run "$arch" --profile quick
	expect_q "$arch" "map(select(.type==\"core\"))[0].arch == \"$arch\" and .[-1].type == \"end\" and .[-1].errors == 0" "$arch: a complete run"
	expect_q "$arch" "$common == ($names | sort)" "$arch: the same kernel names"
	expect_q "$arch" '[.[] | select(.type=="result")] | all(.check == "ok")' "$arch: every result self-checked"
	expect_q "$arch" '[.[] | select(.type=="result" and (.kernel | startswith("workload.")))] | length == 12' "$arch: the twelve workloads self-checked and timed"
	# the same programs compute the same digests on every ISA
	digests() { jq -s -c '[.[] | select(.type=="result" and (.kernel | startswith("workload."))) | [.kernel, .program_digest]] | sort' "$OUT/$1.jsonl" 2>/dev/null; }
	expect "$arch: every workload's digest equals x86-64's" test "$(digests "$arch")" = "$(digests quick)"
	if [ "$arch" = aarch64 ]; then
		# QEMU 7.2's user mode gave CNTFRQ_EL0 62.5 MHz; QEMU 10's leaves it 0,
		# and then the clock is CLOCK_MONOTONIC_RAW, saying why
		expect_q "$arch" 'map(select(.type=="core"))[0].counters.time | test("^ok, (CNTVCT_EL0 at CNTFRQ_EL0 = [1-9][0-9]* Hz|CLOCK_MONOTONIC_RAW: CNTFRQ_EL0 reads 0)$")' "$arch: time from CNTVCT_EL0 at CNTFRQ_EL0, or the monotonic clock where CNTFRQ_EL0 reads 0"
		# qemu-user's default CPU has the Crypto Extension (AT_HWCAP)
		expect_q "$arch" '[.[] | select(.type=="result" and (.kernel | endswith(".armv8-ce")))] | length == 33 and all(.check == "ok")' "$arch: the eleven Crypto Extension kernels (GHASH alone, Armv8.2 SHA-512, SM3, SM4 included) verified and timed"
		expect_q "$arch" '[.[] | select(.type=="result" and (.kernel | startswith("crypto.insn.")))] | length == 12 and all(.check == "ok")' "$arch: the twelve crypto instruction kernels (AESE+AESMC, PMULL, SHA256H, SHA512H, SM4E, and the two GCM mixes), chains checked"
		expect_q "$arch" '[.[] | select(.type=="result" and (.kernel | startswith("neon.")))] | length == 29 and all(.check == "ok")' "$arch: the NEON instruction kernels at every element size, self-checked"
		expect_q "$arch" '[.[] | select(.type=="result" and .kernel=="cache.line.lat")] | map(.param.value) == [8,16,32,64,128,256,512] and all(.check == "ok")' "$arch: cache.line.lat flushes with DC CIVAC from user space, self-checked at 7 offsets"
		# the instruction table's A64 forms, gated by AT_HWCAP (qemu-user's
		# default CPU has every extension the table names): each one runs,
		# the C references hold (issue 43)
		run "$arch-insn" --only 'insn.a64.*' --console records
		n=$(build/host/gen_insn --count a64 kernels/insn/forms_a64.tsv | awk '{ s += $2 } END { print s }')
		expect_q "$arch-insn" "([.[] | select(.type==\"end\")] | length == 1 and .[0].errors == 0) and ([.[] | select(.type==\"skip\")] | length == 0) and ([.[] | select(.type==\"insn\")] | length == $n)" "$arch: all $n A64 forms of the table, no error, no skip (AT_HWCAP)"
	else
		expect_q "$arch" '[.[] | select((.kernel // "") | startswith("rvv."))] | length == 15 and all(.type == "skip" and .reason == "v: not probed by the riscv64 Linux build")' "$arch: the RVV kernels skipped, saying why"
		expect_q "$arch" '[.[] | select(.kernel=="cache.line.lat")] | length == 1 and .[0].type == "skip" and (.[0].reason | startswith("the riscv64 Linux build does not flush lines"))' "$arch: cache.line.lat skipped, saying why"
		# qemu-user has no /proc/device-tree of a RISC-V machine
		expect_q "$arch" 'map(select(.type=="core"))[0].counters.time == "ok, CLOCK_MONOTONIC_RAW: no /proc/device-tree/cpus/timebase-frequency"' "$arch: time from the clock, and why not rdtime"
	fi
	run "$arch-trap" --selftest trap --only 'selftest.*,pipeline.add.lat'
	expect_q "$arch-trap" 'map(.type) == ["run","error","kernel","result","core","end"] and ([.[] | select(.type=="error")][0].signal == 4)' "$arch: SIGILL in a kernel, and the run goes on"
done

summary linux
