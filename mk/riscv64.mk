# riscv64 image: Debian's riscv64-unknown-elf-gcc with picolibc.
CROSS ?= riscv64-unknown-elf-
CC := $(CROSS)gcc
OBJCOPY := $(CROSS)objcopy
READELF := $(CROSS)readelf
ARCH_DIR := riscv
# rv64gc only; anything beyond it is probed at run time.
ARCH_CFLAGS := -specs=picolibc.specs -march=rv64gc -mabi=lp64d -mcmodel=medany
ARCH_LIBS := -lc -lgcc

UBOOT_ARCH := riscv
