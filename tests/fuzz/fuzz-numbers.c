/*
 * fuzz-numbers: the number formatting and parsing that every program's
 * output depends on, checked differentially.
 *
 * Input read as text: what fs_parse_usage accepts (its fast path for plain
 * decimals included) is the value strtold reads, bit for bit. Input read as
 * raw bits (a
 * long double, a double) and the parsed value: fs_buf_ld writes exactly what
 * printf("%.21Lg") writes and strtold reads it back bit for bit; likewise
 * fs_buf_double and "%.17g".
 *
 * Under valgrind, which computes x87 long doubles in 64 bits, the values
 * cannot match: FS_FUZZ_LOSSY_LD (set by tests/fuzz-replay.t when it runs
 * through FS_WRAP) keeps the same calls, for valgrind's memory checks, and
 * drops the bit-for-bit comparisons.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "../unit/numcheck.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static int lossy = -1;	/* FS_FUZZ_LOSSY_LD: no comparisons */

static void
check_ld(long double v)
{
	struct fs_buf a;
	char want[128];
	long double back;

	if (isnan(v))
		return;
	fs_buf_init(&a);
	if (numcheck_ld(&a, v, want, sizeof(want), &back) && !lossy) {
		fprintf(stderr, "%La: fs_buf_ld '%s' printf '%s'\n", v, a.data,
			want);
		__builtin_trap();
	}
	fs_buf_release(&a);
}

static void
check_d(double v)
{
	struct fs_buf a;
	char want[64];
	double back;

	if (isnan(v))
		return;
	fs_buf_init(&a);
	if (numcheck_d(&a, v, want, sizeof(want), &back) && !lossy) {
		fprintf(stderr, "%a: fs_buf_double '%s' printf '%s'\n", v,
			a.data, want);
		__builtin_trap();
	}
	fs_buf_release(&a);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct fs_buf s;
	struct fs_err e1 = {"<fuzz>", 0, ""};
	long double v1 = 0, v2 = 0, x = 0;
	double y = 0;
	volatile long double one = 1;
	int r1;

	if (lossy < 0)
		lossy = getenv("FS_FUZZ_LOSSY_LD") != NULL;
	fs_buf_init(&s);
	fs_buf_add(&s, data, size);
	r1 = fs_parse_usage(s.data, "RawUsage", &v1, &e1, 1);
	v2 = strtold(s.data, NULL);
	if (r1 == 0 && memcmp(&v1, &v2, 10) && !lossy) {
		fprintf(stderr, "'%s': fs_parse_usage %La, strtold %La\n",
			s.data, v1, v2);
		__builtin_trap();
	}
	if (r1 == 0) {
		check_ld(v1);
		check_d((double)v1);
	}
	memcpy(&x, data, size < 10 ? size : 10);
	x *= one;	/* unnormals become NaN, pseudo-denormals normal */
	check_ld(x);
	memcpy(&y, data, size < 8 ? size : 8);
	check_d(y);
	fs_buf_release(&s);
	return 0;
}
