/*
 * Fault injection (see mm/fault_inject.h): the command line's two rules, the
 * per-task countdown of /proc/PID/fail-nth, and the report of each failure.
 *
 * The allocators call fault_inject_slab / fault_inject_pages with
 * interrupts on or off; IRQ handlers never allocate, so `current` is the
 * task the allocation is for.  Everything here runs on one CPU with the
 * caller's interrupt state: the counts are updated under irq_save.
 */
#include "mm/fault_inject.h"
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "kernel/ksyms.h"
#include "kernel/printk.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include <abi/errno.h>

static struct fault_rule slab_rule, page_rule;
static u32 injected;

/* ---- the command line ------------------------------------------------------ */

/* A decimal number at *p (at least one digit, no overflow); advances *p. */
static int parse_decimal(const char **p, u32 *out)
{
	const char *s = *p;
	u32 v = 0;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (v > (0xffffffffu - (u32)(*s - '0')) / 10)
			return -EINVAL;
		v = v * 10 + (u32)(*s - '0');
	}
	*p = s;
	*out = v;
	return 0;
}

int fault_rule_parse(struct fault_rule *r, const char *text, bool with_cache)
{
	const char *colon = strchr(text, ':'), *p = text;

	memset(r, 0, sizeof(*r));
	if (colon) {
		size_t len = (size_t)(colon - text);

		if (!with_cache || len == 0 || len >= sizeof(r->cache))
			return -EINVAL;
		memcpy(r->cache, text, len);
		r->cache[len] = '\0';
		p = colon + 1;
	}
	if (parse_decimal(&p, &r->nth) || r->nth == 0)
		return -EINVAL;
	if (*p == ',') {
		p++;
		if (parse_decimal(&p, &r->every))
			return -EINVAL;
		if (*p == ',') {
			p++;
			if (parse_decimal(&p, &r->times))
				return -EINVAL;
		}
	}
	if (*p)
		return -EINVAL;
	r->on = true;
	return 0;
}

bool fault_rule_matches(const struct fault_rule *r, const char *cache)
{
	size_t len = strlen(r->cache);

	if (!r->on)
		return false;
	if (len == 0)
		return true;
	if (r->cache[len - 1] == '*')
		return !strncmp(cache, r->cache, len - 1);
	return !strcmp(cache, r->cache);
}

bool fault_rule_hit(struct fault_rule *r)
{
	u32 n;

	if (!r->on || (r->times && r->failed >= r->times))
		return false;
	n = ++r->seen;
	if (n < r->nth)
		return false;
	if (n != r->nth && (!r->every || (n - r->nth) % r->every))
		return false;
	r->failed++;
	return true;
}

static void parse_option(struct fault_rule *r, const char *key, bool with_cache)
{
	char text[64];

	if (!bootinfo_cmdline_get(key, text, sizeof(text)))
		return;
	if (fault_rule_parse(r, text, with_cache) < 0) {
		kprintf("fault_inject: %s=%s not understood, ignored (%s)\n", key, text,
			with_cache ? "[CACHE:]NTH[,EVERY[,TIMES]]" : "NTH[,EVERY[,TIMES]]");
		return;
	}
	kprintf("fault_inject: %s=%s: allocation %u of %s fails", key, text, r->nth,
		r->cache[0] ? r->cache : with_cache ? "every cache" : "pages");
	if (r->every)
		kprintf(", then 1 in %u after it", r->every);
	if (r->every && r->times)
		kprintf(", %u times in all", r->times);
	kprintf("\n");
}

void fault_inject_init(void)
{
	parse_option(&slab_rule, "failslab", true);
	parse_option(&page_rule, "fail_page_alloc", false);
}

/* ---- the report ------------------------------------------------------------ */

static bool is_allocator(const char *name)
{
	static const char *const names[] = { "kmalloc",	  "kzalloc",	  "kmem_cache_alloc",
					     "pmm_alloc", "fault_inject", "slab_alloc" };

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strncmp(name, names[i], strlen(names[i])))
			return true;
	return false;
}

/*
 * The function that asked for the memory: the first return address on the
 * frame-pointer chain (the kernel keeps frame pointers) outside the
 * allocators themselves.
 */
static u32 alloc_caller(u32 *offset)
{
	u32 ebp;

	__asm__ volatile("movl %%ebp, %0" : "=r"(ebp));
	for (int depth = 0; depth < 8 && ebp >= 0xC0000000u && !(ebp & 3); depth++) {
		const u32 *frame = (const u32 *)ebp;
		const char *name = ksym_lookup(frame[1] - 1, offset);

		if (!frame[1])
			break;
		if (!name || !is_allocator(name))
			return frame[1] - 1;
		if (frame[0] <= ebp)
			break;
		ebp = frame[0];
	}
	*offset = 0;
	return 0;
}

static void report(u32 number, const char *what, const char *cache, u32 count, const char *how)
{
	u32 offset = 0, at = alloc_caller(&offset);
	const char *fn = at ? ksym_lookup(at, &offset) : NULL;

	if (cache)
		kprintf("fault_inject #%u: %s(%s) fails for pid %d (%s) in %s+%#x (%s)\n", number,
			what, cache, current->pid, current->name, fn ? fn : "?", offset, how);
	else
		kprintf("fault_inject #%u: %s(%u) fails for pid %d (%s) in %s+%#x (%s)\n", number,
			what, count, current->pid, current->name, fn ? fn : "?", offset, how);
}

/* ---- the decision ---------------------------------------------------------- */

/*
 * The task's fail-nth countdown, if it has one: *fail set and true returned
 * (the command line then does not apply).
 */
static bool countdown(struct task *t, bool *fail)
{
	if (!t->fail_nth)
		return false;
	*fail = --t->fail_nth == 0;
	return true;
}

static bool decide(struct fault_rule *rule, const char *cache, bool *by_nth)
{
	struct task *t = current;
	bool fail = false;

	*by_nth = false;
	if (!t)
		return false; /* before task_init: the boot's own allocations */
	if (countdown(t, &fail)) {
		*by_nth = true;
		return fail;
	}
	if (t->pid == 0 || !rule->on)
		return false;
	if (cache && !fault_rule_matches(rule, cache))
		return false;
	return fault_rule_hit(rule);
}

bool fault_inject_slab(const char *cache)
{
	u32 flags = irq_save();
	bool by_nth, fail = decide(&slab_rule, cache, &by_nth);
	u32 number = fail ? ++injected : 0;

	irq_restore(flags);
	if (fail)
		report(number, "kmem_cache_alloc", cache, 0, by_nth ? "fail-nth" : "failslab=");
	return fail;
}

bool fault_inject_pages(u32 count)
{
	u32 flags = irq_save();
	bool by_nth, fail = decide(&page_rule, NULL, &by_nth);
	u32 number = fail ? ++injected : 0;

	irq_restore(flags);
	if (fail)
		report(number, "pmm_alloc_pages", NULL, count, by_nth ? "fail-nth" : "fail_page_alloc=");
	return fail;
}

u32 fault_inject_count(void)
{
	return injected;
}
