# Layer test-headers: the freestanding promise.  Every object of both kernel
# images, of the libc and of the user programs is compiled only with the
# tree's headers and the compiler's own (tools/check-headers reads the
# compiler's full dependency output).  A C library's header reaching the
# kernel built here only where libc6-dev-i386-cross happened to be
# installed; this layer fails instead.
# Its first case feeds the checker a depfile naming /usr/include/limits.h
# and passes only if the checker reports it: a checker that let it through
# would make the whole layer meaningless.

HEADER_CHECK_SRC := $(sort $(wildcard user/bin/*.c tests/user/*.c tests/signals/*.c \
                      tests/conformance/*.c tests/libc/*.c))

TEST_LAYERS += test-headers
.PHONY: test-headers
test-headers: deps
	$(call test_layer,kernel test-kernel-image user,t=$(BUILD)/headers-selftest; rm -rf $$t; mkdir -p $$t/k; \
	    echo "$$t/k/x.o: lib/ktime.h /usr/include/limits.h" > $$t/k/x.d; \
	    out=$$(tools/check-headers $$t); rc=$$?; \
	    if [ $$rc -ne 0 ] && grep -q '^#   /usr/include/limits.h' <<<"$$out"; then \
	        printf '1..1\nok 1 - the checker reports /usr/include/limits.h\n'; \
	    else printf '1..1\nnot ok 1 - the checker let /usr/include/limits.h through\n'; \
	    fi > $(LAYER_TAP)/checker-selftest.tap; \
	    tools/check-headers $(BUILD) $(HEADER_CHECK_SRC) > $(LAYER_TAP)/headers.tap; \
	    grep -v '^ok ' $(LAYER_TAP)/headers.tap >&2)
