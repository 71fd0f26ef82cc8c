/*
 * The calls that look at mappings without making or removing one:
 * madvise, msync, mincore (Linux's errors and their order), and the
 * checker of mm/mmap.h's invariants.
 */
#include "kernel/printk.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/mmap.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/mman.h>

#define PAGE_MASK (PAGE_SIZE - 1)

/* Whether the page at va is mapped memory: a VMA's, or a present page of
 * a region exec made. */
static bool page_mapped(const struct vm *vm, u32 va)
{
	u32 *pte;

	if (mmap_find(vm, va))
		return true;
	pte = paging_pte(vm->pd_phys, va, false);
	return pte && (*pte & PTE_PRESENT);
}

/* Whether some page of [start, end) is not mapped (Linux: -ENOMEM, after
 * the mapped parts were done). */
static bool range_has_hole(const struct vm *vm, u32 start, u32 end)
{
	for (u32 va = start; va < end; va += PAGE_SIZE)
		if (!page_mapped(vm, va))
			return true;
	return false;
}

/*
 * MADV_DONTNEED: the pages go; the next touch faults in a zero page
 * (private anonymous), the object's page again (shared), or a new copy of
 * the file (private file).  A page of a region exec made has no VMA to
 * fault it back in: it is zeroed in place, which reads the same; a page
 * the process does not own (the vDSO's) is left alone.
 */
static void drop_pages(struct vm *vm, u32 start, u32 end)
{
	for (u32 va = start; va < end; va += PAGE_SIZE) {
		u32 *pte;

		if (mmap_find(vm, va)) {
			vm_unmap(vm, va);
			continue;
		}
		pte = paging_pte(vm->pd_phys, va, false);
		if (pte && (*pte & (PTE_PRESENT | PTE_SHARED)) == PTE_PRESENT)
			memset(PHYS_TO_VIRT(*pte & PTE_ADDR_MASK), 0, PAGE_SIZE);
	}
}

long sys_madvise(u32 addr, u32 len, int advice)
{
	struct vm *vm = &current->leader->vm;
	u32 plen = (len + PAGE_MASK) & ~PAGE_MASK, end = addr + plen;

	if (addr & PAGE_MASK)
		return -EINVAL;
	switch (advice) {
	case MADV_NORMAL:
	case MADV_RANDOM:
	case MADV_SEQUENTIAL:
	case MADV_WILLNEED:
	case MADV_DONTNEED:
	case MADV_FREE:
	case MADV_DONTFORK:
	case MADV_DOFORK:
	case MADV_DONTDUMP:
	case MADV_DODUMP:
	case MADV_WIPEONFORK:
	case MADV_KEEPONFORK:
	case MADV_COLD:
	case MADV_PAGEOUT:
		break;
	default:
		return -EINVAL;
	}
	if (len && !plen)
		return -EINVAL;
	if (end < addr)
		return -EINVAL;
	if (end == addr)
		return 0;
	if (end > USER_TOP)
		return -ENOMEM;
	if (advice == MADV_DONTNEED || advice == MADV_FREE) {
		for (u32 va = addr; va < end; va += PAGE_SIZE) {
			const struct vma *v = mmap_find(vm, va);

			/* MADV_FREE is for private anonymous memory only. */
			if (advice == MADV_FREE && v && v->obj)
				return -EINVAL;
		}
		drop_pages(vm, addr, end);
	}
	return range_has_hole(vm, addr, end) ? -ENOMEM : 0;
}

/* msync: memory is the only store of tick386's files, so there is nothing
 * to write back; what remains is Linux's checks. */
long sys_msync(u32 addr, u32 len, int flags)
{
	struct vm *vm = &current->leader->vm;
	u32 end;

	if (addr & PAGE_MASK)
		return -EINVAL;
	if (flags & ~(MS_ASYNC | MS_INVALIDATE | MS_SYNC))
		return -EINVAL;
	if ((flags & MS_ASYNC) && (flags & MS_SYNC))
		return -EINVAL;
	len = (len + PAGE_MASK) & ~PAGE_MASK;
	end = addr + len;
	if (end < addr)
		return -ENOMEM;
	if (end == addr)
		return 0;
	if (end > USER_TOP)
		return -ENOMEM;
	return range_has_hole(vm, addr, end) ? -ENOMEM : 0;
}

/* mincore: one byte per page, 1 when the page is in memory: mapped here,
 * or held by the object of a shared or file mapping. */
long sys_mincore(u32 addr, u32 len, u8 __user *vec)
{
	struct vm *vm = &current->leader->vm;
	u32 pages, end;
	u8 buf[64];

	if (addr & PAGE_MASK)
		return -EINVAL;
	if (addr > USER_TOP || len > USER_TOP - addr)
		return -ENOMEM;
	pages = len / PAGE_SIZE + ((len & PAGE_MASK) != 0);
	if (!user_access_ok(vec, pages))
		return -EFAULT;
	end = addr + pages * PAGE_SIZE;
	for (u32 va = addr, i = 0; va < end; va += PAGE_SIZE) {
		const struct vma *v = mmap_find(vm, va);
		u32 *pte;

		if (!page_mapped(vm, va))
			return -ENOMEM;
		pte = paging_pte(vm->pd_phys, va, false);
		buf[i] = pte && (*pte & PTE_PRESENT);
		if (!buf[i] && v && v->obj)
			buf[i] =
			    shmem_findpage(v->obj, v->pgoff + (va - v->start) / PAGE_SIZE) != 0;
		if (++i == sizeof(buf) || va + PAGE_SIZE >= end) {
			if (copy_to_user(vec, buf, i))
				return -EFAULT;
			vec += i;
			i = 0;
		}
	}
	return 0;
}

int mmap_check(const struct vm *vm)
{
	u32 prev_end = 0, count = 0;

	for (const struct vma *v = vm->vmas; v; v = v->next, count++) {
		const char *why = NULL;

		if ((v->start | v->end) & PAGE_MASK)
			why = "unaligned";
		else if (v->start >= v->end || v->end > USER_TOP)
			why = "empty or past user space";
		else if (v->start < prev_end)
			why = "overlaps or out of order";
		else if (v->vm != vm)
			why = "owner";
		else if ((v->flags & VMA_SHARED) && !v->obj)
			why = "shared without an object";
		if (v->obj && !why) {
			const struct vma *m = v->obj->mappings;

			while (m && m != v)
				m = m->obj_next;
			if (!m)
				why = "not on its object's list";
		}
		if (why) {
			kprintf("mmap_check: VMA %08x-%08x: %s\n", v->start, v->end, why);
			return -EUCLEAN;
		}
		prev_end = v->end;
	}
	if (count != vm->vma_count) {
		kprintf("mmap_check: %u VMAs, count says %u\n", count, vm->vma_count);
		return -EUCLEAN;
	}
	return 0;
}

/*
 * mlock, munlock: tick386 never pages memory out, so a page once present
 * stays: locking is faulting the range in (mapped pages of a VMA whose
 * prot allows access, written for a writable one, as Linux's populate
 * breaks copy-on-write; PROT_NONE pages stay out and are no error).  The
 * checks are Linux's (mm/mlock.c), every caller being root (no EPERM, no
 * RLIMIT_MEMLOCK): the range is addr rounded down to a page and len
 * rounded up (in 32 bits: a len that wraps there is a small one, as on
 * Linux i386); an end past 4 GiB is -EINVAL, len 0 does nothing, a page not
 * mapped is -ENOMEM (as the populate's -EFAULT, which Linux reports as
 * -ENOMEM too).  munlock makes the same checks and changes nothing.
 */
static long lock_range(u32 addr, u32 len, bool populate)
{
	struct vm *vm = &current->leader->vm;
	u32 start = addr & ~PAGE_MASK;
	/* In 32 bits, as Linux i386: a len near 4 GiB wraps to a small one. */
	u32 end = start + ((len + (addr & PAGE_MASK) + PAGE_MASK) & ~PAGE_MASK);

	if (end < start)
		return -EINVAL;
	if (end == start)
		return 0;
	if (end > USER_TOP || range_has_hole(vm, start, end))
		return -ENOMEM;
	if (!populate)
		return 0;
	for (u32 va = start; va < end; va += PAGE_SIZE) {
		const struct vma *v = mmap_find(vm, va);

		if (!v || !(v->prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
			continue; /* exec's regions are present already; PROT_NONE stays out */
		if (!mmap_populate(vm, va, PAGE_SIZE, (v->prot & PROT_WRITE) ? VM_WRITE : VM_READ))
			return -ENOMEM;
	}
	return 0;
}

long sys_mlock(u32 addr, u32 len)
{
	return lock_range(addr, len, true);
}

long sys_munlock(u32 addr, u32 len)
{
	return lock_range(addr, len, false);
}

#define MCL_CURRENT 1
#define MCL_FUTURE 2
#define MCL_ONFAULT 4

/*
 * mlockall: MCL_CURRENT faults in every mapping now (errors ignored, as
 * Linux's populate of the whole space); MCL_FUTURE makes later mmaps
 * populate their range (vm->lock_future, until munlockall, not inherited
 * by fork, cleared by exec: Linux's def_flags); MCL_ONFAULT asks to lock
 * pages only as they are touched, which is all tick386 ever does, so with
 * it neither faults anything in.  Flags 0, unknown bits or MCL_ONFAULT
 * alone are -EINVAL.
 */
long sys_mlockall(int flags)
{
	struct vm *vm = &current->leader->vm;

	if (!flags || (flags & ~(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT)) || flags == MCL_ONFAULT)
		return -EINVAL;
	vm->lock_future = (flags & (MCL_FUTURE | MCL_ONFAULT)) == MCL_FUTURE;
	if ((flags & (MCL_CURRENT | MCL_ONFAULT)) == MCL_CURRENT)
		for (const struct vma *v = vm->vmas; v; v = v->next)
			if (v->prot & (PROT_READ | PROT_WRITE | PROT_EXEC))
				for (u32 va = v->start; va < v->end; va += PAGE_SIZE)
					(void)mmap_populate(vm, va, PAGE_SIZE,
							    (v->prot & PROT_WRITE) ? VM_WRITE
										   : VM_READ);
	return 0;
}

long sys_munlockall(void)
{
	current->leader->vm.lock_future = false;
	return 0;
}
