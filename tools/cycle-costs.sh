#!/usr/bin/env bash
# tools/cycle-costs.sh CONSOLE.CYC [TOP]: where a simulated run's cycles
# went, by kernel. The rig's console.cyc stamps each line with the cycle
# of its first byte; the cycles since the line before are the work that
# line reports, so each record line's cycles go to the kernel it names
# ("k":"..."), and the rest (the boot, the calibration, the summary's
# arithmetic before its record) to "(other)". Prints the TOP (default
# 12) by cycles with their share, then the total. A name is taken only in
# the kernel-name shape ([a-z0-9._-]); any other line counts as
# "(other)", so nothing else of a line reaches the output.
set -euo pipefail
f=${1:?usage: cycle-costs.sh CONSOLE.CYC [TOP]}
top=${2:-12}
case $top in '' | *[!0-9]*) echo "cycle-costs: TOP must be a number" >&2; exit 2 ;; esac
[ -r "$f" ] || { echo "cycle-costs: cannot read $f" >&2; exit 2; }
costs=$(LC_ALL=C awk '
	match($0, /^\[[0-9]+\]/) {
		c = substr($0, 2, RLENGTH - 2) + 0
		k = "(other)"
		if (match($0, /"k":"[a-z0-9._-]+"/))
			k = substr($0, RSTART + 5, RLENGTH - 6)
		if (n++) cost[k] += c - last
		last = c
	}
	END { for (k in cost) printf "%d %s\n", cost[k], k }' "$f" | sort -k1,1nr -k2)
[ -n "$costs" ] || { echo "cycle-costs: no stamped lines in $f" >&2; exit 1; }
total=$(awk '{ t += $1 } END { print t }' <<<"$costs")
head -n "$top" <<<"$costs" | awk -v t="$total" '{ printf "  %10d %5.1f%%  %s\n", $1, 100 * $1 / t, $2 }'
printf '  %10d cycles from the first stamped line to the last\n' "$total"
