# NXP i.MX 8M Plus EVK (4x Cortex-A53), entered at EL2 by U-Boot's booti
# after TF-A (PSCI over SMC). Linked at DRAM base + text_offset; the image
# relocates itself wherever booti puts it.
ARCH := aarch64
LOAD_ADDR := 0x40200000
TEXT_OFFSET := 0x200000
# The BootROM's offset for the flash.bin on an SD card (32 KiB on the
# i.MX 8M Plus) is not confirmed here: build the card without FIRMWARE.
SDCARD_FIRMWARE_OFFSET :=
