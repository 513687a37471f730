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
BAREMARK_SRCS := $(wildcard tools/baremark/*.c) lib/dt.c lib/board_fdt.c \
	platform/platform_common.c $(wildcard platform/*/platform.c)
$(BAREMARK_TOOL): $(BAREMARK_SRCS) $(wildcard tools/baremark/*.h lib/*.h platform/include/*.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -Ilib -Iarch/include -Iplatform/include -o $@ $(BAREMARK_SRCS) -ljansson -lz
tools: $(BAREMARK_TOOL) $(MKRELOC)

# Host unit tests of lib/, under AddressSanitizer and UBSan.
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT := $(HOST_BUILD)/unit
UNIT_SRCS := $(wildcard tests/host/*.c) lib/dt.c lib/board_fdt.c lib/crc32.c lib/record.c lib/options.c lib/stats.c \
	uart/ns16550.c
FIXTURE_DTBS := $(patsubst tests/fixtures/%.dts,$(HOST_BUILD)/fixtures/%.dtb,$(wildcard tests/fixtures/*.dts))

$(UNIT): $(UNIT_SRCS) $(wildcard tests/host/*.h lib/*.h uart/*.h)
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(SAN) -Ilib -Iuart -Itests/host -o $@ $(UNIT_SRCS) -lfdt -lz

$(HOST_BUILD)/fixtures/%.dtb: tests/fixtures/%.dts
	@mkdir -p $(dir $@)
	dtc -q -I dts -O dtb -o $@ $<

unit-tests: $(UNIT) $(FIXTURE_DTBS)
	@test -d $(SHARED)/dtb || { echo "error: $(SHARED)/dtb not found (set SHARED=)"; exit 1; }
	$(UNIT) $(SHARED) $(HOST_BUILD)/fixtures

# Bounded fuzzing of the device-tree reader (libFuzzer, clang). The kept
# corpus is read, never written: new finds go to build/.
FUZZ_SECONDS ?= 30
FUZZ_DT := $(HOST_BUILD)/fuzz_dt
$(FUZZ_DT): tests/fuzz/fuzz_dt.c lib/dt.c lib/board_fdt.c $(wildcard lib/*.h)
	@mkdir -p $(dir $@)
	clang -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -Ilib -o $@ tests/fuzz/fuzz_dt.c lib/dt.c lib/board_fdt.c

fuzz-smoke: $(FUZZ_DT)
	@rm -rf $(HOST_BUILD)/fuzz-new && mkdir -p $(HOST_BUILD)/fuzz-new
	$(FUZZ_DT) -max_total_time=$(FUZZ_SECONDS) -max_len=65536 -print_final_stats=1 \
		$(HOST_BUILD)/fuzz-new tests/fuzz/corpus/dt 2>$(HOST_BUILD)/fuzz_dt.log \
		|| { tail -40 $(HOST_BUILD)/fuzz_dt.log; exit 1; }
	@grep -E 'stat::number_of_executed_units|Done' $(HOST_BUILD)/fuzz_dt.log | tail -2
