"""Read a PC Screen Font (PSF1 or PSF2, gzip'd or not), the format of the
Linux console's fonts (/usr/share/consolefonts), and give the glyph that
the VGA text screen shows for each byte, read as code page 437.

Shared by tools/psf2c (the kernel's font, at build time) and
tools/fb-find-text (the tests' expected text, drawn on the host), so that
both draw a byte with the same glyph.

PSF1: magic 36 04, mode (bit 0: 512 glyphs, bit 1: a Unicode table
follows), height; glyphs of `height` bytes (8 pixels wide); the table is,
for each glyph, 16-bit code points up to 0xFFFF (0xFFFE starts sequences).
PSF2: magic 72 b5 4a 86, then version, header size, flags (bit 0: a Unicode
table), glyph count, bytes per glyph, height, width (little-endian 32-bit
words); the table is, for each glyph, UTF-8 code points up to the byte
0xFF (0xFE starts sequences).
"""
import gzip
import struct

# Code page 437: the code point of each byte below 0x20 and 0x7F as the
# VGA shows them (graphic symbols, not control characters); the top half
# comes from Python's own cp437 codec.
_CP437_LOW = [0x0020, 0x263A, 0x263B, 0x2665, 0x2666, 0x2663, 0x2660, 0x2022,
              0x25D8, 0x25CB, 0x25D9, 0x2642, 0x2640, 0x266A, 0x266B, 0x263C,
              0x25BA, 0x25C4, 0x2195, 0x203C, 0x00B6, 0x00A7, 0x25AC, 0x21A8,
              0x2191, 0x2193, 0x2192, 0x2190, 0x221F, 0x2194, 0x25B2, 0x25BC]


def cp437(byte):
    if byte < 0x20:
        return _CP437_LOW[byte]
    if byte == 0x7F:
        return 0x2302
    return ord(bytes([byte]).decode('cp437'))


class Font:
    def __init__(self, path):
        data = open(path, 'rb').read()
        if data[:2] == b'\x1f\x8b':
            data = gzip.decompress(data)
        self.unicode = {}
        if data[:2] == b'\x36\x04':
            mode, self.height = data[2], data[3]
            self.width, count, size, off = 8, 512 if mode & 1 else 256, data[3], 4
            self.glyphs = [data[off + i * size:off + (i + 1) * size] for i in range(count)]
            if mode & 2:
                self._psf1_table(data[off + count * size:], count)
        elif data[:4] == b'\x72\xb5\x4a\x86':
            _, hdr, flags, count, size, self.height, self.width = struct.unpack_from('<7I', data, 4)
            if self.width > 8:
                raise ValueError('%s: glyphs wider than 8 pixels' % path)
            self.glyphs = [data[hdr + i * size:hdr + (i + 1) * size] for i in range(count)]
            if flags & 1:
                self._psf2_table(data[hdr + count * size:], count)
        else:
            raise ValueError('%s: not a PSF font' % path)
        if any(len(g) != self.height for g in self.glyphs):
            raise ValueError('%s: truncated' % path)

    def _psf1_table(self, table, count):
        glyph, seq = 0, False
        for i in range(0, len(table) - 1, 2):
            if glyph >= count:
                break
            cp = table[i] | table[i + 1] << 8
            if cp == 0xFFFF:
                glyph, seq = glyph + 1, False
            elif cp == 0xFFFE:
                seq = True
            elif not seq:
                self.unicode.setdefault(cp, glyph)

    def _psf2_table(self, table, count):
        for glyph, entry in enumerate(table.split(b'\xff')[:count]):
            for cp in entry.split(b'\xfe')[0].decode('utf-8', 'replace'):
                self.unicode.setdefault(ord(cp), glyph)

    def glyph_for_byte(self, byte):
        """The rows of the glyph the VGA shows for this byte."""
        if self.unicode:
            index = self.unicode.get(cp437(byte))
            if index is None:
                index = self.unicode.get(ord('?'), 0)
        else:
            index = byte  # no table: the font is in code page order
        return self.glyphs[index]
