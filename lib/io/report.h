/*
 * report.h: private to lib/io/report*.c. The content of fs-report(1), built
 * once from the ranked trees (report.c) and rendered as plain text and
 * Markdown (report_text.c), HTML with an SVG picture (report_html.c) or the
 * Prometheus text format (report_prom.c). The trees are read back by
 * report_read.c. The renderers and report_history.c call only what
 * report_read.c and report_fmt.c hold; report.c calls them all: no circle
 * (tests/layers.t checks).
 */
#ifndef FS_REPORT_H
#define FS_REPORT_H

#include "io/io.h"

/* --------------------------------------------------------------- report.c */

/* One table of the report. Cells are owned strings, unescaped: each
 * renderer escapes them for its format. */
struct fs_rtable {
	const char *title;
	const char *note;	/* a sentence under the title, or NULL */
	const char *empty;	/* said instead of an empty table */
	size_t ncols;
	const char *const *head;	/* points into spec */
	const char *align;	/* 'l' or 'r' per column */
	char *spec;
	char **cell;		/* nrows * ncols */
	size_t nrows, more;	/* more: rows left off by --top */
	long double *service;	/* per row of accounts, or NULL: the
				 * service value HTML colours it by */
};

struct fs_report {
	const struct fs_tree *cur, *old;
	const struct fs_rank_opts *ro, *old_ro;
	const struct fs_report_opts *o;
	double *width;		/* cur: the node's part of the cluster's shares */
	char *title;
	const char *kind;	/* the heading's words; NULL: Fairshare report */
	char **summary;		/* key, value, key, value... */
	size_t nsummary;	/* pairs */
	struct fs_rtable *tab;
	size_t ntab;
	char *notes[1];		/* the tables' notes that are made, not fixed */
	size_t nnotes;
	int partitions;		/* some association has a partition */
	/* The user associations of cur twice, the first --top of each in
	 * order: the heaviest (RawUsage) first, the lowest FairShare first.
	 * Only those first --top are read (top_chosen: the rest is not
	 * every user). */
	uint32_t *heavy, *lowest;
	size_t nusers;
	int top_chosen;		/* list_users put them in order, not prep() */
	/* Every account, root too, in node order (not for --scope all). */
	uint32_t *acct_nodes;
	size_t nacct_nodes;
	/* The tables' rows, chosen in prep() (not for Prometheus), the
	 * first --top of each in order: accounts below and above their
	 * share of the cluster; idle associations holding shares, and those
	 * with usage but no shares. */
	uint32_t *under, *over, *idle, *zero;
	size_t nunder, nover, nidle, nzero;
	/* HTML: the picture's widths (width, or each node's part of the
	 * cluster's usage), and the index: the user associations by user
	 * name, the accounts (not root) by name. */
	double *draw;
	uint32_t *by_user, *by_acct;
	size_t nby_user, nby_acct;
	uint8_t *user_first;	/* per by_user: 1 where a user name starts */
	struct named *user_named;	/* report.c: by_user's name prefixes,
					 * made by list_users for prep() */
	char *links;		/* HTML: fs_report_html_links */
	uint32_t *link_at;
	uint32_t *size;		/* HTML: fs_report_html_sizes */
	uint32_t *sec;		/* HTML: the accounts in the sections' order
				 * (fs_report_html_order) */
	size_t nsec;
	uint32_t distinct_users;	/* user names, in by_user */
	uint32_t accounts;	/* below root */
};

/* fs-report --history (report_history.c): one association across the
 * snapshots. */
struct fs_hseries {
	char *acct, *user, *part, *parent;	/* parent: in the last seen */
	int is_user;
	double lo, hi;		/* the range of its measured value */
	double first_v, last_v;	/* first and last measured values */
	long double first_u, last_u;	/* RawUsage first and last seen */
	uint32_t seen;		/* snapshots it is in */
	uint32_t first_at, last_at;	/* the first and last of them */
	double *v, *u;		/* chosen only: value (FairShare, Level FS or
				 * S/U) and usage in hours a snapshot, NAN
				 * where absent */
};

struct fs_history {
	const struct fs_report_opts *o;
	char *cluster, *first;	/* of the first snapshot: name, file */
	long long *t;		/* taken, seconds, a snapshot */
	char **taken;		/* as written */
	size_t nt;
	struct fs_hseries *s;	/* sorted by key */
	size_t ns;
	double *total;		/* the cluster's usage in hours a snapshot */
	int pass;		/* 1 or 2 */
	int classic;		/* some snapshot ranked without levels: S/U */
	size_t at;		/* pass 2: the snapshot being read */
	uint32_t *acc_top, *usr_top;	/* indexes in s, most moved first */
	size_t nacc, nusr, nacc_moved, nusr_moved;
	uint32_t *grow_top;	/* users, the usage that grew most first */
	size_t ngrow, ngrow_pos;	/* the first --top, and all that grew */
};

/* ------------------------------------------------------- report_history.c */

/* How much a series' RawUsage grew from the first snapshot to the last (0
 * where it is missing from one). */
long double fs_history_growth(const struct fs_history *h,
			      const struct fs_hseries *s);

/* ---------------------------------------------------------- report_read.c */

/* For report.c, its renderers and report_history.c: a
 * node's service value (Level FS, or S/U; -1 for none), the order of
 * associations by key (account, user, partition), and the node indexes in
 * that order. */
long double fs_report_service(const struct fs_tree *tr, enum fs_algorithm alg,
			      uint32_t i);
/* Node i's service value of r->cur: Level FS (classic: S/U), -1 for
 * none. */
long double fs_report_service_at(const struct fs_report *r, uint32_t i);
int fs_report_cmp_key(const struct fs_node *a, const struct fs_node *b);
uint32_t *fs_report_by_key(const struct fs_tree *tr);

/* ---------------------------------------------------------- report_html.c */

/* fs-report --history --html's page into b. */
void fs_report_history_html(struct fs_buf *b, const struct fs_report *r,
			    const struct fs_history *h);
/* Every account's link, for the page to copy. */
void fs_report_html_links(struct fs_report *r);
/* The associations in each node's subtree, into r->size. */
void fs_report_html_sizes(struct fs_report *r);
/* The accounts in the order of the page's sections, into r->sec: depth
 * first from root, each account's sub-accounts by the gap between their
 * share of the cluster and their use of it, the furthest below it first
 * (r->width: after prep()). */
void fs_report_html_order(struct fs_report *r);
/* The page into b, written to out as it is made (b is left empty): 0, or
 * -1 when writing failed. */
int fs_report_html_write(struct fs_buf *b, FILE *out,
			 const struct fs_report *r);

/* ----------------------------------------------------------- report_fmt.c */

/* What b holds written to out when it holds at bytes or more: 0, or -1
 * when writing failed, now or before (*failed is set and nothing is
 * written after it). The renderers of pages that grow with the tree write
 * as they go, every FS_REPORT_FLUSH_AT bytes. */
#define FS_REPORT_FLUSH_AT (1 << 20)
int fs_report_flush(struct fs_buf *b, FILE *out, size_t at, int *failed);
/* Display rounding shared by the renderers; printf's
 * "%.*Lf" (d from 0 to 5), mostly without printf. */
void fs_report_fmt_fixed(struct fs_buf *b, long double v, int d);
void fs_report_fmt_service(struct fs_buf *b, long double v);
void fs_report_fmt_hours(struct fs_buf *b, long double seconds);

/* ---------------------------------------------------------- report_text.c */

void fs_report_text_write(struct fs_buf *b, const struct fs_report *r);
void fs_report_markdown_write(struct fs_buf *b, const struct fs_report *r);

/* ---------------------------------------------------------- report_prom.c */

/* Into b, written to out as it grows (--scope all): 0, or -1 when writing
 * failed. */
int fs_report_prom_write(struct fs_buf *b, FILE *out,
			 const struct fs_report *r);

#endif
