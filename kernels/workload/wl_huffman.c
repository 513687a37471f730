/* Huffman compression and decompression (nbench's Huffman test): a text
 * of skewed letters from the op's seed is counted, a Huffman tree built
 * by repeatedly joining the two lightest nodes, each letter given its
 * path as a code, the text encoded bit by bit and decoded again by
 * walking the tree. The text is (set_bytes - 8 KiB)/3 bytes (the tree and
 * the code table take the rest). The check: the decoded text equals the
 * original, and the encoded length equals the least a prefix code can
 * take, computed another way (the sum of the merged weights, from sorted
 * leaves and a queue of merged nodes). */
#include "workload.h"

#define SYMS 256
#define NODES (2 * SYMS)
#define TABLES 8192u /* bytes for the tree and the code table */

struct huff {
	uint32_t n;             /* text bytes */
	uint8_t *text, *packed, *back;
	uint32_t *weight;       /* NODES */
	uint16_t *left, *right, *parent; /* NODES; 0xFFFF: none */
	uint32_t *code;         /* SYMS: the path, the root's step in bit len-1 */
	uint8_t *len;           /* SYMS */
};

static struct huff layout(void *mem, uint32_t set)
{
	struct huff h;
	h.weight = mem;
	h.left = (uint16_t *)(h.weight + NODES);
	h.right = h.left + NODES;
	h.parent = h.right + NODES;
	h.code = (uint32_t *)(h.parent + NODES);
	h.len = (uint8_t *)(h.code + SYMS);
	h.n = (set - TABLES) / 3;
	h.text = (uint8_t *)mem + TABLES;
	h.packed = h.text + h.n;
	h.back = h.packed + h.n;
	return h;
}

/* Letters 'a' + (x * y) / 8 for x, y uniform in 0..15: 29 letters, the
 * low ones far more common. */
static void fill(const struct huff *h, uint64_t seed)
{
	uint64_t g = wl_seed(seed, 0x4AFF), r = 0;
	for (uint32_t i = 0; i < h->n; i++) {
		if (i % 8 == 0)
			r = bm_rand(&g);
		h->text[i] = (uint8_t)('a' + ((r & 15) * (r >> 4 & 15)) / 8);
		r >>= 8;
	}
}

/* Builds the tree; returns the root (a leaf when the text has one letter). */
static uint32_t build(const struct huff *h)
{
	for (uint32_t i = 0; i < NODES; i++) {
		h->weight[i] = 0;
		h->left[i] = h->right[i] = h->parent[i] = 0xFFFF;
	}
	for (uint32_t i = 0; i < h->n; i++)
		h->weight[h->text[i]]++;
	uint32_t next = SYMS, root = 0;
	for (;;) {
		/* the two lightest nodes without a parent */
		uint32_t a = NODES, b = NODES;
		for (uint32_t i = 0; i < next; i++) {
			if (!h->weight[i] || h->parent[i] != 0xFFFF)
				continue;
			if (a == NODES || h->weight[i] < h->weight[a]) {
				b = a;
				a = i;
			} else if (b == NODES || h->weight[i] < h->weight[b]) {
				b = i;
			}
		}
		if (b == NODES) {
			root = a;
			break;
		}
		h->weight[next] = h->weight[a] + h->weight[b];
		h->left[next] = (uint16_t)a;
		h->right[next] = (uint16_t)b;
		h->parent[a] = h->parent[b] = (uint16_t)next;
		next++;
	}
	for (uint32_t s = 0; s < SYMS; s++) {
		uint32_t c = 0, l = 0;
		for (uint32_t x = s; h->weight[s] && x != root; x = h->parent[x], l++)
			c = c << 1 | (h->right[h->parent[x]] == x);
		/* c holds the path from the leaf up: reverse it to root first */
		uint32_t rev = 0;
		for (uint32_t k = 0; k < l; k++)
			rev |= (c >> k & 1) << (l - 1 - k);
		h->code[s] = rev;
		h->len[s] = (uint8_t)(l ? l : h->weight[s] ? 1 : 0);
	}
	return root;
}

/* Returns the bits written. Codes are at most 31 bits here: a tree over
 * at most 2^20 letters is at most 29 deep. */
static uint64_t encode(const struct huff *h)
{
	uint64_t bits = 0;
	for (uint32_t i = 0; i < h->n; i++)
		h->packed[i] = 0;
	for (uint32_t i = 0; i < h->n; i++) {
		uint32_t c = h->code[h->text[i]], l = h->len[h->text[i]];
		for (uint32_t k = 0; k < l; k++, bits++)
			h->packed[bits / 8] |= (uint8_t)((c >> (l - 1 - k) & 1) << (bits % 8));
	}
	return bits;
}

/* Walks the tree from the root for each letter; false if the bits ran out
 * (never with a right stream: a corrupted one may). */
static bool decode(const struct huff *h, uint32_t root, uint64_t bits)
{
	uint64_t at = 0;
	for (uint32_t i = 0; i < h->n; i++) {
		uint32_t x = root;
		if (h->left[x] == 0xFFFF)
			at++; /* one letter only: one bit each */
		while (h->left[x] != 0xFFFF) {
			if (at >= bits)
				return false;
			x = (h->packed[at / 8] >> (at % 8) & 1) ? h->right[x] : h->left[x];
			at++;
		}
		h->back[i] = (uint8_t)x;
	}
	return true;
}

static uint64_t run(void *mem, uint32_t set, uint64_t seed)
{
	struct huff h = layout(mem, set);
	fill(&h, seed);
	uint32_t root = build(&h);
	uint64_t bits = encode(&h);
	bool ok = decode(&h, root, bits);
	return wl_mix(wl_mix(bits, ok), (uint64_t)h.back[h.n / 2] << 8 | h.back[h.n - 1]);
}

#define SET 16384u

/* The least bits a prefix code can take: the sum of the weights of the
 * merged nodes, merging the two lightest of the sorted leaves and the
 * queue of merged nodes (which comes out sorted by itself). */
static uint64_t least_bits(const uint32_t *freq, uint32_t *leaves, uint64_t *merged)
{
	uint32_t nl = 0;
	for (uint32_t s = 0; s < SYMS; s++) {
		if (!freq[s])
			continue;
		uint32_t j = nl++;
		for (; j > 0 && leaves[j - 1] > freq[s]; j--)
			leaves[j] = leaves[j - 1];
		leaves[j] = freq[s];
	}
	if (nl == 1)
		return leaves[0];
	uint32_t li = 0, qh = 0, qt = 0;
	uint64_t total = 0;
	for (uint32_t m = 0; m + 1 < nl; m++) {
		uint64_t two[2];
		for (int k = 0; k < 2; k++)
			two[k] = li < nl && (qh == qt || leaves[li] <= merged[qh]) ? leaves[li++] : merged[qh++];
		merged[qt++] = two[0] + two[1];
		total += two[0] + two[1];
	}
	return total;
}

static const char *selfcheck(void *mem, bool broken)
{
	struct huff h = layout(mem, SET);
	uint32_t *freq = (uint32_t *)((uint8_t *)mem + SET), *leaves = freq + SYMS;
	uint64_t *merged = (uint64_t *)(leaves + SYMS);
	fill(&h, 1);
	uint32_t root = build(&h);
	uint64_t bits = encode(&h), coded = 0;
	for (uint32_t s = 0; s < SYMS; s++) {
		freq[s] = h.weight[s];
		coded += (uint64_t)freq[s] * h.len[s];
	}
	if (broken)
		h.packed[bits / 16] ^= 0x10; /* a bit a fault flipped in the stream */
	if (!decode(&h, root, bits))
		return "Huffman decoding ran out of bits";
	for (uint32_t i = 0; i < h.n; i++)
		if (h.back[i] != h.text[i])
			return "Huffman decoding did not give back the text";
	if (coded != bits || bits != least_bits(freq, leaves, merged))
		return "the Huffman code is not the shortest prefix code";
	return NULL;
}

WORKLOAD(huffman, "huffman", WL_INT,
	 "Huffman tree, code, encode and decode of a (set_bytes-8192)/3-byte text of skewed letters",
	 .set_bytes = {SET, 1u << 20}, .run = run, .selfcheck = selfcheck,
	 .check_bytes = SET + 2 * SYMS * 4 + SYMS * 8);
