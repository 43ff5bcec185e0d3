/*
 * explain_text.c: fs-explain's prose (fs-explain(1)), the twin of
 * explain_json.c: the facts of model/explain.c about two users or one
 * user's path, the forecast of model/forecast.c, who weighs in an
 * account's usage (--usage-by) and what the columns mean (--glossary),
 * each appended to an fs_buf in words (explain_words.c) wrapped at 78
 * columns.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/explain_words.h"

#define SHOW_BEFORE 8			/* siblings listed per step */
#define INDENT_STEPS 12			/* the path's indentation stops
					 * growing below this depth */

/* One answer's renderer: the tree, how it was ranked, and its words. */
struct tx {
	struct fs_words w;
	const struct fs_tree *tr;
	const struct fs_rank_opts *ro;
	double half_life;
};

static void
tx_init(struct tx *c, const struct fs_tree *tr, const struct fs_rank_opts *ro,
	double half_life)
{
	fs_words_init(&c->w, tr);
	c->tr = tr;
	c->ro = ro;
	c->half_life = half_life;
}

/* The words of c (explain_words.h), by their short names. */
#define para(c, b, ...) fs_words_para(&(c)->w, b, __VA_ARGS__)
#define name(c, i) fs_words_name(&(c)->w, i)
#define f6(c, v) fs_words_f6(&(c)->w, NULL, v)
#define f6g(c, v) fs_words_f6g(&(c)->w, v)
#define raw(c, v) fs_words_raw(&(c)->w, v)
#define usage(c, v) fs_words_usage(&(c)->w, v)
#define whole(c, v) fs_words_whole(&(c)->w, v)
#define exact(c, v) fs_words_exact(&(c)->w, v)
#define ordinal(c, n) fs_words_ordinal(&(c)->w, n)
#define span(c, t) fs_words_span(&(c)->w, t)
#define iso(c, t) fs_words_iso(&(c)->w, t)

/* ------------------------------------------------------------ a pair */

/* "Level FS 0.785650 = shares 0.400000 / usage 0.509133" and the raw
 * numbers under it; par: the name of l's fs parent (par_len bytes), or
 * NULL. */
static void
put_level(struct tx *c, struct fs_buf *b, const struct fs_explain_level *l,
	  int indent, const char *par, size_t par_len)
{
	struct fs_words *w = &c->w;
	const struct fs_tree *tr = c->tr;
	const struct fs_node *a = &tr->node[l->node];
	struct fs_buf *ln = &w->line;

	if (!par) {
		par = name(c, l->fs_parent);
		par_len = strlen(par);
	}
	if (a->use_parent)
		para(c, b, indent, "Level FS inf: Slurm gives a "
		     "FairShare=parent user +inf, whatever its usage");
	else if (l->shares_norm == 0)
		para(c, b, indent, "Level FS 0: no shares (Slurm gives 0 "
		     "whatever the usage)");
	else {
		/* The line of the step before, as a deep chain has it, or a
		 * new one: numbers (no spaces) between the words. */
		if (!w->line_set || !fs_words_same_ld(l->level_fs, w->line_lf) ||
		    !fs_words_same_ld(l->usage_efctv, w->line_ue) ||
		    memcmp(&l->shares_norm, &w->line_sh, sizeof(w->line_sh))) {
			ln->len = 0;
			fs_buf_addstr(ln, "Level FS ");
			fs_buf_addstr(ln, fs_words_f6(w, &w->m_lfs,
						      l->level_fs));
			fs_buf_addstr(ln, " = shares ");
			fs_buf_addstr(ln, fs_words_d6(w, &w->m_shares,
						      l->shares_norm));
			fs_buf_addstr(ln, " / usage ");
			fs_buf_addstr(ln, fs_words_f6(w, &w->m_ue,
						      l->usage_efctv));
			if (l->usage_efctv == 0)
				fs_buf_addstr(ln, " (no usage)");
			w->line_lf = l->level_fs;
			w->line_ue = l->usage_efctv;
			w->line_sh = l->shares_norm;
			w->line_set = 1;
		}
		fs_buf_grow(b, (size_t)indent + ln->len + FS_WORDS_PAD_ROOM);
		fs_words_put_text(w, b, indent,
				  fs_words_put_mem(fs_words_put_pad(
							   b->data + b->len,
							   indent),
						   ln->data, ln->len) - ln->len,
				  ln->len, 1);
	}
	if (a->use_parent)
		para(c, b, indent, "shares: parent (FairShare=parent); usage %s "
		     "of %s's %s = %s", raw(c, l->usage_raw), par,
		     raw(c, l->parent_usage), f6(c, l->usage_efctv));
	else {
		/* "shares N of M in P's list; usage U of P's V": two
		 * spaces in a row only from a name with spaces. */
		size_t nu, npu;
		const char *u = fs_words_raw_memo(&w->m_usage, l->usage_raw,
						  &nu);
		const char *pu = fs_words_raw_memo(&w->m_pusage,
						   l->parent_usage, &npu);
		char *o, *text;

		fs_buf_grow(b, (size_t)indent + 2 * par_len + nu + npu + 96);
		text = fs_words_put_pad(b->data + b->len, indent);
		o = FS_WORDS_PUT_LIT(text, "shares ");
		o = fs_put_ll(o, a->shares_raw);
		o = FS_WORDS_PUT_LIT(o, " of ");
		o = fs_put_ll(o, l->level_shares);
		o = FS_WORDS_PUT_LIT(o, " in ");
		o = fs_words_put_mem(o, par, par_len);
		o = FS_WORDS_PUT_LIT(o, "'s list; usage ");
		o = fs_words_put_mem(o, u, nu);
		o = FS_WORDS_PUT_LIT(o, " of ");
		o = fs_words_put_mem(o, par, par_len);
		o = FS_WORDS_PUT_LIT(o, "'s ");
		o = fs_words_put_mem(o, pu, npu);
		fs_words_put_text(w, b, indent, text, (size_t)(o - text),
				  !memchr(par, ' ', par_len));
	}
	if (a->parent != a->fs_parent && a->parent != FS_NONE)
		para(c, b, indent, "(%s is FairShare=parent, so %s competes in "
		     "%s's list)", name(c, a->parent), name(c, l->node), par);
}

static void
text_user(struct tx *c, struct fs_buf *b, const char *label, uint32_t u,
	  uint32_t rank)
{
	const struct fs_tree *tr = c->tr;
	struct fs_explain_level l;

	if (tr->node[u].is_user) {
		fs_buf_printf(b, "%s%s: FairShare %.6f, rank %u of %u\n",
			      label, name(c, u), tr->node[u].fs_factor, rank,
			      tr->user_count);
		return;
	}
	fs_explain_level(tr, u, &l);
	if (fs_algorithm_levels(c->ro->algorithm))
		fs_buf_printf(b, "%saccount %s: Level FS %s, %s of %u in %s's "
			      "list\n", label, name(c, u), f6(c, l.level_fs),
			      ordinal(c, l.place + 1), l.count,
			      name(c, l.fs_parent));
	else
		fs_buf_printf(b, "%saccount %s: FairShare %.6f\n", label,
			      name(c, u), tr->node[u].fs_factor);
}

/* The changes --shares and --usage made, or those the tree came with;
 * with no_usage, a note when the tree has no usage at all. */
static void
text_head(struct tx *c, struct fs_buf *b, int no_usage)
{
	const char *w = fs_header_meta(&c->tr->t->h, "whatif");

	if (w)
		para(c, b, 0, "What if: %s.", w);
	if (no_usage && c->tr->node[c->tr->root].usage_raw == 0)
		para(c, b, 0, "Note: this tree has no usage at all (root's "
		     "usage is 0). Every association with shares has Level FS "
		     "inf, so they all tie, and only zero shares and the tie "
		     "rules order the users.");
}

/* Can rounding of decayed usage decide this? Only for a near miss, or an
 * exact tie of finite values made from different numbers: equal numbers
 * decay to equal numbers, and zero stays zero. */
static int
rounding_matters(const struct fs_explain *x)
{
	const struct fs_explain_level *s = x->side;

	if (x->near_miss)
		return 1;
	if (x->rule != FS_RULE_TIED_USERS && x->rule != FS_RULE_USER_FIRST &&
	    x->rule != FS_RULE_LIST_ORDER)
		return 0;
	if (isinf(s[0].level_fs) || s[0].level_fs == 0)
		return 0;
	return s[0].usage_raw != s[1].usage_raw ||
	       s[0].parent_usage != s[1].parent_usage;
}

/* "More shares: ...": what x->solve found. */
static void
text_shares(struct tx *c, struct fs_buf *b, const struct fs_explain *x)
{
	const struct fs_explain_level *s = x->side;
	uint32_t j = s[x->lower].node, k = s[!x->lower].node;

	switch (x->shares) {
	case FS_SHARES_OK:
		para(c, b, 2, "More shares: %s would need %u raw shares "
		     "instead of %u, to reach Level FS %s against %s's %s (the "
		     "list's shares then total %u).", name(c, j),
		     x->shares_needed, x->shares_now,
		     f6(c, x->level_fs_after[x->lower]), name(c, k),
		     f6(c, x->level_fs_after[!x->lower]),
		     x->level_shares_after);
		if (!strcmp(f6(c, x->level_fs_after[0]),
			    f6(c, x->level_fs_after[1])))
			para(c, b, 2, "(Exactly: %s against %s.)",
			     exact(c, x->level_fs_after[x->lower]),
			     exact(c, x->level_fs_after[!x->lower]));
		break;
	case FS_SHARES_PARENT:
		para(c, b, 2, "More shares: %s is FairShare=parent; its Level "
		     "FS is +inf already, and shares do not change it.",
		     name(c, j));
		break;
	case FS_SHARES_INF:
		para(c, b, 2, "More shares: no number helps: %s has Level FS "
		     "inf (no usage, or FairShare=parent), and only new usage "
		     "under it can change that.", name(c, k));
		break;
	case FS_SHARES_LIMIT:
		para(c, b, 2, "More shares: no number is enough. Even with all "
		     "the shares Slurm can count in one list (4294967295), %s "
		     "would reach only Level FS %s against %s's %s.",
		     name(c, j), f6(c, x->level_fs_after[x->lower]),
		     name(c, k), f6(c, x->level_fs_after[!x->lower]));
		break;
	case FS_SHARES_NA:
		para(c, b, 2, "More shares: computed for Fair Tree only.");
		break;
	}
}

/* Where the paths part, by the rule that decides there. */
static void
text_parting(struct tx *c, struct fs_buf *b, const struct fs_explain *x)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_explain_level *s = x->side;
	uint32_t lo, hi, k;

	if (x->merged) {
		uint32_t ma = s[0].node, mb = s[1].node;

		for (k = 0; k < x->merged; k++) {
			ma = tr->node[ma].fs_parent;
			mb = tr->node[mb].fs_parent;
		}
		para(c, b, 0, "Their paths part below %s, their first common "
		     "ancestor in the fairshare tree. There %s and %s tie at "
		     "Level FS %s, and with --ties merge the children of tied "
		     "accounts are ranked in one merged list, so Fair Tree "
		     "compares these two, %u level%s further down:",
		     name(c, x->ancestor), name(c, ma), name(c, mb),
		     f6(c, tr->node[ma].level_fs), x->merged,
		     x->merged > 1 ? "s" : "");
	} else {
		para(c, b, 0, "Their paths part below %s, their first common "
		     "ancestor in the fairshare tree, where Fair Tree compares "
		     "these two:", name(c, x->ancestor));
	}
	for (k = 0; k < 2; k++) {
		uint32_t u = x->user[k];

		if (s[k].node == u)
			fs_buf_printf(b, "  %s (%s itself)\n", name(c, u),
				      k ? "B" : "A");
		else
			fs_buf_printf(b, "  %s (above %s)\n",
				      name(c, s[k].node), name(c, u));
		put_level(c, b, &s[k], 4, NULL, 0);
	}
	/* The one walked first and the other (first < 0: a tie, no such). */
	hi = s[x->first > 0].node;
	lo = s[x->first <= 0].node;
	switch (x->rule) {
	case FS_RULE_LEVEL_FS:
		para(c, b, 0, "%s has the higher Level FS, so Fair Tree walks "
		     "it first: %s ranks above %s.", name(c, hi),
		     fs_words_under(&c->w, hi), fs_words_under(&c->w, lo));
		if (x->near_miss)
			para(c, b, 0, "The two print alike to 6 decimals (%s) "
			     "but are not equal: %s %s against %s %s. Slurm "
			     "compares the exact long double values, so this "
			     "is not a tie.", f6(c, s[0].level_fs),
			     name(c, s[0].node), exact(c, s[0].level_fs),
			     name(c, s[1].node), exact(c, s[1].level_fs));
		break;
	case FS_RULE_TIED_USERS:
		para(c, b, 0, "The two Level FS are exactly equal (%s). Both "
		     "are users, and tied users share a rank.",
		     exact(c, s[0].level_fs));
		break;
	case FS_RULE_USER_FIRST:
		para(c, b, 0, "The two Level FS are exactly equal (%s). On a "
		     "tie Slurm sorts users before accounts, so %s is ranked "
		     "first and every user under %s ranks at or below it.",
		     exact(c, s[0].level_fs), name(c, hi), name(c, lo));
		break;
	case FS_RULE_LIST_ORDER:
		para(c, b, 0, "The two Level FS are exactly equal (%s) and both "
		     "are accounts. Slurm means to merge the children of tied "
		     "accounts but never does (its _count_tied_accounts() "
		     "stops at the first account): it walks them one after the "
		     "other in list order (%s), and %s comes first, so %s "
		     "ranks at or above %s. With --ties merge (what Slurm's "
		     "documentation says) their children would be ranked "
		     "together.", exact(c, s[0].level_fs),
		     fs_tree_sibling_rule(tr), name(c, hi),
		     fs_words_under(&c->w, hi), fs_words_under(&c->w, lo));
		break;
	default:
		break;
	}
	if (x->carry_from != FS_NONE)
		para(c, b, 0, "Tie carry-in: %s is entered tied, so its first "
		     "user, %s, takes rank %u from %s, the user ranked just "
		     "before it.", name(c, s[!x->first].node),
		     name(c, x->carry_to),
		     tr->user_count + 1 - tr->node[x->carry_to].rank,
		     name(c, x->carry_from));
}

static void
text_pair(struct tx *c, struct fs_buf *b, const struct fs_explain *x)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_explain_level *s = x->side;
	const char *na, *nb;
	uint32_t lo, hi, k;

	text_head(c, b, 1);
	text_user(c, b, "A ", x->user[0], x->rank[0]);
	text_user(c, b, "B ", x->user[1], x->rank[1]);
	na = name(c, x->user[0]);
	nb = name(c, x->user[1]);
	if (x->rule == FS_RULE_SAME) {
		fs_buf_printf(b, "A and B are the same association.\n");
		return;
	}
	if (x->order < 0)
		fs_buf_printf(b, "%s ranks above %s.\n", na, nb);
	else if (x->order > 0)
		fs_buf_printf(b, "%s ranks above %s.\n", nb, na);
	else if (!x->rank[0] || !x->rank[1])	/* an account: no rank */
		fs_buf_printf(b, "Neither %s nor %s is walked before the "
			      "other.\n", na, nb);
	else
		fs_buf_printf(b, "%s and %s share rank %u.\n", na, nb,
			      x->rank[0]);
	fs_buf_addch(b, '\n');

	if (x->rule == FS_RULE_FACTOR) {
		para(c, b, 0, "Under %s every user has its own factor, "
		     "2^(-(UE/S)/%u) of its normalised shares S (the share "
		     "fractions multiplied down the tree) and its effective "
		     "usage UE; there is no walk of the tree, and the higher "
		     "factor ranks first.",
		     fs_algorithm_name(x->algorithm), c->ro->dampening);
		for (k = 0; k < 2; k++)
			para(c, b, 2, "%s: S %.6f, UE %s, factor %.6f",
			     k ? nb : na, s[k].shares_norm,
			     f6(c, s[k].usage_efctv),
			     tr->node[x->user[k]].fs_factor);
		if (x->first < 0)
			para(c, b, 0, "The two factors are equal, so the two "
			     "share a rank.");
		else
			para(c, b, 0, "%s has the higher factor.",
			     x->first ? nb : na);
	} else {
		text_parting(c, b, x);
	}

	/* What it would take. */
	lo = x->user[x->lower];
	hi = x->user[!x->lower];
	fs_buf_addch(b, '\n');
	if (x->order == 0)
		fs_buf_printf(b, "What it would take for %s to rank above %s:\n",
			      name(c, lo), name(c, hi));
	else
		fs_buf_printf(b, "What it would take for %s to overtake %s:\n",
			      name(c, lo), name(c, hi));
	para(c, b, 2, "Waiting without new usage: never. Decay (%s) multiplies "
	     "every association's usage, root's included, by the same "
	     "factor, so every usage fraction, every %s and this order stay "
	     "as they are, and usage that is zero stays zero.%s Others' new "
	     "usage can change it: --forecast says when.",
	     fs_words_half_life(&c->w, c->half_life),
	     x->rule == FS_RULE_FACTOR ? "factor" : "Level FS",
	     rounding_matters(x)
		     ? " Only the rounding of the decayed numbers can move a "
		       "Level FS in its last bits, which can matter for an "
		       "exact tie or a near miss like this one."
		     : "");
	text_shares(c, b, x);
}

/* ------------------------------------------------------------ a path */

static const char *
relation_words(enum fs_explain_rule r)
{
	switch (r) {
	case FS_RULE_LEVEL_FS:
		return "higher";
	case FS_RULE_TIED_USERS:
		return "equal: tied users share the rank";
	case FS_RULE_USER_FIRST:
		return "equal: users before accounts";
	case FS_RULE_LIST_ORDER:
		return "equal: list order";
	case FS_RULE_MERGED:
		return "equal: merged with it";
	default:
		return "";
	}
}

/* The users that share u's rank (ties, carry-in), in a sentence. */
static void
same_rank(struct tx *c, struct fs_buf *b, uint32_t u)
{
	const struct fs_tree *tr = c->tr;
	struct fs_buf t;
	uint32_t k, n = 0;

	fs_buf_init(&t);
	for (k = 0; k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (i == u || !tr->node[i].is_user ||
		    tr->node[i].rank != tr->node[u].rank)
			continue;
		if (n < SHOW_BEFORE)
			fs_buf_printf(&t, "%s%s", n ? ", " : "", name(c, i));
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(&t, " and %u more", n - SHOW_BEFORE);
	if (n)
		para(c, b, 0, "It shares rank %u with %s (a tie, or a tie "
		     "carried into its account).",
		     tr->user_count + 1 - tr->node[u].rank, t.data);
	fs_buf_release(&t);
}

/* Step k of a path: "NAME (depth N): 1st of M in PARENT's list", its Level
 * FS and the siblings walked before it. nm: the names of the step and of
 * its parent, kept from step to step in nm[0] and nm[1] (nm_of: whose);
 * *cur: which holds the step's. */
static void
text_step(struct tx *c, struct fs_buf *b, const struct fs_explain_step *s,
	  uint32_t k, struct fs_buf nm[2], uint32_t nm_of[2], int *cur)
{
	const struct fs_tree *tr = c->tr;
	/* Deep paths would be quadratic in their indentation: it stops
	 * growing, and the depth is said instead. */
	int ind = 2 * (int)(k < INDENT_STEPS ? k + 1 : INDENT_STEPS);
	uint32_t par = s->level.fs_parent, j;
	int pb;			/* the buffer with the parent's name */
	char *o;

	if (nm_of[*cur] == par) {
		pb = *cur;
	} else if (nm_of[!*cur] == par) {
		pb = !*cur;
	} else {
		pb = *cur;
		nm[pb].len = 0;
		fs_buf_addstr(&nm[pb], "");
		fs_buf_user_spec(&nm[pb], tr, par);
		nm_of[pb] = par;
	}
	*cur = !pb;
	nm[*cur].len = 0;
	fs_buf_addstr(&nm[*cur], "");
	fs_buf_user_spec(&nm[*cur], tr, s->level.node);
	nm_of[*cur] = s->level.node;
	/* "NAME (depth N): 1st of M in PARENT's list", at once. */
	fs_buf_grow(b, (size_t)ind + nm[*cur].len + nm[pb].len + 96);
	o = fs_words_put_pad(b->data + b->len, ind);
	o = fs_words_put_mem(o, nm[*cur].data, nm[*cur].len);
	if (k >= INDENT_STEPS) {
		o = FS_WORDS_PUT_LIT(o, " (depth ");
		o = fs_put_ll(o, k + 1);
		*o++ = ')';
	}
	o = FS_WORDS_PUT_LIT(o, ": ");
	o = fs_words_put_ordinal(o, s->level.place + 1);
	o = FS_WORDS_PUT_LIT(o, " of ");
	o = fs_put_ll(o, s->level.count);
	o = FS_WORDS_PUT_LIT(o, " in ");
	o = fs_words_put_mem(o, nm[pb].data, nm[pb].len);
	o = FS_WORDS_PUT_LIT(o, "'s list\n");
	*o = '\0';
	b->len = (size_t)(o - b->data);
	put_level(c, b, &s->level, ind + 2, nm[pb].data, nm[pb].len);
	for (j = 0; j < s->nbefore && j < SHOW_BEFORE; j++) {
		uint32_t i = s->before[j];
		enum fs_explain_rule rel = fs_explain_relation(tr, c->ro->ties,
							       i, s->level.node);

		/* Slurm sorts a FairShare=parent account by its placeholder,
		 * NO_VAL: a number that means nothing to a reader. */
		if (rel == FS_RULE_PARENT) {
			para(c, b, ind + 2, "after %s (FairShare=parent: no "
			     "Level FS of its own, so it ranks no one; its "
			     "members compete in %s's list)", name(c, i),
			     nm[pb].data);
			continue;
		}
		fs_buf_printf(b, "%*safter %s (Level FS %s, %s)\n", ind + 2, "",
			      name(c, i), f6(c, tr->node[i].level_fs),
			      relation_words(rel));
	}
	if (s->nbefore > SHOW_BEFORE)
		fs_buf_printf(b, "%*s... and %u more before it\n", ind + 2, "",
			      s->nbefore - SHOW_BEFORE);
}

static void
text_path(struct tx *c, struct fs_buf *b, struct fs_explain_path *p,
	  const struct fs_explain *pass, FILE *out)
{
	const struct fs_tree *tr = c->tr;
	struct fs_buf nm[2];
	uint32_t k, nm_of[2] = {FS_NONE, FS_NONE};
	int cur = 0;

	text_head(c, b, 1);
	text_user(c, b, "", p->user, p->rank);
	if (!fs_algorithm_levels(c->ro->algorithm)) {
		const struct fs_node *u = &tr->node[p->user];

		para(c, b, 0, "Under %s %s factor is 2^(-(UE/S)/%u): here S "
		     "%.6f, UE %s. Fair Tree's path from root is shown only "
		     "with --algorithm fairtree.",
		     fs_algorithm_name(c->ro->algorithm),
		     u->is_user ? "a user's" : "an account's",
		     c->ro->dampening, u->shares_norm,
		     f6(c, fs_node_usage_efctv(tr, u)));
		return;
	}
	para(c, b, 0, "Its path from root. At each step Fair Tree sorts the "
	     "list by Level FS and walks it in that order:");
	fs_buf_printf(b, "%s\n", name(c, tr->root));
	/* Each step names its list's owner, mostly the step before: the two
	 * names, kept from step to step. */
	fs_buf_init(&nm[0]);
	fs_buf_init(&nm[1]);
	for (k = 0; k < p->nstep; k++) {
		text_step(c, b, fs_explain_path_step(p, k), k, nm, nm_of, &cur);
		/* A deep path's text goes out as it is made, not held whole:
		 * whole 4 KB blocks (one write each, past stdio's buffer),
		 * the rest kept, so the buffer stays within 32 KB and a bit. */
		if (out && b->len >= 1 << 15) {
			size_t n = b->len & ~(size_t)4095;

			fs_write_all(out, b->data, n);
			memmove(b->data, b->data + n, b->len - n + 1);
			b->len -= n;
		}
	}
	fs_buf_release(&nm[0]);
	fs_buf_release(&nm[1]);
	if (tr->node[p->user].is_user) {
		same_rank(c, b, p->user);
		return;
	}
	fs_buf_addch(b, '\n');
	if (!pass) {
		para(c, b, 0, "%s is walked first in %s's list: there is no "
		     "sibling to pass.", name(c, p->user),
		     name(c, tr->node[p->user].fs_parent));
		return;
	}
	fs_buf_printf(b, "What it would take for %s to pass %s, walked just "
		      "before it:\n", name(c, p->user), name(c, pass->user[1]));
	text_shares(c, b, pass);
}

/* One user's part of a ranked tree (#subset): the path as the part holds
 * it, each step's numbers or that they are not in it. */
static void
text_part(struct tx *c, struct fs_buf *b, const struct fs_explain_path *p)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_node *u = &tr->node[p->user];
	const long double no_val = (long double)FS_NO_VAL;
	int fair = fs_algorithm_levels(c->ro->algorithm), hidden = 0;
	uint32_t k;

	para(c, b, 0, "%s: FairShare %s, rank %u of the %u user associations "
	     "(1 is served first), as ranked over the whole tree; read from "
	     "its user's part of it (fs-rank --per-user), which holds only "
	     "the accounts above it, not their siblings.", name(c, p->user),
	     f6(c, u->fs_factor), p->rank, tr->user_count);
	fs_buf_printf(b, "Its path from root%s:\n",
		      fair ? ", with each step's Level FS" : "");
	fs_buf_printf(b, "%s\n", name(c, tr->root));
	for (k = 1; k <= p->nstep; k++) {
		const struct fs_node *a = &tr->node[p->node[k]];

		fs_words_pad(b, 2 * (int)(k < INDENT_STEPS ? k : INDENT_STEPS));
		fs_buf_printf(b, "%s  NormShares %s", name(c, p->node[k]),
			      f6(c, a->shares_norm));
		if (a->use_parent)
			fs_buf_addstr(b, "  FairShare=parent\n");
		else if (!fair)
			fs_buf_addch(b, '\n');
		else if (a->level_fs != no_val)
			fs_buf_printf(b, "  Level FS %s\n", f6(c, a->level_fs));
		else {
			fs_buf_addstr(b, "  Level FS not in the file\n");
			hidden = 1;
		}
	}
	fs_buf_addch(b, '\n');
	if (hidden)
		para(c, b, 0, "The accounts' usage and Level FS are private "
		     "here (PrivateData=usage), as sshare keeps them from a "
		     "user: they are unknown.");
	para(c, b, 0, "%s", fair ?
	     "At each step Fair Tree walks the list in order of Level FS "
	     "(NormShares over EffectvUsage): a higher Level FS at any step, "
	     "as usage decays or with more shares, moves it up. Whom it "
	     "would pass, and what that takes, needs the siblings, which "
	     "the file does not hold: ask for the whole tree." :
	     "Its factor rises as its usage decays or with more shares; "
	     "whom it would pass needs the whole tree.");
}

int
fs_explain_part(struct fs_buf *b, const struct fs_tree *tr,
		const struct fs_rank_opts *ro, char *const *names, int n,
		int plain, struct fs_err *e)
{
	struct fs_explain_path p;
	struct tx c;
	uint32_t u[2];

	if (fs_explain_find_names(tr, names, n, u, e) < 0)
		return -1;
	if (n != 1 || !plain || !tr->node[u[0]].is_user)
		return fs_error(e, 0, "one user's part of a ranked tree (fs-rank "
				"--per-user) answers one user's path, in words "
				"(no --json, --usage-by, --glossary or "
				"--forecast): the rest needs the whole tree");
	tx_init(&c, tr, ro, 0);
	fs_explain_path_init(&p, tr, u[0]);
	text_part(&c, b, &p);
	fs_explain_path_release(&p);
	fs_words_release(&c.w);
	return 0;
}

/* ------------------------------------------------------------ forecast */

/* The users with a value in v[] (billing per second, or usage), in a
 * sentence: "astro/bob 4, chem/grace 2.5", at most SHOW_BEFORE. */
static void
list_values(struct tx *c, struct fs_buf *b, const double *v, double div)
{
	const struct fs_tree *tr = c->tr;
	uint32_t k, n = 0;

	for (k = 0; k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (!tr->node[i].is_user || !(v[i] > 0))
			continue;
		if (n < SHOW_BEFORE)
			fs_buf_printf(b, "%s%s %s", n ? ", " : "", name(c, i),
				      raw(c, v[i] / div));
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(b, " and %u more", n - SHOW_BEFORE);
}

/* The running jobs of --running in a sentence: "job 12 astro/bob billing
 * 4 to 2026-11-20T10:00:00Z", at most SHOW_BEFORE; how many charge. */
static size_t
list_jobs(struct tx *c, struct fs_buf *b, const struct fs_jobs *j,
	  long long from)
{
	size_t k, n = 0;

	for (k = 0; k < j->n; k++) {
		const struct fs_job *jb = &j->job[k];
		long long end = fs_forecast_job_end(jb);

		if (end <= from)
			continue;
		if (n < SHOW_BEFORE) {
			fs_buf_printf(b, "%sjob %s %s billing %s to ",
				      n ? ", " : "", jb->id, name(c, jb->assoc),
				      raw(c, jb->billing));
			fs_buf_addstr(b, end == FS_JOB_RUNNING
						 ? "the horizon (no time limit)"
						 : iso(c, end));
		}
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(b, " and %zu more", n - SHOW_BEFORE);
	return n;
}

static void
text_side(struct tx *c, struct fs_buf *b, const struct fs_cost_side *s)
{
	const struct fs_tree *tr = c->tr;

	if (tr->node[s->node].is_user)
		para(c, b, 4, "%s: FairShare %.6f, rank %u of %u (usage %s)",
		     name(c, s->node), s->fs, s->rank, tr->user_count,
		     raw(c, s->usage));
	else
		para(c, b, 4, "account %s: Level FS %s, %s of %u in its list "
		     "(usage %s)", name(c, s->node), f6(c, s->level_fs),
		     ordinal(c, s->place), s->count, raw(c, s->usage));
}

/* "Assuming:" and what: decay, the running jobs, the rates, the horizon.
 * Returns how many users' running jobs charge. */
static long
text_assuming(struct tx *c, struct fs_buf *b, const struct fs_forecast_opts *f,
	      const struct fs_forecast *r, const struct fs_forecast_info *in,
	      uint32_t nrates)
{
	struct fs_buf l;
	long nrun = in->run_users;

	fs_buf_init(&l);
	fs_buf_printf(b, "Assuming:\n");
	para(c, b, 2, "- decay as Slurm runs it: %s, every %lld s "
	     "(PriorityCalcPeriod); %s ranking;",
	     fs_words_half_life(&c->w, c->half_life), f->period,
	     fs_algorithm_name(c->ro->algorithm));
	fs_buf_addstr(&l, "");
	if (in->running_file) {
		nrun = (long)list_jobs(c, &l, in->running, f->from);
		if (!nrun)
			para(c, b, 2, "- running jobs: none that still charge "
			     "(%s);", in->running_file);
		else
			para(c, b, 2, "- running jobs run to their time limit, "
			     "each charged at every decay run until it ends "
			     "(%s): %s;", in->running_file, l.data);
		if (in->running->unknown)
			para(c, b, 4, "(%zu job%s of associations not in the "
			     "tree left out)", in->running->unknown,
			     in->running->unknown == 1 ? "" : "s");
	} else if (in->no_running)
		para(c, b, 2, "- running jobs: left out (--no-running);");
	else if (!in->has_run_col)
		para(c, b, 2, "- running jobs: none known (the tree has no "
		     "TRESRunMins);");
	else if (!nrun)
		para(c, b, 2, "- running jobs: none (TRESRunMins is 0 for "
		     "every user);");
	else {
		list_values(c, &l, f->run, 60);
		para(c, b, 2, "- running jobs run to their time limit: what "
		     "they still charge (TRESRunMins, billing minutes) is "
		     "charged at once: %s;", l.data);
	}
	l.len = 0;
	fs_buf_addstr(&l, "");
	if (!nrates) {
		para(c, b, 2, "- no new usage from anyone%s;",
		     in->rate_from ? " (no jobs in the window)" : "");
	} else {
		list_values(c, &l, f->rate, 1);
		para(c, b, 2, "- new usage at a steady rate, in billing units "
		     "busy all the time (CPUs without TRESBillingWeights): %s; "
		     "everyone else none;", l.data);
		if (in->rate_from) {
			l.len = 0;
			fs_buf_addstr(&l, "");
			if (in->rate_unknown)
				fs_buf_printf(&l, "; %zu job%s of associations "
					      "not in the tree left out",
					      in->rate_unknown,
					      in->rate_unknown == 1 ? "" : "s");
			para(c, b, 4, "(the mean of %s's jobs over the %s "
			     "before the tree's time%s%s)", in->rate_from,
			     span(c, in->window),
			     in->rate_given ? ", with --rate over it" : "",
			     l.data);
		}
	}
	if (r->step)
		para(c, b, 2, "- looking %s ahead (--horizon); ranked again "
		     "every %s, and at every decay run of the step where it "
		     "first holds.", span(c, f->horizon), span(c, r->step));
	else
		para(c, b, 2, "- looking %s ahead (--horizon).",
		     span(c, f->horizon));
	fs_buf_release(&l);
	return nrun;
}

static void
text_forecast(struct tx *c, struct fs_buf *b, const struct fs_forecast_opts *f,
	      const struct fs_forecast *r, const struct fs_forecast_info *in)
{
	const struct fs_tree *tr = c->tr;
	uint32_t u[2] = {f->who, f->other}, i, nrates = 0;
	long nrun;

	for (i = 0; f->rate && i < tr->n; i++)
		nrates += f->rate[i] > 0;
	/* The question. */
	text_head(c, b, 0);
	if (f->goal == FS_GOAL_PASS)
		fs_buf_printf(b, "Forecast: when %s ranks above %s.\n",
			      name(c, u[r->lower]), name(c, u[!r->lower]));
	else if (f->goal == FS_GOAL_FAIRSHARE)
		fs_buf_printf(b, "Forecast: when %s reaches FairShare %s.\n",
			      name(c, u[0]), raw(c, f->fairshare));
	else
		fs_buf_printf(b, "Forecast: when %s reaches rank %u of %u.\n",
			      name(c, u[0]), f->rank, tr->user_count);
	fs_buf_printf(b, "Now (%s):\n", in->has_taken
						? iso(c, f->from)
						: "no date in the tree: now");
	text_side(c, b, &r->before[0]);
	if (f->goal == FS_GOAL_PASS)
		text_side(c, b, &r->before[1]);
	nrun = text_assuming(c, b, f, r, in, nrates);

	/* The answer. */
	switch (r->state) {
	case FS_FORECAST_NOW:
		fs_buf_printf(b, "Answer: already so now.\n");
		return;
	case FS_FORECAST_AT:
		fs_buf_printf(b, "Answer: at %s, in %s (decay run %lu).\n",
			      iso(c, r->at), span(c, r->at - f->from),
			      r->cycles);
		fs_buf_printf(b, "Then:\n");
		break;
	case FS_FORECAST_NOT:
		fs_buf_printf(b, "Answer: not within %s (by %s).\n",
			      span(c, f->horizon), iso(c, r->at));
		fs_buf_printf(b, "Then:\n");
		break;
	}
	text_side(c, b, &r->after[0]);
	if (f->goal == FS_GOAL_PASS)
		text_side(c, b, &r->after[1]);
	if (r->state == FS_FORECAST_NOT && !nrates && !nrun)
		para(c, b, 0, "With no new usage, decay multiplies every usage "
		     "by the same factor and no order changes: give the "
		     "others' rates (--rate, --rate-from) for a forecast that "
		     "can move.");
}

/* ------------------------------------------------------------ --usage-by */

static void
usage_text(struct tx *c, struct fs_buf *b, uint32_t asked,
	   const struct fs_usage_by *u)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_rank_opts *o = c->ro;
	const struct fs_node *a = &tr->node[u->node];
	uint32_t k, root = tr->root;
	size_t w = 11, wu = 5, len;
	char pct[32];

	if (asked != u->node)
		para(c, b, 0, "%s competes in %s's list.", name(c, asked),
		     name(c, u->node));
	snprintf(pct, sizeof(pct), "%.2Lf%%", u->node == root ? 100
		 : 100 * fs_node_usage_norm(tr, a));
	if (u->node == root)
		para(c, b, 0, "Usage of root, the whole cluster: %s.",
		     usage(c, a->usage_raw));
	else
		para(c, b, 0, "Usage of %s: %s, %s of root's %s.",
		     name(c, u->node), usage(c, a->usage_raw), pct,
		     usage(c, tr->node[root].usage_raw));
	if (u->levels)
		para(c, b, 0, "Its Level FS is %s, %s of %u in %s's list: shares "
		     "%s / usage %s (its usage over %s's %s).",
		     f6g(c, u->level.level_fs), ordinal(c, u->level.place + 1),
		     u->level.count, name(c, a->fs_parent),
		     f6g(c, u->level.shares_norm), f6g(c, u->level.usage_efctv),
		     name(c, a->fs_parent), usage(c, u->level.parent_usage));
	else if (u->node == root)
		para(c, b, 0, "Root has no Level FS: it competes with nothing.");
	else if (a->use_parent)
		para(c, b, 0, "%s is FairShare=parent: it has no Level FS of its "
		     "own, its members compete in %s's list (ask about %s).",
		     name(c, u->node), name(c, a->fs_parent),
		     name(c, a->fs_parent));
	else
		para(c, b, 0, "Level FS is Fair Tree's: under %s only the parts "
		     "of the usage are shown.", fs_algorithm_name(o->algorithm));
	fs_buf_addch(b, '\n');
	if (!u->npart) {
		para(c, b, 0, "%s has no users or sub-accounts.",
		     name(c, u->node));
		return;
	}
	if (a->usage_raw == 0) {
		para(c, b, 0, "Nothing under %s has used anything yet.",
		     name(c, u->node));
		return;
	}
	if (u->levels)
		para(c, b, 0, "Who weighs in its usage, heaviest first, with the "
		     "Level FS "
		     "and place %s would have were their usage never charged "
		     "(gone from %s's usage too):", name(c, u->node),
		     name(c, a->fs_parent));
	else
		para(c, b, 0, "Who weighs in its usage, heaviest first:");
	for (k = 0; k < u->npart; k++) {
		len = u->part[k].node == FS_NONE
			      ? strlen("(deleted associations)")
			      : strlen(name(c, u->part[k].node));
		if (len > w)
			w = len;
		len = strlen(whole(c, u->part[k].usage));
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
						 : name(c, p->node),
			      (int)wu, whole(c, p->usage), pct);
		if (u->levels)
			fs_buf_printf(b, " %16s  %s of %u", f6g(c, p->level_fs),
				      ordinal(c, p->place + 1), u->level.count);
		fs_buf_addch(b, '\n');
	}
	if (u->nmore)
		para(c, b, 2, "... and %u more, %.2Lf%% of the usage together.",
		     u->nmore, 100 * u->more_usage / a->usage_raw);
	for (k = 0; k < u->npart && u->part[k].node != FS_NONE; k++)
		;
	if (k < u->npart)
		para(c, b, 0, "(deleted associations): what %s's own usage holds "
		     "beyond its children's, as Slurm keeps the usage of an "
		     "association deleted under it.", name(c, u->node));
	para(c, b, 0, "(USAGE is the whole part, as sshare prints RawUsage.)");
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

static void
glossary(struct tx *c, struct fs_buf *b, uint32_t user)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_rank_opts *o = c->ro;
	double half_life = c->half_life;
	const struct fs_node *a = &tr->node[user];
	const struct fs_node *p = &tr->node[a->fs_parent];
	const struct fs_node *r = &tr->node[tr->root];
	int fair = fs_algorithm_levels(o->algorithm);
	uint32_t n = tr->user_count, place = n + 1 - a->rank;
	const char *u = name(c, user), *pn = name(c, a->fs_parent);
	char hl[64];

	if (half_life <= 0)
		snprintf(hl, sizeof(hl), "no decay: half-life 0");
	else if (fmod(half_life, 86400) == 0)
		snprintf(hl, sizeof(hl), "%g day%s", half_life / 86400,
			 half_life == 86400 ? "" : "s");
	else
		snprintf(hl, sizeof(hl), "%g s", half_life);
	para(c, b, 0, "The columns of sshare and fs-rank, with the numbers of %s "
	     "in this tree (%s):", u, fair ? "Fair Tree"
				     : fs_algorithm_name(o->algorithm));

	fs_buf_addstr(b, "\nRawShares\n");
	if (a->use_parent)
		para(c, b, 2, "The shares an association is given (sacctmgr's "
		     "Fairshare=). %s has none of its own: 'parent' "
		     "(FairShare=parent), so it competes in %s's list.", u, pn);
	else
		para(c, b, 2, "The shares an association is given (sacctmgr's "
		     "Fairshare=). %s has %u. 'parent' (FairShare=parent) "
		     "means none of its own: what is under it competes in its "
		     "parent's list.", u, a->shares_raw);

	fs_buf_addstr(b, "\nNormShares\n");
	if (a->use_parent)
		para(c, b, 2, "Its part of the shares of the list it competes in. "
		     "A FairShare=parent association has none; sshare shows "
		     "its parent's, %s's %s.", pn, f6g(c, a->shares_norm));
	else if (fair)
		para(c, b, 2, "Its part of the shares of the list it competes in: "
		     "its RawShares over the list's total. %s: %u of %u in "
		     "%s's list = %s.", u, a->shares_raw, a->level_shares, pn,
		     f6g(c, a->shares_norm));
	else
		para(c, b, 2, "Its part of the cluster's shares: its part of each "
		     "list's shares, multiplied down the tree. %s: %s.", u,
		     f6g(c, a->shares_norm));

	fs_buf_addstr(b, "\nRawUsage\n");
	para(c, b, 2, "The usage charged to it and to everything under it: "
	     "CPU-seconds, or billing-seconds under TRESBillingWeights, "
	     "halved every half-life (%s). %s: %s; sshare prints its whole "
	     "part, %s.", hl, u, usage(c, a->usage_raw),
	     whole(c, a->usage_raw));

	fs_buf_addstr(b, "\nNormUsage\n");
	para(c, b, 2, "Its part of the whole cluster's usage: its RawUsage over "
	     "root's. %s: %s / %s = %s.", u, usage(c, a->usage_raw),
	     usage(c, r->usage_raw), f6g(c, fs_node_usage_norm(tr, a)));

	fs_buf_addstr(b, "\nEffectvUsage\n");
	if (fair)
		para(c, b, 2, "Under Fair Tree, its part of the usage of the "
		     "account whose list it competes in: its RawUsage over "
		     "that account's. %s: %s / %s's %s = %s.", u,
		     usage(c, a->usage_raw), pn, usage(c, p->usage_raw),
		     f6g(c, fs_node_usage_efctv(tr, a)));
	else if (a->use_parent)
		para(c, b, 2, "Under %s a FairShare=parent association takes its "
		     "parent's: %s's %s.", fs_algorithm_name(o->algorithm), pn,
		     f6g(c, fs_node_usage_efctv(tr, a)));
	else if (a->fs_parent == tr->root)
		para(c, b, 2, "Under %s, for an association of root's list, its "
		     "NormUsage. %s: %s.", fs_algorithm_name(o->algorithm), u,
		     f6g(c, fs_node_usage_efctv(tr, a)));
	else if (o->algorithm == FS_ALG_CLASSIC)
		para(c, b, 2, "Under classic, its NormUsage moved towards its "
		     "parent's EffectvUsage by its part of its list's shares. "
		     "%s: %s.", u, f6g(c, fs_node_usage_efctv(tr, a)));
	else
		para(c, b, 2, "Under depth-oblivious, its NormUsage weighed "
		     "against its siblings' and against how much its parent "
		     "used of its own share. %s: %s.", u,
		     f6g(c, fs_node_usage_efctv(tr, a)));

	fs_buf_addstr(b, "\nLevelFS\n");
	if (!fair)
		para(c, b, 2, "Fair Tree's: NormShares over EffectvUsage in each "
		     "list. sshare leaves it empty under %s.",
		     fs_algorithm_name(o->algorithm));
	else if (a->use_parent)
		para(c, b, 2, "NormShares over EffectvUsage: above 1, less used "
		     "than its share of its list; below 1, more. Fair Tree "
		     "sorts every list by it, highest first, and walks the tree "
		     "in that order. Slurm gives a FairShare=parent user inf, "
		     "whatever its usage: %s is inf.", u);
	else
		para(c, b, 2, "NormShares over EffectvUsage: above 1, less used "
		     "than its share of its list; below 1, more. Fair Tree "
		     "sorts every list by it, highest first, and walks the tree "
		     "in that order; inf is no usage, 0 no shares. %s: %s / %s "
		     "= %s.", u, f6g(c, a->shares_norm),
		     f6g(c, fs_node_usage_efctv(tr, a)), f6g(c, a->level_fs));

	fs_buf_addstr(b, "\nFairShare\n");
	if (fair)
		para(c, b, 2, "A user's factor in its jobs' priority (times "
		     "PriorityWeightFairshare): under Fair Tree its place in "
		     "that walk counted from the last, over the number of user "
		     "associations. %s, %s of %u: (%u - %u + 1) / %u = %s.", u,
		     ordinal(c, place), n, n, place, n, f6g(c, a->fs_factor));
	else
		para(c, b, 2, "A user's factor in its jobs' priority (times "
		     "PriorityWeightFairshare): under %s 2^(-(EffectvUsage / "
		     "NormShares) / D), D the FairShareDampeningFactor (%u "
		     "here)%s. %s: %s.", fs_algorithm_name(o->algorithm),
		     o->dampening, a->use_parent ? ", with its parent's values "
		     "for FairShare=parent" : "", u, f6g(c, a->fs_factor));

	fs_buf_addstr(b, "\nRank\n");
	para(c, b, 2, "The toolkit's name for a user's place %s, 1 first; "
	     "sshare shows only FairShare. Users tied %s share a rank. %s: "
	     "%u of %u.", fair ? "in Fair Tree's walk" : "by FairShare",
	     fair ? "at one Level FS" : "at one FairShare", u, place, n);
}

/* ------------------------------------------------------------ the calls */

void
fs_explain_text_pair(struct fs_buf *b, const struct fs_tree *tr,
		     const struct fs_rank_opts *ro, double half_life,
		     const struct fs_explain *x)
{
	struct tx c;

	tx_init(&c, tr, ro, half_life);
	text_pair(&c, b, x);
	fs_words_release(&c.w);
}

void
fs_explain_text_path(struct fs_buf *b, const struct fs_tree *tr,
		     const struct fs_rank_opts *ro, struct fs_explain_path *p,
		     const struct fs_explain *pass, FILE *out)
{
	struct tx c;

	tx_init(&c, tr, ro, 0);
	text_path(&c, b, p, pass, out);
	fs_words_release(&c.w);
}

void
fs_explain_text_forecast(struct fs_buf *b, const struct fs_tree *tr,
			 const struct fs_rank_opts *ro, double half_life,
			 const struct fs_forecast_opts *f,
			 const struct fs_forecast *r,
			 const struct fs_forecast_info *in)
{
	struct tx c;

	tx_init(&c, tr, ro, half_life);
	text_forecast(&c, b, f, r, in);
	fs_words_release(&c.w);
}

void
fs_explain_usage_text(struct fs_buf *b, const struct fs_tree *tr,
		      const struct fs_rank_opts *o, uint32_t asked,
		      const struct fs_usage_by *u)
{
	struct tx c;

	tx_init(&c, tr, o, 0);
	c.w.no_hang = 1;
	usage_text(&c, b, asked, u);
	fs_words_release(&c.w);
}

void
fs_explain_glossary(struct fs_buf *b, const struct fs_tree *tr,
		    const struct fs_rank_opts *o, double half_life,
		    uint32_t user)
{
	struct tx c;

	tx_init(&c, tr, o, half_life);
	c.w.no_hang = 1;
	glossary(&c, b, user);
	fs_words_release(&c.w);
}

int
fs_explain_glossary_for(struct fs_buf *b, const struct fs_tree *tr,
			const struct fs_rank_opts *o, double half_life,
			const char *spec, struct fs_err *e)
{
	uint32_t u;

	if (spec && fs_explain_find_user(tr, spec, &u, e) < 0)
		return -1;
	if (!spec && (u = fs_explain_glossary_user(tr)) == FS_NONE)
		return fs_error(e, 0, "the tree has no user association to "
				"show the numbers of");
	fs_explain_glossary(b, tr, o, half_life, u);
	return 0;
}

int
fs_explain_usage_by_for(struct fs_buf *b, const struct fs_tree *tr,
			const struct fs_rank_opts *o, const char *spec,
			uint32_t max, int json, struct fs_err *e)
{
	struct fs_usage_by u;
	uint32_t i, acct;

	if (fs_explain_usage_by_node(tr, spec, &i, &acct, e) < 0)
		return -1;
	fs_explain_usage_by(tr, o, acct, max, &u);
	if (json)
		fs_explain_json_usage_by(b, tr, o, i, &u);
	else
		fs_explain_usage_text(b, tr, o, i, &u);
	fs_explain_usage_by_release(&u);
	return 0;
}
