/*
 * The string functions beyond lib/string.c's core set (which the kernel
 * shares): searching, concatenation, duplication, tokens, case.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n > 0; n--, p++)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

void *memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = (const unsigned char *)s + n;

	while (n-- > 0)
		if (*--p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

void *memccpy(void *dst, const void *src, int c, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n-- > 0) {
		*d = *s++;
		if (*d++ == (unsigned char)c)
			return d;
	}
	return NULL;
}

void *mempcpy(void *dst, const void *src, size_t n)
{
	return (char *)memcpy(dst, src, n) + n;
}

void *memmem(const void *hay, size_t hn, const void *needle, size_t nn)
{
	const char *h = hay;
	size_t i;

	if (nn == 0)
		return (void *)hay;
	for (i = 0; i + nn <= hn; i++)
		if (h[i] == *(const char *)needle && !memcmp(h + i, needle, nn))
			return (void *)(h + i);
	return NULL;
}

char *stpcpy(char *dst, const char *src)
{
	size_t n = strlen(src);

	memcpy(dst, src, n + 1);
	return dst + n;
}

char *stpncpy(char *dst, const char *src, size_t n)
{
	size_t len = strnlen(src, n);

	memcpy(dst, src, len);
	memset(dst + len, 0, n - len);
	return dst + len;
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (size) {
		size_t copy = n < size - 1 ? n : size - 1;

		memcpy(dst, src, copy);
		dst[copy] = '\0';
	}
	return n;
}

size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t have = strnlen(dst, size);

	if (have == size)
		return size + strlen(src);
	return have + strlcpy(dst + have, src, size - have);
}

char *strcat(char *dst, const char *src)
{
	strcpy(dst + strlen(dst), src);
	return dst;
}

char *strncat(char *dst, const char *src, size_t n)
{
	char *end = dst + strlen(dst);
	size_t len = strnlen(src, n);

	memcpy(end, src, len);
	end[len] = '\0';
	return dst;
}

char *strchrnul(const char *s, int c)
{
	while (*s && *s != (char)c)
		s++;
	return (char *)s;
}

char *strstr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	if (n == 0)
		return (char *)hay;
	for (; (hay = strchr(hay, *needle)) != NULL; hay++)
		if (!strncmp(hay, needle, n))
			return (char *)hay;
	return NULL;
}

char *strcasestr(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay; hay++)
		if (!strncasecmp(hay, needle, n))
			return (char *)hay;
	return n == 0 ? (char *)hay : NULL;
}

size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

char *strtok_r(char *s, const char *delim, char **save)
{
	char *end;

	if (!s)
		s = *save;
	s += strspn(s, delim);
	if (!*s) {
		*save = s;
		return NULL;
	}
	end = s + strcspn(s, delim);
	if (*end)
		*end++ = '\0';
	*save = end;
	return s;
}

char *strtok(char *s, const char *delim)
{
	static char *save;

	return strtok_r(s, delim, &save);
}

char *strsep(char **sp, const char *delim)
{
	char *s = *sp, *end;

	if (!s)
		return NULL;
	end = s + strcspn(s, delim);
	if (*end) {
		*end = '\0';
		*sp = end + 1;
	} else {
		*sp = NULL;
	}
	return s;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *copy = malloc(n);

	return copy ? memcpy(copy, s, n) : NULL;
}

char *strndup(const char *s, size_t max)
{
	size_t n = strnlen(s, max);
	char *copy = malloc(n + 1);

	if (!copy)
		return NULL;
	memcpy(copy, s, n);
	copy[n] = '\0';
	return copy;
}

/* The "C" locale collates by byte value. */
int strcoll(const char *a, const char *b)
{
	return strcmp(a, b);
}

size_t strxfrm(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);

	if (n > len)
		memcpy(dst, src, len + 1);
	return len;
}

int strcasecmp(const char *a, const char *b)
{
	int d;

	for (;; a++, b++) {
		d = tolower((unsigned char)*a) - tolower((unsigned char)*b);
		if (d || !*a)
			return d;
	}
}

int strncasecmp(const char *a, const char *b, size_t n)
{
	int d;

	for (; n > 0; n--, a++, b++) {
		d = tolower((unsigned char)*a) - tolower((unsigned char)*b);
		if (d || !*a)
			return d;
	}
	return 0;
}

void bzero(void *s, size_t n)
{
	memset(s, 0, n);
}

void bcopy(const void *src, void *dst, size_t n)
{
	memmove(dst, src, n);
}

int bcmp(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n);
}

char *index(const char *s, int c)
{
	return strchr(s, c);
}

char *rindex(const char *s, int c)
{
	return strrchr(s, c);
}

int ffs(int i)
{
	return __builtin_ffs(i);
}
