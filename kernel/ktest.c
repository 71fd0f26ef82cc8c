/*
 * The KTAP runner.  Output for test=all with two suites:
 *
 *   KTAP version 1
 *   1..2
 *       KTAP version 1
 *       # Subtest: arith
 *       1..1
 *       ok 1 test_adds
 *   ok 1 arith
 *   ...
 *
 * tools/ktest-run on the host counts the indented case lines; a crash shows
 * up there as a missing result, and a panic as QEMU's panic exit status.
 */
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "lib/string.h"
#include <stdarg.h>

extern const struct ktest_suite __ktest_suites_start[], __ktest_suites_end[];

bool ktest_check(struct ktest *t, bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	t->failures++;
	kprintf("        # %s: %s:%d: ", t->name, file, line);
	va_start(ap, fmt);
	vkprintf(fmt, ap);
	va_end(ap);
	kprintf("\n");
	return false;
}

void ktest_skip(struct ktest *t, const char *reason)
{
	t->skip_reason = reason;
}

/*
 * Is suite s selected by `selection`, comma-separated words read in order:
 * "all" (every suite not marked KTEST_EXPLICIT), a suite's name, or a name
 * after '-' to leave that suite out ("all,-pit": all but pit)?
 */
static bool selected(const char *selection, const struct ktest_suite *s)
{
	size_t n = strlen(s->name);
	bool in = false;

	for (const char *p = selection; *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		bool minus = len > 1 && p[0] == '-';
		const char *w = minus ? p + 1 : p;
		size_t wlen = minus ? len - 1 : len;

		if (wlen == 3 && !strncmp(w, "all", 3))
			in = !minus && !(s->flags & KTEST_EXPLICIT);
		else if (wlen == n && !strncmp(w, s->name, n))
			in = !minus;
		p += len + (end ? 1 : 0);
	}
	return in;
}

static bool run_suite(const struct ktest_suite *s, unsigned number)
{
	unsigned failed = 0;

	kprintf("    KTAP version 1\n    # Subtest: %s\n    1..%u\n", s->name, s->case_count);
	for (unsigned i = 0; i < s->case_count; i++) {
		struct ktest t = {s->cases[i].name, 0, NULL};
		s->cases[i].run(&t);
		if (t.skip_reason && !t.failures) {
			kprintf("    ok %u %s # SKIP %s\n", i + 1, t.name, t.skip_reason);
		} else {
			kprintf("    %s %u %s\n", t.failures ? "not ok" : "ok", i + 1, t.name);
			failed += t.failures ? 1 : 0;
		}
	}
	kprintf("%s %u %s\n", failed ? "not ok" : "ok", number, s->name);
	return failed == 0;
}

int ktest_run(const char *selection)
{
	unsigned count = 0, number = 0, failed = 0;

	for (const struct ktest_suite *s = __ktest_suites_start; s < __ktest_suites_end; s++)
		count += selected(selection, s);
	kprintf("KTAP version 1\n1..%u\n", count);
	for (const struct ktest_suite *s = __ktest_suites_start; s < __ktest_suites_end; s++)
		if (selected(selection, s) && !run_suite(s, ++number))
			failed++;
	kprintf("# ktest: %u suites, %u failed\n", count, failed);
	return failed ? -1 : 0;
}
