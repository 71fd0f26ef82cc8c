/* <sys/vfs.h>: the same as <sys/statfs.h>. */
#include <sys/statfs.h>
