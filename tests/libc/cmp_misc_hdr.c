/*
 * <malloc.h>, <aio.h>, <sys/ptrace.h>, <sys/inotify.h>,
 * <sys/personality.h>, <elf.h>: what a program sees through them, the same
 * under user/libc and glibc (both run on Linux i386 here).
 *   - malloc_usable_size >= asked, 0 for NULL; memalign/valloc/pvalloc
 *     alignment and usable sizes; memalign rounding a non-power of two;
 *   - aio_write/aio_read on a file: result, data, aio_error/aio_return,
 *     SIGEV_SIGNAL's SI_ASYNCIO and value, aio_suspend, aio_cancel's
 *     AIO_ALLDONE and its EBADF/EINVAL, a bad fd's EBADF in aio_error, a
 *     bad priority EINVAL; lio_listio LIO_WAIT and LIO_NOWAIT;
 *   - ptrace PEEKDATA of a missing process: -1 ESRCH; inotify_init1 with a
 *     bad flag EINVAL, add_watch on a bad fd EBADF;
 *   - personality(0xffffffff)'s domain is PER_LINUX;
 *   - sizes of struct aiocb and the ELF structures, a few ELF macros.
 */
/* parallel: yes */
#define _GNU_SOURCE
#include <aio.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/personality.h>
#include <sys/ptrace.h>
#include <unistd.h>

static volatile int got_sig, got_code, got_val;

static void on_sig(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got_sig = sig;
	got_code = si->si_code;
	got_val = si->si_value.sival_int;
}

static void heap(void)
{
	void *p = malloc(100), *a;

	printf("usable(100) >= 100: %d\n", malloc_usable_size(p) >= 100);
	printf("usable(NULL): %zu\n", malloc_usable_size(NULL));
	free(p);
	a = memalign(256, 1000);
	printf("memalign(256): aligned %d usable %d\n", a && !((uintptr_t)a & 255),
	       a && malloc_usable_size(a) >= 1000);
	free(a);
	a = memalign(100, 10);
	printf("memalign(100): aligned on 128: %d\n", a && !((uintptr_t)a & 127));
	free(a);
	a = valloc(10);
	printf("valloc: page aligned %d\n", a && !((uintptr_t)a & 4095));
	free(a);
	a = pvalloc(10);
	printf("pvalloc: page aligned %d usable >= 4096 %d\n", a && !((uintptr_t)a & 4095),
	       a && malloc_usable_size(a) >= 4096);
	free(a);
}

static void aio(void)
{
	char path[] = "/tmp/cmp_aio_XXXXXX", buf[32];
	int fd = mkstemp(path);
	struct aiocb cb, cb2, *list[3];
	const struct aiocb *clist[1];
	struct sigaction sa;
	struct sigevent sev;
	int r;

	unlink(path);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sig;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGUSR1, &sa, NULL);

	memset(&cb, 0, sizeof(cb));
	cb.aio_fildes = fd;
	cb.aio_buf = "hello, aio";
	cb.aio_nbytes = 10;
	cb.aio_offset = 5;
	cb.aio_sigevent.sigev_notify = SIGEV_SIGNAL;
	cb.aio_sigevent.sigev_signo = SIGUSR1;
	cb.aio_sigevent.sigev_value.sival_int = 42;
	r = aio_write(&cb);
	clist[0] = &cb;
	/* Not its result: glibc's may be EINTR, the completion signal ending it. */
	aio_suspend(clist, 1, NULL);
	printf("aio_write: %d\n", r);
	while (aio_error(&cb) == EINPROGRESS)
		;
	printf("aio_error %d aio_return %zd\n", aio_error(&cb), aio_return(&cb));
	while (!got_sig)
		;
	printf("signal %d code SI_ASYNCIO %d value %d\n", got_sig, got_code == SI_ASYNCIO, got_val);

	memset(&cb2, 0, sizeof(cb2));
	memset(buf, 0, sizeof(buf));
	cb2.aio_fildes = fd;
	cb2.aio_buf = buf;
	cb2.aio_nbytes = sizeof(buf);
	cb2.aio_offset = 0;
	cb2.aio_sigevent.sigev_notify = SIGEV_NONE;
	r = aio_read(&cb2);
	clist[0] = &cb2;
	aio_suspend(clist, 1, NULL);
	printf("aio_read: %d error %d return %zd data %d \"%s\"\n", r, aio_error(&cb2), aio_return(&cb2),
	       !memcmp(buf, "\0\0\0\0\0", 5), buf + 5);
	printf("aio_cancel(fd, cb): %d (AIO_ALLDONE %d)\n", aio_cancel(fd, &cb2), AIO_ALLDONE);
	printf("aio_cancel(fd, NULL): %d\n", aio_cancel(fd, NULL));
	errno = 0;
	r = aio_cancel(999, NULL);
	printf("aio_cancel(bad fd): %d %s\n", r, strerror(errno));
	errno = 0;
	r = aio_cancel(0, &cb2);
	printf("aio_cancel(other fd): %d %s\n", r, strerror(errno));

	cb2.aio_fildes = 999;
	r = aio_read(&cb2);
	aio_suspend(clist, 1, NULL);
	printf("aio_read(bad fd): %d error %s return %zd\n", r, strerror(aio_error(&cb2)), aio_return(&cb2));
	cb2.aio_fildes = fd;
	cb2.aio_reqprio = -1;
	errno = 0;
	r = aio_read(&cb2);
	printf("aio_read(reqprio -1): %d %s\n", r, strerror(errno));
	cb2.aio_reqprio = 0;

	memset(buf, 0, sizeof(buf));
	cb.aio_lio_opcode = LIO_WRITE;
	cb.aio_buf = "XY";
	cb.aio_nbytes = 2;
	cb.aio_offset = 0;
	cb.aio_sigevent.sigev_notify = SIGEV_NONE;
	cb2.aio_lio_opcode = LIO_READ;
	cb2.aio_nbytes = 7;
	list[0] = &cb;
	list[1] = NULL;
	list[2] = &cb2;
	r = lio_listio(LIO_WAIT, list, 3, NULL);
	printf("lio_listio(LIO_WAIT): %d write %zd read %zd \"%.7s\"\n", r, aio_return(&cb), aio_return(&cb2),
	       buf);
	got_sig = 0;
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR1;
	sev.sigev_value.sival_int = 7;
	r = lio_listio(LIO_NOWAIT, list, 3, &sev);
	printf("lio_listio(LIO_NOWAIT): %d\n", r);
	while (!got_sig)
		;
	clist[0] = &cb2;
	aio_suspend(clist, 1, NULL);
	printf("list signal %d value %d read %zd\n", got_sig, got_val, aio_return(&cb2));
	errno = 0;
	r = lio_listio(5, list, 3, NULL);
	printf("lio_listio(mode 5): %d %s\n", r, strerror(errno));
	cb2.aio_fildes = 999;
	errno = 0;
	r = lio_listio(LIO_WAIT, list, 3, NULL);
	printf("lio_listio(LIO_WAIT, a bad fd): %d %s, entry %s\n", r, strerror(errno),
	       strerror(aio_error(&cb2)));
	close(fd);
}

static void others(void)
{
	long r;

	errno = 0;
	r = ptrace(PTRACE_PEEKDATA, 999999, NULL, NULL);
	printf("ptrace(PEEKDATA, no such pid): %ld %s\n", r, strerror(errno));
	errno = 0;
	r = inotify_init1(1);
	printf("inotify_init1(bad flag): %ld %s\n", r, strerror(errno));
	errno = 0;
	r = inotify_add_watch(999, "/", IN_ALL_EVENTS);
	printf("inotify_add_watch(bad fd): %ld %s\n", r, strerror(errno));
	/* The domain only: Linux i386 adds READ_IMPLIES_EXEC for a program
	 * without PT_GNU_STACK (ucc's), not for glibc's. */
	printf("personality's domain: %#x\n", personality(0xffffffff) & PER_MASK);
	printf("aiocb %zu sigevent %zu\n", sizeof(struct aiocb), sizeof(struct sigevent));
	printf("Elf32: Ehdr %zu Phdr %zu Shdr %zu Sym %zu Dyn %zu Verdef %zu Verdaux %zu auxv %zu\n",
	       sizeof(Elf32_Ehdr), sizeof(Elf32_Phdr), sizeof(Elf32_Shdr), sizeof(Elf32_Sym),
	       sizeof(Elf32_Dyn), sizeof(Elf32_Verdef), sizeof(Elf32_Verdaux), sizeof(Elf32_auxv_t));
	printf("Elf64: Ehdr %zu Phdr %zu Shdr %zu Sym %zu Dyn %zu auxv %zu\n", sizeof(Elf64_Ehdr),
	       sizeof(Elf64_Phdr), sizeof(Elf64_Shdr), sizeof(Elf64_Sym), sizeof(Elf64_Dyn),
	       sizeof(Elf64_auxv_t));
	printf("ST_BIND %d ST_TYPE %d ST_INFO %d EM_386 %d DT_VERSYM %#x PT_GNU_STACK %#x AT_RANDOM %d\n",
	       ELF32_ST_BIND(0x12), ELF64_ST_TYPE(0x12), ELF32_ST_INFO(STB_GLOBAL, STT_FUNC), EM_386,
	       DT_VERSYM, PT_GNU_STACK, AT_RANDOM);
	printf("IN_ALL_EVENTS %#x IN_CLOEXEC %#o PTRACE_SEIZE %#x PTRACE_O_MASK %#x PER_LINUX32 %#x\n",
	       IN_ALL_EVENTS, IN_CLOEXEC, PTRACE_SEIZE, PTRACE_O_MASK, PER_LINUX32);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	heap();
	aio();
	others();
	return 0;
}
