/*
 * fs-prio: Slurm's multifactor priority of pending jobs, and of a job not
 * yet submitted: "where would my job land?".
 *
 * Live (the default, built with libslurm): the weights, flags, partitions,
 * QOS and association priorities and pending jobs come from the cluster.
 * Offline (--conf, --set or --jobs): the Priority* settings, nodes and
 * partitions from slurm.conf, QOS priorities from --qos-priority, pending
 * jobs from a jobs file (the columns of fs-prio's own TSV output).
 *
 * The fairshare factor of a job is its user association's FairShare in a
 * TSV tree (fs-tsv(5)) read from --tree FILE (- standard input), taken from
 * the FairShare column of a ranked tree or computed with fs_rank; live
 * without a tree, fs-prio reads the association tree from the cluster.
 * An optional Priority column in the tree gives association priorities
 * offline (an empty cell inherits the parent's).
 *
 * Writes one TSV table (#fs-prio 1, metadata, header, a row per job and
 * partition, best first), or sprio-like columns (-l, -o), or JSON; with
 * --user, what the new job would get and why the jobs ahead are ahead.
 * Everything is read and checked before the first byte is written.
 */
#include <getopt.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fs.h"


enum out_format { OUT_DEFAULT, OUT_TSV, OUT_LONG, OUT_FORMAT, OUT_JSON };

struct opts {
	const char *conf, *jobs_file, *tree, *qos_prio, *now;
	const char *usage_factors;	/* --usage-factor */
	int cost;			/* --cost */
	int brief;			/* --brief: the hook's lines */
	int accounts;			/* --accounts */
	const char *submitted, *snapshot;	/* --submitted, --snapshot */
	int places;			/* --places */
	struct fs_buf set;		/* --set lines */
	int offline;
	int new;			/* --new: job describes a new job */
	struct fs_prio_newjob job;
	const char *jobs, *users, *parts;	/* sprio's -j, -u, -p */
	int jobs_given;
	const char *sort;
	enum out_format out;
	const char *format;
	int noheader, norm, weights;
	int next_pass;			/* --next-pass */
	const char *cluster;		/* -M */
};

static const char synopsis[] =
	"usage: fs-prio [--conf FILE] [--set 'KEY=VALUE ...'] "
	"[--jobs-file FILE]\n"
	"               [-Q NAME=N,...] [--usage-factor QOS=F,...] "
	"[--tree FILE]\n"
	"               [--now TIME] [--next-pass] [-M CLUSTER]\n"
	"               [-j JOBS] [-u USERS] [-p PARTS] [-S FIELDS]\n"
	"               [--tsv | -l | -o FORMAT | -w | --json] [-n] [-h]\n"
	"       fs-prio --new [-u [ACCOUNT/]USER] [-A ACCOUNT] [-p PART] "
	"[-q QOS]\n"
	"               [-n N] [-c N] [-N N] [-t TIME] [--mem SIZE] "
	"[--nice N]\n"
	"               [--gres LIST] [-G N] [--cost | --brief] "
	"[--accounts]\n"
	"               [options above but -j, -u, -p, -n]\n";

static void
help(void)
{
	printf("%s"
		"\n"
		"Slurm's multifactor priority of the pending jobs, as sprio "
		"shows it, and of\n"
		"a job not yet submitted (--new): its priority now, its place "
		"and why the\n"
		"jobs ahead of it are ahead. A ranked tree (--tree) gives the "
		"fairshare\n"
		"factor: fs-tree | fs-decay --elapsed 2d | fs-rank | "
		"fs-prio --tree - ...\n"
		"\n"
		"      --conf FILE          offline: slurm.conf's Priority*, "
		"nodes, partitions\n"
		"      --set 'KEY=VALUE'    offline: one more slurm.conf line "
		"(repeatable)\n"
		"      --jobs-file FILE     offline: pending jobs (TSV, see "
		"fs-prio(1))\n"
		"  -Q, --qos-priority LIST  offline: QOS priorities, "
		"normal=0,high=100\n"
		"      --usage-factor LIST  offline: QOS UsageFactors, "
		"scavenger=0.5 (default 1)\n"
		"      --tree FILE          the TSV tree, - for standard input "
		"(default:\n"
		"                           live, the cluster's; offline, "
		"none); with --new,\n"
		"                           a directory of fs-rank --per-user "
		"(the user's file)\n"
		"      --now TIME           the time to compute ages at "
		"(ISO 8601, now+1hour)\n"
		"      --next-pass          the fairshare the next priority "
		"pass computes, not\n"
		"                           the factors slurmctld holds now "
		"(live)\n"
		"  -M, --clusters NAME      live: another cluster of the same "
		"slurmdbd\n"
		"  -j, --jobs JOBS          only these job ids (comma "
		"separated), as sprio -j\n"
		"  -u, --user USERS         only these users' jobs, as sprio "
		"-u\n"
		"  -p, --partition PARTS    only these partitions' rows, as "
		"sprio -p\n"
		"  -S, --sort FIELDS        sort by sprio's fields, '-' "
		"descending (default: i,\n"
		"                           by job id; -S -y for the highest "
		"priority first)\n"
		"      --tsv                TSV (the default without -n)\n"
		"  -l, --long               sprio -l's columns\n"
		"  -o, --format FORMAT      sprio's -o format\n"
		"  -n, --norm               normalised factors, as sprio -n\n"
		"  -w, --weights            the weights, as sprio -w\n"
		"      --json               one JSON document\n"
		"  -h, --noheader           no header line (-l, -o, -n, -w)\n"
		"      --help               this help\n"
		"  -V, --version            the version and the Slurm "
		"release\n"
		"\n"
		"A job not yet submitted, with sbatch's options:\n"
		"      --new                compute the job the options below "
		"describe\n"
		"  -u, --user [ACCOUNT/]USER  its user (default: you)\n"
		"  -A, --account ACCOUNT    its account (default: the user's "
		"only one)\n"
		"  -p, --partition PART     its partition (default: the "
		"default partition)\n"
		"  -q, --qos QOS            its QOS (default: normal)\n"
		"  -n, --ntasks N           tasks (default 1)\n"
		"  -c, --cpus-per-task N    CPUs per task (default 1)\n"
		"  -N, --nodes N            nodes (default 1)\n"
		"  -t, --time TIME          time limit (default: the "
		"partition's)\n"
		"      --mem SIZE           memory, MB or with K, M, G, T\n"
		"      --gres LIST          GRES a node, as sbatch: gpu:2\n"
		"  -G, --gpus N             GPUs for the job, as sbatch\n"
		"      --nice N             nice value\n"
		"      --cost               what it will cost the user's "
		"fairshare: its billing\n"
		"                           charge and FairShare and rank "
		"before and after\n"
		"                           it ran to its time limit "
		"(needs a tree)\n"
		"      --brief              the lines sbatch shows "
		"(contrib/cli_filter.lua):\n"
		"                           priority, place and, with a "
		"tree, cost in one run\n"
		"      --accounts           the same job under each of the "
		"user's accounts\n"
		"\n"
		"A job just submitted (contrib/cli_filter.lua), from its "
		"record:\n"
		"      --submitted JOBID    its lines: the controller's "
		"priority, billing, limit\n"
		"      --snapshot DIR       and fs-cli-filter-snapshot's DIR: "
		"FairShare, places\n"
		"  -M, --clusters NAME      the cluster sbatch -M sent it to "
		"(not SLURM_CLUSTERS)\n"
		"      --places             write the queue's places file "
		"(the snapshot's)\n"
		"\n"
		"Live mode built in: %s. See fs-prio(1).\n", synopsis,
		fs_live_available() ? "yes" : "no");
}

struct ctx {
	const struct opts *o;
	struct fs_prio_run r;		/* what was read and computed */
	struct fs_sprio out;
};

/* Whether the output is one of sprio's (-l, -o, -n): rows by job id. */
static int
sprio_output(const struct opts *o)
{
	return o->out == OUT_LONG || o->out == OUT_FORMAT ||
	       (o->out == OUT_DEFAULT && o->norm && !o->new);
}

static void
write_out(struct ctx *x, struct fs_buf *b)
{
	const struct opts *o = x->o;
	const struct fs_sprio *out = &x->out;
	struct fs_buf fmt;

	switch (o->out) {
	case OUT_DEFAULT:
		if (o->weights) {
			fs_sprio_format(out, b, fs_sprio_long_format(
						o->norm, x->r.release),
					o->noheader, 1);
			break;
		}
		if (x->r.p.newjob) {
			fs_sprio_explain(out, b);
			if (o->accounts) {
				struct fs_submit sub;

				fs_prio_submit_facts(&x->r, 1, &sub);
				fs_submit_accounts_text(b, &sub);
				free((void *)sub.acct);
			}
			break;
		}
		if (o->norm) {
			fs_buf_init(&fmt);
			fs_sprio_default_format(&x->r.s.conf, 1,
						o->users != NULL, &fmt);
			fs_sprio_format(out, b, fmt.data, o->noheader, 0);
			fs_buf_release(&fmt);
			break;
		}
		/* fall through */
	case OUT_TSV:
		fs_sprio_tsv(out, b);
		break;
	case OUT_LONG:
		fs_sprio_format(out, b, fs_sprio_long_format(o->norm,
							      x->r.release),
				o->noheader, o->weights);
		break;
	case OUT_FORMAT:
		fs_sprio_format(out, b, o->format, o->noheader, o->weights);
		break;
	case OUT_JSON:
		fs_sprio_json(out, b);
		break;
	}
}

/* The output of a run that read and computed everything. */
static int
answer(struct ctx *x, struct fs_buf *out, struct fs_err *e)
{
	const struct opts *o = x->o;
	const struct fs_prio_run *r = &x->r;

	fs_sprio_init(&x->out, &x->r.p, r->source, r->p.tr ?
		      fs_algorithm_name(r->l.ro.algorithm) : NULL);
	if (!o->new) {
		struct fs_buf miss;

		/* A job or user of -j or -u that has nothing pending:
		 * sprio is silent about them; a line each on stderr costs
		 * nothing (the status stays 0, as sprio's). */
		fs_buf_init(&miss);
		fs_sprio_unmatched(&x->out, o->jobs, o->users, &miss);
		fs_sprio_select(&x->out, o->jobs, o->users, o->parts);
		fs_warn_lines(miss.data);
		fs_buf_release(&miss);
	}
	/* sprio's rows by job id; the toolkit's best first. */
	if (o->sort || sprio_output(o))
		fs_sprio_sort(&x->out, o->sort ? o->sort : "i");
	if (o->places)
		return fs_places_write(&x->r.s, out), 0;
	if (o->brief) {
		const char *why;

		if (fs_prio_brief(&x->r, o->accounts, out, &why, e) < 0)
			return -1;
		/* Said for the hook's debug switch; the lines stand. */
		if (why)
			fs_warn("the FairShare after the job is left out: %s",
				why);
		return 0;
	}
	if (o->cost)
		return fs_prio_cost_answer(&x->r, o->out == OUT_JSON, out, e);
	/* Everything is known: TSV and JSON go out as written. */
	x->out.out = stdout;
	write_out(x, out);
	return 0;
}

static int
run(const struct opts *o)
{
	struct ctx x;
	struct fs_prio_input in = {
		.offline = o->offline, .conf = o->conf, .set = o->set.data,
		.set_len = o->set.len, .jobs_file = o->jobs_file,
		.qos_prio = o->qos_prio, .usage_factors = o->usage_factors,
		.now = o->now, .job = o->new ? &o->job : NULL,
		.cost = o->cost, .weights = o->weights,
		.next_pass = o->next_pass, .cluster = o->cluster};
	struct fs_err e = {NULL, 0, ""};
	struct fs_buf out;
	int ret = FS_EXIT_DATA, r;

	if (o->new) {
		struct fs_prio_pending j;
		double mem = 0;

		/* Once before connecting: a usage error is one whatever
		 * the cluster says. */
		memset(&j, 0, sizeof(j));
		if (fs_prio_job_opts(&o->job, &j, &mem, &e) < 0) {
			fs_err_print(&e);
			return FS_EXIT_USAGE;
		}
	}
	/* fs-rank --per-user's directory: the user's own part. */
	if (o->tree && fs_is_dir(o->tree))
		in.tree_dir = in.tree_name = o->tree;
	/* Standard input only when asked for: in a shell loop it is the
	 * loop's, under cron /dev/null. */
	else if (o->tree &&
		   !(in.tree = fs_open_input(o->tree, &in.tree_name)))
		return FS_EXIT_DATA;
	memset(&x, 0, sizeof(x));
	x.o = o;
	fs_buf_init(&out);
	if ((r = fs_prio_run(&x.r, &in, &e)) == 0 &&
	    (r = answer(&x, &out, &e)) == 0)
		ret = fs_write_all(stdout, out.data ? out.data : "",
				   out.len) < 0 || ferror(stdout)
			      ? FS_EXIT_DATA
			      : FS_EXIT_OK;
	else {
		if (!o->offline && !e.file)
			fs_prio_offline_hint(o->tree != NULL, &e);
		fs_err_print(&e);
		if (r == -2)
			ret = FS_EXIT_USAGE;
	}
	if (in.tree)
		fs_close_input(in.tree);
	fs_sprio_release(&x.out);
	fs_prio_run_release(&x.r);
	fs_buf_release(&out);
	return ret;
}

/* --submitted: a job's lines; what was left out goes to stderr. */
static int
run_submitted(const struct opts *o)
{
	struct fs_submitted so = {o->submitted, o->snapshot, o->conf, o->now,
				  o->cluster};
	struct fs_err e = {NULL, 0, ""};
	struct fs_buf out, notes;
	int ret = FS_EXIT_DATA, r;

	fs_buf_init(&out);
	fs_buf_init(&notes);
	if ((r = fs_prio_submitted(&so, &out, &notes, &e)) < 0)
		fs_err_print(&e), ret = r == -2 ? FS_EXIT_USAGE : ret;
	else if (fs_write_all(stdout, out.data, out.len) == 0)
		ret = FS_EXIT_OK;
	fs_warn_lines(notes.data);
	fs_buf_release(&out);
	fs_buf_release(&notes);
	return ret;
}

/* The new job's user by default: the one running fs-prio, as sbatch. */
static const char *
current_user(void)
{
	const struct passwd *pw = getpwuid(getuid());

	return pw ? pw->pw_name : getenv("USER");
}

int
main(int argc, char **argv)
{
	enum { O_SET = 256, O_NOW, O_MEM, O_NICE, O_TSV, O_JSON, O_HELP,
	       O_CONF, O_JOBS_FILE, O_TREE, O_NEW, O_COST, O_UF, O_BRIEF,
	       O_ACCOUNTS, O_SUBMITTED, O_SNAPSHOT, O_PLACES, O_NEXT,
	       O_GRES };
#define COMMON_OPTIONS \
		{"conf", required_argument, NULL, O_CONF}, \
		{"set", required_argument, NULL, O_SET}, \
		{"jobs-file", required_argument, NULL, O_JOBS_FILE}, \
		{"qos-priority", required_argument, NULL, 'Q'}, \
		{"usage-factor", required_argument, NULL, O_UF}, \
		{"tree", required_argument, NULL, O_TREE}, \
		{"now", required_argument, NULL, O_NOW}, \
		{"next-pass", no_argument, NULL, O_NEXT}, \
		{"clusters", required_argument, NULL, 'M'}, \
		{"sort", required_argument, NULL, 'S'}, \
		{"tsv", no_argument, NULL, O_TSV}, \
		{"long", no_argument, NULL, 'l'}, \
		{"format", required_argument, NULL, 'o'}, \
		{"weights", no_argument, NULL, 'w'}, \
		{"json", no_argument, NULL, O_JSON}, \
		{"noheader", no_argument, NULL, 'h'}, \
		{"help", no_argument, NULL, O_HELP}, \
		{"version", no_argument, NULL, 'V'}
	/* sprio's letters. */
	static const struct option lo_sprio[] = {
		COMMON_OPTIONS,
		{"jobs", optional_argument, NULL, 'j'},
		{"user", required_argument, NULL, 'u'},
		{"partition", required_argument, NULL, 'p'},
		{"norm", no_argument, NULL, 'n'},
		{"submitted", required_argument, NULL, O_SUBMITTED},
		{"snapshot", required_argument, NULL, O_SNAPSHOT},
		{"places", no_argument, NULL, O_PLACES},
		{NULL, 0, NULL, 0}};
	/* sbatch's, for the new job. */
	static const struct option lo_new[] = {
		COMMON_OPTIONS,
		{"new", no_argument, NULL, O_NEW},
		{"user", required_argument, NULL, 'u'},
		{"account", required_argument, NULL, 'A'},
		{"partition", required_argument, NULL, 'p'},
		{"qos", required_argument, NULL, 'q'},
		{"ntasks", required_argument, NULL, 'n'},
		{"cpus-per-task", required_argument, NULL, 'c'},
		{"nodes", required_argument, NULL, 'N'},
		{"time", required_argument, NULL, 't'},
		{"mem", required_argument, NULL, O_MEM},
		{"gres", required_argument, NULL, O_GRES},
		{"gpus", required_argument, NULL, 'G'},
		{"nice", required_argument, NULL, O_NICE},
		{"cost", no_argument, NULL, O_COST},
		{"brief", no_argument, NULL, O_BRIEF},
		{"accounts", no_argument, NULL, O_ACCOUNTS},
		{NULL, 0, NULL, 0}};
#undef COMMON_OPTIONS
	struct opts o;
	struct fs_err e = {NULL, 0, ""};
	int c, ret, nout = 0;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	fs_buf_init(&o.set);
	o.new = fs_prio_find_new(argc, argv);
	while ((c = o.new ?
		getopt_long(argc, argv, "Q:S:lo:whVM:u:A:p:q:n:c:N:t:G:", lo_new,
			    NULL) :
		getopt_long(argc, argv, "Q:S:lo:whVM:j::u:p:n", lo_sprio,
			    NULL)) != -1) {
		switch (c) {
		case O_CONF: o.conf = optarg; o.offline = 1; break;
		case O_SET:
			fs_buf_addstr(&o.set, optarg);
			fs_buf_addch(&o.set, '\n');
			o.offline = 1;
			break;
		case O_JOBS_FILE: o.jobs_file = optarg; o.offline = 1; break;
		case 'Q': o.qos_prio = optarg; break;
		case O_UF: o.usage_factors = optarg; break;
		case O_COST: o.cost = 1; break;
		case O_BRIEF: o.brief = 1; break;
		case O_ACCOUNTS: o.accounts = 1; break;
		case O_SUBMITTED: o.submitted = optarg; break;
		case O_SNAPSHOT: o.snapshot = optarg; break;
		case O_PLACES: o.places = 1; break;
		case O_TREE: o.tree = optarg; break;
		case O_NOW: o.now = optarg; break;
		case O_NEXT: o.next_pass = 1; break;
		case 'M': o.cluster = optarg; break;
		case 'S': o.sort = optarg; break;
		case O_NEW: break;
		case 'j': o.jobs = optarg; o.jobs_given = 1; break;
		case 'u':
			if (o.new)
				o.job.user = optarg;
			else
				o.users = optarg;
			break;
		case 'p':
			if (o.new)
				o.job.partition = optarg;
			else
				o.parts = optarg;
			break;
		case 'n':
			if (o.new)
				o.job.ntasks = optarg;
			else
				o.norm = 1;
			break;
		case 'A': o.job.account = optarg; break;
		case 'q': o.job.qos = optarg; break;
		case 'c': o.job.cpus_per_task = optarg; break;
		case 'N': o.job.nodes = optarg; break;
		case 't': o.job.time = optarg; break;
		case O_MEM: o.job.mem = optarg; break;
		case O_GRES: o.job.gres = optarg; break;
		case 'G': o.job.gpus = optarg; break;
		case O_NICE: o.job.nice = optarg; break;
		case O_TSV: o.out = OUT_TSV; nout++; break;
		case 'l': o.out = OUT_LONG; nout++; break;
		case 'o':
			o.out = OUT_FORMAT;
			o.format = optarg;
			nout++;
			break;
		case 'w':
			o.weights = 1;
			break;
		case O_JSON: o.out = OUT_JSON; nout++; break;
		case 'h': o.noheader = 1; break;
		case 'V':
			fs_print_version();
			fs_live_print_version();
			fs_buf_release(&o.set);
			return fs_stdout_close();
		case O_HELP:
			help();
			fs_buf_release(&o.set);
			return fs_stdout_close();
		default:
			if (!o.new)
				fs_prio_new_hint(optopt, argv[optind - 1]);
			fs_buf_release(&o.set);
			return fs_usage_error(synopsis);
		}
	}
	/* sprio -j takes its list from the next argument too. */
	if (o.jobs_given && !o.jobs && optind < argc)
		o.jobs = argv[optind++];
	if (o.new && !o.job.user && !(o.job.user = current_user())) {
		fs_warn("--new: who are you? give --user");
		fs_buf_release(&o.set);
		return FS_EXIT_USAGE;
	}
	ret = FS_EXIT_USAGE;
	if (optind < argc) {
		fs_warn("unexpected argument '%s' (the tree comes with --tree "
			"FILE, or --tree - for standard input)", argv[optind]);
		ret = fs_usage_error(synopsis);
	} else if (nout > 1) {
		fs_warn("choose one output: --tsv, -l, -o or --json");
	} else if (o.weights && (o.out == OUT_TSV || o.out == OUT_JSON)) {
		fs_warn("-w prints sprio's columns: not with --tsv or --json");
	} else if (o.norm && (o.out == OUT_TSV || o.out == OUT_JSON)) {
		fs_warn("-n prints sprio's columns: not with --tsv or --json");
	} else if (o.format && fs_sprio_check_format(o.format, &e) < 0) {
		fs_err_print(&e);
	} else if (o.sort && fs_sprio_check_sort(o.sort, &e) < 0) {
		fs_err_print(&e);
	} else if (!o.offline && o.qos_prio) {
		fs_warn("--qos-priority is for offline use (with --conf)");
	} else if (!o.offline && o.usage_factors) {
		fs_warn("--usage-factor is for offline use (with --conf); "
			"live, the QOS come from the cluster");
	} else if (o.brief && (o.weights || o.norm || o.cost ||
			       o.out != OUT_DEFAULT)) {
		fs_warn("--brief prints the lines of a submission: not with "
			"--cost, --tsv, -l, -o, -n, -w or --json");
	} else if (o.accounts && (o.cost || o.out != OUT_DEFAULT)) {
		fs_warn("--accounts goes with the text answer or --brief: not "
			"with --cost, --tsv, -l, -o or --json");
	} else if (o.cost && (o.weights || o.norm || (o.out != OUT_DEFAULT &&
						      o.out != OUT_JSON))) {
		fs_warn("--cost prints its own answer, as text or --json: not "
			"with --tsv, -l, -o, -n or -w");
	} else if ((o.submitted || o.snapshot) &&
		   (!o.submitted || o.jobs_file || o.set.len || o.places ||
		    nout || o.sort || o.weights || o.norm || o.jobs ||
		    o.users || o.parts || o.tree || o.qos_prio)) {
		fs_warn("--submitted ID [-M NAME] [--snapshot DIR] [--conf FILE] "
			"prints a submitted job's lines: without other options");
	} else if (o.submitted) {
		ret = run_submitted(&o);
	} else if (o.places && (nout || o.weights || o.norm || o.sort)) {
		fs_warn("--places writes the places file: not with --tsv, -l, "
			"-o, -n, -w, -S or --json");
	} else if (!o.offline && !fs_live_available()) {
		fs_warn("built without libslurm: give --conf FILE (and a tree "
			"with --tree, --jobs-file FILE) to work offline");
	} else
		ret = run(&o);
	fs_buf_release(&o.set);
	c = fs_stdout_close();
	return ret ? ret : c;
}
