# Sourced by tools/mksdcard.sh and tools/mksdcard-rpi.sh: an SD-card image
# with one FAT partition, made without root (sfdisk on a file, mkfs.vfat
# and mtools on the partition's own image).

# fat_card IMG PART START_MIB SIZE_MIB [mkfs.vfat options]: IMG becomes a
# disk of START + SIZE MiB with an MBR table of one primary partition at
# START MiB, type 0x0c (FAT32 LBA), marked bootable (U-Boot's distro boot
# scans bootable partitions first); PART a formatted FAT image of that
# size, to fill with mcopy and write into IMG with fat_card_put. The disk
# and volume ids are fixed, so the same inputs give the same card.
fat_card() {
	local img=$1 part=$2 start=$3 size=$4
	shift 4
	truncate -s $(((start + size) << 20)) "$img"
	printf 'label: dos\nlabel-id: 0x626d726b\nstart=%d, size=%d, type=c, bootable\n' \
		$((start << 11)) $((size << 11)) | sfdisk --quiet "$img"
	mkfs.vfat "$@" -n BAREMARK -i 626d726b -C "$part" $((size << 10)) >/dev/null
}

# fat_card_put IMG PART START_MIB: the filled partition into the disk.
fat_card_put() {
	dd if="$2" of="$1" bs=1M seek="$3" conv=notrunc status=none
}
