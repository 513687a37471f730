#!/usr/bin/env bash
# The RVV instruction table (issue 43; docs/insn.md): its generator on
# crafted tables, the .word encodings read back by LLVM, then every form at
# every SEW x LMUL cell on QEMU under -icount (a cycle is one retired
# instruction): rva23s64 at VLEN 128 and 512 (with zvfh=true: FP16), max
# for the vector crypto extensions, rva23s64 as it is (no Zvfh) for the
# FP16 cells a hart without it reports absent. Each cell must read exactly
# 1 cycle an instruction (lat 1, a round trip through a companion 2, a
# load's through vmv.x.s and add 3, thr 1), the grid record must hold
# the cells the table says, and the number of (form, SEW, LMUL) cells run
# per extension is asserted. The sim profile (8 iterations, one repeat)
# keeps the whole file near a minute. Needs the qemu-rv64 and d1 images built.
set -uo pipefail
TOOL=${TOOL:-build/host/baremark}
GEN=${GEN:-build/host/gen_insn_rvv}
OUT=${OUT:-build/test-insn-rvv}
TABLE=kernels/insn/forms_rvv.tsv
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# 1. The generator. body NAME: the lines of one generated body.
body() { sed -n "/^$1:/,/ret/p" "$OUT/b.S"; }
t=$OUT/forms_rvv.tsv
printf 'v\tvadd.vv\tvadd.vv {d}, {1}, {2}\tref=add\nv\tvrgather.vv\tvrgather.vv {d}, {1}, {2}\tpp vals=gather\n' >"$t"
printf 'v\tvwadd.vv\tvwadd.vv {d}, {1}, {2}\tcls=wvv via=vnsrl.wi\nv\tvnsrl.wi\tvnsrl.wi {d}, {1}, 3\tcls=vw via=vwaddu.vx\n' >>"$t"
printf 'v\tvwaddu.vx\tvwaddu.vx {d}, {1}, {2}\tcls=wvx via=vnsrl.wi\nv\tvmacc.vv\tvmacc.vv {d}, {1}, {2}\tchain=d\n' >>"$t"
printf 'v\tvle.v\tvle{e}.v {d}, ({1})\tcls=vp via=vmv.x.s.add\nv\tvmv.x.s.add\tvmv.x.s t1, {1}; add {d}, a6, t1\tcls=pv companion\n' >>"$t"
printf 'v\tvzext.vf4\tvzext.vf4 {d}, {1}\tcls=vq pp\n' >>"$t"
"$GEN" --bodies "$t" >"$OUT/b.S"
expect "generator: the m1 latency body chains v2 through source 1, its constant in v1 (16 ops)" \
	test "$(body bm_rvv_0_lat_0_x1 | grep -c '^	vadd.vv v2, v2, v1$')" = 16
expect "generator: the 2N body holds twice the ops" test "$(body bm_rvv_0_lat_0_x2 | grep -c '^	vadd.vv v2, v2, v1$')" = 32
expect "generator: the m1 throughput body's 24 ops are independent, their results over 12 groups" \
	test "$(body bm_rvv_0_thr_0_x1 | grep -E '^	vadd.vv v[0-9]+, v1, v1$' | awk '{print $2}' | sort -u | wc -l)" = 12
expect "generator: at m8 the throughput results rotate over v16 and v24 (v0 the mask's, v8 the constant)" \
	test "$(body bm_rvv_0_thr_3_x1 | grep -E '^	vadd.vv' | sort -u | tr -s '\t ' ' ' | tr '\n' '|')" = " vadd.vv v16, v8, v8| vadd.vv v24, v8, v8|"
expect "generator: the cell's vtype is set from the state, vl = VLMAX (vsetvl with x0)" \
	grep -q '^	vsetvl	t1, zero, a2$' <(body bm_rvv_0_lat_0_x1)
expect "generator: a result that may not overlap its source alternates between two groups (pp)" \
	test "$(body bm_rvv_1_lat_0_x1 | grep -E '^	vrgather' | head -2 | tr -s '\t ' ' ' | tr '\n' '|')" = " vrgather.vv v3, v2, v1| vrgather.vv v2, v3, v1|"
expect "generator: a widening result comes back through its companion (vnsrl.wi) every op, at m1 its groups two registers" \
	test "$(body bm_rvv_2_lat_1_x1 | grep -E '^	v(wadd|nsrl)' | head -2 | tr -s '\t ' ' ' | tr '\n' '|')" = " vwadd.vv v6, v4, v2| vnsrl.wi v4, v6, 3|"
expect "generator: a load's body per SEW ({e}): vle8 to vle64" \
	test "$(grep -oE '^	vle(8|16|32|64)\.v' "$OUT/b.S" | sort -u | wc -l)" = 4
expect "generator: a load's latency chains its address (t0, from the buffer's) through element 0 and an add to the buffer's address (a6)" \
	test "$(body bm_rvv_6_lat_2_x1 | grep -E '^	(ld	t0|vle32|vmv.x.s)' | head -3 | tr -s '\t ' ' ' | tr '\n' '|')" = \
	" ld t0, 376(a0)| vle32.v v1, (t0)| vmv.x.s t1, v1; add t0, a6, t1|"
expect "generator: the load's latency body returns the chain's distance from the buffer (0 over zeros)" \
	grep -q '^	sub	t1, t0, a6$' <(body bm_rvv_6_lat_2_x1)
expect "generator: a companion line is never measured itself" test "$(grep -c 'bm_rvv_7_' "$OUT/b.S")" = 0
expect "generator: vzext.vf4 chains through two groups taking turns, the narrow source the other's result (m8: v8 and v16)" \
	test "$(body bm_rvv_8_lat_3_x1 | grep -E '^	vzext' | head -2 | tr -s '\t ' ' ' | tr '\n' '|')" = " vzext.vf4 v16, v8| vzext.vf4 v8, v16|"
"$GEN" --count "$t" >"$OUT/count"
expect "generator: cells at ELEN 64: vadd 22, vwadd 15 (no m8, no SEW 64), vzext.vf4 9, 142 in all, the companion line none: $(tr '\n' ' ' <"$OUT/count")" \
	test "$(cat "$OUT/count")" = "v 8 142"
"$GEN" --forms "$t" >"$OUT/f.c"
expect "generator: vmacc's throughput is chains (it reads its result): the floor's count the most, 12 (m1; 2 at m8)" \
	grep -q 'INSN_GRID_KERNELS(5, form_5, "rv64.v.vmacc.vv", "vmacc.vv", 16, 24, 12);' "$OUT/f.c"
expect "generator: a load has both kernels, three instructions an op of latency (the load, vmv.x.s, add), its chain checked (addr)" \
	test -n "$(grep 'INSN_GRID_KERNELS(6, form_6, "rv64.v.vle.v"' "$OUT/f.c")" -a -n "$(grep -F 'form_6 = {"rv64.v.vle.v", "v", "rv64.v.vmv.x.s.add", INSN_VALS_INT, INSN_FP_D, 3, 0, 1, 1,' "$OUT/f.c")" -a \
	-n "$(grep 'grid_6 = ' "$OUT/f.c" | grep INSN_REF_ADDR)"
# FP16 (Zvfh): the SEW-16 cells carry their extension in the grid, the rest none
printf 'v\tvfadd.vv\tvfadd.vv {d}, {1}, {2}\tsews=16,32,64 zvfh=16 vals=fadd alt=2 ref=fadd\n' >"$t"
printf 'v\tvfncvt.f.f.w\tvfncvt.f.f.w {d}, {1}\tcls=vw sews=16,32 zvfhmin=16 vals=fadd via=vfwcvt.f.f.v\n' >>"$t"
printf 'v\tvfwcvt.f.f.v\tvfwcvt.f.f.v {d}, {1}\tcls=wv sews=16,32 zvfhmin=16 vals=fadd via=vfncvt.f.f.w\n' >>"$t"
printf 'v\tvfsub.vv\tvfsub.vv {d}, {1}, {2}\tsews=32,64 vals=fadd alt=2\n' >>"$t"
"$GEN" --forms "$t" >"$OUT/f16.c"
expect "generator: vfadd.vv's SEW-16 cells (bit 1) need zvfh, vfncvt.f.f.w's zvfhmin, vfsub.vv's (no zvfh=) nothing" \
	test "$(grep -o "INSN_VV_FADD, 0, '.', 0, 0x[0-9a-f]*, [^}]*" "$OUT/f16.c" | cut -d, -f5- | tr -d ' ' | tr '\n' '|')" = '0x2,"zvfh"|0x2,"zvfhmin"|0x2,"zvfhmin"|0x0,NULL|'
"$GEN" --count "$t" >"$OUT/count"
expect "generator: --count says the FP16 cells apart: vfadd.vv 15 cells, 6 at SEW 16; the conversions 9, 5 at SEW 16 ($(tr '\n' ' ' <"$OUT/count"))" \
	test "$(tr '\n' ' ' <"$OUT/count")" = "v 4 42 v+zvfh 1 6 v+zvfhmin 2 10 "
refuse() { # refuse "description" TABLE-LINE WORD-IN-ERROR
	printf '%b\n' "$2" >"$t"
	local err
	err=$("$GEN" --bodies "$t" 2>&1 >/dev/null)
	expect "generator refuses $1 ($err)" test $? != 0 -a -n "$(grep -F "$3" <<<"$err")"
}
refuse "a widening chain without a companion" 'v\tvwadd.vv\tvwadd.vv {d}, {1}, {2}\tcls=wvv' "give a companion"
refuse "a .word form without its llvm-mca text" 'zvbb\tvandn.vv\t.word BM_RV_VTYPE(1, 1, {1#}, {2#}, 0, {d#}, 0x57)\t-' "llvm-mca text"
refuse "an unknown class" 'v\tvadd.vv\tvadd.vv {d}, {1}, {2}\tcls=vvq2' "class '2'"
refuse "a form no cell takes" 'v\tvwadd.vv\tvwadd.vv {d}, {1}, {2}\tcls=wvv sews=64 via=vwadd.vv' "no SEW x LMUL cell"
refuse "an FP add reference without its K2/K3 alternation" 'v\tvfadd.vv\tvfadd.vv {d}, {1}, {2}\tsews=32,64 vals=fadd ref=fadd' "needs alt=2"
refuse "an unknown reference" 'v\tvadd.vv\tvadd.vv {d}, {1}, {2}\tref=sub' "ref= takes"
refuse "two instructions in a measured form" 'v\tvadd.vv\tvadd.vv {d}, {1}, {2}; vadd.vv {d}, {1}, {2}' "only in a companion line"
refuse "a companion line with a reference" 'v\tvmv.x.s.add\tvmv.x.s t1, {1}; add {d}, a6, t1\tcls=pv companion ref=add' "never measured"
refuse "a load with a reference of its own" 'v\tvle.v\tvle{e}.v {d}, ({1})\tcls=vp via=vmv.x.s.add ref=add\nv\tvmv.x.s.add\tvmv.x.s t1, {1}; add {d}, a6, t1\tcls=pv companion' "its own reference"
refuse "zvfh= at a SEW the form does not take" 'v\tvfadd.vv\tvfadd.vv {d}, {1}, {2}\tsews=32,64 zvfh=16' "sews= does not"
refuse "both zvfh= and zvfhmin=" 'v\tvfadd.vv\tvfadd.vv {d}, {1}, {2}\tsews=16,32 zvfh=16 zvfhmin=16' "one of zvfh= and zvfhmin="
refuse "a companion of the wrong classes" 'v\tvwadd.vv\tvwadd.vv {d}, {1}, {2}\tcls=wvv via=vadd.vv\nv\tvadd.vv\tvadd.vv {d}, {1}, {2}' "its result must be"

# 2. The .word forms (binutils 2.40 has no Zvk*): LLVM's disassembler
# must read each body's most frequent instruction as the table's text.
"$GEN" --forms "$TABLE" >"$OUT/rvv_forms.c"
llvm-objdump-19 -d --mattr=+v,+zvbb,+zvbc,+zvkned,+zvknha,+zvknhb,+zvksed,+zvksh,+zvkg \
	build/qemu-rv64/obj/gen/insn_rvv_bodies.S.o >"$OUT/rvv_bodies.dis"
nword=0
while IFS=$'\t' read -r ext name tmpl opts mca; do
	[ -n "$mca" ] || continue
	nword=$((nword + 1))
	n=$(grep -o "form_[0-9]* = {\"rv64\.$ext\.$name\"" "$OUT/rvv_forms.c" | sed 's/form_\([0-9]*\).*/\1/')
	kind=lat
	grep -q "nolat" <<<"$opts" && kind=thr
	got=$(awk -v a="<bm_rvv_${n}_${kind}_0_x1>:" -v b="<bm_rvv_${n}_${kind}_0_x1_end>:" \
		'index($0, a) {on = 1; next} index($0, b) {on = 0} on && NF >= 3 && length($2) == 8 {print $3}' \
		"$OUT/rvv_bodies.dis" | sort | uniq -c | sort -rn | awk '{print $2; exit}')
	expect "llvm-objdump reads rv64.$ext.$name's .word as ${mca%% *} (got '$got')" test "$got" = "${mca%% *}"
done < <(grep -v '^#' "$TABLE" | grep -P '\t\.word ')
expect "the vector crypto forms are all .word encodings: 44 ($nword)" test "$nword" = 44
# Each body lies within the alignment its start has (tools/insn_body.h),
# as the scalar tables' do (test_insn.sh): 8,258 bodies in the RV64 image.
r=$(body_misfits build/qemu-rv64/baremark.elf bm_rvv_)
expect "generator: every RVV body (${r% *}) within its start's alignment (got ${r#* } that are not)" \
	test "${r% *}" -gt 8000 -a "${r#* }" = 0
# one C reference a class (insn_rvv_riscv64.c): add mul red fadd macc waddu
# saddu fmul fma iota slide nsrl divu
refs=$(grep -oE 'INSN_REF_[A-Z]+' "$OUT/rvv_forms.c" | grep -v -e NONE -e ADDR | sort | tr '\n' ' ')
expect "13 forms carry a C reference, one each ($refs)" \
	test "$refs" = "INSN_REF_ADD INSN_REF_DIVU INSN_REF_FADD INSN_REF_FMA INSN_REF_FMUL INSN_REF_IOTA INSN_REF_MACC INSN_REF_MUL INSN_REF_NSRL INSN_REF_RED INSN_REF_SADDU INSN_REF_SLIDE INSN_REF_WADDU "
# and every load's address chain: unit-stride, mask, strided, indexed, fault-only-first,
# segment and whole-register loads, masked variants too
expect "the 41 loads chain their address, each checked (INSN_REF_ADDR)" test "$(grep -c 'INSN_REF_ADDR' "$OUT/rvv_forms.c")" = 41

# 3. Every form at every cell on QEMU. check_grid NAME EXT FORMS CELLS:
# the extension's records, their cells, each at one cycle an instruction.
check_grid() {
	local n=$1 ext=$2 forms=$3 cells=$4
	expect_q "$n" "[.[] | select(.type==\"insn\" and (.f | startswith(\"rv64.$ext.\")))] | length == $forms" \
		"$ext: $forms forms, one record each"
	expect_q "$n" "[.[] | select(.type==\"insn\" and (.f | startswith(\"rv64.$ext.\"))) | .g | length] | add == $cells" \
		"$ext: $cells (form, SEW, LMUL) cells ran"
}
check_exact() {
	local n=$1 vlen=$2
	expect_q "$n" '.[-1].type == "end" and .[-1].errors == 0' "no error"
	expect_q "$n" "[.[] | select(.type==\"insn\")] | all(.vlen == $vlen and has(\"g\"))" "every record a grid at VLEN $vlen"
	# lat 1, or null with a reason (a store; a round trip, 2 in rt, 3
	# for a load: the load, vmv.x.s or vcpop.m, add); thr 1; no verdict flagged
	expect_q "$n" '[.[] | select(.type=="insn") | . as $r | .g | to_entries[] | select(
		(.value[0] != null and .value[0] != 1) or .value[1] != 1 or
		(.value[0] == null and (($r.why // {})[.key] // "") == "") or
		(($r.rt // {})[.key] // null) != (if $r.rt == null then null elif ($r.via | test("^rv64\\.v\\.(vmv\\.x\\.s|vcpop\\.m)\\.add$")) then 3 else 2 end) or
		($r | has("lv") or has("tv")))] | length == 0' \
		"every cell: lat 1 (or null with its reason, a round trip 2, a load's 3), thr 1, nothing flagged"
}
# v's forms and cells at ELEN 64 (gen_insn_rvv --count): 429 forms, 7,454
# cells (the strided and indexed segments at nf 2-8: 40 forms, 480 cells),
# of which 651 (113 forms) need Zvfh and 20 (4 forms) Zvfhmin
"$GEN" --count "$TABLE" >"$OUT/count"
read -r _ vforms vcells < <(grep '^v ' "$OUT/count")
expect "the table: v 429 forms, 7454 cells; FP16: 113 forms, 651 cells with zvfh, 4 forms, 20 cells with zvfhmin ($(head -3 "$OUT/count" | tr '\n' ' '))" \
	test "$(head -3 "$OUT/count" | tr '\n' ' ')" = "v 429 7454 v+zvfh 113 651 v+zvfhmin 4 20 "
PLATFORM=qemu-rv64 BUILD=build/qemu-rv64
# rva23s64 has Zvfhmin (RVA23 mandates it), not Zvfh: zvfh=true adds it,
# so every cell runs
for vlen in 128 512; do
	BM_QEMU_CPU=rva23s64,vlen=$vlen,zvfh=true boot "rva23-$vlen" "baremark.only=insn.rv64.v.* baremark.profile=sim"
	expect_q "rva23-$vlen" '[.[] | select(.type=="core") | .isa | split("_") | any(.[]; . == "zvfh")] | (length > 0 and all)' "VLEN $vlen: the ISA string lists zvfh"
	check_exact "rva23-$vlen" "$vlen"
	check_grid "rva23-$vlen" v "$vforms" "$vcells"
done
expect_q rva23-128 '[.[] | select(.type=="insn" and .f=="rv64.v.vadd.vv")][0].g | keys_unsorted | .[0:4] == ["e8mf8","e8mf4","e8mf2","e8m1"] and length == 22' \
	"vadd.vv: 22 cells, SEW then LMUL ascending (no e16mf8: SEW/LMUL above ELEN)"
expect_q rva23-128 '[.[] | select(.type=="insn" and .f=="rv64.v.vwadd.vv")][0] | (.g | has("e8m8") or has("e64m1") | not) and .rt.e32m4 == 2 and .via == "rv64.v.vnsrl.wi"' \
	"vwadd.vv: no m8, no SEW 64; the round trip through vnsrl.wi is 2"
expect_q rva23-128 '[.[] | select(.type=="insn" and .f=="rv64.v.vse.v")][0] | (.g | all(.[0] == null)) and .why.e64m8 == "lat: no chain (nolat)"' \
	"vse.v: a store has no latency, said per cell"
for vlen in 128 512; do
	expect_q "rva23-$vlen" '[.[] | select(.type=="insn" and (.f | test("^rv64\\.v\\.vl")) and (.f | test("^rv64\\.v\\.vlnre|^rv64\\.v\\.vl(m|e|se|uxei|oxei|eff|seg[2-8]e|sseg[2-8]e|[uo]xseg[2-8]ei)\\.v(\\.mask)?$")))] | length == 41 and all(
		(.via == (if .f == "rv64.v.vlm.v" then "rv64.v.vcpop.m.add" else "rv64.v.vmv.x.s.add" end)) and (.g | length) == (.rt | length) and (.rt | all(. == 3)))' \
		"VLEN $vlen: the 41 loads, a round trip of 3 at every cell through their address (vlm.v by vcpop.m)"
	# strided and indexed segments, nf 2-8: EMUL x nf <= 8 per cell
	expect_q "rva23-$vlen" '[.[] | select(.type=="insn" and (.f | test("^rv64\\.v\\.v(lsseg|ssseg|luxseg|loxseg|suxseg|soxseg)[2-8]ei?\\.v$")))] | length == 42' \
		"VLEN $vlen: 42 strided and indexed segment forms (vlsseg, vssseg, vluxseg, vloxseg, vsuxseg, vsoxseg at nf 2-8; vssseg2, the ordered and store ones new)"
	expect_q "rva23-$vlen" '[.[] | select(.type=="insn" and (.f == "rv64.v.vlsseg8e.v" or .f == "rv64.v.vsoxseg3ei.v" or .f == "rv64.v.vluxseg5ei.v")) | {(.f): (.g | keys_unsorted | map(select(test("m[248]$"))))}] | add == {"rv64.v.vlsseg8e.v": [], "rv64.v.vsoxseg3ei.v": ["e8m2","e16m2","e32m2","e64m2"], "rv64.v.vluxseg5ei.v": []}' \
		"VLEN $vlen: EMUL x nf <= 8: vlsseg8e and vluxseg5ei stop at m1, vsoxseg3ei at m2 (10, 10 and 14 cells)"
	expect_q "rva23-$vlen" '[.[] | select(.type=="insn" and (.f | test("^rv64\\.v\\.v[sz]ext\\.vf[248]")))] | length == 7 and all(.g | all(.[0] == 1))' \
		"VLEN $vlen: vzext/vsext vf2, vf4, vf8: latency 1 at every cell, through two groups taking turns"
done
expect_q rva23-128 '[.[] | select(.type=="insn" and .f=="rv64.v.vfadd.vv")][0].g | keys_unsorted == ["e16mf4","e16mf2","e16m1","e16m2","e16m4","e16m8","e32mf2","e32m1","e32m2","e32m4","e32m8","e64m1","e64m2","e64m4","e64m8"]' \
	"vfadd.vv with Zvfh: 15 cells, SEW 16 (mf4 to m8) first, each checked against the binary16 reference (no error)"
expect_q rva23-128 '[.[] | select(.type=="insn" and .f=="rv64.v.vfwadd.vv")][0] | (.g | keys_unsorted | .[0:5]) == ["e16mf4","e16mf2","e16m1","e16m2","e16m4"] and .rt.e16m4 == 2' \
	"vfwadd.vv with Zvfh: SEW 16 to a 32-bit result at mf4 to m4, a round trip of 2 through vfncvt.f.f.w"
# Without Zvfh (rva23s64 as it is: Zvfhmin alone), every SEW-16 FP cell
# is a null with the reason, never executed; Zvfhmin's conversions run
BM_QEMU_CPU=rva23s64,vlen=128 boot rva23-nozvfh "baremark.only=insn.rv64.v.vf*,insn.rv64.v.vmf* baremark.profile=sim"
expect_q rva23-nozvfh '.[-1].type == "end" and .[-1].errors == 0' "without zvfh: no error"
expect_q rva23-nozvfh '[.[] | select(.type=="core") | .isa | split("_") | any(.[]; . == "zvfhmin") and (any(.[]; . == "zvfh") | not)] | (length > 0 and all)' \
	"rva23s64: the ISA string lists zvfhmin, not zvfh"
expect_q rva23-nozvfh '[.[] | select(.type=="insn") | . as $r | .g | to_entries[] | select(($r.why // {})[.key] == "no zvfh in the hart'"'"'s ISA string: not executed") | select(.value == [null, null])] | length == 651' \
	"without zvfh: the 651 FP16 cells are [null, null], why: no zvfh in the hart's ISA string"
expect_q rva23-nozvfh '[.[] | select(.type=="insn") | .g | to_entries[] | select(.value[1] == null)] | length == 651' \
	"without zvfh: no other cell lacks its throughput"
expect_q rva23-nozvfh '[.[] | select(.type=="insn" and (.f | test("^rv64\\.v\\.vf(w|n)cvt\\.f\\.f\\.[vw](\\.mask)?$"))) | . as $r | .g | to_entries[] | select(.key | startswith("e16")) | select(.value[1] == 1 and $r.rt[.key] == 2)] | length == 20' \
	"Zvfhmin alone: vfwcvt.f.f.v and vfncvt.f.f.w (and masked) run their 20 SEW-16 cells, thr 1, round trip 2"
# The vector crypto forms: max has them all; at VLEN 128 an element group
# of 4 (8) at SEW 32 needs LMUL 1 (2) or more.
BM_QEMU_CPU=max boot max "baremark.only=insn.rv64.zv*,insn.rv64.v.vfadd.vv.*,insn.rv64.v.vfncvt.f.f.w.* baremark.profile=sim"
check_exact max 128
expect_q max '[.[] | select(.type=="insn" and (.f == "rv64.v.vfadd.vv" or .f == "rv64.v.vfncvt.f.f.w")) | .g | to_entries[] | select(.key | startswith("e16"))] | length == 11' \
	"max has Zvfh: vfadd.vv's 6 SEW-16 cells and vfncvt.f.f.w's 5 run (exact, vfadd's against its binary16 reference)"
check_grid max zvbb 16 331
check_grid max zvbc 4 16
check_grid max zvkned 11 44
check_grid max zvknha 3 12
check_grid max zvknhb 3 9
check_grid max zvksed 3 12
check_grid max zvksh 2 6
check_grid max zvkg 2 8
# rva23s64 has Zvbb (RVA23 mandates it), not the others: one skip record each
BM_QEMU_CPU=rva23s64 boot rva23-zv "baremark.only=insn.rv64.zv* baremark.profile=sim"
check_grid rva23-zv zvbb 16 331
expect_q rva23-zv '[.[] | select(.type=="skip") | .kernel] | sort == ["insn.rv64.zvbc","insn.rv64.zvkg","insn.rv64.zvkned","insn.rv64.zvknha","insn.rv64.zvknhb","insn.rv64.zvksed","insn.rv64.zvksh"]' \
	"rva23s64: the Zvk extensions and Zvbc are one skip record each, never executed"
# The d1 image on QEMU's C906 model, which has no RVV 1.0 unit: one skip
# record for RVV and one for a crypto extension, no form executed.
PLATFORM=d1 BUILD=build/d1
BM_QEMU_CPU=c906 boot c906 "baremark.only=insn.rv64.v.vadd.*,insn.rv64.zvkg.* baremark.profile=sim"
expect_q c906 '[.[] | select(.type=="skip") | .kernel] == ["insn.rv64.v","insn.rv64.zvkg"] and ([.[] | select(.type=="insn")] | length == 0) and .[-1].errors == 0' \
	"thead-c906: RVV and Zvkg one skip record each, never executed"
summary "insn-rvv"
