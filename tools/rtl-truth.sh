#!/usr/bin/env bash
# make rtl-truth RIG=DIR: figures, not a test (never part of make check).
# Runs the d1 image's sim profile, with no only= (the kernels the summary
# reads), on the cycle-exact OpenC906 in DIR (its run.sh and README: see
# docs/simulators.md) and prints each summary field beside the figure the
# rig's README gives for the core (its table, from the C906 user manual and
# the RTL), then the run's cost in the core's cycles and where they went
# (tools/cycle-costs.sh). The tree the rig writes lists no caches, so the
# run says them: baremark.llc=32 (the L1 is the last level before the
# testbench memory) and baremark.l1i=32.
# Exit status 0 when every field matches; 1 when one does not (or the run
# did not end). Takes ~11.6 M cycles: 10-15 minutes on a free core.
# Env: MAX_CYCLES (default 20000000), OUT (default build/rtl-truth),
# EXTRA (more bootargs), LOG=file (read an earlier run's console instead).
set -euo pipefail
cd "$(dirname "$0")/.."
RIG=${RIG:?usage: make rtl-truth RIG=path/to/rtl/c906}
OUT=${OUT:-build/rtl-truth}
MAX_CYCLES=${MAX_CYCLES:-20000000}
BUDGET=15000000
mkdir -p "$OUT"
make -s tools
if [ -z "${LOG:-}" ]; then
	[ -x "$RIG/run.sh" ] || { echo "rtl-truth: no $RIG/run.sh" >&2; exit 2; }
	make -s PLATFORM=d1 image
	LOG=$OUT/console.log
	echo "rtl-truth: running the sim profile on $RIG (up to $MAX_CYCLES cycles; console in $LOG)"
	OUT=$(realpath "$OUT")/rig "$RIG/run.sh" build/d1/baremark.bin \
		"baremark.profile=sim baremark.llc=32 baremark.l1i=32 ${EXTRA:-}" "$MAX_CYCLES" >"$LOG" 2>&1 || true
fi
J=$OUT/records.jsonl
build/host/baremark parse "$LOG" >"$J" 2>"$OUT/parse.err" || true
q() { jq -r -s "$1" "$J"; }

fails=0
# row FIELD MEASURED EXPECTED OK(true/false)
row() {
	local mark=ok
	[ "$4" = true ] || { mark=WRONG; fails=$((fails + 1)); }
	printf '%-22s %-34s %-30s %s\n' "$1" "$2" "$3" "$mark"
}
if [ "$(q '[.[] | select(.type=="summary")] | length')" = 0 ]; then
	echo "rtl-truth: no summary record in $LOG (the run did not get that far)" >&2
	tail -5 "$LOG" >&2
	exit 1
fi
S='[.[] | select(.type=="summary")][0]'
printf '%-22s %-34s %-30s %s\n' field measured "README (the core)" ""
row execution "$(q "$S.execution | \"\(.order) (ratio \(.overlap_ratio), \(.points) points)\"")" "in-order, no window" \
	"$(q "$S | .execution.order == \"in-order\" and (has(\"window\") | not)")"
row issue_width "$(q "$S.issue_width | \"\(.ipc) IPC (\(.from))\"")" "1.00 +-2% (single-issue)" \
	"$(q "$S.issue_width.ipc | . >= 0.98 and . <= 1.02")"
row L1 "$(q "$S.caches[0] // null | if . then \"\(.holds_bytes / 1024) KiB at \(.latency_cycles)\" else \"none\" end")" \
	"32 KiB at 2 cycles" "$(q "($S.caches[0] // {}) | .holds_bytes == 32768 and ((.latency_cycles // 0) | . >= 1.98 and . <= 2.02)")"
# `levels` lists every step, then the plateau the curve ends on
# (at_least): one step is one level, a second step a phantom one
row btb_16 "$(q "$S.btb_16 | \"\(.fits // .at_least)/\(.exceeds // \"-\") (\([.levels[] | select(has(\"exceeds\"))] | length) step(s))\"")" "16 entries" \
	"$(q "$S.btb_16 | .fits == 16 and ([.levels[] | select(has(\"exceeds\"))] | length) == 1")"
row btb_4 "$(q "$S.btb | \"\(.fits // .at_least)/\(.exceeds // \"-\") (\([.levels[] | select(has(\"exceeds\"))] | length) step(s))\"")" "16 entries" \
	"$(q "$S.btb | .fits == 16 and ([.levels[] | select(has(\"exceeds\"))] | length) == 1")"
# a gradual knee: the best fit (entries) and the range no worse than it
row return_stack "$(q "$S.return_stack | \"\(.entries // \"-\") (\(.fits // .at_least)-\(.exceeds // \"-\")) \(.shape // \"\")\"")" "4 entries" \
	"$(q "$S.return_stack | .entries == 4 and .fits <= 4 and .exceeds > 4")"
# without a br_miss count the penalty assumes half the random branches
# mispredicted, and its sampling range says how far that can be off
row mispredict_penalty "$(q "$S.mispredict_penalty | \"\(.cycles) (range \(.sampling_range // \"-\"))\"")" "about 3-4 cycles" \
	"$(q "$S.mispredict_penalty | (.sampling_range // [.cycles, .cycles]) | .[0] <= 4 and .[1] >= 3")"
row clock "$(q '[.[] | select(.type=="core")][0] | "\(.mhz) MHz +-\(.mhz_error_ppm) ppm"')" "1000 MHz (TIMEBASE = clock)" \
	"$(q '[.[] | select(.type=="core")][0] | ((.mhz - 1000) | fabs) * 1000 <= .mhz_error_ppm')"
bad=$(grep -o '[0-9]* bad CRC' "$OUT/parse.err" | head -1)
row errors "$(q '[.[] | select(.type=="error")] | length') error records, ${bad:-? bad CRC}" "0, no CRC failure" \
	"$(q '[.[] | select(.type=="error")] | length == 0' | sed "s/true/$([ "$bad" = "0 bad CRC" ] && echo true || echo false)/")"
# below a floor, a warm core's result is wrong; `unstable` (a spread of
# memory misses over three repeats) is listed, not counted against it
row below_floor "$(q '[.[] | select(.type=="result" and .verdict == "below_floor")] | "\(length) below a floor (all not ok listed below)"')" \
	"none on a warm core" "$(q '[.[] | select(.type=="result" and .verdict == "below_floor")] | length == 0')"
row cycles "$(q '.[-1] | select(.type=="end") | .ticks_from_entry.end')" "<= $BUDGET (ticks = cycles)" \
	"$(q ".[-1] | .type == \"end\" and .ticks_from_entry.end <= $BUDGET")"
q '[.[] | select(.type=="result" and .verdict != "ok") | "  not ok: \(.kernel) \(.param.value // "") \(.cycles_per_op.est) \(.verdict): \(.verdict_why // "")"] | .[]'
# where the cycles went, by kernel (the rig stamps each console line):
# only for the rig's run that wrote this console, never an older one's
if [ "$LOG" = "$OUT/console.log" ] && [ -r "$OUT/rig/console.cyc" ]; then
	echo "cycles by kernel (tools/cycle-costs.sh $OUT/rig/console.cyc):"
	bash tools/cycle-costs.sh "$OUT/rig/console.cyc" 12 || true
else
	echo "cycles by kernel: not broken down (LOG= names a console other than $OUT/console.log, whose rig stamps them)"
fi
echo "rtl-truth: $fails field(s) differ from the README"
[ "$fails" = 0 ]
