/*
 * setitimer, getitimer, alarm (ITIMER_REAL: SIGALRM from the kernel,
 * re-armed at expiry, not at delivery) and the timerfd calls.
 */
#include "fuzz.h"
#include "fuzz_setting.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <unistd.h>

clockid_t pick_timer_clock(enum cclass *cc, int *err, int for_timerfd);
const char *fuzz_clock_name(clockid_t c);

#define HUGE_US 1000000000LL /* 1000 s */

static long long tv_ns(const struct timeval *tv)
{
	return (long long)tv->tv_sec * 1000000000LL + (long long)tv->tv_usec * 1000;
}

static struct timeval tv_of(long long ns)
{
	struct timeval tv;

	tv.tv_sec = (time_t)(ns / 1000000000LL);
	tv.tv_usec = (suseconds_t)((ns % 1000000000LL) / 1000);
	return tv;
}

/* ITIMER_REAL's value as the model has it; ITIMER_VIRTUAL/PROF: far or 0. */
static void show_itimer(char *buf, size_t n, int which, const struct itimerval *v)
{
	long long left = tv_ns(&v->it_value), iv = tv_ns(&v->it_interval);

	if (which == ITIMER_REAL) {
		char want[32] = "0";
		const char *got = fmt_left(left, 1, 0);

		if (M.it_armed && !M.it_wait)
			snprintf(want, sizeof(want), "%lld.6Q", M.it_dl - M.g);
		snprintf(buf, n, "%s/%s", got, fmt_iv(iv));
		if (strcmp(want, got) || iv != M.it_iv * Q_NS)
			comment("M itimer: model %s/%dQ", want, M.it_iv);
	} else {
		int armed = which == ITIMER_VIRTUAL ? M.it_virt : M.it_prof;

		/* Linux adds a tick to a CPU-time interval timer (set_cpu_itimer) */
		snprintf(buf, n, "%s/%s", fmt_left(left, 0, HUGE_US * 1000 + 10000000), fmt_iv(iv));
		if (armed != (left != 0))
			comment("M itimer %d: model %s", which, armed ? "armed" : "0");
	}
}

int op_setitimer(void)
{
	int k = (int)rnd(100), which, ret, err, expect_err = 0, m = (int)rnd(6), iv = 0;
	int immediate = 0, zero = 0;
	struct itimerval nv, old, *nvp = &nv, *oldp = chance(60) ? &old : NULL;
	char what[48], oldtext[64] = "";
	static const char *names[] = {"REAL", "VIRTUAL", "PROF"};

	memset(&nv, 0, sizeof(nv));
	which = k < 70 ? ITIMER_REAL : k < 80 ? ITIMER_VIRTUAL : k < 90 ? ITIMER_PROF : -1;
	if (which < 0) {
		which = chance(50) ? 3 : -1;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "which=%d", which);
	} else if (which == ITIMER_REAL) {
		k = (int)rnd(100);
		if (k < 60) {
			nv.it_value = tv_of(m * Q_NS + IP_NS);
			if (chance(40))
				iv = 1 + (int)rnd(3);
			nv.it_interval = tv_of(iv * Q_NS);
			snprintf(what, sizeof(what), "REAL %d.6Q/%dQ", m, iv);
		} else if (k < 68) {
			nv.it_value.tv_usec = 1;
			immediate = 1;
			snprintf(what, sizeof(what), "REAL 1us");
		} else if (k < 85) {
			zero = 1;
			snprintf(what, sizeof(what), "REAL 0");
		} else if (k < 92) {
			nv.it_value.tv_usec = chance(50) ? 1000000 : -1;
			expect_err = EINVAL;
			snprintf(what, sizeof(what), "REAL usec=%ld", (long)nv.it_value.tv_usec);
		} else if (k < 96) {
			nv.it_interval.tv_sec = -1;
			nv.it_value.tv_usec = 8000;
			expect_err = EINVAL;
			snprintf(what, sizeof(what), "REAL interval sec=-1");
		} else {
			nvp = bad_pointer();
			expect_err = EFAULT;
			snprintf(what, sizeof(what), "REAL badptr");
		}
	} else {
		zero = chance(40);
		if (!zero)
			nv.it_value = tv_of(HUGE_US * 1000);
		snprintf(what, sizeof(what), "%s %s", names[which], zero ? "0" : "far");
	}
	if (expect_err && chance(20))
		oldp = bad_pointer();
	memset(&old, 0, sizeof(old));
	events_begin();
	{
		struct model before = M;

		if (!expect_err) {
			if (which == ITIMER_REAL) {
				M.it_armed = !zero;
				M.it_wait = 0;
				M.it_iv = immediate ? 0 : iv;
				M.it_dl = M.g + m;
				if (immediate) {
					M.it_armed = 0;
					m_send_user(SIGALRM, SI_KERNEL, 0, 3 * M.g, 0);
				}
				m_deliver_now(3 * M.g);
			} else if (which == ITIMER_VIRTUAL) {
				M.it_virt = !zero;
			} else {
				M.it_prof = !zero;
			}
		}
		if (!op_go())
			return 0;
		errno = 0;
		ret = setitimer(which, nvp, oldp);
		err = ret < 0 ? errno : 0;
		spin();
		if (ret == 0 && oldp == &old) {
			struct model after = M;

			M = before; /* the old value is the model's before the call */
			snprintf(oldtext, sizeof(oldtext), " old ");
			show_itimer(oldtext + 5, sizeof(oldtext) - 5, which, &old);
			before = after;
			M = after;
		}
	}
	say("%d.%d setitimer %s%s -> %s%s", episode, op_no, what,
	    oldp && oldp != &old ? " old=badptr" : "", fmt_ret(ret, err), oldtext);
	if (err != expect_err)
		comment("M setitimer: model %s", errno_name(expect_err));
	events_end(1);
	return 1;
}

int op_getitimer(void)
{
	int which = chance(70) ? ITIMER_REAL : chance(80) ? (int)rnd(3) : 3, ret, err;
	struct itimerval v, *vp = chance(96) ? &v : bad_pointer();
	char text[64] = "";

	memset(&v, 0, sizeof(v));
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = getitimer(which, vp);
	err = ret < 0 ? errno : 0;
	if (ret == 0 && vp == &v) {
		text[0] = ' ';
		show_itimer(text + 1, sizeof(text) - 1, which, &v);
	}
	say("%d.%d getitimer %d%s -> %s%s", episode, op_no, which, vp == &v ? "" : " badptr",
	    fmt_ret(ret, err), text);
	if (err != (which == 3 ? EINVAL : vp != &v ? EFAULT : 0))
		comment("M getitimer: model error");
	events_end(0);
	return 1;
}

/* alarm(n): n = 1 or 4, so that it expires at a 2/3 point (1 s = 41 2/3 Q). */
int op_alarm(void)
{
	static const unsigned secs[] = {0, 1, 4};
	unsigned n = secs[rnd(3)], want = 0, ret;

	if (M.it_armed && !M.it_wait) {
		long long left = (M.it_dl - M.g) * Q_NS + IP_NS;
		long long s = left / 1000000000LL, us = left % 1000000000LL / 1000;

		/* Linux rounds to the nearest second, and never says 0 for a running alarm */
		want = (unsigned)(s + ((s == 0 && us) || us >= 500000));
	}
	events_begin();
	M.it_armed = n != 0;
	M.it_wait = 0;
	M.it_iv = 0;
	M.it_dl = M.g + (long long)n * 1000000000LL / Q_NS;
	if (!op_go())
		return 0;
	ret = alarm(n);
	say("%d.%d alarm %u -> %u", episode, op_no, n, ret);
	if (ret != want)
		comment("M alarm: model %u", want);
	events_end(0);
	return 1;
}

/* ---- timerfd --------------------------------------------------------------------- */

static int tfd_slot(int live)
{
	int n = 0, pick = -1;

	for (int k = 0; k < NTFDS; k++)
		if (!!M.tfd[k].live == live && rnd((uint32_t)++n) == 0)
			pick = k;
	return pick;
}

/* A timerfd to act on: a live slot, or a descriptor that is none. */
static int pick_fd(int *fd, char *name, size_t n, int *bad_err)
{
	int k = chance(92) ? tfd_slot(1) : -1;

	*bad_err = 0;
	if (k >= 0) {
		*fd = M.tfd[k].fd;
		snprintf(name, n, "F%d", k);
		return k;
	}
	switch (rnd(3)) {
	case 0:
		*fd = 99;
		*bad_err = EBADF;
		snprintf(name, n, "fd99");
		break;
	case 1:
		*fd = -1;
		*bad_err = EBADF;
		snprintf(name, n, "fd-1");
		break;
	default:
		*fd = 1;
		*bad_err = EINVAL;
		snprintf(name, n, "stdout");
		break;
	}
	return -1;
}

int op_timerfd_create(void)
{
	enum cclass cc;
	int cerr, k = tfd_slot(0), flags = 0, ret, err, expect_err;
	clockid_t clock = pick_timer_clock(&cc, &cerr, 1);
	struct mtfd *f;

	if (clock == CLOCK_TAI) {
		clock = CLOCK_TAI; /* not a timerfd clock */
		cerr = EINVAL;
	}
	if (chance(30))
		flags |= TFD_NONBLOCK;
	if (chance(20))
		flags |= TFD_CLOEXEC;
	if (chance(4))
		flags |= 1; /* not a flag */
	expect_err = cerr ? cerr : (flags & 1) ? EINVAL : 0;
	if (!expect_err && k < 0)
		return 0;
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = timerfd_create(clock, flags);
	err = ret < 0 ? errno : 0;
	say("%d.%d timerfd_create %s%d %s%s%s%s -> %s", episode, op_no, expect_err ? "-" : "F",
	    expect_err ? 0 : k, fuzz_clock_name(clock), flags & TFD_NONBLOCK ? " nonblock" : "",
	    flags & TFD_CLOEXEC ? " cloexec" : "", flags & 1 ? " flag1" : "",
	    ret >= 0 ? "fd" : errno_name(err));
	if (err != expect_err)
		comment("M timerfd_create: model %s", errno_name(expect_err));
	if (ret >= 0 && !expect_err) {
		f = &M.tfd[k];
		memset(f, 0, sizeof(*f));
		f->live = 1;
		f->fd = ret;
		f->clock = clock;
		f->nonblock = (flags & TFD_NONBLOCK) != 0;
		f->dl = FAR;
	} else if (ret >= 0) {
		close(ret);
	}
	events_end(0);
	return 1;
}

static void show_tfd(char *buf, size_t n, const struct mtfd *f, const struct itimerspec *v)
{
	long long left = ns_of(&v->it_value);
	char want[32] = "0";
	const char *got = fmt_left(left, !f->odd, f->odd ? f->value_ns : 0);

	snprintf(buf, n, "%s/%s", got, fmt_iv(ns_of(&v->it_interval)));
	if (f->armed && !f->odd) {
		long long now = f->frame_real ? M.g + M.r_off : M.g;

		snprintf(want, sizeof(want), "%lld.3Q", f->dl - now);
	} else if (f->armed) {
		snprintf(want, sizeof(want), ">0");
	}
	if (strcmp(want, got))
		comment("M timerfd: model %s", want);
}

int op_timerfd_settime(void)
{
	char name[16], oldtext[64] = "";
	int fd, bad_fd, k = pick_fd(&fd, name, sizeof(name), &bad_fd), ret, err, expect_err;
	int flags, cancel = 0;
	struct mtfd *f = k >= 0 ? &M.tfd[k] : NULL, before;
	struct itimerspec old, *oldp = chance(50) ? &old : NULL;
	struct setting set;
	enum cclass cc = f && f->clock == CLOCK_REALTIME ? CC_REAL : CC_MONO;

	/* (a timerfd sends nothing, but its count of an odd interval is not exact) */
	make_setting(&set, f ? f->clock : CLOCK_MONOTONIC, cc, 1, 0);
	flags = set.flags;
	if ((flags & TFD_TIMER_ABSTIME) && chance(40)) {
		flags |= TFD_TIMER_CANCEL_ON_SET;
		cancel = cc == CC_REAL; /* on Linux's cancel list */
	}
	if (chance(4))
		flags |= 4; /* not a flag */
	/* Linux: the value is copied first (a NULL one too), then flags and value, then the fd */
	expect_err = set.ptr == NULL	      ? EFAULT
		     : set.bad == EFAULT      ? EFAULT
		     : (flags & 4) || set.bad ? EINVAL
					      : bad_fd;
	if (expect_err && chance(20))
		oldp = bad_pointer();
	memset(&old, 0, sizeof(old));
	events_begin();
	if (f)
		before = *f;
	if (!expect_err) {
		f->armed = !set.zero;
		f->iv = set.zero ? 0 : set.iv;
		f->frame_real = set.frame_real;
		f->odd = set.odd;
		f->dl = set.odd ? FAR : set.dl;
		f->value_ns = set.value_ns;
		f->iv_ns = set.iv_ns; /* Linux keeps it, disarmed or not */
		f->count = 0;
		/* Linux's timerfd_setup_cancel and timerfd_canceled: the mark of a
		 * clock set is said once, by a read or by a settime that arms */
		f->might_cancel = cancel;
		if (!set.zero && f->might_cancel && f->clock_moved) {
			f->clock_moved = 0;
			expect_err = ECANCELED;
		}
		if (f->armed && set.immediate) {
			f->count = 1;
			if (f->iv && !f->odd) {
				long long now = f->frame_real ? M.g + M.r_off : M.g;
				long long n = (now - 1 - f->dl) / f->iv + 1;

				f->count = n;
				f->dl += n * f->iv;
			} else {
				f->armed = 0;
			}
		}
	}
	if (!op_go())
		return 0;
	errno = 0;
	ret = timerfd_settime(fd, flags, set.ptr, oldp);
	err = ret < 0 ? errno : 0;
	spin();
	if (expect_err == ECANCELED) {
		expect_err = 0; /* armed: the model goes on */
		if (err == ECANCELED)
			err = 0, ret = -2;
	}
	if (ret == 0 && oldp == &old && f) {
		struct mtfd after = *f;

		*f = before;
		snprintf(oldtext, sizeof(oldtext), " old ");
		show_tfd(oldtext + 5, sizeof(oldtext) - 5, f, &old);
		*f = after;
	}
	say("%d.%d timerfd_settime %s %s%s%s -> %s%s", episode, op_no, name, set.text,
	    flags & TFD_TIMER_CANCEL_ON_SET ? " cancel" : "", flags & 4 ? " flag4" : "",
	    ret == -2 ? "ECANCELED" : fmt_ret(ret, err), oldtext);
	if (err != expect_err)
		comment("M timerfd_settime: model %s", errno_name(expect_err));
	events_end(0);
	return 1;
}

int op_timerfd_gettime(void)
{
	char name[16], text[64] = "";
	int fd, bad_fd, k = pick_fd(&fd, name, sizeof(name), &bad_fd), ret, err;
	struct itimerspec v, *vp = chance(96) ? &v : bad_pointer();

	memset(&v, 0, sizeof(v));
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = timerfd_gettime(fd, vp);
	err = ret < 0 ? errno : 0;
	if (ret == 0 && vp == &v && k >= 0) {
		text[0] = ' ';
		show_tfd(text + 1, sizeof(text) - 1, &M.tfd[k], &v);
	}
	say("%d.%d timerfd_gettime %s%s -> %s%s", episode, op_no, name, vp == &v ? "" : " badptr",
	    fmt_ret(ret, err), text);
	if (err != (bad_fd ? bad_fd : vp != &v ? EFAULT : 0))
		comment("M timerfd_gettime: model error");
	events_end(0);
	return 1;
}

int op_timerfd_read(void)
{
	char name[16], text[48] = "";
	int fd, bad_fd, k = pick_fd(&fd, name, sizeof(name), &bad_fd), err, guard = 0;
	uint64_t count = 0;
	void *buf = &count;
	size_t len = chance(5) ? 4 : 8;
	long ret;
	struct mtfd *f = k >= 0 ? &M.tfd[k] : NULL;
	struct wait_spec w = {W_TFDREAD, FAR, 0, 0, k};
	struct wait_result r;
	long long g0 = M.g, want = 0;
	int expect_err = bad_fd == EINVAL ? 0 : bad_fd;

	memset(&r, 0, sizeof(r));
	if (bad_fd == EINVAL)
		return 0; /* reading stdout would wait for a line */
	if (chance(3) || (f && len == 8 && f->nonblock && f->count == 0 && chance(10)))
		buf = bad_pointer(); /* Linux: a kernel address fails first (access_ok) */
	if (bad_fd) {
		buf = &count;
	} else if (buf != &count && bad_name(buf)[0] == 'k') {
		expect_err = EFAULT;
	} else if (f && len == 8 && f->might_cancel && f->clock_moved &&
		   (f->nonblock || f->count > 0)) {
		expect_err = ECANCELED;
	} else if (f && len == 8) {
		if (f->nonblock) {
			if (f->count == 0)
				expect_err = EAGAIN;
			else if (buf != &count)
				buf = &count; /* Linux would take the count and lose it */
		} else {
			if (buf != &count)
				buf = &count;
			w.until = FAR;
			r = model_wait(&w, 0);
			if (r.ambiguous || r.outcome == WR_NEVER)
				return 0;
			guard = r.at >= 0;
		}
	} else if (f && len != 8) {
		expect_err = EINVAL;
	}
	events_begin();
	if (f && !expect_err && len == 8) {
		if (f->nonblock) {
			want = f->count;
			f->count = 0;
		} else {
			r = model_wait(&w, 1);
			want = r.tfd_count;
			if (r.outcome == WR_EINTR)
				expect_err = EINTR;
		}
	} else if (f && expect_err == ECANCELED) {
		f->clock_moved = 0;
		f->count = 0;
	}
	if (!op_go())
		return 0;
	if (guard)
		guard_arm(r.at / 3 + 2, g0);
	errno = 0;
	ret = read(fd, buf, len);
	err = ret < 0 ? errno : 0;
	if (guard)
		guard_disarm();
	settle(guard);
	if (ret == 8)
		snprintf(text, sizeof(text), " count %llu", (unsigned long long)count);
	say("%d.%d read %s%s%s%s -> %s%s", episode, op_no, name, len != 8 ? " len4" : "",
	    buf != &count ? " " : "", buf != &count ? bad_name(buf) : "",
	    ret >= 0 ? "8" : errno_name(err), text);
	if (err != expect_err || (ret == 8 && (long long)count != want))
		comment("M read: model %s count %lld", errno_name(expect_err), want);
	events_end(1);
	return 1;
}

int op_close(void)
{
	char name[16];
	int fd, bad_fd, k = pick_fd(&fd, name, sizeof(name), &bad_fd), ret, err;

	if (bad_fd == EINVAL)
		return 0; /* stdout stays open */
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = close(fd);
	err = ret < 0 ? errno : 0;
	say("%d.%d close %s -> %s", episode, op_no, name, fmt_ret(ret, err));
	if (err != bad_fd)
		comment("M close: model %s", errno_name(bad_fd));
	if (k >= 0)
		M.tfd[k].live = 0;
	events_end(0);
	return 1;
}
