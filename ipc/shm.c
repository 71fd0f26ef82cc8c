/*
 * System V shared memory: the segments' table and the four calls
 * (ipc/shm.h).  Linux's order of checks and errnos throughout
 * (ipc/shm.c's newseg, do_shmat, ksys_shmdt, ksys_shmctl).
 *
 * What differs: no huge pages (SHM_HUGETLB is -EINVAL, as Linux built
 * without CONFIG_HUGETLB_PAGE, whose hstate_sizelog finds no size), no
 * swap (shm_swp is 0), one IPC namespace, and shm_rmid_forced is 0
 * (Linux's default): a segment nobody removed outlives its creator.
 */
#include "ipc/shm.h"
#include "fs/proc.h"
#include "kernel/task/cred.h"
#include "kernel/task/rlimit.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/mmap.h"
#include "mm/pmm.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/mman.h>
#include <abi/syscall.h>

static struct ipc_ids shm_ids = IPC_IDS_INIT; /* [ids lock] */
static u32 shm_tot;			       /* [ids lock] pages of every segment */
/* [ids lock] the limits root may set (/proc/sys/kernel/shm*, Linux's
 * shm_ctlmax, shm_ctlall, shm_ctlmni); a change binds new segments only */
u32 shm_ctlmax = SHMMAX, shm_ctlall = SHMALL, shm_ctlmni = SHMMNI;

static s64 shm_now(void)
{
	return (s64)(clock_realtime_ns() / 1000000000ull);
}

static struct shm_segment *shm_of(struct kern_ipc_perm *p)
{
	return p ? container_of(p, struct shm_segment, perm) : NULL;
}

static u32 shm_pages(u32 size)
{
	return (u32)(((u64)size + PAGE_SIZE - 1) / PAGE_SIZE);
}

/* Off the table, the object's reference dropped, the segment freed. */
static void shm_destroy(struct shm_segment *seg)
{
	shm_tot -= shm_pages(seg->size);
	ipc_rmid(&shm_ids, &seg->perm);
	shmem_put(seg->obj);
	kfree(seg);
}

void shm_vma_open(struct shm_segment *seg)
{
	seg->atime = shm_now();
	seg->lpid = current->tgid;
	seg->nattch++;
}

void shm_vma_close(struct shm_segment *seg)
{
	seg->dtime = shm_now();
	seg->lpid = current->tgid;
	if (!--seg->nattch && (seg->perm.mode & SHM_DEST))
		shm_destroy(seg);
}

/* Linux's newseg: the size's bounds (-EINVAL), the total (-ENOSPC), the
 * memory (-ENOMEM: more pages than the machine has, as the overcommit
 * heuristic refuses), then a slot (-ENOSPC past SHMMNI). */
static long shm_create(int key, int flg, void *arg)
{
	u32 size = *(const u32 *)arg, pages = shm_pages(size);
	struct shm_segment *seg;
	long rc;

	if (size < SHMMIN || size > shm_ctlmax)
		return -EINVAL;
	if ((u64)pages * PAGE_SIZE > 0xffffffffull) /* Linux: numpages << PAGE_SHIFT wraps */
		return -ENOSPC;
	if (shm_tot + pages < shm_tot || shm_tot + pages > shm_ctlall)
		return -ENOSPC;
	if (flg & SHM_HUGETLB)
		return -EINVAL; /* no hugetlbfs: Linux without it refuses so */
	if (!(flg & SHM_NORESERVE) && pages > pmm_total_count())
		return -ENOMEM;
	seg = kzalloc(sizeof(*seg));
	if (!seg)
		return -ENOMEM;
	seg->obj = shmem_create(NULL);
	if (!seg->obj) {
		kfree(seg);
		return -ENOMEM;
	}
	rc = shmem_truncate(seg->obj, (u64)pages * PAGE_SIZE); /* a hole: no page yet */
	if (rc)
		goto fail;
	seg->perm.key = seg->name_key = key;
	seg->perm.mode = (u32)flg & 0777u;
	seg->size = size;
	seg->cpid = current->tgid;
	seg->ctime = shm_now();
	rc = ipc_addid(&shm_ids, &seg->perm, shm_ctlmni);
	if (rc)
		goto fail;
	shm_tot += pages;
	return seg->perm.id;
fail:
	shmem_put(seg->obj);
	kfree(seg);
	return rc;
}

/* An existing key asked with a larger size than its segment's: -EINVAL. */
static int shm_more_checks(struct kern_ipc_perm *p, void *arg)
{
	return shm_of(p)->size < *(const u32 *)arg ? -EINVAL : 0;
}

static const struct ipc_get_ops shm_get_ops = {shm_create, shm_more_checks};

long sys_shmget(int key, u32 size, int flg)
{
	return ipc_get(&shm_ids, key, flg, &shm_get_ops, &size);
}

long shm_attach(int shmid, u32 addr, int flg, u32 *raddr)
{
	struct vm *vm = &current->leader->vm;
	struct shm_segment *seg;
	u32 prot, access, len;
	bool fixed = addr != 0;
	long rc;

	if (shmid < 0)
		return -EINVAL;
	if (addr) {
		if (addr & (SHMLBA - 1)) {
			if (!(flg & SHM_RND))
				return -EINVAL;
			addr &= ~(u32)(SHMLBA - 1);
			if (!addr && (flg & SHM_REMAP))
				return -EINVAL;
		}
	} else if (flg & SHM_REMAP) {
		return -EINVAL;
	}
	prot = PROT_READ;
	access = 0444;
	if (!(flg & SHM_RDONLY)) {
		prot |= PROT_WRITE;
		access |= 0222;
	}
	if (flg & SHM_EXEC) {
		prot |= PROT_EXEC;
		access |= 0111;
	}
	seg = shm_of(ipc_find_id(&shm_ids, shmid));
	if (!seg)
		return -EINVAL;
	if (ipc_perms(&seg->perm, (int)access))
		return -EACCES;
	len = shm_pages(seg->size) * PAGE_SIZE;
	if (fixed && !(flg & SHM_REMAP)) {
		/* Linux refuses to map over a VMA unless SHM_REMAP; exec's
		 * regions (program, break, stack) are VMAs there */
		if (addr + len < addr)
			return -EINVAL;
		if (mmap_overlaps(vm, addr, addr + len) || vm_any_present(vm, addr, addr + len))
			return -EINVAL; /* (past user space: mmap_attach's -ENOMEM) */
	}
	rc = mmap_attach(vm, addr, len, prot, !(flg & SHM_RDONLY), seg->obj, seg);
	if ((u32)rc >= (u32)-MAX_ERRNO)
		return rc; /* an address above 2 GiB is a negative long */
	*raddr = (u32)rc;
	return 0;
}

long sys_shmat(int shmid, u32 addr, int flg)
{
	u32 raddr;
	long rc = shm_attach(shmid, addr, flg, &raddr);

	return rc ? rc : (long)raddr;
}

long sys_shmdt(u32 addr)
{
	return mmap_detach(&current->leader->vm, addr);
}

/* IPC_STAT, SHM_STAT, SHM_STAT_ANY: the segment's figures in buf. */
static long shm_stat(int shmid, int cmd, void __user *buf, int version)
{
	struct kern_ipc_perm *p;
	struct shm_segment *seg;
	struct abi_shmid64_ds ds;

	if (cmd == IPC_STAT)
		p = ipc_find_id(&shm_ids, shmid);
	else
		p = ipc_find_idx(&shm_ids, shmid);
	if (!p)
		return -EINVAL;
	if (cmd != SHM_STAT_ANY && ipc_perms(p, 0444))
		return -EACCES;
	seg = shm_of(p);
	memset(&ds, 0, sizeof(ds));
	ipc_fill_perm64(p, &ds.shm_perm);
	ds.shm_segsz = seg->size;
	ds.shm_atime = (u32)seg->atime;
	ds.shm_atime_high = (u32)((u64)seg->atime >> 32);
	ds.shm_dtime = (u32)seg->dtime;
	ds.shm_dtime_high = (u32)((u64)seg->dtime >> 32);
	ds.shm_ctime = (u32)seg->ctime;
	ds.shm_ctime_high = (u32)((u64)seg->ctime >> 32);
	ds.shm_cpid = seg->cpid;
	ds.shm_lpid = seg->lpid;
	ds.shm_nattch = seg->nattch;
	if (version == IPC_64) {
		if (copy_to_user(buf, &ds, sizeof(ds)))
			return -EFAULT;
	} else {
		struct abi_shmid_ds_old old;

		memset(&old, 0, sizeof(old));
		ipc_fill_perm_old(p, &old.shm_perm);
		old.shm_segsz = (int)ds.shm_segsz;
		old.shm_atime = (int)ds.shm_atime;
		old.shm_dtime = (int)ds.shm_dtime;
		old.shm_ctime = (int)ds.shm_ctime;
		old.shm_cpid = (unsigned short)ds.shm_cpid;
		old.shm_lpid = (unsigned short)ds.shm_lpid;
		old.shm_nattch = (unsigned short)ds.shm_nattch;
		if (copy_to_user(buf, &old, sizeof(old)))
			return -EFAULT;
	}
	return cmd == IPC_STAT ? 0 : p->id;
}

/* IPC_SET and IPC_RMID (Linux's shmctl_down): IPC_SET reads buf first
 * (-EFAULT), then the id (-EINVAL), then the caller's right (-EPERM). */
static long shm_down(int shmid, int cmd, void __user *buf, int version)
{
	struct kern_ipc_perm *p;
	struct shm_segment *seg;
	u32 uid = 0, gid = 0, mode = 0;
	int rc;

	if (cmd == IPC_SET) {
		if (version == IPC_64) {
			struct abi_shmid64_ds ds;

			if (copy_from_user(&ds, buf, sizeof(ds)))
				return -EFAULT;
			uid = ds.shm_perm.uid;
			gid = ds.shm_perm.gid;
			mode = ds.shm_perm.mode;
		} else {
			struct abi_shmid_ds_old old;

			if (copy_from_user(&old, buf, sizeof(old)))
				return -EFAULT;
			/* Linux's low2highuid: 16-bit -1 is -1 */
			uid = old.shm_perm.uid == 0xffff ? CRED_NO_ID : old.shm_perm.uid;
			gid = old.shm_perm.gid == 0xffff ? CRED_NO_ID : old.shm_perm.gid;
			mode = old.shm_perm.mode;
		}
	}
	p = ipc_find_id(&shm_ids, shmid);
	if (!p)
		return -EINVAL;
	rc = ipc_owner_check(p);
	if (rc)
		return rc;
	seg = shm_of(p);
	if (cmd == IPC_SET) {
		rc = ipc_set_perm(p, uid, gid, mode);
		if (!rc)
			seg->ctime = shm_now();
		return rc;
	}
	if (!seg->nattch) {
		shm_destroy(seg);
		return 0;
	}
	/* still attached: destroyed at the last detach; the key is free now */
	seg->perm.mode |= SHM_DEST;
	seg->perm.key = IPC_PRIVATE;
	return 0;
}

/*
 * SHM_LOCK, SHM_UNLOCK: only a flag here (there is no swap to keep the
 * pages from).  Linux's checks: without CAP_IPC_LOCK the caller must own
 * or have created the segment (-EPERM), and SHM_LOCK needs a nonzero
 * RLIMIT_MEMLOCK (-EPERM) that the segment fits (-ENOMEM; Linux sums
 * every segment the user locked, here the one alone).
 */
static long shm_lock(int shmid, int cmd)
{
	struct kern_ipc_perm *p = ipc_find_id(&shm_ids, shmid);
	struct shm_segment *seg = shm_of(p);
	const struct cred *c = task_cred(current);

	if (!p)
		return -EINVAL;
	if (!capable(CAP_IPC_LOCK)) {
		u64 limit = rlimit_cur(RLIMIT_MEMLOCK);

		if (c->euid != p->uid && c->euid != p->cuid)
			return -EPERM;
		if (cmd == SHM_LOCK && !limit)
			return -EPERM;
		if (cmd == SHM_LOCK && !(p->mode & SHM_LOCKED) &&
		    (u64)shm_pages(seg->size) * PAGE_SIZE > limit)
			return -ENOMEM;
	}
	if (cmd == SHM_LOCK)
		p->mode |= SHM_LOCKED;
	else
		p->mode &= ~(u32)SHM_LOCKED;
	return 0;
}

static long shm_info(int cmd, void __user *buf, int version)
{
	if (cmd == IPC_INFO) {
		struct abi_shminfo64 info;
		size_t n = sizeof(info);

		memset(&info, 0, sizeof(info));
		info.shmmax = shm_ctlmax;
		info.shmmin = SHMMIN;
		info.shmmni = shm_ctlmni;
		info.shmseg = shm_ctlmni; /* Linux's SHMSEG is shm_ctlmni too */
		info.shmall = shm_ctlall;
		if (version == IPC_OLD) {
			/* struct shminfo: five ints, shmmax capped at INT_MAX */
			if (info.shmmax > 0x7fffffffu)
				info.shmmax = 0x7fffffffu;
			n = 5 * sizeof(int);
		}
		if (copy_to_user(buf, &info, n))
			return -EFAULT;
	} else {
		struct abi_shm_info info;

		memset(&info, 0, sizeof(info));
		info.used_ids = (int)shm_ids.in_use;
		info.shm_tot = shm_tot;
		for (int i = 0; i <= shm_ids.max_idx; i++) {
			struct shm_segment *seg = shm_of(ipc_find_idx(&shm_ids, i));

			if (seg)
				info.shm_rss += seg->obj->pages;
		}
		if (copy_to_user(buf, &info, sizeof(info)))
			return -EFAULT;
	}
	return ipc_max_idx(&shm_ids);
}

long shm_ctl(int shmid, int cmd, void __user *buf, int version)
{
	if (cmd < 0 || shmid < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SHM_INFO:
		return shm_info(cmd, buf, version);
	case IPC_STAT:
	case SHM_STAT:
	case SHM_STAT_ANY:
		return shm_stat(shmid, cmd, buf, version);
	case IPC_SET:
	case IPC_RMID:
		return shm_down(shmid, cmd, buf, version);
	case SHM_LOCK:
	case SHM_UNLOCK:
		return shm_lock(shmid, cmd);
	default:
		return -EINVAL;
	}
}

/* shmctl (396): the direct call has no version: always IPC_64's layouts
 * (a cmd with IPC_64 in it is an unknown cmd, -EINVAL, as Linux). */
long sys_shmctl(int shmid, int cmd, void __user *buf)
{
	return shm_ctl(shmid, cmd, buf, IPC_64);
}

/*
 * /proc/sysvipc/shm: one line per segment, Linux's format of a 32-bit
 * kernel (sysvipc_shm_proc_show): key, id, mode, size, pids, nattch, the
 * four ids, the three times, the resident and swapped bytes.
 */
void shm_proc_show(struct proc_text *out)
{
	proc_printf(out, "       key      shmid perms       size  cpid  lpid nattch   uid   gid  "
			 "cuid  cgid      atime      dtime      ctime        rss       swap\n");
	for (int i = 0; i <= shm_ids.max_idx; i++) {
		struct shm_segment *seg = shm_of(ipc_find_idx(&shm_ids, i));

		if (!seg)
			continue;
		proc_printf(out,
			    "%10d %10d  %4o %10u %5d %5d  %5u %5u %5u %5u %5u %10lld %10lld %10lld "
			    "%10u %10u\n",
			    seg->perm.key, seg->perm.id, seg->perm.mode, seg->size, seg->cpid,
			    seg->lpid, seg->nattch, seg->perm.uid, seg->perm.gid, seg->perm.cuid,
			    seg->perm.cgid, (long long)seg->atime, (long long)seg->dtime,
			    (long long)seg->ctime, seg->obj->pages * PAGE_SIZE, 0u);
	}
}
