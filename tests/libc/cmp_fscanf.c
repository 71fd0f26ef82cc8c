/*
 * fscanf and getline on a stream, each result on one line, compared with
 * glibc: the input is written into a pipe, read through fdopen, and after
 * each call the program prints what was assigned, the return value, the
 * next character left in the stream (what a failed or finished field
 * leaves behind) and feof.
 */
/* parallel: yes */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static FILE *stream_of(const char *text)
{
	int p[2];

	if (pipe(p) != 0)
		return NULL;
	if (write(p[1], text, strlen(text)) != (ssize_t)strlen(text))
		return NULL;
	close(p[1]);
	return fdopen(p[0], "r");
}

static void rest(FILE *f)
{
	int c = fgetc(f);

	if (c == EOF)
		printf(" | next EOF feof %d\n", feof(f) != 0);
	else
		printf(" | next '%c'\n", c);
	fclose(f);
}

static void ints(const char *in, const char *fmt)
{
	FILE *f = stream_of(in);
	int a = -1, b = -1, n = -1;
	int r = fscanf(f, fmt, &a, &b, &n);

	printf("\"%s\" \"%s\": %d  a %d b %d n %d", in, fmt, r, a, b, n);
	rest(f);
}

static void text(const char *in, const char *fmt)
{
	FILE *f = stream_of(in);
	char a[32] = "-", b[32] = "-";
	int r = fscanf(f, fmt, a, b);

	printf("\"%s\" \"%s\": %d  a \"%s\" b \"%s\"", in, fmt, r, a, b);
	rest(f);
}

static void reals(const char *in, const char *fmt)
{
	FILE *f = stream_of(in);
	double a = -1, b = -1;
	int r = fscanf(f, fmt, &a, &b);

	printf("\"%s\" \"%s\": %d  a %.6g b %.6g", in, fmt, r, a, b);
	rest(f);
}

int main(void)
{
	ints("  42 17", "%d %d");
	ints("0x1fz", "%i");
	ints("077 9", "%i %i");
	ints("abc", "%d");
	ints("", "%d");
	ints("  \n ", "%d");
	ints("12345", "%3d%d");
	ints("10 20 ", "%*d %d %n");
	ints("+5 -6", "%u %d");
	ints("%25", "%%%d");
	ints("12 ", "%d %d");
	ints("7,8", "%d,%d");
	ints("7;8", "%d,%d");
	ints("ff 10", "%x %o");
	ints("9 x", "%d %d");
	text("hello world", "%5c%s");
	text("key=value;rest", "%[^=]=%[^;]");
	text("  word  next", "%s %s");
	text("abcdef", "%3s%2s");
	text("]x]y", "%[]x]%s");
	text("a-b c", "%[a-c-]%s");
	reals("-12.5e3x", "%lf");
	reals("1.5 2", "%lf %lf");
	reals(".25e-2 3.", "%lf %lf");
	reals("1.5e+", "%lf");
	{
		FILE *f = stream_of("one\ntwo three\n\nlast");
		char *line = NULL;
		size_t size = 0;
		ssize_t n;

		while ((n = getline(&line, &size, f)) != -1)
			printf("getline %d \"%.*s\"\n", (int)n, (int)strcspn(line, "\n"), line);
		printf("getline end: feof %d\n", feof(f) != 0);
		free(line);
		fclose(f);
	}
	return 0;
}
