/* ftok: glibc's key: the inode's low 16 bits, the device's low 8 at bit
 * 16, id's low 8 at bit 24; -1 when stat fails. */
#include <sys/ipc.h>
#include <sys/stat.h>

key_t ftok(const char *path, int id)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return (key_t)-1;
	return (key_t)((st.st_ino & 0xffff) | ((st.st_dev & 0xff) << 16) |
		       ((unsigned int)(id & 0xff) << 24));
}
