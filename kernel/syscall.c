/* The int 0x80 entry: from the trap frame to the table and back (see syscall.h). */
#include "kernel/syscall.h"
#include "arch/i386/trap.h"
#include "kernel/task/task.h"
#include <abi/errno.h>

long syscall_invoke(u32 nr, u32 a1, u32 a2, u32 a3, u32 a4, u32 a5, u32 a6)
{
	if (nr >= NR_SYSCALLS || !syscall_table[nr])
		return -ENOSYS;
	return syscall_table[nr](a1, a2, a3, a4, a5, a6);
}

static void syscall_trap(struct trap_frame *tf)
{
	current->user_frame = tf;
	/* The number stays in the frame for the signal code's restart (eax is overwritten). */
	tf->error_code = tf->eax;
	tf->eax =
	    (u32)syscall_invoke(tf->eax, tf->ebx, tf->ecx, tf->edx, tf->esi, tf->edi, tf->ebp);
}

void syscall_init(void)
{
	trap_set_handler(TRAP_SYSCALL, syscall_trap);
}
