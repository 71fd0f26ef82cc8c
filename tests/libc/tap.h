/*
 * Minimal TAP for the libc tests: ok(cond, "what", ...) prints
 * "ok N - what" or "not ok N - what"; done_testing() prints the plan.
 * Output goes through one printf per line, as everything in user/libc does.
 */
#ifndef TESTS_LIBC_TAP_H
#define TESTS_LIBC_TAP_H

#include <stdio.h>
#include <stdlib.h>

static int tap_count, tap_failed;

#define ok(cond, ...)                                                \
	do {                                                         \
		int tap_c = !!(cond);                                \
		char tap_what[200];                                  \
		snprintf(tap_what, sizeof(tap_what), __VA_ARGS__);   \
		printf("%sok %d - %s\n", tap_c ? "" : "not ", ++tap_count, tap_what); \
		if (!tap_c) {                                        \
			tap_failed++;                                \
			printf("# failed at %s:%d\n", __FILE__, __LINE__); \
		}                                                    \
	} while (0)

static inline int done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
