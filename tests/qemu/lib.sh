# Helpers for the QEMU system tests: boot, parse, assert, count.
# Sourced by tests/qemu/test_*.sh; expects BUILD, TOOL and OUT set.
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect "description" test-expression...
expect() {
	local what=$1
	shift
	if "$@"; then ok; else bad "$what"; fi
}

# boot NAME "BOOTARGS" [QEMU args...]: console log to $OUT/NAME.log and
# verified records to $OUT/NAME.jsonl; records the QEMU exit status.
boot() {
	local name=$1 args=$2
	shift 2
	local status=0
	BM_QEMU_TIMEOUT=${BM_QEMU_TIMEOUT:-120} tests/qemu/boot.sh "$PLATFORM" "$BUILD" "$args" "$@" >"$OUT/$name.log" 2>"$OUT/$name.err" || status=$?
	expect "$name: QEMU exits by itself with status 0 (got $status)" test "$status" = 0
	"$TOOL" parse "$OUT/$name.log" >"$OUT/$name.jsonl" 2>"$OUT/$name.parse" || true
	# Every record line on the console must verify.
	local lines valid
	lines=$(grep -c '@bm ' "$OUT/$name.log" || true)
	valid=$(wc -l <"$OUT/$name.jsonl")
	expect "$name: all $lines record lines verify (valid: $valid)" test "$lines" -gt 0 -a "$lines" = "$valid"
}

# q NAME 'jq filter': the filter's output over NAME's records (slurped).
q() { jq -r -s "$2" "$OUT/$1.jsonl"; }

# expect_q NAME 'jq boolean filter' description
expect_q() {
	local got
	got=$(q "$1" "$2" 2>&1)
	if [ "$got" = true ]; then ok; else bad "$1: $3 (jq said: $got)"; fi
}

# results NAME: the result records without where they came from, sorted.
# ns_per_op is left out: it comes from QEMU's virtual clock, which -icount
# advances in blocks, so it is not exact per instruction.
results() { jq -c -s 'map(select(.type=="result") | del(._log, ._line, .ns_per_op, .ns_per_op_unavailable, .mb_per_s, .ops_per_s)) | sort_by(.kernel, .param.value)[]' "$OUT/$1.jsonl"; }

# check_complete_run NAME: what every full quick run must show on any
# ISA: one run, core and end record, results of the three families, a
# cache sweep of at least 10 sizes from 1 KiB to 4 MiB, and the exact
# -icount arithmetic (every dependent chain: cycles/op equal to the
# instructions it retires per op, IPC 1.00; a pointer chase through a
# vector register retires two, the load and the move back).
check_complete_run() {
	local n=$1
	expect_q "$n" 'map(select(.type=="run")) | length == 1' "one run record"
	expect_q "$n" 'map(select(.type=="core")) | length == 1' "one core record"
	expect_q "$n" 'map(select(.type=="end")) | length == 1 and .[-1].type == "end"' "end record, last"
	expect_q "$n" '.[-1].errors == 0' "no errors"
	# Under -icount shift=0 a virtual second is 10^9 instructions: the
	# quick profile's budget is under a minute of it (issue 9).
	expect_q "$n" '.[-1].elapsed_s > 0 and .[-1].elapsed_s < 60' "the quick profile retires under 60 x 10^9 instructions"
	for fam in pipeline cache branch; do
		expect_q "$n" "map(select(.type==\"result\" and (.kernel|startswith(\"$fam.\")))) | length > 0" "results of the $fam family"
	done
	expect_q "$n" '[.[] | select(.kernel=="cache.load.lat") | .param.value] | unique | length >= 10' "cache sweep has at least 10 sizes"
	expect_q "$n" '[.[] | select(.kernel=="cache.load.lat") | .param.value] | (min == 1024 and max >= 4194304)' "cache sweep runs from 1 KiB to at least 4 MiB"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("^(pipeline\\.(add|mul|mul32|load|fadd|fmul|fma|div\\.repeat|fdiv\\.repeat)\\.lat|cache\\.load\\.lat)$")))] | (map(.kernel) | unique | length == 10) and all(.instructions_per_op == 1)' "ten single-instruction dependent chains"
	# Divides with new operands every op: the table load and the divide
	# (2 instructions) at both widths; the repeated-operand divides 1.
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("^pipeline\\.div\\.(lat|thr)$")))] | (map(.param.value) | unique) == [16,64] and length == 4 and all(.instructions_per_op == 2)' "pipeline.div.lat/thr at 16- and 64-bit dividends, 2 instructions per op (load, divide)"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("^pipeline\\.fdiv\\.(lat|thr)$")))] | length == 2 and all(.instructions_per_op == 2)' "pipeline.fdiv.lat/thr: 2 instructions per op (load, divide)"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("^pipeline\\.mul(32)?\\.(lat|thr)$")))] | map(.kernel) | unique | length == 4' "multiply at full width and 32 bits, latency and throughput"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("\\.lat$")))] | all(.cycles_per_op.est >= 0.99 * .instructions_per_op and .cycles_per_op.est <= 1.01 * .instructions_per_op and .ipc >= 0.99 and .ipc <= 1.01)' "every dependent chain: cycles/op = instructions/op and IPC 1.00, within 1%"
	expect_q "$n" '[.[] | select(.kernel=="pipeline.add.lat")][0] | .cycles_per_op.est == 1 and .cycles_per_op.q1 == 1 and .cycles_per_op.q3 == 1 and .verdict == "ok" and .instructions_per_op == 1 and .ipc == 1' "integer add latency is exactly 1.000"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel|test("^branch\\.(predictable|random|pattern|history)$")))] | all(.instructions_per_op == 4)' "conditional-branch kernels retire 4 instructions per branch on either path"
	# The predictor-structure kernels, whose 2N body is the N body run for
	# twice the passes: with the empty pass subtracted an op is exactly
	# its instructions, the loop's are gone: a jump 1; a call level (frame,
	# count, call, return) 7 on rv64 and 5 on a64, the same at every depth;
	# an indirect call 3 (call, the stub's add, return). QEMU counts the
	# longest BTB passes (512 and more one-instruction blocks) a little
	# high, so those are held to 1%.
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel=="branch.btb.4" or .kernel=="branch.btb.16"))] | length == 24 and (map(.param.value) | unique) == [8,16,32,64,128,256,512,1024,2048,4096,8192,16384] and all(if .param.value <= 256 then .instructions_per_op == 1 else (.instructions_per_op - 1 | fabs) < 0.01 end) and all(.empty_pass_subtracted)' "branch.btb.4 and .16: 8 to 16384 jumps, one instruction per jump (empty pass subtracted)"
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="branch.ret.fixed") | .instructions_per_op] | length == 16 and (unique | length == 1) and (.[0] == 8 or .[0] == 5)' "branch.ret.fixed: 16 depths, 2 to 128 (each to 8), the same whole number of instructions per call level (8 on riscv64, 5 on arm64)"
	# the random-site chain: frame, count, site byte (and its pointer's
	# step on rv64), branch, call, return (+1 for the frame's second half
	# on rv64): 10 on rv64, 7 on a64, whichever site each call takes
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="branch.ret.random") | .instructions_per_op] | length == 16 and (unique | length == 1) and (.[0] == 12 or .[0] == 9)' "branch.ret.random: 16 depths, 2 to 128 (each to 8), the same whole number of instructions per call level (12 on riscv64, 9 on arm64)"
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="branch.indirect")] | length == 11 and (map(.param.value) | max) == 1024 and all(.instructions_per_op == 3)' "branch.indirect: 1 to 1024 targets, 3 instructions per call (call, stub, return)"
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="branch.random")][0].ops >= 65536' "branch.random: at least 64 Ki fresh outcomes per timed body"
	expect_q "$n" '[.[] | select(.type=="result" and .kernel=="branch.history") | .param.value] == [1,2,4,8,16,32,64,128,256]' "branch.history: 1 to 256 fillers"
	expect_q "$n" '[.[] | select(.type=="summary")][0] | (has("history_length") | not) and (.unavailable.history_length | startswith("no br_miss count on this core"))' "summary: no history length without counted mispredicts, and why"
	# TLB reach through the 4 KiB-page window (arm64: at 511 GiB beside
	# the block-mapped RAM; riscv64: Sv39 turned on for this kernel
	# only): every page count runs and self-checks, so the window maps
	# each page onto the buffer. Under -icount a load costs its
	# instruction whatever the TLB, so the summary sees no rise. The
	# sweep spans 4x the miss chases (8x the last cache): 4096 pages
	# where the size is the platform's 2 MiB (riscv64), 2048 where the
	# core's CCSIDR says 1 MiB (QEMU's A72 and A53).
	local pages
	pages=$(q "$n" '[.[] | select(.type=="summary")][0].execution.chase_bytes * 4 / 4096')
	expect_q "$n" "([.[] | select(.type==\"result\" and .kernel==\"cache.tlb.lat\")] | map(.param.value) == [16,32,64,128,256,512,1024,2048,4096 | select(. <= $pages)] and all(.check == \"ok\" and .cycles_per_op.est == 1)) and ($pages == 4096 or $pages == 2048)" "cache.tlb.lat through 4 KiB pages: 16 to $pages pages (4x the chases), self-checked"
	expect_q "$n" "[.[] | select(.type==\"summary\")][0] | .tlb_reach.at_least == $pages and (.unavailable.tlb_reach_last | startswith(\"cache.tlb.lat never rose\"))" "summary: no TLB step under -icount, and it says so"
	expect_q "$n" '[.[] | select(.type=="summary")][0] | .btb.at_least == 16384 and .btb_16.at_least == 16384 and .return_stack.at_least == 128 and .return_fixed.at_least == 128 and .indirect_targets.at_least == 1024' "summary: under -icount no branch structure overflows (every op costs its instructions)"
	# MB/s from counted cycles and the measured clock, not the 10 / 62.5
	# MHz timer: MB/s = bytes per cycle x MHz, to rounding.
	expect_q "$n" '(map(select(.type=="core"))[0].mhz) as $m | [.[] | select(.type=="result" and has("bytes_per_op") and (.kernel | startswith("multicore.") | not))] | length > 20 and all(.mb_per_s_from == "cycles x measured clock" and ((.mb_per_s - .mb_per_s_per_ghz * $m / 1000) | fabs) <= 0.002 * .mb_per_s + 0.01)' "MB/s from counted cycles x the measured clock"
	# The window probes: one op is two halves of load, use, the jump into
	# the sled (a load of its address and the jump), `filler` fillers and
	# the jump back: 2 x filler + 10 instructions, every filler kind, at
	# every point of the quick profile's sweep to 1024.
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel | startswith("uarch.window.")) and .kernel != "uarch.window.miss")] | (map(.kernel) | unique) == ["uarch.window.branch","uarch.window.fp","uarch.window.int","uarch.window.load","uarch.window.nop","uarch.window.store"] and all(.instructions_per_op == 2 * .param.value + 10 and .cycles_per_op.est == .instructions_per_op) and ([.[] | select(.kernel == "uarch.window.nop") | .param.value] == [range(0; 65; 4)] + [72,80,88,96,104,112,120,128,144,160,176,192,216,240,264,296,328,368,408,456,512,576,648,728,816,912,1024])' "uarch.window.*: six filler kinds, every 4 fillers to 64 then at most an eighth apart to 1024, 2 x filler + 10 instructions per op"
	# Their one-miss reference, just before them: one load an op, and the
	# summary's execution order read against it
	expect_q "$n" '([.[] | select(.type=="result" and .kernel=="uarch.window.miss")] | length == 1 and .[0].instructions_per_op == 1) and ([.[] | select(.type=="summary")][0].execution.from == "uarch.window.* filler=0 / uarch.window.miss")' "uarch.window.miss: one load an op, the execution order's reference"
	# The summary record, read off this run: under -icount a cycle is an
	# instruction, so the core is "in-order" (the two used misses cost
	# their instructions, 10, against 1 for one miss), one instruction per
	# cycle, and the latency curve is flat (no cache level to name).
	expect_q "$n" '[.[] | select(.type=="summary")] | length == 1 and (.[0] | .execution.order == "in-order" and (.execution.overlap_ratio | . > 9.9 and . < 10.1) and .issue_width.ipc == 1 and .caches == [] and (.unavailable.caches | test("no step")) and (.unavailable.window | startswith("in-order")) and (.memory_parallelism.misses | . > 0.98 and . < 1.02) and (.store_to_load_forwarding.cycles | . > 1.98 and . < 2.02))' "summary: in-order, IPC 1, no cache step, MLP 1, forwarding 2 (icount arithmetic, within 2.5%)"
	# The workload group: twelve whole programs, each checked another way
	# before timing (else a verification error), at its first working set
	# on the quick profile; under -icount a run costs its instructions, and
	# runs per second per MHz are 10^6 / cycles per run.
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel | startswith("workload.")))] | (map(.kernel) | unique) == ["workload.assign","workload.bitfield","workload.crc","workload.fourier","workload.fpemu","workload.huffman","workload.idea","workload.lexer","workload.lu","workload.neural","workload.numsort","workload.strsort"] and length == 12 and all(.check == "ok" and .param.name == "set_bytes" and .param.value <= 16384 and .cycles_per_op.est == .instructions_per_op and .instructions_per_op > 50000 and ((.ops_per_s_per_mhz - 1000000 / .cycles_per_op.est) | fabs) < 0.002)' "twelve workloads, self-checked, at a working set of 16 KiB or less; runs per MHz = 10^6 / cycles"
	# (the workloads, whose every run has a new input, are random samples:
	# their spread is the inputs', held to the 2% a figure settles at)
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel | startswith("workload.")))] | all(.repeats >= 5 and .verdict == "ok" and (.cycles_per_op.q3 - .cycles_per_op.q1) <= 0.02 * .cycles_per_op.est)' "workloads: settled, spread within 2%, verdict ok"
	expect_q "$n" '[.[] | select(.type=="result" and (.kernel | test("^(multicore|workload)\\.") | not))] | all(.check == "ok" and .repeats == 5 and .verdict == "ok" and .cycles_per_op.q1 == .cycles_per_op.est and .cycles_per_op.q3 == .cycles_per_op.est) and ([.[] | select(.type=="result")] | all(.check == "ok"))' "every result self-checked, settled at 5 repeats with no spread, verdict ok (multi-core kernels: one timed run each)"
}

# check_workload_break NAME: a run with baremark.selftest=break and
# only=workload.*: every workload's check is given one broken value and
# must fail it, so each kernel is a verification error, none is timed.
check_workload_break() {
	local n=$1
	expect_q "$n" '[.[] | select(.type=="error")] | length == 12 and all(.what == "verification failed" and (.detail | startswith("(selftest=break) the check failed, as it must, on a broken value: ")))' "every workload's check fails on a broken value"
	expect_q "$n" '[.[] | select(.type=="result")] | length == 0' "and none is timed"
	expect_q "$n" '.[-1].errors == 12' "the end record counts the twelve"
}

# check_trap_run NAME: the selftest.trap run (only=selftest.*,pipeline.add.lat).
check_trap_run() {
	local n=$1
	expect_q "$n" '[.[] | select(.type=="error")] | length == 1 and .[0].kernel == "selftest.trap" and .[0].what == "trap"' "the trapping kernel gives one error record"
	expect_q "$n" 'map(.type) == ["run","error","kernel","result","core","end"]' "after the trap the next kernel runs and the run ends"
	expect_q "$n" '.[-1].errors == 1' "end record counts the error"
}

# body_misfits ELF PREFIX: "COUNT BAD" over the generated bodies named
# PREFIX..._x1 and _x2 in ELF (tools/insn_body.h), BAD those that do not
# start on 64 bytes or end past the alignment their start has (a page at
# most); a body with no start counts as bad.
body_misfits() {
	declare -A start=()
	local a t n s e al bad=0 count=0
	while read -r a t n; do
		case $n in
		"$2"*_x[12]) start[$n]=$((16#$a)) ;;
		"$2"*_x[12]_end)
			s=${start[${n%_end}]:-x}
			[ "$s" = x ] && { bad=$((bad + 1)); continue; }
			e=$((16#$a)) al=$((s & -s))
			{ [ "$al" -eq 0 ] || [ "$al" -gt 4096 ]; } && al=4096
			count=$((count + 1))
			{ [ $((s % 64)) -ne 0 ] || [ $((e - s)) -gt "$al" ]; } && bad=$((bad + 1))
			;;
		esac
	done < <(llvm-nm-19 "$1")
	echo "$count $bad"
}

summary() { echo "$1: $pass passed, $fail failed"; [ "$fail" = 0 ]; }
