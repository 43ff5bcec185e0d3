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
 *
 * At a million associations the page is bigger than its input (165 MB
 * from a 134 MB ranked tree): it is written as it is made, never held
 * whole: the sections and the name index, chunks made on every core
 * (fs_par_ordered), by the thread that has the next one in order; the
 * head, the picture and the tables, small, before them.
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
	"svg rect{stroke:#fff;stroke-width:.5}"
	"p.nav a{margin-right:1.2em}h3{font-size:1.05em}"
	"details{margin:.1em 0}summary{cursor:pointer}"
	"details[open]{margin-bottom:.6em}"
	"details table{margin-left:1.2em;font-size:.92em}"
	"details td+td,details th+th{text-align:right;"
	"font-variant-numeric:tabular-nums}"
	"details td.l,details th.l{text-align:left}"
	"p.path{margin:.2em 1.2em;color:#555;font-size:.9em}"
	"mark{background:#fdd49e}tr.ns td{background:#fff1e0}"
	".d1{margin-left:1.2em}.d2{margin-left:2.4em}.d3{margin-left:3.6em}"
	".d4{margin-left:4.8em}.d5{margin-left:6em}.d6{margin-left:7.2em}"
	".d7{margin-left:8.4em}.d8{margin-left:9.6em}.d9{margin-left:10.8em}"
	"ul.ix{columns:14em;list-style:none;padding:0;margin:.3em 1.2em}"
	"ul.ix li{break-inside:avoid}"
	"svg.ch{width:100%;border:0}"
	"svg.ch text{font:11px sans-serif}svg.ch text.pt{font-weight:bold}"
	"svg.ch rect.pl{fill:#fafafa;stroke:#ccc}"
	"svg.ch path.gr{stroke:#ddd}"
	"svg.ch polyline{fill:none;stroke:#2166ac;stroke-width:1.5}"
	"svg.ch circle{fill:#2166ac}"
	"span.sw{display:inline-block;width:.8em;height:.8em;"
	"border:1px solid #999;vertical-align:middle}";

/* Diverging colour for a service value: blue above 1, red below. */
static void
colour(struct fs_buf *b, long double s, int *dark)
{
	static const double blue[3] = {33, 102, 172}, red[3] = {178, 24, 43};
	static const char hex[] = "0123456789abcdef";
	const double mid[3] = {247, 247, 247};
	const double *end;
	double t, x;
	char *o;
	int k;

	*dark = 0;
	if (s < 0) {
		fs_buf_addstr(b, "#c8c8c8");
		return;
	}
	/* log2l(s) / 3 is clamped to 1 from s = 8 up and to -1 from 1/8
	 * down: no log2l for those, a third of a big tree. */
	if (isinf(s) || s >= 8)
		t = 1;
	else if (s <= 0.125L)
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
	o = fs_buf_room(b, 8);
	*o++ = '#';
	for (k = 0; k < 3; k++) {
		/* "%02x" of lround(x), x from 0 to 255: the whole part,
		 * one more from a half up (exact: x - c is) */
		unsigned c;

		x = mid[k] + (end[k] - mid[k]) * t;
		c = (unsigned)x;
		c += x - c >= 0.5;
		*o++ = hex[c >> 4 & 15];
		*o++ = hex[c & 15];
	}
	fs_buf_used(b, o);
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

	fs_report_norms(tr, i, &nm);
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

static void
box(struct fs_buf *b, const struct fs_report *r, uint32_t i, double x,
    double w, uint32_t depth)
{
	const struct fs_node *a = &r->cur->node[i];
	const char *name = i == r->cur->root ? r->title
			   : a->is_user	     ? a->user
					     : a->acct;
	int dark, link = !a->is_user;

	if (link)
		fs_buf_printf(b, "<a href=\"#n%u\">", i);
	fs_buf_addstr(b, "<g>");
	tooltip(b, r, i);
	fs_buf_printf(b, "<rect x=\"%.2f\" y=\"%.0f\" width=\"%.2f\" "
			 "height=\"%.0f\" fill=\"", x, depth * ROW_H, w,
		      ROW_H);
	colour(b, fs_report_service_at(r, i), &dark);
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
				     "height=\"%.0f\" fill=\"url(#thin)\"/></g>\n",
			      thin / scale * 100,
			      r->o->width_usage ? "usage" : "shares", x,
			      (f.depth + 1) * ROW_H, thin,
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
	free(st);
}

static void
legend(struct fs_buf *b, int fair, int usage)
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

/* Every account's link, made once: the page has one per user association
 * in the index, and more in the sections. Each is its length (2 bytes)
 * then its text, at links + link_at[i]. */
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

/* A literal at o: the end. */
#define PUT(o, lit) ((char *)memcpy((o), (lit), sizeof(lit) - 1) + \
		     sizeof(lit) - 1)

/* A part of the cluster as the tables print it: two decimals, "<0.01%"
 * rather than 0.00% when not nothing. */
static inline void
fmt_part(struct fs_buf *b, long double v)
{
	if (v <= 0)
		fs_buf_addch(b, '0');
	else if (v < 0.0001L)
		fs_buf_addstr(b, "&lt;0.01%");
	else {
		fs_report_fmt_fixed(b, v * 100, 2);
		fs_buf_addch(b, '%');
	}
}

/* fmt_part of a double w, decided without long doubles where it is "0"
 * or "<0.01%", as most shares of a big tree are: (long double)w < 0.0001L
 * is w < 0.0001, the double above 0.0001L with no double between. */
static inline char *
put_part_d(struct fs_buf *b, char *o, double w)
{
	if (w <= 0)
		return PUT(o, "0");
	if (w < 0.0001)
		return PUT(o, "&lt;0.01%");
	fs_buf_used(b, o);
	fmt_part(b, (long double)w);
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

/* The sections' tables are most of a large page: their cells are closed
 * by the next one (HTML allows it) and aligned by the style sheet (every
 * column after the first on the right), about 70 bytes a user.
 *
 * Shares, Share, Use, Level FS (S/U), Usage (h) of one association as
 * table cells after the first, at o (room for 256 bytes): the end, room
 * for 256 more. */
static char *
num_cells(struct fs_buf *b, char *o, const struct fs_report *r, uint32_t i)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i];
	long double total = tr->node[tr->root].usage_raw;
	/* Asked first: the cells before it are written while it is stored,
	 * and it is then passed on as it lies in memory. */
	long double sv = fs_report_service_at(r, i);

	o = PUT(o, "<td>");
	if (a->use_parent)
		o = PUT(o, "parent");
	else if (no_shares(a))
		o = PUT(o, "<mark>0</mark>");
	else
		o = fs_put_u64(o, a->shares_raw);
	o = PUT(o, "<td>");
	o = put_part_d(b, o, r->width[i]);
	o = PUT(o, "<td>");
	if (no_usage(a))
		o = PUT(o, "0");
	else {
		fs_buf_used(b, o);
		fmt_part(b, total > 0 ? a->usage_raw / total : 0);
		o = fs_buf_room(b, 256);
	}
	o = PUT(o, "<td>");
	fs_buf_used(b, o);
	fs_report_fmt_service(b, sv);
	o = fs_buf_room(b, 256);
	o = PUT(o, "<td>");
	if (no_usage(a))
		return PUT(o, "0");
	fs_buf_used(b, o);
	fs_report_fmt_hours(b, a->usage_raw);
	return fs_buf_room(b, 256);
}

static void
section(struct fs_buf *b, const struct fs_report *r, uint32_t i,
	uint32_t depth, const uint32_t *size)
{
	const struct fs_tree *tr = r->cur;
	const struct fs_node *a = &tr->node[i], *c;
	int fair = fs_algorithm_levels(r->ro->algorithm);
	long double total = tr->node[tr->root].usage_raw;
	uint32_t j, nacct = 0, nuser = 0, nzero = 0, p;
	uint32_t path[64], np = 0;
	long double sv = fs_report_service_at(r, i);
	int dark;
	char *o;

	/* An organisation's thousands of accounts are far apart: fetched
	 * ahead, here and in the tables below. */
	for (j = 0; j < a->nkids; j++) {
		if (j + 16 < a->nkids)
			fs_prefetch_node(&tr->node[tr->kids[a->kids + j + 16]]);
		c = &tr->node[tr->kids[a->kids + j]];
		if (c->is_user) {
			nuser++;
			nzero += no_shares(c);
			/* Its names, for the rows below. */
			__builtin_prefetch(c->user);
			__builtin_prefetch(c->part);
		} else
			nacct++;
	}
	o = fs_put_u64(PUT(fs_buf_room(b, 256), "<details id=\"n"), i);
	o = PUT(o, "\" class=\"d");
	*o++ = (char)('0' + (depth < 9 ? depth : 9));
	fs_buf_used(b, i == tr->root ? PUT(o, "\" open><summary><b>")
			      : PUT(o, "\"><summary><b>"));
	fs_buf_html(b, name_of(r, i));
	fs_buf_addstr(b, "</b> <span class=\"sw\" style=\"background:");
	colour(b, sv, &dark);
	o = put_part_d(b, PUT(fs_buf_room(b, 256), "\"></span> share "),
		       r->width[i]);
	fs_buf_used(b, PUT(o, ", use "));
	fmt_part(b, total > 0 ? a->usage_raw / total : 0);
	fs_buf_addstr(b, fair ? ", Level FS " : ", S/U ");
	fs_report_fmt_service(b, sv);
	fs_buf_addstr(b, ", ");
	fs_report_fmt_hours(b, a->usage_raw);
	o = fs_put_u64(PUT(fs_buf_room(b, 256), " h; "), nacct);
	o = nacct == 1 ? PUT(o, " account, ") : PUT(o, " accounts, ");
	o = fs_put_u64(o, nuser);
	o = nuser == 1 ? PUT(o, " user") : PUT(o, " users");
	if (nzero) {
		o = fs_put_u64(PUT(o, "; <mark>"), nzero);
		o = PUT(o, " with usage but no shares</mark>");
	}
	fs_buf_used(b, PUT(o, "</summary>\n"));
	if (i != tr->root) {
		/* The nearest 64 ancestors at most, so a deep chain stays
		 * linear: further up is an ellipsis. */
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
	if (nacct) {
		/* Literals, not a printf: a section is a few rows. */
		fs_buf_addstr(b, "<table><thead><tr><th>Account</th>"
				 "<th>Shares</th>"
				 "<th>Share</th>"
				 "<th>Use</th>");
		fs_buf_addstr(b, fair ? "<th>LevelFS</th>" : "<th>S/U</th>");
		fs_buf_addstr(b, "<th>Usage (h)</th>"
				 "<th>Associations</th>"
				 "</tr></thead><tbody>\n");
		for (j = 0; j < a->nkids; j++) {
			uint32_t k = tr->kids[a->kids + j];

			if (j + 8 < a->nkids)
				fs_prefetch_node(
					&tr->node[tr->kids[a->kids + j + 8]]);
			if (tr->node[k].is_user)
				continue;
			o = put_link(b, PUT(fs_buf_room(b, 256), "<tr><td>"), r, k);
			o = num_cells(b, o, r, k);
			o = PUT(o, "<td>");
			o = fs_put_u64(o, size[k]);
			*o++ = '\n';
			fs_buf_used(b, o);
		}
		fs_buf_addstr(b, "</tbody></table>\n");
	}
	if (nuser) {
		fs_buf_addstr(b, "<table><thead><tr><th>User</th>");
		if (r->partitions)
			fs_buf_addstr(b, "<th class=\"l\">Partition</th>");
		fs_buf_addstr(b, "<th>Shares</th>"
				 "<th>Share</th>"
				 "<th>Use</th>");
		fs_buf_addstr(b, fair ? "<th>LevelFS</th>" : "<th>S/U</th>");
		fs_buf_addstr(b, "<th>Usage (h)</th>"
				 "<th>FairShare</th>"
				 "<th>Rank</th>"
				 "</tr></thead><tbody>\n");
		for (j = 0; j < a->nkids; j++) {
			uint32_t k = tr->kids[a->kids + j];

			c = &tr->node[k];
			if (!c->is_user)
				continue;
			o = fs_buf_room(b, 256);
			o = no_shares(c) ? PUT(o, "<tr class=\"ns\"><td>")
					 : PUT(o, "<tr><td>");
			o = put_html(b, o, c->user);
			if (r->partitions)
				o = put_html(b, PUT(o, "<td class=\"l\">"),
					     c->part);
			o = num_cells(b, o, r, k);
			o = PUT(o, "<td>");
			o = put_fixed6(b, o, c->fs_factor);
			o = PUT(o, "<td>");
			if (c->rank)
				o = fs_put_u64(o, tr->user_count + 1 - c->rank);
			*o++ = '\n';
			fs_buf_used(b, o);
		}
		fs_buf_addstr(b, "</tbody></table>\n");
	}
	fs_buf_addstr(b, "</details>\n");
}

/* The sections are most of a large page: made in chunks of the tree's
 * order on every core (fs_par_ordered), appended in order. */
#define SECTION_CHUNK 8192

struct sections_job {
	const struct fs_report *r;
	const uint32_t *size;
	FILE *out;
};

static void
sections_make(void *arg, size_t c, struct fs_buf *b)
{
	const struct sections_job *j = arg;
	const struct fs_tree *tr = j->r->cur;
	size_t k, end = (c + 1) * SECTION_CHUNK;

	if (end > tr->n)
		end = tr->n;
	for (k = c * SECTION_CHUNK; k < end; k++) {
		uint32_t i = tr->order[k];

		/* An account's children follow it in this order, mostly: a
		 * section reads them all, and they are all over memory. */
		if (k + 32 < end)
			fs_prefetch_node(&tr->node[tr->order[k + 32]]);
		if (k + 24 < end) {
			const struct fs_node *n = &tr->node[tr->order[k + 24]];

			__builtin_prefetch(n->user);
			__builtin_prefetch(n->part);
		}
		if (!tr->node[i].is_user)
			section(b, j->r, i, tr->node[i].depth, j->size);
	}
}

static int
sections_emit(void *arg, struct fs_buf *b)
{
	const struct sections_job *j = arg;

	return fs_write_all(j->out, b->data, b->len);
}

/* The heading into b, written out with what b held; then the sections,
 * written by the threads that make them. */
static int
sections(struct fs_buf *b, FILE *out, const struct fs_report *r,
	 const uint32_t *size, int *failed)
{
	const struct fs_tree *tr = r->cur;
	struct sections_job j;

	fs_buf_addstr(b, "<h2 id=\"accounts\">Accounts one by one</h2>\n"
			 "<p class=\"note\">Every account in the tree's "
			 "order, indented by depth: open one for its "
			 "sub-accounts (each a link to its own section) and "
			 "its users. Share and Use are parts of the whole "
			 "cluster; usage is in hours. <mark>Marked</mark> "
			 "users have usage but no shares.</p>\n");
	if (fs_report_flush(b, out, 0, failed) < 0)
		return -1;
	/* Each section is indented by its node's depth. */
	j = (struct sections_job){r, size, out};
	*failed = fs_par_ordered((tr->n + SECTION_CHUNK - 1) / SECTION_CHUNK,
				 sections_make, sections_emit, &j) < 0;
	return -*failed;
}

/* Names a person looks up, alphabetically, in sections of INDEX_CHUNK
 * names each headed by its first and last, as a dictionary's guide
 * words. */
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

/* The index is made in its chunks on every core (fs_par_ordered), as the
 * sections are: chunk c holds by_acct or by_user [start[c], start[c + 1]). */
struct index_job {
	const struct fs_report *r;
	const size_t *start;
	FILE *out;
};

static void
index_accts(void *arg, size_t c, struct fs_buf *b)
{
	const struct index_job *x = arg;
	const struct fs_report *r = x->r;
	const struct fs_tree *tr = r->cur;
	size_t j, start = x->start[c], k = x->start[c + 1];
	char *o;

	index_head(b, tr->node[r->by_acct[start]].acct,
		   tr->node[r->by_acct[k - 1]].acct, k - start);
	for (j = start; j < k; j++) {
		o = put_link(b, PUT(fs_buf_room(b, 256), "<li>"), r, r->by_acct[j]);
		*o++ = '\n';
		fs_buf_used(b, o);
	}
	fs_buf_addstr(b, "</ul></details>\n");
}

static void
index_users(void *arg, size_t c, struct fs_buf *b)
{
	const struct index_job *x = arg;
	const struct fs_report *r = x->r;
	const struct fs_tree *tr = r->cur;
	size_t j, start = x->start[c], k = x->start[c + 1], names = 0;
	char *o;
	int ns;

	for (j = start; j < k; j++)
		names += r->user_first[j];
	for (j = k; !r->user_first[j - 1]; j--)
		;
	index_head(b, tr->node[r->by_user[start]].user,
		   tr->node[r->by_user[j - 1]].user, names);
	for (j = start; j < k; j++) {
		const struct fs_node *a = &tr->node[r->by_user[j]];

		/* In name order the nodes are all over memory: fetch them,
		 * then their names, ahead. */
		if (j + 32 < k)
			fs_prefetch_node(&tr->node[r->by_user[j + 32]]);
		if (j + 16 < k)
			__builtin_prefetch(
				&r->link_at[tr->node[r->by_user[j + 16]].parent]);
		if (j + 8 < k) {
			const struct fs_node *n = &tr->node[r->by_user[j + 8]];

			__builtin_prefetch(n->user);
			__builtin_prefetch(n->part);
			if (r->links && r->link_at[n->parent] != UINT32_MAX)
				__builtin_prefetch(r->links +
						   r->link_at[n->parent]);
		}
		if (r->user_first[j]) {
			o = fs_buf_room(b, 256);
			if (j > start)
				*o++ = '\n';
			o = PUT(put_html(b, PUT(o, "<li>"), a->user), ": ");
		} else
			o = PUT(fs_buf_room(b, 256), ", ");
		if ((ns = no_shares(a)))
			o = PUT(o, "<mark>");
		o = put_link(b, o, r, a->parent);
		if (*a->part) {
			o = put_html(b, PUT(o, " ("), a->part);
			*o++ = ')';
		}
		if (ns)
			o = PUT(o, "</mark>");
		fs_buf_used(b, o);
	}
	fs_buf_addstr(b, "\n</ul></details>\n");
}

static int
index_emit(void *arg, struct fs_buf *b)
{
	const struct index_job *x = arg;

	return fs_write_all(x->out, b->data, b->len);
}

/* What b holds written, then the chunks of n entries, each of INDEX_CHUNK
 * (users: of INDEX_CHUNK names, marked in first; a user's accounts stay
 * on one line). */
static int
index_part(struct fs_buf *b, FILE *out, const struct fs_report *r, size_t n,
	   const uint8_t *first, void (*make)(void *, size_t, struct fs_buf *),
	   int *failed)
{
	size_t *start = fs_xcalloc(n + 2, sizeof(*start)), nc = 0, k, names;

	if (fs_report_flush(b, out, 0, failed) < 0) {
		free(start);
		return -1;
	}
	for (k = 0; k < n;) {
		start[nc++] = k;
		if (!first)
			k = k + INDEX_CHUNK < n ? k + INDEX_CHUNK : n;
		else
			for (names = 0; k < n; k++)
				if (first[k] && names++ == INDEX_CHUNK)
					break;
	}
	start[nc] = n;
	*failed = fs_par_ordered(nc, make, index_emit,
				 &(struct index_job){r, start, out}) < 0;
	free(start);
	return -*failed;
}

static int
name_index(struct fs_buf *b, FILE *out, const struct fs_report *r,
	   int *failed)
{
	fs_buf_addstr(b, "<h2 id=\"index\">Find by name</h2>\n"
			 "<p class=\"note\">Every account and user in "
			 "alphabetical order, each a link to its account's "
			 "section. The browser's find (Ctrl+F) searches the "
			 "closed lists too.</p>\n<h3>Accounts</h3>\n");
	if (index_part(b, out, r, r->nby_acct, NULL, index_accts, failed) < 0)
		return -1;
	if (!r->nby_acct)
		fs_buf_addstr(b, "<p>There are no accounts below root.</p>\n");
	fs_buf_addstr(b, "<h3>Users</h3>\n");
	if (index_part(b, out, r, r->nby_user, r->user_first, index_users,
		       failed) < 0)
		return -1;
	if (!r->nby_user)
		fs_buf_addstr(b, "<p>There are no users.</p>\n");
	return 0;
}

/* The page up to the end of the summary table. */
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
	fs_buf_printf(b, "</title>\n<style>%s</style>\n</head>\n<body>\n"
			 "<h1>%s for cluster ", style, kind);
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
	for (k = 0; k < r->ntab; k++) {
		int users = k == 1;
		const uint32_t *v = users ? h->usr_top : h->acc_top;
		size_t n = users ? h->nusr : h->nacc, j;

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
	if (sections(b, out, r, size, &failed) == 0 &&
	    name_index(b, out, r, &failed) == 0)
		fs_buf_addstr(b, "</body>\n</html>\n");
	return fs_report_flush(b, out, 0, &failed);
}
