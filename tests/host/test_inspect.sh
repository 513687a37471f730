#!/usr/bin/env bash
# baremark inspect on every real board's tree in tests/fixtures/dtb, against
# facts written here (read off the trees with fdtget and the project's
# platform facts).
set -uo pipefail
TOOL=${TOOL:-build/host/baremark}
TREES=tests/fixtures/dtb
pass=0 fail=0
check() { # TREE "expected line (a fixed string the output must contain)"
	if grep -qF -- "$2" <<<"${out[$1]}"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $1: no line with: $2" >&2; fi
}
declare -A out
for f in "$TREES"/*.dtb "$TREES"/debian/*.dtb; do
	name=$(basename "$f" .dtb)
	out[$name]=$("$TOOL" inspect "$f" 2>&1) || { fail=$((fail + 1)); echo "FAIL: inspect $name exited non-zero" >&2; }
done
(cd "$TREES/debian" && sha256sum --quiet -c SHA256SUMS) && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: debian fixtures changed" >&2; }
[ "${#out[@]}" -ge 12 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: only ${#out[@]} trees" >&2; }

# tree | console line | core types | platform
while IFS='|' read -r tree console types platform; do
	[ -n "$tree" ] || continue
	check "$tree" "console: $console"
	check "$tree" "core types:$types"
	check "$tree" "platform: $platform"
done <<'FACTS'
sun20i-d1-nezha|/soc/serial@2500000 snps,dw-apb-uart base 0x2500000 reg-shift 2 io-width 4 clock 24000000 Hz (platform) baud 115200| 1x thead,c906|d1 (root compatible allwinner,sun20i-d1)
sun20i-d1-lichee-rv-dock|/soc/serial@2500000 snps,dw-apb-uart base 0x2500000 reg-shift 2 io-width 4 clock 24000000 Hz (platform) baud 115200| 1x thead,c906|d1 (root compatible allwinner,sun20i-d1)
k3-pico-itx|/soc/serial@d4017000 intel,xscale-uart base 0xd4017000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud as firmware set it| 8x spacemit,x100|k3 (root compatible spacemit,k3)
rk3576-evb1-v10|/soc/serial@2ad40000 snps,dw-apb-uart base 0x2ad40000 reg-shift 2 io-width 4 clock 24000000 Hz (platform) baud 1500000| 4x arm,cortex-a53 4x arm,cortex-a72|rk3576 (root compatible rockchip,rk3576)
rk3576-armsom-sige5|/soc/serial@2ad40000 snps,dw-apb-uart base 0x2ad40000 reg-shift 2 io-width 4 clock 24000000 Hz (platform) baud 1500000| 4x arm,cortex-a53 4x arm,cortex-a72|rk3576 (root compatible rockchip,rk3576)
rk3588-rock-5b|/serial@feb50000 snps,dw-apb-uart base 0xfeb50000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 1500000| 4x arm,cortex-a55 4x arm,cortex-a76|none of ours matches
k1-bananapi-f3|/soc/dma-bus/serial@d4017000 intel,xscale-uart base 0xd4017000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud as firmware set it| 8x spacemit,x60|none of ours matches
cv1800b-milkv-duo|/soc/serial@4140000 snps,dw-apb-uart base 0x4140000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 1x thead,c906|none of ours matches
sg2002-licheerv-nano-b|/soc/serial@4140000 snps,dw-apb-uart base 0x4140000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 1x thead,c906|none of ours matches
jh7110-starfive-visionfive-2-v1.3b|/soc/serial@10000000 snps,dw-apb-uart base 0x10000000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 4x sifive,u74-mc (disabled: 1x sifive,s7)|none of ours matches
th1520-lichee-pi-4a|/soc/serial@ffe7014000 snps,dw-apb-uart base 0xffe7014000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 4x thead,c910|none of ours matches
bcm2837-rpi-3-b|/soc/serial@7e215040 brcm,bcm2835-aux-uart base 0x3f215040 reg-shift 0 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 4x arm,cortex-a53|rpi3 (root compatible brcm,bcm2837)
bcm2711-rpi-4-b|/soc/serial@7e215040 brcm,bcm2835-aux-uart base 0xfe215040 reg-shift 0 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 4x arm,cortex-a72|rpi4 (root compatible brcm,bcm2711)
imx8mp-evk|/soc@0/bus@30800000/serial@30890000 fsl,imx6q-uart base 0x30890000 reg-shift 0 io-width 4 clock unknown (baremark.baud unavailable) baud as firmware set it| 4x arm,cortex-a53|imx8mp (root compatible fsl,imx8mp)
sun50i-h616-orangepi-zero2|/soc/serial@5000000 snps,dw-apb-uart base 0x5000000 reg-shift 2 io-width 4 clock unknown (baremark.baud unavailable) baud 115200| 4x arm,cortex-a53|none of ours matches
FACTS

# Debian's trees (tests/fixtures/dtb/debian): one board of each UART
# family issue 44 found silent, each console driven by its own driver;
# the verdict line tools/debian-trees.sh tallies; TI's PSCI node under
# /firmware; and the 64-core trees, which the image does not start whole.
while IFS='|' read -r tree verdict; do
	[ -n "$tree" ] || continue
	check "$tree" "verdict: $verdict"
done <<'VERDICTS'
meson-gxbb-odroidc2|console driven (amlogic,meson-ao-uart); cores 4 startable (PSCI over smc)
zynqmp-zcu102-rev1.0|console driven (xlnx,zynqmp-uart); cores 4 startable (PSCI over smc)
apq8016-sbc|console driven (qcom,msm-uartdm-v1.4); cores 4 startable (PSCI over smc)
sdm845-db845c|console driven (qcom,geni-debug-uart); cores 8 startable (PSCI over smc)
armada-3720-espressobin|console driven (marvell,armada-3700-uart); cores 2 startable (PSCI over smc)
r8a774a1-hihope-rzg2m-ex|console driven (renesas,scif); cores 6 startable (PSCI over smc)
tegra210-p3450-0000|console driven (nvidia,tegra20-uart); cores 4 startable (PSCI over smc)
k3-am625-sk|console driven (ti,am654-uart); cores 4 startable (PSCI over smc)
imx8qxp-mek|console driven (fsl,imx8qxp-lpuart); cores 4 startable (PSCI over smc)
jh7110-starfive-visionfive-2-v1.3b|console driven (snps,dw-apb-uart); cores 4 startable (SBI HSM)
bcm2837-rpi-3-b|console driven (brcm,bcm2835-aux-uart); cores 4 startable (spin-table)
bcm2711-rpi-4-b|console driven (brcm,bcm2835-aux-uart); cores 4 startable (spin-table)
VERDICTS
check k3-am625-sk "console: /bus@f0000/serial@2800000 ti,am654-uart base 0x2800000 reg-shift 2 io-width 1"
# 64 cores: all started if the image's limit (lib/board.h, which inspect
# shares) allows 64, else a warning and "not", with the limit
max=$(sed -n 's/^#define BM_MAX_CPUS \([0-9]*\).*/\1/p' lib/board.h)
for t in "hip07-d05|console driven (arm,sbsa-uart); cores 64|PSCI over smc" \
	"sg2042-milkv-pioneer|console driven (snps,dw-apb-uart); cores 64|SBI HSM"; do
	IFS='|' read -r tree head how <<<"$t"
	check "$tree" "cpus: 64"
	if [ "${max:-0}" -ge 64 ]; then
		check "$tree" "verdict: $head startable ($how)"
	else
		check "$tree" "warning: the image starts at most $max cores (BM_MAX_CPUS): $((64 - max)) of this tree's 64 enabled cores would not run"
		check "$tree" "verdict: $head not ($how; 64 enabled, the image starts at most $max)"
	fi
done

# Per-board details the image depends on.
check bcm2837-rpi-3-b "spin-table: 4 cores, each released by its entry point at its cpu-release-addr (0xd8, ...)"
check bcm2711-rpi-4-b "psci: none (the run would end in wfe)"
check imx8mp-evk "psci: smc"
# A console we do not drive (the Pi 3's mini UART given another
# compatible, with fdtput on a copy): the tree's serial0, the PL011, instead,
# and inspect says why.
cp "$TREES/bcm2837-rpi-3-b.dtb" "${TMPDIR:-/tmp}/bm-inspect-fallback.dtb"
fdtput -t s "${TMPDIR:-/tmp}/bm-inspect-fallback.dtb" /soc/serial@7e215040 compatible vendor,unknown-uart
out[fallback]=$("$TOOL" inspect "${TMPDIR:-/tmp}/bm-inspect-fallback.dtb" 2>&1)
rm -f "${TMPDIR:-/tmp}/bm-inspect-fallback.dtb"
check fallback "console: stdout-path's is not one we drive: console 'vendor,unknown-uart' is not a UART we drive; serial0 (arm,pl011) instead"
check fallback "console: /soc/serial@7e201000 arm,pl011 base 0x3f201000"
check fallback "verdict: console fallback (console 'vendor,unknown-uart' is not a UART we drive; serial0 (arm,pl011) instead)"
check sun20i-d1-nezha "timebase: 24000000 Hz"
check sun20i-d1-nezha "memory: 0x40000000 + 0x20000000 (platform default: firmware adds /memory)"
check sun20i-d1-nezha "  cpu 0x0 thead,c906 okay rv64imafdc"
check sun20i-d1-nezha "events: raw codes (the tree maps raw events): l1d_miss 0xd l1d_access 0xc br_miss 0x6 branches 0x7"
# vector crypto as the image reads the ISA string: the K3's lists every
# extension and the bundles; the D1 has none
check sun20i-d1-nezha "    vector crypto: none in the ISA string"
check k3-pico-itx "    vector crypto: zvkned zvknha zvknhb zvkg zvksed zvksh zvkb zvbc"
check k3-pico-itx "memory: 0x100000000 + 0x400000000"
check k3-pico-itx "  cpu 0x7 spacemit,x100 okay rv64imafdcbvh_"
check k3-pico-itx "_zvkned_zvkng_zvknha_zvknhb_zvks_zvksc_zvksed_zvksg_zvksh_zvkt"
check k3-pico-itx "events: generic SBI: l1d_miss 0x10001"
check rk3576-evb1-v10 "timebase: CNTFRQ_EL0 at run time"
check rk3576-evb1-v10 "  cpu 0x103 arm,cortex-a72 okay"
check rk3576-evb1-v10 "psci: smc"
check rk3576-evb1-v10 "events: PMUv3, those PMCEID0/1_EL0 list: instret 0x08"
check jh7110-starfive-visionfive-2-v1.3b "  cpu 0x0 sifive,s7 disabled rv64imac_zba_zbb"
check th1520-lichee-pi-4a "timebase: 3000000 Hz"
check th1520-lichee-pi-4a "memory: 0x0 + 0x200000000"
check sun50i-h616-orangepi-zero2 "psci: smc"

# A file that is not a tree: a clear error, non-zero exit.
msg=$("$TOOL" inspect "$0" 2>&1)
[ $? = 1 ] && grep -q 'bad magic' <<<"$msg" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: non-DTB input: $msg" >&2; }

echo "inspect: $pass passed, $fail failed"
[ "$fail" = 0 ]
