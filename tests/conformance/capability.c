/*
 * capget and capset through syscall(2), as root (the harness runs as root):
 *   - the version handshake: _LINUX_CAPABILITY_VERSION_3 and _2 give two
 *     words of each set, _1 one (the second left as it was); any other
 *     version is EINVAL with _3 written back; with a NULL data pointer
 *     it is the probe: 0 and _3 written back;
 *   - root's sets: effective = permitted = every capability up to
 *     CAP_LAST_CAP (40), inheritable empty (SKIP where the host's
 *     container withholds some, as Docker does);
 *   - the pid: 0, our own, a child's (the same sets), a pid nobody has
 *     (ESRCH), a negative one (EINVAL); EFAULT for a bad header or data;
 *   - capset in a child: another process's sets EPERM; dropping one
 *     capability works and capget sees it; raising it back in permitted
 *     or effective EPERM; an effective set beyond permitted EPERM; a
 *     bad version EINVAL with _3 written back.
 */
#include "conformance.h"
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define V1 0x19980330u
#define V2 0x20071026u
#define V3 0x20080522u
#define FULL_LO 0xffffffffu
#define FULL_HI 0x1ffu /* CAP_LAST_CAP 40: bits 32..40 */
#define CAP_NET_RAW 13

struct hdr {
	unsigned version;
	int pid;
};
struct data {
	unsigned eff, prm, inh;
};

static long capget_(unsigned version, int pid, struct data *d)
{
	struct hdr h = { version, pid };

	return syscall(SYS_capget, &h, d);
}

static long capset_(unsigned version, int pid, const struct data *d)
{
	struct hdr h = { version, pid };

	return syscall(SYS_capset, &h, d);
}

static void versions(void)
{
	struct hdr h = { 0, 0 };
	struct data d[2];

	ok(syscall(SYS_capget, &h, NULL) == 0 && h.version == V3,
	   "capget(version 0, NULL): the probe, 0 and _3 written back");
	h.version = 0x12345678;
	errno = 0;
	ok(syscall(SYS_capget, &h, d) == -1 && errno == EINVAL && h.version == V3,
	   "capget(bad version, data): EINVAL and _3 written back");
	h.version = V3;
	ok(syscall(SYS_capget, &h, NULL) == 0 && h.version == V3, "capget(_3, NULL): 0");
	memset(d, 0x5a, sizeof(d));
	ok(capget_(V1, 0, d) == 0 && d[1].eff == 0x5a5a5a5a && d[1].prm == 0x5a5a5a5a,
	   "_1: one word of each set written, the second left");
	memset(d, 0x5a, sizeof(d));
	ok(capget_(V2, 0, d) == 0 && d[1].eff != 0x5a5a5a5a, "_2: two words");
	EXPECT(syscall(SYS_capget, BAD_PTR_HIGH, d), EFAULT, "capget: bad header");
	EXPECT(capget_(V3, 0, BAD_PTR_HIGH), EFAULT, "capget: bad data");
	EXPECT(capset_(0x12345678, 0, d), EINVAL, "capset: bad version");
}

static int full(const struct data *d)
{
	return d[0].eff == FULL_LO && d[1].eff == FULL_HI && d[0].prm == FULL_LO && d[1].prm == FULL_HI;
}

static void sets(void)
{
	struct data d[2], c[2];
	pid_t child;
	int st;

	memset(d, 0, sizeof(d));
	ok(capget_(V3, 0, d) == 0, "capget(_3, pid 0)");
	why("eff %08x%08x prm %08x%08x inh %08x%08x", d[1].eff, d[0].eff, d[1].prm, d[0].prm, d[1].inh,
	    d[0].inh);
	if (full(d))
		ok(d[0].inh == 0 && d[1].inh == 0, "root: every capability effective and permitted, none inheritable");
	else
		skip("this host withholds some capabilities",
		     "root: every capability effective and permitted, none inheritable");
	ok(capget_(V3, getpid(), c) == 0 && !memcmp(c, d, sizeof(c)), "capget(own pid): the same");
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	memset(c, 0, sizeof(c));
	ok(capget_(V3, child, c) == 0 && !memcmp(c, d, sizeof(c)), "capget(a child's pid): its sets, ours");
	EXPECT(capset_(V3, child, d), EPERM, "capset(a child's pid): EPERM");
	kill(child, SIGKILL);
	waitpid(child, &st, 0);
	EXPECT(capget_(V3, child, c), ESRCH, "capget(a reaped child's pid): ESRCH");
	EXPECT(capget_(V3, -1, c), EINVAL, "capget(pid -1): EINVAL");
}

/* In a child: bit i of the exit status is check i passed. */
static int drop_checks(void)
{
	struct data d[2], e[2], r[2];
	int bits = 0;

	capget_(V3, 0, d);
	memcpy(e, d, sizeof(e));
	e[0].eff &= ~(1u << CAP_NET_RAW);
	e[0].prm &= ~(1u << CAP_NET_RAW);
	if (capset_(V3, 0, e) == 0)
		bits |= 1;
	if (capget_(V3, 0, r) == 0 && !memcmp(r, e, sizeof(r)))
		bits |= 2;
	if (capset_(V3, 0, d) == -1 && errno == EPERM)
		bits |= 4; /* permitted back: a raise */
	memcpy(r, e, sizeof(r));
	r[0].eff |= 1u << CAP_NET_RAW;
	if (capset_(V3, 0, r) == -1 && errno == EPERM)
		bits |= 8; /* effective beyond permitted */
	capget_(V3, 0, r);
	if (!memcmp(r, e, sizeof(r)))
		bits |= 16; /* the failed calls changed nothing */
	memcpy(r, e, sizeof(r));
	r[0].eff = 0;
	if (capset_(V3, getpid(), r) == 0 && capget_(V3, 0, e) == 0 && e[0].eff == 0 &&
	    e[0].prm == r[0].prm)
		bits |= 32; /* an empty effective set, permitted kept */
	return bits;
}

static void drops(void)
{
	int st = 0;
	pid_t child;

	fflush(stdout);
	child = fork();
	if (child == 0)
		_exit(drop_checks());
	waitpid(child, &st, 0);
	st = WIFEXITED(st) ? WEXITSTATUS(st) : 0;
	ok(st & 1, "capset: dropping CAP_NET_RAW from effective and permitted");
	ok(st & 2, "capget sees the drop");
	ok(st & 4, "capset: raising permitted back: EPERM");
	ok(st & 8, "capset: effective beyond permitted: EPERM");
	ok(st & 16, "the refused calls changed nothing");
	ok(st & 32, "capset(own pid): an empty effective set, permitted kept");
}

int main(void)
{
	versions();
	sets();
	drops();
	done();
	return 0;
}
