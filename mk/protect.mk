# Layer test-smap: the kernel on a CPU model with SMEP and SMAP
# (arch/i386/cpu_protect.c): every in-kernel suite, SMAP's own test among
# them, and a few user programs that make the kernel reach user memory in
# every way it does (tests/protect/run says which).

TEST_LAYERS += test-smap
.PHONY: test-smap
test-smap: deps
	$(call test_layer,test-kernel-image kernel user-libc initramfs,\
	    tests/protect/run $(TEST_KERNEL) $(LAYER_TAP) $(BUILD)/protect)
