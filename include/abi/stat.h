/*
 * File types and modes, and the two stat layouts of Linux i386 as the
 * kernel writes them (arch/x86/include/uapi/asm/stat.h):
 *   struct abi_stat    for stat (106) and fstat (108), 64 bytes, 32-bit sizes;
 *   struct abi_stat64  for stat64 (195) and fstat64 (197), 96 bytes.
 * i386 aligns long long to 4 bytes inside structures, so neither has holes
 * beyond the named padding.  user/libc's struct stat is its own (POSIX
 * names, struct timespec times) and is filled from abi_stat64, as glibc does.
 */
#ifndef TICK386_ABI_STAT_H
#define TICK386_ABI_STAT_H

#define S_IFMT   0170000
#define S_IFSOCK 0140000
#define S_IFLNK  0120000
#define S_IFREG  0100000
#define S_IFBLK  0060000
#define S_IFDIR  0040000
#define S_IFCHR  0020000
#define S_IFIFO  0010000
#define S_ISUID  04000
#define S_ISGID  02000
#define S_ISVTX  01000
/* The permission bits (<sys/stat.h>, and <fcntl.h> by POSIX). */
#define S_IRWXU 0700
#define S_IRUSR 0400
#define S_IWUSR 0200
#define S_IXUSR 0100
#define S_IRWXG 070
#define S_IRGRP 040
#define S_IWGRP 020
#define S_IXGRP 010
#define S_IRWXO 07
#define S_IROTH 04
#define S_IWOTH 02
#define S_IXOTH 01

#define S_ISDIR(m)  (((m)&S_IFMT) == S_IFDIR)
#define S_ISREG(m)  (((m)&S_IFMT) == S_IFREG)
#define S_ISCHR(m)  (((m)&S_IFMT) == S_IFCHR)
#define S_ISBLK(m)  (((m)&S_IFMT) == S_IFBLK)
#define S_ISFIFO(m) (((m)&S_IFMT) == S_IFIFO)
#define S_ISLNK(m)  (((m)&S_IFMT) == S_IFLNK)
#define S_ISSOCK(m) (((m)&S_IFMT) == S_IFSOCK)

struct abi_stat {
	unsigned long st_dev;
	unsigned long st_ino;
	unsigned short st_mode;
	unsigned short st_nlink;
	unsigned short st_uid;
	unsigned short st_gid;
	unsigned long st_rdev;
	unsigned long st_size;
	unsigned long st_blksize;
	unsigned long st_blocks;
	unsigned long st_atime_sec;
	unsigned long st_atime_nsec;
	unsigned long st_mtime_sec;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime_sec;
	unsigned long st_ctime_nsec;
	unsigned long unused4;
	unsigned long unused5;
};

struct abi_stat64 {
	unsigned long long st_dev;
	unsigned char pad0[4];
	unsigned long st_ino32; /* the low 32 bits of st_ino (Linux's __st_ino) */
	unsigned int st_mode;
	unsigned int st_nlink;
	unsigned long st_uid;
	unsigned long st_gid;
	unsigned long long st_rdev;
	unsigned char pad3[4];
	long long st_size;
	unsigned long st_blksize;
	unsigned long long st_blocks; /* 512-byte blocks */
	unsigned long st_atime_sec;
	unsigned long st_atime_nsec;
	unsigned long st_mtime_sec;
	unsigned long st_mtime_nsec;
	unsigned long st_ctime_sec;
	unsigned long st_ctime_nsec;
	unsigned long long st_ino;
};

#if defined(__i386__)
_Static_assert(sizeof(struct abi_stat) == 64, "struct stat is 64 bytes on Linux i386");
_Static_assert(sizeof(struct abi_stat64) == 96, "struct stat64 is 96 bytes on Linux i386");
_Static_assert(__builtin_offsetof(struct abi_stat64, st_size) == 44, "stat64.st_size at 44");
_Static_assert(__builtin_offsetof(struct abi_stat64, st_ino) == 88, "stat64.st_ino at 88");
#endif

#endif
