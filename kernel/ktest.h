/*
 * In-kernel tests, in the manner of KUnit.  A suite is a list of cases
 * registered with KTEST_SUITE() in a file next to the code it tests; the
 * linker gathers the suites in section .ktest_suites.  The kernel command line
 * selects them: test=all, or test=SUITE,SUITE.  Results go to the serial
 * console as KTAP (version 1), and QEMU exits with the overall status.
 *
 *     static void test_adds(struct ktest *t) { KEXPECT_EQ(t, 1 + 1, 2); }
 *     KTEST_SUITE(arith, KTEST_CASE(test_adds));
 *
 * KEXPECT_* record a failure and go on; KASSERT_* also return from the case.
 */
#ifndef TICK386_KERNEL_KTEST_H
#define TICK386_KERNEL_KTEST_H

#include "lib/compiler.h"
#include "lib/types.h"

struct ktest {
	const char *name;
	int failures;
	const char *skip_reason; /* set by ktest_skip() */
};

struct ktest_case {
	const char *name;
	void (*run)(struct ktest *t);
};

#define KTEST_EXPLICIT 1 /* not part of test=all: run only when named */

struct ktest_suite {
	const char *name;
	const struct ktest_case *cases;
	unsigned case_count;
	unsigned flags;
};

#define KTEST_CASE(fn) {#fn, fn}

#define KTEST_SUITE_FLAGS(sname, sflags, ...)                                                  \
	static const struct ktest_case ktest_cases_##sname[] = {__VA_ARGS__};                  \
	static const struct ktest_suite ktest_suite_##sname __section(".ktest_suites")       \
		__attribute__((used, aligned(8))) = {#sname, ktest_cases_##sname,               \
						     ARRAY_SIZE(ktest_cases_##sname), sflags}
#define KTEST_SUITE(sname, ...) KTEST_SUITE_FLAGS(sname, 0, __VA_ARGS__)

bool ktest_check(struct ktest *t, bool ok, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void ktest_skip(struct ktest *t, const char *reason);

#define KEXPECT_TRUE(t, cond) ktest_check(t, !!(cond), __FILE__, __LINE__, "expected %s", #cond)
#define KEXPECT_FALSE(t, cond) ktest_check(t, !(cond), __FILE__, __LINE__, "expected !(%s)", #cond)
#define KEXPECT_OP(t, a, op, b)                                                                \
	({                                                                                     \
		long long ka_ = (long long)(a), kb_ = (long long)(b);                          \
		ktest_check(t, ka_ op kb_, __FILE__, __LINE__, "expected %s %s %s: %lld vs %lld", \
			    #a, #op, #b, ka_, kb_);                                            \
	})
#define KEXPECT_EQ(t, a, b) KEXPECT_OP(t, a, ==, b)
#define KEXPECT_NE(t, a, b) KEXPECT_OP(t, a, !=, b)
#define KEXPECT_LT(t, a, b) KEXPECT_OP(t, a, <, b)
#define KEXPECT_LE(t, a, b) KEXPECT_OP(t, a, <=, b)
#define KEXPECT_GT(t, a, b) KEXPECT_OP(t, a, >, b)
#define KEXPECT_GE(t, a, b) KEXPECT_OP(t, a, >=, b)

#define KASSERT_TRUE(t, cond)                                                                  \
	do {                                                                                   \
		if (!KEXPECT_TRUE(t, cond))                                                    \
			return;                                                                \
	} while (0)
#define KASSERT_EQ(t, a, b)                                                                    \
	do {                                                                                   \
		if (!KEXPECT_EQ(t, a, b))                                                      \
			return;                                                                \
	} while (0)

/* Run the suites named by `selection` ("all" or a comma list); 0 if all passed. */
int ktest_run(const char *selection);

#endif
