/*
 * The directories of /proc and the text of its files (see fs/proc.h).
 *
 *   /proc            the mount point: uptime, meminfo, slabinfo, timer_list, trace,
 *                    trace_on (the timer-path trace, kernel/trace.h),
 *                    sys (the message queues' limits and uname's names:
 *                    fs/proc_sys.c), version (fs/proc_sys_kernel.c),
 *                    sysvipc (fs/proc_sysvipc.c), self,
 *                    then one directory per process (user task, zombies too)
 *   /proc/PID        stat, status, timers, fail-nth (fs/proc_fail_nth.c), task
 *   /proc/PID/task   one directory per thread of the process, named by its
 *                    tid (the leader's first), each with stat and status
 *                    describing that thread (its state, its tid as Pid)
 *   /proc/self       the caller's /proc/PID.  Linux makes it a symlink; the
 *                    tree has no symlinks, so it is a directory that is the
 *                    same as /proc/PID (an alias: same entries, same inode)
 *
 * The three files of /proc are static nodes.  A /proc/PID directory and its
 * files are made per lookup (struct proc_node, counted: fs_node_put frees
 * them) and hold only the pid: a process that is gone makes its lookups
 * and opens -ENOENT, and a file opened before keeps the text it got.
 */
#include "fs/proc.h"
#include "arch/i386/cpu.h"
#include "fs/fs.h"
#include "fs/file.h"
#include "fs/tmpfs.h"
#include <abi/poll.h>
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/stat.h>
#include <stdarg.h>

#define PROC_DEV 3		/* st_dev: proc is another file system than the tree */
#define PROC_INO_PID 0x40000000 /* /proc/PID is PROC_INO_PID + 8 * pid, its files + kind */

enum proc_kind {
	PROC_UPTIME,
	PROC_MEMINFO,
	PROC_TIMER_LIST,
	PROC_TRACE,
	PROC_TRACE_ON,
	PROC_SLABINFO,
	PROC_MOUNTS,
	PROC_CPUINFO,
	PROC_PID_DIR,
	PROC_PID_STAT,
	PROC_PID_STATUS,
	PROC_PID_MAPS,
	PROC_PID_TIMERS,
	PROC_PID_FAIL_NTH,
	PROC_PID_MOUNTS,
	PROC_PID_TASK, /* kind - PROC_PID_DIR < 8: the inode numbers */
	PROC_TID_DIR,  /* /proc/PID/task/TID: PROC_INO_TID + 4 * tid + kind - PROC_TID_DIR */
	PROC_TID_STAT,
	PROC_TID_STATUS,
};
#define PROC_INO_TID 0x20000000

struct proc_node {
	struct fs_node node;
	enum proc_kind kind;
	int pid; /* PROC_PID_*, PROC_TID_*: the process */
	int tid; /* PROC_TID_*: the thread */
	char name[12];
};

static const struct fs_node_ops proc_mounts_ops;
static const struct fs_node_ops proc_root_ops, proc_pid_dir_ops, proc_file_ops, proc_pid_file_ops,
	proc_trace_ops, proc_fail_nth_ops, proc_task_dir_ops, proc_tid_dir_ops;

static struct fs_node *proc_root;
static struct fs_node *proc_sys; /* /proc/sys: permanent (fs/proc_sys.c) */
static struct fs_node *proc_sysvipc; /* /proc/sysvipc: permanent (fs/proc_sysvipc.c) */

#define PROC_STATIC_OPS(kname, kkind, kmode, kino, kops)                                            \
	{                                                                                          \
		.node = { .name = kname, .name_len = sizeof(kname) - 1, .ino = kino,               \
			  .mode = S_IFREG | kmode, .nlink = 1, .dev = PROC_DEV,                    \
			  .ops = kops },                                                           \
		.kind = kkind,                                                                     \
	}
#define PROC_STATIC(kname, kkind, kmode, kino) PROC_STATIC_OPS(kname, kkind, kmode, kino, &proc_file_ops)

static struct proc_node proc_files[] = {
	PROC_STATIC("uptime", PROC_UPTIME, 0444, 0x7f000001),
	PROC_STATIC("meminfo", PROC_MEMINFO, 0444, 0x7f000002),
	PROC_STATIC("timer_list", PROC_TIMER_LIST, 0400, 0x7f000003),
	PROC_STATIC_OPS("trace", PROC_TRACE, 0600, 0x7f000004, &proc_trace_ops),
	PROC_STATIC_OPS("trace_on", PROC_TRACE_ON, 0600, 0x7f000005, &proc_trace_ops),
	PROC_STATIC("slabinfo", PROC_SLABINFO, 0400, 0x7f000006),
	/* Linux: a symlink to self/mounts; one namespace here, the same text */
	PROC_STATIC_OPS("mounts", PROC_MOUNTS, 0444, 0x7f000007, &proc_mounts_ops),
	PROC_STATIC("cpuinfo", PROC_CPUINFO, 0444, 0x7f000008),
};
#define PROC_NR_FILES ARRAY_SIZE(proc_files)

/* Linux's proc_create files (proc_reg_file_ops) have a poll op, which says
 * DEFAULT_POLLMASK: epoll takes them (probed: /proc/uptime); a process's
 * own files (/proc/PID/stat) have none, and epoll_ctl says EPERM. */
bool proc_node_can_poll(const struct fs_node *n)
{
	for (u32 i = 0; i < PROC_NR_FILES; i++)
		if (n == &proc_files[i].node)
			return true;
	return false;
}

static const struct {
	const char *name;
	enum proc_kind kind;
} pid_files[] = {
	{ "stat", PROC_PID_STAT },
	{ "status", PROC_PID_STATUS },
	{ "maps", PROC_PID_MAPS },
	{ "timers", PROC_PID_TIMERS },
	{ "fail-nth", PROC_PID_FAIL_NTH },
	{ "mounts", PROC_PID_MOUNTS },
	{ "task", PROC_PID_TASK },
};

static const struct {
	const char *name;
	enum proc_kind kind;
} tid_files[] = {
	{ "stat", PROC_TID_STAT },
	{ "status", PROC_TID_STATUS },
};

/* A /proc/PID file's mode: fail-nth is written too (Linux: 0644). */
static u32 pid_file_mode(enum proc_kind kind)
{
	if (kind == PROC_PID_TASK || kind == PROC_TID_DIR)
		return S_IFDIR | 0555;
	return S_IFREG | (kind == PROC_PID_FAIL_NTH ? 0644 : 0444);
}

static u32 pid_node_ino(int pid, int tid, enum proc_kind kind)
{
	if (kind >= PROC_TID_DIR)
		return PROC_INO_TID + 4 * (u32)tid + (u32)(kind - PROC_TID_DIR);
	return PROC_INO_PID + 8 * (u32)pid + (u32)(kind - PROC_PID_DIR);
}

/* ---- text ---------------------------------------------------------------- */

/* Megabytes of text take tens of ms to copy: in pieces, giving way. */
#define PROC_COPY_PIECE (64 * 1024)

static void copy_text(char *to, const struct proc_text *t)
{
	for (u32 done = 0; done < t->len; done += PROC_COPY_PIECE) {
		u32 n = t->len - done < PROC_COPY_PIECE ? t->len - done : PROC_COPY_PIECE;

		memcpy(to + done, t->buf + done, n);
		if (t->preemptible)
			sched_cond_resched();
	}
}

void proc_printf(struct proc_text *t, const char *fmt, ...)
{
	va_list ap;

	while (!t->nomem) {
		u32 room = t->cap - t->len, cap;
		char *bigger;
		int n;

		va_start(ap, fmt);
		n = vsnprintf(t->buf + t->len, room, fmt, ap);
		va_end(ap);
		if ((u32)n < room) {
			t->len += (u32)n;
			return;
		}
		cap = t->cap * 2 > t->len + (u32)n + 1 ? t->cap * 2 : t->len + (u32)n + 1;
		bigger = kmalloc(cap);
		if (!bigger) {
			t->nomem = true;
			return;
		}
		copy_text(bigger, t);
		kfree(t->buf);
		t->buf = bigger;
		t->cap = cap;
	}
}

/* ---- processes ----------------------------------------------------------- */

static bool is_process(const struct task *t)
{
	return t && task_is_process(t);
}

/* The i-th process in the task list, or NULL (interrupts off). */
static struct task *process_at(u32 i)
{
	for (struct task *t = task_first(); t; t = t->all_next)
		if (is_process(t) && i-- == 0)
			return t;
	return NULL;
}

static bool process_exists(int pid)
{
	u32 flags = irq_save();
	bool found = is_process(task_find_any(pid));

	irq_restore(flags);
	return found;
}

/* A decimal pid as Linux reads it (name_to_int): digits, no leading 0. */
static int parse_pid(const char *name, size_t len)
{
	int pid = 0;

	if (len == 0 || len > 9 || (len > 1 && name[0] == '0'))
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (name[i] < '0' || name[i] > '9')
			return -1;
		pid = pid * 10 + (name[i] - '0');
	}
	return pid;
}

/* The thread tid of process pid, zombie or not, or NULL (interrupts off).
 * An ended thread other than the leader has left the group's list. */
static struct task *thread_of(int pid, int tid)
{
	struct task *leader = task_find_any(pid), *th;

	if (!is_process(leader))
		return NULL;
	list_for_each_entry(th, &leader->threads, thread_node)
		if (th->pid == tid)
			return th;
	return NULL;
}

/* The i-th thread of process pid, its tid, or -1. */
static int thread_at(int pid, u32 i)
{
	u32 flags = irq_save();
	struct task *leader = task_find_any(pid), *th;
	int tid = -1;

	if (is_process(leader))
		list_for_each_entry(th, &leader->threads, thread_node)
			if (i-- == 0) {
				tid = th->pid;
				break;
			}
	irq_restore(flags);
	return tid;
}

static bool thread_exists(int pid, int tid)
{
	u32 flags = irq_save();
	bool found = thread_of(pid, tid) != NULL;

	irq_restore(flags);
	return found;
}

/* ---- counted nodes: /proc/PID and its files ------------------------------- */

static struct fs_node *pid_node_new(struct fs_node *parent, int pid, enum proc_kind kind,
				    const char *name)
{
	struct proc_node *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	p->kind = kind;
	p->pid = pid;
	strncpy(p->name, name, sizeof(p->name) - 1);
	p->node.name = p->name;
	p->node.name_len = (u32)strlen(p->name);
	if (kind >= PROC_TID_DIR) /* the thread: its directory's or its own */
		p->tid = kind == PROC_TID_DIR ? parse_pid(name, strlen(name))
					      : container_of(parent, struct proc_node, node)->tid;
	p->node.ino = pid_node_ino(pid, p->tid, kind);
	p->node.dev = PROC_DEV;
	p->node.refs = 1;
	p->node.parent = fs_node_get(parent);
	if (kind == PROC_PID_DIR || kind == PROC_PID_TASK || kind == PROC_TID_DIR) {
		p->node.mode = S_IFDIR | 0555;
		p->node.nlink = 2;
		p->node.ops = kind == PROC_PID_DIR    ? &proc_pid_dir_ops
			      : kind == PROC_PID_TASK ? &proc_task_dir_ops
						      : &proc_tid_dir_ops;
	} else {
		p->node.mode = pid_file_mode(kind);
		p->node.nlink = 1;
		p->node.ops = kind == PROC_PID_FAIL_NTH ? &proc_fail_nth_ops : &proc_pid_file_ops;
	}
	return &p->node;
}

static void pid_node_release(struct fs_node *n)
{
	struct fs_node *parent = n->parent;

	kfree(container_of(n, struct proc_node, node));
	fs_node_put(parent);
}

static void pid_dir_name(int pid, char *buf, size_t size)
{
	snprintf(buf, size, "%d", pid);
}

/* ---- /proc --------------------------------------------------------------- */

static int root_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	char buf[12];
	int pid;

	for (u32 i = 0; i < PROC_NR_FILES; i++)
		if (proc_files[i].node.name_len == len && !memcmp(proc_files[i].node.name, name, len)) {
			*out = &proc_files[i].node;
			return 0;
		}
	if (len == 3 && !memcmp(name, "sys", 3)) {
		*out = proc_sys;
		return 0;
	}
	if (len == 7 && !memcmp(name, "version", 7)) {
		*out = proc_version_file();
		return 0;
	}
	if (len == 7 && !memcmp(name, "sysvipc", 7)) {
		*out = proc_sysvipc;
		return 0;
	}
	if (len == 4 && !memcmp(name, "self", 4))
		pid = is_process(current) ? current->tgid : -1;
	else
		pid = parse_pid(name, len);
	if (pid <= 0 || !process_exists(pid))
		return -ENOENT;
	pid_dir_name(pid, buf, sizeof(buf));
	*out = pid_node_new(dir, pid, PROC_PID_DIR, len == 4 && name[0] == 's' ? "self" : buf);
	return *out ? 0 : -ENOMEM;
}

static bool root_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	struct task *t;
	u32 flags;

	(void)dir;
	if (i < PROC_NR_FILES) {
		e->name = proc_files[i].node.name;
		e->name_len = proc_files[i].node.name_len;
		e->ino = proc_files[i].node.ino;
		e->mode = proc_files[i].node.mode;
		return true;
	}
	if (i >= PROC_NR_FILES && i <= PROC_NR_FILES + 2) {
		struct fs_node *n = i == PROC_NR_FILES	   ? proc_sys
				    : i == PROC_NR_FILES + 1 ? proc_version_file()
							     : proc_sysvipc;

		e->name = n->name;
		e->name_len = n->name_len;
		e->ino = n->ino;
		e->mode = n->mode;
		return true;
	}
	i -= PROC_NR_FILES + 3;
	if (i == 0) {
		if (!is_process(current))
			return root_entry_at(dir, PROC_NR_FILES + 4, e); /* no self */
		e->name = "self";
		e->name_len = 4;
		e->ino = PROC_INO_PID + 8 * (u32)current->tgid;
		e->mode = S_IFDIR | 0555;
		return true;
	}
	flags = irq_save();
	t = process_at(i - 1);
	if (t) {
		pid_dir_name(t->pid, e->buf, sizeof(e->buf));
		e->ino = PROC_INO_PID + 8 * (u32)t->pid;
	}
	irq_restore(flags);
	if (!t)
		return false;
	e->name = e->buf;
	e->name_len = (u32)strlen(e->buf);
	e->mode = S_IFDIR | 0555;
	return true;
}

/* ---- /proc/PID ----------------------------------------------------------- */

static int pid_dir_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	int pid = container_of(dir, struct proc_node, node)->pid;

	if (!process_exists(pid))
		return -ENOENT;
	for (u32 i = 0; i < ARRAY_SIZE(pid_files); i++)
		if (strlen(pid_files[i].name) == len && !memcmp(pid_files[i].name, name, len)) {
			*out = pid_node_new(dir, pid, pid_files[i].kind, pid_files[i].name);
			return *out ? 0 : -ENOMEM;
		}
	return -ENOENT;
}

static bool pid_dir_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	int pid = container_of(dir, struct proc_node, node)->pid;

	if (i >= ARRAY_SIZE(pid_files) || !process_exists(pid))
		return false;
	e->name = pid_files[i].name;
	e->name_len = (u32)strlen(e->name);
	e->ino = pid_node_ino(pid, 0, pid_files[i].kind);
	e->mode = pid_file_mode(pid_files[i].kind);
	return true;
}

/* ---- /proc/PID/task and /proc/PID/task/TID ------------------------------- */

static int task_dir_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	int pid = container_of(dir, struct proc_node, node)->pid, tid = parse_pid(name, len);
	char buf[12];

	if (tid <= 0 || !thread_exists(pid, tid))
		return -ENOENT;
	pid_dir_name(tid, buf, sizeof(buf));
	*out = pid_node_new(dir, pid, PROC_TID_DIR, buf);
	return *out ? 0 : -ENOMEM;
}

static bool task_dir_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	int pid = container_of(dir, struct proc_node, node)->pid, tid = thread_at(pid, i);

	if (tid < 0)
		return false;
	pid_dir_name(tid, e->buf, sizeof(e->buf));
	e->name = e->buf;
	e->name_len = (u32)strlen(e->buf);
	e->ino = pid_node_ino(pid, tid, PROC_TID_DIR);
	e->mode = S_IFDIR | 0555;
	return true;
}

static int tid_dir_lookup(struct fs_node *dir, const char *name, size_t len, struct fs_node **out)
{
	struct proc_node *d = container_of(dir, struct proc_node, node);

	if (!thread_exists(d->pid, d->tid))
		return -ENOENT;
	for (u32 i = 0; i < ARRAY_SIZE(tid_files); i++)
		if (strlen(tid_files[i].name) == len && !memcmp(tid_files[i].name, name, len)) {
			*out = pid_node_new(dir, d->pid, tid_files[i].kind, tid_files[i].name);
			return *out ? 0 : -ENOMEM;
		}
	return -ENOENT;
}

static bool tid_dir_entry_at(struct fs_node *dir, u32 i, struct fs_dirent *e)
{
	struct proc_node *d = container_of(dir, struct proc_node, node);

	if (i >= ARRAY_SIZE(tid_files) || !thread_exists(d->pid, d->tid))
		return false;
	e->name = tid_files[i].name;
	e->name_len = (u32)strlen(e->name);
	e->ino = pid_node_ino(d->pid, d->tid, tid_files[i].kind);
	e->mode = S_IFREG | 0444;
	return true;
}

/* ---- the files' text ----------------------------------------------------- */

static int generate(struct fs_node *n, char **text, u32 *len)
{
	struct proc_node *p = container_of(n, struct proc_node, node);
	struct proc_text out = { .buf = kmalloc(512), .cap = 512 };
	struct task *t = NULL;
	int rc = 0;
	u32 flags;

	if (!out.buf)
		return -ENOMEM;
	/* The timer lists can be long (a process may have 200,000 timers):
	 * they are copied in bounded steps, each with interrupts off, and
	 * printed with interrupts on. */
	if (p->kind == PROC_TIMER_LIST || p->kind == PROC_PID_TIMERS) {
		out.preemptible = true;
		rc = p->kind == PROC_TIMER_LIST ? proc_timer_list(&out) : proc_pid_timers(&out, p->pid);
		goto done;
	}
	if (p->kind == PROC_TRACE) { /* a copy of the ring, printed with interrupts on */
		rc = proc_trace(&out);
		goto done;
	}
	flags = irq_save();
	if (p->kind >= PROC_TID_DIR) {
		t = thread_of(p->pid, p->tid);
		if (!t)
			rc = -ENOENT;
	} else if (p->kind >= PROC_PID_DIR) {
		t = task_find_any(p->pid);
		if (!is_process(t))
			rc = -ENOENT;
	}
	switch (rc ? -1 : (int)p->kind) {
	case PROC_UPTIME:
		proc_uptime(&out);
		break;
	case PROC_MEMINFO:
		proc_meminfo(&out);
		break;
	case PROC_TRACE_ON:
		proc_trace_on(&out);
		break;
	case PROC_SLABINFO:
		proc_slabinfo(&out);
		break;
	case PROC_MOUNTS:
	case PROC_PID_MOUNTS:
		proc_mounts(&out);
		break;
	case PROC_CPUINFO:
		proc_cpuinfo(&out);
		break;
	case PROC_PID_STAT:
	case PROC_TID_STAT:
		proc_pid_stat(&out, t);
		break;
	case PROC_PID_STATUS:
	case PROC_TID_STATUS:
		proc_pid_status(&out, t);
		break;
	case PROC_PID_MAPS:
		proc_pid_maps(&out, t);
		break;
	default:
		break;
	}
	irq_restore(flags);
done:
	if (!rc && out.nomem)
		rc = -ENOMEM;
	if (rc) {
		kfree(out.buf);
		return rc;
	}
	*text = out.buf;
	*len = out.len;
	return 0;
}

/* Linux: write(2) on a file of /proc without a write method is -EIO, on a
 * /proc/PID file not opened for it -EINVAL (probed on Linux 6.18). */
static const struct fs_node_ops proc_root_ops = {
	.lookup = root_lookup,
	.entry_at = root_entry_at,
};
static const struct fs_node_ops proc_pid_dir_ops = {
	.lookup = pid_dir_lookup,
	.entry_at = pid_dir_entry_at,
	.release = pid_node_release,
};
static const struct fs_node_ops proc_task_dir_ops = {
	.lookup = task_dir_lookup,
	.entry_at = task_dir_entry_at,
	.release = pid_node_release,
};
static const struct fs_node_ops proc_tid_dir_ops = {
	.lookup = tid_dir_lookup,
	.entry_at = tid_dir_entry_at,
	.release = pid_node_release,
};
static const struct fs_node_ops proc_file_ops = {
	.generate = generate,
	.write_error = -EIO,
};
/*
 * /proc/mounts polls as Linux's mounts_poll: readable, and POLLERR|POLLPRI
 * once after each mount or unmount (the count seen kept in the open file;
 * its first poll, epoll_ctl's, takes the count as it is).
 */
static u32 mounts_poll(struct file *f)
{
	u32 now = mount_events(), mask = POLLIN | POLLRDNORM;

	if (f->seen_events && f->seen_events != now)
		mask |= POLLERR | POLLPRI;
	f->seen_events = now;
	return mask;
}
static const struct fs_node_ops proc_mounts_ops = {
	.generate = generate,
	.write_error = -EIO,
	.poll = mounts_poll,
};
/* /proc/trace and /proc/trace_on also take writes (fs/proc_trace.c). */
static long trace_file_write(struct fs_node *n, const void *ubuf, size_t len)
{
	return proc_trace_write(container_of(n, struct proc_node, node)->kind == PROC_TRACE_ON,
				ubuf, len);
}
static const struct fs_node_ops proc_trace_ops = {
	.generate = generate,
	.write = trace_file_write,
};
static const struct fs_node_ops proc_pid_file_ops = {
	.generate = generate,
	.release = pid_node_release,
	.write_error = -EINVAL,
};
static long fail_nth_read(struct fs_node *n, void *ubuf, size_t len, u64 *pos)
{
	return proc_fail_nth_read(container_of(n, struct proc_node, node)->pid, ubuf, len, pos);
}
static long fail_nth_write(struct fs_node *n, const void *ubuf, size_t len)
{
	return proc_fail_nth_write(container_of(n, struct proc_node, node)->pid, ubuf, len);
}
static const struct fs_node_ops proc_fail_nth_ops = {
	.read = fail_nth_read,
	.write = fail_nth_write,
	.release = pid_node_release,
};

void proc_init(void)
{
	proc_root = fs_mount_point("proc");
	if (!proc_root)
		return;
	proc_root->mode = S_IFDIR | 0555;
	proc_root->ops = &proc_root_ops;
	for (u32 i = 0; i < PROC_NR_FILES; i++)
		proc_files[i].node.parent = proc_root;
	proc_sys = proc_sys_init(proc_root);
	proc_version_file()->parent = proc_root;
	proc_sysvipc = proc_sysvipc_init(proc_root);
}
