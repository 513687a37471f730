/* Host unit tests: the lib/ code the image runs, compiled natively. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "check.h"

unsigned long t_pass, t_fail;

void test_fdt(const char *trees, const char *fixtures);
void test_record(void);
void test_options(void);
void test_stats(void);
void test_stats_estimate(void);
void test_operands(void);
void test_uart(void);
void test_text(void);
void test_coretypes(const char *trees);
void test_rv_insn(void);
void test_isa(void);
void test_wordcopy(void);
void test_summary(void);
void test_workload(void);
void test_textbuf(void);
void test_clock(void);
void test_jsonline(void);
void test_fp16(void);

void *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	void *buf = malloc(n > 0 ? (size_t)n : 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return buf;
}

int load_board(const char *trees, const char *name, struct bm_board *b)
{
	char path[512];
	size_t len = 0;
	snprintf(path, sizeof(path), "%s/%s", trees, name);
	void *blob = read_file(path, &len);
	memset(b, 0, sizeof(*b));
	int r = blob ? board_from_fdt(b, blob, len, NULL) : -1;
	free(blob);
	b->bootargs = NULL;
	return r;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: unit <real trees dir (tests/fixtures/dtb)> <compiled fixtures dir>\n");
		return 2;
	}
	test_fdt(argv[1], argv[2]);
	test_record();
	test_options();
	test_stats();
	test_stats_estimate();
	test_operands();
	test_uart();
	test_text();
	test_coretypes(argv[1]);
	test_rv_insn();
	test_isa();
	test_wordcopy();
	test_summary();
	test_textbuf();
	test_clock();
	test_jsonline();
	test_fp16();
	test_workload();
	printf("unit: %lu passed, %lu failed\n", t_pass, t_fail);
	return t_fail ? 1 : 0;
}
