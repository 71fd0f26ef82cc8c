/*
 * getopt: POSIX short options.  "ab:c" accepts -a, -b ARG (or -bARG), -c,
 * grouped as -ac; "--" ends the options.  A leading ':' in optstring makes
 * a missing argument return ':' instead of '?', and silences messages.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char *optarg;
int optind = 1, opterr = 1, optopt;
static int optpos = 1; /* index inside the current argv word */

int getopt(int argc, char *const argv[], const char *optstring)
{
	const char *word, *spec;
	int quiet = optstring[0] == ':';

	optarg = NULL;
	if (optind >= argc || !(word = argv[optind]) || word[0] != '-' || !word[1])
		return -1;
	if (!strcmp(word, "--")) {
		optind++;
		return -1;
	}
	optopt = word[optpos];
	spec = optopt != ':' ? strchr(optstring, optopt) : NULL;
	if (!word[++optpos]) {
		optind++;
		optpos = 1;
	}
	if (!spec) {
		if (opterr && !quiet)
			fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], optopt);
		return '?';
	}
	if (spec[1] == ':') {
		if (optpos > 1) {
			optarg = (char *)word + optpos;
			optind++;
			optpos = 1;
		} else if (optind < argc) {
			optarg = argv[optind++];
		} else {
			if (opterr && !quiet)
				fprintf(stderr, "%s: option requires an argument -- '%c'\n",
					argv[0], optopt);
			return quiet ? ':' : '?';
		}
	}
	return optopt;
}
