/*
 * report_html.c: fs-report --html, one self-contained page: the summary, an
 * SVG picture of the whole tree and the report's tables. Nothing is fetched
 * (no scripts, fonts or images; a Content-Security-Policy says so to the
 * browser too) and every name is escaped (fs_buf_html), so a hostile
 * account name is shown as text.
 *
 * The picture is an icicle: root across the top, each association a box
 * under its parent, as wide as its part of the cluster's shares (the
 * product down the tree of the per-level parts: report.c global_shares) and
 * coloured by log2 of its Level FS (classic: S/U), blue for under-served,
 * red for over-served, clamped at 1/8 and 8. Each box's numbers are in its
 * <title>, which browsers show as a tooltip.
 *
 * A box narrower than MIN_PX cannot be seen: the thin children of a parent
 * are drawn as one grey block after the wide ones (or left out when even
 * the block is too thin), their subtrees with them, and the picture says
 * how many associations that hid. Every drawn box is at least MIN_PX wide,
 * so each row holds at most WIDTH / MIN_PX boxes and one block per parent:
 * the page stays small at 100 000 associations. Layout is one depth-first
 * walk with an explicit stack, O(n log n) for the sort of thin children.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"

#define WIDTH 1200.0	/* SVG user units */
#define ROW_H 22.0
#define MIN_PX 1.5
#define CHAR_PX 7.0	/* a rough width of one character at 12px */

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

static const char style[] =
	"body{font-family:sans-serif;margin:1.5em;color:#222;max-width:1300px}"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"th,td{padding:.2em .7em;border-bottom:1px solid #ddd;"
	"text-align:left}"
	"th{background:#f2f2f2}td.num,th.num{text-align:right;"
	"font-variant-numeric:tabular-nums}"
	"table.summary th{background:none;font-weight:bold}"
	"p.note,p.more{color:#555;font-size:.9em}"
	"svg{display:block;width:100%;height:auto;border:1px solid #ccc}"
	"svg text{font:12px sans-serif;pointer-events:none}"
	"svg rect{stroke:#fff;stroke-width:.5}";

/* Diverging colour for a service value: blue above 1, red below. */
static void
colour(struct fs_buf *b, long double s, int *dark)
{
	static const double blue[3] = {33, 102, 172}, red[3] = {178, 24, 43};
	const double mid[3] = {247, 247, 247};
	const double *end;
	double t;
	int k;

	*dark = 0;
	if (s < 0) {
		fs_buf_addstr(b, "#c8c8c8");
		return;
	}
	if (isinf(s))
		t = 1;
	else if (s == 0)
		t = -1;
	else
		t = (double)log2l(s) / 3;
	if (t > 1)
		t = 1;
	if (t < -1)
		t = -1;
	end = t > 0 ? blue : red;
	t = fabs(t);
	*dark = t > 0.6;
	fs_buf_addch(b, '#');
	for (k = 0; k < 3; k++)
		fs_buf_printf(b, "%02x",
			      (unsigned)lround(mid[k] + (end[k] - mid[k]) * t));
}

static void
fmt_pct(struct fs_buf *b, long double v)
{
	if (v == NO_VAL_LD || v < 0)
		fs_buf_addch(b, '-');
	else
		fs_buf_printf(b, "%.4Lg%%", v * 100);
}

/* The tooltip: every number the report knows about the association. */
static void
tooltip(struct fs_buf *b, const struct fs_report *r, uint32_t i)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i];
	int fair = fs_algorithm_levels(r->ro->algorithm);

	fs_buf_addstr(b, "<title>");
	if (a->is_user) {
		fs_buf_addstr(b, "user ");
		fs_buf_html(b, a->user);
		fs_buf_addstr(b, " in account ");
		fs_buf_html(b, a->acct);
		if (*a->part) {
			fs_buf_addstr(b, ", partition ");
			fs_buf_html(b, a->part);
		}
	} else {
		fs_buf_addstr(b, "account ");
		fs_buf_html(b, a->acct);
	}
	fs_buf_addstr(b, fair ? "\nLevel FS " : "\nS/U ");
	fs_report_fmt_service(b, r->service[i]);
	if (a->is_user || !fair) {
		fs_buf_printf(b, "\nFairShare %.6f", a->fs_factor);
		if (a->is_user && a->rank)
			fs_buf_printf(b, " (rank %u of %u)",
				      tr->user_count + 1 - a->rank,
				      tr->user_count);
	}
	fs_buf_addstr(b, "\nShares ");
	if (a->use_parent)
		fs_buf_addstr(b, "parent");
	else
		fs_buf_printf(b, "%u", a->shares_raw);
	fs_buf_addstr(b, fair ? " (" : " (NormShares ");
	fmt_pct(b, (long double)a->shares_norm);
	fs_buf_addstr(b, fair ? " of level, " : ", ");
	fmt_pct(b, (long double)r->width[i]);
	fs_buf_addstr(b, " of cluster)\nUsage ");
	fs_report_fmt_hours(b, a->usage_raw);
	fs_buf_addstr(b, " h (");
	if (i != tr->root) {
		fmt_pct(b, a->usage_efctv);
		fs_buf_addstr(b, fair ? " of level, " : " effective, ");
	}
	fmt_pct(b, a->usage_raw / (tr->node[tr->root].usage_raw > 0
					   ? tr->node[tr->root].usage_raw
					   : 1));
	fs_buf_addstr(b, " of cluster)</title>");
}

static void
box(struct fs_buf *b, const struct fs_report *r, uint32_t i, double x,
    double w, uint32_t depth)
{
	const struct fs_node *a = &r->cur->node[i];
	const char *name = i == r->cur->root ? r->title
			   : a->is_user	     ? a->user
					     : a->acct;
	int dark;

	fs_buf_addstr(b, "<g>");
	tooltip(b, r, i);
	fs_buf_printf(b, "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
			 "height=\"%.0f\" fill=\"", x, depth * ROW_H, w,
		      ROW_H);
	colour(b, r->service[i], &dark);
	fs_buf_addstr(b, "\"/>");
	if (w >= CHAR_PX * (double)strlen(name) + 8)
		fs_buf_printf(b, "<text x=\"%.2f\" y=\"%.0f\"%s>", x + 4,
			      depth * ROW_H + 15,
			      dark ? " fill=\"#fff\"" : "");
	else
		name = NULL;
	if (name) {
		fs_buf_html(b, name);
		fs_buf_addstr(b, "</text>");
	}
	fs_buf_addstr(b, "</g>\n");
}

/* One frame of the layout walk: a drawn node whose children come next. */
struct frame {
	uint32_t node, depth;
	double x;
};

static void
icicle(struct fs_buf *b, const struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t *size = fs_xcalloc(tr->n, sizeof(*size));
	struct frame *st = fs_xcalloc(tr->n + 1, sizeof(*st));
	uint32_t sp = 0, k, j, maxdepth = 0, hidden = 0, blocks = 0;
	struct fs_buf body;
	double scale = WIDTH;

	/* Subtree sizes, children before parents. */
	for (k = tr->n; k-- > 0;) {
		uint32_t i = tr->order[k];

		size[i]++;
		if (i != tr->root)
			size[tr->node[i].parent] += size[i];
	}
	fs_buf_init(&body);
	box(&body, r, tr->root, 0, WIDTH, 0);
	st[sp++] = (struct frame){tr->root, 0, 0};
	while (sp) {
		struct frame f = st[--sp];
		const struct fs_node *p = &tr->node[f.node];
		double x = f.x, thin = 0;
		uint32_t nthin = 0, base = sp;

		/* Wide children left to right; pushed, then reversed so the
		 * leftmost is walked first. */
		for (j = 0; j < p->nkids; j++) {
			uint32_t c = tr->kids[p->kids + j];
			double w = r->width[c] * scale;

			if (w < MIN_PX) {
				thin += w;
				nthin += size[c];
				continue;
			}
			box(&body, r, c, x, w, f.depth + 1);
			if (f.depth + 1 > maxdepth)
				maxdepth = f.depth + 1;
			if (tr->node[c].nkids)
				st[sp++] = (struct frame){c, f.depth + 1, x};
			x += w;
		}
		for (j = 0; j < (sp - base) / 2; j++) {
			struct frame s = st[base + j];

			st[base + j] = st[sp - 1 - j];
			st[sp - 1 - j] = s;
		}
		if (!nthin)
			continue;
		hidden += nthin;
		if (thin < MIN_PX)
			continue;
		blocks++;
		if (f.depth + 1 > maxdepth)
			maxdepth = f.depth + 1;
		fs_buf_printf(&body, "<g><title>%u associations under ", nthin);
		fs_buf_html(&body, f.node == tr->root ? "root" : p->acct);
		fs_buf_printf(&body, ", each too thin to draw: %.4g%% of the "
				     "cluster's shares together</title>"
				     "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
				     "height=\"%.0f\" fill=\"url(#thin)\"/></g>\n",
			      thin / scale * 100, x, (f.depth + 1) * ROW_H, thin,
			      ROW_H);
	}
	fs_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
			 "viewBox=\"0 0 %.0f %.0f\" role=\"img\" "
			 "aria-label=\"the association tree\">\n"
			 "<defs><pattern id=\"thin\" width=\"4\" height=\"4\" "
			 "patternUnits=\"userSpaceOnUse\">"
			 "<rect width=\"4\" height=\"4\" fill=\"#bbb\"/>"
			 "<path d=\"M0 4L4 0\" stroke=\"#888\"/></pattern>"
			 "</defs>\n",
		      WIDTH, (maxdepth + 1) * ROW_H + 26);
	fs_buf_add(b, body.data, body.len);
	fs_buf_printf(b, "<text x=\"4\" y=\"%.0f\">", (maxdepth + 1) * ROW_H + 18);
	if (hidden && blocks)
		fs_buf_printf(b, "%u of %u associations are narrower than "
				 "%.1f px: they are merged into %u hatched "
				 "grey block%s (left out where even a block "
				 "would be too thin).", hidden, tr->n, MIN_PX,
			      blocks, blocks == 1 ? "" : "s");
	else if (hidden)
		fs_buf_printf(b, "%u of %u associations are narrower than "
				 "%.1f px and left out.", hidden, tr->n,
			      MIN_PX);
	else
		fs_buf_printf(b, "All %u associations are drawn.", tr->n);
	fs_buf_addstr(b, "</text>\n</svg>\n");
	fs_buf_release(&body);
	free(size);
	free(st);
}

static void
legend(struct fs_buf *b, int fair)
{
	static const struct {
		long double v;
		const char *label;
	} sw[] = {{0.125L, "&#8804; 1/8"}, {0.25L, "1/4"}, {0.5L, "1/2"},
		  {1, "1"}, {2, "2"}, {4, "4"}, {8, "&#8805; 8"},
		  {-1, "none"}};
	size_t k;
	int dark;

	fs_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
			 "viewBox=\"0 0 %d 40\" style=\"width:%dpx;border:0\" "
			 "role=\"img\" aria-label=\"colour legend\">\n",
		      (int)(sizeof(sw) / sizeof(*sw)) * 70 + 10,
		      (int)(sizeof(sw) / sizeof(*sw)) * 70 + 10);
	for (k = 0; k < sizeof(sw) / sizeof(*sw); k++) {
		fs_buf_printf(b, "<rect x=\"%zu\" y=\"2\" width=\"66\" "
				 "height=\"16\" fill=\"", 5 + k * 70);
		colour(b, sw[k].v, &dark);
		fs_buf_printf(b, "\"/><text x=\"%zu\" y=\"34\">%s</text>\n",
			      8 + k * 70, sw[k].label);
	}
	fs_buf_addstr(b, "</svg>\n");
	fs_buf_printf(b, "<p class=\"note\">Each box is an association, under "
			 "its parent, as wide as its part of the whole "
			 "cluster's shares. Colour is %s: blue boxes used "
			 "less than their shares (under-served), red ones "
			 "more (over-served). Hover over a box for its "
			 "numbers.</p>\n",
		      fair ? "its Level FS" : "S/U, NormShares over "
					       "EffectvUsage");
}

static void
table(struct fs_buf *b, const struct fs_rtable *t)
{
	size_t r, c;

	fs_buf_addstr(b, "<h2>");
	fs_buf_html(b, t->title);
	fs_buf_addstr(b, "</h2>\n");
	if (t->note) {
		fs_buf_addstr(b, "<p class=\"note\">");
		fs_buf_html(b, t->note);
		fs_buf_addstr(b, "</p>\n");
	}
	if (!t->nrows) {
		fs_buf_addstr(b, "<p>");
		fs_buf_html(b, t->empty);
		fs_buf_addstr(b, "</p>\n");
		return;
	}
	fs_buf_addstr(b, "<table>\n<thead><tr>");
	for (c = 0; c < t->ncols; c++) {
		fs_buf_addstr(b, t->align[c] == 'r' ? "<th class=\"num\">"
						    : "<th>");
		fs_buf_html(b, t->head[c]);
		fs_buf_addstr(b, "</th>");
	}
	fs_buf_addstr(b, "</tr></thead>\n<tbody>\n");
	for (r = 0; r < t->nrows; r++) {
		fs_buf_addstr(b, "<tr>");
		for (c = 0; c < t->ncols; c++) {
			fs_buf_addstr(b, t->align[c] == 'r'
						 ? "<td class=\"num\">"
						 : "<td>");
			fs_buf_html(b, t->cell[r * t->ncols + c]);
			fs_buf_addstr(b, "</td>");
		}
		fs_buf_addstr(b, "</tr>\n");
	}
	fs_buf_addstr(b, "</tbody>\n</table>\n");
	if (t->more)
		fs_buf_printf(b, "<p class=\"more\">and %zu more</p>\n",
			      t->more);
}

void
fs_report_html_write(struct fs_buf *b, const struct fs_report *r)
{
	size_t k;

	fs_buf_addstr(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
			 "<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" "
			 "content=\"default-src 'none'; "
			 "style-src 'unsafe-inline'\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, "
			 "initial-scale=1\">\n<title>Fairshare report for "
			 "cluster ");
	fs_buf_html(b, r->title);
	fs_buf_printf(b, "</title>\n<style>%s</style>\n</head>\n<body>\n"
			 "<h1>Fairshare report for cluster ", style);
	fs_buf_html(b, r->title);
	fs_buf_addstr(b, "</h1>\n<table class=\"summary\">\n");
	for (k = 0; k < r->nsummary; k++) {
		fs_buf_addstr(b, "<tr><th>");
		fs_buf_html(b, r->summary[2 * k]);
		fs_buf_addstr(b, "</th><td>");
		fs_buf_html(b, r->summary[2 * k + 1]);
		fs_buf_addstr(b, "</td></tr>\n");
	}
	fs_buf_addstr(b, "</table>\n<h2>The tree</h2>\n");
	icicle(b, r);
	legend(b, fs_algorithm_levels(r->ro->algorithm));
	for (k = 0; k < r->ntab; k++)
		table(b, &r->tab[k]);
	fs_buf_addstr(b, "</body>\n</html>\n");
}
