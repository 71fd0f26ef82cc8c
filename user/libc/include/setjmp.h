/*
 * <setjmp.h>.  jmp_buf saves ebx, esi, edi, ebp, esp and the return
 * address; sigjmp_buf also the signal mask, when sigsetjmp is asked to.
 */
#ifndef _SETJMP_H
#define _SETJMP_H

#include <signal.h>

typedef struct {
	unsigned long __regs[6];
	int __mask_saved;
	sigset_t __mask;
} jmp_buf[1], sigjmp_buf[1];

int setjmp(jmp_buf env) __attribute__((returns_twice));
__attribute__((noreturn)) void longjmp(jmp_buf env, int val);
int _setjmp(jmp_buf env) __attribute__((returns_twice));
__attribute__((noreturn)) void _longjmp(jmp_buf env, int val);
int __sigsetjmp(sigjmp_buf env, int savemask) __attribute__((returns_twice));
#define sigsetjmp(env, savemask) __sigsetjmp(env, savemask)
__attribute__((noreturn)) void siglongjmp(sigjmp_buf env, int val);

#endif
