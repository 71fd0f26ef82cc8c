/*
 * A shared memory object: the pages of one tmpfs file (fs/tmpfs) or of one
 * MAP_SHARED anonymous mapping (mm/mmap), Linux's shmem inode.  Its bytes
 * live in whole pages from the page allocator, found through a two-level
 * table (a directory page of SHMEM_DIR_SLOTS leaf pointers, each leaf a
 * page of SHMEM_LEAF_SLOTS physical addresses), so that a sparse file of
 * gigabytes costs two pages until it is written.  A hole (an address of 0)
 * reads as zeros and is only given a page when written or mapped.
 *
 * Sizes: at most SHMEM_MAX_BYTES (4 GiB - 1 page) bytes, so a page index
 * fits 20 bits; beyond it write and truncate give -EFBIG (Linux i386 allows
 * 2^44 on tmpfs; no program of ours needs it).
 *
 * Accounting: pages may be charged to a quota (one tmpfs mount's size=), so
 * that a full tmpfs gives -ENOSPC and the pages come back on truncate and
 * on the last shmem_put.  Both the data pages and the table's leaf pages
 * are charged: what the quota counts is what the mount really holds.
 *
 * Lifetime: refs counts the owners (a tmpfs node, each mapping of it, each
 * open file of a MAP_SHARED anonymous region...); the last shmem_put frees
 * every page.  Whoever maps a page of the object into an address space
 * must unmap it before the object frees it: shmem_truncate and shmem_punch
 * call shmem_unmap_pages first (mm/mmap owns the list of mappings).
 *
 * Locking: on one CPU a system call is never preempted inside these
 * functions (no sleep, no user copy that could block: a fault on a user
 * buffer is -EFAULT, never a wait), and no interrupt handler touches an
 * object.  With several CPUs, every field below would be guarded by a
 * per-object lock (Linux's inode lock for size, the mapping's xarray lock
 * for pages) and refs would be atomic.
 */
#ifndef TICK386_MM_SHMEM_H
#define TICK386_MM_SHMEM_H

#include "lib/types.h"
#include "mm/uaccess.h"

#define SHMEM_LEAF_SLOTS 1024u
#define SHMEM_DIR_SLOTS 1024u
#define SHMEM_MAX_BYTES (((u64)SHMEM_DIR_SLOTS * SHMEM_LEAF_SLOTS - 1) * 4096u)

/* A budget of pages shared by several objects (one tmpfs mount). */
struct shmem_quota {
	u32 max_pages;	/* 0: no limit but the page allocator */
	u32 used_pages; /* charged now (data and leaf pages) */
};

struct shmem {
	u32 refs;		   /* owners, above */
	u64 size;		   /* bytes: what read sees, where write appends */
	u32 *dir;		   /* directory page (direct map), NULL until first page */
	u32 pages;		   /* data pages held (not counting the table) */
	struct shmem_quota *quota; /* charged for every page; NULL: none */
	void *mappings;		   /* mm/mmap's list of the mappings of this object */
};

/* A new empty object (size 0, one reference), charged to quota (may be
 * NULL); NULL when the heap is exhausted. */
struct shmem *shmem_create(struct shmem_quota *quota);
struct shmem *shmem_get(struct shmem *s);
/* Drop one reference; the last frees every page and uncharges it. */
void shmem_put(struct shmem *s);

/*
 * read(2) at pos: copies min(n, size - pos) bytes to the user (0 at or
 * past the end).  The bytes copied, or -EFAULT if the first byte could not
 * be (a fault after some bytes returns what was copied, as Linux).
 */
long shmem_read(struct shmem *s, u64 pos, void __user *buf, size_t n);
/*
 * write(2) at pos: pages are found or allocated as it goes, the size grows
 * to the last byte written.  The bytes written, or -ENOSPC (quota full),
 * -ENOMEM, -EFBIG (pos past SHMEM_MAX_BYTES), -EFAULT when nothing could
 * be written; a failure after some bytes returns those bytes.
 */
long shmem_write(struct shmem *s, u64 pos, const void __user *buf, size_t n);
/* Kernel-side copies (a /dev/shm file filled by the kernel, tests). */
long shmem_write_kernel(struct shmem *s, u64 pos, const void *src, size_t n);
long shmem_read_kernel(struct shmem *s, u64 pos, void *dst, size_t n);
/*
 * ftruncate: a larger size leaves a hole; a smaller one unmaps the pages
 * past it from every mapping (shmem_unmap_pages), frees them and zeroes
 * the tail of the last page kept.  0 or -EFBIG.
 */
int shmem_truncate(struct shmem *s, u64 size);
/*
 * The physical page at index, allocated (zeroed) if it was a hole: for
 * mmap's fault path and for writes.  0 and *phys, or -ENOSPC, -ENOMEM,
 * -EFBIG (index beyond the table).  The page stays the object's: a mapping
 * maps it without owning it (PTE_SHARED) and unmaps it before it is freed.
 */
int shmem_getpage(struct shmem *s, u32 index, u32 *phys);
/* The page at index if present, 0 for a hole; never allocates. */
u32 shmem_findpage(const struct shmem *s, u32 index);

/*
 * fallocate(2) on a tmpfs file: every page of [pos, pos + len) present,
 * and the size at least pos + len unless keep_size.  All or nothing: 0, or
 * -ENOSPC (at once for a range larger than the quota, as Linux), -ENOMEM,
 * -EFBIG (past SHMEM_MAX_BYTES), -EINVAL (len 0), nothing changed.
 */
int shmem_allocate(struct shmem *s, u64 pos, u64 len, bool keep_size);
/* FALLOC_FL_PUNCH_HOLE|KEEP_SIZE: [pos, pos + len) reads as zeros, its
 * whole pages unmapped and freed; the size stays.  0, or -EINVAL (len 0). */
int shmem_punch(struct shmem *s, u64 pos, u64 len);

/*
 * Called before the pages [first, end) of s are freed (truncate, punch):
 * every shared mapping of s must drop them (mm/mmap.c defines it), and
 * with copies the private mappings their copies too (truncate: past the
 * end is SIGBUS for both, as Linux's even_cows).  A punch leaves private
 * copies, as Linux leaves COWed pages; here a private page is copied at
 * its first fault, read or write (mm/mmap_fault.c).
 */
#define SHMEM_NO_END 0xffffffffu
void shmem_unmap_pages(struct shmem *s, u32 first, u32 end, bool copies);

#endif
