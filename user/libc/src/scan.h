/* Pieces shared by sscanf and vfscanf (internal). */
#ifndef TICK386_LIBC_SCAN_H
#define TICK386_LIBC_SCAN_H

#include <stdarg.h>

/* Store v through the next pointer of *ap, sized by the length form len. */
void __scan_store_int(va_list *ap, const char *len, unsigned long long v);
/* Does c belong to the scanset [set, set_end) (the text after '[')? */
int __scan_in_set(const char *set, const char *set_end, int c);

#endif
