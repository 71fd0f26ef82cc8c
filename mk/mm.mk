# Layer test-mm-misuse: the allocators' misuse checks.  Each suite of
# mm/mm_misuse_ktest.c frees something wrongly on purpose; booted alone,
# it must end in a kernel panic whose message names the mistake (a kernel
# that carried on would have corrupted its memory silently).

MM_MISUSE_CASES := \
    mm_misuse_page_double_free:pmm:.double.free.of.page \
    mm_misuse_object_double_free:kmem_cache_free.ktest-misuse,.*double.free \
    mm_misuse_kfree_interior:kfree.0x.*not.a.block.of.the.kernel.heap \
    mm_misuse_wrong_cache:kmem_cache_free.ktest-b,.*not.an.object.of.this.cache \
    mm_misuse_slab_write_after_free:slab_debug:.write.after.free.in.ktest-uaf-panic.object.*offset.20 \
    mm_misuse_slab_red_zone:slab_debug:.red.zone.overwritten.in.ktest-redzone-panic.object.*offset.40 \
    mm_misuse_slab_double_free:slab_debug:.double.free.in.ktest-double-panic

.PHONY: test-mm-misuse
TEST_LAYERS += test-mm-misuse
test-mm-misuse: deps
	$(call test_layer,test-kernel-image,$(call tap_stream,$(LAYER_TAP)/panics.tap,$(MM_MISUSE_RUN)))

# One test point per case: the suite must end in a panic naming the mistake.
MM_MISUSE_RUN = n=0; echo "1..$(words $(MM_MISUSE_CASES))"; \
	for c in $(MM_MISUSE_CASES); do \
	    n=$$((n + 1)); suite=$${c%%:*}; want=$${c\#*:}; \
	    out=$$(tools/ktest-run $(TEST_KERNEL) $$suite 30 2>&1); \
	    if grep -q 'PANIC' <<<"$$out" && grep -q 'ktest-run: kernel panic' <<<"$$out" && \
	       grep -Eq "$$want" <<<"$$out"; then \
	        echo "ok $$n - $$suite panics: $$(grep -m1 PANIC <<<"$$out")"; \
	    else \
	        echo "not ok $$n - $$suite (expected a panic matching $$want)"; \
	        tail -8 <<<"$$out" | sed 's/^/\# /'; \
	    fi; \
	done
