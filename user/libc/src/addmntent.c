/* addmntent: one line at the end of the stream, the names with space,
 * tab, newline and backslash escaped in octal; 0, or 1 on failure. */
#include <mntent.h>
#include <stdio.h>
#include <string.h>

static char *escape(char *out, const char *s)
{
	char *w = out;

	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\\') {
			*w++ = '\\';
			*w++ = (char)('0' + ((unsigned char)*s >> 6));
			*w++ = (char)('0' + (((unsigned char)*s >> 3) & 7));
			*w++ = (char)('0' + ((unsigned char)*s & 7));
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
	return out;
}

int addmntent(FILE *stream, const struct mntent *mnt)
{
	char f[4 * 256 + 1], d[4 * 256 + 1], t[4 * 64 + 1], o[4 * 256 + 1];

	if (strlen(mnt->mnt_fsname) > 256 || strlen(mnt->mnt_dir) > 256 ||
	    strlen(mnt->mnt_type) > 64 || strlen(mnt->mnt_opts) > 256)
		return 1;
	if (fseek(stream, 0, SEEK_END) != 0)
		return 1;
	return fprintf(stream, "%s %s %s %s %d %d\n", escape(f, mnt->mnt_fsname),
		       escape(d, mnt->mnt_dir), escape(t, mnt->mnt_type),
		       escape(o, mnt->mnt_opts), mnt->mnt_freq, mnt->mnt_passno) < 0;
}
