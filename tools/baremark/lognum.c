#include "lognum.h"

#include <math.h>

bool ln_int(const json_t *v, long long lo, long long hi, long long *out)
{
	if (!json_is_integer(v))
		return false;
	json_int_t x = json_integer_value(v);
	if (x < lo || x > hi)
		return false;
	*out = x;
	return true;
}

bool ln_num(const json_t *v, double lo, double hi, double *out)
{
	if (!json_is_number(v))
		return false;
	/* an integer past 2^53 rounds, but the range check below still holds */
	double x = json_number_value(v);
	if (!isfinite(x) || x < lo || x > hi)
		return false;
	*out = x;
	return true;
}

bool ln_int_at(const json_t *o, const char *key, long long lo, long long hi, long long *out)
{
	return ln_int(json_object_get(o, key), lo, hi, out);
}

bool ln_num_at(const json_t *o, const char *key, double lo, double hi, double *out)
{
	return ln_num(json_object_get(o, key), lo, hi, out);
}
