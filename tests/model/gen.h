/* The step generator of tests/model (gen.c). */
#ifndef TICK386_TESTS_MODEL_GEN_H
#define TICK386_TESTS_MODEL_GEN_H

#include "tests/model/model.h"
#include "tests/model/ops.h"

#define GEN_DELETED 8

struct gen {
	uint64_t state;
	int deleted[GEN_DELETED]; /* ids deleted lately: a stale id is a good bad id */
	int ndeleted;
};

void gen_init(struct gen *g, uint64_t seed);
uint64_t gen_next(struct gen *g);
/* The next step, chosen from what the model holds now. */
void gen_step(struct gen *g, const struct model *m, struct op *op);

#endif
