/*
 * wc: count the lines, words and bytes of standard input ("wc -l": the
 * lines only), as POSIX's wc: a line is a newline, a word a run of
 * characters between blanks.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned long lines = 0, words = 0, bytes = 0;
	int in_word = 0, only_lines = argc > 1 && !strcmp(argv[1], "-l");
	char buf[512];
	ssize_t n;

	while ((n = read(0, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			perror("wc");
			return 1;
		}
		bytes += (unsigned long)n;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\n')
				lines++;
			if (isspace((unsigned char)buf[i])) {
				in_word = 0;
			} else if (!in_word) {
				in_word = 1;
				words++;
			}
		}
	}
	if (only_lines)
		printf("%lu\n", lines);
	else
		printf("%7lu %7lu %7lu\n", lines, words, bytes);
	return 0;
}
