/*
 * Header values a program reads without calling anything, compared with
 * the host glibc: <sys/mount.h>'s block-device ioctl numbers, <fcntl.h>'s
 * mode bits (POSIX puts S_I* there too: this includes no <sys/stat.h>),
 * and <sys/types.h>'s loff_t.
 */
/* parallel: yes */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mount.h>
#include <sys/types.h>

#define SHOW(x) printf("%s %#lx\n", #x, (unsigned long)(x))

int main(void)
{
	SHOW(BLKROSET);
	SHOW(BLKROGET);
	SHOW(BLKRRPART);
	SHOW(BLKGETSIZE);
	SHOW(BLKFLSBUF);
	SHOW(BLKRASET);
	SHOW(BLKRAGET);
	SHOW(BLKSSZGET);
	SHOW(BLKBSZGET);
	SHOW(BLKBSZSET);
	SHOW(BLKGETSIZE64);
	SHOW(S_IRWXU | S_IRWXG | S_IRWXO);
	SHOW(S_IRUSR | S_IWGRP | S_IXOTH);
	SHOW(S_ISUID | S_ISGID | S_ISVTX);
	SHOW(S_IFMT);
	SHOW(sizeof(loff_t));
	return 0;
}
