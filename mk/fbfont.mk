# The framebuffer console's font (drivers/fbfont.h): made at build time by
# tools/psf2c from a PSF font of Debian's console-setup-linux, never kept in
# the tree.  Uni2-VGA16 is the VGA's own 8x16 glyphs with a Unicode table,
# so the framebuffer shows what the VGA text screen shows.
#     make FB_FONT=/usr/share/consolefonts/Lat15-Terminus16.psf.gz
FB_FONT     ?= /usr/share/consolefonts/Uni2-VGA16.psf.gz
FBFONT_C    := $(BUILD)/gen/fbfont.c
FBFONT_OBJ  := $(BUILD)/k/$(FBFONT_C:.c=.o)

$(FBFONT_C): $(FB_FONT) tools/psf2c tools/psf.py
	@mkdir -p $(dir $@)
	$(call say,PSF2C,$(FB_FONT))
	$(Q)tools/psf2c $(FB_FONT) > $@.tmp && mv $@.tmp $@

# Both images carry the font (the lists were made before this file).
KERNEL_OBJ      += $(FBFONT_OBJ)
TEST_KERNEL_OBJ += $(FBFONT_OBJ)
$(KERNEL) $(TEST_KERNEL): $(FBFONT_OBJ)
