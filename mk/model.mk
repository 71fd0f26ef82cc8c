# tests/model: the kernel's POSIX timers and signals, built for the host,
# against a reference model of their semantics, step by step (see
# tests/model/run.c).
#
# The kernel side (the files under test, lib/ and tests/model/kshim.c) is
# built as the kernel is, freestanding on the tree's headers, but for the
# host and with the host tests' sanitizers; kshim.h is forced into it in
# place of arch/i386/cpu.h.  The harness (the model, the generator, the
# runner) is an ordinary host program.
#
# Layer test-model: the scenarios and a fixed slice of seeds (MODEL_SEEDS
# sequences of MODEL_STEPS steps).  `make model SEED=S N=N STEPS=K`: the
# long run, seeds S .. S+N-1.

MODEL_KERNEL_C := kernel/time/posix_timers.c kernel/time/posix_timers_info.c \
                  kernel/time/posix_cputimers.c kernel/time/time_user.c kernel/time/ktimer.c kernel/signal/signal.c \
                  lib/timerqueue.c lib/rbtree.c lib/ktime.c lib/idr.c lib/string.c \
                  tests/model/kshim.c
MODEL_HOST_C   := tests/model/run.c tests/model/model.c tests/model/gen.c tests/model/ops.c \
                  tests/model/scenarios.c
MODEL_OBJ      := $(patsubst %.c,$(BUILD)/model/k/%.o,$(MODEL_KERNEL_C)) \
                  $(patsubst %.c,$(BUILD)/model/h/%.o,$(MODEL_HOST_C))
MODEL_TEST     := $(BUILD)/model/model-test

HOST_GCC_INC   := $(shell $(HOSTCC) -print-file-name=include)
# The host tests' flags, freestanding: no HOST_BUILD (glibc's headers), the
# shim instead of the CPU's header.  The i386 kernel passes u32 addresses as
# pointers (signal_force's si_addr): a warning on a 64-bit host only.
MODEL_KCFLAGS  := $(filter-out -DHOST_BUILD -include tests/host/rename.h,$(HOST_CFLAGS)) \
                  -ffreestanding -fno-strict-aliasing -Wno-int-to-pointer-cast \
                  -nostdinc -isystem include/freestanding -isystem $(HOST_GCC_INC) \
                  -DKSHIM_KERNEL_SIDE -include tests/host/rename.h -include tests/model/kshim.h

$(BUILD)/model/k/%.o: %.c tests/model/kshim.h
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$< (model kernel))
	$(Q)$(HOSTCC) $(MODEL_KCFLAGS) -c $< -o $@

$(BUILD)/model/h/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$<)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@

$(MODEL_TEST): $(MODEL_OBJ)
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -o $@ $^

MODEL_SEEDS ?= 30
MODEL_STEPS ?= 3000
SEED  ?= 1
N     ?= 100
STEPS ?= 5000

.PHONY: model test-model
model: $(MODEL_TEST)
	$(MODEL_TEST) --seed $(SEED) --count $(N) --steps $(STEPS)

TEST_LAYERS += test-model
test-model: deps
	$(call test_layer,$(MODEL_TEST),$(call tap_stream,$(LAYER_TAP)/model.tap,$(MODEL_TEST) --seed 1 --count $(MODEL_SEEDS) --steps $(MODEL_STEPS)))

-include $(MODEL_OBJ:.o=.d)
