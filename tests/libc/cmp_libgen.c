/*
 * <libgen.h>: POSIX basename and dirname on paths with every mix of
 * leading, doubled and trailing slashes, and NULL, compared with glibc.
 */
/* parallel: yes */
#include <libgen.h>
#include <stdio.h>
#include <string.h>
static const char *cases[] = {"", "/", "//", "///", "a", "a/", "a//", "/a", "//a", "/a/", "/a/b", "/a/b/", "/a//b//", "a/b", "a/b/c", ".", "..", "./", "../x", "usr/lib/", "/usr//lib", "x///y", NULL};
int main(void)
{
	char b[64], d[64];
	printf("basename(NULL) = %s\n", basename(NULL));
	printf("dirname(NULL) = %s\n", dirname(NULL));
	for (int i = 0; cases[i]; i++) {
		strcpy(b, cases[i]);
		strcpy(d, cases[i]);
		printf("\"%s\": basename \"%s\"", cases[i], basename(b));
		printf(" dirname \"%s\"\n", dirname(d));
	}
	return 0;
}
