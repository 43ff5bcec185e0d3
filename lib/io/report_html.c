/*
 * report_html.c: fs-report --html, one self-contained page: the summary, an
 * SVG picture of the whole tree, the report's tables and every account in
 * a section of its own. Nothing is fetched (no scripts, fonts or images; a
 * Content-Security-Policy says so to the browser too) and every name is
 * escaped (fs_buf_html), so a hostile account name is shown as text.
 *
 * The picture is an icicle: root across the top, each association a box
 * under its parent, as wide as its part of the cluster's shares (the
 * product down the tree of the per-level parts: report.c global_shares) and
 * coloured by log2 of its Level FS (classic: S/U), blue for under-served,
 * red for over-served, clamped at 1/8 and 8, in NCOLOUR steps that the
 * style sheet names (class cK), so that a box, a swatch and a legend entry
 * cost a class, not a colour. Each box's numbers are in its <title>, which
 * browsers show as a tooltip; its name is written in it where the name
 * fits, in a smaller type if only that fits, or else two characters of it
 * or more and an ellipsis (text_px: the widths of DejaVu Sans, the widest
 * usual sans-serif font).
 *
 * A box narrower than MIN_PX cannot be seen: the thin children of a parent
 * are drawn as one grey block after the wide ones (or left out when even
 * the block is too thin), their subtrees with them, and the picture says
 * how many associations that hid. Every drawn box is at least MIN_PX wide,
 * so each row holds at most WIDTH / MIN_PX boxes and one block per parent:
 * the page stays small at 100 000 associations. Layout is one depth-first
 * walk with an explicit stack, O(n log n) for the sort of thin children.
 *
 * The sections are most of the page: they are made to stay small and quick
 * for a browser at the size of a real cluster (the aim: 50,000
 * associations under 2 MB, laid out in under 2 s). Each account is one
 * <details> whose summary is one line of its numbers, nested in its
 * parent's in the order of the gap between its share of the cluster and
 * its use of it (fs_report_html_order), so that an account appears once
 * and a closed page shows root's accounts only; its users are lines of
 * text in one <pre>, not table rows: a row's cells were 17 DOM nodes a
 * user, and the nodes, not the bytes, were most of a browser's time. The
 * columns are tab stops of a monospaced font, their headings made by the
 * style sheet. A link to a section inside closed ones opens them (the
 * HTML standard's ancestor details revealing); past NEST_MAX levels the
 * sections are not nested further (a browser's parser caps the depth of
 * the DOM) but follow their ancestor at that level with their path.
 *
 * At a million associations the page is 36 MB: it is written as it is
 * made, never held whole: the sections, chunks made on every core
 * (fs_par_ordered), by the thread that has the next one in order; the
 * head, the picture and the tables, small, before them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "io/report.h"
#include "core/msort.h"

#define WIDTH 1200.0	/* SVG user units */
#define ROW_H 22.0
#define MIN_PX 1.5
#define FONT_PX 12.0	/* the picture's text */
#define SMALL_PX 9.0	/* its small text, for a name that fits no other way */
#define NCOLOUR 25	/* colour steps: c0 (1/8 and below) to c24 (8 and up) */
#define NEST_MAX 32	/* sections nested this deep at most */
#define TAB 10		/* a column of the sections, in characters */

static const long double NO_VAL_LD = (long double)FS_NO_VAL;

/* A literal at o: the end. */
#define PUT(o, lit) ((char *)memcpy((o), (lit), sizeof(lit) - 1) + \
		     sizeof(lit) - 1)

/* The style sheet of both pages, */
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
	"svg rect{stroke:#fff;stroke-width:.5}"
	"p.nav a{margin-right:1.2em}h3{font-size:1.05em}"
	"mark{background:#fdd49e}";

/* the report's, */
static const char style_report[] =
	"svg text.w{fill:#fff}svg text.n{fill:#333}svg text.s{font-size:9px}"
	"td>i{display:inline-block;width:.8em;height:.8em;"
	"border:1px solid #999;vertical-align:middle;margin-right:.4em}"
	/* The sections: one line an account, columns at tab stops. */
	"div.t{font:.85em/1.45 monospace}"
	"details>summary{white-space:pre;tab-size:10;cursor:pointer}"
	"details>summary>b{display:inline-block;min-width:14ch}"
	"details>summary>i{display:inline-block;width:1ch;height:.9em;"
	"margin-right:1ch;border:1px solid #999;vertical-align:-.1em}"
	"div.k,pre.u,p.path{margin:0 0 .2em 2.5ch}"
	"div.k::before,pre.u::before{display:block;white-space:pre;"
	"tab-size:10;color:#555;font-weight:bold}"
	"pre.u{font:inherit;tab-size:10;margin-top:.1em}"
	"p.path{color:#555}"
	"ul.ix{columns:14em;list-style:none;padding:0;margin:.3em 1.2em}"
	"ul.ix li{break-inside:avoid}";

/* and the history's. */
static const char style_history[] =
	"svg.ch{width:100%;border:0}"
	"svg.ch text{font:11px sans-serif}svg.ch text.pt{font-weight:bold}"
	"svg.ch rect.pl{fill:#fafafa;stroke:#ccc}"
	"svg.ch path.gr{stroke:#ddd}"
	"svg.ch polyline{fill:none;stroke:#2166ac;stroke-width:1.5}"
	"svg.ch circle{fill:#2166ac}";

/* A service value's step of the diverging colour scale: log2 of it, from
 * -3 (1/8, red) to 3 (8, blue) in quarters, 0 to NCOLOUR - 1; -1 for
 * none (grey). */
static int
colour_step(long double s)
{
	double t;
	int k;

	if (s < 0)
		return -1;
	/* No log2l beyond the ends, a third of a big tree. */
	if (isinf(s) || s >= 8)
		return NCOLOUR - 1;
	if (s <= 0.125L)
		return 0;
	t = (double)log2l(s) * (NCOLOUR / 2) / 3;
	k = (int)lround(t) + NCOLOUR / 2;
	return k < 0 ? 0 : k > NCOLOUR - 1 ? NCOLOUR - 1 : k;
}

/* Step k's colour, "#rrggbb", between the middle's light grey and the
 * ends' red and blue; dark ones take white text. */
static void
step_colour(char out[8], int k)
{
	static const double blue[3] = {33, 102, 172}, red[3] = {178, 24, 43};
	static const double mid[3] = {247, 247, 247};
	static const char hex[] = "0123456789abcdef";
	double t = (double)(k - NCOLOUR / 2) / (NCOLOUR / 2);
	const double *end = t > 0 ? blue : red;
	int c, j;

	if (k < 0) {
		memcpy(out, "#c8c8c8", 8);
		return;
	}
	t = fabs(t);
	out[0] = '#';
	for (j = 0; j < 3; j++) {
		c = (int)lround(mid[j] + (end[j] - mid[j]) * t);
		out[1 + 2 * j] = hex[c >> 4 & 15];
		out[2 + 2 * j] = hex[c & 15];
	}
	out[7] = '\0';
}

static int
step_dark(int k)
{
	return k >= 0 && abs(k - NCOLOUR / 2) * 5 > 3 * (NCOLOUR / 2);
}

/* class="cK" of step k: cn for none. */
static char *
put_class(char *o, int k)
{
	memcpy(o, "class=\"c", 8);
	o += 8;
	if (k < 0)
		*o++ = 'n';
	else {
		if (k >= 10)
			*o++ = (char)('0' + k / 10);
		*o++ = (char)('0' + k % 10);
	}
	*o++ = '"';
	return o;
}

/* The colour steps' rules, for boxes (fill) and swatches (background). */
static void
colour_rules(struct fs_buf *b)
{
	char c[8];
	int k;

	for (k = -1; k < NCOLOUR; k++) {
		step_colour(c, k);
		if (k < 0)
			fs_buf_printf(b, ".cn{fill:%s;background:%s}", c, c);
		else
			fs_buf_printf(b, ".c%d{fill:%s;background:%s}", k, c, c);
	}
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
	struct fs_norms nm;

	fs_tree_norms(tr, i, &nm);
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
	fs_report_fmt_service(b, fs_report_service_at(r, i));
	if (a->is_user || !fair) {
		fs_buf_printf(b, "\nFairShare %.6f", a->fs_factor);
		if (a->is_user && a->rank)
			fs_buf_printf(b, " (rank %u of %u)",
				      tr->user_count + 1 - a->rank,
				      tr->user_count);
	}
	/* Root and FairShare=parent have no shares of their own: what
	 * Slurm keeps for them (1 over NO_VAL, the fs parent's NormShares)
	 * is no part of a level. */
	if (i == tr->root) {
		fs_buf_addstr(b, "\nShares: root, 100% of cluster");
	} else if (a->use_parent) {
		fs_buf_addstr(b, "\nShares parent (none of its own");
		if (a->is_user)
			fs_buf_addstr(b, fair ? ", so Slurm gives it Level FS "
						"inf in "
					      : ": it takes the values of ");
		else
			fs_buf_addstr(b, ": its members compete in ");
		fs_buf_html(b, tr->node[a->fs_parent].acct);
		if (!a->is_user || fair)
			fs_buf_addstr(b, "'s list");
		if (!a->is_user) {
			fs_buf_addstr(b, ", with ");
			fmt_pct(b, (long double)r->width[i]);
			fs_buf_addstr(b, " of cluster");
		}
		fs_buf_addch(b, ')');
	} else {
		fs_buf_printf(b, "\nShares %u", a->shares_raw);
		fs_buf_addstr(b, fair ? " (" : " (NormShares ");
		fmt_pct(b, (long double)nm.shares_norm);
		fs_buf_addstr(b, fair ? " of level, " : ", ");
		fmt_pct(b, (long double)r->width[i]);
		fs_buf_addstr(b, " of cluster)");
	}
	fs_buf_addstr(b, "\nUsage ");
	fs_report_fmt_hours(b, a->usage_raw);
	fs_buf_addstr(b, " h (");
	if (i != tr->root) {
		fmt_pct(b, nm.usage_efctv);
		fs_buf_addstr(b, fair ? " of level, " : " effective, ");
	}
	fmt_pct(b, a->usage_raw / (tr->node[tr->root].usage_raw > 0
					   ? tr->node[tr->root].usage_raw
					   : 1));
	fs_buf_addstr(b, " of cluster)</title>");
}

/* The advance widths of DejaVu Sans, in thousandths of an em, of the
 * printable ASCII characters (from its hmtx table); any other character
 * counts as a whole em, more than any of these. */
static const unsigned short glyph_w[95] = {
	318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361,
	318, 337, 636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337,
	838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295,
	295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989,
	685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615,
	352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521,
	392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
};

/* fs_buf_html of s's first n bytes. */
static void
fs_buf_html_n(struct fs_buf *b, const char *s, size_t n)
{
	char *part;

	if (!s[n]) {
		fs_buf_html(b, s);
		return;
	}
	part = fs_xstrdup(s);
	part[n] = '\0';
	fs_buf_html(b, part);
	free(part);
}

/* The width of s's first n bytes at px pixels a em. */
static double
text_px(const char *s, size_t n, double px)
{
	unsigned long w = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		unsigned char c = (unsigned char)s[k];

		if (c >= 32 && c < 127)
			w += glyph_w[c - 32];
		else if ((c & 0xc0) != 0x80)	/* not a continuation byte */
			w += 1000;
	}
	return w * px / 1000;
}

/* How many bytes of name fit in w pixels less the box's margins at px
 * pixels a em, whole characters: all of it, or a beginning that leaves
 * room for an ellipsis (*cut set), at least two characters; 0 when not
 * even that fits. */
static size_t
label_fit(const char *name, double w, double px, int *cut)
{
	size_t n = strlen(name), k, chars = 0;
	double room = w - 8, used = 0;

	*cut = 0;
	if (text_px(name, n, px) <= room)
		return n;
	room -= px;	/* the ellipsis: one em */
	for (k = 0; k < n;) {
		size_t next = k + 1;

		while (next < n && ((unsigned char)name[next] & 0xc0) == 0x80)
			next++;
		used += text_px(name + k, next - k, px);
		if (used > room)
			break;
		k = next;
		chars++;
	}
	if (chars < 2)
		return 0;
	*cut = 1;
	return k;
}

static void
box(struct fs_buf *b, const struct fs_report *r, uint32_t i, double x,
    double w, uint32_t depth)
{
	const struct fs_node *a = &r->cur->node[i];
	const char *name = i == r->cur->root ? r->title
			   : a->is_user	     ? a->user
					     : a->acct;
	int link = !a->is_user, k = colour_step(fs_report_service_at(r, i));
	int cut, cut_s, small = 0;
	size_t fit = label_fit(name, w, FONT_PX, &cut), fit_s;
	char *o;

	/* A whole name in the small font rather than a cut one; else the
	 * most of it. */
	if ((!fit || cut) &&
	    (fit_s = label_fit(name, w, SMALL_PX, &cut_s)) > fit) {
		fit = fit_s;
		cut = cut_s;
		small = 1;
	}
	if (link)
		fs_buf_printf(b, "<a href=\"#n%u\">", i);
	fs_buf_addstr(b, "<g>");
	tooltip(b, r, i);
	o = put_class(PUT(fs_buf_room(b, 32), "<rect "), k);
	fs_buf_used(b, o);
	fs_buf_printf(b, " x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
			 "height=\"%.0f\"/>", x, depth * ROW_H, w, ROW_H);
	if (fit) {
		fs_buf_printf(b, "<text x=\"%.2f\" y=\"%.0f\"%s>", x + 4,
			      depth * ROW_H + (small ? 14 : 15),
			      step_dark(k) ? small ? " class=\"w s\""
						   : " class=\"w\""
			      : small ? " class=\"s\"" : "");
		fs_buf_html_n(b, name, fit);
		fs_buf_addstr(b, cut ? "&#8230;</text>" : "</text>");
	}
	fs_buf_addstr(b, link ? "</g></a>\n" : "</g>\n");
}

/* One frame of the layout walk: a drawn node whose children come next. */
struct frame {
	uint32_t node, depth;
	double x;
};

/* The associations in each node's subtree, itself included: a task of
 * report.c's prep(), beside the others. */
void
fs_report_html_sizes(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t *size = fs_xcalloc(tr->n, sizeof(*size)), k;

	for (k = tr->n; k-- > 0;) {
		uint32_t i = tr->order[k];

		size[i]++;
		if (i != tr->root)
			size[tr->node[i].parent] += size[i];
	}
	r->size = size;
}

static void
icicle(struct fs_buf *b, const struct fs_report *r, const uint32_t *size)
{
	const struct fs_tree *tr = r->cur;
	struct frame *st = fs_xcalloc(tr->n + 1, sizeof(*st));
	uint32_t sp = 0, j, maxdepth = 0, hidden = 0, blocks = 0;
	struct fs_buf body;
	double scale = WIDTH;

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
			double w = r->draw[c] * scale;

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
				     "cluster's %s together</title>"
				     "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
				     "height=\"%.0f\" fill=\"url(#thin)\"/>",
			      thin / scale * 100,
			      r->o->width_usage ? "usage" : "shares", x,
			      (f.depth + 1) * ROW_H, thin,
			      ROW_H);
		/* How many, where it fits. */
		{
			char num[16];
			int cut;

			snprintf(num, sizeof(num), "%u", nthin);
			if (label_fit(num, thin, FONT_PX, &cut) && !cut)
				fs_buf_printf(&body, "<text x=\"%.2f\" "
						     "y=\"%.0f\" class=\"n\">"
						     "%s</text>", x + 4,
					      (f.depth + 1) * ROW_H + 15, num);
		}
		fs_buf_addstr(&body, "</g>\n");
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
	free(st);
}



static void
legend(struct fs_buf *b, int fair, int usage)
{
	static const struct {
		int step;
		const char *label;
	} sw[] = {{0, "&#8804; 1/8"}, {4, "1/4"}, {8, "1/2"}, {12, "1"},
		  {16, "2"}, {20, "4"}, {24, "&#8805; 8"}, {-1, "none"}};
	size_t k;

	fs_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
			 "viewBox=\"0 0 %d 40\" style=\"width:%dpx;border:0\" "
			 "role=\"img\" aria-label=\"colour legend\">\n",
		      (int)(sizeof(sw) / sizeof(*sw)) * 70 + 10,
		      (int)(sizeof(sw) / sizeof(*sw)) * 70 + 10);
	for (k = 0; k < sizeof(sw) / sizeof(*sw); k++) {
		fs_buf_printf(b, "<rect x=\"%zu\" y=\"2\" width=\"66\" "
				 "height=\"16\" ", 5 + k * 70);
		fs_buf_used(b, put_class(fs_buf_room(b, 16), sw[k].step));
		fs_buf_printf(b, "/><text x=\"%zu\" y=\"34\">%s</text>\n",
			      8 + k * 70, sw[k].label);
	}
	fs_buf_addstr(b, "</svg>\n");
	fs_buf_printf(b, "<p class=\"note\">Each box is an association, under "
			 "its parent, as wide as its part of the whole "
			 "cluster's %s. Colour is %s: blue boxes used "
			 "less than their shares (under-served), red ones "
			 "more (over-served). Hover over a box for its "
			 "numbers; click an account for its section "
			 "below.%s</p>\n",
		      usage ? "usage" : "shares",
		      fair ? "its Level FS" : "S/U, NormShares over "
					       "EffectvUsage",
		      usage ? "" : " Associations with usage but no shares "
				   "have no width here: fs-report --html "
				   "--width usage draws the boxes as wide as "
				   "usage, and the sections below mark them.");
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
			/* An account's colour, as in the picture. */
			if (!c && t->service)
				fs_buf_used(b, PUT(put_class(PUT(
					fs_buf_room(b, 32), "<i "),
					colour_step(t->service[r])), "></i>"));
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

/* ------------------------------------------ the accounts, one by one */

/* Usage without shares: the association an administrator wants to see and
 * the picture (as wide as shares) cannot show. */
static int
no_shares(const struct fs_node *a)
{
	return !a->use_parent && !a->shares_raw && a->usage_raw > 0;
}

static const char *
name_of(const struct fs_report *r, uint32_t i)
{
	return i == r->cur->root ? "root" : r->cur->node[i].acct;
}

static void
make_link(struct fs_buf *b, const struct fs_report *r, uint32_t i)
{
	fs_buf_addstr(b, "<a href=\"#n");
	fs_buf_ll(b, i);
	fs_buf_addstr(b, "\">");
	fs_buf_html(b, name_of(r, i));
	fs_buf_addstr(b, "</a>");
}

/* A link of up to LINK_COPY bytes is copied whole, a copy of constant
 * size, not a call. */
#define LINK_COPY 64

/* Every account's link, made once: the page has one per account in the
 * index, and more in the paths of the deepest sections. Each is its
 * length (2 bytes) then its text, at links + link_at[i]. */
void
fs_report_html_links(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	struct fs_buf b;
	uint32_t i;
	size_t at, k;
	uint16_t len;

	fs_buf_init(&b);
	r->link_at = fs_xcalloc(tr->n, sizeof(*r->link_at));
	for (k = 0; k < r->nacct_nodes; k++) {
		i = r->acct_nodes[k];
		at = b.len;
		fs_buf_add(&b, "\0\0", 2);
		make_link(&b, r, i);
		if (b.len - at - 2 > UINT16_MAX || b.len > UINT32_MAX) {
			b.len = at;	/* made where used */
			r->link_at[i] = UINT32_MAX;
			continue;
		}
		len = (uint16_t)(b.len - at - 2);
		memcpy(b.data + at, &len, 2);
		r->link_at[i] = (uint32_t)at;
	}
	/* LINK_COPY bytes after the last, for put_link's copies. */
	fs_buf_grow(&b, LINK_COPY);
	memset(b.data + b.len, 0, LINK_COPY);
	r->links = b.data;
}

static void
acct_link(struct fs_buf *b, const struct fs_report *r, uint32_t i)
{
	uint16_t len;

	if (!r->links || r->link_at[i] == UINT32_MAX) {
		make_link(b, r, i);
		return;
	}
	memcpy(&len, r->links + r->link_at[i], 2);
	fs_buf_add(b, r->links + r->link_at[i] + 2, len);
}

/* fs_buf_html of s at o, the end of what is written in b: the end, with
 * room for 256 bytes more. The bytes of a usual name (letters, digits
 * and the punctuation from '(' to '~' but '<' and '>') are copied here,
 * 128 at most; at any other, fs_buf_html takes the rest. */
static inline char *
put_html(struct fs_buf *b, char *o, const char *s)
{
	char *end;

	if ((size_t)(b->data + b->cap - o) <= 256 + 128) {
		fs_buf_used(b, o);
		o = fs_buf_room(b, 256 + 128);
	}
	end = o + 128;

	while (o < end && (unsigned char)(*s - '(') <= '~' - '(' &&
	       *s != '<' && *s != '>')
		*o++ = *s++;
	if (!*s)
		return o;
	fs_buf_used(b, o);
	fs_buf_html(b, s);
	return fs_buf_room(b, 256);
}

/* acct_link at o, the end of what is written in b: the end, with room
 * for 256 bytes more. Most links are one copy of LINK_COPY bytes. */
static inline char *
put_link(struct fs_buf *b, char *o, const struct fs_report *r, uint32_t i)
{
	const char *l;
	uint16_t len;

	if ((size_t)(b->data + b->cap - o) <= 256 + LINK_COPY) {
		fs_buf_used(b, o);
		o = fs_buf_room(b, 256 + LINK_COPY);
	}
	if (r->links && r->link_at[i] != UINT32_MAX) {
		l = r->links + r->link_at[i];
		memcpy(&len, l, 2);
		if (len <= LINK_COPY) {
			memcpy(o, l + 2, LINK_COPY);
			return o + len;
		}
	}
	fs_buf_used(b, o);
	acct_link(b, r, i);
	return fs_buf_room(b, 256);
}

/* fmt_part of usage over total, and hours of usage: "0" straight for no
 * usage, a third of a big tree. */
static inline int
no_usage(const struct fs_node *a)
{
	return a->usage_raw == 0;
}

/* printf's %.6f through the number codec, at o: the end (room for
 * FS_FMT_MAX bytes). A million of them. */
static inline char *
put_fixed6(struct fs_buf *b, char *o, double v)
{
	int n = fs_fmt_fixed6(o, v);

	if (n >= 0)
		return o + n;
	fs_buf_used(b, o);
	fs_buf_printf(b, "%.6f", v);
	return fs_buf_room(b, 256);
}


/* A part of the cluster (v, a fraction) in percent: two decimals, two
 * significant digits below 0.01% ("0.0034%"), where most accounts of a
 * big cluster are, and an exponent below 0.001% ("4.6e-05%"); 0 for
 * nothing. */
static void
fmt_pct2(struct fs_buf *b, long double v)
{
	long double p = v * 100;

	if (v == NO_VAL_LD || isnan(v))
		fs_buf_addch(b, '-');
	else if (v <= 0)
		fs_buf_addch(b, '0');
	else if (p >= 0.01L) {
		fs_report_fmt_fixed(b, p, 2);
		fs_buf_addch(b, '%');
	} else if (p >= 0.001L)
		fs_buf_printf(b, "%.4Lf%%", p);
	else
		fs_buf_printf(b, "%.1Le%%", p);
}

/* A gap in points of the cluster (v, a fraction), signed, as fmt_pct2
 * writes a part: "+3.61", "-0.0012", "+8.8e-05". */
static void
fmt_points(struct fs_buf *b, long double v)
{
	long double p = fabsl(v * 100);

	if (v == 0)
		fs_buf_addch(b, '0');
	else if (p >= 0.01L)
		fs_buf_printf(b, "%+.2Lf", v * 100);
	else if (p >= 0.001L)
		fs_buf_printf(b, "%+.4Lf", v * 100);
	else
		fs_buf_printf(b, "%+.1Le", v * 100);
}

/* The node's part of the cluster's usage, and its gap: its part of the
 * cluster's shares less that (report.c's, for the sections). */
static long double
use_of(const struct fs_report *r, uint32_t i)
{
	long double total = r->cur->node[r->cur->root].usage_raw;

	return total > 0 ? r->cur->node[i].usage_raw / total : 0;
}

static long double
gap_of(const struct fs_report *r, uint32_t i)
{
	return (long double)r->width[i] - use_of(r, i);
}

/* ------------------------------------------------ the sections' order */

struct by_gap {
	long double gap;
	uint32_t i;
};

static inline int
gap_before(const void *ctx, const struct by_gap *a, const struct by_gap *b)
{
	(void)ctx;
	return a->gap > b->gap;	/* stable: equal gaps keep the tree's order */
}

FS_MSORT(gap_sort, struct by_gap, const void *, gap_before)

void
fs_report_html_order(struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	uint32_t *st = fs_xcalloc(r->nacct_nodes + 1, sizeof(*st));
	struct by_gap *k = NULL, *tmp = NULL;
	size_t sp = 0, cap = 0, m, j;

	r->sec = fs_xcalloc(r->nacct_nodes + 1, sizeof(*r->sec));
	r->nsec = 0;
	st[sp++] = tr->root;
	while (sp) {
		uint32_t i = st[--sp];
		const struct fs_node *a = &tr->node[i];

		r->sec[r->nsec++] = i;
		if (a->nkids > cap) {
			cap = a->nkids;
			free(k);
			free(tmp);
			k = fs_xcalloc(cap, sizeof(*k));
			tmp = fs_xcalloc(cap, sizeof(*tmp));
		}
		for (m = 0, j = 0; j < a->nkids; j++) {
			uint32_t c = tr->kids[a->kids + j];

			if (!tr->node[c].is_user)
				k[m++] = (struct by_gap){gap_of(r, c), c};
		}
		gap_sort(NULL, k, tmp, (uint32_t)m);
		/* The furthest below its share walked first. */
		while (m)
			st[sp++] = k[--m].i;
	}
	free(k);
	free(tmp);
	free(st);
}

/* ------------------------------------------------------ the sections */

/* A user of a section, by rank: the order Fair Tree serves them in,
 * which among the users of one account is the order of their Level FS. */
struct by_rank {
	uint32_t rank, i;	/* rank as stored: higher is served first */
};

static inline int
rank_before(const void *ctx, const struct by_rank *a, const struct by_rank *b)
{
	(void)ctx;
	return a->rank > b->rank;
}

FS_MSORT(rank_sort, struct by_rank, const void *, rank_before)

/* The nesting level of a section: its depth, up to NEST_MAX. */
static uint32_t
level_of(const struct fs_tree *tr, uint32_t i)
{
	uint32_t d = tr->node[i].depth;

	return d < NEST_MAX ? d : NEST_MAX;
}

/* Characters in a UTF-8 name, for its tab stops. */
static size_t
chars_of(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* A name that fills its column (two tab stops) and the tabs that bring
 * the next one to its stop. */
static char *
put_name_tabs(struct fs_buf *b, char *o, const char *name, int mark)
{
	if (mark)
		o = PUT(o, "<mark>");
	o = put_html(b, o, name);
	*o++ = '\t';
	if (chars_of(name) < TAB)
		*o++ = '\t';
	return o;
}

/* The users of an account, u[0..nu), one line each, by rank. */
static void
section_users(struct fs_buf *b, const struct fs_report *r, struct by_rank *u,
	      struct by_rank *tmp, size_t nu)
{
	const struct fs_tree *tr = r->cur;
	int fair = fs_algorithm_levels(r->ro->algorithm);
	size_t k;
	char *o;

	rank_sort(NULL, u, tmp, (uint32_t)nu);
	fs_buf_addstr(b, "<pre class=\"u\">");
	for (k = 0; k < nu; k++) {
		const struct fs_node *c = &tr->node[u[k].i];
		int ns = no_shares(c);

		if (k + 8 < nu) {
			const struct fs_node *n = &tr->node[u[k + 8].i];

			__builtin_prefetch(n->user);
			__builtin_prefetch(n->part);
		}
		o = put_name_tabs(b, fs_buf_room(b, 256), c->user, ns);
		if (r->partitions) {
			o = put_html(b, o, c->part);
			*o++ = '\t';
		}
		if (c->use_parent)
			o = PUT(o, "parent");
		else
			o = fs_put_u64(o, c->shares_raw);
		*o++ = '\t';
		if (!fair) {
			o = put_fixed6(b, o, c->fs_factor);
			*o++ = '\t';
		}
		if (c->rank)
			o = fs_put_u64(o, tr->user_count + 1 - c->rank);
		else
			*o++ = '-';
		*o++ = '\t';
		if (no_usage(c))
			*o++ = '0';
		else {
			fs_buf_used(b, o);
			fs_report_fmt_hours(b, c->usage_raw);
			o = fs_buf_room(b, 256);
		}
		if (ns)
			o = PUT(o, "</mark>");
		*o++ = '\n';
		fs_buf_used(b, o);
	}
	fs_buf_addstr(b, "</pre>\n");
}

/* Account i's section up to its sub-accounts: its line (summary), the
 * path where it is not nested under its parent, its users; u and tmp
 * hold room for its children. */
static void
section(struct fs_buf *b, const struct fs_report *r, uint32_t i,
	const uint32_t *size, struct by_rank *u, struct by_rank *tmp)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i], *c;
	uint32_t j, nzero = 0, p;
	uint32_t path[64], np = 0;
	size_t nu = 0;
	char *o;

	for (j = 0; j < a->nkids; j++) {
		uint32_t k = tr->kids[a->kids + j];

		if (j + 16 < a->nkids)
			fs_prefetch_node(&tr->node[tr->kids[a->kids + j + 16]]);
		c = &tr->node[k];
		if (c->is_user) {
			nzero += no_shares(c);
			u[nu++] = (struct by_rank){c->rank, k};
		}
	}
	o = fs_put_u64(PUT(fs_buf_room(b, 256), "<details id=\"n"), i);
	if (i == tr->root) {
		o = PUT(o, "\" open><summary><i class=\"cn\"></i><b>root</b>"
			   " all of the cluster: ");
		fs_buf_used(b, o);
		fs_report_fmt_hours(b, a->usage_raw);
		o = fs_put_u64(PUT(fs_buf_room(b, 256), " h in "),
			       size[i] - 1);
		o = PUT(o, " associations");
	} else {
		o = put_class(PUT(o, "\"><summary><i "),
			      colour_step(fs_report_service_at(r, i)));
		o = put_html(b, PUT(o, "></i><b>"), a->acct);
		o = PUT(o, "</b>\t");
		if (a->use_parent)
			o = PUT(o, "parent");
		else
			o = fs_put_u64(o, a->shares_raw);
		*o++ = '\t';
		fs_buf_used(b, o);
		fmt_pct2(b, (long double)r->width[i]);
		fs_buf_addch(b, '\t');
		fmt_pct2(b, use_of(r, i));
		fs_buf_addch(b, '\t');
		fmt_points(b, gap_of(r, i));
		fs_buf_addch(b, '\t');
		fs_report_fmt_service(b, fs_report_service_at(r, i));
		o = fs_put_u64(PUT(fs_buf_room(b, 256), "\t"), size[i] - 1);
		*o++ = '\t';
		if (no_usage(a))
			*o++ = '0';
		else {
			fs_buf_used(b, o);
			fs_report_fmt_hours(b, a->usage_raw);
			o = fs_buf_room(b, 256);
		}
	}
	if (nzero) {
		o = fs_put_u64(PUT(o, "\t<mark>"), nzero);
		o = PUT(o, " without shares</mark>");
	}
	fs_buf_used(b, PUT(o, "</summary>\n"));
	if (a->depth > NEST_MAX) {
		/* Not nested under its parent: the nearest 64 ancestors at
		 * most, so a deep chain stays linear; further up is an
		 * ellipsis. */
		fs_buf_addstr(b, "<p class=\"path\">In ");
		for (p = a->parent;; p = tr->node[p].parent) {
			path[np++] = p;
			if (p == tr->root || np == sizeof(path) / sizeof(*path))
				break;
		}
		if (p != tr->root)
			fs_buf_addstr(b, "&#8230; &#8250; ");
		o = fs_buf_room(b, 256);
		while (np--) {
			o = put_link(b, o, r, path[np]);
			if (np)
				o = PUT(o, " &#8250; ");
		}
		fs_buf_used(b, PUT(o, "</p>\n"));
	}
	if (nu)
		section_users(b, r, u, tmp, nu);
}

/* The sections are most of a large page: made in chunks of the page's
 * order on every core (fs_par_ordered), appended in order. */
#define SECTION_CHUNK 2048

struct sections_job {
	const struct fs_report *r;
	const uint32_t *size;
	FILE *out;
	uint32_t maxkids;
};

static void
sections_make(void *arg, size_t c, struct fs_buf *b)
{
	const struct sections_job *j = arg;
	const struct fs_report *r = j->r;
	const struct fs_tree *tr = r->cur;
	size_t k, end = (c + 1) * SECTION_CHUNK;
	struct by_rank *u = fs_xcalloc(j->maxkids + 1, sizeof(*u));
	struct by_rank *tmp = fs_xcalloc(j->maxkids + 1, sizeof(*tmp));

	if (end > r->nsec)
		end = r->nsec;
	for (k = c * SECTION_CHUNK; k < end; k++) {
		uint32_t i = r->sec[k], e = level_of(tr, i), next, up;

		if (k + 8 < end)
			fs_prefetch_node(&tr->node[r->sec[k + 8]]);
		section(b, r, i, j->size, u, tmp);
		/* Its sub-accounts inside it; else it is closed, and so are
		 * the ancestors the next one is not in. */
		next = k + 1 < r->nsec ? level_of(tr, r->sec[k + 1]) : 0;
		if (k + 1 < r->nsec && next > e) {
			fs_buf_addstr(b, "<div class=\"k\">\n");
			continue;
		}
		fs_buf_addstr(b, "</details>\n");
		for (up = e; up > next; up--)
			fs_buf_addstr(b, "</div></details>\n");
	}
	free(u);
	free(tmp);
}

static int
sections_emit(void *arg, struct fs_buf *b)
{
	const struct sections_job *j = arg;

	return fs_write_all(j->out, b->data, b->len);
}

/* The style sheet's headings of the sections' columns (a tab is "\9 ":
 * the space ends the escape, which would take the hex digits after it). */
static void
section_heads(struct fs_buf *b, const struct fs_report *r)
{
	int fair = fs_algorithm_levels(r->ro->algorithm);

	fs_buf_printf(b, "div.k::before{content:\"    Account\\9 Shares"
			 "\\9 Share\\9 Use\\9 Gap\\9 %s\\9 Below\\9 "
			 "Usage (h)\"}", fair ? "Level FS" : "S/U");
	fs_buf_printf(b, "pre.u::before{content:\"User\\9 \\9 %sShares\\9 "
			 "%sRank\\9 Usage (h)\"}",
		      r->partitions ? "Partition\\9 " : "",
		      fair ? "" : "FairShare\\9 ");
}

/* The heading into b, written out with what b held; then the sections,
 * written by the threads that make them. */
static int
sections(struct fs_buf *b, FILE *out, const struct fs_report *r,
	 const uint32_t *size, int *failed)
{
	const struct fs_tree *tr = r->cur;
	int fair = fs_algorithm_levels(r->ro->algorithm);
	struct sections_job j;
	size_t k;

	fs_buf_printf(b, "<h2 id=\"accounts\">Accounts one by one</h2>\n"
			 "<p class=\"note\">Every account is a line inside "
			 "its parent's: open it for its users and its "
			 "sub-accounts. An account's sub-accounts are in the "
			 "order of their Gap, Share &#8722; Use: Share is its "
			 "part of the whole cluster's shares, Use its part of "
			 "the cluster's usage, and Gap the difference in "
			 "points of the cluster, so the first used least of "
			 "its share and the last most beyond it; the colour "
			 "is its %s, as in the picture. Below counts the "
			 "associations under it; usage is in hours. Users "
			 "are in the order of their Rank, in which Fair Tree "
			 "serves them (%s). <mark>Marked</mark> users have "
			 "usage but no shares.</p>\n<div class=\"t\">\n",
		      fair ? "Level FS" : "S/U",
		      fair ? "among the users of one account, the order of "
			     "their Level FS; FairShare is (N + 1 &#8722; "
			     "Rank) / N of N user associations"
			   : "by FairShare");
	if (fs_report_flush(b, out, 0, failed) < 0)
		return -1;
	j = (struct sections_job){r, size, out, 0};
	for (k = 0; k < r->nsec; k++)
		if (tr->node[r->sec[k]].nkids > j.maxkids)
			j.maxkids = tr->node[r->sec[k]].nkids;
	*failed = fs_par_ordered((r->nsec + SECTION_CHUNK - 1) / SECTION_CHUNK,
				 sections_make, sections_emit, &j) < 0;
	if (!*failed)
		fs_buf_addstr(b, "</div>\n");
	return -*failed;
}

/* Account names a person looks up, alphabetically, in sections of
 * INDEX_CHUNK names each headed by its first and last, as a dictionary's
 * guide words. */
#define INDEX_CHUNK 500

static void
index_head(struct fs_buf *b, const char *first, const char *last, size_t n)
{
	fs_buf_addstr(b, "<details><summary>");
	fs_buf_html(b, first);
	fs_buf_addstr(b, " &#8211; ");
	fs_buf_html(b, last);
	fs_buf_printf(b, " (%zu)</summary><ul class=\"ix\">\n", n);
}

static void
name_index(struct fs_buf *b, const struct fs_report *r)
{
	const struct fs_tree *tr = r->cur;
	size_t start, k, end;
	char *o;

	fs_buf_addstr(b, "<h2 id=\"index\">Find by name</h2>\n"
			 "<p class=\"note\">Every account in alphabetical "
			 "order, each a link to its section. A user is in "
			 "each of its accounts' sections: the browser's find "
			 "(Ctrl+F) searches the closed sections too, and "
			 "opens the one it finds.</p>\n");
	if (!r->nby_acct)
		fs_buf_addstr(b, "<p>There are no accounts below root.</p>\n");
	for (start = 0; start < r->nby_acct; start = end) {
		end = start + INDEX_CHUNK < r->nby_acct ? start + INDEX_CHUNK
							: r->nby_acct;
		index_head(b, tr->node[r->by_acct[start]].acct,
			   tr->node[r->by_acct[end - 1]].acct, end - start);
		for (k = start; k < end; k++) {
			o = put_link(b, PUT(fs_buf_room(b, 256), "<li>"), r,
				     r->by_acct[k]);
			*o++ = '\n';
			fs_buf_used(b, o);
		}
		fs_buf_addstr(b, "</ul></details>\n");
	}
}

/* The page up to the end of the summary table; a report's page (not the
 * history's) has the colour steps and the sections' headings in its style
 * sheet. */
static void
page_head(struct fs_buf *b, const struct fs_report *r)
{
	const char *kind = r->kind ? r->kind : "Fairshare report";
	size_t k;

	fs_buf_addstr(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
			 "<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" "
			 "content=\"default-src 'none'; "
			 "style-src 'unsafe-inline'\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, "
			 "initial-scale=1\">\n<title>");
	fs_buf_printf(b, "%s for cluster ", kind);
	fs_buf_html(b, r->title);
	fs_buf_printf(b, "</title>\n<style>%s%s", style,
		      r->kind ? style_history : style_report);
	if (!r->kind) {
		colour_rules(b);
		section_heads(b, r);
	}
	fs_buf_printf(b, "</style>\n</head>\n<body>\n<h1>%s for cluster ",
		      kind);
	fs_buf_html(b, r->title);
	fs_buf_addstr(b, "</h1>\n<table class=\"summary\">\n");
	for (k = 0; k < r->nsummary; k++) {
		fs_buf_addstr(b, "<tr><th>");
		fs_buf_html(b, r->summary[2 * k]);
		fs_buf_addstr(b, "</th><td>");
		fs_buf_html(b, r->summary[2 * k + 1]);
		fs_buf_addstr(b, "</td></tr>\n");
	}
	fs_buf_addstr(b, "</table>\n");
}

/* ------------------------------------------------ history line charts */

#define CH_W 330.0	/* a panel's plot */
#define CH_H 110.0
#define CH_L 56.0	/* room for the y labels */
#define CH_T 22.0	/* room for the panel's title */
#define CH_B 22.0	/* room for the dates */

enum scale { SC_LOG, SC_UNIT, SC_HOURS };

/* One panel of a chart at x0: values v[0..nt) at times t, NAN where the
 * association was absent (the line breaks there). */
static void
panel(struct fs_buf *b, double x0, const char *title, const double *v,
      const struct fs_history *h, enum scale sc)
{
	double top = 1, bottom = 0, px0 = x0 + CH_L, py0 = CH_T;
	double span = (double)(h->t[h->nt - 1] - h->t[0]);
	double dot_x = 0, dot_y = 0;
	size_t k, on = 0;
	int j;

	if (sc == SC_LOG) {
		top = 3;
		bottom = -3;
	} else if (sc == SC_HOURS) {
		top = 0;
		for (k = 0; k < h->nt; k++)
			if (!isnan(v[k]) && v[k] > top)
				top = v[k];
		if (top == 0)
			top = 1;
	}
	fs_buf_printf(b, "<text x=\"%.0f\" y=\"14\" class=\"pt\">%s</text>"
			 "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
			 "height=\"%.0f\" class=\"pl\"/>\n",
		      px0, title, px0, py0, CH_W, CH_H);
	/* Grid and y labels: three lines, the middle one 1 on the log
	 * scale. */
	for (j = 0; j <= 2; j++) {
		double yv = bottom + (top - bottom) * j / 2;
		double y = py0 + CH_H - CH_H * j / 2;
		struct fs_buf l;

		fs_buf_init(&l);
		if (sc == SC_LOG)
			fs_buf_addstr(&l, j == 0 ? "&#8804;1/8" : j == 1 ? "1"
								  : "&#8805;8");
		else if (sc == SC_UNIT)
			fs_buf_printf(&l, "%g", yv);
		else if (yv < 1000)
			fs_report_fmt_hours(&l, (long double)yv * 3600);
		else	/* short enough for the margin: 194M */
			fs_buf_printf(&l, "%.3g%c",
				      yv >= 1e9 ? yv / 1e9 : yv >= 1e6 ? yv / 1e6
								: yv / 1e3,
				      yv >= 1e9 ? 'G' : yv >= 1e6 ? 'M' : 'k');
		fs_buf_printf(b, "<path d=\"M%.0f %.1fh%.0f\" class=\"gr\"/>"
				 "<text x=\"%.0f\" y=\"%.1f\" "
				 "text-anchor=\"end\">%s</text>\n",
			      px0, y, CH_W, px0 - 4, y + 4, l.data);
		fs_buf_release(&l);
	}
	fs_buf_printf(b, "<text x=\"%.0f\" y=\"%.0f\">%.10s</text>"
			 "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">"
			 "%.10s</text>\n",
		      px0, py0 + CH_H + 16, h->taken[0], px0 + CH_W,
		      py0 + CH_H + 16, h->taken[h->nt - 1]);
	for (k = 0; k <= h->nt; k++) {
		double x, y, val = k < h->nt ? v[k] : NAN;

		if (isnan(val)) {
			if (on)
				fs_buf_addstr(b, "\"/>\n");
			/* A segment of one point is a dot. */
			if (on == 1)
				fs_buf_printf(b, "<circle cx=\"%.1f\" "
						 "cy=\"%.1f\" r=\"2\"/>\n",
					      dot_x, dot_y);
			on = 0;
			continue;
		}
		if (sc == SC_LOG)
			val = val <= 0 ? -3 : isinf(val) ? 3
					  : fmax(-3, fmin(3, log2(val)));
		x = px0 + (span > 0 ? (double)(h->t[k] - h->t[0]) / span
				    : 0.5) * CH_W;
		y = py0 + CH_H - (val - bottom) / (top - bottom) * CH_H;
		fs_buf_printf(b, "%s%.1f,%.1f",
			      on ? " " : "<polyline points=\"", x, y);
		if (!on)
			dot_x = x, dot_y = y;
		on++;
	}
}

static void
chart(struct fs_buf *b, const char *left, const double *lv,
      enum scale lsc, const double *uv, const struct fs_history *h)
{
	double w = lv ? 2 * (CH_L + CH_W) + 20 : CH_L + CH_W + 10;

	/* As wide as its user units at most: one panel is not blown up. */
	fs_buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
			 "class=\"ch\" viewBox=\"0 0 %.0f %.0f\" "
			 "style=\"max-width:%.0fpx\" role=\"img\">\n",
		      w, CH_T + CH_H + CH_B, w);
	if (lv)
		panel(b, 0, left, lv, h, lsc);
	panel(b, lv ? CH_L + CH_W + 10 : 0, "Usage (h)", uv, h, SC_HOURS);
	fs_buf_addstr(b, "</svg>\n");
}

void
fs_report_history_html(struct fs_buf *b, const struct fs_report *r,
		       const struct fs_history *h)
{
	int fair = !h->classic;
	size_t k;

	page_head(b, r);
	fs_buf_addstr(b, "<h2>The cluster's usage</h2>\n");
	chart(b, NULL, NULL, SC_HOURS, h->total, h);
	/* The tables of fs_history_write: the users whose usage grew most,
	 * the accounts and the users that moved most; a chart each row. */
	for (k = 0; k < r->ntab; k++) {
		int users = k != 1;
		const uint32_t *v = k == 0 ? h->grow_top : k == 1 ? h->acc_top
								 : h->usr_top;
		size_t n = k == 0 ? h->ngrow : k == 1 ? h->nacc : h->nusr, j;

		table(b, &r->tab[k]);
		for (j = 0; j < n; j++) {
			const struct fs_hseries *s = &h->s[v[j]];

			fs_buf_addstr(b, "<h3>");
			if (users) {
				fs_buf_addstr(b, "user ");
				fs_buf_html(b, s->user);
				fs_buf_addstr(b, " in account ");
				fs_buf_html(b, s->acct);
				if (*s->part) {
					fs_buf_addstr(b, ", partition ");
					fs_buf_html(b, s->part);
				}
			} else {
				fs_buf_addstr(b, "account ");
				fs_buf_html(b, s->acct);
				fs_buf_addstr(b, " in ");
				fs_buf_html(b, s->parent);
			}
			fs_buf_addstr(b, "</h3>\n");
			chart(b, users ? "FairShare" : fair ? "Level FS" : "S/U",
			      s->v, users ? SC_UNIT : SC_LOG, s->u, h);
		}
	}
	fs_buf_addstr(b, "</body>\n</html>\n");
}


int
fs_report_html_write(struct fs_buf *b, FILE *out, const struct fs_report *r)
{
	const uint32_t *size = r->size;
	size_t k;
	int failed = 0;

	page_head(b, r);
	fs_buf_addstr(b, "<p class=\"nav\"><a href=\"#tree\">The "
			 "tree</a> <a href=\"#accounts\">Accounts one by "
			 "one</a> <a href=\"#index\">Find by name</a></p>\n"
			 "<h2 id=\"tree\">The tree</h2>\n");
	icicle(b, r, size);
	legend(b, fs_algorithm_levels(r->ro->algorithm), r->o->width_usage);
	for (k = 0; k < r->ntab; k++)
		table(b, &r->tab[k]);
	if (sections(b, out, r, size, &failed) == 0) {
		name_index(b, r);
		fs_buf_addstr(b, "</body>\n</html>\n");
	}
	return fs_report_flush(b, out, 0, &failed);
}
