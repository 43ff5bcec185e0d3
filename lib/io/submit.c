/*
 * submit.c: the lines a job submission shows (fs-prio --new --brief, which
 * contrib/cli_filter.lua prints under sbatch): the user's FairShare and
 * rank, the job's priority and place, its cost, and where the same job
 * would land under the user's other accounts. What fs-prio found comes in
 * a struct fs_submit; every line starts with "fs-toolkit: ".
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "io/io.h"

static const char *
num(double v, char s[FS_FMT_MAX + 1])
{
	s[fs_fmt_double(s, v)] = '\0';
	return s;
}

/* Where the job lands under account a: "place P of T" in the queue, or
 * "priority P" when no queue was given; "P of T" or "P" after "instead
 * of". */
static void
landing(struct fs_buf *b, const struct fs_submit *s,
	const struct fs_submit_acct *a, int again)
{
	if (s->have_place)
		fs_buf_printf(b, "%s%zu of %zu", again ? "" : "place ",
			      a->place, a->total);
	else
		fs_buf_printf(b, "%s%u", again ? "" : "priority ",
			      a->priority);
}

/* The best of the other accounts: the first place, then the highest
 * priority, then the first listed; NULL when none does better. */
static const struct fs_submit_acct *
better(const struct fs_submit *s)
{
	const struct fs_submit_acct *best = &s->acct[0];
	size_t i;

	for (i = 1; i < s->nacct; i++) {
		const struct fs_submit_acct *a = &s->acct[i];

		if (s->have_place ? a->place < best->place ||
		    (a->place == best->place && a->priority > best->priority) :
		    a->priority > best->priority)
			best = a;
	}
	return best == &s->acct[0] ? NULL : best;
}

void
fs_submit_lines(struct fs_buf *b, const struct fs_submit *s)
{
	const struct fs_submit_acct *me = &s->acct[0], *best;
	char n1[FS_FMT_MAX + 1];

	fs_buf_printf(b, "fs-toolkit: %s/%s:", me->acct, s->user);
	if (s->have_fs)
		fs_buf_printf(b, " FairShare %.6f, rank %u of %u;", me->fs,
			      me->rank, s->users);
	fs_buf_printf(b, " this job: priority %u", me->priority);
	if (s->have_place)
		fs_buf_printf(b, ", place %zu of %zu in partition %s",
			      me->place, me->total, s->part);
	if (!s->have_cost) {
		fs_buf_printf(b, " (as of %s)\n", s->taken);
	} else if (s->no_after) {
		fs_buf_printf(b, "\nfs-toolkit: its cost: %s billing-seconds "
			      "(as of %s)\n", num(s->charge, n1), s->taken);
	} else {
		fs_buf_printf(b, "\nfs-toolkit: its cost: %s billing-seconds; "
			      "once it has run: FairShare %.6f, rank %u of %u "
			      "(as of %s)\n", num(s->charge, n1), s->fs_after,
			      s->rank_after, s->users, s->taken);
	}
	if (s->nacct < 2)
		return;
	best = better(s);
	if (best && s->have_place && best->place == me->place) {
		fs_buf_printf(b, "fs-toolkit: under -A %s: priority %u instead "
			      "of %u (place %zu of %zu either way)\n",
			      best->acct, best->priority, me->priority,
			      me->place, me->total);
	} else if (best) {
		fs_buf_printf(b, "fs-toolkit: under -A %s: ", best->acct);
		landing(b, s, best, 0);
		fs_buf_addstr(b, " instead of ");
		landing(b, s, me, 1);
		fs_buf_addch(b, '\n');
	} else {
		fs_buf_printf(b, "fs-toolkit: -A %s is the best of your %zu "
			      "accounts for this job\n", me->acct, s->nacct);
	}
}

void
fs_submit_accounts_text(struct fs_buf *b, const struct fs_submit *s)
{
	size_t i;

	fs_buf_printf(b, "\nunder each of %s's accounts:\n", s->user);
	for (i = 0; i < s->nacct; i++) {
		const struct fs_submit_acct *a = &s->acct[i];

		fs_buf_printf(b, "  -A %s: priority %u", a->acct, a->priority);
		if (s->have_place)
			fs_buf_printf(b, ", place %zu of %zu", a->place,
				      a->total);
		if (s->have_fs)
			fs_buf_printf(b, " (FairShare %.6f, rank %u of %u)",
				      a->fs, a->rank, s->users);
		fs_buf_addstr(b, i ? "\n" : " (this job's)\n");
	}
}

void
fs_prio_submit_facts(struct fs_prio_run *x, int accounts,
		     struct fs_submit *sub)
{
	struct fs_prio_pending *j = x->p.newjob;
	struct fs_submit_acct *v;
	char *own = j->acct;
	const struct fs_tree *tr = x->p.tr;
	size_t n = 1, i, room = 8;
	struct fs_err e = {NULL, 0, ""};

	memset(sub, 0, sizeof(*sub));
	sub->user = j->user;
	sub->part = j->part;
	/* A queue: live, or a jobs file (which may hold none). */
	sub->have_place = !x->in->offline || x->in->jobs_file;
	sub->have_fs = tr != NULL;
	sub->users = tr ? tr->user_count : 0;
	v = fs_xcalloc(room, sizeof(*v));
	v[0].acct = own;
	/* The user's other accounts, in the tree's order, once each. */
	for (i = 0; tr && accounts && i < tr->n; i++) {
		const struct fs_node *a = &tr->node[tr->order[i]];
		size_t k;

		if (!a->is_user || strcmp(a->user, j->user))
			continue;
		for (k = 0; k < n && strcmp(v[k].acct, a->acct); k++)
			;
		if (k < n)
			continue;
		if (n == room)
			v = fs_xreallocarray(v, room *= 2, sizeof(*v));
		memset(&v[n], 0, sizeof(v[n]));
		v[n++].acct = a->acct;
	}
	for (i = 0; i < n; i++) {
		struct fs_prio_job pj;
		struct fs_sprio so;

		j->acct = (char *)v[i].acct;
		/* An account the job cannot run under (no association for
		 * its partition) is left out. */
		if (fs_prio_resolve(&x->p, j, &pj, &e) < 0) {
			memmove(&v[i], &v[i + 1], (n - i - 1) * sizeof(*v));
			n--, i--;
			continue;
		}
		fs_prio_pending_compute(&x->s.conf, j, &pj, x->p.now);
		fs_sprio_init(&so, &x->p, x->source, NULL);
		v[i].priority = j->priority;
		v[i].place = so.place[so.newpos];
		v[i].total = so.ptotal[so.newpos];
		fs_sprio_release(&so);
		if (tr) {
			struct fs_cost_side side;
			uint32_t k = fs_prio_tree_assoc(tr, j->acct, j->user,
							j->part);

			if (k != FS_NONE) {
				fs_cost_facts(tr, k, &side);
				v[i].fs = side.fs;
				v[i].rank = side.rank;
			}
		}
	}
	/* Back to its own account, as computed before. */
	j->acct = own;
	{
		struct fs_prio_job pj;

		fs_prio_resolve(&x->p, j, &pj, &e);
		fs_prio_pending_compute(&x->s.conf, j, &pj, x->p.now);
	}
	sub->acct = v;
	sub->nacct = n;
}

int
fs_prio_brief(struct fs_prio_run *x, int accounts, struct fs_buf *b,
	      const char **left_out, struct fs_err *e)
{
	struct fs_submit sub;
	struct fs_cost_info in;
	struct fs_cost c;
	char taken[32] = "now";
	long long t;

	*left_out = NULL;
	fs_prio_submit_facts(x, accounts, &sub);
	if (x->p.tr && fs_prio_run_taken(x, &t, e) > 0)
		fs_iso_time(t, taken);
	sub.taken = taken;
	if (x->p.tr && x->p.newjob->limit != FS_INFINITE &&
	    x->p.newjob->limit != FS_NO_VAL) {
		int r = fs_prio_run_cost(x, x->p.newjob, &in, &c, e);

		if (r < 0) {
			free((void *)sub.acct);
			return -1;
		}
		sub.have_cost = 1;
		sub.no_after = r == 0;
		if (r == 0)
			*left_out = x->l.ro.algorithm != FS_ALG_FAIRTREE ?
				"counted from a user's part for Fair Tree "
				"only" : fs_header_meta(&x->l.t.h, "lists") ?
				"at the job's end the user's association ties "
				"with another, whose order needs the whole tree"
				: "this user's part of the tree has no lists "
				"(written private: they hold every user's "
				"usage)";
		sub.charge = c.charge;
		sub.fs_after = c.after[0].fs;
		sub.rank_after = c.after[0].rank;
	}
	fs_submit_lines(b, &sub);
	free((void *)sub.acct);
	return 0;
}

/* ------------------------------------------------------ a job submitted */

/* The snapshot's QOS file (sacctmgr -nP show qos
 * format=name,priority,usagefactor) as fs-prio's -Q and --usage-factor
 * lists; lines of another form are passed over. */
static void
qos_lists(const char *text, struct fs_buf *prio, struct fs_buf *factor)
{
	const char *l, *nl;

	for (l = text; l && *l; l = nl ? nl + 1 : "") {
		const char *a, *b;
		size_t len;

		nl = strchr(l, '\n');
		len = nl ? (size_t)(nl - l) : strlen(l);
		if (!(a = memchr(l, '|', len)) ||
		    !(b = memchr(a + 1, '|', len - (size_t)(a + 1 - l))) ||
		    a == l || strspn(l, "abcdefghijklmnopqrstuvwxyz"
				     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") <
				      (size_t)(a - l) ||
		    strspn(a + 1, "0123456789") != (size_t)(b - a - 1) ||
		    strspn(b + 1, "0123456789.") != len - (size_t)(b + 1 - l))
			continue;
		if (b > a + 1)
			fs_buf_printf(prio, "%s%.*s=%.*s", prio->len ? "," : "",
				      (int)(a - l), l, (int)(b - a - 1), a + 1);
		if (len > (size_t)(b + 1 - l))
			fs_buf_printf(factor, "%s%.*s=%.*s",
				      factor->len ? "," : "", (int)(a - l), l,
				      (int)(len - (size_t)(b + 1 - l)), b + 1);
	}
}

/* A regular file of the snapshot, whole, into b: 0, or -1 (a line in
 * notes says why). */
static int
snap_read(const struct fs_submitted *o, const char *name, struct fs_buf *b,
	  struct fs_buf *notes)
{
	struct fs_err e = {NULL, 0, ""};
	char path[4096];
	FILE *f;
	int r;

	if (!o->snapshot || snprintf(path, sizeof(path), "%s/%s", o->snapshot,
				     name) >= (int)sizeof(path))
		return -1;
	if (!(f = fs_open_regular(path, "left out"))) {
		fs_buf_printf(notes, "%s: cannot read it (none, or kept for "
			      "root under PrivateData)\n", path);
		return -1;
	}
	r = fs_slurp(f, b, &e);
	fclose(f);
	if (r < 0)
		fs_buf_printf(notes, "%s: %s\n", path, e.msg);
	return r;
}

/* What one component of the job gets, and the snapshot's run for it. */
struct comp {
	const struct fs_prio_record *r;
	struct fs_prio_newjob nj;
	char time[32], nice[32], cpus[16], nodes[16];
	struct fs_prio_run x;
	struct fs_prio_input in;
	FILE *tree;
	int ran;			/* x holds the snapshot's numbers */
	struct fs_submit sub;		/* its accounts (x's), when ran */
};

/* Which of the snapshot's trees user reads: their own file
 * (per-user/users/USER, 1) or else the whole ranked tree (ranked.tsv, 2),
 * its path in path; 0 when neither may be read. */
static int
snap_tree_path(const char *snapshot, const char *user, char *path,
	       size_t size)
{
	snprintf(path, size, "%s/per-user/users/%s", snapshot, user);
	if (!strchr(user, '/') && access(path, R_OK) == 0)
		return 1;
	snprintf(path, size, "%s/ranked.tsv", snapshot);
	return access(path, R_OK) == 0 ? 2 : 0;
}

/* The snapshot's tree for the user: their own file, else the whole
 * ranked tree; 0 with neither. */
static int
comp_tree(struct comp *c, const struct fs_submitted *o, struct fs_buf *notes)
{
	char path[4096];
	int k;

	if (!o->snapshot)
		return 0;
	k = snap_tree_path(o->snapshot, c->r->user, path, sizeof(path));
	if (k == 1) {
		snprintf(path, sizeof(path), "%s/per-user", o->snapshot);
		c->in.tree_dir = c->in.tree_name = fs_xstrdup(path);
		return 1;
	}
	if (k == 2 && (c->tree = fs_open_regular(path, "left out"))) {
		c->in.tree = c->tree;
		c->in.tree_name = fs_xstrdup(path);
		return 1;
	}
	fs_buf_printf(notes, "no per-user file and no ranked tree %s may "
		      "read (no snapshot, or it is kept for root under "
		      "PrivateData): no FairShare\n", c->r->user);
	return 0;
}

/* The cluster the snapshot's tree that user reads is of (its #cluster),
 * from its prologue alone, into name: 1, or 0 when no tree may be read or
 * it names none. */
static int
snap_cluster(const char *snapshot, const char *user, char *name,
	     size_t size)
{
	char path[4096];
	struct fs_header h;
	struct fs_lines l;
	struct fs_err e = {NULL, 0, ""};
	unsigned long lineno = 0;
	const char *c;
	FILE *f;
	int r = 0;

	if (!snap_tree_path(snapshot, user, path, sizeof(path)) ||
	    !(f = fs_open_regular(path, "left out")))
		return 0;
	fs_header_init(&h);
	fs_lines_init(&l, f);
	if (fs_read_prologue(&l, &h, &lineno, &e) == 0 &&
	    (c = fs_header_meta(&h, "cluster")) && *c &&
	    (size_t)snprintf(name, size, "%s", c) < size)
		r = 1;
	fs_lines_release(&l);
	fs_header_release(&h);
	fs_close_input(f);
	return r;
}

/* Whether the snapshot may be shown with job r: only when it is of the
 * cluster whose controller sent r (sbatch -M sends a job to another
 * cluster of the same slurmdbd, whose ids may be the local ones): the
 * #cluster of the tree r's user reads from it names that cluster. A
 * snapshot whose tree does not say (none may be read, or one written
 * without #cluster) is taken for the local cluster's: shown with a job of
 * the local cluster (no -M), never with one of -M. 1, or 0 and a line in
 * notes saying why not. */
static int
snap_same_cluster(const struct fs_submitted *o,
		  const struct fs_prio_record *r, struct fs_buf *notes)
{
	const char *jc = *r->cluster ? r->cluster : o->cluster;
	char sc[256];

	if (snap_cluster(o->snapshot, r->user, sc, sizeof(sc))) {
		if (!jc || !strcasecmp(sc, jc))
			return 1;
		fs_buf_printf(notes, "job %u is cluster %s's, the snapshot "
			      "%s cluster %s's: the job's lines without it (no "
			      "FairShare, rank or place)\n", r->id, jc,
			      o->snapshot, sc);
		return 0;
	}
	if (!o->cluster)
		return 1;
	fs_buf_printf(notes, "-M %s: the snapshot %s names no cluster (or "
		      "no tree of it may be read): the job's lines without it "
		      "(no FairShare, rank or place)\n", o->cluster,
		      o->snapshot);
	return 0;
}

/* The snapshot's numbers for component c: 0, or -1 (notes says why). */
static int
comp_run(struct comp *c, const struct fs_submitted *o, const char *qprio,
	 const char *qfactor, struct fs_buf *notes)
{
	const struct fs_prio_record *r = c->r;
	struct fs_err e = {NULL, 0, ""};

	memset(&c->nj, 0, sizeof(c->nj));
	c->nj.user = r->user;
	c->nj.account = *r->acct ? r->acct : NULL;
	c->nj.partition = *r->part ? r->part : NULL;
	c->nj.qos = *r->qos ? r->qos : NULL;
	snprintf(c->cpus, sizeof(c->cpus), "%u", r->cpus ? r->cpus : 1);
	c->nj.ntasks = c->cpus;
	snprintf(c->nodes, sizeof(c->nodes), "%u", r->nodes ? r->nodes : 1);
	c->nj.nodes = c->nodes;
	if (r->time_limit == FS_INFINITE)
		c->nj.time = "UNLIMITED";
	else if (r->time_limit != FS_NO_VAL)
		snprintf(c->time, sizeof(c->time), "%u", r->time_limit),
			c->nj.time = c->time;
	snprintf(c->nice, sizeof(c->nice), "%lld", (long long)r->nice);
	c->nj.nice = c->nice;
	c->nj.rec = r;
	c->in.offline = 1;
	c->in.conf = o->conf;
	c->in.qos_prio = qprio;
	c->in.usage_factors = qfactor;
	c->in.now = o->now;
	c->in.job = &c->nj;
	if (!comp_tree(c, o, notes))
		return -1;
	if (fs_prio_run(&c->x, &c->in, &e) < 0) {
		fs_buf_printf(notes, "the snapshot's numbers left out: %s%s%s\n",
			      e.file ? e.file : "", e.file ? ": " : "", e.msg);
		return -1;
	}
	c->ran = 1;
	fs_prio_submit_facts(&c->x, 1, &c->sub);
	return 0;
}

/* The snapshot's priority of c's row in partition part (its first QOS),
 * or -1. */
static double
comp_row(const struct comp *c, const char *part)
{
	size_t i;

	for (i = 0; c->ran && i < c->x.p.nnew; i++)
		if (!strcmp(c->x.p.newjob[i].part, part))
			return c->x.p.newjob[i].priority;
	return -1;
}

/* The controller's priority of c in partition part (the k-th it names):
 * its own per partition (23.02 on), the job's for its only or first
 * partition, else that and the snapshot's difference between the two
 * partitions' (an estimate: *est set). */
static uint32_t
comp_prio(const struct comp *c, const char *part, size_t k, int *est)
{
	const struct fs_prio_record *r = c->r;
	const char *n = r->part_prio_names;
	char first[256];
	uint32_t i;
	double a, b, v;

	for (i = 0; n && i < r->npart_prio; i++) {
		size_t len = strcspn(n, ",");

		if (len == strlen(part) && !strncmp(n, part, len))
			return r->part_prio[i];
		n += len + (n[len] == ',');
	}
	if (!k || !r->priority)
		return r->priority;
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(r->part, ","),
		 r->part);
	a = comp_row(c, part);
	b = comp_row(c, first);
	if (a < 0 || b < 0)
		return r->priority;
	*est = 1;
	v = (double)r->priority + a - b;
	return v < 1 ? 1 : v > 4294967295.0 ? 4294967295u : (uint32_t)v;
}

/* ", place P of T in partition X" for priority prio, when the places file
 * names the partition. */
static void
put_place(struct fs_buf *b, const char *places, const char *part,
	  uint32_t prio, struct fs_buf *notes)
{
	struct fs_place pl;
	struct fs_err e = {"places.tsv", 0, ""};
	int r;

	if (!places)
		return;
	if ((r = fs_places_find(places, part, prio, &pl, &e)) < 0)
		fs_buf_printf(notes, "places.tsv:%lu: %s\n", e.line, e.msg);
	else if (r == 0)
		fs_buf_printf(notes, "places.tsv has no partition %s\n", part);
	else
		fs_buf_printf(b, ", place %zu of %zu", pl.place, pl.total);
}

/* The first line: who, FairShare and rank, then in each partition the
 * priority and place, or why the job has none yet. */
static void
line_job(struct fs_buf *b, const struct comp *c, const char *places,
	 struct fs_buf *notes)
{
	const struct fs_prio_record *r = c->r;
	const struct fs_submit_acct *me = c->ran ? &c->sub.acct[0] : NULL;
	const char *p = r->part;
	size_t k = 0;
	int est = 0;

	fs_buf_printf(b, "fs-toolkit: job %u", r->id);
	if (r->het_offset != FS_NO_VAL)
		fs_buf_printf(b, "+%u", r->het_offset);
	fs_buf_printf(b, ", %s/%s:", r->acct, r->user);
	if (me && c->sub.have_fs && me->rank)
		fs_buf_printf(b, " FairShare %.6f, rank %u of %u;", me->fs,
			      me->rank, c->sub.users);
	do {
		char part[256];
		size_t len = strcspn(p, ",");
		uint32_t prio;

		snprintf(part, sizeof(part), "%.*s", (int)len, p);
		prio = comp_prio(c, part, k, &est);
		fs_buf_printf(b, "%s priority %u", k ? ";" : "", prio);
		if (r->state == FS_REC_PENDING)
			put_place(b, places, part, prio, notes);
		fs_buf_printf(b, " in partition %s", part);
		p += len + (p[len] == ',');
		k++;
	} while (*p);
	if (r->state == FS_REC_HELD)
		fs_buf_addstr(b, "; held: not in the queue until released");
	else if (r->state == FS_REC_NOT_PENDING)
		fs_buf_addstr(b, "; it started at once");
	else if (r->state == FS_REC_DEPENDENCY)
		fs_buf_addstr(b, "; no place yet: it waits for its "
			      "dependency");
	else if (r->state == FS_REC_BEGIN) {
		char t[32];

		fs_iso_time(r->begin, t);
		fs_buf_printf(b, "; no place before %s (--begin)", t);
	}
	fs_buf_addch(b, '\n');
	if (est)
		fs_buf_addstr(notes, "the priority in each partition but the "
			      "first is the controller's and the snapshot's "
			      "difference between them (Slurm before 23.02 "
			      "sends one)\n");
}

/* The second line: the cost from the controller's billing and time
 * limit, and the FairShare after it. */
static void
line_cost(struct fs_buf *b, struct comp *c, const char *taken,
	  struct fs_buf *notes)
{
	const struct fs_prio_record *r = c->r;
	char n1[FS_FMT_MAX + 1], n2[FS_FMT_MAX + 1];
	struct fs_cost_info in;
	struct fs_cost cost;
	struct fs_err e = {NULL, 0, ""};
	double one;

	if (r->billing < 0) {
		fs_buf_addstr(b, "fs-toolkit: its cost: unknown (its record "
			      "has no billing)");
	} else if (r->time_limit == FS_INFINITE ||
		   r->time_limit == FS_NO_VAL) {
		fs_buf_addstr(b, "fs-toolkit: its cost: unknown (no time "
			      "limit)");
	} else {
		one = r->billing * 60.0 * (double)r->time_limit;
		fs_buf_printf(b, "fs-toolkit: its cost: %s%s billing-seconds",
			      r->exclusive && r->state != FS_REC_NOT_PENDING ?
			      "at least " : "", num(one, n1));
		if (r->tasks > 1)
			fs_buf_printf(b, " a task, %s for its %u tasks",
				      num(one * (double)r->tasks, n2),
				      r->tasks);
		if (c->ran && c->x.p.tr) {
			int k = fs_prio_run_cost(&c->x, c->x.p.newjob, &in,
						 &cost, &e);

			if (k > 0)
				fs_buf_printf(b, "; once it has run: "
					      "FairShare %.6f, rank %u of %u",
					      cost.after[0].fs,
					      cost.after[0].rank,
					      c->sub.users);
			else
				fs_buf_printf(notes, "the FairShare after "
					      "the job is left out: %s\n",
					      k < 0 ? e.msg : "this user's "
					      "part of the tree has no lists, "
					      "or the job's end ties");
		}
	}
	fs_buf_printf(b, " (as of %s)\n", taken);
	if (r->exclusive && r->state != FS_REC_NOT_PENDING)
		fs_buf_addstr(notes, "--exclusive: the job is charged the "
			      "whole nodes it gets, which its record does "
			      "not know before it starts\n");
}

/* The third: the user's other accounts, when one does better. */
static void
line_accounts(struct fs_buf *b, const struct comp *c, const char *places,
	      struct fs_buf *notes)
{
	const struct fs_submit *s = &c->sub;
	size_t i, best = 0, *place;
	uint32_t *prio;
	char part[256];
	int est = 0;

	if (!c->ran || s->nacct < 2 || c->r->state != FS_REC_PENDING)
		return;
	snprintf(part, sizeof(part), "%.*s", (int)strcspn(c->r->part, ","),
		 c->r->part);
	place = fs_xcalloc(s->nacct, sizeof(*place));
	prio = fs_xcalloc(s->nacct, sizeof(*prio));
	for (i = 0; i < s->nacct; i++) {
		double v = (double)comp_prio(c, part, 0, &est) +
			(double)s->acct[i].priority - (double)s->acct[0].priority;
		struct fs_place pl;
		struct fs_err e = {NULL, 0, ""};

		prio[i] = v < 1 ? 1 : v > 4294967295.0 ? 4294967295u :
			(uint32_t)v;
		place[i] = places && fs_places_find(places, part, prio[i], &pl,
						     &e) > 0 ? pl.place : 0;
		if (place[i] ? place[i] < place[best] ||
		    (place[i] == place[best] && prio[i] > prio[best]) :
		    prio[i] > prio[best])
			best = i;
	}
	if (best && place[0] && place[best] != place[0]) {
		struct fs_place pl;
		struct fs_err e = {NULL, 0, ""};

		fs_places_find(places, part, prio[0], &pl, &e);
		fs_buf_printf(b, "fs-toolkit: under -A %s: place %zu of %zu "
			      "instead of %zu of %zu\n", s->acct[best].acct,
			      place[best], pl.total, place[0], pl.total);
	} else if (best) {
		fs_buf_printf(b, "fs-toolkit: under -A %s: priority %u "
			      "instead of %u\n", s->acct[best].acct,
			      prio[best], prio[0]);
	} else {
		fs_buf_printf(b, "fs-toolkit: -A %s is the best of your %zu "
			      "accounts for this job\n", s->acct[0].acct,
			      s->nacct);
	}
	fs_buf_addstr(notes, "the priority under another account is the "
		      "job's and the snapshot's difference between the "
		      "accounts\n");
	free(place);
	free(prio);
}

int
fs_prio_submitted(const struct fs_submitted *o, struct fs_buf *out,
		  struct fs_buf *notes, struct fs_err *e)
{
	struct fs_prio_record *rec;
	struct fs_buf places, qos, qprio, qfactor;
	struct fs_submitted so = *o;
	struct comp *c;
	size_t n, i;
	char *end;
	unsigned long id = strtoul(o->id, &end, 10);

	if (*o->id < '1' || *o->id > '9' || *end || id >= FS_NO_VAL)
		return fs_error(e, 0, "--submitted: expected a job id, not "
				"'%s'", o->id), -2;
	if (!so.conf && !(so.conf = getenv("SLURM_CONF")))
		so.conf = "/etc/slurm/slurm.conf";
	o = &so;
	if (fs_live_job((uint32_t)id, o->cluster, &rec, &n, e) < 0)
		return -1;
	/* The snapshot is the local cluster's: not shown with another's
	 * job. */
	if (so.snapshot && !snap_same_cluster(o, &rec[0], notes))
		so.snapshot = NULL;
	fs_buf_init(&places);
	fs_buf_init(&qos);
	fs_buf_init(&qprio);
	fs_buf_init(&qfactor);
	if (o->snapshot && snap_read(o, "places.tsv", &places, notes) < 0)
		fs_buf_release(&places), fs_buf_init(&places);
	if (o->snapshot && snap_read(o, "qos.txt", &qos, notes) == 0)
		qos_lists(qos.data, &qprio, &qfactor);
	c = fs_xcalloc(n, sizeof(*c));
	for (i = 0; i < n; i++) {
		char taken[32] = "now";
		long long t;
		struct fs_err te = {NULL, 0, ""};
		struct fs_place pl;

		c[i].r = &rec[i];
		if (o->snapshot)
			comp_run(&c[i], o, qprio.data, qfactor.data, notes);
		if (c[i].ran && c[i].x.p.tr &&
		    fs_prio_run_taken(&c[i].x, &t, &te) > 0)
			fs_iso_time(t, taken);
		else if (places.data &&
			 fs_places_find(places.data, "", 0, &pl, &te) >= 0 &&
			 *pl.taken)
			snprintf(taken, sizeof(taken), "%s", pl.taken);
		line_job(out, &c[i], places.data, notes);
		line_cost(out, &c[i], taken, notes);
		line_accounts(out, &c[i], places.data, notes);
	}
	for (i = 0; i < n; i++) {
		if (c[i].ran)
			free((void *)c[i].sub.acct);
		fs_prio_run_release(&c[i].x);
		if (c[i].tree)
			fclose(c[i].tree);
		free((void *)c[i].in.tree_name);
	}
	free(c);
	fs_prio_records_free(rec, n);
	fs_buf_release(&places);
	fs_buf_release(&qos);
	fs_buf_release(&qprio);
	fs_buf_release(&qfactor);
	return 0;
}
