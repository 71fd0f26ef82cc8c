/* Core dumps (Linux's do_coredump, fs/coredump.c): see coredump.c. */
#ifndef FS_COREDUMP_H
#define FS_COREDUMP_H

#include "lib/types.h"

struct trap_frame;

/* The current process dies of signo, whose default action dumps core:
 * true when an ELF core file was written whole (the wait status gets
 * 0x80, CLD_DUMPED), false when none was (RLIMIT_CORE below a page, a
 * pipe pattern, a name that cannot be made, ENOSPC, the limit reached). */
bool coredump_write(int signo, const struct trap_frame *tf);

/* fs/proc_sys_kernel.c: /proc/sys/kernel/core_pattern, NUL-terminated. */
const char *core_pattern_get(void);

#endif
