#!/usr/bin/env bash
# Writes a Raspberry Pi SD-card image without root: an MBR partition table
# (sfdisk on a file) and one FAT partition from 4 MiB that holds what the
# Pi's boot firmware reads (Raspberry Pi documentation, "config.txt" and
# "The boot folder"): config.txt (arm_64bit=1: kernel8.img is a 64-bit
# kernel; enable_uart=1: the mini UART is the console, at a fixed core
# clock), cmdline.txt (the firmware puts it into /chosen/bootargs: the run
# options), kernel8.img (baremark.bin), the board's device tree, and the
# firmware files themselves when FIRMWARE_DIR is given.
#
#   mksdcard-rpi.sh OUT.img BAREMARK.bin DTB "BOOTARGS" "FIRMWARE FILES" [FIRMWARE_DIR]
#
# The firmware (bootcode.bin, start*.elf, fixup*.dat) is Raspberry Pi's,
# not free software: Debian ships it as raspi-firmware in non-free-firmware,
# which tools/deps.sh does not enable. Without FIRMWARE_DIR the card holds
# everything else and the script says what is missing.
set -euo pipefail
if [ $# != 5 ] && [ $# != 6 ]; then
	echo "usage: mksdcard-rpi.sh OUT.img BAREMARK.bin DTB \"BOOTARGS\" \"FIRMWARE FILES\" [FIRMWARE_DIR]" >&2
	exit 2
fi
out=$1 bin=$2 dtb=$3 bootargs=$4 fwfiles=$5 fwdir=${6:-}
part_start_mib=4
part_size_mib=60
for f in "$bin" "$dtb"; do
	[ -f "$f" ] || { echo "mksdcard-rpi: $f: no such file" >&2; exit 1; }
done
case "$bootargs" in
*$'\n'* | *$'\r'*) echo "mksdcard-rpi: the boot options must be one line" >&2; exit 1 ;;
esac
if [ -n "$fwdir" ]; then
	for f in $fwfiles; do
		[ -f "$fwdir/$f" ] || { echo "mksdcard-rpi: $fwdir has no $f (the firmware needs $fwfiles)" >&2; exit 1; }
	done
fi
. "$(dirname "$0")/fatcard.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
img=$tmp/card.img
# (the Pi's firmware reads a FAT16 or FAT32 boot partition; mkfs.vfat
# picks FAT16 at this size)
fat_card "$img" "$tmp/part.img" $part_start_mib $part_size_mib
cat >"$tmp/config.txt" <<CFG
# baremark: the Pi firmware starts kernel8.img as a 64-bit kernel at EL2
# with this device tree; the mini UART is the console (115200 8N1).
arm_64bit=1
kernel=kernel8.img
enable_uart=1
device_tree=$(basename "$dtb")
CFG
printf '%s\n' "$bootargs" >"$tmp/cmdline.txt"
mcopy -i "$tmp/part.img" "$tmp/config.txt" ::/config.txt
mcopy -i "$tmp/part.img" "$tmp/cmdline.txt" ::/cmdline.txt
mcopy -i "$tmp/part.img" "$bin" ::/kernel8.img
mcopy -i "$tmp/part.img" "$dtb" "::/$(basename "$dtb")"
if [ -n "$fwdir" ]; then
	for f in $fwfiles; do mcopy -i "$tmp/part.img" "$fwdir/$f" "::/$f"; done
else
	echo "mksdcard-rpi: no FIRMWARE given: copy $fwfiles (Raspberry Pi's boot firmware) onto the card's FAT partition before it can boot" >&2
fi
fat_card_put "$img" "$tmp/part.img" $part_start_mib
mv "$img" "$out"
