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
fi

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
