/*
 * tap.h: the one TAP helper of the user-level test programs (tests/libc,
 * tests/signals, tests/conformance, tests/user).  Header-only and POSIX-only,
 * so that each program is one C file that builds three ways: with tools/ucc
 * against user/libc (-nostdinc: only the tree's headers), with the host's cc
 * against glibc, and with i686-linux-gnu-gcc -static against glibc; the
 * glibc builds run on Linux, the oracle.  Programs include it as "../tap.h",
 * which every compiler finds beside the including file without any -I.
 *
 * The stream, read by tools/tap-harness (TAP::Parser, as prove does):
 *     ok 1 - description
 *     not ok 2 - description # detail
 *     # failed at t_x.c:42: cond
 *     ok 3 - description # SKIP reason
 *     1..3
 * ok(cond, "fmt", ...) prints one test point and returns cond, so that a
 * caller can stop a dependent step.  The plan comes last, from
 * done_testing(), so that a program that crashes part-way leaves no plan and
 * counts as failed; a program that means to end by dying announces it first
 * with plan(n).  Every line is one printf, flushed at once: the line is whole
 * even if the program dies right after, and safe from a signal handler on
 * tick386.  A description holds only facts that are the same on every
 * correct system; anything measured goes in the detail (why()), which the
 * comparison with Linux leaves out.
 */
#ifndef TESTS_TAP_H
#define TESTS_TAP_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int tap_count, tap_failed, tap_planned;
static char tap_detail[256];

/* Set the detail printed after '#' if the next test point fails. */
static inline void tap_why(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tap_detail, sizeof(tap_detail), fmt, ap);
	va_end(ap);
}

/*
 * One test point.  directive is " # SKIP ..." or NULL; file, line and cond
 * (the source text of the condition) say where a failure happened.
 */
static inline void tap_vpoint(int pass, const char *directive, const char *file, int line,
			      const char *cond, const char *fmt, va_list ap)
{
	char desc[256];

	vsnprintf(desc, sizeof(desc), fmt, ap);
	tap_count++;
	if (!pass)
		tap_failed++;
	if (!pass && tap_detail[0])
		printf("not ok %d - %s # %s\n", tap_count, desc, tap_detail);
	else
		printf("%sok %d - %s%s\n", pass ? "" : "not ", tap_count, desc,
		       directive ? directive : "");
	if (!pass && file)
		printf("# failed at %s:%d: %s\n", file, line, cond);
	fflush(stdout);
	tap_detail[0] = 0;
}

static inline int tap_ok(int pass, const char *file, int line, const char *cond,
			 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static inline int tap_ok(int pass, const char *file, int line, const char *cond,
			 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vpoint(pass, NULL, file, line, cond, fmt, ap);
	va_end(ap);
	return pass;
}

/*
 * The condition is evaluated before the description's arguments (a GNU
 * statement expression, as gcc builds every program), so that
 * ok(call(&out) == 0, "... %d", out.field) prints what the call stored.
 */
#define ok(cond, ...)                                                                  \
	__extension__({                                                                \
		int tap_pass_ = !!(cond);                                              \
		tap_ok(tap_pass_, __FILE__, __LINE__, #cond, __VA_ARGS__);             \
	})

/* A test this system cannot run: "ok N - what # SKIP reason". */
static inline void tap_vskip(const char *reason, const char *fmt, va_list ap)
{
	char directive[200];

	snprintf(directive, sizeof(directive), " # SKIP%s%s", reason[0] ? " " : "", reason);
	tap_detail[0] = 0;
	tap_vpoint(1, directive, NULL, 0, NULL, fmt, ap);
}

static inline void tap_skip(const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tap_skip(const char *reason, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vskip(reason, fmt, ap);
	va_end(ap);
}

/* A diagnostic line "# ..."; never a test point, never compared. */
static inline void tap_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void tap_note(const char *fmt, ...)
{
	char text[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	printf("# %s\n", text);
	fflush(stdout);
}

/* The plan first, for a program that ends by dying. */
static inline void plan(int n)
{
	printf("1..%d\n", n);
	fflush(stdout);
	tap_planned = 1;
}

/* The plan last (unless plan() gave it), and main's exit status. */
static inline int done_testing(void)
{
	if (!tap_planned)
		printf("1..%d\n", tap_count);
	fflush(stdout);
	return tap_failed ? 1 : 0;
}

/* The whole text of path into buf (size bytes, NUL-terminated): its length,
 * or -errno if it cannot be opened.  For /proc files and the like. */
static inline int tap_slurp(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), n, len = 0;

	if (fd < 0)
		return -errno;
	while ((n = (int)read(fd, buf + len, (size_t)(size - 1 - len))) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/* A /proc/meminfo field in kB (key "MemFree:", say), or -1: how the hostile
 * tests see that every page came back. */
static inline long tap_meminfo_kb(const char *key)
{
	static char buf[4096];
	char *p;

	if (tap_slurp("/proc/meminfo", buf, sizeof(buf)) < 0 || !(p = strstr(buf, key)))
		return -1;
	return strtol(p + strlen(key), NULL, 10);
}

/* The spellings of tests/user (once its own utap.h). */
#define UTAP_PLAN(n) plan(n)
#define UTAP_OK(cond, ...) ((void)ok(cond, __VA_ARGS__))
#define UTAP_SKIP(...) tap_skip("", __VA_ARGS__)
#define UTAP_DONE() (tap_failed ? 1 : 0)

#endif /* TESTS_TAP_H */
