/*
 * Reading and writing user memory from a system call.
 *
 * Every range is checked against the current task's page tables before a
 * byte moves: inside user space (USER_BASE..USER_TOP, no wrap-around),
 * mapped, user-accessible, writable where written.  A bad pointer becomes
 * -EFAULT and the kernel never takes a fault on a user's behalf.  The copy
 * itself goes through the kernel's direct map of physical memory, page by
 * page, so it does not depend on CR3 either.
 */
#ifndef TICK386_KERNEL_UACCESS_H
#define TICK386_KERNEL_UACCESS_H

#include "lib/types.h"

#define __user

int copy_from_user(void *dst, const void __user *src, size_t n); /* 0 or -EFAULT */
int copy_to_user(void __user *dst, const void *src, size_t n);	 /* 0 or -EFAULT */

/*
 * Copy a NUL-terminated string of at most size - 1 characters into dst
 * (always terminated).  Returns its length, -EFAULT for a bad pointer, or
 * -ENAMETOOLONG if no NUL came within size - 1 characters.
 */
long strncpy_from_user(char *dst, const char __user *src, size_t size);

/*
 * Linux's access_ok: [p, p + n) lies wholly below the kernel (USER_TOP),
 * without wrapping; mapped or not is found out when the bytes move.  A
 * call that takes a user buffer and its length (read, write) checks the
 * whole length with it first, so a huge length is -EFAULT even when the
 * call would have moved only a few bytes.
 */
bool user_access_ok(const void __user *p, size_t n);

/* Whether [p, p + n) could be read (write = false) or written now. */
bool user_range_ok(const void __user *p, size_t n, bool write);

/*
 * A kernel pointer (the direct map) through which [p, p + n) may be
 * written, when the range lies inside one present, writable page of user
 * space (growing the stack as copy_to_user would); NULL otherwise, and
 * then copy_to_user decides.  For a structure built in place (the signal
 * frame); valid while interrupts stay off and the task does not sleep.
 */
void *user_write_ptr(void __user *p, size_t n);

#endif
