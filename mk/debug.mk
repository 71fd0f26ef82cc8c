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
# tools/gdb-test ends with counts ("gdb-test: PASSED FAILED"), not TAP: its
# two checks become two test points here (no counts line: no plan, a failure).
test-gdb: deps
	$(call test_layer,gdb-check kernel,tools/gdb-test $(KERNEL) $(GDB_TEST_TIMEOUT) > $(BUILD)/gdb-test.log 2>&1; \
	    grep -v '^gdb-test:' $(BUILD)/gdb-test.log >&2; \
	    sed -n 's/^gdb-test: //p' $(BUILD)/gdb-test.log | { read -r p f || exit 0; echo "1..$$((p + f))"; \
	        for i in $$(seq $$p); do echo "ok $$i - gdb-test check"; done; \
	        for i in $$(seq $$f); do echo "not ok $$((p + i)) - gdb-test check: see the # gdb-test lines above"; done; \
	    } > $(LAYER_TAP)/gdb-test.tap)
