/*
 * msort.h: the library's one stable sort, for siblings by name (tree.c)
 * and children lists by Level FS (fairtree.c): insertion-sorted runs of 16,
 * then bottom-up merges through a scratch array. O(n log n) whatever the
 * input, no recursion, and equal elements keep their order, as Fair Tree's
 * ranking needs.
 *
 * FS_MSORT(name, T, C, before) defines
 *
 *	static void name(C ctx, T *v, T *tmp, uint32_t n);
 *
 * which sorts v[0..n) with tmp[0..n) as scratch; before(ctx, a, b), with a
 * and b of type const T *, is true when a goes strictly before b.
 */
#ifndef FS_MSORT_H
#define FS_MSORT_H

#include <stdint.h>
#include <string.h>

#define FS_MSORT(name, T, C, before)                                          \
static void                                                                   \
name(C ctx, T *v, T *tmp, uint32_t n)                                         \
{                                                                             \
	T *src = v, *dst = tmp, *sw, x;                                       \
	uint32_t width, lo, i, j;                                             \
                                                                              \
	(void)ctx;                                                            \
	for (lo = 0; lo < n; lo += 16) {                                      \
		uint32_t hi = lo + 16 < n ? lo + 16 : n;                      \
                                                                              \
		for (i = lo + 1; i < hi; i++) {                               \
			x = v[i];                                             \
			for (j = i; j > lo && before(ctx, &x, &v[j - 1]); j--) \
				v[j] = v[j - 1];                              \
			v[j] = x;                                             \
		}                                                             \
	}                                                                     \
	for (width = 16; width < n; width *= 2) {                             \
		for (lo = 0; lo < n; lo += 2 * width) {                       \
			uint32_t mid = lo + width < n ? lo + width : n;       \
			uint32_t hi = mid + width < n ? mid + width : n;      \
			uint32_t a = lo, b = mid, k = lo;                     \
                                                                              \
			while (a < mid && b < hi)                             \
				dst[k++] = before(ctx, &src[b], &src[a])      \
						   ? src[b++] : src[a++];     \
			while (a < mid)                                       \
				dst[k++] = src[a++];                          \
			while (b < hi)                                        \
				dst[k++] = src[b++];                          \
		}                                                             \
		sw = src;                                                     \
		src = dst;                                                    \
		dst = sw;                                                     \
	}                                                                     \
	if (src != v)                                                         \
		memcpy(v, src, n * sizeof(*v));                               \
}

/*
 * FS_RADIX(name, T, nd, digit) defines
 *
 *	static void name(T *v, T *tmp, uint32_t n);
 *
 * which sorts v[0..n) stably by nd byte-sized digits, digit(&v[i], d) for
 * d from 0, the least significant, to nd - 1, with tmp[0..n) as scratch: a
 * pass a digit, those in which every element has the same one skipped. No
 * comparisons to mispredict: for long lists of fixed-size keys.
 */
#define FS_RADIX(name, T, nd, digit)                                          \
static void                                                                   \
name(T *v, T *tmp, uint32_t n)                                                \
{                                                                             \
	uint32_t cnt[nd][256], i, sum, c;                                     \
	T *src = v, *dst = tmp, *sw;                                          \
	unsigned d, x;                                                        \
                                                                              \
	if (!n)                                                               \
		return;                                                       \
	memset(cnt, 0, sizeof(cnt));                                          \
	for (i = 0; i < n; i++)                                               \
		for (d = 0; d < (nd); d++)                                    \
			cnt[d][digit(&v[i], d)]++;                            \
	for (d = 0; d < (nd); d++) {                                          \
		if (cnt[d][digit(&v[0], d)] == n)                             \
			continue;                                             \
		for (x = 0, sum = 0; x < 256; x++) {                          \
			c = cnt[d][x];                                        \
			cnt[d][x] = sum;                                      \
			sum += c;                                             \
		}                                                             \
		for (i = 0; i < n; i++)                                       \
			dst[cnt[d][digit(&src[i], d)]++] = src[i];            \
		sw = src;                                                     \
		src = dst;                                                    \
		dst = sw;                                                     \
	}                                                                     \
	if (src != v)                                                         \
		memcpy(v, src, n * sizeof(*v));                               \
}

#endif
