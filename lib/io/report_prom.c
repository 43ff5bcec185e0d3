/*
 * report_prom.c: fs-report --prometheus, the Prometheus text exposition
 * format (version 0.0.4), for node_exporter's textfile collector or any
 * scraper of static files.
 *
 * Every value is a gauge, one family after another. A scrape every minute
 * must stay small whatever the size of the cluster, so by default the
 * series are bounded: the cluster's own gauges, the accounts down to
 * --depth (root is depth 0) and the --top heaviest users and the --top of
 * lowest FairShare; --scope all writes every association.
 *
 * Accounts and users are families of their own (fairshare_account_* and
 * fairshare_user_*): an account's usage holds its users', so one family of
 * both made sum by (account) count each user twice. An account's series
 * carry cluster, account and parent (root has none), a user's cluster,
 * account, user and, when the tree has partitions, partition: a user's
 * parent is its account, and the depth follows from the parents. Names
 * follow Prometheus's conventions: a unit in the name, fractions in
 * _ratio, usage in (decayed) billing-seconds; the older names, before
 * these conventions, are still taken by --metrics (renamed[]). Label values are escaped
 * (backslash, double quote, newline); infinity is +Inf. No timestamps: the
 * textfile collector refuses them, and
 * fairshare_snapshot_timestamp_seconds says when the tree was taken.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "io/report.h"

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

enum val {
	V_FACTOR, V_LEVEL_FS, V_RANK, V_SHARES, V_SHARES_NORM, V_SHARES_CLUSTER,
	V_USAGE, V_USAGE_EFCTV, V_USAGE_NORM, V_COUNT
};

/* Each value's families, fairshare_account_NAME and fairshare_user_NAME,
 * and what they hold. */
static const struct {
	const char *name, *help;
} family[V_COUNT] = {
	{"factor", "Fair-share factor (FairShare) from 0 to 1."},
	{"level_fs", "Fair Tree Level FS: the part of the level's shares "
		     "over the part of its usage."},
	{"rank", "Rank among the user associations, 1 served first."},
	{"shares", "Shares given to the association (RawShares)."},
	{"shares_normalized_ratio", "Normalised shares (NormShares): Fair "
				    "Tree, the part of the level's shares; "
				    "classic, of the cluster's."},
	{"shares_cluster_ratio", "Part of the whole cluster's shares: the "
				 "product of the per-level parts down the "
				 "tree."},
	{"usage_billing_seconds", "Decayed usage (RawUsage): billing units "
				  "(CPUs without TRESBillingWeights) times "
				  "seconds, decayed by the half-life."},
	{"usage_effective_ratio", "Effective usage (EffectvUsage): Fair Tree, "
				  "the part of the level's usage."},
	{"usage_normalized_ratio", "Usage over the cluster's usage "
				   "(NormUsage)."},
};

/* The older names, one family for accounts and users, which --metrics
 * still takes. */
static const char *const renamed[V_COUNT] = {
	"factor", "level_fs", "rank", "shares_raw", "shares_normalized",
	"shares_cluster_fraction", "usage_raw", "usage_effective",
	"usage_normalized",
};

static void
number(struct fs_buf *b, long double v)
{
	if (isinf(v))
		fs_buf_addstr(b, v > 0 ? "+Inf" : "-Inf");
	else if (isnan(v))
		fs_buf_addstr(b, "NaN");
	else if (v == 0)
		fs_buf_addch(b, '0');
	else
		fs_buf_double(b, (double)v);	/* %.17g */
}

/* The sample's value, or 0 when the association has none. */
static int
value(const struct fs_report *r, uint32_t i, enum val v, long double *x)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i];
	int fair = fs_algorithm_levels(r->ro->algorithm);
	struct fs_norms nm;

	if (v == V_SHARES_NORM || v == V_USAGE_EFCTV || v == V_USAGE_NORM)
		fs_tree_norms(tr, i, &nm);
	switch (v) {
	case V_FACTOR:
		*x = a->fs_factor;
		return a->is_user || !fair;
	case V_LEVEL_FS:
		*x = fs_report_service_at(r, i);
		return fair && *x >= 0;
	case V_RANK:
		*x = a->rank ? tr->user_count + 1 - a->rank : 0;
		return a->is_user && a->rank;
	case V_SHARES:
		*x = a->shares_raw;
		return !a->use_parent;
	case V_SHARES_NORM:
		*x = nm.shares_norm;
		return 1;
	case V_SHARES_CLUSTER:
		*x = r->width[i];
		return 1;
	case V_USAGE:
		*x = a->usage_raw;
		return 1;
	case V_USAGE_EFCTV:
		*x = nm.usage_efctv;
		return *x != NO_VAL_LD;
	case V_USAGE_NORM:
		*x = nm.usage_norm;
		return *x != NO_VAL_LD;
	default:
		return 0;
	}
}

int
fs_report_prom_metric(const char *name)
{
	int v;

	for (v = 0; v < V_COUNT; v++)
		if (!strcmp(name, family[v].name) || !strcmp(name, renamed[v]))
			return v;
	return -1;
}

const char *
fs_report_prom_metric_names(void)
{
	static char names[512];
	int v;

	if (!*names)
		for (v = 0; v < V_COUNT; v++)
			snprintf(names + strlen(names),
				 sizeof(names) - strlen(names), "%s%s",
				 v ? "," : "", family[v].name);
	return names;
}

static void
label(struct fs_buf *b, const char *name, const char *val, int first)
{
	fs_buf_printf(b, "%s%s=\"", first ? "" : ",", name);
	fs_buf_prom_label(b, val);
	fs_buf_addch(b, '"');
}

static void
header(struct fs_buf *b, const char *name, const char *help)
{
	fs_buf_printf(b, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

/* The family of value v for accounts (users 0) or users. */
static void
family_header(struct fs_buf *b, enum val v, int users)
{
	fs_buf_printf(b, "# HELP fairshare_%s_%s %s %s\n"
			 "# TYPE fairshare_%s_%s gauge\n",
		      users ? "user" : "account", family[v].name,
		      users ? "User associations:"
		      : v == V_FACTOR ? "Accounts (classic algorithms):"
				      : "Accounts:",
		      family[v].help, users ? "user" : "account",
		      family[v].name);
}

/* A gauge of the whole cluster. */
static void
cluster_gauge(struct fs_buf *b, const char *cluster, const char *name,
	      const char *help, long long v)
{
	header(b, name, help);
	fs_buf_printf(b, "%s{", name);
	label(b, "cluster", cluster, 1);
	fs_buf_printf(b, "} %lld\n", v);
}

/* The associations that have series, in display order: *n of them, or
 * NULL for all of them (tr->order). */
static uint32_t *
scope(const struct fs_report *r, size_t *n)
{
	const struct fs_tree *tr = r->cur;
	char *keep;
	uint32_t *in, i;
	size_t k, top = r->o->top;

	*n = tr->n;
	if (r->o->all)
		return NULL;
	keep = fs_xcalloc(tr->n, 1);
	/* The accounts, as list_users found them. */
	for (k = 0; k < r->nacct_nodes; k++) {
		i = r->acct_nodes[k];
		keep[i] = tr->node[i].depth <= r->o->depth;
	}
	for (k = 0; k < r->nusers && k < top; k++)
		keep[r->heavy[k]] = keep[r->lowest[k]] = 1;
	in = fs_xcalloc(tr->n + 1, sizeof(*in));
	for (*n = 0, k = 0; k < tr->n; k++)
		if (keep[tr->order[k]])
			in[(*n)++] = tr->order[k];
	free(keep);
	return in;
}

static void
sample(struct fs_buf *b, const struct fs_report *r, const char *cluster,
       enum val v, uint32_t i, long double x)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i];

	fs_buf_printf(b, "fairshare_%s_%s{", a->is_user ? "user" : "account",
		      family[v].name);
	label(b, "cluster", cluster, 1);
	label(b, "account", a->acct, 0);
	if (a->is_user) {
		label(b, "user", a->user, 0);
		if (r->partitions)
			label(b, "partition", a->part, 0);
	} else if (i != tr->root)
		label(b, "parent", tr->node[a->parent].acct, 0);
	fs_buf_addstr(b, "} ");
	number(b, x);
	fs_buf_addch(b, '\n');
}

/* metadata 'taken', "2026-11-20T08:00:00Z", as seconds since the epoch. */
int
fs_report_prom_write(struct fs_buf *b, FILE *out, const struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	const char *cluster = fs_header_meta(&tr->t->h, "cluster");
	uint32_t k, accounts = 0;
	size_t nin, j;
	uint32_t *in = scope(r, &nin);
	long double x;
	struct fs_meta_common mc;
	struct fs_err te = {NULL, 0, ""};
	int v, failed = 0, fair = fs_algorithm_levels(r->ro->algorithm);

	if (!cluster)
		cluster = "";
	if (r->acct_nodes)
		accounts = r->accounts;
	else
		for (k = 0; k < tr->n; k++)
			accounts += !tr->node[k].is_user && k != tr->root;
	/* fs_tree_read_back has refused a taken that does not parse. */
	if (fs_meta_common_read(&tr->t->h, FS_META_TAKEN, &mc, &te) == 0 &&
	    mc.has_taken)
		cluster_gauge(b, cluster, "fairshare_snapshot_timestamp_seconds",
			      "When the tree was taken, seconds since the "
			      "epoch.", mc.taken);
	cluster_gauge(b, cluster, "fairshare_user_associations",
		      "User associations in the tree (N of FairShare = rank "
		      "/ N).", tr->user_count);
	cluster_gauge(b, cluster, "fairshare_accounts",
		      "Accounts in the tree, root excepted.", accounts);

	for (v = 0; v < V_COUNT; v++) {
		int users;

		if (r->o->metrics && !(r->o->metrics & 1u << v))
			continue;
		for (users = 0; users < 2; users++) {
			/* No family that cannot have a series: an account's
			 * rank, Level FS under the classic algorithms, an
			 * account's factor under Fair Tree. */
			if ((v == V_RANK && !users) ||
			    (v == V_LEVEL_FS && !fair) ||
			    (v == V_FACTOR && !users && fair))
				continue;
			family_header(b, (enum val)v, users);
			for (j = 0; j < nin; j++) {
				uint32_t i = in ? in[j] : tr->order[j];

				if ((int)tr->node[i].is_user != users ||
				    !value(r, i, (enum val)v, &x))
					continue;
				sample(b, r, cluster, (enum val)v, i, x);
				if (fs_report_flush(b, out, FS_REPORT_FLUSH_AT,
						    &failed) < 0)
					goto out;
			}
		}
	}
out:
	free(in);
	return fs_report_flush(b, out, 0, &failed);
}
