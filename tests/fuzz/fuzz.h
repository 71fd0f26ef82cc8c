/*
 * The differential fuzzer of the timer, clock, sleep and signal calls
 * (tests/fuzz/README.md says how to run it and what it prints).
 *
 * One program, built against user/libc, runs on tick386 and (built with
 * tools/ucc --linux-numbers) as the init of Linux i386 in the same QEMU under
 * -icount; the two outputs must be equal line by line.
 *
 * Time is a grid.  Every episode fixes T0 on CLOCK_MONOTONIC; grid point g is
 * T0 + g*Q.  The program only acts at a grid point: every step ends with an
 * absolute sleep to the next one, and any call is made within WINDOW_NS of
 * it.  Every POSIX timer and timerfd it sets expires a third of the way to
 * the next point, T0 + (h + 1/3)*Q, and ITIMER_REAL and alarm two thirds of
 * the way, each plus at most WINDOW_NS (the phase at which it was set):
 * values are (m + 1/3)*Q or (m + 2/3)*Q, intervals whole Q's, alarm(1) and
 * alarm(4) fall on 2/3.  (Two zones because a SIGALRM from ITIMER_REAL and
 * one from a timer at one instant coalesce or not by which came first.)
 * Between "a call is made" and "a timer expires" there is then always Q/6
 * of virtual time, far more than the instructions in between take on
 * either kernel, so what happened before a call (which timers fired, which
 * signals are pending, how many periods were missed) depends only on the
 * generated sequence, never on how many instructions the kernel took.  What
 * is printed is quantized to the grid: "2.3Q left", never nanoseconds.
 *
 * A model (fuzz_model.c) predicts, from the sequence alone, what each call
 * does; the generator asks it to keep to states whose outcome is exact (no
 * two wake-ups racing at one instant, no sleeps that would never end) and,
 * with --expect=6.1, to states where Linux 6.1 and 6.13 agree.  The model is
 * never corrected by what a kernel answers, so both kernels see the very
 * same calls; where the model and the kernel disagree, a comment line "#M"
 * says so (comments are not compared).
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <signal.h>
#include <stdint.h>
#include <time.h>

#define Q_NS 24000000LL	     /* the grid: 24 ms; 1 s = 41 Q + 2/3 Q */
#define TP_NS (Q_NS / 3)     /* where POSIX timers and timerfds expire: g + 1/3 */
#define IP_NS (2 * Q_NS / 3) /* where ITIMER_REAL and alarm expire: g + 2/3 */
#define WINDOW_NS (Q_NS / 6) /* calls and expiries stay this close to their point */
#define R0_SEC 1700000000LL  /* CLOCK_REALTIME at realtime point 0 (a multiple of Q) */
#define FAR (1LL << 40)	     /* a deadline index no episode reaches */
#define SPIN_NS 100000LL     /* wait after a call that may expire a timer at once */

#define NSIGS 6		   /* the signals the fuzzer plays with (fuzz_sigs) */
#define NTIMERS 6	   /* POSIX timer slots */
#define NTFDS 3		   /* timerfd slots */
#define GUARD_SIG SIGRTMAX /* the guard timer's signal: never blocked, always handled */

enum expect { EXPECT_613, EXPECT_61 };

/* ---- fuzz_main.c ---------------------------------------------------------- */
extern enum expect expect;
extern int on_linux;
extern int episode;
extern int op_no;
extern int fuzz_trace;	   /* --trace: a comment before each call */
extern int thread_signals; /* --thread-signals: tkill and SIGEV_THREAD_ID too */
uint32_t rnd(uint32_t n);  /* uniform in [0, n) */
int chance(int percent);
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void comment(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void flush_out(void); /* write what say and comment kept */

/* ---- signals -------------------------------------------------------------- */
extern const int fuzz_sigs[NSIGS];
int sig_index(int signo); /* -1 if not one of ours */
const char *sig_name(int signo);
const char *errno_name(int e);
unsigned mask_of(const sigset_t *set); /* our signals in set, bit i = fuzz_sigs[i] */
void set_of(unsigned bits, sigset_t *set);

/* ---- the model (fuzz_model.c) --------------------------------------------- */
enum act_kind { ACT_DFL, ACT_IGN, ACT_HANDLER };
struct maction {
	enum act_kind kind;
	int flags;     /* SA_RESTART | SA_NODEFER | SA_RESETHAND */
	unsigned mask; /* sa_mask, over our signals */
};

/* The kinds of clock a timer runs on. */
enum cclass { CC_MONO, CC_REAL, CC_CPU };

struct mtimer {
	int live;
	timer_t kid; /* the kernel's id */
	clockid_t clock;
	enum cclass cc;
	int notify; /* SIGEV_SIGNAL, SIGEV_NONE, SIGEV_THREAD_ID */
	int signo;
	int sival;
	int null_sev; /* created with a NULL sigevent: value = id */
	int armed;
	int iv;		/* interval in Q (0: one-shot) */
	int frame_real; /* deadline on the realtime index (absolute REALTIME/TAI) */
	long long dl;	/* next expiry: half point dl + 1/2 (FAR: never) */
	int odd;	/* off the grid (huge, CPU time, SIGEV_NONE odd values): bounds only */
	long long value_ns, iv_ns; /* as set, for the bounds */
	int queued, parked, overrun_last;
	int stale; /* SIGEV_NONE disarmed while armed: Linux shows the old time left */
};

struct mtfd {
	int live, fd, clock, nonblock;
	int armed, iv, frame_real, odd;
	long long dl, value_ns, iv_ns;
	long long count;
	int might_cancel; /* on Linux's cancel list (ABSTIME|CANCEL_ON_SET, REALTIME) */
	int clock_moved;  /* the clock was set since ECANCELED was last said */
};

/* A signal as the handler records it, or as the model predicts it. */
struct event {
	int signo, code;
	int slot; /* SI_TIMER: the timer slot, -1 if unknown */
	int tid;  /* SI_TIMER: si_timerid as received */
	int val;  /* si_value.sival_int (SI_TIMER, SI_QUEUE) */
	int ovr;  /* si_overrun (SI_TIMER) */
	int self; /* si_pid is ours (SI_USER, SI_QUEUE, SI_TKILL) */
};
#define MAX_EVENTS 128

/* A pending signal of the model. */
struct pend {
	int signo, code, slot, val;
	long long arr; /* the instant it was queued */
	int amb;       /* another timer queued the same signal at the same instant */
	int priv;      /* on the thread's queue (tkill, SIGEV_THREAD_ID), else the process's */
};
#define MAX_PEND 64

struct model {
	long long g;	 /* the current grid point */
	long long r_off; /* realtime index - monotonic index */
	unsigned mask;
	struct maction act[NSIGS];
	struct mtimer t[NTIMERS];
	struct mtfd tfd[NTFDS];
	struct pend pend[MAX_PEND];
	int npend;
	/* ITIMER_REAL (and alarm) */
	int it_armed, it_iv;
	int it_wait; /* expired, periodic: re-armed when a SIGALRM is taken (Linux) */
	long long it_dl;
	int it_virt, it_prof; /* armed (always far) */
	int dead;	      /* killed by this signal */
	/* predictions of the current call */
	struct event ev[MAX_EVENTS];
	int nev;
	int ev_sort;   /* the order of the events is not exact: sort them */
	int ambiguous; /* the outcome depends on instruction timing */
	int passed;    /* timers a clock step made due at once */
	int sleeping;  /* a wait call is in progress (deliveries end it) */
};
extern struct model M;

void model_init(void);
int m_ignored(int signo);
int m_terminates(int signo);
int m_blocked(int signo);
int m_pending_bits(void);
void m_send_user(int signo, int code, int val, long long inst, int priv); /* kill & co. */
void m_timer_fire_now(int slot, long long inst);       /* expired at once when set */
void m_deliver_now(long long inst);		       /* at a return to user (instant inst) */
void m_set_action(int signo, struct maction a);	       /* includes flush and unpark */
void m_timer_stop(int slot);			       /* settime/delete drop the queued signal */
int m_left_q(const struct mtimer *t, long long *left); /* 1: on the grid, *left in Q */
int m_timer_left_q(int slot, long long *left);
long long m_tfd_read(int slot); /* count, consumed */
/* Whether an event is racing at half point h (ambiguous wait). */
enum wait_kind { W_SLEEP, W_SIGWAIT, W_SUSPEND, W_TFDREAD };
struct wait_result {
	int outcome;  /* WR_TIMEOUT, WR_EINTR, WR_SIGNAL, WR_DIED, WR_TFD, WR_RESTART */
	long long at; /* the instant (3h + 1 or 2) it ended at; -1: at once */
	int signo;    /* WR_SIGNAL: the signal taken */
	struct pend taken;
	int ovr; /* its overrun (SI_TIMER) */
	long long tfd_count;
	int ambiguous;
};
enum { WR_TIMEOUT, WR_EINTR, WR_SIGNAL, WR_DIED, WR_TFD, WR_NEVER };
/*
 * Predict a wait from now (grid M.g) to grid point `until` (FAR: none),
 * without changing the model (dry) or applying it.
 */
struct wait_spec {
	enum wait_kind kind;
	long long until;
	unsigned set;	  /* W_SIGWAIT: the signals waited for */
	unsigned tmpmask; /* W_SUSPEND: the mask while waiting */
	int tfd;	  /* W_TFDREAD: the slot */
};
struct wait_result model_wait(const struct wait_spec *w, int apply);
void model_advance(long long g); /* a plain sleep to grid g (interruptions included) */
void model_clock_set(long long new_r_index);
const char *model_signature(void);

/* ---- the running side (fuzz_exec.c) --------------------------------------- */
extern long long T0;
extern long long tai_off_ns;
long long now_ns(clockid_t c);
long long mono_index(long long *phase);
void sleep_to_grid(long long g); /* absolute, over any EINTR */
void settle(int after_wait);	 /* back onto the grid after a call */
void spin(void);
void events_begin(void);
void events_end(int sorted); /* print what the handlers saw, compare with the model */
void on_signal(int signo, siginfo_t *si, void *uc);
extern volatile int guard_fired;
void guard_arm(long long at_point, long long from_g);
const char *fmt_thirds(long long thirds); /* k.3Q, k.6Q */
void guard_disarm(void);
void guard_init(void);
const char *fmt_left(long long ns, int on_grid, long long bound);
const char *fmt_iv(long long ns);
int is_guard_id(int kid);
const char *fmt_ret(long ret, int err);
void check_phase(void);
/* Values */
struct timespec ts_of(long long ns);
long long ns_of(const struct timespec *ts);
void *bad_pointer(void);
const char *bad_name(const void *p); /* how a bad pointer is shown */

/* ---- the calls (fuzz_ops_*.c) ---------------------------------------------- */
typedef int (*op_fn)(void); /* 0: declined, try another */
int op_go(void);
int op_timer_create(void);
int op_timer_settime(void);
int op_timer_gettime(void);
int op_timer_getoverrun(void);
int op_timer_delete(void);
int op_sigprocmask(void);
int op_sigaction(void);
int op_sigpending(void);
int op_kill(void);
int op_sigqueue(void);
int op_tkill(void);
int op_nanosleep(void);
int op_clock_nanosleep(void);
int op_sigtimedwait(void);
int op_sigsuspend(void);
int op_clock_gettime(void);
int op_clock_getres(void);
int op_clock_settime(void);
int op_setitimer(void);
int op_getitimer(void);
int op_alarm(void);
int op_timerfd_create(void);
int op_timerfd_settime(void);
int op_timerfd_gettime(void);
int op_timerfd_read(void);
int op_close(void);
void op_advance(int a);
void fix_before_advance(long long until);

#endif
