#!/usr/bin/env bash
# make bench: figures, not tests. Runs the Linux build on this machine and
# prints (a) the load-latency curve's steps, found automatically, beside
# the cache sizes Linux reports in sysfs, and (c) how much each kernel's
# result moves between runs, beside its spread within a run. (b), the
# comparison with `openssl speed`, waits for the crypto kernels.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
OUT=build/bench
mkdir -p "$OUT"
make -s PLATFORM=linux image tools
for r in $(seq "$RUNS"); do
	echo "bench: run $r of $RUNS (build/linux/baremark --profile full --repeat 5)" >&2
	build/linux/baremark --profile full --repeat 5 >"$OUT/run$r.log"
done
build/host/baremark parse "$OUT"/run*.log >"$OUT/all.jsonl" 2>/dev/null

echo "== $(date -u +%Y-%m-%d), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(uname -m)"
jq -r 'select(.type=="core") | "cycles: \(.counters.cycles)"' "$OUT/all.jsonl" | head -1

echo
echo "== (a) cache steps (run 1) against sysfs"
cpu=$(jq -r 'select(.type=="core") | .core' "$OUT/all.jsonl" | head -1)
for d in /sys/devices/system/cpu/cpu"$cpu"/cache/index*; do
	[ -f "$d/size" ] || continue
	case $(cat "$d/type") in Instruction) continue ;; esac
	size=$(cat "$d/size")
	bytes=$(numfmt --from=iec "${size%B}")
	step=$(build/host/baremark steps "$OUT/run1.log" 2>/dev/null |
		awk -v b="$bytes" '/step: between/ { if ($3 <= b && b < $5) print }')
	printf 'L%s %-8s %6s  %s\n' "$(cat "$d/level")" "$(cat "$d/type")" "$size" \
		"${step:-(no step in an interval containing this size)}"
done
build/host/baremark steps "$OUT/run1.log" 2>/dev/null | sed 's/^/  /'

echo
echo "== (c) spread: within a run (max-min)/med, and between runs (max-min)/min of the medians"
jq -r -s '
	[.[] | select(.type=="result" and .cycles_per_op)] |
	group_by([.kernel, (.param.value // -1)]) |
	map({k: (.[0].kernel + (if .[0].param then "/\(.[0].param.value)" else "" end)),
	     within: (map((.cycles_per_op.max - .cycles_per_op.min) / .cycles_per_op.med) | max),
	     between: ((map(.cycles_per_op.med) | (max - min) / min))}) |
	sort_by(-.between) | .[] |
	"\(.k | .[0:34] | . + " " * (34 - length)) within \((.within * 1000 | round) / 10)%   between runs \((.between * 1000 | round) / 10)%"
' "$OUT/all.jsonl"
