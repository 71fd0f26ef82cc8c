/*
 * personality: the persona word of personality(2).
 *   - personality(0xffffffff) only asks: PER_LINUX at start, unchanged,
 *     with READ_IMPLIES_EXEC exactly when the program has no PT_GNU_STACK;
 *   - setting returns the old word; any execution domain and flags are
 *     taken (PER_LINUX32, PER_BSD, ADDR_NO_RANDOMIZE, UNAME26, every bit
 *     but one), none fails, even a word that looks like -errno;
 *   - a forked child starts with its parent's word, and what it sets stays
 *     its own;
 *   - exec keeps the flags (ADDR_NO_RANDOMIZE) (the base persona's reset
 *     to PER_LINUX at exec is i386's, not x86-64's: not compared);
 *   - the raw call 136 answers the same.
 */
#include "conformance.h"
#include <elf.h>
#include <sys/auxv.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define ASK 0xffffffffUL

static char self[256];

static void find_self(const char *argv0)
{
	if (strchr(argv0, '/'))
		snprintf(self, sizeof(self), "%s", argv0);
	else
		snprintf(self, sizeof(self), "/bin/%s", argv0);
}

/*
 * Whether this program has a PT_GNU_STACK header: without one, Linux i386's
 * exec adds READ_IMPLIES_EXEC (tools/ucc's programs have none, glibc's
 * have one; x86-64 never adds it for a 64-bit program).
 */
static int has_gnu_stack(void)
{
	unsigned long phdr = getauxval(AT_PHDR), n = getauxval(AT_PHNUM), i;

	for (i = 0; phdr && i < n; i++) {
		if (sizeof(void *) == 8) {
			if (((const Elf64_Phdr *)phdr)[i].p_type == PT_GNU_STACK)
				return 1;
		} else if (((const Elf32_Phdr *)phdr)[i].p_type == PT_GNU_STACK) {
			return 1;
		}
	}
	return 0;
}

/* The child's exit status, or -1. */
static int child_status(pid_t pid)
{
	int st;

	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static void query_and_set(void)
{
	int p = personality(ASK), rie = p & READ_IMPLIES_EXEC;

	ok((p & ~READ_IMPLIES_EXEC) == PER_LINUX, "personality(0xffffffff) at start: PER_LINUX (%#x)",
	   p & ~READ_IMPLIES_EXEC);
	ok((!rie) == has_gnu_stack(), "READ_IMPLIES_EXEC exactly when no PT_GNU_STACK");
	ok(personality(ASK) == p, "asking again: the same");
	p = personality(PER_LINUX32);
	ok(p == (PER_LINUX | rie), "personality(PER_LINUX32) returns the old word (%#x)", p & ~rie);
	p = personality(ASK);
	ok(p == PER_LINUX32, "it is PER_LINUX32 now (%#x)", p);
	p = personality(PER_BSD | UNAME26);
	ok(p == PER_LINUX32, "PER_BSD | UNAME26: old PER_LINUX32 (%#x)", p);
	p = personality(ASK);
	ok(p == (PER_BSD | UNAME26), "it is PER_BSD | UNAME26 (%#x)", p);
	ok((p & PER_MASK) == PER_BSD, "PER_MASK gives the domain");
	errno = 0;
	p = (int)syscall(SYS_personality, ASK);
	ok(p == (PER_BSD | UNAME26) && errno == 0, "the raw call 136 answers the same, no errno");
	/* A word that looks like -errno is still a word: no error, errno kept. */
	personality(0xfffffffeUL);
	errno = 0;
	p = personality(ASK);
	ok(p == (int)0xfffffffe && errno == 0, "0xfffffffe is taken and read back, errno untouched (%#x)", p);
	p = personality(0x0fffff00UL);
	ok(p == (int)0xfffffffe, "setting again returns the old word 0xfffffffe");
	p = personality(PER_LINUX);
	ok(p == 0x0fffff00, "back to PER_LINUX: old word returned (%#x)", p);
	ok(personality(ASK) == PER_LINUX, "PER_LINUX again");
}

static void fork_inherits(void)
{
	pid_t pid;

	personality(PER_LINUX | ADDR_NO_RANDOMIZE);
	pid = fork();
	if (pid == 0) {
		if (personality(ASK) != (PER_LINUX | ADDR_NO_RANDOMIZE))
			_exit(1);
		personality(PER_LINUX32);
		_exit(personality(ASK) == PER_LINUX32 ? 0 : 2);
	}
	ok(child_status(pid) == 0, "a forked child starts with the parent's word and sets its own");
	ok(personality(ASK) == (PER_LINUX | ADDR_NO_RANDOMIZE), "the child's change is not the parent's");
}

static void exec_keeps_flags(void)
{
	char *av[] = { self, "after", NULL };
	pid_t pid;

	personality(PER_LINUX | ADDR_NO_RANDOMIZE);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execv(self, av);
		_exit(3);
	}
	ok(child_status(pid) == 0, "exec keeps ADDR_NO_RANDOMIZE");
	personality(PER_LINUX);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "after"))
		return (personality(ASK) & ADDR_NO_RANDOMIZE) ? 0 : 1;
	find_self(argv[0]);
	query_and_set();
	fork_inherits();
	exec_keeps_flags();
	return done();
}
