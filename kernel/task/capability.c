/*
 * capget(2) and capset(2) (i386 184, 185), as Linux 6.13's
 * kernel/capability.c answers them, over three sets per thread (effective,
 * permitted, inheritable: struct task's cap_*), 41 capabilities
 * (CAP_LAST_CAP 40, CAP_CHECKPOINT_RESTORE).
 *
 * The sets follow the effective uid as Linux's root rule does with no
 * file capabilities and no securebits: a task of euid 0 has every
 * capability effective and permitted, another none; exec recomputes them
 * so (a root program that dropped some gets them back at exec, as on
 * Linux), the inheritable set is kept.  There is no bounding set to
 * lower (prctl PR_CAPBSET_DROP is not built) and no ambient set.
 *
 * The sets follow the uids (kernel/task/cred.c: cred_fix_caps), and
 * capable(cap) reads the effective set, so a dropped capability is
 * refused even to root.
 *
 * The version handshake: _LINUX_CAPABILITY_VERSION_1 (one 32-bit word of
 * each set), _2 and _3 (two words); any other version is EINVAL with _3
 * written back into the header, and capget with a NULL data pointer is
 * that probe: 0 for a bad version (after writing _3 back), 0 for a good
 * one.  capget's pid: 0 or any task's id (ESRCH if none, EINVAL if
 * negative).  capset: only the caller (pid 0 or its own id, else EPERM),
 * and only to drop: permitted may only shrink, effective must stay within
 * the new permitted, inheritable within the old inheritable and permitted
 * (unless CAP_SETPCAP is effective); otherwise EPERM and nothing changes.
 */
#include "kernel/syscall.h"
#include "kernel/task/cred.h"
#include "kernel/task/task.h"
#include "arch/i386/cpu.h"
#include "mm/uaccess.h"
#include <abi/errno.h>

#define CAP_VERSION_1 0x19980330u
#define CAP_VERSION_2 0x20071026u
#define CAP_VERSION_3 0x20080522u
#define CAP_LAST_CAP 40
#define CAP_SETPCAP 8
#define CAP_FULL_SET ((1ull << (CAP_LAST_CAP + 1)) - 1)

struct cap_header {
	u32 version;
	int pid;
};

struct cap_data {
	u32 effective, permitted, inheritable;
};

static u32 cap_euid(struct task *t)
{
	return task_cred(t)->euid;
}

static u64 cap_of_euid(struct task *t)
{
	return cap_euid(t) == 0 ? CAP_FULL_SET : 0;
}

void cap_task_init(struct task *t)
{
	t->cap_effective = t->cap_permitted = cap_of_euid(t);
	t->cap_inheritable = 0;
}

void cap_task_copy(struct task *t, const struct task *parent)
{
	t->cap_effective = parent->cap_effective;
	t->cap_permitted = parent->cap_permitted;
	t->cap_inheritable = parent->cap_inheritable;
}

void cap_task_exec(struct task *t)
{
	t->cap_effective = t->cap_permitted = cap_of_euid(t);
}

/* Linux's cap_validate_magic: the number of 32-bit words, or -errno. */
static int validate_version(struct cap_header __user *uh, u32 *words)
{
	u32 version;

	if (copy_from_user(&version, &uh->version, sizeof(version)))
		return -EFAULT;
	switch (version) {
	case CAP_VERSION_1:
		*words = 1;
		return 0;
	case CAP_VERSION_2:
	case CAP_VERSION_3:
		*words = 2;
		return 0;
	default:
		version = CAP_VERSION_3;
		if (copy_to_user(&uh->version, &version, sizeof(version)))
			return -EFAULT;
		return -EINVAL;
	}
}

/* Linux's find_task_by_vpid: any thread by its id, and a process's zombie
 * until it is reaped (a thread that ended is gone at once). */
static struct task *find_target(int pid)
{
	struct task *t = task_find(pid);

	if (!t) {
		t = task_find_any(pid);
		if (t && !(t->state == TASK_ZOMBIE && t->leader == t && !t->autoreap))
			t = NULL;
	}
	return t;
}

long sys_capget(void __user *header, void __user *data)
{
	struct cap_header __user *uh = header;
	struct cap_data kdata[2];
	u64 eff, prm, inh;
	u32 words, flags;
	struct task *t;
	int rc = validate_version(uh, &words), pid;

	if (!data || rc)
		return !data && rc == -EINVAL ? 0 : rc;
	if (copy_from_user(&pid, &uh->pid, sizeof(pid)))
		return -EFAULT;
	if (pid < 0)
		return -EINVAL;
	flags = irq_save();
	t = pid && pid != current->pid ? find_target(pid) : current;
	if (t) {
		eff = t->cap_effective;
		prm = t->cap_permitted;
		inh = t->cap_inheritable;
	}
	irq_restore(flags);
	if (!t)
		return -ESRCH;
	for (u32 i = 0; i < 2; i++) {
		kdata[i].effective = (u32)(eff >> (32 * i));
		kdata[i].permitted = (u32)(prm >> (32 * i));
		kdata[i].inheritable = (u32)(inh >> (32 * i));
	}
	return copy_to_user(data, kdata, words * sizeof(kdata[0])) ? -EFAULT : 0;
}

static bool subset(u64 a, u64 b)
{
	return (a & ~b) == 0;
}

long sys_capset(void __user *header, const void __user *data)
{
	struct cap_header __user *uh = header;
	struct cap_data kdata[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	u64 eff, prm, inh;
	u32 words;
	int rc = validate_version(uh, &words), pid;

	if (rc)
		return rc;
	if (copy_from_user(&pid, &uh->pid, sizeof(pid)))
		return -EFAULT;
	if (pid != 0 && pid != current->pid)
		return -EPERM; /* Linux: only one's own capabilities */
	if (copy_from_user(kdata, data, words * sizeof(kdata[0])))
		return -EFAULT;
	eff = ((u64)kdata[1].effective << 32 | kdata[0].effective) & CAP_FULL_SET;
	prm = ((u64)kdata[1].permitted << 32 | kdata[0].permitted) & CAP_FULL_SET;
	inh = ((u64)kdata[1].inheritable << 32 | kdata[0].inheritable) & CAP_FULL_SET;
	/* commoncap's cap_capset, in its order */
	if (!(current->cap_effective & (1ull << CAP_SETPCAP)) &&
	    !subset(inh, current->cap_inheritable | current->cap_permitted))
		return -EPERM;
	if (!subset(prm, current->cap_permitted) || !subset(eff, prm))
		return -EPERM;
	current->cap_effective = eff;
	current->cap_permitted = prm;
	current->cap_inheritable = inh;
	return 0;
}
