/*
 * Threads: clone, set_tid_address, set_thread_area and what a thread's end
 * tells others.  The model is in task.h: a process is a group of tasks led
 * by its first one, which holds what they share.
 *
 * clone takes Linux i386's arguments (flags, stack, parent_tid, tls,
 * child_tid) and the flag sets that C libraries use: a thread
 * (CLONE_VM | CLONE_SIGHAND | CLONE_THREAD with CLONE_FS and CLONE_FILES,
 * glibc's and musl's set) or a copy of the process (fork's flags: none of
 * those).  Sharing only some of what a thread shares (CLONE_VM without
 * CLONE_THREAD, CLONE_THREAD without CLONE_FILES) would need a process
 * object apart from its leader, which tick386 does not have: -EINVAL.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/gdt.h"
#include "kernel/syscall.h"
#include "kernel/task/futex.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "mm/uaccess.h"
#include "lib/string.h"
#include <abi/clone.h>
#include <abi/errno.h>
#include <abi/signal.h>

/* --- set_thread_area ------------------------------------------------------------ */

/* Linux's LDT_empty: the descriptor a program passes to clear a slot. */
static bool desc_clears(const struct abi_user_desc *d)
{
	u32 f = d->flags;

	if (d->base_addr || d->limit)
		return false;
	/* all zero (LDT_zero), or read_exec_only and seg_not_present alone */
	return f == 0 || f == (ABI_UD_READ_EXEC_ONLY | ABI_UD_SEG_NOT_PRESENT);
}

/* Linux's tls_desc_okay: data segments only, 32-bit, present. */
static bool desc_ok(const struct abi_user_desc *d)
{
	u32 f = d->flags;

	if (desc_clears(d))
		return true;
	if (!(f & ABI_UD_SEG_32BIT))
		return false;
	if (((f & ABI_UD_CONTENTS_MASK) >> ABI_UD_CONTENTS_SHIFT) > 1)
		return false;
	return !(f & ABI_UD_SEG_NOT_PRESENT);
}

/* The 8-byte GDT entry (Intel SDM vol. 3, 3.4.5): ring 3, data, accessed. */
static u64 desc_encode(const struct abi_user_desc *d)
{
	u32 f = d->flags, base = d->base_addr, limit = d->limit & 0xfffff;
	u32 contents = (f & ABI_UD_CONTENTS_MASK) >> ABI_UD_CONTENTS_SHIFT;
	u32 lo, hi, type;

	if (desc_clears(d))
		return 0;
	type = 1u | (((f & ABI_UD_READ_EXEC_ONLY) ? 0u : 1u) << 1) | (contents << 2);
	lo = (base << 16) | (limit & 0xffff);
	hi = (base & 0xff000000u) | ((base >> 16) & 0xff) | (limit & 0xf0000) | (type << 8) |
	     (1u << 12) /* S: code or data */ | (3u << 13) /* DPL 3 */ |
	     ((f & ABI_UD_SEG_NOT_PRESENT) ? 0u : 1u << 15) |
	     ((f & ABI_UD_USEABLE) ? 1u << 20 : 0u) | ((f & ABI_UD_SEG_32BIT) ? 1u << 22 : 0u) |
	     ((f & ABI_UD_LIMIT_IN_PAGES) ? 1u << 23 : 0u);
	return ((u64)hi << 32) | lo;
}

/* The reverse, for get_thread_area. */
static void desc_decode(u64 raw, struct abi_user_desc *d)
{
	u32 lo = (u32)raw, hi = (u32)(raw >> 32), type = (hi >> 8) & 0xf;

	d->base_addr = (lo >> 16) | ((hi & 0xff) << 16) | (hi & 0xff000000u);
	d->limit = (lo & 0xffff) | (hi & 0xf0000);
	d->flags = 0;
	if (!raw) { /* an empty slot reads as Linux's cleared one */
		d->flags = ABI_UD_READ_EXEC_ONLY | ABI_UD_SEG_NOT_PRESENT;
		return;
	}
	if (hi & (1u << 22))
		d->flags |= ABI_UD_SEG_32BIT;
	d->flags |= ((type >> 2) & 3) << ABI_UD_CONTENTS_SHIFT;
	if (!(type & 2))
		d->flags |= ABI_UD_READ_EXEC_ONLY;
	if (hi & (1u << 23))
		d->flags |= ABI_UD_LIMIT_IN_PAGES;
	if (!(hi & (1u << 15)))
		d->flags |= ABI_UD_SEG_NOT_PRESENT;
	if (hi & (1u << 20))
		d->flags |= ABI_UD_USEABLE;
}

void thread_load_tls(struct task *next)
{
	gdt_set_tls(next->tls);
}

/* A selector (fs or gs of a frame) naming TLS slot idx, whatever its RPL. */
static bool selector_is_slot(u32 sel, int idx)
{
	return (sel & 0xfffc) == (u32)((GDT_TLS_MIN + idx) * 8);
}

/*
 * Set one of t's slots from *d (entry_number -1: the first free one, which
 * is written back).  0, -EINVAL (bad slot or descriptor) or -ESRCH (none
 * free), Linux's errors.  t is the caller or a thread it is making.
 */
static int tls_set(struct task *t, struct abi_user_desc *d)
{
	int idx;

	if (d->entry_number == 0xffffffffu) {
		for (idx = 0; idx < TASK_TLS_ENTRIES; idx++)
			if (!t->tls[idx])
				break;
		if (idx == TASK_TLS_ENTRIES)
			return -ESRCH;
		d->entry_number = GDT_TLS_MIN + idx;
	}
	if (d->entry_number < GDT_TLS_MIN || d->entry_number >= GDT_TLS_MIN + TASK_TLS_ENTRIES)
		return -EINVAL;
	if (!desc_ok(d))
		return -EINVAL;
	idx = (int)d->entry_number - GDT_TLS_MIN;
	t->tls[idx] = desc_encode(d);
	if (!t->tls[idx] && t->user_frame) {
		/* A cleared slot must not be reloaded by the return to ring 3. */
		if (selector_is_slot(t->user_frame->gs, idx))
			t->user_frame->gs = 0;
		if (selector_is_slot(t->user_frame->fs, idx))
			t->user_frame->fs = 0;
	}
	if (t == current)
		thread_load_tls(t);
	return 0;
}

long sys_set_thread_area(struct abi_user_desc __user *uinfo)
{
	struct abi_user_desc d;
	u32 requested;
	int rc;

	if (copy_from_user(&d, uinfo, sizeof(d)))
		return -EFAULT;
	requested = d.entry_number;
	/* The slot chosen is written back before anything changes, as Linux. */
	if (requested == 0xffffffffu) {
		int idx;

		for (idx = 0; idx < TASK_TLS_ENTRIES; idx++)
			if (!current->tls[idx])
				break;
		if (idx == TASK_TLS_ENTRIES)
			return -ESRCH;
		d.entry_number = GDT_TLS_MIN + idx;
		if (copy_to_user(&uinfo->entry_number, &d.entry_number, sizeof(d.entry_number)))
			return -EFAULT;
	}
	cpu_cli();
	rc = tls_set(current, &d);
	cpu_sti();
	return rc;
}

long sys_get_thread_area(struct abi_user_desc __user *uinfo)
{
	struct abi_user_desc d;
	u32 idx;

	if (copy_from_user(&d.entry_number, &uinfo->entry_number, sizeof(d.entry_number)))
		return -EFAULT;
	idx = d.entry_number - GDT_TLS_MIN;
	if (idx >= TASK_TLS_ENTRIES)
		return -EINVAL;
	desc_decode(current->tls[idx], &d);
	if (copy_to_user(uinfo, &d, sizeof(d)))
		return -EFAULT;
	return 0;
}

/* --- set_tid_address and the end of a thread -------------------------------- */

long sys_set_tid_address(int __user *tidptr)
{
	current->clear_child_tid = (u32)tidptr;
	return current->pid;
}

/*
 * CLONE_CHILD_CLEARTID: when a thread ends while others of its process go
 * on, 0 is stored at the word it named and one waiter of that futex woken
 * (pthread_join waits there).  A bad address is ignored, as Linux does.
 */
void thread_exit_notify(struct task *t)
{
	int __user *p = (int __user *)t->clear_child_tid;
	int zero = 0;

	t->clear_child_tid = 0;
	if (!p || !t->user || t->leader->nr_threads <= 1)
		return;
	if (copy_to_user(p, &zero, sizeof(zero)) == 0)
		futex_wake_key(t->leader, (u32)p, 1, FUTEX_BITSET_MATCH_ANY);
}

/* --- clone -------------------------------------------------------------------- */

#define THREAD_FLAGS (ABI_CLONE_VM | ABI_CLONE_SIGHAND | ABI_CLONE_THREAD)
#define FORK_FLAGS                                                                                 \
	(ABI_CSIGNAL | ABI_CLONE_PARENT_SETTID | ABI_CLONE_CHILD_SETTID | ABI_CLONE_CHILD_CLEARTID)
/* Flags that change nothing here (no namespaces or tracing; System V
 * semaphore undo lists are the process's, so threads share them as
 * CLONE_SYSVSEM asks: ipc/sem.c), accepted as Linux accepts them. */
#define HARMLESS_FLAGS (ABI_CLONE_SYSVSEM | ABI_CLONE_DETACHED | ABI_CLONE_UNTRACED | ABI_CLONE_IO)

/* Linux's checks of the flags, in its order (kernel/fork.c copy_process). */
static int clone_flags_check(u32 flags)
{
	if ((flags & (ABI_CLONE_NEWNS | ABI_CLONE_FS)) == (ABI_CLONE_NEWNS | ABI_CLONE_FS))
		return -EINVAL;
	if ((flags & ABI_CLONE_THREAD) && !(flags & ABI_CLONE_SIGHAND))
		return -EINVAL;
	if ((flags & ABI_CLONE_SIGHAND) && !(flags & ABI_CLONE_VM))
		return -EINVAL;
	return 0;
}

static long clone_thread(u32 flags, u32 stack, int __user *ptid, struct abi_user_desc __user *utls,
			 int __user *ctid)
{
	struct task *parent = current, *t;
	struct abi_user_desc tls;
	int err = 0;

	if (flags & ABI_CLONE_SETTLS) {
		if (copy_from_user(&tls, utls, sizeof(tls)))
			return -EFAULT;
		if (tls.entry_number != 0xffffffffu &&
		    (tls.entry_number < GDT_TLS_MIN ||
		     tls.entry_number >= GDT_TLS_MIN + TASK_TLS_ENTRIES))
			return -EINVAL;
		if (!desc_ok(&tls))
			return -EINVAL;
	}
	if (parent->leader->group_exit || parent->kill_signo)
		return -ERESTARTNOINTR; /* dying: the thread would not outlive the call */

	t = task_clone_thread(&err);
	if (!t)
		return err;
	if (stack)
		t->user_frame->user_esp = stack;
	memcpy(t->tls, parent->tls, sizeof(t->tls));
	if ((flags & ABI_CLONE_SETTLS) && (err = tls_set(t, &tls)) != 0) {
		task_clone_abort(t); /* entry -1 and no slot free */
		return err;
	}
	if (flags & ABI_CLONE_CHILD_CLEARTID)
		t->clear_child_tid = (u32)ctid;
	/* As Linux, a bad tid pointer is not an error of clone. */
	if (flags & ABI_CLONE_PARENT_SETTID)
		(void)copy_to_user(ptid, &t->pid, sizeof(t->pid));
	if (flags & ABI_CLONE_CHILD_SETTID)
		(void)copy_to_user(ctid, &t->pid, sizeof(t->pid));
	task_clone_start(t);
	return t->pid;
}

/* clone with fork's flags: a new process, as fork, and the tid words. */
static long clone_process(u32 flags, u32 stack, int __user *ptid, struct abi_user_desc __user *utls,
			  int __user *ctid)
{
	struct abi_user_desc tls;
	struct task *t;
	int err = 0;

	if ((flags & ABI_CSIGNAL) != SIGCHLD)
		return -EINVAL; /* another exit signal: the parent is always sent SIGCHLD here */
	if (flags & ABI_CLONE_SETTLS) {
		if (copy_from_user(&tls, utls, sizeof(tls)))
			return -EFAULT;
		if (!desc_ok(&tls) || (tls.entry_number != 0xffffffffu &&
				       (tls.entry_number < GDT_TLS_MIN ||
					tls.entry_number >= GDT_TLS_MIN + TASK_TLS_ENTRIES)))
			return -EINVAL;
	}
	/* The child is queued but cannot run before this call returns: the
	 * kernel is not preempted, so its words are written first. */
	t = task_fork(&err);
	if (!t)
		return err;
	if (stack)
		t->user_frame->user_esp = stack;
	if (flags & ABI_CLONE_SETTLS)
		(void)tls_set(t, &tls);
	if (flags & ABI_CLONE_CHILD_CLEARTID)
		t->clear_child_tid = (u32)ctid;
	if (flags & ABI_CLONE_PARENT_SETTID)
		(void)copy_to_user(ptid, &t->pid, sizeof(t->pid));
	if (flags & ABI_CLONE_CHILD_SETTID)
		(void)vm_copy_out(&t->vm, (u32)ctid, &t->pid, sizeof(t->pid));
	return t->pid;
}

long sys_clone(u32 flags, u32 stack, int __user *ptid, struct abi_user_desc __user *utls,
	       int __user *ctid)
{
	u32 other;
	int rc = clone_flags_check(flags);

	if (rc)
		return rc;
	other = flags & ~HARMLESS_FLAGS & ~ABI_CLONE_SETTLS;
	if ((flags & THREAD_FLAGS) == THREAD_FLAGS) {
		other &= ~(THREAD_FLAGS | ABI_CLONE_FS | ABI_CLONE_FILES | FORK_FLAGS);
		if (!(flags & ABI_CLONE_FILES) || other)
			return -EINVAL; /* a thread with files of its own: not here */
		return clone_thread(flags, stack, ptid, utls, ctid);
	}
	if (other & ~FORK_FLAGS)
		return -EINVAL; /* sharing part of a process: not here (see above) */
	return clone_process(flags, stack, ptid, utls, ctid);
}
