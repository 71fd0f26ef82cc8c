/* getpwnam: the user named NAME in /etc/passwd (pwent.c). */
#include <pwd.h>

struct passwd *getpwnam(const char *name)
{
	return __pw_find(name, 0);
}
