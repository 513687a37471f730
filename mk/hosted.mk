# The Linux build (PLATFORM=linux): an ordinary program with the host's
# gcc, or Debian's cross gcc for ARCH=aarch64 | riscv64 (linked static so
# qemu-user runs it without a sysroot).
HOST_ARCH := $(shell uname -m)
ARCH_DIR := linux
ifeq ($(ARCH),$(HOST_ARCH))
CC := gcc
BUILD := build/linux
ARCH_LDFLAGS :=
else
CC := $(ARCH)-linux-gnu-gcc
BUILD := build/linux-$(ARCH)
ARCH_LDFLAGS := -static
endif
ARCH_CFLAGS :=
