# Layer test-mm-misuse: the allocators' misuse checks.  Each suite of
# mm/mm_misuse_ktest.c frees something wrongly on purpose; booted alone,
# it must end in a kernel panic whose message names the mistake (a kernel
# that carried on would have corrupted its memory silently).

MM_MISUSE_CASES := \
    mm_misuse_page_double_free:pmm:.double.free.of.page \
    mm_misuse_object_double_free:kmem_cache_free.ktest-misuse,.*double.free \
    mm_misuse_kfree_interior:kfree.0x.*not.a.block.of.the.kernel.heap \
    mm_misuse_wrong_cache:kmem_cache_free.ktest-b,.*not.an.object.of.this.cache

.PHONY: test-mm-misuse
TEST_LAYERS += test-mm-misuse
test-mm-misuse: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory test-kernel-image >$(BUILD)/kernel-build.log 2>&1 || \
	    { cat $(BUILD)/kernel-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@passed=0; failed=0; \
	for c in $(MM_MISUSE_CASES); do \
	    suite=$${c%%:*}; want=$${c#*:}; \
	    out=$$(tools/ktest-run $(TEST_KERNEL) $$suite 30 2>&1); \
	    if grep -q 'PANIC' <<<"$$out" && grep -q 'ktest-run: kernel panic' <<<"$$out" && \
	       grep -Eq "$$want" <<<"$$out"; then \
	        echo "ok - $$suite panics: $$(grep -m1 PANIC <<<"$$out")" >&2; passed=$$((passed + 1)); \
	    else \
	        echo "not ok - $$suite (expected a panic matching $$want)" >&2; \
	        tail -8 <<<"$$out" >&2; failed=$$((failed + 1)); \
	    fi; \
	done; echo "$$passed $$failed" > $(BUILD)/results/$@.counts
