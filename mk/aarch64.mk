# aarch64 image: Debian's aarch64-linux-gnu-gcc used freestanding with
# picolibc. -mstrict-align: C code runs before the MMU is on, when all
# memory is Device memory and an unaligned access faults.
CROSS ?= aarch64-linux-gnu-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
ARCH_DIR := arm64
ARCH_CFLAGS := -specs=/usr/lib/picolibc/aarch64-linux-gnu/picolibc.specs -march=armv8-a \
	-mstrict-align -mcmodel=small -fno-pic -fno-pie
ARCH_LIBS := -lc -lgcc
# The kernels run only once the MMU is on (mmu_early maps RAM as Normal
# memory and clears SCTLR.A), where an unaligned access is legal. Under
# -mstrict-align GCC cannot load a 16-byte vector through a uint8_t
# pointer it cannot prove aligned and assembles it from 16 byte loads:
# the Crypto Extension kernels spent 9.5 instructions a byte on that
# (AES-128-CTR under QEMU -icount), about four times their rounds.
ARCH_KERNEL_CFLAGS := -mno-strict-align
UBOOT_ARCH := arm64
