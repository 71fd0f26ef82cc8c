/*
 * /proc: a generated tree mounted on the file tree (fs/fs.h's ops), in
 * Linux's formats.  fs/proc.c serves the directories (/proc, /proc/PID,
 * /proc/self) and the text buffer; the files' text comes from
 * fs/proc_pid.c (stat, status, timers), fs/proc_timer_list.c and
 * fs/proc_misc.c (uptime, meminfo).
 *
 * A file's text is made at open into a buffer the open file keeps: reads
 * and lseek see that text, stat says size 0 as Linux's procfs does.  The
 * small ones are one snapshot, taken with interrupts off; the timer lists,
 * which may hold hundreds of thousands of timers, are copied in bounded
 * steps with interrupts off, and printed with interrupts on (each timer's
 * line is consistent; the list is what the steps met).
 */
#ifndef TICK386_FS_PROC_H
#define TICK386_FS_PROC_H

#include "lib/types.h"
#include "mm/uaccess.h"

struct task;

/* Mount /proc (fs_init, once the archive is unpacked). */
void proc_init(void);
/* A top-level /proc file, which epoll may watch (fs/eventpoll.c). */
struct fs_node;
bool proc_node_can_poll(const struct fs_node *n);
/* Link /proc/sys (fs/proc_sys.c) under proc_root: its top directory. */
struct fs_node *proc_sys_init(struct fs_node *proc_root);
/* fs/proc_sys_kernel.c: /proc/sys/kernel (the names uname reports) and
 * /proc/version; the caller links them and sets their parents. */
struct fs_node *proc_sys_kernel_dir(void);
struct fs_node *proc_version_file(void);
/* fs/proc_sysvipc.c: /proc/sysvipc, linked under proc_root. */
struct fs_node *proc_sysvipc_init(struct fs_node *proc_root);

/* Text that grows as it is printed; nomem once an allocation failed. */
struct proc_text {
	char *buf;
	u32 len, cap;
	bool nomem;
	/* made with interrupts on (the timer lists): growing it copies in
	 * pieces and gives way between them (sched_cond_resched) */
	bool preemptible;
};
void proc_printf(struct proc_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The texts (interrupts off; t is a process, zombie or not). */
void proc_pid_stat(struct proc_text *out, struct task *t);
void proc_pid_status(struct proc_text *out, struct task *t);
/* /proc/PID/maps: mm/mmap_maps.c */
void proc_pid_maps(struct proc_text *out, struct task *t);
/* The timer lists (interrupts on: they take them off step by step);
 * 0 or -errno (-ENOENT: process pid is gone, -ENOMEM). */
int proc_pid_timers(struct proc_text *out, int pid);
int proc_timer_list(struct proc_text *out);
int proc_trace(struct proc_text *out);
void proc_uptime(struct proc_text *out);
void proc_meminfo(struct proc_text *out);
/* /proc/cpuinfo (fs/proc_cpuinfo.c) */
void proc_cpuinfo(struct proc_text *out);
void proc_trace_on(struct proc_text *out);
void proc_slabinfo(struct proc_text *out);
/* /proc/mounts and /proc/PID/mounts (fs/mount.c). */
void proc_mounts(struct proc_text *out);
/* /proc/PID/fail-nth (fs/proc_fail_nth.c): read live, and written. */
long proc_fail_nth_read(int pid, void __user *ubuf, size_t len, u64 *pos);
long proc_fail_nth_write(int pid, const void __user *ubuf, size_t len);
/* A write to /proc/trace_on (on_file) or /proc/trace: len or -errno. */
long proc_trace_write(bool on_file, const void *ubuf, size_t len);

#endif
