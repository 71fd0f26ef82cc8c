/* <dirent.h>: reading directories (opendir, readdir, closedir) over getdents64. */
#ifndef _DIRENT_H
#define _DIRENT_H

#include <sys/types.h>
#include <abi/dirent.h>

struct dirent {
	ino_t d_ino;
	off_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[256];
};

typedef struct libc_dir DIR;

DIR *opendir(const char *path);
DIR *fdopendir(int fd);
struct dirent *readdir(DIR *dir);
int closedir(DIR *dir);
void rewinddir(DIR *dir);
int dirfd(DIR *dir);

#endif
