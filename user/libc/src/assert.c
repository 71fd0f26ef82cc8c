/* The message of a failed assert(), in glibc's words, then abort(). */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func)
{
	fprintf(stderr, "%s%s%s:%u: %s%sAssertion `%s' failed.\n", program_invocation_short_name,
		*program_invocation_short_name ? ": " : "", file, line, func ? func : "",
		func ? ": " : "", expr);
	abort();
}
