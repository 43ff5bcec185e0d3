/*
 * roundtrip.c: fs_buf_ld and fs_buf_double write numbers that read back bit
 * for bit (strtold, strtod) and, being a fast replacement for printf, write
 * exactly what printf("%.21Lg") and printf("%.17g") write; fs_fmt_fixed6
 * writes what printf("%f") writes.
 *
 * Edge cases (powers of two and ten and their neighbours, extremes,
 * subnormals, exact decimal ties) and millions of random values, both over
 * the range the programs produce and over every exponent. FS_ROUNDTRIP_N
 * sets the random count per class (default 500000;
 * a fifth of it for the expensive every-exponent class).
 */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "numcheck.h"
#include "tap.h"

static uint64_t rs = 0x243f6a8885a308d3ULL;

static uint64_t
rnd(void)
{
	uint64_t z = (rs += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static struct fs_buf b;
static int bad_shown;

/* 0 when v is written as printf writes it and reads back identically. */
static int
check_ld(long double v)
{
	char want[128];
	long double back;

	if (!numcheck_ld(&b, v, want, sizeof(want), &back))
		return 0;
	if (bad_shown++ < 10)
		printf("# long double %La: wrote '%s', printf '%s', read back "
		       "%La\n", v, b.data, want, back);
	return 1;
}

static int
check_d(double v)
{
	char want[128];
	double back;

	if (!numcheck_d(&b, v, want, sizeof(want), &back))
		return 0;
	if (bad_shown++ < 10)
		printf("# double %a: wrote '%s', printf '%s', read back %a\n",
		       v, b.data, want, back);
	return 1;
}

/* 0 when fs_fmt_fixed6 writes what printf("%f") writes, or leaves it to
 * printf. */
static int
check_f(double v)
{
	char want[512], got[FS_FMT_MAX + 1];
	int n = fs_fmt_fixed6(got, v);

	if (n < 0 && (!isfinite(v) || fabs(v) >= 0x1p63))
		return 0;
	snprintf(want, sizeof(want), "%f", v);
	if (n >= 0) {
		got[n] = '\0';
		if (!strcmp(got, want))
			return 0;
	}
	if (bad_shown++ < 10)
		printf("# %%f of %a: wrote '%s', printf '%s'\n", v,
		       n < 0 ? "(nothing)" : got, want);
	return 1;
}

/* fs_fmt_e(v, prec) writes what printf("%.*e", prec, v) writes; -1 is
 * allowed only for 0, inf, nan and beyond fs_fmt_g_ld's range. */
static int
check_e(double v, int prec)
{
	char want[512], got[FS_FMT_MAX + 1];
	int n = fs_fmt_e(got, v, prec);

	if (n < 0 && (v == 0 || !isfinite(v) || fabs(v) < 1e-100 ||
		      fabs(v) > 1e37))
		return 0;
	snprintf(want, sizeof(want), "%.*e", prec, v);
	if (n >= 0) {
		got[n] = '\0';
		if (!strcmp(got, want))
			return 0;
	}
	if (bad_shown++ < 10)
		printf("# %%.%de of %a: wrote '%s', printf '%s'\n", prec, v,
		       n < 0 ? "(nothing)" : got, want);
	return 1;
}

/* The same for fs_fmt_fixed6_ld and printf("%.6Lf"). */
static int
check_fl(long double v)
{
	char want[5120], got[FS_FMT_MAX + 1];
	int n = fs_fmt_fixed6_ld(got, v);

	if (n < 0 && (!isfinite(v) || fabsl(v) >= 0x1p63L))
		return 0;
	snprintf(want, sizeof(want), "%.6Lf", v);
	if (n >= 0) {
		got[n] = '\0';
		if (!strcmp(got, want))
			return 0;
	}
	if (bad_shown++ < 10)
		printf("# %%.6Lf of %La: wrote '%s', printf '%s'\n", v,
		       n < 0 ? "(nothing)" : got, want);
	return 1;
}

/* 0 when fs_parse_ld reads s as strtold does (bit for bit, or both
 * refuse it), and fs_parse_usage too where it is a usage (a plain
 * decimal, not negative, finite). */
static int
check_parse(const char *s)
{
	struct fs_err e = {NULL, 0, ""};
	long double a = -1, b, u = -1;
	char *end;
	int r = fs_parse_ld(s, &a), bad;

	b = strtold(s, &end);
	if (*end || !*s || isnan(b))
		bad = r >= 0;
	else
		bad = r < 0 || memcmp(&a, &b, 10);
	if (!bad && r >= 0 && !signbit(b) && isfinite(b) &&
	    !s[strspn(s, "0123456789.eE+-")] &&
	    (fs_parse_usage(s, "x", &u, &e, 1) < 0 || memcmp(&u, &b, 10)))
		bad = 1;
	if (bad && bad_shown++ < 10)
		printf("# read '%s': %La (usage %La), strtold %La\n", s, a, u,
		       b);
	return bad;
}

/* n random digits (the first not 0 unless n is 1) with z zeros before
 * them and the point after w of all n + z (none when w is n + z), an
 * exponent x unless it is 0. */
static void
decimal(char *s, int z, int n, int w, int x)
{
	int i;

	for (i = 0; i < z + n; i++) {
		if (i == w && i)
			*s++ = '.';
		else if (i == w)
			s += sprintf(s, "0.");
		*s++ = (char)('0' + (i < z ? 0 : i == z && n > 1 ? 1 + rnd() % 9
						     : rnd() % 10));
	}
	if (x)
		s += sprintf(s, "e%d", x);
	*s = '\0';
}

/* A long double with a random 64-bit mantissa and exponent in [lo, hi]. */
static long double
rnd_ld(int lo, int hi)
{
	uint64_t m = rnd() | (1ULL << 63);

	return ldexpl((long double)m, lo + (int)(rnd() % (uint64_t)(hi - lo + 1)) - 64);
}

static double
rnd_d(int lo, int hi)
{
	uint64_t m = (rnd() >> 11) | (1ULL << 52);

	return ldexp((double)m, lo + (int)(rnd() % (uint64_t)(hi - lo + 1)) - 53);
}

int
main(void)
{
	long n = getenv("FS_ROUNDTRIP_N") ? atol(getenv("FS_ROUNDTRIP_N"))
					  : 500000;
	long i;
	int e, prec, bad;
	long double x;
	double y;

	fs_buf_init(&b);

	/* Edge cases. */
	bad = 0;
	{
		static const long double ld[] = {
			0.0L, -0.0L, 1.0L, -1.0L, 0.5L, 0.1L, 1.0L / 3, 2.0L / 3,
			LDBL_MIN, LDBL_MAX, LDBL_EPSILON, LDBL_TRUE_MIN,
			(long double)DBL_MAX, (long double)DBL_MIN, 4294967294.0L,
			4294967295.0L, 18446744073709551615.0L, 1e20L, 1e21L,
			1e-4L, 1e-5L, 9.99999999999999999999e20L,
			99999.9999999999999999L, 0.000099999999999999999999L,
			(long double)INFINITY, -(long double)INFINITY};

		for (i = 0; i < (long)(sizeof(ld) / sizeof(*ld)); i++)
			bad += check_ld(ld[i]);
		for (e = -16445; e <= 16383; e++) {
			x = ldexpl(1.0L, e);
			bad += check_ld(x) + check_ld(nextafterl(x, 0)) +
			       check_ld(nextafterl(x, INFINITY));
		}
		for (e = -130; e <= 30; e++) {
			x = powl(10.0L, e);
			bad += check_ld(x) + check_ld(nextafterl(x, 0)) +
			       check_ld(nextafterl(x, INFINITY)) + check_ld(-x);
		}
		/* m / 2^22, m odd: v * 10^21 ends in exactly .5 at 21
		 * digits, so round-half-even decides. */
		for (i = 419431; i < 4194304; i += 2 * 997)
			bad += check_ld((long double)i / 4194304.0L);
	}
	ok(!bad, "long double edge cases (%d bad)", bad);

	/* Exact ties at the last digit in every decade from 1e-9 to 1e7
	 * (the product v * 10^p shifted by fewer and more than 64 bits):
	 * v = j / 2^(p+1), j odd, makes v * 10^p = j * 5^p / 2, and with v
	 * in [10^k, 10^(k+1)) and p = P-1-k it has P digits before the .5;
	 * and the neighbours of each, just off the tie. */
	bad = 0;
	for (e = -9; e <= 6; e++) {
		int p = 20 - e;
		long double lo = powl(10, e) * ldexpl(1, p + 1);
		uint64_t span = (uint64_t)(9 * lo);

		for (i = 0; i < 2000 && span / 2; i++) {
			x = ldexpl((long double)(((uint64_t)lo + rnd() % span) | 1),
				   -(p + 1));
			bad += check_ld(x) + check_ld(nextafterl(x, 0)) +
			       check_ld(nextafterl(x, INFINITY));
		}
		p = 16 - e;
		lo = powl(10, e) * ldexpl(1, p + 1);
		span = (uint64_t)(9 * lo);
		for (i = 0; i < 2000 && span / 2; i++) {
			y = ldexp((double)(((uint64_t)lo + rnd() % span) | 1),
				  -(p + 1));
			bad += check_d(y) + check_d(nextafter(y, 0)) +
			       check_d(nextafter(y, INFINITY));
		}
	}
	ok(!bad, "ties at the 21st and 17th digit, 1e-9 to 1e7 (%d bad)",
	   bad);

	bad = 0;
	{
		static const double d[] = {
			0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3, DBL_MIN, DBL_MAX,
			DBL_EPSILON, DBL_TRUE_MIN, 1e16, 1e17, 1e-4, 1e-5,
			9.9999999999999998e16, INFINITY, -INFINITY};

		for (i = 0; i < (long)(sizeof(d) / sizeof(*d)); i++)
			bad += check_d(d[i]);
		for (e = -1074; e <= 1023; e++) {
			y = ldexp(1.0, e);
			bad += check_d(y) + check_d(nextafter(y, 0)) +
			       check_d(nextafter(y, INFINITY));
		}
		for (e = -130; e <= 30; e++) {
			y = pow(10.0, e);
			bad += check_d(y) + check_d(nextafter(y, 0)) +
			       check_d(nextafter(y, INFINITY));
		}
		for (i = 26215; i < 262144; i += 2 * 97)
			bad += check_d((double)i / 262144.0);
		for (i = 1; i <= 100000; i++)	/* ranks i/N */
			bad += check_d((double)i / 100000.0);
	}
	ok(!bad, "double edge cases (%d bad)", bad);

	bad = 0;
	for (i = 0; i < n; i++)
		bad += check_ld(rnd_ld(-70, 70));
	ok(!bad, "%ld random long doubles from 2^-70 to 2^70 (%d bad)", n, bad);
	bad = 0;
	for (i = 0; i < n / 5; i++)
		bad += check_ld(rnd_ld(-16382, 16383) * (rnd() & 1 ? 1 : -1));
	ok(!bad, "%ld random long doubles, every exponent (%d bad)", n / 5,
	   bad);
	bad = 0;
	for (i = 0; i < n; i++)
		bad += check_d(rnd_d(-70, 70));
	ok(!bad, "%ld random doubles from 2^-70 to 2^70 (%d bad)", n, bad);
	bad = 0;
	for (i = 0; i < n; i++) {
		uint64_t u = rnd();

		memcpy(&y, &u, sizeof(y));
		if (!isnan(y))
			bad += check_d(y);
	}
	ok(!bad, "%ld random double bit patterns (%d bad)", n, bad);
	bad = 0;
	for (i = 0; i < n; i++)	/* quotients as the algorithms make them */
		bad += check_ld((long double)(rnd() % 1000000000) /
				(long double)(1 + rnd() % 1000000000000ULL));
	ok(!bad, "%ld random quotients (%d bad)", n, bad);

	/* Reading: 1 to 23 significant digits (19, 20 and 21 in 64 bits
	 * and in 128, 22 and more to strtold), the point at every place,
	 * leading zeros before or after it, exponents across the fast
	 * paths' edges (k from -27 to 51 and past them); and the strings
	 * around them. */
	bad = 0;
	{
		static const char *const s[] = {"0", "-0", "0.0", "-0.000",
			"000", "00012.5000", "12.", ".5", "1e", "1e+", "e5",
			"", "-", "inf", "-inf", "nan", "1x", "0x1p3", " 1",
			"1.8446744073709551615e19", "18446744073709551616",
			"18446744073709551617", "184467440737095516175",
			"999999999999999999999", "99999999999999999999.9",
			"9999999999999999999.99", "1000000000000000000000",
			"0.000000000000000000001", "123456789012345678901e-26",
			"12345678901234567890.1e-25", "1.23456789012345678901",
			"0.0000000000123456789012345678901", "5e-1", "25e-2",
			"4.9406564584124654e-324", "1.18973149535723176502e+4932",
			"0.499999999999999999999", "0.999999999999999999999",
			"1.99999999999999999999", "7.99999999999999999999",
			"0.0624999999999999999999", "1023.99999999999999999"};
		char t[160];
		int z, nd, w, x;

		for (i = 0; i < (long)(sizeof(s) / sizeof(*s)); i++)
			bad += check_parse(s[i]);
		for (i = 0; i < n; i++) {
			nd = 1 + (int)(rnd() % 23);
			z = rnd() % 4 ? 0 : (int)(rnd() % 6);
			w = (int)(rnd() % (unsigned)(z + nd + 1));
			x = rnd() % 3 ? 0 : (int)(rnd() % 90) - 60;
			decimal(t, z, nd, w, x);
			bad += check_parse(t);
			if (rnd() % 2) {	/* trailing zeros */
				strcat(t, x ? "" : (w < z + nd ? "000" : ".000"));
				bad += check_parse(t);
			}
		}
	}
	ok(!bad, "%ld random decimals and the edge strings read as strtold "
	   "reads them (%d bad)", n, bad);

	/* %f: exact ties at the sixth decimal (k / 2^7 * 10^6 = k * 7812.5:
	 * half way when k is odd), powers of two, every exponent. */
	bad = 0;
	for (i = -2000000; i <= 2000000; i += 7)
		bad += check_f((double)i / 128.0) + check_f((double)i / 1024.0) +
		       check_f((double)i * 0.5e-6) + check_f((double)i);
	for (e = -1074; e <= 1023; e++) {
		y = ldexp(1.0, e);
		bad += check_f(y) + check_f(nextafter(y, 0)) +
		       check_f(nextafter(y, INFINITY)) + check_f(-y);
	}
	{
		static const double d[] = {0.0, -0.0, 0.5e-6, 1.5e-6, 2.5e-6,
			-0.5e-6, 0.0000005, 0.9999995, 4294967295.0,
			9223372036854775807.0, 0x1p63, -0x1p63, DBL_MAX,
			DBL_TRUE_MIN, INFINITY, -INFINITY, NAN};

		for (i = 0; i < (long)(sizeof(d) / sizeof(*d)); i++)
			bad += check_f(d[i]);
	}
	for (i = 0; i < n; i++) {
		bad += check_f(rnd_d(-70, 64) * (rnd() & 1 ? 1 : -1));
		bad += check_f((double)(rnd() % 1000000000) /
			       (double)(1 + rnd() % 1000000000000ULL));
	}
	for (i = 0; i < n; i++) {
		uint64_t u = rnd();

		memcpy(&y, &u, sizeof(y));
		bad += check_f(y);
	}
	ok(!bad, "%%f: ties, powers of two, %ld random values and bit "
	   "patterns each (%d bad)", n, bad);

	/* %.*e: ties at every precision (dyadic values), powers of ten
	 * and their neighbours, random values over the range sshare's
	 * cells meet. */
	bad = 0;
	for (i = -200000; i <= 200000; i += 7)
		bad += check_e((double)i / 128.0, (int)(i % 21 + 21) % 21) +
		       check_e((double)i / 1024.0, (int)(-i % 21 + 21) % 21);
	for (e = -99; e <= 36; e++) {
		y = pow(10.0, e);
		for (prec = 0; prec <= 20; prec++)
			bad += check_e(y, prec) +
			       check_e(nextafter(y, 0), prec) +
			       check_e(nextafter(y, INFINITY), prec) +
			       check_e(-y * 9.5, prec);
	}
	for (i = 0; i < n; i++)
		bad += check_e(rnd_d(-300, 120) * (rnd() & 1 ? 1 : -1),
			       (int)(rnd() % 21));
	bad += check_e(0.0, 3) + check_e(INFINITY, 3) + check_e(NAN, 3);
	ok(!bad, "%%.*e: ties, powers of ten, %ld random values (%d bad)", n,
	   bad);

	/* %.6Lf: ties, every exponent near 1, random values. */
	bad = 0;
	for (i = -2000000; i <= 2000000; i += 7)
		bad += check_fl((long double)i / 128.0L) +
		       check_fl((long double)i * 0.5e-6L);
	for (e = -16445; e <= 16383; e++) {
		long double x = ldexpl(1.0L, e);

		bad += check_fl(x) + check_fl(nextafterl(x, 0)) +
		       check_fl(nextafterl(x, INFINITY)) + check_fl(-x);
	}
	{
		static const long double d[] = {0.0L, -0.0L, 0.5e-6L,
			2.5e-6L, 0.9999995L, 0x1p63L, -0x1p63L, LDBL_MAX,
			LDBL_TRUE_MIN, INFINITY, -INFINITY, NAN};

		for (i = 0; i < (long)(sizeof(d) / sizeof(*d)); i++)
			bad += check_fl(d[i]);
	}
	for (i = 0; i < n; i++) {
		bad += check_fl(rnd_ld(-70, 64) * (rnd() & 1 ? 1 : -1));
		bad += check_fl((long double)(rnd() % 1000000000) /
				(long double)(1 + rnd() % 1000000000000ULL));
	}
	ok(!bad, "%%.6Lf: ties, powers of two, %ld random values each "
	   "(%d bad)", n, bad);

	/* The memos write what their writers write, in runs of repeats and
	 * between values that print alike at some precision but differ. */
	bad = 0;
	{
		static const long double v[] = {1.0L, 1.0L, 1.0L, 0.0L, -0.0L,
			-0.0L, 0.0L, 1.0L / 3, 1.0L / 3, (double)(1.0L / 3),
			0.6250000000000000001L, 0.625L, 0.625L, 1e300L * 1e300L,
			1e300L * 1e300L, INFINITY, INFINITY, 5.0L, 5.0L,
			LDBL_TRUE_MIN, LDBL_TRUE_MIN, 0x1p63L, 0x1p63L, 5.0L};
		struct fs_fmt_memo ml, md, mf, mg;
		char want[FS_FMT_MAX + 1], got[FS_FMT_MAX + 1];
		int k, nw, ng;

		memset(&ml, 0, sizeof(ml));
		memset(&md, 0, sizeof(md));
		memset(&mf, 0, sizeof(mf));
		memset(&mg, 0, sizeof(mg));
		for (k = 0; k < 4 * 24 + 4 * 400; k++) {
			long double x = k < 96 ? v[k % 24]
					       : rnd_ld(-8, 8) * (long double)(rnd() % 3 == 0);
			int w = k < 96 ? k / 24 : k % 4;

			if (w == 0) {
				nw = fs_fmt_ld(want, x);
				ng = fs_memo_ld(&ml, got, x);
			} else if (w == 1) {
				nw = fs_fmt_double(want, (double)x);
				ng = fs_memo_double(&md, got, (double)x);
			} else if (w == 2) {
				nw = fs_fmt_fixed6_ld(want, x);
				ng = fs_memo_fixed6_ld(&mf, got, x);
			} else {
				nw = fs_fmt_fixed6(want, (double)x);
				ng = fs_memo_fixed6(&mg, got, (double)x);
			}
			if (nw != ng || (nw > 0 && memcmp(want, got, (size_t)nw))) {
				if (bad_shown++ < 10)
					printf("# memo %d of %La: '%.*s' for '%.*s'\n",
					       w, x, ng > 0 ? ng : 0, got,
					       nw > 0 ? nw : 0, want);
				bad++;
			}
		}
	}
	ok(!bad, "the number memos write what the writers write (%d bad)",
	   bad);
	fs_buf_release(&b);
	/* Integers (the page's counts and ranks, sprio's columns): every
	 * power of ten and its neighbours, the extremes, random values of
	 * every length. */
	bad = 0;
	{
		char want[32], got[32];
		unsigned long long u, p10 = 1;
		long long ll;
		int d;

		for (d = 0; d < 20; d++, p10 *= 10)
			for (u = p10 - 1; u <= p10 + 1; u++) {
				*fs_put_u64(got, u) = '\0';
				snprintf(want, sizeof(want), "%llu", u);
				bad += strcmp(got, want) != 0;
			}
		for (i = 0; i < n; i++) {
			u = rnd() >> (rnd() % 64);
			ll = (long long)rnd();
			if (i == 0)
				u = UINT64_MAX, ll = LLONG_MIN;
			*fs_put_u64(got, u) = '\0';
			snprintf(want, sizeof(want), "%llu", u);
			bad += strcmp(got, want) != 0;
			*fs_put_ll(got, ll) = '\0';
			snprintf(want, sizeof(want), "%lld", ll);
			bad += strcmp(got, want) != 0;
		}
	}
	ok(!bad, "%%llu and %%lld: powers of ten, extremes, %ld random values "
	   "(%d bad)", n, bad);
	/* A RawUsage as sshare prints it: the cast, UINT64_MAX from 2^64 - 1
	 * up; every power of two with its neighbours a few ulps away, the
	 * extremes, random values of every size with fractions. */
	bad = 0;
	{
		long double v, p2 = 1.0L / 8, w[] = {
			0.0L, -0.0L, 1e-4000L, 0.5L, 0.999999L, 1.0L,
			18446744073709551614.0L, 18446744073709551615.0L,
			18446744073709551616.0L, 1e30L, (long double)INFINITY};
		size_t k;
		int d, j;

#define LD_U64(x) ((x) >= 18446744073709551615.0L ? UINT64_MAX : (uint64_t)(x))
		for (k = 0; k < sizeof(w) / sizeof(w[0]); k++)
			bad += fs_ld_u64(w[k]) != LD_U64(w[k]);
		for (d = -3; d < 66; d++, p2 *= 2)
			for (j = -3; j <= 3; j++) {
				v = p2;
				for (k = 0; k < (size_t)abs(j); k++)
					v = nextafterl(v, j < 0 ? 0 : INFINITY);
				bad += fs_ld_u64(v) != LD_U64(v);
			}
		for (i = 0; i < n; i++) {
			v = ldexpl((long double)rnd(), -(int)(rnd() % 80));
			bad += fs_ld_u64(v) != LD_U64(v);
		}
#undef LD_U64
	}
	ok(!bad, "RawUsage as an integer: powers of two and their neighbours, "
	   "the extremes, %ld random values (%d bad)", n, bad);
	return done_testing();
}
