# Rockchip RK3576 (4x Cortex-A53 + 4x Cortex-A72), entered at EL2 by
# U-Boot's booti. Linked at DRAM base + text_offset; booti may place it
# elsewhere (flag bit 3) and the image relocates itself.
ARCH := aarch64
LOAD_ADDR := 0x40200000
TEXT_OFFSET := 0x200000
# u-boot-rockchip.bin (idbloader + U-Boot FIT) goes at sector 64.
SDCARD_FIRMWARE_OFFSET := 32768
