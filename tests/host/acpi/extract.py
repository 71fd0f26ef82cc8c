# Turn QEMU memory dumps into a compact chunk file: "T386ACPI", then for each
# region: u64 phys, u32 length, bytes.  The regions are the RSDP and every
# table reachable from it (RSDT entries, FACS and DSDT of the FADT).
import struct, sys
m, out = sys.argv[1], sys.argv[2]
low = open(f'{m}-low.bin', 'rb').read(); high = open(f'{m}-high.bin', 'rb').read()
def rd(p, n):
    if 0xE0000 <= p < 0x100000: return low[p-0xE0000:p-0xE0000+n]
    if 0x7F00000 <= p < 0x8000000: return high[p-0x7F00000:p-0x7F00000+n]
    raise Exception(hex(p))
chunks = []
i = low.find(b'RSD PTR '); rsdp = 0xE0000 + i
chunks.append((rsdp, rd(rsdp, 20)))
rsdt = struct.unpack('<I', low[i+16:i+20])[0]
def tab(p):
    n = struct.unpack('<I', rd(p, 8)[4:8])[0]
    chunks.append((p, rd(p, n))); return rd(p, n)
t = tab(rsdt)
for k in range((len(t)-36)//4):
    p = struct.unpack('<I', t[36+4*k:40+4*k])[0]; f = tab(p)
    if f[:4] == b'FACP':
        facs, dsdt = struct.unpack('<II', f[36:44]); tab(facs); tab(dsdt)
with open(out, 'wb') as o:
    o.write(b'T386ACPI')
    for p, d in sorted(chunks):
        o.write(struct.pack('<QI', p, len(d))); o.write(d)
