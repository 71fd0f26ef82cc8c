/* Hand-written sequences of tests/model: regressions and the textbook cases. */
#ifndef TICK386_TESTS_MODEL_SCENARIOS_H
#define TICK386_TESTS_MODEL_SCENARIOS_H

#include "tests/model/ops.h"

struct scenario {
	const char *name;
	const struct op *ops;
	int nops;
};

extern const struct scenario scenario_list[];
extern const int scenario_count;

#endif
