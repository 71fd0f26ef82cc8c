/*
 * Mappings on an address space of the test's own (mm/mmap.h): splits by
 * munmap and mprotect keep the invariants (mmap_check), pages appear at
 * the first touch and go with munmap, fork's copy shares MAP_SHARED pages
 * and copies private ones, truncating a shared object unmaps its pages
 * from every mapping, and everything comes back at teardown.
 */
#include "arch/i386/paging.h"
#include "kernel/ktest.h"
#include "mm/mmap.h"
#include "mm/pmm.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/mman.h>

#define BASE 0x40000000u
#define PG PAGE_SIZE
#define ANON_FIXED (MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED)

static u32 count_vmas(const struct vm *vm)
{
	u32 n = 0;

	for (const struct vma *v = vm->vmas; v; v = v->next)
		n++;
	return n;
}

static void test_split_and_check(struct ktest *t)
{
	u32 free_before = pmm_free_count();
	struct vm vm;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KEXPECT_EQ(t, mmap_map(&vm, BASE, 8 * PG, PROT_READ | PROT_WRITE, ANON_FIXED, -1, 0),
		   (long)BASE);
	KEXPECT_EQ(t, vm.pages, 0); /* lazy */
	KEXPECT_TRUE(t, mmap_populate(&vm, BASE + PG, 2 * PG, VM_WRITE));
	KEXPECT_EQ(t, vm.pages, 2);
	KEXPECT_EQ(t, mmap_protect(&vm, BASE + 2 * PG, 2 * PG, PROT_READ), 0);
	KEXPECT_EQ(t, count_vmas(&vm), 3);
	KEXPECT_EQ(t, mmap_check(&vm), 0);
	KEXPECT_FALSE(t, vm_range_ok(&vm, BASE + 2 * PG, 1, VM_WRITE)); /* now read-only */
	KEXPECT_TRUE(t, vm_range_ok(&vm, BASE + 2 * PG, 1, VM_READ));
	KEXPECT_EQ(t, mmap_unmap(&vm, BASE + PG, 2 * PG), 0); /* one page of each side */
	KEXPECT_EQ(t, vm.pages, 0);
	KEXPECT_EQ(t, count_vmas(&vm), 3);
	KEXPECT_EQ(t, mmap_check(&vm), 0);
	KEXPECT_TRUE(t, mmap_find(&vm, BASE + PG) == NULL);
	KEXPECT_EQ(t, mmap_protect(&vm, BASE, 4 * PG, PROT_READ), -ENOMEM); /* the hole */
	KEXPECT_EQ(t, mmap_map(&vm, BASE, PG, PROT_READ, ANON_FIXED | MAP_FIXED_NOREPLACE, -1, 0),
		   -EEXIST);
	KEXPECT_TRUE(t, mmap_overlaps(&vm, BASE + 7 * PG, BASE + 9 * PG));
	KEXPECT_FALSE(t, mmap_overlaps(&vm, BASE + 8 * PG, BASE + 9 * PG));
	vm_destroy(&vm);
	KEXPECT_EQ(t, pmm_free_count(), free_before);
}

static void test_fork_and_truncate(struct ktest *t)
{
	u32 free_before = pmm_free_count();
	struct vm parent, child;
	struct vma *v;
	u32 *pte;

	KASSERT_EQ(t, vm_init(&parent), 0);
	KEXPECT_EQ(t,
		   mmap_map(&parent, BASE, 4 * PG, PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED, -1, 0),
		   (long)BASE);
	KEXPECT_EQ(t,
		   mmap_map(&parent, BASE + 8 * PG, PG, PROT_READ | PROT_WRITE, ANON_FIXED, -1, 0),
		   (long)(BASE + 8 * PG));
	KASSERT_TRUE(t, mmap_populate(&parent, BASE, 4 * PG, VM_WRITE));
	KASSERT_TRUE(t, mmap_populate(&parent, BASE + 8 * PG, PG, VM_WRITE));
	KEXPECT_EQ(t, parent.pages, 1); /* the shared pages are the object's */
	KASSERT_EQ(t, vm_clone(&child, &parent), 0);
	KEXPECT_EQ(t, mmap_check(&child), 0);
	/* The same shared page, a different private one. */
	KEXPECT_EQ(t, vm_lookup(&child, BASE, NULL), vm_lookup(&parent, BASE, NULL));
	KEXPECT_NE(t, vm_lookup(&child, BASE + 8 * PG, NULL),
		   vm_lookup(&parent, BASE + 8 * PG, NULL));
	v = mmap_find(&parent, BASE);
	KASSERT_TRUE(t, v && v->obj && v->obj->refs == 2);
	/* Truncation unmaps pages 2 and 3 in both. */
	KEXPECT_EQ(t, shmem_truncate(v->obj, 2 * PG), 0);
	KEXPECT_NE(t, vm_lookup(&parent, BASE + PG, NULL), 0);
	KEXPECT_EQ(t, vm_lookup(&parent, BASE + 2 * PG, NULL), 0);
	KEXPECT_EQ(t, vm_lookup(&child, BASE + 3 * PG, NULL), 0);
	/* Past the end now: no page, and the fault is SIGBUS. */
	KEXPECT_FALSE(t, mmap_populate(&child, BASE + 2 * PG, 1, VM_READ));
	{
		int signo, code;

		KEXPECT_TRUE(t, mmap_fault(&child, BASE + 3 * PG, false, &signo, &code));
		KEXPECT_EQ(t, signo, 7 /* SIGBUS */);
	}
	pte = paging_pte(child.pd_phys, BASE, false);
	KEXPECT_TRUE(t, pte && (*pte & PTE_SHARED));
	vm_destroy(&child);
	KEXPECT_EQ(t, v->obj->refs, 1);
	KEXPECT_EQ(t, mmap_check(&parent), 0);
	vm_destroy(&parent);
	KEXPECT_EQ(t, pmm_free_count(), free_before);
}

KTEST_SUITE(mmap, KTEST_CASE(test_split_and_check), KTEST_CASE(test_fork_and_truncate));
