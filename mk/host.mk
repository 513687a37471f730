# Host programs and host tests (native gcc).
HOSTCC ?= gcc
HOST_BUILD := build/host
HOST_CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror -D_GNU_SOURCE
MKRELOC := $(HOST_BUILD)/mkreloc

$(MKRELOC): tools/mkreloc.c
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) -o $@ $<
