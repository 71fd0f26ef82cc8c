/*
 * The host shim of tests/model (see kshim.h): what kernel/time/posix_timers*.c,
 * posix_cputimers.c, ktimer.c and kernel/signal/signal.c call outside
 * themselves and lib/, and the calls the harness makes on them.
 *
 * Built as kernel code (freestanding, the tree's headers) for the host.  It
 * depends on few fields of struct task: what the files under test read
 * (pid, state, user, kill_signo; leader, threads, nr_threads, group_exit,
 * which tie the threads of a process), and signal and posix_timers (their
 * state, read back for the snapshot).  Everything else about a task (its
 * CPU time, who runs) is kept here.
 */
#include "tests/model/kshim.h"
#include "fs/file.h"
#include "fs/timerfd.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/itimer.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/ntp.h"
#include "kernel/time/posix_syscalls.h"
#include "kernel/time/posix_timer_impl.h"
#include "kernel/time/posix_timers.h"
#include "kernel/trace.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "lib/timerqueue.h"
#include "mm/slab.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/signal.h>
#include <abi/time.h>

void *malloc(size_t n); /* the host's; kernel code never sees them */
void free(void *p);

/* ---- interrupts -------------------------------------------------------- */

static bool irqs_on = true;

u32 irq_save(void)
{
	u32 flags = irqs_on ? EFLAGS_IF : 0;

	irqs_on = false;
	return flags;
}

void irq_restore(u32 flags)
{
	if (flags & EFLAGS_IF)
		irqs_on = true;
}

void cpu_cli(void)
{
	irqs_on = false;
}

void cpu_sti(void)
{
	irqs_on = true;
}

/* ---- panics, console, trace ---------------------------------------------- */

__noreturn void panic(const char *fmt, ...)
{
	ks_host_panic(fmt);
	__builtin_trap();
}

int kprintf(const char *fmt, ...)
{
	(void)fmt;
	return 0;
}

bool trace_on; /* never on: trace_event is then one test */

void trace_record_event(enum trace_type type, int pid, int timer_id, u64 a, u64 b)
{
	(void)type, (void)pid, (void)timer_id, (void)a, (void)b;
}

/* ---- what the files under test call and this model leaves out ----------- */

void ntp_second_first(u64 realtime_now)
{
	(void)realtime_now; /* no leap second is planned */
}

void timerfd_clock_was_set(void)
{
}

bool itimer_cpu_expired(struct task *t, struct timerq_node *node, u64 used_ns, u64 *next)
{
	(void)t, (void)node, (void)used_ns, (void)next;
	return false; /* no setitimer here: every node of a CPU-time queue is a POSIX timer's */
}

void itimer_sigalrm_taken(struct task *t)
{
	(void)t; /* no setitimer here: no ITIMER_REAL to re-arm */
}

void file_poll_wake(void)
{
	/* no files here: nobody polls a signalfd */
}

/* ---- slab caches: malloc, with a count of what is allocated ------------- */

struct kmem_cache {
	const char *name;
	size_t size;
	long live;
};

#define SHIM_CACHES 8
static struct kmem_cache caches[SHIM_CACHES];
static int ncaches;

struct kmem_cache *kmem_cache_create(const char *name, size_t size, size_t align)
{
	(void)align;
	BUG_ON(ncaches == SHIM_CACHES);
	caches[ncaches] = (struct kmem_cache){name, size, 0};
	return &caches[ncaches++];
}

void *kmem_cache_alloc(struct kmem_cache *c)
{
	void *p = malloc(c->size);

	if (p)
		c->live++;
	return p;
}

void kmem_cache_free(struct kmem_cache *c, void *obj)
{
	BUG_ON(c->live <= 0);
	c->live--;
	free(obj);
}

void kmem_cache_get_stats(struct kmem_cache *c, struct kmem_cache_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->object_size = (u32)c->size;
	st->objects_in_use = (u32)c->live;
}

static long cache_live(const char *name)
{
	for (int i = 0; i < ncaches; i++)
		if (strcmp(caches[i].name, name) == 0)
			return caches[i].live;
	return 0;
}

/* ---- user memory: host pointers; the first page faults ------------------- */

#define USER_BAD_PTR ((void *)16)

bool user_range_ok(const void __user *p, size_t n, bool write)
{
	(void)n, (void)write;
	return (uintptr_t)p >= 4096;
}

int copy_from_user(void *dst, const void __user *src, size_t n)
{
	if (!user_range_ok(src, n, false))
		return -EFAULT;
	memcpy(dst, src, n);
	return 0;
}

int copy_to_user(void __user *dst, const void *src, size_t n)
{
	if (!user_range_ok(dst, n, true))
		return -EFAULT;
	memcpy(dst, src, n);
	return 0;
}

static void *user_ptr(int kind, void *p)
{
	return kind == KS_PTR_OK ? p : kind == KS_PTR_NULL ? NULL : USER_BAD_PTR;
}

/* ---- the clocks and the clock event device ------------------------------- */

static u64 mono_ns;
static s64 realtime_off_ns, tai_off_sec;
static u64 event_at = KTIME_MAX; /* the programmed one-shot; KTIME_MAX: none */
static clockevent_handler_t event_handler;
/* The PIT's one-shot reaches 65536 ticks ahead (54.9 ms): farther deadlines
 * are clamped, and the handler finds nothing due and programs the rest. */
#define SHIM_MAX_DELTA_NS 50000000ull

u64 clock_monotonic_ns(void)
{
	return mono_ns;
}

u64 clock_realtime_ns(void)
{
	return mono_ns + (u64)realtime_off_ns;
}

u64 clock_tai_ns(void)
{
	return clock_realtime_ns() + (u64)(tai_off_sec * (s64)NSEC_PER_SEC);
}

s64 clock_realtime_offset_ns(void)
{
	return realtime_off_ns;
}

s64 clock_tai_offset_sec(void)
{
	return tai_off_sec;
}

u64 clockevent_program_event(u64 deadline_ns)
{
	u64 limit = mono_ns + SHIM_MAX_DELTA_NS;

	event_at = deadline_ns < limit ? deadline_ns : limit;
	return event_at;
}

void clockevent_stop(void)
{
	event_at = KTIME_MAX;
}

u64 clockevent_max_delta_ns(void)
{
	return SHIM_MAX_DELTA_NS;
}

clockevent_handler_t clockevent_set_handler(clockevent_handler_t fn)
{
	clockevent_handler_t old = event_handler;

	event_handler = fn;
	return old;
}

/* ---- tasks --------------------------------------------------------------- */

struct shim_task {
	struct task task;
	u64 cpu_ns;	 /* CPU time of the slices that ended */
	u64 slice_start; /* when it got the CPU, if it has it */
};

/* The process under test (thread 0, its leader, and thread 1), the other. */
static struct shim_task proc, thread1, other;
static u64 proc_dead_cpu_ns; /* CPU time of the process's threads that ended */
static int next_pid;
struct task *current;

#define PROC_PID 2

static void ks_settle(void);

static bool alive(const struct shim_task *s)
{
	return s->task.state != TASK_ZOMBIE;
}

/* A task of a process of its own (task.c's group_init), or a thread of
 * leader's (task_clone's). */
static void task_setup(struct shim_task *s, int pid, struct task *leader)
{
	memset(s, 0, sizeof(*s));
	s->task.pid = pid;
	s->task.state = TASK_RUNNABLE;
	s->task.user = true;
	list_init(&s->task.threads);
	posix_timers_task_init(&s->task);
	s->slice_start = mono_ns;
	if (!leader) {
		s->task.leader = &s->task;
		list_add_tail(&s->task.thread_node, &s->task.threads);
		s->task.nr_threads = 1;
		/* RLIMIT_SIGPENDING bounds the queue (kernel/signal/signal.c): the
		 * default, as rlimit_init gives every task */
		for (int r = 0; r < RLIMIT_NLIMITS; r++)
			s->task.rlim[r].rlim_cur = s->task.rlim[r].rlim_max = RLIM64_INFINITY;
		s->task.rlim[RLIMIT_SIGPENDING].rlim_cur = ABI_SIGQUEUE_MAX;
		signal_task_init(&s->task, NULL);
	} else {
		s->task.leader = leader;
		signal_thread_init(&s->task, leader);
		list_add_tail(&s->task.thread_node, &leader->threads);
		leader->nr_threads++;
	}
}

u64 task_cpu_ns(struct task *t)
{
	struct shim_task *s = container_of(t, struct shim_task, task);

	return s->cpu_ns + (t == current ? mono_ns - s->slice_start : 0);
}

u64 task_process_cpu_ns(struct task *t)
{
	if (t->leader == &other.task)
		return task_cpu_ns(&other.task);
	return proc_dead_cpu_ns + (alive(&proc) ? task_cpu_ns(&proc.task) : 0) +
	       (alive(&thread1) ? task_cpu_ns(&thread1.task) : 0);
}

void task_wake(struct task *t)
{
	(void)t; /* ks_advance checks what wakes a sleep itself */
}

static struct shim_task *by_pid(int pid)
{
	if (pid == proc.task.pid && alive(&proc))
		return &proc;
	if (pid == thread1.task.pid && alive(&thread1))
		return &thread1;
	if (pid == other.task.pid && alive(&other))
		return &other;
	return NULL;
}

struct task *task_find(int pid)
{
	struct shim_task *s = by_pid(pid);

	return s ? &s->task : NULL;
}

struct task *task_find_process(int pid)
{
	struct shim_task *s = by_pid(pid);

	return s && s->task.leader == &s->task ? &s->task : NULL;
}

void task_kill_async(struct task *t, int signo)
{
	(void)t, (void)signo;
	BUG_ON(1); /* only SIGKILL gets here, and the harness sends none */
}

/* The scheduler's switch, as sched.c makes it: CPU time, then CPU timers. */
static void switch_to(struct shim_task *next)
{
	struct shim_task *prev = container_of(current, struct shim_task, task);
	u32 flags;

	if (prev == next)
		return;
	flags = irq_save();
	prev->cpu_ns += mono_ns - prev->slice_start;
	next->slice_start = mono_ns;
	posix_cputimers_switch(&prev->task, &next->task);
	current = &next->task;
	irq_restore(flags);
}

static struct shim_task *task_of(int who)
{
	return who == KS_OTHER ? &other : who == 1 ? &thread1 : &proc;
}

/* A thread that is not the last of its process ends (task_exit's first
 * half); it is the one running. */
static void thread_end(struct shim_task *s)
{
	struct task *t = &s->task;
	u32 flags;

	switch_to(s);
	posix_timers_thread_exit(t);
	signal_thread_exit(t);
	flags = irq_save();
	proc_dead_cpu_ns += task_cpu_ns(t);
	t->leader->nr_threads--;
	list_del_init(&t->thread_node);
	t->state = TASK_ZOMBIE;
	irq_restore(flags);
}

/* The last thread of a process ends, and the process with it. */
static void process_end(struct shim_task *s)
{
	struct task *t = &s->task;

	switch_to(s);
	posix_timers_thread_exit(t);
	signal_thread_exit(t);
	t->nr_threads = 0;
	/* task.c's process_release */
	posix_timers_task_exit(t);
	posix_cputimers_process_exit(t);
	signal_process_exit(t);
	t->state = TASK_ZOMBIE;
}

/* ---- setting up ---------------------------------------------------------- */

void ks_init(u64 mono, s64 rt_off, s64 tai_off)
{
	mono_ns = mono;
	realtime_off_ns = rt_off;
	tai_off_sec = tai_off;
	event_at = KTIME_MAX;
	ktimer_subsystem_init();
	signal_init();
	posix_timers_init();
	task_setup(&proc, PROC_PID, NULL);
	task_setup(&other, PROC_PID + 1, NULL);
	thread1.task.state = TASK_ZOMBIE; /* not started */
	next_pid = PROC_PID + 2;
	proc_dead_cpu_ns = 0;
	current = &proc.task;
}

int ks_pid(void)
{
	return PROC_PID;
}

int ks_other_pid(void)
{
	return other.task.pid;
}

void ks_thread_create(void)
{
	BUG_ON(alive(&thread1));
	switch_to(&proc);
	task_setup(&thread1, next_pid++, &proc.task);
	ks_settle();
}

void ks_thread_exit(void)
{
	BUG_ON(!alive(&thread1));
	thread_end(&thread1);
	switch_to(&proc);
	ks_settle();
}

void ks_other_exit(void)
{
	process_end(&other);
	switch_to(&proc);
	task_setup(&other, next_pid++, NULL);
	ks_settle();
}

/* ---- IRQ 0 --------------------------------------------------------------- */

/* The interrupt of every deadline reached (interrupts on between calls):
 * after every call, as IRQ 0 comes as soon as interrupts are on again. */
static void ks_settle(void)
{
	int storm = 0;

	BUG_ON(!irqs_on);
	while (event_at <= mono_ns) {
		event_at = KTIME_MAX; /* a one-shot: it fired */
		irqs_on = false;
		event_handler(mono_ns);
		irqs_on = true;
		if (++storm > 100000)
			ks_host_panic("the clock event keeps firing at the same time");
	}
}

void ks_advance(u64 target, int who, int stop_thread, u64 stop_mask)
{
	struct task *st = &task_of(stop_thread)->task;
	abi_sigset_t stop = 0;

	switch_to(task_of(who));
	ks_settle();
	for (;;) {
		if (stop_mask)
			stop = (st->signal.pending.set | st->leader->signal.shared.set) & stop_mask;
		if (stop || event_at > target)
			break;
		if (event_at > mono_ns)
			mono_ns = event_at;
		ks_settle();
	}
	if (!stop && target > mono_ns)
		mono_ns = target;
	ks_settle();
}

void ks_clock_set(int by, u64 realtime_ns)
{
	/* what clock_realtime_set does (kernel/time/clock.c) */
	u32 flags;

	switch_to(task_of(by));
	flags = irq_save();

	realtime_off_ns = (s64)(realtime_ns - mono_ns);
	irq_restore(flags);
	ktimer_clock_was_set();
	ks_settle();
}

void ks_tai_set(int by, s64 sec)
{
	/* what clock_tai_offset_set does (kernel/time/clock.c) */
	u32 flags;

	switch_to(task_of(by));
	flags = irq_save();

	tai_off_sec = sec;
	irq_restore(flags);
	ktimer_clock_was_set();
	ks_settle();
}

/* ---- the timer calls ----------------------------------------------------- */

static void to_timespec(const struct ks_timespec *in, struct timespec *out)
{
	out->tv_sec = (long)in->sec;
	out->tv_nsec = (long)in->nsec;
}

static void from_timespec(const struct timespec *in, struct ks_timespec *out)
{
	out->sec = in->tv_sec;
	out->nsec = in->tv_nsec;
}

long ks_timer_create(int by, int clockid, const struct ks_sigevent *ev, int ev_ptr, int id_ptr,
		     int *id)
{
	struct sigevent sev;
	timer_t tid = -1;
	long rc;

	memset(&sev, 0, sizeof(sev));
	if (ev) {
		sev.sigev_notify = ev->notify;
		sev.sigev_signo = ev->signo;
		sev.sigev_value.sival_int = ev->value;
		sev.sigev_notify_thread_id = ev->tid;
	}
	switch_to(task_of(by));
	rc = sys_timer_create(clockid, user_ptr(ev_ptr, &sev), user_ptr(id_ptr, &tid));
	*id = tid;
	ks_settle();
	return rc;
}

long ks_timer_settime(int by, int id, int flags, int new_ptr, const struct ks_timespec *value,
		      const struct ks_timespec *interval, int old_ptr, struct ks_timespec old[2])
{
	struct itimerspec nv, ov;
	long rc;

	to_timespec(value, &nv.it_value);
	to_timespec(interval, &nv.it_interval);
	memset(&ov, 0x5a, sizeof(ov));
	switch_to(task_of(by));
	rc = sys_timer_settime(id, flags, user_ptr(new_ptr, &nv), user_ptr(old_ptr, &ov));
	from_timespec(&ov.it_value, &old[0]);
	from_timespec(&ov.it_interval, &old[1]);
	ks_settle();
	return rc;
}

long ks_timer_gettime(int by, int id, int ptr, struct ks_timespec cur[2])
{
	struct itimerspec v;
	long rc;

	memset(&v, 0x5a, sizeof(v));
	switch_to(task_of(by));
	rc = sys_timer_gettime(id, user_ptr(ptr, &v));
	from_timespec(&v.it_value, &cur[0]);
	from_timespec(&v.it_interval, &cur[1]);
	ks_settle();
	return rc;
}

long ks_timer_getoverrun(int by, int id)
{
	long rc;

	switch_to(task_of(by));
	rc = sys_timer_getoverrun(id);
	ks_settle();
	return rc;
}

long ks_timer_delete(int by, int id)
{
	long rc;

	switch_to(task_of(by));
	rc = sys_timer_delete(id);
	ks_settle();
	return rc;
}

/* ---- signals ------------------------------------------------------------- */

static void to_info(const siginfo_t *si, struct ks_info *out)
{
	out->signo = si->si_signo;
	out->code = si->si_code;
	out->timer_id = si->si_code == SI_TIMER ? si->si_tid : 0;
	out->overrun = si->si_code == SI_TIMER ? si->si_overrun : 0;
	out->value = si->si_code == SI_TIMER ? si->si_value.sival_int : 0;
}

long ks_sigaction(int by, int signo, int action)
{
	struct abi_sigaction act;
	long rc;

	memset(&act, 0, sizeof(act));
	act.handler = action == KS_IGN	 ? SIG_IGN
		      : action == KS_DFL ? SIG_DFL
					 : (abi_sighandler_t)0x8048000;
	switch_to(task_of(by));
	rc = signal_set_action(current, signo, &act, NULL);
	ks_settle();
	return rc;
}

void ks_sigprocmask(int by, int how, u64 set)
{
	abi_sigset_t s = set;

	switch_to(task_of(by));
	signal_set_mask(current, how, &s, NULL);
	ks_settle();
}

static void user_info(siginfo_t *info, int signo)
{
	memset(info, 0, sizeof(*info));
	info->si_signo = signo;
	info->si_code = SI_USER;
	info->si_pid = other.task.pid;
}

long ks_kill(int signo)
{
	siginfo_t info;

	long rc;

	user_info(&info, signo);
	switch_to(&other);
	rc = signal_send(&proc.task, signo, &info);
	ks_settle();
	return rc;
}

long ks_tkill(int thread, int signo)
{
	siginfo_t info;

	long rc;

	user_info(&info, signo);
	switch_to(&other);
	rc = signal_send_thread(&task_of(thread)->task, signo, &info);
	ks_settle();
	return rc;
}

/* Every thread of the process ends, and a fresh process of one thread,
 * with the same pid, takes its place. */
static void process_restart(void)
{
	if (alive(&thread1))
		thread_end(&thread1);
	process_end(&proc);
	switch_to(&other);
	proc_dead_cpu_ns = 0;
	task_setup(&proc, PROC_PID, NULL);
	switch_to(&proc);
}

int ks_deliver(int thread, struct ks_info *info, int *action)
{
	struct task *t = &task_of(thread)->task;
	siginfo_t si;
	abi_sighandler_t h;
	int signo;

	switch_to(task_of(thread));
	signo = signal_dequeue(t, ~t->signal.blocked, &si);
	if (!signo) {
		ks_settle();
		return 0;
	}
	to_info(&si, info);
	/* the choice signal_deliver (kernel/signal/signal_deliver.c) makes */
	h = t->leader->signal.action[signo - 1].handler;
	if (h == SIG_IGN) {
		*action = KS_IGN;
	} else if (h != SIG_DFL) {
		*action = KS_HANDLER;
	} else if (signal_default_action(signo) == SIGNAL_DEFAULT_IGNORE ||
		   signal_default_action(signo) == SIGNAL_DEFAULT_CONTINUE) {
		*action = KS_IGN;
	} else {
		BUG_ON(signal_default_action(signo) == SIGNAL_DEFAULT_STOP);
		*action = KS_DFL;
		process_restart();
	}
	ks_settle();
	return signo;
}

int ks_sigtimedwait(int thread, u64 set, struct ks_info *info)
{
	siginfo_t si;
	int signo;

	switch_to(task_of(thread));
	signo = signal_dequeue(current, set & ~SIGNAL_UNBLOCKABLE, &si);
	if (signo)
		to_info(&si, info);
	ks_settle();
	return signo;
}

void ks_exec(void)
{
	/* what execve does (kernel/task/exec.c): the other threads end first */
	if (alive(&thread1))
		thread_end(&thread1);
	switch_to(&proc);
	posix_timers_task_exit(&proc.task);
	signal_exec(&proc.task);
	ks_settle();
}

/* ---- looking at the state ------------------------------------------------ */

static int where(const struct sigqueue_entry *e)
{
	return e->parked ? KS_PARKED : e->queued ? KS_QUEUED : KS_IDLE;
}

static int entry_timer_id(const struct sigqueue_entry *e)
{
	return e->embedded ? container_of(e, struct posix_timer, sigq)->id : 0;
}

/* The sets of pending signals, as enum ks_set numbers them. */
static struct sigpending *set_of(int set)
{
	switch (set) {
	case KS_SET_PROCESS:
		return &proc.task.signal.shared;
	case KS_SET_THREAD0:
		return &proc.task.signal.pending;
	default:
		return alive(&thread1) ? &thread1.task.signal.pending : NULL;
	}
}

static int target_of(const struct posix_timer *pt)
{
	if (!pt->target)
		return KS_TO_ENDED;
	if (!pt->sigq.to_thread)
		return pt->target == &proc.task ? KS_TO_PROCESS : -1;
	return pt->target == &proc.task	     ? KS_TO_THREAD0
	       : pt->target == &thread1.task ? KS_TO_THREAD1
					     : -1;
}

static int cpu_task_of(const struct posix_timer *pt)
{
	if (pt->base != PT_BASE_CPU)
		return KS_CPU_NONE;
	if (!pt->cpu_task)
		return KS_CPU_GONE;
	if (pt->cpu_thread)
		return pt->cpu_task == &proc.task      ? KS_CPU_THREAD0
		       : pt->cpu_task == &thread1.task ? KS_CPU_THREAD1
						       : -1;
	return pt->cpu_task == &proc.task    ? KS_CPU_PROCESS
	       : pt->cpu_task == &other.task ? KS_CPU_OTHER
					     : -1;
}

static void snapshot_timer(const struct posix_timer *pt, struct ks_timer *out)
{
	out->id = pt->id;
	out->clockid = pt->clockid;
	out->notify = pt->notify == SIGEV_NONE ? SIGEV_NONE : SIGEV_SIGNAL;
	out->signo = pt->signo;
	out->value = pt->value.sival_int;
	out->target = target_of(pt);
	out->armed = pt->armed;
	switch (pt->base) {
	case PT_BASE_REALTIME:
		out->base = pt->clockid == CLOCK_TAI ? KS_BASE_TAI : KS_BASE_REAL;
		break;
	case PT_BASE_CPU:
		out->base = KS_BASE_CPU;
		break;
	default:
		out->base = KS_BASE_MONO;
	}
	out->cpu_task = cpu_task_of(pt);
	out->expires = pt->expires_ns;
	out->interval = pt->interval_ns;
	out->overrun = pt->overrun;
	out->overrun_last = pt->overrun_last;
	out->where = where(&pt->sigq);
	out->park_if_ignored = pt->sigq.park_if_ignored;
	if (pt->base == PT_BASE_CPU) {
		out->in_queue = timerq_is_armed(&pt->cpu_node);
		out->queue_expires = pt->cpu_node.expires;
	} else {
		out->in_queue = ktimer_active(&pt->ktimer);
		out->queue_expires = ktimer_expires(&pt->ktimer);
	}
	if (!out->in_queue)
		out->queue_expires = 0;
}

static int set_index(const struct sigpending *sp)
{
	for (int i = 0; i < KS_SETS; i++)
		if (sp && set_of(i) == sp)
			return i;
	return -1;
}

void ks_snapshot(struct ks_state *s)
{
	struct task *t = &proc.task;
	struct signal_state *ps = &t->signal;
	struct posix_timer *pt;
	struct sigqueue_entry *e;
	int i, j;

	memset(s, 0, sizeof(*s));
	s->mono = mono_ns;
	s->rt_off = realtime_off_ns;
	s->tai_off_sec = tai_off_sec;
	s->process_cpu = task_process_cpu_ns(t);
	s->other_cpu = task_cpu_ns(&other.task);
	s->other_pid = other.task.pid;
	for (i = 0; i < KS_THREADS; i++) {
		struct shim_task *th = task_of(i);

		if (!alive(th))
			continue;
		s->thread[i].alive = true;
		s->thread[i].tid = th->task.pid;
		s->thread[i].cpu = task_cpu_ns(&th->task);
		s->thread[i].blocked = th->task.signal.blocked;
	}
	for (i = 1; i <= KS_NSIG; i++) {
		abi_sighandler_t h = ps->action[i - 1].handler;

		s->action[i] = h == SIG_DFL ? KS_DFL : h == SIG_IGN ? KS_IGN : KS_HANDLER;
	}
	list_for_each_entry(pt, &t->posix_timers.timers, owner_link)
	{
		BUG_ON(s->ntimers == KS_MAX_TIMERS);
		snapshot_timer(pt, &s->timers[s->ntimers++]);
	}
	for (i = 1; i < s->ntimers; i++) /* by id */
		for (j = i; j > 0 && s->timers[j - 1].id > s->timers[j].id; j--) {
			struct ks_timer tmp = s->timers[j];

			s->timers[j] = s->timers[j - 1];
			s->timers[j - 1] = tmp;
		}
	for (int set = 0; set < KS_SETS; set++) {
		struct sigpending *sp = set_of(set);

		if (!sp)
			continue;
		s->pending[set] = sp->set;
		for (i = 1; i <= KS_NSIG; i++)
			list_for_each_entry(e, &sp->queue[i - 1], node)
			{
				BUG_ON(s->nentries == KS_MAX_ENTRIES);
				s->entries[s->nentries++] =
				    (struct ks_entry){set, i, entry_timer_id(e), e->info.si_code};
			}
	}
	list_for_each_entry(e, &ps->ignored, node)
	{
		BUG_ON(s->nparked == KS_MAX_TIMERS);
		s->parked[s->nparked++] = entry_timer_id(e);
	}
	s->timer_objects = cache_live("posix_timer");
	s->sigqueue_objects = cache_live("sigqueue");
}

/* ---- the kernel's invariants ----------------------------------------------- */

/* kernel/signal/signal.h's list, on the process. */
static const char *check_signals(void)
{
	struct task *t = &proc.task;
	struct signal_state *ps = &t->signal;
	struct sigqueue_entry *e;
	u32 allocated = 0;

	for (int set = 0; set < KS_SETS; set++) {
		struct sigpending *sp = set_of(set);

		for (int i = 1; sp && i <= KS_NSIG; i++) {
			if (!(sp->set & ABI_SIGMASK(i)) && !list_empty(&sp->queue[i - 1]))
				return "a signal's queue is not empty but its pending bit is clear";
			list_for_each_entry(e, &sp->queue[i - 1], node)
			{
				if (!e->queued || e->parked)
					return "an entry on a queue is not queued, or parked";
				if (e->info.si_signo != i || e->where != sp)
					return "an entry is on another queue than it says";
				allocated += !e->embedded;
			}
		}
	}
	list_for_each_entry(e, &ps->ignored, node)
	{
		if (!e->queued || !e->parked || !e->embedded || !e->park_if_ignored)
			return "an entry on the ignored list is not a parked periodic timer's";
		if (!signal_is_ignored(t, e->info.si_signo))
			return "a parked entry's signal is not ignored";
		if (set_index(e->where) < 0)
			return "a parked entry goes back to a set that is gone";
	}
	if (allocated != ps->queued_count)
		return "queued_count is not the allocated entries on the lists";
	return NULL;
}

struct queue_walk {
	u64 last;
	u32 n;
	bool unordered;
};

static void walk_one(const struct ktimer *kt, void *ctx)
{
	struct queue_walk *w = ctx;

	if (kt->node.expires < w->last)
		w->unordered = true;
	w->last = kt->node.expires;
	w->n++;
}

/* The monotonic time a deadline of a clock falls at (ktimer.c's to_monotonic). */
static u64 deadline_mono(enum ktimer_clock clock, u64 deadline)
{
	s64 off = clock == KTIMER_MONOTONIC ? 0 : realtime_off_ns;

	if (clock == KTIMER_TAI)
		off += tai_off_sec * (s64)NSEC_PER_SEC;
	if (off >= 0)
		return deadline > (u64)off ? deadline - (u64)off : 0;
	return ktime_add_sat(deadline, (u64)-off);
}

static void first_one(const struct ktimer *kt, void *ctx)
{
	u64 *first = ctx;

	if (*first == KTIME_MAX)
		*first = kt->node.expires;
}

static bool cpu_queues_ok(struct shim_task *s)
{
	return !timerq_check(&s->task.posix_timers.thread_cpu.queue) &&
	       !timerq_check(&s->task.posix_timers.process_cpu.queue);
}

const char *ks_check(void)
{
	struct task *t = &proc.task;
	struct posix_timer *pt;
	struct posix_timers_stats stats;
	unsigned long n = 0;
	const char *msg;

	if (!irqs_on)
		return "interrupts left off";
	msg = check_signals();
	if (msg)
		return msg;
	for (int c = 0; c < KTIMER_NR_CLOCKS; c++) {
		struct queue_walk w = {0, 0, false};
		u64 first = KTIME_MAX;

		ktimer_for_each(c, walk_one, &w);
		if (w.unordered)
			return "a ktimer queue is not in expiry order";
		if (w.n != ktimer_count(c))
			return "a ktimer queue's count is wrong";
		ktimer_for_each(c, first_one, &first);
		if (first != KTIME_MAX && deadline_mono(c, first) < event_at)
			return "a timer is due before the event programmed: it will be late";
	}
	if (!cpu_queues_ok(&proc) || !cpu_queues_ok(&other) ||
	    (alive(&thread1) && !cpu_queues_ok(&thread1)))
		return "a CPU-time queue breaks its invariants";
	list_for_each_entry(pt, &t->posix_timers.timers, owner_link)
	{
		enum ktimer_clock want =
		    pt->base == PT_BASE_REALTIME
			? (pt->clockid == CLOCK_TAI ? KTIMER_TAI : KTIMER_REALTIME)
			: KTIMER_MONOTONIC;

		n++;
		if (pt->base != PT_BASE_CPU && ktimer_active(&pt->ktimer) &&
		    pt->ktimer.clock != want)
			return "a timer waits in the queue of another clock";
		if (pt->base == PT_BASE_CPU && ktimer_active(&pt->ktimer))
			return "a CPU-time timer has its ktimer armed";
		if (pt->sigq.info.si_signo != pt->signo || pt->sigq.info.si_tid != pt->id)
			return "a timer's signal entry does not name it";
		if (target_of(pt) < 0 || cpu_task_of(pt) < 0)
			return "a timer is aimed at, or counts the time of, a task that is gone";
	}
	posix_timers_get_stats(&stats);
	if (stats.timers != n)
		return "the count of timers in use is wrong";
	return NULL;
}
