# Raspberry Pi 4 Model B (BCM2711, 4x Cortex-A72). The Pi firmware
# (start4.elf) loads kernel8.img as a 64-bit kernel (config.txt arm_64bit=1)
# at 0x80000 and starts it at EL2 with the tree in x0; the secondary cores
# wait in its stub for an entry point at their cpu-release-addr
# (spin-table). The image relocates itself wherever it is put.
ARCH := aarch64
LOAD_ADDR := 0x80000
TEXT_OFFSET := 0x80000
# The card is the Pi's own layout: config.txt, kernel8.img, the tree and
# the firmware files on one FAT partition (tools/mksdcard-rpi.sh).
SDCARD_LAYOUT := rpi
RPI_DTB := bcm2711-rpi-4-b.dtb
RPI_FIRMWARE_FILES := start4.elf fixup4.dat
SDCARD_FIRMWARE_OFFSET :=
