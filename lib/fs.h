/*
 * fs.h: the one public header of libfs, the fairshare toolkit's library.
 *
 * The library is pure: it reads and writes only through the FILE pointers
 * and buffers it is handed, and reports problems through struct fs_err, so
 * that every program, the unit tests and any other caller share one
 * implementation of the TSV tree, the association tree and the algorithms.
 *
 * Ownership: an object initialised with fs_X_init() or filled by fs_X_read()
 * owns everything it points to and gives it back with fs_X_release().
 * Strings inside a tree point into its table's buffer and live as long as it.
 */
#ifndef FS_H
#define FS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FS_TSV_MAGIC "#fs-tsv 1"

/* Exit codes shared by every program. */
enum { FS_EXIT_OK = 0, FS_EXIT_DATA = 1, FS_EXIT_USAGE = 2 };

/* Slurm's sentinels (slurm.h, slurmdb.h). */
#define FS_NO_VAL 4294967294u
#define FS_INFINITE 4294967295u

/* ------------------------------------------------------------------ util.c */

/* Where a problem was found and what it is: printed as "prog: file:line: msg". */
struct fs_err {
	const char *file;	/* "<stdin>" for standard input; may be NULL */
	unsigned long line;	/* 0 when no line applies */
	char msg[1024];
};

int fs_error(struct fs_err *e, unsigned long line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));	/* returns -1 */
void fs_err_print(const struct fs_err *e);	/* to stderr, with fs_progname */

extern const char *fs_progname;
void fs_set_progname(const char *argv0);
void fs_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void fs_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *fs_xmalloc(size_t n);
void *fs_xcalloc(size_t n, size_t size);
void *fs_xrealloc(void *p, size_t n);
void *fs_xreallocarray(void *p, size_t n, size_t size);
char *fs_xstrdup(const char *s);
/* Ignore SIGPIPE's default and end quietly on EPIPE: call once at start. */
void fs_stdout_init(void);
/* Flush and close stdout; on failure print a message. Returns an exit code. */
int fs_stdout_close(void);
/* Write all of buf or fail: returns 0 or -1 (errno set). */
int fs_write_all(FILE *out, const void *buf, size_t len);

/* Growable byte buffer. */
struct fs_buf {
	char *data;
	size_t len, cap;
};
void fs_buf_init(struct fs_buf *b);
void fs_buf_release(struct fs_buf *b);
void fs_buf_add(struct fs_buf *b, const void *p, size_t n);
void fs_buf_addstr(struct fs_buf *b, const char *s);
void fs_buf_addch(struct fs_buf *b, char c);
void fs_buf_printf(struct fs_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void fs_buf_vprintf(struct fs_buf *b, const char *fmt, va_list ap);

/* Read a whole stream into a NUL-terminated buffer. Returns 0 or -1. */
int fs_slurp(FILE *in, struct fs_buf *b, struct fs_err *e);

/* Numbers as the TSV tree writes them: exact round trip. */
void fs_buf_ld(struct fs_buf *b, long double v);	/* %.21Lg, "inf" */
void fs_buf_double(struct fs_buf *b, double v);	/* %.17g, "inf" */
/* Parse a non-negative decimal (RawUsage): 0 or -1 with a message
 * "column 'NAME': ..." in e. Accepts what strtold accepts except hex, nan,
 * inf, signs and spaces. */
int fs_parse_usage(const char *s, const char *col, long double *v,
		   struct fs_err *e, unsigned long line);
/* Parse a long double that may be "inf" (computed columns read back). */
int fs_parse_ld(const char *s, long double *v);

/* ------------------------------------------------------------------ tsv.c */

struct fs_meta {
	char *key, *val;
};

/* The prologue of a TSV tree: metadata and column names. */
struct fs_header {
	struct fs_meta *meta;
	size_t nmeta;
	char **cols;
	size_t ncols;
	unsigned long line;	/* line number of the header line */
	int state;		/* reading progress, private */
};

void fs_header_init(struct fs_header *h);
void fs_header_release(struct fs_header *h);
/* Feed the next input line (without '\n', NUL-terminated, may be modified).
 * Returns 1 when more prologue lines are needed, 0 when this line was the
 * header, -1 on error. */
int fs_header_feed(struct fs_header *h, char *line, size_t len,
		   unsigned long lineno, struct fs_err *e);
int fs_header_col(const struct fs_header *h, const char *name); /* -1 absent */
const char *fs_header_meta(const struct fs_header *h, const char *key);
void fs_header_set_meta(struct fs_header *h, const char *key, const char *val);
/* Append a column if absent; returns its index. */
int fs_header_add_col(struct fs_header *h, const char *name);
int fs_header_write(const struct fs_header *h, FILE *out);

/* Reject NUL bytes and carriage returns in one line: 0 or -1. */
int fs_check_line(const char *line, size_t len, unsigned long lineno,
		  struct fs_err *e);
/* Split a row in place at tabs into exactly n fields: 0 or -1. */
int fs_split(char *line, char **fields, size_t n, unsigned long lineno,
	     struct fs_err *e);

/* A whole TSV tree in memory. Rows are stored in place in buf: each row's
 * fields are consecutive NUL-terminated strings. */
struct fs_table {
	struct fs_header h;
	struct fs_buf buf;
	size_t *row;		/* offset in buf.data of each row's first field */
	size_t nrows;
	unsigned long first_line;	/* line number of row 0; rows are consecutive */
};

int fs_table_read(struct fs_table *t, FILE *in, struct fs_err *e);
/* Parse from a NUL-terminated buffer that the table takes over. */
int fs_table_parse(struct fs_table *t, struct fs_buf *text, struct fs_err *e);
void fs_table_release(struct fs_table *t);
/* Field c of row r (fields walked; use fs_table_fields for all). */
const char *fs_table_field(const struct fs_table *t, size_t r, size_t c);
/* Fill f[0..ncols-1] with the fields of row r. */
void fs_table_fields(const struct fs_table *t, size_t r, const char **f);

/* ----------------------------------------------------------------- tree.c */

#define FS_NONE UINT32_MAX

/* One association. Indices are into fs_tree.node. */
struct fs_node {
	const char *acct, *user, *part;	/* user is "" on account rows */
	uint32_t row;		/* table row */
	uint32_t parent;	/* direct parent (FS_NONE for root) */
	uint32_t fs_parent;	/* nearest ancestor that is not FairShare=parent */
	uint32_t kids, nkids;	/* direct children: tree.kids[kids..+nkids] */
	uint32_t fs_kids, nfs_kids;	/* Slurm's children_list: tree.fs_kids[] */
	uint32_t depth;		/* root 0 */
	uint32_t shares_raw;	/* meaningless when use_parent */
	uint32_t level_shares;	/* sum of shares in the fs parent's list */
	uint32_t rank;		/* Fair Tree rank, users only */
	uint8_t is_user, use_parent, usage_given;
	long double usage_raw;
	long double usage_norm, usage_efctv, level_fs;
	double shares_norm, fs_factor;
};

struct fs_tree {
	struct fs_node *node;
	uint32_t n;
	uint32_t root;
	uint32_t *order;	/* sshare's display order: depth first */
	uint32_t *kids;
	uint32_t *fs_kids;
	uint32_t user_count;	/* N: every user association */
	const struct fs_table *t;
};

/* Build the tree from a table: validates every row (numbers, duplicates,
 * orphans, cycles, roots). Returns 0 or -1 with e set. */
int fs_tree_build(struct fs_tree *tr, const struct fs_table *t,
		  struct fs_err *e);
void fs_tree_release(struct fs_tree *tr);
/* Line of input where node i stands. */
unsigned long fs_tree_line(const struct fs_tree *tr, uint32_t i);
/* Find a user association by "user", "account/user" or
 * "account/user/partition"; returns FS_NONE, or FS_NONE-1 when ambiguous. */
uint32_t fs_tree_find_user(const struct fs_tree *tr, const char *spec);
uint32_t fs_tree_find_account(const struct fs_tree *tr, const char *name);

/* ------------------------------------------------------------- fairtree.c */

enum fs_algorithm { FS_ALG_FAIRTREE, FS_ALG_CLASSIC, FS_ALG_DEPTH_OBLIVIOUS };
enum fs_ties { FS_TIES_SLURM, FS_TIES_MERGE };

struct fs_rank_opts {
	enum fs_algorithm algorithm;
	enum fs_ties ties;
	unsigned dampening;	/* FairShareDampeningFactor, >= 1 */
};

/* Shares and usage normalisation and Level FS per Slurm's Fair Tree
 * (SLURM-REFERENCE §2), then the ranking walk. Pure: fills the computed
 * fields of every node. */
void fs_fairtree(struct fs_tree *tr, enum fs_ties ties);
/* Fair Tree's Level FS of node i, computed alone (for explanations). */
long double fs_fairtree_level_fs(const struct fs_tree *tr, uint32_t i);
/* Classic and depth-oblivious (§3): fills the same fields; Level FS 0. */
void fs_classic(struct fs_tree *tr, int depth_oblivious, unsigned dampening);
/* 2^(-(UE/S)/dampening), 0 for no shares (§3.4). */
double fs_classic_factor(long double usage_efctv, long double shares_norm,
			 unsigned dampening);
/* Dispatch on the algorithm. */
void fs_rank(struct fs_tree *tr, const struct fs_rank_opts *o);
const char *fs_algorithm_name(enum fs_algorithm a);
int fs_algorithm_parse(const char *s, enum fs_algorithm *a);

/* --------------------------------------------------------------- output.c */

/* Write the tree as TSV: the table's columns with the computed columns
 * filled in (appended when absent), rows in display order. */
int fs_tree_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		  FILE *out);

/* ----------------------------------------------------------------- json.c */

/* One JSON document: metadata and one object per association (fs-rank(1)). */
int fs_json_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
		  FILE *out);
/* Append s as a JSON string (escaped; bytes that are not UTF-8 become
 * U+FFFD). */
void fs_json_string(struct fs_buf *b, const char *s);

/* ------------------------------------------------------------- display.c */

/* The indented tree for a terminal (fs-rank --tree). */
int fs_tree_table_write(const struct fs_tree *tr, const struct fs_rank_opts *o,
			FILE *out);

/* --------------------------------------------------------------- sshare.c */

/* Print like `sshare -a` (SLURM-REFERENCE §6). */
struct fs_sshare_opts {
	int longfmt;		/* -l */
	int parsable;		/* 0 fixed width, 1 -p, 2 -P */
	int noheader;		/* -n */
	int users_only;		/* -U */
	const char *format;	/* -o list, NULL for defaults */
	int partition;		/* -m */
	int newer;		/* 25.11+: FairShare blank on account rows */
};
const char *fs_sshare_default_format(enum fs_algorithm alg, int longfmt,
				     int partition);
/* Validate an -o list: 0, or -1 with e set. */
int fs_sshare_check_format(const char *spec, struct fs_err *e);
int fs_sshare_print(const struct fs_tree *tr, const struct fs_rank_opts *ro,
		    const struct fs_sshare_opts *o, FILE *out,
		    struct fs_err *e);

/* Convert the text of `sshare -a -l` (any of -P, -p, fixed width) into a
 * TSV tree in out. Returns 0 or -1. */
int fs_sshare_import(const char *text, size_t len, const char *cluster,
		     struct fs_buf *out, struct fs_err *e);

/* --------------------------------------------------------------- sample.c */

extern const char fs_sample_tree[];

/* --------------------------------------------------------------- report.c */

/* fs-report(1): a summary of a ranked tree for people and for Prometheus. */
enum fs_report_format {
	FS_REPORT_TEXT, FS_REPORT_MARKDOWN, FS_REPORT_HTML, FS_REPORT_PROMETHEUS
};
struct fs_report_opts {
	enum fs_report_format format;
	unsigned top;		/* length of each list */
};
/* Fill tr's computed fields: from the ranking columns when the table has
 * all of them (fs-rank's output), else by fs_rank() with the algorithm,
 * ties and dampening of the table's metadata. ro receives the options.
 * Returns 0, or -1 with e set (a bad value, a bad metadata entry). */
int fs_report_rank(struct fs_tree *tr, struct fs_rank_opts *ro,
		   struct fs_err *e);
/* The report on cur, compared with old when old is not NULL, appended to
 * out. Both trees are ranked (fs_report_rank). */
void fs_report_write(struct fs_buf *out, const struct fs_tree *cur,
		     const struct fs_rank_opts *ro, const struct fs_tree *old,
		     const struct fs_rank_opts *old_ro,
		     const struct fs_report_opts *o);
/* Escapes: HTML text and attributes (& < > " '), Markdown text, and
 * Prometheus label values (\ " newline). */
void fs_buf_html(struct fs_buf *b, const char *s);
void fs_buf_markdown(struct fs_buf *b, const char *s);
void fs_buf_prom_label(struct fs_buf *b, const char *s);

/* ------------------------------------------------------------------ time */

/* Current time as ISO 8601 UTC, "2026-11-22T09:30:00Z". */
void fs_iso_time(long long t, char out[32]);

#endif
