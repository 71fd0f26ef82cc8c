/* hasmntopt: the option opt in mnt_opts, whole (at the start or after a
 * comma, and followed by a comma, '=' or the end), or NULL. */
#include <mntent.h>
#include <string.h>

char *hasmntopt(const struct mntent *mnt, const char *opt)
{
	size_t n = strlen(opt);
	char *s = mnt->mnt_opts;

	for (;;) {
		if (!strncmp(s, opt, n) && (s[n] == '\0' || s[n] == ',' || s[n] == '='))
			return s;
		s = strchr(s, ',');
		if (!s)
			return NULL;
		s++;
	}
}
