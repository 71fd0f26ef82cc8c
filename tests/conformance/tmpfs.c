/*
 * tmpfs, from a fresh directory under /dev/shm (a tmpfs on Linux and on
 * tick386): files made, written, read, truncated, renamed and removed;
 * directories; the working directory; the errors of each call on bad
 * input, in Linux's order; statfs's magic; a file unlinked while open.
 * Every name is relative to the fresh directory, so the outputs compare
 * line by line; sizes, link counts and modes printed are exact.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>
#include "conformance.h"

#define TMPFS_MAGIC_ 0x01021994

static char top[64];

static long file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) ? -1 : (long)st.st_size;
}

static int count_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n++;
	closedir(d);
	return n;
}

static void files(void)
{
	char buf[64];
	struct stat st;
	int fd, fd2;

	fd = open("f", O_RDWR | O_CREAT | O_EXCL, 0644);
	ok(fd >= 0, "open O_CREAT|O_EXCL of a new name");
	ok(fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 07777) == 0644 &&
	       st.st_nlink == 1 && st.st_size == 0,
	   "a regular file, 0644, one link, empty");
	EXPECT(open("f", O_RDWR | O_CREAT | O_EXCL, 0644), EEXIST, "O_CREAT|O_EXCL again -> EEXIST");
	ok(write(fd, "hello world", 11) == 11, "write 11 bytes");
	ok(lseek(fd, 0, SEEK_CUR) == 11, "the offset follows: 11");
	ok(lseek(fd, 0, SEEK_END) == 11, "SEEK_END: 11");
	ok(lseek(fd, 6, SEEK_SET) == 6 && read(fd, buf, 10) == 5 && !memcmp(buf, "world", 5),
	   "read back from 6: world");
	ok(read(fd, buf, 10) == 0, "read at the end: 0");
	ok(pread(fd, buf, 5, 0) == 5 && !memcmp(buf, "hello", 5), "pread at 0: hello");
	ok(lseek(fd, 0, SEEK_CUR) == 11, "pread leaves the offset");
	ok(pwrite(fd, "J", 1, 0) == 1 && pread(fd, buf, 1, 0) == 1 && buf[0] == 'J',
	   "pwrite at 0");
	EXPECT(pread(fd, buf, 1, -1), EINVAL, "pread at -1 -> EINVAL");
	EXPECT(lseek(fd, -1, SEEK_SET), EINVAL, "lseek to -1 -> EINVAL");
	ok(lseek(fd, 100, SEEK_SET) == 100 && write(fd, "x", 1) == 1, "write past the end");
	ok(file_size("f") == 101, "the size: 101");
	ok(pread(fd, buf, 4, 50) == 4 && !memcmp(buf, "\0\0\0\0", 4), "the hole reads as zeros");
	ok(ftruncate(fd, 5) == 0 && file_size("f") == 5, "ftruncate to 5");
	ok(ftruncate(fd, 8192) == 0 && file_size("f") == 8192, "ftruncate up to 8192");
	ok(pread(fd, buf, 4, 4) == 4 && buf[0] == 'o' && buf[1] == 0, "the grown part reads zeros");
	EXPECT(ftruncate(fd, -1), EINVAL, "ftruncate to -1 -> EINVAL");
	ok(truncate("f", 3) == 0 && file_size("f") == 3, "truncate by name to 3");
	EXPECT(truncate("missing", 0), ENOENT, "truncate of a missing name -> ENOENT");
	EXPECT(truncate(".", 0), EISDIR, "truncate of a directory -> EISDIR");
	ok(fsync(fd) == 0 && fdatasync(fd) == 0, "fsync, fdatasync");
	close(fd);

	fd = open("f", O_RDONLY);
	EXPECT(ftruncate(fd, 0), EINVAL, "ftruncate of a read-only descriptor -> EINVAL");
	EXPECT(write(fd, "x", 1), EBADF, "write to a read-only descriptor -> EBADF");
	close(fd);
	fd = open("f", O_WRONLY | O_APPEND);
	ok(lseek(fd, 0, SEEK_SET) == 0 && write(fd, "ab", 2) == 2 && file_size("f") == 5,
	   "O_APPEND writes at the end whatever the offset");
	ok(pwrite(fd, "c", 1, 0) == 1 && file_size("f") == 6, "pwrite with O_APPEND appends (Linux)");
	EXPECT(read(fd, buf, 1), EBADF, "read of a write-only descriptor -> EBADF");
	close(fd);
	fd = open("f", O_RDWR | O_TRUNC);
	ok(fd >= 0 && file_size("f") == 0, "O_TRUNC empties it");
	close(fd);
	ok(write(fd = open("f", O_WRONLY), "abc", 3) == 3, "write again");
	close(fd);
	fd = open("f", O_RDONLY | O_TRUNC);
	ok(fd >= 0 && file_size("f") == 0, "O_RDONLY|O_TRUNC truncates too (Linux)");
	close(fd);
	EXPECT(open("f/", O_RDONLY), ENOTDIR, "a file with a trailing slash -> ENOTDIR");
	EXPECT(open("f/x", O_RDONLY | O_CREAT, 0644), ENOTDIR, "create under a file -> ENOTDIR");
	EXPECT(open("f", O_RDONLY | O_DIRECTORY), ENOTDIR, "O_DIRECTORY of a file -> ENOTDIR");
	EXPECT(open("g/", O_RDWR | O_CREAT, 0644), EISDIR, "O_CREAT of a name with a slash -> EISDIR");
	EXPECT(open("g", O_RDWR | O_CREAT | O_DIRECTORY, 0644), EINVAL,
	       "O_CREAT|O_DIRECTORY -> EINVAL");
	EXPECT(open("nodir/g", O_RDWR | O_CREAT, 0644), ENOENT, "create under a missing dir -> ENOENT");
	EXPECT(open("missing", O_RDONLY), ENOENT, "open of a missing name -> ENOENT");
	fd = open("f", O_RDONLY | O_NOFOLLOW);
	ok(fd >= 0, "O_NOFOLLOW on a file");
	close(fd);

	/* holes: SEEK_DATA, SEEK_HOLE, st_blocks (pages held) */
	fd = open("s", O_RDWR | O_CREAT, 0600);
	ok(pwrite(fd, "x", 1, 8192) == 1 && fstat(fd, &st) == 0 && st.st_size == 8193 &&
	       st.st_blocks == 8,
	   "one byte at 8192: size 8193, 8 blocks (one page)");
	ok(lseek(fd, 0, SEEK_DATA) == 8192, "SEEK_DATA from 0: 8192");
	ok(lseek(fd, 0, SEEK_HOLE) == 0, "SEEK_HOLE from 0: 0");
	ok(lseek(fd, 8192, SEEK_HOLE) == 8193, "SEEK_HOLE in the last page: the end");
	EXPECT(lseek(fd, 9000, SEEK_DATA), ENXIO, "SEEK_DATA past the end -> ENXIO");
	EXPECT(lseek(fd, -1, SEEK_HOLE), ENXIO, "SEEK_HOLE from -1 -> ENXIO");
	close(fd);
	unlink("s");

	/* statx */
	{
		struct statx sx;

		fd = open("sx", O_RDWR | O_CREAT, 0640);
		ok(write(fd, "12345", 5) == 5 && statx(AT_FDCWD, "sx", 0, STATX_BASIC_STATS, &sx) == 0 &&
		       (sx.stx_mask & STATX_BASIC_STATS) == STATX_BASIC_STATS && sx.stx_size == 5 &&
		       sx.stx_mode == (S_IFREG | 0640) && sx.stx_nlink == 1,
		   "statx: the basic fields");
		ok(statx(fd, "", AT_EMPTY_PATH, STATX_SIZE, &sx) == 0 && sx.stx_size == 5,
		   "statx AT_EMPTY_PATH of the descriptor");
		EXPECT(statx(AT_FDCWD, "sx", 0x6000, STATX_SIZE, &sx), EINVAL,
		       "statx FORCE_SYNC|DONT_SYNC -> EINVAL");
		EXPECT(statx(AT_FDCWD, "sx", 0, 0x80000000u, &sx), EINVAL,
		       "statx reserved mask bit -> EINVAL");
		EXPECT(statx(AT_FDCWD, "missing", 0, STATX_SIZE, &sx), ENOENT, "statx missing -> ENOENT");
		close(fd);
		unlink("sx");
	}

	/* mknod's other types */
	ok(mknod("sock", S_IFSOCK | 0600, 0) == 0 && stat("sock", &st) == 0 &&
	       S_ISSOCK(st.st_mode),
	   "mknod S_IFSOCK: a socket's name");
	EXPECT(open("sock", O_RDONLY), ENXIO, "opening a socket's name -> ENXIO");
	EXPECT(truncate("sock", 0), EINVAL, "truncate of it -> EINVAL");
	EXPECT(mknod("dd", S_IFDIR | 0700, 0), EPERM, "mknod S_IFDIR -> EPERM");
	EXPECT(mknod("dd", 0170000 | 0700, 0), EINVAL, "mknod of no type -> EINVAL");
	EXPECT(mknod("sock", S_IFIFO | 0700, 0), EEXIST, "mknod of an existing name -> EEXIST");
	unlink("sock");

	/* umask and modes */
	umask(027);
	fd = open("m", O_RDWR | O_CREAT, 0777);
	ok(fstat(fd, &st) == 0 && (st.st_mode & 07777) == 0750, "the umask takes bits: 0750");
	ok(umask(022) == 027, "umask returns the old mask");
	ok(fchmod(fd, 04711) == 0 && fstat(fd, &st) == 0 && (st.st_mode & 07777) == 04711,
	   "fchmod 04711");
	ok(chmod("m", 0600) == 0 && stat("m", &st) == 0 && (st.st_mode & 07777) == 0600,
	   "chmod 0600");
	ok(fchmodat(AT_FDCWD, "m", 0640, 0) == 0 && stat("m", &st) == 0 &&
	       (st.st_mode & 07777) == 0640,
	   "fchmodat 0640");
	ok(chown("m", 12, 34) == 0 && stat("m", &st) == 0 && st.st_uid == 12 && st.st_gid == 34,
	   "chown 12:34");
	ok(fchown(fd, (uid_t)-1, 56) == 0 && fstat(fd, &st) == 0 && st.st_uid == 12 &&
	       st.st_gid == 56,
	   "fchown -1:56 keeps the owner");
	ok(fchmod(fd, 06755) == 0 && fchown(fd, 1, (gid_t)-1) == 0 && fstat(fd, &st) == 0 &&
	       (st.st_mode & 07777) == 0755,
	   "chown of an executable drops set-user-ID and set-group-ID");
	EXPECT(chmod("missing", 0600), ENOENT, "chmod of a missing name -> ENOENT");
	close(fd);

	/* access: root reads and writes anything, executes with an x bit */
	ok(chmod("m", 0) == 0 && access("m", R_OK | W_OK) == 0, "access R_OK|W_OK of mode 0 as root");
	EXPECT(access("m", X_OK), EACCES, "access X_OK without x bits -> EACCES");
	ok(chmod("m", 0001) == 0 && access("m", X_OK) == 0, "X_OK with one x bit");
	ok(faccessat(AT_FDCWD, "m", X_OK, AT_EACCESS) == 0, "faccessat AT_EACCESS");
	EXPECT(faccessat(AT_FDCWD, "m", F_OK, 0x8000), EINVAL, "faccessat bad flags -> EINVAL");

	/* utimensat */
	{
		struct timespec t[2] = {{1000, 5}, {2000, 6}};

		ok(utimensat(AT_FDCWD, "m", t, 0) == 0 && stat("m", &st) == 0 &&
		       st.st_atim.tv_sec == 1000 && st.st_atim.tv_nsec == 5 &&
		       st.st_mtim.tv_sec == 2000 && st.st_mtim.tv_nsec == 6,
		   "utimensat sets both times to the nanosecond");
		t[0].tv_nsec = UTIME_OMIT;
		t[1].tv_sec = 3000;
		t[1].tv_nsec = 0;
		ok(utimensat(AT_FDCWD, "m", t, 0) == 0 && stat("m", &st) == 0 &&
		       st.st_atim.tv_sec == 1000 && st.st_mtim.tv_sec == 3000,
		   "UTIME_OMIT keeps atime");
		t[1].tv_nsec = 1000000000;
		EXPECT(utimensat(AT_FDCWD, "m", t, 0), EINVAL, "tv_nsec 1e9 -> EINVAL");
		fd = open("m", O_RDONLY);
		ok(futimens(fd, NULL) == 0 && fstat(fd, &st) == 0 && st.st_mtim.tv_sec > 3000,
		   "futimens(NULL): now");
		close(fd);
		EXPECT(utimensat(AT_FDCWD, "missing", NULL, 0), ENOENT, "utimensat missing -> ENOENT");
		EXPECT(utimensat(AT_FDCWD, "m", NULL, 0x4000), EINVAL, "utimensat bad flags -> EINVAL");
	}

	/* a file unlinked while open lives on until the last close */
	fd = open("u", O_RDWR | O_CREAT, 0600);
	fd2 = open("u", O_RDONLY);
	ok(write(fd, "still here", 10) == 10 && unlink("u") == 0, "unlink an open file");
	EXPECT(stat("u", &st), ENOENT, "its name is gone");
	ok(fstat(fd, &st) == 0 && st.st_nlink == 0 && st.st_size == 10, "fstat: nlink 0, size 10");
	ok(read(fd2, buf, 20) == 10 && !memcmp(buf, "still here", 10),
	   "another descriptor still reads it");
	ok(write(fd, "!", 1) == 1 && fstat(fd2, &st) == 0 && st.st_size == 11, "and writes grow it");
	close(fd);
	close(fd2);
	unlink("f");
	unlink("m");
}

static void dirs(void)
{
	struct stat st;
	char cwd[256];
	int dfd, fd;

	ok(mkdir("d", 0755) == 0, "mkdir d");
	ok(stat("d", &st) == 0 && S_ISDIR(st.st_mode) && st.st_nlink == 2 && st.st_size == 40,
	   "a directory: two links, size 40 (20 an entry, . and .. counted)");
	ok(stat(".", &st) == 0 && st.st_nlink == 3, "the parent has one link more: 3");
	EXPECT(mkdir("d", 0755), EEXIST, "mkdir of an existing name -> EEXIST");
	EXPECT(mkdir("d/", 0755), EEXIST, "mkdir d/ -> EEXIST");
	EXPECT(mkdir(".", 0755), EEXIST, "mkdir . -> EEXIST");
	EXPECT(mkdir("..", 0755), EEXIST, "mkdir .. -> EEXIST");
	EXPECT(mkdir("/", 0755), EEXIST, "mkdir / -> EEXIST");
	EXPECT(mkdir("x/y", 0755), ENOENT, "mkdir under a missing dir -> ENOENT");
	ok(mkdir("d/e/", 0700) == 0, "mkdir with a trailing slash");
	fd = open("d/file", O_WRONLY | O_CREAT, 0644);
	close(fd);
	EXPECT(mkdir("d/file/x", 0755), ENOTDIR, "mkdir under a file -> ENOTDIR");
	ok(stat("d", &st) == 0 && st.st_nlink == 3 && st.st_size == 80, "d: 3 links, size 80");
	ok(count_entries("d") == 4, "readdir of d: ., .., e, file");
	EXPECT(rmdir("d"), ENOTEMPTY, "rmdir of a non-empty dir -> ENOTEMPTY");
	EXPECT(rmdir("d/file"), ENOTDIR, "rmdir of a file -> ENOTDIR");
	EXPECT(rmdir("d/."), EINVAL, "rmdir d/. -> EINVAL");
	EXPECT(rmdir("d/.."), ENOTEMPTY, "rmdir d/.. -> ENOTEMPTY");
	EXPECT(rmdir("missing"), ENOENT, "rmdir of a missing name -> ENOENT");
	EXPECT(rmdir("/dev/shm"), EBUSY, "rmdir of a mount point -> EBUSY");
	EXPECT(unlink("d"), EISDIR, "unlink of a directory -> EISDIR");
	EXPECT(unlink("d/"), EISDIR, "unlink d/ -> EISDIR");
	EXPECT(unlink("d/file/"), ENOTDIR, "unlink file/ -> ENOTDIR");
	EXPECT(unlink("missing"), ENOENT, "unlink of a missing name -> ENOENT");
	EXPECT(unlinkat(AT_FDCWD, "d/e", 0x1), EINVAL, "unlinkat bad flags -> EINVAL");
	EXPECT(unlinkat(AT_FDCWD, "d/file", AT_REMOVEDIR), ENOTDIR,
	       "unlinkat AT_REMOVEDIR of a file -> ENOTDIR");
	ok(unlinkat(AT_FDCWD, "d/e", AT_REMOVEDIR) == 0, "unlinkat AT_REMOVEDIR");

	/* the *at calls from a directory descriptor */
	dfd = open("d", O_RDONLY | O_DIRECTORY);
	ok(mkdirat(dfd, "sub", 0700) == 0 && stat("d/sub", &st) == 0, "mkdirat from dirfd");
	fd = openat(dfd, "sub/g", O_RDWR | O_CREAT, 0600);
	ok(fd >= 0 && stat("d/sub/g", &st) == 0, "openat O_CREAT from dirfd");
	close(fd);
	ok(fstatat(dfd, "sub/g", &st, 0) == 0 && S_ISREG(st.st_mode), "fstatat from dirfd");
	EXPECT(openat(fd, "x", O_RDONLY), EBADF, "openat with a closed dirfd -> EBADF");
	fd = open("d/file", O_RDONLY);
	EXPECT(openat(fd, "x", O_RDONLY), ENOTDIR, "openat with a file's fd -> ENOTDIR");
	close(fd);
	ok(unlinkat(dfd, "sub/g", 0) == 0 && unlinkat(dfd, "sub", AT_REMOVEDIR) == 0,
	   "unlinkat from dirfd");

	/* the working directory */
	ok(getcwd(cwd, sizeof(cwd)) && !strcmp(cwd, top), "getcwd names the fresh directory");
	ok(chdir("d") == 0 && getcwd(cwd, sizeof(cwd)) && !strcmp(cwd + strlen(top), "/d"),
	   "chdir d: getcwd ends in /d");
	ok(stat("file", &st) == 0, "a relative name starts there");
	ok(chdir("..") == 0 && fchdir(dfd) == 0 && stat("file", &st) == 0, "fchdir");
	EXPECT(chdir("file"), ENOTDIR, "chdir to a file -> ENOTDIR");
	EXPECT(chdir("missing"), ENOENT, "chdir to a missing name -> ENOENT");
	fd = open("file", O_RDONLY);
	EXPECT(fchdir(fd), ENOTDIR, "fchdir to a file -> ENOTDIR");
	close(fd);
	EXPECT(fchdir(-1), EBADF, "fchdir(-1) -> EBADF");
	errno = 0;
	ok(getcwd(cwd, strlen(top) + 2) == NULL && errno == ERANGE,
	   "getcwd with a short buffer -> ERANGE");
	ok(unlink("file") == 0 && mkdir("gone", 0700) == 0 && chdir("gone") == 0 &&
	       rmdir("../gone") == 0,
	   "rmdir of the working directory succeeds");
	errno = 0;
	ok(getcwd(cwd, sizeof(cwd)) == NULL && errno == ENOENT, "getcwd then -> ENOENT");
	EXPECT(open("new", O_RDWR | O_CREAT, 0600), ENOENT, "creating in it -> ENOENT");
	EXPECT(mkdir("new", 0700), ENOENT, "mkdir in it -> ENOENT");
	ok(chdir("..") == 0 && getcwd(cwd, sizeof(cwd)) && !strcmp(cwd + strlen(top), "/d"),
	   "its .. still leads back");
	ok(chdir(top) == 0, "chdir back");
	close(dfd);
	ok(rmdir("d") == 0, "rmdir the emptied d");
	ok(stat(".", &st) == 0 && st.st_nlink == 2, "the parent's links come back: 2");
}

static void renames(void)
{
	struct stat st;
	ino_t ino;
	int fd;

	close(open("a", O_WRONLY | O_CREAT, 0644));
	stat("a", &st);
	ino = st.st_ino;
	ok(rename("a", "b") == 0 && stat("b", &st) == 0 && st.st_ino == ino, "rename a b");
	EXPECT(stat("a", &st), ENOENT, "the old name is gone");
	ok(rename("b", "b") == 0, "rename to itself: 0");
	fd = open("c", O_WRONLY | O_CREAT, 0644);
	ok(write(fd, "cc", 2) == 2 && rename("b", "c") == 0 && file_size("c") == 0,
	   "rename over a file replaces it");
	ok(write(fd, "x", 1) == 1, "the replaced file stays open");
	close(fd);
	mkdir("D", 0755);
	mkdir("E", 0755);
	EXPECT(rename("c", "D"), EISDIR, "a file over a directory -> EISDIR");
	EXPECT(rename("D", "c"), ENOTDIR, "a directory over a file -> ENOTDIR");
	EXPECT(rename("D", "D/sub"), EINVAL, "a directory into itself -> EINVAL");
	close(open("E/x", O_WRONLY | O_CREAT, 0644));
	EXPECT(rename("D", "E"), ENOTEMPTY, "over a non-empty directory -> ENOTEMPTY");
	EXPECT(rename("E/x", "E"), ENOTEMPTY, "a file over its own directory -> ENOTEMPTY");
	ok(rename("E/x", "x") == 0 && rename("D", "E") == 0 && stat("D", &st) != 0,
	   "a directory over an empty one");
	EXPECT(rename("missing", "y"), ENOENT, "rename of a missing name -> ENOENT");
	EXPECT(rename("x", "nodir/y"), ENOENT, "rename into a missing dir -> ENOENT");
	EXPECT(rename("x/", "y"), ENOTDIR, "a file with a trailing slash -> ENOTDIR");
	EXPECT(rename("x", "y/"), ENOTDIR, "to a new name with a slash -> ENOTDIR");
	EXPECT(rename(".", "y"), EBUSY, "rename of . -> EBUSY");
	EXPECT(rename("x", ".."), EBUSY, "rename over .. -> EBUSY");
	mkdir("E/in", 0755);
	EXPECT(rename("E/in", "E"), ENOTEMPTY, "a directory over its parent -> ENOTEMPTY");
	ok(rename("E", "F/") == 0 && stat("F/in", &st) == 0, "a directory with a slash");
	EXPECT(renameat2(AT_FDCWD, "x", AT_FDCWD, "c", RENAME_NOREPLACE), EEXIST,
	       "RENAME_NOREPLACE over a name -> EEXIST");
	ok(renameat2(AT_FDCWD, "x", AT_FDCWD, "z", RENAME_NOREPLACE) == 0, "RENAME_NOREPLACE");
	ok(renameat2(AT_FDCWD, "z", AT_FDCWD, "F", RENAME_EXCHANGE) == 0 && stat("z/in", &st) == 0 &&
	       stat("F", &st) == 0 && S_ISREG(st.st_mode),
	   "RENAME_EXCHANGE swaps a file and a directory");
	EXPECT(renameat2(AT_FDCWD, "z", AT_FDCWD, "none", RENAME_EXCHANGE), ENOENT,
	       "RENAME_EXCHANGE with a missing name -> ENOENT");
	EXPECT(renameat2(AT_FDCWD, "z", AT_FDCWD, "F", RENAME_EXCHANGE | RENAME_NOREPLACE), EINVAL,
	       "EXCHANGE|NOREPLACE -> EINVAL");
	EXPECT(renameat2(AT_FDCWD, "z", AT_FDCWD, "F", 0x100), EINVAL, "unknown flags -> EINVAL");
	EXPECT(renameat2(AT_FDCWD, "z", AT_FDCWD, "z/in/q", RENAME_EXCHANGE), ENOENT,
	       "EXCHANGE into itself, missing -> ENOENT");
	EXPECT(rename("F", "/proc/x"), EXDEV, "rename to another file system -> EXDEV");
	ok(renameat(AT_FDCWD, "F", AT_FDCWD, "z/in/F") == 0, "renameat into a subdirectory");
	ok(remove("z/in/F") == 0 && remove("z/in") == 0 && remove("z") == 0 && remove("c") == 0,
	   "remove of files and directories");
	ok(count_entries(".") == 2, "the directory is empty again: . and ..");
}

static void limits(void)
{
	char name[NAME_MAX + 2], *path;
	struct stat st;
	int fd;

	memset(name, 'n', sizeof(name));
	name[NAME_MAX] = '\0';
	fd = open(name, O_RDWR | O_CREAT, 0600);
	ok(fd >= 0, "a name of NAME_MAX bytes");
	close(fd);
	ok(unlink(name) == 0, "unlink it");
	name[NAME_MAX] = 'n';
	name[NAME_MAX + 1] = '\0';
	EXPECT(open(name, O_RDWR | O_CREAT, 0600), ENAMETOOLONG, "NAME_MAX + 1 -> ENAMETOOLONG");
	EXPECT(mkdir(name, 0700), ENAMETOOLONG, "mkdir NAME_MAX + 1 -> ENAMETOOLONG");
	EXPECT(unlink(name), ENAMETOOLONG, "unlink NAME_MAX + 1 -> ENAMETOOLONG");
	EXPECT(stat(name, &st), ENAMETOOLONG, "stat NAME_MAX + 1 -> ENAMETOOLONG");
	path = malloc(PATH_MAX + 1);
	for (int i = 0; i < PATH_MAX; i += 2)
		path[i] = '.', path[i + 1] = '/';
	path[PATH_MAX] = '\0';
	EXPECT(stat(path, &st), ENAMETOOLONG, "a path of PATH_MAX bytes -> ENAMETOOLONG");
	path[PATH_MAX - 1] = '\0';
	ok(stat(path, &st) == 0, "PATH_MAX - 1 bytes: found");
	free(path);
}

/* What LTP's cleanup does: unlink each name as readdir gives it. */
static void readdir_unlink(void)
{
	char name[NAME_MAX + 8];
	struct dirent *e;
	int removed = 0;
	DIR *d;

	mkdir("rd", 0700);
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof(name), "rd/a-rather-long-name-%d", i);
		close(open(name, O_CREAT | O_RDWR, 0600));
	}
	d = opendir("rd");
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(name, sizeof(name), "rd/%s", e->d_name);
		removed += unlink(name) == 0;
	}
	closedir(d);
	ok(removed == 300 && rmdir("rd") == 0,
	   "300 names unlinked while readdir goes: none missed");
}

static void fs_info(void)
{
	struct statfs sf;
	int fd;

	ok(statfs(".", &sf) == 0 && sf.f_type == TMPFS_MAGIC_, "statfs: TMPFS_MAGIC");
	ok(sf.f_bsize == 4096 && sf.f_namelen == 255, "f_bsize 4096, f_namelen 255");
	fd = open(".", O_RDONLY);
	ok(fstatfs(fd, &sf) == 0 && sf.f_type == TMPFS_MAGIC_, "fstatfs: TMPFS_MAGIC");
	close(fd);
	ok(statfs("/proc", &sf) == 0 && sf.f_type == 0x9fa0, "statfs /proc: PROC_SUPER_MAGIC");
	EXPECT(statfs("missing", &sf), ENOENT, "statfs of a missing name -> ENOENT");
	EXPECT(fstatfs(-1, &sf), EBADF, "fstatfs(-1) -> EBADF");
}

static void temps(void)
{
	char t1[] = "tXXXXXX", t2[] = "dXXXXXX", bad[] = "tXXXXX";
	struct stat st;
	int fd = mkstemp(t1);

	ok(fd >= 0 && fstat(fd, &st) == 0 && (st.st_mode & 07777) == 0600 && strcmp(t1, "tXXXXXX"),
	   "mkstemp: a new 0600 file");
	close(fd);
	ok(mkdtemp(t2) == t2 && stat(t2, &st) == 0 && (st.st_mode & 07777) == 0700,
	   "mkdtemp: a new 0700 directory");
	errno = 0;
	ok(mkstemp(bad) == -1 && errno == EINVAL, "mkstemp of a short template -> EINVAL");
	unlink(t1);
	rmdir(t2);
}

int main(void)
{
	strcpy(top, "/dev/shm/conf-tmpfs-XXXXXX");
	if (!mkdtemp(top) || chdir(top)) {
		printf("Bail out! no directory under /dev/shm\n");
		return 1;
	}
	files();
	dirs();
	renames();
	limits();
	readdir_unlink();
	fs_info();
	temps();
	chdir("/");
	ok(rmdir(top) == 0, "the fresh directory is removed at the end");
	return done();
}
