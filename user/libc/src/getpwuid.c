/* getpwuid: the user of UID in /etc/passwd (pwent.c). */
#include <pwd.h>

struct passwd *getpwuid(uid_t uid)
{
	return __pw_find(NULL, uid);
}
