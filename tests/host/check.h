/* A small assertion kit for the host unit tests: every CHECK counts as
 * one passed or failed assertion, and a failure prints where and why. */
#ifndef BM_TEST_CHECK_H
#define BM_TEST_CHECK_H
#include <stdio.h>
#include <string.h>

extern unsigned long t_pass, t_fail;

#define CHECK(cond, ...)                                                   \
	do {                                                               \
		if (cond) {                                                \
			t_pass++;                                          \
		} else {                                                   \
			t_fail++;                                          \
			fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);                      \
			fprintf(stderr, "\n");                             \
		}                                                          \
	} while (0)

#define CHECK_EQ_U(a, b)                                                                          \
	CHECK((unsigned long long)(a) == (unsigned long long)(b), "%llu (0x%llx) != %llu (0x%llx)", \
	      (unsigned long long)(a), (unsigned long long)(a), (unsigned long long)(b),          \
	      (unsigned long long)(b))
#define CHECK_EQ_S(a, b)                                                              \
	do {                                                                          \
		const char *a_ = (a), *b_ = (b);                                      \
		CHECK(a_ && b_ && strcmp(a_, b_) == 0, "\"%s\" != \"%s\"", a_ ? a_ : "(null)", \
		      b_ ? b_ : "(null)");                                            \
	} while (0)

/* Reads a whole file; NULL if it cannot. */
void *read_file(const char *path, size_t *len);
/* Reads the board from trees/name (a real board's tree) into a cleared *b;
 * board_from_fdt's result, -1 if the file cannot be read. b->bootargs is
 * not kept (the tree is freed). */
struct bm_board;
int load_board(const char *trees, const char *name, struct bm_board *b);
#endif
