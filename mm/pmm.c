/*
 * Physical page allocator: a bitmap with one bit per 4 KiB page of the
 * direct-mapped first 960 MiB (DIRECT_MAP_LIMIT).
 *
 * Invariants:
 *  - managed[p] is set for exactly the pages this allocator owns: available
 *    RAM by the memory map, minus the first 1 MiB, the kernel image, the
 *    multiboot modules and the owner table itself.  It never changes after
 *    pmm_init.
 *  - used[p] is set for every page that is not free: every unmanaged page
 *    (so a scan for a clear bit only finds free pages) and every managed page
 *    handed out.  free_pages = managed pages with used clear.
 *  - owner[p] is 0 for a free page.
 *
 * A bitmap rather than a free list: freeing checks for double frees in O(1),
 * contiguous runs (the heap's big blocks) are found by scanning, and the
 * structure lives in 64 KiB of .bss whatever the RAM size.  Single pages are
 * found from a rotating hint, so the common case scans a few words.
 */
#include "mm/pmm.h"
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "kernel/bootinfo.h"
#include "kernel/panic.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "mm/fault_inject.h"

#define MAX_PAGES (DIRECT_MAP_LIMIT / PAGE_SIZE)
#define WORDS (MAX_PAGES / 32)

extern char __kernel_phys_start[], __kernel_end[];

static u32 used[WORDS];
static u32 managed[WORDS];
static u32 *owner;     /* owner word per page below page_limit */
static u32 page_limit; /* one past the highest managed page */
static u32 free_pages, total_pages;
static u32 hint; /* word index where the next single-page search starts */
static u64 ram_bytes, ignored_bytes;

static inline bool bit_get(const u32 *map, u32 page)
{
	return map[page >> 5] & (1u << (page & 31));
}

static inline void bit_set(u32 *map, u32 page)
{
	map[page >> 5] |= 1u << (page & 31);
}

static inline void bit_clear(u32 *map, u32 page)
{
	map[page >> 5] &= ~(1u << (page & 31));
}

/* Make the pages of [base, base+len) below DIRECT_MAP_LIMIT available RAM. */
static void mark_available(u64 base, u64 len)
{
	u64 end = base + len;
	if (end > DIRECT_MAP_LIMIT) {
		u64 beyond = end - (base > DIRECT_MAP_LIMIT ? base : DIRECT_MAP_LIMIT);
		ignored_bytes += beyond;
		end = DIRECT_MAP_LIMIT;
	}
	/* Only whole pages inside the region: round the start up, the end down. */
	u64 first = (base + PAGE_SIZE - 1) / PAGE_SIZE, last = end / PAGE_SIZE;
	for (u64 p = first; p < last; p++)
		bit_set(managed, (u32)p);
}

/* Take the pages touching [base, end) away from the allocator for good. */
static void mark_reserved(u64 base, u64 end)
{
	if (end > DIRECT_MAP_LIMIT)
		end = DIRECT_MAP_LIMIT;
	if (base >= end)
		return;
	u64 first = base / PAGE_SIZE, last = (end + PAGE_SIZE - 1) / PAGE_SIZE;
	for (u64 p = first; p < last; p++)
		bit_clear(managed, (u32)p);
}

/* First run of `count` free pages; returns its first page or MAX_PAGES. */
static u32 find_run(u32 count)
{
	u32 run = 0;
	for (u32 p = 0; p < page_limit; p++) {
		if (!(p & 31) && used[p >> 5] == ~0u) {
			run = 0;
			p += 31;
			continue;
		}
		if (bit_get(used, p)) {
			run = 0;
			continue;
		}
		if (++run == count)
			return p + 1 - count;
	}
	return MAX_PAGES;
}

void pmm_init(void)
{
	memset(used, 0, sizeof(used));
	memset(managed, 0, sizeof(managed));
	ram_bytes = ignored_bytes = 0;

	for (unsigned i = 0; i < boot_info.mmap_count; i++) {
		const struct boot_mmap_region *r = &boot_info.mmap[i];
		if (r->type == 1) {
			mark_available(r->base, r->length);
			ram_bytes += r->length;
		}
	}
	/* Regions may overlap; anything the map calls reserved wins. */
	for (unsigned i = 0; i < boot_info.mmap_count; i++) {
		const struct boot_mmap_region *r = &boot_info.mmap[i];
		if (r->type != 1)
			mark_reserved(r->base, r->base + r->length);
	}
	mark_reserved(0, 0x100000);
	mark_reserved((u32)__kernel_phys_start, VIRT_TO_PHYS(__kernel_end));
	for (unsigned i = 0; i < boot_info.module_count; i++)
		mark_reserved(boot_info.modules[i].phys_start, boot_info.modules[i].phys_end);

	page_limit = 0;
	for (u32 w = 0; w < WORDS; w++) {
		used[w] = ~managed[w];
		if (managed[w])
			page_limit = w * 32 + 32 - (u32)__builtin_clz(managed[w]);
	}

	/* The owner table: one word per page up to the last managed one, taken
	 * from the managed pages themselves and then withdrawn from them. */
	u32 table_pages = (page_limit * 4 + PAGE_SIZE - 1) / PAGE_SIZE;
	u32 first = table_pages ? find_run(table_pages) : MAX_PAGES;
	if (first == MAX_PAGES)
		panic("pmm: no room for the page owner table (%u pages)", table_pages);
	for (u32 p = first; p < first + table_pages; p++) {
		bit_clear(managed, p);
		bit_set(used, p);
	}
	owner = PHYS_TO_VIRT(first * PAGE_SIZE);
	memset(owner, 0, table_pages * PAGE_SIZE);

	free_pages = 0;
	for (u32 p = 0; p < page_limit; p++)
		if (bit_get(managed, p))
			free_pages++;
	total_pages = free_pages;
	hint = 0;
}

/* rep stosl: the CPU's own string store, 4 bytes a step (lib's memset goes by bytes). */
static void zero_pages(u32 phys, u32 count)
{
	void *dst = PHYS_TO_VIRT(phys);
	u32 words = count * (PAGE_SIZE / 4);
	__asm__ volatile("cld; rep stosl" : "+D"(dst), "+c"(words) : "a"(0) : "memory", "cc");
}

static u32 alloc_one(void)
{
	u32 flags = irq_save();
	u32 words = (page_limit + 31) / 32;
	for (u32 i = 0; i < words; i++) {
		u32 w = hint + i < words ? hint + i : hint + i - words;
		if (used[w] == ~0u)
			continue;
		u32 page = w * 32 + (u32)__builtin_ctz(~used[w]);
		bit_set(used, page);
		free_pages--;
		hint = w;
		irq_restore(flags);
		zero_pages(page * PAGE_SIZE, 1);
		return page * PAGE_SIZE;
	}
	irq_restore(flags);
	return 0;
}

static u32 alloc_run(u32 count)
{
	if (count == 1)
		return alloc_one();
	u32 flags = irq_save();
	u32 first = count <= free_pages ? find_run(count) : MAX_PAGES;
	if (first == MAX_PAGES) {
		irq_restore(flags);
		return 0;
	}
	for (u32 p = first; p < first + count; p++)
		bit_set(used, p);
	free_pages -= count;
	irq_restore(flags);
	zero_pages(first * PAGE_SIZE, count);
	return first * PAGE_SIZE;
}

u32 pmm_alloc_page(void)
{
	if (unlikely(fault_inject_pages(1)))
		return 0;
	return alloc_one();
}

u32 pmm_alloc_pages(u32 count)
{
	if (count == 0 || unlikely(fault_inject_pages(count)))
		return 0;
	return alloc_run(count);
}

u32 pmm_alloc_pages_uncounted(u32 count)
{
	return count ? alloc_run(count) : 0;
}

static void free_one(u32 phys)
{
	u32 page = phys / PAGE_SIZE;
	if ((phys & (PAGE_SIZE - 1)) || page >= page_limit || !bit_get(managed, page))
		panic("pmm: free of %#x, not a page of RAM the allocator owns", phys);
	if (!bit_get(used, page))
		panic("pmm: double free of page %#x", phys);
	bit_clear(used, page);
	owner[page] = 0;
	free_pages++;
}

void pmm_free_page(u32 phys)
{
	u32 flags = irq_save();
	free_one(phys);
	irq_restore(flags);
}

void pmm_free_pages(u32 phys, u32 count)
{
	u32 flags = irq_save();
	for (u32 i = 0; i < count; i++)
		free_one(phys + i * PAGE_SIZE);
	irq_restore(flags);
}

u32 pmm_free_count(void)
{
	return free_pages;
}

u32 pmm_total_count(void)
{
	return total_pages;
}

bool pmm_page_managed(u32 phys)
{
	u32 page = phys / PAGE_SIZE;
	return page < page_limit && bit_get(managed, page);
}

void pmm_set_owner(u32 phys, u32 value)
{
	u32 page = phys / PAGE_SIZE;
	BUG_ON(page >= page_limit || !bit_get(managed, page));
	owner[page] = value;
}

u32 pmm_get_owner(u32 phys)
{
	u32 page = phys / PAGE_SIZE;
	if (page >= page_limit || !bit_get(managed, page))
		return 0;
	return owner[page];
}

u64 pmm_ram_bytes(void)
{
	return ram_bytes;
}

u64 pmm_ignored_bytes(void)
{
	return ignored_bytes;
}
