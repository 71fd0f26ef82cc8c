/*
 * The initial stack as Linux i386 lays it out: argc, argv[], NULL, envp
 * NULL, auxv (AT_SYSINFO_EHDR, AT_PAGESZ 4096, AT_PHDR, AT_PHENT, AT_PHNUM,
 * AT_ENTRY, then AT_NULL, in Linux's order); the module string's words are
 * argv.
 */
/* args: one two-2 three */
/* expect: status=0 */
/* parallel: yes */
#include <string.h>
#include <sys/auxv.h>
#include "../tap.h"

extern char _start[];

int main(int argc, char **argv, char **envp)
{
	char **after_env = envp;

	UTAP_PLAN(6);
	UTAP_OK(argc == 4, "argc %d", argc);
	UTAP_OK(argc == 4 && !strcmp(argv[0], "t_args") && !strcmp(argv[1], "one") &&
		    !strcmp(argv[2], "two-2") && !strcmp(argv[3], "three"),
		"argv words");
	UTAP_OK(argv[argc] == NULL, "argv ends with NULL");
	UTAP_OK(envp == argv + argc + 1 && envp[0] == NULL, "empty environment after argv");
	while (*after_env)
		after_env++;
	{
		unsigned long *aux = (unsigned long *)(after_env + 1);
		const unsigned char *ehdr = (const unsigned char *)aux[1];
		const unsigned char *phdr = (const unsigned char *)0x08048000 + 52;
		/* e_phnum: user/user.ld's text, data and TLS headers */
		unsigned long phnum = *(const unsigned short *)(0x08048000 + 44);

		UTAP_OK(aux[0] == AT_SYSINFO_EHDR && ehdr && !memcmp(ehdr, "\177ELF", 4) &&
				aux[2] == AT_PAGESZ && aux[3] == 4096 && aux[4] == AT_PHDR &&
				aux[5] == (unsigned long)phdr && aux[6] == AT_PHENT && aux[7] == 32 &&
				aux[8] == AT_PHNUM && aux[9] == phnum && phnum == 3 &&
				aux[10] == AT_ENTRY && aux[11] == (unsigned long)_start &&
				aux[12] == AT_NULL,
			"auxv: AT_SYSINFO_EHDR (an ELF header), AT_PAGESZ 4096, AT_PHDR, AT_PHENT 32, "
			"AT_PHNUM 3, AT_ENTRY _start, AT_NULL");
		UTAP_OK(getauxval(AT_PAGESZ) == 4096 && getauxval(AT_SYSINFO_EHDR) == aux[1],
			"getauxval reads it");
	}
	return UTAP_DONE();
}
