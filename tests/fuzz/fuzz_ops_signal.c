/*
 * The signal calls: sigprocmask, sigaction, sigpending, kill, sigqueue,
 * tkill.  Each delivers at its return what it made deliverable, in Linux's
 * order (events not sorted: the order is exact).
 */
#include "fuzz.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static unsigned random_bits(void)
{
	return rnd(1u << NSIGS);
}

static void set_text(char *buf, size_t n, unsigned bits)
{
	size_t len = 0;

	len += (size_t)snprintf(buf + len, n - len, "{");
	for (int i = 0; i < NSIGS; i++)
		if (bits & (1u << i))
			len += (size_t)snprintf(buf + len, n - len, "%s%s", len > 1 ? "," : "",
						sig_name(fuzz_sigs[i]));
	snprintf(buf + len, n - len, "}");
}

void fuzz_set_text(char *buf, size_t n, unsigned bits)
{
	set_text(buf, n, bits);
}

int op_sigprocmask(void)
{
	static const char *hows[] = {"BLOCK", "UNBLOCK", "SETMASK", "how3"};
	int how = chance(3) ? 3 : (int)rnd(3), ret, err, expect_err;
	unsigned bits = random_bits(), newmask = M.mask;
	sigset_t set, old, *setp = &set, *oldp = chance(80) ? &old : NULL;
	char settext[64], oldtext[80] = "";

	set_of(bits, &set);
	if (chance(15))
		sigaddset(&set, chance(50) ? SIGKILL : SIGSTOP); /* dropped quietly */
	if (chance(10))
		setp = NULL; /* only asks */
	else if (chance(2))
		setp = bad_pointer();
	/* Linux checks how only when there is a set, and writes the old one last */
	expect_err = setp == NULL ? 0 : setp != &set ? EFAULT : how == 3 ? EINVAL : 0;
	if (chance(5) && (setp == NULL || expect_err))
		oldp = bad_pointer();
	if (!expect_err && oldp && oldp != &old)
		expect_err = EFAULT;
	if (setp == &set)
		set_text(settext, sizeof(settext), bits);
	else
		snprintf(settext, sizeof(settext), "%s", setp ? "badptr" : "NULL");
	if (setp == &set && !expect_err) {
		if (how == SIG_BLOCK)
			newmask |= bits;
		else if (how == SIG_UNBLOCK)
			newmask &= ~bits;
		else
			newmask = bits;
	}
	sigemptyset(&old);
	events_begin();
	{
		unsigned before = M.mask;

		if (!expect_err) {
			M.mask = newmask;
			m_deliver_now(3 * M.g);
		}
		if (!op_go())
			return 0;
		errno = 0;
		/*
		 * The libc takes its thread signals out of a copy of the set,
		 * reading it in user space (glibc too): a bad set would end
		 * the episode by SIGSEGV on both kernels and test neither.
		 * The kernel's answer is what is fuzzed: the system call.
		 */
		if (setp && setp != &set)
			ret = (int)syscall(SYS_rt_sigprocmask, how, setp, oldp, 8);
		else
			ret = sigprocmask(how, setp, oldp);
		err = ret < 0 ? errno : 0;
		if (ret == 0 && oldp == &old) {
			unsigned got = mask_of(&old);

			oldtext[0] = ' ';
			snprintf(oldtext, sizeof(oldtext), " old ");
			set_text(oldtext + 5, sizeof(oldtext) - 5, got);
			if (got != before)
				comment("M sigprocmask: model old %02x", before);
			if (sigismember(&old, GUARD_SIG) == 1)
				say("  guard signal blocked");
		}
	}
	say("%d.%d sigprocmask %s %s%s -> %s%s", episode, op_no, hows[how], settext,
	    oldp && oldp != &old ? " old=badptr" : "", fmt_ret(ret, err), oldtext);
	if (err != expect_err)
		comment("M sigprocmask: model %s", errno_name(expect_err));
	events_end(0);
	return 1;
}

static void action_text(char *buf, size_t n, const struct sigaction *sa, int asked_info)
{
	int f = sa->sa_flags;
	unsigned m = mask_of(&sa->sa_mask);
	size_t len;

	if (sa->sa_handler == SIG_DFL)
		len = (size_t)snprintf(buf, n, "DFL");
	else if (sa->sa_handler == SIG_IGN)
		len = (size_t)snprintf(buf, n, "IGN");
	else
		len = (size_t)snprintf(buf, n, "H");
	if (f & SA_RESTART)
		len += (size_t)snprintf(buf + len, n - len, "+restart");
	if (f & SA_NODEFER)
		len += (size_t)snprintf(buf + len, n - len, "+nodefer");
	if (f & SA_RESETHAND)
		len += (size_t)snprintf(buf + len, n - len, "+resethand");
	if ((f & SA_SIGINFO) && !asked_info)
		len += (size_t)snprintf(buf + len, n - len, "+siginfo");
	if (m) {
		len += (size_t)snprintf(buf + len, n - len, " mask");
		set_text(buf + len, n - len, m);
	}
}

int op_sigaction(void)
{
	int i = (int)rnd(NSIGS), signo = fuzz_sigs[i], k = (int)rnd(100), ret, err, expect_err = 0;
	struct sigaction sa, old, *sap = &sa, *oldp = chance(75) ? &old : NULL;
	struct maction a = {ACT_HANDLER, 0, 0};
	char acttext[80], oldtext[96] = "";

	if (chance(4)) {
		static const int bad[] = {0, 65, SIGKILL, SIGSTOP, -1};

		signo = bad[rnd(5)];
		expect_err = EINVAL; /* (SIGKILL, SIGSTOP: when setting; a query is fine) */
	}
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (k < 15) {
		sap = NULL;
	} else if (k < 35) {
		sa.sa_handler = SIG_IGN;
		a.kind = ACT_IGN;
	} else if (k < 50) {
		sa.sa_handler = SIG_DFL;
		a.kind = ACT_DFL;
	} else {
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO;
		if (chance(50))
			sa.sa_flags |= SA_RESTART;
		if (chance(15))
			sa.sa_flags |= SA_NODEFER;
		if (chance(10) && !(expect == EXPECT_61 && signo == SIGCHLD))
			sa.sa_flags |= SA_RESETHAND; /* (SIGCHLD: would become ignored) */
		if (chance(30)) {
			unsigned m = random_bits();

			set_of(m, &sa.sa_mask);
			a.mask = m;
		}
		a.flags = sa.sa_flags & (SA_RESTART | SA_NODEFER | SA_RESETHAND);
	}
	if (!sap && (signo == SIGKILL || signo == SIGSTOP))
		expect_err = 0;
	if (sap && !expect_err) {
		struct maction was = M.act[i];
		int ignoring;

		M.act[i] = a;
		ignoring = m_ignored(signo);
		M.act[i] = was;
		if (ignoring && expect == EXPECT_61)
			for (int s = 0; s < NTIMERS; s++)
				if (M.t[s].live && M.t[s].armed && M.t[s].iv &&
				    M.t[s].notify != SIGEV_NONE && M.t[s].signo == signo)
					return 0; /* 6.1 keeps it running, 6.13 parks it */
	}
	if (sap)
		action_text(acttext, sizeof(acttext), &sa, 1);
	else
		snprintf(acttext, sizeof(acttext), "query");
	memset(&old, 0, sizeof(old));
	events_begin();
	{
		struct maction before = expect_err ? a : M.act[i];

		if (sap && !expect_err) {
			m_set_action(signo, a);
			m_deliver_now(3 * M.g);
		}
		if (!op_go())
			return 0;
		errno = 0;
		ret = sigaction(signo, sap, oldp);
		err = ret < 0 ? errno : 0;
		if (ret == 0 && oldp) {
			snprintf(oldtext, sizeof(oldtext), " old ");
			action_text(oldtext + 5, sizeof(oldtext) - 5, &old, 1);
			if (signo == fuzz_sigs[i] &&
			    (int)before.kind != (old.sa_handler == SIG_DFL   ? ACT_DFL
						 : old.sa_handler == SIG_IGN ? ACT_IGN
									     : ACT_HANDLER))
				comment("M sigaction: model old kind %d", before.kind);
		}
	}
	say("%d.%d sigaction %s %s -> %s%s", episode, op_no, sig_name(signo), acttext,
	    fmt_ret(ret, err), oldtext);
	if (err != expect_err)
		comment("M sigaction: model %s", errno_name(expect_err));
	events_end(0);
	return 1;
}

int op_sigpending(void)
{
	sigset_t set, *setp = chance(97) ? &set : bad_pointer();
	char text[64] = "";
	int ret, err;

	sigemptyset(&set);
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = sigpending(setp);
	err = ret < 0 ? errno : 0;
	if (ret == 0) {
		unsigned got = mask_of(&set);

		text[0] = ' ';
		set_text(text + 1, sizeof(text) - 1, got);
		if (got != (unsigned)m_pending_bits())
			comment("M sigpending: model %02x", m_pending_bits());
	}
	say("%d.%d sigpending%s -> %s%s", episode, op_no, setp != &set ? " badptr" : "",
	    fmt_ret(ret, err), text);
	events_end(0);
	return 1;
}

/* kill, sigqueue, tkill: to ourselves mostly. */
static int send_op(int which)
{
	int signo = chance(8) ? 0 : fuzz_sigs[rnd(NSIGS)], pid = getpid(), val = (int)rnd(1000);
	int ret, err, expect_err = 0;
	const char *who = "self";
	static const char *names[] = {"kill", "sigqueue", "tkill"};
	static const int codes[] = {SI_USER, SI_QUEUE, SI_TKILL};

	if (chance(4)) {
		pid = 32000; /* no such process */
		who = "none";
		expect_err = ESRCH;
	} else if (chance(3)) {
		signo = 65;
		expect_err = EINVAL;
	}
	events_begin();
	if (!expect_err && signo) {
		m_send_user(signo, codes[which], which == 1 ? val : 0, 3 * M.g, which == 2);
		m_deliver_now(3 * M.g);
	}
	if (!op_go())
		return 0;
	errno = 0;
	if (which == 0) {
		ret = kill(pid, signo);
	} else if (which == 1) {
		union sigval v;

		v.sival_int = val;
		ret = sigqueue(pid, signo, v);
	} else {
		ret = (int)syscall(SYS_tkill, pid, signo);
	}
	err = ret < 0 ? errno : 0;
	if (which == 1)
		say("%d.%d %s %s %s %d -> %s", episode, op_no, names[which], who,
		    signo ? sig_name(signo) : "0", val, fmt_ret(ret, err));
	else
		say("%d.%d %s %s %s -> %s", episode, op_no, names[which], who,
		    signo ? sig_name(signo) : "0", fmt_ret(ret, err));
	if (err != expect_err)
		comment("M %s: model %s", names[which], errno_name(expect_err));
	events_end(0);
	return 1;
}

int op_kill(void)
{
	return send_op(0);
}

int op_sigqueue(void)
{
	return send_op(1);
}

int op_tkill(void)
{
	if (!thread_signals)
		return 0; /* tick386 has one queue until threads: see fuzz_main.c */
	return send_op(2);
}
