/* Device tree reader: see dt.h. Layout facts from the Devicetree
 * Specification v0.4, section 5 (header fields, tokens 1/2/3/4/9, 4-byte
 * alignment of tokens, property names in the strings block). */
#include "dt.h"

#include <stdbool.h>
#include <string.h>

enum { TOK_BEGIN = 1, TOK_END = 2, TOK_PROP = 3, TOK_NOP = 4, TOK_DONE = 9 };

/* A token's tag as an aligned word load of the structure block reads it
 * (big-endian in the blob): compared without converting it. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define RAW_TAG(tok) ((uint32_t)(tok) << 24)
#else
#define RAW_TAG(tok) ((uint32_t)(tok))
#endif

#define HDR_SIZE 40u /* v17 header: ten 32-bit words */

uint32_t dt_be32(const void *p)
{
	const uint8_t *b = p;
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

uint64_t dt_be64(const void *p)
{
	return (uint64_t)dt_be32(p) << 32 | dt_be32((const uint8_t *)p + 4);
}

const char *dt_strerror(int err)
{
	switch (err) {
	case DT_ENOTFOUND: return "not found";
	case DT_EMAGIC: return "bad magic (not a device tree blob)";
	case DT_EVERSION: return "unsupported version";
	case DT_EHEADER: return "header describes blocks outside the blob";
	case DT_ETRUNC: return "truncated token or string";
	case DT_EBADTOKEN: return "unknown structure token";
	case DT_EDEPTH: return "nesting too deep or unbalanced";
	case DT_EBADPATH: return "malformed path";
	default: return err >= 0 ? "ok" : "unknown error";
	}
}

/* Is [off, off+len) inside [0, lim)? Written to avoid overflow. */
static int fits(uint32_t off, uint32_t len, uint32_t lim)
{
	return off <= lim && len <= lim - off;
}

struct tok {
	uint32_t tag, next;
	const char *name;
	const void *val;
	uint32_t len;
};

static int token(const struct dt *f, int off, struct tok *t);

/* One pass over the whole structure block: every token well formed,
 * nesting balanced and bounded, a single root, DT_END last. After this,
 * walks cannot meet a broken token, so a damaged tree is refused as a
 * whole instead of being half read. */
static int validate(struct dt *f)
{
	uint32_t o = 0;
	int depth = 0;
	int last[DT_MAX_DEPTH + 2]; /* the latest node seen at each depth, in ix */
	last[1] = -1;
	bool root_done = false;
	for (;;) {
		struct tok t;
		int r = token(f, (int)o, &t);
		if (r < 0)
			return r;
		switch (r) {
		case TOK_BEGIN:
			if (root_done)
				return DT_EBADTOKEN;
			if (++depth > DT_MAX_DEPTH)
				return DT_EDEPTH;
			if (f->nix >= 0 && f->nix == DT_INDEX_MAX) {
				f->nix = -1; /* too many nodes: lookups walk the tokens */
			} else if (f->nix >= 0) {
				int i = f->nix++;
				f->ix[i] = (struct dt_node_ix){(int32_t)o, (int32_t)t.next, -1, -1, t.name};
				if (last[depth] >= 0)
					f->ix[last[depth]].sibling = i;
				else if (depth > 1)
					f->ix[last[depth - 1]].child = i;
				last[depth] = i;
				last[depth + 1] = -1;
			}
			break;
		case TOK_END:
			if (--depth < 0)
				return DT_EDEPTH;
			root_done = depth == 0;
			break;
		case TOK_PROP:
			if (depth == 0)
				return DT_EBADTOKEN;
			break;
		case TOK_DONE:
			return root_done ? 0 : DT_EDEPTH;
		default:
			break;
		}
		o = t.next;
	}
}

int dt_open(struct dt *f, const void *blob, size_t avail)
{
	const uint8_t *b = blob;
	/* all but the node index, whose first nix entries validate writes
	 * (its 12 KB cleared cost a simulated core 3,000 instructions) */
	memset(f, 0, offsetof(struct dt, ix));
	/* The index is built only for a blob at a 4-byte aligned address (the
	 * specification asks for 8, section 5.1): its lookups read tokens as
	 * words. Another is read token by token. */
	f->nix = ((uintptr_t)b & 3) ? -1 : 0;
	if (!blob || avail < HDR_SIZE)
		return DT_ETRUNC;
	if (dt_be32(b) != DT_MAGIC)
		return DT_EMAGIC;
	uint32_t total = dt_be32(b + 4);
	uint32_t version = dt_be32(b + 20), last_comp = dt_be32(b + 24);
	/* size_dt_struct appeared in v17; we need it to bound the walk. */
	if (version < 17 || last_comp > 17)
		return DT_EVERSION;
	if (total < HDR_SIZE || total > avail)
		return DT_EHEADER;
	f->blob = b;
	f->totalsize = total;
	f->off_struct = dt_be32(b + 8);
	f->off_strings = dt_be32(b + 12);
	f->off_rsvmap = dt_be32(b + 16);
	f->size_strings = dt_be32(b + 32);
	f->size_struct = dt_be32(b + 36);
	if (!fits(f->off_struct, f->size_struct, total) || !fits(f->off_strings, f->size_strings, total) ||
	    !fits(f->off_rsvmap, 16, total) || (f->off_struct & 3) || (f->off_rsvmap & 7) ||
	    (f->size_struct & 3) || f->size_struct < 8) {
		f->blob = NULL;
		return DT_EHEADER;
	}
	f->strings_end_nul = f->size_strings > 0 && b[f->off_strings + f->size_strings - 1] == 0;
	/* The tree must start with the root node's BEGIN token. */
	int r = dt_be32(b + f->off_struct) == TOK_BEGIN ? validate(f) : DT_EBADTOKEN;
	if (r < 0)
		f->blob = NULL;
	return r;
}


/* One token at structure offset `off`. On success returns its tag and
 * sets t->next to the following token's offset; for BEGIN, t->name; for
 * PROP, t->name (from the strings block), t->val and t->len.
 * Every tree is read through here at least once (the validating pass at
 * open), so it is a leaf with no calls, the common PROP first: on a core's
 * RTL in a simulator each instruction before the first result costs
 * wall-clock time (issue 30). dt_open has checked size_struct >= 8. */
static int token(const struct dt *f, int off, struct tok *t)
{
	uint32_t lim = f->size_struct, o = (uint32_t)off;
	if (off < 0 || (o & 3) || o > lim - 4)
		return DT_ETRUNC;
	const uint8_t *s = f->blob + f->off_struct;
	uint32_t tag = dt_be32(s + o);
	t->tag = tag;
	if (tag == TOK_PROP) {
		if (lim - o < 12)
			return DT_ETRUNC;
		uint32_t len = dt_be32(s + o + 4), nameoff = dt_be32(s + o + 8);
		if (len > lim - o - 12 || nameoff >= f->size_strings)
			return DT_ETRUNC;
		const char *strs = (const char *)f->blob + f->off_strings;
		if (!f->strings_end_nul) {
			/* a block without a final NUL: this name must end inside it */
			const char *q = strs + nameoff, *stop = strs + f->size_strings;
			while (q < stop && *q)
				q++;
			if (q == stop)
				return DT_ETRUNC;
		}
		uint64_t next = ((uint64_t)o + 12 + len + 3) & ~(uint64_t)3;
		if (next > lim)
			return DT_ETRUNC;
		t->name = strs + nameoff;
		t->val = s + o + 12;
		t->len = len;
		t->next = (uint32_t)next;
		return TOK_PROP;
	}
	t->name = NULL;
	t->val = NULL;
	t->len = 0;
	if (tag == TOK_BEGIN) {
		const uint8_t *nm = s + o + 4, *stop = s + lim, *nul = nm;
		while (nul < stop && *nul)
			nul++;
		if (nul == stop)
			return DT_ETRUNC;
		t->name = (const char *)nm;
		t->next = ((uint32_t)(nul - s) + 1 + 3) & ~3u;
		return TOK_BEGIN;
	}
	if (tag == TOK_END || tag == TOK_NOP || tag == TOK_DONE) {
		t->next = o + 4;
		return (int)tag;
	}
	return DT_EBADTOKEN;
}

int dt_root(const struct dt *f)
{
	return f->blob ? 0 : DT_EHEADER;
}

int dt_next_node(const struct dt *f, int node, int *depth)
{
	struct tok t;
	int r = token(f, node, &t);
	if (r < 0)
		return r;
	if (r != TOK_BEGIN)
		return DT_EBADTOKEN;
	int off = (int)t.next;
	for (;;) {
		r = token(f, off, &t);
		if (r < 0)
			return r;
		switch (r) {
		case TOK_BEGIN:
			if (++*depth > DT_MAX_DEPTH)
				return DT_EDEPTH;
			return off;
		case TOK_END:
			--*depth;
			if (*depth < -DT_MAX_DEPTH)
				return DT_EDEPTH;
			break;
		case TOK_DONE:
			return DT_ENOTFOUND;
		default:
			break;
		}
		off = (int)t.next;
	}
}

static const struct dt_node_ix *ix_of(const struct dt *f, int node);
/* The index entry looked up last, or the one a step to a child or a
 * sibling went to: where ix_of looks first. */
static int hint;

const char *dt_name(const struct dt *f, int node)
{
	const struct dt_node_ix *x = ix_of(f, node);
	if (x)
		return x->name;
	struct tok t;
	return token(f, node, &t) == TOK_BEGIN ? t.name : NULL;
}

/* The index entry of the node at offset `node` (entries are in offset
 * order), or NULL without an index or for an offset that is no node. */
static const struct dt_node_ix *ix_of(const struct dt *f, int node)
{
	if (!f->blob || f->nix <= 0 || node < 0 || (uint32_t)node >= f->size_struct)
		return NULL;
	/* Lookups mostly go to the node just looked up or the one after it
	 * (a child, a sibling): try those first. The hint is only where to
	 * start; what is returned is always checked against `node`, so a
	 * hint left by another tree only costs the search below. (The image
	 * reads its tree on one core, the host tool on one thread.) */
	int i = hint;
	if (i < f->nix && f->ix[i].off == node)
		return &f->ix[i];
	if (i + 1 < f->nix && f->ix[i + 1].off == node)
		return &f->ix[hint = i + 1];
	/* Else: nodes are spread through the structure block about evenly:
	 * start where the offset says and step to it. */
	i = (int)((uint64_t)(uint32_t)node * (uint32_t)f->nix / f->size_struct);
	while (i > 0 && f->ix[i].off > node)
		i--;
	while (i + 1 < f->nix && f->ix[i].off < node)
		i++;
	if (f->ix[i].off != node)
		return NULL;
	hint = i;
	return &f->ix[i];
}

int dt_first_child(const struct dt *f, int node)
{
	const struct dt_node_ix *x = ix_of(f, node);
	if (x) {
		if (x->child < 0)
			return DT_ENOTFOUND;
		hint = x->child; /* the child is what is looked up next */
		return f->ix[x->child].off;
	}
	int depth = 0;
	int n = dt_next_node(f, node, &depth);
	if (n < 0)
		return n;
	return depth == 1 ? n : DT_ENOTFOUND;
}

int dt_next_sibling(const struct dt *f, int node)
{
	const struct dt_node_ix *x = ix_of(f, node);
	if (x) {
		if (x->sibling < 0)
			return DT_ENOTFOUND;
		hint = x->sibling;
		return f->ix[x->sibling].off;
	}
	int depth = 0;
	int n = node;
	do {
		n = dt_next_node(f, n, &depth);
		if (n < 0)
			return n;
	} while (depth > 0);
	return depth == 0 ? n : DT_ENOTFOUND;
}

static int name_matches(const char *node_name, const char *want, size_t len)
{
	if (strncmp(node_name, want, len) != 0)
		return 0;
	/* "memory" matches "memory@80000000" unless a unit address was given. */
	return node_name[len] == '\0' || (node_name[len] == '@' && !memchr(want, '@', len));
}

int dt_subnode(const struct dt *f, int parent, const char *name, size_t len)
{
	for (int c = dt_first_child(f, parent); c >= 0; c = dt_next_sibling(f, c)) {
		const char *nm = dt_name(f, c);
		if (nm && name_matches(nm, name, len))
			return c;
	}
	return DT_ENOTFOUND;
}

const void *dt_prop(const struct dt *f, int node, const char *name, int *len)
{
	struct tok t;
	int r, off;
	const struct dt_node_ix *x = ix_of(f, node);
	if (x) {
		/* The index exists only for a tree the validating pass at open
		 * accepted whole, so every token here is in bounds and well
		 * formed: the properties are read without token()'s checks
		 * (issue 30: a simulated core pays for each instruction). */
		const uint8_t *s = f->blob + f->off_struct;
		const char *strs = (const char *)f->blob + f->off_strings;
		for (uint32_t o = (uint32_t)x->props;;) {
			uint32_t tag = *(const uint32_t *)(const void *)(s + o); /* aligned: see dt_open */
			if (tag == RAW_TAG(TOK_NOP)) {
				o += 4;
				continue;
			}
			if (tag != RAW_TAG(TOK_PROP))
				break;
			uint32_t plen = dt_be32(s + o + 4);
			const char *pname = strs + dt_be32(s + o + 8);
			if (pname[0] == name[0] && strcmp(pname, name) == 0) {
				if (len)
					*len = (int)plen;
				return s + o + 12;
			}
			o = (o + 12 + plen + 3) & ~3u;
		}
		if (len)
			*len = DT_ENOTFOUND;
		return NULL;
	}
	r = token(f, node, &t);
	if (r != TOK_BEGIN) {
		if (len)
			*len = r < 0 ? r : DT_EBADTOKEN;
		return NULL;
	}
	off = (int)t.next;
	/* Properties precede subnodes (spec 5.4.2), so stop at either end. */
	for (;;) {
		r = token(f, off, &t);
		if (r < 0 || r == TOK_BEGIN || r == TOK_END || r == TOK_DONE)
			break;
		if (r == TOK_PROP && strcmp(t.name, name) == 0) {
			if (len)
				*len = (int)t.len;
			return t.val;
		}
		off = (int)t.next;
	}
	if (len)
		*len = r < 0 ? r : DT_ENOTFOUND;
	return NULL;
}

const char *dt_prop_str(const struct dt *f, int node, const char *name)
{
	int len;
	const char *v = dt_prop(f, node, name, &len);
	if (!v || len < 1 || v[len - 1] != '\0')
		return NULL;
	return v;
}

uint32_t dt_prop_u32(const struct dt *f, int node, const char *name, uint32_t dflt)
{
	int len;
	const void *v = dt_prop(f, node, name, &len);
	return v && len == 4 ? dt_be32(v) : dflt;
}

int dt_stringlist_has(const void *val, int len, const char *s)
{
	const char *p = val, *end = p + (len > 0 ? len : 0);
	while (p < end) {
		const char *nul = memchr(p, 0, (size_t)(end - p));
		if (!nul)
			return 0;
		if (strcmp(p, s) == 0)
			return 1;
		p = nul + 1;
	}
	return 0;
}

#define PATH_MAX_LEN 256

int dt_path(const struct dt *f, const char *path, int *chain, int *nchain)
{
	char buf[PATH_MAX_LEN];
	size_t n = strcspn(path, ":");
	if (n == 0)
		return DT_EBADPATH;
	if (path[0] != '/') {
		/* An alias: its value is an absolute path (spec 3.3). */
		int aliases = dt_subnode(f, dt_root(f), "aliases", 7);
		if (aliases < 0)
			return aliases;
		char alias[64];
		if (n >= sizeof(alias))
			return DT_EBADPATH;
		memcpy(alias, path, n);
		alias[n] = '\0';
		const char *target = dt_prop_str(f, aliases, alias);
		if (!target || target[0] != '/')
			return DT_ENOTFOUND;
		path = target;
		n = strlen(target);
	}
	if (n >= sizeof(buf))
		return DT_EBADPATH;
	memcpy(buf, path, n);
	buf[n] = '\0';

	int node = dt_root(f), depth = 0;
	if (node < 0)
		return node;
	if (chain)
		chain[depth] = node;
	const char *p = buf + 1;
	while (*p) {
		size_t len = strcspn(p, "/");
		if (len == 0) {
			p++;
			continue;
		}
		node = dt_subnode(f, node, p, len);
		if (node < 0)
			return node;
		if (++depth >= DT_MAX_DEPTH)
			return DT_EDEPTH;
		if (chain)
			chain[depth] = node;
		p += len;
	}
	if (nchain)
		*nchain = depth + 1;
	return node;
}

int dt_by_phandle(const struct dt *f, uint32_t ph)
{
	int depth = 0;
	if (ph == 0 || ph == 0xffffffffu)
		return DT_ENOTFOUND;
	for (int n = dt_root(f); n >= 0; n = dt_next_node(f, n, &depth)) {
		if (dt_prop_u32(f, n, "phandle", 0) == ph || dt_prop_u32(f, n, "linux,phandle", 0) == ph)
			return n;
		if (depth < 0)
			break;
	}
	return DT_ENOTFOUND;
}

/* Reads `cells` big-endian cells (1 or 2 supported, 0 reads as 0). */
static int read_cells(const uint8_t *p, uint32_t cells, uint64_t *out)
{
	switch (cells) {
	case 0: *out = 0; return 0;
	case 1: *out = dt_be32(p); return 0;
	case 2: *out = dt_be64(p); return 0;
	default: return DT_ETRUNC;
	}
}

/* Cells declared by `node` for its children; defaults from spec 2.3.5. */
static void cells_of(const struct dt *f, int node, uint32_t *ac, uint32_t *sc)
{
	*ac = dt_prop_u32(f, node, "#address-cells", 2);
	*sc = dt_prop_u32(f, node, "#size-cells", 1);
}

int dt_reg(const struct dt *f, const int *chain, int n, int idx, uint64_t *addr, uint64_t *size)
{
	if (n < 2 || idx < 0)
		return DT_ENOTFOUND;
	uint32_t ac, sc;
	cells_of(f, chain[n - 2], &ac, &sc);
	int len;
	const uint8_t *reg = dt_prop(f, chain[n - 1], "reg", &len);
	if (!reg)
		return len;
	uint32_t stride = 4 * (ac + sc);
	if (ac > 2 || sc > 2 || stride == 0 || (uint32_t)len < stride * ((uint32_t)idx + 1))
		return DT_ENOTFOUND;
	reg += stride * (uint32_t)idx;
	uint64_t a, s;
	if (read_cells(reg, ac, &a) || read_cells(reg + 4 * ac, sc, &s))
		return DT_ETRUNC;

	/* Walk up: the bus at chain[i] maps its children's addresses into its
	 * parent's (chain[i-1]) space with (child, parent, size) triples. */
	for (int i = n - 2; i >= 1; i--) {
		int rlen;
		const uint8_t *r = dt_prop(f, chain[i], "ranges", &rlen);
		if (!r)
			return DT_ENOTFOUND;
		if (rlen == 0)
			continue;
		uint32_t cac, csc, pac, psc;
		cells_of(f, chain[i], &cac, &csc);
		cells_of(f, chain[i - 1], &pac, &psc);
		uint32_t rstride = 4 * (cac + pac + csc);
		if (cac > 2 || pac > 2 || csc > 2 || rstride == 0)
			return DT_ETRUNC;
		int found = 0;
		for (uint32_t o = 0; o + rstride <= (uint32_t)rlen; o += rstride) {
			uint64_t cb, pb, sz;
			read_cells(r + o, cac, &cb);
			read_cells(r + o + 4 * cac, pac, &pb);
			read_cells(r + o + 4 * (cac + pac), csc, &sz);
			if (a >= cb && a - cb < sz) {
				a = a - cb + pb;
				found = 1;
				break;
			}
		}
		if (!found)
			return DT_ENOTFOUND;
	}
	*addr = a;
	*size = s;
	return 0;
}

int dt_rsv(const struct dt *f, int idx, uint64_t *addr, uint64_t *size)
{
	if (idx < 0)
		return DT_ENOTFOUND;
	uint64_t off = (uint64_t)f->off_rsvmap + 16u * (uint64_t)idx;
	if (off + 16 > f->totalsize)
		return DT_ETRUNC;
	*addr = dt_be64(f->blob + off);
	*size = dt_be64(f->blob + off + 8);
	if (*addr == 0 && *size == 0)
		return DT_ENOTFOUND;
	return 0;
}
