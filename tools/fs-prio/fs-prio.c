/*
 * fs-prio: Slurm's multifactor priority of pending jobs, and of a job not
 * yet submitted: "where would my job land?".
 *
 * Live (the default, built with libslurm): the weights, flags, partitions,
 * QOS and association priorities and pending jobs come from the cluster.
 * Offline (--conf, --set or --jobs): the Priority* settings, nodes and
 * partitions from slurm.conf, QOS priorities from --qos-priority, pending
 * jobs from a jobs file (the columns of fs-prio's own TSV output).
 *
 * The fairshare factor of a job is its user association's FairShare in a
 * TSV tree (fs-tsv(5)) read from --tree FILE (- standard input), taken from
 * the FairShare column of a ranked tree or computed with fs_rank; live
 * without a tree, fs-prio reads the association tree from the cluster.
 * An optional Priority column in the tree gives association priorities
 * offline (an empty cell inherits the parent's).
 *
 * Writes one TSV table (#fs-prio 1, metadata, header, a row per job and
 * partition, best first), or sprio-like columns (-l, -o), or JSON; with
 * --user, what the new job would get and why the jobs ahead are ahead.
 * Everything is read and checked before the first byte is written.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "fs.h"


enum out_format { OUT_DEFAULT, OUT_TSV, OUT_LONG, OUT_FORMAT, OUT_JSON };

struct opts {
	const char *conf, *jobs, *tree, *qos_prio, *now;
	struct fs_buf set;		/* --set lines */
	int offline;
	/* The new job. */
	const char *user, *account, *partition, *qos, *cpus, *nodes, *time,
		*nice, *mem;
	enum out_format out;
	const char *format;
	int noheader, weights;
};

#define LONG_FORMAT "%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J " \
		    "%.10P %.10Q %.11N %.20T"

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: fs-prio [--conf FILE] [--set 'KEY=VALUE ...'] "
		"[--jobs FILE]\n"
		"               [--qos-priority NAME=N,...] [--tree FILE] "
		"[--now TIME]\n"
		"               [--user USER [--account ACCOUNT] "
		"[--partition PART] [--qos QOS]\n"
		"                [--cpus N] [--nodes N] [--time TIME] "
		"[--mem SIZE] [--nice N]]\n"
		"               [--tsv | -l | -o FORMAT | -w | --json] "
		"[--noheader]\n"
		"\n"
		"Slurm's multifactor priority of the pending jobs, and of a job "
		"not yet\n"
		"submitted (--user ...): its priority now, its place and why "
		"the jobs\n"
		"ahead of it are ahead. A ranked tree (--tree) gives the "
		"fairshare\n"
		"factor: fs-tree | fs-decay --elapsed 2d | fs-rank | "
		"fs-prio -t - ...\n"
		"\n"
		"  -c, --conf FILE          offline: slurm.conf's Priority*, "
		"nodes, partitions\n"
		"      --set 'KEY=VALUE'    offline: one more slurm.conf line "
		"(repeatable)\n"
		"  -j, --jobs FILE          offline: pending jobs (TSV, see "
		"fs-prio(1))\n"
		"  -Q, --qos-priority LIST  offline: QOS priorities, "
		"normal=0,high=100\n"
		"  -t, --tree FILE          the TSV tree, - for standard input "
		"(default:\n"
		"                           live, the cluster's; offline, "
		"none)\n"
		"      --now TIME           the time to compute ages at "
		"(ISO 8601)\n"
		"  -u, --user USER          the new job's user\n"
		"  -A, --account ACCOUNT    its account (default: the user's "
		"only one)\n"
		"  -p, --partition PART     its partition (default: the "
		"default partition)\n"
		"  -q, --qos QOS            its QOS (default: normal)\n"
		"  -n, --cpus N             CPUs (default 1)\n"
		"  -N, --nodes N            nodes (default 1)\n"
		"  -T, --time TIME          time limit (default: the "
		"partition's)\n"
		"      --mem SIZE           memory, MB or with K, M, G, T\n"
		"      --nice N             nice value\n"
		"      --tsv                TSV (the default without --user)\n"
		"  -l, --long               sprio -l's columns\n"
		"  -o, --format FORMAT      sprio's -o format\n"
		"  -w, --weights            the weights, as sprio -w\n"
		"      --json               one JSON document\n"
		"      --noheader           no header line (-l, -o, -w)\n"
		"  -h, --help               this help\n"
		"  -V, --version            the version and the Slurm release\n"
		"\n"
		"Live mode built in: %s. See fs-prio(1).\n",
		fs_live_available() ? "yes" : "no");
}

/* ------------------------------------------------------------ helpers */

static int
parse_u32_opt(const char *opt, const char *s, uint32_t lo, uint32_t *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 10);
	if (!*s || *end || errno || *s == '-' || x < lo || x > 4294967294ULL) {
		fs_warn("%s: expected a whole number from %u, not '%s'", opt,
			lo, s);
		return -1;
	}
	*v = (uint32_t)x;
	return 0;
}

static int
find_qos(const struct fs_prio_snapshot *s, const char *name)
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

/* The association a job of acct/user in part runs under: the
 * partition's own, else the one without a partition. */
static uint32_t
tree_assoc(const struct fs_tree *tr, const char *acct, const char *user,
	   const char *part)
{
	uint32_t i, any = FS_NONE;

	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (!a->is_user || strcmp(a->user, user) || strcmp(a->acct, acct))
			continue;
		if (!strcmp(a->part, part))
			return i;
		if (!*a->part)
			any = i;
	}
	return any;
}

static const struct fs_prio_assoc *
snap_assoc(const struct fs_prio_snapshot *s, const char *acct, const char *user,
	   const char *part)
{
	const struct fs_prio_assoc *any = NULL;
	size_t i;

	for (i = 0; i < s->nassoc; i++) {
		const struct fs_prio_assoc *a = &s->assoc[i];

		if (strcmp(a->user, user) || strcmp(a->acct, acct))
			continue;
		if (!strcmp(a->part, part))
			return a;
		if (!*a->part)
			any = a;
	}
	return any;
}

/* ------------------------------------------------------------- offline */

static int
read_file(const char *path, struct fs_buf *b, struct fs_err *e)
{
	FILE *f = fopen(path, "r");
	int ret;

	e->file = path;
	if (!f)
		return fs_error(e, 0, "%s", strerror(errno));
	ret = fs_slurp(f, b, e);
	fclose(f);
	return ret;
}

static int
load_conf(struct fs_prio_snapshot *s, const struct opts *o, struct fs_err *e)
{
	/* Messages outlive the text: the file they name is kept here. */
	static char where[4096];
	struct fs_conf c;
	size_t i;
	int ret;

	fs_conf_init(&c);
	e->file = NULL;
	ret = o->conf ? fs_conf_read(&c, o->conf, e) : 0;
	/* --set lines follow the file's (Include lines in them too). */
	if (ret == 0)
		ret = fs_conf_add(&c, "--set", o->set.data ? o->set.data : "",
				  o->set.len, 0, e);
	if (ret == 0) {
		fs_buf_addstr(&c.text, "");	/* allocated, even if empty */
		e->file = o->conf;
		ret = fs_prio_conf_parse(&s->conf, &s->cl, c.text.data, e);
		fs_conf_locate(&c, e);
	}
	if (ret < 0 && e->file) {
		snprintf(where, sizeof(where), "%s", e->file);
		e->file = where;
	}
	fs_conf_release(&c);
	if (ret < 0)
		return -1;
	e->file = NULL;
	if (s->conf.nodes == 0 && s->conf.w_js)
		return fs_error(e, 0, "PriorityWeightJobSize is set but no "
				"NodeName line says how big the cluster is "
				"(add one with --set 'NodeName=n[1-4] "
				"CPUs=64')");
	s->part_tres = fs_xcalloc(s->cl.npart + 1, sizeof(*s->part_tres));
	for (i = 0; i < s->cl.npart; i++)
		fs_prio_part_tres(&s->conf, &s->cl.part[i], s->part_tres[i]);
	return 0;
}

static int
load_qos(struct fs_prio_snapshot *s, const char *list, struct fs_err *e)
{
	char *copy = fs_xstrdup(list ? list : ""), *tok, *save = NULL, *eq;
	int ret = 0;

	s->qos = fs_xcalloc(strlen(copy) / 2 + 2, sizeof(*s->qos));
	e->file = "--qos-priority";
	for (tok = strtok_r(copy, ",", &save); tok && !ret;
	     tok = strtok_r(NULL, ",", &save)) {
		struct fs_prio_qos *q;
		uint32_t v;
		char *end;
		unsigned long long x;

		eq = strchr(tok, '=');
		if (!eq || eq == tok) {
			ret = fs_error(e, 0, "expected NAME=PRIORITY, not '%s'",
				       tok);
			break;
		}
		*eq = '\0';
		errno = 0;
		x = strtoull(eq + 1, &end, 10);
		if (!eq[1] || *end || errno || eq[1] == '-' ||
		    x > 4294967294ULL) {
			ret = fs_error(e, 0, "QOS '%s': not a priority from 0 "
				       "to 4294967294: '%s'", tok, eq + 1);
			break;
		}
		v = (uint32_t)x;
		if (find_qos(s, tok) >= 0) {
			ret = fs_error(e, 0, "QOS '%s' given twice", tok);
			break;
		}
		q = &s->qos[s->nqos++];
		q->name = fs_xstrdup(tok);
		q->prio = v;
		if (v > s->qos_max)
			s->qos_max = v;
	}
	if (!ret && find_qos(s, "normal") < 0) {
		s->qos[s->nqos].name = fs_xstrdup("normal");
		s->qos[s->nqos++].prio = 0;
	}
	free(copy);
	if (!ret)
		e->file = NULL;
	return ret;
}

static int
load_jobs(struct fs_prio_snapshot *s, const char *path, struct fs_err *e)
{
	struct fs_buf text;
	int ret;

	fs_buf_init(&text);
	if (read_file(path, &text, e) < 0) {
		fs_buf_release(&text);
		return -1;
	}
	fs_buf_addch(&text, '\0');
	ret = fs_prio_jobs_parse(s, text.data, e);
	fs_buf_release(&text);
	if (!ret)
		e->file = NULL;
	return ret;
}

/* Association priorities from the tree's optional Priority column: an
 * empty cell inherits the parent's, as slurmdbd fills them in. */
static int
tree_priorities(struct fs_prio_snapshot *s, const struct fs_tree *tr,
		struct fs_err *e)
{
	int col = fs_header_col(&tr->t->h, "Priority");
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
		v = fs_table_field(tr->t, a->row, (size_t)col);
		if (!*v)
			prio[i] = a->parent == FS_NONE ? 0 : prio[a->parent];
		else {
			char *end;
			unsigned long long x;

			errno = 0;
			x = strtoull(v, &end, 10);
			if (*end || errno || *v == '-' || x > 4294967294ULL) {
				ret = fs_error(e, fs_tree_line(tr, i), "column "
					       "'Priority': not a whole number "
					       "from 0 to 4294967294: '%s'", v);
				break;
			}
			prio[i] = (uint32_t)x;
		}
		s->assoc[s->nassoc].acct = fs_xstrdup(a->acct);
		s->assoc[s->nassoc].user = fs_xstrdup(a->user);
		s->assoc[s->nassoc].part = fs_xstrdup(a->part);
		s->assoc[s->nassoc++].prio = prio[i];
		if (prio[i] > s->assoc_max)
			s->assoc_max = prio[i];
	}
	free(prio);
	return ret;
}

/* -------------------------------------------------------------- resolve */

/* One row per partition of a job pending in several ("p1,p2"). */
static void
split_partitions(struct fs_prio_snapshot *s)
{
	size_t i, n = 0, extra = 0;
	struct fs_prio_pending *v;

	for (i = 0; i < s->njob; i++) {
		const char *p;

		for (p = s->job[i].part; *p; p++)
			extra += *p == ',';
	}
	if (!extra)
		return;
	v = fs_xcalloc(s->njob + extra + 1, sizeof(*v));
	for (i = 0; i < s->njob; i++) {
		struct fs_prio_pending *j = &s->job[i];
		char *save = NULL, *tok, *copy = j->part;
		int first = 1;

		for (tok = strtok_r(copy, ",", &save); tok;
		     tok = strtok_r(NULL, ",", &save)) {
			v[n] = *j;
			if (!first) {
				v[n].id = fs_xstrdup(j->id);
				v[n].user = fs_xstrdup(j->user);
				v[n].acct = fs_xstrdup(j->acct);
				v[n].qos = fs_xstrdup(j->qos);
				v[n].tres = j->tres ? fs_xstrdup(j->tres) : NULL;
			}
			v[n++].part = fs_xstrdup(tok);
			first = 0;
		}
		if (first)
			v[n++] = *j;
		else
			free(copy);
	}
	free(s->job);
	s->job = v;
	s->njob = n;
}

struct ctx {
	const struct opts *o;
	struct fs_prio_snapshot s;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_rank_opts ro;
	int have_tree;
	long long now;
	const char *source;
	const char *tree_name;
	struct fs_prio_pending *newjob;
	size_t newpos;			/* its place in order */
	size_t *order;			/* job indices, best first */
	size_t *place, *ptotal;		/* by position: place in partition */
};

/* Fill j->pj from the snapshot and tree; -1 with e set when the job names
 * something that does not exist. */
static int
resolve(struct ctx *x, struct fs_prio_pending *j, struct fs_err *e)
{
	struct fs_prio_snapshot *s = &x->s;
	const struct fs_prio_part *p;
	const struct fs_prio_assoc *pa;
	struct fs_prio_job *pj = &j->pj;
	struct fs_err te = {NULL, 0, ""};
	size_t k = 0;
	int q;
	unsigned long line = j->line;

	memset(pj, 0, sizeof(*pj));
	if (!(p = find_part(s, j->part, &k)))
		return fs_error(e, line, "job %s: partition '%s' does not "
				"exist%s", j->id, j->part, x->o->offline ?
				" in slurm.conf (see its PartitionName lines)"
				: "");
	if ((q = find_qos(s, j->qos)) < 0)
		return fs_error(e, line, "job %s: QOS '%s' is unknown%s", j->id,
				j->qos, x->o->offline ? " (give its priority "
				"with --qos-priority NAME=N)" : "");
	pj->accrue = j->accrue;
	pj->part_factor = p->job_factor;
	pj->part_max = s->cl.part_max;
	pj->qos_prio = s->qos[q].prio;
	pj->qos_max = s->qos_max;
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
	if ((pa = snap_assoc(s, j->acct, j->user, j->part))) {
		pj->assoc_prio = pa->prio;
		pj->assoc_max = s->assoc_max;
	}
	if (x->have_tree) {
		uint32_t a = tree_assoc(&x->tr, j->acct, j->user, j->part);

		if (a == FS_NONE)
			return fs_error(e, line, "job %s: association "
					"'%s/%s' is not in the tree (check "
					"the account, or the tree's source)",
					j->id, j->acct, j->user);
		pj->fs = x->tr.node[a].fs_factor;
	}
	if (s->conf.ntres) {
		if (j->tres) {
			if (fs_prio_parse_tres_counts(&s->conf, j->tres,
						      pj->tres_value, &te) < 0)
				return fs_error(e, line, "job %s: %s", j->id,
						te.msg);
		} else {
			int c = fs_prio_tres_index(&s->conf, "cpu");
			int n = fs_prio_tres_index(&s->conf, "node");
			int b = fs_prio_tres_index(&s->conf, "billing");

			if (c >= 0)
				pj->tres_value[c] = j->cpus;
			if (n >= 0)
				pj->tres_value[n] = j->nodes;
			if (b >= 0)
				pj->tres_value[b] = j->cpus;
		}
		memcpy(pj->tres_part, s->part_tres[k], sizeof(pj->tres_part));
	}
	return 0;
}

/* ------------------------------------------------------------ new job */

/* The new job's sizes from the options into j and *mem (MB): 0, or -1
 * after a usage message. Run once before connecting, so that a usage error
 * is one whatever the cluster says. */
static int
job_opts(const struct opts *o, struct fs_prio_pending *j, double *mem)
{
	struct fs_err te = {NULL, 0, ""};

	if (o->cpus && parse_u32_opt("--cpus", o->cpus, 1, &j->cpus) < 0)
		return -1;
	if (o->nodes && parse_u32_opt("--nodes", o->nodes, 1, &j->nodes) < 0)
		return -1;
	if (o->nice && fs_prio_parse_nice(o->nice, &j->nice) < 0) {
		fs_warn("--nice: expected a whole number from -2147483645 to "
			"2147483645, not '%s'", o->nice);
		return -1;
	}
	if (o->time && fs_prio_parse_limit(o->time, &j->time_limit, &te) < 0) {
		fs_warn("--time: %s", te.msg);
		return -1;
	}
	if (o->mem) {
		char *end;

		errno = 0;
		*mem = strtod(o->mem, &end);
		if (errno || end == o->mem || *mem < 0 || !isfinite(*mem) ||
		    (*end && (end[1] || !strchr("KkMmGgTt", *end)))) {
			fs_warn("--mem: expected a size in MB or with K, M, G "
				"or T, not '%s'", o->mem);
			return -1;
		}
		if (*end == 'K' || *end == 'k')
			*mem /= 1024;
		else if (*end == 'G' || *end == 'g')
			*mem *= 1024;
		else if (*end == 'T' || *end == 't')
			*mem *= 1024 * 1024;
	}
	return 0;
}

static int
new_job(struct ctx *x, struct fs_err *e)
{
	const struct opts *o = x->o;
	struct fs_prio_snapshot *s = &x->s;
	struct fs_prio_pending *j;
	const struct fs_prio_part *p = NULL;
	const char *acct = o->account, *part = o->partition;
	size_t i, k = 0;
	double mem = 0;

	e->file = NULL;
	if (!acct) {
		uint32_t a;

		if (!x->have_tree)
			return fs_error(e, 0, "--account is needed: there is "
					"no tree to find user '%s' in", o->user);
		a = fs_tree_find_user(&x->tr, o->user);
		if (a == FS_NONE)
			return fs_error(e, 0, "user '%s' has no association "
					"in the tree", o->user);
		if (a == FS_NONE - 1)
			return fs_error(e, 0, "user '%s' has associations in "
					"several accounts: choose one with "
					"--account", o->user);
		acct = x->tr.node[a].acct;
	}
	if (!part) {
		for (i = 0; i < s->cl.npart; i++)
			if (s->cl.part[i].is_default)
				part = s->cl.part[i].name;
		if (!part)
			return fs_error(e, 0, "no default partition: choose one "
					"with --partition");
	}
	if (!(p = find_part(s, part, &k)))
		return fs_error(e, 0, "--partition: partition '%s' does not "
				"exist", part);
	s->job = fs_xreallocarray(s->job, s->njob + 1, sizeof(*s->job));
	j = &s->job[s->njob];
	memset(j, 0, sizeof(*j));
	j->is_new = 1;
	j->id = fs_xstrdup("new");
	j->user = fs_xstrdup(o->user);
	j->acct = fs_xstrdup(acct);
	j->part = fs_xstrdup(part);
	j->qos = fs_xstrdup(o->qos ? o->qos : "normal");
	j->cpus = j->nodes = 1;
	j->max_cpus = FS_NO_VAL;
	j->time_limit = FS_NO_VAL;
	/* A new job accrues age from now at best. */
	j->accrue = x->now;
	s->njob++;
	if (job_opts(o, j, &mem) < 0)
		return -2;
	if (j->nodes > p->node_count && p->node_count)
		return fs_error(e, 0, "--nodes %u: partition '%s' has %u "
				"node%s", j->nodes, part, p->node_count,
				p->node_count == 1 ? "" : "s");
	if (j->cpus < j->nodes)
		return fs_error(e, 0, "--cpus %u on --nodes %u: every node "
				"gives a job at least one CPU", j->cpus,
				j->nodes);
	if (j->cpus > p->cpus && p->cpus)
		return fs_error(e, 0, "--cpus %u: partition '%s' has %u CPUs",
				j->cpus, part, p->cpus);
	if (j->time_limit != FS_NO_VAL && p->max_time != FS_INFINITE &&
	    j->time_limit != FS_INFINITE ? j->time_limit > p->max_time :
	    (j->time_limit == FS_INFINITE && p->max_time != FS_INFINITE))
		return fs_error(e, 0, "--time: partition '%s' allows at most "
				"%u minutes", part, p->max_time);
	{
		struct fs_buf t;

		fs_buf_init(&t);
		fs_buf_printf(&t, "cpu=%u,mem=%.17g,node=%u,billing=%u",
			      j->cpus, mem, j->nodes, j->cpus);
		j->tres = t.data;
	}
	return 0;
}

/* ------------------------------------------------------------- output */

static void
fmt_limit(struct fs_buf *b, uint32_t m)
{
	if (m == FS_NO_VAL)
		return;
	if (m == FS_INFINITE)
		fs_buf_addstr(b, "UNLIMITED");
	else
		fs_buf_ll(b, m);
}

static void
fmt_date(struct fs_buf *b, long long t)
{
	char d[32];

	if (!t)
		return;
	fs_iso_time(t, d);
	fs_buf_addstr(b, d);
}

static void
fmt_tres(struct fs_buf *b, const struct fs_prio_conf *c,
	 const struct fs_prio_pending *j, int weighted, const char *fmt)
{
	size_t i;
	int n = 0;

	for (i = 0; i < c->ntres; i++) {
		double v = weighted ? j->f.w_tres[i] : j->f.tres[i];

		if (!j->f.w_tres[i])
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

static void
meta(struct ctx *x, struct fs_buf *b)
{
	const struct fs_prio_conf *c = &x->s.conf;
	char d[32];
	size_t i;

	fs_buf_addstr(b, "#fs-prio 1\n");
	if (x->s.cl.cluster)
		fs_buf_printf(b, "#cluster=%s\n", x->s.cl.cluster);
	fs_iso_time(x->now, d);
	fs_buf_printf(b, "#taken=%s\n#source=%s\n", d, x->source);
	fs_buf_printf(b, "#weight_age=%u\n#weight_assoc=%u\n"
		      "#weight_fairshare=%u\n#weight_jobsize=%u\n"
		      "#weight_partition=%u\n#weight_qos=%u\n#weight_tres=",
		      c->w_age, c->w_assoc, c->w_fs, c->w_js, c->w_part,
		      c->w_qos);
	for (i = 0; i < c->ntres; i++) {
		fs_buf_printf(b, "%s%s=", i ? "," : "", c->tres_name[i]);
		fs_buf_double(b, c->tres_weight[i]);
	}
	fs_buf_printf(b, "\n#max_age=%u\n#favor_small=%s\n#flags=",
		      c->max_age, c->favor_small ? "yes" : "no");
	{
		static const struct { uint32_t bit; const char *name; } fl[] = {
			{FS_PRIO_ACCRUE_ALWAYS, "ACCRUE_ALWAYS"},
			{FS_PRIO_SIZE_RELATIVE, "SMALL_RELATIVE_TO_TIME"},
			{FS_PRIO_DEPTH_OBLIVIOUS, "DEPTH_OBLIVIOUS"},
			{FS_PRIO_NO_FAIR_TREE, "NO_FAIR_TREE"},
			{FS_PRIO_INCR_ONLY, "INCR_ONLY"},
			{FS_PRIO_MAX_TRES, "MAX_TRES"},
			{FS_PRIO_CALCULATE_RUNNING, "CALCULATE_RUNNING"},
			{FS_PRIO_NO_NORMAL_ASSOC, "NO_NORMAL_ASSOC"},
			{FS_PRIO_NO_NORMAL_PART, "NO_NORMAL_PART"},
			{FS_PRIO_NO_NORMAL_QOS, "NO_NORMAL_QOS"},
			{FS_PRIO_NO_NORMAL_TRES, "NO_NORMAL_TRES"}};
		int n = 0;

		for (i = 0; i < sizeof(fl) / sizeof(*fl); i++)
			if (c->flags & fl[i].bit)
				fs_buf_printf(b, "%s%s", n++ ? "," : "",
					      fl[i].name);
	}
	fs_buf_printf(b, "\n#nodes=%u\n#cpus=%u\n", c->nodes, c->cpus);
	if (x->have_tree)
		fs_buf_printf(b, "#algorithm=%s\n",
			      fs_algorithm_name(x->ro.algorithm));
}

/* A position of the order, by its job's partition. */
struct part_pos {
	const char *part;
	size_t pos;
};

/* By partition, then by position. */
static int
by_part_pos(const void *a, const void *b)
{
	const struct part_pos *x = a, *y = b;
	int c = strcmp(x->part, y->part);

	return c ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

/* Each job's place among its partition's jobs, and how many those are,
 * for every position of the order at once (a sort: n log n). */
static void
set_places(struct ctx *x)
{
	size_t n = x->s.njob, i, k, m;
	struct part_pos *v = fs_xcalloc(n + 1, sizeof(*v));

	x->place = fs_xcalloc(n + 1, sizeof(*x->place));
	x->ptotal = fs_xcalloc(n + 1, sizeof(*x->ptotal));
	for (i = 0; i < n; i++) {
		v[i].part = x->s.job[x->order[i]].part;
		v[i].pos = i;
	}
	qsort(v, n, sizeof(*v), by_part_pos);
	for (i = 0; i < n; i = k) {
		for (k = i; k < n && !strcmp(v[k].part, v[i].part); k++)
			x->place[v[k].pos] = k - i + 1;
		for (m = i; m < k; m++)
			x->ptotal[v[m].pos] = k - i;
	}
	free(v);
}

static size_t
place_of(struct ctx *x, size_t pos, size_t *total)
{
	*total = x->ptotal[pos];
	return x->place[pos];
}

static void
write_tsv(struct ctx *x, struct fs_buf *b)
{
	size_t i, k, total;

	meta(x, b);
	fs_buf_addstr(b, "JobID\tUser\tAccount\tPartition\tQOS\tCPUs\tNodes\t"
		      "TimeLimit\tAccrue\tNice\tSite\tTRES\tPriority\tPlace\t"
		      "Age\tAssoc\tFairShare\tJobSize\tPartPrio\tQOSPrio\t"
		      "WAge\tWAssoc\tWFairShare\tWJobSize\tWPartPrio\t"
		      "WQOSPrio\tWTRES\tSum\n");
	for (i = 0; i < x->s.njob; i++) {
		const struct fs_prio_pending *j = &x->s.job[x->order[i]];
		const struct fs_prio_factors *f = &j->f;
		const double v[] = {f->age, f->assoc, f->fs, f->js, f->part,
				    f->qos, f->w_age, f->w_assoc, f->w_fs,
				    f->w_js, f->w_part, f->w_qos};

		/* Appended cell by cell: printf would be half the time. */
		const char *text[] = {j->id, j->user, j->acct, j->part,
				      j->qos};
		const long long num[] = {j->cpus, j->nodes};

		for (k = 0; k < sizeof(text) / sizeof(*text); k++) {
			fs_buf_addstr(b, text[k]);
			fs_buf_addch(b, '\t');
		}
		for (k = 0; k < sizeof(num) / sizeof(*num); k++) {
			fs_buf_ll(b, num[k]);
			fs_buf_addch(b, '\t');
		}
		fmt_limit(b, j->pj.time_limit);
		fs_buf_addch(b, '\t');
		fmt_date(b, j->accrue);
		fs_buf_addch(b, '\t');
		fs_buf_ll(b, (long long)j->nice);
		fs_buf_addch(b, '\t');
		fs_buf_ll(b, (long long)j->site);
		fs_buf_addch(b, '\t');
		fs_buf_addstr(b, j->tres ? j->tres : "");
		fs_buf_addch(b, '\t');
		fs_buf_ll(b, f->priority);
		fs_buf_addch(b, '\t');
		fs_buf_ll(b, (long long)place_of(x, i, &total));
		for (k = 0; k < sizeof(v) / sizeof(*v); k++) {
			fs_buf_addch(b, '\t');
			fs_buf_double(b, v[k]);
		}
		fs_buf_addch(b, '\t');
		fmt_tres(b, &x->s.conf, j, 1, NULL);
		fs_buf_addch(b, '\t');
		fs_buf_double(b, f->sum);
		fs_buf_addch(b, '\n');
	}
}

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

static int
check_format(const char *f)
{
	const char *p, *start;
	int width;

	for (p = f; *p; p++) {
		if (*p != '%')
			continue;
		start = p++;
		if (*p == '.')
			p++;
		if (fs_sprio_width(p, &width, &p) < 0) {
			fs_warn("--format: the width in '%.*s' is beyond %d "
				"columns", (int)(p - start + (*p != 0)), start,
				FS_WIDTH_MAX);
			return -1;
		}
		if (!*p || !strchr("iruoyYSaAbBfFjJpPqQNtTl", *p)) {
			fs_warn("--format: unknown field '%%%c' (sprio's "
				"i r u y Y S a A b B f F j J p P q Q N t T, and "
				"o for the account, l for the QOS)", *p ? *p :
				' ');
			return -1;
		}
	}
	return 0;
}

/* One line of an sprio-style format: job NULL for the header, weights for
 * the weights line. */
static void
format_line(struct ctx *x, struct fs_buf *b, const char *fmt,
	    const struct fs_prio_pending *j, int weights)
{
	const struct fs_prio_conf *c = &x->s.conf;
	const char *p;
	char v[64];

	for (p = fmt; *p; p++) {
		int right = 0, width = 0;
		char f;
		const char *head = "", *val = v;
		struct fs_buf t;
		double w = 0, n = 0;
		int factor = 0;

		if (*p != '%') {
			fs_buf_addch(b, *p);
			continue;
		}
		p++;
		if (*p == '.') {
			right = 1;
			p++;
		}
		fs_sprio_width(p, &width, &p);	/* bounded: check_format */
		f = *p;
		v[0] = '\0';
		fs_buf_init(&t);
		switch (f) {
		case 'i': head = "JOBID"; if (j) val = j->id; else if (weights) val = "Weights"; break;
		case 'r': head = "PARTITION"; if (j) val = j->part; break;
		case 'u': head = "USER"; if (j) val = j->user; break;
		case 'o': head = "ACCOUNT"; if (j) val = j->acct; break;
		case 'l': head = "QOSNAME"; if (j) val = j->qos; break;
		case 'y':
			head = "PRIORITY";
			if (j)
				snprintf(v, sizeof(v), "%16.14f",
					 j->f.priority / (double)0xffffffffu);
			break;
		case 'Y':
			head = "PRIORITY";
			if (j)
				snprintf(v, sizeof(v), "%u", j->f.priority);
			break;
		case 'S':
			head = "SITE";
			if (j)
				snprintf(v, sizeof(v), "%lld", (long long)j->site);
			else if (weights)
				snprintf(v, sizeof(v), "1");
			break;
		case 'N':
			head = "NICE";
			if (j)
				snprintf(v, sizeof(v), "%lld", (long long)j->nice);
			break;
		case 'a': case 'A':
			head = "AGE"; factor = 1; w = c->w_age;
			if (j) n = f == 'a' ? j->f.age : j->f.w_age;
			break;
		case 'b': case 'B':
			head = "ASSOC"; factor = 1; w = c->w_assoc;
			if (j) n = f == 'b' ? j->f.assoc : j->f.w_assoc;
			break;
		case 'f': case 'F':
			head = "FAIRSHARE"; factor = 1; w = c->w_fs;
			if (j) n = f == 'f' ? j->f.fs : j->f.w_fs;
			break;
		case 'j': case 'J':
			head = "JOBSIZE"; factor = 1; w = c->w_js;
			if (j) n = f == 'j' ? j->f.js : j->f.w_js;
			break;
		case 'p': case 'P':
			head = "PARTITION"; factor = 1; w = c->w_part;
			if (j) n = f == 'p' ? j->f.part : j->f.w_part;
			break;
		case 'q': case 'Q':
			head = "QOS"; factor = 1; w = c->w_qos;
			if (j) n = f == 'q' ? j->f.qos : j->f.w_qos;
			break;
		case 't': case 'T':
			head = "TRES";
			if (j)
				fmt_tres(&t, c, j, f == 'T', f == 'T' ? "%.0f"
					 : "%.2f");
			else if (weights && f == 'T') {
				size_t i;

				for (i = 0; i < c->ntres; i++) {
					fs_buf_printf(&t, "%s%s=", i ? "," : "",
						      c->tres_name[i]);
					fs_buf_double(&t, c->tres_weight[i]);
				}
			}
			val = t.data ? t.data : "";
			break;
		}
		if (factor) {
			if (j)
				snprintf(v, sizeof(v), f >= 'a' ? "%.7lf"
					 : "%.0f", n);
			else if (weights)
				snprintf(v, sizeof(v), "%.0f", w);
		}
		cell(b, j || weights ? val : head, width, right);
		fs_buf_release(&t);
	}
	fs_buf_addch(b, '\n');
}

static void
write_format(struct ctx *x, struct fs_buf *b, const char *fmt)
{
	size_t i;

	if (!x->o->noheader)
		format_line(x, b, fmt, NULL, 0);
	if (x->o->weights) {
		format_line(x, b, fmt, NULL, 1);
		return;
	}
	for (i = 0; i < x->s.njob; i++)
		format_line(x, b, fmt, &x->s.job[x->order[i]], 0);
}

static void
json_num(struct fs_buf *b, const char *key, double v)
{
	fs_buf_printf(b, "\"%s\": ", key);
	if (isfinite(v))
		fs_buf_double(b, v);
	else
		fs_buf_addstr(b, "null");
}

static const char *const factor_name[] = {
	"Age", "Assoc", "FairShare", "JobSize", "Partition", "QOS", "TRES",
	"Site", "Nice"
};
#define NFACTOR 9

static void
weighted(const struct fs_prio_pending *j, double *v)
{
	v[0] = j->f.w_age;
	v[1] = j->f.w_assoc;
	v[2] = j->f.w_fs;
	v[3] = j->f.w_js;
	v[4] = j->f.w_part;
	v[5] = j->f.w_qos;
	v[6] = j->f.tres_sum;
	v[7] = (double)j->site;
	v[8] = -(double)j->nice;
}

/* The factor that puts a ahead of b: the largest positive difference. */
static int
decides(const struct fs_prio_pending *a, const struct fs_prio_pending *b, double *d)
{
	double va[NFACTOR], vb[NFACTOR], best = 0;
	int k, which = -1;

	weighted(a, va);
	weighted(b, vb);
	for (k = 0; k < NFACTOR; k++) {
		d[k] = va[k] - vb[k];
		if (d[k] > best) {
			best = d[k];
			which = k;
		}
	}
	return which;
}

static void
write_json(struct ctx *x, struct fs_buf *b)
{
	const struct fs_prio_conf *c = &x->s.conf;
	char d[32];
	size_t i, k, total;

	fs_buf_addstr(b, "{\n  \"cluster\": ");
	fs_json_string(b, x->s.cl.cluster ? x->s.cl.cluster : "");
	fs_iso_time(x->now, d);
	fs_buf_printf(b, ",\n  \"taken\": \"%s\",\n  \"source\": ", d);
	fs_json_string(b, x->source);
	fs_buf_printf(b, ",\n  \"weights\": {\"age\": %u, \"assoc\": %u, "
		      "\"fairshare\": %u, \"jobsize\": %u, \"partition\": %u, "
		      "\"qos\": %u, \"tres\": {", c->w_age, c->w_assoc, c->w_fs,
		      c->w_js, c->w_part, c->w_qos);
	for (i = 0; i < c->ntres; i++) {
		fs_buf_printf(b, "%s\"%s\": ", i ? ", " : "", c->tres_name[i]);
		fs_buf_double(b, c->tres_weight[i]);
	}
	fs_buf_printf(b, "}},\n  \"max_age\": %u,\n  \"jobs\": [", c->max_age);
	for (i = 0; i < x->s.njob; i++) {
		const struct fs_prio_pending *j = &x->s.job[x->order[i]];
		const struct fs_prio_factors *f = &j->f;
		size_t place = place_of(x, i, &total);

		fs_buf_addstr(b, i ? ",\n    {" : "\n    {");
		fs_buf_addstr(b, "\"id\": ");
		fs_json_string(b, j->id);
		fs_buf_addstr(b, ", \"user\": ");
		fs_json_string(b, j->user);
		fs_buf_addstr(b, ", \"account\": ");
		fs_json_string(b, j->acct);
		fs_buf_addstr(b, ", \"partition\": ");
		fs_json_string(b, j->part);
		fs_buf_addstr(b, ", \"qos\": ");
		fs_json_string(b, j->qos);
		fs_buf_printf(b, ", \"new\": %s, \"priority\": %u, \"place\": "
			      "%zu, \"of\": %zu,\n     \"factors\": {",
			      j->is_new ? "true" : "false", f->priority, place,
			      total);
		json_num(b, "age", f->age);
		fs_buf_addstr(b, ", ");
		json_num(b, "assoc", f->assoc);
		fs_buf_addstr(b, ", ");
		json_num(b, "fairshare", f->fs);
		fs_buf_addstr(b, ", ");
		json_num(b, "jobsize", f->js);
		fs_buf_addstr(b, ", ");
		json_num(b, "partition", f->part);
		fs_buf_addstr(b, ", ");
		json_num(b, "qos", f->qos);
		fs_buf_addstr(b, "},\n     \"weighted\": {");
		json_num(b, "age", f->w_age);
		fs_buf_addstr(b, ", ");
		json_num(b, "assoc", f->w_assoc);
		fs_buf_addstr(b, ", ");
		json_num(b, "fairshare", f->w_fs);
		fs_buf_addstr(b, ", ");
		json_num(b, "jobsize", f->w_js);
		fs_buf_addstr(b, ", ");
		json_num(b, "partition", f->w_part);
		fs_buf_addstr(b, ", ");
		json_num(b, "qos", f->w_qos);
		fs_buf_addstr(b, ", \"tres\": {");
		for (k = 0; k < c->ntres; k++) {
			fs_buf_printf(b, "%s", k ? ", " : "");
			json_num(b, c->tres_name[k], f->w_tres[k]);
		}
		fs_buf_printf(b, "}, \"site\": %lld, \"nice\": %lld},\n     ",
			      (long long)j->site, (long long)j->nice);
		json_num(b, "sum", f->sum);
		if (x->newjob && !j->is_new && i < x->newpos &&
		    !strcmp(j->part, x->newjob->part)) {
			double dd[NFACTOR];
			int w = decides(j, x->newjob, dd);

			fs_buf_addstr(b, ", \"ahead_of_new\": true, \"decides\": ");
			if (j->f.priority == x->newjob->f.priority)
				fs_json_string(b, "submitted first");
			else if (w < 0)
				fs_buf_addstr(b, "null");
			else
				fs_json_string(b, factor_name[w]);
		}
		fs_buf_addstr(b, "}");
	}
	fs_buf_addstr(b, "\n  ]\n}\n");
}

static void
write_explain(struct ctx *x, struct fs_buf *b)
{
	const struct fs_prio_pending *n = x->newjob, *j;
	const struct fs_prio_factors *f = &n->f;
	size_t i, pos = x->newpos, total, place, ahead = 0;
	double d[NFACTOR];
	int k;

	place = place_of(x, pos, &total);
	fs_buf_printf(b, "new job: %s/%s in partition %s, QOS %s, %u CPU%s on "
		      "%u node%s, time limit ", n->acct, n->user, n->part,
		      n->qos, n->cpus, n->cpus == 1 ? "" : "s", n->nodes,
		      n->nodes == 1 ? "" : "s");
	if (n->pj.time_limit == FS_INFINITE)
		fs_buf_addstr(b, "UNLIMITED\n");
	else
		fs_buf_printf(b, "%u min\n", n->pj.time_limit);
	fs_buf_printf(b, "priority: %u = age %.0f + assoc %.0f + fairshare "
		      "%.0f + jobsize %.0f + partition %.0f + qos %.0f + tres "
		      "%.0f + site %lld - nice %lld", f->priority, f->w_age,
		      f->w_assoc, f->w_fs, f->w_js, f->w_part, f->w_qos,
		      f->tres_sum, (long long)n->site, (long long)n->nice);
	if (f->clamped < 0)
		fs_buf_addstr(b, " (raised to 1)");
	else if (f->clamped > 0)
		fs_buf_addstr(b, " (cut to 4294967295)");
	if (x->have_tree)
		fs_buf_printf(b, "\n          fairshare factor %.6f",
			      n->pj.fs);
	fs_buf_printf(b, "\nplace: %zu of %zu in partition %s (%zu pending "
		      "job%s ahead, %zu behind)\n", place, total, n->part,
		      place - 1, place == 2 ? "" : "s", total - place);
	for (i = 0; i < pos; i++) {
		int w;

		j = &x->s.job[x->order[i]];
		if (strcmp(j->part, n->part))
			continue;
		if (!ahead++)
			fs_buf_addstr(b, "ahead:\n");
		w = decides(j, n, d);
		fs_buf_printf(b, "  job %s (%s/%s): %u, %u more: ", j->id,
			      j->acct, j->user, j->f.priority,
			      j->f.priority - f->priority);
		if (j->f.priority == f->priority)
			fs_buf_addstr(b, "the same priority; it was "
				      "submitted first");
		else if (w < 0)
			fs_buf_addstr(b, "no factor is higher");
		else {
			int more = 0;

			fs_buf_printf(b, "%s decides (%+.0f", factor_name[w],
				      d[w]);
			for (k = 0; k < NFACTOR; k++)
				if (k != w && fabs(d[k]) >= 0.5)
					fs_buf_printf(b, "%s%s %+.0f",
						      more++ ? ", " : "; ",
						      factor_name[k], d[k]);
			fs_buf_addch(b, ')');
		}
		fs_buf_addch(b, '\n');
	}
}

/* ------------------------------------------------------------------ run */

/* A job's place in the queue, its id read once: best first by priority,
 * then the new job after its equals (it would be submitted last), then job
 * id as Slurm's queue would (numerically when both are numbers), then
 * partition. */
struct queue_key {
	uint32_t priority;
	int is_new, numeric;
	unsigned long long id;
	const struct fs_prio_pending *job;
	size_t i;
};

static int
by_priority(const void *pa, const void *pb)
{
	const struct queue_key *a = pa, *b = pb;
	int c;

	if (a->priority != b->priority)
		return a->priority > b->priority ? -1 : 1;
	if (a->is_new != b->is_new)
		return a->is_new - b->is_new;
	if (a->numeric && b->numeric && a->id != b->id)
		return a->id < b->id ? -1 : 1;
	if ((c = strcmp(a->job->id, b->job->id)))
		return c;
	return strcmp(a->job->part, b->job->part);
}

/* The order of the n jobs in the queue, into order. */
static void
queue_order(const struct fs_prio_pending *job, size_t n, size_t *order)
{
	struct queue_key *k = fs_xcalloc(n + 1, sizeof(*k));
	size_t i;

	for (i = 0; i < n; i++) {
		char *end;

		k[i].priority = job[i].f.priority;
		k[i].is_new = job[i].is_new;
		k[i].id = strtoull(job[i].id, &end, 10);
		k[i].numeric = *job[i].id && !*end;
		k[i].job = &job[i];
		k[i].i = i;
	}
	qsort(k, n, sizeof(*k), by_priority);
	for (i = 0; i < n; i++)
		order[i] = k[i].i;
	free(k);
}

/* The tree's taken (fs_meta_date; fs_report_rank has checked it). */
static int
tree_taken(const struct ctx *x, long long *t, struct fs_err *e)
{
	int r = fs_meta_date(&x->t.h, "taken", t, e);

	if (r < 0)
		e->file = x->tree_name;
	return r;
}

/* Read the tree from --tree or standard input (when there is one). */
static int
read_tree(struct ctx *x, struct fs_err *e)
{
	const char *name = x->o->tree;
	struct fs_buf text;
	FILE *in = stdin;

	fs_buf_init(&text);
	if (name && strcmp(name, "-")) {
		if (!(in = fopen(name, "r"))) {
			e->file = name;
			fs_buf_release(&text);
			return fs_error(e, 0, "%s", strerror(errno));
		}
	} else if (name) {
		name = "<stdin>";
	} else {
		/* Standard input only when asked for: in a shell loop it
		 * is the loop's, under cron /dev/null. */
		fs_buf_release(&text);
		return 0;
	}
	e->file = name;
	if (fs_slurp(in, &text, e) < 0) {
		if (in != stdin)
			fclose(in);
		fs_buf_release(&text);
		return -1;
	}
	if (in != stdin)
		fclose(in);
	x->tree_name = name;
	x->have_tree = 1;
	return fs_table_parse(&x->t, &text, e);
}

static int
rank_tree(struct ctx *x, struct fs_err *e)
{
	struct fs_header *h = &x->t.h;

	e->file = x->tree_name;
	/* The cluster's algorithm unless the tree says how it was ranked. */
	if (!fs_header_meta(h, "algorithm"))
		fs_header_set_meta(h, "algorithm", fs_algorithm_name(
					   fs_prio_algorithm(x->s.conf.flags)));
	if (!fs_header_meta(h, "dampening") && x->s.conf.dampening) {
		char buf[16];

		snprintf(buf, sizeof(buf), "%u", x->s.conf.dampening);
		fs_header_set_meta(h, "dampening", buf);
	}
	if (fs_tree_build(&x->tr, &x->t, e) < 0)
		return -1;
	if (fs_report_rank(&x->tr, &x->ro, e) < 0) {
		fs_tree_release(&x->tr);	/* run() frees a built one */
		return -1;
	}
	return 0;
}

static int
run(const struct opts *o)
{
	struct ctx x;
	struct fs_err e = {NULL, 0, ""};
	struct fs_buf out;
	size_t i;
	int ret = FS_EXIT_DATA, built = 0, r = 0;

	if (o->user) {
		struct fs_prio_pending j;
		double mem = 0;

		memset(&j, 0, sizeof(j));
		if (job_opts(o, &j, &mem) < 0)
			return FS_EXIT_USAGE;
	}
	memset(&x, 0, sizeof(x));
	x.o = o;
	fs_prio_snapshot_init(&x.s);
	fs_buf_init(&out);
	x.source = "slurm.conf";

	if (read_tree(&x, &e) < 0)
		goto fail;
	if (o->offline) {
		if (load_conf(&x.s, o, &e) < 0 || load_qos(&x.s, o->qos_prio,
							   &e) < 0)
			goto fail;
		if (o->jobs && load_jobs(&x.s, o->jobs, &e) < 0)
			goto fail;
		x.source = o->conf ? o->conf : "--set";
	} else {
		if (o->qos_prio) {
			fs_warn("--qos-priority is for offline use (with "
				"--conf); live, the QOS come from the cluster");
			ret = FS_EXIT_USAGE;
			goto out;
		}
		e.file = NULL;
		if (fs_live_prio(&x.s, &e) < 0)
			goto fail;
		x.source = "live";
		if (!x.have_tree) {
			struct fs_buf t = x.s.tree;

			fs_buf_init(&x.s.tree);
			e.file = x.tree_name = "<cluster>";
			x.have_tree = 1;
			if (fs_table_parse(&x.t, &t, &e) < 0)
				goto fail;
		}
	}
	if (!x.s.conf.type_multifactor) {
		e.file = x.o->offline ? x.source : NULL;
		fs_error(&e, 0, "PriorityType is not priority/multifactor: "
			 "Slurm orders jobs by submission, not by these "
			 "factors");
		goto fail;
	}
	if (x.have_tree) {
		if (rank_tree(&x, &e) < 0)
			goto fail;
		built = 1;
		if (o->offline && tree_priorities(&x.s, &x.tr, &e) < 0)
			goto fail;
	} else if (x.s.conf.w_fs && (x.s.njob || o->user) && !o->weights) {
		e.file = NULL;
		fs_error(&e, 0, "PriorityWeightFairshare is set but there is no "
			 "tree: give --tree FILE, or --tree - for fs-rank's "
			 "output on a pipe");
		goto fail;
	}
	e.file = NULL;
	if (o->now) {
		if (fs_parse_date(o->now, &x.now, &e) < 0) {
			fs_warn("--now: %s", e.msg);
			ret = FS_EXIT_USAGE;
			goto out;
		}
	} else if (!o->offline)
		x.now = x.s.now;
	else if (!x.have_tree || !(r = tree_taken(&x, &x.now, &e)))
		x.now = (long long)time(NULL);
	if (r < 0)
		goto fail;
	/* A tree taken later than the jobs (fs-decay --elapsed) moves now. */
	if (!o->now && !o->offline && built) {
		long long t;

		if ((r = tree_taken(&x, &t, &e)) < 0)
			goto fail;
		if (r && t > x.now)
			x.now = t;
	}

	split_partitions(&x.s);
	e.file = o->jobs;
	for (i = 0; i < x.s.njob; i++)
		if (resolve(&x, &x.s.job[i], &e) < 0)
			goto fail;
	if (o->user) {
		int r = new_job(&x, &e);

		if (r == -2) {
			ret = FS_EXIT_USAGE;
			goto out;
		}
		if (r < 0)
			goto fail;
		x.newjob = &x.s.job[x.s.njob - 1];
		e.file = NULL;
		if (resolve(&x, x.newjob, &e) < 0) {
			/* Name the option rather than a job "new". */
			char *p = strstr(e.msg, "job new: ");

			if (p)
				memmove(p, p + 9, strlen(p + 9) + 1);
			goto fail;
		}
	}
	for (i = 0; i < x.s.njob; i++)
		fs_prio_compute(&x.s.conf, &x.s.job[i].pj, x.now,
				&x.s.job[i].f);
	x.order = fs_xcalloc(x.s.njob + 1, sizeof(*x.order));
	queue_order(x.s.job, x.s.njob, x.order);
	for (i = 0; i < x.s.njob; i++)
		if (&x.s.job[x.order[i]] == x.newjob)
			x.newpos = i;
	set_places(&x);

	switch (o->out) {
	case OUT_DEFAULT:
		if (o->weights) {
			write_format(&x, &out, LONG_FORMAT);
			break;
		}
		if (x.newjob) {
			write_explain(&x, &out);
			break;
		}
		/* fall through */
	case OUT_TSV:
		write_tsv(&x, &out);
		break;
	case OUT_LONG:
		write_format(&x, &out, LONG_FORMAT);
		break;
	case OUT_FORMAT:
		write_format(&x, &out, o->format);
		break;
	case OUT_JSON:
		write_json(&x, &out);
		break;
	}
	ret = fs_write_all(stdout, out.data ? out.data : "", out.len) < 0
		? FS_EXIT_DATA : FS_EXIT_OK;
	goto out;
fail:
	fs_err_print(&e);
	ret = FS_EXIT_DATA;
out:
	free(x.order);
	free(x.place);
	free(x.ptotal);
	if (built)
		fs_tree_release(&x.tr);
	if (x.have_tree)
		fs_table_release(&x.t);
	fs_buf_release(&out);
	fs_prio_snapshot_release(&x.s);
	return ret;
}

int
main(int argc, char **argv)
{
	enum { O_SET = 256, O_NOW, O_MEM, O_NICE, O_TSV, O_JSON, O_NOHEADER };
	static const struct option lo[] = {
		{"conf", required_argument, NULL, 'c'},
		{"set", required_argument, NULL, O_SET},
		{"jobs", required_argument, NULL, 'j'},
		{"qos-priority", required_argument, NULL, 'Q'},
		{"tree", required_argument, NULL, 't'},
		{"now", required_argument, NULL, O_NOW},
		{"user", required_argument, NULL, 'u'},
		{"account", required_argument, NULL, 'A'},
		{"partition", required_argument, NULL, 'p'},
		{"qos", required_argument, NULL, 'q'},
		{"cpus", required_argument, NULL, 'n'},
		{"nodes", required_argument, NULL, 'N'},
		{"time", required_argument, NULL, 'T'},
		{"mem", required_argument, NULL, O_MEM},
		{"nice", required_argument, NULL, O_NICE},
		{"tsv", no_argument, NULL, O_TSV},
		{"long", no_argument, NULL, 'l'},
		{"format", required_argument, NULL, 'o'},
		{"weights", no_argument, NULL, 'w'},
		{"json", no_argument, NULL, O_JSON},
		{"noheader", no_argument, NULL, O_NOHEADER},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	struct opts o;
	int c, ret, nout = 0;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	fs_buf_init(&o.set);
	while ((c = getopt_long(argc, argv, "c:j:Q:t:u:A:p:q:n:N:T:lo:whV", lo,
				NULL)) != -1) {
		switch (c) {
		case 'c': o.conf = optarg; o.offline = 1; break;
		case O_SET:
			fs_buf_addstr(&o.set, optarg);
			fs_buf_addch(&o.set, '\n');
			o.offline = 1;
			break;
		case 'j': o.jobs = optarg; o.offline = 1; break;
		case 'Q': o.qos_prio = optarg; break;
		case 't': o.tree = optarg; break;
		case O_NOW: o.now = optarg; break;
		case 'u': o.user = optarg; break;
		case 'A': o.account = optarg; break;
		case 'p': o.partition = optarg; break;
		case 'q': o.qos = optarg; break;
		case 'n': o.cpus = optarg; break;
		case 'N': o.nodes = optarg; break;
		case 'T': o.time = optarg; break;
		case O_MEM: o.mem = optarg; break;
		case O_NICE: o.nice = optarg; break;
		case O_TSV: o.out = OUT_TSV; nout++; break;
		case 'l': o.out = OUT_LONG; nout++; break;
		case 'o':
			o.out = OUT_FORMAT;
			o.format = optarg;
			nout++;
			break;
		case 'w':
			o.weights = 1;
			break;
		case O_JSON: o.out = OUT_JSON; nout++; break;
		case O_NOHEADER: o.noheader = 1; break;
		case 'V':
			fs_print_version();
			fs_live_print_version();
			fs_buf_release(&o.set);
			return fs_stdout_close();
		case 'h':
			usage(stdout);
			fs_buf_release(&o.set);
			return fs_stdout_close();
		default:
			usage(stderr);
			fs_buf_release(&o.set);
			return FS_EXIT_USAGE;
		}
	}
	ret = FS_EXIT_USAGE;
	if (optind < argc) {
		fs_warn("unexpected argument '%s' (the tree comes on standard "
			"input or with --tree)", argv[optind]);
		usage(stderr);
	} else if (nout > 1) {
		fs_warn("choose one output: --tsv, -l, -o or --json");
	} else if (o.weights && (o.out == OUT_TSV || o.out == OUT_JSON)) {
		fs_warn("-w prints sprio's columns: not with --tsv or --json");
	} else if (o.format && check_format(o.format) < 0) {
		;
	} else if (!o.user && (o.account || o.partition || o.qos || o.cpus ||
			       o.nodes || o.time || o.mem || o.nice)) {
		fs_warn("--account, --partition, --qos, --cpus, --nodes, "
			"--time, --mem and --nice describe a new job: give "
			"--user too");
	} else if (!o.offline && o.qos_prio) {
		fs_warn("--qos-priority is for offline use (with --conf)");
	} else if (!o.offline && !fs_live_available()) {
		fs_warn("built without libslurm: give --conf FILE (and a tree "
			"on standard input, --jobs FILE) to work offline");
	} else
		ret = run(&o);
	fs_buf_release(&o.set);
	c = fs_stdout_close();
	return ret ? ret : c;
}
