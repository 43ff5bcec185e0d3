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

/* The job's association and its ancestors, replayed alone: a tree of the
 * path's nodes (index 0 the association, each one's parent the next), the
 * job charged to it when jl->n. Every node's usage is decayed and charged
 * exactly as fs_replay_run does it in the whole tree, whose other nodes
 * do not change the path's. Returns the path's length; mini->node is
 * allocated. */
static uint32_t
path_replay(const struct fs_tree *tr, uint32_t assoc, struct fs_tree *mini,
	    struct fs_jobs *jl, struct fs_replay *r)
{
	uint32_t a, k = 0, depth = 0;

	for (a = assoc; a != FS_NONE; a = tr->node[a].parent)
		depth++;
	memset(mini, 0, sizeof(*mini));
	mini->node = fs_xcalloc(depth, sizeof(*mini->node));
	mini->n = depth;
	for (a = assoc; a != FS_NONE; a = tr->node[a].parent, k++) {
		mini->node[k].usage_raw = tr->node[a].usage_raw;
		mini->node[k].parent = k + 1 < depth ? k + 1 : FS_NONE;
	}
	if (jl->n)
		jl->job[0].assoc = 0;
	fs_replay_run(mini, jl, r);
	return depth;
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
	/* The account whose list the user competes in. */
	acct = tr->node[job->assoc].fs_parent;
	fs_cost_facts(tr, job->assoc, &c->before[0]);
	fs_cost_facts(tr, acct, &c->before[1]);

	memset(&jb, 0, sizeof(jb));
	jb.id = "new";
	jb.start = job->start;
	jb.end = job->start + job->seconds;
	jb.billing = job->billing;
	jb.usage_factor = job->usage_factor;
	memset(&jl, 0, sizeof(jl));
	/* UsageFactor 0: the job charges nothing (fs_job reads 0 as unset). */
	jl.job = &jb;
	jl.n = job->usage_factor > 0;
	memset(&r, 0, sizeof(r));
	r.from = job->start;
	r.to = job->start + job->seconds;
	r.period = job->period;
	r.law = job->law;

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
