/*
 * import.c: saved sshare output back into a TSV tree (fs-tree --sshare).
 *
 * The front end reads sshare's text line by line into rows of TSV (struct
 * fs_import, import.h); the back end then builds the tree from them as
 * every reader of the tree will, so that what is accepted here is accepted
 * downstream, and reports a problem at its line of sshare's text.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "io/io.h"
#include "io/import.h"

/* Each column's name in the tree, and in sshare's header ("" for Parent,
 * which sshare shows as indentation). */
static const char *const col_tsv[IC_N] = {
	FS_COL_ACCOUNT, FS_COL_USER, FS_COL_PARTITION, FS_COL_PARENT,
	FS_COL_RAW_SHARES, FS_COL_RAW_USAGE, FS_COL_GRP_TRES_MINS,
	FS_COL_TRES_RUN_MINS, FS_COL_ID, FS_COL_SLURM_NORM_SHARES,
	FS_COL_SLURM_NORM_USAGE, FS_COL_SLURM_EFFECTV_USAGE,
	FS_COL_SLURM_LEVEL_FS, FS_COL_SLURM_FAIR_SHARE,
	FS_COL_DEFAULT_ACCOUNT};
static const char *const col_sshare[IC_N] = {
	"Account", "User", "Partition", "", "RawShares", "RawUsage",
	"GrpTRESMins", "TRESRunMins", "ID", "NormShares", "NormUsage",
	"EffectvUsage", "LevelFS", "FairShare", ""};

static void
header_line(struct fs_buf *b, const struct fs_import *m)
{
	const char *cols[IC_N];
	size_t n = 0;
	int c;

	for (c = 0; c < IC_N; c++)
		if (m->has[c])
			cols[n++] = col_tsv[c];
	fs_cols_put(b, cols, n);
	fs_buf_addch(b, '\n');
}

/* ---------------------------------------------------------------- back end */

/* The algorithm the output shows (fs-tree(1)): LevelFS is a column of
 * Fair Tree's -l only; before 25.11 classic prints a FairShare on account
 * rows, Fair Tree never does; -l without LevelFS is classic's. NULL when
 * the output does not tell (fs-rank then ranks with Fair Tree). */
static const char *
infer_algorithm(const struct fs_import *m, const struct fs_tree *tr)
{
	int c = fs_header_col(&tr->t->h, col_tsv[IC_FS]);
	uint32_t i;

	if (m->algorithm)
		return m->algorithm;
	if (m->has[IC_LFS])
		return "fairtree";
	if (c >= 0)
		for (i = 0; i < tr->n; i++)
			if (!tr->node[i].is_user && i != tr->root &&
			    *fs_table_field(tr->t, i, (size_t)c))
				return "classic";
	if (m->has[IC_NORMU] || m->has[IC_GRP] || m->has[IC_RUN])
		return "classic";
	return NULL;
}

/* Output saved without -a lacks other users' rows, so their siblings'
 * NormShares, recomputed from the rows given, come out larger than sshare
 * printed them (to six decimals): refuse it. */
static int
check_whole(const struct fs_import *m, struct fs_tree *tr, const char *alg,
	    struct fs_err *e)
{
	int c = fs_header_col(&tr->t->h, col_tsv[IC_NORMS]);
	struct fs_rank_opts ro;
	uint32_t i;

	if (c < 0)
		return 0;
	memset(&ro, 0, sizeof(ro));
	ro.algorithm = FS_ALG_FAIRTREE;
	if (alg)
		fs_algorithm_parse(alg, &ro.algorithm);
	ro.ties = FS_TIES_SLURM;
	ro.dampening = 1;
	fs_rank(tr, &ro);
	for (i = 0; i < tr->n; i++) {
		const char *f = fs_table_field(tr->t, i,
					       (size_t)c);
		double want;
		char *end;

		if (!*f || i == tr->root)
			continue;
		want = strtod(f, &end);
		if (*end || fabs(tr->node[i].shares_norm - want) <= 1.5e-6)
			continue;
		return fs_error(e, m->line[i], "NormShares: "
				"%.6f from the rows given, %s as sshare "
				"printed it: the output lacks associations "
				"(saved without -a?); save 'sshare -a -l -P'",
				tr->node[i].shares_norm, f);
	}
	return 0;
}

/* Build the tree from the rows as every reader of it will (numbers,
 * duplicates, one root), each row known by its line of sshare's text; then
 * write it. */
static int
import_finish(struct fs_import *m, const char *cluster, long long taken,
	      const struct fs_import_source *src, struct fs_buf *out,
	      struct fs_err *e)
{
	struct fs_buf tsv;
	struct fs_table t;
	struct fs_tree tr;
	unsigned long last = m->last ? m->last : 1;
	char date[32];
	const char *alg = NULL;
	int r, c;

	if (m->nrows && !m->naccounts)
		return fs_error(e, m->line[0], "user rows only, no account: "
				"this looks like 'sshare -U' output; import "
				"'sshare -a -l -P'");
	fs_buf_init(&tsv);
	fs_prologue_start(&tsv, FS_TSV_MAGIC);
	fs_meta_put(&tsv, "cluster", "c");
	fs_meta_put(&tsv, "taken", "0");
	header_line(&tsv, m);
	fs_buf_add(&tsv, m->body.data, m->body.len);
	r = fs_table_parse(&t, &tsv, e);
	if (r < 0)
		e->line = last;
	else if (t.nrows != m->nrows)
		r = fs_error(e, last, "internal error: %zu rows imported "
			     "from %zu", t.nrows, m->nrows);
	else {
		t.row_line = m->line;
		if ((r = fs_tree_build(&tr, &t, e)) == 0) {
			alg = infer_algorithm(m, &tr);
			r = check_whole(m, &tr, alg, e);
			fs_tree_release(&tr);
		} else if (!m->nrows)
			fs_error(e, last, "no association rows: expected the "
				 "output of 'sshare -a -l -P'");
	}
	fs_table_release(&t);
	if (r < 0)
		return -1;

	fs_prologue_start(out, FS_TSV_MAGIC);
	/* The names the input gives travel as metadata, whose lines hold no
	 * control character (fs-tsv(5)): one would end the line early and
	 * make the rest of the name a line of its own. */
	if (fs_meta_put(out, "cluster", cluster ? cluster : "unknown") < 0) {
		char q[256];

		return fs_error(e, 0, "cluster name %s has a control character",
				fs_quote(q, sizeof(q), cluster, strlen(cluster)));
	}
	fs_iso_time(taken != FS_TAKEN_NOW ? taken : (long long)time(NULL),
		    date);
	fs_meta_put(out, "taken", date);
	fs_meta_put(out, "source", src ? src->source : "sshare");
	/* sshare's saved output keeps no release (fs-tree(1)); another
	 * source's does. */
	if (src && *m->release &&
	    fs_meta_put(out, "slurm_version", m->release) < 0) {
		char q[256];

		return fs_error(e, 1, "Slurm release %s (meta.slurm.release) "
				"has a control character",
				fs_quote(q, sizeof(q), m->release,
					 strlen(m->release)));
	}
	if (alg)
		fs_meta_put(out, "algorithm", alg);
	for (c = 0; src && src->meta && src->meta[c]; c += 2)
		if (fs_meta_put(out, src->meta[c], src->meta[c + 1]) < 0)
			return fs_error(e, 0, "internal error: metadata '%s' "
					"has a control character",
					src->meta[c]);
	for (c = 0; c < IC_N; c++)
		if (m->truncated[c])
			fs_meta_putf(out, "sshare_truncated", "%s: %zu cell%s "
				     "cut by sshare's column width, left empty",
				     col_tsv[c], m->truncated[c],
				     m->truncated[c] == 1 ? "" : "s");
	fs_meta_put(out, FS_TSV_TRAILER, FS_TSV_END);
	header_line(out, m);
	fs_buf_add(out, m->body.data, m->body.len);
	fs_buf_addstr(out, FS_TSV_END "\n");
	return 0;
}

/* ------------------------------------------------------ sshare's own text */

/* The text front end: the header line names the columns, fixed width has a
 * line of dashes under it that gives their widths, and each row is placed
 * in the tree by the indentation of its Account cell. */
struct text {
	struct fs_import *m;
	char **hdr;		/* the header's names, in place */
	int nh, hdr_cap, parsable;	/* parsable: -1 before the header */
	int *width;		/* fixed width: from the dashes */
	int *hoff;		/* fixed width: where each name stood */
	int col[IC_N];		/* where each column is, -1 absent */
	char **cell;
	char **stack;		/* the account rows above, by depth */
	size_t nstack, stack_cap;
};

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ')
		s++;
	e = s + strlen(s);
	while (e > s && e[-1] == ' ')
		*--e = '\0';
	return s;
}

/* Split a line into words at '|' (parsable) or at runs of spaces, in
 * place: the header's names. A -p line ends with '|', which makes no
 * word. */
static void
split_names(struct text *x, char *line)
{
	char *p = line, *sep;
	size_t cap = 0;

	x->nh = 0;
	for (;;) {
		if (x->parsable)
			sep = strchr(p, '|');
		else {
			while (*p == ' ')
				p++;
			if (!*p)
				break;
			sep = strchr(p, ' ');
		}
		if (sep)
			*sep = '\0';
		if (*p || (x->parsable && sep)) {
			size_t n = (size_t)x->nh, hcap = (size_t)x->hdr_cap;

			FS_GROW(x->hdr, n, hcap);
			x->hdr_cap = (int)hcap;
			FS_GROW(x->hoff, n, cap);
			x->hoff[x->nh] = (int)(p - line);
			x->hdr[x->nh++] = p;
		}
		if (!sep)
			break;
		p = sep + 1;
	}
}

/* sprio's header: its column names are upper case, JOBID and PRIORITY
 * among them. */
static int
is_sprio(const char *line)
{
	return strstr(line, "JOBID") && strstr(line, "PRIORITY");
}

/* The first line that is not a CLUSTER: line must be sshare's header: a
 * line of sshare's column names and nothing else. */
static int
text_header(struct text *x, char *line, unsigned long lineno,
	    struct fs_err *e)
{
	struct fs_import *m = x->m;
	int k, c, known = 0;

	if (is_sprio(line))
		return fs_error(e, lineno, "this is the output of sprio, not "
				"sshare: fs-tree --sshare reads 'sshare -a -l "
				"-P' (fs-prio(1) computes what sprio shows)");
	x->parsable = strchr(line, '|') != NULL;
	split_names(x, line);
	for (k = 0; k < x->nh; k++)
		known += fs_sshare_column(x->hdr[k]) >= 0;
	if (!known)
		return fs_error(e, lineno, "no header line: the first line is "
				"a row, not sshare's column names (sshare -n "
				"leaves them out): run 'sshare -a -l -P' without "
				"-n");
	for (k = 0; k < x->nh; k++)
		if (fs_sshare_column(x->hdr[k]) < 0)
			return fs_error(e, lineno, "'%s' is not a column of "
					"sshare: expected sshare's header line",
					x->hdr[k]);
	for (c = 0; c < IC_N; c++) {
		x->col[c] = -1;
		if (!*col_sshare[c])
			continue;
		for (k = 0; k < x->nh; k++)
			if (!strcasecmp(x->hdr[k], col_sshare[c])) {
				if (x->col[c] >= 0)
					return fs_error(e, lineno, "column '%s' "
							"twice in sshare's "
							"header", x->hdr[k]);
				x->col[c] = k;
			}
	}
	{
		static const int req[] = {IC_ACCT, IC_USER, IC_RAWS, IC_RAWU};

		for (k = 0; k < 4; k++)
			if (x->col[req[k]] < 0)
				return fs_error(e, lineno, "sshare output lacks "
						"column '%s' (use 'sshare -a -l "
						"-P')", col_sshare[req[k]]);
	}
	for (c = 0; c < IC_N; c++)
		m->has[c] = c < IC_GRP || x->col[c] >= 0;
	/* GrpTRESMins and TRESRunMins are in the tree only when the output
	 * has them, and the tree has no GrpTRESRaw or Cluster. */
	x->cell = fs_xcalloc((size_t)x->nh + 1, sizeof(*x->cell));
	return 0;
}

/* Under a fixed-width header, the line of dashes: one run per column, as
 * wide as the column, and one space after it. Each name of the header must
 * stand inside its column; Account's at its left, as sshare indents the
 * tree there (-o Account%N, right-justified, would hide the indentation in
 * the padding). */
static int
text_dashes(struct text *x, char *line, unsigned long lineno,
	    struct fs_err *e)
{
	char *p = line;
	int k, start = 0;

	x->width = fs_xcalloc((size_t)x->nh, sizeof(*x->width));
	for (k = 0; k < x->nh; k++) {
		char *q = p;
		int len = (int)strlen(x->hdr[k]);

		while (*q == '-')
			q++;
		x->width[k] = (int)(q - p);
		if (!x->width[k] || (*q && *q != ' ') ||
		    (!*q && k < x->nh - 1))
			return fs_error(e, lineno, "expected the line of dashes "
					"under the header, one run for each of "
					"its %d columns", x->nh);
		if (x->hoff[k] < start ||
		    x->hoff[k] + len > start + x->width[k])
			return fs_error(e, lineno, "the line of dashes does not "
					"match the header: '%s' is not inside "
					"its column", x->hdr[k]);
		if (k == x->col[IC_ACCT] && x->hoff[k] != start)
			return fs_error(e, lineno, "column 'Account' is "
					"right-justified (sshare -o Account%%N): "
					"the tree's indentation cannot be told "
					"from the padding: use 'sshare -a -l -P'");
		start += x->width[k] + 1;
		p = *q ? q + 1 : q;
	}
	while (*p == ' ')
		p++;
	if (*p)
		return fs_error(e, lineno, "expected the line of dashes under "
				"the header, one run for each of its %d columns",
				x->nh);
	return 0;
}

/* Split a parsable row at '|'. */
static int
split_parsable(struct text *x, char *line, unsigned long lineno,
	       struct fs_err *e)
{
	char *p = line, *bar;
	int k = 0;

	for (;;) {
		bar = strchr(p, '|');
		if (k < x->nh)
			x->cell[k] = p;
		k++;
		if (!bar)
			break;
		*bar = '\0';
		p = bar + 1;
	}
	/* -p ends every line with '|': one empty cell too many. */
	if (k == x->nh + 1 && !*p)
		k = x->nh;
	if (k != x->nh)
		return fs_error(e, lineno, "expected %d fields, found %d", x->nh,
				k);
	return 0;
}

/* The word of line around offset at, for messages (a NUL before it ends
 * a cell already split off). */
static const char *
word_at(const char *line, size_t at, char *buf, size_t size)
{
	size_t a = at, b = at;

	while (a > 0 && line[a - 1] != ' ' && line[a - 1])
		a--;
	while (line[b] && line[b] != ' ')
		b++;
	snprintf(buf, size, "%.*s", (int)(b - a), line + a);
	return buf;
}

/* Split a fixed-width row by what it holds. sshare prints each cell as its
 * value padded to the column's width, then one space; a number wider than
 * its column is printed whole and pushes the rest of the row to the right
 * (names and TRES are cut to the width instead). So a cell ends at its
 * width where a space follows, else at the next space, and holds one word
 * at most. A row that cannot be split so is refused, never guessed at. A
 * row may lack its trailing blanks (text copied from a page often does). */
static int
split_fixed(struct text *x, char *line, unsigned long lineno,
	    struct fs_err *e)
{
	size_t len = strlen(line), pos = 0, end;
	char word[64], *c, *t;
	int k;

	for (k = 0; k < x->nh; k++) {
		if (pos >= len) {
			x->cell[k] = line + len;
			continue;
		}
		c = line + pos;
		end = pos + (size_t)x->width[k];
		if (end < len && line[end] != ' ') {
			/* Wider than the column: printed whole, unpadded. */
			if (*c == ' ' || line[end - 1] == ' ')
				return fs_error(e, lineno, "cannot split the row "
						"into sshare's columns: '%s' "
						"crosses the end of column '%s'",
						word_at(line, end, word,
							sizeof(word)),
						x->hdr[k]);
			t = strchr(line + end, ' ');
			end = t ? (size_t)(t - line) : len;
		} else if (end > len)
			end = len;
		line[end] = '\0';
		x->cell[k] = c;
		pos = end + 1;
		for (t = c; *t == ' '; t++)
			;
		while (*t && *t != ' ')
			t++;
		while (*t == ' ')
			t++;
		if (*t)
			return fs_error(e, lineno, "cannot split the row into "
					"sshare's columns: column '%s' holds "
					"'%s'", x->hdr[k], trim(c));
	}
	for (; pos < len && line[pos] == ' '; pos++)
		;
	if (pos < len)
		return fs_error(e, lineno, "cannot split the row into sshare's "
				"columns: '%s' is past the last one",
				word_at(line, pos, word, sizeof(word)));
	return 0;
}

/* A TRES cell of the text, "name=N,...": each name as the JSON's are
 * checked (fs_import_tres_name_ok), each N a whole number below 2^64, as
 * sshare prints them. A cell that sshare cut ("...+") is not one. */
static int
tres_cell(const char *cell, const char *col, unsigned long lineno,
	  struct fs_err *e)
{
	const char *p = cell, *eq, *end;
	size_t len = strlen(cell);

	if (!len || cell[len - 1] == '+')
		return 0;
	for (; *p; p = *end ? end + 1 : end) {
		const char *d;
		char item[64];

		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		eq = memchr(p, '=', (size_t)(end - p));
		snprintf(item, sizeof(item), "%.*s", (int)(end - p), p);
		if (!eq || !fs_import_tres_name_ok(p, (size_t)(eq - p)))
			return fs_error(e, lineno, "column '%s': '%s': expected "
					"NAME=N, a TRES and a whole number "
					"(sshare's TRES list)", col, item);
		for (d = eq + 1; d < end && *d >= '0' && *d <= '9'; d++)
			;
		if (d == eq + 1 || d < end)
			return fs_error(e, lineno, "column '%s': '%s': not a "
					"whole number >= 0: '%.*s'", col, item,
					(int)(end - eq - 1), eq + 1);
		if (d - eq - 1 > 20 ||
		    (d - eq - 1 == 20 &&
		     memcmp(eq + 1, "18446744073709551615", 20) > 0))
			return fs_error(e, lineno, "column '%s': '%s': a whole "
					"number past 18446744073709551615",
					col, item);
	}
	return 0;
}

/* One row: its cells, and its place in the tree from its indentation. */
static int
text_row(struct text *x, char *line, unsigned long lineno, struct fs_err *e)
{
	const char *cell[IC_N] = {NULL};
	char *acell, *name, *user;
	const char *parent;
	int k, c, depth;

	if ((x->parsable ? split_parsable(x, line, lineno, e)
			 : split_fixed(x, line, lineno, e)) < 0)
		return -1;
	if (!x->parsable) {
		/* A full cell ending in '+' was truncated. */
		for (k = 0; k < x->nh; k++)
			if ((int)strlen(x->cell[k]) == x->width[k] &&
			    x->width[k] && x->cell[k][x->width[k] - 1] == '+' &&
			    (k == x->col[IC_ACCT] || k == x->col[IC_USER] ||
			     k == x->col[IC_PART]))
				return fs_error(e, lineno, "name truncated by "
						"sshare: '%s' (use 'sshare -a -l "
						"-P')", trim(x->cell[k]));
	}
	acell = x->cell[x->col[IC_ACCT]];
	for (depth = 0; acell[depth] == ' '; depth++)
		;
	name = acell + depth;
	{
		char *end = name + strlen(name);

		while (end > name && end[-1] == ' ')
			*--end = '\0';
	}
	user = trim(x->cell[x->col[IC_USER]]);
	if (!*name)
		return fs_error(e, lineno, "empty Account cell");
	if (*user) {
		/* The user's row shows its account one space deeper than
		 * the account's row, or at depth 0 when that row was not
		 * printed before it (sshare indents relative to the rows
		 * printed: a user listed ahead of its account, as 20.11's
		 * list can be); the account is found by name either way. */
		if (depth > 0 && ((size_t)depth > x->nstack ||
				  strcmp(x->stack[depth - 1], name)))
			return fs_error(e, lineno, "cannot place user '%s' of "
					"account '%s' in the tree: import the "
					"output of 'sshare -a -l' (all rows, no "
					"-U or -A)", user, name);
		parent = name;
	} else {
		if ((size_t)depth > x->nstack || (depth == 0 && x->nstack > 0))
			return fs_error(e, lineno, "cannot place account '%s' "
					"in the tree: import the output of "
					"'sshare -a -l' (all rows, no -U or -A)",
					name);
		x->nstack = (size_t)depth;
		FS_GROW(x->stack, x->nstack, x->stack_cap);
		x->stack[x->nstack++] = name;
		parent = depth ? x->stack[depth - 1] : "";
	}
	for (c = 0; c < IC_N; c++)
		if (x->col[c] >= 0)
			cell[c] = trim(x->cell[x->col[c]]);
	if ((cell[IC_GRP] &&
	     tres_cell(cell[IC_GRP], col_sshare[IC_GRP], lineno, e) < 0) ||
	    (cell[IC_RUN] &&
	     tres_cell(cell[IC_RUN], col_sshare[IC_RUN], lineno, e) < 0))
		return -1;
	cell[IC_ACCT] = name;
	cell[IC_USER] = user;
	cell[IC_PARENT] = parent;
	fs_import_row(x->m, cell, lineno);
	return 0;
}

static int
import_text(struct fs_import *m, char *s, struct fs_err *e)
{
	struct text x;
	unsigned long lineno = 0;
	char *nl;
	int r = 0;

	memset(&x, 0, sizeof(x));
	x.m = m;
	x.parsable = -1;
	for (; *s && r == 0; s = nl ? nl + 1 : s + strlen(s)) {
		char *line = s;
		size_t l;

		nl = strchr(s, '\n');
		if (nl)
			*nl = '\0';
		lineno++;
		l = strlen(line);
		if (l && line[l - 1] == '\r')
			line[--l] = '\0';
		if (!l)
			continue;
		/* A tab or CR would end up inside the TSV tree we write. */
		if (strpbrk(line, "\t\r"))
			r = fs_error(e, lineno, "%s inside a line: not the text "
				     "of sshare", strchr(line, '\t')
						       ? "tab"
						       : "carriage return");
		else if (!strncmp(line, "CLUSTER: ", 9))
			continue;
		else if (x.parsable < 0)
			r = text_header(&x, line, lineno, e);
		else if (!x.parsable && !x.width)
			r = text_dashes(&x, line, lineno, e);
		else
			r = text_row(&x, line, lineno, e);
	}
	m->last = lineno;
	if (r == 0 && x.parsable < 0)
		r = fs_error(e, lineno ? lineno : 1, "empty input: expected "
			     "the output of 'sshare -a -l -P'");
	free(x.hdr);
	free(x.cell);
	free(x.width);
	free(x.hoff);
	free(x.stack);
	return r;
}

int
fs_sshare_import(const char *text, size_t len, const char *cluster,
		 long long taken, struct fs_buf *out, struct fs_err *e)
{
	return fs_import_from(text, len, cluster, taken, NULL, out, e);
}

int
fs_import_from(const char *text, size_t len, const char *cluster,
	       long long taken, const struct fs_import_source *src,
	       struct fs_buf *out, struct fs_err *e)
{
	struct fs_import m;
	char *copy = NULL, *found = NULL;
	size_t skip;
	int r;

	if (memchr(text, '\0', len))
		return fs_error(e, 1, "NUL byte in input: not a text file");
	/* Neither sshare nor slurmrestd writes one; an editor may. */
	if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
		return fs_error(e, 1, "a UTF-8 byte order mark at the start: "
				"sshare never writes one (remove it: sed -i "
				"'1s/^\\xEF\\xBB\\xBF//' FILE)");
	memset(&m, 0, sizeof(m));
	fs_buf_init(&m.body);
	if (src) {
		m.defaults = src->defaults;
		m.ndefaults = src->ndefaults;
	}
	for (skip = 0; skip < len && strchr(" \t\r\n", text[skip]); skip++)
		;
	/* The JSON reader reads the text where it is (a million
	 * associations' document is over a GB); the text reader cuts a
	 * copy of it into cells. */
	if (skip < len && text[skip] == '{')
		r = fs_import_json(&m, text, len, &found, e);
	else if (len - skip >= 3 && !strncmp(text + skip, "---", 3))
		r = fs_error(e, 1, "this looks like 'sshare --yaml': save "
			     "'sshare -a --json' or 'sshare -a -l -P'");
	else {
		copy = fs_xmalloc(len + 1);
		memcpy(copy, text, len);
		copy[len] = '\0';
		r = import_text(&m, copy, e);
	}
	if (r == 0)
		r = import_finish(&m, cluster ? cluster : found, taken, src,
				  out, e);
	free(found);
	free(copy);
	free(m.line);
	fs_buf_release(&m.body);
	return r;
}
