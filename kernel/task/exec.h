/*
 * Starting a program: execve, and the initial stack of every program
 * (kernel/task/exec.c).
 */
#ifndef TICK386_KERNEL_TASK_EXEC_H
#define TICK386_KERNEL_TASK_EXEC_H

#include "kernel/task/elf.h"
#include "mm/uaccess.h"
#include "mm/vm.h"
#include "lib/types.h"

/* argv or envp: count strings in kernel memory, or a NULL-ended array of
 * pointers in the current (old) user address space. */
struct exec_vec {
	bool user;
	int count;		     /* kernel: the number of strings */
	const char *const *kvec;     /* kernel: the strings */
	const char *const __user *uvec; /* user: the array (NULL: empty) */
};

/*
 * Map the vDSO into vm and lay out argv, envp and the auxiliary vector (the
 * program's headers from elf, the vDSO) on the stack of vm (mapped,
 * VM_STACK_TOP down) as Linux i386 does; *esp gets the initial stack
 * pointer.  0, -E2BIG (too many or too long), -EFAULT (a bad user pointer),
 * -ENOMEM.
 */
int exec_build_stack(struct vm *vm, const struct elf_info *elf, const struct exec_vec *argv,
		     const struct exec_vec *envp, u32 *esp);

#endif
