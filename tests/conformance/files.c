/*
 * The file calls where Linux and tick386 can answer alike: on the root
 * directory and on a name that exists on neither.  Reading a directory is
 * EISDIR, writing to one EISDIR, a missing name ENOENT (also for access and
 * opendir), a name over NAME_MAX ENAMETOOLONG, bad descriptors EBADF, a bad
 * access mode EINVAL.  (Files of tick386's initramfs do not exist on the
 * host: tests/user/t_files covers them.)
 */
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "conformance.h"

#define MISSING "/nonexistent-tick386-name"

int main(void)
{
	char buf[16], name[300];
	struct stat st;
	int fd;
	DIR *d;

	fd = open("/", O_RDONLY | O_DIRECTORY);
	ok(fd >= 0, "open(\"/\", O_RDONLY | O_DIRECTORY) succeeds");
	ok(fstat(fd, &st) == 0 && S_ISDIR(st.st_mode), "fstat: a directory");
	EXPECT(read(fd, buf, sizeof(buf)), EISDIR, "read of a directory -> EISDIR");
	EXPECT(write(fd, buf, 1), EBADF, "write to a directory opened O_RDONLY -> EBADF");
	ok(close(fd) == 0, "close");
	EXPECT(close(fd), EBADF, "close again -> EBADF");
	EXPECT(read(fd, buf, 1), EBADF, "read of a closed fd -> EBADF");
	EXPECT(open("/", O_WRONLY), EISDIR, "open(\"/\", O_WRONLY) -> EISDIR");
	EXPECT(open("/", O_RDONLY | O_CREAT, 0644), EISDIR, "open(\"/\", O_CREAT) -> EISDIR");
	EXPECT(open(MISSING, O_RDONLY), ENOENT, "open of a missing name -> ENOENT");
	EXPECT(open(MISSING "/x", O_RDONLY), ENOENT, "open under a missing directory -> ENOENT");
	EXPECT(open("", O_RDONLY), ENOENT, "open(\"\") -> ENOENT");
	EXPECT(stat(MISSING, &st), ENOENT, "stat of a missing name -> ENOENT");
	EXPECT(access(MISSING, F_OK), ENOENT, "access of a missing name -> ENOENT");
	EXPECT(access("/", 8), EINVAL, "access mode 8 -> EINVAL");
	ok(access("/", R_OK | X_OK) == 0, "access(\"/\", R_OK | X_OK) -> 0");
	memset(name, 'n', sizeof(name));
	name[0] = '/';
	name[257] = '\0';
	EXPECT(open(name, O_RDONLY), ENAMETOOLONG, "a 256-byte name -> ENAMETOOLONG");
	errno = 0;
	d = opendir(MISSING);
	ok(d == NULL && errno == ENOENT, "opendir of a missing name -> ENOENT");
	d = opendir("/");
	ok(d != NULL && readdir(d) != NULL && closedir(d) == 0, "opendir, readdir, closedir of /");
	EXPECT(dup(-1), EBADF, "dup(-1) -> EBADF");
	EXPECT(dup2(-1, 5), EBADF, "dup2(-1, 5) -> EBADF");
	EXPECT(dup2(1, -1), EBADF, "dup2(1, -1) -> EBADF");
	EXPECT(fstat(-1, &st), EBADF, "fstat(-1) -> EBADF");
	EXPECT(lseek(-1, 0, SEEK_SET), EBADF, "lseek(-1) -> EBADF");
	return done();
}
