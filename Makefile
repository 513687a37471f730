# baremark: bare-metal microbenchmark image.
#   make                      image for PLATFORM (default qemu-rv64)
#   make run                  build and boot it on QEMU, showing the results
#   make check                every test (host unit tests, fuzz smoke, QEMU system tests)
#   make fresh-check          the README's two commands in a new Debian 12 tree (root)
#   make tools                host programs (tools/baremark)
#   make debian-trees         baremark inspect on every tree of Debian's arm64/riscv64 kernels
.DEFAULT_GOAL := all
PLATFORM ?= qemu-rv64
# Real boards' device trees, unmodified (README.md there says where from).
REAL_TREES := tests/fixtures/dtb
PROFILE ?= quick

PLATDIR := platform/$(PLATFORM)
ifeq ($(wildcard $(PLATDIR)/platform.mk),)
$(error unknown PLATFORM '$(PLATFORM)': no $(PLATDIR)/platform.mk)
endif
include $(PLATDIR)/platform.mk

BUILD := build/$(PLATFORM)
BUILD_ID := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

ifeq ($(HOSTED),1)
include mk/hosted.mk
FREESTANDING :=
else
include mk/$(ARCH).mk
FREESTANDING := -ffreestanding -fno-stack-protector
endif
include mk/host.mk

# Rooms of the house plan (docs/building.md), in dependency order.
# A kernel file named *_<arch>.c or *_<arch>.S is built for that ISA only.
SRCS := $(if $(HOSTED),,$(wildcard boot/$(ARCH)/*.S)) \
	$(wildcard arch/$(ARCH_DIR)/*.c arch/$(ARCH_DIR)/*.S) $(if $(HOSTED),,$(wildcard arch/baremetal/*.c)) \
	lib/dt.c lib/board_fdt.c lib/coretypes.c lib/isa.c lib/summary.c lib/guard.c lib/crc32.c lib/record.c lib/text.c lib/options.c lib/stats.c lib/operands.c lib/operands_hw.c \
	$(if $(HOSTED),,lib/wordcopy.c) \
	uart/ns16550.c uart/pl011.c uart/statusreg.c uart/packed.c uart/console.c \
	platform/platform_common.c $(wildcard $(PLATDIR)/*.c) \
	$(wildcard harness/*.c) \
	$(filter-out $(foreach a,x86_64 aarch64 riscv64,%_$(a).c),$(wildcard kernels/*/*.c)) \
	$(wildcard kernels/*/*_$(ARCH).c) $(wildcard kernels/*/*_$(ARCH).S)

INCLUDES := -Ilib -Iarch/include -Ikernels/multicore -Iarch/$(ARCH_DIR) -Iuart -Iplatform/include -Iharness -Ikernels/include
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror $(FREESTANDING) -fno-common \
	-ffunction-sections -fdata-sections \
	$(ARCH_CFLAGS) $(INCLUDES) -I$(BUILD)/gen
ASFLAGS := $(or $(ARCH_ASFLAGS),$(ARCH_CFLAGS)) $(INCLUDES) -DBM_LOAD_ADDR=$(LOAD_ADDR) -DBM_TEXT_OFFSET=$(TEXT_OFFSET)
LDFLAGS := $(or $(ARCH_LINKFLAGS),$(ARCH_CFLAGS)) -nostartfiles -Wl,--emit-relocs -Wl,--no-warn-rwx-segments \
	-Wl,--gc-sections -Wl,--defsym=BM_LOAD_ADDR=$(LOAD_ADDR) -T linker/$(ARCH).ld

OBJS := $(patsubst %,$(BUILD)/obj/%.o,$(SRCS))
include mk/insn.mk
OBJS += $(INSN_OBJS)

# C files named *_hw.c (and the ISA's ARCH_FP_SRCS) compute in floating
# point or use the vector unit, and are built with the FPU's instructions
# (ARCH_HWFP_CFLAGS) where the rest of the C is integer-only, so that the
# image comes up on a core without an FPU; they run only where the core
# has one.
FP_SRCS := $(filter %_hw.c $(ARCH_FP_SRCS),$(SRCS))
$(patsubst %,$(BUILD)/obj/%.o,$(FP_SRCS)): CFLAGS += $(ARCH_HWFP_CFLAGS)
# The objects that may hold FP and SIMD instructions: those files and the
# kernel bodies in assembly, the instruction table's generated ones too
# (tests/qemu/fp_free.pl checks the rest).
.PHONY: fp-objects
fp-objects:
	@echo $(patsubst %,$(BUILD)/obj/%.o,$(FP_SRCS) $(filter kernels/%.S,$(SRCS))) $(filter %.S.o,$(INSN_OBJS))
# Kernels run with the MMU on; the rest may run before it (arm64: see
# ARCH_KERNEL_CFLAGS in mk/aarch64.mk).
$(BUILD)/obj/kernels/%.c.o: CFLAGS += $(ARCH_KERNEL_CFLAGS)

# The build id (git describe) in a header rewritten only when it changes,
# so a new commit rebuilds what prints it and nothing else.
BUILD_ID_H := $(BUILD)/gen/build_id.h
$(BUILD_ID_H): FORCE
	@mkdir -p $(dir $@)
	@echo '#define BM_BUILD_ID "$(BUILD_ID)"' > $@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@
$(BUILD)/obj/harness/main.c.o: $(BUILD_ID_H)
FORCE:

.PHONY: all image run run-direct sdcard check test tools clean unit-tests crypto-tests fuzz-smoke bench truth rtl-truth workload-plain fresh-check debian-trees
all: image

# A change of flags rebuilds what they compile.
$(OBJS): Makefile $(if $(HOSTED),mk/hosted.mk,mk/$(ARCH).mk)

$(BUILD)/obj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(ASFLAGS) -MMD -MP -c $< -o $@

ifeq ($(HOSTED),1)
# The Linux program: the same objects, an ordinary link.
image: $(BUILD)/baremark
$(BUILD)/baremark: $(OBJS)
	$(CC) $(ARCH_LDFLAGS) -o $@ $(OBJS)
run: image
	$(BUILD)/baremark --profile $(PROFILE)

# The workload group as an ordinary program, same compiler and flags
# (tools/workload_plain.c; make bench sets it beside the Linux build).
WORKLOAD_PLAIN_SRCS := tools/workload_plain.c $(wildcard kernels/workload/wl_*.c) lib/crc32.c
$(BUILD)/workload-plain: $(WORKLOAD_PLAIN_SRCS) $(wildcard kernels/workload/*.h)
	$(CC) $(CFLAGS) -DWL_STANDALONE -Ikernels/workload -o $@ $(WORKLOAD_PLAIN_SRCS)
workload-plain: $(BUILD)/workload-plain
else
image: $(BUILD)/baremark.elf $(BUILD)/baremark.bin

# The image relocates itself from a table that tools/mkreloc builds from
# the relocations the link kept (--emit-relocs); mkreloc refuses an image
# with anything but plain pointers to move.
$(BUILD)/baremark.elf: $(OBJS) linker/$(ARCH).ld $(MKRELOC)
	$(CC) $(LDFLAGS) -Wl,-Map=$(BUILD)/baremark.map -o $@.tmp $(OBJS) $(ARCH_LIBS)
	$(MKRELOC) $@.tmp $@.reloc
	$(OBJCOPY) --update-section .bm_reloc=$@.reloc $@.tmp $@
	rm -f $@.tmp $@.reloc

$(BUILD)/baremark.bin: $(BUILD)/baremark.elf
	$(OBJCOPY) -O binary $< $@

# The U-Boot boot script and the SD-card image (tools/mksdcard.sh: no root).
# FIRMWARE=<file> also writes the board's own boot firmware where its
# BootROM looks (SDCARD_FIRMWARE_OFFSET in platform.mk).
# BOOTARGS are the run options the card starts baremark with.
BOOTARGS ?= baremark.profile=$(PROFILE)
$(BUILD)/boot.cmd: $(PLATDIR)/boot.cmd FORCE
	@mkdir -p $(dir $@)
	@sed 's|@BOOTARGS@|$(BOOTARGS)|' $< > $@.new
	@cmp -s $@.new $@ && rm -f $@.new || mv $@.new $@
$(BUILD)/boot.scr: $(BUILD)/boot.cmd
	mkimage -A $(UBOOT_ARCH) -O linux -T script -C none -n "baremark $(PLATFORM)" -d $< $@ >/dev/null

sdcard: $(BUILD)/sdcard.img
ifeq ($(SDCARD_LAYOUT),rpi)
# The Pi's own card (tools/mksdcard-rpi.sh): FIRMWARE=<dir> holds its
# firmware files (RPI_FIRMWARE_FILES in platform.mk).
$(BUILD)/sdcard.img: $(BUILD)/baremark.bin tools/mksdcard-rpi.sh tools/fatcard.sh $(REAL_TREES)/$(RPI_DTB) FORCE
	tools/mksdcard-rpi.sh $@ $(BUILD)/baremark.bin $(REAL_TREES)/$(RPI_DTB) '$(BOOTARGS)' '$(RPI_FIRMWARE_FILES)' $(FIRMWARE)
else
$(BUILD)/sdcard.img: $(BUILD)/baremark.bin $(BUILD)/boot.scr tools/mksdcard.sh tools/fatcard.sh $(FIRMWARE) FORCE
ifneq ($(FIRMWARE),)
	@test -n "$(SDCARD_FIRMWARE_OFFSET)" || { echo "error: no confirmed firmware offset for $(PLATFORM); build without FIRMWARE (see docs/boards/)"; exit 1; }
	tools/mksdcard.sh $@ $(BUILD)/baremark.bin $(BUILD)/boot.scr $(FIRMWARE) $(SDCARD_FIRMWARE_OFFSET)
else
	tools/mksdcard.sh $@ $(BUILD)/baremark.bin $(BUILD)/boot.scr
endif
endif

# Boot the way a board does: firmware, then U-Boot, which finds boot.scr on
# the SD-card image (a virtio disk) and starts baremark with booti.
# QEMU_CPU: another hart for qemu-rv64 (tests/qemu/boot.sh: k3-x100,
# k3-a100, c906 or any QEMU -cpu string).
ifeq ($(SDCARD_LAYOUT),rpi)
# QEMU's Raspberry Pi models take the image and the tree themselves (QEMU
# runs no Pi firmware): tests/qemu/boot.sh's rpi3/rpi4 recipes.
run: sdcard
	tests/qemu/boot.sh $(PLATFORM) $(BUILD) '$(BOOTARGS)'
else
run: sdcard
	BM_QEMU_CPU='$(QEMU_CPU)' tests/qemu/boot.sh --uboot $(PLATFORM) $(BUILD)
endif
# The same image straight from QEMU's -kernel, without U-Boot.
run-direct: image
	BM_QEMU_CPU='$(QEMU_CPU)' tests/qemu/boot.sh $(PLATFORM) $(BUILD) "baremark.profile=$(PROFILE)"


endif

# Figures from this machine (not tests): tools/bench.sh; the summary
# beside this CPU's published figures (docs/cores.md): tools/truth.sh.
bench:
	@bash tools/bench.sh
truth:
	@bash tools/truth.sh
# The sim profile on a core's cycle-exact RTL (the C906 rig: RIG=its
# folder), each summary field beside its README's figure: a benchmark.
rtl-truth:
	@RIG="$(RIG)" bash tools/rtl-truth.sh

# Every test group; the last line is "check: N passed, N failed".
check:
	@bash tests/run.sh
test: check
# baremark inspect on every tree of Debian's arm64 and riscv64 kernel
# packages (downloaded by apt with a private state; docs/boards/debian-trees.md).
debian-trees: tools
	@bash tools/debian-trees.sh
# The README's two commands on a new Debian 12 tree (root, mmdebstrap).
fresh-check:
	@bash tools/fresh-check.sh

clean:
	rm -rf build

-include $(OBJS:.o=.d)
