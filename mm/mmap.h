/*
 * Memory mappings of a user address space (mmap, munmap, mprotect, ...):
 * Linux's VMAs, reduced to what tick386 needs.
 *
 * A struct vma is one mapping made by mmap: a page-aligned range
 * [start, end) with one protection, private or shared, backed by nothing
 * (private anonymous: the address space owns its pages) or by a shmem
 * object (mm/shmem.h: a MAP_SHARED anonymous region, or a tmpfs file).
 * Its pages are mapped lazily: the first touch faults (mmap_fault), and
 * the fault maps the page.  The regions exec makes (program, break,
 * stack, vDSO) have no VMA: they are mapped up front and the page tables
 * are their record (mm/vm.c); munmap, mprotect and MAP_FIXED treat their
 * present pages as mapped memory, as Linux does its VMAs.
 *
 * Invariants (mmap_check tests them):
 *   - vm->vmas is sorted by start, the ranges do not overlap, start < end,
 *     both page aligned, end <= VM_MMAP_LIMIT... below USER_TOP;
 *   - a page of a VMA is mapped only with the rights of its prot: PROT_NONE
 *     pages stay present but supervisor-only (their bytes kept for a later
 *     mprotect), others user, writable iff PROT_WRITE;
 *   - a present page of a shared VMA is its object's page (PTE_SHARED), of
 *     a private one the address space's own (counted in vm->pages);
 *   - a VMA with an object holds one reference on it and is on the
 *     object's list of mappings (shmem->mappings, linked by obj_next), so
 *     that shmem_truncate can unmap the pages it frees;
 *   - a VMA of a System V segment (sysv) is shared, maps the segment's
 *     object and is counted once in its nattch: every VMA made with sysv
 *     set (shmat, fork, a split, mremap) calls shm_vma_open, every one
 *     freed shm_vma_close after its object reference went (ipc/shm.h).
 *
 * Ownership: the vm owns its VMAs (kmalloc), freed by munmap or by
 * vm_destroy (exit, exec, a failed fork); fork copies them (mmap_clone).
 *
 * Locking: system calls change the list and the page tables, never an
 * interrupt; on one CPU the kernel is not preempted while it walks them.
 * With several CPUs, the list and the PTEs of a vm would be guarded by a
 * per-vm lock (Linux's mmap_lock: read for a fault, write for mmap,
 * munmap, mprotect), and shmem->mappings and every obj_next by the
 * object's lock (Linux's i_mmap_rwsem), taken inside the vm's.
 */
#ifndef TICK386_MM_MMAP_H
#define TICK386_MM_MMAP_H

#include "lib/types.h"
#include "mm/uaccess.h"

struct vm;
struct shmem;
struct file;
struct shm_segment;

/* Top-down placement of mmap without an address (Linux i386's layout):
 * the first mapping ends here, 128 MiB below user space's top, far from
 * the stack's 8 MiB reserve and the vDSO just below it (mm/vm.h). */
#define VM_MMAP_TOP 0xB8000000u

#define VMA_SHARED 0x1u	  /* MAP_SHARED: writes reach the object */
#define VMA_MAYWRITE 0x2u /* PROT_WRITE allowed (not a read-only file) */
#define VMA_ANON 0x4u	  /* shared anonymous: the object is the mapping's own */

struct vma {
	struct vma *next;     /* the vm's list, by address [vm] */
	u32 start, end;	      /* page aligned [vm] */
	u32 prot;	      /* PROT_READ | PROT_WRITE | PROT_EXEC, or 0 [vm] */
	u32 flags;	      /* VMA_* [vm] */
	struct shmem *obj;    /* a reference, or NULL: private anonymous [vm] */
	u32 pgoff;	      /* page of obj mapped at start [vm] */
	struct vm *vm;	      /* the owner, for shmem_unmap_pages [vm] */
	struct vma *obj_next; /* obj->mappings [object] */
	struct shm_segment *sysv; /* the System V segment it attaches, or NULL [vm] */
};

/* Whether any VMA overlaps [start, end) (brk and the stack may not grow
 * into one). */
bool mmap_overlaps(const struct vm *vm, u32 start, u32 end);

/* The VMA holding va, or NULL. */
struct vma *mmap_find(const struct vm *vm, u32 va);

/* vm_destroy: every VMA dropped (references, lists); the pages are the
 * caller's to free.  vm_clone: dst gets a copy of src's list, -ENOMEM. */
void mmap_destroy(struct vm *vm);
int mmap_clone(struct vm *dst, const struct vm *src);

/*
 * A page fault of user mode at addr (write: a store).  Returns false when
 * no VMA holds addr (the caller goes on: stack growth, SIGSEGV MAPERR).
 * Otherwise true and *signo = 0 when the page is now mapped (retry), or
 * the signal to send: SIGSEGV/SEGV_ACCERR (prot forbids it), SIGBUS/
 * BUS_ADRERR (past the end of the file), SIGKILL (out of memory: the OOM
 * kill, as Linux).
 */
bool mmap_fault(struct vm *vm, u32 addr, bool write, int *signo, int *code);

/*
 * For the kernel's copies: map every page of [va, va + n) that a VMA
 * allows for access (VM_READ / VM_WRITE) and is not yet mapped.  False if
 * some page cannot be (no VMA, prot, past the end, no memory): the copy is
 * -EFAULT.
 */
bool mmap_populate(struct vm *vm, u32 va, size_t n, u32 access);

/*
 * The key of a futex word at uaddr (Linux's get_futex_key): for a shared
 * futex in a shared mapping, its object and the byte offset in it (one
 * more reference on the object, for the caller to shmem_put); false
 * otherwise (the key is the process and the address).
 */
bool mmap_futex_key(struct vm *vm, u32 uaddr, struct shmem **obj, u64 *offset);
/* Whether uaddr is in a read-only private anonymous mapping, where Linux's
 * get_futex_key refuses a shared futex (-EFAULT: such a page never changes). */
bool mmap_futex_ro_anon(struct vm *vm, u32 uaddr);

/* tmpfs's object of a regular file (fs/tmpfs.h), NULL for any other file. */
struct shmem *tmpfs_shmem(struct file *f);

/* Self-check of the invariants above: 0, or -EUCLEAN with a console line. */
int mmap_check(const struct vm *vm);

/* The calls on an address space given (the system calls pass the
 * caller's; the in-kernel tests their own): mmap (fd: the caller's table),
 * munmap, mprotect, with the system calls' results. */
long mmap_map(struct vm *vm, u32 addr, u32 len, u32 prot, u32 flags, int fd, u32 pgoff);
long mmap_unmap(struct vm *vm, u32 addr, u32 len);
long mmap_protect(struct vm *vm, u32 addr, u32 len, u32 prot);

/*
 * shmat's mapping (ipc/shm.c): obj shared from its page 0, len bytes (page
 * aligned), readable, writable if write, executable if prot says; at
 * addr replacing what is there (the caller checked for SHM_REMAP), or
 * placed as mmap without an address when addr is 0.  The address, or
 * -ENOMEM (no room, no memory, past the top), -EPERM (below USER_BASE).
 */
long mmap_attach(struct vm *vm, u32 addr, u32 len, u32 prot, bool write, struct shmem *obj,
		 struct shm_segment *seg);
/*
 * shmdt (Linux's ksys_shmdt): the first segment VMA at or after addr
 * whose page offset is its distance from addr is unmapped, and after it
 * every VMA of the same segment so placed that ends within the segment's
 * size from addr (the pieces munmap or mprotect cut).  0, or -EINVAL
 * (addr unaligned, no such VMA).
 */
long mmap_detach(struct vm *vm, u32 addr);

long sys_old_mmap(const u32 __user *args);
long sys_mmap2(u32 addr, u32 len, u32 prot, u32 flags, int fd, u32 pgoff);
long sys_munmap(u32 addr, u32 len);
long sys_mprotect(u32 addr, u32 len, u32 prot);
long sys_mremap(u32 old, u32 old_len, u32 new_len, u32 flags, u32 new_addr);
long sys_madvise(u32 addr, u32 len, int advice);
long sys_msync(u32 addr, u32 len, int flags);
long sys_mincore(u32 addr, u32 len, u8 __user *vec);
long sys_mlock(u32 addr, u32 len);
long sys_munlock(u32 addr, u32 len);
long sys_mlockall(int flags);
long sys_munlockall(void);

#endif
