/* libFuzzer target: the host tool's readers of records (compare in every
 * format and --per-ghz, summary, crypto, steps, against docs/cores.md,
 * parse's CSV, report's page and plot scripts) on any set of records. Each input line is wrapped as a record
 * with its right CRC, so mutations reach the code that uses the records
 * instead of stopping at the CRC check. report runs with BAREMARK_GNUPLOT
 * empty: every script is built, no program is run. AddressSanitizer and
 * UBSan watch; a log that crashes any subcommand is a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

int bm_tool_main(int argc, char **argv); /* tools/baremark/main.c's main */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/bm-fuzz-tools-XXXXXX";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	setenv("BAREMARK_GNUPLOT", "", 1);
	int fd = mkstemp(path);
	if (fd < 0)
		abort();
	close(fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	for (size_t at = 0; at < size;) {
		const uint8_t *nl = memchr(data + at, '\n', size - at);
		size_t n = nl ? (size_t)(nl - data) - at : size - at;
		fputs("@bm ", f);
		fwrite(data + at, 1, n, f);
		fprintf(f, " *%08lx\n", crc32(0L, data + at, (uInt)n));
		at += n + 1;
	}
	fclose(f);
	char *cmds[][6] = {
		{"baremark", "compare", path, NULL},
		{"baremark", "compare", "--format", "csv", path, NULL},
		{"baremark", "compare", "--format", "markdown", "--per-core", path},
		{"baremark", "summary", path, NULL},
		{"baremark", "crypto", path, NULL},
		{"baremark", "steps", path, NULL},
		{"baremark", "parse", "--format", "csv", path, NULL},
		{"baremark", "compare", "--per-ghz", path, NULL},
		{"baremark", "against", "docs/cores.md", "Zen 4", path, NULL},
		{"baremark", "report", path, "-o", "/dev/null", NULL},
		{"baremark", "insn", path, NULL},
		{"baremark", "insn", "--csv", path, NULL},
		{"baremark", "insn", "--json", path, NULL},
	};
	for (size_t c = 0; c < sizeof(cmds) / sizeof(cmds[0]); c++) {
		int argc = 0;
		while (argc < 6 && cmds[c][argc])
			argc++;
		bm_tool_main(argc, cmds[c]);
	}
	return 0;
}
