/*
 * sacct.c: the jobs of `sacct -a -X -P` (or -p) that fs-decay --jobs replays
 * (model/decay.c), each matched to its user association in the tree; and
 * fs-explain --forecast's plan, whose rates and running jobs come from
 * such files (model/forecast.c runs it).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "io/io.h"

/* Associations by (account, user, partition). */
struct amap {
	uint32_t *slot;		/* node index + 1; 0 empty */
	size_t mask;
};

static uint64_t
hash3(const char *a, const char *u, const char *p)
{
	uint64_t h = fs_fnv_sep(fs_fnv(FS_FNV_INIT, a));

	h = fs_fnv_sep(fs_fnv(h, u));
	return fs_fnv_sep(fs_fnv(h, p));
}

static void
amap_build(struct amap *m, const struct fs_tree *tr)
{
	size_t cap = 16, s;
	uint32_t i;

	while (cap < 2 * (size_t)tr->n + 2)
		cap *= 2;
	m->slot = fs_xcalloc(cap, sizeof(*m->slot));
	m->mask = cap - 1;
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (!a->is_user)
			continue;
		s = (size_t)hash3(a->acct, a->user, a->part) & m->mask;
		while (m->slot[s])
			s = (s + 1) & m->mask;
		m->slot[s] = i + 1;
	}
}

static uint32_t
amap_find(const struct amap *m, const struct fs_tree *tr, const char *acct,
	  const char *user, const char *part)
{
	size_t s = (size_t)hash3(acct, user, part) & m->mask;
	uint32_t j;

	while ((j = m->slot[s])) {
		const struct fs_node *a = &tr->node[j - 1];

		if (!strcmp(a->acct, acct) && !strcmp(a->user, user) &&
		    !strcmp(a->part, part))
			return j - 1;
		s = (s + 1) & m->mask;
	}
	return FS_NONE;
}

enum { C_ID, C_USER, C_ACCT, C_PART, C_START, C_END, C_TRES, C_CPUS, C_LIMIT,
       C_N };
static const char *const colname[C_N] = {
	"JobID", "User", "Account", "Partition", "Start", "End", "AllocTRES",
	"AllocCPUS", "Timelimit"};

/* Split a line in place at '|'; returns the number of fields (all of them
 * counted, at most max stored). */
static size_t
split_bar(char *s, char **f, size_t max)
{
	size_t k = 0;
	char *bar;

	for (;;) {
		bar = strchr(s, '|');
		if (k < max)
			f[k] = s;
		k++;
		if (!bar)
			return k;
		*bar = '\0';
		s = bar + 1;
	}
}

static int
is_unknown(const char *s)
{
	return !*s || !strcasecmp(s, "Unknown") || !strcasecmp(s, "None");
}

/* A whole non-negative number, or a plain decimal: 0 or -1. */
static int
parse_count(const char *s, size_t n, double *v)
{
	char buf[64], *end;
	size_t i, dots = 0;

	if (!n || n >= sizeof(buf))
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] == '.')
			dots++;
		else if (s[i] < '0' || s[i] > '9')
			return -1;
	}
	if (dots > 1 || s[0] == '.' || s[n - 1] == '.')
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	return isinf(*v) ? -1 : 0;
}

/* billing=N in an AllocTRES list: 1 found, 0 absent, -1 bad. */
static int
tres_billing(const char *tres, double *v)
{
	const char *p = tres, *end;

	while (*p) {
		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		if (!strncmp(p, "billing=", 8))
			return parse_count(p + 8, (size_t)(end - p - 8), v) < 0
				       ? -1 : 1;
		p = *end ? end + 1 : end;
	}
	return 0;
}

static int __attribute__((format(printf, 4, 5)))
job_error(struct fs_err *e, unsigned long line, const char *id,
	  const char *fmt, ...)
{
	char msg[sizeof(e->msg)];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return fs_error(e, line, "job '%s': %s", id, msg);
}

/* One job into jb: 0, 1 for a job of an association not in the tree when
 * skip is set, or -1 with e set. */
static int
parse_job(struct fs_job *jb, char **f, const int *col,
	  const struct fs_tree *tr, const struct amap *m, unsigned long line,
	  int skip, struct fs_err *e)
{
	const char *id = f[col[C_ID]], *part;
	struct fs_err te = {NULL, 0, ""};
	double cpus;
	int r;

	jb->id = id;
	jb->line = line;
	jb->usage_factor = 0;	/* sacct does not show it */
	if (!*id)
		return fs_error(e, line, "column 'JobID': empty");
	if (strchr(id, '.'))
		return fs_error(e, line, "job '%s': a job step, not a job: "
				"run sacct with -X (allocations only)", id);
	if (fs_parse_date(f[col[C_START]], &jb->start, &te) < 0)
		return job_error(e, line, id, "column 'Start': %s", te.msg);
	if (is_unknown(f[col[C_END]]))
		jb->end = FS_JOB_RUNNING;
	else if (fs_parse_date(f[col[C_END]], &jb->end, &te) < 0)
		return job_error(e, line, id, "column 'End': %s", te.msg);
	else if (jb->end < jb->start)
		return job_error(e, line, id, "ends (%s) before it starts "
				 "(%s)", f[col[C_END]], f[col[C_START]]);
	/* The billing TRES, else the CPUs. */
	r = col[C_TRES] >= 0 ? tres_billing(f[col[C_TRES]], &jb->billing) : 0;
	if (r < 0)
		return job_error(e, line, id, "column 'AllocTRES': billing is "
				 "not a number in '%s'", f[col[C_TRES]]);
	if (r == 0) {
		const char *c = col[C_CPUS] >= 0 ? f[col[C_CPUS]] : NULL;

		if (!c)
			return job_error(e, line, id, "no billing=N in "
					 "AllocTRES '%s' and no AllocCPUS "
					 "column: add AllocCPUS to sacct -o",
					 col[C_TRES] >= 0 ? f[col[C_TRES]]
							  : "");
		if (parse_count(c, strlen(c), &cpus) < 0)
			return job_error(e, line, id, "no billing=N in "
					 "AllocTRES and AllocCPUS is not a "
					 "number: '%s'", c);
		jb->billing = cpus;
	}
	/* sacct's Timelimit: "1-00:00:00", "30:00", or no limit. */
	jb->limit = 0;
	if (col[C_LIMIT] >= 0 && !is_unknown(f[col[C_LIMIT]]) &&
	    strcasecmp(f[col[C_LIMIT]], "UNLIMITED") &&
	    strcasecmp(f[col[C_LIMIT]], "Partition_Limit") &&
	    fs_parse_duration(f[col[C_LIMIT]], &jb->limit, &r, &te) < 0)
		return job_error(e, line, id, "column 'Timelimit': %s",
				 te.msg);
	if (!*f[col[C_USER]])
		return job_error(e, line, id, "column 'User': empty");
	if (!*f[col[C_ACCT]])
		return job_error(e, line, id, "column 'Account': empty");
	part = col[C_PART] >= 0 ? f[col[C_PART]] : "";
	jb->assoc = amap_find(m, tr, f[col[C_ACCT]], f[col[C_USER]], part);
	if (jb->assoc == FS_NONE && *part)
		jb->assoc = amap_find(m, tr, f[col[C_ACCT]], f[col[C_USER]],
				      "");
	if (jb->assoc == FS_NONE && skip)
		return 1;
	if (jb->assoc == FS_NONE) {
		char who[512];

		snprintf(who, sizeof(who), "user '%s' in account '%s'",
			 f[col[C_USER]], f[col[C_ACCT]]);
		if (*part)
			return fs_error(e, line, "job '%s': no association for "
					"%s, partition '%s' or none, in the "
					"tree: take the tree and the jobs from "
					"the same cluster, or skip such jobs "
					"with --skip-unknown", id, who, part);
		return fs_error(e, line, "job '%s': no association for %s in "
				"the tree: take the tree and the jobs from the "
				"same cluster, or skip such jobs with "
				"--skip-unknown", id, who);
	}
	return 0;
}

int
fs_jobs_parse(struct fs_jobs *j, char *text, size_t len,
	      const struct fs_tree *tr, int skip_unknown, struct fs_err *e)
{
	char *s = text, *end = text + len, *nl, **f = NULL;
	int col[C_N], trailing = 0, ret = -1;
	size_t ncols = 0, k, cap = 0, l;
	unsigned long lineno = 0;
	struct amap m = {NULL, 0};
	int c, r;

	memset(j, 0, sizeof(*j));
	for (c = 0; c < C_N; c++)
		col[c] = -1;
	amap_build(&m, tr);
	while (s < end) {
		lineno++;
		nl = memchr(s, '\n', (size_t)(end - s));
		l = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (fs_check_line(s, l, lineno, e) < 0)
			goto out;
		s[l] = '\0';
		/* sacct -p ends every line with '|'. */
		if (trailing && l && s[l - 1] == '|')
			s[--l] = '\0';
		if (!ncols) {
			if (l && s[l - 1] == '|') {
				trailing = 1;
				s[--l] = '\0';
			}
			ncols = 1;
			for (k = 0; k < l; k++)
				ncols += s[k] == '|';
			f = fs_xcalloc(ncols, sizeof(*f));
			split_bar(s, f, ncols);
			for (k = 0; k < ncols; k++)
				for (c = 0; c < C_N; c++)
					if (!strcmp(f[k], colname[c]) &&
					    col[c] < 0)
						col[c] = (int)k;
			for (c = 0; c <= C_END; c++)
				if (c != C_PART && col[c] < 0)
					break;
			if (c <= C_END || (col[C_TRES] < 0 && col[C_CPUS] < 0)) {
				fs_error(e, lineno, "not the output of sacct "
					 "-P: the header must name JobID, "
					 "User, Account, Start, End and "
					 "AllocTRES or AllocCPUS (run 'sacct "
					 "-a -X -P -o JobID,User,Account,"
					 "Partition,Start,End,AllocTRES')");
				goto out;
			}
		} else if (l == 0) {
			/* sacct ends with a newline; allow blank lines. */
		} else {
			if ((k = split_bar(s, f, ncols)) != ncols) {
				fs_error(e, lineno, "expected %zu fields "
					 "separated by '|', found %zu", ncols,
					 k);
				goto out;
			}
			if (is_unknown(f[col[C_START]])) {
				j->never_started++;
			} else {
				if (j->n == cap) {
					cap = cap ? 2 * cap : 64;
					j->job = fs_xreallocarray(
						j->job, cap, sizeof(*j->job));
				}
				r = parse_job(&j->job[j->n], f, col, tr, &m,
					      lineno, skip_unknown, e);
				if (r < 0)
					goto out;
				if (r == 0)
					j->n++;
				else if (!j->unknown++)
					j->first_unknown = lineno;
			}
		}
		s = nl ? nl + 1 : end;
	}
	j->has_limit = col[C_LIMIT] >= 0;
	if (!ncols) {
		fs_error(e, 1, "empty jobs file: expected the output of "
			 "'sacct -a -X -P'");
		goto out;
	}
	ret = 0;
out:
	free(f);
	free(m.slot);
	if (ret < 0)
		fs_jobs_release(j);
	return ret;
}

void
fs_jobs_release(struct fs_jobs *j)
{
	free(j->job);
	memset(j, 0, sizeof(*j));
}

int
fs_jobs_read(const char *path, const struct fs_tree *tr, struct fs_jobs *j,
	     struct fs_buf *text, struct fs_err *e)
{
	FILE *jf = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct fs_err je = {path, 0, ""};
	int st;

	if (!jf) {
		fs_error(e, 0, "%s: %s", path, strerror(errno));
		e->file = NULL;
		return -1;
	}
	st = fs_slurp(jf, text, &je);
	if (jf != stdin)
		fclose(jf);
	if (st < 0 || fs_jobs_parse(j, text->data, text->len, tr, 1, &je) < 0) {
		*e = je;
		return -1;
	}
	return 0;
}

/* ------------------------------------------------ fs-explain --forecast */

/* --rate NAME=B over rate[]: 0, or -1 with e set. */
static int
plan_rates(const struct fs_tree *tr, const struct fs_forecast_ask *a,
	   double *rate, struct fs_err *e)
{
	size_t k, len;
	uint32_t i;
	double v;

	for (k = 0; k < a->nrate; k++) {
		char *nm = fs_xstrdup(a->rate[k]);

		if (fs_forecast_rate_arg(a->rate[k], &len, &v) < 0) {
			free(nm);
			return fs_error(e, 0, "--rate: expected USER=B, not "
					"'%s'", a->rate[k]);
		}
		nm[len] = '\0';
		if (fs_explain_find_user(tr, nm, &i, e) < 0) {
			struct fs_buf msg;

			fs_buf_init(&msg);
			fs_buf_printf(&msg, "--rate %s: %s", a->rate[k],
				      e->msg);
			snprintf(e->msg, sizeof(e->msg), "%s", msg.data);
			fs_buf_release(&msg);
			free(nm);
			return -1;
		}
		free(nm);
		rate[i] = v;
	}
	return 0;
}

int
fs_forecast_plan(struct fs_forecast_plan *p, const struct fs_tree *tr,
		 double half_life, const struct fs_forecast_ask *a,
		 char *const *names, int n, struct fs_err *e)
{
	struct fs_forecast_opts *f = &p->f;
	struct fs_forecast_info *in = &p->in;
	uint32_t u[2] = {FS_NONE, FS_NONE};
	long nrun = 0;

	memset(p, 0, sizeof(*p));
	fs_buf_init(&p->text);
	fs_buf_init(&p->rtext);
	p->rate = fs_xcalloc(tr->n, sizeof(*p->rate));
	p->run = fs_xcalloc(tr->n, sizeof(*p->run));
	if (fs_explain_find_names(tr, names, n, u, e) < 0)
		return -1;
	if (n == 2 && u[0] == u[1])
		return fs_error(e, 0, "'%s' and '%s' are the same association",
				names[0], names[1]);
	f->who = u[0];
	f->other = u[1];
	f->goal = a->goal;
	f->fairshare = a->fairshare;
	f->rank = a->rank;
	if (a->goal != FS_GOAL_PASS && !tr->node[u[0]].is_user)
		return fs_error(e, 0, "--until: '%s' is an account; FairShare "
				"and rank are a user's", names[0]);
	if (a->goal == FS_GOAL_RANK && a->rank > tr->user_count)
		return fs_error(e, 0, "--until rank=%u: the tree has %u users",
				a->rank, tr->user_count);
	if (fs_forecast_clock(f, &tr->t->h, half_life, a->horizon,
			      &in->has_taken, e) < 0)
		return -1;

	/* The rates: --rate-from, then --rate over it. */
	if (a->rate_from) {
		if (fs_jobs_read(a->rate_from, tr, &p->jobs, &p->text, e) < 0)
			return -1;
		fs_forecast_rates(tr, &p->jobs, f->from - a->window, f->from,
				  p->rate);
	}
	if (plan_rates(tr, a, p->rate, e) < 0)
		return -1;
	if (a->running) {
		if (fs_jobs_read(a->running, tr, &p->running, &p->rtext, e) < 0)
			return -1;
		if (!p->running.has_limit) {
			fs_error(e, 1, "no Timelimit column: the forecast runs "
				 "each job to its time limit (run 'sacct -a -X "
				 "-P -s R -o JobID,User,Account,Partition,"
				 "Start,End,AllocTRES,Timelimit')");
			e->file = a->running;
			return -1;
		}
		f->jobs = &p->running;
	} else if (!a->no_running &&
		   (nrun = fs_forecast_running(tr, p->run, e)) < 0) {
		return -1;
	}
	f->rate = p->rate;
	f->run = a->running ? NULL : p->run;

	in->running_file = a->running;
	in->running = &p->running;
	in->no_running = a->no_running;
	in->has_run_col = fs_header_col(&tr->t->h, "TRESRunMins") >= 0;
	in->rate_from = a->rate_from;
	in->window = a->window;
	in->rate_unknown = p->jobs.unknown;
	in->rate_given = a->nrate > 0;
	in->run_users = nrun;
	return 0;
}

void
fs_forecast_plan_release(struct fs_forecast_plan *p)
{
	fs_jobs_release(&p->jobs);
	fs_jobs_release(&p->running);
	fs_buf_release(&p->text);
	fs_buf_release(&p->rtext);
	free(p->rate);
	free(p->run);
	memset(p, 0, sizeof(*p));
}

/* why's words of a refused option: -1. */
static int refuse(struct fs_buf *why, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int
refuse(struct fs_buf *why, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fs_buf_vprintf(why, fmt, ap);
	va_end(ap);
	return -1;
}

void
fs_forecast_ask_init(struct fs_forecast_ask *a)
{
	memset(a, 0, sizeof(*a));
	a->window = 7 * 86400;
	a->horizon = 30 * 86400;
}

void
fs_forecast_ask_release(struct fs_forecast_ask *a)
{
	free(a->rate);
	a->rate = NULL;
	a->nrate = 0;
}

int
fs_forecast_ask_set(struct fs_forecast_ask *a, const char *opt,
		    const char *arg, struct fs_buf *why)
{
	struct fs_err e = {NULL, 0, ""};
	long long *t = !strcmp(opt, "window") ? &a->window : &a->horizon;
	size_t len;
	double v;
	int slurm_form;
	char sp[96];

	if (!strcmp(opt, "until")) {
		if (fs_forecast_until(arg, &a->goal, &a->fairshare,
				      &a->rank) < 0)
			return refuse(why, "--until: expected fairshare=X "
				      "(0 to 1) or rank=N (1 or more), not "
				      "'%s'", arg);
	} else if (!strcmp(opt, "rate")) {
		if (fs_forecast_rate_arg(arg, &len, &v) < 0)
			return refuse(why, "--rate: expected USER=B, B "
				      "billing units (0 or more), not '%s'",
				      arg);
		a->rate = fs_xrealloc(a->rate,
				      (a->nrate + 1) * sizeof(*a->rate));
		a->rate[a->nrate++] = arg;
	} else if (!strcmp(opt, "rate-from")) {
		a->rate_from = arg;
	} else if (!strcmp(opt, "running")) {
		a->running = arg;
	} else if (!strcmp(opt, "no-running")) {
		a->no_running = 1;
	} else if (fs_parse_duration(arg, t, &slurm_form, &e) < 0 || *t <= 0) {
		return refuse(why, "--%s: expected a time span above 0 "
			      "(7d, 36h, 2-0), not '%s'", opt, arg);
	} else if (t == &a->horizon && *t > FS_FORECAST_MAX_HORIZON) {
		return refuse(why, "--horizon: at most 100 years "
			      "(36525d) ahead, not '%s' (%s)", arg,
			      fs_fmt_span(*t, sp));
	}
	return 0;
}

int
fs_forecast_ask_check(const struct fs_forecast_ask *a, int tree_on_stdin,
		      struct fs_buf *why)
{
	int run_in = a->running && !strcmp(a->running, "-");
	int rate_in = a->rate_from && !strcmp(a->rate_from, "-");

	if (a->running && a->no_running)
		return refuse(why, "--running and --no-running: choose one");
	if (run_in && rate_in)
		return refuse(why, "--running - and --rate-from -: one "
			      "standard input; give one of them in a file");
	if (tree_on_stdin && (rate_in || run_in))
		return refuse(why, "--%s -: the tree comes on standard input; "
			      "give FILE, or the jobs in a file",
			      run_in ? "running" : "rate-from");
	return 0;
}

int
fs_forecast_answer(struct fs_buf *b, const struct fs_tree *tr,
		   const struct fs_rank_opts *ro, double half_life,
		   const struct fs_forecast_ask *a, char *const *names, int n,
		   int json, struct fs_err *e)
{
	struct fs_forecast_plan p;
	struct fs_forecast r;
	int ret = fs_forecast_plan(&p, tr, half_life, a, names, n, e);

	if (!ret) {
		fs_forecast_run(tr, ro, &p.f, &r);
		if (json)
			fs_explain_json_forecast(b, tr, ro, half_life, &p.f, &r,
						 &p.in);
		else
			fs_explain_text_forecast(b, tr, ro, half_life, &p.f, &r,
						 &p.in);
	}
	fs_forecast_plan_release(&p);
	return ret;
}
