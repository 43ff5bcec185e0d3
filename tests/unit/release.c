/*
 * release.c: the table of Slurm releases (lib/io/release.c), asked as the
 * writers ask it. One line per release the table knows, then release
 * strings between and around its rows, then the defaults. Adding a release
 * to the table adds its line here.
 */
#include <string.h>

#include "fs.h"
#include "tap.h"

#define N(a) (sizeof(a) / sizeof(*(a)))

/* Every feature, with its name for the messages. */
static const struct {
	enum fs_rel_feature f;
	const char *name;
} features[] = {
	{FS_REL_SPRIO_QOSNAME, "sprio QOSNAME"},
	{FS_REL_SSHARE_JSON, "sshare --json"},
	{FS_REL_CTLD_LINEAGE, "lineage"},
	{FS_REL_SPRIO_MULTI_QOS, "multi-QOS"},
	{FS_REL_JSON_INF_AS_MAX, "inf as 2^64 - 1"},
	{FS_REL_SSHARE_FS_USERS_ONLY, "FairShare on users only"},
	{FS_REL_CTLD_CLASSIC_FS, "ctld classic factor"},
};

#define Q FS_REL_SPRIO_QOSNAME
#define J FS_REL_SSHARE_JSON
#define L FS_REL_CTLD_LINEAGE
#define M FS_REL_SPRIO_MULTI_QOS
#define I FS_REL_JSON_INF_AS_MAX
#define U FS_REL_SSHARE_FS_USERS_ONLY
#define C FS_REL_CTLD_CLASSIC_FS

/* A release string, every feature it must have, its data_parser. */
static const struct {
	const char *rel;
	unsigned has;
	int parser;
} cases[] = {
	/* The releases. */
	{"22.05", 0, 40},
	{"23.02", Q, 40},
	{"23.11", Q | J | L, 40},
	{"24.05", Q | J | L, 41},
	{"24.11", Q | J | L | M, 42},
	{"25.05", Q | J | L | M | I, 43},
	{"25.11", Q | J | L | M | I | U | C, 44},
	{"26.05", Q | J | L | M | I | U | C, 45},
	/* Micro releases, and strings between and around the rows. */
	{"22.05.8", 0, 40},
	{"26.05.3", Q | J | L | M | I | U | C, 45},
	{"21.08", 0, 40},
	{"0", 0, 40},
	{"23", 0, 40},
	{"23.01", 0, 40},
	{"23.05", Q, 40},
	{"23.11.0", Q | J | L, 40},
	{"24", Q | J | L, 41},
	{"24.02", Q | J | L, 41},
	{"24.08", Q | J | L, 41},
	{"24.10.99", Q | J | L, 41},
	{"25.02", Q | J | L | M | I, 43},
	{"25.10", Q | J | L | M | I, 43},
	{"25.12", Q | J | L | M | I | U | C, 44},
	{"26", Q | J | L | M | I | U | C, 45},
	{"26.11", Q | J | L | M | I | U | C, 45},
	{"99.05", Q | J | L | M | I | U | C, 45},
	{"26.05-rc1", Q | J | L | M | I | U | C, 45},
	{"25.05.0-0rc1", Q | J | L | M | I, 43},
	{"9999.9999.9999", Q | J | L | M | I | U | C, 45},
};

static void
test_rows(void)
{
	size_t i, k;

	for (i = 0; i < N(cases); i++) {
		int good = fs_release_valid(cases[i].rel);

		for (k = 0; k < N(features); k++) {
			int want = (cases[i].has & (unsigned)features[k].f) != 0;

			good &= fs_release_has(cases[i].rel, features[k].f) ==
				want;
		}
		ok(good, "%s: its features", cases[i].rel);
		ok(fs_release_json_parser(cases[i].rel) == cases[i].parser,
		   "%s: data_parser v0.0.%d (%d)", cases[i].rel,
		   cases[i].parser, fs_release_json_parser(cases[i].rel));
	}
}

static void
test_not_releases(void)
{
	/* One rule everywhere: 1 to 4 digits a number, no sign, no 0x, no
	 * text after them but a pre-release's "-rc1". */
	static const char *const bad[] = {
		NULL, "", "x", "abc", "v26.05", ".05", "-5", "-1.5", "24.-1",
		"25.-11", "+25.11", " 25.11", "25.11 ", "0x19.11", "25.11garbage",
		"25.11.", "25..11", "25.11.5.1", "25-rc1", "25.11-", "25.11-r c",
		"25.11-rc1234567890abcdefg", "99999999999999999999", "2147483648",
		"4294967296.05", "25.2147483648", "10000.05",
		"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"};
	size_t i, k;

	for (i = 0; i < N(bad); i++) {
		int good = !fs_release_valid(bad[i]);

		for (k = 0; k < N(features); k++)
			good &= fs_release_has(bad[i], features[k].f) == -1;
		ok(good && fs_release_json_parser(bad[i]) ==
				   fs_release_json_parser(fs_release_newest()),
		   "'%s' is no release (the newest's data_parser)",
		   bad[i] ? bad[i] : "(null)");
	}
}

static void
test_known(void)
{
	static const char *const known[] = {"22.05", "0", "21.08", "25.11.5",
					    "26.05", "26", "26.10.9"};
	static const char *const after[] = {"26.11", "27", "27.05", "99.05",
					    "9999.9999"};
	size_t i;

	for (i = 0; i < N(known); i++)
		ok(fs_release_known(known[i]), "%s: a row of the table",
		   known[i]);
	for (i = 0; i < N(after); i++)
		ok(!fs_release_known(after[i]) && fs_release_valid(after[i]),
		   "%s: a release after the table's rows", after[i]);
	ok(!fs_release_known("abc") && !fs_release_known(NULL),
	   "no release: not known");
}

static void
test_parse(void)
{
	int v[3];

	ok(fs_release_parse("24.11.5", v) == 3 && v[0] == 24 && v[1] == 11 &&
		   v[2] == 5,
	   "24.11.5: 24, 11, 5");
	ok(fs_release_parse("26.05", v) == 2 && v[0] == 26 && v[1] == 5 &&
		   v[2] == 0,
	   "26.05: 26, 5, 0");
	ok(fs_release_parse("x", v) == 0 && !v[0] && !v[1] && !v[2],
	   "x: no numbers");
	ok(fs_release_parse("25.11garbage", v) == 0 && !v[0] && !v[1] &&
		   !v[2],
	   "25.11garbage: no numbers (not 25 and 11)");
	ok(fs_release_parse("99999999999999999999", v) == 0 && !v[0],
	   "99999999999999999999: no numbers (not -1)");
	ok(fs_release_parse("25.05.0-0rc1", v) == 3 && v[0] == 25 &&
		   v[1] == 5 && v[2] == 0,
	   "25.05.0-0rc1: 25, 5, 0");
}

static void
test_defaults(void)
{
	int oldest, newest;

	/* A new release changes the newest and its data_parser here. */
	ok(!strcmp(fs_release_oldest(), "22.05"), "oldest: 22.05");
	ok(!strcmp(fs_release_newest(), "26.05"), "newest: 26.05");
	ok(!strcmp(fs_release_first(FS_REL_SPRIO_QOSNAME), "23.02") &&
		   !strcmp(fs_release_first(FS_REL_SSHARE_JSON), "23.11") &&
		   !strcmp(fs_release_first(FS_REL_SPRIO_MULTI_QOS), "24.11") &&
		   !strcmp(fs_release_first(FS_REL_SSHARE_FS_USERS_ONLY),
			   "25.11"),
	   "the first releases of the features");
	fs_release_json_parsers(&oldest, &newest);
	ok(oldest == 40 && newest == 45, "data_parser v0.0.40 to v0.0.45");
	/* sprio -l follows the table. */
	ok(strstr(fs_sprio_long_format(0, "23.02"), "%.10n") &&
		   !strstr(fs_sprio_long_format(0, "22.05"), "%.10n") &&
		   !strstr(fs_sprio_long_format(1, NULL), "%10n"),
	   "sprio -l: QOSNAME from 23.02");
}

int
main(void)
{
	test_rows();
	test_not_releases();
	test_known();
	test_parse();
	test_defaults();
	return done_testing();
}
