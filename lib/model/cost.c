/*
 * cost.c: what a job will cost its user's fairshare (fs-prio --new --cost).
 *
 * The job is charged as slurmctld's decay thread charges a running job
 * (docs/slurm.md §4.3): every PriorityCalcPeriod, run_delta × pow(df,
 * run_delta) × billing × UsageFactor to its association and every ancestor,
 * after all usage decayed. fs_replay_run does exactly that, so the tree at
 * the job's end is a replay of this one job from now to its time limit,
 * nothing else running. The same replay without the job gives what the
 * job's usage amounts to at its end (decay included), and the order the
 * others keep: decay alone changes no order.
 */
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

void
fs_cost_run(const struct fs_tree *tr, const struct fs_rank_opts *o,
	    const struct fs_cost_job *job, struct fs_cost *c)
{
	struct fs_tree with, without;
	struct fs_job jb;
	struct fs_jobs jl;
	struct fs_replay r;
	uint32_t acct;

	memset(c, 0, sizeof(*c));
	c->job = *job;
	c->charge = job->billing * job->usage_factor * (double)job->seconds;
	/* The account whose list the user competes in. */
	acct = tr->node[job->assoc].fs_parent;
	fs_cost_facts(tr, job->assoc, &c->before[0]);
	fs_cost_facts(tr, acct, &c->before[1]);

	memset(&jb, 0, sizeof(jb));
	jb.id = "new";
	jb.assoc = job->assoc;
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

	fs_tree_copy_nodes(&with, tr);
	fs_replay_run(&with, &jl, &r);
	c->cycles = r.cycles;
	c->factor = r.factor;
	fs_rank(&with, o);
	fs_tree_copy_nodes(&without, tr);
	jl.n = 0;
	fs_replay_run(&without, &jl, &r);
	c->added = with.node[job->assoc].usage_raw -
		   without.node[job->assoc].usage_raw;
	fs_cost_facts(&with, job->assoc, &c->after[0]);
	fs_cost_facts(&with, acct, &c->after[1]);
	fs_tree_free_copy(&with);
	fs_tree_free_copy(&without);
}
