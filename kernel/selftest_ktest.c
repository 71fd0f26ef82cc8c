/*
 * Suites that check the test harness itself.  ktest_selftest runs in
 * test=all.  The two "selftest_*" suites below are KTEST_EXPLICIT: they fail
 * on purpose (a page fault in the kernel, a hang), and the host layer
 * test-ktest-runner checks that tools/ktest-run reports each as a failure.
 */
#include "arch/i386/cpu.h"
#include "kernel/ktest.h"
#include "kernel/ksyms.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"

static void test_expect_counts_failures(struct ktest *t)
{
	struct ktest inner = {"inner", 0, NULL};
	KEXPECT_TRUE(&inner, 1 == 2);
	KEXPECT_EQ(&inner, 3, 4);
	KEXPECT_EQ(&inner, 5, 5);
	KEXPECT_EQ(t, inner.failures, 2);
}

static void test_ksyms_finds_this_function(struct ktest *t)
{
	u32 offset = ~0u;
	const char *name = ksym_lookup((u32)test_ksyms_finds_this_function + 3, &offset);
	KASSERT_TRUE(t, name != NULL);
	KEXPECT_EQ(t, strcmp(name, "test_ksyms_finds_this_function"), 0);
	KEXPECT_EQ(t, offset, 3);
	KEXPECT_TRUE(t, ksym_lookup(0x1000, &offset) == NULL);
}

static void test_vsnprintf_in_kernel(struct ktest *t)
{
	char buf[64];
	KEXPECT_EQ(t, snprintf(buf, sizeof(buf), "%5d|%-4x|%08llx|%s", -42, 0xab, 0x123456789ull, "ok"),
		   23);
	KEXPECT_EQ(t, strcmp(buf, "  -42|ab  |123456789|ok"), 0);
}

static void test_interrupts_are_on(struct ktest *t)
{
	KEXPECT_TRUE(t, cpu_eflags() & EFLAGS_IF);
}

KTEST_SUITE(ktest_selftest, KTEST_CASE(test_expect_counts_failures),
	    KTEST_CASE(test_ksyms_finds_this_function), KTEST_CASE(test_vsnprintf_in_kernel),
	    KTEST_CASE(test_interrupts_are_on));

static void test_kernel_page_fault(struct ktest *t)
{
	volatile u32 *unmapped = (volatile u32 *)0x00400000; /* user half: nothing there */
	KEXPECT_EQ(t, *unmapped, 0); /* never returns */
}

KTEST_SUITE_FLAGS(selftest_fault, KTEST_EXPLICIT, KTEST_CASE(test_kernel_page_fault));

static void test_hang(struct ktest *t)
{
	(void)t;
	cpu_cli();
	for (;;)
		cpu_hlt();
}

KTEST_SUITE_FLAGS(selftest_hang, KTEST_EXPLICIT, KTEST_CASE(test_hang));
