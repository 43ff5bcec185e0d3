/*
 * report.c: unit tests for lib/report*.c: the escapes, reading ranking
 * columns back, the lists and their --top cut, and each format's shape.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "io/report.h"
#include "tap.h"

static const struct {
	const char *in, *html, *md, *prom;
} esc[] = {
	{"plain", "plain", "plain", "plain"},
	{"<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;",
	 "\\<script\\>alert(1)\\</script\\>", "<script>alert(1)</script>"},
	{"a&b\"c'd", "a&amp;b&quot;c&#39;d", "a\\&b\"c'd", "a&b\\\"c'd"},
	{"back\\slash|pipe_*", "back\\slash|pipe_*",
	 "back\\\\slash\\|pipe\\_\\*", "back\\\\slash|pipe_*"},
	{"new\nline", "new?line", "new?line", "new\\nline"},
};



/* What a writer put in b against want, for v: 0 or 1 (differs, said);
 * b is released. */
static int
differs(struct fs_buf *b, const char *want, const char *what, long double v)
{
	int bad = strcmp(b->data, want) != 0;

	if (bad)
		printf("# %s of %.21Lg: '%s', want '%s'\n", what, v, b->data,
		       want);
	fs_buf_release(b);
	return bad;
}

/* fs_report_fmt_fixed against printf: d decimals of v. */
static int
fixed_differs(long double v, int d)
{
	char want[128];
	struct fs_buf b;

	snprintf(want, sizeof(want), "%.*Lf", d, v);
	fs_buf_init(&b);
	fs_report_fmt_fixed(&b, v, d);
	return differs(&b, want, "fixed decimals", v);
}

/* fs_report_fmt_service against printf's "%.4Lg" (what it prints for
 * a positive finite v). */
static int
service_differs(long double v)
{
	char want[128];
	struct fs_buf b;

	snprintf(want, sizeof(want), "%.4Lg", v);
	fs_buf_init(&b);
	fs_report_fmt_service(&b, v);
	return differs(&b, want, "%.4Lg", v);
}

/* fs_report_fmt_hours against what it means, long doubles compared and
 * printed by printf. */
static int
hours_differs(long double seconds)
{
	char want[128];
	long double h = seconds / 3600;
	struct fs_buf b;

	if (h == 0)
		snprintf(want, sizeof(want), "0");
	else if (h < 0.01L)
		snprintf(want, sizeof(want), "<0.01");
	else if (h < 100)
		snprintf(want, sizeof(want), "%.2Lf", h);
	else if (h < 1e15L)
		snprintf(want, sizeof(want), "%.0Lf", h);
	else
		snprintf(want, sizeof(want), "%.4Lg", h);
	fs_buf_init(&b);
	fs_report_fmt_hours(&b, seconds);
	return differs(&b, want, "hours of seconds", seconds);
}

/* Load a tree from text; returns 0 or -1. */
static int
load(const char *text, struct fs_table *t, struct fs_tree *tr,
     struct fs_rank_opts *ro)
{
	struct fs_buf b;
	struct fs_err e = {"<test>", 0, ""};

	fs_buf_init(&b);
	fs_buf_addstr(&b, text);
	if (fs_table_parse(t, &b, &e) < 0 || fs_tree_build(tr, t, &e) < 0 ||
	    fs_tree_read_back(tr, ro, &e) < 0) {
		printf("# %s\n", e.msg);
		return -1;
	}
	return 0;
}

static char *
report(const struct fs_tree *tr, const struct fs_rank_opts *ro,
       const struct fs_tree *old, const struct fs_rank_opts *oro,
       enum fs_report_format f, unsigned top)
{
	struct fs_report_opts o = {.format = f, .top = top, .depth = 1};
	char *s = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&s, &len);

	if (!m || fs_report_write(m, tr, ro, old, oro, &o) < 0 || fclose(m))
		return NULL;
	return s;
}

int
main(void)
{
	struct fs_table t, t2;
	struct fs_tree tr, tr2;
	struct fs_rank_opts ro, ro2;
	struct fs_buf b, ranked;
	char *s;
	size_t k;
	int same;

	for (k = 0; k < sizeof(esc) / sizeof(*esc); k++) {
		fs_buf_init(&b);
		fs_buf_html(&b, esc[k].in);
		ok(b.data && !strcmp(b.data, esc[k].html), "html '%s'",
		   b.data ? b.data : "");
		b.len = 0;
		fs_buf_markdown(&b, esc[k].in);
		ok(!strcmp(b.data, esc[k].md), "markdown '%s'", b.data);
		b.len = 0;
		fs_buf_prom_label(&b, esc[k].in);
		ok(!strcmp(b.data, esc[k].prom), "prometheus '%s'", b.data);
		fs_buf_release(&b);
	}

	/* Every byte through fs_buf_html: the five escapes, '?' for the
	 * control characters, the rest as it is. */
	{
		int c, bad = 0;
		char in[4] = "a b", want[16];
		const char *e;

		for (c = 1; c < 256; c++) {
			in[1] = (char)c;
			e = c == '&' ? "&amp;" : c == '<' ? "&lt;"
			    : c == '>' ? "&gt;" : c == '"' ? "&quot;"
			    : c == '\'' ? "&#39;"
			    : c < 0x20 || c == 0x7f ? "?" : NULL;
			if (e)
				snprintf(want, sizeof(want), "a%sb", e);
			else
				memcpy(want, in, sizeof(in));
			fs_buf_init(&b);
			fs_buf_html(&b, in);
			if (strcmp(b.data, want)) {
				printf("# byte %d: '%s', want '%s'\n", c,
				       b.data, want);
				bad++;
			}
			fs_buf_release(&b);
		}
		ok(!bad, "fs_buf_html on every byte (%d differ)", bad);
	}

	/* Fixed decimals without printf: the same digits as printf, on
	 * ties, carries (99.995, 9.9999996), halves just above and below
	 * and a spread of magnitudes. */
	{
		static const long double edge[] = {
			0, 0.005L, 0.015L, 0.125L, 0.375L, 0.5L, 1.5L, 2.5L,
			99.995L, 99.9949999L, 99.9950001L, 9.9999996L,
			0.9999995L, 0.0049999999L, 999999.5L, 1e14L + 0.5L,
			123.456789L, 3600.0L / 7, 1e-7L};
		unsigned long long x = 88172645463325252ULL;
		int d, bad = 0;
		size_t i;

		for (i = 0; i < sizeof(edge) / sizeof(*edge); i++)
			for (d = 0; d <= 5; d++) {
				bad += fixed_differs(edge[i], d);
				bad += fixed_differs(nextafterl(edge[i], 1e30L), d);
				if (edge[i] > 0)
					bad += fixed_differs(
						nextafterl(edge[i], 0), d);
			}
		for (i = 0; i < 200000; i++) {
			long double v;

			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			v = (long double)(x >> 11) / (1ULL << 53) *
			    powl(10, (long double)(int)(x % 19) - 6);
			/* Every fourth a value on a printed half. */
			if (i % 4 == 0)
				v = roundl(v * 1000) / 1000 + 0.0005L;
			bad += fixed_differs(v, (int)(x % 6));
		}
		ok(!bad, "fixed decimals equal printf's (%d differ)", bad);
	}

	/* Hours: placed among 0.01, 100 and 1e15 by their bits, so the
	 * values next to those (a few units in the last place each way),
	 * then random values of every magnitude. */
	{
		static const long double edge[] = {0.01L, 100, 1e15L, 0.005L,
						   99.995L, 1};
		unsigned long long x = 1442695040888963407ULL;
		int bad = 0, k;
		size_t i;
		long double v;

		for (i = 0; i < sizeof(edge) / sizeof(*edge); i++) {
			v = edge[i] * 3600;
			for (k = 0; k < 40; k++)
				v = nextafterl(v, 0);
			for (k = 0; k < 80; k++) {
				bad += hours_differs(v);
				v = nextafterl(v, INFINITY);
			}
		}
		bad += hours_differs(0) + hours_differs(-1) +
		       hours_differs(INFINITY) + hours_differs(LDBL_TRUE_MIN);
		for (i = 0; i < 200000; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			v = (long double)(x >> 11) / (1ULL << 53) *
			    powl(10, (long double)(int)(x % 24) - 6);
			bad += hours_differs(v);
		}
		ok(!bad, "hours as printf's (%d differ)", bad);
	}

	/* Level FS without printf: "%.4Lg" on ties (1.0625 and 0.03125
	 * are exact halves: printf rounds them to even), halves just above
	 * and below, carries that add a digit (9.9995, 99995, 0.00099995),
	 * each side of where %g switches to an exponent (1e-4, 1e-5,
	 * 9999.5, 1e4), both ends of the range, subnormals, then random
	 * values of every magnitude and random bit patterns. */
	{
		static const long double edge[] = {
			1.0625L, 0.03125L, 1.0635L, 2.5L, 12.345L, 1234.5L,
			12345, 12355, 9.9995L, 9.99949999L, 99995, 99985,
			0.00099995L, 0.0001L, 0.00001L, 0.000099995L, 9999.5L,
			9999.4L, 1e4L, 1e5L, 6e8L, 123456789, 1, 0.5L,
			0.7857142857142857L, 1e300L, 1e-300L, LDBL_MAX,
			LDBL_MIN, LDBL_TRUE_MIN, 3.6451995318824746e-4951L,
			1e4000L, 1.2345e-4000L, 18446744073709551615.0L,
			2.0L / 3, 1.0L / 3};
		unsigned long long x = 2463534242ULL;
		int bad = 0, e;
		size_t i;
		long double v;

		for (i = 0; i < sizeof(edge) / sizeof(*edge); i++) {
			bad += service_differs(edge[i]);
			if (edge[i] < LDBL_MAX)
				bad += service_differs(
					nextafterl(edge[i], INFINITY));
			bad += service_differs(nextafterl(edge[i], 0));
		}
		/* Every 4-digit tie p.5 * 10^e that is exact in binary. */
		for (e = -8; e <= 8; e++)
			for (i = 10000; i < 100000; i += 5) {
				v = ldexpl((long double)i, e) / 10000;
				bad += service_differs(v);
			}
		for (i = 0; i < 300000; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			v = (long double)(x >> 11) / (1ULL << 53) *
			    powl(10, (long double)(int)(x % 41) - 20);
			/* Every fourth on a printed half, give or take. */
			if (i % 4 == 0)
				v = (roundl(v * 1e4L) + 0.5L) / 1e4L;
			if (v > 0)
				bad += service_differs(v);
		}
		for (i = 0; i < 300000; i++) {
			unsigned long long m;
			unsigned short se;

			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			m = x | 1ULL << 63;
			/* Every other from 2^-60 to 2^130 (Level FS's
			 * magnitudes), the rest anywhere. */
			se = (unsigned short)(i % 2 ? 16383 - 60 + (x >> 17) % 190
						    : (x >> 17) % 0x7ffe + 1);
			memcpy(&v, &m, 8);
			memset((char *)&v + 8, 0, sizeof(v) - 8);
			memcpy((char *)&v + 8, &se, 2);
			bad += service_differs(v);
		}
		ok(!bad, "Level FS printed as printf's %%.4Lg (%d differ)", bad);
	}

	/* The ranking columns read back equal the library's ranking. */
	ok(load(fs_sample_tree, &t, &tr, &ro) == 0, "sample tree loads");
	fs_buf_init(&ranked);
	{
		FILE *f = open_memstream(&s, &k);

		fs_tree_write(&tr, &ro, f);
		fclose(f);
		fs_buf_addstr(&ranked, s);
		free(s);
	}
	ok(load(ranked.data, &t2, &tr2, &ro2) == 0, "ranked tree loads");
	/* Rows come back in display order: compare in that order. */
	same = tr.n == tr2.n;
	for (k = 0; same && k < tr.n; k++) {
		const struct fs_node *x = &tr.node[tr.order[k]];
		const struct fs_node *y = &tr2.node[tr2.order[k]];

		same = !strcmp(x->acct, y->acct) && !strcmp(x->user, y->user) &&
		       x->level_fs == y->level_fs &&
		       x->fs_factor == y->fs_factor && x->rank == y->rank &&
		       x->shares_norm == y->shares_norm &&
		       fs_node_usage_efctv(&tr, x) ==
			       fs_node_usage_efctv(&tr2, y) &&
		       fs_node_usage_norm(&tr, x) ==
			       fs_node_usage_norm(&tr2, y);
		if (!same)
			printf("# differs at %s/%s\n", x->acct, x->user);
	}
	ok(same, "columns read back equal the computed values");

	s = report(&tr, &ro, NULL, NULL, FS_REPORT_TEXT, 1);
	ok(strstr(s, "\nchem     root    30.00%  21.37%  +8.63") != NULL,
	   "chem is the furthest below its share of the cluster");
	ok(strstr(s, "\nastro    physics  29.27%  42.51%  -13.24      -10.91") !=
		   NULL,
	   "astro is the furthest above, and so is its parent");
	ok(strstr(s, "... and 4 more\n") != NULL, "--top 1 leaves 4 off");
	ok(strstr(s, "\nmallory  guests        0.56  1.21%   0.062500  16/16") !=
		   NULL,
	   "mallory is served last");
	ok(strstr(s, "\nalice  astro        14.54  31.54%   0.187500  14/16") !=
		   NULL,
	   "astro/alice is the heaviest user, in hours");
	ok(strstr(s, "Total usage:  46.10 hours") != NULL, "usage in hours");
	ok(strstr(s, "chem     heidi") != NULL, "heidi is idle with shares");
	ok(strstr(s, "bio      judy") != NULL, "judy has usage, no shares");
	ok(strstr(s, "Users:        15 in 16 user associations") != NULL,
	   "users counted by name and by association");
	free(s);

	s = report(&tr, &ro, &tr2, &ro2, FS_REPORT_TEXT, 10);
	ok(strstr(s, "No user's rank or FairShare changed.") != NULL,
	   "the same snapshot twice: nothing moved");
	free(s);

	s = report(&tr, &ro, NULL, NULL, FS_REPORT_MARKDOWN, 10);
	ok(!strncmp(s, "# Fairshare report for cluster demo\n", 36),
	   "markdown title");
	ok(strstr(s, "| --- | --- | --: |") != NULL, "markdown table");
	free(s);

	s = report(&tr, &ro, NULL, NULL, FS_REPORT_HTML, 10);
	ok(strstr(s, "<svg") && strstr(s, "</svg>") && strstr(s, "</html>"),
	   "html page with a picture");
	ok(!strstr(s, "<script") && !strstr(s, "src="), "html fetches nothing");
	free(s);

	s = report(&tr, &ro, NULL, NULL, FS_REPORT_PROMETHEUS, 10);
	ok(strstr(s, "# TYPE fairshare_account_level_fs gauge\n") != NULL &&
	   strstr(s, "# TYPE fairshare_user_level_fs gauge\n") != NULL,
	   "prometheus families are gauges");
	ok(strstr(s, "account=\"hep\",user=\"dave\"} +Inf\n") != NULL,
	   "prometheus infinity");
	free(s);

	fs_tree_release(&tr2);
	fs_table_release(&t2);
	fs_tree_release(&tr);
	fs_table_release(&t);
	fs_buf_release(&ranked);
	return done_testing();
}
