/*
 * explain_json.c: fs-explain --json (fs-explain(1), JSON OUTPUT): the facts
 * of model/explain.c about two users, or about one user's path, and the
 * forecast of model/forecast.c (fs-explain --forecast --json), as one JSON
 * document. Its twin, explain_text.c, says the same in words.
 */
#include "io/io.h"

struct js {
	const struct fs_tree *tr;
	const struct fs_rank_opts *ro;
	double half_life;
	struct fs_buf name;	/* scratch for one name */
	/* A level's numbers, one memo a key: a deep path's levels repeat
	 * them (zero, as the initialisers leave them). */
	struct fs_fmt_memo m_shares, m_usage, m_pusage, m_ue, m_lfs, m_exact;
};

static void
js_name(struct fs_buf *b, struct js *c, uint32_t i)
{
	c->name.len = 0;
	fs_buf_addstr(&c->name, "");
	fs_buf_user_spec(&c->name, c->tr, i);
	fs_json_string(b, c->name.data);
}

/* A Level FS with every digit (%.21Lg, as the tree writes it), as a string
 * beside the number. */
static const char *
exact(long double v, char s[FS_FMT_MAX + 1])
{
	s[fs_fmt_ld(s, v)] = '\0';
	return s;
}

static void
js_user(struct fs_buf *b, struct js *c, uint32_t u, uint32_t rank)
{
	const struct fs_node *a = &c->tr->node[u];

	fs_buf_addstr(b, "{\"name\": ");
	js_name(b, c, u);
	fs_buf_addstr(b, ", \"account\": ");
	fs_json_string(b, a->acct);
	fs_buf_addstr(b, ", \"user\": ");
	fs_json_string(b, a->user);
	fs_buf_addstr(b, ", \"partition\": ");
	fs_json_string(b, a->part);
	if (!a->is_user) {
		/* An account: its Level FS, no rank. */
		fs_buf_addstr(b, ", \"level_fs\": ");
		fs_json_ld(b, a->level_fs);
		fs_buf_addstr(b, ", \"rank\": null}");
		return;
	}
	fs_buf_addstr(b, ", \"fairshare\": ");
	fs_buf_double(b, a->fs_factor);
	fs_buf_printf(b, ", \"rank\": %u}", rank);
}

/* ",\n" IND "  \"KEY\": ", without printf (a deep path writes
 * thousands of levels). */
static void
js_key(struct fs_buf *b, const char *ind, const char *key)
{
	fs_buf_addstr(b, ",\n");
	fs_buf_addstr(b, ind);
	fs_buf_addstr(b, "  \"");
	fs_buf_addstr(b, key);
	fs_buf_addstr(b, "\": ");
}

static void
js_level(struct fs_buf *b, struct js *c, const struct fs_explain_level *l,
	 const char *ind)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_node *a = &tr->node[l->node];
	char ex[FS_FMT_MAX + 1];

	fs_buf_addstr(b, "{\n");
	fs_buf_addstr(b, ind);
	fs_buf_addstr(b, "  \"name\": ");
	js_name(b, c, l->node);
	js_key(b, ind, "kind");
	fs_buf_addstr(b, a->is_user ? "\"user\"" : "\"account\"");
	js_key(b, ind, "parent");
	js_name(b, c, l->fs_parent);
	js_key(b, ind, "raw_shares");
	if (a->use_parent)
		fs_buf_addstr(b, "\"parent\"");
	else
		fs_buf_ll(b, a->shares_raw);
	js_key(b, ind, "level_shares");
	fs_buf_ll(b, l->level_shares);
	js_key(b, ind, "norm_shares");
	fs_buf_grow(b, FS_FMT_MAX);
	b->len += (size_t)fs_memo_double(&c->m_shares, b->data + b->len,
					 l->shares_norm);
	b->data[b->len] = '\0';
	js_key(b, ind, "raw_usage");
	fs_json_ld_memo(b, &c->m_usage, l->usage_raw);
	js_key(b, ind, "parent_usage");
	fs_json_ld_memo(b, &c->m_pusage, l->parent_usage);
	js_key(b, ind, "effective_usage");
	fs_json_ld_memo(b, &c->m_ue, l->usage_efctv);
	js_key(b, ind, "level_fs");
	fs_json_ld_memo(b, &c->m_lfs, l->level_fs);
	js_key(b, ind, "level_fs_exact");
	fs_buf_addch(b, '"');
	ex[fs_memo_ld(&c->m_exact, ex, l->level_fs)] = '\0';
	fs_buf_addstr(b, ex);
	fs_buf_addch(b, '"');
	js_key(b, ind, "place");
	fs_buf_ll(b, l->place + 1);
	js_key(b, ind, "of");
	fs_buf_ll(b, l->count);
	if (a->parent != a->fs_parent && a->parent != FS_NONE) {
		js_key(b, ind, "via");
		js_name(b, c, a->parent);
	}
}

static void
js_head(struct fs_buf *b, struct js *c)
{
	fs_buf_printf(b, "{\n  \"algorithm\": \"%s\",\n  \"ties\": \"%s\",\n"
		      "  \"users\": %u,\n  \"no_usage\": %s,\n",
		      fs_algorithm_name(c->ro->algorithm),
		      c->ro->ties == FS_TIES_MERGE ? "merge" : "slurm",
		      c->tr->user_count,
		      c->tr->node[c->tr->root].usage_raw == 0 ? "true" : "false");
	if (fs_header_meta(&c->tr->t->h, "whatif")) {
		fs_buf_addstr(b, "  \"whatif\": ");
		fs_json_string(b, fs_header_meta(&c->tr->t->h, "whatif"));
		fs_buf_addstr(b, ",\n");
	}
}

/* The other users of u's rank, as a list of names. */
static void
same_rank(struct fs_buf *b, struct js *c, uint32_t u)
{
	const struct fs_tree *tr = c->tr;
	uint32_t k, n = 0;

	for (k = 0; k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (i == u || !tr->node[i].is_user ||
		    tr->node[i].rank != tr->node[u].rank)
			continue;
		fs_buf_addstr(b, n++ ? ", " : "");
		js_name(b, c, i);
	}
}

static void js_shares(struct fs_buf *b, struct js *c,
		      const struct fs_explain *x);

static void
json_pair(struct fs_buf *b, struct js *c, const struct fs_explain *x)
{
	const struct fs_tree *tr = c->tr;
	const char *ab[2] = {"a", "b"};
	int k;

	js_head(b, c);
	for (k = 0; k < 2; k++) {
		fs_buf_printf(b, "  \"%s\": ", ab[k]);
		js_user(b, c, x->user[k], x->rank[k]);
		fs_buf_addstr(b, ",\n");
	}
	fs_buf_printf(b, "  \"order\": \"%s\",\n  \"rule\": \"%s\",\n",
		      x->order < 0 ? "a_above" : x->order > 0 ? "b_above"
							   : "same_rank",
		      fs_explain_rule_name(x->rule));
	if (x->rule != FS_RULE_SAME) {
		fs_buf_addstr(b, "  \"ancestor\": ");
		js_name(b, c, x->ancestor);
		fs_buf_printf(b, ",\n  \"merged_levels\": %u,\n", x->merged);
		for (k = 0; k < 2; k++) {
			fs_buf_printf(b, "  \"%s_side\": ", ab[k]);
			js_level(b, c, &x->side[k], "  ");
			fs_buf_addstr(b, "\n  },\n");
		}
		fs_buf_printf(b, "  \"first\": %s,\n  \"near_miss\": %s,\n"
			      "  \"carry_in\": ",
			      x->first < 0 ? "null" : x->first ? "\"b\""
							       : "\"a\"",
			      x->near_miss ? "true" : "false");
		if (x->carry_from == FS_NONE) {
			fs_buf_addstr(b, "null");
		} else {
			fs_buf_addstr(b, "{\"from\": ");
			js_name(b, c, x->carry_from);
			fs_buf_addstr(b, ", \"to\": ");
			js_name(b, c, x->carry_to);
			fs_buf_printf(b, ", \"rank\": %u}",
				      tr->user_count + 1 -
					      tr->node[x->carry_to].rank);
		}
		fs_buf_printf(b, ",\n  \"to_overtake\": {\n    \"who\": \"%s\","
			      "\n    \"decay_changes_order\": false,\n"
			      "    \"half_life\": ", ab[x->lower]);
		fs_buf_double(b, c->half_life);
		fs_buf_addstr(b, ",\n    \"shares\": ");
		js_shares(b, c, x);
		fs_buf_addstr(b, "\n  }\n");
	} else {
		b->len -= 2;	/* drop ",\n" after rule */
		fs_buf_addstr(b, "\n");
	}
	fs_buf_addstr(b, "}\n");
}

/* {"status": ...}: what more shares would do for x's lower side. */
static void
js_shares(struct fs_buf *b, struct js *c, const struct fs_explain *x)
{
	static const char *const shares[] = {"ok", "parent", "inf", "limit",
					     "not_applicable"};

	fs_buf_printf(b, "{\"status\": \"%s\"", shares[x->shares]);
	if (x->shares != FS_SHARES_NA) {
		fs_buf_addstr(b, ", \"association\": ");
		js_name(b, c, x->side[x->lower].node);
	}
	if (x->shares == FS_SHARES_OK) {
		fs_buf_printf(b, ", \"now\": %u, \"needed\": %u, "
			      "\"level_shares\": %u, \"level_fs\": ",
			      x->shares_now, x->shares_needed,
			      x->level_shares_after);
		fs_json_ld(b, x->level_fs_after[x->lower]);
		fs_buf_addstr(b, ", \"other_level_fs\": ");
		fs_json_ld(b, x->level_fs_after[!x->lower]);
	}
	if (x->shares == FS_SHARES_LIMIT) {
		fs_buf_addstr(b, ", \"best_level_fs\": ");
		fs_json_ld(b, x->level_fs_after[x->lower]);
		fs_buf_addstr(b, ", \"other_level_fs\": ");
		fs_json_ld(b, x->level_fs_after[!x->lower]);
	}
	fs_buf_addstr(b, "}");
}

static void
json_path(struct fs_buf *b, struct js *c, struct fs_explain_path *p,
	  const struct fs_explain *pass)
{
	const struct fs_tree *tr = c->tr;
	uint32_t k, j;
	char ex[FS_FMT_MAX + 1];

	js_head(b, c);
	fs_buf_addstr(b, tr->node[p->user].is_user ? "  \"user\": "
						   : "  \"account\": ");
	js_user(b, c, p->user, p->rank);
	fs_buf_addstr(b, ",\n  \"path\": [");
	for (k = 0; k < p->nstep; k++) {
		const struct fs_explain_step *s = fs_explain_path_step(p, k);

		fs_buf_addstr(b, k ? ",\n    " : "\n    ");
		js_level(b, c, &s->level, "    ");
		fs_buf_addstr(b, ",\n      \"after\": [");
		for (j = 0; j < s->nbefore; j++) {
			uint32_t o = s->before[j];

			fs_buf_addstr(b, j ? ", " : "");
			fs_buf_addstr(b, "{\"name\": ");
			js_name(b, c, o);
			fs_buf_addstr(b, ", \"level_fs\": ");
			fs_json_ld(b, tr->node[o].level_fs);
			fs_buf_printf(b, ", \"level_fs_exact\": \"%s\", "
				      "\"rule\": \"%s\"}",
				      exact(tr->node[o].level_fs, ex),
				      fs_explain_rule_name(fs_explain_relation(
					      tr, c->ro->ties, o,
					      s->level.node)));
		}
		fs_buf_addstr(b, "]\n    }");
	}
	fs_buf_addstr(b, "\n  ],\n");
	if (!tr->node[p->user].is_user) {
		/* An account: what passing the sibling before it takes. */
		fs_buf_addstr(b, "  \"to_pass\": ");
		if (!pass) {
			fs_buf_addstr(b, "null\n}\n");
			return;
		}
		fs_buf_addstr(b, "{\"who\": ");
		js_name(b, c, pass->user[1]);
		fs_buf_addstr(b, ", \"shares\": ");
		js_shares(b, c, pass);
		fs_buf_addstr(b, "}\n}\n");
		return;
	}
	fs_buf_addstr(b, "  \"same_rank\": [");
	same_rank(b, c, p->user);
	fs_buf_addstr(b, "]\n}\n");
}

void
fs_explain_json_pair(struct fs_buf *b, const struct fs_tree *tr,
		     const struct fs_rank_opts *ro, double half_life,
		     const struct fs_explain *x)
{
	struct js c = {.tr = tr, .ro = ro, .half_life = half_life};

	fs_buf_init(&c.name);
	json_pair(b, &c, x);
	fs_buf_release(&c.name);
}

void
fs_explain_json_path(struct fs_buf *b, const struct fs_tree *tr,
		     const struct fs_rank_opts *ro, double half_life,
		     struct fs_explain_path *p,
		     const struct fs_explain *pass)
{
	struct js c = {.tr = tr, .ro = ro, .half_life = half_life};

	fs_buf_init(&c.name);
	json_path(b, &c, p, pass);
	fs_buf_release(&c.name);
}

/* ------------------------------------------------------------ usage by */

static void
json_usage_by(struct fs_buf *b, struct js *c, uint32_t asked,
	      const struct fs_usage_by *u)
{
	const struct fs_tree *tr = c->tr;
	const struct fs_node *a = &tr->node[u->node];
	uint32_t k;

	js_head(b, c);
	fs_buf_addstr(b, "  \"asked\": ");
	js_name(b, c, asked);
	fs_buf_addstr(b, ",\n  \"account\": {\"name\": ");
	js_name(b, c, u->node);
	fs_buf_addstr(b, ", \"usage\": ");
	fs_json_ld(b, a->usage_raw);
	fs_buf_addstr(b, ", \"parent\": ");
	if (a->fs_parent == FS_NONE)
		fs_buf_addstr(b, "null");
	else
		js_name(b, c, a->fs_parent);
	fs_buf_addstr(b, ", \"level_fs\": ");
	if (u->levels) {
		fs_json_ld(b, u->level.level_fs);
		fs_buf_printf(b, ", \"place\": %u, \"of\": %u}",
			      u->level.place + 1, u->level.count);
	} else {
		fs_buf_addstr(b, "null, \"place\": null, \"of\": null}");
	}
	fs_buf_printf(b, ",\n  \"children\": %u,\n  \"usage_by\": [",
		      u->nkids);
	for (k = 0; k < u->npart; k++) {
		const struct fs_usage_part *p = &u->part[k];

		fs_buf_addstr(b, k ? ",\n    {\"name\": " : "\n    {\"name\": ");
		if (p->node == FS_NONE) {
			fs_buf_addstr(b, "null, \"kind\": \"deleted\"");
		} else {
			js_name(b, c, p->node);
			fs_buf_addstr(b, tr->node[p->node].is_user
						 ? ", \"kind\": \"user\""
						 : ", \"kind\": \"account\"");
		}
		fs_buf_addstr(b, ", \"usage\": ");
		fs_json_ld(b, p->usage);
		fs_buf_addstr(b, ", \"part\": ");
		fs_json_ld(b, p->part);
		fs_buf_addstr(b, ", \"level_fs_without\": ");
		if (u->levels) {
			fs_json_ld(b, p->level_fs);
			fs_buf_printf(b, ", \"place_without\": %u}",
				      p->place + 1);
		} else {
			fs_buf_addstr(b, "null, \"place_without\": null}");
		}
	}
	fs_buf_addstr(b, u->npart ? "\n  ],\n" : "],\n");
	fs_buf_printf(b, "  \"more\": {\"count\": %u, \"usage\": ",
		      u->nmore);
	fs_json_ld(b, u->more_usage);
	fs_buf_addstr(b, "}\n}\n");
}

void
fs_explain_json_usage_by(struct fs_buf *b, const struct fs_tree *tr,
			 const struct fs_rank_opts *ro, uint32_t asked,
			 const struct fs_usage_by *u)
{
	struct js c = {.tr = tr, .ro = ro};

	fs_buf_init(&c.name);
	json_usage_by(b, &c, asked, u);
	fs_buf_release(&c.name);
}

/* ------------------------------------------------------------ forecast */

static void
js_time(struct fs_buf *b, long long t)
{
	char iso[32];

	fs_iso_time(t, iso);
	fs_buf_printf(b, "\"%s\"", iso);
}

/* [{"name": ..., "<key>": v[i] / div}, ...]: the users with v[i] > 0. */
static void
js_values(struct fs_buf *b, struct js *c, const double *v, double div,
	  const char *key)
{
	const struct fs_tree *tr = c->tr;
	uint32_t k, n = 0;

	fs_buf_addstr(b, "[");
	for (k = 0; v && k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (!tr->node[i].is_user || !(v[i] > 0))
			continue;
		fs_buf_addstr(b, n++ ? ",\n      {\"name\": "
				     : "\n      {\"name\": ");
		js_name(b, c, i);
		fs_buf_printf(b, ", \"%s\": ", key);
		fs_buf_double(b, v[i] / div);
		fs_buf_addstr(b, "}");
	}
	fs_buf_addstr(b, n ? "\n    ]" : "]");
}

/* The running jobs that still charge after `from`. */
static void
js_running(struct fs_buf *b, struct js *c, const struct fs_jobs *j,
	   long long from)
{
	size_t k, n = 0;

	fs_buf_addstr(b, "[");
	for (k = 0; k < j->n; k++) {
		const struct fs_job *jb = &j->job[k];
		long long end = fs_forecast_job_end(jb);

		if (end <= from)
			continue;
		fs_buf_addstr(b, n++ ? ",\n      {\"job\": "
				     : "\n      {\"job\": ");
		fs_json_string(b, jb->id);
		fs_buf_addstr(b, ", \"name\": ");
		js_name(b, c, jb->assoc);
		fs_buf_addstr(b, ", \"billing\": ");
		fs_buf_double(b, jb->billing);
		fs_buf_addstr(b, ", \"start\": ");
		js_time(b, jb->start);
		fs_buf_addstr(b, ", \"end\": ");
		if (end == FS_JOB_RUNNING)
			fs_buf_addstr(b, "null");
		else
			js_time(b, end);
		fs_buf_addstr(b, "}");
	}
	fs_buf_addstr(b, n ? "\n    ]" : "]");
}

static void
js_forecast_side(struct fs_buf *b, struct js *c, const char *key,
		 const struct fs_cost_side *before,
		 const struct fs_cost_side *after)
{
	fs_buf_printf(b, "  \"%s\": {\"name\": ", key);
	js_name(b, c, before->node);
	fs_buf_addstr(b, ", \"before\": ");
	fs_cost_side_json(b, c->tr, before);
	fs_buf_addstr(b, ", \"after\": ");
	fs_cost_side_json(b, c->tr, after);
	fs_buf_addstr(b, "}");
}

static void
json_forecast(struct fs_buf *b, struct js *c, const struct fs_forecast_opts *f,
	      const struct fs_forecast *r, const struct fs_forecast_info *in)
{
	static const char *const goal[] = {"pass", "fairshare", "rank"};
	static const char *const state[] = {"now", "at", "not"};

	js_head(b, c);
	fs_buf_printf(b, "  \"goal\": \"%s\",\n", goal[f->goal]);
	if (f->goal == FS_GOAL_PASS)
		fs_buf_printf(b, "  \"lower\": \"%s\",\n",
			      r->lower ? "b" : "a");
	else if (f->goal == FS_GOAL_FAIRSHARE) {
		fs_buf_addstr(b, "  \"fairshare\": ");
		fs_buf_double(b, f->fairshare);
		fs_buf_addstr(b, ",\n");
	} else
		fs_buf_printf(b, "  \"rank\": %u,\n", f->rank);
	fs_buf_addstr(b, "  \"from\": ");
	js_time(b, f->from);
	fs_buf_printf(b, ",\n  \"from_tree\": %s,\n  \"answer\": \"%s\",\n"
		      "  \"at\": ", in->has_taken ? "true" : "false",
		      state[r->state]);
	js_time(b, r->at);
	fs_buf_printf(b, ",\n  \"in_seconds\": %lld,\n  \"decay_runs\": %lu,\n",
		      r->at - f->from, r->cycles);

	/* The assumptions. */
	fs_buf_addstr(b, "  \"assuming\": {\n    \"half_life\": ");
	fs_buf_double(b, c->half_life);
	fs_buf_printf(b, ",\n    \"period\": %lld,\n    \"running\": ",
		      f->period);
	if (in->running_file) {
		fs_buf_addstr(b, "\"jobs\",\n    \"running_file\": ");
		fs_json_string(b, in->running_file);
		fs_buf_addstr(b, ",\n    \"running_jobs\": ");
		js_running(b, c, in->running, f->from);
		fs_buf_printf(b, ",\n    \"running_unknown\": %zu",
			      in->running->unknown);
	} else if (in->no_running) {
		fs_buf_addstr(b, "\"left_out\"");
	} else if (!in->has_run_col) {
		fs_buf_addstr(b, "\"none_known\"");
	} else {
		fs_buf_addstr(b, "\"tres_run_mins\",\n    \"running_usage\": ");
		js_values(b, c, f->run, 1, "usage");
	}
	fs_buf_addstr(b, ",\n    \"rates\": ");
	js_values(b, c, f->rate, 1, "billing");
	fs_buf_addstr(b, ",\n    \"rate_from\": ");
	if (in->rate_from) {
		fs_json_string(b, in->rate_from);
		fs_buf_printf(b, ",\n    \"window\": %lld,\n"
			      "    \"rate_unknown\": %zu", in->window,
			      in->rate_unknown);
	} else {
		fs_buf_addstr(b, "null");
	}
	fs_buf_printf(b, ",\n    \"horizon\": %lld,\n    \"step\": %lld\n"
		      "  },\n", f->horizon, r->step);
	js_forecast_side(b, c, "a", &r->before[0], &r->after[0]);
	if (f->goal == FS_GOAL_PASS) {
		fs_buf_addstr(b, ",\n");
		js_forecast_side(b, c, "b", &r->before[1], &r->after[1]);
	}
	fs_buf_addstr(b, "\n}\n");
}

void
fs_explain_json_forecast(struct fs_buf *b, const struct fs_tree *tr,
			 const struct fs_rank_opts *ro, double half_life,
			 const struct fs_forecast_opts *f,
			 const struct fs_forecast *r,
			 const struct fs_forecast_info *in)
{
	struct js c = {.tr = tr, .ro = ro, .half_life = half_life};

	fs_buf_init(&c.name);
	json_forecast(b, &c, f, r, in);
	fs_buf_release(&c.name);
}
