/* A bounds-checked, read-only flattened device tree reader.
 *
 * Written for baremark from the Devicetree Specification v0.4, chapter 5
 * ("Flattened Devicetree (DTB) Format"). Every read is checked against the
 * blob's declared blocks, so a malformed or truncated tree yields an error
 * code, never an out-of-bounds read or an endless loop (offsets only grow).
 *
 * Nodes are named by their offset inside the structure block (>= 0).
 * Negative return values are DT_E* error codes.
 */
#ifndef BM_DT_H
#define BM_DT_H
#include <stdbool.h>

#include <stddef.h>
#include <stdint.h>

enum {
	DT_ENOTFOUND = -1, /* no such node or property */
	DT_EMAGIC = -2,    /* not a DTB */
	DT_EVERSION = -3,  /* version we cannot read */
	DT_EHEADER = -4,   /* blocks outside the blob or misaligned */
	DT_ETRUNC = -5,    /* token or string runs past its block */
	DT_EBADTOKEN = -6, /* unknown token */
	DT_EDEPTH = -7,    /* nesting deeper than DT_MAX_DEPTH or unbalanced */
	DT_EBADPATH = -8,  /* path too long or malformed */
};

#define DT_MAX_DEPTH 32
#define DT_INDEX_MAX 1024 /* the RK3588's tree has 782 nodes */
#define DT_MAGIC 0xd00dfeedu

struct dt {
	const uint8_t *blob;
	uint32_t totalsize;
	uint32_t off_struct, size_struct;
	uint32_t off_strings, size_strings;
	uint32_t off_rsvmap;
	/* The strings block ends in a NUL, so every name offset inside it
	 * is a terminated string (checked once at open, not per token). */
	bool strings_end_nul;
	/* Every node, in tree order, as the validating pass at open found
	 * it: its offset, where its properties start, its first child and
	 * its next sibling (entries of ix, -1: none), and its name. Lookups
	 * then step from node to node
	 * instead of reading every token of the subtrees between (issue 30:
	 * on a core's RTL each token read costs cycles before the first
	 * result). nix < 0: the tree has more than DT_INDEX_MAX nodes, and
	 * lookups walk the tokens as without an index. */
	struct dt_node_ix {
		int32_t off, props, child, sibling;
		const char *name;
	} ix[DT_INDEX_MAX];
	int nix;
};

/* Validates the header of the blob at `blob`; `avail` is how many bytes
 * may be read there at most (the blob's totalsize must fit in it). */
int dt_open(struct dt *f, const void *blob, size_t avail);
const char *dt_strerror(int err);

/* Big-endian helpers for property values. */
uint32_t dt_be32(const void *p);
uint64_t dt_be64(const void *p);

/* The root node. */
int dt_root(const struct dt *f);
/* Next node in document order after `node`; *depth is adjusted (+1 for a
 * child, 0 for a sibling, negative when climbing). Returns DT_ENOTFOUND
 * at the end of the tree. */
int dt_next_node(const struct dt *f, int node, int *depth);
int dt_first_child(const struct dt *f, int node);
int dt_next_sibling(const struct dt *f, int node);
/* Node name including the unit address ("serial@10000000"), or NULL. */
const char *dt_name(const struct dt *f, int node);
/* Child whose name is `name` (with or without unit address when `name`
 * has none), len bytes of name. */
int dt_subnode(const struct dt *f, int parent, const char *name, size_t len);
/* Property value and its length in bytes, or NULL (with *len set to a
 * negative error code when len is not NULL). */
const void *dt_prop(const struct dt *f, int node, const char *name, int *len);
/* Property holding a NUL-terminated string; NULL unless well formed. */
const char *dt_prop_str(const struct dt *f, int node, const char *name);
/* u32 property or `dflt`. */
uint32_t dt_prop_u32(const struct dt *f, int node, const char *name, uint32_t dflt);
/* Is `s` one of the strings in a stringlist property? */
int dt_stringlist_has(const void *val, int len, const char *s);

/* Resolves an absolute path ("/soc/serial@0") or an alias ("serial0"),
 * stopping at the first ':' (stdout-path options). The chain of ancestor
 * nodes, root first, is stored in chain[0..*nchain-1] when chain is not
 * NULL (the node itself is last). */
int dt_path(const struct dt *f, const char *path, int *chain, int *nchain);
/* Node whose phandle is `ph`. */
int dt_by_phandle(const struct dt *f, uint32_t ph);

/* Reads entry `idx` of the `reg` property of chain[n-1] with the cells of
 * chain[n-2], and translates the address through every ancestor's
 * `ranges` (an empty `ranges` is the identity; a missing one stops the
 * translation with DT_ENOTFOUND). */
int dt_reg(const struct dt *f, const int *chain, int n, int idx, uint64_t *addr, uint64_t *size);

/* Memory reservation block entry `idx` (end marked by DT_ENOTFOUND). */
int dt_rsv(const struct dt *f, int idx, uint64_t *addr, uint64_t *size);

#endif
