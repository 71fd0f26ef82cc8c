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
		r->rc = ks_timer_create(op->clockid, &op->ev, op->ev_ptr, op->id_ptr, &r->id);
		break;
	case OP_SETTIME:
		r->rc = ks_timer_settime(op->other, op->id, op->flags, op->new_ptr, &op->value,
					 &op->interval, op->old_ptr, r->ts);
		break;
	case OP_GETTIME:
		r->rc = ks_timer_gettime(op->other, op->id, op->old_ptr, r->ts);
		break;
	case OP_GETOVERRUN:
		r->rc = ks_timer_getoverrun(op->other, op->id);
		break;
	case OP_DELETE:
		r->rc = ks_timer_delete(op->other, op->id);
		break;
	case OP_SIGACTION:
		r->rc = ks_sigaction(op->signo, op->action);
		break;
	case OP_SIGPROCMASK:
		ks_sigprocmask(op->how, op->set);
		break;
	case OP_KILL:
		r->rc = ks_kill(op->signo);
		break;
	case OP_DELIVER:
		r->rc = ks_deliver(&r->info, &r->action);
		break;
	case OP_SIGTIMEDWAIT:
		r->rc = ks_sigtimedwait(op->set, &r->info);
		break;
	case OP_WAIT: {
		struct ks_state s;

		r->rc = ks_sigtimedwait(op->set, &r->info);
		if (r->rc)
			break;
		ks_snapshot(&s);
		ks_advance(s.mono + op->timeout, false, op->set);
		r->rc = ks_sigtimedwait(op->set, &r->info);
		if (!r->rc)
			r->rc = -EAGAIN;
		break;
	}
	case OP_ADVANCE:
		ks_advance(op->target, op->running, 0);
		break;
	case OP_CLOCK_SET:
		ks_clock_set(op->realtime);
		break;
	case OP_TAI_SET:
		ks_tai_set(op->tai);
		break;
	case OP_EXEC:
		ks_exec();
		break;
	case OP_OTHER_EXIT:
		ks_other_exit();
		break;
	}
}

void op_on_model(struct model *m, const struct op *op, struct op_result *r)
{
	memset(r, 0, sizeof(*r));
	switch (op->kind) {
	case OP_CREATE:
		r->rc = m_timer_create(m, op->clockid, &op->ev, op->ev_ptr, op->id_ptr, &r->id);
		break;
	case OP_SETTIME:
		r->rc = m_timer_settime(m, op->other, op->id, op->flags, op->new_ptr, &op->value,
					&op->interval, op->old_ptr, r->ts);
		break;
	case OP_GETTIME:
		r->rc = m_timer_gettime(m, op->other, op->id, op->old_ptr, r->ts);
		break;
	case OP_GETOVERRUN:
		r->rc = m_timer_getoverrun(m, op->other, op->id);
		break;
	case OP_DELETE:
		r->rc = m_timer_delete(m, op->other, op->id);
		break;
	case OP_SIGACTION:
		r->rc = m_sigaction(m, op->signo, op->action);
		break;
	case OP_SIGPROCMASK:
		m_sigprocmask(m, op->how, op->set);
		break;
	case OP_KILL:
		r->rc = m_kill(m, op->signo);
		break;
	case OP_DELIVER:
		r->rc = m_deliver(m, &r->info, &r->action);
		break;
	case OP_SIGTIMEDWAIT:
		r->rc = m_sigtimedwait(m, op->set, &r->info);
		break;
	case OP_WAIT:
		r->rc = m_sigtimedwait(m, op->set, &r->info);
		if (r->rc)
			break;
		m_advance(m, m->mono + op->timeout, false, op->set);
		r->rc = m_sigtimedwait(m, op->set, &r->info);
		if (!r->rc)
			r->rc = -EAGAIN;
		break;
	case OP_ADVANCE:
		m_advance(m, op->target, op->running, 0);
		break;
	case OP_CLOCK_SET:
		m_clock_set(m, op->realtime);
		break;
	case OP_TAI_SET:
		m_tai_set(m, op->tai);
		break;
	case OP_EXEC:
		m_exec(m);
		break;
	case OP_OTHER_EXIT:
		m_other_exit(m);
		break;
	}
}

/* ---- printing ---------------------------------------------------------------------- */

static const char *const op_names[OP_NR] = {
    "timer_create", "timer_settime", "timer_gettime", "timer_getoverrun", "timer_delete",
    "sigaction",    "sigprocmask",   "kill",	      "deliver",	  "sigtimedwait",
    "sigwait",	    "advance",	     "clock_settime", "adjtimex(ADJ_TAI)", "exec",
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

void op_print(FILE *out, const struct op *op)
{
	fprintf(out, "%s%s", op->other ? "(other process) " : "", op_names[op->kind]);
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
			op->how == SIG_BLOCK ? "SIG_BLOCK" : op->how == SIG_UNBLOCK ? "SIG_UNBLOCK" : "SIG_SETMASK",
			op->set);
		break;
	case OP_KILL:
		fprintf(out, "(%d)", op->signo);
		break;
	case OP_SIGTIMEDWAIT:
		fprintf(out, "(%#" PRIx64 ", poll)", op->set);
		break;
	case OP_WAIT:
		fprintf(out, "(%#" PRIx64 ", timeout %" PRIu64 " ns)", op->set, op->timeout);
		break;
	case OP_ADVANCE:
		fprintf(out, "(to %" PRIu64 ", %s)", op->target, op->running ? "running" : "asleep");
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
			fprintf(out, " %s", r->action == KS_HANDLER ? "handled"
					    : r->action == KS_IGN   ? "ignored"
								    : "killed the process");
	}
}

bool op_results_equal(const struct op *op, const struct op_result *k, const struct op_result *m,
		      FILE *out)
{
	bool same = k->rc == m->rc;

	if (same && op->kind == OP_CREATE && k->rc == 0)
		same = k->id == m->id;
	if (same && (op->kind == OP_GETTIME || (op->kind == OP_SETTIME && op->old_ptr == KS_PTR_OK)) &&
	    k->rc == 0)
		same = memcmp(k->ts, m->ts, sizeof(k->ts)) == 0;
	if (same && (op->kind == OP_DELIVER || op->kind == OP_SIGTIMEDWAIT || op->kind == OP_WAIT) &&
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
static const char *const cpu_task_names[] = {"", " (own)", " (other's)", " (gone)"};
static const char *const where_names[] = {"-", "queued", "parked"};

static void timer_print(FILE *out, const struct ks_timer *t)
{
	fprintf(out,
		"    timer %d: clock %d notify %d signo %d value %d %s base %s%s expires %" PRIu64
		" interval %" PRIu64 " overrun %d last %d signal %s%s%s",
		t->id, t->clockid, t->notify, t->signo, t->value, t->armed ? "armed" : "disarmed",
		base_names[t->base], cpu_task_names[t->cpu_task], t->expires, t->interval, t->overrun, t->overrun_last,
		where_names[t->where], t->park_if_ignored ? " park-if-ignored" : "",
		t->in_queue ? " in-queue@" : "");
	if (t->in_queue)
		fprintf(out, "%" PRIu64, t->queue_expires);
	fprintf(out, "\n");
}

void state_print(FILE *out, const struct ks_state *s)
{
	fprintf(out,
		"    mono %" PRIu64 " realtime-offset %" PRId64 " cpu %" PRIu64 " other pid %d cpu %" PRIu64
		" blocked %#" PRIx64 " pending %#" PRIx64 "\n    actions:",
		s->mono, s->rt_off, s->cpu, s->other_pid, s->other_cpu, s->blocked, s->pending);
	for (int i = 1; i <= KS_NSIG; i++)
		if (s->action[i] != KS_DFL)
			fprintf(out, " %d:%s", i, action_name(s->action[i]));
	fprintf(out, "\n");
	for (int i = 0; i < s->ntimers; i++)
		timer_print(out, &s->timers[i]);
	fprintf(out, "    queue:");
	for (int i = 0; i < s->nentries; i++)
		fprintf(out, " %d:%s%d", s->entries[i].signo, s->entries[i].timer_id ? "timer " : "code ",
			s->entries[i].timer_id ? s->entries[i].timer_id : s->entries[i].code);
	fprintf(out, "\n    parked:");
	for (int i = 0; i < s->nparked; i++)
		fprintf(out, " %d", s->parked[i]);
	fprintf(out, "\n    objects: %ld timers, %ld signal entries\n", s->timer_objects,
		s->sigqueue_objects);
}

#define DIFF(cond, ...)                                                                        \
	do {                                                                                   \
		if (cond) {                                                                    \
			fprintf(out, "  " __VA_ARGS__);                                        \
			fprintf(out, "\n");                                                    \
			same = false;                                                          \
		}                                                                              \
	} while (0)

bool states_equal(const struct ks_state *k, const struct ks_state *m, FILE *out)
{
	bool same = true;

	DIFF(k->mono != m->mono, "mono: kernel %" PRIu64 ", model %" PRIu64, k->mono, m->mono);
	DIFF(k->cpu != m->cpu, "cpu: kernel %" PRIu64 ", model %" PRIu64, k->cpu, m->cpu);
	DIFF(k->other_cpu != m->other_cpu || k->other_pid != m->other_pid,
	     "the other process: kernel pid %d cpu %" PRIu64 ", model pid %d cpu %" PRIu64,
	     k->other_pid, k->other_cpu, m->other_pid, m->other_cpu);
	DIFF(k->rt_off != m->rt_off, "realtime offset differs");
	DIFF(k->blocked != m->blocked, "blocked: kernel %#" PRIx64 ", model %#" PRIx64, k->blocked,
	     m->blocked);
	DIFF(k->pending != m->pending, "pending: kernel %#" PRIx64 ", model %#" PRIx64, k->pending,
	     m->pending);
	for (int i = 1; i <= KS_NSIG; i++)
		DIFF(k->action[i] != m->action[i], "action of %d differs", i);
	DIFF(k->ntimers != m->ntimers, "timers: kernel %d, model %d", k->ntimers, m->ntimers);
	for (int i = 0; i < k->ntimers && i < m->ntimers; i++) {
		const struct ks_timer *a = &k->timers[i], *b = &m->timers[i];

		if (memcmp(a, b, sizeof(*a)) == 0)
			continue;
		/* compare field by field (padding is zero on both sides) */
		fprintf(out, "  timer %d differs:\n  kernel", a->id);
		timer_print(out, a);
		fprintf(out, "  model ");
		timer_print(out, b);
		same = false;
	}
	DIFF(k->nentries != m->nentries ||
		 memcmp(k->entries, m->entries, sizeof(k->entries[0]) * (size_t)k->nentries),
	     "signal queues differ");
	DIFF(k->nparked != m->nparked ||
		 memcmp(k->parked, m->parked, sizeof(k->parked[0]) * (size_t)k->nparked),
	     "parked timers differ");
	DIFF(k->timer_objects != m->timer_objects, "timer objects: kernel %ld, model %ld",
	     k->timer_objects, m->timer_objects);
	DIFF(k->sigqueue_objects != m->sigqueue_objects,
	     "signal entries allocated: kernel %ld, model %ld", k->sigqueue_objects,
	     m->sigqueue_objects);
	return same;
}
