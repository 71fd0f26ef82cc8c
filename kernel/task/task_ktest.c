/*
 * User tasks from tiny in-memory ELF images: a program runs in ring 3,
 * makes system calls and exits with its status; every page comes back;
 * a write to the kernel, a division by zero, a privileged and an invalid
 * instruction each end only their own task, with the signal Linux gives;
 * SIGKILL ends a task blocked in pause.
 */
#include "arch/i386/memlayout.h"
#include "kernel/time/clock.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "mm/pmm.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/task/user_image_ktest.h"
#include <abi/errno.h>
#include <abi/signal.h>

static u8 img_a[256], img_b[256];

#define LE32(v) (u8)(v), (u8)((v) >> 8), (u8)((v) >> 16), (u8)((v) >> 24)
#define MOV_EAX(v) 0xB8, LE32(v)
#define MOV_EBX(v) 0xBB, LE32(v)
#define MOV_ECX(v) 0xB9, LE32(v)
#define MOV_EDX(v) 0xBA, LE32(v)
#define INT80 0xCD, 0x80
#define EXIT(code) MOV_EAX(1), MOV_EBX(code), INT80

/* write(1, msg, 14) at offset 48 of the code; getpid; exit(7). */
#define HELLO_MSG (TEST_ELF_ENTRY + 48)
static const u8 prog_hello[] = {
    MOV_EAX(4),	 MOV_EBX(1), MOV_ECX(HELLO_MSG), MOV_EDX(14), INT80, /* 22 bytes */
    MOV_EAX(20), INT80,						     /* getpid: 7 */
    EXIT(7),							     /* 12: 41 */
};

static const u8 prog_kernel_write[] = {
    0xC7,    0x05, LE32(0xC0100000u), LE32(0x2A), /* movl $42, 0xC0100000 */
    EXIT(0),
};
static const u8 prog_divide[] = {0x31, 0xC9, 0xF7, 0xF1, EXIT(0)}; /* xor ecx,ecx; div ecx */
static const u8 prog_hlt[] = {0xF4, EXIT(0)};
static const u8 prog_ud2[] = {0x0F, 0x0B, EXIT(0)};
static const u8 prog_null[] = {0xA1, LE32(0), EXIT(0)};		 /* mov eax, [0] */
static const u8 prog_pause[] = {MOV_EAX(29), INT80, 0xEB, 0xF7}; /* for (;;) pause(); */

static struct task *start(u8 *img, const u8 *code, size_t code_len, const char *name)
{
	size_t len = test_elf_build(img, 256, code, code_len);
	char *argv[] = {(char *)name, "x"};
	int err = 0;

	return len ? task_create_user(img, len, 2, argv, 0, &err) : NULL;
}

static void test_hello_exit_status_and_memory(struct ktest *t)
{
	u8 code[64];
	u32 before = pmm_free_count();
	struct task *p;

	memset(code, 0x90, sizeof(code));
	memcpy(code, prog_hello, sizeof(prog_hello));
	memcpy(code + 48, "# from ring 3\n", 14);
	p = start(img_a, code, sizeof(code), "hello");
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_EQ(t, p->pid > 0, 1);
	KEXPECT_TRUE(t, p->user);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_EXIT(7));
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_kernel_write_kills_only_that_task(struct ktest *t)
{
	volatile u32 *target = (volatile u32 *)0xC0100000u;
	u32 before = pmm_free_count(), old = *target;
	u8 code[64];
	struct task *bad, *good;

	memset(code, 0x90, sizeof(code));
	memcpy(code, prog_hello, sizeof(prog_hello));
	memcpy(code + 48, "# still alive\n", 14);
	bad = start(img_a, prog_kernel_write, sizeof(prog_kernel_write), "evil");
	good = start(img_b, code, sizeof(code), "good");
	KASSERT_TRUE(t, bad && good);
	KEXPECT_EQ(t, task_reap(bad), TASK_WSTATUS_SIGNAL(SIGSEGV));
	KEXPECT_EQ(t, task_reap(good), TASK_WSTATUS_EXIT(7));
	KEXPECT_EQ(t, *target, old);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_faults_give_linux_signals(struct ktest *t)
{
	struct task *p;

	p = start(img_a, prog_divide, sizeof(prog_divide), "divide");
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_SIGNAL(SIGFPE));
	p = start(img_a, prog_hlt, sizeof(prog_hlt), "hlt");
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_SIGNAL(SIGSEGV));
	p = start(img_a, prog_ud2, sizeof(prog_ud2), "ud2");
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_SIGNAL(SIGILL));
	p = start(img_a, prog_null, sizeof(prog_null), "null");
	KASSERT_TRUE(t, p != NULL);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_SIGNAL(SIGSEGV));
}

static void test_sigkill_ends_blocked_task(struct ktest *t)
{
	u32 before = pmm_free_count();
	struct task *p = start(img_a, prog_pause, sizeof(prog_pause), "pauser");
	int spins = 0;

	KASSERT_TRUE(t, p != NULL);
	while (p->state != TASK_SLEEPING && spins++ < 100)
		sched_yield_now();
	KEXPECT_EQ(t, p->state, TASK_SLEEPING);
	task_kill(p, SIGKILL);
	KEXPECT_EQ(t, task_reap(p), TASK_WSTATUS_SIGNAL(SIGKILL));
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static void test_bad_image_refused(struct ktest *t)
{
	u32 before = pmm_free_count();
	size_t len = test_elf_build(img_a, sizeof(img_a), prog_hlt, sizeof(prog_hlt));
	char *argv[] = {"bad"};
	int err = 0;

	img_a[18] = 62; /* e_machine: x86-64 */
	KEXPECT_TRUE(t, task_create_user(img_a, len, 1, argv, 0, &err) == NULL);
	KEXPECT_EQ(t, err, -ENOEXEC);
	KEXPECT_EQ(t, pmm_free_count(), before);
}

/* getpid() 5000 times (ecx survives the calls), then exit(0); and exit(0) alone. */
static const u8 prog_getpids[] = {MOV_ECX(5000), MOV_EAX(20), INT80, 0x49, 0x75, 0xF6, EXIT(0)};
static const u8 prog_exit[] = {EXIT(0)};

static u64 run_ns(const u8 *code, size_t len)
{
	u64 t0 = clock_monotonic_ns();
	struct task *p = start(img_a, code, len, "timed");

	if (!p || task_reap(p) != 0)
		return 0;
	return clock_monotonic_ns() - t0;
}

/* What a system call costs from ring 3 and back, and a task's whole life. */
static void test_syscall_cost(struct ktest *t)
{
	u64 life = run_ns(prog_exit, sizeof(prog_exit));
	u64 calls = run_ns(prog_getpids, sizeof(prog_getpids));

	KEXPECT_GT(t, life, 0);
	KEXPECT_GT(t, calls, life);
	kprintf("# tasks: create+load+run+exit+reap %u ns; getpid %u ns per call\n", (unsigned)life,
		(unsigned)((calls - life) / 5000));
}

static const u8 prog_spin[] = {0xEB, 0xFE}; /* jmp . */

/* Two tasks that never enter the kernel share the CPU by time slices. */
static void test_time_slices_share_the_cpu(struct ktest *t)
{
	u32 before = pmm_free_count();
	u64 wall0 = clock_monotonic_ns(), wall;
	struct task *a = start(img_a, prog_spin, sizeof(prog_spin), "spin-a");
	struct task *b = start(img_b, prog_spin, sizeof(prog_spin), "spin-b");
	u64 ca, cb;

	KASSERT_TRUE(t, a && b);
	/* kmain sleeps 200 ms; only the slice timer can move the CPU between the two. */
	KEXPECT_EQ(t, sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() + 200000000ull),
		   -ETIMEDOUT);
	ca = task_cpu_ns(a);
	cb = task_cpu_ns(b);
	wall = clock_monotonic_ns() - wall0;
	kprintf("# spin-a %u us, spin-b %u us of CPU\n", (unsigned)(ca / 1000),
		(unsigned)(cb / 1000));
	KEXPECT_GE(t, ca, 60000000);
	KEXPECT_GE(t, cb, 60000000);
	/* One CPU: their CPU time together is at most the time they existed. */
	KEXPECT_LE(t, ca + cb, wall);
	KEXPECT_LE(t, wall, 200000000 + 3 * SCHED_SLICE_NS);
	task_kill(a, SIGKILL);
	task_kill(b, SIGKILL);
	KEXPECT_EQ(t, task_reap(a), TASK_WSTATUS_SIGNAL(SIGKILL));
	KEXPECT_EQ(t, task_reap(b), TASK_WSTATUS_SIGNAL(SIGKILL));
	KEXPECT_EQ(t, pmm_free_count(), before);
}

static volatile u64 woke_late_ns;

static int high_sleeper(void *arg)
{
	u64 deadline = clock_monotonic_ns() + 5000000;

	(void)arg;
	if (sched_sleep(KTIMER_MONOTONIC, deadline) != -ETIMEDOUT)
		return 1;
	woke_late_ns = clock_monotonic_ns() - deadline;
	return 0;
}

/*
 * A task of higher priority that wakes takes the CPU from a user task at
 * once (on the interrupt's way back to ring 3), without waiting for a
 * slice: here there is no slice at all, nothing else shares the spinner's
 * priority while kmain waits.
 */
static void test_wakeup_preempts_lower_priority(struct ktest *t)
{
	struct task *spin = start(img_a, prog_spin, sizeof(prog_spin), "spin");
	struct task *high;

	KASSERT_TRUE(t, spin != NULL);
	high = task_create_kernel("high", high_sleeper, NULL, SCHED_PRIO_DEFAULT + 4);
	KASSERT_TRUE(t, high != NULL);
	KEXPECT_EQ(t, task_reap(high), 0);
	kprintf("# woken %u ns after its deadline, over a spinning user task\n",
		(unsigned)woke_late_ns);
	KEXPECT_LT(t, woke_late_ns, 1000000);
	task_kill(spin, SIGKILL);
	KEXPECT_EQ(t, task_reap(spin), TASK_WSTATUS_SIGNAL(SIGKILL));
}

KTEST_SUITE(tasks, KTEST_CASE(test_hello_exit_status_and_memory),
	    KTEST_CASE(test_kernel_write_kills_only_that_task),
	    KTEST_CASE(test_faults_give_linux_signals), KTEST_CASE(test_sigkill_ends_blocked_task),
	    KTEST_CASE(test_bad_image_refused), KTEST_CASE(test_syscall_cost),
	    KTEST_CASE(test_time_slices_share_the_cpu), KTEST_CASE(test_wakeup_preempts_lower_priority));
