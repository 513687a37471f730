/* Pages under control in the Linux build.
 *
 * The arena (every kernel's working set) asks for 2 MiB transparent huge
 * pages (madvise(MADV_HUGEPAGE)) and is touched in full before the first
 * kernel, so that a latency or bandwidth sweep walks few enough pages that
 * the TLB does not add steps of its own to the cache curve: with 4 KiB
 * pages, a random chase over 1 MiB already touches 256 pages, and the page
 * walks read as extra cache levels. How much of the arena the kernel
 * really gave in huge pages is read back from /proc/self/smaps
 * (AnonHugePages of the arena's mapping) and said in the core record.
 *
 * The TLB kernel wants the opposite: one line in each of many 4 KiB
 * pages. It gets a separate mapping that refuses huge pages
 * (MADV_NOHUGEPAGE, which holds even when the system's mode is "always"),
 * made for each of its points and unmapped after it.
 *
 * Linux: Documentation/admin-guide/mm/transhuge.rst (the modes and the
 * madvise flags), Documentation/filesystems/proc.rst (smaps fields). */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "arch.h"
#include "linux_pages.h"
#include "record.h"

#define HUGE (2ull << 20)

static char thp_mode[32] = "unknown";
static char arena_note[200] = "the arena was not mapped";
static uint64_t arena_huge_bytes, arena_bytes;

/* The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled. */
static void read_thp_mode(void)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char line[128] = "";
	if (!f) {
		snprintf(thp_mode, sizeof(thp_mode), "absent");
		return;
	}
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
	if (a && b && b - a - 1 < (long)sizeof(thp_mode))
		snprintf(thp_mode, sizeof(thp_mode), "%.*s", (int)(b - a - 1), a + 1);
}

/* AnonHugePages of the mapping that starts at `start`, in bytes; false
 * when smaps cannot be read or has no such mapping. */
static bool smaps_huge_bytes(uintptr_t start, uint64_t *huge)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	if (!f)
		return false;
	char line[512];
	bool in = false, found = false;
	while (fgets(line, sizeof(line), f)) {
		uintptr_t lo, hi;
		unsigned long long kb;
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' ')) {
			if (in)
				break;
			in = lo == start;
		} else if (in && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1) {
			*huge = (uint64_t)kb * 1024;
			found = true;
		}
	}
	fclose(f);
	return found;
}

void *linux_arena_map(uint64_t bytes)
{
	read_thp_mode();
	/* Over-map by one huge page and trim, so that the arena starts on a
	 * 2 MiB boundary: a huge page can only back an aligned 2 MiB. */
	uint8_t *raw = mmap(NULL, bytes + HUGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			    -1, 0);
	if (raw == MAP_FAILED) {
		snprintf(arena_note, sizeof(arena_note), "mmap of the arena failed");
		return NULL;
	}
	uint8_t *p = (uint8_t *)(((uintptr_t)raw + HUGE - 1) & ~(uintptr_t)(HUGE - 1));
	if (p > raw)
		munmap(raw, (size_t)(p - raw));
	munmap(p + bytes, (size_t)(raw + bytes + HUGE - (p + bytes)));
	arena_bytes = bytes;
	bool asked = madvise(p, bytes, MADV_HUGEPAGE) == 0;
	/* Touch it all now: each page is then what the kernel gave at the
	 * first touch, before any sweep runs. */
	long page = sysconf(_SC_PAGESIZE);
	for (uint64_t off = 0; off < bytes; off += (uint64_t)(page > 0 ? page : 4096))
		p[off] = 0;
	if (!smaps_huge_bytes((uintptr_t)p, &arena_huge_bytes)) {
		snprintf(arena_note, sizeof(arena_note), "%s; /proc/self/smaps does not say what the arena got",
			 asked ? "2 MiB pages asked (MADV_HUGEPAGE)" : "MADV_HUGEPAGE refused");
		return p;
	}
	snprintf(arena_note, sizeof(arena_note), "%s; %" PRIu64 " of %" PRIu64 " MiB in huge pages (smaps AnonHugePages)",
		 asked ? "2 MiB pages asked (MADV_HUGEPAGE)" : "MADV_HUGEPAGE refused", arena_huge_bytes >> 20,
		 bytes >> 20);
	return p;
}

void linux_pages_fields(struct rec *r)
{
	rec_obj(r, "pages");
	rec_str(r, "thp_mode", thp_mode);
	rec_u64(r, "base_page", (uint64_t)sysconf(_SC_PAGESIZE));
	rec_str(r, "sweeps", arena_note);
	rec_u64(r, "sweeps_bytes", arena_bytes);
	rec_u64(r, "sweeps_huge_bytes", arena_huge_bytes);
	const char *why = arch_small_pages();
	rec_str(r, "tlb", why ? why : "4 KiB pages (a mapping of its own with MADV_NOHUGEPAGE)");
	rec_close(r);
}

int arch_tlb_flush_kind(const char **why)
{
	*why = "a process cannot flush the TLB: the instruction is privileged";
	return 0;
}

const char *arch_small_pages(void)
{
	long page = sysconf(_SC_PAGESIZE);
	static char why[96];
	if (page != 4096) {
		snprintf(why, sizeof(why), "the base page here is %ld bytes, not 4 KiB (sysconf _SC_PAGESIZE)", page);
		return why;
	}
	return NULL;
}

static void *view;
static uint64_t view_bytes;

void *arch_small_pages_view(void *buf, uint64_t bytes, const char **why)
{
	(void)buf; /* the chase is built in the view itself: it needs no old contents */
	if ((*why = arch_small_pages()))
		return NULL;
	arch_small_pages_end();
	void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		*why = "mmap of the 4 KiB-page mapping failed";
		return NULL;
	}
	if (madvise(p, bytes, MADV_NOHUGEPAGE) != 0) {
		munmap(p, bytes);
		*why = "madvise(MADV_NOHUGEPAGE) failed: the pages could be huge";
		return NULL;
	}
	view = p;
	view_bytes = bytes;
	return p;
}

void arch_small_pages_end(void)
{
	if (view)
		munmap(view, view_bytes);
	view = NULL;
}
