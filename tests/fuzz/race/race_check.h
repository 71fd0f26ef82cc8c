/* The kernel's memory as a program sees it (race_check.c). */
#ifndef RACE_CHECK_H
#define RACE_CHECK_H

#define KSTATE_CACHES 40
struct kstate {
	long memfree_kb;
	int ncaches;
	char cache[KSTATE_CACHES][24];
	long objects[KSTATE_CACHES];
};
void kstate_take(struct kstate *s);
const char *kstate_diff(const struct kstate *a, const struct kstate *b); /* NULL: same */

#endif
