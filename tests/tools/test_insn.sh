#!/usr/bin/env bash
# baremark insn (issue 42): the instruction table from insn records, its
# CSV and JSON, llvm-mca-19 beside it (--llvm), and the report's table, on
# crafted logs with valid CRCs (two cores of two types, a skip, an error,
# verdicts, a companion, hostile ids and numbers) and on two real QEMU
# logs kept as fixtures (tests/fixtures/insn-qemu-rv64-{max,c906}.log:
# `make run`-style boots of baremark.only=insn.* on QEMU 10, -cpu max and
# c906, build 69fa232). TOOL is the ASan/UBSan build, with the form table
# generated from kernels/insn/forms_{rv64,a64,x86}.tsv.
set -uo pipefail
TOOL=${TOOL:-build/host/baremark-san}
OUT=${OUT:-build/test-insn}
MAKE=${MAKE:-make}
rm -rf "$OUT" && mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }
export ASAN_OPTIONS=exitcode=99:detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
$MAKE -s tools-san || exit 1
cc -O1 -o "$OUT/crclines" tests/tools/crclines.c -lz || exit 1
to_log() { "$OUT/crclines"; }
# cell TABLE FORM N: the Nth cell (1: the first column) of FORM's row
cell() { awk -F ' [|] ' -v f="$2" -v n="$3" '{ split($1, a, " ") } a[1] == f { c = $(n + 1); sub(/ +$/, "", c); print c; exit }' "$1"; }
# note TABLE TEXT: the number of the note whose text is TEXT
note() { grep -F -- "] $2" "$1" | sed -n 's/^\[\([0-9]*\)\] .*/\1/p' | head -1; }
sane() { ! grep -qE 'AddressSanitizer|runtime error|LeakSanitizer' "$1"; }

# Two cores of two types (core 0 the boot core: its records carry no "c").
cat >"$OUT/a.jsonl" <<'EOF'
{"v":2,"type":"run","platform":"test-rv64","build":"t","cpus":2,"options":{"repeat":5},"cores":[{"id":0,"state":"up","type":0,"boot":true},{"id":1,"state":"up","type":1}],"core_types":["big","little"]}
{"v":2,"type":"insn","f":"rv64.i.add","lat":1,"thr":0.25}
{"v":2,"type":"insn","f":"rv64.m.mul","lat":[3,2.9,3.1],"thr":1}
{"v":2,"type":"insn","f":"rv64.d.fmadd.d","lat":4,"thr":0.5,"lvd":"below_floor","lvw":"4 cycles is below the floor of 5"}
{"v":2,"type":"skip","kernel":"insn.rv64.zbb","reason":"no zbb in the ISA string","core":0,"core_type":0}
{"v":2,"type":"insn","f":"rv64.zbc.clmul","thr":2,"lat_why":"no chain from the result"}
{"v":2,"type":"insn","f":"rv64.m.mulh","lat":3,"thr":1,"via":"rv64.i.xor","via_lat":1}
{"v":2,"type":"insn","f":"rv64.i.add","c":1,"lat":2,"thr":1}
{"v":2,"type":"insn","f":"rv64.i.add","c":1,"lat":99,"thr":99}
{"v":2,"type":"insn","f":"rv64.m.mul","c":1,"lat":-1,"thr":1e300}
{"v":2,"type":"insn","f":"rv64.m.mulh","c":1,"lat":"12","thr":0}
{"v":2,"type":"insn","f":"rv64.m.mulhu","c":1,"lat":[1,2],"thr":[2,3,1]}
{"v":2,"type":"insn","f":"rv64.zbb.andn","c":1,"lat":1,"thr":0.5}
{"v":2,"type":"insn","f":"rv64.zbb.evil<script>","c":1,"lat":1,"thr":0.5}
{"v":2,"type":"insn","f":"RV64.I.ADD","c":1,"lat":1,"thr":0.5}
{"v":2,"type":"error","kernel":"insn.rv64.zbb.cpop.lat","what":"self-check failed","core":1,"core_type":1}
{"v":2,"type":"core","core":0,"core_type":0,"type_label":"big core","name":"U74"}
{"v":2,"type":"core","core":1,"core_type":1,"type_label":"little <script>x</script>","name":"S7"}
{"v":2,"type":"end"}
EOF
to_log <"$OUT/a.jsonl" >"$OUT/a.log"
"$TOOL" insn "$OUT/a.log" >"$OUT/a.txt" 2>"$OUT/a.err"
st=$?
expect "insn: exit 0, no sanitizer report" eval '[ $st = 0 ] && sane "$OUT/a.err"'
expect "insn: add on the big core (no \"c\": the boot core) 1.00 / 0.25, on the little core 2.00 / 1.00" \
	eval '[ "$(cell "$OUT/a.txt" rv64.i.add 1)" = "1.00 / 0.25" ] && [ "$(cell "$OUT/a.txt" rv64.i.add 2)" = "2.00 / 1.00" ]'
expect "insn: a repeated record: the first kept, the repeat counted" grep -q '^insn: 1 records repeat a form on a core' "$OUT/a.err"
expect "insn: mul's quartiles read, its estimate shown" test "$(cell "$OUT/a.txt" rv64.m.mul 1)" = "3.00 / 1.00"
n=$(note "$OUT/a.txt" "skipped: no zbb in the ISA string")
expect "insn: the skip covers every zbb form of its core, one note" \
	eval '[ -n "$n" ] && [ "$(cell "$OUT/a.txt" rv64.zbb.andn 1)" = "- / - [$n]" ] && [ "$(cell "$OUT/a.txt" rv64.zbb.cpop 1)" = "- / - [$n]" ]'
expect "insn: the other core measured andn" test "$(cell "$OUT/a.txt" rv64.zbb.andn 2)" = "1.00 / 0.50"
n=$(note "$OUT/a.txt" "latency unavailable: error: self-check failed")
expect "insn: an error record of a form's latency kernel: its latency unavailable with the error" \
	eval '[ -n "$n" ] && cell "$OUT/a.txt" rv64.zbb.cpop 2 | grep -q "^- / - \[$n\]"'
n=$(note "$OUT/a.txt" "latency below_floor: 4 cycles is below the floor of 5")
expect "insn: a verdict that is not ok: the figure marked !, the verdict and why in its note" \
	test "$(cell "$OUT/a.txt" rv64.d.fmadd.d 1)" = "4.00! / 0.50 [$n]"
n=$(note "$OUT/a.txt" "latency unavailable: no chain from the result")
expect "insn: lat_why: the latency '-' with the record's reason, the throughput shown" \
	test "$(cell "$OUT/a.txt" rv64.zbc.clmul 1)" = "- / 2.00 [$n]"
n=$(note "$OUT/a.txt" "latency through rv64.i.xor: its own 1.00 cycles, measured in the same run, subtracted")
expect "insn: a latency through a companion says which and what was subtracted" \
	test "$(cell "$OUT/a.txt" rv64.m.mulh 1)" = "3.00 / 1.00 [$n]"
expect "insn: a form neither log has on a column: —" test "$(cell "$OUT/a.txt" rv64.zbc.clmul 2)" = "—"
# hostile numbers: each figure refused with its reason, never shown
for r in "latency -1 refused: below 0" "throughput 1e+300 refused: above 100000 cycles, no one instruction's" \
	"latency refused: not a number or [est, q1, q3]" "throughput 0 refused: not above 0" \
	"throughput refused: its quartiles are out of order (3 > 1)"; do
	expect "insn: refused with a reason: $r" grep -qF "unavailable: $r" "$OUT/a.txt"
done
expect "insn: the refused cells show no number" \
	eval '[ "$(cell "$OUT/a.txt" rv64.m.mul 2 | cut -c1-6)" = "- / - " ] && [ "$(cell "$OUT/a.txt" rv64.m.mulh 2 | cut -c1-6)" = "- / - " ] && [ "$(cell "$OUT/a.txt" rv64.m.mulhu 2 | cut -c1-6)" = "- / - " ]'
expect "insn: forms not in the table (an odd id, upper case) listed as unknown, with their lines" \
	eval 'grep -q "^2 records name a form this tool.s table does not have" "$OUT/a.txt" && grep -q "^  rv64.zbb.evil<script> (.*a.log line 14)$" "$OUT/a.txt" && grep -q "^  RV64.I.ADD (.*a.log line 15)$" "$OUT/a.txt"'
expect "insn: an unknown form has no row" eval '! grep -q "^rv64.zbb.evil" "$OUT/a.txt"'
expect "insn: each column's core type named above the table" \
	eval 'grep -q "^# \[C1\] test-rv64 U74 #0: big core$" "$OUT/a.txt" && grep -q "^# \[C2\] test-rv64 S7 #1: little <script>x</script>$" "$OUT/a.txt"'

# a record whose CRC does not match is never used (clmul's, one byte changed)
sed '/"rv64.zbc.clmul"/ s/"thr":2/"thr":3/' "$OUT/a.log" >"$OUT/crc.log"
"$TOOL" insn "$OUT/crc.log" >"$OUT/crc.txt" 2>"$OUT/crc.err"
expect "insn: a record with a wrong CRC is counted and never shown" \
	eval 'grep -q ": 18 records ok, 1 bad CRC" "$OUT/crc.err" && ! grep -q "^rv64.zbc.clmul " "$OUT/crc.txt" && grep -q "^rv64.zbc.clmul " "$OUT/a.txt"'

# NaN and a number past a double's range cannot be JSON: the record is
# malformed (counted, never used), whatever its CRC
{ cat "$OUT/a.log"; printf '%s\n' '{"v":2,"type":"insn","f":"rv64.i.sub","lat":NaN,"thr":1}' \
	'{"v":2,"type":"insn","f":"rv64.i.sub","c":1,"lat":1e400,"thr":1}' | to_log; } >"$OUT/nan.log"
"$TOOL" insn "$OUT/nan.log" >"$OUT/nan.txt" 2>"$OUT/nan.err"
expect "insn: NaN and 1e400 records are malformed, never shown" \
	eval 'grep -q ": 19 records ok, 0 bad CRC, 2 malformed" "$OUT/nan.err" && ! grep -q "^rv64.i.sub " "$OUT/nan.txt"'

# CSV and JSON: a row per form and core
"$TOOL" insn "$OUT/a.log" --csv >"$OUT/a.csv" 2>"$OUT/csv.err"
st=$?
expect "insn --csv: exit 0, the header's fields" \
	eval '[ $st = 0 ] && [ "$(head -1 "$OUT/a.csv")" = "log,column,core,core_type,type_label,form,isa,ext,lat,lat_q1,lat_q3,lat_why,lat_verdict,lat_verdict_why,thr,thr_q1,thr_q3,thr_why,thr_verdict,thr_verdict_why,via,via_lat,rt,thr_ins,cycles_estimated,line,vlen,cell,sew,lmul,vl" ]'
expect "insn --csv: mul on core 0: lat 3, q1 2.9, q3 3.1, thr 1" \
	grep -q '^"[^"]*a.log","test-rv64 U74 #0",0,0,"big core","rv64.m.mul","rv64","m",3,2.9,3.1,,"ok",,1,1,1,,"ok",,,,,,false,3,,,,,$' "$OUT/a.csv"
expect "insn --csv: a skipped form's row: no figure, the reason" \
	grep -q '^"[^"]*","test-rv64 U74 #0",0,0,"big core","rv64.zbb.andn","rv64","zbb",,,,"skipped: no zbb in the ISA string",,,,,,"skipped: no zbb in the ISA string",,,,,,,,,,,,,$' "$OUT/a.csv"
# core 0: add, mul, fmadd.d, clmul, mulh and the 24 zbb forms its skip
# covers; core 1: add, mul, mulh, mulhu, andn, cpop
zbb=$(grep -c '^zbb	' kernels/insn/forms_rv64.tsv)
expect "insn --csv: a row per form and core ($((11 + zbb)) with $zbb zbb forms), every row 31 cells" \
	eval '[ "$(($(wc -l <"$OUT/a.csv") - 1))" = $((11 + zbb)) ] && [ "$(sed "s/\"[^\"]*\"//g; s/[^,]//g" "$OUT/a.csv" | sort -u)" = ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,," ]'
"$TOOL" insn "$OUT/a.log" --json >"$OUT/a.json" 2>/dev/null
expect "insn --json: valid JSON; add on core 1: lat 2, thr 1, core_type 1, verdicts ok" \
	eval '[ "$(jq -c ".rows[] | select(.form == \"rv64.i.add\" and .core == 1) | [.lat, .thr, .core_type, .lat_verdict, .thr_verdict, .line]" "$OUT/a.json")" = "[2,1,1,\"ok\",\"ok\",8]" ]'
expect "insn --json: a refused figure is null with its reason" \
	eval '[ "$(jq -c ".rows[] | select(.form == \"rv64.m.mul\" and .core == 1) | [.lat, .lat_why]" "$OUT/a.json")" = "[null,\"latency -1 refused: below 0\"]" ]'
expect "insn --json: the unknown forms, with log and line" \
	eval '[ "$(jq -c "[.unknown_forms[] | [.form, .line]]" "$OUT/a.json")" = "[[\"rv64.zbb.evil<script>\",14],[\"RV64.I.ADD\",15]]" ]'
"$TOOL" insn "$OUT/a.log" --csv --json >/dev/null 2>&1
st=$?
expect "insn: --csv with --json is a usage error (2)" test $st = 2

# llvm-mca-19 beside the figures. llvm-19 (Debian 12) today: sifive-u74
# gives add a latency of 3 and an RThroughput of 0.50, mul 3 / 1.00,
# fmadd.d 7 / 1.00; it has no model of clmul (unsupported); cortex-a53
# gives add 3 / 0.50 (the A53 forwards in 1), madd 4 / 1.00, fmadd 10 /
# 1.00, and none of ldadd.
if command -v llvm-mca-19 >/dev/null; then
	# a wrapper that keeps llvm-mca's arguments and input, to check both
	cat >"$OUT/mca.sh" <<EOF
#!/bin/sh
printf '%s\n' "\$@" >"$OUT/mca.argv"
tee "$OUT/mca.in" | llvm-mca-19 "\$@"
EOF
	chmod +x "$OUT/mca.sh"
	BAREMARK_LLVM_MCA="$OUT/mca.sh" "$TOOL" insn "$OUT/a.log" --llvm sifive-u74 >"$OUT/u74.txt" 2>"$OUT/u74.err"
	st=$?
	expect "insn --llvm sifive-u74: exit 0" eval '[ $st = 0 ] && sane "$OUT/u74.err"'
	expect "insn --llvm: add 3 / 0.50, mul 3 / 1.00, fmadd.d 7 / 1.00 (llvm-19's u74 model)" \
		eval '[ "$(cell "$OUT/u74.txt" rv64.i.add 3)" = "3 / 0.50" ] && [ "$(cell "$OUT/u74.txt" rv64.m.mul 3)" = "3 / 1.00" ] && [ "$(cell "$OUT/u74.txt" rv64.d.fmadd.d 3)" = "7 / 1.00" ]'
	n=$(note "$OUT/u74.txt" "unsupported by llvm-mca for sifive-u74: no scheduling information in its model")
	expect "insn --llvm: a form llvm's model lacks says so, no number" test "$(cell "$OUT/u74.txt" rv64.zbc.clmul 3)" = "- [$n]"
	# add (1 vs 3) differs; mul (3 / 1 vs 3 / 1) does not: add listed first
	ln() { grep -n "^$2 " "$1" | cut -d: -f1; }
	expect "insn --llvm: the forms that differ by more than a cycle or 25% first, then the rest" \
		eval '[ "$(ln "$OUT/u74.txt" rv64.i.add)" -lt "$(grep -n "^# the rest" "$OUT/u74.txt" | cut -d: -f1)" ] && [ "$(grep -n "^# the rest" "$OUT/u74.txt" | cut -d: -f1)" -lt "$(ln "$OUT/u74.txt" rv64.m.mul)" ] && grep -q "^# [0-9]* forms where llvm.s model differs" "$OUT/u74.txt"'
	expect "insn --llvm: one run, argv as built: the triple, the CPU, the extensions' features, input on stdin" \
		eval '[ "$(sed -n "1,3p;\$p" "$OUT/mca.argv" | tr "\n" " ")" = "-mtriple=riscv64 -mcpu=sifive-u74 -instruction-info - " ] && grep -qx -- "-mattr=+m,+f,+d,+zbb,+zbc" "$OUT/mca.argv"'
	expect "insn --llvm: llvm-mca's input is the table's text of each shown form, in regions; no log text" \
		eval '[ "$(grep -c "^# LLVM-MCA-BEGIN f" "$OUT/mca.in")" = $((6 + zbb)) ] && grep -qx "add t0, t0, a4" "$OUT/mca.in" && ! grep -qi "evil\|script\|RV64" "$OUT/mca.in"'
	"$TOOL" insn "$OUT/a.log" --llvm sifive-u74 --csv >"$OUT/u74.csv" 2>/dev/null
	expect "insn --llvm --csv: llvm's figures and whether they differ, on each row" \
		eval 'grep -q ",\"rv64.i.add\",.*,\"sifive-u74\",3,0.5,,true$" "$OUT/u74.csv" && grep -q ",\"rv64.m.mul\",.*,\"sifive-u74\",3,1,,false$" "$OUT/u74.csv"'
	# A64 and x86 forms
	cat >"$OUT/b.jsonl" <<'EOF'
{"v":2,"type":"run","platform":"test-a64","build":"t","cpus":1,"options":{"repeat":5},"cores":[{"id":0,"state":"up","type":0,"boot":true}],"core_types":["Cortex-A53"]}
{"v":2,"type":"insn","f":"a64.base.add","lat":1,"thr":0.5}
{"v":2,"type":"insn","f":"a64.base.madd","lat":4,"thr":1}
{"v":2,"type":"insn","f":"a64.fp.fmadd","lat":4,"thr":1}
{"v":2,"type":"insn","f":"a64.lse.ldadd","lat":20,"thr":10}
{"v":2,"type":"core","core":0,"core_type":0,"type_label":"Cortex-A53","name":"Cortex-A53"}
{"v":2,"type":"end"}
EOF
	to_log <"$OUT/b.jsonl" >"$OUT/b.log"
	"$TOOL" insn "$OUT/b.log" --llvm cortex-a53 >"$OUT/a53.txt" 2>"$OUT/a53.err"
	st=$?
	n=$(note "$OUT/a53.txt" "unsupported by llvm-mca for cortex-a53: no scheduling information in its model")
	expect "insn --llvm cortex-a53: add 3 / 0.50, madd 4 / 1.00, fmadd 10 / 1.00, ldadd unsupported" \
		eval '[ $st = 0 ] && sane "$OUT/a53.err" && [ "$(cell "$OUT/a53.txt" a64.base.add 2)" = "3 / 0.50" ] && [ "$(cell "$OUT/a53.txt" a64.base.madd 2)" = "4 / 1.00" ] && [ "$(cell "$OUT/a53.txt" a64.fp.fmadd 2)" = "10 / 1.00" ] && [ "$(cell "$OUT/a53.txt" a64.lse.ldadd 2)" = "- [$n]" ]'
	expect "insn --llvm cortex-a53: add (1 vs 3) and fmadd (4 vs 10) differ, listed before madd" \
		eval 'grep -q "^# 2 forms where" "$OUT/a53.txt" && [ "$(grep -n "^a64.base.madd " "$OUT/a53.txt" | cut -d: -f1)" -gt "$(grep -n "^a64.fp.fmadd " "$OUT/a53.txt" | cut -d: -f1)" ]'
	cat >"$OUT/c.jsonl" <<'EOF'
{"v":2,"type":"run","platform":"linux","build":"t","cpus":1,"options":{"repeat":5},"cores":[{"id":0,"state":"up","type":0,"boot":true}],"core_types":["Zen 4"]}
{"v":2,"type":"insn","f":"x86.base.add","lat":1,"thr":0.25,"cycles_estimated":true}
{"v":2,"type":"insn","f":"x86.base.imul","lat":3,"thr":1,"cycles_estimated":true}
{"v":2,"type":"core","core":0,"core_type":0,"type_label":"Zen 4","name":"Zen 4"}
{"v":2,"type":"end"}
EOF
	to_log <"$OUT/c.jsonl" >"$OUT/c.log"
	"$TOOL" insn "$OUT/c.log" --llvm znver4 >"$OUT/zen.txt" 2>"$OUT/zen.err"
	st=$?
	n=$(note "$OUT/zen.txt" "cycles estimated from the clock (no cycle counter)")
	expect "insn --llvm znver4: add 1 / 0.25 and imul 3 / 1.00 as measured: no form differs; estimated cycles noted" \
		eval '[ $st = 0 ] && [ "$(cell "$OUT/zen.txt" x86.base.add 2)" = "1 / 0.25" ] && [ "$(cell "$OUT/zen.txt" x86.base.imul 2)" = "3 / 1.00" ] && grep -q "^# no form differs by more than 1 cycle or 25% (2):" "$OUT/zen.txt" && [ "$(cell "$OUT/zen.txt" x86.base.add 1)" = "1.00 / 0.25 [$n]" ]'
	# one CPU for each ISA: both logs, two CPUs
	"$TOOL" insn "$OUT/a.log" "$OUT/b.log" --llvm sifive-u74 --llvm cortex-a53 >"$OUT/two.txt" 2>"$OUT/two.err"
	st=$?
	expect "insn --llvm: two logs, two ISAs, a CPU for each" \
		eval '[ $st = 0 ] && [ "$(cell "$OUT/two.txt" rv64.i.add 4)" = "3 / 0.50" ] && [ "$(cell "$OUT/two.txt" a64.base.add 4)" = "3 / 0.50" ]'
	"$TOOL" insn "$OUT/a.log" --llvm nosuchcpu >/dev/null 2>"$OUT/cpu.err"
	st=$?
	expect "insn --llvm: a CPU llvm does not know: exit 2 with llvm-mca's message" \
		eval '[ $st = 2 ] && grep -q "no model of CPU .nosuchcpu. .*(riscv64): llvm-mca said: .nosuchcpu. is not a recognized processor" "$OUT/cpu.err"'
	"$TOOL" insn "$OUT/a.log" --llvm sifive-u74 --llvm sifive-p670 >/dev/null 2>"$OUT/cpu2.err"
	st=$?
	expect "insn --llvm: a second CPU for the same ISA is refused, saying why" \
		eval '[ $st = 2 ] && grep -q "an earlier CPU already stands for every ISA" "$OUT/cpu2.err"'
else
	bad "llvm-mca-19 not found (Debian's llvm-19; tools/deps.sh installs it)"
fi
for cpu in 'a;b' '-mattr=+x' 'help' 'Cortex-A53' "$(head -c 65 /dev/zero | tr '\0' a)"; do
	"$TOOL" insn "$OUT/a.log" --llvm "$cpu" >/dev/null 2>"$OUT/name.err"
	st=$?
	expect "insn --llvm '${cpu:0:12}': not a CPU name llvm-mca could be given: exit 2" \
		eval '[ $st = 2 ] && grep -q "a CPU name is 1 to 64 of a-z 0-9" "$OUT/name.err"'
done
BAREMARK_LLVM_MCA=/nonexistent/llvm-mca "$TOOL" insn "$OUT/a.log" --llvm sifive-u74 >/dev/null 2>"$OUT/none.err"
st=$?
expect "insn --llvm: no llvm-mca: exit 2, saying where it comes from" \
	eval '[ $st = 2 ] && grep -q "No such file or directory (Debian.s llvm-19 package has llvm-mca-19" "$OUT/none.err"'
# an llvm-mca that hangs, and one that closes its output first and hangs:
# each stopped at the timeout, exit 2, said
printf '#!/bin/sh\nexec sleep 60\n' >"$OUT/slow.sh"
printf '#!/bin/sh\nexec >&- 2>&-\nexec sleep 60\n' >"$OUT/mute.sh"
for hang in slow mute; do
	chmod +x "$OUT/$hang.sh"
	start=$(date +%s)
	BAREMARK_LLVM_MCA="$OUT/$hang.sh" BAREMARK_LLVM_MCA_TIMEOUT=1 "$TOOL" insn "$OUT/a.log" --llvm sifive-u74 >/dev/null 2>"$OUT/$hang.err"
	st=$?
	expect "insn --llvm: an llvm-mca that hangs ($hang) is stopped at the timeout: exit 2, said" \
		eval '[ $st = 2 ] && [ $(($(date +%s) - start)) -lt 10 ] && grep -q "no answer within 1 s: stopped" "$OUT/$hang.err"'
done

# no insn record at all
echo '{"v":2,"type":"end"}' | to_log >"$OUT/none.log"
"$TOOL" insn "$OUT/none.log" >/dev/null 2>"$OUT/empty.err"
st=$?
expect "insn: a log without insn records: exit 1, saying how to get them" \
	eval '[ $st = 1 ] && grep -q "no insn records of a known form in these logs (run the image with baremark.only=insn.\*)" "$OUT/empty.err"'

# The real logs: QEMU under -icount retires one instruction a cycle, so
# every figure is 1.00 (2.00 per op of a form and its companion); the
# T-Head forms are measured on the C906 and skipped on max.
"$TOOL" insn tests/fixtures/insn-qemu-rv64-max.log tests/fixtures/insn-qemu-rv64-c906.log >"$OUT/q.txt" 2>"$OUT/q.err"
st=$?
rows=$(grep -c '^rv64\.' "$OUT/q.txt")
figs=$(grep '^rv64\.' "$OUT/q.txt" | grep -oE '[0-9]+\.[0-9]+!?' | sort | uniq -c | tr -s ' ' | tr '\n' ';')
expect "insn on the QEMU logs: exit 0, a row per form (146), every figure 1.00 or 2.00 (got $figs)" \
	eval '[ $st = 0 ] && sane "$OUT/q.err" && [ "$rows" -ge 146 ] && ! grep "^rv64\." "$OUT/q.txt" | grep -oE "[0-9]+\.[0-9]+!?" | grep -qvx "1.00\|2.00"'
n=$(note "$OUT/q.txt" "skipped: xtheadbb is not in this hart's ISA string (riscv,isa / riscv,isa-extensions): not executed")
expect "insn on the QEMU logs: th.ff1 skipped on max, measured on the C906" \
	eval '[ "$(cell "$OUT/q.txt" rv64.xtheadbb.th.ff1 1)" = "- / - [$n]" ] && [ "$(cell "$OUT/q.txt" rv64.xtheadbb.th.ff1 2)" = "1.00 / 1.00" ]'
expect "insn on the QEMU logs: the two logs' columns told apart by their names" \
	grep -q '^# \[C2\] qemu-rv64 riscv #0 \[insn-qemu-rv64-c906.log\]' "$OUT/q.txt"
if command -v llvm-mca-19 >/dev/null; then
	"$TOOL" insn tests/fixtures/insn-qemu-rv64-max.log --llvm sifive-u74 >"$OUT/qu74.txt" 2>"$OUT/qu74.err"
	st=$?
	expect "insn --llvm on the QEMU log: every form in one llvm-mca run, add 3 / 0.50 and differing" \
		eval '[ $st = 0 ] && [ "$(cell "$OUT/qu74.txt" rv64.i.add 2)" = "3 / 0.50" ] && [ "$(grep -n "^rv64.i.add " "$OUT/qu74.txt" | cut -d: -f1)" -lt "$(grep -n "^# the rest" "$OUT/qu74.txt" | cut -d: -f1)" ]'
	# a form of two instructions (the LR/SC pair): llvm-mca's rows are
	# each instruction's, so its column says so and gives no figure
	printf '%s\n' '{"v":2,"type":"run","platform":"t","build":"t","cpus":1,"cores":[{"id":0,"state":"up","type":0,"boot":true}],"core_types":["x"]}' \
		'{"v":2,"type":"insn","f":"rv64.a.lr.sc.d","ins":2,"via":"rv64.i.add","via_lat":1,"lat":2,"thr":3,"thr_ins":3}' \
		'{"v":2,"type":"insn","f":"rv64.c.add","lat":1,"thr":1}' '{"v":2,"type":"core","core":0,"core_type":0,"type_label":"x","name":"x"}' '{"v":2,"type":"end"}' | to_log >"$OUT/pair.log"
	"$TOOL" insn "$OUT/pair.log" --llvm sifive-u74 >"$OUT/pair.txt" 2>"$OUT/pair.err"
	st=$?
	n=$(note "$OUT/pair.txt" "two instructions: llvm-mca's figures are each one's, not the pair's")
	expect "insn --llvm: the LR/SC pair gets no llvm figure, with why; c.add gets its row" \
		eval '[ $st = 0 ] && sane "$OUT/pair.err" && [ -n "$n" ] && [ "$(cell "$OUT/pair.txt" rv64.a.lr.sc.d 2)" = "- [$n]" ] && cell "$OUT/pair.txt" rv64.c.add 2 | grep -qE "^[0-9]+ / [0-9.]+$"'
fi

# The vector grids (issue 43): tests/fixtures/insn-grid.log (hand-written
# per the grid record's contract, only insn records: no core, no result),
# one grid per core type, a block per SEW, cells lat/thr.
# gcell TABLE HEADING FORM LMUL: FORM's cell under LMUL in the block whose
# first line starts with HEADING ("SEW 8"), in the grid of column C (GRID)
# (LLVM=1: the llvm-mca line under it)
gcell() {
	awk -v grid="$2" -v sew="$3" -v f="$4" -v l="$5" -v llvm="${LLVM:-}" '
		/^# vector grid / { in_grid = index($0, "# vector grid " grid " ") == 1; blk = 0; next }
		in_grid && $1 == "SEW" { blk = ($1 " " $2 == sew); for (i = 3; i <= NF; i++) col[$i] = i - 1; next }
		in_grid && blk && $1 == f { if (llvm) { getline; if ($1 != "llvm-mca") exit }; print $(col[l]); exit }' "$1"
}
G=tests/fixtures/insn-grid.log
"$TOOL" insn "$G" >"$OUT/g.txt" 2>"$OUT/g.err"
st=$?
expect "insn grid: exit 0, no sanitizer report, no error line" eval '[ $st = 0 ] && sane "$OUT/g.err" && ! grep -q "^insn: .* line [0-9]*:" "$OUT/g.err"'
expect "insn grid: a log of only insn records: its cores get columns, labelled from the run record" \
	eval 'grep -q "insn-grid.log: 3 cores with insn records and no core record: labelled from the run record" "$OUT/g.err" && grep -q "^# vector grid \[C1\] test-rv64 core type 0 #0: X280-like$" "$OUT/g.txt" && grep -q "^# vector grid \[C2\] test-rv64 core type 1 #1,2: little$" "$OUT/g.txt"'
expect "insn grid: the scalar form in the same log keeps its table" test "$(cell "$OUT/g.txt" rv64.i.add 1)" = "1.00 / 0.25"
expect "insn grid: VLEN and the core whose grid is shown, per core type" \
	eval 'grep -q "^# 5 forms, VLEN 256: core 0.s grids$" "$OUT/g.txt" && grep -q "^# 2 forms, VLEN 128: core 1.s grids (the type.s other cores: --csv)$" "$OUT/g.txt"'
expect "insn grid: vadd.vv at e8: mf8 1/0.5, m2 2/1, m8 8/8 (the estimate of [8,7.9,8.2])" \
	eval '[ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vadd.vv mf8)" = 1/0.5 ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vadd.vv m2)" = 2/1 ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vadd.vv m8)" = 8/8 ]'
expect "insn grid: the LMUL columns of a block are those any form has at that SEW (e8: mf8 m1 m2 m8; e32: m1 m4)" \
	eval 'grep -q "^SEW 8  *mf8  *m1  *m2  *m8$" "$OUT/g.txt" && grep -q "^SEW 32  *m1  *m4$" "$OUT/g.txt"'
n=$(note "$OUT/g.txt" "latency verdict below_floor")
expect "insn grid: a verdict that is not ok: the figure marked !, its note names the cells' LMUL" \
	eval '[ -n "$n" ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vadd.vv m1)" = "1!/0.5" ] && grep -q "^v.vadd.vv .* \[$n:m1\]$" "$OUT/g.txt"'
n=$(note "$OUT/g.txt" "latency unavailable: a store: no chain")
expect "insn grid: a null latency with its why, one note for both cells of the store" \
	eval '[ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vse.v m1)" = "-/1" ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 32" v.vse.v m4)" = "-/4" ] && [ "$(grep -c "\[$n:m[14]\]" "$OUT/g.txt")" = 2 ]'
n=$(note "$OUT/g.txt" "throughput unavailable: error: retired 130 instructions, 128 claimed (the figure the run also gave is refused)")
expect "insn grid: an error record at a cell refuses that figure there only" \
	eval '[ -n "$n" ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 32" v.vrgather.vv m1)" = "3/-" ] && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vrgather.vv m1)" = "3/2" ]'
expect "insn grid: a round trip through the companion, not split" \
	eval 'grep -q "^\[[0-9]*\] round trip through rv64.v.vmv.s.x: 6 cycles, not split$" "$OUT/g.txt" && [ "$(gcell "$OUT/g.txt" "[C1]" "SEW 32" v.vmv.x.s m1)" = "-/1" ]'
expect "insn grid: a cell the log has nothing of is —; a form with no cell at a SEW has no row there" \
	eval '[ "$(gcell "$OUT/g.txt" "[C1]" "SEW 8" v.vrgather.vv mf8)" = "—" ] && [ -z "$(gcell "$OUT/g.txt" "[C1]" "SEW 16" v.vrgather.vv m1)" ]'
expect "insn grid: the masked variant its own row; the skip of an extension said under its core type" \
	eval '[ "$(gcell "$OUT/g.txt" "[C1]" "SEW 32" v.vadd.vv.mask m1)" = 2/1.5 ] && grep -q "^# zvkned skipped: no zvkned in the ISA string$" "$OUT/g.txt"'
expect "insn grid: the little core type's own grid (VLEN 128): vaesem e32 m1 4/2, m4 16/8" \
	eval '[ "$(gcell "$OUT/g.txt" "[C2]" "SEW 32" zvkned.vaesem.vv m1)" = 4/2 ] && [ "$(gcell "$OUT/g.txt" "[C2]" "SEW 32" zvkned.vaesem.vv m4)" = 16/8 ]'
w=$(sed -n '/^# vector grid/,$p' "$OUT/g.txt" | wc -L)
expect "insn grid: every line of the grids within 120 columns (widest $w)" test "$w" -le 120
"$TOOL" insn "$G" --csv >"$OUT/g.csv" 2>/dev/null
expect "insn grid --csv: a row per (form, core, cell) with vlen, cell, sew, lmul, vl: vadd.vv e8m8 on core 0" \
	grep -q '^"[^"]*insn-grid.log","test-rv64 core type 0 #0",0,0,"X280-like","rv64.v.vadd.vv","rv64","v",8,8,8,,"ok",,8,7.9,8.2,,"ok",,,,,,false,4,256,"e8m8",8,"m8",256$' "$OUT/g.csv"
# core 0: 1 scalar + vadd 8 + vrgather 3 + vse 2 + vmv 1 + mask 1; core 1: 2 + 2; core 2: 2
expect "insn grid --csv: 22 rows (1 scalar, 21 cells), every row 31 fields" \
	eval '[ "$(($(wc -l <"$OUT/g.csv") - 1))" = 22 ] && [ "$(sed "s/\"[^\"]*\"//g; s/[^,]//g" "$OUT/g.csv" | sort -u)" = ",,,,,,,,,,,,,,,,,,,,,,,,,,,,,," ]'
"$TOOL" insn "$G" --json >"$OUT/g.json" 2>/dev/null
expect "insn grid --json: vadd.vv e64m8 on core 0: lat null with its why, thr 8, vl 32; core 2's cells there too" \
	eval '[ "$(jq -c ".rows[] | select(.form == \"rv64.v.vadd.vv\" and .core == 0 and .cell == \"e64m8\") | [.lat, .lat_why, .thr, .vl, .vlen]" "$OUT/g.json")" = "[null,\"lat: the chain did not settle\",8,32,256]" ] && [ "$(jq "[.rows[] | select(.core == 2)] | length" "$OUT/g.json")" = 2 ]'

# hostile grid records (tests/fixtures/insn-grid-hostile.log), and one of
# 10,000 cell names: each an error line or a refused cell, never a crash
H=tests/fixtures/insn-grid-hostile.log
{ cat "$H"; awk 'BEGIN { printf "{\"v\":2,\"type\":\"insn\",\"f\":\"rv64.v.vxor.vv\",\"vlen\":256,\"g\":{\"e8m1\":[1,1]"; for (i = 0; i < 10000; i++) printf ",\"c%d\":[1,1]", i; print "}}" }' | to_log; } >"$OUT/h.log"
"$TOOL" insn "$OUT/h.log" >"$OUT/h.txt" 2>"$OUT/h.err"
st=$?
expect "insn grid hostile: exit 0, no sanitizer report, the NaN record malformed" \
	eval '[ $st = 0 ] && sane "$OUT/h.err" && grep -q ": 19 records ok, 0 bad CRC, 1 malformed" "$OUT/h.err"'
for e in "line 3: grid record of rv64.v.vadd.vv: 6 cells not read: 'e8m9' (not a cell e<8|16|32|64><mf8..m8>), 'E8M1' (not a cell" \
	"line 5: grid record of rv64.v.vsub.vv refused: vlen 0 is not a power of two from 32 to 65536" \
	"line 6: grid record of rv64.v.vsub.vv refused: vlen 384 is not" "line 7: grid record of rv64.v.vsub.vv refused: vlen 131072 is not" \
	"line 8: grid record of rv64.v.vsub.vv refused: vlen -256 is not" "line 9: grid record of rv64.v.vsub.vv refused: vlen (not an integer)" \
	"line 10: grid record of rv64.v.vsub.vv refused: vlen (not an integer)" "line 11: grid record of rv64.v.vsub.vv refused: g is not an object of cells" \
	"line 12: grid record refused: \"rv64.zbb.vsub.vv\" is not a vector form id" "line 13: grid record refused: \"rv64.v.<img src=x>\" is not a vector form id" \
	"line 14: grid record of rv64.xtheadvector.vadd.vv: 1 cell not read: 'e8mf2' (XTheadVector has no fractional LMUL)" \
	"line 15: grid record of rv64.v.vle.v: 1 cell not read: 'e8mf8' (VLEN * LMUL < SEW)" \
	"line 16: grid record of rv64.v.vor.vv: 2 cells not read: 'e9m1'" "line 17: error in rv64.v.vor.vv.lat at cell e99m1: self-check failed" \
	"line 18: error in rv64.v.vor.vv.thr at cell (not a cell name): <b>bold</b>" \
	"line 21: grid record of rv64.v.vxor.vv: 10000 cells not read: 'c0' (not a cell"; do
	expect "insn grid hostile: error line: ${e:0:70}" grep -qF -- "h.log $e" "$OUT/h.err"
done
expect "insn grid hostile: cells no core allows (e64mf2: SEW > LMUL * ELEN) are not read" \
	eval 'grep -q "e64mf2. (SEW > LMUL \* ELEN (64))\|\.\.\.$" "$OUT/h.err" && ! grep -q "^SEW 64 .*mf2" "$OUT/h.txt" && ! grep -q "^SEW 32 .*mf4" "$OUT/h.txt"'
for r in "latency unavailable: latency 1e+300 refused: above 100000 cycles, no one instruction's" "latency unavailable: latency -1 refused: below 0" \
	"throughput unavailable: throughput 0 refused: not above 0" "throughput unavailable: throughput -0.5 refused: not above 0" \
	"latency unavailable: latency refused: its quartiles are out of order (2 > 1)" "latency unavailable: cell refused: not [lat, thr]" \
	"latency unavailable: latency refused: not a number or [est, q1, q3]" "throughput unavailable: throughput refused: not a number or [est, q1, q3]" \
	"latency unavailable: latency 100001 refused: above 100000 cycles, no one instruction's" "latency verdict (a verdict that is not a string)"; do
	expect "insn grid hostile: a refused cell says why: ${r:0:60}" grep -qxF "$(note "$OUT/h.txt" "$r" | sed 's/^/[/; s/$/] /')$r" "$OUT/h.txt"
done
expect "insn grid hostile: vmul.vv at e8 m1..m8 and e16 m2 show no refused number; its 0 latency (e64m1) is a figure" \
	eval '[ "$(gcell "$OUT/h.txt" "[C1]" "SEW 8" v.vmul.vv m1)" = "-/0.5" ] && [ "$(gcell "$OUT/h.txt" "[C1]" "SEW 8" v.vmul.vv m4)" = "1/-" ] && [ "$(gcell "$OUT/h.txt" "[C1]" "SEW 16" v.vmul.vv m2)" = "-/-" ] && [ "$(gcell "$OUT/h.txt" "[C1]" "SEW 64" v.vmul.vv m1)" = "0/1" ]'
expect "insn grid hostile: the 10,000-cell record keeps its one good cell" test "$(gcell "$OUT/h.txt" "[C1]" "SEW 8" v.vxor.vv m1)" = "1/1"
# more vector forms than the table holds: bounded, said
{ head -2 "$H" | tail -1; awk 'BEGIN { for (i = 0; i < 2100; i++) printf "{\"v\":2,\"type\":\"insn\",\"f\":\"rv64.v.f%d\",\"vlen\":128,\"g\":{\"e8m1\":[1,1]}}\n", i }' | to_log; } >"$OUT/many.log"
"$TOOL" insn "$OUT/many.log" --json >"$OUT/many.json" 2>"$OUT/many.err"
st=$?
expect "insn grid: 2,100 vector forms: the first 2,048 read, 52 error lines, exit 0" \
	eval '[ $st = 0 ] && sane "$OUT/many.err" && [ "$(jq "[.rows[].form] | unique | length" "$OUT/many.json")" = 2048 ] && [ "$(grep -c "not read: more than 2048 vector forms" "$OUT/many.err")" = 52 ]'
"$TOOL" report "$OUT/h.log" -o "$OUT/h.html" >/dev/null 2>"$OUT/hr.err"
st=$?
expect "report on the hostile grids: exit 0, no tag from a log unescaped" \
	eval '[ $st = 0 ] && sane "$OUT/hr.err" && grep -q "&lt;b&gt;bold&lt;/b&gt;" "$OUT/h.html" && ! grep -q "<b>bold\|<img src=x\|<script" "$OUT/h.html"'

# --llvm on the grids, with the generator's texts of the vector forms
# (tools/gen_insn_rvv.c: vadd.vv v8, v16, v24 and so on). llvm-19 today:
# sifive-x280 gives vadd.vv v8, v16, v24 a latency of 4 and an
# RThroughput of 2 at e8mf8, 3 at e8m1, 5 at e8m2, 17 at e8m8 (and
# without the vsetvli, 17 at every cell: the vtype matters); vrgather.vv
# 65 at e8m1 and 513 at e8m8; no model of vaesem.vv. sifive-p670:
# vadd.vv 1/0.5 at e8m1 and 1/4 at e8m8, vaesem.vv 2/0.5 at e32m1.
if command -v llvm-mca-19 >/dev/null; then
	VT=$TOOL
	# the grid fixture's run, its scalar add, three vector forms and one no
	# table has
	{ grep -E '"type":"(run|end)"|"f":"rv64\.(i\.add|v\.vadd\.vv|v\.vrgather\.vv|zvkned\.vaesem\.vv)"' "$G" | grep -v '"type":"error"'
	  printf '%s\n' '{"v":2,"type":"insn","f":"rv64.v.vnotext.test","vlen":256,"g":{"e8m1":[1,1]}}' \
		'{"v":2,"type":"insn","f":"rv64.v.vle.v","vlen":256,"g":{"e8m2":[null,1],"e32m1":[null,1]},"why":{"e8m2":"lat: a load","e32m1":"lat: a load"}}' \
		'{"v":2,"type":"insn","f":"rv64.v.vmvnr.v","vlen":256,"g":{"e16m4":[1,1]}}' | to_log; } >"$OUT/gl.log"
	BAREMARK_LLVM_MCA="$OUT/mca.sh" "$VT" insn "$OUT/gl.log" --llvm sifive-x280 >"$OUT/x280.txt" 2>"$OUT/x280.err"
	st=$?
	lcell() { LLVM=1 gcell "$@"; }
	expect "insn --llvm sifive-x280 on the grids: exit 0; vadd.vv e8 mf8 4/2, m1 4/3, m2 4/5, m8 4/17; vrgather.vv m1 4/65... 67/65, m8 515/513" \
		eval '[ $st = 0 ] && sane "$OUT/x280.err" && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vadd.vv mf8)" = 4/2 ] && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vadd.vv m1)" = 4/3 ] && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vadd.vv m2)" = 4/5 ] && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vadd.vv m8)" = 4/17 ] && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vrgather.vv m1)" = 67/65 ] && [ "$(lcell "$OUT/x280.txt" "[C1]" "SEW 8" v.vrgather.vv m8)" = 515/513 ]'
	expect "insn --llvm on the grids: a form with no text says no text; one llvm lacks says unsupported" \
		eval 'grep -A1 "^v.vnotext.test " "$OUT/x280.txt" | grep -q "^  llvm-mca *no text (this tool.s table has none for the form)$" && grep -A1 "^zvkned.vaesem.vv " "$OUT/x280.txt" | grep -q "llvm-mca *unsupported by llvm-mca for sifive-x280: no scheduling information in its model"'
	# every (form, cell) measured on any core, one region each, in one run
	expect "insn --llvm on the grids: one llvm-mca run with the scalar add, a region per (form with a text, cell): 8 + 3 + 2 + 2 + 1, the vsetvli from the cell" \
		eval '[ "$(grep -c "^# LLVM-MCA-BEGIN v" "$OUT/mca.in")" = 16 ] && grep -A2 -x "# LLVM-MCA-BEGIN v0" "$OUT/mca.in" | tr "\n" "|" | grep -qx "# LLVM-MCA-BEGIN v0|vsetvli zero, zero, e8, mf8, ta, ma|vadd.vv v8, v16, v24|" && grep -qx -- "-mattr=+v,+zvkned" "$OUT/mca.argv" && ! grep -q "vnotext" "$OUT/mca.in" && [ "$(grep -c "^# LLVM-MCA-BEGIN f" "$OUT/mca.in")" = 1 ]'
	expect "insn --llvm on the grids: a text's element width and group size are the cell's (vle8.v at e8m2, vle32.v at e32m1, vmv4r.v at m4)" \
		eval 'grep -A1 -x "vsetvli zero, zero, e8, m2, ta, ma" "$OUT/mca.in" | grep -qx "vle8.v v16, (a6)\|vle8.v v8, (a6)" && grep -A1 -x "vsetvli zero, zero, e32, m1, ta, ma" "$OUT/mca.in" | grep -qx "vle32.v v8, (a6)" && grep -A1 -x "vsetvli zero, zero, e16, m4, ta, ma" "$OUT/mca.in" | grep -qx "vmv4r.v v8, v16" && ! grep -q "{" "$OUT/mca.in"'
	"$VT" insn "$OUT/gl.log" --llvm sifive-x280 --csv >"$OUT/x280.csv" 2>/dev/null
	expect "insn --llvm --csv on the grids: llvm's figures per cell, and whether they differ" \
		eval 'grep -q ",\"rv64.v.vadd.vv\",.*,256,\"e8m8\",8,\"m8\",256,\"sifive-x280\",4,17,,true$" "$OUT/x280.csv" && grep -q ",\"rv64.v.vnotext.test\",.*,\"e8m1\",8,\"m1\",32,,,,\"no text (this tool.s table has none for the form)\",false$" "$OUT/x280.csv"'
	"$VT" insn "$OUT/gl.log" --llvm sifive-p670 >"$OUT/p670.txt" 2>"$OUT/p670.err"
	st=$?
	expect "insn --llvm sifive-p670 on the grids: vadd.vv e8 m1 1/0.5, m8 1/4; vaesem.vv e32 m1 2/0.5 (the little core type)" \
		eval '[ $st = 0 ] && [ "$(lcell "$OUT/p670.txt" "[C1]" "SEW 8" v.vadd.vv m1)" = 1/0.5 ] && [ "$(lcell "$OUT/p670.txt" "[C1]" "SEW 8" v.vadd.vv m8)" = 1/4 ] && [ "$(lcell "$OUT/p670.txt" "[C2]" "SEW 32" zvkned.vaesem.vv m1)" = 2/0.5 ]'
	# A64 SIMD and crypto forms are scalar-style records (the table's own,
	# issue 43: add {d}.4s and eor3): llvm-19's cortex-a72 gives add v0.4s
	# 3 / 0.50 and eor3 (SHA3, -mattr=+sha3) 3 / 0.50
	printf '%s\n' '{"v":2,"type":"run","platform":"test-a64","build":"t","cpus":1,"options":{"repeat":5},"cores":[{"id":0,"state":"up","type":0,"boot":true}],"core_types":["Cortex-A72"]}' \
		'{"v":2,"type":"insn","f":"a64.neon.add.4s","lat":2,"thr":0.5}' '{"v":2,"type":"insn","f":"a64.sha3.eor3","lat":2,"thr":0.5}' | to_log >"$OUT/neon.log"
	BAREMARK_LLVM_MCA="$OUT/mca.sh" "$VT" insn "$OUT/neon.log" --llvm cortex-a72 >"$OUT/neon.txt" 2>"$OUT/neon.err"
	st=$?
	expect "insn --llvm cortex-a72: A64 SIMD forms flow: add.4s 3 / 0.50, eor3 3 / 0.50 with +neon,+sha3" \
		eval '[ $st = 0 ] && sane "$OUT/neon.err" && [ "$(cell "$OUT/neon.txt" a64.neon.add.4s 2)" = "3 / 0.50" ] && [ "$(cell "$OUT/neon.txt" a64.sha3.eor3 2)" = "3 / 0.50" ] && grep -qx -- "-mattr=+neon,+sha3" "$OUT/mca.argv"'
	# XTheadVector: llvm-19 has neither its syntax nor a model
	printf '%s\n' "$(sed -n 2p "$G" | sed 's/^@bm \(.*\) \*[0-9a-f]*$/\1/')" '{"v":2,"type":"insn","f":"rv64.xtheadvector.vadd.vv","vlen":128,"g":{"e8m1":[2,1]}}' | to_log >"$OUT/thead.log"
	"$VT" insn "$OUT/thead.log" --llvm sifive-x280 >"$OUT/thead.txt" 2>&1
	expect "insn --llvm: an XTheadVector form is not given to llvm-mca, saying why" \
		grep -q "llvm-mca *not run: llvm-mca-19 knows no XTheadVector (0.7.1) syntax or model" "$OUT/thead.txt"
fi

# the report on a log of only insn records (it failed in cmp_load, no
# rows): the scalar table and each core type's heat map
"$TOOL" report "$G" -o "$OUT/g.html" >/dev/null 2>"$OUT/gr.err"
st=$?
expect "report on a log of only insn records: exit 0, both core types' heat maps" \
	eval '[ $st = 0 ] && sane "$OUT/gr.err" && [ "$(grep -c "^<h3>" "$OUT/g.html")" = 2 ] && grep -q "^<h3>test-rv64 core type 1 #1,2 (little), VLEN 128</h3>$" "$OUT/g.html"'
expect "report heat map: vadd.vv e8m8 (thr 8, vl 256: 1/32 cycle an element) in the first bin (up to 1/16), its title says so" \
	grep -qF '<td style="background:#1a9850" title="e8m8: vl 256; throughput 8 cycles per instruction, 0.03125 per element; latency 8 cycles">8<br><small>8</small></td>' "$OUT/g.html"
expect "report heat map: vrgather.vv e8m8 (128 per 256 elements: 1/2) in the 1/4..1/2 bin; a refused throughput grey with its reason" \
	eval 'grep -qF "<td style=\"background:#d9ef8b\" title=\"e8m8: vl 256; throughput 128 cycles" "$OUT/g.html" && grep -qF "<td style=\"background:#dddddd\" title=\"e32m1: vl 8; throughput unavailable: error: retired 130" "$OUT/g.html"'
expect "report heat map: the legend's eight bins and no figure" \
	eval '[ "$(grep -o "<td style=\"background:#[0-9a-f]*\">[^<]*</td>" "$OUT/g.html" | wc -l)" = 9 ] && grep -q "id=\"vgrid-legend\"" "$OUT/g.html"'
expect "report: a log of no insn and no result record still fails as before" \
	eval '"$TOOL" report "$OUT/none.log" -o "$OUT/none.html" >/dev/null 2>&1; [ $? = 1 ]'

# The report's table: the same cells, every string escaped, no script
"$TOOL" report "$OUT/a.log" -o "$OUT/a.html" >/dev/null 2>"$OUT/report.err"
st=$?
expect "report: exit 0, the instruction table with add's cells" \
	eval '[ $st = 0 ] && sane "$OUT/report.err" && grep -q "^<tr><td>rv64.i.add</td><td>i</td><td>1.00 / 0.25</td><td>2.00 / 1.00</td></tr>$" "$OUT/a.html"'
expect "report: the notes and the unknown forms, escaped" \
	eval 'grep -q "<li>\[[0-9]*\] skipped: no zbb in the ISA string</li>" "$OUT/a.html" && grep -q "rv64.zbb.evil&lt;script&gt;" "$OUT/a.html" && grep -q "<th>test-rv64 S7 #1</th>" "$OUT/a.html"'
expect "report: no <script> element reached the page" eval '! grep -qi "<script" "$OUT/a.html"'
if command -v chromium >/dev/null; then
	sed 's/"little <script>x<\/script>"/"<img src=x onerror=\\"document.body.setAttribute(\x27data-pwned\x27,\x271\x27)\\">"/; s/"rv64.zbb.evil<script>"/"<img src=x onerror=\\"document.body.setAttribute(\x27data-pwned\x27,\x271\x27)\\">"/' \
		"$OUT/a.jsonl" | to_log >"$OUT/pwn.log"
	"$TOOL" report "$OUT/pwn.log" -o "$OUT/pwn.html" >/dev/null 2>&1
	timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
		--disable-sync --no-first-run --user-data-dir="$OUT/chrome" --dump-dom "file://$OUT/pwn.html" >"$OUT/dom.html" 2>/dev/null
	expect "report: Chromium loads the page, no script from the log ran" \
		eval 'grep -q "onerror" "$OUT/pwn.html" && [ -s "$OUT/dom.html" ] && grep -q "id=\"insn\"" "$OUT/dom.html" && ! grep -q "data-pwned=\"1\"" "$OUT/dom.html"'
fi

echo "insn: $pass passed, $fail failed"
[ "$fail" = 0 ]
