/*
 * Host tests of lib/cpio.c against archives made by the real tool
 * (`cpio -o -H newc`, Debian's cpio): every entry read back with its name,
 * mode, size and bytes, padding of every length; then malformed archives,
 * each refused with -EINVAL: bad magic, a bad hex digit, an empty name, a
 * name not NUL-terminated (or with a NUL inside), name or data running past
 * the end, no trailer, and the real archive cut at every length.  Every
 * archive is copied into a heap block of exactly its size, so that ASan
 * catches a read one byte past the end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "lib/cpio.h"
#include <abi/errno.h>

/* The tree packed by the real tool (order of the list = archive order). */
static const struct {
	const char *path;
	const char *content; /* NULL: a directory */
} tree[] = {
	{ "bin", NULL },
	{ "bin/a", "" },
	{ "bin/bb", "1" },
	{ "bin/ccc", "22" },
	{ "bin/dddd", "333" },
	{ "bin/e", "4444" },
	{ "bin/f", "55555" },
	{ "etc", NULL },
	{ "etc/motd", "hello from the archive\n" },
};
#define NTREE (sizeof(tree) / sizeof(tree[0]))

static unsigned char *real;
static size_t real_len;

static unsigned char *exact_copy(const void *p, size_t n)
{
	unsigned char *c = malloc(n ? n : 1);

	assert_non_null(c);
	memcpy(c, p, n);
	return c;
}

/* Build the tree in a temporary directory and pack it with cpio. */
static int make_real_archive(void **state)
{
	char dir[] = "/tmp/test_cpio.XXXXXX", cmd[512], path[512];
	FILE *f;
	long n;

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	for (size_t i = 0; i < NTREE; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, tree[i].path);
		if (!tree[i].content) {
			if (mkdir(path, 0755))
				return -1;
			continue;
		}
		f = fopen(path, "w");
		if (!f)
			return -1;
		fputs(tree[i].content, f);
		fclose(f);
		chmod(path, 0644);
	}
	cmd[0] = 0;
	snprintf(cmd, sizeof(cmd), "cd %s && printf '%%s\\n'", dir);
	for (size_t i = 0; i < NTREE; i++) {
		strncat(cmd, " ", sizeof(cmd) - strlen(cmd) - 1);
		strncat(cmd, tree[i].path, sizeof(cmd) - strlen(cmd) - 1);
	}
	strncat(cmd, " | cpio --quiet -o -H newc > archive.cpio", sizeof(cmd) - strlen(cmd) - 1);
	if (system(cmd) != 0) {
		fprintf(stderr, "cpio failed (is Debian's cpio installed?)\n");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/archive.cpio", dir);
	f = fopen(path, "rb");
	if (!f)
		return -1;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	real = malloc((size_t)n);
	if (!real || fread(real, 1, (size_t)n, f) != (size_t)n)
		return -1;
	fclose(f);
	real_len = (size_t)n;
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static int free_real_archive(void **state)
{
	(void)state;
	free(real);
	return 0;
}

/* Read every entry of [a, a + len); returns the count, or the error. */
static int count_entries(const void *a, size_t len)
{
	struct cpio_reader r;
	struct cpio_entry e;
	int n = 0, rc;

	cpio_reader_init(&r, a, len);
	while ((rc = cpio_next(&r, &e)) == 1) {
		assert_true((const unsigned char *)e.name >= (const unsigned char *)a);
		assert_true((const unsigned char *)e.data + e.size <= (const unsigned char *)a + len);
		n++;
	}
	return rc < 0 ? rc : n;
}

static void test_real_archive_read_back(void **state)
{
	unsigned char *a = exact_copy(real, real_len);
	struct cpio_reader r;
	struct cpio_entry e;

	(void)state;
	assert_true(cpio_is_newc(a, real_len));
	assert_int_equal(real_len % 512, 0); /* the tool pads to blocks */
	cpio_reader_init(&r, a, real_len);
	for (size_t i = 0; i < NTREE; i++) {
		assert_int_equal(cpio_next(&r, &e), 1);
		assert_string_equal(e.name, tree[i].path);
		assert_int_equal(e.name_len, strlen(tree[i].path));
		if (!tree[i].content) {
			assert_int_equal(e.mode & 0170000, 0040000);
			assert_int_equal(e.size, 0);
			continue;
		}
		assert_int_equal(e.mode, 0100644);
		assert_int_equal(e.size, strlen(tree[i].content));
		assert_memory_equal(e.data, tree[i].content, e.size);
		assert_int_equal(e.nlink, 1);
	}
	assert_int_equal(cpio_next(&r, &e), 0); /* the trailer */
	assert_int_equal(cpio_next(&r, &e), 0); /* and it stays at the end */
	assert_null(r.error);
	free(a);
}

/* Cut anywhere before the trailer's end: refused, never read past the cut. */
static void test_real_archive_truncated_everywhere(void **state)
{
	struct cpio_reader r;
	struct cpio_entry e;
	size_t trailer_end;

	(void)state;
	cpio_reader_init(&r, real, real_len);
	while (cpio_next(&r, &e) == 1)
		;
	/* The trailer entry ends after its name's padding (it has no data). */
	trailer_end = (size_t)(e.name - (const char *)real) + e.name_len + 1;
	trailer_end = (trailer_end + 3) & ~(size_t)3;
	for (size_t cut = 0; cut < trailer_end; cut++) {
		unsigned char *a = exact_copy(real, cut);

		assert_int_equal(count_entries(a, cut), -EINVAL);
		free(a);
	}
	for (size_t cut = trailer_end; cut <= real_len; cut++) {
		unsigned char *a = exact_copy(real, cut);

		assert_int_equal(count_entries(a, cut), (int)NTREE);
		free(a);
	}
}

/* One hand-made entry: header fields as given, then name and data. */
static size_t make_entry(unsigned char *buf, const char *magic, u32 namesize, u32 filesize,
			 const char *name, size_t name_bytes, const char *data)
{
	size_t n = (size_t)sprintf((char *)buf,
				   "%s%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", magic,
				   1u, 0100644u, 0u, 0u, 1u, 0u, filesize, 0u, 0u, 0u, 0u, namesize,
				   0u);

	memcpy(buf + n, name, name_bytes);
	n += name_bytes;
	while (n % 4)
		buf[n++] = 0;
	if (data) {
		memcpy(buf + n, data, strlen(data));
		n += strlen(data);
		while (n % 4)
			buf[n++] = 0;
	}
	return n;
}

static size_t add_trailer(unsigned char *buf, size_t n)
{
	return n + make_entry(buf + n, "070701", 11, 0, "TRAILER!!!", 11, NULL);
}

static int parse_made(const unsigned char *buf, size_t n, const char **why)
{
	unsigned char *a = exact_copy(buf, n);
	struct cpio_reader r;
	struct cpio_entry e;
	int rc, count = 0;

	cpio_reader_init(&r, a, n);
	while ((rc = cpio_next(&r, &e)) == 1)
		count++;
	*why = r.error;
	free(a);
	return rc < 0 ? rc : count;
}

static void test_hand_made_good(void **state)
{
	unsigned char buf[1024];
	const char *why;
	size_t n;

	(void)state;
	n = make_entry(buf, "070701", 2, 3, "x", 2, "abc");
	n += make_entry(buf + n, "070702", 3, 0, "yz", 3, NULL); /* checksummed variant */
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), 2);
	/* Lowercase hex is hex too. */
	n = make_entry(buf, "070701", 2, 0, "x", 2, NULL);
	memcpy(buf + 6 + 8 * 1, "000081a4", 8); /* mode 0100644 in lowercase */
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), 1);
	/* An empty archive of just the trailer. */
	n = add_trailer(buf, 0);
	assert_int_equal(parse_made(buf, n, &why), 0);
}

static void test_malformed(void **state)
{
	unsigned char buf[1024];
	const char *why;
	size_t n;

	(void)state;
	/* Bad magic: the old binary/odc formats are not newc. */
	n = make_entry(buf, "070707", 2, 0, "x", 2, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "bad magic");
	assert_false(cpio_is_newc(buf, n));
	assert_false(cpio_is_newc("07070", 5));
	/* A header field with a non-hex digit. */
	n = make_entry(buf, "070701", 2, 0, "x", 2, NULL);
	buf[6 + 8 * 6 + 3] = 'g';
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "bad hex digit in header");
	/* namesize 0. */
	n = make_entry(buf, "070701", 0, 0, "", 0, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	/* Name not NUL-terminated where namesize says (4 bytes "abcd"). */
	n = make_entry(buf, "070701", 4, 0, "abcd", 4, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "name not NUL-terminated where its size says");
	/* A NUL inside the name. */
	n = make_entry(buf, "070701", 4, 0, "a\0b", 4, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	/* namesize running past the end of the archive. */
	n = make_entry(buf, "070701", 0xFFFFFFFF, 0, "x", 2, NULL);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "name past the end");
	/* filesize past the end (and one that would wrap a 32-bit sum). */
	n = make_entry(buf, "070701", 2, 1000, "x", 2, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "data past the end");
	n = make_entry(buf, "070701", 2, 0xFFFFFFF0, "x", 2, NULL);
	n = add_trailer(buf, n);
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	/* No trailer. */
	n = make_entry(buf, "070701", 2, 3, "x", 2, "abc");
	assert_int_equal(parse_made(buf, n, &why), -EINVAL);
	assert_string_equal(why, "no trailer");
	/* Garbage after a good entry. */
	n = make_entry(buf, "070701", 2, 0, "x", 2, NULL);
	memset(buf + n, 'z', 200);
	assert_int_equal(parse_made(buf, n + 200, &why), -EINVAL);
	/* Nothing at all. */
	assert_int_equal(parse_made(buf, 0, &why), -EINVAL);
}

/* Once refused, a reader stays refused. */
static void test_error_sticks(void **state)
{
	unsigned char buf[256];
	struct cpio_reader r;
	struct cpio_entry e;
	size_t n = make_entry(buf, "070707", 2, 0, "x", 2, NULL);

	(void)state;
	cpio_reader_init(&r, buf, n);
	assert_int_equal(cpio_next(&r, &e), -EINVAL);
	assert_int_equal(cpio_next(&r, &e), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_real_archive_read_back),
		cmocka_unit_test(test_real_archive_truncated_everywhere),
		cmocka_unit_test(test_hand_made_good),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_error_sticks),
	};
	return cmocka_run_group_tests(tests, make_real_archive, free_real_archive);
}
