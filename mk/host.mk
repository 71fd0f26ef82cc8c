# Layer 1: host unit tests of lib/ (and anything else hardware-free), built
# natively with cmocka, ASan and UBSan.  Every tests/host/test_*.c is one
# program, linked with every lib/*.c built for the host.
#
# lib/ defines some functions under their libc names (memcpy, vsnprintf, ...)
# for the kernel and user/libc; on the host they are renamed lib_* by
# tests/host/rename.h so that they are tested instead of glibc's.

HOST_LIB_C   := $(sort $(wildcard lib/*.c))
HOST_LIB_OBJ := $(patsubst %.c,$(BUILD)/host/%.o,$(HOST_LIB_C))
HOST_TEST_C  := $(sort $(wildcard tests/host/test_*.c))
HOST_TESTS   := $(patsubst tests/host/%.c,$(BUILD)/host/tests/%,$(HOST_TEST_C))
HOST_CFLAGS  += -include tests/host/rename.h

$(BUILD)/host/%.o: %.c tests/host/rename.h
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$<)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@

# The test programs themselves (tests/host/X.c -> build/host/tests/X.o).
$(BUILD)/host/tests/%.o: tests/host/%.c tests/host/rename.h
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$<)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@

$(BUILD)/host/tests/%: $(BUILD)/host/tests/%.o $(HOST_LIB_OBJ)
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -o $@ $^ $(HOST_LDLIBS)

.PHONY: host-tests test-host
host-tests: $(HOST_TESTS)

TEST_LAYERS += test-host
test-host: deps
	$(call test_layer,host-tests,tools/run-host-tests $(LAYER_TAP) $(HOST_TESTS))
