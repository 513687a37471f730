#!/usr/bin/env bash
# Logs are untrusted: users share them. From a real run, make logs whose
# records all carry valid CRCs but hostile contents (strings that try to
# end a gnuplot command or data block, HTML that would run script, CSV
# formulas, quotes, control and non-ASCII bytes, 20 KB strings; fields
# missing; strings where numbers belong and the reverse; extreme numbers;
# nesting deeper than the parser takes), and run every subcommand on each
# under ASan/UBSan. Asserted: no sanitizer report, no crash (exit 0, 1 or
# 2), no file written by a command smuggled into gnuplot, CSV with the
# header's column count on every row and no cell a spreadsheet would run,
# and in Chromium no script from a log ran in any report.
set -uo pipefail
TOOL=${TOOL:-build/host/baremark-san}
OUT=${OUT:-build/test-hostile}
rm -rf "$OUT" && mkdir -p "$OUT/logs"
OUT=$(cd "$OUT" && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
# to_log: JSON objects, one a line, as a console log with CRCs
cc -O1 -o "$OUT/crclines" tests/tools/crclines.c -lz || exit 1
to_log() { "$OUT/crclines"; }

PWN="$OUT/pwned"
export ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1

# A real run with every record type: results, skips (cache.line.lat has no
# flush on QEMU's RISC-V; Zvknha is missing), the summary, the end.
tests/qemu/boot.sh qemu-rv64 build/qemu-rv64 \
	"baremark.only=pipeline.add.*,crypto.sha256.*,cache.line.lat,cache.load.lat,branch.pattern,workload.crc,workload.lu baremark.profile=quick" \
	>"$OUT/base.log" 2>/dev/null
"$TOOL" parse "$OUT/base.log" 2>/dev/null | jq -c 'del(._log, ._line)' >"$OUT/base.jsonl"
expect "the base run has run, core, kernel, result, skip, summary and end records" \
	test "$(jq -r .type "$OUT/base.jsonl" | sort -u | tr '\n' ' ')" = "core end kernel result run skip summary "
# and the instruction table's records (a real QEMU run's, issue 42): a
# form measured, one through a companion, a round trip, an extension's
# skip, so that every odd string and number below reaches `insn` too
# (before the end record: capture stops there)
grep -E '"f":"rv64\.(i\.add|m\.mulh|m\.div|d\.fmv\.x\.d)"|"kernel":"insn\.rv64\.xtheadbb"' \
	tests/fixtures/insn-qemu-rv64-max.log | sed 's/^@bm //; s/ \*[0-9a-f]*.$//; s/ \*[0-9a-f]*$//' >"$OUT/insn.jsonl"
awk -v f="$OUT/insn.jsonl" '/"type":"end"/ { while ((getline l < f) > 0) print l } { print }' "$OUT/base.jsonl" >"$OUT/base2.jsonl" &&
	mv "$OUT/base2.jsonl" "$OUT/base.jsonl"
expect "the base run has the insn records before its end" \
	test "$(jq -r .type "$OUT/base.jsonl" | tail -6 | tr '\n' ' ')" = "insn insn insn insn skip end "

strings=(
	"x
system \"touch $PWN\"
set title 'x"
	"a
EOD
system \"touch $PWN\"
\$d << EOD
b"
	"'; system \"touch $PWN\"; print '"
	"<script>document.body.setAttribute(\"data-pwned\",\"1\")</script><img src=x onerror=\"document.body.setAttribute('data-pwned','1')\">"
	"=HYPERLINK(\"http://example.invalid\",\"a,b\")"
	"+1,\"two\"
-3	@4"
	$'\x01\x1b[31m\xc3\xa9\xe2\x82\xac\xef\xbf\xbf back\\slash `tick`'
	"$(head -c 20000 /dev/zero | tr '\0' A)"
	""
	$'\x1b[2J\x1b]52;c;cHduZWQ=\x07\x1b]0;title\x07 del\x7f c1\xc2\x9b bidi\xe2\x80\xae iso\xe2\x81\xa6 nl\nx tab\tcr\r'
)
# The last: terminal controls (clear screen; OSC 52, which writes the
# clipboard; OSC 0, the window title), DEL, a C1 control (U+009B, CSI),
# bidi overrides (U+202E, U+2066) and C0 line controls. No output of any
# subcommand may carry one from the log (textsafe.h): checked on the
# bytes of stdout and stderr, where only the tool's own line ends may be.
ctl=$((${#strings[@]} - 1))
# no_controls FILE...: no C0 but \n, no DEL, no C1, no bidi override or isolate
no_controls() { ! LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]' "$@"; }
i=0
for s in "${strings[@]}"; do
	# every string but the record type, and every event name, is the odd one
	jq -c --arg s "$s" '. as $r | walk(if type == "string" then $s else . end) | .type = $r.type
		| if .events_per_op then .events_per_op = {($s): 1.5} else . end' "$OUT/base.jsonl" | to_log >"$OUT/logs/str$i.log"
	# the names the plots print, with kernel names and counter statuses
	# kept so that every plot is drawn: core and platform names reach
	# gnuplot's titles; then odd kernel names, which reach its data blocks
	jq -c --arg s "$s" 'reduce ("platform", "build", "compatible", "name", "type_label", "reason", "op", "program_class") as $k
		(.; if has($k) then .[$k] = $s else . end) | if .param then .param.name = $s else . end' \
		"$OUT/base.jsonl" | to_log >"$OUT/logs/names$i.log"
	jq -c --arg s "$s" 'if .kernel then .kernel = $s + .kernel else . end' "$OUT/base.jsonl" | to_log >"$OUT/logs/kern$i.log"
	i=$((i + 1))
done
# fields missing: every record reduced to v and type; and each optional
# field the tools read taken away on its own
jq -c '{v, type}' "$OUT/base.jsonl" | to_log >"$OUT/logs/bare.log"
jq -c 'del(.build, .reason, .param.name, .cycles_per_op, .platform, .cores, .core, .kernel, .verdict, .caches)' \
	"$OUT/base.jsonl" | to_log >"$OUT/logs/missing.log"
# the wrong types: objects where strings are, strings where numbers are
jq -c '. as $r | walk(if type == "string" then {"x": [1, "y"]} elif type == "number" then "12" else . end) | .type = $r.type | .v = 1' \
	"$OUT/base.jsonl" | to_log >"$OUT/logs/types.log"
# extreme numbers
for n in 1e308 -1e308 -1 0 9223372036854775807 -9223372036854775808; do
	jq -c --argjson n "$n" 'walk(if type == "number" then $n else . end) | .v = 1' "$OUT/base.jsonl" |
		to_log >"$OUT/logs/num$n.log"
done
# nesting: 10,000 and 500 deep; records nest a few levels, and anything
# past 32 is refused before the (recursive) JSON parser sees it
deep() { printf '{"v":1,"type":"result","kernel":"k","x":'; head -c "$1" /dev/zero | tr '\0' '['; head -c "$1" /dev/zero | tr '\0' ']'; printf '}\n'; }
{ deep 10000 | to_log; deep 500 | to_log; cat "$OUT/base.log"; } >"$OUT/logs/deep.log"
# a log whose name is itself hostile
cp "$OUT/logs/str0.log" "$OUT/logs/<b>'x\",=y.log"
# text that outgrows a table cell or a column label (issue 37: built with
# n += snprintf(buf + n, cap - n), cap - n wrapped round and the next
# write ran past the buffer): a 1e15 figure (the most a figure can be,
# lognum.h), a 400-byte verdict and an
# event after them; two core types with one 150-character name and
# compatible, whose labels then need their type numbers
long=$(head -c 400 /dev/zero | tr '\0' v)
jq -c --arg v "$long" 'if .type == "result" then .cycles_per_op = {est: 1e15, q1: 1e15, q3: 1e15} | .verdict = $v
	| .events_per_op = {l1d_miss: 1.5} else . end' "$OUT/base.jsonl" | to_log >"$OUT/logs/cut.log"
name=$(head -c 150 /dev/zero | tr '\0' N)
jq -c --arg n "$name" 'if .type == "core" then (.name = $n | .compatible = $n), (.core = 1 | .core_type = 1 | .name = $n | .compatible = $n)
	elif .type == "result" then ., (.core = 1 | .core_type = 1) else . end' "$OUT/base.jsonl" | to_log >"$OUT/logs/clash.log"

# csv_ok FILE: every row has the header's column count (RFC 4180, quoted
# cells may hold commas, quotes and line breaks), and no cell that is not
# a number starts with = + - @ (a spreadsheet would run it).
csv_ok() {
	awk 'BEGIN { RS = "\0" } {
		n = length($0); row = 0; cols = 1; want = -1; cell = ""; q = 0; quoted = 0
		for (i = 1; i <= n; i++) {
			c = substr($0, i, 1)
			if (q) { if (c == "\"") { if (substr($0, i + 1, 1) == "\"") { cell = cell c; i++ } else q = 0 } else cell = cell c; continue }
			if (c == "\"") { q = 1; quoted = 1; continue }
			if (c == "," || c == "\n") {
				if (cell ~ /^[=+@\t\r]/ || (cell ~ /^-/ && cell !~ /^-[0-9.]+$/)) { print "formula cell: " cell; exit 1 }
				cell = ""; quoted = 0
				if (c == ",") { cols++; continue }
				if (want < 0) want = cols; else if (cols != want) { print "row " row ": " cols " cells, header " want; exit 1 }
				row++; cols = 1; continue
			}
			cell = cell c
		}
		if (q) { print "unterminated quote"; exit 1 }
	}' "$1"
}

for log in "$OUT"/logs/*.log; do
	name=$(basename "$log")
	for cmd in "parse" "parse --format csv" "compare" "compare --format csv" "compare --format markdown" \
		"compare --per-core" "summary" "crypto" "steps" "report" "insn" "insn --csv" "insn --json"; do
		set -- $cmd
		out="$OUT/out.txt"
		if [ "$1" = report ]; then
			"$TOOL" report "$log" -o "$OUT/report.html" >"$out" 2>"$OUT/err.txt"
		else
			"$TOOL" "$@" "$log" >"$out" 2>"$OUT/err.txt"
		fi
		st=$?
		if [ "$st" -gt 2 ] || grep -qE 'AddressSanitizer|runtime error|LeakSanitizer' "$OUT/err.txt"; then
			bad "$cmd on $name: exit $st: $(grep -m3 -E 'ERROR|runtime error|SUMMARY' "$OUT/err.txt")"
		else
			ok
		fi
		case "$cmd" in *csv*) [ "$st" = 0 ] && { msg=$(csv_ok "$out") && ok || bad "$cmd on $name: $msg"; } ;; esac
		case "$cmd" in *json) [ "$st" = 0 ] && { jq -e .rows "$out" >/dev/null && ok || bad "$cmd on $name: not JSON"; } ;; esac
		case "$name" in
		*"$ctl".log)
			expect "$cmd on $name: no control character from the log in its output" no_controls "$out" "$OUT/err.txt"
			;;
		esac
		if [ "$1" = report ] && [ "$st" -le 1 ] && [ -s "$OUT/report.html" ]; then
			# the browser for the logs that carry HTML (string 3) and the odd file name
			if command -v chromium >/dev/null && [[ $name == *3.log || $name == \<* ]]; then
				rm -rf "$OUT/chrome"
				timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
					--disable-component-update --disable-sync --no-first-run --user-data-dir="$OUT/chrome" \
					--dump-dom "file://$OUT/report.html" >"$OUT/dom.html" 2>/dev/null
				expect "report on $name: Chromium loads it and no script from the log ran" \
					eval '[ -s "$OUT/dom.html" ] && ! grep -q "data-pwned=\"1\"" "$OUT/dom.html"'
			fi
			expect "report on $name: no <script> element reached the page" eval '! grep -qi "<script" "$OUT/report.html"'
		fi
	done
done
# the control string where against, capture and inspect read it too
for log in "$OUT/logs/str$ctl.log" "$OUT/logs/names$ctl.log"; do
	"$TOOL" against docs/cores.md "Zen 4" "$log" >"$OUT/out.txt" 2>"$OUT/err.txt"
	st=$?
	expect "against on $(basename "$log"): exit 0-2, no control character from the log" \
		eval '[ $st -le 2 ] && no_controls "$OUT/out.txt" "$OUT/err.txt"'
	"$TOOL" capture - -o "$OUT/cap.log" <"$log" >"$OUT/out.txt" 2>"$OUT/err.txt"
	expect "capture of $(basename "$log"): the echo escapes the log's controls, the saved log keeps its bytes" \
		eval '! LC_ALL=C grep -qaP "\x1b|\x7f|\xc2\x9b|\xe2\x80\xae" "$OUT/out.txt" "$OUT/err.txt" && cmp -s "$log" "$OUT/cap.log"'
done
# a file name that is itself a control sequence, in the messages about it
cp "$OUT/logs/bare.log" "$OUT/logs/"$'\x1b]0;pwned\x07.log'
"$TOOL" summary "$OUT/logs/"$'\x1b]0;pwned\x07.log' >"$OUT/out.txt" 2>"$OUT/err.txt"
expect "a file name with OSC 0 shows escaped in the messages" \
	eval 'no_controls "$OUT/out.txt" "$OUT/err.txt" && grep -q "x1b]0;pwned" "$OUT/err.txt"'
# and in the report's page, which `cat` would otherwise act on
evil="$OUT/"$'\x1b[2J\x1b]52;c;cHduZWQ=\x07\xe2\x80\xaeevil.log'
cp "$OUT/base.log" "$evil"
"$TOOL" report "$evil" -o "$OUT/evil.html" >/dev/null 2>&1
expect "report: a file name's controls and bidi override show escaped in the page" \
	eval '! LC_ALL=C grep -qaP "\x1b|\x07|\xe2\x80\xae" "$OUT/evil.html" && grep -q "x1b\[2J\\\\x1b\]52;c;cHduZWQ=\\\\x07\\\\u202eevil.log" "$OUT/evil.html"'
rm -f "$evil"
rm -f "$OUT/logs/"$'\x1b]0;pwned\x07.log'
# a device tree whose strings carry them, through inspect
printf '/dts-v1/;\n/ { model = "m\\x1b[2J\\x07"; compatible = "x\\x1b]52;c;cHduZWQ=\\x07", "riscv-virtio"; #address-cells = <2>; #size-cells = <2>;\n cpus { #address-cells = <1>; #size-cells = <0>; timebase-frequency = <10000000>;\n  cpu@0 { device_type = "cpu"; reg = <0>; compatible = "r\\x9b\\x1b[31m", "riscv"; riscv,isa = "rv64imac\\x1b"; status = "okay"; }; }; };\n' >"$OUT/ctl.dts"
if dtc -q -I dts -O dtb -o "$OUT/ctl.dtb" "$OUT/ctl.dts"; then
	"$TOOL" inspect "$OUT/ctl.dtb" >"$OUT/out.txt" 2>"$OUT/err.txt"
	st=$?
	expect "inspect: a tree's control characters show escaped" \
		eval '[ $st -le 2 ] && no_controls "$OUT/out.txt" "$OUT/err.txt" && grep -q "x1b" "$OUT/out.txt"'
else
	bad "dtc could not build the control-character tree"
fi
# parse's JSON lines keep the log's values: jq reads back the same string
"$TOOL" parse "$OUT/logs/kern$ctl.log" 2>/dev/null | head -20 >"$OUT/ctl.jsonl"
expect "parse: the JSON lines are printable ASCII, and jq reads the log's kernel name back" \
	eval 'no_controls "$OUT/ctl.jsonl" && [ "$(jq -r "select(.type==\"result\") | .kernel" "$OUT/ctl.jsonl" | head -c 4 | od -An -tx1 | tr -d " ")" = 1b5b324a ]'
expect "no command smuggled into gnuplot ran (no $PWN)" test ! -e "$PWN"
# the 10,000-deep record is refused as malformed, the rest still read
"$TOOL" parse "$OUT/logs/deep.log" >/dev/null 2>"$OUT/deep.err"
expect "10,000- and 500-deep nesting: refused as malformed, the real records still read" \
	grep -qE ': [0-9]+ records ok, 0 bad CRC, 2 malformed' "$OUT/deep.err"
# the labels gnuplot saw: a report script keeps log strings to safe characters
"$TOOL" report "$OUT/logs/str1.log" -o "$OUT/r1.html" >/dev/null 2>&1
expect "report: the odd core name shows escaped in the page" grep -q '&lt;\|?' "$OUT/r1.html"
# warnings are records; the report lists them, escaped
{ cat "$OUT/base.log"; echo '{"v":1,"type":"warning","core":0,"text":"baremark.cores names <b>core</b> 0x0 more than once"}' | to_log; } >"$OUT/warn.log"
"$TOOL" report "$OUT/warn.log" -o "$OUT/warn.html" >/dev/null 2>&1
expect "report: the log's warnings listed, escaped" grep -q '<li>[^<]*warn.log: baremark.cores names &lt;b&gt;core&lt;/b&gt; 0x0 more than once</li>' "$OUT/warn.html"
# a core that counts no cycles (a RISC-V hart without Zicntr): its
# results have ns only; crypto shows their MB/s from the timer and says
# once why there are no cycles, rather than a bare dash
jq -c 'if .type == "result" then del(.cycles_per_op, .ipc) else . end' "$OUT/base.jsonl" | to_log >"$OUT/nocyc.log"
"$TOOL" crypto "$OUT/nocyc.log" >"$OUT/nocyc.txt" 2>/dev/null
expect "crypto: a result without cycles shows the timer's MB/s, and why once, not a bare dash" \
	eval '[ "$(grep -c "^crypto.sha256.scalar .*MB/s (timer)$" "$OUT/nocyc.txt")" = 3 ] && [ "$(grep -c "^\[1\] no cycle count: " "$OUT/nocyc.txt")" = 1 ]'
# a figure the image judged impossible is shown flagged, with its reason
jq -c 'if .kernel == "pipeline.add.lat" then .verdict = "below_floor" | .verdict_why = "0.500 cycles per op is below 1.000 cycles" else . end' \
	"$OUT/base.jsonl" | to_log >"$OUT/flag.log"
"$TOOL" compare "$OUT/flag.log" >"$OUT/flag.txt" 2>/dev/null
"$TOOL" compare "$OUT/flag.log" --format csv >"$OUT/flag.csv" 2>/dev/null
expect "compare: a below-floor figure is marked, and its reason listed under the table" \
	eval 'grep -q "^pipeline.add.lat .*!below_floor" "$OUT/flag.txt" && grep -q "^! pipeline.add.lat .*: below_floor: 0.500 cycles per op is below 1.000 cycles$" "$OUT/flag.txt"'
expect "compare csv: the verdict column" grep -q '"pipeline.add.lat",.*,"below_floor","cyc/op"$' "$OUT/flag.csv"
# a directory is not an empty log: an I/O error with the system's reason
mkdir -p "$OUT/adir"
"$TOOL" parse "$OUT/adir" >/dev/null 2>"$OUT/dir.err"
st=$?
expect "a directory as a log: exit 2 (I/O), 'Is a directory'" eval '[ $st = 2 ] && grep -q "Is a directory" "$OUT/dir.err"'

# a value no plot can take (1e308 cycles; 0 on the latency plot's log
# axis) is left out of its plot with a note; the other points and logs plot
jq -c 'if .type == "result" and .kernel == "cache.load.lat" and .param.value == 2048 then .cycles_per_op = {est: 1e308, q1: 1e308, q3: 1e308}
	elif .type == "result" and .kernel == "cache.load.lat" and .param.value == 4096 then .cycles_per_op = {est: 0, q1: 0, q3: 0} else . end' \
	"$OUT/base.jsonl" | to_log >"$OUT/inf.log"
"$TOOL" report "$OUT/inf.log" "$OUT/base.log" -o "$OUT/inf.html" >/dev/null 2>"$OUT/inf.err"
st=$?
expect "report: 1e308 and a zero on a log axis: exit 0, every figure drawn" \
	eval '[ $st = 0 ] && ! grep -q "gnuplot failed\|undefined variable" "$OUT/inf.err" && ! grep -q "gnuplot could not draw" "$OUT/inf.html"'
expect "report: the latency plot drawn, with a note of the two values left out" \
	eval 'grep -A400 "<figure id=\"cache-latency\"" "$OUT/inf.html" | grep "<svg" >/dev/null && grep -q "^<p class=\"absent\">2 values left out of the figure above: " "$OUT/inf.html"'
# a gnuplot that fails: each figure says so, with what gnuplot said
mkdir -p "$OUT/badgp"
printf '#!/bin/sh\necho "line 1: something <b>broke</b>"\nexit 1\n' >"$OUT/badgp/gnuplot"
chmod +x "$OUT/badgp/gnuplot"
PATH="$OUT/badgp:$PATH" "$TOOL" report "$OUT/base.log" -o "$OUT/badgp.html" >/dev/null 2>&1
expect "report: a plot gnuplot could not draw says so in its figure, escaped" \
	eval '[ "$(grep -c "<p class=\"absent\">gnuplot could not draw this figure: line 1: something &lt;b&gt;broke&lt;/b&gt;" "$OUT/badgp.html")" = "$(grep -c "<figure " "$OUT/badgp.html")" ]'

# kernels of more families than the IPC figures take: said, not dropped
jq -c 'if .type == "result" and .kernel == "pipeline.add.lat" then ., (range(20) as $i | .kernel = "fam\($i).x") else . end' \
	"$OUT/base.jsonl" | to_log >"$OUT/fams.log"
"$TOOL" report "$OUT/fams.log" -o "$OUT/fams.html" >/dev/null 2>&1
expect "report: IPC families past the figures' limit are said" \
	grep -q '^<p class="absent">[0-9]* kernels of families past the first 16 have no IPC figure here' "$OUT/fams.html"

# what did not fit is cut and said, the rest of the table intact
"$TOOL" compare "$OUT/logs/cut.log" --format markdown >"$OUT/cut.md" 2>/dev/null
expect "compare: a cell past its buffer ends in the cut mark, the row still ends its table" \
	eval 'grep -q "^| cache.load.lat | bytes=1024 | .* !vvvv*… |$" "$OUT/cut.md"'
"$TOOL" compare "$OUT/logs/clash.log" >"$OUT/clash.txt" 2>/dev/null
expect "compare: two types of one long name keep their type numbers and cores in the label (the name is cut)" \
	eval 'grep -q "^# qemu-rv64 NNN*… type 0 #0: " "$OUT/clash.txt" && grep -q "^# qemu-rv64 NNN*… type 1 #1: " "$OUT/clash.txt"'

# Hostile numbers (issue 44): every number read from a log is range-
# checked before it is converted or used (tools/baremark/lognum.h); the
# sanitizer build has float-cast-overflow. A gradual knee whose exceeds
# is INT64_MIN (summary's `exceeds - 1` overflowed), memory.at_bytes and
# the read bandwidth's *_at_bytes 1e300 (cast to an integer), a cache's
# holds_bytes INT64_MAX (against's MiB test cast it): each row says
# "out of range", the rest of the table as before.
# (jq holds numbers as doubles: the two 64-bit limits go in as text)
jq -c 'if .type == "summary" then .return_stack = {fits: 8, exceeds: "INT64_MIN", entries: 8}
	| .memory = {latency_cycles: 100, at_bytes: 1e300}
	| .read_bandwidth = {small_bytes_per_cycle: 4, small_at_bytes: 1e300, large_bytes_per_cycle: 2, large_at_bytes: 1e300}
	| .caches = [{holds_bytes: "INT64_MAX", step_before_bytes: 65536, latency_cycles: 4}] else . end' "$OUT/base.jsonl" |
	sed 's/"INT64_MIN"/-9223372036854775808/; s/"INT64_MAX"/9223372036854775807/' | to_log >"$OUT/logs/range.log"
expect "the hostile numbers' log: every record reads (the limits are JSON integers jansson takes)" \
	eval '"$TOOL" parse "$OUT/logs/range.log" 2>&1 >/dev/null | grep -q ": [0-9]* records ok, 0 bad CRC, 0 malformed" &&
		grep -q "\"exceeds\":-9223372036854775808" "$OUT/logs/range.log" && grep -q "\"holds_bytes\":9223372036854775807" "$OUT/logs/range.log"'
"$TOOL" summary "$OUT/logs/range.log" >"$OUT/range.txt" 2>"$OUT/range.err"
st=$?
oor="unavailable: a value out of range in the log"
expect "summary on INT64_MIN, 1e300 and INT64_MAX: exit 0, no sanitizer report" \
	eval '[ $st = 0 ] && ! grep -q "runtime error\|Sanitizer" "$OUT/range.err"'
for row in "return stack" "memory latency" "read bandwidth" "cache level 1"; do
	expect "summary: the $row row says its number is out of range" grep -q "^$row  *| $oor *\$" "$OUT/range.txt"
done
expect "summary: the rows with numbers in range read as before" \
	eval 'grep -q "^issue width  *| 1.00 instructions/cycle" "$OUT/range.txt" && [ "$(grep -c "out of range" "$OUT/range.txt")" = 4 ]'
"$TOOL" against docs/cores.md "Cortex-A72" "$OUT/logs/range.log" >"$OUT/range-against.txt" 2>"$OUT/range-against.err"
st=$?
expect "against on holds_bytes INT64_MAX: no sanitizer report, L1 not measured (out of range), never judged" \
	eval '[ $st -le 1 ] && ! grep -q "runtime error\|Sanitizer" "$OUT/range-against.err" &&
		grep -q "^L1  *| out of range  *| 32 KiB  *| not measured (out of range in the log) |" "$OUT/range-against.txt"'
expect "against: the cache's latency, in range, still judged" grep -q "^L1 latency  *| 4  *| 4  *| agrees" "$OUT/range-against.txt"
# a figure past 10^15 (1e300 cycles per op) is no figure: compare says so
jq -c 'if .type == "result" and .kernel == "pipeline.add.lat" then .cycles_per_op = {est: 1e300, q1: 1e300, q3: 1e300} else . end' \
	"$OUT/base.jsonl" | to_log >"$OUT/logs/bigcyc.log"
"$TOOL" compare "$OUT/logs/bigcyc.log" >"$OUT/bigcyc.txt" 2>"$OUT/bigcyc.err"
expect "compare: 1e300 cycles per op is 'out of range in the log', not a number and not 'no cycle counter'" \
	grep -q "^pipeline.add.lat  *| out of range in the log" "$OUT/bigcyc.txt"

# BAREMARK_GNUPLOT= (set and empty): the page without plots, exit 0, as
# docs/host-tool.md says; each figure names why it is not drawn.
BAREMARK_GNUPLOT= "$TOOL" report "$OUT/base.log" -o "$OUT/noplot.html" >/dev/null 2>"$OUT/noplot.err"
st=$?
expect "BAREMARK_GNUPLOT= : report exits 0 with the page, no gnuplot run, no 'incomplete'" \
	eval '[ $st = 0 ] && [ -s "$OUT/noplot.html" ] && ! grep -q "<svg" "$OUT/noplot.html" && ! grep -q "incomplete\|gnuplot failed" "$OUT/noplot.err"'
expect "BAREMARK_GNUPLOT= : the page still has the table of all results" grep -q "<h2>All results" "$OUT/noplot.html"

echo "hostile: $pass passed, $fail failed"
[ "$fail" = 0 ]
