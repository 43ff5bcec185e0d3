/*
 * explain_text.c: fs-explain's prose that lives in the library (issue 40):
 * who weighs in an account's usage (--usage-by) and what the columns mean
 * (--glossary), each written into an fs_buf, wrapped at 78 columns. The
 * rest of fs-explain's words are still the program's.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "io/io.h"

#define COLUMNS 78

/* The words of fmt as a paragraph wrapped at COLUMNS: every line indented
 * by indent. */
static void
para(struct fs_buf *b, int indent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void
para(struct fs_buf *b, int indent, const char *fmt, ...)
{
	struct fs_buf t;
	va_list ap;
	const char *p, *w;
	int col = 0;

	fs_buf_init(&t);
	va_start(ap, fmt);
	fs_buf_vprintf(&t, fmt, ap);
	va_end(ap);
	for (p = t.data ? t.data : ""; *p;) {
		int len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		for (w = p; *w && *w != ' '; w++)
			;
		len = (int)(w - p);
		if (col && col + 1 + len > COLUMNS) {
			fs_buf_addch(b, '\n');
			col = 0;
		}
		if (!col) {
			fs_buf_printf(b, "%*s", indent, "");
			col = indent;
		} else {
			fs_buf_addch(b, ' ');
			col++;
		}
		fs_buf_add(b, p, (size_t)len);
		col += len;
		p = w;
	}
	if (col)
		fs_buf_addch(b, '\n');
	fs_buf_release(&t);
}

/* A name as fs-explain writes it, into one of four buffers in turn. */
static const char *
name(const struct fs_tree *tr, uint32_t i)
{
	static struct fs_buf s[4];
	static int k;
	struct fs_buf *p = &s[k++ % 4];

	p->len = 0;
	fs_buf_addstr(p, "");
	fs_buf_user_spec(p, tr, i);
	return p->data;
}

/* A usage with its decimals, none trailing (18211.004871, 44000). */
static const char *
usage_words(long double v)
{
	static char s[4][80];
	static int k;
	char *p = s[k++ % 4], *e;

	if (isinf(v) || isnan(v)) {
		snprintf(p, 80, "%Lg", v);
		return p;
	}
	snprintf(p, 80, "%.6Lf", v);
	if (strlen(p) > 40)
		snprintf(p, 80, "%.6Lg", v);
	if (!strchr(p, '.'))
		return p;
	for (e = p + strlen(p); e[-1] == '0'; e--)
		;
	if (e[-1] == '.')
		e--;
	*e = '\0';
	return p;
}

/* sshare's six decimals, inf for infinity. */
static const char *
f6(long double v)
{
	static char s[4][80];
	static int k;
	char *p = s[k++ % 4];

	if (isinf(v))
		return "inf";
	snprintf(p, 80, fabsl(v) < 1e30L ? "%.6Lf" : "%.6Lg", v);
	return p;
}

/* sshare's RawUsage: the whole part, truncated. */
static const char *
whole(long double v)
{
	static char s[4][80];
	static int k;
	char *p = s[k++ % 4];

	if (v >= 0 && v < 0x1p64L)
		snprintf(p, 80, "%llu", (unsigned long long)fs_ld_u64(v));
	else
		snprintf(p, 80, "%.0Lf", v);
	return p;
}

static const char *
ordinal(uint32_t n)
{
	static char s[4][32];
	static int k;
	char *p = s[k++ % 4];
	const char *suf = "th";

	if (n % 100 < 11 || n % 100 > 13)
		suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd"
			: n % 10 == 3 ? "rd" : "th";
	snprintf(p, 32, "%u%s", n, suf);
	return p;
}

/* ------------------------------------------------------------ --usage-by */

void
fs_explain_usage_text(struct fs_buf *b, const struct fs_tree *tr,
		      const struct fs_rank_opts *o, uint32_t asked,
		      const struct fs_usage_by *u)
{
	const struct fs_node *a = &tr->node[u->node];
	uint32_t k, root = tr->root;
	size_t w = 11, wu = 5, len;
	char pct[32];

	if (asked != u->node)
		para(b, 0, "%s competes in %s's list.", name(tr, asked),
		     name(tr, u->node));
	snprintf(pct, sizeof(pct), "%.2Lf%%", u->node == root ? 100
		 : 100 * fs_node_usage_norm(tr, a));
	if (u->node == root)
		para(b, 0, "Usage of root, the whole cluster: %s.",
		     usage_words(a->usage_raw));
	else
		para(b, 0, "Usage of %s: %s, %s of root's %s.",
		     name(tr, u->node), usage_words(a->usage_raw), pct,
		     usage_words(tr->node[root].usage_raw));
	if (u->levels)
		para(b, 0, "Its Level FS is %s, %s of %u in %s's list: shares "
		     "%s / usage %s (its usage over %s's %s).",
		     f6(u->level.level_fs), ordinal(u->level.place + 1),
		     u->level.count, name(tr, a->fs_parent),
		     f6(u->level.shares_norm), f6(u->level.usage_efctv),
		     name(tr, a->fs_parent), usage_words(u->level.parent_usage));
	else if (u->node == root)
		para(b, 0, "Root has no Level FS: it competes with nothing.");
	else if (a->use_parent)
		para(b, 0, "%s is FairShare=parent: it has no Level FS of its "
		     "own, its members compete in %s's list (ask about %s).",
		     name(tr, u->node), name(tr, a->fs_parent),
		     name(tr, a->fs_parent));
	else
		para(b, 0, "Level FS is Fair Tree's: under %s only the parts "
		     "of the usage are shown.", fs_algorithm_name(o->algorithm));
	fs_buf_addch(b, '\n');
	if (!u->npart) {
		para(b, 0, "%s has no users or sub-accounts.",
		     name(tr, u->node));
		return;
	}
	if (a->usage_raw == 0) {
		para(b, 0, "Nothing under %s has used anything yet.",
		     name(tr, u->node));
		return;
	}
	if (u->levels)
		para(b, 0, "Who weighs in its usage, heaviest first, with the "
		     "Level FS "
		     "and place %s would have were their usage never charged "
		     "(gone from %s's usage too):", name(tr, u->node),
		     name(tr, a->fs_parent));
	else
		para(b, 0, "Who weighs in its usage, heaviest first:");
	for (k = 0; k < u->npart; k++) {
		len = u->part[k].node == FS_NONE
			      ? strlen("(deleted associations)")
			      : strlen(name(tr, u->part[k].node));
		if (len > w)
			w = len;
		len = strlen(whole(u->part[k].usage));
		if (len > wu)
			wu = len;
	}
	fs_buf_printf(b, "  %-*s %*s %7s", (int)w, "ASSOCIATION", (int)wu,
		      "USAGE", "PART");
	if (u->levels)
		fs_buf_printf(b, " %16s  %s", "LEVEL FS WITHOUT", "PLACE");
	fs_buf_addch(b, '\n');
	for (k = 0; k < u->npart; k++) {
		const struct fs_usage_part *p = &u->part[k];

		snprintf(pct, sizeof(pct), "%.2Lf%%", 100 * p->part);
		fs_buf_printf(b, "  %-*s %*s %7s", (int)w,
			      p->node == FS_NONE ? "(deleted associations)"
						 : name(tr, p->node),
			      (int)wu, whole(p->usage), pct);
		if (u->levels)
			fs_buf_printf(b, " %16s  %s of %u", f6(p->level_fs),
				      ordinal(p->place + 1), u->level.count);
		fs_buf_addch(b, '\n');
	}
	if (u->nmore)
		para(b, 2, "... and %u more, %.2Lf%% of the usage together.",
		     u->nmore, 100 * u->more_usage / a->usage_raw);
	for (k = 0; k < u->npart && u->part[k].node != FS_NONE; k++)
		;
	if (k < u->npart)
		para(b, 0, "(deleted associations): what %s's own usage holds "
		     "beyond its children's, as Slurm keeps the usage of an "
		     "association deleted under it.", name(tr, u->node));
	para(b, 0, "(USAGE is the whole part, as sshare prints RawUsage.)");
}

/* ------------------------------------------------------------ --glossary */

uint32_t
fs_explain_glossary_user(const struct fs_tree *tr)
{
	uint32_t k, first = FS_NONE;

	for (k = 0; k < tr->n; k++) {
		const struct fs_node *a = &tr->node[tr->order[k]];

		if (!a->is_user)
			continue;
		if (first == FS_NONE)
			first = tr->order[k];
		if (!a->use_parent && a->shares_raw && a->usage_raw > 0 &&
		    a->fs_parent != tr->root)
			return tr->order[k];
	}
	return first;
}

void
fs_explain_glossary(struct fs_buf *b, const struct fs_tree *tr,
		    const struct fs_rank_opts *o, double half_life,
		    uint32_t user)
{
	const struct fs_node *a = &tr->node[user];
	const struct fs_node *p = &tr->node[a->fs_parent];
	const struct fs_node *r = &tr->node[tr->root];
	int fair = fs_algorithm_levels(o->algorithm);
	uint32_t n = tr->user_count, place = n + 1 - a->rank;
	const char *u = name(tr, user), *pn = name(tr, a->fs_parent);
	char hl[64];

	if (half_life <= 0)
		snprintf(hl, sizeof(hl), "no decay: half-life 0");
	else if (fmod(half_life, 86400) == 0)
		snprintf(hl, sizeof(hl), "%g day%s", half_life / 86400,
			 half_life == 86400 ? "" : "s");
	else
		snprintf(hl, sizeof(hl), "%g s", half_life);
	para(b, 0, "The columns of sshare and fs-rank, with the numbers of %s "
	     "in this tree (%s):", u, fair ? "Fair Tree"
				     : fs_algorithm_name(o->algorithm));

	fs_buf_addstr(b, "\nRawShares\n");
	if (a->use_parent)
		para(b, 2, "The shares an association is given (sacctmgr's "
		     "Fairshare=). %s has none of its own: 'parent' "
		     "(FairShare=parent), so it competes in %s's list.", u, pn);
	else
		para(b, 2, "The shares an association is given (sacctmgr's "
		     "Fairshare=). %s has %u. 'parent' (FairShare=parent) "
		     "means none of its own: what is under it competes in its "
		     "parent's list.", u, a->shares_raw);

	fs_buf_addstr(b, "\nNormShares\n");
	if (a->use_parent)
		para(b, 2, "Its part of the shares of the list it competes in. "
		     "A FairShare=parent association has none; sshare shows "
		     "its parent's, %s's %s.", pn, f6(a->shares_norm));
	else if (fair)
		para(b, 2, "Its part of the shares of the list it competes in: "
		     "its RawShares over the list's total. %s: %u of %u in "
		     "%s's list = %s.", u, a->shares_raw, a->level_shares, pn,
		     f6(a->shares_norm));
	else
		para(b, 2, "Its part of the cluster's shares: its part of each "
		     "list's shares, multiplied down the tree. %s: %s.", u,
		     f6(a->shares_norm));

	fs_buf_addstr(b, "\nRawUsage\n");
	para(b, 2, "The usage charged to it and to everything under it: "
	     "CPU-seconds, or billing-seconds under TRESBillingWeights, "
	     "halved every half-life (%s). %s: %s; sshare prints its whole "
	     "part, %s.", hl, u, usage_words(a->usage_raw),
	     whole(a->usage_raw));

	fs_buf_addstr(b, "\nNormUsage\n");
	para(b, 2, "Its part of the whole cluster's usage: its RawUsage over "
	     "root's. %s: %s / %s = %s.", u, usage_words(a->usage_raw),
	     usage_words(r->usage_raw), f6(fs_node_usage_norm(tr, a)));

	fs_buf_addstr(b, "\nEffectvUsage\n");
	if (fair)
		para(b, 2, "Under Fair Tree, its part of the usage of the "
		     "account whose list it competes in: its RawUsage over "
		     "that account's. %s: %s / %s's %s = %s.", u,
		     usage_words(a->usage_raw), pn, usage_words(p->usage_raw),
		     f6(fs_node_usage_efctv(tr, a)));
	else if (a->use_parent)
		para(b, 2, "Under %s a FairShare=parent association takes its "
		     "parent's: %s's %s.", fs_algorithm_name(o->algorithm), pn,
		     f6(fs_node_usage_efctv(tr, a)));
	else if (a->fs_parent == tr->root)
		para(b, 2, "Under %s, for an association of root's list, its "
		     "NormUsage. %s: %s.", fs_algorithm_name(o->algorithm), u,
		     f6(fs_node_usage_efctv(tr, a)));
	else if (o->algorithm == FS_ALG_CLASSIC)
		para(b, 2, "Under classic, its NormUsage moved towards its "
		     "parent's EffectvUsage by its part of its list's shares. "
		     "%s: %s.", u, f6(fs_node_usage_efctv(tr, a)));
	else
		para(b, 2, "Under depth-oblivious, its NormUsage weighed "
		     "against its siblings' and against how much its parent "
		     "used of its own share. %s: %s.", u,
		     f6(fs_node_usage_efctv(tr, a)));

	fs_buf_addstr(b, "\nLevelFS\n");
	if (!fair)
		para(b, 2, "Fair Tree's: NormShares over EffectvUsage in each "
		     "list. sshare leaves it empty under %s.",
		     fs_algorithm_name(o->algorithm));
	else if (a->use_parent)
		para(b, 2, "NormShares over EffectvUsage: above 1, less used "
		     "than its share of its list; below 1, more. Fair Tree "
		     "sorts every list by it, highest first, and walks the tree "
		     "in that order. Slurm gives a FairShare=parent user inf, "
		     "whatever its usage: %s is inf.", u);
	else
		para(b, 2, "NormShares over EffectvUsage: above 1, less used "
		     "than its share of its list; below 1, more. Fair Tree "
		     "sorts every list by it, highest first, and walks the tree "
		     "in that order; inf is no usage, 0 no shares. %s: %s / %s "
		     "= %s.", u, f6(a->shares_norm),
		     f6(fs_node_usage_efctv(tr, a)), f6(a->level_fs));

	fs_buf_addstr(b, "\nFairShare\n");
	if (fair)
		para(b, 2, "A user's factor in its jobs' priority (times "
		     "PriorityWeightFairshare): under Fair Tree its place in "
		     "that walk counted from the last, over the number of user "
		     "associations. %s, %s of %u: (%u - %u + 1) / %u = %s.", u,
		     ordinal(place), n, n, place, n, f6(a->fs_factor));
	else
		para(b, 2, "A user's factor in its jobs' priority (times "
		     "PriorityWeightFairshare): under %s 2^(-(EffectvUsage / "
		     "NormShares) / D), D the FairShareDampeningFactor (%u "
		     "here)%s. %s: %s.", fs_algorithm_name(o->algorithm),
		     o->dampening, a->use_parent ? ", with its parent's values "
		     "for FairShare=parent" : "", u, f6(a->fs_factor));

	fs_buf_addstr(b, "\nRank\n");
	para(b, 2, "The toolkit's name for a user's place %s, 1 first; "
	     "sshare shows only FairShare. Users tied %s share a rank. %s: "
	     "%u of %u.", fair ? "in Fair Tree's walk" : "by FairShare",
	     fair ? "at one Level FS" : "at one FairShare", u, place, n);
}
