/* CR_KERNEL: how a backend file registers one algorithm as a kernel.
 *   CR_KERNEL(id, backend, CR_AES128_CTR, "aes128-ctr", "aesni", "aes")
 * names the kernel "crypto.aes128-ctr.aesni" and times it only where
 * arch_has_feature() confirms every word of the last argument.
 * Host tests build the backends with CR_HOST_TEST, where it registers
 * nothing (they call the backends directly). */
#ifndef BM_CRYPTO_KERNEL_H
#define BM_CRYPTO_KERNEL_H

#include "crypto.h"

struct cr_kernel_arg {
	const struct cr_backend *backend;
	enum cr_alg alg;
	const char *needs; /* arch feature names, space separated; "" = none */
};

/* Every feature in the space-separated list `needs` (arch_has_feature);
 * else false, with the first missing one named in `why`. */
bool cr_has_all(const char *needs, char *why, size_t cap);

#ifdef CR_HOST_TEST
#define CR_KERNEL(id, backend_, alg_, alg_str, impl_str, needs_)
#else
#include "kernel.h"

bool cr_param(const struct bm_env *env, unsigned i, uint64_t *value);
void *cr_prepare(const struct bm_kernel *k, const struct bm_env *env, uint64_t bytes, uint64_t *iters,
		 const char **why);
const char *cr_verify(const struct bm_kernel *k, const struct bm_env *env, bool *skip);
uint64_t cr_body_x1(void *state, uint64_t iters);
uint64_t cr_body_x2(void *state, uint64_t iters);
bool cr_check(const void *state, unsigned variant, uint64_t iters, uint64_t result);

#define CR_KERNEL(id, backend_, alg_, alg_str, impl_str, needs_)                                      \
	static const struct cr_kernel_arg id##_arg = {&(backend_), alg_, needs_};                      \
	BM_KERNEL(id) = {                                                                              \
		.name = "crypto." alg_str "." impl_str, .op = alg_str " message", .param_name = "bytes", \
		.param = cr_param, .prepare = cr_prepare, .verify = cr_verify,                         \
		.body = {cr_body_x1, cr_body_x2}, .ops_per_iter = 1, .check = cr_check,                \
		.param_is_bytes = true, .arg = &id##_arg,                                              \
	}
#endif

#endif
