/*
 * Hard and symbolic links on tmpfs, from a fresh directory under /dev/shm:
 * link/linkat (link counts, the same inode, EPERM for a directory, EXDEV
 * across mounts, AT_SYMLINK_FOLLOW, AT_EMPTY_PATH), symlink/symlinkat,
 * readlink/readlinkat (truncation without a NUL, EINVAL for bufsiz 0 and a
 * non-link), lstat and fstatat's AT_SYMLINK_NOFOLLOW, path resolution
 * through links (relative and absolute targets, "..", trailing slashes,
 * 40 links and ELOOP, dangling links), open's O_NOFOLLOW and O_CREAT
 * through a dangling link, unlink and rename of links (never of their
 * targets), directory link counts.  Every name printed is relative to the
 * fresh directory, so the outputs compare line by line.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "conformance.h"

static char top[64];

static nlink_t links_of(const char *path)
{
	struct stat st;

	return lstat(path, &st) ? 0 : st.st_nlink;
}

static void make_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd >= 0) {
		if (write(fd, text, strlen(text)) < 0)
			perror("write");
		close(fd);
	}
}

/* The first bytes of a file, or "" when it cannot be read. */
static const char *contents(const char *path)
{
	static char buf[64];
	int fd = open(path, O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

/* The d_type and d_ino readdir gives name, or -1. */
static int dtype_of(const char *name, ino_t *ino)
{
	DIR *d = opendir(".");
	struct dirent *e;
	int type = -1;

	while (d && (e = readdir(d)))
		if (!strcmp(e->d_name, name)) {
			type = e->d_type;
			*ino = e->d_ino;
		}
	if (d)
		closedir(d);
	return type;
}

static void hard_links(void)
{
	struct stat a, b;
	int fd;

	make_file("f", "data");
	ok(link("f", "g") == 0, "link f g");
	ok(stat("f", &a) == 0 && stat("g", &b) == 0 && a.st_ino == b.st_ino && a.st_nlink == 2 &&
	       b.st_nlink == 2,
	   "the same inode, two links");
	ok(strcmp(contents("g"), "data") == 0, "the same bytes through the new name");
	{
		ino_t ino = 0;

		ok(dtype_of("g", &ino) == DT_REG && ino == a.st_ino, "readdir: DT_REG, the inode");
	}
	make_file("g", "more");
	ok(strcmp(contents("f"), "more") == 0, "a write through one name shows through the other");
	mkdir("sub", 0755);
	ok(linkat(AT_FDCWD, "f", AT_FDCWD, "sub/h", 0) == 0 && links_of("f") == 3,
	   "linkat into a subdirectory: three links");
	EXPECT(link("f", "g"), EEXIST, "link to an existing name -> EEXIST");
	EXPECT(link("missing", "x"), ENOENT, "link of a missing name -> ENOENT");
	EXPECT(link("f", "nodir/x"), ENOENT, "link into a missing directory -> ENOENT");
	EXPECT(link("f/", "x"), ENOTDIR, "link of a file with a trailing slash -> ENOTDIR");
	EXPECT(link("f", "x/"), ENOENT, "link to a new name with a trailing slash -> ENOENT");
	EXPECT(link("sub", "x"), EPERM, "link of a directory -> EPERM");
	EXPECT(link("f", "."), EEXIST, "link to . -> EEXIST");
	EXPECT(link("f", "/tmp/conf-links-x"), EXDEV, "link to another mount -> EXDEV");
	EXPECT(link("/proc/self/stat", "x"), EXDEV, "link of a /proc file -> EXDEV");
	EXPECT(linkat(AT_FDCWD, "f", AT_FDCWD, "x", 0x1), EINVAL, "linkat unknown flags -> EINVAL");
	EXPECT(linkat(-1, "f", AT_FDCWD, "x", 0), EBADF, "linkat from dirfd -1 -> EBADF");
	ok(unlink("f") == 0 && links_of("g") == 2 && strcmp(contents("g"), "more") == 0,
	   "unlink of one name: the others stay, two links");
	fd = open("g", O_RDONLY);
	ok(unlink("g") == 0 && unlink("sub/h") == 0 && fstat(fd, &a) == 0 && a.st_nlink == 0,
	   "every name unlinked: nlink 0 through the open file");
	ok(linkat(fd, "", AT_FDCWD, "back", AT_EMPTY_PATH) == -1 && errno == ENOENT,
	   "AT_EMPTY_PATH of a file no name holds -> ENOENT");
	close(fd);
	make_file("e", "E");
	fd = open("e", O_RDONLY);
	ok(linkat(fd, "", AT_FDCWD, "e2", AT_EMPTY_PATH) == 0 && links_of("e") == 2,
	   "linkat AT_EMPTY_PATH of an open file");
	close(fd);
	make_file("r", "R");
	link("r", "r2");
	ok(rename("r", "r2") == 0 && links_of("r") == 2 && links_of("r2") == 2,
	   "rename of a name over another link of it: 0, nothing changes");
	ok(rename("r2", "e2") == 0 && links_of("e") == 1 && strcmp(contents("e2"), "R") == 0 &&
	       links_of("r") == 2,
	   "rename of a hard link over another file");
	unlink("r");
	unlink("e");
	unlink("e2");
	ok(stat(".", &a) == 0 && a.st_nlink == 3, "a directory with one subdirectory: 3 links");
	mkdir("sub/a", 0755);
	mkdir("sub/b", 0755);
	ok(stat("sub", &a) == 0 && a.st_nlink == 4, "two subdirectories: 4 links");
	rmdir("sub/a");
	rmdir("sub/b");
	rmdir("sub");
}

static void read_links(void)
{
	char buf[64], big[300];
	struct stat st;
	int fd;

	make_file("t", "target text");
	ok(symlink("t", "s") == 0, "symlink t s");
	ok(lstat("s", &st) == 0 && S_ISLNK(st.st_mode) && (st.st_mode & 07777) == 0777 &&
	       st.st_size == 1 && st.st_nlink == 1 && st.st_blocks == 0,
	   "lstat: a link, 0777, size 1, one link, no blocks");
	ok(stat("s", &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 11, "stat follows it");
	{
		ino_t ino = 0;
		struct stat ls;

		ok(dtype_of("s", &ino) == DT_LNK && lstat("s", &ls) == 0 && ino == ls.st_ino,
		   "readdir: DT_LNK, the link's inode");
	}
	ok(fstatat(AT_FDCWD, "s", &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode),
	   "fstatat AT_SYMLINK_NOFOLLOW: the link");
	memset(buf, 'x', sizeof(buf));
	ok(readlink("s", buf, sizeof(buf)) == 1 && buf[0] == 't' && buf[1] == 'x',
	   "readlink: 1 byte, no NUL added");
	symlink("a-rather-longer-target", "long");
	ok(readlink("long", buf, 5) == 5 && !memcmp(buf, "a-rat", 5), "a short buffer: truncated");
	EXPECT(readlink("s", buf, 0), EINVAL, "readlink bufsiz 0 -> EINVAL");
	EXPECT(readlink("missing", buf, 0), EINVAL, "bufsiz 0 before the lookup -> EINVAL");
	EXPECT(readlink("t", buf, sizeof(buf)), EINVAL, "readlink of a file -> EINVAL");
	EXPECT(readlink(".", buf, sizeof(buf)), EINVAL, "readlink of a directory -> EINVAL");
	EXPECT(readlink("missing", buf, sizeof(buf)), ENOENT, "readlink of a missing name -> ENOENT");
	EXPECT(readlink("", buf, sizeof(buf)), ENOENT, "readlink of \"\" -> ENOENT");
	EXPECT(readlink("s/", buf, sizeof(buf)), ENOTDIR, "readlink of link-to-file/ -> ENOTDIR");
	fd = open(".", O_RDONLY | O_DIRECTORY);
	ok(readlinkat(fd, "s", buf, sizeof(buf)) == 1, "readlinkat from a dirfd");
	close(fd);
	EXPECT(readlinkat(-1, "s", buf, sizeof(buf)), EBADF, "readlinkat(-1) -> EBADF");
	EXPECT(symlink("", "empty"), ENOENT, "symlink to \"\" -> ENOENT");
	EXPECT(symlink("t", "s"), EEXIST, "symlink over a name -> EEXIST");
	EXPECT(symlink("t", "."), EEXIST, "symlink over . -> EEXIST");
	EXPECT(symlink("t", "new/"), ENOENT, "symlink to a name with a slash -> ENOENT");
	EXPECT(symlink("t", "nodir/x"), ENOENT, "symlink in a missing directory -> ENOENT");
	ok(symlinkat("t", AT_FDCWD, "s2") == 0 && readlink("s2", buf, sizeof(buf)) == 1,
	   "symlinkat");
	memset(big, 'p', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ok(symlink(big, "big") == 0 && lstat("big", &st) == 0 && st.st_size == 299 &&
	       st.st_blocks == 8,
	   "a 299-byte target: size 299, a page of blocks");
	ok(readlink("big", buf, sizeof(buf)) == sizeof(buf), "readlink of it: bufsiz bytes");
	ok(link("s", "hs") == 0 && lstat("hs", &st) == 0 && S_ISLNK(st.st_mode) &&
	       st.st_nlink == 2,
	   "link of a symlink: the link itself, two links");
	ok(linkat(AT_FDCWD, "s", AT_FDCWD, "hf", AT_SYMLINK_FOLLOW) == 0 && links_of("t") == 2,
	   "linkat AT_SYMLINK_FOLLOW: its target");
	unlink("hs");
	unlink("hf");
	unlink("big");
	unlink("s2");
	unlink("long");
}

static void resolve(void)
{
	char path[256];
	struct stat st, dot;
	int fd;

	mkdir("d", 0755);
	make_file("d/f", "in d");
	symlink("d", "ld");
	symlink("../t", "d/up");
	snprintf(path, sizeof(path), "%s/t", top);
	symlink(path, "abs");
	ok(strcmp(contents("ld/f"), "in d") == 0, "through a link to a directory");
	ok(strcmp(contents("d/up"), "target text") == 0, "a relative target with ..");
	ok(strcmp(contents("abs"), "target text") == 0, "an absolute target");
	ok(stat("ld/..", &st) == 0 && stat(".", &dot) == 0 && st.st_ino == dot.st_ino,
	   "link-to-dir/..: the directory's parent, not the link's");
	ok(lstat("ld/", &st) == 0 && S_ISDIR(st.st_mode), "lstat of link-to-dir/: the directory");
	ok(lstat("ld", &st) == 0 && S_ISLNK(st.st_mode), "lstat of link-to-dir: the link");
	EXPECT(stat("s/", &st), ENOTDIR, "stat of link-to-file/ -> ENOTDIR");
	EXPECT(stat("s/x", &st), ENOTDIR, "a link to a file in the middle -> ENOTDIR");
	symlink("nowhere", "dang");
	EXPECT(stat("dang", &st), ENOENT, "stat of a dangling link -> ENOENT");
	ok(lstat("dang", &st) == 0 && S_ISLNK(st.st_mode), "lstat of a dangling link: the link");
	EXPECT(open("dang", O_RDONLY), ENOENT, "open of a dangling link -> ENOENT");
	EXPECT(mkdir("dang", 0755), EEXIST, "mkdir over a dangling link -> EEXIST");
	EXPECT(open("dang", O_WRONLY | O_CREAT | O_EXCL, 0600), EEXIST,
	       "O_CREAT|O_EXCL on a dangling link -> EEXIST");
	EXPECT(open("s", O_WRONLY | O_CREAT | O_EXCL, 0600), EEXIST,
	       "O_CREAT|O_EXCL on a link -> EEXIST");
	fd = open("dang", O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && lstat("nowhere", &st) == 0 && S_ISREG(st.st_mode) &&
	       (st.st_mode & 0777) == 0600,
	   "O_CREAT through a dangling link makes its target");
	close(fd);
	symlink("d/new", "dang2");
	fd = open("dang2", O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && stat("d/new", &st) == 0, "... in the target's directory");
	close(fd);
	symlink("nodir/x", "dang3");
	EXPECT(open("dang3", O_WRONLY | O_CREAT, 0600), ENOENT,
	       "O_CREAT through a link into a missing directory -> ENOENT");
	symlink("d/", "dslash");
	EXPECT(open("dslash", O_WRONLY | O_CREAT, 0600), EISDIR,
	       "O_CREAT through a link to dir/ -> EISDIR");
	symlink("newdir/", "dslash2");
	EXPECT(open("dslash2", O_WRONLY | O_CREAT, 0600), EISDIR,
	       "O_CREAT through a link to missing/ -> EISDIR");
	EXPECT(open("s", O_RDONLY | O_NOFOLLOW), ELOOP, "O_NOFOLLOW on a link -> ELOOP");
	EXPECT(open("s", O_RDWR | O_CREAT | O_NOFOLLOW, 0600), ELOOP,
	       "O_CREAT|O_NOFOLLOW on a link -> ELOOP");
	fd = open("ld/f", O_RDONLY | O_NOFOLLOW);
	ok(fd >= 0, "O_NOFOLLOW follows links before the last name");
	close(fd);
	fd = open("ld/", O_RDONLY | O_NOFOLLOW);
	ok(fd >= 0, "O_NOFOLLOW on link-to-dir/: the directory");
	close(fd);
	fd = open("ld", O_RDONLY | O_DIRECTORY);
	ok(fd >= 0, "O_DIRECTORY through a link to a directory");
	close(fd);
	EXPECT(chdir("s"), ENOTDIR, "chdir to a link to a file -> ENOTDIR");
	ok(chdir("ld") == 0 && getcwd(path, sizeof(path)) && strcmp(strrchr(path, '/'), "/d") == 0,
	   "chdir through a link: getcwd shows the directory");
	chdir("..");
	/* Loops: a link to itself, two links to each other, 40 and 41 links. */
	symlink("self", "self");
	EXPECT(stat("self", &st), ELOOP, "a link to itself -> ELOOP");
	EXPECT(open("self", O_RDONLY | O_CREAT, 0600), ELOOP, "O_CREAT on it -> ELOOP");
	symlink("ping", "pong");
	symlink("pong", "ping");
	EXPECT(stat("ping/x", &st), ELOOP, "two links to each other -> ELOOP");
	ok(lstat("self", &st) == 0, "lstat of a loop: the link");
	mkdir("chain", 0755);
	symlink("../t", "chain/l0");
	for (int i = 1; i <= 41; i++) {
		char name[32], to[32];

		snprintf(name, sizeof(name), "chain/l%d", i);
		snprintf(to, sizeof(to), "l%d", i - 1);
		symlink(to, name);
	}
	ok(stat("chain/l39", &st) == 0 && S_ISREG(st.st_mode), "40 links followed: found");
	EXPECT(stat("chain/l40", &st), ELOOP, "41 links -> ELOOP");
	EXPECT(open("chain/l40", O_RDONLY), ELOOP, "open of 41 links -> ELOOP");
	for (int i = 0; i <= 41; i++) {
		snprintf(path, sizeof(path), "chain/l%d", i);
		unlink(path);
	}
	rmdir("chain");
	unlink("self");
	unlink("ping");
	unlink("pong");
	unlink("d/new");
	unlink("nowhere");
	unlink("dang");
	unlink("dang2");
	unlink("dang3");
	unlink("dslash");
	unlink("dslash2");
	unlink("abs");
	unlink("d/up");
}

static void names(void)
{
	struct stat st;

	/* unlink, rename, rmdir act on the link, never on what it names. */
	EXPECT(rmdir("ld"), ENOTDIR, "rmdir of a link to a directory -> ENOTDIR");
	EXPECT(rmdir("ld/"), ENOTDIR, "rmdir of link-to-dir/ -> ENOTDIR");
	EXPECT(unlink("ld/"), ENOTDIR, "unlink of link-to-dir/ -> ENOTDIR");
	ok(rename("ld", "ld2") == 0 && lstat("ld2", &st) == 0 && S_ISLNK(st.st_mode) &&
	       stat("d", &st) == 0,
	   "rename of a link: the link moves, its target stays");
	EXPECT(rename("ld2/", "ld3"), ENOTDIR, "rename of link-to-dir/ -> ENOTDIR");
	ok(rename("ld2", "d/ld") == 0 && stat("d/ld", &st) != 0 && errno == ENOENT,
	   "a relative link moved elsewhere resolves from its new place");
	ok(unlink("d/ld") == 0 && stat("d/f", &st) == 0, "unlink of a link: the target stays");
	ok(unlink("s") == 0 && stat("t", &st) == 0, "unlink of a link to a file: the file stays");
	symlink("t", "s");
	make_file("other", "O");
	ok(rename("other", "s") == 0 && lstat("s", &st) == 0 && S_ISREG(st.st_mode) &&
	       strcmp(contents("t"), "target text") == 0,
	   "rename over a link replaces the link");
	symlink("d", "ld");
	EXPECT(rename("d", "ld"), ENOTDIR, "a directory over a link -> ENOTDIR");
	EXPECT(mkdir("ld/", 0755), EEXIST, "mkdir link-to-dir/ -> EEXIST");
	ok(lchown("ld", 0, 0) == 0 || errno == EPERM, "lchown of a link");
	unlink("ld");
	unlink("s");
	unlink("d/f");
	rmdir("d");
	unlink("t");
}

int main(void)
{
	strcpy(top, "/dev/shm/conf-links-XXXXXX");
	if (!mkdtemp(top) || chdir(top)) {
		printf("Bail out! no directory under /dev/shm\n");
		return 1;
	}
	hard_links();
	read_links();
	resolve();
	names();
	chdir("/");
	ok(rmdir(top) == 0, "the fresh directory is removed at the end");
	return done();
}
