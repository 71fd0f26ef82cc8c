# i386 programs on this host (tools/i386/): the oracle layers run i386 Linux
# programs (test-libc, test-libc-tick386's glibc side, test-signals' Linux
# runs, test-vdso).  tools/i386/run --probe says whether this host executes
# them (it runs tools/i386/probe.S); where it does not, test-vdso goes
# through qemu-user and the others run in one boot of Linux 6.1 i386 in
# QEMU (tools/i386/linux-batch); each layer's runner says why.
#
# make test-oracles runs those layers alone; CI runs them a second time as
#     TICK386_I386_NATIVE=no build/tools/no-ia32 make test-oracles
# so that the fallback is proven on every run: the variable makes the probe
# answer "cannot", and no-ia32 kills any i386 program still started
# directly (a seccomp filter on 32-bit system calls).

ORACLE_LAYERS := test-libc test-libc-tick386 test-signals test-vdso
NO_IA32 := $(BUILD)/tools/no-ia32

$(NO_IA32): tools/i386/no-ia32.c
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) -O2 -Wall -Wextra -Werror -o $@ $<

.PHONY: no-ia32 test-oracles
no-ia32: $(NO_IA32)
test-oracles: deps
	@rm -rf $(addprefix $(BUILD)/results/,$(ORACLE_LAYERS))
	@tools/i386/run --explain
	@for layer in $(ORACLE_LAYERS); do \
	    echo "=== $$layer"; \
	    $(MAKE) --no-print-directory $$layer || true; \
	done
	@tools/tap-harness $(BUILD)/results $(ORACLE_LAYERS)

# Layer test-i386-exec: the probe and the jail themselves.  The probe's
# answer is one of the two; forced, it says qemu-user; in the jail it finds
# the host cannot (whatever the host), an i386 program run directly there
# dies, and run through tools/i386/run it exits with its own status.
TEST_LAYERS += test-i386-exec
.PHONY: test-i386-exec
test-i386-exec: deps
	$(call test_layer,$(NO_IA32),$(call tap_stream,$(LAYER_TAP)/i386-exec.tap,tools/i386/check $(NO_IA32)))
