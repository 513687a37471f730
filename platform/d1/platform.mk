# Allwinner D1 (one T-Head C906). U-Boot booti moves a RISC-V Image to
# DRAM base (0x40000000) + text_offset; 2 MiB keeps it off OpenSBI, which
# sits at the start of DRAM (../shared/platforms.md).
ARCH := riscv64
LOAD_ADDR := 0x40200000
TEXT_OFFSET := 0x200000
# The BootROM reads SPL + U-Boot (u-boot-sunxi-with-spl.bin) at 8 KiB.
SDCARD_FIRMWARE_OFFSET := 8192
