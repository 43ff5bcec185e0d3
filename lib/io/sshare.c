/*
 * sshare.c: output identical to `sshare -a` (docs/slurm.md §6), and the
 * import of saved sshare output back into a TSV tree.
 *
 * Printing follows Slurm 22.05's print_fields.c cell by cell: doubles travel
 * the wire as v*1e6 and are divided by 1e6 on arrival, then print with %f;
 * sentinel values print blank; fixed width pads every cell and a space,
 * truncates strings with '+', and falls back to %e for numbers too wide.
 * The Account column is indented as slurmdb_tree_name_get() does it: one
 * space more than the parent's row when that row was printed. Reading
 * sshare's output back is import.c's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "io/io.h"

enum field_id {
	F_ACCOUNT, F_CLUSTER, F_EUSED, F_FSFACTOR, F_TRESMINS, F_GRPTRESRAW,
	F_ID, F_LEVELFS, F_NORMS, F_NORMU, F_PART, F_RAWS, F_RAWU, F_RUNMINS,
	F_USER, F_COUNT
};

/* sshare's fields[] in its order: prefix matching takes the first hit. */
static const struct {
	const char *name;
	int len;
} fields[F_COUNT] = {
	{"Account", -20},     {"Cluster", 10},     {"EffectvUsage", 13},
	{"FairShare", 10},    {"GrpTRESMins", 30}, {"GrpTRESRaw", 30},
	{"ID", 6},	      {"LevelFS", 10},     {"NormShares", 11},
	{"NormUsage", 11},    {"Partition", 12},   {"RawShares", 10},
	{"RawUsage", 11},     {"TRESRunMins", 30}, {"User", 10},
};

void
fs_sshare_helpformat(FILE *out)
{
	int i;

	for (i = 0; i < F_COUNT; i++)
		fprintf(out, "%-17s%s", fields[i].name,
			(i % 4 == 3) ? "\n" : "");
	fprintf(out, "\n");
}

struct pfield {
	enum field_id id;
	int len;
};

double
fs_sshare_wire(long double v)
{
	double d = (double)v;

	return (d * 1000000.0) / 1000000.0;
}
#define wire fs_sshare_wire

/* Cells go to b, the rows of one chunk; printf formats only what is rare
 * (fixed-width strings, numbers too wide), as sshare's print_fields.c
 * would. */
struct printer {
	struct fs_buf *b;
	int parsable;	/* 0, 1 (-p), 2 (-P) */
	int last;
};

/* With -p or -P, after a cell of n bytes written at fs_buf_room(): the '|'
 * (none after -P's last), then the NUL the buffer keeps. */
static inline void
cell_put(struct printer *p, size_t n)
{
	char *q = p->b->data + p->b->len + n;

	if (!(p->parsable == 2 && p->last))
		*q++ = '|';
	*q = '\0';
	p->b->len = (size_t)(q - p->b->data);
}

static void
cell_end(struct printer *p)
{
	if (p->parsable) {
		(void)fs_buf_room(p->b, 1);
		cell_put(p, 0);
	}
}

/* n bytes of s in a cell of abs(len) columns, padded with spaces on the
 * left (len >= 0) or the right, and the space after it: printf's "%*s "
 * and "%-*s " without printf (a million rows of sshare -l). */
static void
pad_cell(struct fs_buf *b, int len, const char *s, size_t n)
{
	size_t w = (size_t)abs(len), pad = n < w ? w - n : 0;
	char *q = fs_buf_room(b, pad + n + 1);

	if (len >= 0) {
		memset(q, ' ', pad);
		memcpy(q + pad, s, n);
	} else {
		memcpy(q, s, n);
		memset(q + n, ' ', pad);
	}
	q[pad + n] = ' ';
	q[pad + n + 1] = '\0';
	b->len += pad + n + 1;
}

/* print_fields_str, and the TRES printer, which behaves the same; value
 * of l bytes (NULL: none). Fixed width: "%*.*s " of value with its last
 * kept byte '+' when it is cut. */
static void
print_strn(struct printer *p, int len, const char *value, size_t l)
{
	size_t w = (size_t)abs(len);
	char *q;

	if (p->parsable) {
		memcpy(fs_buf_room(p->b, l + 1), value ? value : "", l);
		cell_put(p, l);
		return;
	}
	if (!value) {
		pad_cell(p->b, len, "", 0);
		return;
	}
	if (l <= w) {
		pad_cell(p->b, len, value, l);
		return;
	}
	/* Cut to w bytes, the last one '+' (none at all when w is 0). */
	q = fs_buf_room(p->b, w + 1);
	memcpy(q, value, w);
	if (w)
		q[w - 1] = '+';
	q[w] = ' ';
	q[w + 1] = '\0';
	p->b->len += w + 1;
}

static void
print_str(struct printer *p, int len, const char *value)
{
	print_strn(p, len, value, value ? strlen(value) : 0);
}

/* "%*s " of " ": at least one space, then the space after it. */
static void
print_blank(struct printer *p, int len)
{
	if (p->parsable)
		cell_end(p);
	else
		pad_cell(p->b, len, " ", 1);
}

static void
print_uint64(struct printer *p, int len, uint64_t v, int blank)
{
	char d[24];

	if (blank) {
		print_blank(p, len);
		return;
	}
	if (p->parsable) {
		char *q = fs_buf_room(p->b, 21);

		cell_put(p, (size_t)(fs_put_u64(q, v) - q));
	} else
		pad_cell(p->b, len, d, (size_t)(fs_put_u64(d, v) - d));
}

static void
print_double(struct printer *p, int len, double v)
{
	int abs_len = abs(len), width = abs_len, length, new_length, n, w2;
	char buf[512];

	if (v == (double)UINT64_C(0xfffffffffffffffe) ||
	    v == (double)UINT64_C(0xffffffffffffffff) ||
	    v == (double)FS_NO_VAL || v == (double)FS_INFINITE) {
		print_blank(p, len);
		return;
	}
	if (p->parsable) {
		length = fs_fmt_fixed6(fs_buf_room(p->b, FS_FMT_MAX), v);
		if (length < 0) {
			fs_buf_printf(p->b, "%f", v);
			cell_end(p);
		} else
			cell_put(p, (size_t)length);
		return;
	}
	n = fs_fmt_fixed6(buf, v);
	if (n < 0)
		n = snprintf(buf, sizeof(buf), "%f", v);
	length = n < abs_len ? abs_len : n;	/* what "%*f" writes */
	if (length <= width) {
		pad_cell(p->b, len, buf, (size_t)n);
		return;
	}
	/* Too wide: sshare's "%*.*e" of the width, its precision cut by
	 * what that overran. */
	if ((n = fs_fmt_e(buf, v, width)) >= 0 &&
	    (w2 = n > width ? 2 * width - n : width) >= 0 &&
	    (n = fs_fmt_e(buf, v, w2)) >= 0) {
		pad_cell(p->b, len >= 0 ? w2 : -w2, buf, (size_t)n);
		return;
	}
	new_length = snprintf(buf, sizeof(buf), "%*.*e", width, width, v);
	if (new_length > width)
		width -= new_length - width;
	fs_buf_printf(p->b, len == abs_len ? "%*.*e " : "%-*.*e ", width,
		      width, v);
}

/* Parse sshare's -o list: comma separated, case-insensitive prefixes,
 * optional %N width, de-duplicated. Returns the count or -1. */
static int
parse_format(const char *spec, struct pfield *pf, int max, struct fs_err *e)
{
	char *s = fs_xstrdup(spec), *item, *save = NULL, *pct;
	int n = 0, i, k, newlen, dup;

	for (item = strtok_r(s, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		newlen = 0;
		if ((pct = strchr(item, '%'))) {
			*pct = '\0';
			newlen = atoi(pct + 1);
		}
		if (!*item)
			continue;
		for (i = 0; i < F_COUNT; i++)
			if (!strncasecmp(fields[i].name, item, strlen(item)))
				break;
		if (i == F_COUNT) {
			fs_error(e, 0, "invalid field requested: '%s' (see "
				 "--helpformat)", item);
			free(s);
			return -1;
		}
		for (dup = 0, k = 0; k < n; k++)
			if (pf[k].id == (enum field_id)i) {
				dup = 1;
				if (newlen)
					pf[k].len = newlen;
			}
		if (dup || n == max)
			continue;
		pf[n].id = (enum field_id)i;
		pf[n].len = newlen ? newlen : fields[i].len;
		n++;
	}
	free(s);
	return n;
}

int
fs_sshare_column(const char *name)
{
	int i;

	for (i = 0; i < F_COUNT; i++)
		if (!strcasecmp(fields[i].name, name))
			return i;
	return -1;
}

int
fs_sshare_check_format(const char *spec, struct fs_err *e)
{
	struct pfield pf[64];

	return parse_format(spec, pf, 64, e) < 0 ? -1 : 0;
}

const char *
fs_sshare_default_format(enum fs_algorithm alg, int longfmt, int partition)
{
	if (fs_algorithm_levels(alg)) {
		if (longfmt)
			return partition
				       ? "A,User,P,RawShares,NormShares,RawUsage,"
					 "NormUsage,Eff,Fairshare,LevelFS,"
					 "GrpTRESMins,TRESRunMins"
				       : "A,User,RawShares,NormShares,RawUsage,"
					 "NormUsage,Eff,Fairshare,LevelFS,"
					 "GrpTRESMins,TRESRunMins";
	} else if (longfmt)
		return partition ? "A,User,P,RawShares,NormShares,RawUsage,"
				   "NormUsage,Eff,Fairshare,GrpTRESMins,"
				   "TRESRunMins"
				 : "A,User,RawShares,NormShares,RawUsage,"
				   "NormUsage,Eff,Fairshare,GrpTRESMins,"
				   "TRESRunMins";
	return partition ? "A,User,P,RawShares,NormShares,RawUsage,Eff,"
			   "Fairshare"
			 : "A,User,RawShares,NormShares,RawUsage,Eff,Fairshare";
}

/* The rows of fs_sshare_print, in chunks of display order formatted on
 * every core (each into a memory stream) and written in order. */
#define SSHARE_ROWS 4096

struct rows {
	const struct fs_tree *tr;
	const struct fs_rank_opts *ro;
	const struct fs_sshare_opts *o;
	const struct pfield *pf;
	int n, c_grp, c_run, c_raw, c_id, *indent;
	const char *cluster;
	FILE *out;
};

/* snprintf(out, size, "%*s%s", indent, "", name) without printf, the
 * indent clamped to size (printf pads in full before it truncates, O(depth)
 * per row otherwise). */
static size_t
indented(char *out, size_t size, int indent, const char *name)
{
	size_t pad = indent < (int)size ? (size_t)indent : size, l;

	if (pad > size - 1)
		pad = size - 1;
	memset(out, ' ', pad);
	l = strlen(name);
	if (l > size - 1 - pad)
		l = size - 1 - pad;
	memcpy(out + pad, name, l);
	out[pad + l] = '\0';
	return pad + l;
}

static void
rows_chunk(void *arg, size_t ci, struct fs_buf *b)
{
	const struct rows *pr = arg;
	const struct fs_tree *tr = pr->tr;
	const struct fs_table *t = tr->t;
	const struct fs_rank_opts *ro = pr->ro;
	const struct fs_sshare_opts *o = pr->o;
	const struct pfield *pf = pr->pf;
	const int *indent = pr->indent;
	int n = pr->n, k, c_grp = pr->c_grp, c_run = pr->c_run,
	    c_raw = pr->c_raw, c_id = pr->c_id;
	const char *cluster = pr->cluster;
	uint32_t i, r = (uint32_t)(ci * SSHARE_ROWS), end = tr->n;
	char acct[4096];
	struct printer p = {b, o->parsable, 0};

	if (end - r > SSHARE_ROWS)
		end = r + SSHARE_ROWS;
	for (; r < end; r++) {
		const struct fs_node *a;
		int fair = fs_algorithm_levels(ro->algorithm);

		i = tr->order[r];
		a = &tr->node[i];
		/* Rows in display order jump around the nodes and their
		 * names: fetch ahead. */
		if (r + 16 < end)
			fs_prefetch_node(&tr->node[tr->order[r + 16]]);
		if (r + 8 < end) {
			const struct fs_node *q = &tr->node[tr->order[r + 8]];

			__builtin_prefetch(q->acct);
			__builtin_prefetch(q->user);
		}
		if ((o->users_only && !a->is_user) || (ro->show && !ro->show[i]))
			continue;
		for (k = 0; k < n; k++) {
			int len = pf[k].len;
			const char *s;

			p.last = k == n - 1;
			switch (pf[k].id) {
			case F_ACCOUNT:
				print_strn(&p, len, acct,
					   indented(acct, sizeof(acct),
						    indent ? indent[i]
							   : (int)a->depth,
						    a->acct));
				break;
			case F_CLUSTER:
				print_str(&p, len, cluster);
				break;
			case F_EUSED:
				print_double(&p, len,
					     wire(fs_node_usage_efctv(tr, a)));
				break;
			case F_FSFACTOR:
				if (fair || o->newer) {
					if (a->is_user)
						print_double(&p, len,
							     wire(a->fs_factor));
					else
						print_str(&p, len, NULL);
				} else
					print_double(
						&p, len,
						fs_classic_factor(
							(long double)wire(
								fs_node_usage_efctv(tr, a)),
							(long double)wire(a->shares_norm),
							ro->dampening));
				break;
			case F_TRESMINS:
			case F_GRPTRESRAW:
			case F_RUNMINS: {
				int c = pf[k].id == F_TRESMINS ? c_grp
					: pf[k].id == F_RUNMINS ? c_run
								: c_raw;

				print_str(&p, len,
					  c >= 0 ? fs_table_field(t, fs_node_row(tr, a),
								  (size_t)c)
						 : "");
				break;
			}
			case F_ID:
				s = c_id >= 0 ? fs_table_field(t, fs_node_row(tr, a),
							       (size_t)c_id)
					      : "";
				if (*s)
					print_uint64(&p, len,
						     strtoull(s, NULL, 10), 0);
				else
					print_blank(&p, len);
				break;
			case F_LEVELFS:
				if (a->use_parent)
					print_str(&p, len, NULL);
				else
					print_double(&p, len, wire(a->level_fs));
				break;
			case F_NORMS:
				print_double(&p, len, wire(a->shares_norm));
				break;
			case F_NORMU:
				print_double(&p, len,
					     wire(fs_node_usage_norm(tr, a)));
				break;
			case F_PART:
				print_str(&p, len, *a->part ? a->part : NULL);
				break;
			case F_RAWS:
				if (a->use_parent)
					print_str(&p, len, "parent");
				else if (i == tr->root)
					print_blank(&p, len);
				else
					print_uint64(&p, len, a->shares_raw, 0);
				break;
			case F_RAWU: {
				uint64_t v = fs_ld_u64(a->usage_raw);

				print_uint64(&p, len, v,
					     v >= UINT64_C(0xfffffffffffffffe));
				break;
			}
			case F_USER:
				print_str(&p, len, a->is_user ? a->user : NULL);
				break;
			case F_COUNT:
				break;
			}
		}
		fs_buf_addch(b, '\n');
	}
}

static int
rows_emit(void *arg, struct fs_buf *b)
{
	const struct rows *pr = arg;

	return fs_write_all(pr->out, b->data, b->len);
}

/* slurmdb_tree_name_get: a row is indented one space more than its
 * parent's row when that row was printed. With every row printed that is
 * the node's depth: NULL, no pass over the nodes in display order and no
 * array read at random by node as the rows are written. */
static int *
indents(const struct fs_tree *tr, const struct fs_rank_opts *ro,
	const struct fs_sshare_opts *o)
{
	int *indent, *printed;
	uint32_t r;

	if (!o->users_only && !ro->show)
		return NULL;
	indent = fs_xcalloc(tr->n, sizeof(*indent));
	printed = fs_xcalloc(tr->n, sizeof(*printed));
	for (r = 0; r < tr->n; r++) {
		const struct fs_node *a = &tr->node[tr->order[r]];

		if ((o->users_only && !a->is_user) ||
		    (ro->show && !ro->show[tr->order[r]]))
			continue;
		if (a->parent != FS_NONE && printed[a->parent])
			indent[tr->order[r]] = indent[a->parent] + 1;
		printed[tr->order[r]] = 1;
	}
	free(printed);
	return indent;
}

int
fs_sshare_print(const struct fs_tree *tr, const struct fs_rank_opts *ro,
		const struct fs_sshare_opts *o, FILE *out, struct fs_err *e)
{
	struct pfield pf[64];
	struct fs_buf hb;
	struct printer p = {&hb, o->parsable, 0};
	const struct fs_table *t = tr->t;
	int n, k, c_grp, c_run, c_raw, c_id;
	const char *cluster = fs_header_meta(&t->h, "cluster");
	const char *fmt = o->format;
	struct rows pr;
	uint32_t r;

	if (!fmt)
		fmt = fs_sshare_default_format(ro->algorithm, o->longfmt,
					       o->partition);
	n = parse_format(fmt, pf, 64, e);
	if (n < 0)
		return -1;
	c_grp = fs_header_col(&t->h, FS_COL_GRP_TRES_MINS);
	c_run = fs_header_col(&t->h, FS_COL_TRES_RUN_MINS);
	c_raw = fs_header_col(&t->h, FS_COL_GRP_TRES_RAW);
	c_id = fs_header_col(&t->h, FS_COL_ID);

	fs_buf_init(&hb);
	if (!o->noheader) {
		for (k = 0; k < n; k++) {
			p.last = k == n - 1;
			if (o->parsable) {
				fs_buf_addstr(&hb, fields[pf[k].id].name);
				cell_end(&p);
			} else
				fs_buf_printf(&hb, "%*.*s ", pf[k].len,
					      abs(pf[k].len),
					      fields[pf[k].id].name);
		}
		fs_buf_addch(&hb, '\n');
		if (!o->parsable) {
			for (k = 0; k < n; k++) {
				int j;

				for (j = 0; j < abs(pf[k].len); j++)
					fs_buf_addch(&hb, '-');
				fs_buf_addch(&hb, ' ');
			}
			fs_buf_addch(&hb, '\n');
		}
	}
	r = hb.len ? (uint32_t)(fs_write_all(out, hb.data, hb.len) < 0) : 0;
	fs_buf_release(&hb);
	if (r)
		return fs_error(e, 0, "write error");

	pr.indent = indents(tr, ro, o);
	pr.tr = tr;
	pr.ro = ro;
	pr.o = o;
	pr.pf = pf;
	pr.n = n;
	pr.c_grp = c_grp;
	pr.c_run = c_run;
	pr.c_raw = c_raw;
	pr.c_id = c_id;
	pr.cluster = cluster;
	pr.out = out;
	fflush(out);
	r = fs_par_ordered((tr->n + SSHARE_ROWS - 1) / SSHARE_ROWS, rows_chunk,
			   rows_emit, &pr);
	free(pr.indent);
	return r || ferror(out) ? fs_error(e, 0, "write error") : 0;
}
