/*
 * Steps of tests/model on both sides, and the comparison of what they
 * answer and of the states they leave.
 */
#include "tests/model/ops.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <string.h>

/* ---- making a step ------------------------------------------------------------ */

void op_on_kernel(const struct op *op, struct op_result *r)
{
	memset(r, 0, sizeof(*r));
	switch (op->kind) {
	case OP_CREATE:
		r->rc =
		    ks_timer_create(op->by, op->clockid, &op->ev, op->ev_ptr, op->id_ptr, &r->id);
		break;
	case OP_SETTIME:
		r->rc = ks_timer_settime(op->by, op->id, op->flags, op->new_ptr, &op->value,
					 &op->interval, op->old_ptr, r->ts);
		break;
	case OP_GETTIME:
		r->rc = ks_timer_gettime(op->by, op->id, op->old_ptr, r->ts);
		break;
	case OP_GETOVERRUN:
		r->rc = ks_timer_getoverrun(op->by, op->id);
		break;
	case OP_DELETE:
		r->rc = ks_timer_delete(op->by, op->id);
		break;
	case OP_SIGACTION:
		r->rc = ks_sigaction(op->by, op->signo, op->action);
		break;
	case OP_SIGPROCMASK:
		ks_sigprocmask(op->by, op->how, op->set);
		break;
	case OP_KILL:
		r->rc = ks_kill(op->signo);
		break;
	case OP_TKILL:
		r->rc = ks_tkill(op->by, op->signo);
		break;
	case OP_DELIVER:
		r->rc = ks_deliver(op->by, &r->info, &r->action);
		break;
	case OP_SIGTIMEDWAIT:
		r->rc = ks_sigtimedwait(op->by, op->set, &r->info);
		break;
	case OP_WAIT: {
		struct ks_state s;

		r->rc = ks_sigtimedwait(op->by, op->set, &r->info);
		if (r->rc)
			break;
		ks_snapshot(&s);
		ks_advance(s.mono + op->timeout, op->who, op->by, op->set);
		r->rc = ks_sigtimedwait(op->by, op->set, &r->info);
		if (!r->rc)
			r->rc = -EAGAIN;
		break;
	}
	case OP_ADVANCE:
		ks_advance(op->target, op->who, 0, 0);
		break;
	case OP_CLOCK_SET:
		ks_clock_set(op->by, op->realtime);
		break;
	case OP_TAI_SET:
		ks_tai_set(op->by, op->tai);
		break;
	case OP_EXEC:
		ks_exec();
		break;
	case OP_THREAD_CREATE:
		ks_thread_create();
		break;
	case OP_THREAD_EXIT:
		ks_thread_exit();
		break;
	case OP_OTHER_EXIT:
		ks_other_exit();
		break;
	}
}

/* Who runs once the kernel side has made the call (kshim.c switches to
 * each caller): the model's deadlines already past fire for it. */
static int runs_after(const struct op *op, const struct op_result *r)
{
	switch (op->kind) {
	case OP_KILL:
	case OP_TKILL:
		return KS_OTHER; /* the sender */
	case OP_ADVANCE:
		return op->who;
	case OP_DELIVER:
		return r->rc > 0 && r->action == KS_DFL ? 0 : op->by; /* a fresh process */
	case OP_EXEC:
	case OP_THREAD_CREATE:
	case OP_THREAD_EXIT:
	case OP_OTHER_EXIT:
		return 0;
	default:
		return op->by;
	}
}

void op_on_model(struct model *m, const struct op *op, struct op_result *r)
{
	memset(r, 0, sizeof(*r));
	switch (op->kind) {
	case OP_CREATE:
		r->rc =
		    m_timer_create(m, op->by, op->clockid, &op->ev, op->ev_ptr, op->id_ptr, &r->id);
		break;
	case OP_SETTIME:
		r->rc = m_timer_settime(m, op->by, op->id, op->flags, op->new_ptr, &op->value,
					&op->interval, op->old_ptr, r->ts);
		break;
	case OP_GETTIME:
		r->rc = m_timer_gettime(m, op->by, op->id, op->old_ptr, r->ts);
		break;
	case OP_GETOVERRUN:
		r->rc = m_timer_getoverrun(m, op->by, op->id);
		break;
	case OP_DELETE:
		r->rc = m_timer_delete(m, op->by, op->id);
		break;
	case OP_SIGACTION:
		r->rc = m_sigaction(m, op->signo, op->action);
		break;
	case OP_SIGPROCMASK:
		m_sigprocmask(m, op->by, op->how, op->set);
		break;
	case OP_KILL:
		r->rc = m_kill(m, op->signo);
		break;
	case OP_TKILL:
		r->rc = m_tkill(m, op->by, op->signo);
		break;
	case OP_DELIVER:
		r->rc = m_deliver(m, op->by, &r->info, &r->action);
		break;
	case OP_SIGTIMEDWAIT:
		r->rc = m_sigtimedwait(m, op->by, op->set, &r->info);
		break;
	case OP_WAIT:
		r->rc = m_sigtimedwait(m, op->by, op->set, &r->info);
		if (r->rc)
			break;
		m_settle(m, op->by); /* the kernel's first call ended with its interrupt */
		m_advance(m, m->mono + op->timeout, op->who, op->by, op->set);
		r->rc = m_sigtimedwait(m, op->by, op->set, &r->info);
		if (!r->rc)
			r->rc = -EAGAIN;
		break;
	case OP_ADVANCE:
		m_advance(m, op->target, op->who, 0, 0);
		break;
	case OP_CLOCK_SET:
		m_clock_set(m, op->by, op->realtime);
		break;
	case OP_TAI_SET:
		m_tai_set(m, op->by, op->tai);
		break;
	case OP_EXEC:
		m_exec(m);
		break;
	case OP_THREAD_CREATE:
		m_thread_create(m);
		break;
	case OP_THREAD_EXIT:
		m_thread_exit(m);
		break;
	case OP_OTHER_EXIT:
		m_other_exit(m);
		break;
	}
	m_settle(m, runs_after(op, r));
}

/* ---- printing ---------------------------------------------------------------------- */

static const char *const op_names[OP_NR] = {
    "timer_create",
    "timer_settime",
    "timer_gettime",
    "timer_getoverrun",
    "timer_delete",
    "sigaction",
    "sigprocmask",
    "kill",
    "tkill",
    "deliver",
    "sigtimedwait",
    "sigwait",
    "advance",
    "clock_settime",
    "adjtimex(ADJ_TAI)",
    "exec",
    "clone(CLONE_THREAD)",
    "thread exit",
    "other process exits",
};

static const char *ptr_name(int p)
{
	return p == KS_PTR_OK ? "ok" : p == KS_PTR_NULL ? "NULL" : "BAD";
}

static const char *action_name(int a)
{
	return a == KS_DFL ? "SIG_DFL" : a == KS_IGN ? "SIG_IGN" : "handler";
}

static const char *who_name(int who)
{
	return who == KS_OTHER ? "the other process" : who ? "thread 1" : "thread 0";
}

void op_print(FILE *out, const struct op *op)
{
	fprintf(out, "%s: %s", who_name(op->by), op_names[op->kind]);
	switch (op->kind) {
	case OP_CREATE:
		fprintf(out, "(clock %d, sigevent %s", op->clockid, ptr_name(op->ev_ptr));
		if (op->ev_ptr == KS_PTR_OK)
			fprintf(out, " {notify %d, signo %d, value %d, tid %d}", op->ev.notify,
				op->ev.signo, op->ev.value, op->ev.tid);
		fprintf(out, ", id %s)", ptr_name(op->id_ptr));
		break;
	case OP_SETTIME:
		fprintf(out,
			"(id %d, flags %#x, new %s {value %" PRId64 ".%09" PRId64
			", interval %" PRId64 ".%09" PRId64 "}, old %s)",
			op->id, op->flags, ptr_name(op->new_ptr), op->value.sec, op->value.nsec,
			op->interval.sec, op->interval.nsec, ptr_name(op->old_ptr));
		break;
	case OP_GETTIME:
		fprintf(out, "(id %d, %s)", op->id, ptr_name(op->old_ptr));
		break;
	case OP_GETOVERRUN:
	case OP_DELETE:
		fprintf(out, "(id %d)", op->id);
		break;
	case OP_SIGACTION:
		fprintf(out, "(%d, %s)", op->signo, action_name(op->action));
		break;
	case OP_SIGPROCMASK:
		fprintf(out, "(%s, %#" PRIx64 ")",
			op->how == SIG_BLOCK	 ? "SIG_BLOCK"
			: op->how == SIG_UNBLOCK ? "SIG_UNBLOCK"
						 : "SIG_SETMASK",
			op->set);
		break;
	case OP_KILL:
	case OP_TKILL:
		fprintf(out, "(%d)", op->signo);
		break;
	case OP_SIGTIMEDWAIT:
		fprintf(out, "(%#" PRIx64 ", poll)", op->set);
		break;
	case OP_WAIT:
		fprintf(out, "(%#" PRIx64 ", timeout %" PRIu64 " ns), %s running", op->set,
			op->timeout, who_name(op->who));
		break;
	case OP_ADVANCE:
		fprintf(out, "(to %" PRIu64 "), %s running", op->target, who_name(op->who));
		break;
	case OP_CLOCK_SET:
		fprintf(out, "(REALTIME %" PRIu64 ")", op->realtime);
		break;
	case OP_TAI_SET:
		fprintf(out, "(%" PRId64 " s)", op->tai);
		break;
	default:
		fprintf(out, "()");
	}
}

static void info_print(FILE *out, const struct ks_info *i)
{
	fprintf(out, "{signo %d, code %d, timer %d, overrun %d, value %d}", i->signo, i->code,
		i->timer_id, i->overrun, i->value);
}

static void result_print(FILE *out, const struct op *op, const struct op_result *r)
{
	fprintf(out, "rc %ld", r->rc);
	if (op->kind == OP_CREATE)
		fprintf(out, " id %d", r->id);
	if ((op->kind == OP_SETTIME || op->kind == OP_GETTIME) && r->rc == 0)
		fprintf(out, " value %" PRId64 ".%09" PRId64 " interval %" PRId64 ".%09" PRId64,
			r->ts[0].sec, r->ts[0].nsec, r->ts[1].sec, r->ts[1].nsec);
	if ((op->kind == OP_DELIVER || op->kind == OP_SIGTIMEDWAIT || op->kind == OP_WAIT) &&
	    r->rc > 0) {
		fprintf(out, " ");
		info_print(out, &r->info);
		if (op->kind == OP_DELIVER)
			fprintf(out, " %s",
				r->action == KS_HANDLER ? "handled"
				: r->action == KS_IGN	? "ignored"
							: "killed the process");
	}
}

bool op_results_equal(const struct op *op, const struct op_result *k, const struct op_result *m,
		      FILE *out)
{
	bool same = k->rc == m->rc;

	if (same && op->kind == OP_CREATE && k->rc == 0)
		same = k->id == m->id;
	if (same &&
	    (op->kind == OP_GETTIME || (op->kind == OP_SETTIME && op->old_ptr == KS_PTR_OK)) &&
	    k->rc == 0)
		same = memcmp(k->ts, m->ts, sizeof(k->ts)) == 0;
	if (same &&
	    (op->kind == OP_DELIVER || op->kind == OP_SIGTIMEDWAIT || op->kind == OP_WAIT) &&
	    k->rc > 0)
		same = memcmp(&k->info, &m->info, sizeof(k->info)) == 0 &&
		       (op->kind != OP_DELIVER || k->action == m->action);
	if (!same) {
		fprintf(out, "  answers differ:\n    kernel: ");
		result_print(out, op, k);
		fprintf(out, "\n    model:  ");
		result_print(out, op, m);
		fprintf(out, "\n");
	}
	return same;
}

/* ---- states --------------------------------------------------------------------------- */

static const char *const base_names[] = {"mono", "real", "tai", "cpu"};
static const char *const cpu_task_names[] = {
    "", " (process)", " (thread 0)", " (thread 1)", " (other's)", " (gone)"};
static const char *const target_names[] = {"process", "thread 0", "thread 1", "ended thread"};
static const char *const where_names[] = {"-", "queued", "parked"};
static const char *const set_names[] = {"process", "thread 0", "thread 1"};

static void timer_print(FILE *out, const struct ks_timer *t)
{
	fprintf(
	    out,
	    "    timer %d: clock %d notify %d signo %d value %d to %s %s base %s%s expires %" PRIu64
	    " interval %" PRIu64 " overrun %d last %d signal %s%s%s",
	    t->id, t->clockid, t->notify, t->signo, t->value, target_names[t->target & 3],
	    t->armed ? "armed" : "disarmed", base_names[t->base & 3],
	    cpu_task_names[(unsigned)t->cpu_task % 6], t->expires, t->interval, t->overrun,
	    t->overrun_last, where_names[t->where % 3],
	    t->park_if_ignored ? " park-if-ignored" : "", t->in_queue ? " in-queue@" : "");
	if (t->in_queue)
		fprintf(out, "%" PRIu64, t->queue_expires);
	fprintf(out, "\n");
}

void state_print(FILE *out, const struct ks_state *s)
{
	fprintf(out,
		"    mono %" PRIu64 " realtime-offset %" PRId64 " tai %" PRId64
		" process cpu %" PRIu64 ", other process pid %d cpu %" PRIu64 "\n",
		s->mono, s->rt_off, s->tai_off_sec, s->process_cpu, s->other_pid, s->other_cpu);
	for (int i = 0; i < KS_THREADS; i++)
		if (s->thread[i].alive)
			fprintf(out, "    thread %d: tid %d cpu %" PRIu64 " blocked %#" PRIx64 "\n",
				i, s->thread[i].tid, s->thread[i].cpu, s->thread[i].blocked);
	fprintf(out,
		"    pending: process %#" PRIx64 " thread 0 %#" PRIx64 " thread 1 %#" PRIx64
		"\n    actions:",
		s->pending[0], s->pending[1], s->pending[2]);
	for (int i = 1; i <= KS_NSIG; i++)
		if (s->action[i] != KS_DFL)
			fprintf(out, " %d:%s", i, action_name(s->action[i]));
	fprintf(out, "\n");
	for (int i = 0; i < s->ntimers; i++)
		timer_print(out, &s->timers[i]);
	for (int set = 0; set < KS_SETS; set++) {
		fprintf(out, "    queue of %s:", set_names[set]);
		for (int i = 0; i < s->nentries; i++)
			if (s->entries[i].set == set)
				fprintf(out, " %d:%s%d", s->entries[i].signo,
					s->entries[i].timer_id ? "timer " : "code ",
					s->entries[i].timer_id ? s->entries[i].timer_id
							       : s->entries[i].code);
		fprintf(out, "\n");
	}
	fprintf(out, "    parked:");
	for (int i = 0; i < s->nparked; i++)
		fprintf(out, " %d", s->parked[i]);
	fprintf(out, "\n    objects: %ld timers, %ld signal entries\n", s->timer_objects,
		s->sigqueue_objects);
}

#define DIFF(cond, ...)                                                                            \
	do {                                                                                       \
		if (cond) {                                                                        \
			fprintf(out, "  " __VA_ARGS__);                                            \
			fprintf(out, "\n");                                                        \
			same = false;                                                              \
		}                                                                                  \
	} while (0)

/*
 * The parked timers, by signal number, each signal's in the order they
 * were parked: the order across signals shows nowhere (each signal's
 * timers are unparked on their own), and for timers due at the same
 * nanosecond on different clocks it is the kernel's to choose.
 */
static void parked_by_signal(const struct ks_state *s, int *out)
{
	int n = 0;

	for (int signo = 0; signo <= 256; signo++)
		for (int i = 0; i < s->nparked; i++) {
			int sig = -1;

			for (int j = 0; j < s->ntimers; j++)
				if (s->timers[j].id == s->parked[i])
					sig = s->timers[j].signo;
			if (sig == signo || (signo == 256 && (sig < 0 || sig > 255)))
				out[n++] = s->parked[i];
		}
}

bool states_equal(const struct ks_state *k, const struct ks_state *m, FILE *out)
{
	int kparked[KS_MAX_TIMERS], mparked[KS_MAX_TIMERS];
	bool same = true;

	DIFF(k->mono != m->mono, "mono: kernel %" PRIu64 ", model %" PRIu64, k->mono, m->mono);
	DIFF(k->process_cpu != m->process_cpu, "process cpu: kernel %" PRIu64 ", model %" PRIu64,
	     k->process_cpu, m->process_cpu);
	DIFF(k->other_cpu != m->other_cpu || k->other_pid != m->other_pid,
	     "the other process: kernel pid %d cpu %" PRIu64 ", model pid %d cpu %" PRIu64,
	     k->other_pid, k->other_cpu, m->other_pid, m->other_cpu);
	DIFF(k->rt_off != m->rt_off || k->tai_off_sec != m->tai_off_sec,
	     "wall clock offsets differ");
	for (int i = 0; i < KS_THREADS; i++)
		DIFF(memcmp(&k->thread[i], &m->thread[i], sizeof(k->thread[i])),
		     "thread %d: kernel %s tid %d cpu %" PRIu64 " blocked %#" PRIx64
		     ", model %s tid %d cpu %" PRIu64 " blocked %#" PRIx64,
		     i, k->thread[i].alive ? "alive" : "gone", k->thread[i].tid, k->thread[i].cpu,
		     k->thread[i].blocked, m->thread[i].alive ? "alive" : "gone", m->thread[i].tid,
		     m->thread[i].cpu, m->thread[i].blocked);
	for (int i = 0; i < KS_SETS; i++)
		DIFF(k->pending[i] != m->pending[i],
		     "pending of %s: kernel %#" PRIx64 ", model %#" PRIx64, set_names[i],
		     k->pending[i], m->pending[i]);
	for (int i = 1; i <= KS_NSIG; i++)
		DIFF(k->action[i] != m->action[i], "action of %d differs", i);
	DIFF(k->ntimers != m->ntimers, "timers: kernel %d, model %d", k->ntimers, m->ntimers);
	for (int i = 0; i < k->ntimers && i < m->ntimers; i++) {
		const struct ks_timer *a = &k->timers[i], *b = &m->timers[i];

		if (memcmp(a, b, sizeof(*a)) == 0) /* both sides zero the padding */
			continue;
		fprintf(out, "  timer %d differs:\n  kernel", a->id);
		timer_print(out, a);
		fprintf(out, "  model ");
		timer_print(out, b);
		same = false;
	}
	DIFF(k->nentries != m->nentries ||
		 memcmp(k->entries, m->entries, sizeof(k->entries[0]) * (size_t)k->nentries),
	     "signal queues differ");
	parked_by_signal(k, kparked);
	parked_by_signal(m, mparked);
	DIFF(k->nparked != m->nparked ||
		 memcmp(kparked, mparked, sizeof(kparked[0]) * (size_t)k->nparked),
	     "parked timers differ");
	DIFF(k->timer_objects != m->timer_objects, "timer objects: kernel %ld, model %ld",
	     k->timer_objects, m->timer_objects);
	DIFF(k->sigqueue_objects != m->sigqueue_objects,
	     "signal entries allocated: kernel %ld, model %ld", k->sigqueue_objects,
	     m->sigqueue_objects);
	return same;
}
