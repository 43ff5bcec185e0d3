/*
 * fs-report: a fairshare report for people, for mail, for the web and for
 * Prometheus.
 *
 * Reads one ranked TSV tree (fs-rank's output; fs-tsv(5)) from FILE or
 * standard input, ranking it with the library when the ranking columns are
 * missing, and with --since an earlier snapshot to compare with. Writes a
 * report as plain text (default), Markdown, one self-contained HTML page
 * with an SVG picture of the tree, or the Prometheus text format, on
 * standard output or, with --out, into a file replaced atomically (a
 * temporary file in the same directory renamed into place). Owns no
 * columns: it writes no TSV.
 *
 * Both inputs are read and validated before the first byte is written, so
 * a failed run writes nothing and leaves a previous --out file untouched;
 * the report is then written as it is made (the HTML page of a million
 * associations is bigger than the tree), into a temporary file with --out.
 */
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fs.h"

struct opts {
	struct fs_report_opts ro;
	const char *since;	/* earlier snapshot, or NULL */
	const char *history;	/* directory of snapshots, or NULL */
	const char *out;	/* file to replace, or NULL for stdout */
	int top, depth, scope, metrics, width;	/* given on the command line */
};

static const char synopsis[] =
	"usage: fs-report [--text | --markdown | --html | --prometheus]\n"
	"                 [--top N] [--since OLD] [--out FILE]\n"
	"                 [--depth N] [--scope top | all] [--metrics LIST]\n"
	"                 [--width shares | usage] [FILE]\n"
	"       fs-report --history DIR [--text | --markdown | --html] "
	"[--top N]\n"
	"                 [--out FILE]\n";

static void
usage(FILE *f)
{
	fputs(synopsis, f);
	fprintf(f,
		"\n"
		"Summarise a ranked TSV tree (from fs-rank): the accounts "
		"furthest below and\n"
		"above their share of the cluster, the users served last and "
		"the heaviest,\n"
		"idle shares, usage without shares and, with --since, what "
		"moved.\n"
		"\n"
		"      --text            plain text for mail (default)\n"
		"      --markdown        Markdown\n"
		"      --html            one self-contained HTML page with a "
		"picture of the tree\n"
		"      --prometheus      Prometheus text format, one gauge "
		"per value\n"
		"      --top N           rows in each list (default 10); "
		"Prometheus: the N\n"
		"                        heaviest users and the N of lowest "
		"FairShare\n"
		"  -s, --since OLD       compare with an earlier ranked tree\n"
		"      --out FILE        replace FILE atomically instead of "
		"writing to stdout\n"
		"      --depth N         Prometheus: accounts down to depth N "
		"(default 1)\n"
		"      --scope all       Prometheus: every association, not "
		"--top and --depth\n"
		"      --metrics LIST    Prometheus: these families only, "
		"comma-separated\n"
		"      --width usage     HTML: boxes as wide as usage "
		"(default: shares)\n"
		"      --history DIR     the snapshots DIR/*.tsv over time: "
		"the N accounts and\n"
		"                        users that moved most (HTML: a "
		"chart each)\n"
		"  -h, --help            this help\n"
		"  -V, --version         the version\n"
		"\n"
		"With no FILE, or when FILE is -, read standard input. See "
		"fs-report(1).\n");
}

/* Read, build and rank one snapshot; prints the error itself. lazy: for
 * a report (1) or gauges (2, LevelFS too), which show NormShares, NormUsage
 * and EffectvUsage of a few associations only (fs_tree_read_back_lazy).
 * A snapshot of --history must be a regular file (snapshot non-zero): a
 * FIFO named *.tsv would hang the run, waiting for a writer, and each
 * snapshot is read twice. */
static int
load(struct fs_load *s, const char *name, int lazy, int snapshot)
{
	struct fs_err e = {name, 0, ""};
	FILE *in;
	int ret;

	memset(s, 0, sizeof(*s));
	in = snapshot ? fs_open_regular(name, "every *.tsv in --history's "
					"DIR is read as a snapshot")
		      : fs_open_input(name, &e.file);
	if (!in)
		return -1;
	ret = fs_load(s, in, &(struct fs_load_opts){.ranked = lazy + 1}, &e);
	if (ret < 0) {
		fs_err_print(&e);
		fs_load_release(s);
	}
	fs_close_input(in);
	return ret;
}

/* What a run writes: the report on cur (compared with old), or the
 * history h. */
struct job {
	const struct opts *o;
	const struct fs_load *cur, *old;
	const struct fs_history *h;
};

static int
write_report(FILE *f, const void *arg)
{
	const struct job *j = arg;

	if (j->h)
		return fs_history_write(f, j->h);
	return fs_report_write(f, &j->cur->tr, &j->cur->ro,
			       j->old ? &j->old->tr : NULL,
			       j->old ? &j->old->ro : NULL, &j->o->ro);
}

/* The report to --out or standard output. */
static int
output(const struct job *j)
{
	if (j->o->out)
		return fs_replace(j->o->out, write_report, j);
	return write_report(stdout, j) < 0 ? FS_EXIT_DATA : FS_EXIT_OK;
}

static int
run(const struct opts *o, const char *name)
{
	struct fs_load cur, old;
	int ret, lazy = o->ro.format != FS_REPORT_PROMETHEUS ? 1
			: !o->ro.all				    ? 2
								    : 0;

	if (load(&cur, name, lazy, 0) < 0)
		return FS_EXIT_DATA;
	if (o->since && load(&old, o->since, lazy, 0) < 0) {
		fs_load_release(&cur);
		return FS_EXIT_DATA;
	}
	if (o->since) {
		struct fs_err e = {o->since, 0, ""};

		if (!strcmp(o->since, "-"))
			e.file = "<stdin>";
		if (fs_report_pair(&old.t.h, &cur.t.h, &e) < 0) {
			fs_err_print(&e);
			fs_load_release(&old);
			fs_load_release(&cur);
			return FS_EXIT_DATA;
		}
	}
	ret = output(&(struct job){o, &cur, o->since ? &old : NULL, NULL});
	if (o->since)
		fs_load_release(&old);
	fs_load_release(&cur);
	return ret;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A snapshot smaller than this is read and ranked in this thread: a team
 * of threads for each (eight threads started and joined for the few
 * associations of a small cluster) cost ten times the work over 10,000
 * snapshots of 16 associations. Bigger ones get every core. */
#define HISTORY_SMALL (1 << 20)

/* --history DIR: DIR/ *.tsv in the order of their names (cron names them
 * by date), each read twice, one at a time: see report_history.c. */
static int
run_history(const struct opts *o)
{
	struct fs_history *h = fs_history_new(&o->ro);
	struct fs_buf pat;
	struct fs_load s;
	glob_t g;
	size_t k;
	int pass, ret = FS_EXIT_DATA, gr;

	fs_buf_init(&pat);
	fs_buf_glob_quote(&pat, o->history);
	fs_buf_addstr(&pat, "/*.tsv");
	gr = glob(pat.data, 0, NULL, &g);
	fs_buf_release(&pat);
	if (gr != 0) {
		struct stat st;

		if (stat(o->history, &st) < 0)
			fs_warn("%s: %s", o->history, strerror(errno));
		else if (!S_ISDIR(st.st_mode))
			fs_warn("%s: not a directory", o->history);
		else
			fs_warn("%s: no snapshots (*.tsv) in it: cron keeps "
				"them with fs-tree > %s/$(date +%%F-%%H%%M).tsv",
				o->history, o->history);
		fs_history_free(h);
		return FS_EXIT_DATA;
	}
	qsort(g.gl_pathv, g.gl_pathc, sizeof(*g.gl_pathv), cmp_str);
	for (pass = 1; pass <= 2; pass++) {
		for (k = 0; k < g.gl_pathc; k++) {
			struct fs_err e = {NULL, 0, ""};
			struct stat st;
			int small = stat(g.gl_pathv[k], &st) == 0 &&
				    st.st_size < HISTORY_SMALL;

			fs_par_cap(small ? 1 : 0);
			if (load(&s, g.gl_pathv[k], 0, 1) < 0)
				goto out;
			if (fs_history_add(h, &s.tr, &s.ro, g.gl_pathv[k],
					   &e) < 0) {
				fs_err_print(&e);
				fs_load_release(&s);
				goto out;
			}
			fs_load_release(&s);
		}
		if (pass == 1)
			fs_history_choose(h);
	}
	fs_par_cap(0);	/* the report itself on every core */
	ret = output(&(struct job){o, NULL, NULL, h});
out:
	fs_par_cap(0);
	globfree(&g);
	fs_history_free(h);
	return ret;
}

/* A whole number from min to 1000000 for option opt. */
static int
parse_count(const char *opt, const char *arg, long min, unsigned *v)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 10);
	if (!*arg || *end || errno || n < min || n > 1000000) {
		fs_warn("--%s: expected a whole number from %ld to 1000000, "
			"not '%s'", opt, min, arg);
		return -1;
	}
	*v = (unsigned)n;
	return 0;
}

/* 0 for arg a, 1 for b, else -1 with a message for option opt. */
static int
choice(const char *opt, const char *arg, const char *a, const char *b)
{
	if (!strcmp(arg, a) || !strcmp(arg, b))
		return !strcmp(arg, b);
	fs_warn("--%s: expected %s or %s, not '%s'", opt, a, b, arg);
	return -1;
}

/* --metrics factor,usage_raw: the bits of the families. */
static int
parse_metrics(const char *arg, unsigned *bits)
{
	char *s = fs_xstrdup(arg), *p, *comma;
	int v;

	*bits = 0;
	for (p = s; p; p = comma) {
		if ((comma = strchr(p, ',')))
			*comma++ = '\0';
		if ((v = fs_report_prom_metric(p)) < 0) {
			fs_warn("--metrics: no metric '%s'; the metrics are %s",
				p, fs_report_prom_metric_names());
			free(s);
			return -1;
		}
		*bits |= 1u << v;
	}
	free(s);
	return 0;
}

/* Options that would be ignored are refused instead. */
static int
check_opts(const struct opts *o)
{
	if (o->history && (o->since || o->width)) {
		fs_warn("--history reads its snapshots from DIR: --since and "
			"--width do not apply");
		return -1;
	}
	if (o->width && o->ro.format != FS_REPORT_HTML) {
		fs_warn("--width applies to --html only");
		return -1;
	}
	if (o->ro.format != FS_REPORT_PROMETHEUS) {
		if (o->depth || o->scope || o->metrics) {
			fs_warn("--depth, --scope and --metrics apply to "
				"--prometheus only");
			return -1;
		}
		return 0;
	}
	if (o->since) {
		fs_warn("--since compares two snapshots in tables; "
			"--prometheus writes the gauges of one");
		return -1;
	}
	if (o->history) {
		fs_warn("--history draws many snapshots in a page; "
			"--prometheus writes the gauges of one");
		return -1;
	}
	if (o->ro.all && (o->top || o->depth)) {
		fs_warn("--scope all writes every association: --top and "
			"--depth do not apply");
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	enum {
		O_TEXT = 256, O_MD, O_HTML, O_PROM, O_DEPTH, O_SCOPE,
		O_METRICS, O_WIDTH, O_HISTORY
	};
	static const struct option lo[] = {
		{"text", no_argument, NULL, O_TEXT},
		{"markdown", no_argument, NULL, O_MD},
		{"html", no_argument, NULL, O_HTML},
		{"prometheus", no_argument, NULL, O_PROM},
		{"top", required_argument, NULL, 'n'},
		{"depth", required_argument, NULL, O_DEPTH},
		{"scope", required_argument, NULL, O_SCOPE},
		{"metrics", required_argument, NULL, O_METRICS},
		{"width", required_argument, NULL, O_WIDTH},
		{"history", required_argument, NULL, O_HISTORY},
		{"since", required_argument, NULL, 's'},
		{"out", required_argument, NULL, 'o'},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	struct opts o;
	const char *name = "-";
	int c, ret, formats = 0;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	o.ro.format = FS_REPORT_TEXT;
	o.ro.top = 10;
	o.ro.depth = 1;
	while ((c = getopt_long(argc, argv, "s:hV", lo, NULL)) != -1) {
		switch (c) {
		case O_TEXT:
		case O_MD:
		case O_HTML:
		case O_PROM:
			o.ro.format = c == O_TEXT ? FS_REPORT_TEXT
				      : c == O_MD ? FS_REPORT_MARKDOWN
				      : c == O_HTML ? FS_REPORT_HTML
						    : FS_REPORT_PROMETHEUS;
			formats++;
			break;
		case 'n':
			if (parse_count("top", optarg, 1, &o.ro.top) < 0)
				return FS_EXIT_USAGE;
			o.top = 1;
			break;
		case O_DEPTH:
			if (parse_count("depth", optarg, 0, &o.ro.depth) < 0)
				return FS_EXIT_USAGE;
			o.depth = 1;
			break;
		case O_SCOPE:
			if ((o.ro.all = choice("scope", optarg, "top",
					       "all")) < 0)
				return FS_EXIT_USAGE;
			o.scope = 1;
			break;
		case O_METRICS:
			if (parse_metrics(optarg, &o.ro.metrics) < 0)
				return FS_EXIT_USAGE;
			o.metrics = 1;
			break;
		case O_WIDTH:
			if ((o.ro.width_usage = choice("width", optarg,
						       "shares", "usage")) < 0)
				return FS_EXIT_USAGE;
			o.width = 1;
			break;
		case O_HISTORY:
			o.history = optarg;
			break;
		case 's':
			o.since = optarg;
			break;
		case 'o':
			o.out = strcmp(optarg, "-") ? optarg : NULL;
			break;
		default:
			return fs_opt_other(c, synopsis, usage);
		}
	}
	if (formats > 1) {
		fs_warn("choose one format: --text, --markdown, --html or "
			"--prometheus");
		return FS_EXIT_USAGE;
	}
	if (check_opts(&o) < 0)
		return FS_EXIT_USAGE;
	if (argc - optind > 1) {
		fs_warn("too many arguments: one FILE at most");
		return fs_usage_error(synopsis);
	}
	if (o.history && optind < argc) {
		/* One line, as for the other options that do not go
		 * together (check_opts). */
		fs_warn("--history reads its snapshots from DIR: no FILE "
			"('%s')", argv[optind]);
		return FS_EXIT_USAGE;
	}
	if (optind < argc)
		name = argv[optind];
	if (o.since && !strcmp(o.since, "-") && !strcmp(name, "-")) {
		fs_warn("--since -: standard input already holds the tree to "
			"report on; give one of them as a file");
		return FS_EXIT_USAGE;
	}
	/* Before reading anything: a FILE --out cannot replace fails now. */
	if (o.out && fs_replace_check(o.out) < 0)
		return FS_EXIT_DATA;
	ret = o.history ? run_history(&o) : run(&o, name);
	c = fs_stdout_close();
	return ret ? ret : c;
}
