/* <sys/un.h>: AF_UNIX socket addresses, Linux's layout (108-byte path). */
#ifndef _SYS_UN_H
#define _SYS_UN_H

#include <sys/socket.h>
#include <string.h>

struct sockaddr_un {
	sa_family_t sun_family;
	char sun_path[108];
};

/* the length of an address whose path is a C string: family + path */
#define SUN_LEN(p) ((size_t)(((struct sockaddr_un *)0)->sun_path) + strlen((p)->sun_path))

#endif
