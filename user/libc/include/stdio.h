/*
 * <stdio.h>: formatted output to the console.
 *
 * There is no buffering: every printf formats into a buffer on the stack and
 * issues one write(), so output appears at once, in order, and printf may be
 * called from a signal handler (it takes no locks and allocates nothing
 * unless one line is longer than 4 KiB).  fflush has nothing to do.
 * stdin reads with read(0).
 */
#ifndef _STDIO_H
#define _STDIO_H

#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct __tick386_file FILE;
typedef long fpos_t;

extern FILE *const stdin;
extern FILE *const stdout;
extern FILE *const stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr

#define EOF (-1)
#define BUFSIZ 4096
#define FILENAME_MAX 4096
#define FOPEN_MAX 3
#define L_tmpnam 20
#define TMP_MAX 238328
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

/* renameat2's flags (glibc declares them here with _GNU_SOURCE). */
#define RENAME_NOREPLACE (1 << 0)
#define RENAME_EXCHANGE	 (1 << 1)
#define RENAME_WHITEOUT	 (1 << 2)

int rename(const char *oldpath, const char *newpath);
int renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath,
	      unsigned int flags);
int remove(const char *path);

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int fprintf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int dprintf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int sprintf(char *buf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vprintf(const char *fmt, va_list ap);
int vfprintf(FILE *f, const char *fmt, va_list ap);
int vdprintf(int fd, const char *fmt, va_list ap);
int vsprintf(char *buf, const char *fmt, va_list ap);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int asprintf(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int vasprintf(char **out, const char *fmt, va_list ap);

int puts(const char *s);
int fputs(const char *s, FILE *f);
int putchar(int c);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
size_t fwrite(const void *p, size_t size, size_t n, FILE *f);
int getchar(void);
int fgetc(FILE *f);
int getc(FILE *f);
char *fgets(char *s, int n, FILE *f);
size_t fread(void *p, size_t size, size_t n, FILE *f);
int ungetc(int c, FILE *f);

int fflush(FILE *f);
FILE *fopen(const char *path, const char *mode);
FILE *fdopen(int fd, const char *mode);
int fclose(FILE *f);
FILE *freopen(const char *path, const char *mode, FILE *f);
/* "/bin/sh -c command" with a pipe to or from it; pclose: its wait status. */
FILE *popen(const char *command, const char *mode);
int pclose(FILE *f);
int setvbuf(FILE *f, char *buf, int mode, size_t size);
void setbuf(FILE *f, char *buf);
void setlinebuf(FILE *f);
int fileno(FILE *f);
int ferror(FILE *f);
int feof(FILE *f);
void clearerr(FILE *f);

void perror(const char *msg);
int sscanf(const char *s, const char *fmt, ...) __attribute__((format(scanf, 2, 3)));
int vsscanf(const char *s, const char *fmt, va_list ap);
int fscanf(FILE *f, const char *fmt, ...) __attribute__((format(scanf, 2, 3)));
int vfscanf(FILE *f, const char *fmt, va_list ap);
int scanf(const char *fmt, ...) __attribute__((format(scanf, 1, 2)));
int vscanf(const char *fmt, va_list ap);
ssize_t getdelim(char **line, size_t *size, int delim, FILE *f);
ssize_t getline(char **line, size_t *size, FILE *f);
int fseek(FILE *f, long offset, int whence);
int fseeko(FILE *f, off_t offset, int whence);
long ftell(FILE *f);
off_t ftello(FILE *f);
void rewind(FILE *f);

#endif
