# QEMU virt, aarch64 (facts measured with Debian's QEMU 7.2: see
# ../shared/platforms.md). -kernel loads an Image at RAM base + text_offset.
ARCH := aarch64
LOAD_ADDR := 0x40200000
TEXT_OFFSET := 0x200000
SDCARD_FIRMWARE_OFFSET :=
