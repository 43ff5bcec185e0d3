/*
 * submit.c: the lines a job submission shows (fs-prio --new --brief, which
 * contrib/cli_filter.lua prints under sbatch): the user's FairShare and
 * rank, the job's priority and place, its cost, and where the same job
 * would land under the user's other accounts. What fs-prio found comes in
 * a struct fs_submit; every line starts with "fs-toolkit: ".
 */
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
