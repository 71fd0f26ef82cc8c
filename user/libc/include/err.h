/* <err.h>: BSD's err, errx, warn, warnx: "prog: message[: strerror]\n". */
#ifndef _ERR_H
#define _ERR_H

#include <stdarg.h>

__attribute__((noreturn, format(printf, 2, 3))) void err(int status, const char *fmt, ...);
__attribute__((noreturn, format(printf, 2, 3))) void errx(int status, const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void warn(const char *fmt, ...);
__attribute__((format(printf, 1, 2))) void warnx(const char *fmt, ...);
void vwarn(const char *fmt, va_list ap);
void vwarnx(const char *fmt, va_list ap);

#endif
