/*
 * tsv.c: the TSV tree on the wire (see fs-tsv(5)).
 *
 * A tree is "#fs-tsv 1", metadata lines "#key=value", one header line of
 * column names, then one row per association: UTF-8, LF, one tab between
 * fields, no quoting. The prologue reader is fed line by line so that the
 * streaming programs and the whole-table reader share it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

enum { H_MAGIC, H_META, H_DONE };

void
fs_header_init(struct fs_header *h)
{
	memset(h, 0, sizeof(*h));
}

void
fs_header_release(struct fs_header *h)
{
	size_t i;

	for (i = 0; i < h->nmeta; i++)
		free(h->meta[i].key);	/* and the value after it */
	free(h->meta);
	fs_names_release(&h->index);
	for (i = 0; i < h->ncols; i++)
		free(h->cols[i]);
	free(h->cols);
	fs_header_init(h);
}

int
fs_check_line(const char *line, size_t len, unsigned long lineno,
	      struct fs_err *e)
{
	const char *cr;

	if (memchr(line, '\0', len))
		return fs_error(e, lineno, "NUL byte in input: not a text file");
	cr = memchr(line, '\r', len);
	if (cr && cr == line + len - 1)
		return fs_error(e, lineno,
				"line ends in CR (CRLF line endings): convert "
				"with 'dos2unix FILE' or \"sed -i 's/\\r$//' FILE\"");
	if (cr)
		return fs_error(e, lineno, "carriage return inside a line");
	return 0;
}

static int
looks_like_sshare(const char *line)
{
	return !strncmp(line, "Account", 7) || strstr(line, "|User|") ||
	       !strncmp(line, "root|", 5);
}

static const char *
meta_key(const void *arg, size_t i)
{
	return ((const struct fs_header *)arg)->meta[i].key;
}

/* Index of key in h->meta, or SIZE_MAX. */
static size_t
meta_find(const struct fs_header *h, const char *key)
{
	return fs_names_find(&h->index, key, meta_key, h);
}

int
fs_header_feed(struct fs_header *h, char *line, size_t len,
	       unsigned long lineno, struct fs_err *e)
{
	char *eq, *p, *tab;
	size_t i;

	if (h->state == H_MAGIC) {
		if (!strcmp(line, FS_TSV_MAGIC)) {
			h->state = H_META;
			return 1;
		}
		if (!strncmp(line, "#fs-tsv ", 8))
			return fs_error(e, lineno,
					"unsupported format version '%s' "
					"(this program reads '" FS_TSV_MAGIC "')",
					line + 8);
		if (!strncmp(line, "Account\t", 8) || !strncmp(line, "#cluster=", 9))
			return fs_error(e, lineno,
					"not a TSV tree: the first line must be '"
					FS_TSV_MAGIC "' (this looks like a tree "
					"without it: add it, and '#cluster=' and "
					"'#taken=' lines, above; fs-tsv(5))");
		if (looks_like_sshare(line))
			return fs_error(e, lineno,
					"this is sshare output, not a TSV tree: "
					"convert it with 'fs-tree --sshare FILE'");
		return fs_error(e, lineno,
				"not a TSV tree: the first line must be '"
				FS_TSV_MAGIC "'");
	}
	if (h->state != H_META)
		return fs_error(e, lineno, "internal error: header already read");
	if (len == 0)
		return fs_error(e, lineno, "empty line before the header");
	if (line[0] == '#') {
		eq = strchr(line, '=');
		if (!eq || eq == line + 1)
			return fs_error(e, lineno,
					"metadata must be '#key=value': '%s'",
					line);
		*eq = '\0';
		if (fs_meta_bad(line + 1) || fs_meta_bad(eq + 1)) {
			char q[256];
			const char *bad = fs_meta_bad(line + 1) ? line + 1
							      : eq + 1;

			fs_quote(q, sizeof(q), bad, strlen(bad));
			if (bad == line + 1)
				return fs_error(e, lineno, "metadata key %s has "
						"a control character", q);
			return fs_error(e, lineno, "metadata '%s': %s has a "
					"control character", line + 1, q);
		}
		if (!strcmp(line + 1, FS_TSV_TRAILER) &&
		    strcmp(eq + 1, FS_TSV_END))
			return fs_error(e, lineno, "metadata '" FS_TSV_TRAILER
					"': '%s' (this program knows '"
					FS_TSV_END "')", eq + 1);
		i = fs_header_set_meta(h, line + 1, eq + 1);
		h->meta[i].line = lineno;	/* after: h->meta may move */
		return 1;
	}
	/* The header line. */
	h->line = lineno;
	for (p = line;; p = tab + 1) {
		tab = strchr(p, '\t');
		if (tab)
			*tab = '\0';
		if (!*p)
			return fs_error(e, lineno, "header: empty column name "
					"(column %zu)", h->ncols + 1);
		for (i = 0; i < h->ncols; i++)
			if (!strcmp(h->cols[i], p))
				return fs_error(e, lineno,
						"header: duplicate column '%s'",
						p);
		h->cols = fs_xreallocarray(h->cols, h->ncols + 1,
					   sizeof(*h->cols));
		h->cols[h->ncols++] = fs_xstrdup(p);
		if (!tab)
			break;
	}
	if (h->ncols == 1 && strchr(h->cols[0], ' '))
		return fs_error(e, lineno, "header: one column '%s': fields "
				"are separated by tabs, not spaces (fs-tsv(5))",
				h->cols[0]);
	h->state = H_DONE;
	return 0;
}

int
fs_header_col(const struct fs_header *h, const char *name)
{
	size_t i;

	for (i = 0; i < h->ncols; i++)
		if (!strcmp(h->cols[i], name))
			return (int)i;
	return -1;
}

const char *
fs_header_meta(const struct fs_header *h, const char *key)
{
	size_t i = meta_find(h, key);

	return i == SIZE_MAX ? NULL : h->meta[i].val;
}

unsigned long
fs_header_meta_line(const struct fs_header *h, const char *key)
{
	size_t i = meta_find(h, key);

	return i == SIZE_MAX ? 0 : h->meta[i].line;
}

/* The one rule for metadata that holds seconds: digits only, as fs-tree
 * and fs-decay write them (Slurm's own settings are whole seconds). */
static int
meta_seconds(const struct fs_header *h, const char *key, long long min,
	     long long *v, struct fs_err *e)
{
	const char *s = fs_header_meta(h, key), *p;

	if (!s)
		return 0;
	for (p = s; *p >= '0' && *p <= '9'; p++)
		;
	if (p == s || *p || p - s > 12 || atoll(s) < min)
		return fs_error(e, fs_header_meta_line(h, key),
				"metadata '%s': not a whole number of "
				"seconds%s: '%s'", key,
				min > 0 ? " above 0" : "", s);
	*v = atoll(s);
	return 1;
}

/* And for dates: what fs_parse_date reads (a UTC offset included). */
static int
meta_date(const struct fs_header *h, const char *key, long long *t,
	  struct fs_err *e)
{
	const char *s = fs_header_meta(h, key);
	struct fs_err de = {NULL, 0, ""};

	if (!s)
		return 0;
	if (fs_parse_date(s, t, &de) < 0)
		return fs_error(e, fs_header_meta_line(h, key),
				"metadata '%s': %s", key, de.msg);
	return 1;
}

int
fs_meta_common_read(const struct fs_header *h, unsigned which,
		    struct fs_meta_common *m, struct fs_err *e)
{
	int r = 0;

	m->half_life = FS_SLURM_HALF_LIFE;
	m->calc_period = FS_SLURM_CALC_PERIOD;
	m->taken = 0;
	m->has_taken = 0;
	if ((which & FS_META_HALF_LIFE) &&
	    meta_seconds(h, "half_life", 0, &m->half_life, e) < 0)
		return -1;
	if ((which & FS_META_CALC_PERIOD) &&
	    meta_seconds(h, "calc_period", 1, &m->calc_period, e) < 0)
		return -1;
	if ((which & FS_META_TAKEN) &&
	    (r = meta_date(h, "taken", &m->taken, e)) < 0)
		return -1;
	m->has_taken = r == 1;
	return 0;
}

/* A key and its value in one block, the value after the key. */
static void
meta_fill(struct fs_meta *m, const char *key, const char *val)
{
	size_t k = strlen(key) + 1, v = strlen(val) + 1;

	m->key = fs_xmalloc(k + v);
	memcpy(m->key, key, k);
	m->val = m->key + k;
	memcpy(m->val, val, v);
}

size_t
fs_header_set_meta(struct fs_header *h, const char *key, const char *val)
{
	size_t i = meta_find(h, key);

	if (i != SIZE_MAX) {
		char *old = h->meta[i].key;	/* key may point into it */

		meta_fill(&h->meta[i], key, val);
		free(old);
		return i;
	}
	FS_GROW(h->meta, h->nmeta, h->meta_cap);
	meta_fill(&h->meta[h->nmeta], key, val);
	h->meta[h->nmeta].line = 0;
	h->nmeta++;
	fs_names_add(&h->index, h->nmeta, meta_key, h);
	return h->nmeta - 1;
}

int
fs_header_add_col(struct fs_header *h, const char *name)
{
	int c = fs_header_col(h, name);

	if (c >= 0)
		return c;
	h->cols = fs_xreallocarray(h->cols, h->ncols + 1, sizeof(*h->cols));
	h->cols[h->ncols] = fs_xstrdup(name);
	return (int)h->ncols++;
}

const char *
fs_meta_bad(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return s;
	return NULL;
}

const char *
fs_field_bad(const char *s, size_t len)
{
	const char *end = s + len;

	for (; (s = fs_scan_ctl(s, end)) < end; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r' || !*s)
			return s;
	return NULL;
}

void
fs_prologue_start(struct fs_buf *b, const char *magic)
{
	fs_buf_addstr(b, magic);
	fs_buf_addch(b, '\n');
}

int
fs_meta_put(struct fs_buf *b, const char *key, const char *val)
{
	if (!*key || strchr(key, '=') || fs_meta_bad(key) || fs_meta_bad(val))
		return -1;
	fs_buf_addch(b, '#');
	fs_buf_addstr(b, key);
	fs_buf_addch(b, '=');
	fs_buf_addstr(b, val);
	fs_buf_addch(b, '\n');
	return 0;
}

int
fs_meta_putf(struct fs_buf *b, const char *key, const char *fmt, ...)
{
	struct fs_buf v;
	va_list ap;
	int r;

	fs_buf_init(&v);
	va_start(ap, fmt);
	fs_buf_vprintf(&v, fmt, ap);
	va_end(ap);
	r = fs_meta_put(b, key, v.data ? v.data : "");
	fs_buf_release(&v);
	return r;
}

int
fs_meta_put_checked(struct fs_buf *b, const char *key, const char *val,
		    struct fs_err *e)
{
	char q[256];

	if (!val)
		val = "";
	if (fs_meta_put(b, key, val) < 0)
		return fs_error(e, 0, "metadata '%s': %s has a control "
				"character", key,
				fs_quote(q, sizeof(q), val, strlen(val)));
	return 0;
}

void
fs_cols_put(struct fs_buf *b, const char *const *cols, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			fs_buf_addch(b, '\t');
		fs_buf_addstr(b, cols[i]);
	}
}

void
fs_header_put_meta(const struct fs_header *h, struct fs_buf *b)
{
	size_t i;

	fs_prologue_start(b, FS_TSV_MAGIC);
	for (i = 0; i < h->nmeta; i++)
		if (fs_meta_put(b, h->meta[i].key, h->meta[i].val) < 0)
			fs_die("internal error: metadata '%s' has a control "
			       "character", h->meta[i].key);
	if (meta_find(h, FS_TSV_TRAILER) == SIZE_MAX)
		fs_meta_put(b, FS_TSV_TRAILER, FS_TSV_END);
}

void
fs_header_put(const struct fs_header *h, struct fs_buf *b)
{
	fs_header_put_meta(h, b);
	fs_cols_put(b, (const char *const *)h->cols, h->ncols);
	fs_buf_addch(b, '\n');
}

int
fs_header_write(const struct fs_header *h, FILE *out)
{
	struct fs_buf b;
	int r;

	fs_buf_init(&b);
	fs_header_put(h, &b);
	r = fs_write_all(out, b.data, b.len);
	fs_buf_release(&b);
	return r;
}

int
fs_header_whole(const struct fs_header *h, struct fs_err *e)
{
	const char *f = fs_header_meta(h, FS_TSV_PARTIAL);

	if (!f)
		return 0;
	return fs_error(e, fs_header_meta_line(h, FS_TSV_PARTIAL),
			"a filtered tree (fs-tree %s): fairshare needs the "
			"whole tree; rank it whole and filter what is shown "
			"(fs-rank -A ACCOUNTS, -u USERS)", f);
}

int
fs_split(char *line, char **fields, size_t n, unsigned long lineno,
	 struct fs_err *e)
{
	size_t k = 0;
	char *p = line, *tab;

	for (;;) {
		tab = strchr(p, '\t');
		if (k < n)
			fields[k] = p;
		k++;
		if (!tab)
			break;
		*tab = '\0';
		p = tab + 1;
	}
	if (k != n && k == 1 && strchr(line, ' '))
		return fs_error(e, lineno, "expected %zu fields, found 1: "
				"fields are separated by tabs, not spaces", n);
	if (k != n)
		return fs_error(e, lineno, "expected %zu fields, found %zu", n,
				k);
	return 0;
}

void
fs_lines_init(struct fs_lines *l, FILE *in)
{
	memset(l, 0, sizeof(*l));
	l->in = in;
}

/* Keep the unread bytes at the start of the buffer, make room, read once
 * more; the end of the input sets eof. */
static void
lines_fill(struct fs_lines *l)
{
	size_t n;
	char *nul;

	if (!l->buf) {
		l->cap = 1 << 18;
		l->buf = fs_xmalloc(l->cap);
	}
	if (l->pos) {
		memmove(l->buf, l->buf + l->pos, l->len - l->pos);
		l->len -= l->pos;
		l->pos = 0;
	}
	if (l->eof)
		return;
	if (l->cap - l->len < (1 << 16) + 1) {
		l->cap *= 2;
		l->buf = fs_xrealloc(l->buf, l->cap);
	}
	n = fread(l->buf + l->len, 1, l->cap - l->len - 1, l->in);
	/* The first NUL ends the input (text has none; the line that holds
	 * it is returned, for the reader to report): /dev/zero is not read
	 * forever. */
	nul = memchr(l->buf + l->len, '\0', n);
	if (nul) {
		l->len = (size_t)(nul - l->buf) + 1;
		l->eof = 1;
		return;
	}
	l->len += n;
	if (n == 0 || feof(l->in))
		l->eof = 1;
}

char *
fs_lines_next(struct fs_lines *l, size_t *len)
{
	char *nl, *s;

	if (!l->buf)
		lines_fill(l);
	for (;;) {
		s = l->buf + l->pos;
		if (l->len > l->pos &&
		    (nl = memchr(s, '\n', l->len - l->pos))) {
			*nl = '\0';
			*len = (size_t)(nl - s);
			l->pos += *len + 1;
			return s;
		}
		if (l->eof) {
			if (l->len == l->pos)
				return NULL;
			/* A last line without '\n'. */
			l->buf[l->len] = '\0';
			*len = l->len - l->pos;
			l->pos = l->len;
			return s;
		}
		lines_fill(l);
	}
}

char *
fs_lines_block(struct fs_lines *l, size_t want, size_t *len)
{
	char *nl = NULL;

	/* Read until want bytes, and then until a whole line ends them (a
	 * line longer than the block grows the block), or the end. */
	do
		lines_fill(l);
	while (!l->eof && (l->len < want ||
			   !(nl = memrchr(l->buf, '\n', l->len))));
	if (l->len == 0)
		return NULL;
	if (l->eof) {
		/* Everything, a last line without '\n' included. */
		l->buf[l->len] = '\0';
		*len = l->len;
	} else
		*len = (size_t)(nl + 1 - l->buf);
	l->pos = *len;
	return l->buf;
}

void
fs_lines_release(struct fs_lines *l)
{
	free(l->buf);
	memset(l, 0, sizeof(*l));
}

int
fs_read_prologue(struct fs_lines *l, struct fs_header *h, unsigned long *lineno,
		 struct fs_err *e)
{
	char *line;
	size_t len;
	int r = 1;

	while (r && (line = fs_lines_next(l, &len))) {
		++*lineno;
		if (fs_check_line(line, len, *lineno, e) < 0)
			return -1;
		if ((r = fs_header_feed(h, line, len, *lineno, e)) < 0)
			return -1;
	}
	if (ferror(l->in))
		return fs_error(e, 0, "read error: %s", strerror(errno));
	if (r)
		return fs_error(e, *lineno ? *lineno : 1, *lineno ? "no header "
				"line after the metadata" : "empty input (did "
				"the program writing it fail?): expected a TSV "
				"tree starting with '" FS_TSV_MAGIC "'");
	return 0;
}

int
fs_table_read(struct fs_table *t, FILE *in, struct fs_err *e)
{
	struct fs_buf b;

	fs_buf_init(&b);
	if (fs_slurp(in, &b, e) < 0) {
		fs_buf_release(&b);
		memset(t, 0, sizeof(*t));
		return -1;
	}
	return fs_table_parse(t, &b, e);
}

/* Is this row (fields NUL-separated from p) the header line again? */
static int
is_header_again(const struct fs_header *h, const char *p, size_t len)
{
	size_t i, off = 0;

	/* Nearly every row differs at its first byte: say so at once. */
	if (h->ncols && len && p[0] != h->cols[0][0])
		return 0;
	for (i = 0; i < h->ncols; i++) {
		size_t l = strlen(h->cols[i]);

		if (off + l > len || memcmp(p + off, h->cols[i], l))
			return 0;
		off += l + 1;
	}
	return 1;
}

/* One piece of a table's body: whole lines from s to end. */
struct piece {
	char *s, *end;
	int check;		/* run fs_check_line on every line */
	uint32_t *row;		/* in out with keep, else in the text */
	size_t nrows, cap;
	struct fs_err err;	/* line numbered from the piece's start */
	int failed;
	struct fs_buf out;	/* with keep: the kept fields of its rows */
	char **fend;		/* with keep: where each field ends */
};

struct pieces {
	const struct fs_table *t;
	const char *keep;	/* NULL, or keep[c] for each column c */
	struct piece *p;
};

/* With keep, a row's kept fields (from s, split already) go to the
 * piece's own text, a run of adjacent ones at a time; the offset is
 * there. */
static size_t
keep_fields(struct piece *pc, const char *keep, size_t ncols, const char *s)
{
	size_t off = pc->out.len, c, from;

	for (c = 0; c < ncols; c++) {
		if (!keep[c])
			continue;
		for (from = c; c + 1 < ncols && keep[c + 1]; c++)
			;
		fs_buf_add(&pc->out, from ? pc->fend[from - 1] + 1 : s,
			   (size_t)(pc->fend[c] + 1 -
				    (from ? pc->fend[from - 1] + 1 : s)));
	}
	return off;
}

/* The tab at p ends field *k of a row: a NUL, noted with keep. */
static inline void
split_at(struct piece *pc, size_t ncols, char *p, size_t *k)
{
	*p = '\0';
	if (pc->fend && *k < ncols)
		pc->fend[*k - 1] = p;
	(*k)++;
}

/* Rows of one piece: tabs become NULs, each row's offset is kept; stops at
 * the first bad line. */
static void
parse_piece(void *arg, size_t i)
{
	struct pieces *ps = arg;
	const struct fs_table *t = ps->t;
	struct piece *pc = &ps->p[i];
	char *s = pc->s, *nl, *p;
	size_t len, k;
	unsigned long lineno = 0;
	struct fs_err *e = &pc->err;

	pc->failed = 1;
	/* A piece without NUL or CR bytes (checked at once) needs no check
	 * line by line. */
	pc->check = memchr(s, '\0', (size_t)(pc->end - s)) ||
		    memchr(s, '\r', (size_t)(pc->end - s));
	while (s < pc->end) {
		lineno++;
		/* Split in place: tabs become NULs (with keep, each field's
		 * end is noted). Without NUL or CR bytes, in one pass that
		 * also finds the line's end. */
		k = 1;
		if (!pc->check) {
			/* 16 bytes a step, each control byte of a block in
			 * turn: a row of a dozen short fields is a step per
			 * 16 bytes, not a scan per field. The piece's last
			 * bytes one at a time. */
			for (p = s;; p += 16) {
				unsigned m;
				char *q;

				if (pc->end - p < 16) {
					for (; p < pc->end && *p != '\n'; p++)
						if (*p == '\t')
							split_at(pc, t->h.ncols,
								 p, &k);
					break;
				}
				for (m = fs_ctl_mask16(p); m; m &= m - 1) {
					q = p + __builtin_ctz(m);
					if (*q == '\n')
						break;
					if (*q == '\t')
						split_at(pc, t->h.ncols, q, &k);
				}
				if (m) {
					p += __builtin_ctz(m);
					break;
				}
			}
			len = (size_t)(p - s);
		} else {
			nl = memchr(s, '\n', (size_t)(pc->end - s));
			len = nl ? (size_t)(nl - s) : (size_t)(pc->end - s);
			if (fs_check_line(s, len, lineno, e) < 0)
				return;
			for (p = s; (p = memchr(p, '\t', (size_t)(s + len - p)));
			     p++) {
				*p = '\0';
				if (pc->fend && k < t->h.ncols)
					pc->fend[k - 1] = p;
				k++;
			}
		}
		s[len] = '\0';
		if (len == 0) {
			fs_error(e, lineno, "empty line");
			return;
		}
		if (pc->fend && k <= t->h.ncols)
			pc->fend[k - 1] = s + len;
		if (k != t->h.ncols) {
			if (!strcmp(s, FS_TSV_END))
				fs_error(e, lineno, "'" FS_TSV_END "' before "
					 "the last line: lines follow the end "
					 "of the tree (rows an edit adds go "
					 "before it)");
			else if (is_header_again(&t->h, s, len))
				fs_error(e, lineno, "repeated header line");
			else if (k == 1 && strchr(s, ' '))
				fs_error(e, lineno, "expected %zu fields, found "
					 "1: fields are separated by tabs, not "
					 "spaces", t->h.ncols);
			else
				fs_error(e, lineno, "expected %zu fields, found %zu",
					 t->h.ncols, k);
			return;
		}
		if (is_header_again(&t->h, s, len)) {
			fs_error(e, lineno, "repeated header line");
			return;
		}
		if (pc->nrows == pc->cap) {
			pc->cap = pc->cap ? pc->cap * 2 : 1024;
			pc->row = fs_xreallocarray(pc->row, pc->cap,
						   sizeof(*pc->row));
		}
		pc->row[pc->nrows++] = ps->keep
			? (uint32_t)keep_fields(pc, ps->keep, t->h.ncols, s)
			: (uint32_t)(s - t->buf.data);
		s += len + 1;
	}
	pc->failed = 0;
}

/* Cut the body, from s to end, into np pieces at line ends (a big body in
 * several per core) and parse them on every core. The pieces' rows and
 * their first error are then taken in order, so the result and the message
 * are those of reading line after line. Returns
 * the number of pieces that parsed, np when all did; *lineno then counts
 * their rows. */
static size_t
parse_pieces(struct pieces *ps, size_t *np, char *s, char *end,
	     unsigned long *lineno, struct fs_err *e)
{
	size_t size = (size_t)(end - s), i, n = 1;
	char *cut;

	if (size >= (1 << 20))
		n = 4 * (size_t)fs_par_threads();
	if (!ps->p) {
		*np = n;
		ps->p = fs_xcalloc(n, sizeof(*ps->p));
		for (i = 0; ps->keep && i < n; i++)
			ps->p[i].fend = fs_xcalloc(ps->t->h.ncols,
						   sizeof(*ps->p[i].fend));
	} else if (n > *np)
		n = *np;	/* the pieces of a stream, allocated once */
	for (i = 0; i < n; i++) {
		struct piece *pc = &ps->p[i];

		pc->nrows = 0;
		pc->out.len = 0;
		pc->s = i ? ps->p[i - 1].end : s;
		cut = s + size / n * (i + 1);
		if (i + 1 == n || cut < pc->s)
			cut = i + 1 == n ? end : pc->s;
		else if ((cut = memchr(cut, '\n', (size_t)(end - cut))))
			cut++;
		else
			cut = end;
		pc->end = cut;
	}
	for (; i < *np; i++) {
		ps->p[i].s = ps->p[i].end = end;
		ps->p[i].nrows = 0;
		ps->p[i].out.len = 0;
	}
	fs_par_for(*np, parse_piece, ps);
	for (i = 0; i < *np; i++) {
		if (ps->p[i].failed) {
			fs_err_take(e, &ps->p[i].err, *lineno);
			return i;
		}
		*lineno += ps->p[i].nrows;
	}
	return i;
}

static void
pieces_release(struct pieces *ps, size_t np)
{
	size_t i;

	for (i = 0; i < np; i++) {
		free(ps->p[i].row);
		free(ps->p[i].fend);
		fs_buf_release(&ps->p[i].out);
	}
	free(ps->p);
}

/* A table's text is at most FS_TABLE_TEXT_MAX bytes. */
static int
too_large(struct fs_err *e)
{
	return fs_error(e, 0, "the tree is larger than %zu bytes (4 GB): "
			"more than a table holds", FS_TABLE_TEXT_MAX);
}

/* The body, from s to end, after lineno lines of prologue, in place. */
static int
parse_body(struct fs_table *t, char *s, char *end, unsigned long lineno,
	   struct fs_err *e)
{
	struct pieces ps = {t, NULL, NULL};
	size_t np = 0, i, n;

	if ((size_t)(end - t->buf.data) > FS_TABLE_TEXT_MAX)
		return too_large(e);
	if (parse_pieces(&ps, &np, s, end, &lineno, e) == np) {
		for (i = 0, n = 0; i < np; i++)
			n += ps.p[i].nrows;
		t->row = fs_xcalloc_huge(n ? n : 1, sizeof(*t->row));
		for (i = 0; i < np; i++) {
			if (!ps.p[i].nrows)
				continue;	/* its row is NULL */
			memcpy(t->row + t->nrows, ps.p[i].row,
			       ps.p[i].nrows * sizeof(*t->row));
			t->nrows += ps.p[i].nrows;
		}
	}
	pieces_release(&ps, np);
	return t->row ? 0 : -1;
}

/* The body's end less its last line when that is FS_TSV_END. */
static char *
take_trailer(struct fs_table *t, char *s, char *end)
{
	const size_t n = sizeof(FS_TSV_END) - 1;
	size_t len = end > s ? (size_t)(end - s) : 0;
	char *last;

	if (len && s[len - 1] == '\n')
		len--;
	if (len < n || memcmp(s + len - n, FS_TSV_END, n))
		return end;
	last = s + len - n;
	if (last > s && last[-1] != '\n')
		return end;
	t->ended = 1;
	return last;
}

int
fs_table_parse(struct fs_table *t, struct fs_buf *text, struct fs_err *e)
{
	char *s, *end, *nl;
	unsigned long lineno = 0;
	size_t len;
	int r = 1;

	memset(t, 0, sizeof(*t));
	fs_header_init(&t->h);
	t->buf = *text;
	fs_buf_init(text);
	if (!t->buf.data)
		fs_buf_addstr(&t->buf, "");
	s = t->buf.data;
	end = s + t->buf.len;
	if (s == end)
		return fs_error(e, 1, "empty input (did the program writing "
				"it fail?): expected a TSV tree starting with '"
				FS_TSV_MAGIC "'");
	/* The prologue, line by line. */
	while (s < end && r) {
		lineno++;
		nl = memchr(s, '\n', (size_t)(end - s));
		len = nl ? (size_t)(nl - s) : (size_t)(end - s);
		if (fs_check_line(s, len, lineno, e) < 0)
			return -1;
		s[len] = '\0';
		r = fs_header_feed(&t->h, s, len, lineno, e);
		if (r < 0)
			return -1;
		if (r == 0)
			t->first_line = lineno + 1;
		s += len + 1;
	}
	if (r)
		return fs_error(e, lineno ? lineno : 1,
				t->h.state == H_MAGIC
					? "empty input (did the program writing "
					  "it fail?)"
					: "no header line after the metadata");
	if (s > end)
		s = end;
	end = take_trailer(t, s, end);
	if (parse_body(t, s, end, lineno, e) < 0)
		return -1;
	if (!t->ended && fs_header_meta(&t->h, FS_TSV_TRAILER))
		return fs_error(e, lineno + t->nrows, "the input ends without "
				"the tree's last line '" FS_TSV_END "': it was "
				"cut short (did the program writing it fail?)");
	return 0;
}

/*
 * A table of some columns only, read as a stream: fs-explain needs five
 * or six of the eleven columns of fs-rank's output, and holding all of it
 * (134 MB at a million associations) cost more, in fresh pages the kernel
 * zeroes, than the rest of its work. Blocks of lines go through the same
 * pieces as fs_table_parse (every line is checked as there, every message
 * is the same), and only the named columns' fields are kept, in the
 * header's order; the header then lists just those.
 */
#define STREAM_BLOCK ((size_t)8 << 20)

/* Append the pieces' kept text and rows to the table; 0, or -1 with e
 * set when the text would be too large. */
static int
take_pieces(struct fs_table *t, struct pieces *ps, size_t np, size_t *cap,
	    struct fs_err *e)
{
	size_t i, k, base, len = t->buf.len;

	for (i = 0; i < np; i++)
		if ((len += ps->p[i].out.len) > FS_TABLE_TEXT_MAX)
			return too_large(e);

	for (i = 0; i < np; i++) {
		struct piece *pc = &ps->p[i];

		if (t->nrows + pc->nrows > *cap) {
			while (t->nrows + pc->nrows > *cap)
				*cap = *cap ? *cap * 2 : 1 << 16;
			t->row = fs_xreallocarray(t->row, *cap, sizeof(*t->row));
		}
		base = t->buf.len;
		fs_buf_add(&t->buf, pc->out.data, pc->out.len);
		for (k = 0; k < pc->nrows; k++)
			t->row[t->nrows++] = (uint32_t)base + pc->row[k];
	}
	return 0;
}

/* Drop the header's columns that were not kept. */
static void
header_keep(struct fs_header *h, const char *keep)
{
	size_t c, n = 0;

	for (c = 0; c < h->ncols; c++) {
		if (keep[c])
			h->cols[n++] = h->cols[c];
		else
			free(h->cols[c]);
	}
	h->ncols = n;
}

/* Is the block's last line (from s to end, its '\n' included) FS_TSV_END? */
static int
ends_in_trailer(const char *s, const char *end)
{
	const size_t n = sizeof(FS_TSV_END) - 1;

	return (size_t)(end - s) >= n + 1 && end[-1] == '\n' &&
	       !memcmp(end - n - 1, FS_TSV_END, n) &&
	       ((size_t)(end - s) == n + 1 || end[-n - 2] == '\n');
}

static int
read_body_cols(struct fs_table *t, struct fs_lines *l, struct pieces *ps,
	       size_t *np, unsigned long lineno, struct fs_err *e)
{
	static char endline[] = FS_TSV_END "\n";
	const size_t n = sizeof(endline) - 1;
	size_t len, cap = 0;
	char *s, *end;
	int held = 0;	/* a last line FS_TSV_END, held back */

	while ((s = fs_lines_block(l, STREAM_BLOCK, &len))) {
		end = s + len;
		/* A held FS_TSV_END was not the last line: a row after all
		 * (or the error that it is). */
		if (held && (memcpy(endline, FS_TSV_END "\n", n),
			     parse_pieces(ps, np, endline, endline + n, &lineno,
					  e) < *np))
			return -1;
		if (held && take_pieces(t, ps, *np, &cap, e) < 0)
			return -1;
		/* Whether this block is the input's last is known only at
		 * the next read: hold its last line when it is FS_TSV_END. */
		if ((held = ends_in_trailer(s, end)))
			end -= n;
		else if (l->eof && len >= n - 1 && !memcmp(end - n + 1,
			 FS_TSV_END, n - 1) && (len == n - 1 || end[-n] == '\n')) {
			held = 1;	/* without its '\n' */
			end -= n - 1;
		}
		if (parse_pieces(ps, np, s, end, &lineno, e) < *np ||
		    take_pieces(t, ps, *np, &cap, e) < 0)
			return -1;
	}
	if (ferror(l->in))
		return fs_error(e, 0, "read error: %s", strerror(errno));
	t->ended = held;
	return 0;
}

/* The body of a table whose every column is kept: nothing to drop, so
 * the rest of the input is read whole and its rows split in place as
 * fs_table_parse splits them (no copy of each row's fields, no rows array
 * grown and copied: fresh pages, a deep chain's most). */
static int
read_body_whole(struct fs_table *t, struct fs_lines *l, unsigned long lineno,
		struct fs_err *e)
{
	char *s, *end;

	while (!l->eof)
		lines_fill(l);
	if (ferror(l->in))
		return fs_error(e, 0, "read error: %s", strerror(errno));
	t->buf.data = l->buf;
	t->buf.len = l->len;
	t->buf.cap = l->cap;
	s = l->buf + l->pos;
	end = l->buf + l->len;
	l->buf = NULL;		/* the table's now */
	end = take_trailer(t, s, end);
	return parse_body(t, s, end, lineno, e);
}

int
fs_table_read_cols(struct fs_table *t, FILE *in, const char *const *names,
		   struct fs_err *e)
{
	struct fs_lines l;
	struct pieces ps = {t, NULL, NULL};
	unsigned long lineno = 0;
	char *keep = NULL;
	size_t np = 0, c, k;
	uint32_t *row;
	int ret = -1, whole = 0;

	memset(t, 0, sizeof(*t));
	fs_header_init(&t->h);
	fs_lines_init(&l, in);
	if (fs_read_prologue(&l, &t->h, &lineno, e) < 0)
		goto out;
	t->first_line = lineno + 1;
	keep = fs_xcalloc(t->h.ncols, 1);
	/* One user's part of a ranked tree (#subset) is small and read back
	 * as it was ranked: every column. */
	for (c = 0; c < t->h.ncols; c++)
		for (k = 0; names[k]; k++)
			keep[c] |= !strcmp(t->h.cols[c], names[k]) ||
				   fs_header_meta(&t->h, "subset");
	ps.keep = keep;
	for (c = 0; c < t->h.ncols && keep[c]; c++)
		;
	if ((whole = c == t->h.ncols)) {
		if (read_body_whole(t, &l, lineno, e) < 0)
			goto out;
	} else if (read_body_cols(t, &l, &ps, &np, lineno, e) < 0)
		goto out;
	if (!t->ended && fs_header_meta(&t->h, FS_TSV_TRAILER)) {
		fs_error(e, lineno + t->nrows, "the input ends without "
			 "the tree's last line '" FS_TSV_END "': it was "
			 "cut short (did the program writing it fail?)");
		goto out;
	}
	header_keep(&t->h, keep);
	/* The rows in an array fs_table_release frees (parse_body's is). */
	if (!whole) {
		row = fs_xcalloc_huge(t->nrows ? t->nrows : 1, sizeof(*row));
		if (t->nrows)
			memcpy(row, t->row, t->nrows * sizeof(*row));
		free(t->row);
		t->row = row;
	}
	if (!t->buf.data)
		fs_buf_addstr(&t->buf, "");
	ret = 0;
out:
	if (ret < 0) {
		if (whole)
			fs_free_huge(t->row, t->nrows ? t->nrows : 1,
				     sizeof(*t->row));
		else
			free(t->row);
		t->row = NULL;
		t->nrows = 0;
	}
	pieces_release(&ps, np);
	fs_lines_release(&l);
	free(keep);
	return ret;
}

void
fs_table_release(struct fs_table *t)
{
	fs_header_release(&t->h);
	fs_buf_release(&t->buf);
	fs_free_huge(t->row, t->nrows ? t->nrows : 1, sizeof(*t->row));
	memset(t, 0, sizeof(*t));
}

/* The field after the one at p: empty and one-byte fields (an account's
 * User, root's Parent, numbers) are most of a tree's, and need no call. */
static inline const char *
next_field(const char *p)
{
	if (!p[0])
		return p + 1;
	if (!p[1])
		return p + 2;
	return p + strlen(p) + 1;
}

const char *
fs_table_field(const struct fs_table *t, size_t r, size_t c)
{
	const char *p = t->buf.data + t->row[r];

	while (c--)
		p = next_field(p);
	return p;
}

size_t
fs_table_row_len(const struct fs_table *t, size_t r)
{
	const char *p;
	size_t c;

	/* Rows are consecutive lines: a row ends where the next begins. */
	if (r + 1 < t->nrows)
		return t->row[r + 1] - t->row[r] - 1;
	p = t->buf.data + t->row[r];
	for (c = 0; c < t->h.ncols; c++)
		p += strlen(p) + 1;
	return (size_t)(p - (t->buf.data + t->row[r])) - 1;
}

void
fs_table_fields(const struct fs_table *t, size_t r, const char **f)
{
	const char *p = t->buf.data + t->row[r];
	size_t c = 1, n = t->h.ncols;
#ifdef __SSE2__
	/* The row's NULs 16 bytes a step: its bytes end where the next
	 * row's begin (rows are consecutive), the last row's at the text's
	 * final NUL; every field but the last ends in one. */
	const char *end = r + 1 < t->nrows ? t->buf.data + t->row[r + 1]
					   : t->buf.data + t->buf.len + 1;
	const __m128i zero = _mm_setzero_si128();
	unsigned m;

	f[0] = p;
	if (n < 2)
		return;
	for (; end - p >= 16; p += 16) {
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
			_mm_loadu_si128((const __m128i *)(const void *)p), zero));
		for (; m; m &= m - 1) {
			f[c++] = p + __builtin_ctz(m) + 1;
			if (c == n)
				return;
		}
	}
	for (p = f[c - 1]; c < n; c++) {
		p = next_field(p);
		f[c] = p;
	}
#else
	f[0] = p;
	for (; c < n; c++) {
		p = next_field(p);
		f[c] = p;
	}
#endif
}
