# riscv64 image: Debian's riscv64-unknown-elf-gcc with picolibc.
CROSS ?= riscv64-unknown-elf-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
ARCH_DIR := riscv
# C for RV64IMAC with the soft-float ABI, so the image comes up on any
# RV64 core with the S-mode basics, F and D or not: the compiler never
# emits an FP instruction, and picolibc has that variant. The kernel
# bodies (assembly) may use F and D: those kernels run only where the
# hart has them (arch_has_feature("fpu")). Anything beyond is probed.
ARCH_CFLAGS := -specs=picolibc.specs -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
ARCH_ASFLAGS := -specs=picolibc.specs -march=rv64gc -mabi=lp64 -mcmodel=medany
# GCC 12 picks libgcc's and picolibc's variant by the literal -march: the
# link names rv64imac (the rv64imac/lp64 variant), compiling needs Zicsr.
# picolibc's integer-only vfprintf, as on arm64 (mk/aarch64.mk): the image
# prints no floating-point value, so both images format alike.
ARCH_LINKFLAGS := -specs=picolibc.specs -march=rv64imac -mabi=lp64 -mcmodel=medany -DPICOLIBC_INTEGER_PRINTF_SCANF
ARCH_LIBS := -lc -lgcc
# The same soft-float calling convention (lp64), with F and D instructions:
# for the workload files that compute in floating point (Makefile: *_hw.c).
ARCH_HWFP_CFLAGS := -march=rv64imafdc_zicsr_zifencei

UBOOT_ARCH := riscv
