/*
 * io.h: the top layer of libfs. Every outside format and the one libslurm
 * client: sshare's text and JSON (read and written), sprio's formats, the
 * jobs file, sacct's output, slurm.conf, JSON, the reports, live.c.
 *
 * Rule: files in lib/io/ may include any libfs header but fs.h, which is
 * the programs' umbrella; nothing below io includes io (tests/layers.t
 * checks the includes).
 */
#ifndef FS_IO_H
#define FS_IO_H

#include <limits.h>

#include "model/model.h"

/* ----------------------------------------------------------------- json.c */

/* One JSON document: metadata and one object per association (fs-rank(1)).
 * A row's path lists at most FS_JSON_PATH_MAX accounts (null beyond: its
 * parent_index leads up the tree), so that the document stays linear. */
#define FS_JSON_PATH_MAX 64
int fs_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		  FILE *out);
/* Append s as a JSON string (escaped; bytes that are not UTF-8 become
 * U+FFFD). */
void fs_json_string(struct fs_buf *b, const char *s);
/* A long double as %.21Lg; null when infinite, NaN or beyond a double's
 * range (JSON readers hold doubles), 0 when too small for one. */
void fs_json_ld(struct fs_buf *b, long double v);
/* The same through memo m (a key whose values repeat, as a deep path's
 * levels do). */
void fs_json_ld_memo(struct fs_buf *b, struct fs_fmt_memo *m, long double v);

/* Length of the valid UTF-8 sequence at s (1 for ASCII), or 0. */
size_t fs_utf8_len(const unsigned char *s);

/* -------------------------------------------------------------- display.c */

/* The indented tree for a terminal (fs-rank --tree). */
int fs_tree_table_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
			FILE *out);

/* -------------------------------------------------------------- release.c */

/* What a Slurm release prints, as the table in release.c says (adding a
 * release: there). A release is a string such as "24.11.5" or "26.05". */
enum fs_rel_feature {
	FS_REL_SPRIO_QOSNAME = 1 << 0,	/* sprio -l: ACCOUNT and QOSNAME */
	FS_REL_SSHARE_JSON = 1 << 1,	/* sshare --json */
	FS_REL_CTLD_LINEAGE = 1 << 2,	/* slurmctld lists associations in
					 * lineage order */
	FS_REL_SPRIO_MULTI_QOS = 1 << 3,	/* a row per partition and QOS */
	FS_REL_JSON_INF_AS_MAX = 1 << 4,	/* --json: an infinite Level FS
						 * as 2^64 - 1, warned */
	FS_REL_SSHARE_FS_USERS_ONLY = 1 << 5,	/* FairShare on user rows only,
						 * classic too */
	FS_REL_CTLD_CLASSIC_FS = 1 << 6,	/* slurmctld keeps the classic
						 * factor (and --json sends it) */
};
/* Whether RELEASE does f: 1 or 0; -1 if RELEASE is no release (NULL
 * too). */
int fs_release_has(const char *release, enum fs_rel_feature f);
/* The data_parser version (v0.0.N: N) of RELEASE's sshare --json; the
 * newest's if RELEASE is no release. */
int fs_release_json_parser(const char *release);
/* The data_parser versions from the first release with sshare --json to
 * the newest (slurmrestd's /slurm/v0.0.N/shares). */
void fs_release_json_parsers(int *oldest, int *newest);
/* The first release that does f ("25.11"), NULL if none. */
const char *fs_release_first(enum fs_rel_feature f);
/* The release the output follows when none is known: sshare's text and
 * sprio's columns, the oldest ("22.05"); sshare --json, the newest
 * ("26.05"). */
const char *fs_release_oldest(void);
const char *fs_release_newest(void);
/* RELEASE's numbers into v (major, minor, micro; 0 where absent): how
 * many it has, 0 if it is no release (NULL too). */
int fs_release_parse(const char *release, int v[3]);
/* Whether RELEASE is a release (one the table knows or not): 1 or 0. */
int fs_release_valid(const char *release);
/* Whether RELEASE is one the table has a row for (1), or no release or
 * one after its newest row (0: read as the newest row). */
int fs_release_known(const char *release);
/* The tree's #slurm_version into *release (NULL if it has none): 0, or
 * -1 with e set (its line) if it is no release. */
int fs_release_meta(const struct fs_header *h, const char **release,
		    struct fs_err *e);

/* --------------------------------------------------------------- sshare.c */

/* Print like `sshare -a` (docs/slurm.md §6). */
struct fs_sshare_opts {
	int longfmt;		/* -l */
	int parsable;		/* 0 fixed width, 1 -p, 2 -P */
	int noheader;		/* -n */
	int users_only;		/* -U */
	const char *format;	/* -o list, NULL for defaults */
	int partition;		/* -m */
	int newer;		/* FS_REL_SSHARE_FS_USERS_ONLY: FairShare
				 * blank on account rows */
};
const char *fs_sshare_default_format(enum fs_algorithm alg, int longfmt,
				     int partition);
/* Validate an -o list: 0, or -1 with e set. */
int fs_sshare_check_format(const char *spec, struct fs_err *e);
/* The field names -o accepts, as sshare --helpformat lists them. */
void fs_sshare_helpformat(FILE *out);
/* Whether name is one of sshare's column names as its header prints them
 * (any case): its index, else -1. */
int fs_sshare_column(const char *name);
int fs_sshare_print(const struct fs_tree *tr, const struct fs_rank_opts *ro,
		    const struct fs_sshare_opts *o, FILE *out,
		    struct fs_err *e);
/* A double as it arrives at sshare from the controller: (v * 1e6) / 1e6
 * in double (pack_double). */
double fs_sshare_wire(long double v);

/* ------------------------------------------------------------ slurmconf.c */

/* slurm.conf's text with its Include lines replaced by the files they name
 * (relative to the top file's directory, %c the ClusterName above), and
 * the file and line each line of the text came from. */
struct fs_conf {
	struct fs_buf text;
	struct {
		uint32_t file;		/* index in files */
		unsigned long line;
	} *src;				/* per line of text */
	size_t nlines, src_cap;
	char **files;
	size_t nfiles, files_cap;
	char *dir, *cluster;
};

void fs_conf_init(struct fs_conf *c);
void fs_conf_release(struct fs_conf *c);
/* Read the file at path (0, or -1 with e set at the file and line). */
int fs_conf_read(struct fs_conf *c, const char *path, struct fs_err *e);
/* Append len bytes of text, known as name (such as "--set"); depth 0. */
int fs_conf_add(struct fs_conf *c, const char *name, const char *text,
		size_t len, int depth, struct fs_err *e);
/* Move e from a line of c->text to the file and line it came from. */
void fs_conf_locate(const struct fs_conf *c, struct fs_err *e);
/* Parse slurm.conf's text (modified in place): the Priority* settings into
 * c (c initialised first), nodes and partitions into cl. Other keys are
 * ignored. Returns 0, or -1 with e set. */
int fs_prio_conf_parse(struct fs_prio_conf *c, struct fs_prio_cluster *cl,
		       char *text, struct fs_err *e);
/* fs-prio offline: slurm.conf at path (NULL: none), then len bytes of
 * --set lines (set; Include lines in them too), parsed into s->conf and
 * s->cl, and each partition's TRES totals into s->part_tres. Returns 0, or
 * -1 with e set; e->file, when set, is then *where, the caller's to free
 * (the files' names are released here). */
int fs_prio_conf_load(struct fs_prio_snapshot *s, const char *path,
		      const char *set, size_t len, char **where,
		      struct fs_err *e);

/* --------------------------------------------------------------- import.c */

/* A user's DefaultAccount (the account sbatch uses without -A), as the
 * tree's DefaultAccount column gives it on user rows. */
struct fs_user_default {
	const char *name, *acct;
};
/* The same from another source of sshare's document (slurmrestd, rest.c):
 * the tree's #source, metadata to add (key, value, key, value..., NULL;
 * written by fs_meta_put), and the release the document names as
 * #slurm_version. */
struct fs_import_source {
	const char *source;
	const char *const *meta;
	/* The users' default accounts, sorted by name (fs_user_defaults_
	 * sort): the tree then has a DefaultAccount column, the cell of
	 * each user row from here (empty for a user not here); NULL: no
	 * such column. */
	const struct fs_user_default *defaults;
	size_t ndefaults;
};

/* Convert the text of `sshare -a -l` (any of -P, -p, fixed width), or the
 * document of `sshare -a --json` (sshare_json.c), into a TSV tree in out (fs-tree(1) says what is read and what is refused),
 * taken at taken (seconds since 1970, before it too; FS_TAKEN_NOW for
 * now).
 * Returns 0, or -1 with e set at the input's line. */
#define FS_TAKEN_NOW LLONG_MIN
int fs_sshare_import(const char *text, size_t len, const char *cluster,
		     long long taken, struct fs_buf *out, struct fs_err *e);
int fs_import_from(const char *text, size_t len, const char *cluster,
		   long long taken, const struct fs_import_source *src,
		   struct fs_buf *out, struct fs_err *e);

/* ----------------------------------------------------------- import_row.c */

/* Sort n of them by name, for fs_user_default_of. */
void fs_user_defaults_sort(struct fs_user_default *d, size_t n);
/* The same sorted d with each user once: a user given one account more
 * than once keeps it, one given different ones is left out (no choice
 * among them). Returns how many were left out, *first the first of them
 * by name (NULL if none). */
size_t fs_user_defaults_unique(struct fs_user_default *d, size_t *n,
			       const char **first);
/* user's default account among n sorted, or "". */
const char *fs_user_default_of(const struct fs_user_default *d, size_t n,
			       const char *user);

/* ---------------------------------------------------------- sshare_json.c */

/* Whether fs_sshare_import reads 'sshare --json' (built with json-c). */
int fs_sshare_json_available(void);
/* The document 'sshare -a --json' of Slurm release (such as "24.11.5")
 * prints, from a ranked tree (sshare_json.c, fs-rank(1)'s --json=sshare):
 * 0, or -1 with e set. */
int fs_sshare_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
			 const char *release, FILE *out, struct fs_err *e);

/* ----------------------------------------------------------------- rest.c */

/* fs-tree --rest: GET /slurm/v0.0.4x/shares from slurmrestd at url
 * ("http[s]://host:port", or "unix:/path" for its socket; a url ending in
 * /slurm/v0.0.4x asks that version only, else the newest the server
 * serves), with the JWT of SLURM_JWT if set, and import the document into
 * a TSV tree in out (fs-tree(1)). 0, or -1 with e set: its message
 * begins with the url, its user and password as "***". */
int fs_rest_tree(const char *url, const char *cluster, struct fs_buf *out,
		 struct fs_err *e);
/* Whether fs_rest_tree was built (libcurl and json-c). */
int fs_rest_available(void);

/* ---------------------------------------------------------------- width.c */

/* Field widths of -o formats: at most this many columns, either way. */
#define FS_WIDTH_MAX 1000
/* The widths of sshare's -o list ("field%width,..."), read as sshare's
 * atoi reads them (blanks, a sign, digits): 0, or -1 with e->msg set
 * (line 0) for one beyond FS_WIDTH_MAX. */
int fs_sshare_check_widths(const char *spec, struct fs_err *e);
/* sprio's width: the digits at s into *width, *end after them; 0, or -1
 * beyond FS_WIDTH_MAX. */
int fs_sprio_width(const char *s, int *width, const char **end);

/* --------------------------------------------------------------- report.c */

/* fs-report(1): a summary of a ranked tree for people and for Prometheus. */
enum fs_report_format {
	FS_REPORT_TEXT, FS_REPORT_MARKDOWN, FS_REPORT_HTML, FS_REPORT_PROMETHEUS
};
struct fs_report_opts {
	enum fs_report_format format;
	unsigned top;		/* length of each list; Prometheus: users */
	/* Prometheus only. The default scope is bounded: the accounts down
	 * to depth (root 0) and the top users by usage and by lowest
	 * FairShare, so the series do not grow with the users. */
	unsigned depth;
	int all;		/* every association instead */
	unsigned metrics;	/* families, bits of fs_report_prom_metric; 0 all */
	/* HTML only: the picture's boxes as wide as usage, not shares. */
	int width_usage;
};
/* fs-report --history DIR: the snapshots read one at a time, twice.
 * fs_history_add with each snapshot (ranked, in time order) in the first
 * pass: 0, or -1 with e set (another cluster, no #taken or not later than
 * the one before); then fs_history_choose; then fs_history_add with each
 * again; then fs_history_write. */
struct fs_history;

/* The report on cur, compared with old when old is not NULL, written to
 * out (the HTML page as it is made: it can be larger than the tree). Both
 * trees are ranked (fs_tree_read_back): nothing is left that can fail but
 * the writing. Returns 0, or -1 when a write failed (errno set). */
int fs_report_write(FILE *out, const struct fs_tree *cur,
		    const struct fs_rank_opts *ro, const struct fs_tree *old,
		    const struct fs_rank_opts *old_ro,
		    const struct fs_report_opts *o);
int fs_history_write(FILE *out, const struct fs_history *h);

/* ---------------------------------------------------------- report_prom.c */

/* --metrics: the bit of a Prometheus family named without its prefix
 * "fairshare_" ("factor", "usage_raw"), or -1 for an unknown name. */
int fs_report_prom_metric(const char *name);
/* The names fs_report_prom_metric knows, comma-separated. */
const char *fs_report_prom_metric_names(void);

/* ---------------------------------------------------------- report_read.c */

/* Whether old can be compared with cur (--since): 0, or -1 with e set
 * when they are snapshots of different clusters. */
int fs_report_pair(const struct fs_header *old, const struct fs_header *cur,
		   struct fs_err *e);

/* ------------------------------------------------------- report_history.c */

struct fs_history *fs_history_new(const struct fs_report_opts *o);
int fs_history_add(struct fs_history *h, const struct fs_tree *tr,
		   const struct fs_rank_opts *ro, const char *file,
		   struct fs_err *e);
void fs_history_choose(struct fs_history *h);
void fs_history_free(struct fs_history *h);

/* ----------------------------------------------------------- report_fmt.c */

/* Escapes: HTML text and attributes (& < > " '), Markdown text, and
 * Prometheus label values (\ " newline). */
void fs_buf_html(struct fs_buf *b, const char *s);
void fs_buf_markdown(struct fs_buf *b, const char *s);
/* A Prometheus label value: backslash, double quote and newline escaped,
 * bytes that are not UTF-8 (which the exposition format requires) as
 * U+FFFD. */
void fs_buf_prom_label(struct fs_buf *b, const char *s);

/* ---------------------------------------------------------------- sprio.c */

/* The toolkit's priority outputs (fs-prio(1)): its TSV, sprio's -o formats,
 * JSON, and the explanation of the new job's place. */

/* The jobs of a context in the queue's order, and what the outputs say
 * of where they came from. */
struct fs_sprio {
	const struct fs_prio_ctx *x;
	const char *source;		/* "live", slurm.conf's path, "--set" */
	const char *algorithm;		/* the tree's, or NULL without one */
	size_t *order;			/* job indices, best first */
	size_t *place, *ptotal;		/* by position: place in partition,
					 * of how many */
	size_t newpos;			/* the new job's position */
	size_t *row, nrow;		/* the positions written, in order */
	size_t room;			/* order, place, ptotal and row are
					 * one block (fs_xcalloc_filled) */
	FILE *out;			/* set: the TSV and JSON writers pass
					 * their buffer on to it every 64 KiB
					 * (a failure stays in ferror) */
};

/* sprio -l's columns (-n -l's with norm) as Slurm RELEASE's sprio prints
 * them ("24.11"; NULL or no release: the oldest's): the account and the
 * QOS name with FS_REL_SPRIO_QOSNAME. */
const char *fs_sprio_long_format(int norm, const char *release);

/* Order x's jobs (their priorities computed) and find their places; every
 * job is written, best first. */
void fs_sprio_init(struct fs_sprio *o, const struct fs_prio_ctx *x,
		   const char *source, const char *algorithm);
void fs_sprio_release(struct fs_sprio *o);
/* Write only the jobs sprio's -j, -u and -p select (comma-separated lists,
 * NULL for all); places stay those among all jobs. */
/* A line for each job id of jobs and user of users (comma-separated, NULL
 * for none) that no row has (before fs_sprio_select): "job 999 is not
 * pending". */
void fs_sprio_unmatched(const struct fs_sprio *o, const char *jobs,
			const char *users, struct fs_buf *b);
void fs_sprio_select(struct fs_sprio *o, const char *jobs, const char *users,
		     const char *parts);
/* sprio's -S: the rows sorted by the fields of spec ("i", "-y,u": a '-'
 * before a field sorts it descending), the first field first; equal rows
 * keep the job's partitions in order. fs_sprio_check_sort: 0, or -1 with
 * e set. */
int fs_sprio_check_sort(const char *spec, struct fs_err *e);
void fs_sprio_sort(struct fs_sprio *o, const char *spec);
/* sprio's columns when neither -l nor -o is given: the job, its partition,
 * the user with -u, the priority and the factors whose weight is set;
 * normalised with -n. Into b, to pass to fs_sprio_format. */
void fs_sprio_default_format(const struct fs_prio_conf *c, int norm,
			     int users, struct fs_buf *b);
/* #fs-prio 1: metadata, header, a row per job. */
void fs_sprio_tsv(const struct fs_sprio *o, struct fs_buf *b);
/* Validate sprio's -o format: 0, or -1 with e set. */
int fs_sprio_check_format(const char *fmt, struct fs_err *e);
/* A checked format: the header unless noheader, then a line per job or,
 * with weights, the weights' line. */
void fs_sprio_format(const struct fs_sprio *o, struct fs_buf *b,
		     const char *fmt, int noheader, int weights);
void fs_sprio_json(const struct fs_sprio *o, struct fs_buf *b);
/* What the new job would get, its place, and why the jobs ahead are. */
void fs_sprio_explain(const struct fs_sprio *o, struct fs_buf *b);

/* --------------------------------------------------------------- places.c */

/* The queue's places file (fs-prio --places): every partition's tier and
 * its pending entries by priority, from snapshot s (its jobs' priorities
 * computed), appended to b. */
void fs_places_write(const struct fs_prio_snapshot *s, struct fs_buf *b);
/* Where a job of priority prio lands in partition part, after its equals:
 * place of total, the entries of higher tiers on its nodes first. */
struct fs_place {
	size_t place, total;
	size_t before, ahead, jobs;
	uint32_t tier;
	char taken[32];			/* the file's #taken, or "" */
};
/* From a places file's text: 1 with *pl, 0 when the file does not name
 * part, -1 with e set at the line when it is not a places file. Part ""
 * reads the metadata alone (pl->taken). */
int fs_places_find(const char *text, const char *part, uint32_t prio,
		   struct fs_place *pl, struct fs_err *e);

/* ----------------------------------------------------------------- live.c */

/* The one libslurm client (docs/slurm.md §7): every program that talks to
 * a controller goes through these. Release differences live in live.c only.
 * Built without libslurm, each call fails with a message that says so. */

/* 1 if built with libslurm, else 0. */
int fs_live_available(void);
/* The Slurm release the library was built against ("24.11.5"); NULL
 * without libslurm. */
const char *fs_live_built_version(void);
/* What --version says of Slurm: "Slurm: built against 24.11.5", or that
 * live mode was not built. */
void fs_live_print_version(void);

/* Display filters of a live dump: NULL-terminated lists of names, or NULL
 * for none. accounts: the named accounts (case-insensitive) with their
 * subtrees and ancestors; users: those users' rows and their ancestors;
 * both: rows that are under a named account and of a named user. */
struct fs_live_filter {
	const char *const *accounts;
	const char *const *users;
	const char *cluster;	/* -M: another cluster of the same
				 * slurmdbd, or NULL */
};

/* The cluster's whole association tree as a TSV tree (fs-tsv(5)) with the
 * controller's own numbers, appended to out. slurm.conf is found as
 * libslurm finds it. Returns 0, or -1 with e set and nothing appended. */
int fs_live_tree(const struct fs_live_filter *f, struct fs_buf *out,
		 struct fs_err *e);
/* Everything fs-prio needs (configuration, nodes, partitions, QOS and
 * association priorities, pending jobs and the tree as fs_live_tree writes
 * it, in s->tree) in one session. Returns 0, or -1 with e set. */
int fs_live_prio(struct fs_prio_snapshot *s, const char *cluster,
		 struct fs_err *e);
/* The record of job id as the controller holds it (one RPC, what squeue
 * and scontrol show the job's owner): each component of a heterogeneous
 * job, an array's pending tasks as one. cluster: the local cluster's
 * controller when NULL, else that cluster's (-M, as fs_live_prio). Returns
 * 0 with *r (n of them, for fs_prio_records_free), or -1 with e set. */
int fs_live_job(uint32_t id, const char *cluster, struct fs_prio_record **r,
		size_t *n, struct fs_err *e);

/* ---------------------------------------------------------------- sacct.c */

/* Parse the text of `sacct -a -X -P` (or -p) in place: the header names
 * the columns (JobID, User, Account, Start, End, and AllocTRES or
 * AllocCPUS; Partition and Timelimit optional), and each job is matched
 * to its user association in tr by (Account, User, Partition), then
 * (Account, User) with no partition. A job whose association is not in
 * the tree (deleted since it ran) is an error, or with skip_unknown
 * counted in j->unknown and left out. The jobs point into text, which
 * must outlive them. Returns 0, or -1 with e set (e->file is left to the
 * caller). */
int fs_jobs_parse(struct fs_jobs *j, char *text, size_t len,
		  const struct fs_tree *tr, int skip_unknown,
		  struct fs_err *e);
void fs_jobs_release(struct fs_jobs *j);
/* The jobs of sacct output in file path ('-': standard input), as
 * fs_jobs_parse reads them with skip_unknown; text keeps the file's text.
 * Returns 0, or -1 with e set. */
int fs_jobs_read(const char *path, const struct fs_tree *tr, struct fs_jobs *j,
		 struct fs_buf *text, struct fs_err *e);

/* fs-explain --forecast's question, as its options ask it. */
struct fs_forecast_ask {
	enum fs_forecast_goal goal;	/* --until's, else FS_GOAL_PASS */
	double fairshare;
	uint32_t rank;
	const char **rate;		/* --rate NAME=B, in order */
	size_t nrate;
	const char *rate_from;		/* --rate-from SACCT_FILE */
	const char *running;		/* --running SACCT_FILE */
	int no_running;
	long long window, horizon;	/* seconds */
};
/* What the forecast is computed under and what its answer says of it. */
struct fs_forecast_info {
	int has_taken;			/* f->from is the tree's 'taken' */
	const char *running_file;	/* --running, or NULL */
	const struct fs_jobs *running;	/* its jobs, or NULL */
	int no_running;			/* --no-running */
	int has_run_col;		/* the tree has TRESRunMins */
	const char *rate_from;		/* --rate-from, or NULL */
	long long window;		/* its window, seconds */
	size_t rate_unknown;		/* its jobs left out */
	int rate_given;			/* --rate given over it */
	long run_users;			/* users whose TRESRunMins charge
					 * (fs_forecast_running) */
};
/* The forecast asked by a about names[0] (and names[1]) on ranked tree tr:
 * f and in filled, the sacct files read; fs_forecast_run(tr, ro, &p->f)
 * then answers. Returns 0, or -1 with e set; either way release p. */
struct fs_forecast_plan {
	struct fs_forecast_opts f;
	struct fs_forecast_info in;
	double *rate, *run;		/* per node: f.rate, f.run */
	struct fs_jobs jobs, running;	/* --rate-from's, --running's */
	struct fs_buf text, rtext;	/* their files' text */
};
int fs_forecast_plan(struct fs_forecast_plan *p, const struct fs_tree *tr,
		     double half_life, const struct fs_forecast_ask *a,
		     char *const *names, int n, struct fs_err *e);
void fs_forecast_plan_release(struct fs_forecast_plan *p);
/* The question's options: the defaults (a window of 7 days, a horizon
 * of 30), then each of until, rate, rate-from, window, horizon, running
 * and no-running (opt, without its dashes) as given; 0, or -1 with why
 * saying what is wrong with arg. The release frees the rates' list. */
void fs_forecast_ask_init(struct fs_forecast_ask *a);
int fs_forecast_ask_set(struct fs_forecast_ask *a, const char *opt,
			const char *arg, struct fs_buf *why);
void fs_forecast_ask_release(struct fs_forecast_ask *a);
/* The options together, the tree on standard input when tree_on_stdin:
 * 0, or -1 with why saying what clashes. */
int fs_forecast_ask_check(const struct fs_forecast_ask *a, int tree_on_stdin,
			  struct fs_buf *why);
/* fs_forecast_plan, fs_forecast_run and its words (JSON when json) into
 * b: 0, or -1 with e set. */
int fs_forecast_answer(struct fs_buf *b, const struct fs_tree *tr,
		       const struct fs_rank_opts *ro, double half_life,
		       const struct fs_forecast_ask *a, char *const *names,
		       int n, int json, struct fs_err *e);

/* ------------------------------------------------------------- jobsfile.c */

/* The columns of a job in fs-prio's TSV (fs-prio(1)): what a jobs file
 * holds (JobID, User, Account and Partition at least) and what fs-prio
 * --tsv writes (JobID to TRES, then FairShare and Assoc among the
 * priority's own columns), spelled once for the reader and the writer
 * (sprio.c). */
enum { FS_JC_ID, FS_JC_USER, FS_JC_ACCT, FS_JC_PART, FS_JC_QOS, FS_JC_CPUS,
       FS_JC_NODES, FS_JC_TIME, FS_JC_ACCRUE, FS_JC_NICE, FS_JC_SITE,
       FS_JC_TRES, FS_JC_MAXCPUS, FS_JC_FS, FS_JC_ASSOC, FS_JC_N };
extern const char *const fs_job_cols[FS_JC_N];

/* The pending jobs of a jobs file (NUL-terminated text, cut
 * up in place) appended to s->job; 0, or -1 with e set at the line. The
 * jobs' names point into text (borrowed): it lives as long as s (fs-prio
 * hands it to s->jobs_text). */
int fs_prio_jobs_parse(struct fs_prio_snapshot *s, char *text,
		       struct fs_err *e);

/* ----------------------------------------------------------------- cost.c */

/* fs-prio --new --cost: what the job is (for the words), and what
 * fs_cost_run found, as text or one JSON document appended to b. */
struct fs_cost_info {
	const char *part, *qos;
	const char *weights;		/* the partition's TRESBillingWeights,
					 * or NULL */
	uint32_t max_tres;		/* PriorityFlags' FS_PRIO_MAX_TRES or
					 * FS_PRIO_MAX_TRES_GRES, or 0 */
	uint32_t cpus, nodes;
	double mem;			/* MB, all nodes */
};
/* What a submission shows (fs-prio --new --brief, --accounts): acct[0] is
 * the job's own account, the others the user's other accounts, with the
 * same job's priority and place under each. */
struct fs_submit_acct {
	const char *acct;
	uint32_t priority;
	size_t place, total;		/* in the job's partition */
	double fs;			/* the user's FairShare there */
	uint32_t rank;
};
struct fs_submit {
	const char *user, *part, *taken;
	uint32_t users;			/* user associations in the tree */
	const struct fs_submit_acct *acct;
	size_t nacct;
	int have_place;			/* a queue was given (--jobs-file) */
	int have_fs;			/* a tree was given */
	int have_cost;			/* --cost: charge and after */
	int no_after;			/* the charge alone (a user's part of
					 * the tree without the lists) */
	double charge, fs_after;
	uint32_t rank_after;
};
struct fs_prio_run;

void fs_cost_text(struct fs_buf *b, const struct fs_tree *tr,
		  const struct fs_rank_opts *ro, const struct fs_cost_info *in,
		  const struct fs_cost *c);
void fs_cost_json(struct fs_buf *b, const struct fs_tree *tr,
		  const struct fs_cost_info *in, const struct fs_cost *c);
/* One side's facts as a JSON object: {"usage", "fairshare", "rank"} for a
 * user, {"usage", "level_fs", "place", "of"} for an account. */
void fs_cost_side_json(struct fs_buf *b, const struct fs_tree *tr,
		       const struct fs_cost_side *s);

/* --------------------------------------------------------------- submit.c */

/* The hook's lines, each "fs-toolkit: ...". */
void fs_submit_lines(struct fs_buf *b, const struct fs_submit *s);
/* fs-prio --submitted: the lines of job id, which sbatch has just
 * submitted, from its record (the controller's priority, partitions,
 * billing and time limit) and the snapshot (fs-cli-filter-snapshot's
 * directory: the user's FairShare and rank, the places in the queue, the
 * user's other accounts). What could not be said is a line in notes. */
struct fs_submitted {
	const char *id;			/* the job id, as given */
	const char *snapshot;		/* or NULL */
	const char *conf;		/* slurm.conf, or NULL: SLURM_CONF's,
					 * else /etc/slurm/slurm.conf */
	const char *now;		/* --now, or NULL */
	const char *cluster;		/* -M: the cluster the job went to
					 * (sbatch -M), or NULL: the local
					 * one */
};
/* Returns 0, -1 with e set, or -2 with e set when id is not a job id. */
int fs_prio_submitted(const struct fs_submitted *o, struct fs_buf *out,
		      struct fs_buf *notes, struct fs_err *e);
/* --accounts in fs-prio --new's text: a line per account. */
void fs_submit_accounts_text(struct fs_buf *b, const struct fs_submit *s);
/* The new job of x under each of its user's accounts (acct[0]: its own;
 * the others with accounts), into sub, which owns sub->acct (free it):
 * its priority, its place among the pending jobs and the user's FairShare
 * and rank there. The job is left as it was. */
void fs_prio_submit_facts(struct fs_prio_run *x, int accounts,
			  struct fs_submit *sub);
/* --brief: the hook's lines appended to b (fs_submit_lines); with a tree
 * and a time limit, the cost too. Returns 0, or -1 with e set; *left_out:
 * NULL, or why the FairShare after the job is left out (for the hook's
 * debug switch). */
int fs_prio_brief(struct fs_prio_run *x, int accounts, struct fs_buf *b,
		  const char **left_out, struct fs_err *e);

/* -------------------------------------------------------------- peruser.c */

/* The ranked tree tr (ranked with o) cut for the submission hook
 * (fs-rank --per-user) into DIR, made here or empty (not a link; run as
 * root, root's): DIR/users/NAME for each user, DIR/lists.tsv unless
 * private_ (PrivateData: then each file is root's, readable by its user
 * alone through an ACL, and holds no account's usage). *skipped: the
 * users left out (a name that is no file name; private, no local
 * account), the first ten of them with why, a line each, appended to why.
 * Returns 0, or -1 with e set. */
int fs_peruser_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		     const char *dir, int private_, size_t *skipped,
		     struct fs_buf *why, struct fs_err *e);
/* Whether the per-user files of a tree with header h are written
 * private: 1 when its private_data (the controller's PrivateData, written
 * by a live dump) names usage, users or accounts, 0 when it names none,
 * -1 when the tree does not say (then private too: fail closed). */
int fs_peruser_private(const struct fs_header *h);
/* DIR/users/USER's text into text (a regular file only: a FIFO is an
 * error, not a wait); *dfd: DIR, open, for fs_peruser_levels (the same
 * snapshot however DIR changes after). */
int fs_peruser_read(const char *dir, const char *user, struct fs_buf *text,
		    int *dfd, struct fs_err *e);
/* The lists on association a's path (a user's part tr read from dfd), for
 * fs_cost_run_levels: returns 1 with *lv and *n set, 0 when the part has
 * none (written private), -1 with e set. */
int fs_peruser_levels(int dfd, const struct fs_tree *tr, uint32_t a,
		      struct fs_cost_level **lv, size_t *n, struct fs_err *e);
void fs_peruser_levels_free(struct fs_cost_level *lv, size_t n);

/* ----------------------------------------------------------------- load.c */

/* A TSV tree read, changed by what-ifs, built and ranked: the table owns
 * the strings the tree points to (orig: the table read, when what-ifs
 * made t). */
struct fs_load {
	struct fs_table t, orig;
	struct fs_tree tr;
	struct fs_rank_opts ro;
	long long half_life;		/* seconds, with opts' half_life */
	int quick;			/* fs_load_quick's small tree: an
					 * answer that needs more of it gives
					 * up (fs_load_quick_short) */
	int held;			/* the controller's values were taken
					 * (fs_load_opts.next_pass) */
};
struct fs_load_opts {
	const char *const *cols;	/* only these columns
					 * (fs_table_read_cols), or NULL */
	const struct fs_whatif *whatif;	/* made first (fs_whatif_apply) */
	size_t nwhatif;
	/* ranked 0: ranked by fs_rank with options winning over the
	 * metadata (fs_rank_opts_from_meta: algorithm NULL, ties -1,
	 * dampening 0 for the metadata's), half_life read from the
	 * metadata when set. 1: the ranking columns read back when the
	 * tree has them all (fs_tree_read_back); 2 and 3: built and read
	 * back lazily for a report, for gauges (fs_tree_read_back_lazy). */
	int ranked;
	const char *algorithm;
	int ties;
	long dampening;
	int half_life;
	/* ranked 0 on a tree that says values=slurmctld: 0 shows what the
	 * controller held (fs_tree_take_slurm) unless a what-if, algorithm,
	 * ties or dampening was given; 1 what the next pass computes from
	 * the usage (the formula alone). */
	int next_pass;
	/* 1: a tree that is one user's part of a ranked tree
	 * (#subset=paths, fs-rank --per-user) is read back as it was ranked
	 * (fs_tree_read_back), never ranked again: what-ifs, algorithm,
	 * ties, dampening and next_pass are refused then (-2). 0: such a
	 * tree is refused (fs_tree_build). */
	int part;
};
/* Read the tree from in into l (zeroed first) and fs_load_table it.
 * Returns 0, -1 with e set, or -2 with e set when opts' algorithm is not
 * one (a usage error); e->file is left as the caller set it. */
int fs_load(struct fs_load *l, FILE *in, const struct fs_load_opts *o,
	    struct fs_err *e);
/* The same for a table already in l->t (the rest of l zeroed). */
int fs_load_table(struct fs_load *l, const struct fs_load_opts *o,
		  struct fs_err *e);
/* Whatever l holds, after success or failure. */
void fs_load_release(struct fs_load *l);
/* fs-explain's quick reader's small tree for names (fs_explain_read on
 * the regular file at fd), ranked, made again with more accounts'
 * children while a tie needs them (fs_explain_read_more): 1, or 0 with
 * nothing kept and e as it was (then fs_load). Only for a tree ranked by Fair Tree with Slurm's
 * ties, without what-ifs or columns other than fs_tree_input_cols. */
int fs_load_quick(struct fs_load *l, const struct fs_load_opts *o, int fd,
		  char *const *names, int n, struct fs_err *e);
/* Whether explanation p, made on l, needs more of the tree than a quick
 * l holds: ties (the users that share a rank, carry-in) and a copy ranked
 * whole. */
int fs_load_quick_short(const struct fs_load *l, const struct fs_explain *p);

/* ------------------------------------------------------------- prio_run.c */

/* What fs-prio reads: offline (slurm.conf, --set lines, a jobs file, QOS
 * priorities and UsageFactors) or the live cluster; a tree; the time; the
 * job not yet submitted. */
struct fs_prio_input {
	int offline;
	const char *conf;		/* --conf FILE, or NULL */
	const char *set;		/* --set lines, each ending in \n */
	size_t set_len;
	const char *jobs_file;		/* or NULL */
	const char *qos_prio;		/* --qos-priority, or NULL */
	const char *usage_factors;	/* --usage-factor, or NULL */
	FILE *tree;			/* --tree's, or NULL: live, the
					 * cluster's; offline, none */
	const char *tree_dir;		/* or --tree DIR (fs-rank
					 * --per-user): the new job's user's
					 * part */
	const char *tree_name;		/* what messages call it */
	const char *now;		/* --now, or NULL */
	const struct fs_prio_newjob *job;	/* --new's, or NULL */
	int cost;			/* --cost (not on a user's part) */
	int weights;			/* -w: no tree needed */
	const char *cluster;		/* -M: live, another cluster of the
					 * same slurmdbd, or NULL */
	int next_pass;			/* --next-pass: the fairshare the
					 * next pass computes, not the
					 * controller's now (fs_load_opts) */
};
/* What fs-prio found: the snapshot, the tree ranked (p.tr, NULL without
 * one) and every job's priority, the new job's rows too (p.newjob). */
struct fs_prio_run {
	const struct fs_prio_input *in;
	struct fs_prio_ctx p;		/* p.s is &s, p.tr &l.tr */
	struct fs_prio_snapshot s;
	struct fs_load l;
	int have_tree;
	const char *source;		/* slurm.conf's path, "--set" or
					 * "live" */
	const char *tree_name;
	const char *release;		/* live: libslurm's release (sprio's
					 * columns); NULL offline */
	char *where;			/* the file an error names */
	int peruser_dfd;		/* tree_dir's, or -1 */
};
/* Read, rank and compute everything, in; x is released by
 * fs_prio_run_release whatever this returns: 0, -1 with e set, or -2 with
 * e set for a usage error (--now, the new job's options). */
int fs_prio_run(struct fs_prio_run *x, const struct fs_prio_input *in,
		struct fs_err *e);
void fs_prio_run_release(struct fs_prio_run *x);
/* Live without a slurm.conf: offline needs no cluster; e's message says
 * how (with --tree - when no tree was given and the input is a pipe). */
void fs_prio_offline_hint(int tree_given, struct fs_err *e);
/* Whether --new is among fs-prio's arguments: it picks the letters'
 * meanings (sprio's, or sbatch's for the new job), so it is found first. */
int fs_prio_find_new(int argc, char **argv);
/* An option of the new job given without --new (the short one, opt, or
 * the long one, arg): a line that says so. */
void fs_prio_new_hint(int opt, const char *arg);
/* The tree's taken (fs_meta_date): 1, 0 without one, -1 with e set. */
int fs_prio_run_taken(const struct fs_prio_run *x, long long *t,
		      struct fs_err *e);
/* --cost: what row j of the new job (one of its QOS) charges and the
 * fairshare it leaves behind, into *in and *c (fs_cost_run; on a user's
 * part, fs_cost_run_levels). Returns 1, 0 when only the charge is known
 * (a user's part without the lists, a tie, not Fair Tree), or -1 with e
 * set (no tree, no time limit, bad weights or metadata). */
int fs_prio_run_cost(const struct fs_prio_run *x,
		     const struct fs_prio_pending *j, struct fs_cost_info *in,
		     struct fs_cost *c, struct fs_err *e);
/* --cost's answer for each QOS of the new job, in the controller's order,
 * appended to b: the text of each after a blank line, or the JSON
 * documents (json), in an array when there are several. Returns 0, or -1
 * with e set. */
int fs_prio_cost_answer(const struct fs_prio_run *x, int json,
			struct fs_buf *b, struct fs_err *e);

/* --------------------------------------------------------- explain_text.c */

/* fs-explain's prose, the twin of explain_json.c, appended to b wrapped at
 * 78 columns (its words: explain_words.c). Why one user or account ranks
 * above another (x), or one's path (p), on tree tr ranked with ro; for an
 * account's path, pass (or NULL) is its pair with the sibling walked just
 * before it. A path's text goes out to out as it is made, in whole 4 KB
 * blocks, once b holds 32 KB (out NULL: all of it held in b). The tree's
 * 'whatif' metadata, if any, is said. */
void fs_explain_text_pair(struct fs_buf *b, const struct fs_tree *tr,
			  const struct fs_rank_opts *ro, double half_life,
			  const struct fs_explain *x);
void fs_explain_text_path(struct fs_buf *b, const struct fs_tree *tr,
			  const struct fs_rank_opts *ro,
			  struct fs_explain_path *p,
			  const struct fs_explain *pass, FILE *out);
/* fs-explain's answer on one user's part of a ranked tree (tr->subset,
 * read back): for one user association (names, n: fs_explain_find_names)
 * and a plain question (no JSON nor other question), its FairShare and
 * rank, each step's NormShares and Level FS where the part holds them,
 * and what is unknown: 0, or -1 with e set (any other question). */
int fs_explain_part(struct fs_buf *b, const struct fs_tree *tr,
		    const struct fs_rank_opts *ro, char *const *names, int n,
		    int plain, struct fs_err *e);
/* fs-explain --forecast: the question (f), the assumptions (f and in) and
 * the answer (r). */
void fs_explain_text_forecast(struct fs_buf *b, const struct fs_tree *tr,
			      const struct fs_rank_opts *ro, double half_life,
			      const struct fs_forecast_opts *f,
			      const struct fs_forecast *r,
			      const struct fs_forecast_info *in);
/* --usage-by: u (fs_explain_usage_by) on tree tr ranked with o; asked is
 * the association named (a user: u is its fs parent's). */
void fs_explain_usage_text(struct fs_buf *b, const struct fs_tree *tr,
			   const struct fs_rank_opts *o, uint32_t asked,
			   const struct fs_usage_by *u);
/* --glossary: sshare's columns in plain words, with user's numbers. */
void fs_explain_glossary(struct fs_buf *b, const struct fs_tree *tr,
			 const struct fs_rank_opts *o, double half_life,
			 uint32_t user);
/* The user --glossary shows without one named: the first in the tree's
 * order with shares and usage below a first-level account, else the
 * first user (FS_NONE: none). */
uint32_t fs_explain_glossary_user(const struct fs_tree *tr);
/* The two questions answered whole: --glossary [SPEC] (SPEC a user, or
 * NULL: fs_explain_glossary_user's) and --usage-by SPEC (an account, or a
 * user's: fs_explain_usage_by_node; at most max parts named), the latter
 * in JSON when json. Return 0, or -1 with e set. */
int fs_explain_glossary_for(struct fs_buf *b, const struct fs_tree *tr,
			    const struct fs_rank_opts *o, double half_life,
			    const char *spec, struct fs_err *e);
int fs_explain_usage_by_for(struct fs_buf *b, const struct fs_tree *tr,
			    const struct fs_rank_opts *o, const char *spec,
			    uint32_t max, int json, struct fs_err *e);

/* --------------------------------------------------------- explain_json.c */

/* --usage-by --json: the same facts (explain_json.c). */
void fs_explain_json_usage_by(struct fs_buf *b, const struct fs_tree *tr,
			      const struct fs_rank_opts *ro, uint32_t asked,
			      const struct fs_usage_by *u);

/* --------------------------------------------------------- explain_json.c */

/* fs-explain --json: why one user or account ranks above another (x), or
 * one's path (p), on tree tr ranked with ro, as one JSON document appended
 * to b. half_life (seconds) is what the document says of decay. For an
 * account's path, pass (or NULL) is its pair with the sibling walked just
 * before it: the shares it would need to pass it. The tree's 'whatif'
 * metadata, if any, is said. */
void fs_explain_json_pair(struct fs_buf *b, const struct fs_tree *tr,
			  const struct fs_rank_opts *ro, double half_life,
			  const struct fs_explain *x);
void fs_explain_json_path(struct fs_buf *b, const struct fs_tree *tr,
			  const struct fs_rank_opts *ro, double half_life,
			  struct fs_explain_path *p,
			  const struct fs_explain *pass);
/* fs-explain --forecast --json: the question (f), the answer (r) and
 * the assumptions it was computed under (f and in, fs_forecast_plan), one
 * JSON document; fs_explain_text_forecast says them in words. */
void fs_explain_json_forecast(struct fs_buf *b, const struct fs_tree *tr,
			      const struct fs_rank_opts *ro, double half_life,
			      const struct fs_forecast_opts *f,
			      const struct fs_forecast *r,
			      const struct fs_forecast_info *in);

#endif
