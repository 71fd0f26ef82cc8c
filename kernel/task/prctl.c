/*
 * personality(2) and prctl(2).
 *
 * personality: the calling task's persona word (include/abi/personality.h),
 * 0 (PER_LINUX) at boot, copied by fork and clone, its flags kept by exec
 * (kernel/task/exec.c).  Any value is taken as it is, and 0xffffffff only
 * asks; the old value comes back either way (Linux never fails the call).
 * Stored only: no flag changes what the kernel does.
 *
 * prctl: only the thread's name, PR_SET_NAME and PR_GET_NAME (Linux's
 * comm: 16 bytes with the NUL, the set one cut at 15 characters).  Every
 * other option is EINVAL, as Linux answers an option it does not know, so
 * that a program probing an option sees "not offered" rather than "no
 * prctl at all".
 *
 * The name is the calling thread's own (current->name): only that thread
 * and exec (which runs in it) write it, so no lock is needed against other
 * writers; a reader elsewhere (/proc) may see a mix of old and new
 * characters but always a NUL at the end, since byte 15 stays 0.
 */
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include <abi/errno.h>

#define PR_SET_NAME 15
#define PR_GET_NAME 16

long sys_prctl(int option, unsigned long arg2)
{
	char name[TASK_NAME_MAX];
	size_t i;

	switch (option) {
	case PR_SET_NAME:
		/* Byte by byte: a fault after the NUL or past 15 characters is no error. */
		memset(name, 0, sizeof(name));
		for (i = 0; i < TASK_NAME_MAX - 1; i++) {
			if (copy_from_user(&name[i], (const char __user *)(arg2 + i), 1))
				return -EFAULT;
			if (!name[i])
				break;
		}
		memcpy(current->name, name, TASK_NAME_MAX - 1);
		return 0;
	case PR_GET_NAME:
		memcpy(name, current->name, TASK_NAME_MAX);
		name[TASK_NAME_MAX - 1] = '\0';
		if (copy_to_user((char __user *)arg2, name, TASK_NAME_MAX))
			return -EFAULT;
		return 0;
	default:
		return -EINVAL;
	}
}

long sys_personality(u32 persona)
{
	u32 old = current->personality;

	if (persona != 0xffffffffu)
		current->personality = persona;
	return (long)old;
}
