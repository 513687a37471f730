#!/usr/bin/env bash
# gen_cores.sh LOG N CRCLINES: a log of N cores of one type made from a
# one-core run's records (as `baremark.cores=all` writes on a board with
# N such cores, a Milk-V Pioneer's 64 C920s for instance): the run record
# with N cores, then each core's core record and every result, skip and
# summary record of that core, then the end record. Every line goes
# through CRCLINES (tests/tools/crclines.c) for its checksum. For the
# host tool's benchmarks (tools/bench.sh, section h) and its tests.
set -euo pipefail
log=$1 n=$2 crc=$3
case "$n" in '' | *[!0-9]*) echo "gen_cores.sh: N must be a whole number" >&2; exit 2 ;; esac
build/host/baremark parse "$log" 2>/dev/null | jq -c --argjson n "$n" -s '
	map(del(._log, ._line)) as $r
	| ($r | map(select(.type == "run"))[0] | .cores = $n),
	  (range($n) as $c
	   | $r[] | select(.type == "core" or .type == "result" or .type == "skip" or .type == "summary")
	   | .core = $c | if .type == "core" then .hart = $c else . end),
	  ($r | map(select(.type == "end"))[0])' | "$crc"
