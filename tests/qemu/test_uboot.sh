#!/usr/bin/env bash
# The user's path on QEMU, both ISAs: firmware -> Debian's U-Boot -> the
# SD-card image as a virtio disk -> boot.scr -> booti -> a complete run,
# with no typed input, and QEMU exits by itself.
#   riscv64: OpenSBI (-bios default) -> U-Boot S-mode -> baremark in S-mode
#   aarch64: U-Boot as -bios on virt,virtualization=on -> baremark at EL2
set -uo pipefail
MAKE=${MAKE:-make}
TOOL=${TOOL:-build/host/baremark}
OUT=${OUT:-build/test-uboot}
rm -rf "$OUT" && mkdir -p "$OUT"
. tests/qemu/lib.sh

# boot_card NAME PLATFORM: build the card with the default options and
# boot it through U-Boot.
boot_card() {
	local name=$1
	PLATFORM=$2 BUILD=build/$2
	expect "$name: make sdcard" $MAKE -s PLATFORM="$PLATFORM" sdcard BOOTARGS="baremark.profile=quick"
	local status=0
	BM_QEMU_TIMEOUT=${BM_QEMU_TIMEOUT:-240} tests/qemu/boot.sh --uboot "$PLATFORM" "$BUILD" \
		>"$OUT/$name.log" 2>"$OUT/$name.err" </dev/null || status=$?
	expect "$name: QEMU exits by itself with status 0 (got $status)" test "$status" = 0
	"$TOOL" parse "$OUT/$name.log" >"$OUT/$name.jsonl" 2>/dev/null || true
	local lines valid
	lines=$(grep -c '@bm ' "$OUT/$name.log" || true)
	valid=$(wc -l <"$OUT/$name.jsonl")
	expect "$name: all $lines record lines verify (valid: $valid)" test "$lines" -gt 0 -a "$lines" = "$valid"
	expect "$name: U-Boot found the card's boot.scr" grep -q 'Found U-Boot script /boot.scr' "$OUT/$name.log"
}

boot_card rv64 qemu-rv64
check_complete_run rv64
expect_q rv64 'map(select(.type=="run"))[0].options.profile == "quick"' "options from the card's boot.scr"

boot_card a64 qemu-a64
check_complete_run a64
expect_q a64 'map(select(.type=="core"))[0] | .el == 2 and .name == "Cortex-A72" and .mmu_at_entry == "off" and .sctlr == {"mmu":"on","icache":"on","dcache":"on"}' "booti starts baremark at EL2 with the MMU off, and it turns MMU and caches on"
expect_q a64 'map(select(.type=="run"))[0].reloc_delta != "0x0"' "U-Boot placed it away from its link address"

# elapsed_s counts from the image's start, not from the board's reset:
# through OpenSBI and U-Boot (its boot and autoboot delay) the same quick
# run reads what it reads booted directly (-icount: both exact).
tests/qemu/boot.sh qemu-rv64 build/qemu-rv64 "baremark.profile=quick" >"$OUT/direct.log" 2>/dev/null
"$TOOL" parse "$OUT/direct.log" >"$OUT/direct.jsonl" 2>/dev/null
direct=$(jq -r 'select(.type=="end") | .elapsed_s' "$OUT/direct.jsonl")
expect_q rv64 "[.[] | select(.type==\"end\")][0].elapsed_s as \$e | (\$e - $direct | fabs) < 0.02 * $direct" \
	"elapsed_s through U-Boot equals the direct boot's ($direct s): the image's time, not the board's"

summary uboot
