/* baremark steps <log>: where the load-latency curve (cache.load.lat)
 * steps up, per core: each step is the working-set interval in which the
 * median latency rises by more than STEP_RATIO over the plateau before
 * it; a cache level ends inside that interval. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

#define STEP_RATIO 1.25

int cmd_steps(int argc, char **argv)
{
	if (argc < 1 || argc > CMP_MAX_LOGS) {
		fprintf(stderr, "usage: baremark steps <log>... (at most %d)\n", CMP_MAX_LOGS);
		return 2;
	}
	static struct cmp_set set;
	int st = cmp_load(&set, (const char **)argv, argc, "steps", false);
	if (st)
		return st;
	int found_any = 0;
	for (int c = 0; c < set.ncols; c++) {
		double size[256], lat[256];
		int n = 0;
		for (int r = 0; r < set.nrows && n < 256; r++) {
			if (strcmp(set.rows[r].kernel, "cache.load.lat") != 0)
				continue;
			struct cmp_cell x = compare_cell(&set.cols[c], &set.rows[r]);
			if (!x.has_cyc)
				continue;
			/* rows come in log order, which is ascending size */
			size[n] = (double)set.rows[r].param;
			lat[n++] = x.cyc;
		}
		printf("%s:", set.cols[c].label);
		if (n < 3) {
			printf(" too few cache.load.lat points (%d)\n", n);
			continue;
		}
		printf("\n");
		double plateau = lat[0];
		for (int i = 1; i < n; i++) {
			if (lat[i] > plateau * STEP_RATIO) {
				printf("  step: between %.0f and %.0f bytes, %.2f -> %.2f cycles\n", size[i - 1], size[i],
				       plateau, lat[i]);
				found_any = 1;
			}
			/* the new level's plateau is its lowest point so far */
			plateau = lat[i] > plateau * STEP_RATIO ? lat[i] : (lat[i] < plateau ? lat[i] : plateau);
		}
	}
	cmp_free(&set);
	return found_any ? 0 : 1;
}
