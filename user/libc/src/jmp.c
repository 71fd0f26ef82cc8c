/* The signal-mask half of sigsetjmp/siglongjmp (setjmp.S has the rest). */
#include <setjmp.h>
#include <signal.h>

__attribute__((noreturn)) void __longjmp_registers(jmp_buf env, int val);
int __sigjmp_save(sigjmp_buf env, int savemask);

int __sigjmp_save(sigjmp_buf env, int savemask)
{
	env->__mask_saved = savemask && sigprocmask(SIG_BLOCK, NULL, &env->__mask) == 0;
	return 0;
}

void longjmp(jmp_buf env, int val)
{
	if (env->__mask_saved)
		sigprocmask(SIG_SETMASK, &env->__mask, NULL);
	__longjmp_registers(env, val);
}

void _longjmp(jmp_buf env, int val)
{
	__longjmp_registers(env, val);
}

void siglongjmp(sigjmp_buf env, int val)
{
	longjmp(env, val);
}
