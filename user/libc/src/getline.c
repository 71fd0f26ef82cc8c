/* getline: getdelim up to a newline. */
#include <stdio.h>

ssize_t getline(char **line, size_t *size, FILE *f)
{
	return getdelim(line, size, '\n', f);
}
