/*
 * The race fuzzer (tests/fuzz/race/README.md): threads and descriptors
 * racing, exits under sleepers, selectors going bad under system calls,
 * nested signals on small alternate stacks, signals to init.
 *
 * Each scenario runs in a child process of its own, drawn from (SEED, E).
 * What both kernels must do alike is printed as ordinary lines and compared
 * with Linux's; what depends on instruction timing goes in comments ('#').
 * On tick386 the driver also checks, after each scenario, that the child
 * ended within a time-out and that no page and no slab object was lost
 * (/proc/meminfo, /proc/slabinfo); the run script checks the console.
 */
#ifndef RACE_H
#define RACE_H

#include <stdint.h>

/* ---- race_main.c ---------------------------------------------------------- */
extern int on_linux;
extern int race_trace;
extern const char *self_path; /* this program, for execve */
uint32_t rnd(uint32_t n);
int chance(int percent);
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void flush_out(void);

/* ---- race_sys.c: raw calls and threads (no libc in the threads) ----------- */
long sys6(long nr, long a, long b, long c, long d, long e);
#define sys0(nr) sys6(nr, 0, 0, 0, 0, 0)
#define sys1(nr, a) sys6(nr, (long)(a), 0, 0, 0, 0)
#define sys2(nr, a, b) sys6(nr, (long)(a), (long)(b), 0, 0, 0)
#define sys3(nr, a, b, c) sys6(nr, (long)(a), (long)(b), (long)(c), 0, 0)
#define sys4(nr, a, b, c, d) sys6(nr, (long)(a), (long)(b), (long)(c), (long)(d), 0)
void nap_us(long us); /* nanosleep, over EINTR; the rest is lost on a signal */
void spin_us(long us);	/* busy, on CLOCK_MONOTONIC */
long now_us(void);
#define RACE_THREADS 6
long thread_start(int slot, int (*fn)(void *), void *arg);
long thread_start_tls(int slot, int (*fn)(void *), void *arg, void *user_desc);
int thread_done(int slot);		  /* 1: its tid word was cleared */
int thread_join_us(int slot, long us); /* 0: ended; -1: not within us */
const char *errname(long ret);		  /* -errno as a name, else the number */

/* A set_thread_area descriptor (Linux's struct user_desc). */
struct race_desc {
	unsigned entry_number, base_addr, limit, flags;
};
#define DESC_FLAT_DATA 0x51 /* seg_32bit, limit_in_pages, useable: base 0, 4 GiB */
#define DESC_EMPTY 0x28	    /* read_exec_only, seg_not_present: clears the slot */

/* ---- the scenarios: each returns the child's exit code ------------------- */
int sc_tfd_close(void);	   /* race_fd.c */
int sc_fd_chaos(void);	   /* race_fd.c */
int sc_exit_sleepers(void); /* race_exit.c */
int sc_kill_init(void);	   /* race_exit.c */
int sc_selector(void);	   /* race_sel.c */
int sc_altstack(void);	   /* race_altstack.c */
int exec_target(int argc, char **argv); /* race_exit.c: the image execve starts */
/* race_exit.c: end the process, how 0 exit_group(code), 1 execve of the
 * exec target that exits with code; from thread slot after us. */
void race_end(int how, int code);
void race_end_from_thread(int slot, int how, int code, long us);

#endif
