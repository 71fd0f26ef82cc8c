/*
 * execve: replace the current process's program with a file of the tree,
 * and the initial stack every program starts from (also used for the boot
 * programs by task_create_user).
 *
 * Everything that can fail is done first, into a new address space built
 * beside the old one: the file found and checked, the ELF loaded, the
 * arguments and environment copied from the old space into the new stack.
 * Only then is the old space dropped (the point of no return), so a failed
 * execve leaves the caller exactly as it was, as on Linux.  After it, what
 * POSIX says exec keeps and drops: timers deleted with their queued signals,
 * caught signals back to SIG_DFL (ignored ones stay ignored, the mask and
 * pending signals stay), the alternate stack gone, close-on-exec
 * descriptors closed, the x87 state reset; pid, parent, group, session and
 * CPU time stay.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/gdt.h"
#include "arch/i386/paging.h"
#include "arch/i386/vdso.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/perm.h"
#include "fs/syscalls.h"
#include "kernel/signal/signal.h"
#include "kernel/syscall.h"
#include "kernel/task/elf.h"
#include "kernel/task/exec.h"
#include "kernel/task/task.h"
#include "kernel/time/posix_timers.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/uaccess.h"
#include <abi/auxv.h>
#include <abi/personality.h>
#include <abi/errno.h>
#include <abi/stat.h>

/*
 * The strings of argv and envp together, with their terminating NULs.
 * Linux allows a quarter of the stack limit; tick386's initial stack is
 * 64 KiB, and the strings must leave the program most of it.
 */
#define EXEC_STRINGS_MAX (32u * 1024)
#define EXEC_VECTOR_MAX 1024 /* pointers in argv or in envp: with the strings, 40 KiB at most */


/* --- where the strings come from: kernel memory (boot) or the old user space */

static int vec_count(const struct exec_vec *v)
{
	int n = 0;

	if (!v->user)
		return v->count;
	if (!v->uvec)
		return 0; /* Linux takes a NULL argv or envp as empty */
	for (;;) {
		u32 p;

		if (copy_from_user(&p, (const u32 __user *)v->uvec + n, sizeof(p)))
			return -EFAULT;
		if (!p)
			return n;
		if (++n > EXEC_VECTOR_MAX)
			return -E2BIG;
	}
}

/* String i of v copied to the new stack below *sp; its address there. */
static int vec_copy_string(const struct exec_vec *v, int i, struct vm *to, u32 *sp, u32 *left)
{
	char chunk[128];
	u32 src, len = 0;

	if (!v->user) {
		len = strlen(v->kvec[i]) + 1;
		if (len > *left)
			return -E2BIG;
		*sp -= len;
		*left -= len;
		return vm_copy_out(to, *sp, v->kvec[i], len);
	}
	if (copy_from_user(&src, (const u32 __user *)v->uvec + i, sizeof(src)))
		return -EFAULT;
	/* Measure it first (the copy goes downwards from *sp, whole). */
	for (;;) {
		u32 n = sizeof(chunk), nul;

		/* Never past the end of a page: the next may be unmapped. */
		if (n > PAGE_SIZE - ((src + len) & (PAGE_SIZE - 1)))
			n = PAGE_SIZE - ((src + len) & (PAGE_SIZE - 1));
		if (copy_from_user(chunk, (const char __user *)(src + len), n))
			return -EFAULT;
		for (nul = 0; nul < n && chunk[nul]; nul++)
			;
		len += nul;
		if (len + 1 > *left)
			return -E2BIG;
		if (nul < n)
			break;
	}
	len++;
	*sp -= len;
	*left -= len;
	for (u32 done = 0; done < len;) {
		u32 n = len - done < sizeof(chunk) ? len - done : sizeof(chunk);

		if (copy_from_user(chunk, (const char __user *)(src + done), n) ||
		    vm_copy_out(to, *sp + done, chunk, n))
			return -EFAULT;
		done += n;
	}
	return 0;
}

/*
 * The initial stack as Linux i386 lays it out, from esp upwards: argc,
 * argv[0..argc-1], NULL, envp[...], NULL, the auxiliary vector; the strings
 * above, envp's highest.  esp is 16-byte aligned.  The vector has Linux's
 * entries in Linux's order, those that tick386 has: the vDSO's ELF header
 * (AT_SYSINFO_EHDR, mapped here), the page size, the program's headers
 * and entry point.
 */
int exec_build_stack(struct vm *vm, const struct elf_info *elf, const struct exec_vec *argv,
		     const struct exec_vec *envp, u32 *esp)
{
	int argc = vec_count(argv), envc = vec_count(envp);
	u32 sp = VM_STACK_TOP, left = EXEC_STRINGS_MAX, *words, *aux, n;
	int rc = 0;

	if (argc < 0)
		return argc;
	if (envc < 0)
		return envc;
	rc = vdso_map(vm);
	if (rc)
		return rc;
	/* argc, argv[], NULL, envp[], NULL, 7 auxv pairs */
	n = 1 + (u32)argc + 1 + (u32)envc + 1 + 2 * 7;
	words = kmalloc(n * sizeof(u32));
	if (!words)
		return -ENOMEM;
	words[0] = (u32)argc;
	for (int i = envc - 1; i >= 0 && !rc; i--) {
		rc = vec_copy_string(envp, i, vm, &sp, &left);
		words[1 + argc + 1 + i] = sp;
	}
	for (int i = argc - 1; i >= 0 && !rc; i--) {
		rc = vec_copy_string(argv, i, vm, &sp, &left);
		words[1 + i] = sp;
	}
	if (rc)
		goto out;
	words[1 + argc] = 0;
	words[1 + argc + 1 + envc] = 0;
	aux = &words[1 + argc + 1 + envc + 1];
	*aux++ = AT_SYSINFO_EHDR;
	*aux++ = VDSO_IMAGE_VA;
	*aux++ = AT_PAGESZ;
	*aux++ = PAGE_SIZE;
	*aux++ = AT_PHDR;
	*aux++ = elf->phdr;
	*aux++ = AT_PHENT;
	*aux++ = sizeof(struct elf32_phdr);
	*aux++ = AT_PHNUM;
	*aux++ = elf->phnum;
	*aux++ = AT_ENTRY;
	*aux++ = elf->entry;
	*aux++ = AT_NULL;
	*aux++ = 0;
	sp = (sp - n * 4) & ~15u;
	rc = vm_copy_out(vm, sp, words, n * 4);
	if (!rc)
		*esp = sp;
out:
	kfree(words);
	return rc;
}

/* --- execve ------------------------------------------------------------------ */

/* The file at path, if it is a program we may run: 0, or Linux's errno. */
static int exec_find(const char __user *upath, struct fs_node **out, char **path)
{
	struct fs_node *node;
	int rc = fs_get_path(upath, path);

	if (rc)
		return rc;
	rc = fs_walk(&fs_root, *path, 0, &node);
	if (!rc && (!S_ISREG(node->mode) || fs_permission(node, MAY_EXEC))) {
		rc = -EACCES; /* not a regular file, or not executable by us (root: some x bit) */
		fs_node_put(node); /* a /proc node is counted: give it back */
	}
	if (rc) {
		kfree(*path);
		return rc;
	}
	*out = node;
	return 0;
}

/* The task's name: the last component of the path, as Linux's comm. */
static void exec_set_name(struct task *t, const char *path)
{
	const char *base = strrchr(path, '/');

	base = base && base[1] ? base + 1 : path;
	strncpy(t->name, base, TASK_NAME_MAX - 1);
	t->name[TASK_NAME_MAX - 1] = '\0';
}

long sys_execve(const char __user *upath, const char *const __user *uargv,
		const char *const __user *uenvp)
{
	struct task *t = current;
	struct exec_vec argv = {.user = true, .uvec = uargv};
	struct exec_vec envp = {.user = true, .uvec = uenvp};
	struct trap_frame *tf = t->user_frame;
	struct fs_node *node;
	struct elf_info info;
	struct vm vm, old;
	struct task *leader;
	char *path;
	u32 esp;
	int rc;

	rc = exec_find(upath, &node, &path);
	if (rc)
		return rc;
	rc = elf_check(node->data, node->size, &info);
	if (rc)
		goto out_path;
	rc = vm_init(&vm);
	if (rc)
		goto out_path;
	rc = elf_load(&vm, node->data, node->size, &info);
	if (rc)
		goto out_vm;
	vm.brk_start = vm.brk = (info.end + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	rc = vm_stack_init(&vm);
	if (rc)
		goto out_vm;
	rc = exec_build_stack(&vm, &info, &argv, &envp, &esp);
	if (rc)
		goto out_vm;

	/*
	 * The point of no return: the other threads end first (Linux's
	 * de_thread); if this one is killed meanwhile, it ends too.
	 */
	rc = task_exec_end_other_threads();
	if (rc)
		goto out_vm;
	leader = t->leader;
	old = leader->vm;
	cpu_cli();
	leader->vm = vm;
	paging_activate(vm.pd_phys);
	cpu_sti();
	vm_destroy(&old);
	posix_timers_task_exit(leader); /* the timers and their queued signals */
	signal_exec(t);
	fs_task_exec(&leader->files);
	__asm__ volatile("fninit");
	exec_set_name(t, path);
	exec_set_name(leader, path);
	leader->did_exec = true;
	cred_exec(&leader->cred); /* saved and fs ids := effective (no set-user-ID files) */
	/*
	 * Linux i386's ELF loader: the base persona back to PER_LINUX, the
	 * flags kept, and READ_IMPLIES_EXEC added for a program without
	 * PT_GNU_STACK (an i386 program's default stack is executable).
	 */
	t->personality &= ~(u32)PER_MASK;
	if (!info.gnu_stack)
		t->personality |= READ_IMPLIES_EXEC;
	leader->personality = t->personality;
	cap_task_exec(t);
	memset(t->tls, 0, sizeof(t->tls)); /* no thread-local storage in the new image */
	thread_load_tls(t);
	t->clear_child_tid = 0;
	if (t != leader) {
		/* The process goes on as its leader, with this thread's mask: the
		 * new program runs there, and this thread ends (its id with it,
		 * as the exec'ing thread takes the leader's id on Linux). */
		kfree(path);
		task_exec_in_leader(info.entry, esp);
	}

	task_user_frame_init(tf, info.entry, esp);
	tf->vector = TRAP_SYSCALL;
	tf->error_code = 0xffffffffu; /* no system call to restart */
	kfree(path);
	return 0; /* eax of the new program: 0, as on Linux */

out_vm:
	vm_destroy(&vm);
out_path:
	kfree(path);
	return rc;
}
