/* Assembler macros shared by the RVV 1.0 and XTheadVector bodies
 * (rvv_riscv64.S, thv_riscv64.S): register allocations per LMUL, chain
 * set-up, and the latency / throughput body generators. Include after
 * body_riscv64.h. The state holds x (chain start) at 8 and b (operand)
 * at 16; `setup` must load them into a2 and a3 and set vtype. */

/* Throughput allocations (register groups start at multiples of LMUL):
 * chains, with a free group left for the operand. */
#define M1 1, 2, 3, 4, 5, 6, 7, 8
#define M2 2, 4, 6, 8, 10, 12, 14, 16
#define M4 4, 8, 12, 16, 20, 24
#define M8 8, 16, 24

/* One op on every chain; `m` takes the chain register and the free one. */
.macro each m, free, chains:vararg
	.irp c, \chains
	\m \c, \free
	.endr
.endm

.macro init_x c, free
	vmv.v.x	v\c, a2
.endm

/* arithmetic: chain = chain op operand (identical encodings in 0.7.1) */
.macro op_vadd c, o
	vadd.vv	v\c, v\c, v\o
.endm
.macro op_vmul c, o
	vmul.vv	v\c, v\c, v\o
.endm
.macro op_vfmacc c, o
	vfmacc.vv v\c, v\o, v\o
.endm

/* V_LAT prefix, op, setup, finish: bm_<prefix><op>_lat, one chain in v8
 * with the operand in v16; `finish` leaves element 0 of v8 in a0. */
.macro V_LAT prefix, op, setup, finish
.macro \prefix\()\op\()_lat_setup
	\setup
	vmv.v.x	v8, a2
	vmv.v.x	v16, a3
.endm
.macro \prefix\()\op\()_lat1
	op_\op 8, 16
.endm
	BM_BODY bm_\prefix\()\op\()_lat, 24, \prefix\()\op\()_lat_setup, \prefix\()\op\()_lat1, \finish
.endm

/* V_THR prefix, op, setup, finish, lm, free, unroll, chains: the
 * throughput body for one allocation; `finish free, chains` leaves the
 * sum of the chains' element 0 in a0. */
.macro V_THR prefix, op, setup, finish, lm, free, unroll, chains:vararg
.macro \prefix\()\op\()_\lm\()_setup
	\setup
	vmv.v.x	v\free, a3
	each init_x, \free, \chains
.endm
.macro \prefix\()\op\()_\lm\()_round
	each op_\op, \free, \chains
.endm
.macro \prefix\()\op\()_\lm\()_finish
	\finish \free, \chains
.endm
	BM_BODY bm_\prefix\()\op\()_thr_\lm, \unroll, \prefix\()\op\()_\lm\()_setup, \prefix\()\op\()_\lm\()_round, \prefix\()\op\()_\lm\()_finish
.endm
