/* ftell and ftello: the descriptor's position, less a pushed-back byte. */
#include <stdio.h>
#include <unistd.h>

#include "file_stream.h"

off_t ftello(FILE *f)
{
	off_t pos = lseek(f->fd, 0, SEEK_CUR);

	if (pos < 0)
		return -1;
	return f->unget != EOF ? pos - 1 : pos;
}

long ftell(FILE *f)
{
	return (long)ftello(f);
}
