#!/usr/bin/env bash
# The instructions the structure probes are made of, read back from the
# built objects of all three ISAs: every filler and chain must be one no
# renamer removes. Cores eliminate at rename, with no register written
# and no latency: zero idioms and register moves (AMD Zen, Intel, Arm's
# larger cores), and on Intel Golden Cove and later small immediate
# adds (uops.info, Alder Lake-P). A filler that is eliminated fills the
# reorder buffer instead of the register file it is named after, and a
# chain link that is eliminated takes its latency out of the figure.
#   uarch.window.int   fillers: all register-register adds
#   uarch.window.fp    fillers: all FP adds of two other registers
#   uarch.stlf.lat     store, load, register add: no immediate add
#   pipeline.addi.lat  the elimination probe: its chain IS immediate adds
# Needs the builds of qemu-rv64, qemu-a64 and linux (tests/run.sh makes them first).
set -uo pipefail
cd "$(dirname "$0")/../.."
. tests/qemu/lib.sh

# insns OBJDUMP OBJECT SYMBOL: the instructions from SYMBOL's label to the
# next global label (local .L labels, which riscv64 objects list, are
# passed over), one per line as "mnemonic operands", objdump's comments
# (`//` on aarch64, `#` followed by a blank elsewhere; aarch64 writes
# immediates as `#0x1`) taken off.
insns() {
	"$1" -d --no-show-raw-insn "$2" | awk -v sym="<$3>:" '
		$2 == sym { on = 1; next }
		on && /^[0-9a-f]+ <[^.].*>:$/ { exit }
		on && /^ *[0-9a-f]+:/ { sub(/^ *[0-9a-f]+:[ \t]*/, ""); sub(/[ \t]*(\/\/|# ).*$/, ""); gsub(/[ \t]+/, " "); print }'
}

# every_line FILE REGEX: FILE has lines and all of them match.
every_line() { [ -s "$1" ] && ! grep -qvE "$2" "$1"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_isa() {
	local isa=$1 dump=$2 obj=$3 int_re=$4 fp_re=$5 imm_re=$6 reg_add_re=$7 addi_re=$8
	local win="$obj/kernels/uarch/window_$isa.S.o" uarch="$obj/kernels/uarch/uarch_$isa.S.o"
	local pipe="$obj/kernels/pipeline/pipeline_$isa.S.o"
	expect "$isa: the objects are built" test -f "$win" -a -f "$uarch" -a -f "$pipe"
	insns "$dump" "$win" bm_win_int_x1_s0 >"$tmp/$isa.int"
	expect "$isa: uarch.window.int's sled is 1024 fillers (got $(wc -l <"$tmp/$isa.int"))" test "$(wc -l <"$tmp/$isa.int")" = 1024
	expect "$isa: every integer filler adds a register, none an immediate, none a move or zero idiom" every_line "$tmp/$isa.int" "$int_re"
	insns "$dump" "$win" bm_win_fp_x1_s0 >"$tmp/$isa.fp"
	expect "$isa: every FP filler adds two other registers" every_line "$tmp/$isa.fp" "$fp_re"
	insns "$dump" "$uarch" bm_uarch_stlf_x1 >"$tmp/$isa.stlf"
	expect "$isa: uarch.stlf.lat's chain adds a register" grep -qE "$reg_add_re" "$tmp/$isa.stlf"
	expect "$isa: uarch.stlf.lat has no immediate add a renamer could fold" bash -c "! grep -qE '$imm_re' '$tmp/$isa.stlf'"
	insns "$dump" "$pipe" bm_pipe_addi_lat_x1 >"$tmp/$isa.addi"
	expect "$isa: pipeline.addi.lat chains immediate adds of 1" test "$(grep -cE "$addi_re" "$tmp/$isa.addi")" -ge 32
	insns "$dump" "$pipe" bm_pipe_add_lat_x1 >"$tmp/$isa.add"
	expect "$isa: pipeline.add.lat chains register adds, no immediate" bash -c "grep -qE '$reg_add_re' '$tmp/$isa.add' && ! grep -qE '$imm_re' '$tmp/$isa.add'"
}

# x86-64: `add %rdi,%reg`; vaddpd %xmm1,%xmm0,%xmmN; an immediate is `$`;
# the chains are in rax (the loop's own `dec %rsi` is not in them)
check_isa x86_64 objdump build/linux/obj \
	'^add %rdi,%(rax|rcx|rdx|rbp|r12|r13|r14|r15)$' \
	'^vaddpd %xmm1,%xmm0,%xmm[2-9]$' \
	'^(add|sub) \$.*|^(inc|dec) %rax$' \
	'^add %r[a-z0-9]+,%r[a-z0-9]+$' \
	'^add \$0x1,%rax$'
# aarch64: add xN, xN, x0; fadd dN, d0, d1; an immediate is `#`; the
# chains are in x2
check_isa aarch64 aarch64-linux-gnu-objdump build/qemu-a64/obj \
	'^add x(8|9|1[0-5]), x(8|9|1[0-5]), x0$' \
	'^fadd d(1[6-9]|2[0-3]), d0, d1$' \
	'^(add|sub) x2, x2, #' \
	'^add x[0-9]+, x[0-9]+, x[0-9]+$' \
	'^add x2, x2, #0x1$'
# riscv64: add rd, rd, a0; fadd.d ftN, fa0, fa1; an immediate add is addi
# (binutils 2.40 prints it `add a2,a2,1`); the chains are in a2
check_isa riscv64 riscv64-unknown-elf-objdump build/qemu-rv64/obj \
	'^add (t[0-6]|a7),(t[0-6]|a7),a0$' \
	'^fadd\.d ft[0-7],fa0,fa1$' \
	'^addi? a2,a2,-?[0-9]+$' \
	'^add [a-z][a-z0-9]*,[a-z][a-z0-9]*,[a-z][a-z0-9]*$' \
	'^addi? a2,a2,1$'
summary fillers
