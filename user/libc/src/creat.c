/* creat: open(path, O_WRONLY | O_CREAT | O_TRUNC, mode), as POSIX defines
 * it (one function per object: a program may define its own). */
#include <fcntl.h>

int creat(const char *path, mode_t mode)
{
	return open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
}
