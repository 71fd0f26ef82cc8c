/*
 * Selectors going bad under a system call.
 *
 * A thread makes a TLS descriptor of its own (set_thread_area, a free
 * entry: flat 4 GiB data, so that it can stand in ds, es, fs or even ss),
 * loads its selector into one segment register (inline asm: nothing may
 * touch memory through that register meanwhile) and makes a system call
 * during which the slot changes or is cleared:
 *   0  by the call itself: set_thread_area clearing the entry;
 *   1  by the call itself: set_thread_area making it a code segment;
 *   2  while it sleeps in nanosleep, another thread clears that entry (its
 *      own TLS on Linux, where each thread has its own slots);
 *   3  while it sleeps, a thread is cloned with CLONE_SETTLS and a cleared
 *      descriptor for that entry;
 *   4  the call is clone(CLONE_SETTLS) with a cleared descriptor itself: the
 *      child starts with the selector loaded and its slot empty (the
 *      descriptor being flat, C code runs with it loaded meanwhile);
 *   5  it sleeps with the selector loaded while nothing changes (an
 *      interrupt and a switch must put it back as it was).
 * The register is put back right after the call (from a register, no
 * memory access).  What becomes of the process is the kernel's choice
 * (Linux: a null selector where it could not restore one, SIGSEGV or
 * SIGILL for ss); only that the kernel survives is checked.
 */
#include "race.h"
#include <string.h>
#include <sys/syscall.h>
#include <time.h>

#define NR_set_thread_area 243

enum seg { SEG_DS, SEG_ES, SEG_FS, SEG_SS, SEG_N };
static const char *const seg_names[] = {"ds", "es", "fs", "ss"};

/*
 * The call nr(b, c) with selector sel in segment seg; the register's old
 * value back after it.  ebx, ecx the arguments; edx, esi hold the
 * selectors, which the kernel keeps.
 */
static long call_with(enum seg seg, unsigned sel, long nr, long b, long c)
{
	long r;

#define CALL_WITH(reg)                                                                             \
	__asm__ volatile("movw %%" reg ", %%si\n\t"                                                \
			 "movw %%dx, %%" reg "\n\t"                                                \
			 "int $0x80\n\t"                                                           \
			 "movw %%si, %%" reg                                                       \
			 : "=a"(r)                                                                 \
			 : "0"(nr), "b"(b), "c"(c), "d"(sel)                                       \
			 : "esi", "memory")
	switch (seg) {
	case SEG_DS:
		CALL_WITH("ds");
		break;
	case SEG_ES:
		CALL_WITH("es");
		break;
	case SEG_FS:
		CALL_WITH("fs");
		break;
	default:
		CALL_WITH("ss");
		break;
	}
#undef CALL_WITH
	return r;
}

/* Load sel into seg (the old value in *old); ss too: the descriptor is flat. */
static void load_seg(enum seg seg, unsigned sel, unsigned *old)
{
	unsigned o = 0;

	switch (seg) {
	case SEG_DS:
		__asm__ volatile("movw %%ds, %w0\n\tmovw %w1, %%ds" : "=&r"(o) : "r"(sel) : "memory");
		break;
	case SEG_ES:
		__asm__ volatile("movw %%es, %w0\n\tmovw %w1, %%es" : "=&r"(o) : "r"(sel) : "memory");
		break;
	case SEG_FS:
		__asm__ volatile("movw %%fs, %w0\n\tmovw %w1, %%fs" : "=&r"(o) : "r"(sel) : "memory");
		break;
	default:
		__asm__ volatile("movw %%ss, %w0\n\tmovw %w1, %%ss" : "=&r"(o) : "r"(sel) : "memory");
		break;
	}
	if (old)
		*old = o & 0xffff;
}

static struct race_desc desc_of(unsigned entry, unsigned flags)
{
	struct race_desc d;

	memset(&d, 0, sizeof(d));
	d.entry_number = entry;
	d.limit = flags == DESC_FLAT_DATA ? 0xfffff : 0;
	d.flags = flags;
	return d;
}

static struct race_desc shared_desc;
static volatile int sleeping;
static long delay_us;

static int clearer_fn(void *arg)
{
	(void)arg;
	while (!sleeping)
		nap_us(100);
	nap_us(delay_us);
	sys1(NR_set_thread_area, &shared_desc);
	return 0;
}

static int quiet_fn(void *arg)
{
	(void)arg;
	nap_us(1000);
	return 0;
}

int sc_selector(void)
{
	int way = (int)rnd(6);
	enum seg seg = (enum seg)rnd(SEG_N);
	struct race_desc d = desc_of((unsigned)-1, DESC_FLAT_DATA), nd;
	struct timespec nap = {0, 2000000 + 1000000 * (long)rnd(5)};
	unsigned sel, saved;
	long r;

	delay_us = 200 + 100 * (long)rnd(10);
	r = sys1(NR_set_thread_area, &d);
	say("  way %d, %s, set_thread_area -> %s entry %d", way, seg_names[seg], errname(r),
	    (int)d.entry_number);
	flush_out();
	if (r < 0)
		return 1;
	sel = d.entry_number << 3 | 3;
	switch (way) {
	case 0:
		nd = desc_of(d.entry_number, DESC_EMPTY);
		r = call_with(seg, sel, NR_set_thread_area, (long)&nd, 0);
		break;
	case 1:
		nd = desc_of(d.entry_number, DESC_FLAT_DATA);
		nd.flags |= 2 << 1; /* contents 2: code (readable) */
		r = call_with(seg, sel, NR_set_thread_area, (long)&nd, 0);
		break;
	case 2:
		shared_desc = desc_of(d.entry_number, DESC_EMPTY);
		thread_start(0, clearer_fn, NULL);
		sleeping = 1;
		r = call_with(seg, sel, __NR_nanosleep, (long)&nap, 0);
		break;
	case 3:
		shared_desc = desc_of(d.entry_number, DESC_EMPTY);
		sleeping = 1;
		thread_start(1, clearer_fn, NULL); /* clears its own, at once */
		nd = desc_of(d.entry_number, DESC_EMPTY);
		thread_start_tls(0, quiet_fn, NULL, &nd);
		r = call_with(seg, sel, __NR_nanosleep, (long)&nap, 0);
		break;
	case 4:
		/* The descriptor is flat (base 0, 4 GiB): C code may run with
		 * it loaded for as long as the slot holds it.  The child of
		 * the clone starts with it loaded and its own slot empty. */
		nd = desc_of(d.entry_number, DESC_EMPTY);
		load_seg(seg, sel, &saved);
		r = thread_start_tls(0, quiet_fn, NULL, &nd);
		load_seg(seg, saved, NULL);
		break;
	default:
		r = call_with(seg, sel, __NR_nanosleep, (long)&nap, 0);
		break;
	}
	say("# call -> %s", errname(r));
	thread_join_us(0, 100000);
	thread_join_us(1, 100000);
	return 0;
}
