/*
 * sprio.c: the toolkit's priority outputs (fs-prio(1)): its own TSV
 * (#fs-prio 1), sprio's -o formats and -l, -w, one JSON document, and the
 * explanation of where a job not yet submitted would land.
 *
 * Every writer appends to a buffer, so that a program writes nothing
 * until all of it is known to be right.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/io.h"
#include "core/msort.h"

/* ------------------------------------------------------------- places */

/* The distinct partitions of the jobs, each with how many jobs it has
 * counted so far and whether a row of the new job came yet: an index of
 * names (few partitions, many jobs). */
struct parts {
	const char **name;
	size_t *count, n, cap;
	unsigned char *new_seen;
	struct fs_names index;
};

static const char *
parts_name(const void *arg, size_t i)
{
	return ((const struct parts *)arg)->name[i];
}

/* The partition named part, added when new. */
static size_t
parts_find(struct parts *v, const char *part)
{
	size_t k = fs_names_find(&v->index, part, parts_name, v);

	if (k != SIZE_MAX)
		return k;
	if (v->n == v->cap) {
		v->cap = v->cap ? 2 * v->cap : 8;
		v->name = fs_xreallocarray(v->name, v->cap, sizeof(*v->name));
		v->count = fs_xreallocarray(v->count, v->cap,
					    sizeof(*v->count));
		v->new_seen = fs_xreallocarray(v->new_seen, v->cap,
					       sizeof(*v->new_seen));
	}
	v->name[v->n] = part;
	v->count[v->n] = 0;
	v->new_seen[v->n++] = 0;
	fs_names_add(&v->index, v->n, parts_name, v);
	return v->n - 1;
}

/* Each job's place among its partition's jobs, and how many those are,
 * for every position of the order at once: one walk down the order
 * counting by partition (the job before's partition is tried first), one
 * more for the totals. The new job is one job: its rows (one per QOS) are
 * placed among the others and do not count against each other, and a job
 * behind any of them is one place further down. */
static void
set_places(struct fs_sprio *o)
{
	const struct fs_prio_snapshot *s = o->x->s;
	size_t n = s->njob, i, k = 0;
	const char *last = NULL;
	struct parts v;

	memset(&v, 0, sizeof(v));
	for (i = 0; i < n; i++) {
		const struct fs_prio_pending *j = &s->job[o->order[i]];

		/* A job not pending (CALCULATE_RUNNING) has no place. */
		if (j->stored) {
			o->place[i] = 0;
			o->ptotal[i] = SIZE_MAX;
			continue;
		}
		if (!last || strcmp(j->part, last))
			k = parts_find(&v, j->part);
		last = j->part;
		if (j->is_new) {
			o->place[i] = v.count[k] + 1;
			v.new_seen[k] = 1;
		} else
			o->place[i] = ++v.count[k] + v.new_seen[k];
		/* Its partition's index until the totals are known. */
		o->ptotal[i] = k;
	}
	for (i = 0; i < n; i++)
		o->ptotal[i] = o->ptotal[i] == SIZE_MAX ? 0 :
			v.count[o->ptotal[i]] + v.new_seen[o->ptotal[i]];
	free(v.name);
	free(v.count);
	free(v.new_seen);
	fs_names_release(&v.index);
}

void
fs_sprio_init(struct fs_sprio *o, const struct fs_prio_ctx *x,
	      const char *source, const char *algorithm)
{
	const struct fs_prio_snapshot *s = x->s;
	size_t i;

	memset(o, 0, sizeof(*o));
	o->x = x;
	o->source = source;
	o->algorithm = algorithm;
	/* The order, places, totals and rows in one block, filled at once:
	 * a big queue's in 2 MB pages, made in one call. */
	if (s->njob + 1 > SIZE_MAX / (4 * sizeof(size_t)))
		fs_die("out of memory (%zu jobs)", s->njob);
	o->order = fs_xcalloc_filled(4 * (s->njob + 1) * sizeof(size_t),
				     &o->room);
	fs_prefault(o->order, 4 * (s->njob + 1) * sizeof(size_t));
	o->place = o->order + (s->njob + 1);
	o->ptotal = o->place + (s->njob + 1);
	o->row = o->ptotal + (s->njob + 1);
	fs_prio_queue_order(s->job, s->njob, o->order);
	for (i = 0; i < s->njob; i++) {
		if (&s->job[o->order[i]] == x->newjob)
			o->newpos = i;
		o->row[i] = i;
	}
	o->nrow = s->njob;
	set_places(o);
}

void
fs_sprio_release(struct fs_sprio *o)
{
	fs_free_huge(o->order, o->room, 1);
	memset(o, 0, sizeof(*o));
}

/* The priority sprio prints (%Y truncated, %y over 2^32-1) and sorts by:
 * its own sum of the weighted factors the controller lists, in its order
 * (the TRES terms last), raised to 1 but never cut to 32 bits, unlike the
 * priority the controller stores (docs/slurm.md §5.6). */
static double
sprio_sum(const struct fs_prio_conf *c, const struct fs_prio_factors *f,
	  int64_t site, int64_t nice)
{
	double p = f->w_age + f->w_assoc + f->w_fs + f->w_js + f->w_part +
		   f->w_qos + (double)site - (double)nice;
	size_t i;

	for (i = 0; i < c->ntres; i++)
		if (f->w_tres[i])
			p += f->w_tres[i];
	return p < 1 ? 1 : p;
}

/* The job at position pos of the order. */
static const struct fs_prio_pending *
at(const struct fs_sprio *o, size_t pos)
{
	return &o->x->s->job[o->order[pos]];
}

/* ---------------------------------------------------- rows and order */

/* Whether name is one of the comma-separated list (NULL: all are). */
static int
in_list(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p;

	if (!list)
		return 1;
	for (p = list; ; p++) {
		size_t k = strcspn(p, ",");

		if (k == n && !strncmp(p, name, n))
			return 1;
		if (!p[k])
			return 0;
		p += k;
	}
}

void
fs_sprio_select(struct fs_sprio *o, const char *jobs, const char *users,
		const char *parts)
{
	size_t i, n = 0;

	if (!jobs && !users && !parts)
		return;		/* all of them */
	for (i = 0; i < o->nrow; i++) {
		const struct fs_prio_pending *j = at(o, o->row[i]);

		if (in_list(jobs, j->id) && in_list(users, j->user) &&
		    in_list(parts, j->part))
			o->row[n++] = o->row[i];
	}
	o->nrow = n;
}

/* Whether a row's job (users: 0) or user (1) is name. */
static int
selected(const struct fs_sprio *o, int users, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < o->nrow; i++) {
		const struct fs_prio_pending *j = at(o, o->row[i]);
		const char *v = users ? j->user : j->id;

		if (strlen(v) == n && !strncmp(v, name, n))
			return 1;
	}
	return 0;
}

void
fs_sprio_unmatched(const struct fs_sprio *o, const char *jobs,
		   const char *users, struct fs_buf *b)
{
	const char *list[2] = {jobs, users}, *p;
	int k;

	for (k = 0; k < 2; k++) {
		for (p = list[k]; p && *p; p += *p == ',') {
			size_t n = strcspn(p, ",");

			if (n && !selected(o, k, p, n))
				fs_buf_printf(b, k ? "user '%.*s' has no "
					      "pending job (sprio prints nothing "
					      "for it)\n" : "job %.*s is not "
					      "pending (sprio prints nothing for "
					      "it)\n", (int)n, p);
			p += n;
		}
	}
}

/* sprio's sort fields (sort.c): lower and upper case sort alike. */
static const char sort_fields[] = "irucNAaFfJjPpQqTtYy";

int
fs_sprio_check_sort(const char *spec, struct fs_err *e)
{
	const char *p;

	e->file = "--sort";
	for (p = spec; *p; p++)
		if (*p != ',' && *p != '-' && *p != '+' &&
		    !strchr(sort_fields, *p))
			return fs_error(e, 0, "unknown field '%c' (sprio's "
					"are i, r, u, N, y, a, f, j, p, q, t)",
					*p);
	if (!*spec)
		return fs_error(e, 0, "no field to sort by");
	e->file = NULL;
	return 0;
}

/* What rows are sorted by: the spec, and the jobs. */
struct sort_ctx {
	const char *spec;
	const struct fs_sprio *out;
};

/* A and b by one field, ascending. */
static int
sort_cmp1(const struct sort_ctx *s, const struct fs_prio_pending *a,
	  const struct fs_prio_pending *b, char f)
{
	const struct fs_prio_conf *c = &s->out->x->s->conf;
	struct fs_prio_factors fx, fy, *x = &fx, *y = &fy;
	double u = 0, v = 0;

	fs_prio_factors_of(c, a, x);
	fs_prio_factors_of(c, b, y);
	switch (f) {
	case 'i': {
		char *ea, *eb;
		unsigned long long ia = strtoull(a->id, &ea, 10);
		unsigned long long ib = strtoull(b->id, &eb, 10);

		if (*a->id && !*ea && *b->id && !*eb && ia != ib)
			return ia < ib ? -1 : 1;
		return strcmp(a->id, b->id);
	}
	case 'r': return strcmp(a->part, b->part);
	case 'u': return strcmp(a->user, b->user);
	case 'c': return 0;		/* one cluster */
	case 'N': u = (double)a->nice; v = (double)b->nice; break;
	case 'a': case 'A': u = x->w_age; v = y->w_age; break;
	case 'f': case 'F': u = x->w_fs; v = y->w_fs; break;
	case 'j': case 'J': u = x->w_js; v = y->w_js; break;
	case 'p': case 'P': u = x->w_part; v = y->w_part; break;
	case 'q': case 'Q': u = x->w_qos; v = y->w_qos; break;
	case 't': case 'T': u = x->tres_sum; v = y->tres_sum; break;
	case 'y': case 'Y':
		u = sprio_sum(c, x, a->site, a->nice);
		v = sprio_sum(c, y, b->site, b->nice);
		break;
	}
	return (u > v) - (u < v);
}

static int
by_sort_spec(const struct sort_ctx *s, size_t a, size_t b)
{
	const struct fs_prio_pending *ja = at(s->out, a), *jb = at(s->out, b);
	const char *p;
	int c;

	for (p = s->spec; *p; p++) {
		if (*p == ',' || *p == '-' || *p == '+')
			continue;
		c = sort_cmp1(s, ja, jb, *p);
		if (p > s->spec && p[-1] == '-')
			c = -c;
		if (c)
			return c;
	}
	/* The job's rows in the order of its partitions. */
	return (s->out->order[a] > s->out->order[b]) -
	       (s->out->order[a] < s->out->order[b]);
}

static inline int
row_before(const struct sort_ctx *s, const size_t *a, const size_t *b)
{
	return by_sort_spec(s, *a, *b) < 0;
}

FS_MSORT(row_sort, size_t, const struct sort_ctx *, row_before)

void
fs_sprio_sort(struct fs_sprio *o, const char *spec)
{
	struct sort_ctx s = {spec, o};
	size_t *tmp = fs_xcalloc(o->nrow + 1, sizeof(*tmp));

	row_sort(&s, o->row, tmp, (uint32_t)o->nrow);
	free(tmp);
}

void
fs_sprio_default_format(const struct fs_prio_conf *c, int norm, int users,
			struct fs_buf *b)
{
	const struct { uint32_t w; char f; } col[] = {
		{c->w_age, 'a'}, {c->w_assoc, 'b'}, {c->w_fs, 'f'},
		{c->w_js, 'j'}, {c->w_part, 'p'}, {c->w_qos, 'q'}
	};
	size_t k;

	fs_buf_addstr(b, "%.15i %9r");
	if (users)
		fs_buf_addstr(b, " %.8u");
	fs_buf_addstr(b, norm ? " %10y" : " %.10Y %.10S");
	for (k = 0; k < sizeof(col) / sizeof(*col); k++)
		if (col[k].w)
			fs_buf_printf(b, norm ? " %%10%c" : " %%.10%c",
				      norm ? col[k].f : col[k].f - 'a' + 'A');
	if (c->ntres)
		fs_buf_addstr(b, norm ? " %20t" : " %.20T");
}

const char *
fs_sprio_long_format(int norm, const char *release)
{
	if (fs_release_has(release, FS_REL_SPRIO_QOSNAME) == 1)
		return norm ? "%.15i %9r %.8u %.8o %10y %10a %10b %10f %10j "
			      "%10p %10n %10q %20t"
			    : "%.15i %9r %.8u %.8o %.10Y %.10S %.10A %.10B "
			      "%.10F %.10J %.10P %.10n %.10Q %.11N %.20T";
	return norm ? "%.15i %9r %.8u %10y %10a %10b %10f %10j %10p %10q %20t"
		    : "%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J "
		      "%.10P %.10Q %.11N %.20T";
}

/* ------------------------------------------------------------- pieces */

/* The six factors of the formula, normalised or weighted, in the order
 * every output lists them. */
static void
factors(const struct fs_prio_factors *f, int weighted, double v[6])
{
	v[0] = weighted ? f->w_age : f->age;
	v[1] = weighted ? f->w_assoc : f->assoc;
	v[2] = weighted ? f->w_fs : f->fs;
	v[3] = weighted ? f->w_js : f->js;
	v[4] = weighted ? f->w_part : f->part;
	v[5] = weighted ? f->w_qos : f->qos;
}

/* The job's TRES factors (f, fs_prio_factors_of's) with a weight, as
 * name=value. */
static void
fmt_tres(struct fs_buf *b, const struct fs_prio_conf *c,
	 const struct fs_prio_factors *f, int weighted, const char *fmt)
{
	size_t i;
	int n = 0;

	for (i = 0; i < c->ntres; i++) {
		double v = weighted ? f->w_tres[i] : f->tres[i];

		if (!f->w_tres[i])
			continue;
		if (n++)
			fs_buf_addch(b, ',');
		fs_buf_printf(b, "%s=", c->tres_name[i]);
		if (fmt)
			fs_buf_printf(b, fmt, v);
		else
			fs_buf_double(b, v);
	}
}

/* The TRES weights as name=weight, sep between them. */
static void
fmt_tres_weights(struct fs_buf *b, const struct fs_prio_conf *c,
		 const char *sep, const char *quote)
{
	size_t i;

	for (i = 0; i < c->ntres; i++) {
		fs_buf_printf(b, "%s%s%s%s", i ? sep : "", quote,
			      c->tres_name[i], quote);
		fs_buf_addstr(b, *quote ? ": " : "=");
		fs_buf_double(b, c->tres_weight[i]);
	}
}

/* ---------------------------------------------------------------- TSV */

static void
meta_flags(struct fs_buf *b, uint32_t flags)
{
	static const struct { uint32_t bit; const char *name; } fl[] = {
		{FS_PRIO_ACCRUE_ALWAYS, "ACCRUE_ALWAYS"},
		{FS_PRIO_SIZE_RELATIVE, "SMALL_RELATIVE_TO_TIME"},
		{FS_PRIO_DEPTH_OBLIVIOUS, "DEPTH_OBLIVIOUS"},
		{FS_PRIO_NO_FAIR_TREE, "NO_FAIR_TREE"},
		{FS_PRIO_INCR_ONLY, "INCR_ONLY"},
		{FS_PRIO_MAX_TRES, "MAX_TRES"},
		{FS_PRIO_MAX_TRES_GRES, "MAX_TRES_GRES"},
		{FS_PRIO_CALCULATE_RUNNING, "CALCULATE_RUNNING"},
		{FS_PRIO_NO_NORMAL_ASSOC, "NO_NORMAL_ASSOC"},
		{FS_PRIO_NO_NORMAL_PART, "NO_NORMAL_PART"},
		{FS_PRIO_NO_NORMAL_QOS, "NO_NORMAL_QOS"},
		{FS_PRIO_NO_NORMAL_TRES, "NO_NORMAL_TRES"}};
	size_t i;
	int n = 0;

	for (i = 0; i < sizeof(fl) / sizeof(*fl); i++)
		if (flags & fl[i].bit)
			fs_buf_printf(b, "%s%s", n++ ? "," : "", fl[i].name);
}

static void
meta(const struct fs_sprio *o, struct fs_buf *b)
{
	const struct fs_prio_snapshot *s = o->x->s;
	const struct fs_prio_conf *c = &s->conf;
	struct fs_buf v;
	char d[32];

	/* Through the prologue's one writer: a value it refuses (a control
	 * character in a ClusterName, a TRES name or a slurm.conf's path)
	 * is left out rather than let break the line. */
	fs_prologue_start(b, FS_PRIO_MAGIC);
	if (s->cl.cluster)
		fs_meta_put(b, "cluster", s->cl.cluster);
	fs_iso_time(o->x->now, d);
	fs_meta_put(b, "taken", d);
	fs_meta_put(b, "source", o->source);
	fs_meta_putf(b, "weight_age", "%u", c->w_age);
	fs_meta_putf(b, "weight_assoc", "%u", c->w_assoc);
	fs_meta_putf(b, "weight_fairshare", "%u", c->w_fs);
	fs_meta_putf(b, "weight_jobsize", "%u", c->w_js);
	fs_meta_putf(b, "weight_partition", "%u", c->w_part);
	fs_meta_putf(b, "weight_qos", "%u", c->w_qos);
	fs_buf_init(&v);
	fmt_tres_weights(&v, c, ",", "");
	fs_meta_put(b, "weight_tres", v.len ? v.data : "");
	fs_meta_putf(b, "max_age", "%u", c->max_age);
	fs_meta_put(b, "favor_small", c->favor_small ? "yes" : "no");
	v.len = 0;
	meta_flags(&v, c->flags);
	fs_meta_put(b, "flags", v.len ? v.data : "");
	fs_buf_release(&v);
	fs_meta_putf(b, "nodes", "%u", c->nodes);
	fs_meta_putf(b, "cpus", "%u", c->cpus);
	if (o->algorithm)
		fs_meta_put(b, "algorithm", o->algorithm);
	if (o->x->values)
		fs_meta_put(b, FS_TSV_VALUES, o->x->values);
}

/* What b holds, written to o->out once it is 64 KiB: a big queue's
 * output is not held whole. */
static void
pass_on(const struct fs_sprio *o, struct fs_buf *b)
{
	if (o->out && b->len >= 1 << 16) {
		fs_write_all(o->out, b->data, b->len);
		b->len = 0;
	}
}

/* A memo per number column of the TSV (the twelve factors, then Sum) and
 * of the JSON (the twelve, then sum): a queue's jobs share most of their
 * factors. */
#define NMEMO 13

/* The last date written and its text: a queue's jobs share few. */
struct last_date {
	long long t;
	size_t len;
	char text[32];
};

/* The last whole number a column wrote, and its text: a queue's jobs
 * share their time limits, and often their priorities. */
struct last_ll {
	long long v;
	int set, len;
	char text[24];
};

/* v's digits at w (room for 24 bytes), through memo m: the end. */
static char *
put_ll_memo(char *w, struct last_ll *m, long long v)
{
	if (!m->set || m->v != v) {
		m->len = (int)(fs_put_ll(m->text, v) - m->text);
		m->v = v;
		m->set = 1;
	}
	memcpy(w, m->text, sizeof(m->text));	/* a constant size */
	return w + m->len;
}

/* s and a tab at o: the end. */
static char *
put_cell(char *o, const char *s, size_t n)
{
	memcpy(o, s, n);
	o[n] = '\t';
	return o + n + 1;
}

static void
tsv_row(const struct fs_sprio *o, struct fs_buf *b, size_t pos,
	struct fs_fmt_memo *memo, struct last_date *ld, struct last_ll *ll)
{
	const struct fs_prio_conf *c = &o->x->s->conf;
	const struct fs_prio_pending *j = at(o, pos);
	struct fs_prio_factors fw, *f = &fw;
	double v[12];
	const char *text[] = {j->id, j->user, j->acct, j->part, j->qos,
			      j->tres ? j->tres : ""};
	size_t len[6], k, room = 0;
	char *w;

	fs_prio_factors_of(c, j, f);
	/* Written at once where room is made for the whole row (printf,
	 * then a check of the room per cell, were most of the time). */
	for (k = 0; k < 6; k++)
		room += len[k] = strlen(text[k]);
	fs_buf_grow(b, room + 10 * 24 + 32 + 13 * FS_FMT_MAX + 32);
	w = b->data + b->len;
	for (k = 0; k < 5; k++)
		w = put_cell(w, text[k], len[k]);
	w = fs_put_ll(w, j->cpus);
	*w++ = '\t';
	w = fs_put_ll(w, j->nodes);
	*w++ = '\t';
	if (j->limit == FS_INFINITE)
		w = put_cell(w, "UNLIMITED", 9);
	else if (j->limit != FS_NO_VAL) {
		w = put_ll_memo(w, &ll[0], j->limit);
		*w++ = '\t';
	} else
		*w++ = '\t';
	if (j->accrue) {
		if (j->accrue != ld->t || !ld->len) {
			fs_iso_time(j->accrue, ld->text);
			ld->len = strlen(ld->text);
			ld->t = j->accrue;
		}
		w = put_cell(w, ld->text, ld->len);
	} else
		*w++ = '\t';
	w = fs_put_ll(w, (long long)j->nice);
	*w++ = '\t';
	w = fs_put_ll(w, (long long)j->site);
	*w++ = '\t';
	w = put_cell(w, text[5], len[5]);
	w = put_ll_memo(w, &ll[1], f->priority);
	*w++ = '\t';
	if (o->place[pos])
		w = fs_put_ll(w, (long long)o->place[pos]);
	factors(f, 0, v);
	factors(f, 1, v + 6);
	for (k = 0; k < sizeof(v) / sizeof(*v); k++) {
		*w++ = '\t';
		w = fs_put_double_memo(w, &memo[k], v[k]);
	}
	*w++ = '\t';
	b->len = (size_t)(w - b->data);
	b->data[b->len] = '\0';
	fmt_tres(b, c, f, 1, NULL);
	fs_buf_grow(b, FS_FMT_MAX + 2);
	w = b->data + b->len;
	*w++ = '\t';
	w = fs_put_double_memo(w, &memo[12], f->sum);
	*w++ = '\n';
	b->len = (size_t)(w - b->data);
	b->data[b->len] = '\0';
}

void
fs_sprio_tsv(const struct fs_sprio *o, struct fs_buf *b)
{
	const char *const prio_cols[] = {"Priority", "Place", "Age",
		fs_job_cols[FS_JC_ASSOC], fs_job_cols[FS_JC_FS], "JobSize",
		"PartPrio", "QOSPrio", "WAge", "WAssoc", "WFairShare",
		"WJobSize", "WPartPrio", "WQOSPrio", "WTRES", "Sum"};
	struct fs_fmt_memo memo[NMEMO];
	struct last_date ld;
	struct last_ll ll[2];		/* TimeLimit, Priority */
	size_t i;

	memset(memo, 0, sizeof(memo));
	memset(&ld, 0, sizeof(ld));
	memset(ll, 0, sizeof(ll));
	meta(o, b);
	/* A job's columns as a jobs file names them, then the priority's. */
	fs_cols_put(b, fs_job_cols, FS_JC_TRES + 1);
	fs_buf_addch(b, '\t');
	fs_cols_put(b, prio_cols, sizeof(prio_cols) / sizeof(*prio_cols));
	fs_buf_addch(b, '\n');
	for (i = 0; i < o->nrow; i++) {
		tsv_row(o, b, o->row[i], memo, &ld, ll);
		pass_on(o, b);
	}
}

/* -------------------------------------------------------- sprio's -o */

/* sprio's cells: text cut to the width, right-aligned after '.'. */
static void
cell(struct fs_buf *b, const char *s, int width, int right)
{
	if (!width) {
		fs_buf_addstr(b, s);
		return;
	}
	if (right)
		fs_buf_printf(b, "%*.*s", width, width, s);
	else
		fs_buf_printf(b, "%-*.*s", width, width, s);
}

int
fs_sprio_check_format(const char *f, struct fs_err *e)
{
	const char *p, *start;
	int width;

	e->file = "--format";
	for (p = f; *p; p++) {
		if (*p != '%')
			continue;
		start = p++;
		if (*p == '.')
			p++;
		if (fs_sprio_width(p, &width, &p) < 0)
			return fs_error(e, 0, "the width in '%.*s' is beyond "
					"%d columns", (int)(p - start +
					(*p != 0)), start, FS_WIDTH_MAX);
		if (!*p || !strchr("iruonyYSaAbBfFjJpPqQNtT", *p))
			return fs_error(e, 0, "unknown field '%%%c' (sprio's "
					"i r u o n y Y S a A b B f F j J p P q "
					"Q N t T)", *p ? *p : ' ');
	}
	e->file = NULL;
	return 0;
}

/* What a field of a format shows: its header, and for a job or the
 * weights' line its text (in v or t) or a factor n with its weight w. */
struct field {
	const char *head, *val;
	int factor;
	double n, w;
};

/* The fields of a job's names and numbers. */
static int
field_job(struct field *fd, char field, const struct fs_prio_conf *c,
	  const struct fs_prio_pending *j, const struct fs_prio_factors *f,
	  int weights, char *v, size_t vlen)
{
	switch (field) {
	case 'i':
		fd->head = "JOBID";
		if (j)
			fd->val = j->id;
		else if (weights)
			fd->val = "Weights";
		break;
	case 'r': fd->head = "PARTITION"; if (j) fd->val = j->part; break;
	case 'u': fd->head = "USER"; if (j) fd->val = j->user; break;
	case 'o': fd->head = "ACCOUNT"; if (j) fd->val = j->acct; break;
	case 'n':
		fd->head = "QOSNAME";
		/* A job that ended whose QOS the controller lists as none
		 * (26.05): sprio prints NULL as glibc's printf does. */
		if (j)
			fd->val = j->stored && !*j->qos ? "(null)" : j->qos;
		break;
	case 'y':
		fd->head = "PRIORITY";
		if (j)
			snprintf(v, vlen, "%16.14f",
				 sprio_sum(c, f, j->site, j->nice) /
				 (double)0xffffffffu);
		break;
	case 'Y':
		fd->head = "PRIORITY";
		if (j)
			snprintf(v, vlen, "%lld", (long long)sprio_sum(
					 c, f, j->site, j->nice));
		break;
	case 'S':
		fd->head = "SITE";
		if (j)
			snprintf(v, vlen, "%lld", (long long)j->site);
		else if (weights)
			snprintf(v, vlen, "1");
		break;
	case 'N':
		fd->head = "NICE";
		if (j)
			snprintf(v, vlen, "%lld", (long long)j->nice);
		break;
	default:
		return 0;
	}
	return 1;
}

/* The fields of the factors: lower case normalised, upper weighted. */
static void
field_factor(struct field *fd, char f, const struct fs_prio_conf *c,
	     const struct fs_prio_pending *j, const struct fs_prio_factors *jf)
{
	static const char letter[] = "abfjpq";
	static const char *const head[] = {"AGE", "ASSOC", "FAIRSHARE",
					   "JOBSIZE", "PARTITION", "QOS"};
	const uint32_t w[] = {c->w_age, c->w_assoc, c->w_fs, c->w_js,
			      c->w_part, c->w_qos};
	const char *l = strchr(letter, f | 0x20);
	size_t k;

	if (!l)
		return;
	k = (size_t)(l - letter);
	fd->head = head[k];
	fd->factor = 1;
	fd->w = w[k];
	if (j) {
		double v[6];

		factors(jf, f < 'a', v);
		fd->n = v[k];
	}
}

/* The TRES field: the job's factors, or the weights. */
static void
field_tres(struct field *fd, char f, const struct fs_prio_conf *c,
	   const struct fs_prio_factors *jf, int weights, struct fs_buf *t)
{
	fd->head = "TRES";
	if (jf)
		fmt_tres(t, c, jf, f == 'T', f == 'T' ? "%.0f" : "%.2f");
	else if (weights && f == 'T')
		fmt_tres_weights(t, c, ",", "");
	fd->val = t->data ? t->data : "";
}

/* One line of an sprio-style format: job NULL for the header, weights for
 * the weights line. */
static void
format_line(const struct fs_sprio *o, struct fs_buf *b, const char *fmt,
	    const struct fs_prio_pending *j, int weights)
{
	const struct fs_prio_conf *c = &o->x->s->conf;
	struct fs_prio_factors jf, *f = NULL;
	const char *p;
	char v[64];

	if (j) {
		fs_prio_factors_of(c, j, &jf);
		f = &jf;
	}
	for (p = fmt; *p; p++) {
		struct field fd = {"", v, 0, 0, 0};
		int right = 0, width = 0;
		struct fs_buf t;

		if (*p != '%') {
			fs_buf_addch(b, *p);
			continue;
		}
		if (*++p == '.') {
			right = 1;
			p++;
		}
		/* Bounded: fs_sprio_check_format. */
		fs_sprio_width(p, &width, &p);
		v[0] = '\0';
		fs_buf_init(&t);
		if (*p == 't' || *p == 'T')
			field_tres(&fd, *p, c, f, weights, &t);
		else if (!field_job(&fd, *p, c, j, f, weights, v, sizeof(v)))
			field_factor(&fd, *p, c, j, f);
		if (fd.factor && j)
			snprintf(v, sizeof(v), *p >= 'a' ? "%.7lf" : "%.0f",
				 fd.n);
		else if (fd.factor && weights)
			snprintf(v, sizeof(v), "%.0f", fd.w);
		cell(b, j || weights ? fd.val : fd.head, width, right);
		fs_buf_release(&t);
	}
	fs_buf_addch(b, '\n');
}

void
fs_sprio_format(const struct fs_sprio *o, struct fs_buf *b, const char *fmt,
		int noheader, int weights)
{
	size_t i;

	if (!noheader)
		format_line(o, b, fmt, NULL, 0);
	if (weights) {
		format_line(o, b, fmt, NULL, 1);
		return;
	}
	for (i = 0; i < o->nrow; i++)
		format_line(o, b, fmt, at(o, o->row[i]), 0);
}

/* --------------------------------------------------------------- JSON */

/* "key": v, through memo m when there is one. */
static void
json_num(struct fs_buf *b, const char *key, double v, struct fs_fmt_memo *m)
{
	fs_buf_addch(b, '"');
	fs_buf_addstr(b, key);
	fs_buf_add(b, "\": ", 3);
	if (!isfinite(v))
		fs_buf_addstr(b, "null");
	else if (m)
		fs_buf_double_memo(b, m, v);
	else
		fs_buf_double(b, v);
}

/* The six factors, normalised or weighted, as "age": v, ... (memo[0..6)
 * their memos). */
static void
json_factors(struct fs_buf *b, const struct fs_prio_factors *f, int weighted,
	     struct fs_fmt_memo *memo)
{
	static const char *const key[] = {"age", "assoc", "fairshare",
					  "jobsize", "partition", "qos"};
	double v[6];
	size_t k;

	factors(f, weighted, v);
	for (k = 0; k < sizeof(key) / sizeof(*key); k++) {
		if (k)
			fs_buf_addstr(b, ", ");
		json_num(b, key[k], v[k], &memo[k]);
	}
}

/* Why the job at pos is ahead of the new one, if it is. */
static void
json_ahead(const struct fs_sprio *o, struct fs_buf *b, size_t pos)
{
	const struct fs_prio_pending *j = at(o, pos), *n = o->x->newjob;
	double dd[FS_PRIO_NFACTOR];
	int w;

	if (!n || j->is_new || j->stored || pos >= o->newpos ||
	    strcmp(j->part, n->part))
		return;
	w = fs_prio_decides(&o->x->s->conf, j, n, dd);
	fs_buf_addstr(b, ", \"ahead_of_new\": true, \"decides\": ");
	if (j->priority == n->priority)
		fs_json_string(b, "submitted first");
	else if (w < 0)
		fs_buf_addstr(b, "null");
	else
		fs_json_string(b, fs_prio_factor_name[w]);
}

/* The job at pos cell by cell, its names escaped (json_job's text). */
static void
json_job_escaped(const struct fs_sprio *o, struct fs_buf *b, size_t pos,
		 int first, struct fs_fmt_memo *memo)
{
	const struct fs_prio_conf *c = &o->x->s->conf;
	const struct fs_prio_pending *j = at(o, pos);
	struct fs_prio_factors fw, *f = &fw;
	/* Appended piece by piece: printf was most of the time of 40,000
	 * jobs. */
	const char *const key[] = {"\"id\": ", ", \"user\": ",
				   ", \"account\": ", ", \"partition\": ",
				   ", \"qos\": "};
	const char *const val[] = {j->id, j->user, j->acct, j->part, j->qos};
	size_t k;

	fs_prio_factors_of(c, j, f);
	fs_buf_addstr(b, first ? "\n    {" : ",\n    {");
	for (k = 0; k < sizeof(key) / sizeof(*key); k++) {
		fs_buf_addstr(b, key[k]);
		fs_json_string(b, val[k]);
	}
	fs_buf_addstr(b, j->is_new ? ", \"new\": true, \"priority\": "
			 : ", \"new\": false, \"priority\": ");
	fs_buf_ll(b, f->priority);
	/* A job not pending (CALCULATE_RUNNING) has no place. */
	if (o->place[pos]) {
		fs_buf_addstr(b, ", \"place\": ");
		fs_buf_ll(b, (long long)o->place[pos]);
		fs_buf_addstr(b, ", \"of\": ");
		fs_buf_ll(b, (long long)o->ptotal[pos]);
	} else
		fs_buf_addstr(b, ", \"place\": null, \"of\": null");
	fs_buf_addstr(b, ",\n     \"factors\": {");
	json_factors(b, f, 0, memo);
	fs_buf_addstr(b, "},\n     \"weighted\": {");
	json_factors(b, f, 1, memo + 6);
	fs_buf_addstr(b, ", \"tres\": {");
	for (k = 0; k < c->ntres; k++) {
		if (k)
			fs_buf_addstr(b, ", ");
		json_num(b, c->tres_name[k], f->w_tres[k], NULL);
	}
	fs_buf_addstr(b, "}, \"site\": ");
	fs_buf_ll(b, (long long)j->site);
	fs_buf_addstr(b, ", \"nice\": ");
	fs_buf_ll(b, (long long)j->nice);
	fs_buf_addstr(b, "},\n     ");
	json_num(b, "sum", f->sum, &memo[12]);
	json_ahead(o, b, pos);
	fs_buf_addstr(b, "}");
}

/* What a literal adds at cursor w. */
#define PUT(w, lit) (memcpy((w), (lit), sizeof(lit) - 1), (w) + sizeof(lit) - 1)

/* Whether s needs no escape in JSON (printable ASCII but '"' and '\\'),
 * and its length. */
static const unsigned char json_plain_byte[256] = {
	[' ' ... '!'] = 1, ['#' ... '['] = 1, [']' ... '~'] = 1,
};

static int
json_plain(const char *s, size_t *n)
{
	size_t k;

	/* One look-up a byte; the NUL ends the run too. */
	for (k = 0; json_plain_byte[(unsigned char)s[k]]; k++)
		;
	*n = k;
	return !s[k];
}

/* "v" or null at w: the end. */
static char *
put_json_double(char *w, struct fs_fmt_memo *m, double v)
{
	if (isfinite(v))
		return fs_put_double_memo(w, m, v);
	return PUT(w, "null");
}

/* The six factors, normalised or weighted, at w (json_factors' text; the
 * keys as literals, copied without a call). */
static char *
put_json_factors(char *w, const struct fs_prio_factors *f, int weighted,
		 struct fs_fmt_memo *memo)
{
	double v[6];

	factors(f, weighted, v);
	w = PUT(w, "\"age\": ");
	w = put_json_double(w, &memo[0], v[0]);
	w = PUT(w, ", \"assoc\": ");
	w = put_json_double(w, &memo[1], v[1]);
	w = PUT(w, ", \"fairshare\": ");
	w = put_json_double(w, &memo[2], v[2]);
	w = PUT(w, ", \"jobsize\": ");
	w = put_json_double(w, &memo[3], v[3]);
	w = PUT(w, ", \"partition\": ");
	w = put_json_double(w, &memo[4], v[4]);
	w = PUT(w, ", \"qos\": ");
	return put_json_double(w, &memo[5], v[5]);
}

/* The job at pos. A row whose names need no escape is written at once
 * where room is made for it (the rest cell by cell). */
static void
json_job(const struct fs_sprio *o, struct fs_buf *b, size_t pos, int first,
	 struct fs_fmt_memo *memo, struct last_ll *ll)
{
	const struct fs_prio_conf *c = &o->x->s->conf;
	const struct fs_prio_pending *j = at(o, pos);
	struct fs_prio_factors fw, *f = &fw;
	const char *const val[] = {j->id, j->user, j->acct, j->part, j->qos};
	size_t k, n[5], room = 0;
	char *w;

	for (k = 0; k < 5; k++) {
		if (!json_plain(val[k], &n[k]))
			break;
		room += n[k];
	}
	if (k < 5) {
		json_job_escaped(o, b, pos, first, memo);
		return;
	}
	fs_prio_factors_of(c, j, f);
	fs_buf_grow(b, room + 512 + 12 * (FS_FMT_MAX + 20));
	w = b->data + b->len;
	w = first ? PUT(w, "\n    {") : PUT(w, ",\n    {");
	w = PUT(w, "\"id\": \"");
	memcpy(w, val[0], n[0]);
	w = PUT(w + n[0], "\", \"user\": \"");
	memcpy(w, val[1], n[1]);
	w = PUT(w + n[1], "\", \"account\": \"");
	memcpy(w, val[2], n[2]);
	w = PUT(w + n[2], "\", \"partition\": \"");
	memcpy(w, val[3], n[3]);
	w = PUT(w + n[3], "\", \"qos\": \"");
	memcpy(w, val[4], n[4]);
	w += n[4];
	w = j->is_new ? PUT(w, "\", \"new\": true, \"priority\": ")
		      : PUT(w, "\", \"new\": false, \"priority\": ");
	w = put_ll_memo(w, &ll[0], f->priority);
	if (o->place[pos]) {
		w = PUT(w, ", \"place\": ");
		w = fs_put_ll(w, (long long)o->place[pos]);
		w = PUT(w, ", \"of\": ");
		w = put_ll_memo(w, &ll[1], (long long)o->ptotal[pos]);
	} else
		w = PUT(w, ", \"place\": null, \"of\": null");
	w = PUT(w, ",\n     \"factors\": {");
	w = put_json_factors(w, f, 0, memo);
	w = PUT(w, "},\n     \"weighted\": {");
	w = put_json_factors(w, f, 1, memo + 6);
	w = PUT(w, ", \"tres\": {");
	b->len = (size_t)(w - b->data);
	for (k = 0; k < c->ntres; k++) {
		if (k)
			fs_buf_addstr(b, ", ");
		json_num(b, c->tres_name[k], f->w_tres[k], NULL);
	}
	fs_buf_grow(b, 128 + FS_FMT_MAX);
	w = b->data + b->len;
	w = PUT(w, "}, \"site\": ");
	w = put_ll_memo(w, &ll[2], (long long)j->site);
	w = PUT(w, ", \"nice\": ");
	w = put_ll_memo(w, &ll[3], (long long)j->nice);
	w = PUT(w, "},\n     \"sum\": ");
	w = put_json_double(w, &memo[12], f->sum);
	b->len = (size_t)(w - b->data);
	b->data[b->len] = '\0';
	json_ahead(o, b, pos);
	fs_buf_addch(b, '}');
}

void
fs_sprio_json(const struct fs_sprio *o, struct fs_buf *b)
{
	const struct fs_prio_snapshot *s = o->x->s;
	const struct fs_prio_conf *c = &s->conf;
	struct fs_fmt_memo memo[NMEMO];
	struct last_ll ll[4];		/* priority, of, site, nice */
	char d[32];
	size_t i;

	memset(memo, 0, sizeof(memo));
	memset(ll, 0, sizeof(ll));
	fs_buf_addstr(b, "{\n  \"cluster\": ");
	fs_json_string(b, s->cl.cluster ? s->cl.cluster : "");
	fs_iso_time(o->x->now, d);
	fs_buf_printf(b, ",\n  \"taken\": \"%s\",\n  \"source\": ", d);
	fs_json_string(b, o->source);
	fs_buf_printf(b, ",\n  \"weights\": {\"age\": %u, \"assoc\": %u, "
		      "\"fairshare\": %u, \"jobsize\": %u, \"partition\": %u, "
		      "\"qos\": %u, \"tres\": {", c->w_age, c->w_assoc, c->w_fs,
		      c->w_js, c->w_part, c->w_qos);
	fmt_tres_weights(b, c, ", ", "\"");
	fs_buf_printf(b, "}},\n  \"max_age\": %u,\n  \"jobs\": [", c->max_age);
	for (i = 0; i < o->nrow; i++) {
		json_job(o, b, o->row[i], i == 0, memo, ll);
		pass_on(o, b);
	}
	fs_buf_addstr(b, "\n  ]\n}\n");
}

/* -------------------------------------------------------- explanation */

/* The new job: what it is and what its priority is the sum of. */
static void
explain_new(const struct fs_sprio *o, struct fs_buf *b,
	    const struct fs_prio_pending *n)
{
	struct fs_prio_factors fw, *f = &fw;

	fs_prio_factors_of(&o->x->s->conf, n, f);
	fs_buf_printf(b, "new job: %s/%s in partition %s, QOS %s, %u CPU%s on "
		      "%u node%s, time limit ", n->acct, n->user, n->part,
		      n->qos, n->cpus, n->cpus == 1 ? "" : "s", n->nodes,
		      n->nodes == 1 ? "" : "s");
	if (n->limit == FS_INFINITE)
		fs_buf_addstr(b, "UNLIMITED\n");
	else
		fs_buf_printf(b, "%u min\n", n->limit);
	fs_buf_printf(b, "priority: %u = age %.0f + assoc %.0f + fairshare "
		      "%.0f + jobsize %.0f + partition %.0f + qos %.0f + tres "
		      "%.0f + site %lld - nice %lld", f->priority, f->w_age,
		      f->w_assoc, f->w_fs, f->w_js, f->w_part, f->w_qos,
		      f->tres_sum, (long long)n->site, (long long)n->nice);
	if (f->clamped < 0)
		fs_buf_addstr(b, " (raised to 1)");
	else if (f->clamped > 0)
		fs_buf_addstr(b, " (cut to 4294967295)");
	if (o->x->tr)
		fs_buf_printf(b, "\n          fairshare factor %.6f",
			      n->fs);
}

/* Why job j is ahead of the new job n. */
static void
explain_ahead(struct fs_buf *b, const struct fs_prio_conf *c,
	      const struct fs_prio_pending *j, const struct fs_prio_pending *n)
{
	double d[FS_PRIO_NFACTOR];
	int k, w = fs_prio_decides(c, j, n, d), more = 0;

	fs_buf_printf(b, "  job %s (%s/%s): %u, %u more: ", j->id, j->acct,
		      j->user, j->priority, j->priority - n->priority);
	if (j->priority == n->priority)
		fs_buf_addstr(b, "the same priority; it was submitted first");
	else if (w < 0)
		fs_buf_addstr(b, "no factor is higher");
	else {
		fs_buf_printf(b, "%s decides (%+.0f", fs_prio_factor_name[w],
			      d[w]);
		for (k = 0; k < FS_PRIO_NFACTOR; k++)
			if (k != w && fabs(d[k]) >= 0.5)
				fs_buf_printf(b, "%s%s %+.0f", more++ ? ", " :
					      "; ", fs_prio_factor_name[k],
					      d[k]);
		fs_buf_addch(b, ')');
	}
	fs_buf_addch(b, '\n');
}

/* The new job's row n, at position pos of the order. */
static void
explain_row(const struct fs_sprio *o, struct fs_buf *b,
	    const struct fs_prio_pending *n, size_t pos)
{
	const struct fs_prio_pending *j;
	size_t i, place = o->place[pos], ahead = 0, total = o->ptotal[pos];

	explain_new(o, b, n);
	fs_buf_printf(b, "\nplace: %zu of %zu in partition %s (%zu pending "
		      "job%s ahead, %zu behind)\n", place, total, n->part,
		      place - 1, place == 2 ? "" : "s", total - place);
	for (i = 0; i < pos; i++) {
		j = at(o, i);
		/* Its rows in its other QOS are the same job. */
		if (strcmp(j->part, n->part) || j->is_new || j->stored)
			continue;
		if (!ahead++)
			fs_buf_addstr(b, "ahead:\n");
		explain_ahead(b, &o->x->s->conf, j, n);
	}
}

void
fs_sprio_explain(const struct fs_sprio *o, struct fs_buf *b)
{
	const struct fs_prio_snapshot *s = o->x->s;
	size_t r, pos, nnew = o->x->nnew ? o->x->nnew : 1;

	/* A row for each of its QOS, in the controller's order. */
	for (r = 0; r < nnew; r++) {
		const struct fs_prio_pending *n = &o->x->newjob[r];

		for (pos = 0; pos < s->njob && at(o, pos) != n; pos++)
			;
		if (r)
			fs_buf_addch(b, '\n');
		explain_row(o, b, n, pos);
	}
}
