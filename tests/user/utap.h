/* A few lines of TAP for the user-level kernel tests (tests/user/run counts them). */
#ifndef USER_TESTS_UTAP_H
#define USER_TESTS_UTAP_H

#include <stdio.h>

static int utap_n, utap_failed;

#define UTAP_PLAN(n) printf("1..%d\n", (n))
#define UTAP_OK(cond, ...)                                                                         \
	do {                                                                                       \
		int ok_ = !!(cond);                                                                \
		utap_n++;                                                                          \
		if (!ok_)                                                                          \
			utap_failed++;                                                             \
		printf("%sok %d - ", ok_ ? "" : "not ", utap_n);                                   \
		printf(__VA_ARGS__);                                                               \
		printf("\n");                                                                      \
		if (!ok_)                                                                          \
			printf("#   failed at %s:%d: %s\n", __FILE__, __LINE__, #cond);            \
	} while (0)
#define UTAP_SKIP(...)                                                                             \
	do {                                                                                       \
		utap_n++;                                                                          \
		printf("ok %d - ", utap_n);                                                        \
		printf(__VA_ARGS__);                                                               \
		printf(" # SKIP\n");                                                               \
	} while (0)
#define UTAP_DONE() (utap_failed ? 1 : 0)

#endif
