/*
 * submit.c: the lines a job submission shows (fs-prio --new --brief, which
 * contrib/cli_filter.lua prints under sbatch): the user's FairShare and
 * rank, the job's priority and place, its cost, and where the same job
 * would land under the user's other accounts. What fs-prio found comes in
 * a struct fs_submit; every line starts with "fs-toolkit: ".
 */
#include <stdlib.h>
#include <string.h>

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
