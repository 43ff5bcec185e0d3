/*
 * fs-decay: move a TSV tree's usage forward in time the way Slurm does.
 *
 * Reads one TSV tree (fs-tsv(5)) from FILE or standard input and writes it
 * back with every RawUsage that has a value multiplied by Slurm's decay over
 * the time travelled (--elapsed, --to), zeroed (--reset), or advanced by a
 * replay of the jobs of a `sacct -a -X -P` listing (--jobs). It owns the
 * RawUsage column and the metadata `taken`, `usage_reset` and `decay_*`;
 * every other column and metadata entry passes through untouched, in order.
 *
 * Without --jobs it streams: rows are read and written block by block (each
 * block decayed on every core), in constant memory, and on bad input the
 * rows before the bad line have been written (fs-decay(1)). With --jobs it reads and checks the tree and the
 * jobs completely before writing its first byte.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "fs.h"


struct opts {
	int elapsed_set, to_set, from_set, half_life_set, period_set;
	long long elapsed, to, from, half_life, period;
	int exact, reset;
	const char *jobs;
};

/* What one run does, once the tree's metadata is known. */
struct plan {
	long long taken, from, to, period;
	struct fs_decay law;
};

static void
usage(FILE *f)
{
	fprintf(f,
		"usage: fs-decay (--elapsed TIME | --to DATE) [--from DATE] "
		"[--half-life TIME]\n"
		"                [--exact] [--reset] [FILE]\n"
		"       fs-decay --jobs JOBS (--elapsed TIME | --to DATE | "
		"--from DATE)\n"
		"                [--calc-period TIME] [--half-life TIME] "
		"[--exact] [--reset]\n"
		"                [FILE]\n"
		"       fs-decay --reset [FILE]\n"
		"\n"
		"Decay a TSV tree's RawUsage the way Slurm does, or replay "
		"jobs into it.\n"
		"\n"
		"  -e, --elapsed TIME      decay over TIME: 7d, 36h, 15m, 90s, "
		"2w, or\n"
		"                          slurm.conf's M, M:S, H:M:S, D-H, "
		"D-H:M, D-H:M:S\n"
		"  -t, --to DATE           travel to DATE (ISO 8601, such as "
		"2026-11-25T08:00:00Z)\n"
		"      --from DATE         the usage is as of DATE (default: "
		"the tree's taken)\n"
		"      --half-life TIME    PriorityDecayHalfLife (default: the "
		"tree's half_life,\n"
		"                          else 7-0)\n"
		"      --exact             decay by 2^(-t/half-life), not "
		"Slurm's approximation\n"
		"      --reset             zero all usage first, as "
		"PriorityUsageResetPeriod does\n"
		"  -j, --jobs JOBS         replay the jobs of 'sacct -a -X -P' "
		"output\n"
		"      --calc-period TIME  PriorityCalcPeriod for --jobs "
		"(default: the tree's\n"
		"                          calc_period, else 5 minutes)\n"
		"  -h, --help              this help\n"
		"  -V, --version           the version\n"
		"\n"
		"With no FILE, or when FILE is -, read standard input. See "
		"fs-decay(1).\n");
}

/* --elapsed and friends: a usage error names the option. */
static int
opt_duration(const char *opt, const char *arg, long long *v, int *slurm)
{
	struct fs_err e = {NULL, 0, ""};

	if (fs_parse_duration(arg, v, slurm, &e) < 0) {
		fs_warn("%s: %s", opt, e.msg);
		return -1;
	}
	return 0;
}

static int
opt_date(const char *opt, const char *arg, long long *v)
{
	struct fs_err e = {NULL, 0, ""};

	if (fs_parse_date(arg, v, &e) < 0) {
		fs_warn("%s: %s", opt, e.msg);
		return -1;
	}
	return 0;
}

/* A metadata entry of seconds (fs_meta_seconds), and the option that
 * overrides it in the message. */
static int
meta_seconds(const struct fs_header *h, const char *key, long long min,
	     const char *opt, long long *v, struct fs_err *e)
{
	int r = fs_meta_seconds(h, key, min, v, e);

	if (r < 0) {
		size_t l = strlen(e->msg);

		snprintf(e->msg + l, sizeof(e->msg) - l, " (override it with "
			 "%s)", opt);
	}
	return r;
}

static int
make_plan(const struct opts *o, const struct fs_header *h, struct plan *p,
	  struct fs_err *e)
{
	char a[32], b[32];
	int r;

	if ((r = fs_meta_date(h, "taken", &p->taken, e)) < 0)
		return -1;
	if (!r)
		return fs_error(e, 0, "metadata 'taken' is missing: fs-decay "
				"needs the time the usage was taken (add a "
				"line '#taken=2026-11-20T08:00:00Z')");
	p->from = o->from_set ? o->from : p->taken;
	p->to = o->to_set ? o->to
	      : o->elapsed_set ? p->from + o->elapsed : p->taken;
	/* A tree's dates are YYYY-...: what fs-decay writes, it reads. */
	if (p->to > FS_DATE_MAX || p->from > FS_DATE_MAX ||
	    p->to < FS_DATE_MIN || p->from < FS_DATE_MIN)
		return fs_error(e, 0, "the target date lies beyond "
				"9999-12-31T23:59:59Z, the last date a tree "
				"can hold");
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
	else if ((r = meta_seconds(h, "half_life", 0, "--half-life",
				   &p->law.half_life, e)) < 0)
		return -1;
	p->period = FS_SLURM_CALC_PERIOD;
	if (o->period_set)
		p->period = o->period;
	else if (o->jobs && meta_seconds(h, "calc_period", 1,
					 "--calc-period", &p->period, e) < 0)
		return -1;
	return 0;
}

/* Record what was done in the metadata; factor < 0: none applied. */
static void
set_meta(const struct opts *o, const struct plan *p, struct fs_header *h,
	 long double factor, const struct fs_replay *r)
{
	struct fs_buf b;
	char t[32];

	fs_buf_init(&b);
	if (o->reset) {
		fs_iso_time(p->from, t);
		fs_header_set_meta(h, "usage_reset", t);
	}
	if (o->elapsed_set || o->to_set || o->from_set || o->jobs) {
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

/* The rows after the header, decayed by one factor. */
struct stream {
	const struct fs_header *h;
	int cu, cuser;
	long double factor;
	FILE *out;
	/* the block being decayed, in chunks */
	char *block;
	size_t len, nchunks;
	struct chunk *chunk;
	unsigned long lineno;	/* lines before the block's chunk being written */
	const char *name;
	int failed;
	int ended;		/* FS_TSV_END was read */
};

struct chunk {
	char *s, *end;		/* whole lines */
	unsigned long lines;	/* lines done */
	struct fs_err err;	/* line counted from the chunk's start; 0: none */
	int ended;		/* its last line is the tree's FS_TSV_END */
};

/* One row: every RawUsage with a value is parsed, multiplied by the one
 * factor (a long double times a double, as Slurm does) and written to read
 * back exactly. */
static int
decay_row(const struct stream *st, char *line, size_t len, char **f,
	  unsigned long lineno, struct fs_buf *ob, struct fs_err *e)
{
	const struct fs_header *h = st->h;
	long double v;
	char *end;
	size_t i;

	if (fs_check_line(line, len, lineno, e) < 0)
		return -1;
	if (len == 0)
		return fs_error(e, lineno, "empty line");
	if (fs_split(line, f, h->ncols, lineno, e) < 0)
		return -1;
	if (!*f[st->cu]) {
		if (*f[st->cuser])
			return fs_error(e, lineno, "column 'RawUsage': empty "
					"on a user row");
		for (i = 1; i < h->ncols; i++)
			f[i][-1] = '\t';
		fs_buf_add(ob, line, len);
	} else {
		if (fs_parse_usage(f[st->cu], "RawUsage", &v, e, lineno) < 0) {
			if (header_again(h, f))
				fs_error(e, lineno, "repeated header line");
			return -1;
		}
		v *= st->factor;
		end = f[st->cu] + strlen(f[st->cu]);
		for (i = 1; i < h->ncols; i++)
			f[i][-1] = '\t';
		fs_buf_add(ob, line, (size_t)(f[st->cu] - line));
		fs_buf_ld(ob, v);
		fs_buf_add(ob, end, len - (size_t)(end - line));
	}
	fs_buf_addch(ob, '\n');
	return 0;
}

/* Chunk i of the block: its rows into b, up to its first bad line. */
static void
decay_chunk(void *arg, size_t i, struct fs_buf *b)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[i];
	char **f = fs_xcalloc(st->h->ncols, sizeof(*f)), *s, *nl;
	size_t len;

	for (s = c->s; s < c->end; s += len + 1) {
		nl = memchr(s, '\n', (size_t)(c->end - s));
		len = nl ? (size_t)(nl - s) : (size_t)(c->end - s);
		s[len] = '\0';
		c->lines++;
		if (c->ended) {
			fs_error(&c->err, c->lines - 1, "'" FS_TSV_END "' before "
				 "the last line: lines follow the end of the "
				 "tree (rows an edit adds go before it)");
			break;
		}
		if (!strcmp(s, FS_TSV_END)) {
			c->ended = 1;	/* written by run_stream */
			continue;
		}
		if (decay_row(st, s, len, f, c->lines, b, &c->err) < 0)
			break;
	}
	free(f);
}

/* Write chunk rows in order; after a bad line, say so and stop. */
static int
decay_emit(void *arg, struct fs_buf *b)
{
	struct stream *st = arg;
	struct chunk *c = &st->chunk[st->nchunks];

	st->nchunks++;
	if (st->ended && c->lines && !c->err.line)
		fs_error(&c->err, 1, "'" FS_TSV_END "' before the last line: "
			 "lines follow the end of the tree (rows an edit adds "
			 "go before it)");
	if (fs_write_all(st->out, b->data, b->len) < 0) {
		st->failed = 1;
		return -1;
	}
	if (c->err.line) {
		struct fs_err e = {st->name, 0, ""};

		fs_err_take(&e, &c->err, st->lineno);
		fflush(st->out);
		fs_err_print(&e);
		st->failed = 2;
		return -1;
	}
	st->lineno += c->lines;
	st->ended |= c->ended;
	return 0;
}

/* Bytes of rows read and decayed at once, cut into chunks for the cores. */
#define BLOCK (4 << 20)
#define CHUNKS 16

/*
 * The streaming decay: the prologue line by line, then the rows in blocks
 * of whole lines, each decayed on every core in chunks and written in
 * order before the next block is read. Memory stays constant; on a bad
 * line the rows before it have been written (fs-decay(1)).
 */
static int
run_stream(const struct opts *o, FILE *in, const char *name, FILE *out)
{
	struct fs_header h;
	struct fs_err e = {name, 0, ""};
	struct stream st;
	struct chunk chunk[CHUNKS];
	struct plan p;
	char *line;
	size_t len, k;
	struct fs_lines lines;
	unsigned long lineno = 0;
	int r = 1, ret = FS_EXIT_DATA;

	fs_header_init(&h);
	fs_lines_init(&lines, in);
	memset(&st, 0, sizeof(st));
	while (r && (line = fs_lines_next(&lines, &len))) {
		lineno++;
		if (fs_check_line(line, len, lineno, &e) < 0)
			goto bad;
		r = fs_header_feed(&h, line, len, lineno, &e);
		if (r < 0)
			goto bad;
	}
	if (ferror(in))
		goto read_error;
	if (r) {
		fs_error(&e, lineno ? lineno : 1, lineno ? "no header line "
			 "after the metadata" : "empty input: expected a TSV "
			 "tree starting with '" FS_TSV_MAGIC "'");
		goto bad;
	}
	st.cu = fs_header_col(&h, "RawUsage");
	st.cuser = fs_header_col(&h, "User");
	if (st.cu < 0 || st.cuser < 0) {
		fs_error(&e, lineno, "header: no column '%s' (a TSV tree from "
			 "fs-tree has it)", st.cu < 0 ? "RawUsage" : "User");
		goto bad;
	}
	if (make_plan(o, &h, &p, &e) < 0) {
		e.line = 0;
		goto bad;
	}
	st.factor = o->reset ? 0 : fs_decay_factor(&p.law, p.to - p.from);
	set_meta(o, &p, &h, o->reset ? 1 : st.factor, NULL);
	if (fs_header_write(&h, out) < 0 || fflush(out) != 0)
		goto out;
	st.h = &h;
	st.out = out;
	st.name = name;
	st.lineno = lineno;
	st.chunk = chunk;
	while ((st.block = fs_lines_block(&lines, BLOCK, &st.len))) {
		char *s = st.block, *end = st.block + st.len, *cut;

		memset(chunk, 0, sizeof(chunk));
		for (k = 0; k < CHUNKS; k++) {
			chunk[k].s = s;
			cut = s + (size_t)(end - s) / (CHUNKS - k);
			if (k + 1 < CHUNKS && cut < end &&
			    (cut = memchr(cut, '\n', (size_t)(end - cut))))
				cut++;
			else
				cut = end;
			chunk[k].end = s = cut;
		}
		st.nchunks = 0;
		if (fs_par_ordered(CHUNKS, decay_chunk, decay_emit, &st) < 0) {
			if (st.failed == 2)
				ret = FS_EXIT_DATA;
			goto out;
		}
		if (fflush(out) != 0)
			goto out;
	}
	if (ferror(in))
		goto read_error;
	if (!st.ended && fs_header_meta(&h, FS_TSV_TRAILER)) {
		fs_error(&e, st.lineno, "the input ends without the tree's "
			 "last line '" FS_TSV_END "': it was cut short (did the "
			 "program writing it fail?)");
		goto bad;
	}
	if (fs_write_all(out, FS_TSV_END "\n", sizeof(FS_TSV_END)) < 0 ||
	    fflush(out) != 0)
		goto out;
	ret = FS_EXIT_OK;
	goto out;
read_error:
	fs_error(&e, 0, "read error: %s", strerror(errno));
bad:
	fs_err_print(&e);
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

static int
run_replay(const struct opts *o, FILE *in, const char *name, FILE *out)
{
	struct fs_table t;
	struct fs_tree tr;
	struct fs_jobs jobs;
	struct fs_replay rp;
	struct fs_err e = {name, 0, ""};
	struct fs_buf text, ob;
	struct plan p;
	FILE *jf;
	uint32_t i;
	int ret = FS_EXIT_DATA, built = 0;

	memset(&jobs, 0, sizeof(jobs));
	fs_buf_init(&text);
	fs_buf_init(&ob);
	if (fs_table_read(&t, in, &e) < 0)
		goto bad;
	if (fs_tree_build(&tr, &t, &e) < 0)
		goto bad;
	built = 1;
	if (make_plan(o, &t.h, &p, &e) < 0) {
		e.line = 0;
		goto bad;
	}
	e.file = o->jobs;
	e.line = 0;
	jf = strcmp(o->jobs, "-") ? fopen(o->jobs, "r") : stdin;
	if (!jf) {
		fs_error(&e, 0, "%s", strerror(errno));
		goto bad;
	}
	if (jf == stdin)
		e.file = "<stdin>";
	if (fs_slurp(jf, &text, &e) < 0) {
		if (jf != stdin)
			fclose(jf);
		goto bad;
	}
	if (jf != stdin)
		fclose(jf);
	if (fs_jobs_parse(&jobs, text.data, text.len, &tr, &e) < 0)
		goto bad;

	if (o->reset)
		for (i = 0; i < tr.n; i++)
			tr.node[i].usage_raw = 0;
	rp.from = p.from;
	rp.to = p.to;
	rp.period = p.period;
	rp.law = p.law;
	fs_replay_run(&tr, &jobs, &rp);
	set_meta(o, &p, &t.h, rp.factor, &rp);

	if (fs_header_write(&t.h, out) < 0)
		goto out;
	write_tree(&t, &tr, fs_header_col(&t.h, "RawUsage"), &ob);
	fs_buf_addstr(&ob, FS_TSV_END "\n");
	if (fs_write_all(out, ob.data, ob.len) == 0)
		ret = FS_EXIT_OK;
	goto out;
bad:
	fs_err_print(&e);
out:
	fs_jobs_release(&jobs);
	if (built)
		fs_tree_release(&tr);
	fs_table_release(&t);
	fs_buf_release(&text);
	fs_buf_release(&ob);
	return ret;
}

int
main(int argc, char **argv)
{
	enum { O_FROM = 256, O_HL, O_EXACT, O_RESET, O_PERIOD };
	static const struct option lo[] = {
		{"elapsed", required_argument, NULL, 'e'},
		{"to", required_argument, NULL, 't'},
		{"from", required_argument, NULL, O_FROM},
		{"half-life", required_argument, NULL, O_HL},
		{"exact", no_argument, NULL, O_EXACT},
		{"reset", no_argument, NULL, O_RESET},
		{"jobs", required_argument, NULL, 'j'},
		{"calc-period", required_argument, NULL, O_PERIOD},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	struct opts o;
	const char *name = "<stdin>";
	FILE *in = stdin;
	int c, ret, slurm;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	while ((c = getopt_long(argc, argv, "e:t:j:hV", lo, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (opt_duration("--elapsed", optarg, &o.elapsed,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			o.elapsed_set = 1;
			break;
		case 't':
			if (opt_date("--to", optarg, &o.to) < 0)
				return FS_EXIT_USAGE;
			o.to_set = 1;
			break;
		case O_FROM:
			if (opt_date("--from", optarg, &o.from) < 0)
				return FS_EXIT_USAGE;
			o.from_set = 1;
			break;
		case O_HL:
			if (opt_duration("--half-life", optarg, &o.half_life,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			/* slurm.conf's forms are minutes, rounded up
			 * (time_str2mins), then stored as seconds. */
			if (slurm)
				o.half_life = (o.half_life + 59) / 60 * 60;
			o.half_life_set = 1;
			break;
		case O_EXACT:
			o.exact = 1;
			break;
		case O_RESET:
			o.reset = 1;
			break;
		case 'j':
			o.jobs = optarg;
			break;
		case O_PERIOD:
			if (opt_duration("--calc-period", optarg, &o.period,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			if (o.period < 1) {
				fs_warn("--calc-period: must be at least one "
					"second, not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			o.period_set = 1;
			break;
		case 'V':
			fs_print_version();
			return fs_stdout_close();
		case 'h':
			usage(stdout);
			return fs_stdout_close();
		default:
			usage(stderr);
			return FS_EXIT_USAGE;
		}
	}
	if (o.elapsed_set && o.to_set) {
		fs_warn("choose one of --elapsed and --to");
		return FS_EXIT_USAGE;
	}
	if (o.jobs && !o.elapsed_set && !o.to_set && !o.from_set) {
		fs_warn("--jobs needs a time span: give --elapsed TIME, --to "
			"DATE or --from DATE");
		return FS_EXIT_USAGE;
	}
	if (o.period_set && !o.jobs) {
		fs_warn("--calc-period only applies to --jobs");
		return FS_EXIT_USAGE;
	}
	if (!o.jobs && !o.elapsed_set && !o.to_set && !o.from_set &&
	    !o.reset) {
		fs_warn("nothing to do: give --elapsed TIME, --to DATE, "
			"--reset or --jobs JOBS");
		usage(stderr);
		return FS_EXIT_USAGE;
	}
	if (argc - optind > 1) {
		fs_warn("too many arguments: one FILE at most");
		usage(stderr);
		return FS_EXIT_USAGE;
	}
	if (!(in = fs_open_input(argv[optind], &name)))
		return FS_EXIT_DATA;
	if (o.jobs && !strcmp(o.jobs, "-") && in == stdin) {
		fs_warn("--jobs -: standard input already holds the tree; "
			"give the tree as FILE");
		return FS_EXIT_USAGE;
	}
	ret = o.jobs ? run_replay(&o, in, name, stdout)
		     : run_stream(&o, in, name, stdout);
	fs_close_input(in);
	c = fs_stdout_close();
	return ret ? ret : c;
}
