# Layer test-user: user-level kernel tests (tests/user/t_*.c), each built
# against user/libc and booted as init, some with helper programs as more
# modules; tests/user/run counts their TAP and checks how init ended, the
# console lines the kernel must print and that init's exit freed every page.

TEST_LAYERS += test-user
.PHONY: test-user
test-user: deps
	$(call test_layer,kernel user-libc,tests/user/run $(abspath $(KERNEL)) $(abspath $(BUILD)/user-tests) $(LAYER_TAP))
