/*
 * gentree: write a realistic synthetic TSV tree (fs-tsv(5)) of any size, for
 * benchmarks and stress tests.
 *
 *	gentree -n ASSOCIATIONS [-s SEED] [-d DEPTH] [-S] [-P] [-z PERCENT]
 *
 * The tree looks like a university or company cluster: root, a few large
 * organisations, departments, groups and projects below them, down to a
 * depth chosen from 3 to 7 by the seed (or -d). Accounts attach to a parent
 * by preferential attachment, so fan-out is skewed: a few accounts have
 * hundreds of children, most have a handful. Users sit in the deeper
 * accounts; a share of them are members of several accounts, about a third
 * are idle (RawUsage 0), usage otherwise has a heavy tail. Some accounts and
 * users have RawShares "parent" (FairShare=parent), and runs of siblings
 * copy their predecessor's shares and usage so that ties occur. Accounts
 * leave RawUsage empty (the sum of their children), a few give it.
 *
 * Output: accounts first, parents before children, then users; -S shuffles
 * the rows. -P adds a Partition column. -z gives about PERCENT of the
 * accounts RawShares 0 (Level FS 0: long runs of tied accounts). The same
 * options give the same bytes on every machine: the generator is
 * xoshiro256** and prints only integers and fixed-point decimals.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rs[4];

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
next(void)
{
	uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;

	rs[2] ^= rs[0];
	rs[3] ^= rs[1];
	rs[1] ^= rs[2];
	rs[0] ^= rs[3];
	rs[2] ^= t;
	rs[3] = rotl(rs[3], 45);
	return r;
}

static void
seed(uint64_t s)
{
	int i;

	for (i = 0; i < 4; i++) {	/* splitmix64 */
		uint64_t z = (s += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		rs[i] = z ^ (z >> 31);
	}
}

/* Uniform in [0, n). */
static uint64_t
below(uint64_t n)
{
	return n ? next() % n : 0;
}

/* Percent chance. */
static int
chance(unsigned pct)
{
	return below(100) < pct;
}

struct acct {
	uint32_t parent, depth;
	uint32_t nusers;
	char shares[16];
};

struct row {
	uint32_t acct;		/* account index */
	uint32_t user;		/* user name index + 1; 0 for the account row */
	char shares[16];
	char usage[32];
};

static void
pick_shares(char *out)
{
	static const unsigned common[] = {1, 1, 1, 1, 10, 10, 100, 100, 5, 50,
					  1000, 2, 3, 20, 40, 60};
	unsigned k = (unsigned)below(100);

	if (k < 4)
		strcpy(out, "parent");
	else if (k < 5)
		strcpy(out, "0");
	else if (k < 80)
		sprintf(out, "%u", common[below(sizeof(common) / sizeof(*common))]);
	else
		sprintf(out, "%u", 1 + (unsigned)below(10000));
}

static void
pick_usage(char *out)
{
	uint64_t mant, scale;

	if (chance(33)) {
		strcpy(out, "0");
		return;
	}
	/* Heavy tail: a power of ten from 1 to 10^9, then a mantissa. */
	scale = 1;
	for (mant = below(10); mant > 0; mant--)
		scale *= 10;
	mant = 1 + below(scale * 9);
	if (chance(50))
		sprintf(out, "%llu", (unsigned long long)mant);
	else
		sprintf(out, "%llu.%06u", (unsigned long long)mant,
			(unsigned)below(1000000));
}

/* Add the pair (account, user) to an open-addressing set; 0 if present. */
static int
set_add(uint64_t *set, uint64_t mask, uint32_t acct, uint32_t user)
{
	uint64_t key = ((uint64_t)acct << 32 | user) + 1;
	uint64_t h = (key * 0x9e3779b97f4a7c15ULL) >> 17;

	for (;; h++) {
		if (set[h & mask] == key)
			return 0;
		if (!set[h & mask]) {
			set[h & mask] = key;
			return 1;
		}
	}
}

static void
usage(void)
{
	fprintf(stderr, "usage: gentree -n ASSOCIATIONS [-s SEED] [-d DEPTH] "
		"[-S] [-P] [-z PERCENT]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static const char *const kind[] = {"org", "dept", "grp", "proj", "team",
					   "sub", "leaf"};
	unsigned long long n = 0, s = 1;
	unsigned maxdepth = 0;
	int shuffle = 0, part = 0, c;
	unsigned zero = 0;
	uint64_t *stamp, mask;
	uint32_t na, nu, i, j, *bag, nbag = 0, *eligible, nel = 0;
	struct acct *a;
	struct row *row;
	uint64_t nrows;
	char *end;

	while ((c = getopt(argc, argv, "n:s:d:SPz:")) != -1) {
		switch (c) {
		case 'n':
			n = strtoull(optarg, &end, 10);
			if (*end || n < 1 || n > 100000000)
				usage();
			break;
		case 's':
			s = strtoull(optarg, &end, 10);
			if (*end)
				usage();
			break;
		case 'd':
			maxdepth = (unsigned)strtoul(optarg, &end, 10);
			if (*end || maxdepth < 3 || maxdepth > 7)
				usage();
			break;
		case 'S':
			shuffle = 1;
			break;
		case 'P':
			part = 1;
			break;
		case 'z':
			zero = (unsigned)strtoul(optarg, &end, 10);
			if (*end || zero > 100)
				usage();
			break;
		default:
			usage();
		}
	}
	if (!n || optind != argc)
		usage();
	seed(s);
	if (!maxdepth)
		maxdepth = 3 + (unsigned)below(5);

	/* About one account per twelve associations; users fill the rest. */
	na = (uint32_t)(n / 12);
	if (na < 1)
		na = 1;
	if (na < maxdepth && n >= 2 * maxdepth)
		na = maxdepth;
	if (na > n)
		na = (uint32_t)n;
	nu = (uint32_t)(n - na);
	a = calloc(na, sizeof(*a));
	bag = malloc(2 * (size_t)na * sizeof(*bag) + 8);
	eligible = malloc((size_t)na * sizeof(*eligible) + 4);
	row = malloc((size_t)n * sizeof(*row));
	if (!a || !bag || !eligible || !row) {
		fprintf(stderr, "gentree: out of memory\n");
		return 1;
	}

	/* Accounts: a spine to the full depth first, then preferential
	 * attachment (an account is as likely to be picked as it has
	 * children, plus one) among accounts that may still have children. */
	a[0].parent = UINT32_MAX;
	strcpy(a[0].shares, "");
	for (i = 1; i < na; i++) {
		uint32_t p;

		if (i <= maxdepth - 1)
			p = i - 1;	/* the spine */
		else if (i < 4 || nbag == 0)
			p = 0;
		else {
			do
				p = bag[below(nbag)];
			while (a[p].depth + 2 > maxdepth);
		}
		a[i].parent = p;
		a[i].depth = a[p].depth + 1;
		if (i > 1 && a[i - 1].parent == p && chance(20))
			strcpy(a[i].shares, a[i - 1].shares);	/* tie */
		else
			pick_shares(a[i].shares);
		if (zero && below(100) < zero)
			strcpy(a[i].shares, "0");
		if (a[i].depth + 2 <= maxdepth) {
			bag[nbag++] = i;
			if (p)
				bag[nbag++] = p;
		}
	}
	/* Users go below depth 2 where the tree is that deep. */
	for (i = 1; i < na; i++)
		if (a[i].depth >= 2)
			eligible[nel++] = i;
	if (!nel)
		eligible[nel++] = 0;

	nrows = 0;
	for (i = 0; i < na; i++) {
		row[nrows].acct = i;
		row[nrows].user = 0;
		strcpy(row[nrows].shares, a[i].shares);
		row[nrows].usage[0] = '\0';
		if (i && chance(2))
			pick_usage(row[nrows].usage);	/* given, not summed */
		nrows++;
	}

	/* User names: about a fifth of the associations reuse the name of a
	 * user already placed elsewhere (members of several accounts). */
	for (mask = 15; mask < 2 * (uint64_t)nu + 2; mask = mask * 2 + 1)
		;
	stamp = calloc(mask + 1, sizeof(*stamp));
	if (!stamp) {
		fprintf(stderr, "gentree: out of memory\n");
		return 1;
	}
	{
		uint32_t next_name = 0, left = nu;

		if (left) {	/* root's own user, as sacctmgr makes it */
			row[nrows].acct = 0;
			row[nrows].user = UINT32_MAX;
			strcpy(row[nrows].shares, "1");
			strcpy(row[nrows].usage, "0");
			nrows++;
			left--;
		}
		while (left) {
			/* Skewed group sizes: mostly small, a few large. */
			uint32_t acct = eligible[below(nel)], k, size;

			size = 1 + (uint32_t)below(chance(90) ? 8 : 200);
			if (size > left)
				size = left;
			for (k = 0; k < size; k++) {
				struct row *r = &row[nrows];
				uint32_t u = next_name;

				if (next_name && chance(20)) {
					u = (uint32_t)below(next_name);
					if (!set_add(stamp, mask, acct, u))
						u = next_name;
				}
				if (u == next_name) {
					next_name++;
					set_add(stamp, mask, acct, u);
				}
				r->acct = acct;
				r->user = u + 1;
				if (k && chance(15)) {	/* tie */
					strcpy(r->shares, r[-1].shares);
					strcpy(r->usage, r[-1].usage);
				} else {
					if (chance(3))
						strcpy(r->shares, "parent");
					else if (chance(70))
						strcpy(r->shares, "1");
					else
						sprintf(r->shares, "%u",
							1 + (unsigned)below(100));
					pick_usage(r->usage);
				}
				nrows++;
				left--;
			}
		}
	}
	/* An account that gives its usage has at least the sum of its
	 * subtree's, as Slurm's accounts do (what was charged below it, and
	 * to associations since deleted): the picked value is that extra. */
	{
		long double *sub = calloc(na, sizeof(*sub));

		if (!sub) {
			fprintf(stderr, "gentree: out of memory\n");
			return 1;
		}
		for (j = (uint32_t)na; j < nrows; j++)
			sub[row[j].acct] += strtold(row[j].usage, NULL);
		for (i = na; i-- > 1;)
			sub[a[i].parent] += sub[i] +
					    (row[i].usage[0] ? strtold(row[i].usage, NULL) : 0);
		for (i = 1; i < na; i++)
			if (row[i].usage[0])
				snprintf(row[i].usage, sizeof(row[i].usage), "%.6Lf",
					 sub[i] + strtold(row[i].usage, NULL));
		free(sub);
	}
	if (shuffle)
		for (i = (uint32_t)nrows; i > 1; i--) {
			struct row t;

			j = (uint32_t)below(i);
			t = row[i - 1];
			row[i - 1] = row[j];
			row[j] = t;
		}

	printf("#fs-tsv 1\n#cluster=bench\n#taken=2026-11-20T08:00:00Z\n"
	       "#half_life=604800\n#source=gentree -n %llu -s %llu\n", n, s);
	printf("Account\tUser\t%sParent\tRawShares\tRawUsage\n",
	       part ? "Partition\t" : "");
	for (i = 0; i < nrows; i++) {
		const struct row *r = &row[i];
		const struct acct *x = &a[r->acct];
		char name[32], pname[32];

		if (r->acct)
			sprintf(name, "%s%u", kind[x->depth - 1], r->acct);
		else
			strcpy(name, "root");
		if (r->user) {
			if (r->user == UINT32_MAX)
				printf("root\troot\t%sroot\t%s\t%s\n",
				       part ? "\t" : "", r->shares, r->usage);
			else
				printf("%s\tu%u\t%s%s\t%s\t%s\n", name,
				       r->user - 1, part ? (r->user % 7 ? "\t" : "gpu\t") : "",
				       name, r->shares, r->usage);
			continue;
		}
		if (x->parent == UINT32_MAX)
			pname[0] = '\0';
		else if (x->parent)
			sprintf(pname, "%s%u", kind[a[x->parent].depth - 1],
				x->parent);
		else
			strcpy(pname, "root");
		printf("%s\t\t%s%s\t%s\t%s\n", name, part ? "\t" : "", pname,
		       r->shares, r->usage);
	}
	free(a);
	free(bag);
	free(eligible);
	free(row);
	free(stamp);
	if (fflush(stdout) || ferror(stdout)) {
		perror("gentree: write");
		return 1;
	}
	return 0;
}
