/*
 * Resource limits: getrlimit (#76), ugetrlimit (#191), setrlimit (#75) and
 * prlimit64 (#340), each process's pairs in leader->rlim (Linux's
 * signal->rlim), copied at fork, kept across exec.
 *
 * The defaults are Linux's for init (INIT_RLIMITS) within what this kernel
 * has: RLIMIT_NOFILE is FD_MAX (64) for both limits, RLIMIT_STACK the 8 MiB
 * a stack may grow to (VM_STACK_MAX), RLIMIT_SIGPENDING the queued-signal
 * bound (ABI_SIGQUEUE_MAX).  For those three a hard limit above the
 * kernel's bound is -EPERM, as Linux answers for RLIMIT_NOFILE above
 * fs.nr_open: the kernel could not honour it.
 *
 * Enforced: NOFILE (fs/file.c: no descriptor at or past the soft limit),
 * FSIZE (tmpfs writes and truncation: SIGXFSZ and -EFBIG), CPU (SIGXCPU at
 * the soft limit and every second after it while below the hard one, then
 * SIGKILL: kernel/time/itimer.c), SIGPENDING (kernel/signal/signal.c, per
 * task here where Linux counts per user).  Kept and reported only: the
 * others (CORE: tick386 writes no core files; DATA, AS, RSS, MEMLOCK,
 * NPROC, LOCKS, MSGQUEUE, NICE, RTPRIO, RTTIME).
 *
 * Privilege: raising a hard limit needs CAP_SYS_RESOURCE (capable()), and
 * so does prlimit64 on another user's process.  Locking: [process] fields, written with interrupts
 * off (one CPU; with several, Linux's task_lock(group_leader)); the u64
 * reads too, so that no half-written value is seen.
 */
#include "kernel/task/rlimit.h"
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "kernel/signal/signal.h"
#include "kernel/task/cred.h"
#include "kernel/task/task.h"
#include "kernel/time/itimer.h"
#include "lib/string.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/signal.h>

#define INF RLIM64_INFINITY
/* i386's old getrlimit (#76) reads values past this as it (Linux's
 * COMPAT_RLIM_OLD_INFINITY); ugetrlimit gives ~0 for infinity. */
#define OLD_RLIM_INFINITY 0x7fffffffu

static const struct rlimit64 rlim_default[RLIMIT_NLIMITS] = {
	[RLIMIT_CPU] = {INF, INF},
	[RLIMIT_FSIZE] = {INF, INF},
	[RLIMIT_DATA] = {INF, INF},
	[RLIMIT_STACK] = {VM_STACK_MAX, VM_STACK_MAX},
	[RLIMIT_CORE] = {0, INF},
	[RLIMIT_RSS] = {INF, INF},
	[RLIMIT_NPROC] = {INF, INF},
	[RLIMIT_NOFILE] = {FD_MAX, FD_MAX},
	[RLIMIT_MEMLOCK] = {8u << 20, 8u << 20},
	[RLIMIT_AS] = {INF, INF},
	[RLIMIT_LOCKS] = {INF, INF},
	[RLIMIT_SIGPENDING] = {ABI_SIGQUEUE_MAX, ABI_SIGQUEUE_MAX},
	[RLIMIT_MSGQUEUE] = {819200, 819200},
	[RLIMIT_NICE] = {0, 0},
	[RLIMIT_RTPRIO] = {0, 0},
	[RLIMIT_RTTIME] = {INF, INF},
};

/* The kernel's own bound on a resource's hard limit, or INF. */
static u64 kernel_bound(int resource)
{
	switch (resource) {
	case RLIMIT_NOFILE:
		return FD_MAX;
	case RLIMIT_STACK:
		return VM_STACK_MAX;
	case RLIMIT_SIGPENDING:
		return ABI_SIGQUEUE_MAX;
	default:
		return INF;
	}
}

/* CAP_SYS_RESOURCE (kernel/task/cred.h: effective uid 0). */
static bool rlimit_may_raise(void)
{
	return capable(CAP_SYS_RESOURCE);
}

/* Linux's check_prlimit_permission: the caller's own process, or one whose
 * real, effective and saved ids all are the caller's real ones, or
 * CAP_SYS_RESOURCE. */
static int prlimit_permission(struct task *t)
{
	const struct cred *me = task_cred(current), *it;

	if (t == current->leader || capable(CAP_SYS_RESOURCE))
		return 0;
	it = task_cred(t);
	if (me->uid == it->uid && me->uid == it->euid && me->uid == it->suid && me->gid == it->gid &&
	    me->gid == it->egid && me->gid == it->sgid)
		return 0;
	return -EPERM;
}

void rlimit_init(struct task *leader)
{
	memcpy(leader->rlim, rlim_default, sizeof(leader->rlim));
}

void rlimit_fork(struct task *child, const struct task *parent)
{
	u32 flags = irq_save();

	memcpy(child->rlim, parent->leader->rlim, sizeof(child->rlim));
	irq_restore(flags);
}

u64 rlimit_cur_of(struct task *t, int resource)
{
	u32 flags = irq_save();
	u64 v = t->leader->rlim[resource].rlim_cur;

	irq_restore(flags);
	return v;
}

u64 rlimit_cur(int resource)
{
	return rlimit_cur_of(current, resource);
}

/* Linux's send_sig(SIGXFSZ, current, 0): to this thread, SI_USER from itself. */
static void send_xfsz(void)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGXFSZ;
	info.si_code = SI_USER;
	info.si_pid = current->tgid;
	signal_send_thread(current, SIGXFSZ, &info);
}

long rlimit_fsize_write(u64 pos, size_t n)
{
	u64 limit = rlimit_cur(RLIMIT_FSIZE);

	if (limit == INF || !n)
		return (long)n;
	if (pos >= limit) {
		send_xfsz();
		return -EFBIG;
	}
	return limit - pos < n ? (long)(limit - pos) : (long)n;
}

int rlimit_fsize_size(u64 new_size)
{
	u64 limit = rlimit_cur(RLIMIT_FSIZE);

	if (limit != INF && new_size > limit) {
		send_xfsz();
		return -EFBIG;
	}
	return 0;
}

/*
 * Linux's do_prlimit on the process t: old read, new checked (cur <= max,
 * the kernel's bound, privilege to raise max) and set.  RLIMIT_CPU then
 * re-arms the process's CPU-time limit.
 */
static long do_prlimit(struct task *t, int resource, const struct rlimit64 *new_rlim,
		       struct rlimit64 *old_rlim)
{
	struct rlimit64 *r;
	u32 flags;

	if (resource < 0 || resource >= RLIMIT_NLIMITS)
		return -EINVAL;
	if (new_rlim) {
		if (new_rlim->rlim_cur > new_rlim->rlim_max)
			return -EINVAL;
		if (new_rlim->rlim_max > kernel_bound(resource) && kernel_bound(resource) != INF)
			return -EPERM;
	}
	flags = irq_save();
	r = &t->leader->rlim[resource];
	if (new_rlim && new_rlim->rlim_max > r->rlim_max && !rlimit_may_raise()) {
		irq_restore(flags);
		return -EPERM;
	}
	if (old_rlim)
		*old_rlim = *r;
	if (new_rlim) {
		*r = *new_rlim;
		if (resource == RLIMIT_CPU)
			itimer_rlimit_cpu_update(t->leader);
	}
	irq_restore(flags);
	return 0;
}

/* A long-sized pair from or to the user (setrlimit, ugetrlimit): ~0 is
 * infinity both ways. */
static u64 from_long(u32 v)
{
	return v == 0xffffffffu ? INF : v;
}

static u32 to_long(u64 v, u32 infinity)
{
	return v > infinity ? infinity : (u32)v;
}

static long get_long(int resource, u32 __user *urlim, u32 infinity)
{
	struct rlimit64 r;
	u32 out[2];
	long rc = do_prlimit(current, resource, NULL, &r);

	if (rc)
		return rc;
	out[0] = to_long(r.rlim_cur, infinity);
	out[1] = to_long(r.rlim_max, infinity);
	return copy_to_user(urlim, out, sizeof(out)) ? -EFAULT : 0;
}

long sys_getrlimit(int resource, u32 __user *urlim)
{
	return get_long(resource, urlim, OLD_RLIM_INFINITY);
}

long sys_ugetrlimit(int resource, u32 __user *urlim)
{
	return get_long(resource, urlim, 0xffffffffu);
}

long sys_setrlimit(int resource, const u32 __user *urlim)
{
	struct rlimit64 r;
	u32 in[2];

	if (copy_from_user(in, urlim, sizeof(in)))
		return -EFAULT;
	r.rlim_cur = from_long(in[0]);
	r.rlim_max = from_long(in[1]);
	return do_prlimit(current, resource, &r, NULL);
}

/*
 * prlimit64: pid 0 is the caller; another process needs prlimit_permission;
 * -ESRCH when there is none.  The new pair is read before the process is looked
 * up, as Linux's copy_from_user comes first.
 */
long sys_prlimit64(int pid, int resource, const struct rlimit64 __user *unew,
		   struct rlimit64 __user *uold)
{
	struct rlimit64 new_rlim, old_rlim;
	struct task *t;
	long rc;

	if (unew && copy_from_user(&new_rlim, unew, sizeof(new_rlim)))
		return -EFAULT;
	t = pid ? task_find_process(pid) : current->leader; /* none for pid < 0 */
	if (!t || !t->user)
		return -ESRCH;
	rc = prlimit_permission(t);
	if (rc)
		return rc;
	rc = do_prlimit(t, resource, unew ? &new_rlim : NULL, uold ? &old_rlim : NULL);
	if (rc)
		return rc;
	if (uold && copy_to_user(uold, &old_rlim, sizeof(old_rlim)))
		return -EFAULT;
	return 0;
}
