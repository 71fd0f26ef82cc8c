/*
 * Resource limits (kernel/task/rlimit.c): each process's pairs, Linux's
 * signal->rlim.  Read by whoever enforces one: the descriptor table
 * (RLIMIT_NOFILE), tmpfs writes and truncation (RLIMIT_FSIZE), the queue
 * of signals (RLIMIT_SIGPENDING), the process CPU clock (RLIMIT_CPU, in
 * kernel/time/itimer.c).
 */
#ifndef TICK386_KERNEL_TASK_RLIMIT_H
#define TICK386_KERNEL_TASK_RLIMIT_H

#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/rlimit.h>

struct task;

/* A new process's limits: Linux's defaults for init, within what this
 * kernel has (task_create_user); fork copies the parent's. */
void rlimit_init(struct task *leader);
void rlimit_fork(struct task *child, const struct task *parent);

/* The soft limit of the current process (interrupts may be on: a
 * u64 read while another thread may set it, so under irq_save). */
u64 rlimit_cur(int resource);
u64 rlimit_cur_of(struct task *t, int resource);

/*
 * A write of n bytes at pos to a regular file, against RLIMIT_FSIZE: the
 * bytes that may be written (n, or fewer up to the limit), or -EFBIG with
 * SIGXFSZ sent to the writer when pos is at or past it (Linux's
 * generic_write_check_limits).  new_size: a truncation's size, likewise
 * (inode_newsize_ok), returning 0 or -EFBIG.
 */
long rlimit_fsize_write(u64 pos, size_t n);
int rlimit_fsize_size(u64 new_size);

long sys_getrlimit(int resource, u32 __user *rlim);
long sys_ugetrlimit(int resource, u32 __user *rlim);
long sys_setrlimit(int resource, const u32 __user *rlim);
long sys_prlimit64(int pid, int resource, const struct rlimit64 __user *new_rlim,
		   struct rlimit64 __user *old_rlim);

#endif
