# QEMU virt, riscv64 (facts measured with Debian's QEMU 7.2: see
# ../shared/platforms.md). OpenSBI's fw_dynamic jumps to 0x80200000.
ARCH := riscv64
LOAD_ADDR := 0x80200000
TEXT_OFFSET := 0x200000
SDCARD_FIRMWARE_OFFSET :=
