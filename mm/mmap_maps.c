/*
 * /proc/PID/maps in Linux's format (fs/proc/task_mmu.c show_map_vma):
 *   start-end perms offset dev inode name
 * one line per VMA, and one per run of present pages of the regions exec
 * made (which have no VMA: mm/mmap.h), named as Linux names them: [heap]
 * for the break, [vvar] and [vdso], [stack].  perms: a VMA's prot, or for
 * exec's pages what they allow (x follows r: no NX), then s (shared) or p.  A file's
 * device and inode are not known here (fs/tmpfs holds them): 00:00 0.
 * A System V segment's attach is "/SYSVkkkkkkkk (deleted)", as Linux
 * names the segment's unlinked shm file by its key.
 */
#include "fs/proc.h"
#include "ipc/shm.h"
#include "lib/vsnprintf.h"
#include "kernel/task/task.h"
#include "mm/mmap.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/mman.h>

static void line(struct proc_text *out, u32 start, u32 end, u32 prot, bool s, u64 off,
		 const char *name)
{
	proc_printf(out, "%08x-%08x %c%c%c%c %08llx 00:00 0%s%s\n", start, end,
		    prot & PROT_READ ? 'r' : '-', prot & PROT_WRITE ? 'w' : '-',
		    prot & PROT_EXEC ? 'x' : '-', s ? 's' : 'p', (unsigned long long)off,
		    *name ? "          " : "", name);
}

/* The rights of a page of exec's regions: what it may do (x86 without NX
 * runs whatever it may read). */
static u32 pte_prot(u32 bits)
{
	if (!(bits & PTE_USER))
		return 0;
	return PROT_READ | PROT_EXEC | (bits & PTE_WRITE ? PROT_WRITE : 0);
}

/* The name of a page of exec's regions at va. */
static const char *region_name(const struct vm *vm, u32 va)
{
	if (va >= VM_VDSO_BASE && va < VM_VDSO_BASE + PAGE_SIZE)
		return "[vvar]";
	if (va >= VM_VDSO_BASE && va < VM_VDSO_BASE + VM_VDSO_PAGES * PAGE_SIZE)
		return "[vdso]";
	if (va >= VM_STACK_LIMIT)
		return "[stack]";
	if (va >= vm->brk_start && va < vm->brk_start + (vm->brk - vm->brk_start + PAGE_SIZE - 1))
		return "[heap]";
	return "";
}

/* The present pages of [from, to) outside VMAs: runs of one name and rights. */
static void regions(struct proc_text *out, const struct vm *vm, u32 from, u32 to)
{
	u32 run = 0, run_bits = 0;
	const char *run_name = "";

	for (u32 va = from, next; va < to; va = next) {
		u32 *pte = paging_pte(vm->pd_phys, va, false), bits = 0;
		const char *name = region_name(vm, va);

		next = va + PAGE_SIZE;
		if (!pte) { /* no page table: skip the rest of its 4 MiB */
			next = (va | 0x3FFFFFu) + 1;
			if (next > to || next == 0)
				next = to;
		} else if (*pte & PTE_PRESENT) {
			bits = *pte & (PTE_PRESENT | PTE_USER | PTE_WRITE);
		}
		if (run && (bits != run_bits || name != run_name)) {
			line(out, run, va, pte_prot(run_bits), false, 0, run_name);
			run = 0;
		}
		if (bits && !run) {
			run = va;
			run_bits = bits;
			run_name = name;
		}
	}
	if (run)
		line(out, run, to, pte_prot(run_bits), false, 0, run_name);
}

void proc_pid_maps(struct proc_text *out, struct task *t)
{
	const struct vm *vm = &t->leader->vm;
	u32 at = USER_BASE;

	if (t->leader->nr_threads <= 0 || !vm->pd_phys)
		return;
	for (const struct vma *v = vm->vmas;; v = v->next) {
		regions(out, vm, at, v ? v->start : USER_TOP);
		if (!v)
			break;
		char sysv[32];
		const char *name = (v->flags & VMA_ANON) ? "/dev/zero (deleted)" : "";

		if (v->sysv) { /* Linux's shm file: named by the key it was made with */
			snprintf(sysv, sizeof(sysv), "/SYSV%08x (deleted)", (u32)v->sysv->name_key);
			name = sysv;
		}
		line(out, v->start, v->end, v->prot, v->flags & VMA_SHARED,
		     (u64)v->pgoff * PAGE_SIZE, name);
		at = v->end;
	}
}
