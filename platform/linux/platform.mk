# The same kernels and harness as a Linux program (issue 7): built with
# the host's gcc (ARCH=x86_64, the default) or a Debian cross gcc
# (ARCH=aarch64 | riscv64, run under qemu-user).
HOSTED := 1
ARCH ?= $(shell uname -m)
