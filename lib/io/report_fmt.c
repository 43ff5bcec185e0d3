/*
 * report_fmt.c: what fs-report's renderers share, below all of them: the
 * display rounding of a service value, usage in hours and escaping for each
 * format.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"

int
fs_report_flush(struct fs_buf *b, FILE *out, size_t at, int *failed)
{
	if (*failed || b->len < at)
		return -*failed;
	if (fs_write_all(out, b->data, b->len) < 0)
		*failed = 1;
	b->len = 0;
	return -*failed;
}

#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
#define X87 1
/* An x87 long double's bits: its 64-bit mantissa (integer bit included)
 * into *m; returned, its sign (bit 15) and biased exponent (bits 0-14).
 * Deciding on these rather than comparing long doubles keeps a value out
 * of the x87 unit, whose 80-bit loads and stores are slow. */
static inline unsigned
ld_bits(const long double *v, uint64_t *m)
{
	uint16_t se;

	memcpy(m, v, 8);
	memcpy(&se, (const char *)v + 8, 2);
	return se;
}
#else
#define X87 0
#endif

/* A positive normal long double's bits as one number that orders as the
 * values do. */
#define LD_KEY(se, m) ((unsigned __int128)(se) << 64 | (m))

#if X87
/* printf("%.*Lf", d, v) straight from x87's bits (m, se) for 0 <= v <
 * 2^63: v = m * 2^-s, so v * 10^d = m * 10^d * 2^-s is cut into its
 * whole part and the rest in one 128-bit product, rounded on the rest;
 * 1 when written, 0 for the slower way (other values, exact halves). The
 * parts of the cluster and the hours of a million associations are most
 * of the page's numbers. */
static inline __attribute__((always_inline)) int
fixed_bits(struct fs_buf *b, uint64_t m, unsigned se, int d)
{
	static const uint32_t p10[6] = {1, 10, 100, 1000, 10000, 100000};
	unsigned __int128 n, rest, half;
	uint64_t q, whole, frac;
	uint64_t t;
	size_t len;
	int s, k;
	char *o;

	/* Normal, positive, below 2^63 (exponent under 63). */
	if ((se & 0x8000) || !(se & 0x7fff) || !(m >> 63) ||
	    (se & 0x7fff) >= 16383 + 63)
		return 0;
	s = 16383 + 63 - (se & 0x7fff);
	n = (unsigned __int128)m * p10[d];	/* below 2^81 */
	if (s >= 128) {
		q = 0;	/* below 2^81 / 2^128: far under half */
	} else {
		if ((n >> s) >> 64)
			return 0;
		q = (uint64_t)(n >> s);
		rest = n & (((unsigned __int128)1 << s) - 1);
		half = (unsigned __int128)1 << (s - 1);
		if (rest == half)
			return 0;	/* printf's tie */
		q += rest > half;
	}
	whole = q / p10[d];
	frac = q - whole * p10[d];
	/* Straight into the buffer from the last digit, their number
	 * counted first: digits stored a byte at a time and read back
	 * together would wait for each other. */
	for (len = 1 + (d ? d + 1 : 0), t = whole; t >= 10; t /= 10)
		len++;
	if (b->cap - b->len <= len)
		fs_buf_grow(b, len);
	o = b->data + b->len + len;
	*o = '\0';
	for (k = 0; k < d; k++) {
		*--o = (char)('0' + frac % 10);
		frac /= 10;
	}
	if (d)
		*--o = '.';
	do {
		*--o = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole);
	b->len += len;
	return 1;
}
#endif

/* printf("%.*Lf", d, v) for d from 0 to 5: fixed_bits, else through the
 * number codec's %.6Lf (fs_fmt_fixed6_ld), rounded on: the same digits,
 * since v and its six decimals are within half a millionth and no
 * rounding point of d decimals lies between them unless the cut digits
 * are 5 then zeros (then printf decides). */
static __attribute__((noinline)) void
fixed_slow(struct fs_buf *b, long double v, int d)
{
	char s[FS_FMT_MAX + 1], *t = s + 1, *p;
	int n, end, k;

	n = v >= 0 ? fs_fmt_fixed6_ld(t, v) : -1;

	if (n >= 0) {
		end = n - 6 + d - (d == 0);	/* after the last digit kept */
		for (k = end + (d == 0); k < n; k++)
			if (t[k] != (k == end + (d == 0) ? '5' : '0'))
				break;
		if (k == n)
			n = -1;	/* exactly half: printf's tie */
	}
	if (n < 0) {
		fs_buf_printf(b, "%.*Lf", d, v);
		return;
	}
	s[0] = '0';
	if (t[end + (d == 0)] >= '5')	/* above half: round up */
		for (p = t + end - 1;; p--) {
			if (*p == '.')
				continue;
			if (*p != '9') {
				++*p;
				break;
			}
			*p = '0';
		}
	p = s[0] == '1' ? s : t;
	fs_buf_add(b, p, (size_t)(t + end - p));
}

/* fixed_bits with d a constant where it is called: its divisions by 10^d
 * are then multiplications. */
static inline __attribute__((always_inline)) void
fmt_fixed(struct fs_buf *b, long double v, int d)
{
#if X87
	uint64_t m;
	unsigned se = ld_bits(&v, &m);

	if (fixed_bits(b, m, se, d))
		return;
#endif
	fixed_slow(b, v, d);
}

void
fs_report_fmt_fixed(struct fs_buf *b, long double v, int d)
{
	switch (d) {
	case 0:
		fmt_fixed(b, v, 0);
		break;
	case 2:
		fmt_fixed(b, v, 2);
		break;
	default:
		fmt_fixed(b, v, d);
	}
}

#if X87
/* 10^p for p from 0 to 19, as 10^(5 * (p / 5)) * 10^(p % 5). */
static inline uint64_t
pow10_u64(int p)
{
	static const uint64_t hi[4] = {1, 100000, 10000000000ULL,
				       1000000000000000ULL};
	static const uint32_t lo[5] = {1, 10, 100, 1000, 10000};

	return hi[p / 5] * lo[p % 5];
}

/* printf("%.4Lg", v)'s 4 digits into d and the decimal exponent of the
 * first into *x, for a normal v from about 1e-16 up to 2^63, straight
 * from x87's bits (m, se): v = m * 2^e, 10^k <= v < 2 * 10^(k + 1), so
 * q = v * 10^(3 - k) has 4 or 5 digits, made in one 128-bit product (k
 * <= 3) or one 64-bit division (k > 3, where m over 10^(k - 3) * 2^-e is
 * exact), then rounded on what was cut. 1 when made, 0 for the slower
 * way (other values, and exact halves, where printf decides). Every
 * Level FS of a big tree's HTML page goes through here. */
static inline int
g4_digits(uint64_t m, unsigned se, char d[4], int *x)
{
	uint64_t q, cut;
	int e, k, p, s, above, exact, nonzero;

	if ((se & 0x8000) || !(se & 0x7fff) || !(m >> 63))
		return 0;
	e = (int)(se & 0x7fff) - 16383 - 63;
	if (e >= 0)
		return 0;
	s = -e;
	/* floor((63 + e) * log10(2)): 10^k <= 2^(63 + e) <= v. */
	k = (int)(((int64_t)(63 + e) * 169464822037455LL) >> 49);
	p = 3 - k;
	if (p > 19 || p < -19)
		return 0;
	if (p >= 0) {
		unsigned __int128 n = (unsigned __int128)m * pow10_u64(p);
		unsigned __int128 rest, half;

		if (s >= 128)
			return 0;
		q = (uint64_t)(n >> s);
		rest = n & (((unsigned __int128)1 << s) - 1);
		half = (unsigned __int128)1 << (s - 1);
		above = rest > half;
		exact = rest == half;
		nonzero = rest != 0;
	} else {
		unsigned __int128 den = (unsigned __int128)pow10_u64(-p) << s;
		uint64_t rest;

		/* den is even (10^-p with -p >= 1): its half is exact. */
		if (s >= 64 || den >> 64)
			return 0;
		q = m / (uint64_t)den;
		rest = m - q * (uint64_t)den;
		above = rest > (uint64_t)den / 2;
		exact = rest == (uint64_t)den / 2;
		nonzero = rest != 0;
	}
	if (q < 1000 || q >= 20000)
		return 0;	/* not the range shown above: never */
	if (q >= 10000) {
		/* Five digits: the fifth and the rest are cut. */
		cut = q % 10;
		q /= 10;
		k++;
		if (cut == 5 && !nonzero)
			return 0;	/* a tie */
		q += cut >= 5;
	} else {
		if (exact)
			return 0;	/* a tie */
		q += above;
	}
	if (q == 10000) {
		q = 1000;
		k++;
	}
	d[0] = (char)('0' + q / 1000);
	d[1] = (char)('0' + q / 100 % 10);
	d[2] = (char)('0' + q / 10 % 10);
	d[3] = (char)('0' + q % 10);
	*x = k;
	return 1;
}
#endif

/* %.4g's text from its 4 digits d and the decimal exponent x of the
 * first: fixed from 1e-4 up to 1e4, else an exponent; trailing zeros
 * dropped. */
static void
put_g4(struct fs_buf *b, const char d[4], int x)
{
	char *o;
	int k, last, ax;

	for (last = 3; last > 0 && d[last] == '0'; last--)
		;
	fs_buf_grow(b, 16);
	o = b->data + b->len;
	if (x < -4 || x >= 4) {
		*o++ = d[0];
		if (last > 0) {
			*o++ = '.';
			for (k = 1; k <= last; k++)
				*o++ = d[k];
		}
		*o++ = 'e';
		*o++ = x < 0 ? '-' : '+';
		ax = x < 0 ? -x : x;
		if (ax >= 1000)
			*o++ = (char)('0' + ax / 1000);
		if (ax >= 100)
			*o++ = (char)('0' + ax / 100 % 10);
		*o++ = (char)('0' + ax / 10 % 10);
		*o++ = (char)('0' + ax % 10);
	} else if (x >= 0) {
		for (k = 0; k <= x; k++)
			*o++ = d[k];
		if (last > x) {
			*o++ = '.';
			for (; k <= last; k++)
				*o++ = d[k];
		}
	} else {
		*o++ = '0';
		*o++ = '.';
		for (k = x; k < -1; k++)
			*o++ = '0';
		for (k = 0; k <= last; k++)
			*o++ = d[k];
	}
	b->len = (size_t)(o - b->data);
	b->data[b->len] = '\0';
}

/* printf("%.4Lg", v) for a finite v > 0 that g4_digits leaves: the number codec's
 * fs_fmt_g_ld, else (far magnitudes) through its %.21Lg (fs_fmt_ld),
 * rounded on to 4 digits: v and its 21 digits are within half a unit of
 * the 21st, and no rounding point of 4 digits lies between them unless
 * the cut digits are 5 then zeros (then printf decides, half to even). */
static __attribute__((noinline)) void
fmt_g4(struct fs_buf *b, long double v)
{
	char s[FS_FMT_MAX + 1], d[4];
	const char *p, *end, *pt, *f;
	int n, x, nd = 0, up, k;

	if ((n = fs_fmt_g_ld(s, v, 4)) >= 0) {
		fs_buf_add(b, s, (size_t)n);
		return;
	}
	n = fs_fmt_ld(s, v);
	s[n] = '\0';
	if (!(end = memchr(s, 'e', (size_t)n)))
		end = s + n;
	if (!(pt = memchr(s, '.', (size_t)(end - s))))
		pt = end;
	/* x: the decimal exponent of the first significant digit, f. */
	for (f = s; f < end && (*f == '0' || *f == '.'); f++)
		;
	x = f < pt ? (int)(pt - f) - 1 : (int)(pt - f);
	if (*end == 'e')
		x += atoi(end + 1);
	for (p = f; p < end && nd < 4; p++)
		if (*p != '.')
			d[nd++] = *p;
	while (nd < 4)
		d[nd++] = '0';
	/* The cut digits: above half, below, or exactly half. */
	while (p < end && *p == '.')
		p++;
	if (p == end || *p < '5')
		up = 0;
	else if (*p > '5')
		up = 1;
	else {
		for (p++; p < end && (*p == '0' || *p == '.'); p++)
			;
		if (p == end) {
			fs_buf_printf(b, "%.4Lg", v);	/* a tie */
			return;
		}
		up = 1;
	}
	if (up) {
		for (k = 3; k >= 0 && d[k] == '9'; k--)
			d[k] = '0';
		if (k >= 0)
			d[k]++;
		else {
			d[0] = '1';
			x++;
		}
	}
	put_g4(b, d, x);
}

static __attribute__((noinline)) void
service_slow(struct fs_buf *b, const long double *v)
{
	if (*v < 0)
		fs_buf_addch(b, '-');
	else if (isinf(*v))
		fs_buf_addstr(b, "inf");
	else if (*v == 0)
		fs_buf_addch(b, '0');
	else
		fmt_g4(b, *v);
}

/* Decided on v's bits where it is an x87 number (the rest apart, so that
 * v is never copied through the x87 unit): a million of them make an
 * HTML page. */
void
fs_report_fmt_service(struct fs_buf *b, long double v)
{
#if X87
	uint64_t m;
	unsigned se = ld_bits(&v, &m);
	char d[4];
	int x;

	if (g4_digits(m, se, d, &x)) {
		put_g4(b, d, x);
		return;
	}
	if (se == 0x7fff && m == 1ULL << 63) {
		fs_buf_addstr(b, "inf");
		return;
	}
#endif
	service_slow(b, &v);
}

static __attribute__((noinline)) void
hours_slow(struct fs_buf *b, const long double *seconds)
{
	long double h = *seconds / 3600;

	if (h == 0)
		fs_buf_addch(b, '0');
	else if (h < 0.01L)
		fs_buf_addstr(b, "<0.01");
	else if (h < 100)
		fmt_fixed(b, h, 2);
	else if (h < 1e15L)
		fmt_fixed(b, h, 0);
	else
		fmt_g4(b, h);
}

#if X87
/* seconds / 3600 as the x87 unit divides (64-bit mantissa, rounded to
 * nearest, ties to even) from the bits (m, se) of a positive normal
 * seconds, into *hm; returned, h's sign and exponent, or 0 where h would
 * not be normal. m * 2^64 / 3600 = q (116 or 117 bits) and r / 3600:
 * with m = hi * 3600 + lo and 2^64 = A * 3600 + B, q = hi * 2^64 + lo
 * * A + lo * B / 3600, every division by a constant (multiplications). A
 * value then never goes through the x87 unit, whose stores and reloads
 * cost most of this. */
static inline unsigned
hours_bits(uint64_t m, unsigned se, uint64_t *hm)
{
	const uint64_t A = UINT64_MAX / 3600, B = UINT64_MAX % 3600 + 1;
	uint64_t hi = m / 3600, lo = m % 3600, qlo, rest, half, r;
	int sh, e;

	/* 2^64 = A * 3600 + B with B = 2^64 mod 3600 (never 3600: 3600 does
	 * not divide 2^64). */
	qlo = lo * A + lo * B / 3600;
	r = lo * B % 3600;
	/* q = hi : qlo, hi of 52 or 53 bits: keep 64. */
	sh = 64 - __builtin_clzll(hi);	/* 52 or 53 */
	*hm = hi << (64 - sh) | qlo >> sh;
	rest = qlo & ((1ULL << sh) - 1);
	half = 1ULL << (sh - 1);
	if (rest > half || (rest == half && (r || (*hm & 1)))) {
		if (!++*hm) {
			*hm = 1ULL << 63;
			sh++;
		}
	}
	e = (int)se + sh - 64;
	return e >= 1 && e < 0x7fff ? (unsigned)e : 0;
}
#endif

/* RawUsage, CPU- or billing-seconds, as hours: two decimals while they
 * matter, whole hours above 100. Where seconds is a positive x87 number,
 * h is made (hours_bits) and placed among 0.01, 100 and 1e15 by its bits
 * (LD_KEY; tests/unit/report.c checks both against long doubles). */
void
fs_report_fmt_hours(struct fs_buf *b, long double seconds)
{
#if X87
	uint64_t sm, m;
	unsigned sse = ld_bits(&seconds, &sm), se;
	unsigned __int128 key;

	if (!sse && !sm) {
		fs_buf_addch(b, '0');
		return;
	}
	if (sse && sse < 0x7fff && (sm >> 63) &&
	    (se = hours_bits(sm, sse, &m))) {
		key = LD_KEY(se, m);
		if (key < LD_KEY(16383 - 7, 0xa3d70a3d70a3d70aULL))	/* 0.01 */
			fs_buf_addstr(b, "<0.01");
		else if (key < LD_KEY(16383 + 6, 100ULL << 57)) {	/* 100 */
			if (!fixed_bits(b, m, se, 2))
				hours_slow(b, &seconds);
		} else if (key < LD_KEY(16383 + 49,	/* 1e15 */
					1000000000000000ULL << 14)) {
			if (!fixed_bits(b, m, se, 0))
				hours_slow(b, &seconds);
		} else
			hours_slow(b, &seconds);
		return;
	}
#endif
	hours_slow(b, &seconds);
}

/* Bytes HTML text takes as they are: not NUL, not & < > " ', no control
 * characters. */
static const unsigned char html_plain[256] = {
	[' ' ... '!'] = 1, ['#' ... '%'] = 1, ['(' ... ';'] = 1, ['='] = 1,
	['?' ... '~'] = 1, [0x80 ... 0xff] = 1,
};

/* Runs of plain bytes are copied whole: a million names go through here,
 * most with nothing to escape, copied as they are checked (one pass) into
 * room made ahead, then the rest, if any, a run at a time. */
void
fs_buf_html(struct fs_buf *b, const char *s)
{
	const char *p;
	char *o, *lim;

	if (b->cap - b->len <= 64)
		fs_buf_grow(b, 64);
	o = b->data + b->len;
	lim = b->data + b->cap - 1;
	while (o < lim && html_plain[(unsigned char)*s])
		*o++ = *s++;
	b->len = (size_t)(o - b->data);
	*o = '\0';
	if (!*s)
		return;
	for (;; s++) {
		for (p = s; html_plain[(unsigned char)*p]; p++)
			;
		fs_buf_add(b, s, (size_t)(p - s));
		if (!*(s = p))
			return;
		switch (*s) {
		case '&':
			fs_buf_addstr(b, "&amp;");
			break;
		case '<':
			fs_buf_addstr(b, "&lt;");
			break;
		case '>':
			fs_buf_addstr(b, "&gt;");
			break;
		case '"':
			fs_buf_addstr(b, "&quot;");
			break;
		case '\'':
			fs_buf_addstr(b, "&#39;");
			break;
		default:
			/* Control characters are not allowed in HTML text. */
			fs_buf_addch(b, '?');
		}
	}
}

/* Backslash before the characters that mean something inside a line of
 * Markdown (names never start a line here), and before the HTML that
 * Markdown passes through: "\<script>" renders as text. */
void
fs_buf_markdown(struct fs_buf *b, const char *s)
{
	for (; *s; s++) {
		if (strchr("\\`*_[]<>|&~", *s))
			fs_buf_addch(b, '\\');
		fs_buf_addch(b, (unsigned char)*s < 0x20 || *s == 0x7f ? '?'
								       : *s);
	}
}

void
fs_buf_prom_label(struct fs_buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p)
		switch (*p) {
		case '\\':
			fs_buf_addstr(b, "\\\\");
			p++;
			break;
		case '"':
			fs_buf_addstr(b, "\\\"");
			p++;
			break;
		case '\n':
			fs_buf_addstr(b, "\\n");
			p++;
			break;
		default:
			if ((n = fs_utf8_len(p)) > 0) {
				fs_buf_add(b, p, n);
				p += n;
			} else {
				fs_buf_addstr(b, "\xef\xbf\xbd");
				p++;
			}
		}
}

/* Plain text keeps a mail reader's terminal safe from control bytes. */
