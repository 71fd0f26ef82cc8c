/*
 * Timer arrays on huge pages where the host allows it.
 *
 * A million timers take 20-60 MB.  With 4 KiB pages a walk down a tree of
 * them misses the TLB as well as the caches at nearly every deep level.
 * 2 MiB pages (asked for with madvise, as this host's transparent huge pages
 * are set to) leave the cache misses, the structure's own cost, and every
 * structure gets them alike.  (The 1e6 figures still vary by up to 1.5x
 * from run to run on this shared virtual machine.)
 */
#define _GNU_SOURCE
#include "bench/bench.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE (2u << 20)

void *bench_array(size_t count, size_t size)
{
	size_t bytes = count * size, rounded;
	void *p;

	if (bytes < HUGE_PAGE)
		return calloc(count, size);
	rounded = (bytes + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
	if (posix_memalign(&p, HUGE_PAGE, rounded))
		return NULL;
	madvise(p, rounded, MADV_HUGEPAGE); /* advice: ignored where unsupported */
	memset(p, 0, rounded);
	return p;
}
