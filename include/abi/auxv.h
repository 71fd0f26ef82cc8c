/*
 * The auxiliary vector's entry types (Linux's numbers, include/uapi/linux/
 * auxvec.h and asm/auxvec.h there): pairs { type, value } after envp's
 * NULL on a new program's stack (kernel/task/exec.c), ended by AT_NULL.
 * tick386 gives those below; getauxval (user/libc) reads them.
 */
#ifndef TICK386_ABI_AUXV_H
#define TICK386_ABI_AUXV_H

#define AT_NULL 0
#define AT_PHDR 3	   /* the program's headers, as loaded */
#define AT_PHENT 4	   /* the size of one */
#define AT_PHNUM 5	   /* how many */
#define AT_PAGESZ 6
#define AT_ENTRY 9	   /* the program's entry point */
#define AT_SYSINFO_EHDR 33 /* the vDSO's ELF header */

#endif
