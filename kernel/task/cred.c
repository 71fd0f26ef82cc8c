/*
 * Credentials and their system calls, with Linux's semantics (kernel/sys.c,
 * kernel/groups.c, kernel/uid16.c) and numbers on i386: the 32-bit calls
 * (getuid32 199 ... setfsgid32 216) and the old 16-bit ones (setuid 23 ...
 * getresgid 171), whose ids go through Linux's low2high/high2low: 0xffff
 * is -1 going in, an id above 65535 is 65534 (overflowuid) coming out.
 * The model and its locks: kernel/task/cred.h.
 *
 * Every set*id computes the new ids from a copy and stores them only when
 * the call has passed every check, so a refused call changes nothing.
 */
#include "kernel/task/cred.h"
#include "arch/i386/cpu.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/signal.h>

struct cred *task_cred(struct task *t)
{
	return &t->leader->cred;
}

const struct cred *current_fscred(void)
{
	return current->fs_cred ? current->fs_cred : &current->leader->cred;
}

bool capable(int cap)
{
	return (current->cap_effective >> cap) & 1;
}

void cred_fix_caps(u32 old_r, u32 old_e, u32 old_s)
{
	const struct cred *c = task_cred(current);
	struct task *th;
	u32 flags = irq_save();

	list_for_each_entry(th, &current->leader->threads, thread_node) {
		if ((old_r == 0 || old_e == 0 || old_s == 0) && c->uid && c->euid && c->suid)
			th->cap_permitted = th->cap_effective = 0; /* no SECBIT_KEEP_CAPS */
		if (old_e == 0 && c->euid)
			th->cap_effective = 0;
		if (old_e && c->euid == 0)
			th->cap_effective = th->cap_permitted;
	}
	irq_restore(flags);
}

bool cred_fs_capable(const struct cred *c)
{
	return c->fsuid == 0;
}

bool cred_in_group(const struct cred *c, u32 gid)
{
	const struct group_info *g = c->groups;
	u32 lo = 0, hi;

	if (gid == c->fsgid)
		return true;
	if (!g)
		return false;
	hi = g->count;
	while (lo < hi) { /* sorted: a binary search, as Linux's groups_search */
		u32 mid = lo + (hi - lo) / 2;

		if (g->gid[mid] == gid)
			return true;
		if (g->gid[mid] < gid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static void groups_get(struct group_info *g)
{
	if (g)
		g->refs++;
}

static void groups_put(struct group_info *g)
{
	if (g && --g->refs == 0)
		kfree(g);
}

void cred_fork(struct cred *child, const struct cred *parent)
{
	*child = *parent;
	groups_get(child->groups);
}

void cred_release(struct cred *c)
{
	groups_put(c->groups);
	c->groups = NULL;
}

void cred_exec(struct cred *c)
{
	c->suid = c->fsuid = c->euid;
	c->sgid = c->fsgid = c->egid;
}

bool cred_may_signal(const struct cred *s, const struct cred *t)
{
	return s->euid == t->suid || s->euid == t->uid || s->uid == t->suid || s->uid == t->uid ||
	       capable(CAP_KILL);
}

int cred_kill_permission(struct task *t, int signo)
{
	if (t->tgid == current->tgid || cred_may_signal(task_cred(current), task_cred(t)))
		return 0;
	if (signo == SIGCONT && t->leader->sid == current->leader->sid)
		return 0;
	return -EPERM;
}

/* --- the ids ------------------------------------------------------------- */

/*
 * Which half of the ids a call works on: the uids or the gids, laid out
 * alike in struct cred (real, effective, saved, file-system), so one body
 * serves both; CAP_SETUID and CAP_SETGID are both "euid 0".
 */
enum id_kind { UIDS, GIDS };

static u32 *ids_of(struct cred *c, enum id_kind k)
{
	return k == UIDS ? &c->uid : &c->gid;
}

enum { R, E, S, FS };

/* setuid, setgid: privileged, all four; else the effective (and fs) id,
 * to the real or saved one only. */
static long do_setid(enum id_kind k, u32 id)
{
	struct cred *c = task_cred(current);
	u32 *ids = ids_of(c, k);
	const u32 old_r = c->uid, old_e = c->euid, old_s = c->suid;

	if (id == CRED_NO_ID)
		return -EINVAL;
	if (capable(k == UIDS ? CAP_SETUID : CAP_SETGID)) {
		ids[R] = ids[S] = id;
	} else if (id != ids[R] && id != ids[S]) {
		return -EPERM;
	}
	ids[E] = ids[FS] = id;
	if (k == UIDS)
		cred_fix_caps(old_r, old_e, old_s);
	return 0;
}

/* setreuid, setregid (Linux's order and rules: the real id to the real or
 * effective one, the effective id to any of the three; the saved id
 * follows the effective one when the real id is given or the effective
 * one moves away from the real one). */
static long do_setreid(enum id_kind k, u32 rid, u32 eid)
{
	struct cred *c = task_cred(current);
	u32 *ids = ids_of(c, k);
	const u32 old_r = c->uid, old_e = c->euid, old_s = c->suid;
	u32 n[4];
	bool priv = capable(k == UIDS ? CAP_SETUID : CAP_SETGID);

	memcpy(n, ids, sizeof(n));
	if (rid != CRED_NO_ID) {
		if (rid != ids[R] && rid != ids[E] && !priv)
			return -EPERM;
		n[R] = rid;
	}
	if (eid != CRED_NO_ID) {
		if (eid != ids[R] && eid != ids[E] && eid != ids[S] && !priv)
			return -EPERM;
		n[E] = eid;
	}
	if (rid != CRED_NO_ID || (eid != CRED_NO_ID && eid != ids[R]))
		n[S] = n[E];
	n[FS] = n[E];
	memcpy(ids, n, sizeof(n));
	if (k == UIDS)
		cred_fix_caps(old_r, old_e, old_s);
	return 0;
}

/* setresuid, setresgid: each given id must be one of the three unless
 * privileged; -1 leaves one; the fs id follows the effective one. */
static long do_setresid(enum id_kind k, u32 rid, u32 eid, u32 sid)
{
	struct cred *c = task_cred(current);
	u32 *ids = ids_of(c, k);
	const u32 old_r = c->uid, old_e = c->euid, old_s = c->suid;
	const u32 want[3] = {rid, eid, sid};

	if (!capable(k == UIDS ? CAP_SETUID : CAP_SETGID))
		for (int i = 0; i < 3; i++)
			if (want[i] != CRED_NO_ID && want[i] != ids[R] && want[i] != ids[E] &&
			    want[i] != ids[S])
				return -EPERM;
	for (int i = 0; i < 3; i++)
		if (want[i] != CRED_NO_ID)
			ids[i] = want[i];
	ids[FS] = ids[E];
	if (k == UIDS)
		cred_fix_caps(old_r, old_e, old_s);
	return 0;
}

/* setfsuid, setfsgid: never an error; the old fs id comes back, and the
 * new one is taken only if it is one of the four or the caller is
 * privileged ((uid_t)-1 only asks). */
static long do_setfsid(enum id_kind k, u32 id)
{
	struct cred *c = task_cred(current);
	u32 *ids = ids_of(c, k);
	u32 old = ids[FS];

	if (id == CRED_NO_ID)
		return old;
	if (id == ids[R] || id == ids[E] || id == ids[S] || id == ids[FS] ||
	    capable(k == UIDS ? CAP_SETUID : CAP_SETGID))
		ids[FS] = id;
	return old;
}

/* getresuid, getresgid: real, effective, saved, in that order; the first
 * pointer that faults ends the call (those before it were written). */
static long do_getresid(enum id_kind k, void __user *r, void __user *e, void __user *s, bool wide)
{
	void __user *to[3] = {r, e, s};
	u32 ids[3];

	memcpy(ids, ids_of(task_cred(current), k), sizeof(ids));
	for (int i = 0; i < 3; i++) {
		int rc;

		if (wide) {
			rc = copy_to_user(to[i], &ids[i], sizeof(u32));
		} else {
			u16 v = ids[i] > 0xffff ? OVERFLOW_ID : (u16)ids[i];

			rc = copy_to_user(to[i], &v, sizeof(u16));
		}
		if (rc)
			return -EFAULT;
	}
	return 0;
}

long sys_getuid32(void)
{
	return task_cred(current)->uid;
}

long sys_geteuid32(void)
{
	return task_cred(current)->euid;
}

long sys_getgid32(void)
{
	return task_cred(current)->gid;
}

long sys_getegid32(void)
{
	return task_cred(current)->egid;
}

long sys_setuid32(u32 uid)
{
	return do_setid(UIDS, uid);
}

long sys_setgid32(u32 gid)
{
	return do_setid(GIDS, gid);
}

long sys_setreuid32(u32 ruid, u32 euid)
{
	return do_setreid(UIDS, ruid, euid);
}

long sys_setregid32(u32 rgid, u32 egid)
{
	return do_setreid(GIDS, rgid, egid);
}

long sys_setresuid32(u32 ruid, u32 euid, u32 suid)
{
	return do_setresid(UIDS, ruid, euid, suid);
}

long sys_setresgid32(u32 rgid, u32 egid, u32 sgid)
{
	return do_setresid(GIDS, rgid, egid, sgid);
}

long sys_getresuid32(u32 __user *r, u32 __user *e, u32 __user *s)
{
	return do_getresid(UIDS, r, e, s, true);
}

long sys_getresgid32(u32 __user *r, u32 __user *e, u32 __user *s)
{
	return do_getresid(GIDS, r, e, s, true);
}

long sys_setfsuid32(u32 uid)
{
	return do_setfsid(UIDS, uid);
}

long sys_setfsgid32(u32 gid)
{
	return do_setfsid(GIDS, gid);
}

/* --- supplementary groups ------------------------------------------------ */

/* Heapsort: 65536 groups sort in O(n log n) with no recursion, no memory. */
static void sift_down(u32 *a, u32 root, u32 n)
{
	for (;;) {
		u32 child = 2 * root + 1, t;

		if (child >= n)
			return;
		if (child + 1 < n && a[child + 1] > a[child])
			child++;
		if (a[root] >= a[child])
			return;
		t = a[root], a[root] = a[child], a[child] = t;
		root = child;
	}
}

static void sort_gids(u32 *a, u32 n)
{
	for (u32 i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (u32 end = n; end > 1; end--) {
		u32 t = a[0];

		a[0] = a[end - 1], a[end - 1] = t;
		sift_down(a, 0, end - 1);
	}
}

/*
 * getgroups: size 0 asks how many; a smaller list than the groups is
 * -EINVAL (a negative size too), as Linux.
 */
static long do_getgroups(int size, void __user *list, bool wide)
{
	const struct group_info *g = task_cred(current)->groups;
	u32 count = g ? g->count : 0;

	if (size < 0)
		return -EINVAL;
	if (size == 0)
		return count;
	if ((u32)size < count)
		return -EINVAL;
	for (u32 i = 0; i < count; i++) {
		int rc;

		if (wide) {
			rc = copy_to_user((u32 __user *)list + i, &g->gid[i], sizeof(u32));
		} else {
			u16 v = g->gid[i] > 0xffff ? OVERFLOW_ID : (u16)g->gid[i];

			rc = copy_to_user((u16 __user *)list + i, &v, sizeof(u16));
		}
		if (rc)
			return -EFAULT;
	}
	return count;
}

/*
 * setgroups: Linux's order: the privilege (-EPERM), the size (-EINVAL
 * above NGROUPS_MAX or negative), the copy (-EFAULT), each id ((gid_t)-1
 * is -EINVAL); the new list replaces the old whole or not at all.
 */
static long do_setgroups(int size, const void __user *list, bool wide)
{
	struct cred *c = task_cred(current);
	struct group_info *g = NULL;

	if (!capable(CAP_SETGID))
		return -EPERM;
	if ((u32)size > NGROUPS_MAX)
		return -EINVAL;
	if (size > 0) {
		g = kmalloc(sizeof(*g) + (u32)size * sizeof(u32));
		if (!g)
			return -ENOMEM;
		g->refs = 1;
		g->count = (u32)size;
		for (u32 i = 0; i < g->count; i++) {
			int rc;

			if (wide) {
				rc = copy_from_user(&g->gid[i], (const u32 __user *)list + i, sizeof(u32));
			} else {
				u16 v;

				rc = copy_from_user(&v, (const u16 __user *)list + i, sizeof(u16));
				g->gid[i] = v == 0xffff ? CRED_NO_ID : v;
			}
			if (rc || g->gid[i] == CRED_NO_ID) {
				kfree(g);
				return rc ? -EFAULT : -EINVAL;
			}
		}
		sort_gids(g->gid, g->count);
	}
	groups_put(c->groups);
	c->groups = g;
	return 0;
}

long sys_getgroups32(int size, u32 __user *list)
{
	return do_getgroups(size, list, true);
}

long sys_setgroups32(int size, const u32 __user *list)
{
	return do_setgroups(size, list, true);
}

/* --- the 16-bit calls (Linux's kernel/uid16.c) ---------------------------- */

static u32 low2high(u32 id)
{
	id &= 0xffff;
	return id == 0xffff ? CRED_NO_ID : id;
}

static long high2low(u32 id)
{
	return id > 0xffff ? OVERFLOW_ID : (long)id;
}

long sys_getuid(void)
{
	return high2low(task_cred(current)->uid);
}

long sys_geteuid(void)
{
	return high2low(task_cred(current)->euid);
}

long sys_getgid(void)
{
	return high2low(task_cred(current)->gid);
}

long sys_getegid(void)
{
	return high2low(task_cred(current)->egid);
}

long sys_setuid16(u32 uid)
{
	return do_setid(UIDS, low2high(uid));
}

long sys_setgid16(u32 gid)
{
	return do_setid(GIDS, low2high(gid));
}

long sys_setreuid16(u32 ruid, u32 euid)
{
	return do_setreid(UIDS, low2high(ruid), low2high(euid));
}

long sys_setregid16(u32 rgid, u32 egid)
{
	return do_setreid(GIDS, low2high(rgid), low2high(egid));
}

long sys_setresuid16(u32 r, u32 e, u32 s)
{
	return do_setresid(UIDS, low2high(r), low2high(e), low2high(s));
}

long sys_setresgid16(u32 r, u32 e, u32 s)
{
	return do_setresid(GIDS, low2high(r), low2high(e), low2high(s));
}

long sys_getresuid16(u16 __user *r, u16 __user *e, u16 __user *s)
{
	return do_getresid(UIDS, r, e, s, false);
}

long sys_getresgid16(u16 __user *r, u16 __user *e, u16 __user *s)
{
	return do_getresid(GIDS, r, e, s, false);
}

/* Linux's setfsuid16 gives the old id back whole (no high2low). */
long sys_setfsuid16(u32 uid)
{
	return do_setfsid(UIDS, low2high(uid));
}

long sys_setfsgid16(u32 gid)
{
	return do_setfsid(GIDS, low2high(gid));
}

long sys_getgroups16(int size, u16 __user *list)
{
	return do_getgroups(size, list, false);
}

long sys_setgroups16(int size, const u16 __user *list)
{
	return do_setgroups(size, list, false);
}
