/*
 * User address spaces (see vm.h).  The page tables are the record of what
 * is mapped, so teardown is a walk of the user half of the directory; the
 * regions mmap made also have descriptors (mm/mmap.h), dropped with it.
 */
#include "mm/vm.h"
#include "arch/i386/paging.h"
#include "mm/mmap.h"
#include "mm/pmm.h"
#include "lib/string.h"
#include <abi/errno.h>

#define PAGE_MASK (PAGE_SIZE - 1)

static inline u32 page_up(u32 a)
{
	return (a + PAGE_MASK) & ~PAGE_MASK;
}

int vm_init(struct vm *vm)
{
	memset(vm, 0, sizeof(*vm));
	vm->pd_phys = paging_pd_create();
	return vm->pd_phys ? 0 : -ENOMEM;
}

void vm_destroy(struct vm *vm)
{
	u32 *pd;

	if (!vm->pd_phys)
		return;
	pd = (u32 *)PHYS_TO_VIRT(vm->pd_phys);
	for (u32 i = 0; i < PDE_KERNEL_FIRST; i++) {
		u32 *pt;

		if (!(pd[i] & PTE_PRESENT))
			continue;
		pt = (u32 *)PHYS_TO_VIRT(pd[i] & PTE_ADDR_MASK);
		for (u32 j = 0; j < 1024; j++)
			if ((pt[j] & (PTE_PRESENT | PTE_SHARED)) == PTE_PRESENT)
				pmm_free_page(pt[j] & PTE_ADDR_MASK);
	}
	mmap_destroy(vm); /* the objects' pages were never ours */
	paging_pd_free_tables(vm->pd_phys);
	memset(vm, 0, sizeof(*vm));
}

/*
 * fork's copy: every user page of src, byte for byte, with its rights.  A
 * plain copy, not copy-on-write: tick386's programs are static and small
 * (text, data and a 64 KiB stack: some 20-30 pages), so a copy is a few
 * hundred microseconds of memcpy and needs no fault-time sharing logic,
 * reference counts on pages, or TLB shootdown on a write.  A shared page
 * (the vDSO's) is mapped again as it is, not copied.
 */
int vm_clone(struct vm *dst, const struct vm *src)
{
	const u32 *pd;
	int rc = vm_init(dst);

	if (rc)
		return rc;
	if (mmap_clone(dst, src)) {
		vm_destroy(dst);
		return -ENOMEM;
	}
	pd = (const u32 *)PHYS_TO_VIRT(src->pd_phys);
	for (u32 i = 0; i < PDE_KERNEL_FIRST; i++) {
		const u32 *pt;

		if (!(pd[i] & PTE_PRESENT))
			continue;
		pt = (const u32 *)PHYS_TO_VIRT(pd[i] & PTE_ADDR_MASK);
		for (u32 j = 0; j < 1024; j++) {
			u32 va = (i << 22) | (j << 12), page, *pte;

			if (!(pt[j] & PTE_PRESENT))
				continue;
			pte = paging_pte(dst->pd_phys, va, true);
			if (pte && (pt[j] & PTE_SHARED)) {
				*pte = pt[j];
				continue;
			}
			page = pte ? pmm_alloc_page() : 0;
			if (!page) {
				vm_destroy(dst);
				return -ENOMEM;
			}
			memcpy(PHYS_TO_VIRT(page), PHYS_TO_VIRT(pt[j] & PTE_ADDR_MASK), PAGE_SIZE);
			*pte = page | (pt[j] & (PTE_PRESENT | PTE_USER | PTE_WRITE));
			dst->pages++;
		}
	}
	dst->brk_start = src->brk_start;
	dst->brk = src->brk;
	dst->stack_low = src->stack_low;
	return 0;
}

static u32 pte_bits(u32 access)
{
	return PTE_PRESENT | PTE_USER | ((access & VM_WRITE) ? PTE_WRITE : 0);
}

static bool user_page_ok(u32 va)
{
	return va >= USER_BASE && va < USER_TOP && !(va & PAGE_MASK);
}

int vm_map_zero(struct vm *vm, u32 va, u32 access)
{
	u32 *pte, page;

	if (!user_page_ok(va))
		return -EINVAL;
	pte = paging_pte(vm->pd_phys, va, true);
	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_PRESENT)
		return -EEXIST;
	page = pmm_alloc_page();
	if (!page)
		return -ENOMEM;
	*pte = page | pte_bits(access);
	vm->pages++;
	return 0;
}

int vm_map_shared(struct vm *vm, u32 va, u32 phys)
{
	u32 *pte;

	if (!user_page_ok(va) || (phys & PAGE_MASK))
		return -EINVAL;
	pte = paging_pte(vm->pd_phys, va, true);
	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_PRESENT)
		return -EEXIST;
	*pte = phys | PTE_PRESENT | PTE_USER | PTE_SHARED;
	return 0;
}

int vm_map_range(struct vm *vm, u32 start, u32 end, u32 access)
{
	for (u32 va = start & ~PAGE_MASK; va < end; va += PAGE_SIZE) {
		int rc = vm_map_zero(vm, va, access);

		if (rc == -EEXIST) {
			if (access & VM_WRITE) {
				u32 *pte = paging_pte(vm->pd_phys, va, false);

				if (*pte & PTE_SHARED)
					return -EEXIST; /* never writable */
				*pte |= PTE_WRITE;
				paging_flush(vm->pd_phys, va);
			}
		} else if (rc) {
			return rc;
		}
		if (va + PAGE_SIZE < va) /* the last page of the 4 GiB space */
			break;
	}
	return 0;
}

bool vm_unmap(struct vm *vm, u32 va)
{
	u32 *pte = user_page_ok(va) ? paging_pte(vm->pd_phys, va, false) : NULL;

	if (!pte || !(*pte & PTE_PRESENT))
		return false;
	if (!(*pte & PTE_SHARED)) {
		pmm_free_page(*pte & PTE_ADDR_MASK);
		vm->pages--;
	}
	*pte = 0;
	paging_flush(vm->pd_phys, va);
	return true;
}

/* The PTE of va if its page table exists; else NULL and *next gets the
 * first address of the next 4 MiB (0 past the top), to skip the hole. */
static u32 *pte_or_skip(const struct vm *vm, u32 va, u32 *next)
{
	u32 *pte = paging_pte(vm->pd_phys, va, false);

	if (!pte)
		*next = (va | 0x3FFFFFu) + 1;
	return pte;
}

void vm_unmap_range(struct vm *vm, u32 start, u32 end)
{
	for (u32 va = start & ~PAGE_MASK; va < end && va >= (start & ~PAGE_MASK);) {
		u32 next = va + PAGE_SIZE;

		if (pte_or_skip(vm, va, &next))
			vm_unmap(vm, va);
		if (next <= va)
			break;
		va = next;
	}
}

bool vm_any_present(const struct vm *vm, u32 start, u32 end)
{
	for (u32 va = start; va < end && va < USER_TOP;) {
		u32 next = va + PAGE_SIZE, *pte = pte_or_skip(vm, va, &next);

		if (pte && (*pte & PTE_PRESENT))
			return true;
		if (next <= va)
			break;
		va = next;
	}
	return false;
}

void vm_protect_range(struct vm *vm, u32 start, u32 end, u32 bits)
{
	for (u32 va = start; va < end && va < USER_TOP;) {
		u32 next = va + PAGE_SIZE, *pte = pte_or_skip(vm, va, &next);

		if (pte && (*pte & PTE_PRESENT)) {
			*pte = (*pte & (PTE_ADDR_MASK | PTE_SHARED)) | bits;
			paging_flush(vm->pd_phys, va);
		}
		if (next <= va)
			break;
		va = next;
	}
}

u32 vm_lookup(const struct vm *vm, u32 va, u32 *access)
{
	u32 *pte;

	if (va >= USER_TOP || !vm->pd_phys)
		return 0;
	pte = paging_pte(vm->pd_phys, va, false);
	if (!pte || (*pte & (PTE_PRESENT | PTE_USER)) != (PTE_PRESENT | PTE_USER))
		return 0;
	if (access)
		*access = VM_READ | ((*pte & PTE_WRITE) ? VM_WRITE : 0);
	return (*pte & PTE_ADDR_MASK) | (va & PAGE_MASK);
}

bool vm_range_ok(struct vm *vm, u32 va, size_t n, u32 access)
{
	u32 last;

	if (n == 0)
		return true;
	last = va + (u32)n - 1;
	if (last < va || last >= USER_TOP || va < USER_BASE)
		return false;
	for (u32 page = va & ~PAGE_MASK;; page += PAGE_SIZE) {
		u32 have = 0;

		if ((!vm_lookup(vm, page, &have) || (have & access) != access) &&
		    (!mmap_populate(vm, page, 1, access) || !vm_lookup(vm, page, &have) ||
		     (have & access) != access))
			return false;
		if (page >= (last & ~PAGE_MASK))
			return true;
	}
}

int vm_copy_out(struct vm *vm, u32 va, const void *src, size_t n)
{
	const u8 *s = src;

	if (!vm_range_ok(vm, va, n, VM_WRITE))
		return -EFAULT;
	while (n) {
		u32 chunk = PAGE_SIZE - (va & PAGE_MASK);

		if (chunk > n)
			chunk = n;
		memcpy(PHYS_TO_VIRT(vm_lookup(vm, va, NULL)), s, chunk);
		s += chunk;
		va += chunk;
		n -= chunk;
	}
	return 0;
}

int vm_copy_in(struct vm *vm, void *dst, u32 va, size_t n)
{
	u8 *d = dst;

	if (!vm_range_ok(vm, va, n, VM_READ))
		return -EFAULT;
	while (n) {
		u32 chunk = PAGE_SIZE - (va & PAGE_MASK);

		if (chunk > n)
			chunk = n;
		memcpy(d, PHYS_TO_VIRT(vm_lookup(vm, va, NULL)), chunk);
		d += chunk;
		va += chunk;
		n -= chunk;
	}
	return 0;
}

u32 vm_brk(struct vm *vm, u32 new_brk)
{
	u32 old_end = page_up(vm->brk), new_end;

	if (new_brk < vm->brk_start || new_brk > VM_BRK_LIMIT)
		return vm->brk;
	new_end = page_up(new_brk);
	if (new_end > old_end && mmap_overlaps(vm, old_end, new_end))
		return vm->brk; /* never into a mapping (Linux: find_vma_intersection) */
	if (new_end > old_end) {
		if (vm_map_range(vm, old_end, new_end, VM_READ | VM_WRITE) < 0) {
			vm_unmap_range(vm, old_end, new_end);
			return vm->brk;
		}
	} else if (new_end < old_end) {
		vm_unmap_range(vm, new_end, old_end);
	}
	vm->brk = new_brk;
	return new_brk;
}

int vm_stack_init(struct vm *vm)
{
	int rc = vm_map_range(vm, VM_STACK_LOW, VM_STACK_TOP, VM_READ | VM_WRITE);

	if (!rc)
		vm->stack_low = VM_STACK_LOW;
	return rc;
}

#define STACK_GAP (65536u + 32 * sizeof(u32))

bool vm_grow_stack(struct vm *vm, u32 addr, u32 esp)
{
	u32 low = addr & ~PAGE_MASK;

	if (!vm->stack_low || addr >= vm->stack_low || addr < VM_STACK_LIMIT)
		return false;
	if (esp > addr + STACK_GAP) /* far below the stack pointer: a stray access */
		return false;
	if (mmap_overlaps(vm, low, vm->stack_low))
		return false; /* a mapping placed in the reserve stops the growth */
	if (vm_map_range(vm, low, vm->stack_low, VM_READ | VM_WRITE)) {
		vm_unmap_range(vm, low, vm->stack_low); /* out of memory: as before */
		return false;
	}
	vm->stack_low = low;
	return true;
}
