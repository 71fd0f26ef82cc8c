/* getpagesize: the size of a page, 4096 on i386 (the kernel's PAGE_SIZE;
 * sysconf(_SC_PAGESIZE) says the same).  One function per object: a
 * program may define its own. */
#include <unistd.h>

int getpagesize(void)
{
	return 4096;
}
