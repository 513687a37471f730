/* The verify-hook helper for kernels that need an optional unit. */
#include "arch.h"
#include "kernel.h"

const char *bm_needs(const char *feature, bool *skip)
{
	static char why[160];
	if (arch_has_feature(feature))
		return NULL;
	arch_feature_missing(feature, why, sizeof(why));
	*skip = true;
	return why;
}
