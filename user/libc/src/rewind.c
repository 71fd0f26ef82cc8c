/* rewind: back to the start, the error mark cleared too (C). */
#include <stdio.h>

#include "file_stream.h"

void rewind(FILE *f)
{
	fseek(f, 0, SEEK_SET);
	f->error = 0;
}
