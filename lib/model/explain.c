/*
 * explain.c: why one user ranks above another, as facts (fs-explain(1)).
 *
 * Every function here reads a tree that fs_rank() has already ranked and
 * fills plain structs; the words are the program's business.
 *
 * Under Fair Tree (docs/slurm.md §2.8) two users are ordered where their
 * paths in the fairshare tree part: below their first common fs ancestor,
 * the two children on the two paths are compared by Level FS (long double,
 * exact !=). The higher one is walked first, so everything under it
 * outranks everything under the other. On an exact tie the kinds decide:
 * two users share a rank; a user sorts before an account; two accounts are
 * descended in list order (Slurm) or merged (--ties merge: then the
 * comparison moves one level down, into the merged list). An account
 * entered tied passes the rank of the last user ranked before it to its
 * first user ("carry-in"); we find that pair from the ranks themselves.
 *
 * The shares needed to overtake come from a binary search over the raw
 * shares of the lower user's deciding association, each probe recomputing
 * both Level FS with Slurm's types: the level's share total changes with
 * the probe, and both Level FS are monotone in it, so the search is exact.
 *
 * Decay needs no search: Slurm multiplies every usage, root's included, by
 * the same factor, so every U = usage / parent usage, hence every Level FS,
 * stays what it is (zero stays zero). Only rounding in the last bits of
 * the decayed numbers can differ, which matters only for exact ties.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

/* Index of node i in its fs parent's children list. */
static uint32_t
list_index(const struct fs_tree *tr, uint32_t i)
{
	const struct fs_node *p = &tr->node[tr->node[i].fs_parent];
	uint32_t k;

	for (k = 0; k < p->nfs_kids; k++)
		if (tr->fs_kids[p->fs_kids + k] == i)
			return k;
	return 0;
}

/* How many associations compete in node i's list (1 for root). */
static uint32_t
list_count(const struct fs_tree *tr, uint32_t i)
{
	uint32_t p = tr->node[i].fs_parent;

	return p == FS_NONE ? 1 : tr->node[p].nfs_kids;
}

/* Fill l. A list of more than one is sorted in walk order into v, with tmp
 * as scratch (each with room for list_count): v[0..l->place) are then the
 * siblings walked before i. A list of one is i alone and touches neither
 * (most steps of a deep chain). */
static void
level_of(const struct fs_tree *tr, uint32_t i, struct fs_explain_level *l,
	 uint32_t *v, uint32_t *tmp)
{
	const struct fs_node *a = &tr->node[i];

	memset(l, 0, sizeof(*l));
	l->node = i;
	l->fs_parent = a->fs_parent;
	l->shares_norm = a->shares_norm;
	l->usage_raw = a->usage_raw;
	l->usage_efctv = fs_node_usage_efctv(tr, a);
	l->level_fs = a->level_fs;
	l->level_shares = a->level_shares;
	l->count = 1;
	if (a->fs_parent == FS_NONE)
		return;
	l->parent_usage = tr->node[a->fs_parent].usage_raw;
	l->count = tr->node[a->fs_parent].nfs_kids;
	if (l->count < 2)
		return;
	fs_fairtree_walk_order(tr, a->fs_parent, v, tmp);
	while (l->place < l->count && v[l->place] != i)
		l->place++;
}

void
fs_explain_level(const struct fs_tree *tr, uint32_t i,
		 struct fs_explain_level *l)
{
	uint32_t n = list_count(tr, i), *v = NULL;

	if (n > 1)
		v = fs_xcalloc(2 * (size_t)n, sizeof(*v));
	level_of(tr, i, l, v, v ? v + n : NULL);
	free(v);
}

enum fs_explain_rule
fs_explain_relation(const struct fs_tree *tr, enum fs_ties ties, uint32_t s,
		    uint32_t i)
{
	const struct fs_node *a = &tr->node[s], *b = &tr->node[i];

	if (a->use_parent && !a->is_user)
		return FS_RULE_PARENT;
	if (a->level_fs != b->level_fs)
		return FS_RULE_LEVEL_FS;
	if (a->is_user && b->is_user)
		return FS_RULE_TIED_USERS;
	if (a->is_user || b->is_user)
		return FS_RULE_USER_FIRST;
	return ties == FS_TIES_MERGE ? FS_RULE_MERGED : FS_RULE_LIST_ORDER;
}

/* The associations an ambiguous name matches, at most eight. */
static void
list_choices(const struct fs_tree *tr, const char *spec, struct fs_buf *b)
{
	char *w[3];
	int k = fs_spec_split(spec, w, 3);
	const char *user = k >= 2 ? w[1] : w[0];
	uint32_t i, n = 0;

	if (k < 0)
		return;
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[tr->order[i]];

		if (!a->is_user || strcmp(a->user, user))
			continue;
		if (k >= 2 && strcmp(a->acct, w[0]))
			continue;
		if (n++ == 8) {
			fs_buf_addstr(b, ", ...");
			break;
		}
		if (n > 1)
			fs_buf_addstr(b, ", ");
		fs_buf_user_spec(b, tr, tr->order[i]);
	}
	free(w[0]);
}

const char *
fs_tree_closest(const struct fs_tree *tr, const char *name, int is_user)
{
	const char *best = NULL;
	size_t d, bd = 3;
	uint32_t i;

	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];
		const char *v = is_user ? a->user : a->acct;

		if (!a->is_user != !is_user || (!is_user && i == tr->root))
			continue;
		if (!strcmp(v, name))
			return NULL;
		if ((d = fs_edit_distance(v, name, 2)) < bd ||
		    (d == bd && best && strcmp(v, best) < 0)) {
			bd = d;
			best = v;
		}
	}
	return best;
}

int
fs_explain_find_user(const struct fs_tree *tr, const char *spec, uint32_t *i,
		     struct fs_err *e)
{
	struct fs_buf b;

	*i = fs_tree_find_user(tr, spec);
	if (*i < FS_NONE - 1)
		return 0;
	if (*i == FS_NONE - 1) {
		fs_buf_init(&b);
		list_choices(tr, spec, &b);
		fs_error(e, 0, "user '%s' is ambiguous: name one of %s", spec,
			 b.data ? b.data : "");
		fs_buf_release(&b);
		return -1;
	}
	if (!*spec)
		return fs_error(e, 0, "empty user name");
	if (!strchr(spec, '/') && fs_tree_find_account(tr, spec) != FS_NONE)
		return fs_error(e, 0, "'%s' is an account, not a user: name a "
				"user, or ACCOUNT/USER", spec);
	return fs_error(e, 0, "user '%s' not found (fs-rank -U lists the "
			"users%s)", spec, strchr(spec, '/') ? "; a '/' inside a "
			"name is written '\\/'" : "");
}

int
fs_explain_find(const struct fs_tree *tr, const char *spec, uint32_t *i,
		struct fs_err *e)
{
	const struct fs_node *a;
	struct fs_err user_err = *e;

	if (fs_explain_find_user(tr, spec, i, &user_err) == 0)
		return 0;
	if (strchr(spec, '/') || !*spec ||
	    (*i = fs_tree_find_account(tr, spec)) == FS_NONE) {
		*e = user_err;
		return -1;
	}
	a = &tr->node[*i];
	if (a->use_parent)
		return fs_error(e, 0, "account '%s' is FairShare=parent: it "
				"has no Level FS of its own, its children "
				"compete in %s's list", spec,
				tr->node[a->fs_parent].acct);
	if (a->fs_parent == FS_NONE)
		return fs_error(e, 0, "'%s' is the root: it competes with "
				"nothing", spec);
	return 0;
}

uint32_t
fs_explain_nested(const struct fs_tree *tr, uint32_t a, uint32_t b)
{
	uint32_t j;

	for (j = tr->node[b].parent; j != FS_NONE; j = tr->node[j].parent)
		if (j == a)
			return a;
	for (j = tr->node[a].parent; j != FS_NONE; j = tr->node[j].parent)
		if (j == b)
			return b;
	return FS_NONE;
}

int
fs_explain_find_names(const struct fs_tree *tr, char *const *names, int n,
		      uint32_t u[2], struct fs_err *e)
{
	uint32_t up;
	int k;

	for (k = 0; k < n; k++)
		if (fs_explain_find(tr, names[k], &u[k], e) < 0)
			return -1;
	if (n == 2 && (up = fs_explain_nested(tr, u[0], u[1])) != FS_NONE)
		return fs_error(e, 0, "'%s' is under '%s': the two never "
				"compete (name two that are not one under the "
				"other)", names[up == u[0]], names[up != u[0]]);
	return 0;
}

/* The fs path of node i from root: p[0] = root, p[n-1] = i. */
static uint32_t *
fs_path(const struct fs_tree *tr, uint32_t i, uint32_t *n)
{
	uint32_t j, k = 0, *p;

	for (j = i; j != FS_NONE; j = tr->node[j].fs_parent)
		k++;
	p = fs_xcalloc(k, sizeof(*p));
	*n = k;
	for (j = i; j != FS_NONE; j = tr->node[j].fs_parent)
		p[--k] = j;
	return p;
}

/* Mark every association in the fs subtree of node top. */
static void
mark_subtree(const struct fs_tree *tr, uint32_t top, uint8_t *in)
{
	uint32_t *stack = fs_xcalloc(tr->n, sizeof(*stack)), sp = 0, k;

	stack[sp++] = top;
	while (sp) {
		const struct fs_node *a = &tr->node[stack[--sp]];

		in[stack[sp]] = 1;
		for (k = 0; k < a->nfs_kids; k++)
			stack[sp++] = tr->fs_kids[a->fs_kids + k];
	}
	free(stack);
}

/* The first users ranked under the later branch share a rank with a user
 * ranked before it: name both (FS_NONE when nothing was carried in). */
static void
find_carry(const struct fs_tree *tr, struct fs_explain *x)
{
	uint32_t later = x->side[!x->first].node, earlier = x->side[x->first].node;
	uint8_t *in = fs_xcalloc(tr->n, 1), *in_first = fs_xcalloc(tr->n, 1);
	uint32_t i, best = 0, to = FS_NONE, from = FS_NONE;

	mark_subtree(tr, later, in);
	mark_subtree(tr, earlier, in_first);
	for (i = 0; i < tr->n; i++) {
		uint32_t j = tr->order[i];

		if (in[j] && tr->node[j].is_user && tr->node[j].rank > best) {
			best = tr->node[j].rank;
			to = j;
		}
	}
	/* Prefer the one from the earlier branch; users tied there are
	 * interchangeable, so take the last in display order. */
	for (i = 0; best && i < tr->n; i++) {
		uint32_t j = tr->order[i];

		if (!in[j] && tr->node[j].is_user && tr->node[j].rank == best &&
		    (from == FS_NONE || in_first[j] || !in_first[from]))
			from = j;
	}
	if (from != FS_NONE) {
		x->carry_from = from;
		x->carry_to = to;
	}
	free(in);
	free(in_first);
}

/* Level FS of the lower user's deciding association X and of the other,
 * Y, if X had s raw shares; c is the other shares in X's list. */
static void
probe(const struct fs_explain_level *X, const struct fs_explain_level *Y,
      int same_list, uint32_t sy, uint64_t c, uint64_t s, long double lf[2])
{
	uint64_t L = c + s;
	double sx = L ? (double)s / (double)L : 0.0;
	double syn = same_list ? (L ? (double)sy / (double)L : 0.0)
			       : Y->shares_norm;

	lf[0] = sx == 0 ? 0 : (long double)sx / X->usage_efctv;
	lf[1] = syn == 0 ? 0 : (long double)syn / Y->usage_efctv;
}

/* On an exact tie of Level FS, does X (the lower side) come first? For
 * users, rank a copy with X given s shares; for accounts named, the tie
 * rules of the walk (fs_explain_relation) between the two sides. */
static int ranks_above(const struct fs_tree *tr, const struct fs_rank_opts *o,
		       uint32_t i, uint32_t s, uint32_t u, uint32_t v);

static int
tie_passes(const struct fs_tree *tr, const struct fs_rank_opts *o,
	   struct fs_explain *x, uint32_t X, uint32_t Y, uint32_t s)
{
	if (tr->node[x->user[0]].is_user && tr->node[x->user[1]].is_user) {
		x->ranked_copy = 1;
		return ranks_above(tr, o, X, s, x->user[x->lower],
				   x->user[!x->lower]);
	}
	switch (fs_explain_relation(tr, o->ties, X, Y)) {
	case FS_RULE_USER_FIRST:
		return tr->node[X].is_user;
	case FS_RULE_LIST_ORDER:
		return list_index(tr, X) < list_index(tr, Y);
	default:
		return 0;
	}
}

/* With node i given s raw shares, does user u rank strictly above v? */
static int
ranks_above(const struct fs_tree *tr, const struct fs_rank_opts *o,
	    uint32_t i, uint32_t s, uint32_t u, uint32_t v)
{
	struct fs_tree copy;
	int r;

	fs_tree_copy_nodes(&copy, tr);
	copy.node[i].shares_raw = s;
	fs_rank(&copy, o);
	r = copy.node[u].rank > copy.node[v].rank;
	fs_tree_free_copy(&copy);
	return r;
}

static void
solve_shares(const struct fs_tree *tr, const struct fs_rank_opts *o,
	     struct fs_explain *x)
{
	const struct fs_explain_level *X = &x->side[x->lower];
	const struct fs_explain_level *Y = &x->side[!x->lower];
	const struct fs_node *xn = &tr->node[X->node], *yn = &tr->node[Y->node];
	const struct fs_node *p = &tr->node[X->fs_parent];
	int same = X->fs_parent == Y->fs_parent;
	uint64_t c = 0, lo, hi, mid;
	long double lf[2];
	uint32_t k;

	x->shares_now = xn->shares_raw;
	if (xn->use_parent) {
		x->shares = FS_SHARES_PARENT;
		return;
	}
	if (isinf(Y->level_fs)) {
		x->shares = FS_SHARES_INF;
		return;
	}
	for (k = 0; k < p->nfs_kids; k++) {
		const struct fs_node *s = &tr->node[tr->fs_kids[p->fs_kids + k]];

		if (!s->use_parent && s != xn)
			c += s->shares_raw;
	}
	if (c >= FS_INFINITE) {
		x->shares = FS_SHARES_LIMIT;
		return;
	}
	hi = FS_INFINITE - c;	/* the level's total must fit Slurm's uint32 */
	probe(X, Y, same, yn->shares_raw, c, hi, lf);
	x->level_fs_after[x->lower] = lf[0];
	x->level_fs_after[!x->lower] = lf[1];
	x->level_shares_after = (uint32_t)(c + hi);
	if (!(lf[0] > lf[1])) {
		x->shares = FS_SHARES_LIMIT;	/* the best it can do above */
		return;
	}
	lo = xn->shares_raw;	/* does not win, or we would not ask */
	probe(X, Y, same, yn->shares_raw, c, lo, lf);
	if (lf[0] > lf[1] || lo >= hi) {
		hi = lo;
	} else {
		while (hi - lo > 1) {	/* lo loses, hi wins */
			mid = lo + (hi - lo) / 2;
			probe(X, Y, same, yn->shares_raw, c, mid, lf);
			if (lf[0] > lf[1])
				hi = mid;
			else
				lo = mid;
		}
	}
	/* One share fewer gives an exact tie: the tie rules may already put
	 * the lower user above. Rank a copy to see. */
	if (hi - 1 > (uint64_t)xn->shares_raw) {
		probe(X, Y, same, yn->shares_raw, c, hi - 1, lf);
		if (lf[0] == lf[1] && tie_passes(tr, o, x, X->node, Y->node,
						 (uint32_t)(hi - 1)))
			hi--;
	}
	x->shares = FS_SHARES_OK;
	x->shares_needed = (uint32_t)hi;
	probe(X, Y, same, yn->shares_raw, c, hi, lf);
	x->level_fs_after[x->lower] = lf[0];
	x->level_fs_after[!x->lower] = lf[1];
	x->level_shares_after = (uint32_t)(c + hi);
}

void
fs_explain_pair(const struct fs_tree *tr, const struct fs_rank_opts *o,
		uint32_t a, uint32_t b, struct fs_explain *x)
{
	uint32_t *pa, *pb, na, nb, k, i, ra, rb;
	const struct fs_node *ua = &tr->node[a], *ub = &tr->node[b];
	int accounts;

	memset(x, 0, sizeof(*x));
	x->algorithm = o->algorithm;
	x->ties = o->ties;
	x->user[0] = a;
	x->user[1] = b;
	x->rank[0] = ra = ua->is_user ? tr->user_count + 1 - ua->rank : 0;
	x->rank[1] = rb = ub->is_user ? tr->user_count + 1 - ub->rank : 0;
	x->order = ra < rb ? -1 : ra > rb;
	x->lower = x->order < 0;
	accounts = !ua->is_user || !ub->is_user;
	x->carry_from = x->carry_to = FS_NONE;
	x->ancestor = FS_NONE;
	x->first = -1;
	x->no_usage = tr->node[tr->root].usage_raw == 0;
	x->shares = FS_SHARES_NA;
	if (a == b) {
		x->rule = FS_RULE_SAME;
		return;
	}
	pa = fs_path(tr, a, &na);
	pb = fs_path(tr, b, &nb);
	for (k = 0; k < na && k < nb && pa[k] == pb[k]; k++)
		;
	/* Users are leaves, so neither path is a prefix of the other. */
	x->ancestor = pa[k - 1];
	if (!fs_algorithm_levels(o->algorithm)) {
		fs_explain_level(tr, a, &x->side[0]);
		fs_explain_level(tr, b, &x->side[1]);
		x->rule = FS_RULE_FACTOR;
		x->first = ua->fs_factor == ub->fs_factor ? -1
			   : ua->fs_factor < ub->fs_factor;
		if (accounts) {
			x->order = x->first < 0 ? 0 : x->first ? 1 : -1;
			x->lower = x->order < 0;
		}
		free(pa);
		free(pb);
		return;
	}
	/* --ties merge: tied accounts' children compete in one list; two
	 * accounts named, tied, are merged there, with nothing below to
	 * compare. */
	i = k;
	while (o->ties == FS_TIES_MERGE && i + 1 < na && i + 1 < nb &&
	       !tr->node[pa[i]].is_user &&
	       !tr->node[pb[i]].is_user &&
	       tr->node[pa[i]].level_fs == tr->node[pb[i]].level_fs) {
		i++;
		x->merged++;
	}
	fs_explain_level(tr, pa[i], &x->side[0]);
	fs_explain_level(tr, pb[i], &x->side[1]);
	x->rule = fs_explain_relation(tr, o->ties, pa[i], pb[i]);
	switch (x->rule) {
	case FS_RULE_LEVEL_FS:
		x->first = x->side[0].level_fs < x->side[1].level_fs;
		break;
	case FS_RULE_USER_FIRST:
		x->first = !tr->node[pa[i]].is_user;
		break;
	case FS_RULE_LIST_ORDER:
		x->first = list_index(tr, pa[i]) > list_index(tr, pb[i]);
		break;
	default:
		break;
	}
	if (x->rule == FS_RULE_LEVEL_FS) {
		char p0[64], p1[64];

		snprintf(p0, sizeof(p0), "%.6Lf", x->side[0].level_fs);
		snprintf(p1, sizeof(p1), "%.6Lf", x->side[1].level_fs);
		x->near_miss = !strcmp(p0, p1);
	}
	/* An account has no rank: the walk's order of the two sides is its
	 * order (no order when merged or tied users). */
	if (accounts) {
		x->order = x->first < 0 ? 0 : x->first ? 1 : -1;
		x->lower = x->order < 0;
	}
	if (x->rule == FS_RULE_USER_FIRST || x->rule == FS_RULE_LIST_ORDER)
		find_carry(tr, x);
	solve_shares(tr, o, x);
	free(pa);
	free(pb);
}

void
fs_explain_path_init(struct fs_explain_path *p, const struct fs_tree *tr,
		     uint32_t user)
{
	memset(p, 0, sizeof(*p));
	p->user = user;
	p->rank = tr->user_count + 1 - tr->node[user].rank;
	p->tr = tr;
	p->node = fs_path(tr, user, &p->nstep);
	p->nstep--;
}

const struct fs_explain_step *
fs_explain_path_step(struct fs_explain_path *p, uint32_t k)
{
	struct fs_explain_step *s = &p->step;
	uint32_t i = p->node[k + 1], m = list_count(p->tr, i);

	/* A list of more than one is sorted into list, with the room after
	 * it as scratch; one alone (most steps of a deep chain) needs
	 * neither. */
	if (m > 1 && m > p->cap) {
		p->cap = m;
		free(p->list);
		p->list = fs_xcalloc(2 * (size_t)m, sizeof(*p->list));
	}
	level_of(p->tr, i, &s->level, m > 1 ? p->list : NULL,
		 m > 1 ? p->list + m : NULL);
	s->nbefore = s->level.place;
	s->before = m > 1 ? p->list : NULL;
	return s;
}

void
fs_explain_path_release(struct fs_explain_path *p)
{
	free(p->list);
	free(p->node);
	memset(p, 0, sizeof(*p));
}

/* Heaviest first; equal usages in the tree's order (k). */
struct weight {
	long double usage;
	uint32_t node, k;
};

static int
heavier(const void *pa, const void *pb)
{
	const struct weight *a = pa, *b = pb;

	if (a->usage != b->usage)
		return a->usage > b->usage ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/* The account's Level FS and place in its fs parent's list in copy c
 * (tr's nodes) were usage x never charged: the account and its fs parent
 * lose it, every member of the list is computed again (Slurm's
 * arithmetic, fs_fairtree_level_fs) and the list sorted as the walk
 * sorts it. */
static void
without(struct fs_tree *c, const struct fs_tree *tr, uint32_t acct,
	long double x, uint32_t *v, uint32_t *tmp, struct fs_usage_part *p)
{
	struct fs_node *a = &c->node[acct];
	struct fs_node *g = &c->node[a->fs_parent];
	uint32_t k, m = g->nfs_kids;

	a->usage_raw = tr->node[acct].usage_raw - x;
	g->usage_raw = tr->node[a->fs_parent].usage_raw - x;
	if (a->usage_raw < 0)
		a->usage_raw = 0;
	if (g->usage_raw < 0)
		g->usage_raw = 0;
	for (k = 0; k < m; k++) {
		uint32_t j = c->fs_kids[g->fs_kids + k];

		c->node[j].level_fs = fs_fairtree_level_fs(c, j);
	}
	p->level_fs = a->level_fs;
	fs_fairtree_walk_order(c, a->fs_parent, v, tmp);
	for (p->place = 0; p->place < m && v[p->place] != acct; p->place++)
		;
}

void
fs_explain_usage_by(const struct fs_tree *tr, const struct fs_rank_opts *o,
		    uint32_t acct, uint32_t max, struct fs_usage_by *u)
{
	const struct fs_node *a = &tr->node[acct];
	struct weight *w = fs_xcalloc((size_t)a->nkids + 1, sizeof(*w));
	long double sum = 0, total = a->usage_raw, slack;
	const char *src;
	uint32_t k, n = 0;

	memset(u, 0, sizeof(*u));
	u->node = acct;
	u->nkids = a->nkids;
	for (k = 0; k < a->nkids; k++) {
		uint32_t j = tr->kids[a->kids + k];

		w[n++] = (struct weight){tr->node[j].usage_raw, j, k};
		sum += tr->node[j].usage_raw;
	}
	/* An account keeps the usage of its deleted children (docs/slurm.md
	 * §1.4): what its own figure holds beyond its children's, when
	 * that is more than rounding, or than cutting each figure to a
	 * whole number does (sshare's text, slurmrestd). */
	slack = 1;
	if (tr->t && (fs_header_meta(&tr->t->h, "approximate") ||
		      ((src = fs_header_meta(&tr->t->h, "source")) &&
		       !strcmp(src, "sshare"))))
		slack += a->nkids;
	if (total - sum >= slack)
		w[n++] = (struct weight){total - sum, FS_NONE, a->nkids};
	qsort(w, n, sizeof(*w), heavier);
	u->npart = n < max ? n : max;
	u->part = fs_xcalloc((size_t)u->npart + 1, sizeof(*u->part));
	for (k = 0; k < n; k++) {
		if (k >= u->npart) {
			u->nmore++;
			u->more_usage += w[k].usage;
			continue;
		}
		u->part[k].node = w[k].node;
		u->part[k].usage = w[k].usage;
		u->part[k].part = total > 0 ? w[k].usage / total : 0;
	}
	free(w);
	u->levels = o->algorithm == FS_ALG_FAIRTREE && !a->use_parent &&
		    a->fs_parent != FS_NONE;
	if (!u->levels)
		return;
	fs_explain_level(tr, acct, &u->level);
	if (u->npart) {
		struct fs_tree c;
		uint32_t m = tr->node[a->fs_parent].nfs_kids;
		uint32_t *v = fs_xcalloc(2 * (size_t)m, sizeof(*v));

		fs_tree_copy_nodes(&c, tr);
		for (k = 0; k < u->npart; k++)
			without(&c, tr, acct, u->part[k].usage, v, v + m,
				&u->part[k]);
		free(v);
		fs_tree_free_copy(&c);
	}
}

void
fs_explain_usage_by_release(struct fs_usage_by *u)
{
	free(u->part);
	memset(u, 0, sizeof(*u));
}

const char *
fs_explain_rule_name(enum fs_explain_rule r)
{
	static const char *const n[] = {"same_association", "level_fs",
					"tied_users", "user_first",
					"list_order", "merged", "factor",
					"fairshare_parent"};

	return n[r];
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **
fs_explain_completions(const struct fs_tree *tr, size_t *n)
{
	char **cands = fs_xcalloc(2 * (size_t)tr->n + 2, sizeof(*cands));
	size_t k, m, nc = 0;
	struct fs_buf b;
	uint32_t i;

	cands[nc++] = fs_xstrdup("help");
	cands[nc++] = fs_xstrdup("quit");
	fs_buf_init(&b);
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		b.len = 0;
		fs_buf_addstr(&b, "");
		if (a->is_user) {
			fs_buf_name(&b, a->user);
			cands[nc++] = fs_xstrdup(b.data);
			b.len = 0;
			b.data[0] = '\0';
			fs_buf_user_spec(&b, tr, i);
		} else {
			fs_buf_name(&b, a->acct);
			fs_buf_addch(&b, '/');
		}
		cands[nc++] = fs_xstrdup(b.data);
	}
	fs_buf_release(&b);
	qsort(cands, nc, sizeof(*cands), cmp_str);
	for (k = m = 0; k < nc; k++) {
		if (m && !strcmp(cands[m - 1], cands[k]))
			free(cands[k]);
		else
			cands[m++] = cands[k];
	}
	*n = m;
	return cands;
}

int
fs_explain_usage_by_node(const struct fs_tree *tr, const char *spec,
			 uint32_t *asked, uint32_t *acct, struct fs_err *e)
{
	struct fs_err user_err = *e;
	uint32_t i;

	if (fs_explain_find_user(tr, spec, &i, &user_err) == 0) {
		*acct = tr->node[i].fs_parent;
	} else if (!strchr(spec, '/') && *spec &&
		   (i = fs_tree_find_account(tr, spec)) != FS_NONE) {
		*acct = i;
	} else {
		*e = user_err;
		return -1;
	}
	*asked = i;
	return 0;
}

const struct fs_explain *
fs_explain_path_pass(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     struct fs_explain_path *p, struct fs_explain *x)
{
	const struct fs_explain_step *s;

	if (tr->node[p->user].is_user || !p->nstep ||
	    !(s = fs_explain_path_step(p, p->nstep - 1))->nbefore)
		return NULL;
	fs_explain_pair(tr, o, p->user, s->before[s->nbefore - 1], x);
	return x;
}

void
fs_explain_completions_free(char **cands, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		free(cands[k]);
	free(cands);
}
