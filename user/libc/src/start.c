/* Program start-up: from the initial stack to main, and from main to exit. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"
#include "vdso.h"

char **environ;
char *program_invocation_name = "";
char *program_invocation_short_name = "";

int main(int argc, char **argv, char **envp);

/* Functions marked __attribute__((constructor)), in link order. */
extern void (*__init_array_start[])(int, char **, char **) __attribute__((weak));
extern void (*__init_array_end[])(int, char **, char **) __attribute__((weak));

static void run_constructors(int argc, char **argv, char **envp)
{
	void (**fn)(int, char **, char **);

	for (fn = __init_array_start; fn < __init_array_end; fn++)
		(*fn)(argc, argv, envp);
}

/* Called by crt0's _start with the stack pointer the kernel gave it. */
__attribute__((noreturn, used)) void __libc_start(long *sp);

void __libc_start(long *sp)
{
	int argc = (int)sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1, **end = envp;

	__libc_thread_init(); /* the thread pointer, TLS and errno first */
	environ = envp;
	while (*end)
		end++;
	__libc_auxv = (const unsigned long *)(end + 1); /* after envp's NULL */
	if (argc > 0 && argv[0]) {
		char *slash = strrchr(argv[0], '/');

		program_invocation_name = argv[0];
		program_invocation_short_name = slash ? slash + 1 : argv[0];
	}
	run_constructors(argc, argv, envp);
	exit(main(argc, argv, envp));
}
