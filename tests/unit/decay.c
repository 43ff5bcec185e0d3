/*
 * decay.c: Slurm's decay factors (docs/slurm.md §4.1), their
 * composition, time strings and dates, the fast RawUsage reader and
 * writer against strtold and fs_buf_ld, and fs-decay's engine
 * (model/decay_stream.c): its plan from options and metadata, a tree
 * streamed and a replay written.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fs.h"
#include "tap.h"

static int
is17(double v, const char *want)
{
	char got[64];

	snprintf(got, sizeof(got), "%.17g", v);
	if (strcmp(got, want))
		printf("# got %s, want %s\n", got, want);
	return !strcmp(got, want);
}

static void
example8(void)
{
	static const struct {
		long long hl;
		const char *df, *cycle, *half;
	} t[] = {
		{604800, "0.99999885416666667", "0.99965630887839141",
		 "0.50007339715273758"},
		{86400, "0.99999197916666671", "0.99759663307196988",
		 "0.50007220587828072"},
		{3600, "0.99980749999999996", "0.9438806422256244",
		 "0.50004023699321476"},
	};
	struct fs_decay d = {0, 0};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		d.half_life = t[i].hl;
		ok(is17(fs_decay_df(t[i].hl), t[i].df), "df, hl %lld", t[i].hl);
		ok(is17(fs_decay_factor(&d, 300), t[i].cycle),
		   "pow(df, 300), hl %lld", t[i].hl);
		ok(is17(fs_decay_factor(&d, t[i].hl), t[i].half),
		   "pow(df, hl), hl %lld", t[i].hl);
	}
	/*
	 * docs/slurm.md §4.3 gives 300*0.99965630887839141*4 =
	 * 1199.5875706540697, the decimal product of the printed digits.
	 * Slurm computes it in double (run_delta * pow() rounded once, then
	 * times 4, exact): that double is the one 1199.5875706540697 reads
	 * back as, though %.17g writes it 1199.5875706540696 (its exact value
	 * is 1199.58757065406962...).
	 */
	d.half_life = 604800;
	ok(fs_decay_charge(&d, 300, 4) == strtod("1199.5875706540697", NULL)
	   && is17(fs_decay_charge(&d, 300, 4), "1199.5875706540696"),
	   "a 4-CPU job over one 300 s cycle adds 1199.5875706540697");
	ok(is17(300 * fs_decay_factor(&d, 300), "299.89689266351741"),
	   "run_delta * pow(df, run_delta) = 299.89689266351741");
	ok(fs_decay_factor(&d, 0) == 1, "no time, no decay");
	d.half_life = 0;
	ok(fs_decay_factor(&d, 604800) == 1 && fs_decay_df(0) == 1 &&
	   fs_decay_df(-5) == 1, "half-life <= 0: no decay");
	ok(fs_decay_charge(&d, 300, 4) == 1200, "half-life 0: charge 300*4");
	d.half_life = 60;
	ok(fs_decay_factor(&d, FS_DURATION_MAX) == DBL_MIN,
	   "clamped to DBL_MIN as Slurm does");
	d.half_life = 604800;
	d.exact = 1;
	ok(fs_decay_factor(&d, 604800) == 0.5 &&
	   fs_decay_factor(&d, 2 * 604800) == 0.25,
	   "--exact: one half-life is exactly one half");
}

static void
composition(void)
{
	static const long long hl[] = {3600, 86400, 604800, 2592000};
	static const long long t[][2] = {
		{300, 300}, {1, 604799}, {86400, 518400}, {3600, 7},
		{12345, 67890}, {604800, 604800}, {0, 300}};
	struct fs_decay d = {0, 0};
	size_t i, j;
	int x, bad;
	double a, b, rel, worst;

	for (x = 0; x < 2; x++) {
		d.exact = x;
		bad = 0;
		worst = 0;
		for (i = 0; i < sizeof(hl) / sizeof(*hl); i++)
			for (j = 0; j < sizeof(t) / sizeof(*t); j++) {
				d.half_life = hl[i];
				a = fs_decay_factor(&d, t[j][0]) *
				    fs_decay_factor(&d, t[j][1]);
				b = fs_decay_factor(&d, t[j][0] + t[j][1]);
				rel = fabs(a - b) / b;
				if (rel > worst)
					worst = rel;
				bad += rel > 1e-12;
			}
		ok(!bad, "%s: decay by t1 then t2 = decay by t1+t2 "
		   "(worst relative difference %.3g)",
		   x ? "exact" : "slurm", worst);
	}
}

static void
durations(void)
{
	static const struct {
		const char *s;
		long long secs;
		int slurm;
	} good[] = {
		{"7d", 604800, 0}, {"36h", 129600, 0}, {"15m", 900, 0},
		{"90s", 90, 0}, {"2w", 1209600, 0}, {"0s", 0, 0},
		{"5", 300, 1}, {"0", 0, 1}, {"5:30", 330, 1},
		{"1:00:00", 3600, 1}, {"1-0", 86400, 1}, {"7-0", 604800, 1},
		{"1-2:30", 95400, 1}, {"1-2:3:4", 93784, 1},
		{"0:90", 90, 1}, {"10080", 604800, 1},
	};
	static const struct {
		const char *s, *msg;
	} bad[] = {
		{"7x", "unknown unit 'x' in '7x' (s, m, h, d or w)"},
		{"-3d", "negative time: '-3d' (a time span is never negative "
			"or signed)"},
		{"", "empty time: expected minutes, M:S, H:M:S, D-H, D-H:M, "
		     "D-H:M:S, or a number with a unit s, m, h, d or w, such "
		     "as 36h or 7d"},
		{"99999999999999999999d", "too large: '99999999999999999999d' "
		 "(at most 10000 years)"},
		{"5300000000w", "too large: '5300000000w' (at most 10000 "
		 "years)"},
		{"1:2:3:4", NULL}, {"5:", NULL}, {"1-2-3", NULL}, {"d", NULL},
		{"7dd", NULL}, {"1.5d", NULL}, {" 7d", NULL}, {"1-", NULL},
		{"INFINITE", "not a finite time: 'INFINITE'"},
	};
	struct fs_err e = {NULL, 0, ""};
	long long v;
	int slurm, r;
	size_t i;

	for (i = 0; i < sizeof(good) / sizeof(*good); i++) {
		r = fs_parse_duration(good[i].s, &v, &slurm, &e);
		ok(r == 0 && v == good[i].secs && slurm == good[i].slurm,
		   "duration '%s' = %lld s%s", good[i].s, good[i].secs,
		   good[i].slurm ? " (slurm.conf form)" : "");
	}
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		e.msg[0] = '\0';
		r = fs_parse_duration(bad[i].s, &v, &slurm, &e);
		ok(r < 0 && (!bad[i].msg || !strcmp(e.msg, bad[i].msg)),
		   "duration '%s' refused: %s", bad[i].s, e.msg);
	}
}

static void
dates(void)
{
	static const struct {
		const char *s;
		long long t;
	} good[] = {
		{"2026-11-25T08:00:00Z", 1795593600},
		{"2026-11-25", 1795564800},
		{"2026-11-25T08:00", 1795593600},
		{"2026-11-25T09:30:00+01:30", 1795593600},
		{"2026-11-25T03:00:00-05:00", 1795593600},
		{"2026-11-25 08:00:00", 1795593600},
		{"1970-01-01T00:00:00Z", 0},
		{"2024-02-29T00:00:00Z", 1709164800},
	};
	static const char *const bad[] = {
		"", "2026-02-30", "2026-13-01", "2026-11-25T25:00:00Z",
		"2026-11-25T08:00:00Y", "26-11-25", "2026-11-25T8:00",
		"2025-02-29", "now",
	};
	struct fs_err e = {NULL, 0, ""};
	long long t;
	size_t i;

	setenv("TZ", "UTC", 1);
	tzset();
	for (i = 0; i < sizeof(good) / sizeof(*good); i++)
		ok(fs_parse_date(good[i].s, &t, &e) == 0 && t == good[i].t,
		   "date '%s' = %lld", good[i].s, good[i].t);
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		ok(fs_parse_date(bad[i], &t, &e) < 0, "date '%s' refused: %s",
		   bad[i], e.msg);
}

/* Slurm's time forms (sbatch --begin, sacct -S) at a fixed now:
 * Wednesday 2026-11-25 08:00:00 UTC. */
static void
whens(void)
{
	static const long long now = 1795593600, day = 1795564800;
	static const struct {
		const char *s;
		int past;
		long long t;
	} good[] = {
		{"now", 0, now},
		{"NOW", 0, now},
		{"now+2days", 0, now + 2 * 86400},
		{"now + 2 days", 0, now + 2 * 86400},
		{"now-1hour", 1, now - 3600},
		{"now+90", 0, now + 90},
		{"now+3minutes", 0, now + 180},
		{"now+1week", 0, now + 7 * 86400},
		{"now+2d", 0, now + 2 * 86400},
		{"now-36h", 1, now - 36 * 3600},
		{"today", 0, day},
		{"tomorrow", 0, day + 86400},
		{"midnight", 0, day + 86400},
		{"midnight", 1, day},
		{"noon", 0, day + 12 * 3600},
		{"noon", 1, day + 12 * 3600},
		{"elevenses", 0, day + 11 * 3600},
		{"fika", 0, day + 15 * 3600},
		{"teatime", 0, day + 16 * 3600},
		{"10:30", 0, day + 10 * 3600 + 1800},
		{"07:00", 0, day + 86400 + 7 * 3600},
		{"07:00", 1, day + 7 * 3600},
		{"7:00:30", 1, day + 7 * 3600 + 30},
		{"3:00pm", 0, day + 15 * 3600},
		{"3:00 PM", 0, day + 15 * 3600},
		{"12:00pm", 0, day + 12 * 3600},
		{"12:15am", 0, day + 86400 + 900},
		{"tomorrow noon", 0, day + 86400 + 12 * 3600},
		{"tomorrowT10:00", 0, day + 86400 + 10 * 3600},
		{"today teatime", 1, day + 16 * 3600},
		{"uts1795000000", 0, 1795000000},
		{"2026-11-20", 1, 1795132800},
		{"2026-11-20T08:00:00Z", 0, 1795161600},
	};
	static const char *const bad[] = {
		"", "now+", "now+2fortnights", "now*2", "yesterday", "25:00",
		"noonish", "13:00pm", "13:00am", "10:61", "uts12", "uts",
		"tomorrow 26:00", "2026-02-30", "now+99999999999999999999",
	};
	struct fs_err e = {NULL, 0, ""};
	long long t;
	size_t i;

	setenv("TZ", "UTC", 1);
	tzset();
	for (i = 0; i < sizeof(good) / sizeof(*good); i++) {
		int r;

		t = -1;
		e.msg[0] = '\0';
		r = fs_parse_when(good[i].s, now, good[i].past, &t, &e);
		ok(r == 0 && t == good[i].t, "time '%s'%s = %lld (got %lld%s%s)",
		   good[i].s, good[i].past ? " (past)" : "", good[i].t, t,
		   e.msg[0] ? ": " : "", e.msg);
	}
	for (i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		e.msg[0] = '\0';
		ok(fs_parse_when(bad[i], now, 0, &t, &e) < 0 && e.msg[0] &&
		   !strchr(e.msg, '\n'), "time '%s' refused: %s", bad[i], e.msg);
	}
}

/* xorshift: reproducible random bits. */
static uint64_t rnd_state = 88172645463325252ULL;

static uint64_t
rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state;
}

static int
same_text(long double v, unsigned long *bad)
{
	struct fs_buf a, b;
	char p[64];
	int same;

	fs_buf_init(&a);
	fs_buf_init(&b);
	fs_buf_ld(&a, v);
	fs_buf_ld(&b, v);
	snprintf(p, sizeof(p), "%.21Lg", v);
	same = v == 0 || !strcmp(a.data, p);
	if (!same && (*bad)++ < 5)
		printf("# %s / fs_buf_ld %s / printf %s\n", a.data, b.data, p);
	fs_buf_release(&a);
	fs_buf_release(&b);
	return same;
}

static void
writer(void)
{
	static const long double edge[] = {
		1, 2, 10, 0.5L, 1e20L, 18446744073709551615.0L,
		18446744073709551616.0L, 9223372036854775808.5L,
		1234567890.000244140625L,	/* a tie at digit 22: even */
		1234567891.000732421875L,	/* a tie at digit 22: odd, up */
		999999.99999999999999999L, 99999999999999999999.0L,
		0.000123L, 1e-30L, 123456.5L, 52340.517292L};
	unsigned long bad = 0, n = 0;
	long double v;
	size_t i;
	int k;

	for (i = 0; i < sizeof(edge) / sizeof(*edge); i++)
		n += !same_text(edge[i], &bad);
	ok(!n, "edge values written as fs_buf_ld and printf write them");
	n = 0;
	for (i = 0; i < 300000; i++) {
		k = (int)(rnd() % 70) - 4;	/* 2^-4 .. 2^65 */
		v = ldexpl((long double)(rnd() | (1ULL << 63)), k - 63);
		n += !same_text(v, &bad);
	}
	ok(!n, "300000 random values written as fs_buf_ld and printf "
	   "(%lu differ)", n);
	n = 0;
	for (i = 0; i < 100000; i++) {
		/* Short dyadic fractions: ties at the 22nd digit. */
		v = (long double)(rnd() >> (rnd() % 60)) +
		    ldexpl((long double)(rnd() % 4096), -12);
		n += !same_text(v, &bad);
	}
	ok(!n, "100000 dyadic values written as fs_buf_ld and printf "
	   "(%lu differ)", n);
}

static int
same_value(const char *s, unsigned long *bad)
{
	struct fs_err e = {NULL, 0, ""};
	long double a = -1, b = strtold(s, NULL);
	int r = fs_parse_usage(s, "RawUsage", &a, &e, 1);

	if ((r < 0 || memcmp(&a, &b, 10)) && (*bad)++ < 5)
		printf("# '%s': %.25Lg, strtold %.25Lg\n", s, a, b);
	return r == 0 && !memcmp(&a, &b, 10);
}

/* fs_parse_ld against strtold, bit for bit and sign included; 1 when the
 * same. */
static int
same_ld(const char *s, unsigned long *bad)
{
	long double a = -1, b;
	char *end;
	int r = fs_parse_ld(s, &a);

	b = strtold(s, &end);
	if (*end || !*s || isnan(b))
		return r < 0;
	if ((r < 0 || memcmp(&a, &b, 10)) && (*bad)++ < 5)
		printf("# fs_parse_ld '%s': %.25Lg, strtold %.25Lg\n", s, a, b);
	return r == 0 && !memcmp(&a, &b, 10);
}

/* Random digits d[0..nd-1] with the point after pt of them (none when
 * pt is 0 or nd), leading zeros lz after "0.", an exponent x when ex. */
static void
random_decimal(char *s, int nd, int pt, int lz, int ex, int x)
{
	char *p = s;
	int j;

	if (lz) {
		memcpy(p, "0.", 2);
		p += 2;
		memset(p, '0', (size_t)lz);
		p += lz;
		pt = 0;
	}
	for (j = 0; j < nd; j++) {
		if (j && j == pt)
			*p++ = '.';
		*p++ = (char)('0' + (j == 0 && nd > 1 && !lz ? 1 + rnd() % 9
							      : rnd() % 10));
	}
	if (ex)
		p += sprintf(p, "%s%c%s%d", rnd() % 2 ? "e" : "E",
			     x < 0 ? '-' : '+', rnd() % 2 ? "0" : "", abs(x));
	*p = '\0';
}

/* v and its upper neighbour written to 45 digits; their mean (digit by
 * digit) cut to 21 digits and that plus one unit of the 21st: both read as
 * strtold reads them. Returns how many differ. */
static int
near_tie(long double v, char *s, unsigned long *bad)
{
	char a[80], b[80], m[48];
	int i, c = 0, r;

	snprintf(a, sizeof(a), "%.44Le", v);
	snprintf(b, sizeof(b), "%.44Le", nextafterl(v, INFINITY));
	if (strcmp(strchr(a, 'e'), strchr(b, 'e')))
		return 0;	/* a power of ten between them */
	/* d.ddd...: digits at 0 and 2..45; sum then halve. */
	for (i = 45; i >= 0; i--) {
		if (i == 1)
			continue;
		r = (a[i] - '0') + (b[i] - '0') + c;
		m[i] = (char)('0' + r % 10);
		c = r / 10;
	}
	for (i = 0, r = c; i <= 45; i++) {
		if (i == 1)
			continue;
		r = r * 10 + (m[i] - '0');
		m[i] = (char)('0' + r / 2);
		r %= 2;
	}
	if (m[0] == '0')
		return 0;	/* the sum carried: skip */
	sprintf(s, "%c.%.20s%s", m[0], m + 2, strchr(a, 'e'));
	c = !same_value(s, bad) + !same_ld(s, bad);
	for (i = 21; i >= 2 && s[i] == '9'; i--)
		s[i] = '0';
	if (i < 2)
		return c;
	s[i]++;
	return c + !same_value(s, bad) + !same_ld(s, bad);
}

/* Decimals with exponents, leading zeros, 19 to 21 digits, halfway cases,
 * subnormals and the largest exponents: fs_parse_usage and fs_parse_ld
 * read them as strtold does (the fast path or the general one). */
static void
reader_exponents(void)
{
	static const char *const edge[] = {
		"1.2345e-05", "1e-26", "1e-27", "1e-28", "1e26", "1e27",
		"1e28", "9.99999999999999999999e26",
		"123456789012345678901e-26", "123456789012345678901e-27",
		"123456789012345678901e+6", "123456789012345678901e+7",
		"1.8446744073709551617e19",	/* 2^64 + 1: a tie, to even */
		"1.8446744073709551619e19",	/* 2^64 + 3: a tie, up */
		"3.6893488147419103231e19", "0e5", "0.000e-3", "0.0e0",
		"1.5e+20", "18446744073709551615e5", "0.000123456789012345678901",
		"0.00000000000000000000000000001", "3.6451995318824746e-4951",
		"1e-4950", "1.18973149535723176502e+4932", "5e-324",
		"2.2250738585072014e-308", "1.7976931348623157e308",
		"4.9406564584124654e-324", "2.3283064376228985e-10",
		"9.999999999999999999999e-5", "1e0", "1E+05", "1e-0",
		"000000000000000000000000000001.5e-3", "1.e5", "1e", "1e+",
		"e5", "1e99999", "1e000000001"};
	unsigned long bad = 0, n = 0, m = 0;
	long double w_inf;
	char s[128];
	size_t i;
	int nd, ex;

	for (i = 0; i < sizeof(edge) / sizeof(*edge); i++) {
		long double b;
		char *end;

		b = strtold(edge[i], &end);
		if (!*end && !isinf(b) && strcmp(edge[i], "1.e5"))
			n += !same_value(edge[i], &bad);
		m += !same_ld(edge[i], &bad);
	}
	ok(!n, "edge decimals with exponents read as strtold reads them "
	   "(%lu differ)", n);
	ok(!m, "fs_parse_ld reads edge decimals as strtold (%lu differ)", m);
	n = m = 0;
	for (i = 0; i < 300000; i++) {
		nd = 1 + (int)(rnd() % 21);
		ex = (int)(rnd() % 3);
		random_decimal(s, nd, (int)(rnd() % (unsigned)(nd + 1)),
			       rnd() % 4 ? 0 : (int)(rnd() % 12), ex,
			       (int)(rnd() % 80) - 40);
		n += !same_value(s, &bad);
		if (rnd() % 2) {
			memmove(s + 1, s, strlen(s) + 1);
			s[0] = '-';
		}
		m += !same_ld(s, &bad);
	}
	ok(!n, "300000 random decimals with exponents read as strtold "
	   "(%lu differ)", n);
	ok(!m, "fs_parse_ld reads 300000 random decimals as strtold (%lu "
	   "differ)", m);
	/* 19 to 21 digits next to halfway points: N * 2^e and the decimal
	 * of that value +- a little, in exponent form. */
	n = 0;
	for (i = 0; i < 200000; i++) {
		long double v = ldexpl((long double)(rnd() | (1ULL << 63)),
				       (int)(rnd() % 160) - 130);

		/* 22 and 21 significant digits: near and at ties. */
		snprintf(s, sizeof(s), "%.*Le", 18 + (int)(rnd() % 4), v);
		n += !same_value(s, &bad) + !same_ld(s, &bad);
	}
	ok(!n, "200000 values of 19 to 22 digits in exponent form read as "
	   "strtold (%lu differ)", n);
	/* Below 1e-7 (26 < k <= 51, the exact remainder path) and beyond:
	 * 1 to 21 digits with exponents -5 to -35, and long doubles near
	 * and at halfway points there (22 and 21 digits). */
	n = 0;
	for (i = 0; i < 200000; i++) {
		nd = 1 + (int)(rnd() % 21);
		random_decimal(s, nd, 1, 0, 1, -5 - (int)(rnd() % 31));
		n += !same_value(s, &bad) + !same_ld(s, &bad);
		snprintf(s, sizeof(s), "%.*Le", 20 + (int)(rnd() % 2),
			 ldexpl((long double)(rnd() | (1ULL << 63)),
				-(int)(rnd() % 110) - 63));
		n += !same_value(s, &bad) + !same_ld(s, &bad);
		/* The midpoint of two neighbours, cut to 21 digits and
		 * rounded up at the 21st: just below and above the tie. */
		n += near_tie(ldexpl((long double)(rnd() | (1ULL << 63)),
				     -(int)(rnd() % 110) - 63), s, &bad);
	}
	ok(!n, "600000 decimals below 1e-7 (26 < k <= 51 and beyond) read as "
	   "strtold (%lu differ)", n);
	/* What the writers write reads back: fs_fmt_ld and fs_fmt_double,
	 * negative, tiny and huge included. */
	n = 0;
	for (i = 0; i < 200000; i++) {
		long double v = ldexpl((long double)(rnd() | (1ULL << 63)),
				       (int)(rnd() % 32700) - 16445), w;
		double d;
		uint64_t bits = rnd();

		if (rnd() % 2)
			v = -v;
		s[fs_fmt_ld(s, v)] = '\0';
		n += fs_parse_ld(s, &w) < 0 || memcmp(&v, &w, 10) ||
		     !same_ld(s, &bad);
		memcpy(&d, &bits, 8);
		if (isnan(d))
			continue;
		s[fs_fmt_double(s, d)] = '\0';
		n += fs_parse_ld(s, &w) < 0 || (double)w != d ||
		     !same_ld(s, &bad);
	}
	ok(!n, "200000 long doubles and doubles written by fs_fmt_ld and "
	   "fs_fmt_double read back (%lu differ)", n);
	ok(fs_parse_ld("inf", &w_inf) == 0 && isinf(w_inf) && w_inf > 0 &&
	   fs_parse_ld("-inf", &w_inf) == 0 && isinf(w_inf) && w_inf < 0 &&
	   fs_parse_ld("-0", &w_inf) == 0 && signbit(w_inf) &&
	   fs_parse_ld("", &w_inf) < 0 && fs_parse_ld("-", &w_inf) < 0 &&
	   fs_parse_ld("nan", &w_inf) < 0 && fs_parse_ld("1x", &w_inf) < 0,
	   "fs_parse_ld: inf, -inf, -0; refuses '', '-', nan, 1x");
}

static void
reader(void)
{
	static const char *const edge[] = {
		"0", "0.0", "1", "52340.517292", "18446744073709551615",
		"18446744073709551616", "73786976294838206468",
		"73786976294838206476",	/* 2^66 + 12: a tie, rounds up */
		"73786976294838206468", /* 2^66 + 4: a tie, rounds down */
		"9223372036854775808.5", "9223372036854775809.5",
		"999999999999999999999", "0.00000000000000000001",
		"26174.1002909420446318", "5.", ".5", "1e5", "007"};
	struct fs_buf b;
	unsigned long bad = 0, n = 0;
	char s[64];
	size_t i;
	int nd, pt, j;

	for (i = 0; i < sizeof(edge) / sizeof(*edge); i++)
		n += !same_value(edge[i], &bad);
	ok(!n, "edge decimals read as strtold reads them");
	n = 0;
	for (i = 0; i < 300000; i++) {
		nd = 1 + (int)(rnd() % 21);
		pt = (int)(rnd() % (unsigned)(nd + 1));
		for (j = 0; j < nd; j++)
			s[j] = (char)('0' + rnd() % 10);
		if (pt && pt < nd) {
			memmove(s + pt + 1, s + pt, (size_t)(nd - pt));
			s[pt] = '.';
			s[nd + 1] = '\0';
		} else {
			s[nd] = '\0';
		}
		n += !same_value(s, &bad);
	}
	ok(!n, "300000 random decimals of 1 to 21 digits read as strtold "
	   "(%lu differ)", n);
	/* What fs_buf_ld writes reads back bit for bit. */
	n = 0;
	fs_buf_init(&b);
	for (i = 0; i < 200000; i++) {
		long double v = ldexpl((long double)(rnd() | (1ULL << 63)),
				       (int)(rnd() % 60) - 63), w = 0;
		struct fs_err e = {NULL, 0, ""};

		b.len = 0;
		fs_buf_ld(&b, v);
		if (fs_parse_usage(b.data, "RawUsage", &w, &e, 1) < 0 ||
		    memcmp(&v, &w, 10))
			n++;
	}
	fs_buf_release(&b);
	ok(!n, "200000 values round-trip exactly (%lu differ)", n);
	reader_exponents();
}

/* The table of a tree's text (its metadata and header), or NULL with the
 * message printed. */
static int
table_of(struct fs_table *t, const char *text)
{
	struct fs_err e = {"test", 0, ""};
	struct fs_buf b;

	fs_buf_init(&b);
	fs_buf_addstr(&b, text);
	if (fs_table_parse(t, &b, &e) < 0) {
		printf("# %s\n", e.msg);
		return -1;
	}
	return 0;
}

#define TAKEN "#taken=2026-11-20T08:00:00Z\n"
#define T0 1795161600LL		/* 2026-11-20T08:00:00Z */
#define COLS "Account\tUser\tRawUsage\n"

static void
plans(void)
{
	static const struct {
		const char *what, *meta;
		struct fs_decay_opts o;
		long long from, to, half_life, period;
		const char *msg;	/* NULL: a plan */
	} t[] = {
		{"a week from taken, Slurm's defaults", TAKEN,
		 {.elapsed_set = 1, .elapsed = 604800},
		 T0, T0 + 604800, 604800, 300, NULL},
		{"--to, the tree's half_life", TAKEN "#half_life=86400\n",
		 {.to_set = 1, .to = T0 + 60},
		 T0, T0 + 60, 86400, 300, NULL},
		{"--from and --elapsed: from the given start",
		 TAKEN, {.from_set = 1, .from = T0 + 100, .elapsed_set = 1,
		 .elapsed = 50}, T0 + 100, T0 + 150, 604800, 300, NULL},
		{"--reset alone: no time travelled", TAKEN, {.reset = 1},
		 T0, T0, 604800, 300, NULL},
		{"--half-life overrides a bad half_life",
		 TAKEN "#half_life=7d\n", {.elapsed_set = 1,
		 .half_life_set = 1, .half_life = 3600}, T0, T0, 3600, 300,
		 NULL},
		{"a replay reads calc_period",
		 TAKEN "#calc_period=60\n", {.elapsed_set = 1, .replay = 1},
		 T0, T0, 604800, 60, NULL},
		{"no replay: calc_period is not read",
		 TAKEN "#calc_period=0\n", {.elapsed_set = 1},
		 T0, T0, 604800, 300, NULL},
		{"--calc-period overrides calc_period",
		 TAKEN "#calc_period=0\n", {.elapsed_set = 1, .replay = 1,
		 .period_set = 1, .period = 30}, T0, T0, 604800, 30, NULL},
		{"no taken", "#half_life=60\n", {.elapsed_set = 1}, 0, 0, 0, 0,
		 "metadata 'taken' is missing: fs-decay needs the time the "
		 "usage was taken (add a line '#taken=2026-11-20T08:00:00Z')"},
		{"a bad taken", "#taken=yesterday\n", {.reset = 1}, 0, 0, 0, 0,
		 "metadata 'taken': not a date: 'yesterday' (expected "
		 "YYYY-MM-DD, optionally followed by THH:MM[:SS] and Z or "
		 "+HH:MM, such as 2026-11-25T08:00:00Z)"},
		{"back in time", TAKEN, {.to_set = 1, .to = T0 - 1},
		 0, 0, 0, 0, "cannot go back in time: the target "
		 "2026-11-20T07:59:59Z is before the start "
		 "2026-11-20T08:00:00Z (the usage is as of the tree's taken, "
		 "or --from)"},
		{"past the year 9999", TAKEN, {.elapsed_set = 1,
		 .elapsed = FS_DURATION_MAX}, 0, 0, 0, 0,
		 "the target date lies beyond 9999-12-31T23:59:59Z, the last "
		 "date a tree can hold"},
		{"a bad half_life names --half-life", TAKEN "#half_life=7d\n",
		 {.elapsed_set = 1}, 0, 0, 0, 0,
		 "metadata 'half_life': not a whole number of seconds: '7d' "
		 "(override it with --half-life)"},
		{"a replay's calc_period of 0 names --calc-period",
		 TAKEN "#calc_period=0\n", {.elapsed_set = 1, .replay = 1},
		 0, 0, 0, 0, "metadata 'calc_period': not a whole number of "
		 "seconds above 0: '0' (override it with --calc-period)"},
	};
	struct fs_decay_plan p;
	struct fs_table tb;
	struct fs_buf text;
	size_t i;
	int r;

	fs_buf_init(&text);
	for (i = 0; i < sizeof(t) / sizeof(*t); i++) {
		struct fs_err e = {"test", 0, ""};

		text.len = 0;
		fs_buf_printf(&text, FS_TSV_MAGIC "\n%s" COLS, t[i].meta);
		if (table_of(&tb, text.data) < 0) {
			ok(0, "plan: %s: the tree reads", t[i].what);
			continue;
		}
		memset(&p, 0, sizeof(p));
		r = fs_decay_plan_make(&t[i].o, &tb.h, &p, &e);
		if (t[i].msg) {
			if (r == 0 || strcmp(e.msg, t[i].msg))
				printf("# got %d '%s'\n", r, e.msg);
			ok(r < 0 && e.line == 0 && !strcmp(e.msg, t[i].msg),
			   "plan: %s: refused, no line", t[i].what);
		} else {
			if (r < 0)
				printf("# %s\n", e.msg);
			else if (p.from != t[i].from || p.to != t[i].to ||
				 p.law.half_life != t[i].half_life ||
				 p.period != t[i].period)
				printf("# from %lld to %lld half-life %lld "
				       "period %lld\n", p.from, p.to,
				       p.law.half_life, p.period);
			ok(r == 0 && p.taken == T0 && p.from == t[i].from &&
			   p.to == t[i].to &&
			   p.law.half_life == t[i].half_life &&
			   p.period == t[i].period &&
			   p.law.exact == t[i].o.exact &&
			   p.reset == t[i].o.reset,
			   "plan: %s", t[i].what);
		}
		fs_table_release(&tb);
	}
	fs_buf_release(&text);
}

/* Stream text through fs_decay_stream into a memory stream: its return,
 * with *got the output (freed by the caller) and e the message. */
static int
stream(const struct fs_decay_opts *o, const char *text, char **got,
       struct fs_err *e)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r"), *out;
	size_t len;
	int r;

	out = open_memstream(got, &len);
	if (!in || !out)
		fs_die("fmemopen: %s", strerror(errno));
	r = fs_decay_stream(o, in, out, e);
	fclose(out);
	fclose(in);
	return r;
}

static int
same(const char *what, const char *got, const char *want)
{
	if (strcmp(got, want))
		printf("# %s: got\n%s# want\n%s", what, got, want);
	return !strcmp(got, want);
}

#define TREE FS_TSV_MAGIC "\n#cluster=c1\n" TAKEN "#half_life=3600\n" \
	"Account\tUser\tRawUsage\tShares\n" \
	"root\t\t1000\t1\na\t\t\t1\na\tu\t600\t1\n"

static void
streams(void)
{
	static const char half[] = FS_TSV_MAGIC "\n#cluster=c1\n"
		"#taken=2026-11-20T09:00:00Z\n#half_life=3600\n"
		"#decay_from=2026-11-20T08:00:00Z\n#decay_seconds=3600\n"
		"#decay_half_life=3600\n#decay_formula=exact\n"
		"#decay_factor=0.5\n#trailer=#end\n"
		"Account\tUser\tRawUsage\tShares\n"
		"root\t\t500\t1\na\t\t\t1\na\tu\t300\t1\n#end\n";
	static const char reset[] = FS_TSV_MAGIC "\n#cluster=c1\n" TAKEN
		"#half_life=3600\n#usage_reset=2026-11-20T08:00:00Z\n"
		"#trailer=#end\nAccount\tUser\tRawUsage\tShares\n"
		"root\t\t0\t1\na\t\t\t1\na\tu\t0\t1\n#end\n";
	struct fs_decay_opts o = {.elapsed_set = 1, .elapsed = 3600,
				  .exact = 1};
	struct fs_err e = {"test", 0, ""};
	char *got;
	int r;

	r = stream(&o, TREE, &got, &e);
	ok(r == 0 && same("half", got, half),
	   "stream: one half-life, exact: usage halved, metadata written");
	free(got);
	memset(&o, 0, sizeof(o));
	o.reset = 1;
	r = stream(&o, TREE "#end\n", &got, &e);
	ok(r == 0 && same("reset", got, reset),
	   "stream: --reset zeroes the usage, taken stays");
	free(got);
}

/* Many rows (16 chunks), one bad: the rows before it are out, and the
 * message has its line in the whole input. */
static void
stream_bad(void)
{
	static const char head[] = FS_TSV_MAGIC "\n" TAKEN COLS;
	struct fs_decay_opts o = {.elapsed_set = 1, .elapsed = 3600,
				  .exact = 1, .half_life_set = 1,
				  .half_life = 3600};
	struct fs_err e = {"test", 0, ""};
	struct fs_buf in, want;
	char *got, buf[1024];
	FILE *f, *full;
	size_t i;
	int r;

	fs_buf_init(&in);
	fs_buf_init(&want);
	fs_buf_addstr(&in, head);
	for (i = 0; i < 5000; i++) {
		fs_buf_printf(&in, i == 3999 ? "a\tu%zu\tx\n" : "a\tu%zu\t2\n",
			      i);
		if (i < 3999)
			fs_buf_printf(&want, "a\tu%zu\t1\n", i);
	}
	r = stream(&o, in.data, &got, &e);
	ok(r == -1 && e.line == 3 + 4000 && !strcmp(e.file, "test") &&
	   !strcmp(e.msg, "column 'RawUsage': not a number: 'x'"),
	   "stream: a bad row 4000 is told at line 4003: %d %lu %s", r,
	   e.line, e.msg);
	ok(strstr(got, COLS) && same("rows before", strstr(got, COLS) +
				     strlen(COLS), want.data),
	   "stream: the 3999 rows before it are written, decayed");
	free(got);
	r = stream(&o, head, &got, &e);
	ok(r == 0, "stream: a tree without rows");
	free(got);
	/* Writes fail: the header's, then (room for the header) the rows'. */
	for (i = 0; i < 2; i++) {
		f = fmemopen(in.data, in.len, "r");
		full = fmemopen(buf, i ? sizeof(buf) : 1, "w");
		setvbuf(full, NULL, _IONBF, 0);
		r = fs_decay_stream(&o, f, full, &e);
		ok(r == -2 && ferror(full), "stream: a failed write of the "
		   "%s returns -2, not a message", i ? "rows" : "header");
		fclose(f);
		fclose(full);
	}
	fs_buf_release(&in);
	fs_buf_release(&want);
}

/* Replay one job from 08:00 to 09:30 into a tree, two hours on (exact):
 * the tree written, or NULL with the message printed. */
static char *
replay_one(const struct fs_decay_opts *o)
{
	static const char tree[] = FS_TSV_MAGIC "\n" TAKEN "#half_life=3600\n"
		"#calc_period=3600\nAccount\tUser\tParent\tRawShares\t"
		"RawUsage\nroot\t\t\t\t\na\t\troot\t1\t\na\tu\ta\t1\t1000\n";
	char jobs[] = "JobID|User|Account|Start|End|AllocCPUS\n"
		"7|u|a|2026-11-20T08:00:00|2026-11-20T09:30:00|1\n";
	struct fs_err e = {"test", 0, ""};
	struct fs_decay_plan p;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_jobs j;
	char *got = NULL;
	size_t len;
	FILE *out;

	setenv("TZ", "UTC", 1);
	tzset();
	memset(&j, 0, sizeof(j));
	if (table_of(&t, tree) < 0)
		return NULL;
	if (fs_tree_build(&tr, &t, &e) < 0 ||
	    fs_decay_plan_make(o, &t.h, &p, &e) < 0 ||
	    fs_jobs_parse(&j, jobs, strlen(jobs), &tr, 0, &e) < 0) {
		printf("# %s\n", e.msg);
		return NULL;
	}
	out = open_memstream(&got, &len);
	if (fs_decay_replay(&p, &t, &tr, &j, out) < 0)
		printf("# write failed\n");
	fclose(out);
	fs_jobs_release(&j);
	fs_tree_release(&tr);
	fs_table_release(&t);
	return got;
}

/* Two cycles of one half-life: (1000 / 2 + 3600 / 2 + 1800 * 2^(-1/2))
 * / 2 (one cycle of two hours would give 727.297...); reset, without the
 * 1000. */
static void
replay(void)
{
#define REPLAY_META(reset) FS_TSV_MAGIC "\n" \
	"#taken=2026-11-20T10:00:00Z\n#half_life=3600\n#calc_period=3600\n" \
	reset "#decay_from=2026-11-20T08:00:00Z\n#decay_seconds=7200\n" \
	"#decay_half_life=3600\n#decay_formula=exact\n#decay_factor=0.25\n" \
	"#decay_calc_period=3600\n#decay_jobs=1\n#trailer=#end\n" \
	"Account\tUser\tParent\tRawShares\tRawUsage\n" \
	"root\t\t\t\t\na\t\troot\t1\t\n"
	static const char want[] = REPLAY_META("")
		"a\tu\ta\t1\t1786.39610306789279548\n#end\n";
	static const char reset[] =
		REPLAY_META("#usage_reset=2026-11-20T08:00:00Z\n")
		"a\tu\ta\t1\t1536.39610306789279548\n#end\n";
	struct fs_decay_opts o = {.elapsed_set = 1, .elapsed = 7200,
				  .exact = 1, .replay = 1};
	char *got;

	got = replay_one(&o);
	ok(got && same("replay", got, want),
	   "replay: one job in two cycles of one half-life");
	free(got);
	o.reset = 1;
	got = replay_one(&o);
	ok(got && same("replay --reset", got, reset),
	   "replay: --reset zeroes the usage before the jobs");
	free(got);
}

int
main(void)
{
	example8();
	composition();
	durations();
	dates();
	whens();
	writer();
	reader();
	plans();
	streams();
	stream_bad();
	replay();
	return done_testing();
}
