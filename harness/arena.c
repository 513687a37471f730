#include "arena.h"

#include <stdio.h>

#include "kernel.h"
#include "point_path.h"

static uint64_t lo, hi, cur;
/* The kept block (arena_keep): [hi, top) when `kept`; `in_use` from the
 * arena_keep that returned it until the point's memory is released. */
static uint64_t top, kept_key, kept_size;
static bool kept, in_use;

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Shrinks [*s, *e) so that it does not overlap [rs, re): keep the part
 * at or above *s (we grow upwards from the image). */
static void carve(uint64_t *s, uint64_t *e, uint64_t rs, uint64_t re)
{
	if (re <= *s || rs >= *e)
		return;
	if (rs > *s)
		*e = rs;
	else
		*s = align_up(re, 4096);
}

bool arena_init(const struct bm_board *b, uint64_t img_start, uint64_t img_end, const char **why)
{
	lo = hi = cur = 0;
	const struct bm_range *home = NULL;
	for (int i = 0; i < b->nmem; i++)
		if (img_start >= b->mem[i].base && img_start - b->mem[i].base < b->mem[i].size)
			home = &b->mem[i];
	if (!home) {
		*why = "no memory range described contains the image";
		return false;
	}
	uint64_t s = align_up(img_end, 4096), e = home->base + home->size;
	/* Repeat until stable: carving one range can expose another. */
	for (int pass = 0; pass < BM_MAX_RSV + 2; pass++) {
		uint64_t ps = s, pe = e;
		if (b->dtb_size)
			carve(&s, &e, b->dtb_addr, b->dtb_addr + b->dtb_size);
		for (int i = 0; i < b->nrsv; i++)
			carve(&s, &e, b->rsv[i].base, b->rsv[i].base + b->rsv[i].size);
		if (s == ps && e == pe)
			break;
	}
	if (s >= e) {
		*why = "no free memory above the image";
		return false;
	}
	lo = cur = s;
	hi = top = e;
	kept = in_use = false;
	return true;
}

static void drop_kept(void)
{
	kept = in_use = false;
	hi = top;
}

BM_POINT_PATH void *arena_alloc(size_t size, size_t align)
{
	if (align < 16)
		align = 16;
	uint64_t p = align_up(cur, align);
	if (p < cur || p > hi || size > hi - p) {
		/* a kept block nobody holds gives way to the point that needs
		 * the memory; it is rebuilt when next asked for */
		if (!kept || in_use)
			return NULL;
		drop_kept();
		return arena_alloc(size, align);
	}
	cur = p + size;
	return (void *)(uintptr_t)p;
}

uint64_t arena_free_bytes(void)
{
	uint64_t end = kept && !in_use ? top : hi;
	return end > cur ? end - cur : 0;
}

void *arena_keep(size_t size, uint64_t key, bool *fresh)
{
	*fresh = false;
	if (kept && key == kept_key && size == kept_size) {
		in_use = true;
		return (void *)(uintptr_t)hi;
	}
	drop_kept();
	uint64_t p = top > size ? (top - size) & ~(uint64_t)4095 : 0;
	if (p < align_up(cur, 4096))
		return NULL;
	hi = p;
	kept = in_use = *fresh = true;
	kept_key = key;
	kept_size = size;
	return (void *)(uintptr_t)p;
}

BM_POINT_PATH uint64_t arena_mark(void)
{
	return cur;
}

BM_POINT_PATH void arena_release(uint64_t mark)
{
	if (mark >= lo && mark <= cur)
		cur = mark;
	in_use = false;
}

const char *bm_no_memory(const char *what, uint64_t need, uint64_t free_bytes)
{
	static char why[128];
	snprintf(why, sizeof(why), "%s needs %llu bytes, %llu were free", what, (unsigned long long)need,
		 (unsigned long long)free_bytes);
	return why;
}
