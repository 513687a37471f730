# SpacemiT K3. DRAM starts at 0x100000000 and its first 32 MiB belong to
# firmware (../shared/platforms.md), so the Image asks booti for a 64 MiB
# text_offset: it runs at 0x104000000, clear of OpenSBI and U-Boot.
ARCH := riscv64
LOAD_ADDR := 0x104000000
TEXT_OFFSET := 0x4000000
# The vendor SD layout (where FSBL, OpenSBI and U-Boot go) is not
# confirmed in our sources: no FIRMWARE placement for this board yet.
SDCARD_FIRMWARE_OFFSET :=
