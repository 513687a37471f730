/* x86-64 bodies for kernels/pipeline/pipeline.c; the same operations,
 * chains and state layout (0 x, 8 b, 16 fx, 24 fb, 32 fc) as the riscv64
 * file. Integer chains in rax (latency) or rax rcx rdx r8-r11 rbx
 * (throughput); fp chains in xmm0 or xmm8-xmm15. */
#include "body_x86_64.h"
#include "chains_x86_64.h"
	.text

.macro int_setup
	push	%rbx
	mov	(%rdi), %rax
	mov	8(%rdi), %rdi
	mov %rax, %rcx; mov %rax, %rdx; mov %rax, %r8; mov %rax, %r9
	mov %rax, %r10; mov %rax, %r11; mov %rax, %rbx
.endm
.macro int_lat_finish
	pop	%rbx
.endm
.macro int_thr_finish
	add %rcx, %rax; add %rdx, %rax; add %r8, %rax; add %r9, %rax
	add %r10, %rax; add %r11, %rax; add %rbx, %rax
	pop	%rbx
.endm
.macro fp_setup
	movsd	16(%rdi), %xmm0
	movsd	24(%rdi), %xmm1
	movsd	32(%rdi), %xmm2
	movapd %xmm0, %xmm8; movapd %xmm0, %xmm9; movapd %xmm0, %xmm10; movapd %xmm0, %xmm11
	movapd %xmm0, %xmm12; movapd %xmm0, %xmm13; movapd %xmm0, %xmm14; movapd %xmm0, %xmm15
.endm

.macro add_lat
	add	%rdi, %rax
.endm
.macro add_thr
	add %rdi, %rax; add %rdi, %rcx; add %rdi, %rdx; add %rdi, %r8
	add %rdi, %r9; add %rdi, %r10; add %rdi, %r11; add %rdi, %rbx
.endm
BM_BODY bm_pipe_add_lat, 32, int_setup, add_lat, int_lat_finish
BM_BODY bm_pipe_add_thr, 4, int_setup, add_thr, int_thr_finish

/* immediate add: x += 1, what some renamers fold (pipeline.c) */
.macro addi_lat
	add	$1, %rax
.endm
BM_BODY bm_pipe_addi_lat, 32, int_setup, addi_lat, int_lat_finish

.macro mul_lat
	imul	%rdi, %rax
.endm
.macro mul_thr
	imul %rdi, %rax; imul %rdi, %rcx; imul %rdi, %rdx; imul %rdi, %r8
	imul %rdi, %r9; imul %rdi, %r10; imul %rdi, %r11; imul %rdi, %rbx
.endm
BM_BODY bm_pipe_mul_lat, 32, int_setup, mul_lat, int_lat_finish
BM_BODY bm_pipe_mul_thr, 4, int_setup, mul_thr, int_thr_finish

/* 32-bit multiply: the 32-bit form zeroes the upper half */
.macro mul32_lat
	imul	%edi, %eax
.endm
.macro mul32_thr
	imul %edi, %eax; imul %edi, %ecx; imul %edi, %edx; imul %edi, %r8d
	imul %edi, %r9d; imul %edi, %r10d; imul %edi, %r11d; imul %edi, %ebx
.endm
BM_BODY bm_pipe_mul32_lat, 32, int_setup, mul32_lat, int_lat_finish
BM_BODY bm_pipe_mul32_thr, 4, int_setup, mul32_thr, int_thr_finish

/* x points at itself. */
.macro load_lat
	mov	(%rax), %rax
.endm
.macro load_thr
	mov (%rax), %rcx; mov (%rax), %rdx; mov (%rax), %r8; mov (%rax), %r9
	mov (%rax), %r10; mov (%rax), %r11; mov (%rax), %rbx; mov (%rax), %rdi
.endm
.macro load_thr_finish
	mov %rcx, %rax; add %rdx, %rax; add %r8, %rax; add %r9, %rax
	add %r10, %rax; add %r11, %rax; add %rbx, %rax; add %rdi, %rax
	pop	%rbx
.endm
BM_BODY bm_pipe_load_lat, 32, int_setup, load_lat, int_lat_finish
BM_BODY bm_pipe_load_thr, 4, int_setup, load_thr, load_thr_finish

.macro fadd_lat
	addsd	%xmm1, %xmm0
.endm
.macro fadd_thr
	addsd %xmm1, %xmm8; addsd %xmm1, %xmm9; addsd %xmm1, %xmm10; addsd %xmm1, %xmm11
	addsd %xmm1, %xmm12; addsd %xmm1, %xmm13; addsd %xmm1, %xmm14; addsd %xmm1, %xmm15
.endm
BM_BODY bm_pipe_fadd_lat, 32, fp_setup, fadd_lat, fp_lat_finish
BM_BODY bm_pipe_fadd_thr, 4, fp_setup, fadd_thr, fp_thr_finish

.macro fmul_lat
	mulsd	%xmm1, %xmm0
.endm
.macro fmul_thr
	mulsd %xmm1, %xmm8; mulsd %xmm1, %xmm9; mulsd %xmm1, %xmm10; mulsd %xmm1, %xmm11
	mulsd %xmm1, %xmm12; mulsd %xmm1, %xmm13; mulsd %xmm1, %xmm14; mulsd %xmm1, %xmm15
.endm
BM_BODY bm_pipe_fmul_lat, 32, fp_setup, fmul_lat, fp_lat_finish
BM_BODY bm_pipe_fmul_thr, 4, fp_setup, fmul_thr, fp_thr_finish

/* FMA3 (pipeline.c checks the CPU has it): x = b * x + c */
.macro fma_lat
	vfmadd213sd %xmm2, %xmm1, %xmm0
.endm
.macro fma_thr
	vfmadd213sd %xmm2, %xmm1, %xmm8; vfmadd213sd %xmm2, %xmm1, %xmm9
	vfmadd213sd %xmm2, %xmm1, %xmm10; vfmadd213sd %xmm2, %xmm1, %xmm11
	vfmadd213sd %xmm2, %xmm1, %xmm12; vfmadd213sd %xmm2, %xmm1, %xmm13
	vfmadd213sd %xmm2, %xmm1, %xmm14; vfmadd213sd %xmm2, %xmm1, %xmm15
.endm
BM_BODY bm_pipe_fma_lat, 32, fp_setup, fma_lat, fp_lat_finish
BM_BODY bm_pipe_fma_thr, 4, fp_setup, fma_thr, fp_thr_finish

