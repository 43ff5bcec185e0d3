/*
 * report.h: private to lib/io/report*.c. The content of fs-report(1), built
 * once from the ranked trees (report.c) and rendered as plain text and
 * Markdown (report_text.c), HTML with an SVG picture (report_html.c) or the
 * Prometheus text format (report_prom.c). The renderers call only what
 * report_fmt.c holds; report.c calls the renderers: no circle.
 */
#ifndef FS_REPORT_H
#define FS_REPORT_H

#include "io/io.h"

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
};

struct fs_report {
	const struct fs_tree *cur, *old;
	const struct fs_rank_opts *ro, *old_ro;
	const struct fs_report_opts *o;
	double *width;		/* cur: the node's part of the cluster's shares */
	long double *service;	/* cur: Level FS (classic: S/U), -1 for none */
	char *title;
	char **summary;		/* key, value, key, value... */
	size_t nsummary;	/* pairs */
	struct fs_rtable *tab;
	size_t ntab;
	int partitions;		/* some association has a partition */
	/* The user associations of cur twice, the first --top of each in
	 * order: the heaviest (RawUsage) first, the lowest FairShare first. */
	uint32_t *heavy, *lowest;
	size_t nusers;
	/* HTML: the picture's widths (width, or each node's part of the
	 * cluster's usage), and the index: the user associations by user
	 * name, the accounts (not root) by name. */
	double *draw;
	uint32_t *by_user, *by_acct;
	size_t nby_user, nby_acct;
};

/* report_fmt.c: display rounding shared by the renderers. */
void fs_report_fmt_service(struct fs_buf *b, long double v);
void fs_report_fmt_hours(struct fs_buf *b, long double seconds);

void fs_report_text_write(struct fs_buf *b, const struct fs_report *r);
void fs_report_markdown_write(struct fs_buf *b, const struct fs_report *r);
void fs_report_html_write(struct fs_buf *b, const struct fs_report *r);
void fs_report_prom_write(struct fs_buf *b, const struct fs_report *r);

#endif
