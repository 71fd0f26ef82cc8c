/*
 * Slab debugging (mm/slab_debug.h): the paths of a debug cache's objects.
 *
 * A debug slab is an ordinary slab (mm/slab_internal.h) with the magic
 * SLAB_DEBUG_MAGIC, on its cache's debug_partial or debug_full list.  Its
 * free list runs through the slots' meta, not through the objects, which
 * keep their poison.  Each slot's meta says what the object is:
 *
 *   SLOT_FREE         on the slab's free list; poisoned, red zones intact
 *   SLOT_ALLOCATED    handed out; red zones intact
 *   SLOT_QUARANTINED  freed, on the quarantine; poisoned, red zones intact
 *
 * Invariants (interrupts off, irq_save):
 *  - slab->in_use = slots not SLOT_FREE; a slab with no free slot is on
 *    debug_full, any other with in_use > 0 on debug_partial; a slab whose
 *    in_use reaches 0 goes back to the page allocator;
 *  - cache->in_use = SLOT_ALLOCATED slots (the quarantine is not "in use");
 *  - the quarantine is the SLOT_QUARANTINED slots of every cache, oldest
 *    first; quarantine_count and quarantine_bytes (slots' strides) are its
 *    size, at most SLAB_QUARANTINE_OBJECTS and SLAB_QUARANTINE_BYTES after
 *    every free.
 */
#include "mm/slab_debug.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "kernel/bootinfo.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "mm/pmm.h"
#include "mm/slab.h"
#include "mm/slab_internal.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include <abi/errno.h>

enum slot_state { SLOT_FREE = 0x46524545, SLOT_ALLOCATED = 0x414c4c43, SLOT_QUARANTINED = 0x51554152 };

struct slab_debug_meta {
	u32 state;		      /* enum slot_state */
	struct slab_debug_meta *next; /* the slab's free list, or the quarantine */
	struct slab *slab;
	u32 alloc_trace[SLAB_DEBUG_TRACE];
	u32 free_trace[SLAB_DEBUG_TRACE];
};

bool slab_debug_boot;

/* The quarantine (guarded by irq_save): oldest at head. */
static struct slab_debug_meta *quarantine_head, *quarantine_tail;
static u32 quarantine_count, quarantine_bytes;
static u32 frees_since_sweep;
static u32 debug_caches; /* debug caches created: slab_debug_explain's gate */

void slab_debug_init(void)
{
	char value[8];

	/* Linux's slub_debug takes flags and cache names; here the bare word
	 * (every check on every cache) is all there is. */
	if (bootinfo_cmdline_get("slub_debug", value, sizeof(value))) {
		slab_debug_boot = true;
		kprintf("slab_debug: on (red zones, poison, quarantine of %u objects)\n",
			SLAB_QUARANTINE_OBJECTS);
	}
}

int slab_debug_layout(struct kmem_cache *c)
{
	c->debug = 1;
	c->redzone = slab_round_up(8, c->align);
	c->meta = slab_round_up(c->redzone + c->size + 8, 8);
	c->stride = slab_round_up(c->meta + sizeof(struct slab_debug_meta), c->align);
	if (slab_layout(c) < 0) {
		c->debug = 0;
		return -EINVAL;
	}
	/* slab_pages 0: kmem_cache_alloc's own slab_new fails at once and
	 * hands the allocation to slab_debug_alloc (slab_internal.h). */
	c->debug_slab_pages = c->slab_pages;
	c->slab_pages = 0;
	debug_caches++;
	return 0;
}

/* ---- where things are ------------------------------------------------------ */

static u8 *slot_of_meta(const struct kmem_cache *c, const struct slab_debug_meta *m)
{
	return (u8 *)m - c->meta;
}

static struct slab_debug_meta *meta_of_slot(const struct kmem_cache *c, u8 *slot)
{
	return (struct slab_debug_meta *)(slot + c->meta);
}

/* The debug slab holding address p, or NULL. */
static struct slab *debug_slab_of(const void *p)
{
	if ((u32)p < KERNEL_VMA || (u32)p - KERNEL_VMA >= DIRECT_MAP_LIMIT)
		return NULL;
	u32 owner = pmm_get_owner(VIRT_TO_PHYS(p));
	if (!owner || (owner & 1))
		return NULL;
	struct slab *s = (struct slab *)owner;
	return s->magic == SLAB_DEBUG_MAGIC ? s : NULL;
}

/* The slot of the debug slab s that holds p, or NULL (header, tail). */
static u8 *slot_of(const struct slab *s, const void *p)
{
	const struct kmem_cache *c = s->cache;
	u32 off = (u32)((const u8 *)p - (const u8 *)s);
	if (off < c->first || (off - c->first) / c->stride >= c->per_slab)
		return NULL;
	return (u8 *)s + c->first + (off - c->first) / c->stride * c->stride;
}

struct kmem_cache *slab_debug_cache_of(const void *p)
{
	struct slab *s = debug_slab_of(p);
	u8 *slot = s ? slot_of(s, p) : NULL;
	return slot && slot + s->cache->redzone == p ? s->cache : NULL;
}

/* ---- poison, red zones, traces --------------------------------------------- */

static void fill_slot(const struct kmem_cache *c, u8 *slot)
{
	memset(slot, SLAB_RED_ZONE, c->redzone);
	memset(slot + c->redzone, SLAB_POISON_FREE, c->size);
	memset(slot + c->redzone + c->size, SLAB_RED_ZONE, c->meta - c->redzone - c->size);
}

/* The first byte of [p, p + n) that is not `want`, or -1. */
static s32 first_not(const u8 *p, u32 n, u8 want)
{
	u32 i = 0;
	u32 word = want * 0x01010101u;

	for (; i < n && ((u32)(p + i) & 3); i++)
		if (p[i] != want)
			return (s32)i;
	for (; i + 4 <= n; i += 4)
		if (*(const u32 *)(p + i) != word)
			break;
	for (; i < n; i++)
		if (p[i] != want)
			return (s32)i;
	return -1;
}

static bool is_allocator(u32 addr)
{
	static const char *const names[] = {
	    "kmem_cache_alloc", "kmem_cache_free", "free_other",	 "kmalloc",
	    "kzalloc",		"kfree",	   "kfree_other",	 "slab_debug_alloc",
	    "slab_debug_free",	"save_trace",	   "kmem_cache_create", "cache_create",
	};
	u32 offset;
	const char *name = ksym_lookup(addr, &offset);

	if (!name)
		return false;
	/* gcc's clones keep the name before a dot: kmem_cache_free.part.0 */
	size_t len = 0;
	while (name[len] && name[len] != '.')
		len++;
	for (unsigned i = 0; i < ARRAY_SIZE(names); i++)
		if (strlen(names[i]) == len && !memcmp(name, names[i], len))
			return true;
	return false;
}

/* The return addresses of the caller's callers, from the first frame
 * outside the allocator on (the kernel keeps frame pointers). */
static __attribute__((noinline)) void save_trace(u32 *trace)
{
	u32 ebp = (u32)__builtin_frame_address(0);
	unsigned n = 0;
	bool skipping = true;

	for (unsigned depth = 0; depth < 24 && n < SLAB_DEBUG_TRACE; depth++) {
		if (ebp < KERNEL_VMA || (ebp & 3))
			break;
		const u32 *frame = (const u32 *)ebp;
		u32 ret = frame[1];
		if (!ret)
			break;
		if (!skipping || !is_allocator(ret - 1)) {
			skipping = false;
			trace[n++] = ret - 1; /* inside the call, not after it */
		}
		if (frame[0] <= ebp)
			break;
		ebp = frame[0];
	}
	while (n < SLAB_DEBUG_TRACE)
		trace[n++] = 0;
}

/* ---- checks and reports ---------------------------------------------------- */

static bool check_slot(const struct kmem_cache *c, u8 *slot, struct slab_debug_report *r)
{
	struct slab_debug_meta *m = meta_of_slot(c, slot);
	u8 *obj = slot + c->redzone;
	s32 bad;

	*r = (struct slab_debug_report){.cache = c->name, .object = obj, .size = c->size};
	memcpy(r->alloc_trace, m->alloc_trace, sizeof(r->alloc_trace));
	memcpy(r->free_trace, m->free_trace, sizeof(r->free_trace));
	if ((bad = first_not(slot, c->redzone, SLAB_RED_ZONE)) >= 0) {
		r->bug = SLAB_BUG_RED_ZONE;
		r->offset = bad - (s32)c->redzone;
	} else if ((bad = first_not(obj + c->size, c->meta - c->redzone - c->size, SLAB_RED_ZONE)) >=
		   0) {
		r->bug = SLAB_BUG_RED_ZONE;
		r->offset = (s32)c->size + bad;
	} else if (m->state != SLOT_ALLOCATED &&
		   (bad = first_not(obj, c->size, SLAB_POISON_FREE)) >= 0) {
		r->bug = SLAB_BUG_WRITE_AFTER_FREE;
		r->offset = bad;
	} else {
		return false;
	}
	r->found = obj[r->offset];
	r->expected = r->bug == SLAB_BUG_RED_ZONE ? SLAB_RED_ZONE : SLAB_POISON_FREE;
	return true;
}

bool slab_debug_check(const void *p, struct slab_debug_report *r)
{
	u32 flags = irq_save();
	struct slab *s = debug_slab_of(p);
	u8 *slot = s ? slot_of(s, p) : NULL;
	bool bad;

	if (!slot || slot + s->cache->redzone != p) {
		*r = (struct slab_debug_report){.bug = SLAB_BUG_NOT_OBJECT, .object = (void *)p};
		bad = true;
	} else {
		bad = check_slot(s->cache, slot, r);
	}
	irq_restore(flags);
	return bad;
}

static void print_trace(const char *what, const u32 *trace)
{
	if (!trace[0])
		return;
	kprintf("  %s by:\n", what);
	for (unsigned i = 0; i < SLAB_DEBUG_TRACE && trace[i]; i++)
		ksym_print_addr(trace[i]);
}

static const char *bug_name(enum slab_debug_bug bug)
{
	switch (bug) {
	case SLAB_BUG_WRITE_AFTER_FREE:
		return "write after free";
	case SLAB_BUG_RED_ZONE:
		return "red zone overwritten";
	case SLAB_BUG_DOUBLE_FREE:
		return "double free";
	case SLAB_BUG_NOT_OBJECT:
		return "not an object";
	default:
		return "no bug";
	}
}

void slab_debug_report_print(const struct slab_debug_report *r)
{
	kprintf("slab_debug: BUG %s: %s\n", r->cache ? r->cache : "?", bug_name(r->bug));
	kprintf("  object %p (%u bytes)", r->object, r->size);
	if (r->bug == SLAB_BUG_WRITE_AFTER_FREE || r->bug == SLAB_BUG_RED_ZONE)
		kprintf(", first bad byte at offset %s%#x: %#x, expected %#x", r->offset < 0 ? "-" : "",
			(u32)(r->offset < 0 ? -r->offset : r->offset), r->found, r->expected);
	kprintf("\n");
	print_trace("freed", r->free_trace);
	print_trace("allocated", r->alloc_trace);
}

static __attribute__((noreturn)) void report_and_panic(const struct slab_debug_report *r,
						      const char *when)
{
	slab_debug_report_print(r);
	if (r->bug == SLAB_BUG_DOUBLE_FREE)
		panic("slab_debug: double free in %s object %p", r->cache, r->object);
	panic("slab_debug: %s in %s object %p at offset %d (found %s)", bug_name(r->bug), r->cache,
	      r->object, (int)r->offset, when);
}

static void check_or_panic(const struct kmem_cache *c, u8 *slot, const char *when)
{
	struct slab_debug_report r;

	if (check_slot(c, slot, &r))
		report_and_panic(&r, when);
}

/* ---- allocation and the quarantine ----------------------------------------- */

static struct slab *debug_slab_new(struct kmem_cache *c)
{
	u32 phys = pmm_alloc_pages_uncounted(c->debug_slab_pages);
	if (!phys)
		return NULL;
	struct slab *s = PHYS_TO_VIRT(phys);
	s->magic = SLAB_DEBUG_MAGIC;
	s->cache = c;
	s->in_use = 0;
	s->free_list = NULL;
	for (u32 i = c->per_slab; i-- > 0;) {
		u8 *slot = (u8 *)s + c->first + i * c->stride;
		struct slab_debug_meta *m = meta_of_slot(c, slot);
		fill_slot(c, slot);
		*m = (struct slab_debug_meta){.state = SLOT_FREE, .next = s->free_list, .slab = s};
		s->free_list = m;
	}
	for (u32 i = 0; i < c->debug_slab_pages; i++)
		pmm_set_owner(phys + i * PAGE_SIZE, (u32)s);
	return s;
}

void *slab_debug_alloc(struct kmem_cache *c)
{
	u32 flags = irq_save();
	struct slab *s = c->debug_partial;
	if (!s) {
		s = debug_slab_new(c);
		if (!s) {
			irq_restore(flags);
			return NULL;
		}
		slab_list_push(&c->debug_partial, s);
		c->slabs++;
	}
	struct slab_debug_meta *m = s->free_list;
	u8 *slot = slot_of_meta(c, m);
	check_or_panic(c, slot, "when allocated again");
	s->free_list = m->next;
	m->next = NULL;
	m->state = SLOT_ALLOCATED;
	save_trace(m->alloc_trace);
	s->in_use++;
	c->in_use++;
	if (!s->free_list) {
		slab_list_remove(&c->debug_partial, s);
		slab_list_push(&c->debug_full, s);
	}
	irq_restore(flags);
	return slot + c->redzone;
}

/* The oldest object leaves the quarantine: checked, then free for reuse. */
static void quarantine_release_head(void)
{
	struct slab_debug_meta *m = quarantine_head;
	struct slab *s = m->slab;
	struct kmem_cache *c = s->cache;

	check_or_panic(c, slot_of_meta(c, m), "when it left the quarantine");
	quarantine_head = m->next;
	if (!quarantine_head)
		quarantine_tail = NULL;
	quarantine_count--;
	quarantine_bytes -= c->stride;

	bool was_full = s->free_list == NULL;
	m->state = SLOT_FREE;
	m->next = s->free_list;
	s->free_list = m;
	s->in_use--;
	if (was_full) {
		slab_list_remove(&c->debug_full, s);
		slab_list_push(&c->debug_partial, s);
	}
	if (s->in_use == 0) {
		slab_list_remove(&c->debug_partial, s);
		c->slabs--;
		/* Poisoned, so that a pointer read from it after the pages went
		 * back still faults near 0x6b6b6b6b (pmm zeroes what it hands out). */
		memset(s, SLAB_POISON_FREE, c->debug_slab_pages * PAGE_SIZE);
		pmm_free_pages(VIRT_TO_PHYS(s), c->debug_slab_pages);
	}
}

static void quarantine_sweep(void)
{
	for (struct slab_debug_meta *m = quarantine_head; m; m = m->next)
		check_or_panic(m->slab->cache, slot_of_meta(m->slab->cache, m),
			       "by the quarantine's sweep");
}

void slab_debug_free(struct kmem_cache *c, void *p)
{
	u32 flags = irq_save();
	struct slab *s = debug_slab_of(p);
	u8 *slot = s ? slot_of(s, p) : NULL;

	if (!slot || s->cache != c || slot + c->redzone != p)
		panic("kmem_cache_free(%s, %p): not an object of this cache", c->name, p);
	struct slab_debug_meta *m = meta_of_slot(c, slot);
	if (m->state != SLOT_ALLOCATED) {
		struct slab_debug_report r;
		check_slot(c, slot, &r);
		r.bug = SLAB_BUG_DOUBLE_FREE;
		report_and_panic(&r, "when freed");
	}
	check_or_panic(c, slot, "when freed");

	memset(p, SLAB_POISON_FREE, c->size);
	save_trace(m->free_trace);
	m->state = SLOT_QUARANTINED;
	m->next = NULL;
	c->in_use--;
	if (quarantine_tail)
		quarantine_tail->next = m;
	else
		quarantine_head = m;
	quarantine_tail = m;
	quarantine_count++;
	quarantine_bytes += c->stride;
	while (quarantine_count > SLAB_QUARANTINE_OBJECTS || quarantine_bytes > SLAB_QUARANTINE_BYTES)
		quarantine_release_head();
	if (++frees_since_sweep >= SLAB_DEBUG_SWEEP) {
		frees_since_sweep = 0;
		quarantine_sweep();
	}
	irq_restore(flags);
}

void slab_debug_drain(void)
{
	u32 flags = irq_save();
	while (quarantine_head)
		quarantine_release_head();
	irq_restore(flags);
}

u32 slab_debug_quarantined(void)
{
	return quarantine_count;
}

/* kmem_cache_destroy: the cache's objects leave the quarantine first (the
 * others keep their order). */
void slab_debug_release_cache(struct kmem_cache *c)
{
	u32 flags = irq_save();
	struct slab_debug_meta *keep_head = NULL, *keep_tail = NULL;
	u32 keep_count = 0, keep_bytes = 0;

	while (quarantine_head) {
		struct slab_debug_meta *m = quarantine_head;
		if (m->slab->cache == c) {
			quarantine_release_head();
			continue;
		}
		quarantine_head = m->next;
		m->next = NULL;
		if (keep_tail)
			keep_tail->next = m;
		else
			keep_head = m;
		keep_tail = m;
		keep_count++;
		keep_bytes += m->slab->cache->stride;
	}
	quarantine_head = keep_head;
	quarantine_tail = keep_tail;
	quarantine_count = keep_count;
	quarantine_bytes = keep_bytes;
	irq_restore(flags);
}

/* ---- explaining a kernel fault --------------------------------------------- */

void slab_debug_explain(const char *what, u32 value)
{
	if (!debug_caches)
		return;
	if ((value >> 16) == (SLAB_POISON_FREE * 0x0101u)) {
		kprintf("slab_debug: %s=%08x is near %#x, the free poison: a pointer read from freed "
			"memory (a use after free)\n",
			what, value, SLAB_POISON_FREE * 0x01010101u);
		return;
	}
	struct slab *s = debug_slab_of((const void *)value);
	u8 *slot = s ? slot_of(s, (const void *)value) : NULL;
	if (!slot)
		return;
	struct kmem_cache *c = s->cache;
	struct slab_debug_meta *m = meta_of_slot(c, slot);
	s32 offset = (s32)(value - (u32)(slot + c->redzone));
	bool in_object = offset >= 0 && (u32)offset < c->size;
	if (m->state == SLOT_ALLOCATED && in_object)
		return; /* a live object: nothing to say */
	kprintf("slab_debug: %s=%08x points %s %s object %p%s%#x (%u bytes), %s\n", what, value,
		in_object ? "into" : "at the red zone of", c->name, slot + c->redzone,
		offset < 0 ? "-" : "+", (u32)(offset < 0 ? -offset : offset), c->size,
		m->state == SLOT_ALLOCATED ? "allocated: an access out of its bounds"
		: m->state == SLOT_QUARANTINED ? "freed (in the quarantine): a use after free"
					       : "free: a use after free");
	print_trace("freed", m->free_trace);
	print_trace("allocated", m->alloc_trace);
}
