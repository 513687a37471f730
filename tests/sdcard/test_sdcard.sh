#!/usr/bin/env bash
# The SD-card images for the boards: partition table, FAT contents, the
# boot script decoded back to its source, and firmware at the documented
# offset. Built without root; read back with sfdisk, mtools, dumpimage.
set -uo pipefail
MAKE=${MAKE:-make}
OUT=${OUT:-build/test-sdcard}
rm -rf "$OUT" && mkdir -p "$OUT"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
expect() { local what=$1; shift; if "$@"; then ok; else bad "$what"; fi; }

# decode_script SCR: the text a U-Boot script image carries (dumpimage
# writes the length table, two 32-bit words, before it).
decode_script() { dumpimage -T script -p 0 -o "$OUT/script.raw" "$1" >/dev/null && tail -c +9 "$OUT/script.raw"; }

head -c 300000 /dev/urandom >"$OUT/firmware.bin"

for t in d1 k3 rk3576; do
	b=build/$t
	expect "$t: make sdcard" $MAKE -s PLATFORM=$t sdcard BOOTARGS="baremark.profile=full baremark.repeat=7"
	img=$b/sdcard.img
	# One bootable FAT partition at 16 MiB.
	expect "$t: partition table" grep -q 'start=       32768, size=       98304, type=c, bootable' <(sfdisk -d "$img")
	expect "$t: FAT holds baremark.bin and boot.scr" test "$(mdir -b -i "$img@@16M" ::/ | sort | tr '\n' ' ')" = "::/baremark.bin ::/boot.scr "
	mcopy -o -i "$img@@16M" ::/baremark.bin "$OUT/$t.bin"
	mcopy -o -i "$img@@16M" ::/boot.scr "$OUT/$t.scr"
	expect "$t: baremark.bin on the card is the build's" cmp -s "$OUT/$t.bin" "$b/baremark.bin"
	decode_script "$OUT/$t.scr" >"$OUT/$t.cmd"
	expect "$t: boot.scr decodes to the board's boot.cmd with the options" cmp -s "$OUT/$t.cmd" \
		<(sed 's|@BOOTARGS@|baremark.profile=full baremark.repeat=7|' platform/$t/boot.cmd)
	expect "$t: the script loads baremark.bin and starts it with booti" \
		grep -q '^booti ${kernel_addr_r} - ${fdtcontroladdr}$' "$OUT/$t.cmd"
	expect "$t: script image is for the board's ISA" grep -q "$([ $t = rk3576 ] && echo 'AArch64\|ARM64' || echo 'RISC-V')" <(dumpimage -l "$OUT/$t.scr")
	# Without FIRMWARE the first 16 MiB are empty but for the partition table.
	expect "$t: no firmware bytes without FIRMWARE" cmp -s <(tail -c +513 "$img" | head -c $(((16 << 20) - 512))) <(head -c $(((16 << 20) - 512)) /dev/zero)
done

# Firmware at the documented offsets: D1 8 KiB, RK3576 sector 64.
for cfg in d1:8192 rk3576:32768; do
	t=${cfg%%:*} off=${cfg#*:}
	expect "$t: make sdcard FIRMWARE=" $MAKE -s PLATFORM=$t sdcard FIRMWARE="$OUT/firmware.bin"
	expect "$t: firmware sits at byte $off" cmp -s "$OUT/firmware.bin" <(tail -c +$((off + 1)) build/$t/sdcard.img | head -c 300000)
	expect "$t: FAT partition still intact" test "$(mdir -b -i build/$t/sdcard.img@@16M ::/ | wc -l)" = 2
done
# K3's vendor SD layout is unconfirmed: refused with a clear error.
msg=$($MAKE -s PLATFORM=k3 sdcard FIRMWARE="$OUT/firmware.bin" 2>&1)
expect "k3: FIRMWARE refused" test $? != 0
expect "k3: and the error says why" grep -q 'no confirmed firmware offset for k3' <<<"$msg"
# Firmware too large to fit before the partition.
head -c $((17 << 20)) /dev/zero >"$OUT/huge.bin"
msg=$($MAKE -s PLATFORM=d1 sdcard FIRMWARE="$OUT/huge.bin" 2>&1)
expect "d1: oversized firmware refused" test $? != 0
expect "d1: and the error says why" grep -q 'would run into the FAT partition' <<<"$msg"
$MAKE -s PLATFORM=d1 sdcard >/dev/null 2>&1 # leave the default card behind

echo "sdcard: $pass passed, $fail failed"
[ "$fail" = 0 ]
