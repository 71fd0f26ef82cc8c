# make debug: QEMU halted before the first instruction with its gdb stub on
# localhost:1234 (-s -S); in a second terminal `gdb -x tools/gdbinit` loads
# the symbols, stops in kmain and lets you step.  Ctrl-A X quits QEMU.
#
# Layer test-gdb: gdb in batch mode connects to such a QEMU (on a free port),
# breaks at kmain, prints a backtrace and quits; passes if it saw both.

GDB ?= gdb
GDB_TEST_TIMEOUT ?= 30

.PHONY: debug test-gdb gdb-check
gdb-check:
	@command -v $(GDB) >/dev/null || { echo "tick386 needs: sudo apt-get install -y gdb" >&2; exit 1; }

debug: deps gdb-check $(KERNEL)
	@echo "tick386: QEMU is halted with its gdb stub on localhost:1234."
	@echo "tick386: in a second terminal, from $(CURDIR), run:  $(GDB) -x tools/gdbinit"
	@$(QEMU) -kernel $(KERNEL) -append "$(RUN_APPEND)" $(RUN_INITRD) $(QEMU_RUN_ARGS) -s -S; \
	    rc=$$?; [ $$rc -le 1 ] || { echo "tick386: QEMU exit status $$rc"; exit $$rc; }

TEST_LAYERS += test-gdb
test-gdb: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory gdb-check kernel >$(BUILD)/gdb-build.log 2>&1 || \
	    { cat $(BUILD)/gdb-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@tools/gdb-test $(KERNEL) $(GDB_TEST_TIMEOUT) > $(BUILD)/gdb-test.log 2>&1; \
	    grep -v '^gdb-test:' $(BUILD)/gdb-test.log >&2; \
	    sed -n 's/^gdb-test: //p' $(BUILD)/gdb-test.log > $(BUILD)/results/$@.counts
