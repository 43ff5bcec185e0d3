/*
 * decay_stream.c: fs-decay's engine (fs-decay(1)), a tree's RawUsage moved
 * forward in time.
 *
 * The decay streams: the prologue is read line by line, then the rows in
 * chunks of whole lines, decayed on every core by one team of threads and
 * written in order (a regular file's chunks read their own bytes; a pipe's
 * read theirs in turn). Memory stays constant, and on a bad line the rows
 * before it have been written. A replay of jobs
 * (decay.c) needs the whole tree instead: it is written from memory.
 *
 * Either way the engine owns the RawUsage column and the metadata `taken`,
 * `usage_reset` and `decay_*`; every other column and metadata entry
 * passes through untouched, in order.
 */
#define _GNU_SOURCE	/* memrchr */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/model.h"

/* The metadata of which (fs_meta_common_read), and the option that
 * overrides it in the message. */
static int
meta_read(const struct fs_header *h, unsigned which, const char *opt,
	  struct fs_meta_common *m, struct fs_err *e)
{
	if (fs_meta_common_read(h, which, m, e) < 0) {
		size_t l = strlen(e->msg);

		snprintf(e->msg + l, sizeof(e->msg) - l, " (override it with "
			 "%s)", opt);
		return -1;
	}
	return 0;
}

static int
plan_make(const struct fs_decay_opts *o, const struct fs_header *h,
	  struct fs_decay_plan *p, struct fs_err *e)
{
	struct fs_meta_common mc;
	char a[32], b[32];

	p->reset = o->reset;
	p->travel = o->elapsed_set || o->to_set || o->from_set || o->replay;
	if (fs_meta_common_read(h, FS_META_TAKEN, &mc, e) < 0)
		return -1;
	p->taken = mc.taken;
	if (!mc.has_taken)
		return fs_error(e, 0, "metadata 'taken' is missing: fs-decay "
				"needs the time the usage was taken (add a "
				"line '#taken=2026-11-20T08:00:00Z')");
	p->from = o->from_set ? o->from : p->taken;
	p->to = o->to_set ? o->to
	      : o->elapsed_set ? p->from + o->elapsed : p->taken;
	/* A tree's dates are YYYY-...: what fs-decay writes, it reads. The
	 * start first: a target made from it (--elapsed) passes the same
	 * bound. */
	if (fs_date_range(p->from, "the start date (--from)", e) < 0 ||
	    fs_date_range(p->to, "the target date", e) < 0)
		return -1;
	if (p->to < p->from) {
		fs_iso_time(p->from, a);
		fs_iso_time(p->to, b);
		return fs_error(e, 0, "cannot go back in time: the target %s "
				"is before the start %s (the usage is as of "
				"the tree's taken, or --from)", b, a);
	}
	p->law.exact = o->exact;
	p->law.half_life = FS_SLURM_HALF_LIFE;
	if (o->half_life_set)
		p->law.half_life = o->half_life;
	else if (meta_read(h, FS_META_HALF_LIFE, "--half-life", &mc, e) < 0)
		return -1;
	else
		p->law.half_life = mc.half_life;
	p->period = FS_SLURM_CALC_PERIOD;
	if (o->period_set)
		p->period = o->period;
	else if (o->replay &&
		 meta_read(h, FS_META_CALC_PERIOD, "--calc-period", &mc, e) < 0)
		return -1;
	else if (o->replay)
		p->period = mc.calc_period;
	return 0;
}

int
fs_decay_plan_make(const struct fs_decay_opts *o, const struct fs_header *h,
		   struct fs_decay_plan *p, struct fs_err *e)
{
	if (plan_make(o, h, p, e) < 0) {
		/* The message names the option that overrides the
		 * metadata, not the line it stands on. */
		e->line = 0;
		return -1;
	}
	return 0;
}

/* Record what was done in the metadata; factor < 0: none applied. */
static void
plan_meta(const struct fs_decay_plan *p, struct fs_header *h,
	  long double factor, const struct fs_replay *r)
{
	struct fs_buf b;
	char t[32];

	fs_buf_init(&b);
	/* The usage changed: what the controller held no longer goes with
	 * it, and the readers compute from the usage. */
	if ((p->reset || p->travel) && fs_header_meta(h, FS_TSV_VALUES))
		fs_header_set_meta(h, FS_TSV_VALUES, "next-pass");
	if (p->reset) {
		fs_iso_time(p->from, t);
		fs_header_set_meta(h, "usage_reset", t);
	}
	if (p->travel) {
		fs_iso_time(p->to, t);
		fs_header_set_meta(h, "taken", t);
		fs_iso_time(p->from, t);
		fs_header_set_meta(h, "decay_from", t);
		fs_buf_printf(&b, "%lld", p->to - p->from);
		fs_header_set_meta(h, "decay_seconds", b.data);
		b.len = 0;
		fs_buf_printf(&b, "%lld", p->law.half_life);
		fs_header_set_meta(h, "decay_half_life", b.data);
		fs_header_set_meta(h, "decay_formula",
				   p->law.exact ? "exact" : "slurm");
		b.len = 0;
		fs_buf_double(&b, (double)factor);
		fs_header_set_meta(h, "decay_factor", b.data);
		if (r) {
			b.len = 0;
			fs_buf_printf(&b, "%lld", p->period);
			fs_header_set_meta(h, "decay_calc_period", b.data);
			b.len = 0;
			fs_buf_printf(&b, "%zu", r->charged);
			fs_header_set_meta(h, "decay_jobs", b.data);
		}
	}
	fs_buf_release(&b);
}

/* Is the row (fields split) the header line again? */
static int
header_again(const struct fs_header *h, char **f)
{
	size_t i;

	for (i = 0; i < h->ncols; i++)
		if (strcmp(f[i], h->cols[i]))
			return 0;
	return 1;
}

struct chunk {
	char *s, *end;		/* whole lines */
	unsigned long lines;	/* lines done */
	struct fs_err err;	/* line counted from the chunk's start; 0: none */
	int ended;		/* its last line is the tree's FS_TSV_END */
	/* Read by the chunk itself (a regular file): the lines that start
	 * in [lo, hi) of the file; eof: the input ends in this chunk; rerr:
	 * the errno of a failed read. */
	off_t lo, hi;
	int eof, rerr;
	char *buf;		/* a stream's piece, read in turn: s to end */
};

/* The rows are read and decayed in chunks of about SPAN bytes, on every
 * core, by one team of threads for the whole input. At most CHUNKS chunks
 * are in flight (fs_par_ordered's ring is two per thread, at most 16), so
 * chunk i lives in chunk[i % CHUNKS]. */
#define SPAN (256 << 10)
#define CHUNKS 16

/* The rows after the header, decayed by one factor. */
struct stream {
	const struct fs_header *h;
	int fd;			/* a regular file's, read by the chunks; else -1 */
	off_t rows;		/* where its rows start */
	int cu, cuser;
	long double factor;
	int zero_stays;		/* 0 times factor is 0 */
	FILE *out;
	struct fs_err *e;	/* the caller's, for the first bad line */
	struct chunk chunk[CHUNKS];	/* chunk i in chunk[i % CHUNKS] */
	size_t nchunks;		/* chunks written */
	unsigned long lineno;	/* lines before the chunk being written */
	int failed;		/* what fs_decay_stream returns: -1 or -2 */
	int ended;		/* FS_TSV_END was read */
	int done;		/* the chunk that ends the input is written */
	/* A stream (not a regular file), read in turn: what the prologue's
	 * reader holds, then on; the part of a line that the last piece
	 * read ends in, for the next; whether the input has ended. */
	struct fs_lines *lines;
	char *carry;
	size_t ncarry, carry_cap;
	int in_eof;
};


/* A line as one pass over its bytes finds it: where it ends, how many
 * fields it has, where RawUsage and User start. A row that is written back
 * as it came then needs no tabs made NULs and NULs made tabs again, and
 * no call per field. */
struct line {
	size_t len, nfields;
	char *u, *uend, *user;
	int odd;		/* a NUL or CR: fs_check_line words it */
};

/* Where the control bytes of a chunk are (those fs_scan_ctl stops at), 64
 * bytes a step: bit i of m is w[i], the bits of bytes already taken
 * cleared. Lines of a few short fields then cost a bit each rather than a
 * scan that starts again at every tab. In the last window, past the
 * chunk's end, one bit stands for the end itself (and no byte is read
 * there). */
struct ctl_scan {
	const char *w, *end;
	uint64_t m;
};

static uint64_t
ctl_window(const char *w, const char *end)
{
	uint64_t m = 0;
	size_t i, n = (size_t)(end - w);

	if (n >= 64) {
		for (i = 0; i < 64; i += 16)
			m |= (uint64_t)fs_ctl_mask16(w + i) << i;
		return m;
	}
	for (i = 0; i < n; i++)
		if ((unsigned char)w[i] <= '\r')
			m |= 1ULL << i;
	return m | 1ULL << n;
}

static void
ctl_scan_init(struct ctl_scan *c, const char *s, const char *end)
{
	c->w = s;
	c->end = end;
	c->m = ctl_window(s, end);
}

/* The next control byte, or end. */
static inline char *
ctl_next(struct ctl_scan *c)
{
	const char *p;

	while (!c->m) {
		c->w += 64;
		c->m = ctl_window(c->w, c->end);
	}
	p = c->w + __builtin_ctzll(c->m);
	c->m &= c->m - 1;
	return (char *)p;
}

static void
scan_line(const struct stream *st, struct ctl_scan *cs, char *s,
	  struct line *l)
{
	const size_t cu = (size_t)st->cu, cuser = (size_t)st->cuser;
	const char *end = cs->end;
	char *p, *start = s;
	size_t k = 0;

	l->odd = 0;
	l->u = l->uend = l->user = NULL;
	for (;;) {
		p = ctl_next(cs);
		if (p == end || *p == '\n')
			break;
		if (*p != '\t') {
			l->odd |= *p == '\0' || *p == '\r';
			continue;
		}
		if (k == cu) {
			l->u = start;
			l->uend = p;
		}
		if (k == cuser)
			l->user = start;
		k++;
		start = p + 1;
	}
	if (k == cu) {
		l->u = start;
		l->uend = p;
	}
	if (k == cuser)
		l->user = start;
	l->nfields = k + 1;
	l->len = (size_t)(p - s);
}

/* One row: every RawUsage with a value is parsed, multiplied by the one
 * factor (a long double times a double, as Slurm does) and written to read
 * back exactly. */
static int
decay_row(const struct stream *st, char *line, const struct line *l,
	  char **f, unsigned long lineno, struct fs_buf *ob, struct fs_err *e)
{
	const struct fs_header *h = st->h;
	size_t len = l->len;
	long double v;
	char save;
	int r;

	if (l->odd && fs_check_line(line, len, lineno, e) < 0)
		return -1;
	if (len == 0)
		return fs_error(e, lineno, "empty line");
	if (l->nfields != h->ncols)
		return fs_split(line, f, h->ncols, lineno, e);	/* its words */
	if (l->u == l->uend) {
		if (*l->user && *l->user != '\t')
			return fs_error(e, lineno, "column 'RawUsage': empty "
					"on a user row");
		fs_buf_add(ob, line, len);
	} else if (l->uend - l->u == 1 && *l->u == '0' && st->zero_stays) {
		fs_buf_add(ob, line, len);	/* 0 decays to 0, written "0" */
	} else {
		save = *l->uend;
		*l->uend = '\0';
		r = fs_parse_usage(l->u, "RawUsage", &v, e, lineno);
		*l->uend = save;
		if (r < 0) {
			if (fs_split(line, f, h->ncols, lineno, e) == 0 &&
			    header_again(h, f))
				fs_error(e, lineno, "repeated header line");
			return -1;
		}
		v *= st->factor;
		fs_buf_add(ob, line, (size_t)(l->u - line));
		fs_buf_ld(ob, v);
		fs_buf_add(ob, l->uend, len - (size_t)(l->uend - line));
	}
	fs_buf_addch(ob, '\n');
	return 0;
}

/* The rows of c (whole lines in c->s..c->end) into b, up to the first bad
 * line. */
static void
decay_lines(struct stream *st, struct chunk *c, struct fs_buf *b)
{
	char **f = fs_xcalloc(st->h->ncols, sizeof(*f)), *s;
	struct ctl_scan cs;
	struct line l;
	size_t len;

	if (c->s < c->end)
		ctl_scan_init(&cs, c->s, c->end);
	for (s = c->s; s < c->end; s += len + 1) {
		scan_line(st, &cs, s, &l);
		len = l.len;
		s[len] = '\0';
		c->lines++;
		if (c->ended) {
			fs_error(&c->err, c->lines - 1, "'" FS_TSV_END "' before "
				 "the last line: lines follow the end of the "
				 "tree (rows an edit adds go before it)");
			break;
		}
		if (len == sizeof(FS_TSV_END) - 1 && !memcmp(s, FS_TSV_END, len)) {
			c->ended = 1;	/* written by stream_rows */
			continue;
		}
		if (decay_row(st, s, &l, f, c->lines, b, &c->err) < 0)
			break;
	}
	free(f);
}

/* Chunk i of a stream, in its turn: the lines that start in the next
 * SPAN bytes or so (after the part of a line the last piece ended in),
 * the last one read to its end, into a buffer of its own. As
 * fs_lines_block does, the first NUL ends the input. */
static void
take_piece(void *arg, size_t i)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[i % CHUNKS];
	struct fs_lines *l = st->lines;
	size_t held = l->len - l->pos, len = 0, want = SPAN, cap, n, r;
	char *buf, *nl = NULL, *nul;
	int eof = st->in_eof;

	memset(c, 0, sizeof(*c));
	cap = st->ncarry + held + SPAN;
	buf = fs_xmalloc(cap + 1);
	if (st->ncarry)
		memcpy(buf, st->carry, st->ncarry);
	len = st->ncarry;
	if (held)
		memcpy(buf + len, l->buf + l->pos, held);
	len += held;
	l->pos = l->len;
	eof |= l->eof;
	if (want < len)
		want = len;
	while (!eof) {
		if (len < want) {
			if (cap < want) {
				cap = want;
				buf = fs_xrealloc(buf, cap + 1);
			}
			n = want - len;
			r = fread(buf + len, 1, n, l->in);
			if ((nul = memchr(buf + len, '\0', r))) {
				len = (size_t)(nul + 1 - buf);
				eof = 1;
				break;
			}
			len += r;
			if (r < n) {
				eof = 1;
				if (ferror(l->in))
					c->rerr = errno ? errno : EIO;
			}
			continue;
		}
		if ((nl = memrchr(buf, '\n', len)))
			break;
		want *= 2;	/* a line longer than a piece */
	}
	st->ncarry = 0;
	if (!eof) {
		n = (size_t)(nl + 1 - buf);
		st->ncarry = len - n;
		if (st->carry_cap < st->ncarry) {
			st->carry_cap = st->ncarry;
			st->carry = fs_xrealloc(st->carry, st->carry_cap);
		}
		memcpy(st->carry, nl + 1, st->ncarry);
		len = n;
	}
	buf[len] = '\0';
	c->buf = c->s = buf;
	c->end = buf + len;
	c->eof = st->in_eof = eof;
}

/* Chunk i of a stream, taken: its rows into b, up to its first bad line. */
static void
decay_piece(void *arg, size_t i, struct fs_buf *b)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[i % CHUNKS];

	decay_lines(st, c, b);
	free(c->buf);
	c->buf = NULL;
}

/* pread all of [at, at + n) into p, short only at the end of the file:
 * the bytes read, or -1 with errno. */
static ssize_t
read_at(int fd, char *p, size_t n, off_t at)
{
	size_t got = 0;
	ssize_t r;

	while (got < n) {
		r = pread(fd, p + got, n - got, at + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

/* Chunk i of a regular file, read by the chunk itself, so that
 * reading is spread over the cores as the decay is: the lines that start
 * in [lo, hi) (a line starts at the rows' start or after a newline), the
 * last one read to its end wherever that is. Every line is read in whole
 * by one chunk; the bytes before the first line start (at most hi - lo)
 * are read twice. As take_piece does, the first NUL ends the input
 * (its line is the last, and the error), so that a file of zeros is not
 * read to its end. */
static void
decay_chunk_read(void *arg, size_t i, struct fs_buf *b)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[i % CHUNKS];
	off_t at;
	size_t cap, len, skip = 0, want = 256;
	char *buf, *nl, *nul;
	ssize_t r;

	memset(c, 0, sizeof(*c));
	c->lo = st->rows + (off_t)(i * SPAN);
	c->hi = c->lo + SPAN;
	at = c->lo > st->rows ? c->lo - 1 : c->lo;
	cap = (size_t)(c->hi - at) + 4096;
	buf = fs_xmalloc(cap + 1);

	/* [at, hi) first: one read, usually all. */
	if ((r = read_at(st->fd, buf, (size_t)(c->hi - at), at)) < 0)
		goto fail;
	len = (size_t)r;
	c->eof = len < (size_t)(c->hi - at);
	if ((nul = memchr(buf, '\0', len))) {
		len = (size_t)(nul + 1 - buf);
		c->eof = 1;
	}
	if (at < c->lo) {
		/* The first line start: after the first newline at or
		 * after lo - 1. None before hi (or the end): no line
		 * starts here. */
		nl = memchr(buf, '\n', len);
		if (!nl || at + (off_t)(nl + 1 - buf) >= c->hi ||
		    (nul && nul < nl))
			goto out;
		skip = (size_t)(nl + 1 - buf);
	}
	/* The last line runs on to its newline past hi - 1 (or the end):
	 * read on in steps that start small (a row is short) and double. */
	while (!c->eof && buf[len - 1] != '\n') {
		if (want < (1 << 20))
			want *= 2;
		if (cap - len < want) {
			cap = 2 * cap + want;
			buf = fs_xrealloc(buf, cap + 1);
		}
		if ((r = read_at(st->fd, buf + len, want, at + (off_t)len)) < 0)
			goto fail;
		nl = memchr(buf + len, '\n', (size_t)r);
		nul = memchr(buf + len, '\0', (size_t)r);
		c->eof = (size_t)r < want && !nl;
		if (nul && (!nl || nul < nl)) {
			len = (size_t)(nul + 1 - buf);
			c->eof = 1;
			break;
		}
		if (nl && nl != buf + len + r - 1) {
			len = (size_t)(nl + 1 - buf);	/* the rest: the next chunk's */
			break;
		}
		len += (size_t)r;
	}
	buf[len] = '\0';
	c->s = buf + skip;
	c->end = buf + len;
	decay_lines(st, c, b);
	goto out;
fail:
	c->rerr = errno ? errno : EIO;
out:
	free(buf);
}

static int
read_error(struct fs_err *e)
{
	return fs_error(e, 0, "read error: %s", strerror(errno));
}

/* Write chunk rows in order; after a bad line, say so and stop. */
static int
decay_emit(void *arg, struct fs_buf *b)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[st->nchunks % CHUNKS];

	st->nchunks++;
	if (st->ended && c->lines && !c->err.line)
		fs_error(&c->err, 1, "'" FS_TSV_END "' before the last line: "
			 "lines follow the end of the tree (rows an edit adds "
			 "go before it)");
	if (fs_write_all(st->out, b->data, b->len) < 0) {
		st->failed = -2;
		return -1;
	}
	if (c->rerr) {
		errno = c->rerr;
		read_error(st->e);
		st->failed = -1;
		return -1;
	}
	if (c->err.line) {
		fs_err_take(st->e, &c->err, st->lineno);
		/* The rows before the bad line are out before its message. */
		fflush(st->out);
		st->failed = -1;
		return -1;
	}
	st->lineno += c->lines;
	st->ended |= c->ended;
	if (c->eof) {
		st->done = 1;
		return 1;	/* the last: the team stops */
	}
	return 0;
}

/* Where the rows start in a regular file that l has not read to its end
 * (the file's offset less what l holds unread), or -1: read through l. */
static off_t
rows_offset(struct fs_lines *l)
{
	struct stat sb;
	off_t at;

	if (l->eof || fstat(fileno(l->in), &sb) < 0 || !S_ISREG(sb.st_mode) ||
	    (at = ftello(l->in)) < 0 || (size_t)at < l->len - l->pos)
		return -1;
	return at - (off_t)(l->len - l->pos);
}

/* The rows after the prologue, in chunks until one ends the input, then
 * the last line. */
static int
stream_rows(struct stream *st, struct fs_lines *l)
{
	int r;

	st->lines = l;
	if (st->fd >= 0)
		r = fs_par_ordered(SIZE_MAX, decay_chunk_read, decay_emit, st);
	else
		r = fs_par_ordered_take(SIZE_MAX, take_piece, decay_piece,
					decay_emit, st);
	free(st->carry);
	if (r < 0 && !st->done)
		return st->failed;
	if (fflush(st->out) != 0)
		return -2;
	if (!st->ended && fs_header_meta(st->h, FS_TSV_TRAILER))
		return fs_error(st->e, st->lineno, "the input ends without "
				"the tree's last line '" FS_TSV_END "': it was "
				"cut short (did the program writing it fail?)");
	if (fs_write_all(st->out, FS_TSV_END "\n", sizeof(FS_TSV_END)) < 0 ||
	    fflush(st->out) != 0)
		return -2;
	return 0;
}

int
fs_decay_stream(const struct fs_decay_opts *o, FILE *in, FILE *out,
		struct fs_err *e)
{
	struct fs_header h;
	struct fs_lines lines;
	struct fs_decay_plan p;
	struct stream st;
	int ret = -1;

	fs_header_init(&h);
	fs_lines_init(&lines, in);
	memset(&st, 0, sizeof(st));
	st.h = &h;
	st.out = out;
	st.e = e;
	if (fs_read_prologue(&lines, &h, &st.lineno, e) < 0)
		goto out;
	st.cu = fs_header_col(&h, FS_COL_RAW_USAGE);
	st.cuser = fs_header_col(&h, FS_COL_USER);
	if (st.cu < 0 || st.cuser < 0) {
		fs_error(e, st.lineno, "header: no column '%s' (a TSV tree "
			 "from fs-tree has it)",
			 st.cu < 0 ? FS_COL_RAW_USAGE : FS_COL_USER);
		goto out;
	}
	if (fs_decay_plan_make(o, &h, &p, e) < 0)
		goto out;
	st.factor = p.reset ? 0 : fs_decay_factor(&p.law, p.to - p.from);
	st.zero_stays = isfinite(st.factor);
	plan_meta(&p, &h, p.reset ? 1 : st.factor, NULL);
	ret = -2;
	if (fs_header_write(&h, out) < 0 || fflush(out) != 0)
		goto out;
	st.fd = -1;
	if ((st.rows = rows_offset(&lines)) >= 0)
		st.fd = fileno(in);
	ret = stream_rows(&st, &lines);
out:
	fs_lines_release(&lines);
	fs_header_release(&h);
	return ret;
}

/* The tree back as TSV: input order, RawUsage from the replayed tree. */
static void
write_tree(const struct fs_table *t, const struct fs_tree *tr, int cu,
	   struct fs_buf *b)
{
	const char **f = fs_xcalloc(t->h.ncols, sizeof(*f));
	size_t r, c;

	for (r = 0; r < t->nrows; r++) {
		fs_table_fields(t, r, f);
		for (c = 0; c < t->h.ncols; c++) {
			if (c)
				fs_buf_addch(b, '\t');
			if ((int)c == cu && tr->node[r].usage_given)
				fs_buf_ld(b, tr->node[r].usage_raw);
			else
				fs_buf_addstr(b, f[c]);
		}
		fs_buf_addch(b, '\n');
	}
	free(f);
}

int
fs_decay_replay(const struct fs_decay_plan *p, struct fs_table *t,
		struct fs_tree *tr, const struct fs_jobs *j, FILE *out)
{
	struct fs_replay rp;
	struct fs_buf ob;
	uint32_t i;
	int r;

	if (p->reset)
		for (i = 0; i < tr->n; i++)
			tr->node[i].usage_raw = 0;
	rp.from = p->from;
	rp.to = p->to;
	rp.period = p->period;
	rp.law = p->law;
	fs_replay_run(tr, j, &rp);
	plan_meta(p, &t->h, rp.factor, &rp);
	if (j->unknown) {
		/* What was left out is said in the tree, for whoever reads
		 * it later: fs-report, a cron job's log. */
		char n[32];

		snprintf(n, sizeof(n), "%zu", j->unknown);
		fs_header_set_meta(&t->h, "decay_jobs_skipped", n);
	}
	if (fs_header_write(&t->h, out) < 0)
		return -1;
	fs_buf_init(&ob);
	write_tree(t, tr, fs_header_col(&t->h, FS_COL_RAW_USAGE), &ob);
	fs_buf_addstr(&ob, FS_TSV_END "\n");
	r = fs_write_all(out, ob.data, ob.len);
	fs_buf_release(&ob);
	return r;
}
