/* Paging and address spaces: map/unmap/lookup, the kernel half, teardown, brk. */
#include "arch/i386/paging.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "mm/vm.h"
#include <abi/errno.h>

static void test_map_lookup_unmap(struct ktest *t)
{
	struct vm vm;
	u32 access = 0, phys;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KEXPECT_EQ(t, vm_lookup(&vm, 0x08048000, NULL), 0);
	KEXPECT_EQ(t, vm_map_zero(&vm, 0x08048000, VM_READ | VM_WRITE), 0);
	phys = vm_lookup(&vm, 0x08048123, &access);
	KEXPECT_NE(t, phys, 0);
	KEXPECT_EQ(t, phys & 0xFFF, 0x123);
	KEXPECT_EQ(t, access, VM_READ | VM_WRITE);
	KEXPECT_EQ(t, *(u32 *)PHYS_TO_VIRT(phys & ~0xFFFu), 0); /* zeroed */
	KEXPECT_EQ(t, vm_map_zero(&vm, 0x08048000, VM_READ), -EEXIST);
	KEXPECT_EQ(t, vm_map_zero(&vm, 0x08049000, VM_READ), 0);
	KEXPECT_TRUE(t, vm_lookup(&vm, 0x08049000, &access) != 0);
	KEXPECT_EQ(t, access, VM_READ);
	KEXPECT_EQ(t, vm.pages, 2);
	/* Not user pages: refused. */
	KEXPECT_EQ(t, vm_map_zero(&vm, 0, VM_READ), -EINVAL);
	KEXPECT_EQ(t, vm_map_zero(&vm, USER_TOP, VM_READ), -EINVAL);
	KEXPECT_EQ(t, vm_map_zero(&vm, 0x08048010, VM_READ), -EINVAL);
	KEXPECT_EQ(t, vm_lookup(&vm, USER_TOP + 0x1000, NULL), 0);
	KEXPECT_TRUE(t, vm_unmap(&vm, 0x08048000));
	KEXPECT_FALSE(t, vm_unmap(&vm, 0x08048000));
	KEXPECT_EQ(t, vm_lookup(&vm, 0x08048000, NULL), 0);
	KEXPECT_EQ(t, vm.pages, 1);
	vm_destroy(&vm);
}

static void test_kernel_half_is_supervisor(struct ktest *t)
{
	struct vm vm;
	u32 *pd;
	unsigned bad = 0;

	KASSERT_EQ(t, vm_init(&vm), 0);
	pd = PHYS_TO_VIRT(vm.pd_phys);
	for (unsigned i = 0; i < 1024; i++) {
		if (i < PDE_KERNEL_FIRST && pd[i])
			bad++;
		if (i >= PDE_KERNEL_FIRST &&
		    (pd[i] != boot_page_directory[i] || (pd[i] & PTE_USER)))
			bad++;
	}
	KEXPECT_EQ(t, bad, 0);
	KEXPECT_TRUE(t, pd[PDE_KERNEL_FIRST] & PTE_PRESENT);
	vm_destroy(&vm);
}

static void test_teardown_returns_every_page(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct vm vm;

	KASSERT_EQ(t, vm_init(&vm), 0);
	/* Pages in several page tables, far apart. */
	KEXPECT_EQ(t, vm_map_range(&vm, 0x08048000, 0x08048000 + 40 * PAGE_SIZE, VM_READ), 0);
	KEXPECT_EQ(t,
		   vm_map_range(&vm, 0x40000000 - 3 * PAGE_SIZE, 0x40000000 + 3 * PAGE_SIZE,
				VM_READ | VM_WRITE),
		   0);
	KEXPECT_EQ(t, vm_map_range(&vm, VM_STACK_LOW, VM_STACK_TOP, VM_READ | VM_WRITE), 0);
	KEXPECT_EQ(t, vm_map_zero(&vm, USER_TOP - PAGE_SIZE, VM_READ), 0);
	KEXPECT_EQ(t, vm.pages, 40 + 6 + VM_STACK_PAGES + 1);
	/* Pages + page tables (4: 0x08048000, 0x3FC00000, 0x40000000, 0xBFC00000) + directory. */
	KEXPECT_EQ(t, before - pmm_free_count(), vm.pages + 4 + 1);
	vm_destroy(&vm);
	KEXPECT_EQ(t, pmm_free_count(), before);
	KEXPECT_EQ(t, vm.pd_phys, 0);
}

static void test_map_range_upgrades_write(struct ktest *t)
{
	struct vm vm;
	u32 access = 0;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KEXPECT_EQ(t, vm_map_range(&vm, 0x08048000, 0x08049800, VM_READ), 0);
	/* A writable segment sharing the last page makes it writable. */
	KEXPECT_EQ(t, vm_map_range(&vm, 0x08049800, 0x0804B000, VM_READ | VM_WRITE), 0);
	vm_lookup(&vm, 0x08048000, &access);
	KEXPECT_EQ(t, access, VM_READ);
	vm_lookup(&vm, 0x08049000, &access);
	KEXPECT_EQ(t, access, VM_READ | VM_WRITE);
	KEXPECT_EQ(t, vm.pages, 3);
	vm_destroy(&vm);
}

static void test_brk_linux_semantics(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct vm vm;
	u32 start = 0x0804C000;

	KASSERT_EQ(t, vm_init(&vm), 0);
	vm.brk_start = vm.brk = start;
	KEXPECT_EQ(t, vm_brk(&vm, 0), start);		    /* query */
	KEXPECT_EQ(t, vm_brk(&vm, start - 1), start);	    /* below the start: refused */
	KEXPECT_EQ(t, vm_brk(&vm, start + 10), start + 10); /* grows by one page */
	KEXPECT_TRUE(t, vm_range_ok(&vm, start, PAGE_SIZE, VM_WRITE));
	KEXPECT_FALSE(t, vm_range_ok(&vm, start + PAGE_SIZE, 1, VM_READ));
	KEXPECT_EQ(t, vm_brk(&vm, start + 5 * PAGE_SIZE), start + 5 * PAGE_SIZE);
	KEXPECT_EQ(t, vm.pages, 5);
	KEXPECT_EQ(t, vm_brk(&vm, VM_STACK_LIMIT),
		   start + 5 * PAGE_SIZE); /* into the stack: refused */
	KEXPECT_EQ(t, vm_brk(&vm, start + PAGE_SIZE + 1), start + PAGE_SIZE + 1); /* shrinks */
	KEXPECT_EQ(t, vm.pages, 2);
	KEXPECT_EQ(t, vm_brk(&vm, start), start);
	KEXPECT_EQ(t, vm.pages, 0);
	vm_destroy(&vm);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_stack_grows_near_esp_only(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct vm vm;
	u32 esp = VM_STACK_LOW + 16;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KASSERT_EQ(t, vm_stack_init(&vm), 0);
	KEXPECT_EQ(t, vm.pages, VM_STACK_PAGES);
	/* A push just below the lowest stack page. */
	KEXPECT_TRUE(t, vm_grow_stack(&vm, VM_STACK_LOW - 4, esp));
	KEXPECT_EQ(t, vm.stack_low, VM_STACK_LOW - PAGE_SIZE);
	/* A big frame (sub esp, 60000; then a touch at its bottom). */
	esp = vm.stack_low + 8;
	KEXPECT_TRUE(t, vm_grow_stack(&vm, esp - 60000, esp));
	KEXPECT_TRUE(t, vm_range_ok(&vm, esp - 60000, 60000, VM_WRITE));
	/* Far below esp, above the stack, beyond 8 MiB: not the stack. */
	KEXPECT_FALSE(t, vm_grow_stack(&vm, vm.stack_low - 200000, vm.stack_low + 8));
	KEXPECT_FALSE(t, vm_grow_stack(&vm, VM_STACK_TOP - 8, VM_STACK_TOP - 8));
	KEXPECT_FALSE(t, vm_grow_stack(&vm, VM_STACK_LIMIT - 4, VM_STACK_LIMIT));
	KEXPECT_TRUE(t, vm_grow_stack(&vm, VM_STACK_LIMIT, VM_STACK_LIMIT)); /* all 8 MiB */
	KEXPECT_EQ(t, vm.pages, VM_STACK_MAX / PAGE_SIZE);
	vm_destroy(&vm);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

KTEST_SUITE(paging, KTEST_CASE(test_map_lookup_unmap), KTEST_CASE(test_kernel_half_is_supervisor),
	    KTEST_CASE(test_teardown_returns_every_page), KTEST_CASE(test_map_range_upgrades_write),
	    KTEST_CASE(test_brk_linux_semantics), KTEST_CASE(test_stack_grows_near_esp_only));
