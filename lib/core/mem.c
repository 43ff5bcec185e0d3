/*
 * mem.c: memory: allocations that end the program when memory runs out, and
 * huge-page arrays.
 */
#include <stdlib.h>
#include <sys/mman.h>

#include "core/core.h"

void *
fs_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		fs_die("out of memory (%zu bytes)", n);
	return p;
}

void *
fs_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		fs_die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

/*
 * Large arrays (the tree's nodes, its index arrays, a big input's text) go in
 * transparent huge pages where the kernel offers them (madvise mode): one
 * fault and one TLB entry per 2 MB instead of per 4 KB, which made fs-rank
 * 20% faster at a million associations. Arrays of HUGE_MIN (3 MB) or more
 * qualify, rounded up to whole huge pages (at most a quarter more than
 * they hold: a million 4-byte indexes, 3.8 MB, take 4 MB; as 4 KB pages
 * from calloc they cost a thousand faults each); smaller ones go to
 * calloc. Fresh anonymous memory is zero, as calloc's. Sanitizer builds
 * keep calloc, so that they still see overruns.
 */
#define HUGE_PAGE ((size_t)2 << 20)
#define HUGE_MIN ((size_t)3 << 20)
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define FS_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FS_SANITIZED 1
#endif
#if defined(MADV_HUGEPAGE) && !defined(FS_SANITIZED)
#define FS_HUGE 1
#endif

#ifdef FS_HUGE
static size_t
huge_bytes(size_t n, size_t size)
{
	if (size && n > (SIZE_MAX - HUGE_PAGE) / size)
		fs_die("out of memory (%zu x %zu bytes)", n, size);
	return n * size;
}
#endif

void *
fs_xcalloc_huge(size_t n, size_t size)
{
#ifdef FS_HUGE
	size_t bytes = huge_bytes(n, size), keep, len;
	char *p, *a;

	if (bytes >= HUGE_MIN) {
		keep = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		len = keep + HUGE_PAGE;
		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			fs_die("out of memory (%zu x %zu bytes)", n, size);
		/* Trim to a 2 MB-aligned run of keep bytes. */
		a = (char *)(((uintptr_t)p + HUGE_PAGE - 1) &
			     ~(uintptr_t)(HUGE_PAGE - 1));
		if (a > p)
			munmap(p, (size_t)(a - p));
		if (p + len > a + keep)
			munmap(a + keep, (size_t)(p + len - (a + keep)));
		madvise(a, keep, MADV_HUGEPAGE);
		return a;
	}
#endif
	return fs_xcalloc(n, size);
}

void
fs_free_huge(void *p, size_t n, size_t size)
{
#ifdef FS_HUGE
	size_t bytes = huge_bytes(n, size);

	if (p && bytes >= HUGE_MIN) {
		munmap(p, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
		return;
	}
#else
	(void)n;
	(void)size;
#endif
	free(p);
}

void *
fs_xcalloc_filled(size_t n, size_t *room)
{
#ifdef FS_HUGE
	if (n >= (1 << 20) && n < 2 * HUGE_PAGE)
		n = 2 * HUGE_PAGE;
#endif
	*room = n;
	return fs_xcalloc_huge(n, 1);
}

void
fs_advise_huge(void *p, size_t bytes)
{
#ifdef FS_HUGE
	/* The whole 2 MB pages inside [p, p + bytes). */
	uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	uintptr_t z = ((uintptr_t)p + bytes) & ~(uintptr_t)(HUGE_PAGE - 1);

	if (p && bytes >= 2 * HUGE_PAGE && z > a)
		madvise((void *)a, (size_t)(z - a), MADV_HUGEPAGE);
#else
	(void)p;
	(void)bytes;
#endif
}

/* Linux 5.14's, which older headers lack (an older kernel refuses it with
 * EINVAL, and it is a hint); not defined where madvise is not Linux's. */
#if defined(MADV_HUGEPAGE) && !defined(MADV_POPULATE_WRITE)
#define MADV_POPULATE_WRITE 23
#endif

void
fs_prefault(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
	/* The whole 4 KB pages inside [p, p + bytes); their contents are
	 * kept (a write fault that writes nothing). */
	uintptr_t a = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
	uintptr_t z = ((uintptr_t)p + bytes) & ~(uintptr_t)4095;

	if (p && bytes >= 1 << 16 && z > a)
		madvise((void *)a, (size_t)(z - a), MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)bytes;
#endif
}

void *
fs_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		fs_die("out of memory (%zu bytes)", n);
	return p;
}

void *
fs_xreallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		fs_die("out of memory (%zu x %zu bytes)", n, size);
	return fs_xrealloc(p, n * size);
}

char *
fs_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(fs_xmalloc(n), s, n);
}
