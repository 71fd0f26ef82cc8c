/*
 * Unbuffered console stdio.
 *
 * Each call formats into a buffer on the caller's stack and hands the whole
 * text to one write(), so lines from a signal handler and from the code it
 * interrupted never mix inside a line, nothing waits in a buffer when the
 * program dies, and no lock is needed: printf is async-signal-safe here.
 * Only a text longer than the stack buffer takes a bigger one, from malloc
 * above 16 KiB (the one case that is not signal-safe).
 * The formatting engine is vsnprintf (lib/vsnprintf.c, shared with the
 * kernel).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_stream.h"

static struct __tick386_file files[3] = {
    {0, 0, 0, EOF},
    {1, 0, 0, EOF},
    {2, 0, 0, EOF},
};
FILE *const stdin = &files[0];
FILE *const stdout = &files[1];
FILE *const stderr = &files[2];

#define STACK_TEXT 1024
#define VLA_TEXT_MAX 16384

/* Write all of buf, across partial writes and EINTR. */
static int write_all(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t done = write(fd, buf, n);

		if (done < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		buf += done;
		n -= (size_t)done;
	}
	return 0;
}

static int write_long_text(int fd, int n, const char *fmt, va_list ap)
{
	char *big;
	int ret;

	if (n < VLA_TEXT_MAX) {
		char vla[n + 1];

		vsnprintf(vla, sizeof(vla), fmt, ap);
		return write_all(fd, vla, (size_t)n) < 0 ? -1 : n;
	}
	big = malloc((size_t)n + 1);
	if (!big) {
		errno = ENOMEM;
		return -1;
	}
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	ret = write_all(fd, big, (size_t)n) < 0 ? -1 : n;
	free(big);
	return ret;
}

int vdprintf(int fd, const char *fmt, va_list ap)
{
	char buf[STACK_TEXT];
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	if (n < 0) {
		va_end(again);
		errno = EINVAL;
		return -1;
	}
	if ((size_t)n < sizeof(buf))
		n = write_all(fd, buf, (size_t)n) < 0 ? -1 : n;
	else
		n = write_long_text(fd, n, fmt, again);
	va_end(again);
	return n;
}

int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(fd, fmt, ap);
	va_end(ap);
	return n;
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
	int n = vdprintf(f->fd, fmt, ap);

	if (n < 0)
		f->error = 1;
	return n;
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

int vprintf(const char *fmt, va_list ap)
{
	return vfprintf(stdout, fmt, ap);
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf(stdout, fmt, ap);
	va_end(ap);
	return n;
}

int vsprintf(char *buf, const char *fmt, va_list ap)
{
	return vsnprintf(buf, (size_t)-1 / 2, fmt, ap);
}

int sprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsprintf(buf, fmt, ap);
	va_end(ap);
	return n;
}

int vasprintf(char **out, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0 || !(*out = malloc((size_t)n + 1))) {
		va_end(again);
		return -1;
	}
	vsnprintf(*out, (size_t)n + 1, fmt, again);
	va_end(again);
	return n;
}

int asprintf(char **out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vasprintf(out, fmt, ap);
	va_end(ap);
	return n;
}

size_t fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	if (size == 0 || n == 0)
		return 0;
	if (write_all(f->fd, p, size * n) < 0) {
		f->error = 1;
		return 0;
	}
	return n;
}

int fputs(const char *s, FILE *f)
{
	return fwrite(s, 1, strlen(s), f) || !*s ? 0 : EOF;
}

/* puts: the text and its newline in one write. */
int puts(const char *s)
{
	return printf("%s\n", s) < 0 ? EOF : 0;
}

int fputc(int c, FILE *f)
{
	unsigned char byte = (unsigned char)c;

	return fwrite(&byte, 1, 1, f) ? byte : EOF;
}

int putc(int c, FILE *f)
{
	return fputc(c, f);
}

int putchar(int c)
{
	return fputc(c, stdout);
}

int fgetc(FILE *f)
{
	unsigned char byte;
	ssize_t got;

	if (f->unget != EOF) {
		int c = f->unget;

		f->unget = EOF;
		return c;
	}
	do
		got = read(f->fd, &byte, 1);
	while (got < 0 && errno == EINTR);
	if (got == 1)
		return byte;
	if (got == 0)
		f->eof = 1;
	else
		f->error = 1;
	return EOF;
}

int getc(FILE *f)
{
	return fgetc(f);
}

int getchar(void)
{
	return fgetc(stdin);
}

int ungetc(int c, FILE *f)
{
	if (c == EOF || f->unget != EOF)
		return EOF;
	f->unget = (unsigned char)c;
	f->eof = 0;
	return f->unget;
}

char *fgets(char *s, int n, FILE *f)
{
	int i = 0;

	if (n <= 0)
		return NULL;
	while (i < n - 1) {
		int c = fgetc(f);

		if (c == EOF)
			break;
		s[i++] = (char)c;
		if (c == '\n')
			break;
	}
	if (i == 0)
		return NULL;
	s[i] = '\0';
	return s;
}

size_t fread(void *p, size_t size, size_t n, FILE *f)
{
	unsigned char *out = p;
	size_t want = size * n, got = 0;

	if (size == 0)
		return 0;
	while (got < want) {
		int c = fgetc(f);

		if (c == EOF)
			break;
		out[got++] = (unsigned char)c;
	}
	return got / size;
}

/* Nothing is ever buffered. */
int fflush(FILE *f)
{
	(void)f;
	return 0;
}

int setvbuf(FILE *f, char *buf, int mode, size_t size)
{
	(void)f, (void)buf, (void)mode, (void)size;
	return 0;
}

void setbuf(FILE *f, char *buf)
{
	(void)f, (void)buf;
}

void setlinebuf(FILE *f)
{
	(void)f;
}

int fileno(FILE *f)
{
	return f->fd;
}

int ferror(FILE *f)
{
	return f->error;
}

int feof(FILE *f)
{
	return f->eof;
}

void clearerr(FILE *f)
{
	f->error = 0;
	f->eof = 0;
}
