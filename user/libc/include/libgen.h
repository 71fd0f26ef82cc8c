/* <libgen.h>: POSIX's basename and dirname, which may modify PATH (as
 * glibc's when <libgen.h> is included: not GNU's basename of <string.h>). */
#ifndef _LIBGEN_H
#define _LIBGEN_H

char *basename(char *path);
char *dirname(char *path);

#endif
