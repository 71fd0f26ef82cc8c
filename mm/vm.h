/*
 * A user address space: one page directory (arch/i386/paging.h) and the user
 * pages it maps, each a page from the physical allocator.  Destroying it
 * frees every page and page table, so an exiting task returns all of its
 * memory.
 *
 * Layout (as Linux i386):
 *   0x00000000  page 0 never mapped: NULL faults
 *   0x08048000  program (ELF PT_LOAD segments), then the break (brk) heap
 *   ...         mmap's mappings, top-down from VM_MMAP_TOP (0xB8000000,
 *               mm/mmap.h); the break may not grow into one
 *   ...
 *   VM_VDSO_BASE  the vDSO's data page, then its image (arch/i386/vdso.c)
 *   ...
 *   VM_STACK_TOP - VM_STACK_SIZE .. VM_STACK_TOP   the user stack
 *   0xC0000000  USER_TOP: the kernel, supervisor-only
 */
#ifndef TICK386_KERNEL_VM_H
#define TICK386_KERNEL_VM_H

#include "arch/i386/memlayout.h"
#include "arch/i386/paging.h"
#include "lib/types.h"

#define VM_STACK_TOP 0xBFFFF000u
#define VM_STACK_PAGES 16u /* 64 KiB mapped up front */
#define VM_STACK_SIZE (VM_STACK_PAGES * PAGE_SIZE)
#define VM_STACK_LOW (VM_STACK_TOP - VM_STACK_SIZE)
/* The stack grows on demand (page faults just below it) up to 8 MiB, as
 * Linux's default RLIMIT_STACK. */
#define VM_STACK_MAX (8u << 20)
#define VM_STACK_LIMIT (VM_STACK_TOP - VM_STACK_MAX)
/* The break may grow up to this gap below the largest stack. */
#define VM_BRK_LIMIT (VM_STACK_LIMIT - 0x100000u)
/* The vDSO lives in that gap, above a guard page: nothing else maps there
 * (programs load below the break's limit, elf.c; the stack stays above
 * its own).  Its data page is at VM_VDSO_BASE (0xBF700000), its image,
 * AT_SYSINFO_EHDR, one page higher. */
#define VM_VDSO_BASE (VM_BRK_LIMIT + PAGE_SIZE)
#define VM_VDSO_PAGES 4u /* the data page and at most three of image */

/* Access wanted of a user page. */
#define VM_READ 0x1u
#define VM_WRITE 0x2u

struct vma;

/*
 * Locking: the owner process's system calls and faults change it (its
 * threads share it); on one CPU the kernel is not preempted while it does.
 * With several CPUs every field would be guarded by a per-vm lock (Linux's
 * mmap_lock), a fault taking it for reading.  A struct vm with mappings
 * must not move (each VMA points back at it, mm/mmap.h): exec moves only
 * a new one without any, and destroys the one it moved out at once.
 */
struct vm {
	u32 pd_phys;   /* page directory, 0 before vm_init */
	u32 brk_start; /* first byte of the heap (page aligned, after bss) */
	u32 brk;       /* current break (any byte address >= brk_start) */
	u32 pages;     /* user pages mapped (not counting page tables) */
	u32 stack_low; /* lowest mapped page of the stack (0: no stack) */
	struct vma *vmas; /* mmap's mappings, by address (mm/mmap.h); owned */
	u32 vma_count;	  /* how many */
	bool lock_future; /* mlockall(MCL_FUTURE): mmap populates (mm/mmap_advise.c) */
};

int vm_init(struct vm *vm);	/* 0 or -ENOMEM */
void vm_destroy(struct vm *vm); /* frees every page; vm may be re-initialised */
/* dst becomes a copy of src (fork): 0, or -ENOMEM with dst destroyed. */
int vm_clone(struct vm *dst, const struct vm *src);

/* Map a zeroed page at va (page aligned, < USER_TOP); -EEXIST, -ENOMEM, -EINVAL. */
int vm_map_zero(struct vm *vm, u32 va, u32 access);
/* Map zeroed pages over [start, end), keeping pages already mapped (adding
 * VM_WRITE to them when asked).  On -ENOMEM the pages mapped so far stay. */
int vm_map_range(struct vm *vm, u32 start, u32 end, u32 access);
/*
 * Map the physical page at phys, which the address space does not own (the
 * vDSO's), at va, read-only for user mode: vm_clone maps the same page,
 * vm_unmap and vm_destroy leave it to its owner, and it is not counted in
 * `pages`.  0, -EEXIST, -ENOMEM, -EINVAL.
 */
int vm_map_shared(struct vm *vm, u32 va, u32 phys);
/* Unmap the page at va and free it (a shared one is only unmapped); false
 * if nothing was mapped. */
bool vm_unmap(struct vm *vm, u32 va);
/* Unmap every page of [start, end). */
void vm_unmap_range(struct vm *vm, u32 start, u32 end);
/* Whether any page of [start, end) is present (mapped, whatever its rights). */
bool vm_any_present(const struct vm *vm, u32 start, u32 end);
/* mprotect: every present page of [start, end) gets the rights `bits`
 * (PTE_PRESENT, PTE_USER, PTE_WRITE), keeping its frame and PTE_SHARED. */
void vm_protect_range(struct vm *vm, u32 start, u32 end, u32 bits);

/* Physical address of the page at va, 0 if unmapped; *access gets its rights. */
u32 vm_lookup(const struct vm *vm, u32 va, u32 *access);

/*
 * Whether every byte of [va, va + n) is user space and mapped with `access`
 * (VM_READ, or VM_WRITE for a write).  n == 0 is always fine.  A range that
 * wraps around or crosses USER_TOP is not.  A page of a mapping not yet
 * touched is faulted in first (mmap_populate): the kernel's copies never
 * fault, they check.
 */
bool vm_range_ok(struct vm *vm, u32 va, size_t n, u32 access);

/*
 * The common case of a system call's copy, a range inside one page of user
 * space (a timespec, an itimerspec, a sigevent): the kernel address (in
 * the direct map) of va, or NULL when the page is not present, not user or
 * (VM_WRITE) not writable; NULL too when the range is not that case (n =
 * 0, past the page's end, outside user space), for vm_copy_in/out to
 * decide.  One walk of the tables, inline: vm_range_ok and the copy's
 * vm_lookup walked them twice through paging_pte, 111 of clock_gettime's
 * 713 guest instructions (make profile-path PATH_NAME=clock_gettime).  The
 * rule is vm_lookup's: a PDE's only test is present (user PDEs are all
 * user and writable, paging_pte), the PTE says what is allowed.
 */
static inline void *vm_one_page(const struct vm *vm, u32 va, size_t n, u32 access)
{
	u32 want = PTE_PRESENT | PTE_USER | (access & VM_WRITE ? PTE_WRITE : 0);
	u32 pde, pte;

	if (n - 1 >= PAGE_SIZE - (va & (PAGE_SIZE - 1)) || va < USER_BASE || va >= USER_TOP ||
	    !vm->pd_phys)
		return NULL;
	pde = ((const u32 *)PHYS_TO_VIRT(vm->pd_phys))[PDE_INDEX(va)];
	if (!(pde & PTE_PRESENT))
		return NULL;
	pte = ((const u32 *)PHYS_TO_VIRT(pde & PTE_ADDR_MASK))[PTE_INDEX(va)];
	if ((pte & want) != want)
		return NULL;
	return (u8 *)PHYS_TO_VIRT(pte & PTE_ADDR_MASK) + (va & (PAGE_SIZE - 1));
}

/*
 * Copy between kernel memory and the user pages of vm through the direct
 * map (vm need not be the current address space).  Checked first with
 * vm_range_ok: 0 or -EFAULT, and nothing is copied on -EFAULT.
 */
int vm_copy_out(struct vm *vm, u32 va, const void *src, size_t n); /* to user */
int vm_copy_in(struct vm *vm, void *dst, u32 va, size_t n);  /* from user */

/* Map the initial stack: [VM_STACK_LOW, VM_STACK_TOP). */
int vm_stack_init(struct vm *vm);

/*
 * A user page fault at addr with the stack pointer at esp: if addr lies in
 * the stack's reserve (VM_STACK_LIMIT..stack_low) and not too far below esp
 * (64 KiB + 128 bytes, room for a large push or enter, as Linux allows),
 * map the stack down to it and return true: the instruction is retried.
 */
bool vm_grow_stack(struct vm *vm, u32 addr, u32 esp);

/* brk semantics of Linux: the new break, or the current one if refused. */
u32 vm_brk(struct vm *vm, u32 new_brk);

#endif
