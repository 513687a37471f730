#!/usr/bin/env bash
# Writes an SD-card image without root: an MBR partition table (sfdisk on
# a file), one bootable FAT partition starting at 16 MiB holding
# baremark.bin and boot.scr (mkfs.vfat and mtools on a partition image),
# and optionally the board's firmware at a fixed byte offset.
#
#   mksdcard.sh OUT.img BAREMARK.bin BOOT.scr [FIRMWARE OFFSET]
#
# MBR rather than GPT: the Allwinner BootROM reads at 8 KiB, inside where
# GPT's table would be. The first 16 MiB stay free for firmware (Rockchip's
# u-boot-rockchip.bin from sector 64 runs to several MiB).
set -euo pipefail
if [ $# != 3 ] && [ $# != 5 ]; then
	echo "usage: mksdcard.sh OUT.img BAREMARK.bin BOOT.scr [FIRMWARE OFFSET]" >&2
	exit 2
fi
out=$1 bin=$2 scr=$3 fw=${4:-} fw_off=${5:-}
part_start_mib=16
part_size_mib=48
for f in "$bin" "$scr" ${fw:+"$fw"}; do
	[ -f "$f" ] || { echo "mksdcard: $f: no such file" >&2; exit 1; }
done
if [ -n "$fw" ]; then
	fw_size=$(stat -c %s "$fw")
	if [ $((fw_off + fw_size)) -gt $((part_start_mib << 20)) ]; then
		echo "mksdcard: $fw ($fw_size bytes at $fw_off) would run into the FAT partition at ${part_start_mib} MiB" >&2
		exit 1
	fi
fi
. "$(dirname "$0")/fatcard.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
img=$tmp/card.img
fat_card "$img" "$tmp/part.img" $part_start_mib $part_size_mib
mcopy -i "$tmp/part.img" "$bin" ::/baremark.bin
mcopy -i "$tmp/part.img" "$scr" ::/boot.scr
fat_card_put "$img" "$tmp/part.img" $part_start_mib
if [ -n "$fw" ]; then
	dd if="$fw" of="$img" bs=512 seek=$((fw_off / 512)) conv=notrunc status=none
fi
mv "$img" "$out"
