/*
 * Tasks (see task.h): creation of kernel threads and user tasks, exit,
 * kill, reaping (faults: task_fault.c; init: task_init.c).
 *
 * Memory of a task: one page for struct task, TASK_KSTACK_PAGES contiguous
 * pages of kernel stack, and its address space.  All of it comes from the
 * page allocator, so the free-page count says whether exit gave it back.
 */
#include "kernel/task/task.h"
#include "kernel/task/rlimit.h"
#include "kernel/task/vtime.h"
#include "kernel/time/itimer.h"
#include "arch/i386/cpu.h"
#include "arch/i386/gdt.h"
#include "arch/i386/paging.h"
#include "kernel/time/clock.h"
#include "kernel/task/elf.h"
#include "kernel/task/exec.h"
#include "kernel/panic.h"
#include "mm/pmm.h"
#include "kernel/printk.h"
#include "kernel/task/wait.h"
#include "ipc/sem.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/personality.h>
#include <abi/signal.h>

/* struct task lives in one page of its own (task_new). */
_Static_assert(sizeof(struct task) <= 4096, "struct task outgrew its page");

struct task *current;
static struct task *all_tasks;
static int next_pid = 1;
static struct wait_queue exit_wq = WAIT_QUEUE_INIT;
struct wait_queue task_child_wq = WAIT_QUEUE_INIT;
static u8 fpu_initial[108] __attribute__((aligned(16)));

void task_kthread_entry(void);
void task_user_entry(void);
void task_user_first_return(void);

/* A new task's first return to ring 3 (switch.asm's task_user_entry). */
void task_user_first_return(void)
{
	vtime_user_enter(current);
}

__noreturn void task_kthread_main(int (*fn)(void *), void *arg);

/* --- creation ------------------------------------------------------------ */

static void set_name(struct task *t, const char *name)
{
	const char *slash = strrchr(name, '/');

	if (slash && slash[1])
		name = slash + 1;
	strncpy(t->name, name, TASK_NAME_MAX - 1);
	t->name[TASK_NAME_MAX - 1] = '\0';
}

/* A task that is a process of its own, for now: its own leader. */
static void group_init(struct task *t)
{
	t->leader = t;
	cap_task_init(t);
	list_init(&t->threads);
	list_add_tail(&t->thread_node, &t->threads);
	t->nr_threads = 1;
}

static void link_task(struct task *t)
{
	u32 flags = irq_save();

	t->all_next = all_tasks;
	all_tasks = t;
	irq_restore(flags);
}

extern u32 boot_stack_top[];
static struct task boot_task;

void task_init(void)
{
	struct task *boot = &boot_task;

	memset(boot, 0, sizeof(*boot));
	boot->pid = 0;
	boot->prio = SCHED_PRIO_DEFAULT;
	boot->state = TASK_RUNNABLE;
	/* kstack + TASK_KSTACK_SIZE is where esp0 points: the top of boot.asm's stack. */
	boot->kstack = (u32)boot_stack_top - TASK_KSTACK_SIZE;
	set_name(boot, "kmain");
	group_init(boot);
	posix_timers_task_init(boot);
	signal_task_init(boot, NULL);
	fs_task_init(&boot->files);
	list_init(&boot->sem_undos);
	rlimit_init(boot);
	/* The state every new task's x87 starts from. */
	__asm__ volatile("fninit; fnsave %0" : "=m"(fpu_initial));
	memcpy(boot->fpu, fpu_initial, sizeof(fpu_initial));
	current = boot;
	link_task(boot);
}

static struct task *task_new(const char *name, int prio)
{
	u32 page = pmm_alloc_page();
	u32 stack;
	struct task *t;

	if (!page)
		return NULL;
	stack = pmm_alloc_pages(TASK_KSTACK_PAGES);
	if (!stack) {
		pmm_free_page(page);
		return NULL;
	}
	t = PHYS_TO_VIRT(page);
	memset(t, 0, sizeof(*t));
	t->kstack = (u32)PHYS_TO_VIRT(stack);
	if (prio < SCHED_PRIO_MIN)
		prio = SCHED_PRIO_MIN;
	if (prio > SCHED_PRIO_MAX)
		prio = SCHED_PRIO_MAX;
	t->prio = prio;
	t->state = TASK_RUNNABLE;
	t->start_ns = clock_monotonic_ns();
	t->vruntime = sched_new_vruntime(); /* level with its creator */
	t->ppid = current ? current->pid : 0;
	set_name(t, name);
	group_init(t);
	memcpy(t->fpu, fpu_initial, sizeof(fpu_initial));
	posix_timers_task_init(t);
	fs_task_init(&t->files);
	list_init(&t->sem_undos);
	rlimit_init(t); /* kernel tasks too (their signals are queued against it); fork copies over */
	return t;
}

/* The struct and the stack, for a task that never ran (or a reaped zombie). */
static void task_release(struct task *t)
{
	pmm_free_pages(VIRT_TO_PHYS(t->kstack), TASK_KSTACK_PAGES);
	pmm_free_page(VIRT_TO_PHYS(t));
}

/*
 * Pids are never reused: the counter only grows, up to TASK_PID_MAX
 * (exclusive, /proc/sys/kernel/pid_max); past it fork and clone are
 * -EAGAIN, Linux's answer when no pid is free.  Checked before the task
 * is made; on one CPU nothing else forks between the check and give_pid
 * unless the allocations between them sleep, which can let a few pids
 * past the bound, never a wrap of the int.
 */
static bool pids_left(void)
{
	return next_pid < TASK_PID_MAX;
}

static void give_pid(struct task *t)
{
	u32 flags = irq_save();

	t->pid = next_pid++;
	irq_restore(flags);
	t->tgid = t->leader->pid;
	if (t->leader == t)
		signal_task_init(t, current);
	else
		signal_thread_init(t, current);
	if (t->pid == 1) /* init; kernel threads and idle are pid 0 (below) */
		t->signal.unkillable = true;
	link_task(t);
}

struct task *task_alloc_kernel(const char *name, int (*fn)(void *), void *arg, int prio)
{
	struct task *t = task_new(name, prio);
	u32 *sp;

	if (!t)
		return NULL;
	/* What switch_to pops: edi, esi, ebx, ebp, then its return address. */
	sp = (u32 *)(t->kstack + TASK_KSTACK_SIZE);
	*--sp = 0; /* a fake return address for task_kthread_main's frame */
	*--sp = (u32)task_kthread_entry;
	*--sp = 0;	  /* ebp */
	*--sp = (u32)arg; /* ebx */
	*--sp = (u32)fn;  /* esi */
	*--sp = 0;	  /* edi */
	t->kesp = (u32)sp;
	give_pid(t);
	return t;
}

/* The idle task is pid 0 like kmain, so that init is pid 1. */
struct task *task_alloc_idle(int (*fn)(void *))
{
	struct task *t = task_alloc_kernel("idle", fn, NULL, SCHED_PRIO_MIN);

	if (t) {
		t->pid = t->tgid = 0;
		next_pid--;
	}
	return t;
}

/* A kernel thread for the kernel's whole life, started at boot (the tty's):
 * pid 0 like kmain and idle, so that init is still pid 1. */
struct task *task_create_daemon(const char *name, int (*fn)(void *), void *arg, int prio)
{
	struct task *t = task_alloc_kernel(name, fn, arg, prio);

	if (t) {
		t->pid = t->tgid = 0;
		next_pid--;
		sched_enqueue(t);
	}
	return t;
}

struct task *task_create_kernel(const char *name, int (*fn)(void *), void *arg, int prio)
{
	struct task *t = task_alloc_kernel(name, fn, arg, prio);

	if (t)
		sched_enqueue(t);
	return t;
}

void task_kthread_main(int (*fn)(void *), void *arg)
{
	int r;

	cpu_sti();
	r = fn(arg);
	task_check_killed();
	task_exit(TASK_WSTATUS_EXIT(r));
}

int task_split_args(char *line, char *argv[], int max)
{
	int argc = 0;
	char *p = line;

	while (*p && argc < max) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (!*p)
			break;
		argv[argc++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	while (*p) { /* words beyond max are dropped */
		*p++ = '\0';
	}
	return argc;
}

void task_user_frame_init(struct trap_frame *tf, u32 entry, u32 esp)
{
	memset(tf, 0, sizeof(*tf));
	tf->gs = tf->fs = tf->es = tf->ds = GDT_USER_DS;
	tf->eip = entry;
	tf->cs = GDT_USER_CS;
	tf->eflags = EFLAGS_IF | 0x2; /* bit 1 is always set; IOPL 0 */
	tf->user_esp = esp;
	tf->user_ss = GDT_USER_DS;
}

/*
 * t's kernel stack made ready to start in ring 3: the trap frame at its top
 * (returned, for the caller to fill), which trap_return pops, and under it
 * what switch_to pops (edi, esi, ebx, ebp, then task_user_entry).
 */
static struct trap_frame *user_stack_init(struct task *t)
{
	struct trap_frame *tf = (struct trap_frame *)(t->kstack + TASK_KSTACK_SIZE) - 1;
	u32 *sp = (u32 *)tf;

	*--sp = (u32)task_user_entry;
	*--sp = 0; /* ebp */
	*--sp = 0; /* ebx */
	*--sp = 0; /* esi */
	*--sp = 0; /* edi */
	t->kesp = (u32)sp;
	t->user_frame = tf;
	return tf;
}

struct task *task_create_user(const void *image, size_t len, int argc, char *const argv[], int ppid,
			      int *err)
{
	struct task *t = task_new(argc > 0 ? argv[0] : "?", SCHED_PRIO_DEFAULT);
	struct elf_info info;
	u32 esp;
	int rc;

	if (!t) {
		*err = -ENOMEM;
		return NULL;
	}
	rc = elf_check(image, len, &info);
	if (rc)
		goto fail_task;
	rc = vm_init(&t->vm);
	if (rc)
		goto fail_task;
	rc = elf_load(&t->vm, image, len, &info);
	if (rc)
		goto fail_vm;
	t->vm.brk_start = t->vm.brk = (info.end + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	if (!info.gnu_stack) /* as exec (kernel/task/exec.c) */
		t->personality = READ_IMPLIES_EXEC;
	rc = vm_stack_init(&t->vm);
	if (rc)
		goto fail_vm;
	{
		const struct exec_vec av = {.count = argc, .kvec = (const char *const *)argv};
		const struct exec_vec ev = {.count = 0};

		rc = exec_build_stack(&t->vm, &info, &av, &ev, &esp);
	}
	if (!rc)
		rc = itimers_task_init(t);
	if (rc)
		goto fail_vm;
	t->user = true;

	task_user_frame_init(user_stack_init(t), info.entry, esp);
	t->ppid = ppid;
	give_pid(t);
	t->pgid = t->sid = t->pid; /* a boot program leads a session of its own */
	sched_enqueue(t);
	return t;

fail_vm:
	vm_destroy(&t->vm);
fail_task:
	task_release(t);
	*err = rc;
	return NULL;
}

/*
 * fork: a copy of the current user task, returning 0 to the child in eax:
 * the same address space contents (vm_clone), registers, x87 state, open
 * files (shared, offsets too), signal actions, mask and alternate stack; no timers, no pending signals, CPU
 * time from zero (POSIX).  NULL and -ENOMEM when memory runs out, with
 * nothing left behind.
 */
struct task *task_fork(int *err)
{
	struct task *parent = current, *proc = parent->leader;
	struct task *t;
	struct trap_frame *tf;

	if (!pids_left()) {
		*err = -EAGAIN;
		return NULL;
	}
	t = task_new(parent->name, parent->prio);
	if (!t) {
		*err = -ENOMEM;
		return NULL;
	}
	if (vm_clone(&t->vm, &proc->vm) || itimers_task_init(t)) {
		vm_destroy(&t->vm);
		task_release(t);
		*err = -ENOMEM;
		return NULL;
	}
	rlimit_fork(t, proc);
	{ /* the child's CPU time starts at 0: its RLIMIT_CPU check too */
		u32 flags = irq_save();

		itimer_rlimit_cpu_update(t);
		irq_restore(flags);
	}
	t->user = true;
	/* The parent's live x87 state: fnsave stores and resets, frstor reloads. */
	__asm__ volatile("fnsave %0; frstor %0" : "+m"(t->fpu));
	tf = user_stack_init(t);
	*tf = *parent->user_frame;
	tf->eax = 0; /* fork returns 0 in the child */
	fs_task_fork(&t->files, &proc->files);
	memcpy(t->tls, parent->tls, sizeof(t->tls)); /* the calling thread's %gs goes on */
	t->nice = parent->nice;
	t->personality = parent->personality;
	cap_task_copy(t, parent);
	t->ppid = proc->pid;
	t->pgid = proc->pgid;
	t->sid = proc->sid;
	cred_fork(&t->cred, &proc->cred);
	give_pid(t); /* signal_task_init copies the parent's actions and mask */
	sched_enqueue(t);
	return t;
}

/*
 * clone of a thread (kernel/task/thread.c): a task of the current process
 * with a copy of the calling thread's registers (eax 0) and x87 state, its
 * id given but not yet linked anywhere; task_clone_start makes it run,
 * task_clone_abort frees it unseen.
 */
struct task *task_clone_thread(int *err)
{
	struct task *parent = current, *leader = parent->leader;
	struct task *t;

	if (!pids_left()) {
		*err = -EAGAIN;
		return NULL;
	}
	t = task_new(parent->name, parent->prio);
	struct trap_frame *tf;
	u32 flags;

	if (!t) {
		*err = -ENOMEM;
		return NULL;
	}
	t->user = true;
	t->nice = parent->nice;
	__asm__ volatile("fnsave %0; frstor %0" : "+m"(t->fpu));
	tf = user_stack_init(t);
	*tf = *parent->user_frame;
	tf->eax = 0; /* clone returns 0 in the new thread */
	list_del_init(&t->thread_node); /* its own group, made by task_new, goes */
	list_init(&t->threads);
	t->nr_threads = 0;
	t->leader = leader;
	t->personality = parent->personality;
	cap_task_copy(t, parent);
	t->ppid = 0;
	t->pgid = leader->pgid;
	t->sid = leader->sid;
	flags = irq_save();
	t->pid = next_pid++;
	irq_restore(flags);
	t->tgid = leader->pid;
	signal_thread_init(t, parent);
	return t;
}

void task_clone_abort(struct task *t)
{
	task_release(t);
}

void task_clone_start(struct task *t)
{
	struct task *leader = t->leader;
	u32 flags = irq_save();

	list_add_tail(&t->thread_node, &leader->threads);
	leader->nr_threads++;
	link_task(t);
	sched_enqueue(t);
	irq_restore(flags);
}

/*
 * execve in a process of several threads (Linux's de_thread): every other
 * thread is told to end, and the caller waits until they have.  0, or
 * -EINTR if the caller itself is being killed (it then ends on its way out).
 */
int task_exec_end_other_threads(void)
{
	struct task *leader = current->leader, *th;
	u32 flags = irq_save();

	list_for_each_entry(th, &leader->threads, thread_node) {
		if (th != current && th->state != TASK_ZOMBIE && !th->kill_signo) {
			th->kill_signo = SIGKILL;
			task_wake(th);
		}
	}
	while (leader->nr_threads > 1) {
		if (fatal_signal_pending(current) || leader->group_exit) {
			irq_restore(flags);
			return -EINTR;
		}
		if (wait_sleep(&exit_wq, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR)
			schedule(); /* a signal is pending: let the others run to their end */
	}
	irq_restore(flags);
	return 0;
}

/*
 * execve from a thread other than the leader, the others gone: the leader
 * (whose own thread has ended) runs the new program from entry with stack
 * esp, taking the caller's mask; the caller ends.
 */
void task_exec_in_leader(u32 entry, u32 esp)
{
	struct task *leader = current->leader;
	u32 flags;

	BUG_ON(leader == current || leader->state != TASK_ZOMBIE);
	task_user_frame_init(user_stack_init(leader), entry, esp);
	memcpy(leader->fpu, fpu_initial, sizeof(fpu_initial));
	memset(leader->tls, 0, sizeof(leader->tls));
	leader->clear_child_tid = 0;
	leader->restart.fn = NULL;
	leader->kill_signo = 0;
	leader->killed_sleeps = 0;
	leader->cpu_ns = 0; /* its earlier time is in dead_cpu_ns already */
	leader->user_stamps = 0; /* and dead_utime_ns */
	leader->signal.blocked = current->signal.blocked;
	leader->signal.altstack.ss_flags = SS_DISABLE;
	leader->signal.altstack.ss_sp = NULL;
	leader->signal.altstack.ss_size = 0;
	flags = irq_save();
	leader->nr_threads++;
	leader->state = TASK_RUNNABLE;
	sched_enqueue(leader);
	irq_restore(flags);
	task_exit(TASK_WSTATUS_EXIT(0));
}

/* --- lookup and accounting ----------------------------------------------- */

struct task *task_find(int pid)
{
	u32 flags = irq_save();
	struct task *t;

	if (pid <= 0) /* kmain and idle are nobody's target */
		return NULL;
	for (t = all_tasks; t; t = t->all_next)
		if (t->pid == pid && t->state != TASK_ZOMBIE)
			break;
	irq_restore(flags);
	return t;
}

bool task_is_live_process(const struct task *t)
{
	return t->leader == t && t->nr_threads > 0;
}

bool task_is_zombie_process(const struct task *t)
{
	return t->leader == t && t->nr_threads == 0 && t->state == TASK_ZOMBIE && !t->autoreap &&
	       t->ppid != 0;
}

struct task *task_find_zombie_process(int pid)
{
	u32 flags = irq_save();
	struct task *t;

	for (t = all_tasks; t; t = t->all_next)
		if (t->pid == pid && task_is_zombie_process(t))
			break;
	irq_restore(flags);
	return t;
}

struct task *task_find_process(int pid)
{
	u32 flags = irq_save();
	struct task *t;

	if (pid <= 0)
		return NULL;
	for (t = all_tasks; t; t = t->all_next)
		if (t->pid == pid && t->state != TASK_ZOMBIE)
			break;
	if (!t) { /* a leader whose own thread ended, its group going on */
		for (t = all_tasks; t; t = t->all_next)
			if (t->pid == pid && task_is_live_process(t))
				break;
	}
	irq_restore(flags);
	return t ? t->leader : NULL;
}

unsigned task_count(void)
{
	u32 flags = irq_save();
	unsigned n = 0;

	for (struct task *t = all_tasks; t; t = t->all_next)
		n++;
	irq_restore(flags);
	return n;
}

u64 task_cpu_ns(struct task *t)
{
	u32 flags = irq_save();
	u64 ns = t->cpu_ns;

	if (t == current)
		ns += clock_monotonic_ns() - t->slice_start;
	irq_restore(flags);
	return ns;
}

u64 task_process_cpu_ns(struct task *t)
{
	struct task *leader = t->leader, *th;
	u32 flags = irq_save();
	u64 ns = leader->dead_cpu_ns;

	list_for_each_entry(th, &leader->threads, thread_node)
		if (th->state != TASK_ZOMBIE)
			ns += task_cpu_ns(th);
	irq_restore(flags);
	return ns;
}

u64 task_cpu_ns_split(struct task *t, u64 *utime_ns)
{
	u32 flags = irq_save();
	u64 ns = task_cpu_ns(t), user = clock_stamp_ns(t->user_stamps);

	/* MONOTONIC (cpu_ns) may run slower than the raw stamps (adjtimex) */
	*utime_ns = user < ns ? user : ns;
	irq_restore(flags);
	return ns;
}

u64 task_process_cpu_ns_split(struct task *t, u64 *utime_ns)
{
	struct task *leader = t->leader, *th;
	u32 flags = irq_save();
	u64 ns = leader->dead_cpu_ns, user = leader->dead_utime_ns, u;

	list_for_each_entry(th, &leader->threads, thread_node)
		if (th->state != TASK_ZOMBIE) {
			ns += task_cpu_ns_split(th, &u);
			user += u;
		}
	irq_restore(flags);
	*utime_ns = user;
	return ns;
}

/* --- the end of a task ---------------------------------------------------- */

static const char *signal_name(int signo)
{
	switch (signo) {
	case SIGSEGV:
		return "SIGSEGV";
	case SIGFPE:
		return "SIGFPE";
	case SIGILL:
		return "SIGILL";
	case SIGBUS:
		return "SIGBUS";
	case SIGTRAP:
		return "SIGTRAP";
	case SIGKILL:
		return "SIGKILL";
	default:
		return "a signal";
	}
}

/* What is the process's, freed by its last thread (interrupts on). */
static void process_release(struct task *leader)
{
	posix_timers_task_exit(leader); /* first: its timers take their queued signals back */
	itimers_task_exit(leader);
	sem_process_exit(leader); /* SEM_UNDO */
	posix_cputimers_process_exit(leader); /* others' timers on its CPU time stop */
	signal_process_exit(leader);
	fs_task_exit(&leader->files);
	cred_release(&leader->cred); /* the groups; the ids stay for /proc and wait */
}

void task_exit(int wait_status)
{
	struct task *t = current, *leader = t->leader;
	bool last;
	u64 user;

	BUG_ON(t->pid == 0 || t == sched_idle_task());
	if (TASK_WIFSIGNALED(wait_status) && t->fault_signo == TASK_WTERMSIG(wait_status))
		kprintf("tick386: pid %d (%s) killed by %s at eip=%#x addr=%#x\n", t->pid, t->name,
			signal_name(t->fault_signo), t->fault_eip, t->fault_addr);
	thread_exit_notify(t); /* CLONE_CHILD_CLEARTID: 0 stored, the futex woken */
	posix_timers_thread_exit(t); /* timers aimed at it, and on its CPU time */
	signal_thread_exit(t);

	cpu_cli();
	leader->dead_cpu_ns += task_cpu_ns_split(t, &user);
	leader->dead_utime_ns += user;
	last = --leader->nr_threads == 0;
	t->exit_status = wait_status;
	if (t != leader) { /* nobody waits for a thread: the reaper frees it */
		list_del_init(&t->thread_node);
		t->autoreap = true;
		t->ppid = 0;
		t->user = false;
	}
	if (last) {
		cpu_sti();
		process_release(leader);
		cpu_cli();
		/* Leave the address space before freeing it. */
		paging_activate(paging_kernel_pd_phys());
		vm_destroy(&leader->vm);
		leader->user = false;
		if (leader->group_exit)
			leader->exit_status = leader->group_exit_status;
		process_exit_notify(leader);
	}
	t->state = TASK_ZOMBIE;
	wait_wake_all(&exit_wq);
	wait_wake_all(&task_child_wq);
	schedule();
	panic("zombie %d scheduled", t->pid);
}

void task_kill_async(struct task *t, int signo)
{
	struct task *leader = t->leader, *th;
	u32 flags;

	if (t->pid == 0) /* kmain and idle cannot die */
		return;
	flags = irq_save();
	if (leader->nr_threads > 0 && !leader->group_exit) {
		leader->group_exit = true;
		leader->group_exit_status = TASK_WSTATUS_SIGNAL(signo);
	}
	list_for_each_entry(th, &leader->threads, thread_node) {
		if (th->state != TASK_ZOMBIE && !th->kill_signo) {
			th->kill_signo = signo;
			task_wake(th);
		}
	}
	irq_restore(flags);
}

void task_kill(struct task *t, int signo)
{
	task_kill_async(t, signo);
	if (t->leader == current->leader && t->pid != 0)
		task_exit(TASK_WSTATUS_SIGNAL(signo));
}

void task_exit_group(int wait_status)
{
	struct task *leader = current->leader, *th;
	u32 flags = irq_save();

	if (!leader->group_exit) {
		leader->group_exit = true;
		leader->group_exit_status = wait_status;
	}
	list_for_each_entry(th, &leader->threads, thread_node) {
		if (th != current && th->state != TASK_ZOMBIE && !th->kill_signo) {
			th->kill_signo = SIGKILL;
			task_wake(th);
		}
	}
	irq_restore(flags);
	task_exit(wait_status);
}

void task_check_killed(void)
{
	struct task *t = current;

	if (t->kill_signo && t->pid != 0)
		task_exit(TASK_WSTATUS_SIGNAL(t->kill_signo));
}

void task_free(struct task *zombie)
{
	u32 flags = irq_save();
	struct task **pp = &all_tasks;

	BUG_ON(zombie->state != TASK_ZOMBIE);
	while (*pp && *pp != zombie)
		pp = &(*pp)->all_next;
	if (*pp)
		*pp = zombie->all_next;
	irq_restore(flags);
	task_release(zombie);
}

int task_reap(struct task *t)
{
	int status;
	u32 flags = irq_save();

	while (t->state != TASK_ZOMBIE)
		wait_sleep(&exit_wq, KTIMER_MONOTONIC, KTIME_MAX);
	irq_restore(flags);
	status = t->exit_status;
	task_free(t);
	return status;
}

struct task *task_first(void)
{
	return all_tasks;
}

struct task *task_wait_zombie(void)
{
	u32 flags = irq_save();
	struct task *z;

	for (;;) {
		for (z = all_tasks; z; z = z->all_next)
			if (z->state == TASK_ZOMBIE && (z->ppid == 0 || z->autoreap) &&
			    (z->leader != z || z->nr_threads == 0))
				break;
		if (z)
			break;
		wait_sleep(&exit_wq, KTIMER_MONOTONIC, KTIME_MAX);
	}
	irq_restore(flags);
	return z;
}
