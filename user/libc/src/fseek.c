/*
 * fseek and fseeko: stdio is unbuffered, so the stream's position is its
 * descriptor's; only a pushed-back byte is forgotten (and the end-of-file
 * mark cleared), as C says.  SEEK_CUR counts from where the program is,
 * which is one byte before the descriptor when a byte was pushed back.
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "file_stream.h"

int fseeko(FILE *f, off_t offset, int whence)
{
	if (whence == SEEK_CUR && f->unget != EOF)
		offset--;
	if (lseek(f->fd, offset, whence) < 0)
		return -1;
	f->unget = EOF;
	f->eof = 0;
	return 0;
}

int fseek(FILE *f, long offset, int whence)
{
	return fseeko(f, (off_t)offset, whence);
}
