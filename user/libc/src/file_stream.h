/* A stdio stream (internal): stdio is unbuffered, so only a descriptor and flags. */
#ifndef TICK386_LIBC_FILE_STREAM_H
#define TICK386_LIBC_FILE_STREAM_H

struct __tick386_file {
	int fd;
	int error;
	int eof;
	int unget; /* a pushed-back byte, or EOF */
};

/* fopen's mode parsed (fopen.c): its open flags, or -1 for a bad mode. */
int __stdio_mode_flags(const char *mode);

#endif
