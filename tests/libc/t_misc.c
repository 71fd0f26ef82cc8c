/*
 * exit with atexit (order), lfind/lsearch, qsort/bsearch, environment,
 * getopt, setjmp, abs & co.  The atexit handlers print the last results
 * after main returns, then the plan.
 */
/* parallel: yes */
#include <errno.h>
#include <limits.h>
#include <search.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../tap.h"

static int exit_seq[4], exit_n;

static void at1(void)
{
	exit_seq[exit_n++] = 1;
	ok(exit_n == 3 && exit_seq[0] == 3 && exit_seq[1] == 2,
	   "atexit handlers run in reverse order (3, 2, 1)");
	done_testing();
}

static void at2(void)
{
	exit_seq[exit_n++] = 2;
}

static void at3(void)
{
	exit_seq[exit_n++] = 3;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

#pragma GCC diagnostic ignored "-Winfinite-recursion"
static jmp_buf env;
static volatile int jump_at;
static void jump_back(int depth)
{
	if (depth == jump_at)
		longjmp(env, 0); /* 0 arrives as 1 */
	jump_back(depth - 1);
}

int main(void)
{
	int table[16] = {5, 3, 9, 1};
	size_t n = 4;
	int key, *found, i, sorted, r;
	int many[1000];
	char *argv[] = {"prog", "-a", "-b", "val", "-cfoo", "-x", "rest", NULL};
	int opt, seen_a = 0, seen_x = 0;
	char *b_arg = NULL, *c_arg = NULL;
	volatile int kept = 7;

	key = 9;
	found = lfind(&key, table, &n, sizeof(int), cmp_int);
	ok(found == &table[2], "lfind finds 9 at index 2");
	key = 4;
	ok(lfind(&key, table, &n, sizeof(int), cmp_int) == NULL && n == 4,
	   "lfind: 4 absent, n unchanged");
	found = lsearch(&key, table, &n, sizeof(int), cmp_int);
	ok(found == &table[4] && *found == 4 && n == 5, "lsearch appends 4");
	found = lsearch(&key, table, &n, sizeof(int), cmp_int);
	ok(found == &table[4] && n == 5, "lsearch finds it the second time");

	for (i = 0; i < 1000; i++)
		many[i] = (i * 7919) % 1000 - 500;
	qsort(many, 1000, sizeof(int), cmp_int);
	for (i = 1, sorted = 1; i < 1000; i++)
		sorted &= many[i - 1] <= many[i];
	ok(sorted && many[0] == -500 && many[999] == 499, "qsort sorts 1000 ints");
	key = 123;
	found = bsearch(&key, many, 1000, sizeof(int), cmp_int);
	ok(found && *found == 123, "bsearch finds 123");
	key = 5000;
	ok(bsearch(&key, many, 1000, sizeof(int), cmp_int) == NULL, "bsearch: 5000 absent");

	ok(abs(-5) == 5 && abs(INT_MAX) == INT_MAX && labs(-7L) == 7 &&
	       llabs(-8000000000LL) == 8000000000LL,
	   "abs, labs, llabs");
	ok(div(7, -2).quot == -3 && div(7, -2).rem == 1 && ldiv(-7, 2).rem == -1, "div, ldiv");

	ok(getenv("TICK386_NO_SUCH") == NULL, "getenv of an unset name");
	ok(setenv("TICK386_T", "one", 1) == 0 && !strcmp(getenv("TICK386_T"), "one"), "setenv");
	ok(setenv("TICK386_T", "two", 0) == 0 && !strcmp(getenv("TICK386_T"), "one"),
	   "setenv without overwrite keeps the value");
	ok(setenv("TICK386_T", "two", 1) == 0 && !strcmp(getenv("TICK386_T"), "two"),
	   "setenv with overwrite");
	ok(unsetenv("TICK386_T") == 0 && getenv("TICK386_T") == NULL, "unsetenv");
	errno = 0;
	ok(setenv("A=B", "x", 1) == -1 && errno == EINVAL, "setenv name with '=': EINVAL");

	opterr = 0;
	while ((opt = getopt(7, argv, "ab:c:")) != -1) {
		if (opt == 'a')
			seen_a = 1;
		else if (opt == 'b')
			b_arg = optarg;
		else if (opt == 'c')
			c_arg = optarg;
		else if (opt == '?' && optopt == 'x')
			seen_x = 1;
	}
	ok(seen_a && b_arg && !strcmp(b_arg, "val") && c_arg && !strcmp(c_arg, "foo") && seen_x &&
	       optind == 6 && !strcmp(argv[optind], "rest"),
	   "getopt: -a, -b val, -cfoo, unknown -x, operands from 'rest'");

	r = setjmp(env);
	if (r == 0) {
		kept = 8;
		jump_back(10);
	}
	ok(r == 1 && kept == 8, "longjmp from 10 calls deep, 0 becomes 1");

	atexit(at1);
	atexit(at2);
	ok(atexit(at3) == 0, "atexit registers");
	return 0;
}
