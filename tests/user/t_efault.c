/*
 * Every system call of the tasks area given bad pointers answers -EFAULT
 * (NULL, a kernel address, an unmapped hole, a range running off a mapping,
 * read-only memory for a call that writes) and the task goes on; unknown
 * call numbers are -ENOSYS; the ids are those of init running as root.
 */
/* expect: status=0 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "../tap.h"

static long raw3(long nr, long a, long b, long c)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	return ret;
}

static long raw4(long nr, long a, long b, long c, long d)
{
	long ret;
	__asm__ volatile("int $0x80"
			 : "=a"(ret)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d)
			 : "memory");
	return ret;
}

static const char rodata[64] = "read-only";

int main(void)
{
	char *brk_end;

	UTAP_PLAN(26);
	UTAP_OK(raw3(__NR_write, 1, 0, 5) == -EFAULT, "write(NULL) is -EFAULT");
	UTAP_OK(raw3(__NR_write, 1, 0xC0000000L, 5) == -EFAULT, "write(kernel address)");
	UTAP_OK(raw3(__NR_write, 1, 0x40000000L, 5) == -EFAULT, "write(unmapped hole)");
	UTAP_OK(raw3(__NR_write, 1, 0xBFFFFFFEL, 8) == -EFAULT,
		"write() straddling the top of the stack");
	UTAP_OK(raw3(__NR_write, 1, 0xFFFFFFF0L, 0x20) == -EFAULT, "write() wrapping around");
	UTAP_OK(raw3(__NR_write, 1, 0, 0) == 0, "write(NULL, 0) is 0");
	UTAP_OK(raw3(__NR_write, 5, (long)rodata, 1) == -EBADF, "write(fd 5) is -EBADF");
	UTAP_OK(raw3(__NR_read, 0, 0, 4) == -EFAULT, "read(NULL)");
	UTAP_OK(raw3(__NR_read, 0, (long)rodata, 4) == -EFAULT, "read() into read-only data");
	UTAP_OK(raw3(__NR_read, 0, (long)main, 4) == -EFAULT, "read() into the text");
	UTAP_OK(raw3(__NR_read, 0, 0xC0001000L, 4) == -EFAULT, "read() into the kernel");
	UTAP_OK(raw3(__NR_read, 3, (long)&brk_end, 4) == -EBADF, "read(fd 3) is -EBADF");

	/* The break: a range ending past it is not mapped. */
	brk_end = sbrk(0);
	UTAP_OK(brk_end != (char *)-1 && ((uintptr_t)brk_end & 0xFFF) == 0,
		"break page aligned at %p", (void *)brk_end);
	UTAP_OK(raw3(__NR_write, 1, (long)(brk_end - 4), 8) == -EFAULT, "write() across the break");
	UTAP_OK(raw3(__NR_brk, 0xC0000000L, 0, 0) == (long)brk_end,
		"brk(kernel) refused: old break");

	UTAP_OK(raw3(222, 0, 0, 0) == -ENOSYS, "call 222 (none on Linux i386) is -ENOSYS");
	UTAP_OK(raw3(0, 0, 0, 0) == -EINTR, "call 0, restart_syscall with nothing to restart: -EINTR");
	UTAP_OK(raw3(263, 0, 0, 0) == -ENOSYS && raw3(-1, 0, 0, 0) == -ENOSYS,
		"calls >= NR_SYSCALLS are -ENOSYS");
	UTAP_OK(getpid() == 1 && raw3(__NR_gettid, 0, 0, 0) == 1, "init is pid 1");
	UTAP_OK(getppid() == 0, "init's parent is 0");
	UTAP_OK(getuid() == 0 && geteuid() == 0 && getgid() == 0 && getegid() == 0, "root");

	/* The other areas' calls check their pointers too. */
	if (raw4(__NR_rt_sigprocmask, 0, 0, 0, 8) == -ENOSYS) {
		UTAP_SKIP("rt_sigaction/rt_sigprocmask/rt_sigpending not there yet");
		UTAP_SKIP("-");
		UTAP_SKIP("-");
	} else {
		UTAP_OK(raw4(__NR_rt_sigaction, 10, 0xC0000000L, 0, 8) == -EFAULT,
			"rt_sigaction(kernel act)");
		UTAP_OK(raw4(__NR_rt_sigprocmask, 0, 0x40000000L, 0, 8) == -EFAULT,
			"rt_sigprocmask(unmapped set)");
		UTAP_OK(raw4(__NR_rt_sigpending, (long)rodata, 8, 0, 0) == -EFAULT,
			"rt_sigpending(read-only)");
	}
	if (raw3(__NR_clock_gettime, 1, 0, 0) == -ENOSYS) {
		UTAP_SKIP("clock_gettime not there yet");
		UTAP_SKIP("-");
	} else {
		UTAP_OK(raw3(__NR_clock_gettime, 1, 0, 0) == -EFAULT, "clock_gettime(NULL)");
		UTAP_OK(raw3(__NR_clock_gettime, 1, (long)rodata, 0) == -EFAULT,
			"clock_gettime(read-only)");
	}
	return UTAP_DONE();
}
