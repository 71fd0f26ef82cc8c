# Layer test-console: the shell driven through the serial line, as a person
# types at it (tools/console-test: QEMU on a pseudo-terminal, TAP out).
# The line discipline and the keyboard decoder have their KTAP suites in
# test-kernel (kernel/tty_ktest.c, drivers/ps2kbd_ktest.c).

TEST_LAYERS += test-console
.PHONY: test-console
test-console: deps
	$(call test_layer,$(KERNEL) $(INITRAMFS) $(BUILD)/user/bin/init,$(call tap_stream,$(LAYER_TAP)/console.tap,CONSOLE_LOG=$(BUILD)/console.log timeout 600 tools/console-test $(KERNEL) $(INITRAMFS) $(BUILD)/user/bin/init))
