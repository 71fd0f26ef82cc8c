/*
 * Descriptors racing across threads.
 *
 * tfd-close: readers block in read (or poll) on an armed timerfd; another
 * thread closes the descriptor, or dup2s another file over it, or closes it
 * and makes new timerfds (the freed memory's next users), while they sleep.
 * A sleeping read holds its file (Linux's fdget): each blocked read returns
 * an expiration (the timer is periodic: one per period and reader), 8
 * bytes, count 1, whatever happened to the number.  That is compared; the poll's answer (Linux re-looks the
 * number up at the wake-up: POLLNVAL once it is closed) only commented.
 * Some scenarios end by exit_group with the readers still asleep.
 *
 * fd-chaos: threads run random lists of close, dup, dup2, read, poll,
 * timerfd_create/settime and opens of /proc files over a few descriptor
 * numbers, some calls blocking (a timerfd never armed, the tty), until the
 * main thread ends the process by exit_group or execve.  Only the end is
 * compared; the oracle is the kernel's: no panic, no hang, nothing lost.
 */
#include "race.h"
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <stdio.h>
#include <time.h>

#define TFD_NONBLOCK 04000

struct its {
	struct timespec interval, value;
};

static long tfd_create(int nonblock)
{
	return sys2(__NR_timerfd_create, CLOCK_MONOTONIC, nonblock ? TFD_NONBLOCK : 0);
}

static long tfd_arm_us(int fd, long us, long interval_us)
{
	struct its v;

	memset(&v, 0, sizeof(v));
	v.value.tv_sec = us / 1000000;
	v.value.tv_nsec = (us % 1000000) * 1000;
	v.interval.tv_sec = interval_us / 1000000;
	v.interval.tv_nsec = (interval_us % 1000000) * 1000;
	return sys4(__NR_timerfd_settime, fd, 0, &v, 0);
}

/* ---- tfd-close ---------------------------------------------------------- */

#define MAX_READERS 3
static struct reader {
	int fd, use_poll;
	volatile int entered;
	volatile long ret;
	uint64_t count;
	short revents;
} readers[MAX_READERS];

static int reader_fn(void *arg)
{
	struct reader *r = arg;

	r->entered = 1;
	if (r->use_poll) {
		struct pollfd p = {r->fd, POLLIN, 0};

		r->ret = sys3(__NR_poll, &p, 1, 200);
		r->revents = p.revents;
	} else {
		r->ret = sys3(__NR_read, r->fd, &r->count, sizeof(r->count));
	}
	return 0;
}

int sc_tfd_close(void)
{
	int nreaders = 1 + (int)rnd(MAX_READERS), action = (int)rnd(4);
	long expiry_us = 30000 + 4000 * (long)rnd(10), act_us = 2000 + 1000 * (long)rnd(20);
	int end_early = chance(25), code = 10 + (int)rnd(50);
	long fd = tfd_create(0), other = -1, spare[4];

	say("  readers %d, expiry %ld ms, action %d at %ld ms%s", nreaders, expiry_us / 1000,
	    action, act_us / 1000, end_early ? ", exit_group before the expiry" : "");
	flush_out();
	if (fd < 0) {
		say("  timerfd_create -> %s", errname(fd));
		return 1;
	}
	if (action == 1)
		other = chance(50) ? tfd_create(0) : sys2(__NR_open, "/proc/uptime", O_RDONLY);
	/* periodic: one expiration wakes all the readers, one takes it, the
	 * others sleep on to the next period (each gets count 1) */
	tfd_arm_us((int)fd, expiry_us, 20000);
	for (int i = 0; i < nreaders; i++) {
		readers[i].fd = (int)fd;
		readers[i].use_poll = i > 0 && chance(40);
		readers[i].ret = -1000;
		thread_start(i, reader_fn, &readers[i]);
	}
	for (int i = 0; i < nreaders; i++)
		while (!readers[i].entered)
			nap_us(200);
	nap_us(act_us); /* well inside the reads (and before the expiry) */
	switch (action) {
	case 0:
		sys1(__NR_close, fd);
		break;
	case 1:
		sys2(__NR_dup2, other, fd);
		break;
	case 2: /* the freed timerfd's memory to new ones */
		sys1(__NR_close, fd);
		for (int i = 0; i < 4; i++) {
			spare[i] = tfd_create(i & 1);
			if (spare[i] >= 0)
				tfd_arm_us((int)spare[i], i & 1 ? 1000 : 500000, i == 2 ? 1000 : 0);
		}
		break;
	default: /* closed through a copy: the number stays, no race */
		other = sys1(__NR_dup, fd);
		sys1(__NR_close, other);
		break;
	}
	if (end_early) {
		nap_us(1000);
		flush_out();
		sys1(__NR_exit_group, code);
	}
	for (int i = 0; i < nreaders; i++) {
		struct reader *r = &readers[i];

		/* (a poll may sleep to its own time-out, 200 ms: Linux looks the
		 * number up again at each wake-up, and a new file there may have
		 * nothing to read) */
		if (thread_join_us(i, 300000 + expiry_us) < 0) {
			say("  reader %d: still blocked 300 ms after the first expiry", i);
			continue;
		}
		if (r->use_poll)
			say("# reader %d: poll -> %s revents %#x", i, errname(r->ret), r->revents);
		else
			say("  reader %d: read -> %s count %llu", i, errname(r->ret),
			    r->ret == 8 ? (unsigned long long)r->count : 0ULL);
	}
	flush_out();
	sys1(__NR_exit_group, code); /* with any reader still asleep */
	return code;
}

/* ---- fd-chaos ----------------------------------------------------------- */

#define CHAOS_OPS 24
#define FD_LO 3
#define FD_N 8
struct chaos_op {
	int kind, a, b;
	long us;
};
static struct chaos_thread {
	struct chaos_op op[CHAOS_OPS];
	int n;
	volatile int done;
	volatile long last;
} chaos[4];

static const char *const proc_files[] = {"/proc/uptime", "/proc/meminfo", "/proc/self/stat",
					 "/proc/self/status", "/proc/timer_list", "/proc/self/timers"};

enum { C_CLOSE, C_DUP, C_DUP2, C_READ, C_POLL, C_TFD, C_ARM, C_OPEN, C_NAP, C_READ_TTY, C_KINDS };

static int chaos_fn(void *arg)
{
	struct chaos_thread *t = arg;
	char buf[64];

	for (int i = 0; i < t->n; i++) {
		const struct chaos_op *o = &t->op[i];
		long r = 0;

		switch (o->kind) {
		case C_CLOSE:
			r = sys1(__NR_close, o->a);
			break;
		case C_DUP:
			r = sys1(__NR_dup, o->a);
			break;
		case C_DUP2:
			r = sys2(__NR_dup2, o->a, o->b);
			break;
		case C_READ:
			r = sys3(__NR_read, o->a, buf, o->b ? sizeof(buf) : 8);
			break;
		case C_POLL: {
			struct pollfd p[3] = {{o->a, POLLIN, 0}, {o->b, POLLIN, 0}, {0, POLLIN, 0}};

			r = sys3(__NR_poll, p, 3, o->us / 1000);
			break;
		}
		case C_TFD:
			r = tfd_create(o->b);
			if (r >= 0 && r != o->a) {
				sys2(__NR_dup2, r, o->a);
				sys1(__NR_close, r);
			}
			break;
		case C_ARM:
			r = tfd_arm_us(o->a, o->us, o->b ? o->us : 0);
			break;
		case C_OPEN:
			r = sys2(__NR_open, proc_files[o->b], O_RDONLY);
			if (r >= 0 && r != o->a) {
				sys2(__NR_dup2, r, o->a);
				sys1(__NR_close, r);
			}
			break;
		case C_NAP:
			nap_us(o->us);
			break;
		case C_READ_TTY:
			r = sys3(__NR_read, 0, buf, 1); /* no input comes: asleep until the end */
			break;
		}
		t->last = r;
	}
	t->done = 1;
	return 0;
}

int sc_fd_chaos(void)
{
	int nthreads = 2 + (int)rnd(3), end = (int)rnd(3), code = 60 + (int)rnd(40);
	long end_us = 5000 + 5000 * (long)rnd(40);

	say("  threads %d, end by %s at %ld ms", nthreads,
	    end == 0 ? "exit_group" : end == 1 ? "execve" : "exit_group from a thread",
	    end_us / 1000);
	flush_out(); /* a thread may end the process: the line is out first */
	for (int fd = FD_LO; fd < FD_LO + 3; fd++) { /* a few to start with */
		long r = tfd_create(0);

		if (r >= 0 && r != fd) {
			sys2(__NR_dup2, r, fd);
			sys1(__NR_close, r);
		}
	}
	for (int t = 0; t < nthreads; t++) {
		struct chaos_thread *c = &chaos[t];

		c->n = 4 + (int)rnd(CHAOS_OPS - 4);
		for (int i = 0; i < c->n; i++) {
			struct chaos_op *o = &c->op[i];

			o->kind = (int)rnd(C_KINDS);
			if (o->kind == C_READ_TTY && !chance(30))
				o->kind = C_NAP;
			o->a = FD_LO + (int)rnd(FD_N);
			o->b = (int)rnd(2);
			o->us = 500 + 500 * (long)rnd(20);
			if (o->kind == C_DUP2)
				o->b = FD_LO + (int)rnd(FD_N);
			if (o->kind == C_POLL)
				o->b = FD_LO + (int)rnd(FD_N);
			if (o->kind == C_OPEN)
				o->b = (int)rnd(sizeof(proc_files) / sizeof(proc_files[0]));
		}
		thread_start(t, chaos_fn, c);
	}
	if (end == 2) { /* another thread ends it, the main one asleep */
		race_end_from_thread(nthreads, 0, code, end_us);
		sys3(__NR_read, 0, &code, 1);
	}
	nap_us(end_us);
	for (int t = 0; t < nthreads; t++) {
		char ops[CHAOS_OPS * 8 + 1];
		int len = 0;

		for (int i = 0; i < chaos[t].n; i++)
			len += snprintf(ops + len, sizeof(ops) - (size_t)len, " %c%d",
					"cDdrpTaonR"[chaos[t].op[i].kind], chaos[t].op[i].a);
		say("# thread %d: %s after its %d calls, last -> %s; calls%s", t,
		    chaos[t].done ? "done" : "busy", chaos[t].n, errname(chaos[t].last), ops);
	}
	flush_out();
	race_end(end, code);
	sys1(__NR_exit_group, code);
	return code;
}
