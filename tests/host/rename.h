/*
 * Forced into every host build (-include): lib/ defines these functions under
 * their libc names for the kernel and user/libc.  On the host they are
 * renamed, so that the tests exercise lib/'s code and not glibc's, and the
 * two never collide at link time.
 */
#ifndef TICK386_TESTS_HOST_RENAME_H
#define TICK386_TESTS_HOST_RENAME_H
#define memcpy lib_memcpy
#define memmove lib_memmove
#define memset lib_memset
#define memcmp lib_memcmp
#define strlen lib_strlen
#define strnlen lib_strnlen
#define strcmp lib_strcmp
#define strncmp lib_strncmp
#define strcpy lib_strcpy
#define strncpy lib_strncpy
#define strchr lib_strchr
#define strrchr lib_strrchr
#define vsnprintf lib_vsnprintf
#define snprintf lib_snprintf
#endif
