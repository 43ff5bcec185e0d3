/*
 * decay.c: Slurm's decay factors (docs/slurm.md §4.1), their
 * composition, time strings and dates, and the fast RawUsage reader and
 * writer against strtold and fs_buf_ld.
 */
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
}

int
main(void)
{
	example8();
	composition();
	durations();
	dates();
	writer();
	reader();
	return done_testing();
}
