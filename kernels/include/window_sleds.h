/* The window probes' sleds and kernels, shared by every ISA (included
 * by kernels/uarch/window_<arch>.S after it defines fill_<kind> (eight
 * fillers of one encoding length), WIN_BODY kind, v, halves, fp and
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
