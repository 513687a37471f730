# aarch64 image: Debian's aarch64-linux-gnu-gcc used freestanding with
# picolibc. -mstrict-align: C code runs before the MMU is on, when all
# memory is Device memory and an unaligned access faults.
# +nofp: the C is integer-only, so the image comes up on a core without
# FP and Advanced SIMD (ID_AA64PFR0_EL1.FP/AdvSIMD = 0xf; both are
# optional in the Cortex-A53, for one): GCC then never moves a struct,
# saves a variadic argument or vectorises a loop through a SIMD register.
# AArch64 has no soft-float ABI, so C that computes in double is built
# with the FPU (ARCH_FP_SRCS, *_hw.c) and runs only where the core has
# one (arch_has_feature, arch_c_float).
CROSS ?= aarch64-linux-gnu-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
ARCH_DIR := arm64
ARCH_CFLAGS := -specs=/usr/lib/picolibc/aarch64-linux-gnu/picolibc.specs -march=armv8-a+nofp \
	-mstrict-align -mcmodel=small -fno-pic -fno-pie
# Kernels and summary files in assembly may use FP and SIMD: they run
# only where the core has them.
ARCH_ASFLAGS := $(subst +nofp,,$(ARCH_CFLAGS))
# picolibc's integer-only vfprintf (the image prints no floating-point
# value): Debian's build of its default one, and of its snprintf and
# vsnprintf, uses SIMD registers on every call (arch/arm64/snprintf.c).
ARCH_LINKFLAGS := $(ARCH_CFLAGS) -DPICOLIBC_INTEGER_PRINTF_SCANF
ARCH_LIBS := -lc -lgcc
# C built with FP and Advanced SIMD, besides the *_hw.c files: the
# summary's arithmetic, and the kernels written with NEON or Crypto
# Extension intrinsics. Each runs only after a check that the core has
# what it uses.
ARCH_HWFP_CFLAGS := -march=armv8-a
ARCH_FP_SRCS := lib/summary.c harness/summary_derived.c kernels/vector/neon_aarch64.c \
	kernels/crypto/backend_aarch64.c kernels/crypto/armv82_aarch64.c kernels/crypto_insn/insn_aarch64.c
# The kernels run only once the MMU is on (mmu_early maps RAM as Normal
# memory and clears SCTLR.A), where an unaligned access is legal. Under
# -mstrict-align GCC cannot load a 16-byte vector through a uint8_t
# pointer it cannot prove aligned and assembles it from 16 byte loads:
# the Crypto Extension kernels spent 9.5 instructions a byte on that
# (AES-128-CTR under QEMU -icount), about four times their rounds.
ARCH_KERNEL_CFLAGS := -mno-strict-align
UBOOT_ARCH := arm64
