/*
 * copy_from_user / copy_to_user / strncpy_from_user and the system calls'
 * pointer checks.  The kmain thread borrows a test address space for the
 * duration of a case (the copies go through the direct map, so CR3 does not
 * matter).
 */
#include "arch/i386/cpu.h"
#include "kernel/tty.h"
#include "kernel/ktest.h"
#include "mm/pmm.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "mm/uaccess.h"
#include "mm/vm.h"
#include "lib/string.h"
#include <abi/errno.h>

#define RW 0x08048000u /* two writable pages */
#define RO 0x0804A000u /* one read-only page */
#define HOLE 0x0804B000u

static bool borrow(struct ktest *t, struct vm *saved)
{
	struct task *me = task_current();

	*saved = me->vm;
	if (!KEXPECT_EQ(t, vm_init(&me->vm), 0))
		return false;
	KEXPECT_EQ(t, vm_map_range(&me->vm, RW, RW + 2 * PAGE_SIZE, VM_READ | VM_WRITE), 0);
	KEXPECT_EQ(t, vm_map_zero(&me->vm, RO, VM_READ), 0);
	KEXPECT_EQ(t, vm_map_zero(&me->vm, USER_TOP - PAGE_SIZE, VM_READ | VM_WRITE), 0);
	return true;
}

static void give_back(struct vm *saved)
{
	struct task *me = task_current();

	vm_destroy(&me->vm);
	me->vm = *saved;
}

static void test_copy_round_trip(struct ktest *t)
{
	struct vm saved;
	char in[64], out[64];

	if (!borrow(t, &saved))
		return;
	for (unsigned i = 0; i < sizeof(out); i++)
		out[i] = (char)(i * 7);
	/* Across the boundary of the two writable pages. */
	KEXPECT_EQ(t, copy_to_user((void *)(RW + PAGE_SIZE - 20), out, sizeof(out)), 0);
	memset(in, 0, sizeof(in));
	KEXPECT_EQ(t, copy_from_user(in, (void *)(RW + PAGE_SIZE - 20), sizeof(in)), 0);
	KEXPECT_EQ(t, memcmp(in, out, sizeof(in)), 0);
	KEXPECT_EQ(t, copy_from_user(in, (void *)RO, 16), 0); /* read-only: readable */
	KEXPECT_EQ(t, copy_to_user((void *)RW, out, 0), 0);   /* nothing to copy */
	give_back(&saved);
}

static void test_bad_pointers_are_efault(struct ktest *t)
{
	struct vm saved;
	char buf[32];

	if (!borrow(t, &saved))
		return;
	memset(buf, 'k', sizeof(buf));
	KEXPECT_EQ(t, copy_from_user(buf, NULL, 4), -EFAULT);
	KEXPECT_EQ(t, copy_to_user(NULL, buf, 4), -EFAULT);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)0xC0100000, 4), -EFAULT); /* kernel */
	KEXPECT_EQ(t, copy_to_user((void *)0xC0100000, buf, 4), -EFAULT);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)0xFFFFF000, 4), -EFAULT);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)HOLE, 4), -EFAULT);	/* unmapped */
	KEXPECT_EQ(t, copy_to_user((void *)RO, buf, 4), -EFAULT);	/* read-only */
	KEXPECT_EQ(t, copy_to_user((void *)(RO - 2), buf, 4), -EFAULT); /* ends read-only */
	KEXPECT_EQ(t, copy_from_user(buf, (void *)(RO + PAGE_SIZE - 2), 4),
		   -EFAULT); /* into hole */
	/* Straddling USER_TOP from the last (mapped) user page. */
	KEXPECT_EQ(t, copy_from_user(buf, (void *)(USER_TOP - 16), 16), 0);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)(USER_TOP - 16), 17), -EFAULT);
	KEXPECT_EQ(t, copy_to_user((void *)(USER_TOP - 8), buf, 32), -EFAULT);
	/* Wrap-around of the 32-bit address. */
	KEXPECT_EQ(t, copy_from_user(buf, (void *)RW, 0xFFFFFFF0u), -EFAULT);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)0xFFFFFFF8u, 16), -EFAULT);
	/* Nothing was written on failure. */
	for (unsigned i = 0; i < sizeof(buf); i++)
		if (buf[i] != 'k' && buf[i] != 0)
			KEXPECT_TRUE(t, false);
	give_back(&saved);
}

static void test_no_address_space_is_efault(struct ktest *t)
{
	char c;
	/* The kmain thread has no user space at all. */
	KEXPECT_EQ(t, copy_from_user(&c, (void *)RW, 1), -EFAULT);
	KEXPECT_EQ(t, copy_to_user((void *)RW, &c, 1), -EFAULT);
}

static void test_strncpy_from_user(struct ktest *t)
{
	struct vm saved;
	char buf[16];
	const char *last = "tail";

	if (!borrow(t, &saved))
		return;
	KEXPECT_EQ(t, copy_to_user((void *)RW, "hello", 6), 0);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)RW, sizeof(buf)), 5);
	KEXPECT_EQ(t, strcmp(buf, "hello"), 0);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)RW, 4), -ENAMETOOLONG);
	KEXPECT_EQ(t, strncpy_from_user(buf, NULL, sizeof(buf)), -EFAULT);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)0xC0000000, sizeof(buf)), -EFAULT);
	/* "tail" right at the end of the writable pages, unterminated: runs into the RO page
	 * (zeroed). */
	KEXPECT_EQ(t, copy_to_user((void *)(RW + 2 * PAGE_SIZE - 4), last, 4), 0);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)(RW + 2 * PAGE_SIZE - 4), sizeof(buf)), 4);
	/* Unterminated at the end of user space: USER_TOP follows. */
	KEXPECT_EQ(t, copy_to_user((void *)(USER_TOP - 2), "ab", 2), 0);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)(USER_TOP - 2), sizeof(buf)), -EFAULT);
	KEXPECT_EQ(t, strncpy_from_user(buf, (void *)(USER_TOP - 2), 3), -ENAMETOOLONG);
	give_back(&saved);
}

/* The terminal in raw mode without echo (VMIN 1), input dropped; *old
 * keeps what to restore. */
static void raw_quiet(struct termios *old)
{
	struct termios raw;

	tty_get_termios(old);
	raw = *old;
	raw.c_lflag &= ~(ICANON | ECHO);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	tty_set_termios(&raw);
	tty_flush_input();
}

/* Bytes typed at once, as one interrupt would bring them. */
static void typed(const char *s)
{
	u32 flags = irq_save();
	while (*s)
		tty_receive(*s++);
	irq_restore(flags);
}

static void test_syscalls_check_pointers(struct ktest *t)
{
	struct vm saved;
	char buf[8];

	if (!borrow(t, &saved))
		return;
	KEXPECT_EQ(t, syscall_invoke(__NR_write, 1, 0, 5, 0, 0, 0), -EFAULT);
	KEXPECT_EQ(t, syscall_invoke(__NR_write, 1, 0xC0100000, 5, 0, 0, 0), -EFAULT);
	KEXPECT_EQ(t, syscall_invoke(__NR_write, 1, RO + PAGE_SIZE - 2, 5, 0, 0, 0), -EFAULT);
	KEXPECT_EQ(t, syscall_invoke(__NR_write, 1, 0, 0, 0, 0, 0), 0);
	KEXPECT_EQ(t, syscall_invoke(__NR_write, 7, RW, 1, 0, 0, 0), -EBADF);
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 0, RO, 5, 0, 0, 0), -EFAULT); /* read-only */
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 0, 0, 5, 0, 0, 0), -EFAULT);
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 5, RW, 5, 0, 0, 0), -EBADF);
	/* Console input arrives through the terminal: read takes what is there. */
	struct termios old;
	raw_quiet(&old);
	typed("abc");
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 0, RW + PAGE_SIZE - 1, 5, 0, 0, 0), 3);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)(RW + PAGE_SIZE - 1), 3), 0);
	KEXPECT_EQ(t, memcmp(buf, "abc", 3), 0);
	tty_set_termios(&old);
	give_back(&saved);
}

static void test_unknown_syscalls_enosys(struct ktest *t)
{
	KEXPECT_EQ(t, syscall_invoke(222, 0, 0, 0, 0, 0, 0), -ENOSYS); /* none on Linux i386 */
	/* 0 is restart_syscall: with nothing to go on with, EINTR (Linux). */
	KEXPECT_EQ(t, syscall_invoke(__NR_restart_syscall, 0, 0, 0, 0, 0, 0), -EINTR);
	KEXPECT_EQ(t, syscall_invoke(285, 0, 0, 0, 0, 0, 0), -ENOSYS); /* none on Linux i386 either (251 is epoll_ctl here) */
	KEXPECT_EQ(t, syscall_invoke(NR_SYSCALLS, 0, 0, 0, 0, 0, 0), -ENOSYS);
	KEXPECT_EQ(t, syscall_invoke(0xFFFFFFFFu, 0, 0, 0, 0, 0, 0), -ENOSYS);
	KEXPECT_EQ(t, syscall_invoke(__NR_getuid, 0, 0, 0, 0, 0, 0), 0);
	KEXPECT_EQ(t, syscall_invoke(__NR_getpid, 0, 0, 0, 0, 0, 0), task_current()->pid);
}

/* Plays the serial IRQ: input arrives while the reader sleeps. */
static int typist(void *arg)
{
	(void)arg;
	typed("xyz");
	return 0;
}

static void test_read_waits_for_input(struct ktest *t)
{
	struct vm saved;
	struct task *typer;
	char buf[8];

	struct termios old;

	if (!borrow(t, &saved))
		return;
	raw_quiet(&old);
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 0, RW, 0, 0, 0, 0), 0);
	typer = task_create_kernel("typist", typist, NULL, SCHED_PRIO_DEFAULT);
	KASSERT_TRUE(t, typer != NULL);
	/* Nothing there: read sleeps until the typist has pushed and woken it. */
	KEXPECT_EQ(t, syscall_invoke(__NR_read, 0, RW, 8, 0, 0, 0), 3);
	KEXPECT_EQ(t, typer->state, TASK_ZOMBIE);
	KEXPECT_EQ(t, copy_from_user(buf, (void *)RW, 3), 0);
	KEXPECT_EQ(t, memcmp(buf, "xyz", 3), 0);
	task_reap(typer);
	tty_set_termios(&old);
	give_back(&saved);
}

KTEST_SUITE(uaccess, KTEST_CASE(test_copy_round_trip), KTEST_CASE(test_bad_pointers_are_efault),
	    KTEST_CASE(test_no_address_space_is_efault), KTEST_CASE(test_strncpy_from_user),
	    KTEST_CASE(test_syscalls_check_pointers), KTEST_CASE(test_unknown_syscalls_enosys),
	    KTEST_CASE(test_read_waits_for_input));
