/*
 * numcheck.h: what the number writers are held to, for the unit test
 * (tests/unit/roundtrip.c) and the fuzz target (tests/fuzz/fuzz-numbers.c):
 * fs_buf_ld writes exactly what printf("%.21Lg") writes and fs_buf_double
 * what printf("%.17g") writes ("inf", "0" and "-0" included), and strtold
 * and strtod read the text back bit for bit. Each check clears b, writes v
 * into it, puts printf's text in want[n] and what reads back in *back, and
 * returns 0 when all agree. NaN is not for these checks.
 */
#ifndef NUMCHECK_H
#define NUMCHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"

static inline void
numcheck_special(char *want, size_t n, int inf, int pos, int neg_zero)
{
	snprintf(want, n, "%s", inf ? (pos ? "inf" : "-inf")
				 : neg_zero ? "-0" : "0");
}

static inline int
numcheck_ld(struct fs_buf *b, long double v, char *want, size_t n,
	    long double *back)
{
	b->len = 0;
	fs_buf_ld(b, v);
	if (isinf(v) || v == 0)
		numcheck_special(want, n, isinf(v), v > 0, signbit(v));
	else
		snprintf(want, n, "%.21Lg", v);
	*back = strtold(b->data, NULL);
	return strcmp(b->data, want) || memcmp(back, &v, 10);
}

static inline int
numcheck_d(struct fs_buf *b, double v, char *want, size_t n, double *back)
{
	b->len = 0;
	fs_buf_double(b, v);
	if (isinf(v) || v == 0)
		numcheck_special(want, n, isinf(v), v > 0, signbit(v));
	else
		snprintf(want, n, "%.17g", v);
	*back = strtod(b->data, NULL);
	return strcmp(b->data, want) || memcmp(back, &v, sizeof(v));
}

#endif
