/*
 * The vDSO, as the libc sees it (internal): found at start-up from the
 * auxiliary vector (start.c), its functions looked up by name (vdso.c).
 */
#ifndef TICK386_LIBC_VDSO_H
#define TICK386_LIBC_VDSO_H

/* The auxiliary vector: { type, value } pairs up to AT_NULL (start.c). */
extern const unsigned long *__libc_auxv;

/*
 * The address of the vDSO's function `name` at version LINUX_2.6 (Linux
 * i386's, which tick386's vDSO keeps), or 0 when there is no vDSO or no
 * such function.  For the constructors of the files that use it (timer.c,
 * clock.c): they run after start.c has the auxiliary vector.
 */
void *__libc_vdso_sym(const char *name);

#endif
