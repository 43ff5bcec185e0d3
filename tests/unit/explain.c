/*
 * Unit tests for lib/model/explain.c: the facts fs-explain prints, on the trees
 * of docs/slurm.md §8 (tests/trees) and on small trees written here,
 * plus properties checked for every pair of users in every tree under both
 * tie modes: the deciding rule agrees with the ranks, and the shares found
 * are exactly enough (re-ranked with them the lower user is strictly above,
 * with one share fewer it is not).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fs.h"
#include "ranked.h"
#include "tap.h"

static int
load_file(struct t *t, const char *path, enum fs_ties ties)
{
	struct fs_buf b;
	struct fs_err e = {path, 0, ""};
	FILE *f = fopen(path, "r");
	int r;

	if (!f)
		return -1;
	fs_buf_init(&b);
	r = fs_slurp(f, &b, &e);
	fclose(f);
	if (r < 0)
		return -1;
	r = load_text(t, b.data, ties);
	fs_buf_release(&b);
	return r;
}


static uint32_t
user(const struct t *t, const char *spec)
{
	uint32_t i;
	struct fs_err e = {"test", 0, ""};

	if (fs_explain_find_user(&t->tr, spec, &i, &e) < 0) {
		fs_err_print(&e);
		abort();
	}
	return i;
}

static const char *
nm(const struct t *t, uint32_t i)
{
	return t->tr.node[i].is_user ? t->tr.node[i].user : t->tr.node[i].acct;
}

static struct fs_explain
pair(const struct t *t, const char *a, const char *b)
{
	struct fs_explain x;

	fs_explain_pair(&t->tr, &t->ro, user(t, a), user(t, b), &x);
	return x;
}

/* Is node i in the fs subtree of node top? */
static int
under(const struct fs_tree *tr, uint32_t i, uint32_t top)
{
	for (; i != FS_NONE; i = tr->node[i].fs_parent)
		if (i == top)
			return 1;
	return 0;
}

/* Rank user u and v with node i given s shares: u strictly above v? */
static int
above_with(const struct t *t, uint32_t i, uint32_t s, uint32_t u, uint32_t v)
{
	struct fs_tree c = t->tr;
	int r;

	c.node = malloc(t->tr.n * sizeof(*c.node));
	memcpy(c.node, t->tr.node, t->tr.n * sizeof(*c.node));
	c.node[i].shares_raw = s;
	fs_rank(&c, &t->ro);
	r = c.node[u].rank > c.node[v].rank;
	free(c.node);
	return r;
}

/* Check every pair of users; returns the number of failures. */
static int
properties(const struct t *t, const char *what)
{
	const struct fs_tree *tr = &t->tr;
	uint32_t a, b, u, v;
	int bad = 0;

	for (a = 0; a < tr->n; a++)
		for (b = 0; b < tr->n; b++) {
			struct fs_explain x;
			uint32_t hi, lo, rhi, rlo;

			if (!tr->node[a].is_user || !tr->node[b].is_user ||
			    a == b)
				continue;
			fs_explain_pair(tr, &t->ro, a, b, &x);
			if (x.rank[0] != tr->user_count + 1 - tr->node[a].rank)
				bad++;
			hi = x.first >= 0 ? x.side[x.first].node : FS_NONE;
			lo = x.first >= 0 ? x.side[!x.first].node : FS_NONE;
			switch (x.rule) {
			case FS_RULE_LEVEL_FS:
				/* everything under hi strictly above
				 * everything under lo */
				for (u = 0; u < tr->n; u++)
					for (v = 0; v < tr->n; v++)
						if (tr->node[u].is_user &&
						    tr->node[v].is_user &&
						    under(tr, u, hi) &&
						    under(tr, v, lo) &&
						    tr->node[u].rank <=
							    tr->node[v].rank) {
							bad++;
							ok(0, "%s: %s/%s: %s not above %s",
							   what, nm(t, a), nm(t, b),
							   nm(t, u), nm(t, v));
						}
				break;
			case FS_RULE_TIED_USERS:
				if (x.order != 0) {
					bad++;
					ok(0, "%s: %s %s tied users differ",
					   what, nm(t, a), nm(t, b));
				}
				break;
			case FS_RULE_USER_FIRST:
			case FS_RULE_LIST_ORDER:
				rhi = x.rank[x.first];
				rlo = x.rank[!x.first];
				if (rhi > rlo) {
					bad++;
					ok(0, "%s: %s %s tie rule vs ranks",
					   what, nm(t, a), nm(t, b));
				}
				if (x.order == 0 && x.carry_to == FS_NONE) {
					bad++;
					ok(0, "%s: %s %s: same rank without "
					   "carry-in", what, nm(t, a), nm(t, b));
				}
				break;
			default:
				bad++;
				ok(0, "%s: unexpected rule %d", what, x.rule);
			}
			if (x.shares == FS_SHARES_OK) {
				uint32_t n = x.side[x.lower].node;
				uint32_t l = x.user[x.lower], h = x.user[!x.lower];

				if (!above_with(t, n, x.shares_needed, l, h) ||
				    (x.shares_needed > x.shares_now + 1 &&
				     above_with(t, n, x.shares_needed - 1, l, h))) {
					bad++;
					ok(0, "%s: %s %s: %u shares for %s is "
					   "not exactly enough", what, nm(t, a),
					   nm(t, b), x.shares_needed,
					   nm(t, n));
				}
			} else if (x.shares == FS_SHARES_LIMIT) {
				uint32_t n = x.side[x.lower].node;

				if (above_with(t, n, 100000, x.user[x.lower],
					       x.user[!x.lower])) {
					bad++;
					ok(0, "%s: %s %s: limit, yet 100000 "
					   "shares win", what, nm(t, a), nm(t, b));
				}
			}
		}
	return bad;
}

static const char ex_nousage[] =
	"#fs-tsv 1\n#cluster=t\n#taken=2026-01-01T00:00:00Z\n"
	"Account\tUser\tParent\tRawShares\tRawUsage\n"
	"root\t\t\t\t\n"
	"a\t\troot\t1\t\n"
	"a\tx\ta\t1\t0\n"
	"a\ty\ta\t0\t0\n"
	"b\t\troot\t2\t\n"
	"b\tz\tb\t1\t0\n";

/* Two users under several accounts and partitions. */
static const char ex_names[] =
	"#fs-tsv 1\n#cluster=t\n#taken=2026-01-01T00:00:00Z\n"
	"Account\tUser\tPartition\tParent\tRawShares\tRawUsage\n"
	"root\t\t\t\t\t\n"
	"a\t\t\troot\t1\t\n"
	"a\tx\tp1\ta\t1\t1\n"
	"a\tx\tp2\ta\t1\t2\n"
	"b\t\t\troot\t1\t\n"
	"b\tx\t\tb\t1\t3\n"
	"b\tw\t\tb\t1\t3\n";

int
main(void)
{
	static const char *const trees[] = {
		"trees/ex1.tsv", "trees/ex2a.tsv", "trees/ex2b.tsv",
		"trees/ex3.tsv", "trees/ex4.tsv", "trees/ex5.tsv",
		"trees/ex6.tsv", "trees/ex7.tsv"};
	struct t t;
	struct fs_explain x;
	struct fs_explain_path p;
	const struct fs_explain_step *s;
	struct fs_err e = {"test", 0, ""};
	uint32_t i;
	size_t k;
	int m;

	if (access("trees/ex1.tsv", R_OK) < 0 && chdir("tests") < 0)
		return 1;

	/* Example 2a: tied accounts, list order, carry-in. */
	if (load_file(&t, "trees/ex2a.tsv", FS_TIES_SLURM) < 0)
		return 1;
	x = pair(&t, "uA3", "uB1");
	ok(x.rule == FS_RULE_LIST_ORDER && x.first == 0 && x.order == 0,
	   "ex2a uA3/uB1: list order, acctA first, same rank");
	ok(x.carry_from == user(&t, "uA3") && x.carry_to == user(&t, "uB1"),
	   "ex2a: uB1 takes uA3's rank by carry-in");
	ok(!strcmp(t.tr.node[x.ancestor].acct, "root"), "ex2a: ancestor root");
	ok(x.shares == FS_SHARES_OK && x.shares_needed == 2 &&
	   x.shares_now == 1 && x.level_shares_after == 3,
	   "ex2a: acctA needs 2 shares");
	x = pair(&t, "uB2", "uA1");
	ok(x.rule == FS_RULE_LIST_ORDER && x.first == 1 && x.order == 1 &&
	   x.carry_to == user(&t, "uB1") && x.carry_from == user(&t, "uA3"),
	   "ex2a uB2/uA1: B first; carry-in named from the ranks");
	ok(properties(&t, "ex2a slurm") == 0, "ex2a slurm: every pair");
	unload(&t);

	if (load_file(&t, "trees/ex2a.tsv", FS_TIES_MERGE) < 0)
		return 1;
	x = pair(&t, "uA1", "uB1");
	ok(x.merged == 1 && x.rule == FS_RULE_LEVEL_FS && x.first == 1 &&
	   x.order == 1, "ex2a merge: compared one level down, uB1 higher");
	ok(x.shares == FS_SHARES_LIMIT && x.level_fs_after[0] < 2.0001L,
	   "ex2a merge: no shares make uA1 beat LF 2.5");
	unload(&t);

	/* Example 6: the near miss. */
	if (load_file(&t, "trees/ex6.tsv", FS_TIES_SLURM) < 0)
		return 1;
	x = pair(&t, "ua", "ub");
	ok(x.rule == FS_RULE_LEVEL_FS && x.near_miss && x.first == 1 &&
	   x.order == 1, "ex6: not a tie, ub first, near miss flagged");
	ok(x.side[0].level_fs < 1 && x.side[1].level_fs > 1,
	   "ex6: long double LF on both sides of 1");
	ok(x.shares == FS_SHARES_OK && x.shares_needed == 2,
	   "ex6: ua needs 2 shares");
	unload(&t);

	/* Example 5: user tied with an account, carried through subY. */
	if (load_file(&t, "trees/ex5.tsv", FS_TIES_SLURM) < 0)
		return 1;
	x = pair(&t, "u0", "y1");
	ok(x.rule == FS_RULE_USER_FIRST && x.first == 0 && x.order == 0 &&
	   x.side[0].node == user(&t, "u0") &&
	   x.carry_from == user(&t, "u0") && x.carry_to == user(&t, "y1"),
	   "ex5 u0/y1: user first, y1 carried to u0's rank");
	x = pair(&t, "y2", "u0");
	ok(x.rule == FS_RULE_USER_FIRST && x.first == 1 && x.order == 1 &&
	   x.lower == 0 && x.shares_needed == 2,
	   "ex5 y2/u0: acctX needs 2 shares");
	x = pair(&t, "uX", "y1");
	ok(x.rule == FS_RULE_LEVEL_FS && x.first == 1 &&
	   !strcmp(t.tr.node[x.ancestor].acct, "acctX"),
	   "ex5 uX/y1: decided under acctX, subY higher");
	fs_explain_path_init(&p, &t.tr, user(&t, "y2"));
	s = fs_explain_path_step(&p, 0);
	m = p.nstep == 3 && s->level.place == 1 && s->nbefore == 1 &&
	    s->before[0] == user(&t, "u0");
	i = s->level.node;
	s = fs_explain_path_step(&p, 2);
	ok(m && s->level.place == 1 && s->before[0] == user(&t, "y1"),
	   "ex5 path of y2: after u0 at root, after y1 in subY");
	ok(fs_explain_relation(&t.tr, FS_TIES_SLURM, user(&t, "u0"), i) ==
	   FS_RULE_USER_FIRST, "ex5: u0 before acctX by user-first");
	fs_explain_path_release(&p);
	ok(properties(&t, "ex5") == 0, "ex5: every pair");
	unload(&t);

	/* Example 4: FairShare=parent user and account, idle ties. */
	if (load_file(&t, "trees/ex4.tsv", FS_TIES_SLURM) < 0)
		return 1;
	x = pair(&t, "s2", "b2");
	ok(x.rule == FS_RULE_LEVEL_FS && isinf(x.side[0].level_fs) &&
	   !strcmp(t.tr.node[x.ancestor].acct, "busy") && x.first == 0,
	   "ex4 s2/b2: the parent user is +inf in busy's list");
	ok(x.shares == FS_SHARES_INF, "ex4: nothing beats +inf");
	x = pair(&t, "i1a", "i1b");
	ok(x.rule == FS_RULE_TIED_USERS && x.order == 0,
	   "ex4 i1a/i1b: idle users tie");
	x = pair(&t, "s1", "z1");
	ok(x.side[0].node == t.tr.node[user(&t, "s1")].fs_parent ||
	   !strcmp(t.tr.node[x.side[0].node].acct, "busy"),
	   "ex4 s1: FairShare=parent sub is transparent");
	unload(&t);

	/* Every tree, every pair, both tie modes. */
	for (k = 0; k < sizeof(trees) / sizeof(*trees); k++)
		for (m = 0; m < 2; m++) {
			if (load_file(&t, trees[k], m ? FS_TIES_MERGE
						      : FS_TIES_SLURM) < 0)
				return 1;
			ok(properties(&t, trees[k]) == 0, "%s --ties %s: "
			   "rules agree with ranks, shares exact", trees[k],
			   m ? "merge" : "slurm");
			unload(&t);
		}
	if (load_text(&t, fs_sample_tree, FS_TIES_SLURM) < 0)
		return 1;
	ok(properties(&t, "sample") == 0, "sample tree: every pair");
	ok(fs_explain_find_user(&t.tr, "alice", &i, &e) < 0 &&
	   strstr(e.msg, "ambiguous") && strstr(e.msg, "chem/alice") &&
	   strstr(e.msg, "astro/alice"), "alice is ambiguous, choices listed");
	ok(fs_explain_find_user(&t.tr, "chem", &i, &e) < 0 &&
	   strstr(e.msg, "is an account"), "an account is not a user");
	ok(fs_explain_find_user(&t.tr, "zed", &i, &e) < 0 &&
	   strstr(e.msg, "not found"), "unknown user");
	ok(fs_explain_find_user(&t.tr, "bob", &i, &e) == 0 &&
	   !strcmp(t.tr.node[i].acct, "astro"), "bob alone is enough");
	unload(&t);

	if (load_text(&t, ex_names, FS_TIES_SLURM) < 0)
		return 1;
	ok(fs_explain_find_user(&t.tr, "a/x", &i, &e) < 0 &&
	   strstr(e.msg, "a/x/p1") && strstr(e.msg, "a/x/p2") &&
	   !strstr(e.msg, "b/x"), "a/x: the partitions are the choices");
	ok(fs_explain_find_user(&t.tr, "a/x/p2", &i, &e) == 0 &&
	   !strcmp(t.tr.node[i].part, "p2"), "a/x/p2 found");
	ok(fs_explain_find_user(&t.tr, "b/x", &i, &e) == 0, "b/x found");
	unload(&t);

	if (load_text(&t, ex_nousage, FS_TIES_SLURM) < 0)
		return 1;
	x = pair(&t, "x", "z");
	ok(x.no_usage && x.rule == FS_RULE_LIST_ORDER && x.order == -1 &&
	   isinf(x.side[0].level_fs) && isinf(x.side[1].level_fs),
	   "no usage: accounts tie at inf, list order");
	x = pair(&t, "y", "z");
	ok(x.order == 0 && x.carry_from == user(&t, "y") &&
	   x.carry_to == user(&t, "z"),
	   "no usage: z takes zero-share y's rank by carry-in");
	ok(x.shares == FS_SHARES_INF, "no usage: shares cannot help");
	unload(&t);
	return done_testing();
}
