/*
 * TAP for the signal tests: ok(cond, "what", ...) prints "ok N - what" or
 * "not ok N - what"; done_testing() prints the plan at the end.  A test
 * that ends by dying (a forged frame) announces its plan first with
 * plan(N).  One printf per line: safe from a handler on tick386.
 */
#ifndef TESTS_SIGNALS_TAP_H
#define TESTS_SIGNALS_TAP_H

#include <stdio.h>
#include <stdlib.h>

static int tap_count, tap_failed, tap_planned;

#define ok(cond, ...)                                                                              \
	do {                                                                                       \
		int tap_c = !!(cond);                                                              \
		char tap_what[200];                                                                \
		snprintf(tap_what, sizeof(tap_what), __VA_ARGS__);                                 \
		printf("%sok %d - %s\n", tap_c ? "" : "not ", ++tap_count, tap_what);              \
		if (!tap_c) {                                                                      \
			tap_failed++;                                                              \
			printf("# failed at %s:%d\n", __FILE__, __LINE__);                         \
		}                                                                                  \
		fflush(stdout);                                                                    \
	} while (0)

static inline void plan(int n)
{
	printf("1..%d\n", n);
	tap_planned = 1;
}

static inline int done_testing(void)
{
	if (!tap_planned)
		printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
