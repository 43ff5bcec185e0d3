/*
 * prio_jobs.c: Slurm's rules for the jobs whose priority fs-prio shows
 * (fs-prio(1)): the partition, QOS and association a job runs under, a job
 * pending in several partitions, the job not yet submitted, the order of
 * the queue and the factor that puts one job ahead of another.
 *
 * Everything reads and writes through the context and snapshot it is
 * handed; the formula itself is prio.c's.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/msort.h"
#include "model/model.h"

/* ------------------------------------------------------------ job fields */

int
fs_prio_parse_nice(const char *s, int64_t *v)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(s, &end, 10);
	if (!*s || *end || errno || x < -2147483645LL || x > 2147483645LL)
		return -1;
	*v = x;
	return 0;
}

/* A time limit in minutes: slurm.conf's forms, a number with a unit, or
 * UNLIMITED/INFINITE. */
int
fs_prio_parse_limit(const char *s, uint32_t *min, struct fs_err *e)
{
	long long secs;
	int form;

	if (!strcasecmp(s, "UNLIMITED") || !strcasecmp(s, "INFINITE")) {
		*min = FS_INFINITE;
		return 0;
	}
	if (fs_parse_duration(s, &secs, &form, e) < 0)
		return -1;
	if ((secs + 59) / 60 >= FS_NO_VAL)
		return fs_error(e, 0, "time limit too long: '%s'", s);
	*min = (uint32_t)((secs + 59) / 60);
	return 0;
}

void
fs_prio_records_free(struct fs_prio_record *r, size_t n)
{
	size_t i;

	for (i = 0; r && i < n; i++) {
		free(r[i].user);
		free(r[i].acct);
		free(r[i].part);
		free(r[i].qos);
		free(r[i].cluster);
		free(r[i].part_prio);
		free(r[i].part_prio_names);
		free(r[i].tres);
	}
	free(r);
}

/* A task id of an array: digits, at most 4294967294. */
static const char *
task_id(const char *s, unsigned long long *v)
{
	*v = 0;
	if (*s < '0' || *s > '9')
		return NULL;
	for (; *s >= '0' && *s <= '9'; s++)
		if ((*v = *v * 10 + (unsigned)(*s - '0')) >= FS_NO_VAL)
			return NULL;
	return s;
}

int
fs_prio_array_tasks(const char *s, uint32_t *n)
{
	unsigned long long lo, hi, step, total = 0;

	if (!s || !*s)
		return 0;
	for (;;) {
		if (!(s = task_id(s, &lo)))
			return 0;
		hi = lo, step = 1;
		if (*s == '-' && (!(s = task_id(s + 1, &hi)) || hi < lo))
			return 0;
		if (*s == ':' && (!(s = task_id(s + 1, &step)) || !step))
			return 0;
		total += (hi - lo) / step + 1;
		if (total >= FS_NO_VAL)
			return 0;
		if (*s != ',')
			break;
		s++;
	}
	if (*s && *s != '%')
		return 0;
	*n = (uint32_t)total;
	return 1;
}

int
fs_prio_tres_billing(const char *tres, double *billing)
{
	const char *p;
	char *end;
	double v;

	for (p = tres; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : "") {
		if (strncmp(p, "billing=", 8))
			continue;
		errno = 0;
		v = strtod(p + 8, &end);
		if (end == p + 8 || (*end && *end != ',') || errno ||
		    !(v >= 0) || v > 1e300)
			return 0;
		*billing = v;
		return 1;
	}
	return 0;
}

/* The largest whole number a priority or a size given to fs-prio takes. */
#define PRIO_MAX 4294967294ULL

int
fs_prio_find_qos(const struct fs_prio_snapshot *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->nqos; i++)
		if (!strcmp(s->qos[i].name, name))
			return (int)i;
	return -1;
}

static const struct fs_prio_part *
find_part(const struct fs_prio_snapshot *s, const char *name, size_t *k)
{
	const struct fs_prio_part *p = fs_prio_part_find(&s->cl, name);

	if (p)
		*k = (size_t)(p - s->cl.part);
	return p;
}

/* How well an association (a_) fits a job of acct/user in part: 2 it is
 * the partition's own, 1 it has no partition, 0 it is another's. */
static int
assoc_fit(const char *a_acct, const char *a_user, const char *a_part,
	  const char *acct, const char *user, const char *part)
{
	if (strcmp(a_user, user) || strcmp(a_acct, acct))
		return 0;
	if (!strcmp(a_part, part))
		return 2;
	return !*a_part;
}

/* The association a job of acct/user in part runs under: the partition's
 * own, else the one without a partition. */
uint32_t
fs_prio_tree_assoc(const struct fs_tree *tr, const char *acct,
		   const char *user, const char *part)
{
	uint32_t i, any = FS_NONE;
	int fit;

	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (!a->is_user)
			continue;
		if ((fit = assoc_fit(a->acct, a->user, a->part, acct, user,
				     part)) == 2)
			return i;
		if (fit)
			any = i;
	}
	return any;
}

const struct fs_prio_assoc *
fs_prio_snap_assoc(const struct fs_prio_snapshot *s, const char *acct,
		   const char *user, const char *part)
{
	const struct fs_prio_assoc *any = NULL;
	size_t i;
	int fit;

	for (i = 0; i < s->nassoc; i++) {
		const struct fs_prio_assoc *a = &s->assoc[i];

		if ((fit = assoc_fit(a->acct, a->user, a->part, acct, user,
				     part)) == 2)
			return a;
		if (fit)
			any = a;
	}
	return any;
}

/* ------------------------------------------- associations by account */

static const char *
ix_key(const void *arg, size_t k)
{
	const struct fs_prio_assoc_index *ix = arg;

	return ix->text.data + ix->key[k];
}

/* "acct\nuser" into b (emptied first). */
static void
ix_text(struct fs_buf *b, const char *acct, const char *user)
{
	b->len = 0;
	fs_buf_addstr(b, acct);
	fs_buf_addch(b, '\n');
	fs_buf_addstr(b, user);
}

/* Item i of n (acct, user) added to ix, after those before it. */
static void
ix_add(struct fs_prio_assoc_index *ix, size_t n, uint32_t i, const char *acct,
       const char *user, struct fs_buf *tmp)
{
	size_t k;

	if (!ix->next) {
		ix->next = fs_xmalloc((n + 1) * sizeof(*ix->next));
		ix->key = fs_xmalloc((n + 1) * sizeof(*ix->key));
		ix->first = fs_xmalloc((n + 1) * sizeof(*ix->first));
		ix->last = fs_xmalloc((n + 1) * sizeof(*ix->last));
	}
	ix_text(tmp, acct, user);
	ix->next[i] = UINT32_MAX;
	k = fs_names_find(&ix->names, tmp->data, ix_key, ix);
	if (k != SIZE_MAX) {
		ix->next[ix->last[k]] = i;
		ix->last[k] = i;
		return;
	}
	ix->key[ix->nkey] = ix->text.len;
	fs_buf_add(&ix->text, tmp->data, tmp->len + 1);
	ix->first[ix->nkey] = ix->last[ix->nkey] = i;
	fs_names_add(&ix->names, ++ix->nkey, ix_key, ix);
}

/* The first item of acct/user, or UINT32_MAX. */
static uint32_t
ix_first(const struct fs_prio_assoc_index *ix, const char *acct,
	 const char *user)
{
	struct fs_buf tmp;
	char room[256];
	size_t k;

	/* On the stack when it fits (a job is looked up once). */
	tmp.data = room;
	tmp.cap = sizeof(room);
	tmp.len = 0;
	tmp.huge = 0;
	if (strlen(acct) + strlen(user) + 2 > sizeof(room))
		fs_buf_init(&tmp);
	ix_text(&tmp, acct, user);
	k = fs_names_find(&ix->names, tmp.data, ix_key, ix);
	if (tmp.data != room)
		fs_buf_release(&tmp);
	return k == SIZE_MAX ? UINT32_MAX : ix->first[k];
}

static void
ix_release(struct fs_prio_assoc_index *ix)
{
	if (!ix)
		return;
	fs_names_release(&ix->names);
	fs_buf_release(&ix->text);
	free(ix->key);
	free(ix->first);
	free(ix->last);
	free(ix->next);
	free(ix);
}

void
fs_prio_ctx_index(struct fs_prio_ctx *x)
{
	struct fs_buf tmp;
	uint32_t i;

	fs_buf_init(&tmp);
	if (x->tr && !x->tree_ix) {
		x->tree_ix = fs_xcalloc(1, sizeof(*x->tree_ix));
		for (i = 0; i < x->tr->n; i++)
			if (x->tr->node[i].is_user)
				ix_add(x->tree_ix, x->tr->n, i,
				       x->tr->node[i].acct,
				       x->tr->node[i].user, &tmp);
	}
	if (x->s->nassoc && !x->snap_ix) {
		x->snap_ix = fs_xcalloc(1, sizeof(*x->snap_ix));
		for (i = 0; i < x->s->nassoc; i++)
			ix_add(x->snap_ix, x->s->nassoc, i,
			       x->s->assoc[i].acct, x->s->assoc[i].user, &tmp);
	}
	fs_buf_release(&tmp);
}

void
fs_prio_ctx_release(struct fs_prio_ctx *x)
{
	ix_release(x->tree_ix);
	ix_release(x->snap_ix);
	x->tree_ix = x->snap_ix = NULL;
}

/* fs_prio_tree_assoc through the index: the same walk over the same
 * associations in the same order, those of other users left out. */
static uint32_t
tree_assoc_ix(const struct fs_prio_ctx *x, const char *acct,
	      const char *user, const char *part)
{
	uint32_t i, any = FS_NONE;

	for (i = ix_first(x->tree_ix, acct, user); i != UINT32_MAX;
	     i = x->tree_ix->next[i]) {
		const char *p = x->tr->node[i].part;

		if (!strcmp(p, part))
			return i;
		if (!*p)
			any = i;
	}
	return any;
}

static const struct fs_prio_assoc *
snap_assoc_ix(const struct fs_prio_ctx *x, const char *acct, const char *user,
	      const char *part)
{
	const struct fs_prio_assoc *any = NULL;
	uint32_t i;

	for (i = ix_first(x->snap_ix, acct, user); i != UINT32_MAX;
	     i = x->snap_ix->next[i]) {
		const struct fs_prio_assoc *a = &x->s->assoc[i];

		if (!strcmp(a->part, part))
			return a;
		if (!*a->part)
			any = a;
	}
	return any;
}

/* A priority from 0 to PRIO_MAX, all of s: 0 or -1. */
static int
parse_prio(const char *s, uint32_t *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-' || x > PRIO_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* One NAME=PRIORITY of --qos-priority (cut at the '=') into s. */
static int
add_qos(struct fs_prio_snapshot *s, char *tok, struct fs_err *e)
{
	char *eq = strchr(tok, '=');
	struct fs_prio_qos *q;
	uint32_t v;

	if (!eq || eq == tok)
		return fs_error(e, 0, "expected NAME=PRIORITY, not '%s'", tok);
	*eq = '\0';
	if (parse_prio(eq + 1, &v) < 0)
		return fs_error(e, 0, "QOS '%s': not a priority from 0 to "
				"4294967294: '%s'", tok, eq + 1);
	if (fs_prio_find_qos(s, tok) >= 0)
		return fs_error(e, 0, "QOS '%s' given twice", tok);
	q = &s->qos[s->nqos++];
	q->name = fs_xstrdup(tok);
	q->prio = v;
	q->usage_factor = 1;
	if (v > s->qos_max)
		s->qos_max = v;
	return 0;
}

int
fs_prio_parse_qos(struct fs_prio_snapshot *s, const char *list,
		  struct fs_err *e)
{
	char *copy = fs_xstrdup(list ? list : ""), *tok, *save = NULL;
	int ret = 0;

	/* Every item is at least "a=0" and a comma: room for all, and for
	 * the normal QOS Slurm always has. */
	s->qos = fs_xcalloc(strlen(copy) / 2 + 2, sizeof(*s->qos));
	e->file = "--qos-priority";
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save))
		ret = add_qos(s, tok, e);
	if (!ret && fs_prio_find_qos(s, "normal") < 0) {
		s->qos[s->nqos].name = fs_xstrdup("normal");
		s->qos[s->nqos].usage_factor = 1;
		s->qos[s->nqos++].prio = 0;
	}
	free(copy);
	if (!ret)
		e->file = NULL;
	return ret;
}

int
fs_prio_parse_usage_factors(struct fs_prio_snapshot *s, const char *list,
			    struct fs_err *e)
{
	char *copy = fs_xstrdup(list), *tok, *save = NULL, *eq, *end;
	int ret = 0, k;
	double f;

	e->file = "--usage-factor";
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		if (!(eq = strchr(tok, '=')) || eq == tok) {
			ret = fs_error(e, 0, "expected QOS=FACTOR, not '%s'",
				       tok);
			break;
		}
		*eq = '\0';
		errno = 0;
		f = strtod(eq + 1, &end);
		if (errno || end == eq + 1 || *end || !(f >= 0) ||
		    !isfinite(f)) {
			ret = fs_error(e, 0, "QOS '%s': not a UsageFactor (0 "
				       "or more): '%s'", tok, eq + 1);
			break;
		}
		if ((k = fs_prio_find_qos(s, tok)) < 0) {
			s->qos = fs_xreallocarray(s->qos, s->nqos + 1,
						  sizeof(*s->qos));
			k = (int)s->nqos++;
			memset(&s->qos[k], 0, sizeof(s->qos[k]));
			s->qos[k].name = fs_xstrdup(tok);
		}
		s->qos[k].usage_factor = f;
	}
	free(copy);
	if (!ret)
		e->file = NULL;
	return ret;
}

/* Association priorities from the tree's optional Priority column: an
 * empty cell inherits the parent's, as slurmdbd fills them in. */
int
fs_prio_tree_priorities(struct fs_prio_snapshot *s, const struct fs_tree *tr,
			struct fs_err *e)
{
	int col = fs_header_col(&tr->t->h, FS_COL_PRIORITY);
	uint32_t *prio, i, k;
	int ret = 0;

	if (col < 0)
		return 0;
	prio = fs_xcalloc(tr->n + 1, sizeof(*prio));
	s->assoc = fs_xcalloc(tr->n + 1, sizeof(*s->assoc));
	/* tr->order is depth first: parents come before children. */
	for (k = 0; k < tr->n && !ret; k++) {
		const struct fs_node *a;
		const char *v;

		i = tr->order[k];
		a = &tr->node[i];
		v = fs_table_field(tr->t, fs_node_row(tr, a), (size_t)col);
		if (!*v)
			prio[i] = a->parent == FS_NONE ? 0 : prio[a->parent];
		else if (parse_prio(v, &prio[i]) < 0) {
			ret = fs_error(e, fs_tree_line(tr, i), "column "
				       "'Priority': not a whole number from 0 "
				       "to 4294967294: '%s'", v);
			break;
		}
		s->assoc[s->nassoc].acct = fs_xstrdup(a->acct);
		s->assoc[s->nassoc].user = fs_xstrdup(a->user);
		s->assoc[s->nassoc].part = fs_xstrdup(a->part);
		s->assoc[s->nassoc++].prio = prio[i];
		if (prio[i] > s->assoc_max)
			s->assoc_max = prio[i];
	}
	free(prio);
	/* One user's part of a tree: the largest Priority is the whole
	 * tree's (fs-rank --per-user writes it). */
	if (!ret && tr->subset) {
		const char *m = fs_header_meta(&tr->t->h, "priority_max");

		if (!m || parse_prio(m, &k) < 0)
			return fs_error(e, fs_header_meta_line(&tr->t->h,
					"subset"), "metadata 'priority_max': "
					"missing or not a whole number (the "
					"whole tree's largest Priority)");
		if (k > s->assoc_max)
			s->assoc_max = k;
	}
	return ret;
}

/* ------------------------------------------- a row per partition, QOS */

/* The items of list (comma separated; empty ones skipped), cut in place,
 * into v: each once, up to and with the first that find (partition or
 * QOS) does not know, as slurmctld reads the lists (get_part_list,
 * _get_qos_ptr_list); their count. A list of no item is itself. */
static size_t
list_items(const struct fs_prio_snapshot *s, char *list, char **v,
	   int (*find)(const struct fs_prio_snapshot *, const char *))
{
	char *tok, *save = NULL, *whole = list;
	size_t n = 0, k;
	int known = 1;

	for (tok = strtok_r(list, ",", &save); tok && known;
	     tok = strtok_r(NULL, ",", &save)) {
		known = find(s, tok) >= 0;
		for (k = 0; k < n && strcmp(v[k], tok); k++)
			;
		if (k == n)
			v[n++] = tok;
	}
	if (!n)
		v[n++] = whole;
	return n;
}

static int
find_part_index(const struct fs_prio_snapshot *s, const char *name)
{
	const struct fs_prio_part *p = fs_prio_part_find(&s->cl, name);

	return p ? (int)(p - s->cl.part) : -1;
}

/* The priority of QOS name (0 when there is none of that name). */
static uint32_t
qos_prio(const struct fs_prio_snapshot *s, const char *name)
{
	int q = fs_prio_find_qos(s, name);

	return q >= 0 ? s->qos[q].prio : 0;
}

/* The PriorityTier of partition name (0 when there is none of that
 * name). */
static uint32_t
part_tier(const struct fs_prio_snapshot *s, const char *name)
{
	int p = find_part_index(s, name);

	return p >= 0 ? s->cl.part[p].tier : 0;
}

/* Names v (n of them) by key(s, name), highest first, ties as given:
 * stable, by insertion (a job's few partitions or QOS). */
static void
sort_desc(const struct fs_prio_snapshot *s, char **v, size_t n,
	  uint32_t (*key)(const struct fs_prio_snapshot *, const char *))
{
	size_t a, b;

	for (a = 1; a < n; a++) {
		char *q = v[a];
		uint32_t k = key(s, q);

		for (b = a; b > 0 && key(s, v[b - 1]) < k; b--)
			v[b] = v[b - 1];
		v[b] = q;
	}
}

/* How many commas s has. */
static size_t
commas(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == ',';
	return n;
}

/* Job j's rows into v (room for its partitions times its QOS, each list
 * at most all of them and one more), their count: a row per partition and
 * QOS, in sprio's order (its partitions by PriorityTier, highest first,
 * in each its QOS by priority, highest first, ties as given: the
 * controller's priority_sort_part_tier and priority_sort_qos_desc). The rows own their strings (the first keeps the
 * job's id, user, account and TRES; the others get copies); j's lists are
 * freed. */
static size_t
expand(const struct fs_prio_snapshot *s, struct fs_prio_pending *j,
       struct fs_prio_pending *v)
{
	char **part, **qos, *plist, *qlist;
	size_t np, nq, a, b, n = 0;

	if (!strchr(j->part, ',') && !strchr(j->qos, ',')) {
		v[0] = *j;
		return 1;
	}
	/* Strings of their own, as the rows below share and free them. */
	if (j->borrowed) {
		j->id = fs_xstrdup(j->id);
		j->user = fs_xstrdup(j->user);
		j->acct = fs_xstrdup(j->acct);
		j->part = fs_xstrdup(j->part);
		j->qos = fs_xstrdup(j->qos);
		j->borrowed = 0;
	}
	plist = fs_xstrdup(j->part);
	qlist = fs_xstrdup(j->qos);
	part = fs_xmalloc((commas(plist) + 1) * sizeof(*part));
	qos = fs_xmalloc((commas(qlist) + 1) * sizeof(*qos));
	np = list_items(s, plist, part, find_part_index);
	nq = list_items(s, qlist, qos, fs_prio_find_qos);
	/* The partitions by PriorityTier, highest first: the controller
	 * sorts a job's partitions so (priority_sort_part_tier) before it
	 * computes and lists their priorities. */
	sort_desc(s, part, np, part_tier);
	sort_desc(s, qos, nq, qos_prio);
	for (a = 0; a < np; a++)
		for (b = 0; b < nq; b++, n++) {
			v[n] = *j;
			if (n) {
				v[n].id = fs_xstrdup(j->id);
				v[n].user = fs_xstrdup(j->user);
				v[n].acct = fs_xstrdup(j->acct);
				v[n].tres = j->tres ? fs_xstrdup(j->tres) :
					NULL;
			}
			v[n].part = fs_xstrdup(part[a]);
			v[n].qos = fs_xstrdup(qos[b]);
		}
	free(j->part);
	free(j->qos);
	free(part);
	free(qos);
	free(plist);
	free(qlist);
	return n;
}

/* A row's job id as a number (UINT64_MAX for another id), and the row. */
struct row_key {
	uint64_t id;
	uint32_t row;
};

static int
row_key_before(const struct fs_prio_snapshot *s, const struct row_key *a,
	       const struct row_key *b)
{
	(void)s;
	return a->id < b->id;
}

FS_MSORT(sort_row_keys, struct row_key, const struct fs_prio_snapshot *,
	 row_key_before)

/* Rows of one job by partition, then QOS. */
static int
row_place_before(const struct fs_prio_snapshot *s, const uint32_t *a,
		 const uint32_t *b)
{
	const struct fs_prio_pending *x = &s->job[*a], *y = &s->job[*b];
	int c = strcmp(x->part, y->part);

	return c ? c < 0 : strcmp(x->qos, y->qos) < 0;
}

FS_MSORT(sort_job_rows, uint32_t, const struct fs_prio_snapshot *,
	 row_place_before)

/* The rows k[0..n) of one job id: no two of one partition and QOS. */
static int
job_rows(struct fs_prio_snapshot *s, const struct row_key *k, uint32_t n,
	 struct fs_err *e)
{
	uint32_t *r = fs_xmalloc(2 * (size_t)n * sizeof(*r)), i;
	int ret = 0;

	for (i = 0; i < n; i++)
		r[i] = k[i].row;
	sort_job_rows(s, r, r + n, n);
	for (i = 1; i < n && !ret; i++) {
		const struct fs_prio_pending *x = &s->job[r[i - 1]];
		const struct fs_prio_pending *y = &s->job[r[i]];

		if (!strcmp(x->part, y->part) && !strcmp(x->qos, y->qos)) {
			if (x->line > y->line) {
				const struct fs_prio_pending *t = x;

				x = y;
				y = t;
			}
			ret = fs_error(e, y->line, "column 'JobID': job %s is "
				       "given for partition '%s' and QOS '%s' "
				       "on line %lu too", y->id, y->part,
				       y->qos, x->line);
		}
	}
	free(r);
	return ret;
}

/* The rows of each job id (fs_prio_split_jobs), checked: found by their
 * ids as numbers, in one pass when the ids come in order (as a queue
 * often does), else after a stable sort of the ids. */
static int
group_rows(struct fs_prio_snapshot *s, struct fs_err *e)
{
	struct row_key *k;
	size_t n = s->njob, i, first;
	int sorted = 1, ret = 0;

	if (n < 2)
		return 0;
	if (n > UINT32_MAX)
		fs_die("out of memory (%zu jobs)", n);
	k = fs_xmalloc(2 * n * sizeof(*k));
	for (i = 0; i < n; i++) {
		const char *p = s->job[i].id;
		uint64_t id = 0;
		int d;

		for (d = 0; p[d] >= '0' && p[d] <= '9' && d < 19; d++)
			id = id * 10 + (uint64_t)(p[d] - '0');
		k[i].id = d && !p[d] ? id : UINT64_MAX;
		k[i].row = (uint32_t)i;
		sorted &= !i || k[i - 1].id <= k[i].id;
	}
	if (!sorted)
		sort_row_keys(s, k, k + n, (uint32_t)n);
	for (first = 0, i = 1; i <= n && !ret; i++)
		if (i == n || k[i].id != k[first].id) {
			if (i - first > 1 && k[first].id != UINT64_MAX)
				ret = job_rows(s, k + first,
					       (uint32_t)(i - first), e);
			first = i;
		}
	free(k);
	return ret;
}

int
fs_prio_split_jobs(struct fs_prio_snapshot *s, struct fs_err *e)
{
	size_t i, n = 0, extra = 0, room;
	struct fs_prio_pending *v;

	/* A list gives at most each partition or QOS once, and one more
	 * that does not exist (list_items). */
	for (i = s->one_row; i < s->njob; i++) {
		size_t np = commas(s->job[i].part) + 1;
		size_t nq = commas(s->job[i].qos) + 1;

		np = np < s->cl.npart + 1 ? np : s->cl.npart + 1;
		nq = nq < s->nqos + 1 ? nq : s->nqos + 1;
		extra += np * nq - 1;
	}
	if (extra) {
		if (extra > SIZE_MAX / sizeof(*v) - s->njob - 1)
			fs_die("out of memory (%zu rows)", extra);
		v = fs_xcalloc_filled((s->njob + extra + 1) * sizeof(*v),
				      &room);
		for (i = 0; i < s->njob; i++)
			n += expand(s, &s->job[i], v + n);
		fs_free_huge(s->job, s->job_room, 1);
		s->job = v;
		s->job_room = room;
		s->njob = n;
		s->plain = 0;
	}
	s->one_row = s->njob;
	return group_rows(s, e);
}

/* The job's TRES counts, from its TRES or else its CPUs and nodes, and its
 * partition k's totals. */
static int
resolve_tres(const struct fs_prio_snapshot *s, struct fs_prio_pending *j,
	     size_t k, struct fs_prio_job *pj, struct fs_err *e)
{
	const struct fs_prio_conf *c = &s->conf;
	struct fs_err te = {NULL, 0, ""};

	/* The counts, the factors and the weighted factors: ntres each. */
	free(j->tres_mem);
	j->tres_mem = fs_xcalloc(3 * c->ntres, sizeof(*j->tres_mem));
	pj->tres_value = j->tres_mem;
	if (j->tres) {
		if (fs_prio_parse_tres_counts(c, j->tres, pj->tres_value,
					      &te) < 0)
			return fs_error(e, j->line, "job %s: %s", j->id,
					te.msg);
	} else {
		int cpu = fs_prio_tres_index(c, "cpu");
		int node = fs_prio_tres_index(c, "node");
		int bill = fs_prio_tres_index(c, "billing");

		if (cpu >= 0)
			pj->tres_value[cpu] = j->cpus;
		if (node >= 0)
			pj->tres_value[node] = j->nodes;
		if (bill >= 0)
			pj->tres_value[bill] = j->cpus;
	}
	pj->tres_part = s->part_tres[k];
	return 0;
}

/* The job's sizes and limits as the formula reads them, in partition p. */
static void
resolve_sizes(const struct fs_prio_pending *j, const struct fs_prio_part *p,
	      struct fs_prio_job *pj)
{
	pj->accrue = j->accrue;
	pj->total_cpus = 0;
	pj->min_cpus = j->cpus;
	pj->max_cpus = j->max_cpus;
	pj->min_nodes = j->nodes;
	pj->time_limit = j->time_limit;
	pj->part_max_time = p->max_time;
	/* Slurm gives a job without a limit the partition's default time,
	 * else its maximum, at submission. */
	if (pj->time_limit == FS_NO_VAL)
		pj->time_limit = p->default_time != FS_NO_VAL ?
			p->default_time : p->max_time;
	pj->nice = j->nice;
	pj->site = j->site;
}

int
fs_prio_resolve(const struct fs_prio_ctx *x, struct fs_prio_pending *j,
		struct fs_prio_job *pj, struct fs_err *e)
{
	const struct fs_prio_snapshot *s = x->s;
	const struct fs_prio_part *p;
	const struct fs_prio_assoc *pa;
	size_t k = 0;
	int q;

	memset(pj, 0, sizeof(*pj));
	if (!(p = find_part(s, j->part, &k)))
		return fs_error(e, j->line, "job %s: partition '%s' does not "
				"exist%s", j->id, j->part, x->offline ?
				" in slurm.conf (see its PartitionName lines)"
				: "");
	if ((q = fs_prio_find_qos(s, j->qos)) < 0)
		return fs_error(e, j->line, "job %s: QOS '%s' is unknown%s",
				j->id, j->qos, x->offline ? " (give its "
				"priority with --qos-priority NAME=N)" : "");
	resolve_sizes(j, p, pj);
	pj->part_factor = p->job_factor;
	pj->part_max = s->cl.part_max;
	pj->qos_prio = s->qos[q].prio;
	pj->qos_max = s->qos_max;
	if ((j->given & 4) && !pj->qos_prio) {
		pj->has_qos = 1;
		pj->qos = j->given_qos;
	}
	if ((pa = x->snap_ix ? snap_assoc_ix(x, j->acct, j->user, j->part)
		  : fs_prio_snap_assoc(s, j->acct, j->user, j->part))) {
		pj->assoc_prio = pa->prio;
		pj->assoc_max = s->assoc_max;
	}
	if (x->tr && x->tr->subset && !j->is_new && (j->given & 1)) {
		/* One user's part of the tree: another's job brings its
		 * factors. */
		pj->fs = j->given_fs;
		if (j->given & 2) {
			pj->has_assoc = 1;
			pj->assoc = j->given_assoc;
		}
	} else if (x->tr) {
		uint32_t a = x->tree_ix ? tree_assoc_ix(x, j->acct, j->user,
							j->part)
			: fs_prio_tree_assoc(x->tr, j->acct, j->user, j->part);

		if (a == FS_NONE && x->tr->subset)
			return fs_error(e, j->line, "job %s: association "
					"'%s/%s' is not in this user's part of "
					"the tree, and the jobs file has no "
					"FairShare column (write it with "
					"fs-prio --tsv)", j->id, j->acct,
					j->user);
		if (a == FS_NONE)
			return fs_error(e, j->line, "job %s: association "
					"'%s/%s' is not in the tree (check "
					"the account, or the tree's source)",
					j->id, j->acct, j->user);
		pj->fs = x->tr->node[a].fs_factor;
	}
	j->limit = pj->time_limit;
	j->fs = pj->fs;
	if (s->conf.ntres) {
		x->s->plain = 0;	/* jobs own their TRES arrays */
		return resolve_tres(s, j, k, pj, e);
	}
	return 0;
}

void
fs_prio_pending_compute(const struct fs_prio_conf *c,
			 struct fs_prio_pending *j,
			 const struct fs_prio_job *pj, long long now)
{
	struct fs_prio_factors f;

	/* The TRES factors where resolve_tres made room for them. */
	f.tres = j->tres_mem ? j->tres_mem + c->ntres : NULL;
	f.w_tres = j->tres_mem ? j->tres_mem + 2 * c->ntres : NULL;
	fs_prio_compute(c, pj, now, &f);
	fs_prio_keep(j, &f);
}

void
fs_prio_keep(struct fs_prio_pending *j, const struct fs_prio_factors *f)
{
	j->f.age = f->age;
	j->f.assoc = f->assoc;
	j->f.js = f->js;
	j->f.part = f->part;
	j->f.qos = f->qos;
	j->f.sum = f->sum;
	j->priority = f->priority;
}

void
fs_prio_factors_of(const struct fs_prio_conf *c,
		   const struct fs_prio_pending *j, struct fs_prio_factors *f)
{
	f->age = j->f.age;
	f->assoc = j->f.assoc;
	/* fs_prio_compute's: the job's factor when it weighs. */
	f->fs = c->w_fs ? j->fs : 0;
	f->js = j->f.js;
	f->part = j->f.part;
	f->qos = j->f.qos;
	f->tres = j->tres_mem ? j->tres_mem + c->ntres : NULL;
	f->w_tres = j->tres_mem ? j->tres_mem + 2 * c->ntres : NULL;
	if (j->stored)
		fs_prio_stored_weigh(c, j->stored, j->site, j->nice, f);
	else
		fs_prio_reweigh(c, j->f.sum, f);
}

/* ------------------------------------------------------------- new job */

static int
parse_u32_opt(const char *opt, const char *s, uint32_t lo, uint32_t *v,
	      struct fs_err *e)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 10);
	e->file = opt;
	if (!*s || *end || errno || *s == '-' || x < lo || x > PRIO_MAX)
		return fs_error(e, 0, "expected a whole number from %u, not "
				"'%s'", lo, s);
	*v = (uint32_t)x;
	return 0;
}

/* --mem's size into *mem, in MB, as sbatch reads it (str_to_mbytes): a
 * whole number, in MB or with a unit K, M, G or T (a B may follow it), K
 * rounded up to whole MB; at most 2^63-1 MB, what Slurm's signed reading
 * holds. */
static int
parse_mem(const char *s, double *mem, struct fs_err *e)
{
	static const char units[] = "KkMmGgTt";
	const uint64_t max = INT64_MAX;
	const char *p = s, *u;
	uint64_t x = 0;
	int big = 0;

	e->file = "--mem";
	for (; *p >= '0' && *p <= '9'; p++) {
		if (x > (max - (uint64_t)(*p - '0')) / 10)
			big = 1;
		else
			x = x * 10 + (uint64_t)(*p - '0');
	}
	u = *p ? strchr(units, *p) : NULL;
	if (p == s || (*p && (!u || (p[1] && ((p[1] != 'B' && p[1] != 'b') ||
					       p[2])))))
		return fs_error(e, 0, "expected a whole number of MB, or with "
				"a unit K, M, G or T, not '%s'", s);
	switch (u ? (u - units) / 2 : 1) {
	case 0:
		x = x / 1024 + (x % 1024 != 0);
		break;
	case 2:
		big |= x > max >> 10;
		x <<= 10;
		break;
	case 3:
		big |= x > max >> 20;
		x <<= 20;
		break;
	}
	if (big)
		return fs_error(e, 0, "'%s' is more memory than Slurm holds "
				"(%llu MB)", s, (unsigned long long)max);
	*mem = (double)x;
	return 0;
}

/* One GRES the new job asks for: NAME, its TYPE ("" for none), the count. */
struct new_gres {
	char name[64], type[64];
	unsigned long long n;
};

/* Whether s is a name Slurm could give a GRES or its type. */
static int
gres_ident(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_-.", *s))
			return 0;
	return 1;
}

/* One word of --gres (NAME[:TYPE][:COUNT], as sbatch reads it) or of
 * --gpus ([TYPE:]COUNT, NAME gpu) into g. Returns 0, or -1 with e set. */
static int
gres_word(const char *opt, const char *w, const char *name,
	  struct new_gres *g, struct fs_err *e)
{
	char f[3][64];
	size_t n = 0, k;
	const char *p = w;
	uint32_t c = 1;

	e->file = opt;
	for (;;) {
		k = strcspn(p, ":");
		if (n == 3 || !k || k >= sizeof(f[0]))
			return fs_error(e, 0, "expected %s, not '%s'", name ?
					"[TYPE:]COUNT" : "NAME[:TYPE][:COUNT]",
					w);
		memcpy(f[n], p, k);
		f[n++][k] = '\0';
		if (!p[k])
			break;
		p += k + 1;
	}
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name ? name : f[0]);
	/* The last word is the count when it starts with a digit. */
	if ((name || n > 1) && isdigit((unsigned char)*f[n - 1])) {
		if (parse_u32_opt(opt, f[--n], 0, &c, e) < 0)
			return -1;
	} else if (name) {
		return fs_error(e, 0, "expected [TYPE:]COUNT, not '%s'", w);
	}
	if (n > (name ? 1u : 2u))
		return fs_error(e, 0, "expected %s, not '%s'", name ?
				"[TYPE:]COUNT" : "NAME[:TYPE][:COUNT]", w);
	if (n == (name ? 1u : 2u))
		snprintf(g->type, sizeof(g->type), "%s", f[n - 1]);
	if (!gres_ident(g->name) || !gres_ident(g->type))
		return fs_error(e, 0, "'%s': not a GRES name or type", w);
	g->n = c;
	return 0;
}

int
fs_prio_new_gres(const struct fs_prio_newjob *o, uint32_t nodes,
		 struct fs_buf *b, struct fs_err *e)
{
	struct new_gres g[32];
	size_t n = 0, i, k;
	int pass;

	for (pass = 0; pass < 2; pass++) {
		const char *s = pass ? o->gpus : o->gres;
		const char *opt = pass ? "--gpus" : "--gres";
		char *copy, *tok, *save = NULL;

		if (!s)
			continue;
		copy = fs_xstrdup(s);
		for (tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			if (n == sizeof(g) / sizeof(*g) ||
			    gres_word(opt, tok, pass ? "gpu" : NULL, &g[n],
				      e) < 0) {
				if (n == sizeof(g) / sizeof(*g))
					fs_error(e, 0, "more than %zu GRES",
						 n);
				free(copy);
				return -1;
			}
			/* --gres counts a node, --gpus the job. */
			if (!pass)
				g[n].n *= nodes;
			for (i = 0; i < n; i++)
				if (!strcmp(g[i].name, g[n].name) &&
				    !strcmp(g[i].type, g[n].type)) {
					free(copy);
					return fs_error(e, 0, "GRES '%s%s%s' "
							"asked for twice (with "
							"--gres and --gpus, "
							"give one)",
							g[n].name, *g[n].type ?
							":" : "", g[n].type);
				}
			n++;
		}
		free(copy);
	}
	e->file = NULL;
	/* Slurm's gres/NAME counts every type of NAME; gres/NAME:TYPE, a
	 * TRES of its own where AccountingStorageTRES names it, that type. */
	for (i = 0; i < n; i++) {
		unsigned long long all = 0;

		for (k = 0; k < i && strcmp(g[k].name, g[i].name); k++)
			;
		if (k == i) {
			for (k = i; k < n; k++)
				if (!strcmp(g[k].name, g[i].name))
					all += g[k].n;
			fs_buf_printf(b, ",gres/%s=%llu", g[i].name, all);
		}
		if (*g[i].type)
			fs_buf_printf(b, ",gres/%s:%s=%llu", g[i].name,
				      g[i].type, g[i].n);
	}
	return 0;
}

int
fs_prio_job_opts(const struct fs_prio_newjob *o, struct fs_prio_pending *j,
		 double *mem, struct fs_err *e)
{
	uint32_t n = 1, c = 1;

	if (o->ntasks && parse_u32_opt("--ntasks", o->ntasks, 1, &n, e) < 0)
		return -1;
	if (o->cpus_per_task && parse_u32_opt("--cpus-per-task",
					      o->cpus_per_task, 1, &c, e) < 0)
		return -1;
	e->file = NULL;
	if ((unsigned long long)n * c > PRIO_MAX)
		return fs_error(e, 0, "--ntasks %u times --cpus-per-task %u: "
				"too many CPUs", n, c);
	j->cpus = n * c;
	if (o->nodes && parse_u32_opt("--nodes", o->nodes, 1, &j->nodes,
				      e) < 0)
		return -1;
	e->file = "--nice";
	if (o->nice && fs_prio_parse_nice(o->nice, &j->nice) < 0)
		return fs_error(e, 0, "expected a whole number from "
				"-2147483645 to 2147483645, not '%s'", o->nice);
	e->file = "--time";
	if (o->time && fs_prio_parse_limit(o->time, &j->time_limit, e) < 0)
		return -1;
	/* sbatch's 0 is no limit (arg_set_time_limit: INFINITE). */
	if (o->time && j->time_limit == 0)
		j->time_limit = FS_INFINITE;
	if (o->mem && parse_mem(o->mem, mem, e) < 0)
		return -1;
	if (o->gres || o->gpus) {
		struct fs_buf t;
		int r;

		fs_buf_init(&t);
		r = fs_prio_new_gres(o, j->nodes, &t, e);
		fs_buf_release(&t);
		if (r < 0)
			return -1;
	}
	e->file = NULL;
	return 0;
}

const char *
fs_prio_default_account(const struct fs_tree *tr, const char *user)
{
	int col = tr->t ? fs_header_col(&tr->t->h, FS_COL_DEFAULT_ACCOUNT) : -1;
	uint32_t i;

	if (col < 0)
		return NULL;
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];
		const char *v;

		if (!a->is_user || strcmp(a->user, user))
			continue;
		v = fs_table_field(tr->t, fs_node_row(tr, a), (size_t)col);
		if (*v)
			return v;
	}
	return NULL;
}

/* The new job's user and account: --user's ACCOUNT/USER, --account, else
 * the account sbatch would use: the user's DefaultAccount when the tree
 * carries it, else the user's only account in the tree; with a tree, the
 * association found as fs-explain finds it (the same "name one of"
 * help). */
static int
new_assoc(const struct fs_prio_ctx *x, const struct fs_prio_newjob *o,
	  const char **user, const char **acct, struct fs_err *e)
{
	const struct fs_node *a;
	uint32_t i;

	*user = o->user;
	*acct = o->account;
	if (!x->tr) {
		if (strchr(o->user, '/'))
			return fs_error(e, 0, "--user %s: there is no tree to "
					"find it in; give --user USER "
					"--account ACCOUNT", o->user);
		if (!*acct)
			return fs_error(e, 0, "--account is needed: there is "
					"no tree to find user '%s' in",
					o->user);
		return 0;
	}
	if (!*acct && !strchr(o->user, '/') &&
	    (*acct = fs_prio_default_account(x->tr, o->user))) {
		for (i = 0; i < x->tr->n; i++) {
			a = &x->tr->node[i];
			if (a->is_user && !strcmp(a->user, o->user) &&
			    !strcmp(a->acct, *acct))
				return 0;	/* checked when resolved */
		}
		return fs_error(e, 0, "user '%s' has no association in their "
				"DefaultAccount '%s' (sbatch would refuse the "
				"job): choose with --account", o->user, *acct);
	}
	if (*acct && !strchr(o->user, '/'))
		return 0;	/* the association is checked when resolved */
	if (fs_explain_find_user(x->tr, o->user, &i, e) < 0) {
		/* sbatch would take the DefaultAccount, which this tree
		 * does not say (imported sshare output has none). */
		char msg[sizeof(e->msg)];

		if (strstr(e->msg, " is ambiguous: ")) {
			snprintf(msg, sizeof(msg), "%s", e->msg);
			fs_error(e, 0, "%s; the tree gives no DefaultAccount "
				 "for '%s' (a live dump and fs-tree --rest give "
				 "it): choose with --account", msg, o->user);
		}
		return -1;
	}
	a = &x->tr->node[i];
	if (*acct && strcmp(*acct, a->acct))
		return fs_error(e, 0, "--user %s is in account '%s', not "
				"--account '%s'", o->user, a->acct, *acct);
	*user = a->user;
	*acct = a->acct;
	return 0;
}

/* The new job's partition: --partition, else the default one. */
static const struct fs_prio_part *
new_partition(const struct fs_prio_snapshot *s, const char *part,
	      struct fs_err *e)
{
	const struct fs_prio_part *p;
	size_t i, k;

	if (!part) {
		for (i = 0; i < s->cl.npart; i++)
			if (s->cl.part[i].is_default)
				part = s->cl.part[i].name;
		if (!part) {
			fs_error(e, 0, "no default partition: choose one with "
				 "--partition");
			return NULL;
		}
	}
	if (!(p = find_part(s, part, &k)))
		fs_error(e, 0, "--partition: partition '%s' does not exist",
			 part);
	return p;
}

/* Whether the job (mem MB a node, the options o) fits in partition p, as
 * Slurm checks at submission. */
static int
new_fits(const struct fs_prio_pending *j, double mem,
	 const struct fs_prio_newjob *o, const struct fs_prio_part *p,
	 struct fs_err *e)
{
	if (j->nodes > p->node_count && p->node_count)
		return fs_error(e, 0, "--nodes %u: partition '%s' has %u "
				"node%s", j->nodes, p->name, p->node_count,
				p->node_count == 1 ? "" : "s");
	if (j->cpus < j->nodes)
		return fs_error(e, 0, "%u CPU%s on --nodes %u: every node "
				"gives a job at least one CPU", j->cpus,
				j->cpus == 1 ? "" : "s", j->nodes);
	if (j->cpus > p->cpus && p->cpus)
		return fs_error(e, 0, "%u CPUs (--ntasks times "
				"--cpus-per-task): partition '%s' has %u CPUs",
				j->cpus, p->name, p->cpus);
	if (p->max_mem && mem > p->max_mem)
		return fs_error(e, 0, "--mem %s: the largest node of "
				"partition '%s' has %.0f MB (RealMemory)",
				o->mem, p->name, p->max_mem);
	/* A job without a limit in a partition with one is refused with
	 * EnforcePartLimits, else waits for ever (PartitionTimeLimit). */
	if (j->time_limit == FS_INFINITE && p->max_time != FS_INFINITE &&
	    strcasecmp(o->time, "UNLIMITED") && strcasecmp(o->time, "INFINITE"))
		return fs_error(e, 0, "--time %s is no time limit, as for "
				"sbatch: partition '%s' allows at most %u "
				"minutes", o->time, p->name, p->max_time);
	if (j->time_limit != FS_NO_VAL && p->max_time != FS_INFINITE &&
	    j->time_limit != FS_INFINITE ? j->time_limit > p->max_time :
	    (j->time_limit == FS_INFINITE && p->max_time != FS_INFINITE))
		return fs_error(e, 0, "--time: partition '%s' allows at most "
				"%u minutes", p->name, p->max_time);
	return 0;
}

/* The job appended to s->job with the defaults of sbatch. */
static struct fs_prio_pending *
new_append(const struct fs_prio_ctx *x, const char *user, const char *acct,
	   const char *part, const char *qos)
{
	struct fs_prio_snapshot *s = x->s;
	struct fs_prio_pending *j;

	fs_prio_jobs_room(s, s->njob + 1);
	j = &s->job[s->njob++];
	memset(j, 0, sizeof(*j));
	j->is_new = 1;
	j->id = fs_xstrdup("new");
	j->user = fs_xstrdup(user);
	j->acct = fs_xstrdup(acct);
	j->part = fs_xstrdup(part);
	j->qos = fs_xstrdup(qos ? qos : "normal");
	j->cpus = j->nodes = 1;
	j->max_cpus = FS_NO_VAL;
	j->time_limit = FS_NO_VAL;
	/* A new job accrues age from now at best. */
	j->accrue = x->now;
	return j;
}

/* Resolved as a pending job, with messages that name the options rather
 * than a job "new". */
static int
new_resolve(const struct fs_prio_ctx *x, struct fs_prio_pending *j,
	    struct fs_err *e)
{
	struct fs_prio_job pj;
	char *p;

	e->file = NULL;
	if (fs_prio_resolve(x, j, &pj, e) == 0)
		return 0;
	if ((p = strstr(e->msg, "job new: ")))
		memmove(p, p + 9, strlen(p + 9) + 1);
	return -1;
}

int
fs_prio_new_job(struct fs_prio_ctx *x, const struct fs_prio_newjob *o,
		struct fs_err *e)
{
	const struct fs_prio_part *p;
	struct fs_prio_pending *j;
	const char *acct, *user;
	double mem = 0;
	size_t i;

	e->file = NULL;
	if (new_assoc(x, o, &user, &acct, e) < 0)
		return -1;
	/* -p a,b: a row for each, checked against the first. */
	if (o->partition && strchr(o->partition, ',')) {
		char first[256];

		snprintf(first, sizeof(first), "%.*s",
			 (int)strcspn(o->partition, ","), o->partition);
		if (!(p = new_partition(x->s, first, e)))
			return -1;
	} else if (!(p = new_partition(x->s, o->partition, e))) {
		return -1;
	}
	j = new_append(x, user, acct, o->partition && strchr(o->partition,
			',') ? o->partition : p->name, o->qos);
	if (fs_prio_job_opts(o, j, &mem, e) < 0)
		return -2;
	/* A job submitted: slurmctld took it as it is (one over a
	 * partition's limits waits). */
	if (!o->rec && new_fits(j, mem, o, p, e) < 0)
		return -1;
	{
		/* What the controller counts of a pending job: --mem on
		 * each of its nodes, its GRES. */
		struct fs_buf t;
		double bill;

		fs_buf_init(&t);
		fs_buf_printf(&t, "cpu=%u,mem=%.17g,node=%u", j->cpus,
			      mem * j->nodes, j->nodes);
		if (fs_prio_new_gres(o, j->nodes, &t, e) < 0) {
			fs_buf_release(&t);
			return -1;
		}
		/* Its billing, a whole number as slurmctld keeps it: its TRES
		 * weighted by its partition's TRESBillingWeights. */
		if (fs_prio_billing_of(p->billing, x->s->conf.flags, t.data,
				       j->cpus, &bill, e) < 0) {
			fs_buf_release(&t);
			return -1;
		}
		fs_buf_printf(&t, ",billing=%.0f", floor(bill));
		j->tres = t.data;
	}
	x->newjob = j;
	x->nnew = 1;
	/* -q high,low: a row for each QOS (and partition), as for a
	 * pending job. */
	if (strchr(j->qos, ',') || strchr(j->part, ',')) {
		struct fs_prio_snapshot *s = x->s;
		struct fs_prio_pending one = *j;
		size_t at = s->njob - 1, n = commas(j->qos) + 1,
		       np = commas(j->part) + 1;

		n = n < s->nqos + 1 ? n : s->nqos + 1;
		n *= np < s->cl.npart + 1 ? np : s->cl.npart + 1;
		fs_prio_jobs_room(s, at + n);
		x->nnew = expand(s, &one, &s->job[at]);
		s->njob = at + x->nnew;
		x->newjob = &s->job[at];
	}
	for (i = 0; i < x->nnew; i++)
		if (new_resolve(x, &x->newjob[i], e) < 0)
			return -1;
	return 0;
}

/* ----------------------------------------------------------- the queue */

/* A job's place in the queue, its id read once: best first by priority,
 * then the new job after its equals (it would be submitted last), then job
 * id as Slurm's queue would (numerically when both are numbers), then
 * partition, then QOS. */
struct queue_key {
	/* From the top: the priority's complement, whether the job is the
	 * new one, and (the lowest bit, outside the order) whether its id
	 * is a number. */
	uint64_t major;
	unsigned long long id;
	const struct fs_prio_pending *job;
};

static int
by_priority(const void *pa, const void *pb)
{
	const struct queue_key *a = pa, *b = pb;
	int c;

	if (a->major >> 1 != b->major >> 1)
		return a->major >> 1 < b->major >> 1 ? -1 : 1;
	if (a->major & b->major & 1 && a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if ((c = strcmp(a->job->id, b->job->id)))
		return c;
	if ((c = strcmp(a->job->part, b->job->part)))
		return c;
	return strcmp(a->job->qos, b->job->qos);
}

/* Job j's key. */
static void
queue_key(const struct fs_prio_pending *job, size_t j, struct queue_key *k)
{
	const char *id = job[j].id;
	char *end;
	size_t d;
	unsigned long long v = 0;

	/* Up to 19 digits and nothing else: read here as strtoull reads
	 * them (no overflow); anything else by strtoull. */
	for (d = 0; id[d] >= '0' && id[d] <= '9' && d < 20; d++)
		v = v * 10 + (unsigned)(id[d] - '0');
	if (d && d <= 19 && !id[d]) {
		k->id = v;
		end = (char *)id + d;
	} else
		k->id = strtoull(id, &end, 10);
	k->major = (uint64_t)(UINT32_MAX - job[j].priority) << 2 |
		   (uint64_t)!!job[j].is_new << 1 | (uint64_t)(*id && !*end);
	k->job = &job[j];
}

void
fs_prio_queue_order(const struct fs_prio_pending *job, size_t n, size_t *order)
{
	struct queue_key two[2], *k;
	size_t i;

	/* A queue often comes in its order already (a jobs file sorted by
	 * priority, or one priority for all, by job id): checked in one
	 * pass, with two keys at a time, it is not sorted again. The sort
	 * is stable, so the order is the same. */
	for (i = 0; i < n; i++) {
		queue_key(job, i, &two[i & 1]);
		if (i && by_priority(&two[(i - 1) & 1], &two[i & 1]) > 0)
			break;
		order[i] = i;
	}
	if (i == n)
		return;
	k = fs_xmalloc((n + 1) * sizeof(*k));
	fs_prefault(k, (n + 1) * sizeof(*k));
	for (i = 0; i < n; i++)
		queue_key(job, i, &k[i]);
	qsort(k, n, sizeof(*k), by_priority);
	for (i = 0; i < n; i++)
		order[i] = (size_t)(k[i].job - job);
	free(k);
}

const char *const fs_prio_factor_name[FS_PRIO_NFACTOR] = {
	"Age", "Assoc", "FairShare", "JobSize", "Partition", "QOS", "TRES",
	"Site", "Nice"
};

void
fs_prio_weighted(const struct fs_prio_conf *c, const struct fs_prio_pending *j,
		 double v[FS_PRIO_NFACTOR])
{
	struct fs_prio_factors f;

	fs_prio_factors_of(c, j, &f);
	v[0] = f.w_age;
	v[1] = f.w_assoc;
	v[2] = f.w_fs;
	v[3] = f.w_js;
	v[4] = f.w_part;
	v[5] = f.w_qos;
	v[6] = f.tres_sum;
	v[7] = (double)j->site;
	v[8] = -(double)j->nice;
}

int
fs_prio_decides(const struct fs_prio_conf *c, const struct fs_prio_pending *a,
		const struct fs_prio_pending *b, double d[FS_PRIO_NFACTOR])
{
	double va[FS_PRIO_NFACTOR], vb[FS_PRIO_NFACTOR], best = 0;
	int k, which = -1;

	fs_prio_weighted(c, a, va);
	fs_prio_weighted(c, b, vb);
	for (k = 0; k < FS_PRIO_NFACTOR; k++) {
		d[k] = va[k] - vb[k];
		if (d[k] > best) {
			best = d[k];
			which = k;
		}
	}
	return which;
}
