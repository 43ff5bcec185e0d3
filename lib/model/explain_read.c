/*
 * explain_read.c: fs-explain's quick reader.
 *
 * fs-explain A B needs the two users' paths and the lists they compete in,
 * but every row must still be checked. Reading a regular file in pieces
 * on every core (pread, a block at a time into one buffer: no fresh memory
 * for the file), one pass over every row checks it and keeps, per account,
 * its usage summed in exactly the order sum_usage (tree.c) sums it and the
 * number of users below it. No node array is built for the whole tree:
 * the table handed back holds only root, the accounts on the paths and
 * their direct children (through FairShare=parent accounts), and
 * fs_tree_build builds that; the accounts' sums then replace what the few
 * rows would sum, so every Level FS on the paths is the one ranking the
 * whole tree gives. The named users' ranks count the users walked before
 * them, each list down their paths walked as fs_fairtree walks it
 * (fs_explain_read_ranks). A tie that carries a rank given inside an
 * account whose children the small tree lacks asks for them: the table
 * is made again with them (fs_explain_read_more), from what the pass
 * kept, without reading the file again but for their user rows.
 *
 * The pass accepts only what it can check alone: rows in the depth-first
 * display order fs-rank writes (every row's Parent an account on the
 * stack of open accounts, siblings strictly in Slurm 22.05's order: so no
 * cycle, orphan or duplicate user), one root first, account names unique,
 * whole numbers of shares, users' usage, an account's own usage not below
 * its children's, no sibling_order=controller. Anything else, odd or
 * merely unusual, makes it give up (0), and the caller reads the tree the
 * full way, which gives every message: the messages live there alone.
 *
 * The pieces are walked each with a stack of its own; what a piece does
 * to the accounts open before it (adds, closes, sibling checks) it notes
 * as operations, replayed in row order afterwards, so every sum is made
 * in row order, as one pass would make it.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/model.h"

#define QR_PROLOGUE ((size_t)1 << 16)	/* metadata and header at most */
#define QR_BLOCK ((size_t)1 << 20)	/* read at a time; a line at most */
#define QR_PAD 64			/* past a block: the split reads 64 */

/* Strings kept past a block: copied into chunks that never move. */
struct qarena {
	char **chunk;
	size_t nchunk, chunk_cap, used, room;
};

/* An account row. */
struct qacct {
	const char *name, *parent;	/* in its piece's arena */
	const char *line;		/* its kept fields, as the table's line */
	uint32_t line_len, name_len;
	off_t users_from, users_to;	/* where its user rows lie in the file */
	long double sum;		/* usage below it */
	uint32_t users;			/* users below it */
	uint32_t direct;		/* its user rows (right after it) */
	uint32_t up;			/* its parent: piece-local, then global */
	uint8_t use_parent, closed;
	uint64_t hash;
};

/* An open account: its sums so far, and its last child for the order. */
struct qframe {
	uint32_t acct;		/* piece-local index, then global */
	long double sum;	/* of its children's usage, in row order */
	long double own;	/* its RawUsage, when given */
	int given;
	uint32_t users, direct, nkids;
	off_t users_to;		/* the end of its last user row so far */
	int last_user;		/* -1 no child yet */
	/* The last child's name and partition: in the block, an arena, or
	 * last (owned: copied there before the block is read over). */
	const char *lname, *lpart;
	char *last;
	size_t last_cap;
};

/* What a piece does to the accounts open before it: POP_TO closes those
 * above the one named; the others act on the stack's top, the parent of
 * what they name (no operation between comes from the piece's own stack,
 * so it stays on top): ACCT, an account opened and closed in the piece,
 * is its next child and adds its sums; OPEN, the account open at the
 * piece's end at the bottom of its stack, is its next child; USER, a
 * user row, is its next child and adds its usage. */
enum { OP_POP_TO, OP_ACCT, OP_OPEN, OP_USER };

struct qop {
	uint32_t kind;
	uint32_t idx;		/* ACCT, OPEN: the account, piece-local;
				 * USER: the row in the piece's user */
	const char *name;	/* POP_TO: the account */
};

/* A user row whose account was open before its piece. */
struct quser {
	const char *name, *part;
	long double v;
	off_t users_to;		/* its row's end */
};

struct qpiece {
	off_t from, to;
	struct qarena ar;
	int bad;
	int ended;		/* its last line was FS_TSV_END, the file's last */
	int has_root;
	struct qacct *acct;
	uint32_t nacct, acct_cap;
	struct qop *op;
	uint32_t nop, op_cap;
	struct quser *user;
	uint32_t nuser, user_cap;
	struct qframe *fr;	/* open at its end, bottom first */
	uint32_t nfr, fr_cap;
	uint32_t matches[2], rows;
	const char *match_acct[2];	/* the account of the first match */
};

struct qread {
	int fd;
	off_t base, size;
	size_t ncols;
	int ca, cu, cp, cpar, csh, cus;
	int used[6];		/* those six: the columns read */
	size_t nf;		/* the fields up to the last read or kept */
	size_t ntab;		/* the tabs before them */
	char *keep;		/* the columns the table keeps (each small
				 * tree made reads them) */
	struct qpiece *p;
	size_t np;
	char **blk;		/* blocks, np at most (one a piece run at once) */
	int *blk_busy;
	int stop;		/* a piece gave up: the others may stop */
	/* the named users: account (or NULL), user, partition (or NULL) */
	int nspec;
	char *spec[2][3];
	size_t spec_len[2][3];
	int nparts[2];
};

static uint64_t
qhash(const char *s)
{
	return fs_fnv(FS_FNV_INIT, s);
}

/* n bytes in a, that never move. */
static char *
arena_get(struct qarena *a, size_t n)
{
	char *d;

	if (n > a->room) {
		size_t sz = n > 65536 ? n : 65536;

		FS_GROW(a->chunk, a->nchunk, a->chunk_cap);
		a->chunk[a->nchunk++] = fs_xmalloc(sz);
		a->room = sz;
		a->used = 0;
	}
	d = a->chunk[a->nchunk - 1] + a->used;
	a->used += n;
	a->room -= n;
	return d;
}

/* A copy of the n bytes at s, and a NUL, in a. */
static char *
arena_add(struct qarena *a, const char *s, size_t n)
{
	char *d = arena_get(a, n + 1);

	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static void
arena_free(struct qarena *a)
{
	size_t i;

	for (i = 0; i < a->nchunk; i++)
		free(a->chunk[i]);
	free(a->chunk);
	memset(a, 0, sizeof(*a));
}

/* The next child of frame f must come strictly after its last; it is
 * then the last (name and part must stay where they are until keep_last). */
static int
child_ok(struct qframe *f, int user, const char *name, const char *part)
{
	if (f->last_user >= 0 &&
	    fs_sibling_cmp(f->last_user, f->lname, f->lpart, user, name,
			   part) >= 0)
		return 0;
	f->lname = name;
	f->lpart = part;
	f->last_user = user;
	f->nkids++;
	return 1;
}

/* f's last child copied to f's own buffer: the text it is in is about to
 * be read over. */
static void
keep_last(struct qframe *f)
{
	size_t n, m;

	if (f->last_user < 0 || f->lname == f->last)
		return;
	n = strlen(f->lname);
	m = strlen(f->lpart);
	if (n + m + 2 > f->last_cap) {
		f->last_cap = n + m + 2 > 64 ? n + m + 2 : 64;
		f->last = fs_xrealloc(f->last, f->last_cap);
	}
	memmove(f->last, f->lname, n + 1);
	memmove(f->last + n + 1, f->lpart, m + 1);
	f->lname = f->last;
	f->lpart = f->last + n + 1;
}

/* Close f, account a: its usage is its own when given (and not below its
 * children's, as usage_below_kids in tree.c says), else their sum (not
 * overflowing). 0, or -1 for what the full reader refuses. */
static int
close_frame(const struct qframe *f, struct qacct *a)
{
	a->users = f->users;
	a->direct = f->direct;
	a->users_to = f->users_to;
	a->closed = 1;
	if (f->given) {
		a->sum = f->own;
		return f->nkids && f->own < f->sum - 1e-6L * (f->nkids + 1) -
						f->sum * 1e-12L ? -1 : 0;
	}
	a->sum = f->sum;
	return isinf(f->sum) ? -1 : 0;
}

/* The n bytes at s are the string w (of length wn). Names are short:
 * a loop here, not a call. */
static inline int
same(const char *w, size_t wn, const char *s, size_t n)
{
	if (wn != n)
		return 0;
	while (n--)
		if (*w++ != *s++)
			return 0;
	return 1;
}

/* RawShares, the n bytes at s: a whole number or "parent". */
static int
parse_shares_quick(const char *s, size_t n, uint8_t *use_parent)
{
	unsigned long long v = 0;

	*use_parent = 0;
	if (same("parent", 6, s, n)) {
		*use_parent = 1;
		return 0;
	}
	if (!n)
		return -1;
	for (; n && *s >= '0' && *s <= '9'; s++, n--)
		if ((v = v * 10 + (unsigned)(*s - '0')) > FS_INFINITE)
			return -1;
	return n ? -1 : 0;
}

/* A field of a row: where it starts, how long. */
struct qfield {
	const char *s;
	size_t n;
};

static int
match(const struct qread *q, int k, const struct qfield *acct,
      const struct qfield *user, const struct qfield *part)
{
	char *const *w = q->spec[k];
	const size_t *wn = q->spec_len[k];

	if (q->nparts[k] == 1)
		return same(w[0], wn[0], user->s, user->n);
	return same(w[1], wn[1], user->s, user->n) &&
	       same(w[0], wn[0], acct->s, acct->n) &&
	       (q->nparts[k] < 3 || same(w[2], wn[2], part->s, part->n));
}

/* Note an operation on the accounts open before the piece (a name in
 * its arena, to outlive it). */
static void
add_op(struct qpiece *pc, uint32_t kind, uint32_t idx, const char *name)
{
	FS_GROW(pc->op, pc->nop, pc->op_cap);
	pc->op[pc->nop].kind = kind;
	pc->op[pc->nop].idx = idx;
	pc->op[pc->nop].name = name;
	pc->nop++;
}

/* Close the top account of a piece's stack: its sums are whole (it was
 * opened in the piece); they go to its parent, below it on the stack or,
 * at the stack's bottom, open before the piece (an operation). */
static int
pop_local(struct qpiece *pc, struct qframe *stk, uint32_t *sp)
{
	struct qframe *f = &stk[--*sp];
	struct qacct *a = &pc->acct[f->acct];

	if (!*a->parent || close_frame(f, a) < 0)
		return -1;	/* root closes only at the end */
	if (*sp) {
		stk[*sp - 1].sum += a->sum;
		stk[*sp - 1].users += a->users;
		return 0;
	}
	add_op(pc, OP_ACCT, f->acct, NULL);
	return 0;
}

/* Read on into the block b (QR_BLOCK bytes; *have held, from file offset
 * *boff): what is left from b + keep moves to the front first. 0, or -1
 * on a read error. */
static int
refill(const struct qread *q, char *b, size_t *have, size_t keep, off_t *boff)
{
	ssize_t got;
	off_t at;

	memmove(b, b + keep, *have - keep);
	*have -= keep;
	*boff += (off_t)keep;
	at = *boff + (off_t)*have;
	if (at >= q->size || *have == QR_BLOCK)
		return 0;
	got = pread(q->fd, b + *have, QR_BLOCK - *have, at);
	if (got <= 0)
		return -1;
	*have += (size_t)got;
	return 0;
}

/* Which of the 64 bytes at p are control bytes up to '\r' (bit i for
 * p[i]): a row is split by walking its set bits, 64 bytes a step. */
static inline uint64_t
ctl_mask64(const char *p)
{
	return (uint64_t)fs_ctl_mask16(p) |
	       (uint64_t)fs_ctl_mask16(p + 16) << 16 |
	       (uint64_t)fs_ctl_mask16(p + 32) << 32 |
	       (uint64_t)fs_ctl_mask16(p + 48) << 48;
}

/* Split the line at s (its bytes before end) at its tabs: the first ntab
 * tabs' offsets to tab, all counted in *nt. Its newline, or NULL when it
 * has none before end or (*odd set) holds a NUL or CR, the full reader's
 * to judge. */
static inline char *
split_line(char *s, const char *end, uint32_t *tab, size_t ntab, size_t *nt,
	   int *odd)
{
	char *p;

	*nt = 0;
	*odd = 0;
	for (p = s; p < end; p += 64) {
		uint64_t m = ctl_mask64(p);

		if (end - p < 64)
			m &= ((uint64_t)1 << (end - p)) - 1;
		for (; m; m &= m - 1) {
			char *x = p + __builtin_ctzll(m);

			if (*x == '\t') {
				if (*nt < ntab)
					tab[*nt] = (uint32_t)(x - s);
				++*nt;
			} else if (*x == '\n')
				return x;
			else if (*x == '\0' || *x == '\r') {
				*odd = 1;
				return NULL;
			}
		}
	}
	return NULL;
}

/* The fields of the line at s split by split_line, up to the last read
 * or kept, to f. */
static void
fields(const struct qread *q, const char *s, const char *nl,
       const uint32_t *tab, struct qfield *f)
{
	size_t c;

	for (c = 0; c < q->nf; c++) {
		f[c].s = c ? s + tab[c - 1] + 1 : s;
		f[c].n = (size_t)((c + 1 < q->ncols ? s + tab[c] : nl) - f[c].s);
	}
}

/* A block for a piece: one of those pieces done before it left, else a
 * new one (its pages touched once, not once a piece). */
static char *
block_get(struct qread *q, size_t *slot)
{
	size_t s;

	for (s = 0;; s++)
		if (!__atomic_exchange_n(&q->blk_busy[s], 1, __ATOMIC_ACQUIRE))
			break;	/* fewer pieces run at once than there are */
	if (!q->blk[s])
		q->blk[s] = fs_xcalloc(QR_BLOCK + QR_PAD, 1);
	*slot = s;
	return q->blk[s];
}

/* An account row's kept fields as the table's line, then its name and
 * its parent's, NUL-terminated, in the piece's arena. */
static void
keep_acct(const struct qread *q, struct qpiece *pc, struct qacct *a,
	  const struct qfield *f)
{
	const struct qfield *an = &f[q->ca], *pn = &f[q->cpar];
	size_t c, len = 0, first = 1;
	char *d;

	for (c = 0; c < q->nf; c++)
		if (q->keep[c])
			len += f[c].n + 1;
	if (!len)
		len = 1;	/* the newline alone */
	d = arena_get(&pc->ar, len + an->n + pn->n + 2);
	a->line = d;
	a->line_len = (uint32_t)len;
	for (c = 0; c < q->nf; c++) {
		if (!q->keep[c])
			continue;
		if (!first)
			*d++ = '\t';
		memcpy(d, f[c].s, f[c].n);
		d += f[c].n;
		first = 0;
	}
	*d++ = '\n';
	memcpy(d, an->s, an->n);
	d[an->n] = '\0';
	a->name = d;
	a->name_len = (uint32_t)an->n;
	d += an->n + 1;
	memcpy(d, pn->s, pn->n);
	d[pn->n] = '\0';
	a->parent = d;
}

/* One piece: its rows (those starting in [from, to)) read a block at a
 * time into one buffer, each checked, the accounts' sums made on a stack
 * of its own; what must outlive the block is copied. */
static void
piece_walk(void *arg, size_t i)
{
	struct qread *q = arg;
	struct qpiece *pc = &q->p[i];
	size_t slot;
	char *b = block_get(q, &slot), *s, *p, *end, *nl;
	struct qfield *f = fs_xcalloc(q->ncols, sizeof(*f));
	uint32_t *tab = fs_xcalloc(q->ncols, sizeof(*tab));
	struct qframe *stk = NULL;
	uint32_t sp = 0, cap = 0, k;
	size_t have = 0, at_s = 0, nt;
	int odd;
	off_t boff = pc->from, lend;
	struct fs_err e;
	const char *gtop = NULL;	/* the top open before, when known */

	if (refill(q, b, &have, 0, &boff) < 0)
		goto bad;
	/* Its rows start after the line end at its start (from is the byte
	 * before the middle of the body), the first piece's at once. */
	if (i) {
		if (!(p = memchr(b, '\n', have)))
			goto bad;	/* a line longer than a block */
		at_s = (size_t)(p + 1 - b);
	}
	for (;;) {
		const struct qfield *acct, *user, *part, *par, *sh, *us;
		long double v = 0;

		s = b + at_s;
		if (boff + (off_t)at_s >= pc->to || boff + (off_t)at_s >= q->size)
			break;
		if (!(pc->rows & 4095) && __atomic_load_n(&q->stop,
							  __ATOMIC_RELAXED))
			goto bad;
		end = b + have;
		/* Split: one pass over the control bytes finds the tabs (the
		 * first ntab kept, the others counted) and the line's end.
		 * A line not whole in the block: read on, and again. */
		nl = split_line(s, end, tab, q->ntab, &nt, &odd);
		if (odd)
			goto bad;
		if (!nl && boff + (off_t)have < q->size) {
			if ((at_s == 0 && have == QR_BLOCK))
				goto bad;	/* a line longer than a block */
			for (k = 0; k < sp; k++)
				keep_last(&stk[k]);
			if (refill(q, b, &have, at_s, &boff) < 0)
				goto bad;
			at_s = 0;
			continue;
		}
		if (!nl)
			nl = end;	/* the file's last line, without '\n' */
		*nl = '\0';
		lend = boff + (nl - b);	/* where the line ends */
		at_s = (size_t)(nl + 1 - b);
		if (nt == 0 && same(FS_TSV_END, strlen(FS_TSV_END), s,
				    (size_t)(nl - s)) &&
		    (lend == q->size || lend + 1 == q->size)) {
			pc->ended = 1;	/* the file's last line */
			break;
		}
		if (nt + 1 != q->ncols || nl == s)
			goto bad;
		pc->rows++;
		/* The fields up to the last one read; those read
		 * NUL-terminated. */
		fields(q, s, nl, tab, f);
		for (k = 0; k < 6; k++)
			if (q->used[k] >= 0)
				((char *)f[q->used[k]].s)[f[q->used[k]].n] = '\0';
		acct = &f[q->ca];
		user = &f[q->cu];
		part = q->cp >= 0 ? &f[q->cp] : &(const struct qfield){"", 0};
		par = &f[q->cpar];
		sh = &f[q->csh];
		us = &f[q->cus];
		if (!acct->n)
			goto bad;
		if (user->n) {
			uint8_t up;

			if (!same(par->s, par->n, acct->s, acct->n) ||
			    parse_shares_quick(sh->s, sh->n, &up) < 0 || !us->n ||
			    fs_parse_usage(us->s, "RawUsage", &v, &e, 0) < 0)
				goto bad;
			for (k = 0; k < (uint32_t)q->nspec; k++)
				if (match(q, (int)k, acct, user, part) &&
				    pc->matches[k]++ == 0)
					pc->match_acct[k] = arena_add(&pc->ar,
						acct->s, acct->n);
		} else if (part->n || same(par->s, par->n, acct->s, acct->n) ||
			   (us->n && fs_parse_usage(us->s, "RawUsage", &v, &e,
						   0) < 0)) {
			goto bad;
		}
		if (!par->n) {
			/* The root: the file's first row alone. */
			if (user->n || i || pc->rows != 1 || sp)
				goto bad;
		} else {
			while (sp && !same(pc->acct[stk[sp - 1].acct].name,
					   pc->acct[stk[sp - 1].acct].name_len,
					   par->s, par->n))
				if (pop_local(pc, stk, &sp) < 0)
					goto bad;
			/* Back to an account open before the piece: named
			 * once while it stays on top. */
			if (!sp && (!gtop || strcmp(gtop, par->s))) {
				gtop = arena_add(&pc->ar, par->s, par->n);
				add_op(pc, OP_POP_TO, 0, gtop);
			}
		}
		if (user->n) {
			if (sp) {
				if (!child_ok(&stk[sp - 1], 1, user->s, part->s))
					goto bad;
				stk[sp - 1].sum += v;
				stk[sp - 1].users++;
				stk[sp - 1].direct++;
				stk[sp - 1].users_to = lend + 1;
			} else {
				struct quser *u;

				FS_GROW(pc->user, pc->nuser, pc->user_cap);
				u = &pc->user[pc->nuser];
				u->name = arena_add(&pc->ar, user->s, user->n);
				u->part = arena_add(&pc->ar, part->s, part->n);
				u->v = v;
				u->users_to = lend + 1;
				add_op(pc, OP_USER, pc->nuser++, NULL);
			}
			continue;
		}
		/* An account: open. */
		{
			struct qacct *a;
			uint8_t up;
			size_t lc;
			char *last;

			if (!sh->n && !par->n)
				up = 0;	/* root: Slurm's default 1 */
			else if (parse_shares_quick(sh->s, sh->n, &up) < 0)
				goto bad;
			FS_GROW(pc->acct, pc->nacct, pc->acct_cap);
			a = &pc->acct[pc->nacct++];
			memset(a, 0, sizeof(*a));
			keep_acct(q, pc, a, f);
			if (par->n && sp && !child_ok(&stk[sp - 1], 0, a->name, ""))
				goto bad;
			a->use_parent = up;
			a->hash = qhash(a->name);
			a->up = sp ? stk[sp - 1].acct : FS_NONE;
			a->users_from = a->users_to = lend + 1;
			if (!par->n)
				pc->has_root = 1;
			if (sp == cap) {	/* slots keep their last-name buffers */
				cap = cap ? 2 * cap : 64;
				stk = fs_xreallocarray(stk, cap, sizeof(*stk));
				memset(stk + sp, 0, (cap - sp) * sizeof(*stk));
			}
			last = stk[sp].last;
			lc = stk[sp].last_cap;
			memset(&stk[sp], 0, sizeof(stk[sp]));
			stk[sp].last = last;
			stk[sp].last_cap = lc;
			stk[sp].acct = pc->nacct - 1;
			stk[sp].last_user = -1;
			stk[sp].given = us->n != 0;
			stk[sp].own = v;
			stk[sp].users_to = lend + 1;
			sp++;
		}
	}
	/* Open at the end: kept for the merge, with their buffers; the
	 * bottom one, but root, a child of an account open before. */
	if (sp && *pc->acct[stk[0].acct].parent)
		add_op(pc, OP_OPEN, stk[0].acct, NULL);
	pc->nfr = sp;
	pc->fr = fs_xcalloc(sp + 1, sizeof(*pc->fr));
	for (k = 0; k < sp; k++) {
		keep_last(&stk[k]);
		pc->fr[k] = stk[k];
		stk[k].last = NULL;
	}
	goto out;
bad:
	pc->bad = 1;
	__atomic_store_n(&q->stop, 1, __ATOMIC_RELAXED);
out:
	for (k = 0; k < cap; k++)
		free(stk[k].last);
	free(stk);
	free(tab);
	free(f);
	__atomic_store_n(&q->blk_busy[slot], 0, __ATOMIC_RELEASE);
}

/* The merge's stack of open accounts (global indices). */
struct gstack {
	struct qframe *fr;
	uint32_t n, cap;
};

static int
g_pop(struct gstack *g, struct qacct *const *all)
{
	struct qframe *f = &g->fr[--g->n];
	struct qacct *a = all[f->acct];

	free(f->last);
	f->last = NULL;
	if (close_frame(f, a) < 0)
		return -1;
	if (g->n) {
		g->fr[g->n - 1].sum += a->sum;
		g->fr[g->n - 1].users += a->users;
	}
	return 0;
}

static int
g_pop_to(struct gstack *g, struct qacct *const *all, const char *name)
{
	while (g->n && strcmp(all[g->fr[g->n - 1].acct]->name, name))
		if (g_pop(g, all) < 0)
			return -1;
	return g->n ? 0 : -1;
}

/* The quick reader's state between its calls. */
struct fs_explain_read_priv {
	struct qread q;
	struct qacct **all;	/* in row order, in the pieces' arrays */
	uint32_t nall;
	uint32_t *slot;		/* accounts by name: index + 1 */
	size_t mask;
	uint32_t users;		/* N */
	uint32_t *node_users;	/* the small tree's accounts: users below */
	/* What the small tree is made again from (fs_explain_read_more):
	 * the prologue and kept header, the accounts whose children it
	 * holds, whether the file ends with FS_TSV_END. */
	struct fs_buf head;
	uint8_t *inc;
	int trailer;
	uint32_t need;		/* fs_explain_read_ranks: whose children */
};

static uint32_t
find_acct(const struct fs_explain_read_priv *pv, const char *name)
{
	uint64_t h = qhash(name);
	size_t j = h & pv->mask;

	for (; pv->slot[j]; j = (j + 1) & pv->mask) {
		const struct qacct *a = pv->all[pv->slot[j] - 1];

		if (a->hash == h && !strcmp(a->name, name))
			return pv->slot[j] - 1;
	}
	return FS_NONE;
}

/* The user rows of account a, read again (one read: they follow its
 * row), their kept fields to b; 0, or -1 when they are not what the
 * pass found. */
static int
put_users(struct fs_buf *b, const struct qread *q, const struct qacct *a)
{
	size_t len = (size_t)(a->users_to - a->users_from), k = 0, c, nt;
	char *t = fs_xmalloc(len + QR_PAD), *s, *nl;
	uint32_t n = 0, *tab = fs_xcalloc(q->ncols, sizeof(*tab));
	struct qfield *f = fs_xcalloc(q->ncols, sizeof(*f));
	int r = -1, odd, first;

	while (k < len) {
		ssize_t got = pread(q->fd, t + k, len - k,
				    a->users_from + (off_t)k);

		if (got <= 0)
			goto out;
		k += (size_t)got;
	}
	for (s = t; s < t + len; s = nl + 1, n++) {
		if (!(nl = split_line(s, t + len, tab, q->ntab, &nt, &odd)) ||
		    nt + 1 != q->ncols)
			goto out;
		fields(q, s, nl, tab, f);
		if (!f[q->cu].n || !same(a->name, a->name_len, f[q->ca].s,
					  f[q->ca].n))
			goto out;
		for (c = 0, first = 1; c < q->nf; c++) {
			if (!q->keep[c])
				continue;
			if (!first)
				fs_buf_addch(b, '\t');
			fs_buf_add(b, f[c].s, f[c].n);
			first = 0;
		}
		fs_buf_addch(b, '\n');
	}
	r = n == a->direct ? 0 : -1;
out:
	free(f);
	free(tab);
	free(t);
	return r;
}

void
fs_explain_read_release(struct fs_explain_read *x)
{
	struct fs_explain_read_priv *pv = x->priv;
	size_t i;
	int k;

	if (x->built)
		fs_tree_release(&x->tr);
	if (x->tabled)
		fs_table_release(&x->t);
	if (pv) {
		for (i = 0; i < pv->q.np; i++) {
			uint32_t f;

			for (f = 0; f < pv->q.p[i].nfr; f++)
				free(pv->q.p[i].fr[f].last);
			arena_free(&pv->q.p[i].ar);
			free(pv->q.p[i].acct);
			free(pv->q.p[i].op);
			free(pv->q.p[i].user);
			free(pv->q.p[i].fr);
		}
		free(pv->q.p);
		for (k = 0; k < 2; k++)
			free(pv->q.spec[k][0]);
		free(pv->q.keep);
		free(pv->all);
		free(pv->slot);
		free(pv->node_users);
		free(pv->inc);
		fs_buf_release(&pv->head);
		free(pv);
	}
	memset(x, 0, sizeof(*x));
}

void
fs_explain_read_take(struct fs_explain_read *x, struct fs_table *t,
		     struct fs_tree *tr)
{
	*t = x->t;
	*tr = x->tr;
	tr->t = t;
	x->tabled = x->built = 0;
}

/* Give up: everything freed, nothing kept. */
static int
give_up(struct fs_explain_read *x)
{
	fs_explain_read_release(x);
	return 0;
}

/* The small tree: the table of the prologue, the header of the kept
 * columns, root, and the children of the accounts in pv->inc (their
 * FairShare=parent children's too), in row order, built, each account's
 * usage the whole tree's sum. 0, or -1 (give up). */
static int
small_build(struct fs_explain_read *x)
{
	struct fs_explain_read_priv *pv = x->priv;
	struct qread *q = &pv->q;
	struct fs_buf text;
	struct fs_err e;
	uint8_t *inc = pv->inc;
	uint32_t *row_acct = NULL, nrow = 0, row_cap = 0, j;
	size_t i;
	int r = -1;

	for (j = 1; j < pv->nall; j++)
		if (inc[pv->all[j]->up] && pv->all[j]->use_parent)
			inc[j] = 1;
	fs_buf_init(&text);
	fs_buf_add(&text, pv->head.data, pv->head.len);
	for (j = 0; j < pv->nall; j++) {
		const struct qacct *a = pv->all[j];

		/* Ahead: the accounts, then their lines (cache misses). */
		if (j + 16 < pv->nall)
			__builtin_prefetch(pv->all[j + 16]);
		if (j + 8 < pv->nall)
			__builtin_prefetch(pv->all[j + 8]->line);
		if (!j || inc[a->up]) {
			fs_buf_add(&text, a->line, a->line_len);
			FS_GROW(row_acct, nrow, row_cap);
			row_acct[nrow++] = j;
		}
		if (inc[j] && a->direct) {
			if (put_users(&text, q, a) < 0) {
				fs_buf_release(&text);
				goto out;
			}
			for (i = 0; i < a->direct; i++) {
				FS_GROW(row_acct, nrow, row_cap);
				row_acct[nrow++] = FS_NONE;
			}
		}
	}
	if (pv->trailer)
		fs_buf_addstr(&text, FS_TSV_END "\n");
	e.file = NULL;
	if (fs_table_parse(&x->t, &text, &e) < 0) {
		fs_table_release(&x->t);
		goto out;
	}
	x->tabled = 1;
	if (fs_tree_build(&x->tr, &x->t, &e) < 0)
		goto out;
	x->built = 1;
	/* Each account's usage: the whole tree's sum. Node j is row j
	 * (fs_tree_line), whose account is known: looked up by name else. */
	free(pv->node_users);
	pv->node_users = fs_xcalloc(x->tr.n + 1, sizeof(*pv->node_users));
	for (j = 0; j < x->tr.n; j++) {
		struct fs_node *a = &x->tr.node[j];
		uint32_t w = j < nrow ? row_acct[j] : FS_NONE;

		if (a->is_user)
			continue;
		if ((w == FS_NONE || strcmp(pv->all[w]->name, a->acct)) &&
		    (w = find_acct(pv, a->acct)) == FS_NONE)
			goto out;
		a->usage_raw = pv->all[w]->sum;
		pv->node_users[j] = pv->all[w]->users;
	}
	r = 0;
out:
	free(row_acct);
	return r;
}

int
fs_explain_read_more(struct fs_explain_read *x)
{
	struct fs_explain_read_priv *pv = x->priv;

	if (!pv || pv->need == FS_NONE || pv->need >= pv->nall ||
	    pv->inc[pv->need])
		return give_up(x);
	pv->inc[pv->need] = 1;
	pv->need = FS_NONE;
	if (x->built)
		fs_tree_release(&x->tr);
	if (x->tabled)
		fs_table_release(&x->t);
	x->built = x->tabled = 0;
	return small_build(x) < 0 ? give_up(x) : 1;
}

int
fs_explain_read(struct fs_explain_read *x, int fd, const char *const *names,
	      char *const *spec, int nspec)
{
	struct fs_explain_read_priv *pv;
	struct qread *q;
	struct stat st;
	struct fs_header h;
	struct fs_err e;
	char *pro = NULL, *orig = NULL, *s, *nl, *keep = NULL;
	size_t len, body, c, i, k, np;
	unsigned long lineno = 0;
	int r = 1, ok = 0;
	uint32_t j;
	struct gstack g = {0};
	uint8_t *inc = NULL;

	memset(x, 0, sizeof(*x));
	if (nspec < 1 || nspec > 2 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	pv = x->priv = fs_xcalloc(1, sizeof(*pv));
	pv->need = FS_NONE;
	q = &pv->q;
	q->fd = fd;
	q->nspec = nspec;
	for (k = 0; k < (size_t)nspec; k++) {
		q->nparts[k] = fs_spec_split(spec[k], q->spec[k], 3);
		if (q->nparts[k] < 1 || !*spec[k])
			return give_up(x);
		for (c = 0; c < (size_t)q->nparts[k]; c++)
			q->spec_len[k][c] = strlen(q->spec[k][c]);
	}
	if ((q->base = lseek(fd, 0, SEEK_CUR)) < 0)
		return give_up(x);
	q->size = st.st_size;
	if (q->size - q->base > (off_t)FS_TABLE_TEXT_MAX)
		return give_up(x);
	/* The prologue, as fs_read_prologue reads it. */
	len = (size_t)(q->size - q->base);
	if (len > QR_PROLOGUE)
		len = QR_PROLOGUE;
	pro = fs_xmalloc(len + 1);
	if (pread(fd, pro, len, q->base) != (ssize_t)len) {
		free(pro);
		return give_up(x);
	}
	pro[len] = '\0';
	orig = fs_xmalloc(len + 1);
	memcpy(orig, pro, len + 1);	/* fs_header_feed cuts pro's lines */
	fs_header_init(&h);
	for (s = pro; r && (nl = memchr(s, '\n', len - (size_t)(s - pro)));
	     s = nl + 1) {
		lineno++;
		if (fs_check_line(s, (size_t)(nl - s), lineno, &e) < 0)
			break;
		*nl = '\0';
		if ((r = fs_header_feed(&h, s, (size_t)(nl - s), lineno, &e)) < 0)
			break;
	}
	body = (size_t)(s - pro);
	q->ncols = h.ncols;
	q->ca = fs_header_col(&h, FS_COL_ACCOUNT);
	q->cu = fs_header_col(&h, FS_COL_USER);
	q->cp = fs_header_col(&h, FS_COL_PARTITION);
	q->cpar = fs_header_col(&h, FS_COL_PARENT);
	q->csh = fs_header_col(&h, FS_COL_RAW_SHARES);
	q->cus = fs_header_col(&h, FS_COL_RAW_USAGE);
	if (r || q->ca < 0 || q->cu < 0 || q->cpar < 0 || q->csh < 0 ||
	    q->cus < 0 || fs_tree_controller_order(&h) ||
	    q->base + (off_t)body >= q->size)
		goto fail;
	keep = fs_xcalloc(q->ncols, 1);
	for (c = 0; c < q->ncols; c++)
		for (k = 0; names[k]; k++)
			keep[c] |= !strcmp(h.cols[c], names[k]);
	q->keep = keep;
	q->used[0] = q->ca;
	q->used[1] = q->cu;
	q->used[2] = q->cp;
	q->used[3] = q->cpar;
	q->used[4] = q->csh;
	q->used[5] = q->cus;
	for (c = 0; c < q->ncols; c++)
		if (keep[c] || (int)c == q->ca || (int)c == q->cu ||
		    (int)c == q->cp || (int)c == q->cpar || (int)c == q->csh ||
		    (int)c == q->cus)
			q->nf = c + 1;
	q->ntab = q->nf < q->ncols ? q->nf : q->ncols - 1;
	/* The body in pieces, on every core. */
	np = q->size - q->base - (off_t)body < (1 << 20) ? 1
		: 4 * (size_t)fs_par_threads();
	q->np = np;
	q->p = fs_xcalloc(np, sizeof(*q->p));
	for (i = 0; i < np; i++) {
		off_t span = q->size - q->base - (off_t)body;

		q->p[i].from = q->base + (off_t)body + span * (off_t)i / (off_t)np;
		q->p[i].to = q->base + (off_t)body + span * (off_t)(i + 1) /
							(off_t)np;
		if (i)
			q->p[i].from--;	/* from the '\n' before its rows */
	}
	q->blk = fs_xcalloc(np, sizeof(*q->blk));
	q->blk_busy = fs_xcalloc(np, sizeof(*q->blk_busy));
	fs_par_for(np, piece_walk, q);
	for (i = 0; i < np; i++)
		free(q->blk[i]);
	free(q->blk);
	free(q->blk_busy);
	q->blk = NULL;
	q->blk_busy = NULL;
	for (i = 0; i < np; i++)
		if (q->p[i].bad || (q->p[i].ended && i + 1 < np &&
				    q->p[i + 1].rows))
			goto fail;
	for (i = 0, k = 0; i < np; i++)
		k += q->p[i].rows;
	if (!q->p[0].has_root || k > FS_TREE_MAX ||
	    (fs_header_meta(&h, FS_TSV_TRAILER) && !q->p[np - 1].ended))
		goto fail;
	for (k = 0; k < (size_t)nspec; k++) {
		uint32_t m = 0;

		for (i = 0; i < np; i++)
			m += q->p[i].matches[k];
		x->match[k] = m;
	}
	/* Every account, in row order; the pieces' operations replayed. */
	for (i = 0; i < np; i++)
		pv->nall += q->p[i].nacct;
	pv->all = fs_xcalloc(pv->nall + 1, sizeof(*pv->all));
	for (i = 0, j = 0; i < np; i++) {
		struct qpiece *pc = &q->p[i];
		uint32_t base = j, o;

		for (o = 0; o < pc->nacct; o++, j++) {
			pv->all[j] = &pc->acct[o];
			if (pv->all[j]->up != FS_NONE)
				pv->all[j]->up += base;
		}
		for (o = 0; o < pc->nop; o++) {
			const struct qop *op = &pc->op[o];
			struct qframe *top;
			struct qacct *a;
			const struct quser *u;

			/* Each piece's first operation is a POP_TO: the
			 * stack is not empty after it. */
			if (op->kind == OP_POP_TO) {
				if (g_pop_to(&g, pv->all, op->name) < 0)
					goto fail;
				continue;
			}
			top = &g.fr[g.n - 1];
			if (op->kind == OP_USER) {
				u = &pc->user[op->idx];
				if (!child_ok(top, 1, u->name, u->part))
					goto fail;
				top->sum += u->v;
				top->users++;
				top->direct++;
				top->users_to = u->users_to;
				continue;
			}
			a = pv->all[base + op->idx];
			if (!child_ok(top, 0, a->name, ""))
				goto fail;
			a->up = top->acct;
			if (op->kind == OP_ACCT) {
				top->sum += a->sum;
				top->users += a->users;
			}
		}
		/* Accounts closed in the piece: their parents. Those opened
		 * under an account open before it hang from the stack's
		 * top when opened: as they are pushed below. */
		for (o = 0; o < pc->nfr; o++) {
			FS_GROW(g.fr, g.n, g.cap);
			g.fr[g.n] = pc->fr[o];
			g.fr[g.n].acct += base;
			g.n++;
			pc->fr[o].last = NULL;	/* the stack's now */
		}
	}
	while (g.n)
		if (g_pop(&g, pv->all) < 0)
			goto fail;
	/* Accounts by name: a second one of a name gives up. */
	for (pv->mask = 1; pv->mask < 2 * (size_t)pv->nall; pv->mask <<= 1)
		;
	pv->slot = fs_xcalloc(pv->mask, sizeof(*pv->slot));
	pv->mask--;
	for (j = 0; j < pv->nall; j++) {
		const struct qacct *a = pv->all[j];

		for (k = a->hash & pv->mask; pv->slot[k];
		     k = (k + 1) & pv->mask) {
			const struct qacct *o = pv->all[pv->slot[k] - 1];

			if (o->hash == a->hash && !strcmp(o->name, a->name))
				goto fail;
		}
		pv->slot[k] = j + 1;
		/* Each account's parent is the one of its name open above
		 * it when it was read (names being unique, the one). */
		if (!a->closed || (j && a->up == FS_NONE))
			goto fail;
	}
	pv->users = pv->all[0]->users;
	x->users = pv->users;
	/* The accounts whose children the answer reads: those above the
	 * named ones (a user's account and up, an account's parent and
	 * up), and the FairShare=parent ones below those, whose children
	 * compete in the same lists. */
	inc = fs_xcalloc(pv->nall, 1);
	for (k = 0; k < (size_t)nspec; k++) {
		uint32_t a;

		if (x->match[k] == 1) {
			for (i = 0; !q->p[i].matches[k]; i++)
				;
			a = find_acct(pv, q->p[i].match_acct[k]);
		} else if (x->match[k] == 0 && !strchr(spec[k], '/') &&
			   (a = find_acct(pv, spec[k])) != FS_NONE) {
			if (!a || pv->all[a]->use_parent)
				goto fail;
			x->is_acct[k] = 1;
			a = pv->all[a]->up;
		} else
			goto fail;
		if (a == FS_NONE)
			goto fail;
		for (; a != FS_NONE; a = a ? pv->all[a]->up : FS_NONE)
			inc[a] = 1;
	}
	/* The table of those rows: the prologue, the header of the kept
	 * columns, root, and the children of those accounts, in row order. */
	fs_buf_init(&pv->head);
	for (s = orig; s < orig + body; s = nl + 1) {
		nl = memchr(s, '\n', (size_t)(orig + body - s));
		if (nl + 1 >= orig + body) {
			int first = 1;

			for (c = 0; c < q->ncols; c++) {
				if (!keep[c])
					continue;
				if (!first)
					fs_buf_addch(&pv->head, '\t');
				fs_buf_addstr(&pv->head, h.cols[c]);
				first = 0;
			}
			fs_buf_addch(&pv->head, '\n');
			break;
		}
		fs_buf_add(&pv->head, s, (size_t)(nl + 1 - s));
	}
	pv->trailer = fs_header_meta(&h, FS_TSV_TRAILER) != NULL;
	pv->inc = inc;
	inc = NULL;
	if (small_build(x) < 0)
		goto fail;
	ok = 1;
fail:
	while (g.n)
		free(g.fr[--g.n].last);
	free(inc);
	free(g.fr);
	fs_header_release(&h);
	free(pro);
	free(orig);
	return ok ? 1 : give_up(x);
}

/* The users Fair Tree's walk ranks at node i of a list: 1 for a user,
 * those below an account, none for a FairShare=parent one (its children
 * compete in the same list, and it is skipped). */
static uint32_t
users_below(const struct fs_explain_read *x, const struct fs_tree *tr,
	    uint32_t i)
{
	const struct fs_node *a = &tr->node[i];

	if (a->is_user)
		return 1;
	if (a->use_parent)
		return 0;
	return x->priv->node_users[i];
}

/* After item t of list v (m long), walked last with a rank: a tie of the
 * items that follow, up to the first with users, would carry that rank
 * on (into an account, or past the list's end). */
static int
carries_on(const uint32_t *ub, const struct fs_tree *tr, const uint32_t *v,
	   uint32_t m, uint32_t t)
{
	for (t++; t < m; t++) {
		if (tr->node[v[t]].level_fs == tr->node[v[t - 1]].level_fs)
			return 1;
		if (ub[v[t]])
			break;
	}
	return 0;
}

/* The walk's state: the users not yet walked (rnt), the last rank given
 * and whether the small tree knows it (a user of it gave it, not one
 * inside an account whose children it lacks: need, the last such). */
struct wstate {
	uint32_t rnt, rank, need;
	int known;
};

/* The lists walked, each sorted once (the two users' walks share their
 * top lists): by fs parent, in walk order; tmp, the sort's work space. */
struct wlists {
	uint32_t **v, *tmp, tcap;
};

/* The list of fs parent p in walk order, or NULL with a Level FS the
 * keyed sort would not take (NaN, negative). */
static const uint32_t *
sorted_list(const struct fs_tree *tr, uint32_t p, struct wlists *l)
{
	uint32_t m = tr->node[p].nfs_kids, t, *v;

	if (l->v[p])
		return l->v[p];
	if (m + 1 > l->tcap) {
		l->tcap = m + 1;
		free(l->tmp);
		l->tmp = fs_xcalloc(l->tcap, sizeof(*l->tmp));
	}
	v = fs_xcalloc(m + 1, sizeof(*v));
	fs_fairtree_walk_order(tr, p, v, l->tmp);
	for (t = 0; t < m; t++)
		if (isnan(tr->node[v[t]].level_fs) ||
		    signbit(tr->node[v[t]].level_fs)) {
			free(v);
			return NULL;
		}
	return l->v[p] = v;
}

/* The lists being walked, the innermost last: each one's items, the next
 * one, the Level FS before it, whether its first item is tied. */
struct wframe {
	const uint32_t *v;
	uint32_t m, t;
	long double prev;
	int entered;
};

/* List p pushed on *fr (*n of *cap): 0, or -1 (sorted_list's NULL). */
static int
walk_push(const struct fs_tree *tr, uint32_t p, int entered,
	  struct wlists *l, struct wframe **fr, uint32_t *n, uint32_t *cap)
{
	static const long double no_val = (long double)FS_NO_VAL;
	const uint32_t *v = sorted_list(tr, p, l);

	if (!v)
		return -1;
	FS_GROW(*fr, *n, *cap);
	(*fr)[*n].v = v;
	(*fr)[*n].m = tr->node[p].nfs_kids;
	(*fr)[*n].t = 0;
	(*fr)[*n].prev = no_val;
	(*fr)[*n].entered = entered;
	(*n)++;
	return 0;
}

/* List p walked as fs_fairtree walks it, entered tied or not, to its end
 * or up to stop (not walked: *tied, whether it is entered tied, and
 * *pos). An account with users is walked through when the small tree
 * holds its children and deep, else only counted; the lists within are
 * walked from a stack of frames, not by recursion: a chain of accounts
 * may be as deep as the tree. For the user's own list (u not FS_NONE)
 * its users' ranks are set where known, u's must be. The list in walk
 * order to *vout (*mout long, l's). 0, 1 when u's rank (or, for one
 * user's question, !deep, any in its list) is not known, -1 when the
 * walk cannot be followed. */
static int
walk_list(const struct fs_explain_read *x, struct fs_tree *tr,
	  const uint32_t *ub, struct wlists *l, uint32_t p, int entered,
	  uint32_t stop, uint32_t u, int deep, struct wstate *st, int *tied,
	  uint32_t *pos, const uint32_t **vout, uint32_t *mout)
{
	struct wframe *fr = NULL, *f;
	uint32_t n = 0, cap = 0, t, i;
	int r = -1, tie;

	*tied = 0;
	if (walk_push(tr, p, entered, l, &fr, &n, &cap) < 0)
		goto out;
	*vout = fr[0].v;
	*mout = *pos = fr[0].m;
	while (n) {
		struct fs_node *a;

		f = &fr[n - 1];
		if (f->t == f->m) {
			n--;
			continue;
		}
		t = f->t++;
		i = f->v[t];
		a = &tr->node[i];
		tie = (t == 0 && f->entered) ? 1 : f->prev == a->level_fs;
		f->prev = a->level_fs;
		if (n == 1 && i == stop) {
			*pos = t;
			*tied = tie;
			break;
		}
		if (!a->is_user) {
			if (!ub[i])
				continue;
			if (deep && a->nfs_kids) {
				if (walk_push(tr, i, tie, l, &fr, &n, &cap) < 0)
					goto out;
				continue;
			}
			st->rnt -= ub[i];
			st->known = 0;
			st->need = i;
			continue;
		}
		if (!tie) {
			st->rank = st->rnt;
			st->known = 1;
		} else if (!st->known) {
			st->rnt--;
			if (n == 1 && u != FS_NONE && (i == u || !deep)) {
				r = 1;
				goto out;
			}
			continue;
		}
		if (n == 1 && u != FS_NONE) {
			a->rank = st->rank;
			a->fs_factor = st->rank / (double)x->users;
			if (i == u)
				*pos = t;
		}
		st->rnt--;
	}
	r = 0;
out:
	free(fr);
	return r;
}

int
fs_explain_read_ranks(struct fs_explain_read *x, struct fs_tree *tr,
		      char *const *spec, int nspec)
{
	struct fs_explain_read_priv *pv = x->priv;
	uint32_t i, N = x->users, *ub = fs_xcalloc(tr->n + 1, sizeof(*ub));
	uint32_t *path = NULL, path_cap = 0;
	const uint32_t *v = NULL;
	struct wlists l = {0};
	int k, r = 0, deep = nspec == 2;

	l.v = fs_xcalloc(tr->n + 1, sizeof(*l.v));

	pv->need = FS_NONE;
	for (i = 0; i < tr->n; i++) {
		ub[i] = users_below(x, tr, i);
		if (tr->node[i].is_user) {
			tr->node[i].rank = 0;
			tr->node[i].fs_factor = 0;
		}
	}
	tr->user_count = N;
	for (k = 0; k < nspec; k++) {
		uint32_t u, t, pos = 0, m = 0, d, j;
		int entered = 0, tied = 0, s;
		struct wstate st = {N, 0, FS_NONE, 0};

		if (x->is_acct[k])
			continue;
		u = fs_tree_find_user(tr, spec[k]);
		if (u >= FS_NONE - 1 || tr->node[u].fs_parent == FS_NONE)
			goto fail;
		/* The fs path top down: root, ..., the user's fs parent, the
		 * user (path[j + 1] is in path[j]'s list). */
		for (d = 0, i = u; i != FS_NONE; i = tr->node[i].fs_parent)
			d++;
		if (d > path_cap) {
			path_cap = d;
			free(path);
			path = fs_xcalloc(d, sizeof(*path));
		}
		for (j = d, i = u; i != FS_NONE; i = tr->node[i].fs_parent)
			path[--j] = i;
		/* Each list on the path walked as fs_fairtree walks it, up to
		 * the path's next node, the user's list whole: a user tied
		 * with its predecessor takes the last rank given, which the
		 * small tree may not know (a user inside an account whose
		 * children it lacks gave it: read them, and again). For one
		 * user's question, whose answer names the users that share
		 * its rank, no tie may carry a rank into or out of an account
		 * on the path, nor into the list. */
		for (j = 0; j + 1 < d; j++) {
			int last = j + 2 == d;

			v = NULL;
			s = walk_list(x, tr, ub, &l, path[j], entered,
				      last ? FS_NONE : path[j + 1],
				      last ? u : FS_NONE, deep, &st, &tied,
				      &pos, &v, &m);
			if (s == 1 && deep && st.need != FS_NONE) {
				/* Which account: the reader's index. */
				i = st.need;
				pv->need = find_acct(pv, tr->node[i].acct);
				r = pv->need == FS_NONE ? 0 : -1;
				goto fail;
			}
			if (s)
				goto fail;
			if (pos == m)
				goto fail;
			if (last)
				break;
			if (!deep && (tied || carries_on(ub, tr, v, m, pos)))
				goto fail;
			entered = tied;
		}
		/* Past the user and those tied with it: a rank carried on
		 * matters to one user's question alone. */
		if (!v)
			goto fail;
		for (t = pos; t + 1 < m && tr->node[v[t + 1]].is_user &&
			      tr->node[v[t + 1]].level_fs == tr->node[u].level_fs;
		     t++)
			;
		if (!deep && carries_on(ub, tr, v, m, t))
			goto fail;
	}
	r = 1;
fail:
	for (i = 0; i < tr->n; i++)
		free(l.v[i]);
	free(l.v);
	free(l.tmp);
	free(path);
	free(ub);
	return r;
}
