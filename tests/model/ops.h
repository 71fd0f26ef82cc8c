/*
 * One step of a tests/model sequence, made on the kernel (kshim.h) and on the
 * reference model (model.h) alike, and what each answered.
 */
#ifndef TICK386_TESTS_MODEL_OPS_H
#define TICK386_TESTS_MODEL_OPS_H

#include "tests/model/kshim.h"
#include "tests/model/model.h"

#include <stdio.h>

/* Where every sequence starts: 5 s after boot, November 2023, TAI 37 s ahead. */
#define MODEL_START_MONO 5000000000ull
#define MODEL_START_RT_OFF 1700000000000000000ll
#define MODEL_TAI_OFF_SEC 37

enum op_kind {
	OP_CREATE,
	OP_SETTIME,
	OP_GETTIME,
	OP_GETOVERRUN,
	OP_DELETE,
	OP_SIGACTION,
	OP_SIGPROCMASK,
	OP_KILL,  /* to the process */
	OP_TKILL, /* to thread `by` */
	OP_DELIVER,
	OP_SIGTIMEDWAIT, /* a poll */
	OP_WAIT,	 /* sigtimedwait asleep until a signal of set or the timeout */
	OP_ADVANCE,	 /* time passes while `who` runs */
	OP_CLOCK_SET,
	OP_TAI_SET,
	OP_EXEC,
	OP_THREAD_CREATE,
	OP_THREAD_EXIT,
	OP_OTHER_EXIT, /* the other process exits, a new one takes its place */
	OP_NR
};

struct op {
	int kind;
	int by; /* the thread that makes the call, or KS_OTHER: the other process */
	/* create */
	int clockid, ev_ptr, id_ptr;
	struct ks_sigevent ev;
	/* settime, gettime, getoverrun, delete */
	int id, flags, new_ptr, old_ptr;
	struct ks_timespec value, interval;
	/* signals */
	int signo, action, how;
	uint64_t set;
	/* time: advance and wait run `who` (a thread, or KS_OTHER) */
	uint64_t target, realtime, timeout;
	int who;
	int64_t tai;
};

struct op_result {
	long rc;
	int id;
	struct ks_timespec ts[2];
	struct ks_info info;
	int action;
};

void op_on_kernel(const struct op *op, struct op_result *r);
void op_on_model(struct model *m, const struct op *op, struct op_result *r);
/* Equal answers, or false with what differs written to out. */
bool op_results_equal(const struct op *op, const struct op_result *k, const struct op_result *m,
		      FILE *out);
void op_print(FILE *out, const struct op *op);

/* States: equal, or false with each difference written to out. */
bool states_equal(const struct ks_state *k, const struct ks_state *m, FILE *out);
void state_print(FILE *out, const struct ks_state *s);

#endif
