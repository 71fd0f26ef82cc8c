/*
 * Texts of errors and signals: strerror, strerror_r, strerrorname_np,
 * perror, strsignal, sigabbrev_np, psignal, psiginfo.
 * The texts are those Linux C libraries print, so that messages read the
 * same on tick386 and on a Linux host.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct err_text {
	const char *name;
	const char *text;
};

static const struct err_text err_table[ERRNO_MAX + 1] = {
    [0] = {"0", "Success"},
    [EPERM] = {"EPERM", "Operation not permitted"},
    [ENOENT] = {"ENOENT", "No such file or directory"},
    [ESRCH] = {"ESRCH", "No such process"},
    [EINTR] = {"EINTR", "Interrupted system call"},
    [EIO] = {"EIO", "Input/output error"},
    [ENXIO] = {"ENXIO", "No such device or address"},
    [E2BIG] = {"E2BIG", "Argument list too long"},
    [ENOEXEC] = {"ENOEXEC", "Exec format error"},
    [EBADF] = {"EBADF", "Bad file descriptor"},
    [ECHILD] = {"ECHILD", "No child processes"},
    [EAGAIN] = {"EAGAIN", "Resource temporarily unavailable"},
    [ENOMEM] = {"ENOMEM", "Cannot allocate memory"},
    [EACCES] = {"EACCES", "Permission denied"},
    [EFAULT] = {"EFAULT", "Bad address"},
    [ENOTBLK] = {"ENOTBLK", "Block device required"},
    [EBUSY] = {"EBUSY", "Device or resource busy"},
    [EEXIST] = {"EEXIST", "File exists"},
    [EXDEV] = {"EXDEV", "Invalid cross-device link"},
    [ENODEV] = {"ENODEV", "No such device"},
    [ENOTDIR] = {"ENOTDIR", "Not a directory"},
    [EISDIR] = {"EISDIR", "Is a directory"},
    [EINVAL] = {"EINVAL", "Invalid argument"},
    [ENFILE] = {"ENFILE", "Too many open files in system"},
    [EMFILE] = {"EMFILE", "Too many open files"},
    [ENOTTY] = {"ENOTTY", "Inappropriate ioctl for device"},
    [ETXTBSY] = {"ETXTBSY", "Text file busy"},
    [EFBIG] = {"EFBIG", "File too large"},
    [ENOSPC] = {"ENOSPC", "No space left on device"},
    [ESPIPE] = {"ESPIPE", "Illegal seek"},
    [EROFS] = {"EROFS", "Read-only file system"},
    [EMLINK] = {"EMLINK", "Too many links"},
    [EPIPE] = {"EPIPE", "Broken pipe"},
    [EDOM] = {"EDOM", "Numerical argument out of domain"},
    [ERANGE] = {"ERANGE", "Numerical result out of range"},
    [EDEADLK] = {"EDEADLK", "Resource deadlock avoided"},
    [ENAMETOOLONG] = {"ENAMETOOLONG", "File name too long"},
    [ENOLCK] = {"ENOLCK", "No locks available"},
    [ENOSYS] = {"ENOSYS", "Function not implemented"},
    [ENOTEMPTY] = {"ENOTEMPTY", "Directory not empty"},
    [ELOOP] = {"ELOOP", "Too many levels of symbolic links"},
    [ENOMSG] = {"ENOMSG", "No message of desired type"},
    [EIDRM] = {"EIDRM", "Identifier removed"},
    [ECHRNG] = {"ECHRNG", "Channel number out of range"},
    [EL2NSYNC] = {"EL2NSYNC", "Level 2 not synchronized"},
    [EL3HLT] = {"EL3HLT", "Level 3 halted"},
    [EL3RST] = {"EL3RST", "Level 3 reset"},
    [ELNRNG] = {"ELNRNG", "Link number out of range"},
    [EUNATCH] = {"EUNATCH", "Protocol driver not attached"},
    [ENOCSI] = {"ENOCSI", "No CSI structure available"},
    [EL2HLT] = {"EL2HLT", "Level 2 halted"},
    [EBADE] = {"EBADE", "Invalid exchange"},
    [EBADR] = {"EBADR", "Invalid request descriptor"},
    [EXFULL] = {"EXFULL", "Exchange full"},
    [ENOANO] = {"ENOANO", "No anode"},
    [EBADRQC] = {"EBADRQC", "Invalid request code"},
    [EBADSLT] = {"EBADSLT", "Invalid slot"},
    [EBFONT] = {"EBFONT", "Bad font file format"},
    [ENOSTR] = {"ENOSTR", "Device not a stream"},
    [ENODATA] = {"ENODATA", "No data available"},
    [ETIME] = {"ETIME", "Timer expired"},
    [ENOSR] = {"ENOSR", "Out of streams resources"},
    [ENONET] = {"ENONET", "Machine is not on the network"},
    [ENOPKG] = {"ENOPKG", "Package not installed"},
    [EREMOTE] = {"EREMOTE", "Object is remote"},
    [ENOLINK] = {"ENOLINK", "Link has been severed"},
    [EADV] = {"EADV", "Advertise error"},
    [ESRMNT] = {"ESRMNT", "Srmount error"},
    [ECOMM] = {"ECOMM", "Communication error on send"},
    [EPROTO] = {"EPROTO", "Protocol error"},
    [EMULTIHOP] = {"EMULTIHOP", "Multihop attempted"},
    [EDOTDOT] = {"EDOTDOT", "RFS specific error"},
    [EBADMSG] = {"EBADMSG", "Bad message"},
    [EOVERFLOW] = {"EOVERFLOW", "Value too large for defined data type"},
    [ENOTUNIQ] = {"ENOTUNIQ", "Name not unique on network"},
    [EBADFD] = {"EBADFD", "File descriptor in bad state"},
    [EREMCHG] = {"EREMCHG", "Remote address changed"},
    [ELIBACC] = {"ELIBACC", "Can not access a needed shared library"},
    [ELIBBAD] = {"ELIBBAD", "Accessing a corrupted shared library"},
    [ELIBSCN] = {"ELIBSCN", ".lib section in a.out corrupted"},
    [ELIBMAX] = {"ELIBMAX", "Attempting to link in too many shared libraries"},
    [ELIBEXEC] = {"ELIBEXEC", "Cannot exec a shared library directly"},
    [EILSEQ] = {"EILSEQ", "Invalid or incomplete multibyte or wide character"},
    [ERESTART] = {"ERESTART", "Interrupted system call should be restarted"},
    [ESTRPIPE] = {"ESTRPIPE", "Streams pipe error"},
    [EUSERS] = {"EUSERS", "Too many users"},
    [ENOTSOCK] = {"ENOTSOCK", "Socket operation on non-socket"},
    [EDESTADDRREQ] = {"EDESTADDRREQ", "Destination address required"},
    [EMSGSIZE] = {"EMSGSIZE", "Message too long"},
    [EPROTOTYPE] = {"EPROTOTYPE", "Protocol wrong type for socket"},
    [ENOPROTOOPT] = {"ENOPROTOOPT", "Protocol not available"},
    [EPROTONOSUPPORT] = {"EPROTONOSUPPORT", "Protocol not supported"},
    [ESOCKTNOSUPPORT] = {"ESOCKTNOSUPPORT", "Socket type not supported"},
    [EOPNOTSUPP] = {"EOPNOTSUPP", "Operation not supported"},
    [EPFNOSUPPORT] = {"EPFNOSUPPORT", "Protocol family not supported"},
    [EAFNOSUPPORT] = {"EAFNOSUPPORT", "Address family not supported by protocol"},
    [EADDRINUSE] = {"EADDRINUSE", "Address already in use"},
    [EADDRNOTAVAIL] = {"EADDRNOTAVAIL", "Cannot assign requested address"},
    [ENETDOWN] = {"ENETDOWN", "Network is down"},
    [ENETUNREACH] = {"ENETUNREACH", "Network is unreachable"},
    [ENETRESET] = {"ENETRESET", "Network dropped connection on reset"},
    [ECONNABORTED] = {"ECONNABORTED", "Software caused connection abort"},
    [ECONNRESET] = {"ECONNRESET", "Connection reset by peer"},
    [ENOBUFS] = {"ENOBUFS", "No buffer space available"},
    [EISCONN] = {"EISCONN", "Transport endpoint is already connected"},
    [ENOTCONN] = {"ENOTCONN", "Transport endpoint is not connected"},
    [ESHUTDOWN] = {"ESHUTDOWN", "Cannot send after transport endpoint shutdown"},
    [ETOOMANYREFS] = {"ETOOMANYREFS", "Too many references: cannot splice"},
    [ETIMEDOUT] = {"ETIMEDOUT", "Connection timed out"},
    [ECONNREFUSED] = {"ECONNREFUSED", "Connection refused"},
    [EHOSTDOWN] = {"EHOSTDOWN", "Host is down"},
    [EHOSTUNREACH] = {"EHOSTUNREACH", "No route to host"},
    [EALREADY] = {"EALREADY", "Operation already in progress"},
    [EINPROGRESS] = {"EINPROGRESS", "Operation now in progress"},
    [ESTALE] = {"ESTALE", "Stale file handle"},
    [EUCLEAN] = {"EUCLEAN", "Structure needs cleaning"},
    [ENOTNAM] = {"ENOTNAM", "Not a XENIX named type file"},
    [ENAVAIL] = {"ENAVAIL", "No XENIX semaphores available"},
    [EISNAM] = {"EISNAM", "Is a named type file"},
    [EREMOTEIO] = {"EREMOTEIO", "Remote I/O error"},
    [EDQUOT] = {"EDQUOT", "Disk quota exceeded"},
    [ENOMEDIUM] = {"ENOMEDIUM", "No medium found"},
    [EMEDIUMTYPE] = {"EMEDIUMTYPE", "Wrong medium type"},
    [ECANCELED] = {"ECANCELED", "Operation canceled"},
    [ENOKEY] = {"ENOKEY", "Required key not available"},
    [EKEYEXPIRED] = {"EKEYEXPIRED", "Key has expired"},
    [EKEYREVOKED] = {"EKEYREVOKED", "Key has been revoked"},
    [EKEYREJECTED] = {"EKEYREJECTED", "Key was rejected by service"},
    [EOWNERDEAD] = {"EOWNERDEAD", "Owner died"},
    [ENOTRECOVERABLE] = {"ENOTRECOVERABLE", "State not recoverable"},
    [ERFKILL] = {"ERFKILL", "Operation not possible due to RF-kill"},
    [EHWPOISON] = {"EHWPOISON", "Memory page has hardware error"},
};

const char *strerrorname_np(int err)
{
	if (err < 0 || err > ERRNO_MAX || !err_table[err].name)
		return NULL;
	return err_table[err].name;
}

/* Writes "Unknown error N" for numbers without a text. */
static const char *err_text(int err, char *buf, size_t len)
{
	if (err >= 0 && err <= ERRNO_MAX && err_table[err].text)
		return err_table[err].text;
	snprintf(buf, len, "Unknown error %d", err);
	return buf;
}

char *strerror(int err)
{
	static char unknown[32];

	return (char *)err_text(err, unknown, sizeof(unknown));
}

/* The POSIX (XSI) strerror_r: 0, or ERANGE when the buffer is too small. */
int strerror_r(int err, char *buf, size_t len)
{
	char unknown[32];
	const char *text = err_text(err, unknown, sizeof(unknown));
	size_t n = strlen(text);

	if (len == 0)
		return ERANGE;
	if (n >= len) {
		memcpy(buf, text, len - 1);
		buf[len - 1] = '\0';
		return ERANGE;
	}
	memcpy(buf, text, n + 1);
	return err >= 0 && err <= ERRNO_MAX && err_table[err].text ? 0 : EINVAL;
}

/*
 * glibc's GNU strerror_r (<string.h> under _GNU_SOURCE names it): the text
 * itself when it is a known one, else "Unknown error N" in buf, cut to fit.
 */
char *__gnu_strerror_r(int err, char *buf, size_t len);

char *__gnu_strerror_r(int err, char *buf, size_t len)
{
	if (err >= 0 && err <= ERRNO_MAX && err_table[err].text)
		return (char *)err_table[err].text;
	if (len)
		snprintf(buf, len, "Unknown error %d", err);
	return buf;
}

/* "msg: text\n" (or "text\n" without msg), in one write to stderr. */
void perror(const char *msg)
{
	char unknown[32];
	const char *text = err_text(errno, unknown, sizeof(unknown));

	if (msg && *msg)
		dprintf(STDERR_FILENO, "%s: %s\n", msg, text);
	else
		dprintf(STDERR_FILENO, "%s\n", text);
}

static const struct err_text sig_table[32] = {
    [SIGHUP] = {"HUP", "Hangup"},
    [SIGINT] = {"INT", "Interrupt"},
    [SIGQUIT] = {"QUIT", "Quit"},
    [SIGILL] = {"ILL", "Illegal instruction"},
    [SIGTRAP] = {"TRAP", "Trace/breakpoint trap"},
    [SIGABRT] = {"ABRT", "Aborted"},
    [SIGBUS] = {"BUS", "Bus error"},
    [SIGFPE] = {"FPE", "Floating point exception"},
    [SIGKILL] = {"KILL", "Killed"},
    [SIGUSR1] = {"USR1", "User defined signal 1"},
    [SIGSEGV] = {"SEGV", "Segmentation fault"},
    [SIGUSR2] = {"USR2", "User defined signal 2"},
    [SIGPIPE] = {"PIPE", "Broken pipe"},
    [SIGALRM] = {"ALRM", "Alarm clock"},
    [SIGTERM] = {"TERM", "Terminated"},
    [SIGSTKFLT] = {"STKFLT", "Stack fault"},
    [SIGCHLD] = {"CHLD", "Child exited"},
    [SIGCONT] = {"CONT", "Continued"},
    [SIGSTOP] = {"STOP", "Stopped (signal)"},
    [SIGTSTP] = {"TSTP", "Stopped"},
    [SIGTTIN] = {"TTIN", "Stopped (tty input)"},
    [SIGTTOU] = {"TTOU", "Stopped (tty output)"},
    [SIGURG] = {"URG", "Urgent I/O condition"},
    [SIGXCPU] = {"XCPU", "CPU time limit exceeded"},
    [SIGXFSZ] = {"XFSZ", "File size limit exceeded"},
    [SIGVTALRM] = {"VTALRM", "Virtual timer expired"},
    [SIGPROF] = {"PROF", "Profiling timer expired"},
    [SIGWINCH] = {"WINCH", "Window changed"},
    [SIGPOLL] = {"POLL", "I/O possible"},
    [SIGPWR] = {"PWR", "Power failure"},
    [SIGSYS] = {"SYS", "Bad system call"},
};

const char *sigabbrev_np(int sig)
{
	if (sig < 1 || sig >= 32)
		return NULL;
	return sig_table[sig].name;
}

static const char *sig_text(int sig, char *buf, size_t len)
{
	if (sig >= 1 && sig < 32)
		return sig_table[sig].text;
	if (sig >= SIGRTMIN && sig <= SIGRTMAX)
		snprintf(buf, len, "Real-time signal %d", sig - SIGRTMIN);
	else
		snprintf(buf, len, "Unknown signal %d", sig);
	return buf;
}

char *strsignal(int sig)
{
	static char buf[32];

	return (char *)sig_text(sig, buf, sizeof(buf));
}

void psignal(int sig, const char *msg)
{
	char buf[32];
	const char *text = sig_text(sig, buf, sizeof(buf));

	if (msg && *msg)
		dprintf(STDERR_FILENO, "%s: %s\n", msg, text);
	else
		dprintf(STDERR_FILENO, "%s\n", text);
}

void psiginfo(const siginfo_t *info, const char *msg)
{
	char buf[32];
	const char *text = sig_text(info->si_signo, buf, sizeof(buf));

	dprintf(STDERR_FILENO, "%s%s%s (code %d)\n", msg && *msg ? msg : "",
		msg && *msg ? ": " : "", text, info->si_code);
}
