/* The window probes' sleds and kernels, shared by every ISA (included
 * by kernels/uarch/window_<arch>.S after it defines fill_<kind> (eight
 * fillers of one encoding length; fill_nop is here), WIN_BODY kind, v, halves, fp and
 * win_jump target (a direct jump)). See kernels/uarch/window.c.
 *
 * A sled: 1024 fillers (WIN_FILL in window.c), then the jump back to the
 * body at _r<i>; _s<i> is its first filler, _e<i> where the fillers end. */
.macro WIN_SLED kind, v, i, fill
	.globl	bm_win_\kind\()_\v\()_s\i, bm_win_\kind\()_\v\()_e\i
	.balign	64
bm_win_\kind\()_\v\()_s\i:
	.rept	128
	\fill
	.endr
bm_win_\kind\()_\v\()_e\i:
	win_jump bm_win_\kind\()_\v\()_r\i
.endm

/* No-ops: the same mnemonic on every ISA (1 byte on x86, 4 elsewhere). */
.macro fill_nop
	.rept 8
	nop
	.endr
.endm

/* The loop's halves: x1 loads each chase once through sleds 0 and 1
 * (entries at state offsets 16, 24), x2 twice through its four (32-56).
 * `half chase, use, off, back` is the ISA's. */
.macro WIN_HALVES kind, v, halves, ca, ua, cb, ub
	.if	\halves == 2
	half	\ca, \ua, 16, bm_win_\kind\()_\v\()_r0
	half	\cb, \ub, 24, bm_win_\kind\()_\v\()_r1
	.else
	half	\ca, \ua, 32, bm_win_\kind\()_\v\()_r0
	half	\cb, \ub, 40, bm_win_\kind\()_\v\()_r1
	half	\ca, \ua, 48, bm_win_\kind\()_\v\()_r2
	half	\cb, \ub, 56, bm_win_\kind\()_\v\()_r3
	.endif
.endm

/* Both bodies of a kind and their six sleds (two for x1, four for x2). */
.macro WINDOW kind, fp=0
	WIN_BODY \kind, x1, 2, \fp
	WIN_BODY \kind, x2, 4, \fp
	WIN_SLED \kind, x1, 0, fill_\kind
	WIN_SLED \kind, x1, 1, fill_\kind
	.irp i, 0, 1, 2, 3
	WIN_SLED \kind, x2, \i, fill_\kind
	.endr
.endm

	WINDOW nop
	WINDOW int
	WINDOW fp, 1
	WINDOW load
	WINDOW store
	WINDOW branch
