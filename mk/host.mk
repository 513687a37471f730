# Host programs and host tests (native gcc).
HOSTCC ?= gcc
HOST_BUILD := build/host
HOST_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE
MKRELOC := $(HOST_BUILD)/mkreloc

$(MKRELOC): tools/mkreloc.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<

# tools/baremark: the host tool (jansson for JSON, zlib's crc32). inspect
# links the image's own device-tree reader and every platform file.
BAREMARK_TOOL := $(HOST_BUILD)/baremark
# The instruction table's forms as the host tool sees them (insn.h),
# generated from kernels/insn/forms_<isa>.tsv (mk/insn.mk).
INSN_TEXTS_SRC := $(HOST_BUILD)/gen/insn_texts.c
BAREMARK_SRCS := $(wildcard tools/baremark/*.c) lib/dt.c lib/board_fdt.c lib/isa.c lib/summary.c \
	platform/platform_common.c $(wildcard platform/*/platform.c) $(HOST_BUILD)/gen/reference_log.c \
	$(INSN_TEXTS_SRC)

# The workload indices' reference core (tools/baremark/workload.c): its
# log built into the tool as one C string. A log is printable text; any
# other byte stops the build rather than reach the C compiler.
REFERENCE_LOG := docs/reference/zen5-workloads.log
$(HOST_BUILD)/gen/reference_log.c: $(REFERENCE_LOG)
	@mkdir -p $(dir $@)
	@if LC_ALL=C grep -q '[^[:print:]	]' $<; then echo "error: $< has bytes that are not printable text"; exit 1; fi
	@{ echo '/* generated from $< by mk/host.mk */'; echo 'const char bm_reference_log[] ='; \
		sed 's/\\/\\\\/g; s/"/\\"/g; s/^/"/; s/$$/\\n"/' $<; echo ';'; } > $@.new && mv $@.new $@
# It reads logs that strangers share, so it is built with Debian's hardening
# flags (dpkg-buildflags, all features: _FORTIFY_SOURCE, the stack
# protector, format checks, full RELRO), as a Debian package of it would be.
HARDEN = DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get
$(BAREMARK_TOOL): $(BAREMARK_SRCS) $(wildcard tools/baremark/*.h lib/*.h platform/include/*.h)
	@mkdir -p $(dir $@)
	@command -v dpkg-buildflags >/dev/null || { echo "error: dpkg-buildflags not found (dpkg-dev; tools/deps.sh installs it)"; exit 1; }
	$(HOSTCC) $(HOST_CFLAGS) $$($(HARDEN) CPPFLAGS) $$($(HARDEN) CFLAGS) -Ilib -Iarch/include -Iplatform/include -Ikernels/insn \
		-o $@ $(BAREMARK_SRCS) $$($(HARDEN) LDFLAGS) -ljansson -lz -lm
tools: $(BAREMARK_TOOL) $(MKRELOC)

# Host unit tests of lib/, under AddressSanitizer and UBSan.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT := $(HOST_BUILD)/unit
UNIT_SRCS := $(wildcard tests/host/*.c) lib/dt.c lib/board_fdt.c lib/coretypes.c lib/isa.c lib/summary.c lib/crc32.c lib/record.c lib/text.c lib/options.c lib/stats.c lib/operands.c lib/operands_hw.c lib/wordcopy.c \
	tools/baremark/textbuf.c tools/baremark/jsonline.c harness/clock.c
# (uart/ns16550.c, uart/pl011.c, uart/statusreg.c, uart/packed.c: tests/host/test_uart.c compiles them, watching their registers)
FIXTURE_DTBS := $(patsubst tests/fixtures/%.dts,$(HOST_BUILD)/fixtures/%.dtb,$(wildcard tests/fixtures/*.dts))

# The workload group's programs, standalone (kernels/workload/workload.h).
WORKLOAD_SRCS := $(wildcard kernels/workload/wl_*.c)
UNIT_SRCS += $(WORKLOAD_SRCS)

$(UNIT): $(UNIT_SRCS) $(wildcard tests/host/*.h lib/*.h uart/*.h uart/ns16550.c uart/pl011.c uart/statusreg.c uart/packed.c kernels/workload/*.h) kernels/include/rv_insn.h harness/clock.h arch/include/arch.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(SAN) -DWL_STANDALONE -Ilib -Iuart -Ikernels/include -Ikernels/workload -Itests/host -Iharness -Iarch/include -Itools/baremark \
		-o $@ $(UNIT_SRCS) -lfdt -lz -ljansson

$(HOST_BUILD)/fixtures/%.dtb: tests/fixtures/%.dts
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -o $@ $<

unit-tests: $(UNIT) $(FIXTURE_DTBS)
	cd $(REAL_TREES) && sha256sum --quiet -c SHA256SUMS
	$(UNIT) $(REAL_TREES) $(HOST_BUILD)/fixtures

# Bounded fuzzing of the device-tree reader, the host tool's record
# parser and the subcommands that read records (libFuzzer, clang). The kept
# corpus is read, never written: new finds go to build/.
FUZZ_SECONDS ?= 20
FUZZ_DT := $(HOST_BUILD)/fuzz_dt
$(FUZZ_DT): tests/fuzz/fuzz_dt.c lib/dt.c lib/board_fdt.c $(wildcard lib/*.h)
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -Ilib -o $@ tests/fuzz/fuzz_dt.c lib/dt.c lib/board_fdt.c

FUZZ_RECORDS := $(HOST_BUILD)/fuzz_records
$(FUZZ_RECORDS): tests/fuzz/fuzz_records.c tools/baremark/records.c tools/baremark/records.h tools/baremark/lognum.c
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -D_GNU_SOURCE -Itools/baremark -o $@ tests/fuzz/fuzz_records.c \
		tools/baremark/records.c tools/baremark/lognum.c -ljansson -lz -lm

# The record consumers (compare, summary, crypto, steps, parse --format
# csv, report) on any records: the whole tool, its main renamed.
FUZZ_TOOLS := $(HOST_BUILD)/fuzz_tools
$(FUZZ_TOOLS): tests/fuzz/fuzz_tools.c $(BAREMARK_SRCS) $(wildcard tools/baremark/*.h lib/*.h platform/include/*.h)
	@mkdir -p $(dir $@)/fuzz_tools.o
	for f in $(BAREMARK_SRCS); do \
		clang -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer-no-link,address,undefined $(SAN_CLANG_INT) \
			-fno-sanitize-recover=all -D_GNU_SOURCE -Dmain=bm_tool_main -Ilib -Iarch/include -Iplatform/include -Ikernels/insn \
			-c $$f -o $(dir $@)/fuzz_tools.o/$$(echo $$f | tr / _).o || exit 1; \
	done
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined $(SAN_CLANG_INT) -fno-sanitize-recover=all \
		-D_GNU_SOURCE -o $@ tests/fuzz/fuzz_tools.c $(dir $@)/fuzz_tools.o/*.o -ljansson -lz -lm

# fuzz-one TARGET CORPUS: a bounded run; the kept corpus is only read.
define fuzz-one
	@rm -rf $(HOST_BUILD)/fuzz-new-$(notdir $(1)) && mkdir -p $(HOST_BUILD)/fuzz-new-$(notdir $(1))
	$(1) -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 $(3) \
		$(HOST_BUILD)/fuzz-new-$(notdir $(1)) $(2) 2>$(1).log || { tail -40 $(1).log; exit 1; }
	@grep -E 'stat::number_of_executed_units' $(1).log | tail -1
endef

fuzz-smoke: $(FUZZ_DT) $(FUZZ_RECORDS) $(FUZZ_TOOLS)
	$(call fuzz-one,$(FUZZ_DT),tests/fuzz/corpus/dt)
	$(call fuzz-one,$(FUZZ_RECORDS),tests/fuzz/corpus/records)
	$(call fuzz-one,$(FUZZ_TOOLS),tests/fuzz/corpus/tools,-close_fd_mask=3)

# The host tool again under AddressSanitizer and UBSan, for its tests,
# with float-cast-overflow, which GCC's `undefined` leaves out: a log's
# 1e300 cast to an integer (issue 44) aborts the tests, never prints.
# Built with clang where there is one, adding its implicit-conversion
# checks (a log's integer truncated or its sign changed on the way into a
# narrower type); its unsigned-overflow check is left out, as the hashes
# wrap by design.
SAN_TOOLS := $(SAN) -fsanitize=float-cast-overflow
SAN_CLANG_INT := -fsanitize=float-cast-overflow,implicit-conversion
SAN_TOOLS_CC := $(if $(shell command -v clang),clang,$(HOSTCC))
ifeq ($(SAN_TOOLS_CC),clang)
SAN_TOOLS += $(SAN_CLANG_INT)
endif
BAREMARK_SAN := $(HOST_BUILD)/baremark-san
$(BAREMARK_SAN): $(BAREMARK_SRCS) $(wildcard tools/baremark/*.h lib/*.h platform/include/*.h)
	@mkdir -p $(dir $@)
	$(SAN_TOOLS_CC) $(HOST_CFLAGS) $(SAN_TOOLS) -Ilib -Iarch/include -Iplatform/include -Ikernels/insn -o $@ $(BAREMARK_SRCS) -ljansson -lz -lm
tools-san: $(BAREMARK_SAN)

# The crypto kernels' C code on the host (ASan + UBSan): known answers for
# every backend this CPU runs, a deliberately broken backend, and OpenSSL
# (libcrypto) as the oracle on random inputs. The RISC-V vector crypto
# backend runs here only at VLEN 4096, on tests/crypto/zvk_emu.c, because
# QEMU takes no VLEN over 1024; at 128, 256 and 1024 it runs in the image
# under QEMU (tests/qemu/test_rv64.sh).
CRYPTO_TEST := $(HOST_BUILD)/crypto-test
CRYPTO_SRCS := tests/crypto/test_crypto.c $(filter-out kernels/crypto/crypto_kernels.c kernels/crypto/scalar.c \
	$(foreach a,x86_64 aarch64 riscv64,%_$(a).c),$(wildcard kernels/crypto/*.c)) \
	$(wildcard kernels/crypto/*_$(shell uname -m).c) \
	kernels/crypto/backend_riscv64.c tests/crypto/zvk_emu.c
$(CRYPTO_TEST): $(CRYPTO_SRCS) $(wildcard kernels/crypto/*.h tests/crypto/*.h) kernels/include/rv_insn.h tests/host/check.h
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(SAN) -DCR_HOST_TEST -DCR_ZVK_EMULATE -Ikernels/crypto -Ikernels/include -Itests/crypto -Itests/host -Ilib \
		-o $@ $(CRYPTO_SRCS) -lcrypto
crypto-tests: $(CRYPTO_TEST)
	$(CRYPTO_TEST)
