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

# The Raspberry Pi's own card: one FAT partition from 4 MiB with what its
# boot firmware reads; the firmware files from FIRMWARE=<dir>, refused
# with the missing one named.
mkdir -p "$OUT/pifw"
for f in bootcode.bin start.elf fixup.dat start4.elf fixup4.dat; do head -c 1000 /dev/urandom >"$OUT/pifw/$f"; done
for t in rpi3 rpi4; do
	b=build/$t
	dtb=$([ $t = rpi3 ] && echo bcm2837-rpi-3-b.dtb || echo bcm2711-rpi-4-b.dtb)
	fw=$([ $t = rpi3 ] && echo "bootcode.bin fixup.dat start.elf" || echo "fixup4.dat start4.elf")
	expect "$t: make sdcard FIRMWARE=<dir>" $MAKE -s PLATFORM=$t sdcard FIRMWARE="$OUT/pifw" BOOTARGS="baremark.profile=full baremark.repeat=7"
	img=$b/sdcard.img
	expect "$t: partition table" grep -q 'start=        8192, size=      122880, type=c, bootable' <(sfdisk -d "$img")
	want=$(printf '%s\n' config.txt cmdline.txt kernel8.img "$dtb" $fw | sed 's|^|::/|' | sort | tr '\n' ' ')
	expect "$t: FAT holds config.txt, cmdline.txt, kernel8.img, $dtb and the firmware" \
		test "$(mdir -b -i "$img@@4M" ::/ | sort | tr '\n' ' ')" = "$want"
	mcopy -o -i "$img@@4M" ::/kernel8.img "$OUT/$t.img"
	expect "$t: kernel8.img is the build's baremark.bin" cmp -s "$OUT/$t.img" "$b/baremark.bin"
	mcopy -o -i "$img@@4M" "::/$dtb" "$OUT/$t.dtb"
	expect "$t: the tree is Debian's, unmodified" cmp -s "$OUT/$t.dtb" "tests/fixtures/dtb/$dtb"
	expect "$t: config.txt: 64-bit kernel8.img, the UART on, the tree named" \
		eval '[ "$(mtype -i "$img@@4M" ::/config.txt | grep -v "^#" | tr "\n" " ")" = "arm_64bit=1 kernel=kernel8.img enable_uart=1 device_tree='"$dtb"' " ]'
	expect "$t: cmdline.txt carries the options" eval '[ "$(mtype -i "$img@@4M" ::/cmdline.txt)" = "baremark.profile=full baremark.repeat=7" ]'
	mcopy -o -i "$img@@4M" ::/start$([ $t = rpi4 ] && echo 4).elf "$OUT/$t-start.elf"
	expect "$t: the firmware file is the one given" cmp -s "$OUT/$t-start.elf" "$OUT/pifw/start$([ $t = rpi4 ] && echo 4).elf"
done
rm "$OUT/pifw/fixup.dat"
$MAKE -s PLATFORM=rpi3 sdcard FIRMWARE="$OUT/pifw" >"$OUT/pifw.out" 2>&1
st=$?
expect "rpi3: a firmware directory without fixup.dat is refused, naming it" \
	eval '[ $st != 0 ] && grep -q "has no fixup.dat" "$OUT/pifw.out"'
$MAKE -s PLATFORM=rpi3 sdcard >"$OUT/nofw.out" 2>&1
st=$?
expect "rpi3: without FIRMWARE the card is written, and says what it lacks" \
	eval '[ $st = 0 ] && grep -q "copy bootcode.bin start.elf fixup.dat" "$OUT/nofw.out" && [ "$(mdir -b -i build/rpi3/sdcard.img@@4M ::/ | wc -l)" = 4 ]'

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
