/*
 * linux_errno: record the errno that the Linux kernel itself gives for each
 * bad-argument class of the POSIX timer and clock calls, and what glibc makes
 * of the same call.  Linux-only (it uses syscall() and fork()); it is a probe
 * for the kernel developers of tick386, not part of the portable suite.
 *
 * Two columns per case:
 *   kernel: the raw system call through syscall(), so glibc cannot rewrite
 *           the arguments (glibc maps CPU clock ids, handles SIGEV_THREAD in
 *           user space, turns timer_t into the kernel's int id, and its
 *           clock_gettime/clock_getres run in the vDSO for some clocks);
 *   glibc:  the libc function, run in a child process, so that a call that
 *           glibc itself faults on (it writes through a pointer in user
 *           space) shows as "SIGSEGV" instead of killing the probe.
 *
 * Every case here changes nothing: the clock_settime cases are all invalid,
 * and the timers made are deleted.  Build: cc -O2 -Wall -o linux_errno
 * linux_errno.c ; run it and keep the output in
 * tests/conformance/linux-errno.txt.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <gnu/libc-version.h>

/* Addresses that are never mapped in a user process here. */
#define BAD_LOW ((void *)1)
#define BAD_MID ((void *)(uintptr_t)0xC0000000u)
#define BAD_KERNEL ((void *)(uintptr_t)0xffffffff81000000ull)

static const char *errname(int e)
{
	switch (e) {
	case 0: return "0";
	case EINVAL: return "EINVAL";
	case EFAULT: return "EFAULT";
	case EPERM: return "EPERM";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EAGAIN: return "EAGAIN";
	case EINTR: return "EINTR";
	case ENOSYS: return "ENOSYS";
	case ESRCH: return "ESRCH";
	default: {
		static char buf[32];
		snprintf(buf, sizeof(buf), "errno %d", e);
		return buf;
	}
	}
}

/* Result of a raw syscall: 0 or the errno it gave. */
static int raw(long rc)
{
	return rc == -1 ? errno : 0;
}

static void row(const char *what, int kernel, const char *glibc)
{
	printf("%-58s kernel=%-10s glibc=%s\n", what, errname(kernel), glibc);
}

/*
 * Run fn in a child; report "0", the errno name, or the signal that ended
 * the child.  fn returns 0 or an errno value.
 */
static const char *in_child(int (*fn)(void *), void *arg)
{
	static char buf[64];
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int e = fn(arg);
		_exit(e > 255 ? 255 : e);
	}
	waitpid(pid, &status, 0);
	if (WIFSIGNALED(status)) {
		snprintf(buf, sizeof(buf), "killed by %s",
			 strsignal(WTERMSIG(status)));
		return buf;
	}
	snprintf(buf, sizeof(buf), "%s", errname(WEXITSTATUS(status)));
	return buf;
}

/* ---- a valid kernel timer id, made and deleted around each case ---- */

static int ktimer(void)
{
	int id = -1;
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	if (syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, &id) != 0) {
		perror("timer_create");
		exit(1);
	}
	return id;
}

/* ---- glibc-side cases, each run in a child ---- */

struct tc_args {
	clockid_t clock;
	struct sigevent *ev;
	timer_t *out;
};

static int g_timer_create(void *p)
{
	struct tc_args *a = p;
	return timer_create(a->clock, a->ev, a->out) == 0 ? 0 : errno;
}

static struct sigevent sev(int notify, int signo)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = notify;
	ev.sigev_signo = signo;
	return ev;
}

static void probe_timer_create(void)
{
	int id;
	timer_t tid;
	struct sigevent ev;

	printf("\n## timer_create(clock, sigevent *, timer_t *)\n");
#define TC(what, clk, evp)                                                    \
	do {                                                                  \
		long rc_ = syscall(SYS_timer_create, (clk), (evp), &id);      \
		int ke_ = raw(rc_);                                           \
		if (rc_ == 0)                                                 \
			syscall(SYS_timer_delete, id);                        \
		struct tc_args a_ = { (clk), (evp), &tid };                   \
		row(what, ke_, in_child(g_timer_create, &a_));                \
	} while (0)

	ev = sev(SIGEV_SIGNAL, SIGALRM);
	TC("CLOCK_REALTIME, SIGEV_SIGNAL SIGALRM", CLOCK_REALTIME, &ev);
	TC("CLOCK_MONOTONIC, NULL sigevent", CLOCK_MONOTONIC, NULL);
	TC("CLOCK_PROCESS_CPUTIME_ID (2)", CLOCK_PROCESS_CPUTIME_ID, &ev);
	TC("CLOCK_THREAD_CPUTIME_ID (3)", CLOCK_THREAD_CPUTIME_ID, &ev);
	TC("clock -1", -1, &ev);
	TC("clock 99", 99, &ev);
	TC("clock 16 (MAX_CLOCKS)", 16, &ev);
	TC("clock 4 (Linux CLOCK_MONOTONIC_RAW)", 4, &ev);
	TC("clock 5 (Linux CLOCK_REALTIME_COARSE)", 5, &ev);
	TC("clock 7 (Linux CLOCK_BOOTTIME)", 7, &ev);
	ev = sev(99, SIGALRM);
	TC("sigev_notify 99", CLOCK_MONOTONIC, &ev);
	ev = sev(3, SIGALRM);
	TC("sigev_notify 3", CLOCK_MONOTONIC, &ev);
	ev = sev(-1, SIGALRM);
	TC("sigev_notify -1", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_THREAD_ID, SIGALRM);
	ev._sigev_un._tid = gettid();
	TC("SIGEV_THREAD_ID, own tid", CLOCK_MONOTONIC, &ev);
	ev._sigev_un._tid = 0;
	TC("SIGEV_THREAD_ID, tid 0", CLOCK_MONOTONIC, &ev);
	ev._sigev_un._tid = 1;
	TC("SIGEV_THREAD_ID, tid 1 (another process)", CLOCK_MONOTONIC, &ev);
	ev._sigev_un._tid = 0x3fffffff;
	TC("SIGEV_THREAD_ID, tid that does not exist", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_THREAD_ID | SIGEV_NONE, SIGALRM);
	ev._sigev_un._tid = gettid();
	TC("sigev_notify SIGEV_THREAD_ID|SIGEV_NONE (5)", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_SIGNAL, 0);
	TC("SIGEV_SIGNAL signo 0", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_SIGNAL, 65);
	TC("SIGEV_SIGNAL signo 65", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_SIGNAL, -1);
	TC("SIGEV_SIGNAL signo -1", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_SIGNAL, 64);
	TC("SIGEV_SIGNAL signo 64 (SIGRTMAX)", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_SIGNAL, SIGKILL);
	TC("SIGEV_SIGNAL signo SIGKILL", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_NONE, 0);
	TC("SIGEV_NONE signo 0", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_NONE, 65);
	TC("SIGEV_NONE signo 65", CLOCK_MONOTONIC, &ev);
	ev = sev(SIGEV_THREAD, SIGALRM);
	{
		long rc = syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, &id);
		if (rc == 0)
			syscall(SYS_timer_delete, id);
		row("SIGEV_THREAD (glibc makes a thread; not run here)",
		    raw(rc), "(not run: needs pthreads)");
	}
	ev = sev(SIGEV_THREAD, 0);
	{
		long rc = syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, &id);
		if (rc == 0)
			syscall(SYS_timer_delete, id);
		row("SIGEV_THREAD signo 0 (kernel only)", raw(rc),
		    "(not run)");
	}
#undef TC
	ev = sev(SIGEV_SIGNAL, SIGALRM);
#define TCP(what, evp, kout, gout)                                            \
	do {                                                                  \
		long rc_ = syscall(SYS_timer_create, CLOCK_MONOTONIC, (evp),  \
				   (kout));                                   \
		int ke_ = raw(rc_);                                           \
		if (rc_ == 0 && (void *)(kout) == (void *)&id)                \
			syscall(SYS_timer_delete, id);                        \
		struct tc_args a_ = { CLOCK_MONOTONIC, (evp), (gout) };       \
		row(what, ke_, in_child(g_timer_create, &a_));                \
	} while (0)
	TCP("timer_t * NULL", &ev, NULL, NULL);
	TCP("timer_t * (void *)1", &ev, BAD_LOW, BAD_LOW);
	TCP("timer_t * 0xC0000000", &ev, BAD_MID, BAD_MID);
	TCP("timer_t * kernel address", &ev, BAD_KERNEL, BAD_KERNEL);
	TCP("sigevent * (void *)1", (struct sigevent *)BAD_LOW, &id, &tid);
	TCP("sigevent * 0xC0000000", (struct sigevent *)BAD_MID, &id, &tid);
	TCP("sigevent * kernel address", (struct sigevent *)BAD_KERNEL, &id,
	    &tid);
#undef TCP
}

/* ---- timer_settime / gettime / getoverrun / delete ---- */

/*
 * POSIX timers are not inherited by fork(), so the glibc side makes its own
 * timer in the child: kind 0 a live timer, 1 the id 12345 that was never
 * made, 2 a deleted id, 4 the id 0.
 */
struct ts_args {
	int kind;
	int flags;
	const struct itimerspec *nv;
	struct itimerspec *ov;
	timer_t id;
};

static timer_t child_timer(struct ts_args *a)
{
	struct sigevent ev;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	if (timer_create(CLOCK_MONOTONIC, &ev, &t) != 0)
		_exit(254);
	if (a->kind == 1)
		return (timer_t)(intptr_t)12345;
	if (a->kind == 4)
		return (timer_t)(intptr_t)0;
	if (a->kind == 2)
		timer_delete(t);
	return t;
}

static int g_timer_settime(void *p)
{
	struct ts_args *a = p;
	return timer_settime(child_timer(a), a->flags, a->nv, a->ov) == 0 ? 0 : errno;
}

static int g_timer_gettime(void *p)
{
	struct ts_args *a = p;
	return timer_gettime(child_timer(a), a->ov) == 0 ? 0 : errno;
}

static int g_timer_getoverrun(void *p)
{
	struct ts_args *a = p;
	return timer_getoverrun(child_timer(a)) >= 0 ? 0 : errno;
}

static int g_timer_delete(void *p)
{
	struct ts_args *a = p;
	return timer_delete(child_timer(a)) == 0 ? 0 : errno;
}

static struct itimerspec its(long vs, long vns, long is, long ins)
{
	struct itimerspec v;

	v.it_value.tv_sec = vs;
	v.it_value.tv_nsec = vns;
	v.it_interval.tv_sec = is;
	v.it_interval.tv_nsec = ins;
	return v;
}

static void settime_case(const char *what, int id_kind, int flags,
			 const struct itimerspec *nv, struct itimerspec *ov)
{
	/* id_kind: 0 a live timer, 1 id 12345 never made, 2 a deleted id */
	int id = ktimer();
	int use = id;

	if (id_kind == 1)
		use = 12345;
	if (id_kind == 2)
		syscall(SYS_timer_delete, id);
	int ke = raw(syscall(SYS_timer_settime, use, flags, nv, ov));
	struct ts_args a = { id_kind, flags, nv, ov, 0 };
	const char *g = in_child(g_timer_settime, &a);
	if (id_kind != 2)
		syscall(SYS_timer_delete, id);
	row(what, ke, g);
}

static void probe_timer_calls(void)
{
	struct itimerspec v, out;

	printf("\n## timer_settime(id, flags, new *, old *)\n");
	v = its(10, 0, 0, 0);
	settime_case("valid, relative 10 s", 0, 0, &v, NULL);
	settime_case("flags 2 (not TIMER_ABSTIME)", 0, 2, &v, NULL);
	settime_case("flags 0xfffffffe", 0, (int)0xfffffffe, &v, NULL);
	settime_case("flags -1 (TIMER_ABSTIME + others)", 0, -1, &v, NULL);
	settime_case("id 12345 (never created)", 1, 0, &v, NULL);
	settime_case("deleted id", 2, 0, &v, NULL);
	v = its(1, -1, 0, 0);
	settime_case("it_value.tv_nsec -1", 0, 0, &v, NULL);
	v = its(1, 1000000000, 0, 0);
	settime_case("it_value.tv_nsec 1000000000", 0, 0, &v, NULL);
	v = its(-1, 0, 0, 0);
	settime_case("it_value.tv_sec -1", 0, 0, &v, NULL);
	v = its(-1, 0, 0, 0);
	settime_case("it_value.tv_sec -1, TIMER_ABSTIME", 0, TIMER_ABSTIME,
		     &v, NULL);
	v = its(1, 0, 0, -1);
	settime_case("it_interval.tv_nsec -1", 0, 0, &v, NULL);
	v = its(1, 0, 0, 1000000000);
	settime_case("it_interval.tv_nsec 1000000000", 0, 0, &v, NULL);
	v = its(1, 0, -1, 0);
	settime_case("it_interval.tv_sec -1", 0, 0, &v, NULL);
	v = its(0, 0, 0, -1);
	settime_case("disarm (value 0) with bad interval nsec", 0, 0, &v,
		     NULL);
	v = its(0, 0, 0, 0);
	settime_case("disarm a disarmed timer", 0, 0, &v, NULL);
	settime_case("new NULL", 0, 0, NULL, NULL);
	settime_case("new (void *)1", 0, 0, BAD_LOW, NULL);
	settime_case("new kernel address", 0, 0, BAD_KERNEL, NULL);
	v = its(10, 0, 0, 0);
	settime_case("old (void *)1 (timer is armed all the same)", 0, 0, &v,
		     BAD_LOW);
	settime_case("old kernel address", 0, 0, &v, BAD_KERNEL);

	printf("\n## timer_gettime(id, itimerspec *)\n");
#define TG(what, kind, ptr)                                                   \
	do {                                                                  \
		int id_ = ktimer(), use_ = id_;                               \
		if ((kind) == 1)                                              \
			use_ = 12345;                                         \
		if ((kind) == 2)                                              \
			syscall(SYS_timer_delete, id_);                       \
		int ke_ = raw(syscall(SYS_timer_gettime, use_, (ptr)));       \
		struct ts_args a_ = { (kind), 0, NULL, (ptr), 0 };            \
		const char *g_ = in_child(g_timer_gettime, &a_);              \
		if ((kind) != 2)                                              \
			syscall(SYS_timer_delete, id_);                       \
		row(what, ke_, g_);                                           \
	} while (0)
	TG("valid", 0, &out);
	TG("id 12345", 1, &out);
	TG("deleted id", 2, &out);
	TG("NULL", 0, NULL);
	TG("(void *)1", 0, BAD_LOW);
	TG("kernel address", 0, BAD_KERNEL);
#undef TG

	printf("\n## timer_getoverrun(id) and timer_delete(id)\n");
#define TO(what, fn, nr, kind)                                                \
	do {                                                                  \
		int id_ = ktimer(), use_ = id_;                               \
		if ((kind) == 1)                                              \
			use_ = 12345;                                         \
		if ((kind) == 3)                                              \
			use_ = -1;                                            \
		if ((kind) == 4)                                              \
			use_ = 0;                                             \
		if ((kind) == 2)                                              \
			syscall(SYS_timer_delete, id_);                       \
		int ke_ = raw(syscall((nr), use_));                           \
		struct ts_args a_ = { (kind), 0, NULL, NULL, 0 };             \
		const char *g_ = (kind) == 3 ? "(not run: glibc reads a "    \
					       "negative timer_t as a "       \
					       "pointer)"                     \
					     : in_child((fn), &a_);           \
		if ((kind) != 2)                                              \
			syscall(SYS_timer_delete, id_);                       \
		row(what, ke_, g_);                                           \
	} while (0)
	TO("timer_getoverrun valid", g_timer_getoverrun, SYS_timer_getoverrun, 0);
	TO("timer_getoverrun id 12345", g_timer_getoverrun, SYS_timer_getoverrun, 1);
	TO("timer_getoverrun deleted id", g_timer_getoverrun, SYS_timer_getoverrun, 2);
	TO("timer_getoverrun id 0 (glibc side: a fresh process's first id IS 0)", g_timer_getoverrun, SYS_timer_getoverrun, 4);
	TO("timer_getoverrun id -1", g_timer_getoverrun, SYS_timer_getoverrun, 3);
	TO("timer_delete id 12345", g_timer_delete, SYS_timer_delete, 1);
	TO("timer_delete deleted id (twice)", g_timer_delete, SYS_timer_delete, 2);
	TO("timer_delete id 0 (glibc side: a fresh process's first id IS 0)", g_timer_delete, SYS_timer_delete, 4);
	TO("timer_delete id -1", g_timer_delete, SYS_timer_delete, 3);
#undef TO
}

/* ---- clocks ---- */

struct clk_args {
	clockid_t clock;
	int flags;
	void *p, *q;
};

static int g_clock_gettime(void *p)
{
	struct clk_args *a = p;
	return clock_gettime(a->clock, a->p) == 0 ? 0 : errno;
}

static int g_clock_getres(void *p)
{
	struct clk_args *a = p;
	return clock_getres(a->clock, a->p) == 0 ? 0 : errno;
}

static int g_clock_settime(void *p)
{
	struct clk_args *a = p;
	return clock_settime(a->clock, a->p) == 0 ? 0 : errno;
}

static int g_clock_nanosleep(void *p)
{
	struct clk_args *a = p;
	/* returns the error number itself, not -1 */
	return clock_nanosleep(a->clock, a->flags, a->p, a->q);
}

static int g_nanosleep(void *p)
{
	struct clk_args *a = p;
	return nanosleep(a->p, a->q) == 0 ? 0 : errno;
}

static void probe_clocks(void)
{
	struct timespec t, bad;
	struct clk_args a;
	static const struct {
		clockid_t id;
		const char *name;
	} clocks[] = {
		{ CLOCK_REALTIME, "CLOCK_REALTIME" },
		{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC" },
		{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID" },
		{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID" },
		{ -1, "clock -1" },
		{ 99, "clock 99" },
		{ 16, "clock 16" },
		{ 10, "clock 10 (unused Linux id)" },
	};
	char what[96];

	printf("\n## clock_gettime / clock_getres (raw ids; glibc maps 2 and 3"
	       " to its own CPU clock ids)\n");
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		a = (struct clk_args){ clocks[i].id, 0, &t, NULL };
		snprintf(what, sizeof(what), "clock_gettime %s", clocks[i].name);
		row(what, raw(syscall(SYS_clock_gettime, clocks[i].id, &t)),
		    in_child(g_clock_gettime, &a));
		snprintf(what, sizeof(what), "clock_getres %s", clocks[i].name);
		row(what, raw(syscall(SYS_clock_getres, clocks[i].id, &t)),
		    in_child(g_clock_getres, &a));
	}
	for (int c = 0; c < 4; c++) {
		void *ptrs[] = { NULL, BAD_LOW, BAD_KERNEL };
		const char *pn[] = { "NULL", "(void *)1", "kernel address" };
		for (int k = 0; k < 3; k++) {
			a = (struct clk_args){ clocks[c].id, 0, ptrs[k], NULL };
			snprintf(what, sizeof(what), "clock_gettime %s, %s",
				 clocks[c].name, pn[k]);
			row(what,
			    raw(syscall(SYS_clock_gettime, clocks[c].id, ptrs[k])),
			    in_child(g_clock_gettime, &a));
			snprintf(what, sizeof(what), "clock_getres %s, %s",
				 clocks[c].name, pn[k]);
			row(what,
			    raw(syscall(SYS_clock_getres, clocks[c].id, ptrs[k])),
			    in_child(g_clock_getres, &a));
		}
	}

	printf("\n## clock_settime (only invalid cases: nothing is changed)\n");
#define CS(what, clk, ptr)                                                    \
	do {                                                                  \
		a = (struct clk_args){ (clk), 0, (ptr), NULL };               \
		row(what, raw(syscall(SYS_clock_settime, (clk), (ptr))),      \
		    in_child(g_clock_settime, &a));                           \
	} while (0)
	clock_gettime(CLOCK_MONOTONIC, &t);
	CS("CLOCK_MONOTONIC, a valid time", CLOCK_MONOTONIC, &t);
	CS("CLOCK_PROCESS_CPUTIME_ID, a valid time", CLOCK_PROCESS_CPUTIME_ID, &t);
	CS("CLOCK_THREAD_CPUTIME_ID, a valid time", CLOCK_THREAD_CPUTIME_ID, &t);
	CS("clock -1", -1, &t);
	CS("clock 99", 99, &t);
	bad = (struct timespec){ 1000, 1000000000 };
	CS("CLOCK_REALTIME tv_nsec 1000000000", CLOCK_REALTIME, &bad);
	bad = (struct timespec){ 1000, -1 };
	CS("CLOCK_REALTIME tv_nsec -1", CLOCK_REALTIME, &bad);
	bad = (struct timespec){ -1, 0 };
	CS("CLOCK_REALTIME tv_sec -1", CLOCK_REALTIME, &bad);
	CS("CLOCK_REALTIME NULL", CLOCK_REALTIME, NULL);
	CS("CLOCK_REALTIME (void *)1", CLOCK_REALTIME, BAD_LOW);
	CS("CLOCK_REALTIME kernel address", CLOCK_REALTIME, BAD_KERNEL);
	bad = (struct timespec){ 1000, 1000000000 };
	CS("CLOCK_MONOTONIC tv_nsec 1000000000", CLOCK_MONOTONIC, &bad);
#undef CS

	printf("\n## clock_nanosleep(clock, flags, req *, rem *)"
	       " (glibc returns the error number)\n");
#define CN(what, clk, fl, req, rem)                                           \
	do {                                                                  \
		a = (struct clk_args){ (clk), (fl), (req), (rem) };           \
		row(what,                                                     \
		    raw(syscall(SYS_clock_nanosleep, (clk), (fl), (req),      \
				(rem))),                                      \
		    in_child(g_clock_nanosleep, &a));                         \
	} while (0)
	t = (struct timespec){ 0, 1000 };
	CN("CLOCK_MONOTONIC 1 us", CLOCK_MONOTONIC, 0, &t, NULL);
	CN("CLOCK_REALTIME 1 us", CLOCK_REALTIME, 0, &t, NULL);
	CN("flags 2 (not TIMER_ABSTIME)", CLOCK_MONOTONIC, 2, &t, NULL);
	CN("flags 0xfffffffe", CLOCK_MONOTONIC, (int)0xfffffffe, &t, NULL);
	CN("CLOCK_THREAD_CPUTIME_ID", CLOCK_THREAD_CPUTIME_ID, 0, &t, NULL);
	{
		struct timespec past = { 0, 1 };
		CN("CLOCK_PROCESS_CPUTIME_ID, TIMER_ABSTIME in the past",
		   CLOCK_PROCESS_CPUTIME_ID, TIMER_ABSTIME, &past, NULL);
	}
	CN("clock -1", -1, 0, &t, NULL);
	CN("clock 99", 99, 0, &t, NULL);
	CN("clock 4 (Linux CLOCK_MONOTONIC_RAW)", 4, 0, &t, NULL);
	bad = (struct timespec){ 0, 1000000000 };
	CN("tv_nsec 1000000000", CLOCK_MONOTONIC, 0, &bad, NULL);
	bad = (struct timespec){ 0, -1 };
	CN("tv_nsec -1", CLOCK_MONOTONIC, 0, &bad, NULL);
	bad = (struct timespec){ -1, 0 };
	CN("tv_sec -1", CLOCK_MONOTONIC, 0, &bad, NULL);
	CN("tv_sec -1, TIMER_ABSTIME", CLOCK_MONOTONIC, TIMER_ABSTIME, &bad,
	   NULL);
	CN("req NULL", CLOCK_MONOTONIC, 0, NULL, NULL);
	CN("req (void *)1", CLOCK_MONOTONIC, 0, BAD_LOW, NULL);
	CN("req kernel address", CLOCK_MONOTONIC, 0, BAD_KERNEL, NULL);
	CN("rem (void *)1, not interrupted", CLOCK_MONOTONIC, 0, &t, BAD_LOW);
#undef CN

	printf("\n## nanosleep(req *, rem *)\n");
#define NS(what, req, rem)                                                    \
	do {                                                                  \
		a = (struct clk_args){ 0, 0, (req), (rem) };                  \
		row(what, raw(syscall(SYS_nanosleep, (req), (rem))),          \
		    in_child(g_nanosleep, &a));                               \
	} while (0)
	t = (struct timespec){ 0, 1000 };
	NS("1 us", &t, NULL);
	bad = (struct timespec){ 0, 1000000000 };
	NS("tv_nsec 1000000000", &bad, NULL);
	bad = (struct timespec){ 0, -1 };
	NS("tv_nsec -1", &bad, NULL);
	bad = (struct timespec){ -1, 0 };
	NS("tv_sec -1", &bad, NULL);
	NS("req NULL", NULL, NULL);
	NS("req (void *)1", BAD_LOW, NULL);
	NS("req kernel address", BAD_KERNEL, NULL);
#undef NS
}

/*
 * One semantic fact where glibc and the kernel differ: a NULL sigevent.
 * The kernel sends SIGALRM with sival_int = the timer id (as POSIX says);
 * glibc substitutes its own sigevent with sival 0.
 */
static void probe_null_sigevent(void)
{
	struct itimerspec v = { { 0, 0 }, { 0, 1000000 } };
	sigset_t s;
	siginfo_t si;
	int id;
	timer_t t;

	printf("\n## semantics: NULL sigevent\n");
	sigemptyset(&s);
	sigaddset(&s, SIGALRM);
	sigprocmask(SIG_BLOCK, &s, NULL);
	syscall(SYS_timer_create, CLOCK_MONOTONIC, NULL, &id);
	syscall(SYS_timer_settime, id, 0, &v, NULL);
	sigwaitinfo(&s, &si);
	printf("kernel: SIGALRM si_code %d, sival_int %s the timer id\n",
	       si.si_code, si.si_value.sival_int == id ? "==" : "!=");
	syscall(SYS_timer_delete, id);
	timer_create(CLOCK_MONOTONIC, NULL, &t);
	timer_settime(t, 0, &v, NULL);
	sigwaitinfo(&s, &si);
	printf("glibc:  SIGALRM si_code %d, sival_int %s the timer id "
	       "(sival_int %d)\n",
	       si.si_code,
	       si.si_value.sival_int == (int)(intptr_t)t ? "==" : "!=",
	       si.si_value.sival_int);
	timer_delete(t);
	sigprocmask(SIG_UNBLOCK, &s, NULL);
}

int main(void)
{
	struct utsname u;

	uname(&u);
	printf("# linux_errno: raw kernel errno vs glibc, for the timer and "
	       "clock calls\n");
	printf("# host: %s %s %s; glibc %s\n", u.sysname, u.release, u.machine,
	       gnu_get_libc_version());
	printf("# 0 = success; 'killed by ...' = glibc faulted in user space\n");
	probe_timer_create();
	probe_timer_calls();
	probe_clocks();
	probe_null_sigevent();
	return 0;
}
