/*
 * System V shared memory (Linux's ipc/shm.c): shmget, shmat, shmdt,
 * shmctl, on the id layer of ipc/sysv_ids.h.
 *
 * A segment's bytes are a shmem object (mm/shmem.h), the same page store
 * as a tmpfs file or a MAP_SHARED anonymous region, sized to whole pages
 * at shmget and filled lazily by faults.  shmat maps it with a shared VMA
 * (mm/mmap.h's mmap_attach) that holds a reference on the object and names
 * the segment in vma->sysv; those VMAs are the attaches.
 *
 * Lifetime.  The segment holds one reference on its object while it
 * exists.  nattch counts the VMAs that name it: mm/mmap calls
 * shm_vma_open for each new one (shmat, fork's copy, a split by munmap or
 * mprotect, mremap's move) and shm_vma_close for each one freed (shmdt,
 * munmap, exec, exit), as Linux's shm_open/shm_close on vm_ops.  The
 * segment is destroyed (off the table, its reference dropped, freed) when
 * IPC_RMID finds nattch 0, or by the shm_vma_close that brings nattch to
 * 0 after IPC_RMID (SHM_DEST).  Its pages go when the last reference does:
 * the VMAs' references are dropped before their close.
 *
 * Locking: the table's lock ([ids lock], ipc/sysv_ids.h) guards shm_ids,
 * shm_tot and the destroy; each segment's own fields are [object lock].
 * shm_vma_close takes both (a destroy changes the table), so mm/mmap calls
 * it with no shmem or vm lock of an object held (after shmem_put).
 */
#ifndef TICK386_IPC_SHM_H
#define TICK386_IPC_SHM_H

#include "ipc/sysv_ids.h"
#include "lib/types.h"
#include "mm/uaccess.h"

/* Linux 6.13's defaults (include/uapi/linux/shm.h) on a 32-bit kernel. */
#define SHMMIN 1u
#define SHMMNI 4096u
#define SHMMAX 0xfeffffffu /* ULONG_MAX - 2^24 */
#define SHMALL 0xfeffffffu /* pages, the same figure */
#define SHMSEG SHMMNI

struct shmem;

struct shm_segment {
	struct kern_ipc_perm perm; /* key, owner, mode (SHM_DEST, SHM_LOCKED) */
	int name_key;		   /* the key at shmget: /proc/PID/maps's name [fixed] */
	struct shmem *obj;	   /* the pages: one reference [fixed] */
	u32 size;		   /* shm_segsz: the bytes asked for [fixed] */
	u32 nattch;		   /* VMAs naming it [object lock] */
	s64 atime, dtime, ctime;   /* seconds of the real-time clock [object lock] */
	int cpid, lpid;		   /* creator; last shmat/shmdt (tgids) [object lock] */
};

/* [ids lock] /proc/sys/kernel/shmmax, shmall (pages), shmmni: Linux's
 * defaults above; fs/proc_sys_kernel.c lets root change them. */
extern u32 shm_ctlmax, shm_ctlall, shm_ctlmni;
/* /proc/sysvipc/shm's text (fs/proc_sysvipc.c). */
struct proc_text;
void shm_proc_show(struct proc_text *out);

/* mm/mmap's calls for each VMA that starts or stops naming seg (above). */
void shm_vma_open(struct shm_segment *seg);
void shm_vma_close(struct shm_segment *seg);

/* shmat's work, the address in *raddr (ipc(2) stores it for the caller). */
long shm_attach(int shmid, u32 addr, int flg, u32 *raddr);
/* shmctl's work, buf in the layout of version (IPC_64 or IPC_OLD). */
long shm_ctl(int shmid, int cmd, void __user *buf, int version);

long sys_shmget(int key, u32 size, int flg);
long sys_shmat(int shmid, u32 addr, int flg);
long sys_shmdt(u32 addr);
long sys_shmctl(int shmid, int cmd, void __user *buf);

#endif
