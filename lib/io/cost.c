/*
 * cost.c: fs-prio --new --cost (fs-prio(1), JOB COST): what model/cost.c
 * found, as text or one JSON document.
 */
#include <math.h>
#include <string.h>

#include "io/io.h"

/* A number in prose: six significant digits, and every digit of its
 * whole part, without an exponent or trailing zeros (0.905742656651428
 * is 0.905743, 1315946.65925646047 is 1315947, 19.2 stays 19.2). Every
 * digit is for the JSON document and the TSV tree. */
static const char *
num(long double v, char s[FS_FMT_MAX + 1])
{
	long double a = fabsl(v), t;
	int whole = 0;
	char *e;

	if (!isfinite(v) || a >= 1e21L || (a < 1e-4L && a > 0)) {
		snprintf(s, FS_FMT_MAX + 1, "%.6Lg", v);
		return s;
	}
	for (t = a; t >= 1; t /= 10)
		whole++;
	snprintf(s, FS_FMT_MAX + 1, "%.*Lf", whole >= 6 ? 0 : 6 - whole, v);
	if (strchr(s, '.')) {
		for (e = s + strlen(s); e[-1] == '0'; e--)
			;
		if (e[-1] == '.')
			e--;
		*e = '\0';
	}
	if (!strcmp(s, "-0"))
		strcpy(s, "0");
	return s;
}

/* sshare's six decimals, inf for infinity. */
static void
f6(struct fs_buf *b, long double v)
{
	if (isinf(v))
		fs_buf_addstr(b, "inf");
	else
		fs_buf_printf(b, "%.6Lf", v);
}

static void
side_text(struct fs_buf *b, const struct fs_tree *tr, int levels,
	  const struct fs_cost_side *s)
{
	const struct fs_node *a = &tr->node[s->node];

	if (a->is_user) {
		fs_buf_printf(b, "FairShare %.6f, rank %u of %u", s->fs,
			      s->rank, tr->user_count);
		return;
	}
	if (!levels) {
		fs_buf_printf(b, "FairShare %.6f", s->fs);
		return;
	}
	fs_buf_addstr(b, "Level FS ");
	f6(b, s->level_fs);
	fs_buf_printf(b, ", %u of %u in ", s->place, s->count);
	fs_buf_user_spec(b, tr, a->fs_parent);
	fs_buf_addstr(b, "'s list");
}

void
fs_cost_text(struct fs_buf *b, const struct fs_tree *tr,
	     const struct fs_rank_opts *ro, const struct fs_cost_info *in,
	     const struct fs_cost *c)
{
	char n1[FS_FMT_MAX + 1], n2[FS_FMT_MAX + 1], n3[FS_FMT_MAX + 1];
	int k, levels = fs_algorithm_levels(ro->algorithm);

	fs_buf_addstr(b, "Job of ");
	fs_buf_user_spec(b, tr, c->job.assoc);
	fs_buf_printf(b, " in partition %s, QOS %s: %u CPU%s, %u node%s, "
		      "%s MB, time limit %lld minutes\n", in->part, in->qos,
		      in->cpus, in->cpus == 1 ? "" : "s", in->nodes,
		      in->nodes == 1 ? "" : "s", num(in->mem, n1),
		      c->job.seconds / 60);
	if (!in->weights)
		fs_buf_printf(b, "Billing %s: its CPUs (partition %s has no "
			      "TRESBillingWeights)\n",
			      num(c->job.billing, n1), in->part);
	else
		fs_buf_printf(b, "Billing %s: TRESBillingWeights %s of "
			      "partition %s, %s\n", num(c->job.billing, n1),
			      in->weights, in->part,
			      in->max_tres & FS_PRIO_MAX_TRES_GRES
			      ? "the largest of cpu, mem and node plus the "
				"GRES (PriorityFlags=MAX_TRES_GRES) plus the "
				"others"
			      : in->max_tres
			      ? "the largest of cpu, mem, node and GRES "
				"(PriorityFlags=MAX_TRES) plus the others"
			      : "summed");
	fs_buf_printf(b, "Charge: billing %s x UsageFactor %s x %lld s = %s "
		      "(RawUsage, before decay)\n", n1,
		      num(c->job.usage_factor, n2), c->job.seconds,
		      num(c->charge, n3));
	fs_buf_printf(b, "At its end, after %lu decay runs (PriorityCalcPeriod "
		      "%lld s) that multiply all usage by %s, with nothing "
		      "else running, it has added %s to the usage of ",
		      c->cycles, c->job.period, num(c->factor, n1),
		      num(c->added, n2));
	fs_buf_user_spec(b, tr, c->job.assoc);
	fs_buf_addstr(b, " and its accounts.\n");
	for (k = 0; k < 2; k++) {
		/* A user right under root competes in root's list: root
		 * itself is in none. */
		if (k && c->before[k].node == tr->root)
			break;
		fs_buf_addstr(b, "  ");
		fs_buf_user_spec(b, tr, c->before[k].node);
		fs_buf_addstr(b, ": ");
		side_text(b, tr, levels, &c->before[k]);
		fs_buf_addstr(b, " -> ");
		side_text(b, tr, levels, &c->after[k]);
		fs_buf_addch(b, '\n');
	}
}

void
fs_cost_side_json(struct fs_buf *b, const struct fs_tree *tr,
		  const struct fs_cost_side *s)
{
	fs_buf_addstr(b, "{\"usage\": ");
	fs_json_ld(b, s->usage);
	if (tr->node[s->node].is_user) {
		fs_buf_addstr(b, ", \"fairshare\": ");
		fs_buf_double(b, s->fs);
		fs_buf_printf(b, ", \"rank\": %u}", s->rank);
		return;
	}
	fs_buf_addstr(b, ", \"level_fs\": ");
	fs_json_ld(b, s->level_fs);
	fs_buf_printf(b, ", \"place\": %u, \"of\": %u}", s->place, s->count);
}

void
fs_cost_json(struct fs_buf *b, const struct fs_tree *tr,
	     const struct fs_cost_info *in, const struct fs_cost *c)
{
	static const char *const who[2] = {"user", "account"};
	struct fs_buf name;
	int k;

	fs_buf_init(&name);
	fs_buf_addstr(b, "{\n  \"partition\": ");
	fs_json_string(b, in->part);
	fs_buf_addstr(b, ",\n  \"qos\": ");
	fs_json_string(b, in->qos);
	fs_buf_printf(b, ",\n  \"cpus\": %u,\n  \"nodes\": %u,\n  \"mem\": ",
		      in->cpus, in->nodes);
	fs_buf_double(b, in->mem);
	fs_buf_printf(b, ",\n  \"seconds\": %lld,\n  \"billing_weights\": ",
		      c->job.seconds);
	if (in->weights)
		fs_json_string(b, in->weights);
	else
		fs_buf_addstr(b, "null");
	fs_buf_printf(b, ",\n  \"max_tres\": %s,\n  \"max_tres_gres\": %s,\n"
		      "  \"billing\": ", in->max_tres & FS_PRIO_MAX_TRES ?
		      "true" : "false", in->max_tres & FS_PRIO_MAX_TRES_GRES ?
		      "true" : "false");
	fs_buf_double(b, c->job.billing);
	fs_buf_addstr(b, ",\n  \"usage_factor\": ");
	fs_buf_double(b, c->job.usage_factor);
	fs_buf_addstr(b, ",\n  \"charge\": ");
	fs_buf_double(b, c->charge);
	fs_buf_printf(b, ",\n  \"period\": %lld,\n  \"cycles\": %lu,\n"
		      "  \"decay_factor\": ", c->job.period, c->cycles);
	fs_json_ld(b, c->factor);
	fs_buf_addstr(b, ",\n  \"added\": ");
	fs_json_ld(b, c->added);
	for (k = 0; k < 2; k++) {
		name.len = 0;
		fs_buf_addstr(&name, "");
		fs_buf_user_spec(&name, tr, c->before[k].node);
		fs_buf_printf(b, ",\n  \"%s\": {\"name\": ", who[k]);
		fs_json_string(b, name.data);
		fs_buf_addstr(b, ", \"before\": ");
		fs_cost_side_json(b, tr, &c->before[k]);
		fs_buf_addstr(b, ", \"after\": ");
		fs_cost_side_json(b, tr, &c->after[k]);
		fs_buf_addstr(b, "}");
	}
	fs_buf_addstr(b, "\n}\n");
	fs_buf_release(&name);
}
