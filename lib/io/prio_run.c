/*
 * prio_run.c: what fs-prio reads and computes before it writes anything:
 * the cluster, live (live.c) or from slurm.conf, QOS lists and a jobs
 * file; the TSV tree, ranked (load.c); the time ages are computed at; every
 * pending job's priority and the new job's; and, for --cost, what the new
 * job charges.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io/io.h"

/* The file at path into b (empty), its room (and the 64 KB fs_slurp asks
 * beyond it) in 2 MB pages when big (b's: fs_buf_release frees it), the
 * pages the file fills made at once rather than faulted in by each read. */
static int
read_file(const char *path, struct fs_buf *b, struct fs_err *e)
{
	FILE *f = fopen(path, "r");
	struct stat st;
	int ret;

	e->file = path;
	if (!f)
		return fs_error(e, 0, "%s", strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 4) {
		b->data = fs_xcalloc_filled((size_t)st.st_size + (1 << 16) + 2,
					    &b->cap);
		b->huge = 1;
		fs_prefault(b->data, (size_t)st.st_size + 2);
	}
	ret = fs_slurp(f, b, e);
	fclose(f);
	return ret;
}

/* The jobs file's pending jobs into s. */
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

/* The snapshot, from the cluster or from files, and the tree's table. */
static int
load(struct fs_prio_run *x, struct fs_err *e)
{
	const struct fs_prio_input *in = x->in;
	const char *cluster, *env = NULL;

	if (in->tree_dir) {
		/* fs-rank --per-user's directory: the user's own part. */
		const char *user = in->job ? in->job->user : NULL, *slash;
		struct fs_buf text;

		if (!in->job || in->cost) {
			e->file = in->tree_dir;
			return fs_error(e, 0, "a directory of per-user files "
					"(fs-rank --per-user) answers --new "
					"and --brief, not this: give the whole "
					"ranked tree");
		}
		fs_buf_init(&text);
		if (user && (slash = strrchr(user, '/')))
			user = slash + 1;
		if (fs_peruser_read(in->tree_dir, user ? user : "", &text,
				    &x->peruser_dfd, e) < 0) {
			fs_buf_release(&text);
			return -1;
		}
		x->tree_name = in->tree_dir;
		x->have_tree = 1;
		if (fs_table_parse(&x->l.t, &text, e) < 0)
			return -1;
		x->l.t.subset_ok = 1;
	} else if (in->tree) {
		e->file = in->tree_name;
		if (fs_table_read(&x->l.t, in->tree, e) < 0)
			return -1;
		x->tree_name = in->tree_name;
		x->have_tree = 1;
		/* One user's part (their own file under PrivateData): it
		 * answers for that user's jobs (compute). */
		x->l.t.subset_ok = !in->cost;
	}
	if (in->offline && in->cluster) {
		e->file = NULL;
		return fs_error(e, 0, "-M names a live cluster, not one of "
				"--conf, --set or --jobs-file");
	}
	if (in->offline) {
		if (fs_prio_conf_load(&x->s, in->conf, in->set, in->set_len,
				      &x->where, e) < 0 ||
		    fs_prio_parse_qos(&x->s, in->qos_prio, e) < 0)
			return -1;
		if (in->jobs_file && load_jobs(&x->s, in->jobs_file, e) < 0)
			return -1;
		if (in->usage_factors &&
		    fs_prio_parse_usage_factors(&x->s, in->usage_factors,
						e) < 0)
			return -1;
		x->source = in->conf ? in->conf : "--set";
		return 0;
	}
	e->file = NULL;
	x->s.have_tree = x->have_tree;
	/* sprio reads SLURM_CLUSTERS as it reads -M (sshare does not). */
	cluster = in->cluster;
	if (!cluster && (env = getenv("SLURM_CLUSTERS")) && *env)
		cluster = env;
	if (fs_live_prio(&x->s, cluster, e) < 0) {
		if (env && cluster == env) {
			char m[sizeof(e->msg)];

			snprintf(m, sizeof(m), "%s", e->msg);
			fs_error(e, 0, "SLURM_CLUSTERS, which sprio reads as "
				 "-M: %s", m);
		}
		return -1;
	}
	x->source = "live";
	x->release = fs_live_built_version();
	if (!x->have_tree) {
		struct fs_buf t = x->s.tree;

		fs_buf_init(&x->s.tree);
		e->file = x->tree_name = "<cluster>";
		x->have_tree = 1;
		if (fs_table_parse(&x->l.t, &t, e) < 0)
			return -1;
	}
	return 0;
}

/* The multifactor type, and the tree ranked when there is one: with the
 * cluster's algorithm unless the tree says how it was ranked. */
static int
rank(struct fs_prio_run *x, struct fs_err *e)
{
	const struct fs_prio_input *in = x->in;
	struct fs_header *h = &x->l.t.h;

	if (!x->s.conf.type_multifactor) {
		e->file = in->offline ? x->source : NULL;
		return fs_error(e, 0, "PriorityType is not "
				"priority/multifactor: Slurm orders jobs by "
				"submission, not by these factors");
	}
	if (!x->have_tree) {
		if (x->s.conf.w_fs && (x->s.njob || in->job) && !in->weights) {
			e->file = NULL;
			return fs_error(e, 0, "PriorityWeightFairshare is set "
					"but there is no tree: give --tree "
					"FILE, or --tree - for fs-rank's "
					"output on a pipe");
		}
		return 0;
	}
	e->file = x->tree_name;
	if (!fs_header_meta(h, "algorithm"))
		fs_header_set_meta(h, "algorithm", fs_algorithm_name(
					   fs_prio_algorithm(x->s.conf.flags)));
	if (!fs_header_meta(h, "dampening") && x->s.conf.dampening) {
		char buf[16];

		snprintf(buf, sizeof(buf), "%u", x->s.conf.dampening);
		fs_header_set_meta(h, "dampening", buf);
	}
	if (fs_load_table(&x->l, &(struct fs_load_opts){
				  .ranked = 1, .next_pass = in->next_pass},
			  e) < 0)
		return -1;
	x->p.tr = &x->l.tr;
	if (fs_header_meta(h, FS_TSV_VALUES))
		x->p.values = x->l.held ? FS_TSV_VALUES_CTLD : "next-pass";
	if (in->offline && fs_prio_tree_priorities(&x->s, &x->l.tr, e) < 0)
		return -1;
	return 0;
}

int
fs_prio_run_taken(const struct fs_prio_run *x, long long *t,
		  struct fs_err *e)
{
	struct fs_meta_common mc;

	if (fs_meta_common_read(&x->l.t.h, FS_META_TAKEN, &mc, e) < 0) {
		e->file = x->tree_name;
		return -1;
	}
	if (mc.has_taken)
		*t = mc.taken;
	return mc.has_taken;
}

/* The time ages are computed at: --now, the cluster's, the tree's or
 * this moment. */
static int
set_now(struct fs_prio_run *x, struct fs_err *e)
{
	const struct fs_prio_input *in = x->in;
	long long *now = &x->p.now, t;
	int r = 0;

	e->file = NULL;
	if (in->now) {
		/* The time a tree's #taken says (fs-prio --tsv). */
		if (fs_parse_when(in->now, (long long)time(NULL), 0, now,
				  e) < 0 ||
		    fs_date_range(*now, in->now, e) < 0) {
			e->file = "--now";
			e->line = 0;
			return -2;
		}
	} else if (!in->offline)
		*now = x->s.now;
	else if (!x->have_tree || !(r = fs_prio_run_taken(x, now, e)))
		*now = (long long)time(NULL);
	if (r < 0)
		return -1;
	/* A tree taken later than the jobs (fs-decay --elapsed) moves now. */
	if (!in->now && !in->offline && x->p.tr) {
		if ((r = fs_prio_run_taken(x, &t, e)) < 0)
			return -1;
		if (r && t > *now)
			*now = t;
	}
	return 0;
}

/* Every job's priority, the new one's too. */
/* On one user's part of the tree, the jobs it can answer for: that
 * user's, and those whose jobs file gives their FairShare; the others are
 * left out, with a line. Order kept, so that the snapshot's plain and
 * one_row still count their jobs. */
static void
part_jobs(struct fs_prio_run *x)
{
	struct fs_prio_snapshot *s = &x->s;
	const struct fs_tree *tr = x->p.tr;
	const char *user = NULL;
	size_t i, k = 0, plain = 0, one_row = 0, gone = 0;

	for (i = 0; i < tr->n && !user; i++)
		if (tr->node[i].is_user)
			user = tr->node[i].user;
	for (i = 0; i < s->njob; i++) {
		struct fs_prio_pending *j = &s->job[i];

		if ((j->given & 1) || (user && !strcmp(j->user, user))) {
			plain += i < s->plain;
			one_row += i < s->one_row;
			s->job[k++] = *j;
			continue;
		}
		gone++;
		if (i >= s->plain)
			fs_prio_pending_free(j);
	}
	s->njob = k;
	s->plain = plain;
	s->one_row = one_row;
	if (gone)
		fs_warn("%s: %zu job%s of other users left out: this is %s's "
			"part of the tree, which has not their FairShare",
			x->tree_name, gone, gone == 1 ? "" : "s",
			user ? user : "one user");
}

static int
compute(struct fs_prio_run *x, struct fs_err *e)
{
	struct fs_prio_snapshot *s = &x->s;
	struct fs_prio_job pj;
	size_t i, n, stored = 0;
	/* Live, without --now, the ages the controller stored (sprio's). */
	int stored_ages = !x->in->now && !x->in->offline &&
			  x->p.now == s->now;

	if (x->p.tr && x->p.tr->subset && !x->in->job)
		part_jobs(x);
	e->file = x->in->jobs_file;
	if (fs_prio_split_jobs(s, e) < 0)
		return -1;
	/* A job's association found by account and user. */
	fs_prio_ctx_index(&x->p);
	/* A job's formula inputs live only while its factors are computed
	 * (a big queue is smaller so). */
	for (n = s->njob, i = 0; i < n; i++) {
		struct fs_prio_pending *j = &s->job[i];

		/* A job not pending is the controller's factors (live). */
		if (j->stored) {
			stored++;
			continue;
		}
		if (fs_prio_resolve(&x->p, j, &pj, e) < 0)
			return -1;
		fs_prio_pending_compute(&s->conf, j, &pj, stored_ages &&
					j->age_at ? j->age_at : x->p.now);
	}
	if (stored && (!stored_ages || x->in->next_pass))
		fs_warn("%zu row%s of jobs not pending (PriorityFlags="
			"CALCULATE_RUNNING) %s the factors slurmctld stored, "
			"not those of %s", stored, stored == 1 ? "" : "s",
			stored == 1 ? "is" : "are", x->in->next_pass ?
			"its next pass" : "--now");
	if (x->in->job) {
		int r = fs_prio_new_job(&x->p, x->in->job, e);

		if (r < 0)
			return r;
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

int
fs_prio_run(struct fs_prio_run *x, const struct fs_prio_input *in,
	    struct fs_err *e)
{
	int r;

	memset(x, 0, sizeof(*x));
	x->in = in;
	fs_prio_snapshot_init(&x->s);
	x->p.s = &x->s;
	x->p.offline = in->offline;
	x->source = "slurm.conf";
	x->peruser_dfd = -1;
	if ((r = load(x, e)) == 0 && (r = rank(x, e)) == 0 &&
	    (r = set_now(x, e)) == 0)
		r = compute(x, e);
	return r;
}

void
fs_prio_run_release(struct fs_prio_run *x)
{
	fs_prio_ctx_release(&x->p);
	fs_load_release(&x->l);
	fs_prio_snapshot_release(&x->s);
	free(x->where);
	if (x->peruser_dfd >= 0)
		close(x->peruser_dfd);
}

void
fs_prio_offline_hint(int tree_given, struct fs_err *e)
{
	struct stat st;
	int pipe = fstat(0, &st) == 0 && S_ISFIFO(st.st_mode);

	if ((strncmp(e->msg, "no slurm.conf", 13) &&
	     strncmp(e->msg, "cannot read slurm.conf", 22)) ||
	    strlen(e->msg) + 128 >= sizeof(e->msg))
		return;
	strcat(e->msg, pipe && !tree_given ?
	       ", or work offline with --conf FILE or --set 'KEY=VALUE' (and "
	       "--tree - to read the tree on standard input)" :
	       ", or work offline with --conf FILE or --set 'KEY=VALUE'");
}

int
fs_prio_run_cost(const struct fs_prio_run *x, const struct fs_prio_pending *j,
		 struct fs_cost_info *in, struct fs_cost *c, struct fs_err *e)
{
	const struct fs_prio_part *p = fs_prio_part_find(&x->s.cl, j->part);
	const struct fs_prio_newjob *o = x->in->job;
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
	if ((limit == FS_INFINITE || limit == FS_NO_VAL) && o->time)
		return fs_error(e, 0, "--cost: the job has no time limit "
				"(--time %s, as for sbatch): give a finite one",
				o->time);
	if (limit == FS_INFINITE || limit == FS_NO_VAL)
		return fs_error(e, 0, "--cost: the job has no time limit "
				"(partition %s has none): give -t", j->part);
	/* Its memory as given (checked before), on every node. */
	memset(&sizes, 0, sizeof(sizes));
	if (fs_prio_job_opts(o, &sizes, &mem, e) < 0)
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
	/* A job submitted: the billing the controller gave it, for all
	 * of an array's tasks. */
	if (o->rec && o->rec->billing >= 0)
		cj.billing = o->rec->billing * (double)o->rec->tasks;
	e->file = x->tree_name;
	if (fs_meta_common_read(&x->l.t.h, FS_META_HALF_LIFE |
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
		if (r == 0 || x->l.ro.algorithm != FS_ALG_FAIRTREE) {
			fs_peruser_levels_free(lv, nlv);
			return fs_cost_charge(&cj, c, e) < 0 ? -1 : 0;
		}
		r = fs_cost_run_levels(x->p.tr, &cj, lv, nlv, c, e);
		fs_peruser_levels_free(lv, nlv);
		return r < 0 ? -1 : r == 0;
	}
	return fs_cost_run(x->p.tr, &x->l.ro, &cj, c, e) < 0 ? -1 : 1;
}

int
fs_prio_cost_answer(const struct fs_prio_run *x, int json, struct fs_buf *b,
		    struct fs_err *e)
{
	struct fs_cost_info in;
	struct fs_cost c;
	const struct fs_prio_ctx *p = &x->p;
	size_t r, n = p->nnew;

	for (r = 0; r < n; r++) {
		if (fs_prio_run_cost(x, &p->newjob[r], &in, &c, e) < 0)
			return -1;
		if (json) {
			fs_buf_addstr(b, n == 1 ? "" : r ? ",\n" : "[\n");
			fs_cost_json(b, p->tr, &in, &c);
		} else {
			if (r)
				fs_buf_addch(b, '\n');
			fs_cost_text(b, p->tr, &x->l.ro, &in, &c);
		}
	}
	if (json && n > 1)
		fs_buf_addstr(b, "]\n");
	return 0;
}

/* ------------------------------------------------------- the options */

/* Whether --new is among the options: it picks the letters' meanings
 * (sprio's, or sbatch's for the new job), so it is found first. */
int
fs_prio_find_new(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--new"))
			return 1;
	return 0;
}

/* An option of the new job without --new: say so. */
void
fs_prio_new_hint(int opt, const char *arg)
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
