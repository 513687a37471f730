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
# and model from /proc/cpuinfo. The model ranges are those Linux uses to
# tell the cores apart (arch/x86/kernel/cpu/amd.c, the X86_FEATURE_ZEN*
# switch; arch/x86/include/asm/intel-family.h).
vendor=$(awk -F': ' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo)
family=$(awk -F': ' '/^cpu family/ { print $2; exit }' /proc/cpuinfo)
model=$(awk -F': ' '/^model\t/ { print $2; exit }' /proc/cpuinfo)
case "$family:$model" in *[!0-9:]* | :* | *:) family=0 model=0 ;; esac
core=
case "$vendor" in
AuthenticAMD)
	if [ "$family" = 26 ] && { [ "$model" -le 47 ] || { [ "$model" -ge 64 ] && [ "$model" -le 79 ]; } ||
		{ [ "$model" -ge 96 ] && [ "$model" -le 127 ]; }; }; then
		core="Zen 5" # family 1Ah, models 00h-2Fh, 40h-4Fh, 60h-7Fh
	elif [ "$family" = 25 ] && { { [ "$model" -ge 16 ] && [ "$model" -le 31 ]; } ||
		{ [ "$model" -ge 96 ] && [ "$model" -le 175 ]; }; }; then
		core="Zen 4" # family 19h, models 10h-1Fh, 60h-AFh
	fi
	;;
GenuineIntel)
	# family 6: Sapphire Rapids 8Fh, Emerald Rapids CFh, Granite Rapids
	# ADh/AEh, Alder Lake 97h/9Ah, Raptor Lake B7h/BAh/BFh, Meteor Lake
	# AAh/ACh (their P-cores; a hybrid part's E-cores are another core)
	case "$family:$model" in
	6:143 | 6:207 | 6:173 | 6:174 | 6:151 | 6:154 | 6:183 | 6:186 | 6:191 | 6:170 | 6:172) core="Golden Cove" ;;
	esac
	;;
esac
echo "== $(date -u +%Y-%m-%dT%H:%MZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //') ($vendor family $family model $model)"

# The kernels the summary reads (lib/summary.c), nothing else.
only='cache.load.lat,cache.seq.lat,cache.tlb.lat,cache.line.lat,cache.bw.read,branch.*,uarch.*,pipeline.add*,pipeline.load.*,pipeline.mul.thr'
for r in $(seq "$RUNS"); do
	echo "truth: run $r of $RUNS (build/linux/baremark --profile $PROFILE --only ...)" >&2
	build/linux/baremark --profile "$PROFILE" --only "$only" >"$OUT/run$r.log"
	# a refused option runs the whole suite: say so rather than time it
	if grep -q 'malformed options ignored' "$OUT/run$r.log"; then
		grep -m1 'malformed options ignored' "$OUT/run$r.log" >&2
		exit 1
	fi
	echo
	if [ -n "$core" ]; then
		echo "docs/cores.md section: \"$core\" (picked by $vendor family $family model $model)"
		build/host/baremark against docs/cores.md "$core" "$OUT/run$r.log" 2>/dev/null || true
	else
		echo "docs/cores.md has no section for this CPU ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $vendor family $family model $model): the summary alone"
		build/host/baremark summary "$OUT/run$r.log" 2>/dev/null || true
	fi
done
if [ "$RUNS" -gt 1 ]; then
	echo "== the summaries side by side"
	build/host/baremark summary "$OUT"/run*.log 2>/dev/null || true
	# a knee that moved between the runs is unstable, with each bracket
	if [ -n "$core" ]; then
		echo "== between the runs"
		build/host/baremark against docs/cores.md "$core" "$OUT"/run*.log 2>/dev/null | sed -n '/^# between the/,/^$/p' || true
	fi
fi
