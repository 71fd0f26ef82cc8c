/*
 * The record getdents64 (220) writes, Linux's struct linux_dirent64: records
 * follow one another in the buffer, each d_reclen bytes long (a multiple of
 * 8), d_name NUL-terminated; d_off is the position to seek to for the next
 * record.  d_type is one of DT_*.
 */
#ifndef TICK386_ABI_DIRENT_H
#define TICK386_ABI_DIRENT_H

#define DT_UNKNOWN 0
#define DT_FIFO    1
#define DT_CHR     2
#define DT_DIR     4
#define DT_BLK     6
#define DT_REG     8
#define DT_LNK     10
#define DT_SOCK    12

struct abi_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[]; /* NUL-terminated, then padding up to d_reclen */
};

/* Bytes before d_name. */
#define ABI_DIRENT64_NAME_OFFSET 19

#endif
