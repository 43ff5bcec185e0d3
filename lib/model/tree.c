/*
 * tree.c: the association tree rebuilt from a TSV table.
 *
 * Rows may come in any order: each names its Parent account, so the tree is
 * rebuilt with a hash table of accounts by name, children grouped by parent
 * (counting sort) and sorted the way Slurm 22.05 sorts its association list
 * (users first, then accounts, each by name: a duplicate user row is then
 * next to its twin), and an iterative depth-first walk from the root
 * gives the display order. Everything is O(n log n) in the number of
 * associations and needs no recursion, so a 100 000-deep chain is as safe as
 * a flat tree.
 *
 * Slurm's "fs parent" of an association is its nearest ancestor that is not
 * FairShare=parent, and Slurm keeps each association in its fs parent's
 * children list in global list order (docs/slurm.md §1.2): we build the
 * same lists by walking the display order once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "core/msort.h"


struct hmap {
	uint32_t *slot;		/* node index + 1; 0 is empty */
	size_t mask;
};

/* The first 8 bytes of a name as a big-endian number: the order strcmp
 * gives names, where they differ there. */
static uint64_t
name_key(const char *s)
{
	uint64_t k = 0;
	int i;

	for (i = 0; i < 8 && s[i]; i++)
		k |= (uint64_t)(unsigned char)s[i] << (56 - 8 * i);
	return k;
}

static uint64_t
hash_name(const char *s)
{
	return fs_fnv_sep(fs_fnv(FS_FNV_INIT, s));
}

static void
hmap_init(struct hmap *m, size_t n)
{
	size_t cap = 16;

	while (cap < 2 * n + 2)
		cap *= 2;
	m->slot = fs_xcalloc(cap, sizeof(*m->slot));
	/* Probes read a slot before it is written: made writable at once,
	 * not a zero page read and then a copy written, a fault each. */
	fs_prefault(m->slot, cap * sizeof(*m->slot));
	m->mask = cap - 1;
}

/* Insert account i, whose name hashes to h; returns the index of an
 * account of the same name already there, or FS_NONE. */
static uint32_t
hmap_insert(struct hmap *m, struct fs_node *node, uint32_t i, uint64_t h)
{
	size_t s = (size_t)h & m->mask;
	uint32_t j;

	while ((j = m->slot[s])) {
		j--;
		if (!strcmp(node[j].acct, node[i].acct))
			return j;
		s = (s + 1) & m->mask;
	}
	m->slot[s] = i + 1;
	return FS_NONE;
}

/* The account of that name, whose hash is h, or FS_NONE. */
static uint32_t
hmap_find_hashed(const struct hmap *m, const struct fs_node *node,
		 const char *name, uint64_t h)
{
	size_t s = (size_t)h & m->mask;
	uint32_t j;

	while ((j = m->slot[s])) {
		j--;
		if (!strcmp(node[j].acct, name))
			return j;
		s = (s + 1) & m->mask;
	}
	return FS_NONE;
}

static uint32_t
hmap_find_acct(const struct hmap *m, const struct fs_node *node,
	       const char *name)
{
	return hmap_find_hashed(m, node, name, hash_name(name));
}

unsigned long
fs_tree_line(const struct fs_tree *tr, uint32_t i)
{
	return fs_table_line(tr->t, i);
}

static int
parse_shares(const char *s, struct fs_node *a, struct fs_err *e,
	     unsigned long line)
{
	const char *p;
	unsigned long long v = 0;

	if (!strcmp(s, "parent")) {
		a->use_parent = 1;
		return 0;
	}
	if (!*s)
		return fs_error(e, line, "column 'RawShares': empty "
				"(a whole number or 'parent')");
	if (*s == '-')
		return fs_error(e, line, "column 'RawShares': negative: '%s'",
				s);
	for (p = s; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (unsigned)(*p - '0');
		if (v > FS_INFINITE)
			break;
	}
	if (p == s || (*p && *p != '.' && !(*p >= '0' && *p <= '9')))
		return fs_error(e, line,
				"column 'RawShares': not a number: '%s'", s);
	if (v > FS_INFINITE) {
		while (*p >= '0' && *p <= '9')
			p++;
		if (!*p)
			return fs_error(e, line,
					"column 'RawShares': too large "
					"(at most 4294967295): '%s'", s);
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
		return fs_error(e, line, *p ? "column 'RawShares': not a "
					      "number: '%s'"
					    : "column 'RawShares': not a whole "
					      "number: '%s'", s);
	}
	a->shares_raw = (uint32_t)v;
	return 0;
}

/* Pass 1 of fs_tree_build over rows [i * P1_ROWS, ...): fields and numbers
 * of each row into its node; the chunk stops at its first error. Roots
 * (accounts with an empty Parent) are listed, two at most, for the caller
 * to check in row order. */
#define P1_ROWS 16384

/* An account row of a chunk and its name's hash, made where the row is
 * read (its text is in the cache then). */
struct acct_row {
	uint64_t hash;
	uint32_t row;
};

/* Adjacent rows of one Parent (a run of one account's users, mostly):
 * pass 2 finds the parent once for all of them, and the scatter places
 * them in one step. */
struct parent_run {
	const char *name;	/* their Parent */
	union {
		uint64_t hash;	/* of name, from pass 1 */
		uint32_t parent;	/* its index, from pass 2 */
	} u;
	uint32_t first, n;	/* rows [first, first + n) */
};

/* What one chunk of rows found: its first error, roots, its accounts and
 * users, and the runs of its rows by Parent (root is in none). */
struct chunk_res {
	struct fs_err err;	/* line 0: no error */
	uint32_t err_row;
	uint32_t roots[2], nroots;
	uint32_t count, users;	/* accounts, users */
	struct acct_row *acct;	/* its accounts, in row order */
	uint32_t acct_cap;
	struct parent_run *run;	/* in row order */
	uint32_t nrun, run_cap;
};

/* Free what chunks hold, and zero them for the next pass. */
static void
chunks_clear(struct chunk_res *c, size_t n)
{
	size_t i;

	for (i = 0; c && i < n; i++) {
		free(c[i].acct);
		free(c[i].run);
	}
	if (c)
		memset(c, 0, n * sizeof(*c));
}

struct pass1 {
	struct fs_tree *tr;
	uint64_t *key;		/* each row's name_key, for sort_chunk */
	uint8_t *acct;		/* each row's: 1 an account */
	const int *col;
	int cpart;
	size_t nchunks;
	struct chunk_res *chunk;
	const struct fs_row_reader *rr;	/* or NULL */
};

static void
pass1_chunk(void *arg, size_t ci)
{
	struct pass1 *p1 = arg;
	struct fs_tree *tr = p1->tr;
	const struct fs_table *t = tr->t;
	const int *col = p1->col;
	struct chunk_res *c = &p1->chunk[ci];
	struct fs_err *e = &c->err;
	size_t r = ci * P1_ROWS, end = r + P1_ROWS;
	const char **f = fs_xcalloc(t->h.ncols + 1, sizeof(*f));
	struct fs_node a;
	struct parent_run *u;

	if (end > tr->n)
		end = tr->n;
	for (; r < end; r++) {
		/* Made here and stored whole (a failed row too: a root's
		 * name is in messages): the node array's fresh pages are
		 * written, never read first (a huge page read while
		 * untouched is the shared zero page, and the write after
		 * it a second fault that clears 2 MB). */
		unsigned long line = fs_table_line(t, r);
		const char *parent;

		memset(&a, 0, sizeof(a));
		c->err_row = (uint32_t)r;
		fs_table_fields(t, r, f);
		a.acct = f[col[0]];
		a.user = f[col[1]];
		a.part = p1->cpart >= 0 ? f[p1->cpart] : "";
		a.is_user = *a.user != '\0';
		a.parent = a.fs_parent = FS_NONE;
		parent = f[col[2]];
		if (!*a.acct) {
			fs_error(e, line, "column 'Account': empty");
			break;
		}
		if (a.is_user) {
			if (!*parent) {
				fs_error(e, line, "column 'Parent': empty on a "
					 "user row (it must be the user's "
					 "account '%s')", a.acct);
				break;
			}
			if (strcmp(parent, a.acct)) {
				fs_error(e, line, "column 'Parent': '%s' is not "
					 "the user's account '%s'", parent,
					 a.acct);
				break;
			}
		} else if (*a.part) {
			fs_error(e, line, "column 'Partition': '%s' on an "
				 "account row (only users have partitions)",
				 a.part);
			break;
		} else if (!*parent) {
			if (c->nroots < 2)
				c->roots[c->nroots++] = (uint32_t)r;
		} else if (!strcmp(parent, a.acct)) {
			fs_error(e, line, "account '%s' is its own parent",
				 a.acct);
			break;
		}
		if (!*f[col[3]] && !*parent && !a.is_user)
			a.shares_raw = 1;	/* root: Slurm's default */
		else if (parse_shares(f[col[3]], &a, e, line) < 0)
			break;
		if (!*f[col[4]]) {
			if (a.is_user) {
				fs_error(e, line, "column 'RawUsage': empty on a "
					 "user row");
				break;
			}
		} else {
			if (fs_parse_usage(f[col[4]], "RawUsage", &a.usage_raw,
					   e, line) < 0)
				break;
			a.usage_given = 1;
		}
		if (p1->rr) {
			const char *z = f[t->h.ncols - 1];

			f[t->h.ncols] = z + strlen(z) + 1;
			p1->rr->fn(p1->rr->ctx, &a, (uint32_t)r, f);
		}
		tr->node[r] = a;
		p1->key[r] = name_key(a.is_user ? a.user : a.acct);
		p1->acct[r] = !a.is_user;
		if (!a.is_user) {
			FS_GROW(c->acct, c->count, c->acct_cap);
			c->acct[c->count].hash = hash_name(a.acct);
			c->acct[c->count++].row = (uint32_t)r;
		} else
			c->users++;
		if (!*parent)
			continue;	/* root */
		u = c->nrun ? &c->run[c->nrun - 1] : NULL;
		if (u && u->first + u->n == r && !strcmp(u->name, parent)) {
			u->n++;
			continue;
		}
		FS_GROW(c->run, c->nrun, c->run_cap);
		u = &c->run[c->nrun++];
		u->name = parent;
		u->u.hash = hash_name(parent);
		u->first = (uint32_t)r;
		u->n = 1;
	}
	if (r < end)
		tr->node[r] = a;	/* the row that failed */
	free(f);
}

/* Pass 2 of fs_tree_build over the runs of chunk i: each run's parent
 * found by name, and its rows' counted; the chunk stops at its first
 * error. */
struct pass2 {
	struct fs_tree *tr;
	const struct hmap *accts;
	struct chunk_res *chunk;
	uint32_t *cnt;		/* children per account, then cursors */
};

static void
pass2_chunk(void *arg, size_t ci)
{
	struct pass2 *p2 = arg;
	struct fs_tree *tr = p2->tr;
	struct chunk_res *c = &p2->chunk[ci];
	uint32_t k, r, j;

	for (k = 0; k < c->nrun; k++) {
		struct parent_run *u = &c->run[k];

		j = hmap_find_hashed(p2->accts, tr->node, u->name, u->u.hash);
		if (j == FS_NONE) {
			fs_error(&c->err, fs_tree_line(tr, u->first),
				 "parent account '%s' not found", u->name);
			return;
		}
		for (r = u->first; r < u->first + u->n; r++)
			tr->node[r].parent = j;
		u->u.parent = j;
		__atomic_fetch_add(&p2->cnt[j], u->n, __ATOMIC_RELAXED);
	}
}

/* The runs of chunk i into their parent's slice of tr->kids, at the
 * cursor in cnt. Threads interleave, so a slice's order is arbitrary until
 * sort_chunk sorts it. */
static void
scatter_chunk(void *arg, size_t ci)
{
	struct pass2 *p2 = arg;
	const struct chunk_res *c = &p2->chunk[ci];
	uint32_t k, r, at;

	for (k = 0; k < c->nrun; k++) {
		const struct parent_run *u = &c->run[k];

		at = __atomic_fetch_add(&p2->cnt[u->u.parent], u->n,
					__ATOMIC_RELAXED);
		for (r = 0; r < u->n; r++)
			p2->tr->kids[at + r] = u->first + r;
	}
}

/* Slurm 22.05's rebuilt list order (fs_sibling_cmp). */
static int
cmp_siblings(const struct fs_tree *tr, uint32_t x, uint32_t y)
{
	const struct fs_node *a = &tr->node[x];
	const struct fs_node *b = &tr->node[y];

	return fs_sibling_cmp(a->is_user, a->is_user ? a->user : a->acct,
			      a->part, b->is_user,
			      b->is_user ? b->user : b->acct, b->part);
}

/* Children of parents [i * per, ...) in Slurm's sibling order (per:
 * sort_parents()); equal user rows are then neighbours: dup[2i] is the
 * later row of the first such pair (in input order), dup[2i+1] its twin,
 * or FS_NONE. */
#define SORT_PARENTS 4096

/* Parents a chunk of the passes over parents: a tree that pass 1 reads in
 * one chunk, on one thread, is one chunk here too (8,000 associations: a
 * thread made and joined cost more than it saved). */
static uint32_t
sort_parents(uint32_t n)
{
	return n <= P1_ROWS ? P1_ROWS : SORT_PARENTS;
}

struct sortkids {
	struct fs_tree *tr;
	const uint32_t *cnt;
	size_t nchunks;
	uint32_t *dup;
	int keep_input;		/* siblings in input order (the controller's) */
	const uint64_t *key;	/* pass 1's, by row */
	const uint8_t *acct;
};

static int
cmp_index(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

/* A sibling's sort key: accounts after users, then the first 8 bytes of
 * the name as a big-endian number (the order strcmp gives them); equal
 * keys fall back to cmp_siblings. Sorting keys side by side rather than
 * indices into the nodes keeps the sort in the cache. */
struct skey {
	uint64_t key;
	uint32_t idx, acct;
};

static inline int
skey_cmp(const struct fs_tree *tr, const struct skey *a, const struct skey *b)
{
	if (a->acct != b->acct)
		return a->acct < b->acct ? -1 : 1;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return cmp_siblings(tr, a->idx, b->idx);
}

static inline int
skey_before(const struct fs_tree *tr, const struct skey *a,
	    const struct skey *b)
{
	return skey_cmp(tr, a, b) < 0;
}

FS_MSORT(skey_sort, struct skey, const struct fs_tree *, skey_before)

static void
sort_chunk(void *arg, size_t ci)
{
	struct sortkids *sk = arg;
	struct fs_tree *tr = sk->tr;
	uint32_t per = sort_parents(tr->n);
	uint32_t i = (uint32_t)(ci * per), end = tr->n, j, p, most = 0;
	uint32_t dup = FS_NONE, dup_first = 0, first, total;
	const uint32_t *kids;
	struct skey *keys, *key, *tmp;

	if (end - i > per)
		end = i + per;
	/* Each parent's children end where the next parent's begin: its
	 * slice of tr->kids, from the cursors scatter_chunk moved to the
	 * ends (set here, on every core, rather than in a pass over every
	 * node on one). Only nodes with children are written: a leaf's
	 * are none at 0, as pass 1 left them, and its node is not fetched
	 * (most nodes are users). */
	for (j = i; j < end; j++) {
		uint32_t b = j ? sk->cnt[j - 1] : 0, m = sk->cnt[j] - b;

		if (!m)
			continue;
		tr->node[j].kids = b;
		tr->node[j].nkids = m;
		if (m > most)
			most = m;
	}
	/* The children of these parents lie side by side in tr->kids: make
	 * their keys in one sweep, from pass 1's by row (a parent's children
	 * are mostly adjacent rows: no node or name is fetched), then sort
	 * each parent's run. A child alone in its list needs no key: its part
	 * of the keys is never touched (a deep chain's are all alone: 128 KB
	 * of fresh pages at 8,000). */
	first = i ? sk->cnt[i - 1] : 0;
	total = sk->cnt[end - 1] - first;
	kids = tr->kids + first;
	keys = fs_xcalloc((size_t)total + 1, sizeof(*keys));
	tmp = fs_xcalloc((size_t)most + 1, sizeof(*tmp));
	for (p = i; p < end; p++) {
		uint32_t to = sk->cnt[p] - first;

		j = p ? sk->cnt[p - 1] - first : 0;
		if (to - j < 2)
			continue;
		for (; j < to; j++) {
			keys[j].idx = kids[j];
			keys[j].acct = sk->acct[kids[j]];
			keys[j].key = sk->key[kids[j]];
		}
	}
	for (; i < end; i++) {
		uint32_t b = i ? sk->cnt[i - 1] : 0, m = sk->cnt[i] - b;
		uint32_t *v = tr->kids + b;

		if (m < 2)
			continue;
		key = keys + (b - first);
		skey_sort(tr, key, tmp, m);
		for (j = 0; j < m; j++)
			v[j] = key[j].idx;
		/* Equal user rows are now neighbours, in no set order: in each
		 * run of them the second row in input order is a duplicate of
		 * the first; keep the one that comes first in the input. */
		for (j = 1; j < m; j++) {
			uint32_t x, lo, lo2;

			if (skey_cmp(tr, &key[j - 1], &key[j]))
				continue;
			lo = v[j - 1] < v[j] ? v[j - 1] : v[j];
			lo2 = v[j - 1] < v[j] ? v[j] : v[j - 1];
			for (x = j + 1;
			     x < m && !skey_cmp(tr, &key[j], &key[x]); x++) {
				if (v[x] < lo) {
					lo2 = lo;
					lo = v[x];
				} else if (v[x] < lo2)
					lo2 = v[x];
			}
			if (dup == FS_NONE || lo2 < dup) {
				dup = lo2;
				dup_first = lo;
			}
			j = x - 1;
		}
		/* Sorted by name only to find duplicates: the tree says its
		 * rows of siblings stand in the controller's order. */
		if (sk->keep_input)
			qsort(v, m, sizeof(*v), cmp_index);
	}
	free(keys);
	free(tmp);
	sk->dup[2 * ci] = dup;
	sk->dup[2 * ci + 1] = dup_first;
}

/*
 * The depth-first walk that gives the display order, on every core. A
 * driver walks the top of the tree and stops at the accounts of depth D;
 * runs of them (siblings) are segments, walked by tasks into arrays of
 * their own, as their subtrees are a run of the display order. A child's depth and fs parent are set as it is pushed (its
 * parent has been visited), and its fs parent's count of children goes up:
 * atomically when that fs parent lies above the segment (FairShare=parent
 * lifts children up), which only the segment's root and the children lifted
 * through it can have; call those the segment's escapees. Once the segments
 * are placed, Slurm's children lists (tr->fs_kids, in display order) fill:
 * the escapees' lists in order by one thread, the rest segment by segment.
 * An account without a usage of its own gets the sum of its children's,
 * children first: in each segment bottom up, then up the driver's part.
 */
struct seg {
	uint32_t first, nroot;		/* its roots: item[first..+nroot] */
	uint32_t above;			/* their fs parent */
	uint32_t *order, n, cap;	/* the subtrees, in display order */
	uint32_t *esc, nesc, esccap;	/* its escapees, in display order */
	uint32_t pos;			/* where order goes in tr->order */
	uint32_t ovf;			/* sum_usage's overflow, or FS_NONE */
};

struct dfs {
	struct fs_tree *tr;
	uint32_t *cnt, depth, *item;
	uint8_t *seen;
	struct seg *seg;
	uint32_t nseg;
};

/* Visit i: push its children (last first, so the first is visited first)
 * on the stack, setting their depth and fs parent; fs parent `above` is
 * shared with other threads. */
static void
visit(struct dfs *d, uint32_t i, uint32_t **stack, uint32_t *sp, uint32_t *cap,
      uint32_t above)
{
	struct fs_tree *tr = d->tr;
	const struct fs_node *p = &tr->node[i];
	uint32_t fsp = (i == tr->root || !p->use_parent) ? i : p->fs_parent, j;

	d->seen[i] = 1;
	if (*sp + p->nkids > *cap) {
		while (*sp + p->nkids > *cap)
			*cap = *cap ? 2 * *cap : 256;
		*stack = fs_xreallocarray(*stack, *cap, sizeof(**stack));
	}
	for (j = p->nkids; j-- > 0;) {
		uint32_t c = tr->kids[p->kids + j];

		if (j >= 8)
			fs_prefetch_node(&tr->node[tr->kids[p->kids + j - 8]]);
		tr->node[c].depth = p->depth + 1;
		tr->node[c].fs_parent = fsp;
		if (fsp == above)
			__atomic_fetch_add(&d->cnt[fsp], 1, __ATOMIC_RELAXED);
		else
			d->cnt[fsp]++;
		(*stack)[(*sp)++] = c;
	}
}

/* The sum of the usage of a's children. */
static long double
kids_usage(const struct fs_tree *tr, const struct fs_node *a)
{
	long double sum = 0;
	uint32_t j;

	for (j = 0; j < a->nkids; j++)
		sum += tr->node[tr->kids[a->kids + j]].usage_raw;
	return sum;
}

/* Whether account a's own usage is below its children's sum, more than
 * what the six decimals of a dump (each value within 5e-7) and summing in
 * another order explain: Slurm's never is (its accounts' usage is the sum
 * of the usage charged below them). */
static int
usage_below_kids(const struct fs_tree *tr, const struct fs_node *a)
{
	long double sum = kids_usage(tr, a);

	return a->usage_raw < sum - 1e-6L * (a->nkids + 1) - sum * 1e-12L;
}

/* Give accounts order[n-1..0] without a usage of their own the sum of
 * their children's. A sum that overflows the long double range, of
 * children that do not, is where the overflow starts; an account whose
 * own usage is below its children's cannot be; *bad becomes the first
 * account of either kind in line order (unchanged if none). */
static void
sum_usage(struct fs_tree *tr, const uint32_t *order, uint32_t n,
	  uint32_t *bad)
{
	uint32_t k, j;

	for (k = n; k-- > 0;) {
		struct fs_node *a = &tr->node[order[k]];
		long double sum;
		int inf_kid = 0;

		if (k >= 16)
			fs_prefetch_node(&tr->node[order[k - 16]]);
		if (a->is_user)
			continue;
		if (a->usage_given) {
			if (a->nkids && usage_below_kids(tr, a) &&
			    (*bad == FS_NONE || fs_node_row(tr, a) < *bad))
				*bad = order[k];
			continue;
		}
		sum = kids_usage(tr, a);
		a->usage_raw = sum;
		if (__builtin_expect(isinf(sum), 0)) {
			for (j = 0; j < a->nkids; j++)
				inf_kid |= isinf(tr->node[tr->kids[a->kids + j]].usage_raw);
			if (!inf_kid && (*bad == FS_NONE ||
					 fs_node_row(tr, a) < *bad))
				*bad = order[k];
		}
	}
}

static void
seg_walk(void *arg, size_t si)
{
	struct dfs *d = arg;
	struct fs_tree *tr = d->tr;
	struct seg *g = &d->seg[si];
	uint32_t *stack = NULL, sp = 0, cap = 0, i, k;

	/* The roots are siblings: the first on top. */
	for (k = g->nroot; k-- > 0;) {
		FS_GROW(stack, sp, cap);
		stack[sp++] = d->item[g->first + k];
	}
	while (sp) {
		i = stack[--sp];
		FS_GROW(g->order, g->n, g->cap);
		g->order[g->n++] = i;
		if (tr->node[i].fs_parent == g->above) {
			FS_GROW(g->esc, g->nesc, g->esccap);
			g->esc[g->nesc++] = i;
		}
		visit(d, i, &stack, &sp, &cap, g->above);
	}
	free(stack);
	g->ovf = FS_NONE;
	sum_usage(tr, g->order, g->n, &g->ovf);
}

/* Place segment si in the display order, and fill the children lists of
 * the fs parents inside it. */
static void
seg_place(void *arg, size_t si)
{
	struct dfs *d = arg;
	struct fs_tree *tr = d->tr;
	struct seg *g = &d->seg[si];
	uint32_t k, i;

	memcpy(tr->order + g->pos, g->order, g->n * sizeof(*g->order));
	for (k = 0; k < g->n; k++) {
		i = g->order[k];
		if (k + 16 < g->n)
			fs_prefetch_node(&tr->node[g->order[k + 16]]);
		if (tr->node[i].fs_parent != g->above)
			tr->fs_kids[d->cnt[tr->node[i].fs_parent]++] = i;
	}
	free(g->order);
	free(g->esc);
}

/* Nodes [ci * P1_ROWS, ...): where their children lists lie in
 * tr->fs_kids, from the cursors that placing the lists moved to their
 * ends (each list ends where the next node's begins). */
static void
fs_kids_chunk(void *arg, size_t ci)
{
	struct dfs *d = arg;
	struct fs_tree *tr = d->tr;
	uint32_t i = (uint32_t)(ci * P1_ROWS), end = tr->n;

	if (end - i > P1_ROWS)
		end = i + P1_ROWS;
	for (; i < end; i++) {
		tr->node[i].fs_kids = i ? d->cnt[i - 1] : 0;
		tr->node[i].nfs_kids = d->cnt[i] - tr->node[i].fs_kids;
	}
}

/* Node i is where the driver stops (root, at depth 0, never is). */
static int
seg_root(const struct dfs *d, uint32_t i)
{
	return d->tr->node[i].depth == d->depth && !d->tr->node[i].is_user;
}

static int
item_is_seg_root(const void *ctx, uint32_t k)
{
	const struct dfs *d = ctx;

	return seg_root(d, d->item[k]);
}

/* The display order, depths, fs parents, children lists and account usage
 * sums of a tree whose siblings are sorted; cnt[n + 1] is zero. Returns
 * the number of nodes reached from root: fewer than n means a cycle.
 * *ovf: the account where a usage sum overflows first (sum_usage), or
 * FS_NONE. */
static uint32_t
display_order(struct fs_tree *tr, uint32_t *cnt, uint8_t *seen,
	      uint32_t *ovf)
{
	uint32_t n = tr->n, *stack = NULL, sp = 0, cap = 0, nitem = 0;
	uint32_t itemcap = 0, i, k, pos, s, accts = 0;
	const struct fs_node *root = &tr->node[tr->root];
	struct fs_run *run;
	struct dfs d;

	memset(&d, 0, sizeof(d));
	d.tr = tr;
	d.cnt = cnt;
	d.seen = seen;
	/* Accounts at depth 1 are the segments' roots when root has enough
	 * of them to share out, else those at depth 2. */
	for (k = 0; k < root->nkids; k++)
		accts += !tr->node[tr->kids[root->kids + k]].is_user;
	d.depth = accts >= 8 * fs_par_threads() ? 1 : 2;
	FS_GROW(stack, sp, cap);
	stack[sp++] = tr->root;
	while (sp) {
		i = stack[--sp];
		FS_GROW(d.item, nitem, itemcap);
		d.item[nitem++] = i;
		if (!seg_root(&d, i))
			visit(&d, i, &stack, &sp, &cap, FS_NONE);
	}
	free(stack);
	/* Segments: runs of adjacent stops (siblings, so one fs parent). */
	d.nseg = fs_par_runs(nitem, item_is_seg_root, &d, &run);
	d.seg = fs_xcalloc(d.nseg + 1, sizeof(*d.seg));
	for (s = 0; s < d.nseg; s++) {
		d.seg[s].first = run[s].first;
		d.seg[s].nroot = run[s].n;
		d.seg[s].above = tr->node[d.item[run[s].first]].fs_parent;
	}
	free(run);
	fs_par_for(d.nseg, seg_walk, &d);
	/* In order: the driver's own nodes, and segments. */
	for (k = 0, pos = 0, s = 0; k < nitem; k++) {
		if (s < d.nseg && d.seg[s].first == k) {
			d.seg[s].pos = pos;
			pos += d.seg[s].n;
			k += d.seg[s++].nroot - 1;
		} else if (pos < n)
			tr->order[pos++] = d.item[k];
	}
	*ovf = FS_NONE;
	if (pos == n) {
		for (s = 0; s < d.nseg; s++)
			if (d.seg[s].ovf != FS_NONE &&
			    (*ovf == FS_NONE ||
			     d.seg[s].ovf < *ovf))
				*ovf = d.seg[s].ovf;
		for (k = nitem; k-- > 0;)
			if (!seg_root(&d, d.item[k]))
				sum_usage(tr, &d.item[k], 1, ovf);
		/* Children lists: offsets from the counts, then the driver's
		 * nodes and the escapees in display order, then each
		 * segment's own. */
		for (i = 0, k = 0; i < n; i++) {
			uint32_t c = cnt[i];

			cnt[i] = k;
			k += c;
		}
		tr->fs_kids = fs_xcalloc_huge(n, sizeof(*tr->fs_kids));
		for (k = 0, s = 0; k < nitem; k++) {
			i = d.item[k];
			if (s < d.nseg && d.seg[s].first == k) {
				const struct seg *g = &d.seg[s++];
				uint32_t x;

				for (x = 0; x < g->nesc; x++)
					tr->fs_kids[cnt[tr->node[g->esc[x]].fs_parent]++] =
						g->esc[x];
				k += g->nroot - 1;
			} else if (i != tr->root)
				tr->fs_kids[cnt[tr->node[i].fs_parent]++] = i;
		}
		fs_par_for(d.nseg, seg_place, &d);
		fs_par_for(((size_t)n + P1_ROWS - 1) / P1_ROWS, fs_kids_chunk,
			   &d);
	} else {
		for (s = 0; s < d.nseg; s++) {
			free(d.seg[s].order);
			free(d.seg[s].esc);
		}
	}
	free(d.seg);
	free(d.item);
	return pos;
}

/* Report the cycle that node i hangs in or below. */
static int
cycle_error(struct fs_tree *tr, uint32_t i, uint8_t *seen, struct fs_err *e)
{
	struct fs_buf b;
	uint32_t j, start;
	int r;

	/* seen: 1 visited from root; mark 2 along this walk. */
	for (j = i; seen[j] != 2; j = tr->node[j].parent)
		seen[j] = 2;
	start = j;
	fs_buf_init(&b);
	fs_buf_printf(&b, "'%s'", tr->node[start].acct);
	for (j = tr->node[start].parent;; j = tr->node[j].parent) {
		fs_buf_printf(&b, " -> '%s'", tr->node[j].acct);
		if (j == start)
			break;
	}
	r = fs_error(e, fs_tree_line(tr, start),
		     "account '%s' is its own ancestor: Parent cycle %s",
		     tr->node[start].acct, b.data);
	fs_buf_release(&b);
	return r;
}

/* A ListOrder column (fs-tsv(5)): where each association stands in the
 * controller's association list when that is not the row order (Slurm
 * 22.05 builds its children lists at start-up in the database's lft order,
 * and displays them by name). Each children list is sorted by it. */
struct lo_key {
	unsigned long long key;
	uint32_t idx;
};

static inline int
lo_before(const void *ctx, const struct lo_key *a, const struct lo_key *b)
{
	(void)ctx;
	return a->key < b->key;
}

FS_MSORT(lo_sort, struct lo_key, const void *, lo_before)

static int
list_order(struct fs_tree *tr, struct fs_err *e)
{
	int c = fs_header_col(&tr->t->h, FS_COL_LIST_ORDER);
	unsigned long long *key;
	struct lo_key *v, *tmp;
	uint32_t i, k, most = 0;

	if (c < 0)
		return 0;
	key = fs_xcalloc((size_t)tr->n + 1, sizeof(*key));
	for (i = 0; i < tr->n; i++) {
		const char *f = fs_table_field(tr->t, i, (size_t)c);
		char *end;

		errno = 0;
		key[i] = strtoull(f, &end, 10);
		if (*f < '0' || *f > '9' || *end || errno) {
			free(key);
			return fs_error(e, fs_tree_line(tr, i), "column "
					"'ListOrder': not a whole number: '%s'",
					f);
		}
		if (tr->node[i].nfs_kids > most)
			most = tr->node[i].nfs_kids;
	}
	v = fs_xcalloc((size_t)most + 1, sizeof(*v));
	tmp = fs_xcalloc((size_t)most + 1, sizeof(*tmp));
	for (i = 0; i < tr->n; i++) {
		uint32_t *kids = tr->fs_kids + tr->node[i].fs_kids;
		uint32_t m = tr->node[i].nfs_kids;

		if (m < 2)
			continue;
		for (k = 0; k < m; k++) {
			v[k].key = key[kids[k]];
			v[k].idx = kids[k];
		}
		lo_sort(NULL, v, tmp, m);
		for (k = 0; k < m; k++)
			kids[k] = v[k].idx;
	}
	free(v);
	free(tmp);
	free(key);
	return 0;
}

const char *
fs_tree_sibling_rule(const struct fs_tree *tr)
{
	const char *r = fs_header_meta(&tr->t->h, "sibling_rule");

	if (!tr->controller_order)
		return "users, then accounts, each by name: the tree does not "
		       "carry the controller's order";
	if (!r)
		return fs_header_col(&tr->t->h, FS_COL_LIST_ORDER) < 0 ?
		       "the controller's order, as the tree's rows give it" :
		       "the controller's order, as the tree's ListOrder "
		       "column gives it";
	if (!strcmp(r, "created"))
		return "the order the accounts were created in, as slurmctld "
		       "built its lists at start-up from slurmdbd's lft";
	if (!strcmp(r, "name"))
		return "users, then accounts, each by name, as slurmctld "
		       "before 23.11 rebuilds its lists after an association "
		       "change";
	if (!strcmp(r, "lineage"))
		return "by lineage (/account/sub-account/), as slurmctld "
		       "sorts its list from 23.11";
	return "the controller's order, as the tree's rows give it";
}

int
fs_tree_controller_order(const struct fs_header *h)
{
	const char *s = fs_header_meta(h, "sibling_order");

	return s && !strcmp(s, "controller");
}

const char *const fs_tree_input_cols[] = {FS_COL_ACCOUNT, FS_COL_USER,
	FS_COL_PARTITION, FS_COL_PARENT, FS_COL_RAW_SHARES, FS_COL_RAW_USAGE,
	FS_COL_LIST_ORDER, NULL};
const char *const fs_forecast_input_cols[] = {FS_COL_ACCOUNT, FS_COL_USER,
	FS_COL_PARTITION, FS_COL_PARENT, FS_COL_RAW_SHARES, FS_COL_RAW_USAGE,
	FS_COL_LIST_ORDER, FS_COL_TRES_RUN_MINS, NULL};

int
fs_tree_build(struct fs_tree *tr, const struct fs_table *t, struct fs_err *e)
{
	return fs_tree_build_reading(tr, t, NULL, e);
}

/* One user's part of a ranked tree (#subset=paths, written by fs-rank
 * --per-user): read only where the caller said so (fs_table.subset_ok),
 * its user count the whole tree's (#users), never less than its rows'. */
static int
subset_users(struct fs_tree *tr, const struct fs_table *t, struct fs_err *e)
{
	const char *s = fs_header_meta(&t->h, "subset");
	long long n;

	if (!s)
		return 0;
	if (strcmp(s, "paths"))
		return fs_error(e, fs_header_meta_line(&t->h, "subset"),
				"metadata 'subset': '%s' is not 'paths'", s);
	if (!t->subset_ok)
		return fs_error(e, fs_header_meta_line(&t->h, "subset"),
				"this is one user's part of a ranked tree "
				"(fs-rank --per-user): only fs-prio, fs-rank "
				"and fs-explain read it; give the whole tree");
	if (!fs_header_meta(&t->h, "users"))
		return fs_error(e, fs_header_meta_line(&t->h, "subset"),
				"metadata 'subset' without 'users' (the whole "
				"tree's count of user associations)");
	s = fs_header_meta(&t->h, "users");
	for (n = 0; *s >= '0' && *s <= '9' && n <= FS_TREE_MAX; s++)
		n = n * 10 + (*s - '0');
	if (*s || n < tr->user_count || n > FS_TREE_MAX)
		return fs_error(e, fs_header_meta_line(&t->h, "users"),
				"metadata 'users': '%s' is not a count of user "
				"associations from %u (this part's) to %u",
				fs_header_meta(&t->h, "users"), tr->user_count,
				FS_TREE_MAX);
	tr->user_count = (uint32_t)n;
	tr->subset = 1;
	return 0;
}

int
fs_tree_build_reading(struct fs_tree *tr, const struct fs_table *t,
		      const struct fs_row_reader *rr, struct fs_err *e)
{
	static const char *const req[] = {FS_COL_ACCOUNT, FS_COL_USER,
					  FS_COL_PARENT, FS_COL_RAW_SHARES,
					  FS_COL_RAW_USAGE};
	int col[5], cpart;
	size_t r, k;
	uint32_t i, j, n, root = FS_NONE, *cnt = NULL;
	struct hmap accts = {0};
	uint32_t naccts = 0, dup, dup_first = 0, ovf;
	struct pass1 p1 = {0};
	struct pass2 p2;
	struct sortkids sk = {0};
	uint8_t *seen = NULL;
	int ret = -1;

	memset(tr, 0, sizeof(*tr));
	tr->t = t;
	tr->root = FS_NONE;
	for (k = 0; k < 5; k++) {
		col[k] = fs_header_col(&t->h, req[k]);
		if (col[k] < 0)
			return fs_error(e, t->h.line,
					"missing required column '%s'", req[k]);
	}
	cpart = fs_header_col(&t->h, FS_COL_PARTITION);
	if (t->nrows > FS_TREE_MAX)
		return fs_error(e, t->first_line, "too many rows: a tree holds "
				"%u associations at most", FS_TREE_MAX);
	n = tr->n = (uint32_t)t->nrows;
	tr->node = fs_xcalloc_huge(n, sizeof(*tr->node));
	/* One chunk of pass 1 fills them all, on one thread: its pages made
	 * in one call rather than a fault each (8,000 nodes: 280 faults;
	 * more chunks fault theirs on every core). */
	if (n <= P1_ROWS)
		fs_prefault(tr->node, (size_t)n * sizeof(*tr->node));

	/* Pass 1: fields and numbers, in chunks on every core. The first
	 * error in row order wins, as if read one row after the other. */
	p1.tr = tr;
	p1.key = fs_xcalloc_huge(n, sizeof(*p1.key));
	p1.acct = fs_xcalloc_huge(n, sizeof(*p1.acct));
	p1.col = col;
	p1.cpart = cpart;
	p1.rr = rr;
	p1.nchunks = (n + P1_ROWS - 1) / P1_ROWS;
	p1.chunk = fs_xcalloc(p1.nchunks ? p1.nchunks : 1, sizeof(*p1.chunk));
	fs_par_for(p1.nchunks, pass1_chunk, &p1);
	for (k = 0; k < p1.nchunks; k++) {
		const struct chunk_res *c = &p1.chunk[k];
		uint32_t x;

		for (x = 0; x < c->nroots; x++) {
			if (c->err.line && c->roots[x] > c->err_row)
				break;
			if (root == FS_NONE) {
				root = c->roots[x];
				continue;
			}
			fs_error(e, fs_table_line(t, c->roots[x]), "second root "
				 "'%s': the first is '%s' at line %lu (only root "
				 "has an empty Parent)", tr->node[c->roots[x]].acct,
				 tr->node[root].acct, fs_table_line(t, root));
			goto out;
		}
		if (c->err.line) {
			fs_err_take(e, &c->err, 0);
			goto out;
		}
		naccts += c->count;
		tr->user_count += c->users;
	}
	/* Accounts by name; a second one of a name is a duplicate. User rows
	 * need no table: theirs are found adjacent once siblings are sorted. */
	hmap_init(&accts, naccts);
	for (k = 0; k < p1.nchunks; k++) {
		const struct chunk_res *c = &p1.chunk[k];
		uint32_t x;

		for (x = 0; x < c->count; x++) {
			r = c->acct[x].row;
			j = hmap_insert(&accts, tr->node, (uint32_t)r,
					c->acct[x].hash);
			if (j != FS_NONE) {
				fs_error(e, fs_table_line(t, r), "duplicate "
					 "account '%s' (first at line %lu)",
					 tr->node[r].acct, fs_table_line(t, j));
				goto out;
			}
		}
	}
	if (root == FS_NONE) {
		fs_error(e, n ? fs_table_line(t, 0) : t->h.line,
			 n ? "no root: no account row has an empty Parent"
			   : "no rows: the tree needs at least a root account");
		goto out;
	}
	tr->root = root;

	/* Pass 2: parents, in chunks as pass 1. */
	p2.tr = tr;
	p2.accts = &accts;
	p2.chunk = p1.chunk;
	p2.cnt = cnt = fs_xcalloc_huge((size_t)n + 1, sizeof(*cnt));
	fs_par_for(p1.nchunks, pass2_chunk, &p2);
	for (k = 0; k < p1.nchunks; k++)
		if (p1.chunk[k].err.line) {
			fs_err_take(e, &p1.chunk[k].err, 0);
			goto out;
		}

	/* Children grouped by parent (pass 2 counted them), then in Slurm's
	 * sibling order. */
	for (i = 0, k = 0; i < n; i++) {
		j = cnt[i];
		cnt[i] = (uint32_t)k;
		k += j;
	}
	tr->kids = fs_xcalloc_huge(n, sizeof(*tr->kids));
	fs_par_for(p1.nchunks, scatter_chunk, &p2);
	chunks_clear(p1.chunk, p1.nchunks);
	sk.tr = tr;
	sk.cnt = cnt;
	sk.nchunks = ((size_t)n + sort_parents(n) - 1) / sort_parents(n);
	tr->controller_order = fs_tree_controller_order(&t->h);
	sk.keep_input = tr->controller_order;
	sk.key = p1.key;
	sk.acct = p1.acct;
	sk.dup = fs_xcalloc(sk.nchunks ? sk.nchunks : 1, 2 * sizeof(*sk.dup));
	fs_par_for(sk.nchunks, sort_chunk, &sk);
	fs_free_huge(p1.key, n, sizeof(*p1.key));
	fs_free_huge(p1.acct, n, sizeof(*p1.acct));
	p1.key = NULL;
	p1.acct = NULL;
	dup = FS_NONE;
	for (k = 0; k < sk.nchunks; k++)
		if (sk.dup[2 * k] != FS_NONE &&
		    (dup == FS_NONE || sk.dup[2 * k] < dup)) {
			dup = sk.dup[2 * k];
			dup_first = sk.dup[2 * k + 1];
		}
	free(sk.dup);
	if (dup != FS_NONE) {
		const struct fs_node *a = &tr->node[dup];

		if (*a->part)
			fs_error(e, fs_tree_line(tr, dup), "duplicate user row: "
				 "account '%s' user '%s' partition '%s' (first "
				 "at line %lu)", a->acct, a->user, a->part,
				 fs_tree_line(tr, dup_first));
		else
			fs_error(e, fs_tree_line(tr, dup), "duplicate user row: "
				 "account '%s' user '%s' (first at line %lu)",
				 a->acct, a->user, fs_tree_line(tr, dup_first));
		goto out;
	}

	/* Depth-first display order, on every core. */
	tr->order = fs_xcalloc_huge(n, sizeof(*tr->order));
	seen = fs_xcalloc(n, 1);
	memset(cnt, 0, ((size_t)n + 1) * sizeof(*cnt));
	if (display_order(tr, cnt, seen, &ovf) != n) {
		for (i = 0; i < n && seen[i]; i++)
			;
		cycle_error(tr, i, seen, e);
		goto out;
	}
	if (ovf != FS_NONE && !tr->node[ovf].usage_given) {
		fs_error(e, fs_tree_line(tr, ovf), "column 'RawUsage': empty, "
			 "and the sum of the usage below account '%s' is too "
			 "large (more than %Lg)", tr->node[ovf].acct, LDBL_MAX);
		goto out;
	}
	if (ovf != FS_NONE) {
		fs_error(e, fs_tree_line(tr, ovf), "column 'RawUsage': account "
			 "'%s' has %.6Lf, less than the %.6Lf of the "
			 "associations below it (an account's usage includes "
			 "theirs: after raising a usage below it, empty the "
			 "RawUsage of the accounts above to have their sums)",
			 tr->node[ovf].acct, tr->node[ovf].usage_raw,
			 kids_usage(tr, &tr->node[ovf]));
		goto out;
	}
	if (tr->controller_order && list_order(tr, e) < 0)
		goto out;
	if (subset_users(tr, t, e) < 0)
		goto out;
	ret = 0;
	/* Kept for fs_tree_find_account and fs_tree_find_user. */
	tr->acct_slot = accts.slot;
	tr->acct_mask = accts.mask;
	accts.slot = NULL;
out:
	chunks_clear(p1.chunk, p1.nchunks);
	fs_free_huge(p1.key, n, sizeof(*p1.key));
	fs_free_huge(p1.acct, n, sizeof(*p1.acct));
	free(p1.chunk);
	fs_free_huge(cnt, (size_t)n + 1, sizeof(*cnt));
	free(seen);
	free(accts.slot);
	if (ret < 0)
		fs_tree_release(tr);
	return ret;
}

void
fs_tree_release(struct fs_tree *tr)
{
	fs_free_huge(tr->node, tr->n, sizeof(*tr->node));
	fs_free_huge(tr->order, tr->n, sizeof(*tr->order));
	fs_free_huge(tr->kids, tr->n, sizeof(*tr->kids));
	fs_free_huge(tr->fs_kids, tr->n, sizeof(*tr->fs_kids));
	fs_free_huge(tr->usage_norm, tr->n, sizeof(*tr->usage_norm));
	fs_free_huge(tr->usage_efctv, tr->n, sizeof(*tr->usage_efctv));
	free(tr->acct_slot);
	memset(tr, 0, sizeof(*tr));
	tr->root = FS_NONE;
}

void
fs_tree_copy_nodes(struct fs_tree *c, const struct fs_tree *tr)
{
	*c = *tr;
	c->usage_norm = c->usage_efctv = NULL;	/* ranked again */
	c->node = fs_xcalloc(tr->n, sizeof(*c->node));
	memcpy(c->node, tr->node, tr->n * sizeof(*c->node));
}

void
fs_tree_ranked_here(struct fs_tree *tr, int keep_efctv)
{
	fs_free_huge(tr->usage_norm, tr->n, sizeof(*tr->usage_norm));
	tr->usage_norm = NULL;
	if (!keep_efctv) {
		fs_free_huge(tr->usage_efctv, tr->n, sizeof(*tr->usage_efctv));
		tr->usage_efctv = NULL;
	} else if (!tr->usage_efctv)
		tr->usage_efctv = fs_xcalloc_huge(tr->n,
						  sizeof(*tr->usage_efctv));
}

void
fs_tree_free_copy(struct fs_tree *c)
{
	free(c->node);
	fs_free_huge(c->usage_norm, c->n, sizeof(*c->usage_norm));
	fs_free_huge(c->usage_efctv, c->n, sizeof(*c->usage_efctv));
	c->node = NULL;
	c->usage_norm = c->usage_efctv = NULL;
}

uint32_t
fs_tree_find_account(const struct fs_tree *tr, const char *name)
{
	uint32_t i;

	if (tr->acct_slot) {
		struct hmap m = {tr->acct_slot, tr->acct_mask};

		return hmap_find_acct(&m, tr->node, name);
	}
	for (i = 0; i < tr->n; i++)
		if (!tr->node[i].is_user && !strcmp(tr->node[i].acct, name))
			return i;
	return FS_NONE;
}

void
fs_buf_name(struct fs_buf *b, const char *name)
{
	char *o;

	/* Room for every byte escaped, then one pass (a deep path writes a
	 * name a step). */
	fs_buf_grow(b, 2 * strlen(name));
	o = b->data + b->len;
	for (; *name; name++) {
		if (*name == '/' || *name == '\\')
			*o++ = '\\';
		*o++ = *name;
	}
	*o = '\0';
	b->len = (size_t)(o - b->data);
}

void
fs_buf_user_spec(struct fs_buf *b, const struct fs_tree *tr, uint32_t i)
{
	const struct fs_node *a = &tr->node[i];

	fs_buf_name(b, a->acct);
	if (!a->is_user)
		return;
	fs_buf_addch(b, '/');
	fs_buf_name(b, a->user);
	if (*a->part) {
		fs_buf_addch(b, '/');
		fs_buf_name(b, a->part);
	}
}

int
fs_spec_split(const char *spec, char **part, int max)
{
	char *s = fs_xstrdup(spec), *w = s;
	const char *p;
	int n = 1;

	part[0] = s;
	for (p = spec; *p; p++) {
		if (*p == '\\' && p[1]) {
			*w++ = *++p;
		} else if (*p == '/') {
			*w++ = '\0';
			if (n == max) {
				free(s);
				return -1;
			}
			part[n++] = w;
		} else
			*w++ = *p;
	}
	*w = '\0';
	return n;
}

/* "user", "account/user" or "account/user/partition" (fs_spec_split). */
uint32_t
fs_tree_find_user(const struct fs_tree *tr, const char *spec)
{
	char *w[3], *acct = NULL, *user, *part = NULL;
	int n = fs_spec_split(spec, w, 3);
	uint32_t i, found = FS_NONE;

	if (n < 0)
		return FS_NONE;
	user = w[0];
	if (n >= 2) {
		acct = w[0];
		user = w[1];
	}
	if (n == 3)
		part = w[2];
	/* A user association is a child of the account it names: with an
	 * account given, look among that account's children alone (a name
	 * at a million associations is otherwise a pass over all of them). */
	if (acct && tr->acct_slot) {
		uint32_t j = fs_tree_find_account(tr, acct), k, nk = 0;
		const uint32_t *kid = NULL;

		if (j != FS_NONE) {
			kid = tr->kids + tr->node[j].kids;
			nk = tr->node[j].nkids;
		}
		for (k = 0; k < nk; k++) {
			const struct fs_node *a = &tr->node[kid[k]];

			if (!a->is_user || strcmp(a->user, user) ||
			    strcmp(a->acct, acct) ||
			    (part && strcmp(a->part, part)))
				continue;
			if (found != FS_NONE) {
				found = FS_NONE - 1;
				break;
			}
			found = kid[k];
		}
		free(w[0]);
		return found;
	}
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (!a->is_user || strcmp(a->user, user))
			continue;
		if (acct && strcmp(a->acct, acct))
			continue;
		if (part && strcmp(a->part, part))
			continue;
		if (found != FS_NONE) {
			found = FS_NONE - 1;
			break;
		}
		found = i;
	}
	free(w[0]);
	return found;
}

/* level_shares (docs/slurm.md §1.3): the sum of shares_raw over the
 * non-parent members of each fs parent's children list, summed in uint32 as
 * Slurm does (it may wrap); the root's is NO_VAL. Every node but root is in
 * its fs parent's list, and uint32 sums do not depend on their order: two
 * sweeps over the nodes in row order, into and out of an array of sums of 4
 * bytes a node, rather than a walk of the lists that jumps around the
 * 112-byte nodes. Nodes [ci * P1_ROWS, ...) a chunk. */
struct lshares {
	struct fs_tree *tr;
	uint32_t *sum;
};

static void
shares_sum_chunk(void *arg, size_t ci)
{
	struct lshares *ls = arg;
	const struct fs_node *a = ls->tr->node + ci * P1_ROWS, *end;

	end = ls->tr->node + ls->tr->n;
	if (end - a > P1_ROWS)
		end = a + P1_ROWS;
	for (; a < end; a++)
		if (a->fs_parent != FS_NONE && !a->use_parent)
			__atomic_fetch_add(&ls->sum[a->fs_parent], a->shares_raw,
					   __ATOMIC_RELAXED);
}

static void
shares_set_chunk(void *arg, size_t ci)
{
	struct lshares *ls = arg;
	struct fs_node *a = ls->tr->node + ci * P1_ROWS, *end;

	end = ls->tr->node + ls->tr->n;
	if (end - a > P1_ROWS)
		end = a + P1_ROWS;
	for (; a < end; a++)
		if (a->fs_parent != FS_NONE)
			a->level_shares = ls->sum[a->fs_parent];
}

void
fs_tree_level_shares(struct fs_tree *tr)
{
	struct lshares ls = {tr, NULL};
	size_t nchunks = ((size_t)tr->n + P1_ROWS - 1) / P1_ROWS;

	ls.sum = fs_xcalloc_huge((size_t)tr->n + 1, sizeof(*ls.sum));
	fs_par_for(nchunks, shares_sum_chunk, &ls);
	fs_par_for(nchunks, shares_set_chunk, &ls);
	fs_free_huge(ls.sum, (size_t)tr->n + 1, sizeof(*ls.sum));
	if (tr->root != FS_NONE)
		tr->node[tr->root].level_shares = FS_NO_VAL;
}

uint8_t *
fs_tree_shown(const struct fs_tree *tr, const char *const *accounts,
	      const char *const *users)
{
	uint8_t *show, *named = NULL;
	const char *const *u;
	uint32_t i;

	if (!accounts && !users && !tr->subset)
		return NULL;
	show = fs_xcalloc((size_t)tr->n + 1, 1);
	/* ACCOUNT/USER names one association (fs_tree_find_user). */
	for (u = users; u && *u; u++)
		if (strchr(*u, '/') &&
		    (i = fs_tree_find_user(tr, *u)) < FS_NONE - 1) {
			if (!named)
				named = fs_xcalloc((size_t)tr->n + 1, 1);
			named[i] = 1;
		}
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		show[i] = (!tr->subset || a->is_user) &&
			  (!accounts || fs_list_has(accounts, a->acct, 1)) &&
			  (!users || !a->is_user ||
			   fs_list_has(users, a->user, 0) || (named && named[i]));
	}
	free(named);
	return show;
}
