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
#include <pwd.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fs.h"


enum out_format { OUT_DEFAULT, OUT_TSV, OUT_LONG, OUT_FORMAT, OUT_JSON };

struct opts {
	const char *conf, *jobs_file, *tree, *qos_prio, *now;
	const char *usage_factors;	/* --usage-factor */
	int cost;			/* --cost */
	int brief;			/* --brief: the hook's lines */
	int accounts;			/* --accounts */
	struct fs_buf set;		/* --set lines */
	int offline;
	int new;			/* --new: job describes a new job */
	struct fs_prio_newjob job;
	const char *jobs, *users, *parts;	/* sprio's -j, -u, -p */
	int jobs_given;
	const char *sort;
	enum out_format out;
	const char *format;
	int noheader, norm, weights;
};

static const char synopsis[] =
	"usage: fs-prio [--conf FILE] [--set 'KEY=VALUE ...'] "
	"[--jobs-file FILE]\n"
	"               [-Q NAME=N,...] [--usage-factor QOS=F,...] "
	"[--tree FILE]\n"
	"               [--now TIME]\n"
	"               [-j JOBS] [-u USERS] [-p PARTS] [-S FIELDS]\n"
	"               [--tsv | -l | -o FORMAT | -w | --json] [-n] [-h]\n"
	"       fs-prio --new [-u [ACCOUNT/]USER] [-A ACCOUNT] [-p PART] "
	"[-q QOS]\n"
	"               [-n N] [-c N] [-N N] [-t TIME] [--mem SIZE] "
	"[--nice N]\n"
	"               [--cost | --brief] [--accounts]\n"
	"               [options above but -j, -u, -p, -n]\n";

static void
help(void)
{
	printf("%s"
		"\n"
		"Slurm's multifactor priority of the pending jobs, as sprio "
		"shows it, and of\n"
		"a job not yet submitted (--new): its priority now, its place "
		"and why the\n"
		"jobs ahead of it are ahead. A ranked tree (--tree) gives the "
		"fairshare\n"
		"factor: fs-tree | fs-decay --elapsed 2d | fs-rank | "
		"fs-prio --tree - ...\n"
		"\n"
		"      --conf FILE          offline: slurm.conf's Priority*, "
		"nodes, partitions\n"
		"      --set 'KEY=VALUE'    offline: one more slurm.conf line "
		"(repeatable)\n"
		"      --jobs-file FILE     offline: pending jobs (TSV, see "
		"fs-prio(1))\n"
		"  -Q, --qos-priority LIST  offline: QOS priorities, "
		"normal=0,high=100\n"
		"      --usage-factor LIST  offline: QOS UsageFactors, "
		"scavenger=0.5 (default 1)\n"
		"      --tree FILE          the TSV tree, - for standard input "
		"(default:\n"
		"                           live, the cluster's; offline, "
		"none); with --new,\n"
		"                           a directory of fs-rank --per-user "
		"(the user's file)\n"
		"      --now TIME           the time to compute ages at "
		"(ISO 8601, now+1hour)\n"
		"  -j, --jobs JOBS          only these job ids (comma "
		"separated), as sprio -j\n"
		"  -u, --user USERS         only these users' jobs, as sprio "
		"-u\n"
		"  -p, --partition PARTS    only these partitions' rows, as "
		"sprio -p\n"
		"  -S, --sort FIELDS        sort by sprio's fields, '-' "
		"descending (default: i,\n"
		"                           by job id; -S -y for the highest "
		"priority first)\n"
		"      --tsv                TSV (the default without -n)\n"
		"  -l, --long               sprio -l's columns\n"
		"  -o, --format FORMAT      sprio's -o format\n"
		"  -n, --norm               normalised factors, as sprio -n\n"
		"  -w, --weights            the weights, as sprio -w\n"
		"      --json               one JSON document\n"
		"  -h, --noheader           no header line (-l, -o, -n, -w)\n"
		"      --help               this help\n"
		"  -V, --version            the version and the Slurm "
		"release\n"
		"\n"
		"A job not yet submitted, with sbatch's options:\n"
		"      --new                compute the job the options below "
		"describe\n"
		"  -u, --user [ACCOUNT/]USER  its user (default: you)\n"
		"  -A, --account ACCOUNT    its account (default: the user's "
		"only one)\n"
		"  -p, --partition PART     its partition (default: the "
		"default partition)\n"
		"  -q, --qos QOS            its QOS (default: normal)\n"
		"  -n, --ntasks N           tasks (default 1)\n"
		"  -c, --cpus-per-task N    CPUs per task (default 1)\n"
		"  -N, --nodes N            nodes (default 1)\n"
		"  -t, --time TIME          time limit (default: the "
		"partition's)\n"
		"      --mem SIZE           memory, MB or with K, M, G, T\n"
		"      --nice N             nice value\n"
		"      --cost               what it will cost the user's "
		"fairshare: its billing\n"
		"                           charge and FairShare and rank "
		"before and after\n"
		"                           it ran to its time limit "
		"(needs a tree)\n"
		"      --brief              the lines sbatch shows "
		"(contrib/cli_filter.lua):\n"
		"                           priority, place and, with a "
		"tree, cost in one run\n"
		"      --accounts           the same job under each of the "
		"user's accounts\n"
		"\n"
		"Live mode built in: %s. See fs-prio(1).\n", synopsis,
		fs_live_available() ? "yes" : "no");
}

/* ------------------------------------------------------------- offline */

static int
read_file(const char *path, struct fs_buf *b, struct fs_err *e)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	int ret;

	e->file = path;
	if (!f)
		return fs_error(e, 0, "%s", strerror(errno));
	/* A file's room (and the 64 KB fs_slurp asks beyond it), in 2 MB
	 * pages when big (b's: fs_buf_release frees it), the pages the file
	 * fills made at once rather than faulted in by each read. */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 4) {
		if (!b->data) {
			b->data = fs_xcalloc_filled((size_t)st.st_size +
						    (1 << 16) + 2, &b->cap);
			b->huge = 1;
		} else
			fs_buf_grow(b, (size_t)st.st_size + (1 << 16) + 2);
		fs_prefault(b->data, (size_t)st.st_size + 2);
	}
	ret = fs_slurp(f, b, e);
	fclose(f);
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
	/* The jobs' names lie in it. */
	fs_free_huge(s->jobs_text, s->jobs_text_room, 1);
	s->jobs_text = text.data;
	s->jobs_text_room = text.huge ? text.cap : 0;
	if (!ret)
		e->file = NULL;
	return ret;
}

struct ctx {
	const struct opts *o;
	struct fs_prio_ctx p;		/* p.s is s, p.tr tr once ranked */
	struct fs_prio_snapshot s;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_rank_opts ro;
	int have_tree;
	const char *source;
	const char *tree_name;
	struct fs_sprio out;
	int stored_ages;		/* ages at each job's age_at */
	const char *release;		/* sprio's columns: live, libslurm's
					 * release; offline, 22.05's */
	int peruser_dfd;		/* --tree DIR (fs-rank --per-user) */
	char *where;			/* the file an error names */
};

/* ------------------------------------------------------------------ run */

/* The tree's taken (fs_meta_common_read; fs_report_rank has checked it). */
static int
tree_taken(const struct ctx *x, long long *t, struct fs_err *e)
{
	struct fs_meta_common mc;

	if (fs_meta_common_read(&x->t.h, FS_META_TAKEN, &mc, e) < 0) {
		e->file = x->tree_name;
		return -1;
	}
	if (mc.has_taken)
		*t = mc.taken;
	return mc.has_taken;
}

/* Whether standard input is a pipe: fs-rank | fs-prio. */
static int
stdin_is_pipe(void)
{
	struct stat st;

	return fstat(0, &st) == 0 && S_ISFIFO(st.st_mode);
}

static int
is_dir(const char *name)
{
	struct stat st;

	return stat(name, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Read the tree from --tree or standard input (when there is one). */
static int
read_tree(struct ctx *x, struct fs_err *e)
{
	const char *name = x->o->tree;
	struct fs_buf text;
	FILE *in = stdin;

	fs_buf_init(&text);
	if (name && is_dir(name)) {
		/* fs-rank --per-user's directory: the user's own part. */
		const char *user = x->o->job.user, *slash;

		if (!x->o->new || x->o->cost) {
			fs_buf_release(&text);
			e->file = name;
			return fs_error(e, 0, "a directory of per-user files "
					"(fs-rank --per-user) answers --new "
					"and --brief, not this: give the whole "
					"ranked tree");
		}
		if (user && (slash = strrchr(user, '/')))
			user = slash + 1;
		if (fs_peruser_read(name, user ? user : "", &text,
				    &x->peruser_dfd, e) < 0) {
			fs_buf_release(&text);
			return -1;
		}
		x->tree_name = name;
		x->have_tree = 1;
		if (fs_table_parse(&x->t, &text, e) < 0)
			return -1;
		x->t.subset_ok = 1;
		return 0;
	}
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

/* The snapshot, from the cluster or from files, and the tree. Returns 0,
 * -1 with e set, or -2 after a usage message. */
static int
load(struct ctx *x, struct fs_err *e)
{
	const struct opts *o = x->o;

	if (read_tree(x, e) < 0)
		return -1;
	if (o->offline) {
		if (fs_prio_conf_load(&x->s, o->conf, o->set.data, o->set.len,
				      &x->where, e) < 0 ||
		    fs_prio_parse_qos(&x->s, o->qos_prio, e) < 0)
			return -1;
		if (o->jobs_file && load_jobs(&x->s, o->jobs_file, e) < 0)
			return -1;
		if (o->usage_factors &&
		    fs_prio_parse_usage_factors(&x->s, o->usage_factors, e) < 0)
			return -1;
		x->source = o->conf ? o->conf : "--set";
		return 0;
	}
	if (o->qos_prio) {
		fs_warn("--qos-priority is for offline use (with --conf); "
			"live, the QOS come from the cluster");
		return -2;
	}
	e->file = NULL;
	if (fs_live_prio(&x->s, e) < 0) {
		/* Offline needs no cluster: say how. */
		if ((!strncmp(e->msg, "no slurm.conf", 13) ||
		     !strncmp(e->msg, "cannot read slurm.conf", 22)) &&
		    strlen(e->msg) + 128 < sizeof(e->msg))
			strcat(e->msg, stdin_is_pipe() && !o->tree ?
			       ", or work offline with --conf FILE or --set "
			       "'KEY=VALUE' (and --tree - to read the tree "
			       "on standard input)" :
			       ", or work offline with --conf FILE or --set "
			       "'KEY=VALUE'");
		return -1;
	}
	x->source = "live";
	x->release = fs_live_built_version();
	if (!x->have_tree) {
		struct fs_buf t = x->s.tree;

		fs_buf_init(&x->s.tree);
		e->file = x->tree_name = "<cluster>";
		x->have_tree = 1;
		if (fs_table_parse(&x->t, &t, e) < 0)
			return -1;
	}
	return 0;
}

/* The multifactor type, and the tree ranked when there is one. */
static int
rank(struct ctx *x, struct fs_err *e)
{
	const struct opts *o = x->o;

	if (!x->s.conf.type_multifactor) {
		e->file = o->offline ? x->source : NULL;
		return fs_error(e, 0, "PriorityType is not "
				"priority/multifactor: Slurm orders jobs by "
				"submission, not by these factors");
	}
	if (x->have_tree) {
		if (rank_tree(x, e) < 0)
			return -1;
		x->p.tr = &x->tr;
		if (o->offline && fs_prio_tree_priorities(&x->s, &x->tr, e) < 0)
			return -1;
	} else if (x->s.conf.w_fs && (x->s.njob || o->new) &&
		   !o->weights) {
		e->file = NULL;
		return fs_error(e, 0, "PriorityWeightFairshare is set but "
				"there is no tree: give --tree FILE, or --tree "
				"- for fs-rank's output on a pipe");
	}
	return 0;
}

/* The time ages are computed at: --now, the cluster's, the tree's or
 * this moment. Returns 0, -1 with e set, or -2 after a usage message. */
static int
set_now(struct ctx *x, struct fs_err *e)
{
	const struct opts *o = x->o;
	long long *now = &x->p.now, t;
	int r = 0;

	e->file = NULL;
	if (o->now) {
		if (fs_parse_when(o->now, (long long)time(NULL), 0, now, e) < 0) {
			fs_warn("--now: %s", e->msg);
			return -2;
		}
	} else if (!o->offline)
		*now = x->s.now;
	else if (!x->have_tree || !(r = tree_taken(x, now, e)))
		*now = (long long)time(NULL);
	if (r < 0)
		return -1;
	/* A tree taken later than the jobs (fs-decay --elapsed) moves now. */
	if (!o->now && !o->offline && x->p.tr) {
		if ((r = tree_taken(x, &t, e)) < 0)
			return -1;
		if (r && t > *now)
			*now = t;
	}
	/* Otherwise, live, the ages the controller stored (sprio's). */
	x->stored_ages = !o->now && !o->offline && *now == x->s.now;
	return 0;
}

/* Every job's priority, the new one's too. Returns 0, -1 with e set, or
 * -2 after a usage message. */
static int
compute(struct ctx *x, struct fs_err *e)
{
	struct fs_prio_snapshot *s = &x->s;
	struct fs_prio_job pj;
	size_t i, n;
	int r;

	e->file = x->o->jobs_file;
	if (fs_prio_split_jobs(s, e) < 0)
		return -1;
	/* A job's association found by account and user. */
	fs_prio_ctx_index(&x->p);
	/* A job's formula inputs live only while its factors are computed
	 * (a big queue is smaller so). */
	for (n = s->njob, i = 0; i < n; i++) {
		struct fs_prio_pending *j = &s->job[i];

		if (fs_prio_resolve(&x->p, j, &pj, e) < 0)
			return -1;
		fs_prio_pending_compute(&s->conf, j, &pj, x->stored_ages &&
					j->age_at ? j->age_at : x->p.now);
	}
	if (x->o->new) {
		if ((r = fs_prio_new_job(&x->p, &x->o->job, e)) < 0) {
			if (r == -2)
				fs_err_print(e);
			return r;
		}
		/* Resolved once more, a row per QOS: it was, without
		 * error. */
		for (i = 0; i < x->p.nnew; i++) {
			fs_prio_resolve(&x->p, &x->p.newjob[i], &pj, e);
			fs_prio_pending_compute(&s->conf, &x->p.newjob[i], &pj,
						x->p.now);
		}
	}
	return 0;
}

/* --cost: what the new job (its row j: a QOS of it) charges and the
 * fairshare it leaves behind, into *in and *c. Returns 0, or -1 with e
 * set. */
static int
cost_run(struct ctx *x, const struct fs_prio_pending *j,
	 struct fs_cost_info *in, struct fs_cost *c, struct fs_err *e)
{
	const struct fs_prio_part *p = fs_prio_part_find(&x->s.cl, j->part);
	struct fs_prio_pending sizes;
	struct fs_cost_job cj;
	double mem = 0;
	struct fs_meta_common mc;
	uint32_t limit = j->limit;

	e->file = NULL;
	if (!x->p.tr)
		return fs_error(e, 0, "--cost needs the tree: give --tree "
				"FILE, or --tree - for fs-rank's output on a "
				"pipe");
	if ((limit == FS_INFINITE || limit == FS_NO_VAL) && x->o->job.time)
		return fs_error(e, 0, "--cost: the job has no time limit "
				"(--time %s, as for sbatch): give a finite one",
				x->o->job.time);
	if (limit == FS_INFINITE || limit == FS_NO_VAL)
		return fs_error(e, 0, "--cost: the job has no time limit "
				"(partition %s has none): give -t", j->part);
	/* Its memory as given (checked before), on every node. */
	memset(&sizes, 0, sizeof(sizes));
	if (fs_prio_job_opts(&x->o->job, &sizes, &mem, e) < 0)
		return -1;
	memset(in, 0, sizeof(*in));
	in->part = j->part;
	in->qos = j->qos;
	in->weights = p ? p->billing : NULL;
	in->max_tres = x->s.conf.flags & (FS_PRIO_MAX_TRES |
					  FS_PRIO_MAX_TRES_GRES);
	in->cpus = j->cpus;
	in->nodes = j->nodes;
	in->mem = mem * j->nodes;
	e->file = x->source;
	if (fs_prio_cost_job(&x->p, j, in->mem, &cj, e) < 0)
		return -1;
	e->file = x->tree_name;
	if (fs_meta_common_read(&x->t.h, FS_META_HALF_LIFE |
				FS_META_CALC_PERIOD, &mc, e) < 0)
		return -1;
	cj.law.half_life = mc.half_life;
	cj.period = mc.calc_period;
	if (x->p.tr->subset) {
		/* One user's part: the rank after from the lists on the
		 * path, when the snapshot has them (1), else none (0). */
		struct fs_cost_level *lv;
		size_t nlv;
		int r;

		e->file = x->tree_name;
		if ((r = fs_peruser_levels(x->peruser_dfd, x->p.tr, cj.assoc,
					   &lv, &nlv, e)) < 0)
			return -1;
		if (r == 0 || x->ro.algorithm != FS_ALG_FAIRTREE) {
			fs_peruser_levels_free(lv, nlv);
			return fs_cost_charge(&cj, c, e) < 0 ? -1 : 0;
		}
		r = fs_cost_run_levels(x->p.tr, &cj, lv, nlv, c, e);
		fs_peruser_levels_free(lv, nlv);
		return r < 0 ? -1 : r == 0;
	}
	return fs_cost_run(x->p.tr, &x->ro, &cj, c, e) < 0 ? -1 : 1;
}

/* The answer for each QOS of the job, in the controller's order: the text
 * of each after a blank line, or the JSON documents in an array when
 * there are several. */
static int
cost(struct ctx *x, struct fs_buf *b, struct fs_err *e)
{
	struct fs_cost_info in;
	struct fs_cost c;
	size_t r, n = x->p.nnew;
	int json = x->o->out == OUT_JSON;

	for (r = 0; r < n; r++) {
		if (cost_run(x, &x->p.newjob[r], &in, &c, e) < 0)
			return -1;
		if (json) {
			fs_buf_addstr(b, n == 1 ? "" : r ? ",\n" : "[\n");
			fs_cost_json(b, x->p.tr, &in, &c);
		} else {
			if (r)
				fs_buf_addch(b, '\n');
			fs_cost_text(b, x->p.tr, &x->ro, &in, &c);
		}
	}
	if (json && n > 1)
		fs_buf_addstr(b, "]\n");
	return 0;
}

/* The new job under each of its user's accounts (acct[0]: its own), into
 * sub, which owns sub->acct: its priority, its place among the pending
 * jobs and the user's FairShare and rank there. The job is left as it
 * was. */
static void
submit_facts(struct ctx *x, struct fs_submit *sub)
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
	sub->have_place = !x->o->offline || x->o->jobs_file;
	sub->have_fs = tr != NULL;
	sub->users = tr ? tr->user_count : 0;
	v = fs_xcalloc(room, sizeof(*v));
	v[0].acct = own;
	/* The user's other accounts, in the tree's order, once each. */
	for (i = 0; tr && x->o->accounts && i < tr->n; i++) {
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

/* --brief: the hook's lines; with a tree and a time limit, the cost too. */
static int
brief(struct ctx *x, struct fs_buf *b, struct fs_err *e)
{
	struct fs_submit sub;
	struct fs_cost_info in;
	struct fs_cost c;
	char taken[32] = "now";
	long long t;

	submit_facts(x, &sub);
	if (x->p.tr && tree_taken(x, &t, e) > 0)
		fs_iso_time(t, taken);
	sub.taken = taken;
	if (x->p.tr && x->p.newjob->limit != FS_INFINITE &&
	    x->p.newjob->limit != FS_NO_VAL) {
		int r = cost_run(x, x->p.newjob, &in, &c, e);

		if (r < 0) {
			free((void *)sub.acct);
			return -1;
		}
		sub.have_cost = 1;
		sub.no_after = r == 0;
		/* Said for the hook's debug switch; the lines stand. */
		if (r == 0)
			fs_warn("the FairShare after the job is left out: %s",
				x->ro.algorithm != FS_ALG_FAIRTREE ?
				"counted from a user's part for Fair Tree "
				"only" : fs_header_meta(&x->t.h, "lists") ?
				"at the job's end the user's association ties "
				"with another, whose order needs the whole tree"
				: "this user's part of the tree has no lists "
				"(written private: they hold every user's "
				"usage)");
		sub.charge = c.charge;
		sub.fs_after = c.after[0].fs;
		sub.rank_after = c.after[0].rank;
	}
	fs_submit_lines(b, &sub);
	free((void *)sub.acct);
	return 0;
}


/* Whether the output is one of sprio's (-l, -o, -n): rows by job id. */
static int
sprio_output(const struct opts *o)
{
	return o->out == OUT_LONG || o->out == OUT_FORMAT ||
	       (o->out == OUT_DEFAULT && o->norm && !o->new);
}

static void
write_out(struct ctx *x, struct fs_buf *b)
{
	const struct opts *o = x->o;
	const struct fs_sprio *out = &x->out;
	struct fs_buf fmt;

	switch (o->out) {
	case OUT_DEFAULT:
		if (o->weights) {
			fs_sprio_format(out, b, fs_sprio_long_format(
						o->norm, x->release),
					o->noheader, 1);
			break;
		}
		if (x->p.newjob) {
			fs_sprio_explain(out, b);
			if (o->accounts) {
				struct fs_submit sub;

				submit_facts(x, &sub);
				fs_submit_accounts_text(b, &sub);
				free((void *)sub.acct);
			}
			break;
		}
		if (o->norm) {
			fs_buf_init(&fmt);
			fs_sprio_default_format(&x->s.conf, 1, o->users != NULL,
						&fmt);
			fs_sprio_format(out, b, fmt.data, o->noheader, 0);
			fs_buf_release(&fmt);
			break;
		}
		/* fall through */
	case OUT_TSV:
		fs_sprio_tsv(out, b);
		break;
	case OUT_LONG:
		fs_sprio_format(out, b, fs_sprio_long_format(o->norm,
							      x->release),
				o->noheader, o->weights);
		break;
	case OUT_FORMAT:
		fs_sprio_format(out, b, o->format, o->noheader, o->weights);
		break;
	case OUT_JSON:
		fs_sprio_json(out, b);
		break;
	}
}

static int
run(const struct opts *o)
{
	struct ctx x;
	struct fs_err e = {NULL, 0, ""};
	struct fs_buf out;
	int ret = FS_EXIT_DATA, r;

	if (o->new) {
		struct fs_prio_pending j;
		double mem = 0;

		/* Once before connecting: a usage error is one whatever
		 * the cluster says. */
		memset(&j, 0, sizeof(j));
		if (fs_prio_job_opts(&o->job, &j, &mem, &e) < 0) {
			fs_err_print(&e);
			return FS_EXIT_USAGE;
		}
	}
	memset(&x, 0, sizeof(x));
	x.peruser_dfd = -1;
	x.o = o;
	fs_prio_snapshot_init(&x.s);
	x.p.s = &x.s;
	x.p.offline = o->offline;
	fs_buf_init(&out);
	x.source = "slurm.conf";

	if ((r = load(&x, &e)) == 0 && (r = rank(&x, &e)) == 0 &&
	    (r = set_now(&x, &e)) == 0)
		r = compute(&x, &e);
	if (r == 0) {
		fs_sprio_init(&x.out, &x.p, x.source, x.p.tr ?
			      fs_algorithm_name(x.ro.algorithm) : NULL);
		if (!o->new) {
			struct fs_buf miss;

			/* A job or user of -j or -u that has nothing
			 * pending: sprio is silent about them; a line each
			 * on stderr costs nothing (the status stays 0, as
			 * sprio's). */
			fs_buf_init(&miss);
			fs_sprio_unmatched(&x.out, o->jobs, o->users, &miss);
			fs_sprio_select(&x.out, o->jobs, o->users, o->parts);
			for (char *l = miss.data, *nl; l && *l; l = nl + 1) {
				nl = strchr(l, '\n');
				*nl = '\0';
				fs_warn("%s", l);
			}
			fs_buf_release(&miss);
		}
		/* sprio's rows by job id; the toolkit's best first. */
		if (o->sort || sprio_output(o))
			fs_sprio_sort(&x.out, o->sort ? o->sort : "i");
		if (o->brief)
			r = brief(&x, &out, &e);
		else if (o->cost)
			r = cost(&x, &out, &e);
		else {
			/* Everything is known: TSV and JSON go out as
			 * written. */
			x.out.out = stdout;
			write_out(&x, &out);
		}
		if (r < 0)
			fs_err_print(&e);
		else
			ret = fs_write_all(stdout, out.data ? out.data : "",
					   out.len) < 0 || ferror(stdout)
				      ? FS_EXIT_DATA
				      : FS_EXIT_OK;
	} else if (r == -2)
		ret = FS_EXIT_USAGE;
	else
		fs_err_print(&e);
	fs_sprio_release(&x.out);
	fs_prio_ctx_release(&x.p);
	if (x.p.tr)
		fs_tree_release(&x.tr);
	if (x.have_tree)
		fs_table_release(&x.t);
	fs_buf_release(&out);
	fs_prio_snapshot_release(&x.s);
	free(x.where);
	return ret;
}

/* The new job's user by default: the one running fs-prio, as sbatch. */
static const char *
current_user(void)
{
	const struct passwd *pw = getpwuid(getuid());

	return pw ? pw->pw_name : getenv("USER");
}

/* Whether --new is among the options: it picks the letters' meanings
 * (sprio's, or sbatch's for the new job), so it is found first. */
static int
find_new(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--new"))
			return 1;
	return 0;
}

/* An option of the new job without --new: say so. */
static void
new_hint(int opt, const char *arg)
{
	static const char *const lo[] = {"--account", "--qos", "--ntasks",
		"--cpus-per-task", "--nodes", "--time", "--mem", "--nice",
		"--cost", "--brief", "--accounts"};
	size_t i, n;

	if (opt && strchr("AqcNt", opt)) {
		fs_warn("-%c describes a new job: give --new first", opt);
		return;
	}
	for (i = 0; !opt && i < sizeof(lo) / sizeof(*lo); i++) {
		n = strlen(lo[i]);
		if (!strncmp(arg, lo[i], n) && (!arg[n] || arg[n] == '=')) {
			fs_warn("%s describes a new job: give --new first",
				lo[i]);
			return;
		}
	}
}

int
main(int argc, char **argv)
{
	enum { O_SET = 256, O_NOW, O_MEM, O_NICE, O_TSV, O_JSON, O_HELP,
	       O_CONF, O_JOBS_FILE, O_TREE, O_NEW, O_COST, O_UF, O_BRIEF,
	       O_ACCOUNTS };
#define COMMON_OPTIONS \
		{"conf", required_argument, NULL, O_CONF}, \
		{"set", required_argument, NULL, O_SET}, \
		{"jobs-file", required_argument, NULL, O_JOBS_FILE}, \
		{"qos-priority", required_argument, NULL, 'Q'}, \
		{"usage-factor", required_argument, NULL, O_UF}, \
		{"tree", required_argument, NULL, O_TREE}, \
		{"now", required_argument, NULL, O_NOW}, \
		{"sort", required_argument, NULL, 'S'}, \
		{"tsv", no_argument, NULL, O_TSV}, \
		{"long", no_argument, NULL, 'l'}, \
		{"format", required_argument, NULL, 'o'}, \
		{"weights", no_argument, NULL, 'w'}, \
		{"json", no_argument, NULL, O_JSON}, \
		{"noheader", no_argument, NULL, 'h'}, \
		{"help", no_argument, NULL, O_HELP}, \
		{"version", no_argument, NULL, 'V'}
	/* sprio's letters. */
	static const struct option lo_sprio[] = {
		COMMON_OPTIONS,
		{"jobs", optional_argument, NULL, 'j'},
		{"user", required_argument, NULL, 'u'},
		{"partition", required_argument, NULL, 'p'},
		{"norm", no_argument, NULL, 'n'},
		{NULL, 0, NULL, 0}};
	/* sbatch's, for the new job. */
	static const struct option lo_new[] = {
		COMMON_OPTIONS,
		{"new", no_argument, NULL, O_NEW},
		{"user", required_argument, NULL, 'u'},
		{"account", required_argument, NULL, 'A'},
		{"partition", required_argument, NULL, 'p'},
		{"qos", required_argument, NULL, 'q'},
		{"ntasks", required_argument, NULL, 'n'},
		{"cpus-per-task", required_argument, NULL, 'c'},
		{"nodes", required_argument, NULL, 'N'},
		{"time", required_argument, NULL, 't'},
		{"mem", required_argument, NULL, O_MEM},
		{"nice", required_argument, NULL, O_NICE},
		{"cost", no_argument, NULL, O_COST},
		{"brief", no_argument, NULL, O_BRIEF},
		{"accounts", no_argument, NULL, O_ACCOUNTS},
		{NULL, 0, NULL, 0}};
#undef COMMON_OPTIONS
	struct opts o;
	struct fs_err e = {NULL, 0, ""};
	int c, ret, nout = 0;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	fs_buf_init(&o.set);
	o.new = find_new(argc, argv);
	while ((c = o.new ?
		getopt_long(argc, argv, "Q:S:lo:whVu:A:p:q:n:c:N:t:", lo_new,
			    NULL) :
		getopt_long(argc, argv, "Q:S:lo:whVj::u:p:n", lo_sprio,
			    NULL)) != -1) {
		switch (c) {
		case O_CONF: o.conf = optarg; o.offline = 1; break;
		case O_SET:
			fs_buf_addstr(&o.set, optarg);
			fs_buf_addch(&o.set, '\n');
			o.offline = 1;
			break;
		case O_JOBS_FILE: o.jobs_file = optarg; o.offline = 1; break;
		case 'Q': o.qos_prio = optarg; break;
		case O_UF: o.usage_factors = optarg; break;
		case O_COST: o.cost = 1; break;
		case O_BRIEF: o.brief = 1; break;
		case O_ACCOUNTS: o.accounts = 1; break;
		case O_TREE: o.tree = optarg; break;
		case O_NOW: o.now = optarg; break;
		case 'S': o.sort = optarg; break;
		case O_NEW: break;
		case 'j': o.jobs = optarg; o.jobs_given = 1; break;
		case 'u':
			if (o.new)
				o.job.user = optarg;
			else
				o.users = optarg;
			break;
		case 'p':
			if (o.new)
				o.job.partition = optarg;
			else
				o.parts = optarg;
			break;
		case 'n':
			if (o.new)
				o.job.ntasks = optarg;
			else
				o.norm = 1;
			break;
		case 'A': o.job.account = optarg; break;
		case 'q': o.job.qos = optarg; break;
		case 'c': o.job.cpus_per_task = optarg; break;
		case 'N': o.job.nodes = optarg; break;
		case 't': o.job.time = optarg; break;
		case O_MEM: o.job.mem = optarg; break;
		case O_NICE: o.job.nice = optarg; break;
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
		case 'h': o.noheader = 1; break;
		case 'V':
			fs_print_version();
			fs_live_print_version();
			fs_buf_release(&o.set);
			return fs_stdout_close();
		case O_HELP:
			help();
			fs_buf_release(&o.set);
			return fs_stdout_close();
		default:
			if (!o.new)
				new_hint(optopt, argv[optind - 1]);
			fs_buf_release(&o.set);
			return fs_usage_error(synopsis);
		}
	}
	/* sprio -j takes its list from the next argument too. */
	if (o.jobs_given && !o.jobs && optind < argc)
		o.jobs = argv[optind++];
	if (o.new && !o.job.user && !(o.job.user = current_user())) {
		fs_warn("--new: who are you? give --user");
		fs_buf_release(&o.set);
		return FS_EXIT_USAGE;
	}
	ret = FS_EXIT_USAGE;
	if (optind < argc) {
		fs_warn("unexpected argument '%s' (the tree comes with --tree "
			"FILE, or --tree - for standard input)", argv[optind]);
		ret = fs_usage_error(synopsis);
	} else if (nout > 1) {
		fs_warn("choose one output: --tsv, -l, -o or --json");
	} else if (o.weights && (o.out == OUT_TSV || o.out == OUT_JSON)) {
		fs_warn("-w prints sprio's columns: not with --tsv or --json");
	} else if (o.norm && (o.out == OUT_TSV || o.out == OUT_JSON)) {
		fs_warn("-n prints sprio's columns: not with --tsv or --json");
	} else if (o.format && fs_sprio_check_format(o.format, &e) < 0) {
		fs_err_print(&e);
	} else if (o.sort && fs_sprio_check_sort(o.sort, &e) < 0) {
		fs_err_print(&e);
	} else if (!o.offline && o.qos_prio) {
		fs_warn("--qos-priority is for offline use (with --conf)");
	} else if (!o.offline && o.usage_factors) {
		fs_warn("--usage-factor is for offline use (with --conf); "
			"live, the QOS come from the cluster");
	} else if (o.brief && (o.weights || o.norm || o.cost ||
			       o.out != OUT_DEFAULT)) {
		fs_warn("--brief prints the lines of a submission: not with "
			"--cost, --tsv, -l, -o, -n, -w or --json");
	} else if (o.accounts && (o.cost || o.out != OUT_DEFAULT)) {
		fs_warn("--accounts goes with the text answer or --brief: not "
			"with --cost, --tsv, -l, -o or --json");
	} else if (o.cost && (o.weights || o.norm || (o.out != OUT_DEFAULT &&
						      o.out != OUT_JSON))) {
		fs_warn("--cost prints its own answer, as text or --json: not "
			"with --tsv, -l, -o, -n or -w");
	} else if (!o.offline && !fs_live_available()) {
		fs_warn("built without libslurm: give --conf FILE (and a tree "
			"with --tree, --jobs-file FILE) to work offline");
	} else
		ret = run(&o);
	fs_buf_release(&o.set);
	c = fs_stdout_close();
	return ret ? ret : c;
}
