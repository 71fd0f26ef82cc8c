/*
 * The kernel's protections against itself, checked by probing: a store to
 * its code or read-only data faults (CR0.WP, paging_protect_kernel); with
 * SMAP a load of a user page faults unless EFLAGS.AC opens a window, and
 * every entry's AC clearing is in place.  Each probe is one instruction
 * whose fault is fixed up (TRAP_FIXUP_RESUME): it returns -EFAULT instead.
 * test-smap runs these on a CPU model with SMEP and SMAP; elsewhere the
 * SMAP case checks that the same load works without a window.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/cpu_protect.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/trap_fixup.h"
#include "kernel/ktest.h"
#include "mm/vm.h"
#include <abi/errno.h>

/* *p = v, or -EFAULT if the store faults. */
static int probe_store(volatile u8 *p, u8 v)
{
	int rc = 0;

	__asm__ volatile("1: movb %b2, (%1)\n"
			 "2:\n" TRAP_FIXUP_ENTRY("1b", "2b")
			 : "+a"(rc)
			 : "r"(p), "q"(v)
			 : "memory");
	return rc;
}

/* *out = *p, or -EFAULT if the load faults. */
static int probe_load(const volatile u32 *p, u32 *out)
{
	int rc = 0;
	u32 v = 0;

	__asm__ volatile("1: movl (%2), %1\n"
			 "2:\n" TRAP_FIXUP_ENTRY("1b", "2b")
			 : "+a"(rc), "+r"(v)
			 : "r"(p)
			 : "memory");
	*out = v;
	return rc;
}

static u8 writable_byte = 1;
static const u8 read_only_byte = 2;

static void test_kernel_text_read_only(struct ktest *t)
{
	volatile u8 *code = (volatile u8 *)(u32)test_kernel_text_read_only;

	KEXPECT_EQ(t, probe_store(code, *code), -EFAULT);
	KEXPECT_EQ(t, probe_store((volatile u8 *)&read_only_byte, 2), -EFAULT);
	KEXPECT_EQ(t, read_only_byte, 2);
	KEXPECT_EQ(t, probe_store(&writable_byte, 3), 0); /* the probe itself works */
	KEXPECT_EQ(t, writable_byte, 3);
	KEXPECT_TRUE(t, read_cr0() & (1u << 16)); /* WP: ring 0 honours read-only */
}

extern u8 *const __smap_clac_start[], *const __smap_clac_end[];

static void test_smap(struct ktest *t)
{
	const u32 va = 0x08048000;
	struct vm vm;
	u32 phys, old_cr3, flags, value = 0;
	int plain, in_window = 0;

	KASSERT_EQ(t, vm_init(&vm), 0);
	KASSERT_EQ(t, vm_map_zero(&vm, va, VM_READ | VM_WRITE), 0);
	phys = vm_lookup(&vm, va, NULL);
	*(u32 *)PHYS_TO_VIRT(phys) = 0x5a5a1234; /* through the direct map */
	/* the user address itself, from ring 0, in that address space */
	flags = irq_save();
	old_cr3 = read_cr3();
	write_cr3(vm.pd_phys);
	plain = probe_load((const volatile u32 *)va, &value);
	if (cpu_smap_on()) {
		u32 windowed = 0;

		__asm__ volatile("stac" ::: "memory");
		in_window = probe_load((const volatile u32 *)va, &windowed);
		__asm__ volatile("clac" ::: "memory");
		value = windowed;
	}
	write_cr3(old_cr3);
	irq_restore(flags);
	vm_destroy(&vm);

	if (!cpu_smap_on()) {
		KEXPECT_EQ(t, plain, 0); /* no SMAP: the stray access goes through */
		KEXPECT_EQ(t, value, 0x5a5a1234);
		ktest_skip(t, "the CPU has no SMAP (test-smap runs it on one that has)");
		return;
	}
	KEXPECT_EQ(t, plain, -EFAULT); /* outside a window: the fault */
	KEXPECT_EQ(t, in_window, 0);   /* and it is SMAP's: with AC set it works */
	KEXPECT_EQ(t, value, 0x5a5a1234);
	KEXPECT_EQ(t, cpu_eflags() & (1u << 18), 0); /* AC clear in the kernel */
	/* every entry clears a program's AC */
	KEXPECT_GE(t, __smap_clac_end - __smap_clac_start, 2);
	for (u8 *const *site = __smap_clac_start; site < __smap_clac_end; site++)
		KEXPECT_TRUE(t, (*site)[0] == 0x0f && (*site)[1] == 0x01 && (*site)[2] == 0xca);
}

KTEST_SUITE(cpu_protect, KTEST_CASE(test_kernel_text_read_only), KTEST_CASE(test_smap));
