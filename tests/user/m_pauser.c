/* Helper of t_sigkill: blocks in pause() until killed; ignores SIGTERM-like noise. */
#include <unistd.h>

int main(void)
{
	for (;;)
		pause();
}
