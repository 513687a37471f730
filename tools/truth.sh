#!/usr/bin/env bash
# make truth: figures, not tests. Runs the Linux build on this machine,
# RUNS times (default 3), with the kernels the summary record reads, and
# prints each run's summary beside the published figures of this CPU
# (docs/cores.md, through `baremark against`), then how the readings
# moved between runs. Logs stay in build/truth/.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
PROFILE=${PROFILE:-full}
OUT=build/truth
mkdir -p "$OUT"
make -s PLATFORM=linux image tools

# Which section of docs/cores.md describes this CPU: by vendor, family
# and model from /proc/cpuinfo (AMD family 1Ah models 00h-4Fh: Zen 5).
vendor=$(awk -F': ' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo)
family=$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)
model=$(awk -F': ' '/^model\t/ { print $2; exit }' /proc/cpuinfo)
core=
if [ "$vendor" = AuthenticAMD ] && [ "$family" = 26 ] && [ "${model:-999}" -lt 80 ]; then
	core="Zen 5"
fi
echo "== $(date -u +%Y-%m-%dT%H:%MZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //') ($vendor family $family model $model)"

# The kernels the summary reads (lib/summary.c), nothing else.
only='cache.load.lat,cache.seq.lat,cache.tlb.lat,cache.line.lat,cache.bw.read,branch.*,uarch.*,pipeline.add.*,pipeline.load.*,pipeline.mul.thr'
for r in $(seq "$RUNS"); do
	echo "truth: run $r of $RUNS (build/linux/baremark --profile $PROFILE --only ...)" >&2
	build/linux/baremark --profile "$PROFILE" --only "$only" >"$OUT/run$r.log"
	echo
	if [ -n "$core" ]; then
		build/host/baremark against docs/cores.md "$core" "$OUT/run$r.log" 2>/dev/null || true
	else
		echo "docs/cores.md has no section for this CPU: the summary alone"
		build/host/baremark summary "$OUT/run$r.log" 2>/dev/null || true
	fi
done
if [ "$RUNS" -gt 1 ]; then
	echo "== the summaries side by side"
	build/host/baremark summary "$OUT"/run*.log 2>/dev/null || true
fi
