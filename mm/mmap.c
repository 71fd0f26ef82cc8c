/*
 * The list of mappings of an address space and the calls that change it:
 * mmap (old_mmap, mmap2), munmap, mprotect (mm/mmap.h).  Faults, the
 * kernel's copies and truncation are in mmap_fault.c; madvise, msync and
 * mincore in mmap_advise.c.
 *
 * Every call checks its arguments and allocates what it may need (the new
 * VMA, the halves of at most two split VMAs, the object of a shared
 * anonymous region) before it changes anything, so a failure leaves the
 * address space as it was.
 */
#include "mm/mmap.h"
#include "fs/file.h"
#include "ipc/shm.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/mman.h>

#define PAGE_MASK (PAGE_SIZE - 1)
/* Linux's default vm.max_map_count: mmap is -ENOMEM beyond it. */
#define MMAP_MAX_COUNT 65530u

static inline u32 page_up(u32 a)
{
	return (a + PAGE_MASK) & ~PAGE_MASK;
}

struct vma *mmap_find(const struct vm *vm, u32 va)
{
	for (struct vma *v = vm->vmas; v && v->start <= va; v = v->next)
		if (va < v->end)
			return v;
	return NULL;
}

bool mmap_overlaps(const struct vm *vm, u32 start, u32 end)
{
	for (struct vma *v = vm->vmas; v && v->start < end; v = v->next)
		if (v->end > start)
			return true;
	return false;
}

static void obj_link(struct vma *v)
{
	v->obj_next = v->obj->mappings;
	v->obj->mappings = v;
}

static void obj_unlink(struct vma *v)
{
	struct vma **pp = (struct vma **)&v->obj->mappings;

	while (*pp && *pp != v)
		pp = &(*pp)->obj_next;
	if (*pp)
		*pp = v->obj_next;
}

/* Free one VMA already off the vm's list: its object reference goes. */
static void vma_free(struct vma *v)
{
	if (v->obj) {
		obj_unlink(v);
		shmem_put(v->obj);
	}
	if (v->sysv)
		shm_vma_close(v->sysv);
	kfree(v);
}

void mmap_destroy(struct vm *vm)
{
	while (vm->vmas) {
		struct vma *v = vm->vmas;

		vm->vmas = v->next;
		vma_free(v);
	}
	vm->vma_count = 0;
}

int mmap_clone(struct vm *dst, const struct vm *src)
{
	struct vma **tail = &dst->vmas;

	for (const struct vma *v = src->vmas; v; v = v->next) {
		struct vma *n = kmalloc(sizeof(*n));

		if (!n)
			return -ENOMEM; /* the caller destroys dst */
		*n = *v;
		n->next = NULL;
		n->vm = dst;
		if (n->obj) {
			shmem_get(n->obj);
			obj_link(n);
		}
		if (n->sysv)
			shm_vma_open(n->sysv);
		*tail = n;
		tail = &n->next;
		dst->vma_count++;
	}
	return 0;
}

/* Insert v in address order (the caller made room). */
static void vma_insert(struct vm *vm, struct vma *v)
{
	struct vma **pp = &vm->vmas;

	while (*pp && (*pp)->start < v->start)
		pp = &(*pp)->next;
	v->next = *pp;
	*pp = v;
	vm->vma_count++;
	if (v->obj)
		obj_link(v);
}

/*
 * Spare VMAs for the splits at the two edges of [start, end): a VMA
 * straddling start or end is cut in two, using one spare each.  Allocated
 * first, so the call can fail before it changes anything.
 */
struct spares {
	struct vma *v[2];
};

static int spares_get(struct spares *sp)
{
	sp->v[0] = kmalloc(sizeof(struct vma));
	sp->v[1] = sp->v[0] ? kmalloc(sizeof(struct vma)) : NULL;
	if (!sp->v[1]) {
		kfree(sp->v[0]);
		return -ENOMEM;
	}
	return 0;
}

static void spares_put(struct spares *sp)
{
	kfree(sp->v[0]);
	kfree(sp->v[1]);
}

/* Cut the VMA holding addr (if addr is inside it, not at its start). */
static void split_at(struct vm *vm, u32 addr, struct spares *sp)
{
	struct vma *v = mmap_find(vm, addr), *n;

	if (!v || v->start == addr)
		return;
	n = sp->v[0] ? sp->v[0] : sp->v[1];
	if (sp->v[0])
		sp->v[0] = NULL;
	else
		sp->v[1] = NULL;
	*n = *v;
	n->start = addr;
	n->pgoff = v->pgoff + (addr - v->start) / PAGE_SIZE;
	v->end = addr;
	n->next = v->next;
	v->next = n;
	vm->vma_count++;
	if (n->obj) {
		shmem_get(n->obj);
		obj_link(n);
	}
	if (n->sysv)
		shm_vma_open(n->sysv);
}

/* How many splits [start, end) needs: the number of edges strictly inside a VMA. */
static u32 splits_needed(const struct vm *vm, u32 start, u32 end)
{
	const struct vma *a = mmap_find(vm, start), *b = mmap_find(vm, end);

	return (a && a->start != start) + (b && b->start != end && end);
}

/* Remove [start, end) from vm: its pages unmapped (private ones freed),
 * the VMAs inside it freed; the edges must be split already. */
static void unmap_range(struct vm *vm, u32 start, u32 end)
{
	struct vma **pp = &vm->vmas;

	vm_unmap_range(vm, start, end);
	while (*pp) {
		struct vma *v = *pp;

		if (v->start >= start && v->end <= end) {
			*pp = v->next;
			vm->vma_count--;
			vma_free(v);
		} else {
			pp = &v->next;
		}
	}
}

/* Whether [start, end) is free for a new mapping: no VMA, no page of the
 * program, break or stack, below the vDSO and the stack's reserve. */
static bool range_free(const struct vm *vm, u32 start, u32 end)
{
	return start >= USER_BASE && end > start && end <= VM_VDSO_BASE &&
	       !mmap_overlaps(vm, start, end) && !vm_any_present(vm, start, end);
}

/*
 * Where a mapping of len bytes goes without MAP_FIXED: at the hint if that
 * range is free, else the highest free range below VM_MMAP_TOP and above
 * the break (Linux's top-down layout).  0 when there is none.
 */
static u32 place(const struct vm *vm, u32 hint, u32 len)
{
	u32 low = page_up(vm->brk) > USER_BASE ? page_up(vm->brk) : USER_BASE;
	u32 prev_end = low, best = 0;

	hint = page_up(hint);
	if (hint && hint <= USER_TOP - len && range_free(vm, hint, hint + len))
		return hint;
	for (const struct vma *v = vm->vmas;; v = v->next) {
		u32 gap_end = v && v->start < VM_MMAP_TOP ? v->start : VM_MMAP_TOP;

		if (gap_end > prev_end && gap_end - prev_end >= len &&
		    !vm_any_present(vm, gap_end - len, gap_end))
			best = gap_end - len;
		if (!v || v->start >= VM_MMAP_TOP)
			break;
		if (v->end > prev_end)
			prev_end = v->end;
	}
	return best;
}

static u32 vma_pte_bits(u32 prot)
{
	if (!(prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return PTE_PRESENT; /* PROT_NONE: kept, but supervisor-only */
	return PTE_PRESENT | PTE_USER | ((prot & PROT_WRITE) ? PTE_WRITE : 0);
}

/* The flags of a MAP_SHARED mapping Linux accepts (LEGACY_MAP_MASK):
 * MAP_SHARED_VALIDATE refuses any other with EOPNOTSUPP. */
#define MAP_LEGACY_MASK                                                                            \
	(MAP_SHARED | MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS | MAP_DENYWRITE | MAP_EXECUTABLE |   \
	 MAP_UNINITIALIZED | MAP_GROWSDOWN | MAP_LOCKED | MAP_NORESERVE | MAP_POPULATE |           \
	 MAP_NONBLOCK | MAP_STACK | MAP_HUGETLB)

/*
 * The checks of a file mapping, in Linux's order (do_mmap): the type, the
 * file's access mode against what is asked, then whether the file can be
 * mapped at all.  *obj gets the file's object (no reference yet).
 */
static long check_file(struct file *f, u32 prot, u32 flags, struct shmem **obj, u32 *vflags)
{
	u32 mode = f->flags & O_ACCMODE;

	switch (flags & MAP_TYPE) {
	case MAP_SHARED:
		flags &= MAP_LEGACY_MASK;
		/* fall through */
	case MAP_SHARED_VALIDATE:
		if (flags & ~MAP_LEGACY_MASK)
			return -EOPNOTSUPP;
		if ((prot & PROT_WRITE) && mode == O_RDONLY)
			return -EACCES;
		*vflags = VMA_SHARED | (mode != O_RDONLY ? VMA_MAYWRITE : 0);
		/* fall through */
	case MAP_PRIVATE:
		if (mode == O_WRONLY)
			return -EACCES;
		*obj = tmpfs_shmem(f);
		if (!*obj)
			return -ENODEV;
		if (flags & MAP_GROWSDOWN)
			return -EINVAL;
		if ((flags & MAP_TYPE) == MAP_PRIVATE)
			*vflags = VMA_MAYWRITE;
		return 0;
	default:
		return -EINVAL;
	}
}

long mmap_map(struct vm *vm, u32 addr, u32 len, u32 prot, u32 flags, int fd, u32 pgoff)
{
	struct file *f = NULL;
	struct shmem *obj = NULL, *anon = NULL;
	struct vma *v = NULL;
	u32 vflags = 0;
	long rc;

	if (!(flags & MAP_ANONYMOUS)) {
		f = fd_get(fd);
		if (!f)
			return -EBADF;
	}
	rc = -EINVAL;
	if (!len)
		goto out;
	rc = -ENOMEM;
	len = page_up(len);
	if (!len)
		goto out;
	rc = -EOVERFLOW;
	if (pgoff + (len >> PAGE_SHIFT) < pgoff)
		goto out;
	rc = -ENOMEM;
	if (vm->vma_count >= MMAP_MAX_COUNT || len > USER_TOP)
		goto out;
	if (flags & (MAP_FIXED | MAP_FIXED_NOREPLACE)) {
		if (addr > USER_TOP - len)
			goto out;
		rc = -EINVAL;
		if (addr & PAGE_MASK)
			goto out;
		rc = -EPERM; /* below mmap_min_addr: page 0 stays unmapped */
		if (addr < USER_BASE)
			goto out;
	} else {
		addr = place(vm, addr, len);
		if (!addr)
			goto out;
	}
	rc = -EEXIST;
	if ((flags & MAP_FIXED_NOREPLACE) &&
	    (mmap_overlaps(vm, addr, addr + len) || vm_any_present(vm, addr, addr + len)))
		goto out;
	if (f) {
		rc = check_file(f, prot, flags, &obj, &vflags);
		if (rc)
			goto out;
	} else {
		switch (flags & MAP_TYPE) {
		case MAP_SHARED:
			rc = -EINVAL;
			if (flags & MAP_GROWSDOWN)
				goto out;
			pgoff = 0;
			vflags = VMA_SHARED | VMA_MAYWRITE | VMA_ANON;
			break;
		case MAP_PRIVATE:
			pgoff = 0;
			vflags = VMA_MAYWRITE;
			break;
		default:
			rc = -EINVAL;
			goto out;
		}
	}
	/* Allocate everything before anything changes. */
	{
		struct spares sp;

		rc = -ENOMEM;
		v = kzalloc(sizeof(*v));
		if (!v)
			goto out;
		if ((vflags & VMA_SHARED) && !f) {
			anon = shmem_create(NULL);
			if (!anon || shmem_truncate(anon, len))
				goto out;
			obj = anon;
		}
		if (spares_get(&sp))
			goto out;
		split_at(vm, addr, &sp);
		split_at(vm, addr + len, &sp);
		spares_put(&sp);
	}
	unmap_range(vm, addr, addr + len); /* MAP_FIXED replaces what was there */
	v->start = addr;
	v->end = addr + len;
	v->prot = prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
	v->flags = vflags;
	v->obj = obj ? (anon ? anon : shmem_get(obj)) : NULL;
	anon = NULL;
	v->pgoff = pgoff;
	v->vm = vm;
	vma_insert(vm, v);
	v = NULL;
	if ((flags & MAP_POPULATE) || vm->lock_future)
		(void)mmap_populate(vm, addr, len, VM_READ);
	rc = (long)addr;
out:
	kfree(v);
	if (anon)
		shmem_put(anon);
	if (f)
		file_put(f);
	return rc;
}

long mmap_attach(struct vm *vm, u32 addr, u32 len, u32 prot, bool write, struct shmem *obj,
		 struct shm_segment *seg)
{
	struct spares sp;
	struct vma *v;

	if (vm->vma_count >= MMAP_MAX_COUNT || !len || len > USER_TOP)
		return -ENOMEM;
	if (addr) {
		if (addr > USER_TOP - len)
			return -ENOMEM;
		if (addr < USER_BASE)
			return -EPERM; /* mmap_min_addr: page 0 stays unmapped */
	} else {
		addr = place(vm, 0, len);
		if (!addr)
			return -ENOMEM;
	}
	v = kzalloc(sizeof(*v));
	if (!v)
		return -ENOMEM;
	if (spares_get(&sp)) {
		kfree(v);
		return -ENOMEM;
	}
	split_at(vm, addr, &sp);
	split_at(vm, addr + len, &sp);
	spares_put(&sp);
	unmap_range(vm, addr, addr + len);
	v->start = addr;
	v->end = addr + len;
	v->prot = prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
	v->flags = VMA_SHARED | (write ? VMA_MAYWRITE : 0);
	v->obj = shmem_get(obj);
	v->pgoff = 0;
	v->vm = vm;
	v->sysv = seg;
	vma_insert(vm, v);
	shm_vma_open(seg);
	return (long)addr;
}

/* The first VMA at or after from that attaches seg (any segment when seg
 * is NULL) with its page offset equal to its distance from addr. */
static struct vma *detach_find(struct vm *vm, u32 addr, u32 from, const struct shm_segment *seg)
{
	for (struct vma *v = vm->vmas; v; v = v->next)
		if (v->start >= from && v->sysv && (!seg || v->sysv == seg) &&
		    (v->start - addr) / PAGE_SIZE == v->pgoff)
			return v;
	return NULL;
}

long mmap_detach(struct vm *vm, u32 addr)
{
	struct shm_segment *seg;
	struct vma *v;
	u64 size;
	u32 end;

	if (addr & PAGE_MASK)
		return -EINVAL;
	v = detach_find(vm, addr, addr, NULL);
	if (!v)
		return -EINVAL;
	seg = v->sysv;
	size = v->obj->size; /* whole pages (ipc/shm.c sizes it so) */
	end = v->end;
	unmap_range(vm, v->start, v->end); /* may free seg: only compared below */
	/* Linux's second loop: the pieces of the same segment, up to size from
	 * addr.  seg may be gone (its last attach was v): then no VMA names it. */
	while ((v = detach_find(vm, addr, end, seg)) && (u64)(v->end - addr) <= size) {
		end = v->end;
		unmap_range(vm, v->start, v->end);
	}
	return 0;
}

long sys_mmap2(u32 addr, u32 len, u32 prot, u32 flags, int fd, u32 pgoff)
{
	return mmap_map(&current->leader->vm, addr, len, prot, flags, fd, pgoff);
}

/* mmap (90): Linux i386's first mmap, its six arguments in a struct in
 * memory, the offset in bytes (page aligned, else EINVAL). */
long sys_old_mmap(const u32 __user *uargs)
{
	u32 a[6];

	if (copy_from_user(a, uargs, sizeof(a)))
		return -EFAULT;
	if (a[5] & PAGE_MASK)
		return -EINVAL;
	return mmap_map(&current->leader->vm, a[0], a[1], a[2], a[3], (int)a[4],
			a[5] >> PAGE_SHIFT);
}

long sys_munmap(u32 addr, u32 len)
{
	return mmap_unmap(&current->leader->vm, addr, len);
}

long mmap_unmap(struct vm *vm, u32 addr, u32 len)
{
	struct spares sp;

	if ((addr & PAGE_MASK) || addr > USER_TOP || len > USER_TOP - addr)
		return -EINVAL;
	len = page_up(len);
	if (!len)
		return -EINVAL;
	if (splits_needed(vm, addr, addr + len)) {
		if (vm->vma_count + 2 > MMAP_MAX_COUNT || spares_get(&sp))
			return -ENOMEM;
		split_at(vm, addr, &sp);
		split_at(vm, addr + len, &sp);
		spares_put(&sp);
	}
	unmap_range(vm, addr, addr + len);
	return 0;
}

/*
 * Whether every page of [start, end) is mapped (a VMA, or a present page of
 * the regions exec made) and may take prot: -ENOMEM for a hole, -EACCES
 * for PROT_WRITE on a read-only shared file or on a page the process does
 * not own (the vDSO's).
 */
static long mprotect_check(const struct vm *vm, u32 start, u32 end, u32 prot)
{
	for (u32 va = start; va < end; va += PAGE_SIZE) {
		const struct vma *v = mmap_find(vm, va);
		u32 *pte;

		if (v) {
			if ((prot & PROT_WRITE) && !(v->flags & VMA_MAYWRITE))
				return -EACCES;
			va = v->end - PAGE_SIZE; /* the loop steps to its end */
			continue;
		}
		pte = paging_pte(vm->pd_phys, va, false);
		if (!pte || !(*pte & PTE_PRESENT))
			return -ENOMEM;
		if ((prot & PROT_WRITE) && (*pte & PTE_SHARED))
			return -EACCES;
	}
	return 0;
}

long sys_mprotect(u32 addr, u32 len, u32 prot)
{
	return mmap_protect(&current->leader->vm, addr, len, prot);
}

long mmap_protect(struct vm *vm, u32 addr, u32 len, u32 prot)
{
	u32 end;
	long rc;

	if (addr & PAGE_MASK)
		return -EINVAL;
	if (!len)
		return 0;
	len = page_up(len);
	end = addr + len;
	if (!len || end <= addr)
		return -ENOMEM;
	if ((prot & (PROT_GROWSDOWN | PROT_GROWSUP)) == (PROT_GROWSDOWN | PROT_GROWSUP))
		return -EINVAL;
	/* PROT_GROWSDOWN/UP extend the change to the whole stack on Linux;
	 * tick386's stack is no VMA: the range given is what changes. */
	prot &= ~(PROT_GROWSDOWN | PROT_GROWSUP);
	if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC | PROT_SEM))
		return -EINVAL;
	prot &= PROT_READ | PROT_WRITE | PROT_EXEC;
	if (end > USER_TOP)
		return -ENOMEM;
	rc = mprotect_check(vm, addr, end, prot);
	if (rc)
		return rc;
	if (splits_needed(vm, addr, end)) {
		struct spares sp;

		if (vm->vma_count + 2 > MMAP_MAX_COUNT || spares_get(&sp))
			return -ENOMEM;
		split_at(vm, addr, &sp);
		split_at(vm, end, &sp);
		spares_put(&sp);
	}
	for (struct vma *v = vm->vmas; v && v->start < end; v = v->next)
		if (v->start >= addr)
			v->prot = prot;
	vm_protect_range(vm, addr, end, vma_pte_bits(prot));
	return 0;
}

/*
 * mremap: shrink in place (the tail unmapped), grow in place when the
 * range after the VMA is free, else move (MREMAP_MAYMOVE: a new place,
 * or MREMAP_FIXED's) carrying the page table entries over, so private
 * pages keep their bytes and shared ones stay the object's.  The range
 * must lie in one VMA (-EFAULT otherwise, as Linux; exec's regions have
 * none).  A shared anonymous region keeps its object's size: pages moved
 * past it are SIGBUS, as on Linux.  MREMAP_DONTUNMAP is not done (EINVAL).
 */
static long move_vma(struct vm *vm, struct vma *v, u32 old, u32 old_len, u32 new_addr, u32 new_len)
{
	struct spares at_new, at_old;
	struct vma *n;

	/* The page tables of the destination, before anything moves. */
	for (u32 i = 0; i < old_len && i < new_len; i += PAGE_SIZE) {
		u32 *pte = paging_pte(vm->pd_phys, old + i, false);

		if (pte && (*pte & PTE_PRESENT) && !paging_pte(vm->pd_phys, new_addr + i, true))
			return -ENOMEM;
	}
	if (vm->vma_count + 5 > MMAP_MAX_COUNT)
		return -ENOMEM;
	n = kmalloc(sizeof(*n));
	if (!n)
		return -ENOMEM;
	if (spares_get(&at_new)) {
		kfree(n);
		return -ENOMEM;
	}
	if (spares_get(&at_old)) {
		spares_put(&at_new);
		kfree(n);
		return -ENOMEM;
	}
	*n = *v;
	n->start = new_addr;
	n->end = new_addr + new_len;
	n->pgoff = v->pgoff + (old - v->start) / PAGE_SIZE;
	n->vm = vm;
	if (n->obj)
		shmem_get(n->obj);
	if (n->sysv)
		shm_vma_open(n->sysv);
	/* MREMAP_FIXED's destination is cleared first (it does not overlap
	 * the source); every step below works by address, as v may be split. */
	split_at(vm, new_addr, &at_new);
	split_at(vm, new_addr + new_len, &at_new);
	unmap_range(vm, new_addr, new_addr + new_len);
	for (u32 i = 0; i < old_len && i < new_len; i += PAGE_SIZE) {
		u32 *from = paging_pte(vm->pd_phys, old + i, false), *to;

		if (!from || !(*from & PTE_PRESENT))
			continue;
		to = paging_pte(vm->pd_phys, new_addr + i, false);
		*to = *from;
		*from = 0;
		paging_flush(vm->pd_phys, old + i);
	}
	if (old_len) {
		split_at(vm, old, &at_old);
		split_at(vm, old + old_len, &at_old);
		unmap_range(vm, old, old + old_len);
	}
	spares_put(&at_new);
	spares_put(&at_old);
	vma_insert(vm, n);
	return (long)new_addr;
}

long sys_mremap(u32 old, u32 old_len, u32 new_len, u32 flags, u32 new_addr)
{
	struct vm *vm = &current->leader->vm;
	struct vma *v;

	if (flags & ~(MREMAP_MAYMOVE | MREMAP_FIXED | MREMAP_DONTUNMAP))
		return -EINVAL;
	if ((flags & MREMAP_FIXED) && !(flags & MREMAP_MAYMOVE))
		return -EINVAL;
	if ((flags & MREMAP_DONTUNMAP) && (!(flags & MREMAP_MAYMOVE) || old_len != new_len))
		return -EINVAL;
	if (old & PAGE_MASK)
		return -EINVAL;
	old_len = page_up(old_len);
	new_len = page_up(new_len);
	if (!new_len)
		return -EINVAL;
	v = mmap_find(vm, old);
	if (!v)
		return -EFAULT;
	if (flags & MREMAP_DONTUNMAP)
		return -EINVAL; /* not done */
	if (flags & MREMAP_FIXED) {
		if ((new_addr & PAGE_MASK) || new_addr < USER_BASE || new_addr > USER_TOP - new_len)
			return -EINVAL;
		if (new_addr < old + old_len && old < new_addr + new_len)
			return -EINVAL; /* overlapping */
		if (old_len > v->end - old)
			return -EFAULT;
		return move_vma(vm, v, old, old_len, new_addr, new_len);
	}
	if (old_len >= new_len) {
		if (old_len > new_len)
			return mmap_unmap(vm, old + new_len, old_len - new_len) ?: (long)old;
		return (long)old;
	}
	if (!old_len && !(v->flags & VMA_SHARED))
		return -EINVAL;
	if (old_len > v->end - old)
		return -EFAULT;
	if (old_len && old + old_len == v->end && old + new_len > old &&
	    range_free(vm, v->end, old + new_len)) {
		v->end = old + new_len;
		return (long)old;
	}
	if (!(flags & MREMAP_MAYMOVE))
		return -ENOMEM;
	new_addr = place(vm, 0, new_len);
	if (!new_addr)
		return -ENOMEM;
	return move_vma(vm, v, old, old_len, new_addr, new_len);
}
