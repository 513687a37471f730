/* baremark steps <log>: where the load-latency curve (cache.load.lat)
 * steps up, per core, found as the image's summary finds its cache levels
 * (lib/summary.c, summary_levels): each step is the working-set interval
 * in which a level's plateau ends; a curve without one says so. Exit 1
 * only when no column has enough points to tell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "summary.h"

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
		double size[SM_MAX_POINTS], lat[SM_MAX_POINTS];
		int n = 0;
		for (int r = 0; r < set.nrows && n < SM_MAX_POINTS; r++) {
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
		struct sm_level lv[SM_MAX_LEVELS];
		int nl = summary_levels(size, lat, n, lv, SM_MAX_LEVELS, NULL);
		if (nl == 0) {
			/* a curve that never steps: one level over the whole sweep,
			 * or an emulator whose loads all cost the same */
			double lo = lat[0], hi = lat[0];
			for (int k = 1; k < n; k++) {
				lo = lat[k] < lo ? lat[k] : lo;
				hi = lat[k] > hi ? lat[k] : hi;
			}
			printf("  no step: %.2f to %.2f cycles from %.0f to %.0f bytes (one level over the sweep, or an "
			       "emulator)\n",
			       lo, hi, size[0], size[n - 1]);
			found_any = 1;
		}
		for (int i = 0; i < nl; i++) {
			double after = 0;
			for (int k = 0; k < n; k++)
				if (size[k] == lv[i].next)
					after = lat[k];
			printf("  step: between %.0f and %.0f bytes, %.2f -> %.2f cycles\n", lv[i].upto, lv[i].next,
			       lv[i].latency, after);
			found_any = 1;
		}
	}
	cmp_free(&set);
	return found_any ? 0 : 1;
}
