#!/usr/bin/env bash
# The instruction table (issue 42; docs/insn.md): its generator on crafted
# tables, then every form on QEMU under -icount, where a cycle is one
# retired instruction: each form's latency and throughput must read exactly
# 1 cycle per instruction, every form the table lists for an extension the
# hart has must run, and every one it lacks must be one skip record.
set -uo pipefail
TOOL=${TOOL:-build/host/baremark}
GEN=${GEN:-build/host/gen_insn}
OUT=${OUT:-build/test-insn}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# 1. The generator: a form's bodies hold the operands, registers and
# count they claim; a malformed table is refused with its line.
t=$OUT/forms_rv64.tsv
printf 'zbb\tandn\tandn {d}, {1}, {2}\n' >"$t"
"$GEN" --bodies rv64 "$t" >"$OUT/b.S"
expect "generator: the latency body chains t0 through source 1, K2 (a4) as source 2" \
	test "$(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/b.S" | grep -c '^	andn t0, t0, a4$')" = 16
expect "generator: the 2N latency body holds twice the forms" \
	test "$(sed -n '/^bm_insn_0_lat_x2:/,/ret/p' "$OUT/b.S" | grep -c '^	andn t0, t0, a4$')" = 32
expect "generator: the throughput body's 16 ops are independent: constant sources K1 (a3) and K2 (a4)" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/b.S" | grep -cE '^	andn (t[0-6]|a7), a3, a4$')" = 16
expect "generator: the results rotate over 8 registers" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/b.S" | grep -E '^	andn' | awk '{print $2}' | sort -u | wc -l)" = 8
expect "generator: the extension is enabled around the form" grep -q 'option arch, +zbb' "$OUT/b.S"
"$GEN" --forms rv64 "$t" >"$OUT/f.c"
expect "generator: the form's descriptor and its two kernels" \
	grep -q 'INSN_KERNELS(0, form_0, "rv64.zbb.andn", "andn", 16, 16, 0, BM_FLOOR_AUTO);' "$OUT/f.c"
printf 'm\tdiv\tdiv {d}, {1}, {2}\tvia=i.xor thrvia vals=div alt=2\ni\txor\txor {d}, {1}, {2}\n' >"$t"
"$GEN" --bodies rv64 "$t" >"$OUT/b.S"
expect "generator: the divide's throughput stays chained through its companion" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/b.S" | grep -cE '^	div (t[0-6]|a7), (t[0-6]|a7), a[45]$')" = 16
expect "generator: a companion follows each op, the divisor alternates" \
	test "$(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/b.S" | grep -E '^	(div|xor)' | head -4 | tr -s '\t ' ' ' | tr '\n' '|')" = \
	" div t0, t0, a4| xor t0, t0, a3| div t0, t0, a5| xor t0, t0, a3|"
"$GEN" --forms rv64 "$t" >"$OUT/f.c"
expect "generator: the companion is marked, the form retires two instructions an op" \
	grep -q '"rv64.m.div", "", "rv64.i.xor", INSN_VALS_DIV, INSN_FP_D, 2, 8, 1, 0, 1, 0, 2, 1, NULL}' "$OUT/f.c"
# A compressed form: its registers in x8-x15 (s0, s1, a2-a5 chains, K1
# in a0), s0 and s1 saved and restored, the count moved out of a1.
printf 'c\tand\tc.and {d}, {1}\tcls=cc chain=d\n' >"$t"
"$GEN" --bodies rv64 "$t" >"$OUT/b.S"
expect "generator: a compressed latency body chains s0 with K1 in a0, C enabled around it" \
	eval '[ "$(sed -n "/^bm_insn_0_lat_x1:/,/ret/p" "$OUT/b.S" | grep -c "^	c.and s0, a0$")" = 16 ] && grep -q "option arch, +c" "$OUT/b.S"'
expect "generator: its throughput body runs six chains in x8-x15, twice each" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/b.S" | grep -E '^	c.and' | sort | uniq -c | awk '$1 == 2 {print $3}' | tr '\n' ' ')" = "a2, a3, a4, a5, s0, s1, "
expect "generator: s0 and s1 saved in the prologue and restored before ret" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/b.S" | grep -cE '^	(sd	s[01], 2[56][46]\(sp\)|ld	s[01], 2[56][46]\(sp\))$')" = 4
expect "generator: the loop counts in t6, not a1 (a constant there)" \
	eval 'sed -n "/^bm_insn_0_thr_x1:/,/ret/p" "$OUT/b.S" | grep -q "^	bnez	t6, 7b$"'
# An LR/SC pair: one op of two instructions, three with its companion.
printf 'a\tlr.sc.d\tlr.d {d}, ({1}); sc.d {d}, {2}, ({1})\tcls=xmm vals=lrsc via=i.add thrvia\ni\tadd\tadd {d}, {1}, {2}\n' >"$t"
"$GEN" --forms rv64 "$t" >"$OUT/f.c"
expect "generator: an LR/SC pair is two instructions an op, three with its companion" \
	grep -q '"rv64.a.lr.sc.d", "", "rv64.i.add", INSN_VALS_LRSC, INSN_FP_D, 3, 8, 1, 0, 1, 0, 3, 2, NULL}' "$OUT/f.c"
printf 'zcb\tzext.h\t.insn ca 1, 0x27, 3, {d}, a0\tcls=c chain=d needs=zbb\n' >"$t"
"$GEN" --forms rv64 "$t" >"$OUT/f.c"
expect "generator: a form that needs a second extension is gated by both" grep -q '"rv64.zcb.zext.h", "zcb,zbb",' "$OUT/f.c"
# x86's implicit registers: a divide pinned to rax chains through rax
# with its companion; its throughput moves chains r8-r15 into rax and the
# quotient back (seed=xor); rax and rdx are no chains of it.
tx=$OUT/forms_x86.tsv
printf 'base\tdiv\txorl %%edx, %%edx; divq {1} # {d}\tcls=aq chain=d vals=div alt=1 via=base.xor seed=xor\nbase\txor\txorq {2}, {d}\tchain=d cls=q-q\n' >"$tx"
"$GEN" --bodies x86 "$tx" >"$OUT/x.S"
expect "generator: x86 div's latency body runs through rax, divisors by turns, its companion XOR on rax" \
	test "$(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/x.S" | grep -E '^	(xorl|xorq)' | head -4 | tr -s '\t ' ' ' | tr '\n' '|')" = \
	" xorl %edx, %edx; divq %rbp # %rax| xorq %rbx, %rax| xorl %edx, %edx; divq %rcx # %rax| xorq %rbx, %rax|"
expect "generator: x86 div's throughput moves each of r8-r15 into rax and the quotient back" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/x.S" | grep -cE '^	(movq	%r(8|9|1[0-5]), %rax|xorq	%rax, %r(8|9|1[0-5]))$')" = 32
"$GEN" --forms x86 "$tx" >"$OUT/xf.c"
expect "generator: x86 div is two instructions, three with its companion, four an op of throughput" \
	grep -q '"x86.base.div", "", "x86.base.xor", INSN_VALS_DIV, INSN_FP_D, 3, 8, 1, 0, 0, 0, 4, 2, NULL}' "$OUT/xf.c"
# x86 mul.hi: the high half's own chain. rdx (class h, pinned) is the
# explicit source and the result; rax is K2 again before each op (off the
# chain), so one op is two instructions; its throughput moves one of
# r8-r15 into rdx first (three). Assembled, each 2N body holds exactly the
# N body's instructions plus the ops times what the form claims: the
# retired-instruction self-check where no counter can (a VM with no PMU).
printf 'base\tmul.hi\tmovq {2}, %%rax; mulq {1} # {d}\tcls=hhq vals=mulhi seed=mov\tmulq {1}\n' >"$tx"
"$GEN" --bodies x86 "$tx" >"$OUT/xm.S"
expect "generator: x86 mul.hi's latency body runs through rdx, rax set from K2 (rbp) each op, the chain's start in rdx" \
	test "$(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/xm.S" | grep -cx '	movq %rbp, %rax; mulq %rdx # %rdx')" = 16 -a \
	"$(sed -n '/^bm_insn_0_lat_x1:/,/^7:/p' "$OUT/xm.S" | grep -E '%rdx$' | tail -1 | tr -s '\t ' ' ')" = " movq 0(%rdi), %rdx"
expect "generator: x86 mul.hi's latency body returns rdx" grep -qx '	movq	%rdx, %rdi' <(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/xm.S")
expect "generator: x86 mul.hi's throughput moves each of r8-r15 into rdx before each op" \
	test "$(sed -n '/^bm_insn_0_thr_x1:/,/ret/p' "$OUT/xm.S" | grep -cE '^	movq	%r(8|9|1[0-5]), %rdx$')" = 16
"$GEN" --forms x86 "$tx" >"$OUT/xmf.c"
expect "generator: x86 mul.hi is two instructions an op, three of throughput, its values mulhi" \
	grep -q '"x86.base.mul.hi", "", NULL, INSN_VALS_MULHI, INSN_FP_D, 2, 8, 1, 0, 0, 0, 3, 2, NULL}' "$OUT/xmf.c"
as --64 -I kernels/include -o "$OUT/xm.o" <(cpp -P -I kernels/include "$OUT/xm.S") 2>"$OUT/xm.as"
insns() { objdump -d --no-show-raw-insn "$OUT/xm.o" | awk -v s="<$1>:" 'index($0, s) {on = 1; next} on && /:\t/ {n++} on && /\tret/ {exit} END {print n + 0}'; }
expect "x86 mul.hi assembled: the 2N latency body holds 16 ops of 2 instructions more ($(insns bm_insn_0_lat_x2) - $(insns bm_insn_0_lat_x1))" \
	test $(($(insns bm_insn_0_lat_x2) - $(insns bm_insn_0_lat_x1))) = 32
expect "x86 mul.hi assembled: the 2N throughput body holds 16 ops of 3 instructions more ($(insns bm_insn_0_thr_x2) - $(insns bm_insn_0_thr_x1))" \
	test $(($(insns bm_insn_0_thr_x2) - $(insns bm_insn_0_thr_x1))) = 48
# Vector classes (issue 43): an A64 v register with the template's
# arrangement, loaded whole (ldr q) from the state's vector values at 512;
# its stores step by 16 bytes; x86 YMM views of the chain registers, and
# vzeroupper before a YMM body returns.
ta=$OUT/forms_a64.tsv
printf 'neon\tfadd.4s\tfadd {d}.4s, {1}.4s, {2}.4s\tcls=vvv vals=fadd alt=2\nneon\tstr.q\tstr {2}, [{1}, #{o}]\tcls=-mq vals=ptr nolat\nneon\ttbl2\ttbl {d}.16b, {v24.16b, v25.16b}, {1}.16b\tcls=vv\n' >"$ta"
"$GEN" --bodies a64 "$ta" >"$OUT/va.S"
expect "generator: an A64 vector chain through v0.4s, K2/K3 (v21, v22) by turns" \
	test "$(sed -n '/^bm_insn_0_lat_x1:/,/ret/p' "$OUT/va.S" | grep -E '^	fadd' | head -2 | tr -s '\t ' ' ' | tr '\n' '|')" = \
	" fadd v0.4s, v0.4s, v21.4s| fadd v0.4s, v0.4s, v22.4s|"
expect "generator: a vector register is loaded whole from the vector values (offset 512)" \
	grep -q '^	ldr	q0, \[x0, #512\]$' "$OUT/va.S"
expect "generator: a 16-byte store's offsets step by 16 over 256 bytes" \
	test "$(sed -n '/^bm_insn_1_thr_x1:/,/ret/p' "$OUT/va.S" | grep -E '^	str q' | sed 's/.*#\([0-9]*\)\]/\1/' | sort -nu | tr '\n' ' ')" = "0 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 "
expect "generator: a register list's v24-v31 loaded in the set-up" \
	test "$(sed -n '/^bm_insn_2_lat_x1:/,/^7:/p' "$OUT/va.S" | grep -cE '^	ldr	q(2[4-9]|3[01]), ')" = 8
"$GEN" --forms a64 "$ta" >"$OUT/va.c"
expect "generator: a .4s form's lanes are single precision" grep -q '"a64.neon.fadd.4s", "neon", NULL, INSN_VALS_FADD, INSN_FP_S' "$OUT/va.c"
tx=$OUT/forms_x86.tsv
printf 'avx2\tvpaddd.y\tvpaddd {2}, {1}, {d}\tcls=yyy\n' >"$tx"
"$GEN" --bodies x86 "$tx" >"$OUT/vx.S"
expect "generator: an x86 YMM chain" grep -q '^	vpaddd %ymm13, %ymm0, %ymm0$' "$OUT/vx.S"
expect "generator: YMM values loaded whole" grep -q '^	vmovdqu	512(%rdi), %ymm0$' "$OUT/vx.S"
expect "generator: vzeroupper before each YMM body returns" test "$(grep -c '^	vzeroupper$' "$OUT/vx.S")" = 4
printf 'avx512f\tvpaddd\tvpaddd {2}, {1}, {d}\tcls=zzz\n' >"$tx"
err=$("$GEN" --bodies x86 "$tx" 2>&1 >/dev/null)
expect "generator refuses a ZMM form not named .z (the image runs those longer) ($err)" grep -q "named NAME.z" <<<"$err"

# The C references (kernels/insn/insn.c refs[]) name forms the tables
# have: a reference to a form that is not there would check nothing.
while read -r id; do
	isa=${id%%.*} rest=${id#*.}
	expect "reference $id is a form of forms_$isa.tsv" \
		grep -qP "^${rest%%.*}\t${rest#*.}\t" "kernels/insn/forms_$isa.tsv"
done < <(sed -n '/^static const struct insn_vref refs/,/^};/p' kernels/insn/insn.c | grep -oE '"(a64|x86)\.[a-z0-9_.]+"' | tr -d '"')

refuse() { # refuse "description" TABLE-LINE WORD-IN-ERROR
	printf '%b\n' "$2" >"$t"
	local err
	err=$("$GEN" --bodies rv64 "$t" 2>&1 >/dev/null)
	expect "generator refuses $1 ($err)" test $? != 0 -a -n "$(grep -F "$3" <<<"$err")"
}
refuse "a cross-file chain without a companion" 'd\tfmv.x.d\tfmv.x.d {d}, {1}\tcls=xd' "give a companion"
refuse "an unknown option" 'i\tadd\tadd {d}, {1}, {2}\tfast' "unknown option"
refuse "a class the ISA lacks" 'i\tadd\tadd {d}, {1}, {2}\tcls=qqq' "class 'q'"
refuse "a name with a capital" 'i\tAdd\tadd {d}, {1}, {2}' "name 'Add'"
refuse "a quote in a template" 'i\tadd\tadd {d}, "{1}", {2}' "quote"
refuse "a form named twice" 'i\tadd\tadd {d}, {1}, {2}\ni\tadd\tadd {d}, {1}, {2}' "already on line 1"
refuse "a companion that is not there" 'm\tdiv\tdiv {d}, {1}, {2}\tvia=i.xor' "no such form"
refuse "a result-less form with a latency" 'i\tsd\tsd {2}, 0({1})\tcls=-mx' "say nolat"
refuse "a pointer operand without the words it addresses (vals=ptr)" 'i\tld\tld {d}, 8({1})\tcls=xm' "vals=ptr or vals=lrsc"
refuse "a compressed pointer without vals=ptr" 'c\tld\tc.ld {d}, 8({1})\tcls=cp' "vals=ptr or vals=lrsc"
refuse "a compressed form with a third constant" 'c\tx\tc.add {d}, {3}\tcls=c--c chain=d' "K3 is not there"

# Each body lies within the alignment its start has, 64 bytes at least
# (tools/insn_body.h): it never crosses a boundary of its own size or a
# page, on every ISA's table (body_misfits: tests/qemu/lib.sh).
# (linked: RISC-V's object holds alignment the linker's relaxation
# trims)
for elf in qemu-rv64/baremark.elf qemu-a64/baremark.elf linux/baremark; do
	p=${elf%%/*}
	r=$(body_misfits "build/$elf" bm_insn_)
	expect "generator: every $p body (${r% *}) within its start's alignment (got ${r#* } that are not)" \
		test "${r% *}" -gt 800 -a "${r#* }" = 0
done

# Forms the assembler cannot spell are written with .insn and their
# encodings from the manual: LLVM's disassembler (llvm-19) must read each
# body's most frequent instruction back as the one the table names.
"$GEN" --forms rv64 kernels/insn/forms_rv64.tsv >"$OUT/rv64_forms.c"
llvm-objdump-19 -d --mattr=+zicond,+zfa,+d build/qemu-rv64/obj/gen/insn_bodies.S.o >"$OUT/rv64_bodies.dis"
while IFS=$'\t' read -r ext name tmpl opts mca; do
	[ -n "$mca" ] || continue
	n=$(grep -o "form_[0-9]* = {\"rv64\.$ext\.$name\"" "$OUT/rv64_forms.c" | sed 's/form_\([0-9]*\).*/\1/')
	kind=lat
	grep -q "nolat" <<<"$opts" && kind=thr
	# from the body's symbol to its end's, past the loop's local label
	got=$(awk -v a="<bm_insn_${n}_${kind}_x1>:" -v b="<bm_insn_${n}_${kind}_x1_end>:" \
		'index($0, a) {on = 1; next} index($0, b) {on = 0} on && NF >= 3 && length($2) == 8 {print $3}' \
		"$OUT/rv64_bodies.dis" | sort | uniq -c | sort -rn | awk '{print $2; exit}')
	expect "llvm-objdump reads rv64.$ext.$name's .insn as ${mca%% *} (got '$got')" test "$got" = "${mca%% *}"
done < <(grep -v '^#' kernels/insn/forms_rv64.tsv | grep -vE '^(c|zcb)	' | grep -P '\t\.insn ')

# The compressed forms (C, Zcb) must be 16-bit: read back without
# aliases, each body holds the c.* instruction the table names, 2 bytes
# long, and the 2N body exactly the op count more of them (a template that
# assembled to a 32-bit encoding reads back without the c. and fails).
llvm-objdump-19 -d -M no-aliases --mattr=+c,+zcb,+zba,+zbb,+m build/qemu-rv64/obj/gen/insn_bodies.S.o >"$OUT/rv64_rvc.dis"
body16() { # body16 SYMBOL MNEMONIC: the 16-bit instructions so named in the body
	awk -v a="<$1>:" -v m="$2" 'index($0, a) {on = 1; next} /^[0-9a-f]+ <bm_insn_.*>:$/ {on = 0}
		on && NF >= 3 && length($2) == 4 && $3 == m {n++} END {print n + 0}' "$OUT/rv64_rvc.dis"
}
rvc=0
while IFS=$'\t' read -r ext name tmpl opts mca; do
	want=${mca:-$tmpl}
	want=${want%% *}
	n=$(grep -o "form_[0-9]* = {\"rv64\.$ext\.$name\"" "$OUT/rv64_forms.c" | sed 's/form_\([0-9]*\).*/\1/')
	ops=$(grep -E "INSN_KERNELS?(_THR)?\($n, " "$OUT/rv64_forms.c" | sed -E 's/.*", ([0-9]+)(, [0-9]+)?.*/\1/')
	kind=lat
	grep -q "nolat" <<<"$opts" && kind=thr
	x1=$(body16 "bm_insn_${n}_${kind}_x1" "$want")
	x2=$(body16 "bm_insn_${n}_${kind}_x2" "$want")
	expect "rv64.$ext.$name: $want is 16 bits, the 2N body $ops more of it (read $x1, $x2)" \
		test "$x1" -ge "$ops" -a "$((x2 - x1))" = "$ops"
	rvc=$((rvc + 1))
done < <(grep -v '^#' kernels/insn/forms_rv64.tsv | grep -E '^(c|zcb)	')
expect "the compressed forms read back: $rvc of them" test "$rvc" -ge 37

# 2. Every form on QEMU. check_table NAME ISA: the table's forms per
# extension (gen_insn --count) against the insn records, each at exactly
# one cycle per instruction, no error, no flagged figure.
check_table() { # check_table NAME ISA [extensions selected, a regex]
	local n=$1 isa=$2 sel=${3:-.} ext count got
	expect_q "$n" '.[-1].type == "end" and .[-1].errors == 0' "no error"
	# the width mixes run first (harness.c: add_width_mixes), their
	# widest IPC the ceiling of every form's figure
	expect_q "$n" '([.[] | select(.type=="result") | .kernel] == ["uarch.width.alu_branch","uarch.width.alu_load","uarch.width.alu_mul"]) and ([.[] | .type] | indices("insn")[0] > indices("result")[-1])' \
		"the width mixes' three results, before every form, and no other: the table writes its own"
	while read -r ext count; do
		grep -qE "^($sel)" <<<"$ext" || continue
		if q "$n" "[.[] | select(.type==\"skip\" and .kernel==\"insn.$isa.$ext\")] | length" | grep -qx 1; then
			got=$(q "$n" "[.[] | select(.type==\"insn\" and (.f | startswith(\"$isa.$ext.\")))] | length")
			expect "$n: $ext is skipped as a whole (no form of it ran: $got)" test "$got" = 0
			continue
		fi
		got=$(q "$n" "[.[] | select(.type==\"insn\" and (.f | startswith(\"$isa.$ext.\")))] | length")
		expect "$n: every $ext form ran ($got of $count)" test "$got" = "$count"
	done < <("$GEN" --count "$isa" "kernels/insn/forms_$isa.tsv")
	# a latency is 1 cycle an instruction of the form (an LR/SC pair's
	# "ins" 2; a companion's already taken off), a round trip through a
	# companion 2, a throughput 1 a retired instruction
	expect_q "$n" '[.[] | select(.type=="insn") | select(
		((has("lat") and .lat != (.ins // 1)) or (has("rt") and .rt != 2) or (has("lat") | not) and (has("lat_why") | not))
		or (has("thr") and .thr != (.thr_ins // 1)) or ((has("thr") or has("thr_why")) | not) or has("lvd") or has("tvd"))] | length == 0' \
		"every form: latency 1, round trip 2, throughput 1 a retired instruction, nothing flagged"
}

PLATFORM=qemu-rv64 BUILD=build/qemu-rv64
# the scalar forms (the RVV table's are tests/qemu/test_insn_rvv.sh's): the
# single-letter extensions but v, the three-letter Z ones, Zicond, XThead*
SCALAR="insn.rv64.i.*,insn.rv64.m.*,insn.rv64.a.*,insn.rv64.f.*,insn.rv64.d.*,insn.rv64.c.*,insn.rv64.z??.*,insn.rv64.zicond.*,insn.rv64.x*"
BM_QEMU_CPU=max boot rv64-max "baremark.only=$SCALAR baremark.console=records"
check_table rv64-max rv64
expect_q rv64-max '[.[] | select(.type=="skip" and (.kernel | startswith("insn.rv64.xthead")))] | length == 8 and all(.reason | test("not in this hart.s ISA string"))' "the T-Head extensions skipped: not in max's ISA string"
expect_q rv64-max '[.[] | select(.type=="insn" and .f=="rv64.m.div")][0] | .via == "rv64.i.xor" and .via_lat == 1 and .lat == 1 and .thr_ins == 2' "div: its companion's latency taken off, the throughput op is the pair"
expect_q rv64-max '[.[] | select(.type=="insn" and .f=="rv64.a.lr.sc.d")][0] | .ins == 2 and .via == "rv64.i.add" and .via_lat == 1 and .lat == 2 and .thr == 3 and .thr_ins == 3' "lr.sc.d: a pair of two instructions, its companion taken off the latency"
expect_q rv64-max '[.[] | select(.type=="insn" and (.f | test("^rv64\\.(c|zcb)\\.")))] | length == 37' "max: the 25 C and 12 Zcb forms"
expect_q rv64-max '[.[] | select(.type=="insn" and .f=="rv64.d.fmv.x.d")][0] | .rt == 2 and (has("lat") | not) and .via == "rv64.d.fmv.d.x"' "fmv.x.d: a round trip, never split"
# The run's order (harness insn_sort): every companion (a form another's
# chain runs through) first, then the rest, each by id, byte by byte.
expect_q rv64-max '([.[] | select(.type=="insn") | .f]) as $f | ([.[] | select(.type=="insn" and has("via")) | .via] | unique) as $c | ($f | map(select(IN($c[])))) as $cf | ($f | map(select(IN($c[]) | not))) as $rest | ($cf | length) > 5 and $f == $cf + $rest and $cf == ($cf | sort) and $rest == ($rest | sort)' "the scalar table in order: its companions first, then by id"

# The common record has a writer of its own (harness/insn_line.c), taken
# where the table is not shown; with the table shown every record takes
# the general one. Both must write the same lines, byte for byte, over
# every shape: both figures, a store's nolat, a companion's via, an LR/SC
# pair, a round trip across files.
SHAPES="insn.rv64.i.*,insn.rv64.m.div*,insn.rv64.a.lr*,insn.rv64.d.fmv*"
boot rv64-shapes-records "baremark.profile=sim baremark.only=$SHAPES baremark.console=records"
boot rv64-shapes-both "baremark.profile=sim baremark.only=$SHAPES baremark.console=both"
expect "the common insn record's writer: the general writer's lines, byte for byte ($(grep -c '"type":"insn"' "$OUT/rv64-shapes-records.log") records)" \
	cmp <(grep '"type":"insn"' "$OUT/rv64-shapes-records.log") <(grep '"type":"insn"' "$OUT/rv64-shapes-both.log" | sed 's/^.*@bm /@bm /')
expect_q rv64-shapes-records '[.[] | select(.type=="insn")] | (length == 50) and (map(select(.lat_why | tostring | startswith("nolat"))) | length == 12) and (map(select(has("rt"))) | length == 2)' \
	"sim: 42 I forms, 4 divides, LR and LR/SC, 2 fmv; 12 of them nolat, 2 round trips"

# RVA23 has no Zbc: its forms are one skip record, never executed.
BM_QEMU_CPU=rva23s64 boot rv64-rva23 "baremark.only=insn.rv64.z??.*,insn.rv64.zicond.* baremark.console=records"
check_table rv64-rva23 rv64 z
expect_q rv64-rva23 '[.[] | select(.type=="skip" and .kernel=="insn.rv64.zbc")] | length == 1' "rva23s64: Zbc skipped, one record"

# Selection: an extension alone; a form whose chain runs through a
# companion brings the companion's latency kernel; no insn by default.
boot rv64-sel "baremark.only=insn.rv64.m.div*,pipeline.add.lat baremark.console=records"
expect_q rv64-sel '[.[] | select(.type=="insn") | .f] | sort == ["rv64.i.xor", "rv64.m.div", "rv64.m.divu", "rv64.m.divuw", "rv64.m.divw"]' "only=insn.rv64.m.div*: the four divides and their companion"
expect_q rv64-sel '[.[] | select(.type=="insn" and .f=="rv64.i.xor")][0] | .lat == 1 and (has("thr") | not)' "the companion: its latency only"
boot rv64-default "baremark.only=pipeline.add.* baremark.console=records"
expect_q rv64-default '[.[] | select(.type=="insn")] | length == 0' "a pattern not beginning insn runs no form"

# The d1 image on QEMU's T-Head C906 model: the T-Head scalar forms.
PLATFORM=d1 BUILD=build/d1
BM_QEMU_CPU=c906 boot c906 "baremark.only=insn.rv64.x* baremark.console=records"
check_table c906 rv64 x
expect_q c906 '[.[] | select(.type=="insn")] | length == 24' "thead-c906: the 24 T-Head forms"

PLATFORM=qemu-a64 BUILD=build/qemu-a64
BM_QEMU_A64="-M virt,virtualization=on -cpu max" boot a64-max "baremark.only=insn.* baremark.console=records"
check_table a64-max a64
# the SIMD and crypto forms (issue 43): every extension QEMU's max has, each
# with the count of forms the table holds for it (a line lost fails here)
expect_q a64-max '[.[] | select(.type=="insn") | .f | split(".")[1]] | group_by(.) | map({(.[0]): length}) | add |
	.neon == 685 and .fp16 == 22 and .aes == 4 and .pmull == 2 and .sha1 == 6 and .sha2 == 4 and .sha512 == 4 and .sha3 == 4 and .sm3 == 7 and .sm4 == 2' \
	"a64 max: 685 Advanced SIMD forms, FP16 22 (6 scalar), AES 4, PMULL 2, SHA1 6, SHA2 4, SHA512 4, SHA3 4, SM3 7, SM4 2"
# each arrangement of an operation is its own form: add at all seven
expect_q a64-max '[.[] | select(.type=="insn" and (.f | test("^a64[.]neon[.]add[.](8b|16b|4h|8h|2s|4s|2d)$")))] | length == 7' \
	"a64 max: add at 8b, 16b, 4h, 8h, 2s, 4s and 2d"
expect_q a64-max '[.[] | select(.type=="skip" and (.kernel | startswith("insn.a64.")))] | length == 0' "a64 max: no extension skipped"

# The crypto gate on a core with some of it: QEMU's Cortex-A72 has AES,
# PMULL, SHA1 and SHA2 but not SHA512, SHA3, SM3 or SM4 (ID_AA64ISAR0_EL1):
# those are one skip record each, naming the field, and never executed.
BM_QEMU_A64="-M virt,virtualization=on -cpu cortex-a72" boot a64-a72 \
	"baremark.only=insn.a64.aes.*,insn.a64.pmull.*,insn.a64.sha*,insn.a64.sm* baremark.console=records"
check_table a64-a72 a64 'aes|pmull|sha|sm'
expect_q a64-a72 '[.[] | select(.type=="skip") | .kernel] | sort == ["insn.a64.sha3", "insn.a64.sha512", "insn.a64.sm3", "insn.a64.sm4"]' \
	"cortex-a72: SHA512, SHA3, SM3 and SM4 skipped"
expect_q a64-a72 '[.[] | select(.type=="skip")] | all(.reason | test("ID_AA64ISAR0_EL1 bits"))' "cortex-a72: each skip names its ID_AA64ISAR0_EL1 field"
expect_q a64-a72 '[.[] | select(.type=="insn")] | length == 16' "cortex-a72: the 16 AES, PMULL, SHA1 and SHA2 forms ran"
summary "insn"
