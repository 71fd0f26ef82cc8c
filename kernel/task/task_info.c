/* What /proc shows of a task (see kernel/task/task.h). */
#include "kernel/task/task.h"

struct task *task_find_any(int pid)
{
	for (struct task *t = task_first(); t; t = t->all_next)
		if (t->pid == pid)
			return t;
	return NULL;
}

bool task_is_process(const struct task *t)
{
	return t->leader == t && t->pid > 0 && (t->user || (t->state == TASK_ZOMBIE && t->ppid > 0));
}

char task_state_char(const struct task *t)
{
	if (t->state == TASK_ZOMBIE)
		return 'Z';
	if (t->leader->signal.stopped)
		return 'T';
	return t->state == TASK_RUNNABLE ? 'R' : 'S';
}

const char *task_state_name(const struct task *t)
{
	switch (task_state_char(t)) {
	case 'Z':
		return "Z (zombie)";
	case 'T':
		return "T (stopped)";
	case 'R':
		return "R (running)";
	default:
		return "S (sleeping)";
	}
}
