/* User memory access for system calls (see uaccess.h); the work is in vm.c. */
#include "mm/uaccess.h"
#include "kernel/task/task.h"
#include "mm/vm.h"
#include "arch/i386/memlayout.h"
#include <abi/errno.h>

bool user_access_ok(const void __user *p, size_t n)
{
	return (u32)p <= USER_TOP && n <= USER_TOP - (u32)p;
}

/* A task without an address space (a kernel thread) has no user memory. */
static struct vm *current_vm(void)
{
	struct task *t = task_current();

	return t && t->leader->vm.pd_phys ? &t->leader->vm : NULL;
}

/*
 * A write just below the stack (a signal frame pushed at the edge of what
 * the program has touched so far) grows the stack as the CPU's own push
 * would have.
 */
static void maybe_grow_stack(struct vm *vm, u32 addr, size_t n)
{
	struct task *t = task_current();

	if (n && t->user_frame && addr < vm->stack_low)
		vm_grow_stack(vm, addr, t->user_frame->user_esp);
}

bool user_range_ok(const void __user *p, size_t n, bool write)
{
	struct vm *vm = current_vm();

	if (!vm)
		return false;
	if (write)
		maybe_grow_stack(vm, (u32)p, n);
	if (vm_one_page(vm, (u32)p, n, write ? VM_WRITE : VM_READ))
		return true; /* the common case, one walk inline */
	return vm_range_ok(vm, (u32)p, n, write ? VM_WRITE : VM_READ);
}

/* memcpy's rep movsl inline: the call and its saved registers were a third
 * of a small copy (make profile-path PATH_NAME=clock_gettime). */
static inline void copy_small(void *dst, const void *src, size_t n)
{
	size_t words = n / 4;

	__asm__ volatile("rep movsl\n\t"
			 "movl %[rest], %%ecx\n\t"
			 "rep movsb"
			 : "+D"(dst), "+S"(src), "+c"(words)
			 : [rest] "rm"(n & 3)
			 : "memory");
}

void *user_write_ptr(void __user *p, size_t n)
{
	struct vm *vm = current_vm();

	if (!vm)
		return NULL;
	maybe_grow_stack(vm, (u32)p, n);
	return vm_one_page(vm, (u32)p, n, VM_WRITE);
}

int copy_from_user(void *dst, const void __user *src, size_t n)
{
	struct vm *vm = current_vm();
	const void *p;

	if (!vm)
		return -EFAULT;
	p = vm_one_page(vm, (u32)src, n, VM_READ);
	if (p) {
		copy_small(dst, p, n);
		return 0;
	}
	return vm_copy_in(vm, dst, (u32)src, n);
}

int copy_to_user(void __user *dst, const void *src, size_t n)
{
	struct vm *vm = current_vm();
	void *p;

	if (!vm)
		return -EFAULT;
	maybe_grow_stack(vm, (u32)dst, n);
	p = vm_one_page(vm, (u32)dst, n, VM_WRITE);
	if (p) {
		copy_small(p, src, n);
		return 0;
	}
	return vm_copy_out(vm, (u32)dst, src, n);
}

long strncpy_from_user(char *dst, const char __user *src, size_t size)
{
	struct vm *vm = current_vm();
	u32 va = (u32)src;
	size_t len = 0;

	if (!size)
		return -ENAMETOOLONG;
	if (!vm)
		return -EFAULT;
	/* Page by page: check the page, then scan it for the NUL. */
	while (len < size - 1) {
		u32 in_page = PAGE_SIZE - (va & (PAGE_SIZE - 1));
		u32 phys;
		const char *s;

		if (!vm_range_ok(vm, va, 1, VM_READ))
			return -EFAULT;
		phys = vm_lookup(vm, va, NULL);
		s = PHYS_TO_VIRT(phys);
		for (u32 i = 0; i < in_page && len < size - 1; i++) {
			dst[len] = s[i];
			if (!s[i])
				return (long)len;
			len++;
		}
		va += in_page;
		if (va == 0) /* wrapped: cannot happen below USER_TOP, but stay safe */
			return -EFAULT;
	}
	dst[len] = '\0';
	return -ENAMETOOLONG;
}
