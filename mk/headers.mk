# Layer test-headers: the freestanding promise.  Every kernel, libc and
# user-program object is compiled only with the tree's headers and the
# compiler's own (tools/check-headers reads the compiler's full dependency
# output).  A C library's header reaching the kernel built here only where
# libc6-dev-i386-cross happened to be installed; this layer fails instead.
# Its first case feeds the checker a depfile naming /usr/include/limits.h
# and passes only if the checker reports it: a checker that let it through
# would make the whole layer meaningless.

HEADER_CHECK_SRC := $(sort $(wildcard user/bin/*.c tests/user/*.c tests/signals/*.c \
                      tests/conformance/*.c tests/libc/*.c))

TEST_LAYERS += test-headers
.PHONY: test-headers
test-headers: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory kernel user >$(BUILD)/headers-build.log 2>&1 || \
	    { cat $(BUILD)/headers-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@t=$(BUILD)/headers-selftest; rm -rf $$t; mkdir -p $$t/k; \
	    echo "$$t/k/x.o: lib/ktime.h /usr/include/limits.h" > $$t/k/x.d; \
	    out=$$(tools/check-headers $$t); rc=$$?; \
	    if [ $$rc -ne 0 ] && grep -q '^#   /usr/include/limits.h' <<<"$$out"; then p0=1 f0=0; \
	        echo "ok - the checker reports /usr/include/limits.h" >&2; \
	    else p0=0 f0=1; echo "not ok - the checker let /usr/include/limits.h through" >&2; fi; \
	    tools/check-headers $(BUILD) $(HEADER_CHECK_SRC) > $(BUILD)/headers.tap; \
	    grep -v '^ok ' $(BUILD)/headers.tap >&2; \
	    p=$$(grep -c '^ok ' $(BUILD)/headers.tap); f=$$(grep -c '^not ok ' $(BUILD)/headers.tap); \
	    echo "test-headers: $$p objects and programs checked, $$f with foreign headers" >&2; \
	    echo "$$((p + p0)) $$((f + f0))" > $(BUILD)/results/$@.counts
