/*
 * Shared memory objects (mm/shmem.h): a page table of their own, charged to
 * a quota.
 */
#include "mm/shmem.h"
#include "arch/i386/memlayout.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include <abi/errno.h>

/* What a hole reads as. */
static const u8 zero_page[PAGE_SIZE];

#define LEAF_OF(i) ((i) / SHMEM_LEAF_SLOTS)
#define SLOT_OF(i) ((i) % SHMEM_LEAF_SLOTS)

static bool charge(struct shmem *s)
{
	struct shmem_quota *q = s->quota;

	if (q && q->max_pages && q->used_pages >= q->max_pages)
		return false;
	if (q)
		q->used_pages++;
	return true;
}

static void uncharge(struct shmem *s)
{
	if (s->quota)
		s->quota->used_pages--;
}

/* A new zeroed page, charged: its address, or 0 with *err set. */
static u32 page_new(struct shmem *s, int *err)
{
	u32 phys;

	if (!charge(s)) {
		*err = -ENOSPC;
		return 0;
	}
	phys = pmm_alloc_page();
	if (!phys) {
		uncharge(s);
		*err = -ENOMEM;
	}
	return phys;
}

static void page_free(struct shmem *s, u32 phys)
{
	pmm_free_page(phys);
	uncharge(s);
}

struct shmem *shmem_create(struct shmem_quota *quota)
{
	struct shmem *s = kzalloc(sizeof(*s));

	if (!s)
		return NULL;
	s->refs = 1;
	s->quota = quota;
	return s;
}

struct shmem *shmem_get(struct shmem *s)
{
	s->refs++;
	return s;
}

/* The slot of index in its leaf; with alloc, the directory and leaf are
 * made as needed.  NULL with *err (-ENOSPC, -ENOMEM) or, without alloc,
 * when the leaf is missing (*err 0). */
static u32 *slot(struct shmem *s, u32 index, bool alloc, int *err)
{
	u32 *leaf;

	*err = 0;
	if (LEAF_OF(index) >= SHMEM_DIR_SLOTS) {
		*err = -EFBIG;
		return NULL;
	}
	if (!s->dir) {
		u32 phys;

		if (!alloc)
			return NULL;
		/* The directory is the object's own bookkeeping, like its
		 * struct: charged all the same, it is memory the mount holds. */
		phys = page_new(s, err);
		if (!phys)
			return NULL;
		s->dir = PHYS_TO_VIRT(phys);
	}
	if (!s->dir[LEAF_OF(index)]) {
		u32 phys;

		if (!alloc)
			return NULL;
		phys = page_new(s, err);
		if (!phys)
			return NULL;
		s->dir[LEAF_OF(index)] = phys;
	}
	leaf = PHYS_TO_VIRT(s->dir[LEAF_OF(index)]);
	return &leaf[SLOT_OF(index)];
}

u32 shmem_findpage(const struct shmem *s, u32 index)
{
	int err;
	u32 *p = slot((struct shmem *)s, index, false, &err);

	return p ? *p : 0;
}

int shmem_getpage(struct shmem *s, u32 index, u32 *phys)
{
	int err;
	u32 *p = slot(s, index, true, &err);

	if (!p)
		return err;
	if (!*p) {
		*p = page_new(s, &err);
		if (!*p)
			return err;
		s->pages++;
	}
	*phys = *p;
	return 0;
}

/* Free the pages from index first on, and leaves left empty. */
static void free_from(struct shmem *s, u32 first)
{
	if (!s->dir)
		return;
	for (u32 l = LEAF_OF(first); l < SHMEM_DIR_SLOTS; l++) {
		u32 *leaf;
		u32 from = l == LEAF_OF(first) ? SLOT_OF(first) : 0;

		if (!s->dir[l])
			continue;
		leaf = PHYS_TO_VIRT(s->dir[l]);
		for (u32 i = from; i < SHMEM_LEAF_SLOTS; i++) {
			if (leaf[i]) {
				page_free(s, leaf[i]);
				leaf[i] = 0;
				s->pages--;
			}
		}
		if (from == 0) {
			page_free(s, s->dir[l]);
			s->dir[l] = 0;
		}
	}
	if (first == 0) {
		page_free(s, VIRT_TO_PHYS(s->dir));
		s->dir = NULL;
	}
}

void shmem_put(struct shmem *s)
{
	if (--s->refs)
		return;
	free_from(s, 0);
	kfree(s);
}

int shmem_truncate(struct shmem *s, u64 size)
{
	u32 keep; /* pages kept: those holding a byte below size */

	if (size > SHMEM_MAX_BYTES)
		return -EFBIG;
	if (size < s->size) {
		keep = (u32)((size + PAGE_SIZE - 1) / PAGE_SIZE);
		shmem_unmap_pages(s, keep, SHMEM_NO_END, true);
		free_from(s, keep);
		/* The tail of the last page kept reads as zeros again. */
		if (size % PAGE_SIZE) {
			u32 phys = shmem_findpage(s, keep - 1);

			if (phys)
				memset((u8 *)PHYS_TO_VIRT(phys) + size % PAGE_SIZE, 0,
				       PAGE_SIZE - size % PAGE_SIZE);
		}
	}
	s->size = size;
	return 0;
}

/* One copy loop for both directions and both sides (user or kernel). */
enum dir { TO_USER, FROM_USER, TO_KERNEL, FROM_KERNEL };

static long copy(struct shmem *s, u64 pos, void *buf, size_t n, enum dir d)
{
	bool writing = d == FROM_USER || d == FROM_KERNEL;
	size_t done = 0;
	long err = 0;

	if (!writing) {
		if (pos >= s->size)
			return 0;
		if (n > s->size - pos)
			n = (size_t)(s->size - pos);
	} else if (pos >= SHMEM_MAX_BYTES) {
		return n ? -EFBIG : 0;
	} else if (n > SHMEM_MAX_BYTES - pos) {
		n = (size_t)(SHMEM_MAX_BYTES - pos);
	}
	while (done < n) {
		u64 at = pos + done;
		u32 off = (u32)(at % PAGE_SIZE);
		size_t chunk = PAGE_SIZE - off;
		u32 phys = 0;
		u8 *page;

		if (chunk > n - done)
			chunk = n - done;
		if (writing) {
			err = shmem_getpage(s, (u32)(at / PAGE_SIZE), &phys);
			if (err)
				break;
		} else {
			phys = shmem_findpage(s, (u32)(at / PAGE_SIZE));
		}
		page = phys ? (u8 *)PHYS_TO_VIRT(phys) + off : NULL;
		switch (d) {
		case TO_USER:
			if (page)
				err = copy_to_user((u8 __user *)buf + done, page, chunk);
			else
				err = copy_to_user((u8 __user *)buf + done, zero_page, chunk);
			break;
		case FROM_USER:
			err = copy_from_user(page, (const u8 __user *)buf + done, chunk);
			break;
		case TO_KERNEL:
			if (page)
				memcpy((u8 *)buf + done, page, chunk);
			else
				memset((u8 *)buf + done, 0, chunk);
			break;
		case FROM_KERNEL:
			memcpy(page, (const u8 *)buf + done, chunk);
			break;
		}
		if (err)
			break;
		done += chunk;
		if (writing && pos + done > s->size)
			s->size = pos + done;
	}
	/* A write that failed may have given a page past the size it
	 * reached: give it back (the size only covers what was copied). */
	if (err && writing)
		free_from(s, (u32)((s->size + PAGE_SIZE - 1) / PAGE_SIZE));
	return done ? (long)done : err;
}

long shmem_read(struct shmem *s, u64 pos, void __user *buf, size_t n)
{
	return copy(s, pos, (void *)buf, n, TO_USER);
}

long shmem_write(struct shmem *s, u64 pos, const void __user *buf, size_t n)
{
	return copy(s, pos, (void *)buf, n, FROM_USER);
}

long shmem_read_kernel(struct shmem *s, u64 pos, void *dst, size_t n)
{
	return copy(s, pos, dst, n, TO_KERNEL);
}

long shmem_write_kernel(struct shmem *s, u64 pos, const void *src, size_t n)
{
	return copy(s, pos, (void *)src, n, FROM_KERNEL);
}

/* Until mm/mmap maps objects, nothing maps their pages: nothing to undo.
 * mm/mmap.c replaces this definition with the walk of s->mappings. */
__attribute__((weak)) void shmem_unmap_pages(struct shmem *s, u32 first, u32 end, bool copies)
{
	(void)copies;
	(void)s;
	(void)first;
	(void)end;
}

/*
 * fallocate without FALLOC_FL_PUNCH_HOLE.  All or nothing: the pages for
 * the holes (and the table's leaves) are taken first, the new pages on a
 * list threaded through their first word, the leaves marked in a bitmap
 * (at most SHMEM_DIR_SLOTS of them); any failure gives all of them back.
 * Only then are the pages put in place, which cannot fail.  A range
 * larger than the whole quota is -ENOSPC at once, as in Linux's
 * shmem_fallocate; otherwise each new page is charged as it is taken.
 */
int shmem_allocate(struct shmem *s, u64 pos, u64 len, bool keep_size)
{
	u64 end = pos + len;
	u32 first, last, list = 0, leaves[SHMEM_DIR_SLOTS / 32] = {0};
	struct shmem_quota *q = s->quota;
	int err = 0;

	if (!len || end > SHMEM_MAX_BYTES || end < pos)
		return len ? -EFBIG : -EINVAL;
	first = (u32)(pos / PAGE_SIZE);
	last = (u32)((end - 1) / PAGE_SIZE);
	if (q && q->max_pages && last - first + 1 > q->max_pages)
		return -ENOSPC;
	for (u32 i = first; i <= last && !err; i++) {
		bool had_leaf = s->dir && s->dir[LEAF_OF(i)];
		u32 *p = slot(s, i, true, &err);
		u32 phys;

		if (!p)
			break;
		if (!had_leaf)
			leaves[LEAF_OF(i) / 32] |= 1u << (LEAF_OF(i) % 32);
		if (*p)
			continue;
		phys = page_new(s, &err);
		if (!phys)
			break;
		*(u32 *)PHYS_TO_VIRT(phys) = list;
		list = phys;
	}
	if (err) {
		while (list) {
			u32 next = *(u32 *)PHYS_TO_VIRT(list);

			page_free(s, list);
			list = next;
		}
		for (u32 l = LEAF_OF(first); l <= LEAF_OF(last); l++) {
			if (leaves[l / 32] & (1u << (l % 32))) {
				page_free(s, s->dir[l]);
				s->dir[l] = 0;
			}
		}
		if (s->dir && !s->pages) {
			bool any = false;

			for (u32 l = 0; l < SHMEM_DIR_SLOTS && !any; l++)
				any = s->dir[l] != 0;
			if (!any) {
				page_free(s, VIRT_TO_PHYS(s->dir));
				s->dir = NULL;
			}
		}
		return err;
	}
	for (u32 i = first; i <= last; i++) {
		u32 *p = slot(s, i, false, &err);

		if (*p)
			continue;
		*p = list;
		list = *(u32 *)PHYS_TO_VIRT(list);
		*(u32 *)PHYS_TO_VIRT(*p) = 0;
		s->pages++;
	}
	if (!keep_size && end > s->size)
		s->size = end;
	return 0;
}

/*
 * FALLOC_FL_PUNCH_HOLE (with KEEP_SIZE): the bytes of [pos, pos + len)
 * read as zeros afterwards; whole pages inside it are unmapped from every
 * mapping and freed, the partial pages at its ends zeroed in place.  The
 * size never changes; a range past the end punches what fallocate with
 * KEEP_SIZE put there.
 */
int shmem_punch(struct shmem *s, u64 pos, u64 len)
{
	u64 end = pos + len;
	u32 pf, pe;

	if (!len)
		return -EINVAL;
	if (end > SHMEM_MAX_BYTES || end < pos)
		end = SHMEM_MAX_BYTES;
	if (pos >= end)
		return 0;
	pf = (u32)((pos + PAGE_SIZE - 1) / PAGE_SIZE); /* first whole page */
	pe = (u32)(end / PAGE_SIZE);		       /* past the last whole page */
	for (u64 at = pos; at < end;) {
		u32 idx = (u32)(at / PAGE_SIZE), off = (u32)(at % PAGE_SIZE);
		u64 stop = (u64)(idx + 1) * PAGE_SIZE < end ? (u64)(idx + 1) * PAGE_SIZE : end;
		u32 phys;

		if (idx >= pf && idx < pe) { /* a whole page: freed below */
			at = (u64)pe * PAGE_SIZE;
			continue;
		}
		phys = shmem_findpage(s, idx);
		if (phys)
			memset((u8 *)PHYS_TO_VIRT(phys) + off, 0, (size_t)(stop - at));
		at = stop;
	}
	if (pf >= pe)
		return 0;
	shmem_unmap_pages(s, pf, pe, false);
	for (u32 i = pf; i < pe && s->dir; i++) {
		int err;
		u32 *p;

		if (!s->dir[LEAF_OF(i)]) { /* skip the rest of an absent leaf */
			i |= SHMEM_LEAF_SLOTS - 1;
			continue;
		}
		p = slot(s, i, false, &err);
		if (*p) {
			page_free(s, *p);
			*p = 0;
			s->pages--;
		}
	}
	return 0;
}
