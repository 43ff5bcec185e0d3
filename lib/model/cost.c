/*
 * cost.c: what a job will cost its user's fairshare (fs-prio --new --cost).
 *
 * The job is charged as slurmctld's decay thread charges a running job
 * (docs/slurm.md §4.3): every PriorityCalcPeriod, run_delta × pow(df,
 * run_delta) × billing × UsageFactor to its association and every ancestor,
 * after all usage decayed. fs_replay_run does exactly that for the job's
 * association and its ancestors, the only nodes the job charges: the path
 * at the job's end is a replay of this one job from now to its time
 * limit, nothing else running, in a few nodes however long the job runs.
 * The same replay without the job gives what the job's usage amounts to
 * at its end (decay included). Every other node is only decayed, by the
 * same factors, so it is multiplied once by their product (its last bits
 * may differ from a run-by-run replay's; decay alone changes no order),
 * and the tree is ranked once.
 *
 * A charge past the largest double (a UsageFactor of 1e308, a huge billing
 * times a long time limit) is refused: Slurm's double would be inf, and
 * inf usage ranks as NaN, the user's FairShare rising after the job.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

void
fs_cost_facts(const struct fs_tree *tr, uint32_t i, struct fs_cost_side *s)
{
	const struct fs_node *a = &tr->node[i];
	struct fs_explain_level l;

	s->node = i;
	s->usage = a->usage_raw;
	s->fs = a->fs_factor;
	s->level_fs = a->level_fs;
	s->rank = a->is_user ? tr->user_count + 1 - a->rank : 0;
	fs_explain_level(tr, i, &l);
	s->place = l.place + 1;
	s->count = l.count;
}

/* A chain of nodes replayed alone: usage[0] the job's association, each
 * one's parent the next; the job charged to it when jl->n. Every node's
 * usage is decayed and charged exactly as fs_replay_run does it in the
 * whole tree, whose other nodes do not change the chain's. mini->node is
 * allocated. */
static void
chain_replay(const long double *usage, uint32_t depth, struct fs_tree *mini,
	     struct fs_jobs *jl, struct fs_replay *r)
{
	uint32_t k;

	memset(mini, 0, sizeof(*mini));
	mini->node = fs_xcalloc(depth, sizeof(*mini->node));
	mini->n = depth;
	for (k = 0; k < depth; k++) {
		mini->node[k].usage_raw = usage[k];
		mini->node[k].parent = k + 1 < depth ? k + 1 : FS_NONE;
	}
	if (jl->n)
		jl->job[0].assoc = 0;
	fs_replay_run(mini, jl, r);
}

/* The job's association and its ancestors, replayed alone (chain_replay):
 * index 0 the association. Returns the path's length. */
static uint32_t
path_replay(const struct fs_tree *tr, uint32_t assoc, struct fs_tree *mini,
	    struct fs_jobs *jl, struct fs_replay *r)
{
	uint32_t a, k = 0, depth = 0;
	long double *usage;

	for (a = assoc; a != FS_NONE; a = tr->node[a].parent)
		depth++;
	usage = fs_xcalloc(depth, sizeof(*usage));
	for (a = assoc; a != FS_NONE; a = tr->node[a].parent)
		usage[k++] = tr->node[a].usage_raw;
	chain_replay(usage, depth, mini, jl, r);
	free(usage);
	return depth;
}

/* The job as the replay takes it: jb, a list of it (jl) and the replay's
 * window (r). Returns 0, or -1 with e set when its charge is not a finite
 * double. */
static int
job_setup(const struct fs_cost_job *job, struct fs_cost *c, struct fs_job *jb,
	  struct fs_jobs *jl, struct fs_replay *r, struct fs_err *e)
{
	double run;

	memset(c, 0, sizeof(*c));
	c->job = *job;
	c->charge = job->billing * job->usage_factor * (double)job->seconds;
	/* What a decay run charges is at most this, in the replay's order of
	 * operations (run_delta x decay <= seconds, then billing, then the
	 * UsageFactor: fs_decay_charge, decay.c's charge()). */
	run = (double)job->seconds * job->billing * job->usage_factor;
	if (!isfinite(c->charge) || !isfinite(run) ||
	    !(job->usage_factor >= 0) || !(job->billing >= 0)) {
		e->file = NULL;
		return fs_error(e, 0, "the job's charge, billing %.6g x "
				"UsageFactor %.6g x %lld s, is not a finite "
				"number: check the QOS UsageFactor, the "
				"partition's TRESBillingWeights and -t",
				job->billing, job->usage_factor, job->seconds);
	}
	memset(jb, 0, sizeof(*jb));
	jb->id = "new";
	jb->start = job->start;
	jb->end = job->start + job->seconds;
	jb->billing = job->billing;
	jb->usage_factor = job->usage_factor;
	memset(jl, 0, sizeof(*jl));
	/* UsageFactor 0: the job charges nothing (fs_job reads 0 as unset). */
	jl->job = jb;
	jl->n = job->usage_factor > 0;
	memset(r, 0, sizeof(*r));
	r->from = job->start;
	r->to = job->start + job->seconds;
	r->period = job->period;
	r->law = job->law;
	return 0;
}

int
fs_cost_charge(const struct fs_cost_job *job, struct fs_cost *c,
	       struct fs_err *e)
{
	struct fs_job jb;
	struct fs_jobs jl;
	struct fs_replay r;

	return job_setup(job, c, &jb, &jl, &r, e);
}

int
fs_cost_run(const struct fs_tree *tr, const struct fs_rank_opts *o,
	    const struct fs_cost_job *job, struct fs_cost *c, struct fs_err *e)
{
	struct fs_tree with, path, alone;
	struct fs_job jb;
	struct fs_jobs jl;
	struct fs_replay r;
	uint32_t acct, a, i, k;

	if (job_setup(job, c, &jb, &jl, &r, e) < 0)
		return -1;
	/* The account whose list the user competes in. */
	acct = tr->node[job->assoc].fs_parent;
	fs_cost_facts(tr, job->assoc, &c->before[0]);
	fs_cost_facts(tr, acct, &c->before[1]);

	/* The path with the job and the association without it, replayed
	 * run by run: a few nodes, however long the job. */
	path_replay(tr, job->assoc, &path, &jl, &r);
	c->cycles = r.cycles;
	c->factor = r.factor;
	jl.n = 0;
	path_replay(tr, job->assoc, &alone, &jl, &r);
	c->added = path.node[0].usage_raw - alone.node[0].usage_raw;
	/* The tree at the job's end: decay alone multiplies every other
	 * node by the same product of factors (it changes no order among
	 * them), the path holds what the replay gave it; ranked once. */
	fs_tree_copy_nodes(&with, tr);
	if (c->factor != 1)
		for (i = 0; i < with.n; i++)
			with.node[i].usage_raw *= c->factor;
	for (a = job->assoc, k = 0; a != FS_NONE; a = tr->node[a].parent)
		with.node[a].usage_raw = path.node[k++].usage_raw;
	fs_rank(&with, o);
	fs_cost_facts(&with, job->assoc, &c->after[0]);
	fs_cost_facts(&with, acct, &c->after[1]);
	fs_tree_free_copy(&with);
	free(path.node);
	free(alone.node);
	return 0;
}

/* Level FS as calc_assoc_fs (fairtree.c) computes it, from a node's
 * shares and usage and its fs parent's usage. */
static long double
level_fs(const struct fs_cost_sib *j, long double usage, long double parent)
{
	long double S, U;

	if (j->use_parent)
		return j->is_user ? (long double)INFINITY : (long double)FS_NO_VAL;
	S = (long double)j->shares_norm;
	U = parent == 0 ? 0 : usage / parent;
	return S == 0 ? 0 : S / U;
}

int
fs_cost_run_levels(const struct fs_tree *tr, const struct fs_cost_job *job,
		   const struct fs_cost_level *lv, size_t nlv,
		   struct fs_cost *c, struct fs_err *e)
{
	struct fs_tree path, alone;
	struct fs_job jb;
	struct fs_jobs jl;
	struct fs_replay r;
	long double *usage, me = 0;
	uint32_t depth = (uint32_t)nlv + 1, k, before = 0, place = 1;
	size_t l, i;
	int tie = 0;

	if (job_setup(job, c, &jb, &jl, &r, e) < 0)
		return -1;
	fs_cost_facts(tr, job->assoc, &c->before[0]);
	/* The chain of fs parents, the association first: levels bottom up,
	 * then root. */
	usage = fs_xcalloc(depth, sizeof(*usage));
	for (l = 0; l < nlv; l++)
		usage[nlv - 1 - l] = lv[l].sib[lv[l].at].usage;
	usage[nlv] = lv[0].parent_usage;
	chain_replay(usage, depth, &path, &jl, &r);
	c->cycles = r.cycles;
	c->factor = r.factor;
	jl.n = 0;
	chain_replay(usage, depth, &alone, &jl, &r);
	c->added = path.node[0].usage_raw - alone.node[0].usage_raw;
	/* Each list at the job's end: the path's node and its parent as the
	 * replay left them, every other node decayed; the users of each node
	 * ahead of the path's walked before the user. */
	for (l = 0; l < nlv && !tie; l++) {
		const struct fs_cost_level *v = &lv[l];
		long double parent = path.node[nlv - l].usage_raw;
		long double mine = level_fs(&v->sib[v->at],
					    path.node[nlv - 1 - l].usage_raw,
					    parent);

		me = mine;
		for (i = 0; i < v->n; i++) {
			long double u = v->sib[i].usage, f;

			if (i == v->at)
				continue;
			if (c->factor != 1)
				u *= c->factor;
			f = level_fs(&v->sib[i], u, parent);
			if (f == mine || isnan(f) || isnan(mine)) {
				tie = 1;
				break;
			}
			if (f > mine) {
				before += v->sib[i].users;
				if (l == nlv - 1)
					place++;
			}
		}
	}
	c->after[0] = c->before[0];
	c->after[0].usage = path.node[0].usage_raw;
	free(usage);
	free(path.node);
	free(alone.node);
	if (tie || before >= tr->user_count)
		return 1;
	k = tr->user_count - before;
	c->after[0].level_fs = me;
	c->after[0].rank = before + 1;
	c->after[0].fs = k / (double)tr->user_count;
	c->after[0].place = place;
	c->after[0].count = (uint32_t)lv[nlv - 1].n;
	return 0;
}

int
fs_prio_cost_job(const struct fs_prio_ctx *x, const struct fs_prio_pending *j,
		 double mem, struct fs_cost_job *cj, struct fs_err *e)
{
	const struct fs_prio_snapshot *s = x->s;
	const struct fs_prio_part *p = fs_prio_part_find(&s->cl, j->part);
	char tres[128];
	double billing;
	int q;

	snprintf(tres, sizeof(tres), "cpu=%u,mem=%.17g,node=%u", j->cpus,
		 mem, j->nodes);
	if (fs_prio_billing_of(p ? p->billing : NULL, s->conf.flags,
			       j->tres ? j->tres : tres, (double)j->cpus,
			       &billing, e) < 0)
		return -1;
	memset(cj, 0, sizeof(*cj));
	cj->billing = billing;
	q = fs_prio_find_qos(s, j->qos);
	cj->usage_factor = q >= 0 ? s->qos[q].usage_factor : 1;
	cj->assoc = fs_prio_tree_assoc(x->tr, j->acct, j->user, j->part);
	cj->start = x->now;
	cj->seconds = (long long)j->limit * 60;
	return 0;
}
