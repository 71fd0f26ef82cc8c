/*
 * Fault injection: allocations made to fail on purpose, so that the paths
 * which handle an allocation failure run and can be tested (Linux's
 * Documentation/fault-injection, made deterministic: no probabilities).
 *
 * Two ways to ask for failures:
 *
 *  - The kernel command line, for the whole run:
 *
 *      failslab=[CACHE:]NTH[,EVERY[,TIMES]]
 *      fail_page_alloc=NTH[,EVERY[,TIMES]]
 *
 *    The NTH matching allocation (1 is the first) fails, then every
 *    EVERY-th after it (EVERY omitted or 0: NTH alone), at most TIMES
 *    failures in all (omitted: no limit).  failslab matches object
 *    allocations (kmem_cache_alloc, and kmalloc up to 2 KiB) from the cache
 *    named CACHE, or from every cache whose name starts with PREFIX when
 *    CACHE is "PREFIX*", or from every cache when CACHE is left out.
 *    fail_page_alloc matches page allocations (pmm_alloc_page(s), which
 *    kmalloc above 2 KiB, page tables, user pages and kernel stacks use).
 *    Only allocations made by tasks with a pid count: kmain, the idle task
 *    and the boot's daemons (pid 0) never fail, since boot panics when an
 *    init cannot allocate.  Examples: failslab=posix_timer:2 (the second
 *    timer created fails), failslab=kmalloc-*:1,10 (every tenth small
 *    kmalloc from the first on), fail_page_alloc=100,1,5 (page allocations
 *    100 to 104).
 *
 *  - Per task, /proc/PID/fail-nth (Linux's; fs/proc.c): writing N makes
 *    the N-th allocation of any kind that this task makes from then on fail,
 *    once; 0 switches it off.  Reading gives what is left to count: 0 once
 *    the failure was injected (or when none is asked for).  While it counts,
 *    the command line's settings do not apply to that task, as in Linux's
 *    should_fail_ex.  A test walks N = 1, 2, ... over a system call until
 *    the call no longer reaches its N-th allocation (tests/user/fail_nth.h).
 *
 * A slab's own pages are not counted apart: the object allocation that needs
 * them is what counts (and fails), so the N-th allocation of a call is the
 * same whatever the caches held before.  Every failure injected is reported
 * on the console, numbered, with the task and the function that allocated.
 */
#ifndef TICK386_MM_FAULT_INJECT_H
#define TICK386_MM_FAULT_INJECT_H

#include "lib/types.h"

/* Read failslab= and fail_page_alloc= from the command line (kmain, once). */
void fault_inject_init(void);

/* Called by the allocators before they allocate: true if this allocation is
 * to fail on purpose.  cache: the slab cache's name. */
bool fault_inject_slab(const char *cache);
bool fault_inject_pages(u32 count);

/* How many failures were injected since boot. */
u32 fault_inject_count(void);

/*
 * The rule of one command-line option, parsed (exposed for the in-kernel
 * tests).  Returns 0, or -EINVAL when text is not of the syntax above
 * (with_cache: the failslab form, which may name a cache).
 */
struct fault_rule {
	bool on;
	char cache[24]; /* "" every cache; "name" exactly; "prefix*" a prefix */
	u32 nth, every, times; /* times 0: no limit */
	u32 seen, failed;      /* matching allocations so far, failures injected */
};
int fault_rule_parse(struct fault_rule *r, const char *text, bool with_cache);
/* One more matching allocation: true if it is to fail (updates the counts). */
bool fault_rule_hit(struct fault_rule *r);
bool fault_rule_matches(const struct fault_rule *r, const char *cache);

#endif
