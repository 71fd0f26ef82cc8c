/*
 * The initial stack as Linux i386 lays it out: argc, argv[], NULL, envp
 * NULL, auxv (AT_PAGESZ 4096, then AT_NULL); the module string's words are
 * argv.
 */
/* args: one two-2 three */
/* expect: status=0 */
#include <string.h>
#include "../tap.h"

int main(int argc, char **argv, char **envp)
{
	char **after_env = envp;

	UTAP_PLAN(5);
	UTAP_OK(argc == 4, "argc %d", argc);
	UTAP_OK(argc == 4 && !strcmp(argv[0], "t_args") && !strcmp(argv[1], "one") &&
		    !strcmp(argv[2], "two-2") && !strcmp(argv[3], "three"),
		"argv words");
	UTAP_OK(argv[argc] == NULL, "argv ends with NULL");
	UTAP_OK(envp == argv + argc + 1 && envp[0] == NULL, "empty environment after argv");
	while (*after_env)
		after_env++;
	UTAP_OK((long)after_env[1] == 6 && (long)after_env[2] == 4096 && after_env[3] == NULL &&
		    after_env[4] == NULL,
		"auxv: AT_PAGESZ 4096, then AT_NULL");
	return UTAP_DONE();
}
