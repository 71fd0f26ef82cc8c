/*
 * Core dumps: Linux's do_coredump and its ELF writer (binfmt_elf's
 * elf_core_dump), for i386, written from the ELF and Linux core formats.
 *
 * A process ending on a signal whose default action is to dump core
 * (kernel/signal/signal.c SIGNAL_DEFAULT_CORE) gets a file when its
 * RLIMIT_CORE soft limit is at least a page (Linux's min_coredump for
 * ELF) and /proc/sys/kernel/core_pattern does not start with '|' (a pipe
 * to a helper, which tick386 does not run: no dump).  The pattern gives
 * the name: %p the pid, %% a '%', other %x dropped (tick386 has none of
 * Linux's other specifiers); a name without '/' is relative to the dying
 * process's working directory, as every relative one.  The file is made
 * 0600 as the process's fsuid (tmpfs_create); an existing name is reused
 * only when it is a regular tmpfs file with one link, owned by the fsuid
 * and writable by it, truncated first (Linux's checks after its open
 * without O_EXCL); anything else, no dump.
 *
 * The file: the ELF header (ET_CORE, EM_386), one PT_NOTE and one PT_LOAD
 * per run of user pages present with the same rights, the notes
 * (NT_PRSTATUS: the signal, the ids, the times and the 17 registers of
 * the trap frame; NT_PRPSINFO: state, name), then, from the next page
 * boundary, each run's bytes.  A page not present (never faulted, or
 * PROT_NONE) is in no segment.  Only the dying thread's registers are
 * written (Linux has one NT_PRSTATUS per thread).  Every byte counts
 * against RLIMIT_CORE: a chunk that would pass it is not written and the
 * dump stops, the file staying as it is and the dump counted as failed,
 * as Linux's dump_emit.  Failure leaves what was written; nothing else is
 * held.
 */
#include "fs/coredump.h"
#include "arch/i386/memlayout.h"
#include "arch/i386/paging.h"
#include "arch/i386/trap.h"
#include "fs/fs.h"
#include "fs/namei.h"
#include "fs/perm.h"
#include "fs/tmpfs.h"
#include "kernel/task/elf.h"
#include "kernel/task/rlimit.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/shmem.h"
#include "mm/vm.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/resource.h>
#include <abi/stat.h>

#define PAGE_MASK (PAGE_SIZE - 1)
#define PDE_SPAN  0x400000u
#define CORE_NAME_MAX 128 /* Linux's CORENAME_MAX_SIZE */

#define NT_PRSTATUS 1
#define NT_PRPSINFO 3

struct elf32_note {
	u32 namesz, descsz, type;
	char name[8]; /* "CORE", padded to 4 */
};

/* struct elf_prstatus of Linux i386: 144 bytes. */
struct prstatus {
	s32 si_signo, si_code, si_errno; /* pr_info */
	s16 cursig;
	u16 pad;
	u32 sigpend, sighold;
	s32 pid, ppid, pgrp, sid;
	s32 utime[2], stime[2], cutime[2], cstime[2]; /* timeval */
	u32 reg[17]; /* user_regs_struct */
	s32 fpvalid;
};

/* struct elf_prpsinfo of Linux i386 (16-bit uid and gid): 124 bytes. */
struct prpsinfo {
	char state, sname, zomb, nice;
	u32 flag;
	u16 uid, gid;
	s32 pid, ppid, pgrp, sid;
	char fname[16];
	char psargs[80];
};

_Static_assert(sizeof(struct prstatus) == 144, "elf_prstatus");
_Static_assert(sizeof(struct prpsinfo) == 124, "elf_prpsinfo");

struct notes {
	struct elf32_note h1;
	struct prstatus status;
	struct elf32_note h2;
	struct prpsinfo info;
};

struct dump {
	struct shmem *shm;
	u64 pos, limit;
};

/* Linux's dump_emit: the whole chunk at pos, or false (the limit, ENOSPC). */
static bool emit(struct dump *d, const void *src, u32 n)
{
	if (d->pos + n > d->limit)
		return false;
	if (n && shmem_write_kernel(d->shm, d->pos, src, n) != (long)n)
		return false;
	d->pos += n;
	return true;
}

/*
 * The next run of present user pages at or after *va with the same rights:
 * true with [*start, *end) and *write, *va moved past it.
 */
static bool next_run(const struct vm *vm, u32 *va, u32 *start, u32 *end, bool *write)
{
	u32 a = *va, access;

	while (a >= USER_BASE && a < USER_TOP) {
		if (!paging_pte(vm->pd_phys, a, false)) { /* no table: skip it */
			a = (a & ~(PDE_SPAN - 1)) + PDE_SPAN;
			continue;
		}
		if (!vm_lookup(vm, a, &access)) {
			a += PAGE_SIZE;
			continue;
		}
		*start = a;
		*write = access & VM_WRITE;
		for (a += PAGE_SIZE; a < USER_TOP && vm_lookup(vm, a, &access) &&
				     (bool)(access & VM_WRITE) == *write;
		     a += PAGE_SIZE)
			;
		*end = a;
		*va = a;
		return true;
	}
	*va = USER_TOP;
	return false;
}

static u32 count_runs(const struct vm *vm)
{
	u32 va = USER_BASE, s, e, n = 0;
	bool w;

	while (next_run(vm, &va, &s, &e, &w))
		n++;
	return n;
}

static void timeval_of(s32 tv[2], u64 ns)
{
	tv[0] = (s32)(ns / 1000000000u);
	tv[1] = (s32)(ns % 1000000000u / 1000u);
}

static void fill_notes(struct notes *nt, struct task *t, int signo, const struct trap_frame *tf)
{
	struct task *leader = t->leader;
	struct prstatus *st = &nt->status;
	struct prpsinfo *ps = &nt->info;
	u64 cpu, user;

	memset(nt, 0, sizeof(*nt));
	nt->h1 = (struct elf32_note){5, sizeof(*st), NT_PRSTATUS, "CORE"};
	nt->h2 = (struct elf32_note){5, sizeof(*ps), NT_PRPSINFO, "CORE"};
	st->si_signo = signo; /* si_code and si_errno 0, as Linux's fill_prstatus */
	st->cursig = (s16)signo;
	st->sighold = (u32)t->signal.blocked;
	st->pid = t->pid;
	st->ppid = leader->ppid;
	st->pgrp = leader->pgid;
	st->sid = leader->sid;
	cpu = task_cpu_ns_split(t, &user);
	timeval_of(st->utime, user);
	timeval_of(st->stime, cpu - user);
	timeval_of(st->cutime, leader->child_utime_ns);
	timeval_of(st->cstime, leader->child_cpu_ns - leader->child_utime_ns);
	/* user_regs_struct: ebx ecx edx esi edi ebp eax ds es fs gs orig_eax
	 * eip cs eflags esp ss */
	st->reg[0] = tf->ebx;
	st->reg[1] = tf->ecx;
	st->reg[2] = tf->edx;
	st->reg[3] = tf->esi;
	st->reg[4] = tf->edi;
	st->reg[5] = tf->ebp;
	st->reg[6] = tf->eax;
	st->reg[7] = tf->ds & 0xffff;
	st->reg[8] = tf->es & 0xffff;
	st->reg[9] = tf->fs & 0xffff;
	st->reg[10] = tf->gs & 0xffff;
	st->reg[11] = tf->vector == TRAP_SYSCALL ? tf->error_code : (u32)-1;
	st->reg[12] = tf->eip;
	st->reg[13] = tf->cs & 0xffff;
	st->reg[14] = tf->eflags;
	st->reg[15] = tf->user_esp;
	st->reg[16] = tf->user_ss & 0xffff;
	ps->state = 0; /* running, as Linux's "R" */
	ps->sname = 'R';
	ps->uid = (u16)leader->cred.uid;
	ps->gid = (u16)leader->cred.gid;
	ps->pid = t->pid;
	ps->ppid = leader->ppid;
	ps->pgrp = leader->pgid;
	ps->sid = leader->sid;
	memcpy(ps->fname, t->name, sizeof(ps->fname) - 1);
	memcpy(ps->psargs, t->name, sizeof(ps->fname) - 1);
}

/* The name from the pattern (kmalloc'ed), or NULL: a pipe, or no memory. */
static char *core_name(const char *pat, int pid)
{
	char *out = kmalloc(CORE_NAME_MAX);
	u32 o = 0;

	if (!out || pat[0] == '|' || pat[0] == '\0') {
		kfree(out);
		return NULL;
	}
	for (; *pat && o < CORE_NAME_MAX - 12; pat++) {
		if (*pat != '%') {
			out[o++] = *pat;
			continue;
		}
		if (!*++pat)
			break;
		if (*pat == '%') {
			out[o++] = '%';
		} else if (*pat == 'p') {
			char digits[12];
			int n = 0;
			u32 v = (u32)pid;

			do
				digits[n++] = (char)('0' + v % 10);
			while ((v /= 10) != 0);
			while (n)
				out[o++] = digits[--n];
		}
	}
	out[o] = '\0';
	return out;
}

/* The file to dump into, referenced, empty: or NULL. */
static struct fs_node *core_open(char *name)
{
	struct fs_parent p = {0};
	struct fs_node *start, *n = NULL, *ino;
	int rc;

	if (fs_start(AT_FDCWD, name, &start)) {
		kfree(name);
		return NULL;
	}
	rc = fs_parent_split(start, name, &p); /* takes name */
	fs_node_put(start);
	if (rc)
		return NULL;
	if (p.len == 0 || p.dot || p.dotdot || p.slash)
		goto out;
	rc = fs_parent_child(&p, &n);
	if (rc == -ENOENT) {
		if (!fs_parent_writable(&p))
			n = tmpfs_create(p.dir, p.name, p.len, S_IFREG | (0600 & ~current->leader->files.umask), &rc);
		goto out;
	}
	if (rc)
		goto out;
	ino = fs_node_get(fs_inode(n));
	fs_node_put(n);
	n = ino;
	if (!S_ISREG(n->mode) || !n->sb || !n->shm || n->nlink != 1 ||
	    n->uid != current->leader->cred.fsuid || fs_permission(n, MAY_WRITE) ||
	    shmem_truncate(n->shm, 0)) {
		fs_node_put(n);
		n = NULL;
	} else {
		tmpfs_touch(n, true, true);
	}
out:
	fs_parent_done(&p);
	return n;
}

bool coredump_write(int signo, const struct trap_frame *tf)
{
	struct task *t = current;
	const struct vm *vm = &t->leader->vm;
	struct dump d = {.limit = rlimit_cur_of(t, RLIMIT_CORE)};
	struct elf32_ehdr eh = {
		.e_ident = {0x7f, 'E', 'L', 'F', ELFCLASS32, ELFDATA2LSB, EV_CURRENT},
		.e_type = ET_CORE,
		.e_machine = EM_386,
		.e_version = EV_CURRENT,
		.e_phoff = sizeof(struct elf32_ehdr),
		.e_ehsize = sizeof(struct elf32_ehdr),
		.e_phentsize = sizeof(struct elf32_phdr),
	};
	struct elf32_phdr ph;
	struct notes *nt;
	struct fs_node *file;
	u32 nruns, va, s, e, data, a;
	bool w, ok = false;
	char *name;

	if (d.limit < PAGE_SIZE || !vm->pd_phys)
		return false;
	name = core_name(core_pattern_get(), t->leader->pid);
	if (!name)
		return false;
	nt = kmalloc(sizeof(*nt));
	file = nt ? core_open(name) : (kfree(name), NULL);
	if (!file) {
		kfree(nt);
		return false;
	}
	d.shm = file->shm;
	nruns = count_runs(vm);
	eh.e_phnum = (u16)(nruns + 1);
	if (!emit(&d, &eh, sizeof(eh)))
		goto out;
	fill_notes(nt, t, signo, tf);
	ph = (struct elf32_phdr){PT_NOTE, sizeof(eh) + (nruns + 1) * sizeof(ph), 0, 0,
				 sizeof(*nt), 0, 0, 4};
	if (!emit(&d, &ph, sizeof(ph)))
		goto out;
	data = (ph.p_offset + sizeof(*nt) + PAGE_MASK) & ~PAGE_MASK;
	for (va = USER_BASE; next_run(vm, &va, &s, &e, &w); data += e - s) {
		ph = (struct elf32_phdr){PT_LOAD, data, s, 0, e - s, e - s,
					 PF_R | (w ? PF_W : 0) | PF_X, PAGE_SIZE};
		if (!emit(&d, &ph, sizeof(ph)))
			goto out;
	}
	if (!emit(&d, nt, sizeof(*nt)))
		goto out;
	d.pos = (d.pos + PAGE_MASK) & ~PAGE_MASK; /* a hole, as Linux's dump_skip */
	for (va = USER_BASE; next_run(vm, &va, &s, &e, &w);) {
		for (a = s; a < e; a += PAGE_SIZE)
			if (!emit(&d, PHYS_TO_VIRT(vm_lookup(vm, a, NULL)), PAGE_SIZE))
				goto out;
	}
	ok = true;
out:
	fs_node_put(file);
	kfree(nt);
	return ok;
}
