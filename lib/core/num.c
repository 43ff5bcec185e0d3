/*
 * num.c: the number codec: numbers written so that they read back bit for
 * bit, and read fast.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "core/core.h"

/*
 * 21 significant digits identify every x87 80-bit long double, 17 every
 * double: what we write reads back bit for bit with strtold/strtod.
 */
/*
 * printf("%.21Lg") without printf: glibc's arbitrary-precision conversion
 * was the largest cost in writing a big tree. v = m * 2^e exactly; choose p
 * so that q = v * 10^p has exactly P digits before the point, compute it in a
 * 512-bit integer, round half to even as printf does, and lay the digits out
 * as %g does (fixed or exponent form, trailing zeros dropped); from 10^P
 * up (p < 0) v is divided by 10^-p instead, in 128 bits. Only decimal
 * exponents from -110 to about 38 take this path; the rest return -1 and go
 * to printf. tests/unit/roundtrip.c compares both byte for byte, and
 * tests/unit/report.c the 4 digits of fs_fmt_g_ld.
 */
#define BIG_LIMBS 8
#define BIG_PMAX 130

static int
big_mul(uint64_t *n, int len, uint64_t x)
{
	unsigned __int128 c = 0;
	int i;

	for (i = 0; i < len; i++) {
		c += (unsigned __int128)n[i] * x;
		n[i] = (uint64_t)c;
		c >>= 64;
	}
	if (c)
		n[len++] = (uint64_t)c;
	return len;
}

/* Bits [s, s+128) of n (len limbs). */
static unsigned __int128
big_bits(const uint64_t *n, int len, int s)
{
	unsigned __int128 r = 0;
	int w = s / 64, b = s % 64, i;
	uint64_t l[3];

	for (i = 0; i < 3; i++)
		l[i] = w + i < len ? n[w + i] : 0;
	r = ((unsigned __int128)l[1] << 64) | l[0];
	if (b)
		r = (r >> b) | ((unsigned __int128)l[2] << (128 - b));
	return r;
}

/* The 8 decimal digits of x < 10^8, zero-padded, one per byte from the
 * lowest (the first digit) up, as numbers 0 to 9: halves of 4 digits in
 * two 32-bit lanes, each cut by 100 (x * 10486 >> 20 is x / 100 below
 * 43699) into 16-bit lanes, each cut by 10 (x * 103 >> 10 is x / 10 below
 * 179) into bytes: a few multiplications for all eight, no division
 * chain, no table. */
static inline uint64_t
digits8(uint32_t x)
{
	uint64_t v = (uint64_t)(x / 10000) | (uint64_t)(x % 10000) << 32, q;

	q = ((v * 10486) >> 20) & 0x0000007f0000007fULL;
	v = q | (v - q * 100) << 16;
	q = ((v * 103) >> 10) & 0x000f000f000f000fULL;
	return q | (v - q * 10) << 8;
}

/* The trailing zero digits of digits8's w (8 when all are). */
static inline int
zeros8(uint64_t w)
{
	return w ? __builtin_clzll(w) >> 3 : 8;
}

static int
fmt_sig(char *out, int neg, uint64_t m, int e, int P)
{
	static const uint64_t p10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL,
		10000000000000000000ULL};
	uint64_t n[BIG_LIMBS + 1];
	unsigned __int128 q = 0, lim = P <= 19 ? (unsigned __int128)p10[P]
					   : (unsigned __int128)p10[P - 19] * p10[19];
	char dd[48], *d, *o = out;
	int bits, k, p, len = 0, i, last, frac = 0, half = 0;
	uint64_t lo, hi;

	if (!m)
		return -1;
	/* 10^k <= 2^(bits-1) <= v < 2^bits < 10^(k+2): q = v * 10^(P-1-k)
	 * has P or P+1 digits, and one product gives both. */
	bits = 64 - __builtin_clzll(m) + e;
	/* floor((bits - 1) * log10(2)), exact for every exponent there is. */
	k = (int)(((int64_t)(bits - 1) * 169464822037455LL) >> 49);
	p = P - 1 - k;
	if (p > BIG_PMAX || e > 64 || p < -38)
		return -1;
	if (p < 0) {
		/* v >= 10^P: q = v / 10^-p, one 128-bit division (m * 2^e
		 * over 10^-p, or m over 10^-p * 2^-e), its remainder
		 * rounding as the bits below do. */
		unsigned __int128 num = m, den = -p <= 19
			? (unsigned __int128)p10[-p]
			: (unsigned __int128)p10[-p - 19] * p10[19], rem;

		if (e < 0 && e > -64 && -p <= 19) {
			/* v's whole part ip over 10^-p in 64 bits (Level FS
			 * from 10^4 up, %.4Lg): the rest is ip's remainder
			 * and v's fraction, over 10^-p * 2^-e. */
			uint64_t ip = m >> -e;

			q = ip / p10[-p];
			rem = (unsigned __int128)(ip % p10[-p]) << -e |
			      (m & ((1ULL << -e) - 1));
			den <<= -e;
		} else {
			if (e >= 0)
				num <<= e;
			else if (e <= -64 || den >> (128 + e))
				return -1;	/* more than 128 bits */
			else
				den <<= -e;
			q = num / den;
			rem = num - q * den;
		}
		half = rem >= den - rem;
		frac = rem != 0 && rem != den - rem;
	} else if (p <= 38) {
		/* 10^p < 2^128: one 64 x 128-bit product. */
		unsigned __int128 pw = p <= 19 ? (unsigned __int128)p10[p]
			: (unsigned __int128)p10[p - 19] * p10[19];
		unsigned __int128 lo128 = (unsigned __int128)m * (uint64_t)pw;
		unsigned __int128 hi128 = (unsigned __int128)m * (uint64_t)(pw >> 64);

		hi128 += lo128 >> 64;
		n[0] = (uint64_t)lo128;
		if (e < 0 && e > -192) {
			/* v * 10^p = hi128 * 2^64 + n[0] shifted right by
			 * s = -e in place (no limbs, about 8 % faster):
			 * q, the bit just below it (half) and any other. */
			int s = -e;

			if (s < 64) {
				if (hi128 >> (64 + s))
					return -1;	/* more than 128 bits */
				q = hi128 << (64 - s) | n[0] >> s;
			} else
				q = hi128 >> (s - 64);
			if (s <= 64) {
				half = (int)(n[0] >> (s - 1)) & 1;
				frac = (n[0] & ((1ULL << (s - 1)) - 1)) != 0;
			} else {
				half = (int)(hi128 >> (s - 65)) & 1;
				frac = n[0] != 0 ||
				       (hi128 & (((unsigned __int128)1
						  << (s - 65)) - 1)) != 0;
			}
		} else {
			n[1] = (uint64_t)hi128;
			n[2] = (uint64_t)(hi128 >> 64);
			len = n[2] ? 3 : n[1] ? 2 : 1;
		}
	} else {
		n[0] = m;
		len = 1;
		for (i = p; i > 0; i -= 19)
			len = big_mul(n, len, p10[i > 19 ? 19 : i]);
	}
	if (!len)
		;	/* q, half and frac made above */
	else if (e >= 0) {
		if (len > 2)
			return -1;
		q = big_bits(n, len, 0) << e;
	} else {
		int s = -e, w = (s - 1) / 64;

		if ((s + 127) / 64 < len - 1)
			return -1;	/* more than 128 bits */
		q = big_bits(n, len, s);
		/* The bits below s: the one just below (half) and any other. */
		half = (n[w] >> ((s - 1) % 64)) & 1;
		frac = (n[w] & ((1ULL << ((s - 1) % 64)) - 1)) != 0;
		for (i = 0; i < w && !frac; i++)
			frac = n[i] != 0;
	}
	/* q = hi * 10^18 + lo in two machine words (10^18 = 2^18 * 5^18:
	 * no 128-bit division), hi < 10^4 as q < 10^22. */
	hi = 0;
	lo = (uint64_t)q;
	if (q >= p10[18]) {
		hi = (uint64_t)(q >> 18) / 3814697265625ULL;
		lo = (uint64_t)(q - (unsigned __int128)hi * p10[18]);
	}
	if (q >= lim) {
		/* One digit too many: drop it, half to even on it and the
		 * bits below. */
		unsigned dig = (unsigned)(lo % 10);

		lo = lo / 10 + hi % 10 * p10[17];
		hi /= 10;
		k++;
		lo += dig > 5 || (dig == 5 && (half || frac || (lo & 1)));
	} else {
		/* Round half to even on the binary fraction (10^18 is even:
		 * q's parity is lo's). */
		lo += half && (frac || (lo & 1));
	}
	if (lo == p10[18]) {
		lo = 0;
		hi++;
	}
	/* Rounding reached 10^P: one digit more, k one higher. */
	if (P > 18 ? hi == p10[P - 18] : lo == p10[P]) {
		hi = P > 18 ? p10[P - 19] : 0;
		lo = P > 18 ? 0 : p10[P - 1];
		k++;
	}
	/* All 22 digits (after 2 zeros), 8 at a time in independent
	 * pieces; the last P are q's. The tail past them is zeros, so the
	 * fixed-size copies below read only what is set. */
	{
		uint64_t a = lo / p10[16], b = lo - a * p10[16];
		uint64_t w[3] = {digits8((uint32_t)(hi * 100 + a)),
				 digits8((uint32_t)(b / p10[8])),
				 digits8((uint32_t)(b % p10[8]))};
		int z = zeros8(w[2]);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
		int k2;
#endif

		if (z == 8)
			z += zeros8(w[1]) == 8 ? 8 + zeros8(w[0]) : zeros8(w[1]);
		for (i = 0; i < 3; i++) {
			w[i] += 0x3030303030303030ULL;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
			memcpy(dd + 8 * i, &w[i], 8);
#else
			for (k2 = 0; k2 < 8; k2++)
				dd[8 * i + k2] = (char)(w[i] >> (8 * k2));
#endif
		}
		memset(dd + 24, 0, sizeof(dd) - 24);
		d = dd + 24 - P;
		last = P - 1 - z;
		if (last < 0)
			last = 0;
	}
	/* out has FS_FMT_MAX bytes: copy 24 at a time (every digit there
	 * is), then step over what belongs. */
	if (neg)
		*o++ = '-';
	if (k < -4 || k >= P) {
		int ak = k < 0 ? -k : k;

		o[0] = d[0];
		o[1] = '.';
		memcpy(o + 2, d + 1, 24);
		o += last > 0 ? last + 2 : 1;
		*o++ = 'e';
		*o++ = k < 0 ? '-' : '+';
		if (ak >= 1000)
			*o++ = (char)('0' + ak / 1000);
		if (ak >= 100)
			*o++ = (char)('0' + ak / 100 % 10);
		*o++ = (char)('0' + ak / 10 % 10);
		*o++ = (char)('0' + ak % 10);
	} else if (k >= 0) {
		memcpy(o, d, 24);
		if (last > k) {
			o[k + 1] = '.';
			memcpy(o + k + 2, d + k + 1, 24);
			o += last + 2;
		} else
			o += k + 1;
	} else {
		memcpy(o, "0.0000", 6);
		memcpy(o + 1 - k, d, 24);	/* after -k - 1 zeros */
		o += 2 - k + last;
	}
	*o = '\0';
	return (int)(o - out);
}

static int
put_str(char *out, const char *s)
{
	size_t n = strlen(s);

	memcpy(out, s, n);
	return (int)n;
}

#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
/* An x87 extended long double's parts: the 64-bit mantissa with its
 * integer bit into *m; returned, the sign bit (15) and the exponent
 * biased by 16383 (bits 0-14; 0: subnormal, all ones: inf or nan). */
static inline unsigned
x87_parts(long double v, uint64_t *m)
{
	uint16_t se;

	memcpy(m, &v, 8);
	memcpy(&se, (const char *)&v + 8, 2);
	return se;
}
#endif

/* Everything but a normal number, which fs_fmt_ld writes itself. Apart,
 * so that the common case is a small function: with all of this in it,
 * it took half as long again. */
static __attribute__((noinline)) int
fmt_ld_other(char *out, long double v)
{
	int n = -1, ex;

	if (isinf(v))
		return put_str(out, v > 0 ? "inf" : "-inf");
	if (v == 0)
		return put_str(out, signbit(v) ? "-0" : "0");
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	if (!isnan(v)) {
		uint64_t m;

		ex = x87_parts(v, &m) & 0x7fff;
		n = fmt_sig(out, v < 0, m, (ex ? ex : 1) - 16383 - 63, 21);
	}
#elif LDBL_MANT_DIG == 64
	if (!isnan(v)) {
		long double f = frexpl(fabsl(v), &ex);

		n = fmt_sig(out, v < 0, (uint64_t)ldexpl(f, 64), ex - 64, 21);
	}
#endif
	if (n < 0)
		n = snprintf(out, FS_FMT_MAX, "%.21Lg", v);
	return n;
}

int
fs_fmt_ld(char *out, long double v)
{
	int n = fs_fmt_g_ld(out, v, 21);

	return n >= 0 ? n : fmt_ld_other(out, v);
}

int
fs_fmt_g_ld(char *out, long double v, int P)
{
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	/* A normal number: exponent neither 0 nor all ones, integer bit
	 * set. */
	uint64_t m;
	unsigned se = x87_parts(v, &m);
	int ex = se & 0x7fff;

	if (P >= 1 && P <= 21 && ex && ex != 0x7fff && (m >> 63))
		return fmt_sig(out, se >> 15, m, ex - 16383 - 63, P);
#else
	(void)out;
	(void)v;
	(void)P;
#endif
	return -1;
}

/* Everything but a normal number, as fmt_ld_other. */
static __attribute__((noinline)) int
fmt_double_other(char *out, double v)
{
	int n = -1, ex;

	if (isinf(v))
		return put_str(out, v > 0 ? "inf" : "-inf");
	if (v == 0)
		return put_str(out, signbit(v) ? "-0" : "0");
	if (!isnan(v)) {
		/* IEEE binary64: 52 stored mantissa bits, then an 11-bit
		 * exponent biased by 1023 (0: subnormal). */
		uint64_t bits, m;

		memcpy(&bits, &v, 8);
		m = bits & ((1ULL << 52) - 1);
		ex = (int)(bits >> 52) & 0x7ff;
		if (ex)
			m |= 1ULL << 52;
		n = fmt_sig(out, v < 0, m, (ex ? ex : 1) - 1023 - 52, 17);
	}
	if (n < 0)
		n = snprintf(out, FS_FMT_MAX, "%.17g", v);
	return n;
}

int
fs_fmt_double(char *out, double v)
{
	uint64_t bits;
	int ex, n;

	memcpy(&bits, &v, 8);
	ex = (int)(bits >> 52) & 0x7ff;
	if (ex && ex != 0x7ff &&
	    (n = fmt_sig(out, (int)(bits >> 63), (bits & ((1ULL << 52) - 1)) |
			 1ULL << 52, ex - 1023 - 52, 17)) >= 0)
		return n;
	return fmt_double_other(out, v);
}

/*
 * printf("%f") without printf, for sshare's display columns (fs-rank -l
 * spent a third of its time in glibc's printf). v = m * 2^e exactly, so
 * v * 10^6 = m * 10^6 * 2^e with m * 10^6 below 2^73: a 128-bit integer
 * shifted right by -e, its remainder rounding it half to even as printf
 * does. Magnitudes of 2^63 and more, inf and nan return -1 (printf's).
 */
/* m * 2^-s (s >= 0) to 6 decimals, rounded half to even: m * 10^6 is
 * below 2^84, so anything shifted by 90 bits or more is 0. */
static int
fixed6(char *out, int neg, uint64_t m, int s)
{
	unsigned __int128 n = (unsigned __int128)m * 1000000U, q, rem, half;
	uint64_t ip;
	uint32_t frac;
	int len = 0;

	if (s <= 0)
		q = n << -s;
	else if (s >= 90)
		q = 0;
	else {
		q = n >> s;
		rem = n & (((unsigned __int128)1 << s) - 1);
		half = (unsigned __int128)1 << (s - 1);
		q += rem > half || (rem == half && (q & 1));
	}
	/* Below 2^64 (every value under 1.8e13), a 64-bit division by a
	 * constant, which is a multiplication; a 128-bit one is a call. */
	if (!(q >> 64)) {
		ip = (uint64_t)q / 1000000U;
		frac = (uint32_t)((uint64_t)q - ip * 1000000U);
	} else {
		ip = (uint64_t)(q / 1000000U);
		frac = (uint32_t)(q % 1000000U);
	}
	if (neg)
		out[len++] = '-';
	if (ip < 10)
		out[len++] = (char)('0' + ip);
	else	/* two digits a step: Level FS runs to millions */
		len = (int)(fs_put_u64(out + len, ip) - out);
	out[len++] = '.';
	{
		/* The six decimals: digits8's last six of eight. */
		uint64_t w = digits8(frac) + 0x3030303030303030ULL;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		memcpy(out + len, (const char *)&w + 2, 6);
#else
		for (s = 0; s < 6; s++)
			out[len + s] = (char)(w >> (8 * (s + 2)));
#endif
	}
	return len + 6;
}

int
fs_fmt_e(char *out, double v, int prec)
{
	char g[FS_FMT_MAX + 1], dig[24];
	const char *s = g;
	int n, nd = 0, before = 0, zeros = 0, point = 0, x, o = 0, k;

	if (prec < 0 || prec > 20 || v == 0 || !isfinite(v) ||
	    (n = fs_fmt_g_ld(g, (long double)v, prec + 1)) < 0)
		return -1;
	g[n] = '\0';
	if (*s == '-')
		out[o++] = *s++;
	/* The significant digits, and the exponent: given, or where the
	 * point stands among them. */
	for (; *s && *s != 'e'; s++)
		if (*s == '.')
			point = 1;
		else if (!nd && *s == '0')
			zeros += point;
		else if (nd < prec + 1) {
			dig[nd++] = *s;
			before += !point;
		} else
			return -1;
	if (!nd)
		return -1;
	x = *s == 'e' ? atoi(s + 1) : before ? before - 1 : -(zeros + 1);
	while (nd < prec + 1)
		dig[nd++] = '0';
	out[o++] = dig[0];
	if (prec) {
		out[o++] = '.';
		memcpy(out + o, dig + 1, (size_t)prec);
		o += prec;
	}
	out[o++] = 'e';
	out[o++] = x < 0 ? '-' : '+';
	x = abs(x);
	k = x >= 100 ? 3 : 2;
	for (n = k; n-- > 0; x /= 10)
		out[o + n] = (char)('0' + x % 10);
	return o + k;
}

int
fs_fmt_fixed6(char *out, double v)
{
	uint64_t bits, m;
	int ex;

	memcpy(&bits, &v, 8);
	ex = (int)(bits >> 52) & 0x7ff;
	if (ex >= 1023 + 63)
		return isinf(v) ? put_str(out, v > 0 ? "inf" : "-inf") : -1;
	m = bits & ((1ULL << 52) - 1);
	if (ex)
		m |= 1ULL << 52;
	return fixed6(out, (int)(bits >> 63), m, 1075 - (ex ? ex : 1));
}

/* The same for a long double (printf("%.6Lf")): fs-explain writes a few
 * per step of a path. */
int
fs_fmt_fixed6_ld(char *out, long double v)
{
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	uint64_t m;
	unsigned se = x87_parts(v, &m);
	int ex = se & 0x7fff;

	if (ex >= 16383 + 63)
		return isinf(v) ? put_str(out, v > 0 ? "inf" : "-inf") : -1;
	return fixed6(out, se >> 15, m, 16383 + 63 - (ex ? ex : 1));
#else
	(void)out;
	(void)v;
	return -1;
#endif
}

/* The memo: a value's significant bytes (an x87 long double's 10; a
 * double's 8, kept in the long double's place), compared as bits. */
#define MEMO_LD_BYTES (LDBL_MANT_DIG == 64 ? 10 : sizeof(long double))

static int
memo_hit(const struct fs_fmt_memo *m, char *out, const void *v, size_t n)
{
	if (!m->set || memcmp(&m->v, v, n))
		return -1;
	memcpy(out, m->text, sizeof(m->text));	/* out has room */
	return m->len;
}

static int
memo_keep(struct fs_fmt_memo *m, const char *out, int n, const void *v,
	  size_t vn)
{
	m->set = n >= 0 && (size_t)n <= sizeof(m->text);
	if (m->set) {
		memcpy(m->text, out, sizeof(m->text));	/* out has room */
		m->len = n;
		memcpy(&m->v, v, vn);
	}
	return n;
}

/* Through the memo: a long double writer, a double writer. */
static int
memo_ld(struct fs_fmt_memo *m, char *out, long double v,
	int (*fmt)(char *, long double))
{
	int n = memo_hit(m, out, &v, MEMO_LD_BYTES);

	return n >= 0 ? n : memo_keep(m, out, fmt(out, v), &v, MEMO_LD_BYTES);
}

static int
memo_double(struct fs_fmt_memo *m, char *out, double v,
	    int (*fmt)(char *, double))
{
	int n = memo_hit(m, out, &v, sizeof(v));

	return n >= 0 ? n : memo_keep(m, out, fmt(out, v), &v, sizeof(v));
}

int
fs_memo_ld(struct fs_fmt_memo *m, char *out, long double v)
{
	return memo_ld(m, out, v, fs_fmt_ld);
}

int
fs_memo_fixed6_ld(struct fs_fmt_memo *m, char *out, long double v)
{
	return memo_ld(m, out, v, fs_fmt_fixed6_ld);
}

int
fs_memo_double(struct fs_fmt_memo *m, char *out, double v)
{
	return memo_double(m, out, v, fs_fmt_double);
}

int
fs_memo_fixed6(struct fs_fmt_memo *m, char *out, double v)
{
	return memo_double(m, out, v, fs_fmt_fixed6);
}

uint64_t
fs_ld_u64(long double v)
{
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
	uint64_t m;
	int ex;

	if (v >= 18446744073709551615.0L)
		return UINT64_MAX;
	if (!(v >= 1))
		return v >= 0 ? 0 : (uint64_t)v;
	/* 1 <= v < 2^64: m * 2^(ex - 63) with 0 <= ex <= 63, truncated. */
	ex = (int)(x87_parts(v, &m) & 0x7fff) - 16383;
	return m >> (63 - ex);
#else
	return v >= 18446744073709551615.0L ? UINT64_MAX : (uint64_t)v;
#endif
}

char *
fs_put_u64(char *out, uint64_t v)
{
	static const char pairs[] = "00010203040506070809"
				    "10111213141516171819"
				    "20212223242526272829"
				    "30313233343536373839"
				    "40414243444546474849"
				    "50515253545556575859"
				    "60616263646566676869"
				    "70717273747576777879"
				    "80818283848586878889"
				    "90919293949596979899";
	uint64_t t;
	char *p, *end;

	/* Straight to out from the last digit, two a step, their number
	 * counted first (no copy of a length known only at run time: a
	 * page's million counts and ranks). */
	for (p = out + 1, t = v; t >= 10; t /= 10)
		p++;
	end = p;
	for (; v >= 100; v /= 100) {
		p -= 2;
		memcpy(p, pairs + 2 * (v % 100), 2);
	}
	if (v >= 10)
		memcpy(p - 2, pairs + 2 * v, 2);
	else
		p[-1] = (char)('0' + v);
	return end;
}

char *
fs_put_ll(char *out, long long v)
{
	if (v < 0) {
		*out++ = '-';
		return fs_put_u64(out, 0 - (unsigned long long)v);
	}
	return fs_put_u64(out, (uint64_t)v);
}

void
fs_buf_ll(struct fs_buf *b, long long v)
{
	fs_buf_grow(b, 24);
	b->len = (size_t)(fs_put_ll(b->data + b->len, v) - b->data);
	b->data[b->len] = '\0';
}

void
fs_buf_ld(struct fs_buf *b, long double v)
{
	fs_buf_grow(b, FS_FMT_MAX);
	b->len += (size_t)fs_fmt_ld(b->data + b->len, v);
	b->data[b->len] = '\0';
}

void
fs_buf_double(struct fs_buf *b, double v)
{
	fs_buf_grow(b, FS_FMT_MAX);
	b->len += (size_t)fs_fmt_double(b->data + b->len, v);
	b->data[b->len] = '\0';
}

/*
 * Reading numbers fast: strtold was the largest cost of reading a tree. A
 * decimal is N * 10^-k (digits, an optional point and digits, an optional
 * exponent: k counts the digits after the point less the exponent). When
 * N < 2^64 and 0 <= k <= 19, both are exact in the x87 long double
 * (5^19 < 2^64), so one division rounds once, to the value strtold gives
 * (Clinger's fast path); with -27 <= k < 0 and N < 2^64, one product does
 * (10^27 = 5^27 * 2^27, 5^27 < 2^64). Up to 21 significant digits (what
 * fs_buf_ld writes; leading zeros do not count):
 *   0 < k <= 26: N / 10^k = (N * 2^t / 5^k) * 2^-(t+k), and with N * 2^t
 *   below 2^128 the quotient by 5^k (< 2^61) is an exact 128-bit integer
 *   division whose quotient has 67 bits or more (on x86-64, with t
 *   such that the quotient is the 64-bit mantissa, one divq instruction);
 *   k <= 0: N * 10^-k = (N * 5^-k) * 2^-k, exact in 128 bits while it
 *   fits;
 *   26 < k <= 51 (below about 1e-7 at 21 digits): the same quotient by
 *   5^k (< 2^119), guessed in long double and made exact by its
 *   remainder, computed modulo 2^128 (ld_from_small_decimal);
 * the low bits of either (and the remainder) round it to 64 bits, half to
 * even, as strtold does. Everything else (more digits, larger exponents,
 * hex, nan) takes the general path, which also words the errors.
 * tests/unit/decay.c and tests/unit/roundtrip.c compare it with strtold.
 */
#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
#define FAST_LD 1

static int
bits128(unsigned __int128 x)
{
	uint64_t hi = (uint64_t)(x >> 64);

	return hi ? 128 - __builtin_clzll(hi)
		  : (uint64_t)x ? 64 - __builtin_clzll((uint64_t)x) : 0;
}

/* mant * 2^(e - 63): the mantissa's top bit is 2^63, e within the
 * normal range. */
static long double
ld_make(uint64_t mant, int e)
{
	unsigned char raw[sizeof(long double)];
	uint16_t ex = (uint16_t)(16383 + e);
	long double v;

	memset(raw, 0, sizeof(raw));
	memcpy(raw, &mant, 8);
	memcpy(raw + 8, &ex, 2);
	memcpy(&v, raw, sizeof(v));
	return v;
}

/* q * 2^e2 rounded to 64 bits, half to even (sticky: bits already
 * dropped below q were not all zero); q has more than 64 bits. */
static long double
ld_round(unsigned __int128 q, int sticky, int e2)
{
	int shift = bits128(q) - 64;
	uint64_t mant = (uint64_t)(q >> shift);
	unsigned __int128 rem = q & (((unsigned __int128)1 << shift) - 1);
	unsigned __int128 half = (unsigned __int128)1 << (shift - 1);

	if (rem > half || (rem == half && (sticky || (mant & 1)))) {
		if (++mant == 0) {
			mant = 1ULL << 63;
			shift++;
		}
	}
	/* mant * 2^(shift + e2) */
	return ld_make(mant, 63 + shift + e2);
}

/* 5^0 .. 5^27 (5^27 < 2^64). */
static const uint64_t pow5[28] = {
	1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL,
	390625ULL, 1953125ULL, 9765625ULL, 48828125ULL, 244140625ULL,
	1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
	762939453125ULL, 3814697265625ULL, 19073486328125ULL,
	95367431640625ULL, 476837158203125ULL, 2384185791015625ULL,
	11920928955078125ULL, 59604644775390625ULL, 298023223876953125ULL,
	1490116119384765625ULL, 7450580596923828125ULL};

/* N * 10^-k correctly rounded; 0 < N < 2^70, k <= 26. 0 when it cannot
 * (the product does not fit), with *v untouched. */
static int
ld_from_decimal(unsigned __int128 n, int k, long double *v)
{
	uint64_t p5 = pow5[k < 0 ? -k : k];
	unsigned __int128 num;
	int t;

	if (k <= 0) {
		/* N * 5^-k * 2^-k, exact when it fits. */
		if (bits128(n) + bits128(p5) > 128)
			return 0;
		num = n * p5;
		if (bits128(num) <= 64) {
			*v = (long double)(uint64_t)num * ldexpl(1, -k);
			return 1;
		}
		*v = ld_round(num, 0, -k);
		return 1;
	}
#ifdef __x86_64__
	/* A = N * 2^t with 2^63 * 5^k <= A < 2^64 * 5^k: the quotient by
	 * 5^k is the 64-bit mantissa, one divq (the compiler's 128-bit
	 * division is a call to libgcc). 5^k is odd, so the remainder R is
	 * never half of it: up when 2R > 5^k. */
	t = 63 + bits128(p5) - bits128(n);
	if (t >= 0) {
		uint64_t q, r;

		num = n << t;
		if (num < (unsigned __int128)p5 << 63)
			num <<= 1, t++;
		__asm__("divq %4" : "=a"(q), "=d"(r)
			: "a"((uint64_t)num), "d"((uint64_t)(num >> 64)),
			  "rm"(p5));
		if (2 * r > p5 && ++q == 0) {
			q = 1ULL << 63;
			t--;
		}
		*v = ld_make(q, 63 - t - k);
		return 1;
	}
#endif
	t = 128 - bits128(n);
	num = n << t;
	*v = ld_round(num / p5, num % p5 != 0, -t - k);
	return 1;
}

/* N * 10^-k correctly rounded for 26 < k <= 51; 0 < N < 2^70. With
 * D = 5^k < 2^119 and A = N * 2^s of bits(D) + 67 bits, Q = A / D lies in
 * [2^66, 2^68). Three roundings in long double guess Q within
 * 2^68 * 3 * 2^-64 + 1 (49); the remainder R = A - Q * D is then below
 * 2^125 in magnitude, so computed modulo 2^128 (A's low 128 bits less
 * Q * D's) it is exact as a signed number, and steps of D make
 * 0 <= R < D: Q and R exact. */
static int
ld_from_small_decimal(unsigned __int128 n, int k, long double *v)
{
	unsigned __int128 d = (unsigned __int128)pow5[27] * pow5[k - 27];
	unsigned __int128 a, q;
	long double g;
	uint64_t hi;
	__int128 r;
	int s, i;

	s = bits128(d) + 67 - bits128(n);
	a = s < 128 ? n << s : 0;
	/* The guess, below 2^60 after 2^-8, split to convert it. */
	g = ((long double)(uint64_t)(n >> 64) * 0x1p64L +
	     (long double)(uint64_t)n) /
	    ((long double)pow5[27] * (long double)pow5[k - 27]) *
	    ld_make(1ULL << 63, s - 8);
	hi = (uint64_t)g;
	q = ((unsigned __int128)hi << 8) + (uint64_t)((g - hi) * 256);
	r = (__int128)(a - q * d);
	for (i = 0; i < 128 && r < 0; i++, q--)
		r += (__int128)d;
	for (; i < 128 && r >= (__int128)d; i++, q++)
		r -= (__int128)d;
	if (i == 128)
		return 0;
	*v = ld_round(q, r != 0, -s - k);
	return 1;
}

/* The value of 8 ASCII digits at s, 8 bytes read at once: digit pairs,
 * then quadruples, then both halves joined, a multiplication each. */
static inline uint64_t
digits8_value(const char *s)
{
	uint64_t v;

	memcpy(&v, s, 8);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	v = __builtin_bswap64(v);
#endif
	v -= 0x3030303030303030ULL;
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffULL;
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffULL;
	return (v * 10000 + (v >> 32)) & 0xffffffffULL;
}

/* n * 10^c + the c digits at s (the result below 2^64). */
static inline uint64_t
add_digits(uint64_t n, const char *s, int c)
{
	for (; c >= 8; s += 8, c -= 8)
		n = n * 100000000 + digits8_value(s);
	for (; c > 0; c--)
		n = n * 10 + (unsigned)(*s++ - '0');
	return n;
}

/* 1 when s is a plain decimal (an exponent allowed) read into *v, 0 when
 * the general path must read it. */
static int
parse_decimal_fast(const char *s, long double *v)
{
	static const long double p10[28] = {
		1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L,
		1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L,
		1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};
	const char *p = s, *ip, *fp = NULL;
	uint64_t n64 = 0;
	unsigned __int128 n = 0;
	unsigned d;
	int ni, nf = 0, nd, c, k = 0, x = 0, xd = 0, xneg = 0;

	/* N's digits: ni in the whole part from ip, leading zeros left out,
	 * nf after the point from fp, read into 64 bits in one pass (right
	 * when there are at most 19 from the first that is not 0). */
	while (*p == '0')
		p++;
	for (ip = p; (d = (unsigned char)(*p - '0')) < 10; p++)
		n64 = n64 * 10 + d;
	ni = (int)(p - ip);
	if (*p == '.' && p > s && p[1] >= '0' && p[1] <= '9') {
		for (fp = ++p; (d = (unsigned char)(*p - '0')) < 10; p++)
			n64 = n64 * 10 + d;
		nf = k = (int)(p - fp);
		if (k > 4096)
			return 0;
		if (!ni)
			while (*fp == '0')
				fp++, nf--;
	}
	if (p == s)
		return 0;	/* no digit */
	nd = ni + nf;
	if (nd > 19) {
		/* 20 or 21 digits: again, the first 19 in 64 bits 8 at a
		 * time, the rest in 128. */
		const char *r;

		if (nd > 21)
			return 0;
		c = ni < 19 ? ni : 19;
		n64 = add_digits(add_digits(0, ip, c), fp, 19 - c);
		n = n64;
		r = ni > 19 ? ip + 19 : fp + (19 - ni);
		for (c = 19; c < nd; c++, r++) {
			if (r == ip + ni)
				r = fp;	/* over the point */
			n = n * 10 + (unsigned)(*r - '0');
		}
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '-' || *p == '+')
			xneg = *p++ == '-';
		for (; *p >= '0' && *p <= '9' && xd < 5; p++, xd++)
			x = x * 10 + (*p - '0');
		if (!xd)
			return 0;
		k += xneg ? x : -x;
	}
	if (*p)
		return 0;
	if (nd <= 19) {
		if (n64 == 0) {
			*v = 0;
			return 1;
		}
		if (k >= 0 && k <= 19) {
			*v = k ? (long double)n64 / p10[k] : (long double)n64;
			return 1;
		}
		if (k < 0 && k >= -27) {
			*v = (long double)n64 * p10[-k];
			return 1;
		}
		n = n64;
	}
	if (k > 26 && k <= 51)
		return ld_from_small_decimal(n, k, v);
	return k <= 26 && k >= -27 && ld_from_decimal(n, k, v);
}
#else
static int
parse_decimal_fast(const char *s, long double *v)
{
	(void)s;
	(void)v;
	return 0;
}
#endif

/* Whether s is a plain decimal, what strtold reads as we mean it:
 * digits, one optional point, an optional exponent; no sign, space, hex,
 * nan or inf. */
static int
plain_decimal(const char *s)
{
	const char *p;
	int digits = 0;

	for (p = s; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (digits && (*p == 'e' || *p == 'E')) {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			digits = 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return digits && !*p;
}

int
fs_parse_usage(const char *s, const char *col, long double *v,
	       struct fs_err *e, unsigned long line)
{
	char *end;

	if (parse_decimal_fast(s, v))
		return 0;
	if (*s == '-')
		return fs_error(e, line, "column '%s': negative: '%s'", col, s);
	if (!plain_decimal(s)) {
		if (!strcasecmp(s, "inf") || !strcasecmp(s, "infinity"))
			return fs_error(e, line, "column '%s': infinite: '%s'",
					col, s);
		return fs_error(e, line, "column '%s': not a number: '%s'",
				col, s);
	}
	errno = 0;
	*v = strtold(s, &end);
	if (isinf(*v))
		return fs_error(e, line, "column '%s': too large: '%s'", col,
				s);
	return 0;
}

int
fs_parse_ld(const char *s, long double *v)
{
	char *end;

	if (parse_decimal_fast(s + (*s == '-'), v)) {
		if (*s == '-')
			*v = -*v;
		return 0;
	}
	if (!strcmp(s, "inf")) {
		*v = INFINITY;
		return 0;
	}
	if (!*s)
		return -1;
	*v = strtold(s, &end);
	return *end || isnan(*v) ? -1 : 0;
}

int
fs_parse_nonneg(const char *s, double *v)
{
	long double l;
	struct fs_err e;

	if (fs_parse_usage(s, "", &l, &e, 0) < 0 || l > DBL_MAX)
		return -1;
	*v = (double)l;
	return 0;
}
