# The initramfs: build/initramfs.cpio, a newc cpio archive (Linux's
# initramfs format) of the programs of user/bin as /bin/NAME and of
# user/etc as /etc/NAME (passwd and group: root and Debian's nobody,
# 65534, so that getpwnam("nobody") answers as on Debian), made by the
# real cpio tool.  The kernel recognises a module that starts with the newc
# magic "070701" as the file tree (fs/initramfs.c), not as a program; make
# run passes it after the program booted as init.
#
# Owner root and the same order and times every build (--reproducible, the
# staging tree's mtimes from the programs), so the archive depends only on
# the programs.  The programs go in without their debug sections (gdb
# reads build/user/bin's): those hold the checkout's paths, and the
# archive's size moved the boot's length, and so kbench's rows under
# -icount (make test-bench-gate), between two checkouts of one commit.

INITRAMFS       := $(BUILD)/initramfs.cpio
INITRAMFS_STAGE := $(BUILD)/initramfs-root
# user.mk's USER_BINS, spelled here because mk/user.mk is read after this file.
INITRAMFS_BINS  := $(patsubst user/bin/%.c,$(BUILD)/user/bin/%,$(sort $(wildcard user/bin/*.c)))
INITRAMFS_ETC   := $(sort $(wildcard user/etc/*))

.PHONY: initramfs
initramfs: $(INITRAMFS)
all: $(INITRAMFS)

# /boot/config-RELEASE: the kernel configuration (boot/config), named by
# uname's release (kernel/utsname.h), where LTP's tst_kconfig looks.
KCONFIG_RELEASE := $(shell sed -n 's/^\#define UTSNAME_RELEASE "\(.*\)"/\1/p' kernel/utsname.h)

$(INITRAMFS): $(INITRAMFS_BINS) $(INITRAMFS_ETC) mk/initramfs.mk boot/config kernel/utsname.h
	$(call say,CPIO,$@)
	@rm -rf $(INITRAMFS_STAGE); mkdir -p $(INITRAMFS_STAGE)/bin $(INITRAMFS_STAGE)/etc $(INITRAMFS_STAGE)/boot
	@cp boot/config $(INITRAMFS_STAGE)/boot/config-$(KCONFIG_RELEASE)
	@touch -r mk/initramfs.mk $(INITRAMFS_STAGE)/boot/config-$(KCONFIG_RELEASE)
	@for f in $(INITRAMFS_BINS); do \
	    $(OBJCOPY) --strip-debug -p $$f $(INITRAMFS_STAGE)/bin/$${f##*/} || exit 1; done
	@for f in $(INITRAMFS_ETC); do cp -p $$f $(INITRAMFS_STAGE)/etc/ || exit 1; done
	@chmod 0644 $(INITRAMFS_STAGE)/etc/*
	$(Q)cd $(INITRAMFS_STAGE) && find . | LC_ALL=C sort | \
	    cpio --quiet -o -H newc --owner=0:0 --reproducible > $(abspath $@).tmp
	@mv $@.tmp $@

# tests/user/run passes the archive to the tests whose header says
# "initramfs: yes" (it reads the path from TICK386_INITRAMFS).
test-user: $(INITRAMFS)
test-user: export TICK386_INITRAMFS := $(abspath $(INITRAMFS))
