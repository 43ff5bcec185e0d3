/*
 * fairtree.c: Slurm's Fair Tree fairshare, bit for bit (docs/slurm.md §2).
 *
 * Every association's Level FS is S/U: S its shares over the sum of shares
 * in its fs parent's children list, U its usage over the fs parent's usage,
 * both as Slurm types them (double S, long double U and LF). Starting at
 * root, each children list is stably sorted by Level FS, highest first, users
 * before accounts on equality, and walked in that order: a user takes the
 * next rank (or the previous one when tied with its predecessor), an account
 * is descended at once, its first child tied when the account was. The
 * factor is rank/N, N counting every user association.
 *
 * Slurm means to merge the children of tied sibling accounts before
 * descending, but its _count_tied_accounts() stops at the first account, so
 * tied accounts are descended one after the other and the second one's first
 * child inherits the last rank of the first (docs/slurm.md §2.6).
 * FS_TIES_SLURM does what Slurm does; FS_TIES_MERGE does what its
 * documentation says.
 *
 * Each walk uses an explicit stack and one work array: the lists being
 * walked at any moment are disjoint. Each list is sorted as it is opened.
 * The subtrees below the top of the tree are walked on every core (see
 * "The walk, on every core" below). Cost O(n log n).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/model.h"
#include "core/msort.h"


static const long double NO_VAL_LD = (long double)FS_NO_VAL;

/* Level FS of one association (docs/slurm.md §2.3), which may be a copy
 * (fs_fairtree_level_fs); its U and usage_norm are
 * fs_fairtree_usage_efctv's and fs_node_usage_norm's. */
static void
calc_assoc_fs(const struct fs_tree *tr, struct fs_node *a)
{
	long double S, U;

	if (a->use_parent) {
		a->level_fs = a->is_user ? (long double)INFINITY : NO_VAL_LD;
		return;
	}
	S = (long double)a->shares_norm;
	U = fs_fairtree_usage_efctv(tr, a);
	a->level_fs = S == 0 ? 0 : S / U;
}

/* Rows per chunk of the per-node pass. */
#define NODES_PER_CHUNK 16384

/* Normalised shares within the level, then U and Level FS
 * (docs/slurm.md §2.2, §2.3) of nodes [i * NODES_PER_CHUNK, ...): each
 * depends only on the input and its fs parent's shares, so the chunks run
 * on every core. */
static void
node_chunk(void *arg, size_t ci)
{
	struct fs_tree *tr = arg;
	uint32_t i = (uint32_t)(ci * NODES_PER_CHUNK), end = tr->n;

	if (end - i > NODES_PER_CHUNK)
		end = i + NODES_PER_CHUNK;
	for (; i < end; i++) {
		struct fs_node *a = &tr->node[i];
		const struct fs_node *fs = a;

		if (a->use_parent && a->fs_parent != FS_NONE)
			fs = &tr->node[a->fs_parent];
		a->shares_norm = fs->level_shares ? (double)fs->shares_raw /
							    (double)fs->level_shares
						  : 0.0;
		calc_assoc_fs(tr, a);
		a->fs_factor = 0;
		a->rank = 0;
	}
}

long double
fs_fairtree_level_fs(const struct fs_tree *tr, uint32_t i)
{
	struct fs_node a = tr->node[i];

	calc_assoc_fs(tr, &a);
	return a.level_fs;
}

/* _cmp_level_fs: higher Level FS first, users before accounts. */
static int
cmp_level_fs(const struct fs_node *a, const struct fs_node *b)
{
	if (a->level_fs != b->level_fs)
		return a->level_fs < b->level_fs ? 1 : -1;
	if (!a->is_user == !b->is_user)
		return 0;
	return a->is_user ? -1 : 1;
}

/* Children lists by Level FS through the nodes (any value, NaN included). */
static inline int
node_before(const struct fs_tree *tr, const uint32_t *a, const uint32_t *b)
{
	return cmp_level_fs(&tr->node[*a], &tr->node[*b]) < 0;
}

FS_MSORT(sort_list, uint32_t, const struct fs_tree *, node_before)

/* Level FS as a sort key: a value that is not negative (all of them but
 * NaN, which a usage sum that overflows to inf can give) orders as its x87
 * bits, exponent then mantissa; then users before accounts. Sorting keys
 * side by side keeps the sort in the cache. */
struct lkey {
	uint64_t mant;
	uint32_t idx;
	uint16_t exp;
	uint8_t user;
};

static int
lkey_make(const struct fs_node *a, uint32_t idx, struct lkey *k)
{
	long double v = a->level_fs;
	uint16_t se;

	if (isnan(v) || signbit(v))
		return -1;
	if (v == 0)
		v = 0;	/* one zero */
	memcpy(&k->mant, &v, 8);
	memcpy(&se, (const char *)&v + 8, 2);
	k->exp = se;
	k->idx = idx;
	k->user = a->is_user;
	return 0;
}

/* 1 when a goes strictly before b: higher Level FS, then users first. */
static inline int
lkey_before(const void *ctx, const struct lkey *a, const struct lkey *b)
{
	(void)ctx;
	if (a->exp != b->exp)
		return a->exp > b->exp;
	if (a->mant != b->mant)
		return a->mant > b->mant;
	return a->user > b->user;
}

FS_MSORT(lkey_sort, struct lkey, const void *, lkey_before)

/* Byte d of k's sort key, least significant first, so that ascending
 * bytes give lkey_before's order: users before accounts (d 0), then the
 * mantissa (1 to 8) and the exponent (9, 10), highest first. */
static inline unsigned
lkey_byte(const struct lkey *k, int d)
{
	if (d == 0)
		return !k->user;
	if (d <= 8)
		return 255 - (unsigned)(k->mant >> (8 * (d - 1)) & 0xff);
	return 255 - (unsigned)(k->exp >> (8 * (d - 9)) & 0xff);
}

/* A long list's keys (an organisation's thousands of accounts) in
 * lkey_sort's order by a radix sort: equal keys keep their order, as in
 * lkey_sort. */
#define LKEY_RADIX_MIN 1024

FS_RADIX(lkey_radix, struct lkey, 11, lkey_byte)

/* The list w[0..m) in Slurm's order, by Level FS: by keys side by side
 * (key and ktmp: room for m each), or through the nodes (tmp) when a Level
 * FS makes no key. Keys: a list of tens of thousands sorted through the
 * nodes misses the cache at every comparison. */
static void
order_list(const struct fs_tree *tr, uint32_t *w, uint32_t *tmp,
	   struct lkey *key, struct lkey *ktmp, uint32_t m)
{
	uint32_t j;

	for (j = 0; j < m; j++) {
		if (j + 16 < m)
			fs_prefetch_node(&tr->node[w[j + 16]]);
		if (lkey_make(&tr->node[w[j]], w[j], &key[j]) < 0) {
			sort_list(tr, w, tmp, m);
			return;
		}
	}
	if (m >= LKEY_RADIX_MIN)
		lkey_radix(key, ktmp, m);
	else
		lkey_sort(NULL, key, ktmp, m);
	for (j = 0; j < m; j++)
		w[j] = key[j].idx;
}

void
fs_fairtree_walk_order(const struct fs_tree *tr, uint32_t p, uint32_t *v,
		       uint32_t *tmp)
{
	const struct fs_node *a = &tr->node[p];
	uint32_t m = a->nfs_kids;
	struct lkey *key;

	memcpy(v, tr->fs_kids + a->fs_kids, m * sizeof(*v));
	if (m > 1) {
		key = fs_xcalloc(2 * (size_t)m, sizeof(*key));
		order_list(tr, v, tmp, key, key + m, m);
		free(key);
	}
}

/*
 * The walk, on every core. A driver walks the top of the tree as Slurm
 * does; each account (or group of tied accounts, with FS_TIES_MERGE) that it
 * meets at depth `cut` and that has something below it becomes a unit,
 * and runs of adjacent units become tasks, each walked on its own. A task
 * cannot know the ranks its users take, only how they relate: a user that
 * takes a rank of its own takes the task's first rank minus the number of
 * users before it in the task; a tied user takes its predecessor's, which
 * may lie before the task. So a task's user stores 1 + that offset for its
 * rank, or 0 when it takes the rank the walk had when the task began. The
 * driver's own users and its tasks, in walk order, then give each task its
 * first rank and that rank (resolve), and the tasks turn their users'
 * offsets into ranks.
 */
struct frame {
	uint32_t base, n, i;
	uint8_t account_tied;
	long double prev;
};

/* A walk's work space: the children lists being walked, side by side in w
 * (they are disjoint), and the stack of frames over them. */
struct ws {
	uint32_t *w, *tmp;
	size_t cap;
	struct lkey *key, *ktmp;
	size_t kcap;
	struct frame *fr;
	uint32_t nfr, frcap;
};

/* An account (or tied accounts merged) that the driver left to a task. */
struct unit {
	uint32_t acc, nacc;	/* its accounts: ft.acc[acc..+nacc] */
	uint8_t tied;		/* the account was tied: so is its first child */
};

/* A run of units, adjacent in the driver's walk, walked one after the
 * other: a million small accounts are not a million tasks. */
struct task {
	uint32_t item, nunit;	/* its units: ft.item[item..+nunit] */
	uint32_t users;		/* users walked */
	uint32_t last_own;	/* 1 + offset of the last with a rank of its own */
	uint32_t *user, ucap;	/* users in walk order */
	uint32_t first, carry;	/* from resolve: first rank, rank before */
};

/* What the driver walked, in order: a user (tied or not) or a unit. */
struct item {
	uint32_t idx;
	uint8_t unit, tied;
};

struct ft {
	struct fs_tree *tr;
	enum fs_ties ties;
	uint32_t cut;
	struct task *task;
	uint32_t ntask;
	struct unit *unit;
	uint32_t nunit, unitcap;
	uint32_t *acc, nacc, acccap;
	struct item *item;
	uint32_t nitem, itemcap;
};

static void
ws_reserve(struct ws *s, size_t need)
{
	if (need <= s->cap)
		return;
	while (s->cap < need)
		s->cap = s->cap ? 2 * s->cap : 256;
	s->w = fs_xreallocarray(s->w, s->cap, sizeof(*s->w));
	s->tmp = fs_xreallocarray(s->tmp, s->cap, sizeof(*s->tmp));
}

static void
ws_release(struct ws *s)
{
	free(s->w);
	free(s->tmp);
	free(s->key);
	free(s->ktmp);
	free(s->fr);
}

/* Open the children lists of accounts (*list)[at..at+k) as a new frame on
 * top of s, sorted by Level FS (several lists, of merged tied accounts, as
 * one): by keys side by side, or through the nodes when one is NaN. Sorting
 * here, just before the walk reads these nodes, reads each node once. *list
 * may be s->w, which moves as it grows. */
static void
ws_open(const struct ft *ft, struct ws *s, uint32_t *const *list, uint32_t at,
	uint32_t k, uint8_t tied)
{
	const struct fs_tree *tr = ft->tr;
	uint32_t top = 0, m = 0, j, *w;
	struct frame *f;

	if (s->nfr)
		top = s->fr[s->nfr - 1].base + s->fr[s->nfr - 1].n;
	for (j = 0; j < k; j++)
		m += tr->node[(*list)[at + j]].nfs_kids;
	ws_reserve(s, (size_t)top + m + 1);
	w = s->w + top;
	for (m = 0, j = 0; j < k; j++) {
		const struct fs_node *a = &tr->node[(*list)[at + j]];

		memcpy(w + m, tr->fs_kids + a->fs_kids, a->nfs_kids * sizeof(*w));
		m += a->nfs_kids;
	}
	for (j = 0; j < m && j < 16; j++)
		fs_prefetch_node(&tr->node[w[j]]);
	if (m > 1) {
		if (m > s->kcap) {
			s->kcap = m;
			s->key = fs_xreallocarray(s->key, m, sizeof(*s->key));
			s->ktmp = fs_xreallocarray(s->ktmp, m, sizeof(*s->ktmp));
		}
		order_list(tr, w, s->tmp, s->key, s->ktmp, m);
	}
	if (s->nfr == s->frcap) {
		s->frcap = s->frcap ? 2 * s->frcap : 64;
		s->fr = fs_xreallocarray(s->fr, s->frcap, sizeof(*s->fr));
	}
	f = &s->fr[s->nfr++];
	f->base = top;
	f->n = m;
	f->i = 0;
	f->account_tied = tied;
	f->prev = NO_VAL_LD;
}


/* Walk the frames in s to the end, Slurm's way: by Level FS, a user takes
 * the next rank or, tied with its predecessor, the same; an account is
 * descended at once, its first child tied when it was. The driver (t NULL)
 * records its users and leaves each account (or tied group) at depth
 * ft->cut to a task as a unit; a task (t) gives its users their offsets. */
static void
walk(struct ft *ft, struct ws *s, struct task *t)
{
	struct fs_tree *tr = ft->tr;

	while (s->nfr) {
		struct frame *f = &s->fr[s->nfr - 1];
		struct fs_node *a;
		uint32_t at, last, k, m;
		int tied;

		if (f->i == f->n) {
			s->nfr--;
			continue;
		}
		at = f->base + f->i;
		a = &tr->node[s->w[at]];
		/* Lists lie anywhere in the nodes: fetch ahead. */
		if (f->i + 8 < f->n)
			fs_prefetch_node(&tr->node[s->w[at + 8]]);
		if (f->i + 4 < f->n)
			__builtin_prefetch(tr->fs_kids + tr->node[s->w[at + 4]].fs_kids);
		tied = (f->i == 0 && f->account_tied) ? 1
						      : f->prev == a->level_fs;
		f->prev = a->level_fs;
		if (a->is_user) {
			f->i++;
			if (t) {
				if (!tied)
					t->last_own = t->users + 1;
				a->rank = t->last_own;
				FS_GROW(t->user, t->users, t->ucap);
				t->user[t->users++] = s->w[at];
			} else {
				FS_GROW(ft->item, ft->nitem, ft->itemcap);
				ft->item[ft->nitem].idx = s->w[at];
				ft->item[ft->nitem].unit = 0;
				ft->item[ft->nitem++].tied = (uint8_t)tied;
			}
			continue;
		}
		last = at;
		if (ft->ties == FS_TIES_MERGE)
			while (last + 1 < f->base + f->n &&
			       !tr->node[s->w[last + 1]].is_user &&
			       tr->node[s->w[last + 1]].level_fs == a->level_fs)
				last++;
		f->i = last - f->base + 1;
		for (m = 0, k = at; k <= last; k++)
			m += tr->node[s->w[k]].nfs_kids;
		if (!m)
			continue;	/* nothing below: nothing to rank */
		if (t || s->nfr < ft->cut) {
			/* A task's list walked to its end needs its frame no
			 * more: a deep chain then holds one frame, not one a
			 * level (8,000 deep: 256 KB and their copies as they
			 * grow). The new list is written over it from its
			 * base, after its one account is read (the driver's
			 * frames count its depth: kept). */
			if (t && f->i == f->n && last == at)
				s->nfr--;
			/* f is invalid once the frames grow. */
			ws_open(ft, s, &s->w, at, last - at + 1, (uint8_t)tied);
			continue;
		}
		FS_GROW(ft->unit, ft->nunit, ft->unitcap);
		ft->unit[ft->nunit].acc = ft->nacc;
		ft->unit[ft->nunit].nacc = last - at + 1;
		ft->unit[ft->nunit].tied = (uint8_t)tied;
		for (k = at; k <= last; k++) {
			FS_GROW(ft->acc, ft->nacc, ft->acccap);
			ft->acc[ft->nacc++] = s->w[k];
		}
		FS_GROW(ft->item, ft->nitem, ft->itemcap);
		ft->item[ft->nitem].idx = ft->nunit++;
		ft->item[ft->nitem].unit = 1;
		ft->item[ft->nitem++].tied = (uint8_t)tied;
	}
}

static int
item_is_unit(const void *ctx, uint32_t i)
{
	return ((const struct ft *)ctx)->item[i].unit;
}

static void
task_walk(void *arg, size_t i)
{
	struct ft *ft = arg;
	struct task *t = &ft->task[i];
	struct ws s;
	uint32_t k;

	memset(&s, 0, sizeof(s));
	for (k = 0; k < t->nunit; k++) {
		const struct unit *u = &ft->unit[ft->item[t->item + k].idx];

		ws_open(ft, &s, &ft->acc, u->acc, u->nacc, u->tied);
		walk(ft, &s, t);
	}
	ws_release(&s);
}

/* A task's users: offsets to ranks, and their factors. */
static void
task_ranks(void *arg, size_t i)
{
	struct ft *ft = arg;
	struct task *t = &ft->task[i];
	double n = ft->tr->user_count;
	uint32_t j;

	for (j = 0; j < t->users; j++) {
		struct fs_node *a = &ft->tr->node[t->user[j]];

		if (j + 8 < t->users)
			__builtin_prefetch(&ft->tr->node[t->user[j + 8]].rank);
		a->rank = a->rank ? t->first - (a->rank - 1) : t->carry;
		a->fs_factor = a->rank / n;
	}
	free(t->user);
}

void
fs_fairtree_levels(struct fs_tree *tr)
{
	if (tr->root == FS_NONE)
		return;
	fs_tree_ranked_here(tr, 0);
	fs_tree_level_shares(tr);
	fs_par_for((tr->n + NODES_PER_CHUNK - 1) / NODES_PER_CHUNK, node_chunk,
		   tr);
	/* Slurm never computes these for root */
	tr->node[tr->root].level_fs = NO_VAL_LD;
}

void
fs_fairtree(struct fs_tree *tr, enum fs_ties ties)
{
	uint32_t rank, rnt, i, k, accts;
	struct fs_run *run;
	struct fs_node *root;
	struct ft ft;
	struct ws s;
	uint32_t *rootp;

	if (tr->root == FS_NONE)
		return;
	fs_fairtree_levels(tr);
	root = &tr->node[tr->root];
	/* Units at depth 1 when root's list holds enough accounts to share
	 * out, else at depth 2. */
	memset(&ft, 0, sizeof(ft));
	ft.tr = tr;
	ft.ties = ties;
	for (i = 0, accts = 0; i < root->nfs_kids; i++)
		accts += !tr->node[tr->fs_kids[root->fs_kids + i]].is_user;
	ft.cut = accts >= 4 * fs_par_threads() ? 1 : 2;
	memset(&s, 0, sizeof(s));
	rootp = &tr->root;
	ws_open(&ft, &s, &rootp, 0, 1, 0);
	walk(&ft, &s, NULL);
	ws_release(&s);
	/* Tasks: runs of adjacent units. */
	ft.ntask = fs_par_runs(ft.nitem, item_is_unit, &ft, &run);
	ft.task = fs_xcalloc(ft.ntask + 1, sizeof(*ft.task));
	for (i = 0; i < ft.ntask; i++) {
		ft.task[i].item = run[i].first;
		ft.task[i].nunit = run[i].n;
	}
	free(run);
	fs_par_for(ft.ntask, task_walk, &ft);
	/* In walk order: the driver's users take their ranks, each task its
	 * first rank and the rank before it. */
	rank = rnt = tr->user_count;
	for (i = 0, k = 0; i < ft.nitem; i++) {
		const struct item *it = &ft.item[i];

		if (it->unit) {
			struct task *t = &ft.task[k++];

			t->first = rnt;
			t->carry = rank;
			if (t->last_own)
				rank = rnt - (t->last_own - 1);
			rnt -= t->users;
			i += t->nunit - 1;
		} else {
			struct fs_node *a = &tr->node[it->idx];

			if (!it->tied)
				rank = rnt;
			a->rank = rank;
			a->fs_factor = rank / (double)tr->user_count;
			rnt--;
		}
	}
	fs_par_for(ft.ntask, task_ranks, &ft);
	free(ft.task);
	free(ft.unit);
	free(ft.acc);
	free(ft.item);
}
