/*
 * Conversions, string functions, error and signal texts and character
 * classes, each result on one line, compared with the host glibc.
 */
#pragma GCC diagnostic ignored "-Wstringop-truncation"
/* parallel: yes */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void show_strtol(const char *s, int base)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, base);
	printf("strtol(\"%s\", %d) = %ld errno %d end +%d\n", s, base, v, errno, (int)(end - s));
}

static void show_strtoul(const char *s, int base)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, base);
	printf("strtoul(\"%s\", %d) = %lu errno %d end +%d\n", s, base, v, errno, (int)(end - s));
}

static void show_strtoll(const char *s, int base)
{
	char *end;
	long long v;
	unsigned long long u;

	errno = 0;
	v = strtoll(s, &end, base);
	printf("strtoll(\"%s\", %d) = %lld errno %d end +%d\n", s, base, v, errno, (int)(end - s));
	errno = 0;
	u = strtoull(s, &end, base);
	printf("strtoull(\"%s\", %d) = %llu errno %d end +%d\n", s, base, u, errno, (int)(end - s));
}

int main(void)
{
	static const char *const nums[] = {
	    "0",
	    "42",
	    "-42",
	    "+17",
	    "  \t\n 99xyz",
	    "2147483647",
	    "2147483648",
	    "-2147483648",
	    "-2147483649",
	    "99999999999999999999",
	    "0x1f",
	    "0X1F",
	    "0x",
	    "0xg",
	    "017",
	    "08",
	    "",
	    "   ",
	    "-",
	    "+",
	    "-0",
	    "4294967295",
	    "4294967296",
	    "-1",
	    "zz",
	    "9223372036854775807",
	    "9223372036854775808",
	    "-9223372036854775808",
	    "18446744073709551615",
	    "18446744073709551616",
	    "-18446744073709551615",
	};
	static const int bases[] = {10, 0, 16, 8, 2, 36};
	unsigned i, j;
	char buf[64], *tok, *save;
	int c;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
		for (j = 0; j < sizeof(bases) / sizeof(bases[0]); j++) {
			show_strtol(nums[i], bases[j]);
			show_strtoul(nums[i], bases[j]);
			show_strtoll(nums[i], bases[j]);
		}
	show_strtol("101", 2);
	show_strtol("zZ", 36);
	errno = 0;
	printf("strtol base 1: %ld errno %d\n", strtol("7", NULL, 1), errno);
	errno = 0;
	printf("strtol base 37: %ld errno %d\n", strtol("7", NULL, 37), errno);
	printf("atoi %d %d %d %ld %lld\n", atoi("123abc"), atoi("-0"), atoi("  -77"),
	       atol("1000000"), atoll("-123456789012"));

	for (i = 0; i <= 135; i++)
		printf("strerror(%u) = %s\n", i, strerror((int)i));
	printf("strerror(-1) = %s\n", strerror(-1));
	printf("strerror(4096) = %s\n", strerror(4096));
	for (i = 1; i < 32; i++)
		printf("strsignal(%u) = %s\n", i, strsignal((int)i));
	errno = EINVAL;
	perror("perror says");
	errno = ENOENT;
	perror(NULL);
	errno = ETIMEDOUT;
	perror("");

	for (c = -1; c < 256; c++)
		printf("ctype %d: %d%d%d%d%d%d%d%d%d%d%d%d %d %d\n", c, !!isalnum(c), !!isalpha(c),
		       !!isblank(c), !!iscntrl(c), !!isdigit(c), !!isgraph(c), !!islower(c),
		       !!isprint(c), !!ispunct(c), !!isspace(c), !!isupper(c), !!isxdigit(c),
		       tolower(c), toupper(c));

	printf("strstr %s|%s|%d\n", strstr("hello world", "o w"), strstr("abc", ""),
	       strstr("abc", "abd") == NULL);
	printf("strchr %s|%d|%s\n", strchr("abcabc", 'c'), strchr("abc", 'z') == NULL,
	       strrchr("abcabc", 'b'));
	printf("strspn %zu %zu %s\n", strspn("aabbcd", "ab"), strcspn("hello, world", ", "),
	       strpbrk("hello, world", ",w"));
	printf("memchr %s %d\n", (char *)memchr("abcdef", 'd', 6), memchr("abc", 'd', 3) == NULL);
	strcpy(buf, "one");
	strcat(buf, "-two");
	strncat(buf, "-three", 3);
	printf("strcat %s %zu\n", buf, strlen(buf));
	printf("strcmp %d %d %d\n", strcmp("a", "b") < 0, strcmp("b", "a") > 0, strcmp("x", "x"));
	printf("strncmp %d %d\n", strncmp("abcd", "abcz", 3), strncmp("abcd", "abcz", 4) < 0);
	printf("strcasecmp %d %d %d\n", strcasecmp("HeLLo", "hello"), strcasecmp("a", "B") < 0,
	       strncasecmp("ABCx", "abcy", 3));
	strcpy(buf, " a, b,,c ");
	for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
		printf("token [%s]\n", tok);
	{
		char *d = strdup("duplicate"), *e = strndup("duplicate", 3);

		printf("strdup %s %s\n", d, e);
		free(d);
		free(e);
	}
	memset(buf, 'x', 10);
	buf[10] = 0;
	memmove(buf + 2, buf, 5);
	memcpy(buf, "AB", 2);
	printf("mem %s %d %d\n", buf, memcmp("abc", "abd", 3) < 0, memcmp("abc", "abc", 3));
	strncpy(buf, "hi", 5);
	printf("strncpy %d %d %d\n", buf[0], buf[2], buf[4]);
	return 0;
}
