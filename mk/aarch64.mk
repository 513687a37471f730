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
UBOOT_ARCH := arm64
