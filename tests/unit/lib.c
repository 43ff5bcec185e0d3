/*
 * Unit tests of the TSV reader, the tree builder and the algorithms, with
 * the long double internals of Slurm itself (docs/slurm.md §8).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fs.h"
#include "tap.h"

/* Build a tree from text; returns 0 or -1 with the message in e. */
static int
load(const char *text, struct fs_table *t, struct fs_tree *tr,
     struct fs_err *e)
{
	struct fs_buf b;

	fs_buf_init(&b);
	fs_buf_addstr(&b, text);
	e->file = "test";
	if (fs_table_parse(t, &b, e) < 0)
		return -1;
	return fs_tree_build(tr, t, e);
}

static uint32_t
find(const struct fs_tree *tr, const char *acct, const char *user)
{
	uint32_t i;

	for (i = 0; i < tr->n; i++)
		if (!strcmp(tr->node[i].acct, acct) &&
		    !strcmp(tr->node[i].user, user))
			return i;
	return FS_NONE;
}

static int
ld_is(long double v, const char *want)
{
	char got[64];

	snprintf(got, sizeof(got), "%.21Lg", v);
	if (strcmp(got, want))
		printf("# got %s, want %s\n", got, want);
	return !strcmp(got, want);
}

static int
d_is(double v, const char *want)
{
	char got[64];

	snprintf(got, sizeof(got), "%.17g", v);
	if (strcmp(got, want))
		printf("# got %s, want %s\n", got, want);
	return !strcmp(got, want);
}

#define HDR "#fs-tsv 1\nAccount\tUser\tParent\tRawShares\tRawUsage\n"

static const char ex1[] = HDR
	"root\t\t\t\t\n"
	"A\t\troot\t40\t\nB\t\tA\t30\t\nB\tu1\tB\t1\t20\nC\t\tA\t10\t\n"
	"C\tu2\tC\t1\t25\nC\tu3\tC\t1\t0\nD\t\troot\t60\t\nE\t\tD\t25\t\n"
	"E\tu4\tE\t1\t25\nF\t\tD\t35\t\nF\tu5\tF\t1\t0\nG\t\troot\t0\t\n"
	"G\tu6\tG\t0\t30\n";

/* The same tree, rows reversed: the result must not depend on row order. */
static const char ex1_reversed[] = HDR
	"G\tu6\tG\t0\t30\nG\t\troot\t0\t\nF\tu5\tF\t1\t0\nF\t\tD\t35\t\n"
	"E\tu4\tE\t1\t25\nE\t\tD\t25\t\nD\t\troot\t60\t\nC\tu3\tC\t1\t0\n"
	"C\tu2\tC\t1\t25\nC\t\tA\t10\t\nB\tu1\tB\t1\t20\nB\t\tA\t30\t\n"
	"A\t\troot\t40\t\nroot\t\t\t\t\n";

static int
iso_differs(long long t)
{
	char ours[32], want[96];
	time_t tt = (time_t)t;
	struct tm tm;
	static int shown;

	fs_iso_time(t, ours);
	gmtime_r(&tt, &tm);
	snprintf(want, sizeof(want), "%04lld-%02d-%02dT%02d:%02d:%02dZ",
		 (long long)tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
		 tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (strcmp(ours, want) && shown++ < 5)
		printf("# %lld: %s, gmtime %s\n", t, ours, want);
	return strcmp(ours, want) != 0;
}

static void
test_fairtree_ex1(void)
{
	struct fs_table t, t2;
	struct fs_tree tr, tr2;
	struct fs_err e;
	uint32_t i, j;
	int same = 1;

	ok(load(ex1, &t, &tr, &e) == 0, "example 1 builds");
	fs_fairtree(&tr, FS_TIES_SLURM);
	ok(tr.user_count == 6, "N counts every user association");
	ok(ld_is(tr.node[find(&tr, "A", "")].level_fs,
		 "0.888888888888888938262"), "LF(A) is Slurm's long double");
	ok(ld_is(tr.node[find(&tr, "D", "")].level_fs,
		 "2.39999999999999991118"), "LF(D) is Slurm's long double");
	ok(tr.node[find(&tr, "G", "u6")].fs_factor == 1.0 / 6,
	   "a zero-share user still gets 1/N");
	ok(isinf(tr.node[find(&tr, "F", "u5")].level_fs),
	   "an idle user has an infinite Level FS");
	ok(load(ex1_reversed, &t2, &tr2, &e) == 0, "reversed rows build");
	fs_fairtree(&tr2, FS_TIES_SLURM);
	for (i = 0; i < tr.n; i++) {
		const struct fs_node *a = &tr.node[tr.order[i]];

		j = find(&tr2, a->acct, a->user);
		if (j == FS_NONE || tr2.node[j].fs_factor != a->fs_factor ||
		    tr2.node[j].level_fs != a->level_fs ||
		    strcmp(tr2.node[tr2.order[i]].acct, a->acct) ||
		    strcmp(tr2.node[tr2.order[i]].user, a->user))
			same = 0;
	}
	ok(same, "row order changes neither the numbers nor the display order");
	fs_tree_release(&tr);
	fs_tree_release(&tr2);
	fs_table_release(&t);
	fs_table_release(&t2);
}

static void
test_classic_ex1(void)
{
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e;

	load(ex1, &t, &tr, &e);
	fs_classic(&tr, 0, 1);
	ok(ld_is(fs_node_usage_efctv(&tr, &tr.node[find(&tr, "A", "")]),
		 "0.449999999999999999989"), "classic UE(A) in long double");
	ok(ld_is(fs_node_usage_efctv(&tr, &tr.node[find(&tr, "F", "")]),
		 "0.145833333333333333329"), "classic UE(F) in long double");
	ok(d_is(tr.node[find(&tr, "B", "")].shares_norm,
		"0.30000000000000004"), "classic NS(B) multiplies upwards");
	ok(tr.node[find(&tr, "G", "u6")].fs_factor == 0,
	   "classic gives zero shares a factor of 0");
	fs_tree_release(&tr);
	fs_table_release(&t);
}

static void
test_near_miss(void)
{
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e;
	uint32_t ua, ub;

	load(HDR "root\t\t\t\t\nacct\t\troot\t1\t\nacct\tua\tacct\t1\t1\n"
		 "acct\tub\tacct\t5\t5\n", &t, &tr, &e);
	fs_fairtree(&tr, FS_TIES_SLURM);
	ua = find(&tr, "acct", "ua");
	ub = find(&tr, "acct", "ub");
	ok(ld_is(tr.node[ua].level_fs, "0.999999999999999944489") &&
		   ld_is(tr.node[ub].level_fs, "1.00000000000000004445"),
	   "example 6: Level FS values that print alike differ");
	ok(tr.node[ub].fs_factor == 1.0 && tr.node[ua].fs_factor == 0.5,
	   "example 6: the near miss is not a tie");
	fs_tree_release(&tr);
	fs_table_release(&t);
}

/* The one metadata writer refuses what would break its line, and
 * messages show a value's control characters as C writes them. */
static void
test_meta_put(void)
{
	static const struct {
		const char *key, *val;
		const char *out;	/* NULL: refused */
	} cases[] = {
		{"cluster", "demo", "#cluster=demo\n"},
		{"cluster", "", "#cluster=\n"},
		{"cluster", "caf\xc3\xa9 a=b", "#cluster=caf\xc3\xa9 a=b\n"},
		{"cluster", "x\ny", NULL},
		{"cluster", "demo\n#algorithm=classic", NULL},
		{"cluster", "a\tb", NULL},
		{"cluster", "a\rb", NULL},
		{"cluster", "\x1b[31m", NULL},
		{"cluster", "a\x7f", NULL},
		{"", "v", NULL},
		{"a=b", "v", NULL},
		{"a\nb", "v", NULL},
	};
	static const struct {
		const char *in;
		size_t len, size;
		const char *out;
	} quotes[] = {
		{"x\ny", 3, 64, "\"x\\ny\""},
		{"a\tb\"c\\", 6, 64, "\"a\\tb\\\"c\\\\\""},
		{"u\0v\x1b", 4, 64, "\"u\\x00v\\x1b\""},
		{"abcdefghij", 10, 12, "\"abcdef...\""},
		{"abc", 3, 8, "\"abc\""},
	};
	struct fs_buf b;
	char q[64];
	size_t i;

	fs_buf_init(&b);
	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		int r;

		b.len = 0;
		fs_buf_addstr(&b, "");
		r = fs_meta_put(&b, cases[i].key, cases[i].val);
		ok(cases[i].out ? r == 0 && !strcmp(b.data, cases[i].out)
				: r < 0 && b.len == 0,
		   "metadata %s %s", fs_quote(q, sizeof(q), cases[i].val,
					       strlen(cases[i].val)),
		   cases[i].out ? "written" : "refused");
	}
	fs_buf_release(&b);
	/* A field may hold any byte but a tab, a line break or a NUL. */
	ok(!fs_field_bad("A\001\033[31m \x7f\xc3\xa9", 9) &&
	   fs_field_bad("a\tb", 3) && fs_field_bad("a\nb", 3) &&
	   fs_field_bad("a\rb", 3) && fs_field_bad("a\0b", 3) &&
	   *fs_field_bad("abcdefghijklmnopqrstuvwxyz\t", 27) == '\t',
	   "fields refuse a tab, a line break and a NUL only");
	for (i = 0; i < sizeof(quotes) / sizeof(*quotes); i++) {
		fs_quote(q, quotes[i].size, quotes[i].in, quotes[i].len);
		ok(!strcmp(q, quotes[i].out) && strlen(q) < quotes[i].size,
		   "fs_quote gives %s", quotes[i].out);
	}
}

static void
test_parse_usage(void)
{
	static const struct {
		const char *in;
		int ok;
		const char *msg;
	} cases[] = {
		{"0", 1, NULL},
		{"12.5", 1, NULL},
		{"1e3", 1, NULL},
		{".5", 1, NULL},
		{"abc", 0, "column 'RawUsage': not a number: 'abc'"},
		{"-1", 0, "column 'RawUsage': negative: '-1'"},
		{"-0", 0, "column 'RawUsage': negative: '-0'"},
		{"nan", 0, "column 'RawUsage': not a number: 'nan'"},
		{"inf", 0, "column 'RawUsage': infinite: 'inf'"},
		{"0x10", 0, "column 'RawUsage': not a number: '0x10'"},
		{"1e99999", 0, "column 'RawUsage': too large: '1e99999'"},
		{" 1", 0, "column 'RawUsage': not a number: ' 1'"},
		{"1 ", 0, "column 'RawUsage': not a number: '1 '"},
		{"", 0, "column 'RawUsage': not a number: ''"},
		{"1.2.3", 0, "column 'RawUsage': not a number: '1.2.3'"},
	};
	size_t i;
	long double v;
	struct fs_err e;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		int r = fs_parse_usage(cases[i].in, "RawUsage", &v, &e, 1);

		ok(cases[i].ok ? r == 0 : r < 0 && !strcmp(e.msg, cases[i].msg),
		   "usage '%s' %s", cases[i].in,
		   cases[i].ok ? "accepted" : cases[i].msg);
	}
}

static void
test_roundtrip(void)
{
	static const long double lds[] = {
		0.1L, 1.0L / 3, 0.999999999999999944489L, 1e-300L, 5e300L,
		0.265112709063960883893L, 52340.517292L};
	struct fs_buf b;
	size_t i;
	int good = 1;

	fs_buf_init(&b);
	for (i = 0; i < sizeof(lds) / sizeof(*lds); i++) {
		long double back;

		b.len = 0;
		fs_buf_ld(&b, lds[i]);
		if (fs_parse_ld(b.data, &back) < 0 || back != lds[i])
			good = 0;
	}
	b.len = 0;
	fs_buf_ld(&b, INFINITY);
	ok(good && !strcmp(b.data, "inf"), "long doubles read back exactly");
	fs_buf_release(&b);
}

static void
test_deep_chain(void)
{
	struct fs_buf b;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e = {"deep", 0, ""};
	int i, n = 100000, r;

	fs_buf_init(&b);
	fs_buf_addstr(&b, HDR "a0\t\t\t\t\n");
	for (i = 1; i < n; i++)
		fs_buf_printf(&b, "a%d\t\ta%d\t1\t\na%d\tu\ta%d\t1\t%d\n", i,
			      i - 1, i, i, i);
	r = fs_table_parse(&t, &b, &e) == 0 && fs_tree_build(&tr, &t, &e) == 0;
	ok(r, "a 100 000-deep chain builds without recursion");
	if (r) {
		fs_fairtree(&tr, FS_TIES_SLURM);
		ok(tr.node[tr.order[1]].depth == 1 &&
			   tr.node[tr.order[tr.n - 1]].depth == (uint32_t)n,
		   "and ranks, depth first");
		fs_tree_release(&tr);
	}
	fs_table_release(&t);
}

/* A block to fill at once: zeroed, whole, freed as it came with the room
 * it gives (from 1 MB on, rounded up to what fs_xcalloc_huge puts in 2 MB
 * pages; below, malloc's). */
static void
test_filled(void)
{
	static const size_t n[] = {1000, 1u << 20, (3u << 20) + 5, 9u << 20};
	size_t k, i, room, bad;

	for (k = 0; k < sizeof(n) / sizeof(*n); k++) {
		unsigned char *p = fs_xcalloc_filled(n[k], &room);

		fs_prefault(p, n[k]);
		for (bad = 0, i = 0; i < n[k]; i++)
			bad += p[i] != 0;
		memset(p, 'x', n[k]);
		ok(!bad && room >= n[k] && (n[k] >= (1u << 20) ||
					    room == n[k]),
		   "fs_xcalloc_filled(%zu): zeroed, room %zu", n[k], room);
		fs_free_huge(p, room, 1);
	}
}

/* A big regular file goes into one zeroed huge-page allocation; the buffer
 * can still grow past it, and frees it as it came. */
static void
test_slurp_huge(void)
{
	size_t n = 9u << 20, i, bad = 0;
	unsigned char *z = fs_xcalloc_huge(n, 1);
	struct fs_err e = {"huge", 0, ""};
	struct fs_buf b;
	FILE *f = tmpfile();
	int r;

	for (i = 0; i < n; i += 4093)
		bad += z[i] != 0;
	ok(!bad && !z[n - 1], "fs_xcalloc_huge gives zeroed memory");
	fs_free_huge(z, n, 1);
	for (i = 0; i < n; i++)
		fputc('a' + (int)(i % 23), f);
	rewind(f);
	fs_buf_init(&b);
	r = fs_slurp(f, &b, &e);
	for (i = 0; i < n; i++)
		bad += (unsigned char)b.data[i] != 'a' + i % 23;
	ok(r == 0 && b.len == n && !bad && b.huge && b.data[n] == '\0',
	   "a 9 MB file reads whole into a huge-page buffer");
	for (i = 0; i < (2u << 20); i++)
		fs_buf_addch(&b, 'z');
	for (i = 0; i < n; i++)
		bad += (unsigned char)b.data[i] != 'a' + i % 23;
	ok(!bad && b.len == n + (2u << 20) && !b.huge &&
		   b.data[b.len - 1] == 'z',
	   "and grows past it, keeping what it holds");
	fs_buf_release(&b);
	fclose(f);
}

static void
test_errors(void)
{
	static const struct {
		const char *text, *msg;
		unsigned long line;
	} cases[] = {
		{HDR "root\t\t\t\t\na\t\tb\t1\t\nb\t\ta\t1\t\n",
		 "account 'a' is its own ancestor: Parent cycle 'a' -> 'b' -> 'a'",
		 4},
		{HDR "root\t\t\t\t\na\t\tx\t1\t\n",
		 "parent account 'x' not found", 4},
		{HDR "root\t\t\t\t\nr2\t\t\t\t\n",
		 "second root 'r2': the first is 'root' at line 3 (only root "
		 "has an empty Parent)", 4},
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct fs_table t;
		struct fs_tree tr;
		struct fs_err e;
		int r = load(cases[i].text, &t, &tr, &e);

		ok(r < 0 && e.line == cases[i].line && !strcmp(e.msg, cases[i].msg),
		   "error: %s", cases[i].msg);
		if (!r)
			fs_tree_release(&tr);
		fs_table_release(&t);
	}
}

/* fs_error escapes control characters (a message is one line), cuts
 * before an escape that does not fit, and leaves an escaped text as it is. */
static void
test_error_escapes(void)
{
	char text[1100];
	struct fs_err e;

	fs_error(&e, 0, "name '%s'", "a\nb\tc\rd\x01" "e\x7f\\n\xc3\xa9");
	ok(!strcmp(e.msg, "name 'a\\nb\\tc\\rd\\x01e\\x7f\\n\xc3\xa9'"),
	   "fs_error escapes \\n, \\t, \\r and \\xHH, not a backslash or UTF-8");
	memcpy(text, e.msg, sizeof(e.msg));
	fs_error(&e, 0, "%s", text);
	ok(!strcmp(e.msg, text), "fs_error of an escaped text: the same text");
	memset(text, 'x', 1021);
	strcpy(text + 1021, "\n");
	fs_error(&e, 0, "%s", text);
	ok(strlen(e.msg) == 1023 && !strcmp(e.msg + 1021, "\\n"),
	   "fs_error: an escape that fits the message whole is kept");
	memset(text, 'x', 1022);
	strcpy(text + 1022, "\n");
	fs_error(&e, 0, "%s", text);
	ok(strlen(e.msg) == 1022 && e.msg[1021] == 'x',
	   "fs_error: an escape that does not fit is left out, not cut");
}

/* fs_iso_time computes the civil date itself: the same as gmtime's from
 * year 0 to 9999, every few hours, and at the edges. */
static void
test_iso_time(void)
{
	static const long long edge[] = {
		0, -1, 86399, 86400, 951782400 /* 2000-02-29 */,
		951868800, 4102444800LL /* 2100-01-01 */,
		-62167219200LL /* 0000-01-01 */, 253402300799LL};
	long long t;
	unsigned long n = 0, bad = 0;
	size_t i;

	for (t = -62167219200LL; t < 253402300800LL; t += 101102)
		bad += iso_differs(t), n++;
	for (i = 0; i < sizeof(edge) / sizeof(*edge); i++)
		bad += iso_differs(edge[i]), n++;
	ok(!bad, "fs_iso_time equals gmtime at %lu times from 0000 to 9999 "
	   "(%lu differ)", n, bad);
}

/* A list long enough to be sorted by radix (lkey_radix in fairtree.c),
 * with Level FS ties, inf and users and accounts mixed: the walk's order
 * is the list's by Level FS, highest first, users before accounts, and
 * otherwise as the list was (a stable sort). */
static const struct fs_tree *walk_tr;

static int
walk_cmp(const void *x, const void *y)
{
	const uint32_t *a = x, *b = y;
	const struct fs_node *na = &walk_tr->node[a[0]], *nb = &walk_tr->node[b[0]];

	if (na->level_fs != nb->level_fs)
		return na->level_fs > nb->level_fs ? -1 : 1;
	if (na->is_user != nb->is_user)
		return na->is_user ? -1 : 1;
	return a[1] < b[1] ? -1 : a[1] > b[1];
}

static void
test_walk_order_long(void)
{
	static const char *const use[] = {"0", "10", "100", "1000", "12345",
					  "7.5"};
	struct fs_buf b;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_err e = {"long", 0, ""};
	uint32_t p, m, k, *v, *tmp, *want, bad = 0;
	int i, n = 5000, r;

	fs_buf_init(&b);
	fs_buf_addstr(&b, HDR "root\t\t\t\t\nbig\t\troot\t1\t\n");
	for (i = 0; i < n; i++) {
		if (i % 3 == 0)
			fs_buf_printf(&b, "big\tu%04d\tbig\t%d\t%s\n", i,
				      1 + i % 2, use[i % 6]);
		else
			fs_buf_printf(&b, "a%04d\t\tbig\t%d\t%s\n", i,
				      1 + i % 2, use[(i / 3) % 6]);
	}
	r = fs_table_parse(&t, &b, &e) == 0 && fs_tree_build(&tr, &t, &e) == 0;
	ok(r, "a list of 5000 builds");
	if (!r)
		return;
	fs_fairtree(&tr, FS_TIES_SLURM);
	p = find(&tr, "big", "");
	m = tr.node[p].nfs_kids;
	v = fs_xcalloc(m, sizeof(*v));
	tmp = fs_xcalloc(m, sizeof(*tmp));
	want = fs_xcalloc(2 * (size_t)m, sizeof(*want));
	for (k = 0; k < m; k++) {
		want[2 * k] = tr.fs_kids[tr.node[p].fs_kids + k];
		want[2 * k + 1] = k;
	}
	walk_tr = &tr;
	qsort(want, m, 2 * sizeof(*want), walk_cmp);
	fs_fairtree_walk_order(&tr, p, v, tmp);
	for (k = 0; k < m; k++)
		bad += v[k] != want[2 * k];
	ok(m == (uint32_t)n && !bad, "its walk order is by Level FS, users "
	   "first, ties as listed (%u of %u out of place)", bad, m);
	free(v);
	free(tmp);
	free(want);
	fs_tree_release(&tr);
	fs_table_release(&t);
}

int
main(void)
{
	test_iso_time();
	test_fairtree_ex1();
	test_classic_ex1();
	test_near_miss();
	test_parse_usage();
	test_meta_put();
	test_roundtrip();
	test_deep_chain();
	test_walk_order_long();
	test_slurp_huge();
	test_filled();
	test_errors();
	test_error_escapes();
	return done_testing();
}
