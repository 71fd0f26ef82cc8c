/* <stdlib.h>: memory on brk, process exit, numeric conversions, sorting. */
#ifndef _STDLIB_H
#define _STDLIB_H

#include <stddef.h>
#include <sys/types.h>
#include <abi/wait.h> /* WNOHANG, WUNTRACED: glibc's <stdlib.h> has them too */
#include <bits/waitstatus.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1

typedef struct {
	int quot;
	int rem;
} div_t;
typedef struct {
	long quot;
	long rem;
} ldiv_t;
typedef struct {
	long long quot;
	long long rem;
} lldiv_t;

int mkstemp(char *tmpl);
int mkostemp(char *tmpl, int flags);
char *mkdtemp(char *tmpl);
char *realpath(const char *restrict path, char *restrict resolved);

void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void *reallocarray(void *p, size_t n, size_t size);
void free(void *p);
void *aligned_alloc(size_t align, size_t size);
int posix_memalign(void **out, size_t align, size_t size);

__attribute__((noreturn)) void exit(int status);
__attribute__((noreturn)) void _Exit(int status);
__attribute__((noreturn)) void abort(void);
int atexit(void (*fn)(void));

int abs(int n);
long labs(long n);
long long llabs(long long n);
div_t div(int num, int den);
ldiv_t ldiv(long num, long den);
lldiv_t lldiv(long long num, long long den);

int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
double strtod(const char *s, char **end);
double atof(const char *s);
float strtof(const char *s, char **end);
long double strtold(const char *s, char **end);

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size,
	      int (*cmp)(const void *, const void *));

int rand(void);
int rand_r(unsigned int *seed);
void srand(unsigned int seed);
long random(void);
void srandom(unsigned int seed);

/* The 48-bit linear congruential family (src/rand48.c), glibc's sequences. */
double drand48(void);
double erand48(unsigned short xsubi[3]);
long lrand48(void);
long nrand48(unsigned short xsubi[3]);
long mrand48(void);
long jrand48(unsigned short xsubi[3]);
void srand48(long seed);
unsigned short *seed48(unsigned short seed16v[3]);
void lcong48(unsigned short param[7]);

char *getenv(const char *name);
int setenv(const char *name, const char *value, int overwrite);
int unsetenv(const char *name);
int putenv(char *string);

/* Pseudo-terminals: tick386 has none (no /dev/ptmx: posix_openpt is
 * ENOENT); on Linux these work as glibc's. */
int posix_openpt(int flags);
int grantpt(int fd);
int unlockpt(int fd);
char *ptsname(int fd);

/* "/bin/sh -c command" in a child; its wait status (src/system.c). */
int system(const char *command);

/* glibc's <stdlib.h> brings <sys/types.h> and, by default, <sys/select.h>:
 * programs call select() having included only this. */
#include <sys/select.h>

#endif
