/*
 * The file calls on the initramfs (fs/): open, read, lseek/_llseek,
 * fstat/stat (and the raw stat64 layouts), getdents64 through readdir, dup,
 * dup2, access, close, and every bad input's errno: bad descriptors, bad
 * pointers, missing names, names under a file, names too long, writing to
 * a read-only tree.  The archive holds the programs of user/bin as
 * /bin/NAME (mk/initramfs.mk), among them /bin/hello and /bin/demo.
 * Exit must give back every page (the runner checks), open files included.
 */
/* initramfs: yes */
/* expect: status=0 */
/* parallel: yes */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <abi/stat.h>
#include "../tap.h"

#define BAD_LOW ((void *)1)
#define BAD_KERNEL ((void *)0xC0100000)

/* call must fail with -1 and errno e. */
#define FAILS(call, e) ((errno = 0, (call) == -1) && errno == (e))

static char big[8192];

int main(void)
{
	char buf[64], path[300];
	struct stat st, st2;
	struct abi_stat64 k64;
	struct abi_stat k32;
	long long off64;
	int fd, fd2, n, seen_hello = 0, seen_demo = 0, seen_dot = 0, entries = 0;
	long total = 0;
	DIR *d;
	struct dirent *e;

	/* open, read, stat agree on /bin/hello, an ELF executable. */
	fd = open("/bin/hello", O_RDONLY);
	UTAP_OK(fd == 3, "open /bin/hello -> fd 3 (lowest free after the console's 0-2): %d", fd);
	n = (int)read(fd, buf, 4);
	UTAP_OK(n == 4 && !memcmp(buf, "\177ELF", 4), "read its first 4 bytes: the ELF magic");
	UTAP_OK(fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111) &&
			st.st_size > 1000 && st.st_nlink == 1 && st.st_blocks == (st.st_size + 511) / 512,
		"fstat: an executable regular file of %ld bytes", (long)st.st_size);
	UTAP_OK(stat("/bin/hello", &st2) == 0 && st2.st_ino == st.st_ino &&
			st2.st_size == st.st_size && st2.st_mode == st.st_mode,
		"stat agrees with fstat");
	while ((n = (int)read(fd, big, sizeof(big))) > 0)
		total += n;
	UTAP_OK(n == 0 && total + 4 == st.st_size, "read to the end: st_size bytes, then 0");
	UTAP_OK(lseek(fd, 0, SEEK_CUR) == st.st_size, "offset at the end");
	UTAP_OK(lseek(fd, 1, SEEK_SET) == 1 && read(fd, buf, 3) == 3 && !memcmp(buf, "ELF", 3),
		"lseek SEEK_SET 1, read 'ELF'");
	UTAP_OK(lseek(fd, -2, SEEK_END) == st.st_size - 2 && read(fd, buf, 10) == 2,
		"lseek SEEK_END -2 leaves 2 bytes");
	UTAP_OK(lseek(fd, 100, SEEK_END) == st.st_size + 100 && read(fd, buf, 10) == 0,
		"past the end: allowed, reads 0");
	UTAP_OK(FAILS(lseek(fd, -1, SEEK_SET), EINVAL), "lseek to -1 -> EINVAL");
	UTAP_OK(FAILS(lseek(fd, 0, 3), EINVAL), "lseek whence 3 -> EINVAL");
	UTAP_OK(syscall(SYS__llseek, fd, 0, 16, &off64, SEEK_SET) == 0 && off64 == 16 &&
			lseek(fd, 0, SEEK_CUR) == 16,
		"_llseek to 16 writes the 64-bit offset");
	UTAP_OK(FAILS(syscall(SYS__llseek, fd, 0, 0, BAD_KERNEL, SEEK_SET), EFAULT),
		"_llseek result into the kernel -> EFAULT");
	UTAP_OK(FAILS(read(fd, NULL, 8), EFAULT), "read into NULL -> EFAULT");
	UTAP_OK(FAILS(read(fd, BAD_KERNEL, 8), EFAULT), "read into the kernel -> EFAULT");
	UTAP_OK(FAILS(write(fd, "x", 1), EBADF), "write to a file opened O_RDONLY -> EBADF");
	UTAP_OK(FAILS(lseek(0, 0, SEEK_SET), ESPIPE), "lseek on the console -> ESPIPE");

	/* The raw layouts. */
	UTAP_OK(syscall(SYS_fstat64, fd, &k64) == 0 && (long)k64.st_size == (long)st.st_size &&
			k64.st_ino == st.st_ino && k64.st_ino32 == st.st_ino &&
			k64.st_blksize == 4096,
		"fstat64: Linux's 96-byte layout");
	UTAP_OK(syscall(SYS_stat, "/bin/hello", &k32) == 0 && k32.st_size == (unsigned long)st.st_size &&
			k32.st_mode == (st.st_mode & 0xffff) && k32.st_ino == st.st_ino,
		"stat (106): the old 64-byte layout");
	UTAP_OK(FAILS(syscall(SYS_fstat64, fd, BAD_LOW), EFAULT), "fstat64 into (void *)1 -> EFAULT");
	UTAP_OK(FAILS(fstat(fd, BAD_KERNEL), EFAULT), "fstat into the kernel -> EFAULT");
	UTAP_OK(FAILS(stat("/bin/hello", NULL), EFAULT), "stat into NULL -> EFAULT");
	UTAP_OK(FAILS(stat(BAD_LOW, &st), EFAULT), "stat of a path at (void *)1 -> EFAULT");
	UTAP_OK(FAILS(open(BAD_KERNEL, O_RDONLY), EFAULT), "open of a path in the kernel -> EFAULT");

	/* dup and dup2 share the offset; close frees the slot. */
	lseek(fd, 0, SEEK_SET);
	fd2 = dup(fd);
	UTAP_OK(fd2 == 4, "dup -> 4: %d", fd2);
	UTAP_OK(read(fd2, buf, 2) == 2 && lseek(fd, 0, SEEK_CUR) == 2, "the dup shares the offset");
	UTAP_OK(dup2(fd, 10) == 10 && lseek(10, 0, SEEK_CUR) == 2, "dup2 to 10");
	UTAP_OK(dup2(fd, fd) == fd, "dup2 onto itself returns it");
	UTAP_OK(close(fd) == 0 && read(fd2, buf, 1) == 1 && lseek(10, 0, SEEK_CUR) == 3,
		"closing one leaves the others open");
	UTAP_OK(FAILS(close(fd), EBADF), "closing twice -> EBADF");
	UTAP_OK(FAILS(read(fd, buf, 1), EBADF), "read of a closed fd -> EBADF");
	UTAP_OK(FAILS(dup(99), EBADF) && FAILS(dup(-1), EBADF), "dup of a bad fd -> EBADF");
	UTAP_OK(FAILS(dup2(99, 5), EBADF) && FAILS(dup2(fd2, -1), EBADF) &&
			FAILS(dup2(fd2, 64), EBADF),
		"dup2 of a bad fd or to one out of range -> EBADF");
	UTAP_OK(FAILS(fstat(99, &st), EBADF) && FAILS(lseek(-1, 0, SEEK_SET), EBADF) &&
			FAILS(close(64), EBADF),
		"fstat, lseek, close of bad fds -> EBADF");
	/* The console survives a dup2 of stdout elsewhere and back. */
	UTAP_OK(dup2(1, 20) == 20 && write(20, "# via fd 20\n", 12) == 12 && close(20) == 0,
		"the console dup'ed to 20 writes");
	UTAP_OK(fstat(1, &st2) == 0 && S_ISCHR(st2.st_mode), "fd 1 is a character device");
	/* Fill the table (0-2, 4 and 10 in use): EMFILE, then every slot back. */
	n = 0;
	while (dup(fd2) >= 0)
		n++;
	UTAP_OK(errno == EMFILE && n == 64 - 5, "the 64-slot table full -> EMFILE after %d dups", n);
	for (int i = 5; i < 64; i++)
		if (i != fd2 && i != 10)
			close(i);
	close(fd2);
	close(10);

	/* Paths: ., .., repeated slashes; ENOENT, ENOTDIR, ENAMETOOLONG. */
	UTAP_OK(stat("//bin/./../bin//hello", &st2) == 0 && st2.st_ino == st.st_ino,
		"//bin/./../bin//hello is /bin/hello");
	UTAP_OK(stat("/..", &st2) == 0 && stat("/", &st) == 0 && st.st_ino == st2.st_ino &&
			S_ISDIR(st.st_mode),
		"/.. is /");
	UTAP_OK(stat("bin/hello", &st2) == 0, "a relative path starts at / (no cwd yet)");
	UTAP_OK(FAILS(open("/bin/nothere", O_RDONLY), ENOENT), "a missing name -> ENOENT");
	UTAP_OK(FAILS(open("/nodir/hello", O_RDONLY), ENOENT), "under a missing directory -> ENOENT");
	UTAP_OK(FAILS(open("", O_RDONLY), ENOENT), "the empty path -> ENOENT");
	UTAP_OK(FAILS(open("/bin/hello/x", O_RDONLY), ENOTDIR), "under a file -> ENOTDIR");
	UTAP_OK(FAILS(open("/bin/hello/", O_RDONLY), ENOTDIR), "a file with a trailing slash -> ENOTDIR");
	UTAP_OK(FAILS(open("/bin/hello", O_RDONLY | O_DIRECTORY), ENOTDIR), "O_DIRECTORY on a file -> ENOTDIR");
	memset(path, 'a', sizeof(path));
	path[0] = '/';
	path[257] = '\0';
	UTAP_OK(FAILS(open(path, O_RDONLY), ENAMETOOLONG), "a 256-byte name -> ENAMETOOLONG");
	path[256] = '\0';
	UTAP_OK(FAILS(open(path, O_RDONLY), ENOENT), "a 255-byte name is only missing -> ENOENT");
	memset(big, '/', sizeof(big));
	big[4096] = '\0';
	UTAP_OK(FAILS(open(big, O_RDONLY), ENAMETOOLONG), "a 4096-byte path -> ENAMETOOLONG");
	big[4095] = '\0';
	UTAP_OK((fd = open(big, O_RDONLY | O_DIRECTORY)) >= 0 && close(fd) == 0,
		"a 4095-byte path (slashes: /) opens");

	/* A read-only tree. */
	UTAP_OK(FAILS(open("/bin/hello", O_WRONLY), EROFS), "O_WRONLY on a file -> EROFS");
	UTAP_OK(FAILS(open("/bin/hello", O_RDWR), EROFS), "O_RDWR on a file -> EROFS");
	UTAP_OK(FAILS(open("/bin/hello", O_RDONLY | O_TRUNC), EROFS), "O_TRUNC on a file -> EROFS");
	UTAP_OK(FAILS(open("/bin/new", O_WRONLY | O_CREAT, 0644), EROFS), "O_CREAT of a new name -> EROFS");
	UTAP_OK(FAILS(open("/nodir/new", O_WRONLY | O_CREAT, 0644), ENOENT),
		"O_CREAT under a missing directory -> ENOENT");
	UTAP_OK(FAILS(open("/bin/hello", O_RDONLY | O_CREAT | O_EXCL, 0644), EEXIST),
		"O_CREAT|O_EXCL of an existing file -> EEXIST");
	UTAP_OK((fd = open("/bin/hello", O_RDONLY | O_CREAT, 0644)) >= 0 && close(fd) == 0,
		"O_CREAT of an existing file, read-only, opens it");
	UTAP_OK(FAILS(open("/bin", O_WRONLY), EISDIR), "O_WRONLY on a directory -> EISDIR");
	UTAP_OK(FAILS(open("/bin", O_RDONLY | O_CREAT, 0644), EISDIR), "O_CREAT on a directory -> EISDIR");

	/* access. */
	UTAP_OK(access("/bin/hello", R_OK | X_OK) == 0 && access("/bin", X_OK) == 0,
		"access R_OK|X_OK: a program, a directory");
	UTAP_OK(FAILS(access("/bin/hello", W_OK), EROFS), "access W_OK -> EROFS");
	UTAP_OK(FAILS(access("/bin/nothere", F_OK), ENOENT), "access of a missing name -> ENOENT");
	UTAP_OK(FAILS(access("/bin/hello", 8), EINVAL), "access mode 8 -> EINVAL");
	UTAP_OK(FAILS(access(NULL, F_OK), EFAULT), "access NULL -> EFAULT");

	/* Directories: read is EISDIR; /bin lists ., .., hello and demo. */
	fd = open("/bin", O_RDONLY | O_DIRECTORY);
	UTAP_OK(fd >= 0 && FAILS(read(fd, buf, sizeof(buf)), EISDIR), "read of a directory -> EISDIR");
	UTAP_OK(openat(fd, "hello", O_RDONLY) == fd + 1 && close(fd + 1) == 0,
		"openat(a directory fd, \"hello\")");
	UTAP_OK(FAILS(openat(0, "hello", O_RDONLY), ENOTDIR), "openat relative to the console -> ENOTDIR");
	UTAP_OK(FAILS(openat(77, "hello", O_RDONLY), EBADF), "openat relative to a bad fd -> EBADF");
	UTAP_OK((fd2 = openat(77, "/bin/demo", O_RDONLY)) >= 0 && close(fd2) == 0,
		"openat of an absolute path ignores dirfd");
	UTAP_OK(FAILS(syscall(SYS_getdents64, fd, buf, 10), EINVAL), "getdents64 into 10 bytes -> EINVAL");
	UTAP_OK(FAILS(syscall(SYS_getdents64, fd, BAD_KERNEL, 4096), EFAULT), "getdents64 into the kernel -> EFAULT");
	lseek(fd, 0, SEEK_SET);
	UTAP_OK(FAILS(syscall(SYS_getdents64, 0, big, 4096), ENOTDIR), "getdents64 of the console -> ENOTDIR");
	close(fd);
	d = opendir("/bin");
	UTAP_OK(d != NULL, "opendir /bin");
	while (d && (e = readdir(d))) {
		entries++;
		seen_dot += !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
		if (!strcmp(e->d_name, "hello"))
			seen_hello = e->d_type == DT_REG;
		if (!strcmp(e->d_name, "demo"))
			seen_demo = e->d_type == DT_REG;
		printf("# /bin/%s\n", e->d_name);
	}
	UTAP_OK(seen_dot == 2 && seen_hello && seen_demo, "readdir: ., .., hello and demo (DT_REG), %d entries", entries);
	UTAP_OK(stat("/bin", &st) == 0 && (int)st.st_nlink == 2, "/bin: nlink 2 (no subdirectories)");
	if (d)
		rewinddir(d);
	UTAP_OK(d && readdir(d) && closedir(d) == 0, "rewinddir, read again, closedir");
	UTAP_OK(FAILS(opendir("/bin/hello") ? 0 : -1, ENOTDIR), "opendir of a file -> ENOTDIR");

	/* Open files left open on purpose: exit must free them. */
	UTAP_OK(open("/bin/hello", O_RDONLY | O_CLOEXEC) >= 0 && open("/bin", O_RDONLY) >= 0,
		"two files left open for exit to close");
	return done_testing();
}
