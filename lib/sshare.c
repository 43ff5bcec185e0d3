/*
 * sshare.c: output identical to `sshare -a` (SLURM-REFERENCE §6), and the
 * import of saved sshare output back into a TSV tree.
 *
 * Printing follows Slurm 22.05's print_fields.c cell by cell: doubles travel
 * the wire as v*1e6 and are divided by 1e6 on arrival, then print with %f;
 * sentinel values print blank; fixed width pads every cell and a space,
 * truncates strings with '+', and falls back to %e for numbers too wide.
 * The Account column is indented as slurmdb_tree_name_get() does it: one
 * space more than the parent's row when that row was printed.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "fs.h"

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

struct pfield {
	enum field_id id;
	int len;
};

/* What arrives at the client: (v * 1e6) / 1e6 in double. */
static double
wire(long double v)
{
	double d = (double)v;

	return (d * 1000000.0) / 1000000.0;
}

struct printer {
	FILE *out;
	int parsable;	/* 0, 1 (-p), 2 (-P) */
	int last;
};

static void
cell_end(struct printer *p)
{
	if (p->parsable == 2 && p->last)
		return;
	if (p->parsable)
		putc('|', p->out);
}

/* print_fields_str, and the TRES printer, which behaves the same. */
static void
print_str(struct printer *p, int len, const char *value)
{
	int abs_len = abs(len);
	char *tmp;
	size_t l;

	if (p->parsable) {
		fputs(value ? value : "", p->out);
		cell_end(p);
		return;
	}
	if (!value) {
		fprintf(p->out, len == abs_len ? "%*.*s " : "%-*.*s ", abs_len,
			abs_len, " ");
		return;
	}
	l = strlen(value);
	tmp = fs_xstrdup(value);
	if (l > (size_t)abs_len && abs_len > 0)
		tmp[abs_len - 1] = '+';
	fprintf(p->out, len == abs_len ? "%*.*s " : "%-*.*s ", abs_len, abs_len,
		tmp);
	free(tmp);
}

static void
print_blank(struct printer *p, int len)
{
	if (p->parsable)
		cell_end(p);
	else
		fprintf(p->out, "%*s ", len, " ");
}

static void
print_uint64(struct printer *p, int len, uint64_t v, int blank)
{
	int abs_len = abs(len);

	if (blank) {
		print_blank(p, len);
		return;
	}
	if (p->parsable) {
		fprintf(p->out, "%llu", (unsigned long long)v);
		cell_end(p);
	} else
		fprintf(p->out, len == abs_len ? "%*llu " : "%-*llu ", abs_len,
			(unsigned long long)v);
}

static void
print_double(struct printer *p, int len, double v)
{
	int abs_len = abs(len), width = abs_len, length, new_length;
	char buf[512];

	if (v == (double)UINT64_C(0xfffffffffffffffe) ||
	    v == (double)UINT64_C(0xffffffffffffffff) ||
	    v == (double)FS_NO_VAL || v == (double)FS_INFINITE) {
		print_blank(p, len);
		return;
	}
	if (p->parsable) {
		fprintf(p->out, "%f", v);
		cell_end(p);
		return;
	}
	length = snprintf(buf, sizeof(buf), "%*f", abs_len, v);
	if (length > width) {
		new_length = snprintf(buf, sizeof(buf), "%*.*e", width, width,
				      v);
		if (new_length > width)
			width -= new_length - width;
		fprintf(p->out, len == abs_len ? "%*.*e " : "%-*.*e ", width,
			width, v);
	} else
		fprintf(p->out, len == abs_len ? "%*f " : "%-*f ", width, v);
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
fs_sshare_check_format(const char *spec, struct fs_err *e)
{
	struct pfield pf[64];

	return parse_format(spec, pf, 64, e) < 0 ? -1 : 0;
}

const char *
fs_sshare_default_format(enum fs_algorithm alg, int longfmt, int partition)
{
	if (alg == FS_ALG_FAIRTREE) {
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
	char acct[4096], *text = NULL;
	size_t size = 0;
	struct printer p = {NULL, o->parsable, 0};

	if (end - r > SSHARE_ROWS)
		end = r + SSHARE_ROWS;
	if (!(p.out = open_memstream(&text, &size)))
		fs_die("out of memory");
	for (; r < end; r++) {
		const struct fs_node *a;
		int fair = ro->algorithm == FS_ALG_FAIRTREE;

		i = tr->order[r];
		a = &tr->node[i];
		if (o->users_only && !a->is_user)
			continue;
		for (k = 0; k < n; k++) {
			int len = pf[k].len;
			const char *s;

			p.last = k == n - 1;
			switch (pf[k].id) {
			case F_ACCOUNT:
				/* Clamped: printf pads in full before it
				 * truncates, O(depth) per row otherwise. */
				snprintf(acct, sizeof(acct), "%*s%s",
					 indent[i] < (int)sizeof(acct)
						 ? indent[i]
						 : (int)sizeof(acct),
					 "", a->acct);
				print_str(&p, len, acct);
				break;
			case F_CLUSTER:
				print_str(&p, len, cluster);
				break;
			case F_EUSED:
				print_double(&p, len, wire(a->usage_efctv));
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
							(long double)wire(a->usage_efctv),
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
					  c >= 0 ? fs_table_field(t, a->row,
								  (size_t)c)
						 : "");
				break;
			}
			case F_ID:
				s = c_id >= 0 ? fs_table_field(t, a->row,
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
				print_double(&p, len, wire(a->usage_norm));
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
				long double u = a->usage_raw;
				uint64_t v = u >= 18446744073709551615.0L
						     ? UINT64_MAX
						     : (uint64_t)u;

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
		putc('\n', p.out);
	}
	fclose(p.out);
	fs_buf_add(b, text, size);
	free(text);
}

static int
rows_emit(void *arg, struct fs_buf *b)
{
	const struct rows *pr = arg;

	return fs_write_all(pr->out, b->data, b->len);
}

int
fs_sshare_print(const struct fs_tree *tr, const struct fs_rank_opts *ro,
		const struct fs_sshare_opts *o, FILE *out, struct fs_err *e)
{
	struct pfield pf[64];
	struct printer p = {out, o->parsable, 0};
	const struct fs_table *t = tr->t;
	int n, k, c_grp, c_run, c_raw, c_id, *printed;
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
	c_grp = fs_header_col(&t->h, "GrpTRESMins");
	c_run = fs_header_col(&t->h, "TRESRunMins");
	c_raw = fs_header_col(&t->h, "GrpTRESRaw");
	c_id = fs_header_col(&t->h, "ID");

	if (!o->noheader) {
		for (k = 0; k < n; k++) {
			p.last = k == n - 1;
			if (o->parsable) {
				fputs(fields[pf[k].id].name, out);
				cell_end(&p);
			} else
				fprintf(out, "%*.*s ", pf[k].len, abs(pf[k].len),
					fields[pf[k].id].name);
		}
		putc('\n', out);
		if (!o->parsable) {
			for (k = 0; k < n; k++) {
				int j;

				for (j = 0; j < abs(pf[k].len); j++)
					putc('-', out);
				putc(' ', out);
			}
			putc('\n', out);
		}
	}

	/* slurmdb_tree_name_get: one space more than the parent's row when
	 * that row was printed. */
	pr.indent = fs_xcalloc(tr->n, sizeof(*pr.indent));
	printed = fs_xcalloc(tr->n, sizeof(*printed));
	for (r = 0; r < tr->n; r++) {
		const struct fs_node *a = &tr->node[tr->order[r]];

		if (o->users_only && !a->is_user)
			continue;
		if (a->parent != FS_NONE && printed[a->parent])
			pr.indent[tr->order[r]] = pr.indent[a->parent] + 1;
		printed[tr->order[r]] = 1;
	}
	free(printed);
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

/* ---------------------------------------------------------------- import */

struct icol {
	int acct, user, part, raws, rawu, grp, run, id, norms, normu, eff, fs,
		lfs;
};

static int
find_col(char **names, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(names[i], name))
			return i;
	return -1;
}

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

/* Split one sshare line into cells: parsable at '|', else by widths. */
static int
split_cells(char *line, int parsable, const int *width, int ncols,
	    char **cell, unsigned long lineno, struct fs_err *e)
{
	int k = 0, pos = 0, len = (int)strlen(line);
	char *p = line, *bar;

	if (parsable) {
		for (;;) {
			bar = strchr(p, '|');
			if (k < ncols)
				cell[k] = p;
			k++;
			if (!bar)
				break;
			*bar = '\0';
			p = bar + 1;
		}
		/* -p ends every line with '|': one empty cell too many. */
		if (k == ncols + 1 && !*p)
			k = ncols;
		if (k != ncols)
			return fs_error(e, lineno, "expected %d fields, found %d",
					ncols, k);
		return 0;
	}
	for (k = 0; k < ncols; k++) {
		int end = pos + width[k];

		if (pos > len)
			cell[k] = line + len;
		else
			cell[k] = line + pos;
		if (end < len)
			line[end] = '\0';
		pos = end + 1;
	}
	return 0;
}

static void
add_field(struct fs_buf *out, const char *s, int first)
{
	if (!first)
		fs_buf_addch(out, '\t');
	fs_buf_addstr(out, s);
}

/* Check what the import wrote as every reader of the tree will: numbers,
 * duplicates, one root. A problem is reported at its line of sshare text
 * (src[k] for the k-th row). */
static int
check_import(const struct fs_buf *tsv, const unsigned long *src, size_t nsrc,
	     unsigned long last, struct fs_err *e)
{
	struct fs_buf copy;
	struct fs_table t;
	struct fs_tree tr;
	int r;

	fs_buf_init(&copy);
	fs_buf_add(&copy, tsv->data, tsv->len);
	r = fs_table_parse(&t, &copy, e);
	if (r == 0 && (r = fs_tree_build(&tr, &t, e)) == 0)
		fs_tree_release(&tr);
	if (r < 0) {
		if (e->line >= t.first_line && t.first_line &&
		    e->line - t.first_line < nsrc)
			e->line = src[e->line - t.first_line];
		else
			e->line = last ? last : 1;
		if (!nsrc)
			fs_error(e, e->line, "no association rows: expected the "
				 "output of 'sshare -a -l -P'");
	}
	fs_table_release(&t);
	return r;
}

int
fs_sshare_import(const char *text, size_t len, const char *cluster,
		 struct fs_buf *out, struct fs_err *e)
{
	char *copy = fs_xmalloc(len + 1), *s, *nl, **hdr = NULL, **cell = NULL;
	char **stack = NULL, date[32];
	int nh = 0, parsable = -1, *width = NULL, k, depth, ret = -1;
	size_t nstack = 0, nsrc = 0;
	unsigned long lineno = 0, *src = NULL;
	struct icol c = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

	memcpy(copy, text, len);
	copy[len] = '\0';
	if (memchr(text, '\0', len)) {
		fs_error(e, 1, "NUL byte in input: not a text file");
		goto out;
	}
	s = copy;
	for (; *s; s = nl ? nl + 1 : s + strlen(s)) {
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
		if (strpbrk(line, "\t\r")) {
			fs_error(e, lineno, "%s inside a line: not the text of "
				 "sshare", strchr(line, '\t') ? "tab"
							      : "carriage return");
			goto out;
		}
		if (!strncmp(line, "CLUSTER: ", 9))
			continue;
		if (parsable < 0) {
			/* The header line. */
			char *p = line, *sep;

			if (strncmp(trim(line), "Account", 7)) {
				fs_error(e, lineno, "expected sshare's header "
					 "line starting with 'Account' (run "
					 "'sshare -a -l -P' without -n)");
				goto out;
			}
			parsable = strchr(line, '|') != NULL;
			for (;;) {
				if (parsable)
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
				if (*p) {
					hdr = fs_xreallocarray(hdr, (size_t)nh + 1,
							       sizeof(*hdr));
					hdr[nh++] = p;
				}
				if (!sep)
					break;
				p = sep + 1;
			}
			cell = fs_xcalloc((size_t)nh + 1, sizeof(*cell));
			c.acct = find_col(hdr, nh, "Account");
			c.user = find_col(hdr, nh, "User");
			c.part = find_col(hdr, nh, "Partition");
			c.raws = find_col(hdr, nh, "RawShares");
			c.rawu = find_col(hdr, nh, "RawUsage");
			c.grp = find_col(hdr, nh, "GrpTRESMins");
			c.run = find_col(hdr, nh, "TRESRunMins");
			c.id = find_col(hdr, nh, "ID");
			c.norms = find_col(hdr, nh, "NormShares");
			c.normu = find_col(hdr, nh, "NormUsage");
			c.eff = find_col(hdr, nh, "EffectvUsage");
			c.fs = find_col(hdr, nh, "FairShare");
			c.lfs = find_col(hdr, nh, "LevelFS");
			{
				static const char *const req[] = {
					"Account", "User", "RawShares",
					"RawUsage"};
				int need[] = {c.acct, c.user, c.raws, c.rawu};

				for (k = 0; k < 4; k++)
					if (need[k] < 0) {
						fs_error(e, lineno,
							 "sshare output lacks "
							 "column '%s' (use "
							 "'sshare -a -l -P')",
							 req[k]);
						goto out;
					}
			}
			fs_buf_addstr(out, FS_TSV_MAGIC "\n");
			fs_buf_printf(out, "#cluster=%s\n",
				      cluster ? cluster : "unknown");
			fs_iso_time((long long)time(NULL), date);
			fs_buf_printf(out, "#taken=%s\n#source=sshare\n", date);
			if (c.lfs >= 0)
				fs_buf_addstr(out, "#algorithm=fairtree\n");
			fs_buf_addstr(out, "Account\tUser\tPartition\tParent\t"
					   "RawShares\tRawUsage");
			if (c.grp >= 0)
				fs_buf_addstr(out, "\tGrpTRESMins");
			if (c.run >= 0)
				fs_buf_addstr(out, "\tTRESRunMins");
			if (c.id >= 0)
				fs_buf_addstr(out, "\tID");
			if (c.norms >= 0)
				fs_buf_addstr(out, "\tSlurmNormShares");
			if (c.normu >= 0)
				fs_buf_addstr(out, "\tSlurmNormUsage");
			if (c.eff >= 0)
				fs_buf_addstr(out, "\tSlurmEffectvUsage");
			if (c.lfs >= 0)
				fs_buf_addstr(out, "\tSlurmLevelFS");
			if (c.fs >= 0)
				fs_buf_addstr(out, "\tSlurmFairShare");
			fs_buf_addch(out, '\n');
			continue;
		}
		if (!parsable && !width) {
			/* The dashes line gives the widths. */
			char *p = line;

			width = fs_xcalloc((size_t)nh, sizeof(*width));
			for (k = 0; k < nh; k++) {
				char *q = p;

				while (*q == '-')
					q++;
				width[k] = (int)(q - p);
				if (!width[k]) {
					fs_error(e, lineno, "expected the line "
						 "of dashes under the header");
					goto out;
				}
				p = *q ? q + 1 : q;
			}
			continue;
		}
		if (split_cells(line, parsable, width, nh, cell, lineno, e) < 0)
			goto out;
		{
			char *acell = cell[c.acct], *name, *user;
			const char *parent;
			int is_user;

			if (!parsable) {
				/* A full cell ending in '+' was truncated. */
				for (k = 0; k < nh; k++)
					if ((int)strlen(cell[k]) == width[k] &&
					    width[k] && cell[k][width[k] - 1] == '+' &&
					    (k == c.acct || k == c.user ||
					     k == c.part)) {
						fs_error(e, lineno, "name truncated "
							 "by sshare: '%s' (use "
							 "'sshare -a -l -P')",
							 trim(cell[k]));
						goto out;
					}
			}
			for (depth = 0; acell[depth] == ' '; depth++)
				;
			name = acell + depth;
			{
				char *end = name + strlen(name);

				while (end > name && end[-1] == ' ')
					*--end = '\0';
			}
			user = trim(cell[c.user]);
			is_user = *user != '\0';
			if (!*name) {
				fs_error(e, lineno, "empty Account cell");
				goto out;
			}
			if (is_user) {
				/* The user's row shows its account one space
				 * deeper than the account's row. */
				if (depth < 1 || (size_t)depth > nstack ||
				    strcmp(stack[depth - 1], name)) {
					fs_error(e, lineno, "cannot place user "
						 "'%s' of account '%s' in the tree: "
						 "import the output of 'sshare -a "
						 "-l' (all rows, no -U or -A)",
						 user, name);
					goto out;
				}
				parent = name;
			} else {
				if ((size_t)depth > nstack ||
				    (depth == 0 && nstack > 0)) {
					fs_error(e, lineno, "cannot place account "
						 "'%s' in the tree: import the "
						 "output of 'sshare -a -l' (all "
						 "rows, no -U or -A)", name);
					goto out;
				}
				nstack = (size_t)depth;
				stack = fs_xreallocarray(stack, nstack + 1,
							 sizeof(*stack));
				stack[nstack++] = name;
				parent = depth ? stack[depth - 1] : "";
			}
			add_field(out, name, 1);
			add_field(out, user, 0);
			add_field(out, c.part >= 0 ? trim(cell[c.part]) : "", 0);
			add_field(out, parent, 0);
			add_field(out, trim(cell[c.raws]), 0);
			add_field(out, trim(cell[c.rawu]), 0);
			if (c.grp >= 0)
				add_field(out, trim(cell[c.grp]), 0);
			if (c.run >= 0)
				add_field(out, trim(cell[c.run]), 0);
			if (c.id >= 0)
				add_field(out, trim(cell[c.id]), 0);
			if (c.norms >= 0)
				add_field(out, trim(cell[c.norms]), 0);
			if (c.normu >= 0)
				add_field(out, trim(cell[c.normu]), 0);
			if (c.eff >= 0)
				add_field(out, trim(cell[c.eff]), 0);
			if (c.lfs >= 0)
				add_field(out, trim(cell[c.lfs]), 0);
			if (c.fs >= 0)
				add_field(out, trim(cell[c.fs]), 0);
			fs_buf_addch(out, '\n');
			src = fs_xreallocarray(src, nsrc + 1, sizeof(*src));
			src[nsrc++] = lineno;
		}
	}
	if (parsable < 0) {
		fs_error(e, lineno ? lineno : 1, "empty input: expected the "
			 "output of 'sshare -a -l -P'");
		goto out;
	}
	ret = check_import(out, src, nsrc, lineno, e);
out:
	free(src);
	free(copy);
	free(hdr);
	free(cell);
	free(width);
	free(stack);
	return ret;
}
