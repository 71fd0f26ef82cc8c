/*
 * The pages of mappings (mm/mmap.h): mapped on the first touch, by a page
 * fault of user mode (mmap_fault) or by a kernel copy that checks first
 * (mmap_populate); unmapped from every mapping when their object shrinks
 * (shmem_unmap_pages).
 *
 * Who owns a page: a private anonymous page, and the private copy of a
 * file's page, are the address space's (freed by munmap, exit, exec;
 * copied by fork); a shared mapping's page is its object's, mapped with
 * PTE_SHARED (fork maps it again, teardown leaves it), alive while the
 * object holds it: truncate unmaps it from each mapping before freeing it.
 *
 * MAP_PRIVATE of a file copies the page at the first fault, read or write
 * (not at the first write, as Linux does): later writes to the file
 * through write(2) or a shared mapping are not seen by a private page
 * already touched, which POSIX leaves unspecified.
 */
#include "mm/mmap.h"
#include "lib/string.h"
#include "mm/pmm.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/mman.h>
#include <abi/signal.h>

#define PAGE_MASK (PAGE_SIZE - 1)

static u32 prot_bits(const struct vma *v)
{
	if (!(v->prot & (PROT_READ | PROT_WRITE | PROT_EXEC)))
		return PTE_PRESENT; /* PROT_NONE: present to the kernel only */
	return PTE_PRESENT | PTE_USER | ((v->prot & PROT_WRITE) ? PTE_WRITE : 0);
}

/* Whether v's prot allows access (VM_READ / VM_WRITE; x86 reads what it
 * may write or execute). */
static bool prot_allows(const struct vma *v, u32 access)
{
	if (access & VM_WRITE)
		return v->prot & PROT_WRITE;
	return v->prot & (PROT_READ | PROT_WRITE | PROT_EXEC);
}

/*
 * Map the page of v at va (page aligned).  0; -EFAULT past the end of the
 * object (SIGBUS); -ENOSPC when the object's quota is full; -ENOMEM.
 */
static int fault_page(struct vm *vm, struct vma *v, u32 va)
{
	u32 *pte = paging_pte(vm->pd_phys, va, true), index, phys, src;
	int rc;

	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_PRESENT) { /* present with stale rights: set them again */
		*pte = (*pte & (PTE_ADDR_MASK | PTE_SHARED)) | prot_bits(v);
		paging_flush(vm->pd_phys, va);
		return 0;
	}
	if (!v->obj) {
		phys = pmm_alloc_page(); /* zeroed */
		if (!phys)
			return -ENOMEM;
		*pte = phys | prot_bits(v);
		vm->pages++;
		return 0;
	}
	index = v->pgoff + (va - v->start) / PAGE_SIZE;
	if ((u64)index * PAGE_SIZE >= v->obj->size)
		return -EFAULT;
	if (v->flags & VMA_SHARED) {
		rc = shmem_getpage(v->obj, index, &phys);
		if (rc)
			return rc;
		*pte = phys | prot_bits(v) | PTE_SHARED;
		return 0;
	}
	src = shmem_findpage(v->obj, index);
	phys = pmm_alloc_page();
	if (!phys)
		return -ENOMEM;
	if (src)
		memcpy(PHYS_TO_VIRT(phys), PHYS_TO_VIRT(src), PAGE_SIZE);
	*pte = phys | prot_bits(v);
	vm->pages++;
	return 0;
}

bool mmap_fault(struct vm *vm, u32 addr, bool write, int *signo, int *code)
{
	struct vma *v = mmap_find(vm, addr);
	int rc;

	if (!v)
		return false;
	*signo = 0;
	*code = 0;
	if (!prot_allows(v, write ? VM_WRITE : VM_READ)) {
		*signo = SIGSEGV;
		*code = SEGV_ACCERR;
		return true;
	}
	rc = fault_page(vm, v, addr & ~PAGE_MASK);
	if (rc == -ENOMEM) {
		*signo = SIGKILL; /* Linux's OOM kill of the faulting process */
	} else if (rc) {
		*signo = SIGBUS; /* past the end, or the file system full */
		*code = BUS_ADRERR;
	}
	return true;
}

bool mmap_populate(struct vm *vm, u32 va, size_t n, u32 access)
{
	u32 last = va + (u32)n - 1;

	if (!n)
		return true;
	if (last < va)
		return false;
	for (u32 page = va & ~PAGE_MASK;; page += PAGE_SIZE) {
		struct vma *v = mmap_find(vm, page);
		u32 *pte;

		if (!v || !prot_allows(v, access))
			return false;
		pte = paging_pte(vm->pd_phys, page, false);
		if (!pte || (*pte & prot_bits(v)) != prot_bits(v) || !(*pte & PTE_PRESENT))
			if (fault_page(vm, v, page))
				return false;
		if (page >= (last & ~PAGE_MASK))
			return true;
	}
}

/* Every mapping of s drops its pages from first_index on (they are about
 * to be freed): a later touch faults again and finds the new end. */
void shmem_unmap_pages(struct shmem *s, u32 first, u32 end, bool copies)
{
	for (struct vma *v = s->mappings; v; v = v->obj_next) {
		u32 pages = (v->end - v->start) / PAGE_SIZE, from, to;

		if (v->pgoff + pages <= first || v->pgoff >= end || (!copies && !(v->flags & VMA_SHARED)))
			continue;
		from = first > v->pgoff ? first - v->pgoff : 0;
		to = end - v->pgoff < pages ? end - v->pgoff : pages;
		vm_unmap_range(v->vm, v->start + from * PAGE_SIZE, v->start + to * PAGE_SIZE);
	}
}

bool mmap_futex_key(struct vm *vm, u32 uaddr, struct shmem **obj, u64 *offset)
{
	struct vma *v = mmap_find(vm, uaddr);

	if (!v || !(v->flags & VMA_SHARED) || !v->obj)
		return false;
	*obj = shmem_get(v->obj);
	*offset =
	    (u64)(v->pgoff + (uaddr - v->start) / PAGE_SIZE) * PAGE_SIZE + (uaddr & PAGE_MASK);
	return true;
}

bool mmap_futex_ro_anon(struct vm *vm, u32 uaddr)
{
	struct vma *v = mmap_find(vm, uaddr);

	return v && !(v->flags & VMA_SHARED) && !v->obj && !(v->prot & PROT_WRITE);
}

/* Until tmpfs provides its objects (fs/tmpfs.c defines the real one),
 * no file can be mapped: mmap of a file is -ENODEV. */
__attribute__((weak)) struct shmem *tmpfs_shmem(struct file *f)
{
	(void)f;
	return NULL;
}
