/*
 * ftok, makedev/major/minor, and the mount-table functions (<mntent.h>)
 * on a file of tricky lines, printed: the lines must be glibc's.
 */
/* parallel: yes */
#include <errno.h>
#include <mntent.h>
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#define TAB "/tmp/cmp_fshdr.tab"

static const char *const lines =
	"# a comment\n"
	"\n"
	"   \t  \n"
	"  # an indented comment\n"
	"/dev/sda1 / ext4 rw,relatime 0 1\n"
	"tmpfs\t/tmp  tmpfs\trw,nosuid,size=1024k,mode=1777 0 0   \n"
	"my\\040disk /mnt/with\\040space vfat ro,uid=1000,umask=022\n"
	"a\\011b /x\\012y\\134z\\\\w t o 7\n"
	"only-one\n"
	"two fields\n"
	"three f t\n"
	"bad\\04 /p\\0401 t defaults,noauto x 3\n"
	"f /d t o 5 nine\n"
	"last /no/newline t rw,ro=1,rwx 2 3";

/* s with tabs and newlines made visible (the outputs are compared by line). */
static const char *vis(const char *s, char *out)
{
	char *w = out;

	for (; *s; s++) {
		if (*s == '\t' || *s == '\n') {
			*w++ = '<';
			*w++ = *s == '\t' ? 'T' : 'N';
			*w++ = '>';
		} else {
			*w++ = *s;
		}
	}
	*w = '\0';
	return out;
}

static void show(const struct mntent *m)
{
	char a[256], b[256], c[256], d[256];

	printf("[%s] [%s] [%s] [%s] %d %d\n", vis(m->mnt_fsname, a), vis(m->mnt_dir, b),
	       vis(m->mnt_type, c), vis(m->mnt_opts, d), m->mnt_freq, m->mnt_passno);
}

static void opt(const struct mntent *m, const char *o)
{
	char *p = hasmntopt(m, o);

	printf("  hasmntopt %s: %ld\n", o, p ? (long)(p - m->mnt_opts) : -1L);
}

int main(void)
{
	static const unsigned int devs[][2] = {
		{0, 0}, {8, 1}, {1, 3}, {0xfff, 0xff}, {0x1000, 0x100}, {4095, 1048575},
		{0xffffffffu, 0xffffffffu}, {0x12345, 0x6789abcd},
	};
	static const char *const opts[] = {"rw", "ro", "relatime", "size", "mode", "uid",
					   "umask", "defaults", "noauto", "rwx", "r", ""};
	char buf[256];
	struct mntent m, *p;
	struct stat st;
	unsigned i, j;
	FILE *f;
	int n = 0;

	for (i = 0; i < sizeof(devs) / sizeof(devs[0]); i++) {
		unsigned long long d = makedev(devs[i][0], devs[i][1]);

		printf("makedev(%#x, %#x) = %#llx major %#x minor %#x\n", devs[i][0], devs[i][1], d,
		       major(d), minor(d));
	}
	printf("major(0x123456789abcdef0) %#x minor %#x\n", major(0x123456789abcdef0ULL),
	       minor(0x123456789abcdef0ULL));

	mkdir("/tmp", 01777);
	f = fopen(TAB, "w");
	if (!f || fputs(lines, f) < 0) {
		perror("write " TAB);
		return 1;
	}
	fclose(f);

	/* ftok: glibc's formula over stat's numbers, and a missing file */
	if (stat(TAB, &st) < 0) {
		perror("stat");
		return 1;
	}
	for (i = 0; i < 4; i++) {
		int id = (int[]){1, 'A', 0x1ff, -1}[i];
		key_t k = ftok(TAB, id);
		key_t want = (key_t)((st.st_ino & 0xffff) | ((st.st_dev & 0xff) << 16) |
				     ((unsigned)(id & 0xff) << 24));

		printf("ftok id %#x: %s, id byte %#x\n", id, k == want ? "formula" : "other",
		       (unsigned)k >> 24);
	}
	errno = 0;
	i = (unsigned)ftok("/tmp/cmp_fshdr.none", 1);
	printf("ftok missing: %d errno %s\n", (int)i, errno == ENOENT ? "ENOENT" : "other");

	f = setmntent(TAB, "r");
	if (!f) {
		perror("setmntent");
		return 1;
	}
	while ((p = getmntent(f))) {
		printf("%d: ", ++n);
		show(p);
		if (n == 2 || n == 3 || n == 7 || n == 9)
			for (j = 0; j < sizeof(opts) / sizeof(opts[0]); j++)
				opt(p, opts[j]);
	}
	printf("end after %d\n", n);
	endmntent(f);

	/* getmntent_r with a short buffer: the line is cut, the next one read */
	f = setmntent(TAB, "r");
	n = 0;
	while ((p = getmntent_r(f, &m, buf, 24))) {
		printf("short %d: ", ++n);
		show(&m);
	}
	endmntent(f);
	printf("endmntent(NULL) %d\n", endmntent(NULL));

	/* addmntent escapes, appends, and reads back */
	f = setmntent(TAB, "w+");
	m.mnt_fsname = "my disk";
	m.mnt_dir = "/a\tb\nc\\d";
	m.mnt_type = "tmpfs";
	m.mnt_opts = "rw,size=4k";
	m.mnt_freq = 1;
	m.mnt_passno = 2;
	printf("addmntent %d\n", addmntent(f, &m));
	m.mnt_fsname = "second";
	m.mnt_dir = "/";
	printf("addmntent %d\n", addmntent(f, &m));
	endmntent(f);
	f = fopen(TAB, "r");
	while (fgets(buf, sizeof(buf), f)) {
		char v[256 * 3];

		printf("raw: %s\n", vis(buf, v));
	}
	fclose(f);
	f = setmntent(TAB, "r");
	while ((p = getmntent(f)))
		show(p);
	endmntent(f);
	unlink(TAB);
	return 0;
}
