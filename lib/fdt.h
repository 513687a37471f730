/* A bounds-checked, read-only flattened device tree reader.
 *
 * Written for baremark from the Devicetree Specification v0.4, chapter 5
 * ("Flattened Devicetree (DTB) Format"). Every read is checked against the
 * blob's declared blocks, so a malformed or truncated tree yields an error
 * code, never an out-of-bounds read or an endless loop (offsets only grow).
 *
 * Nodes are named by their offset inside the structure block (>= 0).
 * Negative return values are FDT_E* error codes.
 */
#ifndef BM_FDT_H
#define BM_FDT_H

#include <stddef.h>
#include <stdint.h>

enum {
	FDT_ENOTFOUND = -1, /* no such node or property */
	FDT_EMAGIC = -2,    /* not a DTB */
	FDT_EVERSION = -3,  /* version we cannot read */
	FDT_EHEADER = -4,   /* blocks outside the blob or misaligned */
	FDT_ETRUNC = -5,    /* token or string runs past its block */
	FDT_EBADTOKEN = -6, /* unknown token */
	FDT_EDEPTH = -7,    /* nesting deeper than FDT_MAX_DEPTH or unbalanced */
	FDT_EBADPATH = -8,  /* path too long or malformed */
};

#define FDT_MAX_DEPTH 32
#define FDT_MAGIC 0xd00dfeedu

struct fdt {
	const uint8_t *blob;
	uint32_t totalsize;
	uint32_t off_struct, size_struct;
	uint32_t off_strings, size_strings;
	uint32_t off_rsvmap;
};

/* Validates the header of the blob at `blob`; `avail` is how many bytes
 * may be read there at most (the blob's totalsize must fit in it). */
int fdt_open(struct fdt *f, const void *blob, size_t avail);
const char *fdt_strerror(int err);

/* Big-endian helpers for property values. */
uint32_t fdt_be32(const void *p);
uint64_t fdt_be64(const void *p);

/* The root node. */
int fdt_root(const struct fdt *f);
/* Next node in document order after `node`; *depth is adjusted (+1 for a
 * child, 0 for a sibling, negative when climbing). Returns FDT_ENOTFOUND
 * at the end of the tree. */
int fdt_next_node(const struct fdt *f, int node, int *depth);
int fdt_first_child(const struct fdt *f, int node);
int fdt_next_sibling(const struct fdt *f, int node);
/* Node name including the unit address ("serial@10000000"), or NULL. */
const char *fdt_name(const struct fdt *f, int node);
/* Child whose name is `name` (with or without unit address when `name`
 * has none), len bytes of name. */
int fdt_subnode(const struct fdt *f, int parent, const char *name, size_t len);
/* Property value and its length in bytes, or NULL (with *len set to a
 * negative error code when len is not NULL). */
const void *fdt_prop(const struct fdt *f, int node, const char *name, int *len);
/* Property holding a NUL-terminated string; NULL unless well formed. */
const char *fdt_prop_str(const struct fdt *f, int node, const char *name);
/* u32 property or `dflt`. */
uint32_t fdt_prop_u32(const struct fdt *f, int node, const char *name, uint32_t dflt);
/* Is `s` one of the strings in a stringlist property? */
int fdt_stringlist_has(const void *val, int len, const char *s);

/* Resolves an absolute path ("/soc/serial@0") or an alias ("serial0"),
 * stopping at the first ':' (stdout-path options). The chain of ancestor
 * nodes, root first, is stored in chain[0..*nchain-1] when chain is not
 * NULL (the node itself is last). */
int fdt_path(const struct fdt *f, const char *path, int *chain, int *nchain);
/* Node whose phandle is `ph`. */
int fdt_by_phandle(const struct fdt *f, uint32_t ph);

/* Reads entry `idx` of the `reg` property of chain[n-1] with the cells of
 * chain[n-2], and translates the address through every ancestor's
 * `ranges` (an empty `ranges` is the identity; a missing one stops the
 * translation with FDT_ENOTFOUND). */
int fdt_reg(const struct fdt *f, const int *chain, int n, int idx, uint64_t *addr, uint64_t *size);

/* Memory reservation block entry `idx` (end marked by FDT_ENOTFOUND). */
int fdt_rsv(const struct fdt *f, int idx, uint64_t *addr, uint64_t *size);

#endif
