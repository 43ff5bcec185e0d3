/*
 * release.c: what each Slurm release's sshare, sprio and slurmctld do that
 * the toolkit's output follows, in one table. Writers ask it by name
 * (fs_release_has, fs_release_json_parser, ...; io.h) and never compare
 * release numbers themselves. live.c keeps only libslurm's API
 * differences, behind SLURM_VERSION_NUMBER, which the compiler must see;
 * what the controller it talks to does is asked here, by its release.
 *
 * Adding a release (26.11, say) is one row plus its tests:
 *   - append its row to rows[] below: its name, the first release string
 *     it covers, what it adds (FS_REL_* bits; a row has every bit of the
 *     rows before it) and its sshare --json data_parser version;
 *   - something no earlier release did: a new FS_REL_* name in io.h, said
 *     here in a row's comment, and the writer asking fs_release_has for it;
 *   - its tests: its line in tests/unit/release.c, and goldens
 *     (tests/golden/, a .cmd with --as-slurm) of any output it changes.
 * sshare's columns and their widths are the same in every release
 * (docs/slurm.md §6), and so are sprio's but for -l's.
 * The defaults follow the table: a tree that names no release prints as
 * the first row's sshare, and --json=sshare writes the last row's document
 * (fs-rank's help says both from here). The real-Slurm tests
 * (tests/releases.t) run against the releases of Debian's suites.
 *
 * A release string is "MAJOR[.MINOR[.MICRO]]", as Slurm writes it
 * ("24.11.5", "26.05", a pre-release "25.05.0-0rc1"), each number 1 to 4
 * decimal digits: anything else (a sign, 0x, a number past 9999, text
 * after it, "abc") is no release, and is refused where it is read. It
 * reads as the row of the newest release at or
 * before it, one older than every row as the first row. A May release's
 * row covers its whole year up to .11 (YEAR), its November release's from
 * .11, as the data_parser numbers went ("26" and "26.02" read as 26.05).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "io/io.h"

/* A row's minor: from the first release string of its year. */
#define YEAR INT_MIN

static const struct row {
	const char *name;	/* as a default prints it */
	int major, minor;	/* the first release string it covers */
	unsigned adds;		/* FS_REL_* bits new in it */
	int parser;		/* sshare --json's data_parser, v0.0.N
				 * (before 23.11: the first, for
				 * --json=sshare --as-slurm) */
} rows[] = {
	/* The reference: sprio -l without ACCOUNT and QOSNAME; sshare
	 * computes a classic FairShare on every row, accounts too. */
	{"22.05", 22, 5, 0, 40},
	/* sprio -l and -n -l add ACCOUNT (%.8o) and QOSNAME (%10n). */
	{"23.02", 23, 2, FS_REL_SPRIO_QOSNAME, 40},
	/* sshare --json; the controller lists associations by lineage. */
	{"23.11", 23, 11, FS_REL_SSHARE_JSON | FS_REL_CTLD_LINEAGE, 40},
	{"24.05", 24, YEAR, 0, 41},
	/* A job may ask for several QOS: sprio prints a row per partition
	 * and QOS (fs_prio_split_jobs splits every job so; before 24.11 the
	 * controller sends one QOS). */
	{"24.11", 24, 11, FS_REL_SPRIO_MULTI_QOS, 42},
	/* data_parser v0.0.43: an infinite Level FS is dumped as 2^64 - 1,
	 * with a warning. */
	{"25.05", 25, YEAR, FS_REL_JSON_INF_AS_MAX, 43},
	/* The controller keeps the classic factor; sshare prints FairShare
	 * on user rows only under every algorithm (blank on classic
	 * accounts), and --json sends the controller's factors. */
	{"25.11", 25, 11, FS_REL_SSHARE_FS_USERS_ONLY | FS_REL_CTLD_CLASSIC_FS,
	 44},
	{"26.05", 26, YEAR, 0, 45},
};

#define NROWS (sizeof(rows) / sizeof(*rows))

/* The digits of one number of a release at *p, moved past them: 1 to
 * RELEASE_DIGITS decimal digits, no sign, no space, no 0x. */
#define RELEASE_DIGITS 4

static int
part(const char **p, int *v)
{
	int n = 0;

	*v = 0;
	while (**p >= '0' && **p <= '9' && n < RELEASE_DIGITS) {
		*v = *v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n > 0 && !(**p >= '0' && **p <= '9');
}

int
fs_release_parse(const char *release, int v[3])
{
	const char *p = release;
	int n = 0, w[3] = {0, 0, 0};

	v[0] = v[1] = v[2] = 0;
	if (!p)
		return 0;
	/* MAJOR[.MINOR[.MICRO]], each of 1 to 4 digits ... */
	do {
		if (!part(&p, &w[n++]))
			return 0;
	} while (n < 3 && *p == '.' && p++);
	/* ... and after MAJOR.MINOR, a pre-release's "-0rc1" at most. */
	if (*p == '-' && n >= 2) {
		size_t k = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.");

		if (k >= 1 && k <= 16)
			p += 1 + k;
	}
	if (*p)
		return 0;
	memcpy(v, w, sizeof(w));
	return n;
}

int
fs_release_valid(const char *release)
{
	int v[3];

	return fs_release_parse(release, v) > 0;
}

int
fs_release_meta(const struct fs_header *h, const char **release,
		struct fs_err *e)
{
	char q[64];

	*release = fs_header_meta(h, "slurm_version");
	if (!*release || fs_release_valid(*release))
		return 0;
	return fs_error(e, fs_header_meta_line(h, "slurm_version"),
			"#slurm_version %s is not a Slurm release: expected "
			"MAJOR.MINOR[.MICRO], each of 1 to 4 digits, as %s.3",
			fs_quote(q, sizeof(q), *release, strlen(*release)),
			fs_release_newest());
}

/* The index of release's row, or -1 if it is no release (NULL too); *has
 * its FS_REL_* bits. */
static int
find(const char *release, unsigned *has)
{
	int v[3], i, k = 0;

	*has = 0;
	if (!fs_release_parse(release, v))
		return -1;
	for (i = 0; i < (int)NROWS; i++) {
		if (i && (v[0] < rows[i].major ||
			  (v[0] == rows[i].major && v[1] < rows[i].minor)))
			break;
		*has |= rows[i].adds;
		k = i;
	}
	return k;
}

int
fs_release_known(const char *release)
{
	unsigned has;
	int v[3], k = find(release, &has);
	const struct row *r = &rows[NROWS - 1];

	if (k < 0)
		return 0;
	fs_release_parse(release, v);
	/* The newest row covers its year up to .11, or from .11 to the
	 * year's end: later is a release the table has no row for. */
	return k < (int)NROWS - 1 ||
	       (v[0] == r->major && (r->minor == YEAR ? v[1] < 11 : 1));
}

int
fs_release_has(const char *release, enum fs_rel_feature f)
{
	unsigned has;

	if (find(release, &has) < 0)
		return -1;
	return (has & (unsigned)f) != 0;
}

int
fs_release_json_parser(const char *release)
{
	unsigned has;
	int k = find(release, &has);

	return rows[k < 0 ? (int)NROWS - 1 : k].parser;
}

void
fs_release_json_parsers(int *oldest, int *newest)
{
	*oldest = fs_release_json_parser(fs_release_first(FS_REL_SSHARE_JSON));
	*newest = rows[NROWS - 1].parser;
}

const char *
fs_release_first(enum fs_rel_feature f)
{
	size_t i;

	for (i = 0; i < NROWS; i++)
		if (rows[i].adds & (unsigned)f)
			return rows[i].name;
	return NULL;
}

const char *
fs_release_oldest(void)
{
	return rows[0].name;
}

const char *
fs_release_newest(void)
{
	return rows[NROWS - 1].name;
}
