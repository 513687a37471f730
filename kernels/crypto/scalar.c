/* The portable C implementations, timed on every core: the baseline each
 * accelerated version's speedup is measured against. */
#include "crypto_kernel.h"

CR_KERNEL(cr_aes128_ecb_scalar, cr_scalar, CR_AES128_ECB, "aes128-ecb", "scalar", "");
CR_KERNEL(cr_aes128_ctr_scalar, cr_scalar, CR_AES128_CTR, "aes128-ctr", "scalar", "");
CR_KERNEL(cr_aes128_gcm_scalar, cr_scalar, CR_AES128_GCM, "aes128-gcm", "scalar", "");
CR_KERNEL(cr_aes256_ecb_scalar, cr_scalar, CR_AES256_ECB, "aes256-ecb", "scalar", "");
CR_KERNEL(cr_aes256_ctr_scalar, cr_scalar, CR_AES256_CTR, "aes256-ctr", "scalar", "");
CR_KERNEL(cr_aes256_gcm_scalar, cr_scalar, CR_AES256_GCM, "aes256-gcm", "scalar", "");
CR_KERNEL(cr_sha256_scalar, cr_scalar, CR_SHA256, "sha256", "scalar", "");
CR_KERNEL(cr_sha512_scalar, cr_scalar, CR_SHA512, "sha512", "scalar", "");
CR_KERNEL(cr_sm4_ctr_scalar, cr_scalar, CR_SM4_CTR, "sm4-ctr", "scalar", "");
CR_KERNEL(cr_sm3_scalar, cr_scalar, CR_SM3, "sm3", "scalar", "");
CR_KERNEL(cr_ghash_scalar, cr_scalar, CR_GHASH, "ghash", "scalar", "");
