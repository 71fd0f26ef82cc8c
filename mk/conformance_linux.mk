# Layer 3, the second oracle: the conformance suite on Linux 6.1 i386 in
# QEMU under -icount (tests/conformance/harness linux-i386).  The programs
# are the same 32-bit binaries as tick386's, at Linux's timer numbers
# (tools/ucc --linux-numbers), all run in one boot; tick386's outputs
# (layer test-conformance-tick386, mk/conformance.mk, read before this
# file) are compared with theirs line by line.  What Linux 6.1 does
# otherwise than 6.13 (tick386's reference) is listed in
# tests/conformance/DIFFERENCES-linux-6.1.  The kernel is fetched by
# tools/linux-i386 the first time.
CONF_LINUX_DIR := $(BUILD)/conformance/linux-i386
CONF_TICK_DIR  := $(BUILD)/conformance/tick386

.PHONY: test-conformance-linux-i386
TEST_LAYERS += test-conformance-linux-i386
test-conformance-linux-i386: deps
	$(call test_layer,kernel user-libc initramfs,(for n in $(CONF_NAMES); do [ -r $(CONF_TICK_DIR)/$$n.out ] || exit 1; done) || \
	    $(MAKE) --no-print-directory test-conformance-tick386 >/dev/null; \
	    tools/linux-i386 >/dev/null && \
	    tests/conformance/harness linux-i386 $(LAYER_TAP) $(CONF_LINUX_DIR) $(CONF_TICK_DIR) $(CONF_SRC))
