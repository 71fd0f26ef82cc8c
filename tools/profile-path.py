# profile-path.py: gdb (Python) half of tools/profile-path.  Single-steps
# one kernel path under QEMU's gdb stub and counts guest instructions per
# function.  Run by tools/profile-path with the environment:
#
#   PROFILE_PORT    QEMU's gdb stub (127.0.0.1:PORT, QEMU started with -S)
#   PROFILE_KERNEL  the kernel ELF QEMU boots (its symbols)
#   PROFILE_PROG    the user program (its symbols; linked at fixed addresses)
#   PROFILE_VDSO    optional, ELF:ADDRESS: the vDSO's symbols (linked at 0)
#                   and where its image is mapped
#   PROFILE_BEGIN   user symbol called before the path (default prof_begin)
#   PROFILE_HITS    take the path after the Nth call of PROFILE_BEGIN
#   PROFILE_WHEN    optional, VAR>=N: count only the hits of PROFILE_BEGIN
#                   at which the u32 at symbol VAR (read through the
#                   current page tables) is at least N
#   PROFILE_START   optional: then start at this symbol's first hit instead
#                   (e.g. isr_stub_32: IRQ 0)
#   PROFILE_END     the symbol that ends the path (default prof_end)
#   PROFILE_TREE    1 to print the call tree (default 1)
#   PROFILE_ANNOTATE  functions (comma-separated) to print instruction by
#                   instruction with their counts
#
# Stepping: QEMU steps with interrupts and timers masked (its default
# sstep flags), so the path runs as it would, minus interrupts that would
# have fallen into it; an interrupt that starts a path is caught by a
# hardware breakpoint (PROFILE_START), not stepped into.  While gdb holds
# the machine, -icount's virtual clock may jump to the next timer: for an
# interrupt's path, stop (PROFILE_BEGIN) where interrupts are off and the
# wait has begun (schedule, for a task going to sleep), not in ring 3,
# where the interrupt would come at once.
#
# The call tree is rebuilt from the program counter alone: reaching the
# first instruction of a function is a call; reaching a function already
# on the stack is a return to it; anything else (an iret to user mode, a
# switch of stacks) is a jump, shown as a call.  Each instruction counts
# once for its own function (self) and once for each distinct function
# on the stack (inclusive).
import bisect
import os
import subprocess

import gdb


def env(name, default=None):
    v = os.environ.get(name, default)
    if v is None:
        raise gdb.GdbError("profile-path.py: %s is not set" % name)
    return v


def data_symbols(elf):
    out = subprocess.run(["nm", "--defined-only", elf], capture_output=True, text=True,
                         check=True).stdout
    return {p[2]: int(p[0], 16) for p in (l.split() for l in out.splitlines())
            if len(p) == 3 and p[1] in "bBdD"}


def symbols(elf):
    out = subprocess.run(["nm", "-n", "--defined-only", elf], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            syms.append((int(parts[0], 16), parts[2]))
    return syms


def annotate(fn, pcs, syms, kernel, prog):
    """The disassembly of fn with each instruction's count in the path."""
    starts = [a for a, n in syms if n == fn]
    if not starts:
        print("\nprofile: no function %s to annotate" % fn)
        return
    lo = starts[0]
    later = [a for a, _ in syms if a > lo]
    hi = min(later) if later else lo + 4096
    counts = {}
    for pc in pcs:
        if lo <= pc < hi:
            counts[pc] = counts.get(pc, 0) + 1
    elf = kernel if lo >= 0xC0000000 else prog
    out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel",
                          "--start-address=0x%x" % lo, "--stop-address=0x%x" % hi, elf],
                         capture_output=True, text=True).stdout
    print("\n%s, instruction by instruction (count, address, instruction):" % fn)
    for line in out.splitlines():
        head = line.strip().split(":", 1)
        try:
            addr = int(head[0], 16)
        except ValueError:
            continue
        if len(head) == 2 and head[1].strip():
            print("%7s  %s" % (counts.get(addr, "") or "", line.strip()))


def main():
    port = env("PROFILE_PORT")
    kernel = env("PROFILE_KERNEL")
    prog = env("PROFILE_PROG")
    begin = env("PROFILE_BEGIN", "prof_begin")
    hits = int(env("PROFILE_HITS", "1"))
    start = os.environ.get("PROFILE_START", "")
    when = os.environ.get("PROFILE_WHEN", "")
    end = env("PROFILE_END", "prof_end")
    want_tree = env("PROFILE_TREE", "1") == "1"
    limit = int(env("PROFILE_LIMIT", "200000"))

    syms = symbols(kernel) + symbols(prog)
    vdso = os.environ.get("PROFILE_VDSO", "")  # ELF:LOAD_ADDRESS (linked at 0)
    if vdso:
        elf, base = vdso.rsplit(":", 1)
        if os.path.exists(elf):
            syms += [(a + int(base, 0), "vdso:" + n) for a, n in symbols(elf)]
    syms = sorted(set(syms))
    addrs = [a for a, _ in syms]
    names = [n for _, n in syms]
    by_name = {}
    for a, n in syms:
        by_name.setdefault(n, a)
    starts = set(addrs)
    by_data = data_symbols(prog)

    def name_of(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return names[i] if i >= 0 else "0x%x" % pc

    for s in (begin, end) + ((start,) if start else ()):
        if s not in by_name:
            raise gdb.GdbError("profile-path.py: no symbol %s" % s)

    gdb.execute("set pagination off")
    gdb.execute("set suppress-cli-notifications on")
    gdb.execute("set confirm off")
    gdb.execute("set architecture i386")
    gdb.execute("target remote 127.0.0.1:%s" % port)
    # Hardware breakpoints: linear addresses, whatever paging does.
    def when_holds():
        if not when:
            return True
        var, n = when.split(">=")
        try:
            mem = gdb.selected_inferior().read_memory(by_data[var], 4)
        except gdb.MemoryError:
            return False  # not mapped in this address space
        return int.from_bytes(bytes(mem), "little") >= int(n)

    gdb.execute("hbreak *0x%x" % by_name[begin], to_string=True)
    seen = 0
    while seen < hits:
        gdb.execute("continue", to_string=True)
        if when_holds():
            seen += 1
    gdb.execute("delete", to_string=True)
    if start:
        gdb.execute("hbreak *0x%x" % by_name[start], to_string=True)
        gdb.execute("continue", to_string=True)
        gdb.execute("delete", to_string=True)
        sp = int(gdb.parse_and_eval("$esp")) & 0xffffffff
        eip = int(gdb.parse_and_eval("*(unsigned *)0x%x" % sp)) & 0xffffffff
        cs = int(gdb.parse_and_eval("*(unsigned *)0x%x" % (sp + 4))) & 0xffff
        print("profile: %s interrupted %s at 0x%x (%s)" %
              (start, "ring 3" if cs & 3 else "the kernel", eip, name_of(eip)))

    end_pc = by_name[end]
    pcs = []
    frame_pc = lambda: int(gdb.parse_and_eval("$pc")) & 0xffffffff
    pc = frame_pc()
    while pc != end_pc and len(pcs) < limit:
        pcs.append(pc)
        gdb.execute("stepi", to_string=True)
        pc = frame_pc()
    gdb.execute("kill", to_string=True)

    total = len(pcs)
    first = name_of(pcs[0]) if pcs else "-"
    print("profile: %d instructions from %s to %s%s" %
          (total, start or first, end, " (limit reached)" if total >= limit else ""))

    self_count = {}
    incl = {}
    tree = {}  # call path tuple -> [inclusive, self, order]
    stack = []
    prev = None
    for pc in pcs:
        fn = name_of(pc)
        if fn != prev:
            if pc in starts or fn not in stack:
                stack.append(fn)
            else:
                del stack[stack.index(fn) + 1:]
            prev = fn
        self_count[fn] = self_count.get(fn, 0) + 1
        for f in set(stack):
            incl[f] = incl.get(f, 0) + 1
        for depth in range(1, len(stack) + 1):
            key = tuple(stack[:depth])
            node = tree.setdefault(key, [0, 0, len(tree)])
            node[0] += 1
        tree[tuple(stack)][1] += 1

    print("\nper function (self = its own instructions, incl = with what it called):")
    print("%7s %6s %7s  %s" % ("self", "%", "incl", "function"))
    for fn, n in sorted(self_count.items(), key=lambda kv: -kv[1]):
        print("%7d %5.1f%% %7d  %s" % (n, 100.0 * n / max(total, 1), incl[fn], fn))

    for fn in filter(None, os.environ.get("PROFILE_ANNOTATE", "").split(",")):
        annotate(fn, pcs, syms, kernel, prog)

    if want_tree:
        print("\ncall tree (inclusive / self, callees in the order first reached):")
        children = {}
        for key in sorted(tree, key=lambda k: tree[k][2]):
            children.setdefault(key[:-1], []).append(key)

        def show(key):
            inc, slf, _ = tree[key]
            print("%7d %6d  %s%s" % (inc, slf, "  " * (len(key) - 1), key[-1]))
            for child in children.get(key, []):
                show(child)

        for root in children.get((), []):
            show(root)


try:
    main()
except gdb.error as e:
    print("profile-path.py: gdb: %s" % e)
    raise
