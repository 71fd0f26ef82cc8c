/* err, errx, warn, warnx and setlocale/localeconv of the "C" locale. */
#include <err.h>
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One write per message: format it all first. */
static void report(const char *fmt, va_list ap, int with_errno)
{
	char msg[512];
	int saved = errno, n;

	n = snprintf(msg, sizeof(msg), "%s: ", program_invocation_short_name);
	if (fmt)
		n += vsnprintf(msg + n, sizeof(msg) > (size_t)n ? sizeof(msg) - (size_t)n : 0, fmt,
			       ap);
	if (with_errno && (size_t)n < sizeof(msg))
		n += snprintf(msg + n, sizeof(msg) - (size_t)n, "%s%s", fmt ? ": " : "",
			      strerror(saved));
	dprintf(STDERR_FILENO, "%.*s\n", n < (int)sizeof(msg) ? n : (int)sizeof(msg) - 1, msg);
}

void vwarn(const char *fmt, va_list ap)
{
	report(fmt, ap, 1);
}

void vwarnx(const char *fmt, va_list ap)
{
	report(fmt, ap, 0);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(fmt, ap, 1);
	va_end(ap);
}

void warnx(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(fmt, ap, 0);
	va_end(ap);
}

void err(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(fmt, ap, 1);
	va_end(ap);
	exit(status);
}

void errx(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(fmt, ap, 0);
	va_end(ap);
	exit(status);
}

char *setlocale(int category, const char *locale)
{
	(void)category;
	if (!locale || !*locale || !strcmp(locale, "C") || !strcmp(locale, "POSIX"))
		return "C";
	return NULL;
}

struct lconv *localeconv(void)
{
	static struct lconv c = {".", "", ""};

	return &c;
}
