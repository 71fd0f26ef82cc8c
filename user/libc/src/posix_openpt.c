/* posix_openpt: open("/dev/ptmx", flags), as glibc.  tick386 has no
 * pseudo-terminals and no /dev/ptmx: the open fails with ENOENT, as glibc
 * on a Linux without one (one function per object: a program may define
 * its own). */
#include <fcntl.h>
#include <stdlib.h>

int posix_openpt(int flags)
{
	return open("/dev/ptmx", flags);
}
