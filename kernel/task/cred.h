/*
 * Credentials (kernel/task/cred.c): the user and group ids of a process,
 * as Linux keeps them in struct cred, without capability sets.
 *
 * One struct cred per process, in its leader (task->cred, [process]),
 * shared by its threads as POSIX and glibc present them: glibc makes every
 * thread's set*id agree (its SIGSETXID round); here a set*id of any thread
 * changes the one copy, so that is automatic.  fork copies it, execve
 * keeps it with the saved and file-system ids set to the effective ones
 * (Linux's cap_bprm_creds_from_file: there are no set-user-ID programs and
 * no file capabilities here).  Zeroed, it is root with no supplementary
 * groups: kmain, the kernel threads, init.
 *
 * Privilege: "capable(X)" is X in the thread's effective capability set
 * (kernel/task/capability.c), which follows the uids as Linux's does
 * (cred_fix_caps: emptied when the effective uid leaves 0, refilled from
 * the permitted set when it comes back); capset may drop one.  The
 * file-system capabilities (CAP_CHOWN, CAP_DAC_OVERRIDE,
 * CAP_DAC_READ_SEARCH, CAP_FOWNER, CAP_FSETID) follow the file-system uid
 * instead: Linux drops them from the effective set when fsuid leaves 0 and
 * raises them when it comes back (cap_task_fix_setuid); here they are
 * "fsuid 0" (cred_fs_capable), so capset cannot drop them apart.
 *
 * Locks with several CPUs (one CPU today, and the kernel is not preempted:
 * a system call that does not sleep sees and makes its change whole; no
 * interrupt handler reads credentials):
 *
 *   cred's ids and groups pointer: the process's cred lock (a spinlock in
 *       the leader, Linux's cred_guard_mutex for writers plus RCU for
 *       readers), taken by every writer (set*id, setgroups, exec) and by a
 *       reader that wants two ids that agree (cred_snapshot: the copy is
 *       made under it); one u32 alone is read without it;
 *   struct group_info: never changed once published (setgroups publishes
 *       a new one); refs is atomic; its last put frees it.
 *
 * A task's fs_cred (not [process]: the thread's own) overrides the ids
 * the file-system checks use for the length of one call: access() and
 * faccessat() without AT_EACCESS check with the real ids (Linux's
 * access_override_creds).
 */
#ifndef TICK386_KERNEL_TASK_CRED_H
#define TICK386_KERNEL_TASK_CRED_H

#include "lib/types.h"

#define NGROUPS_MAX 65536
#define CRED_NO_ID 0xffffffffu /* (uid_t)-1: "leave it" / invalid */
#define OVERFLOW_ID 65534      /* what a 16-bit call shows for an id > 65535 */

/* Supplementary groups: sorted ascending (getgroups gives them so, as
 * Linux's groups_sort), duplicates kept; shared, immutable. */
struct group_info {
	u32 refs;
	u32 count;
	u32 gid[];
};

struct cred {
	u32 uid, euid, suid, fsuid;
	u32 gid, egid, sgid, fsgid;
	struct group_info *groups; /* NULL: none */
};

struct task;

/* The credentials of task t's process. */
struct cred *task_cred(struct task *t);
/* The ids the current call's file checks use (fs_cred, else the process's). */
const struct cred *current_fscred(void);

/* Linux's capability numbers, those the kernel checks. */
#define CAP_CHOWN 0
#define CAP_DAC_OVERRIDE 1
#define CAP_FOWNER 3
#define CAP_KILL 5
#define CAP_SETGID 6
#define CAP_SETUID 7
#define CAP_SYS_ADMIN 21
#define CAP_SYS_BOOT 22
#define CAP_SYS_NICE 23
#define CAP_SYS_RESOURCE 24
#define CAP_SYS_TIME 25
#define CAP_MKNOD 27

/*
 * capable(cap): cap is in the calling thread's effective set
 * (kernel/task/capability.c).  The sets follow the uids as Linux's do
 * without securebits (cred_fix_caps): full for root, emptied when the
 * effective uid leaves 0; capset can drop one (LTP drops CAP_SYS_TIME so).
 */
bool capable(int cap);
/* After the process's uids changed from old (r, e, s): Linux's
 * cap_emulate_setxuid on every thread of the process. */
void cred_fix_caps(u32 old_r, u32 old_e, u32 old_s);
/* The file-system capabilities: fsuid 0 (of c). */
bool cred_fs_capable(const struct cred *c);
/* Whether gid is c's fsgid or one of its supplementary groups (in_group_p). */
bool cred_in_group(const struct cred *c, u32 gid);

/* fork: the child's process gets a copy (one more group_info reference). */
void cred_fork(struct cred *child, const struct cred *parent);
/* The last thread of a process ended: its groups go. */
void cred_release(struct cred *c);
/* execve: saved and file-system ids become the effective ones. */
void cred_exec(struct cred *c);

/*
 * Linux's kill_ok_by_cred: the sender's real or effective uid is the
 * target's real or saved uid, or the sender is privileged.
 */
bool cred_may_signal(const struct cred *sender, const struct cred *target);
/*
 * Linux's check_kill_permission for a signal sent from user space (kill,
 * tkill, tgkill, sigqueue; signal 0 too) by the current task to t: its
 * own process, cred_may_signal, or SIGCONT within the session; -EPERM.
 */
int cred_kill_permission(struct task *t, int signo);

#endif
