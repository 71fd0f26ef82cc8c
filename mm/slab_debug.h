/*
 * Slab debugging: use-after-free and overflow detection for the slab caches
 * and kmalloc, in the manner of Linux's SLUB debug (red zones, poison) and
 * KASAN's quarantine.
 *
 * Switched on by `slub_debug` on the kernel command line: every cache
 * created after slab_debug_init (kmain calls it before kheap_init, so all of
 * them but kmem_cache itself) is a debug cache.  Off by default, and off it
 * costs nothing: a debug slab carries SLAB_DEBUG_MAGIC, so the ordinary
 * kmem_cache_free/kfree find no slab for a debug object and go down the
 * cold branch they already have (which used to panic), and a debug cache's
 * partial list is always empty, so kmem_cache_alloc goes down its "new
 * slab" branch; both then ask c->debug.  Not one instruction is added to
 * the paths an ordinary object takes (make profile-path: same counts).
 *
 * A debug cache lays each object out as
 *
 *     | red zone 0xcc | object (size bytes) | red zone 0xcc | meta |
 *
 * where meta records the object's state and the return addresses of the
 * code that allocated and freed it (the first frames outside the
 * allocator).  An object is poisoned with 0x6b when it is created and when
 * it is freed; a freed object goes into the quarantine, one FIFO for all
 * caches, and is handed out again only after it has left it (the quarantine
 * holds at most SLAB_QUARANTINE_OBJECTS objects and SLAB_QUARANTINE_BYTES).
 *
 * Checked: both red zones on free; red zones and poison when an object
 * leaves the quarantine, when it is allocated again, and for the whole
 * quarantine every SLAB_DEBUG_SWEEP frees and at slab_debug_drain; a free
 * of an object not allocated (double free).  A bad byte is a bug report on
 * the console (cache, object, offset of the first bad byte, who freed it)
 * and a panic.  A kernel fault whose registers hold the poison or point
 * into a freed object says so too (slab_debug_explain).
 *
 * Not detected: a read of freed memory that does not fault (the 0x6b
 * poison usually turns a pointer read from it into a fault at 0x6b6b....),
 * a write after the object left the quarantine and was allocated again, a
 * write past a kmalloc block's size but inside its power-of-two class.
 */
#ifndef TICK386_MM_SLAB_DEBUG_H
#define TICK386_MM_SLAB_DEBUG_H

#include "lib/types.h"

struct kmem_cache;

#define SLAB_POISON_FREE 0x6b /* Linux's POISON_FREE */
#define SLAB_RED_ZONE 0xcc    /* Linux's SLUB_RED_ACTIVE */
#define SLAB_DEBUG_TRACE 4    /* return addresses kept per allocation and per free */
#define SLAB_QUARANTINE_OBJECTS 1024
#define SLAB_QUARANTINE_BYTES (256 * 1024)
#define SLAB_DEBUG_SWEEP 64

/* True once slub_debug was read from the command line; read by
 * kmem_cache_create only (not on any allocation path). */
extern bool slab_debug_boot;

/* Read slub_debug from the command line (kmain, before kheap_init). */
void slab_debug_init(void);

/* A debug cache whatever the command line says (the in-kernel tests). */
struct kmem_cache *kmem_cache_create_debug(const char *name, size_t size, size_t align);

enum slab_debug_bug {
	SLAB_BUG_NONE,
	SLAB_BUG_WRITE_AFTER_FREE, /* the poison of a freed object changed */
	SLAB_BUG_RED_ZONE,	   /* a byte of a red zone changed */
	SLAB_BUG_DOUBLE_FREE,	   /* freed while not allocated */
	SLAB_BUG_NOT_OBJECT,	   /* an address that is no object of the cache */
};

/* What a check found, for the console or for a test to inspect. */
struct slab_debug_report {
	enum slab_debug_bug bug;
	const char *cache;
	void *object;
	u32 size;
	s32 offset;  /* of the first bad byte, from the object's start (< 0: the red zone before) */
	u8 found, expected;
	u32 alloc_trace[SLAB_DEBUG_TRACE]; /* return addresses, 0-terminated */
	u32 free_trace[SLAB_DEBUG_TRACE];
};

/*
 * Check the object at obj (a debug cache's object start) as its state
 * says: red zones always, the poison too if it is freed.  Fills *r and
 * returns true if something is wrong; never panics.
 */
bool slab_debug_check(const void *obj, struct slab_debug_report *r);
/* Print a report on the console (what the panics print first). */
void slab_debug_report_print(const struct slab_debug_report *r);

/*
 * Empty the quarantine, checking every object (panics on a bad one): before
 * counting free pages, since quarantined objects hold their slabs.
 */
void slab_debug_drain(void);
/* How many objects the quarantine holds. */
u32 slab_debug_quarantined(void);

/*
 * A kernel fault: say on the console what `value` (a register, cr2) tells
 * of slab debugging, if anything: the poison, or an address in a freed or
 * red-zone byte of a debug object (with who freed it).  Nothing without
 * debug caches.
 */
void slab_debug_explain(const char *what, u32 value);

/* For mm/slab.c and mm/kheap.c: a debug cache's paths. */
int slab_debug_layout(struct kmem_cache *c);
void *slab_debug_alloc(struct kmem_cache *c);
void slab_debug_free(struct kmem_cache *c, void *p);
void slab_debug_release_cache(struct kmem_cache *c);
struct kmem_cache *slab_debug_cache_of(const void *p);

#endif
