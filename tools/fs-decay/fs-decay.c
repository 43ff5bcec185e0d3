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
 * rows before the bad line have been written (fs-decay(1)). With --jobs it
 * reads and checks the tree and the jobs completely before writing its
 * first byte. The engine is the library's (lib/model/decay_stream.c); here are
 * the options, the jobs file and the messages.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fs.h"


struct opts {
	struct fs_decay_opts d;
	const char *jobs;
	int skip_unknown;		/* jobs of associations not in the tree */
};

static const char synopsis[] =
	"usage: fs-decay (--elapsed TIME | --to DATE) [--from DATE] "
	"[--half-life TIME]\n"
	"                [--exact] [--reset] [FILE]\n"
	"       fs-decay --jobs JOBS (--elapsed TIME | --to DATE | "
	"--from DATE)\n"
	"                [--calc-period TIME] [--half-life TIME] "
	"[--exact] [--reset]\n"
	"                [--skip-unknown] [FILE]\n"
	"       fs-decay --reset [FILE]\n";

static void
usage(FILE *f)
{
	fputs(synopsis, f);
	fprintf(f,
		"\n"
		"Decay a TSV tree's RawUsage the way Slurm does, or replay "
		"jobs into it.\n"
		"\n"
		"      --elapsed TIME      decay over TIME: 7d, 36h, 15m, 90s, "
		"2w, or\n"
		"                          slurm.conf's M, M:S, H:M:S, D-H, "
		"D-H:M, D-H:M:S\n"
		"      --to DATE           travel to DATE: ISO 8601 "
		"(2026-11-25T08:00:00Z) or\n"
		"                          Slurm's forms (now+2days, tomorrow, "
		"noon)\n"
		"      --from DATE         the usage is as of DATE (default: "
		"the tree's taken)\n"
		"      --half-life TIME    PriorityDecayHalfLife (default: the "
		"tree's half_life,\n"
		"                          else 7-0)\n"
		"      --exact             decay by 2^(-t/half-life), not "
		"Slurm's approximation\n"
		"      --reset             zero all usage first, as "
		"PriorityUsageResetPeriod does\n"
		"      --jobs JOBS         replay the jobs of 'sacct -a -X -P' "
		"output\n"
		"      --calc-period TIME  PriorityCalcPeriod for --jobs "
		"(default: the tree's\n"
		"                          calc_period, else 5 minutes)\n"
		"      --skip-unknown      skip jobs of associations not in the "
		"tree (counted)\n"
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

/* A time in Slurm's forms; past: a time of day alone is today's. */
static int
opt_date(const char *opt, const char *arg, int past, long long *v)
{
	struct fs_err e = {NULL, 0, ""};

	if (fs_parse_when(arg, (long long)time(NULL), past, v, &e) < 0) {
		fs_warn("%s: %s", opt, e.msg);
		return -1;
	}
	return 0;
}

/* The streaming decay (fs_decay_stream): on bad input the rows before
 * the bad line are out; a failed write is told by fs_stdout_close. */
static int
run_stream(const struct opts *o, FILE *in, const char *name, FILE *out)
{
	struct fs_err e = {name, 0, ""};
	int r = fs_decay_stream(&o->d, in, out, &e);

	if (r == -1)
		fs_err_print(&e);
	return r ? FS_EXIT_DATA : FS_EXIT_OK;
}

/* The jobs file into text, e naming it. */
static int
read_jobs(const char *path, struct fs_buf *text, struct fs_err *e)
{
	FILE *jf;
	int r;

	e->file = path;
	e->line = 0;
	jf = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!jf)
		return fs_error(e, 0, "%s", strerror(errno));
	if (jf == stdin)
		e->file = "<stdin>";
	r = fs_slurp(jf, text, e);
	if (jf != stdin)
		fclose(jf);
	return r;
}

/* The replay (fs_decay_replay) reads and checks the tree and the jobs
 * completely before writing its first byte. */
static int
run_replay(const struct opts *o, FILE *in, const char *name, FILE *out)
{
	struct fs_table t;
	struct fs_tree tr;
	struct fs_jobs jobs;
	struct fs_err e = {name, 0, ""};
	struct fs_buf text;
	struct fs_decay_plan p;
	int ret = FS_EXIT_DATA, built = 0;

	memset(&jobs, 0, sizeof(jobs));
	fs_buf_init(&text);
	if (fs_table_read(&t, in, &e) < 0)
		goto bad;
	if (fs_tree_build(&tr, &t, &e) < 0)
		goto bad;
	built = 1;
	if (fs_decay_plan_make(&o->d, &t.h, &p, &e) < 0)
		goto bad;
	if (read_jobs(o->jobs, &text, &e) < 0)
		goto bad;
	if (fs_jobs_parse(&jobs, text.data, text.len, &tr, o->skip_unknown,
			  &e) < 0)
		goto bad;
	if (jobs.unknown)
		fs_warn("%s: skipped %zu job%s of associations not in the tree "
			"(the first at line %lu)", e.file, jobs.unknown,
			jobs.unknown == 1 ? "" : "s", jobs.first_unknown);
	if (fs_decay_replay(&p, &t, &tr, &jobs, out) == 0)
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
	return ret;
}

int
main(int argc, char **argv)
{
	enum { O_FROM = 256, O_HL, O_EXACT, O_RESET, O_PERIOD, O_SKIP };
	static const struct option lo[] = {
		{"elapsed", required_argument, NULL, 'e'},
		{"to", required_argument, NULL, 't'},
		{"from", required_argument, NULL, O_FROM},
		{"half-life", required_argument, NULL, O_HL},
		{"exact", no_argument, NULL, O_EXACT},
		{"reset", no_argument, NULL, O_RESET},
		{"jobs", required_argument, NULL, 'j'},
		{"calc-period", required_argument, NULL, O_PERIOD},
		{"skip-unknown", no_argument, NULL, O_SKIP},
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
	while ((c = getopt_long(argc, argv, "hV", lo, NULL)) != -1) {
		switch (c) {
		case 'e':
			if (opt_duration("--elapsed", optarg, &o.d.elapsed,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			o.d.elapsed_set = 1;
			break;
		case 't':
			if (opt_date("--to", optarg, 0, &o.d.to) < 0)
				return FS_EXIT_USAGE;
			o.d.to_set = 1;
			break;
		case O_FROM:
			if (opt_date("--from", optarg, 1, &o.d.from) < 0)
				return FS_EXIT_USAGE;
			o.d.from_set = 1;
			break;
		case O_HL:
			if (opt_duration("--half-life", optarg, &o.d.half_life,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			/* slurm.conf's forms are minutes, rounded up
			 * (time_str2mins), then stored as seconds. */
			if (slurm)
				o.d.half_life = (o.d.half_life + 59) / 60 * 60;
			o.d.half_life_set = 1;
			break;
		case O_EXACT:
			o.d.exact = 1;
			break;
		case O_RESET:
			o.d.reset = 1;
			break;
		case 'j':
			o.jobs = optarg;
			o.d.replay = 1;
			break;
		case O_SKIP:
			o.skip_unknown = 1;
			break;
		case O_PERIOD:
			if (opt_duration("--calc-period", optarg, &o.d.period,
					 &slurm) < 0)
				return FS_EXIT_USAGE;
			if (o.d.period < 1) {
				fs_warn("--calc-period: must be at least one "
					"second, not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			o.d.period_set = 1;
			break;
		default:
			return fs_opt_other(c, synopsis, usage);
		}
	}
	if (o.d.elapsed_set && o.d.to_set) {
		fs_warn("choose one of --elapsed and --to");
		return FS_EXIT_USAGE;
	}
	if (o.jobs && !o.d.elapsed_set && !o.d.to_set && !o.d.from_set) {
		fs_warn("--jobs needs a time span: give --elapsed TIME, --to "
			"DATE or --from DATE");
		return FS_EXIT_USAGE;
	}
	if (o.d.period_set && !o.jobs) {
		fs_warn("--calc-period only applies to --jobs");
		return FS_EXIT_USAGE;
	}
	if (o.skip_unknown && !o.jobs) {
		fs_warn("--skip-unknown only applies to --jobs");
		return FS_EXIT_USAGE;
	}
	if (!o.jobs && !o.d.elapsed_set && !o.d.to_set && !o.d.from_set &&
	    !o.d.reset) {
		fs_warn("nothing to do: give --elapsed TIME, --to DATE, "
			"--reset or --jobs JOBS");
		return fs_usage_error(synopsis);
	}
	if (argc - optind > 1) {
		fs_warn("too many arguments: one FILE at most");
		return fs_usage_error(synopsis);
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
