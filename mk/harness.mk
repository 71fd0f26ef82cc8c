# Layer test-harness: tools/tap-harness itself must turn every broken
# stream into a failure, or a crashing layer could pass.  It judges made-up
# layers in a scratch results directory: a wrong plan, a stream cut short
# (no plan), a "not ok", a "Bail out!", a KTAP suite cut short and a layer
# with no stream must each count as failed, and a good stream (with a SKIP,
# which is no pass) as passed.  One test point per case.

HARNESS_SELFTEST := $(BUILD)/harness-selftest
comma := ,
# $(call harness_case,NAME,STREAM-FILE,CONTENT,EXPECTED-LINE)
harness_case = d=$(HARNESS_SELFTEST)/$(1); mkdir -p $$d; \
    $(if $(2),printf '$(3)' > $$d/$(2);) \
    got=$$(tools/tap-harness $(HARNESS_SELFTEST) $(1) | tail -1 | tr -s ' '); \
    n=$$((n + 1)); \
    if [ "$$got" = "$(1) $(4)" ]; then echo "ok $$n - $(1): $(4)"; \
    else echo "not ok $$n - $(1): expected '$(4)', got '$$got'"; fi;

TEST_LAYERS += test-harness
.PHONY: test-harness
test-harness: deps
	$(call test_layer,,rm -rf $(HARNESS_SELFTEST); n=0; { \
	    $(call harness_case,wrong-plan,a.tap,1..3\nok 1\nok 2\n,2 passed$(comma) 1 failed) \
	    $(call harness_case,cut-short,a.tap,ok 1\nok 2\n,2 passed$(comma) 1 failed) \
	    $(call harness_case,not-ok,a.tap,ok 1\nnot ok 2\n1..2\n,1 passed$(comma) 1 failed) \
	    $(call harness_case,bail-out,a.tap,1..1\nok 1\nBail out! exit status 139\n,1 passed$(comma) 1 failed) \
	    $(call harness_case,ktap-cut-short,a.ktap,KTAP version 1\n1..2\n    KTAP version 1\n    1..2\n    ok 1 x\n    ok 2 y\nok 1 s\n    KTAP version 1\n    1..2\n    ok 1 z\n,3 passed$(comma) 2 failed) \
	    $(call harness_case,no-stream,,,0 passed$(comma) 1 failed) \
	    $(call harness_case,good,a.tap,1..3\nok 1\nok 2 # SKIP no clock\nok 3\n,2 passed$(comma) 0 failed) \
	    echo "1..$$n"; } > $(LAYER_TAP)/tap-harness.tap; cat $(LAYER_TAP)/tap-harness.tap >&2)
